/**
 * Bandit allocation of one page budget across many sites (docs/methods.md §7; source: «Адаптивный краулер
 * для поиска и сбора внешних гиперссылок», rules R1–R3). Pure: a plain, serialisable state
 * object that the crawler (or the lab) asks which site to fetch from next and tells what each
 * page was worth. The reward is whatever the caller counts (external links found, articles).
 *
 * - R1, trivial: the first ⌊N/K⌋ pages of every site, then the rest of the budget to the site
 *   whose first ⌊N/K⌋ pages earned most.
 * - R2, index (Gittins-style, as the source): n pages per site, then blocks of n pages to the
 *   site with the best mean reward so far.
 * - R3, UCB1: m pages per site, then one page at a time to `argmax X̄ᵢ/X_max + √(2 ln n / tᵢ)`,
 *   X_max the largest reward of any single page so far, n the pages fetched in all.
 *
 * A site that runs out of pages (its frontier is empty) is marked exhausted and never chosen
 * again; for R1 the pages it could not use join the remainder given to the best site. The
 * source does not say what happens then (its sites were larger than the budget share).
 */
import { ConfigError } from '../errors.js';

export type AllocationRule = 'r1' | 'r2' | 'r3';
export const ALLOCATION_RULES: readonly AllocationRule[] = ['r1', 'r2', 'r3'];

export interface ArmState {
  site: string;
  /** Pages given to this site (counted when chosen, so pages in flight count). */
  pulls: number;
  /** Rewards received so far, and how many pages they came from. */
  rewardSum: number;
  rewarded: number;
  /** Largest reward of one page. */
  rewardMax: number;
  /** R1: the reward of the first ⌊N/K⌋ pages. */
  firstShareSum: number;
  exhausted: boolean;
}

export interface AllocationState {
  rule: AllocationRule;
  /** N: pages in all. */
  budget: number;
  /** n (R2) or m (R3): pages per site before the rule starts choosing; R2's block size. */
  step: number;
  arms: ArmState[];
  /** R2: the site of the current block and the pages left in it. */
  block: { site: string; left: number } | null;
}

export interface AllocationOptions {
  budget: number;
  /** n for R2, m for R3 (ignored by R1). */
  step?: number;
}

/** n = m = 5 pages per site: enough for a first mean, small against budgets of hundreds of pages per site. */
export const DEFAULT_ALLOCATION_STEP = 5;

export function createAllocation(rule: string, sites: readonly string[], options: AllocationOptions): AllocationState {
  if (!(ALLOCATION_RULES as readonly string[]).includes(rule)) throw new ConfigError(`Unknown allocation rule "${rule}": use one of ${ALLOCATION_RULES.join(', ')}.`);
  const unique = [...new Set(sites)];
  if (unique.length === 0) throw new ConfigError('Allocation needs at least one site.');
  const { budget } = options;
  if (!Number.isInteger(budget) || budget < unique.length) throw new ConfigError(`The page budget (${budget}) must be a whole number of at least one page per site (${unique.length} sites).`);
  const step = options.step ?? DEFAULT_ALLOCATION_STEP;
  if (!Number.isInteger(step) || step < 1) throw new ConfigError(`The allocation step must be a whole number ≥ 1 (got ${step}).`);
  if (rule !== 'r1' && step * unique.length > budget) {
    throw new ConfigError(`The allocation step ${step} × ${unique.length} sites is more than the page budget ${budget}: lower the step or raise the budget.`);
  }
  return {
    rule: rule as AllocationRule,
    budget,
    step,
    arms: unique.map((site) => ({ site, pulls: 0, rewardSum: 0, rewarded: 0, rewardMax: 0, firstShareSum: 0, exhausted: false })),
    block: null,
  };
}

export function pagesAllocated(state: AllocationState): number {
  return state.arms.reduce((sum, arm) => sum + arm.pulls, 0);
}

/**
 * The site to fetch the next page from, counted as given (its `pulls` grow); undefined when the
 * budget is spent or every site is exhausted. Mutates `state` (the caller persists it).
 */
export function chooseSite(state: AllocationState): string | undefined {
  if (pagesAllocated(state) >= state.budget) return undefined;
  const open = state.arms.filter((arm) => !arm.exhausted);
  if (open.length === 0) return undefined;
  const arm = pick(state, open);
  arm.pulls++;
  if (state.block !== null && state.block.site === arm.site) state.block.left--;
  return arm.site;
}

function pick(state: AllocationState, open: ArmState[]): ArmState {
  const share = Math.floor(state.budget / state.arms.length);
  const warmup = state.rule === 'r1' ? share : state.step;
  // Everyone's first pages, round robin (the fewest pages first; order of the sites breaks ties).
  const behind = open.filter((arm) => arm.pulls < warmup);
  if (behind.length > 0) return minBy(behind, (arm) => arm.pulls);
  switch (state.rule) {
    case 'r1':
      return maxBy(open, (arm) => arm.firstShareSum);
    case 'r2': {
      const current = state.block === null ? undefined : open.find((arm) => arm.site === state.block!.site);
      if (current !== undefined && state.block!.left > 0) return current;
      const best = maxBy(open, (arm) => mean(arm));
      state.block = { site: best.site, left: state.step };
      return best;
    }
    case 'r3': {
      const n = pagesAllocated(state);
      const xMax = Math.max(...state.arms.map((arm) => arm.rewardMax));
      const scale = xMax > 0 ? xMax : 1;
      return maxBy(open, (arm) => mean(arm) / scale + Math.sqrt((2 * Math.log(n)) / Math.max(1, arm.pulls)));
    }
  }
}

/** A page chosen for `site` and not fetched after all (its site busy, a retry): the choice is undone. */
export function giveBack(state: AllocationState, site: string): void {
  const arm = state.arms.find((a) => a.site === site);
  if (arm === undefined || arm.pulls === 0) return;
  arm.pulls--;
  if (state.block?.site === site) state.block.left++;
}

/** A fetched page's reward. */
export function recordReward(state: AllocationState, site: string, reward: number): void {
  const arm = state.arms.find((a) => a.site === site);
  if (arm === undefined) return;
  const share = Math.floor(state.budget / state.arms.length);
  if (arm.rewarded < share) arm.firstShareSum += reward;
  arm.rewardSum += reward;
  arm.rewarded++;
  arm.rewardMax = Math.max(arm.rewardMax, reward);
}

/** A site with nothing left to fetch; a page chosen for it and not fetched is given back. */
export function markExhausted(state: AllocationState, site: string, givenBack = 1): void {
  const arm = state.arms.find((a) => a.site === site);
  if (arm === undefined) return;
  arm.exhausted = true;
  arm.pulls = Math.max(arm.rewarded, arm.pulls - givenBack);
  if (state.block?.site === site) state.block = null;
}

/** Sites that are not yet exhausted. */
export function openSites(state: AllocationState): string[] {
  return state.arms.filter((arm) => !arm.exhausted).map((arm) => arm.site);
}

export function totalReward(state: AllocationState): number {
  return state.arms.reduce((sum, arm) => sum + arm.rewardSum, 0);
}

function mean(arm: ArmState): number {
  return arm.rewarded > 0 ? arm.rewardSum / arm.rewarded : 0;
}

function minBy<T>(items: readonly T[], key: (item: T) => number): T {
  let best = items[0] as T;
  for (const item of items) if (key(item) < key(best)) best = item;
  return best;
}

function maxBy<T>(items: readonly T[], key: (item: T) => number): T {
  let best = items[0] as T;
  for (const item of items) if (key(item) > key(best)) best = item;
  return best;
}
