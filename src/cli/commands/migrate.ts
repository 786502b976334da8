/** `broadsheet migrate --from FILE --to postgres://…`: an SQLite crawl copied into PostgreSQL. */
import { existsSync } from 'node:fs';
import { Command } from 'commander';
import { copySqliteToPg } from '../../store/copy.js';
import { isPostgresUrl } from '../../store/index.js';
import { EXIT } from '../exit-codes.js';
import { COMMAND_SUMMARIES } from '../command-list.js';

export function migrateCommand(setExit: (code: number) => void): Command {
  return new Command('migrate')
    .description(COMMAND_SUMMARIES.migrate.description)
    .requiredOption('--from <file>', 'the SQLite crawl database')
    .requiredOption('--to <url>', 'postgres://user@host:5432/database (empty; its tables are created)')
    .addHelpText(
      'after',
      `
Everything is copied in one transaction (pages, links, articles, the frontier with its states,
settings, the policy state); URLs that were in flight are queued again. The SQLite file is
left as it was. Then: broadsheet worker --db URL (on any number of machines).

Exit codes: 0 copied, ${EXIT.usage} bad usage, a missing file, or a target that already holds a crawl.`,
    )
    .action(async (flags: { from: string; to: string }) => {
      if (!existsSync(flags.from)) {
        process.stderr.write(`broadsheet: ${flags.from}: no such crawl database\n`);
        setExit(EXIT.usage);
        return;
      }
      if (!isPostgresUrl(flags.to)) {
        process.stderr.write('broadsheet: --to takes postgres://…\n');
        setExit(EXIT.usage);
        return;
      }
      const report = await copySqliteToPg(flags.from, flags.to, { onTable: (name, n) => process.stderr.write(`${name}: ${n} rows\n`) });
      const total = Object.values(report.rows).reduce((a, b) => a + b, 0);
      process.stdout.write(`copied ${total} rows (${report.rows['pages'] ?? 0} pages, ${report.rows['frontier'] ?? 0} frontier URLs) in ${report.seconds.toFixed(1)} s\n`);
    });
}
