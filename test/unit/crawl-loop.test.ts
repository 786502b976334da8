import { test, expect } from '@playwright/test';
import { crawl, ROBOTS_DISALLOWED, type CrawlOptions, type PageRenderer } from '../../src/crawl/crawler.js';
import { RenderError } from '../../src/errors.js';
import { PageWorkPool } from '../../src/page-work/index.js';
import { BreadthFirstPolicy, createPolicy, type Candidate } from '../../src/frontier/index.js';
import type { RenderedPage } from '../../src/render/index.js';
import { createMemoryStore } from '../../src/store/index.js';
import type { LayoutSnapshot } from '../../src/types.js';
import { a, el, snapshot, text } from './support/snapshot-builder.js';
import { paragraphs } from './support/pages.js';
import { renderedPageOf, testPageWork } from './support/rendered-page.js';

/**
 * The crawl loop against a fake renderer: two small sites whose pages are synthetic layout
 * snapshots, so the loop's bookkeeping (politeness, robots, retries, budgets, resume, scope) is
 * checked without a browser. The browser test (test/browser/crawl.test.ts) crawls the real local web.
 */

const SECTIONS = ['world', 'business', 'sport'];
const BAD_HREFS = ['javascript:void(0)', 'mailto:desk@a.test', 'data:text/html,x'];

function pageLinks(origin: string, url: string): string[] {
  const path = new URL(url).pathname;
  const n = Number(/(\d+)$/.exec(path)?.[1] ?? 0);
  if (path === '/') return SECTIONS.map((s) => `${origin}/section/${s}`);
  if (path.startsWith('/section/')) return Array.from({ length: 6 }, (_, i) => `${origin}/news/council-approves-new-budget-${n * 10 + i + path.length}`);
  // An article: three more articles, its section, a link to another site.
  return [1, 2, 3].map((d) => `${origin}/news/council-approves-new-budget-${n + d * 7}`).concat([`${origin}/section/world`, 'https://elsewhere.net/x']);
}

function pageSnapshot(url: string): LayoutSnapshot {
  const origin = new URL(url).origin;
  const isArticle = new URL(url).pathname.startsWith('/news/');
  const nav = el('nav', [...pageLinks(origin, url).map((href, i) => a(`Link ${i}`, href)), ...BAD_HREFS.map((href) => a('bad', href))]);
  const main = isArticle ? el('article', [el('h1', [text('Council approves new budget')]), ...paragraphs(8)]) : el('main', [el('h1', [text('Section')])]);
  return snapshot([nav, main], { url, meta: { title: 'Page' } });
}

class FakeRenderer implements PageRenderer {
  work = testPageWork();
  /** The page's time budget (the page-work deadline is what is left of it, at least 2 s). */
  budgetMs = 10_000;
  readonly starts: Array<{ url: string; at: number }> = [];
  private readonly active = new Map<string, number>();
  maxActivePerSite = 0;
  maxActive = 0;
  private total = 0;
  /** URL → failures to produce before it works (retryable), or a permanent error. */
  readonly failures = new Map<string, number | RenderError>();

  /** A render's time: fixed, or per URL and attempt (`n`: how many renders of the URL started before). */
  constructor(private readonly latencyMs: number | ((url: string, n: number) => number) = 5) {}

  async render<T>(input: { kind: 'url'; url: string; label: string } | { kind: 'html' }, use: (page: RenderedPage) => Promise<T>): Promise<T> {
    if (input.kind !== 'url') throw new Error('fake renderer: urls only');
    const site = new URL(input.url).host;
    const latency = typeof this.latencyMs === 'number' ? this.latencyMs : this.latencyMs(input.url, this.rendered(input.url));
    this.starts.push({ url: input.url, at: Date.now() });
    this.active.set(site, (this.active.get(site) ?? 0) + 1);
    this.total++;
    this.maxActivePerSite = Math.max(this.maxActivePerSite, this.active.get(site) ?? 0);
    this.maxActive = Math.max(this.maxActive, this.total);
    try {
      await new Promise((resolve) => setTimeout(resolve, latency));
      const failure = this.failures.get(input.url);
      if (failure instanceof RenderError) throw failure;
      if (typeof failure === 'number' && failure > 0) {
        this.failures.set(input.url, failure - 1);
        throw new RenderError('render-timeout', `timeout ${input.url}`, true);
      }
      return await use(renderedPageOf(pageSnapshot(input.url), input.url, 200, this.budgetMs));
    } finally {
      this.active.set(site, (this.active.get(site) ?? 1) - 1);
      this.total--;
    }
  }

  rendered(url: string): number {
    return this.starts.filter((s) => s.url === url).length;
  }
}

const BASE: CrawlOptions = {
  seeds: ['http://a.test/'],
  maxDepth: 10,
  maxPages: 20,
  concurrency: 2,
  userAgent: 'broadsheet-test',
  robots: false,
  politeness: { delayMs: 0, perSiteConcurrency: 2 },
  retryBaseMs: 10,
};

test('per-site delay and concurrency: never two requests to one site at once, starts at least the delay apart; sites in parallel', async () => {
  const store = createMemoryStore();
  const renderer = new FakeRenderer(20);
  await crawl(
    { store, session: renderer, policy: createPolicy('bfs') },
    { ...BASE, seeds: ['http://a.test/', 'http://b.test/'], concurrency: 4, maxPages: 16, politeness: { delayMs: 60, perSiteConcurrency: 1 } },
  );
  expect(renderer.maxActivePerSite).toBe(1);
  expect(renderer.maxActive).toBe(2);
  for (const site of ['a.test', 'b.test']) {
    const starts = renderer.starts.filter((s) => new URL(s.url).host === site).map((s) => s.at);
    expect(starts.length).toBeGreaterThan(3);
    // The delay is kept between the politeness turns; the fake renderer stamps each start a few
    // ms later when the machine is loaded (a GC pause between the turn and the call), so allow
    // 10 ms of jitter. Without the delay the gap is one render (20 ms), so 50 still tells.
    for (let i = 1; i < starts.length; i++) expect(starts[i]! - starts[i - 1]!).toBeGreaterThanOrEqual(50);
  }
});

test('robots.txt: disallowed URLs are recorded and never rendered; Crawl-delay spaces the requests', async () => {
  const store = createMemoryStore();
  const renderer = new FakeRenderer();
  const robotsTxt = 'User-agent: *\nDisallow: /section/business\nCrawl-delay: 0.1\n';
  const fetchRobots = (async () => new Response(robotsTxt, { status: 200 })) as typeof fetch;
  await crawl({ store, session: renderer, policy: createPolicy('bfs') }, { ...BASE, maxPages: 6, robots: true, robotsOptions: { fetch: fetchRobots } });
  expect(renderer.rendered('http://a.test/section/business')).toBe(0);
  const pages = [...store.pages()];
  expect(pages.find((p) => p.url === 'http://a.test/section/business')?.errorCode).toBe(ROBOTS_DISALLOWED);
  const starts = renderer.starts.map((s) => s.at);
  // Crawl-delay 0.1 s spaces the politeness turns by 100 ms; the fake renderer stamps a start a
  // few ms after its turn on a loaded machine (CI saw 96 ms), so allow 10 ms of jitter. Without
  // the Crawl-delay (BASE's delay is 0, two per site) starts come together, so 90 still tells.
  for (let i = 1; i < starts.length; i++) expect(starts[i]! - starts[i - 1]!).toBeGreaterThanOrEqual(90);
  // A refused URL is not a fetch: the budget still gets its 6 rendered pages.
  expect(renderer.starts).toHaveLength(6);
});

test('scope and bad links: other schemes and other sites are never fetched, every link is stored with its kind', async () => {
  const store = createMemoryStore();
  const renderer = new FakeRenderer();
  await crawl({ store, session: renderer, policy: createPolicy('similarity') }, { ...BASE, maxPages: 12 });
  expect(renderer.starts.every((s) => s.url.startsWith('http://a.test/'))).toBe(true);
  const bad = [...store.badLinks()];
  for (const href of BAD_HREFS) expect(bad.find((b) => b.raw === href)?.reason, href).toMatch(/not crawlable/);
  expect(bad.find((b) => b.raw === 'https://elsewhere.net/x')?.reason).toMatch(/^out-of-scope/);
  expect([...store.externalLinks()].every((l) => l.url === 'https://elsewhere.net/x')).toBe(true);
  // Every internal link of every fetched page is stored, and each one is in the frontier.
  const internal = [...store.internalLinks()];
  const expected = new Set<string>();
  for (const start of renderer.starts) for (const href of pageLinks('http://a.test', start.url)) if (href.startsWith('http://a.test')) expected.add(`${start.url} ${href}`);
  expect(new Set(internal.map((l) => `${l.foundOn} ${l.url}`))).toEqual(expected);
  for (const link of internal) expect(store.frontierEntry(link.url), link.url).toBeDefined();
  expect(store.counts().articles).toBeGreaterThan(0);
});

test('retries: retryable failures are retried with backoff up to the attempt limit; non-HTML is recorded once', async () => {
  const store = createMemoryStore();
  const renderer = new FakeRenderer();
  renderer.failures.set('http://a.test/section/world', 2);
  renderer.failures.set('http://a.test/section/sport', 99);
  renderer.failures.set('http://a.test/section/business', new RenderError('render-not-html', 'application/pdf', false));
  const summary = await crawl({ store, session: renderer, policy: createPolicy('bfs') }, { ...BASE, maxPages: 8, maxAttempts: 3 });
  expect(renderer.rendered('http://a.test/section/world')).toBe(3);
  expect(renderer.rendered('http://a.test/section/sport')).toBe(3);
  expect(renderer.rendered('http://a.test/section/business')).toBe(1);
  const pages = new Map([...store.pages()].map((p) => [p.url, p]));
  expect(pages.get('http://a.test/section/world')?.errorCode).toBeNull();
  expect(pages.get('http://a.test/section/sport')?.errorCode).toBe('render-timeout');
  expect(pages.get('http://a.test/section/business')?.errorCode).toBe('render-not-html');
  expect(summary.progress.retries).toBe(4);
  expect(store.counts().pages).toBe(8);
});

test('a page whose extraction runs past its deadline is recorded with extract-timeout (not retried); the crawl goes on', async () => {
  const store = createMemoryStore();
  const renderer = new FakeRenderer();
  const previous = process.env.BROADSHEET_TEST_STALL_STAGE;
  // The page-work threads read the hook when they start: this pool's do.
  process.env.BROADSHEET_TEST_STALL_STAGE = 'score';
  const pool = new PageWorkPool({ size: 2 });
  const started = pool.ready({ all: true }); // starts the threads now, with the hook in their environment
  if (previous === undefined) delete process.env.BROADSHEET_TEST_STALL_STAGE;
  else process.env.BROADSHEET_TEST_STALL_STAGE = previous;
  await started;
  renderer.work = pool;
  renderer.budgetMs = 500;
  const stalled = 'http://a.test/news/broadsheet-test-stall';
  try {
    await crawl({ store, session: renderer, policy: createPolicy('bfs') }, { ...BASE, seeds: ['http://a.test/', stalled], maxPages: 8 });
  } finally {
    await pool.close();
  }
  const pages = new Map([...store.pages()].map((p) => [p.url, p]));
  expect(pages.get(stalled)?.errorCode).toBe('extract-timeout');
  expect(renderer.rendered(stalled)).toBe(1);
  expect(pool.health.timedOut).toBe(1);
  // The other pages, before and after it, went through the pool's replacement threads.
  expect(store.counts().pages).toBe(8);
  expect([...pages.values()].filter((p) => p.errorCode === null)).toHaveLength(7);
  expect(store.counts().articles).toBeGreaterThan(0);
});

test('budget and resume: a second run goes on to the new budget without fetching any page twice', async () => {
  const store = createMemoryStore();
  const first = new FakeRenderer();
  const one = await crawl({ store, session: first, policy: createPolicy('similarity') }, { ...BASE, maxPages: 10, concurrency: 3 });
  expect(one.stopReason).toBe('max-pages');
  expect(store.counts().pages).toBe(10);
  const second = new FakeRenderer();
  const two = await crawl({ store, session: second, policy: createPolicy('similarity') }, { ...BASE, maxPages: 20, concurrency: 3 });
  expect(two.stopReason).toBe('max-pages');
  expect(store.counts().pages).toBe(20);
  const all = [...first.starts, ...second.starts].map((s) => s.url);
  expect(new Set(all).size).toBe(all.length);
  expect(all).toHaveLength(20);
  // The learned state was saved and restored.
  expect(store.loadModel('frontier-policy:similarity')).toBeDefined();
});

test('max depth: nothing deeper than the limit is fetched or queued', async () => {
  const store = createMemoryStore();
  const renderer = new FakeRenderer();
  const summary = await crawl({ store, session: renderer, policy: createPolicy('bfs') }, { ...BASE, maxDepth: 1, maxPages: 100 });
  expect(summary.stopReason).toBe('frontier-empty');
  const depths = [...store.pages()].map((p) => p.depth);
  expect(Math.max(...depths)).toBe(1);
  expect(depths.filter((d) => d === 1)).toHaveLength(SECTIONS.length);
  expect(store.counts().queued).toBe(0);
});

test('bandit allocation: R1 splits the budget between the sites; the arms are in the store and a resumed crawl goes on with them', async () => {
  const store = createMemoryStore();
  const renderer = new FakeRenderer();
  const seeds = ['http://a.test/', 'http://b.test/'];
  const allocation = { rule: 'r1' as const, reward: 'articles' as const };
  await crawl({ store, session: renderer, policy: createPolicy('bfs') }, { ...BASE, seeds, maxPages: 20, concurrency: 1, allocation });
  const perSite = (site: string): number => renderer.starts.filter((s) => new URL(s.url).host === site).length;
  expect([perSite('a.test'), perSite('b.test')]).toEqual([10, 10]);
  const arms = store.loadAllocationArms();
  expect(arms.map((a) => [a.site, a.rewarded])).toEqual([['a.test', 10], ['b.test', 10]]);
  // Rewards are the article decisions of the pages fetched.
  const articles = [...store.pages()].filter((p) => p.isArticle).length;
  expect(arms.reduce((s, a) => s + a.rewardSum, 0)).toBe(articles);

  // Resumed with a larger budget: the arms go on from 10 pages each.
  await crawl({ store, session: renderer, policy: createPolicy('bfs') }, { ...BASE, seeds, maxPages: 30, concurrency: 1, allocation });
  expect(store.loadAllocationArms().reduce((s, a) => s + a.rewarded, 0)).toBe(30);
  // Resumed with another rule: refused before anything is fetched.
  const before = renderer.starts.length;
  await expect(crawl({ store, session: renderer, policy: createPolicy('bfs') }, { ...BASE, seeds, maxPages: 40, allocation: { rule: 'r3', reward: 'articles' } })).rejects.toThrow(/--allocate r1.*another --db/);
  expect(renderer.starts.length).toBe(before);
});

test('bandit allocation: R2 gives its blocks to the site with the best mean; nonsense fails before any fetch', async () => {
  const store = createMemoryStore();
  const renderer = new FakeRenderer();
  await crawl(
    { store, session: renderer, policy: createPolicy('bfs') },
    { ...BASE, seeds: ['http://a.test/', 'http://b.test/'], maxPages: 24, concurrency: 1, allocation: { rule: 'r2', step: 4, reward: 'articles' } },
  );
  const arms = store.loadAllocationArms();
  expect(arms.reduce((s, a) => s + a.rewarded, 0)).toBe(24);
  for (const arm of arms) expect(arm.rewarded % 4).toBe(0);

  const fresh = new FakeRenderer();
  const bad = { ...BASE, seeds: ['http://a.test/', 'http://b.test/'], maxPages: 10 };
  await expect(crawl({ store: createMemoryStore(), session: fresh, policy: createPolicy('bfs') }, { ...bad, allocation: { rule: 'r2', step: 6, reward: 'articles' } })).rejects.toThrow(/more than the page budget/);
  await expect(crawl({ store: createMemoryStore(), session: fresh, policy: createPolicy('bfs') }, { ...bad, maxPages: Infinity, allocation: { rule: 'r1', reward: 'articles' } })).rejects.toThrow(/--max-pages/);
  expect(fresh.starts).toHaveLength(0);
});

test('the HITS policy crawls through the loop: it sees every page\'s links and finds articles', async () => {
  const store = createMemoryStore();
  const renderer = new FakeRenderer();
  const policy = createPolicy('hits');
  await crawl({ store, session: renderer, policy }, { ...BASE, maxPages: 30 });
  expect(renderer.starts).toHaveLength(30);
  expect(policy.version).toBeGreaterThan(0);
  expect(JSON.parse(policy.saveState()!).pages.length).toBe(30);
  expect(store.counts().articles).toBeGreaterThan(10);
});

test('a URL found again closer to the start page takes the smaller depth, and its links are a level below that', async () => {
  // / → /p1, /s; /p1 → /p2 → /target (level 3); /s → /target (level 2); /target → /leaf.
  const graph: Record<string, string[]> = { '/': ['/p1', '/s'], '/p1': ['/p2'], '/p2': ['/target'], '/s': ['/target'], '/target': ['/leaf'], '/leaf': [] };
  const renderer: PageRenderer = {
    work: testPageWork(),
    async render(input, use) {
      if (input.kind !== 'url') throw new Error('urls only');
      const { origin, pathname } = new URL(input.url);
      const links = (graph[pathname] ?? []).map((path, i) => a(`Link ${i}`, origin + path));
      return use(renderedPageOf(snapshot([el('main', links)], { url: input.url, meta: { title: 'Page' } }), input.url));
    },
  };
  // Deepest first, /target last: it is found at level 3 before /s shows the way at level 2.
  class DeepFirst extends BreadthFirstPolicy {
    override score(candidate: Candidate): number {
      if (candidate.depth === 0) return super.score(candidate);
      return candidate.url.endsWith('/target') ? -100 : candidate.depth;
    }
  }
  const store = createMemoryStore();
  await crawl({ store, session: renderer, policy: new DeepFirst() }, { ...BASE, concurrency: 1, maxPages: 10 });
  const depth = new Map([...store.pages()].map((p) => [new URL(p.url).pathname, p.depth]));
  expect(Object.fromEntries(depth)).toEqual({ '/': 0, '/p1': 1, '/p2': 2, '/s': 1, '/target': 2, '/leaf': 3 });
  const order = [...store.pages()].map((p) => new URL(p.url).pathname);
  expect(order.indexOf('/p2')).toBeLessThan(order.indexOf('/s'));
});

/** Render times that differ by URL, drawn from `seed` (a linear congruential hash of the URL and seed). */
function jitter(seed: number): (url: string) => number {
  return (url) => {
    let h = seed;
    for (let i = 0; i < url.length; i++) h = (Math.imul(h, 1_103_515_245) + url.charCodeAt(i) + 12_345) >>> 0;
    return 1 + (h % 40);
  };
}

test('ordered: two crawls whose renders finish in different orders fetch the same pages in the same order (the unordered loop does not)', async () => {
  const crawlOrder = async (seed: number, ordered: boolean): Promise<string[]> => {
    const store = createMemoryStore();
    const renderer = new FakeRenderer(jitter(seed));
    // Two sites so the claims also choose between sites; the similarity policy learns from every page.
    await crawl({ store, session: renderer, policy: createPolicy('similarity') }, { ...BASE, seeds: ['http://a.test/', 'http://b.test/'], maxPages: 40, concurrency: 3, ordered });
    const order = [...store.pages()].map((p) => p.url);
    store.close();
    return order;
  };
  const ordered = await crawlOrder(1, true);
  expect(ordered).toHaveLength(40);
  expect(await crawlOrder(2, true)).toEqual(ordered);
  expect(await crawlOrder(3, true)).toEqual(ordered);
  // The same render times without `ordered`: pages are recorded as they finish, so the orders differ
  // (what made the crawl gate's harvest vary from run to run).
  const unordered = [await crawlOrder(1, false), await crawlOrder(2, false), await crawlOrder(3, false)];
  expect(unordered.some((order) => order.join() !== unordered[0]!.join())).toBe(true);
});

test('ordered: budget, retries and a permanent error behave as in the unordered loop', async () => {
  const store = createMemoryStore();
  const renderer = new FakeRenderer(jitter(7));
  renderer.failures.set('http://a.test/section/world', 2);
  renderer.failures.set('http://a.test/section/sport', new RenderError('render-http-status', 'answered HTTP 404', false));
  const summary = await crawl({ store, session: renderer, policy: createPolicy('bfs') }, { ...BASE, maxPages: 15, ordered: true });
  expect(summary.stopReason).toBe('max-pages');
  const pages = [...store.pages()];
  expect(pages).toHaveLength(15);
  expect(renderer.rendered('http://a.test/section/world')).toBe(3);
  expect(pages.find((p) => p.url === 'http://a.test/section/world')?.errorCode).toBeNull();
  expect(pages.find((p) => p.url === 'http://a.test/section/sport')?.errorCode).toBe('render-http-status');
  // A small site ends with an empty frontier, not a hang.
  const small = await crawl({ store: createMemoryStore(), session: new FakeRenderer(jitter(8)), policy: createPolicy('bfs') }, { ...BASE, maxDepth: 1, maxPages: 100, ordered: true });
  expect(small.stopReason).toBe('frontier-empty');
  expect(small.progress.pagesThisRun).toBe(1 + SECTIONS.length);
});
