/**
 * Opening an SQLite crawl store: connection settings, the checks that turn a wrong file into a
 * typed error, and the committed migrations (drizzle/) applied with drizzle's migrator.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import * as schema from './schema.js';
import type { SqliteStoreOptions } from './types.js';

export type { SqliteStoreOptions } from './types.js';
import { StoreError, storeProblemOf } from './errors.js';

export type StoreDb = BetterSQLite3Database<typeof schema>;

export const DEFAULT_BUSY_TIMEOUT_MS = 5000;

/**
 * SQLite's page cache per connection (its own default is 2 MiB). The frontier's url index is
 * written at random places (about 80 MiB at a million URLs); a cache that holds its upper levels
 * saves a read system call per enqueued URL. Measured with scripts/bench-store.ts at 100,000
 * URLs, 64 MiB against 2 MiB: push +17 %, push of known URLs +40 %, claimNext +20 % per
 * CPU-second; it costs at most 64 MiB of memory per open store.
 */
export const DEFAULT_CACHE_MB = 64;

/**
 * The package's migrations folder. This file lives one level below the package root both as
 * src/store/sqlite-open.ts (tsx, the test runner) and as dist/store/sqlite-open.js (the build),
 * and `drizzle/` ships at the root (package.json `files`).
 */
export const DEFAULT_MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle/', import.meta.url));

/** The drizzle migrator's bookkeeping table (its default name). */
const MIGRATIONS_TABLE = '__drizzle_migrations';

export interface OpenedDb {
  sqlite: Database.Database;
  db: StoreDb;
}

/** Opens (creating if allowed) and migrates the store at `path`; wrong files raise StoreError. */
export function openDatabase(path: string, opts: SqliteStoreOptions = {}): OpenedDb {
  const inMemory = path === ':memory:' || path === '';
  if (opts.create === false && !inMemory && !existsSync(path)) {
    throw new StoreError('missing', `${path} does not exist`);
  }
  let sqlite: Database.Database;
  try {
    sqlite = new Database(path, { timeout: opts.busyTimeoutMs ?? DEFAULT_BUSY_TIMEOUT_MS });
  } catch (error) {
    throw asStoreError(error, path);
  }
  try {
    // The first statement reads the file header: a file that is not SQLite fails here.
    // WAL: readers (status, export) never block the crawler's writes, and a commit appends to
    // the log instead of rewriting pages in place.
    sqlite.pragma('journal_mode = WAL');
    // NORMAL (not FULL) in WAL mode syncs the log at checkpoints, not at every commit. A commit
    // is in the OS's hands once the transaction returns, so killing the process (kill -9, a
    // crash) loses nothing; only a power cut or OS crash may roll back the last few commits —
    // the store stays consistent and the crawl re-fetches those pages. FULL would fsync once per
    // fetched page for no gain against the failures a crawl meets.
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma(`cache_size = ${-Math.round((opts.cacheMb ?? DEFAULT_CACHE_MB) * 1024)}`);
    checkIsStore(sqlite, path);
    const folder = opts.migrationsFolder ?? DEFAULT_MIGRATIONS_FOLDER;
    checkNotNewer(sqlite, folder, path);
    const db = drizzle(sqlite, { schema });
    migrate(db, { migrationsFolder: folder });
    // A plain read through every table touched above proves the pages are readable.
    sqlite.prepare('SELECT count(*) FROM frontier').get();
    return { sqlite, db };
  } catch (error) {
    sqlite.close();
    throw asStoreError(error, path);
  }
}

/** An SQLite error with a store meaning becomes a StoreError; anything else is rethrown as is. */
export function asStoreError(error: unknown, path: string): unknown {
  if (error instanceof StoreError) return error;
  const problem = storeProblemOf(error);
  if (!problem) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new StoreError(problem, `${path}: ${message}`, { cause: error });
}

/** A database with tables of its own but no migration record is someone else's. */
function checkIsStore(sqlite: Database.Database, path: string): void {
  const tables = sqlite
    .prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`)
    .pluck()
    .all() as string[];
  if (tables.length > 0 && !tables.includes(MIGRATIONS_TABLE)) {
    throw new StoreError('not-a-store', `${path} is an SQLite database but not a broadsheet store (tables: ${tables.slice(0, 5).join(', ')})`);
  }
}

/**
 * drizzle's migrator applies the migrations newer than the last one recorded and silently does
 * nothing when the file is ahead of the code; refuse such a file instead of crawling into a
 * schema this code does not know.
 */
function checkNotNewer(sqlite: Database.Database, folder: string, path: string): void {
  const hasTable = sqlite.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?`).get(MIGRATIONS_TABLE);
  if (!hasTable) return;
  const applied = sqlite.prepare(`SELECT max(created_at) FROM ${MIGRATIONS_TABLE}`).pluck().get() as number | null;
  if (applied === null) return;
  const known = latestMigrationMillis(folder);
  if (Number(applied) > known) {
    throw new StoreError(
      'newer-schema',
      `${path} was written by a newer broadsheet (its last migration is from ${new Date(Number(applied)).toISOString()}, this version knows up to ${new Date(known).toISOString()})`,
    );
  }
}

function latestMigrationMillis(folder: string): number {
  const journal = JSON.parse(readFileSync(`${folder}/meta/_journal.json`, 'utf8')) as { entries: Array<{ when: number }> };
  return Math.max(0, ...journal.entries.map((e) => e.when));
}
