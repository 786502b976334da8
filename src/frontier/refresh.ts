/**
 * Lazy priority refresh (docs/methods.md §6: "priorities are refreshed without rescoring the whole
 * frontier"). Before a claim, the stale entries nearest the head of the queue (scored with an
 * older policy version) are rescored and written back, until the head itself is fresh. A stale
 * high priority therefore never wins: either it is rescored before the claim, or something
 * fresh outranks it. Entries deep in the queue keep their old priority until they come near
 * the head. The queue is the store's (the part of `CrawlStore` used here).
 */
import type { FrontierPolicy } from './policy.js';

interface QueuedRow {
  url: string;
  site: string;
  depth: number;
  priority: number;
  foundOn: string | null;
  /** The link's anchor and context (optional: a queue that does not keep them scores without). */
  anchor?: string | null;
  context?: string | null;
  scoredWithVersion: number | null;
}

export interface RefreshableQueue {
  staleQueued(version: number, limit: number): QueuedRow[];
  topQueued(limit: number): QueuedRow[];
  updatePriorities(updates: ReadonlyArray<{ url: string; priority: number; scoredWithVersion?: number }>): void;
}

export interface RefreshOptions {
  /** Stale entries rescored per round. */
  batch: number;
  /** Rounds at most per claim (bounds the work when many priorities fell at once). */
  maxRounds: number;
}

/**
 * 32 per round, 4 rounds: the similarity policy scores ~900 candidates/s on the dev machine
 * (see targets.ts), so the worst case is ~0.15 s per claim and the usual one (one round) ~35 ms,
 * well under a page's render time (~0.5–1 s).
 */
export const DEFAULT_REFRESH_OPTIONS: RefreshOptions = { batch: 32, maxRounds: 4 };

/** Rows per round of a full refresh (a policy with `refresh: 'full'`). */
const FULL_REFRESH_BATCH = 1_000;

export interface RefreshResult {
  rescored: number;
  rounds: number;
}

export function refreshHead(queue: RefreshableQueue, policy: FrontierPolicy, options: RefreshOptions = DEFAULT_REFRESH_OPTIONS): RefreshResult {
  const version = policy.version;
  const full = policy.refresh === 'full';
  let rescored = 0;
  let rounds = 0;
  while (full || rounds < options.maxRounds) {
    if (!full) {
      const head = queue.topQueued(1)[0];
      if (head === undefined || (head.scoredWithVersion ?? -1) >= version) break;
    }
    const stale = queue.staleQueued(version, full ? FULL_REFRESH_BATCH : options.batch);
    if (stale.length === 0) break;
    rounds++;
    const updates = policy
      .rescore(
        stale.map((row) => ({
          url: row.url,
          site: row.site,
          depth: row.depth,
          priority: row.priority,
          anchor: row.anchor ?? null,
          context: row.context ?? null,
          ...(row.foundOn !== null ? { foundOn: row.foundOn } : {}),
        })),
      )
      .map((update) => ({ ...update, scoredWithVersion: version }));
    queue.updatePriorities(updates);
    rescored += updates.length;
  }
  return { rescored, rounds };
}
