import { test, expect } from '@playwright/test';
import { failureInWords, seedFailures } from '../../src/crawl/seed-failures.js';

const page = (url: string, errorCode: string | null, status: number | null = null) => ({ url, errorCode, errorMessage: errorCode ? `${errorCode} detail` : null, status });

test('every seed failed: one line per seed, the cause in words', () => {
  const failures = seedFailures(['http://a.invalid/', 'http://127.0.0.1:9/', 'https://x.test/'], [
    page('http://a.invalid/', 'fetch-dns'),
    page('http://127.0.0.1:9/', 'fetch-blocked-address'),
    page('https://x.test/', 'render-http-status', 503),
  ]);
  expect(failures?.map((f) => f.cause)).toEqual([
    'DNS lookup failed: a.invalid does not resolve (a typo, or no network)',
    'blocked address: 127.0.0.1:9 is a loopback, private or link-local address, refused by the fetch guard; --allow-private-network allows it',
    'the server answered HTTP 503',
  ]);
});

test('a seed that was fetched, or no seed tried yet: nothing to report', () => {
  expect(seedFailures(['http://a.invalid/', 'https://ok.test/'], [page('http://a.invalid/', 'fetch-dns'), page('https://ok.test/', null)])).toBeUndefined();
  expect(seedFailures(['https://ok.test/'], [page('https://other.test/', 'fetch-dns')])).toBeUndefined();
  expect(failureInWords(page('http://h.test:81/', 'fetch-refused'))).toBe('connection refused: nothing accepts connections at h.test:81');
  expect(failureInWords(page('http://h.test/', 'robots-disallowed'))).toMatch(/--no-robots/);
});
