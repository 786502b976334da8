/** `broadsheet extract <inputs...>` */
import { DEFAULT_CONCURRENCY } from '../../render/session.js';
import { createWriteStream, existsSync, mkdirSync, renameSync } from 'node:fs';
import { dirname } from 'node:path';
import { Command, Option } from 'commander';
import { extractInputSpecs, type ExtractionResult } from '../../extract/extract.js';
import { launchBrowser, closeOnSignals } from '../../render/browser.js';
import { expandInputs } from '../../input/inputs.js';
import { expandWarcSpecs, type WarcSkipCounts } from '../../input/warc.js';
import { createProgress } from '../progress.js';
import { formatResult, summaryTable, toRecord, type OutputFormat } from '../output.js';
import { intOption } from '../parse.js';
import { EXIT } from '../exit-codes.js';
import { loadModelFile } from './model.js';
import type { ClusterModel } from '../../cluster/index.js';

interface ExtractFlags {
  format: OutputFormat;
  out?: string;
  concurrency: number;
  js?: boolean;
  timeout: number;
  scriptTimeout: number;
  timeBudget: number;
  maxElements: number;
  maxNodes: number;
  maxTextChars: number;
  maxMb: number;
  block?: string[];
  explain?: boolean;
  screenshot?: string;
  summary?: boolean;
  progress: boolean;
  userAgent?: string;
  model?: string;
  modelOptional?: boolean;
  articlesOnly?: boolean;
  replay: boolean;
  allowPrivateNetwork?: boolean;
  force?: boolean;
}

export function extractCommand(setExit: (code: number) => void): Command {
  return new Command('extract')
    .description('Render pages in Chromium and extract their article bodies.')
    .argument('<inputs...>', 'URLs, .html/.htm/.html.gz files, .warc/.warc.gz archives, or directories of them')
    .addOption(new Option('-f, --format <format>', 'what to print on stdout').choices(['text', 'json', 'markdown', 'html']).default('text'))
    .option('-o, --out <file>', 'also write JSON Lines to FILE, one line per input (title, text, html, markdown, metadata, or error); written to FILE.partial-PID and renamed when the run ends')
    .option('--force', 'with --out: replace FILE if it exists (refused otherwise)')
    .option('-c, --concurrency <n>', 'pages rendered at once, one per core by default', intOption(1, 32), DEFAULT_CONCURRENCY)
    .option('--js', 'run the page scripts of saved pages (off by default; live URLs always run them)')
    .option('--timeout <ms>', 'navigation timeout per page', intOption(100, 600_000), 30_000)
    .option('--script-timeout <ms>', 'time limit for the in-page layout snapshot', intOption(100, 600_000), 15_000)
    .option('--time-budget <ms>', 'time budget of a saved page\'s load and snapshot: what one render could not finish within it is cut before rendering (long lists and tables summarised, huge texts and style sheets shortened; JSON "cuts", kind "time"), and a page still past it fails with render-timeout; 0: none', intOption(0, 600_000), 10_000)
    .option('--max-elements <n>', 'refuse pages with more DOM elements than this', intOption(100, 100_000_000), 200_000)
    .option('--max-nodes <n>', 'page budget: a page with more snapshot nodes is cut down (the largest subtrees far from the body emptied; JSON "cuts" says what)', intOption(1_000, 100_000_000), 60_000)
    .option('--max-text-chars <n>', 'page budget: a page with more characters of text has its longest texts shortened (ending in "…"; listed in "cuts")', intOption(10_000, 1_000_000_000), 1_000_000)
    .option('--max-mb <n>', 'refuse saved files larger than this many MiB', intOption(1, 4096), 25)
    .option('--block <types...>', 'resource types to block on live URLs (image media font stylesheet …)')
    .option('--no-replay', 'render WARC pages without the stylesheets and images the archive holds')
    .option('--articles-only', 'give "none" for pages judged not to be articles (listings, product pages, forums…) instead of their best body')
    .option('--explain', 'include the visual units, their features, scores and roles in the output')
    .option('--screenshot <file.png>', 'with --explain: draw the visual units on a screenshot, coloured by score, the body outlined')
    .option('--summary', 'print a one-line-per-input summary instead of the article bodies')
    .option('--no-progress', 'no progress bar on stderr')
    .option('--user-agent <ua>', 'User-Agent for live URLs')
    .option('--allow-private-network', 'live URLs: let pages reach loopback, private and link-local addresses (refused by default: the fetch guard)')
    .option('--model <file>', 'also use a cluster model (broadsheet model train) to check and overrule the visual body pick')
    .option('--model-optional', 'with --model: if the model cannot be loaded, say so on stderr and use the visual score alone')
    .addHelpText(
      'after',
      `
Exit codes: 0 every input extracted (or had no article), ${EXIT.someFailed} some input failed
(its error is in the output), ${EXIT.fatal} bad usage or no browser.

Examples:
  broadsheet extract samples/ --summary
  broadsheet extract page.html --format markdown
  broadsheet extract https://example.com/news/story --format json
  broadsheet extract saved/ --out articles.jsonl --concurrency 4
  broadsheet extract crawl.warc.gz --summary
  broadsheet extract page.html --explain --screenshot units.png`,
    )
    .action(async (inputs: string[], flags: ExtractFlags) => {
      setExit(await runExtract(inputs, flags));
    });
}

async function runExtract(inputs: string[], flags: ExtractFlags): Promise<number> {
  if (flags.screenshot && !flags.explain) {
    process.stderr.write('broadsheet: --screenshot needs --explain (the picture shows the units that --explain reports)\n');
    return EXIT.usage;
  }
  let model: ClusterModel | undefined;
  if (flags.model) {
    try {
      model = await loadModelFile(flags.model);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (!flags.modelOptional) {
        process.stderr.write(`broadsheet: ${message}\n(use --model-optional to extract with the visual score alone)\n`);
        return EXIT.usage;
      }
      process.stderr.write(`broadsheet: ${message}; extracting with the visual score alone (--model-optional)\n`);
    }
  }
  const skipped: WarcSkipCounts = {};
  const specs = await expandWarcSpecs(await expandInputs(inputs), { replay: flags.replay, maxBytes: flags.maxMb * 1024 * 1024, skipped });
  const skippedText = Object.entries(skipped).map(([reason, n]) => `${n} ${reason}`).join(', ');
  if (skippedText) process.stderr.write(`broadsheet: WARC records skipped: ${skippedText}\n`);
  if (specs.length === 0) {
    process.stderr.write(`broadsheet: no inputs found in ${inputs.join(' ')} (expected URLs, .html/.htm/.html.gz files or directories of them)\n`);
    return EXIT.someFailed;
  }
  const many = specs.length > 1;
  let out: ReturnType<typeof createWriteStream> | undefined;
  // Output is written beside the target and renamed into place at the end: a reader never sees
  // half a file, and an existing file is never replaced without --force.
  const partial = flags.out ? `${flags.out}.partial-${process.pid}` : undefined;
  if (flags.out && partial) {
    if (existsSync(flags.out) && !flags.force) {
      process.stderr.write(`broadsheet: ${flags.out} exists; use --force to replace it, or another --out\n`);
      return EXIT.usage;
    }
    mkdirSync(dirname(flags.out), { recursive: true });
    out = createWriteStream(partial);
  }
  const progress = createProgress(specs.length, 'extract', flags.progress && (many || flags.summary === true));
  const started = performance.now();
  const browser = await launchBrowser();
  const releaseSignals = closeOnSignals(browser);
  let results: ExtractionResult[];
  const summaryRows: ExtractionResult[] = new Array(specs.length);
  try {
    results = await extractInputSpecs(specs, {
      browser,
      // A browser that crashes or is killed mid-run is replaced; its pages are rendered again.
      relaunchBrowser: () => launchBrowser(),
      concurrency: flags.concurrency,
      ...(flags.js ? { javaScript: true } : {}),
      navigationTimeoutMs: flags.timeout,
      snapshotTimeoutMs: flags.scriptTimeout,
      timeBudgetMs: flags.timeBudget,
      maxElements: flags.maxElements,
      maxNodes: flags.maxNodes,
      maxTextChars: flags.maxTextChars,
      maxBytes: flags.maxMb * 1024 * 1024,
      blockResources: flags.block ?? [],
      explain: flags.explain === true,
      articlesOnly: flags.articlesOnly === true,
      replay: flags.replay,
      allowPrivateNetwork: flags.allowPrivateNetwork === true,
      ...(flags.screenshot ? { screenshotPath: flags.screenshot } : {}),
      ...(flags.userAgent ? { userAgent: flags.userAgent } : {}),
      ...(model ? { params: { model } } : {}),
      // With --summary only a summary row is kept per page (not its text, HTML, Markdown or
      // explanation): a run of any length holds no page after its record is written.
      retainResults: flags.summary !== true,
      onResult: (result, index) => {
        progress.tick(result.status === 'error');
        out?.write(`${JSON.stringify(toRecord(result))}\n`);
        if (flags.summary) summaryRows[index] = summaryRow(result);
      },
    });
    if (flags.summary) results = summaryRows;
  } finally {
    progress.stop();
    releaseSignals();
    await browser.close();
    if (out) {
      await new Promise<void>((resolve) => out!.end(resolve));
      renameSync(partial!, flags.out!);
    }
  }
  if (flags.summary) {
    process.stdout.write(summaryTable(results, performance.now() - started));
  } else {
    for (const r of results) process.stdout.write(`${formatResult(r, flags.format, many)}${many && flags.format !== 'json' ? '\n' : '\n'}`);
  }
  for (const r of results) {
    if (r.status === 'error') process.stderr.write(`broadsheet: ${r.input}: ${r.error.code}: ${r.error.message}\n`);
  }
  return results.some((r) => r.status === 'error') ? EXIT.someFailed : EXIT.ok;
}

/** What the summary table needs of a result: the article's text, HTML and Markdown dropped. */
function summaryRow(result: ExtractionResult): ExtractionResult {
  if (result.status !== 'article') return { ...result, explanation: undefined } as ExtractionResult;
  const { text: _t, html: _h, markdown: _m, ...rest } = result.article;
  return { input: result.input, status: 'article', ...(result.cuts ? { cuts: result.cuts } : {}), timingsMs: result.timingsMs, article: { ...rest, text: '', html: '', markdown: '' } };
}
