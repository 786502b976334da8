/**
 * The five docs/methods.md §5 features of a DOM node, read from a layout tree, and the page's candidate
 * nodes for the cluster model (docs/methods.md §5 (a) preprocess, (b) featurise). Pure.
 *
 * Every count comes from the tree's bottom-up `NodeStats`, so featurising a whole page is one
 * pass over its elements: no text is re-read.
 */
import type { NodeFeatures } from './features.js';
import type { BodyCandidate, IsAncestor } from './pick-body.js';
import { isAncestor, type LayoutTree } from '../segment/tree.js';

/** The features of node `id` (an element or a text node). */
export function nodeFeatures(tree: LayoutTree, id: number): NodeFeatures {
  const stats = tree.stats[id];
  if (!stats) throw new RangeError(`node ${id} is not in the layout tree (${tree.nodes.length} nodes)`);
  return {
    textLength: stats.textLength,
    // "text length / number of paragraphs"; a node with text but no block of its own (an
    // inline run) counts as one paragraph, one with no text as none.
    meanParagraphLength: stats.paragraphCount > 0 ? stats.textLength / stats.paragraphCount : stats.textLength,
    linkTextLength: stats.linkTextLength,
    imageCount: stats.imageCount,
    punctuationCount: stats.punctuationCount,
  };
}

/**
 * Which nodes of a page may be the body (docs/methods.md §5 (a)). Each filter says what it removes and
 * why; none is tuned on the benchmark (re-run `broadsheet model eval` after any change).
 */
export interface CandidateFilters {
  /**
   * Nodes with less visible text than this are not bodies. 50 characters is under a third of
   * the shortest body in the samples (a 607-character brief) and under one sentence of news
   * prose; it drops the thousands of labels, buttons and bylines that make up most elements.
   */
  minTextChars: number;
  /**
   * docs/methods.md §5 (a) "nodes made only of links": link text / text at or above this. 0.9 rather than
   * 1, so a menu or a link list with separators ("·", "|") or a "More:" label still counts as
   * made of links.
   */
  maxLinkDensity: number;
  /**
   * A body is prose: a node with fewer sentence-ending marks than this is a heading, a
   * caption or a navigation block, never an article.
   */
  minSentenceEnds: number;
}

export const DEFAULT_CANDIDATE_FILTERS: Readonly<CandidateFilters> = Object.freeze({
  minTextChars: 50,
  maxLinkDensity: 0.9,
  minSentenceEnds: 1,
});

/**
 * Candidate nodes of the page with their features, in document order. Script and style never
 * reach the snapshot (the collector skips them), so (a) only has to drop, besides the filters
 * above: text nodes and inline elements (a `<span>` or `<b>` that wraps a paragraph's text
 * repeats its block's features; bodies are blocks), hidden subtrees, and anything inside a
 * link (a teaser card is one `<a>`).
 */
export function candidateNodes(tree: LayoutTree, filters: CandidateFilters = DEFAULT_CANDIDATE_FILTERS): BodyCandidate[] {
  const out: BodyCandidate[] = [];
  tree.nodes.forEach((node, id) => {
    if (node.kind !== 'element' || !tree.isBlock[id] || tree.hidden[id] || tree.inLink[id]) return;
    if (rejection(tree, id, filters) !== null) return;
    out.push({ id, parentId: node.parent >= 0 ? node.parent : null, features: nodeFeatures(tree, id) });
  });
  return out;
}

/** Why node `id` fails the count filters, or null (for `--explain` and tests). */
export function rejection(tree: LayoutTree, id: number, filters: CandidateFilters = DEFAULT_CANDIDATE_FILTERS): string | null {
  const stats = tree.stats[id];
  if (!stats) return 'not in the tree';
  if (stats.textLength < filters.minTextChars) return `text ${stats.textLength} < ${filters.minTextChars} characters`;
  const linkDensity = stats.linkTextLength / stats.textLength;
  if (linkDensity >= filters.maxLinkDensity) return `link density ${linkDensity.toFixed(2)} ≥ ${filters.maxLinkDensity}`;
  if (stats.punctuationCount < filters.minSentenceEnds) return `${stats.punctuationCount} sentence ends < ${filters.minSentenceEnds}`;
  return null;
}

/** Ancestry over the whole tree, for `pickBody` (candidates need not be parent and child). */
export function treeAncestry(tree: LayoutTree): IsAncestor {
  return (a, b) => isAncestor(tree, a, b);
}
