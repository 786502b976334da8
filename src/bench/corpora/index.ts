/**
 * The registry of benchmark collection formats. To add a format, write one file exporting a
 * `CorpusFormat` and list it in `CORPUS_FORMATS`.
 */
import { resolve } from 'node:path';
import { stat } from 'node:fs/promises';
import { aebFormat } from './aeb.js';
import { CorpusFormatError, CorpusNotFoundError } from './errors.js';
import { samplesFormat } from './samples.js';
import { wcxbFormat } from './wcxb.js';
import type { BenchCorpus, CorpusFormat } from './types.js';

export type { BenchCorpus, BenchPage, CorpusFormat, GroundTruth, HtmlSource, SkippedEntry } from './types.js';
export { CorpusFormatError, CorpusNotFoundError } from './errors.js';
export { readHtmlBytes, contentTypeOf } from './html-source.js';
export { AEB_DEFAULT_DIR, listAebSystems, openAeb, readAebPredictions, type AebPredictions } from './aeb.js';
export { openSamples, SAMPLES_DEFAULT_DIR } from './samples.js';
export { openWcxb, WCXB_DEFAULT_DIR } from './wcxb.js';

/** Detection tries them in this order; the first match wins. */
export const CORPUS_FORMATS: readonly CorpusFormat[] = [aebFormat, wcxbFormat, samplesFormat];

export function findFormat(name: string): CorpusFormat | undefined {
  return CORPUS_FORMATS.find((format) => format.name === name);
}

export interface OpenCorpusOptions {
  /** Read `spec` as a directory in this format instead of detecting the format. */
  format?: string;
  /** Directory that relative paths (and formats' default directories) are resolved against. */
  cwd?: string;
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(() => true, () => false);
}

/**
 * Opens a benchmark collection named by `spec`: either a format name (`aeb`, `samples`), which
 * opens that format's default directory, or a directory, whose format is detected (or given in
 * `options.format`). An existing directory wins over a format name of the same spelling.
 */
export async function openCorpus(spec: string, options: OpenCorpusOptions = {}): Promise<BenchCorpus> {
  const cwd = options.cwd ?? process.cwd();
  const known = CORPUS_FORMATS.map((format) => format.name).join(', ');

  if (options.format !== undefined) {
    const format = findFormat(options.format);
    if (!format) throw new CorpusFormatError(options.format, resolve(cwd, spec), `unknown format (known: ${known})`);
    return format.open(resolve(cwd, spec));
  }

  const path = resolve(cwd, spec);
  if (await exists(path)) {
    for (const format of CORPUS_FORMATS) {
      if (await format.detect(path)) return format.open(path);
    }
    throw new CorpusFormatError('unknown', path, `not a benchmark collection in any known format (${known})`);
  }

  const named = findFormat(spec);
  if (named?.defaultDir !== undefined) return named.open(resolve(cwd, named.defaultDir));
  throw new CorpusNotFoundError('benchmark', path, `directory or format named "${spec}" (formats: ${known})`);
}
