/**
 * How Playwright's failures map to typed RenderErrors (src/render/failures.ts). Pure: the
 * errors are constructed here, so cases that are hard to provoke in a real browser (a crashed
 * renderer, DNS failure) are pinned too. Lives with the render tests; needs no browser.
 */
import { test, expect } from '@playwright/test';
import { errors } from 'playwright';
import { RenderError } from '../../src/errors.js';
import { isRetryableStatus, navigationFailure } from '../../src/render/failures.js';

const URL = 'https://news.example/a';

test('a Playwright timeout is a retryable render-timeout naming the limit', () => {
  const error = navigationFailure(new errors.TimeoutError('page.goto: Timeout 3000ms exceeded.'), URL, 3_000);
  expect(error).toMatchObject({ code: 'render-timeout', retryable: true });
  expect(error.message).toContain('3000 ms');
  expect(error.cause).toBeInstanceOf(errors.TimeoutError);
});

test('network failures are render-navigation; only transient ones are retryable', () => {
  const transient = ['ERR_NAME_NOT_RESOLVED', 'ERR_CONNECTION_REFUSED', 'ERR_CONNECTION_RESET', 'ERR_TIMED_OUT'];
  for (const code of transient) {
    const error = navigationFailure(new Error(`page.goto: net::${code} at ${URL}\nCall log:\n  - navigating`), URL, 1);
    expect(error, code).toMatchObject({ code: 'render-navigation', retryable: true });
    expect(error.message).toContain(code);
    expect(error.message).not.toContain('Call log');
  }
  const permanent = ['ERR_TOO_MANY_REDIRECTS', 'ERR_INVALID_URL', 'ERR_CERT_AUTHORITY_INVALID', 'ERR_UNSAFE_PORT'];
  for (const code of permanent) {
    expect(navigationFailure(new Error(`page.goto: net::${code} at ${URL}`), URL, 1), code).toMatchObject({
      code: 'render-navigation',
      retryable: false,
    });
  }
});

test('a crashed or closed page is render-crashed', () => {
  for (const message of ['page.goto: Page crashed', 'page.goto: Target page, context or browser has been closed']) {
    expect(navigationFailure(new Error(message), URL, 1)).toMatchObject({ code: 'render-crashed', retryable: true });
  }
});

test('a RenderError passes through unchanged', () => {
  const original = new RenderError('render-not-html', 'x is application/pdf', false);
  expect(navigationFailure(original, URL, 1)).toBe(original);
});

test('statuses worth retrying: 5xx and 429', () => {
  expect([500, 502, 503, 429].map(isRetryableStatus)).toEqual([true, true, true, true]);
  expect([400, 401, 403, 404, 410].map(isRetryableStatus)).toEqual([false, false, false, false, false]);
});
