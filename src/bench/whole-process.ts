/**
 * Timing a whole program run as one process, the way a user waits for it (issue 26): from the
 * spawn to the exit, launch and warm-up included, with the time to its first record and its
 * CPU and peak memory as the operating system accounts them (`/usr/bin/time`, when present).
 *
 * `bench:speed --whole-process` runs broadsheet and Readability.js this way, one after the
 * other, several times, and compares them pair by pair (a machine whose speed drifts slows a
 * pair's two runs alike).
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';

/** GNU time's binary, which reports the CPU and peak RSS of a finished command and its children. */
const GNU_TIME = '/usr/bin/time';

/** How often the output folder is looked at for the first record (ms). */
const FIRST_RECORD_POLL_MS = 10;

export interface ProcessRun {
  /** Spawn to exit. */
  wallMs: number;
  /** Spawn until the first byte of output appeared in `watchDir`; null when none did. */
  firstRecordMs: number | null;
  /** User and system CPU of the process and every child it waited for (GNU time; null without it). */
  cpuMs: number | null;
  /** The largest resident set of any one process of the run, KiB (GNU time; null without it). */
  peakRssKiB: number | null;
  /**
   * Own CPU ms by kind of process (Node, Chromium's browser, renderers, …) from /proc, read every
   * `TREE_POLL_MS` while the run lasts (each process's last reading: up to that much of a
   * process's last moments is missed); null when the spec asked for none.
   */
  cpuByKind: Map<string, number> | null;
  /** Page faults by kind of process, read as `cpuByKind` is (null when it is). */
  faultsByKind: Map<string, number> | null;
  /** How many processes of each kind the run started (seen at least once). */
  processesByKind: Map<string, number> | null;
  exitCode: number | null;
  /** The last lines of its stderr, for a failed run. */
  stderrTail: string;
}

export interface ProcessSpec {
  command: string;
  args: string[];
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** A folder, empty at the start, where the program writes its records: its first byte there is the first record. */
  watchDir: string;
  /** Reads the CPU of every process under a pid (src/testing/process-tree.ts `processTreeCpu`), for `cpuByKind`. */
  sampleTree?: (root: number) => Array<{ pid: number; kind: string; ownCpuMs: number; ownFaults?: number }>;
}

/** How often the process tree's CPU is read when `sampleTree` is given (ms): a scan of /proc costs a few ms. */
const TREE_POLL_MS = 250;

/** Parses GNU time's `-f '%e %U %S %M'` line into CPU ms and peak RSS KiB. Pure. */
export function parseGnuTime(text: string): { cpuMs: number; peakRssKiB: number } | null {
  const line = text.trim().split('\n').pop() ?? '';
  const fields = line.trim().split(/\s+/u).map(Number);
  if (fields.length !== 4 || fields.some((n) => !Number.isFinite(n))) return null;
  const [, user, system, rss] = fields as [number, number, number, number];
  return { cpuMs: Math.round((user + system) * 1000), peakRssKiB: rss };
}

/** Runs `spec` to its end and times it (see `ProcessRun`). */
export async function timeProcess(spec: ProcessSpec, timeFile: string): Promise<ProcessRun> {
  const gnuTime = existsSync(GNU_TIME);
  const [command, args] = gnuTime ? [GNU_TIME, ['-o', timeFile, '-f', '%e %U %S %M', spec.command, ...spec.args]] : [spec.command, spec.args];
  const started = performance.now();
  let firstRecordMs: number | null = null;
  const poll = setInterval(() => {
    if (firstRecordMs !== null) return;
    if (hasOutput(spec.watchDir)) firstRecordMs = performance.now() - started;
  }, FIRST_RECORD_POLL_MS);
  let stderr = '';
  const lastCpu = new Map<number, { kind: string; ms: number; faults: number }>();
  let treeTimer: NodeJS.Timeout | undefined;
  const exitCode = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(command, args, { cwd: spec.cwd, env: spec.env ?? process.env, stdio: ['ignore', 'ignore', 'pipe'] });
    const sample = spec.sampleTree;
    if (sample && child.pid !== undefined) {
      const root = child.pid;
      treeTimer = setInterval(() => {
        for (const p of sample(root)) {
          const before = lastCpu.get(p.pid);
          lastCpu.set(p.pid, { kind: settledKind(before?.kind, p.kind), ms: Math.max(p.ownCpuMs, before?.ms ?? 0), faults: Math.max(p.ownFaults ?? 0, before?.faults ?? 0) });
        }
      }, TREE_POLL_MS);
    }
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-4000);
    });
    child.on('error', reject);
    child.on('close', resolve);
  });
  const wallMs = performance.now() - started;
  clearInterval(poll);
  clearInterval(treeTimer);
  let cpuByKind: Map<string, number> | null = null;
  let faultsByKind: Map<string, number> | null = null;
  let processesByKind: Map<string, number> | null = null;
  if (spec.sampleTree) {
    cpuByKind = new Map();
    faultsByKind = new Map();
    processesByKind = new Map();
    for (const { kind, ms, faults } of lastCpu.values()) {
      cpuByKind.set(kind, (cpuByKind.get(kind) ?? 0) + ms);
      faultsByKind.set(kind, (faultsByKind.get(kind) ?? 0) + faults);
      processesByKind.set(kind, (processesByKind.get(kind) ?? 0) + 1);
    }
  }
  if (firstRecordMs === null && hasOutput(spec.watchDir)) firstRecordMs = wallMs;
  const accounted = gnuTime && existsSync(timeFile) ? parseGnuTime(readFileSync(timeFile, 'utf8')) : null;
  return {
    wallMs,
    firstRecordMs,
    cpuMs: accounted?.cpuMs ?? null,
    peakRssKiB: accounted?.peakRssKiB ?? null,
    cpuByKind,
    faultsByKind,
    processesByKind,
    exitCode,
    stderrTail: stderr.split('\n').slice(-6).join('\n'),
  };
}

/**
 * What a process of the tree is, from what it was first seen as and what it reads as now. The
 * kind first seen stays: an exiting process's command line is empty, which reads as the browser.
 * But a process first seen as Chromium's zygote may be a renderer just forked from it, still
 * under the zygote's command line: when it later reads as a renderer, GPU or utility process,
 * it is that. Counted as the zygote, one such renderer put 53 CPU ms/page of AEB under the
 * zygote (2026-11-30), whose own processes spend about 1.
 */
export function settledKind(firstSeen: string | undefined, now: string): string {
  if (firstSeen === undefined) return now;
  if (firstSeen === 'chromium zygote' && (now === 'chromium renderer' || now === 'chromium gpu' || now === 'chromium utility')) return now;
  return firstSeen;
}

/** Some file in `dir` has a byte in it. */
function hasOutput(dir: string): boolean {
  try {
    return readdirSync(dir).some((name) => statSync(join(dir, name)).size > 0);
  } catch {
    return false;
  }
}

/** Each page's text from a JSON Lines file of records, keyed by the page's id (its file name less `.html[.gz]`). */
export function textsOfRecords(path: string, idOf: (record: Record<string, unknown>) => string | undefined): Map<string, string> {
  const texts = new Map<string, string>();
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    const record = JSON.parse(line) as Record<string, unknown>;
    const id = idOf(record);
    if (id !== undefined) texts.set(id, typeof record.text === 'string' ? record.text : '');
  }
  return texts;
}

/** The id of a saved page from its path or name: `dir/abc.html.gz` → `abc`. Pure. */
export function pageIdOf(input: string): string {
  return basename(input).replace(/\.html?(\.gz)?$/u, '');
}

/** Minimum, median and maximum of some figures. Pure. */
export function spread(values: readonly number[]): { min: number; median: number; max: number } {
  if (values.length === 0) return { min: Number.NaN, median: Number.NaN, max: Number.NaN };
  const sorted = [...values].sort((a, b) => a - b);
  // The median of an even count is the mean of the middle two (quantile() would take the lower).
  const mid = sorted.length / 2;
  const median = sorted.length % 2 === 1 ? sorted[Math.floor(mid)]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return { min: sorted[0]!, median, max: sorted[sorted.length - 1]! };
}
