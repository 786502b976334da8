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
import { COMMAND_SUMMARIES, type CommandName, type CommandSummary } from './command-list.js';

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
 * paid for jsdom, drizzle, pg and the crawler's modules at every start, ~2 s of CPU), and
 * `--help`, `--version` and an unknown command load none: they list the commands from
 * command-list.ts (1.0 s when they loaded them all).
 */
const COMMANDS: ReadonlyArray<readonly [name: CommandName, load: () => Promise<CommandFactory>]> = [
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

/**
 * The factories of the commands `argv` may run: the one it names first (or `help <command>`
 * names), loaded; otherwise every command as a listing only (`listedCommand`).
 */
export async function commandsFor(argv: readonly string[]): Promise<CommandFactory[]> {
  const wanted = argv[0] === 'help' ? argv[1] : argv[0];
  const named = COMMANDS.find(([name]) => name === wanted);
  if (named) return [await named[1]()];
  return COMMANDS.map(([name]) => () => listedCommand(name));
}

/** A command as `--help` lists it, without its options' definitions or its modules. */
function listedCommand(name: CommandName): Command {
  const summary: CommandSummary = COMMAND_SUMMARIES[name];
  const command = new Command(name).description(summary.description);
  if (summary.args !== '') command.arguments(summary.args);
  // Commander writes "[options]" after a command that has any.
  if (summary.options) command.option('--listed-only', 'never parsed: the command is loaded to run');
  return command;
}

/** Every command, loaded (for the test that the listing above equals theirs). One after the other: Node 20 fails a require() of an ES module while another import() evaluates the same graph. */
export async function loadedCommands(): Promise<CommandFactory[]> {
  const factories: CommandFactory[] = [];
  for (const [, load] of COMMANDS) factories.push(await load());
  return factories;
}

/** The program without its commands: the same for the listing and for a run. */
export function programShell(): Command {
  return new Command('broadsheet')
    .description('Headless-browser pipeline for news: render pages in Chromium, split them into visual units, score them, extract the article.')
    .version(version())
    .exitOverride()
    .showHelpAfterError('(run with --help for usage)');
}

export async function main(argv: string[]): Promise<number> {
  let exitCode: number = EXIT.ok;
  // An error listener on stdout from the start: a reader that goes away (EPIPE) ends the run quietly.
  stdout();
  const setExit = (code: number): void => {
    exitCode = code;
  };
  const program = programShell();
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
