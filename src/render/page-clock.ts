/**
 * One page's time budget (`--time-budget`, issue 21 item 7): it starts before anything is done
 * for the page and every step — markup preparation, load, snapshot, Node's extraction — takes
 * its limit from what is left. Pure arithmetic on `performance.now()`.
 */

/**
 * Node's work on a page (src/page-work/) gets what the budget has left, but at least this: a
 * page whose load used the whole budget still gets its extraction (AEB's p95 of extraction was
 * 0.5 s of wall time in a page-work thread on the 2-core dev machine at load 12–36, `npm run
 * bench:speed`), as the snapshot gets at least 1 s.
 */
export const MIN_NODE_WORK_MS = 2_000;

export interface PageClock {
  /** The page's budget in ms; 0: none (every step has only its own timeout). */
  readonly budgetMs: number;
  readonly startedAt: number;
  elapsedMs(): number;
  /** What is left of the budget (never below 0); Infinity without a budget. */
  remainingMs(): number;
  /** The deadline of the next piece of Node's work: what is left, at least `MIN_NODE_WORK_MS`; 0 (none) without a budget. */
  nodeWorkDeadlineMs(): number;
}

export function startPageClock(budgetMs: number, startedAt: number = performance.now()): PageClock {
  const elapsedMs = (): number => performance.now() - startedAt;
  const remainingMs = (): number => (budgetMs > 0 ? Math.max(0, budgetMs - elapsedMs()) : Infinity);
  return {
    budgetMs,
    startedAt,
    elapsedMs,
    remainingMs,
    nodeWorkDeadlineMs: () => (budgetMs > 0 ? Math.max(MIN_NODE_WORK_MS, remainingMs()) : 0),
  };
}
