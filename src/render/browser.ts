/**
 * Finding and launching Chromium.
 *
 * broadsheet never downloads a browser by itself: it uses one named by the user
 * (`BROADSHEET_CHROMIUM`), the one Playwright downloaded if there is one, or the system's.
 * `scripts/ensure-browser.mjs` applies the same rules before the build (it cannot import this
 * file); keep the two lists of system paths in step (a test compares them).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type * as PlaywrightModule from 'playwright';
import type { Browser } from 'playwright';
import { BrowserLaunchError, BrowserNotFoundError } from '../errors.js';

/** Where distributions put Chromium or Chrome, tried in this order. */
export const SYSTEM_CHROMIUM_PATHS: readonly string[] = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/snap/bin/chromium',
];

/**
 * Chromium's headless shell (Debian's `chromium-headless-shell`: the old headless mode, what
 * Playwright itself uses for headless runs), tried before the system paths above for headless
 * launches when it is installed. The path is the binary itself: Debian's
 * `/usr/bin/chromium-headless-shell` is a shell script that runs it without `exec`, so killing
 * that process (a stuck browser is killed by pid) would leave the browser running. Measured
 * (docs/benchmarks.md, "The browser"): the same texts on every AEB page, the browser process's
 * CPU about halved. A machine without it finds the full browser below.
 */
export const HEADLESS_SHELL_PATHS: readonly string[] = ['/usr/lib/chromium/chromium-headless-shell'];

/** The environment variable that names a Chromium binary explicitly. */
export const CHROMIUM_ENV_VAR = 'BROADSHEET_CHROMIUM';

/**
 * Flags for every launch. `--no-sandbox` because CI and containers run as root; the
 * background-networking group stops Chromium's own update/sync/field-trial traffic, without
 * which connections on a sandboxed machine get refused many at a time and pages time out.
 */
export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export interface ChromiumLocation {
  executablePath: string;
  source: 'env' | 'playwright' | 'headless-shell' | 'system';
}

/** What to tell a user who has no browser; shared by the error and the CLI. */
export const BROWSER_INSTALL_HELP = [
  'broadsheet needs a Chromium browser and found none.',
  'Get one in any of these ways:',
  '  - Debian/Ubuntu: apt-get install chromium chromium-headless-shell   (as root, or with sudo;',
  '    the headless shell is optional and renders the same pages for less CPU)',
  '  - where downloads work: npx playwright install chromium',
  `  - or point at an existing binary: ${CHROMIUM_ENV_VAR}=/path/to/chromium`,
  `Looked in: $${CHROMIUM_ENV_VAR}, Playwright's browser cache, ${[...HEADLESS_SHELL_PATHS, ...SYSTEM_CHROMIUM_PATHS].join(', ')}.`,
].join('\n');

/**
 * Playwright, loaded when a browser is first looked for (it is CommonJS: synchronously), not at
 * the top: commands that never launch a browser, and `--help`, skip its ~0.3 s.
 */
let playwrightModule: typeof PlaywrightModule | undefined;
function playwright(): typeof PlaywrightModule {
  return (playwrightModule ??= createRequire(import.meta.url)('playwright') as typeof PlaywrightModule);
}

/** Playwright's own downloaded Chromium, if it is installed; never throws. */
function playwrightChromium(): string | undefined {
  try {
    const path = playwright().chromium.executablePath();
    return path && existsSync(path) ? path : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Finds a Chromium binary: `$BROADSHEET_CHROMIUM` (an error if set but missing), then
 * Playwright's download, then (for headless runs) the system's headless shell, then the system
 * paths. Throws `BrowserNotFoundError` with install help.
 */
export function findChromium(env: NodeJS.ProcessEnv = process.env, options: { headless?: boolean } = {}): ChromiumLocation {
  const fromEnv = env[CHROMIUM_ENV_VAR];
  if (fromEnv !== undefined && fromEnv !== '') {
    if (!existsSync(fromEnv)) {
      throw new BrowserNotFoundError(
        `${CHROMIUM_ENV_VAR} is set to ${fromEnv}, but no file exists there.\n${BROWSER_INSTALL_HELP}`,
      );
    }
    return { executablePath: fromEnv, source: 'env' };
  }
  const downloaded = playwrightChromium();
  if (downloaded) return { executablePath: downloaded, source: 'playwright' };
  const shell = options.headless === false ? undefined : HEADLESS_SHELL_PATHS.find((path) => existsSync(path));
  if (shell) return { executablePath: shell, source: 'headless-shell' };
  const system = SYSTEM_CHROMIUM_PATHS.find((path) => existsSync(path));
  if (system) return { executablePath: system, source: 'system' };
  throw new BrowserNotFoundError(BROWSER_INSTALL_HELP);
}

export interface LaunchBrowserOptions {
  /** Defaults to `findChromium()`. */
  executablePath?: string;
  /** Defaults to true; false only for debugging on a machine with a display. */
  headless?: boolean;
  /** Added after `CHROMIUM_ARGS`. */
  extraArgs?: string[];
  /** How long the launch itself may take. */
  launchTimeoutMs?: number;
  /**
   * Only saved pages with JavaScript off will be rendered (no live pages, no screenshots): a
   * headless shell is then launched with its frames under DevTools' control
   * (`FRAME_CONTROL_SWITCHES`), so that it paints none. Ignored for other binaries (the full
   * browser stops drawing when its window is minimised: offline-load.ts).
   */
  savedPagesOnly?: boolean;
}

/**
 * The switches by which a headless shell produces a frame only when DevTools asks for one
 * (`HeadlessExperimental.beginFrame`, which needs the second). A headless shell's page paints
 * while it is "minimised" (its visibility stays `visible`), which the full browser's does not:
 * painting, rastering and compositing each saved page cost a fifth of the renderer's CPU
 * (docs/benchmarks.md, "Frames"). Style and layout, which the snapshot reads, are computed on
 * demand as before.
 */
export const FRAME_CONTROL_SWITCHES: readonly string[] = ['--enable-begin-frame-control', '--run-all-compositor-stages-before-draw'];

/** Whether a binary is a headless shell (Debian's, or Playwright's `chrome-headless-shell`). */
export function isHeadlessShell(executablePath: string): boolean {
  const name = executablePath.slice(executablePath.lastIndexOf('/') + 1);
  return name.includes('headless-shell') || name.includes('headless_shell');
}

/**
 * Launches headless Chromium with broadsheet's flags. Playwright's own signal handlers are
 * turned off: the owner of the browser closes it (see `closeOnSignals`, `withBrowser`).
 * Playwright still kills the process if Node exits without closing it.
 */
export async function launchBrowser(options: LaunchBrowserOptions = {}): Promise<Browser> {
  const executablePath = options.executablePath ?? findChromium(process.env, { headless: options.headless ?? true }).executablePath;
  const instance = `${process.pid}-${(launches += 1)}`;
  const controlFrames = options.savedPagesOnly === true && (options.headless ?? true) && isHeadlessShell(executablePath);
  try {
    const browser = await playwright().chromium.launch({
      executablePath,
      headless: options.headless ?? true,
      // A switch Chromium ignores, by which `closeBrowser` finds the process of a browser that stopped answering.
      args: [...CHROMIUM_ARGS, `${INSTANCE_SWITCH}=${instance}`, ...(controlFrames ? FRAME_CONTROL_SWITCHES : []), ...(options.extraArgs ?? [])],
      timeout: options.launchTimeoutMs ?? 60_000,
      handleSIGINT: false,
      handleSIGTERM: false,
      handleSIGHUP: false,
    });
    instances.set(browser, instance);
    if (controlFrames) frameControlled.add(browser);
    return browser;
  } catch (cause) {
    const reason = cause instanceof Error ? cause.message.split('\n')[0] : String(cause);
    throw new BrowserLaunchError(`Could not launch Chromium at ${executablePath}: ${reason}`, { cause });
  }
}

const INSTANCE_SWITCH = '--broadsheet-instance';
let launches = 0;
const instances = new WeakMap<Browser, string>();
/** Browsers launched with `FRAME_CONTROL_SWITCHES`. */
const frameControlled = new WeakSet<Browser>();

/**
 * Whether `browser` produces frames only when DevTools asks (launched with `savedPagesOnly` as
 * a headless shell): it then renders saved pages with JavaScript off and nothing else.
 */
export function framesControlled(browser: Browser): boolean {
  return frameControlled.has(browser);
}

/** How long `closeBrowser` waits for Chromium to close before it kills the process. */
export const BROWSER_CLOSE_TIMEOUT_MS = 10_000;

/**
 * Closes a browser without ever waiting forever: Playwright's `close()` waits for an answer a
 * browser that stopped answering (frozen, or stopped with SIGSTOP) never gives. Past the timeout
 * the process launched by `launchBrowser` is killed (found by its instance switch in /proc, on
 * Linux), which ends the connection; elsewhere Playwright's exit hook kills it when Node exits.
 */
export async function closeBrowser(browser: Browser, timeoutMs: number = BROWSER_CLOSE_TIMEOUT_MS): Promise<void> {
  const closing = browser.close().catch(() => undefined);
  let timer: NodeJS.Timeout | undefined;
  const closed = await Promise.race([closing.then(() => true), new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)))]);
  clearTimeout(timer);
  if (closed) return;
  const pid = browserProcessId(browser);
  if (pid === undefined) return;
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    return; // gone already
  }
  await Promise.race([closing, new Promise((resolve) => setTimeout(resolve, timeoutMs).unref())]);
}

/**
 * The process id of a browser `launchBrowser` started (its main process, found by its instance
 * switch in /proc: Linux only), or undefined (another launcher, another system, or gone).
 */
export function browserProcessId(browser: Browser): number | undefined {
  const instance = instances.get(browser);
  return instance === undefined ? undefined : processWithArgument(`${INSTANCE_SWITCH}=${instance}`);
}

/** A child of this process whose command line holds `argument` exactly (Linux /proc; undefined elsewhere). */
function processWithArgument(argument: string): number | undefined {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return undefined;
  }
  for (const entry of entries) {
    const pid = Number(entry);
    if (!Number.isInteger(pid) || pid <= 0) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid !== process.pid) continue;
      if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').includes(argument)) return pid;
    } catch {
      // exited while being read
    }
  }
  return undefined;
}

/** Something that can be closed: a Browser, a RenderSession that owns one, a database. */
export interface Closable {
  close(): Promise<void>;
}

/** Signals that end a run, with the conventional exit status (128 + signal number). */
const EXIT_SIGNALS: ReadonlyArray<{ signal: NodeJS.Signals; exitCode: number }> = [
  { signal: 'SIGINT', exitCode: 130 },
  { signal: 'SIGTERM', exitCode: 143 },
  { signal: 'SIGHUP', exitCode: 129 },
];

/** How long a graceful close may take on a signal before the process exits anyway. */
const SIGNAL_CLOSE_GRACE_MS = 5_000;

/**
 * On SIGINT/SIGTERM/SIGHUP: close `resource` (at most ~5 s), then exit with 128 + signal.
 * A second signal exits at once (Playwright's exit hook still kills Chromium).
 * Returns a function that removes the handlers; call it once the resource is closed normally.
 */
export function closeOnSignals(resource: Closable, onSignal?: (signal: NodeJS.Signals) => void): () => void {
  let closing = false;
  const handlers = EXIT_SIGNALS.map(({ signal, exitCode }) => {
    const handler = (): void => {
      if (closing) process.exit(exitCode);
      closing = true;
      onSignal?.(signal);
      const timer = setTimeout(() => process.exit(exitCode), SIGNAL_CLOSE_GRACE_MS);
      resource
        .close()
        .catch(() => undefined)
        .finally(() => {
          clearTimeout(timer);
          process.exit(exitCode);
        });
    };
    process.on(signal, handler);
    return { signal, handler };
  });
  return () => {
    for (const { signal, handler } of handlers) process.off(signal, handler);
  };
}

/**
 * Launches a browser, runs `use`, and closes the browser however `use` ends, including on
 * SIGINT/SIGTERM. The usual entry point for the CLI.
 */
export async function withBrowser<T>(
  use: (browser: Browser) => Promise<T>,
  options: LaunchBrowserOptions = {},
): Promise<T> {
  const browser = await launchBrowser(options);
  const release = closeOnSignals(browser);
  try {
    return await use(browser);
  } finally {
    release();
    await closeBrowser(browser);
  }
}
