/**
 * The library's `extract` and `extractHtml`: the extraction of src/extract/extract.ts, each
 * result given as a record (schema.ts) — the same shape as `broadsheet extract --format json`,
 * a crawl's `export`, and a corpus document.
 */
import {
  extract as extractResults,
  extractHtml as extractHtmlResult,
  type ExtractCallOptions as ResultCallOptions,
} from '../extract/extract.js';
import { toRecord } from './from-result.js';
import type { BroadsheetRecord } from './schema.js';

export interface ExtractCallOptions extends Omit<ResultCallOptions, 'onResult'> {
  /**
   * Called as each input finishes, in completion order, with its record (for progress and
   * streaming output). A promise it returns is waited for before the next input is started in
   * its place: a slow consumer holds the run back instead of records piling up in memory.
   */
  onResult?: (record: BroadsheetRecord, index: number) => void | Promise<void>;
}

function withRecords(options: ExtractCallOptions): ResultCallOptions {
  const { onResult, ...rest } = options;
  return onResult ? { ...rest, onResult: (result, index) => onResult(toRecord(result), index) } : rest;
}

/**
 * Extracts the article from each input: a URL, an `.html`/`.html.gz` file, a WARC file, or a
 * directory of them. Records come back in input order; a failed input is a record with
 * `status: 'error'` and its typed error, never an exception (only a missing browser or bad
 * options throw).
 */
export async function extract(inputs: string | readonly string[], options: ExtractCallOptions = {}): Promise<BroadsheetRecord[]> {
  return (await extractResults(inputs, withRecords(options))).map(toRecord);
}

/**
 * Extracts from one HTML document in memory. A Buffer is checked like a saved file: gzip is
 * unpacked; empty, binary or non-HTML bytes give an error record without rendering.
 */
export async function extractHtml(html: string | Buffer, options: ExtractCallOptions & { url?: string } = {}): Promise<BroadsheetRecord> {
  return toRecord(await extractHtmlResult(html, withRecords(options)));
}
