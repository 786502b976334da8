/**
 * The `broadsheet` command line. The CLI owns resources (browser, database) and closes them;
 * only the CLI writes to stdout; progress and diagnostics go to stderr.
 */
import { readFileSync } from 'node:fs';
import { Command, CommanderError } from 'commander';
import { BroadsheetError } from '../errors.js';
import { benchCommand } from './commands/bench.js';
import { corpusCommand } from './commands/corpus.js';
import { crawlCommand } from './commands/crawl.js';
import { exportCommand } from './commands/export.js';
import { extractCommand } from './commands/extract.js';
import { modelCommand } from './commands/model.js';
import { statusCommand } from './commands/status.js';
import { workerCommand } from './commands/worker.js';
import { migrateCommand } from './commands/migrate.js';
import { recrawlCommand } from './commands/recrawl.js';
import { EXIT } from './exit-codes.js';
import { OutputClosed, stdout } from './stdout.js';

function version(): string {
  try {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version?: string };
    return pkg.version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}

export async function main(argv: string[]): Promise<number> {
  let exitCode: number = EXIT.ok;
  // An error listener on stdout from the start: a reader that goes away (EPIPE) ends the run quietly.
  stdout();
  const setExit = (code: number): void => {
    exitCode = code;
  };
  const program = new Command('broadsheet')
    .description('Headless-browser pipeline for news: render pages in Chromium, split them into visual units, score them, extract the article.')
    .version(version())
    .exitOverride()
    .showHelpAfterError('(run with --help for usage)')
    .addCommand(extractCommand(setExit))
    .addCommand(benchCommand(setExit))
    .addCommand(modelCommand(setExit))
    .addCommand(crawlCommand(setExit))
    .addCommand(recrawlCommand(setExit))
    .addCommand(statusCommand(setExit))
    .addCommand(exportCommand(setExit))
    .addCommand(workerCommand(setExit))
    .addCommand(migrateCommand(setExit))
    .addCommand(corpusCommand(setExit));
  // Subcommands added with addCommand do not inherit exitOverride: without it a bad option
  // value (`crawl --policy nonsense`) would exit the process with commander's code 1.
  for (const command of program.commands) command.exitOverride();
  try {
    await program.parseAsync(argv, { from: 'user' });
  } catch (error) {
    // The reader went away (`| head`): stop quietly, as Unix tools do.
    if (error instanceof OutputClosed || (error as NodeJS.ErrnoException | undefined)?.code === 'EPIPE') return EXIT.ok;
    if (error instanceof CommanderError) {
      return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
    }
    if (error instanceof BroadsheetError) {
      process.stderr.write(`broadsheet: ${error.message}\n`);
      return EXIT.fatal;
    }
    process.stderr.write(`broadsheet: unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    return EXIT.fatal;
  }
  return exitCode;
}
