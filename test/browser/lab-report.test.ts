import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { runBandits, runHarvest, runRecrawlExperiment } from '../../src/lab/experiments.js';
import { labHtml } from '../../src/lab/report.js';
import { test, expect } from './fixtures.js';

test('the lab report opens in Chromium: a curve per policy in every chart, the bandit and recrawl tables', async ({ page }) => {
  test.setTimeout(180_000);
  const out = mkdtempSync(join(tmpdir(), 'broadsheet-lab-'));
  try {
    const harvest = runHarvest({ budget: 40, policies: ['bfs', 'hits'], graphLimit: 300, sampleSize: 50, topM: 10, coverageStep: 10 });
    const bandits = runBandits({ budget: 120, step: 3, sites: 4, seeds: [1] });
    const recrawl = runRecrawlExperiment([0, 1]);
    const path = join(out, 'lab.html');
    writeFileSync(path, labHtml({ createdAt: 'test', command: 'test', harvest, bandits, recrawl }));
    await page.goto(pathToFileURL(path).href);
    // Every harvest site × 4 charts × 2 policies (7 sites: 4 English styles and the hard
    // Chinese, Japanese and Arabic ones).
    expect(harvest.sites.length).toBeGreaterThanOrEqual(7);
    await expect(page.locator('svg.chart polyline.series')).toHaveCount(harvest.sites.length * 4 * 2);
    await expect(page.locator('svg.chart polyline[data-series="hits"]').first()).toBeVisible();
    // Every curve has points inside its chart.
    const boxes = await page.locator('svg.chart polyline.series').evaluateAll((lines) => lines.map((l) => (l as SVGPolylineElement).getBBox().width));
    expect(boxes.every((w) => w > 0)).toBe(true);
    await expect(page.getByRole('heading', { name: /Bandit allocation/ })).toBeVisible();
    await expect(page.locator('table').nth(1).locator('tr')).toHaveCount(1 + 2 * 3);
    // One recrawl table per round size: breadth-first, the oracle and each ΔS.
    await expect(page.getByRole('heading', { name: /s of checks per round/ })).toHaveCount(3);
    await expect(page.getByRole('cell', { name: 'breadth-first re-crawl' })).toHaveCount(3);
    await expect(page.getByRole('cell', { name: /^oracle/ })).toHaveCount(3);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});
