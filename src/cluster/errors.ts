/**
 * Typed errors of the cluster model.
 *
 * Neither is fatal: a caller that cannot load a model falls back to the visual score and
 * says so; a caller that passes broken features has a bug to fix, not a page to skip.
 */
import { BroadsheetError } from '../errors.js';

/** Why a serialised model was refused. */
export type ModelFormatProblem =
  /** Not JSON at all (truncated file, binary, empty). */
  | 'corrupt'
  /** JSON, but not a broadsheet cluster model (missing or different `format` tag). */
  | 'wrong-format'
  /** A broadsheet cluster model written by a `version` this code cannot read. */
  | 'incompatible-version'
  /** The right format and version, but fields are missing, of the wrong type or inconsistent. */
  | 'invalid'
  /** Learnt on other node features (names or order) than this code computes. */
  | 'other-features';

/** A serialised model could not be read. */
export class ModelFormatError extends BroadsheetError {
  readonly code = 'model-format' as const;
  readonly retryable = false;

  constructor(
    readonly problem: ModelFormatProblem,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(`cluster model: ${message}`, options);
  }
}

/** A feature record with a negative, non-finite or missing value (a bug in the caller). */
export class InvalidFeaturesError extends BroadsheetError {
  readonly code = 'model-features' as const;
  readonly retryable = false;

  constructor(
    readonly field: string,
    readonly value: unknown,
  ) {
    super(`cluster features: ${field} must be a finite number ≥ 0, got ${String(value)}`);
  }
}
