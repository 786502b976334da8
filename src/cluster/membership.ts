/**
 * Membership of a point in a cluster (docs/methods.md §5, def. 9): γᵢ(p) = dᵢ / ‖p − cᵢ‖.
 *
 * γ = 1 means p lies at the cluster's mean distance from the centre; γ ≥ 0.5 (the patent's
 * threshold) means p is no farther than twice that; γ = ∞ at the centre itself.
 *
 * A cluster whose dᵢ is 0 (all its points identical) has no spread to compare with:
 * we read def. 9 literally, so it accepts a point only at its exact centre (γ = ∞) and gives
 * γ = 0 anywhere else. Widening it to some floor would invent a spread the data never
 * showed; such a cluster grows instead through re-clustering, when enough unplaced samples
 * near it have gathered in the buffer.
 */
import { euclideanDistance } from './geometry.js';

/** What membership needs from a cluster: its centre and dᵢ, in scaled units. */
export interface ClusterShape {
  centre: readonly number[];
  meanDistance: number;
}

export interface Memberships {
  /** γᵢ for every cluster, in cluster order. */
  gammas: number[];
  /** The largest γ (0 when there are no clusters). */
  gammaMax: number;
  /** Index of the cluster with the largest γ (the first on a tie); null when there are none. */
  cluster: number | null;
}

/** γ of one scaled point in one cluster. */
export function membership(point: readonly number[], cluster: ClusterShape): number {
  const distance = euclideanDistance(point, cluster.centre);
  if (distance === 0) return Infinity;
  return cluster.meanDistance / distance;
}

/** γ in every cluster, with γmax and its argmax. */
export function memberships(point: readonly number[], clusters: readonly ClusterShape[]): Memberships {
  const gammas = clusters.map((cluster) => membership(point, cluster));
  let gammaMax = 0;
  let cluster: number | null = null;
  gammas.forEach((gamma, index) => {
    if (cluster === null || gamma > gammaMax) {
      gammaMax = gamma;
      cluster = index;
    }
  });
  return { gammas, gammaMax, cluster };
}
