/**
 * The links of a generated page read from its HTML without a browser, for the lab's link graphs:
 * href, anchor text and `linkContext` (the same words the crawler reads from a rendered
 * snapshot). The generator writes well-formed HTML, so a tag stack is enough. Pure.
 */
import { linkContext, type AncestorInfo } from '../../crawl/link-context.js';

export interface HtmlLink {
  href: string;
  anchor: string;
  context: string;
}

const TOKEN = /<(\/?)([a-zA-Z][a-zA-Z0-9]*)(?![a-zA-Z0-9])([^>]*)>|([^<]+)/g;
const ATTR = /(?<![a-zA-Z-])([a-zA-Z-]+)="([^"]*)"/g;
const VOID = new Set(['meta', 'link', 'input', 'br', 'img', 'hr', 'source', 'wbr']);
/** Above the page body: not part of a link's context (the crawler's chain stops at `<body>`). */
const ROOTS = new Set(['html', 'head', 'body']);

export function htmlLinks(html: string): HtmlLink[] {
  const stack: AncestorInfo[] = [];
  const out: HtmlLink[] = [];
  let open: { href: string; text: string; context: string } | null = null;
  for (const m of html.matchAll(TOKEN)) {
    if (m[4] !== undefined) {
      if (open !== null) open.text += m[4];
      continue;
    }
    const closing = m[1] === '/';
    const tag = m[2]!.toLowerCase();
    if (closing) {
      if (tag === 'a' && open !== null) {
        out.push({ href: open.href, anchor: decode(open.text).replace(/\s+/g, ' ').trim(), context: open.context });
        open = null;
      }
      const at = stack.map((n) => n.tag).lastIndexOf(tag);
      if (at >= 0) stack.length = at;
      continue;
    }
    if (VOID.has(tag) || tag === 'script' || tag === 'style') continue;
    const attrs: Record<string, string> = {};
    for (const a of m[3]!.matchAll(ATTR)) attrs[a[1]!.toLowerCase()] = decode(a[2]!);
    const node: AncestorInfo = { tag, ...(attrs['id'] ? { id: attrs['id'] } : {}), ...(attrs['class'] ? { class: attrs['class'] } : {}), ...(attrs['role'] ? { role: attrs['role'] } : {}) };
    if (tag === 'a' && attrs['href'] !== undefined) {
      const chain = [node, ...stack.filter((n) => !ROOTS.has(n.tag)).reverse()];
      open = { href: attrs['href'], text: '', context: linkContext(chain) };
    }
    stack.push(node);
  }
  return out;
}

function decode(text: string): string {
  return text.replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'");
}
