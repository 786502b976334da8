import { test, expect } from '@playwright/test';
import type { Browser } from 'playwright';
import { browserProcessId, closeBrowser, launchBrowser } from '../../src/render/browser.js';
import { RenderSession } from '../../src/render/session.js';
import { chromiumPids } from '../../src/testing/process-tree.js';

/**
 * A browser that heals (issue 14): Chromium is killed (SIGKILL) at seeded random moments while
 * pages are being rendered; the session launches a new one, renders the pages that were in
 * flight once more, and not one page is lost. The benchmark (scripts/bench-heal.ts) does the
 * same with 10 kills over 500 pages.
 */

test.describe.configure({ timeout: 240_000 });

function page(i: number): Buffer {
  const paragraphs = Array.from({ length: 6 }, (_, p) => `<p>Paragraph ${p} of story ${i}: the council met on Tuesday and agreed the new budget after a long debate.</p>`).join('');
  return Buffer.from(`<!doctype html><html><head><title>Story ${i}</title></head><body><nav><a href="/">Home</a></nav><article><h1>Story ${i}</h1>${paragraphs}</article></body></html>`);
}

test('Chromium killed 3 times during 40 pages: no page lost, in-flight pages retried', async () => {
  const others = new Set(chromiumPids()); // browsers of other tests in this worker
  const session = await RenderSession.launch({ concurrency: 2 });
  const total = 40;
  const killAt = new Set([6, 17, 29]); // after this many pages finished, plus a random delay
  let seed = 7;
  const kills: number[] = [];
  let done = 0;
  const results: Array<string | Error> = new Array(total);
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  // Pages being rendered, those that were when the last kill came, and how many were done then.
  const inFlight = new Set<number>();
  let hitByLastKill = new Set<number>();
  let doneAtLastKill = -Infinity;
  // Kills this session's browser after `delayMs`. The worker that asks waits for the kill while
  // the other renders on, so the kill lands among pages in flight however fast the machine
  // renders (a kill left to a timer could come after the last page, and nothing would be
  // killed). Each kill is one death the session must heal: it waits until the last one is healed
  // (a browser killed while it starts is the launch's to retry) and until the pages that death
  // hit, and those that started before the new browser was up, are done (two deaths
  // in one page's life are the next test's).
  const killAfter = async (delayMs: number): Promise<void> => {
    await sleep(delayMs);
    for (let tries = 0; tries < 1_000; tries++) {
      const ready = session.health.relaunches >= kills.length && [...hitByLastKill].every((i) => !inFlight.has(i)) && done >= doneAtLastKill + 4;
      const victim = ready ? chromiumPids().find((pid) => !others.has(pid)) : undefined;
      if (victim !== undefined) {
        others.add(victim);
        process.kill(victim, 'SIGKILL');
        kills.push(victim);
        hitByLastKill = new Set(inFlight);
        doneAtLastKill = done;
        return;
      }
      await sleep(20);
    }
  };
  try {
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < total) {
        const i = next++;
        inFlight.add(i);
        results[i] = await session
          .render({ kind: 'html', bytes: page(i), url: `http://saved.invalid/${i}.html`, label: `story ${i}` }, async (p) =>
            p.snapshot.nodes.some((n) => n.kind === 'text' && n.text.includes(`story ${i}:`)) ? `ok ${i}` : `wrong ${i}`,
          )
          .catch((error: Error) => error);
        inFlight.delete(i);
        done++;
        if (killAt.has(done)) {
          seed = (seed * 48271) % 2147483647;
          await killAfter(seed % 150);
        }
      }
    };
    await Promise.all([worker(), worker()]);
  } finally {
    await session.close();
  }
  const lost = results.filter((r) => typeof r !== 'string' || !r.startsWith('ok'));
  console.log(`kills ${kills.length}, relaunches ${session.health.relaunches}, retried ${session.health.retried}, lost ${lost.length}`, lost.map(String));
  expect(kills).toHaveLength(3);
  expect(lost.map(String)).toEqual([]);
  expect(session.health.relaunches).toBe(3);
  // No browser of this session is left running.
  expect(chromiumPids().filter((pid) => !others.has(pid))).toEqual([]);
});

/**
 * Renders a saved page whose script keeps the renderer busy for 2 s, killing the session's
 * first browser 700 ms after it is up and its second `secondKillMs` after it is up; returns how
 * long the page took, once rendered.
 */
async function renderThroughTwoDeaths(secondKillMs: number): Promise<number> {
  const others = new Set(chromiumPids());
  // Each browser the session runs on, in order: the kills below hit exactly these (by the
  // process id of each launch), never another test's or a browser still being closed.
  const browsers: Browser[] = [await launchBrowser()];
  const session = new RenderSession(browsers[0]!, {
    concurrency: 1,
    relaunch: async () => {
      const fresh = await launchBrowser();
      browsers.push(fresh);
      return fresh;
    },
  });
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  // A saved page whose script keeps the renderer busy for 2 s: each kill lands while it loads.
  const slow = Buffer.from(
    `<!doctype html><html><head><title>Slow</title><script>const t = Date.now(); while (Date.now() - t < 2000) {}</script></head><body><article><h1>Slow story</h1>${'<p>The slow story: the council met on Tuesday and agreed the new budget after a long debate.</p>'.repeat(5)}</article></body></html>`,
  );
  /**
   * Kills the session's `n`th browser `afterMs` after it is up (the page is then opening or
   * loading on it). A death is healed at once: the attempt on a browser that disconnects fails
   * then, whatever step it waits on (the waiting below bounds a launch, not the healing).
   */
  const kill = async (n: number, afterMs: number): Promise<void> => {
    for (let tries = 0; tries < 4_500 && browsers.length <= n; tries++) await sleep(20);
    const pid = browsers[n] ? browserProcessId(browsers[n]) : undefined;
    expect(pid, `browser ${n} was launched and its process found`).toBeDefined();
    await sleep(afterMs);
    process.kill(pid!, 'SIGKILL');
  };
  const started = performance.now();
  try {
    const rendering = session.render({ kind: 'html', bytes: slow, url: 'http://saved.invalid/slow.html', label: 'slow story' }, async (p) =>
      p.snapshot.nodes.some((n) => n.kind === 'text' && n.text.includes('The slow story:')) ? 'ok' : 'wrong',
      { javaScript: true, timeBudgetMs: 60_000 },
    );
    await kill(0, 700);
    await kill(1, secondKillMs);
    expect(await rendering).toBe('ok');
    expect(session.health.relaunches).toBe(2);
    expect(session.health.retried).toBe(2);
  } finally {
    await session.close();
    for (const browser of browsers) await closeBrowser(browser);
  }
  expect(chromiumPids().filter((pid) => !others.has(pid))).toEqual([]);
  return performance.now() - started;
}

test('a page that meets two browser deaths in one life is not lost: each retry that fails with its browser heals and tries again', async () => {
  await renderThroughTwoDeaths(700);
});

/**
 * A browser killed while the retry opens its page: Playwright's `newPage` on it stayed pending
 * (the browser's disconnection seen, the call never rejected), and the page waited out its whole
 * deadline — its 60 s budget and the 10 s grace — before the death was healed (76 s in the
 * suite, where the second kill of the test above fell there by chance; 150 ms after the launch
 * lands there on an idle machine). The attempt now fails when its browser disconnects. The bound
 * below is the deadline's, not a speed: healed, the page takes about 8 s.
 */
test('a browser killed while the retry opens its page is healed at once, not after the page deadline', async () => {
  const ms = await renderThroughTwoDeaths(150);
  expect(ms, 'the page waited for its deadline instead of seeing its browser die').toBeLessThan(60_000);
});

test('a replacement browser that fails to launch once is launched again: the page is not lost', async () => {
  const others = new Set(chromiumPids());
  let attempts = 0;
  const session = await RenderSession.launch({
    concurrency: 1,
    relaunch: async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('launch failed for a passing cause');
      return launchBrowser();
    },
  });
  try {
    expect(await session.render({ kind: 'html', bytes: page(1), url: 'http://saved.invalid/1.html', label: 'story 1' }, async () => 'ok')).toBe('ok');
    const victim = chromiumPids().find((pid) => !others.has(pid))!;
    process.kill(victim, 'SIGKILL');
    const text = await session.render({ kind: 'html', bytes: page(2), url: 'http://saved.invalid/2.html', label: 'story 2' }, async (p) =>
      p.snapshot.nodes.some((n) => n.kind === 'text' && n.text.includes('story 2:')) ? 'ok' : 'wrong',
    );
    expect(text).toBe('ok');
    expect(attempts).toBe(2);
    expect(session.health.relaunches).toBe(1);
  } finally {
    await session.close();
  }
});

test('a browser that stops answering without dying (SIGSTOP) is killed and replaced: the page is rendered on the new one, not waited on forever', async () => {
  const others = new Set(chromiumPids());
  const session = await RenderSession.launch({ concurrency: 1 });
  try {
    expect(await session.render({ kind: 'html', bytes: page(1), url: 'http://saved.invalid/1.html', label: 'story 1' }, async () => 'ok')).toBe('ok');
    const frozen = chromiumPids().find((pid) => !others.has(pid))!;
    process.kill(frozen, 'SIGSTOP');
    // Opening a context on a stopped browser never answers: the attempt's deadline (budget + grace) ends it.
    const started = Date.now();
    const text = await session.render({ kind: 'html', bytes: page(2), url: 'http://saved.invalid/2.html', label: 'story 2' }, async (p) =>
      p.snapshot.nodes.some((n) => n.kind === 'text' && n.text.includes('story 2:')) ? 'ok' : 'wrong',
      { timeBudgetMs: 2_000 },
    );
    expect(text).toBe('ok');
    expect(Date.now() - started).toBeLessThan(40_000);
    expect(session.health.relaunches).toBe(1);
    expect(chromiumPids()).not.toContain(frozen);
  } finally {
    await session.close();
  }
  expect(chromiumPids().filter((pid) => !others.has(pid))).toEqual([]);
});

test('closing a browser that stopped answering kills it instead of waiting forever', async () => {
  const others = new Set(chromiumPids());
  const browser = await launchBrowser();
  const pid = chromiumPids().find((p) => !others.has(p))!;
  process.kill(pid, 'SIGSTOP');
  const started = Date.now();
  await closeBrowser(browser, 2_000);
  expect(Date.now() - started).toBeLessThan(10_000);
  expect(browser.isConnected()).toBe(false);
  expect(chromiumPids()).not.toContain(pid);
});
