/**
 * The one mapping from an extraction result to a record (extract's CLI output and the library's
 * `extract`/`extractHtml`). Pure.
 */
import type { ExtractionResult } from '../extract/extract.js';
import { emptyMetadata, recordMetadata } from './metadata.js';
import { RECORD_SCHEMA_VERSION, type BroadsheetRecord } from './schema.js';

const NO_BODY = { text: null, markdown: null, html: null, wordCount: null } as const;

export function toRecord(result: ExtractionResult): BroadsheetRecord {
  const timingsMs = result.timingsMs;
  const budget = result.budgetMs !== undefined ? { budgetMs: result.budgetMs } : {};
  if (result.status === 'error') {
    return {
      schemaVersion: RECORD_SCHEMA_VERSION,
      status: 'error',
      input: result.input,
      url: null,
      ...emptyMetadata(),
      comments: [],
      ...NO_BODY,
      pageType: null,
      reason: null,
      error: {
        code: result.error.code,
        message: result.error.message,
        retryable: result.error.retryable,
        ...(result.error.stage !== undefined ? { stage: result.error.stage } : {}),
      },
      ...budget,
      timingsMs,
    };
  }
  const extras = {
    ...budget,
    timingsMs,
    ...(result.cuts ? { cuts: result.cuts } : {}),
    ...(result.live ? { live: result.live as unknown as Record<string, unknown> } : {}),
    ...(result.explanation ? { explain: result.explanation as unknown as Record<string, unknown> } : {}),
    ...(result.screenshot ? { screenshot: result.screenshot } : {}),
  };
  if (result.status === 'none') {
    return {
      schemaVersion: RECORD_SCHEMA_VERSION,
      status: 'none',
      input: result.input,
      url: result.url,
      ...(result.facts ? recordMetadata(result.facts) : emptyMetadata()),
      comments: [],
      ...NO_BODY,
      pageType: result.pageType ?? null,
      reason: result.reason,
      error: null,
      ...extras,
    };
  }
  const a = result.article;
  return {
    schemaVersion: RECORD_SCHEMA_VERSION,
    status: 'article',
    input: result.input,
    url: a.url,
    ...recordMetadata(a),
    comments: a.comments,
    text: a.text,
    markdown: a.markdown,
    html: a.html,
    wordCount: a.wordCount,
    pageType: a.pageType,
    reason: null,
    error: null,
    ...extras,
  };
}
