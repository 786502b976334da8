/**
 * Typed errors of the crawl store.
 *
 * A store that cannot be opened is fatal for the run (the crawl is identified by its store;
 * there is nothing to fall back to), except a busy database, which may open if tried again.
 *
 * The code is `'store'`; `problem` carries the detail.
 */
import { BroadsheetError } from '../errors.js';

/** Why a store could not be opened or used. */
export type StoreProblem =
  /** The file is not an SQLite database (a text file, a truncated or overwritten header). */
  | 'not-sqlite'
  /** An SQLite database whose pages are damaged. */
  | 'corrupt'
  /** An SQLite database, but not a broadsheet store (tables of its own, no migration record). */
  | 'not-a-store'
  /** A broadsheet store written by a newer version (migrations this code does not know). */
  | 'newer-schema'
  /** The file does not exist and the caller asked not to create it. */
  | 'missing'
  /** Another connection holds the write lock longer than the busy timeout. */
  | 'busy'
  /** The store was used after `close()`. */
  | 'closed'
  /** A PostgreSQL connection string that cannot be used (malformed, wrong password, no such database). */
  | 'bad-connection'
  /** The PostgreSQL server cannot be reached or went away (retried with backoff before this is raised). */
  | 'unavailable';

export class StoreError extends BroadsheetError {
  readonly code = 'store' as const;
  readonly retryable: boolean;
  override readonly fatal: boolean;

  constructor(
    readonly problem: StoreProblem,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(`store: ${message}`, options);
    this.retryable = problem === 'busy' || problem === 'unavailable';
    // 'unavailable' is raised after the store's own retries ran out: trying later may work, but
    // this run stops.
    this.fatal = problem !== 'busy';
  }
}

/** SQLite result codes (better-sqlite3's `SqliteError.code`) that say which problem it is. */
const PROBLEM_BY_SQLITE_CODE: Readonly<Record<string, StoreProblem>> = {
  SQLITE_NOTADB: 'not-sqlite',
  SQLITE_CORRUPT: 'corrupt',
  SQLITE_CORRUPT_INDEX: 'corrupt',
  SQLITE_CORRUPT_SEQUENCE: 'corrupt',
  SQLITE_CORRUPT_VTAB: 'corrupt',
  SQLITE_BUSY: 'busy',
  SQLITE_BUSY_SNAPSHOT: 'busy',
  SQLITE_BUSY_RECOVERY: 'busy',
  SQLITE_LOCKED: 'busy',
  SQLITE_CANTOPEN: 'missing',
};

/** The store problem an SQLite error stands for, if it is one of those; else undefined. */
export function storeProblemOf(error: unknown): StoreProblem | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? PROBLEM_BY_SQLITE_CODE[code] : undefined;
}
