/**
 * A clean state for a reused worker that ran page scripts — live pages, and saved pages with
 * `--js` (issue 24 item 6: results must not depend on the
 * order of the inputs). A live page's scripts write cookies, local and session storage,
 * IndexedDB, Cache Storage and consent choices, and can set `window.name`; before the worker's
 * next page, all of it goes: cookies for the whole context, every other store for each origin
 * whose document ran in the page or its frames (DevTools' `Storage.clearDataForOrigin`, all
 * types), the tab's name and history. The page is on about:blank by then, so no script of the
 * old page can write again.
 *
 * Measured on Debian's Chromium 156 (local page, 30 renders): a fresh context per page cost
 * ~350 ms a render, the reused page with this clean ~115 ms (of which the clean ~25 ms).
 */
import type { BrowserContext, CDPSession, Page } from 'playwright';

/** What cleaning needs of a worker. */
export interface CleanableWorker {
  context: BrowserContext;
  page: Page;
  origins: Set<string>;
  devtools?: CDPSession;
}

/** A clean that takes longer than this is taken for a stuck renderer: the worker is closed instead. */
const CLEAN_TIMEOUT_MS = 5_000;

/** `scheme://host:port` of a document URL whose storage is its own; null for about:, data:, blob: and the like. */
export function originOf(url: string): string | null {
  if (!url.startsWith('http://') && !url.startsWith('https://')) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * Clears what the worker's last page left. True when the worker is clean; false (never throws)
 * when a step failed or ran out of time — the caller then closes the context, the slow clean state.
 */
export async function cleanState(worker: CleanableWorker): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), CLEAN_TIMEOUT_MS)));
  try {
    return await Promise.race([clean(worker).then(() => true, () => false), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function clean(worker: CleanableWorker): Promise<void> {
  const devtools = (worker.devtools ??= await worker.context.newCDPSession(worker.page));
  await worker.context.clearCookies();
  for (const origin of worker.origins) await devtools.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
  worker.origins.clear();
  // The browsing context's name outlives navigations; so does its history.
  await worker.page.evaluate(() => {
    window.name = '';
  });
  await devtools.send('Page.resetNavigationHistory');
}
