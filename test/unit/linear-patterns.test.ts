import { test, expect } from '@playwright/test';
import { qualityMeasures } from '../../src/corpus/quality.js';
import { tdmReserved } from '../../src/corpus/opt-outs.js';
import { siteOf } from '../../src/url/normalize.js';
import { vectorizeUrl } from '../../src/url/vectorize.js';

/**
 * Patterns rewritten for issue 21 (no super-linear regular expression), through the functions
 * that use them, on the input that made the old pattern quadratic. The old patterns took about
 * 2.5–7 s at 40,000 characters and grow with the square (about 6–16 s at the 60,000 used here);
 * the linear ones take a few ms, so the bound of 1 s fails only if a pattern is quadratic again.
 * Behaviour is covered by each module's own tests.
 */

function elapsedMs(run: () => unknown): number {
  const start = performance.now();
  run();
  return performance.now() - start;
}

const RUN = 60_000;

test('quality measures: a word of 60,000 punctuation marks between two letters is trimmed in linear time', () => {
  const text = `Some words here. a${'-'.repeat(RUN)}a and more words.`;
  let measures: ReturnType<typeof qualityMeasures> | undefined;
  expect(elapsedMs(() => (measures = qualityMeasures(text)))).toBeLessThan(1000);
  expect(measures).toBeDefined();
});

test('site and URL vector: a host name with a run of 60,000 dots inside is read in linear time', () => {
  const url = `http://a${'.'.repeat(RUN)}a.example/`;
  let site: string | null = null;
  expect(elapsedMs(() => (site = siteOf(url)))).toBeLessThan(1000);
  expect(site).toBe(new URL(url).hostname);
  expect(elapsedMs(() => vectorizeUrl(url))).toBeLessThan(1000);
  // A trailing dot still goes.
  expect(siteOf('http://example.com./x')).toBe('example.com');
});

test('tdm-reservation: a 64 KB head of "<meta " with no ">" is scanned once, not once per tag', () => {
  // The old scan took 1.5 s here (each `<meta` scanned to the end of the head).
  const head = '<meta '.repeat(11_000);
  expect(elapsedMs(() => tdmReserved(undefined, head))).toBeLessThan(500);
  expect(tdmReserved(undefined, '<head><meta name="tdm-reservation" content="1"></head><meta ')).toBe(true);
});
