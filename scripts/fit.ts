/**
 * `npm run fit`: fits extraction's parameters on benchmark pages and writes them to
 * src/score/fitted-params.ts, with a report (out/fit/report.md) of cross-validated and
 * in-sample figures.
 *
 *   npm run fit -- [corpus …] [--folds 5] [--l2 1,3] [--container 0.5]
 *                  [--calibrations 0,-0.25,-0.5,-0.75,-1] [--weight-other 0.3] [--weight-aeb 1]
 *                  [--learner trees|logistic] [--trees 200] [--depth 4]
 *                  [--ablation] [--ablation-groups style,geometry,markup,text|none]
 *                  [--no-write] [--out out/fit] [--page-type-only] [--type-balance 0,0.5,1]
 *                  [--cached-only] [--profiles] [--profile-model listing,forum,…] [--shifts -1,-0.5,0.5,1,1.5,2,3] [--unclear 0.4]
 *
 * Corpora default to aeb and wcxb (../shared/data). Pages are rendered once into the snapshot
 * cache (out/snapshots/); later runs read the cache. Hyper-parameters (weight of non-article
 * pages, L2 penalty, container threshold, calibration shift) are chosen by 5-fold
 * cross-validation grouped by site (no site is in both a fold's training and test pages); the
 * final parameters are fitted on all pages with the chosen ones.
 *
 * `local-web` is a collection too: pages of the local web in English, Russian, Chinese,
 * Japanese and Arabic with their page types (src/testing/local-web/fit-pages.ts).
 * `--page-type-only` fits and cross-validates the page-type decision alone (L2 from `--l2`'s
 * first value) and writes only its weights, keeping the block model and unit weights as they
 * are; its report gives the accuracy per script, of the shipped weights and cross-validated, and
 * the cross-validated confusion matrix over the eight types. `--cached-only` uses only the pages
 * already in the snapshot cache (no browser; for trials while the cache is filled).
 */
import { answerHelp } from './help.js';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openCorpus } from '../src/bench/corpora/index.js';
import { loadFitPagesCached, siteFolds, type FitPage } from '../src/bench/fit/dataset.js';
import { crossValidate, permutedScores, scoreAt, scoresBy, type CvResult } from '../src/bench/fit/cross-validate.js';
import { aggregateScores, applyUnitWeights, fitBlockModel, predictPage } from '../src/bench/fit/fit-blocks.js';
import { crossValidatePageType, DEFAULT_TYPE_BALANCE, fitPageType, pageTypeOf, scorePageTypes, scriptOfPage, type PageTypeScores } from '../src/bench/fit/fit-page-type.js';
import { decidePageType, PAGE_TYPES, type PageType } from '../src/score/page-type.js';
import { fitProfiles } from '../src/bench/fit/fit-profiles.js';
import { FITTED_PROFILES } from '../src/score/fitted-profiles.js';
import { localWebCorpus } from '../src/testing/local-web/fit-pages.js';
import { FITTED_BLOCK_MODEL, FITTED_PAGE_TYPE, FITTED_SCORE_WEIGHTS } from '../src/score/fitted-params.js';
import { fitUnitWeights, topUnitF1, weightArray } from '../src/bench/fit/fit-units.js';
import { writeParams } from '../src/bench/fit/write-params.js';
import type { FitAggregate as AggregateScores, FitScore as PageScore } from '../src/bench/fit/fit-blocks.js';
import { PASS2_FEATURES, type BlockModelFeature, type BlockModelWeights } from '../src/score/block-model.js';
import { CONTEXT_FEATURES } from '../src/score/block-context.js';
import { RenderSession } from '../src/render/session.js';

answerHelp(import.meta.url);

const args = process.argv.slice(2);
const flag = (name: string): boolean => args.includes(name);
const option = (name: string): string | undefined => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const list = (name: string, fallback: number[]): number[] => option(name)?.split(',').map(Number) ?? fallback;
const valued = new Set(['--profile-model', '--unclear', '--shifts', '--type-balance', '--folds', '--l2', '--container', '--calibrations', '--out', '--weight-other', '--weight-aeb', '--learner', '--trees', '--depth', '--ablation-groups']);
const names = args.filter((a, i) => !a.startsWith('--') && !valued.has(args[i - 1] ?? ''));
const corpora = names.length > 0 ? names : ['aeb', 'wcxb'];
const folds = Number(option('--folds') ?? 5);
const l2s = list('--l2', [1, 3]);
const containers = list('--container', [0.5]);
const calibrations = list('--calibrations', [0, -0.25, -0.5, -0.75, -1]);
const outDir = option('--out') ?? 'out/fit';
/** The page-type fit's class balance (fit-page-type.ts): candidates, chosen by cross-validation in --page-type-only. */
const balances = list('--type-balance', [DEFAULT_TYPE_BALANCE]);
/** Weight in training of pages that are not articles (WCXB's other types), and of AEB's pages. */
const otherWeights = list('--weight-other', [0.3]);
const aebWeight = Number(option('--weight-aeb') ?? 1);
/** The second pass's learner: boosted trees (default) or logistic weights. */
const learner = (option('--learner') ?? 'trees') as 'trees' | 'logistic';
if (learner !== 'trees' && learner !== 'logistic') throw new Error(`--learner must be trees or logistic, not ${learner}`);
const gbdt = { trees: Number(option('--trees') ?? 200), depth: Number(option('--depth') ?? 4) };
const log = (line: string): void => void process.stderr.write(`${line}\n`);
const f3 = (x: number): string => x.toFixed(3);
const signed = (x: number): string => `${x >= 0 ? '+' : ''}${x.toFixed(3)}`;

// 1. Pages: rendered once, then read from the snapshot cache.
const started = performance.now();
let session: RenderSession | undefined;
const pages: FitPage[] = [];
try {
  for (const name of corpora) {
    const corpus = name === 'local-web' ? await localWebCorpus() : await openCorpus(name);
    let done = 0;
    let missing = 0;
    const onPage = (_: unknown, cached: boolean): void => {
      done++;
      if (!cached) missing++;
      if (done % 50 === 0 || done === corpus.size) process.stderr.write(`\rreading ${name}: ${done}/${corpus.size}`);
    };
    // A browser only when some page is missing from the cache (failed renders are cached too).
    const probe = await loadFitPagesCached(corpus, { concurrency: 2, onPage });
    process.stderr.write('\n');
    if (missing > 0 && flag('--cached-only')) {
      log(`--cached-only: ${missing} pages of ${name} not in the snapshot cache are left out`);
      pages.push(...probe);
    } else if (missing > 0) {
      session ??= await RenderSession.launch({ concurrency: 2 });
      done = 0;
      pages.push(...(await loadFitPagesCached(corpus, { session, concurrency: 2, onPage })));
      process.stderr.write('\n');
    } else {
      pages.push(...probe);
    }
  }
} finally {
  await session?.close();
}
const rows = pages.reduce((n, p) => n + p.rows, 0);
log(`${pages.length} pages, ${new Set(pages.map((p) => p.site)).size} sites, ${rows} blocks (${((performance.now() - started) / 1000).toFixed(0)} s)`);

if (flag('--page-type-only')) {
  pageTypeOnly();
  process.exit(0);
}
if (flag('--profiles')) {
  profilesOnly();
  process.exit(0);
}

/** Figures are reported per corpus, and per page type where the corpus has types. */
const groupOf = (p: FitPage): string => p.corpus;
const typeGroup = (p: FitPage): string | undefined => (p.pageType ? `${p.corpus}:${p.pageType}` : undefined);
/** What the hyper-parameters are chosen by: the mean of the corpora's cross-validated F1. */
// broadsheet extracts news articles first: the choice is made on article pages only (all of
// AEB, WCXB's article pages), each collection counting once; the other page types are reported
// beside it, not optimised for.
const articleGroup = (p: FitPage): string | undefined => (pageTypeOf(p) === 'article' ? p.corpus : undefined);
const objective = (scores: readonly PageScore[]): number => {
  const by = scoresBy(pages, scores, articleGroup);
  return [...by.values()].reduce((s, a) => s + a.f1, 0) / by.size;
};

const weightFor = (otherWeight: number) => (p: FitPage): number => (p.corpus === 'aeb' ? aebWeight : pageTypeOf(p) === 'article' ? 1 : otherWeight);

/** The shipped parameters: everything fitted on all pages with the given hyper-parameters. */
interface Final {
  otherWeight: number;
  l2: number;
  container: number;
  unitWeights: ReturnType<typeof fitUnitWeights>['weights'];
  blockModel: ReturnType<typeof fitBlockModel>;
  pageType: ReturnType<typeof fitPageType>;
}
function fitFinal(otherWeight: number, l2: number, container: number, calibration: number): Final {
  const unitWeights = fitUnitWeights(pages, 0.05).weights;
  applyUnitWeights(pages, weightArray(unitWeights));
  const weight = weightFor(otherWeight);
  const blockModel = fitBlockModel(pages.filter((p) => weight(p) > 0), { l2, containerThreshold: container, pageWeight: weight, learner, gbdt }, calibration);
  return { otherWeight, l2, container, unitWeights, blockModel, pageType: fitPageType(pages, 1) };
}
const write = (final: Final, header: string[]): void => {
  if (flag('--no-write')) return;
  writeParams('src/score/fitted-params.ts', { scoreWeights: final.unitWeights, blockModel: final.blockModel, pageType: final.pageType }, [
    `Command: npm run fit -- ${args.join(' ')}`.trimEnd(),
    `Pages: ${pages.length} from ${corpora.join(', ')} (${new Set(pages.map((p) => p.site)).size} sites), ${folds}-fold CV grouped by site.`,
    ...header,
  ]);
  log('wrote src/score/fitted-params.ts');
};

// With one set of hyper-parameters (only the calibration shift to choose), the shipped model
// does not depend on the cross-validation: fit and write it first, so it can be used while the
// cross-validation runs; the chosen calibration and the figures are written when it ends.
let final: Final | undefined;
if (!flag('--no-write') && otherWeights.length * l2s.length * containers.length === 1) {
  const provisional = calibrations[Math.floor(calibrations.length / 2)]!;
  const t0 = performance.now();
  final = fitFinal(otherWeights[0]!, l2s[0]!, containers[0]!, provisional);
  log(`final model fitted on all pages (${((performance.now() - t0) / 1000).toFixed(0)} s)`);
  write(final, [`PROVISIONAL: calibration ${provisional} until the cross-validation ends.`]);
}

// 2. Hyper-parameters by grouped cross-validation.
interface Trial {
  otherWeight: number;
  l2: number;
  container: number;
  calibration: number;
  by: Map<string, AggregateScores>;
  value: number;
  cv: CvResult;
}
let best: Trial | undefined;
for (const otherWeight of otherWeights) {
  for (const l2 of l2s) {
    for (const container of containers) {
      const t0 = performance.now();
      const cv = crossValidate(pages, { folds, l2, containerThreshold: container, unitStep: 0.1, pageWeight: weightFor(otherWeight), learner, gbdt }, (k) =>
        process.stderr.write(`\rcv other-weight=${otherWeight} l2=${l2} container=${container}: fold ${k + 1}/${folds}`),
      );
      process.stderr.write('\n');
      for (const calibration of calibrations) {
        const scores = scoreAt(pages, cv.outOfFold, calibration);
        const by = scoresBy(pages, scores, groupOf);
        const value = objective(scores);
        const articles = scoresBy(pages, scores, (p) => (pageTypeOf(p) === 'article' ? 'articles' : undefined)).get('articles');
        log(`  calibration ${calibration}: ${[...by].map(([g, a]) => `${g} F1 ${f3(a.f1)} (P ${f3(a.precision)} R ${f3(a.recall)}; word F1 ${f3(a.wordF1)})`).join(' · ')} · all articles ${f3(articles?.f1 ?? 0)} → ${f3(value)}`);
        if (!best || value > best.value) best = { otherWeight, l2, container, calibration, by, value, cv };
      }
      log(`  (${((performance.now() - t0) / 1000).toFixed(0)} s)`);
    }
  }
}
if (!best) throw new Error('no trial ran');
log(`chosen: other-page weight ${best.otherWeight}, l2 ${best.l2}, container threshold ${best.container}, calibration ${best.calibration}`);
const cvScores = scoreAt(pages, best.cv.outOfFold, best.calibration);
const cvByType = scoresBy(pages, cvScores, typeGroup);
const cvPageType = scorePageTypes(pages, (p) => best!.cv.models[best!.cv.fold[pages.indexOf(p)]!]!.pageType);

// 3. The shipped parameters: everything fitted on all pages with the chosen hyper-parameters.
if (!final || final.otherWeight !== best.otherWeight || final.l2 !== best.l2 || final.container !== best.container) final = fitFinal(best.otherWeight, best.l2, best.container, best.calibration);
final.blockModel.calibration = best.calibration;
const { blockModel, pageType } = final;
const unitFit = { weights: final.unitWeights };
// The cross-validation left its last fold's unit weights on the pages: back to the final ones.
applyUnitWeights(pages, weightArray(unitFit.weights));
const inSample = pages.map((p) => predictPage(p, blockModel));
const inSampleScores = scoreAt(pages, inSample, best.calibration);
const inSampleBy = scoresBy(pages, inSampleScores, groupOf);
const inSampleByType = scoresBy(pages, inSampleScores, typeGroup);
const inSamplePageType = scorePageTypes(pages, () => pageType);
const specTop = topUnitF1(pages, weightArray(unitFit.weights));

{
  const cv = [...best.by].map(([g, a]) => `${g} ${f3(a.f1)}`).join(', ');
  const ins = [...inSampleBy].map(([g, a]) => `${g} ${f3(a.f1)}`).join(', ');
  write(final, [
    `Chosen by cross-validation: weight of non-article pages ${best.otherWeight}, L2 ${best.l2}, container threshold ${best.container}, calibration ${best.calibration}.`,
    `Cross-validated body F1 (AEB metric): ${cv}.`,
    `Cross-validated word F1 (WCXB metric) per type: ${[...cvByType].map(([g, a]) => `${g} ${f3(a.wordF1)}`).join(', ')}.`,
    `In-sample body F1: ${ins}.`,
    `Page type, cross-validated accuracy: ${f3(cvPageType.accuracy)}.`,
  ]);
}

// 4. Ablation, at the chosen hyper-parameters. Two views:
//  - permutation, for every feature: the cross-validated models keep their weights and the
//    feature's values are shuffled across blocks (its information is gone, nothing is refitted);
//  - refits without a whole group of features (FEATURE_GROUPS), which answers what the model
//    can do without them — e.g. without everything that needs the page's real CSS.
/** Feature groups for refit ablation: what each kind of signal needs from the page. */
const FEATURE_GROUPS: Record<string, readonly BlockModelFeature[]> = {
  // Computed style: meaningful only when the page's own stylesheets apply (saved pages
  // rendered offline mostly see browser defaults).
  style: ['fontRatio', 'smallerFont', 'largerFont', 'bold', 'italic', 'mainType', 'otherColour', 'otherBackground'],
  // Layout geometry: boxes exist at default styles too, but their sizes follow the CSS.
  geometry: ['verticalPosition', 'widthShare', 'unitScore', 'bestUnit', 'unitRank', 'nextToImage'],
  // Markup: tags, landmarks, ARIA roles, class/id words — present with or without CSS.
  markup: ['tagP', 'tagHeading', 'tagH1', 'tagLi', 'tagCell', 'tagDiv', 'tagInlineRun', 'tagQuote', 'tagPre', 'inArticle', 'inMain', 'inHeader', 'inFooter', 'inNav', 'inAside', 'inForm', 'inList', 'inTable', 'inFigure', 'inLink', 'inControl', 'bodyName', 'commentWords', 'shareWords', 'relatedWords', 'promoWords', 'chromeWords', 'overlayWords', 'metaWords', 'contentWords', 'furnitureRole', 'captionTag', 'hiddenHint'],
  // Text statistics: need only the text and its links.
  text: ['logChars', 'logWords', 'linkDensity', 'allLink', 'sentenceEnds', 'endsWithSentence', 'commaRate', 'digitShare', 'capitalisedShare', 'charsPerNode', 'sentenceLength', 'upperShare', 'duplicateText', 'unitLogChars', 'unitLinkDensity', 'charsShareOfLongest'],
};
const groupNames = (option('--ablation-groups') ?? Object.keys(FEATURE_GROUPS).join(',')).split(',').filter((g) => g !== '' && g !== 'none');
for (const g of groupNames) if (!FEATURE_GROUPS[g]) throw new Error(`--ablation-groups: unknown group ${g} (known: ${Object.keys(FEATURE_GROUPS).join(', ')})`);
const permutation: Array<{ feature: BlockModelFeature; by: Map<string, AggregateScores> }> = [];
const groupAblation: Array<{ group: string; by: Map<string, AggregateScores> }> = [];
if (flag('--ablation')) {
  PASS2_FEATURES.forEach((feature, column) => {
    if (feature === 'bias') return;
    const by = scoresBy(pages, permutedScores(pages, best!.cv, column, best!.calibration), groupOf);
    permutation.push({ feature, by });
    log(`  ${feature} permuted: ${[...by].map(([g, a]) => `${g} ${f3(a.f1)} (${signed(a.f1 - best!.by.get(g)!.f1)})`).join(' · ')}`);
  });
  for (const group of groupNames) {
    const drop = new Set(FEATURE_GROUPS[group]);
    const cv = crossValidate(pages, { folds, l2: best.l2, containerThreshold: best.container, unitStep: 0.1, drop, pageWeight: weightFor(best.otherWeight), learner, gbdt }, (k) =>
      process.stderr.write(`\rrefit without ${group}: fold ${k + 1}/${folds}`),
    );
    process.stderr.write('\n');
    const by = scoresBy(pages, scoreAt(pages, cv.outOfFold, best.calibration), groupOf);
    groupAblation.push({ group, by });
    log(`  without ${group}: ${[...by].map(([g, a]) => `${g} ${f3(a.f1)} (${signed(a.f1 - best!.by.get(g)!.f1)})`).join(' · ')}`);
  }
}

// 5. Report.
const table = (by: Map<string, AggregateScores>): string[] => [...by].map(([g, a]) => `| ${g} | ${a.n} | ${f3(a.precision)} | ${f3(a.recall)} | ${f3(a.f1)} | ${f3(a.wordF1)} |`);
const report = [
  `# Fit of extraction parameters`,
  '',
  `${pages.length} pages from ${corpora.join(', ')} (${new Set(pages.map((p) => p.site)).size} sites, ${rows} blocks); ${folds}-fold cross-validation grouped by site.`,
  `Second pass: ${learner === 'trees' ? `${gbdt.trees} boosted trees of depth ${gbdt.depth}` : 'logistic'}. Chosen by cross-validation: weight of non-article pages ${best.otherWeight}, L2 ${best.l2}, container threshold ${best.container}, calibration shift ${best.calibration} (the objective: mean cross-validated F1 of each collection's article pages, ${f3(best.value)}).`,
  '',
  '## Body F1 (AEB metric: P, R, F1; WCXB metric: mean per-page word F1), cross-validated — pages of sites the fit did not see',
  '',
  '| corpus | pages | P | R | F1 | word F1 (WCXB) |',
  '|---|---|---|---|---|---|',
  ...table(best.by),
  ...table(cvByType),
  '',
  '## Body F1, in-sample (the shipped parameters on the pages they were fitted on)',
  '',
  '| corpus | pages | P | R | F1 | word F1 (WCXB) |',
  '|---|---|---|---|---|---|',
  ...table(inSampleBy),
  ...table(inSampleByType),
  '',
  '## Page type (WCXB\'s seven and `other`)',
  '',
  `Cross-validated: accuracy ${f3(cvPageType.accuracy)}, article precision ${f3(cvPageType.articlePrecision)}, article recall ${f3(cvPageType.articleRecall)}.`,
  `In-sample: accuracy ${f3(inSamplePageType.accuracy)}.`,
  '',
  ...confusionTable(cvPageType),
  '',
  '## Unit-score weights (docs/methods.md §4)',
  '',
  `area ${unitFit.weights.area}, punctuation ${unitFit.weights.punctuation}, link density ${unitFit.weights.linkDensity}, text density ${unitFit.weights.textDensity}, length ${unitFit.weights.length}: the top unit alone as the body gives a mean token F1 of ${f3(specTop)}.`,
  ...(permutation.length > 0
    ? [
        '',
        '## Ablation: refits without a group of features (cross-validated F1)',
        '',
        `| features left out | ${[...best.by.keys()].join(' | ')} |`,
        `|---|${[...best.by.keys()].map(() => '---').join('|')}|`,
        `| (none: all features) | ${[...best.by.values()].map((a) => f3(a.f1)).join(' | ')} |`,
        ...groupAblation.map(({ group, by }) => `| ${group}: ${FEATURE_GROUPS[group]!.join(', ')} | ${[...by].map(([g, a]) => `${f3(a.f1)} (${signed(a.f1 - best!.by.get(g)!.f1)})`).join(' | ')} |`),
        '',
        '## Ablation: each feature permuted (cross-validated models, F1 with the feature\'s information removed)',
        '',
        'Sorted by the loss on the first corpus; a feature whose loss is ~0 is redundant given the others, not necessarily useless alone.',
        '',
        `| feature | group | ${[...best.by.keys()].join(' | ')} |`,
        `|---|---|${[...best.by.keys()].map(() => '---').join('|')}|`,
        ...[...permutation]
          .sort((a, b) => [...a.by.values()][0]!.f1 - [...b.by.values()][0]!.f1)
          .map(({ feature, by }) => `| ${feature} | ${Object.entries(FEATURE_GROUPS).find(([, fs]) => fs.includes(feature))?.[0] ?? ((CONTEXT_FEATURES as readonly string[]).includes(feature) ? 'context' : 'other')} | ${[...by].map(([g, a]) => `${f3(a.f1)} (${signed(a.f1 - best!.by.get(g)!.f1)})`).join(' | ')} |`),
      ]
    : []),
  '',
];
mkdirSync(outDir, { recursive: true });
writeFileSync(join(outDir, 'report.md'), report.join('\n'));
writeFileSync(join(outDir, 'out-of-fold.json'), JSON.stringify(pages.map((p, i) => ({ corpus: p.corpus, id: p.id, site: p.site, type: pageTypeOf(p), f1: cvScores[i]!.f1 }))));
process.stdout.write(report.join('\n'));

void aggregateScores;

/** The provenance lines of the shipped parameters, kept when only the page type is refitted (an older page-type line is replaced). */
function shippedHeader(): string[] {
  const lines = readFileSync('src/score/fitted-params.ts', 'utf8').split('\n');
  const end = lines.findIndex((l) => l.trim() === '*/');
  const body = lines.slice(0, end).map((l) => l.replace(/^\s*\*\s?/u, '')).slice(4);
  const cut = body.findIndex((l) => l.startsWith('Page type refitted alone'));
  return (cut >= 0 ? body.slice(0, cut) : body).filter((l, i, all) => !(l === '' && i === all.length - 1));
}

/** The confusion matrix over the types that occur (rows: truth; columns: decided), with recall per row. */
function confusionTable(scores: PageTypeScores): string[] {
  const types = PAGE_TYPES.filter((t) => PAGE_TYPES.some((u) => scores.confusion[t][u] > 0 || scores.confusion[u][t] > 0));
  return [
    `| truth \\ decided | ${types.join(' | ')} | recall |`,
    `|---|${types.map(() => '---').join('|')}|---|`,
    ...types.map((t) => {
      const row = types.map((u) => scores.confusion[t][u]);
      const n = PAGE_TYPES.reduce((s, u) => s + scores.confusion[t][u], 0);
      return `| ${t} | ${row.join(' | ')} | ${n > 0 ? f3(scores.confusion[t][t] / n) : '–'} |`;
    }),
  ];
}

/** Mean of the per-type recall over the types with pages (balanced accuracy). */
function balancedAccuracy(scores: PageTypeScores): number {
  const recalls = PAGE_TYPES.flatMap((t) => {
    const n = PAGE_TYPES.reduce((s, u) => s + scores.confusion[t][u], 0);
    return n > 0 ? [scores.confusion[t][t] / n] : [];
  });
  return recalls.reduce((a, b) => a + b, 0) / Math.max(1, recalls.length);
}

/**
 * `--page-type-only`: the page-type decision alone. L2 (`--l2`) and class balance
 * (`--type-balance`) are chosen by cross-validated balanced accuracy (every type counts the same);
 * the report gives accuracy per script and the cross-validated confusion matrix.
 */
function pageTypeOnly(): void {
  const labelled = pages.filter((p) => pageTypeOf(p) !== undefined);
  const scripts = [...new Set(labelled.map(scriptOfPage))].sort();
  const byScript = (weightsFor: (p: FitPage) => Parameters<typeof scorePageTypes>[1] extends (p: FitPage) => infer W ? W : never): Array<[string, ReturnType<typeof scorePageTypes>, number]> => [
    ['all', scorePageTypes(labelled, weightsFor), labelled.length],
    ...scripts.map((s): [string, ReturnType<typeof scorePageTypes>, number] => {
      const own = labelled.filter((p) => scriptOfPage(p) === s);
      return [s, scorePageTypes(own, weightsFor), own.length];
    }),
  ];
  const shipped = byScript(() => FITTED_PAGE_TYPE);
  let chosen: { l2: number; balance: number; value: number; cv: ReturnType<typeof byScript>; weights: Map<FitPage, ReturnType<typeof fitPageType>> } | undefined;
  const trials: string[] = [];
  for (const l2 of l2s) {
    for (const balance of balances) {
      const cvWeights = crossValidatePageType(labelled, folds, l2, balance);
      const cv = byScript((p) => cvWeights.get(p)!);
      const value = balancedAccuracy(cv[0]![1]);
      trials.push(`| ${l2} | ${balance} | ${f3(cv[0]![1].accuracy)} | ${f3(value)} | ${f3(cv[0]![1].articlePrecision)} / ${f3(cv[0]![1].articleRecall)} |`);
      log(`page type l2 ${l2} balance ${balance}: accuracy ${f3(cv[0]![1].accuracy)}, balanced ${f3(value)}`);
      if (!chosen || value > chosen.value) chosen = { l2, balance, value, cv, weights: cvWeights };
    }
  }
  const { l2, balance, cv, weights: cvWeights } = chosen!;
  const final = fitPageType(labelled, l2, balance);
  const inSample = byScript(() => final);
  const rows = shipped.map(([name, s, n], i) => `| ${name} | ${n} | ${f3(s.accuracy)} | ${f3(cv[i]![1].accuracy)} | ${f3(cv[i]![1].articlePrecision)} / ${f3(cv[i]![1].articleRecall)} | ${f3(inSample[i]![1].accuracy)} |`);
  const report = [
    '# Fit of the page-type decision',
    '',
    `${labelled.length} labelled pages from ${corpora.join(', ')} (${new Set(labelled.map((p) => p.site)).size} sites); ${folds}-fold cross-validation grouped by site. Chosen: L2 ${l2}, class balance ${balance} (by cross-validated balanced accuracy, ${f3(chosen!.value)}).`,
    '',
    '| L2 | balance | accuracy, cross-validated | balanced accuracy | article P / R |',
    '|---|---|---|---|---|',
    ...trials,
    '',
    '| script | pages | accuracy, shipped weights | accuracy, cross-validated | article P / R, cross-validated | accuracy, in-sample (new weights) |',
    '|---|---|---|---|---|---|',
    ...rows,
    '',
    '## Confusion matrix, cross-validated (all pages)',
    '',
    ...confusionTable(cv[0]![1]),
    '',
    ...[...new Set(labelled.map((p) => p.corpus))].flatMap((c) => {
      const own = labelled.filter((p) => p.corpus === c);
      const s = scorePageTypes(own, (p) => cvWeights!.get(p)!);
      return [`## Confusion matrix, cross-validated: ${c} (${own.length} pages, accuracy ${f3(s.accuracy)}, balanced ${f3(balancedAccuracy(s))})`, '', ...confusionTable(s), ''];
    }),
  ];
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, 'page-type.md'), report.join('\n'));
  process.stdout.write(report.join('\n'));
  if (flag('--no-write')) return;
  writeParams('src/score/fitted-params.ts', { scoreWeights: FITTED_SCORE_WEIGHTS, blockModel: FITTED_BLOCK_MODEL, pageType: final }, [
    ...shippedHeader(),
    `Page type refitted alone: npm run fit -- ${args.join(' ')}`.trimEnd(),
    `  ${labelled.length} pages from ${corpora.join(', ')}; L2 ${l2}, class balance ${balance}; cross-validated accuracy ${f3(cv[0]![1].accuracy)}, balanced ${f3(chosen!.value)} (${cv.slice(1).map(([name, s]) => `${name} ${f3(s.accuracy)}`).join(', ')}).`,
  ]);
  log('wrote src/score/fitted-params.ts (page type only)');
}

/**
 * `--profiles`: the extraction profiles per page type (fit-profiles.ts) on the shipped block
 * model and page-type weights' hyper-parameters: each page's type from the cross-validated
 * decision, each type's calibration shift chosen on other sites' pages; writes
 * src/score/fitted-profiles.ts with the shifts that helped out of fold.
 */
function profilesOnly(): void {
  const l2 = l2s[0] ?? 1;
  applyUnitWeights(pages, weightArray(FITTED_SCORE_WEIGHTS));
  const probabilities = pages.map((p) => predictPage(p, FITTED_BLOCK_MODEL));
  const labelled = pages.filter((p) => pageTypeOf(p) !== undefined);
  const cvWeights = crossValidatePageType(labelled, folds, l2, balances[0]!);
  const decided = pages.map((p) => {
    const d = decidePageType(p.pageFeatures, cvWeights.get(p) ?? FITTED_PAGE_TYPE);
    return { type: d.type, confidence: d.confidence };
  });
  const grid = list('--shifts', [-1, -0.5, 0.5, 1, 1.5, 2, 3]);
  const unclearBelow = Number(option('--unclear') ?? FITTED_PROFILES.unclearBelow);
  // --profile-model <types>: those types' profiles read with a block model of their own, fitted
  // on the pages of the types other than article (WCXB's listings, forums, products… by their
  // labels), each page weighing the same; its probabilities out of fold (folds grouped by site,
  // the shipped unit weights). Which types: those whose whole-pipeline word F1 out of fold rises
  // with it (scripts/profile-model-cv.ts).
  const profileModelTypes = (option('--profile-model') ?? '').split(',').filter((t) => t !== '') as PageType[];
  for (const t of profileModelTypes) if (!PAGE_TYPES.includes(t) || t === 'article') throw new Error(`--profile-model: ${t} is not a page type other than article (${PAGE_TYPES.filter((x) => x !== 'article').join(', ')})`);
  const profileModel = profileModelTypes.length > 0 ? fitProfileModel(l2) : undefined;
  const fit = fitProfiles({
    pages,
    probabilities,
    decided,
    calibration: FITTED_BLOCK_MODEL.calibration,
    grid,
    folds,
    unclearBelow,
    ...(profileModel ? { profileProbabilities: profileModel.outOfFold, profileCalibration: profileModel.model.calibration, profileModelTypes } : {}),
  });
  const byTruth = (scores: readonly PageScore[]): Map<string, AggregateScores> => scoresBy(pages, scores, (p) => (p.pageType ? `${p.corpus}:${p.pageType}` : p.corpus));
  const before = byTruth(fit.without);
  const after = byTruth(fit.with);
  const allWcxb = (scores: readonly PageScore[]): AggregateScores | undefined => scoresBy(pages, scores, (p) => (p.corpus === 'wcxb' ? 'wcxb' : undefined)).get('wcxb');
  const report = [
    '# Fit of the extraction profiles',
    '',
    `${pages.length} pages from ${corpora.join(', ')}; the shipped block model (its calibration ${FITTED_BLOCK_MODEL.calibration}); page types from the ${folds}-fold cross-validated decision (L2 ${l2}, balance ${balances[0]}); shifts from {${[0, ...grid].join(', ')}} chosen per fold on other sites' pages; unclear below ${unclearBelow}.`,
    '',
    ...(profileModel ? [`The profiles' own block model: fitted on the ${profileModel.trainPages} pages of the other types (each weighing the same; L2 ${l2}, ${learner === 'trees' ? `${gbdt.trees} boosted trees of depth ${gbdt.depth}` : 'logistic'}), its probabilities out of fold; the profile of ${profileModelTypes.join(', ')} is that model at a shift of its calibration (${profileModel.model.calibration}), of the other types the article model at a shift of its own.`, ''] : []),
    '## Per decided type: word F1 of its pages, out of fold',
    '',
    '| decided type | pages | article profile | its profile | shift (all pages) | kept |',
    '|---|---|---|---|---|---|',
    ...Object.entries(fit.gains).map(([t, g]) => `| ${t} | ${g.pages} | ${f3(g.without)} | ${f3(g.with)} | ${g.shift} | ${fit.shifts[t as keyof typeof fit.shifts] !== undefined ? 'yes' : 'no'} |`),
    '',
    '## Per true type (label): 4-gram F1 and word F1, without and with the kept profiles',
    '',
    '| group | pages | 4-gram F1 before | after | word F1 before | after |',
    '|---|---|---|---|---|---|',
    ...[...before].map(([g, a]) => `| ${g} | ${a.n} | ${f3(a.f1)} | ${f3(after.get(g)!.f1)} | ${f3(a.wordF1)} | ${f3(after.get(g)!.wordF1)} |`),
    ...(allWcxb(fit.without) ? [`| wcxb (all) | ${allWcxb(fit.without)!.n} | ${f3(allWcxb(fit.without)!.f1)} | ${f3(allWcxb(fit.with)!.f1)} | ${f3(allWcxb(fit.without)!.wordF1)} | ${f3(allWcxb(fit.with)!.wordF1)} |`] : []),
    '',
    'The block model is the shipped one: on AEB and on WCXB\'s articles it is in-sample (fitted on them); WCXB\'s other types had weight 0 in its fit, so on them it is out of sample.',
    '',
  ];
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, 'profiles.md'), report.join('\n'));
  process.stdout.write(report.join('\n'));
  if (flag('--no-write')) return;
  writeFileSync(
    'src/score/fitted-profiles.ts',
    [
      '/**',
      ' * Fitted extraction profiles per page type. WRITTEN BY `npm run fit -- --profiles`: do not edit',
      ' * by hand (extract/profiles/ reads them).',
      ' *',
      ` * Command: npm run fit -- ${args.join(' ')}`.trimEnd(),
      ` * ${pages.length} pages from ${corpora.join(', ')}; out-of-fold word F1 per decided type (article profile → its own): ${Object.entries(fit.gains).map(([t, g]) => `${t} ${f3(g.without)} → ${f3(g.with)}`).join(', ')}.`,
      ' */',
      "import type { PageType } from './page-type.js';",
      '',
      '/** `profileModelTypes`: the types that read with the profiles\' own block model (fitted-profile-model.ts), their shifts of its calibration; the others shift the article model\'s. */',
      `export const FITTED_PROFILES: { shifts: Partial<Record<PageType, number>>; unclearBelow: number; profileModelTypes: PageType[] } = ${JSON.stringify({ shifts: fit.shifts, unclearBelow, profileModelTypes: profileModel ? profileModelTypes : [] }, null, 2)};`,
      '',
    ].join('\n'),
  );
  log('wrote src/score/fitted-profiles.ts');
  if (!profileModel) return;
  const json = (v: unknown): string => JSON.stringify(v, null, 2).replace(/\[\s*(-?[\d.e+-]+(?:,\s*-?[\d.e+-]+)*)\s*\]/g, (_, items: string) => `[${items.split(/,\s*/).join(', ')}]`);
  writeFileSync(
    'src/score/fitted-profile-model.ts',
    [
      '/**',
      " * The extraction profiles' own block model (extract/profiles/): fitted on the pages of the types",
      ' * other than article. WRITTEN BY `npm run fit -- --profiles --profile-model`: do not edit by hand.',
      ' *',
      ` * Command: npm run fit -- ${args.join(' ')}`.trimEnd(),
      ` * ${profileModel.trainPages} training pages (WCXB-dev's listings, collections, products, services, forums, documentation), each weighing the same; L2 ${l2}; ${learner === 'trees' ? `${gbdt.trees} boosted trees of depth ${gbdt.depth}` : 'logistic second pass'}.`,
      ' */',
      "import type { BlockModelWeights } from './block-model.js';",
      '',
      `export const FITTED_PROFILE_MODEL: BlockModelWeights = ${json(profileModel.model)};`,
      '',
    ].join('\n'),
  );
  log('wrote src/score/fitted-profile-model.ts');
}

/** The profiles' block model: out-of-fold probabilities of every page (folds grouped by site), and the model fitted on every training page. */
function fitProfileModel(l2: number): { outOfFold: Float64Array[]; model: BlockModelWeights; trainPages: number } {
  applyUnitWeights(pages, weightArray(FITTED_SCORE_WEIGHTS));
  const trains = (p: FitPage): boolean => p.corpus !== 'aeb' && pageTypeOf(p) !== undefined && pageTypeOf(p) !== 'article';
  const fold = siteFolds(pages, folds);
  const outOfFold = new Array<Float64Array>(pages.length);
  const options = { l2, containerThreshold: FITTED_BLOCK_MODEL.containerThreshold, learner, gbdt };
  for (let k = 0; k < folds; k++) {
    const model = fitBlockModel(pages.filter((p, i) => fold[i] !== k && trains(p)), options, FITTED_BLOCK_MODEL.calibration);
    pages.forEach((p, i) => {
      if (fold[i] === k) outOfFold[i] = predictPage(p, model);
    });
    process.stderr.write(`\rprofile model: fold ${k + 1}/${folds}`);
  }
  process.stderr.write('\n');
  const train = pages.filter(trains);
  return { outOfFold, model: fitBlockModel(train, options, FITTED_BLOCK_MODEL.calibration), trainPages: train.length };
}
