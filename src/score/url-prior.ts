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
  hostForum: 0.0281,
  hostDocs: 0.0299,
  hostShop: 0.0102,
  urlProduct: 0.0526,
  urlForum: 0.0681,
  urlDocs: 0.055,
  urlListing: 0.1692,
  urlCollection: 0.0383,
  urlService: 0.0245,
  urlPathLength: 0.4217,
};
