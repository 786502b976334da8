/**
 * `broadsheet extract` end to end on bad input, through the real command (bin/broadsheet.js on
 * the built dist/): every bad input gets its own error record in the JSON Lines output, the
 * good input next to them is still extracted, and the exit code says something failed.
 */
import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { mkdtemp, readFile, rm, writeFile, open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { test, expect } from '@playwright/test';

const BIN = join(process.cwd(), 'bin', 'broadsheet.js');

function run(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

let dir: string;
let server: Server;
let base: string;

test.beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'broadsheet-cli-'));
  await writeFile(join(dir, 'empty.html'), '');
  await writeFile(join(dir, 'binary.html'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]));
  await writeFile(join(dir, 'plain.html'), 'Just a line of plain text, no markup at all.\n'.repeat(20));
  // 50 MB of markup: refused by size before it is read.
  const big = await open(join(dir, 'huge.html'), 'w');
  const chunk = Buffer.from('<p>' + 'x'.repeat(1020) + '</p>');
  for (let i = 0; i < 50 * 1024; i++) await big.write(chunk);
  await big.close();
  // A DOM of a million elements.
  await writeFile(join(dir, 'million.html'), `<!doctype html><html><body><p>Start.</p>${'<i></i>'.repeat(1_000_000)}</body></html>`);
  await writeFile(join(dir, 'loop.html'), '<!doctype html><html><body><p>Text before the loop. It has sentences.</p><script>for(;;){}</script></body></html>');
  await writeFile(
    join(dir, 'good.html'),
    `<!doctype html><html lang="en"><head><title>Good page</title></head><body><nav><a href="/">Home</a> <a href="/news">News</a></nav>
     <article><h1>Good page</h1>${'<p>This paragraph is part of a real article body. It has several sentences, each of them ending properly.</p>'.repeat(6)}</article></body></html>`,
  );
  server = createServer((req, res) => {
    if (req.url === '/hang') return; // never answers
    if (req.url === '/500') {
      res.writeHead(500, { 'content-type': 'text/html' });
      res.end('<html><body><p>Server error.</p></body></html>');
      return;
    }
    res.writeHead(404);
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await rm(dir, { recursive: true, force: true });
});

test('bad inputs each get a clear error, the good one is extracted, exit code 1', async () => {
  test.setTimeout(180_000);
  const out = join(dir, 'out.jsonl');
  const inputs = [
    'empty.html', 'binary.html', 'plain.html', 'huge.html', 'loop.html', 'good.html', 'missing.html',
  ].map((f) => join(dir, f));
  const urls = ['http://', `${base}/hang`, `${base}/500`, 'http://127.0.0.1:9/unreachable'];
  const { code, stderr } = await run(['extract', ...inputs, ...urls, '--js', '--timeout', '4000', '--script-timeout', '3000', '--out', out, '--no-progress', '--summary', '--allow-private-network']);
  expect(code).toBe(1);
  const records = (await readFile(out, 'utf8')).trim().split('\n').map((l) => JSON.parse(l) as Record<string, any>);
  expect(records).toHaveLength(inputs.length + urls.length);
  const byInput = new Map(records.map((r) => [String(r['input']).replace(`${dir}/`, ''), r]));
  const codeOf = (name: string): string | undefined => byInput.get(name)?.['error']?.code;
  expect(codeOf('empty.html')).toBe('input-empty');
  expect(codeOf('binary.html')).toBe('input-binary');
  expect(codeOf('plain.html')).toBe('input-not-html');
  expect(codeOf('huge.html')).toBe('input-too-large');
  expect(['render-timeout', 'render-script-timeout']).toContain(codeOf('loop.html'));
  expect(codeOf('missing.html')).toBe('input-not-found');
  expect(codeOf('http://')).toBe('input-invalid-url');
  expect(codeOf(`${base}/hang`)).toBe('fetch-timeout');
  expect(codeOf(`${base}/500`)).toBe('render-http-status');
  expect(codeOf('http://127.0.0.1:9/unreachable')).toBe('fetch-refused');
  for (const r of records) if (r['status'] === 'error') expect(String(r['error']['message']).length).toBeGreaterThan(10);
  const good = byInput.get('good.html')!;
  expect(good['status']).toBe('article');
  expect(good['title']).toBe('Good page');
  expect(good['text']).toContain('real article body');
  expect(stderr).toContain('input-empty');
});

test('a DOM of a million elements is refused with its size, and the run goes on', async () => {
  test.setTimeout(180_000);
  const out = join(dir, 'million.jsonl');
  const { code } = await run(['extract', join(dir, 'million.html'), join(dir, 'good.html'), '--out', out, '--no-progress', '--summary']);
  expect(code).toBe(1);
  const records = (await readFile(out, 'utf8')).trim().split('\n').map((l) => JSON.parse(l) as Record<string, any>);
  // Lines are written as inputs finish, so find them by input.
  const million = records.find((r) => String(r['input']).endsWith('million.html'))!;
  const good = records.find((r) => String(r['input']).endsWith('good.html'))!;
  expect(million['error']['code']).toBe('render-dom-too-large');
  expect(million['error']['message']).toMatch(/1000\d{3} elements/u);
  expect(good['status']).toBe('article');
});

test('a missing browser is a clear, fatal error with instructions', async () => {
  const child = spawn(process.execPath, [BIN, 'extract', 'samples/'], {
    env: { ...process.env, BROADSHEET_CHROMIUM: '/nonexistent/chromium' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  expect(code).toBe(2);
  expect(stderr).toContain('apt-get install chromium');
});

test('--help lists every extract option the README and docs/extract.md document', async () => {
  const { code, stdout } = await run(['extract', '--help']);
  expect(code).toBe(0);
  const docs = (await readFile('README.md', 'utf8')) + (await readFile('docs/extract.md', 'utf8'));
  const documented = [...docs.matchAll(/^\| `(--[a-z-]+)/gmu)].map((m) => m[1]!);
  expect(documented.length).toBeGreaterThan(20);
  for (const flag of documented) expect(stdout).toContain(flag);
});

test('--out never replaces an existing file silently, and is written whole or not at all', async () => {
  test.setTimeout(180_000);
  const out = join(dir, 'kept.jsonl');
  await writeFile(out, 'earlier results\n');
  const refused = await run(['extract', join(dir, 'good.html'), '--out', out, '--no-progress', '--summary']);
  expect(refused.code).toBe(2);
  expect(refused.stderr).toContain('--force');
  expect(await readFile(out, 'utf8')).toBe('earlier results\n');
  const forced = await run(['extract', join(dir, 'good.html'), '--out', out, '--force', '--no-progress', '--summary']);
  expect(forced.code).toBe(0);
  const records = (await readFile(out, 'utf8')).trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
  expect(records.map((r) => r['status'])).toEqual(['article']);
  const { readdir } = await import('node:fs/promises');
  expect((await readdir(dir)).filter((f) => f.includes('.partial-'))).toEqual([]);
});
