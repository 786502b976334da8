/**
 * The crawl store on SQLite: drizzle-orm over better-sqlite3 (synchronous), WAL, migrations
 * applied on open (src/store/sqlite-open.ts). The hot paths — enqueue, claimNext, recordPage —
 * run prepared statements; recordPage is one `BEGIN IMMEDIATE … COMMIT`.
 */
import { and, asc, count, desc, eq, gt, isNotNull, isNull, lt, min, or, sql } from 'drizzle-orm';
import type Database from 'better-sqlite3';
import { badLinks, externalLinks, extractions, frontier, internalLinks, models, pages, seeds, settings } from './schema.js';
import { asStoreError, openDatabase, type SqliteStoreOptions, type StoreDb } from './sqlite-open.js';
import { frontierStateOf, prepareExtraction, READ_BATCH_ROWS, redirectTargetOf } from './record.js';
import type {
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

const p = sql.placeholder;
type FrontierRow = typeof frontier.$inferSelect;

function toEntry(row: FrontierRow): FrontierEntry {
  const { id: _id, ...entry } = row;
  return entry;
}

export class SqliteStore implements CrawlStore {
  private readonly q;
  private readonly recordTx: (record: PageRecord) => void;
  private readonly enqueueTx: (entries: readonly EnqueueEntry[]) => number;
  private readonly prioritiesTx: (updates: readonly PriorityUpdate[]) => void;

  constructor(
    private readonly sqlite: Database.Database,
    private readonly db: StoreDb,
    /** The file this store reads and writes. */
    readonly path: string,
  ) {
    const queued = eq(frontier.state, 'queued');
    const byPriority = [desc(frontier.priority), asc(frontier.id)] as const;
    this.q = {
      getSetting: db.select({ value: settings.value }).from(settings).where(eq(settings.key, p('key'))).prepare(),
      setSetting: db
        .insert(settings)
        .values({ key: p('key'), value: p('value') })
        .onConflictDoUpdate({ target: settings.key, set: { value: sql`excluded.value` } })
        .prepare(),
      addSeed: db
        .insert(seeds)
        .values({ url: p('url'), site: p('site'), name: p('name'), addedAt: p('addedAt') })
        .onConflictDoNothing()
        .prepare(),
      seedByUrl: db.select().from(seeds).where(eq(seeds.url, p('url'))).prepare(),
      listSeeds: db.select().from(seeds).orderBy(asc(seeds.id)).prepare(),
      enqueue: db
        .insert(frontier)
        .values({
          url: p('url'),
          site: p('site'),
          depth: p('depth'),
          priority: p('priority'),
          foundOn: p('foundOn'),
          anchor: p('anchor'),
          scoredWithVersion: p('scoredWithVersion'),
          enqueuedAt: p('now'),
        })
        .onConflictDoNothing()
        .prepare(),
      // One statement, so atomic: the top claimable entry becomes in-flight as it is read.
      claim: db
        .update(frontier)
        .set({ state: 'in-flight' })
        .where(
          sql`${frontier.id} = (SELECT ${frontier.id} FROM ${frontier} WHERE ${frontier.state} = 'queued'
            AND (${frontier.notBefore} IS NULL OR ${frontier.notBefore} <= ${p('now')})
            AND ${frontier.site} NOT IN (SELECT value FROM json_each(${p('excluded')}))
            ORDER BY ${frontier.priority} DESC, ${frontier.id} LIMIT 1)`,
        )
        .returning()
        .prepare(),
      requeue: db
        .update(frontier)
        .set({ state: 'queued', attempts: sql`${p('attempt')}`, notBefore: sql`${p('notBefore')}`, lastError: sql`${p('error')}` })
        .where(eq(frontier.url, p('url')))
        .prepare(),
      release: db.update(frontier).set({ state: 'queued' }).where(eq(frontier.state, 'in-flight')).prepare(),
      setPriority: db
        .update(frontier)
        .set({ priority: sql`${p('priority')}`, scoredWithVersion: sql`coalesce(${p('version')}, ${frontier.scoredWithVersion})` })
        .where(and(eq(frontier.url, p('url')), queued))
        .prepare(),
      topQueued: db.select().from(frontier).where(queued).orderBy(...byPriority).limit(p('limit')).prepare(),
      staleQueued: db
        .select()
        .from(frontier)
        .where(and(queued, or(isNull(frontier.scoredWithVersion), lt(frontier.scoredWithVersion, p('version')))))
        .orderBy(...byPriority)
        .limit(p('limit'))
        .prepare(),
      queuedCount: db.select({ n: count() }).from(frontier).where(queued).prepare(),
      nextNotBefore: db.select({ t: min(frontier.notBefore) }).from(frontier).where(and(isNotNull(frontier.notBefore), queued)).prepare(),
      entry: db.select().from(frontier).where(eq(frontier.url, p('url'))).prepare(),
      insertPage: db
        .insert(pages)
        .values({
          url: p('url'),
          finalUrl: p('finalUrl'),
          site: p('site'),
          depth: p('depth'),
          status: p('status'),
          fetchedAt: p('fetchedAt'),
          contentType: p('contentType'),
          contentHash: p('contentHash'),
          isArticle: p('isArticle'),
          errorCode: p('errorCode'),
          errorMessage: p('errorMessage'),
          durationMs: p('durationMs'),
        })
        .prepare(),
      // The fetched URL ends in 'done'/'failed' whether or not it was in the frontier before.
      markFetched: db
        .insert(frontier)
        .values({ url: p('url'), site: p('site'), depth: p('depth'), priority: 0, state: sql`${p('state')}`, lastError: p('error'), enqueuedAt: p('now') })
        .onConflictDoUpdate({
          target: frontier.url,
          set: { state: sql`excluded.state`, notBefore: null, lastError: sql`excluded.last_error` },
        })
        .prepare(),
      // A redirect target counts as fetched: a queued entry for it will not be fetched again.
      markRedirect: db
        .insert(frontier)
        .values({ url: p('url'), site: p('site'), depth: p('depth'), priority: 0, state: 'done', enqueuedAt: p('now') })
        .onConflictDoUpdate({ target: frontier.url, set: { state: 'done', notBefore: null }, setWhere: eq(frontier.state, 'queued') })
        .prepare(),
      insertInternal: db
        .insert(internalLinks)
        .values({ url: p('url'), foundOn: p('foundOn'), anchor: p('anchor'), level: p('level'), processed: p('processed') })
        .prepare(),
      insertExternal: db
        .insert(externalLinks)
        .values({ url: p('url'), foundOn: p('foundOn'), anchor: p('anchor'), context: p('context') })
        .prepare(),
      insertBad: db.insert(badLinks).values({ raw: p('raw'), foundOn: p('foundOn'), reason: p('reason') }).prepare(),
      insertExtraction: db
        .insert(extractions)
        .values({
          pageUrl: p('pageUrl'),
          title: p('title'),
          text: p('text'),
          html: p('html'),
          markdown: p('markdown'),
          metadataJson: p('metadataJson'),
          wordCount: p('wordCount'),
          contentHash: p('contentHash'),
          simhash: p('simhash'),
        })
        .prepare(),
      pagesAfter: db.select().from(pages).where(gt(pages.fetchOrder, p('after'))).orderBy(asc(pages.fetchOrder)).limit(READ_BATCH_ROWS).prepare(),
      articlesAfter: db
        .select({ page: pages, extraction: extractions })
        .from(extractions)
        .innerJoin(pages, eq(pages.url, extractions.pageUrl))
        .where(gt(pages.fetchOrder, p('after')))
        .orderBy(asc(pages.fetchOrder))
        .limit(READ_BATCH_ROWS)
        .prepare(),
      internalAfter: db.select().from(internalLinks).where(gt(internalLinks.id, p('after'))).orderBy(asc(internalLinks.id)).limit(READ_BATCH_ROWS).prepare(),
      externalAfter: db.select().from(externalLinks).where(gt(externalLinks.id, p('after'))).orderBy(asc(externalLinks.id)).limit(READ_BATCH_ROWS).prepare(),
      badAfter: db.select().from(badLinks).where(gt(badLinks.id, p('after'))).orderBy(asc(badLinks.id)).limit(READ_BATCH_ROWS).prepare(),
      frontierStates: db.select({ state: frontier.state, n: count() }).from(frontier).groupBy(frontier.state).prepare(),
      countPages: db.select({ n: count() }).from(pages).prepare(),
      countArticles: db.select({ n: count() }).from(extractions).prepare(),
      countInternal: db.select({ n: count() }).from(internalLinks).prepare(),
      countExternal: db.select({ n: count() }).from(externalLinks).prepare(),
      countBad: db.select({ n: count() }).from(badLinks).prepare(),
      saveModel: db
        .insert(models)
        .values({ name: p('name'), json: p('json'), updatedAt: p('now') })
        .onConflictDoUpdate({ target: models.name, set: { json: sql`excluded.json`, updatedAt: sql`excluded.updated_at` } })
        .prepare(),
      loadModel: db.select({ json: models.json }).from(models).where(eq(models.name, p('name'))).prepare(),
    };

    // IMMEDIATE: take the write lock at BEGIN, so a concurrent writer waits (busy timeout) instead
    // of failing half-way when a read transaction tries to upgrade.
    this.recordTx = sqlite.transaction((record: PageRecord) => this.writePage(record)).immediate;
    this.enqueueTx = sqlite.transaction((entries: readonly EnqueueEntry[]) => this.insertEntries(entries, Date.now())).immediate;
    this.prioritiesTx = sqlite.transaction((updates: readonly PriorityUpdate[]) => {
      for (const u of updates) this.q.setPriority.run({ url: u.url, priority: u.priority, version: u.scoredWithVersion ?? null });
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
    return entries.length === 0 ? 0 : this.enqueueTx(entries);
  }

  claimNext(opts: ClaimOptions = {}): FrontierEntry | undefined {
    const row = this.q.claim.get({ now: opts.now ?? Date.now(), excluded: JSON.stringify(opts.excludeSites ?? []) });
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
    this.recordTx(record);
  }

  counts(): StoreCounts {
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

  *pages(): Iterable<PageRow> {
    for (let after = 0, batch = this.q.pagesAfter.all({ after }); batch.length > 0; batch = this.q.pagesAfter.all({ after })) {
      yield* batch;
      after = batch[batch.length - 1]!.fetchOrder;
    }
  }

  *articles(): Iterable<ArticleRow> {
    for (let after = 0, batch = this.q.articlesAfter.all({ after }); batch.length > 0; batch = this.q.articlesAfter.all({ after })) {
      for (const { page, extraction: e } of batch) {
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
      after = batch[batch.length - 1]!.page.fetchOrder;
    }
  }

  *internalLinks(): Iterable<InternalLinkRow> {
    for (let after = 0, batch = this.q.internalAfter.all({ after }); batch.length > 0; batch = this.q.internalAfter.all({ after })) {
      for (const { id: _id, ...row } of batch) yield row;
      after = batch[batch.length - 1]!.id;
    }
  }

  *externalLinks(): Iterable<ExternalLinkRow> {
    for (let after = 0, batch = this.q.externalAfter.all({ after }); batch.length > 0; batch = this.q.externalAfter.all({ after })) {
      for (const { id: _id, ...row } of batch) yield row;
      after = batch[batch.length - 1]!.id;
    }
  }

  *badLinks(): Iterable<BadLinkRow> {
    for (let after = 0, batch = this.q.badAfter.all({ after }); batch.length > 0; batch = this.q.badAfter.all({ after })) {
      for (const { id: _id, ...row } of batch) yield row;
      after = batch[batch.length - 1]!.id;
    }
  }

  saveModel(name: string, json: string): void {
    this.q.saveModel.run({ name, json, now: Date.now() });
  }

  loadModel(name: string): string | undefined {
    return this.q.loadModel.get({ name })?.json;
  }

  close(): void {
    this.sqlite.close();
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
      added += this.q.enqueue.run({
        url: e.url,
        site: e.site,
        depth: e.depth,
        priority: e.priority,
        foundOn: e.foundOn ?? null,
        anchor: e.anchor ?? null,
        scoredWithVersion: e.scoredWithVersion ?? null,
        now,
      }).changes;
    }
    return added;
  }
}
