/**
 * Throughput of broadsheet against Readability.js on the same saved pages, in one run (issue 9).
 *
 *   npm run bench:speed -- [--dir ../shared/data/aeb] [--pages N] [--concurrency C] [--chunk 20]
 *                          [--rss-at 200,2000]
 *
 * The pages (AEB's html/*.html.gz, repeated to reach --pages; default one pass) are read and
 * unpacked before timing. The two systems then take turns on chunks of --chunk pages, so a
 * machine whose speed drifts (other jobs) slows both alike: broadsheet renders a chunk with
 * C pages at a time (render → snapshot → extractFromSnapshot), then Readability.js (jsdom, in
 * this process, one page at a time: it is synchronous) reads the same chunk. Printed:
 * - pages/s of each (pages ÷ the summed wall time of its chunks) and the ratio;
 * - CPU ms per page of each (broadsheet: this process plus every Chromium process, renderers
 *   that exited included; Readability: this process), which does not depend on how loaded
 *   the machine is nor on how many cores a system uses;
 * - broadsheet's median and p95 per stage (load, snapshot, extract) and pages written in place;
 * - RSS of Node and of the Chromium tree after each page count of --rss-at (and at the end).
 */
import { availableParallelism } from 'node:os';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { quantile } from '../src/bench/runner.js';
import { runReadability } from '../src/bench/peers/readability.js';
import { extractFromSnapshot } from '../src/extract/from-snapshot.js';
import { RenderSession } from '../src/render/session.js';
import { chromiumCpuMs, chromiumRssBytes } from '../src/testing/process-tree.js';

const { values } = parseArgs({
  options: {
    dir: { type: 'string', default: '../shared/data/aeb' },
    pages: { type: 'string' },
    concurrency: { type: 'string', default: String(availableParallelism()) },
    chunk: { type: 'string', default: '20' },
    'rss-at': { type: 'string', default: '200,2000' },
    'no-peer': { type: 'boolean', default: false },
  },
});

interface SavedPage {
  id: string;
  bytes: Buffer;
  url: string;
}

function loadPages(dir: string): SavedPage[] {
  const truth = JSON.parse(readFileSync(join(dir, 'ground-truth.json'), 'utf8')) as Record<string, { url?: string | null }>;
  return readdirSync(join(dir, 'html'))
    .filter((name) => name.endsWith('.html.gz'))
    .sort()
    .map((name) => {
      const id = name.slice(0, -'.html.gz'.length);
      return { id, bytes: gunzipSync(readFileSync(join(dir, 'html', name))), url: truth[id]?.url ?? `http://saved.invalid/${name}` };
    });
}

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

  const session = await RenderSession.launch({ concurrency });
  // Warm-up, not timed: the workers' first pages (a navigation each) and jsdom's first parse.
  await Promise.all(corpus.slice(0, concurrency).map((page) => session.render({ kind: 'html', bytes: page.bytes, url: page.url, label: page.id }, async (r) => extractFromSnapshot(r.snapshot))));
  if (peer) runReadability({ bytes: corpus[0]!.bytes, url: corpus[0]!.url });

  const b = { wallMs: 0, cpuMs: 0, failed: 0, load: [] as number[], snapshot: [] as number[], extract: [] as number[], written: 0 };
  const r = { wallMs: 0, cpuMs: 0, failed: 0 };
  const memory: string[] = [];
  let done = 0;
  for (let start = 0; start < total; start += chunk) {
    const batch = pages.slice(start, start + chunk);
    const cpuBefore = cpuMsOfThisProcess() + chromiumCpuMs();
    const started = performance.now();
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < batch.length) {
        const page = batch[next++]!;
        try {
          await session.render({ kind: 'html', bytes: page.bytes, url: page.url, label: page.id }, async (rendered) => {
            b.load.push(rendered.timings.loadMs);
            b.snapshot.push(rendered.timings.snapshotMs);
            if (rendered.writtenInPlace) b.written++;
            const t = performance.now();
            extractFromSnapshot(rendered.snapshot);
            b.extract.push(performance.now() - t);
          });
        } catch {
          b.failed++;
        }
        done++;
        if (rssAt.has(done)) {
          const line = `after ${done} pages: Node RSS ${mb(process.memoryUsage.rss())} MiB, Chromium RSS ${mb(chromiumRssBytes())} MiB`;
          memory.push(line);
          process.stderr.write(`${line}\n`); // as it happens, for runs stopped early
        }
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    b.wallMs += performance.now() - started;
    b.cpuMs += cpuMsOfThisProcess() + chromiumCpuMs() - cpuBefore;

    if (!peer) continue;
    const peerCpuBefore = cpuMsOfThisProcess();
    const peerStarted = performance.now();
    for (const page of batch) if (runReadability({ bytes: page.bytes, url: page.url }).status === 'error') r.failed++;
    r.wallMs += performance.now() - peerStarted;
    r.cpuMs += cpuMsOfThisProcess() - peerCpuBefore;
  }
  memory.push(`at the end (${done} pages): Node RSS ${mb(process.memoryUsage.rss())} MiB, Chromium RSS ${mb(chromiumRssBytes())} MiB`);
  await session.close();

  const perSecond = (wallMs: number): number => (total * 1000) / wallMs;
  const stage = (values: number[]): string => `${quantile(values, 0.5).toFixed(0)} / ${quantile(values, 0.95).toFixed(0)}`;
  console.log(`pages ${total} (${corpus.length} distinct, ${values.dir}), broadsheet concurrency ${concurrency}, chunks of ${chunk} in turn, ${availableParallelism()} cores`);
  console.log(`broadsheet:     ${perSecond(b.wallMs).toFixed(2)} pages/s, ${(b.cpuMs / total).toFixed(0)} CPU ms/page (Node + Chromium), failed ${b.failed}, written in place ${b.written}`);
  if (peer) {
    console.log(`Readability.js: ${perSecond(r.wallMs).toFixed(2)} pages/s, ${(r.cpuMs / total).toFixed(0)} CPU ms/page (jsdom + Readability, one page at a time), failed ${r.failed}`);
    console.log(`ratio broadsheet ÷ Readability.js: ${(r.wallMs / b.wallMs).toFixed(2)}× pages/s, ${(r.cpuMs / b.cpuMs).toFixed(2)}× pages per CPU second`);
  }
  console.log(`broadsheet ms per page, median / p95: load ${stage(b.load)}, snapshot ${stage(b.snapshot)}, extract ${stage(b.extract)}`);
  for (const line of memory) console.log(line);
}

await main();
