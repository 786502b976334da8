/**
 * The layout collector: runs INSIDE Chromium, in one `page.evaluate` (docs/methods.md §2).
 *
 * Rules for this file:
 * - no runtime imports and no references to anything outside `collectLayout` (it is sent to
 *   the page as source text; only type imports, which vanish when compiled, are allowed);
 * - tools that compile TypeScript on the fly may wrap inner functions in helpers such as
 *   `__name(fn, "name")`; the sender (`snapshot.ts`) defines a no-op `__name` around the
 *   source, and the browser tests run this file through the project's own test runner;
 * - one pass over the DOM, one `getComputedStyle` per element; inherited values (effective
 *   background, hiding ancestors, revealed visibility) are passed down the walk instead of
 *   looked up per node.
 */
import type {
  Box,
  LayoutSnapshot,
  SnapshotAttributes,
  SnapshotElement,
  SnapshotMeta,
  SnapshotNode,
  SnapshotText,
} from '../../types.js';

export interface CollectLayoutOptions {
  /** Elements in the document above which nothing is collected (the page is refused). */
  maxElements: number;
}

export type CollectLayoutResult =
  | { ok: true; snapshot: LayoutSnapshot }
  | { ok: false; reason: 'dom-too-large'; elementCount: number; maxElements: number };

export function collectLayout(options: CollectLayoutOptions): CollectLayoutResult {
  const elementCount = document.getElementsByTagName('*').length;
  if (elementCount > options.maxElements) {
    return { ok: false, reason: 'dom-too-large', elementCount, maxElements: options.maxElements };
  }

  /** Not rendered content, or not content at all: left out with their subtrees. */
  const SKIPPED_TAGS = new Set(['script', 'style', 'template', 'head', 'meta', 'link', 'title', 'base']);
  /** Collected as one element, but their children are not page text (fallback or graphics). */
  const LEAF_TAGS = new Set(['svg', 'math', 'canvas', 'video', 'audio', 'iframe', 'object', 'embed', 'select']);
  /** A character of white space that CSS does not collapse (U+00A0, U+2002…, U+3000; U+FEFF has no width). */
  const UNCOLLAPSIBLE = /[^ \t\n\r\f\ufeff]/;
  /** `white-space` values that keep line breaks. */
  const PRESERVING_WHITE_SPACE = new Set(['pre', 'pre-wrap', 'pre-line', 'break-spaces']);
  const WHITE = 'rgba(255, 255, 255, 1)';
  /**
   * Below this depth an element's box is not asked of the layout: Chromium finds an element's
   * page position by walking all its ancestors, so `getBoundingClientRect` on a page of 30,000
   * elements 512 levels deep (the parser's limit) took 10 s of the snapshot's 13 (issue 14).
   * Deeper elements take their parent's position and their own `offsetWidth`/`offsetHeight`
   * (which Chromium keeps per box). Real pages rarely nest past 60 levels.
   */
  const MAX_MEASURED_DEPTH = 128;

  const scrollX = window.scrollX;
  const scrollY = window.scrollY;
  const round = (value: number): number => Math.round(value * 100) / 100;

  // A page has a few distinct `font-family` values: the first family of each, lower-case and
  // unquoted, is worked out once (per element it was 7 % of the walk on AEB pages).
  const familyCache = new Map<string, string>();
  const firstFamilyOf = (value: string): string => {
    let family = familyCache.get(value);
    if (family === undefined) {
      family = (value.split(',')[0] ?? '').trim().replace(/^["']|["']$/g, '').toLowerCase();
      familyCache.set(value, family);
    }
    return family;
  };

  // Colour strings repeat a lot; parse each distinct one once.
  const colourCache = new Map<string, { rgba: string; alpha: number }>();
  const parseColour = (value: string): { rgba: string; alpha: number } => {
    const cached = colourCache.get(value);
    if (cached) return cached;
    let parsed: { rgba: string; alpha: number };
    const numbers = value.match(/-?[\d.]+(?:e-?\d+)?/g) ?? [];
    if (value === 'transparent') {
      parsed = { rgba: 'rgba(0, 0, 0, 0)', alpha: 0 };
    } else if (value.startsWith('rgba(') && numbers.length === 4) {
      parsed = { rgba: value, alpha: Number(numbers[3]) };
    } else if (value.startsWith('rgb(') && numbers.length === 3) {
      parsed = { rgba: `rgba(${numbers[0]}, ${numbers[1]}, ${numbers[2]}, 1)`, alpha: 1 };
    } else {
      // Other colour spaces (oklch(), color(srgb …)) stay as computed; alpha after a slash.
      const slash = value.match(/\/\s*([\d.]+)(%?)\s*\)$/);
      const alpha = slash ? Number(slash[1]) / (slash[2] ? 100 : 1) : 1;
      parsed = { rgba: value, alpha };
    }
    colourCache.set(value, parsed);
    return parsed;
  };

  /**
   * A `srcset` split into its candidates as the HTML standard's parser does, in one pass: a URL
   * runs to the next whitespace (trailing commas end the candidate), and its descriptors to the
   * next comma outside parentheses — so "a.jpg 600w,b.jpg 1024w" is two candidates, with no space
   * after the comma (NYT's markup).
   */
  const srcsetCandidates = (srcset: string): Array<{ url: string; descriptor: string }> => {
    const out: Array<{ url: string; descriptor: string }> = [];
    const isSpace = (c: string | undefined): boolean => c === ' ' || c === '\t' || c === '\n' || c === '\f' || c === '\r';
    let i = 0;
    while (i < srcset.length) {
      while (i < srcset.length && (isSpace(srcset[i]) || srcset[i] === ',')) i += 1;
      if (i >= srcset.length) break;
      const start = i;
      while (i < srcset.length && !isSpace(srcset[i])) i += 1;
      let end = i;
      let descriptor = '';
      if (srcset[end - 1] === ',') {
        while (end > start && srcset[end - 1] === ',') end -= 1;
      } else {
        const from = i;
        let depth = 0;
        while (i < srcset.length && !(srcset[i] === ',' && depth === 0)) {
          if (srcset[i] === '(') depth += 1;
          else if (srcset[i] === ')' && depth > 0) depth -= 1;
          i += 1;
        }
        descriptor = srcset.slice(from, i).trim();
      }
      if (end > start) out.push({ url: srcset.slice(start, end), descriptor });
    }
    return out;
  };

  /**
   * The image candidate Chromium picks at device pixel ratio 1 from a `srcset` and `src`, for
   * an image whose attributes were moved: width descriptors are taken against the slot width
   * of `sizes` (100vw without it), and the smallest candidate of density ≥ 1 wins, else the
   * densest; `src` is the 1x candidate when `srcset` has no 1x and no width descriptors.
   */
  const chosenCandidate = (srcset: string | null, src: string | null, sizes: string | null): string | null => {
    const slot = slotWidth(sizes);
    const candidates: Array<{ url: string; density: number }> = [];
    let widths = false;
    for (const { url, descriptor: written } of srcsetCandidates(srcset ?? '')) {
      const descriptor = written.split(/\s+/)[0] || '1x';
      const value = parseFloat(descriptor);
      if (descriptor.endsWith('w')) widths = true;
      if (!(value > 0)) continue;
      const density = descriptor.endsWith('w') ? value / slot : descriptor.endsWith('x') ? value : NaN;
      if (Number.isFinite(density)) candidates.push({ url, density });
    }
    // With width descriptors `src` is no candidate (as in the HTML standard's selection).
    if (src && src.trim() !== '' && !widths && !candidates.some((c) => c.density === 1)) candidates.push({ url: src, density: 1 });
    if (candidates.length === 0) return null;
    candidates.sort((a, b) => a.density - b.density);
    return (candidates.find((c) => c.density >= 1) ?? candidates[candidates.length - 1]!).url;
  };

  /** The slot width in CSS px of a `sizes` list: its first entry whose media query matches (px, vw, em). */
  const slotWidth = (sizes: string | null): number => {
    for (const entry of (sizes ?? '').split(',')) {
      const m = /^\s*(?:(\(.*\))\s*)?([\d.]+)(px|vw|em|rem)\s*$/i.exec(entry);
      if (!m) continue;
      if (m[1] && !window.matchMedia(m[1]).matches) continue;
      const value = parseFloat(m[2]!);
      const unit = m[3]!.toLowerCase();
      const px = unit === 'px' ? value : unit === 'vw' ? (value * window.innerWidth) / 100 : value * 16;
      if (px > 0) return px;
    }
    return Math.max(1, window.innerWidth);
  };

  /**
   * An http: image on an https: page, as Chromium requests it: upgraded to https: (mixed
   * content autoupgrade), which `currentSrc` reports for images that were requested.
   */
  const upgradedImageUrl = (url: string | undefined): string | undefined => {
    if (url === undefined || location.protocol !== 'https:' || !url.startsWith('http:')) return url;
    const upgraded = new URL(url);
    upgraded.protocol = 'https:';
    if (upgraded.port === '80') upgraded.port = '';
    return upgraded.href;
  };

  /** Image types Chromium decodes: a <picture> source of another type is passed over. */
  const DECODABLE_TYPES = new Set(['image/webp', 'image/jpeg', 'image/jpg', 'image/png', 'image/gif', 'image/avif', 'image/svg+xml', 'image/bmp', 'image/x-icon']);

  /** The candidate of the first matching <source> of the image's <picture>, if any. */
  const pictureCandidate = (image: Element): string | null => {
    const picture = image.parentElement;
    if (!picture || picture.localName !== 'picture') return null;
    for (const source of Array.from(picture.children)) {
      if (source === image) break;
      if (source.localName !== 'source') continue;
      const media = source.getAttribute('media');
      if (media && !window.matchMedia(media).matches) continue;
      const type = (source.getAttribute('type') ?? '').trim().toLowerCase();
      if (type && !DECODABLE_TYPES.has(type)) continue;
      const srcset = source.getAttribute('srcset') ?? source.getAttribute('data-broadsheet-srcset');
      if (srcset && srcset.trim() !== '') return chosenCandidate(srcset, null, source.getAttribute('sizes'));
    }
    return null;
  };

  // The walk changes nothing in the document, so its base URL is read once (a read per address
  // was 6 % of the walk on AEB pages).
  const baseUri = document.baseURI;
  const absoluteUrl = (value: string | null): string | undefined => {
    if (value === null || value.trim() === '') return undefined;
    try {
      return new URL(value.trim(), baseUri).href;
    } catch {
      return undefined;
    }
  };

  const attributesOf = (element: Element, tag: string): SnapshotAttributes => {
    const attrs: SnapshotAttributes = {};
    const id = element.getAttribute('id');
    if (id) attrs.id = id;
    const className = element.getAttribute('class');
    if (className) attrs.class = className;
    const role = element.getAttribute('role');
    if (role) attrs.role = role;
    const itemprop = element.getAttribute('itemprop');
    if (itemprop) attrs.itemprop = itemprop;
    if (element.getAttribute('aria-hidden') === 'true') attrs.ariaHidden = true;
    const lang = element.getAttribute('lang');
    if (lang) attrs.lang = lang;
    if (tag === 'a' || tag === 'area') {
      // A link whose href does not parse keeps it as written, so the crawler can record it
      // as a bad link with its reason instead of never seeing it.
      const raw = element.getAttribute('href');
      const href = absoluteUrl(raw) ?? (raw !== null && raw.trim() !== '' ? raw.trim() : undefined);
      if (href) attrs.href = href;
      // rel=author / tag / license name a byline, a tag list and a licence (metadata stage).
      const rel = element.getAttribute('rel');
      if (rel && rel.trim() !== '') attrs.rel = rel.trim().toLowerCase();
    } else if (tag === 'img') {
      const image = element as HTMLImageElement;
      const movedSrc = element.getAttribute('data-broadsheet-src');
      const movedSrcset = element.getAttribute('data-broadsheet-srcset');
      // A saved page's image whose request was taken out (src/markup/inert.ts) shows a
      // data: placeholder; its address is the candidate Chromium would have chosen.
      const src =
        movedSrc !== null || movedSrcset !== null
          ? upgradedImageUrl(absoluteUrl(pictureCandidate(element) ?? chosenCandidate(movedSrcset, movedSrc, element.getAttribute('sizes'))))
          : image.currentSrc || absoluteUrl(element.getAttribute('src'));
      if (src) attrs.src = src;
    } else if (tag === 'source') {
      const srcset = element.getAttribute('srcset') ?? element.getAttribute('data-broadsheet-srcset') ?? '';
      const firstCandidate = srcsetCandidates(srcset)[0]?.url ?? null;
      const src = absoluteUrl(element.getAttribute('src') ?? element.getAttribute('data-broadsheet-src')) ?? absoluteUrl(firstCandidate);
      if (src) attrs.src = src;
    } else if (tag === 'time') {
      const datetime = element.getAttribute('datetime');
      if (datetime) attrs.datetime = datetime;
    }
    const alt = element.getAttribute('alt');
    if (alt !== null && (tag === 'img' || tag === 'area' || tag === 'input')) attrs.alt = alt;
    return attrs;
  };

  /** The child nodes that are rendered in place of `node`'s: shadow roots and slots flattened. */
  const renderedChildren = (node: Node): ArrayLike<Node> => {
    const element = node as Element;
    if (element.shadowRoot) return element.shadowRoot.childNodes;
    if (element.localName === 'slot') {
      const assigned = (element as HTMLSlotElement).assignedNodes({ flatten: true });
      if (assigned.length > 0) return assigned;
    }
    return node.childNodes;
  };

  const nodes: SnapshotNode[] = [];
  // Side tables for the visibility pass, indexed by node id (kept out of the snapshot).
  const zeroSize: boolean[] = [];
  const hasText: boolean[] = [];
  /** A text, or an element laid out in the line (display inline, inline-block, inline-flex…). */
  const flowsInline = (sibling: Node | null): boolean => {
    if (sibling === null) return false;
    if (sibling.nodeType === Node.TEXT_NODE) return true;
    return sibling.nodeType === Node.ELEMENT_NODE && getComputedStyle(sibling as Element).display.startsWith('inline');
  };
  /** The last text node collected, in document order (whitespace between pieces is added to it), and its DOM node. */
  let lastText: SnapshotText | undefined;
  let lastTextNode: Node | undefined;
  /** Whether `text` is the last text before the whitespace: `sibling` itself, or inside it. */
  const endsWith = (sibling: Node | null, text: Node): boolean => sibling !== null && (sibling === text || sibling.contains(text));
  /**
   * Nodes that render nothing in the flow: comments, and the elements never collected (a
   * `<script>`, a `<style>`). A word space between two inline pieces still parts them when such
   * nodes stand beside it: React's server rendering puts an empty comment on each side of a space
   * it writes as its own text node (`The<!-- --> <!-- -->prime`, from JSX's `{a} {b}`).
   */
  const rendersNothing = (node: Node): boolean =>
    node.nodeType === Node.COMMENT_NODE || (node.nodeType === Node.ELEMENT_NODE && SKIPPED_TAGS.has((node as Element).localName));
  const previousRendered = (node: Node): Node | null => {
    let sibling = node.previousSibling;
    while (sibling !== null && rendersNothing(sibling)) sibling = sibling.previousSibling;
    return sibling;
  };
  const nextRendered = (node: Node): Node | null => {
    let sibling = node.nextSibling;
    while (sibling !== null && rendersNothing(sibling)) sibling = sibling.nextSibling;
    return sibling;
  };
  /**
   * The piece of the line before (`step` -1) or after (+1) `node`: its rendered sibling, or, when
   * it has none and its parent is an inline element, the parent's (so the space in
   * `<a>Private clouds</a><b> </b>are` finds the link before it and the text after it).
   * `parentInline`: the node's own parent is laid out inline (read off its collected display, so
   * the white space at the start of every block costs no style lookup).
   */
  const INLINE_CLIMB_MAX = 6;
  const flowNeighbour = (node: Node, step: -1 | 1, parentInline: boolean): Node | null => {
    let current = node;
    for (let climbed = 0; climbed <= INLINE_CLIMB_MAX; climbed++) {
      const sibling = step < 0 ? previousRendered(current) : nextRendered(current);
      if (sibling !== null) return sibling;
      const parent = current.parentNode;
      if (parent === null || parent.nodeType !== Node.ELEMENT_NODE) return null;
      if (climbed === 0 ? !parentInline : !flowsInline(parent)) return null;
      current = parent;
    }
    return null;
  };
  /** Whitespace `node` lies between two inline pieces, the one before ending with `last`, the last text collected. */
  const partsInlinePieces = (node: Node, last: Node, parentInline: boolean): boolean => {
    const before = flowNeighbour(node, -1, parentInline);
    return endsWith(before, last) && flowsInline(before) && flowsInline(flowNeighbour(node, 1, parentInline));
  };

  interface Pending {
    node: Node;
    parent: number;
    /** Effective background of the parent. */
    background: string;
    /** An ancestor hides everything inside it: `opacity: 0`, or a zero-size box that clips overflow. */
    hiddenByAncestor: boolean;
    /**
     * Of `hiddenByAncestor`, the part that is clipping alone (a zero-size box that clips its
     * overflow): an element fixed to the viewport escapes it, as it escapes its ancestors' overflow.
     */
    clippedOnly: boolean;
    /** The parent's computed `visibility` is hidden (so the child's may only be inherited). */
    parentVisibilityHidden: boolean;
    /** The parent's hidden `visibility` was judged a reveal-on-load state and is ignored. */
    parentVisibilityRevealed: boolean;
    /** Elements above this one. */
    depth: number;
    /**
     * The outermost ancestor from which white space is kept (`white-space: pre`, `pre-wrap`,
     * `break-spaces`, `pre-line`) without a break in between, or null; and whether the parent
     * keeps only line breaks (`pre-line`).
     */
    preRoot: Element | null;
    parentPreLine: boolean;
  }

  // Reveal-on-load states. Many pages hide their content until a script shows it: `body
  // { opacity: 0 }` until fonts load, Webflow's and AOS's `opacity: 0` start frames of fade-ins,
  // `visibility: hidden` on the root until hydration. Saved pages render with scripts off (and on
  // live pages a fade-in waits for a scroll), so these states would hide the very text a reader
  // sees. Measured on WCXB-dev: 21 of 1,497 pages showed less than half of their text, 19 of
  // them through one of these two states (scripts/… in the commit that added this).
  // - `opacity: 0` alone (visibility untouched) is taken as a start frame and ignored: menus and
  //   overlays that are really closed pair it with `visibility: hidden` or `display: none`.
  // - `visibility: hidden` is ignored only where it covers a large share of the page's text:
  //   a closed dropdown holds a little of it, a page hidden until hydration most of it.
  const REVEAL_MIN_TEXT_SHARE = 0.25;
  /** At most this many subtrees have their text measured (each costs a walk of the subtree). */
  const REVEAL_MEASURE_BUDGET = 64;
  let revealMeasures = 0;

  const root = document.body ?? document.documentElement;
  const rootStyle = getComputedStyle(document.documentElement);
  const canvasColour = parseColour(rootStyle.backgroundColor);
  const stack: Pending[] = [
    {
      node: root,
      parent: -1,
      background: canvasColour.alpha > 0 ? canvasColour.rgba : WHITE,
      hiddenByAncestor: false,
      clippedOnly: false,
      parentVisibilityHidden: false,
      parentVisibilityRevealed: false,
      depth: 0,
      preRoot: null,
      parentPreLine: false,
    },
  ];
  // The share is of readable characters: not whitespace, not the source of scripts and style
  // sheets. `textContent` counts both, and a page that inlines 150 KB of script and indents its
  // markup deeply hid its `main` (41 % of the readable text) behind a share of 8 % (WCXB-dev
  // 2894, whose critical CSS hides `main` until the full style sheet, not saved, arrives).
  const countReadable = (text: string): number => {
    let count = 0;
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      // Space and the ASCII controls (tab, line feeds), and the no-break space.
      if (code > 32 && code !== 160) count += 1;
    }
    return count;
  };
  const readableLength = (element: Element): number => {
    let length = countReadable(element.textContent ?? '');
    for (const source of Array.from(element.querySelectorAll('script, style, template'))) length -= countReadable(source.textContent ?? '');
    return length;
  };
  // Measured on the first hidden element only: most pages have none.
  let rootTextLength = -1;
  const holdsLargeShare = (element: Element): boolean => {
    if (rootTextLength < 0) rootTextLength = readableLength(root);
    if (rootTextLength === 0 || revealMeasures >= REVEAL_MEASURE_BUDGET) return false;
    revealMeasures += 1;
    return readableLength(element) >= rootTextLength * REVEAL_MIN_TEXT_SHARE;
  };

  while (stack.length > 0) {
    const item = stack.pop() as Pending;
    const { node, parent } = item;
    const parentElement = parent >= 0 ? (nodes[parent] as SnapshotElement) : undefined;

    if (node.nodeType === Node.TEXT_NODE) {
      const text = (node as Text).data;
      if (parentElement && /\S/.test(text)) {
        const id = nodes.length;
        lastText = { kind: 'text', id, parent, text };
        lastTextNode = node;
        nodes.push(lastText);
        parentElement.children.push(id);
        hasText[parent] = true;
      } else if (parentElement && lastText && lastTextNode && parentElement.preservesWhitespace) {
        // Preformatted text keeps its white space, alone in its node or not: a highlighted code
        // block is a run of token spans whose spaces, indents and line breaks are nodes of their
        // own (Pygments' `<span class="w"> </span>`, "</span> <span>", a bare "\n" between
        // lines), and dropped they ran the code together ("defzip_longest(*iterables,fillvalue=None):"
        // on docs.python.org). It goes on the end of the text before it, when that text is in
        // the same preformatted block; before a block's first text it is nothing. `pre-line`
        // keeps the line breaks and collapses the spaces.
        if (item.preRoot !== null && item.preRoot.contains(lastTextNode)) {
          // The text is white space only: under `pre-line` its line breaks stay and its spaces collapse to one.
          let breaks = 0;
          if (item.parentPreLine) for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) breaks += 1;
          lastText.text += !item.parentPreLine ? text : breaks > 0 ? '\n'.repeat(breaks) : ' ';
        }
      } else if (parentElement && lastText && !parentElement.preservesWhitespace && UNCOLLAPSIBLE.test(text)) {
        // A no-break space (or another Unicode space) never collapses: CSS collapses only spaces,
        // tabs and line breaks. Alone in its node (`makes<span>&nbsp;</span><a>iPhones</a>`, how
        // editors keep a space before a link) it parts the words on either side wherever it
        // stands; JavaScript's \s counts it as white space, so it was dropped ("makesiPhones").
        // As a word space on the end of the text before it, it is harmless where it stands
        // alone between blocks (`<p>&nbsp;</p>`).
        if (!/\s$/.test(lastText.text)) lastText.text += ' ';
      } else if (parentElement && lastText && lastTextNode && !parentElement.preservesWhitespace && partsInlinePieces(node, lastTextNode, parentElement.display.startsWith('inline'))) {
        // Whitespace alone between two inline pieces ("<b>bold</b> <i>italic</i>", two links on
        // a line) is no node of its own, but it is a word space: it goes on the end of the text
        // before it, so that the words on either side stay apart ("bold italic", not
        // "bolditalic"). Between blocks (list items, paragraphs) it is nothing.
        if (!/\s$/.test(lastText.text)) lastText.text += ' ';
      }
      continue;
    }
    if (node.nodeType !== Node.ELEMENT_NODE) continue;

    const element = node as Element;
    const tag = element.localName.toLowerCase();
    if (parentElement && SKIPPED_TAGS.has(tag)) continue;
    // `<noscript>` holds raw text when the document runs scripts, and real elements, rendered,
    // when it does not (saved pages render with scripts off): then it is the page's own
    // script-free version (Discourse forums put every post there) and is collected like any
    // element; a bare text (the "enable JavaScript" notice) is left out.
    if (parentElement && tag === 'noscript' && element.firstElementChild === null) continue;
    const style = getComputedStyle(element);
    // `<body>` itself is always collected (it is `nodes[0]`), even when hidden.
    const hidden = style.display === 'none';
    if (hidden && parentElement) continue;

    let box: Box;
    let rect: { width: number; height: number };
    if (item.depth <= MAX_MEASURED_DEPTH || !parentElement) {
      const measured = element.getBoundingClientRect();
      rect = measured;
      box = { x: round(measured.left + scrollX), y: round(measured.top + scrollY), width: round(measured.width), height: round(measured.height) };
    } else {
      const html = element as HTMLElement;
      rect = { width: html.offsetWidth ?? 0, height: html.offsetHeight ?? 0 };
      box = { x: parentElement.box.x, y: parentElement.box.y, width: rect.width, height: rect.height };
    }
    const ownBackground = parseColour(style.backgroundColor);
    const background = ownBackground.alpha > 0 ? ownBackground.rgba : item.background;
    const isZeroSize = tag !== 'br' && (rect.width === 0 || rect.height === 0);
    const clips = style.overflowX !== 'visible' || style.overflowY !== 'visible';
    const visibilityHidden = style.visibility === 'hidden' || style.visibility === 'collapse';
    // Inherited from a parent whose hidden visibility was revealed, or declared here.
    const visibilityRevealed = visibilityHidden && (item.parentVisibilityHidden ? item.parentVisibilityRevealed : holdsLargeShare(element));
    // `opacity: 0` hides the subtree only together with a hidden visibility that stays hidden.
    const transparent = Number(style.opacity) === 0 && visibilityHidden && !visibilityRevealed;
    // Clipping by a zero-size box: `<body>`'s own overflow is the viewport's (CSS propagates it
    // there), so a body of no height that clips hides nothing (posthog.com: every word of an
    // app-like page in fixed panels over a body of height 0 with `overflow: hidden`); and an
    // element fixed to the viewport is not clipped by its ancestors' overflow.
    const escapesClip = item.clippedOnly && style.position === 'fixed';
    const ancestorHides = item.hiddenByAncestor && !escapesClip;
    const clipsAll = isZeroSize && clips && parentElement !== undefined;
    const hidesInside = ancestorHides || transparent || clipsAll;
    const styleVisible = !hidden && !hidesInside && (!visibilityHidden || visibilityRevealed);
    const whiteSpace = style.whiteSpace;

    const id = nodes.length;
    const snapshotElement: SnapshotElement = {
      kind: 'element',
      id,
      parent,
      tag,
      attrs: attributesOf(element, tag),
      box,
      visible: styleVisible,
      display: style.display,
      position: style.position,
      background,
      color: style.color,
      fontSizePx: parseFloat(style.fontSize) || 0,
      fontWeight: parseFloat(style.fontWeight) || 400,
      fontStyle: style.fontStyle,
      fontFamily: firstFamilyOf(style.fontFamily),
      preservesWhitespace: PRESERVING_WHITE_SPACE.has(whiteSpace),
      children: [],
    };
    nodes.push(snapshotElement);
    parentElement?.children.push(id);
    zeroSize[id] = isZeroSize;

    if (LEAF_TAGS.has(tag)) continue;
    const children = renderedChildren(element);
    for (let index = children.length - 1; index >= 0; index -= 1) {
      const child = children[index];
      if (child) {
        stack.push({
          node: child,
          parent: id,
          background,
          hiddenByAncestor: hidesInside,
          clippedOnly: hidesInside && !transparent && (!ancestorHides || item.clippedOnly),
          parentVisibilityHidden: visibilityHidden,
          parentVisibilityRevealed: visibilityRevealed,
          depth: item.depth + 1,
          preRoot: snapshotElement.preservesWhitespace ? (item.preRoot ?? element) : null,
          parentPreLine: whiteSpace === 'pre-line',
        });
      }
    }
  }

  // Visibility, bottom-up: children have larger ids than their parents. A zero-size element
  // (that does not clip: those were hidden on the way down) is visible only through visible
  // element children or text spilling out of it.
  const visibleChild: boolean[] = [];
  for (let id = nodes.length - 1; id >= 0; id -= 1) {
    const node = nodes[id];
    if (!node || node.kind !== 'element') continue;
    if (node.visible && zeroSize[id]) {
      node.visible = visibleChild[id] === true || hasText[id] === true;
    }
    if (node.visible && node.parent >= 0) visibleChild[node.parent] = true;
  }

  const meta: SnapshotMeta = {
    title: document.title,
    lang: document.documentElement.getAttribute('lang') ?? '',
    metaTags: [],
    jsonLd: [],
    links: [],
  };
  for (const tag of Array.from(document.getElementsByTagName('meta'))) {
    const key = tag.getAttribute('name') || tag.getAttribute('property') || tag.getAttribute('itemprop');
    const content = tag.getAttribute('content');
    if (key && content !== null) meta.metaTags.push({ key: key.trim().toLowerCase(), content });
  }
  for (const script of Array.from(document.getElementsByTagName('script'))) {
    const type = (script.getAttribute('type') ?? '').trim().toLowerCase();
    if (type === 'application/ld+json' && script.textContent) meta.jsonLd.push(script.textContent);
  }
  for (const link of Array.from(document.getElementsByTagName('link'))) {
    const rel = link.getAttribute('rel');
    const href = absoluteUrl(link.getAttribute('href') ?? link.getAttribute('data-broadsheet-href'));
    if (rel && href) meta.links.push({ rel: rel.trim().toLowerCase(), href });
  }

  const scrolling = document.scrollingElement ?? document.documentElement;
  const snapshot: LayoutSnapshot = {
    url: location.href,
    viewport: { width: window.innerWidth, height: window.innerHeight },
    page: {
      width: Math.max(scrolling.scrollWidth, document.documentElement.scrollWidth, root.scrollWidth),
      height: Math.max(scrolling.scrollHeight, document.documentElement.scrollHeight, root.scrollHeight),
    },
    nodes,
    meta,
    elementCount,
  };
  return { ok: true, snapshot };
}
