/** `broadsheet bench <dataset>` */
import { DEFAULT_CONCURRENCY } from '../../render/session.js';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Command } from 'commander';
import { CORPUS_FORMATS, CorpusFormatError, CorpusNotFoundError, findFormat, openCorpus } from '../../bench/corpora/index.js';
import { htmlReport } from '../../bench/report-html.js';
import { jsonReport, markdownReport } from '../../bench/report.js';
import { runBench, type SystemName } from '../../bench/runner.js';
import { closeBrowser, closeOnSignals, launchBrowser } from '../../render/browser.js';
import { createProgress, type Progress } from '../progress.js';
import { intOption } from '../parse.js';
import { EXIT } from '../exit-codes.js';
import { DEFAULT_LIVE_SYSTEMS, LIVE_SYSTEMS, liveMarkdown, runLiveBench, type LiveSystem } from '../../bench/live.js';
import { adHostResolverRules, startLiveFamily } from '../../testing/local-web/live-family.js';
import { COMMAND_SUMMARIES } from '../command-list.js';

interface BenchFlags {
  out?: string;
  concurrency: number;
  limit?: number;
  peer: boolean;
  screenshots: boolean;
  seed?: number;
  bootstrap?: number;
  progress: boolean;
  timeBudget: number;
  perKind: number;
  settleMs?: number;
  systems?: string;
  blockAds: boolean;
  compareAds?: boolean;
}

export function benchCommand(setExit: (code: number) => void): Command {
  const formats = CORPUS_FORMATS.map((f) => `${f.name} (${f.description}${f.defaultDir ? `; default ${f.defaultDir}` : ''})`).join('\n  ');
  return new Command('bench')
    .description(COMMAND_SUMMARIES.bench.description)
    .argument('<dataset>', 'a format name (aeb, samples: its default directory) or a directory in a known format')
    .option('-o, --out <dir>', 'write report.json, report.md, report.html and shots/ here (default out/bench-<dataset>)')
    .option('-c, --concurrency <n>', 'pages broadsheet renders at once, one per core by default', intOption(1, 32), DEFAULT_CONCURRENCY)
    .option('--limit <n>', 'only the first N pages (quick runs)', intOption(1, 1_000_000))
    .option('--no-peer', 'skip Readability.js')
    .option('--no-screenshots', 'no --explain screenshots of the 5 worst pages')
    .option('--seed <n>', 'seed of the bootstrap generator', intOption(0, 2 ** 32 - 1))
    .option('--bootstrap <n>', 'bootstrap samples for the ± spread (default 1000)', intOption(0, 100_000))
    .option('--no-progress', 'no progress on stderr')
    .option('--time-budget <ms>', 'time budget per saved page (markup preparation, load, snapshot, Node\'s extraction): what one render could not finish within it is cut before rendering (long lists and tables summarised, huge texts and style sheets shortened; JSON "cuts", kind "time"), and a page still past it fails with render-timeout; 0: none', intOption(0, 600_000), 10_000)
    .addHelpText(
      'after',
      `
Formats:
  ${formats}
  live (the live family of the local web, served on 127.0.0.1: pages that scripts build, consent
    dialogs, lazy and clamped text; broadsheet against Playwright networkidle + Readability.js and
    Readability.js on the raw HTML, F1 per kind and pages/s, broadsheet's time per page (settle,
    scroll, snapshot) and bytes fetched; --per-kind, --settle-ms, --systems, --compare-ads)

Prints the Markdown summary on stdout; progress goes to stderr. A page that fails to render,
times out or has no article is scored as a miss and listed with its reason; the run goes on.

Exit codes: 0 the run finished and no page failed for broadsheet; ${EXIT.someFailed} the run finished
(reports written) but broadsheet failed on some page (an error, not "no article");
${EXIT.usage} dataset not found or not in a known format, bad options, or no browser.

Examples:
  broadsheet bench samples
  broadsheet bench aeb --concurrency 2 --out out/aeb
  broadsheet bench samples --limit 3 --no-screenshots
  broadsheet bench live --per-kind 4 --concurrency 2
  broadsheet bench live --compare-ads --systems broadsheet`,
    )
    .option('--per-kind <n>', 'live: pages per kind of the live family (default 4)', intOption(1, 1000), 4)
    .option('--settle-ms <ms>', 'live: broadsheet\'s settle budget per page (see extract --settle-ms)', intOption(0, 60_000))
    .option('--no-block-ads', 'live: broadsheet does not refuse ads and trackers (to measure what blocking saves)')
    .option('--compare-ads', 'live: also run broadsheet with ad blocking off (system broadsheet-no-block-ads, right after broadsheet) and show both: settle, scroll and snapshot ms (median / p95), bytes fetched, F1')
    .option('--systems <list>', `live: systems to run, of ${LIVE_SYSTEMS.join(', ')} (default ${DEFAULT_LIVE_SYSTEMS.join(', ')}; --compare-ads adds broadsheet-no-block-ads)`)
    .action(async (dataset: string, flags: BenchFlags) => {
      setExit(dataset === 'live' ? await runLiveBenchCommand(flags) : await runBenchCommand(dataset, flags));
    });
}

async function runBenchCommand(dataset: string, flags: BenchFlags): Promise<number> {
  let corpus;
  try {
    corpus = await openCorpus(dataset);
  } catch (error) {
    if (error instanceof CorpusNotFoundError || error instanceof CorpusFormatError) {
      process.stderr.write(`broadsheet: ${error.message}\n${error instanceof CorpusNotFoundError ? dataHint(dataset) : ''}`);
      return EXIT.usage;
    }
    throw error;
  }
  const outDir = resolve(flags.out ?? join('out', `bench-${dataset.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^[._]+|(?<![._])[._]+$/g, '') || 'dataset'}`));
  mkdirSync(outDir, { recursive: true });

  // Saved pages without scripts, rendered as `extract` renders them: the browser paints none of
  // them (a headless shell: browser.ts, `savedPagesOnly`); the worst pages' screenshots are taken
  // in a second browser that draws, after the timed pass.
  const browser = await launchBrowser({ savedPagesOnly: true });
  const releaseSignals = closeOnSignals(browser);
  let progress: Progress | undefined;
  const stopProgress = (): void => {
    progress?.stop();
    progress = undefined;
  };
  let run;
  try {
    run = await runBench(corpus, {
      browser,
      concurrency: flags.concurrency,
      render: { timeBudgetMs: flags.timeBudget },
      ...(flags.limit !== undefined ? { limit: flags.limit } : {}),
      peer: flags.peer,
      ...(flags.screenshots ? { screenshotDir: join(outDir, 'shots'), screenshotBrowser: () => launchBrowser() } : {}),
      ...(flags.seed !== undefined ? { seed: flags.seed } : {}),
      ...(flags.bootstrap !== undefined ? { bootstrapSamples: flags.bootstrap } : {}),
      onPass: (system: SystemName | 'screenshots', pages: number) => {
        stopProgress();
        progress = createProgress(pages, system, flags.progress);
      },
      onPage: (_system, _id, failed) => progress?.tick(failed),
    });
  } finally {
    stopProgress();
    releaseSignals();
    await closeBrowser(browser);
  }
  writeFileSync(join(outDir, 'report.json'), jsonReport(run));
  const markdown = markdownReport(run);
  writeFileSync(join(outDir, 'report.md'), markdown);
  // Screenshots embedded as data: URLs: report.html is one file that can be mailed or moved.
  const readImage = (path: string): Buffer | undefined => {
    try {
      return readFileSync(path);
    } catch {
      return undefined;
    }
  };
  writeFileSync(join(outDir, 'report.html'), htmlReport(run, { reportDir: outDir, readImage }));
  process.stdout.write(markdown);
  process.stderr.write(`broadsheet: reports written to ${outDir}/ (report.json, report.md, report.html)\n`);
  return run.pages.some((p) => p.broadsheet.status === 'error') ? EXIT.someFailed : EXIT.ok;
}

/**
 * How to point the bench at its data when a format's default directory (`../shared/data/…`,
 * beside a checkout of the project) is not there.
 */
function dataHint(dataset: string): string {
  const format = findFormat(dataset);
  if (!format?.defaultDir) return '';
  return (
    `(the ${format.name} format's default directory is ${format.defaultDir}, relative to where broadsheet runs; ` +
    `give the directory that holds the data instead: broadsheet bench /path/to/${format.name}-data, ` +
    `or run from a directory where ${format.defaultDir} exists)\n`
  );
}

async function runLiveBenchCommand(flags: BenchFlags): Promise<number> {
  const systems = flags.systems?.split(',').map((s) => s.trim()) ?? [...DEFAULT_LIVE_SYSTEMS];
  if (flags.compareAds && !systems.includes('broadsheet-no-block-ads')) systems.splice(systems.includes('broadsheet') ? systems.indexOf('broadsheet') + 1 : 0, 0, 'broadsheet-no-block-ads');
  const unknown = systems.filter((s) => !(LIVE_SYSTEMS as readonly string[]).includes(s));
  if (unknown.length > 0) {
    process.stderr.write(`broadsheet: unknown system(s) ${unknown.join(', ')}; known: ${LIVE_SYSTEMS.join(', ')}\n`);
    return EXIT.usage;
  }
  const outDir = resolve(flags.out ?? join('out', 'bench-live'));
  mkdirSync(outDir, { recursive: true });
  // The family's third-party ad hosts resolve to it for a browser that fetches them itself (the
  // networkidle pipeline); broadsheet's fetch guard gets them as `hostAddresses`.
  const browser = await launchBrowser({ extraArgs: [adHostResolverRules()] });
  const releaseSignals = closeOnSignals(browser);
  let run;
  try {
    run = await runLiveBench({
      browser,
      startFamily: startLiveFamily,
      concurrency: flags.concurrency,
      perKind: flags.perKind,
      seed: flags.seed ?? 1,
      systems: systems as LiveSystem[],
      broadsheet: { ...(flags.settleMs !== undefined ? { settleMs: flags.settleMs } : {}), blockAds: flags.blockAds },
    });
  } finally {
    releaseSignals();
    await closeBrowser(browser);
  }
  writeFileSync(join(outDir, 'report.json'), `${JSON.stringify(run, null, 2)}\n`);
  const markdown = liveMarkdown(run);
  writeFileSync(join(outDir, 'report.md'), markdown);
  process.stdout.write(markdown);
  process.stderr.write(`broadsheet: reports written to ${outDir}/ (report.json, report.md)\n`);
  return Object.values(run.pages).some((p) => p.systems.broadsheet?.status.startsWith('error')) ? EXIT.someFailed : EXIT.ok;
}
