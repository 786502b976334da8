/**
 * Writes fitted parameters as the TypeScript module extraction reads its defaults from
 * (src/score/fitted-params.ts), with the command and figures that produced them at its top.
 */
import { writeFileSync } from 'node:fs';
import type { BlockModelWeights } from '../../score/block-model.js';
import type { PageTypeWeights } from '../../score/page-type.js';
import type { ScoreWeights } from '../../score/weights.js';

export interface FittedParams {
  scoreWeights: ScoreWeights;
  blockModel: BlockModelWeights;
  pageType: PageTypeWeights;
}

export function paramsModule(params: FittedParams, header: string[]): string {
  // Indented, but with arrays of numbers on one line: the trees are thousands of numbers.
  const json = (v: unknown): string => JSON.stringify(v, null, 2).replace(/\[\s*(-?[\d.e+-]+(?:,\s*-?[\d.e+-]+)*)\s*\]/g, (_, items: string) => `[${items.split(/,\s*/).join(', ')}]`);
  return [
    '/**',
    ' * Fitted parameters of extraction. WRITTEN BY `npm run fit` (scripts/fit.ts, src/bench/fit/):',
    ' * do not edit by hand — change the features or the fit, then run it again.',
    ' *',
    ...header.map((line) => ` * ${line}`.trimEnd()),
    ' */',
    "import type { BlockModelWeights } from './block-model.js';",
    "import type { PageTypeWeights } from './page-type.js';",
    "import type { ScoreWeights } from './weights.js';",
    '',
    '/** docs/methods.md §4 weights (area, punctuation, link density, text density, length), summing to 1. */',
    `export const FITTED_SCORE_WEIGHTS: ScoreWeights = ${json(params.scoreWeights)};`,
    '',
    '/** The block model: a logistic first pass, boosted trees (or logistic weights) for the second, thresholds (block-model.ts). */',
    `export const FITTED_BLOCK_MODEL: BlockModelWeights = ${json(params.blockModel)};`,
    '',
    '/** The page-type decision (page-type.ts). */',
    `export const FITTED_PAGE_TYPE: PageTypeWeights = ${json(params.pageType)};`,
    '',
  ].join('\n');
}

export function writeParams(path: string, params: FittedParams, header: string[]): void {
  writeFileSync(path, paramsModule(params, header));
}
