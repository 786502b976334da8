import { test, expect } from '@playwright/test';
import { aggregate, pageScores } from '../../src/bench/metrics.js';
import { htmlReport } from '../../src/bench/report-html.js';
import { jsonReport, markdownReport, pagesInReportOrder } from '../../src/bench/report.js';
import type { BenchPageResult, BenchRun, SystemPageResult, SystemSummary } from '../../src/bench/runner.js';

const TRUTH = 'the quick brown fox jumps over the lazy dog near the river bank today';

function result(text: string, ms: number, status: SystemPageResult['status'] = 'ok', reason?: string): SystemPageResult {
  return { status, text, ms, score: pageScores(text, TRUTH), ...(reason ? { reason } : {}) };
}

function summary(name: 'broadsheet' | 'readability', pages: SystemPageResult[], pagesPerSecond: number, msMedian: number): SystemSummary {
  return {
    name,
    version: name === 'broadsheet' ? 'dev' : '0.6.0',
    scores: aggregate(pages.map((p) => p.score), { bootstrapSamples: 50, seed: 1 }),
    msMedian,
    msP95: msMedian * 2,
    pagesPerSecond,
    wallMs: 1000,
    concurrency: name === 'broadsheet' ? 2 : 1,
    memory: { peakProcessRssMb: 200, peakChildrenRssMb: name === 'broadsheet' ? 900 : null },
    ok: pages.filter((p) => p.status === 'ok').length,
    none: pages.filter((p) => p.status === 'none').length,
    errors: pages.filter((p) => p.status === 'error').length,
  };
}

function handMadeRun(): BenchRun {
  // a-win: broadsheet exact, Readability half. b-lose-small: broadsheet loses a little.
  // c-lose-big: broadsheet failed (empty), Readability exact. d-tie: both exact.
  const half = 'the quick brown fox jumps over the lazy';
  const pages: BenchPageResult[] = [
    { id: 'a-win', truthChars: TRUTH.length, broadsheet: result(TRUTH, 100), readability: result(half, 20) },
    { id: 'b-lose-small', truthChars: TRUTH.length, broadsheet: result(`${half} dog near the river`, 110), readability: result(TRUTH, 30) },
    { id: 'c-lose-big', truthChars: TRUTH.length, broadsheet: result('', 5000, 'error', 'render-timeout: too slow'), readability: result(TRUTH, 40) },
    { id: 'd-tie', truthChars: TRUTH.length, broadsheet: result(TRUTH, 120), readability: result(TRUTH, 25) },
  ];
  pages[0]!.screenshot = '/tmp/bench-out/shots/a-win.png';
  return {
    corpus: { name: 'hand', format: 'samples', dir: '/tmp/hand', tokenization: 'aeb', size: 4, skipped: [] },
    startedAt: '2026-01-01T00:00:00.000Z',
    options: { concurrency: 2, limit: null, peer: true, seed: 1, bootstrapSamples: 50 },
    machine: { cpus: 2, node: 'v20', platform: 'linux' },
    pages,
    systems: {
      broadsheet: summary('broadsheet', pages.map((p) => p.broadsheet), 7.25, 110),
      readability: summary('readability', pages.map((p) => p.readability!), 31.5, 27.5),
    },
    stored: [],
    notes: ['a note'],
  };
}

test('pages where broadsheet loses come first, the biggest loss first', () => {
  const order = pagesInReportOrder(handMadeRun()).map((p) => p.id);
  expect(order).toEqual(['c-lose-big', 'b-lose-small', 'a-win', 'd-tie']);
});

test('the Markdown report has both systems with their figures and the losing pages first', () => {
  const run = handMadeRun();
  const md = markdownReport(run);
  const b = run.systems.broadsheet;
  const r = run.systems.readability!;
  expect(md).toContain(`${b.scores.f1.toFixed(3)} ± ${b.scores.f1Std.toFixed(3)}`);
  expect(md).toContain(`${r.scores.f1.toFixed(3)} ± ${r.scores.f1Std.toFixed(3)}`);
  expect(md).toContain('| 7.25 |');
  expect(md).toContain('| 31.50 |');
  expect(md).toContain('2 where broadsheet loses');
  const rows = md.split('\n').filter((line) => /^\| [a-d]-/.test(line));
  expect(rows.map((line) => line.split(' | ')[0]!.slice(2))).toEqual(['c-lose-big', 'b-lose-small', 'a-win', 'd-tie']);
  expect(md).toContain('c-lose-big — broadsheet error: render-timeout: too slow');
  // the speed ratio is broadsheet pages/s over Readability's
  expect(md).toContain(`${(7.25 / 31.5).toFixed(2)}×`);
});

test('the JSON report is the run itself', () => {
  const run = handMadeRun();
  expect(JSON.parse(jsonReport(run))).toEqual(JSON.parse(JSON.stringify(run)));
});

test('the HTML report is self-contained and shows the data', () => {
  const run = handMadeRun();
  const html = htmlReport(run, { reportDir: '/tmp/bench-out' });
  // no external scripts or stylesheets, no scripts at all
  expect(html).not.toMatch(/<script/i);
  expect(html).not.toMatch(/<link[^>]+stylesheet/i);
  expect(html).not.toMatch(/(src|href)="(https?:)?\/\//i);
  expect(html).toContain('<style>');
  // the two plots
  expect(html.match(/<svg /g)?.length).toBe(2);
  // one dot per page, coloured by who wins
  expect(html.match(/<circle class="lose"/g)?.length).toBe(2);
  expect(html.match(/<circle class="win"/g)?.length).toBe(1);
  expect(html.match(/<circle class="tie"/g)?.length).toBe(1);
  // the per-page rows, losing pages first and marked
  const rowIds = [...html.matchAll(/<tr class="page[^"]*" data-id="([^"]+)"/g)].map((m) => m[1]);
  expect(rowIds).toEqual(['c-lose-big', 'b-lose-small', 'a-win', 'd-tie']);
  expect(html.match(/<tr class="page lose"/g)?.length).toBe(2);
  // figures as in the data
  const b = run.systems.broadsheet;
  expect(html).toContain(`${b.scores.precision.toFixed(3)} ± ${b.scores.precisionStd.toFixed(3)}`);
  expect(html).toContain(`${run.pages[1]!.broadsheet.score.f1.toFixed(3)}`);
  // the screenshot is linked relative to the report
  expect(html).toContain('<img src="shots/a-win.png"');
  // failures with their reasons
  expect(html).toContain('render-timeout: too slow');
});

test('without a peer the report has no scatter and no Readability column', () => {
  const run = handMadeRun();
  delete run.systems.readability;
  for (const p of run.pages) delete p.readability;
  const html = htmlReport(run, { reportDir: '/tmp/bench-out' });
  expect(html.match(/<svg /g)?.length).toBe(1);
  expect(html).not.toContain('Readability F1');
  expect(markdownReport(run)).not.toContain('Readability');
});
