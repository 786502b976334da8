/**
 * The links of a rendered page, sorted the way the store keeps them (docs/methods.md §9), and the crawl's
 * scope. Pure.
 *
 * - Every `<a href>` of the layout snapshot (the collector resolves hrefs against the page, so
 *   relative links arrive absolute; what cannot be resolved arrives as written).
 * - `normalizeUrl` fails → a bad link with its reason (`javascript:`, `mailto:`, `data:`,
 *   `file:` schemes, malformed URLs, over-long URLs). Never fetched.
 * - In scope (a seed's site, or an allowed domain or a subdomain of one) → an internal link at
 *   the page's level + 1. It is a frontier candidate when that level is within `maxDepth`.
 * - Out of scope → an external link (url, anchor: the link graph), and also a bad link with
 *   reason `out-of-scope` (the record of every href the crawl will not fetch, and why).
 * Links are deduplicated per page by normalised URL (bad ones by raw href); the first anchor wins,
 * and with it the link's context (where on the page it sits: `linkContext`).
 */
import type { LayoutSnapshot, SnapshotNode } from '../types.js';
import { normalizeUrl, siteOf, type NormalizeOptions } from '../url/index.js';
import { linkContext, type AncestorInfo } from './link-context.js';

export interface CrawlScope {
  /** Sites of the seeds (`siteOf`). */
  sites: ReadonlySet<string>;
  /** Extra domains (lower-case); a URL whose host is one of them or a subdomain is in scope. */
  allowDomains: readonly string[];
  /** Deepest level fetched (the start page is level 0). */
  maxDepth: number;
}

export interface InternalLink {
  url: string;
  site: string;
  anchor: string | null;
  /** `linkContext` words ('' → null). */
  context: string | null;
  level: number;
}

/** An `<a href>` of a page: raw href, anchor text and context words. */
export interface PageAnchor {
  href: string;
  anchor: string;
  /** `linkContext` of the link; absent when the source has no DOM around the link. */
  context?: string;
}

export interface ExternalLink {
  url: string;
  anchor: string | null;
}

export interface BadLink {
  raw: string;
  reason: string;
}

export interface PageLinks {
  internal: InternalLink[];
  external: ExternalLink[];
  bad: BadLink[];
}

/** Anchor texts are cut here: enough to read the link, not a paragraph. */
const MAX_ANCHOR_CHARS = 200;
/** Raw hrefs of bad links are cut here (a `data:` URL can be megabytes). */
const MAX_RAW_CHARS = 500;

/** The site of a URL under the scope, or null when it is out of scope. */
export function siteInScope(url: string, scope: CrawlScope): string | null {
  const site = siteOf(url);
  if (site === null) return null;
  if (scope.sites.has(site)) return site;
  const host = new URL(url).hostname.toLowerCase();
  for (const domain of scope.allowDomains) if (host === domain || host.endsWith(`.${domain}`)) return site;
  return null;
}

/** `<a href>` elements of a snapshot: raw href, anchor text and context, in document order. */
export function anchorsOf(snapshot: LayoutSnapshot): PageAnchor[] {
  const out: PageAnchor[] = [];
  for (const node of snapshot.nodes) {
    if (node.kind !== 'element' || node.tag !== 'a' || node.attrs.href === undefined) continue;
    out.push({ href: node.attrs.href, anchor: textOf(snapshot.nodes, node.id), context: linkContext(chainOf(snapshot.nodes, node.id)) });
  }
  return out;
}

/** The element `id` and its ancestors up to (not including) `<body>`, nearest first. */
function chainOf(nodes: readonly SnapshotNode[], id: number): AncestorInfo[] {
  const chain: AncestorInfo[] = [];
  for (let at = id; at > 0 && chain.length < 64; ) {
    const node = nodes[at];
    if (node === undefined || node.kind !== 'element') break;
    chain.push({ tag: node.tag, ...node.attrs });
    at = node.parent;
  }
  return chain;
}

export function classifyLinks(
  anchors: readonly PageAnchor[],
  pageDepth: number,
  scope: CrawlScope,
  normalize: NormalizeOptions = {},
): PageLinks {
  const links: PageLinks = { internal: [], external: [], bad: [] };
  const seen = new Set<string>();
  const seenBad = new Set<string>();
  for (const { href, anchor, context } of anchors) {
    const text = anchor === '' ? null : anchor;
    const normalized = normalizeUrl(href, undefined, normalize);
    if (!normalized.ok) {
      const raw = href.length > MAX_RAW_CHARS ? href.slice(0, MAX_RAW_CHARS) : href;
      if (!seenBad.has(raw)) {
        seenBad.add(raw);
        links.bad.push({ raw, reason: normalized.reason });
      }
      continue;
    }
    const url = normalized.url;
    if (seen.has(url)) continue;
    seen.add(url);
    const site = siteInScope(url, scope);
    if (site === null) {
      links.external.push({ url, anchor: text });
      if (!seenBad.has(url)) {
        seenBad.add(url);
        links.bad.push({ raw: url, reason: `out-of-scope: ${siteOf(url) ?? 'no site'} is not a site of this crawl` });
      }
      continue;
    }
    links.internal.push({ url, site, anchor: text, context: context === undefined || context === '' ? null : context, level: pageDepth + 1 });
  }
  return links;
}

function textOf(nodes: readonly SnapshotNode[], id: number): string {
  let text = '';
  const stack = [id];
  // Pre-order walk; children pushed in reverse so they pop in document order.
  while (stack.length > 0 && text.length < MAX_ANCHOR_CHARS) {
    const node = nodes[stack.pop() as number];
    if (node === undefined) continue;
    if (node.kind === 'text') text += node.text;
    else for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i] as number);
  }
  return text.replace(/\s+/g, ' ').trim().slice(0, MAX_ANCHOR_CHARS);
}
