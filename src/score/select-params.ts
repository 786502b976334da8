/**
 * Body selection parameters (src/score/select.ts): the block model's weights and thresholds,
 * fitted on benchmark pages by `npm run fit` (fitted-params.ts).
 */
import type { BlockModelWeights } from './block-model.js';
import { FITTED_BLOCK_MODEL, FITTED_PAGE_TYPE } from './fitted-params.js';
import type { PageTypeWeights } from './page-type.js';

export interface SelectParams {
  blockModel: BlockModelWeights;
  pageType: PageTypeWeights;
}

export const DEFAULT_SELECT_PARAMS: Readonly<SelectParams> = Object.freeze({
  blockModel: FITTED_BLOCK_MODEL,
  pageType: FITTED_PAGE_TYPE,
});
