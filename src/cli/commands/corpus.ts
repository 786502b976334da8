/** `broadsheet corpus <crawl.db | *.warc.gz | dir ...> --out DIR` */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Command, Option } from 'commander';
import { datasetCard, lengthHistogramSvg } from '../../corpus/card.js';
import { buildCorpus, CorpusSettingsMismatch } from '../../corpus/pipeline.js';
import { QUALITY_RULES } from '../../corpus/quality-rules.js';
import { sumChunks, type ChunkStats } from '../../corpus/stats.js';
import { DEFAULT_SIMILARITY } from '../../corpus/minhash.js';
import { closeBrowser, closeOnSignals, launchBrowser } from '../../render/browser.js';
import { intOption } from '../parse.js';
import { EXIT } from '../exit-codes.js';
import { loadModelFile } from './model.js';
import { COMMAND_SUMMARIES } from '../command-list.js';

interface CorpusFlags {
  out: string;
  concurrency: number;
  shardSize: number;
  format: string[];
  replay: boolean;
  maxMb: number;
  languages?: string[];
  minLangConfidence: string;
  quality: boolean;
  skipRule?: string[];
  dedup: boolean;
  nearDedup: boolean;
  similarity: string;
  enforceOptOuts?: boolean;
  model?: string;
  progress: boolean;
}

function fraction(name: string, value: string): number {
  const n = Number(value);
  if (!(n >= 0 && n <= 1)) throw new Error(`${name} must be a number from 0 to 1, got ${value}`);
  return n;
}

export function corpusCommand(setExit: (code: number) => void): Command {
  return new Command('corpus')
    .description(COMMAND_SUMMARIES.corpus.description)
    .argument('<inputs...>', 'crawl databases (.db), .warc/.warc.gz archives, saved pages, or directories of them')
    .requiredOption('-o, --out <dir>', 'output directory (shards, manifest.json, README.md card)')
    .option('-c, --concurrency <n>', 'pages rendered at once', intOption(1, 32), 2)
    .option('--shard-size <n>', 'input records per shard (and per resumable step)', intOption(1, 10_000_000), 1000)
    .addOption(new Option('--format <formats...>', 'shard formats').choices(['jsonl', 'parquet']).default(['jsonl', 'parquet']))
    .option('--no-replay', 'render WARC pages without the stylesheets and images the archive holds')
    .option('--max-mb <n>', 'skip pages larger than this many MiB', intOption(1, 4096), 25)
    .option('--languages <codes...>', 'keep only these languages (ISO 639-1, e.g. en fr)')
    .option('--min-lang-confidence <p>', 'remove documents whose language probability is below this', '0')
    .option('--no-quality', 'no quality filters')
    .option('--skip-rule <names...>', `quality rules not to apply (${QUALITY_RULES.map((r) => r.name).join(', ')})`)
    .option('--no-dedup', 'keep exact and near-duplicates')
    .option('--no-near-dedup', 'remove exact duplicates only')
    .option('--similarity <j>', 'Jaccard similarity (word 5-grams, MinHash) from which documents are near-duplicates', String(DEFAULT_SIMILARITY))
    .option('--enforce-opt-outs', 'remove documents with a TDM reservation or whose robots.txt disallows AI crawlers (recorded either way)')
    .option('--model <file>', 'a cluster model (broadsheet model train) to check the body pick')
    .option('--no-progress', 'no progress on stderr')
    .addHelpText(
      'after',
      `
Stages: read → extract → opt-outs → language (fastText lid.176) → quality rules → exact and
near-duplicate removal (MinHash LSH over the whole corpus) → shards (gzip JSON Lines, Parquet).
A run stopped at any point resumes: run the same command again.

Exit codes: 0 done, ${EXIT.someFailed} some inputs failed (counted in the card), ${EXIT.usage} bad usage.

Examples:
  broadsheet corpus crawl.db --out corpus/
  broadsheet corpus archives/*.warc.gz --out corpus/ --languages en --similarity 0.7
  broadsheet corpus saved/ --out corpus/ --format jsonl --skip-rule stop-words`,
    )
    .action(async (inputs: string[], flags: CorpusFlags) => {
      setExit(await runCorpus(inputs, flags));
    });
}

async function runCorpus(inputs: string[], flags: CorpusFlags): Promise<number> {
  let similarity: number;
  let minLanguageConfidence: number;
  try {
    similarity = fraction('--similarity', flags.similarity);
    minLanguageConfidence = fraction('--min-lang-confidence', flags.minLangConfidence);
    if (similarity === 0) throw new Error('--similarity must be above 0');
  } catch (error) {
    process.stderr.write(`broadsheet: ${(error as Error).message}\n`);
    return EXIT.usage;
  }
  const unknownRules = (flags.skipRule ?? []).filter((name) => !QUALITY_RULES.some((r) => r.name === name));
  if (unknownRules.length > 0) {
    process.stderr.write(`broadsheet: unknown quality rule(s) ${unknownRules.join(', ')}; known: ${QUALITY_RULES.map((r) => r.name).join(', ')}\n`);
    return EXIT.usage;
  }
  const rules = flags.quality ? QUALITY_RULES.filter((r) => !(flags.skipRule ?? []).includes(r.name)) : [];
  const model = flags.model ? await loadModelFile(flags.model) : undefined;

  const started = performance.now();
  let documents = 0;
  let lastPrint = 0;
  const chunks: ChunkStats[] = [];
  const report = (force: boolean): void => {
    if (!flags.progress) return;
    const now = performance.now();
    if (!force && now - lastPrint < 2000) return;
    lastPrint = now;
    const t = sumChunks(chunks);
    const rate = documents / Math.max(0.001, (now - started) / 1000);
    const line = `corpus: ${documents} records · ${rate.toFixed(1)}/s · kept ${t.kept} · no article ${t.noArticle} · language −${t.languageRemoved} · quality −${t.qualityRemoved} · duplicates −${t.exactDuplicates + t.nearDuplicates} · failed ${Object.values(t.failed).reduce((a, b) => a + b, 0)}`;
    process.stderr.write(process.stderr.isTTY ? `\r${line}\u001b[K` : `${line}\n`);
  };

  const browser = await launchBrowser();
  const releaseSignals = closeOnSignals(browser);
  let run;
  try {
    run = await buildCorpus({
      inputs,
      outDir: flags.out,
      browser,
      ...(model ? { params: { model } } : {}),
      concurrency: flags.concurrency,
      shardInputs: flags.shardSize,
      formats: flags.format as ('jsonl' | 'parquet')[],
      replay: flags.replay,
      maxBytes: flags.maxMb * 1024 * 1024,
      languages: flags.languages ?? [],
      minLanguageConfidence,
      rules,
      dedup: { exact: flags.dedup, near: flags.dedup && flags.nearDedup, similarity },
      enforceOptOuts: flags.enforceOptOuts === true,
      onChunk: (chunk, resumed) => {
        chunks.push(chunk);
        if (resumed) documents += chunk.inputs;
        report(true);
      },
      onDocument: () => {
        documents++;
        report(false);
      },
    });
  } catch (error) {
    if (error instanceof CorpusSettingsMismatch) {
      process.stderr.write(`\nbroadsheet: ${error.message}\n`);
      return EXIT.usage;
    }
    throw error;
  } finally {
    releaseSignals();
    await closeBrowser(browser);
  }
  if (flags.progress && process.stderr.isTTY) process.stderr.write('\n');
  const total = sumChunks(run.manifest.chunks);
  writeFileSync(join(flags.out, 'README.md'), datasetCard(run.manifest));
  writeFileSync(join(flags.out, 'lengths.svg'), lengthHistogramSvg(total.lengths));
  const seconds = (performance.now() - started) / 1000;
  const failed = Object.values(total.failed).reduce((a, b) => a + b, 0);
  process.stderr.write(
    `corpus: ${total.kept} of ${total.documents} documents kept in ${run.manifest.chunks.length} shard(s)` +
      `${run.resumedChunks > 0 ? ` (${run.resumedChunks} resumed)` : ''}; ${failed} failed; ${seconds.toFixed(1)} s; card: ${join(flags.out, 'README.md')}\n`,
  );
  for (const [code, n] of Object.entries(total.failed)) process.stderr.write(`broadsheet: ${n} input(s) failed: ${code}\n`);
  return failed > 0 ? EXIT.someFailed : EXIT.ok;
}
