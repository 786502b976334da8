/**
 * Leaf blocks: the smallest pieces of a unit that a reader sees as one paragraph, heading,
 * list item or label — a block element whose content is all inline, or a run of inline
 * content beside block siblings. Body selection decides block by block, because one visual
 * unit may hold the kicker, the headline and the paragraphs together. Pure.
 */
import type { TextStyle } from '../types.js';
import { elementAt, type LayoutTree } from './tree.js';
import { dominantStyle } from './visual-units.js';

export interface LeafBlock {
  /** The element holding the block (for a run, the parent of the run). */
  ownerId: number;
  /** `[ownerId]`, or the run's sibling nodes. */
  ids: number[];
  textLength: number;
  linkTextLength: number;
  punctuationCount: number;
  style: TextStyle;
}

export function leafBlocks(tree: LayoutTree, ids: readonly number[]): LeafBlock[] {
  const out: LeafBlock[] = [];
  const wrapsBlocks = (id: number): boolean => tree.hasBlockWithText[id] ?? false;
  // A unit given as a run of inline siblings is one block already.
  const first = tree.nodes[ids[0] ?? -1];
  if (ids.length > 1 || first?.kind === 'text' || (first && !tree.isBlock[first.id] && !wrapsBlocks(first.id))) {
    out.push(...splitAtDoubleBreaks(tree, first?.parent ?? 0, [...ids]));
    return out;
  }
  // Depth-first with an explicit stack (DOMs can be thousands of levels deep). A stack item is
  // an element to visit, or a finished block to emit in document order.
  type Item = { visit: number } | { emit: LeafBlock };
  const stack: Item[] = [...ids].reverse().map((id) => ({ visit: id }));
  while (stack.length > 0) {
    const item = stack.pop()!;
    if ('emit' in item) {
      out.push(item.emit);
      continue;
    }
    const id = item.visit;
    const node = tree.nodes[id];
    if (!node || node.kind !== 'element' || tree.hidden[id] || (tree.stats[id]?.textLength ?? 0) === 0) continue;
    if (!wrapsBlocks(id)) {
      const parts = splitAtDoubleBreaks(tree, id, node.children);
      out.push(...(parts.length > 1 ? parts : [makeBlock(tree, id, [id])]));
      continue;
    }
    const pieces: Item[] = [];
    let run: number[] = [];
    const flush = (): void => {
      if (run.some((c) => (tree.stats[c]?.textLength ?? 0) > 0 && !tree.hidden[c])) {
        for (const part of splitAtDoubleBreaks(tree, id, run)) pieces.push({ emit: part });
      }
      run = [];
    };
    for (const c of node.children) {
      if (tree.isBlock[c] || wrapsBlocks(c)) {
        flush();
        pieces.push({ visit: c });
      } else {
        run.push(c);
      }
    }
    flush();
    for (let i = pieces.length - 1; i >= 0; i--) stack.push(pieces[i]!);
  }
  return out;
}

/**
 * Old layouts set paragraphs apart with `<br><br>` inside one element; each such paragraph is a
 * block of its own, so a headline and dateline in the same cell as the body can be told apart.
 */
function splitAtDoubleBreaks(tree: LayoutTree, ownerId: number, ids: readonly number[]): LeafBlock[] {
  const parts: number[][] = [[]];
  let breaks = 0;
  for (const id of openInlineWrappers(tree, ids)) {
    const node = tree.nodes[id];
    const empty = (tree.stats[id]?.textLength ?? 0) === 0;
    if (node?.kind === 'element' && node.tag === 'br') {
      breaks++;
      if (breaks === 2 && parts[parts.length - 1]!.length > 0) parts.push([]);
      else if (breaks < 2) parts[parts.length - 1]!.push(id);
      continue;
    }
    if (empty && node?.kind === 'text') continue;
    breaks = 0;
    parts[parts.length - 1]!.push(id);
  }
  const blocks = parts
    .map((p) => trimBreaks(tree, p))
    .filter((p) => p.some((c) => (tree.stats[c]?.textLength ?? 0) > 0 && !tree.hidden[c]))
    .map((p) => makeBlock(tree, ownerId, p));
  return blocks.length > 0 ? blocks : [makeBlock(tree, ownerId, [...ids])];
}

/**
 * Old pages wrap a whole cell's text in one inline element (`<font face="Georgia">…</font>`,
 * `<span>`, `<b>`) whose paragraphs are set apart by `<br><br>` inside it: the wrapper is opened
 * (its children take its place in the run, and so on down) wherever it holds two breaks in a
 * row, so that the paragraphs are found as they are beside the wrapper. Wrappers without a
 * double break stay whole. Linear: each node is looked at a bounded number of times.
 */
function openInlineWrappers(tree: LayoutTree, ids: readonly number[]): number[] {
  const holdsDouble = doubleBreakHolders(tree, ids);
  if (holdsDouble.size === 0) return [...ids];
  const out: number[] = [];
  const stack = [...ids].reverse();
  while (stack.length > 0) {
    const id = stack.pop()!;
    const node = tree.nodes[id];
    if (node?.kind === 'element' && holdsDouble.has(id)) {
      for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!);
    } else {
      out.push(id);
    }
  }
  return out;
}

/** Inline elements among `ids` and below that hold `<br><br>` (two breaks with no text between) among their inline descendants. */
function doubleBreakHolders(tree: LayoutTree, ids: readonly number[]): Set<number> {
  const holders = new Set<number>();
  // Post-order over the inline subtrees: an element is a holder when the breaks of its
  // flattened content include two in a row, counting across its children's boundaries.
  type Frame = { id: number; next: number; breaks: number; double: boolean };
  const isBr = (id: number): boolean => tree.nodes[id]?.kind === 'element' && (tree.nodes[id] as { tag: string }).tag === 'br';
  for (const root of ids) {
    const rootNode = tree.nodes[root];
    if (rootNode?.kind !== 'element' || isBr(root) || tree.isBlock[root] || tree.hasBlockWithText[root] || tree.hidden[root]) continue;
    const frames: Frame[] = [{ id: root, next: 0, breaks: 0, double: false }];
    while (frames.length > 0) {
      const f = frames[frames.length - 1]!;
      const node = tree.nodes[f.id] as { children: number[] };
      if (f.next >= node.children.length) {
        frames.pop();
        if (f.double) holders.add(f.id);
        const parent = frames[frames.length - 1];
        if (parent) {
          // A child's trailing breaks run on into what follows it; text inside resets the count.
          parent.breaks = (tree.stats[f.id]?.textLength ?? 0) > 0 ? f.breaks : parent.breaks + f.breaks;
          parent.double ||= f.double || parent.breaks >= 2;
        }
        continue;
      }
      const c = node.children[f.next++]!;
      const child = tree.nodes[c];
      if (!child || tree.hidden[c]) continue;
      if (isBr(c)) {
        f.breaks++;
        if (f.breaks >= 2) f.double = true;
      } else if (child.kind === 'text') {
        if ((tree.stats[c]?.textLength ?? 0) > 0) f.breaks = 0;
      } else if (!tree.isBlock[c] && !tree.hasBlockWithText[c]) {
        frames.push({ id: c, next: 0, breaks: 0, double: false });
      } else {
        f.breaks = 0;
      }
    }
  }
  return holders;
}

function trimBreaks(tree: LayoutTree, ids: number[]): number[] {
  const isBr = (id: number): boolean => {
    const n = tree.nodes[id];
    return n?.kind === 'element' && n.tag === 'br';
  };
  let start = 0;
  let end = ids.length;
  while (start < end && isBr(ids[start]!)) start++;
  while (end > start && isBr(ids[end - 1]!)) end--;
  return ids.slice(start, end);
}

function makeBlock(tree: LayoutTree, ownerId: number, ids: number[]): LeafBlock {
  let textLength = 0;
  let linkTextLength = 0;
  let punctuationCount = 0;
  for (const id of ids) {
    const s = tree.stats[id];
    if (!s || tree.hidden[id]) continue;
    textLength += s.textLength;
    linkTextLength += s.linkTextLength;
    punctuationCount += s.punctuationCount;
  }
  const owner = elementAt(tree, ownerId)!;
  return { ownerId, ids, textLength, linkTextLength, punctuationCount, style: dominantStyle(tree, ids, owner) };
}
