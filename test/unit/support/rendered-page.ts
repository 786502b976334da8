/**
 * Fake renderers' pages: a synthetic snapshot in the form the render session hands over (the
 * collector's JSON text, to be decoded and extracted in a page-work thread), and one shared
 * page-work pool per test process. Its idle threads do not keep the process alive, so it is
 * never closed (tests of one file may run in any order, on any worker, fullyParallel).
 */
import { PageWorkPool } from '../../../src/page-work/index.js';
import { packLayout } from '../../../src/render/in-page/pack-layout.js';
import { startPageClock } from '../../../src/render/page-clock.js';
import type { RenderedPage } from '../../../src/render/index.js';
import type { LayoutSnapshot } from '../../../src/types.js';

let shared: PageWorkPool | undefined;

export function testPageWork(): PageWorkPool {
  shared ??= new PageWorkPool({ size: 2 });
  return shared;
}

export function renderedPageOf(snapshot: LayoutSnapshot, finalUrl: string, httpStatus: number | null = 200, budgetMs = 10_000): RenderedPage {
  return {
    snapshot,
    snapshotText: JSON.stringify(packLayout({ ok: true, snapshot })),
    snapshotPatch: {},
    clock: startPageClock(budgetMs),
    finalUrl,
    httpStatus,
    refusedRequests: 0,
    writtenInPlace: false,
    timings: { prepareMs: 0, loadMs: 0, snapshotMs: 0 },
    cuts: [],
    screenshot: async () => undefined,
  };
}
