/**
 * `broadsheet model train | info | eval`: the cluster model of article bodies (docs/methods.md §5).
 *
 * The loops that render pages for training and evaluation are exported so the browser tests
 * drive exactly what the command runs.
 */
import { readFile, writeFile, mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Command, Option } from 'commander';
import { BroadsheetError, ConfigError } from '../../errors.js';
import { openCorpus, type BenchCorpus } from '../../bench/corpora/index.js';
import { cachedSnapshot, DEFAULT_SNAPSHOT_CACHE_DIR } from '../../bench/snapshot-cache.js';
import { aggregate, bootstrapDifference, pageScores, TOKENIZERS, type AggregateScores, type PageScore, type Tokenizer } from '../../bench/metrics.js';
import {
  FEATURE_NAMES,
  addSample,
  applyScaling,
  createModel,
  fromVector,
  ModelFormatError,
  parseModel,
  serializeModel,
  type AddSampleEvent,
  type ClusterModel,
  type ClusterParams,
  type NodeFeatures,
  type TooFewSamples,
} from '../../cluster/index.js';
import { buildLayoutTree } from '../../segment/tree.js';
import { extractFromSnapshot } from '../../extract/from-snapshot.js';
import { confidentVisualSample, DEFAULT_MODEL_STAGE, labelFromTruth, type CascadeMode, type ModelStageName } from '../../extract/model-stage.js';
import { addToAnatomy, describeAnatomy, emptyAnatomy, pageAnatomy, type Anatomy } from '../../extract/model-anatomy.js';
import { expandInputs, loadSavedPage } from '../../input/inputs.js';
import { closeBrowser, closeOnSignals, launchBrowser } from '../../render/browser.js';
import { RenderSession } from '../../render/session.js';
import type { LayoutSnapshot } from '../../types.js';
import { floatOption, intOption } from '../parse.js';
import { EXIT } from '../exit-codes.js';
import { outFileProblem } from '../out-file.js';
import { COMMAND_SUMMARIES } from '../command-list.js';

// ── Pages and the split by site ──────────────────────────────────────────────────────────

export type SiteHalf = 'A' | 'B';

/** A page to learn from or to test on. `truth` is absent for plain pages (self-training). */
export interface ModelPage {
  id: string;
  site: string;
  half: SiteHalf;
  path: string;
  url?: string;
  truth?: string;
}

/** A page's site: its URL's host without `www.`; pages without a URL are each a site of their own. */
export function siteOf(page: { id: string; url?: string }): string {
  if (page.url) {
    try {
      return new URL(page.url).hostname.replace(/^www\./u, '');
    } catch {
      // An unparsable URL names no site; fall through to the id.
    }
  }
  return page.id;
}

/** Half A or B of the sites, by a hash of the site name (FNV-1a): stable, and never splits a site. */
export function halfOf(site: string): SiteHalf {
  let h = 0x811c9dc5;
  for (const ch of site) h = Math.imul(h ^ (ch.codePointAt(0) ?? 0), 0x01000193) >>> 0;
  return h % 2 === 0 ? 'A' : 'B';
}

/** Pages of a benchmark collection (with truth) or of inputs (files, directories; no truth). */
export async function modelPages(from: string, options: { self?: boolean } = {}): Promise<{ pages: ModelPage[]; tokenizer: Tokenizer; corpusName?: string }> {
  let corpus: BenchCorpus | undefined;
  try {
    corpus = await openCorpus(from);
  } catch (error) {
    if (!options.self) throw error;
  }
  if (corpus) {
    const pages: ModelPage[] = [];
    for await (const page of corpus.pages()) {
      const site = siteOf(page);
      pages.push({ id: page.id, site, half: halfOf(site), path: page.html.path, truth: page.truth.body, ...(page.url ? { url: page.url } : {}) });
    }
    return { pages, tokenizer: TOKENIZERS[corpus.tokenization], corpusName: corpus.name };
  }
  const specs = await expandInputs([from]);
  const pages = specs.flatMap((spec): ModelPage[] => {
    if (spec.kind !== 'file') return [];
    const site = siteOf({ id: spec.input });
    return [{ id: spec.input, site, half: halfOf(site), path: spec.path }];
  });
  return { pages, tokenizer: TOKENIZERS.multilingual };
}

/** Where snapshots come from: a render session, and optionally the snapshot cache in front of it. */
export interface SnapshotSourceOptions {
  /** The corpus's folder of the snapshot cache (src/bench/snapshot-cache.ts); pages missing there are rendered and stored. */
  cacheDir?: string;
  onPage?: (page: ModelPage) => void;
}

/** Renders every page once (offline, as saved) and hands its snapshot to `use`; a page that fails is reported, not thrown. */
async function eachSnapshot<T>(
  session: Pick<RenderSession, 'render'>,
  pages: readonly ModelPage[],
  use: (page: ModelPage, snapshot: LayoutSnapshot) => T,
  options: SnapshotSourceOptions = {},
): Promise<Array<{ page: ModelPage; value: T } | { page: ModelPage; error: string }>> {
  const one = async (page: ModelPage): Promise<{ page: ModelPage; value: T } | { page: ModelPage; error: string }> => {
    try {
      if (options.cacheDir !== undefined) {
        const entry = await cachedSnapshot({ id: page.id, path: page.path, ...(page.url !== undefined ? { url: page.url } : {}) }, options.cacheDir, session);
        if (entry.snapshot === undefined) return { page, error: entry.error };
        return { page, value: use(page, entry.snapshot) };
      }
      const saved = await loadSavedPage(page.path);
      const value = await session.render({ kind: 'html', bytes: saved.bytes, url: page.url ?? saved.url, label: page.id }, async (r) => use(page, r.snapshot));
      return { page, value };
    } catch (error) {
      // A dead browser (or any fatal error) ends the run: no later page could render either.
      if (error instanceof BroadsheetError && error.fatal) throw error;
      return { page, error: error instanceof Error ? error.message : String(error) };
    } finally {
      options.onPage?.(page);
    }
  };
  // The render session limits how many pages render at once; cached snapshots are read a few
  // at a time so that a whole corpus of them is never in memory together.
  const results: Array<{ page: ModelPage; value: T } | { page: ModelPage; error: string }> = new Array(pages.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < pages.length) {
      const index = next++;
      results[index] = await one(pages[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(8, Math.max(1, pages.length)) }, worker));
  return results;
}

// ── Training ─────────────────────────────────────────────────────────────────────────────

export interface TrainingSample {
  pageId: string;
  nodeId: number;
  features: NodeFeatures;
  /** How the node was found: its match to the truth, or "confident visual pick". */
  detail: string;
}

/** One body sample per page: the node matching the truth, or (self) the visual extractor's confident pick. */
export async function collectSamples(
  session: Pick<RenderSession, 'render'>,
  pages: readonly ModelPage[],
  options: { self: boolean; tokenizer: Tokenizer } & SnapshotSourceOptions,
): Promise<{ samples: TrainingSample[]; skipped: Array<{ pageId: string; reason: string }> }> {
  const results = await eachSnapshot(
    session,
    pages,
    (page, snapshot): TrainingSample | { reason: string } => {
      const tree = buildLayoutTree(snapshot);
      if (options.self || page.truth === undefined) {
        const pick = confidentVisualSample(tree, extractFromSnapshot(snapshot));
        return pick.kind === 'sample' ? { pageId: page.id, nodeId: pick.nodeId, features: pick.features, detail: 'confident visual pick' } : { reason: pick.reason };
      }
      const label = labelFromTruth(tree, page.truth, options.tokenizer);
      if (label.kind === 'none') return { reason: label.reason };
      const detail = `${label.rule}: P ${label.precision.toFixed(2)} R ${label.recall.toFixed(2)}`;
      return { pageId: page.id, nodeId: label.nodeId, features: label.features, detail };
    },
    options,
  );
  const samples: TrainingSample[] = [];
  const skipped: Array<{ pageId: string; reason: string }> = [];
  for (const r of results) {
    if ('error' in r) skipped.push({ pageId: r.page.id, reason: `render failed: ${r.error}` });
    else if ('reason' in r.value) skipped.push({ pageId: r.page.id, reason: r.value.reason });
    else samples.push(r.value);
  }
  return { samples, skipped };
}

/**
 * Fits a model. With `streamInitial`, only the first that many samples are clustered and the
 * rest arrive one by one through `addSample` (as during a crawl), so the re-cluster history
 * shows how often the buffer could not be placed.
 */
export function trainModel(
  samples: readonly NodeFeatures[],
  options: { params?: Partial<ClusterParams>; streamInitial?: number } = {},
): { kind: 'model'; model: ClusterModel; events: AddSampleEvent[] } | TooFewSamples {
  const initial = options.streamInitial === undefined ? samples.length : Math.min(options.streamInitial, samples.length);
  const created = createModel(samples.slice(0, initial), options.params);
  if (created.kind === 'too-few-samples') return created;
  let model = created.model;
  const events: AddSampleEvent[] = [];
  for (const sample of samples.slice(initial)) {
    const step = addSample(model, sample);
    model = step.model;
    events.push(step.event);
  }
  return { kind: 'model', model, events };
}

// ── Evaluation: the same pages with and without the model, in one run ────────────────────

export interface ModelPageResult {
  pageId: string;
  site: string;
  without: PageScore;
  with: PageScore;
  stage: ModelStageName | 'error';
  /** γmax of the visual body's container (null when the visual stage found none). */
  visualGamma: number | null;
  featuriseMs: number;
  assignMs: number;
}

export interface ModelEvaluation {
  pages: ModelPageResult[];
  errors: Array<{ pageId: string; reason: string }>;
  without: AggregateScores;
  with: AggregateScores;
  /** With minus without, bootstrapped on the same page draws. */
  f1Difference: { observed: number; std: number };
  stages: Record<string, number>;
  /** What the clusters hold on these pages (pages whose truth matched a node). */
  anatomy: Anatomy;
  /** Pages whose truth matched no node (left out of the anatomy). */
  unlabelled: number;
}

export async function evaluateModel(
  session: Pick<RenderSession, 'render'>,
  pages: readonly ModelPage[],
  model: ClusterModel,
  options: { tokenizer: Tokenizer; cascade?: CascadeMode; vetoBelowGamma?: number } & SnapshotSourceOptions,
): Promise<ModelEvaluation> {
  const score = (text: string, truth: string | undefined): PageScore => pageScores(text, truth ?? '', { tokenizer: options.tokenizer });
  const anatomy = emptyAnatomy(model.clusters.length);
  let unlabelled = 0;
  const results = await eachSnapshot(
    session,
    pages,
    (page, snapshot): ModelPageResult => {
      const tree = buildLayoutTree(snapshot);
      const label = page.truth === undefined ? undefined : labelFromTruth(tree, page.truth, options.tokenizer);
      if (label?.kind === 'label') addToAnatomy(anatomy, pageAnatomy(tree, model, label.nodeId));
      else unlabelled += 1;
      const plain = extractFromSnapshot(snapshot);
      const modelled = extractFromSnapshot(snapshot, { model, modelStage: { cascade: options.cascade ?? 'veto', ...(options.vetoBelowGamma !== undefined ? { vetoBelowGamma: options.vetoBelowGamma } : {}) } });
      const report = modelled.explanation.model;
      return {
        pageId: page.id,
        site: page.site,
        without: score(plain.kind === 'article' ? plain.article.text : '', page.truth),
        with: score(modelled.kind === 'article' ? modelled.article.text : '', page.truth),
        stage: report?.stage ?? 'error',
        visualGamma: report?.visualContainerGamma ?? null,
        featuriseMs: report?.timingsMs.featurise ?? 0,
        assignMs: report?.timingsMs.assign ?? 0,
      };
    },
    options,
  );
  const scored = results.flatMap((r) => ('value' in r ? [r.value] : []));
  // A page that failed to render is a miss for both systems, as in `broadsheet bench`.
  const failed = results.flatMap((r) => ('error' in r ? [r] : []));
  const errors = failed.map((r) => ({ pageId: r.page.id, reason: r.error }));
  const misses = failed.map((r) => score('', r.page.truth));
  const without = [...scored.map((r) => r.without), ...misses];
  const withModel = [...scored.map((r) => r.with), ...misses];
  const difference = bootstrapDifference(withModel, without).f1;
  const stages: Record<string, number> = {};
  for (const r of scored) stages[r.stage] = (stages[r.stage] ?? 0) + 1;
  return { pages: scored, errors, without: aggregate(without), with: aggregate(withModel), f1Difference: { observed: difference.observed, std: difference.std }, stages, anatomy, unlabelled };
}

// ── Model files ──────────────────────────────────────────────────────────────────────────

/** Reads a model file; throws `ConfigError` (missing, unreadable) or `ModelFormatError` (corrupt, wrong format or version). */
export async function loadModelFile(path: string): Promise<ClusterModel> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
    throw new ConfigError(`cluster model ${path}: cannot read the file (${code}); check the path, or train one with \`broadsheet model train --from DATASET --out ${path}\``, { cause: error });
  }
  try {
    return parseModel(text);
  } catch (error) {
    if (error instanceof Error) {
      const fix =
        error instanceof ModelFormatError && (error.problem === 'incompatible-version' || error.problem === 'other-features')
          ? `train it again with this broadsheet (\`broadsheet model train --from DATASET --out ${path}\`)`
          : `the file is not a model this broadsheet wrote: train one with \`broadsheet model train --from DATASET --out ${path}\``;
      error.message = `${path}: ${error.message}; ${fix}`;
    }
    throw error;
  }
}

/** What `model info` prints: what each cluster's bodies look like, in characters and counts. */
export function describeModel(model: ClusterModel): string {
  const total = model.clusters.reduce((n, c) => n + c.size, 0);
  const toRaw = (scaled: readonly number[]): NodeFeatures =>
    fromVector(scaled.map((z, d) => Math.max(0, Math.expm1(z * (model.scaling.stds[d] ?? 1) + (model.scaling.means[d] ?? 0)))));
  const plain = (f: NodeFeatures): string =>
    `${f.textLength.toFixed(0)} chars of text in paragraphs of ~${f.meanParagraphLength.toFixed(0)}, ${f.linkTextLength.toFixed(0)} in links (${f.textLength > 0 ? ((100 * f.linkTextLength) / f.textLength).toFixed(1) : '0'} %), ${f.imageCount.toFixed(1)} images, ${f.punctuationCount.toFixed(0)} sentence ends`;
  // Each retained sample goes to its nearest centre; the two nearest of each are its examples.
  const examples = model.clusters.map(() => [] as Array<{ distance: number; raw: number[] }>);
  for (const raw of model.samples) {
    const scaled = applyScaling(model.scaling, raw);
    let best = 0;
    let bestDistance = Infinity;
    model.clusters.forEach((c, i) => {
      const d = Math.hypot(...c.centre.map((x, j) => x - (scaled[j] ?? 0)));
      if (d < bestDistance) [best, bestDistance] = [i, d];
    });
    examples[best]?.push({ distance: bestDistance, raw });
  }
  const lines = [
    `k = ${model.clusters.length} clusters of article bodies; ${model.stats.samplesSeen} samples seen, ${model.samples.length} retained, ${model.buffer.length} waiting in the buffer, ${model.stats.placedCount} placed since training, ${model.stats.reclusterCount} re-clusters`,
    `a node belongs to a cluster when γ = d / distance ≥ ${model.params.membershipThreshold} (no farther than ${(1 / model.params.membershipThreshold).toFixed(1)} × the cluster's mean distance d from its centre; distances after ${model.scaling.kind} scaling)`,
    ...model.clusters.flatMap((c, i) => [
      `#${i}: ${c.size} bodies (${total > 0 ? ((100 * c.size) / total).toFixed(0) : 0} %), d ${c.meanDistance.toFixed(2)}; centre: ${plain(toRaw(c.centre))}`,
      ...(examples[i] ?? [])
        .sort((a, b) => a.distance - b.distance)
        .slice(0, 2)
        .map((e) => `    e.g. ${plain(fromVector(e.raw))}`),
    ]),
    `k tried: ${model.kChoice.map((e) => `${e.k}${e.validity === null ? ' (–)' : `: V ${e.validity.toFixed(3)}`}`).join(', ')}`,
    `re-clusters: ${model.stats.reclusterCount}${model.stats.reclusterHistory.map((h) => ` [at ${h.samplesSeen} samples → k ${h.k}]`).join('')}`,
    `scaling (${model.scaling.kind}): ${model.scaling.means.map((mean, d) => `${FEATURE_NAMES[d] ?? `#${d}`} mean ${mean.toFixed(2)} std ${(model.scaling.stds[d] ?? 1).toFixed(2)}`).join('; ')}`,
    `params: ${JSON.stringify(model.params)}`,
  ];
  return `${lines.join('\n')}\n`;
}

// ── The command ──────────────────────────────────────────────────────────────────────────

interface TrainFlags {
  from: string;
  out: string;
  force?: boolean;
  self?: boolean;
  split?: SiteHalf;
  stream?: number;
  bufferThreshold?: number;
  snapshotCache?: string | true;
  concurrency: number;
  progress: boolean;
}

interface EvalFlags {
  from: string;
  model: string;
  force?: boolean;
  split?: SiteHalf;
  cascade: CascadeMode;
  vetoBelow?: number;
  out?: string;
  snapshotCache?: string | true;
  concurrency: number;
  progress: boolean;
}

const splitOption = (): Option =>
  new Option('--split <half>', 'only the pages whose site falls in this half (A or B, by a hash of the host; the page id for pages without a URL)').choices(['A', 'B']);

export function modelCommand(setExit: (code: number) => void): Command {
  const model = new Command('model').description(COMMAND_SUMMARIES.model.description);
  model
    .command('train')
    .description('Learn a model from a benchmark\'s ground truth, from labelled pages, or (--self) from the visual extractor\'s confident picks.')
    .requiredOption('--from <dataset|dir>', 'a benchmark (aeb, samples, or a directory of <slug>.html + <slug>.expected.json); with --self, any pages')
    .requiredOption('--out <file>', 'where to write the model (JSON)')
    .option('--force', 'replace the --out file if it exists (refused otherwise)')
    .option('--self', 'self-training: ignore any ground truth, learn from confident visual picks')
    .addOption(splitOption())
    .option('--stream <n>', 'cluster the first N samples, then add the rest one by one (as in a crawl) and report re-clusters', intOption(1, 1_000_000))
    .option('--buffer-threshold <n>', 'buffered samples examined once there are more than N (default 20)', intOption(0, 100_000))
    .addOption(snapshotCacheOption())
    .option('-c, --concurrency <n>', 'pages rendered at once', intOption(1, 32), 2)
    .option('--no-progress', 'no progress on stderr')
    .addHelpText('after', `
Train on one half of the sites and measure on the other (never split a site):
  broadsheet model train --from aeb --split A --out model-A.json
  broadsheet model eval --from aeb --split B --model model-A.json`)
    .action(async (flags: TrainFlags) => setExit(await runTrain(flags)));
  model
    .command('info')
    .description('Print a model: k, cluster sizes and centres, scaling, re-cluster history.')
    .argument('<file>')
    .action(async (file: string) => {
      process.stdout.write(describeModel(await loadModelFile(file)));
      setExit(EXIT.ok);
    });
  model
    .command('learn')
    .description('Update a model with pages as they arrive: each confident visual pick goes into the buffer (placed, or re-clustered with the rest).')
    .requiredOption('--model <file>', 'the model to update (rewritten in place)')
    .argument('<inputs...>', '.html/.htm/.html.gz files or directories of them')
    .option('-c, --concurrency <n>', 'pages rendered at once', intOption(1, 32), 2)
    .action(async (inputs: string[], flags: { model: string; concurrency: number }) => setExit(await runLearn(inputs, flags)));
  model
    .command('eval')
    .description('F1 without and with the model on the same pages, in one run, and which stage won on each page.')
    .requiredOption('--from <dataset|dir>', 'a benchmark with ground truth')
    .requiredOption('--model <file>', 'the model to test')
    .addOption(splitOption())
    .addOption(new Option('--cascade <mode>', 'veto: the model overrules the visual score only where no cluster accepts its pick; primary: the model\'s pick whenever it has one').choices(['veto', 'primary']).default('veto'))
    .option('--veto-below <gamma>', `veto cascade: overrule the visual body only when its γmax is below this (default ${DEFAULT_MODEL_STAGE.vetoBelowGamma}; 0.5 = every body no cluster accepts)`, floatOption(0, 100))
    .option('-o, --out <file>', 'also write the per-page results as JSON')
    .option('--force', 'with --out: replace the file if it exists (refused otherwise)')
    .addOption(snapshotCacheOption())
    .option('-c, --concurrency <n>', 'pages rendered at once', intOption(1, 32), 2)
    .option('--no-progress', 'no progress on stderr')
    .action(async (flags: EvalFlags) => setExit(await runEval(flags)));
  return model;
}

/**
 * Runs `body` with a render session whose browser is launched on the first render only, so a
 * run served entirely from the snapshot cache never starts Chromium.
 */
async function withSession<T>(concurrency: number, body: (session: Pick<RenderSession, 'render'>) => Promise<T>): Promise<T> {
  let launched: Promise<{ browser: Awaited<ReturnType<typeof launchBrowser>>; session: RenderSession; release: () => void }> | undefined;
  const open = (): NonNullable<typeof launched> =>
    (launched ??= launchBrowser().then((browser) => ({ browser, session: new RenderSession(browser, { concurrency }), release: closeOnSignals(browser) })));
  const lazy: Pick<RenderSession, 'render'> = {
    render: async (...args) => (await open()).session.render(...args),
  };
  try {
    return await body(lazy);
  } finally {
    if (launched !== undefined) {
      const { browser, session, release } = await launched;
      release();
      // The session's page-work threads first: left open, they keep the process alive.
      await session.close();
      await closeBrowser(browser);
    }
  }
}

/** The corpus's folder of the snapshot cache, when `--snapshot-cache` was given. */
function cacheDirOf(flag: string | true | undefined, corpusName: string | undefined): string | undefined {
  if (flag === undefined) return undefined;
  return join(flag === true ? DEFAULT_SNAPSHOT_CACHE_DIR : flag, corpusName ?? 'pages');
}

const snapshotCacheOption = (): Option =>
  new Option('--snapshot-cache [dir]', `read rendered snapshots from this cache (default ${DEFAULT_SNAPSHOT_CACHE_DIR}/<corpus>/; scripts/cache-snapshots.ts fills it) and render and store only the pages missing there`);

function progressLine(enabled: boolean, total: number, label: string): (page: ModelPage) => void {
  let done = 0;
  return (page) => {
    done += 1;
    if (enabled) process.stderr.write(`${label} ${done}/${total} ${page.id}\n`);
  };
}

/** The pages of one half of the sites (all without a split), saying on stderr how the split fell. */
function selectHalf(pages: ModelPage[], half: SiteHalf | undefined): ModelPage[] {
  if (!half) return pages;
  const chosen = pages.filter((p) => p.half === half);
  const sites = new Set(chosen.map((p) => p.site)).size;
  const noUrl = chosen.filter((p) => !p.url).length;
  process.stderr.write(
    `broadsheet: split ${half}: ${chosen.length} of ${pages.length} pages from ${sites} sites` +
      (noUrl > 0 ? `; ${noUrl} pages have no URL and count as a site each` : '') +
      '\n',
  );
  return chosen;
}

async function runTrain(flags: TrainFlags): Promise<number> {
  const outProblem = outFileProblem(flags.out, flags.force === true);
  if (outProblem) {
    process.stderr.write(`broadsheet: ${outProblem}\n`);
    return EXIT.usage;
  }
  const { pages: all, tokenizer, corpusName } = await modelPages(flags.from, { self: flags.self === true });
  const cacheDir = cacheDirOf(flags.snapshotCache, corpusName);
  const pages = selectHalf(all, flags.split);
  if (pages.length === 0) {
    process.stderr.write(`broadsheet: no pages to train on in ${flags.from}${flags.split ? ` (split ${flags.split})` : ''}\n`);
    return EXIT.someFailed;
  }
  const started = performance.now();
  const { samples, skipped } = await withSession(flags.concurrency, (session) =>
    collectSamples(session, pages, { self: flags.self === true, tokenizer, onPage: progressLine(flags.progress, pages.length, 'train'), ...(cacheDir !== undefined ? { cacheDir } : {}) }),
  );
  for (const s of skipped) process.stderr.write(`broadsheet: ${s.pageId}: no sample (${s.reason})\n`);
  const trained = trainModel(
    samples.map((s) => s.features),
    { ...(flags.bufferThreshold !== undefined ? { params: { bufferThreshold: flags.bufferThreshold } } : {}), ...(flags.stream !== undefined ? { streamInitial: flags.stream } : {}) },
  );
  if (trained.kind === 'too-few-samples') {
    process.stderr.write(`broadsheet: cannot train: ${trained.reason} (${samples.length} samples from ${pages.length} pages; at least ${trained.requiredCount} distinct ones needed)\n`);
    return EXIT.someFailed;
  }
  await mkdir(dirname(flags.out), { recursive: true });
  await writeFile(flags.out, serializeModel(trained.model, { pretty: true }));
  const reclusters = trained.events.filter((e) => e.reclustered).map((e) => e.samplesSeen);
  process.stdout.write(
    `trained on ${samples.length} samples from ${pages.length} pages (${skipped.length} without a sample) in ${((performance.now() - started) / 1000).toFixed(1)} s → ${flags.out}\n` +
      (flags.stream !== undefined ? `streamed ${trained.events.length} samples: ${reclusters.length} re-clusters${reclusters.length > 0 ? ` at samples ${reclusters.join(', ')}` : ''}, ${trained.events.reduce((n, e) => n + e.placed, 0)} placed\n` : '') +
      describeModel(trained.model),
  );
  return EXIT.ok;
}

async function runEval(flags: EvalFlags): Promise<number> {
  const outProblem = flags.out ? outFileProblem(flags.out, flags.force === true) : flags.force ? '--force replaces the --out file: give --out FILE, or drop --force' : undefined;
  if (outProblem) {
    process.stderr.write(`broadsheet: ${outProblem}\n`);
    return EXIT.usage;
  }
  const model = await loadModelFile(flags.model);
  const { pages: all, tokenizer, corpusName } = await modelPages(flags.from);
  const cacheDir = cacheDirOf(flags.snapshotCache, corpusName);
  const pages = selectHalf(all, flags.split);
  if (pages.length === 0) {
    process.stderr.write(`broadsheet: no pages to evaluate in ${flags.from}${flags.split ? ` (split ${flags.split})` : ''}\n`);
    return EXIT.someFailed;
  }
  const result = await withSession(flags.concurrency, (session) =>
    evaluateModel(session, pages, model, { tokenizer, cascade: flags.cascade, ...(flags.vetoBelow !== undefined ? { vetoBelowGamma: flags.vetoBelow } : {}), onPage: progressLine(flags.progress, pages.length, 'eval'), ...(cacheDir !== undefined ? { cacheDir } : {}) }),
  );
  if (flags.out) {
    await mkdir(dirname(flags.out), { recursive: true });
    await writeFile(flags.out, `${JSON.stringify(result, null, 2)}\n`);
  }
  const f = (x: number): string => x.toFixed(3);
  const lines = [
    `| page | F1 without | F1 with | stage | featurise ms | assign ms |`,
    `|---|---|---|---|---|---|`,
    ...result.pages.map((r) => `| ${r.pageId} | ${f(r.without.f1)} | ${f(r.with.f1)} | ${r.stage} | ${r.featuriseMs} | ${r.assignMs} |`),
    '',
    `without the model: P ${f(result.without.precision)} R ${f(result.without.recall)} F1 ${f(result.without.f1)} ± ${f(result.without.f1Std)}`,
    `with the model (${flags.cascade}): P ${f(result.with.precision)} R ${f(result.with.recall)} F1 ${f(result.with.f1)} ± ${f(result.with.f1Std)}`,
    `F1 difference (with − without): ${f(result.f1Difference.observed)} ± ${f(result.f1Difference.std)} over ${result.pages.length + result.errors.length} pages`,
    `stages: ${Object.entries(result.stages).map(([stage, n]) => `${stage} ${n}`).join(', ')}`,
    '',
    `model: k = ${model.clusters.length}, cluster sizes ${model.clusters.map((c) => c.size).join(' / ')}; ${result.pages.length - result.unlabelled} pages with the truth matched to a node`,
    ...describeAnatomy(result.anatomy, model.params.membershipThreshold),
    ...result.errors.map((e) => `error: ${e.pageId}: ${e.reason}`),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  return result.errors.length > 0 ? EXIT.someFailed : EXIT.ok;
}

async function runLearn(inputs: string[], flags: { model: string; concurrency: number }): Promise<number> {
  let model = await loadModelFile(flags.model);
  const pages = (await Promise.all(inputs.map((input) => modelPages(input, { self: true })))).flatMap((r) => r.pages);
  const { samples, skipped } = await withSession(flags.concurrency, (session) => collectSamples(session, pages, { self: true, tokenizer: TOKENIZERS.multilingual }));
  for (const s of skipped) process.stderr.write(`broadsheet: ${s.pageId}: not learnt (${s.reason})\n`);
  let placed = 0;
  for (const sample of samples) {
    const step = addSample(model, sample.features);
    model = step.model;
    placed += step.event.placed;
    if (step.event.reclustered) process.stderr.write(`broadsheet: re-clustered at sample ${step.event.samplesSeen}: k ${step.event.kBefore} → ${step.event.kAfter}\n`);
  }
  await writeFile(flags.model, serializeModel(model, { pretty: true }));
  process.stdout.write(`learnt ${samples.length} of ${pages.length} pages: ${placed} placed, ${model.buffer.length} buffered → ${flags.model}\n`);
  return EXIT.ok;
}
