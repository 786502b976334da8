/**
 * The frontier policy seam: how a crawl decides what to fetch next. Pure (no I/O): the queue
 * itself lives in the store; a policy only turns a candidate URL into a priority and learns
 * from what the crawl reports back. Higher priority is fetched first; the store breaks ties by
 * insertion order (FIFO).
 */

export type PolicyName = 'similarity' | 'bfs' | 'hits';

export const POLICY_NAMES: readonly PolicyName[] = ['similarity', 'bfs', 'hits'];

/** A URL the crawl found and may fetch. `url` is already normalised. */
export interface Candidate {
  url: string;
  /** The site the URL belongs to (`siteOf`). */
  site: string;
  /** Level: the start page is 0, a link on a level-n page is n + 1. */
  depth: number;
  /** The page the link was found on (absent for seeds). */
  foundOn?: string;
  /** The link's anchor text and where on the page it sat (`linkContext`), when known. */
  anchor?: string | null;
  context?: string | null;
}

/** How the crawl first reached a page: the anchor text and context of that link (null for seeds). */
export interface LinkFeatures {
  anchor: string | null;
  context: string | null;
}

/** A queued frontier entry as a policy sees it when refreshing priorities. */
export interface QueuedEntry extends Candidate {
  priority: number;
}

/** A queued entry's priority under the policy's current state. */
export interface Rescored {
  url: string;
  priority: number;
}

export interface FrontierPolicy {
  readonly name: PolicyName;
  /**
   * Bumped whenever the scoring state (targets, weights) changes enough that queued priorities
   * may be stale. Entries scored with an older version are rescored lazily, when they come near
   * the head of the queue (see `refresh.ts`).
   */
  readonly version: number;
  /**
   * 'full' when a new version can raise queued priorities that are low (HITS: a listing found
   * on-topic lifts links queued at 0), so every stale entry is rescored at once instead of only
   * those near the head (`refresh.ts`). Default 'lazy'.
   */
  readonly refresh?: 'lazy' | 'full';
  /** Priority of a candidate now. Seeds (depth 0) always come first. */
  score(candidate: Candidate): number;
  /** Every URL the crawl discovers, once, before it is scored (feeds the weight learner). */
  observe(candidate: Candidate): void;
  /**
   * Every internal link of a fetched page (found before or not), before its `onPage`: the link
   * graph, for policies that need it (HITS). Optional.
   */
  observeLinks?(from: string, to: readonly string[]): void;
  /**
   * A fetched page and the extractor's article decision, with the link the crawl reached it by
   * (stored with its frontier entry, so a resumed crawl passes the same).
   */
  onPage(url: string, site: string, isArticle: boolean, link?: LinkFeatures): void;
  /** Example article URLs given by the user: targets from the start. */
  addExamples(urls: readonly string[]): void;
  /** Current priorities of `entries` (all of them; the caller writes back the ones that moved). */
  rescore(entries: readonly QueuedEntry[]): Rescored[];
  /** The learned state as JSON, for `saveModel` (null when there is nothing to keep). */
  saveState(): string | null;
  /** Restores what `saveState` returned. */
  loadState(json: string): void;
}

/**
 * Priority of a seed (depth 0): above anything a policy computes, so start pages are fetched
 * first whatever the policy.
 */
export const SEED_PRIORITY = 1_000_000;
