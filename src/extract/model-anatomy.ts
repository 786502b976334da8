/**
 * What a cluster model's clusters hold on pages with a known body: every candidate node (docs/methods.md
 * §5 (a)) is put in one kind — the body, a part of it, a wrapper around it, comments, a link
 * list, other text — and its cluster and γmax are tallied. `broadsheet model eval` prints the
 * result, so "cluster 1 holds bodies, cluster 0 holds paragraphs" is a measured statement and
 * the γ of true bodies can be set against the γ of everything else. Pure.
 */
import type { ClusterModel } from '../cluster/index.js';
import { assign } from '../cluster/assign.js';
import { candidateNodes, DEFAULT_CANDIDATE_FILTERS, type CandidateFilters } from '../cluster/node-features.js';
import { isAncestor, type LayoutTree } from '../segment/tree.js';
import { sameBody } from './model-stage.js';

export const NODE_KINDS = ['body', 'part of body', 'wraps body', 'comments', 'link list', 'other text'] as const;
export type NodeKind = (typeof NODE_KINDS)[number];

/** How nodes are sorted into kinds. Reasoned, not tuned; they only label a report. */
export const ANATOMY_RULES = Object.freeze({
  /** A node nested with the true body holding ≥ this share of the larger one's text is the body (as in the model stage). */
  sameTextShare: 0.8,
  /** An id or class on the node or an ancestor naming a discussion. */
  commentsPattern: /comment|disqus|discussion|repl(?:y|ies)|respon[cs]e/iu,
  /** Link text / text at or above this: a menu, a list of headlines, a tag cloud. */
  linkListDensity: 0.4,
});

export interface NodeVerdict {
  kind: NodeKind;
  /** Cluster of largest γ (null for a model without clusters). */
  cluster: number | null;
  gammaMax: number;
  accepted: boolean;
}

/** Every candidate node of one page with its kind and membership; `bodyId` is the node matching the truth. */
export function pageAnatomy(tree: LayoutTree, model: ClusterModel, bodyId: number, filters: CandidateFilters = DEFAULT_CANDIDATE_FILTERS): NodeVerdict[] {
  return candidateNodes(tree, filters).map((candidate) => {
    const a = assign(model, candidate.features);
    return { kind: kindOf(tree, candidate.id, bodyId), cluster: a.cluster, gammaMax: a.gammaMax, accepted: a.accepted };
  });
}

function kindOf(tree: LayoutTree, id: number, bodyId: number): NodeKind {
  if (sameBody(tree, id, bodyId, ANATOMY_RULES.sameTextShare)) return 'body';
  if (isAncestor(tree, bodyId, id)) return 'part of body';
  if (isAncestor(tree, id, bodyId)) return 'wraps body';
  if (namesComments(tree, id)) return 'comments';
  const stats = tree.stats[id];
  if (stats && stats.textLength > 0 && stats.linkTextLength / stats.textLength >= ANATOMY_RULES.linkListDensity) return 'link list';
  return 'other text';
}

function namesComments(tree: LayoutTree, id: number): boolean {
  for (let at = id; at >= 0; at = tree.nodes[at]?.parent ?? -1) {
    const node = tree.nodes[at];
    if (node?.kind !== 'element') continue;
    const names = `${node.attrs.id ?? ''} ${node.attrs.class ?? ''}`;
    if (ANATOMY_RULES.commentsPattern.test(names)) return true;
  }
  return false;
}

/** Tallies over many pages. */
export interface Anatomy {
  /** accepted[cluster][kind]: candidates of that kind whose γmax ≥ threshold in that cluster. */
  accepted: Array<Record<NodeKind, number>>;
  /** Candidates of each kind, accepted or not. */
  totals: Record<NodeKind, number>;
  /** γmax of every candidate of each kind (for quantiles). */
  gammas: Record<NodeKind, number[]>;
}

export function emptyAnatomy(k: number): Anatomy {
  const zero = (): Record<NodeKind, number> => Object.fromEntries(NODE_KINDS.map((kind) => [kind, 0])) as Record<NodeKind, number>;
  return {
    accepted: Array.from({ length: k }, zero),
    totals: zero(),
    gammas: Object.fromEntries(NODE_KINDS.map((kind) => [kind, []])) as unknown as Record<NodeKind, number[]>,
  };
}

export function addToAnatomy(anatomy: Anatomy, verdicts: readonly NodeVerdict[]): void {
  for (const v of verdicts) {
    anatomy.totals[v.kind] += 1;
    anatomy.gammas[v.kind].push(v.gammaMax);
    if (v.accepted && v.cluster !== null) {
      const row = anatomy.accepted[v.cluster];
      if (row) row[v.kind] += 1;
    }
  }
}

/** Quantile q ∈ [0, 1] of `values` (nearest rank); NaN when empty. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

/** The report lines: per cluster what it accepts, and γmax quantiles per kind. */
export function describeAnatomy(anatomy: Anatomy, threshold: number): string[] {
  const f = (x: number): string => (Number.isFinite(x) ? x.toFixed(2) : x === Infinity ? '∞' : '–');
  const lines = [`what each cluster accepts (γmax ≥ ${threshold}), by kind of node: ${NODE_KINDS.join(' / ')}`];
  anatomy.accepted.forEach((row, i) => lines.push(`  #${i}: ${NODE_KINDS.map((kind) => row[kind]).join(' / ')}`));
  lines.push(`γmax by kind of node (n; accepted share; quartiles 25/50/75 %; max):`);
  for (const kind of NODE_KINDS) {
    const g = anatomy.gammas[kind];
    const accepted = g.filter((x) => x >= threshold).length;
    lines.push(
      `  ${kind.padEnd(13)} n ${String(g.length).padStart(6)}; accepted ${g.length ? ((100 * accepted) / g.length).toFixed(1) : '–'} %; ${f(quantile(g, 0.25))} / ${f(quantile(g, 0.5))} / ${f(quantile(g, 0.75))}; max ${f(quantile(g, 1))}`,
    );
  }
  return lines;
}
