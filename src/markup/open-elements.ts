/**
 * An approximate stack of open elements over the tokens of saved HTML (issue 14), with the
 * implied end tags that matter for depth (a new `<li>` closes the open one, a block closes an
 * open `<p>`, a cell closes the open cell, …). The tokens come from the one tokenizer
 * (tokenize.ts); this is the part of tree construction the markup step needs, not all of it.
 *
 * The rewrites built on it (depth flattening, cuts for the time budget) only act on pages far
 * outside what real news pages look like, and they only drop or insert tags (or shorten a
 * text), so an approximate model changes the shape of a hostile page, never its other words.
 * Pure.
 */

/** Elements that never have content or an end tag. */
export const VOID_TAGS: ReadonlySet<string> = new Set([
  'area', 'base', 'basefont', 'bgsound', 'br', 'col', 'embed', 'frame', 'hr', 'img', 'input', 'keygen', 'link', 'meta', 'param', 'source', 'track', 'wbr',
]);

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
 * (the markup pass keeps its element id and whether its tags were dropped).
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

export function isRootTag(name: string): boolean {
  return ROOT_TAGS.has(name);
}
