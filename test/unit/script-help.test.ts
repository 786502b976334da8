/**
 * Every script that `npm run` names answers `--help` with its manual and exit code 0, at once:
 * before this, `npm run fit -- --help` started a fit and `npm run trace:renderer -- --help`
 * ended in a parseArgs stack trace.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { leadingComment } from '../../scripts/help.js';

const run = promisify(execFile);

test('the leading comment is read from a block comment or from a run of line comments', () => {
  expect(leadingComment('/**\n * First line.\n *\n *   npm run x -- [--n 3]\n */\nimport x from "y";\n')).toBe('First line.\n\n  npm run x -- [--n 3]');
  expect(leadingComment('// One.\n// Two.\nimport x from "y";\n')).toBe('One.\nTwo.');
  expect(leadingComment('#!/usr/bin/env node\n// Shebang first.\ncode();\n')).toBe('Shebang first.');
  expect(leadingComment('const x = 1;\n')).toBe('');
});

/** The TypeScript scripts `npm run` names (`scripts/<name>.ts`), by script name. */
function npmScripts(): Array<[string, string]> {
  const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts;
  const found: Array<[string, string]> = [];
  for (const [name, command] of Object.entries(scripts)) {
    const file = command.split(/\s+/).find((word) => word.startsWith('scripts/') && word.endsWith('.ts'));
    if (file) found.push([name, file]);
  }
  return found;
}

test('every npm run script of scripts/*.ts prints its manual for --help and exits 0', async () => {
  test.setTimeout(180_000);
  const scripts = npmScripts();
  expect(scripts.length).toBeGreaterThan(15);
  const failures: string[] = [];
  // Two at a time: each is a Node process that loads its modules.
  for (let i = 0; i < scripts.length; i += 2) {
    await Promise.all(
      scripts.slice(i, i + 2).map(async ([name, file]) => {
        try {
          const { stdout } = await run(process.execPath, ['--import', 'tsx', file, '--help'], { timeout: 60_000 });
          // The manual is the script's leading comment, or its own usage text naming the script.
          const manual = leadingComment(readFileSync(file, 'utf8')).split('\n')[0]!;
          if (!stdout.startsWith(manual) && !stdout.includes(`npm run ${name}`)) failures.push(`${name}: no manual in ${JSON.stringify(stdout.slice(0, 80))}`);
        } catch (error) {
          failures.push(`${name}: ${String((error as Error).message).split('\n')[0]}`);
        }
      }),
    );
  }
  expect(failures).toEqual([]);
});
