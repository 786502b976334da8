/**
 * Browser test fixtures: one Chromium per worker, launched by broadsheet's own launcher (so
 * the tests find the browser the way the CLI does and never download one), and a fresh
 * RenderSession per test.
 *
 * `browser` overrides @playwright/test's built-in fixture, so the runner's own `page`
 * fixture also uses this Chromium.
 */
import { test as base, expect } from '@playwright/test';
import type { Browser } from 'playwright';
import { launchBrowser } from '../../src/render/browser.js';
import { PageWorkPool } from '../../src/page-work/index.js';
import { RenderSession } from '../../src/render/session.js';

export interface RenderFixtures {
  /** A session over the worker's browser; closed (with any open page) after the test. */
  session: RenderSession;
}

export const test = base.extend<RenderFixtures, { browser: Browser; pageWork: PageWorkPool }>({
  // One pool of page-work threads per test worker (their start-up under tsx takes seconds).
  pageWork: [
    async ({}, use) => {
      const pool = new PageWorkPool({ size: 2 });
      await use(pool);
      await pool.close();
    },
    { scope: 'worker' },
  ],
  browser: [
    async ({}, use) => {
      const browser = await launchBrowser();
      await use(browser);
      await browser.close();
    },
    { scope: 'worker' },
  ],
  session: async ({ browser, pageWork }, use) => {
    const session = new RenderSession(browser, { concurrency: 2, pageWork, defaults: { allowPrivateNetwork: true } });
    await use(session);
    await session.close();
  },
});

export { expect };
