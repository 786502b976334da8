/**
 * The cluster model as a stage of the extraction cascade (docs/methods.md §5 (a)–(e)), and the labels a
 * model is trained on. Pure: no browser, no files.
 *
 *   snapshot ─▶ visual extraction (docs/methods.md §3–4, unchanged) ──────────────┐
 *          └─▶ candidates ─▶ features ─▶ γ ─▶ pickBody (model pick) ──┴─▶ decide ─▶ article
 *
 * How the two combine (`cascade`), one clause per condition, first match wins:
 * 'veto' (default) — the visual score stays the primary method; the model only overrules it
 *   when no cluster accepts what the visual score chose.
 *   1. the model accepts no candidate              → visual   ('visual (model abstained)')
 *   2. the visual score found no article           → model    ('model (visual found none)')
 *   3. the model's pick is the visual container,
 *      or nests with it at ≥ `sameTextShare` of the larger one's text
 *                                                   → visual   ('visual (model agreed)')
 *   4. some other accepted candidate (set D) is the
 *      visual container in that sense               → visual   ('visual (model accepts it)')
 *   5. the model's pick holds less than
 *      `minVetoShare` of the visual body's text     → visual   ('visual (model pick too small)')
 *   6. the model's pick is neither inside nor around
 *      the visual container (another region)        → visual   ('visual (model pick elsewhere)')
 *   7. the visual container's γmax is not far out:
 *      ≥ `vetoBelowGamma` (0.35)                    → visual   ('visual (model unsure)')
 *   8. otherwise the visual body lies far from
 *      every cluster                                → model    ('model (vetoed visual)')
 * 'primary' — the model's pick wins whenever there is one (clauses 1–2 still apply).
 * When the model wins, its node is extracted by the same visual pipeline run on that subtree
 * alone ("the model chooses the region, the visual stages clean it": captions, share bars and
 * ads inside the node are still left out). A region the visual stages see as furniture (the
 * pick is an <aside>, a comments block) yields nothing, and then the visual result stands
 * ('visual (model region empty)'): a model cannot pull a sidebar into the article.
 *
 * Measured on the samples (test/browser/model-extract.test.ts; model trained on the ground
 * truth of one half of the pages, split by site = page file, tested on the other half, both
 * ways round; F1 = corpus F1 of the AEB metric):
 *   train A (9 pages, k 4) → test B (6): without 1.000, veto 1.000, primary 0.923
 *     (veto: 4 agreed, 1 accepts it, 1 vetoed with the same text; primary lost 0.75 F1 on
 *     en-minimal-article by taking a smaller node than the body)
 *   train B (6 pages, k 3) → test A (9): without 1.000, veto 1.000, primary 1.000
 *     (8 of 9 abstained: 6 training bodies make small clusters)
 * The visual score is already at F1 ≈ 1 on the samples, so they can show only that the model
 * does no harm as a veto and some as the primary; whether it helps needs AEB
 * (`broadsheet model train --from aeb --split A`, then `model eval --from aeb --split B`).
 * 'veto' never lowered a page's F1; 'primary' did, which is why 'veto' is the default.
 *
 * Clause 6 keeps a veto to the extent of the body (cut where it ran into comments, widened
 * where it missed a part), never a jump to another region: the block model already weighs
 * every region of the page, and a model of bodies' sizes cannot tell a column of teasers from a
 * short article. On AEB split B a self-trained model jumped from a 0.990 body to a sidebar of
 * teasers (F1 0.000; −0.011 on the half) before this clause; the gains the veto was built for
 * were pages where the visual stage found nothing (clause 2).
 *
 * On AEB, split by site (`broadsheet model eval --split A|B --snapshot-cache`, both directions,
 * models trained on the other half's truth or with --self): the visual stage is at F1 0.982 on
 * each half and no model changed a held-out body (Δ 0.000 ± 0.000, four runs); with the bound
 * at 0.5 instead of 0.35 the self-trained model A vetoed three split-B bodies and lost 0.020 ±
 * 0.014. A model of many sites is too loose to tell a body from a near miss (truth-trained, it accepts 68–80 %
 * of the body's wrappers and 39–48 % of comment blocks); a model of one site is not, which is
 * what the site prior uses (`crawl --site-models`, `npm run bench:model`).
 */
import type { LayoutSnapshot, SnapshotNode } from '../types.js';
// The parts of cluster/ that read a model, not the index: fitting's k-means library stays unloaded.
import { assign } from '../cluster/assign.js';
import { pickBody, type BodyPick } from '../cluster/pick-body.js';
import type { ClusterModel, NodeFeatures } from '../cluster/index.js';
import { candidateNodes, DEFAULT_CANDIDATE_FILTERS, nodeFeatures, treeAncestry, type CandidateFilters } from '../cluster/node-features.js';
import { isAncestor, type LayoutTree } from '../segment/tree.js';
import { renderPlainText } from '../segment/unit-text.js';
import { pageScores, type Tokenizer } from '../metrics/aeb.js';
import type { SnapshotExtraction } from './from-snapshot.js';

export type CascadeMode = 'veto' | 'primary';

export interface ModelStageParams {
  model: ClusterModel;
  cascade: CascadeMode;
  filters: CandidateFilters;
  /**
   * Two nested nodes hold "the same body" when the smaller one has at least this share of the
   * larger one's text: a wrapper that adds a byline or a share bar (≤ 20 % of the text) is the
   * same choice, a page wrapper that adds a sidebar and comments is not. Reasoned, not tuned.
   */
  sameTextShare: number;
  /**
   * A veto may not drop more than this much of what the visual score found: the model's pick
   * must hold at least this share of the visual body's text. A model trained on few pages
   * accepts no body longer than its longest training body, and then picks one paragraph of
   * a long article (seen on a synthetic 40-paragraph page with a model trained on 9 samples);
   * 0.3 still lets a veto cut a body that ran into the comments (the article is typically
   * 40–70 % of such a text). Reasoned, not tuned.
   */
  minVetoShare: number;
  /**
   * The model overrules the visual body only when the visual container's γmax is below this:
   * far outside every cluster, not merely outside the 0.5 acceptance radius. Calibrated on
   * held-out AEB sites (`broadsheet model eval`, both directions, models trained on the truth
   * and --self): no true body had γmax < 0.35 with the truth-trained models (0.6 % of the
   * body-equivalent nodes of split B), none with the self-trained ones, while 14–55 % of
   * comment blocks, 28–51 % of link lists and 7–36 % of other text did. With 0.5 (the
   * acceptance threshold) a self-trained model vetoed 3 AEB bodies of γ 0.36–0.50 and lost
   * 0.020 F1; at 0.35 it vetoes none. Set it to the membership threshold for the patent's
   * plain veto.
   */
  vetoBelowGamma: number;
  /**
   * Site-level prior, for a model learnt on one site's pages only (`crawl --site-models`): a
   * cluster's size is how often this site's bodies look like it. When a candidate nested with
   * the visual container (inside or around it, with ≥ `minVetoShare` of its text) lies in a
   * cluster holding at least `minShareRatio` times as many of the site's bodies as the
   * container's cluster (or the container is in no cluster), that candidate is the body
   * ('model (site prior)'). null: off (a model of many sites has no template to prefer).
   * Measured on the local web (`npm run bench:model site`): a template whose readers' thread
   * runs on from the body on 30 % of pages.
   */
  sitePrior: { minShareRatio: number } | null;
}

export const DEFAULT_MODEL_STAGE: Readonly<Omit<ModelStageParams, 'model'>> = Object.freeze({
  cascade: 'veto',
  filters: DEFAULT_CANDIDATE_FILTERS,
  sameTextShare: 0.8,
  minVetoShare: 0.3,
  vetoBelowGamma: 0.35,
  sitePrior: null,
});

/** The site prior when it is on: the nested candidate's cluster must be 1.5 times as common on the site. Reasoned, not tuned. */
export const DEFAULT_SITE_PRIOR = Object.freeze({ minShareRatio: 1.5 });

export type ModelStageName =
  | 'visual (model abstained)'
  | 'model (visual found none)'
  | 'visual (model agreed)'
  | 'visual (model accepts it)'
  | 'visual (model pick too small)'
  | 'visual (model pick elsewhere)'
  | 'visual (model unsure)'
  | 'model (vetoed visual)'
  | 'model (site prior)'
  | 'model (primary)'
  | 'visual (model region empty)';

/** What the model stage did on one page; `explanation.model` in an extraction. */
export interface ModelStageReport {
  stage: ModelStageName;
  /** Which method's body is in the article. */
  winner: 'visual' | 'model';
  cascade: CascadeMode;
  candidateCount: number;
  /** The model's pick (steps (c)–(e)) in this page's node ids. */
  pick: BodyPick;
  /** The visual selection's container and its largest membership, when there is one. */
  visualContainerId: number | null;
  visualContainerGamma: number | null;
  /** The cluster of largest γ for the visual container (accepted or not). */
  visualContainerCluster: number | null;
  /** The node whose text the article holds when the model won (its pick, or the site prior's). */
  chosenId: number | null;
  /** Did the model change the body (the model won and its text differs from the visual one)? */
  changedBody: boolean;
  /** One line for `--explain`: clusters, γ and what the model did. */
  summary: string;
  timingsMs: { featurise: number; assign: number };
}

/**
 * Applies the model to a page whose visual extraction is done. `extractRegion` is the visual
 * pipeline (it is passed in so this module does not import its caller).
 */
export function runModelStage(input: {
  tree: LayoutTree;
  visual: SnapshotExtraction;
  params: ModelStageParams;
  extractRegion: (snapshot: LayoutSnapshot) => SnapshotExtraction;
}): SnapshotExtraction {
  const { tree, visual, params } = input;
  const t0 = performance.now();
  const candidates = candidateNodes(tree, params.filters);
  const t1 = performance.now();
  const pick = pickBody(candidates, params.model, treeAncestry(tree));
  const t2 = performance.now();
  const containerId = visual.kind === 'article' ? visual.explanation.containerId : null;
  const visualAssignment = containerId === null ? null : assign(params.model, nodeFeatures(tree, containerId));
  const report: Omit<ModelStageReport, 'stage' | 'winner' | 'chosenId' | 'changedBody' | 'summary'> = {
    cascade: params.cascade,
    candidateCount: candidates.length,
    pick,
    visualContainerId: containerId,
    visualContainerGamma: visualAssignment?.gammaMax ?? null,
    visualContainerCluster: visualAssignment?.cluster ?? null,
    timingsMs: { featurise: round(t1 - t0), assign: round(t2 - t1) },
  };
  const visualTextLength = visual.kind === 'article' ? visual.article.text.length : 0;
  const prior = params.sitePrior === null ? null : sitePriorPick(tree, params.model, pick, containerId, visualAssignment, visualTextLength, params);
  const decision = prior !== null ? { winner: 'model' as const, stage: 'model (site prior)' as const } : decide(tree, pick, containerId, visualTextLength, params, report.visualContainerGamma ?? undefined);
  const keepVisual = (stage: ModelStageName): SnapshotExtraction => withReport(visual, { ...report, stage, winner: 'visual', chosenId: null, changedBody: false });
  if (decision.winner === 'visual' || pick.kind !== 'body') return keepVisual(decision.stage);

  const chosenId = prior ?? pick.id;
  const region = subtreeSnapshot(tree.snapshot, chosenId);
  const fromRegion = input.extractRegion(region.snapshot);
  if (fromRegion.kind === 'none') return keepVisual('visual (model region empty)');
  const changedBody = visual.kind !== 'article' || fromRegion.kind !== 'article' || fromRegion.article.text !== visual.article.text;
  return withReport(shiftIds(fromRegion, region.offset), { ...report, stage: decision.stage, winner: 'model', chosenId, changedBody });
}

/**
 * The site prior's clause (see `ModelStageParams.sitePrior`): a candidate nested with the visual
 * container, in a cluster much more common on the site than the container's, or null.
 */
export function sitePriorPick(
  tree: LayoutTree,
  model: ClusterModel,
  pick: BodyPick,
  visualContainerId: number | null,
  visualAssignment: { cluster: number | null; accepted: boolean } | null,
  visualTextLength: number,
  params: Pick<ModelStageParams, 'sitePrior' | 'minVetoShare'>,
): number | null {
  if (params.sitePrior === null || pick.kind !== 'body' || visualContainerId === null) return null;
  const sizeOf = (cluster: number | null): number => (cluster === null ? 0 : (model.clusters[cluster]?.size ?? 0));
  const visualSize = visualAssignment?.accepted === true ? sizeOf(visualAssignment.cluster) : 0;
  const ratio = params.sitePrior.minShareRatio;
  const nested = pick.accepted.filter(
    (d) =>
      d.id !== visualContainerId &&
      sizeOf(d.cluster) >= ratio * visualSize &&
      sizeOf(d.cluster) > visualSize &&
      (isAncestor(tree, d.id, visualContainerId) || isAncestor(tree, visualContainerId, d.id)) &&
      (tree.stats[d.id]?.textLength ?? 0) >= params.minVetoShare * visualTextLength,
  );
  // D is sorted by γ, largest first: the best member of the dominant cluster.
  return nested[0]?.id ?? null;
}

/** The cascade's clauses (see the header), on node ids only. */
export function decide(
  tree: LayoutTree,
  pick: BodyPick,
  visualContainerId: number | null,
  visualTextLength: number,
  params: Pick<ModelStageParams, 'cascade' | 'sameTextShare' | 'minVetoShare'> & Partial<Pick<ModelStageParams, 'vetoBelowGamma'>>,
  visualGamma?: number,
): { winner: 'visual' | 'model'; stage: ModelStageName } {
  if (pick.kind === 'none') return { winner: 'visual', stage: 'visual (model abstained)' };
  if (visualContainerId === null) return { winner: 'model', stage: 'model (visual found none)' };
  if (params.cascade === 'primary') return { winner: 'model', stage: 'model (primary)' };
  if (sameBody(tree, pick.id, visualContainerId, params.sameTextShare)) return { winner: 'visual', stage: 'visual (model agreed)' };
  if (pick.accepted.some((d) => sameBody(tree, d.id, visualContainerId, params.sameTextShare))) {
    return { winner: 'visual', stage: 'visual (model accepts it)' };
  }
  if ((tree.stats[pick.id]?.textLength ?? 0) < params.minVetoShare * visualTextLength) {
    return { winner: 'visual', stage: 'visual (model pick too small)' };
  }
  if (!isAncestor(tree, pick.id, visualContainerId) && !isAncestor(tree, visualContainerId, pick.id)) {
    return { winner: 'visual', stage: 'visual (model pick elsewhere)' };
  }
  if (visualGamma !== undefined && params.vetoBelowGamma !== undefined && visualGamma >= params.vetoBelowGamma) {
    return { winner: 'visual', stage: 'visual (model unsure)' };
  }
  return { winner: 'model', stage: 'model (vetoed visual)' };
}

/** The same node, or nested with the smaller holding ≥ `share` of the larger's text. */
export function sameBody(tree: LayoutTree, a: number, b: number, share: number): boolean {
  if (a === b) return true;
  if (!isAncestor(tree, a, b) && !isAncestor(tree, b, a)) return false;
  const la = tree.stats[a]?.textLength ?? 0;
  const lb = tree.stats[b]?.textLength ?? 0;
  const larger = Math.max(la, lb);
  return larger > 0 && Math.min(la, lb) / larger >= share;
}

/**
 * The subtree of `rootId` as a snapshot of its own: in document pre-order a subtree is a
 * contiguous run of ids, so it is a slice with every id shifted by `offset` (= rootId).
 * Page size, URL and metadata are the page's, so area ratios and the title stay comparable.
 */
export function subtreeSnapshot(snapshot: LayoutSnapshot, rootId: number): { snapshot: LayoutSnapshot; offset: number } {
  const nodes = snapshot.nodes;
  const inside = new Set<number>([rootId]);
  let end = rootId + 1;
  while (end < nodes.length && inside.has(nodes[end]!.parent)) inside.add(end++);
  const shift = (id: number): number => id - rootId;
  const sub: SnapshotNode[] = nodes.slice(rootId, end).map((node) => {
    const parent = node.id === rootId ? -1 : shift(node.parent);
    return node.kind === 'element'
      ? { ...node, id: shift(node.id), parent, children: node.children.map(shift) }
      : { ...node, id: shift(node.id), parent };
  });
  return {
    snapshot: { ...snapshot, nodes: sub, elementCount: sub.filter((node) => node.kind === 'element').length },
    offset: rootId,
  };
}

/** An extraction made on a subtree, with its node ids put back into the page's numbering. */
function shiftIds(extraction: SnapshotExtraction, offset: number): SnapshotExtraction {
  const e = extraction.explanation;
  const explanation = {
    ...e,
    units: e.units.map((u) => ({ ...u, nodeId: u.nodeId + offset })),
    containerId: e.containerId === null ? null : e.containerId + offset,
  };
  return { ...extraction, explanation };
}

function withReport(extraction: SnapshotExtraction, report: Omit<ModelStageReport, 'summary'>): SnapshotExtraction {
  return { ...extraction, explanation: { ...extraction.explanation, model: { ...report, summary: summarise(report) } } };
}

/** "visual body node 38: cluster #1, γ 0.62 (accepted); model pick node 42: cluster #0, γ 1.30; body unchanged (visual (model agreed))". */
function summarise(r: Omit<ModelStageReport, 'summary'>): string {
  const g = (x: number): string => (Number.isFinite(x) ? x.toFixed(2) : '∞');
  const visual =
    r.visualContainerId === null
      ? 'no visual body'
      : `visual body node ${r.visualContainerId}: cluster #${r.visualContainerCluster ?? '–'}, γ ${g(r.visualContainerGamma ?? 0)}`;
  const pick = r.pick.kind === 'body' ? `model pick node ${r.pick.id}: cluster #${r.pick.cluster}, γ ${g(r.pick.gammaMax)}` : `model pick none (${r.pick.detail})`;
  const outcome = r.changedBody ? `body changed to node ${r.chosenId}` : 'body unchanged';
  return `${visual}; ${pick}; ${outcome} (${r.stage})`;
}

// ── Training labels ─────────────────────────────────────────────────────────────────────

/** How a ground-truth body is matched to a node of the rendered page. */
export interface TruthMatchParams {
  /**
   * The node must hold at least this share of the truth's shingles (AEB metric recall): 0.9
   * allows for a caption or a pull quote the annotator kept and the page renders elsewhere.
   */
  minRecall: number;
  /** Without a node of that recall, the best-F1 node is used if its F1 reaches this. */
  minFallbackF1: number;
}

export const DEFAULT_TRUTH_MATCH: Readonly<TruthMatchParams> = Object.freeze({ minRecall: 0.9, minFallbackF1: 0.6 });

export type TruthLabel =
  | { kind: 'label'; nodeId: number; features: NodeFeatures; precision: number; recall: number; f1: number; rule: 'recall' | 'best-f1' }
  | { kind: 'none'; reason: string };

/**
 * The node whose text matches the ground-truth body: among candidates with recall ≥
 * `minRecall`, the one of highest precision (the smaller node on ties, i.e. the tightest
 * wrapper); else the best F1 when it reaches `minFallbackF1`; else "none, because …".
 * Nodes with less than half the truth's length cannot reach the recall and are not scored.
 */
export function labelFromTruth(
  tree: LayoutTree,
  truthBody: string,
  tokenizer: Tokenizer,
  params: TruthMatchParams = DEFAULT_TRUTH_MATCH,
  filters: CandidateFilters = DEFAULT_CANDIDATE_FILTERS,
): TruthLabel {
  const truthLength = truthBody.replace(/\s+/gu, ' ').trim().length;
  if (truthLength === 0) return { kind: 'none', reason: 'the ground truth is empty' };
  const candidates = candidateNodes(tree, filters).filter((c) => c.features.textLength >= truthLength / 2);
  if (candidates.length === 0) return { kind: 'none', reason: `no candidate node has half the truth's ${truthLength} characters` };
  type Scored = { id: number; features: NodeFeatures; precision: number; recall: number; f1: number };
  const scored: Scored[] = candidates.map((c) => {
    const s = pageScores(renderPlainText(tree, [c.id]), truthBody, { tokenizer });
    return { id: c.id, features: c.features, precision: s.precision, recall: s.recall, f1: s.f1 };
  });
  const covering = scored.filter((s) => s.recall >= params.minRecall);
  const byPrecision = (a: Scored, b: Scored): number => b.precision - a.precision || a.features.textLength - b.features.textLength;
  const best = covering.sort(byPrecision)[0];
  if (best) return { kind: 'label', nodeId: best.id, features: best.features, precision: best.precision, recall: best.recall, f1: best.f1, rule: 'recall' };
  const bestF1 = scored.sort((a, b) => b.f1 - a.f1 || a.features.textLength - b.features.textLength)[0]!;
  if (bestF1.f1 >= params.minFallbackF1) {
    return { kind: 'label', nodeId: bestF1.id, features: bestF1.features, precision: bestF1.precision, recall: bestF1.recall, f1: bestF1.f1, rule: 'best-f1' };
  }
  return { kind: 'none', reason: `best node reaches recall ${bestF1.recall.toFixed(2)} and F1 ${bestF1.f1.toFixed(2)} (< ${params.minFallbackF1})` };
}

/** When the visual extractor's pick is trusted as a training sample (self-training). */
export interface ConfidentPickParams {
  /** A body this long is past teasers and briefs whose container is often a whole column. */
  minBodyChars: number;
  /** …in at least this many paragraphs: one long block is as often a comment or a caption. */
  minBlocks: number;
  /** The container itself is mostly prose, not a page wrapper full of menus. */
  maxContainerLinkDensity: number;
}

export const DEFAULT_CONFIDENT_PICK: Readonly<ConfidentPickParams> = Object.freeze({
  minBodyChars: 500,
  minBlocks: 3,
  maxContainerLinkDensity: 0.25,
});

/** The visual pick's container as a training sample, or why it is not confident enough. */
export function confidentVisualSample(
  tree: LayoutTree,
  visual: SnapshotExtraction,
  params: ConfidentPickParams = DEFAULT_CONFIDENT_PICK,
): { kind: 'sample'; nodeId: number; features: NodeFeatures } | { kind: 'none'; reason: string } {
  if (visual.kind === 'none') return { kind: 'none', reason: `no article: ${visual.reason}` };
  const containerId = visual.explanation.containerId;
  if (containerId === null) return { kind: 'none', reason: 'no container' };
  const text = visual.article.text;
  const blocks = text.split(/\n\n+/u).filter((b) => b.trim().length > 0).length;
  if (text.length < params.minBodyChars) return { kind: 'none', reason: `body ${text.length} < ${params.minBodyChars} characters` };
  if (blocks < params.minBlocks) return { kind: 'none', reason: `${blocks} paragraphs < ${params.minBlocks}` };
  const features = nodeFeatures(tree, containerId);
  const linkDensity = features.textLength > 0 ? features.linkTextLength / features.textLength : 1;
  if (linkDensity > params.maxContainerLinkDensity) {
    return { kind: 'none', reason: `container link density ${linkDensity.toFixed(2)} > ${params.maxContainerLinkDensity}` };
  }
  return { kind: 'sample', nodeId: containerId, features };
}

function round(ms: number): number {
  return Math.round(ms * 100) / 100;
}
