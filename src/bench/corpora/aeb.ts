/**
 * The article-extraction benchmark (AEB) of Scrapinghub/Zyte: 181 news pages with ground truth.
 *
 * Layout (repository scrapinghub/article-extraction-benchmark, README.rst "Data"):
 *   ground-truth.json      { "<id>": { "articleBody": "…", "url": "…" }, … }  (url optional)
 *   html/<id>.html.gz      the page as fetched by the Splash headless browser with JS off;
 *                          gzip-compressed, UTF-8 encoded
 *   output/<system>.json   published predictions in the ground-truth shape, or wrapped as
 *                          { "version": "…", "output": { "<id>": { "articleBody": "…" } } };
 *                          an articleBody may be null (the extractor found nothing)
 * The ids are hex SHA-256 digests. Only `articleBody` is scored; there is no ground-truth title.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { CorpusFormatError, CorpusNotFoundError } from './errors.js';
import type { BenchCorpus, BenchPage, CorpusFormat } from './types.js';

export const AEB_FORMAT = 'aeb';
/** Where the project keeps its copy, relative to the repository root (see shared/README.md). */
export const AEB_DEFAULT_DIR = '../shared/data/aeb';

const GROUND_TRUTH_FILE = 'ground-truth.json';
const HTML_DIR = 'html';
const HTML_SUFFIX = '.html.gz';
const OUTPUT_DIR = 'output';

const entrySchema = z.looseObject({
  articleBody: z.string().nullish(),
  url: z.string().nullish(),
});
const predictionsSchema = z.record(z.string(), entrySchema);
const wrappedPredictionsSchema = z.object({
  version: z.string().nullish(),
  output: predictionsSchema,
});

async function isDirectory(path: string): Promise<boolean> {
  return stat(path).then((s) => s.isDirectory(), () => false);
}

async function isFile(path: string): Promise<boolean> {
  return stat(path).then((s) => s.isFile(), () => false);
}

async function readJson(path: string): Promise<unknown> {
  const text = await readFile(path, 'utf8').catch((cause: unknown) => {
    throw new CorpusNotFoundError(AEB_FORMAT, path, 'file', { cause });
  });
  try {
    return JSON.parse(text);
  } catch (cause) {
    throw new CorpusFormatError(AEB_FORMAT, path, 'not valid JSON', { cause });
  }
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
    .join('; ');
}

/** Opens an AEB directory: reads the ground truth and checks that every page has its HTML. */
export async function openAeb(dir: string = AEB_DEFAULT_DIR): Promise<BenchCorpus> {
  const root = resolve(dir);
  if (!(await isDirectory(root))) throw new CorpusNotFoundError(AEB_FORMAT, root);
  const truthPath = join(root, GROUND_TRUTH_FILE);
  if (!(await isFile(truthPath))) throw new CorpusNotFoundError(AEB_FORMAT, truthPath, 'ground truth');
  const htmlDir = join(root, HTML_DIR);
  if (!(await isDirectory(htmlDir))) throw new CorpusNotFoundError(AEB_FORMAT, htmlDir, 'html directory');

  const parsed = predictionsSchema.safeParse(await readJson(truthPath));
  if (!parsed.success) throw new CorpusFormatError(AEB_FORMAT, truthPath, describeIssues(parsed.error));

  const htmlFiles = new Set((await readdir(htmlDir)).filter((name) => name.endsWith(HTML_SUFFIX)));
  const ids = Object.keys(parsed.data).sort();
  const withoutHtml = ids.filter((id) => !htmlFiles.has(id + HTML_SUFFIX));
  if (withoutHtml.length > 0) {
    throw new CorpusFormatError(
      AEB_FORMAT,
      htmlDir,
      `${withoutHtml.length} page(s) of the ground truth have no ${HTML_SUFFIX} file: ${withoutHtml.slice(0, 5).join(', ')}`,
    );
  }
  const truthIds = new Set(ids);
  const skipped = [...htmlFiles]
    .map((name) => name.slice(0, -HTML_SUFFIX.length))
    .filter((id) => !truthIds.has(id))
    .sort()
    .map((id) => ({ id, reason: 'html without ground truth' }));

  const pages: BenchPage[] = ids.map((id) => {
    const entry = parsed.data[id];
    const page: BenchPage = {
      id,
      // The README states the files are UTF-8; the published runners decode them as UTF-8
      // whatever their <meta charset> says, so we state it the way a server header would.
      html: { path: join(htmlDir, id + HTML_SUFFIX), compression: 'gzip', charset: 'utf-8' },
      truth: { body: entry?.articleBody ?? '' },
    };
    if (entry?.url) page.url = entry.url;
    return page;
  });

  return {
    name: AEB_FORMAT,
    format: AEB_FORMAT,
    dir: root,
    tokenization: 'aeb',
    size: pages.length,
    skipped,
    async *pages() {
      yield* pages;
    },
  };
}

export const aebFormat: CorpusFormat = {
  name: AEB_FORMAT,
  description: 'article-extraction-benchmark layout: ground-truth.json + html/<id>.html.gz',
  defaultDir: AEB_DEFAULT_DIR,
  async detect(dir) {
    return (await isFile(join(dir, GROUND_TRUTH_FILE))) && (await isDirectory(join(dir, HTML_DIR)));
  },
  open: openAeb,
};

/** Published predictions of one system, as stored in `output/<system>.json`. */
export interface AebPredictions {
  system: string;
  /** Version of the system, when the file is in the wrapped form and names one. */
  version?: string;
  /** Article body by page id; a null or missing body is the empty string. */
  bodies: Map<string, string>;
}

/** Names of the systems whose published predictions the directory holds (`output/*.json`). */
export async function listAebSystems(dir: string = AEB_DEFAULT_DIR): Promise<string[]> {
  const outputDir = join(resolve(dir), OUTPUT_DIR);
  if (!(await isDirectory(outputDir))) return [];
  return (await readdir(outputDir))
    .filter((name) => name.endsWith('.json'))
    .map((name) => name.slice(0, -'.json'.length))
    .sort();
}

/**
 * Reads `output/<system>.json` in either published form. Scoring these with our metric and
 * comparing with the README's table checks that the metric is reproduced.
 */
export async function readAebPredictions(system: string, dir: string = AEB_DEFAULT_DIR): Promise<AebPredictions> {
  const path = join(resolve(dir), OUTPUT_DIR, `${system}.json`);
  const data = await readJson(path);
  const wrapped = wrappedPredictionsSchema.safeParse(data);
  const plain = wrapped.success ? undefined : predictionsSchema.safeParse(data);
  if (!wrapped.success && !plain?.success) {
    throw new CorpusFormatError(AEB_FORMAT, path, plain ? describeIssues(plain.error) : 'unrecognised predictions');
  }
  const entries = wrapped.success ? wrapped.data.output : (plain?.data ?? {});
  const bodies = new Map(Object.entries(entries).map(([id, entry]) => [id, entry.articleBody ?? '']));
  const result: AebPredictions = { system, bodies };
  if (wrapped.success && wrapped.data.version) result.version = wrapped.data.version;
  return result;
}
