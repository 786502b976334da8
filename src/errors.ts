/**
 * broadsheet's error hierarchy. Errors carry policy: callers decide on retries and exit
 * codes from the class (and `retryable`), never from the message text.
 *
 * - `InputError`: the input itself is bad (not HTML, empty, too large, invalid URL). Not retryable.
 * - `RenderError`: the page could not be rendered (timeout, navigation failure, crashed page,
 *   DOM too large). `retryable` says whether trying again may help.
 * - `BrowserNotFoundError`: no Chromium could be found; fatal for the whole run.
 * - `ExtractError`: Node's own work on a page (markup preparation, snapshot decoding,
 *   extraction) ran past its deadline ('extract-timeout', naming the stage) or its worker
 *   thread died ('extract-crashed'). Not retryable: the same page would do the same again.
 * - `ConfigError`: bad options; fatal.
 * - Module errors with codes of their own: `ModelFormatError` ('model-format') and
 *   `InvalidFeaturesError` ('model-features') in src/cluster, `StoreError` ('store') in src/store.
 */
export type ErrorCode =
  | 'input-empty'
  | 'input-not-html'
  | 'input-binary'
  | 'input-too-large'
  | 'input-not-found'
  | 'input-invalid-url'
  | 'input-warc-corrupt'
  | 'render-timeout'
  | 'render-navigation'
  | 'render-http-status'
  | 'render-not-html'
  | 'render-dom-too-large'
  | 'render-crashed'
  | 'render-script-timeout'
  | 'fetch-blocked-scheme'
  | 'fetch-blocked-address'
  | 'fetch-too-many-redirects'
  | 'fetch-too-large'
  | 'fetch-headers-too-large'
  | 'fetch-timeout'
  | 'fetch-dns'
  | 'fetch-refused'
  | 'fetch-network'
  | 'fetch-decode'
  | 'extract-timeout'
  | 'extract-crashed'
  | 'model-format'
  | 'model-features'
  | 'store'
  | 'browser-not-found'
  | 'browser-launch'
  | 'config';

export abstract class BroadsheetError extends Error {
  abstract readonly code: ErrorCode;
  /** Whether the same operation may succeed if tried again later. */
  abstract readonly retryable: boolean;
  /** Whether the whole run must stop (as opposed to one input failing). */
  readonly fatal: boolean = false;

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
  }

  /** A plain object for JSON output and the store. */
  toJSON(): { code: ErrorCode; message: string; retryable: boolean } {
    return { code: this.code, message: this.message, retryable: this.retryable };
  }
}

export class InputError extends BroadsheetError {
  readonly retryable = false;
  constructor(
    readonly code: Extract<ErrorCode, `input-${string}`>,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export class RenderError extends BroadsheetError {
  constructor(
    readonly code: Extract<ErrorCode, `render-${string}`>,
    message: string,
    readonly retryable: boolean,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/**
 * A live fetch the fetch guard stopped or that broke under its limits (src/net/guarded-fetch.ts):
 * a refused scheme or address, too many redirects, a response or header block over its limit,
 * a server too slow to finish within the time budget, a body that cannot be decoded.
 */
export class FetchError extends BroadsheetError {
  constructor(
    readonly code: Extract<ErrorCode, `fetch-${string}`>,
    message: string,
    readonly retryable: boolean,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/**
 * Node's work on one page (src/page-work/) did not finish: past its deadline, its worker was
 * terminated ('extract-timeout'; `stage` says where it was), or the worker died under it
 * ('extract-crashed'). The run goes on with the other pages.
 */
export class ExtractError extends BroadsheetError {
  readonly retryable = false;
  constructor(
    readonly code: Extract<ErrorCode, `extract-${string}`>,
    message: string,
    /** The stage the page's work was in (e.g. 'prepare', 'decode', 'segment'). */
    readonly stage: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }

  override toJSON(): { code: ErrorCode; message: string; retryable: boolean; stage: string } {
    return { ...super.toJSON(), stage: this.stage };
  }
}

export class BrowserNotFoundError extends BroadsheetError {
  readonly code = 'browser-not-found' as const;
  readonly retryable = false;
  override readonly fatal = true;
}

export class BrowserLaunchError extends BroadsheetError {
  readonly code = 'browser-launch' as const;
  readonly retryable = false;
  override readonly fatal = true;
}

export class ConfigError extends BroadsheetError {
  readonly code = 'config' as const;
  readonly retryable = false;
  override readonly fatal = true;
}

/** Turns anything thrown into a `{ code, message }` record for reports. */
export function describeError(error: unknown): { code: string; message: string; retryable: boolean; stage?: string } {
  if (error instanceof BroadsheetError) return error.toJSON();
  const message = error instanceof Error ? error.message : String(error);
  return { code: 'internal', message, retryable: false };
}
