/**
 * The extraction metric of the public article-extraction benchmark (AEB, Scrapinghub/Zyte),
 * re-implemented from its published description. Pure: no I/O.
 *
 * Source: repository scrapinghub/article-extraction-benchmark, files `evaluate.py` (latest
 * stored version, commit 7d95432) and `README.rst`. What they publish, point by point:
 *
 *  1. Data. `ground-truth.json` and each system's `output/<system>.json` map a page id to
 *     `{ articleBody, url? }`; only `articleBody` is scored. A missing or null `articleBody`
 *     scores as the empty string. Prediction and truth must have the same ids.
 *  2. Tokens. The regular expression `\w+` with Python's Unicode semantics: a token is a maximal
 *     run of letters (general category L*), numbers (N*) and `_`. Tokens keep their case and
 *     punctuation is dropped. Combining marks (M*) are *not* word characters, so they split
 *     words (this matters for Indic scripts), and scripts written without spaces (Chinese,
 *     Japanese, Thai) come out as one token per unbroken run. `[\p{L}\p{N}_]` below was checked
 *     against Python 3.11's `re` over every code point: identical on all characters Python
 *     assigns; newer Unicode letters are word characters in both once assigned.
 *  3. Shingles. The token 4-grams (n = 4) in order, i.e. positions 0 … len−n. A text with at
 *     least one but fewer than n tokens gives exactly one shorter shingle (all its tokens); an
 *     empty text gives none.
 *  4. Per-page counts. Shingles are counted as a multiset. For every distinct shingle with
 *     count t in the truth and p in the prediction: tp += min(t, p), fp += max(0, p − t),
 *     fn += max(0, t − p). Then tp, fp, fn are divided by their sum (when it is > 0) "so that
 *     longer texts do not have more weight".
 *  5. Per-page precision: 1 when fp = fn = 0 (this includes both texts empty); else 0 when
 *     tp = fp = 0; else tp / (tp + fp). Recall likewise with fn: 1 when fp = fn = 0; 0 when
 *     tp = fn = 0; else tp / (tp + fn). (Normalisation does not change these ratios.)
 *  6. Corpus precision is the mean of per-page precision over the pages whose prediction has
 *     shingles (tp + fp > 0): an empty prediction lowers recall but is left out of precision.
 *     Corpus recall is the mean of per-page recall over the pages whose truth has shingles
 *     (tp + fn > 0).
 *  7. F1 is formed from the two means, 2PR / (P + R) — not the mean of per-page F1.
 *  8. Accuracy of a page is 1 when the token sequences of prediction and truth are identical
 *     (step 2, no shingles), else 0; corpus accuracy is the mean over all pages.
 *  9. Spread. Bootstrap, 1000 samples by default: each sample draws n page indices uniformly
 *     with replacement; P, R, F1 (steps 6–7) and accuracy are recomputed on the sample; the
 *     published "±" is the sample standard deviation (n − 1 in the denominator) of each over
 *     the bootstrap samples. The published script does not seed its generator.
 * 10. Comparing two systems (`--bootstrap-differences`): the same indices are drawn for both,
 *     and the mean ± standard deviation of the per-sample differences of P, R, F1 is reported.
 *
 * Where this module differs, only in cases where the published script raises instead of
 * answering: a mean over no eligible pages (step 6) is taken as 0, and F1 with P + R = 0 is 0.
 * The bootstrap uses a seeded generator (mulberry32) so a run can be reproduced; its figures
 * therefore match the published ones in distribution, not digit for digit.
 *
 * Not published, added for reports: per-page F1 = 2pr / (p + r) (0 when p + r = 0), and a
 * second tokeniser for our own corpora (`tokenizeMultilingual`, see below).
 */

/** Turns a text into the tokens that shingles are built from. */
export type Tokenizer = (text: string) => string[];

/** The published token pattern (point 2). */
const AEB_TOKEN = /[\p{L}\p{N}_]+/gu;

/**
 * The published AEB tokenisation, exact (point 2). Use it whenever figures are compared with
 * AEB's published ones.
 */
export function tokenize(text: string | null | undefined): string[] {
  return (text ?? '').match(AEB_TOKEN) ?? [];
}

/**
 * Scripts written without spaces between words. In `tokenizeMultilingual` each of their
 * letters is a token of its own (with any combining marks that follow it), so that a Chinese
 * or Japanese paragraph yields many shingles instead of one token per sentence.
 * Hangul is not listed: Korean separates words with spaces.
 */
const UNSPACED_SCRIPTS = String.raw`\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}\p{sc=Thai}\p{sc=Lao}\p{sc=Khmer}\p{sc=Myanmar}\p{sc=Tibetan}`;

const MULTILINGUAL_TOKEN = new RegExp(
  // one letter/number of an unspaced script, with its combining marks …
  String.raw`(?:(?=[\p{L}\p{N}])[${UNSPACED_SCRIPTS}]\p{M}*)` +
    // … or a run of word characters of any other script, combining marks included
    String.raw`|(?:(?![${UNSPACED_SCRIPTS}])[\p{L}\p{N}\p{M}_])+`,
  'gu',
);

/**
 * Tokenisation for broadsheet's own samples and other multilingual corpora (not AEB's):
 * like `tokenize`, except that (a) letters of scripts written without spaces (Han, Hiragana,
 * Katakana, Thai, Lao, Khmer, Myanmar, Tibetan) are one token each, and (b) combining marks
 * stay inside the word they belong to (Devanagari vowel signs, Arabic harakat). On text in
 * space-separated scripts without combining marks it gives exactly the tokens of `tokenize`.
 */
export function tokenizeMultilingual(text: string | null | undefined): string[] {
  return (text ?? '').match(MULTILINGUAL_TOKEN) ?? [];
}

/** The tokenisers by name, so a corpus can say which one its truth is meant for. */
export const TOKENIZERS = {
  aeb: tokenize,
  multilingual: tokenizeMultilingual,
} as const satisfies Record<string, Tokenizer>;

export type TokenizationName = keyof typeof TOKENIZERS;

/** The published shingle length (point 3). */
export const SHINGLE_SIZE = 4;

/**
 * The shingles of a token list, in order (point 3): every run of `n` consecutive tokens; a
 * non-empty list shorter than `n` gives one shingle holding all of it; an empty list gives none.
 */
export function shingles(tokens: readonly string[], n: number = SHINGLE_SIZE): string[][] {
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`shingle size must be a positive integer, got ${n}`);
  const result: string[][] = [];
  const starts = Math.max(1, tokens.length - n + 1);
  for (let i = 0; i < starts; i++) {
    const shingle = tokens.slice(i, i + n);
    if (shingle.length > 0) result.push(shingle);
  }
  return result;
}

/** Shingles as a multiset. Tokens never contain spaces, so a space-joined key is unambiguous. */
function countShingles(tokens: readonly string[], n: number): Map<string, number> {
  const counts = new Map<string, number>();
  for (const shingle of shingles(tokens, n)) {
    const key = shingle.join(' ');
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

/** What the corpus figures are built from (points 4 and 8). */
export interface PageCounts {
  /** True positives, normalised so that tp + fp + fn = 1 (all 0 when both texts are empty). */
  tp: number;
  fp: number;
  fn: number;
  /** Accuracy of the page: the token sequences are identical. */
  exact: boolean;
}

export interface PageScore extends PageCounts {
  precision: number;
  recall: number;
  /** Per-page 2pr / (p + r); for reports only — the corpus F1 is formed from the means. */
  f1: number;
  /** Number of shingles in the prediction and in the truth, before normalisation. */
  predictedShingles: number;
  truthShingles: number;
}

export interface ScoreOptions {
  /** Defaults to the published `tokenize`. */
  tokenizer?: Tokenizer;
  /** Shingle size; defaults to the published 4. */
  n?: number;
}

/** Per-page precision as published (point 5). */
export function precisionOf({ tp, fp, fn }: Pick<PageCounts, 'tp' | 'fp' | 'fn'>): number {
  if (fp === 0 && fn === 0) return 1;
  if (tp === 0 && fp === 0) return 0;
  return tp / (tp + fp);
}

/** Per-page recall as published (point 5). */
export function recallOf({ tp, fp, fn }: Pick<PageCounts, 'tp' | 'fp' | 'fn'>): number {
  if (fp === 0 && fn === 0) return 1;
  if (tp === 0 && fn === 0) return 0;
  return tp / (tp + fn);
}

function harmonicMean(precision: number, recall: number): number {
  return precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
}

/** Scores one page: the extracted text against the ground-truth body (points 2–5, 8). */
export function pageScores(
  predicted: string | null | undefined,
  truth: string | null | undefined,
  options: ScoreOptions = {},
): PageScore {
  const tokenizer = options.tokenizer ?? tokenize;
  const n = options.n ?? SHINGLE_SIZE;
  const predictedTokens = tokenizer(predicted ?? '');
  const truthTokens = tokenizer(truth ?? '');
  const predictedCounts = countShingles(predictedTokens, n);
  const truthCounts = countShingles(truthTokens, n);

  let tp = 0;
  let fp = 0;
  let fn = 0;
  let predictedShingles = 0;
  let truthShingles = 0;
  for (const [key, p] of predictedCounts) {
    const t = truthCounts.get(key) ?? 0;
    tp += Math.min(t, p);
    fp += Math.max(0, p - t);
    predictedShingles += p;
  }
  for (const [key, t] of truthCounts) {
    fn += Math.max(0, t - (predictedCounts.get(key) ?? 0));
    truthShingles += t;
  }
  const total = tp + fp + fn;
  if (total > 0) {
    tp /= total;
    fp /= total;
    fn /= total;
  }

  const counts = { tp, fp, fn };
  const precision = precisionOf(counts);
  const recall = recallOf(counts);
  return {
    tp,
    fp,
    fn,
    precision,
    recall,
    f1: harmonicMean(precision, recall),
    exact: sameTokens(predictedTokens, truthTokens),
    predictedShingles,
    truthShingles,
  };
}

function sameTokens(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((token, i) => token === b[i]);
}

/** Corpus figures (points 6–9). The `…Std` values are bootstrap standard deviations. */
export interface AggregateScores {
  precision: number;
  recall: number;
  f1: number;
  accuracy: number;
  precisionStd: number;
  recallStd: number;
  f1Std: number;
  accuracyStd: number;
  /** Pages scored. */
  n: number;
  /** Pages that entered the precision mean (non-empty prediction) and the recall mean (non-empty truth). */
  precisionPages: number;
  recallPages: number;
  bootstrapSamples: number;
  seed: number;
}

export interface BootstrapOptions {
  /** Number of bootstrap samples; the published default is 1000. */
  bootstrapSamples?: number;
  /** Seed of the generator that draws the samples; the same seed gives the same spread. */
  seed?: number;
}

export const DEFAULT_BOOTSTRAP_SAMPLES = 1000;
export const DEFAULT_SEED = 42;

interface PointScores {
  precision: number;
  recall: number;
  f1: number;
  accuracy: number;
}

function mean(values: readonly number[]): number {
  let sum = 0;
  for (const value of values) sum += value;
  return values.length === 0 ? 0 : sum / values.length;
}

/**
 * Sample standard deviation (n − 1), as Python's `statistics.stdev`; 0 for fewer than two
 * values. The mean gets one corrective pass so that equal values give exactly 0, as the
 * published script (exact arithmetic) does.
 */
function sampleStd(values: readonly number[]): number {
  if (values.length < 2) return 0;
  let m = mean(values);
  let residual = 0;
  for (const value of values) residual += value - m;
  m += residual / values.length;
  let squares = 0;
  for (const value of values) squares += (value - m) ** 2;
  return Math.sqrt(squares / (values.length - 1));
}

/** P, R, F1 and accuracy of the pages at `indices` (points 6–8). */
function pointScores(pages: readonly PageCounts[], indices: readonly number[]): PointScores {
  const precisions: number[] = [];
  const recalls: number[] = [];
  const accuracies: number[] = [];
  for (const index of indices) {
    const page = pages[index];
    if (page === undefined) throw new RangeError(`page index ${index} out of range`);
    if (page.tp + page.fp > 0) precisions.push(precisionOf(page));
    if (page.tp + page.fn > 0) recalls.push(recallOf(page));
    accuracies.push(page.exact ? 1 : 0);
  }
  const precision = mean(precisions);
  const recall = mean(recalls);
  return { precision, recall, f1: harmonicMean(precision, recall), accuracy: mean(accuracies) };
}

/**
 * mulberry32: a small, well-mixed 32-bit generator. Returns numbers in [0, 1).
 * Chosen for reproducibility of the bootstrap, not for statistical strength beyond that.
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

/** One bootstrap sample: `n` indices drawn uniformly with replacement (point 9). */
function drawIndices(n: number, random: () => number): number[] {
  const indices = new Array<number>(n);
  for (let i = 0; i < n; i++) indices[i] = Math.floor(random() * n);
  return indices;
}

function allIndices(n: number): number[] {
  return Array.from({ length: n }, (_, i) => i);
}

function resolveBootstrap(options: BootstrapOptions): { samples: number; seed: number } {
  const samples = options.bootstrapSamples ?? DEFAULT_BOOTSTRAP_SAMPLES;
  if (!Number.isInteger(samples) || samples < 0) {
    throw new RangeError(`bootstrapSamples must be a non-negative integer, got ${samples}`);
  }
  return { samples, seed: options.seed ?? DEFAULT_SEED };
}

/** Corpus precision, recall, F1 (from the means), accuracy and their bootstrap spread. */
export function aggregate(pages: readonly PageCounts[], options: BootstrapOptions = {}): AggregateScores {
  const { samples, seed } = resolveBootstrap(options);
  const point = pointScores(pages, allIndices(pages.length));

  const draws: Record<keyof PointScores, number[]> = { precision: [], recall: [], f1: [], accuracy: [] };
  if (pages.length > 0) {
    const random = seededRandom(seed);
    for (let s = 0; s < samples; s++) {
      const sample = pointScores(pages, drawIndices(pages.length, random));
      draws.precision.push(sample.precision);
      draws.recall.push(sample.recall);
      draws.f1.push(sample.f1);
      draws.accuracy.push(sample.accuracy);
    }
  }

  return {
    ...point,
    precisionStd: sampleStd(draws.precision),
    recallStd: sampleStd(draws.recall),
    f1Std: sampleStd(draws.f1),
    accuracyStd: sampleStd(draws.accuracy),
    n: pages.length,
    precisionPages: pages.filter((page) => page.tp + page.fp > 0).length,
    recallPages: pages.filter((page) => page.tp + page.fn > 0).length,
    bootstrapSamples: samples,
    seed,
  };
}

/** A difference between two systems: on all pages, and its bootstrap mean and spread. */
export interface Difference {
  observed: number;
  mean: number;
  std: number;
}

export type ScoreDifferences = Record<keyof PointScores, Difference>;

/**
 * System A minus system B on the same pages (point 10): every bootstrap sample draws one set
 * of indices and scores both systems on it. `a[i]` and `b[i]` must be the same page.
 */
export function bootstrapDifference(
  a: readonly PageCounts[],
  b: readonly PageCounts[],
  options: BootstrapOptions = {},
): ScoreDifferences {
  if (a.length !== b.length) {
    throw new RangeError(`both systems must be scored on the same pages (${a.length} ≠ ${b.length})`);
  }
  const { samples, seed } = resolveBootstrap(options);
  const keys = ['precision', 'recall', 'f1', 'accuracy'] as const;
  const everyPage = allIndices(a.length);
  const pointA = pointScores(a, everyPage);
  const pointB = pointScores(b, everyPage);
  const draws: Record<keyof PointScores, number[]> = { precision: [], recall: [], f1: [], accuracy: [] };
  if (a.length > 0) {
    const random = seededRandom(seed);
    for (let s = 0; s < samples; s++) {
      const indices = drawIndices(a.length, random);
      const sampleA = pointScores(a, indices);
      const sampleB = pointScores(b, indices);
      for (const key of keys) draws[key].push(sampleA[key] - sampleB[key]);
    }
  }
  const difference = (key: keyof PointScores): Difference => ({
    observed: pointA[key] - pointB[key],
    mean: draws[key].length > 0 ? mean(draws[key]) : pointA[key] - pointB[key],
    std: sampleStd(draws[key]),
  });
  return {
    precision: difference('precision'),
    recall: difference('recall'),
    f1: difference('f1'),
    accuracy: difference('accuracy'),
  };
}
