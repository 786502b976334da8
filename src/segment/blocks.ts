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
  for (const id of ids) {
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
