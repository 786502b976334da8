/** `corpus` over a crawl database: its stored articles go through language, quality and dedup without a browser. */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { test, expect } from '@playwright/test';
import { openSqliteStore } from '../../src/store/index.js';
import { buildCorpus } from '../../src/corpus/pipeline.js';
import { QUALITY_RULES } from '../../src/corpus/quality-rules.js';
import { entryFor, pageNumber, recordFor } from './support/store-records.js';
import { RecordSchema } from '../../src/record/index.js';

const body = (name: string): string => {
  const expected = JSON.parse(readFileSync(`samples/${name}.expected.json`, 'utf8')) as { body: string | string[] };
  return Array.isArray(expected.body) ? expected.body.join('\n\n') : expected.body;
};

test('articles of a crawl database become a corpus; a re-stored copy is a duplicate, a short brief fails the rules', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'broadsheet-corpus-db-'));
  const db = join(dir, 'crawl.db');
  const store = openSqliteStore(db);
  const texts = [body('en-long-feature'), body('ru-table-layout-br'), body('en-long-feature'), 'Too short to keep.'];
  store.enqueue(texts.map((_, i) => entryFor(i + 1, 0)));
  for (const text of texts) {
    const claimed = store.claimNext()!;
    const record = recordFor(pageNumber(claimed.url), 0, Date.now());
    store.recordPage({
      ...record,
      isArticle: true,
      enqueue: [],
      extraction: { title: 'T', text, html: '<p></p>', markdown: text, metadata: { publishedAt: '2026-01-02' } },
    });
  }
  store.close();
  const run = await buildCorpus({
    inputs: [db],
    outDir: join(dir, 'out'),
    concurrency: 1,
    shardInputs: 100,
    formats: ['jsonl'],
    replay: false,
    maxBytes: 1 << 20,
    languages: [],
    minLanguageConfidence: 0,
    rules: QUALITY_RULES,
    dedup: { exact: true, near: true, similarity: 0.7 },
    enforceOptOuts: false,
  });
  const [chunk] = run.manifest.chunks;
  expect(chunk).toMatchObject({ documents: 4, kept: 2, exactDuplicates: 1, qualityRemoved: 1, languages: { en: 1, ru: 1 } });
  // Every document is a record of the one schema, with its corpus section.
  const records = gunzipSync(readFileSync(join(dir, 'out', 'shard-00000.jsonl.gz'))).toString().trim().split('\n').map((l) => RecordSchema.parse(JSON.parse(l)));
  expect(records.map((r) => r.publishedAt)).toEqual(['2026-01-02', '2026-01-02']);
  expect(records.map((r) => [r.language, r.languageSource, r.html, r.markdown])).toEqual([['en', 'text', null, null], ['ru', 'text', null, null]]);
  expect(records.every((r) => r.corpus !== undefined && r.crawl !== undefined && r.corpus.words > 100)).toBe(true);
  const removed = gunzipSync(readFileSync(join(dir, 'out', 'removed-00000.jsonl.gz'))).toString().trim().split('\n').map((l) => JSON.parse(l) as { stage: string; reason: string });
  expect(removed.map((r) => r.stage).sort()).toEqual(['dedup', 'quality']);
});
