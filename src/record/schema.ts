/**
 * The record: what broadsheet gives for one page, wherever it comes from — `extract` (CLI JSON
 * and JSON Lines, and the library's `extract`/`extractHtml`), a crawl's `export`, and the
 * documents of a `corpus`. One zod schema is the single source: the TypeScript types are
 * inferred from it, and `schema/record.schema.json` is written from it (`npm run schema`).
 *
 * Every record has every key (null or [] when unknown), so JSON Lines, CSV and Parquet columns
 * are the same for every row. `status` says which of three kinds it is: an article, a page with
 * no article ("none", with the reason), or an input that failed ("error", with the typed error).
 *
 * `text`, `markdown` and `html` are the body alone: none of them repeats the title, which is
 * the `title` field. (The CLI's `--format text|markdown|html` prints the title, then the body.)
 *
 * Changes: a new optional field is a minor change and keeps `schemaVersion`; renaming, removing
 * or retyping a field raises it. CHANGELOG.md lists every version.
 */
import { z } from 'zod';
import { PAGE_TYPES } from '../score/page-type.js';

export const RECORD_SCHEMA_VERSION = 1;

const nullableString = (description: string) => z.string().nullable().describe(description);

/** Where a date was found. */
export const DateSourceSchema = z.enum(['json-ld', 'meta', 'time', 'url', 'dateline']).nullable().meta({ id: 'DateSource' });
/** Where the language came from: the text itself (the bundled identifier), or what the page declares. */
export const LanguageSourceSchema = z.enum(['text', 'html-lang', 'meta']).nullable().meta({ id: 'LanguageSource' });

/** The page's metadata, as `ArticleMetadata` (src/extract/metadata.ts) reads it. */
export const RecordMetadataSchema = z.object({
  title: nullableString('The headline.'),
  byline: nullableString('The authors as the page names them, joined by ", ".'),
  authors: z.array(z.string()).describe('The authors, one name each.'),
  publishedAt: nullableString('Publication date and time, ISO 8601.'),
  publishedAtSource: DateSourceSchema.describe('Where publishedAt was found.'),
  modifiedAt: nullableString('Last modification, ISO 8601.'),
  modifiedAtSource: DateSourceSchema.describe('Where modifiedAt was found.'),
  language: nullableString('Language of the text (BCP 47 primary tag, e.g. "de").'),
  languageSource: LanguageSourceSchema.describe('"text": identified from the body; otherwise what the page declares.'),
  canonicalUrl: nullableString('rel=canonical, og:url or the JSON-LD url.'),
  hostname: nullableString('Host name of the canonical URL (or of the page URL).'),
  siteName: nullableString("The site's name (og:site_name, JSON-LD publisher)."),
  description: nullableString('The summary the page declares.'),
  categories: z.array(z.string()).describe('Sections and categories.'),
  tags: z.array(z.string()).describe('Tags and keywords.'),
  leadImage: nullableString('URL of the lead image.'),
  images: z
    .array(z.object({ url: z.string(), alt: z.string().nullable(), caption: z.string().nullable() }).meta({ id: 'Image' }))
    .describe("The body's images with their alt text and captions."),
  links: z.array(z.object({ url: z.string(), text: z.string() }).meta({ id: 'Link' })).describe("The body's links."),
  license: nullableString('Licence of the content (rel=license, a Creative Commons link).'),
  fingerprint: nullableString('Content fingerprint of the text (near-duplicate detection).'),
});

/** A reader's comment, or a reply of a thread (src/extract/comments.ts). */
export const CommentSchema = z
  .object({
    author: z.string().nullable().describe('The name the page shows for its author.'),
    date: z.string().nullable().describe('ISO 8601 when the date could be read, else the text the page shows ("3 hours ago").'),
    text: z.string().describe("The comment's text, paragraphs separated by a blank line; without its author and date lines and without its replies."),
  })
  .meta({ id: 'Comment' });

export const PageTypeSchema = z
  .object({
    type: z.enum(PAGE_TYPES).describe('WCXB\'s seven page types, or `other`; only `article` is an article (crawler, --articles-only, corpora, store).'),
    confidence: z.number().min(0).max(1).describe('Probability of that type.'),
    reason: z.string().describe('The strongest evidence, in words.'),
  })
  .meta({ id: 'PageType', description: 'What kind of page the body came from.' });

export const RecordErrorSchema = z
  .object({
    code: z.string().describe('Stable error code (input-not-found, render-timeout, fetch-dns, …).'),
    message: z.string(),
    retryable: z.boolean(),
    stage: z.string().optional().describe("extract-timeout only: the stage the page's work was in (prepare, decode, segment, …)."),
  })
  .meta({ id: 'RecordError', description: 'Why the input failed.' });

export const TimingsSchema = z.object({
  loadMs: z.number().describe('Reading and checking a saved file.'),
  prepareMs: z.number().optional().describe("Preparing a saved page's markup (in a page-work thread)."),
  renderMs: z.number().describe('Navigation until the page was ready.'),
  snapshotMs: z.number().describe('The in-page layout snapshot.'),
  decodeMs: z.number().optional().describe('Decoding the snapshot (in a page-work thread).'),
  extractMs: z.number().describe('Segmentation, scoring, selection and the article (in a page-work thread).'),
  totalMs: z.number(),
}).meta({ id: 'Timings' });

export const CutSchema = z.object({
  kind: z.enum(['subtree', 'text', 'depth', 'inline-run', 'time']),
  nodeId: z.number().int(),
  tag: z.string(),
  count: z.number().int(),
  nodes: z.number().int(),
  chars: z.number().int(),
}).meta({ id: 'Cut' });

/** Where a crawl fetched the page (`export`; crawl-database documents of a corpus). */
export const CrawlSectionSchema = z
  .object({
    site: z.string(),
    fetchOrder: z.number().int().describe('1, 2, 3, … in the order the crawl recorded pages.'),
    fetchedAt: z.string().describe('When the fetch finished, ISO 8601.'),
    finalUrl: z.string().nullable().describe('Where redirects ended, when not the requested URL.'),
    contentHash: z.string().describe('sha256 of the normalised text.'),
    simhash: z.string().describe('64-bit simhash of the text, 16 hex digits.'),
  })
  .meta({ id: 'CrawlSection', description: 'The crawl that fetched the page.' });

/** What the corpus pipeline measured and decided (corpus documents only). */
export const CorpusSectionSchema = z
  .object({
    id: z.string().describe('Stable id of the source document.'),
    site: z.string().describe('Registrable domain.'),
    capturedAt: z.string().nullable().describe('When the source was captured (WARC-Date, crawl fetch time).'),
    languageConfidence: z.number().min(0).max(1),
    words: z.number().int(),
    contentHash: z.string(),
    tdmReserved: z.boolean(),
    robotsDisallow: z.array(z.string()),
    filters: z.record(z.string(), z.number()).describe("Every quality rule's measured value."),
  })
  .meta({ id: 'CorpusSection', description: 'The corpus pipeline on this document.' });

const RecordBase = z.object({
  schemaVersion: z.literal(RECORD_SCHEMA_VERSION),
  input: z.string().describe('The input as given: a file path, a URL, `archive.warc.gz#record`, or the crawled URL.'),
  url: z.string().nullable().describe('The URL the page was rendered at (after redirects); null when it failed before one was known.'),
  ...RecordMetadataSchema.shape,
  comments: z
    .array(CommentSchema)
    .describe("Readers' comments, or a thread's replies, in page order; [] when none were found. In text, markdown and html only with --comments (includeComments); on a page not judged an article, or a thread (the body starts in a post built as the replies are), the body keeps the replies it took."),
  budgetMs: z.number().optional().describe('extract only: the time budget the page had (--time-budget); timingsMs says what used it.'),
  timingsMs: TimingsSchema.optional().describe('extract only: where the time went.'),
  cuts: z.array(CutSchema).optional().describe('extract only: what the page budget cut, when anything was.'),
  live: z
    .record(z.string(), z.unknown())
    .optional()
    .describe('extract of a live page with scripts on: how long it settled and why it stopped, consent met and what was done, scrolling, unclamped text, overlays set aside (see docs/record.md).'),
  explain: z.record(z.string(), z.unknown()).optional().describe('extract --explain: the visual units, their features, scores and roles, and how the title was chosen (every candidate with its signs and score).'),
  screenshot: z.string().optional().describe('extract --screenshot: the file written.'),
  crawl: CrawlSectionSchema.optional(),
  corpus: CorpusSectionSchema.optional(),
});

export const ArticleRecordSchema = RecordBase.extend({
  status: z.literal('article'),
  text: z.string().describe('Body text, paragraphs separated by a blank line; without the title.'),
  markdown: z.string().nullable().describe('The body as Markdown, without the title; null in corpus documents (text only).'),
  html: z.string().nullable().describe('The body as clean HTML, without the title; null in corpus documents (text only) and in WARC metadata records (the resource record holds it).'),
  wordCount: z.number().int().describe('Words: each Han or kana character counts as one, Thai, Lao, Khmer and Burmese letters at 4.4 a word, the rest (Korean too) between spaces.'),
  pageType: PageTypeSchema.nullable(),
  reason: z.null(),
  error: z.null(),
});

export const NoneRecordSchema = RecordBase.extend({
  status: z.literal('none'),
  text: z.null(),
  markdown: z.null(),
  html: z.null(),
  wordCount: z.null(),
  pageType: PageTypeSchema.nullable(),
  reason: z.string().describe('Why the page has no article.'),
  error: z.null(),
});

export const ErrorRecordSchema = RecordBase.extend({
  status: z.literal('error'),
  text: z.null(),
  markdown: z.null(),
  html: z.null(),
  wordCount: z.null(),
  pageType: z.null(),
  reason: z.null(),
  error: RecordErrorSchema,
});

export const RecordSchema = z
  .discriminatedUnion('status', [ArticleRecordSchema, NoneRecordSchema, ErrorRecordSchema])
  .meta({ title: 'broadsheet record', description: 'One page as broadsheet gives it: from extract, a crawl export, or a corpus.' });

export type BroadsheetRecord = z.infer<typeof RecordSchema>;
export type ArticleRecord = z.infer<typeof ArticleRecordSchema>;
export type NoneRecord = z.infer<typeof NoneRecordSchema>;
export type ErrorRecord = z.infer<typeof ErrorRecordSchema>;
export type RecordComment = z.infer<typeof CommentSchema>;
export type RecordMetadata = z.infer<typeof RecordMetadataSchema>;
export type CrawlSection = z.infer<typeof CrawlSectionSchema>;
export type CorpusSection = z.infer<typeof CorpusSectionSchema>;

/** The JSON Schema (draft 2020-12) of a record, as committed in schema/record.schema.json. */
export function recordJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(RecordSchema, { target: 'draft-2020-12' }) as Record<string, unknown>;
}
