/**
 * Continuous collection (`broadsheet recrawl`): the fronts and section pages of a stored crawl
 * (pages at depth ≤ `maxDepth` that are not articles) revisited in rounds by S.C.E.N.T.
 * (`scent.ts`). A page's content is its set of internal links, each sized by its anchor text
 * (+1), so the changed size of a check is what appeared or went away on the front; new URLs go
 * to the crawl's frontier (the next `broadsheet crawl` fetches them). The scheduler and what
 * each page held are saved in the store after every check, so stopping loses nothing.
 *
 * Resources are injected (store, render session, policy); nothing is closed here.
 */
import { describeError } from '../errors.js';
import type { PageRenderer } from '../crawl/crawler.js';
import { classifyLinks } from '../crawl/links.js';
import type { FrontierPolicy } from '../frontier/index.js';
import type { CrawlStore, EnqueueEntry } from '../store/types.js';
import { ScentScheduler, type ScentOptions } from './scent.js';

export const RECRAWL_MODEL_KEY = 'recrawl:scent';

export interface RecrawlOptions {
  scent?: Partial<ScentOptions>;
  /** Pages at this depth or less are revisited (the start page is 0). */
  maxDepth: number;
  /** Deepest level the crawl enqueues (its --max-depth). */
  crawlMaxDepth: number;
  /** Rounds to run (Infinity: until the signal). */
  rounds: number;
  /** Wait between two rounds. */
  intervalMs: number;
  userAgent: string;
  signal?: AbortSignal;
  onCheck?: (check: RecrawlCheck) => void;
}

export interface RecrawlCheck {
  round: number;
  url: string;
  changedSize: number;
  newUrls: number;
  error: string | null;
}

export interface RecrawlSummary {
  rounds: number;
  checks: number;
  newUrls: number;
  failures: number;
}

interface Saved {
  scheduler: string;
  held: Record<string, Record<string, number>>;
}

export async function recrawl(deps: { store: CrawlStore; session: PageRenderer; policy: FrontierPolicy }, options: RecrawlOptions): Promise<RecrawlSummary> {
  const { store, session, policy } = deps;
  const scheduler = new ScentScheduler(options.scent);
  let held: Saved['held'] = {};
  const savedJson = store.loadModel(RECRAWL_MODEL_KEY);
  if (savedJson !== undefined) {
    const saved = JSON.parse(savedJson) as Saved;
    scheduler.loadState(saved.scheduler);
    held = saved.held;
  }
  const depthOf = new Map<string, number>();
  for (const page of store.pages()) {
    if (page.isArticle || page.errorCode !== null || page.depth > options.maxDepth) continue;
    depthOf.set(page.url, page.depth);
    scheduler.add(page.url);
  }
  const scope = { sites: new Set(store.listSeeds().map((s) => s.site)), allowDomains: [], maxDepth: options.crawlMaxDepth };
  const save = (): void => {
    store.saveModel(RECRAWL_MODEL_KEY, JSON.stringify({ scheduler: scheduler.saveState(), held } satisfies Saved));
  };
  const summary: RecrawlSummary = { rounds: 0, checks: 0, newUrls: 0, failures: 0 };
  for (let round = 1; round <= options.rounds && !options.signal?.aborted; round++) {
    for (const url of scheduler.nextRound()) {
      if (options.signal?.aborted) break;
      const check: RecrawlCheck = { round, url, changedSize: 0, newUrls: 0, error: null };
      try {
        const rendered = await session.render({ kind: 'url', url, label: url }, async (page) => ({ text: page.snapshotText, patch: page.snapshotPatch, clock: page.clock }), {
          userAgent: options.userAgent,
        });
        // The page's links are read in a page-work thread, within what its budget has left.
        const anchors = await session.work.run({ kind: 'links', wire: rendered.text, patch: rendered.patch }, { label: url, deadlineMs: rendered.clock.nodeWorkDeadlineMs() });
        const links = classifyLinks(anchors, depthOf.get(url) ?? 0, scope);
        const current: Record<string, number> = {};
        for (const link of links.internal) current[link.url] = (link.anchor?.length ?? 0) + 1;
        const before = held[url] ?? {};
        for (const [link, size] of Object.entries(current)) if (!(link in before)) check.changedSize += size;
        for (const [link, size] of Object.entries(before)) if (!(link in current)) check.changedSize += size;
        const enqueue: EnqueueEntry[] = [];
        for (const link of links.internal) {
          if (link.level > options.crawlMaxDepth || store.frontierEntry(link.url) !== undefined) continue;
          const candidate = { url: link.url, site: link.site, depth: link.level, foundOn: url, anchor: link.anchor, context: link.context };
          policy.observe(candidate);
          enqueue.push({
            url: link.url,
            site: link.site,
            depth: link.level,
            foundOn: url,
            priority: policy.score(candidate),
            scoredWithVersion: policy.version,
            ...(link.anchor !== null ? { anchor: link.anchor } : {}),
            ...(link.context !== null ? { context: link.context } : {}),
          });
        }
        check.newUrls = store.enqueue(enqueue);
        held[url] = current;
        scheduler.checked(url, { size: Object.values(current).reduce((s, v) => s + v, 0), changedSize: check.changedSize });
      } catch (error) {
        // A failed check: the page keeps what it held; its scent halves as for an unchanged page.
        check.error = describeError(error).message;
        summary.failures++;
        scheduler.checked(url, { size: scheduler.page(url)?.size ?? 0, changedSize: 0 });
      }
      summary.checks++;
      summary.newUrls += check.newUrls;
      save();
      options.onCheck?.(check);
    }
    scheduler.endRound();
    save();
    summary.rounds = round;
    if (round < options.rounds && options.intervalMs > 0) await sleepUnlessAborted(options.intervalMs, options.signal);
  }
  return summary;
}

function sleepUnlessAborted(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}
