/**
 * The shared types of inputs: what the command line names (`InputSpec`), a page ready to be
 * rendered (`RenderInput`), a page of a WARC file and an archive's subresources. Plain data; the
 * reading of inputs (inputs.ts, warc.ts) and the render stage both import them from here.
 */

import type { InputError } from '../errors.js';

/** One input; `input` is the argument as given (for a directory's files, the joined path). */
export type InputSpec =
  | { kind: 'url'; url: string; input: string }
  | { kind: 'file'; path: string; input: string }
  /** A WARC file; `expandWarcSpecs` (warc.ts) turns it into its pages. */
  | { kind: 'warc'; path: string; input: string }
  /** One HTML response record of a WARC file, with the file's subresources for replay. */
  | { kind: 'warc-page'; page: WarcPage; replay?: ReplaySource; input: string }
  /** An argument that names nothing usable; `error` says why. */
  | { kind: 'invalid'; input: string; error: InputError };

/** One HTML page of a WARC file. */
export interface WarcPage {
  /** `WARC-Target-URI`. */
  url: string;
  /** `WARC-Record-ID` without its angle brackets. */
  recordId: string;
  /** `WARC-Date` (ISO 8601), when present. */
  date?: string;
  /** The HTTP payload, de-chunked and decompressed; re-encoded to UTF-8 when the HTTP header named another charset. */
  bytes: Buffer;
  httpStatus: number;
  /** HTTP response headers, names lower-case. */
  headers: Record<string, string>;
  /** `<url>#<record id>`: how results name the record. */
  label: string;
}

/** An archived subresource: what a replayed request is answered with. */
export interface ReplayResource {
  status: number;
  contentType: string;
  body: Buffer;
}

/** Where an offline render finds a page's archived subresources (a WARC's, see warc.ts). */
export interface ReplaySource {
  lookup(url: string): ReplayResource | undefined;
}

export type RenderInput =
  /**
   * A saved page: `bytes` are served as the document at `url`; nothing else is fetched, except
   * subresources that `replay` holds (an archive's stylesheets and images), served from it.
   */
  | { kind: 'html'; bytes: Buffer; url: string; label: string; replay?: ReplaySource }
  /** A live page, fetched from the network. */
  | { kind: 'url'; url: string; label: string };
