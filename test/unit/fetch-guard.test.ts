import { test, expect } from '@playwright/test';
import { FetchError } from '../../src/errors.js';
import { checkUrl, isPrivateAddress } from '../../src/net/address-guard.js';
import { DEFAULT_FETCH_LIMITS, guardedFetch, type FetchLimits } from '../../src/net/guarded-fetch.js';
import { startHostileServer, type HostileServer } from './support/hostile-server.js';

/**
 * The fetch guard against hostile servers on 127.0.0.1: every case ends with a typed error
 * (or a page) within its time budget. Each test prints its case, code and time; the issue's
 * figure table is this output (npx playwright test test/unit/fetch-guard.test.ts).
 */

let server: HostileServer;
test.beforeAll(async () => {
  server = await startHostileServer();
});
test.afterAll(async () => {
  await server.close();
});

/** Only the test server's own address is allowed: everything else private stays refused. */
const limits = (overrides: Partial<FetchLimits> = {}): FetchLimits => ({
  ...DEFAULT_FETCH_LIMITS,
  allowedAddresses: ['127.0.0.1'],
  timeoutMs: 2_000,
  maxBodyBytes: 4 * 1024 * 1024,
  ...overrides,
});

async function outcome(path: string, overrides: Partial<FetchLimits> = {}): Promise<{ code: string; ms: number }> {
  const started = performance.now();
  try {
    const response = await guardedFetch({ url: path.includes('://') ? path : `${server.origin}${path}` }, limits(overrides));
    return { code: `ok ${response.status} ${response.body.length} B`, ms: performance.now() - started };
  } catch (error) {
    const ms = performance.now() - started;
    if (!(error instanceof FetchError)) throw error;
    console.log(`  ${path.padEnd(22)} ${error.code.padEnd(26)} ${ms.toFixed(0).padStart(5)} ms  ${error.message.slice(0, 90)}`);
    return { code: error.code, ms };
  }
}

test('a plain page comes through, with its redirects followed and recorded', async () => {
  const response = await guardedFetch({ url: `${server.origin}/hops/3` }, limits());
  expect(response.status).toBe(200);
  expect(response.url).toBe(`${server.origin}/hops/0`);
  expect(response.redirects).toHaveLength(3);
  expect(response.body.toString()).toContain('A fine page.');
});

test('redirect loops and long chains end with fetch-too-many-redirects', async () => {
  expect((await outcome('/loop')).code).toBe('fetch-too-many-redirects');
  expect((await outcome('/hops/11')).code).toBe('fetch-too-many-redirects');
  expect((await outcome('/hops/10')).code).toMatch(/^ok 200/);
});

test('every redirect is checked again: to a metadata address, to IPv6 loopback, to file:', async () => {
  const metadata = await outcome('/to-metadata');
  expect(metadata.code).toBe('fetch-blocked-address');
  expect(metadata.ms).toBeLessThan(1_000); // refused before any connection is tried
  expect((await outcome('/to-loopback-v6')).code).toBe('fetch-blocked-address');
  expect((await outcome('/to-file')).code).toBe('fetch-blocked-scheme');
});

test('private, loopback, link-local and metadata addresses are refused unless allowed', async () => {
  const none = { allowedAddresses: [] };
  expect((await outcome('/ok', none)).code).toBe('fetch-blocked-address');
  expect((await outcome(`http://localhost:${server.port}/ok`, none)).code).toBe('fetch-blocked-address');
  expect((await outcome('http://[::ffff:127.0.0.1]/', none)).code).toBe('fetch-blocked-address');
  expect((await outcome('http://metadata.google.internal/computeMetadata/v1/', none)).code).toBe('fetch-blocked-address');
  expect((await outcome('/ok', { allowedAddresses: [], allowPrivateNetwork: true })).code).toMatch(/^ok 200/);
  for (const scheme of ['file:///etc/passwd', 'ftp://example.com/', 'javascript:alert(1)', 'data:text/html,hi', 'gopher://x/']) {
    expect(() => checkUrl(scheme, { allowPrivateNetwork: true })).toThrow(FetchError);
  }
});

test('address ranges: private ones refused, public ones let through', () => {
  for (const a of ['127.0.0.1', '10.1.2.3', '172.16.5.4', '192.168.1.1', '169.254.169.254', '100.100.100.200', '0.0.0.0', '::1', '::', 'fd00:ec2::254', 'fe80::1', '::ffff:10.0.0.1', '::ffff:a9fe:a9fe', '224.0.0.1', '255.255.255.255']) {
    expect(isPrivateAddress(a), a).toBe(true);
  }
  for (const a of ['93.184.216.34', '8.8.8.8', '2606:4700::1111', '::ffff:8.8.8.8', '172.32.0.1', '100.128.0.1']) {
    expect(isPrivateAddress(a), a).toBe(false);
  }
});

test('slowloris servers end with fetch-timeout within the budget', async () => {
  for (const path of ['/slow-headers', '/slow-body']) {
    const { code, ms } = await outcome(path, { timeoutMs: 1_500 });
    expect(code).toBe('fetch-timeout');
    expect(ms).toBeGreaterThanOrEqual(1_400);
    expect(ms).toBeLessThan(4_000);
  }
});

test('gzip bombs, endless bodies and huge declared lengths end with fetch-too-large, memory bounded', async () => {
  const before = process.memoryUsage().rss;
  const bomb = await outcome('/gzip-bomb');
  expect(bomb.code).toBe('fetch-too-large');
  expect((await outcome('/endless')).code).toBe('fetch-too-large');
  const declared = await outcome('/declared-huge');
  expect(declared.code).toBe('fetch-too-large');
  expect(declared.ms).toBeLessThan(1_000);
  // The bomb inflates to 200 MiB; the guard stops at 4 MiB, so the process cannot have grown by 100.
  expect(process.memoryUsage().rss - before).toBeLessThan(100 * 1024 * 1024);
});

test('huge headers, broken gzip: typed errors', async () => {
  expect((await outcome('/huge-headers')).code).toBe('fetch-headers-too-large');
  expect((await outcome('/bad-gzip')).code).toBe('fetch-decode');
  expect((await outcome('/binary')).code).toMatch(/^ok 200 4096 B/); // the caller judges the content type
});

test('a closed port is a retryable refused connection', async () => {
  const closed = await startHostileServer();
  const url = `${closed.origin}/ok`;
  await closed.close();
  const error = await guardedFetch({ url }, limits()).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(FetchError);
  expect((error as FetchError).code).toBe('fetch-refused');
  expect((error as FetchError).retryable).toBe(true);
});
