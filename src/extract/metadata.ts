/**
 * Article metadata from what the page declares: JSON-LD (schema.org NewsArticle and kin),
 * Open Graph / article: / Dublin Core / twitter meta tags, `<link rel>`, `<html lang>`, and
 * `<time datetime>`. Pure. Each field takes the first source that has it, in the order listed.
 */
import type { LayoutSnapshot } from '../types.js';
import { hasCjk } from '../segment/text.js';

export interface ArticleMetadata {
  title: string | null;
  byline: string | null;
  publishedAt: string | null;
  modifiedAt: string | null;
  language: string | null;
  canonicalUrl: string | null;
  leadImage: string | null;
  siteName: string | null;
  description: string | null;
}

/** schema.org types whose JSON-LD node describes the article itself. */
const ARTICLE_TYPES = /^(NewsArticle|Article|ReportageNewsArticle|AnalysisNewsArticle|OpinionNewsArticle|BlogPosting|LiveBlogPosting|Report|ScholarlyArticle|TechArticle|WebPage)$/u;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export function readMetadata(snapshot: LayoutSnapshot, bodyText: string): ArticleMetadata {
  const meta = (...keys: string[]): string | null => {
    for (const key of keys) {
      const hit = snapshot.meta.metaTags.find((m) => m.key === key && m.content.trim() !== '');
      if (hit) return hit.content.trim();
    }
    return null;
  };
  const ld = articleJsonLd(snapshot.meta.jsonLd);
  const link = (rel: string): string | null => snapshot.meta.links.find((l) => l.rel.split(/\s+/u).includes(rel))?.href ?? null;
  const timeElement = firstTimeElement(snapshot);

  return {
    title: str(ld?.['headline']) ?? meta('og:title', 'twitter:title', 'dc.title') ?? (snapshot.meta.title.trim() || null),
    byline: authorNames(ld?.['author']) ?? meta('author', 'article:author', 'dc.creator', 'byl', 'parsely-author', 'sailthru.author'),
    publishedAt:
      str(ld?.['datePublished']) ??
      meta('article:published_time', 'og:article:published_time', 'datepublished', 'date', 'dc.date', 'pubdate', 'publishdate') ??
      timeElement,
    modifiedAt: str(ld?.['dateModified']) ?? meta('article:modified_time', 'og:updated_time', 'datemodified'),
    language: normalizeLanguage(snapshot.meta.lang || str(ld?.['inLanguage']) || meta('og:locale', 'content-language', 'language', 'dc.language')) ?? guessLanguage(bodyText),
    canonicalUrl: link('canonical') ?? meta('og:url') ?? str(ld?.['url']),
    leadImage: meta('og:image', 'og:image:url', 'twitter:image', 'twitter:image:src') ?? imageUrl(ld?.['image']),
    siteName: meta('og:site_name', 'application-name') ?? str(asObject(ld?.['publisher'])?.['name']),
    description: meta('description', 'og:description', 'twitter:description') ?? str(ld?.['description']),
  };
}

/** The first JSON-LD node (top level, in an array, or in `@graph`) of an article type. */
function articleJsonLd(blocks: string[]): Record<string, Json> | undefined {
  for (const raw of blocks) {
    let parsed: Json;
    try {
      parsed = JSON.parse(raw) as Json;
    } catch {
      continue; // broken JSON-LD is common; it simply is not a source
    }
    const queue: Json[] = [parsed];
    while (queue.length > 0) {
      const node = queue.shift();
      if (Array.isArray(node)) queue.push(...node);
      else if (node && typeof node === 'object') {
        const types = ([] as Json[]).concat(node['@type'] ?? []).filter((t): t is string => typeof t === 'string');
        // A plain WebPage (however its @type is written) describes the page, not the article.
        if (types.some((t) => ARTICLE_TYPES.test(t) && t !== 'WebPage')) return node;
        if (node['@graph']) queue.push(node['@graph']);
        if (node['mainEntity']) queue.push(node['mainEntity']);
      }
    }
  }
  return undefined;
}

function str(value: Json | undefined): string | null {
  if (typeof value === 'string' && value.trim() !== '') return value.trim();
  if (typeof value === 'number') return String(value);
  return null;
}

function asObject(value: Json | undefined): Record<string, Json> | undefined {
  return value && typeof value === 'object' && !Array.isArray(value) ? value : undefined;
}

function authorNames(value: Json | undefined): string | null {
  const names = ([] as Json[])
    .concat(value ?? [])
    .map((a) => (typeof a === 'string' ? a : str(asObject(a)?.['name'])))
    .filter((n): n is string => typeof n === 'string' && n.trim() !== '');
  return names.length > 0 ? names.join(', ') : null;
}

function imageUrl(value: Json | undefined): string | null {
  const first = Array.isArray(value) ? value[0] : value;
  if (typeof first === 'string') return first;
  return str(asObject(first)?.['url']);
}

function firstTimeElement(snapshot: LayoutSnapshot): string | null {
  for (const node of snapshot.nodes) {
    if (node.kind === 'element' && node.tag === 'time' && node.attrs.datetime) return node.attrs.datetime;
  }
  return null;
}

/** `en_US` → `en-US`; empty → null. */
function normalizeLanguage(value: string | null | undefined): string | null {
  const v = value?.trim();
  return v ? v.replace('_', '-') : null;
}

/**
 * When the page does not say, the writing system does: enough CJK characters mean Chinese
 * (the commonest CJK news language; Japanese kana are told apart), Cyrillic means Russian.
 * A guess, marked by being only a primary tag.
 */
function guessLanguage(text: string): string | null {
  const sample = text.slice(0, 2000);
  if (/[\u3040-\u30ff]/u.test(sample)) return 'ja';
  if (hasCjk(sample)) return 'zh';
  const cyrillic = sample.match(/[\u0400-\u04ff]/gu)?.length ?? 0;
  const latin = sample.match(/[a-z]/giu)?.length ?? 0;
  if (cyrillic > latin) return 'ru';
  return null;
}
