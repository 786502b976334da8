/**
 * Metadata fixtures (test/fixtures/metadata/<name>/): a small self-written page and the metadata
 * fields that must come out of it, compared with toMatchObject (fields not named are not
 * checked). Each page is rendered offline in Chromium (at `url` when expected.json names one)
 * and run through the pure pipeline with the language identifier loaded, as `extract` runs it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { extractFromSnapshot } from '../../src/extract/from-snapshot.js';
import { loadTextLanguageModel } from '../../src/extract/text-language.js';
import { expect, test } from './fixtures.js';

interface Expected {
  pins: string;
  url?: string;
  metadata: Record<string, unknown>;
}

const ROOT = fileURLToPath(new URL('../fixtures/metadata/', import.meta.url));
const fixtures = readdirSync(ROOT, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();

test('there are metadata fixtures to run', () => {
  expect(fixtures.length).toBeGreaterThanOrEqual(3);
});

for (const name of fixtures) {
  test(`metadata: ${name}`, async ({ session }) => {
    const expected = JSON.parse(readFileSync(`${ROOT}${name}/expected.json`, 'utf8')) as Expected;
    expect(await loadTextLanguageModel()).toBe(true);
    const bytes = readFileSync(`${ROOT}${name}/page.html`);
    const url = expected.url ?? `http://saved.invalid/${name}.html`;
    const snapshot = await session.render({ kind: 'html', bytes, url, label: name }, async (page) => page.snapshot);
    const result = extractFromSnapshot(snapshot);
    expect(result.kind, expected.pins).toBe('article');
    if (result.kind !== 'article') return;
    expect(result.article, expected.pins).toMatchObject(expected.metadata);
  });
}

/** The bundled samples (samples/) against the author and day read off each page by hand. */
const SAMPLES = fileURLToPath(new URL('../../samples/', import.meta.url));
const samplesTruth = JSON.parse(readFileSync(`${ROOT}samples-truth.json`, 'utf8')) as Record<string, { author?: string; date?: string } | string>;

for (const [slug, truth] of Object.entries(samplesTruth)) {
  if (typeof truth !== 'object') continue;
  test(`metadata of sample ${slug}: ${truth.author ?? 'no author'}, ${truth.date ?? 'no date'}`, async ({ session }) => {
    expect(await loadTextLanguageModel()).toBe(true);
    const bytes = readFileSync(`${SAMPLES}${slug}.html`);
    const expectedLanguage = (JSON.parse(readFileSync(`${SAMPLES}${slug}.expected.json`, 'utf8')) as { language: string }).language;
    const snapshot = await session.render({ kind: 'html', bytes, url: `http://saved.invalid/${slug}.html`, label: slug }, async (page) => page.snapshot);
    const result = extractFromSnapshot(snapshot);
    if (result.kind !== 'article') throw new Error(`no article: ${result.reason}`);
    if (truth.author) expect(result.article.byline).toBe(truth.author);
    if (truth.date) expect(result.article.publishedAt?.slice(0, 10)).toBe(truth.date);
    expect(result.article.language).toBe(expectedLanguage);
    expect(result.article.languageSource).toBe('text');
  });
}
