/**
 * The crawler's side of a bandit allocation (`crawl --allocate r1|r2|r3`): the pure rules of
 * `allocate.ts`, with their state kept in the store (arms in `allocation_arms`, the rest in the
 * `crawl.allocation` setting) after every page, so a resumed crawl goes on with the rewards it
 * had. A resumed crawl with another rule is refused.
 */
import { ConfigError } from '../errors.js';
import type { CrawlStore } from '../store/types.js';
import { chooseSite, createAllocation, giveBack, markExhausted, recordReward, type AllocationRule, type AllocationState } from './allocate.js';

export type AllocationReward = 'articles' | 'external-links';

export interface SiteAllocationOptions {
  rule: AllocationRule;
  /** n (R2) or m (R3). */
  step?: number;
  reward: AllocationReward;
}

export const ALLOCATION_SETTING_KEY = 'crawl.allocation';

interface StoredAllocation {
  rule: AllocationRule;
  step: number;
  reward: AllocationReward;
  block: AllocationState['block'];
}

export class SiteAllocator {
  private constructor(
    private readonly store: CrawlStore,
    readonly state: AllocationState,
    readonly reward: AllocationReward,
  ) {}

  /** The allocation of this crawl: the stored one (budget updated) or a new one over `sites`. */
  static open(store: CrawlStore, sites: readonly string[], budget: number, options: SiteAllocationOptions): SiteAllocator {
    if (!Number.isFinite(budget)) throw new ConfigError('--allocate needs a page budget: give --max-pages.');
    const storedJson = store.getSetting(ALLOCATION_SETTING_KEY);
    const stored = storedJson === undefined ? undefined : (JSON.parse(storedJson) as StoredAllocation);
    if (stored !== undefined && (stored.rule !== options.rule || stored.reward !== options.reward)) {
      throw new ConfigError(
        `This database holds a crawl allocated with --allocate ${stored.rule} --reward ${stored.reward}; a resumed crawl keeps it (use another --db for a different crawl).`,
      );
    }
    const state = createAllocation(options.rule, sites, { budget, step: stored?.step ?? options.step });
    for (const row of store.loadAllocationArms()) {
      const arm = state.arms.find((a) => a.site === row.site);
      // Pages in flight when the last run stopped are fetched again: only recorded pages count.
      if (arm !== undefined) Object.assign(arm, row, { pulls: row.rewarded });
    }
    state.block = stored?.block ?? null;
    const allocator = new SiteAllocator(store, state, options.reward);
    allocator.save();
    return allocator;
  }

  /** The site of the next page, or undefined when the budget is spent or every site is exhausted. */
  choose(): string | undefined {
    return chooseSite(this.state);
  }

  /** The chosen site could not be claimed now (busy, a retry pending) or the fetch is retried. */
  giveBack(site: string): void {
    giveBack(this.state, site);
  }

  exhausted(site: string): void {
    markExhausted(this.state, site);
    this.save();
  }

  /** A fetched page's reward, then the state is saved. */
  record(site: string, page: { isArticle: boolean; externalLinks: number }): void {
    recordReward(this.state, site, this.reward === 'articles' ? Number(page.isArticle) : page.externalLinks);
    this.save();
  }

  private save(): void {
    const { rule, step, block } = this.state;
    this.store.saveAllocationArms(this.state.arms.map(({ site, pulls, rewardSum, rewarded, rewardMax, firstShareSum, exhausted }) => ({ site, pulls, rewardSum, rewarded, rewardMax, firstShareSum, exhausted })));
    this.store.setSetting(ALLOCATION_SETTING_KEY, JSON.stringify({ rule, step, reward: this.reward, block } satisfies StoredAllocation));
  }
}
