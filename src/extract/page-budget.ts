/**
 * A bounded cost per page (issue 14): a snapshot larger than the budget is cut down before the
 * pure stages run, rather than lost. Pure; one pass to measure, one to rebuild.
 *
 *   1. text — when the page's text is longer than `maxTextChars`, the longest text nodes are
 *      shortened (to one common length, so short paragraphs keep every character) and end
 *      with "…"; a 10 MB text node becomes a long paragraph, not an hour of work;
 *   2. nodes — when the snapshot has more than `maxNodes` nodes, whole subtrees far from the
 *      body are emptied, largest first: the subtrees hanging off the path from `<body>` to the
 *      page's densest prose (where the article almost always is), then, if that is not enough,
 *      the largest subtrees inside it. An emptied element stays, with its box, as a summary of
 *      what was there; its contents are gone.
 *
 * Every cut is recorded (`BudgetCut`): `--explain` and the JSON result say what was cut.
 * The defaults are far above any page of the AEB and WCXB benchmarks (their largest pages
 * have about 30,000 nodes and 300,000 characters), so only hostile pages are touched.
 */
import type { LayoutSnapshot, PageCut, SnapshotElement, SnapshotNode } from '../types.js';

export interface PageBudget {
  /** Snapshot nodes (elements and text nodes) kept at most. */
  maxNodes: number;
  /** Characters of text kept at most, over all text nodes. */
  maxTextChars: number;
}

export const DEFAULT_PAGE_BUDGET: Readonly<PageBudget> = Object.freeze({ maxNodes: 60_000, maxTextChars: 1_000_000 });

/** A cut of the page budget: kind 'subtree' or 'text' (see PageCut). */
export type BudgetCut = PageCut;

export interface BudgetedSnapshot {
  snapshot: LayoutSnapshot;
  /** What was cut, largest first within each kind; empty when the page fits. */
  cuts: BudgetCut[];
}

/** Characters a shortened text node keeps at least (a cap is never set below this). */
const MIN_KEPT_TEXT_CHARS = 1_000;
const ELLIPSIS = '…';

export function fitSnapshotToBudget(snapshot: LayoutSnapshot, budget: PageBudget = DEFAULT_PAGE_BUDGET): BudgetedSnapshot {
  const cuts: BudgetCut[] = [];
  let nodes = snapshot.nodes;
  const textCap = textLengthCap(nodes, budget.maxTextChars);
  if (textCap !== null) {
    nodes = nodes.map((node) => {
      if (node.kind !== 'text' || node.text.length <= textCap) return node;
      const kept = cutAtWord(node.text, textCap);
      const parent = nodes[node.parent];
      cuts.push({ kind: 'text', nodeId: node.id, tag: parent?.kind === 'element' ? parent.tag : '', count: 1, nodes: 0, chars: node.text.length - kept.length });
      return { ...node, text: kept + ELLIPSIS };
    });
  }
  if (nodes.length > budget.maxNodes) {
    const removed = subtreesToRemove(nodes, budget.maxNodes);
    cuts.push(...describeRemoved(nodes, removed));
    nodes = withoutSubtrees(nodes, removed);
  }
  if (cuts.length === 0) return { snapshot, cuts };
  cuts.sort((a, b) => (a.kind === b.kind ? b.nodes - a.nodes || b.chars - a.chars : a.kind === 'subtree' ? -1 : 1));
  return { snapshot: { ...snapshot, nodes }, cuts };
}

/**
 * The length every text node is cut to so that the text fits `maxChars` (only the longest
 * nodes shrink, all to the same length); null when the page fits. Sorting the lengths makes
 * this n log n in text nodes.
 */
function textLengthCap(nodes: readonly SnapshotNode[], maxChars: number): number | null {
  const lengths: number[] = [];
  let total = 0;
  for (const node of nodes) {
    if (node.kind !== 'text') continue;
    lengths.push(node.text.length);
    total += node.text.length;
  }
  if (total <= maxChars) return null;
  lengths.sort((a, b) => a - b);
  // With the k shortest kept whole, the remaining (n − k) share what is left equally.
  let below = 0;
  for (let k = 0; k < lengths.length; k++) {
    const cap = Math.floor((maxChars - below) / (lengths.length - k));
    if (lengths[k]! > cap) return Math.max(MIN_KEPT_TEXT_CHARS, cap);
    below += lengths[k]!;
  }
  return null;
}

/** The first `max` characters of `text`, ended at a word boundary when one is near. */
function cutAtWord(text: string, max: number): string {
  const head = text.slice(0, max);
  const space = head.search(/\s\S*$/u);
  return space > max * 0.9 ? head.slice(0, space) : head;
}

/** One past the last id of each node's subtree (ids are in pre-order). */
function subtreeEnds(nodes: readonly SnapshotNode[]): Int32Array {
  const cached = endsCache.get(nodes);
  if (cached) return cached;
  const end = new Int32Array(nodes.length);
  for (let id = nodes.length - 1; id >= 0; id--) {
    const node = nodes[id]!;
    end[id] = id + 1;
    if (node.kind === 'element') for (const c of node.children) end[id] = Math.max(end[id]!, end[c]!);
  }
  endsCache.set(nodes, end);
  return end;
}
const endsCache = new WeakMap<readonly SnapshotNode[], Int32Array>();

/**
 * The element subtrees to remove, largest first, until at most `maxNodes` nodes are left:
 * first those hanging off the path from the root to the prose anchor (far from the body),
 * then, if that is not enough, the largest subtrees anywhere that hold no prose (a giant
 * table of figures inside the article's own container). Prose near the body is never cut,
 * so a page made only of prose may stay above the budget.
 */
function subtreesToRemove(nodes: readonly SnapshotNode[], maxNodes: number): number[] {
  const end = subtreeEnds(nodes);
  const { anchor, proseBelow } = prose(nodes);
  const onPath = new Uint8Array(nodes.length);
  for (let a = anchor; a > 0; a = nodes[a]!.parent) onPath[a] = 1;
  onPath[0] = 1;
  const size = (id: number): number => end[id]! - id;
  const largestFirst = (x: number, y: number): number => size(y) - size(x) || x - y;
  // Off the path: element children of the anchor and its ancestors. Subtrees without prose go
  // first, then large subtrees with little prose: a 20,000-item link list before anything
  // else, the paragraphs around the anchor last.
  const offPath: number[] = [];
  for (let a = anchor; a >= 0; a = nodes[a]!.parent) {
    const el = nodes[a]!;
    if (el.kind !== 'element') continue;
    for (const c of el.children) if (!onPath[c] && nodes[c]!.kind === 'element') offPath.push(c);
  }
  const farness = (id: number): number => size(id) / (1 + proseBelow[id]! / PROSE_CHARS_PER_NODE);
  const hasProse = (id: number): number => (proseBelow[id]! > 0 ? 1 : 0);
  offPath.sort((x, y) => hasProse(x) - hasProse(y) || farness(y) - farness(x) || x - y);
  const chosen: number[] = [];
  const gone = new Uint8Array(nodes.length);
  let remaining = nodes.length;
  const take = (id: number): void => {
    chosen.push(id);
    remaining -= size(id);
    gone.fill(1, id, end[id]!);
  };
  for (const id of offPath) {
    if (remaining <= maxNodes) break;
    take(id);
  }
  if (remaining > maxNodes) {
    const proseless: number[] = [];
    for (let id = 0; id < nodes.length; id++) {
      if (!gone[id] && !onPath[id] && nodes[id]!.kind === 'element' && proseBelow[id] === 0 && size(id) > 1) proseless.push(id);
    }
    proseless.sort(largestFirst);
    for (const id of proseless) {
      if (remaining <= maxNodes) break;
      if (!gone[id]) take(id); // not inside a subtree taken already
    }
  }
  return chosen.sort((x, y) => x - y);
}

/** Prose characters that make a node as worth keeping as one node of anything else is costly. */
const PROSE_CHARS_PER_NODE = 100;
/** Text a reader would call prose: at least this many characters, with a space in them. */
const PROSE_MIN_CHARS = 20;

/**
 * The prose anchor — the element holding the most prose in its own text and its children's
 * (where the body almost always is; the root when the page has none) — and the prose
 * characters under every node. Text in links does not count; sentence ends count double.
 */
function prose(nodes: readonly SnapshotNode[]): { anchor: number; proseBelow: Float64Array } {
  const own = new Float64Array(nodes.length);
  const inLink = new Uint8Array(nodes.length);
  for (let id = 0; id < nodes.length; id++) {
    const node = nodes[id]!;
    const parentInLink = node.parent >= 0 ? inLink[node.parent]! : 0;
    if (node.kind === 'element') {
      inLink[id] = parentInLink || (node.tag === 'a' && node.attrs.href !== undefined) ? 1 : 0;
      continue;
    }
    if (parentInLink || node.parent < 0 || !(nodes[node.parent] as SnapshotElement).visible) continue;
    const text = node.text.trim();
    if (text.length < PROSE_MIN_CHARS || !/\s/u.test(text)) continue;
    own[node.parent]! += /[.!?。！？]/u.test(text) ? text.length * 2 : text.length;
  }
  // An element's own prose and its children's: an article of many <p>s outweighs one long teaser.
  const region = Float64Array.from(own);
  const proseBelow = Float64Array.from(own);
  for (let id = nodes.length - 1; id > 0; id--) {
    const parent = nodes[id]!.parent;
    region[parent]! += own[id]!;
    proseBelow[parent]! += proseBelow[id]!;
  }
  let anchor = 0;
  for (let id = 1; id < nodes.length; id++) if (nodes[id]!.kind === 'element' && region[id]! > region[anchor]!) anchor = id;
  return { anchor, proseBelow };
}

/** The removed subtrees as records: a run of removed siblings with one tag is one record. */
function describeRemoved(nodes: readonly SnapshotNode[], removed: readonly number[]): BudgetCut[] {
  const end = subtreeEnds(nodes);
  const out: BudgetCut[] = [];
  let last: { cut: BudgetCut; end: number; parent: number } | undefined;
  for (const id of removed) {
    const node = nodes[id] as SnapshotElement;
    let chars = 0;
    for (let k = id; k < end[id]!; k++) {
      const n = nodes[k]!;
      if (n.kind === 'text') chars += n.text.length;
    }
    const nodeCount = end[id]! - id;
    // The next sibling of the last record's subtree, same parent and tag: the run goes on.
    if (last && last.parent === node.parent && last.cut.tag === node.tag && nextSiblingStart(nodes, last.end, node.parent) === id) {
      last.cut.count += 1;
      last.cut.nodes += nodeCount;
      last.cut.chars += chars;
      last.end = end[id]!;
      continue;
    }
    const cut: BudgetCut = { kind: 'subtree', nodeId: id, tag: node.tag, count: 1, nodes: nodeCount, chars };
    out.push(cut);
    last = { cut, end: end[id]!, parent: node.parent };
  }
  return out;
}

/** The id right after a subtree, when it is a sibling (same parent); -1 otherwise. */
function nextSiblingStart(nodes: readonly SnapshotNode[], at: number, parent: number): number {
  return at < nodes.length && nodes[at]!.parent === parent ? at : -1;
}

/** The snapshot without the `removed` subtrees, ids renumbered in document order. */
function withoutSubtrees(nodes: readonly SnapshotNode[], removed: readonly number[]): SnapshotNode[] {
  const end = subtreeEnds(nodes);
  const drop = new Uint8Array(nodes.length);
  for (const id of removed) drop.fill(1, id, end[id]!);
  const newId = new Int32Array(nodes.length).fill(-1);
  const out: SnapshotNode[] = [];
  for (let id = 0; id < nodes.length; id++) {
    if (drop[id]) continue;
    newId[id] = out.length;
    const node = nodes[id]!;
    const parent = node.parent >= 0 ? newId[node.parent]! : -1;
    out.push(node.kind === 'text' ? { ...node, id: out.length, parent } : { ...node, id: out.length, parent, children: [] });
  }
  for (const node of out) if (node.parent >= 0) (out[node.parent] as SnapshotElement).children.push(node.id);
  return out;
}
