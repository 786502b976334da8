/**
 * Progress on stderr for long runs: a bar on a terminal, a line every few seconds otherwise
 * (CI logs), nothing for a single input or with --no-progress.
 */
import cliProgress from 'cli-progress';

export interface Progress {
  tick(failed: boolean): void;
  stop(): void;
}

const PLAIN_INTERVAL_MS = 5_000;

export function createProgress(total: number, label: string, enabled: boolean): Progress {
  if (!enabled || total < 2) return { tick: () => {}, stop: () => {} };
  let done = 0;
  let failed = 0;
  const started = Date.now();
  if (process.stderr.isTTY) {
    const bar = new cliProgress.SingleBar(
      {
        format: `${label} [{bar}] {value}/{total} · {rate} pages/s · {failed} failed · eta {eta_formatted}`,
        stream: process.stderr,
        hideCursor: true,
        clearOnComplete: false,
      },
      cliProgress.Presets.shades_classic,
    );
    bar.start(total, 0, { failed: 0, rate: '0.0' });
    return {
      tick(f) {
        done++;
        if (f) failed++;
        bar.update(done, { failed, rate: rate(done, started) });
      },
      stop: () => bar.stop(),
    };
  }
  let lastPrint = started;
  return {
    tick(f) {
      done++;
      if (f) failed++;
      const now = Date.now();
      if (now - lastPrint >= PLAIN_INTERVAL_MS || done === total) {
        lastPrint = now;
        process.stderr.write(`${label}: ${done}/${total} · ${rate(done, started)} pages/s · ${failed} failed\n`);
      }
    },
    stop: () => {},
  };
}

function rate(done: number, started: number): string {
  const seconds = (Date.now() - started) / 1000;
  return seconds > 0 ? (done / seconds).toFixed(1) : '0.0';
}
