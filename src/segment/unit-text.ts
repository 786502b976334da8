/**
 * Plain text of a set of subtrees, with the block structure a reader sees: each block-level
 * element starts a new block, `<br>` starts a new line, two `<br>` in a row (or a `<br>` that
 * ends a line already empty) start a new block. Pure.
 */
import { collapseWhitespace } from './text.js';
import { elementAt, type LayoutTree } from './tree.js';

export interface TextWalkOptions {
  /** Subtrees to leave out (boilerplate inside a body unit). */
  skip?: (id: number) => boolean;
}

/** Text blocks (≈ paragraphs) in document order; lines inside a block are joined by `\n`. */
export function textBlocks(tree: LayoutTree, ids: readonly number[], options: TextWalkOptions = {}): string[] {
  const blocks: string[] = [];
  let lines: string[] = [];
  let line = '';
  let emptyLineBreaks = 0;

  let linePreserved = false;
  const endLine = (): void => {
    // Preformatted text keeps its spacing; flowing text is collapsed and trimmed.
    const text = linePreserved ? line.trimEnd() : undoubled(line.replace(/[ \t]+/gu, ' ').trim());
    linePreserved = false;
    if (text.length > 0) {
      lines.push(text);
      emptyLineBreaks = 0;
    } else {
      emptyLineBreaks++;
    }
    line = '';
  };
  const endBlock = (): void => {
    endLine();
    if (lines.length > 0) blocks.push(lines.join('\n'));
    lines = [];
    emptyLineBreaks = 0;
  };

  // Depth-first with an explicit stack (DOMs can be thousands of levels deep): an item enters a
  // node, or closes the block an element opened.
  // `before`: the sibling node just before, for the gap between two inline boxes (-1: none).
  type Item = { enter: number; pre: boolean; before: number } | { close: true };
  const stack: Item[] = [];
  const enter = (id: number): void => {
    const el = elementAt(tree, id);
    stack.push({ enter: id, pre: el?.preservesWhitespace ?? false, before: -1 });
  };
  for (let i = ids.length - 1; i >= 0; i--) enter(ids[i]!);
  while (stack.length > 0) {
    const item = stack.pop()!;
    if ('close' in item) {
      endBlock();
      continue;
    }
    const { enter: id, pre, before } = item;
    const node = tree.nodes[id];
    if (!node || tree.hidden[id] || options.skip?.(id)) continue;
    if (node.kind === 'text') {
      line += pre ? node.text : collapseWhitespace(node.text);
      if (pre) linePreserved = true;
      if (pre && line.includes('\n')) {
        const parts = line.split('\n');
        line = parts.pop() ?? '';
        for (const p of parts) lines.push(p.trimEnd());
      }
      continue;
    }
    if (node.tag === 'br') {
      endLine();
      // `<br><br>`: the second break ends an empty line — a paragraph break.
      if (emptyLineBreaks > 0) endBlock();
      continue;
    }
    // An element without text adds nothing, unless a line break sits inside it
    // (`<b>E-Commerce Apps</b><b><br></b>Facilitate…`, a break an editor made bold).
    if ((tree.stats[id]?.textLength ?? 0) === 0 && !holdsBreak(tree, id)) continue;
    const block = tree.isBlock[id] ?? false;
    if (block) {
      endBlock();
      stack.push({ close: true });
    } else if (!pre && before >= 0 && line.length > 0 && !/\s$/u.test(line) && spacedApart(tree, before, id)) {
      // Two inline boxes the page sets apart (tabs, tags, a brand and a product name): a reader
      // sees two words, not one.
      line += ' ';
    }
    const childPre = pre || node.preservesWhitespace;
    for (let i = node.children.length - 1; i >= 0; i--) stack.push({ enter: node.children[i]!, pre: childPre, before: i > 0 ? node.children[i - 1]! : -1 });
  }
  endBlock();
  return blocks;
}

/**
 * The gap between two inline boxes on one line that reads as a word space: at least this share
 * of the font size (a space is about a quarter of an em in most faces), and at least
 * INLINE_GAP_MIN_PX. Padding inside a word (a highlighted syllable) is narrower.
 */
const INLINE_GAP_EM = 0.25;
const INLINE_GAP_MIN_PX = 3;

/**
 * Whether the element `id` sits on the line of the inline element `before` (its sibling just
 * before it), with a visible gap between them.
 */
function spacedApart(tree: LayoutTree, before: number, id: number): boolean {
  const a = elementAt(tree, before);
  const b = elementAt(tree, id);
  if (!a || !b || tree.isBlock[before] || tree.hidden[before] || a.tag === 'br' || (tree.stats[before]?.textLength ?? 0) === 0) return false;
  const A = a.box;
  const B = b.box;
  if (A.width <= 0 || A.height <= 0 || B.width <= 0 || B.height <= 0) return false;
  // One line: the boxes overlap vertically by half the smaller one's height.
  const overlap = Math.min(A.y + A.height, B.y + B.height) - Math.max(A.y, B.y);
  if (overlap < 0.5 * Math.min(A.height, B.height)) return false;
  // Either way along the line: right-to-left scripts set the second box to the left.
  const gap = Math.max(B.x - (A.x + A.width), A.x - (B.x + B.width));
  return gap >= Math.max(INLINE_GAP_MIN_PX, INLINE_GAP_EM * b.fontSizePx);
}

/**
 * A line said twice over with nothing between ("Make mealtime amazingMake mealtime amazing",
 * "EUR 60.24EUR 60.24", "NEWNEW") is two copies of one label — a card's visible text and its
 * overlay link's, a price and its hidden twin — set side by side because the style sheet that
 * showed one of them is missing: a reader sees it once. Said twice with a space between, only a
 * long one (UNDOUBLE_MIN_WORDS words or more: a carousel's slide and its clone); a short one may
 * be the page's own ("Knee High Knee High" in a shop's filter, as WCXB's truth keeps it).
 * Whole lines only, never inside prose ("location, location").
 */
const UNDOUBLE_MIN_WORDS = 6;

function undoubled(text: string): string {
  const n = text.length;
  if (n < 6) return text;
  const half = n >> 1;
  // Most lines differ at once: their first character is not the one half-way (no copies made).
  if (text.charCodeAt(0) !== text.charCodeAt(n % 2 === 0 ? half : half + 1)) return text;
  if (n % 2 === 0) {
    const first = text.slice(0, half);
    return /\p{L}/u.test(first) && first === text.slice(half) ? first : text;
  }
  if (text[half] !== ' ') return text;
  const first = text.slice(0, half);
  return first === text.slice(half + 1) && first.split(' ').length >= UNDOUBLE_MIN_WORDS ? first : text;
}

/** How many nodes of a textless subtree are searched for a `<br>` (icons, empty wrappers: a few). */
const BREAK_SEARCH_NODES = 32;

/** Whether a `<br>` lies in the subtree of `id`, among its first BREAK_SEARCH_NODES nodes. */
function holdsBreak(tree: LayoutTree, id: number): boolean {
  const pending = [id];
  for (let seen = 0; pending.length > 0 && seen < BREAK_SEARCH_NODES; seen++) {
    const node = tree.nodes[pending.pop()!];
    if (node?.kind !== 'element') continue;
    if (node.tag === 'br') return true;
    // At most the budget's worth of children: a textless element may have thousands.
    for (let i = 0; i < node.children.length && pending.length < BREAK_SEARCH_NODES; i++) pending.push(node.children[i]!);
  }
  return false;
}

/** A unit's text: its blocks joined by single newlines. */
export function renderPlainText(tree: LayoutTree, ids: readonly number[]): string {
  return textBlocks(tree, ids).join('\n');
}
