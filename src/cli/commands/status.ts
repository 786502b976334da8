/** `broadsheet status --db FILE` */
import { existsSync } from 'node:fs';
import { Command } from 'commander';
import { CRAWL_SETTINGS_KEY } from '../../crawl/settings.js';
import { isPostgresUrl, openStore } from '../../store/index.js';
import { EXIT } from '../exit-codes.js';

interface StatusFlags {
  db: string;
  json?: boolean;
}

export function statusCommand(setExit: (code: number) => void): Command {
  return new Command('status')
    .description('Show what a crawl database holds: pages, articles, harvest rate, queue, links, errors.')
    .requiredOption('--db <file|url>', 'the crawl database: an SQLite file or postgres://…')
    .option('--json', 'print one JSON object')
    .action((flags: StatusFlags) => {
      setExit(runStatus(flags));
    });
}

function runStatus(flags: StatusFlags): number {
  if (!isPostgresUrl(flags.db) && !existsSync(flags.db)) {
    process.stderr.write(`broadsheet: ${flags.db}: no such crawl database\n`);
    return EXIT.usage;
  }
  const store = openStore(flags.db, { create: false });
  try {
    const counts = store.counts();
    const errors = new Map<string, number>();
    let fetched = 0;
    let firstAt: number | null = null;
    let lastAt: number | null = null;
    for (const page of store.pages()) {
      fetched++;
      if (page.errorCode !== null) errors.set(page.errorCode, (errors.get(page.errorCode) ?? 0) + 1);
      firstAt = firstAt === null ? page.fetchedAt : Math.min(firstAt, page.fetchedAt);
      lastAt = lastAt === null ? page.fetchedAt : Math.max(lastAt, page.fetchedAt);
    }
    const settingsJson = store.getSetting(CRAWL_SETTINGS_KEY);
    const status = {
      db: flags.db,
      seeds: store.listSeeds().map((s) => s.url),
      settings: settingsJson === undefined ? null : (JSON.parse(settingsJson) as unknown),
      ...counts,
      harvestRate: counts.pages > 0 ? counts.articles / counts.pages : 0,
      errors: Object.fromEntries([...errors].sort((a, b) => b[1] - a[1])),
      firstFetchAt: firstAt === null ? null : new Date(firstAt).toISOString(),
      lastFetchAt: lastAt === null ? null : new Date(lastAt).toISOString(),
    };
    if (flags.json) {
      process.stdout.write(`${JSON.stringify(status)}\n`);
      return EXIT.ok;
    }
    const lines = [
      `${flags.db}`,
      `  seeds      ${status.seeds.join(' ') || '(none)'}`,
      `  pages      ${counts.pages} fetched (${fetched - [...errors.values()].reduce((a, b) => a + b, 0)} without error)`,
      `  articles   ${counts.articles} (harvest ${status.harvestRate.toFixed(2)})`,
      `  frontier   ${counts.queued} queued, ${counts.inFlight} in flight, ${counts.done} done, ${counts.failed} failed`,
      `  links      ${counts.internalLinks} internal, ${counts.externalLinks} external, ${counts.badLinks} bad`,
    ];
    if (errors.size > 0) lines.push(`  errors     ${[...errors].map(([code, n]) => `${code} ${n}`).join(', ')}`);
    if (firstAt !== null && lastAt !== null) lines.push(`  fetched    ${status.firstFetchAt} … ${status.lastFetchAt}`);
    process.stdout.write(`${lines.join('\n')}\n`);
    return EXIT.ok;
  } finally {
    store.close();
  }
}
