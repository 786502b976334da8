/**
 * Finding, launching and closing Chromium; the session's ownership and concurrency rules.
 */
import { spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, readSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { BrowserLaunchError, BrowserNotFoundError, ConfigError } from '../../src/errors.js';
import {
  CHROMIUM_ENV_VAR,
  SYSTEM_CHROMIUM_PATHS,
  HEADLESS_SHELL_PATHS,
  findChromium,
  isHeadlessShell,
  launchBrowser,
  withBrowser,
} from '../../src/render/browser.js';
import { RenderSession, type RenderInput } from '../../src/render/session.js';
import { expect, test } from './fixtures.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

test.describe('findChromium', () => {
  test('a headless shell is told apart by its binary\'s name, wherever it lies', () => {
    expect(isHeadlessShell('/usr/lib/chromium/chromium-headless-shell')).toBe(true);
    expect(isHeadlessShell('/root/.cache/ms-playwright/chromium_headless_shell-1200/chrome-linux/headless_shell')).toBe(true);
    expect(isHeadlessShell('/usr/lib/chromium/chromium')).toBe(false);
    expect(isHeadlessShell('/opt/headless-shell-builds/chrome')).toBe(false);
  });

  test('an explicit BROADSHEET_CHROMIUM wins', () => {
    const system = findChromium({});
    const found = findChromium({ [CHROMIUM_ENV_VAR]: system.executablePath });
    expect(found).toEqual({ executablePath: system.executablePath, source: 'env' });
  });

  test('a BROADSHEET_CHROMIUM that names no file is an error with install help', () => {
    let error: unknown;
    try {
      findChromium({ [CHROMIUM_ENV_VAR]: '/nonexistent/chromium' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(BrowserNotFoundError);
    const message = (error as Error).message;
    expect(message).toContain('/nonexistent/chromium');
    expect(message).toContain('apt-get install chromium');
    expect(message).toContain('npx playwright install chromium');
    expect(message).toContain(`${CHROMIUM_ENV_VAR}=`);
    expect((error as BrowserNotFoundError).fatal).toBe(true);
  });

  test('without the variable, an installed browser is found', () => {
    const found = findChromium({});
    expect(['playwright', 'headless-shell', 'system']).toContain(found.source);
    if (found.source === 'system') expect(SYSTEM_CHROMIUM_PATHS).toContain(found.executablePath);
    if (found.source === 'headless-shell') expect(HEADLESS_SHELL_PATHS).toContain(found.executablePath);
  });

  test('the headless shell is preferred for headless runs when it is installed; a headed run gets the full browser', () => {
    const shell = HEADLESS_SHELL_PATHS.find((path) => existsSync(path));
    const headless = findChromium({});
    const headed = findChromium({}, { headless: false });
    expect(headed.source).not.toBe('headless-shell');
    if (headless.source === 'playwright') return; // Playwright's own download comes first either way
    if (shell) expect(headless).toEqual({ executablePath: shell, source: 'headless-shell' });
    else expect(headless.source).toBe('system');
  });

  test('the headless shell found is a binary, not a script that would outlive a kill', () => {
    for (const path of HEADLESS_SHELL_PATHS.filter((p) => existsSync(p))) {
      const head = Buffer.alloc(4);
      const fd = openSync(path, 'r');
      readSync(fd, head, 0, 4, 0);
      closeSync(fd);
      expect(head.toString('latin1'), path).toBe('\x7fELF');
    }
  });

  test('scripts/ensure-browser.mjs looks in the same system paths', async () => {
    const script = pathToFileURL(`${ROOT}scripts/ensure-browser.mjs`).href;
    const module = (await import(script)) as { SYSTEM_CHROMIUM_PATHS: string[]; HEADLESS_SHELL_PATHS: string[] };
    expect(module.SYSTEM_CHROMIUM_PATHS).toEqual([...SYSTEM_CHROMIUM_PATHS]);
    expect(module.HEADLESS_SHELL_PATHS).toEqual([...HEADLESS_SHELL_PATHS]);
  });
});

test.describe('launching and closing', () => {
  test('a binary that is not a browser fails with BrowserLaunchError', async () => {
    const error = await launchBrowser({ executablePath: '/bin/false', launchTimeoutMs: 10_000 }).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(BrowserLaunchError);
    expect((error as BrowserLaunchError).message).toContain('/bin/false');
    expect((error as BrowserLaunchError).fatal).toBe(true);
  });

  test('withBrowser closes the browser when the work throws', async () => {
    let seen: { isConnected(): boolean } | undefined;
    const failure = await withBrowser(async (browser) => {
      seen = browser;
      expect(browser.isConnected()).toBe(true);
      throw new Error('work failed');
    }).catch((error: unknown) => error);
    expect((failure as Error).message).toBe('work failed');
    expect(seen?.isConnected()).toBe(false);
  });

  test('SIGTERM closes the browser and exits 143', async () => {
    test.setTimeout(60_000);
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        `import { launchBrowser, closeOnSignals } from './src/render/browser.ts';
         const browser = await launchBrowser();
         closeOnSignals(browser, (signal) => process.stdout.write('closing on ' + signal + '\\n'));
         process.stdout.write('ready\\n');
         setInterval(() => {}, 1000);`,
      ],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await expect.poll(() => output, { timeout: 40_000 }).toContain('ready');
    const browserPids = await childPids(child.pid ?? -1);
    expect(browserPids.length).toBeGreaterThan(0);
    const exitCode = await new Promise<number | null>((resolve) => {
      child.on('exit', (code) => resolve(code));
      child.kill('SIGTERM');
    });
    expect(exitCode).toBe(143);
    expect(output).toContain('closing on SIGTERM');
    await expect.poll(() => browserPids.filter(isAlive), { timeout: 10_000 }).toEqual([]);
  });
});

/** Direct children of `pid` (the browser processes Playwright spawned). */
async function childPids(pid: number): Promise<number[]> {
  const ps = spawn('ps', ['-o', 'pid=', '--ppid', String(pid)]);
  let out = '';
  ps.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  await new Promise((resolve) => ps.on('close', resolve));
  return out
    .split(/\s+/)
    .filter(Boolean)
    .map(Number);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const page = (text: string): RenderInput => ({
  kind: 'html',
  bytes: Buffer.from(`<body><p>${text}</p></body>`),
  url: `http://saved.invalid/${text}.html`,
  label: text,
});

test.describe('RenderSession', () => {
  test('never closes a browser it was given', async ({ browser }) => {
    const session = new RenderSession(browser);
    await session.render(page('one'), async () => undefined);
    await session.close();
    expect(browser.isConnected()).toBe(true);
    await expect(session.render(page('two'), async () => undefined)).rejects.toBeInstanceOf(BrowserLaunchError);
  });

  test('closes the browser it launched', async () => {
    const session = await RenderSession.launch({ concurrency: 1 });
    const text = await session.render(page('own'), async ({ snapshot }) => snapshot.nodes.length);
    expect(text).toBeGreaterThan(1);
    await session.close();
    await expect(session.render(page('after'), async () => undefined)).rejects.toBeInstanceOf(BrowserLaunchError);
  });

  test('renders at most `concurrency` pages at once', async ({ browser }) => {
    const session = new RenderSession(browser, { concurrency: 2 });
    let inUse = 0;
    let most = 0;
    // Each render holds its page until a second one is in use too (or 3 s pass), so the test
    // does not depend on how fast contexts open: with 2 slots, pairs meet; with 1 they never would.
    let waiters: Array<() => void> = [];
    const labels = await Promise.all(
      ['a', 'b', 'c', 'd', 'e'].map((label) =>
        session.render(page(label), async (rendered) => {
          inUse += 1;
          most = Math.max(most, inUse);
          if (inUse >= 2) {
            waiters.forEach((wake) => wake());
            waiters = [];
          } else {
            await new Promise<void>((resolve) => {
              waiters.push(resolve);
              setTimeout(resolve, 3_000);
            });
          }
          inUse -= 1;
          return rendered.finalUrl;
        }),
      ),
    );
    expect(labels).toEqual(['a', 'b', 'c', 'd', 'e'].map((label) => `http://saved.invalid/${label}.html`));
    expect(most).toBe(2);
    await session.close();
  });

  test('the page is closed even when `use` throws, and the error comes through', async ({ session }) => {
    const error = await session
      .render(page('boom'), async () => {
        throw new Error('consumer failed');
      })
      .catch((caught: unknown) => caught);
    expect((error as Error).message).toBe('consumer failed');
    expect(session.activePages).toBe(0);
  });

  test('bad options are a ConfigError naming the field', async ({ session }) => {
    const error = await session
      .render(page('x'), async () => undefined, { navigationTimeoutMs: -5, blockResources: ['pictures'] })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).message).toContain('navigationTimeoutMs');
    expect((error as ConfigError).message).toContain('blockResources');
  });
});
