/**
 * docs/methods.md §4 score weights: `score = wa·sa + wp·sp − wld·sld + wtd·std + wl·sl`, summing to 1.
 *
 * The defaults are fitted (fitted-params.ts, written by `npm run fit`): docs/methods.md §4 takes the
 * highest-scoring unit as the body, so the fit picks the weights under which that unit is the
 * best body it can be on the benchmark pages (src/bench/fit/fit-units.ts). The unit score then
 * enters the block model as evidence beside the blocks' own features.
 */
import { FITTED_SCORE_WEIGHTS } from './fitted-params.js';

export interface ScoreWeights {
  /** wa: area ratio. */
  area: number;
  /** wp: has sentence-ending punctuation. */
  punctuation: number;
  /** wld: link density (subtracted). */
  linkDensity: number;
  /** wtd: text density. */
  textDensity: number;
  /** wl: relative text length. */
  length: number;
}

export const DEFAULT_SCORE_WEIGHTS: Readonly<ScoreWeights> = Object.freeze({ ...FITTED_SCORE_WEIGHTS });

/** Rescales weights to sum to 1 (docs/methods.md §4); rejects negative or all-zero weights. */
export function normalizeWeights(weights: ScoreWeights): ScoreWeights {
  const values = Object.values(weights) as number[];
  if (values.some((v) => !Number.isFinite(v) || v < 0)) throw new RangeError('score weights must be finite and ≥ 0');
  const sum = values.reduce((a, b) => a + b, 0);
  if (sum === 0) throw new RangeError('score weights must not all be 0');
  return {
    area: weights.area / sum,
    punctuation: weights.punctuation / sum,
    linkDensity: weights.linkDensity / sum,
    textDensity: weights.textDensity / sum,
    length: weights.length / sum,
  };
}
