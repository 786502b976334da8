// broadsheet's public library entry. Exports are explicit; anything not listed here is internal.
export type * from './types.js';
export * from './errors.js';

// Extraction end to end (renders in Chromium), each page given as a record of the one schema
// (src/record/schema.ts; schema/record.schema.json), and the pure stages on a stored snapshot.
export { extract, extractHtml } from './record/extract.js';
export type { ExtractCallOptions } from './record/extract.js';
export {
  RecordSchema,
  ArticleRecordSchema,
  NoneRecordSchema,
  ErrorRecordSchema,
  RecordMetadataSchema,
  RECORD_SCHEMA_VERSION,
  recordJsonSchema,
  toRecord,
  articleRowToRecord,
} from './record/index.js';
export type { BroadsheetRecord, ArticleRecord, NoneRecord, ErrorRecord, RecordMetadata, CrawlSection, CorpusSection } from './record/index.js';
export type { ExtractionResult, ExtractTimings } from './extract/extract.js';
export type { ExtractOptionsInput } from './extract/options.js';
export { extractFromSnapshot, DEFAULT_EXTRACT_PARAMS } from './extract/from-snapshot.js';
/** Call once before `extractFromSnapshot` for the language of the text (else the page's declared language is used). */
export { loadTextLanguageModel } from './extract/text-language.js';
export type { SnapshotExtraction, Explanation, ExplainedUnit, ExtractParams } from './extract/from-snapshot.js';
export type { Article } from './extract/article.js';
export type { ArticleMetadata, BodyImage, BodyLink, DateSource, LanguageSource } from './extract/metadata.js';

// The stages, for replay and tuning.
export { buildLayoutTree } from './segment/tree.js';
export { segment } from './segment/visual-units.js';
export { DEFAULT_SEGMENT_PARAMS } from './segment/params.js';
export type { SegmentParams } from './segment/params.js';
export { scoreUnits } from './score/score-units.js';
export { DEFAULT_SCORE_WEIGHTS } from './score/weights.js';
export type { ScoreWeights } from './score/weights.js';
export { selectBody } from './score/select.js';
export { DEFAULT_SELECT_PARAMS } from './score/select-params.js';
export type { SelectParams } from './score/select-params.js';

// Rendering.
export { closeBrowser, findChromium, launchBrowser } from './render/browser.js';
export { RenderSession } from './render/session.js';
export type { RenderedPage, Overlay } from './render/session.js';
export type { RenderInput } from './input/types.js';
// Node's work on page content: worker threads with a deadline per page (a session opens its own
// unless one is given as `pageWork`; whoever opens a pool closes it).
export { PageWorkPool } from './page-work/index.js';
export type { PageWorkPoolOptions, PageWorkHealth, PageWorkStage } from './page-work/index.js';

// Benchmark metric, URL analysis and the cluster model.
export { pageScores, aggregate, tokenize, tokenizeMultilingual } from './bench/metrics.js';
export * as url from './url/index.js';
export * as cluster from './cluster/index.js';
export { nodeFeatures, candidateNodes, DEFAULT_CANDIDATE_FILTERS } from './cluster/node-features.js';
export { DEFAULT_MODEL_STAGE } from './extract/model-stage.js';
export type { ModelStageReport } from './extract/model-stage.js';

// The crawl store (SQLite through drizzle-orm, or in memory) and near-duplicate fingerprints,
// typed by the CrawlStore seam alone (store/library.ts: the declarations name no drizzle type).
export {
  openSqliteStore,
  createMemoryStore,
  StoreError,
  NearDuplicateFilter,
  contentHash,
  simhash64,
  hammingDistance,
  NEAR_DUPLICATE_MAX_BITS,
} from './store/library.js';
export type { CrawlStore, SqliteStoreOptions, PageRecord, PageRow, ArticleRow, FrontierEntry, EnqueueEntry, StoreCounts } from './store/library.js';

// WARC input and the corpus pipeline.
export { readWarc, readWarcReplay, expandWarcSpecs, WarcReplay } from './input/warc.js';
export type { WarcEvent, WarcSkipReason } from './input/warc.js';
export type { WarcPage } from './input/types.js';
export { buildCorpus, CorpusSettingsMismatch } from './corpus/pipeline.js';
export type { CorpusOptions, CorpusRun } from './corpus/pipeline.js';
export { QUALITY_RULES } from './corpus/quality-rules.js';
export type { QualityRule } from './corpus/quality-rules.js';
export { qualityDecisions, qualityMeasures } from './corpus/quality.js';
export { identifyLanguage } from './corpus/language.js';
export { MinHashIndex, minhashSignature } from './corpus/minhash.js';
export { datasetCard } from './corpus/card.js';
export type { CorpusRecord } from './corpus/shards.js';
