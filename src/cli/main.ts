/**
 * The `broadsheet` command line. The CLI owns resources (browser, database) and closes them;
 * only the CLI writes to stdout; progress and diagnostics go to stderr.
 */
import { readFileSync } from 'node:fs';
import { Command, CommanderError } from 'commander';
import { BroadsheetError } from '../errors.js';
import { EXIT } from './exit-codes.js';
import { exitWhenDrained } from './finish.js';
import { OutputClosed, stdout } from './stdout.js';

function version(): string {
  try {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version?: string };
    return pkg.version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}

type CommandFactory = (setExit: (code: number) => void) => Command;

/**
 * The subcommands in the order `--help` lists them, each loaded only when needed: a run of one
 * command imports that command's modules alone (measured on the 2-core machine: `extract` had
 * paid for jsdom, drizzle, pg and the crawler's modules at every start, ~2 s of CPU), while
 * `--help`, `--version` and an unknown command load them all, as commander lists them.
 */
const COMMANDS: ReadonlyArray<readonly [name: string, load: () => Promise<CommandFactory>]> = [
  ['extract', async () => (await import('./commands/extract.js')).extractCommand],
  ['bench', async () => (await import('./commands/bench.js')).benchCommand],
  ['model', async () => (await import('./commands/model.js')).modelCommand],
  ['crawl', async () => (await import('./commands/crawl.js')).crawlCommand],
  ['recrawl', async () => (await import('./commands/recrawl.js')).recrawlCommand],
  ['status', async () => (await import('./commands/status.js')).statusCommand],
  ['export', async () => (await import('./commands/export.js')).exportCommand],
  ['worker', async () => (await import('./commands/worker.js')).workerCommand],
  ['migrate', async () => (await import('./commands/migrate.js')).migrateCommand],
  ['corpus', async () => (await import('./commands/corpus.js')).corpusCommand],
];

/** The factories of the commands `argv` may run: the one it names first, or all of them. */
async function commandsFor(argv: readonly string[]): Promise<CommandFactory[]> {
  const named = COMMANDS.find(([name]) => name === argv[0]);
  const wanted = named ? [named] : COMMANDS;
  // One after the other: Node 20 fails a require() of an ES module (a CommonJS dependency of one
  // command's graph loading an ESM-only package) while another import() is evaluating the same
  // graph ("Cannot read properties of undefined (reading 'getStatus')", seen on `--help`).
  const factories: CommandFactory[] = [];
  for (const [, load] of wanted) factories.push(await load());
  return factories;
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
    .showHelpAfterError('(run with --help for usage)');
  for (const factory of await commandsFor(argv)) program.addCommand(factory(setExit));
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

/**
 * The process entry: runs `main`, sets its exit code, and names whatever keeps the process alive
 * once the work is done instead of hanging on it (see finish.ts). bin/broadsheet.js and the tests
 * that spawn the CLI from the sources both start here.
 */
export async function run(argv: string[]): Promise<void> {
  exitWhenDrained(await main(argv));
}
