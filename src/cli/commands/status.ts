/** `broadsheet status --db FILE` */
import { existsSync } from 'node:fs';
import { Command } from 'commander';
import { CRAWL_SETTINGS_KEY } from '../../crawl/settings.js';
import { isPostgresUrl, openStore } from '../../store/index.js';
import { EXIT } from '../exit-codes.js';
import { writeStdout } from '../stdout.js';
import { COMMAND_SUMMARIES } from '../command-list.js';

/** Site rows shown in the text form (all of them in --json). */
const MAX_SITE_ROWS = 20;
/** The reason prefix of a link to a site outside the crawl (src/crawl/links.ts). */
const OUT_OF_SCOPE = 'out-of-scope';

/** What each error code means, in words, for the errors-by-kind table. */
const ERROR_KINDS: Record<string, string> = {
  'fetch-dns': 'DNS lookup failed (the name does not resolve)',
  'fetch-refused': 'connection refused (nothing listens there)',
  'fetch-network': 'other network error (reset, unreachable)',
  'fetch-timeout': 'no answer in time',
  'fetch-blocked-address': 'private/loopback address refused (--allow-private-network)',
  'fetch-blocked-scheme': 'not an http(s) URL',
  'fetch-too-large': 'response over the size limit',
  'fetch-too-many-redirects': 'redirect loop or chain too long',
  'render-http-status': 'HTTP error status (4xx, 5xx)',
  'render-timeout': 'page did not load in time',
  'render-not-html': 'not an HTML page',
  'render-navigation': 'navigation failed',
  'render-crashed': 'the page crashed the browser tab',
  'render-dom-too-large': 'DOM over the element limit',
  'robots-disallowed': 'robots.txt disallows it (not fetched)',
};

interface StatusFlags {
  db: string;
  json?: boolean;
}

export function statusCommand(setExit: (code: number) => void): Command {
  return new Command('status')
    .description(COMMAND_SUMMARIES.status.description)
    .requiredOption('--db <file|url>', 'the crawl database: an SQLite file or postgres://…')
    .option('--json', 'print one JSON object')
    .addHelpText(
      'after',
      `
Errors are counted by kind (the error code, with what it means), and pages, articles and errors
per site. "Not followed" links are hrefs the crawl did not queue: links to sites outside the
crawl (also counted as external links) and hrefs that are not crawlable URLs.`,
    )
    .action(async (flags: StatusFlags) => {
      setExit(await runStatus(flags));
    });
}

async function runStatus(flags: StatusFlags): Promise<number> {
  if (!isPostgresUrl(flags.db) && !existsSync(flags.db)) {
    process.stderr.write(`broadsheet: ${flags.db}: no such crawl database\n`);
    return EXIT.usage;
  }
  const store = openStore(flags.db, { create: false });
  try {
    const counts = store.counts();
    const errors = new Map<string, number>();
    const sites = new Map<string, { pages: number; articles: number; errors: number }>();
    let fetched = 0;
    let firstAt: number | null = null;
    let lastAt: number | null = null;
    for (const page of store.pages()) {
      fetched++;
      const site = sites.get(page.site) ?? { pages: 0, articles: 0, errors: 0 };
      site.pages++;
      if (page.isArticle) site.articles++;
      if (page.errorCode !== null) {
        site.errors++;
        errors.set(page.errorCode, (errors.get(page.errorCode) ?? 0) + 1);
      }
      sites.set(page.site, site);
      firstAt = firstAt === null ? page.fetchedAt : Math.min(firstAt, page.fetchedAt);
      lastAt = lastAt === null ? page.fetchedAt : Math.max(lastAt, page.fetchedAt);
    }
    // Bad links: hrefs the crawl did not follow, by why (an out-of-scope link is also an external one).
    let outOfScope = 0;
    for (const bad of store.badLinks()) if (bad.reason.startsWith(OUT_OF_SCOPE)) outOfScope++;
    const settingsJson = store.getSetting(CRAWL_SETTINGS_KEY);
    const status = {
      db: flags.db,
      seeds: store.listSeeds().map((s) => s.url),
      settings: settingsJson === undefined ? null : (JSON.parse(settingsJson) as unknown),
      ...counts,
      badLinksOutOfScope: outOfScope,
      badLinksNotCrawlable: counts.badLinks - outOfScope,
      harvestRate: counts.pages > 0 ? counts.articles / counts.pages : 0,
      errors: Object.fromEntries([...errors].sort((a, b) => b[1] - a[1])),
      sites: Object.fromEntries([...sites].sort((a, b) => b[1].pages - a[1].pages || a[0].localeCompare(b[0]))),
      firstFetchAt: firstAt === null ? null : new Date(firstAt).toISOString(),
      lastFetchAt: lastAt === null ? null : new Date(lastAt).toISOString(),
    };
    if (flags.json) {
      await writeStdout(`${JSON.stringify(status)}\n`);
      return EXIT.ok;
    }
    const errorCount = [...errors.values()].reduce((a, b) => a + b, 0);
    const lines = [
      `${flags.db}`,
      `  seeds      ${status.seeds.join(' ') || '(none)'}`,
      `  pages      ${counts.pages} fetched (${fetched - errorCount} without error, ${errorCount} failed)`,
      `  articles   ${counts.articles} (harvest ${status.harvestRate.toFixed(2)})`,
      `  frontier   ${counts.queued} queued, ${counts.inFlight} in flight, ${counts.done} done, ${counts.failed} failed`,
      `  links      ${counts.internalLinks} internal, ${counts.externalLinks} external; ${counts.badLinks} not followed: ` +
        `${outOfScope} outside the crawl's sites (counted in external too), ${counts.badLinks - outOfScope} not crawlable (mailto:, javascript:, malformed, too long)`,
    ];
    if (errors.size > 0) {
      lines.push('  errors by kind');
      for (const [code, n] of [...errors].sort((a, b) => b[1] - a[1])) lines.push(`    ${String(n).padStart(7)}  ${code.padEnd(24)} ${ERROR_KINDS[code] ?? ''}`.trimEnd());
    }
    if (sites.size > 0) {
      const rows = [...sites].sort((a, b) => b[1].pages - a[1].pages || a[0].localeCompare(b[0]));
      lines.push(`  sites      ${'pages'.padStart(7)} ${'articles'.padStart(8)} ${'errors'.padStart(7)}  site`);
      for (const [site, c] of rows.slice(0, MAX_SITE_ROWS)) lines.push(`             ${String(c.pages).padStart(7)} ${String(c.articles).padStart(8)} ${String(c.errors).padStart(7)}  ${site}`);
      if (rows.length > MAX_SITE_ROWS) lines.push(`             … ${rows.length - MAX_SITE_ROWS} more sites (--json lists all)`);
    }
    if (firstAt !== null && lastAt !== null) lines.push(`  fetched    ${status.firstFetchAt} … ${status.lastFetchAt}`);
    await writeStdout(`${lines.join('\n')}\n`);
    return EXIT.ok;
  } finally {
    store.close();
  }
}
