/**
 * Errors of benchmark collections. Both are about the dataset as a whole (not one page), so a
 * bench run cannot go on after either: a page that fails later is a miss, not an error here.
 */
import { ConfigError, InputError } from '../../errors.js';

/** The collection's directory, or a file the format requires, is not there. */
export class CorpusNotFoundError extends InputError {
  constructor(
    /** The format that was being read. */
    readonly format: string,
    /** Absolute path that was looked at. */
    readonly lookedAt: string,
    what = 'directory',
    options?: { cause?: unknown },
  ) {
    super('input-not-found', `${format} corpus: no ${what} at ${lookedAt}`, options);
  }
}

/**
 * The collection is there but does not match its format (unparsable ground truth, pages
 * without HTML, an unknown format). Fatal for the run, like a bad option.
 */
export class CorpusFormatError extends ConfigError {
  constructor(
    readonly format: string,
    /** Absolute path of the file or directory at fault. */
    readonly path: string,
    readonly problem: string,
    options?: { cause?: unknown },
  ) {
    super(`${format} corpus at ${path}: ${problem}`, options);
  }
}
