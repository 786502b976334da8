/**
 * The version a bench report names for broadsheet: the package's, and when it runs from a git
 * checkout, the commit and whether the working tree differs from it. A report said "dev" for
 * every run; now it says what was measured.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const PACKAGE_ROOT = fileURLToPath(new URL('../../', import.meta.url));

function git(args: string[]): string | undefined {
  try {
    return execFileSync('git', ['-C', PACKAGE_ROOT, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: 5_000 }).trim();
  } catch {
    return undefined; // not a checkout (an installed package), or no git
  }
}

/** `0.1.0`, `0.1.0 (git 1a2b3c4)`, or `0.1.0 (git 1a2b3c4, modified)`. */
export function broadsheetVersion(): string {
  let version = '0.0.0';
  try {
    version = (JSON.parse(readFileSync(`${PACKAGE_ROOT}package.json`, 'utf8')) as { version?: string }).version ?? version;
  } catch {
    // keep 0.0.0
  }
  const commit = git(['rev-parse', '--short', 'HEAD']);
  if (!commit) return version;
  const modified = (git(['status', '--porcelain', '--untracked-files=no']) ?? '') !== '';
  return `${version} (git ${commit}${modified ? ', modified' : ''})`;
}
