/**
 * The local web of synthetic news sites, over plain HTTP (fetch, no browser): link structure,
 * URL conventions against the truth, traps that never end, determinism, session ids and
 * robots.txt. Faults and shutdown: local-web-faults.test.ts.
 */
import { expect, test } from '@playwright/test';
import robotsParserModule from 'robots-parser';
import { startLocalWeb, type LocalWeb, type SiteStyle } from '../../src/testing/local-web/index.js';

/** Each style's article path, as the issue describes it. */
const ARTICLE_PATTERN: Record<SiteStyle, RegExp> = {
  dated: /^\/\d{4}\/\d{2}\/\d{2}\/[a-z0-9]+(?:-[a-z0-9]+){2,}\.html$/,
  section: /^\/[a-z]+\/[a-z0-9]+(?:-[a-z0-9]+){2,}$/,
  query: /^\/article\.php\?id=\d+$/,
  slash: /^\/news\/[a-z0-9]+(?:-[a-z0-9]+){2,}\/$/,
  numeric: /^\/story\/\d+$/,
};

// robots-parser is CommonJS (`module.exports = function`); its typings claim an ES default export.
const robotsParser = robotsParserModule as unknown as (url: string, text: string) => {
  isAllowed(url: string, userAgent?: string): boolean | undefined;
  getCrawlDelay(userAgent?: string): number | undefined;
};

let web: LocalWeb;

test.beforeAll(async () => {
  web = await startLocalWeb({ seed: 7, articlesPerSite: 300 });
});

test.afterAll(async () => {
  await web.close();
});

async function get(url: string): Promise<{ status: number; body: string; response: Response }> {
  const response = await fetch(url, { redirect: 'manual' });
  return { status: response.status, body: await response.text(), response };
}

/** Absolute URLs of a page's hrefs (those that resolve), in page order. */
function links(body: string, base: string): string[] {
  const result: string[] = [];
  for (const match of body.matchAll(/<a [^>]*href="([^"]*)"/g)) {
    const href = match[1]!.replace(/&amp;/g, '&').replace(/&quot;/g, '"');
    try {
      result.push(new URL(href, base).href);
    } catch {
      // malformed hrefs are the faulty site's business
    }
  }
  return result;
}

test('serves one site of each style on its own loopback port', () => {
  expect(web.sites.map((s) => s.style).sort()).toEqual(['dated', 'numeric', 'query', 'section', 'slash']);
  const origins = new Set(web.sites.map((s) => s.origin));
  expect(origins.size).toBe(web.sites.length);
  for (const site of web.sites) expect(site.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  expect(web.faulty?.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  expect(origins.has(web.faulty!.origin)).toBe(false);
});

test("each home page links to sections, tags, authors and articles, mostly to non-articles", async () => {
  for (const site of web.sites) {
    const { status, body } = await get(site.homeUrl);
    expect(status, site.name).toBe(200);
    const kinds = links(body, site.homeUrl).map((url) => web.truth.classify(url)?.kind ?? 'external');
    const count = (kind: string): number => kinds.filter((k) => k === kind).length;
    expect(count('section'), site.name).toBeGreaterThanOrEqual(5);
    expect(count('tag'), site.name).toBeGreaterThanOrEqual(5);
    expect(count('author'), site.name).toBeGreaterThanOrEqual(5);
    expect(count('article'), site.name).toBeGreaterThanOrEqual(10);
    expect(count('calendar') + count('search'), site.name).toBeGreaterThanOrEqual(2);
    expect(count('not-found'), site.name).toBe(0);
    expect(kinds.length - count('article'), site.name).toBeGreaterThan(count('article'));
  }
});

test("article URLs follow each site's convention, isArticle agrees, and the pages read like articles", async () => {
  for (const site of web.sites) {
    const articles = web.truth.articleUrls(site.name);
    expect(articles.length, site.name).toBe(300);
    expect(new Set(articles).size, site.name).toBe(300);
    // One assertion over all of them: thousands of expect() calls block the event loop for seconds.
    const misfits = articles.filter((url) => {
      const parsed = new URL(url);
      return parsed.origin !== site.origin || !ARTICLE_PATTERN[site.style].test(parsed.pathname + parsed.search) || !web.truth.isArticle(url);
    });
    expect(misfits, site.name).toEqual([]);
    for (const url of articles.filter((_, i) => i % 60 === 0)) {
      const { status, body } = await get(url);
      expect(status, url).toBe(200);
      expect(body).toMatch(/^<!doctype html>/);
      expect(body).toContain('<style>');
      expect(body).toMatch(/<article><h1>[^<]{10,}<\/h1>/);
      expect(body).toMatch(/class="byline"/);
      expect((body.match(/<p>[^<]{80,}<\/p>/g) ?? []).length).toBeGreaterThanOrEqual(5);
      expect(body).toContain('<footer>');
    }
    for (const url of [site.homeUrl, site.calendarUrl, site.searchUrl, `${site.origin}/robots.txt`]) {
      expect(web.truth.isArticle(url), url).toBe(false);
    }
  }
  expect(web.truth.isArticle('http://example.com/2024/01/01/a-b-c.html')).toBe(false);
  expect(web.truth.isArticle('not a url')).toBe(false);
});

test('URLs that look like articles but name none are 404 and not articles', async () => {
  const bySite = new Map(web.sites.map((s) => [s.style, s]));
  const first = (style: SiteStyle): string => web.truth.articleUrls(bySite.get(style)!.name)[0]!;
  const wrong = [
    first('dated').replace(/\/(\d{2})\/([^/]+)\.html$/, (_m, day: string, slug: string) => `/${day === '01' ? '02' : '01'}/${slug}.html`),
    first('section').replace(/^(http:\/\/[^/]+)\/[a-z]+\//, '$1/nosuchsection/'),
    first('query').replace(/id=(\d+)/, (_m, id: string) => `id=${Number(id) + 1}`),
    first('slash').replace(/\/$/, '-no-such-story/'),
    first('numeric').replace(/(\d+)$/, (id) => String(Number(id) + 1)),
  ];
  for (const url of wrong) {
    expect(web.truth.isArticle(url), url).toBe(false);
    expect((await get(url)).status, url).toBe(404);
  }
});

test('the truth agrees with the server on every page of a short breadth-first walk', async () => {
  for (const site of web.sites) {
    const queue = [site.homeUrl];
    const seen = new Set(queue);
    const requestsBefore = web.stats().requests[site.name]!;
    let fetched = 0;
    while (queue.length > 0 && fetched < 60) {
      const url = queue.shift()!;
      const { status, body, response } = await get(url);
      fetched++;
      const truth = web.truth.classify(url);
      expect(truth?.site, url).toBe(site.name);
      if (truth!.kind === 'redirect') expect(status, url).toBe(301);
      else if (truth!.kind === 'not-found') expect(status, url).toBe(404);
      else expect(status, url).toBe(200);
      expect(body.includes('<article>'), url).toBe(truth!.isArticle);
      if (status === 301) continue;
      expect(response.headers.get('content-type')).toContain('text/html');
      for (const next of links(body, url)) {
        if (new URL(next).origin !== site.origin || seen.has(next)) continue;
        seen.add(next);
        queue.push(next);
      }
    }
    expect(fetched, site.name).toBe(60);
    expect(web.stats().requests[site.name]! - requestsBefore, site.name).toBe(60);
  }
});

test('every article is reachable from the home page within a few clicks, without the traps', async () => {
  const small = await startLocalWeb({ seed: 3, articlesPerSite: 120, sites: ['dated', 'query'], faulty: false });
  try {
    for (const site of small.sites) {
      const depthOf = new Map<string, number>([[site.homeUrl, 0]]);
      const queue = [site.homeUrl];
      while (queue.length > 0) {
        const url = queue.shift()!;
        const kind = small.truth.classify(url)!.kind;
        if (kind === 'article' || kind === 'calendar' || kind === 'search' || kind === 'day') continue;
        const { body } = await get(url);
        for (const next of links(body, url)) {
          if (new URL(next).origin !== site.origin || depthOf.has(next)) continue;
          depthOf.set(next, depthOf.get(url)! + 1);
          queue.push(next);
        }
      }
      const articles = small.truth.articleUrls(site.name);
      const depths = articles.map((url) => depthOf.get(url));
      expect(depths.filter((d) => d === undefined).length, site.name).toBe(0);
      expect(Math.max(...(depths as number[])), site.name).toBeLessThanOrEqual(4);
    }
  } finally {
    await small.close();
  }
});

test('the calendar and search traps never end: 50 steps, 50 new pages', async () => {
  for (const site of web.sites) {
    for (const [start, marker] of [
      [site.calendarUrl, 'next-month'],
      [site.searchUrl, 'related-searches'],
    ] as const) {
      const visited = new Set<string>();
      let url = start;
      for (let step = 0; step < 50; step++) {
        expect(visited.has(url), `${site.name} step ${step}: ${url}`).toBe(false);
        visited.add(url);
        const { status, body } = await get(url);
        expect(status, url).toBe(200);
        const at = body.indexOf(marker);
        expect(at, url).toBeGreaterThan(0);
        // The next month's link, or the first related search not seen yet.
        const candidates = links(body.slice(at - 200), url).filter((u) => new URL(u).origin === site.origin);
        const next = candidates.find((u) => !visited.has(u) && web.truth.classify(u)?.kind === web.truth.classify(start)?.kind);
        expect(next, url).toBeDefined();
        url = next!;
      }
      expect(visited.size).toBe(50);
    }
  }
});

test('same seed, same bytes; another seed, other pages', async () => {
  const again = await startLocalWeb({ seed: 7, articlesPerSite: 300, faulty: false });
  const other = await startLocalWeb({ seed: 8, articlesPerSite: 300, faulty: false });
  try {
    for (const [i, site] of web.sites.entries()) {
      const paths = ['/', new URL(web.truth.articleUrls(site.name)[123]!).pathname + new URL(web.truth.articleUrls(site.name)[123]!).search, new URL(site.searchUrl).pathname + new URL(site.searchUrl).search];
      for (const path of paths) {
        const a = (await get(site.origin + path)).body;
        const b = (await get(again.sites[i]!.origin + path)).body;
        expect(b, `${site.name}${path}`).toBe(a);
      }
      const home = (await get(site.homeUrl)).body;
      expect((await get(other.sites[i]!.homeUrl)).body).not.toBe(home);
    }
  } finally {
    await Promise.all([again.close(), other.close()]);
  }
});

test('session ids: every hop makes new URLs for the same pages, and the truth sees through them', async () => {
  const sid = await startLocalWeb({ seed: 7, articlesPerSite: 100, sites: [{ style: 'query', sessionIds: true }], faulty: false });
  try {
    const site = sid.sites[0]!;
    const home = links((await get(site.homeUrl)).body, site.homeUrl);
    const article = home.find((u) => sid.truth.isArticle(u))!;
    expect(article).toMatch(/[?&]sid=[0-9a-f]{8}/);
    const canonical = sid.truth.classify(article)!.canonicalUrl!;
    expect(canonical).not.toContain('sid=');
    const page = await get(article);
    expect(page.status).toBe(200);
    const homeAgain = links(page.body, article).find((u) => new URL(u).pathname === '/')!;
    expect(homeAgain).toMatch(/sid=/);
    expect(homeAgain).not.toBe(site.homeUrl);
    const second = links((await get(homeAgain)).body, homeAgain).find((u) => sid.truth.classify(u)?.canonicalUrl === canonical);
    expect(second).toBeDefined();
    expect(second).not.toBe(article);
  } finally {
    await sid.close();
  }
});

test('article-shaped pages that are not articles: sign-in links always, comments pages on request', async () => {
  for (const site of web.sites) {
    const article = web.truth.articleUrls(site.name)[10]!;
    const signIn = links((await get(article)).body, article).find((u) => web.truth.classify(u)?.kind === 'login');
    expect(signIn, site.name).toBeDefined();
    expect(web.truth.isArticle(signIn!)).toBe(false);
    const page = await get(signIn!);
    expect(page.status).toBe(200);
    expect(page.body).not.toContain('<article>');
    expect(links(page.body, signIn!)).toContain(article);
  }
  const withComments = await startLocalWeb({ seed: 7, articlesPerSite: 50, sites: [{ style: 'numeric', commentPages: true }, 'slash'], faulty: false });
  try {
    const [commented, plain] = withComments.sites as [LocalWeb['sites'][number], LocalWeb['sites'][number]];
    const article = withComments.truth.articleUrls(commented.name)[5]!;
    const comments = links((await get(article)).body, article).find((u) => withComments.truth.classify(u)?.kind === 'comments');
    expect(comments).toBe(`${article}/comments`);
    const page = await get(comments!);
    expect(page.status).toBe(200);
    expect(page.body).not.toContain('<article>');
    expect(withComments.truth.isArticle(comments!)).toBe(false);
    const plainArticle = withComments.truth.articleUrls(plain.name)[5]!;
    expect(links((await get(plainArticle)).body, plainArticle).some((u) => u.includes('/comments'))).toBe(false);
    expect((await get(`${plainArticle}comments/`)).status).toBe(404);
  } finally {
    await withComments.close();
  }
});

test('galleries on request: article-like URLs, not articles, not counted', async () => {
  const gallery = await startLocalWeb({ seed: 7, articlesPerSite: 200, sites: [{ style: 'dated', galleryShare: 0.2 }, 'section'], faulty: false });
  try {
    const [dated, section] = gallery.sites as [LocalWeb['sites'][number], LocalWeb['sites'][number]];
    expect(section.articleCount).toBe(200);
    expect(dated.articleCount).toBeGreaterThan(120);
    expect(dated.articleCount).toBeLessThan(190);
    expect(gallery.truth.articleUrls(dated.name).length).toBe(dated.articleCount);
    const home = (await get(dated.homeUrl)).body;
    const shown = links(home, dated.homeUrl).filter((u) => ARTICLE_PATTERN.dated.test(new URL(u).pathname));
    const galleries = shown.filter((u) => gallery.truth.classify(u)?.kind === 'gallery');
    expect(galleries.length).toBeGreaterThan(0);
    for (const url of galleries.slice(0, 3)) {
      expect(gallery.truth.isArticle(url)).toBe(false);
      const page = await get(url);
      expect(page.status).toBe(200);
      expect(page.body).not.toContain('<article>');
      expect(page.body).toContain('<figcaption>');
    }
    expect(shown.length - galleries.length).toBeGreaterThan(galleries.length);
  } finally {
    await gallery.close();
  }
});

test('robots.txt is served as configured', async () => {
  for (const site of web.sites) {
    const { status, body } = await get(`${site.origin}/robots.txt`);
    expect(status).toBe(200);
    expect(body).toBe(site.robotsTxt);
    const robots = robotsParser(`${site.origin}/robots.txt`, body);
    expect(robots.isAllowed(site.searchUrl, 'broadsheet')).toBe(true);
    expect(robots.getCrawlDelay('broadsheet')).toBeUndefined();
  }
  const blocked = web.faulty!.blocked;
  const blockedRobots = robotsParser(`${blocked.origin}/robots.txt`, (await get(`${blocked.origin}/robots.txt`)).body);
  expect(blockedRobots.isAllowed(blocked.homeUrl, 'broadsheet')).toBe(false);
  expect(blockedRobots.isAllowed(blocked.exampleArticleUrls[0]!, 'broadsheet')).toBe(false);
  expect((await get(blocked.homeUrl)).status).toBe(200);

  const polite = await startLocalWeb({
    articlesPerSite: 50,
    robots: { disallow: ['/search'], crawlDelaySec: 2 },
    sites: ['section', { style: 'dated', robots: {} }],
    faulty: false,
  });
  try {
    const [section, dated] = polite.sites as [LocalWeb['sites'][number], LocalWeb['sites'][number]];
    const robots = robotsParser(`${section.origin}/robots.txt`, (await get(`${section.origin}/robots.txt`)).body);
    expect(robots.isAllowed(section.searchUrl, 'broadsheet')).toBe(false);
    expect(robots.isAllowed(section.exampleArticleUrls[0]!, 'broadsheet')).toBe(true);
    expect(robots.getCrawlDelay('broadsheet')).toBe(2);
    const open = robotsParser(`${dated.origin}/robots.txt`, (await get(`${dated.origin}/robots.txt`)).body);
    expect(open.isAllowed(dated.searchUrl, 'broadsheet')).toBe(true);
  } finally {
    await polite.close();
  }
});
