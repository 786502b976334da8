/** `broadsheet crawl <seed-url...> --db FILE` */
import { Command, Option } from 'commander';
import { ALLOCATION_RULES, createAllocation, DEFAULT_ALLOCATION_STEP, type AllocationRule } from '../../crawl/allocate.js';
import { crawl, type StopReason } from '../../crawl/crawler.js';
import { CRAWL_SETTINGS_KEY, mergeSettings, parseSettings, type CrawlSettings } from '../../crawl/settings.js';
import { formatProgress, type CrawlProgress } from '../../crawl/stats.js';
import { createPolicy, POLICY_NAMES } from '../../frontier/index.js';
import { closeOnSignals } from '../../render/browser.js';
import { RenderSession } from '../../render/session.js';
import { openStore } from '../../store/index.js';
import { normalizeUrl, siteOf } from '../../url/index.js';
import { seedFailures } from '../../crawl/seed-failures.js';
import { ConfigError } from '../../errors.js';
import { EXIT } from '../exit-codes.js';
import { intOption } from '../parse.js';
import { COMMAND_SUMMARIES } from '../command-list.js';

/** Identifies the crawler to site owners; override with --user-agent. */
export const DEFAULT_USER_AGENT = 'broadsheet/0.1 (focused news crawler; headless Chromium)';

export interface CrawlFlags {
  db: string;
  maxPages?: number;
  maxDepth: number;
  maxTime?: number;
  examples?: string[];
  policy: CrawlSettings['policy'];
  concurrency: number;
  perSiteConcurrency: number;
  delay: number;
  allowDomain?: string[];
  userAgent: string;
  robots: boolean;
  timeout: number;
  /** Everything done for one page, ms (`--time-budget`). */
  timeBudget: number;
  allowPrivateNetwork?: boolean;
  progress: boolean;
  /** PostgreSQL: how long a claim lasts without renewal (`broadsheet worker --lease`). */
  leaseSec?: number;
  allocate?: AllocationRule;
  allocateStep: number;
  reward: CrawlSettings['reward'];
  siteModels?: boolean;
}

/** Command-line option name → settings field, for "given on the command line". */
const FLAG_TO_SETTING: Record<string, keyof CrawlSettings> = {
  maxPages: 'maxPages',
  maxDepth: 'maxDepth',
  maxTime: 'maxTimeSec',
  examples: 'examples',
  policy: 'policy',
  concurrency: 'concurrency',
  perSiteConcurrency: 'perSiteConcurrency',
  delay: 'delayMs',
  allowDomain: 'allowDomains',
  userAgent: 'userAgent',
  robots: 'robots',
  allocate: 'allocate',
  allocateStep: 'allocateStep',
  reward: 'reward',
  siteModels: 'siteModels',
};

export function crawlCommand(setExit: (code: number) => void): Command {
  const command = new Command('crawl')
    .description(COMMAND_SUMMARIES.crawl.description)
    .argument('[seed-urls...]', 'start URLs (their sites are the crawl scope); may be left out when resuming')
    .requiredOption('--db <file|url>', 'SQLite file holding the crawl (created if missing; an existing one is resumed), or postgres://… to share the crawl with `broadsheet worker`s')
    .option('--max-pages <n>', 'stop after this many pages in the store (earlier runs count)', intOption(1, 100_000_000))
    .option('--max-depth <n>', 'deepest link level fetched (the start page is level 0)', intOption(0, 1000), 20)
    .option('--max-time <seconds>', 'stop this run after this many seconds', intOption(1, 10_000_000))
    .option('--examples <urls...>', 'example article URLs: the similarity policy starts from them')
    .addOption(new Option('--policy <name>', 'frontier policy').choices(POLICY_NAMES as string[]).default('similarity'))
    .option('-c, --concurrency <n>', 'pages rendered at once', intOption(1, 64), 2)
    .option('--per-site-concurrency <n>', 'pages of one site rendered at once', intOption(1, 64), 2)
    .option('--delay <ms>', 'gap between two requests to one site (robots.txt Crawl-delay may raise it)', intOption(0, 3_600_000), 1_000)
    .option('--allow-domain <domains...>', 'also crawl these domains (and their subdomains)')
    .option('--user-agent <ua>', 'User-Agent header and robots.txt agent', DEFAULT_USER_AGENT)
    .option('--no-robots', 'ignore robots.txt (only for sites you own)')
    .option('--timeout <ms>', 'navigation timeout per page', intOption(100, 600_000), 30_000)
    .option('--time-budget <ms>', 'time budget per page: fetch, navigation, the wait for load, snapshot and Node\'s extraction together; a page past it fails (render-timeout or extract-timeout) and the crawl goes on. 0: none', intOption(0, 600_000), 30_000)
    .option('--allow-private-network', 'let pages reach loopback, private and link-local addresses (refused by default: the fetch guard)')
    .option('--no-progress', 'no progress line on stderr')
    .addOption(new Option('--allocate <rule>', 'share --max-pages across the seeds\' sites as a bandit: r1 (equal shares), r2 (best mean, blocks of --allocate-step), r3 (UCB1)').choices(ALLOCATION_RULES as string[]))
    .option('--allocate-step <n>', 'pages per site before r2/r3 start choosing (r2\'s block size)', intOption(1, 1_000_000), DEFAULT_ALLOCATION_STEP)
    .addOption(new Option('--reward <what>', 'what a page earns for --allocate').choices(['articles', 'external-links']).default('articles'))
    .option('--site-models', 'learn a cluster model of article bodies per site as pages arrive; once a site\'s model is stable, extraction there consults it (kept in the database, so a resumed crawl goes on with it)')
    .addHelpText(
      'after',
      `
The first run records the options in the database; running the same command again resumes
the crawl (pages already fetched count against --max-pages). Scope and policy are fixed at the
first run; budgets, concurrency and delay may change.

Exit codes: 0 the crawl ran (pages that failed are recorded in the database), ${EXIT.someFailed}
nothing could be fetched: every seed failed (each one's cause is printed: DNS lookup failed,
connection refused, blocked address — --allow-private-network allows loopback and private
addresses —, robots.txt, HTTP status), ${EXIT.usage} bad usage, a database of another kind, or no
browser.

Examples:
  broadsheet crawl https://news.example.com/ --db news.db --max-pages 500
  broadsheet crawl https://news.example.com/ --db news.db --examples https://news.example.com/2024/05/01/some-story
  broadsheet crawl --db news.db --max-pages 1000        # resume, with a larger budget`,
    )
    .action(async (seeds: string[], flags: CrawlFlags, cmd: Command) => {
      const explicit = new Set<keyof CrawlSettings>();
      for (const [flag, setting] of Object.entries(FLAG_TO_SETTING)) if (cmd.getOptionValueSource(flag) === 'cli') explicit.add(setting);
      setExit(await runCrawl(seeds, flags, explicit));
    });
  return command;
}

export async function runCrawl(seeds: string[], flags: CrawlFlags, explicit: ReadonlySet<keyof CrawlSettings>, opts: { requireStored?: boolean } = {}): Promise<number> {
  const given: CrawlSettings = {
    seeds,
    examples: flags.examples ?? [],
    allowDomains: flags.allowDomain ?? [],
    maxDepth: flags.maxDepth,
    policy: flags.policy,
    maxPages: flags.maxPages ?? null,
    maxTimeSec: flags.maxTime ?? null,
    concurrency: flags.concurrency,
    perSiteConcurrency: flags.perSiteConcurrency,
    delayMs: flags.delay,
    userAgent: flags.userAgent,
    robots: flags.robots,
    allocate: flags.allocate ?? null,
    allocateStep: flags.allocateStep,
    reward: flags.reward,
    siteModels: flags.siteModels === true,
  };
  const store = openStore(flags.db, flags.leaseSec !== undefined ? { pg: { leaseMs: flags.leaseSec * 1000 } } : {});
  let session: RenderSession | undefined;
  const abort = new AbortController();
  let releaseSignals = (): void => {};
  try {
    const storedJson = store.getSetting(CRAWL_SETTINGS_KEY);
    if (storedJson === undefined && opts.requireStored) {
      throw new ConfigError(`${flags.db} holds no crawl yet: start one with \`broadsheet crawl SEED-URL... --db ${flags.db}\` or copy one with \`broadsheet migrate\``);
    }
    const settings = mergeSettings(storedJson === undefined ? undefined : parseSettings(storedJson), given, explicit);
    if (settings.allocate !== null) validateAllocation(settings);
    store.setSetting(CRAWL_SETTINGS_KEY, JSON.stringify(settings));

    session = await RenderSession.launch({ concurrency: settings.concurrency, defaults: { navigationTimeoutMs: flags.timeout, timeBudgetMs: flags.timeBudget, allowPrivateNetwork: flags.allowPrivateNetwork === true } });
    const openSession = session;
    releaseSignals = closeOnSignals(
      {
        async close() {
          abort.abort();
          await openSession.close();
          store.close();
        },
      },
      (signal) => process.stderr.write(`\nbroadsheet: ${signal}: stopping; run the same command again to resume\n`),
    );

    const progress = progressPrinter(flags.progress);
    const summary = await crawl(
      { store, session, policy: createPolicy(settings.policy) },
      {
        seeds: settings.seeds,
        examples: settings.examples,
        allowDomains: settings.allowDomains,
        maxDepth: settings.maxDepth,
        maxPages: settings.maxPages ?? Infinity,
        ...(settings.maxTimeSec !== null ? { maxTimeMs: settings.maxTimeSec * 1000 } : {}),
        concurrency: settings.concurrency,
        politeness: { delayMs: settings.delayMs, perSiteConcurrency: settings.perSiteConcurrency },
        userAgent: settings.userAgent,
        robots: settings.robots,
        renderOptions: { allowPrivateNetwork: flags.allowPrivateNetwork === true, timeBudgetMs: flags.timeBudget },
        ...(settings.allocate !== null ? { allocation: { rule: settings.allocate, step: settings.allocateStep, reward: settings.reward } } : {}),
        siteModels: settings.siteModels === true,
        onProgress: progress.update,
        signal: abort.signal,
      },
    );
    progress.done(summary.progress);
    process.stdout.write(summaryText(summary.stopReason, summary.progress, flags.db));
    // Nothing fetched at all (no frontier entry done) and every seed tried failed: say why, exit non-zero.
    if (summary.stopReason !== 'aborted' && store.counts().done === 0) {
      const failures = seedFailures(store.listSeeds().map((s) => s.url), store.pages());
      if (failures) {
        process.stderr.write(
          `broadsheet: no seed could be fetched:\n${failures.map((f) => `  ${f.seed}: ${f.cause}\n`).join('')}(\`broadsheet status --db ${flags.db}\` shows every error)\n`,
        );
        return EXIT.someFailed;
      }
    }
    return EXIT.ok;
  } finally {
    releaseSignals();
    await session?.close();
    try {
      store.close();
    } catch {
      // already closed by a signal handler
    }
  }
}

function summaryText(stop: StopReason, p: CrawlProgress, db: string): string {
  const why: Record<StopReason, string> = {
    'max-pages': 'page budget reached',
    'max-time': 'time budget reached',
    'frontier-empty': 'nothing left to fetch in scope',
    aborted: 'stopped',
  };
  return (
    `${why[stop]}: ${p.pagesThisRun} pages fetched this run (${p.pagesPerSecond.toFixed(2)} pages/s), ${p.articlesThisRun} articles, ${p.errors} errors\n` +
    `${db}: ${p.pagesTotal} pages, ${p.articlesTotal} articles (harvest ${p.harvestRate.toFixed(2)}), ${p.queued} queued\n`
  );
}

/** Progress on stderr: a line rewritten in place on a terminal, a line every 5 s otherwise. */
function progressPrinter(enabled: boolean): { update(p: CrawlProgress): void; done(p: CrawlProgress): void } {
  if (!enabled) return { update: () => {}, done: () => {} };
  const tty = process.stderr.isTTY === true;
  const intervalMs = tty ? 250 : 5_000;
  let last = 0;
  let shown = false;
  const print = (p: CrawlProgress): void => {
    process.stderr.write(tty ? `\r\x1b[K${formatProgress(p)}` : `${formatProgress(p)}\n`);
    shown = true;
  };
  return {
    update(p) {
      const now = Date.now();
      if (now - last < intervalMs) return;
      last = now;
      print(p);
    },
    done(p) {
      print(p);
      if (tty && shown) process.stderr.write('\n');
    },
  };
}

/** An allocation that cannot work is a usage error before the browser starts. */
function validateAllocation(settings: CrawlSettings): void {
  if (settings.maxPages === null) throw new ConfigError('--allocate needs a page budget: give --max-pages.');
  const sites = settings.seeds.map((seed) => {
    const normalized = normalizeUrl(seed);
    return (normalized.ok ? siteOf(normalized.url) : null) ?? seed;
  });
  createAllocation(settings.allocate!, sites, { budget: settings.maxPages, step: settings.allocateStep });
}
