/**
 * Extraction profiles per page type, chosen by the page-type decision (score/page-type.ts).
 * Pure: a profile is data — which block model reads the page (the article model, or for the
 * types of `modelTypes` the profiles' own, fitted on pages of the other types) and how much more
 * (or less) of the page the body takes, as a shift of that model's calibration (score/select.ts
 * `chooseBodyBlocks`) — and the choice is one small predicate. A forum thread's main content is every post, a
 * listing's every item, a product's title, description and specifications: the article's
 * calibration stops at its one run of prose, and these pages' truths are wider.
 *
 * The shifts are fitted (`npm run fit -- --profiles [--profile-model <types>]`,
 * src/score/fitted-profiles.ts and fitted-profile-model.ts): chosen by word F1 on pages of other sites, and a type keeps its profile only if that helps out of fold.
 * A type without a fitted shift, and a page whose type is unclear, gets the article profile,
 * and the explanation says so.
 */
import type { PageType, PageTypeDecision } from '../../score/page-type.js';
import type { BlockModelWeights } from '../../score/block-model.js';
import { FITTED_PROFILES } from '../../score/fitted-profiles.js';
import { FITTED_PROFILE_MODEL } from '../../score/fitted-profile-model.js';

/**
 * The type-specific stages a profile runs after its body selection, each switchable off so that
 * its gain can be measured (`npx tsx scripts/eval-snapshots.ts wcxb --no-stage cards`; the figures are in docs/extract.md):
 * - `cards`: a listing's or collection's main list of repeated items joins the body (cards.ts).
 * - `product`: a product page whose body is short gets the description of its JSON-LD Product
 *   node after the body, when the body does not say it already (product.ts).
 * - `reviews`, `recommendations`: a product page's customer reviews and the shop's recommendations
 *   of other products (carousels, upsells), named so by its markup, leave the body (reviews.ts);
 *   a collection (a shop's category page) leaves its customers' reviews out too.
 */
export const PROFILE_STAGES = ['cards', 'product', 'reviews', 'recommendations'] as const;
export type ProfileStage = (typeof PROFILE_STAGES)[number];

/** Which page types run which stage (only when their type is clear: `unclearBelow`). */
export const STAGES_OF_TYPE: Readonly<Partial<Record<PageType, readonly ProfileStage[]>>> = {
  listing: ['cards'],
  collection: ['reviews', 'cards'],
  product: ['reviews', 'recommendations', 'product'],
};

export interface ProfileParams {
  /** Logit shift of the block model's calibration per type (positive: take more blocks). */
  shifts: Partial<Record<PageType, number>>;
  /** Below this probability of its type, a page's type is unclear: the article profile runs. */
  unclearBelow: number;
  /** Stages switched off (default: none); for measuring each one's gain. */
  disabledStages?: readonly ProfileStage[];
  /**
   * The profiles' own block model, fitted on pages of the types other than article (listings,
   * collections, products, services, forums, documentation: `npm run fit -- --profiles
   * --profile-model <types>`); the shifts of those types are of its calibration. Absent: a
   * profile reads with the article model at a shifted calibration. The article model learnt that a card's title link or
   * a forum's post header is furniture; on the pages of these types it is often their content.
   */
  model?: BlockModelWeights;
  /** The types that read with `model` (their shifts are of its calibration); the others shift the article model's. */
  modelTypes?: readonly PageType[];
}

export const DEFAULT_PROFILE_PARAMS: Readonly<ProfileParams> = Object.freeze({
  shifts: FITTED_PROFILES.shifts,
  unclearBelow: FITTED_PROFILES.unclearBelow,
  model: FITTED_PROFILE_MODEL,
  modelTypes: FITTED_PROFILES.profileModelTypes,
});

/**
 * A page whose type is unclear, but not far from clear, tries its type's profile too, and keeps
 * it only when the article profile missed most of the page: the type's reading holds `gain`
 * times the article's words or more. The article profile reads one run of prose; on a listing
 * or a shop's category page typed at 30–60 % it takes a few hundred characters of a page whose
 * content is thousands (WCXB-dev 0640: 392 characters of 5,175; word F1 0.02 → 0.89 with its
 * profile), while on a short news story the wider reading adds its related links, less than
 * twice the story (AEB). Set by hand on WCXB-dev and
 * AEB (not cross-validated): word F1 on WCXB-dev 0.843 → 0.850 at gain 3 (listing +0.058,
 * collection +0.038, service +0.010, product −0.004: one product page typed a listing; 27 pages
 * changed, 24 for the better), AEB, the samples and the articles unchanged. At gain 1 (every
 * such page takes its type's profile, which is what the cross-validated fit of `unclearBelow`
 * prefers: 0.4 over 0.6, out-of-fold +0.008) AEB fell by 0.002 on four short stories. Widened
 * later to 30 % and 2.5 times (WCXB-dev 0.8585 → 0.8595: 5 pages changed, 4 for the better — a
 * shop's category page typed collection at 38 % 0.50 → 0.96 —, AEB and the samples unchanged; at
 * 30 % and 4 times two listings lost half their words). Lowered to 2 times (2026-11-30, after
 * the wider profiles left menu trees out: WCXB-dev 0.8859 → 0.8863, 2 pages changed, both for the
 * better — a cable company's service page typed service at 48 % 0.65 → 1.00, a shop's category
 * page typed listing at 43 % 0.73 → 0.90 —, AEB and the samples unchanged; at 1.5 times 7 pages changed, 2 for the
 * worse, a listing by 0.135). The held-out collections decide; the bound errs towards the
 * article reading.
 */
export const TENTATIVE_PROFILE = {
  /** From this probability of its type up to `unclearBelow`, a page tries its type's profile. */
  from: 0.3,
  /** …and keeps it when that reads at least this many times the article profile's words. */
  gain: 2,
  /**
   * The types that try: those whose pages the article reading under-reads by their build (a
   * list of cards, a page of short sections). Not `forum`: what a thread's wider reading adds
   * is its replies, and whether those are the content (a thread) or an article's comments is
   * the comment stage's structural decision (comments.ts) — a Slashdot story typed forum at 54 %
   * took its 11,000 characters of comments and fell from word F1 1.0 to 0.31. Not `product`
   * (one page changed, 0.65 → 0.26) nor `documentation` (none changed).
   */
  types: ['listing', 'collection', 'service'] as readonly PageType[],
  /**
   * …but not when the article is all but tied with the unclear type — the decision holds
   * `article` at least this share of the type's probability — and the article reading is a
   * story's length (`storyWords` or more): then nothing speaks for the wider reading but its
   * length, and a story's page is longer than its story (a blog's sidebars, archives and
   * comments; the held-out 2008-era news collections lost to Readability.js by taking too much
   * around the body). Set by hand on WCXB-dev out of fold (`scripts/profile-model-cv.ts
   * --oof-only`, 2026-11-30): 2 pages changed, both articles and both better — a 2008 blog post
   * typed listing at 41 % against article's 40 % by the decision that did not see its site,
   * 0.33 → 1.00, and a long list article 0.626 → 0.630 —; all 0.8788 → 0.8793, articles 0.968
   * → 0.969. In sample, on AEB and on the samples no page changed (no kept tentative profile
   * had the article above 68 % of its type). Below 0.75 the next pages are service and product
   * pages the wider reading reads right (article at 63–68 % of their type, word F1 0.84–0.91);
   * the words keep a product and a listing page whose article reading is 62 and 1 words.
   */
  articleTie: 0.75,
  storyWords: 150,
} as const;

/**
 * Whether an unclear page keeps the profile it tried: its reading holds `gain` times the article
 * profile's words or more, and the article is not all but tied with its type over a story's
 * length of text (see TENTATIVE_PROFILE).
 */
export function keepsTentativeProfile(triedWords: number, articleWords: number, decision?: Pick<PageTypeDecision, 'confidence' | 'probabilities'>): boolean {
  if (triedWords < TENTATIVE_PROFILE.gain * articleWords) return false;
  return decision === undefined || !articleTied(decision, articleWords);
}

/** The decision holds `article` all but as likely as the unclear type, and the article reading is a story's length. */
export function articleTied(decision: Pick<PageTypeDecision, 'confidence' | 'probabilities'>, articleWords: number): boolean {
  return decision.probabilities.article >= TENTATIVE_PROFILE.articleTie * decision.confidence && articleWords >= TENTATIVE_PROFILE.storyWords;
}

/** The profile an unclear page tries (see TENTATIVE_PROFILE), or null when it tries none. */
export function tentativeProfile(decision: Pick<PageTypeDecision, 'type' | 'confidence'>, params: ProfileParams = DEFAULT_PROFILE_PARAMS): ProfileChoice | null {
  if (!TENTATIVE_PROFILE.types.includes(decision.type) || decision.confidence >= params.unclearBelow || decision.confidence < TENTATIVE_PROFILE.from) return null;
  const clear = chooseProfile({ type: decision.type, confidence: 1 }, params);
  if (clear.profile === 'article') return null;
  const pct = percent(decision.confidence, params.unclearBelow);
  return { ...clear, reason: `type unclear (${decision.type} at ${pct}), but the article profile read less than ${Math.round(100 / TENTATIVE_PROFILE.gain)} % of the words its profile reads: the ${decision.type} profile` };
}

export interface ProfileChoice {
  /** The profile that ran: a page type's name, or `article`. */
  profile: PageType;
  /** The calibration shift it applies (0 for the article profile). */
  shift: number;
  /** Whether it reads with the profiles' own block model (ProfileParams.model) rather than the article model. */
  ownModel?: boolean;
  /** Why, in words. */
  reason: string;
  /** The type-specific stages that run (none for the article profile). */
  stages: ProfileStage[];
}

/**
 * A probability in words, as a whole per cent unless that would equal the bound it is compared
 * with ("collection at 60 %, below 60 %" for 0.5996): then with one decimal.
 */
function percent(p: number, bound: number): string {
  const whole = Math.round(p * 100);
  return whole === Math.round(bound * 100) && p !== bound ? `${(Math.floor(p * 1000) / 10).toFixed(1)} %` : `${whole} %`;
}

export function chooseProfile(decision: Pick<PageTypeDecision, 'type' | 'confidence'>, params: ProfileParams = DEFAULT_PROFILE_PARAMS): ProfileChoice {
  const pct = percent(decision.confidence, params.unclearBelow);
  if (decision.type === 'article') return { profile: 'article', shift: 0, stages: [], reason: `the page is an article (${pct})` };
  if (decision.confidence < params.unclearBelow) {
    return { profile: 'article', shift: 0, stages: [], reason: `type unclear (${decision.type} at ${pct}, below ${Math.round(params.unclearBelow * 100)} %): the article profile` };
  }
  const off = new Set(params.disabledStages ?? []);
  const stages = (STAGES_OF_TYPE[decision.type] ?? []).filter((s) => !off.has(s));
  const withStages = stages.length > 0 ? `; then ${stages.join(', ')}` : '';
  const shift = params.shifts[decision.type];
  if (shift !== undefined && params.model && (params.modelTypes ?? []).includes(decision.type)) {
    const calibration = shift === 0 ? '' : ` at calibration ${shift > 0 ? '+' : ''}${shift}`;
    return { profile: decision.type, shift, ownModel: true, stages, reason: `${decision.type} (${pct}): read with the block model of pages of its kind${calibration}${withStages}` };
  }
  if (shift === undefined || shift === 0) {
    if (stages.length > 0) return { profile: decision.type, shift: 0, stages, reason: `${decision.type} (${pct}): the article calibration${withStages}` };
    return { profile: 'article', shift: 0, stages, reason: `${decision.type} (${pct}) has no profile that helped on pages of other sites: the article profile` };
  }
  return { profile: decision.type, shift, stages, reason: `${decision.type} (${pct}): its profile takes ${shift > 0 ? 'more' : 'less'} of the page than an article's (calibration ${shift > 0 ? '+' : ''}${shift})${withStages}` };
}
