/**
 * A list's call-to-action links, found by structure, for the profiles that read wider than an
 * article's (listing, collection, product, service, forum, documentation). Pure; one pass over
 * the body's subtrees, in time linear in their nodes.
 *
 * A card of a shop's grid or a listing's feed links to its item twice or more: its title (or
 * name) and a label every card repeats — "Quick view", "View details", "Read full article",
 * "View company profile", "+ Wishlist". The label says nothing of its item that the title does
 * not; it is the page's machinery, as a `<button>` is (from-snapshot.ts `leaveControlsOut`).
 * Told by structure, in any language: the same short link text at least `minRepeats` times in
 * the body, going to at least two places, and nearly every time to a place another link of the
 * body names with other words. A category link every card repeats ("Technology") goes to one
 * place under one name and stays; so does an author's name, which no other link names
 * otherwise. And only a link in a short line, not in a paragraph: a link inside a sentence is
 * part of the sentence.
 */
import type { LayoutTree } from '../../segment/tree.js';
import { collapseWhitespace } from '../../segment/text.js';

export const ECHO_LINK_PARAMS = {
  /** The label repeats at least this many times in the body (a list of cards, not a pair). */
  minRepeats: 3,
  /** …in at most this many words ("Read full article", "View company profile"). */
  maxWords: 4,
  /** …to at least this many different places (each card's own item). */
  minTargets: 2,
  /** …and at least this share of its links goes where another link of the body, in other words, goes too. */
  minEchoShare: 0.8,
  /**
   * …and it sits in a block of at most this many characters: a card's line ("81 points by pg 2
   * hours ago | hide | discuss"), not a paragraph. A documentation page links "Session" to its
   * API reference at every mention in its prose, and those mentions are its text.
   */
  lineMaxChars: 100,
} as const;

interface LinkSeen {
  id: number;
  href: string;
  text: string;
}

/** The anchor ids of the body's repeated call-to-action links (see the module's comment). */
export function echoLinkIds(tree: LayoutTree, blocks: ReadonlyArray<{ ids: readonly number[] }>, params = ECHO_LINK_PARAMS): Set<number> {
  const links: LinkSeen[] = [];
  for (const block of blocks) {
    for (const top of block.ids) {
      const end = tree.subtreeEnd[top] ?? top + 1;
      for (let id = top; id < end; id++) {
        const node = tree.nodes[id];
        if (node?.kind !== 'element' || node.tag !== 'a' || tree.hidden[id]) continue;
        const href = target(node.attrs.href);
        if (href === null) continue;
        if (standsAlone(tree, id)) links.push({ id, href, text: ownText(tree, id) });
        id = (tree.subtreeEnd[id] ?? id + 1) - 1; // a link inside a link is the same link
      }
    }
  }
  const namesOf = new Map<string, Set<string>>();
  const byText = new Map<string, LinkSeen[]>();
  for (const l of links) {
    if (l.text === '') continue;
    (namesOf.get(l.href) ?? namesOf.set(l.href, new Set()).get(l.href)!).add(l.text);
    (byText.get(l.text) ?? byText.set(l.text, []).get(l.text)!).push(l);
  }
  const out = new Set<number>();
  for (const [text, seen] of byText) {
    if (seen.length < params.minRepeats || text.split(' ').length > params.maxWords) continue;
    if (new Set(seen.map((l) => l.href)).size < params.minTargets) continue;
    const echoes = seen.filter((l) => (namesOf.get(l.href)?.size ?? 0) >= 2);
    if (echoes.length < params.minEchoShare * seen.length) continue;
    for (const l of echoes) out.add(l.id);
  }
  return out;
}

/**
 * Whether the link at `id` sits in a short line, not in a sentence (see ECHO_LINK_PARAMS.lineMaxChars):
 * the run of inline siblings around it in its nearest block (a card's bare `<a>` beside its
 * `<h3>` and `<p>` is a line of its own, as the browser lays it out).
 */
function standsAlone(tree: LayoutTree, id: number): boolean {
  let top = id;
  let block = tree.nodes[id]?.parent ?? -1;
  while (block >= 0 && !tree.isBlock[block]) {
    top = block;
    block = tree.nodes[block]?.parent ?? -1;
  }
  const parent = tree.nodes[block];
  if (parent?.kind !== 'element') return false;
  const siblings = parent.children;
  const at = indexOfSorted(siblings, top);
  if (at < 0) return false;
  let chars = 0;
  for (let i = at; i >= 0 && !tree.isBlock[siblings[i]!] && chars <= ECHO_LINK_PARAMS.lineMaxChars; i--) chars += lengthOf(tree, siblings[i]!);
  for (let i = at + 1; i < siblings.length && !tree.isBlock[siblings[i]!] && chars <= ECHO_LINK_PARAMS.lineMaxChars; i++) chars += lengthOf(tree, siblings[i]!);
  return chars <= ECHO_LINK_PARAMS.lineMaxChars;
}

/** The index of `id` in a node's children, which pre-order numbering keeps sorted (a binary search: a block may hold thousands). */
function indexOfSorted(ids: readonly number[], id: number): number {
  let lo = 0;
  let hi = ids.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const v = ids[mid]!;
    if (v === id) return mid;
    if (v < id) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/** The visible text length of a node: an element's from its stats, a text node's own. */
function lengthOf(tree: LayoutTree, id: number): number {
  const node = tree.nodes[id];
  if (node?.kind === 'text') return tree.hidden[id] ? 0 : collapseWhitespace(node.text).trim().length;
  return tree.stats[id]?.textLength ?? 0;
}

/** A link's place without its fragment, or null for a link that goes nowhere (`#`, `javascript:`). */
function target(href: string | undefined): string | null {
  if (href === undefined) return null;
  const hash = href.indexOf('#');
  const place = (hash >= 0 ? href.slice(0, hash) : href).trim();
  if (place === '' || place.toLowerCase().startsWith('javascript:')) return null;
  return place;
}

/** The visible text of a subtree, white space collapsed, lower-cased: a label as a reader compares it. */
function ownText(tree: LayoutTree, id: number): string {
  const end = tree.subtreeEnd[id] ?? id + 1;
  let text = '';
  for (let d = id; d < end; d++) {
    const node = tree.nodes[d];
    if (node?.kind === 'text' && !tree.hidden[d]) text += ` ${node.text}`;
  }
  return collapseWhitespace(text).trim().toLowerCase();
}
