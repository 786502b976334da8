// The CrawlStore contract, run against both implementations: SQLite (a fresh file per test)
// and memory. SQLite-only behaviour (files, migrations, reopen, crashes) is in store-sqlite.test.ts.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect } from '@playwright/test';
import { createMemoryStore, openPgStore, openSqliteStore, type CrawlStore, type PageRecord } from '../../src/store/index.js';
import { createScratchDb, pgSkipReason } from '../support/pg-server.js';
import { entryFor, pageUrl, recordFor, SITE } from './support/store-records.js';

type Opened = { store: CrawlStore; cleanup: () => void | Promise<void> };
const implementations: Array<{ name: string; open: () => Opened | Promise<Opened> }> = [
  { name: 'memory', open: () => ({ store: createMemoryStore(), cleanup: () => {} }) },
  {
    name: 'sqlite',
    open: () => {
      const dir = mkdtempSync(join(tmpdir(), 'broadsheet-store-'));
      return { store: openSqliteStore(join(dir, 'crawl.db')), cleanup: () => rmSync(dir, { recursive: true, force: true }) };
    },
  },
  {
    // A real server (test/support/pg-server.ts), a fresh database per test.
    name: 'postgres',
    open: async () => {
      const db = await createScratchDb();
      return { store: openPgStore(db.url), cleanup: db.drop };
    },
  },
];

/** Everything a reader can see, to compare a store before and after a failed write. */
function snapshot(store: CrawlStore): unknown {
  return {
    counts: store.counts(),
    pages: [...store.pages()],
    articles: [...store.articles()],
    internal: [...store.internalLinks()],
    external: [...store.externalLinks()],
    bad: [...store.badLinks()],
    queued: store.topQueued(1000).map((e) => [e.url, e.state, e.priority]),
  };
}

for (const impl of implementations) {
  test.describe(`${impl.name} store`, () => {
    let store: CrawlStore;
    let cleanup: () => void;
    test.beforeEach(async () => {
      test.skip(impl.name === 'postgres' && pgSkipReason() !== undefined, pgSkipReason());
      ({ store, cleanup } = await impl.open());
    });
    test.afterEach(async () => {
      store?.close();
      await cleanup?.();
    });

    test('settings are stored and overwritten', () => {
      expect(store.getSetting('policy')).toBeUndefined();
      store.setSetting('policy', 'bfs');
      store.setSetting('policy', 'similarity');
      expect(store.getSetting('policy')).toBe('similarity');
    });

    test('addSeeds is idempotent and keeps the first record', () => {
      const first = store.addSeeds([{ url: 'https://a.test/', site: 'a.test', name: 'A' }]);
      const again = store.addSeeds([
        { url: 'https://b.test/', site: 'b.test' },
        { url: 'https://a.test/', site: 'a.test', name: 'renamed' },
      ]);
      expect(again[1]).toEqual(first[0]);
      expect(again[0]).toMatchObject({ url: 'https://b.test/', site: 'b.test', name: null });
      expect(store.listSeeds().map((s) => [s.url, s.name])).toEqual([
        ['https://a.test/', 'A'],
        ['https://b.test/', null],
      ]);
    });

    test('enqueue adds only URLs never seen, and a fetched URL is not queued again', () => {
      expect(store.enqueue([entryFor(1, 0), entryFor(2, 1), entryFor(1, 0)])).toBe(2);
      expect(store.enqueue([entryFor(2, 1), entryFor(3, 1)])).toBe(1);
      const claimed = store.claimNext();
      expect(claimed).toBeDefined();
      store.recordPage({ ...recordFor(1, 0, 1000), url: claimed!.url, enqueue: [] });
      expect(store.enqueue([entryFor(1, 0), entryFor(2, 1), entryFor(3, 1)])).toBe(0);
      // A page recorded without a prior claim counts as fetched too.
      store.recordPage({ ...recordFor(4, 1, 1001), enqueue: [] });
      expect(store.enqueue([entryFor(4, 1)])).toBe(0);
      expect(store.counts()).toMatchObject({ frontier: 4, pages: 2 });
    });

    test('a URL found again closer to the start keeps the smaller depth; its first anchor and context stay', () => {
      store.enqueue([{ ...entryFor(7, 3), anchor: 'In pictures: the harbour', context: 'main li most-read' }]);
      // Found deeper: nothing changes. Found shallower (in one recorded page): depth and priority move.
      expect(store.enqueue([{ ...entryFor(7, 5), priority: 1 }])).toBe(0);
      expect(store.frontierEntry(pageUrl(7))).toMatchObject({ depth: 3, priority: entryFor(7, 3).priority, anchor: 'In pictures: the harbour', context: 'main li most-read' });
      store.recordPage({ ...recordFor(1, 0, 1000), enqueue: [{ ...entryFor(7, 1), priority: 77, scoredWithVersion: 9, anchor: 'other', context: 'nav' }] });
      expect(store.frontierEntry(pageUrl(7))).toMatchObject({ depth: 1, priority: 77, scoredWithVersion: 9, anchor: 'In pictures: the harbour', context: 'main li most-read', state: 'queued' });
      expect(store.topQueued(10).find((e) => e.url === pageUrl(7))?.depth).toBe(1);
      // Duplicates in one call: the smallest depth wins, the first anchor stays.
      expect(store.enqueue([{ ...entryFor(8, 4), anchor: 'first' }, { ...entryFor(8, 2), anchor: 'second' }])).toBe(1);
      expect(store.frontierEntry(pageUrl(8))).toMatchObject({ depth: 2, anchor: 'first' });
      // A fetched URL takes the smaller depth but keeps its state and priority.
      store.recordPage({ ...recordFor(9, 3, 1001), enqueue: [] });
      const done = store.frontierEntry(pageUrl(9))!;
      expect(store.enqueue([{ ...entryFor(9, 2), priority: 500 }])).toBe(0);
      expect(store.frontierEntry(pageUrl(9))).toMatchObject({ depth: 2, state: done.state, priority: done.priority });
    });

    test('a redirect target counts as fetched: its queued entry is done and it is not re-queued', () => {
      store.enqueue([entryFor(1, 0), entryFor(2, 1)]);
      store.recordPage({ ...recordFor(1, 0, 1000), finalUrl: pageUrl(2), enqueue: [] });
      expect(store.frontierEntry(pageUrl(2))?.state).toBe('done');
      store.recordPage({ ...recordFor(3, 0, 1001), finalUrl: pageUrl(5), enqueue: [] });
      expect(store.enqueue([entryFor(5, 1)])).toBe(0);
      expect(store.claimNext()).toBeUndefined();
    });

    test('claimNext returns the highest priority first, ties first-come, and never the same URL twice', () => {
      const entries = Array.from({ length: 40 }, (_, i) => ({ url: pageUrl(i), site: SITE, depth: 1, priority: (i * 7) % 5 }));
      store.enqueue(entries);
      const claimed: Array<{ url: string; priority: number }> = [];
      for (let e = store.claimNext(); e; e = store.claimNext()) claimed.push({ url: e.url, priority: e.priority });
      expect(claimed).toHaveLength(40);
      expect(new Set(claimed.map((c) => c.url)).size).toBe(40);
      const expected = [...entries].sort((a, b) => b.priority - a.priority || entries.indexOf(a) - entries.indexOf(b)).map((e) => e.url);
      expect(claimed.map((c) => c.url)).toEqual(expected);
      expect(store.counts()).toMatchObject({ queued: 0, inFlight: 40 });
    });

    test('topQueued(n) is the first n of the claim order for every n, ties first-come', () => {
      // Priorities with many ties and the head reordered after enqueueing: the memory store selects
      // a short head in one pass instead of sorting, and must agree with a full sort at every length.
      const entries = Array.from({ length: 300 }, (_, i) => ({ url: pageUrl(i), site: SITE, depth: 1, priority: (i * 37) % 11 }));
      store.enqueue(entries);
      store.updatePriorities([{ url: pageUrl(299), priority: 50 }, { url: pageUrl(5), priority: -1 }]);
      const priority = (e: (typeof entries)[number]): number => (e.url === pageUrl(299) ? 50 : e.url === pageUrl(5) ? -1 : e.priority);
      const expected = [...entries].sort((a, b) => priority(b) - priority(a) || entries.indexOf(a) - entries.indexOf(b)).map((e) => e.url);
      for (const n of [0, 1, 2, 10, 64, 299, 300, 2000]) expect(store.topQueued(n).map((e) => e.url), `topQueued(${n})`).toEqual(expected.slice(0, n));
    });

    test('claimNext skips excluded sites and entries whose notBefore has not come', () => {
      store.enqueue([
        { url: 'https://a.test/1', site: 'a.test', depth: 1, priority: 9 },
        { url: 'https://b.test/1', site: 'b.test', depth: 1, priority: 5 },
      ]);
      expect(store.claimNext({ excludeSites: ['a.test'] })?.url).toBe('https://b.test/1');
      expect(store.claimNext({ excludeSites: ['a.test', 'b.test'] })).toBeUndefined();
      const a = store.claimNext();
      expect(a?.url).toBe('https://a.test/1');
      store.requeue(a!.url, { attempt: 1, notBefore: 5_000, error: 'render-timeout' });
      expect(store.nextNotBefore()).toBe(5_000);
      expect(store.claimNext({ now: 4_999 })).toBeUndefined();
      const again = store.claimNext({ now: 5_000 });
      expect(again).toMatchObject({ url: 'https://a.test/1', attempts: 1, notBefore: 5_000, lastError: 'render-timeout', state: 'in-flight' });
      expect(store.nextNotBefore()).toBeUndefined();
    });

    test('with a busy site filling the head of the queue, claimNext finds the best entry of the other sites', () => {
      // 200 entries of a busy site above everything else, so the free ones are deep in the queue.
      store.enqueue(Array.from({ length: 200 }, (_, i) => ({ url: `https://busy.test/${i}`, site: 'busy.test', depth: 1, priority: 100 + i })));
      store.enqueue([
        { url: 'https://b.test/low', site: 'b.test', depth: 1, priority: 1 },
        { url: 'https://c.test/waiting', site: 'c.test', depth: 1, priority: 50 },
        { url: 'https://c.test/mid', site: 'c.test', depth: 1, priority: 5 },
        { url: 'https://b.test/mid', site: 'b.test', depth: 1, priority: 5 },
      ]);
      const waiting = store.claimNext({ excludeSites: ['busy.test'] });
      expect(waiting?.url).toBe('https://c.test/waiting');
      store.requeue(waiting!.url, { attempt: 1, notBefore: 10_000 });
      const order: Array<string | undefined> = [];
      for (let i = 0; i < 4; i++) order.push(store.claimNext({ excludeSites: ['busy.test'], now: 5_000 })?.url);
      // Ties on priority go to the first enqueued; the waiting entry is not due; then nothing.
      expect(order).toEqual(['https://c.test/mid', 'https://b.test/mid', 'https://b.test/low', undefined]);
      expect(store.claimNext({ excludeSites: ['busy.test'], now: 10_000 })?.url).toBe('https://c.test/waiting');
      expect(store.claimNext({ excludeSites: ['b.test', 'c.test'] })?.url).toBe('https://busy.test/199');
      expect(store.counts()).toMatchObject({ queued: 199, inFlight: 5 });
    });

    test('releaseInFlight puts claimed entries back in the queue', () => {
      store.enqueue([entryFor(1, 0), entryFor(2, 0), entryFor(3, 0)]);
      const first = store.claimNext()!;
      store.claimNext();
      expect(store.releaseInFlight()).toBe(2);
      expect(store.releaseInFlight()).toBe(0);
      expect(store.queuedCount()).toBe(3);
      expect(store.claimNext()?.url).toBe(first.url);
    });

    test('updatePriorities reorders queued entries, leaves others alone, and staleQueued finds old scores', () => {
      store.enqueue([
        { ...entryFor(1, 1), priority: 1, scoredWithVersion: 1 },
        { ...entryFor(2, 1), priority: 2, scoredWithVersion: 1 },
        { ...entryFor(3, 1), priority: 3 },
      ]);
      const claimed = store.claimNext()!;
      expect(claimed.url).toBe(pageUrl(3));
      store.updatePriorities([
        { url: pageUrl(1), priority: 10, scoredWithVersion: 2 },
        { url: pageUrl(3), priority: 99, scoredWithVersion: 2 },
      ]);
      expect(store.frontierEntry(pageUrl(3))).toMatchObject({ priority: 3, state: 'in-flight' });
      expect(store.topQueued(5).map((e) => [e.url, e.priority, e.scoredWithVersion])).toEqual([
        [pageUrl(1), 10, 2],
        [pageUrl(2), 2, 1],
      ]);
      expect(store.staleQueued(2, 5).map((e) => e.url)).toEqual([pageUrl(2)]);
      expect(store.topQueued(1)).toHaveLength(1);
    });

    test('recordPage writes the page, its links, its article, the frontier state and the new URLs', () => {
      store.enqueue([entryFor(2, 0)]);
      const claimed = store.claimNext()!;
      const record = recordFor(2, 0, 1234);
      store.recordPage(record);
      const children = record.enqueue!.length;
      expect(store.counts()).toEqual({
        pages: 1,
        articles: 1,
        queued: children,
        inFlight: 0,
        failed: 0,
        done: 1,
        frontier: 1 + children,
        internalLinks: record.links.internal.length,
        externalLinks: 2,
        badLinks: 1,
      });
      expect(store.frontierEntry(claimed.url)?.state).toBe('done');
      expect([...store.internalLinks()].map((l) => l.url)).toEqual(record.links.internal.map((l) => l.url));
      expect([...store.internalLinks()][0]).toEqual({ url: record.links.internal[0]!.url, foundOn: claimed.url, anchor: 'child 21', level: 1, processed: true });
      expect([...store.externalLinks()][1]).toEqual({ url: 'https://elsewhere.test/b/2', foundOn: claimed.url, anchor: null, context: null });
      expect([...store.badLinks()]).toEqual([{ raw: 'javascript:void(2)', foundOn: claimed.url, reason: 'scheme:javascript' }]);
      const [article] = [...store.articles()];
      expect(article).toMatchObject({ url: claimed.url, title: 'Story 2', metadata: { byline: 'Writer 2', n: 2 }, wordCount: 14, fetchedAt: 1234 });
      expect(article!.contentHash).toMatch(/^[0-9a-f]{64}$/);
      expect(article!.simhash).toMatch(/^[0-9a-f]{16}$/);
      expect(store.topQueued(1)[0]).toMatchObject({ foundOn: claimed.url, depth: 1 });
    });

    test('a failed page leaves its URL failed, with the reason', () => {
      store.enqueue([entryFor(1, 0)]);
      store.claimNext();
      store.recordPage({ ...recordFor(1, 0, 1), status: null, isArticle: false, extraction: null, error: { code: 'render-timeout', message: 'timed out after 15000 ms' } });
      expect(store.frontierEntry(pageUrl(1))).toMatchObject({ state: 'failed', lastError: 'timed out after 15000 ms' });
      expect(store.counts()).toMatchObject({ failed: 1, done: 0, pages: 1 });
      expect([...store.pages()][0]).toMatchObject({ status: null, errorCode: 'render-timeout', isArticle: false });
    });

    const failures: Array<{ name: string; spoil: (r: PageRecord) => PageRecord }> = [
      // The last write of the transaction fails: everything before it must roll back.
      { name: 'a new URL with NaN depth', spoil: (r) => ({ ...r, enqueue: [...r.enqueue!, { url: 'https://x.test/', site: 'x.test', depth: Number.NaN, priority: 1 }] }) },
      { name: 'metadata that is not JSON', spoil: (r) => ({ ...r, extraction: { ...r.extraction!, metadata: { big: 1n } } }) },
      { name: 'a page already recorded', spoil: (r) => ({ ...r, url: pageUrl(1) }) },
    ];
    for (const failure of failures) {
      test(`recordPage is all or nothing: ${failure.name} writes nothing`, () => {
        store.enqueue([entryFor(1, 0), entryFor(2, 0)]);
        store.recordPage(recordFor(1, 0, 1));
        store.claimNext();
        const before = snapshot(store);
        expect(() => store.recordPage(failure.spoil(recordFor(2, 0, 2)))).toThrow();
        expect(snapshot(store)).toEqual(before);
        store.recordPage(recordFor(2, 0, 3));
        expect(store.counts().pages).toBe(2);
      });
    }

    test('pages and articles come in fetch order, across read batches', () => {
      const order = Array.from({ length: 1200 }, (_, i) => ((i * 7919) % 1200) + 1);
      for (const [i, n] of order.entries()) store.recordPage({ ...recordFor(n, 2, 10_000 + i), enqueue: [], links: { internal: [], external: [], bad: [] } });
      const pages = [...store.pages()];
      expect(pages.map((p) => p.url)).toEqual(order.map(pageUrl));
      expect(pages.map((p) => p.fetchOrder)).toEqual(order.map((_, i) => i + 1));
      expect([...store.articles()].map((a) => a.url)).toEqual(order.filter((n) => n % 2 === 0).map(pageUrl));
    });

    test('after close, calls throw and closing again is harmless', () => {
      store.close();
      expect(() => store.close()).not.toThrow();
      expect(() => store.counts()).toThrow();
      expect(() => store.enqueue([entryFor(1, 0)])).toThrow();
    });

    test('models are saved by name and overwritten', () => {
      expect(store.loadModel('url-weights')).toBeUndefined();
      store.saveModel('url-weights', '{"v":1}');
      store.saveModel('cluster', '{"k":3}');
      store.saveModel('url-weights', '{"v":2}');
      expect(store.loadModel('url-weights')).toBe('{"v":2}');
      expect(store.loadModel('cluster')).toBe('{"k":3}');
    });
  });
}
