/**
 * Fitted extraction profiles per page type. WRITTEN BY `npm run fit -- --profiles`: do not edit
 * by hand (extract/profiles/ reads them).
 *
 * Command: npm run fit -- wcxb aeb --profiles --profile-model listing,collection,service,documentation,forum --shifts -1,0.5,1,2,3,4,5,6 --unclear 0.6 --out out/fit
 * 1678 pages from wcxb, aeb; out-of-fold word F1 per decided type (article profile → its own): listing 0.424 → 0.704, forum 0.578 → 0.771, product 0.668 → 0.678, documentation 0.842 → 0.932, collection 0.484 → 0.653, service 0.786 → 0.851.
 */
import type { PageType } from './page-type.js';

/** `profileModelTypes`: the types that read with the profiles' own block model (fitted-profile-model.ts), their shifts of its calibration; the others shift the article model's. */
export const FITTED_PROFILES: { shifts: Partial<Record<PageType, number>>; unclearBelow: number; profileModelTypes: PageType[] } = {
  "shifts": {
    "listing": 1,
    "forum": 0,
    "product": 2,
    "documentation": 1,
    "collection": 1,
    "service": 1
  },
  "unclearBelow": 0.6,
  "profileModelTypes": [
    "listing",
    "collection",
    "service",
    "documentation",
    "forum"
  ]
};
