/**
 * How the cost of a page grows with its size (issue 14): for each page shape, pages of growing
 * size are generated (an article, then the hostile part), rendered and extracted; each stage's
 * time is printed as ms per 1,000 nodes (elements + text nodes in the snapshot) at each size.
 * A stage that is linear keeps a flat column; a cliff shows as a column that grows.
 *
 *   npm run bench:scale -- [--shapes wide,deep,text,table,styles] [--sizes 1000,4000,16000,64000] [--repeat 2] [--time-budget 0]
 *
 * `--time-budget` is the per-page time budget of the render (0, the default here: none, so
 * that a cliff shows as time rather than as a page cut down; 10000 is what `extract` uses).
 *
 * Costs are CPU time, not wall time: on a shared machine wall times of the same page varied
 * fivefold between runs, CPU times by a few per cent. `chromium` is the CPU of every Chromium
 * process (load, layout and the snapshot), `node` the CPU of this process while the page
 * rendered (the wire form parsed and rebuilt), then each pure stage as `extractFromSnapshot`
 * runs it. The unit of size ("k") is 1,000 snapshot nodes or 100,000 characters of text,
 * whichever is more, so that the one-text-node page is measured by its length.
 * Each cell is the cheapest of `--repeat` runs.
 */
import { answerHelp } from './help.js';
import { parseArgs } from 'node:util';
import { extractFromSnapshot } from '../src/extract/from-snapshot.js';
import { RenderSession } from '../src/render/session.js';
import { chromiumCpuMs } from '../src/testing/process-tree.js';
import type { LayoutSnapshot } from '../src/types.js';
import { buildLayoutTree } from '../src/segment/tree.js';
import { segment } from '../src/segment/visual-units.js';
import { scoreUnits } from '../src/score/score-units.js';
import { DEFAULT_SCORE_WEIGHTS, normalizeWeights } from '../src/score/weights.js';
import { pageBlocks, blockFeatures } from '../src/score/block-features.js';
import { selectBody } from '../src/score/select.js';
import { DEFAULT_SELECT_PARAMS } from '../src/score/select-params.js';
import { decidePageType, pageTypeFeatures } from '../src/score/page-type.js';
import { bodyHtml } from '../src/extract/content-html.js';
import { toMarkdown } from '../src/extract/markdown.js';
import { readMetadata } from '../src/extract/metadata.js';

answerHelp(import.meta.url);

const { values } = parseArgs({
  options: {
    shapes: { type: 'string', default: 'wide,deep,text,table,styles' },
    sizes: { type: 'string', default: '1000,4000,16000,64000' },
    repeat: { type: 'string', default: '2' },
    'snapshot-timeout': { type: 'string', default: '120000' },
    'time-budget': { type: 'string', default: '0' },
  },
});

const BODY = Array.from({ length: 10 }, (_, i) => `<p>Paragraph ${i}: the council met on Tuesday and agreed the new budget after a long debate about roads, schools and the harbour.</p>`).join('');
const page = (before: string, after: string, head = ''): string =>
  `<!doctype html><html><head><title>Council agrees budget</title>${head}</head><body>${before}<article><h1>Council agrees budget</h1>${BODY}</article>${after}</body></html>`;

/** Each shape makes a page with about `n` hostile nodes. */
const SHAPES: Record<string, (n: number) => string> = {
  /** Many siblings: a list of n/2 items with a link each (~n nodes: li, a, text). */
  wide: (n) => page('', `<ul>${'<li><a href="/x">More news today</a></li>'.repeat(Math.round(n / 3))}</ul>`),
  /** Deep nesting: n/2 divs around the article (each a div and a whitespace text node). */
  deep: (n) => page('<div>\n'.repeat(Math.round(n / 2)), '</div>'.repeat(Math.round(n / 2))),
  /** One long text node of n × 100 characters after the article. */
  text: (n) => page('', `<div>${'lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor incididunt ut labore '.repeat(n)}</div>`),
  /** A table of n/2 cells (100 columns). */
  table: (n) => {
    const cells = Math.round(n / 2);
    const row = `<tr>${'<td>42.0</td>'.repeat(100)}</tr>`;
    return page('', `<table>${row.repeat(Math.max(1, Math.round(cells / 100)))}</table>`);
  },
  /** n/2 elements each with its own class and CSS rule (the style engine's worst case). */
  styles: (n) => {
    const count = Math.round(n / 2);
    const css = Array.from({ length: count }, (_, i) => `.c${i}{margin:${i % 7}px;color:#${(i % 4096).toString(16).padStart(3, '0')}}`).join('');
    return page('', Array.from({ length: count }, (_, i) => `<span class="c${i}">x</span>`).join(''), `<style>${css}</style>`);
  },
};

const STAGES = ['tree', 'segment', 'score', 'blocks', 'features', 'select', 'pageType', 'html', 'markdown', 'metadata'] as const;
type Stage = (typeof STAGES)[number];

interface Cell {
  nodes: number;
  chars: number;
  chromiumCpuMs: number;
  renderCpuMs: number;
  stages: Record<Stage, number>;
  /** CPU of extractFromSnapshot with the default page budget (what `extract` spends). */
  budgetedCpuMs: number;
  /** Nodes the budget removed. */
  cutNodes: number;
  status: string;
}

const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/**
 * The pure stages one by one, as extractFromSnapshot runs them (select includes blocks and
 * features again: it computes them itself; they are timed apart to show which part grows).
 */
function stageCosts(snapshot: LayoutSnapshot): Record<Stage, number> {
  const t = Object.fromEntries(STAGES.map((k) => [k, 0])) as Record<Stage, number>;
  let last = cpuMs();
  const lap = (stage: Stage): void => {
    const now = cpuMs();
    t[stage] += now - last;
    last = now;
  };
  const tree = buildLayoutTree(snapshot);
  lap('tree');
  const units = segment(tree);
  lap('segment');
  const scored = scoreUnits(units, snapshot, normalizeWeights(DEFAULT_SCORE_WEIGHTS));
  lap('score');
  const blocks = pageBlocks(tree, scored);
  lap('blocks');
  blockFeatures(tree, scored, blocks);
  lap('features');
  const selection = selectBody(tree, scored, DEFAULT_SELECT_PARAMS);
  lap('select');
  if (selection.kind !== 'article') return t;
  decidePageType(pageTypeFeatures(tree, snapshot, selection.pageBlocks), DEFAULT_SELECT_PARAMS.pageType);
  lap('pageType');
  const html = bodyHtml(tree, selection.bodyBlocks, selection.containerId, () => false);
  lap('html');
  toMarkdown(html);
  lap('markdown');
  readMetadata(snapshot, selection.blocks.join('\n\n'));
  lap('metadata');
  return t;
}

const total = (c: Cell): number => c.chromiumCpuMs + c.renderCpuMs + STAGES.reduce((sum, k) => sum + c.stages[k], 0);

async function measure(session: RenderSession, html: string, repeat: number): Promise<Cell> {
  let best: Cell | null = null;
  for (let r = 0; r < repeat; r++) {
    try {
      const chromiumBefore = chromiumCpuMs();
      const nodeBefore = cpuMs();
      const cell = await session.render(
        { kind: 'html', bytes: Buffer.from(html), url: 'http://saved.invalid/scale.html', label: 'scale' },
        async (p) => {
          const chromium = chromiumCpuMs() - chromiumBefore;
          const render = cpuMs() - nodeBefore;
          const budgetedFrom = cpuMs();
          const result = extractFromSnapshot(p.snapshot);
          const budgetedCpuMs = cpuMs() - budgetedFrom;
          const cutNodes = result.explanation.cuts.reduce((sum, cut) => sum + cut.nodes, 0);
          let chars = 0;
          for (const node of p.snapshot.nodes) if (node.kind === 'text') chars += node.text.length;
          return { nodes: p.snapshot.nodes.length, chars, chromiumCpuMs: chromium, renderCpuMs: render, stages: stageCosts(p.snapshot), budgetedCpuMs, cutNodes, status: result.kind };
        },
        { snapshotTimeoutMs: Number(values['snapshot-timeout']), navigationTimeoutMs: 120_000, timeBudgetMs: Number(values['time-budget']) },
      );
      if (!best || total(cell) < total(best)) best = cell;
    } catch (error) {
      const stages = Object.fromEntries(STAGES.map((k) => [k, 0])) as Record<Stage, number>;
      return { nodes: 0, chars: 0, chromiumCpuMs: 0, renderCpuMs: 0, stages, budgetedCpuMs: 0, cutNodes: 0, status: (error as { code?: string }).code ?? 'error' };
    }
  }
  return best!;
}

/** Size in "k": thousands of nodes or hundreds of thousands of characters, whichever is more. */
const sizeK = (c: Cell): number => Math.max(c.nodes / 1000, c.chars / 100_000);
const perK = (ms: number, c: Cell, width = 9): string => (c.nodes > 0 ? (ms / sizeK(c)).toFixed(1) : '-').padStart(width);

async function main(): Promise<void> {
  const session = await RenderSession.launch({ concurrency: 1 });
  const sizes = values.sizes!.split(',').map(Number);
  const repeat = Number(values.repeat);
  try {
    console.log('CPU ms per k (k = 1,000 nodes or 100,000 characters, whichever is more); the stages run without a budget,');
    console.log('"budgeted" is extractFromSnapshot with the default page budget (page-budget.ts), "cut" the nodes it removed');
    console.log(`shape   target   nodes  kchars  html_kB  chromium     node${STAGES.map((k) => k.padStart(9)).join('')}   pure budgeted  total_cpu_ms    cut  result`);
    for (const shape of values.shapes!.split(',')) {
      const make = SHAPES[shape];
      if (!make) throw new Error(`unknown shape ${shape}; known: ${Object.keys(SHAPES).join(', ')}`);
      for (const size of sizes) {
        const html = make(size);
        const c = await measure(session, html, repeat);
        const pure = STAGES.reduce((sum, k) => sum + c.stages[k], 0);
        console.log(
          `${shape.padEnd(7)} ${String(size).padStart(6)} ${String(c.nodes).padStart(7)} ${String(Math.round(c.chars / 1000)).padStart(7)} ${String(Math.round(html.length / 1024)).padStart(8)}` +
            `${perK(c.chromiumCpuMs, c, 10)}${perK(c.renderCpuMs, c)}${STAGES.map((k) => perK(c.stages[k], c)).join('')}${perK(pure, c, 7)}${perK(c.budgetedCpuMs, c)} ${total(c).toFixed(0).padStart(13)} ${String(c.cutNodes).padStart(6)}  ${c.status}`,
        );
      }
    }
  } finally {
    await session.close();
  }
}

await main();
