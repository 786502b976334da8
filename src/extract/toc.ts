/**
 * The label of a table of contents, found by structure. Pure; linear in the nodes it looks at.
 *
 * A long article or a documentation page opens with its table of contents: a label ("Table of
 * Contents", "In this article", "On this page", "Inhalt", "目录") and a list of links to the page's
 * own sections. The list leaves the body already (its blocks are all link text, to places the
 * reader is already on), but its label is a short line of plain text, and the block model keeps
 * it: 22 of WCXB-dev's pages ended their lead with a stray "Table of Contents" that no truth holds.
 * Told by structure, in any language: a block of a few words, no link, whose element (or an
 * ancestor holding no other text, up to `labelUp` levels) is followed by an element that is a
 * list of in-page links — at least `minLinks` links, at least `minInPageShare` of them to a place
 * on this page (`#section`, or this page's own address with a fragment), and at least
 * `minLinkTextShare` of its text inside them.
 */
import type { LeafBlock } from '../segment/blocks.js';
import type { LayoutTree } from '../segment/tree.js';
import { countWords } from '../score/block-features.js';

export const TOC_PARAMS = {
  /** The label is at most this many words ("Table of contents", "Jump to a section"). */
  labelMaxWords: 5,
  /** How many levels above the label's element its list may follow (a heading inside a `toc_head` div). */
  labelUp: 2,
  /** The list holds at least this many links… */
  minLinks: 3,
  /** …at least this share of them to a place on this page… */
  minInPageShare: 0.8,
  /** …and at least this share of its text is link text. */
  minLinkTextShare: 0.8,
} as const;

/** The indexes of the body's blocks that label a table of contents. */
export function tocLabels(tree: LayoutTree, blocks: readonly string[], leaves: readonly LeafBlock[], params = TOC_PARAMS): number[] {
  const page = pageAddress(tree.snapshot.url);
  const out: number[] = [];
  leaves.forEach((leaf, i) => {
    const text = blocks[i] ?? '';
    if (leaf.linkTextLength > 0 || text.trim() === '' || countWords(text) > params.labelMaxWords) return;
    let el = leaf.ownerId;
    for (let up = 0; up <= params.labelUp && el >= 0; up++) {
      const next = nextElementSibling(tree, el);
      if (next >= 0 && isInPageLinkList(tree, next, page, params)) {
        out.push(i);
        return;
      }
      const parent = tree.nodes[el]?.parent ?? -1;
      // Climb only while the label is all the parent's text.
      if (parent < 0 || (tree.stats[parent]?.textLength ?? 0) !== (tree.stats[el]?.textLength ?? 0)) return;
      el = parent;
    }
  });
  return out.length < blocks.length ? out : [];
}

/** The page's address without its fragment, or null when it has none that parses. */
function pageAddress(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const u = new URL(url);
    u.hash = '';
    return u.href;
  } catch {
    return null;
  }
}

/** The next sibling of `id` that is an element and not hidden (-1: none). */
function nextElementSibling(tree: LayoutTree, id: number): number {
  const parent = tree.nodes[tree.nodes[id]?.parent ?? -1];
  if (parent?.kind !== 'element') return -1;
  // Pre-order numbering: the next sibling starts where this subtree ends.
  const after = tree.subtreeEnd[id] ?? id + 1;
  const end = tree.subtreeEnd[parent.id] ?? after;
  for (let s = after; s < end; s = tree.subtreeEnd[s] ?? s + 1) {
    const node = tree.nodes[s];
    if (node?.kind === 'element' && !tree.hidden[s]) return s;
  }
  return -1;
}

function isInPageLinkList(tree: LayoutTree, id: number, page: string | null, params: typeof TOC_PARAMS): boolean {
  const stats = tree.stats[id];
  if (!stats || stats.textLength === 0 || stats.linkTextLength < params.minLinkTextShare * stats.textLength) return false;
  let links = 0;
  let inPage = 0;
  const end = tree.subtreeEnd[id] ?? id + 1;
  for (let d = id; d < end; d++) {
    const node = tree.nodes[d];
    if (node?.kind !== 'element' || node.tag !== 'a' || node.attrs.href === undefined) continue;
    links++;
    if (isInPage(node.attrs.href, page)) inPage++;
  }
  return links >= params.minLinks && inPage >= params.minInPageShare * links;
}

/** `#section`, or this page's own address with a fragment. */
function isInPage(href: string, page: string | null): boolean {
  const h = href.trim();
  if (h.startsWith('#')) return h.length > 1;
  const hash = h.indexOf('#');
  if (hash < 0 || page === null) return false;
  try {
    const u = new URL(h, page);
    u.hash = '';
    return u.href === page;
  } catch {
    return false;
  }
}
