/**
 * Taking the one layout snapshot of a page (docs/methods.md §2): sends the in-page collector to
 * Chromium as source text and turns its answer, or its silence, into a typed result.
 */
import type { Page } from 'playwright';
import { RenderError } from '../errors.js';
import type { LayoutSnapshot } from '../types.js';
import { firstLine, isCrash } from './failures.js';
import { pageExpression, pageJsonPipeline } from './page-expression.js';
import { collectLayout, type CollectLayoutOptions } from './in-page/collect-layout.js';
import { packLayout, type PackedLayoutResult } from './in-page/pack-layout.js';
import { openDisclosures } from './in-page/open-disclosures.js';
import { revealLockedContent } from './in-page/reveal-locked.js';
import { settleStreamedContent } from './in-page/settle-streamed.js';
import { decodeSnapshotText } from './snapshot-wire.js';

/**
 * The streamed-content settler, the collector and the packer as one self-contained expression
 * that yields the snapshot's wire form as JSON text (see page-expression.ts and
 * in-page/pack-layout.ts).
 */
export function collectorExpression(options: CollectLayoutOptions): string {
  // Streamed content is put in place (in-page/settle-streamed.ts), closed disclosures are
  // opened (in-page/open-disclosures.ts) and content shut until a script unlocks it is shown
  // (in-page/reveal-locked.ts) first, so the collector measures the page a reader sees. The
  // locked-content check reads the layout, so it runs last: before the disclosures were opened,
  // the layout it forced was thrown away whenever they changed the page (AEB, whole processes:
  // 8 % fewer pages/s than without it).
  return `(${pageExpression(settleStreamedContent, null)}, ${pageExpression(openDisclosures, null)}, ${pageExpression(revealLockedContent, null)}, ${pageJsonPipeline(collectLayout, packLayout, options)})`;
}

export interface TakeSnapshotOptions extends CollectLayoutOptions {
  /** How long the evaluate may run; a page busy in a script loop never answers. */
  timeoutMs: number;
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
  const expression = collectorExpression({ maxElements: options.maxElements });
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
  const evaluation = page.evaluate(expression) as Promise<string>;
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
