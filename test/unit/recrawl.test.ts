import { test, expect } from '@playwright/test';
import type { PageRenderer } from '../../src/crawl/crawler.js';
import { createPolicy } from '../../src/frontier/index.js';
import { recrawl, RECRAWL_MODEL_KEY } from '../../src/recrawl/recrawl.js';
import type { RenderedPage } from '../../src/render/index.js';
import { createMemoryStore, type CrawlStore } from '../../src/store/index.js';
import { a, el, snapshot, text } from './support/snapshot-builder.js';
import { renderedPageOf, testPageWork } from './support/rendered-page.js';

/**
 * `broadsheet recrawl`'s loop against a fake renderer: a front whose list of stories grows each
 * time it is rendered, and an about page that never changes.
 */
class ChangingSite implements PageRenderer {
  readonly work = testPageWork();
  renders = new Map<string, number>();
  async render<T>(input: { kind: 'url'; url: string; label: string } | { kind: 'html' }, use: (page: RenderedPage) => Promise<T>): Promise<T> {
    if (input.kind !== 'url') throw new Error('urls only');
    const n = (this.renders.get(input.url) ?? 0) + 1;
    this.renders.set(input.url, n);
    const path = new URL(input.url).pathname;
    const links = path === '/' ? Array.from({ length: 3 + 2 * n }, (_, i) => `http://a.test/news/story-${i}`).concat('http://a.test/about') : ['http://a.test/'];
    const snap = snapshot([el('nav', links.map((href, i) => a(`Story headline ${i}`, href))), el('main', [el('h1', [text('Front')])])], { url: input.url, meta: { title: 'Front' } });
    return use(renderedPageOf(snap, input.url));
  }
}

function crawledStore(): CrawlStore {
  const store = createMemoryStore();
  store.addSeeds([{ url: 'http://a.test/', site: 'a.test' }]);
  for (const [url, depth] of [['http://a.test/', 0], ['http://a.test/about', 1]] as const) {
    store.enqueue([{ url, site: 'a.test', depth, priority: 0 }]);
    store.claimNext();
    store.recordPage({ url, site: 'a.test', depth, status: 200, fetchedAt: 1, isArticle: false, links: { internal: [], external: [], bad: [] } });
  }
  return store;
}

const OPTIONS = { maxDepth: 1, crawlMaxDepth: 5, intervalMs: 0, userAgent: 'test', scent: { deltaS: 0, roundTimeMs: 1, overheadMs: 1, timePerUnitMs: 0 } };

test('the changing front keeps being checked, the static page stops; new stories go to the frontier', async () => {
  const store = crawledStore();
  const site = new ChangingSite();
  const summary = await recrawl({ store, session: site, policy: createPolicy('bfs') }, { ...OPTIONS, rounds: 12 });
  expect(summary.checks).toBe(12);
  expect(site.renders.get('http://a.test/')!).toBeGreaterThanOrEqual(10);
  expect(site.renders.get('http://a.test/about') ?? 0).toBeLessThanOrEqual(2);
  const front = site.renders.get('http://a.test/')!;
  // Every story the front listed is queued, once.
  expect(store.frontierEntry(`http://a.test/news/story-${3 + 2 * front - 1}`)?.state).toBe('queued');
  expect(summary.newUrls).toBe(3 + 2 * front);
});

test('stopping loses nothing: a second run goes on from the saved scents and held links', async () => {
  const store = crawledStore();
  const site = new ChangingSite();
  await recrawl({ store, session: site, policy: createPolicy('bfs') }, { ...OPTIONS, rounds: 3 });
  const saved = JSON.parse(store.loadModel(RECRAWL_MODEL_KEY)!) as { held: Record<string, Record<string, number>> };
  expect(Object.keys(saved.held['http://a.test/']!).length).toBeGreaterThan(3);
  const abort = new AbortController();
  abort.abort();
  const stopped = await recrawl({ store, session: site, policy: createPolicy('bfs') }, { ...OPTIONS, rounds: 5, signal: abort.signal });
  expect(stopped.checks).toBe(0);
  // Resumed: each later render of the front adds 2 stories, so 2 new URLs per check of it, not all again.
  const before = site.renders.get('http://a.test/')!;
  const resumed = await recrawl({ store, session: site, policy: createPolicy('bfs') }, { ...OPTIONS, rounds: 3 });
  const checksOfFront = site.renders.get('http://a.test/')! - before;
  expect(checksOfFront).toBeGreaterThan(0);
  expect(resumed.newUrls).toBe(2 * checksOfFront);
});
