/**
 * The cards of a listing or collection page: the repeated items of its main list (each item's
 * title, summary, date or price), not the site's navigation. Pure.
 *
 * A listing's truth (WCXB) is its items' titles and summaries; the block model, trained on
 * articles, reads a card's title link as link-dense furniture and keeps at most the summaries,
 * or nothing of a grid of short product cards. The page's structure says where the list is:
 *
 *   1. groups — under each element, its children that are built alike (same tag, same class
 *               words with digits dropped) and hold text: at least `minItems` of them;
 *   2. cards  — a group is a list of cards when most items hold a link (an item leads to its
 *               page), its items have a few words each (a menu's items have one or two), and
 *               it is not inside the site's furniture (nav, header, footer, aside, a landmark
 *               role of navigation; markup-marks.ts);
 *   3. main   — the group with the most words is the page's main list, if it holds enough of
 *               the page's words (`minShareOfPage`), so that a short "related" strip on a page
 *               whose content is prose is not taken for it.
 *
 * The stage only adds: the blocks of the main list's items join the body the block model
 * chose (a listing's introduction stays). Nothing here names a site.
 */
import type { LayoutTree } from '../../segment/tree.js';
import type { PageBlock } from '../../score/block-features.js';
import { hasMark, MARK, pathMarks } from '../../score/markup-marks.js';

/** The thresholds of the stage; set by hand on synthetic pages and checked on WCXB-dev's listing and collection pages (re-run `npx tsx scripts/eval-snapshots.ts wcxb` after any change). */
export const CARD_PARAMS = {
  /** Fewer alike items than this are not a list (two teasers are a pair, not a listing). */
  minItems: 3,
  /** Share of the items that must hold a link: cards lead somewhere, a run of paragraphs does not. */
  minLinkedShare: 0.6,
  /** Mean words per item below this is a menu or a tag cloud ("Home", "About us"). */
  minMeanWords: 4,
  /** The main list holds at least this share of the words of the page outside its furniture. */
  minShareOfPage: 0.15,
  /** Marks (on the list or any ancestor) of the site's furniture: a list there is never the main one. */
  furniture: MARK.nav | MARK.header | MARK.footer | MARK.aside | MARK.furnitureRole | MARK.overlay | MARK.form,
} as const;

export type CardParams = { -readonly [K in keyof typeof CARD_PARAMS]: (typeof CARD_PARAMS)[K] };

export interface CardsFound {
  /** The element whose children are the cards. */
  listId: number;
  /** The cards' elements, in page order. */
  itemIds: number[];
  /** Indices (into the page's blocks) of the blocks inside the cards. */
  blockIndexes: number[];
  /** Words of the cards' text. */
  words: number;
  /** Why, in words (for `--explain`). */
  reason: string;
}

interface Group {
  parent: number;
  items: number[];
  words: number;
}

/**
 * The page's main list of cards, or null when it has none. `blocks` are the page's blocks
 * (selection's `pageBlocks`); words are counted from them so that what is measured is what the
 * body would take.
 */
export function findCards(tree: LayoutTree, blocks: readonly PageBlock[], params: CardParams = CARD_PARAMS): CardsFound | null {
  const marks = pathMarks(tree);
  // Words per element: each block's words credited to its owner, summed up the tree below.
  const wordsAt = new Float64Array(tree.nodes.length);
  let pageWords = 0;
  for (const b of blocks) {
    const owner = b.block.ownerId;
    if (hasMark(marks[owner] ?? 0, params.furniture)) continue;
    pageWords += b.words;
    wordsAt[owner]! += b.words;
  }
  // Pre-order: children after parents, so one backward pass sums subtrees.
  for (let id = tree.nodes.length - 1; id > 0; id--) {
    const parent = tree.nodes[id]!.parent;
    if (parent >= 0) wordsAt[parent]! += wordsAt[id]!;
  }
  let best: Group | null = null;
  for (const node of tree.nodes) {
    if (node.kind !== 'element' || tree.hidden[node.id] || hasMark(marks[node.id] ?? 0, params.furniture)) continue;
    const group = alikeChildren(tree, node.id, wordsAt);
    if (!group || group.items.length < params.minItems) continue;
    if (group.words / group.items.length < params.minMeanWords) continue;
    const linked = group.items.filter((id) => (tree.stats[id]?.linkTextLength ?? 0) > 0).length;
    if (linked < group.items.length * params.minLinkedShare) continue;
    if (!best || group.words > best.words) best = group;
  }
  if (!best || best.words < pageWords * params.minShareOfPage) return null;
  const chosen = best;
  const inItem = (id: number): boolean => chosen.items.some((item) => item <= id && id < (tree.subtreeEnd[item] ?? 0));
  const blockIndexes = blocks.flatMap((b, i) => (inItem(b.block.ownerId) && b.block.ids.every(inItem) ? [i] : []));
  const tag = tree.nodes[chosen.items[0]!]?.kind === 'element' ? (tree.nodes[chosen.items[0]!] as { tag: string }).tag : '?';
  return {
    listId: chosen.parent,
    itemIds: chosen.items,
    blockIndexes,
    words: chosen.words,
    reason: `${chosen.items.length} alike <${tag}> items with links hold ${chosen.words} of the page's ${pageWords} words`,
  };
}

/** The largest set of `parent`'s element children built alike (same tag and class words), with their words. */
function alikeChildren(tree: LayoutTree, parent: number, wordsAt: Float64Array): Group | null {
  const node = tree.nodes[parent];
  if (node?.kind !== 'element' || node.children.length < CARD_PARAMS.minItems) return null;
  const bySignature = new Map<string, number[]>();
  for (const child of node.children) {
    const c = tree.nodes[child];
    if (c?.kind !== 'element' || tree.hidden[child] || (wordsAt[child] ?? 0) === 0) continue;
    const key = signature(c.tag, c.attrs.class);
    const list = bySignature.get(key);
    if (list) list.push(child);
    else bySignature.set(key, [child]);
  }
  let best: Group | null = null;
  for (const items of bySignature.values()) {
    const words = items.reduce((s, id) => s + (wordsAt[id] ?? 0), 0);
    if (!best || words > best.words) best = { parent, items, words };
  }
  return best;
}

/** How an item is built, as far as its own markup says: its tag and its class words without digits or state words ("active", "odd"). */
function signature(tag: string, className: string | undefined): string {
  const words = (className ?? '')
    .toLowerCase()
    .split(/[\s]+/u)
    .map((w) => w.replace(/\d+/gu, ''))
    .filter((w) => w.length > 0 && !STATE_CLASSES.has(w))
    .sort();
  return `${tag}.${words.join('.')}`;
}

/** Class words that mark an item's state or place in the list, not how it is built. */
const STATE_CLASSES = new Set(['active', 'current', 'selected', 'first', 'last', 'odd', 'even', 'featured', 'is-active', 'is-selected', 'hidden', 'visible', 'show', 'open']);
