/** `broadsheet export --db FILE --format jsonl|csv|warc --what articles|pages --out FILE` */
import { createWriteStream, existsSync, mkdirSync, renameSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import type { Writable } from 'node:stream';
import { Command, Option } from 'commander';
import { writeArticlesWarc } from '../../export/warc.js';
import { articleRowToRecord, METADATA_KEYS, type ArticleRecord } from '../../record/index.js';
import { NearDuplicateFilter, isPostgresUrl, openStore, type ArticleRow, type CrawlStore, type PageRow } from '../../store/index.js';
import { EXIT } from '../exit-codes.js';
import { outFileProblem } from '../out-file.js';
import { OutputWriter, stdout } from '../stdout.js';
import { COMMAND_SUMMARIES } from '../command-list.js';

interface ExportFlags {
  db: string;
  format: 'jsonl' | 'csv' | 'warc';
  what: 'articles' | 'pages';
  out: string;
  duplicates?: boolean;
  force?: boolean;
}

/**
 * CSV columns of the articles: the record's fields in schema order, the crawl section's as
 * `crawl.<field>`; arrays and objects are JSON in their cell. (JSON Lines: the record itself.)
 */
const ARTICLE_CSV_COLUMNS = [
  'schemaVersion',
  'status',
  'input',
  'url',
  ...METADATA_KEYS,
  'text',
  'markdown',
  'html',
  'wordCount',
  'pageType',
  'crawl.site',
  'crawl.fetchOrder',
  'crawl.fetchedAt',
  'crawl.finalUrl',
  'crawl.contentHash',
  'crawl.simhash',
] as const;
/** Pages are the crawl's fetch log, not records: one row per fetched URL. */
const PAGE_COLUMNS = ['fetchOrder', 'url', 'finalUrl', 'site', 'depth', 'status', 'fetchedAt', 'isArticle', 'errorCode', 'errorMessage', 'durationMs'] as const;

export function exportCommand(setExit: (code: number) => void): Command {
  return new Command('export')
    .description(COMMAND_SUMMARIES.export.description)
    .requiredOption('--db <file|url>', 'the crawl database: an SQLite file or postgres://…')
    .addOption(new Option('--format <format>', 'output format').choices(['jsonl', 'csv', 'warc']).default('jsonl'))
    .addOption(new Option('--what <what>', 'articles (near-duplicates collapsed) or pages (fetch order)').choices(['articles', 'pages']).default('articles'))
    .option('-o, --out <file>', "output file ('-' for stdout); written to FILE.partial-PID and renamed at the end", '-')
    .option('--force', 'with --out: replace FILE if it exists (refused otherwise; a directory is always refused)')
    .option('--duplicates', 'articles: keep near-duplicates too')
    .addHelpText(
      'after',
      `
Articles: one record per article (the same schema as \`extract --format json\`:
schema/record.schema.json) with a "crawl" section (site, fetch order and time, final URL,
content hash, simhash), in fetch order; an article whose text repeats an earlier one (same
hash, or a simhash within 3 bits) is left out unless --duplicates. CSV: the record's fields as
columns (crawl.* for the crawl section; lists as JSON). Pages: every fetched URL in fetch order
with its status, depth, article decision and error. WARC (articles only): per article a
resource record of its clean HTML and a metadata record holding the record without its html.
Databases written before the record existed are read as they are (fields they lack are null).

Writing to a pipe waits for the reader; a reader that closes it (\`| head\`) ends the export
quietly (exit 0).

Examples:
  broadsheet export --db news.db --out articles.jsonl
  broadsheet export --db news.db | jq -r .title
  broadsheet export --db news.db --what pages --format csv --out pages.csv
  broadsheet export --db news.db --format warc --out articles.warc.gz`,
    )
    .action(async (flags: ExportFlags) => {
      setExit(await runExport(flags));
    });
}

function usageProblem(flags: ExportFlags): string | undefined {
  if (flags.format === 'warc' && flags.what !== 'articles') return 'WARC export holds articles only (use --format jsonl or csv for pages)';
  if (flags.duplicates && flags.what === 'pages') return '--duplicates keeps near-duplicate articles; pages are all exported anyway: drop --duplicates';
  if (flags.force && flags.out === '-') return '--force replaces the --out file: give --out FILE, or drop --force';
  if (flags.out !== '-') return outFileProblem(flags.out, flags.force === true);
  if (!isPostgresUrl(flags.db) && !existsSync(flags.db)) return `${flags.db}: no such crawl database`;
  return undefined;
}

async function runExport(flags: ExportFlags): Promise<number> {
  const problem = usageProblem(flags);
  if (problem) {
    process.stderr.write(`broadsheet: ${problem}\n`);
    return EXIT.usage;
  }
  const store = openStore(flags.db, { create: false });
  const toFile = flags.out !== '-';
  const partial = `${flags.out}.partial-${process.pid}`;
  let stream: Writable = process.stdout;
  if (toFile) {
    mkdirSync(dirname(flags.out), { recursive: true });
    stream = createWriteStream(partial);
  }
  const out = toFile ? new OutputWriter(stream) : stdout();
  const collapsed = { count: 0 };
  let written = 0;
  let completed = false;
  try {
    if (flags.format === 'warc') {
      written = await writeArticlesWarc(uniqueArticles(store, flags.duplicates === true, collapsed), stream, {
        software: 'broadsheet',
        filename: toFile ? basename(flags.out) : 'articles.warc.gz',
      });
    } else if (flags.what === 'pages') {
      if (flags.format === 'csv') await out.write(`${PAGE_COLUMNS.join(',')}\r\n`);
      for (const page of store.pages()) {
        await out.write(flags.format === 'csv' ? csvRow(PAGE_COLUMNS.map((c) => pageField(page, c))) : `${JSON.stringify(pageRecord(page))}\n`);
        written++;
      }
    } else {
      if (flags.format === 'csv') await out.write(`${ARTICLE_CSV_COLUMNS.join(',')}\r\n`);
      for (const row of uniqueArticles(store, flags.duplicates === true, collapsed)) {
        const record = articleRowToRecord(row);
        await out.write(flags.format === 'csv' ? csvRow(ARTICLE_CSV_COLUMNS.map((c) => articleField(record, c))) : `${JSON.stringify(record)}\n`);
        written++;
      }
    }
    await out.end();
    completed = true;
  } finally {
    store.close();
    if (toFile) {
      if (completed) renameSync(partial, flags.out);
      else {
        stream.destroy();
        if (existsSync(partial)) process.stderr.write(`broadsheet: the export stopped; what was written so far is in ${partial}\n`);
      }
    }
  }
  process.stderr.write(`broadsheet: exported ${written} ${flags.what}${collapsed.count > 0 ? ` (${collapsed.count} near-duplicates collapsed)` : ''}\n`);
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

function pageRecord(page: PageRow): Record<string, unknown> {
  return Object.fromEntries(PAGE_COLUMNS.map((c) => [c, pageField(page, c)]));
}

function pageField(page: PageRow, column: (typeof PAGE_COLUMNS)[number]): unknown {
  const value = page[column];
  return column === 'fetchedAt' ? new Date(value as number).toISOString() : (value ?? null);
}

function articleField(record: ArticleRecord, column: (typeof ARTICLE_CSV_COLUMNS)[number]): unknown {
  if (column.startsWith('crawl.')) return record.crawl?.[column.slice('crawl.'.length) as keyof NonNullable<ArticleRecord['crawl']>] ?? null;
  return record[column as keyof ArticleRecord] ?? null;
}

function csvRow(values: readonly unknown[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}

/** RFC 4180: quote fields holding a comma, quote or line break; objects as JSON. */
function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
