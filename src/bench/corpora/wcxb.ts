/**
 * WCXB, the Web Content eXtraction Benchmark (2026): modern pages of seven page types with
 * ground truth. The development split is in `../shared/data/wcxb-dev`.
 *
 * Layout:
 *   html/<id>.html.gz           the saved page (gzip, UTF-8)
 *   ground-truth/<id>.json      { url, ground_truth: { main_content, title, author, publish_date,
 *                                 with[], without[] }, _internal: { page_type: { primary } } }
 * `main_content` is plain text with blank lines between paragraphs; it is empty on a few pages
 * (nothing is the main content). The page type is one of article, service, product, collection,
 * forum, listing, documentation.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { CorpusFormatError, CorpusNotFoundError } from './errors.js';
import type { BenchCorpus, BenchPage, CorpusFormat } from './types.js';

export const WCXB_FORMAT = 'wcxb';
export const WCXB_DEFAULT_DIR = '../shared/data/wcxb-dev';

const HTML_DIR = 'html';
const TRUTH_DIR = 'ground-truth';
const HTML_SUFFIX = '.html.gz';

const truthSchema = z.looseObject({
  url: z.string().nullish(),
  _internal: z.looseObject({ page_type: z.looseObject({ primary: z.string() }).nullish() }).nullish(),
  ground_truth: z.looseObject({
    main_content: z.string().nullish(),
    title: z.string().nullish(),
    with: z.array(z.string()).nullish(),
    without: z.array(z.string()).nullish(),
  }),
});

async function isDirectory(path: string): Promise<boolean> {
  return stat(path).then((s) => s.isDirectory(), () => false);
}

export async function openWcxb(dir: string = WCXB_DEFAULT_DIR): Promise<BenchCorpus> {
  const root = resolve(dir);
  if (!(await isDirectory(root))) throw new CorpusNotFoundError(WCXB_FORMAT, root);
  const htmlDir = join(root, HTML_DIR);
  const truthDir = join(root, TRUTH_DIR);
  if (!(await isDirectory(htmlDir))) throw new CorpusNotFoundError(WCXB_FORMAT, htmlDir, 'html directory');
  if (!(await isDirectory(truthDir))) throw new CorpusNotFoundError(WCXB_FORMAT, truthDir, 'ground-truth directory');

  const htmlIds = new Set((await readdir(htmlDir)).filter((n) => n.endsWith(HTML_SUFFIX)).map((n) => n.slice(0, -HTML_SUFFIX.length)));
  const truthIds = (await readdir(truthDir)).filter((n) => n.endsWith('.json')).map((n) => n.slice(0, -'.json'.length)).sort();
  const skipped = [...htmlIds].filter((id) => !truthIds.includes(id)).sort().map((id) => ({ id, reason: 'html without ground truth' }));
  const pages: BenchPage[] = [];
  for (const id of truthIds) {
    if (!htmlIds.has(id)) {
      skipped.push({ id, reason: 'ground truth without html' });
      continue;
    }
    const path = join(truthDir, `${id}.json`);
    let raw: unknown;
    try {
      raw = JSON.parse(await readFile(path, 'utf8'));
    } catch (cause) {
      throw new CorpusFormatError(WCXB_FORMAT, path, 'not valid JSON', { cause });
    }
    const parsed = truthSchema.safeParse(raw);
    if (!parsed.success) {
      throw new CorpusFormatError(WCXB_FORMAT, path, parsed.error.issues.slice(0, 3).map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; '));
    }
    const t = parsed.data;
    const page: BenchPage = {
      id,
      html: { path: join(htmlDir, id + HTML_SUFFIX), compression: 'gzip', charset: 'utf-8' },
      truth: {
        body: t.ground_truth.main_content ?? '',
        ...(t.ground_truth.title ? { title: t.ground_truth.title } : {}),
        ...(t.ground_truth.with ? { mustContain: t.ground_truth.with } : {}),
        ...(t.ground_truth.without ? { mustNotContain: t.ground_truth.without } : {}),
      },
    };
    if (t.url) page.url = t.url;
    const type = t._internal?.page_type?.primary;
    if (type) page.pageType = type;
    pages.push(page);
  }
  return {
    name: WCXB_FORMAT,
    format: WCXB_FORMAT,
    dir: root,
    // Several languages, some unspaced: the multilingual tokeniser counts CJK per character.
    tokenization: 'multilingual',
    size: pages.length,
    skipped,
    async *pages() {
      yield* pages;
    },
  };
}

export const wcxbFormat: CorpusFormat = {
  name: WCXB_FORMAT,
  description: 'Web Content eXtraction Benchmark layout: html/<id>.html.gz + ground-truth/<id>.json',
  defaultDir: WCXB_DEFAULT_DIR,
  async detect(dir) {
    return (await isDirectory(join(dir, TRUTH_DIR))) && (await isDirectory(join(dir, HTML_DIR)));
  },
  open: openWcxb,
};
