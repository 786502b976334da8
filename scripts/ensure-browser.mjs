#!/usr/bin/env node
// Makes sure a Chromium is available before tests and the demo run (`npm test`, `npm run demo`).
//
// Finds one by the same rules as src/render/browser.ts (which it cannot import: it runs before
// the TypeScript build): $BROADSHEET_CHROMIUM, Playwright's downloaded browser, Debian's headless
// shell, then the system paths below — keep both lists in step with HEADLESS_SHELL_PATHS and
// SYSTEM_CHROMIUM_PATHS there (a test compares). Without one, as root on a system with apt-get,
// installs Debian's `chromium` and, where the release has it, `chromium-headless-shell` (the
// same pages for less CPU); otherwise prints how to get one and exits 1. It never downloads a
// browser through Playwright.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

export const SYSTEM_CHROMIUM_PATHS = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/snap/bin/chromium',
];

/** The headless shell's binary itself (Debian's /usr/bin wrapper does not exec it). */
export const HEADLESS_SHELL_PATHS = ['/usr/lib/chromium/chromium-headless-shell'];

const ENV_VAR = 'BROADSHEET_CHROMIUM';

const INSTALL_HELP = [
  'broadsheet needs a Chromium browser and found none.',
  'Get one in any of these ways:',
  '  - Debian/Ubuntu: apt-get install chromium chromium-headless-shell   (as root, or with sudo;',
  '    the headless shell is optional and renders the same pages for less CPU)',
  '  - where downloads work: npx playwright install chromium',
  `  - or point at an existing binary: ${ENV_VAR}=/path/to/chromium`,
].join('\n');

/** Playwright's own downloaded Chromium, if the package and the browser are both installed. */
async function playwrightChromium() {
  try {
    const { chromium } = await import('playwright');
    const path = chromium.executablePath();
    return path && existsSync(path) ? path : undefined;
  } catch {
    return undefined;
  }
}

/** @returns {Promise<{ path: string, source: string } | { error: string } | undefined>} */
export async function findChromium(env = process.env) {
  const fromEnv = env[ENV_VAR];
  if (fromEnv) {
    return existsSync(fromEnv)
      ? { path: fromEnv, source: 'env' }
      : { error: `${ENV_VAR} is set to ${fromEnv}, but no file exists there.` };
  }
  const downloaded = await playwrightChromium();
  if (downloaded) return { path: downloaded, source: 'playwright' };
  const shell = HEADLESS_SHELL_PATHS.find((path) => existsSync(path));
  if (shell) return { path: shell, source: 'headless-shell' };
  const system = SYSTEM_CHROMIUM_PATHS.find((path) => existsSync(path));
  return system ? { path: system, source: 'system' } : undefined;
}

function hasAptGet() {
  return spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
}

function run(command, args) {
  process.stderr.write(`ensure-browser: ${command} ${args.join(' ')}\n`);
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return result.status === 0;
}

async function main() {
  const found = await findChromium();
  if (found && 'path' in found) {
    process.stderr.write(`ensure-browser: using Chromium at ${found.path} (${found.source})\n`);
    if (found.source === 'system') {
      process.stderr.write('ensure-browser: tip: Debian\'s chromium-headless-shell (apt-get install chromium-headless-shell) renders the same pages for less CPU, and is used when installed.\n');
    }
    return 0;
  }
  if (found && 'error' in found) {
    // An explicit choice that is wrong is not silently replaced by an installed browser.
    process.stderr.write(`ensure-browser: ${found.error}\n${INSTALL_HELP}\n`);
    return 1;
  }
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && hasAptGet()) {
    process.stderr.write('ensure-browser: no Chromium found; installing Debian\'s chromium and, where the release has it, its headless shell (and CJK fonts, so Chinese and Japanese pages lay out as they do for readers, and uBlock Origin\'s package for its EasyList and EasyPrivacy, which live pages are matched against) with apt-get.\n');
    if (run('apt-get', ['update']) && run('apt-get', ['install', '-y', 'chromium', 'fonts-noto-cjk', 'webext-ublock-origin-chromium'])) {
      // Optional: a release without the package keeps the full browser.
      if (spawnSync('apt-cache', ['show', 'chromium-headless-shell'], { stdio: 'ignore' }).status === 0) run('apt-get', ['install', '-y', 'chromium-headless-shell']);
      const after = await findChromium();
      if (after && 'path' in after) {
        process.stderr.write(`ensure-browser: installed Chromium at ${after.path}\n`);
        return 0;
      }
    }
    process.stderr.write('ensure-browser: apt-get did not produce a Chromium.\n');
  }
  process.stderr.write(`${INSTALL_HELP}\n`);
  return 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main();
}
