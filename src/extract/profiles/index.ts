/**
 * Extraction profiles per page type, chosen by the page-type decision (score/page-type.ts).
 * Pure: a profile is data — how much more (or less) of the page the body takes than an
 * article's, as a shift of the block model's calibration (score/select.ts `chooseBodyBlocks`)
 * — and the choice is one small predicate. A forum thread's main content is every post, a
 * listing's every item, a product's title, description and specifications: the article's
 * calibration stops at its one run of prose, and these pages' truths are wider.
 *
 * The shifts are fitted (`npm run fit -- --profiles`, src/score/fitted-profiles.ts): chosen by
 * word F1 on pages of other sites, and a type keeps its profile only if that helps out of fold.
 * A type without a fitted shift, and a page whose type is unclear, gets the article profile,
 * and the explanation says so.
 */
import type { PageType, PageTypeDecision } from '../../score/page-type.js';
import { FITTED_PROFILES } from '../../score/fitted-profiles.js';

/**
 * The type-specific stages a profile runs after its body selection, each switchable off so that
 * its gain can be measured (`npx tsx scripts/eval-snapshots.ts wcxb --no-stage cards`; the figures are in docs/extract.md):
 * - `cards`: a listing's or collection's main list of repeated items joins the body (cards.ts).
 * - `product`: a product page whose body is short gets the description of its JSON-LD Product
 *   node after the body, when the body does not say it already (product.ts).
 */
export const PROFILE_STAGES = ['cards', 'product'] as const;
export type ProfileStage = (typeof PROFILE_STAGES)[number];

/** Which page types run which stage (only when their type is clear: `unclearBelow`). */
export const STAGES_OF_TYPE: Readonly<Partial<Record<PageType, readonly ProfileStage[]>>> = {
  listing: ['cards'],
  collection: ['cards'],
  product: ['product'],
};

export interface ProfileParams {
  /** Logit shift of the block model's calibration per type (positive: take more blocks). */
  shifts: Partial<Record<PageType, number>>;
  /** Below this probability of its type, a page's type is unclear: the article profile runs. */
  unclearBelow: number;
  /** Stages switched off (default: none); for measuring each one's gain. */
  disabledStages?: readonly ProfileStage[];
}

export const DEFAULT_PROFILE_PARAMS: Readonly<ProfileParams> = Object.freeze({ shifts: FITTED_PROFILES.shifts, unclearBelow: FITTED_PROFILES.unclearBelow });

export interface ProfileChoice {
  /** The profile that ran: a page type's name, or `article`. */
  profile: PageType;
  /** The calibration shift it applies (0 for the article profile). */
  shift: number;
  /** Why, in words. */
  reason: string;
  /** The type-specific stages that run (none for the article profile). */
  stages: ProfileStage[];
}

export function chooseProfile(decision: Pick<PageTypeDecision, 'type' | 'confidence'>, params: ProfileParams = DEFAULT_PROFILE_PARAMS): ProfileChoice {
  const pct = `${Math.round(decision.confidence * 100)} %`;
  if (decision.type === 'article') return { profile: 'article', shift: 0, stages: [], reason: `the page is an article (${pct})` };
  if (decision.confidence < params.unclearBelow) {
    return { profile: 'article', shift: 0, stages: [], reason: `type unclear (${decision.type} at ${pct}, below ${Math.round(params.unclearBelow * 100)} %): the article profile` };
  }
  const off = new Set(params.disabledStages ?? []);
  const stages = (STAGES_OF_TYPE[decision.type] ?? []).filter((s) => !off.has(s));
  const withStages = stages.length > 0 ? `; then ${stages.join(', ')}` : '';
  const shift = params.shifts[decision.type];
  if (shift === undefined || shift === 0) {
    if (stages.length > 0) return { profile: decision.type, shift: 0, stages, reason: `${decision.type} (${pct}): the article calibration${withStages}` };
    return { profile: 'article', shift: 0, stages, reason: `${decision.type} (${pct}) has no profile that helped on pages of other sites: the article profile` };
  }
  return { profile: decision.type, shift, stages, reason: `${decision.type} (${pct}): its profile takes ${shift > 0 ? 'more' : 'less'} of the page than an article's (calibration ${shift > 0 ? '+' : ''}${shift})${withStages}` };
}
