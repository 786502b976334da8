/**
 * A saved page that ran past its time budget (issue 14) is cut down in Node and rendered once
 * more, rather than lost: the children of the longest lists and tables past the first
 * `keepChildren` are replaced by one note saying how many were cut, and very long texts are
 * truncated with a note. Subtrees that hold the page's prose are cut last, and never one that
 * holds a quarter of it (the article stays whole).
 *
 * Pure: markup in, markup and the cuts (kind 'time') out. Works on the markup as latin1, like
 * flatten-nesting.ts, so any ASCII-compatible encoding comes back byte for byte where uncut.
 */
import type { PageCut } from '../types.js';
import { applyEdits } from './flatten-nesting.js';
import { isRootTag, OpenElements, rewritableMarkup, scanMarkup, VOID_TAGS } from './markup-scan.js';

export interface ReductionLimits {
  /** Elements (start tags) the reduced page keeps at most, where cutting long lists and tables allows it. */
  maxElements: number;
  /** A list or table keeps this many children; the rest become one note. */
  keepChildren: number;
  /** A text longer than this is truncated (at a space when one is near) with a note. */
  maxTextChars: number;
}

export const DEFAULT_REDUCTION_LIMITS: Readonly<ReductionLimits> = Object.freeze({
  // A news page of 1k–20k elements renders and snapshots in well under a second; a page that
  // has already spent the whole budget is cut to the lower end of that.
  maxElements: 10_000,
  keepChildren: 20,
  maxTextChars: 100_000,
});

/** Text a reader would call prose: at least this many characters, with a space in them (as page-budget.ts). */
const PROSE_MIN_CHARS = 20;
/** Prose characters that make a removed element as costly to lose as one element is to keep. */
const PROSE_CHARS_PER_ELEMENT = 100;
/** A cut may take at most this share of the page's prose: the article is never cut away. */
const MAX_PROSE_SHARE_PER_CUT = 0.25;

export interface ReducedDocument {
  /** The markup to render again: `bytes` itself when there was nothing to cut. */
  bytes: Buffer;
  /** One 'time' cut per list, table or text shortened; empty when nothing was. */
  cuts: PageCut[];
}

interface Element {
  tag: string;
  parent: number;
  start: number;
  /** Where it ends: after its end tag, or where something closed it. */
  end: number;
  children: number[];
  /** Elements in its subtree, itself included. */
  size: number;
  /** Prose characters in its subtree. */
  prose: number;
}

/** The note that stands in for cut children, as an element that may sit where they sat. */
function note(parentTag: string, text: string): string {
  if (parentTag === 'ul' || parentTag === 'ol' || parentTag === 'menu') return `<li>${text}</li>`;
  if (parentTag === 'table' || parentTag === 'tbody' || parentTag === 'thead' || parentTag === 'tfoot') return `<tr><td>${text}</td></tr>`;
  if (parentTag === 'tr') return `<td>${text}</td>`;
  if (parentTag === 'dl') return `<dd>${text}</dd>`;
  if (parentTag === 'select' || parentTag === 'datalist') return `<option>${text}</option>`;
  return `<div>${text}</div>`;
}

export function reduceDocument(bytes: Buffer, limits: ReductionLimits = DEFAULT_REDUCTION_LIMITS): ReducedDocument {
  const unchanged = { bytes, cuts: [] };
  const html = rewritableMarkup(bytes);
  if (html === null) return unchanged;

  // The element tree, as the scanner's model of the parser has it; element 0 stands for <body>.
  const elements: Element[] = [{ tag: 'body', parent: -1, start: 0, end: html.length, children: [], size: 0, prose: 0 }];
  const longTexts: Array<{ start: number; end: number; parent: number }> = [];
  const open = new OpenElements<number>((element, at) => {
    elements[element.data]!.end = at;
  });
  const current = (): number => open.stack.at(-1)?.data ?? 0;
  scanMarkup(html, (token) => {
    if (token.kind === 'text') {
      const length = token.end - token.start;
      if (length > limits.maxTextChars) longTexts.push({ start: token.start, end: token.end, parent: current() });
      if (length >= PROSE_MIN_CHARS && !open.isOpen('a') && /\s/u.test(html.slice(token.start, Math.min(token.end, token.start + 200)))) {
        elements[current()]!.prose += length;
      }
    } else if (token.kind === 'start' && !isRootTag(token.name)) {
      open.impliedEnds(token.name, token.start);
      const id = elements.length;
      const parent = current();
      elements.push({ tag: token.name, parent, start: token.start, end: token.end, children: [], size: 0, prose: 0 });
      elements[parent]!.children.push(id);
      if (!VOID_TAGS.has(token.name) && !(token.selfClosing && open.foreign)) open.push(token.name, token.start, id);
    } else if (token.kind === 'end' && !isRootTag(token.name)) {
      const element = open.end(token.name, token.start);
      if (element) elements[element.data]!.end = token.end;
    }
  });
  open.closeAll(html.length);
  // Sizes and prose bottom-up: ids are in document order, so children come after parents.
  for (let id = elements.length - 1; id >= 0; id--) {
    const element = elements[id]!;
    element.size += id === 0 ? 0 : 1;
    if (element.parent >= 0) {
      elements[element.parent]!.size += element.size;
      elements[element.parent]!.prose += element.prose;
    }
  }
  const totalProse = elements[0]!.prose;

  // Candidates: the children of a long list past the first `keepChildren`, costliest first.
  const candidates: Array<{ id: number; from: number; removed: number; prose: number }> = [];
  for (let id = 1; id < elements.length; id++) {
    const children = elements[id]!.children;
    if (children.length <= limits.keepChildren + 1) continue;
    let removed = 0;
    let prose = 0;
    for (let k = limits.keepChildren; k < children.length; k++) {
      removed += elements[children[k]!]!.size;
      prose += elements[children[k]!]!.prose;
    }
    if (prose > totalProse * MAX_PROSE_SHARE_PER_CUT) continue;
    candidates.push({ id, from: limits.keepChildren, removed, prose });
  }
  const weight = (c: { removed: number; prose: number }): number => c.removed / (1 + c.prose / PROSE_CHARS_PER_ELEMENT);
  candidates.sort((a, b) => weight(b) - weight(a) || a.id - b.id);

  const edits: Array<{ start: number; end: number; text: string }> = [];
  const cuts: PageCut[] = [];
  const taken: Array<{ start: number; end: number }> = [];
  const overlaps = (start: number, end: number): boolean => taken.some((t) => start < t.end && t.start < end);
  let remaining = elements[0]!.size;
  for (const c of candidates) {
    if (remaining <= limits.maxElements) break;
    const parent = elements[c.id]!;
    const first = elements[parent.children[c.from]!]!;
    const last = elements[parent.children.at(-1)!]!;
    const start = first.start;
    const end = Math.max(last.end, first.start);
    if (overlaps(start, end)) continue;
    const count = parent.children.length - c.from;
    const childTag = first.tag;
    let chars = 0;
    for (const t of longTexts) if (t.start >= start && t.end <= end) chars += t.end - t.start;
    taken.push({ start, end });
    remaining -= c.removed;
    edits.push({ start, end, text: note(parent.tag, `[${count.toLocaleString('en')} more ${childTag} items cut: the page ran past its time budget]`) });
    cuts.push({ kind: 'time', nodeId: -1, tag: parent.tag, count, nodes: c.removed, chars });
  }
  for (const t of longTexts) {
    if (overlaps(t.start, t.end)) continue;
    const head = html.slice(t.start, t.start + limits.maxTextChars);
    const space = head.lastIndexOf(' ');
    const kept = space > limits.maxTextChars * 0.9 ? head.slice(0, space) : head;
    const cutChars = t.end - t.start - kept.length;
    taken.push(t);
    edits.push({ start: t.start, end: t.end, text: `${kept} [...${cutChars.toLocaleString('en')} characters cut: the page ran past its time budget]` });
    cuts.push({ kind: 'time', nodeId: -1, tag: elements[t.parent]!.tag, count: 1, nodes: 0, chars: cutChars });
  }
  if (edits.length === 0) return unchanged;
  edits.sort((a, b) => a.start - b.start);
  cuts.sort((a, b) => b.nodes - a.nodes || b.chars - a.chars);
  return { bytes: applyEdits(html, edits), cuts };
}
