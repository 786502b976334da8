/**
 * The profiles' own block model (src/score/fitted-profile-model.ts) and the page-type decision
 * that chooses the profile, judged as a user meets them: on pages of sites they never saw. Five
 * models are fitted as `npm run fit -- --profiles --profile-model` fits the shipped one, each
 * without one fold of sites (folds grouped by site, as every fit here), and five page-type
 * decisions as `npm run fit -- wcxb aeb local-web --page-type-only` fits the shipped one, each
 * without the same fold's sites (AEB's and the local web's pages train every fold's, but for a
 * site of the fold); each WCXB-dev page is extracted from its cached snapshot by the whole
 * pipeline with the model and the decision that did not see its site; the shifts per type are the
 * shipped ones. Prints word F1 and 4-gram F1 per page type, beside the shipped (in-sample)
 * figures, and out of fold with the shipped page-type decision (the profiles' model alone out of
 * fold, as this script measured until 2026-11-30).
 *
 *   npx tsx scripts/profile-model-cv.ts [--folds 5] [--json out.json] [--unclear 0.6] [--gbdt trees=200,depth=4] [--oof-only]
 *                                       [--save-folds F | --folds-from F]
 *                                       [--article-weight 0] [--per-type-weight W] [--type-given]
 *
 * `--unclear` sets the probability below which a page's type is unclear (the article profile
 * runs; `ProfileParams.unclearBelow`, shipped 0.6) in the out-of-fold readings, to choose it on
 * decisions as they come out on sites the decision never saw. `--gbdt` sets the second pass's
 * boosted trees for the fold models (any of `GbdtOptions`: trees, depth, learningRate, subsample,
 * minChildHessian, lambda, bins; the rest as shipped), to choose them on sites the model never
 * saw; `--oof-only` skips the two readings with shipped parts (a sweep's quicker run).
 * Two experiments on what the model is fitted on (docs/extract.md has their figures; neither
 * is shipped): `--article-weight w` adds WCXB-dev's articles to its training pages, each
 * weighing w of another page; `--per-type-weight w` fits, besides the shared model, one model
 * per profile type (that type's pages weighing 1, the other types' w, so 0 is the type alone)
 * and reads a page again with its profile's own model.
 *
 * `--type-given` reads each page as the type its truth labels, held for sure, in place of the
 * fold's page-type decision (`ExtractParams.typeGiven`; with `--oof-only`): what the profiles give
 * when the type is right, and so how much the decision's errors cost.
 *
 * `--save-folds F` writes the fitted fold models, page-type decisions and the fold of every page
 * to F (JSON); `--folds-from F` reads them instead of fitting (about 3 minutes of the run's 10),
 * so that a change to the extraction stages — which the fits do not read — is judged out of fold
 * in the time of one pass over the pages. A change to the features, the fits or the fitted
 * parameters needs folds fitted again.
 *
 * Pages come from the snapshot cache (`npx tsx scripts/cache-snapshots.ts aeb wcxb`); the local
 * web's pages are rendered once when they are not cached (a browser is found as for `extract`).
 */
import { answerHelp } from './help.js';
import { readFileSync, writeFileSync } from 'node:fs';
import { openCorpus } from '../src/bench/corpora/index.js';
import { loadFitPagesCached, siteFolds, type FitPage } from '../src/bench/fit/dataset.js';
import { applyUnitWeights, fitBlockModel } from '../src/bench/fit/fit-blocks.js';
import { DEFAULT_TYPE_BALANCE, fitPageType, pageTypeOf } from '../src/bench/fit/fit-page-type.js';
import { localWebCorpus } from '../src/testing/local-web/fit-pages.js';
import { RenderSession } from '../src/render/session.js';
import { DEFAULT_SELECT_PARAMS } from '../src/score/select-params.js';
import { PAGE_TYPES, type PageType, type PageTypeWeights } from '../src/score/page-type.js';
import { weightArray } from '../src/bench/fit/fit-units.js';
import { meanWordF1, pageScores, TOKENIZERS, aggregate, wordScore, type PageScore } from '../src/bench/metrics.js';
import { forEachSnapshot } from '../src/bench/snapshot-cache.js';
import { extractFromSnapshot } from '../src/extract/from-snapshot.js';
import { DEFAULT_PROFILE_PARAMS } from '../src/extract/profiles/index.js';
import { FITTED_BLOCK_MODEL, FITTED_SCORE_WEIGHTS } from '../src/score/fitted-params.js';
import type { BlockModelWeights } from '../src/score/block-model.js';
import { DEFAULT_GBDT, type GbdtOptions } from '../src/bench/fit/gbdt.js';

answerHelp(import.meta.url);

const args = process.argv.slice(2);
const option = (name: string): string | undefined => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const folds = Number(option('--folds') ?? 5);
const unclear = option('--unclear');
if (unclear !== undefined && !(Number(unclear) > 0 && Number(unclear) < 1)) throw new Error(`--unclear must be a probability between 0 and 1, not ${unclear}`);
/** `trees=300,depth=3` → options; a key GbdtOptions lacks, or a value that is no number, is refused. */
function parseGbdt(spec: string): Partial<GbdtOptions> {
  const out: Record<string, number> = {};
  for (const part of spec.split(',').filter((p) => p !== '')) {
    const [key, value] = part.split('=');
    if (key === undefined || !(key in DEFAULT_GBDT) || key === 'seed') throw new Error(`--gbdt: no option ${key} (options: ${Object.keys(DEFAULT_GBDT).filter((k) => k !== 'seed').join(', ')})`);
    const n = Number(value);
    if (!Number.isFinite(n) || n <= 0) throw new Error(`--gbdt: ${key} must be a positive number, not ${value}`);
    out[key] = n;
  }
  return out as Partial<GbdtOptions>;
}
const log = (line: string): void => void process.stderr.write(`${line}\n`);

const corpus = await openCorpus('wcxb');
const foldsFrom = option('--folds-from');
const saveFolds = option('--save-folds');
if (foldsFrom !== undefined && (saveFolds !== undefined || option('--per-type-weight') !== undefined || option('--article-weight') !== undefined || option('--gbdt') !== undefined || option('--folds') !== undefined)) {
  throw new Error('--folds-from reads fitted folds: it cannot be combined with --save-folds, --folds, --gbdt, --article-weight or --per-type-weight, which change the fits');
}
/** What `--save-folds` writes and `--folds-from` reads. */
interface SavedFolds {
  folds: number;
  gbdt: Partial<GbdtOptions>;
  foldOf: Array<[string, number]>;
  models: BlockModelWeights[];
  typeWeights: PageTypeWeights[];
}
const saved: SavedFolds | undefined = foldsFrom === undefined ? undefined : (JSON.parse(readFileSync(foldsFrom, 'utf8')) as SavedFolds);
const pages: FitPage[] = saved ? [] : await loadFitPagesCached(corpus, { concurrency: 2 });
applyUnitWeights(pages, weightArray(FITTED_SCORE_WEIGHTS));
const fold = siteFolds(pages, folds);
const foldOf = saved ? new Map(saved.foldOf) : new Map(pages.map((p, i) => [p.id, fold[i]!]));
// `--article-weight w` (an experiment; the shipped fit trains on the other types only) adds
// WCXB-dev's articles to the model's training, each weighing w of another type's page.
const articleWeight = Number(option('--article-weight') ?? 0);
const trains = (p: FitPage): boolean => pageTypeOf(p) !== undefined && (articleWeight > 0 || pageTypeOf(p) !== 'article');
// The options of the shipped fit (scripts/fit.ts fitProfileModel, its defaults).
const gbdt: Partial<GbdtOptions> = { trees: 200, depth: 4, ...parseGbdt(option('--gbdt') ?? '') };
const oofOnly = args.includes('--oof-only');
// `--type-given`: each page read as the type its truth labels, held for sure, in place of the
// fold's decision (ExtractParams.typeGiven): what a right decision would give the profiles.
const typeGiven = args.includes('--type-given');
const options = { l2: 1, containerThreshold: FITTED_BLOCK_MODEL.containerThreshold, learner: 'trees' as const, gbdt, pageWeight: (p: FitPage): number => (pageTypeOf(p) === 'article' ? articleWeight : 1) };
log(`second pass: ${JSON.stringify(gbdt)}`);
// The page-type decision's other training pages (the shipped fit's: AEB and the local web).
const typePages: FitPage[] = [];
let session: RenderSession | undefined;
try {
  for (const other of saved ? [] : [await openCorpus('aeb'), await localWebCorpus()]) {
    let missing = 0;
    const cached = await loadFitPagesCached(other, { concurrency: 2, onPage: (_, hit) => void (hit ? 0 : missing++) });
    if (missing === 0) typePages.push(...cached);
    else {
      log(`${other.name}: ${missing} pages not in the snapshot cache; rendering them`);
      session ??= await RenderSession.launch({ concurrency: 2 });
      typePages.push(...(await loadFitPagesCached(other, { session, concurrency: 2 })));
    }
  }
} finally {
  await session?.close();
}
const models: BlockModelWeights[] = [];
const typeWeights: PageTypeWeights[] = [];
// `--per-type-weight w` (an experiment): besides the shared model, one model per profile type,
// fitted with that type's pages weighing 1 and the other types' w (0: the type's pages alone);
// a page read with the own model is read again with its profile's model.
const perTypeWeight = option('--per-type-weight') === undefined ? undefined : Number(option('--per-type-weight'));
const perType: Array<Map<string, BlockModelWeights>> = [];
for (let k = 0; k < (saved ? 0 : folds); k++) {
  const t0 = performance.now();
  models.push(fitBlockModel(pages.filter((p, i) => fold[i] !== k && trains(p)), options, FITTED_BLOCK_MODEL.calibration));
  // The shipped decision's settings (src/score/fitted-params.ts: L2 1, class balance 0.5).
  const testSites = new Set(pages.filter((_, i) => fold[i] === k).map((p) => p.site));
  if (perTypeWeight !== undefined) {
    const byType = new Map<string, BlockModelWeights>();
    for (const t of DEFAULT_PROFILE_PARAMS.modelTypes ?? []) {
      const weightOf = (p: FitPage): number => (pageTypeOf(p) === t ? 1 : pageTypeOf(p) === 'article' ? articleWeight : perTypeWeight);
      byType.set(t, fitBlockModel(pages.filter((p, i) => fold[i] !== k && trains(p) && weightOf(p) > 0), { ...options, pageWeight: weightOf }, FITTED_BLOCK_MODEL.calibration));
    }
    perType.push(byType);
  }
  typeWeights.push(fitPageType([...pages.filter((_, i) => fold[i] !== k), ...typePages.filter((p) => !testSites.has(p.site))], 1, DEFAULT_TYPE_BALANCE));
  log(`fold ${k + 1}/${folds} fitted (${((performance.now() - t0) / 1000).toFixed(0)} s)`);
}
if (saved) {
  models.push(...saved.models);
  typeWeights.push(...saved.typeWeights);
  log(`${saved.models.length} folds read from ${foldsFrom} (fitted with ${JSON.stringify(saved.gbdt)})`);
}
if (saveFolds !== undefined) {
  const out: SavedFolds = { folds, gbdt, foldOf: [...foldOf], models, typeWeights };
  writeFileSync(saveFolds, JSON.stringify(out));
  log(`folds written to ${saveFolds}`);
}

const tokenizer = TOKENIZERS[corpus.tokenization];
type Scored = PageScore & { wordF1: number };
const rows: Array<{ id: string; type: string; decided?: string; confidence?: number; probabilities?: Record<string, number>; profile?: string; why?: string; outOfFold: Scored; modelOnly: Scored; shipped: Scored }> = [];
await forEachSnapshot(corpus, { concurrency: 1 }, (entry) => {
  if (entry.status === 'error') return;
  const k = foldOf.get(entry.page.id);
  if (k === undefined) return;
  const truth = entry.page.truth.body;
  const score = (text: string): PageScore & { wordF1: number } => ({ ...pageScores(text, truth, { tokenizer }), wordF1: wordScore(text, truth).f1 });
  const textOf = (r: ReturnType<typeof extractFromSnapshot>): string => (r.kind === 'article' ? r.article.text : '');
  const profiles = { ...DEFAULT_PROFILE_PARAMS, model: models[k]!, ...(unclear !== undefined ? { unclearBelow: Number(unclear) } : {}) };
  const given = typeGiven && entry.page.pageType !== undefined && (PAGE_TYPES as readonly string[]).includes(entry.page.pageType) ? { typeGiven: entry.page.pageType as PageType } : {};
  let oof = extractFromSnapshot(entry.snapshot, { profiles, select: { ...DEFAULT_SELECT_PARAMS, pageType: typeWeights[k]! }, ...given });
  const ran = oof.explanation.profile;
  const own = ran?.ownModel ? perType[k]?.get(ran.profile) : undefined;
  if (own) oof = extractFromSnapshot(entry.snapshot, { profiles: { ...profiles, model: own }, select: { ...DEFAULT_SELECT_PARAMS, pageType: typeWeights[k]! }, ...given });
  const outOfFold = score(textOf(oof));
  const modelOnly = oofOnly ? outOfFold : score(textOf(extractFromSnapshot(entry.snapshot, { profiles })));
  const shipped = oofOnly ? outOfFold : score(textOf(extractFromSnapshot(entry.snapshot)));
  rows.push({ id: entry.page.id, type: entry.page.pageType ?? '?', ...(oof.explanation.pageType ? { decided: oof.explanation.pageType.type, confidence: oof.explanation.pageType.confidence, probabilities: oof.explanation.pageType.probabilities } : {}), ...(oof.explanation.profile ? { profile: oof.explanation.profile.profile, why: `${oof.explanation.pageType?.reason} · ${oof.explanation.profile.reason}` } : {}), outOfFold, modelOnly, shipped });
});
const types = [...new Set(rows.map((r) => r.type))].sort();
const line = (name: string, group: typeof rows): string => {
  const oof = group.map((r) => r.outOfFold);
  const only = group.map((r) => r.modelOnly);
  const ins = group.map((r) => r.shipped);
  const w = (s: typeof oof): string => meanWordF1(s.map((x) => ({ f1: x.wordF1 }))).toFixed(3);
  const typedRight = group.filter((r) => r.decided === r.type).length;
  return `| ${name} | ${group.length} | ${w(oof)} | ${w(only)} | ${w(ins)} | ${aggregate(oof).f1.toFixed(3)} | ${aggregate(only).f1.toFixed(3)} | ${aggregate(ins).f1.toFixed(3)} | ${(typedRight / Math.max(1, group.length)).toFixed(3)} |`;
};
console.log(`WCXB-dev, ${rows.length} pages: the profiles' model and the page-type decision out of fold (${saved?.folds ?? folds} folds grouped by site); the profiles' model alone out of fold (the shipped decision); the shipped ones (in-sample)\n`);
console.log('| type | pages | word F1 out of fold | model alone out of fold | shipped | 4-gram F1 out of fold | model alone | shipped | typed right, out of fold |');
console.log('|---|---|---|---|---|---|---|---|---|');
for (const t of types) console.log(line(t, rows.filter((r) => r.type === t)));
console.log(line('all', rows));
const json = option('--json');
if (json) writeFileSync(json, JSON.stringify(rows));
