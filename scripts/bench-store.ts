// Frontier scale benchmark of the SQLite crawl store: push (enqueue) and pop (claimNext) rates
// with a million URLs in the frontier, the cost of the other frontier reads at that size, a
// page write rate, and the memory the process holds. Not a test: prints figures.
//
//   node --import tsx scripts/bench-store.ts [--urls 1000000] [--batch 100] [--pops 20000] [--db FILE] [--keep]
//
// URLs look like a news crawl's (~75 characters, 50 sites, dated section paths); priorities are
// pseudo-random so pops walk the claim index, not insertion order.
import { answerHelp } from './help.js';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openSqliteStore, type EnqueueEntry, type PageRecord } from '../src/store/index.js';

answerHelp(import.meta.url);

const { values: args } = parseArgs({
  options: {
    urls: { type: 'string', default: '1000000' },
    batch: { type: 'string', default: '100' },
    pops: { type: 'string', default: '20000' },
    'cache-mb': { type: 'string' },
    db: { type: 'string' },
    keep: { type: 'boolean', default: false },
  },
});
const totalUrls = Number(args.urls);
const batchSize = Number(args.batch);
const pops = Number(args.pops);
const dir = args.db ? undefined : mkdtempSync(join(tmpdir(), 'broadsheet-bench-store-'));
const path = args.db ?? join(dir!, 'bench.db');

const SITES = 50;
const SECTIONS = ['world', 'politics', 'business', 'sport', 'culture', 'science', 'opinion', 'local'];

let seed = 12345;
function random(): number {
  seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
  return seed / 2 ** 32;
}

function entry(i: number): EnqueueEntry {
  const site = `site${i % SITES}.example`;
  const day = 1 + (i % 28);
  return {
    url: `https://www.${site}/${SECTIONS[i % SECTIONS.length]}/2026/11/${String(day).padStart(2, '0')}/story-headline-words-${i}`,
    site,
    depth: 1 + (i % 6),
    priority: random(),
    foundOn: `https://www.${site}/`,
  };
}

function fileSize(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
}
const mb = (bytes: number): string => `${(bytes / 2 ** 20).toFixed(0)} MB`;
const rate = (n: number, ms: number): string => `${Math.round((n / ms) * 1000).toLocaleString('en')}/s`;
/** Wall time and this process's CPU time (user + system): the machine may be shared and busy. */
function time<T>(fn: () => T): { result: T; ms: number; cpuMs: number } {
  const start = performance.now();
  const cpu = process.cpuUsage();
  const result = fn();
  const used = process.cpuUsage(cpu);
  return { result, ms: performance.now() - start, cpuMs: (used.user + used.system) / 1000 };
}
const rates = (n: number, t: { ms: number; cpuMs: number }): string => `${rate(n, t.ms)} wall, ${rate(n, t.cpuMs)} per CPU-second`;

const rssBefore = process.memoryUsage().rss;
const store = openSqliteStore(path, args['cache-mb'] ? { cacheMb: Number(args['cache-mb']) } : {});
console.log(`store: ${path}`);
console.log(`RSS before opening: ${mb(rssBefore)}; after opening: ${mb(process.memoryUsage().rss)}`);

// Push: a million new URLs, `batchSize` per enqueue call (one call per fetched page's links).
const pushMarks: string[] = [];
const push = time(() => {
  let added = 0;
  let markStart = performance.now();
  let markCpu = process.cpuUsage();
  for (let i = 0; i < totalUrls; i += batchSize) {
    const batch: EnqueueEntry[] = [];
    for (let j = i; j < Math.min(i + batchSize, totalUrls); j++) batch.push(entry(j));
    added += store.enqueue(batch);
    if ((i + batchSize) % (totalUrls / 4) < batchSize) {
      const used = process.cpuUsage(markCpu);
      const quarter = { ms: performance.now() - markStart, cpuMs: (used.user + used.system) / 1000 };
      pushMarks.push(`to ${(i + batchSize).toLocaleString('en')}: ${rates(totalUrls / 4, quarter)}; WAL ${mb(fileSize(`${path}-wal`))}`);
      markStart = performance.now();
      markCpu = process.cpuUsage();
    }
  }
  return added;
});
console.log(`push ${push.result.toLocaleString('en')} new URLs in batches of ${batchSize}: ${(push.ms / 1000).toFixed(1)} s wall, ${(push.cpuMs / 1000).toFixed(1)} s CPU; ${rates(push.result, push)}`);
for (const m of pushMarks) console.log(`  ${m}`);

// Push of known URLs: the dedupe path (a crawl re-discovers the same links on every page).
const known = time(() => {
  let added = 0;
  for (let k = 0; k < 100; k++) added += store.enqueue(Array.from({ length: batchSize }, () => entry(Math.floor(random() * totalUrls))));
  return added;
});
console.log(`push ${(100 * batchSize).toLocaleString('en')} already-known URLs: ${rates(100 * batchSize, known)} (${known.result} added)`);

// Pop: claims from the top of a full frontier, with and without excluded sites.
const popped = time(() => {
  let n = 0;
  for (let k = 0; k < pops; k++) if (store.claimNext()) n++;
  return n;
});
console.log(`pop ${popped.result.toLocaleString('en')} (claimNext) with ${totalUrls.toLocaleString('en')} in the frontier: ${rates(popped.result, popped)}`);
const excludeSites = Array.from({ length: 10 }, (_, s) => `site${s}.example`);
const poppedExcluding = time(() => {
  let n = 0;
  for (let k = 0; k < pops / 4; k++) if (store.claimNext({ excludeSites })) n++;
  return n;
});
console.log(`pop ${poppedExcluding.result.toLocaleString('en')} excluding 10 of ${SITES} sites: ${rates(poppedExcluding.result, poppedExcluding)}`);

// The worst case for exclusions: every queued site busy (a one-site crawl between two fetches).
const allSites = Array.from({ length: SITES }, (_, s) => `site${s}.example`);
const none = time(() => {
  let found = 0;
  for (let k = 0; k < 100; k++) if (store.claimNext({ excludeSites: allSites })) found++;
  return found;
});
console.log(`claimNext with every site excluded (nothing claimable): ${(none.ms / 100).toFixed(2)} ms wall, ${(none.cpuMs / 100).toFixed(2)} ms CPU per call (${none.result} claimed)`);

// Page writes: one recordPage per fetched page, 60 internal links of which 40 enqueued.
const pageWrites = 2000;
const recorded = time(() => {
  for (let k = 0; k < pageWrites; k++) {
    const base = totalUrls + k * 40;
    const links = Array.from({ length: 60 }, (_, j) => entry(base + (j % 40)));
    const record: PageRecord = {
      url: `https://www.site0.example/page/${k}`,
      site: 'site0.example',
      depth: 2,
      status: 200,
      fetchedAt: Date.now(),
      isArticle: k % 2 === 0,
      links: { internal: links.map((l) => ({ url: l.url, level: 3, processed: true })), external: [], bad: [] },
      extraction: k % 2 === 0 ? { title: 'A story', text: 'Words of a story. '.repeat(300), html: '<p>…</p>', markdown: '…', metadata: {} } : null,
      enqueue: links.slice(0, 40),
    };
    store.recordPage(record);
  }
});
console.log(`recordPage (60 links, 40 new URLs, an article every other page): ${rates(pageWrites, recorded)}`);

// The other frontier reads the crawler makes, at this size.
for (const [name, fn] of [
  ['queuedCount', () => store.queuedCount()],
  ['counts', () => store.counts()],
  ['topQueued(100)', () => store.topQueued(100)],
  ['staleQueued(1, 1000)', () => store.staleQueued(1, 1000)],
  ['nextNotBefore', () => store.nextNotBefore()],
  ['updatePriorities(1000)', () => store.updatePriorities(store.topQueued(1000).map((e, i) => ({ url: e.url, priority: e.priority / 2 + i * 1e-9, scoredWithVersion: 2 })))],
] as Array<[string, () => unknown]>) {
  const { ms, cpuMs } = time(fn);
  console.log(`${name}: ${ms.toFixed(1)} ms wall, ${cpuMs.toFixed(1)} ms CPU`);
}

const memory = process.memoryUsage();
console.log(`RSS with ${store.queuedCount().toLocaleString('en')} queued: ${mb(memory.rss)} (JS heap ${mb(memory.heapUsed)}); db file ${mb(fileSize(path))}, WAL ${mb(fileSize(`${path}-wal`))}`);
store.close();
if (dir && !args.keep) rmSync(dir, { recursive: true, force: true });
