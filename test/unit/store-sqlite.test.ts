// The SQLite store's own behaviour: migrations on open, reopen and resume, wrong files as typed
// errors, and a writer killed with SIGKILL leaving a consistent store.
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { test, expect } from '@playwright/test';
import { BroadsheetError } from '../../src/errors.js';
import { DEFAULT_MIGRATIONS_FOLDER, openSqliteStore, StoreError, type StoreProblem } from '../../src/store/index.js';
import { openDatabase } from '../../src/store/sqlite-open.js';
import { childrenOf, entryFor, pageNumber, pageUrl, recordFor } from './support/store-records.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const WRITER = join(ROOT, 'test/unit/support/store-crash-writer.ts');
const journal = JSON.parse(readFileSync(join(ROOT, 'drizzle/meta/_journal.json'), 'utf8')) as { entries: Array<{ when: number; tag: string }> };

let dir: string;
test.beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'broadsheet-sqlite-'));
});
test.afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** Reads the file behind the store's back. */
function inspect<T>(path: string, read: (db: Database.Database) => T): T {
  const db = new Database(path, { readonly: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
}

function openError(path: string, opts?: { create?: boolean }): StoreError {
  try {
    openSqliteStore(path, opts).close();
  } catch (error) {
    if (error instanceof StoreError) return error;
    throw error;
  }
  throw new Error(`${path} opened`);
}

test('the migrations are found in the package and applied to a fresh file, in WAL mode', () => {
  expect(DEFAULT_MIGRATIONS_FOLDER.replace(/\/$/, '')).toBe(join(ROOT, 'drizzle'));
  const path = join(dir, 'fresh.db');
  openSqliteStore(path).close();
  const { applied, tables, mode } = inspect(path, (db) => ({
    applied: db.prepare('SELECT created_at FROM __drizzle_migrations').pluck().all().map(Number),
    tables: db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table'`).pluck().all(),
    mode: db.pragma('journal_mode', { simple: true }),
  }));
  expect(applied).toEqual(journal.entries.map((e) => e.when));
  expect(tables).toEqual(expect.arrayContaining(['settings', 'seeds', 'pages', 'internal_links', 'external_links', 'bad_links', 'extractions', 'frontier', 'models']));
  expect(mode).toBe('wal');
});

test('reopening keeps the data, applies no migration twice, and resumes in-flight URLs', () => {
  const path = join(dir, 'crawl.db');
  const first = openSqliteStore(path);
  first.setSetting('seeds', '["https://example.test/"]');
  first.enqueue([entryFor(1, 0), entryFor(2, 0), entryFor(3, 0)]);
  const fetched = first.claimNext()!;
  first.recordPage({ ...recordFor(pageNumber(fetched.url), 0, 1), enqueue: [] });
  const inFlight = [first.claimNext()!.url, first.claimNext()!.url];
  first.close(); // as if the crawl stopped with two pages in flight

  const again = openSqliteStore(path);
  expect(again.getSetting('seeds')).toBe('["https://example.test/"]');
  expect(again.counts()).toMatchObject({ pages: 1, inFlight: 2, queued: 0 });
  expect(again.releaseInFlight()).toBe(2);
  const reclaimed = [again.claimNext()!.url, again.claimNext()!.url];
  expect(reclaimed.sort()).toEqual(inFlight.sort());
  expect(again.claimNext()).toBeUndefined();
  again.close();
  expect(inspect(path, (db) => db.prepare('SELECT count(*) FROM __drizzle_migrations').pluck().get())).toBe(journal.entries.length);
});

test('the trigger-kept state counts match a count of the frontier after every kind of write', () => {
  const path = join(dir, 'counts.db');
  const store = openSqliteStore(path);
  store.enqueue([entryFor(1, 0), entryFor(2, 0), entryFor(3, 0), entryFor(1, 0)]);
  const a = store.claimNext()!;
  store.recordPage(recordFor(pageNumber(a.url), 0, 1)); // done, plus its children queued
  const b = store.claimNext()!;
  store.requeue(b.url, { attempt: 1, notBefore: 1 });
  const c = store.claimNext({ excludeSites: ['elsewhere.test'] })!;
  store.recordPage({ ...recordFor(pageNumber(c.url), 0, 2), error: { code: 'render-timeout', message: 'slow' }, finalUrl: pageUrl(2), enqueue: [] });
  store.claimNext();
  store.recordPage({ ...recordFor(777, 1, 3), enqueue: [] }); // never enqueued before
  store.claimNext();
  store.updatePriorities([{ url: pageUrl(3), priority: 1 }]);
  const counts = store.counts();
  store.close();
  const actual = inspect(path, (db) => Object.fromEntries(db.prepare('SELECT state, count(*) AS n FROM frontier GROUP BY state').all().map((r) => [(r as { state: string }).state, (r as { n: number }).n])));
  expect({ queued: counts.queued, 'in-flight': counts.inFlight, done: counts.done, failed: counts.failed }).toEqual({
    queued: actual['queued'] ?? 0,
    'in-flight': actual['in-flight'] ?? 0,
    done: actual['done'] ?? 0,
    failed: actual['failed'] ?? 0,
  });
  expect(counts.frontier).toBe(Object.values(actual).reduce((x, y) => x + y, 0));
  expect(counts.failed).toBe(1);
});

test('a store made by an older version gets the newer migrations on open', () => {
  // The first migration alone, as an older broadsheet shipped it.
  const oldFolder = join(dir, 'old-drizzle');
  mkdirSync(join(oldFolder, 'meta'), { recursive: true });
  const first = journal.entries[0]!;
  copyFileSync(join(ROOT, 'drizzle', `${first.tag}.sql`), join(oldFolder, `${first.tag}.sql`));
  writeFileSync(join(oldFolder, 'meta/_journal.json'), JSON.stringify({ ...journal, entries: [first] }));
  const path = join(dir, 'old.db');
  // Today's statements need today's tables, so the old store is filled with plain SQL.
  const old = openDatabase(path, { migrationsFolder: oldFolder });
  const insert = old.sqlite.prepare(`INSERT INTO frontier (url, site, depth, priority, enqueued_at) VALUES (?, 'example.test', 0, 1, 0)`);
  insert.run(pageUrl(1));
  insert.run(pageUrl(2));
  old.sqlite.close();
  const indexes = (): unknown[] => inspect(path, (db) => db.prepare(`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'frontier'`).pluck().all());
  expect(indexes()).not.toContain('frontier_site_claim');

  const upgraded = openSqliteStore(path);
  expect(upgraded.queuedCount()).toBe(2); // the counts table starts from the rows already there
  expect(upgraded.claimNext({ excludeSites: ['elsewhere.test'] })?.url).toBe(pageUrl(1));
  expect(upgraded.counts()).toMatchObject({ queued: 1, inFlight: 1 });
  upgraded.close();
  expect(indexes()).toContain('frontier_site_claim');
  expect(inspect(path, (db) => db.prepare('SELECT count(*) FROM __drizzle_migrations').pluck().get())).toBe(journal.entries.length);
});

test('a long run of claims keeps the WAL small (automatic checkpoints run)', () => {
  const path = join(dir, 'wal.db');
  const store = openSqliteStore(path);
  for (let i = 0; i < 8000; i += 200) store.enqueue(Array.from({ length: 200 }, (_, j) => entryFor(1000 + i + j, 1)));
  for (let k = 0; k < 4000; k++) store.claimNext();
  // Each claim appends a few 4 KiB pages; without checkpoints 4,000 claims leave ~80 MB. With
  // them the WAL is reused once it passes SQLite's 1,000-page threshold (~4 MB).
  expect(statSync(`${path}-wal`).size).toBeLessThan(16 * 2 ** 20);
  store.close();
});

const wrongFiles: Array<{ name: string; problem: StoreProblem; make: (path: string) => void }> = [
  { name: 'a text file', problem: 'not-sqlite', make: (path) => writeFileSync(path, 'url,title\nhttps://example.test/,Hello\n'.repeat(200)) },
  {
    name: 'a store with damaged pages',
    problem: 'corrupt',
    make: (path) => {
      const store = openSqliteStore(path);
      for (let n = 1; n <= 60; n++) store.recordPage(recordFor(n, 1, n));
      store.close();
      const bytes = readFileSync(path);
      bytes.fill(0xab, 4096, 3 * 4096); // pages 2 and 3: schema-adjacent b-tree pages
      writeFileSync(path, bytes);
    },
  },
  {
    name: 'another program’s SQLite database',
    problem: 'not-a-store',
    make: (path) => {
      const db = new Database(path);
      db.exec('CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)');
      db.close();
    },
  },
  {
    name: 'a store from a newer broadsheet',
    problem: 'newer-schema',
    make: (path) => {
      openSqliteStore(path).close();
      const db = new Database(path);
      db.prepare('INSERT INTO __drizzle_migrations (hash, created_at) VALUES (?, ?)').run('future', Math.max(...journal.entries.map((e) => e.when)) + 1);
      db.close();
    },
  },
];
for (const wrong of wrongFiles) {
  test(`${wrong.name} is refused with a typed error (${wrong.problem})`, () => {
    const path = join(dir, 'wrong.db');
    wrong.make(path);
    const error = openError(path);
    expect(error).toBeInstanceOf(BroadsheetError);
    expect(error).toMatchObject({ problem: wrong.problem, code: 'store', fatal: true, retryable: false });
    expect(error.message).toContain(path);
  });
}

test('a missing file is created by default and refused with create: false', () => {
  const path = join(dir, 'missing.db');
  expect(openError(path, { create: false }).problem).toBe('missing');
  expect(existsSync(path)).toBe(false);
  openSqliteStore(path).close();
  expect(existsSync(path)).toBe(true);
});

test('a writer killed with SIGKILL, again and again, leaves a consistent store that resumes', async () => {
  test.setTimeout(120_000);
  const path = join(dir, 'killed.db');
  const reported = new Set<number>();
  for (let round = 0; round < 4; round++) {
    // Kill after a different number of pages each round, mid-stream.
    const killAfter = 40 + round * 37;
    const { lines, signal } = await runWriterUntil(path, killAfter);
    expect(signal).toBe('SIGKILL'); // killed, not finished or crashed on its own
    // Checks gather violations and assert once: thousands of expect() calls are slow.
    const twice = lines.filter((n) => reported.has(n));
    expect(twice).toEqual([]); // no page fetched twice across restarts
    for (const n of lines) reported.add(n);
    const store = openSqliteStore(path);
    const pages = [...store.pages()];
    const pageNumbers = new Set(pages.map((p) => pageNumber(p.url)));
    // Every page the writer saw committed is there (a commit survives the kill).
    expect([...reported].filter((n) => !pageNumbers.has(n))).toEqual([]);
    // No half-written page: each has all its links and, if an article, its extraction.
    const links = new Map<string, string[]>();
    const add = (foundOn: string, what: string): void => void links.set(foundOn, [...(links.get(foundOn) ?? []), what]);
    for (const l of store.internalLinks()) add(l.foundOn, l.url);
    for (const l of store.externalLinks()) add(l.foundOn, 'external');
    for (const l of store.badLinks()) add(l.foundOn, 'bad');
    const articles = new Set([...store.articles()].map((a) => a.url));
    const halfWritten = pages.filter((page) => {
      const n = pageNumber(page.url);
      const expected = [...childrenOf(n).map(pageUrl), 'external', 'external', 'bad'];
      return (
        JSON.stringify(links.get(page.url)) !== JSON.stringify(expected) ||
        articles.has(page.url) !== (n % 2 === 0) ||
        store.frontierEntry(page.url)?.state !== 'done'
      );
    });
    expect(halfWritten.map((p) => p.url)).toEqual([]);
    expect(links.size).toBe(pages.length); // and no links of a page that is not there
    // No discovered link lost: every link target is in the frontier.
    const lost = [...links.values()].flat().filter((url) => url.startsWith('https://') && !store.frontierEntry(url));
    expect(lost).toEqual([]);
    const counts = store.counts();
    expect(counts.inFlight).toBeLessThanOrEqual(1); // at most the page in flight at the kill
    expect(counts.done).toBe(counts.pages);
    store.close();
  }
  expect(reported.size).toBeGreaterThan(150);
});

/** Runs the crash writer until it has reported `pages` pages, then SIGKILLs it. */
function runWriterUntil(path: string, pages: number): Promise<{ lines: number[]; signal: NodeJS.Signals | null }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', WRITER, path], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    const lines: number[] = [];
    let buffered = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      buffered += chunk;
      const parts = buffered.split('\n');
      buffered = parts.pop()!;
      for (const part of parts) if (/^\d+$/.test(part)) lines.push(Number(part));
      if (lines.length >= pages && child.exitCode === null && !child.killed) child.kill('SIGKILL');
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('exit', (_code, signal) => {
      if (signal !== 'SIGKILL') reject(new Error(`writer exited by itself (${String(_code)}): ${stderr}`));
      else resolve({ lines, signal });
    });
  });
}
