/**
 * `broadsheet extract` streams: each page's output reaches stdout as soon as the pages before it
 * are done, not after the whole run (it once held every record until the last page, so a pipe
 * saw nothing for the run's length and memory grew with the number of pages), and a reader that
 * goes away stops the run. Through the real command (bin/broadsheet.js on the built dist/).
 */
import { spawn } from 'node:child_process';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect } from '@playwright/test';

const BIN = join(process.cwd(), 'bin', 'broadsheet.js');
const SAMPLE = join(process.cwd(), 'samples', 'en-short-brief.html');
const PAGE = `<!doctype html><html lang="en"><head><title>Late page</title></head><body><article><h1>Late page</h1>${'<p>The late page has a body of several sentences. Each of them ends properly.</p>'.repeat(6)}</article></body></html>`;

let server: Server;
let base: string;
/** The request for /late, held open until the test answers it. */
let late: { req: IncomingMessage; res: ServerResponse; closed: boolean } | undefined;
let lateArrived: () => void = () => undefined;

test.beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url !== '/late') {
      res.writeHead(404);
      res.end();
      return;
    }
    const held = { req, res, closed: false };
    res.on('close', () => (held.closed = true));
    late = held;
    lateArrived();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

test('the first page\'s record reaches stdout while a later page is still loading', async () => {
  const child = spawn(process.execPath, [BIN, 'extract', SAMPLE, `${base}/late`, '--format', 'json', '--concurrency', '2', '--allow-private-network'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const arrived = new Promise<void>((resolve) => (lateArrived = resolve));
  let stdout = '';
  const firstLine = new Promise<string>((resolve) => {
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
      if (stdout.includes('\n')) resolve(stdout.slice(0, stdout.indexOf('\n')));
    });
  });
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  await arrived;
  const line = await firstLine;
  // The saved page's record came while the live page's request was still open, unanswered.
  expect(late?.closed).toBe(false);
  expect(JSON.parse(line)).toMatchObject({ status: 'article', input: SAMPLE });
  late!.res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  late!.res.end(PAGE);
  expect(await exited).toBe(0);
  const records = stdout.trim().split('\n').map((l) => JSON.parse(l) as { input: string; status: string; title: string | null });
  // In input order, every page once.
  expect(records.map((r) => r.input)).toEqual([SAMPLE, `${base}/late`]);
  expect(records[1]).toMatchObject({ status: 'article', title: 'Late page' });
});

test('a reader that goes away after the first record stops the run: no further page is started, exit 0, no stack trace', async () => {
  // 40 inputs, one page at a time, the records also written to a file (which shows how far the
  // run went): the reader of stdout leaves after one line.
  const dir = await mkdtemp(join(tmpdir(), 'broadsheet-stream-'));
  try {
    const out = join(dir, 'records.jsonl');
    const inputs = Array.from({ length: 40 }, () => SAMPLE);
    const child = spawn(process.execPath, [BIN, 'extract', ...inputs, '--format', 'json', '--out', out, '--concurrency', '1'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    let buffered = '';
    child.stdout.on('data', (d: Buffer) => {
      buffered += d.toString();
      if (buffered.includes('\n')) child.stdout.destroy();
    });
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect([0, 141]).toContain(code);
    expect(stderr).not.toMatch(/Error:|at .*\.js:\d+/u);
    // The run stopped: the file was not completed, and what it holds is short of the 40 pages.
    expect(existsSync(out)).toBe(false);
    const partial = (await readdir(dir)).find((f) => f.startsWith('records.jsonl.partial'));
    expect(partial).toBeDefined();
    const written = (await readFile(join(dir, partial!), 'utf8')).trim().split('\n').length;
    expect(written).toBeGreaterThanOrEqual(1);
    expect(written).toBeLessThan(40);
    expect(stderr).toContain('the run stopped');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
