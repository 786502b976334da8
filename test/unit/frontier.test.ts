import { test, expect } from '@playwright/test';
import {
  BreadthFirstPolicy,
  refreshHead,
  SEED_PRIORITY,
  SimilarityPolicy,
  TargetSet,
  TokenEvidence,
  type Candidate,
  type FrontierPolicy,
  type RefreshableQueue,
} from '../../src/frontier/index.js';
import { LINK_TOKEN_OPTIONS } from '../../src/frontier/link-evidence.js';

const SITE = '127.0.0.1:9001';
const HOST = `http://${SITE}`;
const WORDS = 'council approves budget storm hits coast minister resigns team wins final prices rise bank holds rates city plans tram school reopens flood damage farmers protest'.split(' ');

function slug(i: number, words = 5): string {
  return Array.from({ length: words }, (_, j) => WORDS[(i * 7 + j * 3) % WORDS.length]).join('-');
}

const SECTIONS = ['world', 'business', 'sport', 'science', 'health'];
function articleUrl(i: number): string {
  const day = String((i % 28) + 1).padStart(2, '0');
  return `${HOST}/2024/03/${day}/${SECTIONS[i % SECTIONS.length]}/${slug(i)}-${i}`;
}
const listingUrls = (): string[] => [
  ...SECTIONS.map((s) => `${HOST}/${s}/`),
  ...['climate', 'elections', 'economy', 'transport'].map((t) => `${HOST}/tag/${t}`),
  ...[2, 3, 4, 5].map((p) => `${HOST}/world/?page=${p}`),
  ...['2024/03', '2024/04', '2023/12'].map((d) => `${HOST}/calendar/${d}`),
  ...['storm', 'budget'].map((q) => `${HOST}/search?q=${q}&page=7`),
  `${HOST}/author/jane-doe`,
];

function candidate(url: string, depth = 2): Candidate {
  return { url, site: SITE, depth, foundOn: `${HOST}/` };
}

/** Feeds a policy a crawl's worth of discoveries, and the fetched pages' article decisions. */
function train(policy: FrontierPolicy, articles: number): void {
  const seen = [...Array.from({ length: 60 }, (_, i) => articleUrl(i)), ...listingUrls()];
  for (const url of seen) policy.observe(candidate(url));
  for (let i = 0; i < articles; i++) policy.onPage(articleUrl(i), SITE, true);
  policy.onPage(`${HOST}/world/`, SITE, false);
  policy.onPage(`${HOST}/tag/climate`, SITE, false);
}

test('bfs: seeds first, then level by level', () => {
  const policy: FrontierPolicy = new BreadthFirstPolicy();
  expect(policy.score(candidate(`${HOST}/`, 0))).toBe(SEED_PRIORITY);
  const depths = [3, 1, 2, 1, 3, 2];
  const queue = depths.map((depth, i) => ({ depth, order: i, priority: policy.score(candidate(`${HOST}/p${i}`, depth)) }));
  // The store's order: priority descending, then insertion (FIFO).
  queue.sort((a, b) => b.priority - a.priority || a.order - b.order);
  expect(queue.map((q) => q.depth)).toEqual([1, 1, 2, 2, 3, 3]);
  expect(queue.map((q) => q.order)).toEqual([1, 3, 2, 5, 0, 4]);
  // Nothing it learns changes a priority: the version is constant.
  const before = policy.version;
  policy.onPage(`${HOST}/p1`, SITE, true);
  expect(policy.version).toBe(before);
});

test('similarity: after a few targets, unseen article URLs outrank section, tag, calendar and search URLs', () => {
  const policy = new SimilarityPolicy();
  train(policy, 5);
  const articles = Array.from({ length: 20 }, (_, i) => policy.score(candidate(articleUrl(100 + i))));
  const others = listingUrls().map((url) => ({ url, score: policy.score(candidate(url)) }));
  const worstArticle = Math.min(...articles);
  const beaten = others.filter((o) => o.score >= worstArticle);
  expect(beaten, `listing URLs scoring at least the worst article (${worstArticle.toFixed(3)})`).toEqual([]);
});

test('similarity: user examples alone order the candidates before any page is fetched', () => {
  const policy = new SimilarityPolicy();
  policy.addExamples([articleUrl(1), articleUrl(2), articleUrl(3)]);
  expect(policy.targetCount).toBe(3);
  const article = policy.score(candidate(articleUrl(50)));
  for (const url of listingUrls()) expect(policy.score(candidate(url)), url).toBeLessThan(article);
});

test('similarity: a template that keeps coming back empty sinks', () => {
  const policy = new SimilarityPolicy();
  train(policy, 5);
  // Slug URLs the URL-only decision likes, on a template whose pages are never articles.
  const trap = (n: number): string => `${HOST}/gallery/${slug(n + 40, 6)}`;
  const before = policy.score(candidate(trap(20)));
  for (let n = 1; n <= 8; n++) policy.onPage(trap(n), SITE, false);
  const after = policy.score(candidate(trap(20)));
  expect(after).toBeLessThan(before - 0.1);
});

test('similarity: the version moves when targets or weights change, and state round-trips', () => {
  const policy = new SimilarityPolicy();
  const v0 = policy.version;
  train(policy, 5);
  expect(policy.version).toBeGreaterThan(v0);
  const restored = new SimilarityPolicy();
  restored.loadState(policy.saveState());
  expect(restored.version).toBeGreaterThan(policy.version);
  expect(restored.targetCount).toBe(policy.targetCount);
  for (const url of [articleUrl(200), `${HOST}/tag/economy`, `${HOST}/world/`]) {
    expect(restored.score(candidate(url))).toBeCloseTo(policy.score(candidate(url)), 2);
  }
});

test('target set: bounded in all and per template, rare templates kept', () => {
  const set = new TargetSet({ perTemplate: 4, maxTargets: 10 });
  for (let i = 0; i < 200; i++) set.add(articleUrl(i));
  for (let i = 0; i < 3; i++) set.add(`${HOST}/story.php?id=${1000 + i}`);
  expect(set.count).toBeLessThanOrEqual(10);
  expect(set.offered).toBe(203);
  expect(set.urls().filter((u) => u.includes('story.php'))).toHaveLength(3);
});

/** A queue like the store's: priority descending, FIFO on ties. */
class FakeQueue implements RefreshableQueue {
  rows: Array<{ url: string; site: string; depth: number; priority: number; foundOn: string | null; scoredWithVersion: number | null; order: number }> = [];
  updates = 0;
  add(url: string, priority: number, version: number): void {
    this.rows.push({ url, site: SITE, depth: 2, priority, foundOn: null, scoredWithVersion: version, order: this.rows.length });
  }
  private sorted() {
    return [...this.rows].sort((a, b) => b.priority - a.priority || a.order - b.order);
  }
  staleQueued(version: number, limit: number) {
    return this.sorted().filter((r) => (r.scoredWithVersion ?? -1) < version).slice(0, limit);
  }
  topQueued(limit: number) {
    return this.sorted().slice(0, limit);
  }
  updatePriorities(updates: ReadonlyArray<{ url: string; priority: number; scoredWithVersion?: number }>): void {
    for (const u of updates) {
      const row = this.rows.find((r) => r.url === u.url);
      if (row === undefined) continue;
      row.priority = u.priority;
      row.scoredWithVersion = u.scoredWithVersion ?? null;
      this.updates++;
    }
  }
}

test('lazy refresh: a stale high priority is rescored before it can be claimed; the rest of the queue is left alone', () => {
  const policy = new SimilarityPolicy();
  train(policy, 5);
  const queue = new FakeQueue();
  const old = policy.version - 1;
  // A trap URL that an older state scored very high, then many fresh article candidates, then
  // a long tail of stale entries far below the head.
  queue.add(`${HOST}/tag/climate?page=9`, 0.99, old);
  for (let i = 0; i < 5; i++) queue.add(articleUrl(300 + i), policy.score(candidate(articleUrl(300 + i))), policy.version);
  for (let i = 0; i < 200; i++) queue.add(`${HOST}/tag/t${i}`, 0.01, old);
  const result = refreshHead(queue, policy, { batch: 8, maxRounds: 4 });
  const head = queue.topQueued(1)[0];
  expect(head?.url).not.toContain('/tag/climate');
  expect(head?.scoredWithVersion).toBe(policy.version);
  expect(result.rescored).toBeGreaterThan(0);
  expect(result.rescored).toBeLessThanOrEqual(32);
  expect(queue.rows.filter((r) => r.scoredWithVersion === old).length).toBeGreaterThan(150);
});

test('lazy refresh: nothing to do when the head is fresh', () => {
  const policy = new BreadthFirstPolicy();
  const queue = new FakeQueue();
  queue.add(`${HOST}/a`, -1, policy.version);
  queue.add(`${HOST}/b`, -2, policy.version - 1);
  expect(refreshHead(queue, policy).rescored).toBe(0);
});

test('similarity: words the fetched pages taught sink non-articles that share the articles\' template', () => {
  const policy = new SimilarityPolicy();
  train(policy, 5);
  // Galleries: the same /section/slug template as stories, told apart by one slug word.
  const gallery = (i: number): string => `${HOST}/${SECTIONS[i % SECTIONS.length]}/in-pictures-${slug(i + 3, 4)}`;
  const story = (i: number): string => `${HOST}/${SECTIONS[i % SECTIONS.length]}/${slug(i, 5)}`;
  const before = policy.score(candidate(gallery(50)));
  for (let i = 0; i < 12; i++) {
    policy.onPage(story(i), SITE, true);
    policy.onPage(gallery(i), SITE, false);
  }
  const galleryAfter = policy.score(candidate(gallery(50)));
  const storyAfter = policy.score(candidate(story(50)));
  expect(galleryAfter).toBeLessThan(before);
  expect(storyAfter - galleryAfter).toBeGreaterThan(0.2);
});

test('token evidence: neutral words shift nothing, words seen only on non-articles shift down', () => {
  const evidence = new TokenEvidence();
  for (let i = 0; i < 10; i++) {
    evidence.add(`${HOST}/world/story-about-the-city-${i}`, true);
    evidence.add(`${HOST}/world/pictures-of-the-city-${i}`, false);
  }
  expect(Math.abs(evidence.shift(`${HOST}/world/the-city`))).toBeLessThan(0.3);
  expect(evidence.shift(`${HOST}/world/pictures`)).toBeLessThan(-2);
  expect(evidence.shift(`${HOST}/world/story`)).toBeGreaterThan(2);
  expect(TokenEvidence.fromState(evidence.state()).shift(`${HOST}/world/pictures`)).toBe(evidence.shift(`${HOST}/world/pictures`));
});

test('link evidence: a headline word that chance put on two of six galleries does not outweigh a marker found on every gallery', () => {
  // A site where 93 % of fetched pages are stories (250 stories, 19 galleries). Every gallery's
  // anchor has the marker; one headline word ("buses") was on 4 stories and 2 galleries.
  const tokens = (i: number, gallery: boolean): string[] => [...(gallery ? ['a:pictures'] : []), ...(i < 6 ? ['a:buses'] : []), 'a:council', 'c:li'];
  const ratio = new TokenEvidence({ ...LINK_TOKEN_OPTIONS, shrinkPages: undefined });
  const shrunk = new TokenEvidence(LINK_TOKEN_OPTIONS);
  for (const evidence of [ratio, shrunk]) {
    for (let i = 0; i < 19; i++) evidence.addTokens(tokens(i === 0 || i === 1 ? i : 100 + i, true), false);
    for (let i = 2; i < 252; i++) evidence.addTokens(tokens(i, false), true);
  }
  // The naive-Bayes ratio: the chance word alone is nearly the marker's −3, so a story headed
  // "buses" with a second such word sinks below a gallery.
  expect(ratio.shiftTokens(['a:buses'])).toBeLessThan(-1.8);
  expect(ratio.shiftTokens(['a:pictures'])).toBe(-3);
  // Shrunk toward the site's share: the marker keeps its full weight, the chance word has under half of it.
  expect(shrunk.shiftTokens(['a:pictures'])).toBe(-3);
  expect(shrunk.shiftTokens(['a:buses'])).toBeGreaterThan(-1.5);
  expect(shrunk.shiftTokens(['a:council'])).toBeCloseTo(0, 1);
});

test('similarity: anchor and context words sink links to non-articles whose URLs are exactly the articles\'', () => {
  // Galleries and stories both at /article.php?id=N: only the link tells them apart.
  const url = (i: number): string => `${HOST}/article.php?id=${1000 + i}`;
  const story = (i: number) => ({ anchor: `${slug(i, 6).replace(/-/g, ' ')}`, context: 'h2 teaser main' });
  const gallery = (i: number) => ({ anchor: `In pictures: ${slug(i + 3, 5).replace(/-/g, ' ')}`, context: 'h2 teaser main' });
  const comments = { anchor: 'Comments (12)', context: 'comments link main' };
  const withLinks = new SimilarityPolicy();
  const urlOnly = new SimilarityPolicy({ linkEvidence: false });
  for (const policy of [withLinks, urlOnly]) {
    for (let i = 0; i < 40; i++) policy.observe(candidate(url(i)));
    for (let i = 0; i < 12; i++) {
      policy.onPage(url(2 * i), SITE, true, story(2 * i));
      policy.onPage(url(2 * i + 1), SITE, false, gallery(2 * i + 1));
      policy.onPage(url(100 + i), SITE, false, comments);
    }
  }
  const score = (policy: SimilarityPolicy, link: { anchor: string; context: string }, i = 31) => policy.score({ ...candidate(url(i)), ...link });
  // URL only: a gallery's link scores as a story's.
  expect(Math.abs(score(urlOnly, gallery(31)) - score(urlOnly, story(31)))).toBeLessThan(1e-9);
  // With the link: the gallery and the comments link sink well below the story.
  expect(score(withLinks, story(31)) - score(withLinks, gallery(31))).toBeGreaterThan(0.2);
  expect(score(withLinks, story(31)) - score(withLinks, comments)).toBeGreaterThan(0.2);
  // The learned link evidence is part of the saved state.
  const restored = new SimilarityPolicy();
  restored.loadState(withLinks.saveState());
  expect(score(restored, gallery(31))).toBeCloseTo(score(withLinks, gallery(31)), 12);
});
