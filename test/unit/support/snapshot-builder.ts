/**
 * A tiny DSL for synthetic layout snapshots, so the pure stages (segment, score, select,
 * article) can be tested without a browser:
 *
 *   snapshot([
 *     el('nav', { class: 'menu' }, [el('a', { href: '/a' }, [text('World')])]),
 *     el('article', [el('p', [text('Hello. '), el('a', { href: '/x' }, [text('link')])])]),
 *   ], { page: { width: 1000 }, meta: { title: 'Hello' } })
 *
 * The result is what the in-page collector would return: flat pre-order nodes, `nodes[0]` is
 * `<body>`, ids are positions, parents and children filled in. Styles follow CSS inheritance
 * (colour, font, white-space inherit; the background is the *effective* one, as the collector
 * records it), with browser-like tag defaults (headings larger and bold, `<b>` bold, `<pre>`
 * preserving white space). Boxes are laid out by a crude flow model unless given: block
 * children stack vertically at their parent's width, text takes ⌈chars · 0.5em / width⌉ lines
 * of 1.5em, images are 300×200. A partial `box` overrides only the fields it names, so columns
 * are `box: { x: 720, y: 0, width: 280 }`. The model only has to make area ratios and column
 * overlaps sensible, not match Chromium.
 */
import type { Box, LayoutSnapshot, SnapshotAttributes, SnapshotElement, SnapshotMeta, SnapshotNode } from '../../../src/types.js';

export const WHITE = 'rgba(255, 255, 255, 1)';
export const BLACK = 'rgb(0, 0, 0)';
export const rgb = (r: number, g: number, b: number): string => `rgb(${r}, ${g}, ${b})`;
export const rgba = (r: number, g: number, b: number, a = 1): string => `rgba(${r}, ${g}, ${b}, ${a})`;

export interface ElProps extends SnapshotAttributes {
  box?: Partial<Box>;
  display?: string;
  position?: string;
  visible?: boolean;
  background?: string;
  color?: string;
  fontSizePx?: number;
  fontWeight?: number;
  fontStyle?: string;
  fontFamily?: string;
  preservesWhitespace?: boolean;
}

export interface ElSpec {
  kind: 'el';
  tag: string;
  props: ElProps;
  children: Spec[];
}

export interface TextSpec {
  kind: 'text';
  text: string;
}

export type Spec = ElSpec | TextSpec;

/** An element; `props` may be left out: `el('p', [text('…')])`. */
export function el(tag: string, props: ElProps | Spec[] = {}, children: Spec[] = []): ElSpec {
  if (Array.isArray(props)) return { kind: 'el', tag, props: {}, children: props };
  return { kind: 'el', tag, props, children };
}

export function text(value: string): TextSpec {
  return { kind: 'text', text: value };
}

/** `<p>` holding one text node: the commonest thing in an article. */
export function p(value: string, props: ElProps = {}): ElSpec {
  return el('p', props, [text(value)]);
}

/** `<a href>` holding one text node. */
export function a(value: string, href = `https://news.example/${encodeURIComponent(value.toLowerCase())}`, props: ElProps = {}): ElSpec {
  return el('a', { ...props, href }, [text(value)]);
}

const BLOCK_TAGS = new Set([
  'body', 'div', 'p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'section', 'article', 'main', 'header', 'footer',
  'nav', 'aside', 'figure', 'figcaption', 'blockquote', 'pre', 'form', 'dl', 'dt', 'dd', 'address', 'hr',
]);
const DEFAULT_DISPLAY: Record<string, string> = { li: 'list-item', table: 'table', tr: 'table-row', td: 'table-cell', th: 'table-cell', tbody: 'table-row-group' };
/** Heading sizes relative to the parent's, as in Chromium's default style sheet. */
const HEADING_EM: Record<string, number> = { h1: 2, h2: 1.5, h3: 1.17, h4: 1, h5: 0.83, h6: 0.67 };
const IMAGE_DEFAULT = { width: 300, height: 200 };

export function displayOf(tag: string): string {
  return DEFAULT_DISPLAY[tag] ?? (BLOCK_TAGS.has(tag) ? 'block' : 'inline');
}

interface Inherited {
  background: string;
  color: string;
  fontSizePx: number;
  fontWeight: number;
  fontStyle: string;
  fontFamily: string;
  preservesWhitespace: boolean;
  visible: boolean;
}

export interface SnapshotOptions {
  /** Defaults: width 1000, height = laid-out body height. */
  page?: Partial<LayoutSnapshot['page']>;
  viewport?: LayoutSnapshot['viewport'];
  meta?: Partial<SnapshotMeta>;
  url?: string;
  /** Props of `<body>` itself (background, colour, font). */
  body?: ElProps;
}

export function snapshot(bodyChildren: Spec[], options: SnapshotOptions = {}): LayoutSnapshot {
  const width = options.page?.width ?? 1000;
  const nodes: SnapshotNode[] = [];
  const root = el('body', { ...options.body, box: { x: 0, y: 0, width, ...options.body?.box } }, bodyChildren);
  const base: Inherited = {
    background: WHITE,
    color: BLACK,
    fontSizePx: 16,
    fontWeight: 400,
    fontStyle: 'normal',
    fontFamily: 'times new roman',
    preservesWhitespace: false,
    visible: true,
  };
  build(root, -1, base, { x: 0, y: 0, width }, nodes);
  const body = nodes[0] as SnapshotElement;
  return {
    url: options.url ?? 'https://news.example/2024/05/story',
    viewport: options.viewport ?? { width, height: 800 },
    page: { width, height: options.page?.height ?? Math.max(1, body.box.height) },
    nodes,
    meta: { title: '', lang: '', metaTags: [], jsonLd: [], links: [], ...options.meta },
    elementCount: nodes.filter((n) => n.kind === 'element').length,
  };
}

/** Flattens `spec` into `nodes` (pre-order) and lays it out at `at`; returns the element's id. */
function build(spec: ElSpec, parent: number, inherited: Inherited, at: { x: number; y: number; width: number }, nodes: SnapshotNode[]): number {
  const { box: boxProps, display: displayProp, position, visible, background, color, fontSizePx, fontWeight, fontStyle, fontFamily, preservesWhitespace, ...attrs } = spec.props;
  const tag = spec.tag;
  const style: Inherited = {
    background: background ?? inherited.background,
    color: color ?? inherited.color,
    fontSizePx: fontSizePx ?? inherited.fontSizePx * (HEADING_EM[tag] ?? (tag === 'small' ? 0.833 : 1)),
    fontWeight: fontWeight ?? (HEADING_EM[tag] !== undefined || tag === 'b' || tag === 'strong' || tag === 'th' ? 700 : inherited.fontWeight),
    fontStyle: fontStyle ?? (tag === 'em' || tag === 'i' ? 'italic' : inherited.fontStyle),
    fontFamily: fontFamily ?? (tag === 'pre' || tag === 'code' ? 'monospace' : inherited.fontFamily),
    preservesWhitespace: preservesWhitespace ?? (tag === 'pre' ? true : inherited.preservesWhitespace),
    // `visibility: hidden` inherits; the collector also marks opacity-0 subtrees invisible.
    visible: visible ?? inherited.visible,
  };
  const display = displayProp ?? displayOf(tag);
  const id = nodes.length;
  const element: SnapshotElement = {
    kind: 'element',
    id,
    parent,
    tag,
    attrs: cleanAttrs(attrs),
    box: { x: 0, y: 0, width: 0, height: 0 },
    visible: style.visible,
    display,
    position: position ?? 'static',
    background: style.background,
    color: style.color,
    fontSizePx: style.fontSizePx,
    fontWeight: style.fontWeight,
    fontStyle: style.fontStyle,
    fontFamily: style.fontFamily,
    preservesWhitespace: style.preservesWhitespace,
    children: [],
  };
  nodes.push(element);

  const x = boxProps?.x ?? at.x;
  const y = boxProps?.y ?? at.y;
  const width = boxProps?.width ?? (tag === 'img' ? IMAGE_DEFAULT.width : isBlockish(display) ? at.width : inlineWidth(spec, style, at.width));
  const charWidthPx = style.fontSizePx * 0.5;
  const lineHeightPx = style.fontSizePx * 1.5;
  let cursor = y;
  let runChars = 0;
  const flushRun = (): void => {
    if (runChars > 0) cursor += Math.ceil((runChars * charWidthPx) / Math.max(1, width)) * lineHeightPx;
    runChars = 0;
  };
  for (const child of spec.children) {
    if (child.kind === 'text') {
      const childId = nodes.length;
      nodes.push({ kind: 'text', id: childId, parent: id, text: child.text });
      element.children.push(childId);
      runChars += child.text.replace(/\s+/gu, ' ').trim().length;
      continue;
    }
    const childDisplay = child.props.display ?? displayOf(child.tag);
    if (isBlockish(childDisplay) || child.tag === 'img') {
      flushRun();
      const childId = build(child, id, style, { x, y: cursor, width }, nodes);
      element.children.push(childId);
      const childBox = (nodes[childId] as SnapshotElement).box;
      cursor = Math.max(cursor, childBox.y + childBox.height);
    } else {
      // Inline: placed on the current line of the run; its text joins the run.
      const childId = build(child, id, style, { x, y: cursor, width }, nodes);
      element.children.push(childId);
      runChars += textLengthOf(child);
      if (hasBlockChild(child)) {
        flushRun();
        const childBox = (nodes[childId] as SnapshotElement).box;
        cursor = Math.max(cursor, childBox.y + childBox.height);
      }
    }
  }
  flushRun();
  const contentHeight = tag === 'img' ? IMAGE_DEFAULT.height : tag === 'br' ? lineHeightPx : cursor - y;
  element.box = { x, y, width: tag === 'br' ? 0 : width, height: boxProps?.height ?? contentHeight };
  return id;
}

function isBlockish(display: string): boolean {
  return display !== 'inline' && display !== 'inline-block' && display !== 'contents';
}

function inlineWidth(spec: ElSpec, style: Inherited, available: number): number {
  return Math.min(available, textLengthOf(spec) * style.fontSizePx * 0.5);
}

function textLengthOf(spec: Spec): number {
  if (spec.kind === 'text') return spec.text.replace(/\s+/gu, ' ').trim().length;
  return spec.children.reduce((n, c) => n + textLengthOf(c), 0);
}

function hasBlockChild(spec: ElSpec): boolean {
  return spec.children.some((c) => c.kind === 'el' && (isBlockish(c.props.display ?? displayOf(c.tag)) || hasBlockChild(c)));
}

function cleanAttrs(attrs: SnapshotAttributes): SnapshotAttributes {
  const out: SnapshotAttributes = {};
  for (const [key, value] of Object.entries(attrs) as Array<[keyof SnapshotAttributes, string | boolean | undefined]>) {
    if (value !== undefined) (out as Record<string, string | boolean>)[key] = value;
  }
  return out;
}

/**
 * `snap` with everything in its body moved inside a chain of `depth` nested `<div>`s. Built
 * with loops, not recursion, so it can make DOMs deeper than the call stack.
 */
export function wrapInChain(snap: LayoutSnapshot, depth: number): LayoutSnapshot {
  const [body, ...rest] = snap.nodes;
  if (!body || body.kind !== 'element') throw new Error('nodes[0] must be <body>');
  const shift = (id: number): number => (id === 0 ? depth : id + depth);
  const nodes: SnapshotNode[] = [{ ...body, children: depth > 0 ? [1] : body.children }];
  for (let level = 1; level <= depth; level++) {
    nodes.push({ ...body, id: level, parent: level - 1, tag: 'div', attrs: {}, children: level < depth ? [level + 1] : body.children.map(shift) });
  }
  for (const node of rest) {
    const moved = { ...node, id: shift(node.id), parent: shift(node.parent) };
    nodes.push(moved.kind === 'element' ? { ...moved, children: moved.children.map(shift) } : moved);
  }
  return { ...snap, nodes, elementCount: snap.elementCount + depth };
}

// ---------------------------------------------------------------------------------------------
// Looking things up in a built snapshot.

/** Index of the element whose `id` attribute is `domId`. */
export function idOf(snap: LayoutSnapshot, domId: string): number {
  const found = snap.nodes.find((n) => n.kind === 'element' && n.attrs.id === domId);
  if (!found) throw new Error(`no element #${domId} in the snapshot`);
  return found.id;
}

/** Index of the first text node whose text includes `needle`. */
export function textId(snap: LayoutSnapshot, needle: string): number {
  const found = snap.nodes.find((n) => n.kind === 'text' && n.text.includes(needle));
  if (!found) throw new Error(`no text node with "${needle}" in the snapshot`);
  return found.id;
}

// ---------------------------------------------------------------------------------------------
// Text to fill pages with: distinct English sentences, so a test can tell paragraphs apart.

const SUBJECTS = ['The council', 'A spokesperson', 'The minister', 'Local residents', 'The committee', 'Engineers', 'The mayor', 'Volunteers', 'The report', 'Shop owners', 'The inspector', 'Two witnesses'];
const VERBS = ['said', 'confirmed', 'argued', 'warned', 'explained', 'insisted', 'noted', 'suggested'];
const CLAUSES = [
  'that the bridge would reopen before the summer',
  'that the budget had been spent twice over',
  'that the flooding had reached the old mill by noon',
  'that nobody had been told about the delay',
  'that the new timetable would start in September',
  'that the library would keep its evening hours',
  'that the repairs had taken longer than planned',
  'that the vote would be held again next month',
  'that the river level was still rising overnight',
  'that the school would stay closed until Friday',
  'that the ferry had been cancelled for the week',
];

/** The `i`-th of a fixed series of distinct sentences (ending in a full stop). */
export function sentence(i: number): string {
  const subject = SUBJECTS[i % SUBJECTS.length]!;
  const verb = VERBS[Math.floor(i / SUBJECTS.length) % VERBS.length]!;
  const clause = CLAUSES[i % CLAUSES.length]!;
  return `${subject} ${verb} ${clause} (item ${i}).`;
}

/** `count` sentences from `from` on, joined by spaces: a paragraph of prose. */
export function prose(count: number, from = 0): string {
  return Array.from({ length: count }, (_, k) => sentence(from + k)).join(' ');
}
