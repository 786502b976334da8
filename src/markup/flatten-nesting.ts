/**
 * Saved pages rendered with JavaScript off are reshaped in Node before Chromium sees them, where
 * Chromium's own cost would explode (issue 14):
 *
 * - depth: elements nested deeper than `wrapperDepth` lose their wrapper tags (`<div>`,
 *   `<span>`, `<section>`, custom elements, …: tags that only group), and past `maxDepth` every
 *   tag but void and raw-text ones is dropped. Text and the remaining tags stay, in order.
 *   Chromium's style and layout cost grows much faster than linearly with depth: 32,000 nested
 *   `<div>`s around an article took ~7.8 s of CPU to render and snapshot, with the wrappers past
 *   256 levels dropped ~0.1 s (npm run bench:scale -- --shapes deep).
 * - inline runs: in a run of inline tags with no whitespace between them (`<span>x</span><span>
 *   x</span>…`, a line that cannot break), a `<wbr>` is put before every
 *   `inlineRunBreakEvery`th tag. Line breaking of one unbreakable line costs Chromium more than
 *   linearly in its length; with a break opportunity every 1,000 tags it stays linear.
 *
 * A page with nothing to reshape comes back as the same bytes (no real news page of the AEB or
 * WCXB sets nests 256 levels deep). Every change is recorded as a `PageCut`, so `--explain`
 * and the record's `cuts` say what was done. Pure.
 */
import type { PageCut } from '../types.js';
import { isRootTag, OpenElements, rewritableMarkup, scanMarkup, VOID_TAGS } from './markup-scan.js';

export interface MarkupLimits {
  /** Wrapper tags (`WRAPPER_TAGS`) deeper than this are dropped. */
  wrapperDepth: number;
  /** Every tag deeper than this is dropped (except void and raw-text elements): the depth Chromium sees is bounded. */
  maxDepth: number;
  /** In a whitespace-free run of inline tags, a `<wbr>` goes before every this-many-th one. */
  inlineRunBreakEvery: number;
}

export const DEFAULT_MARKUP_LIMITS: Readonly<MarkupLimits> = Object.freeze({
  // Real pages nest 20–60 levels; the deepest AEB page ~40. 256 is far past them and still cheap
  // for Chromium (the deep shape of bench:scale at 256 levels costs what a flat page does).
  wrapperDepth: 256,
  maxDepth: 512,
  // No AEB or WCXB page has a whitespace-free run of even 1,000 inline tags.
  inlineRunBreakEvery: 1_000,
});

/**
 * Tags that only group their content: dropping them keeps every word and every tag that means
 * something (paragraphs, headings, links, lists, tables, images). Custom elements (a '-' in the
 * name) count as wrappers too.
 */
export const WRAPPER_TAGS: ReadonlySet<string> = new Set([
  'div', 'span', 'section', 'article', 'main', 'aside', 'header', 'footer', 'nav', 'font', 'center', 'b', 'i', 'u', 's', 'em', 'strong',
  'small', 'big', 'ins', 'del', 'mark', 'label', 'hgroup', 'address', 'blockquote', 'figure', 'details', 'dialog', 'form', 'fieldset',
  'tt', 'nobr', 'strike', 'abbr', 'cite', 'q', 'sub', 'sup', 'kbd', 'samp', 'var', 'bdi', 'bdo', 'time', 'data', 'dfn',
]);

/** Dropped block wrappers leave a line break, so the words on either side do not run together. */
const INLINE_WRAPPERS: ReadonlySet<string> = new Set([
  'span', 'font', 'b', 'i', 'u', 's', 'em', 'strong', 'small', 'big', 'ins', 'del', 'mark', 'label', 'tt', 'nobr', 'strike', 'abbr', 'cite',
  'q', 'sub', 'sup', 'kbd', 'samp', 'var', 'bdi', 'bdo', 'time', 'data', 'dfn', 'a',
]);

/** Tags that continue a line: a run of them with no whitespace between is one unbreakable line. */
const INLINE_RUN_TAGS: ReadonlySet<string> = new Set([
  'a', 'abbr', 'b', 'bdi', 'bdo', 'cite', 'code', 'data', 'dfn', 'em', 'font', 'i', 'img', 'kbd', 'mark', 'q', 's', 'samp', 'small', 'span',
  'strong', 'sub', 'sup', 'time', 'tt', 'u', 'var', 'big', 'strike', 'nobr', 'label', 'ins', 'del',
]);
const WHITESPACE = /[\t\n\f\r ]/u;

/** Raw-text elements keep their tags at any depth (their content would otherwise become visible text). */
const KEEP_AT_ANY_DEPTH: ReadonlySet<string> = new Set(['script', 'style', 'xmp', 'iframe', 'noembed', 'noframes', 'textarea', 'title', 'plaintext', 'template']);

/** `<html>` and `<body>` are always there, above every element of the page. */
const ROOT_DEPTH = 2;

export interface ReshapedMarkup {
  /** The markup to render: `bytes` itself when nothing was changed. */
  bytes: Buffer;
  /** What was changed, one record per tag name; empty when nothing was. */
  cuts: PageCut[];
}

interface Edit {
  start: number;
  end: number;
  text: string;
}

/**
 * Reshapes saved markup past the limits (see the module comment); returns the same `bytes` when
 * nothing is past them. Only ASCII-compatible encodings are rewritten (`rewritableMarkup`).
 */
export function flattenNesting(bytes: Buffer, limits: MarkupLimits = DEFAULT_MARKUP_LIMITS): ReshapedMarkup {
  const unchanged = { bytes, cuts: [] };
  // A page with fewer tags than either limit cannot be past it.
  const fewest = Math.min(limits.wrapperDepth, limits.inlineRunBreakEvery);
  if (countOf(bytes, 0x3c, fewest) < fewest) return unchanged;
  const html = rewritableMarkup(bytes);
  if (html === null) return unchanged;

  const edits: Edit[] = [];
  const dropped = new Map<string, number>();
  let keptDepth = ROOT_DEPTH;
  /** Inline tags since the last whitespace or block tag, and the breaks put in. */
  let run = 0;
  let breaks = 0;
  const open = new OpenElements<boolean>((element) => {
    if (!element.data) keptDepth--;
  });
  scanMarkup(html, (token) => {
    if (token.kind === 'text') {
      if (run > 0 && WHITESPACE.test(html.slice(token.start, token.end))) run = 0;
    } else if (token.kind === 'start' || token.kind === 'end') {
      if (!INLINE_RUN_TAGS.has(token.name)) run = 0;
      else if (token.kind === 'start' && !open.foreign && ++run >= limits.inlineRunBreakEvery) {
        edits.push({ start: token.start, end: token.start, text: '<wbr>' });
        breaks++;
        run = 0;
      }
    }
    if (token.kind === 'start') {
      if (isRootTag(token.name)) return;
      open.impliedEnds(token.name, token.start);
      const selfClosed = VOID_TAGS.has(token.name) || (token.selfClosing && open.foreign);
      if (selfClosed) return;
      const depth = keptDepth + 1;
      const wrapper = WRAPPER_TAGS.has(token.name) || token.name.includes('-');
      const drop = !KEEP_AT_ANY_DEPTH.has(token.name) && ((wrapper && depth > limits.wrapperDepth) || depth > limits.maxDepth);
      if (drop) {
        edits.push({ start: token.start, end: token.end, text: INLINE_WRAPPERS.has(token.name) ? '' : '\n' });
        dropped.set(token.name, (dropped.get(token.name) ?? 0) + 1);
      } else keptDepth++;
      open.push(token.name, token.start, drop);
    } else if (token.kind === 'end') {
      if (isRootTag(token.name)) return;
      const element = open.end(token.name, token.start);
      if (element?.data) edits.push({ start: token.start, end: token.end, text: INLINE_WRAPPERS.has(token.name) ? '' : '\n' });
    }
  });
  if (edits.length === 0) return unchanged;
  const cuts = depthCuts(dropped);
  if (breaks > 0) cuts.push({ kind: 'inline-run', nodeId: -1, tag: 'wbr', count: breaks, nodes: 0, chars: 0 });
  return { bytes: applyEdits(html, edits), cuts };
}

/** One 'depth' record per dropped tag name, most dropped first. */
function depthCuts(dropped: ReadonlyMap<string, number>): PageCut[] {
  return [...dropped]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .map(([tag, count]) => ({ kind: 'depth', nodeId: -1, tag, count, nodes: count, chars: 0 }));
}

/** The markup with `edits` (in document order, not overlapping) applied, back as bytes. */
export function applyEdits(html: string, edits: readonly Edit[]): Buffer {
  const parts: string[] = [];
  let at = 0;
  for (const edit of edits) {
    parts.push(html.slice(at, edit.start), edit.text);
    at = edit.end;
  }
  parts.push(html.slice(at));
  return Buffer.from(parts.join(''), 'latin1');
}

/** How many times `byte` occurs in `bytes`, counting no further than `enough`. */
function countOf(bytes: Buffer, byte: number, enough: number): number {
  let count = 0;
  for (let i = bytes.indexOf(byte); i >= 0 && count < enough; i = bytes.indexOf(byte, i + 1)) count++;
  return count;
}
