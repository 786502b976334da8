/**
 * HITS focused crawling (docs/methods.md §7, source: «Тематический краулинг на основе алгоритма HITS»).
 * Authority `x⟨p⟩ ← Σ_{q→p} y⟨q⟩`, hub `y⟨p⟩ ← Σ_{p→q} x⟨q⟩`, both L2-normalised after each
 * iteration; ~20 iterations settle the top 20. The crawl re-runs HITS as it goes over the
 * graph of the fetched pages and the links they hold; the links of the top hubs are fetched
 * first ("the top hubs are expanded"; `expand` says how a link is valued).
 *
 * The focused part: a page's weight as an authority is scaled by its relevance — 1 for a
 * fetched target (the extractor's article, or the lab's on-topic article), `offTopicWeight`
 * for a fetched page that is not one, and for a page not fetched yet an estimate: the best
 * target share among the fetched pages linking to it, where a page's target share is
 * (targets among its fetched links + β · its parent's share) / (fetched links + β), β =
 * `priorLinks`, the parent being the page it was found on. So the next page of an on-topic
 * listing inherits the listing's share before any of its own links is fetched. Hubs are then
 * the pages whose links lead to relevant pages, and what they link to next rises. (Plain
 * relevance-free HITS on a news site ranks the navigation — linked from every page — first.)
 *
 * Scaling: the graph is bounded to the last `windowPages` fetched pages and their out-links
 * (older pages leave the window, with their edges); one run costs O(iterations · edges), and a
 * run happens every `rerunEvery` pages, so the cost per page is
 * O(iterations · windowPages · linksPerPage / rerunEvery) — about 20 · 2,000 · 80 / 10 ≈ 0.3 M
 * additions per page at the defaults (a few ms), whatever the length of the crawl.
 */
import { SEED_PRIORITY, type Candidate, type FrontierPolicy, type QueuedEntry, type Rescored } from './policy.js';

export interface HitsResult {
  authority: Map<string, number>;
  hub: Map<string, number>;
  iterations: number;
}

/**
 * HITS over `edges` (from → to lists), `iterations` rounds, both vectors L2-normalised after each.
 * `relevance(node)` (default 1) scales what a node contributes as an authority to its hubs.
 */
export function computeHits(edges: ReadonlyMap<string, readonly string[]>, iterations = 20, relevance: (url: string) => number = () => 1): HitsResult {
  const nodes = new Set<string>();
  for (const [from, tos] of edges) {
    nodes.add(from);
    for (const to of tos) nodes.add(to);
  }
  let authority = new Map<string, number>();
  let hub = new Map<string, number>();
  for (const node of nodes) {
    authority.set(node, 1);
    hub.set(node, 1);
  }
  for (let i = 0; i < iterations; i++) {
    const nextAuthority = new Map<string, number>();
    for (const node of nodes) nextAuthority.set(node, 0);
    for (const [from, tos] of edges) {
      const y = hub.get(from) ?? 0;
      for (const to of tos) nextAuthority.set(to, (nextAuthority.get(to) ?? 0) + y);
    }
    normalise(nextAuthority);
    const nextHub = new Map<string, number>();
    for (const node of nodes) nextHub.set(node, 0);
    for (const [from, tos] of edges) {
      let sum = 0;
      for (const to of tos) sum += (nextAuthority.get(to) ?? 0) * relevance(to);
      nextHub.set(from, sum);
    }
    normalise(nextHub);
    authority = nextAuthority;
    hub = nextHub;
  }
  return { authority, hub, iterations };
}

function normalise(vector: Map<string, number>): void {
  let sum = 0;
  for (const v of vector.values()) sum += v * v;
  const norm = Math.sqrt(sum);
  if (norm === 0) return;
  for (const [k, v] of vector) vector.set(k, v / norm);
}

export interface HitsPolicyOptions {
  iterations: number;
  /** Pages fetched between two runs of HITS. */
  rerunEvery: number;
  /** Fetched pages kept in the graph (the most recent). */
  windowPages: number;
  /** Relevance of a fetched page that is not a target (0 = plain hub of targets only). */
  offTopicWeight: number;
  /** Target share of a page before anything is known (the home page's parent). */
  unknownWeight: number;
  /**
   * What a queued link is worth: 'authority' (its HITS authority), 'hub' (the best hub weight
   * among the pages linking to it, max-normalised: "the top hubs are expanded"), or
   * 'hub+share' (that plus the linking page's target share).
   */
  expand: 'authority' | 'hub' | 'hub+share';
  /** β: how many fetched links the parent's share counts for in a page's share. */
  priorLinks: number;
}

/**
 * Defaults: 20 iterations (docs/methods.md §7); a re-run every 10 pages and a window of 2,000 pages keep
 * the cost per page at a few ms (see above). The weights were set on the lab's topical family
 * (harvest@300, 1 run each): expand authority 0.37, hub 0.36, hub+share 0.39, hub+share with
 * off-topic pages at 0.05 0.42 (breadth-first 0.18); a first share of 0.3 and β = 4 (2 and 10 tie).
 */
export const DEFAULT_HITS_OPTIONS: HitsPolicyOptions = { iterations: 20, rerunEvery: 10, windowPages: 2_000, offTopicWeight: 0.05, unknownWeight: 0.3, priorLinks: 4, expand: 'hub+share' };

/** Breadth-first tie-break inside equal authorities (and before the first run): −depth, scaled far below any authority gap. */
const DEPTH_TIE_BREAK = 1e-6;

interface HitsState {
  pages: Array<{ url: string; relevant: boolean; links: string[] }>;
}

export class HitsPolicy implements FrontierPolicy {
  readonly name = 'hits' as const;
  /** A run can lift links queued at 0 (see `score`), so the whole queue is rescored after it. */
  readonly refresh = 'full' as const;
  private versionValue = 0;
  private readonly options: HitsPolicyOptions;
  /** Fetched pages in fetch order (oldest first) with their out-links; bounded by the window. */
  private readonly fetched = new Map<string, { relevant: boolean; links: string[] }>();
  /** Out-links reported before the page's own `onPage` (the crawler reports links first). */
  private readonly pendingLinks = new Map<string, string[]>();
  private authority = new Map<string, number>();
  private shares = new Map<string, number>();
  /** The page each URL was first found on (for the inherited target share). */
  private readonly parentOf = new Map<string, string>();
  private sincerun = 0;

  constructor(options: Partial<HitsPolicyOptions> = {}) {
    this.options = { ...DEFAULT_HITS_OPTIONS, ...options };
  }

  get version(): number {
    return this.versionValue;
  }

  score(candidate: Candidate): number {
    if (candidate.depth === 0) return SEED_PRIORITY;
    const known = this.authority.get(candidate.url);
    if (known !== undefined) return known - DEPTH_TIE_BREAK * candidate.depth;
    // Found since the last run: the page it was found on has no hub weight yet, so the
    // candidate gets that page's inherited target share (its parent's, or its own if known).
    const from = candidate.foundOn;
    const share = from === undefined ? undefined : (this.shares.get(from) ?? this.shares.get(this.parentOf.get(from) ?? ''));
    return (share ?? 0) - DEPTH_TIE_BREAK * candidate.depth;
  }

  observe(candidate: Candidate): void {
    if (candidate.foundOn !== undefined && !this.parentOf.has(candidate.url)) this.parentOf.set(candidate.url, candidate.foundOn);
  }

  observeLinks(from: string, to: readonly string[]): void {
    const page = this.fetched.get(from);
    if (page !== undefined) page.links = [...to];
    else this.pendingLinks.set(from, [...to]);
  }

  onPage(url: string, _site: string, isArticle: boolean): void {
    const links = this.pendingLinks.get(url) ?? this.fetched.get(url)?.links ?? [];
    this.pendingLinks.delete(url);
    this.fetched.delete(url);
    this.fetched.set(url, { relevant: isArticle, links });
    while (this.fetched.size > this.options.windowPages) {
      const oldest = this.fetched.keys().next().value as string;
      this.fetched.delete(oldest);
    }
    if (++this.sincerun >= this.options.rerunEvery) this.rerun();
  }

  addExamples(): void {}

  rescore(entries: readonly QueuedEntry[]): Rescored[] {
    return entries.map((entry) => ({ url: entry.url, priority: this.score(entry) }));
  }

  /** Runs HITS over the window now; the queue is rescored lazily (version bump). */
  rerun(): HitsResult {
    this.sincerun = 0;
    const edges = new Map<string, readonly string[]>();
    for (const [url, page] of this.fetched) edges.set(url, page.links);
    const share = this.targetShares();
    this.shares = share;
    const estimate = new Map<string, number>();
    for (const [url, page] of this.fetched) {
      const s = share.get(url)!;
      for (const link of page.links) if (!this.fetched.has(link) && s > (estimate.get(link) ?? -1)) estimate.set(link, s);
    }
    const { offTopicWeight, unknownWeight } = this.options;
    const result = computeHits(edges, this.options.iterations, (url) => {
      const page = this.fetched.get(url);
      return page === undefined ? (estimate.get(url) ?? unknownWeight) : page.relevant ? 1 : offTopicWeight;
    });
    let maxHub = 0;
    for (const v of result.hub.values()) maxHub = Math.max(maxHub, v);
    const priority = new Map<string, number>();
    for (const [url, page] of this.fetched) {
      const hub = maxHub > 0 ? (result.hub.get(url) ?? 0) / maxHub : 0;
      const value = this.options.expand === 'authority' ? 0 : this.options.expand === 'hub' ? hub : hub + share.get(url)!;
      for (const link of page.links) if (!this.fetched.has(link) && value > (priority.get(link) ?? -1)) priority.set(link, value);
    }
    if (this.options.expand === 'authority') for (const [url, v] of result.authority) if (!this.fetched.has(url)) priority.set(url, v);
    this.authority = priority;
    this.versionValue++;
    return result;
  }

  /** Each fetched page's target share, parents first (fetch order puts them first). */
  private targetShares(): Map<string, number> {
    const share = new Map<string, number>();
    const { priorLinks, unknownWeight } = this.options;
    for (const [url, page] of this.fetched) {
      let targets = 0;
      let known = 0;
      for (const link of page.links) {
        const target = this.fetched.get(link);
        if (target === undefined) continue;
        known++;
        if (target.relevant) targets++;
      }
      const parent = this.parentOf.get(url);
      const prior = (parent !== undefined ? share.get(parent) : undefined) ?? unknownWeight;
      share.set(url, (targets + priorLinks * prior) / (known + priorLinks));
    }
    return share;
  }

  saveState(): string | null {
    const state: HitsState = { pages: [...this.fetched].map(([url, page]) => ({ url, relevant: page.relevant, links: page.links })) };
    return JSON.stringify(state);
  }

  loadState(json: string): void {
    const state = JSON.parse(json) as HitsState;
    this.fetched.clear();
    for (const page of state.pages) this.fetched.set(page.url, { relevant: page.relevant, links: page.links });
    if (this.fetched.size > 0) this.rerun();
  }
}
