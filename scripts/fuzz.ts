/**
 * The long run of the whole-pipeline fuzz (issue 21; the short run is
 * test/browser/fuzz-pipeline.test.ts, the cases and checks test/support/fuzz.ts):
 *
 *   npm run fuzz -- [--seed S] [--count N] [--scale long|short] [--batch 20] [--concurrency 2]
 *                   [--time-budget 10000] [--margin MS] [--only I] [--keep DIR]
 *
 * Draws N cases from the seed (the same seed and count give the same cases; --only I replays
 * case I alone), extracts them in batches through the library's `extract` on one browser, and
 * prints the cases run, the failures (past budget + margin, or an untyped error) with how each
 * ended, the outcomes and typed errors by code, and the seed to replay. Failing cases are kept
 * as files in --keep (default out/fuzz-failures). A page that blocks Node's event loop cannot
 * report itself: a watchdog thread names the unfinished cases and ends the run when no case
 * has finished for three budgets and a minute. Exit code 1 when any case failed or stalled.
 */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import fc from 'fast-check';
import { launchBrowser } from '../src/index.js';
import { BUDGET_MARGIN_MS } from '../src/bench/soak.js';
import { basePages, caseArb, describeCase, describeFailure, FUZZ_TIME_BUDGET_MS, runFuzzCases, type FuzzOutcome, type FuzzScale } from '../test/support/fuzz.js';

const USAGE = `npm run fuzz -- [options]
Hostile mutations of real pages through extract; every case must end within budget + margin
with an article, none or a typed error.
  --seed S           seed of the cases (default: a new one, printed)
  --count N          cases (default 200)
  --scale long|short sizes of the mutations (default long: up to MBs and 50,000 levels)
  --batch N          cases per extract call (default 20)
  --concurrency C    pages at a time (default 2)
  --time-budget MS   extract's --time-budget (default ${FUZZ_TIME_BUDGET_MS})
  --margin MS        time a page may run past the budget (default ${BUDGET_MARGIN_MS})
  --only I           replay case I of this seed and count alone
  --keep DIR         where failing cases are kept (default out/fuzz-failures)`;

const { values } = parseArgs({
  options: {
    seed: { type: 'string' },
    count: { type: 'string', default: '200' },
    scale: { type: 'string', default: 'long' },
    batch: { type: 'string', default: '20' },
    concurrency: { type: 'string', default: '2' },
    'time-budget': { type: 'string', default: String(FUZZ_TIME_BUDGET_MS) },
    margin: { type: 'string', default: String(BUDGET_MARGIN_MS) },
    only: { type: 'string' },
    keep: { type: 'string', default: 'out/fuzz-failures' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}

const seed = values.seed !== undefined ? Number(values.seed) : Math.floor(Math.random() * 2 ** 31);
const count = Number(values.count);
const scale = values.scale as FuzzScale;
if (scale !== 'long' && scale !== 'short') throw new Error(`--scale is long or short, not ${values.scale}`);
const budgetMs = Number(values['time-budget']);
const marginMs = Number(values.margin);
const batchSize = Number(values.batch);
const replay = `npm run fuzz -- --seed ${seed} --count ${count} --scale ${scale}`;

/**
 * Ends the run when no case has finished for `stallMs`: a page that blocks the event loop
 * stops every timer of the main thread, not this thread's. It writes straight to fd 2.
 */
function startWatchdog(descriptions: string[], stallMs: number): { finished: (index: number) => void; progress: () => void; stop: () => void } {
  const shared = new SharedArrayBuffer(4 * (descriptions.length + 1));
  const state = new Int32Array(shared);
  const worker = new Worker(
    `const { workerData } = require('node:worker_threads');
     const { writeSync } = require('node:fs');
     const state = new Int32Array(workerData.shared);
     let seen = -1, since = Date.now();
     setInterval(() => {
       const done = Atomics.load(state, 0);
       if (done !== seen) { seen = done; since = Date.now(); return; }
       if (Date.now() - since < workerData.stallMs) return;
       const open = [];
       for (let i = 0; i < workerData.descriptions.length && open.length < 4; i++) if (Atomics.load(state, i + 1) === 0) open.push('  case ' + i + ': ' + workerData.descriptions[i]);
       writeSync(2, 'fuzz: STALLED — no case finished for ' + Math.round(workerData.stallMs / 1000) + ' s (Node blocked?). Unfinished:\\n' + open.join('\\n') + '\\nreplay: ' + workerData.replay + ' --only I\\n');
       process.kill(process.pid, 'SIGKILL');
     }, 1000);`,
    { eval: true, workerData: { shared, stallMs, descriptions, replay } },
  );
  worker.unref();
  return {
    finished: (index) => {
      Atomics.store(state, index + 1, 1);
      Atomics.add(state, 0, 1);
    },
    /** Writing a batch's files is progress too (a large case takes a while to build). */
    progress: () => void Atomics.add(state, 0, 1),
    stop: () => void worker.terminate(),
  };
}

async function main(): Promise<number> {
  const pages = basePages();
  const all = fc.sample(caseArb(pages.length, scale), { seed, numRuns: count });
  const indexes = values.only !== undefined ? [Number(values.only)] : all.map((_, i) => i);
  const cases = indexes.map((i) => all[i]!);
  const descriptions = cases.map((c) => describeCase(c, pages));
  console.log(`fuzz: seed ${seed}, ${cases.length} case(s) of ${count}, scale ${scale}, ${pages.length} base pages, budget ${budgetMs} ms + ${marginMs} ms, concurrency ${values.concurrency}; ${availableParallelism()} cores, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);

  const dir = mkdtempSync(join(tmpdir(), 'broadsheet-fuzz-'));
  const watchdog = startWatchdog(descriptions, 3 * budgetMs + 60_000);
  const browser = await launchBrowser();
  const outcomes: FuzzOutcome[] = [];
  const failed: Array<{ index: number; outcome: FuzzOutcome }> = [];
  const started = performance.now();
  try {
    for (let start = 0; start < cases.length; start += batchSize) {
      const batch = cases.slice(start, start + batchSize);
      const batchDir = mkdtempSync(join(dir, 'batch-'));
      await runFuzzCases(batch, pages, {
        browser,
        dir: batchDir,
        timeBudgetMs: budgetMs,
        marginMs,
        concurrency: Number(values.concurrency),
        onWritten: () => watchdog.progress(),
        onOutcome: (outcome, i) => {
          const index = indexes[start + i]!;
          watchdog.finished(start + i);
          outcomes.push(outcome);
          if (!outcome.failure) return;
          failed.push({ index, outcome });
          console.log(`FAIL case ${index}: ${describeFailure(outcome)}`);
          mkdirSync(values.keep!, { recursive: true });
          copyFileSync(join(batchDir, `case-${String(i).padStart(5, '0')}.html`), join(values.keep!, `seed-${seed}-case-${index}.html`));
        },
      });
      rmSync(batchDir, { recursive: true, force: true });
      process.stderr.write(`fuzz: ${outcomes.length}/${cases.length} after ${((performance.now() - started) / 1000).toFixed(0)} s, ${failed.length} failed\n`);
    }
  } finally {
    watchdog.stop();
    await browser.close();
    rmSync(dir, { recursive: true, force: true });
  }
  const byStatus = new Map<string, number>();
  for (const o of outcomes) byStatus.set(o.code ? `error ${o.code}` : o.status, (byStatus.get(o.code ? `error ${o.code}` : o.status) ?? 0) + 1);
  const times = outcomes.map((o) => o.totalMs).sort((a, b) => a - b);
  console.log(`cases run: ${outcomes.length} in ${((performance.now() - started) / 1000).toFixed(0)} s; failures: ${failed.length} (over budget ${failed.filter((f) => f.outcome.failure === 'over-budget').length}, untyped errors ${failed.filter((f) => f.outcome.failure === 'untyped-error').length})`);
  console.log(`outcomes: ${[...byStatus].sort((a, b) => b[1] - a[1]).map(([k, n]) => `${k} ×${n}`).join(', ')}`);
  console.log(`total ms per case: median ${times[Math.floor(times.length / 2)] ?? 0}, max ${times.at(-1) ?? 0} (bound ${budgetMs + marginMs})`);
  if (failed.length) console.log(`failing cases kept in ${values.keep}/; replay one: ${replay} --only I`);
  console.log(`seed: ${seed} (replay: ${replay})`);
  return failed.length > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    writeSync(2, `fuzz: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\nseed: ${seed} (replay: ${replay})\n`);
    process.exit(2);
  },
);
