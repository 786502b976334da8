/**
 * Politeness: how often, and how many at once, the crawl may hit one site.
 *
 * Keyed by site (`siteOf`: the registrable domain, or host:port for local hosts) because the
 * store's claim filter works on sites; every host of a site shares its budget, which is the
 * cautious reading (www.x.com and img.x.com are usually the same servers).
 * - delay: a request to a site starts at least `delayMs` after the previous one to it started;
 *   a `Crawl-delay` from robots.txt raises it for that site (never lowers it);
 * - concurrency: at most `perSiteConcurrency` requests to one site at a time.
 * The crawler claims only URLs of sites that are free now (`busySites`: a claim counts as a
 * start), and sleeps until `nextFreeAt` when every site with queued work is busy. Between the
 * claim and the request the crawler may wait on robots.txt (and learn a Crawl-delay), so the
 * request itself goes through `turn`, which waits until the gap since the previous request to
 * the site is long enough.
 */

export interface PolitenessOptions {
  /** Gap between the starts of two requests to one site. */
  delayMs: number;
  perSiteConcurrency: number;
  /** Crawl-delay values above this are capped (a robots.txt asking for an hour would stall the crawl). */
  maxCrawlDelayMs: number;
}

/**
 * 1 s between requests and 2 at a time is the common courtesy for crawling a news site that did
 * not ask for anything (Crawlee and Scrapy's AutoThrottle start around there); the local-web
 * benchmark sets the delay to 0. Crawl-delay is capped at 60 s.
 */
export const DEFAULT_POLITENESS: PolitenessOptions = { delayMs: 1_000, perSiteConcurrency: 2, maxCrawlDelayMs: 60_000 };

interface SiteState {
  /** The last claim of one of the site's URLs. */
  lastClaim: number;
  /** The last request sent to the site (`turn`). */
  lastRequest: number;
  active: number;
  crawlDelayMs: number | null;
}

export class Politeness {
  private readonly options: PolitenessOptions;
  private readonly sites = new Map<string, SiteState>();

  constructor(options: Partial<PolitenessOptions> = {}) {
    this.options = { ...DEFAULT_POLITENESS, ...options };
    if (!(this.options.perSiteConcurrency >= 1) || !(this.options.delayMs >= 0)) {
      throw new RangeError(`bad politeness options: ${JSON.stringify(this.options)}`);
    }
  }

  /** The gap between two request starts to `site` now. */
  delayFor(site: string): number {
    const crawlDelay = this.sites.get(site)?.crawlDelayMs ?? null;
    return crawlDelay === null ? this.options.delayMs : Math.max(this.options.delayMs, Math.min(crawlDelay, this.options.maxCrawlDelayMs));
  }

  /** Records a Crawl-delay (ms) read from the site's robots.txt. */
  setCrawlDelay(site: string, crawlDelayMs: number | null): void {
    this.state(site).crawlDelayMs = crawlDelayMs;
  }

  /** Sites that may not be requested at `now` (cooling down or at their concurrency limit). */
  busySites(now: number): string[] {
    const busy: string[] = [];
    for (const [site, state] of this.sites) if (!this.isFree(site, state, now)) busy.push(site);
    return busy;
  }

  /** When the earliest busy site becomes free by its delay (ignoring concurrency); undefined if none waits on a delay. */
  nextFreeAt(now: number): number | undefined {
    let next: number | undefined;
    for (const [site, state] of this.sites) {
      if (state.active >= this.options.perSiteConcurrency) continue;
      const at = Math.max(state.lastClaim, state.lastRequest) + this.delayFor(site);
      if (at > now && (next === undefined || at < next)) next = at;
    }
    return next;
  }

  /** A URL of `site` was claimed (call right after claiming, before any await). */
  begin(site: string, now: number): void {
    const state = this.state(site);
    state.active++;
    state.lastClaim = now;
  }

  /** Waits until a request to `site` may be sent (the delay since the previous request), and records it as sent. */
  async turn(site: string): Promise<void> {
    const state = this.state(site);
    for (;;) {
      const waitMs = state.lastRequest + this.delayFor(site) - Date.now();
      if (waitMs <= 0) break;
      await new Promise((resolve) => setTimeout(resolve, waitMs));
    }
    state.lastRequest = Date.now();
  }

  /** The request to `site` is over. */
  end(site: string): void {
    const state = this.state(site);
    state.active = Math.max(0, state.active - 1);
  }

  active(site: string): number {
    return this.sites.get(site)?.active ?? 0;
  }

  private isFree(site: string, state: SiteState, now: number): boolean {
    return state.active < this.options.perSiteConcurrency && now >= Math.max(state.lastClaim, state.lastRequest) + this.delayFor(site);
  }

  private state(site: string): SiteState {
    let state = this.sites.get(site);
    if (state === undefined) {
      state = { lastClaim: -Infinity, lastRequest: -Infinity, active: 0, crawlDelayMs: null };
      this.sites.set(site, state);
    }
    return state;
  }
}
