import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test, expect } from '@playwright/test';
import { openSqliteStore } from '../../src/store/index.js';
import { startLocalWeb, type LocalWeb } from '../../src/testing/local-web/index.js';

/**
 * `kill -9` during `broadsheet crawl`, then the same command again, a few times: the final
 * store has every page once, respects the page budget across the restarts, loses no discovered
 * link (every internal link of every recorded page is in the frontier), and the site saw at
 * most one extra request per page in flight at each kill.
 */

test.describe.configure({ timeout: 300_000 });

const MAIN = fileURLToPath(new URL('../../src/cli/main.ts', import.meta.url));
const BUDGET = 30;
const CONCURRENCY = 2;

let web: LocalWeb;
test.beforeAll(async () => {
  web = await startLocalWeb({ sites: ['slash'], articlesPerSite: 300, faulty: false });
});
test.afterAll(async () => {
  await web.close();
});

/** The CLI in a child process (its own process group, so the kill takes its Chromium too). */
function runCli(args: string[]): ChildProcess {
  const script = `import(${JSON.stringify(MAIN)}).then(async (m) => { await m.run(${JSON.stringify(args)}); })`;
  return spawn(process.execPath, ['--import', 'tsx', '-e', script], { detached: true, stdio: ['ignore', 'ignore', 'pipe'] });
}

function exited(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => child.on('exit', (code) => resolve(code)));
}

test('kill -9 at random moments, then resume: no page twice, budget kept, no link lost', async () => {
  const site = web.sites[0]!;
  const dir = mkdtempSync(join(tmpdir(), 'broadsheet-kill-'));
  const db = join(dir, 'crawl.db');
  const args = ['crawl', site.homeUrl, '--db', db, '--max-pages', String(BUDGET), '--delay', '0', '--concurrency', String(CONCURRENCY), '--per-site-concurrency', String(CONCURRENCY), '--no-progress', '--allow-private-network'];
  const kills = 3;
  try {
    // Seeded "random" moments, counted in requests the site answered since the run started
    // (wall-clock moments would depend on how loaded the machine is): kill after 3–12 of them.
    let seed = 17;
    let partialKills = 0;
    for (let i = 0; i < kills; i++) {
      const requestsAtStart = web.stats().requests[site.name] ?? 0;
      seed = (seed * 48271) % 2147483647;
      const killAfter = 3 + (seed % 10);
      const child = runCli(args);
      let finished = false;
      const done = exited(child).then((code) => {
        finished = true;
        return code;
      });
      while (!finished && (web.stats().requests[site.name] ?? 0) - requestsAtStart < killAfter) await new Promise((resolve) => setTimeout(resolve, 20));
      if (!finished) {
        process.kill(-child.pid!, 'SIGKILL');
        await done;
        const store = openSqliteStore(db);
        const recorded = store.counts().pages;
        store.close();
        if (recorded > 0 && recorded < BUDGET) partialKills++;
      }
    }
    // The kills must have hit a crawl in progress, or this test proves nothing.
    expect(partialKills).toBeGreaterThan(0);
    const last = runCli(args);
    let stderr = '';
    last.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    expect(await exited(last), stderr).toBe(0);

    const store = openSqliteStore(db);
    const pages = [...store.pages()];
    const links = [...store.internalLinks()];
    const missing = links.filter((l) => store.frontierEntry(l.url) === undefined);
    const counts = store.counts();
    store.close();
    expect(pages).toHaveLength(BUDGET);
    expect(new Set(pages.map((p) => p.url)).size).toBe(BUDGET);
    expect(missing).toEqual([]);
    expect(counts.inFlight).toBe(0);
    // Requests the site answered, against an uninterrupted crawl of the same budget (pages are
    // not one request each: redirects take two, and each new Chromium asks for /favicon.ico,
    // which this site redirects). Each extra run may add robots.txt, the favicon for each of its
    // pages at once (2 requests each), and the pages in flight at the kill fetched again.
    const killedRequests = (web.stats().requests[site.name] ?? 0);
    const baselineDb = join(dir, 'baseline.db');
    const baseline = runCli(args.map((arg) => (arg === db ? baselineDb : arg)));
    expect(await exited(baseline)).toBe(0);
    const baselineRequests = (web.stats().requests[site.name] ?? 0) - killedRequests;
    expect(killedRequests).toBeLessThanOrEqual(baselineRequests + kills * (1 + 2 * CONCURRENCY + CONCURRENCY));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
