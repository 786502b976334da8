/** `broadsheet worker --db postgres://…`: one more crawler on a crawl shared through PostgreSQL. */
import { DEFAULT_ALLOCATION_STEP } from '../../crawl/allocate.js';
import { Command } from 'commander';
import type { CrawlSettings } from '../../crawl/settings.js';
import { isPostgresUrl } from '../../store/index.js';
import { EXIT } from '../exit-codes.js';
import { intOption } from '../parse.js';
import { DEFAULT_USER_AGENT, runCrawl } from './crawl.js';
import { COMMAND_SUMMARIES } from '../command-list.js';

interface WorkerFlags {
  db: string;
  concurrency?: number;
  maxPages?: number;
  maxTime?: number;
  lease: number;
  timeout: number;
  timeBudget: number;
  progress: boolean;
  allowPrivateNetwork?: boolean;
}

export function workerCommand(setExit: (code: number) => void): Command {
  return new Command('worker')
    .description(COMMAND_SUMMARIES.worker.description)
    .requiredOption('--db <url>', 'the crawl database: postgres://user@host:5432/database (start the crawl there with `broadsheet crawl SEEDS --db URL`, or copy one with `broadsheet migrate`)')
    .option('-c, --concurrency <n>', 'pages this worker renders at once (default: the crawl\'s)', intOption(1, 64))
    .option('--max-pages <n>', 'the crawl\'s page budget, for all workers together (default: the crawl\'s)', intOption(1, 100_000_000))
    .option('--max-time <seconds>', 'stop this worker after this many seconds', intOption(1, 10_000_000))
    .option('--lease <seconds>', 'how long a claimed URL stays this worker\'s without renewal; a killed worker\'s URLs return to the queue after it', intOption(2, 86_400), 60)
    .option('--timeout <ms>', 'navigation timeout per page', intOption(100, 600_000), 30_000)
    .option('--time-budget <ms>', 'time budget per page: fetch, navigation, the wait for load, snapshot and Node\'s extraction together; a page past it fails (render-timeout or extract-timeout) and the crawl goes on. 0: none', intOption(0, 600_000), 30_000)
    .option('--allow-private-network', 'let pages reach loopback, private and link-local addresses (refused by default: the fetch guard)')
    .option('--no-progress', 'no progress line on stderr')
    .addHelpText(
      'after',
      `
Workers are stateless: the crawl's seeds, scope, policy and politeness are read from the
database; the frontier, the per-site request times (and robots.txt Crawl-delay), the page
budget and the policy state are shared through it. A claim is a lease the worker renews while
it renders; kill a worker (even kill -9) and its URLs go back to the queue when the lease runs
out. Transient database failures (a server restart) are retried with backoff for 60 s.

Exit codes: 0 the worker ran until the crawl was done, the budget spent or --max-time;
${EXIT.usage} bad usage, no crawl in the database, or the database unreachable.

Examples:
  broadsheet crawl https://news.example.com/ --db postgres://crawler@db:5432/news --max-pages 100000 --max-time 1
  broadsheet worker --db postgres://crawler@db:5432/news -c 4     # on each machine`,
    )
    .action(async (flags: WorkerFlags, cmd: Command) => {
      if (!isPostgresUrl(flags.db)) {
        process.stderr.write('broadsheet: worker needs --db postgres://… (an SQLite file is one machine\'s: use `broadsheet crawl --db FILE`)\n');
        setExit(EXIT.usage);
        return;
      }
      const explicit = new Set<keyof CrawlSettings>();
      if (cmd.getOptionValueSource('concurrency') === 'cli') explicit.add('concurrency');
      if (cmd.getOptionValueSource('maxPages') === 'cli') explicit.add('maxPages');
      if (cmd.getOptionValueSource('maxTime') === 'cli') explicit.add('maxTimeSec');
      // Only the explicit values reach the crawl's settings; the rest are read from the database.
      setExit(
        await runCrawl(
          [],
          {
            db: flags.db,
            maxDepth: 20,
            policy: 'similarity',
            concurrency: flags.concurrency ?? 2,
            perSiteConcurrency: 2,
            delay: 1_000,
            userAgent: DEFAULT_USER_AGENT,
            robots: true,
            timeout: flags.timeout,
            timeBudget: flags.timeBudget,
            progress: flags.progress,
            leaseSec: flags.lease,
            allocateStep: DEFAULT_ALLOCATION_STEP,
            reward: 'articles',
            ...(flags.allowPrivateNetwork ? { allowPrivateNetwork: true } : {}),
            ...(flags.maxPages !== undefined ? { maxPages: flags.maxPages } : {}),
            ...(flags.maxTime !== undefined ? { maxTime: flags.maxTime } : {}),
          },
          explicit,
          { requireStored: true },
        ),
      );
    });
}
