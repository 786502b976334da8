/**
 * A CLI process whose work is done ends, or says what keeps it alive (issue 21): a handle left
 * open after `main` returns used to keep Node running with nothing to do, silently. These run
 * small child processes from the sources with a 1 s grace period.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { test, expect } from '@playwright/test';

const FINISH = join(process.cwd(), 'src', 'cli', 'finish.ts');

/** A child that prints `lines` lines, optionally leaves an interval running, then calls exitWhenDrained(0, 1 s). */
function child(options: { leak: boolean; lines: number; slowReaderMs?: number }): Promise<{ code: number | null; stdout: string; stderr: string; ms: number }> {
  const script = `import(${JSON.stringify(FINISH)}).then((f) => {
    ${options.leak ? 'setInterval(() => {}, 1000);' : ''}
    for (let i = 0; i < ${options.lines}; i++) process.stdout.write('line ' + i + ' ' + 'x'.repeat(200) + '\\n');
    f.exitWhenDrained(0, 1000);
  })`;
  const started = Date.now();
  return new Promise((resolve) => {
    const proc = spawn(process.execPath, ['--import', 'tsx', '-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    if (options.slowReaderMs) {
      // A slow reader: stop reading for a while, so the child's output waits in its pipe.
      proc.stdout.pause();
      setTimeout(() => proc.stdout.resume(), options.slowReaderMs);
    }
    proc.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    proc.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    proc.on('close', (code) => resolve({ code, stdout, stderr, ms: Date.now() - started }));
  });
}

test('a process with nothing left open ends with its own code and says nothing', async () => {
  const r = await child({ leak: false, lines: 3 });
  expect(r.code).toBe(0);
  expect(r.stderr).toBe('');
  expect(r.stdout.split('\n').filter(Boolean)).toHaveLength(3);
});

test('a handle left open after the work is named and the process exits non-zero instead of hanging', async () => {
  const r = await child({ leak: true, lines: 1 });
  expect(r.code).toBe(2);
  expect(r.stderr).toContain('still open: Timeout');
  expect(r.stdout).toContain('line 0');
});

test('output still waiting for a slow reader is delivered whole, not cut by the watchdog', async () => {
  // 2 000 lines of ~210 bytes (~420 KB) exceed a pipe's buffer; the reader waits 2.5 s, past the grace period.
  const r = await child({ leak: false, lines: 2_000, slowReaderMs: 2_500 });
  expect(r.code).toBe(0);
  expect(r.stderr).toBe('');
  expect(r.stdout.split('\n').filter(Boolean)).toHaveLength(2_000);
});
