/**
 * Fitted extraction profiles per page type. WRITTEN BY `npm run fit -- --profiles`: do not edit
 * by hand (extract/profiles/ reads them).
 *
 * Command: npm run fit -- wcxb aeb --profiles --shifts -1,0.5,1,2,3,4,5,6 --unclear 0.6 --out out/fit
 * 1674 pages from wcxb, aeb; out-of-fold word F1 per decided type (article profile → its own): listing 0.466 → 0.691, forum 0.581 → 0.682, product 0.614 → 0.617, documentation 0.831 → 0.891, collection 0.517 → 0.629, service 0.760 → 0.801.
 */
import type { PageType } from './page-type.js';

export const FITTED_PROFILES: { shifts: Partial<Record<PageType, number>>; unclearBelow: number } = {
  "shifts": {
    "listing": 4,
    "forum": 3,
    "product": 1,
    "documentation": 3,
    "collection": 3,
    "service": 3
  },
  "unclearBelow": 0.6
};
