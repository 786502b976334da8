/**
 * The write stage: shards of kept documents as gzip JSON Lines and Parquet (hyparquet-writer),
 * and the manifest that makes a run resumable. A shard and its manifest entry are written to
 * temporary names and renamed, so a run stopped at any point leaves only whole shards.
 */
import { createReadStream, existsSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import { createGunzip, gzip } from 'node:zlib';
import { parquetWriteBuffer, type ColumnSource } from 'hyparquet-writer';
import type { ChunkStats } from './stats.js';
import { METADATA_KEYS, type ArticleRecord, type CorpusSection } from '../record/index.js';

/**
 * One document of the corpus as written: a record of the one schema (src/record/schema.ts),
 * text only (`html` and `markdown` null), its `language` identified from the text, with the
 * corpus section (id, site, language confidence, words, hash, opt-outs, quality measures).
 */
export type CorpusRecord = ArticleRecord & { corpus: CorpusSection };

/** A document that did not make it into the corpus: where and why (written to `removed-*.jsonl.gz`). */
export interface RemovedRecord {
  id: string;
  stage: string;
  reason: string;
  /** The quality measures, for documents the quality rules removed. */
  values?: Record<string, number>;
}

export interface Manifest {
  version: 1;
  /** The options that shape the output; a resumed run must use the same ones. */
  settings: Record<string, unknown>;
  chunks: ChunkStats[];
}

export const MANIFEST = 'manifest.json';

export function shardName(index: number): string {
  return `shard-${String(index).padStart(5, '0')}`;
}

export async function readManifest(dir: string): Promise<Manifest | undefined> {
  const path = join(dir, MANIFEST);
  if (!existsSync(path)) return undefined;
  return JSON.parse(await readFile(path, 'utf8')) as Manifest;
}

export async function writeManifest(dir: string, manifest: Manifest): Promise<void> {
  const path = join(dir, MANIFEST);
  await writeFile(`${path}.tmp`, `${JSON.stringify(manifest, null, 1)}\n`);
  await rename(`${path}.tmp`, path);
}

/** Writes one shard in the chosen formats; returns the file names. */
export async function writeShard(
  dir: string,
  index: number,
  records: readonly CorpusRecord[],
  formats: readonly ('jsonl' | 'parquet')[],
  removed: readonly RemovedRecord[] = [],
): Promise<string[]> {
  const files: string[] = [];
  const name = shardName(index);
  // Why each other document of the chunk was left out, for audits and threshold tuning.
  const removedName = `removed-${String(index).padStart(5, '0')}.jsonl.gz`;
  await writeFile(join(dir, `${removedName}.tmp`), await promisify(gzip)(removed.map((r) => `${JSON.stringify(r)}\n`).join('')));
  await rename(join(dir, `${removedName}.tmp`), join(dir, removedName));
  if (formats.includes('jsonl')) {
    const body = await promisify(gzip)(records.map((r) => `${JSON.stringify(r)}\n`).join(''));
    await writeFile(join(dir, `${name}.jsonl.gz.tmp`), body);
    await rename(join(dir, `${name}.jsonl.gz.tmp`), join(dir, `${name}.jsonl.gz`));
    files.push(`${name}.jsonl.gz`);
  }
  if (formats.includes('parquet')) {
    await writeFile(join(dir, `${name}.parquet.tmp`), Buffer.from(parquetWriteBuffer({ columnData: parquetColumns(records) })));
    await rename(join(dir, `${name}.parquet.tmp`), join(dir, `${name}.parquet`));
    files.push(`${name}.parquet`);
  }
  return files;
}

/** The records of a finished shard (its JSON Lines file), to rebuild the dedup index on resume. */
export async function* readShardRecords(dir: string, index: number): AsyncGenerator<CorpusRecord> {
  const path = join(dir, `${shardName(index)}.jsonl.gz`);
  if (!existsSync(path)) return;
  const lines = createInterface({ input: createReadStream(path).pipe(createGunzip()), crlfDelay: Infinity });
  for await (const line of lines) if (line.trim() !== '') yield JSON.parse(line) as CorpusRecord;
}

/**
 * Parquet columns: the record's fields under their names (lists and objects as JSON), the
 * corpus section's as `corpus.<field>` columns of their own type.
 */
const LIST_KEYS: ReadonlySet<string> = new Set(['authors', 'categories', 'tags', 'images', 'links']);

function parquetColumns(records: readonly CorpusRecord[]): ColumnSource[] {
  const text = (name: string, data: Array<string | null>): ColumnSource => ({ name, data, type: 'STRING', nullable: true });
  const json = (name: string, data: unknown[]): ColumnSource => ({ name, data: data.map((v) => (v === null || v === undefined ? null : JSON.stringify(v))), type: 'JSON', nullable: true });
  const metadata = METADATA_KEYS.map((key) => {
    const values = records.map((r) => r[key]);
    return LIST_KEYS.has(key) ? json(key, values) : text(key, values as Array<string | null>);
  });
  return [
    { name: 'schemaVersion', data: records.map((r) => r.schemaVersion), type: 'INT32' },
    text('status', records.map((r) => r.status)),
    text('input', records.map((r) => r.input)),
    text('url', records.map((r) => r.url)),
    ...metadata,
    text('text', records.map((r) => r.text)),
    { name: 'wordCount', data: records.map((r) => r.wordCount), type: 'INT32' },
    json('pageType', records.map((r) => r.pageType)),
    json('crawl', records.map((r) => r.crawl ?? null)),
    text('corpus.id', records.map((r) => r.corpus.id)),
    text('corpus.site', records.map((r) => r.corpus.site)),
    text('corpus.capturedAt', records.map((r) => r.corpus.capturedAt)),
    { name: 'corpus.languageConfidence', data: records.map((r) => r.corpus.languageConfidence), type: 'DOUBLE' },
    { name: 'corpus.words', data: records.map((r) => r.corpus.words), type: 'INT32' },
    text('corpus.contentHash', records.map((r) => r.corpus.contentHash)),
    { name: 'corpus.tdmReserved', data: records.map((r) => r.corpus.tdmReserved), type: 'BOOLEAN' },
    json('corpus.robotsDisallow', records.map((r) => r.corpus.robotsDisallow)),
    json('corpus.filters', records.map((r) => r.corpus.filters)),
  ];
}
