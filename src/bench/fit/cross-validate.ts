/**
 * Cross-validation grouped by site: every page of a site is in the same fold, so a score
 * measures pages of sites the fit never saw — the honest figure for a model that will meet
 * sites nobody fitted it on. Pure.
 */
import type { BlockModelFeature, BlockModelWeights } from '../../score/block-model.js';
import type { PageTypeWeights } from '../../score/page-type.js';
import type { ScoreWeights } from '../../score/weights.js';
import { siteFolds, type FitPage } from './dataset.js';
import { aggregateScores, applyUnitWeights, type FitAggregate, type FitScore, fitBlockModel, pass2Rows, predictPage, scorePage, selectedText } from './fit-blocks.js';
import { BLOCK_FEATURES } from '../../score/block-features.js';
import { logistic, PASS2_FEATURES, weightVector } from '../../score/block-model.js';
import { treeLogit } from '../../score/trees.js';
import { fitPageType } from './fit-page-type.js';
import { fitUnitWeights, weightArray } from './fit-units.js';
import type { GbdtOptions } from './gbdt.js';

export interface CvConfig {
  folds: number;
  l2: number;
  containerThreshold: number;
  /** Grid step of the docs/methods.md §4 weights. */
  unitStep: number;
  drop?: ReadonlySet<BlockModelFeature>;
  /** How much a training page counts (0 leaves it out of training; it is still scored). */
  pageWeight?: (page: FitPage) => number;
  learner?: 'logistic' | 'trees';
  gbdt?: Partial<GbdtOptions>;
}

export interface FoldModels {
  unitWeights: ScoreWeights;
  blockModel: BlockModelWeights;
  pageType: PageTypeWeights;
}

export interface CvResult {
  /** Second-pass probabilities of each page's blocks from the fold that did not see it. */
  outOfFold: Float64Array[];
  /** The fold of each page. */
  fold: number[];
  models: FoldModels[];
}

export function crossValidate(pages: readonly FitPage[], config: CvConfig, onFold?: (k: number) => void): CvResult {
  const fold = siteFolds(pages, config.folds);
  const outOfFold = new Array<Float64Array>(pages.length);
  const models: FoldModels[] = [];
  for (let k = 0; k < config.folds; k++) {
    const weight = config.pageWeight ?? (() => 1);
    const train = pages.filter((p, i) => fold[i] !== k && weight(p) > 0);
    const test = pages.map((p, i) => ({ p, i })).filter(({ i }) => fold[i] === k);
    const unitWeights = fitUnitWeights(train, config.unitStep).weights;
    applyUnitWeights(pages, weightArray(unitWeights));
    const blockModel = fitBlockModel(train, { l2: config.l2, containerThreshold: config.containerThreshold, pageWeight: weight, ...(config.drop ? { drop: config.drop } : {}), ...(config.learner ? { learner: config.learner } : {}), ...(config.gbdt ? { gbdt: config.gbdt } : {}) });
    for (const { p, i } of test) outOfFold[i] = predictPage(p, blockModel);
    // The page type is fitted on every training page, whatever weight the body model gives it.
    models.push({ unitWeights, blockModel, pageType: fitPageType(pages.filter((_, i) => fold[i] !== k), 1) });
    onFold?.(k);
  }
  return { outOfFold, fold, models };
}

/** Scores of every page when its blocks are chosen from probabilities `p` with a calibration shift. */
export function scoreAt(pages: readonly FitPage[], p: readonly Float64Array[], calibration: number): FitScore[] {
  return pages.map((page, i) => scorePage(page, selectedText(page, p[i]!, calibration)));
}

/** Aggregates by group (e.g. corpus, or corpus and page type): name → scores. */
export function scoresBy(pages: readonly FitPage[], scores: readonly FitScore[], group: (page: FitPage) => string | undefined): Map<string, FitAggregate> {
  const groups = new Map<string, FitScore[]>();
  pages.forEach((page, i) => {
    const g = group(page);
    if (g === undefined) return;
    const list = groups.get(g);
    if (list) list.push(scores[i]!);
    else groups.set(g, [scores[i]!]);
  });
  return new Map([...groups].map(([g, s]) => [g, aggregateScores(s)]));
}

/**
 * Permutation importance: the scores when one second-pass feature's values are shuffled
 * across the blocks of each fold (the model keeps its weights; the feature's information is
 * gone). Cheap beside refitting, so it can be done for every feature.
 */
export function permutedScores(pages: readonly FitPage[], cv: CvResult, column: number, calibration: number, seed = 1): FitScore[] {
  let state = seed;
  const random = (): number => (state = (Math.imul(state, 48271) >>> 0) % 2147483647) / 2147483647;
  const scores: FitScore[] = new Array(pages.length);
  for (let k = 0; k < cv.models.length; k++) {
    const model = cv.models[k]!.blockModel;
    applyUnitWeights(pages, weightArray(cv.models[k]!.unitWeights));
    const members = pages.map((p, i) => ({ p, i })).filter(({ i }) => cv.fold[i] === k);
    const w1 = weightVector(BLOCK_FEATURES, model.pass1);
    const rows = members.map(({ p }) => pass2Rows(p, w1, model.containerThreshold).x);
    const pool: number[] = [];
    for (const x of rows) for (let r = 0; r < x.length / PASS2_FEATURES.length; r++) pool.push(x[r * PASS2_FEATURES.length + column]!);
    members.forEach(({ p, i }, m) => {
      const x = rows[m]!;
      const n = x.length / PASS2_FEATURES.length;
      for (let r = 0; r < n; r++) x[r * PASS2_FEATURES.length + column] = pool[Math.floor(random() * pool.length)]!;
      const prob = new Float64Array(n);
      for (let r = 0; r < n; r++) prob[r] = logistic(model.pass2Trees ? treeLogit(model.pass2Trees, x, r * PASS2_FEATURES.length) : dotRow(weightVector(PASS2_FEATURES, model.pass2), x, r * PASS2_FEATURES.length));
      scores[i] = scorePage(p, selectedText(p, prob, calibration));
    });
  }
  return scores;
}

function dotRow(w: Float64Array, x: Float64Array, offset: number): number {
  let s = 0;
  for (let j = 0; j < w.length; j++) s += w[j]! * x[offset + j]!;
  return s;
}
