/**
 * Choosing k for k-means from global and local stability (docs/methods.md §5, patent step c-2-1).
 *
 * For every k in the range, k-means (ml-kmeans, k-means++ start, fixed seed) clusters the
 * scaled points, and the clustering is measured:
 * - def. 6, mean intra-cluster distance: dᵢ = (1/nᵢ) Σ_{p∈Cᵢ} ‖p − cᵢ‖, D = (1/k) Σ dᵢ;
 * - def. 7, mean inter-cluster distance: B = (2 / (k(k−1))) Σ_{i<j} ‖cᵢ − cⱼ‖;
 * - def. 8, cluster density: fᵢ = nᵢ / dᵢ;
 * - global stability S = B / k (clusters far apart, few of them);
 * - local stability F = (1/k) Σ fᵢ (clusters compact and well filled);
 * - validity V(k) = S̃ · F̃; the k with the largest V is chosen.
 *
 * Normalisation of S and F (the *reconstructed* part): min–max over the eligible k tried,
 * S̃ = (S − min S) / (max S − min S), likewise F̃, so S̃, F̃ and V lie in [0, 1]. Why not
 * "divide by the max": dividing by any positive constant leaves the argmax of a product
 * unchanged, so that normalisation would be V = S·F up to a factor — and S·F is strongly
 * biased to small k, because S = B/k falls with k while F (a mean of densities) is barely
 * hurt by one merged cluster as long as the others stay compact. Measured on synthetic 5-D
 * Gaussian blobs (σ = 1, 40 points each, centres on the axes at distance `sep`, 5 seeds,
 * k tried 2..8):
 *   divide by max: 3 blobs found only from sep ≈ 25; 4 or 5 blobs never (k = 2 or 3 won
 *                  even at sep = 60);
 *   min–max:       3 blobs from sep ≈ 20, 4 from ≈ 25, 5 from ≈ 30 (all 5 seeds);
 *   both:          k = 2 below sep ≈ 15, whatever the true number of blobs.
 * Min–max rewards the k that is good on both axes relative to the other k tried; its
 * side-effect is that the k with the lowest S or the lowest F gets V = 0. When S (or F) is
 * the same for every k, it carries no information and S̃ = 1 for all. Ties in V (e.g. two k,
 * each best on one axis and worst on the other) go to the smaller k.
 *
 * What this means for pages: V separates kinds of body only when they lie ~10 cluster
 * widths (dᵢ) apart; otherwise the model will hold k = 2. Measure k on real training sets.
 */
import { kmeans } from 'ml-kmeans';
import { countDistinct, euclideanDistance, meanVector } from './geometry.js';

export interface KRange {
  /** Smallest k tried; at least 2, since B (def. 7) needs two centres. */
  min: number;
  /** Largest k tried; lowered to n − 1 and to the number of distinct points. */
  max: number;
}

export interface ChooseKOptions {
  kRange: KRange;
  /** Seed of the k-means++ start, so that the same points give the same clusters. */
  seed: number;
  /**
   * Floor on dᵢ in def. 8, as a fraction of the spread of all points (their mean distance to
   * the overall mean). A cluster of one point, or of identical points, has dᵢ = 0 and an
   * infinite density, which would make any k that isolates one outlier win; the floor caps
   * such a cluster's density at nᵢ / (floor · spread).
   */
  densityDistanceFloor: number;
  /** Lloyd iterations per k-means run. */
  maxIterations?: number;
}

/** One k-means result with the per-cluster figures of def. 6. */
export interface Clustering {
  k: number;
  /** Centre cᵢ of each cluster, in scaled units. */
  centres: number[][];
  /** Cluster index of each input point, in input order. */
  assignments: number[];
  /** nᵢ. */
  sizes: number[];
  /** dᵢ (def. 6), in scaled units. */
  meanDistances: number[];
}

/** The figures for one k, kept for reports. */
export interface KEvaluation {
  k: number;
  sizes: number[];
  /** dᵢ (def. 6). */
  meanDistances: number[];
  /** D (def. 6). */
  meanIntraDistance: number;
  /** B (def. 7). */
  meanInterDistance: number;
  /** fᵢ (def. 8), with dᵢ floored as `densityDistanceFloor` says. */
  densities: number[];
  /** S = B / k. */
  globalStability: number;
  /** F = mean fᵢ. */
  localStability: number;
  /** S̃: S min–max normalised over the eligible k (0 for an ineligible k). */
  normalisedGlobalStability: number;
  /** F̃: F min–max normalised over the eligible k (0 for an ineligible k). */
  normalisedLocalStability: number;
  /** V = S̃ · F̃; null when this k could not be used. */
  validity: number | null;
  /** Why this k was not eligible (k-means left a cluster empty). */
  ineligible?: string;
}

/** Not enough data to cluster: a value, not an exception. */
export interface TooFewSamples {
  kind: 'too-few-samples';
  sampleCount: number;
  distinctCount: number;
  /** Samples needed for the smallest k of the range. */
  requiredCount: number;
  reason: string;
}

export type ChooseKResult =
  | { kind: 'chosen'; k: number; clustering: Clustering; evaluations: KEvaluation[] }
  | TooFewSamples;

/** Samples needed per cluster of the smallest k: one point alone has no spread (dᵢ = 0). */
export const MIN_SAMPLES_PER_CLUSTER = 2;

/** Lloyd iterations when the caller does not say; ml-kmeans's own default. */
const DEFAULT_MAX_ITERATIONS = 100;

/** The k actually tried for n points, or why none can be. */
export function effectiveKRange(
  points: readonly (readonly number[])[],
  kRange: KRange,
): { min: number; max: number } | TooFewSamples {
  const sampleCount = points.length;
  const distinctCount = countDistinct(points);
  const min = Math.max(2, Math.floor(kRange.min));
  const requiredCount = MIN_SAMPLES_PER_CLUSTER * min;
  const max = Math.min(Math.floor(kRange.max), sampleCount - 1, distinctCount);
  if (sampleCount < requiredCount) {
    return {
      kind: 'too-few-samples',
      sampleCount,
      distinctCount,
      requiredCount,
      reason: `${sampleCount} samples; k = ${min} needs at least ${requiredCount}`,
    };
  }
  if (max < min) {
    return {
      kind: 'too-few-samples',
      sampleCount,
      distinctCount,
      requiredCount,
      reason: `only ${distinctCount} distinct samples among ${sampleCount}; k = ${min} needs more`,
    };
  }
  return { min, max };
}

/** Runs k-means once and measures def. 6 on the result. */
export function clusterWithK(
  points: number[][],
  k: number,
  options: { seed: number; maxIterations?: number },
): Clustering {
  const result = kmeans(points, k, {
    seed: options.seed,
    initialization: 'kmeans++',
    maxIterations: options.maxIterations ?? DEFAULT_MAX_ITERATIONS,
  });
  const centres = result.centroids.map((centre) => [...centre]);
  const assignments = [...result.clusters];
  const sizes = centres.map(() => 0);
  const distanceSums = centres.map(() => 0);
  points.forEach((point, index) => {
    const cluster = assignments[index] ?? 0;
    sizes[cluster] = (sizes[cluster] ?? 0) + 1;
    distanceSums[cluster] = (distanceSums[cluster] ?? 0) + euclideanDistance(point, centres[cluster] ?? []);
  });
  const meanDistances = distanceSums.map((sum, i) => ((sizes[i] ?? 0) > 0 ? sum / (sizes[i] ?? 1) : 0));
  return { k, centres, assignments, sizes, meanDistances };
}

/** Tries every k of the range on scaled points and keeps the one of largest validity. */
export function chooseK(points: number[][], options: ChooseKOptions): ChooseKResult {
  const range = effectiveKRange(points, options.kRange);
  if ('kind' in range) return range;

  const centroid = meanVector(points);
  const spread = points.reduce((sum, p) => sum + euclideanDistance(p, centroid), 0) / points.length;
  const distanceFloor = options.densityDistanceFloor * spread;

  const runs: Array<{ clustering: Clustering; evaluation: KEvaluation }> = [];
  for (let k = range.min; k <= range.max; k++) {
    const clustering = clusterWithK(points, k, options);
    runs.push({ clustering, evaluation: measure(clustering, distanceFloor) });
  }

  const eligible = runs.map((run) => run.evaluation).filter((e) => e.ineligible === undefined);
  const normaliseGlobal = minMax(eligible.map((e) => e.globalStability));
  const normaliseLocal = minMax(eligible.map((e) => e.localStability));
  let best: (typeof runs)[number] | undefined;
  for (const run of runs) {
    const e = run.evaluation;
    if (e.ineligible !== undefined) continue;
    e.normalisedGlobalStability = normaliseGlobal(e.globalStability);
    e.normalisedLocalStability = normaliseLocal(e.localStability);
    e.validity = e.normalisedGlobalStability * e.normalisedLocalStability;
    // Strictly greater: on a tie the smaller k (tried first) is kept, the simpler model.
    if (best === undefined || e.validity > (best.evaluation.validity ?? -Infinity)) best = run;
  }

  const evaluations = runs.map((run) => run.evaluation);
  if (best === undefined) {
    return {
      kind: 'too-few-samples',
      sampleCount: points.length,
      distinctCount: countDistinct(points),
      requiredCount: MIN_SAMPLES_PER_CLUSTER * range.min,
      reason: `k-means left a cluster empty for every k in ${range.min}..${range.max}`,
    };
  }
  return { kind: 'chosen', k: best.clustering.k, clustering: best.clustering, evaluations };
}

/** x ↦ (x − min) / (max − min) over `values`; 1 for every x when they are all equal. */
function minMax(values: readonly number[]): (x: number) => number {
  const low = Math.min(...values);
  const high = Math.max(...values);
  return (x) => (high > low ? (x - low) / (high - low) : 1);
}

/** Defs. 6–8 and the two stabilities for one clustering (validity is filled in later). */
function measure(clustering: Clustering, distanceFloor: number): KEvaluation {
  const { k, centres, sizes, meanDistances } = clustering;
  const meanIntraDistance = meanDistances.reduce((a, b) => a + b, 0) / k;
  let pairSum = 0;
  for (let i = 0; i < k; i++) {
    for (let j = i + 1; j < k; j++) pairSum += euclideanDistance(centres[i] ?? [], centres[j] ?? []);
  }
  const meanInterDistance = (2 / (k * (k - 1))) * pairSum;
  const densities = sizes.map((size, i) => {
    const distance = Math.max(meanDistances[i] ?? 0, distanceFloor);
    // Only when every point is identical is the floor itself 0; effectiveKRange rules that out.
    return distance > 0 ? size / distance : 0;
  });
  const empty = sizes.filter((size) => size === 0).length;
  return {
    k,
    sizes: [...sizes],
    meanDistances: [...meanDistances],
    meanIntraDistance,
    meanInterDistance,
    densities,
    globalStability: meanInterDistance / k,
    localStability: densities.reduce((a, b) => a + b, 0) / k,
    normalisedGlobalStability: 0,
    normalisedLocalStability: 0,
    validity: null,
    ...(empty > 0 ? { ineligible: `k-means left ${empty} of ${k} clusters empty` } : {}),
  };
}
