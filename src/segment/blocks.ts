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
    out.push(makeBlock(tree, first?.parent ?? 0, [...ids]));
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
      out.push(makeBlock(tree, id, [id]));
      continue;
    }
    const pieces: Item[] = [];
    let run: number[] = [];
    const flush = (): void => {
      if (run.some((c) => (tree.stats[c]?.textLength ?? 0) > 0 && !tree.hidden[c])) pieces.push({ emit: makeBlock(tree, id, run) });
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
