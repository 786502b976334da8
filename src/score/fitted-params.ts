// Placeholder until `npm run fit` writes the fitted parameters.
import type { BlockModelWeights } from './block-model.js';
import type { PageTypeWeights } from './page-type.js';

export const FITTED_BLOCK_MODEL: BlockModelWeights = { pass1: {}, pass2: {}, containerThreshold: 0.5, calibration: 0 };
export const FITTED_PAGE_TYPE: PageTypeWeights = { article: {}, listing: {} };
export const FITTED_SCORE_WEIGHTS = { area: 0.25, punctuation: 0.15, linkDensity: 0.2, textDensity: 0.05, length: 0.35 };
