/**
 * The block model: how likely each leaf block of a page is to be article body. Pure.
 *
 * Two logistic passes over the same blocks:
 *   1. each block on its own features (block-features.ts) → p₁;
 *   2. its own features plus its context under p₁ (block-context.ts: the neighbours, the
 *      enclosing elements, the body container) → p₂.
 * The weights are data, fitted on benchmark pages with cross-validation grouped by site by
 * `npm run fit` (src/bench/fit/), which writes them to fitted-params.ts.
 */
import type { LayoutTree } from '../segment/tree.js';
import type { ScoredUnit } from '../types.js';
import { BLOCK_FEATURE_COUNT, BLOCK_FEATURES, blockFeatures, type BlockFeatureName, type PageBlock } from './block-features.js';
import { treeContributions, type TreeEnsemble } from './trees.js';
import { blockContext, CONTEXT_FEATURE_COUNT, CONTEXT_FEATURES, type ContextFeatureName, type TreeShape } from './block-context.js';

export type BlockModelFeature = BlockFeatureName | ContextFeatureName;

/** The second pass reads both sets, block features first. */
export const PASS2_FEATURES: readonly BlockModelFeature[] = [...BLOCK_FEATURES, ...CONTEXT_FEATURES];

export interface BlockModelWeights {
  /** Logistic weights of the first pass, by feature name (a missing name weighs 0). */
  pass1: Partial<Record<BlockFeatureName, number>>;
  /** Logistic weights of the second pass (used when `pass2Trees` is absent). */
  pass2: Partial<Record<BlockModelFeature, number>>;
  /** Boosted trees for the second pass over PASS2_FEATURES, instead of the logistic weights. */
  pass2Trees?: TreeEnsemble;
  /** p₁ above this counts for a container, below against it (block-context.ts). */
  containerThreshold: number;
  /** Shift of p₂ on the logit scale before the body is chosen (select.ts: chooseBodyBlocks). */
  calibration: number;
}

export interface BlockScores {
  p1: Float64Array;
  p2: Float64Array;
  /** Row-major block features (BLOCK_FEATURES order). */
  features: Float64Array;
  /** Row-major context features (CONTEXT_FEATURES order). */
  context: Float64Array;
  /** The element holding the most first-pass body text; -1 when no block leans to body. */
  containerId: number;
  /** Each block's largest negative and positive contributions to p₂, for explanations. */
  mainTerms: Array<{ against: Term | undefined; for: Term | undefined }>;
}

export interface Term {
  feature: BlockModelFeature;
  value: number;
  contribution: number;
}

export function weightVector<N extends string>(names: readonly N[], weights: Partial<Record<N, number>>): Float64Array {
  return Float64Array.from(names, (name) => weights[name] ?? 0);
}

export function scoreBlocks(tree: LayoutTree, units: readonly ScoredUnit[], blocks: readonly PageBlock[], model: BlockModelWeights): BlockScores {
  const { values: features } = blockFeatures(tree, units, blocks);
  const w1 = weightVector(BLOCK_FEATURES, model.pass1);
  const w2 = weightVector(PASS2_FEATURES, model.pass2);
  const n = blocks.length;
  const p1 = new Float64Array(n);
  for (let i = 0; i < n; i++) p1[i] = logistic(dot(w1, features, i * BLOCK_FEATURE_COUNT, 0, BLOCK_FEATURE_COUNT));
  const { values: context, containerId } = blockContext(treeShape(tree), blocks.map((b) => b.block), p1, model.containerThreshold, features);
  const p2 = new Float64Array(n);
  const mainTerms: BlockScores['mainTerms'] = [];
  if (model.pass2Trees) {
    const row = new Float64Array(PASS2_FEATURES.length);
    for (let i = 0; i < n; i++) {
      row.set(features.subarray(i * BLOCK_FEATURE_COUNT, (i + 1) * BLOCK_FEATURE_COUNT), 0);
      row.set(context.subarray(i * CONTEXT_FEATURE_COUNT, (i + 1) * CONTEXT_FEATURE_COUNT), BLOCK_FEATURE_COUNT);
      const { logit, contributions } = treeContributions(model.pass2Trees, row, 0);
      p2[i] = logistic(logit);
      mainTerms.push(strongestTerms(contributions, row));
    }
    return { p1, p2, features, context, containerId, mainTerms };
  }
  for (let i = 0; i < n; i++) {
    let eta = 0;
    let against: Term | undefined;
    let favour: Term | undefined;
    for (let j = 0; j < PASS2_FEATURES.length; j++) {
      const value = j < BLOCK_FEATURE_COUNT ? features[i * BLOCK_FEATURE_COUNT + j]! : context[i * CONTEXT_FEATURE_COUNT + j - BLOCK_FEATURE_COUNT]!;
      const contribution = w2[j]! * value;
      eta += contribution;
      if (j === 0) continue;
      if (contribution < 0 && (!against || contribution < against.contribution)) against = { feature: PASS2_FEATURES[j]!, value, contribution };
      if (contribution > 0 && (!favour || contribution > favour.contribution)) favour = { feature: PASS2_FEATURES[j]!, value, contribution };
    }
    p2[i] = logistic(eta);
    mainTerms.push({ against, for: favour });
  }
  return { p1, p2, features, context, containerId, mainTerms };
}

/** The features that moved a block's log-odds most down and most up. */
function strongestTerms(contributions: Float64Array, row: Float64Array): { against: Term | undefined; for: Term | undefined } {
  let against: Term | undefined;
  let favour: Term | undefined;
  for (let j = 0; j < contributions.length; j++) {
    const c = contributions[j]!;
    if (c < 0 && (!against || c < against.contribution)) against = { feature: PASS2_FEATURES[j]!, value: row[j]!, contribution: c };
    if (c > 0 && (!favour || c > favour.contribution)) favour = { feature: PASS2_FEATURES[j]!, value: row[j]!, contribution: c };
  }
  return { against, for: favour };
}

function dot(w: Float64Array, x: Float64Array, offset: number, from: number, count: number): number {
  let s = 0;
  for (let j = 0; j < count; j++) s += w[from + j]! * x[offset + j]!;
  return s;
}

export function logistic(z: number): number {
  if (z >= 0) return 1 / (1 + Math.exp(-z));
  const e = Math.exp(z);
  return e / (1 + e);
}

/** The parent and subtree-end arrays of a layout tree. */
export function treeShape(tree: LayoutTree): TreeShape {
  return { parents: Int32Array.from(tree.nodes, (n) => n.parent), subtreeEnd: tree.subtreeEnd };
}
