/**
 * The cluster model's thresholds, in one place. They are recorded in every model, so a
 * saved model keeps behaving as it was trained.
 *
 * None is calibrated on real pages yet: the values are the patent's where it gives one
 * (the 0.5 membership threshold) and reasoned defaults otherwise. Re-run the AEB benchmark
 * (train on half of the sites, test on the other half) after changing any of them.
 */
import { ConfigError } from '../errors.js';
import type { KRange } from './choose-k.js';

export interface ClusterParams {
  /**
   * The buffer of new samples is examined once it holds MORE than this many (patent
   * c-2-2-3: "when the number of samples in the buffer exceeds a certain value"). Because
   * unplaceable samples stay in the buffer, a re-cluster happens once bufferThreshold + 1
   * samples that no cluster accepts have gathered: larger values re-cluster more rarely and
   * make a new kind of body wait longer before it gets a cluster of its own.
   */
  bufferThreshold: number;
  /**
   * Smallest γmax (def. 9) at which a sample joins a cluster, or a candidate node counts as
   * a body: 0.5 = no farther from the centre than twice the cluster's mean distance. The
   * patent's value.
   */
  membershipThreshold: number;
  /** The k tried when (re-)clustering; the upper end is lowered to n − 1 for n samples. */
  kRange: KRange;
  /** Seed of k-means++ and of the retained-sample reservoir: same data, same model. */
  seed: number;
  /**
   * Re-clustering needs "all samples so far". The model keeps them as raw vectors up to this
   * many, then as a uniform random sample of this size (reservoir sampling), so a model file
   * stays small (2000 × 5 numbers, ~100 kB) and k-means stays fast on a long crawl.
   */
  maxRetainedSamples: number;
  /**
   * Floor on dᵢ in the density of def. 8, as a fraction of the overall spread of the data
   * (see choose-k.ts). 0.05: a singleton counts as a cluster one-twentieth as wide as the
   * whole data set, so isolating one outlier cannot win the k choice by an infinite density.
   */
  densityDistanceFloor: number;
}

export const DEFAULT_CLUSTER_PARAMS: Readonly<ClusterParams> = Object.freeze({
  bufferThreshold: 20,
  membershipThreshold: 0.5,
  kRange: Object.freeze({ min: 2, max: 8 }),
  seed: 20240601,
  maxRetainedSamples: 2000,
  densityDistanceFloor: 0.05,
});

/** Defaults filled in and every value checked once; throws `ConfigError` on a bad value. */
export function resolveParams(overrides: Partial<ClusterParams> = {}): ClusterParams {
  const params: ClusterParams = {
    ...DEFAULT_CLUSTER_PARAMS,
    ...overrides,
    kRange: { ...(overrides.kRange ?? DEFAULT_CLUSTER_PARAMS.kRange) },
  };
  const problem = findParamProblem(params);
  if (problem !== null) throw new ConfigError(`cluster params: ${problem}`);
  return params;
}

/** What is wrong with a parameter set, or null (shared with the model file reader). */
export function findParamProblem(params: ClusterParams): string | null {
  const isCount = (x: number, min: number): boolean => Number.isInteger(x) && x >= min;
  if (!isCount(params.bufferThreshold, 0)) return 'bufferThreshold must be an integer ≥ 0';
  if (!(Number.isFinite(params.membershipThreshold) && params.membershipThreshold > 0)) {
    return 'membershipThreshold must be a number > 0';
  }
  if (!isCount(params.kRange.min, 2)) return 'kRange.min must be an integer ≥ 2 (def. 7 needs two centres)';
  if (!isCount(params.kRange.max, params.kRange.min)) return 'kRange.max must be an integer ≥ kRange.min';
  if (!Number.isSafeInteger(params.seed)) return 'seed must be an integer';
  if (!isCount(params.maxRetainedSamples, 2 * params.kRange.min)) {
    return 'maxRetainedSamples must be an integer ≥ 2 · kRange.min';
  }
  if (!(Number.isFinite(params.densityDistanceFloor) && params.densityDistanceFloor >= 0)) {
    return 'densityDistanceFloor must be a number ≥ 0';
  }
  return null;
}
