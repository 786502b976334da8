/**
 * What a saved page loses before it is rendered so that one render fits its time budget
 * (issue 21 item 8), decided from what the markup pass counted: past a number of elements the
 * children of the longest lists and tables past the first `keepChildren` are replaced by one
 * note saying how many were cut; very long texts are truncated with a note; very long style
 * sheets are cut at the end of a rule, and very long inline styles removed. Subtrees that hold
 * the page's prose are cut last, and never one that holds a quarter of it (the article stays
 * whole). Every cut is a `PageCut` of kind 'time' in the record and in --explain.
 *
 * The limits are far past real pages (no AEB or WCXB-dev page comes near any of them), so a
 * news page is never touched; they are for the pages whose render alone would outrun the budget. Before
 * this, such a page was rendered, ran into the budget, was cut and rendered a second time,
 * and took twice the budget or more. Pure.
 */
import type { PageCut } from '../types.js';
import type { Edit } from './edits.js';
import type { ElementTree, LongParts, MarkupFacts } from './markup-pass.js';

export interface BudgetLimits {
  /** A page with more elements has its long lists and tables cut until it has no more than this. */
  maxElements: number;
  /** A list or table cut keeps this many children; the rest become one note. */
  keepChildren: number;
  /** A text longer than this is truncated (at a space when one is near) with a note. */
  maxTextChars: number;
  /** A `<style>` text longer than this is cut at the end of the last rule before it. */
  maxStyleChars: number;
  /** A `style` attribute longer than this is removed. */
  maxStyleAttributeChars: number;
}

/**
 * The limits at the default time budget of 10 s: each well past the largest of the 1,678 real
 * pages of AEB and WCXB-dev (measured with the markup pass: at most 15,790 elements, a text of
 * 94,227 characters, one style sheet of 1,125,851, an inline style of 19,721), so no real page
 * is cut; and low enough that the hostile shapes of `npm run bench:hostile -- budget` (a 1,000 ×
 * 100 table, 150,000 list items, a 10 MB text) render once within the budget on the loaded
 * 2-core dev machine, where one render of the whole page took 12–25 s (about 0.1 ms per element).
 * Re-run both after any change.
 */
export const DEFAULT_BUDGET_LIMITS: Readonly<BudgetLimits> = Object.freeze({
  maxElements: 40_000,
  keepChildren: 20,
  maxTextChars: 500_000,
  maxStyleChars: 2_000_000,
  maxStyleAttributeChars: 100_000,
});

/** The time budget the default limits are set for. */
const DEFAULT_BUDGET_MS = 10_000;

/**
 * The limits for a time budget: a longer budget allows proportionally more; a shorter one
 * keeps the default limits (real pages stay whole; a page that still outruns a short budget
 * ends with `render-timeout`).
 */
export function budgetLimits(timeBudgetMs: number, limits: Readonly<BudgetLimits> = DEFAULT_BUDGET_LIMITS): BudgetLimits {
  const scale = Math.max(1, timeBudgetMs / DEFAULT_BUDGET_MS);
  return {
    maxElements: Math.round(limits.maxElements * scale),
    keepChildren: limits.keepChildren,
    maxTextChars: Math.round(limits.maxTextChars * scale),
    maxStyleChars: Math.round(limits.maxStyleChars * scale),
    maxStyleAttributeChars: Math.round(limits.maxStyleAttributeChars * scale),
  };
}

/** Prose characters that make a removed element as costly to lose as one element is to keep. */
const PROSE_CHARS_PER_ELEMENT = 100;
/** A cut may take at most this share of the page's prose: the article is never cut away. */
const MAX_PROSE_SHARE_PER_CUT = 0.25;
const REASON = 'the page would run past its time budget';

/** The note that stands in for cut children, as an element that may sit where they sat. */
function note(parentTag: string, text: string): string {
  if (parentTag === 'ul' || parentTag === 'ol' || parentTag === 'menu') return `<li>${text}</li>`;
  if (parentTag === 'table' || parentTag === 'tbody' || parentTag === 'thead' || parentTag === 'tfoot') return `<tr><td>${text}</td></tr>`;
  if (parentTag === 'tr') return `<td>${text}</td>`;
  if (parentTag === 'dl') return `<dd>${text}</dd>`;
  if (parentTag === 'select' || parentTag === 'datalist') return `<option>${text}</option>`;
  return `<div>${text}</div>`;
}

/** Whether anything is past the limits (from the counts alone: the tree is needed only then). */
export function pastBudgetLimits(facts: MarkupFacts, limits: BudgetLimits): boolean {
  return (
    facts.elements > limits.maxElements ||
    facts.longestText > limits.maxTextChars ||
    facts.longestStyle > limits.maxStyleChars ||
    facts.longestStyleAttribute > limits.maxStyleAttributeChars
  );
}

/** Whether the element tree is needed: only to cut elements. */
export function needsTree(facts: MarkupFacts, limits: BudgetLimits): boolean {
  return facts.elements > limits.maxElements;
}

/**
 * The edits that bring the page within `limits`, and the cuts they make; none for a page
 * within them. `html` is the markup the pass read (latin1: offsets are bytes); `tree` is
 * needed when `needsTree`.
 */
export function budgetCuts(html: string, facts: MarkupFacts, long: LongParts, tree: ElementTree | null, limits: BudgetLimits): { edits: Edit[]; cuts: PageCut[] } {
  if (!pastBudgetLimits(facts, limits)) return { edits: [], cuts: [] };
  const edits: Edit[] = [];
  const cuts: PageCut[] = [];
  const taken: Array<{ start: number; end: number }> = [];
  const overlaps = (start: number, end: number): boolean => taken.some((t) => start < t.end && t.start < end);
  if (tree && needsTree(facts, limits)) cutElements(tree, long, limits, edits, cuts, taken, overlaps);

  for (const t of long.texts) {
    if (t.end - t.start <= limits.maxTextChars || overlaps(t.start, t.end)) continue;
    let keep = t.start + limits.maxTextChars;
    const space = html.lastIndexOf(' ', keep);
    if (space > t.start + limits.maxTextChars * 0.9) keep = space;
    keep = utf8Boundary(html, keep, t.start);
    const cutChars = t.end - keep;
    taken.push(t);
    edits.push({ start: keep, end: t.end, text: ` [...${cutChars.toLocaleString('en')} characters cut: ${REASON}]` });
    cuts.push({ kind: 'time', nodeId: -1, tag: t.tag, count: 1, nodes: 0, chars: cutChars });
  }

  for (const s of long.styles) {
    if (s.end - s.start <= limits.maxStyleChars || overlaps(s.start, s.end)) continue;
    // After the last rule that ends within the limit (a cut rule would only be dropped by CSS's
    // error handling, but an unclosed block could swallow nothing more: there is nothing after).
    const ruleEnd = html.lastIndexOf('}', s.start + limits.maxStyleChars);
    const keep = ruleEnd >= s.start ? ruleEnd + 1 : s.start;
    taken.push(s);
    edits.push({ start: keep, end: s.end, text: '' });
    cuts.push({ kind: 'time', nodeId: -1, tag: 'style', count: 1, nodes: 0, chars: s.end - keep });
  }

  for (const a of long.styleAttributes) {
    if (a.end - a.start <= limits.maxStyleAttributeChars || overlaps(a.start, a.end)) continue;
    taken.push(a);
    edits.push({ start: a.start, end: a.end, text: '' });
    cuts.push({ kind: 'time', nodeId: -1, tag: a.tag, count: 1, nodes: 0, chars: a.end - a.start });
  }
  cuts.sort((a, b) => b.nodes - a.nodes || b.chars - a.chars);
  return { edits, cuts };
}

/** Long lists and tables cut (see the module comment), into `edits`, `cuts` and `taken`. */
function cutElements(
  tree: ElementTree,
  long: LongParts,
  limits: BudgetLimits,
  edits: Edit[],
  cuts: PageCut[],
  taken: Array<{ start: number; end: number }>,
  overlaps: (start: number, end: number) => boolean,
): void {
  const count = tree.tag.length;
  // Sizes and prose bottom-up: ids are in document order, so children come after parents.
  const size = new Array<number>(count).fill(0);
  const prose = [...tree.prose];
  const children: number[][] = Array.from({ length: count }, () => []);
  for (let id = 1; id < count; id++) children[tree.parent[id]!]!.push(id);
  for (let id = count - 1; id >= 0; id--) {
    size[id]! += id === 0 ? 0 : 1;
    const parent = tree.parent[id]!;
    if (parent >= 0) {
      size[parent]! += size[id]!;
      prose[parent]! += prose[id]!;
    }
  }
  const totalProse = prose[0]!;

  // Candidates: the children of a long list past the first `keepChildren` (the page's body
  // too), as runs that leave out a child holding much of the prose; costliest first.
  const maxProse = totalProse * MAX_PROSE_SHARE_PER_CUT;
  const candidates: Array<{ id: number; from: number; to: number; removed: number; prose: number }> = [];
  for (let id = 0; id < count; id++) {
    const kids = children[id]!;
    if (kids.length <= limits.keepChildren + 1) continue;
    let from = limits.keepChildren;
    let removed = 0;
    let cutProse = 0;
    const close = (to: number): void => {
      // A run that holds much of the prose together (the article's own paragraphs) stays.
      if (to - from >= 1 && cutProse <= maxProse) candidates.push({ id, from, to, removed, prose: cutProse });
      removed = 0;
      cutProse = 0;
    };
    for (let k = limits.keepChildren; k < kids.length; k++) {
      const child = kids[k]!;
      if (prose[child]! > maxProse) {
        // This child stays (it holds the article): the run ends before it, the next starts after.
        close(k - 1);
        from = k + 1;
        continue;
      }
      removed += size[child]!;
      cutProse += prose[child]!;
    }
    close(kids.length - 1);
  }
  const weight = (c: { removed: number; prose: number }): number => c.removed / (1 + c.prose / PROSE_CHARS_PER_ELEMENT);
  candidates.sort((a, b) => weight(b) - weight(a) || a.id - b.id || a.from - b.from);
  let remaining = size[0]!;
  for (const c of candidates) {
    if (remaining <= limits.maxElements) break;
    const kids = children[c.id]!;
    const first = kids[c.from]!;
    const start = tree.start[first]!;
    const end = Math.max(tree.end[kids[c.to]!]!, start);
    if (overlaps(start, end)) continue;
    const cut = c.to - c.from + 1;
    let chars = 0;
    for (const t of long.texts) if (t.start >= start && t.end <= end) chars += t.end - t.start;
    taken.push({ start, end });
    remaining -= c.removed;
    edits.push({ start, end, text: note(tree.tag[c.id]!, `[${cut.toLocaleString('en')} more ${tree.tag[first]} items cut: ${REASON}]`) });
    cuts.push({ kind: 'time', nodeId: -1, tag: tree.tag[c.id]!, count: cut, nodes: c.removed, chars });
  }
}

/**
 * `at`, moved back (not before `floor`) so that it does not split a UTF-8 sequence: the markup
 * is a latin1 view of the bytes, where continuation bytes are U+0080–U+00BF.
 */
function utf8Boundary(html: string, at: number, floor: number): number {
  let i = at;
  while (i > floor && html.charCodeAt(i) >= 0x80 && html.charCodeAt(i) <= 0xbf) i--;
  return i;
}
