/**
 * Where Chromium's CPU goes while saved pages render, from its own trace (issue 26): the pages are
 * rendered one at a time by a render session, under `Browser` tracing, and the trace's complete
 * events are summed per thread (thread CPU time of the top-level tasks) and by name (self time:
 * an event's thread time less its children's).
 *
 *   npm run trace:renderer -- [--pages 60] [--dir ../shared/data/aeb] [--painting] [--top 30]
 *                             [--categories v8.execute,disabled-by-default-v8.compile]
 *
 * --painting launches the browser as for pages that need frames (live pages, screenshots);
 * by default it is launched as `extract` launches it for saved files (`savedPagesOnly`).
 * --categories adds trace categories (V8's compilers, say: on AEB, Maglev compiling the
 * collector again for each page's new context costs ~3 ms/page on the renderer's pool threads;
 * `--js-flags=--no-maglev` gave the same pages/s, 0.99x). Three pages are rendered before
 * tracing starts (launch and first-page costs left out).
 */
import { answerHelp } from './help.js';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { closeBrowser, framesControlled, launchBrowser } from '../src/render/browser.js';
import { RenderSession } from '../src/render/session.js';

answerHelp(import.meta.url);

const { values } = parseArgs({
  options: {
    pages: { type: 'string', default: '60' },
    dir: { type: 'string', default: '../shared/data/aeb' },
    painting: { type: 'boolean', default: false },
    top: { type: 'string', default: '30' },
    categories: { type: 'string', default: '' },
  },
});

/** Trace categories: the renderer's lifecycle (parse, style, layout, paint), V8, the scheduler. */
const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink', 'v8', 'toplevel', 'loading', 'benchmark', 'cc', 'renderer.scheduler'];

interface TraceEvent {
  ph: string;
  name: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string };
}

const htmlDir = join(values.dir!, 'html');
const truth = JSON.parse(readFileSync(join(values.dir!, 'ground-truth.json'), 'utf8')) as Record<string, { url?: string }>;
const files = readdirSync(htmlDir)
  .filter((f) => f.endsWith('.html.gz'))
  .sort()
  .slice(0, Number(values.pages));
const pages = files.map((f) => {
  const id = f.replace(/\.html\.gz$/u, '');
  return { kind: 'html' as const, bytes: gunzipSync(readFileSync(join(htmlDir, f))), url: truth[id]?.url ?? 'https://saved.invalid/', label: id };
});

const browser = await launchBrowser({ savedPagesOnly: !values.painting });
const session = new RenderSession(browser, { concurrency: 1 });
let buffer: Buffer;
try {
  for (const page of pages.slice(0, 3)) await session.render(page, async () => undefined);
  await browser.startTracing(undefined, { categories: [...CATEGORIES, ...values.categories!.split(',').filter(Boolean)] });
  for (const page of pages) await session.render(page, async () => undefined);
  buffer = await browser.stopTracing();
} finally {
  await session.close();
  await closeBrowser(browser);
}

const events = (JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
const processNames = new Map<number, string>();
const threadNames = new Map<string, string>();
for (const e of events) {
  if (e.ph !== 'M') continue;
  if (e.name === 'process_name') processNames.set(e.pid, e.args?.name ?? String(e.pid));
  if (e.name === 'thread_name') threadNames.set(`${e.pid}:${e.tid}`, e.args?.name ?? String(e.tid));
}
const byThread = new Map<string, TraceEvent[]>();
for (const e of events) {
  if (e.ph !== 'X' || e.tdur === undefined || e.dur === undefined) continue;
  const key = `${e.pid}:${e.tid}`;
  const list = byThread.get(key) ?? [];
  list.push(e);
  byThread.set(key, list);
}
const threadTotal = new Map<string, number>();
const selfTime = new Map<string, number>();
const add = (map: Map<string, number>, key: string, us: number): void => {
  map.set(key, (map.get(key) ?? 0) + us);
};
for (const [key, list] of byThread) {
  const thread = `${processNames.get(Number(key.split(':')[0])) ?? '?'} / ${threadNames.get(key) ?? key}`;
  list.sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  // Nesting from the timestamps: an event inside the one open before it is its child.
  const open: Array<{ event: TraceEvent; children: number }> = [];
  const done: Array<{ event: TraceEvent; children: number }> = [];
  for (const event of list) {
    while (open.length > 0 && open.at(-1)!.event.ts + open.at(-1)!.event.dur! <= event.ts) done.push(open.pop()!);
    if (open.length > 0) open.at(-1)!.children += event.tdur!;
    else add(threadTotal, thread, event.tdur!);
    open.push({ event, children: 0 });
  }
  done.push(...open);
  for (const { event, children } of done) add(selfTime, `${thread} :: ${event.name}`, Math.max(0, event.tdur! - children));
}

const perPage = (us: number): string => (us / 1000 / pages.length).toFixed(2).padStart(7);
console.log(`${pages.length} pages of ${values.dir}, one at a time; browser ${framesControlled(browser) ? 'launched for saved pages only (paints nothing)' : 'painting'}`);
console.log('CPU ms/page by thread (top-level tasks):');
for (const [name, us] of [...threadTotal].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`  ${perPage(us)}  ${name}`);
console.log('CPU ms/page by event (self time):');
for (const [name, us] of [...selfTime].sort((a, b) => b[1] - a[1]).slice(0, Number(values.top))) console.log(`  ${perPage(us)}  ${name}`);
