/**
 * The commands as `broadsheet --help` lists them: name, arguments, whether they take options, and
 * the one-line description each command module gives itself from here. The listing is made from
 * this table alone, so `--help`, `--version` and a mistyped command load no command's modules
 * (0.48 s when they loaded them all); test/unit/cli-help.test.ts checks that the listing equals
 * the one the loaded commands give.
 */
export interface CommandSummary {
  /** The arguments as commander shows them ("<inputs...>"), or '' for none. */
  args: string;
  /** Whether it has options (commander then shows "[options]"). */
  options: boolean;
  description: string;
}

export const COMMAND_SUMMARIES = {
  extract: { args: '<inputs...>', options: true, description: 'Render pages in Chromium and extract their article bodies.' },
  bench: {
    args: '<dataset>',
    options: true,
    description: 'Benchmark extraction on saved pages with ground truth: broadsheet and Readability.js side by side, scored by the same metric.',
  },
  model: { args: '', options: false, description: 'The cluster model of article bodies (docs/methods.md §5): train it, inspect it, measure it.' },
  crawl: {
    args: '[seed-urls...]',
    options: true,
    description: 'Crawl news sites from their start pages, fetching article pages first; resumable (run the same command again).',
  },
  recrawl: {
    args: '',
    options: true,
    description: 'Revisit the fronts and section pages of a crawl by S.C.E.N.T. scent; new URLs found there go to its frontier. Runs until stopped (Ctrl-C loses nothing).',
  },
  status: { args: '', options: true, description: 'Show what a crawl database holds: pages, articles, harvest rate, queue, links, errors.' },
  export: { args: '', options: true, description: 'Write the articles (or every fetched page) of a crawl database as JSON Lines, CSV or WARC.' },
  worker: {
    args: '',
    options: true,
    description: 'Join a crawl kept in PostgreSQL: claim URLs from the shared frontier, render and record them; start any number, on any machine, at any time.',
  },
  migrate: {
    args: '',
    options: true,
    description: 'Copy a crawl from its SQLite file into an empty PostgreSQL database, so workers on other machines can carry it on.',
  },
  corpus: {
    args: '<inputs...>',
    options: true,
    description: 'Build a training corpus: extract, identify languages, filter by quality, remove duplicates, write shards and a dataset card.',
  },
} as const satisfies Record<string, CommandSummary>;

export type CommandName = keyof typeof COMMAND_SUMMARIES;
