/**
 * A corpus run: read → extract → opt-outs → language → quality → exact and near-duplicate
 * removal → shards. Inputs are taken in chunks of `shardInputs` source documents; each chunk
 * becomes one shard and one manifest entry, so a stopped run resumes after its last whole shard
 * (re-reading the finished shards' texts to rebuild the duplicate index).
 *
 * The caller owns the browser and the output directory's lifetime.
 */
import { mkdirSync } from 'node:fs';
import type { Browser } from 'playwright';
import { getDomain } from 'tldts';
import { ConfigError } from '../errors.js';
import { extractRenderInput, type ExtractionResult } from '../extract/extract.js';
import { toRecord, type ArticleRecord } from '../record/index.js';
import { resolveExtractOptions } from '../extract/options.js';
import type { ExtractParams } from '../extract/from-snapshot.js';
import { RenderSession } from '../render/session.js';
import { contentHash } from '../store/near-duplicate.js';
import { identifyLanguage } from './language.js';
import { MinHashIndex, minhashSignature } from './minhash.js';
import { RobotsIndex, tdmReserved } from './opt-outs.js';
import { qualityDecisions } from './quality.js';
import type { QualityRule } from './quality-rules.js';
import { readManifest, readShardRecords, writeManifest, writeShard, type CorpusRecord, type Manifest, type RemovedRecord } from './shards.js';
import { readSources, type SourceDoc } from './sources.js';
import { bump, emptyChunk, lengthBucket, type ChunkStats } from './stats.js';

export interface CorpusOptions {
  inputs: readonly string[];
  outDir: string;
  browser?: Browser;
  params?: Partial<ExtractParams>;
  concurrency: number;
  /** Source documents per shard. */
  shardInputs: number;
  formats: ('jsonl' | 'parquet')[];
  replay: boolean;
  maxBytes: number;
  /** Keep only these languages (ISO 639-1); all when empty. */
  languages: string[];
  /** Remove documents whose language probability is below this. */
  minLanguageConfidence: number;
  /** Quality rules to apply (all by default; `--no-quality` gives none). */
  rules: readonly QualityRule[];
  dedup: { exact: boolean; near: boolean; similarity: number };
  /** Remove documents with a TDM reservation or an AI-crawler robots.txt disallow. */
  enforceOptOuts: boolean;
  onChunk?: (chunk: ChunkStats, resumed: boolean) => void;
  onDocument?: () => void;
}

export interface CorpusRun {
  manifest: Manifest;
  resumedChunks: number;
}

/** The output directory holds a corpus built with other settings: resuming would mix them. */
export class CorpusSettingsMismatch extends ConfigError {}

export async function buildCorpus(options: CorpusOptions): Promise<CorpusRun> {
  mkdirSync(options.outDir, { recursive: true });
  const settings = {
    inputs: options.inputs,
    shardInputs: options.shardInputs,
    formats: options.formats,
    languages: options.languages,
    minLanguageConfidence: options.minLanguageConfidence,
    rules: options.rules.map((r) => [r.name, r.min ?? null, r.max ?? null]),
    dedup: options.dedup,
    enforceOptOuts: options.enforceOptOuts,
    replay: options.replay,
  };
  const previous = await readManifest(options.outDir);
  if (previous && JSON.stringify(previous.settings) !== JSON.stringify(settings)) {
    throw new CorpusSettingsMismatch(`${options.outDir} holds a corpus built with other settings; use another --out directory or the same options to resume`);
  }
  const manifest: Manifest = previous ?? { version: 1, settings, chunks: [] };
  const exact = new Set<string>();
  const near = new MinHashIndex(options.dedup.similarity);
  const nearIds: string[] = [];
  // Resume: the finished shards' documents go back into the duplicate index, in order.
  for (const chunk of manifest.chunks) {
    for await (const record of readShardRecords(options.outDir, chunk.index)) {
      exact.add(record.corpus.contentHash);
      if (options.dedup.near) {
        near.add(minhashSignature(record.text));
        nearIds.push(record.corpus.id);
      }
    }
  }
  const resumedChunks = manifest.chunks.length;
  for (const chunk of manifest.chunks) options.onChunk?.(chunk, true);
  let toSkip = manifest.chunks.reduce((sum, c) => sum + c.inputs, 0);

  const extractOptions = resolveExtractOptions({ concurrency: options.concurrency, maxBytes: options.maxBytes });
  const browser = options.browser;
  const session = browser ? new RenderSession(browser, { concurrency: options.concurrency }) : undefined;
  const robots = new RobotsIndex();
  let batch: SourceDoc[] = [];

  const runChunk = async (): Promise<void> => {
    const chunk = emptyChunk(manifest.chunks.length);
    chunk.inputs = batch.length;
    const { records, removed } = await processChunk(batch, chunk);
    const t0 = performance.now();
    chunk.files = await writeShard(options.outDir, chunk.index, records, options.formats, removed);
    chunk.timeMs.write = Math.round(performance.now() - t0);
    manifest.chunks.push(chunk);
    await writeManifest(options.outDir, manifest);
    options.onChunk?.(chunk, false);
    batch = [];
  };

  const processChunk = async (sources: SourceDoc[], chunk: ChunkStats): Promise<{ records: CorpusRecord[]; removed: RemovedRecord[] }> => {
    // Extraction, concurrently; everything after it in input order (dedup depends on order).
    const t0 = performance.now();
    const extracted = new Array<ExtractionResult | undefined>(sources.length);
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < sources.length) {
        const i = next++;
        const source = sources[i]!;
        if (source.kind !== 'page') continue;
        if (!session) throw new Error('a browser is needed to extract pages');
        extracted[i] = await extractRenderInput(session, source.render, source.id, i, extractOptions, options.params, true);
      }
    };
    await Promise.all(Array.from({ length: options.concurrency }, worker));
    chunk.timeMs.extract = Math.round(performance.now() - t0);

    const records: CorpusRecord[] = [];
    const removed: RemovedRecord[] = [];
    const drop = (id: string, stage: string, reason: string, values?: Record<string, number>): void => {
      removed.push({ id, stage, reason, ...(values ? { values } : {}) });
    };
    for (let i = 0; i < sources.length; i++) {
      const source = sources[i]!;
      options.onDocument?.();
      if (source.kind === 'skipped') {
        bump(chunk.skipped, source.reason);
        continue;
      }
      if (source.kind === 'failed') {
        bump(chunk.failed, source.error.code);
        drop(source.id, 'read', `${source.error.code}: ${source.error.message}`);
        continue;
      }
      chunk.documents++;
      // The document's record: the extraction's, or the crawl database's stored article.
      let base: ArticleRecord;
      let site: string;
      if (source.kind === 'page') {
        const result = extracted[i]!;
        if (result.status === 'error') {
          bump(chunk.failed, result.error.code);
          drop(source.id, 'extract', `${result.error.code}: ${result.error.message}`);
          continue;
        }
        if (result.status === 'none') {
          chunk.noArticle++;
          drop(source.id, 'extract', `no article: ${result.reason}`);
          continue;
        }
        const { timingsMs: _t, cuts: _c, explain: _e, screenshot: _s, ...record } = toRecord(result) as ArticleRecord;
        base = record;
        site = getDomain(source.url) ?? new URL(source.url).hostname;
      } else {
        base = source.record;
        site = source.site;
      }
      const text = base.text;

      const tOpt = performance.now();
      const tdm = source.kind === 'page' ? tdmReserved(source.headers, source.render.kind === 'html' ? source.render.bytes : undefined) : false;
      const robotsDisallow = robots.disallowedFor(source.url);
      if (tdm) chunk.optOut.tdmReserved++;
      if (robotsDisallow.length > 0) chunk.optOut.robotsDisallow++;
      bump(chunk.timeMs, 'optOut', performance.now() - tOpt);
      if (options.enforceOptOuts && (tdm || robotsDisallow.length > 0)) {
        chunk.optOut.removed++;
        drop(source.id, 'opt-out', tdm ? 'tdm-reservation' : `robots.txt disallows ${robotsDisallow.join(', ')}`);
        continue;
      }

      const tLang = performance.now();
      const language = await identifyLanguage(text);
      bump(chunk.timeMs, 'language', performance.now() - tLang);
      if ((options.languages.length > 0 && !options.languages.includes(language.language)) || language.confidence < options.minLanguageConfidence) {
        chunk.languageRemoved++;
        drop(source.id, 'language', `${language.language} (${language.confidence})`);
        continue;
      }

      const tQuality = performance.now();
      const decisions = qualityDecisions(text, language.language, options.rules);
      bump(chunk.timeMs, 'quality', performance.now() - tQuality);
      const failures = decisions.filter((d) => !d.pass);
      for (const f of failures) bump(chunk.qualityFailures, f.rule);
      if (failures.length > 0) {
        chunk.qualityRemoved++;
        drop(source.id, 'quality', failures.map((f) => f.rule).join(' '), Object.fromEntries(decisions.map((d) => [d.rule, d.value])));
        continue;
      }

      const tDedup = performance.now();
      const hash = contentHash(text);
      const signature = options.dedup.near ? minhashSignature(text) : undefined;
      let duplicateOf: string | undefined;
      if (options.dedup.exact && exact.has(hash)) {
        chunk.exactDuplicates++;
        duplicateOf = 'exact';
      } else if (signature) {
        const match = near.check(signature);
        if (match) {
          chunk.nearDuplicates++;
          duplicateOf = nearIds[match.index]!;
        }
      }
      if (duplicateOf !== undefined) {
        if (duplicateOf !== 'exact') bump(chunk.duplicateClusters, duplicateOf);
        drop(source.id, 'dedup', duplicateOf === 'exact' ? 'exact duplicate' : `near-duplicate of ${duplicateOf}`);
        bump(chunk.timeMs, 'dedup', performance.now() - tDedup);
        continue;
      }
      exact.add(hash);
      if (signature) {
        near.add(signature);
        nearIds.push(source.id);
      }
      bump(chunk.timeMs, 'dedup', performance.now() - tDedup);

      const words = text.split(/\s+/u).filter((w) => w !== '').length;
      chunk.kept++;
      bump(chunk.languages, language.language);
      bump(chunk.sites, site);
      chunk.lengths[lengthBucket(words)]! += 1;
      records.push({
        ...base,
        // Text only: a corpus keeps no markup.
        html: null,
        markdown: null,
        language: language.language,
        languageSource: 'text',
        corpus: {
          id: source.id,
          site,
          capturedAt: source.date ?? null,
          languageConfidence: language.confidence,
          words,
          contentHash: hash,
          tdmReserved: tdm,
          robotsDisallow,
          filters: Object.fromEntries(decisions.map((d) => [d.rule, d.value])),
        },
      });
    }
    for (const key of Object.keys(chunk.timeMs)) chunk.timeMs[key] = Math.round(chunk.timeMs[key]!);
    return { records, removed };
  };

  const readAll = async (): Promise<CorpusRun> => {
    const tRead = performance.now();
    let readMs = 0;
    let lastRead = tRead;
    for await (const source of readSources(options.inputs, { replay: options.replay, maxBytes: options.maxBytes, robots })) {
      readMs += performance.now() - lastRead;
      if (toSkip > 0) {
        toSkip--;
      } else {
        batch.push(source);
        if (batch.length >= options.shardInputs) {
          await runChunk();
          manifest.chunks.at(-1)!.timeMs.read = Math.round(readMs);
          readMs = 0;
        }
      }
      lastRead = performance.now();
    }
    if (batch.length > 0) {
      await runChunk();
      manifest.chunks.at(-1)!.timeMs.read = Math.round(readMs);
    }
    await writeManifest(options.outDir, manifest);
    return { manifest, resumedChunks };
  };

  try {
    return await readAll();
  } finally {
    // The session's contexts and page-work threads (the browser is the caller's).
    await session?.close();
  }
}
