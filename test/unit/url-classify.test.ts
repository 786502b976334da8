import { test, expect } from '@playwright/test';
import {
  classifySiteUrls,
  classifyUrlAlone,
  normalizeUrl,
  UrlArticleClassifier,
  vectorizeUrl,
  type UrlVector,
} from '../../src/url/index.js';

/**
 * Synthetic news sites of different URL conventions, each URL labelled article or not. The
 * generators draw titles, sections, tags and ids from a seeded generator, so every run sees
 * the same sites; they are the calibration set of the cue weights (cues.ts, classify.ts).
 */

function rng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = (
  'council approves new budget after long debate storm hits coast thousands lose power minister resigns over ' +
  'scandal team wins final record crowd prices rise again bank holds rates city plans tram line school ' +
  'reopens flood damage farmers protest trade deal talks stall election date set court rules against ' +
  'mayor museum opens wing river cleanup begins study finds link coffee health heat wave warning issued ' +
  'rail strike called off airport expansion rejected hospital waiting times fall police appeal witnesses'
).split(' ');
// Listing names include multi-word ones: they must not pass for slugs.
const SECTIONS = ['world', 'us-politics', 'business', 'sport', 'cost-of-living', 'science', 'health', 'opinion'];
const TAGS = ['climate', 'elections', 'economy', 'premier-league', 'transport', 'housing', 'energy-crisis', 'education', 'crime-and-justice', 'tech'];
const AUTHORS = ['jane-doe', 'john-smith', 'mary-ann-lima', 'li-wei', 'omar-al-haddad', 'sara-berg'];

interface Labelled {
  url: string;
  article: boolean;
}

interface Site {
  name: string;
  urls: Labelled[];
}

function makeSite(name: string, seed: number, articleUrl: (r: () => number, i: number, slug: string) => string, listings: (r: () => number) => string[]): Site {
  const r = rng(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(r() * list.length)] as T;
  const urls: Labelled[] = [];
  for (let i = 0; i < 150; i++) {
    // titles of 3–9 words, most of 5–7 (news headlines)
    const length = 3 + Math.floor((r() + r() + r()) * 2.2);
    const slug = Array.from({ length }, () => pick(WORDS)).join('-');
    urls.push({ url: articleUrl(r, i, slug), article: true });
  }
  for (const url of listings(r)) urls.push({ url, article: false });
  return { name, urls };
}

const pad = (n: number): string => String(n).padStart(2, '0');
const day = (r: () => number): string => `2024/${pad(1 + Math.floor(r() * 12))}/${pad(1 + Math.floor(r() * 28))}`;

function commonListings(base: string, style: { slash: string; tag: string; author: string; page: (section: string, n: number) => string }): string[] {
  const out = [`${base}/`];
  for (const section of SECTIONS) {
    out.push(`${base}/${section}${style.slash}`);
    for (let n = 2; n <= 6; n++) out.push(style.page(section, n));
  }
  for (const tag of TAGS) out.push(`${base}/${style.tag}/${tag}${style.slash}`);
  for (const author of AUTHORS) out.push(`${base}/${style.author}/${author}${style.slash}`);
  return out;
}

const SITES: Site[] = [
  makeSite(
    'dated paths',
    1,
    (r, _i, slug) => `https://www.daily-a.com/${day(r)}/${SECTIONS[Math.floor(r() * SECTIONS.length)]}/${slug}.html`,
    (r) => [
      ...commonListings('https://www.daily-a.com', { slash: '/', tag: 'tag', author: 'author', page: (s, n) => `https://www.daily-a.com/${s}/page/${n}/` }),
      // the calendar trap: day and month archives without end
      ...Array.from({ length: 40 }, () => `https://www.daily-a.com/${day(r)}/`),
      ...Array.from({ length: 10 }, (_, n) => `https://www.daily-a.com/2023/${pad(n + 1)}/`),
      ...Array.from({ length: 10 }, (_, n) => `https://www.daily-a.com/search?q=${TAGS[n]}&page=${n + 1}`),
    ],
  ),
  makeSite(
    'section/slug',
    2,
    (r, _i, slug) => `https://news-b.org/${SECTIONS[Math.floor(r() * SECTIONS.length)]}/${slug}`,
    (r) => [
      ...commonListings('https://news-b.org', { slash: '', tag: 'topics', author: 'people', page: (s, n) => `https://news-b.org/${s}?page=${n}` }),
      ...Array.from({ length: 40 }, () => `https://news-b.org/archive/${day(r).replace(/\//g, '-')}`),
      ...Array.from({ length: 10 }, (_, n) => `https://news-b.org/search?q=${TAGS[n]}`),
    ],
  ),
  makeSite(
    'numeric id in the query',
    3,
    (_r, i) => `http://c-times.net/article.php?id=${100 + i * 37}`,
    (r) => [
      'http://c-times.net/',
      ...SECTIONS.map((s) => `http://c-times.net/section.php?name=${s}`),
      ...SECTIONS.flatMap((_s, c) => [2, 3, 4].map((n) => `http://c-times.net/list.php?cat=${c + 1}&page=${n}`)),
      ...TAGS.map((t) => `http://c-times.net/tag.php?t=${t}`),
      ...AUTHORS.map((_a, n) => `http://c-times.net/author.php?id=${n + 1}`),
      ...Array.from({ length: 30 }, () => `http://c-times.net/calendar.php?date=${day(r).replace(/\//g, '-')}`),
      ...Array.from({ length: 10 }, (_, n) => `http://c-times.net/search.php?q=${TAGS[n]}&page=${n + 1}`),
    ],
  ),
  makeSite(
    'trailing-slash slugs',
    4,
    (r, _i, slug) => `https://d-herald.co.uk/${SECTIONS[Math.floor(r() * SECTIONS.length)]}/${slug}/`,
    (r) => [
      ...commonListings('https://d-herald.co.uk', { slash: '/', tag: 'tag', author: 'author', page: (s, n) => `https://d-herald.co.uk/${s}/page/${n}/` }),
      ...Array.from({ length: 20 }, () => `https://d-herald.co.uk/${day(r).slice(0, 7)}/`),
      ...Array.from({ length: 10 }, (_, n) => `https://d-herald.co.uk/?s=${TAGS[n]}`),
    ],
  ),
  makeSite(
    'slugs at the root (blog style)',
    6,
    (_r, _i, slug) => `https://f-blog.net/${slug}/`,
    (r) => [
      'https://f-blog.net/',
      ...SECTIONS.map((s) => `https://f-blog.net/category/${s}/`),
      ...SECTIONS.map((s) => `https://f-blog.net/category/${s}/page/2/`),
      ...TAGS.map((t) => `https://f-blog.net/tag/${t}/`),
      ...AUTHORS.map((a) => `https://f-blog.net/author/${a}/`),
      ...Array.from({ length: 10 }, (_, n) => `https://f-blog.net/page/${n + 2}/`),
      ...Array.from({ length: 20 }, () => `https://f-blog.net/${day(r)}/`),
    ],
  ),
  makeSite(
    'numeric id in the path',
    5,
    (r, i, slug) => `https://e-post.com/news/${SECTIONS[Math.floor(r() * SECTIONS.length)]}/${40000 + i * 13}/${slug.split('-').slice(0, 3).join('-')}`,
    (r) => [
      ...commonListings('https://e-post.com', { slash: '', tag: 'tag', author: 'author', page: (s, n) => `https://e-post.com/news/${s}/${n}` }),
      ...SECTIONS.map((s) => `https://e-post.com/news/${s}`),
      ...Array.from({ length: 20 }, () => `https://e-post.com/calendar/${day(r)}`),
    ],
  ),
];

function vectors(site: Site): UrlVector[] {
  return site.urls.map(({ url }) => {
    const normalized = normalizeUrl(url);
    if (!normalized.ok) throw new Error(`fixture URL does not normalise: ${url} (${normalized.reason})`);
    return vectorizeUrl(normalized.url);
  });
}

function precisionRecall(site: Site, decided: boolean[]): { precision: number; recall: number; misses: string[] } {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  const misses: string[] = [];
  site.urls.forEach(({ url, article }, i) => {
    const yes = decided[i] === true;
    if (yes && article) tp++;
    if (yes && !article) fp++;
    if (!yes && article) fn++;
    if (yes !== article) misses.push(`${article ? 'FN' : 'FP'} ${url}`);
  });
  return { precision: tp + fp === 0 ? 0 : tp / (tp + fp), recall: tp + fn === 0 ? 0 : tp / (tp + fn), misses };
}

for (const site of SITES) {
  test(`separates articles from listings on a site with ${site.name}, unsupervised`, () => {
    const decisions = classifySiteUrls(vectors(site));
    const { precision, recall, misses } = precisionRecall(site, decisions.map((d) => d.isArticle));
    if (process.env.URL_CLASSIFY_DEBUG) console.log(site.name, { precision, recall }, misses);
    expect(precision, misses.slice(0, 10).join('\n')).toBeGreaterThanOrEqual(0.98);
    expect(recall, misses.slice(0, 10).join('\n')).toBeGreaterThanOrEqual(0.91);
  });

  test(`examples keep the separation on a site with ${site.name}`, () => {
    const all = vectors(site);
    const examples = all.filter((_v, i) => site.urls[i]?.article === true).slice(0, 5);
    const decisions = classifySiteUrls(all, examples);
    const { precision, recall, misses } = precisionRecall(site, decisions.map((d) => d.isArticle));
    if (process.env.URL_CLASSIFY_DEBUG) console.log(site.name, 'with examples', { precision, recall }, misses);
    expect(precision, misses.slice(0, 10).join('\n')).toBeGreaterThanOrEqual(0.98);
    expect(recall, misses.slice(0, 10).join('\n')).toBeGreaterThanOrEqual(0.91);
  });
}

test('the similarity cue is relative to how alike the known articles are', () => {
  // On a query-id site every URL is alike by formula (1), which ignores the query: the cue must
  // still tell the article script from the listing scripts.
  const classifier = new UrlArticleClassifier();
  for (let i = 0; i < 8; i++) classifier.addTarget(vectorizeUrl(`http://q.net/article.php?id=${100 + i * 7}`));
  const article = classifier.classify(vectorizeUrl('http://q.net/article.php?id=999'));
  const listing = classifier.classify(vectorizeUrl('http://q.net/section.php?name=world'));
  expect(article.cues.map((c) => c.name)).toContain('targetSimilar');
  expect(listing.cues.map((c) => c.name)).not.toContain('targetSimilar');
  const home = classifier.classify(vectorizeUrl('http://q.net/'));
  expect(home.cues.map((c) => c.name)).toContain('targetUnlike');
});

test('a few example article URLs lift short-slug articles the cues alone miss', () => {
  // Articles with 2-word slugs look like section fronts to the structural cues alone.
  const base = 'https://short-f.com';
  const articles = Array.from({ length: 30 }, (_, i) => `${base}/stories/${WORDS[i]}-${WORDS[i + 40]}`);
  const listings = [`${base}/`, ...SECTIONS.map((s) => `${base}/${s}`), ...TAGS.map((t) => `${base}/tag/${t}`)];
  const all = [...articles, ...listings].map((url) => vectorizeUrl(url));
  const alone = all.map((v) => classifyUrlAlone(v).isArticle);
  const withExamples = classifySiteUrls(all, articles.slice(0, 3).map((url) => vectorizeUrl(url)));
  const recallOf = (decided: boolean[]): number => decided.slice(0, articles.length).filter(Boolean).length / articles.length;
  expect(recallOf(alone)).toBeLessThan(0.1);
  expect(recallOf(withExamples.map((d) => d.isArticle))).toBeGreaterThanOrEqual(0.9);
  expect(withExamples.slice(articles.length).some((d) => d.isArticle)).toBe(false);
});

test('a short slug joins the article template of its site', () => {
  const base = 'https://g-news.com/world';
  const strong = Array.from({ length: 10 }, (_, i) => vectorizeUrl(`${base}/${WORDS.slice(i, i + 6).join('-')}`));
  const weak = vectorizeUrl(`${base}/storm-hits-coast`);
  expect(classifyUrlAlone(weak).isArticle).toBe(false);
  const classifier = new UrlArticleClassifier();
  for (const v of [...strong, weak]) classifier.observe(v);
  const decision = classifier.classify(weak);
  expect(decision.cues.map((c) => c.name)).toContain('siteTemplate');
  expect(decision.isArticle).toBe(true);
});

test('a section front with many children is a container, even with a long name', () => {
  const section = vectorizeUrl('https://h-news.com/news/science-and-technology-news');
  const children = Array.from({ length: 6 }, (_, i) => vectorizeUrl(`https://h-news.com/news/science-and-technology-news/${WORDS[i]}-story`));
  const classifier = new UrlArticleClassifier();
  for (const v of [section, ...children]) classifier.observe(v);
  expect(classifyUrlAlone(section).isArticle).toBe(true);
  const decision = classifier.classify(section);
  expect(decision.cues.map((c) => c.name)).toContain('container');
  expect(decision.isArticle).toBe(false);
});

test('decisions explain themselves and scores are probabilities', () => {
  const home = classifyUrlAlone(vectorizeUrl('https://x.com/'));
  const article = classifyUrlAlone(vectorizeUrl('https://x.com/2024/06/06/council-approves-new-budget-after-debate'));
  expect(home.isArticle).toBe(false);
  expect(home.cues.map((c) => c.name)).toContain('root');
  expect(article.isArticle).toBe(true);
  expect(article.cues.map((c) => c.name)).toEqual(expect.arrayContaining(['slug5', 'dateThenContent']));
  for (const d of [home, article]) {
    expect(d.score).toBeGreaterThan(0);
    expect(d.score).toBeLessThan(1);
  }
  expect(article.score).toBeGreaterThan(home.score);
});
