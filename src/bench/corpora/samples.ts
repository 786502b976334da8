/**
 * broadsheet's own sample pages: `samples/<slug>.html` with `samples/<slug>.expected.json`,
 * the latter `{ title, language, layout, description, body }` (body is the article as plain
 * text, paragraphs separated by blank lines). Samples are written in several languages, so the
 * metric uses the multilingual tokeniser on them.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { CorpusFormatError, CorpusNotFoundError } from './errors.js';
import type { BenchCorpus, BenchPage, CorpusFormat, SkippedEntry } from './types.js';

export const SAMPLES_FORMAT = 'samples';
export const SAMPLES_DEFAULT_DIR = 'samples';

const HTML_SUFFIX = '.html';
const EXPECTED_SUFFIX = '.expected.json';

const expectedSchema = z.looseObject({
  body: z.string(),
  title: z.string().optional(),
  language: z.string().optional(),
  layout: z.string().optional(),
  description: z.string().optional(),
  url: z.string().optional(),
});

async function isDirectory(path: string): Promise<boolean> {
  return stat(path).then((s) => s.isDirectory(), () => false);
}

async function readExpected(path: string): Promise<z.infer<typeof expectedSchema>> {
  let data: unknown;
  try {
    data = JSON.parse(await readFile(path, 'utf8'));
  } catch (cause) {
    throw new CorpusFormatError(SAMPLES_FORMAT, path, 'not valid JSON', { cause });
  }
  const parsed = expectedSchema.safeParse(data);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new CorpusFormatError(SAMPLES_FORMAT, path, `${issue?.path.join('.') || '(root)'}: ${issue?.message}`);
  }
  return parsed.data;
}

/** Opens a samples directory. A page needs both files; a lone file is listed in `skipped`. */
export async function openSamples(dir: string = SAMPLES_DEFAULT_DIR): Promise<BenchCorpus> {
  const root = resolve(dir);
  if (!(await isDirectory(root))) throw new CorpusNotFoundError(SAMPLES_FORMAT, root);
  const names = new Set(await readdir(root));
  const slugs = [...names]
    .filter((name) => name.endsWith(HTML_SUFFIX))
    .map((name) => name.slice(0, -HTML_SUFFIX.length))
    .sort();

  const skipped: SkippedEntry[] = [];
  const pages: BenchPage[] = [];
  for (const slug of slugs) {
    if (!names.has(slug + EXPECTED_SUFFIX)) {
      skipped.push({ id: slug, reason: `no ${slug}${EXPECTED_SUFFIX}` });
      continue;
    }
    const expected = await readExpected(join(root, slug + EXPECTED_SUFFIX));
    const page: BenchPage = {
      id: slug,
      html: { path: join(root, slug + HTML_SUFFIX), compression: 'none' },
      truth: { body: expected.body },
    };
    if (expected.title !== undefined) page.truth.title = expected.title;
    if (expected.language) page.language = expected.language;
    if (expected.url) page.url = expected.url;
    pages.push(page);
  }
  for (const name of names) {
    const slug = name.slice(0, -EXPECTED_SUFFIX.length);
    if (name.endsWith(EXPECTED_SUFFIX) && !names.has(slug + HTML_SUFFIX)) {
      skipped.push({ id: slug, reason: `no ${slug}${HTML_SUFFIX}` });
    }
  }

  return {
    name: SAMPLES_FORMAT,
    format: SAMPLES_FORMAT,
    dir: root,
    tokenization: 'multilingual',
    size: pages.length,
    skipped,
    async *pages() {
      yield* pages;
    },
  };
}

export const samplesFormat: CorpusFormat = {
  name: SAMPLES_FORMAT,
  description: "broadsheet's samples: <slug>.html + <slug>.expected.json",
  defaultDir: SAMPLES_DEFAULT_DIR,
  async detect(dir) {
    if (!(await isDirectory(dir))) return false;
    return (await readdir(dir)).some((name) => name.endsWith(EXPECTED_SUFFIX));
  },
  open: openSamples,
};
