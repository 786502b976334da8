/**
 * `broadsheet corpus` end to end on a small WARC of the saved samples: extraction, duplicates,
 * opt-outs, shards in both formats, the card, and a resumed run that redoes no finished shard.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { parquetReadObjects } from 'hyparquet';
import { test as base, expect } from './fixtures.js';
import { tempDirFixture } from '../support/temp-dir.js';
import { buildCorpus, type CorpusOptions } from '../../src/corpus/pipeline.js';
import { QUALITY_RULES } from '../../src/corpus/quality-rules.js';
import { writeWarcFile, type WarcResponse } from '../../src/testing/warc-writer.js';
import { extract } from '../../src/extract/extract.js';
import { RecordSchema } from '../../src/record/index.js';

// A directory per test: the tests run in parallel, each maybe in a worker of its own.
const test = base.extend<{ dir: string }>({ dir: tempDirFixture('broadsheet-corpus-e2e-') });
const samples = ['en-long-feature', 'en-article-with-comments', 'en-two-column-sidebar', 'ru-table-layout-br', 'zh-news-sidebar'];
const page = (name: string): Buffer => readFileSync(`samples/${name}.html`);

test('a WARC becomes deduplicated shards with a card, and a stopped run resumes', async ({ browser, dir }) => {
  test.setTimeout(180_000);
  const warc = join(dir, 'in.warc.gz');
  const responses: WarcResponse[] = samples.map((name) => ({ url: `https://news.example/${name}`, body: page(name) }));
  responses.push({ url: 'https://mirror.example/copy', body: page('en-long-feature') }); // exact duplicate
  responses.push({ url: 'https://news.example/reserved', body: page('en-two-column-sidebar').toString().replace('<head>', '<head><meta name="tdm-reservation" content="1">'), headers: {} });
  responses.push({ url: 'https://news.example/img.png', body: Buffer.from([0x89, 0x50, 0x4e, 0x47]), contentType: 'image/png' });
  await writeWarcFile(warc, responses);

  const out = join(dir, 'out');
  const options: CorpusOptions = {
    inputs: [warc],
    outDir: out,
    browser,
    concurrency: 2,
    shardInputs: 4,
    formats: ['jsonl', 'parquet'],
    replay: true,
    maxBytes: 25 * 1024 * 1024,
    languages: [],
    minLanguageConfidence: 0,
    rules: QUALITY_RULES,
    dedup: { exact: true, near: true, similarity: 0.7 },
    enforceOptOuts: true,
  };
  const first = await buildCorpus(options);
  const chunks = first.manifest.chunks;
  // 1 warcinfo + 8 responses = 9 records → shards of 4, 4, 1.
  expect(chunks.map((c) => c.inputs)).toEqual([4, 4, 1]);
  const kept = chunks.reduce((sum, c) => sum + c.kept, 0);
  const dups = chunks.reduce((sum, c) => sum + c.exactDuplicates + c.nearDuplicates, 0);
  const optOut = chunks.reduce((sum, c) => sum + c.optOut.removed, 0);
  expect(dups).toBe(1);
  expect(optOut).toBe(1);
  expect(kept).toBeGreaterThanOrEqual(4);
  const records = chunks.flatMap((c) =>
    gunzipSync(readFileSync(join(out, `shard-${String(c.index).padStart(5, '0')}.jsonl.gz`)))
      .toString()
      .split('\n')
      .filter(Boolean)
      .map((l) => RecordSchema.parse(JSON.parse(l))),
  );
  // Every document is a record of the one schema: text only, language of the text, the corpus section.
  for (const r of records) expect(r).toMatchObject({ status: 'article', html: null, markdown: null, languageSource: 'text', corpus: { filters: expect.any(Object) } });
  expect(records).toHaveLength(kept);
  expect(new Set(records.map((r) => r.language))).toEqual(new Set(['en', 'ru', 'zh'].filter((l) => records.some((r) => r.language === l))));
  expect(records.find((r) => r.url?.endsWith('en-long-feature'))?.text?.length).toBeGreaterThan(1000);
  const buffer = readFileSync(join(out, 'shard-00000.parquet'));
  const rows = await parquetReadObjects({ file: buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength) });
  expect(rows.length).toBe(chunks[0]!.kept);
  // Parquet columns carry the record's names.
  expect(Object.keys(rows[0]!)).toEqual(expect.arrayContaining(['schemaVersion', 'title', 'publishedAt', 'language', 'text', 'corpus.languageConfidence', 'corpus.filters']));

  // The same text as `broadsheet extract` gives for that record.
  const [direct] = await extract(warc, { browser });
  if (direct?.status !== 'article') throw new Error('expected an article from the WARC');
  expect(records[0]!.text).toBe(direct.article.text);

  // Stop after the first shard (drop the others from the manifest), then resume.
  const manifestPath = join(out, 'manifest.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { chunks: unknown[] };
  manifest.chunks = manifest.chunks.slice(0, 1);
  const { writeFileSync } = await import('node:fs');
  writeFileSync(manifestPath, JSON.stringify(manifest));
  const shard0 = readFileSync(join(out, 'shard-00000.jsonl.gz'));
  const second = await buildCorpus(options);
  expect(second.resumedChunks).toBe(1);
  expect(second.manifest.chunks.map((c) => c.kept)).toEqual(chunks.map((c) => c.kept));
  expect(second.manifest.chunks.reduce((s, c) => s + c.exactDuplicates + c.nearDuplicates, 0)).toBe(1);
  expect(readFileSync(join(out, 'shard-00000.jsonl.gz')).equals(shard0)).toBe(true);
  expect(readdirSync(out).filter((n) => n.endsWith('.tmp'))).toEqual([]);

  // Other settings in the same directory are refused rather than mixed in.
  await expect(buildCorpus({ ...options, dedup: { ...options.dedup, similarity: 0.9 } })).rejects.toThrow(/other settings/);
});

test('a WARC page is laid out with the stylesheet the archive holds, unless replay is off', async ({ browser, dir }) => {
  const text = 'The council voted on Tuesday to approve the new budget for the coming year, after a long debate about schools and roads. '.repeat(6);
  const para = (s: string): string => `<p>${s} ${text}</p>`;
  const html = `<!doctype html><html><head><title>Story</title><link rel="stylesheet" href="/s.css"></head><body><div class="promo">${para('PROMO ONE')}${para('PROMO TWO')}${para('PROMO THREE')}</div><article>${para('Body one')}${para('Body two')}</article></body></html>`;
  const warc = join(dir, 'replay.warc.gz');
  await writeWarcFile(warc, [
    { url: 'https://r.example/story', body: html },
    { url: 'https://r.example/s.css', body: '.promo{display:none}', contentType: 'text/css' },
  ]);
  const [replayed] = await extract(warc, { browser });
  const [plain] = await extract(warc, { browser, replay: false });
  if (replayed?.status !== 'article' || plain?.status !== 'article') throw new Error('expected articles');
  expect(replayed.input).toMatch(/^https:\/\/r\.example\/story#urn:uuid:/);
  expect(replayed.article.text).not.toContain('PROMO');
  expect(plain.article.text).toContain('PROMO');
});
