/**
 * Processes under this one, read from /proc (Linux): to find the Chromium a test or benchmark
 * launched (to kill it at random moments) and to sum the memory of its whole tree (the
 * browser, its zygotes, renderers and GPU process). Returns nothing on systems without /proc.
 */
import { readdirSync, readFileSync } from 'node:fs';

interface ProcInfo {
  pid: number;
  ppid: number;
  comm: string;
  /** R, S, D, Z (zombie: dead, not yet reaped), … */
  state: string;
  rssBytes: number;
  /** CPU time of the process and of its reaped children (utime + stime + cutime + cstime), ms. */
  cpuMs: number;
  /** CPU time of the process alone (utime + stime), ms. */
  ownCpuMs: number;
  /**
   * Page faults of the process alone (minor + major): each first touch of a page of memory.
   * Cheap on most machines; on a virtual machine inside another one each cost ~14 µs
   * (docs/benchmarks.md), and a run's faults then weigh as much as its slower stages.
   */
  ownFaults: number;
}

/** Clock ticks per second of /proc/<pid>/stat's times (USER_HZ: 100 on Linux). */
const CLOCK_TICKS_PER_SECOND = 100;

function readProc(pid: number): ProcInfo | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // comm is in parentheses and may contain spaces: split after its closing parenthesis.
    const close = stat.lastIndexOf(')');
    const comm = stat.slice(stat.indexOf('(') + 1, close);
    const fields = stat.slice(close + 2).split(' ');
    const ppid = Number(fields[1]);
    const rssPages = Number(fields[21]);
    const ticks = [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0);
    const own = Number(fields[11]) + Number(fields[12]);
    // minflt and majflt (proc(5)): fields 10 and 12 of the line, 7 and 9 after the comm.
    const ownFaults = Number(fields[7]) + Number(fields[9]);
    return { pid, ppid, comm, state: fields[0] ?? '?', rssBytes: rssPages * 4096, cpuMs: (ticks * 1000) / CLOCK_TICKS_PER_SECOND, ownCpuMs: (own * 1000) / CLOCK_TICKS_PER_SECOND, ownFaults };
  } catch {
    return null;
  }
}

function allProcesses(): ProcInfo[] {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return [];
  }
  const out: ProcInfo[] = [];
  for (const entry of entries) {
    if (!/^\d+$/u.test(entry)) continue;
    const info = readProc(Number(entry));
    if (info) out.push(info);
  }
  return out;
}

/** Every process descended from `root` (not `root` itself). */
export function descendants(root: number = process.pid): ProcInfo[] {
  const all = allProcesses();
  const byParent = new Map<number, ProcInfo[]>();
  for (const p of all) byParent.set(p.ppid, [...(byParent.get(p.ppid) ?? []), p]);
  const out: ProcInfo[] = [];
  const queue = [root];
  while (queue.length > 0) {
    for (const child of byParent.get(queue.shift()!) ?? []) {
      out.push(child);
      queue.push(child.pid);
    }
  }
  return out;
}

/** The Chromium browser processes started directly by `root` (one per launched browser). */
export function chromiumPids(root: number = process.pid): number[] {
  return descendants(root)
    .filter((p) => p.ppid === root && p.state !== 'Z' && /chrom/iu.test(p.comm))
    .map((p) => p.pid);
}

/** Resident memory of every Chromium process under `root`, in bytes. */
export function chromiumRssBytes(root: number = process.pid): number {
  return descendants(root)
    .filter((p) => /chrom/iu.test(p.comm))
    .reduce((sum, p) => sum + p.rssBytes, 0);
}

/**
 * CPU time spent so far by every Chromium process under `root`, in ms, including renderers
 * that have exited (their time is in their parent's reaped-children counters).
 */
export function chromiumCpuMs(root: number = process.pid): number {
  return descendants(root)
    .filter((p) => /chrom/iu.test(p.comm))
    .reduce((sum, p) => sum + p.cpuMs, 0);
}

/** What a process of a run is, for a CPU split: Node, or a Chromium process by its `--type`. */
export type ProcessKind = 'node' | 'chromium browser' | 'chromium renderer' | 'chromium gpu' | 'chromium utility' | 'chromium zygote' | 'other';

function kindOf(info: ProcInfo): ProcessKind {
  if (info.comm === 'node' || info.comm.startsWith('node')) return 'node';
  if (!/chrom|headless/iu.test(info.comm)) return 'other';
  let cmdline = '';
  try {
    cmdline = readFileSync(`/proc/${info.pid}/cmdline`, 'utf8');
  } catch {
    return 'chromium browser';
  }
  const type = /--type=([a-z-]+)/u.exec(cmdline)?.[1];
  if (type === undefined) return 'chromium browser';
  if (type === 'renderer') return 'chromium renderer';
  if (type === 'gpu-process') return 'chromium gpu';
  if (type === 'zygote') return 'chromium zygote';
  return type === 'utility' ? 'chromium utility' : 'other';
}

/** Own CPU ms (user + system, reaped children not counted) and own page faults of every process under `root`, and of `root`. */
export function processTreeCpu(root: number): Array<{ pid: number; kind: ProcessKind; ownCpuMs: number; ownFaults: number }> {
  const all = [readProc(root), ...descendants(root)].filter((p): p is ProcInfo => p !== null);
  return all.map((p) => ({ pid: p.pid, kind: kindOf(p), ownCpuMs: p.ownCpuMs, ownFaults: p.ownFaults }));
}
