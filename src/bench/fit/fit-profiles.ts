/**
 * Fitting the extraction profiles (extract/profiles/): per page type, the shift of the block
 * model's calibration that gives the best WCXB word F1 on that type's pages. Pure.
 *
 * Honest by construction: a page's type is the one the cross-validated page-type decision gives
 * it (not its label), and each fold's shifts are chosen on the other folds' pages (grouped by
 * site), so the figures are those of pages of sites neither the decision nor the shift saw. A
 * type keeps its profile only when the cross-validated word F1 of the pages decided that type
 * rises with it.
 *
 * With a profile model (`profileProbabilities`: a block model fitted on pages of the other types,
 * its probabilities out of fold), the profile of a type in `profileModelTypes` is that model at a
 * shift of its own calibration (0 included), against the article model's reading.
 */
import { PAGE_TYPES, type PageType } from '../../score/page-type.js';
import { siteFolds, type FitPage } from './dataset.js';
import { scorePage, selectedText, type FitScore } from './fit-blocks.js';

export interface ProfileFitInput {
  pages: readonly FitPage[];
  /** Block probabilities of each page (the block model's, before calibration). */
  probabilities: readonly Float64Array[];
  /** Each page's decided type and its probability (cross-validated decision). */
  decided: ReadonlyArray<{ type: PageType; confidence: number }>;
  /** The block model's own calibration (the article profile's). */
  calibration: number;
  /** Candidate shifts. */
  grid: readonly number[];
  folds: number;
  /** Below this confidence the article profile runs. */
  unclearBelow: number;
  /** The profiles' own block model's probabilities of each page (out of fold), and its calibration. */
  profileProbabilities?: readonly Float64Array[];
  profileCalibration?: number;
  /** The types whose profile reads with the profile model (the others shift the article model's calibration). */
  profileModelTypes?: readonly PageType[];
}

export interface ProfileFit {
  /** Shifts kept (chosen on all pages; only types whose profile helped out of fold). */
  shifts: Partial<Record<PageType, number>>;
  /** Per page, cross-validated: the article profile everywhere, and the profiles. */
  without: FitScore[];
  with: FitScore[];
  /** Per decided type: mean word F1 of its pages without and with its profile, out of fold. */
  gains: Partial<Record<PageType, { pages: number; without: number; with: number; shift: number }>>;
}

export function fitProfiles(input: ProfileFitInput): ProfileFit {
  const { pages, probabilities, decided, calibration, grid } = input;
  const profiled = (i: number): PageType | undefined => {
    const d = decided[i]!;
    return d.type !== 'article' && d.confidence >= input.unclearBelow ? d.type : undefined;
  };
  const without = pages.map((p, i) => scorePage(p, selectedText(p, probabilities[i]!, calibration)));
  // Scores of every profiled page at every shift (0 included: the article profile, or the
  // profile model at its own calibration).
  const own = input.profileProbabilities;
  const ownCalibration = input.profileCalibration ?? calibration;
  const shifts = [...new Set([0, ...grid])];
  const at = new Map<number, FitScore[]>();
  for (const s of shifts) {
    at.set(
      s,
      pages.map((p, i) => {
        const t = profiled(i);
        const withOwn = own !== undefined && t !== undefined && (input.profileModelTypes ?? []).includes(t);
        if (t === undefined || (s === 0 && !withOwn)) return without[i]!;
        return withOwn ? scorePage(p, selectedText(p, own[i]!, ownCalibration + s)) : scorePage(p, selectedText(p, probabilities[i]!, calibration + s));
      }),
    );
  }
  const fold = siteFolds(pages, input.folds);
  const best = (type: PageType, keep: (i: number) => boolean): number => {
    let chosen = 0;
    let value = -Infinity;
    for (const s of shifts) {
      let sum = 0;
      let n = 0;
      pages.forEach((_, i) => {
        if (profiled(i) === type && keep(i)) {
          sum += at.get(s)![i]!.wordF1;
          n++;
        }
      });
      const mean = n > 0 ? sum / n : 0;
      if (mean > value + 1e-9) {
        value = mean;
        chosen = s;
      }
    }
    return chosen;
  };
  const withScores = [...without];
  const types = PAGE_TYPES.filter((t) => t !== 'article');
  for (let k = 0; k < input.folds; k++) {
    for (const t of types) {
      const s = best(t, (i) => fold[i] !== k);
      pages.forEach((_, i) => {
        if (fold[i] === k && profiled(i) === t) withScores[i] = at.get(s)![i]!;
      });
    }
  }
  const gains: ProfileFit['gains'] = {};
  const kept: Partial<Record<PageType, number>> = {};
  for (const t of types) {
    const members = pages.flatMap((_, i) => (profiled(i) === t ? [i] : []));
    if (members.length === 0) continue;
    const mean = (scores: readonly FitScore[]): number => members.reduce((s, i) => s + scores[i]!.wordF1, 0) / members.length;
    const shift = best(t, () => true);
    gains[t] = { pages: members.length, without: mean(without), with: mean(withScores), shift };
    if (mean(withScores) > mean(without) && (shift !== 0 || (own !== undefined && (input.profileModelTypes ?? []).includes(t)))) kept[t] = shift;
  }
  // Pages of types whose profile did not help out of fold run the article profile.
  const final = without.map((w, i) => {
    const t = profiled(i);
    return t !== undefined && kept[t] !== undefined ? withScores[i]! : w;
  });
  return { shifts: kept, without, with: final, gains };
}
