/**
 * The long run of the whole-pipeline fuzz (issue 21; the short run is
 * test/browser/fuzz-pipeline.test.ts, the cases and checks test/support/fuzz.ts):
 *
 *   npm run fuzz -- [--seed S] [--count N] [--scale long|short] [--batch 20] [--concurrency 2]
 *                   [--time-budget 10000] [--margin MS] [--only I[,J|I-J]] [--stall MS] [--keep DIR]
 *
 * Draws N cases from the seed (the same seed and count give the same cases; --only I replays
 * case I alone), extracts them in batches through the library's `extract`, each batch in a
 * child process with a browser of its own, and prints the cases run, the failures (past budget
 * + margin, an untyped error, or stalled) with how each ended, the outcomes and typed errors by
 * code, and the seed to replay. Failing cases are kept as files in --keep (default
 * out/fuzz-failures). A page that blocks Node's event loop cannot report itself: when no case
 * of a batch has finished for three budgets and a minute, its child is killed, the cases that
 * were in flight are run again one by one to find the one that stalls, and the run goes on.
 * Exit code 1 when any case failed or stalled.
 */
import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import fc from 'fast-check';
import { launchBrowser } from '../src/index.js';
import { BUDGET_MARGIN_MS } from '../src/bench/soak.js';
import { applyMutations } from '../src/testing/hostile-mutations.js';
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
  --only I[,J|I-J]   replay only these cases of this seed and count
  --stall MS         a batch that finishes no case for this long is stopped (default 3 budgets + 60 s)
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
    child: { type: 'string' },
    stall: { type: 'string' },
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

/** One finished case, as a child prints it (a JSON line on stdout). */
interface ChildLine {
  index: number;
  outcome: FuzzOutcome;
}

/**
 * Child mode: extracts the cases of `indexes` on a browser of its own and prints one JSON line per
 * finished case. The parent kills it when it stops finishing cases (a page that blocks Node's
 * event loop cannot report itself).
 */
async function child(indexes: number[]): Promise<number> {
  const pages = basePages();
  const all = fc.sample(caseArb(pages.length, scale), { seed, numRuns: count });
  const dir = mkdtempSync(join(tmpdir(), 'broadsheet-fuzz-'));
  const browser = await launchBrowser();
  try {
    await runFuzzCases(
      indexes.map((i) => all[i]!),
      pages,
      {
        browser,
        dir,
        timeBudgetMs: budgetMs,
        marginMs,
        concurrency: Number(values.concurrency),
        onWritten: () => writeSync(1, `${JSON.stringify({ written: true })}\n`),
        onOutcome: (outcome, i) => {
          if (outcome.failure) {
            mkdirSync(values.keep!, { recursive: true });
            copyFileSync(join(dir, `case-${String(i).padStart(5, '0')}.html`), join(values.keep!, `seed-${seed}-case-${indexes[i]}.html`));
          }
          writeSync(1, `${JSON.stringify({ index: indexes[i]!, outcome } satisfies ChildLine)}\n`);
        },
      },
    );
  } finally {
    await browser.close();
    rmSync(dir, { recursive: true, force: true });
  }
  return 0;
}

/**
 * Runs cases in a child process; resolves with the outcomes it printed, and whether it was
 * killed for stalling: when no case has finished for `stallMs`, the child is killed (its
 * Chromium exits with the pipe to it).
 */
function runChild(indexes: number[], stallMs: number): Promise<{ got: ChildLine[]; stalled: boolean }> {
  const args = [...process.execArgv, fileURLToPath(import.meta.url), '--child', indexes.join(','), ...process.argv.slice(2).filter((a, i, all) => a !== '--only' && all[i - 1] !== '--only')];
  if (values.seed === undefined) args.push('--seed', String(seed));
  const proc = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'], detached: true });
  const got: ChildLine[] = [];
  let timer: NodeJS.Timeout;
  let stalled = false;
  const arm = (): void => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      stalled = true;
      try {
        process.kill(-proc.pid!, 'SIGKILL');
      } catch {
        proc.kill('SIGKILL');
      }
    }, stallMs);
  };
  arm();
  createInterface({ input: proc.stdout! }).on('line', (line) => {
    if (!line.startsWith('{')) return;
    const parsed = JSON.parse(line) as ChildLine | { written: true };
    arm();
    if ('index' in parsed) got.push(parsed);
  });
  return new Promise((resolve) => {
    proc.on('exit', () => {
      clearTimeout(timer);
      resolve({ got, stalled });
    });
  });
}

/**
 * Runs one batch to the end. When a child stalls, `extract` had started its cases in order,
 * `concurrency` at a time, so the blocker is among the first unfinished ones: each of those is
 * run again alone (an innocent one finishes; the blocker stalls again and is recorded as
 * stalled), and the rest of the batch goes on in a fresh child.
 */
async function runBatch(indexes: number[], descriptions: string[], stallMs: number): Promise<ChildLine[]> {
  const out: ChildLine[] = [];
  const stalledOutcome = (index: number, stalled: boolean): ChildLine => ({
    index,
    outcome: { description: descriptions[index]!, bytes: 0, status: 'error', code: stalled ? 'stalled' : 'child-died', totalMs: stalled ? stallMs : 0, failure: 'stalled' },
  });
  let pending = indexes;
  while (pending.length > 0) {
    const { got, stalled } = await runChild(pending, stallMs);
    out.push(...got);
    const done = new Set(got.map((g) => g.index));
    const unfinished = pending.filter((i) => !done.has(i));
    if (unfinished.length === 0) break;
    const suspects = unfinished.slice(0, Number(values.concurrency));
    for (const suspect of suspects) {
      if (suspects.length === 1) {
        out.push(stalledOutcome(suspect, stalled));
        continue;
      }
      const alone = await runChild([suspect], stallMs);
      out.push(alone.got[0] ?? stalledOutcome(suspect, alone.stalled));
    }
    pending = unfinished.slice(suspects.length);
  }
  return out;
}

/** `3`, `3,7` or `30-39`. */
function onlyIndexes(spec: string): number[] {
  return spec.split(',').flatMap((part) => {
    const [from, to] = part.split('-').map(Number);
    return to === undefined ? [from!] : Array.from({ length: to - from! + 1 }, (_, i) => from! + i);
  });
}

async function main(): Promise<number> {
  const pages = basePages();
  const all = fc.sample(caseArb(pages.length, scale), { seed, numRuns: count });
  const indexes = values.only !== undefined ? onlyIndexes(values.only) : all.map((_, i) => i);
  const descriptions = all.map((c) => describeCase(c, pages));
  console.log(`fuzz: seed ${seed}, ${indexes.length} case(s) of ${count}, scale ${scale}, ${pages.length} base pages, budget ${budgetMs} ms + ${marginMs} ms, concurrency ${values.concurrency}, batches of ${batchSize}; ${availableParallelism()} cores, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  const stallMs = values.stall !== undefined ? Number(values.stall) : 3 * budgetMs + 60_000;
  const outcomes: FuzzOutcome[] = [];
  const failed: Array<{ index: number; outcome: FuzzOutcome }> = [];
  const started = performance.now();
  for (let start = 0; start < indexes.length; start += batchSize) {
    const batch = indexes.slice(start, start + batchSize);
    for (const { index, outcome } of await runBatch(batch, descriptions, stallMs)) {
      outcomes.push(outcome);
      if (!outcome.failure) continue;
      failed.push({ index, outcome });
      console.log(`FAIL case ${index}: ${describeFailure(outcome)}`);
      if (outcome.failure === 'stalled') {
        // The child could not keep it: built again here from the seed.
        mkdirSync(values.keep!, { recursive: true });
        writeFileSync(join(values.keep!, `seed-${seed}-case-${index}.html`), applyMutations(pages[all[index]!.page]!.bytes, all[index]!.mutations));
      }
    }
    process.stderr.write(`fuzz: ${outcomes.length}/${indexes.length} after ${((performance.now() - started) / 1000).toFixed(0)} s, ${failed.length} failed\n`);
  }
  const byStatus = new Map<string, number>();
  for (const o of outcomes) byStatus.set(o.code ? `error ${o.code}` : o.status, (byStatus.get(o.code ? `error ${o.code}` : o.status) ?? 0) + 1);
  const times = outcomes.filter((o) => o.failure !== 'stalled').map((o) => o.totalMs).sort((a, b) => a - b);
  const kinds = (f: string): number => failed.filter((x) => x.outcome.failure === f).length;
  console.log(`cases run: ${outcomes.length} in ${((performance.now() - started) / 1000).toFixed(0)} s; failures: ${failed.length} (over budget ${kinds('over-budget')}, untyped errors ${kinds('untyped-error')}, stalled ${kinds('stalled')})`);
  console.log(`outcomes: ${[...byStatus].sort((a, b) => b[1] - a[1]).map(([k, n]) => `${k} ×${n}`).join(', ')}`);
  console.log(`total ms per finished case: median ${times[Math.floor(times.length / 2)] ?? 0}, max ${times.at(-1) ?? 0} (bound ${budgetMs + marginMs})`);
  if (failed.length) console.log(`failing cases kept in ${values.keep}/; replay one: ${replay} --only I`);
  console.log(`seed: ${seed} (replay: ${replay})`);
  return failed.length > 0 ? 1 : 0;
}

(values.child !== undefined ? child(values.child.split(',').map(Number)) : main()).then(
  (code) => process.exit(code),
  (error: unknown) => {
    writeSync(2, `fuzz: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\nseed: ${seed} (replay: ${replay})\n`);
    process.exit(2);
  },
);
