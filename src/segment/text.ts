/**
 * Text measures shared by segmentation, scoring and extraction: whitespace handling,
 * language-aware sentence-ending punctuation, and which CSS displays start a new block.
 */

/**
 * Sentence-ending marks (docs/methods.md §4 "sp"). Latin/Cyrillic `.!?` count only when followed by a
 * space, a closing quote/bracket or the end, so that `3.5`, `www.example.com` and `e.g` inside a
 * word do not count; CJK full-width marks, the ellipsis, the Arabic question mark and Urdu full
 * stop, the Devanagari danda, Khmer's, Burmese's, Armenian's and Ethiopic's full stops count
 * anywhere. Thai and Lao have no full stop: a space between two of their letters ends a sentence
 * or a clause (their words run together), so it counts as a mark. Without it a Thai article had
 * no sentence and was typed `other` (92 %).
 */
const SENTENCE_END = /[.!?](?=[\s"'”’»)\]]|$)|[。！？…؟۔।។။։።]|[\u0e01-\u0e4e\u0e81-\u0ecd](?=[ \u00a0]+[\u0e01-\u0e4e\u0e81-\u0ecd])/gu;

export function countSentenceEnds(text: string): number {
  let count = 0;
  SENTENCE_END.lastIndex = 0;
  while (SENTENCE_END.exec(text) !== null) count++;
  return count;
}

/** Collapses runs of white space to one space (the way a browser lays out normal text). */
export function collapseWhitespace(text: string): string {
  return text.replace(/\s+/gu, ' ');
}

/**
 * Length of text as a reader sees it: white space collapsed, ends trimmed — counted in one pass,
 * without building the collapsed string (`collapseWhitespace(text).trim().length`, which a
 * property test compares it with; segmenting asks it of every text node).
 */
export function visibleLength(text: string): number {
  let length = 0;
  let started = false;
  let space = false;
  for (let i = 0; i < text.length; i++) {
    if (isWhiteSpace(text.charCodeAt(i))) {
      space = started;
      continue;
    }
    if (space) length += 1;
    length += 1;
    space = false;
    started = true;
  }
  return length;
}

/**
 * Characters that print nothing and are no white space: the soft hyphen, the Mongolian vowel
 * separator, zero-width space, non-joiner and joiner, the direction marks, word joiner and
 * invisible operators. Inside a word they do their work (a joiner shapes Persian and Devanagari);
 * a line of them alone is no line.
 */
function printsNothingChar(code: number): boolean {
  return code === 0xad || code === 0x180e || (code >= 0x200b && code <= 0x200f) || (code >= 0x2060 && code <= 0x2064);
}

/**
 * True when a text shows a reader nothing: only white space and characters that print nothing.
 * Site builders space their sections with `<p>&zwj;</p>` (Webflow: 96 such paragraphs on one
 * WCXB-dev page), which are no paragraphs of the article's text, HTML or Markdown.
 */
export function printsNothing(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (!isWhiteSpace(code) && !printsNothingChar(code)) return false;
  }
  return true;
}

/**
 * What JavaScript's `\s` and `trim` take for white space: tab, line feed, vertical tab, form
 * feed, carriage return, the space separators (Unicode's Zs), the line and paragraph separators
 * and the byte-order mark.
 */
function isWhiteSpace(code: number): boolean {
  if (code <= 32) return code === 32 || (code >= 9 && code <= 13);
  if (code < 0xa0) return false;
  return code === 0xa0 || code === 0x1680 || (code >= 0x2000 && code <= 0x200a) || code === 0x2028 || code === 0x2029 || code === 0x202f || code === 0x205f || code === 0x3000 || code === 0xfeff;
}

/**
 * CSS `display` values that start a new line of text; everything else (inline, inline-block,
 * contents …) flows with its neighbours. Used to put paragraph breaks into extracted text and
 * to tell "inline content" (one typographic block) from block children.
 */
const BLOCK_DISPLAYS = new Set([
  'block',
  'flex',
  'grid',
  'list-item',
  'table',
  'table-row',
  'table-row-group',
  'table-header-group',
  'table-footer-group',
  'table-cell',
  'table-caption',
  'flow-root',
]);

export function isBlockDisplay(display: string): boolean {
  // Computed display may be two-keyword ("block flow", "inline flow-root").
  const outer = display.split(' ')[0] ?? display;
  return BLOCK_DISPLAYS.has(outer) || display === 'block flow';
}

/** Scripts (writing systems) whose text has no spaces between words. */
const CJK = /[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff\uac00-\ud7af]/u;

export function hasCjk(text: string): boolean {
  return CJK.test(text);
}
