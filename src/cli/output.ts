/** Formatting extraction results for stdout and JSON Lines. */
import type { ExtractionResult } from '../extract/extract.js';
import type { BudgetCut } from '../extract/page-budget.js';
import { toRecord } from '../record/index.js';
import { PAGE_TYPES } from '../score/page-type.js';

export { toRecord };

export type OutputFormat = 'text' | 'json' | 'markdown' | 'html';

/**
 * What `--format` prints to stdout for one result: JSON, the record (one line); text, Markdown
 * and HTML, the title and then the body — the record's `text`, `markdown` and `html` hold the
 * body alone, the title being its own field.
 */
export function formatResult(result: ExtractionResult, format: OutputFormat, many: boolean): string {
  if (format === 'json') return JSON.stringify(toRecord(result));
  const header = many ? `==> ${result.input} <==\n` : '';
  if (result.status === 'error') return `${header}error (${result.error.code}): ${result.error.message}\n`;
  if (result.status === 'none') return `${header}no article: ${result.reason}\n`;
  const a = result.article;
  switch (format) {
    case 'markdown':
      return `${header}${a.title ? `# ${a.title}\n\n` : ''}${a.markdown}\n`;
    case 'html':
      return `${header}<article>\n${a.title ? `<h1>${escape(a.title)}</h1>\n` : ''}${a.html}\n</article>\n`;
    default:
      return `${header}${a.title ? `${a.title}\n\n` : ''}${a.text}\n`;
  }
}

function escape(text: string): string {
  return text.replace(/&/gu, '&amp;').replace(/</gu, '&lt;').replace(/>/gu, '&gt;');
}

/**
 * What was cut, in a few words: "3 subtrees (41,200 nodes), 1 text shortened (5.9 M chars),
 * 31,744 deep wrapper tags dropped".
 */
export function describeCuts(cuts: readonly BudgetCut[]): string {
  const parts: string[] = [];
  const of = (kind: BudgetCut['kind']): BudgetCut[] => cuts.filter((c) => c.kind === kind);
  const sum = (list: readonly BudgetCut[], key: 'nodes' | 'chars' | 'count'): number => list.reduce((s, c) => s + c[key], 0);
  const n = (value: number): string => value.toLocaleString('en');
  const subtrees = of('subtree');
  const texts = of('text');
  const time = of('time');
  if (time.length > 0) {
    const timeText = time.filter((c) => c.nodes === 0);
    const timeNodes = time.filter((c) => c.nodes > 0);
    parts.push(
      `cut before rendering for the time budget: ${[
        timeNodes.length > 0 ? `${n(sum(timeNodes, 'nodes'))} elements of ${timeNodes.length} long list${timeNodes.length > 1 ? 's' : ''}/table${timeNodes.length > 1 ? 's' : ''}` : '',
        timeText.length > 0 ? `${n(sum(timeText, 'chars'))} chars of long text or style` : '',
      ].filter(Boolean).join(' and ')}`,
    );
  }
  if (subtrees.length > 0) parts.push(`${subtrees.length} subtree${subtrees.length > 1 ? 's' : ''} (${n(sum(subtrees, 'nodes'))} nodes)`);
  if (texts.length > 0) parts.push(`${texts.length} text${texts.length > 1 ? 's' : ''} shortened (${n(sum(texts, 'chars'))} chars)`);
  const depth = of('depth');
  if (depth.length > 0) parts.push(`${n(sum(depth, 'count'))} wrapper tags nested too deep dropped`);
  const runs = of('inline-run');
  if (runs.length > 0) parts.push(`${n(sum(runs, 'count'))} line breaks put into long inline runs`);
  return parts.join(', ');
}

/** The `--summary` table: one line per input. */
export function summaryTable(results: readonly ExtractionResult[], elapsedMs: number): string {
  const rows = results.map((r) => {
    const status = r.status === 'article' ? 'ok' : r.status;
    const detail =
      r.status === 'article'
        ? `${r.article.wordCount} words · ${r.article.language ?? '?'} · ${r.article.pageType.type} ${r.article.pageType.confidence.toFixed(2)} · ${truncate(r.article.title ?? '(no title)', 50)}`
        : r.status === 'none'
          ? r.reason
          : `${r.error.code}: ${truncate(r.error.message, 70)}`;
    const cut = r.status !== 'error' && r.cuts ? ` · cut: ${describeCuts(r.cuts)}` : '';
    return `${status.padEnd(6)} ${String(Math.round(r.timingsMs.totalMs)).padStart(6)} ms  ${truncate(r.input, 48).padEnd(48)}  ${detail}${cut}`;
  });
  const bodies = results.flatMap((r) => (r.status === 'article' ? [r.article.pageType.type] : []));
  const byType = PAGE_TYPES.filter((t) => t === 'article' || bodies.includes(t)).map((t) => `${bodies.filter((b) => b === t).length} ${t}`).join(', ');
  const none = results.filter((r) => r.status === 'none').length;
  const failed = results.filter((r) => r.status === 'error').length;
  const seconds = elapsedMs / 1000;
  const footer =
    `${results.length} inputs: ${bodies.length} bodies (${byType}), ${none} without one, ${failed} failed · ` +
    `${seconds.toFixed(1)} s · ${(results.length / Math.max(seconds, 1e-9)).toFixed(2)} pages/s · ` +
    `${(elapsedMs / Math.max(results.length, 1)).toFixed(0)} ms/page`;
  return [...rows, footer, ...stageLine(results)].join('\n') + '\n';
}

/** Median and p95 of each stage over the inputs that got that far: where the time goes. */
function stageLine(results: readonly ExtractionResult[]): string[] {
  const stages = [
    ['read', 'loadMs'],
    ['render', 'renderMs'],
    ['snapshot', 'snapshotMs'],
    ['extract', 'extractMs'],
  ] as const;
  const rendered = results.filter((r) => r.timingsMs.renderMs > 0);
  if (rendered.length === 0) return [];
  const at = (values: number[], q: number): number => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.max(1, Math.ceil(q * sorted.length)) - 1]!;
  };
  const parts = stages.map(([name, key]) => {
    const values = rendered.map((r) => r.timingsMs[key]);
    return `${name} ${Math.round(at(values, 0.5))}/${Math.round(at(values, 0.95))}`;
  });
  return [`stages (median/p95 ms over ${rendered.length} rendered): ${parts.join(' · ')}`];
}

function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
