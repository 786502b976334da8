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
  const visit = (id: number): void => {
    const node = tree.nodes[id];
    if (!node || node.kind !== 'element' || tree.hidden[id] || (tree.stats[id]?.textLength ?? 0) === 0) return;
    if (!hasBlockChildWithText(tree, id)) {
      out.push(makeBlock(tree, id, [id]));
      return;
    }
    let run: number[] = [];
    const flush = (): void => {
      if (run.some((c) => (tree.stats[c]?.textLength ?? 0) > 0 && !tree.hidden[c])) out.push(makeBlock(tree, id, run));
      run = [];
    };
    for (const c of node.children) {
      if (tree.isBlock[c] || hasBlockChildWithText(tree, c)) {
        flush();
        visit(c);
      } else {
        run.push(c);
      }
    }
    flush();
  };
  // A unit given as a run of inline siblings is one block already.
  const first = tree.nodes[ids[0] ?? -1];
  if (ids.length > 1 || first?.kind === 'text' || (first && !tree.isBlock[first.id] && !hasBlockChildWithText(tree, first.id))) {
    const parent = first?.parent ?? 0;
    out.push(makeBlock(tree, parent, [...ids]));
    return out;
  }
  for (const id of ids) visit(id);
  return out;
}

function hasBlockChildWithText(tree: LayoutTree, id: number): boolean {
  const node = tree.nodes[id];
  if (!node || node.kind !== 'element') return false;
  for (const c of node.children) {
    if ((tree.stats[c]?.textLength ?? 0) === 0 || tree.hidden[c]) continue;
    if (tree.isBlock[c] || hasBlockChildWithText(tree, c)) return true;
  }
  return false;
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
