/**
 * Peer extractors: other article extractors run side by side with broadsheet on the same pages
 * and scored by the same code. A peer gets the page as bytes (the way a browser would) and
 * returns the article text or says why it has none.
 */

export interface PeerInput {
  /** The page's HTML, undecoded. */
  bytes: Uint8Array;
  /** The URL the page was saved from; used to resolve relative links. */
  url?: string;
  /** Charset stated for the bytes, as an HTTP header would (see `HtmlSource.charset`). */
  charset?: string;
}

/** Where the time of one page went, in milliseconds (wall clock, `performance.now()`). */
export interface PeerTimings {
  /** Decoding and parsing the HTML into a DOM. */
  parseMs: number;
  /** Running the extractor on the DOM. */
  extractMs: number;
  /** parseMs + extractMs. */
  ms: number;
}

interface PeerOutcome {
  /** Extracted article text; empty unless `status` is `ok`. It is what gets scored. */
  text: string;
  title: string;
  timings: PeerTimings;
}

/** The result of one page: an article, "no article" (a value, scored as a miss), or an error. */
export type PeerResult =
  | (PeerOutcome & { status: 'ok' })
  | (PeerOutcome & { status: 'no-article'; reason: string })
  | (PeerOutcome & { status: 'error'; error: { code: string; message: string } });

export interface PeerExtractor {
  /** Short name for reports, e.g. `readability`. */
  name: string;
  /** Version of the library, for reports. */
  version: string;
  /** Never throws for a bad page: failures come back as `status: 'error'`. */
  extract(input: PeerInput): Promise<PeerResult>;
}
