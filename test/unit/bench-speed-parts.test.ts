import { test as base, expect } from '@playwright/test';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stageSplit, STAGE_OF_MODULE, type CpuProfile } from '../../src/bench/cpu-profile.js';
import { pageIdOf, parseGnuTime, settledKind, spread, textsOfRecords, timeProcess } from '../../src/bench/whole-process.js';
import { phaseBetween } from '../../src/render/renderer-metrics.js';
import { tempDirFixture } from '../support/temp-dir.js';

// The parts of `npm run bench:speed -- --whole-process [--profile]` (issue 26) that compute
// figures: each expected value is worked out by hand next to it.

const test = base.extend<{ dir: string }>({ dir: tempDirFixture('broadsheet-speed-') });

test.describe('whole-process figures', () => {
  test("GNU time's line: CPU is user + system in ms, RSS in KiB; anything else is no reading", () => {
    // 12.50 s wall, 3.25 user + 0.75 system = 4.0 s CPU, 204800 KiB peak.
    expect(parseGnuTime('12.50 3.25 0.75 204800\n')).toEqual({ cpuMs: 4000, peakRssKiB: 204800 });
    // The command's own stderr may come first when -o is not used; the last line is time's.
    expect(parseGnuTime('warning: x\n1.00 0.50 0.10 1000')).toEqual({ cpuMs: 600, peakRssKiB: 1000 });
    expect(parseGnuTime('Command exited with non-zero status 1')).toBeNull();
    expect(parseGnuTime('')).toBeNull();
  });

  test('spread: min, median (the mean of the middle two for an even count) and max', () => {
    expect(spread([3, 1, 2])).toEqual({ min: 1, median: 2, max: 3 });
    expect(spread([4, 1, 3, 2])).toEqual({ min: 1, median: 2.5, max: 4 });
    expect(Number.isNaN(spread([]).median)).toBe(true);
  });

  test("a process's kind: the first seen stays, but a renderer forked from the zygote is a renderer once it says so", () => {
    expect(settledKind(undefined, 'chromium zygote')).toBe('chromium zygote');
    // A fresh fork still under the zygote's command line, then under its own.
    expect(settledKind('chromium zygote', 'chromium renderer')).toBe('chromium renderer');
    expect(settledKind('chromium zygote', 'chromium gpu')).toBe('chromium gpu');
    // An exiting process's command line is empty and reads as the browser: not a change of kind.
    expect(settledKind('chromium renderer', 'chromium browser')).toBe('chromium renderer');
    expect(settledKind('chromium zygote', 'chromium browser')).toBe('chromium zygote');
    expect(settledKind('node', 'other')).toBe('node');
  });

  test("a page's id from its path, as AEB names the truth", () => {
    expect(pageIdOf('../shared/data/aeb/html/0a1b.html.gz')).toBe('0a1b');
    expect(pageIdOf('/x/page.html')).toBe('page');
    expect(pageIdOf('page.htm')).toBe('page');
  });

  test('records → texts by id; a record without text scores as empty, one without an id is skipped', ({ dir }) => {
    const path = join(dir, 'records.jsonl');
    writeFileSync(path, ['{"input":"d/a.html.gz","text":"alpha"}', '{"input":"d/b.html.gz","status":"none","text":null}', '{"status":"error"}', ''].join('\n'));
    const texts = textsOfRecords(path, (r) => (typeof r.input === 'string' ? pageIdOf(r.input) : undefined));
    expect([...texts]).toEqual([
      ['a', 'alpha'],
      ['b', ''],
    ]);
  });

  test('timing a process: its exit code, its first output, and no first record when it writes nothing', async ({ dir }) => {
    const writes = await timeProcess(
      { command: process.execPath, args: ['-e', `require('node:fs').writeFileSync(${JSON.stringify(join(dir, 'out.jsonl'))}, 'x\\n'); setTimeout(() => process.exit(3), 300)`], watchDir: dir },
      join(dir, 'time.txt'),
    );
    expect(writes.exitCode).toBe(3);
    expect(writes.firstRecordMs).not.toBeNull();
    // The record was written at once, the exit came 300 ms later.
    expect(writes.firstRecordMs!).toBeLessThan(writes.wallMs);
    const silent = await timeProcess({ command: process.execPath, args: ['-e', '0'], watchDir: join(dir, 'nothing-here') }, join(dir, 'time2.txt'));
    expect(silent.exitCode).toBe(0);
    expect(silent.firstRecordMs).toBeNull();
  });

  test('timing a process counts the pages of memory it touches, by kind of process', async ({ dir }) => {
    test.skip(!existsSync('/proc/self/stat'), 'page faults are read from /proc');
    const { processTreeCpu } = await import('../../src/testing/process-tree.js');
    // 64 MiB touched a byte a page, then held while the tree is read (every 250 ms).
    const touching = (mib: number): string => `const b = Buffer.alloc(${mib} * 1048576); for (let i = 0; i < b.length; i += 4096) b[i] = 1; setTimeout(() => b.length, 800)`;
    const run = (mib: number, name: string) => timeProcess({ command: process.execPath, args: ['-e', touching(mib)], watchDir: join(dir, name), sampleTree: processTreeCpu }, join(dir, `${name}.txt`));
    const idle = await run(0, 'idle');
    const busy = await run(64, 'busy');
    const node = (r: Awaited<ReturnType<typeof run>>): number => r.faultsByKind?.get('node') ?? 0;
    expect(node(idle)).toBeGreaterThan(0);
    expect(node(busy) - node(idle)).toBeGreaterThanOrEqual(0.9 * 64 * 256);
  });
});

/** A profile of one thread: a call tree and the leaf node of each sample, every sample 1 ms apart. */
function profile(tree: Array<{ id: number; functionName: string; url: string; children?: number[] }>, samples: number[]): CpuProfile {
  return {
    nodes: tree.map(({ id, functionName, url, children }) => ({ id, callFrame: { functionName, url }, ...(children ? { children } : {}) })),
    startTime: 0,
    endTime: samples.length * 1000,
    samples,
    timeDeltas: samples.map(() => 1000),
  };
}

test.describe('Node CPU by stage from V8 profiles', () => {
  const tree = [
    { id: 1, functionName: '(root)', url: '', children: [2, 3, 8, 9, 10] },
    // The page-work thread's message handler → runPageTask → decodeSnapshotText → JSON.parse.
    { id: 2, functionName: 'onMessage', url: 'file:///app/dist/page-work/worker.js', children: [4] },
    { id: 3, functionName: '(garbage collector)', url: '' },
    { id: 4, functionName: 'runPageTask', url: 'file:///app/dist/page-work/tasks.js', children: [5, 6] },
    { id: 5, functionName: 'decodeSnapshotText', url: 'file:///app/dist/render/snapshot-wire.js', children: [7] },
    // selectBody → scoreBlocks → blockFeatures: features win over the model and the selection.
    { id: 6, functionName: 'selectBody', url: 'file:///app/dist/score/select.js', children: [11] },
    { id: 7, functionName: 'parse', url: '' },
    { id: 8, functionName: '(idle)', url: '' },
    { id: 9, functionName: 'anonymous', url: '' },
    { id: 10, functionName: '(program)', url: '' },
    { id: 11, functionName: 'scoreBlocks', url: 'file:///app/dist/score/block-model.js', children: [12, 13] },
    { id: 12, functionName: 'blockFeatures', url: 'file:///app/dist/score/block-features.js' },
    { id: 13, functionName: 'treeLogit', url: 'file:///app/dist/score/trees.js' },
  ];

  test('each sample goes to the first rule that matches any frame of its stack; idle is not CPU', () => {
    // Samples: JSON.parse ×3 (decode), GC ×2, idle ×4, the handler itself ×1 (thread hop),
    // an unknown frame ×1, (program) ×1, block features ×2, trees ×1 (model passes), selection ×1.
    const samples = [7, 7, 7, 3, 3, 8, 8, 8, 8, 2, 9, 10, 12, 12, 13, 6];
    const split = stageSplit([profile(tree, samples)]);
    expect(Object.fromEntries(split.ms)).toEqual({
      decode: 3,
      'garbage collection': 2,
      'thread hop': 1,
      'other JavaScript': 1,
      'program (V8 and native)': 1,
      features: 2,
      'model passes': 1,
      selection: 1,
    });
    // 16 samples less 4 idle, 1 ms each.
    expect(split.totalMs).toBe(12);
  });

  test("a thread the machine left waiting counts one interval, not its long delta", () => {
    const p = profile(tree, [7, 7, 7]);
    // The second sample came 500 ms after the first: the thread waited, it did not run.
    p.timeDeltas = [1000, 500_000, 1000];
    expect(stageSplit([p]).ms.get('decode')).toBe(3);
  });

  test('profiles of several threads add up; the rules name the stages of the issue', () => {
    const split = stageSplit([profile(tree, [7, 12]), profile(tree, [7])]);
    expect(split.ms.get('decode')).toBe(2);
    expect(split.ms.get('features')).toBe(1);
    const stages = new Set(STAGE_OF_MODULE.map(([, stage]) => stage));
    for (const stage of ['read', 'markup preparation', 'decode', 'segment', 'features', 'model passes', 'selection', 'metadata', 'serialise']) {
      expect(stages.has(stage)).toBe(true);
    }
  });
});

test.describe("renderer phases from DevTools' Performance metrics", () => {
  test('a phase is the difference of two cumulative readings, in ms; counters that went down give 0', () => {
    const before = new Map([
      ['TaskDuration', 1.0],
      ['RecalcStyleDuration', 0.2],
      ['LayoutDuration', 0.3],
      ['ScriptDuration', 0.1],
      ['V8CompileDuration', 0.01],
      ['DevToolsCommandDuration', 0.05],
      ['TaskOtherDuration', 0.34],
      ['ThreadTime', 1.1],
      ['ProcessTime', 2.0],
    ]);
    const after = new Map([
      ['TaskDuration', 1.5],
      ['RecalcStyleDuration', 0.25],
      ['LayoutDuration', 0.45],
      ['ScriptDuration', 0.3],
      ['V8CompileDuration', 0.02],
      ['DevToolsCommandDuration', 0.05],
      ['TaskOtherDuration', 0.32],
      ['ThreadTime', 1.65],
      ['ProcessTime', 2.1],
    ]);
    const phase = phaseBetween(before, after);
    expect(phase.taskMs).toBeCloseTo(500, 6);
    expect(phase.styleMs).toBeCloseTo(50, 6);
    expect(phase.layoutMs).toBeCloseTo(150, 6);
    // Script 200 ms + compilation 10 ms.
    expect(phase.scriptMs).toBeCloseTo(210, 6);
    expect(phase.devtoolsMs).toBe(0);
    expect(phase.otherMs).toBe(0);
    expect(phase.threadMs).toBeCloseTo(550, 6);
    expect(phase.processMs).toBeCloseTo(100, 6);
  });
});
