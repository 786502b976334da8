/**
 * The store as the package exports it (src/index.ts): typed by the `CrawlStore` seam alone, so
 * that the package's declaration files name no drizzle-orm, better-sqlite3 or pg type. A
 * consumer compiling with `skipLibCheck: false` type-checks every declaration file the package's
 * types reach, and drizzle-orm's do not compile on their own (they import optional drivers such
 * as mysql2 and gel). test/browser/package-install.test.ts compiles the packed package that way.
 */
import { openSqliteStore as openSqliteStoreImpl } from './sqlite-store.js';
import type { CrawlStore, SqliteStoreOptions } from './types.js';

/** Opens (creating it and applying the migrations when needed) a crawl store in a SQLite file. */
export function openSqliteStore(path: string, opts: SqliteStoreOptions = {}): CrawlStore {
  return openSqliteStoreImpl(path, opts);
}

export { createMemoryStore } from './memory-store.js';
export { StoreError, type StoreProblem } from './errors.js';
export { contentHash, simhash64, hammingDistance, NearDuplicateFilter, NEAR_DUPLICATE_MAX_BITS } from './near-duplicate.js';
export type * from './types.js';
