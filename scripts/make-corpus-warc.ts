/**
 * Writes a WARC for the corpus benchmark: articles of the local web (fetched over HTTP, as a
 * crawler would archive them) plus the saved real pages (samples/ and, when present, the AEB
 * pages), with non-HTML records mixed in, and planted duplicates: exact copies under another
 * URL. Usage:
 *   node --import tsx scripts/make-corpus-warc.ts OUT.warc.gz [--articles N] [--aeb DIR]
 */
import { answerHelp } from './help.js';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { startLocalWeb } from '../src/testing/local-web/index.js';
import { writeWarcFile, type WarcResponse } from '../src/testing/warc-writer.js';

answerHelp(import.meta.url);

const out = process.argv[2] ?? 'out/corpus-bench.warc.gz';
const arg = (name: string, fallback: string): string => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1]! : fallback;
};
const articles = Number(arg('--articles', '300'));
const aebDir = arg('--aeb', '/work/shared/data/aeb/html');

const web = await startLocalWeb({ seed: 7, articlesPerSite: Math.max(50, Math.ceil(articles / 3)), faulty: false });
const responses: WarcResponse[] = [];
let i = 0;
for (const site of web.sites) {
  responses.push({ url: `${site.origin}/robots.txt`, body: 'User-agent: GPTBot\nDisallow: /\n', contentType: 'text/plain' });
}
const urls = web.truth.articleUrls().slice(0, articles);
for (const url of urls) {
  const response = await fetch(url);
  const body = Buffer.from(await response.arrayBuffer());
  responses.push({ url, body, contentType: response.headers.get('content-type') ?? 'text/html' });
  // Every tenth article is archived a second time under another URL: an exact duplicate.
  if (i++ % 10 === 0) responses.push({ url: `${url}?utm_source=feed`, body, contentType: 'text/html; charset=utf-8' });
}
await web.close();
for (const dir of ['samples', aebDir]) {
  let names: string[] = [];
  try {
    names = readdirSync(dir).filter((n) => /\.html?(\.gz)?$/.test(n));
  } catch {
    continue;
  }
  for (const name of names) {
    let body = readFileSync(join(dir, name));
    if (name.endsWith('.gz')) body = gunzipSync(body);
    responses.push({ url: `https://saved.example/${encodeURIComponent(name.replace(/\.gz$/, ''))}`, body, contentType: 'text/html' });
  }
}
responses.push({ url: 'https://saved.example/logo.png', body: Buffer.from([0x89, 0x50, 0x4e, 0x47]), contentType: 'image/png' });
responses.push({ url: 'https://saved.example/moved', body: '', status: 301 });
const n = await writeWarcFile(out, responses);
console.log(`${out}: ${n} records (${urls.length} local-web articles, ${Math.ceil(urls.length / 10)} planted exact copies)`);
