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
import { parquetWriteBuffer } from 'hyparquet-writer';
import type { ChunkStats } from './stats.js';

/** One document of the corpus as written. */
export interface CorpusRecord {
  id: string;
  url: string;
  site: string;
  title: string | null;
  date: string | null;
  language: string;
  languageConfidence: number;
  text: string;
  words: number;
  /** The extractor's page-type verdict and its probability (null for crawl-database articles). */
  pageType: string | null;
  extractorConfidence: number | null;
  contentHash: string;
  tdmReserved: boolean;
  robotsDisallow: string[];
  /** Every quality rule's measured value (all passed, or the document would not be here). */
  filters: Record<string, number>;
}

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
    const column = <K extends keyof CorpusRecord>(key: K): Array<CorpusRecord[K]> => records.map((r) => r[key]);
    const buffer = parquetWriteBuffer({
      columnData: [
        { name: 'id', data: column('id'), type: 'STRING' },
        { name: 'url', data: column('url'), type: 'STRING' },
        { name: 'site', data: column('site'), type: 'STRING' },
        { name: 'title', data: column('title'), type: 'STRING', nullable: true },
        { name: 'date', data: column('date'), type: 'STRING', nullable: true },
        { name: 'language', data: column('language'), type: 'STRING' },
        { name: 'language_confidence', data: column('languageConfidence'), type: 'DOUBLE' },
        { name: 'text', data: column('text'), type: 'STRING' },
        { name: 'words', data: column('words'), type: 'INT32' },
        { name: 'page_type', data: column('pageType'), type: 'STRING', nullable: true },
        { name: 'extractor_confidence', data: column('extractorConfidence'), type: 'DOUBLE', nullable: true },
        { name: 'content_hash', data: column('contentHash'), type: 'STRING' },
        { name: 'tdm_reserved', data: column('tdmReserved'), type: 'BOOLEAN' },
        { name: 'robots_disallow', data: records.map((r) => r.robotsDisallow.join(' ')), type: 'STRING' },
        { name: 'filters', data: records.map((r) => JSON.stringify(r.filters)), type: 'JSON' },
      ],
    });
    await writeFile(join(dir, `${name}.parquet.tmp`), Buffer.from(buffer));
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
