import { test, expect } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

/**
 * `npm run lint` (issue 21) must fail on what it is there to stop: a regular expression that can
 * take super-linear time, and an import across the boundaries of .dependency-cruiser.cjs. Each
 * test runs the project's own config on a small fixture written to a temporary folder.
 */

const ROOT = resolve(import.meta.dirname, '../..');
const BIN = join(ROOT, 'node_modules', '.bin');

function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'broadsheet-lint-'));
}

function write(dir: string, path: string, text: string): string {
  const file = join(dir, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
  return file;
}

function oxlint(file: string): { status: number | null; rules: string[]; output: string } {
  const run = spawnSync(join(BIN, 'oxlint'), ['-c', join(ROOT, '.oxlintrc.json'), '-f', 'json', file], { cwd: ROOT, encoding: 'utf8', timeout: 60_000 });
  const report = JSON.parse(run.stdout) as { diagnostics: { code: string; severity: string }[] };
  return { status: run.status, rules: report.diagnostics.filter((d) => d.severity === 'error').map((d) => d.code), output: run.stdout + run.stderr };
}

test('regexp lint: fails on a pattern that backtracks exponentially or moves quadratically, passes the linear rewrites', () => {
  const dir = tempDir();
  try {
    const bad = write(
      dir,
      'src/bad.ts',
      [
        "export const duplicate = /^(a|a)*$/;",
        // Built from a constant: the rule still sees the pattern.
        "const nested = '^(b+)+$';",
        'export const rebuilt = new RegExp(nested);',
        // A trailing run: quadratic over a long run of spaces that does not end the text.
        "export const trimmed = (s: string): string => s.replace(/\\s+$/u, '');",
      ].join('\n'),
    );
    const found = oxlint(bad);
    expect(found.status, found.output).toBe(1);
    expect(found.rules).toContain('regexp(no-dupe-disjunctions)');
    expect(found.rules).toContain('regexp(no-super-linear-backtracking)');
    expect(found.rules).toContain('regexp(no-super-linear-move)');

    const good = write(
      dir,
      'src/good.ts',
      [
        "export const once = /^a*$/;",
        "export const trimmed = (s: string): string => s.replace(/(?<!\\.)\\.+$/u, '');",
        'export const words = /[\\p{L}\\p{N}]+/gu;',
      ].join('\n'),
    );
    const clean = oxlint(good);
    expect(clean.status, clean.output).toBe(0);
    expect(clean.rules).toEqual([]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('boundary lint: fails on an upward import and on Playwright or drizzle outside their folders, passes the allowed ones', () => {
  const dir = tempDir();
  try {
    // Resolve packages as the project does, so that `playwright` is the real node_modules path.
    symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
    write(dir, 'dist/bench/metric.js', 'export const f1 = 1;\n');
    write(dir, 'dist/extract/stage.js', "import { f1 } from '../bench/metric.js';\nexport const x = f1;\n");
    write(dir, 'dist/segment/tree.js', "import { chromium } from 'playwright';\nexport const b = chromium;\n");
    write(dir, 'dist/score/weights.js', "import { sql } from 'drizzle-orm';\nexport const q = sql;\n");
    // render/ is below extract/: the browser must not load the extraction stages.
    write(dir, 'dist/render/session.js', "import { x } from '../extract/stage.js';\nexport const s = x;\n");
    // Allowed: the browser in render/, the database in store/, a lower layer from a higher one.
    write(dir, 'dist/render/browser.js', "import { chromium } from 'playwright';\nexport const b = chromium;\n");
    write(dir, 'dist/store/db.js', "import { sql } from 'drizzle-orm';\nimport Database from 'better-sqlite3';\nexport const q = [sql, Database];\n");
    write(dir, 'dist/cli/main.js', "import { x } from '../extract/stage.js';\nimport { f1 } from '../bench/metric.js';\nexport const m = [x, f1];\n");

    // As `npm run lint:boundaries` runs it: the exit code fails the build, each violation is a line.
    const run = spawnSync(join(BIN, 'depcruise'), ['--config', join(ROOT, '.dependency-cruiser.cjs'), 'dist'], { cwd: dir, encoding: 'utf8', timeout: 60_000, env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' } });
    expect(run.status, run.stdout + run.stderr).toBe(4);
    const violations = run.stdout
      .split('\n')
      .filter((line) => line.trimStart().startsWith('error '))
      .map((line) => line.trim().replace(/^error /u, '').replace(/→ \S*node_modules\/([^/]+)\/\S*/u, '→ package $1'))
      .sort();
    expect(violations).toEqual([
      'database-only-in-store: dist/score/weights.js → package drizzle-orm',
      'no-upward-import: dist/extract/stage.js → dist/bench/metric.js',
      'no-upward-import: dist/render/session.js → dist/extract/stage.js',
      'playwright-only-in-render: dist/segment/tree.js → package playwright',
    ]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
