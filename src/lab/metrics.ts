/**
 * Crawl evaluations (docs/methods.md §8): harvest-rate curves, precision and recall of the crawl read as
 * a ranking (fetch order), the 11-point interpolated precision–recall curve (TREC), quantity
 * coverage (share of a uniform random sample of the site the crawl holds) and quality coverage
 * (share of the top-M pages by PageRank or by HITS authority). Pure.
 */
import { computeHits } from '../frontier/hits.js';
import { seededRandom } from '../frontier/random.js';

export interface CurvePoint {
  pages: number;
  value: number;
}

/** Targets ÷ pages fetched after each `step` pages (and at the end). */
export function harvestCurve(isTarget: readonly boolean[], step = 10): CurvePoint[] {
  const points: CurvePoint[] = [];
  let hits = 0;
  isTarget.forEach((target, i) => {
    if (target) hits++;
    const n = i + 1;
    if (n % step === 0 || n === isTarget.length) points.push({ pages: n, value: hits / n });
  });
  return points;
}

/** Harvest rate of the first `budget` pages (of fewer when the crawl stopped earlier). */
export function harvestAt(isTarget: readonly boolean[], budget: number): number {
  const prefix = isTarget.slice(0, budget);
  return prefix.length === 0 ? 0 : prefix.filter(Boolean).length / prefix.length;
}

export interface PrecisionRecall {
  precision: number;
  recall: number;
  /** Interpolated precision at recall 0, 0.1, …, 1: the best precision at any recall ≥ r. */
  elevenPoint: number[];
}

/** The fetch order as a ranking; `relevantTotal` targets exist on the crawled sites. */
export function precisionRecall(isTarget: readonly boolean[], relevantTotal: number): PrecisionRecall {
  const points: Array<{ precision: number; recall: number }> = [];
  let hits = 0;
  isTarget.forEach((target, i) => {
    if (target) hits++;
    points.push({ precision: hits / (i + 1), recall: relevantTotal > 0 ? hits / relevantTotal : 0 });
  });
  const elevenPoint = Array.from({ length: 11 }, (_, k) => {
    const level = k / 10;
    let best = 0;
    for (const p of points) if (p.recall >= level - 1e-12 && p.precision > best) best = p.precision;
    return best;
  });
  const last = points[points.length - 1];
  return { precision: last?.precision ?? 0, recall: last?.recall ?? 0, elevenPoint };
}

/** The whole reachable graph of a site, breadth-first from `home`, at most `limit` pages. */
export function reachableGraph(home: string, linksOf: (url: string) => readonly string[] | undefined, limit: number): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const queue = [home];
  const seen = new Set(queue);
  for (let i = 0; i < queue.length && graph.size < limit; i++) {
    const url = queue[i]!;
    const links = linksOf(url);
    if (links === undefined) continue;
    graph.set(url, [...links]);
    for (const link of links) {
      if (seen.has(link)) continue;
      seen.add(link);
      queue.push(link);
    }
  }
  // Keep only edges between pages in the graph.
  for (const [url, links] of graph) graph.set(url, links.filter((l) => graph.has(l)));
  return graph;
}

/** PageRank (damping 0.85, dangling mass spread uniformly), `iterations` power steps. */
export function pageRank(graph: ReadonlyMap<string, readonly string[]>, iterations = 40, damping = 0.85): Map<string, number> {
  const nodes = [...graph.keys()];
  const n = nodes.length;
  let rank = new Map(nodes.map((u) => [u, 1 / n]));
  for (let it = 0; it < iterations; it++) {
    const next = new Map(nodes.map((u) => [u, (1 - damping) / n]));
    let dangling = 0;
    for (const [u, links] of graph) {
      const r = rank.get(u)!;
      const out = new Set(links);
      if (out.size === 0) {
        dangling += r;
        continue;
      }
      for (const v of out) next.set(v, next.get(v)! + (damping * r) / out.size);
    }
    for (const u of nodes) next.set(u, next.get(u)! + (damping * dangling) / n);
    rank = next;
  }
  return rank;
}

export function topM(scores: ReadonlyMap<string, number>, m: number): string[] {
  return [...scores].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, m).map(([u]) => u);
}

/** A uniform random sample (seeded) of `size` pages. */
export function uniformSample(pages: readonly string[], size: number, seed = 1): string[] {
  const random = seededRandom(seed);
  const copy = [...pages];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy.slice(0, size);
}

/** Share of `wanted` the crawl holds. */
export function coverage(held: ReadonlySet<string>, wanted: readonly string[]): number {
  return wanted.length === 0 ? 0 : wanted.filter((u) => held.has(u)).length / wanted.length;
}

export interface CoverageSets {
  sample: string[];
  topPageRank: string[];
  topHits: string[];
  reachablePages: number;
}

/** The sample and the top-M sets of one site's reachable graph (computed once per site). */
export function coverageSets(graph: ReadonlyMap<string, readonly string[]>, options: { sampleSize: number; m: number; seed?: number }): CoverageSets {
  return {
    sample: uniformSample([...graph.keys()], options.sampleSize, options.seed),
    topPageRank: topM(pageRank(graph), options.m),
    topHits: topM(computeHits(graph, 20).authority, options.m),
    reachablePages: graph.size,
  };
}
