/**
 * Text nodes and link nodes (docs/methods.md §3, defs. 10–11), independent of HTML tags.
 * The recursive clause of docs/methods.md §3 ("a node whose children are all text nodes is a text node")
 * is implied by the densities: a parent's densities are its children's, length-weighted.
 */
import type { SegmentParams } from './params.js';
import type { LayoutTree } from './tree.js';

export type NodeKindParams = Pick<SegmentParams, 'textDensityMin' | 'linkDensityMin'>;

/** def. 10: non-link text / text above α. */
export function isTextNode(tree: LayoutTree, id: number, params: NodeKindParams): boolean {
  const s = tree.stats[id];
  if (!s || s.textLength === 0) return false;
  return (s.textLength - s.linkTextLength) / s.textLength > params.textDensityMin;
}

/** def. 11: link text / text above β. */
export function isLinkNode(tree: LayoutTree, id: number, params: NodeKindParams): boolean {
  const s = tree.stats[id];
  if (!s || s.textLength === 0) return false;
  return s.linkTextLength / s.textLength > params.linkDensityMin;
}
