/**
 * What a page's JSON-LD says about its article: the first node of an article type (at the top,
 * in an array, in `@graph`, or as `mainEntity`), with `{"@id": …}` references (Yoast's graphs
 * name the author and publisher that way) resolved against every node of every block. The
 * page's WebPage node and its WebSite node are read for the fields an article node lacks. Pure.
 */

import { decodeHTML } from 'entities';
import { parseJsonBlock } from '../text/json-block.js';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

/** schema.org types whose node describes the article itself. */
const ARTICLE_TYPES = new Set([
  'NewsArticle', 'Article', 'ReportageNewsArticle', 'AnalysisNewsArticle', 'OpinionNewsArticle', 'BackgroundNewsArticle',
  'ReviewNewsArticle', 'BlogPosting', 'LiveBlogPosting', 'SocialMediaPosting', 'DiscussionForumPosting', 'Report',
  'ScholarlyArticle', 'TechArticle', 'Review', 'Recipe', 'HowTo', 'QAPage', 'Question', 'VideoObject',
]);
const PAGE_TYPES = new Set(['WebPage', 'ItemPage', 'AboutPage', 'CollectionPage', 'ProfilePage', 'FAQPage']);
/** At most this many nodes are visited per page (a catalogue page's JSON-LD can be huge). */
const MAX_NODES = 5_000;

export interface JsonLdFacts {
  headline: string | null;
  /** Author names as given (a person's or an organisation's `name`, or a plain string). */
  authors: string[];
  published: string | null;
  modified: string | null;
  /** The WebPage node's datePublished (a weaker source than the article's). */
  pagePublished: string | null;
  url: string | null;
  image: string | null;
  publisher: string | null;
  websiteName: string | null;
  description: string | null;
  sections: string[];
  keywords: string[];
  inLanguage: string | null;
  license: string | null;
}

export function parseJsonLd(blocks: readonly string[]): JsonLdFacts {
  const all: JsonObject[] = [];
  for (const raw of blocks) {
    // Broken JSON-LD is common: a block that cannot be read even mended is simply not a source.
    const parsed = parseJsonBlock(raw) as Json | undefined;
    if (parsed === undefined) continue;
    const queue: Json[] = [parsed];
    while (queue.length > 0 && all.length < MAX_NODES) {
      const node = queue.shift()!;
      if (Array.isArray(node)) queue.push(...node);
      else if (node && typeof node === 'object') {
        all.push(node);
        if (node['@graph']) queue.push(node['@graph']);
        if (node['mainEntity'] && typeof node['mainEntity'] === 'object') queue.push(node['mainEntity']);
        if (node['mainEntityOfPage'] && typeof node['mainEntityOfPage'] === 'object') queue.push(node['mainEntityOfPage']);
      }
    }
  }
  const byId = new Map<string, JsonObject>();
  for (const node of all) {
    const id = node['@id'];
    if (typeof id === 'string' && Object.keys(node).length > 1 && !byId.has(id)) byId.set(id, node);
  }
  const resolve = (value: Json | undefined): Json | undefined => {
    const obj = asObject(value);
    if (obj && typeof obj['@id'] === 'string' && Object.keys(obj).length === 1) return byId.get(obj['@id']) ?? value;
    return value;
  };
  const typed = (node: JsonObject, types: Set<string>): boolean => ([] as Json[]).concat(node['@type'] ?? []).some((t) => typeof t === 'string' && types.has(t));
  const article = all.find((n) => typed(n, ARTICLE_TYPES));
  const page = all.find((n) => typed(n, PAGE_TYPES));
  const website = all.find((n) => typed(n, new Set(['WebSite'])));
  const a = article ?? {};

  const authors = ([] as Json[])
    .concat(a['author'] ?? a['creator'] ?? page?.['author'] ?? [])
    .map((x) => resolve(x))
    .map((x) => (typeof x === 'string' ? str(x) : str(asObject(x)?.['name'])))
    .filter((n): n is string => typeof n === 'string' && n !== '');

  return {
    headline: str(a['headline']) ?? str(a['name']),
    authors,
    published: str(a['datePublished']) ?? str(a['dateCreated']) ?? str(a['uploadDate']),
    modified: str(a['dateModified']) ?? str(page?.['dateModified']),
    pagePublished: str(page?.['datePublished']),
    url: str(a['url']) ?? str(page?.['url']),
    image: imageUrl(resolve(a['image'])) ?? imageUrl(resolve(a['thumbnailUrl'])) ?? imageUrl(resolve(page?.['primaryImageOfPage'])),
    publisher: str(asObject(resolve(a['publisher']))?.['name']) ?? str(asObject(resolve(page?.['publisher']))?.['name']),
    websiteName: str(website?.['name']),
    description: str(a['description']) ?? str(page?.['description']),
    sections: list(a['articleSection']),
    keywords: list(a['keywords']),
    inLanguage: str(a['inLanguage']) ?? str(page?.['inLanguage']) ?? str(website?.['inLanguage']),
    license: str(a['license']) ?? str(asObject(resolve(a['license']))?.['url']),
  };
}

function str(value: Json | undefined): string | null {
  // JSON-LD sits in a <script>, where the HTML parser decodes no character references, yet pages
  // write them there ("Maria &amp; Katerina", "TFC8&reg;"): decode them.
  if (typeof value === 'string' && value.trim() !== '') return (value.includes('&') ? decodeHTML(value) : value).trim();
  if (typeof value === 'number') return String(value);
  return null;
}

function asObject(value: Json | undefined): JsonObject | undefined {
  return value && typeof value === 'object' && !Array.isArray(value) ? value : undefined;
}

/** A string list, a comma-separated string, or an array of either. */
function list(value: Json | undefined): string[] {
  const out: string[] = [];
  for (const item of ([] as Json[]).concat(value ?? [])) {
    const text = str(item);
    if (text) out.push(...text.split(',').map((s) => s.trim()).filter((s) => s !== '' && s.length <= 100));
  }
  return out;
}

function imageUrl(value: Json | undefined): string | null {
  const first = Array.isArray(value) ? value[0] : value;
  if (typeof first === 'string') return first.trim() || null;
  return str(asObject(first)?.['url']) ?? str(asObject(first)?.['contentUrl']);
}
