/**
 * The markup pass: one walk over the tokens of a saved page (tokenize.ts) that gathers
 * everything the markup step decides on, and the edits it makes, in linear time:
 *
 * - the leading doctype (where the inserted `<base>` goes) and the page's own first `<base href>`;
 * - inert scripts and subresources (inert.ts), for a page written in place;
 * - nesting (issue 14): with JavaScript off, wrapper tags nested deeper than `wrapperDepth`
 *   are dropped, and past `maxDepth` every tag but void and raw-text ones. Chromium's style and
 *   layout cost grows much faster than linearly with depth: 32,000 nested `<div>`s around an
 *   article took ~7.8 s of CPU to render and snapshot, with the wrappers past 256 levels dropped
 *   ~0.1 s (npm run bench:scale -- --shapes deep);
 * - inline runs: in a run of inline tags with no whitespace between them (one line that cannot
 *   break), a `<wbr>` before every `inlineRunBreakEvery`th tag; line breaking of one unbreakable
 *   line costs Chromium more than linearly in its length;
 * - the counts and the element tree the time budget's cuts are decided from (budget-cuts.ts).
 *
 * Offsets are of the markup as given (a latin1 view of the bytes: see `rewritableMarkup`).
 * Pure.
 */
import type { PageCut } from '../types.js';
import type { Edit } from './edits.js';
import { inertStartTag, scriptTextKept } from './inert.js';
import { isRootTag, OpenElements, VOID_TAGS } from './open-elements.js';
import { tokenize, type StartTag } from './tokenize.js';

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

/** Raw-text elements keep their tags at any depth (their content would otherwise become visible text). */
const KEEP_AT_ANY_DEPTH: ReadonlySet<string> = new Set(['script', 'style', 'xmp', 'iframe', 'noembed', 'noframes', 'textarea', 'title', 'plaintext', 'template']);

/** `<html>` and `<body>` are always there, above every element of the page. */
const ROOT_DEPTH = 2;

/** Text a reader would call prose: at least this many characters, with a space in them (as page-budget.ts). */
const PROSE_MIN_CHARS = 20;

/** Texts, inline styles and style sheets shorter than this are not listed (none is cut that short). */
export const LISTED_MIN_CHARS = 10_000;

/** What the pass counted. */
export interface MarkupFacts {
  /** Start tags, every one (the size check's count). */
  startTags: number;
  /** Elements of the tree model (start tags but html, head and body). */
  elements: number;
  /** Characters of text outside raw-text elements. */
  textChars: number;
  /** The longest run of text between two tags. */
  longestText: number;
  /** Characters of `<style>` text, and of the longest one. */
  styleChars: number;
  longestStyle: number;
  /** The longest `style` attribute (name to the end of its value). */
  longestStyleAttribute: number;
  /** The deepest nesting the tree model saw. */
  deepest: number;
}

/**
 * The element tree as the open-element model has it, in parallel arrays indexed by element id
 * (document order; element 0 stands for `<body>`), with the long texts and styles listed.
 */
export interface ElementTree {
  tag: string[];
  parent: number[];
  /** Start of its start tag; end after its end tag, or where something closed it. */
  start: number[];
  end: number[];
  /** Prose characters directly inside (budget-cuts.ts sums them up the tree). */
  prose: number[];
}

/** Long texts and styles, listed on every pass (few on any page), each with the tag it is in or on. */
export interface LongParts {
  /** Texts of at least `LISTED_MIN_CHARS` characters. */
  texts: Array<{ start: number; end: number; tag: string }>;
  /** The text of each `<style>` element of at least `LISTED_MIN_CHARS` characters. */
  styles: Array<{ start: number; end: number; tag: string }>;
  /** `style` attributes (name to the end of the value) of at least `LISTED_MIN_CHARS` characters. */
  styleAttributes: Array<{ start: number; end: number; tag: string }>;
}

export interface PassOptions {
  /** Gather the edits of a page written in place: inert scripts and subresources, and `<base>`. */
  inPlace: boolean;
  /** Reshape nesting and inline runs (JavaScript off). */
  reshape: boolean;
  /** Build the element tree (for the time budget's cuts). */
  tree: boolean;
  limits: MarkupLimits;
}

export interface PassResult {
  facts: MarkupFacts;
  /** Edits of every rendering of the page: nesting and inline runs. */
  shape: Edit[];
  /** What `shape` does, as cuts ('depth' per tag name, 'inline-run'). */
  shapeCuts: PageCut[];
  /** Edits of the page written in place: script texts and subresource requests taken out. */
  inert: Edit[];
  /** The end of a doctype that comes first (only whitespace and comments before it); -1: none. */
  doctypeEnd: number;
  /** A doctype token after other content (the page is in quirks mode whatever it says). */
  lateDoctype: boolean;
  /** The value of the first HTML `<base>` with an `href`, as the tokenizer decoded it. */
  baseHref: string | null;
  /**
   * The page declares, in a `<meta>`, state that belongs to the document rather than to the
   * element (`DOCUMENT_STATE_META`): in a document reused for the next page
   * (render/offline-load.ts) it outlives the page.
   */
  leavesDocumentState: boolean;
  long: LongParts;
  tree: ElementTree | null;
}

interface Open {
  id: number;
  dropped: boolean;
}

/** Runs the pass over `html` (see the module comment). */
export function markupPass(html: string, options: PassOptions): PassResult {
  const { limits } = options;
  const facts: MarkupFacts = { startTags: 0, elements: 0, textChars: 0, longestText: 0, styleChars: 0, longestStyle: 0, longestStyleAttribute: 0, deepest: 0 };
  const shape: Edit[] = [];
  const inert: Edit[] = [];
  const dropped = new Map<string, number>();
  let breaks = 0;
  let doctypeEnd = -1;
  let lateDoctype = false;
  /** Anything but whitespace and comments seen: a doctype now is not the leading one. */
  let content = false;
  let baseHref: string | null = null;
  let leavesDocumentState = false;
  const long: LongParts = { texts: [], styles: [], styleAttributes: [] };
  const tree: ElementTree | null = options.tree
    ? { tag: ['body'], parent: [-1], start: [0], end: [html.length], prose: [0] }
    : null;
  let keptDepth = ROOT_DEPTH;
  /** Inline tags since the last whitespace or block tag. */
  let run = 0;
  /** The raw-text element whose text comes next (its start tag), while it is open. */
  let rawTag: StartTag | null = null;
  let rawText: { start: number; end: number } | null = null;

  const open = new OpenElements<Open>((element, at) => {
    if (!element.data.dropped) keptDepth--;
    if (tree) tree.end[element.data.id] = at;
  });
  const current = (): number => open.stack.at(-1)?.data.id ?? 0;

  const inlineRun = (name: string, start: number | null): void => {
    if (!options.reshape) return;
    if (!INLINE_RUN_TAGS.has(name)) run = 0;
    else if (start !== null && !open.foreign && ++run >= limits.inlineRunBreakEvery) {
      shape.push({ start, end: start, text: '<wbr>' });
      breaks++;
      run = 0;
    }
  };

  const endRaw = (endTagStart: number | null): void => {
    const tag = rawTag;
    const text = rawText;
    rawTag = null;
    rawText = null;
    if (!tag || !text) return;
    if (tag.name === 'style') {
      facts.styleChars += text.end - text.start;
      facts.longestStyle = Math.max(facts.longestStyle, text.end - text.start);
      if (text.end - text.start >= LISTED_MIN_CHARS) long.styles.push({ ...text, tag: 'style' });
    } else if (tag.name === 'script' && options.inPlace && endTagStart !== null) {
      // A script that cannot run: its text goes (an unclosed one, running to the end, stays).
      if (!scriptTextKept(tag, html.slice(text.start, text.end))) inert.push({ start: text.start, end: text.end, text: '' });
    }
  };

  tokenize(html, {
    doctype(_start, end) {
      if (!content && doctypeEnd < 0) doctypeEnd = end;
      else if (doctypeEnd < 0) lateDoctype = true;
      content = true;
    },
    comment() {},
    text(start, end, raw, space, blank) {
      if (!blank) content = true;
      if (raw) {
        rawText = { start, end };
        return;
      }
      const length = end - start;
      facts.textChars += length;
      if (length > facts.longestText) facts.longestText = length;
      if (run > 0 && space) run = 0;
      if (length >= LISTED_MIN_CHARS) long.texts.push({ start, end, tag: open.stack.at(-1)?.name ?? 'body' });
      if (tree && length >= PROSE_MIN_CHARS && space && !open.isOpen('a')) tree.prose[current()]! += length;
    },
    endTag(name, start, end) {
      content = true;
      endRaw(start);
      inlineRun(name, null);
      if (isRootTag(name)) return;
      const element = open.end(name, start);
      if (!element) return;
      if (tree) tree.end[element.data.id] = end;
      if (element.data.dropped) shape.push({ start, end, text: INLINE_WRAPPERS.has(name) ? '' : '\n' });
    },
    startTag(tag) {
      content = true;
      endRaw(null);
      facts.startTags++;
      const { name } = tag;
      if (!tag.foreign) {
        if (options.inPlace) {
          const rewritten = inertStartTag(html, tag);
          if (rewritten) inert.push({ start: tag.start, end: tag.end, text: rewritten.text, requests: rewritten.requests });
        }
        if (name === 'base' && baseHref === null) {
          const href = tag.attrs.find((a) => a.name === 'href');
          if (href) baseHref = href.value;
        }
        if (name === 'meta' && !leavesDocumentState) leavesDocumentState = declaresDocumentState(tag);
      }
      // Its text follows as raw text (tokenize.ts switched the tokenizer).
      if (!tag.foreign && RAW_CONTENT.has(name) && !tag.closedInNoscript) rawTag = tag;
      // Written self-closed inside <noscript> (tokenize.ts NOSCRIPT_SELF_CLOSED): closed in the
      // page as the pass reads it, so that Chromium, scripts off, does not take the rest of the
      // document for its raw text.
      if (tag.closedInNoscript && options.reshape) shape.push({ start: tag.end, end: tag.end, text: `</${name}>` });
      inlineRun(name, tag.start);
      if (isRootTag(name)) return;
      facts.elements++;
      open.impliedEnds(name, tag.start);
      const style = tag.attrs.length > 0 ? tag.attrSpan('style') : undefined;
      if (style) {
        facts.longestStyleAttribute = Math.max(facts.longestStyleAttribute, style.end - style.start);
        if (style.end - style.start >= LISTED_MIN_CHARS) long.styleAttributes.push({ start: style.start, end: style.end, tag: name });
      }
      let id = -1;
      if (tree) {
        const parent = current();
        id = tree.tag.length;
        tree.tag.push(name);
        tree.parent.push(parent);
        tree.start.push(tag.start);
        tree.end.push(tag.end);
        tree.prose.push(0);
      }
      if (VOID_TAGS.has(name) || (tag.selfClosing && open.foreign) || tag.closedInNoscript) return;
      const depth = keptDepth + 1;
      const wrapper = WRAPPER_TAGS.has(name) || name.includes('-');
      const drop = options.reshape && !KEEP_AT_ANY_DEPTH.has(name) && ((wrapper && depth > limits.wrapperDepth) || depth > limits.maxDepth);
      if (drop) {
        shape.push({ start: tag.start, end: tag.end, text: INLINE_WRAPPERS.has(name) ? '' : '\n' });
        dropped.set(name, (dropped.get(name) ?? 0) + 1);
      } else keptDepth++;
      open.push(name, tag.start, { id, dropped: drop });
      if (open.depth > facts.deepest) facts.deepest = open.depth;
    },
  });
  endRaw(null);
  open.closeAll(html.length);

  const shapeCuts: PageCut[] = [...dropped]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .map(([tag, count]) => ({ kind: 'depth', nodeId: -1, tag, count, nodes: count, chars: 0 }));
  if (breaks > 0) shapeCuts.push({ kind: 'inline-run', nodeId: -1, tag: 'wbr', count: breaks, nodes: 0, chars: 0 });
  return { facts, shape, shapeCuts, inert, doctypeEnd, lateDoctype, baseHref, leavesDocumentState, long, tree };
}

/**
 * `<meta>` declarations whose effect belongs to the document and stays after `document.open()`
 * has removed the element, as Chromium does it, by attribute (`http-equiv` or `name`) and value:
 * - `http-equiv="content-security-policy"`: the policy binds the document; its `base-uri`
 *   blocked the `<base>` of every later page written into it (WCXB-dev 0431: ~145 pages' links
 *   resolved against another site), its `style-src` their inline styles. (The report-only kind
 *   blocks nothing.)
 * - `name="color-scheme"` (and its old name `supported-color-schemes`): a dark scheme stayed,
 *   and later pages' unstyled text came out white, their buttons and fields dark (WCXB-dev 0554).
 * - `http-equiv="content-language"` and `"default-style"`: the document's default language (for
 *   `:lang()`, hyphenation) and its preferred style sheet set; not seen to stay, counted in for
 *   safety, since a page after one costs only a navigation.
 */
const DOCUMENT_STATE_META: Readonly<Record<'http-equiv' | 'name', ReadonlySet<string>>> = {
  'http-equiv': new Set(['content-security-policy', 'content-language', 'default-style']),
  name: new Set(['color-scheme', 'supported-color-schemes']),
};

/** Whether a `<meta>` start tag declares state of the document (`DOCUMENT_STATE_META`). */
function declaresDocumentState(tag: StartTag): boolean {
  for (const attr of tag.attrs) {
    const values = attr.name === 'http-equiv' || attr.name === 'name' ? DOCUMENT_STATE_META[attr.name] : undefined;
    if (values?.has(attr.value.trim().toLowerCase())) return true;
  }
  return false;
}

/** Elements whose text the pass looks at as a whole: style sheets (their size) and scripts (inert). */
const RAW_CONTENT: ReadonlySet<string> = new Set(['style', 'script']);
