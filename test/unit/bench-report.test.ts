import { test, expect } from '@playwright/test';
import { aggregate, meanWordF1, pageScores, wordScore } from '../../src/bench/metrics.js';
import { htmlReport } from '../../src/bench/report-html.js';
import { jsonReport, markdownReport, pagesInReportOrder, typeTable } from '../../src/bench/report.js';
import type { BenchPageResult, BenchRun, SystemPageResult, SystemSummary } from '../../src/bench/runner.js';

const TRUTH = 'the quick brown fox jumps over the lazy dog near the river bank today';

function result(text: string, ms: number, status: SystemPageResult['status'] = 'ok', reason?: string): SystemPageResult {
  return { status, text, ms, score: pageScores(text, TRUTH), wordF1: wordScore(text, TRUTH).f1, ...(reason ? { reason } : {}) };
}

function summary(name: 'broadsheet' | 'readability', pages: SystemPageResult[], pagesPerSecond: number, msMedian: number): SystemSummary {
  return {
    name,
    version: name === 'broadsheet' ? 'dev' : '0.6.0',
    scores: aggregate(pages.map((p) => p.score), { bootstrapSamples: 50, seed: 1 }),
    wordF1: meanWordF1(pages.map((p) => ({ f1: p.wordF1 }))),
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

test('the scatter zooms to the data: the lowest F1 sits inside the window, the ticks span it', async () => {
  const { scatterDomain, scatterSvg } = await import('../../src/bench/report-html.js');
  // Pages all above 0.9: the window starts below the lowest, not at 0.
  const high = scatterDomain([0.93, 0.97, 1, 0.99]);
  expect(high.lo).toBeGreaterThan(0.8);
  expect(high.lo).toBeLessThan(0.93);
  expect((1 - high.lo) / high.step).toBeLessThanOrEqual(5);
  // A page at 0 keeps the full window.
  expect(scatterDomain([0, 0.5, 1]).lo).toBe(0);
  const run = handMadeRun();
  const svg = scatterSvg(run);
  // every dot inside the frame (40..280 in a 320 box)
  for (const m of svg.matchAll(/cx="([\d.]+)" cy="([\d.]+)"/g)) {
    for (const v of [Number(m[1]), Number(m[2])]) {
      expect(v).toBeGreaterThanOrEqual(40);
      expect(v).toBeLessThanOrEqual(280);
    }
  }
  // a run whose pages score 0.95–1: dots spread over the frame, not piled in a corner
  for (const p of run.pages) {
    p.broadsheet.score.f1 = 0.95 + (p.id.charCodeAt(0) - 97) * 0.0125;
    p.readability!.score.f1 = 0.96;
  }
  const xs = [...scatterSvg(run).matchAll(/cy="([\d.]+)"/g)].map((m) => Number(m[1]));
  expect(Math.max(...xs) - Math.min(...xs)).toBeGreaterThan(40);
});

test('report.html embeds the screenshots it is given, defines accuracy, and names the version it was given', () => {
  const run = handMadeRun();
  run.systems.broadsheet.version = '0.1.0 (git abc1234)';
  const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
  const html = htmlReport(run, { reportDir: '/tmp/bench-out', readImage: (path) => (path.endsWith('a-win.png') ? png : undefined) });
  expect(html).toContain(`<img src="data:image/png;base64,${png.toString('base64')}"`);
  expect(html).not.toContain('shots/a-win.png');
  expect(html).toMatch(/accuracy: the share of pages whose extracted text is exactly the ground truth/);
  expect(html).toContain('broadsheet 0.1.0 (git abc1234)');
  expect(html).not.toContain('broadsheet dev');
  expect(markdownReport(run)).toMatch(/accuracy is the share of pages whose extracted text is exactly the ground truth/);
});

test('broadsheetVersion names the package version, and a commit only when run from a checkout', async () => {
  const { broadsheetVersion } = await import('../../src/bench/version.js');
  const { readFileSync } = await import('node:fs');
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  const version = broadsheetVersion();
  expect(version.startsWith(pkg.version)).toBe(true);
  expect(version).not.toMatch(/\bdev\b/);
  expect(version).toMatch(/^\d+\.\d+\.\d+( \(git [0-9a-f]{4,}(, modified)?\))?$/);
});

test('figures per page type: each type and all pages, both metrics, both systems; none without types', () => {
  const run = handMadeRun();
  expect(typeTable(run)).toBeNull();
  run.pages[0]!.pageType = 'article';
  run.pages[1]!.pageType = 'article';
  run.pages[2]!.pageType = 'forum';
  run.pages[3]!.pageType = 'forum';
  const lines = typeTable(run)!.split('\n');
  expect(lines[0]).toBe('| page type | pages | broadsheet 4-gram F1 | broadsheet word F1 | Readability 4-gram F1 | Readability word F1 |');
  // forum: broadsheet failed on one page (word F1 0) and was exact on the other (1) → mean 0.5.
  expect(lines.find((l) => l.startsWith('| forum |'))).toMatch(/^\| forum \| 2 \| [\d.]+ \| 0\.500 \| [\d.]+ \| 1\.000 \|$/u);
  expect(lines.at(-1)).toMatch(/^\| all \| 4 \|/u);
  expect(markdownReport(run)).toContain("## Per page type: AEB's 4-gram F1 and WCXB's word F1");
});
