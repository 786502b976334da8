/**
 * The CLI as a Unix tool (issue 23): a slow pipe gets every line, a closed pipe ends the run
 * quietly, a file --out is checked before any work, and flags that cannot work together are
 * usage errors naming the fix. The pipe tests run bin/broadsheet.js (dist/: npm run build).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect } from '@playwright/test';
import { main } from '../../src/cli/main.js';
import { RecordSchema } from '../../src/record/index.js';
import { writeSyntheticCrawl } from '../../src/testing/synthetic-crawl.js';

const BIN = new URL('../../bin/broadsheet.js', import.meta.url).pathname;
// The tests share one crawl database made in beforeAll: they run in one worker, in order, so
// afterAll cannot remove it under a test still using it (the suite runs fullyParallel).
test.describe.configure({ mode: 'serial' });
let dir: string;
let db: string;
const PAGES = 400;

test.beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'broadsheet-unix-'));
  db = join(dir, 'crawl.db');
  // ~2.5 MB of JSON Lines: far more than a pipe holds (64 KiB), so the writer must wait.
  writeSyntheticCrawl(db, PAGES);
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs a bash pipeline; returns the last stage's stdout, broadsheet's stderr and exit status. */
function pipeline(command: string): { out: string; stderr: string; status: number } {
  const errFile = join(dir, `stderr-${Math.random().toString(36).slice(2)}`);
  const out = execFileSync('bash', ['-c', `node ${BIN} ${command.replace('|', `2>${errFile} |`)}; echo "status=\${PIPESTATUS[0]}"`], { encoding: 'utf8', timeout: 60_000 });
  const status = Number(/status=(\d+)\s*$/.exec(out)?.[1]);
  const stderr = execFileSync('cat', [errFile], { encoding: 'utf8' });
  return { out: out.replace(/status=\d+\s*$/, '').trim(), stderr, status };
}

test('export into a reader that sleeps before reading: every line arrives, exit 0', () => {
  const { out, stderr, status } = pipeline(`export --db ${db} | (sleep 1; wc -l)`);
  expect(Number(out)).toBe(PAGES);
  expect(status).toBe(0);
  expect(stderr).not.toMatch(/EAGAIN|unexpected/);
  const csv = pipeline(`export --db ${db} --format csv | (sleep 1; wc -c)`);
  expect(csv.status).toBe(0);
  expect(Number(csv.out)).toBeGreaterThan(1_000_000);
});

test('export | head -1: one line, no stack trace, exit 0 (or 141)', () => {
  for (const format of ['jsonl', 'csv', 'warc']) {
    const { out, stderr, status } = pipeline(`export --db ${db} --format ${format} | head -c 200 | wc -c`);
    expect(Number(out)).toBe(200);
    expect([0, 141]).toContain(status);
    expect(stderr).toBe('');
  }
});

async function quietly(args: string[]): Promise<{ code: number; stderr: string }> {
  const lines: string[] = [];
  const write = process.stderr.write.bind(process.stderr);
  process.stderr.write = ((chunk: string) => (lines.push(String(chunk)), true)) as typeof process.stderr.write;
  try {
    return { code: await main(args), stderr: lines.join('') };
  } finally {
    process.stderr.write = write;
  }
}

test('a file --out that is a directory, or exists without --force, is refused before any work', async () => {
  const existing = join(dir, 'existing.jsonl');
  writeFileSync(existing, 'keep me\n');
  const emptyInputs = join(dir, 'no-pages');
  mkdirSync(emptyInputs, { recursive: true });
  // extract: refused before the inputs are read or a browser is launched
  expect(await quietly(['extract', emptyInputs, '--out', dir, '--force'])).toMatchObject({ code: 2, stderr: expect.stringMatching(/is a directory/) });
  expect(await quietly(['extract', emptyInputs, '--out', existing])).toMatchObject({ code: 2, stderr: expect.stringMatching(/exists; use --force/) });
  // export: the same rule
  expect(await quietly(['export', '--db', db, '--out', existing])).toMatchObject({ code: 2, stderr: expect.stringMatching(/exists; use --force/) });
  expect(await quietly(['export', '--db', db, '--out', dir])).toMatchObject({ code: 2, stderr: expect.stringMatching(/is a directory/) });
  // model train / eval
  expect(await quietly(['model', 'train', '--from', emptyInputs, '--out', existing])).toMatchObject({ code: 2, stderr: expect.stringMatching(/exists; use --force/) });
  expect(await quietly(['model', 'eval', '--from', emptyInputs, '--model', existing, '--out', dir])).toMatchObject({ code: 2, stderr: expect.stringMatching(/is a directory/) });
  expect(execFileSync('cat', [existing], { encoding: 'utf8' })).toBe('keep me\n');
  // With --force the run goes on: the empty directory is a failed input, its error record replaces the file.
  expect((await quietly(['extract', emptyInputs, '--out', existing, '--force'])).code).toBe(1);
  expect(RecordSchema.parse(JSON.parse(execFileSync('cat', [existing], { encoding: 'utf8' })))).toMatchObject({ status: 'error', error: { code: 'input-not-found' } });
});

test('flags that cannot work together are usage errors that name the fix', async () => {
  const page = join(dir, 'page.html');
  writeFileSync(page, '<html><body><p>x</p></body></html>');
  const cases: Array<[string[], RegExp]> = [
    [['extract', page, '--explain'], /--explain adds the units to the JSON record: add --format json/],
    [['extract', page, '--summary', '--format', 'json'], /--summary prints a table .* drop one/],
    [['extract', page, '--model-optional'], /give --model FILE/],
    [['extract', page, '--force'], /give --out FILE/],
    [['export', '--db', db, '--what', 'pages', '--duplicates'], /drop --duplicates/],
    [['export', '--db', db, '--format', 'warc', '--what', 'pages'], /WARC export holds articles only/],
  ];
  for (const [args, message] of cases) {
    const { code, stderr } = await quietly(args);
    expect(code, args.join(' ')).toBe(2);
    expect(stderr, args.join(' ')).toMatch(message);
  }
});
