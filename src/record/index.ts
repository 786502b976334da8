/** The record: one schema for every output (schema.ts), and the mappings into it. */
export * from './schema.js';
export { recordMetadata, emptyMetadata, METADATA_KEYS } from './metadata.js';
export { toRecord } from './from-result.js';
export { articleRowToRecord, crawlSection, storedMetadata } from './from-store.js';
