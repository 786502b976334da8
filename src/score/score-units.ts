/**
 * docs/methods.md §4: the five features of each visual unit and its weighted score. Pure.
 */
import type { LayoutSnapshot, ScoredUnit, UnitFeatures, VisualUnit } from '../types.js';
import { DEFAULT_SCORE_WEIGHTS, type ScoreWeights } from './weights.js';

export function unitFeatures(
  unit: VisualUnit,
  pageArea: number,
  lengthRange: { min: number; max: number },
): UnitFeatures {
  const area = unit.box.width * unit.box.height;
  const span = lengthRange.max - lengthRange.min;
  return {
    // sa: the body of an article page covers a large share of it.
    areaRatio: pageArea > 0 ? Math.min(1, area / pageArea) : 0,
    // sp: prose has sentences; menus, buttons and link lists mostly do not.
    hasPunctuation: unit.punctuationCount > 0 ? 1 : 0,
    // sld / std: navigation and related-link boxes are mostly anchor text.
    linkDensity: unit.textLength > 0 ? unit.linkTextLength / unit.textLength : 0,
    textDensity: unit.textLength > 0 ? (unit.textLength - unit.linkTextLength) / unit.textLength : 0,
    // sl: the body tends to be the longest run of text on the page.
    relativeLength: span > 0 ? (unit.textLength - lengthRange.min) / span : 1,
  };
}

export function scoreUnits(
  units: readonly VisualUnit[],
  snapshot: Pick<LayoutSnapshot, 'page'>,
  weights: ScoreWeights = DEFAULT_SCORE_WEIGHTS,
): ScoredUnit[] {
  const pageArea = snapshot.page.width * snapshot.page.height;
  let min = Infinity;
  let max = -Infinity;
  for (const u of units) {
    min = Math.min(min, u.textLength);
    max = Math.max(max, u.textLength);
  }
  const range = { min: Number.isFinite(min) ? min : 0, max: Number.isFinite(max) ? max : 0 };
  return units.map((unit) => {
    const features = unitFeatures(unit, pageArea, range);
    const score =
      weights.area * features.areaRatio +
      weights.punctuation * features.hasPunctuation -
      weights.linkDensity * features.linkDensity +
      weights.textDensity * features.textDensity +
      weights.length * features.relativeLength;
    return { ...unit, features, score };
  });
}
