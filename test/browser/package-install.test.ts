/**
 * The package as a user gets it: `npm pack` (of the built dist/, as `npm publish` would ship
 * it), unpacked into an empty project's node_modules, then
 * - a TypeScript file importing `broadsheet` compiles with `strict` and `skipLibCheck: false`
 *   (every declaration file the package's types reach is checked, so a public type that names a
 *   package the user does not get — a devDependency's types, drizzle-orm's declarations, which
 *   do not compile on their own — fails here);
 * - `import { extract, extractHtml } from 'broadsheet'` runs and extracts a page in Chromium
 *   (the files the code reads at run time — migrations, the record schema, worker scripts — are
 *   in the tarball);
 * - the `bin` named in package.json runs.
 *
 * Offline and quick on a fresh machine: nothing is downloaded. The user's project gets the
 * package's `dependencies` (and nothing else of this checkout's node_modules) as symbolic links
 * to the installed copies, which is what `npm install broadsheet` would put there; its own
 * `@types/node` too, as a TypeScript project has. The compiler is this checkout's.
 */
import { spawn } from 'node:child_process';
import { mkdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { test as base, expect } from '@playwright/test';
import { tempDirFixture } from '../support/temp-dir.js';

const test = base.extend<{ dir: string }>({ dir: tempDirFixture('broadsheet-pack-') });
const ROOT = process.cwd();

function run(command: string, args: string[], cwd: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, npm_config_update_notifier: 'false' } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const CONSUMER_TS = `import { extract, extractHtml, RecordSchema, type BroadsheetRecord, type ArticleRecord } from 'broadsheet';

export async function titles(inputs: string[]): Promise<Array<string | null>> {
  const records: BroadsheetRecord[] = await extract(inputs, { concurrency: 1 });
  return records.map((r) => (r.status === 'article' ? r.title : null));
}

export async function one(html: string): Promise<ArticleRecord | null> {
  const record = await extractHtml(html, { url: 'https://example.org/story' });
  RecordSchema.parse(record);
  return record.status === 'article' ? record : null;
}
`;

const CONSUMER_MJS = `import { extract, extractHtml } from 'broadsheet';
const record = await extractHtml(process.argv[2], { url: 'https://example.org/2024/05/14/story' });
process.stdout.write(JSON.stringify({ extract: typeof extract, status: record.status, title: record.title, schemaVersion: record.schemaVersion, words: record.wordCount }) + '\\n');
`;

const PAGE = `<!doctype html><html lang="en"><head><title>A river reopens to boats | The Local Paper</title></head><body>
<nav><a href="/">Home</a> <a href="/news">News</a> <a href="/sport">Sport</a></nav>
<article><h1>A river reopens to boats</h1><p class="byline">By Ada Marsh</p>
<p>The river reopened to boats on Tuesday after three weeks of repairs to the old lock, and the first barges passed before noon. Crews worked through the night to finish the gates.</p>
<p>The lock keeper said the new gates close in half the time of the old ones, which had leaked since a flood damaged their hinges two winters ago.</p>
<p>Boat owners who had waited downstream since the closure began queued from dawn, and a small crowd gathered on the bridge to watch the first of them rise.</p>
<p>The canal trust paid for the work from a repair fund it keeps for emergencies, and it plans to ask the council for help with the towpath next year.</p>
<p>Traders at the wharf expect the busy summer season to make up for the lost weeks, when hire boats stayed moored and the cafe closed early.</p>
<p>Engineers will inspect the gates again in a month, and the trust has asked skippers to report any sign of water seeping past the new seals.</p>
</article><footer>© The Local Paper</footer></body></html>`;

test('npm pack installs into an empty project: the types compile with skipLibCheck false, the import runs, the bin runs', async ({ dir }) => {
  test.setTimeout(240_000);
  const pkg = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
    bin: Record<string, string>;
    exports: { '.': { types: string; import: string } };
  };

  // Pack what is built (`npm test` builds first; --ignore-scripts skips the `prepare` rebuild).
  const packed = await run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', dir], ROOT);
  expect(packed.code, packed.stderr).toBe(0);
  const [manifest] = JSON.parse(packed.stdout) as Array<{ filename: string; files: Array<{ path: string }> }>;
  const files = new Set(manifest!.files.map((f) => f.path));
  for (const needed of [pkg.exports['.'].types, pkg.exports['.'].import, ...Object.values(pkg.bin)].map((p) => p.replace(/^\.\//u, ''))) {
    expect(files.has(needed), `${needed} is in the tarball`).toBe(true);
  }
  expect(files.has('schema/record.schema.json')).toBe(true);
  expect([...files].some((f) => f.startsWith('drizzle/') && f.endsWith('.sql'))).toBe(true);
  expect([...files].some((f) => f.startsWith('test/') || f.startsWith('src/') || f.startsWith('out/'))).toBe(false);

  // The user's project: the package unpacked, its dependencies beside it.
  const project = join(dir, 'project');
  const installed = join(project, 'node_modules', 'broadsheet');
  await mkdir(installed, { recursive: true });
  const untar = await run('tar', ['-xzf', join(dir, manifest!.filename), '-C', installed, '--strip-components=1'], dir);
  expect(untar.code, untar.stderr).toBe(0);
  for (const dep of [...Object.keys(pkg.dependencies), '@types/node']) {
    const link = join(project, 'node_modules', dep);
    await mkdir(dirname(link), { recursive: true });
    await symlink(join(ROOT, 'node_modules', dep), link, 'dir');
  }
  await writeFile(join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  await writeFile(join(project, 'index.ts'), CONSUMER_TS);
  await writeFile(join(project, 'main.mjs'), CONSUMER_MJS);
  await writeFile(
    join(project, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: { strict: true, skipLibCheck: false, module: 'NodeNext', moduleResolution: 'NodeNext', target: 'ES2022', noEmit: true, types: ['node'] },
      files: ['index.ts'],
    }),
  );

  const tsc = await run(process.execPath, [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', project], project);
  expect(tsc.code, `tsc:\n${tsc.stdout}${tsc.stderr}`).toBe(0);

  const ran = await run(process.execPath, ['main.mjs', PAGE], project);
  expect(ran.code, ran.stderr).toBe(0);
  const out = JSON.parse(ran.stdout) as { extract: string; status: string; title: string; schemaVersion: number; words: number };
  expect(out).toMatchObject({ extract: 'function', status: 'article', title: 'A river reopens to boats' });
  expect(out.words).toBeGreaterThan(100);

  const bin = await run(process.execPath, [join(installed, pkg.bin['broadsheet']!), '--help'], project);
  expect(bin.code, bin.stderr).toBe(0);
  expect(bin.stdout).toContain('extract');
  // `--help` lists the commands without loading them: each command's own help loads its modules,
  // so every command's graph is imported once from the installed package.
  const commands = [...bin.stdout.matchAll(/^  ([a-z]+) /gmu)].map((m) => m[1]!).filter((name) => name !== 'help');
  expect(commands.length).toBeGreaterThanOrEqual(10);
  for (const name of commands) {
    const help = await run(process.execPath, [join(installed, pkg.bin['broadsheet']!), name, '--help'], project);
    expect(help.code, `${name} --help: ${help.stderr}`).toBe(0);
    expect(help.stdout).toContain(`Usage: broadsheet ${name}`);
  }
  expect((await readFile(join(installed, pkg.bin['broadsheet']!), 'utf8')).startsWith('#!/usr/bin/env node\n')).toBe(true);
});
