/**
 * What a page-work thread holds (issue 21 item 3): its V8 heap when started (the modules of
 * markup preparation, decoding and extraction, with their fitted parameters) and after it has
 * extracted pages, and what starting the threads added to the process's RSS.
 *
 *   npm run build && node --expose-gc --import tsx scripts/page-work-memory.ts [--dir ../shared/data/aeb] [--pages 60] [--threads 2]
 *
 * The pool is the built one (dist/), as users run it: under tsx a thread also holds tsx's loader.
 */
import { answerHelp } from './help.js';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { PageWorkPool } from '../dist/page-work/index.js';
import { RenderSession } from '../dist/render/session.js';

answerHelp(import.meta.url);

const { values } = parseArgs({ options: { dir: { type: 'string', default: '../shared/data/aeb' }, pages: { type: 'string', default: '60' }, threads: { type: 'string', default: '2' } } });
const threads = Number(values.threads);
const mib = (bytes: number): string => (bytes / 1024 / 1024).toFixed(1);
const gc = (globalThis as { gc?: () => void }).gc;

async function heaps(pool: PageWorkPool): Promise<string> {
  // As many tasks as threads at once: each thread answers one.
  const all = await Promise.all(Array.from({ length: threads }, () => pool.run({ kind: 'heap' }, { label: 'heap', deadlineMs: 5_000 })));
  return all.map((h) => `used ${mib(h.usedHeapBytes)} MiB of ${mib(h.totalHeapBytes)} MiB (external ${mib(h.externalBytes)} MiB)`).join('; ');
}

gc?.();
const rssBefore = process.memoryUsage.rss();
const pool = new PageWorkPool({ size: threads });
await pool.ready({ all: true });
await heaps(pool); // every thread started and answering
gc?.();
const rssAfter = process.memoryUsage.rss();
console.log(`${threads} page-work threads started: process RSS +${mib(rssAfter - rssBefore)} MiB (${mib((rssAfter - rssBefore) / threads)} MiB per thread)`);
console.log(`heap per thread when started: ${await heaps(pool)}`);

const dir = join(values.dir!, 'html');
const files = readdirSync(dir).filter((f) => f.endsWith('.html.gz')).sort().slice(0, Number(values.pages));
const session = await RenderSession.launch({ concurrency: threads, pageWork: pool });
let done = 0;
await Promise.all(
  Array.from({ length: threads }, async () => {
    while (files.length > 0) {
      const file = files.shift()!;
      const bytes = gunzipSync(readFileSync(join(dir, file)));
      await session
        .render({ kind: 'html', bytes, url: `https://aeb.invalid/${file}`, label: file }, (page) =>
          pool.run({ kind: 'extract', wire: page.snapshotText, patch: page.snapshotPatch, params: {} }, { label: file, deadlineMs: page.clock.nodeWorkDeadlineMs() }),
        )
        .then(() => done++, () => undefined);
    }
  }),
);
await session.close();
console.log(`heap per thread after ${done} AEB pages: ${await heaps(pool)}`);
gc?.();
console.log(`process RSS now ${mib(process.memoryUsage.rss())} MiB (main thread heap ${mib(process.memoryUsage().heapUsed)} MiB)`);
await pool.close();
