import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crawl, type CrawlOptions, type PageRenderer } from '../../src/crawl/crawler.js';
import { createPolicy } from '../../src/frontier/index.js';
import { createMemoryStore, openSqliteStore, type CrawlStore } from '../../src/store/index.js';
import { startLocalWeb, type LocalWeb } from '../../src/testing/local-web/index.js';
import { normalizeUrl } from '../../src/url/index.js';
import { test, expect } from './fixtures.js';

/**
 * The crawler on the local web of synthetic news sites, rendering in Chromium. Budgets are
 * small (the machine is shared); the benchmark (scripts/bench-crawl.ts) runs the big ones.
 */

test.describe.configure({ timeout: 240_000 });

let web: LocalWeb;
test.beforeAll(async () => {
  web = await startLocalWeb({ sites: ['dated', 'query'], articlesPerSite: 500, faulty: false });
});
test.afterAll(async () => {
  await web.close();
});

/** Counts renders per URL around a real session. */
function counting(session: PageRenderer): PageRenderer & { renders: Map<string, number> } {
  const renders = new Map<string, number>();
  return {
    renders,
    work: session.work,
    render(input, use, options) {
      if (input.kind === 'url') renders.set(input.url, (renders.get(input.url) ?? 0) + 1);
      return session.render(input, use, options);
    },
  };
}

function options(seed: string, maxPages: number): CrawlOptions {
  return { seeds: [seed], maxDepth: 20, maxPages, concurrency: 2, userAgent: 'broadsheet-test', politeness: { delayMs: 0, perSiteConcurrency: 2 }, renderOptions: { allowPrivateNetwork: true } };
}

/** Trap pages: calendars, day archives, searches (they never end). */
function isTrap(url: string): boolean {
  const kind = web.truth.classify(url)?.kind;
  return kind === 'calendar' || kind === 'day' || kind === 'search';
}

test('similarity crawl of a dated-URL site: articles first, no trap explosion, every discovered link stored', async ({ session }) => {
  const site = web.sites.find((s) => s.style === 'dated')!;
  const store = createMemoryStore();
  const renderer = counting(session);
  const summary = await crawl({ store, session: renderer, policy: createPolicy('similarity') }, options(site.homeUrl, 40));
  expect(summary.stopReason).toBe('max-pages');
  const pages = [...store.pages()];
  expect(pages).toHaveLength(40);
  const truthArticles = pages.filter((p) => web.truth.isArticle(p.url)).length;
  expect(truthArticles / pages.length, 'harvest rate against the truth').toBeGreaterThanOrEqual(0.7);
  expect(pages.filter((p) => isTrap(p.url)).length).toBeLessThanOrEqual(2);
  // The extractor's decision agrees with the truth on (nearly) every page.
  const agree = pages.filter((p) => p.isArticle === web.truth.isArticle(p.url)).length;
  expect(agree / pages.length).toBeGreaterThanOrEqual(0.9);
  // Every internal link found on a fetched page is stored and known to the frontier.
  const internal = [...store.internalLinks()];
  expect(internal.length).toBeGreaterThan(100);
  for (const link of internal) expect(store.frontierEntry(link.url), link.url).toBeDefined();
  for (const [url, n] of renderer.renders) expect(n, url).toBe(1);
});

test('resume on a SQLite file: 20 pages, stop, again to 40 — no page fetched twice, budget kept', async ({ session }) => {
  const site = web.sites.find((s) => s.style === 'query')!;
  const dir = mkdtempSync(join(tmpdir(), 'broadsheet-crawl-'));
  const path = join(dir, 'crawl.db');
  const renderer = counting(session);
  const run = async (maxPages: number): Promise<void> => {
    const store: CrawlStore = openSqliteStore(path);
    try {
      await crawl({ store, session: renderer, policy: createPolicy('similarity') }, options(site.homeUrl, maxPages));
    } finally {
      store.close();
    }
  };
  try {
    await run(20);
    await run(40);
    const store = openSqliteStore(path);
    const pages = [...store.pages()];
    const links = [...store.internalLinks()];
    const queued = store.counts().queued;
    store.close();
    expect(pages).toHaveLength(40);
    expect(new Set(pages.map((p) => p.url)).size).toBe(40);
    expect([...renderer.renders.values()].every((n) => n === 1)).toBe(true);
    expect(renderer.renders.size).toBe(40);
    expect(pages.filter((p) => p.isArticle).length).toBeGreaterThan(20);
    expect(queued).toBeGreaterThan(0);
    expect(links.every((l) => normalizeUrl(l.url).ok)).toBe(true);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
