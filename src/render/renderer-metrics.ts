/**
 * Where a renderer's time goes, page by page (issue 26, item 1), from DevTools' Performance
 * domain: its counters are cumulative per renderer, so a phase (the load, the snapshot) is the
 * difference of two readings. Durations are the renderer main thread's CPU time
 * (`timeDomain: 'threadTicks'`); `processMs` is the whole renderer process's (every thread).
 *
 * Chromium splits each main-thread task's time into exclusive parts: style recalculation,
 * layout, script, V8 compilation, DevTools commands, and the rest (`TaskOtherDuration`: HTML
 * parsing among it). A document written in place (Page.setDocumentContent) is parsed inside a
 * DevTools command, and the snapshot's collector runs inside one (Runtime.evaluate), so the
 * DevTools part of the load is parsing and that of the snapshot is the collector's walk.
 *
 * Only for benchmarks (`RenderSessionOptions.rendererMetrics`): three DevTools round trips a page.
 */
import type { CDPSession, Page } from 'playwright';

/** One phase of a page in the renderer, milliseconds of CPU. */
export interface RendererPhase {
  /** Main-thread task time, all of it (the sum of the parts below). */
  taskMs: number;
  styleMs: number;
  layoutMs: number;
  /** Page script and V8 compilation. */
  scriptMs: number;
  /** Inside DevTools commands (document writes, evaluations), less the style, layout and script they caused. */
  devtoolsMs: number;
  /** The rest of the main thread's tasks: HTML parsing of navigated documents, events, timers. */
  otherMs: number;
  /** The main thread's CPU time, tasks and idle-time work. */
  threadMs: number;
  /** The whole renderer process's CPU time (10 ms resolution). */
  processMs: number;
}

/** What the render session records of a page when asked (`RenderedPage.timings.renderer`). */
export interface RendererTimings {
  load: RendererPhase;
  snapshot: RendererPhase;
}

type Reading = Map<string, number>;

/** A page's Performance domain, enabled once per worker page. */
export class RendererMetrics {
  private constructor(private readonly session: CDPSession) {}

  static async attach(page: Page): Promise<RendererMetrics> {
    const session = await page.context().newCDPSession(page);
    await session.send('Performance.enable', { timeDomain: 'threadTicks' });
    return new RendererMetrics(session);
  }

  async read(): Promise<Reading> {
    const { metrics } = await this.session.send('Performance.getMetrics');
    return new Map(metrics.map((metric) => [metric.name, metric.value]));
  }
}

/** The phase between two readings of one renderer. Pure. */
export function phaseBetween(before: Reading, after: Reading): RendererPhase {
  const ms = (name: string): number => Math.max(0, ((after.get(name) ?? 0) - (before.get(name) ?? 0)) * 1000);
  return {
    taskMs: ms('TaskDuration'),
    styleMs: ms('RecalcStyleDuration'),
    layoutMs: ms('LayoutDuration'),
    scriptMs: ms('ScriptDuration') + ms('V8CompileDuration'),
    devtoolsMs: ms('DevToolsCommandDuration'),
    otherMs: ms('TaskOtherDuration'),
    threadMs: ms('ThreadTime'),
    processMs: ms('ProcessTime'),
  };
}
