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
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { aggregate, pageScores } from '../src/bench/metrics.js';
import { quantile } from '../src/bench/runner.js';
import { runReadability } from '../src/bench/peers/readability.js';
import { DEFAULT_MAX_RENDERS_PER_WORKER, RenderSession, type RenderedPage } from '../src/render/session.js';
import { chromiumCpuMs, chromiumRssBytes } from '../src/testing/process-tree.js';

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

  const session = await RenderSession.launch({ concurrency, maxRendersPerWorker: Number(values['max-renders']) });
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
}

await main();
