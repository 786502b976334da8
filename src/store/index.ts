// The crawl store (docs/methods.md §9): the CrawlStore seam, its SQLite and in-memory implementations,
// typed errors and near-duplicate fingerprints. Only src/store/ imports drizzle and better-sqlite3.
export type * from './types.js';
export { openSqliteStore, SqliteStore, type SqliteStoreOptions } from './sqlite-store.js';
export { DEFAULT_BUSY_TIMEOUT_MS, DEFAULT_MIGRATIONS_FOLDER } from './sqlite-open.js';
export { createMemoryStore, MemoryStore } from './memory-store.js';
export { StoreError, type StoreProblem } from './errors.js';
export {
  contentHash,
  simhash64,
  hammingDistance,
  normalizeText,
  NearDuplicateFilter,
  NEAR_DUPLICATE_MAX_BITS,
} from './near-duplicate.js';
export { openPgStore, PgStore, isPostgresUrl, DEFAULT_LEASE_MS, type PgStoreOptions, type PgClaimOptions } from './pg-store.js';
export { openStore, type OpenStoreOptions } from './open.js';
