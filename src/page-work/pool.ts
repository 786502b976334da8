/**
 * The watchdog on Node's own work per page (issue 21): markup preparation, snapshot decoding
 * and extraction run in a small pool of worker threads, each task with a deadline. A task past
 * its deadline has its thread terminated — the only way to stop synchronous work — and fails
 * with `ExtractError('extract-timeout')` naming the stage it was in; a fresh thread takes the
 * dead one's place for the next task, and the other pages go on. The main thread only sends
 * and receives plain data (strings, byte arrays, plain objects).
 *
 * The pool is a resource: whoever opens it closes it (`close()`). Threads start on demand and
 * announce when their modules are loaded; a task's deadline runs from the moment a ready
 * thread takes it, so neither queueing nor a thread's start-up count against a page.
 *
 * The worker loads from `dist/` (built JavaScript) or, when this module runs from TypeScript
 * sources (the test runner, tsx), from `worker.ts` through tsx's loader.
 */
import { availableParallelism } from 'node:os';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { ExtractError, FetchError, InputError, RenderError, type ErrorCode } from '../errors.js';
import { STAGE_SLOT, stageName } from './stages.js';
import type { PageTask, PageTaskOutput } from './tasks.js';
import type { PageWorkReply, PageWorkRequest, SerializedError } from './worker.js';

export interface PageWorkPoolOptions {
  /** Threads at most (default: one per core, as many as pages rendered at once by default). */
  size?: number;
}

export interface RunOptions {
  /** Names the page in errors (and lets the test hook find it). */
  label: string;
  /** Milliseconds the task may run once a thread has taken it; 0 or Infinity: no deadline. */
  deadlineMs: number;
}

/** What the pool went through: threads started, and those terminated past a deadline or dead. */
export interface PageWorkHealth {
  started: number;
  timedOut: number;
  crashed: number;
}

interface Job {
  id: number;
  request: PageWorkRequest;
  deadlineMs: number;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

interface Thread {
  worker: Worker;
  stage: Int32Array;
  ready: boolean;
  job: Job | null;
  timer: NodeJS.Timeout | null;
  startedAt: number;
}

export const DEFAULT_PAGE_WORK_THREADS = Math.min(32, Math.max(1, availableParallelism()));

export class PageWorkPool {
  private readonly size: number;
  private readonly threads = new Set<Thread>();
  private readonly queue: Job[] = [];
  private nextId = 1;
  private readonly waitingReady: Array<{ resolve: () => void; reject: (error: unknown) => void }> = [];
  private closed = false;
  readonly health: PageWorkHealth = { started: 0, timedOut: 0, crashed: 0 };

  constructor(options: PageWorkPoolOptions = {}) {
    const size = options.size ?? DEFAULT_PAGE_WORK_THREADS;
    if (!Number.isInteger(size) || size < 1) throw new RangeError('page-work pool size must be an integer ≥ 1');
    this.size = size;
  }

  /** Runs `task` on a thread within `deadlineMs`; rejects with the task's own (typed) error, or an `ExtractError`. */
  run<T extends PageTask>(task: T, options: RunOptions): Promise<PageTaskOutput<T>> {
    if (this.closed) return Promise.reject(new Error('The page-work pool is closed'));
    return new Promise((resolve, reject) => {
      const id = this.nextId++;
      this.queue.push({ id, request: { id, label: options.label, task }, deadlineMs: options.deadlineMs, resolve: resolve as (v: unknown) => void, reject });
      this.pump();
    });
  }

  /**
   * Starts a thread and resolves once one is ready to take a task, so that a caller can keep a
   * thread's start-up (loading the modules: 2.8 s for the first task from dist/ with the 2-core
   * machine at load 36, more under tsx) out of a page's time budget. The other threads start when
   * tasks wait for them (`pump`), not here: each costs about a second of CPU on a slow 2-core
   * machine, and started at once they took it from the main thread while it loaded Playwright and
   * launched Chromium — one saved page's `extract` 2.40 → 2.12 s (docs/benchmarks.md). `all`
   * starts every thread now (a test that sets their environment before they start).
   */
  ready(options: { all?: boolean } = {}): Promise<void> {
    if (this.closed) return Promise.reject(new Error('The page-work pool is closed'));
    if (options.all) while (this.threads.size < this.size) this.spawn();
    if ([...this.threads].some((t) => t.ready)) return Promise.resolve();
    if (this.threads.size === 0) this.spawn();
    return new Promise((resolve, reject) => this.waitingReady.push({ resolve, reject }));
  }

  /** Threads running now (started and not terminated). */
  get threadCount(): number {
    return this.threads.size;
  }

  /** Terminates every thread; tasks still queued or running fail. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new Error('The page-work pool was closed'));
    for (const waiter of this.waitingReady.splice(0)) waiter.reject(new Error('The page-work pool was closed'));
    await Promise.all(
      [...this.threads].map((thread) => {
        this.threads.delete(thread);
        if (thread.timer) clearTimeout(thread.timer);
        thread.job?.reject(new Error('The page-work pool was closed'));
        return thread.worker.terminate();
      }),
    );
  }

  private pump(): void {
    while (this.queue.length > 0) {
      const thread = [...this.threads].find((t) => t.ready && t.job === null);
      if (!thread) {
        // Threads still starting will take the queued jobs once ready.
        const starting = [...this.threads].filter((t) => !t.ready).length;
        if (this.threads.size < this.size && starting < this.queue.length) this.spawn();
        return;
      }
      this.dispatch(thread, this.queue.shift()!);
    }
  }

  private dispatch(thread: Thread, job: Job): void {
    thread.job = job;
    thread.worker.ref();
    if (job.deadlineMs > 0 && Number.isFinite(job.deadlineMs)) {
      thread.timer = setTimeout(() => this.expire(thread), job.deadlineMs);
    }
    thread.worker.postMessage(job.request);
  }

  private spawn(): void {
    const stage = new SharedArrayBuffer(4);
    const thread: Thread = { worker: startWorker(stage), stage: new Int32Array(stage), ready: false, job: null, timer: null, startedAt: performance.now() };
    this.threads.add(thread);
    this.health.started += 1;
    thread.worker.unref();
    thread.worker.on('message', (reply: PageWorkReply) => {
      if ('ready' in reply) {
        thread.ready = true;
        for (const waiter of this.waitingReady.splice(0)) waiter.resolve();
        this.pump();
        return;
      }
      const job = thread.job;
      if (!job || job.id !== reply.id) return;
      this.finish(thread);
      if (reply.ok) job.resolve(reply.value);
      else job.reject(reviveError(reply.error));
      this.pump();
    });
    const died = (cause: unknown): void => {
      if (!this.threads.delete(thread)) return;
      if (thread.timer) clearTimeout(thread.timer);
      const job = thread.job;
      if (job) {
        this.health.crashed += 1;
        const stageNow = stageName(Atomics.load(thread.stage, STAGE_SLOT));
        job.reject(new ExtractError('extract-crashed', `Node's work on ${job.request.label} died in stage ${stageNow}: ${messageOf(cause)}`, stageNow, { cause }));
      } else {
        // A thread that cannot even start (a broken build) fails the queue rather than respawning forever.
        const failure = new Error(`A page-work thread could not start: ${messageOf(cause)}`, { cause });
        for (const queued of this.queue.splice(0)) queued.reject(failure);
        if (!thread.ready) for (const waiter of this.waitingReady.splice(0)) waiter.reject(failure);
      }
      if (!this.closed) this.pump();
    };
    thread.worker.on('error', died);
    thread.worker.on('exit', (code) => died(new Error(`exit code ${code}`)));
  }

  private finish(thread: Thread): void {
    if (thread.timer) clearTimeout(thread.timer);
    thread.timer = null;
    thread.job = null;
    thread.worker.unref();
  }

  /** The deadline passed: the thread is terminated (the only way to stop synchronous work) and replaced on demand. */
  private expire(thread: Thread): void {
    const job = thread.job;
    if (!job || !this.threads.delete(thread)) return;
    const stage = stageName(Atomics.load(thread.stage, STAGE_SLOT));
    this.health.timedOut += 1;
    thread.timer = null;
    void thread.worker.terminate();
    // The replacement starts now (its start-up takes a while), not when the next task comes.
    if (!this.closed) this.spawn();
    job.reject(
      new ExtractError(
        'extract-timeout',
        `Node's work on ${job.request.label} ran past its deadline of ${Math.round(job.deadlineMs)} ms in stage ${stage}; it was stopped`,
        stage,
      ),
    );
    this.pump();
  }
}

const BOOTSTRAP_FROM_SOURCE = `
const { workerData } = require('node:worker_threads');
import(workerData.tsx)
  .then((tsx) => { tsx.register(); return import(workerData.entry); })
  .catch((error) => { setImmediate(() => { throw error; }); });
`;

/** A worker on built JavaScript, or on the TypeScript sources through tsx when this module is one. */
function startWorker(stage: SharedArrayBuffer): Worker {
  const here = import.meta.url;
  if (/\.[cm]?ts$/u.test(new URL(here).pathname)) {
    const entry = new URL('./worker.ts', here).href;
    const tsx = tsxLoaderUrl(here);
    return new Worker(BOOTSTRAP_FROM_SOURCE, { eval: true, workerData: { stage, entry, tsx } });
  }
  return new Worker(new URL('./worker.js', here), { workerData: { stage } });
}

/** tsx's ESM API (its `register()` installs the loader in the thread that calls it). */
function tsxLoaderUrl(here: string): string {
  const resolve = (import.meta as { resolve?: (specifier: string) => string }).resolve;
  if (typeof resolve === 'function') return resolve('tsx/esm/api');
  // Loaders that do not give import.meta.resolve: the CommonJS entry sits beside the ESM one.
  return pathToFileURL(createRequire(here).resolve('tsx/esm/api').replace(/\.cjs$/u, '.mjs')).href;
}

/** The typed error a task threw, rebuilt from its plain form (classes do not cross threads). */
function reviveError(error: SerializedError): Error {
  const code = error.code as ErrorCode | undefined;
  if (code?.startsWith('input-')) return new InputError(code as Extract<ErrorCode, `input-${string}`>, error.message);
  if (code?.startsWith('render-')) return new RenderError(code as Extract<ErrorCode, `render-${string}`>, error.message, error.retryable ?? false);
  if (code?.startsWith('fetch-')) return new FetchError(code as Extract<ErrorCode, `fetch-${string}`>, error.message, error.retryable ?? false);
  if (code?.startsWith('extract-')) return new ExtractError(code as Extract<ErrorCode, `extract-${string}`>, error.message, error.stage ?? 'idle');
  const plain = new Error(error.message);
  plain.name = error.name;
  return plain;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
