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
  /** CPU time used so far (user + system), in milliseconds. */
  cpuMs: number;
}

/** Clock ticks per second of /proc's CPU times (USER_HZ: 100 on every Linux build in use). */
const TICKS_PER_SECOND = 100;

function readProc(pid: number): ProcInfo | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // comm is in parentheses and may contain spaces: split after its closing parenthesis.
    const close = stat.lastIndexOf(')');
    const comm = stat.slice(stat.indexOf('(') + 1, close);
    const fields = stat.slice(close + 2).split(' ');
    const ppid = Number(fields[1]);
    const rssPages = Number(fields[21]);
    // Fields 14 and 15 of /proc/PID/stat (utime, stime) are 11 and 12 here.
    const cpuMs = ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
    return { pid, ppid, comm, state: fields[0] ?? '?', rssBytes: rssPages * 4096, cpuMs };
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
 * CPU time used so far by every Chromium process under `root`, in milliseconds. Differences of
 * it measure Chromium's work in CPU time, which other load on the machine barely changes
 * (a benchmark's wall time on a shared machine can vary fivefold between runs). Processes that
 * ended in between are not counted.
 */
export function chromiumCpuMs(root: number = process.pid): number {
  return descendants(root)
    .filter((p) => /chrom/iu.test(p.comm))
    .reduce((sum, p) => sum + p.cpuMs, 0);
}
