/** WARC export: the file reads back with warcio's own parser, record by record. */
import { PassThrough } from 'node:stream';
import { test, expect } from '@playwright/test';
import { WARCParser } from 'warcio';
import { writeArticlesWarc, type WarcArticle } from '../../src/export/warc.js';
import { RecordSchema } from '../../src/record/index.js';

const ARTICLES: WarcArticle[] = [1, 2].map((i) => ({
  fetchOrder: i,
  url: `https://news.example/2024/06/0${i}/story-${i}`,
  finalUrl: null,
  site: 'news.example',
  fetchedAt: Date.UTC(2024, 5, i, 12),
  title: `Story <${i}>`,
  text: `Paragraph one of story ${i}.\n\nParagraph two.`,
  html: `<p>Paragraph one of story ${i}.</p>\n<p>Paragraph two.</p>`,
  markdown: `Paragraph one of story ${i}.\n\nParagraph two.`,
  metadata: { byline: 'A. Writer', language: 'en' },
  wordCount: 7,
  contentHash: `hash${i}`,
  simhash: '0123456789abcdef',
}));

test('articles become resource + metadata records after a warcinfo, and read back', async () => {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const count = await writeArticlesWarc(ARTICLES, out, { software: 'broadsheet test', filename: 'a.warc.gz' });
  out.end();
  expect(count).toBe(2);
  const file = Buffer.concat(chunks);
  expect(file[0]).toBe(0x1f); // gzip members
  const records: Array<{ type: string | null; url: string | null; refersTo: string | null; id: string | null; body: string }> = [];
  // WARCParser reads a stream of chunks; it unpacks gzip members itself.
  const parser = new WARCParser((async function* () { yield new Uint8Array(file); })());
  for await (const record of parser) {
    records.push({
      type: record.warcType ?? null,
      url: record.warcTargetURI ?? null,
      refersTo: record.warcHeaders.headers.get('WARC-Refers-To') ?? null,
      id: record.warcHeaders.headers.get('WARC-Record-ID') ?? null,
      body: await record.contentText(),
    });
  }
  expect(records.map((r) => r.type)).toEqual(['warcinfo', 'resource', 'metadata', 'resource', 'metadata']);
  expect(records[1]!.url).toBe(ARTICLES[0]!.url);
  expect(records[1]!.body).toContain('<h1>Story &lt;1&gt;</h1>');
  expect(records[1]!.body).toContain('<p>Paragraph one of story 1.</p>');
  expect(records[2]!.refersTo).toBe(records[1]!.id);
  const meta = JSON.parse(records[2]!.body) as Record<string, unknown>;
  // The metadata record is the article's record (html in the resource record instead).
  const record = RecordSchema.parse(meta);
  expect(record).toMatchObject({ status: 'article', title: 'Story <1>', byline: 'A. Writer', language: 'en', html: null, crawl: { contentHash: 'hash1', fetchedAt: '2024-06-01T12:00:00.000Z' } });
});
