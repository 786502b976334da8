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
import { RenderSession } from '../../src/render/session.js';

export interface RenderFixtures {
  /** A session over the worker's browser; closed (with any open page) after the test. */
  session: RenderSession;
}

export const test = base.extend<RenderFixtures, { browser: Browser }>({
  browser: [
    async ({}, use) => {
      const browser = await launchBrowser();
      await use(browser);
      await browser.close();
    },
    { scope: 'worker' },
  ],
  session: async ({ browser }, use) => {
    const session = new RenderSession(browser, { concurrency: 2, defaults: { allowPrivateNetwork: true } });
    await use(session);
    await session.close();
  },
});

export { expect };
