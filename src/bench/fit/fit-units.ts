/**
 * Fitting docs/methods.md §4's weights: `score = wa·sa + wp·sp − wld·sld + wtd·std + wl·sl`, the weights
 * summing to 1. docs/methods.md §4 takes the highest-scoring unit as the body, so the weights are chosen to
 * make that unit as good a body as it can be: a grid over the simplex (steps of 0.05), each
 * point scored by the mean, over pages, of the token F1 of the top unit against the body blocks'
 * labels. Pure.
 */
import type { ScoreWeights } from '../../score/weights.js';
import { UNIT_FEATURES, unitScoresOf, type FitPage } from './dataset.js';

export interface UnitFit {
  weights: ScoreWeights;
  /** Mean top-unit F1 at the chosen weights. */
  topUnitF1: number;
}

/** Per page: each unit's body and other tokens, and the page's body tokens. */
interface UnitTokens {
  body: Float64Array;
  other: Float64Array;
  totalBody: number;
}

function unitTokens(page: FitPage): UnitTokens {
  const units = page.unitFeatures.length / UNIT_FEATURES.length;
  const body = new Float64Array(units);
  const other = new Float64Array(units);
  let totalBody = 0;
  for (let i = 0; i < page.rows; i++) {
    const u = page.unitOrders[i]!;
    const t = page.tokens[i]!;
    if (page.label[i]! > 0.5) {
      body[u]! += t;
      totalBody += t;
    } else {
      other[u]! += t;
    }
  }
  return { body, other, totalBody };
}

/** Mean F1 of the top unit under weights `w` (UNIT_FEATURES order). */
export function topUnitF1(pages: readonly FitPage[], w: readonly number[], tokens: readonly UnitTokens[] = pages.map(unitTokens)): number {
  let sum = 0;
  let counted = 0;
  pages.forEach((page, k) => {
    const t = tokens[k]!;
    if (t.totalBody === 0) return;
    const scores = unitScoresOf(page, w);
    let best = 0;
    for (let u = 1; u < scores.length; u++) if (scores[u]! > scores[best]!) best = u;
    const tp = t.body[best] ?? 0;
    const fp = t.other[best] ?? 0;
    sum += tp > 0 ? (2 * tp) / (2 * tp + fp + (t.totalBody - tp)) : 0;
    counted++;
  });
  return counted > 0 ? sum / counted : 0;
}

export function fitUnitWeights(pages: readonly FitPage[], step = 0.05): UnitFit {
  const tokens = pages.map(unitTokens);
  const n = Math.round(1 / step);
  let best = { w: [0.2, 0.2, 0.2, 0.2, 0.2], f1: -1 };
  for (let a = 0; a <= n; a++)
    for (let b = 0; a + b <= n; b++)
      for (let c = 0; a + b + c <= n; c++)
        for (let d = 0; a + b + c + d <= n; d++) {
          const e = n - a - b - c - d;
          const w = [a / n, b / n, c / n, d / n, e / n];
          const f1 = topUnitF1(pages, w, tokens);
          if (f1 > best.f1 + 1e-12) best = { w, f1 };
        }
  const [area, punctuation, linkDensity, textDensity, length] = best.w as [number, number, number, number, number];
  return { weights: { area, punctuation, linkDensity, textDensity, length }, topUnitF1: best.f1 };
}

export function weightArray(w: ScoreWeights): number[] {
  return [w.area, w.punctuation, w.linkDensity, w.textDensity, w.length];
}
