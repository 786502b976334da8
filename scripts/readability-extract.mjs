#!/usr/bin/env node
/**
 * Readability.js + jsdom over a directory of saved pages, as ONE process, the way a user runs
 * it (the peer of `broadsheet extract DIR --out FILE` in `npm run bench:speed -- --whole-process`):
 *
 *   node scripts/readability-extract.mjs DIR/html --out FILE [--truth DIR/ground-truth.json]
 *
 * Every `*.html.gz` / `*.html` of DIR, in name order: read, unpacked, parsed by jsdom and read by
 * Readability (src/bench/peers/readability.ts, default options, one page at a time: it is
 * synchronous), one JSON line per page written to FILE as it finishes:
 * `{"id":…,"status":"ok"|"no-article"|"error","text":…}`. `--truth` gives each page its URL (the
 * document URL jsdom resolves links against, as bench:speed's in-process run does); without it
 * jsdom gets a placeholder URL. Plain JavaScript on the compiled peer (dist/, `npm run build`),
 * so no TypeScript loader's start-up is counted against Readability.js.
 */
import { createWriteStream, readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { runReadability } from '../dist/bench/peers/readability.js';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { out: { type: 'string' }, truth: { type: 'string' } },
});
const dir = positionals[0];
if (!dir || !values.out) {
  process.stderr.write('usage: node scripts/readability-extract.mjs DIR --out FILE [--truth ground-truth.json]\n');
  process.exit(2);
}
const truth = values.truth ? JSON.parse(readFileSync(values.truth, 'utf8')) : {};
const out = createWriteStream(values.out);
const names = readdirSync(dir)
  .filter((name) => name.endsWith('.html.gz') || name.endsWith('.html'))
  .sort();
for (const name of names) {
  const id = name.replace(/\.html(\.gz)?$/u, '');
  // Read as a Node program reads files one after another, asynchronously: between pages the
  // event loop runs, where jsdom frees a closed window's memory (read synchronously, the heap
  // grew by about 5 MB a page and the collector's work was counted against Readability.js).
  const raw = await readFile(join(dir, name));
  const bytes = name.endsWith('.gz') ? gunzipSync(raw) : raw;
  const url = truth[id]?.url ?? undefined;
  const result = runReadability({ bytes, ...(url ? { url } : {}) });
  const line = `${JSON.stringify({ id, status: result.status, text: result.text })}\n`;
  // The stream's backpressure held, as any writer of a long run must.
  if (!out.write(line)) await new Promise((resolve) => out.once('drain', resolve));
}
await new Promise((resolve, reject) => out.end((error) => (error ? reject(error) : resolve(undefined))));
