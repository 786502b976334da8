/**
 * Extraction end to end: inputs → render (Chromium) → snapshot → pure stages → article.
 *
 * Library entry points accept a browser injected and never close what they did not open;
 * when none is given, one is launched for the call and closed before it returns.
 */
import type { Browser } from 'playwright';
import { describeError, type BroadsheetError } from '../errors.js';
import { expandInputs, loadSavedPage, onlySavedPagesWithoutFrames, savedPageFromBytes, warcPageInput, type InputSpec } from '../input/inputs.js';
import { expandWarcSpecs } from '../input/warc.js';
import { closeBrowser, launchBrowser } from '../render/browser.js';
import { defaultTimeBudgetMs } from '../render/options.js';
import type { RenderInput } from '../input/types.js';
import { RenderSession, type RenderedPage } from '../render/session.js';
import type { PageWorkPool } from '../page-work/index.js';
import type { LiveRecord } from '../render/live/prepare.js';
import { UNKNOWN_PAGE_ORIGIN } from '../types.js';
import type { Article, PageFacts, PageTypeVerdict } from './article.js';
import type { Explanation, ExtractParams } from './from-snapshot.js';
import { resolveExtractOptions, type ExtractOptions, type ExtractOptionsInput } from './options.js';
import { unitOverlays } from './overlays.js';
import type { BudgetCut } from './page-budget.js';

export interface ExtractTimings {
  /** Reading and checking a saved file. */
  loadMs: number;
  /** Preparing a saved page's markup (src/markup/, in a page-work thread). */
  prepareMs?: number;
  /** Navigation until the `load` event. */
  renderMs: number;
  /** The in-page layout snapshot. */
  snapshotMs: number;
  /** Decoding the snapshot the page sent (in a page-work thread). */
  decodeMs?: number;
  /** Segmentation, scoring, selection and article building (in a page-work thread). */
  extractMs: number;
  totalMs: number;
}

interface ResultBase {
  /** The input as given (a file path or a URL). */
  input: string;
  /**
   * The page's time budget in ms (`--time-budget`; 0: none): everything done for the page
   * spends from it, `timingsMs` says what used it.
   */
  budgetMs?: number;
  timingsMs: ExtractTimings;
}

interface RenderedResult {
  /** What the page budget cut before extraction (page-budget.ts); present only when something was. */
  cuts?: BudgetCut[];
  /** Live pages, and saved pages run with scripts: settle, consent, scroll, unclamp and overlay steps (src/render/live/prepare.ts). */
  live?: LiveRecord;
}

export type ExtractionResult =
  | (ResultBase & RenderedResult & { status: 'article'; article: Article; explanation?: Explanation; screenshot?: string })
  | (ResultBase & RenderedResult & { status: 'none'; url: string; reason: string; pageType?: PageTypeVerdict; facts?: PageFacts; explanation?: Explanation; screenshot?: string })
  | (ResultBase & { status: 'error'; error: { code: string; message: string; retryable: boolean; stage?: string } });

export interface ExtractCallOptions extends ExtractOptionsInput {
  /** A browser to use; it is left open. When absent one is launched and closed. */
  browser?: Browser;
  /**
   * Threads for Node's work on the pages (src/page-work/), left open; absent: the run opens its
   * own and closes them. Given, a caller can start them early (they load modules for a while).
   */
  pageWork?: PageWorkPool;
  /**
   * Called as each input finishes, in completion order (for progress and streaming output). A
   * promise it returns is waited for before that worker takes its next input: a slow consumer
   * (a pipe) holds the run back instead of piling results up in memory.
   */
  onResult?: (result: ExtractionResult, index: number) => void | Promise<void>;
  /** Once aborted, no further input is started (those in flight finish); inputs never started have no result. */
  signal?: AbortSignal;
  /** Stage parameters (tuning); defaults are the benchmarked ones. */
  params?: Partial<ExtractParams>;
  /**
   * Launches a replacement when the browser crashes or is killed mid-run (the pages in flight
   * are rendered again on it). Default: `launchBrowser` when no browser is injected, none when one is.
   */
  relaunchBrowser?: () => Promise<Browser>;
  /**
   * Keep every result for the returned array (default true). False for long runs that take
   * results through `onResult`: nothing of a page is kept after it was handed over, so memory
   * stays flat over any number of pages; the returned array is then empty.
   */
  retainResults?: boolean;
}

/**
 * Extracts the article from each input: a URL, an `.html`/`.html.gz` file, or a directory of
 * them. Results come back in input order; a failed input is a result with `status: 'error'`,
 * never an exception (only a missing browser or bad options throw).
 */
export async function extract(inputs: string | readonly string[], options: ExtractCallOptions = {}): Promise<ExtractionResult[]> {
  const { browser: _browser, onResult: _onResult, params: _params, relaunchBrowser: _relaunch, retainResults: _retain, pageWork: _pageWork, signal: _signal, ...rest } = options;
  const resolved = resolveExtractOptions(rest);
  const specs = await expandWarcSpecs(await expandInputs(typeof inputs === 'string' ? [inputs] : [...inputs]), {
    replay: resolved.replay,
    maxBytes: resolved.maxBytes,
    javaScript: resolved.javaScript === true,
  });
  return extractInputSpecs(specs, options);
}

/** As `extract`, for inputs already expanded (`expandInputs`, then `expandWarcSpecs` for WARC files). */
export async function extractInputSpecs(specs: InputSpec[], options: ExtractCallOptions = {}): Promise<ExtractionResult[]> {
  const { browser: injected, onResult, params, relaunchBrowser, retainResults, pageWork, signal, ...rest } = options;
  const resolved = resolveExtractOptions(rest);
  // Saved pages alone, without scripts or screenshots: a browser launched here paints none of them (browser.ts, `savedPagesOnly`).
  const launchOptions = { savedPagesOnly: onlySavedPagesWithoutFrames(specs, { javaScript: resolved.javaScript === true, screenshot: resolved.screenshotPath !== undefined, replay: resolved.replay }) };
  const browser = injected ?? (await launchBrowser(launchOptions));
  const relaunch = relaunchBrowser ?? (injected ? undefined : () => launchBrowser(launchOptions));
  const session = new RenderSession(browser, { concurrency: resolved.concurrency, ...(relaunch ? { relaunch } : {}), ...(pageWork ? { pageWork } : {}) });
  try {
    // The page-work threads start before the first page's clock does (a thread's start-up is the run's, not a page's).
    if (specs.length > 0) await session.work.ready();
    const results = await extractSpecs(session, specs, resolved, { onResult, params, many: specs.length > 1, retain: retainResults !== false, ...(signal ? { signal } : {}) });
    return retainResults === false ? [] : results;
  } finally {
    // Closes the contexts, and any browser launched to replace a dead one.
    await session.close();
    if (!injected) await closeBrowser(browser);
  }
}

/** Extracts from one HTML document given in memory (rendered offline like a saved page). */
export async function extractHtml(
  html: string | Buffer,
  options: ExtractCallOptions & { url?: string } = {},
): Promise<ExtractionResult> {
  const { browser: injected, params, url, onResult: _ignored, pageWork: _pageWork, signal: _signal, ...rest } = options;
  const resolved = resolveExtractOptions(rest);
  const started = performance.now();
  const label = url ?? 'document.html';
  let saved;
  try {
    // A Buffer gets the same checks as a saved file: gzip unpacked; empty, binary or non-HTML
    // bytes give an error result (input-empty, input-binary, input-not-html) without rendering.
    saved = typeof html === 'string' ? { bytes: Buffer.from(html, 'utf8'), url: undefined } : await savedPageFromBytes(label, html, { maxBytes: resolved.maxBytes });
  } catch (error) {
    return errorResult(label, error, performance.now() - started);
  }
  const browser = injected ?? (await launchBrowser({ savedPagesOnly: resolved.javaScript !== true && resolved.screenshotPath === undefined }));
  const session = new RenderSession(browser, { concurrency: 1 });
  try {
    const pageUrl = url ?? (saved.url?.startsWith(UNKNOWN_PAGE_ORIGIN) === false ? saved.url : `${UNKNOWN_PAGE_ORIGIN}document.html`);
    const input: RenderInput = { kind: 'html', bytes: saved.bytes, url: pageUrl, label };
    await session.work.ready();
    return await extractOne(session, input, input.label, 0, resolved, params, false);
  } finally {
    // The session's contexts and its page-work threads; the browser only when launched here.
    await session.close();
    if (!injected) await closeBrowser(browser);
  }
}

async function extractSpecs(
  session: RenderSession,
  specs: InputSpec[],
  options: ExtractOptions,
  ctx: { onResult?: ExtractCallOptions['onResult']; params?: Partial<ExtractParams>; many: boolean; retain?: boolean; signal?: AbortSignal },
): Promise<ExtractionResult[]> {
  const results: ExtractionResult[] = new Array(specs.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < specs.length && ctx.signal?.aborted !== true) {
      const index = next++;
      const spec = specs[index]!;
      const result = await extractSpec(session, spec, index, options, ctx.params, ctx.many);
      if (ctx.retain !== false) results[index] = result;
      await ctx.onResult?.(result, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(options.concurrency, specs.length) }, worker));
  return results;
}

async function extractSpec(
  session: RenderSession,
  spec: InputSpec,
  index: number,
  options: ExtractOptions,
  params: Partial<ExtractParams> | undefined,
  many: boolean,
): Promise<ExtractionResult> {
  const started = performance.now();
  try {
    let input: RenderInput;
    let loadMs = 0;
    if (spec.kind === 'file') {
      const saved = await loadSavedPage(spec.path, { maxBytes: options.maxBytes });
      loadMs = performance.now() - started;
      input = { kind: 'html', bytes: saved.bytes, url: saved.url, label: spec.input };
    } else if (spec.kind === 'url') {
      input = { kind: 'url', url: spec.url, label: spec.input };
    } else if (spec.kind === 'warc-page') {
      input = warcPageInput(spec);
    } else if (spec.kind === 'invalid') {
      throw spec.error;
    } else {
      throw new Error(`unexpanded WARC spec ${spec.input}`);
    }
    const result = await extractOne(session, input, spec.input, index, options, params, many);
    result.timingsMs.loadMs = round(loadMs);
    result.timingsMs.totalMs = round(performance.now() - started);
    return result;
  } catch (error) {
    return errorResult(spec.input, error, performance.now() - started);
  }
}

/** Renders one input on a session and extracts it; a failure is an error result (for the corpus pipeline). */
export { extractOne as extractRenderInput };

async function extractOne(
  session: RenderSession,
  input: RenderInput,
  label: string,
  index: number,
  options: ExtractOptions,
  params: Partial<ExtractParams> | undefined,
  many: boolean,
): Promise<ExtractionResult> {
  const started = performance.now();
  try {
    return await session.render(
      input,
      async (page: RenderedPage) => {
        // Decoding and the pure stages run in a page-work thread, within what the page's
        // budget has left (src/page-work/): past it, 'extract-timeout' naming the stage.
        const work = await session.work.run(
          {
            kind: 'extract',
            wire: page.snapshotText,
            patch: page.snapshotPatch,
            params: {
              budget: { maxNodes: options.maxNodes, maxTextChars: options.maxTextChars },
              ...params,
              ...(options.articlesOnly ? { articlesOnly: true } : {}),
              ...(options.includeComments ? { includeComments: true } : {}),
            },
            // The units are the bulk of a result; they cross back only when they are shown.
            units: options.explain || options.screenshotPath !== undefined,
          },
          { label, deadlineMs: page.clock.nodeWorkDeadlineMs() },
        );
        const extraction = work.extraction;
        // Cuts of the markup before rendering first, then the page budget's of the snapshot.
        if (page.cuts.length > 0) extraction.explanation.cuts = [...page.cuts, ...extraction.explanation.cuts];
        const cuts = {
          ...(extraction.explanation.cuts.length > 0 ? { cuts: extraction.explanation.cuts } : {}),
          ...(page.live ? { live: page.live } : {}),
        };
        const timingsMs: ExtractTimings = {
          loadMs: 0,
          prepareMs: round(page.timings.prepareMs),
          renderMs: round(page.timings.loadMs),
          snapshotMs: round(page.timings.snapshotMs),
          decodeMs: work.decodeMs,
          extractMs: work.extractMs,
          totalMs: round(performance.now() - started),
        };
        const budgetMs = page.clock.budgetMs;
        let screenshot: string | undefined;
        if (options.screenshotPath) {
          screenshot = screenshotFile(options.screenshotPath, label, index, many);
          await page.screenshot(screenshot, unitOverlays(extraction.explanation));
        }
        const explanation = options.explain ? extraction.explanation : undefined;
        if (extraction.kind === 'none') {
          return { input: label, status: 'none', url: page.finalUrl, reason: extraction.reason, ...(extraction.pageType ? { pageType: extraction.pageType } : {}), ...(extraction.facts ? { facts: extraction.facts } : {}), ...cuts, budgetMs, timingsMs, explanation, screenshot };
        }
        return { input: label, status: 'article', article: extraction.article, ...cuts, budgetMs, timingsMs, explanation, screenshot };
      },
      {
        javaScript: options.javaScript ?? input.kind === 'url',
        navigationTimeoutMs: options.navigationTimeoutMs,
        snapshotTimeoutMs: options.snapshotTimeoutMs,
        maxElements: options.maxElements,
        ...(options.timeBudgetMs !== undefined ? { timeBudgetMs: options.timeBudgetMs } : {}),
        blockResources: options.blockResources,
        viewport: options.viewport,
        allowPrivateNetwork: options.allowPrivateNetwork,
        ...(options.hostAddresses !== undefined ? { hostAddresses: options.hostAddresses } : {}),
        ...(options.settleMs !== undefined ? { settleMs: options.settleMs } : {}),
        ...(options.scrollMs !== undefined ? { scrollMs: options.scrollMs } : {}),
        ...(options.consent !== undefined ? { consent: options.consent } : {}),
        ...(options.blockAds !== undefined ? { blockAds: options.blockAds } : {}),
        ...(options.userAgent ? { userAgent: options.userAgent } : {}),
      },
    );
  } catch (error) {
    return errorResult(label, error, performance.now() - started, options.timeBudgetMs ?? defaultTimeBudgetMs(input.kind));
  }
}

function errorResult(input: string, error: unknown, elapsedMs: number, budgetMs?: number): ExtractionResult {
  if ((error as BroadsheetError | undefined)?.fatal) throw error;
  return {
    input,
    status: 'error',
    error: describeError(error),
    ...(budgetMs !== undefined ? { budgetMs } : {}),
    timingsMs: { loadMs: 0, renderMs: 0, snapshotMs: 0, extractMs: 0, totalMs: round(elapsedMs) },
  };
}

/** `shot.png` for one input; `shot-<index>-<name>.png` for several. */
function screenshotFile(path: string, label: string, index: number, many: boolean): string {
  if (!many) return path;
  const stem = path.replace(/\.png$/iu, '');
  const name = label.replace(/^[a-z]+:\/\//iu, '').replace(/[^a-z0-9._-]+/giu, '_').slice(-60);
  return `${stem}-${String(index + 1).padStart(3, '0')}-${name}.png`;
}

function round(ms: number): number {
  return Math.round(ms * 10) / 10;
}
