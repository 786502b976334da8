/** The soak's figures (src/bench/soak.ts) from per-page records: pure, no browser. */
import { test, expect } from '@playwright/test';
import { isOverBudget, isTypedError, soakHtml, soakText, summarizeSoak, type SoakPage } from '../../src/bench/soak.js';

const page = (id: string, bytes: number, totalMs: number, status: SoakPage['status'] = 'article', code?: string): SoakPage => ({
  corpus: id.startsWith('w') ? 'wcxb-dev' : 'aeb',
  id,
  bytes,
  status,
  ...(code ? { code } : {}),
  cuts: 0,
  timings: { loadMs: 1, renderMs: totalMs / 2, snapshotMs: totalMs / 4, extractMs: totalMs / 8, otherMs: totalMs / 8 - 1, totalMs },
});

test('pages past budget + margin and untyped errors are named; typed errors and pages within the margin are not', () => {
  const pages = [
    page('a1', 100 * 1024, 500),
    page('a2', 200 * 1024, 11_999), // within the 2 s margin of a 10 s budget
    page('w1', 2 * 1024 * 1024, 12_001), // past it
    page('w2', 50 * 1024, 300, 'error', 'render-timeout'),
    page('w3', 50 * 1024, 300, 'error', 'internal'),
    page('w4', 50 * 1024, 300, 'none'),
  ];
  const s = summarizeSoak(pages, { wallMs: 20_000, budgetMs: 10_000, marginMs: 2_000, slowest: 2 });
  expect(s.overBudget.map((p) => p.id)).toEqual(['w1']);
  expect(s.untyped.map((p) => p.id)).toEqual(['w3']);
  expect(s.errorsByCode).toEqual({ 'render-timeout': 1, internal: 1 });
  expect(s.slowest.map((p) => p.id)).toEqual(['w1', 'a2']);
  expect(s.byCorpus).toEqual([
    { corpus: 'aeb', pages: 2, articles: 2, none: 0, errors: 0 },
    { corpus: 'wcxb-dev', pages: 4, articles: 1, none: 1, errors: 2 },
  ]);
  expect(s.stages.totalMs.max).toBe(12_001);
  expect(s.stages.totalMs.p50).toBe(300);
  // Σ ms ÷ Σ MB over the six pages.
  const mb = pages.reduce((sum, p) => sum + p.bytes, 0) / 1024 / 1024;
  expect(s.msPerMb.overall).toBeCloseTo(pages.reduce((sum, p) => sum + p.timings.totalMs, 0) / mb, 6);
  expect(s.msPerMb.bands.map((b) => [b.band, b.pages])).toEqual([['< 100 KB', 3], ['100–300 KB', 2], ['1–3 MB', 1]]);
  expect(isOverBudget(pages[2]!, 0, 0)).toBe(false); // budget 0: none
  expect(isTypedError('internal')).toBe(false);
  expect(isTypedError('extract-timeout')).toBe(true);

  const text = soakText(s);
  expect(text).toContain('over budget + margin: 1 (wcxb-dev/w1 12001 ms)');
  expect(text).toContain('untyped errors: 1 (wcxb-dev/w3)');
  const html = soakHtml(pages, s, { command: 'npm run soak', date: '2026-11-25', machine: '2 cores' });
  // Self-contained: no scripts, no external resources; one dot per page.
  expect(html).not.toMatch(/<script|<link|src=/u);
  expect(html.match(/<circle cx/gu)?.length).toBe(pages.length + s.byCorpus.length);
});
