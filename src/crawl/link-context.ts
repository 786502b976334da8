/**
 * Where on its page a link sits, as a few words: the landmark tags around it and the class, id
 * and role words of the link itself and its nearest ancestors. "main h2 teaser" is a headline in a listing,
 * "main p comments link" a comments link under a story, "aside most read" the sidebar. The
 * similarity policy learns which of these words go with links to articles (src/frontier/
 * link-evidence.ts), so a link's place can tell a gallery or a comments page from a story when
 * the URL cannot. Pure; the crawler reads the chain from the snapshot, the lab from its HTML.
 */
import { textWords } from '../text/index.js';

/** The link element or one of its ancestors (nearest first): lower-case tag and the attributes that name it. */
export interface AncestorInfo {
  tag: string;
  id?: string;
  class?: string;
  role?: string;
}

/**
 * Tags that say what part of the page holds the link, wherever they are on the way up (a
 * `<nav>` five levels up still makes a navigation link).
 */
const LANDMARK_TAGS = new Set(['nav', 'header', 'footer', 'aside', 'main', 'article', 'form', 'figure', 'table', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'li', 'time']);
/** Class, id and role words are read from the link and this many nearest ancestors (further up they name the layout, not the link). */
const NAMED_ANCESTORS = 3;
/** Words kept per link, nearest first: a bounded, short string to store with the link. */
const MAX_WORDS = 12;
/** Layout and utility class words that say nothing about what the link is. */
const NOISE = new Set(['col', 'row', 'wrap', 'wrapper', 'container', 'inner', 'outer', 'clearfix', 'js', 'is', 'has', 'the', 'and', 'block', 'item', 'flex', 'grid']);

/**
 * The link's context words, nearest first, distinct, space-separated ('' when there are none).
 * `chain` is the `<a>` element itself, then its ancestors up to (not including) `<body>`.
 */
export function linkContext(chain: readonly AncestorInfo[]): string {
  const words: string[] = [];
  const add = (word: string): void => {
    if (words.length < MAX_WORDS && !words.includes(word)) words.push(word);
  };
  chain.forEach((node, depth) => {
    if (LANDMARK_TAGS.has(node.tag)) add(node.tag);
    if (depth > NAMED_ANCESTORS) return;
    for (const value of [node.class, node.id, node.role]) {
      // Words of a class or id: two letters or more (`most-read` → most, read; `col-4` → col), in any script.
      for (const word of textWords(value ?? '')) if (!NOISE.has(word)) add(word);
    }
  });
  return words.join(' ');
}
