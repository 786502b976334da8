/**
 * The end of a CLI process. `main` returns when its work is done and every resource it owns is
 * closed; the process should then end as soon as the output has drained. A handle left open on
 * some rare path (a timer, a worker thread, a socket to Chromium) would instead keep Node alive
 * with nothing to do — a silent hang, seen once in CI with no word of where. So after `main`
 * returns, an unreferenced timer (it cannot itself keep the process alive) waits a grace period;
 * if it fires, the loop did not drain: the open resources are named on stderr and the process
 * exits with a failure code, so the hang becomes a named error.
 */
import { EXIT } from './exit-codes.js';

/** How long the loop may take to drain after `main` returns (closing Chromium's pipes, flushing files). */
export const DRAIN_GRACE_MS = 10_000;

/** Output still being written to a slow reader is legitimate work: wait for it, checking this often. */
const OUTPUT_RECHECK_MS = 1_000;

/** Resource kinds that are the process's own standard streams, not leaks. */
const STANDARD_STREAM_KINDS: ReadonlySet<string> = new Set(['TTYWrap', 'PipeWrap', 'FileHandle', 'FSReqCallback']);

function outputPending(): boolean {
  return process.stdout.writableLength > 0 || process.stderr.writableLength > 0;
}

/** What is keeping the loop alive besides the standard streams, by kind and count ("Timeout ×2, Worker"). */
export function openResources(): string {
  const counts = new Map<string, number>();
  for (const kind of process.getActiveResourcesInfo()) {
    if (!STANDARD_STREAM_KINDS.has(kind)) counts.set(kind, (counts.get(kind) ?? 0) + 1);
  }
  return [...counts].map(([kind, n]) => (n > 1 ? `${kind} ×${n}` : kind)).join(', ');
}

/**
 * Sets the exit code `main` returned and arms the drain watchdog. The process ends normally
 * when the loop drains; only a process that would otherwise hang is ended here.
 */
export function exitWhenDrained(code: number, graceMs: number = DRAIN_GRACE_MS): void {
  process.exitCode = code;
  const deadline = Date.now() + graceMs;
  const check = (): void => {
    if (outputPending()) {
      setTimeout(check, OUTPUT_RECHECK_MS).unref();
      return;
    }
    if (Date.now() < deadline) {
      setTimeout(check, deadline - Date.now()).unref();
      return;
    }
    const open = openResources();
    if (open === '') {
      // Only the standard streams remain: they close as the process exits on its own.
      setTimeout(check, OUTPUT_RECHECK_MS).unref();
      return;
    }
    process.stderr.write(
      `broadsheet: internal error: the work ended but ${graceMs / 1000} s later the process had not (still open: ${open}); exiting\n`,
    );
    process.exit(code === EXIT.ok ? EXIT.fatal : code);
  };
  setTimeout(check, graceMs).unref();
}
