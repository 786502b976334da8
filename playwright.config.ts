import { defineConfig } from '@playwright/test';

/**
 * One runner for the whole suite.
 * - `unit`: pure stages (segment, score, cluster, url, metrics) on synthetic data; no browser.
 * - `browser`: renders pages in Chromium through broadsheet's own launcher (src/render/browser.ts),
 *   which finds the browser the same way the CLI does; the tests never download one.
 */
export default defineConfig({
  testDir: 'test',
  testMatch: '**/*.test.ts',
  // Finds or starts the PostgreSQL server the store tests use (test/support/pg-server.ts).
  globalSetup: './test/global-setup.ts',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  timeout: 60_000,
  reporter: [['list'], ['./test/summary-reporter.ts']],
  projects: [
    { name: 'unit', testDir: 'test/unit' },
    { name: 'browser', testDir: 'test/browser' },
  ],
});
