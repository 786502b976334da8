/**
 * The plain data that flows between broadsheet's stages.
 *
 *   render ─▶ LayoutSnapshot ─▶ segment ─▶ VisualUnit[] ─▶ score ─▶ ScoredUnit[] ─▶ select ─▶ Article
 *
 * Everything here is serialisable (JSON) so a stage can be replayed from a stored value.
 */

/** A rectangle in CSS pixels, in page coordinates (scroll offset included). */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * An element of the rendered page, as the in-page collector saw it (docs/methods.md §2).
 * Only rendered elements are collected: `display: none` subtrees are left out.
 */
export interface SnapshotElement {
  kind: 'element';
  /** Index of this node in `LayoutSnapshot.nodes`. */
  id: number;
  /** Index of the parent node; -1 for `<body>` (always `nodes[0]`). */
  parent: number;
  /** Lower-case tag name (`div`, `p`, `a`, `img`, `br`, …). */
  tag: string;
  /** A few attributes that later stages read; absent when the element does not have them. */
  attrs: SnapshotAttributes;
  box: Box;
  /** False when `visibility: hidden`, `opacity: 0` or a zero-size box with no visible children. */
  visible: boolean;
  /** Computed `display` (block, inline, flex, list-item, table-cell, …). */
  display: string;
  /** Computed `position` (static, relative, absolute, fixed, sticky). */
  position: string;
  /** Effective background colour: the first non-transparent one on the way up, as `rgba(r, g, b, a)`. */
  background: string;
  /** Computed font colour, as `rgb(…)`/`rgba(…)`. */
  color: string;
  fontSizePx: number;
  fontWeight: number;
  fontStyle: string;
  /** First family of the computed `font-family`, lower-case, quotes removed. */
  fontFamily: string;
  /** True when `white-space` preserves line breaks (pre, pre-wrap, pre-line, break-spaces). */
  preservesWhitespace: boolean;
  /** Child node indices (elements and text), in document order. */
  children: number[];
}

export interface SnapshotAttributes {
  id?: string;
  class?: string;
  role?: string;
  /** Resolved absolute URL, for `<a>` (as written when it does not parse as a URL). */
  href?: string;
  /** `rel`, lower-case, for `<a>` (author, tag, license: read by the metadata stage). */
  rel?: string;
  /** Resolved absolute URL, for `<img>` (current source) and `<source>`. */
  src?: string;
  alt?: string;
  itemprop?: string;
  /** `aria-hidden="true"`. */
  ariaHidden?: boolean;
  lang?: string;
  /** `datetime` attribute, for `<time>`. */
  datetime?: string;
}

/** A DOM text node with non-empty text. */
export interface SnapshotText {
  kind: 'text';
  id: number;
  parent: number;
  /** The node's text as in the DOM (not whitespace-collapsed). */
  text: string;
}

export type SnapshotNode = SnapshotElement | SnapshotText;

/** Document-level metadata gathered in the same evaluate call. */
export interface SnapshotMeta {
  /** `document.title`. */
  title: string;
  /** `<html lang>`. */
  lang: string;
  /** `<meta name|property|itemprop=… content=…>`, in document order; keys lower-case. */
  metaTags: Array<{ key: string; content: string }>;
  /** Raw text of every `<script type="application/ld+json">`. */
  jsonLd: string[];
  /** `<link rel=… href=…>` with rel lower-case and href resolved. */
  links: Array<{ rel: string; href: string }>;
}

/**
 * The origin a saved page is served under when it names no URL of its own (no canonical link, no
 * og:url): `http://saved.invalid/<file>`. The name is reserved (RFC 6761) and never resolves; code
 * that reads meaning into a page's address treats it as unknown.
 */
export const UNKNOWN_PAGE_ORIGIN = 'http://saved.invalid/';

/**
 * Something cut from a page so that its cost stays bounded (issue 14), as `--explain` and the
 * record's `cuts` report it. Cuts of the snapshot (page-budget.ts) name the node; cuts of the
 * markup before rendering (src/markup/markup-pass.ts, budget-cuts.ts) have no node.
 */
export interface PageCut {
  /**
   * 'subtree': elements removed with everything inside them; 'text': a text shortened;
   * 'depth': wrapper tags nested past the depth limit dropped (their content kept);
   * 'inline-run': `<wbr>`s put into a long whitespace-free run of inline tags;
   * 'time': cut before rendering because one render would run past the time budget (`tag`
   * says what: the children of a long list or table past the first few, or a long text, a
   * `style` sheet, or the element whose huge inline style went).
   */
  kind: 'subtree' | 'text' | 'depth' | 'inline-run' | 'time';
  /** Id (in the snapshot as rendered) of the first node cut; -1 for cuts made in the markup. */
  nodeId: number;
  /** The removed elements' tag (for text: the parent's). */
  tag: string;
  /** Sibling subtrees, dropped tags or inserted breaks in this record (1 for text). */
  count: number;
  /** Nodes (elements) removed. */
  nodes: number;
  /** Characters of text removed. */
  chars: number;
}

/** What one `page.evaluate` returns (docs/methods.md §2). */
export interface LayoutSnapshot {
  /** The URL the page was rendered at (for saved pages, the URL it was served under). */
  url: string;
  viewport: { width: number; height: number };
  /** The document's scroll width × scroll height. */
  page: { width: number; height: number };
  /** Flat list of rendered nodes in document pre-order (a parent before its children); `nodes[0]` is `<body>`. */
  nodes: SnapshotNode[];
  meta: SnapshotMeta;
  /** Number of elements in the document when the snapshot was taken (rendered or not). */
  elementCount: number;
}

/** A visual unit (docs/methods.md §3): a DOM subtree of one typographic style that was not divided. */
export interface VisualUnit {
  /**
   * Index of the unit's root in `LayoutSnapshot.nodes`. For a run of inline siblings that was
   * split out of a divided block (text with links and emphasis between block children), the
   * parent of the run; `memberIds` then lists the run.
   */
  nodeId: number;
  /** The sibling nodes the unit is made of: `[nodeId]` for an element unit, the run otherwise. */
  memberIds: number[];
  /** Position of the unit in document order among all units (0-based). */
  order: number;
  tag: string;
  box: Box;
  /** Whitespace-normalised text, with `\n` between block-level parts. */
  text: string;
  textLength: number;
  linkTextLength: number;
  /** Sentence-ending punctuation marks (docs/methods.md §4, language-aware). */
  punctuationCount: number;
  imageCount: number;
  paragraphCount: number;
  /** The typography that covers most of the unit's text. */
  style: TextStyle;
  /** Why segmentation stopped here (which rule made the node indivisible). */
  reason: UnitReason;
}

export type UnitReason =
  | 'leaf'
  | 'all-children-text'
  | 'all-children-links'
  | 'inline-content'
  | 'inline-run';

export interface TextStyle {
  fontSizePx: number;
  fontWeight: number;
  fontStyle: string;
  fontFamily: string;
  color: string;
  background: string;
}

/** docs/methods.md §4 features of a unit, and its score. */
export interface UnitFeatures {
  /** sa: unit area / page area. */
  areaRatio: number;
  /** sp: 1 when the unit holds a sentence-ending mark. */
  hasPunctuation: number;
  /** sld: link text / text. */
  linkDensity: number;
  /** std: non-link text / text. */
  textDensity: number;
  /** sl: (L − min L) / (max L − min L) over the page's units. */
  relativeLength: number;
}

export interface ScoredUnit extends VisualUnit {
  features: UnitFeatures;
  score: number;
}
