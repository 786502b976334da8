/**
 * WARC export of a crawl's articles (WARC/1.1, gzip per record, through the `warcio` library).
 *
 * broadsheet keeps the extracted article, not the raw HTTP exchange, so each article becomes:
 * - a `resource` record at the page's URL: the clean article as a small HTML document;
 * - a `metadata` record that refers to it: the article's record as JSON (src/record/schema.ts,
 *   with its crawl section), `html` null since the resource record holds it.
 * A `warcinfo` record opens the file. Tools that read WARC (pywb, warcio, ArchiveSpark) can
 * index and replay it; the JSON Lines export carries the same fields for everything else.
 */
import type { Writable } from 'node:stream';
import { WARCRecord, WARCSerializer } from 'warcio';
import { escapeHtml } from '../extract/content-html.js';
import { articleRowToRecord } from '../record/index.js';
import type { ArticleRow } from '../store/types.js';

/** What one article record needs: the store's article row. */
export type WarcArticle = ArticleRow;

const WARC_VERSION = 'WARC/1.1';
const encoder = new TextEncoder();

async function* bytes(text: string): AsyncGenerator<Uint8Array> {
  yield encoder.encode(text);
}

function write(out: Writable, chunk: Uint8Array): Promise<void> {
  return new Promise((resolve, reject) => {
    if (out.write(chunk)) resolve();
    else {
      out.once('drain', resolve);
      out.once('error', reject);
    }
  });
}

export function articleDocument(article: WarcArticle): string {
  const title = article.title ? escapeHtml(article.title) : '';
  return `<!doctype html>\n<html><head><meta charset="utf-8"><title>${title}</title></head>\n<body><article>\n${title ? `<h1>${title}</h1>\n` : ''}${article.html}\n</article></body></html>\n`;
}

/** Writes a WARC file of `articles` to `out`; returns how many articles were written. */
export async function writeArticlesWarc(
  articles: Iterable<WarcArticle> | AsyncIterable<WarcArticle>,
  out: Writable,
  info: { software: string; filename: string; description?: string },
): Promise<number> {
  const warcinfo = WARCRecord.createWARCInfo(
    { filename: info.filename, warcVersion: WARC_VERSION },
    {
      software: info.software,
      format: 'WARC File Format 1.1',
      description: info.description ?? 'Articles extracted by broadsheet: clean HTML resources with JSON metadata',
    },
  );
  await write(out, await WARCSerializer.serialize(warcinfo, { gzip: true }));
  let count = 0;
  for await (const article of articles) {
    const url = article.finalUrl ?? article.url;
    const date = new Date(article.fetchedAt).toISOString();
    const resource = WARCRecord.create(
      {
        url,
        date,
        type: 'resource',
        warcVersion: WARC_VERSION,
        warcHeaders: { 'Content-Type': 'text/html; charset=utf-8' },
      },
      bytes(articleDocument(article)),
    );
    const recordId = resource.warcHeaders.headers.get('WARC-Record-ID') ?? '';
    await write(out, await WARCSerializer.serialize(resource, { gzip: true }));
    const metadata = WARCRecord.create(
      {
        url,
        date,
        type: 'metadata',
        warcVersion: WARC_VERSION,
        warcHeaders: { 'Content-Type': 'application/json', ...(recordId ? { 'WARC-Refers-To': recordId } : {}) },
      },
      bytes(JSON.stringify({ ...articleRowToRecord(article), html: null })),
    );
    await write(out, await WARCSerializer.serialize(metadata, { gzip: true }));
    count++;
  }
  return count;
}
