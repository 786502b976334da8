/**
 * The article: title, text with paragraph breaks, clean HTML, Markdown and metadata, built
 * from a layout tree and a body selection. Pure apart from Turndown (a pure string library).
 */
import type { LayoutTree } from '../segment/tree.js';
import type { ScoredUnit } from '../types.js';
import type { Selection } from '../score/select.js';
import { collapseWhitespace } from '../segment/text.js';
import { bodyHtml } from './content-html.js';
import { toMarkdown } from './markdown.js';
import { readMetadata, type ArticleMetadata } from './metadata.js';

export interface Article extends ArticleMetadata {
  /** The URL the page was rendered at. */
  url: string;
  /** Body text; paragraphs separated by a blank line. */
  text: string;
  html: string;
  markdown: string;
  /** Words, counting each CJK character as one. */
  wordCount: number;
}

export function buildArticle(tree: LayoutTree, units: readonly ScoredUnit[], selection: Extract<Selection, { kind: 'article' }>): Article {
  const text = selection.blocks.join('\n\n');
  const skipped = new Set(selection.skippedIds);
  const html = bodyHtml(tree, selection.bodyBlocks, selection.containerId, (id) => skipped.has(id));
  const metadata = readMetadata(tree.snapshot, text);
  const firstBodyTop = Math.min(...selection.bodyBlocks.map((b) => tree.nodes[b.ownerId]?.kind === 'element' ? (tree.nodes[b.ownerId] as { box: { y: number } }).box.y : Infinity));
  return {
    ...metadata,
    title: pickTitle(tree, metadata.title, firstBodyTop),
    url: tree.snapshot.url,
    text,
    html,
    markdown: toMarkdown(html),
    wordCount: countWords(text),
  };
}

/**
 * The headline: the visible `<h1>` that the page's declared title agrees with, else the largest
 * `<h1>` above the body, else the declared title with a trailing " | Site name" removed.
 */
function pickTitle(tree: LayoutTree, declared: string | null, bodyTop: number): string | null {
  const h1s: Array<{ text: string; fontSizePx: number; y: number }> = [];
  tree.nodes.forEach((node, id) => {
    if (node.kind !== 'element' || node.tag !== 'h1' || tree.hidden[id]) return;
    const text = collapseWhitespace(textOf(tree, id)).trim();
    if (text) h1s.push({ text, fontSizePx: node.fontSizePx, y: node.box.y });
  });
  const agreed = declared ? h1s.find((h) => declared.includes(h.text) || h.text.includes(declared)) : undefined;
  if (agreed) return agreed.text;
  const above = h1s.filter((h) => h.y <= bodyTop).sort((a, b) => b.fontSizePx - a.fontSizePx)[0];
  if (above) return above.text;
  if (h1s.length === 1) return h1s[0]!.text;
  if (!declared) return null;
  const parts = declared.split(/\s+[|–—-]\s+/u);
  return parts.length > 1 ? parts.reduce((a, b) => (b.length > a.length ? b : a)) : declared;
}

function textOf(tree: LayoutTree, id: number): string {
  const node = tree.nodes[id];
  if (!node) return '';
  if (node.kind === 'text') return node.text;
  return node.children.map((c) => textOf(tree, c)).join('');
}

export function countWords(text: string): number {
  const cjk = text.match(/[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff\uac00-\ud7af]/gu)?.length ?? 0;
  const words = text.replace(/[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff\uac00-\ud7af]/gu, ' ').match(/[\p{L}\p{N}]+/gu)?.length ?? 0;
  return cjk + words;
}
