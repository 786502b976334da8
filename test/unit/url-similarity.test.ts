import { test, expect } from '@playwright/test';
import fc from 'fast-check';
import {
  directorySimilarity,
  domainSimilarity,
  fileSimilarity,
  hostSimilarity,
  initialWeights,
  layoutSimilarity,
  stringSimilarity,
  topKMeanSimilarity,
  urlSimilarity,
  vectorSimilarity,
  vectorizeUrl,
  WeightLearner,
  type UrlWeights,
} from '../../src/url/index.js';

const SAMPLE = [
  'http://edition.cnn.com//2014/06/06/sport/football/world-cup-franck-ribery-injured-france/index.html?hpt=isp_c2',
  'http://money.cnn.com/2014/06/07/news/economy/jobs-report/index.html',
  'https://www.bbc.co.uk/news/world-europe-27735163',
  'https://www.bbc.co.uk/sport/',
  'http://c-times.net/article.php?id=4821',
  'http://127.0.0.1:8081/tag/climate/',
  'https://x.com/',
].map((u) => vectorizeUrl(u));

test.describe('formula (1)', () => {
  test('string similarity: 1 − ed / max length, two empty strings → 1', () => {
    expect(stringSimilarity('', '')).toBe(1);
    expect(stringSimilarity('abc', 'abc')).toBe(1);
    expect(stringSimilarity('kitten', 'sitting')).toBeCloseTo(1 - 3 / 7, 12);
    expect(stringSimilarity('abc', '')).toBe(0);
    expect(stringSimilarity('yes', 'no')).toBe(0);
  });

  test('vector similarity averages the elements and rejects vectors of different lengths', () => {
    expect(vectorSimilarity(['ab', 'x'], ['ab', 'y'])).toBeCloseTo(0.5, 12);
    expect(vectorSimilarity([], [])).toBe(1);
    expect(() => vectorSimilarity(['a'], ['a', 'b'])).toThrow(RangeError);
  });
});

test.describe('URL similarity', () => {
  const weights = initialWeights();

  test('s(v,v) = 1, symmetric, within [0,1] for every measure', () => {
    for (const a of SAMPLE) {
      expect(urlSimilarity(a, a, weights)).toBeCloseTo(1, 12);
      expect(hostSimilarity(a.host, a.host)).toBe(1);
      expect(fileSimilarity(a.file, a.file)).toBe(1);
      expect(domainSimilarity(a, a, weights)).toBeCloseTo(1, 12);
      expect(layoutSimilarity(a, a, weights)).toBeCloseTo(1, 12);
      for (const b of SAMPLE) {
        const ab = urlSimilarity(a, b, weights);
        expect(ab).toBeCloseTo(urlSimilarity(b, a, weights), 12);
        expect(ab).toBeGreaterThanOrEqual(0);
        expect(ab).toBeLessThanOrEqual(1);
        for (const s of [domainSimilarity(a, b, weights), layoutSimilarity(a, b, weights), hostSimilarity(a.host, b.host)]) {
          expect(s).toBeGreaterThanOrEqual(0);
          expect(s).toBeLessThanOrEqual(1);
        }
      }
    }
  });

  test('a hand-computed case', () => {
    const a = vectorizeUrl('http://www.abc.com/news/a.html');
    const b = vectorizeUrl('http://www.abd.com/news/ab.htm');
    const w: UrlWeights = { host: 0.4, directories: [0.3], file: 0.2, depth: 0.1 };
    // host: www = www (1); abc → abd, 1 substitution of 3 (2/3); www.abc.com → www.abd.com, 1 of 11
    const host = (1 + 2 / 3 + 10 / 11) / 3;
    // file: a/ab (1 of 2), html/htm (1 of 4), dot same, a.html/ab.htm (2 of 6), type same, query same
    const file = (1 / 2 + 3 / 4 + 1 + 4 / 6 + 1 + 1) / 6;
    expect(hostSimilarity(a.host, b.host)).toBeCloseTo(host, 12);
    expect(fileSimilarity(a.file, b.file)).toBeCloseTo(file, 12);
    expect(urlSimilarity(a, b, w)).toBeCloseTo(0.4 * host + 0.3 * 1 + 0.2 * file + 0.1 * 1, 12);
  });

  test('directories compare value by edit distance and type by equality, half each', () => {
    expect(directorySimilarity({ value: 'sport', type: 'string' }, { value: 'sport', type: 'string' })).toBe(1);
    expect(directorySimilarity({ value: '2014', type: 'digital' }, { value: 'news', type: 'string' })).toBe(0);
    expect(directorySimilarity({ value: 'news', type: 'string' }, { value: 'newz', type: 'string' })).toBeCloseTo((3 / 4 + 1) / 2, 12);
  });

  test('extra directories of the deeper URL count as 0, and unequal depth loses the depth weight', () => {
    const a = vectorizeUrl('http://x.com/news/a.html');
    const b = vectorizeUrl('http://x.com/news/world/a.html');
    const w: UrlWeights = { host: 0.3, directories: [0.3, 0.1], file: 0.2, depth: 0.1 };
    expect(domainSimilarity(a, b, w)).toBeCloseTo(0.3 / 0.4, 12);
    expect(layoutSimilarity(a, b, w)).toBeCloseTo(0.2 / 0.3, 12);
    expect(urlSimilarity(a, b, w)).toBeCloseTo(0.3 + 0.3 + 0.2, 12);
  });

  test('two articles of one section are more alike than an article and the section front', () => {
    const a = vectorizeUrl('https://n.com/world/council-approves-new-budget');
    const b = vectorizeUrl('https://n.com/world/storm-hits-coast-thousands-lose-power');
    const front = vectorizeUrl('https://n.com/world/');
    expect(urlSimilarity(a, b, weights)).toBeGreaterThan(urlSimilarity(a, front, weights));
  });

  test('top-k mean: the mean of the k best, fewer targets → all of them, none → 0', () => {
    const candidate = SAMPLE[0]!;
    const targets = SAMPLE.slice(1);
    const sims = targets.map((t) => urlSimilarity(candidate, t, weights)).sort((x, y) => y - x);
    expect(topKMeanSimilarity(candidate, targets, 2, weights)).toBeCloseTo((sims[0]! + sims[1]!) / 2, 12);
    expect(topKMeanSimilarity(candidate, targets, 100, weights)).toBeCloseTo(sims.reduce((s, x) => s + x, 0) / sims.length, 12);
    expect(topKMeanSimilarity(candidate, [], 3, weights)).toBe(0);
  });

  test('top-k mean: passing over targets by their length bound changes no result, to the last bit', () => {
    // Paths of the shapes sites use (dates, sections, slugs of every length, ids, queries), on a
    // few hosts, with random non-negative weights: the pruned top-k mean must equal the mean of
    // the k best full similarities exactly — a bound that were ever below a similarity would
    // drop a target that belongs to the k best.
    const segment = fc.oneof(
      fc.constantFrom('news', 'world', 'sport', '2024', '11', '07', 'tag', 'a', 'index.html', 'story.php?id=42'),
      fc.array(fc.constantFrom('council', 'budget', 'storm', 'hits', 'coast', 'x', 'minister', 'resigns'), { minLength: 1, maxLength: 12 }).map((w) => w.join('-')),
      fc.integer({ min: 1, max: 10 ** 9 }).map(String),
    );
    const url = fc.tuple(fc.constantFrom('https://n.com', 'https://www.n.com', 'http://m.n.co.uk', 'https://other.org'), fc.array(segment, { maxLength: 6 }), fc.boolean()).map(([host, parts, slash]) => vectorizeUrl(`${host}/${parts.join('/')}${slash ? '/' : ''}`));
    const weightsArb = fc.tuple(fc.float({ min: 0, max: 1, noNaN: true }), fc.array(fc.float({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 6 }), fc.float({ min: 0, max: 1, noNaN: true }), fc.float({ min: 0, max: 1, noNaN: true })).map(([host, directories, file, depth]): UrlWeights => {
      const sum = host + directories.reduce((s, x) => s + x, 0) + file + depth || 1;
      return { host: host / sum, directories: directories.map((x) => x / sum), file: file / sum, depth: depth / sum };
    });
    fc.assert(
      fc.property(url, fc.array(url, { minLength: 1, maxLength: 40 }), fc.integer({ min: 1, max: 8 }), weightsArb, (candidate, targets, k, w) => {
        const full = targets.map((t) => urlSimilarity(candidate, t, w)).sort((x, y) => y - x).slice(0, k);
        expect(topKMeanSimilarity(candidate, targets, k, w)).toBe(full.reduce((s, x) => s + x, 0) / full.length);
      }),
      { numRuns: 500, seed: 7 },
    );
  });
});

test.describe('weights', () => {
  test('initial weights sum to 1 and fall from left to right', () => {
    for (const maxDepth of [1, 4, 6, 10]) {
      const w = initialWeights({ maxDepth });
      const sum = w.host + w.directories.reduce((s, x) => s + x, 0) + w.file + w.depth;
      expect(sum).toBeCloseTo(1, 12);
      expect(w.directories).toHaveLength(maxDepth);
      const chain = [w.host, ...w.directories];
      for (let i = 1; i < chain.length; i++) expect(chain[i]!).toBeLessThan(chain[i - 1]!);
      // wᵢ ∝ (K + 1 − i)
      expect(w.host / w.directories[0]!).toBeCloseTo((maxDepth + 1) / maxDepth, 12);
    }
  });

  test('the update favours a position of a few frequent values over one of unique values', () => {
    // Position 1 holds a unique slug, position 2 one of three section-like words: the initial
    // weights favour position 1 (leftmost); the counts must turn that round.
    const learner = new WeightLearner();
    const kinds = ['comments', 'photos', 'amp'];
    for (let i = 0; i < 300; i++) learner.observe(vectorizeUrl(`https://n.com/story-number-${i}/${kinds[i % 3]}/`));
    const before = initialWeights();
    expect(before.directories[0]!).toBeGreaterThan(before.directories[1]!);
    const w = learner.currentWeights();
    expect(w.directories[1]!).toBeGreaterThan(w.directories[0]!);
    const raw = learner.rawWeights();
    expect(raw.directories[0]).toBe(0);
    expect(raw.directories[1]).toBeCloseTo(1 / 3, 12);
    expect(raw.host).toBe(1);
    const sum = w.host + w.directories.reduce((s, x) => s + x, 0) + w.file + w.depth;
    expect(sum).toBeCloseTo(1, 12);
  });

  test('below minUrls the initial weights stand', () => {
    const learner = new WeightLearner({ minUrls: 50 });
    for (let i = 0; i < 10; i++) learner.observe(vectorizeUrl(`https://n.com/world/s${i}`));
    expect(learner.currentWeights()).toEqual(initialWeights());
  });

  test('counting is bounded (rare values pruned) yet keeps the frequent ones, and the state round-trips', () => {
    const learner = new WeightLearner({ gamma: 0.05 }); // prune every 200 URLs
    const sections = ['world', 'sport'];
    for (let i = 0; i < 2000; i++) learner.observe(vectorizeUrl(`https://n.com/${sections[i % 2]}/slug-${i}`));
    const state = learner.state();
    // the slug is the file name, counted after the K directory positions; 2000 unique ones were
    // seen, at most one bucket (200 URLs) of them is still held
    const fileCounts = state.positions[state.options.maxDepth + 1]!;
    expect(Object.keys(fileCounts).length).toBeLessThanOrEqual(200);
    expect(state.positions[1]!['world']!.count).toBe(1000);
    expect(learner.rawWeights().directories[0]).toBeCloseTo(0.5, 12);
    const copy = WeightLearner.fromState(JSON.parse(JSON.stringify(state)));
    expect(copy.currentWeights()).toEqual(learner.currentWeights());
    expect(copy.observed).toBe(2000);
  });
});
