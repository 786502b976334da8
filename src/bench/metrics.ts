/**
 * The AEB extraction metric, for bench/ and its callers. It lives in `src/metrics/aeb.ts`, below
 * both bench/ and extract/, because the model stage (extract/model-stage.ts) scores candidate
 * bodies with it too and extract/ must not import bench/ (the import boundaries of
 * .dependency-cruiser.cjs).
 */
export * from '../metrics/aeb.js';
/** WCXB's own metric (bag-of-words F1 per page, averaged), beside the AEB one. */
export * from '../metrics/word-f1.js';
