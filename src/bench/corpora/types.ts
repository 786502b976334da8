/**
 * The shape every benchmark collection is read into, whatever its format on disk.
 *
 * A format is one file: it exports a `CorpusFormat` (how to recognise a directory of that
 * format and how to open it) and is listed in `index.ts`. Everything a format yields is plain,
 * serialisable data, so a run can be logged and replayed.
 */
import type { TokenizationName } from '../metrics.js';

/** Where a page's saved HTML is and how its bytes are to be read. */
export interface HtmlSource {
  /** Absolute path of the file. */
  path: string;
  /** How the file is stored: `gzip` files are decompressed before use. */
  compression: 'gzip' | 'none';
  /**
   * The character encoding the collection states for the bytes, playing the part of the
   * HTTP `Content-Type` charset: it overrides `<meta charset>` (a byte-order mark still wins).
   * Absent: decode as a browser does with no header — BOM, then `<meta charset>`, then
   * windows-1252.
   */
  charset?: string;
}

/** What the collection says the page's article is. */
export interface GroundTruth {
  /** The article body as plain text. */
  body: string;
  title?: string;
  /** Short snippets a correct extraction must contain (WCXB's `with`). */
  mustContain?: string[];
  /** Boilerplate snippets a correct extraction must not contain (WCXB's `without`). */
  mustNotContain?: string[];
}

export interface BenchPage {
  /** Identifier, unique within the corpus (AEB: the hash in the file name; samples: the slug). */
  id: string;
  /** The URL the page was saved from, when known. */
  url?: string;
  /** BCP 47 language tag of the article, when the collection gives one. */
  language?: string;
  /** What kind of page the collection says this is (WCXB: article, listing, forum, product, …). */
  pageType?: string;
  html: HtmlSource;
  truth: GroundTruth;
}

/** A page the collection holds but that cannot be benchmarked, and why. */
export interface SkippedEntry {
  id: string;
  reason: string;
}

export interface BenchCorpus {
  /** Display name, e.g. `aeb`. */
  name: string;
  /** Name of the `CorpusFormat` that read it. */
  format: string;
  /** Absolute directory it was read from. */
  dir: string;
  /**
   * Which tokeniser the metric must use on this corpus: `aeb` to match the published AEB
   * figures exactly, `multilingual` for collections with text in unspaced scripts.
   */
  tokenization: TokenizationName;
  /** Number of pages `pages()` yields, known when the corpus was opened. */
  size: number;
  /** Entries left out when the corpus was opened (e.g. HTML without ground truth). */
  skipped: SkippedEntry[];
  /** The pages in a stable order (sorted by id). */
  pages(): AsyncIterable<BenchPage>;
}

/** One on-disk format of benchmark collections. */
export interface CorpusFormat {
  name: string;
  /** One line for `--help` and error messages. */
  description: string;
  /** Where the collection usually is, relative to the working directory, if anywhere. */
  defaultDir?: string;
  /** Whether `dir` looks like a collection in this format (cheap: file names only). */
  detect(dir: string): Promise<boolean>;
  /** Reads and validates the collection; throws `CorpusNotFoundError` / `CorpusFormatError`. */
  open(dir: string): Promise<BenchCorpus>;
}
