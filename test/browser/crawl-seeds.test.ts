/**
 * A crawl whose seeds all fail ends non-zero and says why in words; `status` counts errors by
 * kind and per site. Only `.invalid` names and closed 127.0.0.1 ports: no traffic leaves the
 * machine. Runs bin/broadsheet.js (dist/: npm run build).
 */
import { execFile } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { test as base, expect } from '@playwright/test';
import { tempDirFixture } from '../support/temp-dir.js';

const BIN = join(process.cwd(), 'bin', 'broadsheet.js');
// A directory per test (test/support/temp-dir.ts), never one per file removed by afterAll
// while another test of the file runs (fullyParallel).
const test = base.extend<{ dir: string }>({ dir: tempDirFixture('broadsheet-seeds-') });

async function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [BIN, ...args]);
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

test('seeds that do not resolve or are blocked: exit 1, each cause in words, the option that allows it', async ({ dir }) => {
  test.setTimeout(120_000);
  const db = join(dir, 'bad-seeds.db');
  const port = await closedPort();
  const started = Date.now();
  const run = await cli(['crawl', 'http://nothing-here.invalid/', `http://127.0.0.1:${port}/`, '--db', db, '--max-pages', '5', '--delay', '0', '--no-progress']);
  expect(run.code).toBe(1);
  expect(run.stderr).toContain('no seed could be fetched');
  expect(run.stderr).toMatch(/http:\/\/nothing-here\.invalid\/: DNS lookup failed: nothing-here\.invalid does not resolve/);
  expect(run.stderr).toMatch(new RegExp(`http://127\\.0\\.0\\.1:${port}/: blocked address: .*--allow-private-network allows it`));
  // Not two robots.txt retry periods (60 s each): a cause that cannot change is reported at once.
  expect(Date.now() - started).toBeLessThan(60_000);

  const status = await cli(['status', '--db', db, '--json']);
  const parsed = JSON.parse(status.stdout) as { errors: Record<string, number>; sites: Record<string, { pages: number; errors: number }> };
  expect(parsed.errors).toEqual({ 'fetch-dns': 1, 'fetch-blocked-address': 1 });
  expect(parsed.sites['nothing-here.invalid']).toMatchObject({ pages: 1, errors: 1 });
  const text = await cli(['status', '--db', db]);
  expect(text.stdout).toMatch(/errors by kind\n\s+1\s+fetch-(dns|blocked-address)/);
  expect(text.stdout).toMatch(/not followed: 0 outside the crawl's sites/);
});

test('a seed on a closed port: connection refused, exit 1', async ({ dir }) => {
  test.setTimeout(120_000);
  const db = join(dir, 'refused.db');
  const port = await closedPort();
  const run = await cli(['crawl', `http://127.0.0.1:${port}/`, '--db', db, '--max-pages', '5', '--delay', '0', '--no-progress', '--no-robots', '--allow-private-network']);
  expect(run.code).toBe(1);
  expect(run.stderr).toMatch(new RegExp(`http://127\\.0\\.0\\.1:${port}/: connection refused: nothing accepts connections at 127\\.0\\.0\\.1:${port}`));
});
