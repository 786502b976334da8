/**
 * `--db` as the CLI takes it: a `postgres://…` connection string opens the PostgreSQL store,
 * anything else is an SQLite file (the default, unchanged).
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { isPostgresUrl, openPgStore, type PgStoreOptions } from './pg-store.js';
import { openSqliteStore } from './sqlite-store.js';
import type { CrawlStore } from './types.js';

export interface OpenStoreOptions {
  /** SQLite: create the file (and its folder) if missing (default true). */
  create?: boolean;
  /** PostgreSQL only. */
  pg?: PgStoreOptions;
}

export function openStore(db: string, opts: OpenStoreOptions = {}): CrawlStore {
  if (isPostgresUrl(db)) return openPgStore(db, opts.pg);
  if (opts.create !== false) mkdirSync(dirname(db), { recursive: true });
  return openSqliteStore(db, { create: opts.create ?? true });
}
