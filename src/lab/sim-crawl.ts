/**
 * The crawl loop of the lab: the crawler's frontier (the SQLite store, in memory), its lazy priority
 * refresh and any `FrontierPolicy`, over link graphs instead of rendered pages, so a policy is
 * measured by what it chooses and not by the extractor's mistakes or the browser's speed (the
 * target decision is the graph's truth). A bandit allocation, when given, chooses the site of
 * every page as the crawler's `--allocate` does. Pure apart from the in-memory store it owns.
 */
import { chooseSite, markExhausted, recordReward, type AllocationState } from '../crawl/allocate.js';
import { refreshHead, SEED_PRIORITY, type FrontierPolicy } from '../frontier/index.js';
import { openSqliteStore } from '../store/index.js';
import type { EnqueueEntry } from '../store/types.js';
import type { GraphSite } from '../testing/local-web/families.js';
import { normalizeUrl, siteOf } from '../url/index.js';

export interface SimCrawlOptions {
  maxPages: number;
  /** Deepest level fetched (the home page is 0). */
  maxDepth?: number;
  allocation?: AllocationState;
  /** What a page earns for the allocation: targets (1 per target page) or its external links. */
  reward?: 'targets' | 'external-links';
}

export interface FetchedPage {
  url: string;
  site: string;
  depth: number;
  isTarget: boolean;
  externalLinks: number;
  /** False for a URL the site does not resolve (a 404). */
  found: boolean;
}

export function siteKey(site: GraphSite): string {
  return siteOf(site.homeUrl) ?? site.name;
}

export function simulateCrawl(sites: readonly GraphSite[], policy: FrontierPolicy, options: SimCrawlOptions): FetchedPage[] {
  const store = openSqliteStore(':memory:');
  const bySite = new Map(sites.map((site) => [siteKey(site), site]));
  const maxDepth = options.maxDepth ?? 50;
  const order: FetchedPage[] = [];
  try {
    store.enqueue(
      sites.map((site) => {
        const candidate = { url: site.homeUrl, site: siteKey(site), depth: 0 };
        policy.observe(candidate);
        return { ...candidate, priority: SEED_PRIORITY, scoredWithVersion: policy.version };
      }),
    );
    const keys = [...bySite.keys()];
    let clock = 0;
    while (order.length < options.maxPages) {
      refreshHead(store, policy);
      let chosen: string | undefined;
      if (options.allocation !== undefined) {
        chosen = chooseSite(options.allocation);
        if (chosen === undefined) break;
      }
      const entry = store.claimNext(chosen === undefined ? { now: clock } : { now: clock, excludeSites: keys.filter((k) => k !== chosen) });
      if (entry === undefined) {
        if (chosen === undefined) break;
        markExhausted(options.allocation!, chosen);
        continue;
      }
      const page = bySite.get(entry.site)?.page(entry.url);
      const enqueue: EnqueueEntry[] = [];
      const internal: string[] = [];
      const links = page?.links ?? [];
      links.forEach((raw, i) => {
        const normalized = normalizeUrl(raw);
        if (!normalized.ok) return;
        const site = siteOf(normalized.url);
        if (site === null || !bySite.has(site)) return;
        internal.push(normalized.url);
        const depth = entry.depth + 1;
        if (depth > maxDepth || enqueue.some((e) => e.url === normalized.url)) return;
        // As the crawler: a known URL only by a shorter way (the store keeps the smallest depth),
        // scored with the anchor and context of its first discovery.
        const known = store.frontierEntry(normalized.url);
        if (known !== undefined && known.depth <= depth) return;
        const info = page?.linkInfo?.[i];
        const anchor = known !== undefined ? known.anchor : info?.anchor || null;
        const context = known !== undefined ? known.context : info?.context || null;
        const candidate = { url: normalized.url, site, depth, foundOn: entry.url, anchor, context };
        if (known === undefined) policy.observe(candidate);
        enqueue.push({
          url: normalized.url,
          site,
          depth,
          foundOn: entry.url,
          priority: policy.score(candidate),
          scoredWithVersion: policy.version,
          ...(anchor !== null ? { anchor } : {}),
          ...(context !== null ? { context } : {}),
        });
      });
      policy.observeLinks?.(entry.url, internal);
      const isTarget = page?.isTarget ?? false;
      store.recordPage({
        url: entry.url,
        site: entry.site,
        depth: entry.depth,
        status: page === undefined ? 404 : 200,
        fetchedAt: ++clock,
        isArticle: isTarget,
        links: { internal: [], external: [], bad: [] },
        enqueue,
      });
      policy.onPage(entry.url, entry.site, isTarget, { anchor: entry.anchor, context: entry.context });
      const fetched: FetchedPage = { url: entry.url, site: entry.site, depth: entry.depth, isTarget, externalLinks: page?.externalLinks ?? 0, found: page !== undefined };
      order.push(fetched);
      if (options.allocation !== undefined) recordReward(options.allocation, entry.site, options.reward === 'targets' ? Number(isTarget) : fetched.externalLinks);
    }
  } finally {
    store.close();
  }
  return order;
}
