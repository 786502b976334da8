/** The corpus stages that need no browser: WARC reading, quality rules, MinHash, opt-outs, card. */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test as base, expect } from '@playwright/test';
import { readWarc, readWarcReplay, type WarcEvent } from '../../src/input/warc.js';
import { expandInputs } from '../../src/input/inputs.js';
import { writeWarcFile } from '../../src/testing/warc-writer.js';
import { qualityDecisions, qualityMeasures } from '../../src/corpus/quality.js';
import { MinHashIndex, bandsFor, estimatedSimilarity, minhashSignature } from '../../src/corpus/minhash.js';
import { RobotsIndex, tdmReserved } from '../../src/corpus/opt-outs.js';
import { identifyLanguage } from '../../src/corpus/language.js';
import { datasetCard, lengthHistogramSvg } from '../../src/corpus/card.js';
import { emptyChunk } from '../../src/corpus/stats.js';
import { tempDirFixture } from '../support/temp-dir.js';

// A directory per test: the tests run in parallel, each maybe in a worker of its own, so none
// may rely on files another test wrote.
const test = base.extend<{ dir: string }>({ dir: tempDirFixture('broadsheet-corpus-') });
const sampleBody = (name: string): string => {
  const expected = JSON.parse(readFileSync(`samples/${name}.expected.json`, 'utf8')) as { body: string | string[] };
  return Array.isArray(expected.body) ? expected.body.join('\n\n') : expected.body;
};
const PAGE = '<!doctype html><html><head><title>T</title><link rel="stylesheet" href="/s.css"></head><body><p>Hello</p></body></html>';

async function events(path: string): Promise<WarcEvent[]> {
  const out: WarcEvent[] = [];
  for await (const e of readWarc(path)) out.push(e);
  return out;
}

test.describe('WARC input', () => {
  test('HTML responses are pages named by URI and record id; other records are skipped with a reason', async ({ dir }) => {
    const path = join(dir, 'mixed.warc.gz');
    await writeWarcFile(path, [
      { url: 'https://a.example/story', body: PAGE },
      { url: 'https://a.example/s.css', body: 'p{color:red}', contentType: 'text/css' },
      { url: 'https://a.example/old', body: '', status: 301 },
      { url: 'https://a.example/data', body: '{}', contentType: 'application/json' },
      { url: 'https://a.example/cp1251', body: Buffer.from([0x3c, 0x70, 0x3e, 0xcf, 0xf0, 0xe8, 0xe2, 0xe5, 0xf2]), contentType: 'text/html; charset=windows-1251' },
    ]);
    const got = await events(path);
    expect(got.map((e) => (e.kind === 'page' ? 'page' : e.kind === 'skipped' ? e.reason : 'failed'))).toEqual([
      'not-response',
      'page',
      'not-html',
      'http-status',
      'not-html',
      'page',
    ]);
    const page = got[1]!;
    if (page.kind !== 'page') throw new Error('expected a page');
    expect(page.page.label).toMatch(/^https:\/\/a\.example\/story#urn:uuid:/);
    expect(page.page.bytes.toString('utf8')).toBe(PAGE);
    // The HTTP charset outranks the page: windows-1251 bytes come out as UTF-8 text.
    const cyrillic = got[5]!;
    if (cyrillic.kind !== 'page') throw new Error('expected a page');
    expect(cyrillic.page.bytes.toString('utf8')).toBe('<p>Привет');
    const replay = await readWarcReplay(path);
    expect(replay.lookup('https://a.example/s.css')?.body.toString()).toBe('p{color:red}');
    expect(replay.lookup('https://a.example/story')).toBeUndefined();
  });

  test('a damaged gzip member ends the file with a clear error after the records before it', async ({ dir }) => {
    const path = join(dir, 'good.warc.gz');
    await writeWarcFile(path, [
      { url: 'https://a.example/1', body: PAGE },
      { url: 'https://a.example/2', body: PAGE },
    ]);
    const bytes = readFileSync(path);
    const cut = join(dir, 'cut.warc.gz');
    writeFileSync(cut, bytes.subarray(0, bytes.length - 40));
    const got = await events(cut);
    expect(got.filter((e) => e.kind === 'page')).toHaveLength(1);
    const last = got.at(-1)!;
    expect(last.kind).toBe('failed');
    if (last.kind === 'failed') {
      expect(last.error.code).toBe('input-warc-corrupt');
      expect(last.error.message).toContain('the rest of this file is skipped');
    }
    const missing = await events(join(dir, 'nope.warc.gz'));
    expect(missing).toHaveLength(1);
    expect(missing[0]!.kind).toBe('failed');
  });

  test('expandInputs takes .warc and .warc.gz files, also from directories', async ({ dir }) => {
    for (const name of ['mixed.warc.gz', 'good.warc.gz']) await writeWarcFile(join(dir, name), [{ url: 'https://a.example/1', body: PAGE }]);
    writeFileSync(join(dir, 'cut.warc.gz'), readFileSync(join(dir, 'good.warc.gz')).subarray(0, 40));
    writeFileSync(join(dir, 'notes.txt'), 'not an input');
    const specs = await expandInputs([dir]);
    expect(specs.filter((s) => s.kind === 'warc').map((s) => s.input.split('/').pop())).toEqual(['cut.warc.gz', 'good.warc.gz', 'mixed.warc.gz']);
  });
});

test.describe('quality rules', () => {
  test('real articles pass every rule; a page of repeated lines and a list of numbers do not', () => {
    for (const name of ['en-long-feature', 'en-article-with-comments', 'ru-table-layout-br']) {
      const failed = qualityDecisions(sampleBody(name), name.slice(0, 2)).filter((d) => !d.pass);
      expect(failed, name).toEqual([]);
    }
    const repeated = Array.from({ length: 30 }, () => 'Click here to subscribe to our newsletter today.').join('\n');
    const failedRepeated = qualityDecisions(repeated, 'en').filter((d) => !d.pass).map((d) => d.rule);
    expect(failedRepeated).toEqual(expect.arrayContaining(['duplicate-lines', 'duplicate-5gram', 'top-2gram']));
    const numbers = Array.from({ length: 80 }, (_, i) => `${i * 17} ${i * 3}.5`).join('\n');
    expect(qualityDecisions(numbers, 'en').filter((d) => !d.pass).map((d) => d.rule)).toEqual(expect.arrayContaining(['alphabetic-words', 'stop-words']));
  });

  test('the duplicate 5-gram share counts each word once, not once per covering n-gram', () => {
    // "a b c d e f" twice: every word is covered, share 1; not 5 × more.
    const measures = qualityMeasures('alpha beta gamma delta epsilon zeta alpha beta gamma delta epsilon zeta');
    expect(measures['duplicate-5gram-char-share']).toBeCloseTo(1, 5);
    const once = qualityMeasures('one two three four five six seven eight nine ten eleven twelve');
    expect(once['duplicate-5gram-char-share']).toBe(0);
  });

  test('the English stop-word rule is not applied to other languages', () => {
    const ru = qualityDecisions(sampleBody('ru-table-layout-br'), 'ru');
    expect(ru.some((d) => d.rule === 'stop-words')).toBe(false);
  });
});

test.describe('MinHash near-duplicates', () => {
  test('signatures estimate similarity; the index finds a copy with changed boilerplate, not a distinct article', () => {
    const a = sampleBody('en-long-feature');
    const b = sampleBody('en-article-with-comments');
    expect(estimatedSimilarity(minhashSignature(a), minhashSignature(a))).toBe(1);
    expect(estimatedSimilarity(minhashSignature(a), minhashSignature(b))).toBeLessThan(0.1);
    const index = new MinHashIndex(0.7);
    expect(index.check(minhashSignature(a))).toBeUndefined();
    index.add(minhashSignature(a));
    expect(index.check(minhashSignature(b))).toBeUndefined();
    const copy = `Updated 3 March · 4 min read\n\n${a}\n\nShare this article.\n\n© 2026 Example Media. All rights reserved.`;
    expect(index.check(minhashSignature(copy))?.index).toBe(0);
  });

  test('bands and rows follow the threshold', () => {
    const low = bandsFor(0.5);
    const high = bandsFor(0.9);
    expect(low.bands * low.rows).toBe(128);
    expect(low.bands).toBeGreaterThan(high.bands);
  });
});

test.describe('opt-outs and language', () => {
  test('TDM reservation by header or meta; robots.txt rules for AI crawlers', () => {
    expect(tdmReserved({ 'tdm-reservation': '1' }, undefined)).toBe(true);
    expect(tdmReserved({}, '<html><head><meta name="tdm-reservation" content="1"></head>')).toBe(true);
    expect(tdmReserved({}, '<html><head><meta name="tdm-reservation" content="0"></head>')).toBe(false);
    const robots = new RobotsIndex();
    expect(robots.offer('https://a.example/robots.txt', 'User-agent: GPTBot\nDisallow: /\n\nUser-agent: *\nAllow: /\n')).toBe(true);
    expect(robots.disallowedFor('https://a.example/story')).toEqual(['GPTBot']);
    expect(robots.disallowedFor('https://b.example/story')).toEqual([]);
  });

  test('lid.176 names the samples\' languages with high confidence', async () => {
    for (const [name, language] of [['en-long-feature', 'en'], ['ru-table-layout-br', 'ru'], ['zh-news-sidebar', 'zh']] as const) {
      const guess = await identifyLanguage(sampleBody(name));
      expect(guess.language, name).toBe(language);
      expect(guess.confidence).toBeGreaterThan(0.8);
    }
    expect((await identifyLanguage('12 34 56')).language).toBe('und');
  });
});

test('the dataset card counts every stage and draws the length histogram', () => {
  const chunk = emptyChunk(0);
  Object.assign(chunk, { inputs: 10, documents: 8, noArticle: 1, qualityRemoved: 2, exactDuplicates: 1, nearDuplicates: 1, kept: 3 });
  chunk.qualityFailures = { 'min-words': 2 };
  chunk.languages = { en: 3 };
  chunk.lengths = [1, 2, 0, 0, 0, 0, 0];
  const card = datasetCard({ version: 1, settings: { inputs: ['x.warc.gz'], formats: ['jsonl'], dedup: { similarity: 0.7 }, enforceOptOuts: false }, chunks: [chunk] });
  expect(card).toContain('| **kept** | **3** | 37.5 % |');
  expect(card).toContain('| min-words | words ≥ 50 | 2 |');
  expect(card).toContain('| en | 3 |');
  expect(lengthHistogramSvg(chunk.lengths)).toContain('<svg');
});
