/**
 * Asking a model where a node belongs (docs/methods.md §5): γ of its features in every cluster. Apart from
 * incremental-kmeans.ts, which fits and grows models, so that extraction with a model (the page-work
 * threads load this at start) does not load the k-means library that only fitting needs.
 */
import { applyScaling, checkRawVector, toVector, type NodeFeatures } from './features.js';
import type { ClusterModel } from './incremental-kmeans.js';
import { memberships } from './membership.js';

export interface Assignment {
  /** Cluster of largest γ, or null for a model without clusters. */
  cluster: number | null;
  gammaMax: number;
  /** γᵢ for every cluster. */
  gammas: number[];
  /** γmax ≥ the model's membership threshold. */
  accepted: boolean;
}

/** γ of one node's features in every cluster of the model. */
export function assign(model: ClusterModel, features: NodeFeatures): Assignment {
  return assignRaw(model, toVector(features));
}

/** Like `assign`, for a raw vector in `FEATURE_NAMES` order (checked like `toVector`). */
export function assignRaw(model: ClusterModel, rawVector: readonly number[]): Assignment {
  checkRawVector(rawVector);
  const result = memberships(applyScaling(model.scaling, rawVector), model.clusters);
  return { ...result, accepted: result.cluster !== null && result.gammaMax >= model.params.membershipThreshold };
}
