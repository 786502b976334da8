import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { test, expect } from '@playwright/test';
import { main } from '../../src/cli/main.js';
import { CRAWL_SETTINGS_KEY, mergeSettings, parseSettings, type CrawlSettings } from '../../src/crawl/settings.js';
import { ConfigError } from '../../src/errors.js';
import { openSqliteStore } from '../../src/store/index.js';
import { RecordSchema } from '../../src/record/index.js';

/** `broadsheet export` and `status` on a store filled by hand, and the settings a re-run resumes with. */

const STORY = 'The council approved the new budget on Tuesday after a long debate, with "quotes", commas, and\nline breaks. '.repeat(12);

function fill(path: string): void {
  const store = openSqliteStore(path);
  const site = 'example.test';
  const url = (n: number): string => `https://example.test/news/story-${n}`;
  store.addSeeds([{ url: 'https://example.test/', site }]);
  store.enqueue([0, 1, 2, 3].map((n) => ({ url: n === 0 ? 'https://example.test/' : url(n), site, depth: n === 0 ? 0 : 1, priority: 10 - n })));
  const page = (u: string, depth: number, text: string | null, fetchedAt: number) => ({
    url: u,
    site,
    depth,
    status: 200,
    fetchedAt,
    isArticle: text !== null,
    links: { internal: [], external: [], bad: [] },
    extraction: text === null ? null : { title: `Title of ${u}`, text, html: `<p>${text}</p>`, markdown: text, metadata: { byline: 'A. Writer' } },
  });
  store.recordPage(page('https://example.test/', 0, null, 1_700_000_000_000));
  store.recordPage(page(url(1), 1, STORY, 1_700_000_001_000));
  // The same story again with one word changed: a near-duplicate.
  store.recordPage(page(url(2), 1, STORY.replace('Tuesday', 'Wednesday'), 1_700_000_002_000));
  store.recordPage(page(url(3), 1, 'A different story about the harbour and its new ferry timetable. '.repeat(20), 1_700_000_003_000));
  store.close();
}

async function quietly(args: string[]): Promise<number> {
  const write = process.stderr.write.bind(process.stderr);
  process.stderr.write = (() => true) as typeof process.stderr.write;
  try {
    return await main(args);
  } finally {
    process.stderr.write = write;
  }
}

test('export: articles as JSON Lines and WARC with near-duplicates collapsed, pages as CSV in fetch order', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'broadsheet-export-'));
  const db = join(dir, 'crawl.db');
  try {
    fill(db);
    expect(await quietly(['export', '--db', db, '--out', join(dir, 'a.jsonl')])).toBe(0);
    // Each line is a record of the one schema, with the crawl section.
    const articles = readFileSync(join(dir, 'a.jsonl'), 'utf8').trim().split('\n').map((line) => RecordSchema.parse(JSON.parse(line)));
    expect(articles.map((a) => a.url)).toEqual(['https://example.test/news/story-1', 'https://example.test/news/story-3']);
    expect(articles[0]).toMatchObject({ schemaVersion: 1, status: 'article', title: 'Title of https://example.test/news/story-1', byline: 'A. Writer', crawl: { site: 'example.test', fetchedAt: '2023-11-14T22:13:21.000Z', fetchOrder: 2 } });
    expect(typeof articles[0]!.crawl?.contentHash).toBe('string');
    expect(String(articles[0]!.text)).toContain('The council approved the new budget on Tuesday');
    expect(String(articles[0]!.markdown)).toContain('long debate');
    expect(String(articles[0]!.html)).toContain('<p>');
    // An existing file is refused without --force, a directory always.
    expect(await quietly(['export', '--db', db, '--out', join(dir, 'a.jsonl')])).toBe(2);
    expect(await quietly(['export', '--db', db, '--out', dir, '--force'])).toBe(2);
    expect(await quietly(['export', '--db', db, '--out', join(dir, 'a.jsonl'), '--force'])).toBe(0);

    expect(await quietly(['export', '--db', db, '--out', join(dir, 'all.jsonl'), '--duplicates'])).toBe(0);
    expect(readFileSync(join(dir, 'all.jsonl'), 'utf8').trim().split('\n')).toHaveLength(3);

    expect(await quietly(['export', '--db', db, '--what', 'pages', '--format', 'csv', '--out', join(dir, 'p.csv')])).toBe(0);
    const lines = readFileSync(join(dir, 'p.csv'), 'utf8').trim().split('\r\n');
    expect(lines[0]).toBe('fetchOrder,url,finalUrl,site,depth,status,fetchedAt,isArticle,errorCode,errorMessage,durationMs');
    expect(lines.slice(1).map((l) => l.split(',').slice(0, 2).join(' '))).toEqual([
      '1 https://example.test/',
      '2 https://example.test/news/story-1',
      '3 https://example.test/news/story-2',
      '4 https://example.test/news/story-3',
    ]);
    expect(lines[1]).toContain(',0,200,2023-11-14T22:13:20.000Z,false,');

    expect(await quietly(['export', '--db', db, '--format', 'csv', '--out', join(dir, 'a.csv')])).toBe(0);
    const csv = readFileSync(join(dir, 'a.csv'), 'utf8');
    // Fields with quotes, commas and line breaks are quoted, quotes doubled.
    expect(csv).toContain('""quotes""');
    expect(csv.split('\r\n')[0]).toMatch(/^schemaVersion,status,input,url,title,byline,authors,.*,text,markdown,html,wordCount,pageType,crawl\.site,crawl\.fetchOrder,/);
    // WARC: gzip members, a resource and a metadata record per article, duplicates collapsed too.
    expect(await quietly(['export', '--db', db, '--format', 'warc', '--out', join(dir, 'a.warc.gz')])).toBe(0);
    const warc = gunzipSync(readFileSync(join(dir, 'a.warc.gz'))).toString('utf8');
    expect(warc.match(/^WARC-Type: resource/gm)).toHaveLength(2);
    expect(warc.match(/^WARC-Type: metadata/gm)).toHaveLength(2);
    expect(warc).toContain('WARC-Target-URI: https://example.test/news/story-3');
    expect(warc).not.toContain('WARC-Target-URI: https://example.test/news/story-2');
    expect(await quietly(['export', '--db', db, '--format', 'warc', '--what', 'pages', '--out', join(dir, 'p.warc.gz')])).toBe(2);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('status: counts and harvest rate as JSON', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'broadsheet-status-'));
  const db = join(dir, 'crawl.db');
  try {
    fill(db);
    const chunks: string[] = [];
    const write = process.stdout.write.bind(process.stdout);
    process.stdout.write = ((chunk: string) => (chunks.push(chunk), true)) as typeof process.stdout.write;
    try {
      expect(await main(['status', '--db', db, '--json'])).toBe(0);
    } finally {
      process.stdout.write = write;
    }
    const status = JSON.parse(chunks.join('')) as Record<string, unknown>;
    expect(status).toMatchObject({ pages: 4, articles: 3, harvestRate: 0.75, seeds: ['https://example.test/'] });
    expect(await quietly(['status', '--db', join(dir, 'missing.db')])).toBe(2);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

const SETTINGS: CrawlSettings = {
  seeds: ['https://example.test/'],
  examples: [],
  allowDomains: [],
  maxDepth: 20,
  policy: 'similarity',
  maxPages: 100,
  maxTimeSec: null,
  concurrency: 2,
  perSiteConcurrency: 2,
  delayMs: 1000,
  userAgent: 'ua',
  robots: true,
  allocate: null,
  allocateStep: 5,
  reward: 'articles',
};

test('settings: a re-run keeps scope and policy, takes new budgets, adds seeds; a new crawl needs a seed', () => {
  expect(() => mergeSettings(undefined, { ...SETTINGS, seeds: [] }, new Set())).toThrow(ConfigError);
  expect(mergeSettings(undefined, SETTINGS, new Set())).toEqual(SETTINGS);
  const rerun = mergeSettings(SETTINGS, { ...SETTINGS, seeds: ['https://other.test/'], maxPages: 500, policy: 'bfs', delayMs: 0 }, new Set(['maxPages'] as const));
  // Not typed on the command line: policy and delay come from the record.
  expect(rerun).toEqual({ ...SETTINGS, seeds: ['https://example.test/', 'https://other.test/'], maxPages: 500 });
  expect(() => mergeSettings(SETTINGS, { ...SETTINGS, policy: 'bfs' }, new Set(['policy'] as const))).toThrow(/--policy/);
  expect(CRAWL_SETTINGS_KEY).toBe('crawl.options');
  // The allocation is fixed too; a record from before allocation existed reads as none.
  expect(() => mergeSettings(SETTINGS, { ...SETTINGS, allocate: 'r2' }, new Set(['allocate'] as const))).toThrow(/--allocate null.*another --db/);
  const { allocate: _a, allocateStep: _s, reward: _r, ...older } = SETTINGS;
  expect(parseSettings(JSON.stringify(older))).toEqual(SETTINGS);
});

test('crawl --allocate nonsense is a usage error before anything is fetched', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'broadsheet-allocate-'));
  try {
    const db = join(dir, 'a.db');
    const seeds = ['https://a.test/', 'https://b.test/'];
    expect(await quietly(['crawl', ...seeds, '--db', db, '--allocate', 'r2'])).toBe(2);
    expect(await quietly(['crawl', ...seeds, '--db', db, '--max-pages', '10', '--allocate', 'r2', '--allocate-step', '6'])).toBe(2);
    expect(await quietly(['crawl', ...seeds, '--db', db, '--max-pages', '10', '--allocate', 'r9'])).toBe(2);
    expect(await quietly(['crawl', ...seeds, '--db', db, '--policy', 'nonsense'])).toBe(2);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

/** Runs the CLI and returns its exit code and what it wrote to stderr. */
async function withStderr(args: string[]): Promise<{ code: number; stderr: string }> {
  const write = process.stderr.write.bind(process.stderr);
  let stderr = '';
  process.stderr.write = ((chunk: string | Uint8Array) => ((stderr += String(chunk)), true)) as typeof process.stderr.write;
  try {
    return { code: await main(args), stderr };
  } finally {
    process.stderr.write = write;
  }
}

test('a resumed crawl with another policy is refused before anything is fetched, saying how to start a new one', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'broadsheet-policy-'));
  try {
    const db = join(dir, 'crawl.db');
    fill(db);
    const store = openSqliteStore(db);
    store.setSetting(CRAWL_SETTINGS_KEY, JSON.stringify(SETTINGS));
    store.close();
    const { code, stderr } = await withStderr(['crawl', '--db', db, '--policy', 'hits', '--max-pages', '10']);
    expect(code).toBe(2);
    expect(stderr).toMatch(/--policy "similarity"/);
    expect(stderr).toMatch(/another --db/);
    const after = openSqliteStore(db);
    expect(after.counts().pages).toBe(4);
    expect(parseSettings(after.getSetting(CRAWL_SETTINGS_KEY)!).policy).toBe('similarity');
    after.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('recrawl with a negative or non-numeric ΔS is a usage error before the store or the browser is opened', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'broadsheet-scent-'));
  try {
    const db = join(dir, 'crawl.db');
    for (const bad of ['-1', 'lots']) {
      const { code, stderr } = await withStderr(['recrawl', '--db', db, '--delta-s', bad]);
      expect(code).toBe(2);
      expect(stderr).toMatch(/deltaS must be a finite number ≥ 0/);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
