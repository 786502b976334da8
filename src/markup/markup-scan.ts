/**
 * A small, forgiving scan of saved HTML in Node (issue 14): the tokens a browser would see
 * (start tags, end tags, text; comments, doctypes and raw text skipped whole) and an
 * approximate stack of open elements, with the implied end tags that matter for depth (a new
 * `<li>` closes the open one, a block closes an open `<p>`, a cell closes the open cell, …).
 *
 * It is not a full HTML parser and does not try to be: the rewrites built on it
 * (flatten-nesting.ts, reduce-document.ts) only act on pages far outside what real news pages
 * look like, and they only drop or insert tags, never text, so an approximate model changes the
 * shape of a hostile page, never its words. Pure; works on the markup as a latin1 string so
 * that any ASCII-compatible encoding comes back byte for byte.
 */

/** Elements that never have content or an end tag. */
export const VOID_TAGS: ReadonlySet<string> = new Set([
  'area', 'base', 'basefont', 'bgsound', 'br', 'col', 'embed', 'frame', 'hr', 'img', 'input', 'keygen', 'link', 'meta', 'param', 'source', 'track', 'wbr',
]);

/** Elements whose content is text up to their own end tag (no tags inside). `plaintext` runs to the end. */
const RAW_TEXT_TAGS: ReadonlySet<string> = new Set(['script', 'style', 'xmp', 'iframe', 'noembed', 'noframes', 'textarea', 'title', 'plaintext']);

/** Tags the parser folds into the document's own html/head/body: they never add depth. */
const ROOT_TAGS: ReadonlySet<string> = new Set(['html', 'head', 'body']);

/** Starts of these close an open `<p>` (the HTML parser's "close a p element"). */
const CLOSES_P: ReadonlySet<string> = new Set([
  'address', 'article', 'aside', 'blockquote', 'center', 'details', 'dialog', 'dir', 'div', 'dl', 'fieldset', 'figcaption', 'figure', 'footer', 'form',
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hgroup', 'hr', 'main', 'menu', 'nav', 'ol', 'p', 'pre', 'section', 'table', 'ul', 'li', 'dd', 'dt', 'summary', 'search',
]);

/**
 * Implied end tags: a start tag of the key closes the nearest open element named in `closes`,
 * unless one of `stopAt` comes first (a nested list keeps its parent's open `<li>`).
 */
const IMPLIED_ENDS: ReadonlyMap<string, { closes: ReadonlySet<string>; stopAt: ReadonlySet<string> }> = (() => {
  const table = new Set(['table', 'template', 'html']);
  const lists = new Set(['ul', 'ol', 'menu', 'table', 'template']);
  const m = new Map<string, { closes: ReadonlySet<string>; stopAt: ReadonlySet<string> }>();
  m.set('li', { closes: new Set(['li']), stopAt: lists });
  for (const t of ['dt', 'dd']) m.set(t, { closes: new Set(['dt', 'dd']), stopAt: new Set(['dl', 'table', 'template']) });
  for (const t of ['td', 'th']) m.set(t, { closes: new Set(['td', 'th']), stopAt: new Set(['tr', ...table]) });
  m.set('tr', { closes: new Set(['tr']), stopAt: new Set(['tbody', 'thead', 'tfoot', ...table]) });
  for (const t of ['tbody', 'thead', 'tfoot']) m.set(t, { closes: new Set(['tbody', 'thead', 'tfoot']), stopAt: table });
  m.set('option', { closes: new Set(['option']), stopAt: new Set(['select', 'datalist', ...table]) });
  m.set('optgroup', { closes: new Set(['option', 'optgroup']), stopAt: new Set(['select', ...table]) });
  for (const t of ['h1', 'h2', 'h3', 'h4', 'h5', 'h6']) m.set(t, { closes: new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']), stopAt: new Set(['*']) });
  m.set('a', { closes: new Set(['a']), stopAt: table });
  for (const t of ['rt', 'rp']) m.set(t, { closes: new Set(['rt', 'rp']), stopAt: new Set(['ruby', ...table]) });
  return m;
})();
/** Where an open `<p>` stops being closable (its "button scope"). */
const P_SCOPE: ReadonlySet<string> = new Set(['table', 'td', 'th', 'caption', 'marquee', 'object', 'applet', 'html', 'template', 'button', 'svg', 'math']);
/**
 * How far down the stack an implied end is looked for. Real implied ends close something a few
 * levels up; a bound keeps a hostile page (a `<p>` under 30,000 open elements) linear.
 */
const IMPLIED_END_SEARCH_DEPTH = 64;

export interface OpenElement<T> {
  name: string;
  /** Start of its start tag in the markup. */
  start: number;
  /** Inside `<svg>` or `<math>`, where `/>` closes an element. */
  foreign: boolean;
  data: T;
}

/**
 * The open elements, as the parser would roughly have them. `data` is the caller's per element
 * (flatten-nesting keeps whether the tag was dropped, reduce-document its node index).
 */
export class OpenElements<T> {
  readonly stack: Array<OpenElement<T>> = [];
  private readonly openCount = new Map<string, number>();

  constructor(private readonly onClose: (element: OpenElement<T>, closedAt: number) => void) {}

  get depth(): number {
    return this.stack.length;
  }

  get foreign(): boolean {
    return this.stack.at(-1)?.foreign ?? false;
  }

  isOpen(name: string): boolean {
    return (this.openCount.get(name) ?? 0) > 0;
  }

  /** Closes what a start tag of `name` at `at` implicitly ends. */
  impliedEnds(name: string, at: number): void {
    if (this.foreign) return;
    if (CLOSES_P.has(name) && this.isOpen('p')) this.closeNearest(new Set(['p']), P_SCOPE, at);
    const rule = IMPLIED_ENDS.get(name);
    if (rule && [...rule.closes].some((n) => this.isOpen(n))) {
      if (rule.stopAt.has('*')) {
        // Headings close only a heading that is the current element.
        const top = this.stack.at(-1);
        if (top && rule.closes.has(top.name)) this.popTo(this.stack.length - 1, at);
      } else this.closeNearest(rule.closes, rule.stopAt, at);
    }
  }

  push(name: string, start: number, data: T): void {
    const foreign = this.foreign || name === 'svg' || name === 'math';
    this.stack.push({ name, start, foreign, data });
    this.openCount.set(name, (this.openCount.get(name) ?? 0) + 1);
  }

  /** An end tag: closes the nearest open element of that name and everything above it; returns it, or null (a stray end tag, ignored). */
  end(name: string, at: number): OpenElement<T> | null {
    if (!this.isOpen(name)) return null;
    for (let k = this.stack.length - 1; k >= 0; k--) {
      if (this.stack[k]!.name === name) {
        const element = this.stack[k]!;
        this.popTo(k + 1, at);
        this.pop(at);
        return element;
      }
    }
    return null;
  }

  /** Closes everything still open (end of the document at `at`). */
  closeAll(at: number): void {
    this.popTo(0, at);
  }

  private closeNearest(names: ReadonlySet<string>, stopAt: ReadonlySet<string>, at: number): void {
    const floor = Math.max(0, this.stack.length - IMPLIED_END_SEARCH_DEPTH);
    for (let k = this.stack.length - 1; k >= floor; k--) {
      const name = this.stack[k]!.name;
      if (names.has(name)) {
        this.popTo(k, at);
        return;
      }
      if (stopAt.has(name)) return;
    }
  }

  /** Pops until `length` elements are left. */
  private popTo(length: number, at: number): void {
    while (this.stack.length > length) this.pop(at);
  }

  private pop(at: number): void {
    const element = this.stack.pop()!;
    this.openCount.set(element.name, this.openCount.get(element.name)! - 1);
    this.onClose(element, at);
  }
}

export type MarkupToken =
  | { kind: 'text'; start: number; end: number }
  | { kind: 'start'; name: string; start: number; end: number; selfClosing: boolean }
  | { kind: 'end'; name: string; start: number; end: number }
  /** Comments, doctypes, processing instructions and raw text: passed over as they are. */
  | { kind: 'other'; start: number; end: number };

const isLetter = (c: number): boolean => (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
const isSpace = (c: number): boolean => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0c || c === 0x0d;

/**
 * Calls `visit` for every token of `html`, in order; the tokens cover the markup without gaps.
 * Raw-text elements (script, style, textarea, title, …) come as their start tag, one 'other'
 * token for their content, and their end tag.
 */
export function scanMarkup(html: string, visit: (token: MarkupToken) => void): void {
  const n = html.length;
  let i = 0;
  let textStart = 0;
  const flushText = (to: number): void => {
    if (to > textStart) visit({ kind: 'text', start: textStart, end: to });
  };
  while (i < n) {
    const lt = html.indexOf('<', i);
    if (lt < 0 || lt + 1 >= n) break;
    const c = html.charCodeAt(lt + 1);
    if (c === 0x21 /* ! */) {
      const isComment = html.startsWith('<!--', lt);
      const close = isComment ? html.indexOf('-->', lt + 4) : html.indexOf('>', lt + 2);
      const end = close < 0 ? n : close + (isComment ? 3 : 1);
      flushText(lt);
      visit({ kind: 'other', start: lt, end });
      i = textStart = end;
      continue;
    }
    if (c === 0x3f /* ? */) {
      const close = html.indexOf('>', lt + 2);
      const end = close < 0 ? n : close + 1;
      flushText(lt);
      visit({ kind: 'other', start: lt, end });
      i = textStart = end;
      continue;
    }
    const closing = c === 0x2f; /* / */
    const nameStart = closing ? lt + 2 : lt + 1;
    if (nameStart >= n || !isLetter(html.charCodeAt(nameStart))) {
      i = lt + 1; // a '<' that starts no tag is text
      continue;
    }
    let nameEnd = nameStart;
    while (nameEnd < n) {
      const k = html.charCodeAt(nameEnd);
      if (isSpace(k) || k === 0x2f || k === 0x3e) break;
      nameEnd++;
    }
    const name = html.slice(nameStart, nameEnd).toLowerCase();
    const { end, selfClosing } = tagEnd(html, nameEnd);
    flushText(lt);
    if (closing) {
      visit({ kind: 'end', name, start: lt, end });
      i = textStart = end;
      continue;
    }
    visit({ kind: 'start', name, start: lt, end, selfClosing });
    i = textStart = end;
    if (RAW_TEXT_TAGS.has(name) && end < n) {
      const close = name === 'plaintext' ? -1 : rawTextEnd(html, name, end);
      const contentEnd = close < 0 ? n : close;
      if (contentEnd > end) visit({ kind: 'other', start: end, end: contentEnd });
      i = textStart = contentEnd;
    }
  }
  textStart = Math.min(textStart, n);
  if (n > textStart) visit({ kind: 'text', start: textStart, end: n });
}

/** Where a tag whose name ends at `from` ends (after its '>'), reading attributes as the tokenizer does: quotes only after '='. */
function tagEnd(html: string, from: number): { end: number; selfClosing: boolean } {
  const n = html.length;
  let i = from;
  let afterEquals = false;
  while (i < n) {
    const c = html.charCodeAt(i);
    if (c === 0x3e /* > */) return { end: i + 1, selfClosing: html.charCodeAt(i - 1) === 0x2f };
    if (afterEquals && (c === 0x22 || c === 0x27)) {
      const close = html.indexOf(c === 0x22 ? '"' : "'", i + 1);
      if (close < 0) return { end: n, selfClosing: false };
      i = close + 1;
      afterEquals = false;
      continue;
    }
    if (c === 0x3d /* = */) afterEquals = true;
    else if (!isSpace(c)) afterEquals = false;
    i++;
  }
  return { end: n, selfClosing: false };
}

const rawTextClosers = new Map<string, RegExp>();
/** The start of `</name` (followed by a space, '/' or '>') at or after `from`; -1 when there is none. */
function rawTextEnd(html: string, name: string, from: number): number {
  let re = rawTextClosers.get(name);
  if (!re) {
    re = new RegExp(`</${name}[\\s/>]`, 'giu');
    rawTextClosers.set(name, re);
  }
  re.lastIndex = from;
  const m = re.exec(html);
  return m ? m.index : -1;
}

export function isRootTag(name: string): boolean {
  return ROOT_TAGS.has(name);
}

/**
 * Markup a saved page can be rewritten in: bytes read as latin1 come back unchanged for every
 * ASCII-compatible encoding, so tags can be dropped or inserted without decoding the page.
 * UTF-16 (a BOM or NULs in the first bytes) and ISO-2022-JP (ESC sequences, whose bytes include
 * '<') are left alone.
 */
export function rewritableMarkup(bytes: Buffer): string | null {
  if (bytes.length >= 2 && ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))) return null;
  if (bytes.subarray(0, 512).includes(0)) return null;
  if (bytes.includes(0x1b)) return null;
  return bytes.toString('latin1');
}
