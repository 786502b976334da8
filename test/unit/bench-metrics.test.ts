import { test, expect } from '@playwright/test';
import {
  aggregate,
  bootstrapDifference,
  meanWordF1,
  wordScore,
  pageScores,
  seededRandom,
  shingles,
  tokenize,
  tokenizeMultilingual,
  type PageCounts,
} from '../../src/bench/metrics.js';

// Every expected figure below is worked out by hand in the comment next to it.

test.describe('tokenize (published AEB tokenisation: \\w+ with Unicode semantics)', () => {
  test('keeps letters, digits and underscore runs; drops punctuation; keeps case', () => {
    // Same answers as Python's re.findall(r'\w+', …) on these strings (checked with Python 3.11).
    expect(tokenize('Hello, world! It’s 2019—über-cool_stuff')).toEqual([
      'Hello', 'world', 'It', 's', '2019', 'über', 'cool_stuff',
    ]);
    expect(tokenize('x²+½ Ⅻ')).toEqual(['x²', '½', 'Ⅻ']);
    expect(tokenize('')).toEqual([]);
    expect(tokenize(null)).toEqual([]);
  });

  test('unspaced scripts stay one token per run; combining marks split words', () => {
    expect(tokenize('北京是中国的首都。東京タワー')).toEqual(['北京是中国的首都', '東京タワー']);
    // The Devanagari vowel signs ि (U+093F) and ो are marks, not \w in Python: they split.
    expect(tokenize('किताब')).toEqual(['क', 'त', 'ब']);
  });
});

test.describe('tokenizeMultilingual (our variant for non-AEB corpora)', () => {
  test('one token per Han/kana letter; words elsewhere keep their combining marks', () => {
    expect(tokenizeMultilingual('北京是首都。東京タワー')).toEqual(['北', '京', '是', '首', '都', '東', '京', 'タ', 'ワ', 'ー']);
    expect(tokenizeMultilingual('किताब पढ़ो')).toEqual(['किताब', 'पढ़ो']);
    expect(tokenizeMultilingual('한국어 문장')).toEqual(['한국어', '문장']);
  });

  test('equals the AEB tokenisation on space-separated text without marks', () => {
    const text = 'Hello, world! It’s 2019—über-cool_stuff. Ça va? Привет, мир.';
    expect(tokenizeMultilingual(text)).toEqual(tokenize(text));
  });
});

test.describe('shingles', () => {
  test('4-grams in order; fewer than 4 tokens give one shorter shingle; none give none', () => {
    // 5 tokens → positions 0 and 1.
    expect(shingles(['a', 'b', 'c', 'd', 'e'])).toEqual([['a', 'b', 'c', 'd'], ['b', 'c', 'd', 'e']]);
    expect(shingles(['a', 'b', 'c', 'd'])).toEqual([['a', 'b', 'c', 'd']]);
    expect(shingles(['a', 'b', 'c'])).toEqual([['a', 'b', 'c']]);
    expect(shingles(['a'])).toEqual([['a']]);
    expect(shingles([])).toEqual([]);
    expect(shingles(['a', 'b', 'c'], 2)).toEqual([['a', 'b'], ['b', 'c']]);
  });
});

test.describe('pageScores', () => {
  test('identical texts score 1/1/1 and are exact', () => {
    // 9 tokens → 6 shingles, all matched: tp = 6 → normalised 1, fp = fn = 0.
    const s = pageScores('The quick brown fox jumps over the lazy dog.', 'The quick brown fox jumps over the lazy dog');
    expect(s).toMatchObject({ precision: 1, recall: 1, f1: 1, tp: 1, fp: 0, fn: 0, exact: true });
    expect(s.truthShingles).toBe(6);
  });

  test('disjoint texts score 0', () => {
    // One shingle each, different: tp = 0, fp = 1, fn = 1 → normalised 0, 0.5, 0.5.
    const s = pageScores('alpha beta gamma delta', 'one two three four');
    expect(s).toMatchObject({ precision: 0, recall: 0, f1: 0, tp: 0, fp: 0.5, fn: 0.5, exact: false });
  });

  test('truth plus junk: recall 1, precision = truth shingles / predicted shingles', () => {
    // Truth: 7 tokens → 4 shingles. Prediction: the same 7 + 2 junk tokens = 9 → 6 shingles,
    // of which the 4 of the truth match. tp = 4, fp = 2, fn = 0; sum 6 → 4/6, 2/6, 0.
    // P = 4/6 = 2/3, R = 1, F1 = 2·(2/3)·1 / (5/3) = 4/5.
    const truth = 'the cat sat on the warm mat';
    const s = pageScores(`${truth}. Subscribe now!`, truth);
    expect(s.precision).toBeCloseTo(2 / 3, 12);
    expect(s.recall).toBe(1);
    expect(s.f1).toBeCloseTo(0.8, 12);
    expect(s.tp).toBeCloseTo(4 / 6, 12);
    expect(s.fp).toBeCloseTo(2 / 6, 12);
    expect(s.fn).toBe(0);
    expect([s.predictedShingles, s.truthShingles]).toEqual([6, 4]);
  });

  test('texts shorter than 4 tokens are one shingle: all or nothing', () => {
    // 3 tokens each → one 3-token shingle each, equal → 1/1.
    expect(pageScores('Breaking news today', 'Breaking news today')).toMatchObject({ precision: 1, recall: 1 });
    // ["Breaking","news"] ≠ ["Breaking","news","today"]: tp = 0 → P = R = 0 although 2 of 3 words match.
    expect(pageScores('Breaking news', 'Breaking news today')).toMatchObject({ precision: 0, recall: 0, tp: 0 });
  });

  test('empty prediction: precision and recall 0, but counts say it has no shingles', () => {
    // Truth 5 tokens → 2 shingles; prediction none. tp = fp = 0, fn = 2 → normalised fn = 1.
    for (const predicted of ['', null, undefined, ' ,;! ']) {
      const s = pageScores(predicted, 'a b c d e');
      expect(s).toMatchObject({ precision: 0, recall: 0, tp: 0, fp: 0, fn: 1, exact: false, predictedShingles: 0 });
    }
  });

  test('empty prediction and empty truth: 1/1 and exact (fp = fn = 0)', () => {
    expect(pageScores('', '')).toMatchObject({ precision: 1, recall: 1, f1: 1, tp: 0, fp: 0, fn: 0, exact: true });
  });

  test('empty truth with a prediction: precision 0, recall 0', () => {
    // tp = 0, fp = 1 (normalised), fn = 0. P: tp/(tp+fp) = 0. R: tp = fn = 0 → 0.
    expect(pageScores('some extracted text here', '')).toMatchObject({ precision: 0, recall: 0, fp: 1 });
  });

  test('repeated shingles are counted as a multiset', () => {
    // Truth "one two three four one two three four": 8 tokens → 5 shingles, with
    // "one two three four" twice. Prediction "one two three four": that shingle once.
    // tp = min(2,1) = 1, fp = 0, fn = 1 + 1 + 1 + 1 = 4; sum 5 → tp 0.2, fn 0.8.
    // P = 0.2/0.2 = 1, R = 0.2, F1 = 2·0.2/1.2 = 1/3. (Counting distinct shingles would give R = 1/4.)
    const short = 'one two three four';
    const long = `${short} ${short}`;
    const a = pageScores(short, long);
    expect(a.tp).toBeCloseTo(0.2, 12);
    expect(a.fn).toBeCloseTo(0.8, 12);
    expect(a.precision).toBe(1);
    expect(a.recall).toBeCloseTo(0.2, 12);
    expect(a.f1).toBeCloseTo(1 / 3, 12);
    // Reversed: the prediction repeats itself. tp = 1, fp = 4 → P = 1/5, R = 1.
    const b = pageScores(long, short);
    expect(b.precision).toBeCloseTo(0.2, 12);
    expect(b.recall).toBe(1);
  });

  test('case matters, punctuation does not', () => {
    expect(pageScores('the cat sat down', 'The cat sat down')).toMatchObject({ precision: 0, exact: false });
    expect(pageScores('Hello world It s fine', 'Hello, world! It’s fine.')).toMatchObject({ precision: 1, recall: 1, exact: true });
  });

  test('Chinese: the AEB tokenisation is all-or-nothing, the multilingual one is graded', () => {
    const truth = '北京是中国的首都';
    const predicted = '北京是中国的首都。广告';
    // AEB: truth = 1 token → 1 shingle; prediction = 2 tokens → 1 two-token shingle; no match.
    expect(pageScores(predicted, truth)).toMatchObject({ precision: 0, recall: 0 });
    // Multilingual: truth 8 characters → 5 shingles, prediction 10 → 7; the 5 match.
    // P = 5/7, R = 1.
    const s = pageScores(predicted, truth, { tokenizer: tokenizeMultilingual });
    expect(s.precision).toBeCloseTo(5 / 7, 12);
    expect(s.recall).toBe(1);
  });
});

/** A page with the given per-page precision and recall shape, built from real texts. */
const identical = (): PageCounts => pageScores('a b c d e f', 'a b c d e f'); // P 1, R 1, exact
const truncated = (): PageCounts => pageScores('one two three four', 'one two three four one two three four'); // P 1, R 0.2
const repeated = (): PageCounts => pageScores('one two three four one two three four', 'one two three four'); // P 0.2, R 1
const missing = (): PageCounts => pageScores('', 'a b c d e'); // no prediction: R 0, not in P

test.describe('aggregate', () => {
  test('F1 is formed from the mean precision and recall, not the mean of page F1s', () => {
    // Page 1: P 1, R 0.2 (F1 1/3). Page 2: P 0.2, R 1 (F1 1/3).
    // Means: P = 0.6, R = 0.6 → F1 = 0.6; the mean of page F1s would be 1/3.
    const pages = [pageScores('one two three four', 'one two three four one two three four'), pageScores('one two three four one two three four', 'one two three four')];
    const meanOfPageF1 = (pages[0]!.f1 + pages[1]!.f1) / 2;
    const result = aggregate(pages, { bootstrapSamples: 0 });
    expect(result.precision).toBeCloseTo(0.6, 12);
    expect(result.recall).toBeCloseTo(0.6, 12);
    expect(result.f1).toBeCloseTo(0.6, 12);
    expect(meanOfPageF1).toBeCloseTo(1 / 3, 12);
    expect(result.accuracy).toBe(0);
  });

  test('an empty prediction counts in recall only; accuracy is over all pages', () => {
    // Pages: identical (P 1, R 1, exact) and missing (R 0). P = mean(1) = 1; R = mean(1, 0) = 0.5;
    // F1 = 2·1·0.5 / 1.5 = 2/3; accuracy = 1/2.
    const result = aggregate([identical(), missing()], { bootstrapSamples: 0 });
    expect(result).toMatchObject({ precision: 1, recall: 0.5, accuracy: 0.5, n: 2, precisionPages: 1, recallPages: 2 });
    expect(result.f1).toBeCloseTo(2 / 3, 12);
  });

  test('degenerate sets give 0 instead of failing', () => {
    expect(aggregate([], { bootstrapSamples: 10 })).toMatchObject({ precision: 0, recall: 0, f1: 0, accuracy: 0, n: 0, f1Std: 0 });
    expect(aggregate([missing()], { bootstrapSamples: 10 })).toMatchObject({ precision: 0, recall: 0, f1: 0 });
  });

  test('the bootstrap is reproducible with the same seed and varies with another', () => {
    const pages = [identical(), truncated(), repeated(), missing(), identical(), truncated()];
    const a = aggregate(pages, { bootstrapSamples: 200, seed: 7 });
    const b = aggregate(pages, { bootstrapSamples: 200, seed: 7 });
    const c = aggregate(pages, { bootstrapSamples: 200, seed: 8 });
    expect(b).toEqual(a);
    expect(a.f1Std).toBeGreaterThan(0);
    expect(a.precisionStd).toBeGreaterThan(0);
    expect(a.recallStd).toBeGreaterThan(0);
    expect(a.accuracyStd).toBeGreaterThan(0);
    expect(c.f1Std).not.toBe(a.f1Std);
    // The point figures do not depend on the bootstrap.
    expect(c.f1).toBe(a.f1);
  });

  test('identical pages have no spread', () => {
    const result = aggregate([truncated(), truncated(), truncated(), truncated()], { bootstrapSamples: 100 });
    expect(result).toMatchObject({ precisionStd: 0, recallStd: 0, f1Std: 0, accuracyStd: 0 });
  });

  test('the spread has the size of a standard error', () => {
    // 100 pages, half exact: accuracy 0.5 and its bootstrap std ≈ √(0.5·0.5/100) = 0.05.
    // With 1000 samples the estimate is within a few percent of that.
    const pages = Array.from({ length: 100 }, (_, i) => (i % 2 === 0 ? identical() : truncated()));
    const result = aggregate(pages, { bootstrapSamples: 1000, seed: 1 });
    expect(result.accuracy).toBe(0.5);
    expect(result.accuracyStd).toBeGreaterThan(0.045);
    expect(result.accuracyStd).toBeLessThan(0.055);
  });
});

test.describe('bootstrapDifference', () => {
  test('a system against itself differs by exactly 0', () => {
    const pages = [identical(), truncated(), repeated(), missing()];
    const d = bootstrapDifference(pages, pages, { bootstrapSamples: 100 });
    expect(d.f1).toEqual({ observed: 0, mean: 0, std: 0 });
  });

  test('a system better on every page has a positive difference', () => {
    // A: identical on 3 pages (R 1). B: truncated on the same 3 (R 0.2). R difference 0.8 on every sample.
    const a = [identical(), identical(), identical()];
    const b = [truncated(), truncated(), truncated()];
    const d = bootstrapDifference(a, b, { bootstrapSamples: 50 });
    expect(d.recall.observed).toBeCloseTo(0.8, 12);
    expect(d.recall.mean).toBeCloseTo(0.8, 12);
    expect(d.recall.std).toBeCloseTo(0, 12);
    expect(() => bootstrapDifference(a, b.slice(1))).toThrow(RangeError);
  });
});

test('seededRandom is deterministic and in [0, 1)', () => {
  const a = seededRandom(123);
  const b = seededRandom(123);
  const xs = Array.from({ length: 1000 }, () => a());
  expect(Array.from({ length: 1000 }, () => b())).toEqual(xs);
  expect(Math.min(...xs)).toBeGreaterThanOrEqual(0);
  expect(Math.max(...xs)).toBeLessThan(1);
  // Roughly uniform: the mean of 1000 draws is near 0.5 (std of the mean ≈ 0.009).
  expect(Math.abs(xs.reduce((s, x) => s + x, 0) / xs.length - 0.5)).toBeLessThan(0.04);
});

test.describe("wordScore (WCXB's word F1)", () => {
  test('lower-cased Unicode words as a multiset: P, R and F1 of the overlap', () => {
    // truth: 6 words; prediction: 4 of them plus 2 others ("Der" matches "der" once).
    const s = wordScore('Der Hund läuft — ÜBER alles, extra', 'der hund läuft über den weg');
    expect(s.precision).toBeCloseTo(4 / 6, 10);
    expect(s.recall).toBeCloseTo(4 / 6, 10);
    expect(s.f1).toBeCloseTo(4 / 6, 10);
    // A repeated word counts as often as the truth has it, no more.
    expect(wordScore('the the the', 'the cat').precision).toBeCloseTo(1 / 3, 10);
  });
  test('words of every script count (JavaScript\'s \\w would drop them); unspaced runs are one word', () => {
    expect(wordScore('Москва — столица', 'москва столица России').recall).toBeCloseTo(2 / 3, 10);
    expect(wordScore('北京是首都', '北京是首都').f1).toBe(1);
    expect(wordScore('北京', '北京是首都').f1).toBe(0);
  });
  test('empty truth scores 1 only for an empty prediction; an empty prediction of a real truth scores 0', () => {
    expect(wordScore('', '').f1).toBe(1);
    expect(wordScore('something', '').f1).toBe(0);
    expect(wordScore('', 'something').f1).toBe(0);
    expect(wordScore('— …', '').f1).toBe(1);
  });
  test('the collection figure is the mean of per-page F1', () => {
    expect(meanWordF1([{ f1: 1 }, { f1: 0 }, { f1: 0.5 }])).toBeCloseTo(0.5, 10);
    expect(meanWordF1([])).toBe(0);
  });
});
