// Claims per second on a large frontier, PostgreSQL against SQLite, with 1…32 concurrent
// claimers (no rendering): each claimer is a thread with its own connection, claiming as fast
// as it can for --seconds; reports claims/s and claim latency p50/p99 per claimer count.
// Not a test: prints figures (issue 12).
//
//   node --import tsx scripts/bench-pg-claims.ts [--urls 1000000] [--seconds 5] [--claimers 1,2,4,8,16,32]
//       [--pg postgres://postgres@127.0.0.1:5432/postgres] [--only pg|sqlite]
//
// A scratch database (bs_bench_claims_*) is created on the server and dropped at the end.
import { answerHelp } from './help.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import pg from 'pg';
import { openSqliteStore, type EnqueueEntry } from '../src/store/index.js';
import { PgOps } from '../src/store/pg/pg-ops.js';

answerHelp(import.meta.url);

interface Job {
  kind: 'pg' | 'sqlite';
  db: string;
  seconds: number;
}
interface Result {
  claims: number;
  latenciesMs: number[];
}

async function claimer(job: Job): Promise<Result> {
  const latenciesMs: number[] = [];
  // The window opens once the connection is open (opening takes the migration lock in turn).
  let end = 0;
  if (job.kind === 'sqlite') {
    const store = openSqliteStore(job.db);
    end = performance.now() + job.seconds * 1000;
    while (performance.now() < end) {
      const t = performance.now();
      if (!store.claimNext()) break;
      latenciesMs.push(performance.now() - t);
    }
    store.close();
  } else {
    const ops = await PgOps.open(job.db, { poolSize: 1, leaseMs: 3_600_000 });
    end = performance.now() + job.seconds * 1000;
    while (performance.now() < end) {
      const t = performance.now();
      if (!(await ops.claimNext())) break;
      latenciesMs.push(performance.now() - t);
    }
    await ops.close();
  }
  return { claims: latenciesMs.length, latenciesMs };
}

if (!isMainThread) {
  void claimer(workerData as Job).then((r) => parentPort!.postMessage(r));
} else {
  const { values: args } = parseArgs({
    options: {
      urls: { type: 'string', default: '1000000' },
      seconds: { type: 'string', default: '5' },
      claimers: { type: 'string', default: '1,2,4,8,16,32' },
      pg: { type: 'string', default: process.env['BROADSHEET_TEST_PG'] ?? 'postgres://postgres@127.0.0.1:5432/postgres' },
      only: { type: 'string' },
    },
  });
  const urls = Number(args.urls);
  const seconds = Number(args.seconds);
  const claimerCounts = args.claimers.split(',').map(Number);

  let seed = 12345;
  const random = (): number => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return seed / 2 ** 32;
  };
  const entry = (i: number): EnqueueEntry => {
    const site = `site${i % 50}.example`;
    return { url: `https://www.${site}/news/2024/05/${String(i % 28).padStart(2, '0')}/story-number-${i}-of-the-day.html`, site, depth: 2, priority: random() };
  };

  const run = (job: Job, n: number): Promise<Result[]> =>
    Promise.all(
      Array.from({ length: n }, () => new Promise<Result>((resolve, reject) => {
        // Worker threads do not inherit --import tsx on Node 20: register it in the thread.
        const code = `import('tsx/esm/api').then((m) => { m.register(); return import(${JSON.stringify(import.meta.url)}); });`;
        const w = new Worker(code, { eval: true, workerData: job });
        w.once('message', resolve);
        w.once('error', reject);
      })),
    );
  const pct = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
  const report = (kind: string, n: number, results: Result[]): void => {
    const all = results.flatMap((r) => r.latenciesMs).sort((a, b) => a - b);
    const claims = results.reduce((a, r) => a + r.claims, 0);
    console.log(`${kind.padEnd(7)} claimers ${String(n).padStart(2)}: ${(claims / seconds).toFixed(0).padStart(6)} claims/s   p50 ${pct(all, 50).toFixed(2)} ms   p99 ${pct(all, 99).toFixed(2)} ms`);
  };

  const fill = async (enqueue: (batch: EnqueueEntry[]) => Promise<unknown> | unknown): Promise<number> => {
    const t = performance.now();
    for (let i = 0; i < urls; i += 5000) await enqueue(Array.from({ length: Math.min(5000, urls - i) }, (_, k) => entry(i + k)));
    return (performance.now() - t) / 1000;
  };

  console.log(`frontier of ${urls} URLs, ${seconds} s per point, ${claimerCounts.join('/')} claimers (each a thread with its own connection)`);
  if (args.only !== 'pg') {
    const dir = mkdtempSync(join(tmpdir(), 'broadsheet-bench-claims-'));
    const path = join(dir, 'claims.db');
    const store = openSqliteStore(path);
    seed = 12345;
    console.log(`sqlite  fill: ${(await fill((b) => store.enqueue(b))).toFixed(1)} s`);
    for (const n of claimerCounts) {
      store.releaseInFlight();
      report('sqlite', n, await run({ kind: 'sqlite', db: path, seconds }, n));
    }
    store.close();
    rmSync(dir, { recursive: true, force: true });
  }
  if (args.only !== 'sqlite') {
    const name = `bs_bench_claims_${process.pid}`;
    const admin = new pg.Client({ connectionString: args.pg });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(args.pg);
    url.pathname = `/${name}`;
    try {
      const ops = await PgOps.open(url.toString());
      // The same URLs and priorities as SQLite's, written with one multi-row INSERT per 5,000
      // (through the store's enqueue the fill alone took minutes on this loaded machine).
      seed = 12345;
      const filled = await fill((b) =>
        ops.inTransaction(async (client) => {
          await client.query(
            `INSERT INTO frontier (url, site, depth, priority, enqueued_at) SELECT * FROM unnest($1::text[], $2::text[], $3::int[], $4::float8[], $5::bigint[]) ON CONFLICT DO NOTHING`,
            [b.map((e) => e.url), b.map((e) => e.site), b.map((e) => e.depth), b.map((e) => e.priority), b.map(() => Date.now())],
          );
        }),
      );
      console.log(`pg      fill: ${filled.toFixed(1)} s`);
      const c = new pg.Client({ connectionString: url.toString() });
      await c.connect();
      await c.query('VACUUM ANALYZE frontier');
      for (const n of claimerCounts) {
        await c.query(`UPDATE frontier SET state = 'queued', lease_until = NULL, claimed_by = NULL WHERE state = 'in-flight'`);
        report('pg', n, await run({ kind: 'pg', db: url.toString(), seconds }, n));
      }
      await c.end();
      await ops.close();
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  }
}
