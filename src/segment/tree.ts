/**
 * The layout tree: the flat snapshot plus per-node aggregates (docs/methods.md §2 measures) computed
 * bottom-up in one pass. Pure; everything downstream (segmentation, scoring, extraction)
 * reads these arrays instead of re-walking subtrees.
 */
import type { LayoutSnapshot, SnapshotElement, SnapshotNode } from '../types.js';
import { countSentenceEnds, isBlockDisplay, visibleLength } from './text.js';

export interface NodeStats {
  /** Visible text length of the subtree (white space collapsed per text node). */
  textLength: number;
  /** Part of `textLength` that sits inside `<a href>`. */
  linkTextLength: number;
  /** Sentence-ending marks in the subtree. */
  punctuationCount: number;
  /** `<img>` elements in the subtree, tracking pixels excluded. */
  imageCount: number;
  /** Block-level elements in the subtree that hold text directly (≈ paragraphs). */
  paragraphCount: number;
}

export interface LayoutTree {
  snapshot: LayoutSnapshot;
  nodes: SnapshotNode[];
  stats: NodeStats[];
  /** True for nodes inside an `<a href>` (the anchor itself included). */
  inLink: boolean[];
  /** True for nodes that are not seen: an ancestor-or-self is `visible: false`. */
  hidden: boolean[];
  /** True for elements whose display starts a new block. Text nodes are false. */
  isBlock: boolean[];
  /** True when a block element with visible text sits somewhere below the node. */
  hasBlockWithText: boolean[];
  /**
   * One past the last id in the node's subtree: nodes are in pre-order, so the subtree of `id`
   * is the id range [id, subtreeEnd[id]) and "x is inside a" is a constant-time test.
   */
  subtreeEnd: number[];
}

/** Images at most this many CSS pixels on each side are tracking pixels or spacers. */
const TRACKING_PIXEL_MAX_PX = 2;

/**
 * A drop cap: a paragraph's first letter set large in an element of its own, floated (so block in
 * the computed style) beside the lines it starts — "<span class=dropcap>H</span>OLLIS (AP) - A fire".
 * Read as a block of its own it left the paragraph as "OLLIS (AP)", and, a one-letter block, the
 * body. It stays inline when it holds at most DROP_CAP.maxChars letters (an opening quote
 * allowed), is set at least DROP_CAP.minFontRatio times its parent's size, and the text right
 * after it goes on with a letter (the same word).
 */
const DROP_CAP = { maxChars: 2, minFontRatio: 1.4 } as const;
const DROP_CAP_TEXT = /^[\p{P}]?\p{L}{1,2}$/u;
const STARTS_WITH_LETTER = /^\p{L}/u;

function isDropCap(nodes: readonly SnapshotNode[], node: SnapshotElement): boolean {
  if (node.children.length !== 1) return false;
  const only = nodes[node.children[0]!];
  if (only?.kind !== 'text' || only.text.length > DROP_CAP.maxChars + 1 || !DROP_CAP_TEXT.test(only.text)) return false;
  const parent = nodes[node.parent];
  if (parent?.kind !== 'element' || !(node.fontSizePx >= DROP_CAP.minFontRatio * parent.fontSizePx)) return false;
  // Its subtree is itself and its text, so in document order its next sibling, if any, follows them.
  const next = nodes[node.id + 2];
  return next?.kind === 'text' && next.parent === node.parent && STARTS_WITH_LETTER.test(next.text);
}

export function buildLayoutTree(snapshot: LayoutSnapshot): LayoutTree {
  const nodes = snapshot.nodes;
  const n = nodes.length;
  const inLink = new Array<boolean>(n).fill(false);
  const hidden = new Array<boolean>(n).fill(false);
  const isBlock = new Array<boolean>(n).fill(false);
  const stats: NodeStats[] = new Array(n);

  // Top-down flags. The collector emits nodes in document pre-order, so a parent's index is
  // always smaller than its children's; check it rather than trust it.
  for (let id = 0; id < n; id++) {
    const node = nodes[id]!;
    if (node.id !== id) throw new Error(`snapshot node ${id} has id ${node.id}: nodes must be indexed by id`);
    const parent = node.parent >= 0 ? node.parent : -1;
    if (parent >= id) throw new Error(`snapshot node ${id} precedes its parent ${parent}: expected document order`);
    const parentInLink = parent >= 0 ? inLink[parent]! : false;
    const parentHidden = parent >= 0 ? hidden[parent]! : false;
    if (node.kind === 'element') {
      inLink[id] = parentInLink || (node.tag === 'a' && node.attrs.href !== undefined);
      hidden[id] = parentHidden || !node.visible;
      isBlock[id] = (isBlockDisplay(node.display) || node.tag === 'br') && !isDropCap(nodes, node);
    } else {
      inLink[id] = parentInLink;
      hidden[id] = parentHidden;
    }
  }

  // Bottom-up sums. `inlineText`: text an inline element adds to its block's own lines.
  const inlineText = new Array<number>(n).fill(0);
  const hasBlockWithText = new Array<boolean>(n).fill(false);
  const subtreeEnd = new Array<number>(n).fill(0);
  for (let id = n - 1; id >= 0; id--) {
    const node = nodes[id]!;
    subtreeEnd[id] = id + 1;
    if (node.kind === 'element') for (const c of node.children) subtreeEnd[id] = Math.max(subtreeEnd[id]!, subtreeEnd[c] ?? 0);
    const s: NodeStats = { textLength: 0, linkTextLength: 0, punctuationCount: 0, imageCount: 0, paragraphCount: 0 };
    if (!hidden[id]) {
      if (node.kind === 'text') {
        s.textLength = visibleLength(node.text);
        s.linkTextLength = inLink[id] ? s.textLength : 0;
        s.punctuationCount = countSentenceEnds(node.text);
      } else {
        // Text that flows in this element's own lines: text children and inline children's text.
        let inlineTextHere = 0;
        for (const childId of node.children) {
          const c = stats[childId];
          if (!c) continue;
          s.textLength += c.textLength;
          s.linkTextLength += c.linkTextLength;
          s.punctuationCount += c.punctuationCount;
          s.imageCount += c.imageCount;
          s.paragraphCount += c.paragraphCount;
          inlineTextHere += nodes[childId]?.kind === 'text' ? c.textLength : (inlineText[childId] ?? 0);
          if (c.textLength > 0 && (isBlock[childId] || hasBlockWithText[childId])) hasBlockWithText[id] = true;
        }
        if (node.tag === 'img' && !isTrackingPixel(node)) s.imageCount += 1;
        // A block whose own lines hold text is a paragraph, also when the text sits in a <span>.
        if (isBlock[id]) {
          if (inlineTextHere > 0) s.paragraphCount += 1;
        } else {
          inlineText[id] = inlineTextHere;
        }
      }
    }
    stats[id] = s;
  }
  return { snapshot, nodes, stats, inLink, hidden, isBlock, hasBlockWithText, subtreeEnd };
}

function isTrackingPixel(img: SnapshotElement): boolean {
  const { width, height } = img.box;
  return width > 0 && height > 0 && width <= TRACKING_PIXEL_MAX_PX && height <= TRACKING_PIXEL_MAX_PX;
}

export function elementAt(tree: LayoutTree, id: number): SnapshotElement | undefined {
  const node = tree.nodes[id];
  return node?.kind === 'element' ? node : undefined;
}

/** Ancestors of `id`, nearest first, ending with body. */
export function ancestorsOf(tree: LayoutTree, id: number): number[] {
  const out: number[] = [];
  let current = tree.nodes[id]?.parent ?? -1;
  while (current >= 0) {
    out.push(current);
    current = tree.nodes[current]?.parent ?? -1;
  }
  return out;
}

/** True when `ancestor` is a proper ancestor of `id`. */
export function isAncestor(tree: LayoutTree, ancestor: number, id: number): boolean {
  return ancestor < id && id < (tree.subtreeEnd[ancestor] ?? 0);
}

/** True when `id` is `ancestor` or inside it. */
export function isWithin(tree: LayoutTree, id: number, ancestor: number): boolean {
  return ancestor <= id && id < (tree.subtreeEnd[ancestor] ?? 0);
}
