/**
 * Loading a saved page in one step (SPEC §2, issue 9): the document is served from Node and
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
 */
import type { CDPSession, Page } from 'playwright';
import type { RequestStats } from './request-policy.js';
import { savedPageContentType } from './request-policy.js';

/** The network a saved page sees: none (`Network.emulateNetworkConditions` parameters). */
export const OFFLINE_NETWORK = { offline: true, latency: 0, downloadThroughput: -1, uploadThroughput: -1 } as const;

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
 * navigation after `arm`, refuse everything else (frames, anything that
 * arrives while no page is armed), and answer a later top-level navigation with 204 (stay).
 */
export function documentDecision(
  state: { armed: boolean; served: boolean },
  request: { frameId: string; mainFrameId: string },
): 'serve' | 'stay' | 'refuse' {
  if (!state.armed || request.frameId !== request.mainFrameId) return 'refuse';
  // A later top-level navigation of the served page (meta refresh, even to itself;
  // location.reload()) is answered "204 No Content", which a browser treats as "stay on the
  // current document"; refusing it would replace the saved page with Chromium's error page.
  return state.served ? 'stay' : 'serve';
}

interface PausedRequest {
  requestId: string;
  frameId: string;
}

/**
 * Serves saved documents to one page through its own DevTools session. `attach` once per page
 * (it enables the Fetch and Network domains and takes the page offline for its lifetime:
 * only pages that render saved documents get one); `arm` before each navigation.
 */
export class OfflineDocumentServer {
  private plan: OfflineLoadPlan | undefined;
  private served = false;
  private stats: RequestStats = { refused: 0 };

  private constructor(
    private readonly session: CDPSession,
    private readonly mainFrameId: string,
  ) {}

  static async attach(page: Page): Promise<OfflineDocumentServer> {
    const session = await page.context().newCDPSession(page);
    const { frameTree } = await session.send('Page.getFrameTree');
    const server = new OfflineDocumentServer(session, frameTree.frame.id);
    session.on('Fetch.requestPaused', (event) => server.onDocument(event));
    session.on('Network.loadingFailed', (event) => {
      if (event.errorText === OFFLINE_ERROR_TEXT && server.plan) server.stats.refused += 1;
    });
    // Network conditions only act for a session whose Network domain is enabled.
    await session.send('Network.enable', {});
    await session.send('Network.emulateNetworkConditions', { ...OFFLINE_NETWORK });
    await session.send('Fetch.enable', { patterns: [{ urlPattern: '*', resourceType: 'Document', requestStage: 'Request' }] });
    return server;
  }

  /** The next top-level navigation gets `plan`'s document; returns the render's refusal count. */
  arm(plan: OfflineLoadPlan): RequestStats {
    this.plan = plan;
    this.served = false;
    this.stats = { refused: 0 };
    return this.stats;
  }

  /** After the render: later navigations (nothing should ask) are refused. */
  disarm(): void {
    this.plan = undefined;
  }

  private onDocument(event: PausedRequest): void {
    const plan = this.plan;
    const decision = documentDecision({ armed: plan !== undefined, served: this.served }, { frameId: event.frameId, mainFrameId: this.mainFrameId });
    // The page may be closing; a failed answer changes nothing (its navigation fails and says why).
    if (decision === 'serve' && plan) {
      this.served = true;
      this.session
        .send('Fetch.fulfillRequest', { requestId: event.requestId, responseCode: 200, responseHeaders: plan.responseHeaders, body: plan.bodyBase64 })
        .catch(() => undefined);
      return;
    }
    this.stats.refused += 1;
    if (decision === 'stay') {
      this.session.send('Fetch.fulfillRequest', { requestId: event.requestId, responseCode: 204, responseHeaders: [], body: '' }).catch(() => undefined);
      return;
    }
    this.session.send('Fetch.failRequest', { requestId: event.requestId, errorReason: 'BlockedByClient' }).catch(() => undefined);
  }
}
