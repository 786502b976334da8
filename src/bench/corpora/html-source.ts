import { readFile } from 'node:fs/promises';
import { gunzip } from 'node:zlib';
import { promisify } from 'node:util';
import type { HtmlSource } from './types.js';

const gunzipAsync = promisify(gunzip);

/** The page's HTML bytes, decompressed but not decoded (decoding is the consumer's, as in a browser). */
export async function readHtmlBytes(source: HtmlSource): Promise<Buffer> {
  const stored = await readFile(source.path);
  return source.compression === 'gzip' ? gunzipAsync(stored) : stored;
}

/** The `Content-Type` a server would have sent for this page. */
export function contentTypeOf(source: Pick<HtmlSource, 'charset'>): string {
  return source.charset === undefined ? 'text/html' : `text/html; charset=${source.charset}`;
}
