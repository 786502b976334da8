import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { test, expect } from '@playwright/test';
import { CRAWL_SETTINGS_KEY } from '../../src/crawl/settings.js';
import { openPgStore } from '../../src/store/index.js';
import { startLocalWeb, type LocalWeb } from '../../src/testing/local-web/index.js';
import { createScratchDb, pgSkipReason } from '../support/pg-server.js';

/**
 * Several `broadsheet worker` processes share one crawl in PostgreSQL (a real server, see
 * test/support/pg-server.ts) and are killed with kill -9 at seeded moments, then replaced: the
 * crawl ends with the budget exactly, every page once, every discovered link in the frontier,
 * nothing left in flight, and no URL requested twice beyond those in flight at the kills
 * (their leases ran out and another worker took them).
 */

test.describe.configure({ timeout: 400_000 });

const MAIN = fileURLToPath(new URL('../../src/cli/main.ts', import.meta.url));
const BUDGET = 24;
const KILLS = 3;
const LEASE_SEC = 3;

let web: LocalWeb;
test.beforeAll(async () => {
  test.skip(pgSkipReason() !== undefined, pgSkipReason());
  web = await startLocalWeb({ sites: ['slash'], articlesPerSite: 300, faulty: false });
});
test.afterAll(async () => {
  await web?.close();
});

function runCli(args: string[]): ChildProcess {
  const script = `import(${JSON.stringify(MAIN)}).then(async (m) => { await m.run(${JSON.stringify(args)}); })`;
  return spawn(process.execPath, ['--import', 'tsx', '-e', script], { detached: true, stdio: ['ignore', 'ignore', 'pipe'] });
}

function exited(child: ChildProcess): Promise<number | null> {
  return child.exitCode !== null ? Promise.resolve(child.exitCode) : new Promise((resolve) => child.on('exit', (code) => resolve(code)));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test('workers killed with kill -9 mid-crawl: budget kept, every page once, no link lost, no URL fetched twice beyond those in flight', async () => {
  const site = web.sites[0]!;
  const db = await createScratchDb('bs_workers');
  const common = ['--no-progress', '--lease', String(LEASE_SEC), '--allow-private-network'];
  const stderr: string[] = [];
  const start = (args: string[]): ChildProcess => {
    const child = runCli(args);
    child.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk.toString()));
    return child;
  };
  try {
    // The crawl's first process records its settings; the workers read them.
    const first = start(['crawl', site.homeUrl, '--db', db.url, '--max-pages', String(BUDGET), '--delay', '0', '--concurrency', '1', '--per-site-concurrency', '4', '--allow-private-network']);
    const probe = openPgStore(db.url);
    while (probe.getSetting(CRAWL_SETTINGS_KEY) === undefined && first.exitCode === null) await sleep(100);
    probe.close();
    const workers: ChildProcess[] = [first, start(['worker', '--db', db.url, ...common])];

    let seed = 23;
    let kills = 0;
    let lastRequests = 0;
    while (kills < KILLS) {
      seed = (seed * 48271) % 2147483647;
      const wait = 2 + (seed % 5); // requests the site answers before the next kill
      const alive = workers.filter((w) => w.exitCode === null);
      if (alive.length === 0) break;
      while ((web.stats().requests[site.name] ?? 0) - lastRequests < wait && alive.some((w) => w.exitCode === null)) await sleep(20);
      lastRequests = web.stats().requests[site.name] ?? 0;
      const victim = alive[seed % alive.length]!;
      if (victim.exitCode !== null) break; // the crawl ended before all the kills
      process.kill(-victim.pid!, 'SIGKILL');
      await exited(victim);
      kills++;
      workers.push(start(['worker', '--db', db.url, ...common]));
    }
    // The kills must have hit a crawl in progress, or this test proves nothing.
    const mid = openPgStore(db.url);
    const pagesAtLastKill = mid.counts().pages;
    mid.close();
    expect(kills).toBe(KILLS);
    expect(pagesAtLastKill).toBeLessThan(BUDGET);

    const codes = await Promise.all(workers.filter((w) => w.signalCode === null).map(exited));
    expect(codes.every((c) => c === 0), stderr.join('')).toBe(true);

    const store = openPgStore(db.url);
    const pages = [...store.pages()];
    const links = [...store.internalLinks()];
    const missing = links.filter((l) => store.frontierEntry(l.url) === undefined);
    const counts = store.counts();
    store.close();
    expect(pages).toHaveLength(BUDGET);
    expect(new Set(pages.map((p) => p.url)).size).toBe(BUDGET);
    expect(missing).toEqual([]);
    expect(counts.inFlight).toBe(0);
    // Page URLs the site answered more than once: at most one per worker in flight at a kill.
    const byUrl = web.stats().byUrl;
    const repeated = pages.map((p) => p.url).filter((u) => (byUrl[u] ?? 0) > 1);
    expect(repeated.length).toBeLessThanOrEqual(KILLS);
  } finally {
    await db.drop();
  }
});
