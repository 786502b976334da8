/**
 * The crawl store's tables (docs/methods.md §9), as drizzle-orm sqlite-core definitions. The committed
 * migrations in `drizzle/` are generated from this file (`npx drizzle-kit generate`); change
 * the schema only by adding a migration, never by editing an applied one.
 *
 * Times are epoch milliseconds. URLs are stored normalised (src/url/normalize.ts).
 */
import { sql } from 'drizzle-orm';
import { index, integer, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

/** Crawl options recorded at the first run, so a re-run resumes with the same ones. */
export const settings = sqliteTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

export const seeds = sqliteTable('seeds', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  url: text('url').notNull().unique(),
  site: text('site').notNull(),
  name: text('name'),
  addedAt: integer('added_at').notNull(),
});

/**
 * The frontier: every URL the crawl has ever seen, once (the unique `url` is the dedupe), with
 * its state. Fetched URLs (and their redirect targets) stay here as 'done'/'failed', so enqueuing
 * them again is a no-op without a second lookup in `pages`.
 */
export const frontier = sqliteTable(
  'frontier',
  {
    // A plain rowid key, not AUTOINCREMENT: rows are never deleted, so ids only grow, and the
    // hot insert path skips the sqlite_sequence update.
    id: integer('id').primaryKey(),
    url: text('url').notNull(),
    site: text('site').notNull(),
    depth: integer('depth').notNull(),
    priority: real('priority').notNull(),
    state: text('state', { enum: ['queued', 'in-flight', 'done', 'failed'] }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    notBefore: integer('not_before'),
    foundOn: text('found_on'),
    anchor: text('anchor'),
    /** Where on the page the link sat (`linkContext` in src/crawl/link-context.ts): a signal for the policy. */
    context: text('context'),
    scoredWithVersion: integer('scored_with_version'),
    lastError: text('last_error'),
    enqueuedAt: integer('enqueued_at').notNull(),
  },
  (t) => [
    uniqueIndex('frontier_url').on(t.url),
    // claimNext walks this index from the top: state = 'queued', highest priority, then FIFO.
    index('frontier_claim').on(t.state, sql`${t.priority} DESC`, t.id),
    // claimNext with excluded sites: the best queued entry of each site, and the next queued
    // site after another (a skip-scan), without walking the excluded sites' entries.
    index('frontier_site_claim').on(t.state, t.site, sql`${t.priority} DESC`, t.id),
    // nextNotBefore: only entries waiting for a retry carry a time, so the index stays small.
    index('frontier_not_before').on(t.notBefore).where(sql`${t.notBefore} IS NOT NULL`),
  ],
);

/**
 * How many frontier entries are in each state, kept by triggers on `frontier` (migration
 * 0003): counting a million-row queue through its index took ~0.1 s of CPU, and the crawler asks
 * for the queue size with every progress line.
 */
export const frontierStateCounts = sqliteTable('frontier_state_counts', {
  state: text('state', { enum: ['queued', 'in-flight', 'done', 'failed'] }).primaryKey(),
  n: integer('n').notNull(),
});

/** One row per fetched URL (including failed fetches), numbered in fetch order. */
export const pages = sqliteTable(
  'pages',
  {
    fetchOrder: integer('fetch_order').primaryKey({ autoIncrement: true }),
    url: text('url').notNull(),
    finalUrl: text('final_url'),
    site: text('site').notNull(),
    depth: integer('depth').notNull(),
    status: integer('status'),
    fetchedAt: integer('fetched_at').notNull(),
    contentType: text('content_type'),
    contentHash: text('content_hash'),
    isArticle: integer('is_article', { mode: 'boolean' }).notNull(),
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    durationMs: integer('duration_ms'),
  },
  (t) => [uniqueIndex('pages_url').on(t.url)],
);

export const internalLinks = sqliteTable(
  'internal_links',
  {
    id: integer('id').primaryKey(),
    url: text('url').notNull(),
    foundOn: text('found_on')
      .notNull()
      .references(() => pages.url, { onDelete: 'cascade' }),
    anchor: text('anchor'),
    level: integer('level').notNull(),
    processed: integer('processed', { mode: 'boolean' }).notNull(),
  },
  (t) => [index('internal_links_found_on').on(t.foundOn)],
);

export const externalLinks = sqliteTable(
  'external_links',
  {
    id: integer('id').primaryKey(),
    url: text('url').notNull(),
    foundOn: text('found_on')
      .notNull()
      .references(() => pages.url, { onDelete: 'cascade' }),
    anchor: text('anchor'),
    context: text('context'),
  },
  (t) => [index('external_links_found_on').on(t.foundOn)],
);

export const badLinks = sqliteTable(
  'bad_links',
  {
    id: integer('id').primaryKey(),
    raw: text('raw').notNull(),
    foundOn: text('found_on')
      .notNull()
      .references(() => pages.url, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
  },
  (t) => [index('bad_links_found_on').on(t.foundOn)],
);

/** The article extracted from a page; content hash and simhash let export collapse near-duplicates. */
export const extractions = sqliteTable(
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
    /** 64-bit simhash as 16 hex digits (SQLite integers are signed; hex keeps it exact and readable). */
    simhash: text('simhash').notNull(),
  },
  (t) => [index('extractions_content_hash').on(t.contentHash)],
);

/** Named model states (cluster model JSON, URL weight-learner state). */
export const models = sqliteTable('models', {
  name: text('name').primaryKey(),
  json: text('json').notNull(),
  updatedAt: integer('updated_at').notNull(),
});

/**
 * Bandit allocation across sites (`crawl --allocate r1|r2|r3`, src/crawl/allocate.ts): one arm
 * per site, so a resumed crawl goes on with the rewards it had. The rule, budget, step and R2's
 * current block are in `settings` (`crawl.allocation`).
 */
export const allocationArms = sqliteTable('allocation_arms', {
  site: text('site').primaryKey(),
  pulls: integer('pulls').notNull(),
  rewardSum: real('reward_sum').notNull(),
  rewarded: integer('rewarded').notNull(),
  rewardMax: real('reward_max').notNull(),
  firstShareSum: real('first_share_sum').notNull(),
  exhausted: integer('exhausted', { mode: 'boolean' }).notNull(),
});
