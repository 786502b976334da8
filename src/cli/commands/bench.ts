/** `broadsheet bench <dataset>` */
import { DEFAULT_CONCURRENCY } from '../../render/session.js';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Command } from 'commander';
import { CORPUS_FORMATS, CorpusFormatError, CorpusNotFoundError, openCorpus } from '../../bench/corpora/index.js';
import { htmlReport } from '../../bench/report-html.js';
import { jsonReport, markdownReport } from '../../bench/report.js';
import { runBench, type SystemName } from '../../bench/runner.js';
import { closeOnSignals, launchBrowser } from '../../render/browser.js';
import { createProgress, type Progress } from '../progress.js';
import { intOption } from '../parse.js';
import { EXIT } from '../exit-codes.js';

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
}

export function benchCommand(setExit: (code: number) => void): Command {
  const formats = CORPUS_FORMATS.map((f) => `${f.name} (${f.description}${f.defaultDir ? `; default ${f.defaultDir}` : ''})`).join('\n  ');
  return new Command('bench')
    .description('Benchmark extraction on saved pages with ground truth: broadsheet and Readability.js side by side, scored by the same metric.')
    .argument('<dataset>', 'a format name (aeb, samples: its default directory) or a directory in a known format')
    .option('-o, --out <dir>', 'write report.json, report.md, report.html and shots/ here (default out/bench-<dataset>)')
    .option('-c, --concurrency <n>', 'pages broadsheet renders at once, one per core by default', intOption(1, 32), DEFAULT_CONCURRENCY)
    .option('--limit <n>', 'only the first N pages (quick runs)', intOption(1, 1_000_000))
    .option('--no-peer', 'skip Readability.js')
    .option('--no-screenshots', 'no --explain screenshots of the 5 worst pages')
    .option('--seed <n>', 'seed of the bootstrap generator', intOption(0, 2 ** 32 - 1))
    .option('--bootstrap <n>', 'bootstrap samples for the ± spread (default 1000)', intOption(0, 100_000))
    .option('--no-progress', 'no progress on stderr')
    .option('--time-budget <ms>', 'time budget of a saved page\'s load and snapshot: what one render could not finish within it is cut before rendering (long lists and tables summarised, huge texts and style sheets shortened; JSON "cuts", kind "time"), and a page still past it fails with render-timeout; 0: none', intOption(0, 600_000), 10_000)
    .addHelpText(
      'after',
      `
Formats:
  ${formats}

Prints the Markdown summary on stdout; progress goes to stderr. A page that fails to render,
times out or has no article is scored as a miss and listed with its reason; the run goes on.

Exit codes: 0 the run finished and no page failed for broadsheet; ${EXIT.someFailed} the run finished
(reports written) but broadsheet failed on some page (an error, not "no article");
${EXIT.usage} dataset not found or not in a known format, bad options, or no browser.

Examples:
  broadsheet bench samples
  broadsheet bench aeb --concurrency 2 --out out/aeb
  broadsheet bench samples --limit 3 --no-screenshots`,
    )
    .action(async (dataset: string, flags: BenchFlags) => {
      setExit(await runBenchCommand(dataset, flags));
    });
}

async function runBenchCommand(dataset: string, flags: BenchFlags): Promise<number> {
  let corpus;
  try {
    corpus = await openCorpus(dataset);
  } catch (error) {
    if (error instanceof CorpusNotFoundError || error instanceof CorpusFormatError) {
      process.stderr.write(`broadsheet: ${error.message}\n`);
      return EXIT.usage;
    }
    throw error;
  }
  const outDir = resolve(flags.out ?? join('out', `bench-${dataset.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^[._]+|[._]+$/g, '') || 'dataset'}`));
  mkdirSync(outDir, { recursive: true });

  const browser = await launchBrowser();
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
      ...(flags.screenshots ? { screenshotDir: join(outDir, 'shots') } : {}),
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
    await browser.close();
  }
  writeFileSync(join(outDir, 'report.json'), jsonReport(run));
  const markdown = markdownReport(run);
  writeFileSync(join(outDir, 'report.md'), markdown);
  writeFileSync(join(outDir, 'report.html'), htmlReport(run, { reportDir: outDir }));
  process.stdout.write(markdown);
  process.stderr.write(`broadsheet: reports written to ${outDir}/ (report.json, report.md, report.html)\n`);
  return run.pages.some((p) => p.broadsheet.status === 'error') ? EXIT.someFailed : EXIT.ok;
}
