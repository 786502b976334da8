/**
 * URL similarity (docs/methods.md §6 a-2), on precomputed `UrlVector`s.
 *
 * Formula (1): s(v,w) = (1/n) Σᵢ (1 − ed(vᵢ,wᵢ) / max(l(vᵢ), l(wᵢ))), two empty strings → 1.
 *
 * - data source  s(dn₁,dn₂): formula (1) on the host vectors {sub, main, host};
 * - directory    s(subd₁ⱼ,subd₂ⱼ): formula (1) on {value, type} — the patent says every element
 *   is a string compared by edit distance, so a directory counts its value and its type half each;
 * - file         s(f₁,f₂): formula (1) on the six file dimensions;
 * - domain       s(d₁,d₂) = Σ_{j≤m} wⱼ·s(subd₁ⱼ,subd₂ⱼ), m the smaller depth;
 * - layout       st = wf·s(f₁,f₂) + wdd·sdd, sdd = 1 when the depths are equal;
 * - overall      sm = wdn·s(dn) + wd·s(d) + wt·st, wdn + wd + wt = 1, wd = Σwⱼ, wt = wf + wdd.
 *
 * Reading of the patent taken here (the formulas leave it open):
 * - Categorical dimensions (a directory's type; the file's has-dot, ending type, has-query) are
 *   compared by equality: 1 or 0. That is formula (1) on distinct one-symbol codes; comparing
 *   the words themselves would make `digital` and `string` partly similar (ed 5 of 7) for no
 *   reason.
 * - The domain and layout sums carry their weights already, so `wd·s(d)` is read as
 *   Σ wⱼ·s(subdⱼ) and `wt·st` as wf·s(f) + wdd·sdd. Positions present in only one of the URLs
 *   (j > m) contribute 0, and the whole sum is divided by the weight of the positions the pair
 *   has (host, directories up to the larger depth, file, depth). So sm ∈ [0,1], s(v,v) = 1 for
 *   any depth, and a URL deeper than the other loses the weight of its extra directories.
 * - Directories deeper than `weights.directories` use its last entry.
 */
import { distance } from 'fastest-levenshtein';
import type { DirectoryVector, FileVector, HostVector, UrlVector } from './vectorize.js';

/**
 * Weights of the URL elements: `host` = wdn, `directories[j]` = w_{j+1} (leftmost first),
 * `file` = wf, `depth` = wdd. They sum to 1 (see `initialWeights`, `WeightLearner`).
 */
export interface UrlWeights {
  host: number;
  directories: number[];
  file: number;
  depth: number;
}

/** How alike two strings are, in [0,1]. */
export type StringSimilarity = (a: string, b: string) => number;

/** 1 − ed(a,b) / max(l(a), l(b)); two empty strings → 1. */
export function stringSimilarity(a: string, b: string): number {
  if (a === b) return 1;
  const longest = Math.max(a.length, b.length);
  return 1 - distance(a, b) / longest;
}

/** Formula (1) on two string vectors of the same length (an empty vector pair → 1). */
export function vectorSimilarity(v: readonly string[], w: readonly string[]): number {
  if (v.length !== w.length) throw new RangeError(`vectors differ in length: ${v.length} and ${w.length}`);
  if (v.length === 0) return 1;
  let sum = 0;
  for (let i = 0; i < v.length; i++) sum += stringSimilarity(v[i] as string, w[i] as string);
  return sum / v.length;
}

/** Data-source similarity s(dn₁,dn₂). */
export function hostSimilarity(a: HostVector, b: HostVector, strings: StringSimilarity = stringSimilarity): number {
  return (strings(a.sub, b.sub) + strings(a.main, b.main) + strings(a.host, b.host)) / 3;
}

/** s(subd₁ⱼ,subd₂ⱼ): value by edit distance, type by equality, half each. */
export function directorySimilarity(a: DirectoryVector, b: DirectoryVector, strings: StringSimilarity = stringSimilarity): number {
  return (strings(a.value, b.value) + same(a.type, b.type)) / 2;
}

/** s(f₁,f₂) on the six file dimensions. */
export function fileSimilarity(a: FileVector, b: FileVector, strings: StringSimilarity = stringSimilarity): number {
  return (
    (strings(a.dotPrefix, b.dotPrefix) +
      strings(a.dotSuffix, b.dotSuffix) +
      same(a.hasDot, b.hasDot) +
      strings(a.name, b.name) +
      same(a.endingType, b.endingType) +
      same(a.hasQuery, b.hasQuery)) /
    6
  );
}

/** Weight of directory position `j` (0-based); deeper than the array → its last entry. */
export function directoryWeight(weights: UrlWeights, j: number): number {
  const list = weights.directories;
  if (list.length === 0) return 0;
  return list[Math.min(j, list.length - 1)] as number;
}

/**
 * Domain similarity s(d₁,d₂), normalised to [0,1]: Σ_{j≤m} wⱼ·s(subdⱼ) / Σ_{j≤M} wⱼ with m, M the
 * smaller and larger depth. Two URLs without directories → 1.
 */
export function domainSimilarity(a: UrlVector, b: UrlVector, weights: UrlWeights): number {
  const { weighted, total } = domainTerms(a, b, weights);
  return total === 0 ? 1 : weighted / total;
}

/** Layout similarity st, normalised to [0,1]: (wf·s(f) + wdd·sdd) / (wf + wdd). */
export function layoutSimilarity(a: UrlVector, b: UrlVector, weights: UrlWeights): number {
  const total = weights.file + weights.depth;
  if (total === 0) return 1;
  return (weights.file * fileSimilarity(a.file, b.file) + weights.depth * depthSame(a, b)) / total;
}

/** Overall URL similarity sm ∈ [0,1] (see the module comment for the normalisation). */
export function urlSimilarity(a: UrlVector, b: UrlVector, weights: UrlWeights): number {
  return similarityWith(a, b, weights, stringSimilarity);
}

/**
 * sm computed with `strings` as the similarity of every pair of strings: `stringSimilarity` gives
 * sm itself, `lengthBound` a bound on it that costs no edit distance. One body for both, so that
 * the bound is computed by the very operations sm is: floating-point rounding is monotone, and a
 * bound on every term stays a bound on the sum.
 */
function similarityWith(a: UrlVector, b: UrlVector, weights: UrlWeights, strings: StringSimilarity): number {
  const domain = domainTerms(a, b, weights, strings);
  const weighted = weights.host * hostSimilarity(a.host, b.host, strings) + domain.weighted + weights.file * fileSimilarity(a.file, b.file, strings) + weights.depth * depthSame(a, b);
  const total = weights.host + domain.total + weights.file + weights.depth;
  return total === 0 ? 1 : weighted / total;
}

/**
 * An upper bound on `stringSimilarity` without the edit distance: turning one string into the
 * other takes at least as many edits as their lengths differ, so ed ≥ |l(a) − l(b)|. (The bag
 * distance, the larger multiset difference of their characters, is a tighter bound, but costs
 * about what the edit distance of two short strings does: topKMeanSimilarity ran slower with it.)
 */
function lengthBound(a: string, b: string): number {
  if (a === b) return 1;
  const longest = Math.max(a.length, b.length);
  return 1 - Math.abs(a.length - b.length) / longest;
}

/**
 * Mean of the k highest similarities of `candidate` to `targets` (the frontier priority of docs/methods.md §6).
 * With fewer than k targets, the mean over all of them; no targets → 0.
 */
export function topKMeanSimilarity(candidate: UrlVector, targets: readonly UrlVector[], k: number, weights: UrlWeights): number {
  if (targets.length === 0 || k <= 0) return 0;
  const keep = Math.min(k, targets.length);
  // `best` is kept sorted descending; k is small (a handful), so insertion beats a heap. Once it
  // holds k values, a target whose bound (no edit distance: `lengthBound`) cannot beat the k-th is
  // passed over: the bound is ≥ the similarity, so the result is exactly what comparing every
  // target in full gives, at a fraction of the edit distances (scripts/bench-url-similarity.ts).
  // (The bound holds while no weight is negative: a negative weight would turn it round.)
  const bounded = weights.host >= 0 && weights.file >= 0 && weights.depth >= 0 && weights.directories.every((w) => w >= 0);
  const best: number[] = [];
  for (const target of targets) {
    if (bounded && best.length === keep && similarityWith(candidate, target, weights, lengthBound) <= (best[keep - 1] as number)) continue;
    const value = urlSimilarity(candidate, target, weights);
    if (best.length === keep && value <= (best[keep - 1] as number)) continue;
    let i = best.length === keep ? keep - 1 : best.length;
    while (i > 0 && (best[i - 1] as number) < value) {
      best[i] = best[i - 1] as number;
      i--;
    }
    best[i] = value;
  }
  let sum = 0;
  for (const value of best) sum += value;
  return sum / best.length;
}

function domainTerms(a: UrlVector, b: UrlVector, weights: UrlWeights, strings: StringSimilarity = stringSimilarity): { weighted: number; total: number } {
  const m = Math.min(a.directories.length, b.directories.length);
  const depthMax = Math.max(a.directories.length, b.directories.length);
  let weighted = 0;
  let total = 0;
  for (let j = 0; j < depthMax; j++) {
    const w = directoryWeight(weights, j);
    total += w;
    if (j < m && w > 0) weighted += w * directorySimilarity(a.directories[j] as DirectoryVector, b.directories[j] as DirectoryVector, strings);
  }
  return { weighted, total };
}

function depthSame(a: UrlVector, b: UrlVector): number {
  return a.directories.length === b.directories.length ? 1 : 0;
}

function same(a: string, b: string): number {
  return a === b ? 1 : 0;
}
