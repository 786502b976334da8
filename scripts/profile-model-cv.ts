/**
 * The profiles' own block model (src/score/fitted-profile-model.ts) judged as a user meets it: on
 * pages of sites it never saw. Five models are fitted as `npm run fit -- --profiles
 * --profile-model` fits the shipped one, each without one fold of sites (folds grouped by site,
 * as every fit here), and each WCXB-dev page is extracted from its cached snapshot by the whole
 * pipeline with the model that did not see its site; the shifts per type are the shipped ones.
 * Prints word F1 and 4-gram F1 per page type, beside the shipped model's (in-sample) figures.
 *
 *   npx tsx scripts/profile-model-cv.ts [--folds 5] [--json out.json]
 *
 * Pages come from the snapshot cache (`npx tsx scripts/cache-snapshots.ts wcxb`).
 */
import { answerHelp } from './help.js';
import { writeFileSync } from 'node:fs';
import { openCorpus } from '../src/bench/corpora/index.js';
import { loadFitPagesCached, siteFolds, type FitPage } from '../src/bench/fit/dataset.js';
import { applyUnitWeights, fitBlockModel } from '../src/bench/fit/fit-blocks.js';
import { pageTypeOf } from '../src/bench/fit/fit-page-type.js';
import { weightArray } from '../src/bench/fit/fit-units.js';
import { meanWordF1, pageScores, TOKENIZERS, aggregate, wordScore, type PageScore } from '../src/bench/metrics.js';
import { forEachSnapshot } from '../src/bench/snapshot-cache.js';
import { extractFromSnapshot } from '../src/extract/from-snapshot.js';
import { DEFAULT_PROFILE_PARAMS } from '../src/extract/profiles/index.js';
import { FITTED_BLOCK_MODEL, FITTED_SCORE_WEIGHTS } from '../src/score/fitted-params.js';
import type { BlockModelWeights } from '../src/score/block-model.js';

answerHelp(import.meta.url);

const args = process.argv.slice(2);
const option = (name: string): string | undefined => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const folds = Number(option('--folds') ?? 5);
const log = (line: string): void => void process.stderr.write(`${line}\n`);

const corpus = await openCorpus('wcxb');
const pages: FitPage[] = await loadFitPagesCached(corpus, { concurrency: 2 });
applyUnitWeights(pages, weightArray(FITTED_SCORE_WEIGHTS));
const fold = siteFolds(pages, folds);
const foldOf = new Map(pages.map((p, i) => [p.id, fold[i]!]));
const trains = (p: FitPage): boolean => pageTypeOf(p) !== undefined && pageTypeOf(p) !== 'article';
// The options of the shipped fit (scripts/fit.ts fitProfileModel, its defaults).
const options = { l2: 1, containerThreshold: FITTED_BLOCK_MODEL.containerThreshold, learner: 'trees' as const, gbdt: { trees: 200, depth: 4 } };
const models: BlockModelWeights[] = [];
for (let k = 0; k < folds; k++) {
  const t0 = performance.now();
  models.push(fitBlockModel(pages.filter((p, i) => fold[i] !== k && trains(p)), options, FITTED_BLOCK_MODEL.calibration));
  log(`fold ${k + 1}/${folds} fitted (${((performance.now() - t0) / 1000).toFixed(0)} s)`);
}

const tokenizer = TOKENIZERS[corpus.tokenization];
const rows: Array<{ id: string; type: string; outOfFold: PageScore & { wordF1: number }; shipped: PageScore & { wordF1: number } }> = [];
await forEachSnapshot(corpus, { concurrency: 1 }, (entry) => {
  if (entry.status === 'error') return;
  const k = foldOf.get(entry.page.id);
  if (k === undefined) return;
  const truth = entry.page.truth.body;
  const score = (text: string): PageScore & { wordF1: number } => ({ ...pageScores(text, truth, { tokenizer }), wordF1: wordScore(text, truth).f1 });
  const textOf = (r: ReturnType<typeof extractFromSnapshot>): string => (r.kind === 'article' ? r.article.text : '');
  const outOfFold = score(textOf(extractFromSnapshot(entry.snapshot, { profiles: { ...DEFAULT_PROFILE_PARAMS, model: models[k]! } })));
  const shipped = score(textOf(extractFromSnapshot(entry.snapshot)));
  rows.push({ id: entry.page.id, type: entry.page.pageType ?? '?', outOfFold, shipped });
});
const types = [...new Set(rows.map((r) => r.type))].sort();
const line = (name: string, group: typeof rows): string => {
  const oof = group.map((r) => r.outOfFold);
  const ins = group.map((r) => r.shipped);
  const w = (s: typeof oof): string => meanWordF1(s.map((x) => ({ f1: x.wordF1 }))).toFixed(3);
  return `| ${name} | ${group.length} | ${w(oof)} | ${w(ins)} | ${aggregate(oof).f1.toFixed(3)} | ${aggregate(ins).f1.toFixed(3)} |`;
};
console.log(`WCXB-dev, ${rows.length} pages: the profiles' model out of fold (${folds} folds grouped by site) against the shipped one (in-sample on the non-article types)\n`);
console.log('| type | pages | word F1 out of fold | shipped | 4-gram F1 out of fold | shipped |');
console.log('|---|---|---|---|---|---|');
for (const t of types) console.log(line(t, rows.filter((r) => r.type === t)));
console.log(line('all', rows));
const json = option('--json');
if (json) writeFileSync(json, JSON.stringify(rows));
