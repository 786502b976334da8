/**
 * Writes WARC files of HTTP `response` records, for tests and the corpus benchmark: the shape of
 * a Common Crawl file (HTML pages) or of a browser-made archive (pages with their stylesheets
 * and images). Test support, not part of the pipeline.
 */
import { createWriteStream } from 'node:fs';
import { WARCRecord, WARCSerializer } from 'warcio';

export interface WarcResponse {
  url: string;
  body: Buffer | string;
  /** HTTP status line's code; default 200. */
  status?: number;
  contentType?: string;
  /** Extra HTTP headers (e.g. `tdm-reservation`). */
  headers?: Record<string, string>;
  date?: string;
}

async function* once(bytes: Uint8Array): AsyncGenerator<Uint8Array> {
  yield bytes;
}

/** One response record, serialised (gzip member per record when `gzip`). */
export async function responseRecord(response: WarcResponse, gzip: boolean): Promise<Uint8Array> {
  const status = response.status ?? 200;
  const body = typeof response.body === 'string' ? Buffer.from(response.body, 'utf8') : response.body;
  const record = WARCRecord.create(
    {
      url: response.url,
      date: response.date ?? '2026-01-01T00:00:00Z',
      type: 'response',
      warcVersion: 'WARC/1.1',
      statusline: `HTTP/1.1 ${status} ${status === 200 ? 'OK' : 'Status'}`,
      httpHeaders: { 'Content-Type': response.contentType ?? 'text/html; charset=utf-8', 'Content-Length': String(body.length), ...response.headers },
    },
    once(body),
  );
  return WARCSerializer.serialize(record, { gzip });
}

/** Other record types, to check that readers skip them. */
export async function infoRecord(gzip: boolean): Promise<Uint8Array> {
  const record = WARCRecord.createWARCInfo({ filename: 'test.warc', warcVersion: 'WARC/1.1' }, { software: 'broadsheet tests' });
  return WARCSerializer.serialize(record, { gzip });
}

/** Writes `responses` (after a warcinfo record) to `path`; gzip per record when the name ends in .gz. */
export async function writeWarcFile(path: string, responses: Iterable<WarcResponse> | AsyncIterable<WarcResponse>): Promise<number> {
  const gzip = path.endsWith('.gz');
  const out = createWriteStream(path);
  const write = (chunk: Uint8Array): Promise<void> =>
    new Promise((resolve, reject) => (out.write(chunk, (error) => (error ? reject(error) : resolve()))));
  await write(await infoRecord(gzip));
  let count = 0;
  for await (const response of responses) {
    await write(await responseRecord(response, gzip));
    count++;
  }
  await new Promise<void>((resolve) => out.end(resolve));
  return count;
}
