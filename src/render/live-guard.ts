/**
 * The fetch guard for live pages rendered in Chromium (issue 14). Chromium does not fetch
 * anything itself: every request of the page — the document, each subresource, each later
 * navigation — is routed here and fetched by `guardedFetch` in Node, so each one (and each of
 * its redirects) is checked against the address policy and held to the size, header and time
 * limits, and a hostile server costs a typed error, never a hung or bloated renderer.
 *
 * Chromium does not show redirects it did not follow to the route (a fulfilled 3xx is followed
 * unseen), so redirects are followed in Node and the final response is handed over. For the
 * first document the caller fetches it before `goto` and navigates to the final URL, so the
 * page's URL is where the redirects ended (`prefetchDocument`).
 */
import type { Page, Request, Route } from 'playwright';
import { FetchError } from '../errors.js';
import type { IncomingHttpHeaders } from 'node:http';
import { checkResolved, checkUrl } from '../net/address-guard.js';
import { guardedFetch, type FetchedResponse, type FetchLimits } from '../net/guarded-fetch.js';
import type { RequestStats } from './request-policy.js';

export interface GuardedStats extends RequestStats {
  /** Subrequests the guard refused or that broke its limits. */
  guarded: number;
  /** Why the last main-frame navigation failed, when the guard stopped it. */
  documentError: FetchError | null;
  /** Subrequests refused as ads or trackers (live/adblock.ts); also counted in `refused`. */
  ads: number;
  /** Responses the guard handed to the page (the document included). */
  fetched: number;
  /** Their decoded bodies' bytes: what the page cost the network (websockets not counted). */
  bytes: number;
}

/** Response headers never handed to Chromium: the body is already decoded and whole. */
const DROPPED_RESPONSE_HEADERS = new Set(['content-encoding', 'content-length', 'transfer-encoding', 'connection', 'keep-alive']);

function isMainFrameNavigation(request: Request): boolean {
  if (!request.isNavigationRequest()) return false;
  try {
    return request.frame().parentFrame() === null;
  } catch {
    return false;
  }
}

/** Headers as Playwright's `fulfill` takes them (several Set-Cookie values joined by newlines). */
export function fulfillHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || DROPPED_RESPONSE_HEADERS.has(name)) continue;
    out[name] = Array.isArray(value) ? value.join('\n') : value;
  }
  return out;
}

/**
 * Fetches a live page's document under the guard before Chromium sees it. Throws `FetchError`.
 * `headers` are those a browser would send (User-Agent, Accept).
 */
export function prefetchDocument(url: string, headers: Record<string, string>, limits: FetchLimits): Promise<FetchedResponse> {
  return guardedFetch({ url, headers: { accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.8', ...headers } }, limits);
}

/**
 * Routes every request of `page` through the guard. `document` is the prefetched first
 * document, served for the first main-frame navigation to its URL; `blockResources` are
 * refused outright (never the main document).
 */
export async function applyGuardedLivePolicy(
  page: Page,
  options: { blockResources: readonly string[]; limits: FetchLimits; document: FetchedResponse; blockAds?: boolean },
): Promise<GuardedStats> {
  const stats: GuardedStats = { refused: 0, guarded: 0, documentError: null, ads: 0, fetched: 0, bytes: 0 };
  // The ad blocker's engine and its modules load with the first live page that wants them, not
  // at every start of the program (saved pages never do).
  const adblock = options.blockAds ? await import('./live/adblock.js') : null;
  const blocker = adblock ? adblock.adBlocker() : null;
  const pageUrl = options.document.url;
  const blocked = new Set(options.blockResources);
  let prefetched: FetchedResponse | null = options.document;
  const refuse = async (route: Route): Promise<void> => {
    stats.refused += 1;
    await route.abort('blockedbyclient').catch(() => undefined);
  };
  await page.route('**/*', async (route) => {
    const request = route.request();
    const main = isMainFrameNavigation(request);
    if (!main && blocked.has(request.resourceType())) return refuse(route);
    // Ads and trackers: matched here, inside the guard, so a blocked request is never fetched.
    if (!main && blocker && adblock?.isBlockedRequest(blocker, request.url(), pageUrl, request.resourceType())) {
      stats.ads += 1;
      return refuse(route);
    }
    if (main && prefetched && request.url() === prefetched.url) {
      const document = prefetched;
      prefetched = null;
      stats.fetched += 1;
      stats.bytes += document.body.length;
      await route.fulfill({ status: document.status, headers: fulfillHeaders(document.headers), body: document.body }).catch(() => undefined);
      return;
    }
    try {
      checkUrl(request.url(), options.limits);
      const response = await guardedFetch(
        { url: request.url(), method: request.method(), headers: await request.allHeaders(), body: request.postDataBuffer() },
        options.limits,
      );
      stats.fetched += 1;
      stats.bytes += response.body.length;
      await route.fulfill({ status: response.status, headers: fulfillHeaders(response.headers), body: response.body });
    } catch (error) {
      if (main && error instanceof FetchError) stats.documentError = error;
      stats.guarded += 1;
      await refuse(route);
    }
  });
  await page.routeWebSocket(/.*/, async (socket) => {
    try {
      const url = new URL(socket.url());
      url.protocol = url.protocol === 'wss:' ? 'https:' : 'http:';
      // Chromium connects the socket itself: its host is resolved and checked here first.
      await checkResolved(checkUrl(url.href, options.limits), options.limits);
      socket.connectToServer();
    } catch {
      stats.refused += 1;
      await socket.close().catch(() => undefined);
    }
  });
  return stats;
}
