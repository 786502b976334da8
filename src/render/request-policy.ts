/**
 * What a rendered page may fetch.
 *
 * - Offline (saved pages, docs/methods.md §2): the document request is answered with the saved bytes and
 *   every other request is refused, so rendering a saved page never touches the network.
 * - Live (URLs): everything is allowed, except resource types the caller chose to block.
 */
import type { BrowserContext, Request, Route } from 'playwright';
import type { ReplaySource } from '../input/types.js';

export type { ReplayResource, ReplaySource } from '../input/types.js';

/** Counts what a policy refused; read it after the snapshot. */
/** A browser context or a single page: both can route requests. */
export type RouteTarget = Pick<BrowserContext, 'route' | 'routeWebSocket'>;

export interface RequestStats {
  refused: number;
  /** Subresources served from an archive (saved pages with a `ReplaySource`). */
  replayed?: number;
}

/** Resource types Playwright reports (`request.resourceType()`) that may be blocked live. */
export const BLOCKABLE_RESOURCE_TYPES: readonly string[] = [
  'image',
  'media',
  'font',
  'stylesheet',
  'script',
  'texttrack',
  'xhr',
  'fetch',
  'eventsource',
  'websocket',
  'manifest',
  'other',
];

const UTF8_BOM = [0xef, 0xbb, 0xbf];
const UTF16_BOMS = [
  [0xff, 0xfe],
  [0xfe, 0xff],
];

function startsWith(bytes: Buffer, prefix: number[]): boolean {
  return prefix.every((byte, index) => bytes[index] === byte);
}

function isValidUtf8(bytes: Buffer): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/**
 * The Content-Type to serve saved bytes with. Normally `text/html` with no charset, so Chromium
 * decodes as the page says (`<meta charset>`, http-equiv, BOM) or, with no declaration, by
 * its own detection (which handles GBK and windows-1251). One exception: Chromium never
 * auto-detects UTF-8 and falls back to windows-1252, which garbles undeclared UTF-8 pages
 * (common in saved corpora). So when the bytes contain non-ASCII and all of them are valid
 * UTF-8 — which text in a legacy multi-byte or 8-bit encoding practically never is — we say
 * `charset=utf-8`.
 */
export function savedPageContentType(bytes: Buffer): string {
  if (startsWith(bytes, UTF8_BOM) || UTF16_BOMS.some((bom) => startsWith(bytes, bom))) return 'text/html';
  const hasNonAscii = bytes.some((byte) => byte >= 0x80);
  if (hasNonAscii && isValidUtf8(bytes)) return 'text/html; charset=utf-8';
  return 'text/html';
}

/** True for the top-level document's navigation; false for frames, workers and subresources. */
function isMainFrameNavigation(request: Request): boolean {
  if (!request.isNavigationRequest()) return false;
  try {
    return request.frame().parentFrame() === null;
  } catch {
    return false; // service-worker requests have no frame
  }
}

async function refuse(route: Route, stats: RequestStats): Promise<void> {
  stats.refused += 1;
  // The page may already be closing; a failed abort changes nothing.
  await route.abort('blockedbyclient').catch(() => undefined);
}

/**
 * Serves `bytes` as the document of the context's first top-level navigation (the caller's
 * `goto`, whatever URL it names — no need to match Chromium's URL normalisation) and refuses
 * every other request, including later navigations (meta refresh, frames) and web sockets.
 */
export async function applyOfflinePolicy(context: RouteTarget, bytes: Buffer, replay?: ReplaySource): Promise<RequestStats> {
  const stats: RequestStats = { refused: 0, replayed: 0 };
  const contentType = savedPageContentType(bytes);
  let served = false;
  await context.route('**/*', async (route) => {
    const request = route.request();
    if (served && isMainFrameNavigation(request)) {
      // A later navigation of the saved page (meta refresh, even to itself; location.reload()):
      // answered "204 No Content", which a browser treats as "stay on the current document".
      // Refusing it instead would replace the saved page with Chromium's error page.
      stats.refused += 1;
      await route.fulfill({ status: 204, body: '' }).catch(() => undefined);
      return;
    }
    if (served || !isMainFrameNavigation(request)) {
      // A subresource the archive holds (stylesheet, image, font) is served from it.
      const resource = replay && !request.isNavigationRequest() ? replay.lookup(request.url()) : undefined;
      if (!resource) return refuse(route, stats);
      stats.replayed = (stats.replayed ?? 0) + 1;
      return route
        .fulfill({ status: resource.status, headers: { 'content-type': resource.contentType }, body: resource.body })
        .catch(() => undefined);
    }
    served = true;
    await route
      .fulfill({ status: 200, headers: { 'content-type': contentType }, body: bytes })
      .catch(() => undefined);
  });
  await context.routeWebSocket(/.*/, (socket) => {
    stats.refused += 1;
    socket.close().catch(() => undefined);
  });
  return stats;
}

/**
 * Lets every request through except those whose resource type is in `blockResources`
 * (the main document is never blocked). Installs no route at all when nothing is blocked,
 * since routing costs a round trip per request.
 */
export async function applyLivePolicy(
  context: RouteTarget,
  blockResources: readonly string[],
): Promise<RequestStats> {
  const stats: RequestStats = { refused: 0 };
  if (blockResources.length === 0) return stats;
  const blocked = new Set(blockResources);
  await context.route('**/*', async (route) => {
    const request = route.request();
    if (!isMainFrameNavigation(request) && blocked.has(request.resourceType())) return refuse(route, stats);
    await route.continue().catch(() => undefined);
  });
  if (blocked.has('websocket')) {
    await context.routeWebSocket(/.*/, (socket) => {
      stats.refused += 1;
      socket.close().catch(() => undefined);
    });
  }
  return stats;
}
