/**
 * robots.txt, fetched once per origin (scheme + host + port) with Node's fetch and parsed by
 * `robots-parser`. What an unreadable robots.txt means (RFC 9309 §2.3.1, and what the big
 * crawlers do):
 * - 2xx: the rules apply; `Crawl-delay` for our user agent (or `*`) is honoured.
 * - 4xx (404, 403, 401, 410, …): there are no rules; everything is allowed.
 * - A fetch error that is not retryable (a name that does not resolve, an address the fetch
 *   guard refuses): there are no rules; the page's own fetch fails with that cause.
 * - 5xx, a network error or a timeout: the site may be down or overloaded, so assume
 *   "disallow everything" for `serverErrorRetryMs` and then ask again; after
 *   `maxServerErrors` such answers in a row, give up on robots.txt and allow everything (RFC
 *   9309 lets a crawler treat a long-unreachable robots.txt as absent). The crawler requeues a
 *   URL refused this way with `retryAt` as its not-before time, so nothing is lost.
 * - Redirects are followed (up to fetch's limit); a body larger than `maxBytes` is cut there
 *   (RFC 9309 asks parsers to read at least 500 KiB).
 */
import robotsParserModule from 'robots-parser';
import { BroadsheetError } from '../errors.js';

/** The parts of robots-parser's `Robot` used here. */
interface Robot {
  isAllowed(url: string, ua?: string): boolean | undefined;
  getCrawlDelay(ua?: string): number | undefined;
}
// The package is CommonJS (`module.exports = function`) while its typings declare an ES default
// export; under NodeNext the default import is the function itself at run time.
const robotsParser = robotsParserModule as unknown as (url: string, contents: string) => Robot;

export interface RobotsOptions {
  userAgent: string;
  timeoutMs: number;
  serverErrorRetryMs: number;
  maxServerErrors: number;
  maxBytes: number;
  /** Injected for tests; Node's global fetch by default. */
  fetch?: typeof fetch;
}

export const DEFAULT_ROBOTS_OPTIONS: Omit<RobotsOptions, 'userAgent'> = {
  timeoutMs: 10_000,
  serverErrorRetryMs: 60_000,
  maxServerErrors: 3,
  maxBytes: 512 * 1024,
};

export type RobotsVerdict =
  | { allowed: true; crawlDelayMs: number | null }
  /** `retryAt` set: robots.txt could not be read; ask again then. */
  | { allowed: false; crawlDelayMs: number | null; reason: string; retryAt?: number };

interface Rules {
  robot: Robot | null;
  /** Set while robots.txt is unreadable (5xx, timeout): disallow until then. */
  retryAt: number | null;
  serverErrors: number;
}

export class RobotsCache {
  private readonly options: RobotsOptions;
  private readonly rules = new Map<string, Rules>();
  private readonly pending = new Map<string, Promise<Rules>>();

  constructor(options: Partial<RobotsOptions> & { userAgent: string }) {
    this.options = { ...DEFAULT_ROBOTS_OPTIONS, ...options };
  }

  /** May `url` be fetched? Fetches the origin's robots.txt the first time (once, even when asked concurrently). */
  async check(url: string, now = Date.now()): Promise<RobotsVerdict> {
    const origin = new URL(url).origin;
    let rules = this.rules.get(origin);
    if (rules === undefined || (rules.retryAt !== null && now >= rules.retryAt)) rules = await this.load(origin, rules);
    if (rules.retryAt !== null && now < rules.retryAt) {
      return { allowed: false, crawlDelayMs: null, reason: 'robots.txt unreachable (server error or timeout)', retryAt: rules.retryAt };
    }
    if (rules.robot === null) return { allowed: true, crawlDelayMs: null };
    const ua = this.options.userAgent;
    const delay = rules.robot.getCrawlDelay(ua);
    const crawlDelayMs = delay === undefined || !Number.isFinite(delay) || delay < 0 ? null : delay * 1000;
    // robots-parser answers undefined for URLs of another origin; ours are always the same origin.
    if (rules.robot.isAllowed(url, ua) === false) return { allowed: false, crawlDelayMs, reason: 'disallowed by robots.txt' };
    return { allowed: true, crawlDelayMs };
  }

  private load(origin: string, previous: Rules | undefined): Promise<Rules> {
    const inFlight = this.pending.get(origin);
    if (inFlight !== undefined) return inFlight;
    const promise = this.fetchRules(origin, previous).then((rules) => {
      this.rules.set(origin, rules);
      this.pending.delete(origin);
      return rules;
    });
    this.pending.set(origin, promise);
    return promise;
  }

  private async fetchRules(origin: string, previous: Rules | undefined): Promise<Rules> {
    const robotsUrl = `${origin}/robots.txt`;
    const doFetch = this.options.fetch ?? fetch;
    const serverErrors = (previous?.serverErrors ?? 0) + 1;
    const unreachable = (): Rules =>
      serverErrors >= this.options.maxServerErrors
        ? { robot: null, retryAt: null, serverErrors }
        : { robot: null, retryAt: Date.now() + this.options.serverErrorRetryMs, serverErrors };
    try {
      const response = await doFetch(robotsUrl, {
        headers: { 'user-agent': this.options.userAgent },
        redirect: 'follow',
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
      if (response.status >= 500) {
        await response.body?.cancel().catch(() => undefined);
        return unreachable();
      }
      if (response.status >= 400) {
        await response.body?.cancel().catch(() => undefined);
        return { robot: null, retryAt: null, serverErrors: 0 };
      }
      const text = await readCapped(response, this.options.maxBytes);
      return { robot: robotsParser(robotsUrl, text), retryAt: null, serverErrors: 0 };
    } catch (error) {
      // A failure that asking again cannot change (a name that does not resolve, an address the
      // fetch guard refuses) is not a site that is down: there are no rules to wait for, and the
      // page's own fetch fails with that cause at once — a crawl of bad seeds says why within
      // seconds instead of after two robots.txt retry periods.
      if (error instanceof BroadsheetError && !error.retryable) return { robot: null, retryAt: null, serverErrors: 0 };
      return unreachable();
    }
  }
}

async function readCapped(response: Response, maxBytes: number): Promise<string> {
  if (response.body === null) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
    if (size >= maxBytes) {
      await reader.cancel().catch(() => undefined);
      break;
    }
  }
  return Buffer.concat(chunks).subarray(0, maxBytes).toString('utf8');
}
