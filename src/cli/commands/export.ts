/** `broadsheet export --db FILE --format jsonl|csv|warc --what articles|pages --out FILE` */
import { closeSync, createWriteStream, existsSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { Command, Option } from 'commander';
import { writeArticlesWarc } from '../../export/warc.js';
import { NearDuplicateFilter, isPostgresUrl, openStore, type ArticleRow, type CrawlStore, type PageRow } from '../../store/index.js';
import { EXIT } from '../exit-codes.js';

interface ExportFlags {
  db: string;
  format: 'jsonl' | 'csv' | 'warc';
  what: 'articles' | 'pages';
  out: string;
  duplicates?: boolean;
}

/** Columns of the CSV exports (and the order of the JSON Lines fields). */
const ARTICLE_COLUMNS = ['url', 'finalUrl', 'site', 'fetchedAt', 'title', 'text', 'markdown', 'metadata', 'wordCount', 'contentHash'] as const;
const PAGE_COLUMNS = ['fetchOrder', 'url', 'finalUrl', 'site', 'depth', 'status', 'fetchedAt', 'isArticle', 'errorCode', 'errorMessage', 'durationMs'] as const;

export function exportCommand(setExit: (code: number) => void): Command {
  return new Command('export')
    .description('Write the articles (or every fetched page) of a crawl database as JSON Lines, CSV or WARC.')
    .requiredOption('--db <file|url>', 'the crawl database: an SQLite file or postgres://…')
    .addOption(new Option('--format <format>', 'output format').choices(['jsonl', 'csv', 'warc']).default('jsonl'))
    .addOption(new Option('--what <what>', 'articles (near-duplicates collapsed) or pages (fetch order)').choices(['articles', 'pages']).default('articles'))
    .option('-o, --out <file>', "output file ('-' for stdout)", '-')
    .option('--duplicates', 'articles: keep near-duplicates too')
    .addHelpText(
      'after',
      `
Articles: url, final URL, site, fetch time, title, text, markdown, metadata, word count and
content hash, in fetch order; an article whose text repeats an earlier one (same hash, or a
simhash within 3 bits) is left out unless --duplicates. Pages: every fetched URL in fetch
order with its status, depth, article decision and error. WARC (articles only): per article a
resource record of its clean HTML and a JSON metadata record (broadsheet keeps the extracted
article, not the raw HTTP exchange).

Examples:
  broadsheet export --db news.db --out articles.jsonl
  broadsheet export --db news.db --what pages --format csv --out pages.csv
  broadsheet export --db news.db --format warc --out articles.warc.gz`,
    )
    .action(async (flags: ExportFlags) => {
      setExit(flags.format === 'warc' ? await runWarcExport(flags) : runExport(flags));
    });
}

function runExport(flags: ExportFlags): number {
  if (!isPostgresUrl(flags.db) && !existsSync(flags.db)) {
    process.stderr.write(`broadsheet: ${flags.db}: no such crawl database\n`);
    return EXIT.usage;
  }
  const store = openStore(flags.db, { create: false });
  // Synchronous writes: the store's reads stream from SQLite, and nothing awaits between rows.
  let fd = 1;
  let written = 0;
  let collapsed = 0;
  try {
    if (flags.out !== '-') {
      mkdirSync(dirname(flags.out), { recursive: true });
      fd = openSync(flags.out, 'w');
    }
    const columns = flags.what === 'articles' ? ARTICLE_COLUMNS : PAGE_COLUMNS;
    if (flags.format === 'csv') writeSync(fd, `${columns.join(',')}\r\n`);
    const rows: Iterable<ArticleRow | PageRow> = flags.what === 'articles' ? store.articles() : store.pages();
    const filter = new NearDuplicateFilter();
    for (const row of rows) {
      if (flags.what === 'articles' && flags.duplicates !== true) {
        const article = row as ArticleRow;
        if (filter.seen(article.contentHash, article.simhash)) {
          collapsed++;
          continue;
        }
      }
      const record = toRecord(row, columns);
      writeSync(fd, flags.format === 'csv' ? `${columns.map((c) => csvField(record[c])).join(',')}\r\n` : `${JSON.stringify(record)}\n`);
      written++;
    }
  } finally {
    store.close();
    if (fd !== 1) closeSync(fd);
  }
  process.stderr.write(`broadsheet: exported ${written} ${flags.what}${collapsed > 0 ? ` (${collapsed} near-duplicates collapsed)` : ''}\n`);
  return EXIT.ok;
}

async function runWarcExport(flags: ExportFlags): Promise<number> {
  if (flags.what !== 'articles') {
    process.stderr.write('broadsheet: WARC export holds articles only (use --format jsonl or csv for pages)\n');
    return EXIT.usage;
  }
  if (!isPostgresUrl(flags.db) && !existsSync(flags.db)) {
    process.stderr.write(`broadsheet: ${flags.db}: no such crawl database\n`);
    return EXIT.usage;
  }
  const store = openStore(flags.db, { create: false });
  const toFile = flags.out !== '-';
  if (toFile) mkdirSync(dirname(flags.out), { recursive: true });
  const out = toFile ? createWriteStream(flags.out) : process.stdout;
  const collapsed = { count: 0 };
  let written = 0;
  try {
    written = await writeArticlesWarc(uniqueArticles(store, flags.duplicates === true, collapsed), out, {
      software: 'broadsheet',
      filename: toFile ? basename(flags.out) : 'articles.warc.gz',
    });
  } finally {
    store.close();
    if (toFile) await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
  }
  process.stderr.write(`broadsheet: exported ${written} articles${collapsed.count > 0 ? ` (${collapsed.count} near-duplicates collapsed)` : ''}\n`);
  return EXIT.ok;
}

/** Articles in fetch order, near-duplicates left out unless `keepDuplicates`. */
function* uniqueArticles(store: CrawlStore, keepDuplicates: boolean, collapsed: { count: number }): Generator<ArticleRow> {
  const filter = new NearDuplicateFilter();
  for (const article of store.articles()) {
    if (!keepDuplicates && filter.seen(article.contentHash, article.simhash)) {
      collapsed.count++;
      continue;
    }
    yield article;
  }
}

function toRecord(row: ArticleRow | PageRow, columns: readonly string[]): Record<string, unknown> {
  const source = row as unknown as Record<string, unknown>;
  const record: Record<string, unknown> = {};
  for (const column of columns) {
    const value = source[column];
    record[column] = column === 'fetchedAt' && typeof value === 'number' ? new Date(value).toISOString() : (value ?? null);
  }
  return record;
}

/** RFC 4180: quote fields holding a comma, quote or line break; objects as JSON. */
function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
