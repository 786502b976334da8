/**
 * Every output is a record of the one schema (src/record/schema.ts): `extract --format json`,
 * `extract --out` (which then prints a summary, not the bodies), the library's `extract` and
 * `extractHtml` (a gzipped Buffer unpacked like a .html.gz file). Runs bin/broadsheet.js
 * (dist/: npm run build).
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { test as base, expect } from './fixtures.js';
import { tempDirFixture } from '../support/temp-dir.js';
import { extract, extractHtml, RecordSchema } from '../../src/index.js';

const BIN = join(process.cwd(), 'bin', 'broadsheet.js');
const SAMPLES = ['samples/en-minimal-article.html', 'samples/ru-table-layout-br.html', 'samples/zh-news-sidebar.html'];
// A directory per test (test/support/temp-dir.ts): one per file was removed by afterAll while
// another test of the file still wrote into it (fullyParallel).
const test = base.extend<{ dir: string }>({ dir: tempDirFixture('broadsheet-record-') });

async function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [BIN, ...args], { maxBuffer: 64 << 20 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

test('extract --format json and --out write records; --out alone prints a summary, not the bodies', async ({ dir }) => {
  test.setTimeout(240_000);
  const json = await cli(['extract', ...SAMPLES, '--format', 'json', '--no-progress']);
  expect(json.code).toBe(0);
  const records = json.stdout.trim().split('\n').map((line) => RecordSchema.parse(JSON.parse(line)));
  expect(records.map((r) => r.status)).toEqual(['article', 'article', 'article']);

  const out = join(dir, 'out.jsonl');
  const alone = await cli(['extract', ...SAMPLES, '--out', out, '--no-progress']);
  expect(alone.code).toBe(0);
  expect(alone.stdout.trim()).toMatch(/^3 records written to .*out\.jsonl: 3 articles, 0 without one, 0 failed/);
  expect(alone.stdout.split('\n').length).toBeLessThan(4);
  const written = readFileSync(out, 'utf8').trim().split('\n').map((line) => RecordSchema.parse(JSON.parse(line)));
  // --out writes records as pages finish (any order); stdout keeps the input order.
  const byInput = (list: typeof records): Array<[string, string | null]> => list.map((r): [string, string | null] => [r.input, r.text]).sort(([a], [b]) => a.localeCompare(b));
  expect(byInput(written)).toEqual(byInput(records));

  // text, markdown and html on stdout: the title, then the record's body field; the record's body fields never hold the title.
  for (const r of records) {
    if (r.status !== 'article' || !r.title) continue;
    for (const field of [r.text, r.markdown ?? '', r.html ?? '']) expect(field.trimStart().replace(/^(#+\s*|<h1[^>]*>)/u, '').startsWith(r.title)).toBe(false);
  }
  const first = records[0]!;
  if (first.status !== 'article') throw new Error('expected an article');
  const md = await cli(['extract', SAMPLES[0]!, '--format', 'markdown']);
  expect(md.stdout).toBe(`# ${first.title}\n\n${first.markdown}\n\n`);
  const text = await cli(['extract', SAMPLES[0]!]);
  expect(text.stdout).toBe(`${first.title}\n\n${first.text}\n\n`);
});

test('extract piped into head -1 ends quietly', async () => {
  test.setTimeout(240_000);
  const { stdout, stderr } = await promisify(execFile)('bash', ['-c', `node ${BIN} extract ${SAMPLES.join(' ')} --format json --no-progress | head -c 100 | wc -c; echo "status=\${PIPESTATUS[0]}"`]);
  expect(stdout).toMatch(/^100\nstatus=(0|141)\n$/);
  expect(stderr).toBe('');
});

test('the library returns records; a gzipped Buffer is unpacked, a binary one is a typed error record', async ({ browser }) => {
  test.setTimeout(240_000);
  const [fromFile] = await extract(SAMPLES[0]!, { browser });
  const html = readFileSync(SAMPLES[0]!);
  const fromString = await extractHtml(html.toString('utf8'), { browser });
  const fromGzip = await extractHtml(gzipSync(html), { browser });
  for (const r of [fromFile, fromString, fromGzip]) expect(RecordSchema.parse(r).status).toBe('article');
  expect(fromGzip.text).toBe(fromString.text);
  expect(fromGzip.title).toBe(fromFile!.title);
  const binary = RecordSchema.parse(await extractHtml(gzipSync(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])), { browser }));
  expect(binary).toMatchObject({ status: 'error', error: { code: 'input-binary' } });
  const plain = RecordSchema.parse(await extractHtml(Buffer.from('no markup here, just words\n'.repeat(10)), { browser }));
  expect(plain).toMatchObject({ status: 'error', error: { code: 'input-not-html' } });
});
