/**
 * `bench live`'s report (pure): with `--compare-ads` broadsheet's time per page (settle, scroll,
 * snapshot) and bytes fetched are shown for both ad-blocking settings side by side.
 */
import { test, expect } from '@playwright/test';
import { liveMarkdown, type LiveBenchRun, type LivePageResult } from '../../src/bench/live.js';

function page(i: number, settleMs: number, bytes: number, ads: number): LivePageResult['systems']['broadsheet'] {
  return {
    f1: 1,
    ms: 2000 + i,
    status: 'article',
    text: 'x',
    snapshotMs: 20 + i,
    live: { ms: settleMs + 300, settle: { ms: settleMs, reason: 'settled' }, scroll: { ms: 100 }, network: { fetched: ads > 0 ? 2 : 20, bytes, ads } },
  };
}

test('with broadsheet-no-block-ads both settings get their timing and bytes columns', () => {
  const pages: LivePageResult[] = Array.from({ length: 4 }, (_, i) => ({
    url: `http://127.0.0.1/live/third-party-ads/${i}`,
    kind: 'third-party-ads',
    variant: i % 2,
    systems: { broadsheet: page(i, 500 + i * 100, 5_000, 4), 'broadsheet-no-block-ads': page(i, 1500 + i * 100, 256_000, 0) },
  }));
  const summary = { f1: 1, precision: 1, recall: 1, pagesPerSecond: 1, wallMs: 4000, byKind: { 'third-party-ads': { f1: 1, n: 4 } } };
  const run: LiveBenchRun = { pages, systems: { broadsheet: summary, 'broadsheet-no-block-ads': { ...summary, pagesPerSecond: 0.5 } }, concurrency: 2 };
  const markdown = liveMarkdown(run);
  expect(markdown).toContain('| kind | n | broadsheet | broadsheet-no-block-ads |');
  expect(markdown).toContain('| per live page: median / p95 | broadsheet | broadsheet-no-block-ads |');
  // Median and p95 of four pages: the third and the fourth value.
  expect(markdown).toContain('| settle, ms | 700 / 800 | 1700 / 1800 |');
  expect(markdown).toContain('| snapshot, ms | 22 / 23 | 22 / 23 |');
  expect(markdown).toContain('| bytes fetched, kB | 4.9 / 4.9 | 250.0 / 250.0 |');
  expect(markdown).toContain('| requests refused as ads/trackers | 4 / 4 | 0 / 0 |');
  expect(markdown).toContain('| bytes fetched, all pages, kB | 20 | 1000 |');
});
