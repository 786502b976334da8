/**
 * Throughput of broadsheet against Readability.js on the same saved pages, in one run (issue 9).
 *
 *   npm run bench:speed -- [--dir ../shared/data/aeb] [--pages N] [--concurrency C] [--chunk 20]
 *                          [--rss-at 200,2000] [--max-renders N] [--texts FILE] [--no-peer]
 *
 * The pages (AEB's html/*.html.gz, repeated to reach --pages; default one pass) are read and
 * unpacked before timing. The two systems then take turns on chunks of --chunk pages, so a
 * machine whose speed drifts (other jobs) slows both alike: broadsheet renders a chunk with
 * C pages at a time (render → snapshot → extractFromSnapshot), then Readability.js (jsdom, in
 * this process, one page at a time: it is synchronous) reads the same chunk. Printed:
 * - pages/s of each (pages ÷ the summed wall time of its chunks) and the ratio;
 * - CPU ms per page of each (broadsheet: this process plus every Chromium process, renderers
 *   that exited included, and the two parts; Readability: this process), which does not depend on how loaded
 *   the machine is nor on how many cores a system uses;
 * - broadsheet's median and p95 per stage (load, snapshot, extract) and pages written in place;
 * - RSS of Node and of the Chromium tree after each page count of --rss-at (and at the end), and
 *   Node's RSS and heap after a full GC when node runs with --expose-gc (the npm script does);
 * - the AEB F1 of both (src/bench/metrics.ts) over the distinct pages, each scored the first
 *   time it is extracted (a failed page is a miss), so speed and quality come from one run.
 * --texts FILE writes broadsheet's text of each distinct page, one JSON object per line sorted
 * by id (`{"id":…,"status":…,"text":…}`), so two branches can be compared byte for byte
 * (`cmp a.jsonl b.jsonl`). --max-renders sets the session's maxRendersPerWorker.
 */
import { availableParallelism } from 'node:os';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { aggregate, pageScores } from '../src/bench/metrics.js';
import { quantile } from '../src/bench/runner.js';
import { runReadability } from '../src/bench/peers/readability.js';
import { pageIdOf, spread, textsOfRecords, timeProcess, type ProcessRun } from '../src/bench/whole-process.js';
import { stageSplit, type CpuProfile, type StageSplit } from '../src/bench/cpu-profile.js';
import { DEFAULT_MAX_RENDERS_PER_WORKER, RenderSession, type RenderedPage } from '../src/render/session.js';
import type { RendererTimings } from '../src/render/renderer-metrics.js';
import { chromiumCpuMs, chromiumRssBytes, processTreeCpu } from '../src/testing/process-tree.js';

const { values } = parseArgs({
  options: {
    dir: { type: 'string', default: '../shared/data/aeb' },
    pages: { type: 'string' },
    concurrency: { type: 'string', default: String(availableParallelism()) },
    chunk: { type: 'string', default: '20' },
    'rss-at': { type: 'string', default: '200,2000' },
    'max-renders': { type: 'string', default: String(DEFAULT_MAX_RENDERS_PER_WORKER) },
    texts: { type: 'string' },
    'no-peer': { type: 'boolean', default: false },
    'whole-process': { type: 'boolean', default: false },
    runs: { type: 'string', default: '3' },
    warmup: { type: 'string', default: '1' },
    'broadsheet-args': { type: 'string', default: '' },
    'baseline-dir': { type: 'string' },
    profile: { type: 'boolean', default: false },
    split: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

const USAGE = `npm run bench:speed -- [options]
broadsheet and Readability.js on the same saved AEB pages in one run, taking turns chunk by chunk.
  --dir DIR          AEB directory (default ../shared/data/aeb)
  --pages N          pages to run, the corpus repeated to reach N (default one pass)
  --concurrency C    broadsheet pages at a time (default: cores)
  --chunk N          pages per turn of each system (default 20)
  --rss-at A,B       page counts after which RSS of Node and Chromium is printed (default 200,2000)
  --max-renders N    renders before a worker's context is replaced (default ${DEFAULT_MAX_RENDERS_PER_WORKER})
  --texts FILE       write broadsheet's text of each distinct page (JSON lines, sorted by id)
  --no-peer          broadsheet alone (no Readability.js, no ratio)
  --split            also where Chromium's CPU goes per page: the renderer's main thread in the
                     load and in the snapshot (parse, style, layout, script, DevTools commands;
                     DevTools' Performance metrics), the renderer's other threads, and the CPU of
                     each kind of Chromium process (browser, GPU, utility, renderers)
  --whole-process    instead: each system as one whole process, as a user runs it, in turn:
                     \`node bin/broadsheet.js extract DIR/html --out F\` and
                     \`node scripts/readability-extract.mjs DIR/html --out G\` (Readability.js +
                     jsdom), --runs pairs after --warmup pairs; prints each run's pages/s, time
                     to the first record, CPU and page faults (by kind of process, from
                     /proc) and peak RSS, the ratio pair by pair, and the AEB F1 of both
                     (needs \`npm run build\`)
  --runs N           whole-process pairs counted (default 3)
  --warmup N         whole-process pairs run first and not counted (default 1)
  --broadsheet-args S  extra arguments for broadsheet's extract in --whole-process (e.g. "-c 3")
  --baseline-dir DIR   --whole-process: broadsheet of another built checkout takes its turn too
                     (ratio to it, and whether the two gave the same texts)
  --profile          --whole-process: one more run of broadsheet under V8's profiler (--cpu-prof),
                     and Node's CPU by stage (read, markup, decode, segment, features, model
                     passes, selection, metadata, serialise, DevTools traffic, start-up, …)
Prints pages/s and CPU ms/page of each and their ratio, the AEB F1 of each, broadsheet's ms per
stage (median / p95), pages written in place, workers recycled, and RSS.`;
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}

interface SavedPage {
  id: string;
  bytes: Buffer;
  url: string;
  /** The ground-truth article body. */
  truth: string;
}

/** One system's text of a page, as scored. */
interface PageText {
  status: 'ok' | 'none' | 'error';
  text: string;
}

function loadPages(dir: string): SavedPage[] {
  const truth = JSON.parse(readFileSync(join(dir, 'ground-truth.json'), 'utf8')) as Record<string, { url?: string | null; articleBody?: string | null }>;
  return readdirSync(join(dir, 'html'))
    .filter((name) => name.endsWith('.html.gz'))
    .sort()
    .map((name) => {
      const id = name.slice(0, -'.html.gz'.length);
      const bytes = gunzipSync(readFileSync(join(dir, 'html', name)));
      return { id, bytes, url: truth[id]?.url ?? `http://saved.invalid/${name}`, truth: truth[id]?.articleBody ?? '' };
    });
}

/**
 * Node's RSS and heap right after a full collection, when node runs with --expose-gc (the npm
 * script does): RSS alone swings by a hundred MiB with V8's heap sizing, so growth of live
 * objects only shows here.
 */
const afterGc = (): string => {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) return '';
  gc();
  const m = process.memoryUsage();
  return ` (after a full GC: RSS ${mb(m.rss)} MiB, heap ${mb(m.heapUsed)} MiB)`;
};

const mb = (bytes: number): string => (bytes / 1024 / 1024).toFixed(0);
const cpuMsOfThisProcess = (): number => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};

async function main(): Promise<void> {
  const corpus = loadPages(values.dir!);
  if (corpus.length === 0) throw new Error(`no pages in ${values.dir}/html`);
  const total = Number(values.pages ?? corpus.length);
  const concurrency = Number(values.concurrency);
  const chunk = Number(values.chunk);
  const rssAt = new Set(values['rss-at']!.split(',').filter(Boolean).map(Number));
  const peer = !values['no-peer'];
  const pages = Array.from({ length: total }, (_, i) => corpus[i % corpus.length]!);

  const split = values.split === true;
  const session = await RenderSession.launch({ concurrency, maxRendersPerWorker: Number(values['max-renders']), rendererMetrics: split });
  const renderer: RendererTimings[] = [];
  const kindsBefore = split ? cpuOfKinds() : new Map<string, number>();
  // Warm-up, not timed: the workers' first pages (a navigation each, for each URL scheme of the
  // corpus: the pool keeps workers of both) and jsdom's first parse.
  const schemes = [...new Set(corpus.map((page) => page.url.slice(0, page.url.indexOf(':'))))];
  const warmUp = schemes.flatMap((scheme) => corpus.filter((page) => page.url.startsWith(`${scheme}:`)).slice(0, concurrency));
  // Extraction as `extract` runs it: in the session's page-work threads, under the page's deadline.
  const extractPage = (rendered: RenderedPage, label: string) =>
    session.work.run({ kind: 'extract', wire: rendered.snapshotText, patch: rendered.snapshotPatch, params: {}, units: false }, { label, deadlineMs: rendered.clock.nodeWorkDeadlineMs() });
  await Promise.all(warmUp.map((page) => session.render({ kind: 'html', bytes: page.bytes, url: page.url, label: page.id }, async (r) => extractPage(r, page.id))));
  const recycledBefore = session.health.recycled;
  if (peer) runReadability({ bytes: corpus[0]!.bytes, url: corpus[0]!.url });

  const b = { wallMs: 0, cpuMs: 0, chromiumCpuMs: 0, failed: 0, prepare: [] as number[], hop: [] as number[], load: [] as number[], snapshot: [] as number[], extract: [] as number[], written: 0 };
  const r = { wallMs: 0, cpuMs: 0, failed: 0 };
  const memory: string[] = [];
  // Each distinct page's text, the first time it is extracted (broadsheet, Readability.js).
  const ours = new Map<string, PageText>();
  const theirs = new Map<string, PageText>();
  let done = 0;
  for (let start = 0; start < total; start += chunk) {
    const batch = pages.slice(start, start + chunk);
    const chromiumBefore = chromiumCpuMs();
    const cpuBefore = cpuMsOfThisProcess() + chromiumBefore;
    const started = performance.now();
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < batch.length) {
        const page = batch[next++]!;
        try {
          await session.render({ kind: 'html', bytes: page.bytes, url: page.url, label: page.id }, async (rendered) => {
            b.prepare.push(rendered.timings.prepareMs);
            b.load.push(rendered.timings.loadMs);
            b.snapshot.push(rendered.timings.snapshotMs);
            if (rendered.writtenInPlace) b.written++;
            if (rendered.timings.renderer) renderer.push(rendered.timings.renderer);
            const t = performance.now();
            const { extraction, decodeMs, extractMs } = await extractPage(rendered, page.id);
            b.extract.push(performance.now() - t);
            // What the thread boundary costs: the call's wall time less the thread's own work
            // (structured clone of the snapshot text there and of the result back, messages, waiting).
            b.hop.push(performance.now() - t - decodeMs - extractMs);
            if (!ours.has(page.id)) ours.set(page.id, extraction.kind === 'article' ? { status: 'ok', text: extraction.article.text } : { status: 'none', text: '' });
          });
        } catch {
          b.failed++;
          if (!ours.has(page.id)) ours.set(page.id, { status: 'error', text: '' });
        }
        done++;
        if (rssAt.has(done)) {
          const line = `after ${done} pages: Node RSS ${mb(process.memoryUsage.rss())} MiB${afterGc()}, Chromium RSS ${mb(chromiumRssBytes())} MiB`;
          memory.push(line);
          process.stderr.write(`${line}\n`); // as it happens, for runs stopped early
        }
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    b.wallMs += performance.now() - started;
    const chromiumAfter = chromiumCpuMs();
    b.cpuMs += cpuMsOfThisProcess() + chromiumAfter - cpuBefore;
    b.chromiumCpuMs += chromiumAfter - chromiumBefore;

    if (!peer) continue;
    const peerCpuBefore = cpuMsOfThisProcess();
    const peerStarted = performance.now();
    for (const page of batch) {
      const result = runReadability({ bytes: page.bytes, url: page.url });
      if (result.status === 'error') r.failed++;
      if (!theirs.has(page.id)) theirs.set(page.id, { status: result.status === 'no-article' ? 'none' : result.status, text: result.status === 'ok' ? result.text : '' });
    }
    r.wallMs += performance.now() - peerStarted;
    r.cpuMs += cpuMsOfThisProcess() - peerCpuBefore;
  }
  const kindsAfter = split ? cpuOfKinds() : new Map<string, number>();
  memory.push(`at the end (${done} pages): Node RSS ${mb(process.memoryUsage.rss())} MiB, Chromium RSS ${mb(chromiumRssBytes())} MiB`);
  const recycled = session.health.recycled - recycledBefore;
  await session.close();

  // AEB F1 over the distinct pages run (AEB's metric, src/bench/metrics.ts).
  const distinct = corpus.filter((page) => ours.has(page.id));
  const f1Of = (texts: Map<string, PageText>): string => {
    const scores = aggregate(distinct.map((page) => pageScores(texts.get(page.id)?.text ?? '', page.truth)), { bootstrapSamples: 0 });
    return `F1 ${scores.f1.toFixed(4)} (P ${scores.precision.toFixed(4)}, R ${scores.recall.toFixed(4)})`;
  };
  if (values.texts) {
    const lines = [...ours].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([id, page]) => JSON.stringify({ id, ...page }));
    writeFileSync(values.texts, `${lines.join('\n')}\n`);
  }

  const perSecond = (wallMs: number): number => (total * 1000) / wallMs;
  const stage = (values: number[]): string => `${quantile(values, 0.5).toFixed(0)} / ${quantile(values, 0.95).toFixed(0)}`;
  console.log(`pages ${total} (${corpus.length} distinct, ${values.dir}), broadsheet concurrency ${concurrency}, chunks of ${chunk} in turn, ${availableParallelism()} cores`);
  console.log(`broadsheet:     ${perSecond(b.wallMs).toFixed(2)} pages/s, ${(b.cpuMs / total).toFixed(0)} CPU ms/page (Node ${((b.cpuMs - b.chromiumCpuMs) / total).toFixed(0)} + Chromium ${(b.chromiumCpuMs / total).toFixed(0)}), failed ${b.failed}, written in place ${b.written}, workers recycled ${recycled}`);
  if (peer) {
    console.log(`Readability.js: ${perSecond(r.wallMs).toFixed(2)} pages/s, ${(r.cpuMs / total).toFixed(0)} CPU ms/page (jsdom + Readability, one page at a time), failed ${r.failed}`);
    console.log(`ratio broadsheet ÷ Readability.js: ${(r.wallMs / b.wallMs).toFixed(2)}× pages/s, ${(r.cpuMs / b.cpuMs).toFixed(2)}× pages per CPU second`);
  }
  console.log(`broadsheet ms per page, median / p95: prepare ${stage(b.prepare)}, load ${stage(b.load)}, snapshot ${stage(b.snapshot)}, extract ${stage(b.extract)} (prepare and extract in page-work threads, wall time from the main thread; of extract, the thread boundary ${stage(b.hop)})`);
  console.log(`AEB quality over ${distinct.length} distinct pages: broadsheet ${f1Of(ours)}${peer ? `; Readability.js ${f1Of(theirs)}` : ''}`);
  if (values.texts) console.log(`broadsheet's texts: ${values.texts}`);
  for (const line of memory) console.log(line);
  if (split) {
    // Means per page (the figures add up; medians would not).
    const mean = (pick: (t: RendererTimings) => number): string => (renderer.reduce((sum, t) => sum + pick(t), 0) / Math.max(1, renderer.length)).toFixed(1);
    const phase = (name: 'load' | 'snapshot'): string =>
      `task ${mean((t) => t[name].taskMs)} = style ${mean((t) => t[name].styleMs)} + layout ${mean((t) => t[name].layoutMs)} + script ${mean((t) => t[name].scriptMs)} + DevTools commands ${mean((t) => t[name].devtoolsMs)} + other ${mean((t) => t[name].otherMs)}; main thread ${mean((t) => t[name].threadMs)}, renderer process ${mean((t) => t[name].processMs)}`;
    console.log(`Chromium per page, CPU ms, means over ${renderer.length} pages (renderer main thread; in a page written in place the parse is inside a DevTools command, and the snapshot's walk is its DevTools command):`);
    console.log(`  load:     ${phase('load')}`);
    console.log(`  snapshot: ${phase('snapshot')}`);
    // Warm-up included in neither: the chunks only (Chromium's processes, from /proc, own CPU).
    const kinds = [...kindsAfter].filter(([kind]) => kind.startsWith('chromium')).map(([kind, ms]) => `${kind} ${((ms - (kindsBefore.get(kind) ?? 0)) / total).toFixed(1)}`);
    console.log(`  Chromium processes by kind, CPU ms/page (the browser process carries the DevTools traffic and the network service's offline answers): ${kinds.join(', ')}`);
  }
}

/** Own CPU ms of this process's Chromium processes, by kind (processes that exited meanwhile are missed). */
function cpuOfKinds(): Map<string, number> {
  const kinds = new Map<string, number>();
  for (const p of processTreeCpu(process.pid)) kinds.set(p.kind, (kinds.get(p.kind) ?? 0) + p.ownCpuMs);
  return kinds;
}

if (values['whole-process']) await wholeProcess();
else await main();

/**
 * CPU of every process of a run, from /proc. GNU time's figure misses most of Chromium: a
 * renderer is reaped by Chromium's zygote, whose own parent never waits for it, so its time
 * never reaches the command's accounting (measured: 110 ms/page against 203 from /proc).
 */
function treeCpuMs(run: ProcessRun): number | null {
  if (!run.cpuByKind) return null;
  let sum = 0;
  for (const ms of run.cpuByKind.values()) sum += ms;
  return sum;
}

/** One program of the whole-process comparison. */
interface WholeSystem {
  name: string;
  /** The command's arguments after `node` (node's own options first). */
  args: (out: string) => string[];
  cwd: string;
  /** The page id of one of its records. */
  idOf: (record: Record<string, unknown>) => string | undefined;
  runs: ProcessRun[];
  texts: Map<string, string>;
}

/**
 * Both systems as whole processes, one after the other (issue 26): what a user waits for,
 * launch, warm-up and the first pages included. With --baseline-dir, broadsheet from another
 * checkout takes its turn too (a change measured against the code before it, same rounds).
 */
async function wholeProcess(): Promise<void> {
  const dir = resolve(values.dir!);
  const html = join(dir, 'html');
  const truthPath = join(dir, 'ground-truth.json');
  const corpus = loadPages(dir);
  const pages = corpus.length;
  const runs = Number(values.runs);
  const warmup = Number(values.warmup);
  const extra = values['broadsheet-args']!.split(/\s+/u).filter(Boolean);
  const work = mkdtempSync(join(tmpdir(), 'bench-whole-'));
  const recordId = (record: Record<string, unknown>): string | undefined => (typeof record.input === 'string' ? pageIdOf(record.input) : undefined);
  const broadsheet = (name: string, cwd: string): WholeSystem => ({
    name,
    cwd,
    args: (out) => ['bin/broadsheet.js', 'extract', html, '--out', out, ...extra],
    idOf: recordId,
    runs: [],
    texts: new Map(),
  });
  const systems: WholeSystem[] = [broadsheet('broadsheet', process.cwd())];
  if (values['baseline-dir']) systems.push(broadsheet(`broadsheet@baseline`, resolve(values['baseline-dir'])));
  systems.push({
    name: 'Readability.js',
    cwd: process.cwd(),
    args: (out) => ['scripts/readability-extract.mjs', html, '--out', out, '--truth', truthPath],
    idOf: (record) => (typeof record.id === 'string' ? record.id : undefined),
    runs: [],
    texts: new Map(),
  });
  const fresh = (name: string): string => {
    const folder = join(work, name);
    rmSync(folder, { recursive: true, force: true });
    mkdirSync(folder);
    return folder;
  };
  const show = (who: string, run: ProcessRun, counted: boolean): void => {
    const cpu = run.cpuMs === null ? '' : `, CPU ${(run.cpuMs / 1000).toFixed(1)} s (${(run.cpuMs / pages).toFixed(0)} ms/page)`;
    const rss = run.peakRssKiB === null ? '' : `, peak RSS ${(run.peakRssKiB / 1024).toFixed(0)} MiB`;
    const first = run.firstRecordMs === null ? 'none' : `${(run.firstRecordMs / 1000).toFixed(2)} s`;
    const kinds = run.cpuByKind ? ` [CPU ms/page: ${[...run.cpuByKind].map(([kind, ms]) => `${kind} ×${run.processesByKind?.get(kind) ?? 0} ${(ms / pages).toFixed(0)}`).join(', ')}]` : '';
    process.stderr.write(`${counted ? '' : '(warm-up) '}${who}: ${(run.wallMs / 1000).toFixed(1)} s, ${((pages * 1000) / run.wallMs).toFixed(2)} pages/s, first record ${first}${cpu}${kinds}${rss}, exit ${run.exitCode}\n`);
    if (run.exitCode !== 0 && run.exitCode !== 1) process.stderr.write(`${run.stderrTail}\n`);
  };
  for (let round = 0; round < warmup + runs; round += 1) {
    const counted = round >= warmup;
    for (const system of systems) {
      const folder = fresh(system.name);
      const out = join(folder, 'records.jsonl');
      const run = await timeProcess(
        { command: process.execPath, args: system.args(out), cwd: system.cwd, watchDir: folder, sampleTree: processTreeCpu },
        join(work, 'time.txt'),
      );
      show(system.name, run, counted);
      if (!counted) continue;
      system.runs.push(run);
      system.texts = textsOfRecords(out, system.idOf);
    }
  }

  // One more run of each broadsheet, under V8's profiler (not timed: the profiler costs time):
  // where Node's CPU goes, by stage (src/bench/cpu-profile.ts).
  const splits: Array<[string, StageSplit, number]> = [];
  if (values.profile) {
    for (const system of systems.filter((s) => s.name.startsWith('broadsheet'))) {
      const folder = fresh(`${system.name}-profiled`);
      const profiles = fresh(`${system.name}-profiles`);
      const run = await timeProcess(
        { command: process.execPath, args: ['--cpu-prof', '--cpu-prof-dir', profiles, ...system.args(join(folder, 'records.jsonl'))], cwd: system.cwd, watchDir: folder, sampleTree: processTreeCpu },
        join(work, 'time.txt'),
      );
      show(`${system.name} (profiled)`, run, false);
      const read = readdirSync(profiles).map((name) => JSON.parse(readFileSync(join(profiles, name), 'utf8')) as CpuProfile);
      splits.push([system.name, stageSplit(read), read.length]);
    }
  }
  rmSync(work, { recursive: true, force: true });

  const f1 = (texts: Map<string, string>): string => {
    const scores = aggregate(corpus.map((page) => pageScores(texts.get(page.id) ?? '', page.truth)), { bootstrapSamples: 0 });
    return `F1 ${scores.f1.toFixed(4)} (P ${scores.precision.toFixed(4)}, R ${scores.recall.toFixed(4)}; ${texts.size} records)`;
  };
  const row = (label: string, figures: number[], digits: number, unit = ''): string => {
    const s = spread(figures);
    return `  ${label.padEnd(28)} ${s.median.toFixed(digits)}${unit} (min ${s.min.toFixed(digits)}, max ${s.max.toFixed(digits)})`;
  };
  const kindsOf = (list: ProcessRun[]): string[] => {
    const kinds = [...new Set(list.flatMap((r) => [...(r.cpuByKind?.keys() ?? [])]))].filter((kind) => kind !== 'other');
    return kinds.map((kind) => row(`  CPU ms/page: ${kind}`, list.map((r) => (r.cpuByKind?.get(kind) ?? 0) / pages), 0));
  };
  /** Page faults a page, every process and by kind: a cost that varies most between machines (docs/benchmarks.md). */
  const faultsOf = (list: ProcessRun[]): string[] => {
    if (!list.every((r) => r.faultsByKind !== null)) return [];
    const total = (r: ProcessRun): number => [...r.faultsByKind!.values()].reduce((sum, n) => sum + n, 0);
    const kinds = [...new Set(list.flatMap((r) => [...r.faultsByKind!.keys()]))].filter((kind) => kind !== 'other');
    return [row('page faults/page (every process)', list.map((r) => total(r) / pages), 0), ...kinds.map((kind) => row(`  page faults/page: ${kind}`, list.map((r) => (r.faultsByKind!.get(kind) ?? 0) / pages), 0))];
  };
  console.log(`whole processes on ${pages} pages (${dir}), ${runs} rounds in turn after ${warmup} warm-up, ${availableParallelism()} cores, load average at the end ${loadavg()[0]!.toFixed(1)}; median (min, max)`);
  for (const system of systems) console.log(`${system.name}: (cd ${system.cwd} && node ${system.args('F').join(' ')})`);
  for (const system of systems) {
    const list = system.runs;
    console.log(`${system.name}:`);
    console.log(row('pages/s', list.map((r) => (pages * 1000) / r.wallMs), 2));
    console.log(row('wall s', list.map((r) => r.wallMs / 1000), 1));
    console.log(row('time to first record s', list.map((r) => r.firstRecordMs ?? r.wallMs).map((ms) => ms / 1000), 2));
    if (list.every((r) => r.cpuByKind !== null)) console.log(row('CPU ms/page (every process)', list.map((r) => treeCpuMs(r)! / pages), 0));
    if (list.every((r) => r.cpuMs !== null)) console.log(row('CPU ms/page (GNU time)', list.map((r) => r.cpuMs! / pages), 0));
    for (const line of kindsOf(list)) console.log(line);
    for (const line of faultsOf(list)) console.log(line);
    if (list.every((r) => r.peakRssKiB !== null)) console.log(row('peak RSS MiB (one process)', list.map((r) => r.peakRssKiB! / 1024), 0));
    console.log(`  AEB quality (last run): ${f1(system.texts)}`);
  }
  const peer = systems[systems.length - 1]!;
  for (const system of systems.slice(0, -1)) {
    console.log(row(`ratio ${system.name} ÷ ${peer.name} pages/s, round by round`, system.runs.map((r, i) => peer.runs[i]!.wallMs / r.wallMs), 2, '×').trimStart());
    if (system.runs.every((r) => r.cpuByKind !== null) && peer.runs.every((r) => r.cpuByKind !== null)) {
      console.log(row(`ratio ${system.name} ÷ ${peer.name} pages per CPU second`, system.runs.map((r, i) => treeCpuMs(peer.runs[i]!)! / treeCpuMs(r)!), 2, '×').trimStart());
    }
  }
  if (systems.length === 3) {
    const [now, before] = systems as [WholeSystem, WholeSystem];
    console.log(row('ratio broadsheet ÷ baseline pages/s, round by round', now.runs.map((r, i) => before.runs[i]!.wallMs / r.wallMs), 2, '×').trimStart());
    const same = corpus.filter((page) => (now.texts.get(page.id) ?? '') === (before.texts.get(page.id) ?? '')).length;
    console.log(`broadsheet and baseline texts identical on ${same}/${pages} pages`);
  }
  for (const [name, split, threads] of splits) {
    console.log(`${name}: Node CPU by stage, from V8 profiles of one more run (${threads} threads; ms/page, share):`);
    for (const [stage, ms] of [...split.ms].sort((a, b) => b[1] - a[1])) {
      console.log(`  ${stage.padEnd(32)} ${(ms / pages).toFixed(1).padStart(6)}  ${((100 * ms) / split.totalMs).toFixed(1).padStart(5)} %`);
    }
    console.log(`  ${'total'.padEnd(32)} ${(split.totalMs / pages).toFixed(1).padStart(6)}`);
  }
}
