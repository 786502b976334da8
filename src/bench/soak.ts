/**
 * The soak (issue 21): every real page the project has (AEB, WCXB-dev, the samples) through
 * `extract` in one run, summarised from each result's `timingsMs`. Pure: records in, figures,
 * text and a self-contained HTML report (inline CSS and SVG, no scripts) out; scripts/soak.ts
 * does the reading, the run and the writing.
 *
 * A page passes when it ends within its time budget plus the margin (`totalMs`) with an
 * article, a `none` or a typed error; an error whose code is `internal` is one the pipeline
 * did not type (describeError's code for anything that is not a BroadsheetError).
 */
import { escapeHtml } from './report-html.js';
import { quantile } from './runner.js';

/**
 * Time a page may run past its `--time-budget` before the soak and the fuzz tests count it as
 * over: the budget covers the load and the snapshot, the rest of a page's work (reading the
 * file, preparing the markup, extraction, waiting for the next step) comes on top. Issue 21
 * (item 8) asks the product to state its own margin; until it does, this is the bound checked.
 */
export const BUDGET_MARGIN_MS = 2_000;

/** Stages of a result's `timingsMs`, in pipeline order; `other` is the total less the four. */
export const SOAK_STAGES = ['loadMs', 'renderMs', 'snapshotMs', 'extractMs', 'otherMs', 'totalMs'] as const;
export type SoakStage = (typeof SOAK_STAGES)[number];

export interface SoakPage {
  corpus: string;
  id: string;
  /** The page's size, unpacked. */
  bytes: number;
  status: 'article' | 'none' | 'error';
  /** The error's code, for status 'error'. */
  code?: string;
  /** Cuts the budget made (markup, snapshot or time). */
  cuts: number;
  timings: Record<SoakStage, number>;
}

export interface SoakSummary {
  pages: number;
  wallMs: number;
  budgetMs: number;
  marginMs: number;
  byCorpus: Array<{ corpus: string; pages: number; articles: number; none: number; errors: number }>;
  errorsByCode: Record<string, number>;
  /** Pages past budget + margin. */
  overBudget: SoakPage[];
  /** Errors that are not typed (code 'internal'). */
  untyped: SoakPage[];
  slowest: SoakPage[];
  /** p50, p99 and max per stage, ms. */
  stages: Record<SoakStage, { p50: number; p99: number; max: number }>;
  /** Total ms per MB of page, overall (Σ ms ÷ Σ MB) and by size band (median of the pages'). */
  msPerMb: { overall: number; bands: Array<{ band: string; pages: number; medianMs: number; medianMsPerMb: number; p99Ms: number }> };
}

/** Page-size bands of the ms/MB table, upper bounds in bytes. */
const SIZE_BANDS: Array<{ band: string; below: number }> = [
  { band: '< 100 KB', below: 100 * 1024 },
  { band: '100–300 KB', below: 300 * 1024 },
  { band: '300 KB–1 MB', below: 1024 * 1024 },
  { band: '1–3 MB', below: 3 * 1024 * 1024 },
  { band: '≥ 3 MB', below: Number.POSITIVE_INFINITY },
];

const MB = 1024 * 1024;

export function isOverBudget(page: Pick<SoakPage, 'timings'>, budgetMs: number, marginMs: number): boolean {
  return budgetMs > 0 && page.timings.totalMs > budgetMs + marginMs;
}

/** Whether a result's error is one the pipeline typed (any code but describeError's 'internal'). */
export function isTypedError(code: string | undefined): boolean {
  return code !== undefined && code !== 'internal';
}

export function summarizeSoak(pages: readonly SoakPage[], run: { wallMs: number; budgetMs: number; marginMs: number; slowest?: number }): SoakSummary {
  const corpora = [...new Set(pages.map((p) => p.corpus))];
  const errorsByCode: Record<string, number> = {};
  for (const p of pages) if (p.status === 'error') errorsByCode[p.code ?? 'internal'] = (errorsByCode[p.code ?? 'internal'] ?? 0) + 1;
  const stages = Object.fromEntries(
    SOAK_STAGES.map((stage) => {
      const values = pages.map((p) => p.timings[stage]);
      return [stage, { p50: quantile(values, 0.5), p99: quantile(values, 0.99), max: values.length ? Math.max(...values) : 0 }];
    }),
  ) as SoakSummary['stages'];
  const sized = pages.filter((p) => p.bytes > 0);
  const totalMb = sized.reduce((s, p) => s + p.bytes / MB, 0);
  const bands = SIZE_BANDS.map((band, i) => {
    const low = i === 0 ? 0 : SIZE_BANDS[i - 1]!.below;
    const inBand = sized.filter((p) => p.bytes >= low && p.bytes < band.below);
    return {
      band: band.band,
      pages: inBand.length,
      medianMs: quantile(inBand.map((p) => p.timings.totalMs), 0.5),
      medianMsPerMb: quantile(inBand.map((p) => p.timings.totalMs / (p.bytes / MB)), 0.5),
      p99Ms: quantile(inBand.map((p) => p.timings.totalMs), 0.99),
    };
  }).filter((b) => b.pages > 0);
  return {
    pages: pages.length,
    wallMs: run.wallMs,
    budgetMs: run.budgetMs,
    marginMs: run.marginMs,
    byCorpus: corpora.map((corpus) => {
      const of = pages.filter((p) => p.corpus === corpus);
      return { corpus, pages: of.length, articles: of.filter((p) => p.status === 'article').length, none: of.filter((p) => p.status === 'none').length, errors: of.filter((p) => p.status === 'error').length };
    }),
    errorsByCode,
    overBudget: pages.filter((p) => isOverBudget(p, run.budgetMs, run.marginMs)),
    untyped: pages.filter((p) => p.status === 'error' && !isTypedError(p.code)),
    slowest: [...pages].sort((a, b) => b.timings.totalMs - a.timings.totalMs).slice(0, run.slowest ?? 10),
    stages,
    msPerMb: { overall: totalMb > 0 ? sized.reduce((s, p) => s + p.timings.totalMs, 0) / totalMb : 0, bands },
  };
}

const ms = (v: number): string => v.toFixed(0);
const kb = (bytes: number): string => (bytes / 1024).toFixed(0);
const stageCells = (p: SoakPage): string[] => SOAK_STAGES.map((s) => ms(p.timings[s]));

/** The summary as plain text, for the terminal. */
export function soakText(s: SoakSummary): string {
  const lines: string[] = [];
  lines.push(`pages ${s.pages} in ${(s.wallMs / 1000).toFixed(0)} s wall (${((s.pages * 1000) / Math.max(1, s.wallMs)).toFixed(2)} pages/s); budget ${s.budgetMs} ms + margin ${s.marginMs} ms`);
  for (const c of s.byCorpus) lines.push(`  ${c.corpus}: ${c.pages} pages, ${c.articles} articles, ${c.none} none, ${c.errors} errors`);
  const codes = Object.entries(s.errorsByCode).sort((a, b) => b[1] - a[1]);
  lines.push(`errors by code: ${codes.length ? codes.map(([c, n]) => `${c} ×${n}`).join(', ') : 'none'}`);
  lines.push(`over budget + margin: ${s.overBudget.length}${s.overBudget.length ? ` (${s.overBudget.map((p) => `${p.corpus}/${p.id} ${ms(p.timings.totalMs)} ms`).join(', ')})` : ''}`);
  lines.push(`untyped errors: ${s.untyped.length}${s.untyped.length ? ` (${s.untyped.map((p) => `${p.corpus}/${p.id}`).join(', ')})` : ''}`);
  lines.push('');
  lines.push(`slowest ${s.slowest.length} pages (ms):`);
  lines.push(['page', 'KB', 'status', ...SOAK_STAGES.map((st) => st.replace(/Ms$/u, ''))].join('\t'));
  for (const p of s.slowest) lines.push([`${p.corpus}/${p.id}`, kb(p.bytes), p.status === 'error' ? `error ${p.code}` : p.status + (p.cuts ? ` (${p.cuts} cuts)` : ''), ...stageCells(p)].join('\t'));
  lines.push('');
  lines.push(['stage (ms)', 'p50', 'p99', 'max'].join('\t'));
  for (const st of SOAK_STAGES) lines.push([st.replace(/Ms$/u, ''), ms(s.stages[st].p50), ms(s.stages[st].p99), ms(s.stages[st].max)].join('\t'));
  lines.push('');
  lines.push(`ms per MB of page (total time): overall ${ms(s.msPerMb.overall)} (Σ ms ÷ Σ MB)`);
  lines.push(['size', 'pages', 'median ms', 'p99 ms', 'median ms/MB'].join('\t'));
  for (const b of s.msPerMb.bands) lines.push([b.band, String(b.pages), ms(b.medianMs), ms(b.p99Ms), ms(b.medianMsPerMb)].join('\t'));
  return lines.join('\n');
}

const PLOT = { width: 640, height: 400, pad: 50 } as const;
const CORPUS_COLOURS = ['#3563c9', '#e08a1e', '#2a9d4b', '#9b3fc1', '#d33'];

/** Total ms (y, log) against page size (x, log), one dot per page; the budget as a line. */
export function sizeTimeSvg(pages: readonly SoakPage[], budgetMs: number, marginMs: number): string {
  const { width, height, pad } = PLOT;
  const minKb = 1;
  // Half a decade of headroom on each axis, so that the extreme pages sit inside the frame.
  const maxKb = 1.5 * Math.max(10, ...pages.map((p) => p.bytes / 1024));
  const minMs = 10;
  const maxMs = 1.5 * Math.max(1_000, budgetMs + marginMs, ...pages.map((p) => p.timings.totalMs));
  const lx = (kbValue: number): number => pad + ((Math.log10(Math.max(minKb, kbValue)) - Math.log10(minKb)) / (Math.log10(maxKb) - Math.log10(minKb))) * (width - 2 * pad);
  const ly = (msValue: number): number => height - pad - ((Math.log10(Math.max(minMs, msValue)) - Math.log10(minMs)) / (Math.log10(maxMs) - Math.log10(minMs))) * (height - 2 * pad);
  const corpora = [...new Set(pages.map((p) => p.corpus))];
  const colour = (c: string): string => CORPUS_COLOURS[corpora.indexOf(c) % CORPUS_COLOURS.length]!;
  const dots = pages.map(
    (p) =>
      `<circle cx="${lx(p.bytes / 1024).toFixed(1)}" cy="${ly(p.timings.totalMs).toFixed(1)}" r="2.5" fill="${p.status === 'error' ? '#d33' : colour(p.corpus)}" fill-opacity="0.6"><title>${escapeHtml(`${p.corpus}/${p.id}: ${kb(p.bytes)} KB, ${ms(p.timings.totalMs)} ms, ${p.status}${p.code ? ` ${p.code}` : ''}`)}</title></circle>`,
  );
  const xTicks = [1, 10, 100, 1_000, 10_000].filter((t) => t <= maxKb * 1.01).map((t) => `<text x="${lx(t)}" y="${height - pad + 16}" text-anchor="middle">${t >= 1000 ? `${t / 1000} MB` : `${t} KB`}</text>`);
  const yTicks = [10, 100, 1_000, 10_000, 100_000].filter((t) => t <= maxMs * 1.01).map((t) => `<text x="${pad - 6}" y="${ly(t) + 4}" text-anchor="end">${t >= 1000 ? `${t / 1000} s` : `${t} ms`}</text>`);
  const budget =
    budgetMs > 0
      ? `<line x1="${pad}" x2="${width - pad}" y1="${ly(budgetMs + marginMs)}" y2="${ly(budgetMs + marginMs)}" stroke="#d33" stroke-dasharray="5 4"/><text x="${width - pad}" y="${ly(budgetMs + marginMs) - 4}" text-anchor="end" fill="#d33">budget + margin ${ms(budgetMs + marginMs)} ms</text>`
      : '';
  const legend = corpora.map((c, i) => `<circle cx="${pad + 10 + i * 110}" cy="14" r="4" fill="${colour(c)}"/><text x="${pad + 18 + i * 110}" y="18">${escapeHtml(c)}</text>`).join('');
  return `<svg viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-label="total time against page size">
<rect x="${pad}" y="${pad}" width="${width - 2 * pad}" height="${height - 2 * pad}" fill="none" stroke="#999"/>
${xTicks.join('')}${yTicks.join('')}${budget}${legend}
<text x="${width / 2}" y="${height - 8}" text-anchor="middle">page size (log)</text>
<text x="14" y="${height / 2}" text-anchor="middle" transform="rotate(-90 14 ${height / 2})">total ms (log)</text>
${dots.join('\n')}
</svg>`;
}

/** The report: summary, the size–time plot, stage and size tables, the slowest pages, failures. */
export function soakHtml(pages: readonly SoakPage[], s: SoakSummary, meta: { command: string; date: string; machine: string }): string {
  const row = (cells: string[]): string => `<tr>${cells.map((c) => `<td>${c}</td>`).join('')}</tr>`;
  const head = (cells: string[]): string => `<tr>${cells.map((c) => `<th>${c}</th>`).join('')}</tr>`;
  const stageNames = SOAK_STAGES.map((st) => st.replace(/Ms$/u, ''));
  const failures = [...s.overBudget.map((p) => ({ p, why: `over budget + margin (${ms(p.timings.totalMs)} ms)` })), ...s.untyped.map((p) => ({ p, why: 'untyped error' }))];
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>broadsheet soak</title><style>
body{font:14px/1.45 system-ui,sans-serif;margin:2rem;color:#222;max-width:1100px}
table{border-collapse:collapse;margin:1rem 0}th,td{border:1px solid #ccc;padding:.25rem .5rem;text-align:right}
th:first-child,td:first-child{text-align:left}svg text{font-size:11px;fill:#333}.bad{color:#d33;font-weight:600}.notes{color:#555}
</style></head><body>
<h1>broadsheet soak</h1>
<p class="notes">${escapeHtml(meta.date)} · ${escapeHtml(meta.machine)} · <code>${escapeHtml(meta.command)}</code></p>
<p>${s.pages} pages in ${(s.wallMs / 1000).toFixed(0)} s wall; budget ${s.budgetMs} ms + margin ${s.marginMs} ms.
<span class="${s.overBudget.length ? 'bad' : ''}">Over budget: ${s.overBudget.length}.</span> <span class="${s.untyped.length ? 'bad' : ''}">Untyped errors: ${s.untyped.length}.</span></p>
<table>${head(['corpus', 'pages', 'articles', 'none', 'errors'])}${s.byCorpus.map((c) => row([escapeHtml(c.corpus), String(c.pages), String(c.articles), String(c.none), String(c.errors)])).join('')}</table>
<p>Errors by code: ${Object.entries(s.errorsByCode).map(([c, n]) => `${escapeHtml(c)} ×${n}`).join(', ') || 'none'}</p>
<h2>Total time against page size</h2>
${sizeTimeSvg(pages, s.budgetMs, s.marginMs)}
<h2>Stages (ms)</h2>
<table>${head(['stage', 'p50', 'p99', 'max'])}${SOAK_STAGES.map((st, i) => row([stageNames[i]!, ms(s.stages[st].p50), ms(s.stages[st].p99), ms(s.stages[st].max)])).join('')}</table>
<h2>ms per MB</h2>
<p>Overall ${ms(s.msPerMb.overall)} ms/MB (Σ total ms ÷ Σ MB).</p>
<table>${head(['size', 'pages', 'median ms', 'p99 ms', 'median ms/MB'])}${s.msPerMb.bands.map((b) => row([b.band, String(b.pages), ms(b.medianMs), ms(b.p99Ms), ms(b.medianMsPerMb)])).join('')}</table>
<h2>Slowest ${s.slowest.length} pages (ms)</h2>
<table>${head(['page', 'KB', 'status', ...stageNames])}${s.slowest.map((p) => row([escapeHtml(`${p.corpus}/${p.id}`), kb(p.bytes), escapeHtml(p.status === 'error' ? `error ${p.code}` : p.status + (p.cuts ? ` (${p.cuts} cuts)` : '')), ...stageCells(p)])).join('')}</table>
<h2>Failures</h2>
${failures.length ? `<table>${head(['page', 'why'])}${failures.map(({ p, why }) => row([escapeHtml(`${p.corpus}/${p.id}`), escapeHtml(why)])).join('')}</table>` : '<p>None.</p>'}
</body></html>
`;
}
