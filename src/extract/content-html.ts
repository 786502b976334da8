/**
 * Clean HTML of the body: the selected units' subtrees rebuilt from the snapshot with a small
 * allow-list of tags and attributes, furniture left out. Pure; escapes all text.
 */
import { collapseWhitespace, printsNothing } from '../segment/text.js';
import { isStateLine, MAX_STATE_LINE_CHARS } from './state-lines.js';
import { elementAt, type LayoutTree } from '../segment/tree.js';
import type { LeafBlock } from '../segment/blocks.js';
import type { Comment } from './comments.js';

/** Tags kept as they are; any other element is unwrapped (its content kept). */
const KEPT_TAGS = new Set([
  'p', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'dl', 'dt', 'dd', 'blockquote', 'pre', 'code',
  'em', 'i', 'strong', 'b', 'u', 's', 'sub', 'sup', 'mark', 'q', 'cite', 'abbr', 'a', 'br', 'img', 'figure',
  'table', 'thead', 'tbody', 'tr', 'th', 'td', 'hr', 'figcaption',
]);
/** Kept tags that never have content. */
const VOID_TAGS = new Set(['br', 'img', 'hr']);

export function escapeHtml(text: string): string {
  return text.replace(/&/gu, '&amp;').replace(/</gu, '&lt;').replace(/>/gu, '&gt;').replace(/"/gu, '&quot;');
}

/** Elements whose structure the HTML and Markdown keep even where the body's text leaves them out. */
const STRUCTURE_TAGS = new Set(['pre', 'figure']);

/**
 * The body's blocks for its HTML, with the code blocks and figures that lie between its first
 * and last block inside its container added in their place: the body selection reads prose and
 * leaves them out of the text (which stays clean for corpora), the HTML and Markdown keep them.
 */
export function withStructure(tree: LayoutTree, blocks: readonly LeafBlock[], container: number): LeafBlock[] {
  if (blocks.length === 0) return [...blocks];
  const start = (b: LeafBlock): number => Math.min(b.ownerId, ...b.ids);
  const first = Math.min(...blocks.map(start));
  const last = Math.max(...blocks.map(start));
  const inBlock = (id: number): boolean => blocks.some((b) => (b.ids.length === 1 && b.ids[0] === b.ownerId ? [b.ownerId] : b.ids).some((r) => r <= id && id < (tree.subtreeEnd[r] ?? r + 1)));
  const added: LeafBlock[] = [];
  const end = Math.min(last, tree.subtreeEnd[container] ?? last);
  for (let id = Math.max(first, container + 1); id < end; id++) {
    const el = elementAt(tree, id);
    if (!el || tree.hidden[id] || !STRUCTURE_TAGS.has(el.tag)) continue;
    const after = tree.subtreeEnd[id] ?? id + 1;
    // Whole: one that holds or sits in a body block is already there.
    if (!inBlock(id) && !blocks.some((b) => id <= start(b) && start(b) < after)) {
      added.push({ ownerId: id, ids: [id], textLength: tree.stats[id]?.textLength ?? 0, linkTextLength: 0, punctuationCount: 0, style: blocks[0]!.style });
    }
    id = after - 1;
  }
  if (added.length === 0) return [...blocks];
  return [...blocks, ...added].sort((a, b) => start(a) - start(b));
}

/** The language of a code block from a `language-x` or `lang-x` class on the element or its `<pre>`. */
function codeLanguage(tree: LayoutTree, id: number): string | null {
  for (let p = id, level = 0; p >= 0 && level < 2; p = tree.nodes[p]?.parent ?? -1, level++) {
    const el = elementAt(tree, p);
    if (!el || (el.tag !== 'code' && el.tag !== 'pre')) break;
    for (const token of (el.attrs.class ?? '').split(/\s+/u)) {
      const m = /^(?:language|lang)-([\w+#.-]{1,32})$/u.exec(token);
      if (m) return m[1]!;
    }
  }
  return null;
}

/** Wrappers that give a leaf block its meaning: list items need their list, quotes their quote. */
const WRAPPER_TAGS = new Set(['ul', 'ol', 'dl', 'blockquote']);
/** A data table's parts: its cells need their rows and table (a layout table's do not: see isDataTable). */
const TABLE_PARTS = new Set(['table', 'thead', 'tbody', 'tfoot', 'tr']);

/**
 * HTML of the body's leaf blocks: each block's element (or run, as a paragraph), inside the
 * lists and quotes it sits in up to the container, wrappers opened and closed as blocks change.
 */
export function bodyHtml(tree: LayoutTree, blocks: readonly LeafBlock[], container: number, skip: (id: number) => boolean): string {
  const out: string[] = [];
  let open: number[] = [];
  const dataTables = new Map<number, boolean>();
  const isData = (table: number): boolean => {
    if (!dataTables.has(table)) dataTables.set(table, isDataTable(tree, table));
    return dataTables.get(table)!;
  };
  for (const block of blocks) {
    // A spacer paragraph (`<p>&zwj;</p>`) is none, nor a "Loading…" placeholder.
    if (!showsSomething(tree, block)) continue;
    const wrappers = wrappersOf(tree, block.ownerId, container, isData);
    let common = 0;
    while (common < open.length && common < wrappers.length && open[common] === wrappers[common]) common++;
    for (let i = open.length - 1; i >= common; i--) out.push(`</${elementAt(tree, open[i]!)!.tag}>`);
    for (let i = common; i < wrappers.length; i++) out.push(`<${elementAt(tree, wrappers[i]!)!.tag}>`);
    open = wrappers;
    const single = block.ids.length === 1 && block.ids[0] === block.ownerId;
    let html = single ? nodeHtml(tree, block.ownerId, skip, false).trim() : block.ids.map((id) => nodeHtml(tree, id, skip, false)).join('').trim();
    if (html === '') continue;
    const tag = elementAt(tree, block.ownerId)?.tag ?? '';
    const inDataTable = (tag === 'td' || tag === 'th') && open.length > 0 && elementAt(tree, open[open.length - 1]!)?.tag === 'tr';
    // A cell of a data table stays a cell; a layout table's cell is a paragraph (not a <td> outside any row).
    const cell = /^<(td|th)>([\s\S]*)<\/(?:td|th)>$/u.exec(html);
    if (inDataTable) html = cell ? html : `<${tag}>${html}</${tag}>`;
    else if (cell) html = `<p>${cell[2]!}</p>`;
    else if (!/^<(p|h[2-6]|li|dt|dd|pre|figure|table|blockquote)[\s>]/u.test(html)) html = tag === 'li' || tag === 'dt' || tag === 'dd' ? `<${tag}>${html}</${tag}>` : `<p>${html}</p>`;
    out.push(html);
  }
  for (let i = open.length - 1; i >= 0; i--) out.push(`</${elementAt(tree, open[i]!)!.tag}>`);
  return out.join('\n');
}

/**
 * True when the block shows a reader anything of the content: a text that prints and is no state
 * of the page ("Loading…", "Sponsored": state-lines.ts), or an image.
 */
function showsSomething(tree: LayoutTree, block: LeafBlock): boolean {
  let text = '';
  for (const id of block.ids) {
    const end = tree.subtreeEnd[id] ?? id + 1;
    for (let i = id; i < end; i++) {
      const node = tree.nodes[i];
      if (!node || tree.hidden[i]) continue;
      if (node.kind !== 'text') {
        if (node.tag === 'img') return true;
        continue;
      }
      if (printsNothing(node.text)) continue;
      text += node.text;
      if (text.length > MAX_STATE_LINE_CHARS) return true;
    }
  }
  return text !== '' && !isStateLine(text);
}

function wrappersOf(tree: LayoutTree, id: number, container: number, isData: (table: number) => boolean): number[] {
  const chain: number[] = [];
  const own = elementAt(tree, id);
  // A cell of a data table sits in its row and table; the parts are found on the way up.
  let table = -1;
  if (own && (own.tag === 'td' || own.tag === 'th')) {
    for (let p = tree.nodes[id]?.parent ?? -1; p > container; p = tree.nodes[p]?.parent ?? -1) {
      if (elementAt(tree, p)?.tag === 'table') {
        table = isData(p) ? p : -1;
        break;
      }
    }
  }
  for (let p = tree.nodes[id]?.parent ?? -1; p > container; p = tree.nodes[p]?.parent ?? -1) {
    const el = elementAt(tree, p);
    if (!el) continue;
    if (WRAPPER_TAGS.has(el.tag) || (table >= 0 && p >= table && TABLE_PARTS.has(el.tag))) chain.push(p);
  }
  return chain.reverse();
}

/**
 * A table of data, not of layout: it has header cells (`<th>` or `<thead>`) and none of its
 * cells holds blocks of text (a layout table's cells hold the page's paragraphs and columns).
 */
function isDataTable(tree: LayoutTree, table: number): boolean {
  let header = false;
  const end = tree.subtreeEnd[table] ?? table + 1;
  for (let id = table + 1; id < end; id++) {
    const el = elementAt(tree, id);
    if (!el) continue;
    if (el.tag === 'table') return false;
    if (el.tag === 'th' || el.tag === 'thead') header = true;
    if ((el.tag === 'td' || el.tag === 'th') && tree.hasBlockWithText[id]) return false;
  }
  return header;
}

/**
 * HTML of one subtree. Iterative (a frame per open element) because DOMs can be thousands of
 * levels deep: each frame gathers its children's HTML, then becomes a string in its parent.
 */
function nodeHtml(tree: LayoutTree, rootId: number, skip: (id: number) => boolean, rootPre: boolean): string {
  type Frame = { id: number; pre: boolean; next: number; parts: string[] };
  const open = (id: number, pre: boolean, into: string[]): Frame | undefined => {
    const node = tree.nodes[id];
    if (!node || tree.hidden[id] || skip(id)) return undefined;
    if (node.kind === 'text') {
      into.push(escapeHtml(pre ? node.text : collapseWhitespace(node.text)));
      return undefined;
    }
    const el = elementAt(tree, id)!;
    if (el.tag === 'img') {
      // Only web images: a javascript:, vbscript: or data: source is not an image in clean HTML.
      if (el.attrs.src && /^https?:/iu.test(el.attrs.src)) {
        into.push(`<img src="${escapeHtml(el.attrs.src)}"${el.attrs.alt ? ` alt="${escapeHtml(el.attrs.alt)}"` : ''}>`);
      }
      return undefined;
    }
    if (VOID_TAGS.has(el.tag)) {
      into.push(`<${el.tag}>`);
      return undefined;
    }
    return { id, pre: pre || el.preservesWhitespace, next: 0, parts: [] };
  };
  const result: string[] = [];
  const first = open(rootId, rootPre, result);
  if (!first) return result.join('');
  const stack: Frame[] = [first];
  while (stack.length > 0) {
    const frame = stack[stack.length - 1]!;
    const el = elementAt(tree, frame.id)!;
    if (frame.next < el.children.length) {
      const child = open(el.children[frame.next++]!, frame.pre, frame.parts);
      if (child) stack.push(child);
      continue;
    }
    stack.pop();
    const html = closeElement(tree, frame.id, frame.parts.join(''));
    (stack.length > 0 ? stack[stack.length - 1]!.parts : result).push(html);
  }
  return result.join('');
}

function closeElement(tree: LayoutTree, id: number, inner: string): string {
  const el = elementAt(tree, id)!;
  if (!KEPT_TAGS.has(el.tag)) {
    // Unwrapped block elements (div, section) still separate paragraphs.
    if (tree.isBlock[id] && inner.trim() !== '' && !/^\s*<(pre|p|h[2-6]|ul|ol|blockquote|figure|table|div)/u.test(inner)) {
      return `<p>${inner.trim()}</p>`;
    }
    return inner;
  }
  if (inner.trim() === '' && el.tag !== 'td' && el.tag !== 'th') return '';
  // Only web and mail links survive: a javascript: or data: href is not a link in clean HTML.
  const href = el.tag === 'a' && el.attrs.href && /^(https?|mailto):/iu.test(el.attrs.href) ? ` href="${escapeHtml(el.attrs.href)}"` : '';
  // A code block keeps its language (Markdown's fence reads it from the <code> class).
  const language = el.tag === 'code' ? codeLanguage(tree, id) : null;
  if (el.tag === 'pre' && !inner.startsWith('<code')) {
    const lang = codeLanguage(tree, id);
    if (lang) return `<pre><code class="language-${escapeHtml(lang)}">${inner}</code></pre>`;
  }
  return `<${el.tag}${href}${language ? ` class="language-${escapeHtml(language)}"` : ''}>${inner}</${el.tag}>`;
}

/**
 * The comments as HTML after the body (`--comments`, or a forum thread's replies): a "Comments"
 * (or "Replies") heading, then each comment as an `<article>` with its author and date on the
 * first line and its paragraphs. Every text escaped.
 */
export function commentsHtml(comments: readonly Comment[], heading: 'Comments' | 'Replies' = 'Comments'): string {
  const parts = [`<h2>${heading}</h2>`];
  for (const c of comments) {
    const who = [c.author ? `<strong>${escapeHtml(c.author)}</strong>` : '', c.date ? `<time>${escapeHtml(c.date)}</time>` : ''].filter((x) => x !== '');
    const paragraphs = c.text.split(/\n{2,}/u).map((p) => `<p>${escapeHtml(p).replace(/\n/gu, '<br>')}</p>`);
    parts.push(`<article>${who.length > 0 ? `<p>${who.join(' · ')}</p>` : ''}${paragraphs.join('')}</article>`);
  }
  return parts.join('\n');
}
