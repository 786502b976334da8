/**
 * A crawl database's article as a record (`export`, and crawl databases read by `corpus`).
 *
 * The articles table keeps title, text, html, markdown and word count in columns and the rest
 * of the metadata as JSON. Databases written before the record existed (no `schemaVersion` in
 * that JSON) hold fewer metadata fields; they are read as they are, the missing fields null or
 * [] — the stored data needs no migration. Pure.
 */
import type { ArticleRow } from '../store/types.js';
import { recordMetadata } from './metadata.js';
import { z } from 'zod';
import { CommentSchema, PageTypeSchema, RECORD_SCHEMA_VERSION, type ArticleRecord, type CrawlSection } from './schema.js';

/** What the crawler stores as an article's metadata JSON: the record's metadata and page type, with the version. */
export function storedMetadata(metadata: object): Record<string, unknown> {
  return { schemaVersion: RECORD_SCHEMA_VERSION, ...metadata };
}

export function crawlSection(row: ArticleRow): CrawlSection {
  return {
    site: row.site,
    fetchOrder: row.fetchOrder,
    fetchedAt: new Date(row.fetchedAt).toISOString(),
    finalUrl: row.finalUrl,
    contentHash: row.contentHash,
    simhash: row.simhash,
  };
}

export function articleRowToRecord(row: ArticleRow): ArticleRecord {
  const metadata = row.metadata ?? {};
  return {
    schemaVersion: RECORD_SCHEMA_VERSION,
    status: 'article',
    input: row.url,
    url: row.finalUrl ?? row.url,
    ...recordMetadata({ ...metadata, title: row.title }),
    // Crawls store the comments with the metadata; databases written before them have none.
    comments: z.array(CommentSchema).safeParse(metadata['comments']).data ?? [],
    text: row.text,
    markdown: row.markdown,
    html: row.html,
    wordCount: row.wordCount ?? countWordsLoosely(row.text),
    pageType: PageTypeSchema.safeParse(metadata['pageType']).data ?? null,
    reason: null,
    error: null,
    crawl: crawlSection(row),
  };
}

/** Old rows may lack a word count: whitespace-separated words (no CJK rule) stand in. */
function countWordsLoosely(text: string): number {
  return text.split(/\s+/u).filter((w) => w !== '').length;
}
