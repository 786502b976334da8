/**
 * Crawl figures for the live progress line and the final summary: pages/s, queue size,
 * articles, harvest rate so far (articles ÷ pages fetched, docs/methods.md §8), errors, retries.
 */

export interface CrawlProgress {
  /** Pages fetched in the store, this run and earlier ones (the budget counts these). */
  pagesTotal: number;
  /** Pages fetched by this run. */
  pagesThisRun: number;
  articlesTotal: number;
  articlesThisRun: number;
  /** Pages recorded with an error by this run. */
  errors: number;
  /** Fetches put back for a retry by this run. */
  retries: number;
  queued: number;
  inFlight: number;
  elapsedMs: number;
  /** Pages per second over this run. */
  pagesPerSecond: number;
  /** articlesTotal ÷ pagesTotal (0 before any page). */
  harvestRate: number;
  maxPages: number;
}

export class CrawlStats {
  private readonly startedAt = performance.now();
  pagesThisRun = 0;
  articlesThisRun = 0;
  errors = 0;
  retries = 0;

  constructor(
    private readonly pagesBefore: number,
    private readonly articlesBefore: number,
    private readonly maxPages: number,
  ) {}

  page(isArticle: boolean, failed: boolean): void {
    this.pagesThisRun++;
    if (isArticle) this.articlesThisRun++;
    if (failed) this.errors++;
  }

  retry(): void {
    this.retries++;
  }

  snapshot(queued: number, inFlight: number): CrawlProgress {
    const elapsedMs = performance.now() - this.startedAt;
    const pagesTotal = this.pagesBefore + this.pagesThisRun;
    const articlesTotal = this.articlesBefore + this.articlesThisRun;
    return {
      pagesTotal,
      pagesThisRun: this.pagesThisRun,
      articlesTotal,
      articlesThisRun: this.articlesThisRun,
      errors: this.errors,
      retries: this.retries,
      queued,
      inFlight,
      elapsedMs,
      pagesPerSecond: elapsedMs > 0 ? this.pagesThisRun / (elapsedMs / 1000) : 0,
      harvestRate: pagesTotal > 0 ? articlesTotal / pagesTotal : 0,
      maxPages: this.maxPages,
    };
  }
}

/** One line: `crawl 120/300 pages · 2.4 pages/s · queue 812 · 97 articles · harvest 0.81 · 3 errors`. */
export function formatProgress(p: CrawlProgress): string {
  const budget = Number.isFinite(p.maxPages) ? `/${p.maxPages}` : '';
  return (
    `crawl ${p.pagesTotal}${budget} pages · ${p.pagesPerSecond.toFixed(1)} pages/s · queue ${p.queued}` +
    ` · ${p.articlesTotal} articles · harvest ${p.harvestRate.toFixed(2)} · ${p.errors} errors` +
    (p.retries > 0 ? ` · ${p.retries} retries` : '')
  );
}
