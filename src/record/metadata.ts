/**
 * The record's metadata fields from an article's metadata (`ArticleMetadata`, or the JSON a crawl
 * database stored). Every field the source lacks is null or []: this reads metadata written by
 * any version (crawl databases written before the record existed hold only title, byline,
 * publishedAt, modifiedAt, language, canonicalUrl, leadImage, siteName and description).
 * Pure.
 */
import { DateSourceSchema, LanguageSourceSchema, type RecordMetadata } from './schema.js';

const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

function images(value: unknown): RecordMetadata['images'] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((v) => {
    const o = v as Record<string, unknown> | null;
    const url = str(o?.['url']);
    return url === null ? [] : [{ url, alt: str(o?.['alt']), caption: str(o?.['caption']) }];
  });
}

function links(value: unknown): RecordMetadata['links'] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((v) => {
    const o = v as Record<string, unknown> | null;
    const url = str(o?.['url']);
    return url === null ? [] : [{ url, text: str(o?.['text']) ?? '' }];
  });
}

/** The record's metadata from any object that has (some of) the fields; unknown keys are ignored. */
export function recordMetadata(source: object): RecordMetadata {
  const m = source as Record<string, unknown>;
  const byline = str(m['byline']);
  const dateSource = (v: unknown) => DateSourceSchema.safeParse(v ?? null).data ?? null;
  return {
    title: str(m['title']),
    byline,
    authors: strings(m['authors']),
    publishedAt: str(m['publishedAt']),
    publishedAtSource: dateSource(m['publishedAtSource']),
    modifiedAt: str(m['modifiedAt']),
    modifiedAtSource: dateSource(m['modifiedAtSource']),
    language: str(m['language']),
    languageSource: LanguageSourceSchema.safeParse(m['languageSource'] ?? null).data ?? null,
    canonicalUrl: str(m['canonicalUrl']),
    hostname: str(m['hostname']),
    siteName: str(m['siteName']),
    description: str(m['description']),
    categories: strings(m['categories']),
    tags: strings(m['tags']),
    leadImage: str(m['leadImage']),
    images: images(m['images']),
    links: links(m['links']),
    license: str(m['license']),
    fingerprint: str(m['fingerprint']),
  };
}

/** Every metadata field empty: for records of failed inputs (and of pages without an article whose facts were not read). */
export function emptyMetadata(): RecordMetadata {
  return recordMetadata({});
}

/** The metadata keys, in schema order (CSV and Parquet column order). */
export const METADATA_KEYS = Object.keys(emptyMetadata()) as Array<keyof RecordMetadata>;
