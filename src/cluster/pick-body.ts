/**
 * Picking the article body among a page's candidate nodes by membership (docs/methods.md §5 (c)–(e),
 * patent extraction steps c-1 to c-3), on abstract candidates: the caller has already
 * preprocessed the page (a) and counted each candidate's features (b).
 *
 * How we read the steps:
 * (c) every candidate gets γmax, its largest membership over the clusters; those with
 *     γmax ≥ the model's threshold (0.5) form the set D, the others are dropped.
 * (d) D is sorted by γmax, largest first. Ties are broken by id, smaller first, so the
 *     result does not depend on the order the caller listed the candidates in.
 * (e) "judge whether, in the sorted sequence, each node is the parent of the next, i.e.
 *     whether they nest one inside the other; the smallest nested node is the body": start
 *     at the top of the list and step to the next node while it lies inside the current one
 *     (`isAncestor(current, next)`; "parent" is read as "ancestor", since a wrapper element
 *     may stand between two candidates). The walk stops at the first node that does not nest
 *     — the patent's chain is consecutive — and the last node reached is the body. When the
 *     top node's successor does not lie inside it, the top node itself is the body.
 *     The option `chain: 'skip-unrelated'` instead passes over nodes outside the current one
 *     and keeps following the nesting further down the list; it is offered so the two
 *     readings can be compared on the benchmark.
 */
import type { NodeFeatures } from './features.js';
import { assign } from './assign.js';
import type { ClusterModel } from './incremental-kmeans.js';

export interface BodyCandidate {
  id: number;
  /** The candidate's parent node id, or null at the root; used when `isAncestor` is not given. */
  parentId: number | null;
  features: NodeFeatures;
}

/** A candidate that passed step (c), with its membership. */
export interface ScoredCandidate {
  id: number;
  gammaMax: number;
  cluster: number;
}

export type BodyPick =
  | {
      kind: 'body';
      id: number;
      gammaMax: number;
      cluster: number;
      /** The nested chain walked in step (e), outermost first; ends with `id`. */
      chain: number[];
      /** The set D of step (c), sorted as in step (d). */
      accepted: ScoredCandidate[];
    }
  | {
      kind: 'none';
      reason: 'no-candidates' | 'no-cluster-accepts';
      /** Human-readable reason, e.g. "best γmax 0.31 < 0.5 over 42 candidates". */
      detail: string;
      /** Largest γmax of any candidate (0 with no candidates). */
      bestGamma: number;
    };

export interface PickBodyOptions {
  /** How step (e) walks the sorted list (see the header); default `'consecutive'`. */
  chain?: 'consecutive' | 'skip-unrelated';
}

/** Is node `a` a strict ancestor of node `b`? */
export type IsAncestor = (a: number, b: number) => boolean;

/** Steps (c)–(e): the body among the candidates, or "none, because …". */
export function pickBody(
  candidates: readonly BodyCandidate[],
  model: ClusterModel,
  isAncestor: IsAncestor = ancestryFromParents(candidates),
  options: PickBodyOptions = {},
): BodyPick {
  if (candidates.length === 0) {
    return { kind: 'none', reason: 'no-candidates', detail: 'the page has no candidate nodes', bestGamma: 0 };
  }
  let bestGamma = 0;
  const accepted: ScoredCandidate[] = [];
  for (const candidate of candidates) {
    const assignment = assign(model, candidate.features);
    bestGamma = Math.max(bestGamma, assignment.gammaMax);
    if (assignment.accepted && assignment.cluster !== null) {
      accepted.push({ id: candidate.id, gammaMax: assignment.gammaMax, cluster: assignment.cluster });
    }
  }
  const threshold = model.params.membershipThreshold;
  if (accepted.length === 0) {
    return {
      kind: 'none',
      reason: 'no-cluster-accepts',
      detail: `best γmax ${bestGamma.toFixed(3)} < ${threshold} over ${candidates.length} candidates`,
      bestGamma,
    };
  }
  accepted.sort((a, b) => b.gammaMax - a.gammaMax || a.id - b.id);

  const [top, ...rest] = accepted as [ScoredCandidate, ...ScoredCandidate[]];
  const chain = [top];
  for (const next of rest) {
    const current = chain[chain.length - 1] ?? top;
    if (isAncestor(current.id, next.id)) chain.push(next);
    else if (options.chain !== 'skip-unrelated') break;
  }
  const body = chain[chain.length - 1] ?? top;
  return {
    kind: 'body',
    id: body.id,
    gammaMax: body.gammaMax,
    cluster: body.cluster,
    chain: chain.map((node) => node.id),
    accepted,
  };
}

/**
 * Ancestry read from the candidates' `parentId` links. It only sees through candidates:
 * when a node between two candidates is not itself a candidate, pass an `isAncestor` that
 * knows the whole tree.
 */
export function ancestryFromParents(candidates: readonly BodyCandidate[]): IsAncestor {
  const parentOf = new Map(candidates.map((candidate) => [candidate.id, candidate.parentId]));
  return (a, b) => {
    const seen = new Set<number>();
    let node = parentOf.get(b) ?? null;
    while (node !== null && !seen.has(node)) {
      if (node === a) return true;
      seen.add(node);
      node = parentOf.get(node) ?? null;
    }
    return false;
  };
}
