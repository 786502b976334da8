// Crawl workers sharing one PostgreSQL frontier, rendering on, against the local web
// (src/testing/local-web): for 1, 2, 4, 8 worker processes on this machine, pages/s, harvest
// rate (true articles by the local web's truth / pages), duplicate fetches (page URLs the sites
// answered more than once: must be 0) and claim latency p50/p99 as the workers saw it.
// Not a test: prints figures (issue 12).
//
//   node --import tsx scripts/bench-pg-workers.ts [--workers 1,2,4,8] [--pages 40] [--concurrency 1]
//       [--pg postgres://postgres@127.0.0.1:5432/postgres]
//
// Each worker is `node --import tsx scripts/bench-pg-workers.ts --child DB`: the crawl loop of
// `broadsheet worker` (crawl() with its settings) with claimNext timed. Scratch databases are
// created on the server and dropped.
import { answerHelp } from './help.js';
import { spawn } from 'node:child_process';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { crawl } from '../src/crawl/crawler.js';
import { CRAWL_SETTINGS_KEY, parseSettings } from '../src/crawl/settings.js';
import { createPolicy } from '../src/frontier/index.js';
import { RenderSession } from '../src/render/session.js';
import { openPgStore, type ClaimOptions } from '../src/store/index.js';
import { startLocalWeb } from '../src/testing/local-web/index.js';

answerHelp(import.meta.url);

const { values: args } = parseArgs({
  options: {
    workers: { type: 'string', default: '1,2,4,8' },
    pages: { type: 'string', default: '40' },
    concurrency: { type: 'string', default: '1' },
    pg: { type: 'string', default: process.env['BROADSHEET_TEST_PG'] ?? 'postgres://postgres@127.0.0.1:5432/postgres' },
    child: { type: 'string' },
  },
});

const pct = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

if (args.child) {
  // One worker: the crawl's settings from the database, claims timed.
  const store = openPgStore(args.child);
  const settings = parseSettings(store.getSetting(CRAWL_SETTINGS_KEY)!);
  const claimsMs: number[] = [];
  const claim = store.claimNext.bind(store);
  store.claimNext = (opts?: ClaimOptions) => {
    const t = performance.now();
    const entry = claim(opts);
    if (entry) claimsMs.push(performance.now() - t);
    return entry;
  };
  const session = await RenderSession.launch({ concurrency: settings.concurrency, defaults: { allowPrivateNetwork: true } });
  try {
    await crawl(
      { store, session, policy: createPolicy(settings.policy) },
      {
        seeds: settings.seeds,
        maxDepth: settings.maxDepth,
        maxPages: settings.maxPages ?? Infinity,
        concurrency: settings.concurrency,
        politeness: { delayMs: settings.delayMs, perSiteConcurrency: settings.perSiteConcurrency },
        userAgent: settings.userAgent,
        robots: settings.robots,
        // The local web listens on 127.0.0.1, which the fetch guard refuses by default.
        renderOptions: { allowPrivateNetwork: true },
      },
    );
  } finally {
    await session.close();
    store.close();
  }
  process.stdout.write(JSON.stringify({ claimsMs }) + '\n');
} else {
  const budget = Number(args.pages);
  const web = await startLocalWeb({ articlesPerSite: 500, faulty: false });
  const admin = new pg.Client({ connectionString: args.pg });
  await admin.connect();
  const self = fileURLToPath(import.meta.url);
  console.log(`local web: ${web.sites.length} sites; budget ${budget} pages; ${args.concurrency} page(s) rendered at once per worker; delay 0`);
  try {
    for (const n of args.workers.split(',').map(Number)) {
      const name = `bs_bench_workers_${process.pid}_${n}`;
      await admin.query(`CREATE DATABASE ${name}`);
      const url = new URL(args.pg);
      url.pathname = `/${name}`;
      const db = url.toString();
      try {
        const store = openPgStore(db);
        store.setSetting(
          CRAWL_SETTINGS_KEY,
          JSON.stringify({
            seeds: web.sites.map((s) => s.homeUrl),
            examples: [],
            allowDomains: [],
            maxDepth: 20,
            policy: 'similarity',
            maxPages: budget,
            maxTimeSec: null,
            concurrency: Number(args.concurrency),
            perSiteConcurrency: 2,
            delayMs: 0,
            userAgent: 'broadsheet-bench',
            robots: true,
          }),
        );
        const before = web.stats().byUrl;
        const started = performance.now();
        const outputs = await Promise.all(
          Array.from({ length: n }, () =>
            new Promise<string>((resolve, reject) => {
              const child = spawn(process.execPath, ['--import', 'tsx', self, '--child', db], { stdio: ['ignore', 'pipe', 'inherit'] });
              let out = '';
              child.stdout.on('data', (c: Buffer) => (out += c.toString()));
              child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`worker exited ${code}`))));
            }),
          ),
        );
        const seconds = (performance.now() - started) / 1000;
        const pages = [...store.pages()];
        store.close();
        const after = web.stats().byUrl;
        const duplicates = pages.filter((p) => (after[p.url] ?? 0) - (before[p.url] ?? 0) > 1).length;
        const articles = pages.filter((p) => web.truth.isArticle(p.url)).length;
        const claims = outputs.flatMap((o) => (JSON.parse(o.trim().split('\n').pop()!) as { claimsMs: number[] }).claimsMs).sort((a, b) => a - b);
        console.log(
          `workers ${n}: ${pages.length} pages in ${seconds.toFixed(1)} s = ${(pages.length / seconds).toFixed(2)} pages/s   harvest ${(articles / pages.length).toFixed(2)}   duplicate fetches ${duplicates}   claim p50 ${pct(claims, 50).toFixed(1)} ms p99 ${pct(claims, 99).toFixed(1)} ms (${claims.length} claims)`,
        );
      } finally {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      }
    }
  } finally {
    await admin.end();
    await web.close();
  }
}
