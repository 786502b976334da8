/**
 * Mean URL features of the pages the page-type weights are fitted on. WRITTEN BY
 * `npm run fit:url-prior` (scripts/url-prior.ts): do not edit by hand.
 *
 * Collections: aeb, wcxb; 1673 pages with a URL (5 without, left out).
 * A saved page served without its own URL takes these values (src/score/page-type.ts).
 */
import type { UrlFeatureName } from './page-type.js';

export const UNKNOWN_URL_FEATURES: Record<UrlFeatureName, number> = {
  urlDepth: 0.3798,
  urlDate: 0.0652,
  urlSlugWords: 0.4818,
  urlNumericId: 0.1482,
  urlQuery: 0.0652,
  urlRoot: 0.0418,
};
