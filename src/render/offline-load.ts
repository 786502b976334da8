/**
 * Loading a saved page in one step (docs/methods.md §2, issue 9): the document is served from Node and
 * every subresource is refused inside Chromium, with no round trip to Node per request.
 *
 * Playwright's `page.route` intercepts every request of the page once any route is set, and
 * each one waits for Node to answer (a news page asks for 50–200 subresources: measured at
 * ~1 s of the ~1.3 s a saved AEB page took to load on the loaded 2-core dev machine). Here the
 * page's own DevTools session does the work:
 * - `Fetch.enable` pauses only requests for documents (the top-level navigation, frames,
 *   meta refreshes); the first top-level one after `arm` is answered with the saved bytes, the
 *   others are failed as refused. One round trip per document, usually one per page.
 * - The page's network is emulated as offline (`Network.emulateNetworkConditions`): every
 *   request that would reach the network fails inside the browser at once
 *   (`net::ERR_INTERNET_DISCONNECTED`), before any DNS lookup or connection. `data:` URLs are
 *   not network requests and still load, as they did under the route: inline images and fonts
 *   render. (`Network.setBlockedURLs` was tried first: its patterns match anywhere in the URL,
 *   so `http://*` also refused `data:image/svg+xml,…xmlns="http://www.w3.org/2000/svg"…`
 *   images, and the `currentSrc` of an image it refuses is left unresolved; both changed
 *   snapshots of AEB pages. Offline emulation changed none.)
 *
 * The plan (what to serve, what to block, what to wait for) is pure data, tested on its own;
 * `OfflineDocumentServer` applies it to one page and is reused render after render.
 *
 * Most saved pages do not even navigate: a navigation makes a new document, usually in a new
 * renderer process, and costs ~100 ms of CPU on its own (measured: a 40-byte page took 130 ms
 * of wall time and 103 ms of CPU across Chromium's processes). The markup step (src/markup/
 * prepare.ts, in-place.ts) turns the
 * saved bytes into text that `OfflineDocumentServer.write` writes into the page's current
 * document (`Page.setDocumentContent`: document.open/write/close), with a `<base>` naming the
 * page's URL so links and images resolve as they would at that address. Only where that is
 * exactly what a navigation would give — the text decodes one way only, the document already
 * has the page's scheme (http/https decides mixed-content upgrades), JavaScript is off — is it
 * used; everything else navigates.
 */
import type { CDPSession, Page } from 'playwright';
import type { InPlaceDocument } from '../markup/in-place.js';
import type { RequestStats } from './request-policy.js';

export { canWriteInto, type InPlaceDocument } from '../markup/in-place.js';
import { savedPageContentType } from './request-policy.js';

/** How Chromium says a request failed because the (emulated) network is offline. */
export const OFFLINE_ERROR_TEXT = 'net::ERR_INTERNET_DISCONNECTED';

export interface OfflineLoadPlan {
  /** Headers of the served document: its Content-Type (see `savedPageContentType`). */
  responseHeaders: Array<{ name: string; value: string }>;
  /** The saved bytes, as the DevTools protocol carries bodies. */
  bodyBase64: string;
  /**
   * What the navigation waits for. `load`: with every subresource refused inside the browser it
   * follows the parse within milliseconds, and it is the moment refused images have turned into
   * their broken-image boxes, so the layout is the same as it was under the route-based policy.
   */
  waitUntil: 'load';
}

/** How a saved page is loaded: pure, so it can be tested without a browser. */
export function offlineLoadPlan(bytes: Buffer): OfflineLoadPlan {
  return {
    responseHeaders: [{ name: 'content-type', value: savedPageContentType(bytes) }],
    bodyBase64: bytes.toString('base64'),
    waitUntil: 'load',
  };
}

/**
 * What to do with a paused document request: serve the saved bytes to the first top-level
 * navigation after `arm`, refuse frames, and answer every other top-level navigation with 204
 * (stay): a later one of the served page (meta refresh, even to itself; location.reload()), and
 * one that arrives between renders (a refresh timer of the last page). Refusing a top-level
 * navigation would replace the document with Chromium's error page, and the next page may be
 * written into the document the page has.
 */
export function documentDecision(
  state: { armed: boolean; served: boolean },
  request: { frameId: string; mainFrameId: string },
): 'serve' | 'stay' | 'refuse' {
  if (request.frameId !== request.mainFrameId) return 'refuse';
  return state.armed && !state.served ? 'serve' : 'stay';
}

interface PausedRequest {
  requestId: string;
  frameId: string;
}

/**
 * Minimises the page's window, after which Chromium draws no frames for it (no paint, raster or
 * compositing) while style and layout, which the snapshot reads, are computed as before: the
 * viewport is the context's emulated one, not the window's. Only for pages rendered with
 * JavaScript off, whose documents never wait on an animation frame. Measured on AEB (181 pages,
 * concurrency 2): the same texts, byte for byte, and the same screenshot; CPU (Node + Chromium)
 * 398 → 361 ms per page, three runs each in turn. A browser that cannot minimise (an older one,
 * a headed window manager that refuses) simply keeps drawing.
 */
async function stopDrawingFrames(session: CDPSession): Promise<void> {
  try {
    const { windowId } = await session.send('Browser.getWindowForTarget');
    await session.send('Browser.setWindowBounds', { windowId, bounds: { windowState: 'minimized' } });
  } catch {
    // Drawing frames costs time, never correctness.
  }
}

/** How often a loading page in a browser without frames of its own gets one (ms; 60 a second). */
const FRAME_INTERVAL_MS = 16;
/** How long a loading page goes without frames before it is given them (ms). */
const FRAME_GRACE_MS = 30;

/**
 * The frames asked for, one after another across every page of the process: the GPU process
 * has one source of external frames, and two that overlap end it ("Got overlapping
 * IssueExternalBeginFrame"), and every page with it. A frame that never comes back holds the
 * queue until its page is closed (its load times out), which fails the frame.
 */
let frameQueue: Promise<boolean> = Promise.resolve(true);

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Serves saved documents to one page through its own DevTools session. `attach` once per page
 * (it enables the Fetch and Page domains and takes the page's context offline for its lifetime:
 * only pages that render saved documents get one); `arm` before each navigation.
 */
export class OfflineDocumentServer {
  private plan: OfflineLoadPlan | undefined;
  private served = false;
  private stats: RequestStats = { refused: 0 };
  /** True while a render is in progress (for counting refusals). */
  private rendering = false;

  private constructor(
    private readonly session: CDPSession,
    private readonly mainFrameId: string,
    /** The browser produces a frame only when asked (browser.ts, `FRAME_CONTROL_SWITCHES`). */
    readonly framesControlled: boolean,
  ) {}

  /**
   * While `loading` is pending, asks for frames without drawing them (the lifecycle runs up to
   * paint; nothing is rastered or shown), when the browser produces none by itself: a load
   * sometimes waits on a lifecycle update (4 of 181 AEB pages never fired `load` without them,
   * navigated or written in place alike). One frame at a time (`frameQueue`). Returns what
   * `loading` returns.
   */
  async withFrames<T>(loading: Promise<T>): Promise<T> {
    if (!this.framesControlled) return loading;
    let pending = true;
    const settled = loading.finally(() => (pending = false));
    const done = settled.then(
      () => undefined,
      () => undefined,
    );
    // Most pages load without a frame: none is asked for while they may still.
    await Promise.race([done, sleep(FRAME_GRACE_MS)]);
    while (pending) {
      const frame = (frameQueue = frameQueue.then(() =>
        this.session.send('HeadlessExperimental.beginFrame', { noDisplayUpdates: true }).then(
          () => true,
          () => false,
        ),
      ));
      if ((await Promise.race([done.then(() => true), frame])) === false) break; // no frames to be had: the load's own timeout ends it
      if (pending) await Promise.race([done, frame.then(() => sleep(FRAME_INTERVAL_MS))]);
    }
    return settled;
  }

  static async attach(page: Page, options: { drawFrames?: boolean; framesControlled?: boolean } = {}): Promise<OfflineDocumentServer> {
    const session = await page.context().newCDPSession(page);
    if (options.drawFrames === false && options.framesControlled !== true) await stopDrawingFrames(session);
    const { frameTree } = await session.send('Page.getFrameTree');
    const server = new OfflineDocumentServer(session, frameTree.frame.id, options.framesControlled === true);
    session.on('Fetch.requestPaused', (event) => server.onDocument(event));
    // The network is taken away through Playwright's own DevTools session of the page, whose
    // Network domain is on anyway (network conditions act only for a session with it on): with
    // it on in this session too, every refused request was reported to Node twice, and the
    // renderer and the browser built each report twice (~15 events per AEB page). Playwright
    // emulates the same conditions (offline, no throttling: `BrowserContext.setOffline`) and reports the
    // failures it sees.
    page.on('requestfailed', (request) => {
      if (request.failure()?.errorText === OFFLINE_ERROR_TEXT && server.rendering) server.stats.refused += 1;
    });
    await page.context().setOffline(true);
    // The Page domain tells when a written document has loaded.
    await session.send('Page.enable');
    await session.send('Fetch.enable', { patterns: [{ urlPattern: '*', resourceType: 'Document', requestStage: 'Request' }] });
    return server;
  }

  /** The next top-level navigation gets `plan`'s document; returns the render's refusal count. */
  arm(plan: OfflineLoadPlan): RequestStats {
    this.plan = plan;
    this.served = false;
    this.rendering = true;
    this.stats = { refused: 0 };
    return this.stats;
  }

  /**
   * Writes `page` into the current document and waits for its `load` (refused images have then
   * turned into their broken-image boxes, as after a navigation). Returns the render's refusal
   * count. Rejects when `load` does not come within `timeoutMs` (`isTimeout` is true of the
   * error) or the session's page is gone; the page must then be closed, not reused.
   */
  async write(page: InPlaceDocument, timeoutMs: number): Promise<RequestStats> {
    this.plan = undefined;
    this.served = true; // top-level navigations of the written page stay on it
    this.rendering = true;
    this.stats = { refused: 0 };
    let timer: NodeJS.Timeout | undefined;
    let onLoad: (() => void) | undefined;
    const loaded = new Promise<void>((resolve, reject) => {
      onLoad = resolve;
      timer = setTimeout(() => reject(Object.assign(new Error(`No load event within ${timeoutMs} ms`), { name: 'TimeoutError' })), timeoutMs);
    });
    this.session.once('Page.loadEventFired', onLoad!);
    // The document keeps its scroll offset through document.open: a page that scrolled itself
    // (an autofocused field far down) left the next one scrolled, and that page's sticky elements
    // were laid out at another place (WCXB-dev 0847's sidebar 2,600 px lower, its text read in
    // another order). A navigation starts at the top; so does a written page. Both commands race
    // the load's deadline: a browser that stopped answering answers neither.
    const writing = this.session
      .send('Runtime.evaluate', { expression: 'window.scrollTo(0, 0)' })
      .catch(() => undefined)
      .then(() => this.session.send('Page.setDocumentContent', { frameId: this.mainFrameId, html: page.html }));
    try {
      await this.withFrames(
        (async () => {
          await Promise.race([writing, loaded]);
          await loaded;
        })(),
      );
    } finally {
      clearTimeout(timer);
      this.session.off('Page.loadEventFired', onLoad!);
    }
    return this.stats;
  }

  /** After the render: top-level navigations stay where they are, frames are refused. */
  disarm(): void {
    this.plan = undefined;
    this.rendering = false;
  }

  private onDocument(event: PausedRequest): void {
    const plan = this.plan;
    const decision = documentDecision({ armed: plan !== undefined, served: this.served }, { frameId: event.frameId, mainFrameId: this.mainFrameId });
    if (this.rendering) this.stats.refused += decision === 'serve' ? 0 : 1;
    // The page may be closing; a failed answer changes nothing (its navigation fails and says why).
    if (decision === 'serve' && plan) {
      this.served = true;
      this.session
        .send('Fetch.fulfillRequest', { requestId: event.requestId, responseCode: 200, responseHeaders: plan.responseHeaders, body: plan.bodyBase64 })
        .catch(() => undefined);
      return;
    }
    if (decision === 'stay') {
      this.session.send('Fetch.fulfillRequest', { requestId: event.requestId, responseCode: 204, responseHeaders: [], body: '' }).catch(() => undefined);
      return;
    }
    this.session.send('Fetch.failRequest', { requestId: event.requestId, errorReason: 'BlockedByClient' }).catch(() => undefined);
  }
}
