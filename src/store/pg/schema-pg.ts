/**
 * The crawl store's tables on PostgreSQL (drizzle-orm pg-core), mirroring src/store/schema.ts
 * column for column so a store copies across (`broadsheet migrate`). The committed migrations
 * in `drizzle-pg/` are generated from this file (`npx drizzle-kit generate --config
 * drizzle-pg.config.ts`); change it only by adding a migration.
 *
 * Differences from SQLite, each for many workers on many machines sharing one frontier:
 * - `frontier.lease_until` / `claimed_by`: a claim is a lease; an in-flight row whose lease ran
 *   out (its worker died) goes back to the queue.
 * - `hosts`: per-site politeness shared by all workers (next allowed request, Crawl-delay).
 * - no trigger-kept state counts: every claim would update the same two count rows, and those
 *   row locks would serialise the claimers that SKIP LOCKED lets run side by side.
 *
 * Times are epoch milliseconds in bigint columns read as JS numbers.
 */
import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, doublePrecision, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';

const ms = (name: string) => bigint(name, { mode: 'number' });

export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

export const seeds = pgTable('seeds', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  url: text('url').notNull().unique(),
  site: text('site').notNull(),
  name: text('name'),
  addedAt: ms('added_at').notNull(),
});

export const frontier = pgTable(
  'frontier',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    url: text('url').notNull(),
    site: text('site').notNull(),
    depth: integer('depth').notNull(),
    priority: doublePrecision('priority').notNull(),
    state: text('state', { enum: ['queued', 'in-flight', 'done', 'failed'] }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    notBefore: ms('not_before'),
    foundOn: text('found_on'),
    anchor: text('anchor'),
    /** Where on the page the link sat (src/crawl/link-context.ts). */
    context: text('context'),
    scoredWithVersion: integer('scored_with_version'),
    lastError: text('last_error'),
    enqueuedAt: ms('enqueued_at').notNull(),
    /** In-flight rows only: when the claim runs out unless its worker renews it. */
    leaseUntil: ms('lease_until'),
    /** In-flight rows only: the worker holding the lease (`host:pid:random`). */
    claimedBy: text('claimed_by'),
  },
  (t) => [
    uniqueIndex('frontier_url').on(t.url),
    // The claim walks the queued rows from the top: a partial index holds only them.
    index('frontier_claim').on(sql`${t.priority} DESC`, t.id).where(sql`${t.state} = 'queued'`),
    index('frontier_site_claim').on(t.site, sql`${t.priority} DESC`, t.id).where(sql`${t.state} = 'queued'`),
    index('frontier_not_before').on(t.notBefore).where(sql`${t.notBefore} IS NOT NULL AND ${t.state} = 'queued'`),
    // The lease sweep: in-flight rows by expiry.
    index('frontier_lease').on(t.leaseUntil).where(sql`${t.state} = 'in-flight'`),
    index('frontier_state').on(t.state),
  ],
);

/** Per-site politeness shared by every worker. */
export const hosts = pgTable('hosts', {
  site: text('site').primaryKey(),
  /** No request to the site before this (epoch ms); a claim moves it forward. */
  nextAllowedAt: ms('next_allowed_at').notNull().default(0),
  /** The site's robots.txt Crawl-delay (ms), as the first worker to read it found it. */
  crawlDelayMs: integer('crawl_delay_ms'),
});

export const pages = pgTable(
  'pages',
  {
    fetchOrder: bigserial('fetch_order', { mode: 'number' }).primaryKey(),
    // A unique constraint (not only an index): the link tables' foreign keys point at it.
    url: text('url').notNull().unique('pages_url'),
    finalUrl: text('final_url'),
    site: text('site').notNull(),
    depth: integer('depth').notNull(),
    status: integer('status'),
    fetchedAt: ms('fetched_at').notNull(),
    contentType: text('content_type'),
    contentHash: text('content_hash'),
    isArticle: boolean('is_article').notNull(),
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    durationMs: integer('duration_ms'),
  },
);

export const internalLinks = pgTable(
  'internal_links',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    url: text('url').notNull(),
    foundOn: text('found_on')
      .notNull()
      .references(() => pages.url, { onDelete: 'cascade' }),
    anchor: text('anchor'),
    level: integer('level').notNull(),
    processed: boolean('processed').notNull(),
  },
  (t) => [index('internal_links_found_on').on(t.foundOn)],
);

export const externalLinks = pgTable(
  'external_links',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    url: text('url').notNull(),
    foundOn: text('found_on')
      .notNull()
      .references(() => pages.url, { onDelete: 'cascade' }),
    anchor: text('anchor'),
    context: text('context'),
  },
  (t) => [index('external_links_found_on').on(t.foundOn)],
);

export const badLinks = pgTable(
  'bad_links',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    raw: text('raw').notNull(),
    foundOn: text('found_on')
      .notNull()
      .references(() => pages.url, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
  },
  (t) => [index('bad_links_found_on').on(t.foundOn)],
);

export const extractions = pgTable(
  'extractions',
  {
    pageUrl: text('page_url')
      .primaryKey()
      .references(() => pages.url, { onDelete: 'cascade' }),
    title: text('title'),
    text: text('text').notNull(),
    html: text('html').notNull(),
    markdown: text('markdown').notNull(),
    metadataJson: text('metadata_json').notNull(),
    wordCount: integer('word_count'),
    contentHash: text('content_hash').notNull(),
    simhash: text('simhash').notNull(),
  },
  (t) => [index('extractions_content_hash').on(t.contentHash)],
);

export const models = pgTable('models', {
  name: text('name').primaryKey(),
  json: text('json').notNull(),
  updatedAt: ms('updated_at').notNull(),
  /** Who may write this model now (policy state: one refresher at a time) and until when. */
  leaseHolder: text('lease_holder'),
  leaseUntil: ms('lease_until'),
});

/**
 * Bandit allocation across sites (`crawl --allocate`): one arm per site, as in schema.ts. A
 * crawl with an allocation runs in one process (the allocation decides which site it claims
 * from); the table is here so that such a crawl can be copied (`migrate`) and resumed on PG.
 */
export const allocationArms = pgTable('allocation_arms', {
  site: text('site').primaryKey(),
  pulls: integer('pulls').notNull(),
  rewardSum: doublePrecision('reward_sum').notNull(),
  rewarded: integer('rewarded').notNull(),
  rewardMax: doublePrecision('reward_max').notNull(),
  firstShareSum: doublePrecision('first_share_sum').notNull(),
  exhausted: boolean('exhausted').notNull(),
});
