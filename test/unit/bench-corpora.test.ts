import { cacheFolderOf } from '../../src/bench/snapshot-cache.js';
import { test, expect } from '@playwright/test';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import {
  CorpusFormatError,
  CorpusNotFoundError,
  listAebSystems,
  openAeb,
  openCorpus,
  openSamples,
  readAebPredictions,
  readHtmlBytes,
  type BenchCorpus,
  type BenchPage,
} from '../../src/bench/corpora/index.js';
import { aggregate, pageScores } from '../../src/bench/metrics.js';

// A tiny corpus in the published AEB layout, written to a temp dir for each test.
const ID_A = 'a'.repeat(64);
const ID_B = 'b'.repeat(64);
const ID_C = 'c'.repeat(64);
const BODY_A = 'Première phrase de l’article. Deuxième phrase ici.';
const TRUTH: Record<string, { articleBody: string; url?: string }> = {
  // written out of order on purpose: pages come back sorted by id
  [ID_C]: { articleBody: 'the cat sat on the warm mat', url: 'https://example.org/c' },
  [ID_A]: { articleBody: BODY_A, url: 'https://example.org/a' },
  [ID_B]: { articleBody: 'one two three four five' },
};
const HTML = (body: string) => `<!doctype html><html><head><meta charset="utf-8"><title>t</title></head><body><article><p>${body}</p></article></body></html>`;

let dir: string;

async function writeAeb(root: string, truth: Record<string, unknown> = TRUTH): Promise<void> {
  await mkdir(join(root, 'html'), { recursive: true });
  await mkdir(join(root, 'output'), { recursive: true });
  await writeFile(join(root, 'ground-truth.json'), JSON.stringify(truth, null, 4));
  for (const [id, entry] of Object.entries(TRUTH)) {
    await writeFile(join(root, 'html', `${id}.html.gz`), gzipSync(Buffer.from(HTML(entry.articleBody), 'utf8')));
  }
  // Two published forms: plain, and wrapped with a version; a null body means "nothing found".
  await writeFile(
    join(root, 'output', 'plain.json'),
    JSON.stringify({ [ID_A]: { articleBody: BODY_A }, [ID_B]: { articleBody: null }, [ID_C]: { articleBody: 'the cat sat on the warm mat. Subscribe now!' } }),
  );
  await writeFile(
    join(root, 'output', 'wrapped.json'),
    JSON.stringify({ version: '2.0.0', output: { [ID_A]: { articleBody: 'x' }, [ID_B]: { articleBody: 'y' }, [ID_C]: {} } }),
  );
}

async function collect(corpus: BenchCorpus): Promise<BenchPage[]> {
  const pages: BenchPage[] = [];
  for await (const page of corpus.pages()) pages.push(page);
  return pages;
}

test.beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'broadsheet-bench-'));
});

test.afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

test.describe('AEB adapter', () => {
  test('reads ground truth and HTML in the published layout', async () => {
    await writeAeb(dir);
    const corpus = await openAeb(dir);
    expect(corpus).toMatchObject({ name: 'aeb', format: 'aeb', dir: resolve(dir), tokenization: 'aeb', size: 3, skipped: [] });
    const pages = await collect(corpus);
    expect(pages.map((p) => p.id)).toEqual([ID_A, ID_B, ID_C]);
    expect(pages[0]).toEqual({
      id: ID_A,
      url: 'https://example.org/a',
      html: { path: join(resolve(dir), 'html', `${ID_A}.html.gz`), compression: 'gzip', charset: 'utf-8' },
      truth: { body: BODY_A },
    });
    expect(pages[1]?.url).toBeUndefined();
    const bytes = await readHtmlBytes(pages[0]!.html);
    expect(bytes.toString('utf8')).toBe(HTML(BODY_A));
  });

  test('a missing directory is a CorpusNotFoundError that says where it looked', async () => {
    const missing = join(dir, 'nowhere');
    const error = await openAeb(missing).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CorpusNotFoundError);
    expect((error as CorpusNotFoundError).lookedAt).toBe(resolve(missing));
    expect((error as Error).message).toContain(resolve(missing));
    expect((error as CorpusNotFoundError).code).toBe('input-not-found');
  });

  test('a directory without ground-truth.json is a CorpusNotFoundError naming the file', async () => {
    await mkdir(join(dir, 'html'));
    const error = await openAeb(dir).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CorpusNotFoundError);
    expect((error as CorpusNotFoundError).lookedAt).toBe(join(resolve(dir), 'ground-truth.json'));
  });

  test('bad ground truth and pages without HTML are CorpusFormatErrors', async () => {
    await writeAeb(dir, { ...TRUTH, ['d'.repeat(64)]: { articleBody: 'no html for this one' } });
    const incomplete = await openAeb(dir).catch((e: unknown) => e);
    expect(incomplete).toBeInstanceOf(CorpusFormatError);
    expect((incomplete as Error).message).toContain('d'.repeat(64));

    await writeFile(join(dir, 'ground-truth.json'), '{ not json');
    expect(await openAeb(dir).catch((e: unknown) => e)).toBeInstanceOf(CorpusFormatError);

    await writeFile(join(dir, 'ground-truth.json'), JSON.stringify({ [ID_A]: { articleBody: 42 } }));
    expect(await openAeb(dir).catch((e: unknown) => e)).toBeInstanceOf(CorpusFormatError);
  });

  test('HTML without ground truth is listed as skipped', async () => {
    await writeAeb(dir, { [ID_A]: TRUTH[ID_A]!, [ID_C]: TRUTH[ID_C]! });
    const corpus = await openAeb(dir);
    expect(corpus.size).toBe(2);
    expect(corpus.skipped).toEqual([{ id: ID_B, reason: 'html without ground truth' }]);
  });

  test('reads published predictions in both forms and scores them', async () => {
    await writeAeb(dir);
    expect(await listAebSystems(dir)).toEqual(['plain', 'wrapped']);
    const wrapped = await readAebPredictions('wrapped', dir);
    expect(wrapped.version).toBe('2.0.0');
    expect(wrapped.bodies.get(ID_C)).toBe('');
    const plain = await readAebPredictions('plain', dir);
    expect(plain.version).toBeUndefined();
    expect(plain.bodies.get(ID_B)).toBe('');

    // Page A exact (P 1, R 1); page B nothing predicted (R 0, left out of P); page C the truth
    // (7 tokens, 4 shingles) plus 2 junk tokens (6 shingles): P 2/3, R 1.
    // P = mean(1, 2/3) = 5/6; R = mean(1, 0, 1) = 2/3; F1 = 2·(5/6)·(2/3) / (3/2) = 20/27; accuracy 1/3.
    const pages = await collect(await openAeb(dir));
    const scores = pages.map((page) => pageScores(plain.bodies.get(page.id), page.truth.body));
    const result = aggregate(scores, { bootstrapSamples: 0 });
    expect(result.precision).toBeCloseTo(5 / 6, 12);
    expect(result.recall).toBeCloseTo(2 / 3, 12);
    expect(result.f1).toBeCloseTo(20 / 27, 12);
    expect(result.accuracy).toBeCloseTo(1 / 3, 12);
  });

  test('no output directory means no published systems', async () => {
    expect(await listAebSystems(dir)).toEqual([]);
  });
});

test.describe('samples adapter', () => {
  async function writeSample(slug: string, expected: unknown, html = '<p>x</p>'): Promise<void> {
    await writeFile(join(dir, `${slug}.html`), html);
    if (expected !== undefined) {
      await writeFile(join(dir, `${slug}.expected.json`), typeof expected === 'string' ? expected : JSON.stringify(expected));
    }
  }

  test('pairs <slug>.html with <slug>.expected.json and lists lone files', async () => {
    await writeSample('zh-news', { title: '标题', language: 'zh', layout: 'x', description: 'd', body: '北京是中国的首都' });
    await writeSample('en-news', { title: 'Title', language: 'en', layout: 'x', description: 'd', body: 'Body text.' });
    await writeSample('no-truth', undefined);
    await writeFile(join(dir, 'no-html.expected.json'), JSON.stringify({ body: 'b' }));

    const corpus = await openSamples(dir);
    expect(corpus).toMatchObject({ format: 'samples', tokenization: 'multilingual', size: 2 });
    expect(corpus.skipped.map((s) => s.id).sort()).toEqual(['no-html', 'no-truth']);
    const pages = await collect(corpus);
    expect(pages.map((p) => p.id)).toEqual(['en-news', 'zh-news']);
    expect(pages[1]).toEqual({
      id: 'zh-news',
      language: 'zh',
      html: { path: join(resolve(dir), 'zh-news.html'), compression: 'none' },
      truth: { body: '北京是中国的首都', title: '标题' },
    });
    expect((await readHtmlBytes(pages[0]!.html)).toString()).toBe('<p>x</p>');
  });

  test('an expected.json without a body is a CorpusFormatError naming the file', async () => {
    await writeSample('broken', { title: 'no body' });
    const error = await openSamples(dir).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CorpusFormatError);
    expect((error as CorpusFormatError).path).toBe(join(resolve(dir), 'broken.expected.json'));
  });
});

test.describe('openCorpus (registry)', () => {
  test('detects the format of a directory', async () => {
    await mkdir(join(dir, 'aeb-copy'));
    await writeAeb(join(dir, 'aeb-copy'));
    await mkdir(join(dir, 'mine'));
    await writeFile(join(dir, 'mine', 's.html'), '<p>x</p>');
    await writeFile(join(dir, 'mine', 's.expected.json'), JSON.stringify({ body: 'x' }));

    expect((await openCorpus(join(dir, 'aeb-copy'))).format).toBe('aeb');
    expect((await openCorpus('mine', { cwd: dir })).format).toBe('samples');
    expect((await openCorpus('mine', { cwd: dir, format: 'samples' })).size).toBe(1);
  });

  test('a format name opens its default directory, relative to cwd', async () => {
    const cwd = join(dir, 'repo');
    await mkdir(cwd);
    const error = await openCorpus('aeb', { cwd }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CorpusNotFoundError);
    expect((error as CorpusNotFoundError).lookedAt).toBe(join(dir, 'shared', 'data', 'aeb'));

    await mkdir(join(dir, 'shared', 'data', 'aeb'), { recursive: true });
    await writeAeb(join(dir, 'shared', 'data', 'aeb'));
    expect((await openCorpus('aeb', { cwd })).size).toBe(3);
  });

  test('unknown directories and names are typed errors', async () => {
    await mkdir(join(dir, 'empty'));
    expect(await openCorpus(join(dir, 'empty')).catch((e: unknown) => e)).toBeInstanceOf(CorpusFormatError);
    expect(await openCorpus('no-such-thing', { cwd: dir }).catch((e: unknown) => e)).toBeInstanceOf(CorpusNotFoundError);
    expect(await openCorpus(dir, { format: 'nope' }).catch((e: unknown) => e)).toBeInstanceOf(CorpusFormatError);
  });
});

test("the snapshot cache's folder: the format's name where the collection usually is, the directory's too elsewhere", () => {
  const cwd = '/work/project';
  // AEB where it usually is, however the path is written.
  expect(cacheFolderOf({ name: 'aeb', format: 'aeb', dir: '/work/shared/data/aeb' }, cwd)).toBe('aeb');
  expect(cacheFolderOf({ name: 'aeb', format: 'aeb', dir: '/work/project/../shared/data/aeb/' }, cwd)).toBe('aeb');
  // A copy of it elsewhere (without its styles): same page ids, its own folder, not AEB's.
  expect(cacheFolderOf({ name: 'aeb', format: 'aeb', dir: '/tmp/aeb-nostyle' }, cwd)).toBe('aeb-aeb-nostyle');
  expect(cacheFolderOf({ name: 'wcxb', format: 'wcxb', dir: '/work/shared/data/wcxb-dev' }, cwd)).toBe('wcxb');
  expect(cacheFolderOf({ name: 'samples', format: 'samples', dir: '/work/project/samples' }, cwd)).toBe('samples');
});
