/**
 * S.C.E.N.T. recrawl scheduling (docs/methods.md §7; source: С. Л. Сотник, «Алгоритм краулинга
 * S.C.E.N.T.»). Pure: every page kept for revisiting has a scent; each round checks the
 * strongest-scented pages until the round's time is spent (a check costs `A·size + B`);
 * checking a page halves its scent and adds `log(changed + 1)` for the information it yielded;
 * after the round every page gains ΔS. ΔS = 0 stops revisiting pages that keep not changing;
 * ΔS → ∞ revisits uniformly.
 *
 * The information value of an index (the source's (1)–(2)): per page
 * `log(ActualSize + 1) − log(DeletedSize + 1)`, ActualSize the content held that is still on the
 * page, DeletedSize the content held that is gone plus the content on the page not held;
 * `informationValue` computes it for content modelled as sized items.
 */
import { ConfigError } from '../errors.js';

export interface ScentOptions {
  /** ΔS: scent every page gains after each round. */
  deltaS: number;
  /** Scent of a page when it is added (checked soon after). */
  initialScent: number;
  /** A: time per unit of page size (ms per byte). */
  timePerUnitMs: number;
  /** B: time per check whatever the size (ms). */
  overheadMs: number;
  /** Time one round may spend on checks (ms); a round checks at least one page. */
  roundTimeMs: number;
}

/**
 * ΔS = 1: on the lab's news site (`npm run lab -- recrawl`) it is within 1.1 points of the best
 * Q of 0 … 1000 at 3, 6 and 12 s of checks per round (87.6 / 91.2 / 97.3 % of the oracle), where
 * smaller ΔS finds new articles sooner and larger ones wastes checks on static pages. A and B
 * are a rendered page's cost on the dev machine (~0.5 s + 10 µs per byte); a round of 10 s
 * checks ~15 fronts.
 */
export const DEFAULT_SCENT_OPTIONS: ScentOptions = { deltaS: 1, initialScent: 20, timePerUnitMs: 0.01, overheadMs: 500, roundTimeMs: 10_000 };

export interface ScentPage {
  url: string;
  scent: number;
  /** Size of the page at its last check (bytes or characters, the caller's unit). */
  size: number;
  checks: number;
}

export interface CheckResult {
  /** Size of the page now. */
  size: number;
  /** Size of the content that changed since the last check (new plus removed). */
  changedSize: number;
}

export function validateScentOptions(options: Partial<ScentOptions>): ScentOptions {
  const merged = { ...DEFAULT_SCENT_OPTIONS, ...options };
  for (const key of Object.keys(DEFAULT_SCENT_OPTIONS) as Array<keyof ScentOptions>) {
    const value = merged[key];
    if (!Number.isFinite(value) || value < 0) throw new ConfigError(`S.C.E.N.T. option ${key} must be a finite number ≥ 0 (got ${value}).`);
  }
  if (merged.roundTimeMs <= 0) throw new ConfigError('S.C.E.N.T. round time must be positive.');
  return merged;
}

export class ScentScheduler {
  readonly options: ScentOptions;
  private readonly pages = new Map<string, ScentPage>();

  constructor(options: Partial<ScentOptions> = {}) {
    this.options = validateScentOptions(options);
  }

  /** Adds a page to revisit (no effect when it is there already). */
  add(url: string, size = 0): void {
    if (!this.pages.has(url)) this.pages.set(url, { url, scent: this.options.initialScent, size, checks: 0 });
  }

  get size(): number {
    return this.pages.size;
  }

  page(url: string): ScentPage | undefined {
    return this.pages.get(url);
  }

  /** Time one check of a page of `size` takes: A·size + B. */
  checkTimeMs(size: number): number {
    return this.options.timePerUnitMs * size + this.options.overheadMs;
  }

  /** The pages to check this round, strongest scent first, within the round's time. */
  nextRound(): string[] {
    const ranked = [...this.pages.values()].sort((a, b) => b.scent - a.scent || a.checks - b.checks);
    const chosen: string[] = [];
    let spentMs = 0;
    for (const page of ranked) {
      const cost = this.checkTimeMs(page.size);
      if (chosen.length > 0 && spentMs + cost > this.options.roundTimeMs) continue;
      chosen.push(page.url);
      spentMs += cost;
    }
    return chosen;
  }

  /** A checked page: scent halves, plus log(changed + 1) of harvested information. */
  checked(url: string, result: CheckResult): void {
    const page = this.pages.get(url);
    if (page === undefined) return;
    page.scent = page.scent / 2 + Math.log(result.changedSize + 1);
    page.size = result.size;
    page.checks++;
  }

  /** After a round: every page gains ΔS. */
  endRound(): void {
    for (const page of this.pages.values()) page.scent += this.options.deltaS;
  }

  saveState(): string {
    return JSON.stringify({ pages: [...this.pages.values()] });
  }

  loadState(json: string): void {
    const state = JSON.parse(json) as { pages: ScentPage[] };
    this.pages.clear();
    for (const page of state.pages) this.pages.set(page.url, { ...page });
  }
}

/** Content as items (`id → size`): the value of holding `held` when the page shows `current`. */
export function informationValue(held: ReadonlyMap<string, number>, current: ReadonlyMap<string, number>): number {
  let actual = 0;
  let deleted = 0;
  for (const [id, size] of held) {
    if (current.has(id)) actual += size;
    else deleted += size;
  }
  for (const [id, size] of current) if (!held.has(id)) deleted += size;
  return Math.log(actual + 1) - Math.log(deleted + 1);
}

/** The most a page can be worth: everything on it held and nothing stale. */
export function attainableValue(current: ReadonlyMap<string, number>): number {
  let total = 0;
  for (const size of current.values()) total += size;
  return Math.log(total + 1);
}
