/**
 * The lab report: the experiments' results as JSON, and one self-contained HTML page (inline
 * CSS and SVG, no scripts) with the harvest curves, coverage over the crawl, the 11-point
 * precision–recall curves, the bandit totals and the recrawl table. Pure.
 */
import { escapeHtml } from '../bench/report-html.js';
import type { BanditExperiment, HarvestExperiment, RecrawlExperiment } from './experiments.js';

export interface LabReport {
  createdAt: string;
  command: string;
  harvest?: HarvestExperiment;
  bandits?: BanditExperiment;
  recrawl?: RecrawlExperiment;
}

const COLOURS: Record<string, string> = { bfs: '#777', similarity: '#0b5394', hits: '#b3001b' };
const fixed = (v: number, digits = 3): string => (Number.isFinite(v) ? v.toFixed(digits) : '–');

interface Series {
  name: string;
  points: Array<{ x: number; y: number }>;
}

/** A line chart: x from 0 to the largest x, y from 0 to 1. */
export function lineChart(title: string, series: Series[], xLabel: string, yLabel: string): string {
  const width = 420;
  const height = 260;
  const pad = 40;
  const xMax = Math.max(1, ...series.flatMap((s) => s.points.map((p) => p.x)));
  const x = (v: number): number => pad + (v / xMax) * (width - 2 * pad);
  const y = (v: number): number => height - pad - v * (height - 2 * pad);
  const lines = series
    .map((s) => {
      const d = s.points.map((p) => `${fixed(x(p.x), 1)},${fixed(y(p.y), 1)}`).join(' ');
      return `<polyline class="series" data-series="${escapeHtml(s.name)}" fill="none" stroke="${COLOURS[s.name] ?? '#38761d'}" stroke-width="2" points="${d}"><title>${escapeHtml(s.name)}</title></polyline>`;
    })
    .join('\n');
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((t) => `<text x="${pad - 6}" y="${y(t) + 4}" text-anchor="end">${t}</text>`).join('');
  const legend = series.map((s, i) => `<text x="${width - pad}" y="${pad + 14 * i}" text-anchor="end" fill="${COLOURS[s.name] ?? '#38761d'}">${escapeHtml(s.name)}</text>`).join('');
  return `<figure><svg class="chart" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-label="${escapeHtml(title)}">
<rect x="${pad}" y="${pad}" width="${width - 2 * pad}" height="${height - 2 * pad}" class="frame"/>
${ticks}<text x="${pad}" y="${height - pad + 16}">0</text><text x="${width - pad}" y="${height - pad + 16}" text-anchor="end">${xMax}</text>
<text x="${width / 2}" y="${height - 6}" text-anchor="middle">${escapeHtml(xLabel)}</text>
<text x="12" y="${height / 2}" text-anchor="middle" transform="rotate(-90 12 ${height / 2})">${escapeHtml(yLabel)}</text>
${lines}
${legend}
</svg><figcaption>${escapeHtml(title)}</figcaption></figure>`;
}

function harvestSection(h: HarvestExperiment): string {
  const parts: string[] = [`<h2>Harvest, precision–recall and coverage (budget ${h.budget} pages)</h2>`];
  parts.push(`<table><tr><th>site</th><th>policy</th><th>harvest@100</th><th>harvest@300</th><th>precision</th><th>recall</th><th>quantity cov.</th><th>PageRank top-M</th><th>HITS top-M</th><th>s</th></tr>`);
  for (const run of h.runs) {
    const last = run.coverage[run.coverage.length - 1];
    parts.push(
      `<tr><td>${escapeHtml(run.site)}</td><td>${run.policy}</td><td>${fixed(run.harvestAt100)}</td><td>${fixed(run.harvestAt300)}</td><td>${fixed(run.precision)}</td><td>${fixed(run.recall)}</td><td>${fixed(last?.quantity ?? 0)}</td><td>${fixed(last?.pageRank ?? 0)}</td><td>${fixed(last?.hits ?? 0)}</td><td>${fixed(run.seconds, 1)}</td></tr>`,
    );
  }
  parts.push('</table>');
  for (const site of h.sites) {
    const runs = h.runs.filter((r) => r.site === site.site);
    parts.push(`<h3>${escapeHtml(site.site)}</h3><p>${escapeHtml(site.description)}; ${site.targets} targets; coverage over ${site.reachablePages} reachable pages (sample ${site.sampleSize}, top-M = ${site.topM}).</p><div class="charts">`);
    parts.push(lineChart(`${site.site}: harvest rate`, runs.map((r) => ({ name: r.policy, points: r.curve.map((p) => ({ x: p.pages, y: p.value })) })), 'pages fetched', 'targets / pages'));
    parts.push(lineChart(`${site.site}: 11-point interpolated precision–recall`, runs.map((r) => ({ name: r.policy, points: r.elevenPoint.map((p, i) => ({ x: i / 10, y: p })) })), 'recall', 'precision'));
    parts.push(lineChart(`${site.site}: quality coverage (PageRank top-M)`, runs.map((r) => ({ name: r.policy, points: r.coverage.map((c) => ({ x: c.pages, y: c.pageRank })) })), 'pages fetched', 'share held'));
    parts.push(lineChart(`${site.site}: quantity coverage (uniform sample)`, runs.map((r) => ({ name: r.policy, points: r.coverage.map((c) => ({ x: c.pages, y: c.quantity })) })), 'pages fetched', 'share held'));
    parts.push('</div>');
  }
  return parts.join('\n');
}

function banditSection(b: BanditExperiment): string {
  const rows = b.summary.map((s) => `<tr><td>${s.family}</td><td>${s.rule.toUpperCase()}</td><td>${fixed(s.meanReward, 1)}</td><td>${fixed(s.ratioToR1, 2)}</td></tr>`).join('');
  return `<h2>Bandit allocation (N = ${b.budget} pages over ${b.sitesPerFamily} sites, step ${b.step}, ${b.seeds.length} seeds)</h2>
<p>Total reward S<sub>R</sub>(N) = external links found, mean over seeds of sites.</p>
<table><tr><th>family</th><th>rule</th><th>mean S<sub>R</sub>(N)</th><th>÷ R1</th></tr>${rows}</table>`;
}

function recrawlSection(r: RecrawlExperiment): string {
  const blocks = r.budgets.map((b) => {
    const oracle = b.results.find((x) => x.scheduler.startsWith('oracle'))?.qShare ?? NaN;
    const rows = b.results
      .map(
        (x) =>
          `<tr><td>${escapeHtml(x.scheduler)}</td><td>${x.checks}</td><td>${fixed(100 * x.qShare, 1)} %</td><td>${fixed((100 * x.qShare) / oracle, 1)} %</td><td>${fixed(100 * x.qAfterShare, 1)} %</td><td>${fixed(100 * x.qBeforeShare, 1)} %</td><td>${x.found} / ${x.published}</td><td>${fixed(x.medianLagMin, 1)}</td><td>${fixed(x.p90LagMin, 1)}</td></tr>`,
      )
      .join('');
    return `<h3>${b.roundTimeSec} s of checks per round</h3>
<table><tr><th>scheduler</th><th>checks</th><th>Q ÷ fresh</th><th>Q ÷ oracle</th><th>after rounds</th><th>before rounds</th><th>found</th><th>median lag (min)</th><th>p90 lag (min)</th></tr>${rows}</table>`;
  });
  return `<h2>Recrawl over a simulated day (${r.pages} pages, a round every ${r.roundEveryMin} min)</h2>
<p>Q: the index's information value (Σ log(actual + 1) − log(deleted + 1) over pages) as a share of the value of an index holding every page as it is now (“fresh”), averaged over the day (sampled every simulated minute); “after rounds” and “before rounds” are the same share taken only just after and just before the checks. “Q ÷ oracle”: the time-averaged Q over that of a clairvoyant scheduler that, with the same check time, checks the pages whose check adds the most Q — the attainable maximum with this budget. Lag: publication → the check that finds the article on a front.</p>
${blocks.join('\n')}`;
}

export function labHtml(report: LabReport): string {
  const body = [
    report.harvest ? harvestSection(report.harvest) : '',
    report.bandits ? banditSection(report.bandits) : '',
    report.recrawl ? recrawlSection(report.recrawl) : '',
  ].join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>broadsheet lab — crawl policies</title>
<style>body{font:15px/1.5 system-ui,sans-serif;margin:24px;color:#111}table{border-collapse:collapse;margin:8px 0 16px}
td,th{border:1px solid #ccc;padding:3px 8px;text-align:right}th{background:#f3f3f3}td:first-child,td:nth-child(2){text-align:left}
.charts{display:flex;flex-wrap:wrap;gap:12px}figure{margin:0}svg text{font-size:11px}.frame{fill:none;stroke:#bbb}</style></head>
<body><h1>broadsheet lab — crawl policies against breadth-first</h1>
<p>${escapeHtml(report.createdAt)} · <code>${escapeHtml(report.command)}</code></p>
${body}
</body></html>
`;
}
