/**
 * The HTML bench report: one self-contained file (inline CSS, inline SVG plots, no scripts)
 * with the summary, a per-page F1 scatter of broadsheet against Readability, a speed bar chart,
 * the per-page table, the worst pages' `--explain` screenshots and the failures. Pure: no I/O;
 * screenshots are embedded as data: URLs when the caller reads them (`readImage`), else linked
 * relative to `reportDir`.
 */
import { relative, sep } from 'node:path';
import { failures, fixed, pagesInReportOrder, speedRatio, systemsOf, timeSplit, TIME_SPLIT_LEGEND, withSpread } from './report.js';
import type { BenchRun } from './runner.js';

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const PLOT = { size: 320, pad: 40 } as const;

/**
 * The square F1 window the scatter shows: from a little below the lowest F1 of either system
 * (rounded down to a step) up to 1, the same on both axes so the diagonal stays the tie line.
 * Most pages score above 0.9; a fixed 0–1 window piled them into one corner.
 */
export function scatterDomain(values: readonly number[]): { lo: number; step: number } {
  const min = values.length > 0 ? Math.min(...values) : 0;
  const steps = [0.01, 0.02, 0.05, 0.1, 0.25] as const;
  // Four to five tick intervals over the window.
  for (const step of steps) {
    const lo = Math.max(0, Math.floor((min - step / 2) / step) * step);
    if ((1 - lo) / step <= 5) return { lo: Number(lo.toFixed(2)), step };
  }
  return { lo: 0, step: 0.25 };
}

/** broadsheet F1 (y) against Readability F1 (x), one dot per page; the diagonal is a tie. */
export function scatterSvg(run: BenchRun): string {
  const { size, pad } = PLOT;
  const span = size - 2 * pad;
  const paired = run.pages.filter((p) => p.readability !== undefined);
  const { lo, step } = scatterDomain(paired.flatMap((p) => [p.broadsheet.score.f1, p.readability!.score.f1]));
  const scale = (v: number): number => (Math.max(lo, v) - lo) / (1 - lo);
  const x = (v: number): number => pad + scale(v) * span;
  const y = (v: number): number => size - pad - scale(v) * span;
  const dots = paired.map((p) => {
    const b = p.broadsheet.score.f1;
    const r = p.readability!.score.f1;
    const cls = b < r ? 'lose' : b > r ? 'win' : 'tie';
    return `<circle class="${cls}" cx="${fixed(x(r), 1)}" cy="${fixed(y(b), 1)}" r="4"><title>${escapeHtml(p.id)}: broadsheet ${fixed(b)}, Readability ${fixed(r)}</title></circle>`;
  });
  const tickValues: number[] = [];
  for (let t = lo; t <= 1 + 1e-9; t += step) tickValues.push(Number(t.toFixed(2)));
  const ticks = tickValues
    .map((t) => `<text x="${fixed(x(t), 1)}" y="${size - pad + 16}" text-anchor="middle">${t.toFixed(2)}</text><text x="${pad - 6}" y="${fixed(y(t) + 4, 1)}" text-anchor="end">${t.toFixed(2)}</text>`)
    .join('');
  return `<svg class="scatter" viewBox="0 0 ${size} ${size}" width="${size}" height="${size}" role="img" aria-label="per-page F1, broadsheet against Readability" data-domain="${lo} 1">
<rect x="${pad}" y="${pad}" width="${span}" height="${span}" class="frame"/>
<line x1="${x(lo)}" y1="${y(lo)}" x2="${x(1)}" y2="${y(1)}" class="diag"/>
${ticks}
<text x="${size / 2}" y="${size - 6}" text-anchor="middle">Readability F1</text>
<text x="12" y="${size / 2}" text-anchor="middle" transform="rotate(-90 12 ${size / 2})">broadsheet F1</text>
${dots.join('\n')}
</svg>`;
}

/** Horizontal bars: pages/s, and median ms/page, for each system. */
export function speedSvg(run: BenchRun): string {
  const systems = systemsOf(run);
  const width = 520;
  const label = 150;
  const barMax = width - label - 90;
  const rowHeight = 26;
  const groups: Array<{ title: string; unit: string; values: number[] }> = [
    { title: 'pages per second (higher is faster)', unit: 'pages/s', values: systems.map((s) => s.pagesPerSecond) },
    { title: 'median ms per page (lower is faster)', unit: 'ms', values: systems.map((s) => s.msMedian) },
  ];
  let yPos = 0;
  const parts: string[] = [];
  for (const group of groups) {
    yPos += 20;
    parts.push(`<text x="0" y="${yPos}" class="group">${escapeHtml(group.title)}</text>`);
    const max = Math.max(...group.values, 1e-9);
    systems.forEach((s, i) => {
      yPos += rowHeight;
      const value = group.values[i] ?? 0;
      const w = Math.max(1, (value / max) * barMax);
      parts.push(
        `<text x="0" y="${yPos - 8}">${escapeHtml(s.name)}</text>` +
          `<rect class="bar ${s.name}" x="${label}" y="${yPos - 20}" width="${fixed(w, 1)}" height="16"><title>${escapeHtml(s.name)}: ${fixed(value, 2)} ${group.unit}</title></rect>` +
          `<text x="${fixed(label + w + 6, 1)}" y="${yPos - 8}">${fixed(value, group.unit === 'ms' ? 0 : 2)} ${group.unit}</text>`,
      );
    });
    yPos += 10;
  }
  return `<svg class="speed" viewBox="0 0 ${width} ${yPos}" width="${width}" height="${yPos}" role="img" aria-label="speed comparison">${parts.join('')}</svg>`;
}

const CSS = `
body{font:14px/1.45 system-ui,sans-serif;margin:2rem;color:#222;max-width:1200px}
table{border-collapse:collapse;margin:1rem 0}th,td{border:1px solid #ccc;padding:.25rem .5rem;text-align:right}
th:first-child,td:first-child{text-align:left}tr.lose td{background:#fde8e8}td.reason{text-align:left;color:#555}
.plots{display:flex;gap:2rem;flex-wrap:wrap;align-items:flex-start}
svg text{font-size:11px;fill:#333}svg .group{font-weight:600}
.frame{fill:none;stroke:#999}.diag{stroke:#999;stroke-dasharray:4 3}
circle.win{fill:#2a9d4b}circle.lose{fill:#d33}circle.tie{fill:#888}
rect.bar.broadsheet{fill:#3563c9}rect.bar.readability{fill:#e08a1e}
figure{margin:1rem 0}figure img{max-width:100%;border:1px solid #ccc}
.notes{color:#555}
`;

export interface HtmlReportOptions {
  /** Directory the report is written to; screenshot links are relative to it when not embedded. */
  reportDir: string;
  /**
   * The bytes of a screenshot (PNG), to embed it as a data: URL so report.html stands alone;
   * undefined (or no reader) links the file relative to `reportDir` instead.
   */
  readImage?: (path: string) => Buffer | undefined;
}

/** What the summary's columns mean, shown under the table (metrics.ts, steps 5–9). */
export const SUMMARY_LEGEND =
  'P, R, F1: token-shingle precision, recall and F1 of the extracted text against the ground truth, averaged over pages (F1 from the two means). ' +
  'accuracy: the share of pages whose extracted text is exactly the ground truth, token for token. ± is the bootstrap standard deviation over pages.';

export function htmlReport(run: BenchRun, options: HtmlReportOptions): string {
  const peer = run.systems.readability !== undefined;
  const summaryRows = systemsOf(run)
    .map(
      (s) =>
        `<tr><td>${escapeHtml(`${s.name} ${s.version}`)}${s.concurrency > 1 ? ` (×${s.concurrency})` : ''}</td><td>${withSpread(s.scores.precision, s.scores.precisionStd)}</td><td>${withSpread(s.scores.recall, s.scores.recallStd)}</td><td>${withSpread(s.scores.f1, s.scores.f1Std)}</td><td>${withSpread(s.scores.accuracy, s.scores.accuracyStd)}</td><td>${fixed(s.msMedian, 0)}</td><td>${fixed(s.msP95, 0)}</td><td>${fixed(s.pagesPerSecond, 2)}</td><td>${fixed(s.memory.peakProcessRssMb, 0)}${s.memory.peakChildrenRssMb !== null && s.name === 'broadsheet' ? ` + ${fixed(s.memory.peakChildrenRssMb, 0)} (Chromium)` : ''}</td><td>${s.ok} / ${s.none} / ${s.errors}</td></tr>`,
    )
    .join('\n');
  const storedRows = [...run.stored]
    .sort((x, y) => y.scores.f1 - x.scores.f1)
    .map(
      (s) =>
        `<tr><td>${escapeHtml(`${s.system}${s.version ? ` ${s.version}` : ''}`)}</td><td>${withSpread(s.scores.precision, s.scores.precisionStd)}</td><td>${withSpread(s.scores.recall, s.scores.recallStd)}</td><td>${withSpread(s.scores.f1, s.scores.f1Std)}</td><td>${s.empty}</td><td>${s.wins} / ${s.ties} / ${s.losses}</td></tr>`,
    )
    .join('\n');
  const ratio = speedRatio(run);
  const st = run.systems.broadsheet.stageMedians;
  const pageRows = pagesInReportOrder(run)
    .map((p) => {
      const r = p.readability;
      const lose = r !== undefined && p.broadsheet.score.f1 < r.score.f1;
      const reasons = [p.broadsheet.status !== 'ok' ? `broadsheet ${p.broadsheet.status}: ${p.broadsheet.reason ?? ''}` : '', r && r.status !== 'ok' ? `readability ${r.status}: ${r.reason ?? ''}` : '']
        .filter(Boolean)
        .join('; ');
      const peerCells = r ? `<td>${fixed(r.score.f1)}</td><td>${fixed(p.broadsheet.score.f1 - r.score.f1)}</td>` : peer ? '<td></td><td></td>' : '';
      const peerMs = peer ? `<td>${r ? fixed(r.ms, 0) : ''}</td>` : '';
      return `<tr class="page${lose ? ' lose' : ''}" data-id="${escapeHtml(p.id)}"><td>${escapeHtml(p.id)}</td><td>${fixed(p.broadsheet.score.precision)}</td><td>${fixed(p.broadsheet.score.recall)}</td><td>${fixed(p.broadsheet.score.f1)}</td>${peerCells}<td>${fixed(p.broadsheet.ms, 0)}</td>${peerMs}<td class="reason">${escapeHtml(reasons)}</td></tr>`;
    })
    .join('\n');
  const shots = run.pages
    .filter((p) => p.screenshot !== undefined)
    .sort((a, b) => a.broadsheet.score.f1 - b.broadsheet.score.f1)
    .map((p) => {
      const bytes = options.readImage?.(p.screenshot!);
      const href = bytes ? `data:image/png;base64,${bytes.toString('base64')}` : relative(options.reportDir, p.screenshot!).split(sep).join('/');
      return `<figure><figcaption>${escapeHtml(p.id)} — broadsheet F1 ${fixed(p.broadsheet.score.f1)}${p.readability ? `, Readability ${fixed(p.readability.score.f1)}` : ''}</figcaption><img src="${escapeHtml(href)}" alt="visual units of ${escapeHtml(p.id)}" loading="lazy"></figure>`;
    })
    .join('\n');
  const split = timeSplit(run);
  const splitRows = (split ?? []).map((r) => `<tr><td>${escapeHtml(r.part)}</td><td>${r.where}</td><td>${fixed(r.meanMs, 1)}</td></tr>`).join('\n');
  const failed = failures(run);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>broadsheet bench: ${escapeHtml(run.corpus.name)}</title><style>${CSS}</style></head>
<body>
<h1>broadsheet bench: ${escapeHtml(run.corpus.name)}</h1>
<p>${run.pages.length} pages from <code>${escapeHtml(run.corpus.dir)}</code>, tokenizer <code>${run.corpus.tokenization}</code>, run ${escapeHtml(run.startedAt)} on ${run.machine.cpus} CPU(s), Node ${escapeHtml(run.machine.node)}.</p>
<h2>Summary</h2>
<table class="summary"><thead><tr><th>system</th><th>P</th><th>R</th><th>F1</th><th>accuracy</th><th>ms/page median</th><th>ms/page p95</th><th>pages/s</th><th>peak RSS MiB</th><th>ok / none / error</th></tr></thead><tbody>
${summaryRows}
</tbody></table>
<p class="notes">${escapeHtml(SUMMARY_LEGEND)}</p>
<p>${ratio !== null ? `Speed ratio broadsheet ÷ Readability: <strong>${fixed(ratio, 2)}×</strong>. ` : ''}${st ? `broadsheet median stages: read ${fixed(st.readMs, 1)} ms, load/render ${fixed(st.loadMs, 0)} ms, snapshot ${fixed(st.snapshotMs, 0)} ms, extract ${fixed(st.extractMs, 1)} ms.` : ''}</p>
${storedRows ? `<h2>Published outputs of other systems (same pages, same metric)</h2>
<table class="summary"><thead><tr><th>system</th><th>P</th><th>R</th><th>F1</th><th>empty pages</th><th>broadsheet wins / ties / losses</th></tr></thead><tbody>
${storedRows}
</tbody></table>` : ''}
${split ? `<h2>Where the time goes (broadsheet, mean per page)</h2>
<table class="split"><thead><tr><th>part</th><th>where</th><th>mean ms/page</th></tr></thead><tbody>
${splitRows}
</tbody></table>
<p class="notes">${escapeHtml(TIME_SPLIT_LEGEND)}</p>` : ''}
<div class="plots">
${peer ? `<figure><figcaption>Per-page F1 (above the diagonal: broadsheet better)</figcaption>${scatterSvg(run)}</figure>` : ''}
<figure><figcaption>Speed</figcaption>${speedSvg(run)}</figure>
</div>
<h2>Pages${peer ? ' (where broadsheet loses first)' : ' (lowest F1 first)'}</h2>
<table class="pages"><thead><tr><th>page</th><th>P</th><th>R</th><th>broadsheet F1</th>${peer ? '<th>Readability F1</th><th>Δ F1</th>' : ''}<th>broadsheet ms</th>${peer ? '<th>Readability ms</th>' : ''}<th>failure</th></tr></thead><tbody>
${pageRows}
</tbody></table>
${shots ? `<h2>Worst broadsheet pages: visual units (--explain)</h2>\n${shots}` : ''}
${failed.length > 0 ? `<h2>Failures and empty pages (scored as misses)</h2><ul class="failures">${failed.map((f) => `<li>${escapeHtml(f.id)} — ${f.system} ${f.status}: ${escapeHtml(f.reason)}</li>`).join('')}</ul>` : ''}
<h2>Notes</h2><ul class="notes">${run.notes.map((n) => `<li>${escapeHtml(n)}</li>`).join('')}</ul>
</body></html>
`;
}
