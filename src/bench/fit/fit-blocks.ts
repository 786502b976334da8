/**
 * Fitting the block model (score/block-model.ts) on labelled pages, and running it on pages
 * the way extraction does. Pure (no I/O).
 */
import { BLOCK_FEATURE_COUNT, BLOCK_FEATURES, setUnitColumns, type BlockFeatureName } from '../../score/block-features.js';
import { blockContext, CONTEXT_FEATURE_COUNT } from '../../score/block-context.js';
import { logistic, PASS2_FEATURES, weightVector, type BlockModelFeature, type BlockModelWeights } from '../../score/block-model.js';
import { chooseBodyBlocks } from '../../score/select.js';
import { aggregate, meanWordF1, pageScores, TOKENIZERS, wordScore, type AggregateScores, type PageScore } from '../metrics.js';
import { unitScoresOf, type FitPage } from './dataset.js';
import { fitLogistic, type LogisticData } from './logistic.js';
import { fitGbdt, type GbdtOptions } from './gbdt.js';
import { treeLogit } from '../../score/trees.js';

export interface BlockFitOptions {
  l2: number;
  containerThreshold: number;
  /** Features left out (their weight is 0): for ablation. */
  drop?: ReadonlySet<BlockModelFeature>;
  /** How much a page counts in the fit (default 1 each). */
  pageWeight?: (page: FitPage) => number;
  /** The second pass's learner: logistic weights, or boosted trees (gbdt.ts). */
  learner?: 'logistic' | 'trees';
  gbdt?: Partial<GbdtOptions>;
}

const D1 = BLOCK_FEATURE_COUNT;
const D2 = PASS2_FEATURES.length;

/** Re-scores every page's units with docs/methods.md §4 weights (area, punctuation, link density, text density, length). */
export function applyUnitWeights(pages: readonly FitPage[], w: readonly number[]): void {
  for (const page of pages) setUnitColumns(page.features, page.unitOrders, unitScoresOf(page, w));
}

/** Row weights: each page weighs the same in total, and within a page a block weighs its tokens. */
function rowWeights(page: FitPage, pageWeight: number): Float64Array {
  let total = 0;
  for (let i = 0; i < page.rows; i++) total += page.tokens[i]!;
  return Float64Array.from(page.tokens, (t) => (total > 0 ? (pageWeight * t) / total : 0));
}

function stackPass1(pages: readonly FitPage[], drop: ReadonlySet<string>, pageWeight: (p: FitPage) => number): LogisticData {
  const rows = pages.reduce((n, p) => n + p.rows, 0);
  const x = new Float64Array(rows * D1);
  const y = new Float64Array(rows);
  const w = new Float64Array(rows);
  let r = 0;
  for (const p of pages) {
    x.set(p.features, r * D1);
    y.set(p.label, r);
    w.set(rowWeights(p, pageWeight(p)), r);
    r += p.rows;
  }
  zeroColumns(x, D1, BLOCK_FEATURES, drop);
  return { x, y, w, rows, dims: D1 };
}

/** Pass-2 rows of one page: its block features then its context under `w1`. */
export function pass2Rows(page: FitPage, w1: Float64Array, containerThreshold: number): { x: Float64Array; p1: Float64Array; containerId: number } {
  const p1 = new Float64Array(page.rows);
  for (let i = 0; i < page.rows; i++) {
    let eta = 0;
    for (let j = 0; j < D1; j++) eta += w1[j]! * page.features[i * D1 + j]!;
    p1[i] = logistic(eta);
  }
  const ctx = blockContext(page.shape, page.places, p1, containerThreshold, page.features);
  const x = new Float64Array(page.rows * D2);
  for (let i = 0; i < page.rows; i++) {
    x.set(page.features.subarray(i * D1, (i + 1) * D1), i * D2);
    x.set(ctx.values.subarray(i * CONTEXT_FEATURE_COUNT, (i + 1) * CONTEXT_FEATURE_COUNT), i * D2 + D1);
  }
  return { x, p1, containerId: ctx.containerId };
}

export function fitBlockModel(pages: readonly FitPage[], options: BlockFitOptions, calibration = 0): BlockModelWeights {
  const drop = options.drop ?? new Set<BlockModelFeature>();
  const pageWeight = options.pageWeight ?? (() => 1);
  const fit1 = fitLogistic(stackPass1(pages, drop, pageWeight), { l2: options.l2 });
  const w1 = Float64Array.from(fit1.weights);
  const rows = pages.reduce((n, p) => n + p.rows, 0);
  const x = new Float64Array(rows * D2);
  const y = new Float64Array(rows);
  const w = new Float64Array(rows);
  let r = 0;
  for (const p of pages) {
    x.set(pass2Rows(p, w1, options.containerThreshold).x, r * D2);
    y.set(p.label, r);
    w.set(rowWeights(p, pageWeight(p)), r);
    r += p.rows;
  }
  zeroColumns(x, D2, PASS2_FEATURES, drop);
  if (options.learner === 'trees') {
    return {
      pass1: named(BLOCK_FEATURES, fit1.weights),
      pass2: {},
      pass2Trees: fitGbdt({ x, y, w, rows, dims: D2 }, PASS2_FEATURES, options.gbdt),
      containerThreshold: options.containerThreshold,
      calibration,
    };
  }
  const fit2 = fitLogistic({ x, y, w, rows, dims: D2 }, { l2: options.l2 });
  return {
    pass1: named(BLOCK_FEATURES, fit1.weights),
    pass2: named(PASS2_FEATURES, fit2.weights),
    containerThreshold: options.containerThreshold,
    calibration,
  };
}

/** Second-pass probabilities of every block of a page under a fitted model. */
export function predictPage(page: FitPage, model: BlockModelWeights): Float64Array {
  const w1 = weightVector(BLOCK_FEATURES, model.pass1 as Partial<Record<BlockFeatureName, number>>);
  const w2 = weightVector(PASS2_FEATURES, model.pass2);
  const { x } = pass2Rows(page, w1, model.containerThreshold);
  const p = new Float64Array(page.rows);
  if (model.pass2Trees) {
    for (let i = 0; i < page.rows; i++) p[i] = logistic(treeLogit(model.pass2Trees, x, i * D2));
    return p;
  }
  for (let i = 0; i < page.rows; i++) {
    let eta = 0;
    for (let j = 0; j < D2; j++) eta += w2[j]! * x[i * D2 + j]!;
    p[i] = logistic(eta);
  }
  return p;
}

/** The page's extracted text as selection would produce it from probabilities `p`. */
export function selectedText(page: FitPage, p: ArrayLike<number>, calibration: number): string {
  return chooseBodyBlocks(p, page.words, calibration)
    .map((i) => page.texts[i]!)
    .join('\n\n');
}

/** A page's score in both metrics: AEB's token 4-grams, and WCXB's bag-of-words F1 (metrics/word-f1.ts). */
export type FitScore = PageScore & { wordF1: number };
/** A group's figures: AEB's (F1 of the mean P and R) and WCXB's (mean of per-page word F1). */
export type FitAggregate = AggregateScores & { wordF1: number };

export function scorePage(page: FitPage, text: string): FitScore {
  return { ...pageScores(text, page.truth, { tokenizer: TOKENIZERS[page.tokenization] }), wordF1: wordScore(text, page.truth).f1 };
}

export function aggregateScores(scores: readonly FitScore[], bootstrapSamples = 0): FitAggregate {
  return { ...aggregate(scores, { bootstrapSamples }), wordF1: meanWordF1(scores.map((s) => ({ f1: s.wordF1 }))) };
}

function named<N extends string>(names: readonly N[], weights: readonly number[]): Partial<Record<N, number>> {
  const out: Partial<Record<N, number>> = {};
  names.forEach((name, j) => {
    const v = weights[j] ?? 0;
    if (v !== 0) out[name] = Math.round(v * 1e4) / 1e4;
  });
  return out;
}

function zeroColumns(x: Float64Array, dims: number, names: readonly string[], drop: ReadonlySet<string>): void {
  if (drop.size === 0) return;
  const cols = names.map((n, j) => (drop.has(n) ? j : -1)).filter((j) => j >= 0);
  for (let r = 0; r < x.length / dims; r++) for (const j of cols) x[r * dims + j] = 0;
}
