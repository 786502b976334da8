/**
 * Taking the one layout snapshot of a page (docs/methods.md §2): sends the in-page collector to
 * Chromium as source text and turns its answer, or its silence, into a typed result.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright';
import { RenderError } from '../errors.js';
import type { LayoutSnapshot } from '../types.js';
import { firstLine, isCrash } from './failures.js';
import { pageExpression } from './page-expression.js';
import { collectLayout, type CollectLayoutOptions } from './in-page/collect-layout.js';
import { packLayout, type PackedLayoutResult } from './in-page/pack-layout.js';
import { openDisclosures } from './in-page/open-disclosures.js';
import { revealLockedContent } from './in-page/reveal-locked.js';
import { settleStreamedContent } from './in-page/settle-streamed.js';
import { decodeSnapshotText } from './snapshot-wire.js';

/**
 * The streamed-content settler, the collector and the packer as one self-contained function of
 * the collector's options, as source text, that yields the snapshot's wire form (in-page/
 * pack-layout.ts) as one JSON string: Playwright's structured serialisation of a large object
 * graph is slow (a snapshot of 16,000 nodes, 3.5 MB: 6–7 s, against 0.7 s for the same data as a
 * string, on the 2-core dev machine; the collection itself took 0.3 s).
 *
 * The page is scrolled to its top first, as live pages are after their steps (live-page.ts): an
 * autofocused field far down scrolls its page once the browser renders a frame, which a saved
 * page gets only when its load is slow (offline-load.ts, `withFrames`), and a scrolled page lays
 * its sticky elements out elsewhere (WCXB-dev 0847's sidebar 2,600 px lower). Streamed content is
 * put in place (in-page/settle-streamed.ts), closed disclosures are opened
 * (in-page/open-disclosures.ts) and content shut until a script unlocks it is shown
 * (in-page/reveal-locked.ts) first, so the collector measures the page a reader sees. The
 * locked-content check reads the layout, so it runs last: before the disclosures were opened,
 * the layout it forced was thrown away whenever they changed the page (AEB, whole processes:
 * 8 % fewer pages/s than without it).
 */
function collectorSource(): string {
  return `((options) => (window.scrollTo(0, 0), ${pageExpression(settleStreamedContent, null)}, ${pageExpression(openDisclosures, null)}, ${pageExpression(revealLockedContent, null)}, JSON.stringify((() => { const __name = (target) => target; return (${packLayout.toString()})((${collectLayout.toString()})(options)); })())))`;
}

/** The collector run once, as an expression (`collectorSource` applied to `options`). */
export function collectorExpression(options: CollectLayoutOptions): string {
  return `${collectorSource()}(${JSON.stringify(options)})`;
}

export interface TakeSnapshotOptions extends CollectLayoutOptions {
  /** How long the evaluate may run; a page busy in a script loop never answers. */
  timeoutMs: number;
  /**
   * The page runs no scripts of its own (its context has JavaScript off): the collector may be
   * kept in the page's window between snapshots (`keptCollectorCall`) instead of being sent and
   * compiled again for every page written into the same document.
   */
  scriptless?: boolean;
}

/**
 * The window property under which a scriptless page keeps the collector: a name no page can
 * know (a nonce per process), so no element id, form name or markup can stand in for it.
 */
const KEPT_COLLECTOR = `__broadsheetCollector_${randomBytes(8).toString('hex')}`;

/** What the page answers when it holds no kept collector (a new document): then it is sent. */
const NO_KEPT_COLLECTOR = '"no-collector"';

/**
 * Installs the collector (the same pipeline as `collectorExpression`, as one function of its
 * options) as a non-enumerable property of the page's window and runs it once.
 *
 * Why: a saved page written into the worker's current document (offline-load.ts) keeps that
 * document's window, so the collector sent once serves every later page of the worker. Sending
 * it each time cost ~50 KB of DevTools traffic per page, a fresh parse and compile of it in the
 * renderer, and its optimised code, which V8 made again for every page.
 */
function installingCollectorExpression(options: CollectLayoutOptions): string {
  return `(() => { const collect = ${collectorSource()}; Object.defineProperty(window, ${JSON.stringify(KEPT_COLLECTOR)}, { value: collect, configurable: true }); return collect(${JSON.stringify(options)}); })()`;
}

/** Runs the kept collector, or answers `NO_KEPT_COLLECTOR` (an own property only: not a named element). */
function keptCollectorCall(options: CollectLayoutOptions): string {
  const key = JSON.stringify(KEPT_COLLECTOR);
  return `(Object.prototype.hasOwnProperty.call(window, ${key}) ? window[${key}](${JSON.stringify(options)}) : ${JSON.stringify(NO_KEPT_COLLECTOR)})`;
}

/**
 * Runs the collector in `page` and decodes its answer here, on the calling thread (for tools;
 * the render session leaves the decoding to its page-work threads: `takeSnapshotText`).
 */
export async function takeSnapshot(page: Page, options: TakeSnapshotOptions): Promise<LayoutSnapshot> {
  return decodeSnapshotText(await takeSnapshotText(page, options));
}

/**
 * Runs the collector in `page` and returns its answer as the JSON text the page sent (a
 * `PackedLayoutResult` with `ok: true`), undecoded: Node's work on it is left to a page-work
 * thread (src/page-work/). Throws `RenderError`: 'render-dom-too-large' when the document
 * has more than `maxElements` elements, 'render-script-timeout' when the page does not answer
 * within `timeoutMs` (the caller must then close the page's context: the evaluate is still
 * queued behind the page's script), 'render-crashed' when the renderer dies.
 */
export async function takeSnapshotText(page: Page, options: TakeSnapshotOptions): Promise<string> {
  const collectOptions: CollectLayoutOptions = { maxElements: options.maxElements };
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(
        new RenderError(
          'render-script-timeout',
          `The page did not answer the layout snapshot within ${options.timeoutMs} ms (a script is probably busy)`,
          true,
        ),
      );
    }, options.timeoutMs);
  });
  const evaluation = (async (): Promise<string> => {
    if (!options.scriptless) return (await page.evaluate(collectorExpression(collectOptions))) as string;
    const kept = (await page.evaluate(keptCollectorCall(collectOptions))) as string;
    return kept === NO_KEPT_COLLECTOR ? ((await page.evaluate(installingCollectorExpression(collectOptions))) as string) : kept;
  })();
  // If the timer wins, the evaluate rejects later when the context closes; nobody waits for it.
  evaluation.catch(() => undefined);
  let result: string;
  try {
    result = await Promise.race([evaluation, timeout]);
  } catch (error) {
    if (error instanceof RenderError) throw error;
    if (isCrash(error)) {
      throw new RenderError('render-crashed', `The page crashed during the layout snapshot`, true, { cause: error });
    }
    if (/context was destroyed|navigat/i.test(firstLine(error))) {
      // A script or meta refresh moved the page on while the collector ran.
      throw new RenderError('render-navigation', 'The page navigated away during the layout snapshot', true, {
        cause: error,
      });
    }
    throw error; // a bug in the collector, not a property of the page
  } finally {
    clearTimeout(timer);
  }
  // A refusal is a few dozen characters; only that is read here (a snapshot is never parsed on this thread).
  if (result.length < REFUSAL_MAX_CHARS && result.startsWith('{"ok":false')) {
    const refusal = JSON.parse(result) as Extract<PackedLayoutResult, { ok: false }>;
    throw new RenderError(
      'render-dom-too-large',
      `The page has ${refusal.elementCount} elements, more than the limit of ${refusal.maxElements}`,
      false,
    );
  }
  return result;
}

/** Longer than any `{"ok":false,…}` answer of the collector. */
const REFUSAL_MAX_CHARS = 200;
