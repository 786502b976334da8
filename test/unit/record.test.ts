/**
 * The record (src/record/): the committed JSON Schema is the zod schema's, every mapping into a
 * record gives a valid one, and a crawl database written before the record existed exports as
 * records too.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { test, expect } from '@playwright/test';
import { main } from '../../src/cli/main.js';
import type { ExtractionResult } from '../../src/extract/extract.js';
import { extractFromSnapshot } from '../../src/extract/from-snapshot.js';
import { RecordSchema, articleRowToRecord, recordJsonSchema, toRecord, type BroadsheetRecord } from '../../src/record/index.js';
import { openSqliteStore } from '../../src/store/index.js';
import { newsPage } from './support/pages.js';

const TIMINGS = { loadMs: 1, renderMs: 2, snapshotMs: 3, extractMs: 4, totalMs: 10 };

test('schema/record.schema.json is what the zod schema writes (npm run schema)', () => {
  const committed = JSON.parse(readFileSync(new URL('../../schema/record.schema.json', import.meta.url), 'utf8')) as unknown;
  expect(committed).toEqual(JSON.parse(JSON.stringify(recordJsonSchema())));
});

test('an article, a page without one and a failed input all map to valid records with the same keys', () => {
  const extraction = extractFromSnapshot(newsPage());
  if (extraction.kind !== 'article') throw new Error('expected an article');
  const results: ExtractionResult[] = [
    { input: 'page.html', status: 'article', article: extraction.article, timingsMs: TIMINGS },
    { input: 'list.html', status: 'none', url: 'https://news.example/list', reason: 'no readable text', facts: { ...extraction.article, title: 'The list' }, timingsMs: TIMINGS },
    { input: 'gone.html', status: 'error', error: { code: 'input-not-found', message: 'Cannot read gone.html: ENOENT', retryable: false }, timingsMs: TIMINGS },
  ];
  const records = results.map((r) => RecordSchema.parse(toRecord(r)));
  expect(records.map((r) => r.status)).toEqual(['article', 'none', 'error']);
  // Every record has every key: JSON Lines, CSV and Parquet columns line up.
  const keys = (r: BroadsheetRecord): string[] => Object.keys(r).filter((k) => k !== 'timingsMs').sort();
  expect(keys(records[1]!)).toEqual(keys(records[0]!));
  expect(keys(records[2]!)).toEqual(keys(records[0]!));
  // A page without an article keeps the title and metadata its page declared.
  expect(records[1]!.title).toBe('The list');
  expect(records[1]!.language).toBe(extraction.article.language);
  const article = records[0]!;
  if (article.status !== 'article') throw new Error('expected an article record');
  expect(article.title).toBe(extraction.article.title);
  expect(article.text).toBe(extraction.article.text);
  expect(article.schemaVersion).toBe(1);
  // The body fields agree: none of them starts with the title.
  const title = article.title!;
  expect(article.text.startsWith(title)).toBe(false);
  expect(article.markdown!.replace(/^#+\s*/u, '').startsWith(title)).toBe(false);
  expect(article.html!).not.toMatch(/^\s*<h1/u);
  expect(records[2]).toMatchObject({ error: { code: 'input-not-found' }, text: null, url: null, authors: [] });
});

test('the schema refuses what is not a record', () => {
  const extraction = extractFromSnapshot(newsPage());
  if (extraction.kind !== 'article') throw new Error('expected an article');
  const good = toRecord({ input: 'p.html', status: 'article', article: extraction.article, timingsMs: TIMINGS });
  expect(RecordSchema.safeParse({ ...good, schemaVersion: 2 }).success).toBe(false);
  expect(RecordSchema.safeParse({ ...good, text: null }).success).toBe(false);
  const { authors: _dropped, ...missing } = good;
  expect(RecordSchema.safeParse(missing).success).toBe(false);
  expect(RecordSchema.safeParse({ ...good, status: 'none' }).success).toBe(false);
});

test('a crawl database written before the record exports as valid records; fields it lacks are null or []', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'broadsheet-old-record-'));
  const db = join(dir, 'old.db');
  try {
    writeFileSync(db, gunzipSync(readFileSync(new URL('../fixtures/record/crawl-before-record.db.gz', import.meta.url))));
    // The old metadata JSON, as stored: no schemaVersion, none of the new fields.
    const store = openSqliteStore(db);
    const rows = [...store.articles()];
    store.close();
    expect(rows.length).toBe(5);
    expect(rows[0]!.metadata['schemaVersion']).toBeUndefined();
    expect(rows[0]!.metadata['authors']).toBeUndefined();

    const out = join(dir, 'a.jsonl');
    const write = process.stderr.write.bind(process.stderr);
    process.stderr.write = (() => true) as typeof process.stderr.write;
    try {
      expect(await main(['export', '--db', db, '--out', out, '--duplicates'])).toBe(0);
    } finally {
      process.stderr.write = write;
    }
    const records = readFileSync(out, 'utf8').trim().split('\n').map((line) => RecordSchema.parse(JSON.parse(line)));
    expect(records).toHaveLength(5);
    for (const [i, r] of records.entries()) {
      const row = rows[i]!;
      expect(r).toMatchObject({
        status: 'article',
        title: row.title,
        text: row.text,
        byline: row.metadata['byline'] ?? null,
        publishedAt: row.metadata['publishedAt'] ?? null,
        language: row.metadata['language'] ?? null,
        authors: [],
        tags: [],
        images: [],
        fingerprint: null,
        pageType: row.metadata['pageType'],
        crawl: { fetchOrder: row.fetchOrder, contentHash: row.contentHash },
      });
    }
    expect(records[0]!.byline).toBe('Iris Hughes');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a stored article written today reads back with its new fields', () => {
  const record = articleRowToRecord({
    fetchOrder: 3,
    url: 'https://news.example/a',
    finalUrl: null,
    site: 'news.example',
    fetchedAt: Date.UTC(2024, 0, 2),
    title: 'A',
    text: 'Body text here.',
    html: '<p>Body text here.</p>',
    markdown: 'Body text here.',
    metadata: { schemaVersion: 1, byline: 'Ann Lee, Bo Chan', authors: ['Ann Lee', 'Bo Chan'], tags: ['x'], images: [{ url: 'https://i.example/1.jpg', alt: 'a', caption: null }], publishedAtSource: 'json-ld', languageSource: 'bogus' },
    wordCount: 3,
    contentHash: 'h',
    simhash: '0000000000000000',
  });
  expect(RecordSchema.parse(record)).toMatchObject({ authors: ['Ann Lee', 'Bo Chan'], tags: ['x'], images: [{ url: 'https://i.example/1.jpg', alt: 'a', caption: null }], publishedAtSource: 'json-ld', languageSource: null, url: 'https://news.example/a', crawl: { fetchedAt: '2024-01-02T00:00:00.000Z' } });
});
