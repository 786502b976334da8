/**
 * Breadth-first (docs/methods.md §7): the standard crawler, and the baseline every policy is compared
 * with. Priority = −depth, so every level-n page is fetched before any level-(n+1) page; within
 * a level the store's insertion order (FIFO) decides. Nothing is learned, so the version never
 * changes and nothing is ever rescored.
 */
import { SEED_PRIORITY, type Candidate, type FrontierPolicy, type Rescored, type QueuedEntry } from './policy.js';

export class BreadthFirstPolicy implements FrontierPolicy {
  readonly name = 'bfs' as const;
  readonly version = 0;

  score(candidate: Candidate): number {
    return candidate.depth === 0 ? SEED_PRIORITY : -candidate.depth;
  }

  observe(): void {}

  onPage(): void {}

  addExamples(): void {}

  rescore(entries: readonly QueuedEntry[]): Rescored[] {
    return entries.map((entry) => ({ url: entry.url, priority: this.score(entry) }));
  }

  saveState(): string | null {
    return null;
  }

  loadState(): void {}
}
