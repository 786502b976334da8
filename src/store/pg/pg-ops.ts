/**
 * The crawl store's operations on PostgreSQL, asynchronous (drizzle-orm over node-postgres).
 * They run in the store's own thread (pg-thread.ts), behind the synchronous `PgStore` facade;
 * benchmarks may also call them directly.
 *
 * Many workers on many machines share one database:
 * - a claim is `SELECT … FOR UPDATE SKIP LOCKED` then an UPDATE to 'in-flight' with a lease
 *   (`lease_until`, `claimed_by`); the owning thread renews its leases, and any worker's sweep
 *   puts rows whose lease ran out (their worker died) back in the queue;
 * - per-site politeness lives in `hosts`: a claim with a host gap moves the site's
 *   `next_allowed_at` forward under the row's lock, so two workers never start two requests to
 *   one site closer than the gap;
 * - a page budget (`maxPages`) is checked under an advisory lock, so the workers together
 *   never claim past it.
 */
import { hostname } from 'node:os';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { and, asc, count, desc, eq, gt, inArray, isNull, lt, notInArray, or, sql } from 'drizzle-orm';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import * as schema from './schema-pg.js';
import { allocationArms, badLinks, externalLinks, extractions, frontier, hosts, internalLinks, models, pages, seeds, settings } from './schema-pg.js';
import { StoreError, type StoreProblem } from '../errors.js';
import { frontierStateOf, prepareExtraction, READ_BATCH_ROWS, redirectTargetOf } from '../record.js';
import type {
  AllocationArmRow,
  ClaimOptions,
  EnqueueEntry,
  FrontierEntry,
  PageRecord,
  PriorityUpdate,
  RequeueOptions,
  SeedInput,
  SeedRecord,
  StoreCounts,
} from '../types.js';

export type PgDb = NodePgDatabase<typeof schema>;
type FrontierRow = typeof frontier.$inferSelect;

/** The package's PostgreSQL migrations (drizzle-pg/ at the root, as drizzle/ for SQLite). */
export const DEFAULT_PG_MIGRATIONS_FOLDER = fileURLToPath(new URL('../../../drizzle-pg/', import.meta.url));

export interface PgStoreOptions {
  /**
   * How long a claim stays valid without renewal. The owning thread renews its leases every
   * third of this; a worker killed mid-page loses its claims to the others after at most this.
   * Default 60 s: longer than any render stalls the thread (it never does: renewals run in the
   * store thread while the crawler renders).
   */
  leaseMs?: number;
  /** How long transient failures (server restart, connection drop) are retried. Default 60 s. */
  retryForMs?: number;
  migrationsFolder?: string;
  /** Connections in the pool (default 2: one crawler uses one at a time, plus the lease timer). */
  poolSize?: number;
}

export const DEFAULT_LEASE_MS = 60_000;
export const DEFAULT_RETRY_FOR_MS = 60_000;
/** A query without an answer after this long is given up and retried (`pg`'s client-side `query_timeout`). */
export const QUERY_TIMEOUT_MS = 20_000;
/** The advisory lock keys: migrations and the shared page budget. */
const MIGRATE_LOCK = 0x62726f61; // 'broa'
const BUDGET_LOCK = 0x62756467; // 'budg'

/** The host part of a connection string, without the password, for messages. */
export function redactUrl(url: string): string {
  return url.replace(/\/\/([^:@/]*)(:[^@/]*)?@/, (_m, user: string) => `//${user}@`);
}

/** SQLSTATE classes and socket errors that mean "the server is not there now": retried. */
/** drizzle-orm wraps the driver's error ("Failed query: …") and keeps it as `cause`. */
function driverError(error: unknown): unknown {
  let e = error;
  for (let depth = 0; depth < 3 && e instanceof Error && (e as { code?: unknown }).code === undefined && e.cause !== undefined; depth++) e = e.cause;
  return e;
}

function isTransient(wrapped: unknown): boolean {
  const error = driverError(wrapped);
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') {
    const message = error instanceof Error ? error.message : '';
    return /Connection terminated|connection timeout|Client has encountered a connection error|Query read timeout|timeout exceeded when trying to connect/i.test(message);
  }
  return (
    ['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN'].includes(code) ||
    code.startsWith('08') || // connection exception
    code === '57P01' || // admin shutdown
    code === '57P02' ||
    code === '57P03' || // cannot connect now (starting up)
    code === '40001' || // serialization failure
    code === '40P01' // deadlock detected
  );
}

/** The store problem a PostgreSQL error stands for, if any. */
export function pgProblemOf(error: unknown): StoreProblem | undefined {
  const code = (driverError(error) as { code?: unknown } | null)?.code;
  if (isTransient(error)) return 'unavailable';
  if (typeof code !== 'string') return undefined;
  if (code.startsWith('28') || code === '3D000' || code === 'ENOTFOUND') return 'bad-connection';
  return undefined;
}

const FIXES: Partial<Record<StoreProblem, string>> = {
  'bad-connection': 'check the connection string (postgres://user:password@host:5432/database) and that the database exists (createdb NAME)',
  unavailable: 'start the PostgreSQL server or check host and port; workers retry for a while before giving up',
};

export function asPgStoreError(error: unknown, where: string): unknown {
  if (error instanceof StoreError) return error;
  const problem = pgProblemOf(error);
  if (!problem) return error;
  const message = error instanceof Error ? error.message || (error as { code?: string }).code || 'error' : String(error);
  return new StoreError(problem, `${where}: ${message} (${FIXES[problem] ?? ''})`, { cause: error });
}

function toEntry(row: FrontierRow): FrontierEntry {
  const { id: _id, leaseUntil: _l, claimedBy: _c, ...entry } = row;
  return entry;
}

/** A frontier row from raw SQL (snake_case; bigint columns arrive as strings). */
function rawEntry(r: Record<string, unknown>): FrontierEntry {
  const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
  return {
    url: r['url'] as string,
    site: r['site'] as string,
    depth: Number(r['depth']),
    priority: Number(r['priority']),
    state: r['state'] as FrontierEntry['state'],
    attempts: Number(r['attempts']),
    notBefore: num(r['not_before']),
    foundOn: (r['found_on'] as string | null) ?? null,
    anchor: (r['anchor'] as string | null) ?? null,
    context: (r['context'] as string | null) ?? null,
    scoredWithVersion: num(r['scored_with_version']),
    lastError: (r['last_error'] as string | null) ?? null,
    enqueuedAt: Number(r['enqueued_at']),
  };
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export class PgOps {
  readonly workerId = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  private readonly pool: pg.Pool;
  private readonly db: PgDb;
  private readonly leaseMs: number;
  private readonly retryForMs: number;
  private timer: NodeJS.Timeout | undefined;
  private closed = false;

  private constructor(
    readonly url: string,
    opts: PgStoreOptions,
  ) {
    this.leaseMs = opts.leaseMs ?? DEFAULT_LEASE_MS;
    this.retryForMs = opts.retryForMs ?? DEFAULT_RETRY_FOR_MS;
    // synchronous_commit=off on every connection: commits do not wait for the WAL to reach the
    // disk — the trade SQLite's synchronous=NORMAL makes (src/store/sqlite-open.ts). A server
    // crash may lose the last few hundred ms of commits, whose URLs stay claimed until their
    // leases run out and are fetched again; the store stays consistent.
    // Every query has a deadline on the client's side: a query whose answer never comes (CI, once:
    // a store call after a server-side terminate waited out the caller's two minutes) rejects,
    // and `retrying` runs it again on a fresh connection. The store's statements take
    // milliseconds; QUERY_TIMEOUT_MS is far above any of them.
    this.pool = new pg.Pool({ connectionString: url, max: opts.poolSize ?? 2, connectionTimeoutMillis: 10_000, query_timeout: QUERY_TIMEOUT_MS, options: '-c synchronous_commit=off' });
    // An idle client whose server went away emits 'error' on the pool; the next query reconnects.
    this.pool.on('error', () => {});
    // A client whose connection dies while it is checked out (a query in flight, or between a
    // transaction's statements) emits 'error' itself, and pg-pool listens only to idle clients.
    // The failed query rejects and `retrying` runs it again, so the event needs a listener and
    // nothing more; without one it is thrown, and the store thread dies with its caller waiting.
    this.pool.on('connect', (client) => client.on('error', () => {}));
    this.db = drizzle(this.pool, { schema });
  }

  /** Connects, checks the database is a broadsheet store of a known version, migrates it. */
  static async open(url: string, opts: PgStoreOptions = {}): Promise<PgOps> {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new StoreError('bad-connection', `${redactUrl(url)} is not a connection string (${FIXES['bad-connection']})`);
    }
    if (parsed.protocol !== 'postgres:' && parsed.protocol !== 'postgresql:') {
      throw new StoreError('bad-connection', `${redactUrl(url)}: expected postgres://… (${FIXES['bad-connection']})`);
    }
    const ops = new PgOps(url, opts);
    try {
      await ops.retrying(() => ops.migrate(opts.migrationsFolder ?? DEFAULT_PG_MIGRATIONS_FOLDER));
      ops.timer = setInterval(() => void ops.renewAndSweep().catch(() => {}), Math.max(50, Math.floor(ops.leaseMs / 3)));
      ops.timer.unref();
      return ops;
    } catch (error) {
      await ops.pool.end().catch(() => {});
      throw asPgStoreError(error, redactUrl(url));
    }
  }

  private async migrate(folder: string): Promise<void> {
    const client = await this.pool.connect();
    try {
      // One migrator at a time: workers started together would otherwise race on CREATE TABLE.
      await client.query('SELECT pg_advisory_lock($1)', [MIGRATE_LOCK]);
      try {
        const tables = (
          await client.query<{ name: string }>(`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema()`)
        ).rows.map((r) => r.name);
        const hasJournal = (await client.query<{ t: string | null }>(`SELECT to_regclass('drizzle.__drizzle_migrations')::text AS t`)).rows[0]?.t;
        const journal = hasJournal
          ? (await client.query<{ t: string | null }>('SELECT max(created_at)::text AS t FROM drizzle.__drizzle_migrations')).rows[0]?.t
          : null;
        if (tables.length > 0 && (journal === null || journal === undefined) && !tables.includes('frontier')) {
          throw new StoreError('not-a-store', `${redactUrl(this.url)} has tables of its own (${tables.slice(0, 5).join(', ')}) but is not a broadsheet store: use another database`);
        }
        if (journal !== null && journal !== undefined) {
          const known = latestMigrationMillis(folder);
          if (Number(journal) > known) {
            throw new StoreError(
              'newer-schema',
              `${redactUrl(this.url)} was written by a newer broadsheet (its last migration is from ${new Date(Number(journal)).toISOString()}, this version knows up to ${new Date(known).toISOString()}): upgrade broadsheet on this machine`,
            );
          }
        }
        await migrate(drizzle(client, { schema }), { migrationsFolder: folder });
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [MIGRATE_LOCK]).catch(() => {});
      }
    } finally {
      client.release();
    }
  }

  /**
   * Runs `fn` (one transaction or one statement), retrying transient failures with backoff
   * (0.1 s doubling to 5 s) for up to `retryForMs`: a server restart mid-crawl costs a pause,
   * not the run. A transaction cut off by the failure was rolled back, so running it again is safe.
   */
  async retrying<T>(fn: () => Promise<T>): Promise<T> {
    const started = Date.now();
    for (let attempt = 0; ; attempt++) {
      if (this.closed) throw new StoreError('closed', `${redactUrl(this.url)} is closed`);
      try {
        return await fn();
      } catch (error) {
        if (!isTransient(error) || Date.now() - started > this.retryForMs) throw asPgStoreError(error, redactUrl(this.url));
        await sleep(Math.min(5_000, 100 * 2 ** attempt));
      }
    }
  }

  private tx<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.retrying(() => this.transaction(fn));
  }

  /**
   * One transaction on a connection of its own, which goes back to the pool whatever happens.
   * drizzle's `transaction` on a pool sends `begin` before its try/finally: when `begin` fails
   * (an idle connection the server has just terminated, before the client has read the goodbye)
   * the connection is never released. CI saw it once: with the pool's two connections lost that
   * way, every retry waited for a connection until the store gave up, and `close` then waited
   * forever for them. A connection that failed in a way that means the server is gone is
   * destroyed, not pooled again: a query timed out on the client's side leaves it looking
   * healthy.
   */
  private async transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    let broken: Error | undefined;
    try {
      return await drizzle(client, { schema }).transaction(fn);
    } catch (error) {
      if (isTransient(error)) broken = error instanceof Error ? error : new Error(String(error));
      throw error;
    } finally {
      client.release(broken);
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    if (this.timer) clearInterval(this.timer);
    // Give back what this worker still holds, so others need not wait for the leases to run out.
    await this.db
      .update(frontier)
      .set({ state: 'queued', leaseUntil: null, claimedBy: null })
      .where(and(eq(frontier.state, 'in-flight'), eq(frontier.claimedBy, this.workerId)))
      .catch(() => {});
    this.closed = true;
    await this.pool.end();
  }

  /** Renews this worker's leases and returns expired ones (dead workers') to the queue. */
  async renewAndSweep(): Promise<number> {
    const now = Date.now();
    await this.db
      .update(frontier)
      .set({ leaseUntil: now + this.leaseMs })
      .where(and(eq(frontier.state, 'in-flight'), eq(frontier.claimedBy, this.workerId)));
    return this.sweep(now);
  }

  private async sweep(now: number): Promise<number> {
    const rows = await this.db
      .update(frontier)
      .set({ state: 'queued', leaseUntil: null, claimedBy: null })
      .where(and(eq(frontier.state, 'in-flight'), lt(frontier.leaseUntil, now)))
      .returning({ id: frontier.id });
    return rows.length;
  }

  // ── settings, seeds ──
  async getSetting(key: string): Promise<string | undefined> {
    const rows = await this.retrying(() => this.db.select({ value: settings.value }).from(settings).where(eq(settings.key, key)));
    return rows[0]?.value;
  }

  async setSetting(key: string, value: string): Promise<void> {
    await this.retrying(() => this.db.insert(settings).values({ key, value }).onConflictDoUpdate({ target: settings.key, set: { value } }));
  }

  async addSeeds(input: readonly SeedInput[]): Promise<SeedRecord[]> {
    const now = Date.now();
    return this.tx(async (tx) => {
      const out: SeedRecord[] = [];
      for (const seed of input) {
        await tx.insert(seeds).values({ url: seed.url, site: seed.site, name: seed.name ?? null, addedAt: now }).onConflictDoNothing();
        const row = (await tx.select().from(seeds).where(eq(seeds.url, seed.url)))[0];
        if (!row) throw new Error(`seed ${seed.url} was not stored`);
        out.push(row);
      }
      return out;
    });
  }

  async listSeeds(): Promise<SeedRecord[]> {
    return this.retrying(() => this.db.select().from(seeds).orderBy(asc(seeds.id)));
  }

  // ── frontier ──
  async enqueue(entries: readonly EnqueueEntry[]): Promise<number> {
    if (entries.length === 0) return 0;
    return this.tx((tx) => insertEntries(tx, entries, Date.now()));
  }

  async claimNext(opts: ClaimOptions & { hostGapMs?: number; maxPages?: number } = {}): Promise<FrontierEntry | undefined> {
    const now = opts.now ?? Date.now();
    const gapMs = opts.hostGapMs ?? 0;
    if (gapMs <= 0 && (opts.maxPages === undefined || !Number.isFinite(opts.maxPages))) {
      // No shared politeness or budget to keep: one statement, one round trip.
      const excluded = opts.excludeSites ?? [];
      const rows = await this.retrying(() =>
        this.db.execute<Record<string, unknown>>(sql`
          UPDATE ${frontier} SET state = 'in-flight', lease_until = ${now + this.leaseMs}, claimed_by = ${this.workerId}
          WHERE ${frontier.id} = (
            SELECT ${frontier.id} FROM ${frontier}
            WHERE ${frontier.state} = 'queued'
              AND (${frontier.notBefore} IS NULL OR ${frontier.notBefore} <= ${now})
              ${excluded.length > 0 ? sql`AND ${notInArray(frontier.site, [...excluded])}` : sql``}
            ORDER BY ${frontier.priority} DESC, ${frontier.id}
            LIMIT 1 FOR UPDATE SKIP LOCKED)
          RETURNING url, site, depth, priority, state, attempts, not_before, found_on, anchor, context, scored_with_version, last_error, enqueued_at`),
      );
      const r = rows.rows[0];
      return r ? rawEntry(r) : undefined;
    }
    const row = await this.tx(async (tx) => {
      if (opts.maxPages !== undefined && Number.isFinite(opts.maxPages)) {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(${BUDGET_LOCK})`);
        const used = await tx.execute<{ n: string }>(
          sql`SELECT (SELECT count(*) FROM ${pages}) + (SELECT count(*) FROM ${frontier} WHERE ${frontier.state} = 'in-flight') AS n`,
        );
        if (Number(used.rows[0]?.n ?? 0) >= opts.maxPages) return undefined;
      }
      const excluded = [...(opts.excludeSites ?? [])];
      const gap = opts.hostGapMs ?? 0;
      for (let tries = 0; tries < 16; tries++) {
        const candidate = await tx.execute<{ id: string; site: string }>(sql`
          SELECT ${frontier.id} AS id, ${frontier.site} AS site FROM ${frontier}
          WHERE ${frontier.state} = 'queued'
            AND (${frontier.notBefore} IS NULL OR ${frontier.notBefore} <= ${now})
            ${excluded.length > 0 ? sql`AND ${notInArray(frontier.site, excluded)}` : sql``}
            ${gap > 0 ? sql`AND NOT EXISTS (SELECT 1 FROM ${hosts} WHERE ${hosts.site} = ${frontier.site} AND ${hosts.nextAllowedAt} > ${now})` : sql``}
          ORDER BY ${frontier.priority} DESC, ${frontier.id}
          LIMIT 1 FOR UPDATE SKIP LOCKED`);
        const found = candidate.rows[0];
        if (!found) return undefined;
        if (gap > 0) {
          // The site's turn, taken under its row lock: a concurrent claim of the same site waits
          // here, then sees the moved time and gives up the site.
          await tx.insert(hosts).values({ site: found.site, nextAllowedAt: 0 }).onConflictDoNothing();
          const turn = await tx
            .update(hosts)
            .set({ nextAllowedAt: sql`${now}::bigint + GREATEST(${gap}::bigint, coalesce(${hosts.crawlDelayMs}, 0))` })
            .where(and(eq(hosts.site, found.site), sql`${hosts.nextAllowedAt} <= ${now}`))
            .returning({ site: hosts.site });
          if (turn.length === 0) {
            excluded.push(found.site);
            continue;
          }
        }
        const claimed = await tx
          .update(frontier)
          .set({ state: 'in-flight', leaseUntil: now + this.leaseMs, claimedBy: this.workerId })
          .where(eq(frontier.id, Number(found.id)))
          .returning();
        return claimed[0];
      }
      return undefined;
    });
    return row ? toEntry(row) : undefined;
  }

  async setHostDelay(site: string, crawlDelayMs: number | null): Promise<void> {
    await this.retrying(() =>
      this.db.insert(hosts).values({ site, crawlDelayMs }).onConflictDoUpdate({ target: hosts.site, set: { crawlDelayMs } }),
    );
  }

  async requeue(url: string, opts: RequeueOptions): Promise<void> {
    await this.retrying(() =>
      this.db
        .update(frontier)
        .set({ state: 'queued', attempts: opts.attempt, notBefore: opts.notBefore ?? null, lastError: opts.error ?? null, leaseUntil: null, claimedBy: null })
        .where(eq(frontier.url, url)),
    );
  }

  /**
   * On a worker's start: this worker's own in-flight rows (none for a fresh one) and every
   * row whose lease ran out go back to the queue. Rows other live workers hold stay theirs.
   */
  async releaseInFlight(): Promise<number> {
    return this.retrying(async () => {
      const mine = await this.db
        .update(frontier)
        .set({ state: 'queued', leaseUntil: null, claimedBy: null })
        .where(and(eq(frontier.state, 'in-flight'), eq(frontier.claimedBy, this.workerId)))
        .returning({ id: frontier.id });
      return mine.length + (await this.sweep(Date.now()));
    });
  }

  async updatePriorities(updates: readonly PriorityUpdate[]): Promise<void> {
    if (updates.length === 0) return;
    // Rows in one order (by URL) for every worker: two workers rescoring overlapping URLs then
    // wait for each other instead of deadlocking.
    const ordered = [...updates].sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0));
    await this.tx(async (tx) => {
      for (const u of ordered) {
        await tx
          .update(frontier)
          .set({ priority: u.priority, scoredWithVersion: sql`coalesce(${u.scoredWithVersion ?? null}::integer, ${frontier.scoredWithVersion})` })
          .where(and(eq(frontier.url, u.url), eq(frontier.state, 'queued')));
      }
    });
  }

  async topQueued(limit: number): Promise<FrontierEntry[]> {
    const rows = await this.retrying(() =>
      this.db.select().from(frontier).where(eq(frontier.state, 'queued')).orderBy(desc(frontier.priority), asc(frontier.id)).limit(Math.max(0, limit)),
    );
    return rows.map(toEntry);
  }

  async staleQueued(version: number, limit: number): Promise<FrontierEntry[]> {
    const rows = await this.retrying(() =>
      this.db
        .select()
        .from(frontier)
        .where(and(eq(frontier.state, 'queued'), or(isNull(frontier.scoredWithVersion), lt(frontier.scoredWithVersion, version))))
        .orderBy(desc(frontier.priority), asc(frontier.id))
        .limit(Math.max(0, limit)),
    );
    return rows.map(toEntry);
  }

  async queuedCount(): Promise<number> {
    const rows = await this.retrying(() => this.db.select({ n: count() }).from(frontier).where(eq(frontier.state, 'queued')));
    return rows[0]?.n ?? 0;
  }

  async nextNotBefore(): Promise<number | undefined> {
    const rows = await this.retrying(() =>
      this.db.execute<{ t: string | null }>(sql`SELECT min(${frontier.notBefore})::text AS t FROM ${frontier} WHERE ${frontier.notBefore} IS NOT NULL AND ${frontier.state} = 'queued'`),
    );
    const t = rows.rows[0]?.t;
    return t === null || t === undefined ? undefined : Number(t);
  }

  async frontierEntry(url: string): Promise<FrontierEntry | undefined> {
    const rows = await this.retrying(() => this.db.select().from(frontier).where(eq(frontier.url, url)));
    return rows[0] ? toEntry(rows[0]) : undefined;
  }

  /** Which of `urls` the frontier knows (one query for a page's links). */
  async knownUrls(urls: readonly string[]): Promise<string[]> {
    if (urls.length === 0) return [];
    const rows = await this.retrying(() => this.db.select({ url: frontier.url }).from(frontier).where(inArray(frontier.url, [...urls])));
    return rows.map((r) => r.url);
  }

  // ── one page ──
  async recordPage(record: PageRecord): Promise<void> {
    await this.tx(async (tx) => {
      const now = Date.now();
      const foundOn = record.url;
      await tx.insert(pages).values({
        url: record.url,
        finalUrl: record.finalUrl ?? null,
        site: record.site,
        depth: record.depth,
        status: record.status,
        fetchedAt: record.fetchedAt,
        contentType: record.contentType ?? null,
        contentHash: record.contentHash ?? null,
        isArticle: record.isArticle,
        errorCode: record.error?.code ?? null,
        errorMessage: record.error?.message ?? null,
        durationMs: record.durationMs ?? null,
      });
      const state = frontierStateOf(record);
      const lastError = record.error?.message ?? null;
      await tx
        .insert(frontier)
        .values({ url: record.url, site: record.site, depth: record.depth, priority: 0, state, lastError, enqueuedAt: now })
        .onConflictDoUpdate({ target: frontier.url, set: { state, notBefore: null, lastError, leaseUntil: null, claimedBy: null } });
      const target = redirectTargetOf(record);
      if (target) {
        await tx
          .insert(frontier)
          .values({ url: target.url, site: target.site, depth: record.depth, priority: 0, state: 'done', enqueuedAt: now })
          .onConflictDoUpdate({ target: frontier.url, set: { state: 'done', notBefore: null }, setWhere: eq(frontier.state, 'queued') });
      }
      const { internal, external, bad } = record.links;
      for (let i = 0; i < internal.length; i += 1000) {
        await tx.insert(internalLinks).values(
          internal.slice(i, i + 1000).map((l) => ({ url: l.url, foundOn, anchor: l.anchor ?? null, level: l.level, processed: l.processed })),
        );
      }
      for (let i = 0; i < external.length; i += 1000) {
        await tx.insert(externalLinks).values(external.slice(i, i + 1000).map((l) => ({ url: l.url, foundOn, anchor: l.anchor ?? null, context: l.context ?? null })));
      }
      for (let i = 0; i < bad.length; i += 1000) {
        await tx.insert(badLinks).values(bad.slice(i, i + 1000).map((l) => ({ raw: l.raw, foundOn, reason: l.reason })));
      }
      if (record.extraction) await tx.insert(extractions).values({ pageUrl: record.url, ...prepareExtraction(record.extraction) });
      if (record.enqueue) await insertEntries(tx, record.enqueue, now);
    });
  }

  // ── reads ──
  async counts(): Promise<StoreCounts> {
    return this.retrying(async () => {
      const r = await this.db.execute<Record<string, string>>(sql`SELECT
        (SELECT count(*) FROM ${pages}) AS pages,
        (SELECT count(*) FROM ${extractions}) AS articles,
        (SELECT count(*) FROM ${internalLinks}) AS internal,
        (SELECT count(*) FROM ${externalLinks}) AS external,
        (SELECT count(*) FROM ${badLinks}) AS bad`);
      const states = await this.db.select({ state: frontier.state, n: count() }).from(frontier).groupBy(frontier.state);
      const by: Record<string, number> = {};
      for (const s of states) by[s.state] = s.n;
      const c = r.rows[0] ?? {};
      return {
        pages: Number(c['pages'] ?? 0),
        articles: Number(c['articles'] ?? 0),
        queued: by['queued'] ?? 0,
        inFlight: by['in-flight'] ?? 0,
        failed: by['failed'] ?? 0,
        done: by['done'] ?? 0,
        frontier: Object.values(by).reduce((a, b) => a + b, 0),
        internalLinks: Number(c['internal'] ?? 0),
        externalLinks: Number(c['external'] ?? 0),
        badLinks: Number(c['bad'] ?? 0),
      };
    });
  }

  async pagesAfter(after: number) {
    return this.retrying(() => this.db.select().from(pages).where(gt(pages.fetchOrder, after)).orderBy(asc(pages.fetchOrder)).limit(READ_BATCH_ROWS));
  }

  async articlesAfter(after: number) {
    return this.retrying(() =>
      this.db
        .select({ page: pages, extraction: extractions })
        .from(extractions)
        .innerJoin(pages, eq(pages.url, extractions.pageUrl))
        .where(gt(pages.fetchOrder, after))
        .orderBy(asc(pages.fetchOrder))
        .limit(READ_BATCH_ROWS),
    );
  }

  async internalAfter(after: number) {
    return this.retrying(() => this.db.select().from(internalLinks).where(gt(internalLinks.id, after)).orderBy(asc(internalLinks.id)).limit(READ_BATCH_ROWS));
  }

  async externalAfter(after: number) {
    return this.retrying(() => this.db.select().from(externalLinks).where(gt(externalLinks.id, after)).orderBy(asc(externalLinks.id)).limit(READ_BATCH_ROWS));
  }

  async badAfter(after: number) {
    return this.retrying(() => this.db.select().from(badLinks).where(gt(badLinks.id, after)).orderBy(asc(badLinks.id)).limit(READ_BATCH_ROWS));
  }

  // ── models ──
  /**
   * Writes the model unless another live worker holds its lease: one worker at a time keeps a
   * shared model (the policy state) up to date; the others read it. Returns whether it wrote.
   */
  async saveModel(name: string, json: string): Promise<boolean> {
    const now = Date.now();
    const leaseUntil = now + this.leaseMs;
    const rows = await this.retrying(() =>
      this.db
        .insert(models)
        .values({ name, json, updatedAt: now, leaseHolder: this.workerId, leaseUntil })
        .onConflictDoUpdate({
          target: models.name,
          set: { json, updatedAt: now, leaseHolder: this.workerId, leaseUntil },
          setWhere: or(isNull(models.leaseHolder), eq(models.leaseHolder, this.workerId), lt(models.leaseUntil, now)),
        })
        .returning({ name: models.name }),
    );
    return rows.length > 0;
  }

  async loadModel(name: string): Promise<string | undefined> {
    const rows = await this.retrying(() => this.db.select({ json: models.json }).from(models).where(eq(models.name, name)));
    return rows[0]?.json;
  }

  /** Bandit allocation arms, upserted by site in one statement. */
  async saveAllocationArms(arms: readonly AllocationArmRow[]): Promise<void> {
    if (arms.length === 0) return;
    await this.retrying(() =>
      this.db
        .insert(allocationArms)
        .values(arms.map((arm) => ({ ...arm })))
        .onConflictDoUpdate({
          target: allocationArms.site,
          set: {
            pulls: sql`excluded.pulls`,
            rewardSum: sql`excluded.reward_sum`,
            rewarded: sql`excluded.rewarded`,
            rewardMax: sql`excluded.reward_max`,
            firstShareSum: sql`excluded.first_share_sum`,
            exhausted: sql`excluded.exhausted`,
          },
        }),
    );
  }

  async loadAllocationArms(): Promise<AllocationArmRow[]> {
    return this.retrying(() => this.db.select().from(allocationArms).orderBy(asc(allocationArms.site)));
  }

  /** Runs `fn` with one connection inside one transaction (bulk copies); rolled back if it throws. */
  async inTransaction<T>(fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    let broken: Error | undefined;
    try {
      await client.query('BEGIN');
      const value = await fn(client);
      await client.query('COMMIT');
      return value;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      broken = isTransient(error) ? (error instanceof Error ? error : new Error(String(error))) : undefined;
      throw asPgStoreError(error, redactUrl(this.url));
    } finally {
      client.release(broken);
    }
  }

  /** Deletes every row of every table (tests and benchmarks on a scratch database). */
  async truncateAll(): Promise<void> {
    await this.retrying(() =>
      this.db.execute(sql`TRUNCATE ${settings}, ${seeds}, ${frontier}, ${hosts}, ${pages}, ${internalLinks}, ${externalLinks}, ${badLinks}, ${extractions}, ${models}, ${allocationArms} RESTART IDENTITY`),
    );
  }
}

type Tx = Parameters<Parameters<PgDb['transaction']>[0]>[0];

/**
 * New frontier rows, 500 per INSERT; duplicates (here or in the table) are skipped, except that a
 * known URL given with a smaller depth takes it (and, while queued, the entry's priority).
 */
async function insertEntries(tx: Tx, entries: readonly EnqueueEntry[], now: number): Promise<number> {
  let added = 0;
  const byUrl = new Map<string, EnqueueEntry>();
  for (const e of entries) {
    const first = byUrl.get(e.url);
    if (first === undefined) byUrl.set(e.url, e);
    else if (e.depth < first.depth) byUrl.set(e.url, { ...first, depth: e.depth, priority: e.priority, scoredWithVersion: e.scoredWithVersion });
  }
  const unique = [...byUrl.values()];
  const queued = sql`${frontier.state} = 'queued'`;
  for (let i = 0; i < unique.length; i += 500) {
    const rows = await tx
      .insert(frontier)
      .values(
        unique.slice(i, i + 500).map((e) => ({
          url: e.url,
          site: e.site,
          depth: e.depth,
          priority: e.priority,
          foundOn: e.foundOn ?? null,
          anchor: e.anchor ?? null,
          context: e.context ?? null,
          scoredWithVersion: e.scoredWithVersion ?? null,
          enqueuedAt: now,
        })),
      )
      .onConflictDoUpdate({
        target: frontier.url,
        set: {
          depth: sql`excluded.depth`,
          priority: sql`CASE WHEN ${queued} THEN excluded.priority ELSE ${frontier.priority} END`,
          scoredWithVersion: sql`CASE WHEN ${queued} THEN excluded.scored_with_version ELSE ${frontier.scoredWithVersion} END`,
        },
        setWhere: sql`${frontier.depth} > excluded.depth`,
      })
      // xmax = 0 only on a row this statement inserted (an updated row carries the updater's id).
      .returning({ inserted: sql<boolean>`(xmax = 0)` });
    added += rows.filter((r) => r.inserted).length;
  }
  return added;
}

function latestMigrationMillis(folder: string): number {
  const journal = JSON.parse(readFileSync(`${folder}/meta/_journal.json`, 'utf8')) as { entries: Array<{ when: number }> };
  return Math.max(0, ...journal.entries.map((e) => e.when));
}
