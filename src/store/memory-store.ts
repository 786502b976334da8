/**
 * The crawl store in memory, for tests: the same behaviour as the SQLite store (the shared
 * suite in test/unit/store.test.ts runs against both), nothing persisted. `recordPage` checks
 * and stages everything first and applies it only when nothing threw, so a failing record
 * leaves the store as it was, as the SQLite transaction does. Claims scan the queue (O(n)),
 * which is fine at test sizes.
 */
import { frontierStateOf, prepareExtraction, redirectTargetOf, type PreparedExtraction } from './record.js';
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
import { StoreError } from './errors.js';

interface StoredEntry extends FrontierEntry {
  id: number;
}

export function createMemoryStore(): MemoryStore {
  return new MemoryStore();
}

export class MemoryStore implements CrawlStore {
  private readonly settings = new Map<string, string>();
  private readonly seeds = new Map<string, SeedRecord>();
  private readonly frontier = new Map<string, StoredEntry>();
  private readonly pageRows: PageRow[] = [];
  private readonly pageUrls = new Set<string>();
  private readonly extractions = new Map<string, PreparedExtraction>();
  private readonly internal: InternalLinkRow[] = [];
  private readonly external: ExternalLinkRow[] = [];
  private readonly bad: BadLinkRow[] = [];
  private readonly models = new Map<string, string>();
  private readonly arms = new Map<string, AllocationArmRow>();
  private nextFrontierId = 1;
  private closed = false;

  getSetting(key: string): string | undefined {
    return this.open().settings.get(key);
  }

  setSetting(key: string, value: string): void {
    this.open().settings.set(key, value);
  }

  addSeeds(input: readonly SeedInput[]): SeedRecord[] {
    this.open();
    const now = Date.now();
    return input.map((seed) => {
      let record = this.seeds.get(seed.url);
      if (!record) {
        record = { id: this.seeds.size + 1, url: seed.url, site: seed.site, name: seed.name ?? null, addedAt: now };
        this.seeds.set(seed.url, record);
      }
      return { ...record };
    });
  }

  listSeeds(): SeedRecord[] {
    return [...this.open().seeds.values()].map((s) => ({ ...s }));
  }

  enqueue(entries: readonly EnqueueEntry[]): number {
    this.open();
    const staged = this.stageEntries(entries, Date.now());
    for (const e of staged.added) this.frontier.set(e.url, e);
    for (const apply of staged.lower) apply();
    return staged.added.length;
  }

  claimNext(opts: ClaimOptions = {}): FrontierEntry | undefined {
    this.open();
    const now = opts.now ?? Date.now();
    const excluded = new Set(opts.excludeSites ?? []);
    let best: StoredEntry | undefined;
    for (const e of this.frontier.values()) {
      if (e.state !== 'queued' || excluded.has(e.site)) continue;
      if (e.notBefore !== null && e.notBefore > now) continue;
      if (!best || before(e, best)) best = e;
    }
    if (!best) return undefined;
    best.state = 'in-flight';
    return publicEntry(best);
  }

  requeue(url: string, opts: RequeueOptions): void {
    const e = this.open().frontier.get(url);
    if (!e) return;
    e.state = 'queued';
    e.attempts = opts.attempt;
    e.notBefore = opts.notBefore ?? null;
    e.lastError = opts.error ?? null;
  }

  releaseInFlight(): number {
    let released = 0;
    for (const e of this.open().frontier.values()) {
      if (e.state !== 'in-flight') continue;
      e.state = 'queued';
      released++;
    }
    return released;
  }

  updatePriorities(updates: readonly PriorityUpdate[]): void {
    this.open();
    for (const u of updates) requireNumber(u.priority, 'priority');
    for (const u of updates) {
      const e = this.frontier.get(u.url);
      if (!e || e.state !== 'queued') continue;
      e.priority = u.priority;
      if (u.scoredWithVersion !== undefined) e.scoredWithVersion = u.scoredWithVersion;
    }
  }

  topQueued(limit: number): FrontierEntry[] {
    return this.queuedSorted((e) => e.state === 'queued', limit);
  }

  staleQueued(version: number, limit: number): FrontierEntry[] {
    return this.queuedSorted((e) => e.state === 'queued' && (e.scoredWithVersion === null || e.scoredWithVersion < version), limit);
  }

  queuedCount(): number {
    let n = 0;
    for (const e of this.open().frontier.values()) if (e.state === 'queued') n++;
    return n;
  }

  nextNotBefore(): number | undefined {
    let earliest: number | undefined;
    for (const e of this.open().frontier.values()) {
      if (e.state === 'queued' && e.notBefore !== null && (earliest === undefined || e.notBefore < earliest)) earliest = e.notBefore;
    }
    return earliest;
  }

  frontierEntry(url: string): FrontierEntry | undefined {
    const e = this.open().frontier.get(url);
    return e ? publicEntry(e) : undefined;
  }

  recordPage(record: PageRecord): void {
    this.open();
    // Stage: every check and conversion that can throw happens before the first change.
    if (this.pageUrls.has(record.url)) throw new Error(`UNIQUE constraint failed: pages.url (${record.url})`);
    for (const [name, value] of [['depth', record.depth], ['fetchedAt', record.fetchedAt]] as const) requireNumber(value, name);
    const now = Date.now();
    const page: PageRow = {
      fetchOrder: this.pageRows.length + 1,
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
    };
    const foundOn = record.url;
    const internal = record.links.internal.map((l) => ({ url: l.url, foundOn, anchor: l.anchor ?? null, level: requireNumber(l.level, 'level'), processed: l.processed }));
    const external = record.links.external.map((l) => ({ url: l.url, foundOn, anchor: l.anchor ?? null, context: l.context ?? null }));
    const bad = record.links.bad.map((l) => ({ raw: l.raw, foundOn, reason: l.reason }));
    const extraction = record.extraction ? prepareExtraction(record.extraction) : undefined;
    const staged = this.stageEntries(record.enqueue ?? [], now);

    // Apply: nothing below throws.
    this.pageRows.push(page);
    this.pageUrls.add(record.url);
    const state = frontierStateOf(record);
    const error = record.error?.message ?? null;
    const fetched = this.frontier.get(record.url);
    if (fetched) Object.assign(fetched, { state, notBefore: null, lastError: error });
    else this.frontier.set(record.url, this.newEntry({ url: record.url, site: record.site, depth: record.depth, priority: 0 }, now, state, error));
    const target = redirectTargetOf(record);
    if (target) {
      const existing = this.frontier.get(target.url);
      if (!existing) this.frontier.set(target.url, this.newEntry({ ...target, depth: record.depth, priority: 0 }, now, 'done', null));
      else if (existing.state === 'queued') Object.assign(existing, { state: 'done', notBefore: null });
    }
    this.internal.push(...internal);
    this.external.push(...external);
    this.bad.push(...bad);
    if (extraction) this.extractions.set(record.url, extraction);
    for (const e of staged.added) this.frontier.set(e.url, e);
    for (const apply of staged.lower) apply();
  }

  counts(): StoreCounts {
    const states = { queued: 0, 'in-flight': 0, done: 0, failed: 0 };
    for (const e of this.open().frontier.values()) states[e.state]++;
    return {
      pages: this.pageRows.length,
      articles: this.extractions.size,
      queued: states.queued,
      inFlight: states['in-flight'],
      failed: states.failed,
      done: states.done,
      frontier: this.frontier.size,
      internalLinks: this.internal.length,
      externalLinks: this.external.length,
      badLinks: this.bad.length,
    };
  }

  *pages(): Iterable<PageRow> {
    for (const row of this.open().pageRows) yield { ...row };
  }

  *articles(): Iterable<ArticleRow> {
    for (const page of this.open().pageRows) {
      const e = this.extractions.get(page.url);
      if (!e) continue;
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
    for (const row of this.open().internal) yield { ...row };
  }

  *externalLinks(): Iterable<ExternalLinkRow> {
    for (const row of this.open().external) yield { ...row };
  }

  *badLinks(): Iterable<BadLinkRow> {
    for (const row of this.open().bad) yield { ...row };
  }

  saveModel(name: string, json: string): void {
    this.open().models.set(name, json);
  }

  loadModel(name: string): string | undefined {
    return this.open().models.get(name);
  }

  saveAllocationArms(arms: readonly AllocationArmRow[]): void {
    this.open();
    for (const arm of arms) this.arms.set(arm.site, { ...arm });
  }

  loadAllocationArms(): AllocationArmRow[] {
    return [...this.open().arms.values()].sort((a, b) => (a.site < b.site ? -1 : a.site > b.site ? 1 : 0)).map((arm) => ({ ...arm }));
  }

  close(): void {
    this.closed = true;
  }

  private open(): this {
    if (this.closed) throw new StoreError('closed', 'the memory store is closed');
    return this;
  }

  /**
   * New entries among `entries` (first of duplicates wins), checked, not yet applied; and the
   * known entries found again at a smaller depth, with what they take then (`lower`).
   */
  private stageEntries(entries: readonly EnqueueEntry[], now: number): { added: StoredEntry[]; lower: Array<() => void> } {
    const staged = new Map<string, StoredEntry>();
    const lower: Array<() => void> = [];
    let id = this.nextFrontierId;
    for (const e of entries) {
      requireNumber(e.depth, 'depth');
      requireNumber(e.priority, 'priority');
      const known = this.frontier.get(e.url) ?? staged.get(e.url);
      if (known !== undefined) {
        if (e.depth < known.depth) {
          lower.push(() => {
            if (e.depth >= known.depth) return;
            known.depth = e.depth;
            if (known.state === 'queued') Object.assign(known, { priority: e.priority, scoredWithVersion: e.scoredWithVersion ?? null });
          });
        }
        continue;
      }
      staged.set(e.url, { ...this.entryFields(e, now, 'queued', null), id: id++ });
    }
    this.nextFrontierId = id;
    return { added: [...staged.values()], lower };
  }

  private newEntry(e: EnqueueEntry, now: number, state: FrontierEntry['state'], lastError: string | null): StoredEntry {
    return { ...this.entryFields(e, now, state, lastError), id: this.nextFrontierId++ };
  }

  private entryFields(e: EnqueueEntry, now: number, state: FrontierEntry['state'], lastError: string | null): FrontierEntry {
    return {
      url: e.url,
      site: e.site,
      depth: e.depth,
      priority: e.priority,
      state,
      attempts: 0,
      notBefore: null,
      foundOn: e.foundOn ?? null,
      anchor: e.anchor ?? null,
      context: e.context ?? null,
      scoredWithVersion: e.scoredWithVersion ?? null,
      lastError,
      enqueuedAt: now,
    };
  }

  /**
   * The first `limit` entries `keep` accepts, in claim order. The crawler asks for the head of the
   * queue before every claim (refresh.ts): a few dozen of a frontier of thousands, so the head is
   * selected in one pass (binary insertion into a list of at most `limit`) instead of sorting the
   * whole frontier each time; a long list (an export of the queue) is sorted whole.
   */
  private queuedSorted(keep: (e: StoredEntry) => boolean, limit: number): FrontierEntry[] {
    const n = Math.max(0, limit);
    const entries = this.open().frontier.values();
    if (n > SELECT_HEAD_UP_TO) return [...entries].filter(keep).sort((a, b) => (before(a, b) ? -1 : 1)).slice(0, n).map(publicEntry);
    const head: StoredEntry[] = [];
    if (n === 0) return [];
    for (const e of entries) {
      if (!keep(e) || (head.length === n && !before(e, head[n - 1]!))) continue;
      let lo = 0;
      let hi = head.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (before(e, head[mid]!)) hi = mid;
        else lo = mid + 1;
      }
      head.splice(lo, 0, e);
      if (head.length > n) head.pop();
    }
    return head.map(publicEntry);
  }
}

/** Up to this many entries, the head of the queue is selected in one pass (queuedSorted); more are sorted. */
const SELECT_HEAD_UP_TO = 1024;

/** Claim order: higher priority first, then first enqueued. */
function before(a: StoredEntry, b: StoredEntry): boolean {
  return a.priority !== b.priority ? a.priority > b.priority : a.id < b.id;
}

function publicEntry(e: StoredEntry): FrontierEntry {
  const { id: _id, ...entry } = e;
  return entry;
}

/** The NOT NULL columns of the SQLite store refuse NaN (SQLite stores it as NULL); so does this. */
function requireNumber(value: number, name: string): number {
  if (typeof value !== 'number' || Number.isNaN(value)) throw new TypeError(`NOT NULL constraint failed: ${name} is ${String(value)}`);
  return value;
}
