/**
 * The soak (issue 21): every real page the project has — AEB (181), WCXB-dev (1,497) and the
 * samples — through the library's `extract` in one run (files, as `broadsheet extract DIR`
 * reads them), one browser, results dropped as they come.
 *
 *   npm run soak -- [--aeb DIR] [--wcxb DIR] [--samples DIR] [--concurrency 2] [--time-budget 10000]
 *                   [--margin MS] [--slowest 10] [--limit N] [--report out/soak.html] [--jsonl out/soak.jsonl]
 *
 * Prints the pages per corpus, the errors by code, the slowest pages with their stage times
 * (from each result's `timingsMs`), p50/p99/max per stage and ms per MB of page by size band;
 * writes a self-contained HTML report with a size–time plot and the per-page records as JSON
 * lines. Exits 1 when a page ran past the budget plus the margin or ended in an untyped error
 * (code `internal`), 2 when it could not run.
 */
import { mkdirSync, openSync, readSync, closeSync, fstatSync, readdirSync, writeFileSync, existsSync } from 'node:fs';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { launchBrowser } from '../src/index.js';
import { extract } from '../src/extract/extract.js';
import type { ExtractionResult } from '../src/extract/extract.js';
import { BUDGET_MARGIN_MS, SOAK_STAGES, isOverBudget, isTypedError, soakHtml, soakText, summarizeSoak, type SoakPage } from '../src/bench/soak.js';

const USAGE = `npm run soak -- [options]
Every real page (AEB, WCXB-dev, samples) through extract in one run; exits 1 when a page runs
past the time budget plus the margin or ends in an untyped error.
  --aeb DIR           AEB directory (default ../shared/data/aeb; '' to leave out)
  --wcxb DIR          WCXB-dev directory (default ../shared/data/wcxb-dev; '' to leave out)
  --samples DIR       samples directory (default samples; '' to leave out)
  --concurrency C     pages at a time (default 2)
  --time-budget MS    extract's --time-budget (default 10000)
  --margin MS         time a page may run past the budget (default ${BUDGET_MARGIN_MS})
  --slowest N         slowest pages listed (default 10)
  --limit N           at most N pages of each corpus (a quick run)
  --report FILE       HTML report (default out/soak.html)
  --jsonl FILE        one record per page (default out/soak.jsonl)`;

const { values } = parseArgs({
  options: {
    aeb: { type: 'string', default: '../shared/data/aeb' },
    wcxb: { type: 'string', default: '../shared/data/wcxb-dev' },
    samples: { type: 'string', default: 'samples' },
    concurrency: { type: 'string', default: '2' },
    'time-budget': { type: 'string', default: '10000' },
    margin: { type: 'string', default: String(BUDGET_MARGIN_MS) },
    slowest: { type: 'string', default: '10' },
    limit: { type: 'string' },
    report: { type: 'string', default: 'out/soak.html' },
    jsonl: { type: 'string', default: 'out/soak.jsonl' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}

interface SoakInput {
  corpus: string;
  id: string;
  path: string;
  bytes: number;
}

/** The unpacked size of a one-member gzip file: its last four bytes (ISIZE, little-endian). */
function gzipSize(path: string): number {
  const fd = openSync(path, 'r');
  try {
    const size = fstatSync(fd).size;
    const tail = Buffer.alloc(4);
    readSync(fd, tail, 0, 4, size - 4);
    return tail.readUInt32LE(0);
  } finally {
    closeSync(fd);
  }
}

function listCorpus(corpus: string, dir: string | undefined, sub: string, suffix: string): SoakInput[] {
  if (!dir) return [];
  const root = join(dir, sub);
  if (!existsSync(root)) {
    process.stderr.write(`soak: no ${corpus} pages at ${root}; left out\n`);
    return [];
  }
  const names = readdirSync(root).filter((n) => n.endsWith(suffix)).sort();
  const limit = values.limit ? Number(values.limit) : names.length;
  return names.slice(0, limit).map((name) => {
    const path = join(root, name);
    const bytes = suffix.endsWith('.gz') ? gzipSize(path) : fstatSizeOf(path);
    return { corpus, id: name.slice(0, -suffix.length), path, bytes };
  });
}

function fstatSizeOf(path: string): number {
  const fd = openSync(path, 'r');
  try {
    return fstatSync(fd).size;
  } finally {
    closeSync(fd);
  }
}

function toPage(input: SoakInput, result: ExtractionResult): SoakPage {
  const t = result.timingsMs;
  const otherMs = Math.max(0, t.totalMs - t.loadMs - t.renderMs - t.snapshotMs - t.extractMs);
  return {
    corpus: input.corpus,
    id: input.id,
    bytes: input.bytes,
    status: result.status,
    ...(result.status === 'error' ? { code: result.error.code } : {}),
    cuts: result.status === 'error' ? 0 : (result.cuts?.length ?? 0),
    timings: { loadMs: t.loadMs, renderMs: t.renderMs, snapshotMs: t.snapshotMs, extractMs: t.extractMs, otherMs: Math.round(otherMs * 10) / 10, totalMs: t.totalMs },
  };
}

async function main(): Promise<number> {
  const budgetMs = Number(values['time-budget']);
  const marginMs = Number(values.margin);
  const concurrency = Number(values.concurrency);
  const inputs = [
    ...listCorpus('aeb', values.aeb, 'html', '.html.gz'),
    ...listCorpus('wcxb-dev', values.wcxb, 'html', '.html.gz'),
    ...listCorpus('samples', values.samples, '.', '.html'),
  ];
  if (inputs.length === 0) {
    process.stderr.write('soak: no pages found\n');
    return 2;
  }
  const command = `npm run soak -- ${process.argv.slice(2).join(' ')}`.trim();
  const machine = `${availableParallelism()} cores (${cpus()[0]?.model ?? '?'}), load average at start ${loadavg().map((l) => l.toFixed(1)).join(' ')}`;
  process.stderr.write(`soak: ${inputs.length} pages, concurrency ${concurrency}, budget ${budgetMs} ms + ${marginMs} ms; ${machine}\n`);

  const pages: SoakPage[] = [];
  const browser = await launchBrowser();
  const started = performance.now();
  try {
    await extract(
      inputs.map((i) => i.path),
      {
        browser,
        concurrency,
        timeBudgetMs: budgetMs,
        retainResults: false,
        onResult: (result, index) => {
          const page = toPage(inputs[index]!, result);
          pages.push(page);
          const flag = isOverBudget(page, budgetMs, marginMs) ? ' OVER BUDGET' : page.status === 'error' && !isTypedError(page.code) ? ' UNTYPED ERROR' : '';
          if (flag || pages.length % 100 === 0) {
            process.stderr.write(`soak: ${pages.length}/${inputs.length} after ${((performance.now() - started) / 1000).toFixed(0)} s${flag ? ` — ${page.corpus}/${page.id}${flag} (${page.timings.totalMs} ms, ${page.status}${page.code ? ` ${page.code}` : ''})` : ''}\n`);
          }
        },
      },
    );
  } finally {
    await browser.close();
  }
  const wallMs = performance.now() - started;
  const summary = summarizeSoak(pages, { wallMs, budgetMs, marginMs, slowest: Number(values.slowest) });
  console.log(soakText(summary));
  console.log(`machine: ${machine}; load average at the end ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  for (const [file, text] of [
    [values.report!, soakHtml(pages, summary, { command, date: new Date().toISOString(), machine })],
    [values.jsonl!, pages.map((p) => JSON.stringify(p)).join('\n') + '\n'],
  ] as const) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
  console.log(`report: ${values.report}; records: ${values.jsonl} (${SOAK_STAGES.join(', ')})`);
  return summary.overBudget.length > 0 || summary.untyped.length > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`soak: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(2);
  },
);
