/**
 * Bench reports that are text: JSON (the `BenchRun` as is) and Markdown for the terminal.
 * Pure: no I/O. The HTML report is in `report-html.ts`.
 */
import { aggregate, meanWordF1 } from './metrics.js';
import type { BenchPageResult, BenchRun, SystemSummary } from './runner.js';

export function jsonReport(run: BenchRun): string {
  return `${JSON.stringify(run, null, 2)}\n`;
}

/**
 * Pages in report order: those where broadsheet loses to the peer first (largest loss first),
 * then the rest by broadsheet's F1, lowest first. Without a peer, by broadsheet's F1.
 */
export function pagesInReportOrder(run: BenchRun): BenchPageResult[] {
  const margin = (p: BenchPageResult): number => p.broadsheet.score.f1 - (p.readability?.score.f1 ?? p.broadsheet.score.f1);
  return [...run.pages].sort((a, b) => {
    const la = margin(a) < 0;
    const lb = margin(b) < 0;
    if (la !== lb) return la ? -1 : 1;
    if (la) return margin(a) - margin(b) || a.id.localeCompare(b.id);
    return a.broadsheet.score.f1 - b.broadsheet.score.f1 || a.id.localeCompare(b.id);
  });
}

/** Pages where broadsheet's F1 is below the peer's. */
export function losingPages(run: BenchRun): BenchPageResult[] {
  return run.pages.filter((p) => p.readability !== undefined && p.broadsheet.score.f1 < p.readability.score.f1);
}

export function fixed(value: number, digits = 3): string {
  return value.toFixed(digits);
}

export function withSpread(value: number, std: number): string {
  return `${fixed(value)} ± ${fixed(std)}`;
}

export function systemsOf(run: BenchRun): SystemSummary[] {
  return run.systems.readability ? [run.systems.broadsheet, run.systems.readability] : [run.systems.broadsheet];
}

function memoryCell(s: SystemSummary): string {
  const own = `${fixed(s.memory.peakProcessRssMb, 0)} MiB`;
  return s.name === 'broadsheet' && s.memory.peakChildrenRssMb !== null ? `${own} + ${fixed(s.memory.peakChildrenRssMb, 0)} MiB Chromium` : own;
}

function table(header: string[], rows: string[][]): string {
  const line = (cells: string[]): string => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

/** The figures per system, one row each. */
export function summaryTable(run: BenchRun): string {
  return table(
    ['system', 'P', 'R', 'F1', 'word F1', 'accuracy', 'ms/page median', 'ms/page p95', 'pages/s', 'peak memory', 'ok / none / error'],
    systemsOf(run).map((s) => [
      `${s.name} ${s.version}${s.concurrency > 1 ? ` (×${s.concurrency})` : ''}`,
      withSpread(s.scores.precision, s.scores.precisionStd),
      withSpread(s.scores.recall, s.scores.recallStd),
      withSpread(s.scores.f1, s.scores.f1Std),
      fixed(s.wordF1),
      withSpread(s.scores.accuracy, s.scores.accuracyStd),
      fixed(s.msMedian, 0),
      fixed(s.msP95, 0),
      fixed(s.pagesPerSecond, 2),
      memoryCell(s),
      `${s.ok} / ${s.none} / ${s.errors}`,
    ]),
  );
}

/**
 * Figures per page type, for collections that label their pages (WCXB): each system's 4-gram F1
 * (AEB's metric) and WCXB's word F1 (mean per page) side by side, so the figures sit next to
 * WCXB's published table. Null when no page has a type.
 */
export function typeTable(run: BenchRun): string | null {
  const types = [...new Set(run.pages.flatMap((p) => (p.pageType !== undefined ? [p.pageType] : [])))].sort();
  if (types.length === 0) return null;
  const peer = run.systems.readability !== undefined;
  const row = (name: string, pages: readonly BenchPageResult[]): string[] => {
    const cells = [name, String(pages.length), fixed(aggregate(pages.map((p) => p.broadsheet.score), { bootstrapSamples: 0 }).f1), fixed(meanWordF1(pages.map((p) => ({ f1: p.broadsheet.wordF1 }))))];
    if (peer) {
      const r = pages.flatMap((p) => (p.readability ? [p.readability] : []));
      cells.push(fixed(aggregate(r.map((x) => x.score), { bootstrapSamples: 0 }).f1), fixed(meanWordF1(r.map((x) => ({ f1: x.wordF1 })))));
    }
    return cells;
  };
  return table(
    ['page type', 'pages', 'broadsheet 4-gram F1', 'broadsheet word F1', ...(peer ? ['Readability 4-gram F1', 'Readability word F1'] : [])],
    [...types.map((t) => row(t, run.pages.filter((p) => p.pageType === t))), row('all', run.pages)],
  );
}

/** broadsheet pages/s ÷ Readability pages/s, when both ran. */
export function speedRatio(run: BenchRun): number | null {
  const peer = run.systems.readability;
  return peer && peer.pagesPerSecond > 0 ? run.systems.broadsheet.pagesPerSecond / peer.pagesPerSecond : null;
}

/** One row of where broadsheet's time goes: a part, who spends it, its mean per page. */
export interface TimeSplitRow {
  part: string;
  /** `Node` (the main thread or a page-work thread), `Chromium` (its renderer), or `wall` (waiting included). */
  where: 'Node' | 'Chromium' | 'wall';
  meanMs: number;
}

/**
 * Where broadsheet's time goes, as means per page over the pages that got that far: Node's parts
 * (read, markup preparation, and extraction by stage; wall time in its threads, which is CPU
 * there) and Chromium's renderer (CPU by kind of work, from DevTools' Performance metrics, in
 * the load and the snapshot), with the load and the snapshot as wall time. Pure; null when no
 * page has stages.
 */
export function timeSplit(run: BenchRun): TimeSplitRow[] | null {
  const stages = run.pages.map((p) => p.broadsheet.stages).filter((s) => s !== undefined);
  if (stages.length === 0) return null;
  const mean = (pick: (s: (typeof stages)[number]) => number | undefined): number | null => {
    const values = stages.map(pick).filter((v): v is number => v !== undefined && Number.isFinite(v));
    return values.length === 0 ? null : values.reduce((a, b) => a + b, 0) / values.length;
  };
  const rows: TimeSplitRow[] = [];
  const add = (part: string, where: TimeSplitRow['where'], value: number | null): void => {
    if (value !== null) rows.push({ part, where, meanMs: value });
  };
  add('read the saved file', 'Node', mean((s) => s.readMs));
  add('markup preparation', 'Node', mean((s) => s.prepareMs));
  for (const part of ['tree', 'segment', 'score', 'select', 'article'] as const) add(`extract: ${part}`, 'Node', mean((s) => s.extract?.[part]));
  add('load: parse and other (DevTools commands, events)', 'Chromium', mean((s) => (s.renderer ? s.renderer.load.devtoolsMs + s.renderer.load.otherMs : undefined)));
  add('load: style', 'Chromium', mean((s) => s.renderer?.load.styleMs));
  add('load: layout', 'Chromium', mean((s) => s.renderer?.load.layoutMs));
  add('snapshot: the in-page walk', 'Chromium', mean((s) => (s.renderer ? s.renderer.snapshot.devtoolsMs + s.renderer.snapshot.scriptMs : undefined)));
  add('snapshot: style, layout and other', 'Chromium', mean((s) => (s.renderer ? s.renderer.snapshot.styleMs + s.renderer.snapshot.layoutMs + s.renderer.snapshot.otherMs : undefined)));
  add('renderer process, all threads (load + snapshot)', 'Chromium', mean((s) => (s.renderer ? s.renderer.load.processMs + s.renderer.snapshot.processMs : undefined)));
  add('load (from the write or navigation to `load`)', 'wall', mean((s) => s.loadMs));
  add('snapshot (to its text in Node)', 'wall', mean((s) => s.snapshotMs));
  add('extract (in a page-work thread, with the hop)', 'wall', mean((s) => s.extractMs));
  return rows;
}

/** The time split as a Markdown table. */
function timeSplitTable(rows: readonly TimeSplitRow[]): string {
  return [
    '| part | where | mean ms/page |',
    '| --- | --- | ---: |',
    ...rows.map((r) => `| ${r.part} | ${r.where} | ${fixed(r.meanMs, 1)} |`),
  ].join('\n');
}

/** How to read the time split (report.md and report.html). */
export const TIME_SPLIT_LEGEND =
  "Node's parts are wall time in the thread that runs them (its CPU on a quiet machine; on a loaded one also the time the thread waited for a core); Chromium's are its renderer's CPU from DevTools' Performance metrics (a page written into a reused document is parsed inside a DevTools command, so its parse is under 'parse and other'); the renderer process row adds its other threads. The browser process (DevTools traffic, the network service) is not in these rows: `npm run bench:speed -- --split` measures it, and `--whole-process --profile` splits Node's CPU from V8 profiles.";

/** Failed or empty pages of both systems, with their reasons. */
export function failures(run: BenchRun): Array<{ id: string; system: string; status: string; reason: string }> {
  const out: Array<{ id: string; system: string; status: string; reason: string }> = [];
  for (const p of run.pages) {
    for (const [system, r] of [['broadsheet', p.broadsheet], ['readability', p.readability]] as const) {
      if (r && r.status !== 'ok') out.push({ id: p.id, system, status: r.status, reason: r.reason ?? '' });
    }
  }
  return out;
}

export function markdownReport(run: BenchRun): string {
  const b = run.systems.broadsheet;
  const parts: string[] = [];
  parts.push(`# broadsheet bench: ${run.corpus.name} (${run.pages.length} pages, tokenizer ${run.corpus.tokenization})`);
  parts.push(summaryTable(run));
  const ratio = speedRatio(run);
  const speed = ratio === null ? '' : ` Speed ratio broadsheet ÷ Readability: ${fixed(ratio, 2)}×.`;
  const st = b.stageMedians;
  const p95 = b.stageP95;
  parts.push(
    `F1 is 2PR/(P+R) of the corpus means; accuracy is the share of pages whose extracted text is exactly the ground truth, token for token; ± is the bootstrap standard deviation (${b.scores.bootstrapSamples} samples, seed ${b.scores.seed}).${speed}` +
      (st ? ` broadsheet median stages: read ${fixed(st.readMs, 1)} ms, load ${fixed(st.loadMs, 0)} ms, snapshot ${fixed(st.snapshotMs, 0)} ms, extract ${fixed(st.extractMs, 1)} ms.` : '') +
      (p95 ? ` p95: read ${fixed(p95.readMs, 1)} ms, load ${fixed(p95.loadMs, 0)} ms, snapshot ${fixed(p95.snapshotMs, 0)} ms, extract ${fixed(p95.extractMs, 1)} ms.` : ''),
  );
  const split = timeSplit(run);
  if (split !== null) {
    parts.push('## Where the time goes (broadsheet, mean per page)');
    parts.push(timeSplitTable(split));
    parts.push(TIME_SPLIT_LEGEND);
  }
  const byType = typeTable(run);
  if (byType !== null) {
    parts.push("## Per page type: AEB's 4-gram F1 and WCXB's word F1 (lower-cased `\\w+` words, F1 per page, averaged)");
    parts.push(byType);
  }
  if (run.stored.length > 0) {
    parts.push('## Published outputs of other systems, same pages, same metric');
    parts.push(
      table(
        ['system', 'P', 'R', 'F1', 'empty pages', 'broadsheet wins / ties / losses'],
        [...run.stored]
          .sort((x, y) => y.scores.f1 - x.scores.f1)
          .map((s) => [
            `${s.system}${s.version ? ` ${s.version}` : ''}`,
            withSpread(s.scores.precision, s.scores.precisionStd),
            withSpread(s.scores.recall, s.scores.recallStd),
            withSpread(s.scores.f1, s.scores.f1Std),
            String(s.empty),
            `${s.wins} / ${s.ties} / ${s.losses}`,
          ]),
      ),
    );
  }
  const peer = run.systems.readability !== undefined;
  const losing = losingPages(run).length;
  parts.push(peer ? `## Pages (${losing} where broadsheet loses, listed first)` : '## Pages (lowest F1 first)');
  parts.push(
    table(
      peer ? ['page', 'broadsheet F1', 'Readability F1', 'Δ', 'broadsheet ms', 'Readability ms', 'note'] : ['page', 'broadsheet F1', 'broadsheet ms', 'note'],
      pagesInReportOrder(run).map((p) => {
        const note = [p.broadsheet.status !== 'ok' ? `broadsheet ${p.broadsheet.status}` : '', p.readability && p.readability.status !== 'ok' ? `readability ${p.readability.status}` : '']
          .filter(Boolean)
          .join('; ');
        return peer && p.readability
          ? [p.id, fixed(p.broadsheet.score.f1), fixed(p.readability.score.f1), fixed(p.broadsheet.score.f1 - p.readability.score.f1), fixed(p.broadsheet.ms, 0), fixed(p.readability.ms, 0), note]
          : [p.id, fixed(p.broadsheet.score.f1), fixed(p.broadsheet.ms, 0), note];
      }),
    ),
  );
  const failed = failures(run);
  if (failed.length > 0) {
    parts.push('## Failures and empty pages (scored as misses)');
    parts.push(failed.map((f) => `- ${f.id} — ${f.system} ${f.status}: ${f.reason}`).join('\n'));
  }
  if (run.corpus.skipped.length > 0) {
    parts.push(`## Skipped by the corpus\n${run.corpus.skipped.map((s) => `- ${s.id}: ${s.reason}`).join('\n')}`);
  }
  parts.push(`## Notes\n${run.notes.map((n) => `- ${n}`).join('\n')}`);
  return `${parts.join('\n\n')}\n`;
}
