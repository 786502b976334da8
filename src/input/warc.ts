/**
 * WARC files as inputs (`.warc`, `.warc.gz`): Common Crawl style archives with `response`
 * records, read as a stream through the `warcio` library (which unpacks gzip members itself).
 *
 * Each HTML `response` record with a 2xx status is a page, named by its target URI and record
 * id. Everything else is skipped with a counted reason (`WarcSkipReason`), never a crash; a
 * corrupt gzip member or a broken record header ends that file with a clear message, and the
 * caller goes on with the next file.
 *
 * Replay: browser-made archives (Webrecorder, Browsertrix, wget --warc-file) also hold the
 * page's stylesheets, images and fonts. `readWarcReplay` collects them so the offline render can
 * serve them from the archive (`RenderInput.replay`) and lay the page out as it really was.
 * Plain Node; no browser.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { WARCParser, type WARCRecord } from 'warcio';
import { InputError } from '../errors.js';
import type { InputSpec, ReplayResource, ReplaySource, WarcPage } from './types.js';

export type { WarcPage } from './types.js';

/** A `.warc` or `.warc.gz` file name. */
export const WARC_NAME = /\.warc(\.gz)?$/i;

/** Why a record was not taken as a page. */
export type WarcSkipReason =
  | 'not-response' // warcinfo, request, metadata, resource … records
  | 'revisit' // a deduplicated capture: no payload of its own
  | 'http-status' // not a 2xx answer (redirects, errors)
  | 'not-html' // Content-Type of another kind (images, CSS, JSON, PDF)
  | 'truncated' // WARC-Truncated, or a payload shorter than its Content-Length
  | 'empty' // no payload
  | 'too-large'; // payload over the size limit

export type WarcEvent =
  | { kind: 'page'; page: WarcPage }
  | { kind: 'skipped'; reason: WarcSkipReason; url?: string }
  /** The rest of the file cannot be read (corrupt gzip, broken record header). */
  | { kind: 'failed'; error: InputError };

export interface ReadWarcOptions {
  /** Payloads larger than this are skipped as 'too-large'. */
  maxBytes?: number;
  /** Called with each 2xx `/robots.txt` response (still counted as skipped 'not-html'). */
  onRobotsTxt?: (url: string, body: string) => void;
}

const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);
/** Default payload limit, as for saved pages. */
const DEFAULT_MAX_BYTES = 25 * 1024 * 1024;

/** Reads the HTML pages of one WARC file, in file order. Never throws for bad content. */
export async function* readWarc(path: string, options: ReadWarcOptions = {}): AsyncGenerator<WarcEvent> {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  let parser: WARCParser;
  try {
    parser = new WARCParser(createReadStream(path));
  } catch (error) {
    yield { kind: 'failed', error: corrupt(path, error) };
    return;
  }
  const iterator = parser[Symbol.asyncIterator]();
  for (;;) {
    let record: WARCRecord;
    try {
      const next = await iterator.next();
      if (next.done) {
        // The parser stops quietly inside a damaged gzip member; reaching the end means its
        // offset is the file's size (compressed bytes for .gz, plain bytes otherwise).
        const size = (await stat(path)).size;
        if (parser.offset !== size) {
          yield { kind: 'failed', error: corrupt(path, new Error(`damaged or truncated data: the reader stopped at byte ${parser.offset}, the file has ${size}`)) };
        }
        return;
      }
      record = next.value;
    } catch (error) {
      yield { kind: 'failed', error: corrupt(path, error) };
      return;
    }
    let event: WarcEvent;
    try {
      event = await toEvent(record, maxBytes, options.onRobotsTxt);
    } catch (error) {
      // A payload that cannot be read (a truncated gzip member inside it) ends the file too.
      yield { kind: 'failed', error: corrupt(path, error) };
      return;
    }
    yield event;
  }
}

function corrupt(path: string, error: unknown): InputError {
  const reason = error instanceof Error ? error.message : String(error);
  const code = (error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT' ? 'input-not-found' : 'input-warc-corrupt';
  return new InputError(code, `${path}: cannot read further (${reason}); the rest of this file is skipped`, { cause: error });
}

async function toEvent(record: WARCRecord, maxBytes: number, onRobotsTxt?: ReadWarcOptions['onRobotsTxt']): Promise<WarcEvent> {
  const url = record.warcTargetURI ?? undefined;
  const skip = async (reason: WarcSkipReason): Promise<WarcEvent> => {
    await record.skipFully();
    return { kind: 'skipped', reason, ...(url ? { url } : {}) };
  };
  if (record.warcType === 'revisit') return skip('revisit');
  if (record.warcType !== 'response' || !url || !record.httpHeaders) return skip('not-response');
  const status = Number(record.httpHeaders.statusCode);
  if (!(status >= 200 && status < 300)) return skip('http-status');
  const headers = lowerHeaders(record);
  const mime = mimeOf(headers['content-type']);
  if (onRobotsTxt && mime === 'text/plain' && /^https?:\/\/[^/]+\/robots\.txt$/i.test(url)) {
    onRobotsTxt(url, Buffer.from(await record.readFully(true)).toString('utf8'));
    return { kind: 'skipped', reason: 'not-html', url };
  }
  if (mime !== '' && !HTML_TYPES.has(mime)) return skip('not-html');
  if (record.warcHeader('WARC-Truncated')) return skip('truncated');
  if (record.warcContentLength > maxBytes * 2) return skip('too-large');
  const raw = Buffer.from(await record.readFully(true));
  if (raw.length === 0) return { kind: 'skipped', reason: 'empty', url };
  if (raw.length > maxBytes) return { kind: 'skipped', reason: 'too-large', url };
  const declared = Number(headers['content-length']);
  const encoded = headers['content-encoding'] !== undefined || headers['transfer-encoding'] !== undefined;
  if (!encoded && Number.isFinite(declared) && declared > raw.length) return { kind: 'skipped', reason: 'truncated', url };
  const recordId = (record.warcHeader('WARC-Record-ID') ?? '').replace(/^<|>$/g, '');
  const date = record.warcDate ?? undefined;
  return {
    kind: 'page',
    page: {
      url,
      recordId,
      ...(date ? { date } : {}),
      bytes: toUtf8(raw, charsetOf(headers['content-type'])),
      httpStatus: status,
      headers,
      label: `${url}#${recordId}`,
    },
  };
}

function lowerHeaders(record: WARCRecord): Record<string, string> {
  const headers: Record<string, string> = {};
  const info = record.getResponseInfo();
  if (!info) return headers;
  for (const [name, value] of info.headers as Iterable<[string, string]>) headers[name.toLowerCase()] = value;
  return headers;
}

function mimeOf(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

function charsetOf(contentType: string | undefined): string | undefined {
  const match = /charset\s*=\s*["']?([\w.:-]+)/i.exec(contentType ?? '');
  return match?.[1]?.toLowerCase();
}

/**
 * The HTTP header's charset outranks the page's own `<meta charset>` in a browser. The offline
 * render serves saved bytes without a charset, so a page the server declared as, say,
 * windows-1251 is transcoded to UTF-8 here (and then served as UTF-8). Unknown labels, and
 * UTF-8 itself, leave the bytes as they are for Chromium to decode.
 */
function toUtf8(bytes: Buffer, charset: string | undefined): Buffer {
  if (!charset || charset === 'utf-8' || charset === 'utf8') return bytes;
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(charset);
  } catch {
    return bytes;
  }
  if (decoder.encoding === 'utf-8') return bytes;
  return Buffer.from(decoder.decode(bytes), 'utf8');
}

/** Subresources kept for replay: what changes layout. */
const REPLAY_TYPES = /^(text\/css|image\/|font\/|application\/(font|x-font|vnd\.ms-fontobject))/;
/**
 * …and, when the pages' scripts run (`--js`), what a script loads or fetches: scripts, JSON,
 * XML and plain text (an app's story arrives as `/api/story.json`). HTML responses stay pages.
 */
const SCRIPT_REPLAY_TYPES = /^(text\/javascript|application\/(x-)?(javascript|ecmascript)|text\/ecmascript|application\/(json|xml)|[a-z]+\/[-.\w]+\+(json|xml)|text\/(plain|xml))$/;
/** All replayed bytes of one file together stay under this; past it, further resources are not kept. */
const DEFAULT_REPLAY_BUDGET_BYTES = 256 * 1024 * 1024;

/** An in-memory index of a WARC's subresources by URL (fragment dropped). */
export class WarcReplay implements ReplaySource {
  private readonly resources = new Map<string, ReplayResource>();
  private bytes = 0;
  constructor(private readonly budgetBytes = DEFAULT_REPLAY_BUDGET_BYTES) {}

  get size(): number {
    return this.resources.size;
  }

  add(url: string, resource: ReplayResource): boolean {
    if (this.bytes + resource.body.length > this.budgetBytes) return false;
    const key = replayKey(url);
    if (this.resources.has(key)) return true;
    this.resources.set(key, resource);
    this.bytes += resource.body.length;
    return true;
  }

  lookup(url: string): ReplayResource | undefined {
    return this.resources.get(replayKey(url));
  }
}

function replayKey(url: string): string {
  const hash = url.indexOf('#');
  return hash >= 0 ? url.slice(0, hash) : url;
}

/**
 * First pass for replay: every 2xx stylesheet, image and font response of the file. Returns an
 * empty index for archives without subresources (Common Crawl's), and whatever was read before
 * a corrupt member (the page pass reports the corruption).
 */
export async function readWarcReplay(path: string, budgetBytes?: number, options: { scripts?: boolean } = {}): Promise<WarcReplay> {
  const replay = new WarcReplay(budgetBytes);
  try {
    for await (const record of new WARCParser(createReadStream(path))) {
      const url = record.warcTargetURI;
      if (record.warcType !== 'response' || !url || !record.httpHeaders) {
        await record.skipFully();
        continue;
      }
      const status = Number(record.httpHeaders.statusCode);
      const contentType = lowerHeaders(record)['content-type'] ?? '';
      const mime = mimeOf(contentType);
      if (status < 200 || status >= 300 || !(REPLAY_TYPES.test(mime) || (options.scripts === true && SCRIPT_REPLAY_TYPES.test(mime)))) {
        await record.skipFully();
        continue;
      }
      const body = Buffer.from(await record.readFully(true));
      replay.add(url, { status, contentType, body });
    }
  } catch {
    // The page pass meets the same error and reports it.
  }
  return replay;
}

/** Counts of skipped records by reason, over one or more files. */
export type WarcSkipCounts = Partial<Record<WarcSkipReason, number>>;

/**
 * Replaces each `warc` spec with one `warc-page` spec per HTML page (in memory: for `extract`,
 * whose results are held anyway; the corpus command streams with `readWarc`). A file that
 * cannot be read further becomes an `invalid` spec after the pages read before the damage.
 */
export async function expandWarcSpecs(
  specs: InputSpec[],
  options: ReadWarcOptions & { replay?: boolean; skipped?: WarcSkipCounts; javaScript?: boolean } = {},
): Promise<InputSpec[]> {
  const out: InputSpec[] = [];
  for (const spec of specs) {
    if (spec.kind !== 'warc') {
      out.push(spec);
      continue;
    }
    const replay = options.replay === false ? undefined : await readWarcReplay(spec.path, undefined, { scripts: options.javaScript === true });
    for await (const event of readWarc(spec.path, options)) {
      if (event.kind === 'page') {
        out.push({ kind: 'warc-page', page: event.page, input: event.page.label, ...(replay && replay.size > 0 ? { replay } : {}) });
      } else if (event.kind === 'skipped') {
        if (options.skipped) options.skipped[event.reason] = (options.skipped[event.reason] ?? 0) + 1;
      } else {
        out.push({ kind: 'invalid', input: spec.input, error: event.error });
      }
    }
  }
  return out;
}
