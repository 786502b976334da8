/**
 * SPEC §4 score weights: `score = wa·sa + wp·sp − wld·sld + wtd·std + wl·sl`, summing to 1.
 *
 * Starting point, chosen by reasoning about what separates an article body from chrome and
 * checked on the bundled samples: the body is usually the longest text block (wl) and covers
 * a large share of the page (wa); punctuation (wp) separates prose from menus and lists;
 * link density (wld) pushes down link lists that are long and large. Text density (wtd) is
 * the complement of link density for most units, so it gets the smallest weight.
 * Re-run `npm test` (the sample F1 gate) and the benchmark after any change.
 */
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

export const DEFAULT_SCORE_WEIGHTS: Readonly<ScoreWeights> = Object.freeze({
  area: 0.25,
  punctuation: 0.15,
  linkDensity: 0.2,
  textDensity: 0.05,
  length: 0.35,
});

/** Rescales weights to sum to 1 (the SPEC's constraint); rejects negative or all-zero weights. */
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
