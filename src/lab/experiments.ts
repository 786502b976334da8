/**
 * The lab's experiments (docs/methods.md §8), each policy against breadth-first in the same run:
 * - `harvest`: bfs, similarity and HITS on the topical site, a news site with galleries (the
 *   hard variant of issue 5) and a plain news site — harvest curves, precision/recall with the
 *   11-point curve, quantity and quality coverage over the crawl;
 * - `bandits`: R1, R2, R3 allocating one budget over the sites of each bandit family (reward:
 *   external links), several seeds of sites;
 * - `recrawl`: S.C.E.N.T. at several ΔS against breadth-first re-crawling with the same time
 *   budget, on a news site over a simulated day.
 * Pure apart from the in-memory stores of the crawls.
 */
import { createAllocation, totalReward, type AllocationRule } from '../crawl/allocate.js';
import { createPolicy, type PolicyName } from '../frontier/index.js';
import { banditGraphs, BANDIT_FAMILIES, newsGraph, topicalGraph, type BanditFamily, type GraphSite } from '../testing/local-web/families.js';
import { NewsTimeline } from '../testing/local-web/timeline.js';
import { coverage, coverageSets, harvestAt, harvestCurve, precisionRecall, reachableGraph, type CurvePoint } from './metrics.js';
import { cyclicScheduler, DEFAULT_RECRAWL_RUN, oracleScheduler, runRecrawl, scentScheduler, type RecrawlResult } from './recrawl.js';
import { simulateCrawl } from './sim-crawl.js';

export const EXPERIMENTS = ['harvest', 'bandits', 'recrawl'] as const;
export type ExperimentName = (typeof EXPERIMENTS)[number];

export interface HarvestRun {
  site: string;
  policy: PolicyName;
  pages: number;
  targets: number;
  harvestAt100: number;
  harvestAt300: number;
  curve: CurvePoint[];
  precision: number;
  recall: number;
  elevenPoint: number[];
  /** Coverage after every `coverageStep` pages. */
  coverage: Array<{ pages: number; quantity: number; pageRank: number; hits: number }>;
  seconds: number;
}

export interface HarvestSiteInfo {
  site: string;
  description: string;
  targets: number;
  reachablePages: number;
  sampleSize: number;
  topM: number;
}

export interface HarvestExperiment {
  budget: number;
  sites: HarvestSiteInfo[];
  runs: HarvestRun[];
}

export interface HarvestOptions {
  budget: number;
  policies: PolicyName[];
  /** Pages enumerated for coverage (the reachable graph, breadth-first). */
  graphLimit: number;
  sampleSize: number;
  topM: number;
  coverageStep: number;
}

export const DEFAULT_HARVEST: HarvestOptions = { budget: 300, policies: ['bfs', 'similarity', 'hits'], graphLimit: 4_000, sampleSize: 400, topM: 50, coverageStep: 50 };

function harvestSites(): Array<{ description: string; make: () => GraphSite }> {
  return [
    { description: 'topical: 12 sections, 3 on the topic; targets are on-topic articles, every article URL alike', make: () => topicalGraph() },
    { description: 'news, dated URLs, 20 % galleries with article URLs (their slugs give them away)', make: () => newsGraph({ style: 'dated', name: 'herald-galleries', articles: 1000, seed: 1, galleryShare: 0.2 }) },
    {
      description: 'news, ?id= URLs, 30 % galleries with exactly the articles\' URLs, plus comment pages (the hard variant of issue 5: URL shape alone fails)',
      make: () => newsGraph({ style: 'query', name: 'gazette-galleries', articles: 1000, seed: 3, galleryShare: 0.3, commentPages: true }),
    },
    { description: 'news, section URLs', make: () => newsGraph({ style: 'section', name: 'city-courier', articles: 1000, seed: 2 }) },
    // Other languages (issue 22), in the hard form: numbered article URLs, so only the words of
    // a link's text (split by the word segmenter) and its place tell galleries from stories.
    {
      description: 'news in Chinese, dated numbered URLs, 30 % galleries with the articles\' URLs, plus comment pages',
      make: () => newsGraph({ style: 'dated', name: 'huacheng-ribao-galleries', language: 'zh', articles: 1000, seed: 4, galleryShare: 0.3, commentPages: true }),
    },
    {
      description: 'news in Japanese, section numbered URLs, 30 % galleries with the articles\' URLs, plus comment pages',
      make: () => newsGraph({ style: 'section', name: 'minato-shimbun-galleries', language: 'ja', articles: 1000, seed: 5, galleryShare: 0.3, commentPages: true }),
    },
    {
      description: 'news in Arabic (right to left), numbered URLs, 30 % galleries with the articles\' URLs, plus comment pages',
      make: () => newsGraph({ style: 'slash', name: 'al-madina-galleries', language: 'ar', articles: 1000, seed: 6, galleryShare: 0.3, commentPages: true }),
    },
  ];
}

export function runHarvest(options: HarvestOptions = DEFAULT_HARVEST, log: (line: string) => void = () => {}): HarvestExperiment {
  const result: HarvestExperiment = { budget: options.budget, sites: [], runs: [] };
  for (const { description, make } of harvestSites()) {
    const probe = make();
    const graph = reachableGraph(probe.homeUrl, (url) => probe.page(url)?.links, options.graphLimit);
    const sets = coverageSets(graph, { sampleSize: options.sampleSize, m: options.topM });
    result.sites.push({ site: probe.name, description, targets: probe.targetCount, reachablePages: sets.reachablePages, sampleSize: sets.sample.length, topM: options.topM });
    for (const policy of options.policies) {
      const started = performance.now();
      const order = simulateCrawl([make()], createPolicy(policy), { maxPages: options.budget });
      const flags = order.map((page) => page.isTarget);
      const pr = precisionRecall(flags, probe.targetCount);
      const cover: HarvestRun['coverage'] = [];
      const held = new Set<string>();
      order.forEach((page, i) => {
        held.add(page.url);
        const n = i + 1;
        if (n % options.coverageStep === 0 || n === order.length) {
          cover.push({ pages: n, quantity: coverage(held, sets.sample), pageRank: coverage(held, sets.topPageRank), hits: coverage(held, sets.topHits) });
        }
      });
      const run: HarvestRun = {
        site: probe.name,
        policy,
        pages: order.length,
        targets: flags.filter(Boolean).length,
        harvestAt100: harvestAt(flags, 100),
        harvestAt300: harvestAt(flags, 300),
        curve: harvestCurve(flags, 10),
        precision: pr.precision,
        recall: pr.recall,
        elevenPoint: pr.elevenPoint,
        coverage: cover,
        seconds: (performance.now() - started) / 1000,
      };
      result.runs.push(run);
      log(`harvest ${probe.name} ${policy}: harvest@300 ${run.harvestAt300.toFixed(3)} (${run.seconds.toFixed(1)} s)`);
    }
  }
  return result;
}

export interface BanditRun {
  family: BanditFamily;
  seed: number;
  rule: AllocationRule;
  totalReward: number;
  pagesBySite: Record<string, number>;
}

export interface BanditExperiment {
  budget: number;
  step: number;
  sitesPerFamily: number;
  seeds: number[];
  runs: BanditRun[];
  /** Mean S_R(N) per family and rule, and its ratio to R1. */
  summary: Array<{ family: BanditFamily; rule: AllocationRule; meanReward: number; ratioToR1: number }>;
}

export interface BanditOptions {
  budget: number;
  step: number;
  sites: number;
  seeds: number[];
}

export const DEFAULT_BANDITS: BanditOptions = { budget: 1_500, step: 5, sites: 10, seeds: [11, 12, 13, 14, 15] };

export function runBandits(options: BanditOptions = DEFAULT_BANDITS, log: (line: string) => void = () => {}): BanditExperiment {
  const runs: BanditRun[] = [];
  for (const family of BANDIT_FAMILIES) {
    for (const seed of options.seeds) {
      for (const rule of ['r1', 'r2', 'r3'] as const) {
        const sites = banditGraphs(family, { sites: options.sites, seed });
        const allocation = createAllocation(rule, sites.map((s) => new URL(s.homeUrl).hostname), { budget: options.budget, step: options.step });
        simulateCrawl(sites, createPolicy('bfs'), { maxPages: options.budget, allocation, reward: 'external-links' });
        runs.push({ family, seed, rule, totalReward: totalReward(allocation), pagesBySite: Object.fromEntries(allocation.arms.map((a) => [a.site, a.pulls])) });
      }
      log(`bandits ${family} seed ${seed}: ${runs.slice(-3).map((r) => `${r.rule} ${r.totalReward}`).join(', ')}`);
    }
  }
  const summary: BanditExperiment['summary'] = [];
  for (const family of BANDIT_FAMILIES) {
    const meanOf = (rule: AllocationRule): number => {
      const rows = runs.filter((r) => r.family === family && r.rule === rule);
      return rows.reduce((s, r) => s + r.totalReward, 0) / rows.length;
    };
    const r1 = meanOf('r1');
    for (const rule of ['r1', 'r2', 'r3'] as const) summary.push({ family, rule, meanReward: meanOf(rule), ratioToR1: r1 > 0 ? meanOf(rule) / r1 : 0 });
  }
  return { budget: options.budget, step: options.step, sitesPerFamily: options.sites, seeds: options.seeds, runs, summary };
}

export interface RecrawlExperiment {
  roundEveryMin: number;
  pages: number;
  /** One block per round size: breadth-first, the oracle, then S.C.E.N.T. at each ΔS. */
  budgets: Array<{ roundTimeSec: number; results: RecrawlResult[] }>;
}

export const DEFAULT_DELTAS = [0, 0.25, 0.5, 1, 2, 4, 16, 1000];
/** Check time per 10-minute round: ~5, ~10 and ~20 of the 43 pages (B = 0.5 s a check). */
export const DEFAULT_ROUND_TIMES_SEC = [3, 6, 12];

export function runRecrawlExperiment(deltas: readonly number[] = DEFAULT_DELTAS, log: (line: string) => void = () => {}, roundTimesSec: readonly number[] = DEFAULT_ROUND_TIMES_SEC): RecrawlExperiment {
  const timeline = new NewsTimeline();
  const budgets: RecrawlExperiment['budgets'] = [];
  for (const roundTimeSec of roundTimesSec) {
    const run = { ...DEFAULT_RECRAWL_RUN, roundTimeMs: roundTimeSec * 1000 };
    const results = [runRecrawl(timeline, (pages) => cyclicScheduler(pages, run), run), runRecrawl(timeline, (pages) => oracleScheduler(pages, run), run)];
    for (const deltaS of deltas) {
      results.push(runRecrawl(timeline, (pages) => scentScheduler(pages, { deltaS, roundTimeMs: run.roundTimeMs, timePerUnitMs: run.timePerUnitMs, overheadMs: run.overheadMs }), run));
    }
    const oracle = results[1]!.qShare;
    for (const r of results) log(`recrawl ${roundTimeSec} s/round ${r.scheduler}: Q ${(100 * r.qShare).toFixed(1)} % of fresh (${(100 * r.qShare / oracle).toFixed(1)} % of the oracle; after rounds ${(100 * r.qAfterShare).toFixed(1)} %, before ${(100 * r.qBeforeShare).toFixed(1)} %), median lag ${r.medianLagMin.toFixed(1)} min`);
    budgets.push({ roundTimeSec, results });
  }
  return { roundEveryMin: DEFAULT_RECRAWL_RUN.roundEveryMs / 60_000, pages: timeline.pages.length, budgets };
}
