/**
 * The crawl store seam (docs/methods.md §9). The crawler talks only to `CrawlStore`; `openSqliteStore`
 * (src/store/sqlite-store.ts, drizzle-orm on better-sqlite3, WAL, migrations applied on open)
 * and `createMemoryStore` (src/store/memory-store.ts, for tests) implement it, and a server
 * database can take their place later without touching the crawler.
 *
 * The interface is synchronous on purpose (STYLE habit 12): fetch and render first, then write
 * everything one fetched page produced with one `recordPage` call, which is one short
 * transaction. A crawl is identified by its store: opening the same store again resumes it.
 *
 * Conventions:
 * - URLs are stored as given: callers normalise them first (`normalizeUrl` in src/url/).
 * - Times are epoch milliseconds (`Date.now()`).
 * - `Iterable` reads (`pages()`, `articles()`, the link reads) stream from the database; finish
 *   (or break out of) the loop before writing to the same store again.
 */

/** How `openSqliteStore` opens its file. */
export interface SqliteStoreOptions {
  /**
   * How long a write waits for another connection's lock before failing (a `status` or
   * `export` reading the file while a crawl writes it). Default 5000.
   */
  busyTimeoutMs?: number;
  /** Create the file if it does not exist (default true); false → StoreError 'missing'. */
  create?: boolean;
  /** Where the migrations are; default the package's `drizzle/` folder. */
  migrationsFolder?: string;
  /** SQLite's page cache for this connection, in MiB. Default DEFAULT_CACHE_MB. */
  cacheMb?: number;
}

/** Where a URL stands in the frontier. */
export type FrontierState = 'queued' | 'in-flight' | 'done' | 'failed';

/** A seed as the caller gives it. */
export interface SeedInput {
  /** The start URL (normalised). */
  url: string;
  /** The site id (`siteOf(url)`): the registrable domain the seed scopes the crawl to. */
  site: string;
  /** A human name for reports; defaults to none. */
  name?: string;
}

export interface SeedRecord {
  id: number;
  url: string;
  site: string;
  name: string | null;
  /** When the seed was first added (epoch ms). */
  addedAt: number;
}

/** A candidate URL for the frontier. */
export interface EnqueueEntry {
  url: string;
  site: string;
  /** Fewest internal links from a start page (a start page is level 0). */
  depth: number;
  /** Higher is claimed first; ties go to the earlier enqueued. */
  priority: number;
  /** The page URL the link was found on (none for seeds and examples). */
  foundOn?: string;
  /** The link's anchor text, if any. */
  anchor?: string;
  /** Where on the page the link sat (`linkContext`: landmark tags and class words), if known. */
  context?: string;
  /** The version of the scoring state (weights, article set) that computed `priority`. */
  scoredWithVersion?: number;
}

/** A frontier row as stored. */
export interface FrontierEntry {
  url: string;
  site: string;
  depth: number;
  priority: number;
  state: FrontierState;
  /** Fetch attempts so far that ended in a retry (0 for a fresh URL). */
  attempts: number;
  /** Not to be claimed before this time (epoch ms); null = any time. Set by `requeue`. */
  notBefore: number | null;
  foundOn: string | null;
  anchor: string | null;
  context: string | null;
  scoredWithVersion: number | null;
  /** The error message of the last failed attempt, if any. */
  lastError: string | null;
  /** When the URL entered the frontier (epoch ms). */
  enqueuedAt: number;
}

export interface ClaimOptions {
  /** Skip URLs of these sites (per-host concurrency and delay are the crawler's business). */
  excludeSites?: readonly string[];
  /** "Now" for the `notBefore` check (epoch ms); defaults to `Date.now()`. */
  now?: number;
  /**
   * For stores shared by several crawler processes (PostgreSQL): the least gap between two
   * claims of one site across all of them (the politeness delay; a Crawl-delay shared with
   * `setHostDelay` raises it). Single-process stores leave politeness to the crawler.
   */
  hostGapMs?: number;
  /**
   * For shared stores: claim nothing once pages recorded plus URLs in flight, across all
   * processes, reach this budget. Single-process stores leave the budget to the crawler.
   */
  maxPages?: number;
}

export interface RequeueOptions {
  /** Not to be claimed before this time (epoch ms). */
  notBefore?: number;
  /** The attempt count to store (the attempt that just failed, counting from 1). */
  attempt: number;
  /** Why the attempt failed, for status and reports. */
  error?: string;
}

export interface PriorityUpdate {
  url: string;
  priority: number;
  scoredWithVersion?: number;
}

/** An internal link found on a page (same scope as the crawl). */
export interface InternalLinkInput {
  /** Normalised target URL. */
  url: string;
  anchor?: string | null;
  /** The target's level: the page's depth + 1. */
  level: number;
  /** Whether the crawler handled it (enqueued it or decided not to: depth, robots, known). */
  processed: boolean;
}

/** A link that leaves the crawl's scope. */
export interface ExternalLinkInput {
  url: string;
  anchor?: string | null;
  /** A little text around the link, if the crawler keeps it. */
  context?: string | null;
}

/** Something in an href that could not be taken as a fetchable link. */
export interface BadLinkInput {
  /** The raw attribute value, as found. */
  raw: string;
  /** Why it was refused: 'scheme:javascript', 'malformed', 'out-of-scope', … */
  reason: string;
}

/** The article extracted from a page. */
export interface ExtractionInput {
  title: string | null;
  text: string;
  html: string;
  markdown: string;
  /** JSON-serialisable metadata (byline, dates, language, …). */
  metadata: Record<string, unknown>;
  wordCount?: number;
  /**
   * sha256 (hex) of the normalised text; computed by the store when absent
   * (`contentHash` in src/store/near-duplicate.ts).
   */
  contentHash?: string;
  /** 64-bit simhash of the text as 16 hex digits; computed by the store when absent. */
  simhash?: string;
}

/** Everything one fetched page produced, written in ONE transaction by `recordPage`. */
export interface PageRecord {
  /** The frontier URL that was claimed (normalised). */
  url: string;
  /** Where the fetch ended after redirects (normalised); null/absent if the same or unknown. */
  finalUrl?: string | null;
  site: string;
  depth: number;
  /** HTTP status; null when there was no response (timeout, refused, robots). */
  status: number | null;
  /** When the fetch finished (epoch ms). */
  fetchedAt: number;
  contentType?: string | null;
  /** sha256 (hex) of the page's content, if the crawler computed one. */
  contentHash?: string | null;
  /** The crawler's article decision for this page. */
  isArticle: boolean;
  /** Why the page yielded nothing, when it failed (code from `describeError`). */
  error?: { code: string; message: string } | null;
  /** Fetch + render time. */
  durationMs?: number | null;
  links: {
    internal: readonly InternalLinkInput[];
    external: readonly ExternalLinkInput[];
    bad: readonly BadLinkInput[];
  };
  /** The extracted article; absent when the page is not one. */
  extraction?: ExtractionInput | null;
  /** New frontier candidates found on the page (deduplicated like `enqueue`). */
  enqueue?: readonly EnqueueEntry[];
  /** The frontier state to leave `url` in; default 'failed' when `error` is set, else 'done'. */
  frontierState?: 'done' | 'failed';
}

/** A stored page, as `pages()` yields it. */
export interface PageRow {
  /** 1, 2, 3, … in the order pages were recorded. */
  fetchOrder: number;
  url: string;
  finalUrl: string | null;
  site: string;
  depth: number;
  status: number | null;
  fetchedAt: number;
  contentType: string | null;
  contentHash: string | null;
  isArticle: boolean;
  errorCode: string | null;
  errorMessage: string | null;
  durationMs: number | null;
}

/** A stored article with the page it came from, as `articles()` yields it (in fetch order). */
export interface ArticleRow {
  fetchOrder: number;
  url: string;
  finalUrl: string | null;
  site: string;
  fetchedAt: number;
  title: string | null;
  text: string;
  html: string;
  markdown: string;
  metadata: Record<string, unknown>;
  wordCount: number | null;
  contentHash: string;
  /** 16 hex digits. */
  simhash: string;
}

export interface InternalLinkRow {
  url: string;
  foundOn: string;
  anchor: string | null;
  level: number;
  processed: boolean;
}

export interface ExternalLinkRow {
  url: string;
  foundOn: string;
  anchor: string | null;
  context: string | null;
}

export interface BadLinkRow {
  raw: string;
  foundOn: string;
  reason: string;
}

export interface StoreCounts {
  /** Pages recorded (fetched, including failed fetches): the page budget counts these. */
  pages: number;
  articles: number;
  queued: number;
  inFlight: number;
  /** Frontier entries in state 'failed'. */
  failed: number;
  /** Frontier entries in state 'done'. */
  done: number;
  /** All frontier entries, any state. */
  frontier: number;
  internalLinks: number;
  externalLinks: number;
  badLinks: number;
}

/** One site's arm of a bandit allocation (src/crawl/allocate.ts `ArmState`). */
export interface AllocationArmRow {
  site: string;
  pulls: number;
  rewardSum: number;
  rewarded: number;
  rewardMax: number;
  firstShareSum: number;
  exhausted: boolean;
}

export interface CrawlStore {
  /**
   * True for a store many crawler processes share (PostgreSQL): its claimNext keeps
   * `hostGapMs` and `maxPages` across them. Absent for single-process stores.
   */
  readonly shared?: boolean;

  // ── settings: the crawl's options recorded at the first run (seeds, scope, policy, budget),
  //    so a re-run resumes consistently ──
  getSetting(key: string): string | undefined;
  setSetting(key: string, value: string): void;

  // ── seeds ──
  /** Adds seeds not yet known (by URL); returns all the given seeds' records. Idempotent. */
  addSeeds(seeds: readonly SeedInput[]): SeedRecord[];
  listSeeds(): SeedRecord[];

  // ── frontier (kept in the store, not in memory) ──
  /**
   * Adds URLs the store has never seen: not in the frontier (any state) and not the URL or
   * final URL of a recorded page. Returns how many were new. Duplicates inside one call count once.
   * A URL already in the frontier keeps the smallest depth it was found at: given again with a
   * smaller depth, its row takes that depth (and, while still queued, the entry's priority and
   * scoring version); its anchor, context and `foundOn` stay those of the first discovery.
   */
  enqueue(entries: readonly EnqueueEntry[]): number;
  /**
   * Atomically moves the highest-priority claimable 'queued' entry (ties: first enqueued;
   * `notBefore` passed; site not excluded) to 'in-flight' and returns it; undefined if none.
   */
  claimNext(opts?: ClaimOptions): FrontierEntry | undefined;
  /** Puts a claimed URL back to 'queued' for a retry, with its attempt count and backoff. */
  requeue(url: string, opts: RequeueOptions): void;
  /** On resume: every 'in-flight' entry back to 'queued'. Returns how many. */
  releaseInFlight(): number;
  /** New priorities for queued entries (others are left alone), in one transaction. */
  updatePriorities(updates: readonly PriorityUpdate[]): void;
  /** The `limit` highest-priority queued entries (ignoring `notBefore`), highest first. */
  topQueued(limit: number): FrontierEntry[];
  /**
   * Up to `limit` queued entries scored with a version older than `version` (or never scored),
   * highest priority first: the ones worth rescoring after the weights change.
   */
  staleQueued(version: number, limit: number): FrontierEntry[];
  queuedCount(): number;
  /** The earliest `notBefore` among queued entries still waiting (epoch ms), if any. */
  nextNotBefore(): number | undefined;
  /** The frontier row of a URL, if known. */
  frontierEntry(url: string): FrontierEntry | undefined;
  /** Shares a site's robots.txt Crawl-delay with the other processes (shared stores only). */
  setHostDelay?(site: string, crawlDelayMs: number | null): void;

  // ── one fetched page ──
  /**
   * In ONE transaction: the page row, its internal/external/bad links, the extraction, the
   * frontier state of `url` ('done'/'failed'; a queued entry for `finalUrl` becomes 'done' too),
   * and the new frontier entries. If anything throws, nothing is written. Recording a URL that
   * already has a page row throws (a page is fetched once).
   */
  recordPage(record: PageRecord): void;

  // ── reads for status and export ──
  counts(): StoreCounts;
  /** Pages in fetch order. */
  pages(): Iterable<PageRow>;
  /** Articles in fetch order. */
  articles(): Iterable<ArticleRow>;
  internalLinks(): Iterable<InternalLinkRow>;
  externalLinks(): Iterable<ExternalLinkRow>;
  badLinks(): Iterable<BadLinkRow>;

  // ── models (cluster model JSON, URL weight-learner state) by name ──
  /**
   * Returns false when the store refused the write because another process keeps the shared
   * copy of this model (PostgreSQL: one worker at a time holds a model's lease); the caller
   * then reads the shared one with `loadModel`.
   */
  saveModel(name: string, json: string): void | boolean;
  /** Bandit allocation arms (`crawl --allocate`): upserted by site, in one transaction. */
  saveAllocationArms(arms: readonly AllocationArmRow[]): void;
  loadAllocationArms(): AllocationArmRow[];
  loadModel(name: string): string | undefined;

  /** Closes the store (the SQLite file is checkpointed). Other calls afterwards throw; closing twice is harmless. */
  close(): void;
}
