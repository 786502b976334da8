/** `broadsheet extract <inputs...>` */
import { CONSENT_MODES, DEFAULT_LIVE_OPTIONS, type ConsentMode } from '../../render/live/prepare.js';
import { DEFAULT_CONCURRENCY } from '../../render/session.js';
import { createWriteStream, existsSync, mkdirSync, renameSync } from 'node:fs';
import { dirname } from 'node:path';
import { Command, Option } from 'commander';
import { extractInputSpecs, type ExtractionResult } from '../../extract/extract.js';
import { closeBrowser, closeOnSignals, launchBrowser } from '../../render/browser.js';
import { PageWorkPool } from '../../page-work/index.js';
import { expandInputs, onlySavedPagesWithoutFrames } from '../../input/inputs.js';
import { expandWarcSpecs, type WarcSkipCounts } from '../../input/warc.js';
import { createProgress } from '../progress.js';
import { formatResult, summaryTable, toRecord, type OutputFormat } from '../output.js';
import { intOption } from '../parse.js';
import { EXIT } from '../exit-codes.js';
import { outFileProblem } from '../out-file.js';
import { OutputClosed, OutputWriter, writeStdout } from '../stdout.js';
import type { ClusterModel } from '../../cluster/index.js';
import { COMMAND_SUMMARIES } from '../command-list.js';

export interface ExtractFlags {
  format: OutputFormat;
  out?: string;
  concurrency: number;
  js?: boolean;
  timeout: number;
  scriptTimeout: number;
  timeBudget?: number;
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
  comments?: boolean;
  includeComments?: boolean;
  replay: boolean;
  allowPrivateNetwork?: boolean;
  force?: boolean;
  settleMs: number;
  scrollMs: number;
  consent: ConsentMode;
  blockAds: boolean;
}

export function extractCommand(setExit: (code: number) => void): Command {
  return new Command('extract')
    .description(COMMAND_SUMMARIES.extract.description)
    .argument('<inputs...>', 'URLs, .html/.htm/.html.gz files, .warc/.warc.gz archives, or directories of them')
    .addOption(new Option('-f, --format <format>', 'what to print on stdout').choices(['text', 'json', 'markdown', 'html']).default('text'))
    .option('-o, --out <file>', 'write JSON Lines to FILE, one record per input (schema/record.schema.json); stdout then shows progress (on a terminal) and a summary, not the bodies, unless --format or --summary is given too. Written to FILE.partial-PID and renamed when the run ends')
    .option('--force', 'with --out: replace FILE if it exists (refused otherwise; a directory is always refused)')
    .option('-c, --concurrency <n>', 'pages rendered at once, one per core by default', intOption(1, 32), DEFAULT_CONCURRENCY)
    .option('--js', 'run the page scripts of saved pages, which then take the live steps of URLs (settle, consent, scroll, unclamp, overlays; JSON "live") within --time-budget (off by default; live URLs always run them)')
    .option('--timeout <ms>', 'navigation timeout per page', intOption(100, 600_000), 30_000)
    .option('--script-timeout <ms>', 'time limit for the in-page layout snapshot', intOption(100, 600_000), 15_000)
    .option('--time-budget <ms>', 'time budget per page: everything done for it (markup preparation, load, live steps, snapshot, Node\'s extraction) spends from it. What one render of a saved page could not finish within it is cut before rendering (long lists and tables summarised, huge texts and style sheets shortened; JSON "cuts", kind "time"); a page still past it fails (render-timeout); Node\'s work past it fails (extract-timeout, naming the stage). 0: none (default: 10000 for saved pages, 30000 for URLs)', intOption(0, 600_000))
    .option('--max-elements <n>', 'refuse pages with more DOM elements than this', intOption(100, 100_000_000), 200_000)
    .option('--max-nodes <n>', 'page budget: a page with more snapshot nodes is cut down (the largest subtrees far from the body emptied; JSON "cuts" says what)', intOption(1_000, 100_000_000), 60_000)
    .option('--max-text-chars <n>', 'page budget: a page with more characters of text has its longest texts shortened (ending in "…"; listed in "cuts")', intOption(10_000, 1_000_000_000), 1_000_000)
    .option('--max-mb <n>', 'refuse saved files larger than this many MiB', intOption(1, 4096), 25)
    .option('--block <types...>', 'resource types to block on live URLs (image media font stylesheet …)')
    .option('--no-replay', 'render WARC pages without the stylesheets and images the archive holds (and, with --js, its scripts and their data)')
    .option('--articles-only', 'give "none" for pages judged not to be articles (listings, product pages, forums…) instead of their best body')
    .option('--comments', 'readers\' comments (and a thread\'s replies) also in the text, Markdown and HTML, after the body under a "Comments" heading; without it they are only in the JSON record\'s "comments" field (a page typed forum has its thread\'s replies in the body: they are its content)')
    .option('--include-comments', 'the same as --comments (trafilatura\'s name)')
    .option('--explain', 'include the visual units, their features, scores and roles, and the title\'s candidates with their scores, in the JSON record (needs --format json or --out)')
    .option('--screenshot <file.png>', 'draw the visual units on a screenshot, coloured by score, the body outlined')
    .option('--summary', 'print a one-line-per-input table instead of the article bodies (not with --format: use --out FILE for the records)')
    .option('--no-progress', 'no progress bar on stderr')
    .option('--user-agent <ua>', 'User-Agent for live URLs')
    .option('--settle-ms <ms>', 'live URLs and saved pages with --js: how long a page may keep changing after load before it is read as it is (its body text stable, no DOM mutation adding text, no request of its own origin pending); JSON "live.settle" says how long it waited and why it stopped (settled, budget, no-change, no-script)', intOption(0, 600_000), DEFAULT_LIVE_OPTIONS.settleMs)
    .option('--scroll-ms <ms>', 'live URLs and saved pages with --js: budget for scrolling through the page so lazy content loads (endless feeds stop here); 0: no scrolling', intOption(0, 600_000), DEFAULT_LIVE_OPTIONS.scrollMs)
    .addOption(new Option('--consent <mode>', 'live URLs and saved pages with --js: consent dialogs — auto: reject where the article stays readable, accept only on a consent wall; reject; accept; leave (no press). Overlays left over are set aside either way').choices([...CONSENT_MODES]).default(DEFAULT_LIVE_OPTIONS.consent))
    .option('--no-block-ads', 'live URLs: do not refuse ads and trackers (by default matched against EasyList and EasyPrivacy from Debian\'s webext-ublock-origin-chromium, inside the fetch guard)')
    .option('--allow-private-network', 'live URLs: let pages reach loopback, private and link-local addresses (refused by default: the fetch guard)')
    .option('--model <file>', 'also use a cluster model (broadsheet model train) to check and overrule the visual body pick')
    .option('--model-optional', 'with --model: if the model cannot be loaded, say so on stderr and use the visual score alone')
    .addHelpText(
      'after',
      `
Output: each page's as soon as the pages before it are done (input order). --format text,
markdown or html prints the title, then the body; --format json prints one record per line
(the JSON record's text, markdown and html hold the body without the title, which is its own
field). The record's schema: schema/record.schema.json.

Exit codes: 0 every input extracted (or had no article), ${EXIT.someFailed} some input failed
(its error is in the output), ${EXIT.fatal} bad usage (flags that cannot work together, an
--out that exists or is a directory), no browser, or a process that did not end 10 s
after its work (what kept it open is named on stderr). A reader that closes the pipe
(\`| head\`) stops the run quietly: no further page is started.

Examples:
  broadsheet extract samples/ --summary
  broadsheet extract page.html --format markdown
  broadsheet extract https://example.com/news/story --format json
  broadsheet extract saved/ --out articles.jsonl --concurrency 4
  broadsheet extract crawl.warc.gz --summary
  broadsheet extract page.html --format json --explain --screenshot units.png`,
    )
    .action(async (inputs: string[], flags: ExtractFlags, command: Command) => {
      const problem = usageProblem(flags, command.getOptionValueSource('format') === 'cli');
      if (problem) {
        process.stderr.write(`broadsheet: ${problem}\n`);
        setExit(EXIT.usage);
        return;
      }
      setExit(await runExtract(inputs, { ...flags, formatGiven: command.getOptionValueSource('format') === 'cli' }));
    });
}

/** Flag combinations that cannot work, as the message that names the fix; undefined when they can. */
export function usageProblem(flags: Pick<ExtractFlags, 'format' | 'out' | 'explain' | 'summary' | 'modelOptional' | 'model' | 'force'>, formatGiven: boolean): string | undefined {
  if (flags.explain && flags.format !== 'json' && !flags.out) {
    return '--explain adds the units to the JSON record: add --format json (or --out FILE); --screenshot alone draws them';
  }
  if (flags.summary && formatGiven) {
    return `--summary prints a table instead of the bodies, so --format ${flags.format} has nothing to format: drop one (for records and a summary: --summary --out FILE)`;
  }
  if (flags.modelOptional && !flags.model) return '--model-optional says what to do when --model cannot be loaded: give --model FILE, or drop it';
  if (flags.force && !flags.out) return '--force replaces the --out file: give --out FILE, or drop --force';
  if (flags.out) return outFileProblem(flags.out, flags.force === true);
  return undefined;
}

async function runExtract(inputs: string[], flags: ExtractFlags & { formatGiven: boolean }): Promise<number> {
  let model: ClusterModel | undefined;
  if (flags.model) {
    try {
      // The model command's module (and what it imports) only when a model is asked for.
      const { loadModelFile } = await import('./model.js');
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
  // Start-up paid once and side by side: Chromium launches and the page-work threads load their
  // modules while the inputs are listed (time to the first record, issue 26).
  const pageWork = new PageWorkPool({ size: flags.concurrency });
  pageWork.ready().catch(() => undefined); // a thread that cannot start fails the first page instead
  // Listing the inputs takes milliseconds (a WARC is read after the launch has begun); it tells
  // whether the browser will render only saved pages without scripts, which a headless shell
  // then does without painting them (browser.ts, `savedPagesOnly`).
  let listed;
  try {
    listed = await expandInputs(inputs);
  } catch (error) {
    await pageWork.close();
    throw error;
  }
  const browserOptions = { savedPagesOnly: onlySavedPagesWithoutFrames(listed, { javaScript: flags.js === true, screenshot: flags.screenshot !== undefined, replay: flags.replay }) };
  const launching = launchBrowser(browserOptions);
  launching.catch(() => undefined); // awaited below
  const skipped: WarcSkipCounts = {};
  let specs;
  try {
    specs = await expandWarcSpecs(listed, { replay: flags.replay, maxBytes: flags.maxMb * 1024 * 1024, skipped, javaScript: flags.js === true });
  } catch (error) {
    await Promise.all([pageWork.close(), launching.then((b) => b.close()).catch(() => undefined)]);
    throw error;
  }
  const skippedText = Object.entries(skipped).map(([reason, n]) => `${n} ${reason}`).join(', ');
  if (skippedText) process.stderr.write(`broadsheet: WARC records skipped: ${skippedText}\n`);
  if (specs.length === 0) {
    await Promise.all([pageWork.close(), launching.then((b) => b.close()).catch(() => undefined)]);
    process.stderr.write(`broadsheet: no inputs found in ${inputs.join(' ')} (expected URLs, .html/.htm/.html.gz files or directories of them)\n`);
    return EXIT.someFailed;
  }
  const many = specs.length > 1;
  let out: OutputWriter | undefined;
  // Output is written beside the target and renamed into place at the end: a reader never sees
  // half a file, and an existing file is never replaced without --force.
  const partial = flags.out ? `${flags.out}.partial-${process.pid}` : undefined;
  if (flags.out && partial) {
    mkdirSync(dirname(flags.out), { recursive: true });
    out = new OutputWriter(createWriteStream(partial));
  }
  // --out alone writes the records to the file; stdout gets a summary, not the bodies.
  const bodiesOnStdout = !flags.summary && (!flags.out || flags.formatGiven);
  const progress = createProgress(specs.length, 'extract', flags.progress && (many || flags.summary === true || (flags.out !== undefined && process.stderr.isTTY === true)));
  const started = performance.now();
  let browser;
  try {
    browser = await launching;
  } catch (error) {
    progress.stop();
    await pageWork.close();
    throw error;
  }
  const releaseSignals = closeOnSignals(browser);
  let results: ExtractionResult[];
  const summaryRows: ExtractionResult[] = new Array(specs.length);
  // Records are written to the file in completion order, one at a time (the file's backpressure held).
  let writing: Promise<void> = Promise.resolve();
  let completed = false;
  let writeError: unknown;
  // Bodies go to stdout as the pages finish, in input order: a page done early waits only for
  // those before it (each ends by its deadline), and a slow reader holds the run back rather
  // than the records piling up. A reader that goes away (`| head -1`) stops the run: no new
  // page is started, and the command ends quietly.
  const printer = new InputOrderPrinter((r) => `${formatResult(r, flags.format, many)}\n`);
  const readerGone = new AbortController();
  try {
    results = await extractInputSpecs(specs, {
      browser,
      pageWork,
      // A browser that crashes or is killed mid-run is replaced; its pages are rendered again.
      relaunchBrowser: () => launchBrowser(browserOptions),
      concurrency: flags.concurrency,
      ...(flags.js ? { javaScript: true } : {}),
      navigationTimeoutMs: flags.timeout,
      snapshotTimeoutMs: flags.scriptTimeout,
      ...(flags.timeBudget !== undefined ? { timeBudgetMs: flags.timeBudget } : {}),
      maxElements: flags.maxElements,
      maxNodes: flags.maxNodes,
      maxTextChars: flags.maxTextChars,
      maxBytes: flags.maxMb * 1024 * 1024,
      blockResources: flags.block ?? [],
      explain: flags.explain === true,
      articlesOnly: flags.articlesOnly === true,
      includeComments: flags.comments === true || flags.includeComments === true,
      replay: flags.replay,
      allowPrivateNetwork: flags.allowPrivateNetwork === true,
      settleMs: flags.settleMs,
      scrollMs: flags.scrollMs,
      consent: flags.consent,
      blockAds: flags.blockAds,
      ...(flags.screenshot ? { screenshotPath: flags.screenshot } : {}),
      ...(flags.userAgent ? { userAgent: flags.userAgent } : {}),
      ...(model ? { params: { model } } : {}),
      // Only a summary row is kept per page (not its text, HTML, Markdown or explanation): a
      // run of any length holds no page after its record is written.
      retainResults: false,
      signal: readerGone.signal,
      onResult: async (result, index) => {
        progress.tick(result.status === 'error');
        if (out) {
          const line = `${JSON.stringify(toRecord(result))}\n`;
          writing = writing.then(() => out!.write(line)).catch((error: unknown) => {
            writeError ??= error;
          });
        }
        summaryRows[index] = summaryRow(result);
        if (bodiesOnStdout && !readerGone.signal.aborted) {
          try {
            await printer.add(index, result);
          } catch (error) {
            if (!(error instanceof OutputClosed)) throw error;
            readerGone.abort();
          }
        }
      },
    });
    results = summaryRows.filter((r) => r !== undefined);
    if (readerGone.signal.aborted) throw new OutputClosed();
    await writing;
    if (writeError !== undefined) throw writeError;
    if (out) await out.end();
    completed = true;
  } finally {
    progress.stop();
    releaseSignals();
    await Promise.all([closeBrowser(browser), pageWork.close()]);
    if (out && partial) {
      if (completed) renameSync(partial, flags.out!);
      else if (existsSync(partial)) process.stderr.write(`broadsheet: the run stopped; the records written so far are in ${partial}\n`);
    }
  }
  if (flags.summary) {
    await writeStdout(summaryTable(results, performance.now() - started));
  } else if (bodiesOnStdout) {
    // Printed as they came.
  } else {
    const count = (status: ExtractionResult['status']): number => results.filter((r) => r.status === status).length;
    await writeStdout(
      `${results.length} record${results.length === 1 ? '' : 's'} written to ${flags.out}: ${count('article')} articles, ${count('none')} without one, ${count('error')} failed · ${((performance.now() - started) / 1000).toFixed(1)} s\n`,
    );
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

/**
 * Prints results in input order as they complete in any order: each is formatted when it comes
 * (its page is then dropped) and held until those before it are printed. `add` resolves once
 * what it let through is written (backpressure from stdout); a closed reader rejects with
 * `OutputClosed`.
 */
class InputOrderPrinter {
  private readonly ready = new Map<number, string>();
  private next = 0;
  private printing: Promise<void> = Promise.resolve();

  constructor(private readonly format: (result: ExtractionResult) => string) {}

  add(index: number, result: ExtractionResult): Promise<void> {
    this.ready.set(index, this.format(result));
    const texts: string[] = [];
    for (let text = this.ready.get(this.next); text !== undefined; text = this.ready.get(this.next)) {
      this.ready.delete(this.next);
      this.next += 1;
      texts.push(text);
    }
    // One chain: two workers' texts never interleave, and a failure stays with every later add.
    this.printing = this.printing.then(async () => {
      for (const text of texts) await writeStdout(text);
    });
    return this.printing;
  }
}
