/**
 * Recrawl in simulated time (docs/methods.md §7–8): a site's fronts, section, tag and static pages,
 * revisited in rounds with a fixed time budget per round (a check costs A·size + B), by
 * S.C.E.N.T. or by breadth-first re-crawling (every page in turn, the same budget). Measured:
 * Q, the index's information value, as a share of the attainable maximum (every page held as it
 * is now), taken just before each round — when the index is stalest — and averaged over the run;
 * and the lag between an article's publication and the check that finds it on a front (its URL
 * then goes to the frontier). Pure.
 */
import { attainableValue, informationValue, ScentScheduler, type ScentOptions } from '../recrawl/scent.js';
import type { NewsTimeline } from '../testing/local-web/timeline.js';

export interface RecrawlRunOptions {
  /** Simulated time between rounds. */
  roundEveryMs: number;
  /** Check time each round may spend (simulated). */
  roundTimeMs: number;
  /** A (ms per unit of size) and B (ms per check). */
  timePerUnitMs: number;
  overheadMs: number;
}

/** Rounds every 10 simulated minutes with 3 s of checks: ~5 of the 43 pages per round. */
export const DEFAULT_RECRAWL_RUN: RecrawlRunOptions = { roundEveryMs: 600_000, roundTimeMs: 3_000, timePerUnitMs: 0.01, overheadMs: 500 };

export interface RecrawlResult {
  scheduler: string;
  rounds: number;
  checks: number;
  /**
   * Q ÷ attainable Q (every page held as it is now), averaged over the run's time (sampled every
   * simulated minute, rounds taking effect when they run): the index's value as a user meets it.
   */
  qShare: number;
  /** The same just after each round (the source's problem (4): the value of the index a run leaves). */
  qAfterShare: number;
  /** The same just before each round (the stalest moments: a lower bound). */
  qBeforeShare: number;
  /** Articles published during the run, found on a front (lag known), and missed. */
  published: number;
  found: number;
  medianLagMin: number;
  p90LagMin: number;
}

/** What a scheduler may look at when choosing a round (only the oracle looks at the truth). */
export interface RoundView {
  /** Simulated time of the round. */
  tMs: number;
  /** Q a check of `url` would add now (attainable minus held value): the truth, for the oracle. */
  gain(url: string): number;
  /** A·size + B for `url`, size as last held. */
  costMs(url: string): number;
}

export type Scheduler = { name: string; round(view: RoundView): string[]; checked(url: string, size: number, changed: number): void; endRound(): void };

export function scentScheduler(pages: readonly string[], options: Partial<ScentOptions>): Scheduler {
  const scent = new ScentScheduler(options);
  for (const url of pages) scent.add(url);
  return {
    name: `scent ΔS=${scent.options.deltaS}`,
    round: () => scent.nextRound(),
    checked: (url, size, changed) => scent.checked(url, { size, changedSize: changed }),
    endRound: () => scent.endRound(),
  };
}

/** Breadth-first re-crawling: every page in a fixed order, round after round, within the same time. */
export function cyclicScheduler(pages: readonly string[], options: { roundTimeMs: number }): Scheduler {
  let next = 0;
  return {
    name: 'breadth-first re-crawl',
    round(view) {
      const chosen: string[] = [];
      let spent = 0;
      while (chosen.length < pages.length) {
        const url = pages[next % pages.length]!;
        const cost = view.costMs(url);
        if (chosen.length > 0 && spent + cost > options.roundTimeMs) break;
        chosen.push(url);
        spent += cost;
        next++;
      }
      return chosen;
    },
    checked() {},
    endRound() {},
  };
}

/**
 * The reference for "attainable with this budget": a clairvoyant scheduler that knows every
 * page's content now and checks, within the same round time, the pages whose check adds the
 * most Q per ms (greedy). No real crawler can know this; S.C.E.N.T. is measured against it.
 */
export function oracleScheduler(pages: readonly string[], options: { roundTimeMs: number }): Scheduler {
  return {
    name: 'oracle (knows what changed)',
    round(view) {
      const ranked = pages.map((url) => ({ url, gain: view.gain(url), cost: view.costMs(url) })).filter((p) => p.gain > 0);
      ranked.sort((a, b) => b.gain / b.cost - a.gain / a.cost);
      const chosen: string[] = [];
      let spent = 0;
      for (const page of ranked) {
        if (chosen.length > 0 && spent + page.cost > options.roundTimeMs) continue;
        chosen.push(page.url);
        spent += page.cost;
      }
      return chosen;
    },
    checked() {},
    endRound() {},
  };
}

/** Q is sampled this often between rounds for the time average. */
const SAMPLE_EVERY_MS = 60_000;

export function runRecrawl(timeline: NewsTimeline, makeScheduler: (pages: string[]) => Scheduler, run: RecrawlRunOptions = DEFAULT_RECRAWL_RUN): RecrawlResult {
  const pages = timeline.pages;
  const byUrl = new Map(pages.map((p) => [p.url, p]));
  // The first crawl: every page held as it was at t = 0.
  const held = new Map(pages.map((p) => [p.url, timeline.content(p, 0)]));
  const sizeOf = (url: string): number => [...(held.get(url)?.values() ?? [])].reduce((s, v) => s + v, 0);
  const scheduler = makeScheduler(pages.map((p) => p.url));
  const firstSeen = new Map<number, number>();
  const qShareAt = (t: number): number => {
    let q = 0;
    let qMax = 0;
    for (const page of pages) {
      const current = timeline.content(page, t);
      q += informationValue(held.get(page.url)!, current);
      qMax += attainableValue(current);
    }
    return qMax > 0 ? q / qMax : 1;
  };
  let before = 0;
  let after = 0;
  let timeSum = 0;
  let samples = 0;
  let rounds = 0;
  let checks = 0;
  for (let t = run.roundEveryMs; t <= timeline.options.durationMs; t += run.roundEveryMs) {
    // The time between the previous round and this one, as the index stood then.
    for (let s = t - run.roundEveryMs + SAMPLE_EVERY_MS; s < t; s += SAMPLE_EVERY_MS) {
      timeSum += qShareAt(s);
      samples++;
    }
    before += qShareAt(t);
    rounds++;
    const view: RoundView = {
      tMs: t,
      gain: (url) => {
        const current = timeline.content(byUrl.get(url)!, t);
        return attainableValue(current) - informationValue(held.get(url)!, current);
      },
      costMs: (url) => run.timePerUnitMs * sizeOf(url) + run.overheadMs,
    };
    for (const url of scheduler.round(view)) {
      const page = byUrl.get(url)!;
      const current = timeline.content(page, t);
      const heldBefore = held.get(url)!;
      let changed = 0;
      for (const [id, size] of current) if (!heldBefore.has(id)) changed += size;
      for (const [id, size] of heldBefore) if (!current.has(id)) changed += size;
      held.set(url, current);
      checks++;
      for (const article of timeline.listed(page, t)) if (article.publishedAtMs > 0 && !firstSeen.has(article.id)) firstSeen.set(article.id, t);
      scheduler.checked(url, [...current.values()].reduce((s, v) => s + v, 0), changed);
    }
    scheduler.endRound();
    const q = qShareAt(t);
    after += q;
    timeSum += q;
    samples++;
  }
  const published = timeline.articles.filter((a) => a.publishedAtMs > 0 && a.publishedAtMs <= timeline.options.durationMs);
  const lags = published.filter((a) => firstSeen.has(a.id)).map((a) => (firstSeen.get(a.id)! - a.publishedAtMs) / 60_000).sort((a, b) => a - b);
  const quantile = (q: number): number => (lags.length === 0 ? NaN : lags[Math.min(lags.length - 1, Math.floor(q * lags.length))]!);
  return {
    scheduler: scheduler.name,
    rounds,
    checks,
    qShare: samples > 0 ? timeSum / samples : 0,
    qAfterShare: rounds > 0 ? after / rounds : 0,
    qBeforeShare: rounds > 0 ? before / rounds : 0,
    published: published.length,
    found: lags.length,
    medianLagMin: quantile(0.5),
    p90LagMin: quantile(0.9),
  };
}
