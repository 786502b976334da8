// PostgreSQL-only store behaviour, on a real server (test/support/pg-server.ts): concurrent
// claimers (SKIP LOCKED), the shared politeness gap and page budget, leases, bad connection
// strings and databases, a connection cut mid-crawl, and `migrate` (SQLite → PostgreSQL).
// The CrawlStore contract itself runs in store.test.ts.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { test, expect } from '@playwright/test';
import { openPgStore, openSqliteStore, StoreError } from '../../src/store/index.js';
import { PgOps } from '../../src/store/pg/pg-ops.js';
import { copySqliteToPg } from '../../src/store/copy.js';
import { createScratchDb, pgSkipReason } from '../support/pg-server.js';
import { entryFor, pageNumber, pageUrl, recordFor, SITE } from './support/store-records.js';

test.describe.configure({ timeout: 120_000 });
test.beforeEach(() => test.skip(pgSkipReason() !== undefined, pgSkipReason()));

async function withDb<T>(fn: (url: string) => Promise<T>): Promise<T> {
  const db = await createScratchDb();
  try {
    return await fn(db.url);
  } finally {
    await db.drop();
  }
}

async function query(url: string, text: string, values: unknown[] = []): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(text, values);
  } finally {
    await client.end();
  }
}

function storeError(fn: () => unknown): StoreError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(StoreError);
    return error as StoreError;
  }
  throw new Error('expected a StoreError');
}

test('eight concurrent claimers share 300 URLs: each URL claimed exactly once', async () => {
  await withDb(async (url) => {
    const claimers = await Promise.all(Array.from({ length: 8 }, () => PgOps.open(url, { poolSize: 1 })));
    try {
      await claimers[0]!.enqueue(Array.from({ length: 300 }, (_, i) => ({ ...entryFor(i + 1, 1), priority: (i * 37) % 101 })));
      const claimed = await Promise.all(
        claimers.map(async (ops) => {
          const mine: string[] = [];
          for (let e = await ops.claimNext(); e; e = await ops.claimNext()) mine.push(e.url);
          return mine;
        }),
      );
      const all = claimed.flat();
      expect(all).toHaveLength(300);
      expect(new Set(all).size).toBe(300);
      // Several claimers did take part (SKIP LOCKED lets them run side by side).
      expect(claimed.filter((c) => c.length > 0).length).toBeGreaterThan(1);
    } finally {
      await Promise.all(claimers.map((c) => c.close()));
    }
  });
});

test('the page budget holds across concurrent claimers', async () => {
  await withDb(async (url) => {
    const claimers = await Promise.all(Array.from({ length: 6 }, () => PgOps.open(url, { poolSize: 1 })));
    try {
      await claimers[0]!.enqueue(Array.from({ length: 50 }, (_, i) => entryFor(i + 1, 1)));
      const got = await Promise.all(claimers.map(async (ops) => (await ops.claimNext({ maxPages: 5 })) ? 1 : 0));
      const more = await Promise.all(claimers.map(async (ops) => (await ops.claimNext({ maxPages: 5 })) ? 1 : 0));
      expect(got.reduce((a: number, b) => a + b, 0) + more.reduce((a: number, b) => a + b, 0)).toBe(5);
    } finally {
      await Promise.all(claimers.map((c) => c.close()));
    }
  });
});

test('two workers on one site keep the shared politeness gap, raised by a shared Crawl-delay', async () => {
  await withDb(async (url) => {
    const a = await PgOps.open(url, { poolSize: 1 });
    const b = await PgOps.open(url, { poolSize: 1 });
    try {
      await a.enqueue(Array.from({ length: 20 }, (_, i) => entryFor(i + 1, 1)));
      const gap = 150;
      const times: number[] = [];
      const run = async (ops: PgOps) => {
        const deadline = Date.now() + 1_200;
        while (Date.now() < deadline) {
          // The claim's own "now" (the time the gap is kept in): the moment a claim returns
          // depends on the machine's load, the time it claimed at does not.
          const now = Date.now();
          if (await ops.claimNext({ hostGapMs: gap, now })) times.push(now);
          else await new Promise((r) => setTimeout(r, 5));
        }
      };
      await Promise.all([run(a), run(b)]);
      times.sort((x, y) => x - y);
      expect(times.length).toBeGreaterThan(2);
      for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(gap);
      await a.setHostDelay(SITE, 2_000);
      await new Promise((r) => setTimeout(r, gap + 20));
      expect(await b.claimNext({ hostGapMs: gap })).toBeDefined();
      expect(await a.claimNext({ hostGapMs: gap })).toBeUndefined(); // the Crawl-delay (2 s) applies now
    } finally {
      await a.close();
      await b.close();
    }
  });
});

test('a lease that runs out returns the URL to the queue; a live worker keeps its own', async () => {
  await withDb(async (url) => {
    // Leases long enough that a loaded machine's scheduling delays cannot outlast one renewal
    // interval (lease/3); the wait spans several renewals.
    const holder = await PgOps.open(url, { leaseMs: 2_000 });
    const other = await PgOps.open(url, { leaseMs: 2_000 });
    try {
      await holder.enqueue([entryFor(1, 1), entryFor(2, 1)]);
      expect(await holder.claimNext()).toBeDefined();
      await new Promise((r) => setTimeout(r, 3_000)); // the holder renews every ~667 ms
      expect(await other.releaseInFlight()).toBe(0);
      expect((await other.counts()).inFlight).toBe(1);
      // A dead worker: its lease, set by hand to the past, is swept by anyone.
      await query(url, `UPDATE frontier SET lease_until = 1, claimed_by = 'dead' WHERE state = 'in-flight'`);
      expect(await other.releaseInFlight()).toBe(1);
      expect((await other.counts()).queued).toBe(2);
    } finally {
      await holder.close();
      await other.close();
    }
  });
});

test('a connection cut mid-crawl (server-side terminate) is retried: nothing lost', async () => {
  await withDb(async (url) => {
    const store = openPgStore(url);
    try {
      store.enqueue([entryFor(1, 0)]);
      const entry = store.claimNext()!;
      const name = new URL(url).pathname.slice(1);
      const killed = await query(url, `SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`, [name]);
      expect(killed.rows[0].n).toBeGreaterThan(0);
      store.recordPage(recordFor(1, entry.depth, 1_000));
      expect(store.counts().pages).toBe(1);
      expect(store.frontierEntry(pageUrl(11))).toMatchObject({ state: 'queued' }); // a link of page 1
    } finally {
      store.close();
    }
  });
});

test('a transaction whose BEGIN fails gives its connection back: the retry runs and close returns', async () => {
  await withDb(async (url) => {
    // One connection, so that a connection kept by a failed transaction would starve the retry.
    const ops = await PgOps.open(url, { poolSize: 1, retryForMs: 5_000 });
    const pool = (ops as unknown as { pool: pg.Pool }).pool;
    const connect = pool.connect.bind(pool) as (callback?: unknown) => Promise<pg.PoolClient> | undefined;
    // The next two connections a transaction takes fail their first statement (BEGIN) as a
    // connection the server has just terminated does, before the client has read the goodbye.
    // (`pool.query` takes its connection with a callback: left as it is.)
    let faults = 2;
    (pool as unknown as { connect: (callback?: unknown) => unknown }).connect = (callback?: unknown) => (callback ? connect(callback) : faulty());
    const faulty = async (): Promise<pg.PoolClient> => {
      const client = (await connect())!;
      if (faults > 0) {
        faults -= 1;
        const query = client.query.bind(client);
        (client as unknown as { query: unknown }).query = () => {
          (client as unknown as { query: unknown }).query = query;
          return Promise.reject(new Error('Connection terminated unexpectedly'));
        };
      }
      return client;
    };
    let closed = false;
    try {
      expect(await ops.enqueue([entryFor(1, 0)])).toBe(1);
      expect(faults).toBe(0);
      expect(pool.waitingCount).toBe(0);
      expect((await ops.counts()).queued).toBe(1);
    } finally {
      const outcome = await Promise.race([ops.close().then(() => 'closed'), new Promise((r) => setTimeout(r, 15_000, 'still waiting'))]);
      closed = outcome === 'closed';
    }
    expect(closed).toBe(true);
  });
});

test('a connection cut between a transaction\'s statements is a typed error, not a crash, and the next query reconnects', async () => {
  await withDb(async (url) => {
    const ops = await PgOps.open(url);
    try {
      const cut = ops.inTransaction(async (client) => {
        const pid = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
        await query(url, 'SELECT pg_terminate_backend($1)', [pid]);
        // The client is checked out and idle while the server's goodbye arrives: it emits
        // 'error', which nothing but the store listens to.
        await new Promise((r) => setTimeout(r, 300));
        return client.query('SELECT 1');
      });
      const error = await cut.then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(StoreError);
      expect((error as StoreError).problem).toBe('unavailable');
      expect((await ops.counts()).pages).toBe(0);
    } finally {
      await ops.close();
    }
  });
});

test('bad connection strings and databases are typed errors that say what to fix', async () => {
  expect(storeError(() => openPgStore('postgres://%zz')).problem).toBe('bad-connection');
  const unreachable = storeError(() => openPgStore('postgres://postgres@127.0.0.1:1/x', { retryForMs: 300 }));
  expect(unreachable.problem).toBe('unavailable');
  expect(unreachable.message).toMatch(/start the PostgreSQL server/);
  const base = new URL(process.env['BROADSHEET_TEST_PG']!);
  base.pathname = '/bs_no_such_database_here';
  const missing = storeError(() => openPgStore(base.toString()));
  expect(missing.problem).toBe('bad-connection');
  expect(missing.message).toMatch(/createdb/);
  expect(missing.message).not.toMatch(/:[^@/]*@.*password/);
  await withDb(async (url) => {
    await query(url, 'CREATE TABLE invoices (id int)');
    expect(storeError(() => openPgStore(url)).problem).toBe('not-a-store');
  });
  await withDb(async (url) => {
    openPgStore(url).close();
    await query(url, `INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ('future', $1)`, [Date.now() + 10 * 365 * 86_400_000]);
    const newer = storeError(() => openPgStore(url));
    expect(newer.problem).toBe('newer-schema');
    expect(newer.message).toMatch(/upgrade broadsheet/);
  });
});

test('migrate copies an SQLite crawl into PostgreSQL: same pages, articles, links and frontier; in-flight URLs queued again', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'broadsheet-migrate-'));
  try {
    const file = join(dir, 'crawl.db');
    const sqlite = openSqliteStore(file);
    sqlite.setSetting('crawl.options', '{"x":1}');
    sqlite.addSeeds([{ url: pageUrl(1), site: SITE }]);
    sqlite.enqueue([entryFor(1, 0)]);
    for (let i = 0; i < 5; i++) {
      const e = sqlite.claimNext()!;
      sqlite.recordPage(recordFor(pageNumber(e.url), e.depth, 1_000 + i));
    }
    sqlite.claimNext(); // left in flight
    sqlite.saveModel('frontier-policy:similarity', '{"v":1}');
    const expected = { counts: sqlite.counts(), pages: [...sqlite.pages()], articles: [...sqlite.articles()], internal: [...sqlite.internalLinks()], seeds: sqlite.listSeeds() };
    sqlite.close();
    await withDb(async (url) => {
      const report = await copySqliteToPg(file, url);
      expect(report.rows['pages']).toBe(5);
      const store = openPgStore(url);
      try {
        expect([...store.pages()]).toEqual(expected.pages);
        expect([...store.articles()]).toEqual(expected.articles);
        expect([...store.internalLinks()]).toEqual(expected.internal);
        expect(store.listSeeds()).toEqual(expected.seeds);
        expect(store.counts()).toEqual({ ...expected.counts, queued: expected.counts.queued + 1, inFlight: 0 });
        expect(store.getSetting('crawl.options')).toBe('{"x":1}');
        expect(store.loadModel('frontier-policy:similarity')).toBe('{"v":1}');
        // The crawl goes on: new rows get fresh ids after the copied ones.
        const next = store.claimNext()!;
        store.recordPage(recordFor(pageNumber(next.url), next.depth, 9_999));
        expect([...store.pages()].at(-1)!.fetchOrder).toBe(6);
      } finally {
        store.close();
      }
      // A second copy into the now non-empty database is refused.
      await expect(copySqliteToPg(file, url)).rejects.toThrow(/already holds a crawl/);
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
