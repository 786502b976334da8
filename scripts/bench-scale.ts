/**
 * How the cost of a page grows with its size (issue 14): for each page shape, pages of growing
 * size are generated (an article, then the hostile part), rendered and extracted; each stage's
 * time is printed as ms per 1,000 nodes (elements + text nodes in the snapshot) at each size.
 * A stage that is linear keeps a flat ms/1k-nodes column; a cliff shows as a column that grows.
 *
 *   npm run bench:scale -- [--shapes wide,deep,text,table,styles] [--sizes 1000,4000,16000,64000] [--repeat 2]
 *
 * Each cell is the fastest of `--repeat` runs (the machine is shared; the minimum is the cost).
 */
import { parseArgs } from 'node:util';
import { extractFromSnapshot } from '../src/extract/from-snapshot.js';
import { RenderSession } from '../src/render/session.js';

const { values } = parseArgs({
  options: {
    shapes: { type: 'string', default: 'wide,deep,text,table,styles' },
    sizes: { type: 'string', default: '1000,4000,16000,64000' },
    repeat: { type: 'string', default: '2' },
    'snapshot-timeout': { type: 'string', default: '120000' },
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

interface Cell {
  nodes: number;
  loadMs: number;
  snapshotMs: number;
  extractMs: number;
  status: string;
}

async function measure(session: RenderSession, html: string, repeat: number): Promise<Cell> {
  let best: Cell | null = null;
  for (let r = 0; r < repeat; r++) {
    try {
      const cell = await session.render(
        { kind: 'html', bytes: Buffer.from(html), url: 'http://saved.invalid/scale.html', label: 'scale' },
        async (p) => {
          const t0 = performance.now();
          const result = extractFromSnapshot(p.snapshot);
          const extractMs = performance.now() - t0;
          return { nodes: p.snapshot.nodes.length, loadMs: p.timings.loadMs, snapshotMs: p.timings.snapshotMs, extractMs, status: result.kind };
        },
        { snapshotTimeoutMs: Number(values['snapshot-timeout']), navigationTimeoutMs: 120_000 },
      );
      if (!best || cell.loadMs + cell.snapshotMs + cell.extractMs < best.loadMs + best.snapshotMs + best.extractMs) best = cell;
    } catch (error) {
      return { nodes: 0, loadMs: 0, snapshotMs: 0, extractMs: 0, status: (error as { code?: string }).code ?? 'error' };
    }
  }
  return best!;
}

const perK = (ms: number, nodes: number): string => (nodes > 0 ? ((ms * 1000) / nodes).toFixed(2) : '-').padStart(9);

async function main(): Promise<void> {
  const session = await RenderSession.launch({ concurrency: 1 });
  const sizes = values.sizes!.split(',').map(Number);
  const repeat = Number(values.repeat);
  try {
    console.log('shape   target   nodes   html_kB  load/1k  snap/1k  extract/1k  total_ms  result');
    for (const shape of values.shapes!.split(',')) {
      const make = SHAPES[shape];
      if (!make) throw new Error(`unknown shape ${shape}; known: ${Object.keys(SHAPES).join(', ')}`);
      for (const size of sizes) {
        const html = make(size);
        const c = await measure(session, html, repeat);
        const total = c.loadMs + c.snapshotMs + c.extractMs;
        console.log(
          `${shape.padEnd(7)} ${String(size).padStart(6)} ${String(c.nodes).padStart(7)} ${String(Math.round(html.length / 1024)).padStart(9)} ${perK(c.loadMs, c.nodes)}${perK(c.snapshotMs, c.nodes)}${perK(c.extractMs, c.nodes).padStart(12)} ${total.toFixed(0).padStart(9)}  ${c.status}`,
        );
      }
    }
  } finally {
    await session.close();
  }
}

await main();
