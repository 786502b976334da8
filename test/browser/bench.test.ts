import { mkdtempSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { openCorpus } from '../../src/bench/corpora/index.js';
import { htmlReport } from '../../src/bench/report-html.js';
import { timeSplit } from '../../src/bench/report.js';
import { runBench } from '../../src/bench/runner.js';
import { test, expect } from './fixtures.js';

test('bench on 3 samples: both systems scored, per-page entries, the HTML report opens in Chromium', async ({ browser, page }) => {
  test.setTimeout(180_000);
  const out = mkdtempSync(join(tmpdir(), 'broadsheet-bench-'));
  try {
    const corpus = await openCorpus('samples');
    const run = await runBench(corpus, { browser, limit: 3, concurrency: 2, bootstrapSamples: 50, screenshotDir: join(out, 'shots'), screenshotCount: 5 });

    expect(run.pages).toHaveLength(3);
    for (const p of run.pages) {
      expect(p.broadsheet.score.f1).toBeGreaterThanOrEqual(0);
      expect(p.readability).toBeDefined();
      expect(p.broadsheet.ms).toBeGreaterThan(0);
      expect(p.readability!.ms).toBeGreaterThan(0);
    }
    const { broadsheet, readability } = run.systems;
    expect(readability).toBeDefined();
    for (const s of [broadsheet, readability!]) {
      expect(s.scores.n).toBe(3);
      expect(s.pagesPerSecond).toBeGreaterThan(0);
      expect(s.msMedian).toBeGreaterThan(0);
      expect(s.memory.peakProcessRssMb).toBeGreaterThan(0);
      expect(s.ok + s.none + s.errors).toBe(3);
    }
    // the samples are clean pages: broadsheet finds an article on each
    expect(broadsheet.ok).toBe(3);
    expect(broadsheet.scores.f1).toBeGreaterThan(0.5);
    expect(broadsheet.stageMedians!.loadMs).toBeGreaterThan(0);
    // Where the time goes: Node's parts and Chromium's renderer, each measured on these pages.
    const split = timeSplit(run)!;
    const ms = (part: string): number => split.find((r) => r.part.startsWith(part))!.meanMs;
    expect(ms('markup preparation')).toBeGreaterThan(0);
    expect(ms('extract: segment')).toBeGreaterThan(0);
    expect(ms('load: layout')).toBeGreaterThan(0);
    expect(ms('snapshot: the in-page walk')).toBeGreaterThan(0);
    expect(ms('renderer process')).toBeGreaterThanOrEqual(ms('load: layout'));

    const shots = run.pages.filter((p) => p.screenshot !== undefined);
    for (const p of shots) expect(existsSync(p.screenshot!)).toBe(true);

    const reportPath = join(out, 'report.html');
    writeFileSync(reportPath, htmlReport(run, { reportDir: out }));
    await page.goto(pathToFileURL(reportPath).href);
    await expect(page.locator('table.summary tbody tr')).toHaveCount(2);
    await expect(page.locator('tr.page')).toHaveCount(3);
    await expect(page.locator('table.split tbody tr')).toHaveCount(split.length);
    await expect(page.locator('svg.scatter circle')).toHaveCount(3);
    await expect(page.locator('svg.speed rect.bar')).toHaveCount(4);
    for (const p of run.pages) await expect(page.locator(`tr.page[data-id="${p.id}"]`)).toBeVisible();
    // linked screenshots load (natural width > 0)
    const loaded = await page.locator('figure img').evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0));
    expect(loaded).toHaveLength(shots.length);
    expect(loaded.every(Boolean)).toBe(true);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});

test('a missing dataset directory is a CorpusNotFoundError naming where it looked', async () => {
  const missing = join(tmpdir(), 'broadsheet-no-such-corpus');
  await expect(openCorpus(missing)).rejects.toThrow(missing);
});
