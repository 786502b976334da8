/**
 * The crawl loop (docs/methods.md §1): claim the best URL from the store's frontier → robots.txt →
 * fetch and render it (the browser pool) → extract → decide whether it is an article → sort its
 * links (internal / external / bad) → one `recordPage` transaction with the new frontier
 * entries → feed the policy.
 *
 * Network and rendering happen first; everything a page produced is written in one
 * synchronous `recordPage` (STYLE habit 12), so a crawl killed at any moment loses no link and
 * re-fetches at most the pages that were in flight (`releaseInFlight` on the next run).
 *
 * Resources are injected (store, render session, policy); the crawler closes none of them.
 */
import { storedMetadata } from '../record/index.js';
import { BroadsheetError, ConfigError, describeError } from '../errors.js';
import type { SnapshotExtraction } from '../extract/from-snapshot.js';
import type { ExtractOutput } from '../page-work/index.js';
import { refreshHead, type FrontierPolicy } from '../frontier/index.js';
import type { RenderOptionsInput, RenderSession } from '../render/index.js';
import { DEFAULT_FETCH_LIMITS, guardedFetchFunction } from '../net/guarded-fetch.js';
import type { CrawlStore, EnqueueEntry, ExtractionInput, FrontierEntry, PageRecord } from '../store/types.js';
import { normalizeUrl, siteOf } from '../url/index.js';
import { decideArticle, type ArticleDecision } from './decide.js';
import { classifyLinks, type CrawlScope } from './links.js';
import { DEFAULT_POLITENESS, Politeness, type PolitenessOptions } from './politeness.js';
import { RobotsCache, type RobotsOptions } from './robots.js';
import { SiteAllocator, type SiteAllocationOptions } from './site-allocator.js';
import { SiteModelHook } from './site-model-hook.js';
import { CrawlStats, type CrawlProgress } from './stats.js';

export interface CrawlOptions {
  seeds: readonly string[];
  /** Example article URLs: the similarity policy's first targets (first run only). */
  examples?: readonly string[];
  /** Domains in scope besides the seeds' sites (a domain covers its subdomains). */
  allowDomains?: readonly string[];
  /** Deepest level fetched; the start page is level 0. */
  maxDepth: number;
  /** Pages fetched in all, counting those already in the store (so a resumed crawl stops at the same total). */
  maxPages: number;
  /** Wall-clock budget of this run. */
  maxTimeMs?: number;
  /** Pages rendered at once (the render session should allow as many). */
  concurrency: number;
  /**
   * Record pages in the order they were claimed, and claim only right after a page is recorded
   * (`concurrency` fetches stay in flight): the crawl's order is then a function of the pages
   * alone, not of which render happened to finish first, so two crawls of the same site fetch the
   * same pages in the same order. For benchmarks and the crawl gate (test/quality/crawl-pins.json);
   * it costs the time a page that finished early waits for an older, slower one.
   */
  ordered?: boolean;
  politeness?: Partial<PolitenessOptions>;
  userAgent: string;
  /** Obey robots.txt (default true). */
  robots?: boolean;
  robotsOptions?: Partial<Omit<RobotsOptions, 'userAgent'>>;
  /** Fetch attempts per URL for retryable errors (timeouts, 5xx, crashes). */
  maxAttempts?: number;
  /** Backoff before retry n (1-based): base · 2^(n−1). */
  retryBaseMs?: number;
  renderOptions?: RenderOptionsInput;
  /** Bandit allocation of the page budget (`maxPages`) across the seeds' sites. */
  allocation?: SiteAllocationOptions;
  /** Save the policy's learned state every this many pages (and at the end). */
  saveStateEvery?: number;
  /**
   * Learn a cluster model of bodies per site (and one global) from the article pages, and let
   * extraction consult a site's model once it is stable (`crawl --site-models`, site-models.ts).
   * The models are saved in the store with the policy state and taken up again on resume.
   */
  siteModels?: boolean;
  onProgress?: (progress: CrawlProgress) => void;
  onPage?: (page: CrawledPage) => void;
  signal?: AbortSignal;
}

/**
 * What the crawler needs of a render session (a `RenderSession`; tests pass a fake): renders,
 * and the page-work threads where each page's snapshot is decoded and extracted.
 */
export type PageRenderer = Pick<RenderSession, 'render' | 'work'>;

export interface CrawlDeps {
  store: CrawlStore;
  session: PageRenderer;
  policy: FrontierPolicy;
}

/** What one fetched page came to, for progress reports and benchmarks. */
export interface CrawledPage {
  url: string;
  depth: number;
  status: number | null;
  isArticle: boolean;
  error: { code: string; message: string } | null;
  newLinks: number;
}

export type StopReason = 'max-pages' | 'max-time' | 'frontier-empty' | 'aborted';

export interface CrawlSummary {
  stopReason: StopReason;
  progress: CrawlProgress;
}

/** 3 attempts, 1 s then 2 s between them: enough to ride out a restart or a brief overload. */
export const DEFAULT_MAX_ATTEMPTS = 3;
export const DEFAULT_RETRY_BASE_MS = 1_000;
/** Where the policy state is kept (`saveModel`), per policy name. */
export const POLICY_MODEL_PREFIX = 'frontier-policy:';
/** The error code of a URL robots.txt forbids: recorded, never fetched, not counted as a fetch. */
export const ROBOTS_DISALLOWED = 'robots-disallowed';
/** How long an idle worker sleeps at most before looking at the queue again. */
const IDLE_POLL_MS = 100;

export async function crawl(deps: CrawlDeps, options: CrawlOptions): Promise<CrawlSummary> {
  return new Crawler(deps, options).run();
}

class Crawler {
  private readonly store: CrawlStore;
  private readonly session: PageRenderer;
  private readonly policy: FrontierPolicy;
  private readonly politeness: Politeness;
  private readonly robots: RobotsCache | null;
  private readonly scopeSites = new Set<string>();
  private readonly scope: CrawlScope;
  private stats!: CrawlStats;
  private fetchedBefore = 0;
  /** Fetches started and not given back (a retry gives its slot back). */
  private reserved = 0;
  private inFlight = 0;
  private stop: StopReason | null = null;
  private deadline = Infinity;
  private pagesSinceSave = 0;
  /** Sites whose Crawl-delay this worker has shared through the store. */
  private readonly sharedDelays = new Set<string>();
  private allocator: SiteAllocator | null = null;
  private siteModels: SiteModelHook | null = null;

  constructor(
    deps: CrawlDeps,
    private readonly options: CrawlOptions,
  ) {
    this.store = deps.store;
    this.session = deps.session;
    this.policy = deps.policy;
    this.politeness = new Politeness(options.politeness);
    // robots.txt is fetched under the same fetch guard as the pages (addresses, size, time).
    const robotsFetch = options.robotsOptions?.fetch ?? guardedFetchFunction({ ...DEFAULT_FETCH_LIMITS, allowPrivateNetwork: options.renderOptions?.allowPrivateNetwork ?? false });
    this.robots = options.robots === false ? null : new RobotsCache({ ...options.robotsOptions, fetch: robotsFetch, userAgent: options.userAgent });
    this.scope = { sites: this.scopeSites, allowDomains: (options.allowDomains ?? []).map((d) => d.toLowerCase().replace(/^\.+|(?<!\.)\.+$/g, '')), maxDepth: options.maxDepth };
  }

  async run(): Promise<CrawlSummary> {
    this.prepare();
    if (this.options.maxTimeMs !== undefined) this.deadline = performance.now() + this.options.maxTimeMs;
    const workers = this.options.ordered === true ? [this.orderedLoop()] : Array.from({ length: this.options.concurrency }, () => this.worker());
    try {
      await Promise.all(workers);
    } finally {
      this.saveState();
    }
    return { stopReason: this.stop ?? 'frontier-empty', progress: this.progress() };
  }

  /** Seeds, scope, resume bookkeeping and the policy's saved state. */
  private prepare(): void {
    const { store, policy } = this;
    store.releaseInFlight();
    const seeds = this.options.seeds.map((raw) => {
      const normalized = normalizeUrl(raw);
      const site = normalized.ok ? siteOf(normalized.url) : null;
      if (!normalized.ok || site === null) throw new ConfigError(`Bad seed URL ${raw}: ${normalized.ok ? 'no site' : normalized.reason}`);
      return { url: normalized.url, site };
    });
    store.addSeeds(seeds);
    for (const seed of store.listSeeds()) this.scopeSites.add(seed.site);
    if (this.options.allocation !== undefined) this.allocator = SiteAllocator.open(store, [...this.scopeSites], this.options.maxPages, this.options.allocation);

    if (this.options.siteModels === true) this.siteModels = SiteModelHook.open(store, [...this.scopeSites]);

    const saved = store.loadModel(POLICY_MODEL_PREFIX + policy.name);
    if (saved !== undefined) policy.loadState(saved);
    else if (this.options.examples !== undefined) policy.addExamples(this.options.examples.map((u) => normalizeOrThrow(u, 'example')));

    const fresh = seeds.filter((seed) => store.frontierEntry(seed.url) === undefined);
    for (const seed of fresh) policy.observe({ ...seed, depth: 0 });
    store.enqueue(fresh.map((seed) => ({ ...seed, depth: 0, priority: policy.score({ ...seed, depth: 0 }), scoredWithVersion: policy.version })));

    let fetched = 0;
    for (const page of store.pages()) if (page.errorCode !== ROBOTS_DISALLOWED) fetched++;
    this.fetchedBefore = fetched;
    this.stats = new CrawlStats(fetched, store.counts().articles, this.options.maxPages);
  }

  private async worker(): Promise<void> {
    for (;;) {
      if (this.shouldStop()) return;
      const now = Date.now();
      refreshHead(this.store, this.policy);
      const claimed = this.claim(now);
      if (claimed === 'wait') {
        await sleep(this.idleWait(now));
        continue;
      }
      const entry = claimed;
      if (entry === undefined) {
        if (this.inFlight === 0 && this.store.queuedCount() === 0) {
          this.stop ??= 'frontier-empty';
          return;
        }
        // A store shared with other workers (PostgreSQL) refuses claims past the common budget.
        if (this.store.shared && this.inFlight === 0 && Number.isFinite(this.options.maxPages) && this.store.counts().pages >= this.options.maxPages) {
          this.stop ??= 'max-pages';
          return;
        }
        await sleep(this.idleWait(now));
        continue;
      }
      this.reserved++;
      this.inFlight++;
      this.politeness.begin(entry.site, now);
      try {
        const apply = await this.process(entry);
        apply();
      } finally {
        this.inFlight--;
        this.politeness.end(entry.site);
      }
    }
  }

  /**
   * `ordered`: one loop keeps up to `concurrency` fetches in flight, applies their outcomes in
   * the order of their claims, and claims again only after applying one. Every claim therefore
   * sees the frontier and the policy after the same pages, whatever the render times were.
   */
  private async orderedLoop(): Promise<void> {
    const pending: Array<{ entry: FrontierEntry; outcome: Promise<() => void> }> = [];
    for (;;) {
      const now = Date.now();
      while (pending.length < this.options.concurrency && !this.shouldStop()) {
        refreshHead(this.store, this.policy);
        const entry = this.claim(now);
        if (entry === 'wait' || entry === undefined) break;
        this.reserved++;
        this.inFlight++;
        this.politeness.begin(entry.site, now);
        const outcome = this.process(entry);
        // A fatal error is thrown when its turn comes; until then it must not count as unhandled.
        outcome.catch(() => undefined);
        pending.push({ entry, outcome });
      }
      const oldest = pending.shift();
      if (oldest === undefined) {
        if (this.shouldStop()) return;
        if (this.store.queuedCount() === 0) {
          this.stop ??= 'frontier-empty';
          return;
        }
        // A store shared with other workers (PostgreSQL) refuses claims past the common budget.
        if (this.store.shared && Number.isFinite(this.options.maxPages) && this.store.counts().pages >= this.options.maxPages) {
          this.stop ??= 'max-pages';
          return;
        }
        await sleep(this.idleWait(now));
        continue;
      }
      try {
        const apply = await oldest.outcome;
        apply();
      } finally {
        this.inFlight--;
        this.politeness.end(oldest.entry.site);
      }
    }
  }

  /** The politeness gap and page budget, for a store shared with other workers to enforce across them. */
  private sharedLimits(): { hostGapMs: number; maxPages?: number } {
    return { hostGapMs: this.options.politeness?.delayMs ?? DEFAULT_POLITENESS.delayMs, ...(Number.isFinite(this.options.maxPages) ? { maxPages: this.options.maxPages } : {}) };
  }

  /** The next entry; with an allocation, from the site it chooses ('wait' when that site is busy). */
  private claim(now: number): FrontierEntry | undefined | 'wait' {
    const busy = this.politeness.busySites(now);
    if (this.allocator === null) return this.store.claimNext({ excludeSites: busy, now, ...this.sharedLimits() });
    for (;;) {
      const site = this.allocator.choose();
      if (site === undefined) return undefined;
      if (busy.includes(site)) {
        this.allocator.giveBack(site);
        return 'wait';
      }
      const entry = this.store.claimNext({ excludeSites: [...this.scopeSites].filter((s) => s !== site), now, ...this.sharedLimits() });
      if (entry !== undefined) return entry;
      // Nothing to claim there now: a retry waiting for its time (any site's, to be safe) or pages
      // in flight may still add some; otherwise the site is done.
      const retryAt = this.store.nextNotBefore();
      if (this.inFlight > 0 || (retryAt !== undefined && retryAt > now)) {
        this.allocator.giveBack(site);
        return 'wait';
      }
      this.allocator.exhausted(site);
    }
  }

  private shouldStop(): boolean {
    if (this.stop !== null) return true;
    if (this.options.signal?.aborted) this.stop = 'aborted';
    else if (this.fetchedBefore + this.reserved >= this.options.maxPages) this.stop = 'max-pages';
    else if (performance.now() >= this.deadline) this.stop = 'max-time';
    // Budget reached while others are still fetching: this worker stops, the others finish.
    if (this.stop === 'max-pages' && this.inFlight > 0) {
      this.stop = null;
      return true;
    }
    return this.stop !== null;
  }

  private idleWait(now: number): number {
    const wakes = [this.politeness.nextFreeAt(now), this.store.nextNotBefore()].filter((t): t is number => t !== undefined);
    const wake = wakes.length > 0 ? Math.min(...wakes) - now : IDLE_POLL_MS;
    return Math.max(5, Math.min(IDLE_POLL_MS, wake));
  }

  /**
   * Fetches, renders and extracts `entry`; what the page changes (the store, the policy, the
   * counters) is returned as a function to apply, so the ordered loop can apply outcomes in the
   * order of their claims.
   */
  private async process(entry: FrontierEntry): Promise<() => void> {
    const startedAt = Date.now();
    if (this.robots !== null) {
      const verdict = await this.robots.check(entry.url);
      this.politeness.setCrawlDelay(entry.site, verdict.crawlDelayMs);
      if (this.store.setHostDelay && !this.sharedDelays.has(entry.site)) {
        this.sharedDelays.add(entry.site);
        this.store.setHostDelay(entry.site, verdict.crawlDelayMs);
      }
      if (!verdict.allowed) {
        return () => {
          this.reserved--;
          this.allocator?.giveBack(entry.site);
          if (verdict.retryAt !== undefined) {
            this.store.requeue(entry.url, { notBefore: verdict.retryAt, attempt: entry.attempts, error: verdict.reason });
          } else {
            this.record(entry, { status: null, error: { code: ROBOTS_DISALLOWED, message: verdict.reason }, startedAt });
          }
        };
      }
    }

    let page: { work: ExtractOutput; finalUrl: string; status: number | null };
    await this.politeness.turn(entry.site);
    try {
      const rendered = await this.session.render(
        { kind: 'url', url: entry.url, label: entry.url },
        async (r) => ({ text: r.snapshotText, patch: r.snapshotPatch, clock: r.clock, finalUrl: r.finalUrl, status: r.httpStatus }),
        { ...this.options.renderOptions, userAgent: this.options.userAgent },
      );
      // Decoding, extraction, links and the content hash in a page-work thread, within what the
      // page's budget has left (the browser page is back in the pool by now).
      const work = await this.session.work.run(
        {
          kind: 'extract',
          wire: rendered.text,
          patch: rendered.patch,
          params: this.siteModels?.paramsFor(entry.site) ?? {},
          links: true,
          contentHash: true,
          learnSample: this.siteModels !== null,
          units: false,
        },
        { label: entry.url, deadlineMs: rendered.clock.nodeWorkDeadlineMs() },
      );
      page = { work, finalUrl: rendered.finalUrl, status: rendered.status };
    } catch (error) {
      if (error instanceof BroadsheetError && error.fatal) throw error;
      const described = describeError(error);
      const attempt = entry.attempts + 1;
      if (described.retryable && attempt < (this.options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS)) {
        return () => {
          this.reserved--;
          this.allocator?.giveBack(entry.site);
          this.stats.retry();
          const backoffMs = (this.options.retryBaseMs ?? DEFAULT_RETRY_BASE_MS) * 2 ** (attempt - 1);
          this.store.requeue(entry.url, { notBefore: Date.now() + backoffMs, attempt, error: `${described.code}: ${described.message}` });
        };
      }
      const finishedAt = Date.now();
      return () => this.record(entry, { status: httpStatusOf(described), error: { code: described.code, message: described.message }, startedAt, finishedAt });
    }
    const finishedAt = Date.now();
    return () => this.record(entry, { ...page, error: null, startedAt, finishedAt });
  }

  /** Everything one page produced, in one `recordPage`, then the policy's feedback. */
  private record(
    entry: FrontierEntry,
    result: { work?: ExtractOutput; finalUrl?: string; status: number | null; error: { code: string; message: string } | null; startedAt: number; finishedAt?: number },
  ): void {
    const { work } = result;
    let decision: ArticleDecision = { isArticle: false, reason: null };
    let extraction: ExtractionInput | null = null;
    let links = { internal: [], external: [], bad: [] } as ReturnType<typeof classifyLinks>;
    const enqueue: EnqueueEntry[] = [];
    if (work !== undefined) {
      const extracted = work.extraction;
      decision = decideArticle(extracted);
      if (decision.isArticle && work.learnSample) this.siteModels?.learnFeatures(work.learnSample, entry.site);
      if (decision.isArticle && extracted.kind === 'article') extraction = toExtraction(extracted);
      links = classifyLinks(work.anchors ?? [], entry.depth, this.scope);
      this.policy.observeLinks?.(entry.url, links.internal.map((l) => l.url));
      for (const link of links.internal) {
        if (link.level > this.scope.maxDepth) continue;
        const known = this.store.frontierEntry(link.url);
        // A known URL matters again only by a shorter way to it: the store keeps the smallest depth
        // (and the anchor and context of the first discovery, which the score keeps using).
        if (known !== undefined && known.depth <= link.level) continue;
        const first = known ?? link;
        const candidate = { url: link.url, site: link.site, depth: link.level, foundOn: entry.url, anchor: first.anchor, context: first.context };
        if (known === undefined) this.policy.observe(candidate);
        enqueue.push({
          url: link.url,
          site: link.site,
          depth: link.level,
          foundOn: entry.url,
          priority: this.policy.score(candidate),
          scoredWithVersion: this.policy.version,
          ...(link.anchor !== null ? { anchor: link.anchor } : {}),
          ...(link.context !== null ? { context: link.context } : {}),
        });
      }
    }
    const finalUrl = result.finalUrl === undefined ? null : normalizeUrl(result.finalUrl);
    const record: PageRecord = {
      url: entry.url,
      finalUrl: finalUrl?.ok && finalUrl.url !== entry.url ? finalUrl.url : null,
      site: entry.site,
      depth: entry.depth,
      status: result.status,
      fetchedAt: Date.now(),
      contentHash: work?.contentHash ?? null,
      isArticle: decision.isArticle,
      error: result.error,
      // The fetch's own time: an ordered crawl may apply a page a while after it finished.
      durationMs: (result.finishedAt ?? Date.now()) - result.startedAt,
      links: {
        internal: links.internal.map((l) => ({ url: l.url, anchor: l.anchor, level: l.level, processed: true })),
        external: links.external,
        bad: links.bad,
      },
      extraction,
      enqueue,
    };
    this.store.recordPage(record);
    if (result.error?.code !== ROBOTS_DISALLOWED) {
      this.policy.onPage(entry.url, entry.site, decision.isArticle, { anchor: entry.anchor, context: entry.context });
      this.stats.page(decision.isArticle, result.error !== null);
      this.allocator?.record(entry.site, { isArticle: decision.isArticle, externalLinks: links.external.length });
    }
    this.options.onPage?.({ url: entry.url, depth: entry.depth, status: result.status, isArticle: decision.isArticle, error: result.error, newLinks: enqueue.length });
    this.options.onProgress?.(this.progress());
    if (++this.pagesSinceSave >= (this.options.saveStateEvery ?? 25)) this.saveState();
  }

  private saveState(): void {
    this.pagesSinceSave = 0;
    this.siteModels?.save(this.store);
    const state = this.policy.saveState();
    if (state === null) return;
    const name = POLICY_MODEL_PREFIX + this.policy.name;
    // Another worker keeps the shared policy state (PostgreSQL): take its copy instead.
    if (this.store.saveModel(name, state) === false) {
      const shared = this.store.loadModel(name);
      if (shared !== undefined) this.policy.loadState(shared);
    }
  }

  private progress(): CrawlProgress {
    return this.stats.snapshot(this.store.queuedCount(), this.inFlight);
  }
}

function toExtraction(extracted: Extract<SnapshotExtraction, { kind: 'article' }>): ExtractionInput {
  const { url: _url, text, html, markdown, wordCount, title, ...metadata } = extracted.article;
  // The record's metadata fields and the page type, marked with the record version (src/record/from-store.ts reads both).
  return { title, text, html, markdown, wordCount, metadata: storedMetadata(metadata) };
}

/**
 * The HTTP status of a failed fetch, for the pages table only (never for a decision): the
 * render stage reports it in the message of 'render-http-status' errors ("… answered HTTP 503").
 */
function httpStatusOf(error: { code: string; message: string }): number | null {
  if (error.code !== 'render-http-status') return null;
  const match = /HTTP (\d{3})\b/.exec(error.message);
  return match ? Number(match[1]) : null;
}

function normalizeOrThrow(raw: string, what: string): string {
  const normalized = normalizeUrl(raw);
  if (!normalized.ok) throw new ConfigError(`Bad ${what} URL ${raw}: ${normalized.reason}`);
  return normalized.url;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
