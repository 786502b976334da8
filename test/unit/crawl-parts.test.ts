import { test, expect } from '@playwright/test';
import { decideArticle, ARTICLE_MIN_WORDS } from '../../src/crawl/decide.js';
import { linkContext } from '../../src/crawl/link-context.js';
import { anchorsOf, classifyLinks, siteInScope, type CrawlScope } from '../../src/crawl/links.js';
import { Politeness } from '../../src/crawl/politeness.js';
import { RobotsCache } from '../../src/crawl/robots.js';
import { a, el, snapshot, text } from './support/snapshot-builder.js';

const SCOPE: CrawlScope = { sites: new Set(['example.com']), allowDomains: ['partner.org'], maxDepth: 5 };

test('links: other schemes and malformed hrefs are bad links with a reason; other sites are external and out of scope', () => {
  const anchors = [
    { href: 'javascript:void(0)', anchor: 'menu' },
    { href: 'mailto:desk@news.example.com', anchor: 'mail us' },
    { href: 'data:text/html,<p>x</p>', anchor: '' },
    { href: 'file:///etc/passwd', anchor: '' },
    { href: 'http://exa mple.com/story', anchor: '' },
    { href: 'http://', anchor: '' },
    { href: 'https://www.news.example.com/world/story-one#comments', anchor: 'Story one' },
    { href: 'https://news.example.com/world/story-one', anchor: 'again' },
    { href: 'https://cdn.partner.org/report', anchor: 'Partner' },
    { href: 'https://elsewhere.net/news/x', anchor: 'Elsewhere' },
  ];
  const links = classifyLinks(anchors, 2, SCOPE);
  const reasons = new Map(links.bad.map((b) => [b.raw, b.reason]));
  expect(reasons.get('javascript:void(0)')).toContain('javascript:');
  expect(reasons.get('mailto:desk@news.example.com')).toContain('mailto:');
  expect(reasons.get('data:text/html,<p>x</p>')).toContain('data:');
  expect(reasons.get('file:///etc/passwd')).toContain('file:');
  expect(reasons.get('http://exa mple.com/story')).toMatch(/malformed/);
  expect(reasons.get('http://')).toMatch(/malformed|host/);
  expect(reasons.get('https://elsewhere.net/news/x')).toMatch(/^out-of-scope/);
  expect(links.external.map((e) => e.url)).toEqual(['https://elsewhere.net/news/x']);
  // The fragment is dropped; www. is the same site; duplicates collapse, the first anchor wins.
  expect(links.internal.map((l) => [l.url, l.anchor, l.level])).toEqual([
    ['https://www.news.example.com/world/story-one', 'Story one', 3],
    ['https://news.example.com/world/story-one', 'again', 3],
    ['https://cdn.partner.org/report', 'Partner', 3],
  ]);
  expect(siteInScope('https://partner.org.evil.com/x', SCOPE)).toBeNull();
});

test('links: anchors come from the snapshot with their text and the words of where they sit', () => {
  const snap = snapshot([
    el('nav', [a('World news', 'https://news.example.com/world'), el('a', { href: 'https://news.example.com/x' }, [el('span', [text('Deep ')]), text('link')])]),
    el('main', [el('div', { class: 'wrap col-4' }, [el('p', { class: 'comments-link' }, [a('Comments (12)', 'https://news.example.com/c?id=4')])])]),
  ]);
  expect(anchorsOf(snap)).toEqual([
    { href: 'https://news.example.com/world', anchor: 'World news', context: 'nav' },
    { href: 'https://news.example.com/x', anchor: 'Deep link', context: 'nav' },
    // Nearest first; layout words (wrap, col) say nothing and are dropped.
    { href: 'https://news.example.com/c?id=4', anchor: 'Comments (12)', context: 'comments link main' },
  ]);
  const links = classifyLinks(anchorsOf(snap), 0, { sites: new Set(['example.com']), allowDomains: [], maxDepth: 5 });
  expect(links.internal.map((l) => l.context)).toEqual(['nav', 'nav', 'comments link main']);
});

test('link context: landmark tags from anywhere above, class, id and role words from the link and its three nearest ancestors', () => {
  const chain = [
    { tag: 'a' },
    { tag: 'h2' },
    { tag: 'div', class: 'teaser' },
    { tag: 'section', id: 'most-read', role: 'region' },
    { tag: 'div', class: 'far-away' },
    { tag: 'aside' },
  ];
  expect(linkContext(chain)).toBe('h2 teaser most read region aside');
  expect(linkContext([])).toBe('');
});

test('article decision: the extractor must find a body of enough words (or CJK characters)', () => {
  const words = (n: number): string => Array.from({ length: n }, () => 'word').join(' ');
  expect(decideArticle({ kind: 'article', article: { text: words(ARTICLE_MIN_WORDS), wordCount: ARTICLE_MIN_WORDS } }).isArticle).toBe(true);
  expect(decideArticle({ kind: 'article', article: { text: words(80), wordCount: 80 } }).isArticle).toBe(false);
  expect(decideArticle({ kind: 'none', reason: 'no body' })).toEqual({ isArticle: false, reason: 'no body' });
  // A listing is not an article, however long its best body.
  const listing = decideArticle({ kind: 'article', article: { text: words(400), wordCount: 400, pageType: { type: 'listing', confidence: 0.9, reason: 'teasers' } } });
  expect(listing.isArticle).toBe(false);
  expect(listing.reason).toContain('listing');
  expect(decideArticle({ kind: 'article', article: { text: words(400), wordCount: 400, pageType: { type: 'article', confidence: 0.9, reason: 'x' } } }).isArticle).toBe(true);
  const cjk = '新闻'.repeat(160);
  expect(decideArticle({ kind: 'article', article: { text: cjk, wordCount: 320 } }).isArticle).toBe(true);
  expect(decideArticle({ kind: 'article', article: { text: '新闻'.repeat(60), wordCount: 120 } }).isArticle).toBe(false);
});

test('politeness: a site is busy during its delay and at its concurrency limit; Crawl-delay raises the delay', () => {
  const p = new Politeness({ delayMs: 1000, perSiteConcurrency: 2 });
  p.begin('a.com', 0);
  expect(p.busySites(500)).toEqual(['a.com']);
  expect(p.nextFreeAt(500)).toBe(1000);
  expect(p.busySites(1000)).toEqual([]);
  p.begin('a.com', 1000);
  expect(p.busySites(5000)).toEqual(['a.com']); // two in flight
  p.end('a.com');
  expect(p.busySites(5000)).toEqual([]);
  p.setCrawlDelay('a.com', 5000);
  p.begin('a.com', 6000);
  p.end('a.com');
  p.end('a.com');
  expect(p.busySites(10_000)).toEqual(['a.com']);
  expect(p.busySites(11_000)).toEqual([]);
  // A Crawl-delay never lowers the configured delay, and an absurd one is capped.
  p.setCrawlDelay('a.com', 10);
  expect(p.delayFor('a.com')).toBe(1000);
  p.setCrawlDelay('a.com', 3_600_000);
  expect(p.delayFor('a.com')).toBe(60_000);
});

function fakeFetch(answers: Record<string, { status: number; body?: string } | 'throw'>, calls: string[]): typeof fetch {
  return (async (input: string | URL | Request) => {
    const url = String(input);
    calls.push(url);
    const answer = answers[url];
    if (answer === 'throw') throw new TypeError('fetch failed');
    if (answer === undefined) return new Response('', { status: 404 });
    return new Response(answer.body ?? '', { status: answer.status });
  }) as typeof fetch;
}

test('robots: disallowed paths are refused, Crawl-delay is read, robots.txt is fetched once per origin', async () => {
  const calls: string[] = [];
  const robots = new RobotsCache({
    userAgent: 'broadsheet-test',
    fetch: fakeFetch({ 'http://a.test/robots.txt': { status: 200, body: 'User-agent: *\nDisallow: /private\nCrawl-delay: 2\n' } }, calls),
  });
  const [one, two] = await Promise.all([robots.check('http://a.test/news/1'), robots.check('http://a.test/private/2')]);
  expect(one).toEqual({ allowed: true, crawlDelayMs: 2000 });
  expect(two.allowed).toBe(false);
  expect(calls).toEqual(['http://a.test/robots.txt']);
  // 404: no rules at all.
  expect((await robots.check('http://b.test/private/x')).allowed).toBe(true);
});

test('robots: a 5xx or unreachable robots.txt disallows for a while, then is asked again; after repeated failures it is ignored', async () => {
  const calls: string[] = [];
  const robots = new RobotsCache({
    userAgent: 'broadsheet-test',
    serverErrorRetryMs: 1000,
    maxServerErrors: 2,
    fetch: fakeFetch({ 'http://c.test/robots.txt': { status: 503 }, 'http://d.test/robots.txt': 'throw' }, calls),
  });
  const first = await robots.check('http://c.test/a', Date.now());
  expect(first.allowed).toBe(false);
  expect(first.allowed === false && first.retryAt).toBeGreaterThan(Date.now());
  expect((await robots.check('http://c.test/b', Date.now())).allowed).toBe(false);
  expect(calls.filter((c) => c.startsWith('http://c.test'))).toHaveLength(1);
  // After the retry time: asked again, fails a second time → given up, everything allowed.
  expect((await robots.check('http://c.test/c', Date.now() + 2000)).allowed).toBe(true);
  expect(calls.filter((c) => c.startsWith('http://c.test'))).toHaveLength(2);
  expect((await robots.check('http://d.test/x')).allowed).toBe(false);
});
