/**
 * What both store implementations derive the same way from a `PageRecord`. Pure: no I/O.
 */
import { siteOf } from '../url/normalize.js';
import { contentHash, simhash64 } from './near-duplicate.js';
import type { ExtractionInput, PageRecord } from './types.js';

export interface PreparedExtraction {
  title: string | null;
  text: string;
  html: string;
  markdown: string;
  metadataJson: string;
  wordCount: number | null;
  contentHash: string;
  simhash: string;
}

/** The extraction as stored: metadata as JSON, fingerprints computed when the caller gave none. */
export function prepareExtraction(extraction: ExtractionInput): PreparedExtraction {
  const metadataJson = JSON.stringify(extraction.metadata);
  if (typeof metadataJson !== 'string') throw new TypeError('extraction metadata must be a JSON object');
  return {
    title: extraction.title,
    text: extraction.text,
    html: extraction.html,
    markdown: extraction.markdown,
    metadataJson,
    wordCount: extraction.wordCount ?? null,
    contentHash: extraction.contentHash ?? contentHash(extraction.text),
    simhash: extraction.simhash ?? simhash64(extraction.text),
  };
}

/** The frontier state a recorded page leaves its URL in. */
export function frontierStateOf(record: PageRecord): 'done' | 'failed' {
  return record.frontierState ?? (record.error ? 'failed' : 'done');
}

/** The redirect target to mark as fetched, if the fetch ended somewhere else. */
export function redirectTargetOf(record: PageRecord): { url: string; site: string } | undefined {
  const finalUrl = record.finalUrl;
  if (!finalUrl || finalUrl === record.url) return undefined;
  return { url: finalUrl, site: siteOf(finalUrl) ?? record.site };
}

/** Rows per read when streaming pages, articles and links (keyset pagination). */
export const READ_BATCH_ROWS = 500;
