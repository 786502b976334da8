/**
 * The crawl store on PostgreSQL, behind the same synchronous `CrawlStore` seam as SQLite, so the
 * crawler, status and export run unchanged on either.
 *
 * node-postgres is asynchronous; the seam is synchronous (STYLE habit 12, and SQLite's speed
 * depends on it). So the connection lives in a thread of its own (src/store/pg/pg-thread.ts)
 * and each call here posts a request and blocks on `Atomics.wait` until the thread answers —
 * a round trip to the server plus ~0.05 ms, paid only by PostgreSQL users. Blocking is harmless
 * in a crawler: the calls are short and the browser renders in its own processes meanwhile.
 */
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import { StoreError, type StoreProblem } from './errors.js';
import { DEFAULT_RETRY_FOR_MS, redactUrl, type PgStoreOptions } from './pg/pg-ops.js';
import type { Reply, Request, ThreadData } from './pg/pg-thread.js';
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
import { READ_BATCH_ROWS } from './record.js';

export type { PgStoreOptions } from './pg/pg-ops.js';
export { DEFAULT_LEASE_MS } from './pg/pg-ops.js';

/** Whether `db` names a PostgreSQL database (`postgres://…` or `postgresql://…`) rather than an SQLite file. */
export function isPostgresUrl(db: string): boolean {
  return /^postgres(ql)?:\/\//i.test(db);
}

/** The claim options; `hostGapMs` and `maxPages` are honoured across all workers. */
export type PgClaimOptions = ClaimOptions;

/** Opens (creating the tables if needed) the crawl store in the PostgreSQL database at `url`. */
export function openPgStore(url: string, opts: PgStoreOptions = {}): PgStore {
  return new PgStore(url, opts);
}

/** The thread's module: the .ts source under tsx and the test runner, the .js build otherwise. */
function threadEntry(): { file: URL; eval: boolean; code?: string } {
  const self = import.meta.url;
  if (self.endsWith('.ts')) {
    const file = new URL('./pg/pg-thread.ts', self);
    // TypeScript sources: register tsx's loader in the thread, then import the thread module.
    const code = `import('tsx/esm/api').then((m) => { m.register(); return import(${JSON.stringify(file.href)}); });`;
    return { file, eval: true, code };
  }
  return { file: new URL('./pg/pg-thread.js', self), eval: false };
}

export class PgStore implements CrawlStore {
  /** Many workers share this store: claims keep the politeness gap and budget across them. */
  readonly shared = true;
  /** This store's worker id (`host:pid:random`), as written in the leases it holds. */
  readonly workerId: string;
  private readonly worker: Worker;
  private readonly port: MessagePort;
  private readonly flag = new SharedArrayBuffer(4);
  private readonly signal = new Int32Array(this.flag);
  private readonly waitLimitMs: number;
  private closed = false;
  /** Why the store thread ended, once it has: every later call fails with it at once. */
  private ended: StoreError | undefined;

  constructor(
    /** The connection string (shown without its password in messages). */
    readonly url: string,
    opts: PgStoreOptions = {},
  ) {
    this.waitLimitMs = (opts.retryForMs ?? DEFAULT_RETRY_FOR_MS) + 60_000;
    const { port1, port2 } = new MessageChannel();
    this.port = port1;
    const data: ThreadData = { url, opts, flag: this.flag, port: port2 };
    const entry = threadEntry();
    this.worker = entry.eval
      ? new Worker(entry.code!, { eval: true, workerData: data, transferList: [port2] })
      : new Worker(entry.file, { workerData: data, transferList: [port2] });
    // The thread must not keep the process alive on its own (close() ends it).
    this.worker.unref();
    try {
      this.workerId = this.call('open') as string;
    } catch (error) {
      void this.worker.terminate();
      this.closed = true;
      throw error;
    }
  }

  private call(method: string, ...args: unknown[]): unknown {
    if (this.closed) throw new StoreError('closed', `${redactUrl(this.url)} is closed`);
    if (this.ended) throw this.ended;
    // A thread that ended between calls left its last word on the port.
    const early = receiveMessageOnPort(this.port);
    if (early) return this.reply(early.message as Reply);
    Atomics.store(this.signal, 0, 0);
    this.port.postMessage({ method, args } satisfies Request);
    const deadline = Date.now() + this.waitLimitMs;
    for (;;) {
      Atomics.wait(this.signal, 0, 0, 1_000);
      const got = receiveMessageOnPort(this.port);
      if (got) return this.reply(got.message as Reply);
      if (Date.now() > deadline) {
        throw new StoreError('unavailable', `${redactUrl(this.url)}: no answer from the store thread within ${this.waitLimitMs} ms`);
      }
    }
  }

  private reply(reply: Reply): unknown {
    if (!reply.ok && reply.fatal) {
      this.ended = new StoreError('unavailable', `${redactUrl(this.url)}: the store thread ended: ${reply.error.message}`);
      throw this.ended;
    }
    return unwrap(reply);
  }

  getSetting(key: string): string | undefined {
    return this.call('getSetting', key) as string | undefined;
  }
  setSetting(key: string, value: string): void {
    this.call('setSetting', key, value);
  }
  addSeeds(seeds: readonly SeedInput[]): SeedRecord[] {
    return this.call('addSeeds', seeds) as SeedRecord[];
  }
  listSeeds(): SeedRecord[] {
    return this.call('listSeeds') as SeedRecord[];
  }
  enqueue(entries: readonly EnqueueEntry[]): number {
    return entries.length === 0 ? 0 : (this.call('enqueue', entries) as number);
  }
  claimNext(opts: PgClaimOptions = {}): FrontierEntry | undefined {
    return this.call('claimNext', opts) as FrontierEntry | undefined;
  }
  /** Shares a site's robots.txt Crawl-delay with every worker. */
  setHostDelay(site: string, crawlDelayMs: number | null): void {
    this.call('setHostDelay', site, crawlDelayMs);
  }
  requeue(url: string, opts: RequeueOptions): void {
    this.call('requeue', url, opts);
  }
  releaseInFlight(): number {
    return this.call('releaseInFlight') as number;
  }
  /** Renews this worker's leases and sweeps expired ones now (the thread also does it on a timer). */
  renewAndSweep(): number {
    return this.call('renewAndSweep') as number;
  }
  updatePriorities(updates: readonly PriorityUpdate[]): void {
    if (updates.length > 0) this.call('updatePriorities', updates);
  }
  topQueued(limit: number): FrontierEntry[] {
    return this.call('topQueued', limit) as FrontierEntry[];
  }
  staleQueued(version: number, limit: number): FrontierEntry[] {
    return this.call('staleQueued', version, limit) as FrontierEntry[];
  }
  queuedCount(): number {
    return this.call('queuedCount') as number;
  }
  nextNotBefore(): number | undefined {
    return this.call('nextNotBefore') as number | undefined;
  }
  frontierEntry(url: string): FrontierEntry | undefined {
    return this.call('frontierEntry', url) as FrontierEntry | undefined;
  }
  recordPage(record: PageRecord): void {
    this.call('recordPage', record);
  }
  counts(): StoreCounts {
    return this.call('counts') as StoreCounts;
  }
  pages(): Iterable<PageRow> {
    return this.batches<PageRow>('pagesAfter', (r) => r.fetchOrder);
  }
  *articles(): Iterable<ArticleRow> {
    type Joined = { page: PageRow; extraction: { title: string | null; text: string; html: string; markdown: string; metadataJson: string; wordCount: number | null; contentHash: string; simhash: string } };
    for (const { page, extraction: e } of this.batches<Joined>('articlesAfter', (r) => r.page.fetchOrder)) {
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
    for (const { id: _id, ...row } of this.batches<InternalLinkRow & { id: number }>('internalAfter', (r) => r.id)) yield row;
  }
  *externalLinks(): Iterable<ExternalLinkRow> {
    for (const { id: _id, ...row } of this.batches<ExternalLinkRow & { id: number }>('externalAfter', (r) => r.id)) yield row;
  }
  *badLinks(): Iterable<BadLinkRow> {
    for (const { id: _id, ...row } of this.batches<BadLinkRow & { id: number }>('badAfter', (r) => r.id)) yield row;
  }
  /** Writes unless another live worker holds the model's lease; returns whether it wrote. */
  saveModel(name: string, json: string): boolean {
    return this.call('saveModel', name, json) as boolean;
  }
  loadModel(name: string): string | undefined {
    return this.call('loadModel', name) as string | undefined;
  }
  saveAllocationArms(arms: readonly AllocationArmRow[]): void {
    this.call('saveAllocationArms', arms);
  }
  loadAllocationArms(): AllocationArmRow[] {
    return this.call('loadAllocationArms') as AllocationArmRow[];
  }
  /** Empties every table (scratch databases in tests and benchmarks only). */
  truncateAll(): void {
    this.call('truncateAll');
  }
  close(): void {
    if (this.closed) return;
    try {
      if (!this.ended) this.call('close');
    } finally {
      this.closed = true;
      this.port.close();
      void this.worker.terminate();
    }
  }

  private *batches<R>(method: string, keyOf: (row: R) => number): Generator<R> {
    for (let after = 0; ; ) {
      const batch = this.call(method, after) as R[];
      yield* batch;
      const last = batch[batch.length - 1];
      if (last === undefined || batch.length < READ_BATCH_ROWS) return;
      after = keyOf(last);
    }
  }
}

function unwrap(reply: Reply): unknown {
  if (reply.ok) return reply.value;
  const e = reply.error;
  if (e.name === 'StoreError' && e.problem) throw new StoreError(e.problem as StoreProblem, e.message);
  const error = new Error(e.message);
  error.name = e.name;
  if (e.code) (error as Error & { code?: string }).code = e.code;
  if (e.stack) error.stack = e.stack;
  throw error;
}
