/**
 * Turning what Playwright and Chromium throw into broadsheet's typed `RenderError`s.
 * Retry decisions downstream use `code` and `retryable`, never these messages.
 */
import { RenderError } from '../errors.js';

/**
 * Chromium network errors (`net::ERR_…`) that say the same request may work later: the
 * server or the path to it was down, not the URL wrong. Others (too many redirects, invalid
 * URL, certificate problems, unsafe port) will fail the same way every time.
 */
const RETRYABLE_NET_ERRORS = new Set([
  'ERR_NAME_NOT_RESOLVED',
  'ERR_NAME_RESOLUTION_FAILED',
  'ERR_CONNECTION_REFUSED',
  'ERR_CONNECTION_RESET',
  'ERR_CONNECTION_CLOSED',
  'ERR_CONNECTION_ABORTED',
  'ERR_CONNECTION_FAILED',
  'ERR_CONNECTION_TIMED_OUT',
  'ERR_TIMED_OUT',
  'ERR_ADDRESS_UNREACHABLE',
  'ERR_INTERNET_DISCONNECTED',
  'ERR_NETWORK_CHANGED',
  'ERR_EMPTY_RESPONSE',
  'ERR_SOCKET_NOT_CONNECTED',
  'ERR_HTTP2_PROTOCOL_ERROR',
  'ERR_QUIC_PROTOCOL_ERROR',
]);

/** Words in Playwright's messages when the page's renderer died or was closed under us. */
const CRASH_PATTERN = /\b(page crashed|target crashed|has been closed|Target closed)\b/i;

/** The first line of an error message, without Playwright's call log. */
export function firstLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return (message.split('\n')[0] ?? message).trim();
}

/** Playwright's `errors.TimeoutError`, and the offline loader's own, by name (Playwright is loaded only when a browser is launched). */
export function isTimeout(error: unknown): boolean {
  return error instanceof Error && error.name === 'TimeoutError';
}

export function isCrash(error: unknown): boolean {
  return CRASH_PATTERN.test(firstLine(error));
}

/** Classifies a failed `page.goto` (or load wait) for `url`. */
export function navigationFailure(error: unknown, url: string, timeoutMs: number): RenderError {
  if (error instanceof RenderError) return error;
  if (isTimeout(error)) {
    return new RenderError('render-timeout', `Loading ${url} took longer than ${timeoutMs} ms`, true, {
      cause: error,
    });
  }
  if (isCrash(error)) {
    return new RenderError('render-crashed', `The page crashed while loading ${url}`, true, { cause: error });
  }
  const line = firstLine(error);
  const netError = /net::(ERR_[A-Z0-9_]+)/.exec(line)?.[1];
  const retryable = netError !== undefined && RETRYABLE_NET_ERRORS.has(netError);
  const what = netError ?? line;
  return new RenderError('render-navigation', `Could not load ${url}: ${what}`, retryable, { cause: error });
}

/** HTTP statuses worth retrying: the server is overloaded, down or rate-limiting. */
export function isRetryableStatus(status: number): boolean {
  return status >= 500 || status === 429;
}
