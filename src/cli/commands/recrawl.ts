/** `broadsheet recrawl --db FILE`: revisit the fronts of a crawl with S.C.E.N.T., sending new URLs to its frontier. */
import { existsSync } from 'node:fs';
import { Command } from 'commander';
import { CRAWL_SETTINGS_KEY, parseSettings } from '../../crawl/settings.js';
import { POLICY_MODEL_PREFIX } from '../../crawl/crawler.js';
import { ConfigError } from '../../errors.js';
import { createPolicy } from '../../frontier/index.js';
import { DEFAULT_SCENT_OPTIONS, validateScentOptions } from '../../recrawl/scent.js';
import { recrawl } from '../../recrawl/recrawl.js';
import { closeOnSignals } from '../../render/browser.js';
import { RenderSession } from '../../render/session.js';
import { openSqliteStore } from '../../store/index.js';
import { EXIT } from '../exit-codes.js';
import { intOption } from '../parse.js';
import { COMMAND_SUMMARIES } from '../command-list.js';

interface RecrawlFlags {
  db: string;
  rounds?: number;
  interval: number;
  deltaS: string;
  roundTime: number;
  maxDepth: number;
  timeout: number;
  timeBudget: number;
}

export function recrawlCommand(setExit: (code: number) => void): Command {
  return new Command('recrawl')
    .description(COMMAND_SUMMARIES.recrawl.description)
    .requiredOption('--db <file>', 'the crawl database (made by broadsheet crawl)')
    .option('--rounds <n>', 'stop after this many rounds (default: run until stopped)', intOption(1, 100_000_000))
    .option('--interval <seconds>', 'wait between two rounds', intOption(0, 86_400), 60)
    .option('--delta-s <x>', 'scent every page gains per round (0: stop revisiting pages that never change; large: revisit uniformly)', String(DEFAULT_SCENT_OPTIONS.deltaS))
    .option('--round-time <seconds>', 'check time per round (a check costs A·size + B)', intOption(1, 86_400), DEFAULT_SCENT_OPTIONS.roundTimeMs / 1000)
    .option('--max-depth <n>', 'revisit pages at this depth or less (the start page is 0) that are not articles', intOption(0, 100), 1)
    .option('--timeout <ms>', 'navigation timeout per page', intOption(100, 600_000), 30_000)
    .option('--time-budget <ms>', 'time budget per page: fetch, navigation, the wait for load, snapshot and Node\'s extraction together; a page past it fails (render-timeout or extract-timeout) and the crawl goes on. 0: none', intOption(0, 600_000), 30_000)
    .addHelpText('after', `\nThen run \`broadsheet crawl --db FILE\` to fetch the new articles.\n\nExit codes: 0 ran (failed checks are reported), ${EXIT.usage} bad usage or no browser.`)
    .action(async (flags: RecrawlFlags) => setExit(await runRecrawl(flags)));
}

async function runRecrawl(flags: RecrawlFlags): Promise<number> {
  const deltaS = Number(flags.deltaS);
  const scent = validateScentOptions({ deltaS, roundTimeMs: flags.roundTime * 1000 });
  if (!existsSync(flags.db)) throw new ConfigError(`${flags.db}: no such crawl database (start one with broadsheet crawl)`);
  const store = openSqliteStore(flags.db);
  let session: RenderSession | undefined;
  const abort = new AbortController();
  let releaseSignals = (): void => {};
  try {
    const settingsJson = store.getSetting(CRAWL_SETTINGS_KEY);
    if (settingsJson === undefined) throw new ConfigError(`${flags.db} holds no crawl yet (start one with broadsheet crawl)`);
    const settings = parseSettings(settingsJson);
    const policy = createPolicy(settings.policy);
    const saved = store.loadModel(POLICY_MODEL_PREFIX + policy.name);
    if (saved !== undefined) policy.loadState(saved);
    session = await RenderSession.launch({ concurrency: 1, defaults: { navigationTimeoutMs: flags.timeout, timeBudgetMs: flags.timeBudget } });
    releaseSignals = closeOnSignals({ close: async () => abort.abort() }, (signal) => process.stderr.write(`\nbroadsheet: ${signal}: stopping after this check\n`));
    const summary = await recrawl(
      { store, session, policy },
      {
        scent,
        maxDepth: flags.maxDepth,
        crawlMaxDepth: settings.maxDepth,
        rounds: flags.rounds ?? Infinity,
        intervalMs: flags.interval * 1000,
        userAgent: settings.userAgent,
        signal: abort.signal,
        onCheck: (c) => process.stderr.write(`round ${c.round} ${c.url}: changed ${c.changedSize}, new URLs ${c.newUrls}${c.error ? `, failed: ${c.error}` : ''}\n`),
      },
    );
    process.stdout.write(`${flags.db}: ${summary.rounds} rounds, ${summary.checks} checks (${summary.failures} failed), ${summary.newUrls} new URLs queued\n`);
    return EXIT.ok;
  } finally {
    releaseSignals();
    await session?.close();
    store.close();
  }
}
