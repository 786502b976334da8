/**
 * The crawl store on SQLite: drizzle-orm over better-sqlite3 (synchronous), WAL, migrations
 * applied on open (src/store/sqlite-open.ts). The hot paths — enqueue, claimNext, recordPage —
 * run prepared statements; recordPage is one `BEGIN IMMEDIATE … COMMIT`.
 */
import type Database from 'better-sqlite3';
import type { frontier } from './schema.js';
import { prepareStatements, type Statements } from './sqlite-statements.js';
import { asStoreError, openDatabase, type SqliteStoreOptions, type StoreDb } from './sqlite-open.js';
import { frontierStateOf, prepareExtraction, READ_BATCH_ROWS, redirectTargetOf } from './record.js';
import type {
  AllocationArmRow,
  ArticleRow,
  BadLinkRow,
  ClaimOptions,
  CrawlStore,
  EnqueueEntry,
  ExternalLinkRow,
  FrontierEntry,
  InternalLinkRow,
  PageRecord,
  PageRow,
  PriorityUpdate,
  RequeueOptions,
  SeedInput,
  SeedRecord,
  StoreCounts,
} from './types.js';

export type { SqliteStoreOptions } from './sqlite-open.js';

/** Opens (or creates) the crawl store in the SQLite file at `path` (':memory:' for a throwaway). */
export function openSqliteStore(path: string, opts: SqliteStoreOptions = {}): SqliteStore {
  const { sqlite, db } = openDatabase(path, opts);
  try {
    return new SqliteStore(sqlite, db, path);
  } catch (error) {
    sqlite.close();
    throw asStoreError(error, path);
  }
}

type FrontierRow = typeof frontier.$inferSelect;

/**
 * The row of an `UPDATE … RETURNING`, read with `.all()`: `.get()` stops the statement at its
 * row and commits on reset, which skips SQLite's WAL hook, so the automatic checkpoint never
 * ran during a run of claims and the WAL grew by ~20 KB per claim (438 MB after the
 * million-URL benchmark; with `.all()` it stays at a few MB).
 */
function firstOf<T>(rows: T[]): T | undefined {
  return rows[0];
}

/**
 * Queue head rows claimNext looks at before visiting sites one by one when some are excluded:
 * enough to find a free entry at once in a crawl of several sites, few enough to read in
 * microseconds.
 */
const CLAIM_HEAD_ROWS = 64;

function toEntry(row: FrontierRow): FrontierEntry {
  const { id: _id, ...entry } = row;
  return entry;
}

export class SqliteStore implements CrawlStore {
  private readonly q: Statements;
  private readonly recordTx: (record: PageRecord) => void;
  private readonly enqueueTx: (entries: readonly EnqueueEntry[]) => number;
  private readonly prioritiesTx: (updates: readonly PriorityUpdate[]) => void;
  private readonly claimExcludingTx: (excluded: ReadonlySet<string>, now: number) => FrontierRow | undefined;
  private readonly armsTx: (arms: readonly AllocationArmRow[]) => void;

  constructor(
    private readonly sqlite: Database.Database,
    db: StoreDb,
    /** The file this store reads and writes. */
    readonly path: string,
  ) {
    this.q = prepareStatements(db);

    // IMMEDIATE: take the write lock at BEGIN, so a concurrent writer waits (busy timeout) instead
    // of failing half-way when a read transaction tries to upgrade.
    this.recordTx = sqlite.transaction((record: PageRecord) => this.writePage(record)).immediate;
    this.enqueueTx = sqlite.transaction((entries: readonly EnqueueEntry[]) => this.insertEntries(entries, Date.now())).immediate;
    this.claimExcludingTx = sqlite.transaction((excluded: ReadonlySet<string>, now: number) => this.claimExcluding(excluded, now)).immediate;
    this.prioritiesTx = sqlite.transaction((updates: readonly PriorityUpdate[]) => {
      for (const u of updates) this.q.setPriority.run({ url: u.url, priority: u.priority, version: u.scoredWithVersion ?? null });
    }).immediate;
    this.armsTx = sqlite.transaction((arms: readonly AllocationArmRow[]) => {
      for (const arm of arms) this.q.saveArm.run({ ...arm });
    }).immediate;
  }

  getSetting(key: string): string | undefined {
    return this.q.getSetting.get({ key })?.value;
  }

  setSetting(key: string, value: string): void {
    this.q.setSetting.run({ key, value });
  }

  addSeeds(input: readonly SeedInput[]): SeedRecord[] {
    const now = Date.now();
    return this.sqlite.transaction(() =>
      input.map((seed) => {
        this.q.addSeed.run({ url: seed.url, site: seed.site, name: seed.name ?? null, addedAt: now });
        const row = this.q.seedByUrl.get({ url: seed.url });
        if (!row) throw new Error(`seed ${seed.url} was not stored`);
        return row;
      }),
    ).immediate();
  }

  listSeeds(): SeedRecord[] {
    return this.q.listSeeds.all();
  }

  enqueue(entries: readonly EnqueueEntry[]): number {
    return entries.length === 0 ? 0 : this.guard(() => this.enqueueTx(entries));
  }

  claimNext(opts: ClaimOptions = {}): FrontierEntry | undefined {
    const now = opts.now ?? Date.now();
    const excluded = opts.excludeSites ?? [];
    const row = this.guard(() =>
      excluded.length === 0 ? firstOf(this.q.claim.all({ now })) : this.claimExcludingTx(new Set(excluded), now),
    );
    return row ? toEntry(row) : undefined;
  }

  requeue(url: string, opts: RequeueOptions): void {
    this.q.requeue.run({ url, attempt: opts.attempt, notBefore: opts.notBefore ?? null, error: opts.error ?? null });
  }

  releaseInFlight(): number {
    return this.q.release.run().changes;
  }

  updatePriorities(updates: readonly PriorityUpdate[]): void {
    if (updates.length > 0) this.prioritiesTx(updates);
  }

  topQueued(limit: number): FrontierEntry[] {
    return this.q.topQueued.all({ limit: Math.max(0, limit) }).map(toEntry);
  }

  staleQueued(version: number, limit: number): FrontierEntry[] {
    return this.q.staleQueued.all({ version, limit: Math.max(0, limit) }).map(toEntry);
  }

  queuedCount(): number {
    return this.q.queuedCount.get()?.n ?? 0;
  }

  nextNotBefore(): number | undefined {
    return this.q.nextNotBefore.get()?.t ?? undefined;
  }

  frontierEntry(url: string): FrontierEntry | undefined {
    const row = this.q.entry.get({ url });
    return row ? toEntry(row) : undefined;
  }

  recordPage(record: PageRecord): void {
    this.guard(() => this.recordTx(record));
  }

  counts(): StoreCounts {
    return this.guard(() => this.readCounts());
  }

  private readCounts(): StoreCounts {
    const states: Record<string, number> = {};
    for (const { state, n } of this.q.frontierStates.all()) states[state] = n;
    const n = (query: { get(): { n: number } | undefined }): number => query.get()?.n ?? 0;
    return {
      pages: n(this.q.countPages),
      articles: n(this.q.countArticles),
      queued: states['queued'] ?? 0,
      inFlight: states['in-flight'] ?? 0,
      failed: states['failed'] ?? 0,
      done: states['done'] ?? 0,
      frontier: Object.values(states).reduce((a, b) => a + b, 0),
      internalLinks: n(this.q.countInternal),
      externalLinks: n(this.q.countExternal),
      badLinks: n(this.q.countBad),
    };
  }

  pages(): Iterable<PageRow> {
    return this.batches((after) => this.q.pagesAfter.all({ after }), (row) => row.fetchOrder);
  }

  *articles(): Iterable<ArticleRow> {
    for (const { page, extraction: e } of this.batches((after) => this.q.articlesAfter.all({ after }), (row) => row.page.fetchOrder)) {
      yield {
        fetchOrder: page.fetchOrder,
        url: page.url,
        finalUrl: page.finalUrl,
        site: page.site,
        fetchedAt: page.fetchedAt,
        title: e.title,
        text: e.text,
        html: e.html,
        markdown: e.markdown,
        metadata: JSON.parse(e.metadataJson) as Record<string, unknown>,
        wordCount: e.wordCount,
        contentHash: e.contentHash,
        simhash: e.simhash,
      };
    }
  }

  *internalLinks(): Iterable<InternalLinkRow> {
    for (const { id: _id, ...row } of this.batches((after) => this.q.internalAfter.all({ after }), (r) => r.id)) yield row;
  }

  *externalLinks(): Iterable<ExternalLinkRow> {
    for (const { id: _id, ...row } of this.batches((after) => this.q.externalAfter.all({ after }), (r) => r.id)) yield row;
  }

  *badLinks(): Iterable<BadLinkRow> {
    for (const { id: _id, ...row } of this.batches((after) => this.q.badAfter.all({ after }), (r) => r.id)) yield row;
  }

  saveModel(name: string, json: string): void {
    this.q.saveModel.run({ name, json, now: Date.now() });
  }

  loadModel(name: string): string | undefined {
    return this.q.loadModel.get({ name })?.json;
  }

  saveAllocationArms(arms: readonly AllocationArmRow[]): void {
    this.armsTx(arms);
  }

  loadAllocationArms(): AllocationArmRow[] {
    return this.q.loadArms.all();
  }

  close(): void {
    // Lets SQLite refresh the planner statistics the session's queries would benefit from
    // (cheap; recommended before closing a long-lived connection).
    if (this.sqlite.open) this.sqlite.pragma('optimize');
    this.sqlite.close();
  }

  /**
   * Rows in key order, READ_BATCH_ROWS at a time (keyset pagination): no statement stays open
   * between batches, so the caller may write to the store while it reads.
   */
  private *batches<R>(fetch: (after: number) => R[], keyOf: (row: R) => number): Generator<R> {
    for (let after = 0; ; ) {
      const batch = this.guard(() => fetch(after));
      yield* batch;
      const last = batch[batch.length - 1];
      if (last === undefined || batch.length < READ_BATCH_ROWS) return;
      after = keyOf(last);
    }
  }

  /**
   * SQLite errors with a store meaning (a corrupt page met mid-crawl, a lock held too long)
   * become StoreError on the hot paths and reads; others (constraint failures) pass as they are.
   */
  private guard<T>(fn: () => T): T {
    try {
      return fn();
    } catch (error) {
      throw asStoreError(error, this.path);
    }
  }

  /**
   * The claim when some sites are excluded (busy hosts). Walking the claim index past their
   * entries costs as many rows as they have above the first free one — the whole queue when every
   * queued site is busy, as in a one-site crawl between two fetches. So: look at the head of
   * the queue first; if it is all excluded or waiting, take the best entry of each other site
   * through the (state, site, priority) index, visiting sites by a skip-scan.
   */
  private claimExcluding(excluded: ReadonlySet<string>, now: number): FrontierRow | undefined {
    const head = this.q.head.all({ limit: CLAIM_HEAD_ROWS });
    const free = head.find((e) => !excluded.has(e.site) && (e.notBefore === null || e.notBefore <= now));
    if (free) return firstOf(this.q.claimById.all({ id: free.id }));
    if (head.length < CLAIM_HEAD_ROWS) return undefined; // the whole queue was in the head
    let best: { id: number; priority: number } | undefined;
    for (let site = this.q.nextSite.get({ after: '' })?.site; site !== undefined; site = this.q.nextSite.get({ after: site })?.site) {
      if (excluded.has(site)) continue;
      const top = this.q.bestOfSite.get({ site, now });
      if (top && (!best || top.priority > best.priority || (top.priority === best.priority && top.id < best.id))) best = top;
    }
    return best ? firstOf(this.q.claimById.all({ id: best.id })) : undefined;
  }

  /** The body of recordPage's transaction: page, frontier state, links, article, new URLs. */
  private writePage(record: PageRecord): void {
    const now = Date.now();
    const foundOn = record.url;
    this.q.insertPage.run({
      url: record.url,
      finalUrl: record.finalUrl ?? null,
      site: record.site,
      depth: record.depth,
      status: record.status,
      fetchedAt: record.fetchedAt,
      contentType: record.contentType ?? null,
      contentHash: record.contentHash ?? null,
      isArticle: record.isArticle ? 1 : 0,
      errorCode: record.error?.code ?? null,
      errorMessage: record.error?.message ?? null,
      durationMs: record.durationMs ?? null,
    });
    const state = frontierStateOf(record);
    this.q.markFetched.run({ url: record.url, site: record.site, depth: record.depth, state, error: record.error?.message ?? null, now });
    const target = redirectTargetOf(record);
    if (target) this.q.markRedirect.run({ url: target.url, site: target.site, depth: record.depth, now });
    for (const l of record.links.internal) {
      this.q.insertInternal.run({ url: l.url, foundOn, anchor: l.anchor ?? null, level: l.level, processed: l.processed ? 1 : 0 });
    }
    for (const l of record.links.external) {
      this.q.insertExternal.run({ url: l.url, foundOn, anchor: l.anchor ?? null, context: l.context ?? null });
    }
    for (const l of record.links.bad) this.q.insertBad.run({ raw: l.raw, foundOn, reason: l.reason });
    if (record.extraction) this.q.insertExtraction.run({ pageUrl: record.url, ...prepareExtraction(record.extraction) });
    if (record.enqueue) this.insertEntries(record.enqueue, now);
  }

  private insertEntries(entries: readonly EnqueueEntry[], now: number): number {
    let added = 0;
    for (const e of entries) {
      const inserted = this.q.enqueue.run({
        url: e.url,
        site: e.site,
        depth: e.depth,
        priority: e.priority,
        foundOn: e.foundOn ?? null,
        anchor: e.anchor ?? null,
        context: e.context ?? null,
        scoredWithVersion: e.scoredWithVersion ?? null,
        now,
      }).changes;
      added += inserted;
      if (inserted === 0) this.q.lowerDepth.run({ url: e.url, depth: e.depth, priority: e.priority, scoredWithVersion: e.scoredWithVersion ?? null });
    }
    return added;
  }
}
