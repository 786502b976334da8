/**
 * Markup preparation: everything Node does to a saved page's bytes before Chromium sees them,
 * as one pure step with plain data out (issue 21). The render session calls `prepareMarkup`
 * and only loads what it returns, so this step can be tested and fuzzed without a browser and
 * run wherever the session chooses (on the main thread today).
 *
 * One linear pass of a spec-following tokenizer (parse5's: tokenize.ts, markup-pass.ts) reads
 * the page once and gathers all of it; then, in order:
 * 1. markup with far more elements than the render may hold is refused (`render-dom-too-large`);
 * 2. with JavaScript off, what one render within the time budget cannot afford is cut
 *    (budget-cuts.ts: long lists and tables, huge texts and style sheets), and nesting is
 *    reshaped where Chromium's cost would explode (markup-pass.ts);
 * 3. where the page can be written into a reused document (in-place.ts), `<base>` goes after
 *    the leading doctype, and the text of scripts that cannot run and the subresource requests
 *    that could only be refused are taken out (inert.ts).
 */
import { isUtf8 } from 'node:buffer';
import { RenderError } from '../errors.js';
import type { PageCut } from '../types.js';
import { budgetCuts, budgetLimits, needsTree, type BudgetLimits } from './budget-cuts.js';
import { applyEdits, type Edit } from './edits.js';
import { baseElement, decodeWritten, writableUrl, type InPlaceDocument } from './in-place.js';
import { DEFAULT_MARKUP_LIMITS, markupPass, type MarkupFacts } from './markup-pass.js';
import { isUtf16 } from './tokenize.js';

export interface MarkupPreparation {
  /** The page's URL (the in-place document's `<base>`). */
  url: string;
  /** Markup with more start tags than this is refused before rendering. */
  maxElements: number;
  /** Whether scripts will run: with them on, the markup is left as it is (bar the size check). */
  javaScript: boolean;
  /**
   * Whether the page may be written into a reused document (a saved page without replayed
   * subresources, in a session that writes in place); false: it is navigated to.
   */
  inPlace: boolean;
  /**
   * The page's time budget in ms (`--time-budget`); 0 or absent: none. With one, what a single
   * render could not finish within it is cut first (budget-cuts.ts).
   */
  timeBudgetMs?: number;
  /** The budget's limits at the default budget (tests set small ones); default `DEFAULT_BUDGET_LIMITS`. */
  budgetLimits?: BudgetLimits;
}

/** A saved page ready to load. */
export interface PreparedMarkup {
  /** The bytes to navigate to: the input, or its reshaped form when something was cut. */
  bytes: Buffer;
  /** What was cut from the markup (kinds 'time', 'depth' and 'inline-run'); empty for most pages. */
  cuts: PageCut[];
  /** The text to write into a reused document, or null when only a navigation will do. */
  inPlace: (InPlaceDocument & { requestsRemoved: number }) | null;
  /** What the markup pass counted. */
  facts: MarkupFacts;
  /**
   * The page declares state of its document in a `<meta>` (a Content Security Policy, a colour
   * scheme: markup-pass.ts), which stays with the document it is loaded into: the next page must
   * not be written into that document.
   */
  leavesDocumentState: boolean;
}

const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** The markup as the pass reads it: a latin1 view of the bytes, or decoded UTF-16. */
function markupText(bytes: Buffer): { html: string; rewritable: boolean } {
  if (isUtf16(bytes)) {
    const bigEndian = bytes[0] === 0xfe && bytes[1] === 0xff;
    return { html: new TextDecoder(bigEndian ? 'utf-16be' : 'utf-16le').decode(bytes), rewritable: false };
  }
  // ISO-2022-JP's escapes hold '<' among their bytes: counted, never rewritten.
  return { html: bytes.toString('latin1'), rewritable: !bytes.includes(0x1b) };
}

/** Prepares a saved page's markup for loading (see the module comment). */
export function prepareMarkup(bytes: Buffer, options: MarkupPreparation): PreparedMarkup {
  const { html, rewritable } = markupText(bytes);
  const rewrite = rewritable && !options.javaScript;
  const page = rewrite && options.inPlace ? writableUrl(options.url) : null;
  const inPlace = page !== null && isUtf8(bytes);
  const budget = rewrite && (options.timeBudgetMs ?? 0) > 0;
  // A UTF-8 BOM is not content before the doctype: the pass reads it as spaces (same offsets).
  const bom = rewritable && bytes.subarray(0, 3).equals(UTF8_BOM);
  const read = bom ? `   ${html.slice(3)}` : html;
  let pass = markupPass(read, { inPlace, reshape: rewrite, tree: false, limits: DEFAULT_MARKUP_LIMITS });
  const { facts } = pass;
  if (facts.startTags > options.maxElements) {
    // A DOM of a million nodes took ~25 s to load.
    throw new RenderError('render-dom-too-large', `The page has ${facts.startTags} elements (start tags in its markup), more than the limit of ${options.maxElements}`, false);
  }
  const { leavesDocumentState } = pass;
  if (!rewrite) return { bytes, cuts: [], inPlace: null, facts, leavesDocumentState };

  const limits = budget ? budgetLimits(options.timeBudgetMs!, options.budgetLimits) : null;
  // The element tree costs about a fifth of the pass: built, in a second pass, only for a page
  // with more elements than the budget's limit (none of the AEB and WCXB-dev pages).
  if (limits && needsTree(facts, limits)) pass = markupPass(read, { inPlace, reshape: rewrite, tree: true, limits: DEFAULT_MARKUP_LIMITS });
  const cut = limits ? budgetCuts(html, pass.facts, pass.long, pass.tree, limits) : { edits: [], cuts: [] };
  // Cuts for the budget first: an edit inside a range they remove is not made.
  const shape: Edit[] = [...cut.edits, ...pass.shape];
  const cuts = [...cut.cuts, ...pass.shapeCuts];
  const prepared = shape.length > 0 ? Buffer.from(applyEdits(html, shape).html, 'latin1') : bytes;
  if (!inPlace || pass.lateDoctype) return { bytes: prepared, cuts, inPlace: null, facts, leavesDocumentState };

  // After the leading doctype, or first (after a BOM, which decoding drops).
  const at = pass.doctypeEnd >= 0 ? pass.doctypeEnd : bom ? UTF8_BOM.length : 0;
  const base: Edit = { start: at, end: at, text: baseElement(page, pass.baseHref) };
  const written = applyEdits(html, [...shape, base, ...pass.inert]);
  const text = decodeWritten(written.html);
  if (text === null) return { bytes: prepared, cuts, inPlace: null, facts, leavesDocumentState };
  return { bytes: prepared, cuts, inPlace: { html: text, url: page.href, protocol: page.protocol, requestsRemoved: written.requests }, facts, leavesDocumentState };
}
