/**
 * A render session: many pages over one Chromium, a few at a time. Each render borrows a warm
 * page (its own browser context) from a small pool of up to twice the concurrency (so that
 * a saved page finds a worker whose document it can be written into, see `takeWorker`); a
 * page whose render timed out or crashed is closed instead of reused, and a worker is
 * replaced by a fresh one after `maxRendersPerWorker` renders.
 *
 * The session never closes a browser it was given; `RenderSession.launch` opens one that the
 * session owns and closes in `close()`.
 */
import { availableParallelism } from 'node:os';
import type { Browser, BrowserContext, CDPSession, Dialog, Page, Response } from 'playwright';
import { BrowserLaunchError, ConfigError, FetchError, RenderError } from '../errors.js';
import type { Box, LayoutSnapshot, PageCut } from '../types.js';
import type { RenderInput } from '../input/types.js';
import type { PreparedMarkup } from '../markup/prepare.js';
import { PageWorkPool } from '../page-work/pool.js';
import { DEFAULT_FETCH_LIMITS, type FetchLimits } from '../net/guarded-fetch.js';
import { closeBrowser, framesControlled, launchBrowser, type LaunchBrowserOptions } from './browser.js';
import { firstLine, isCrash, isRetryableStatus, navigationFailure } from './failures.js';
import { drawOverlays, type PageOverlay } from './in-page/draw-overlays.js';
import { DEFAULT_RENDER_OPTIONS, resolveRenderOptions, type RenderOptions, type RenderOptionsInput } from './options.js';
import { pageExpression } from './page-expression.js';
import { canWriteInto, OfflineDocumentServer, offlineLoadPlan } from './offline-load.js';
import { applyOfflinePolicy, type ReplaySource, type RequestStats } from './request-policy.js';
import { startPageClock, type PageClock } from './page-clock.js';
import { takeSnapshotText } from './snapshot.js';
import { phaseBetween, RendererMetrics, type RendererTimings } from './renderer-metrics.js';
import { decodeSnapshotText, type SnapshotPatch } from './snapshot-wire.js';
import { applyGuardedLivePolicy, prefetchDocument, type GuardedStats } from './live-guard.js';
import { prepareLivePage, type LiveOptions, type LiveRecord } from './live/prepare.js';
import { cleanState, originOf } from './clean-state.js';

export type { RenderInput } from '../input/types.js';

export type Overlay = PageOverlay;

export interface RenderedPage {
  /**
   * The layout snapshot, decoded on first use on the calling thread (for tools). The pipeline's
   * own work on it goes to the session's page-work threads with `snapshotText` instead
   * (`session.work`, src/page-work/), under the page's deadline.
   */
  readonly snapshot: LayoutSnapshot;
  /** The snapshot as the page sent it (JSON text; render/snapshot.ts `takeSnapshotText`). */
  snapshotText: string;
  /** Corrections to apply when decoding `snapshotText` (pass them with it). */
  snapshotPatch: SnapshotPatch;
  /** Where the page ended up (after redirects); for saved pages, the URL it was served under. */
  finalUrl: string;
  /** The document's HTTP status; null for saved pages. */
  httpStatus: number | null;
  /** Requests the policy refused (all subresources of a saved page; blocked types of a live one). */
  refusedRequests: number;
  /** A saved page written into the worker's current document rather than navigated to (offline-load.ts). */
  writtenInPlace: boolean;
  /**
   * Preparing the markup (saved pages; in a page-work thread), the load, the snapshot; and the
   * renderer's CPU in the load and the snapshot when the session was opened with `rendererMetrics`.
   */
  timings: { prepareMs: number; loadMs: number; snapshotMs: number; renderer?: RendererTimings };
  /** The page's time budget and what is left of it: Node's work after the render takes its deadline from it. */
  clock: PageClock;
  /** What was cut from the markup before rendering (src/markup/prepare.ts); empty for most pages. */
  cuts: PageCut[];
  /** Pages run with scripts (live, or saved with `javaScript`): how they were settled, scrolled and cleared of overlays (live/prepare.ts). */
  live?: LiveRecord;
  /** A full-page PNG (at most `MAX_SCREENSHOT_HEIGHT_PX` high) with `overlays` drawn over the page. */
  screenshot(path: string, overlays?: Overlay[]): Promise<void>;
}

export interface RenderSessionOptions {
  /** Pages rendered at the same time (one browser context each). Default `DEFAULT_CONCURRENCY`. */
  concurrency?: number;
  /** Options applied to every `render` call unless it overrides them. */
  defaults?: RenderOptionsInput;
  /**
   * Launches a new Chromium when the session's browser crashed or was killed; pages in flight at
   * that moment are rendered once more on the new one. `RenderSession.launch` sets it; without
   * it a dead browser fails every render with `BrowserLaunchError`. Browsers it launched are
   * closed by `close()`.
   */
  relaunch?: () => Promise<Browser>;
  /**
   * Write saved pages into the worker's current document when that gives the same result as
   * navigating to them (see src/markup/in-place.ts); default true. False makes
   * every saved page a navigation (for comparing the two).
   */
  inPlace?: boolean;
  /**
   * Renders after which a worker's context is closed and a fresh one takes its place (on the
   * next render that needs it). Default `DEFAULT_MAX_RENDERS_PER_WORKER`.
   */
  maxRendersPerWorker?: number;
  /**
   * Threads for Node's work on page content (markup preparation here, decoding and extraction
   * by the caller through `work`). Given: used and left open. Absent: the session opens one
   * (as many threads as pages at once) and closes it in `close()`.
   */
  pageWork?: PageWorkPool;
  /**
   * Slows every page's renderer by this factor (Chromium's CPU throttling): a loaded machine,
   * reproduced, for tests and benchmarks of the live steps' stop rules. Default 1 (off).
   */
  cpuSlowdown?: number;
  /**
   * Benchmarks: record each page's renderer CPU in its load and its snapshot
   * (`RenderedPage.timings.renderer`, renderer-metrics.ts). Costs three DevTools round trips a page.
   */
  rendererMetrics?: boolean;
}

/**
 * What the session went through: browsers relaunched, renders tried a second time, workers
 * recycled after `maxRendersPerWorker` renders.
 */
export interface SessionHealth {
  relaunches: number;
  retried: number;
  recycled: number;
}

/**
 * A worker's context is replaced after this many renders. A renderer that writes page after
 * page into one document keeps some of every page (style sheets, caches, the V8 heap grows in
 * steps it rarely gives back), so Chromium's memory creeps up over a long run; a fresh context
 * costs one navigation and a renderer spawn (~0.6 s), ~0.1 % of 500 renders.
 */
export const DEFAULT_MAX_RENDERS_PER_WORKER = 500;

/**
 * Workers kept, idle or busy, per page rendered at once. A saved page is written into a
 * worker's document only when that document has the page's scheme (offline-load.ts); with one
 * worker per slot, an http page among https ones (19 of AEB's 181) turned a worker over to
 * http and the next https page navigated again. Twice as many workers keep both schemes warm.
 */
const WORKERS_PER_SLOT = 2;

/**
 * Pages rendered at once unless told otherwise: one per core. Each page in flight keeps one
 * renderer process busy; Node's share (the snapshot's transfer, extraction) is small next to
 * Chromium's, so more pages than cores only queue for the same cores (measured on the 2-core
 * dev machine: 4 pages at a time were no faster than 2).
 */
export const DEFAULT_CONCURRENCY = Math.min(32, Math.max(1, availableParallelism()));

/** Screenshots stop here: a 50 000 px page would make a PNG nobody can open. */
export const MAX_SCREENSHOT_HEIGHT_PX = 16_000;
const MAX_SCREENSHOT_WIDTH_PX = 4_000;
/** How long a screenshot may take before it counts as a failure. */
const SCREENSHOT_TIMEOUT_MS = 30_000;
/** Closing a context whose renderer is stuck in a script can hang; give up waiting after this. */
const CONTEXT_CLOSE_TIMEOUT_MS = 5_000;
/**
 * What the browser's part of one attempt (opening a worker, loading, the snapshot) may take past
 * the page's deadline before the attempt is given up as 'render-timeout'. Each step has its own
 * timeout; this bounds the calls that have none (opening a context or a page, DevTools commands,
 * evaluations), so that a browser that stops answering without dying fails a page instead of
 * stalling the run.
 */
const ATTEMPT_GRACE_MS = 10_000;
/** The same bound for a page run without a time budget: every step's own timeout, twice over. */
function attemptDeadlineMs(options: RenderOptions, clock?: PageClock): number {
  if (clock && clock.budgetMs > 0) return clock.remainingMs() + ATTEMPT_GRACE_MS;
  if (options.timeBudgetMs > 0) return options.timeBudgetMs + ATTEMPT_GRACE_MS;
  return 2 * (2 * options.navigationTimeoutMs + options.snapshotTimeoutMs + options.settleMs + options.scrollMs) + ATTEMPT_GRACE_MS;
}

/** Content types a live page may have to be rendered as HTML (none at all is accepted too). */
const HTML_CONTENT_TYPES = new Set(['text/html', 'application/xhtml+xml']);

/** A counting semaphore: at most `size` holders at a time, waiters served in order. */
class Slots {
  private readonly waiting: Array<() => void> = [];
  constructor(private free: number) {}

  async acquire(): Promise<void> {
    if (this.free > 0) {
      this.free -= 1;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.free += 1;
  }
}

/** Failures of the page itself, after which its renderer is idle and can be reused. */
const REUSABLE_AFTER = new Set<string>(['render-http-status', 'render-not-html', 'render-dom-too-large', 'render-navigation']);

/** The least time a snapshot gets within a time budget, however long the load took. */
const MIN_BUDGET_SNAPSHOT_MS = 1_000;
/** Dialogs named in a live record at most (a page may open them in a loop). */
const MAX_NOTED_DIALOGS = 20;

/**
 * Browser deaths one page may live through before it is given up (each is healed with a new
 * browser either way). CI lost a page whose retry ran on a browser killed a moment earlier, its
 * death seen only when the retry failed; a page that keeps meeting deaths is the machine's
 * trouble, not the page's, but a run must end.
 */
const MAX_DEATH_RETRIES = 3;

/** How long a failed render waits to learn whether the browser itself died. */
const BROWSER_DEATH_GRACE_MS = 1_000;
/**
 * The same after a crash of the page's renderer: a killed browser takes its renderers with it,
 * and on a loaded machine the browser's disconnection was seen more than a second after the
 * page's crash (CI, two test workers: a killed browser's page was lost as 'render-crashed').
 * Crashes are rare, so the longer wait costs nothing on ordinary pages.
 */
const CRASH_DEATH_GRACE_MS = 5_000;

function deathGraceMs(error: unknown): number {
  // A context or page that could not be opened because the browser "has been closed" is the
  // same news as a crash: the browser is gone, and its disconnection may be seen seconds later.
  const gone = (error instanceof RenderError && error.code === 'render-crashed') || error instanceof BrowserLaunchError;
  return gone ? CRASH_DEATH_GRACE_MS : BROWSER_DEATH_GRACE_MS;
}

/** Failures a dead browser produces (as opposed to a page's own). */
function mayBeBrowserDeath(error: unknown): boolean {
  if (error instanceof BrowserLaunchError) return true;
  return error instanceof RenderError && ['render-crashed', 'render-navigation', 'render-timeout', 'render-script-timeout'].includes(error.code);
}

/** Resolves when one of `browsers` disconnects, or after `ms`. */
function disconnection(browsers: readonly Browser[], ms: number): Promise<void> {
  const watched = [...new Set(browsers)];
  return new Promise((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      for (const b of watched) b.off('disconnected', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    for (const b of watched) b.on('disconnected', done);
  });
}

/** Attempts given up by their watchdog (the browser may have stopped answering altogether). */
const silences = new WeakSet<Error>();

/** How long a browser suspected of having stopped answering gets to answer a DevTools command. */
const BROWSER_PROBE_MS = 3_000;

/** Whether the browser answers a DevTools command within `ms` (a frozen or stopped one does not). */
async function browserAnswers(browser: Browser, ms: number): Promise<boolean> {
  const probe = (async () => {
    const devtools = await browser.newBrowserCDPSession();
    try {
      await devtools.send('Browser.getVersion');
      return true;
    } finally {
      void devtools.detach().catch(() => undefined);
    }
  })().catch(() => false);
  return Promise.race([probe, sleep(ms).then(() => false)]);
}

/**
 * One deadline over the browser's part of an attempt: `bound` races a step against it; on
 * expiry the step is left to settle in the background (a late worker handed to `onLate`, to be
 * closed) and the attempt fails with 'render-timeout'. The attempt also fails at once, with
 * 'render-crashed', when the browser it runs on disconnects: a step pending on a browser killed
 * under it is not always rejected — Playwright's `newPage` on a browser killed while the page
 * opened stayed pending, and the page waited out its whole deadline (60 s + the grace) before
 * its death was healed (test/browser/browser-heal.test.ts, two test workers).
 */
class AttemptWatchdog {
  expired = false;
  private readonly timer: NodeJS.Timeout;
  private readonly expiry: Promise<never>;
  private readonly unwatch: () => void;
  constructor(ms: number, label: string, browser?: Browser) {
    let fail!: (error: RenderError) => void;
    this.expiry = new Promise<never>((_, reject) => (fail = reject));
    this.expiry.catch(() => undefined);
    this.timer = setTimeout(() => {
      this.expired = true;
      const error = new RenderError('render-timeout', `${label}: the browser did not answer within ${Math.round(ms)} ms`, true);
      silences.add(error);
      fail(error);
    }, Math.max(1, ms));
    const died = (): void => {
      if (this.expired) return;
      this.expired = true;
      clearTimeout(this.timer);
      fail(new RenderError('render-crashed', `${label}: the browser died while the page was being rendered`, true));
    };
    this.unwatch = browser === undefined ? () => undefined : watchDeath(browser, died);
    if (browser !== undefined && !browser.isConnected()) died();
  }
  async bound<T>(step: Promise<T>, onLate?: (value: T) => unknown): Promise<T> {
    step.then(
      (value) => {
        if (this.expired) void onLate?.(value);
      },
      () => undefined,
    );
    return Promise.race([step, this.expiry]);
  }
  stop(): void {
    clearTimeout(this.timer);
    this.unwatch();
  }
}

/**
 * What runs when a browser disconnects, per browser: one 'disconnected' listener each, however
 * many attempts watch it (a listener per attempt would pass EventEmitter's warning limit of 10
 * at a high concurrency).
 */
const deathWatchers = new WeakMap<Browser, Set<() => void>>();

/** Calls `onDeath` when `browser` disconnects; returns what stops watching. */
function watchDeath(browser: Browser, onDeath: () => void): () => void {
  let watchers = deathWatchers.get(browser);
  if (watchers === undefined) {
    const fresh = new Set<() => void>();
    browser.on('disconnected', () => {
      for (const watcher of [...fresh]) watcher();
    });
    deathWatchers.set(browser, fresh);
    watchers = fresh;
  }
  watchers.add(onDeath);
  const own = watchers;
  return () => void own.delete(onDeath);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}

/** The MIME type of a response, lower-case, without parameters; '' when absent. */
function mimeType(response: Response): string {
  return (response.headers()['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

/**
 * A warm page: a browser context with one page, reused render after render. Opening a context
 * spawns a renderer and costs far more than rendering a saved page (measured: ~600 ms against
 * ~250 ms on the samples), so workers are kept while they are healthy and discarded after a
 * timeout or a crash, whose renderer may still be busy.
 */
/** Saved pages load with the network off; replayed saved pages and live pages through routes. */
export type WorkerKind = 'saved' | 'replay' | 'live';
function workerKind(input: RenderInput): WorkerKind {
  return input.kind === 'url' ? 'live' : input.replay ? 'replay' : 'saved';
}

interface Worker {
  context: BrowserContext;
  page: Page;
  /** The context options it was made with; a render with other options needs another worker. */
  signature: string;
  crashed: boolean;
  /** Serves saved documents with subresources refused in the browser; only on workers for saved pages. */
  offline?: OfflineDocumentServer;
  /** Renders done on it (it is recycled at `maxRendersPerWorker`). */
  renders: number;
  /**
   * Its document holds state that a page declared in a `<meta>` (a Content Security Policy, a
   * colour scheme), which outlives the page in a reused document (src/markup/markup-pass.ts):
   * the next page is navigated to, in a document of its own, instead of written in.
   */
  stateLeft: boolean;
  /** Pop-ups and new tabs the page opened, closed at once (counted for the live record). */
  popups: number;
  /**
   * Pages with scripts on, live or saved (`--js`): their scripts write cookies, storage,
   * IndexedDB, caches and consent choices, so the worker is cleaned before its next page
   * (`cleanState`) — results must not depend on the order of the inputs (issue 24 item 6).
   * Saved pages without a canonical URL all share one origin (`http://saved.invalid/`), so one
   * saved page's storage would otherwise be the next one's. A fresh context per page gave the
   * same clean state at ~0.25 s more per page (a new renderer process each time).
   */
  cleans: boolean;
  /** Origins whose documents (the page's and its frames') ran since the last clean. */
  origins: Set<string>;
  /** The worker page's own DevTools session, opened on the first clean. */
  devtools?: CDPSession;
  /** The renderer's Performance domain, when the session records renderer metrics. */
  metrics?: RendererMetrics;
}

/** Launch attempts when a dead browser is replaced: a launch can fail once for a passing cause (a machine out of processes or memory for a moment, the new browser killed with the old). */
const RELAUNCH_ATTEMPTS = 3;
const RELAUNCH_PAUSE_MS = 250;

/** `relaunch()`, tried up to `RELAUNCH_ATTEMPTS` times with a short pause between; the last failure is thrown. */
async function relaunchWithRetries(relaunch: () => Promise<Browser>): Promise<Browser> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await relaunch();
    } catch (error) {
      if (attempt >= RELAUNCH_ATTEMPTS) throw error;
      await sleep(RELAUNCH_PAUSE_MS * attempt);
    }
  }
}

/**
 * The address a worker's saved-page document is navigated to when a page cannot be written into
 * the one it holds (its first page, or one after a page that left its state): one per scheme,
 * since a document's scheme decides whether a page's http: images are upgraded. The page itself
 * carries its own address in the `<base>` its in-place text names (src/markup/in-place.ts), and
 * the snapshot is given it. Chromium puts a navigation to another site in a new renderer process
 * (a launch and ~9,000 page faults each; AEB navigated 17 of 181 pages and spawned 17 renderers),
 * one to the same site keeps the process. `.invalid` never resolves: the document is answered
 * from the worker (offline-load.ts) before any lookup.
 */
export function savedDocumentAddress(protocol: string): string {
  return `${protocol}//saved-document.invalid/`;
}

/**
 * What a worker's current document lets a page of `kind` at `url` skip: a saved page is written
 * into a document of its own scheme without a navigation (`canWriteInto`); every other page
 * navigates whatever the worker holds. Pure, on strings.
 */
export function workerFits(kind: WorkerKind, pageUrl: string, workerUrl: string): boolean {
  if (kind !== 'saved') return true;
  const colon = pageUrl.indexOf(':');
  return colon > 0 && workerUrl.slice(0, colon + 1).toLowerCase() === pageUrl.slice(0, colon + 1).toLowerCase();
}

export class RenderSession {
  private readonly slots: Slots;
  private readonly defaults: RenderOptionsInput;
  private readonly openContexts = new Set<BrowserContext>();
  private readonly idle: Worker[] = [];
  /** Workers of failed pages being closed after their page has answered (each holds its slot until closed). */
  private readonly closing = new Set<Promise<void>>();
  private readonly maxWorkers: number;
  private readonly maxRendersPerWorker: number;
  private closed = false;
  private readonly relaunch: (() => Promise<Browser>) | undefined;
  private readonly inPlace: boolean;
  private readonly cpuSlowdown: number;
  /** Browsers this session launched to replace a dead one (closed by `close()`). */
  private readonly relaunched = new Set<Browser>();
  private relaunching: Promise<void> | null = null;
  readonly health: SessionHealth = { relaunches: 0, retried: 0, recycled: 0 };
  private pool: PageWorkPool | undefined;
  private readonly ownsPool: boolean;
  private readonly concurrency: number;
  private readonly rendererMetrics: boolean;

  constructor(
    private browser: Browser,
    options: RenderSessionOptions = {},
    private readonly ownsBrowser = false,
  ) {
    this.relaunch = options.relaunch;
    this.inPlace = options.inPlace ?? true;
    this.cpuSlowdown = options.cpuSlowdown ?? 1;
    if (!(this.cpuSlowdown >= 1)) throw new RangeError('cpuSlowdown must be ≥ 1');
    const concurrency = options.concurrency ?? DEFAULT_CONCURRENCY;
    if (!Number.isInteger(concurrency) || concurrency < 1) throw new RangeError('concurrency must be an integer ≥ 1');
    this.slots = new Slots(concurrency);
    this.concurrency = concurrency;
    this.pool = options.pageWork;
    this.ownsPool = options.pageWork === undefined;
    this.maxWorkers = WORKERS_PER_SLOT * concurrency;
    const maxRenders = options.maxRendersPerWorker ?? DEFAULT_MAX_RENDERS_PER_WORKER;
    if (!Number.isInteger(maxRenders) || maxRenders < 1) throw new RangeError('maxRendersPerWorker must be an integer ≥ 1');
    this.maxRendersPerWorker = maxRenders;
    this.defaults = options.defaults ?? {};
    this.rendererMetrics = options.rendererMetrics === true;
  }

  /** Launches Chromium for a session that owns it (closed by `close()`). */
  static async launch(options: RenderSessionOptions & { browser?: LaunchBrowserOptions } = {}): Promise<RenderSession> {
    const browser = await launchBrowser(options.browser);
    return new RenderSession(browser, { relaunch: () => launchBrowser(options.browser), ...options }, true);
  }

  /** The threads for Node's work on page content (opened on first use when none was given). */
  get work(): PageWorkPool {
    if (this.closed && this.ownsPool) throw new BrowserLaunchError('The render session is closed');
    this.pool ??= new PageWorkPool({ size: this.concurrency });
    return this.pool;
  }

  /** Pages being rendered or used right now. */
  get activePages(): number {
    return this.openContexts.size - this.idle.length;
  }

  /**
   * Renders `input`, takes its layout snapshot and hands the page to `use`. The page goes back
   * to the session's pool when `use` returns or throws (or is closed, when the render failed in
   * a way that may leave its renderer busy). Rendering failures are `RenderError`s; a browser that
   * died is a `BrowserLaunchError` (fatal); bad options are a `ConfigError`.
   */
  async render<T>(
    input: RenderInput,
    use: (page: RenderedPage) => Promise<T>,
    options: RenderOptionsInput = {},
  ): Promise<T> {
    const resolved = resolveRenderOptions({ ...this.defaults, ...options }, input.kind);
    if (framesControlled(this.browser) && (workerKind(input) !== 'saved' || resolved.javaScript)) {
      throw new ConfigError(
        'This page needs a browser that draws frames (a live page, an archive replayed, or scripts on); the session\'s browser was launched for saved pages without scripts (launchBrowser\'s savedPagesOnly)',
      );
    }
    // A page-work thread's start-up is the session's, not the page's: a saved page's budget
    // starts after it (its markup is prepared there first); a live page's threads start while it loads.
    if (input.kind === 'html') await this.work.ready();
    else this.work.ready().catch(() => undefined);
    const clock = startPageClock(resolved.timeBudgetMs);
    // Saved pages are prepared in Node first (src/markup/prepare.ts, in a page-work thread
    // under the page's deadline): refused when huge, reshaped where Chromium's cost would
    // explode, made ready to be written in place.
    const prepared = input.kind === 'html' ? await this.prepare(input, resolved, clock) : null;
    const prepareMs = clock.elapsedMs();
    if (prepared && prepared.cuts.length > 0) {
      const cuts = prepared.cuts;
      const original = use;
      use = (page) => original(withPage(page, { cuts: [...cuts, ...page.cuts] }));
    }
    {
      const original = use;
      use = (page) => original(withPage(page, { clock, timings: { ...page.timings, prepareMs: Math.round(prepareMs) } }));
    }
    // The browser died under this page (crash, OOM kill, kill -9): heal and try again, up to
    // MAX_DEATH_RETRIES deaths in one page's life; a crash of the page's renderer alone is tried
    // once more. Each failure is looked at afresh: a retry that fails because the browser it ran
    // on was dying (its death seen only now) heals and tries again instead of losing the page.
    let deathRetries = 0;
    let crashRetries = 0;
    for (;;) {
      const browser = this.browser;
      try {
        return await this.renderWithinBudget(input, prepared, use, resolved, clock);
      } catch (error) {
        if (this.closed || this.relaunch === undefined) throw error;
        // The page ran on the browser of its start or, when that one died and was replaced while
        // the page waited for a slot, on its successor: either may be the one that died.
        const current = this.browser;
        // The page usually learns of the death a moment before the browser object does.
        // Either may be the dead one: a page that started on a browser already replaced learns of
        // its death while `current` is the healthy successor (CI: a page lost at newPage).
        const suspect = mayBeBrowserDeath(error) || (error instanceof Error && silences.has(error));
        if (browser.isConnected() && current.isConnected() && suspect) await disconnection([browser, current], deathGraceMs(error));
        // A browser that stopped answering without dying (frozen, stopped) fails its pages by
        // their timeouts: one that does not answer a DevTools command either is killed, and
        // healed below as a death (a page stuck in its own script leaves the browser answering).
        // A browser that failed the probe is dead to the session even if Playwright has not seen
        // its connection end (a process gone while its pipe stayed open): it is replaced.
        let unresponsive: Browser | null = null;
        if (suspect && browser.isConnected() && !(await browserAnswers(browser, BROWSER_PROBE_MS))) {
          await closeBrowser(browser, BROWSER_PROBE_MS);
          unresponsive = browser;
        }
        const dead = !current.isConnected() ? current : !browser.isConnected() ? browser : unresponsive;
        if (!dead) {
          // The page's renderer died and the browser lives on, or its death was not seen within the
          // grace (a renderer killed for memory; CI: a killed browser whose disconnection came
          // late, the page lost as 'render-crashed'): once more, in a fresh worker (a crashed one
          // is never reused). A page that crashes its renderer itself fails the second time.
          if (error instanceof RenderError && error.code === 'render-crashed' && crashRetries < 1) {
            crashRetries += 1;
            this.health.retried += 1;
            continue;
          }
          throw error;
        }
        await this.heal(dead);
        if (deathRetries >= MAX_DEATH_RETRIES) throw error;
        deathRetries += 1;
        this.health.retried += 1;
      }
    }
  }

  /** The markup step of a saved page (pure; src/markup/prepare.ts), in a page-work thread under the page's deadline. */
  private async prepare(input: Extract<RenderInput, { kind: 'html' }>, resolved: RenderOptions, clock: PageClock, bytes: Buffer = input.bytes): Promise<PreparedMarkup> {
    const options = {
      url: input.url,
      maxElements: resolved.maxElements,
      javaScript: resolved.javaScript,
      inPlace: this.inPlace && input.replay === undefined,
      timeBudgetMs: resolved.timeBudgetMs,
    };
    const out = await this.work.run({ kind: 'prepare', bytes, options }, { label: input.label, deadlineMs: clock.nodeWorkDeadlineMs() });
    return { ...out, bytes: out.bytes === null ? bytes : Buffer.from(out.bytes.buffer, out.bytes.byteOffset, out.bytes.byteLength) };
  }

  /**
   * Renders a page within its time budget, once. A saved page: what one render could not finish
   * within it was cut before (src/markup/budget-cuts.ts, decided from the markup's counts, the
   * record saying what with cuts of kind 'time'), and the load and the snapshot together are
   * given the budget: the load at most the budget less `MIN_BUDGET_SNAPSHOT_MS`, the snapshot
   * what the load left (at least that, so a budget under 2 s can be passed by up to a second). A
   * page that still runs past it fails with its timeout (typed, not retried). A live page's
   * budget bounds its fetch, navigation, waiting, live steps and snapshot together (`load`);
   * past it the page fails with 'render-timeout'.
   */
  private async renderWithinBudget<T>(
    input: RenderInput,
    prepared: PreparedMarkup | null,
    use: (page: RenderedPage) => Promise<T>,
    resolved: RenderOptions,
    clock: PageClock,
  ): Promise<T> {
    const budgetMs = resolved.timeBudgetMs;
    if (budgetMs === 0) return this.renderOnce(input, prepared, use, resolved);
    // The snapshot's share: `MIN_BUDGET_SNAPSHOT_MS`, or half of a budget shorter than twice that.
    const loadMs = budgetMs - Math.min(MIN_BUDGET_SNAPSHOT_MS, budgetMs / 2);
    const bounded: RenderOptions = {
      ...resolved,
      navigationTimeoutMs: Math.min(resolved.navigationTimeoutMs, loadMs),
      snapshotTimeoutMs: Math.min(resolved.snapshotTimeoutMs, budgetMs),
    };
    // A saved page run with scripts takes the live steps, which spend from its clock (its
    // markup preparation already did); without scripts its load and snapshot split the budget as above.
    if (input.kind !== 'html' || resolved.javaScript) return this.renderOnce(input, prepared, use, bounded, clock);
    return this.renderOnce(input, prepared, use, bounded);
  }

  /** Replaces a dead browser once, however many renders noticed it. */
  private async heal(dead: Browser): Promise<void> {
    if (this.browser === dead && !this.relaunching) {
      this.relaunching = (async () => {
        try {
          // Workers of the dead browser are gone with it.
          this.idle.length = 0;
          for (const context of [...this.openContexts]) if (context.browser() === dead) this.openContexts.delete(context);
          const fresh = await relaunchWithRetries(this.relaunch!);
          this.relaunched.add(fresh);
          if (this.relaunched.has(dead)) this.relaunched.delete(dead);
          this.browser = fresh;
          this.health.relaunches += 1;
        } finally {
          this.relaunching = null;
        }
      })();
    }
    await this.relaunching;
  }

  private async renderOnce<T>(
    input: RenderInput,
    prepared: PreparedMarkup | null,
    use: (page: RenderedPage) => Promise<T>,
    resolved: RenderOptions,
    clock?: PageClock,
  ): Promise<T> {
    await this.slots.acquire();
    let worker: Worker | undefined;
    let healthy = false;
    try {
      const watchdog = new AttemptWatchdog(attemptDeadlineMs(resolved, clock), input.label, this.browser);
      try {
        worker = await watchdog.bound(this.takeWorker(resolved, workerKind(input), input.url), (late) => this.closeContext(late.context));
      } finally {
        if (!worker) watchdog.stop();
      }
      worker.crashed = false;
      worker.renders += 1;
      try {
        // A render-timeout is not reusable: a worker whose renderer stopped answering is closed.
        let rendered: RenderedPage;
        try {
          rendered = await watchdog.bound(this.load(worker, input, prepared, resolved, clock));
        } finally {
          watchdog.stop();
        }
        const result = await use(rendered);
        healthy = !worker.crashed;
        return result;
      } catch (error) {
        if (worker.crashed && !(error instanceof RenderError && error.code === 'render-crashed')) {
          throw new RenderError('render-crashed', `The page crashed: ${input.label}`, true, { cause: error });
        }
        // A page that failed for its own reasons (bad status, not HTML, too large) leaves a
        // healthy renderer; timeouts and crashes may not.
        healthy = ((error instanceof RenderError && REUSABLE_AFTER.has(error.code)) || error instanceof FetchError) && !worker.crashed;
        throw error;
      }
    } finally {
      if (worker && !healthy) {
        // A failed page's answer does not wait for its worker to close (up to
        // CONTEXT_CLOSE_TIMEOUT_MS on a renderer stuck in a script): the page ends at its budget,
        // and its slot stays taken until the close is done, so no more pages run than allowed.
        const closing = this.returnWorker(worker, false).finally(() => {
          this.slots.release();
          this.closing.delete(closing);
        });
        this.closing.add(closing);
      } else {
        if (worker) await this.returnWorker(worker, healthy);
        this.slots.release();
      }
    }
  }

  /** Closes every open page context, and the browser if the session launched it. */
  async close(): Promise<void> {
    this.closed = true;
    this.idle.length = 0;
    await Promise.all([...this.closing]);
    await Promise.all([...this.openContexts].map((context) => this.closeContext(context)));
    if (this.ownsBrowser) await closeBrowser(this.browser);
    for (const browser of this.relaunched) await closeBrowser(browser);
    if (this.ownsPool) await this.pool?.close();
  }

  private async takeWorker(options: RenderOptions, kind: WorkerKind, url: string): Promise<Worker> {
    // Saved and live pages need differently set up pages (see `OfflineDocumentServer`).
    const signature = JSON.stringify([kind, options.javaScript, options.viewport, options.userAgent ?? null]);
    // Warm workers are keyed by what their current document allows (`workerFits`): a saved
    // page takes the longest-idle worker whose document has its scheme; failing that, a new
    // worker while the pool has room (it navigates once, then keeps that scheme for the pages
    // after), and only then a worker of the other scheme (which navigates and turns over).
    // Workers of a browser that died or was replaced are gone with it: one returned to the pool
    // just as its browser was killed would fail the next page on a browser that looks alive.
    for (let i = this.idle.length - 1; i >= 0; i--) if (!this.ownWorker(this.idle[i]!)) this.idle.splice(i, 1);
    let index = this.idle.findIndex((w) => w.signature === signature && workerFits(kind, url, w.page.url()));
    if (index < 0 && this.openContexts.size >= this.maxWorkers) index = this.idle.findIndex((w) => w.signature === signature);
    if (index >= 0) return this.idle.splice(index, 1)[0]!;
    const context = await this.openContext(options);
    try {
      const page = await context.newPage();
      if (this.cpuSlowdown > 1) await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: this.cpuSlowdown });
      const worker: Worker = { context, page, signature, crashed: false, renders: 0, stateLeft: false, popups: 0, cleans: options.javaScript, origins: new Set() };
      if (worker.cleans) {
        // Storage belongs to the origins of documents; every frame's navigation names one.
        page.on('framenavigated', (frame) => {
          const origin = originOf(frame.url());
          if (origin !== null) worker.origins.add(origin);
        });
      }
      // Pop-ups and new tabs are closed at the context level as they open, and on live workers
      // refused every request first: only the worker's page goes out, through its fetch guard.
      // (Saved pages' workers answer documents through CDP's Fetch domain: no context route there.)
      context.on('page', (opened) => {
        if (opened === page) return;
        worker.popups += 1;
        void opened.close().catch(() => undefined);
      });
      if (kind !== 'saved') {
        await context.route('**/*', async (route) => {
          let fromWorker = false;
          try {
            fromWorker = route.request().frame().page() === page;
          } catch {
            // a request of no frame (a service worker's): not the worker page's
          }
          if (fromWorker) await route.fallback().catch(() => undefined);
          else await route.abort('blockedbyclient').catch(() => undefined);
        });
      }
      page.on('crash', () => {
        worker.crashed = true;
      });
      if (kind === 'saved') worker.offline = await OfflineDocumentServer.attach(page, { drawFrames: options.javaScript, framesControlled: framesControlled(this.browser) });
      if (this.rendererMetrics) worker.metrics = await RendererMetrics.attach(page);
      return worker;
    } catch (cause) {
      await this.closeContext(context);
      throw new BrowserLaunchError(`Chromium could not open a page: ${firstLine(cause)}`, { cause });
    }
  }

  private async returnWorker(worker: Worker, healthy: boolean): Promise<void> {
    worker.offline?.disarm();
    if (healthy && !this.closed && worker.renders >= this.maxRendersPerWorker) {
      // Worn out, not broken: a fresh context takes its place when a render needs one.
      this.health.recycled += 1;
      await this.closeContext(worker.context);
      return;
    }
    if (healthy && !this.closed) {
      // Routes belong to the render that set them; the next render sets its own. The page is
      // first taken to about:blank while they still stand: a document left live could navigate
      // or fetch (a timer, a redirect) once its guard is gone.
      // A saved page's worker keeps its document for the next page's in-place write — unless it
      // ran scripts (then its next page navigates anyway: prepareMarkup writes nothing in place).
      let cleared = worker.offline && !worker.cleans
        ? true
        : await Promise.race([
            worker.page
              .goto('about:blank')
              .then(() => worker.page.unrouteAll({ behavior: 'ignoreErrors' }))
              .then(() => true, () => false),
            sleep(CONTEXT_CLOSE_TIMEOUT_MS).then(() => false),
          ]);
      if (cleared && worker.cleans) cleared = await cleanState(worker);
      if (cleared && this.ownWorker(worker)) {
        this.idle.push(worker);
        // Over the pool's size (workers of another signature were opened): the longest idle go.
        while (this.idle.length > 0 && this.openContexts.size > this.maxWorkers) await this.closeContext(this.idle.shift()!.context);
        return;
      }
    }
    await this.closeContext(worker.context);
  }

  /** Whether a worker belongs to the session's browser of now, and that browser is alive. */
  private ownWorker(worker: Worker): boolean {
    return worker.context.browser() === this.browser && this.browser.isConnected();
  }

  private async openContext(options: RenderOptions): Promise<BrowserContext> {
    if (this.closed) throw new BrowserLaunchError('The render session is closed');
    try {
      const context = await this.browser.newContext({
        javaScriptEnabled: options.javaScript,
        viewport: options.viewport,
        ...(options.userAgent !== undefined ? { userAgent: options.userAgent } : {}),
        serviceWorkers: 'block',
        acceptDownloads: false,
      });
      this.openContexts.add(context);
      return context;
    } catch (cause) {
      throw new BrowserLaunchError(`Chromium is not running any more (crashed or closed): ${firstLine(cause)}`, {
        cause,
      });
    }
  }

  /** Closes a context without ever waiting forever on a renderer stuck in a script. */
  private async closeContext(context: BrowserContext): Promise<void> {
    this.openContexts.delete(context);
    await Promise.race([context.close().catch(() => undefined), sleep(CONTEXT_CLOSE_TIMEOUT_MS)]);
  }

  /**
   * Loads and snapshots the page. A live page with a budget must finish both within what is
   * left of it ('render-timeout' otherwise; its worker is then closed, which stops the rest).
   */
  private async load(worker: Worker, input: RenderInput, prepared: PreparedMarkup | null, options: RenderOptions, clock?: PageClock): Promise<RenderedPage> {
    if (input.kind !== 'url' || clock === undefined || clock.budgetMs === 0) return this.loadPage(worker, input, prepared, options, clock);
    const loading = this.loadPage(worker, input, prepared, options, clock);
    loading.catch(() => undefined);
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new RenderError('render-timeout', `${input.label} did not load and snapshot within its time budget of ${clock.budgetMs} ms`, true)),
        clock.remainingMs(),
      );
    });
    try {
      return await Promise.race([loading, deadline]);
    } finally {
      clearTimeout(timer);
    }
  }

  private async loadPage(worker: Worker, input: RenderInput, prepared: PreparedMarkup | null, options: RenderOptions, clock?: PageClock): Promise<RenderedPage> {
    const page = worker.page;
    const beforeLoad = await worker.metrics?.read();
    const loadStarted = performance.now();
    let stats: RequestStats;
    let guarded: GuardedStats | undefined;
    let httpStatus: number | null = null;
    let writtenUrl: string | undefined;
    /** The page's own address, when its document has another (the saved-document address it was navigated to). */
    let servedUrl: string | undefined;
    /** The page loaded is its in-place text, with the `<base>` the markup step put in it. */
    let baseInserted = false;
    let live: LiveRecord | undefined;
    if (input.kind === 'html') {
      // A page whose archive replays subresources needs them answered from Node (a route per
      // request); every other saved page loads with the network off (offline-load.ts): written
      // into the worker's current document when that gives what a navigation would, else
      // navigated to in one step.
      const inPlace = prepared?.inPlace ?? null;
      const bytes = prepared?.bytes ?? input.bytes;
      const writable = inPlace !== null && !worker.stateLeft && canWriteInto(page.url(), inPlace);
      // Set before the load: a page that fails half-way may have left its state too.
      worker.stateLeft = prepared?.leavesDocumentState === true;
      if (worker.offline && inPlace && writable) {
        try {
          stats = await worker.offline.write(inPlace, options.navigationTimeoutMs);
          stats.refused += inPlace.requestsRemoved;
        } catch (error) {
          throw navigationFailure(error, input.label, options.navigationTimeoutMs);
        }
        writtenUrl = inPlace.url;
        baseInserted = true;
      } else {
        let waitUntil: 'load' = 'load';
        let target = input.url;
        if (worker.offline) {
          // A page that could have been written (the worker's first, or one after a page that left
          // its state) is served as it would have been written: its refused requests and dead
          // script text out, under a <base> naming its address (inert.ts). Navigated from its
          // saved bytes, AEB's first pages asked Chromium for ~30 subresources each, three
          // DevTools events apiece, all refused.
          const plan = offlineLoadPlan(inPlace ? Buffer.from(inPlace.html, 'utf8') : bytes);
          waitUntil = plan.waitUntil;
          stats = worker.offline.arm(plan);
          if (inPlace) {
            stats.refused += inPlace.requestsRemoved;
            baseInserted = true;
            // Its <base> gives it its address, as to a written page: the document itself is
            // navigated to the worker's own address (`savedDocumentAddress`), one site for every
            // saved page of a scheme, so that Chromium keeps the worker's renderer process. A
            // navigation to the page's own site was cross-site and swapped in a new process.
            target = savedDocumentAddress(inPlace.protocol);
            servedUrl = inPlace.url;
          }
        } else {
          stats = await applyOfflinePolicy(page, bytes, input.replay);
        }
        try {
          const navigation = page.goto(target, { waitUntil, timeout: options.navigationTimeoutMs });
          await (worker.offline ? worker.offline.withFrames(navigation) : navigation);
        } catch (error) {
          throw navigationFailure(error, input.label, options.navigationTimeoutMs);
        }
      }
      // With scripts on, a saved page's scripts may build its body after `load` (from inline
      // data, on scroll, behind a consent dialog): the same live steps as a URL, from the same
      // budget. Without scripts nothing would change after `load`: saved pages skip them.
      if (options.javaScript) live = await this.withLiveNotes(worker, () => prepareLivePage(page, liveStepOptions(options, clock)));
    } else {
      // The fetch guard: Node fetches the document (and every subrequest) under its limits.
      const limits: FetchLimits = {
        ...DEFAULT_FETCH_LIMITS,
        allowPrivateNetwork: options.allowPrivateNetwork,
        allowedAddresses: options.allowedAddresses,
        hostAddresses: options.hostAddresses,
        maxBodyBytes: options.maxResponseBytes,
        timeoutMs: Math.max(1, Math.min(options.navigationTimeoutMs, clock?.remainingMs() ?? Infinity)),
      };
      const userAgent = options.userAgent ?? (await page.evaluate(() => navigator.userAgent));
      const document = await prefetchDocument(input.url, { 'user-agent': userAgent }, limits);
      // Refused before Chromium spends anything on them (the same checks follow the navigation).
      if (document.status >= 400) {
        throw new RenderError('render-http-status', `${document.url} answered HTTP ${document.status}`, isRetryableStatus(document.status));
      }
      const documentMime = String(document.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
      if (documentMime !== '' && !HTML_CONTENT_TYPES.has(documentMime)) throw notHtml(document.url, documentMime);
      stats = guarded = await applyGuardedLivePolicy(page, { blockResources: options.blockResources, limits, document, blockAds: options.blockAds });
      ({ status: httpStatus, live } = await this.loadLive(worker, document.url, options, clock));
    }
    const loadMs = performance.now() - loadStarted;
    const afterLoad = await worker.metrics?.read();

    const snapshotStarted = performance.now();
    // Within a time budget, the snapshot has what the load left of it (at least a second).
    const leftMs = clock && clock.budgetMs > 0 ? clock.remainingMs() : options.timeBudgetMs - loadMs;
    const snapshotOptions =
      options.timeBudgetMs > 0 ? { ...options, snapshotTimeoutMs: Math.min(options.snapshotTimeoutMs, Math.max(MIN_BUDGET_SNAPSHOT_MS, leftMs)) } : options;
    const snapshotText = await snapshotSettled(page, snapshotOptions);
    const snapshotMs = performance.now() - snapshotStarted;
    if (live && guarded) live.network = { fetched: guarded.fetched, bytes: guarded.bytes, ads: guarded.ads };
    const afterSnapshot = await worker.metrics?.read();
    const renderer =
      beforeLoad && afterLoad && afterSnapshot ? { renderer: { load: phaseBetween(beforeLoad, afterLoad), snapshot: phaseBetween(afterLoad, afterSnapshot) } } : {};
    // The document kept the address of the worker's earlier page; the page's own is its
    // <base> (see inPlaceDocument), which is not the page's element either.
    // The inserted <base> is not the page's: its element count is the page's own.
    const ownUrl = writtenUrl ?? servedUrl;
    const snapshotPatch: SnapshotPatch = { ...(ownUrl !== undefined ? { url: ownUrl } : {}), ...(baseInserted ? { elementCountDelta: -1 } : {}) };

    return renderedPage({
      snapshotText,
      snapshotPatch,
      clock: clock ?? startPageClock(0, loadStarted),
      finalUrl: ownUrl ?? page.url(),
      httpStatus,
      refusedRequests: stats.refused,
      writtenInPlace: writtenUrl !== undefined,
      timings: { prepareMs: 0, loadMs: Math.round(loadMs), snapshotMs: Math.round(snapshotMs), ...renderer },
      cuts: [],
      ...(live ? { live } : {}),
      screenshot: async (path, overlays = []) => {
        // A browser that draws no frames of its own cannot take a picture (Playwright waits out its timeout).
        if (framesControlled(this.browser)) throw new ConfigError(`A screenshot needs a browser that draws frames; this one was launched for saved pages without scripts or screenshots (launchBrowser's savedPagesOnly): launch one without it`);
        await screenshotWithOverlays(page, path, overlays, pageSizeOf(snapshotText));
      },
    });
  }

  /**
   * Navigates to a live URL until `domcontentloaded`, checks status and content type, then
   * gives the page a bounded grace period to reach `load`, then (scripts on) lets it settle,
   * scrolls it and sets overlays aside (live/prepare.ts). Returns the HTTP status and that record.
   */
  private async loadLive(worker: Worker, url: string, options: RenderOptions, clock?: PageClock): Promise<{ status: number; live?: LiveRecord }> {
    let status = 0;
    const live = await this.withLiveNotes(worker, async () => {
      const loaded = await this.navigateLive(worker.page, url, options, clock);
      status = loaded.status;
      return loaded.live;
    });
    return { status, ...(live ? { live } : {}) };
  }

  /**
   * Runs `steps` (a live page's load and live steps) with the page's JS dialogs dismissed as
   * they open, and notes them and the pop-ups closed meanwhile in the live record it returns.
   */
  private async withLiveNotes(worker: Worker, steps: () => Promise<LiveRecord | undefined>): Promise<LiveRecord | undefined> {
    // alert/confirm/prompt/beforeunload never block a run: dismissed, and noted in the record.
    const dialogs: string[] = [];
    const onDialog = (dialog: Dialog): void => {
      if (dialogs.length < MAX_NOTED_DIALOGS) dialogs.push(dialog.type());
      void dialog.dismiss().catch(() => undefined);
    };
    worker.page.on('dialog', onDialog);
    const popupsBefore = worker.popups;
    try {
      const live = await steps();
      if (live) {
        live.dialogs = dialogs;
        live.popups = worker.popups - popupsBefore;
      }
      return live;
    } finally {
      worker.page.off('dialog', onDialog);
    }
  }

  private async navigateLive(page: Page, url: string, options: RenderOptions, clock?: PageClock): Promise<{ status: number; live?: LiveRecord }> {
    let documentResponse: Response | undefined;
    const onResponse = (response: Response): void => {
      const request = response.request();
      if (request.isNavigationRequest() && request.frame() === page.mainFrame()) documentResponse = response;
    };
    page.on('response', onResponse);
    const started = performance.now();
    let response: Response | null;
    try {
      response = await page.goto(url, { waitUntil: 'domcontentloaded', timeout: options.navigationTimeoutMs });
    } catch (error) {
      // A PDF or an image is often turned into a download, which fails the navigation.
      if (documentResponse && mimeType(documentResponse) && !HTML_CONTENT_TYPES.has(mimeType(documentResponse))) {
        throw notHtml(url, mimeType(documentResponse), error);
      }
      throw navigationFailure(error, url, options.navigationTimeoutMs);
    } finally {
      page.off('response', onResponse);
    }
    if (!response) throw new RenderError('render-navigation', `Navigation to ${url} produced no response`, true);
    const status = response.status();
    if (status >= 400) {
      throw new RenderError('render-http-status', `${url} answered HTTP ${status}`, isRetryableStatus(status));
    }
    const mime = mimeType(response);
    if (mime !== '' && !HTML_CONTENT_TYPES.has(mime)) throw notHtml(url, mime);

    const remainingMs = options.navigationTimeoutMs - (performance.now() - started);
    // Within a budget the wait for `load` leaves the snapshot its least time.
    const budgetLeftMs = clock && clock.budgetMs > 0 ? clock.remainingMs() - MIN_BUDGET_SNAPSHOT_MS : Infinity;
    const graceMs = Math.max(0, Math.min(DEFAULT_RENDER_OPTIONS.liveLoadGraceMs, remainingMs, budgetLeftMs));
    // Ads and trackers can hold `load` back for long; the DOM is there, so go on without it.
    await page.waitForLoadState('load', { timeout: Math.max(1, graceMs) }).catch((error: unknown) => {
      if (isCrash(error)) throw navigationFailure(error, url, options.navigationTimeoutMs);
    });
    if (!options.javaScript) return { status };
    const live = await prepareLivePage(page, liveStepOptions(options, clock));
    return { status, live };
  }
}

/** Settling, consent, scrolling and overlays spend from the page's budget; the snapshot keeps its least time. */
function liveStepOptions(options: RenderOptions, clock?: PageClock): LiveOptions {
  return {
    settleMs: options.settleMs,
    scrollMs: options.scrollMs,
    consent: options.consent,
    budgetLeftMs: clock && clock.budgetMs > 0 ? Math.max(0, clock.remainingMs() - MIN_BUDGET_SNAPSHOT_MS) : Infinity,
    // A page stuck in a script is given up on after the script timeout, as its snapshot would be.
    commandTimeoutMs: options.snapshotTimeoutMs,
  };
}

/**
 * Takes the snapshot; if a script or meta refresh navigates the page while the collector runs,
 * waits for the new document to load and tries again — up to SNAPSHOT_NAVIGATION_TRIES times in
 * all. One retry was not always enough: the old document's context can be destroyed before the
 * new one commits, and waiting for `load` then returns at once (the old document had loaded), so
 * the second snapshot met the commit (CI, render-live.test.ts "a page that moves itself on").
 */
async function snapshotSettled(page: Page, options: RenderOptions): Promise<string> {
  // With scripts off, nothing of the page can touch a collector kept in its window (snapshot.ts).
  const snapshotOptions = { maxElements: options.maxElements, timeoutMs: options.snapshotTimeoutMs, scriptless: !options.javaScript };
  for (let attempt = 1; ; attempt++) {
    try {
      return await takeSnapshotText(page, snapshotOptions);
    } catch (error) {
      if (!(error instanceof RenderError && error.code === 'render-navigation') || attempt >= SNAPSHOT_NAVIGATION_TRIES) throw error;
      await page.waitForLoadState('load', { timeout: options.navigationTimeoutMs }).catch(() => undefined);
    }
  }
}

/** Snapshots tried on a page that navigates while the collector runs (the last failure is the page's error). */
const SNAPSHOT_NAVIGATION_TRIES = 3;

/**
 * A rendered page whose `snapshot` is decoded on first use (and once), on the thread that asks
 * for it. The session's own code never asks (nor spreads a page: `withPage` copies the getter).
 */
function renderedPage(fields: Omit<RenderedPage, 'snapshot'>): RenderedPage {
  let decoded: LayoutSnapshot | undefined;
  return Object.defineProperty(fields, 'snapshot', {
    get: () => (decoded ??= decodeSnapshotText(fields.snapshotText, fields.snapshotPatch)),
    enumerable: true,
  }) as RenderedPage;
}

/** `page` with some fields replaced, sharing its (lazily decoded) snapshot without decoding it. */
function withPage(page: RenderedPage, patch: Partial<Omit<RenderedPage, 'snapshot'>>): RenderedPage {
  return Object.assign(Object.defineProperties({}, Object.getOwnPropertyDescriptors(page)), patch) as RenderedPage;
}

/**
 * The page's scroll size, for the screenshot's clip: the wire form puts `page` ahead of the
 * nodes (in-page/pack-layout.ts), so it is read from the text's start without parsing all of it.
 */
function pageSizeOf(snapshotText: string): { width: number; height: number } {
  const match = /"page":\{"width":(\d+(?:\.\d+)?),"height":(\d+(?:\.\d+)?)\}/u.exec(snapshotText.slice(0, 65_536));
  return match ? { width: Number(match[1]), height: Number(match[2]) } : { width: MAX_SCREENSHOT_WIDTH_PX, height: MAX_SCREENSHOT_HEIGHT_PX };
}

function notHtml(url: string, mime: string, cause?: unknown): RenderError {
  return new RenderError('render-not-html', `${url} is ${mime}, not an HTML page`, false, { cause });
}

/** Draws the overlays, takes a full-page PNG (height capped), and removes the overlays again. */
async function screenshotWithOverlays(
  page: Page,
  path: string,
  overlays: Overlay[],
  pageSize: { width: number; height: number },
): Promise<void> {
  if (overlays.length > 0) await page.evaluate(pageExpression(drawOverlays, overlays));
  try {
    const clip: Box = {
      x: 0,
      y: 0,
      width: Math.max(1, Math.min(pageSize.width, MAX_SCREENSHOT_WIDTH_PX)),
      height: Math.max(1, Math.min(pageSize.height, MAX_SCREENSHOT_HEIGHT_PX)),
    };
    await page.screenshot({ path, fullPage: true, clip, type: 'png', timeout: SCREENSHOT_TIMEOUT_MS });
  } finally {
    if (overlays.length > 0) await page.evaluate(pageExpression(drawOverlays, null)).catch(() => undefined);
  }
}
