/**
 * The bundled samples (samples/*.html with their expected bodies) rendered in Chromium and
 * extracted: every page's body must match the expected one at token 4-gram F1 ≥ 0.95 (the AEB
 * metric with CJK characters as tokens, so Chinese pages are scored per character), and the
 * headline must be found, and the page typed `article`.
 */
import { readFile } from 'node:fs/promises';
import { test, expect } from './fixtures.js';
import { openSamples } from '../../src/bench/corpora/samples.js';
import { pageScores, tokenizeMultilingual } from '../../src/bench/metrics.js';
import { extractFromSnapshot } from '../../src/extract/from-snapshot.js';

const MIN_F1 = 0.95;
/** Samples the page-type decision still types wrong (issue 25): the test fails when one of them is fixed, so the list shrinks. */
const TYPED_WRONG = new Set<string>([]);
const corpus = await openSamples('samples');
const pages: Array<Awaited<ReturnType<typeof collect>>[number]> = await collect();

async function collect() {
  const out = [];
  for await (const page of corpus.pages()) out.push(page);
  return out;
}

/** The languages the samples are written in: scripts with and without spaces, right to left, Devanagari, Thai, Vietnamese, Indonesian, Persian. */
const SAMPLE_LANGUAGES = ['en', 'zh', 'ru', 'ja', 'ko', 'ar', 'de', 'es', 'hi', 'th', 'vi', 'id', 'fa'];

test(`there are at least 20 samples, in ${SAMPLE_LANGUAGES.join(', ')}`, () => {
  expect(pages.length).toBeGreaterThanOrEqual(20);
  const languages = new Set(pages.map((p) => (p.language ?? '').slice(0, 2)));
  for (const lang of SAMPLE_LANGUAGES) expect(languages).toContain(lang);
});

for (const page of pages) {
  test(`sample ${page.id}: body F1 ≥ ${MIN_F1}`, async ({ session }) => {
    const bytes = await readFile(page.html.path);
    const result = await session.render({ kind: 'html', bytes, url: page.url ?? `http://saved.invalid/${page.id}.html`, label: page.id }, async (rendered) =>
      extractFromSnapshot(rendered.snapshot),
    );
    expect(result.kind, result.kind === 'none' ? result.reason : '').toBe('article');
    if (result.kind !== 'article') return;
    const score = pageScores(result.article.text, page.truth.body, { tokenizer: tokenizeMultilingual });
    test.info().annotations.push({ type: 'f1', description: `P=${score.precision.toFixed(3)} R=${score.recall.toFixed(3)} F1=${score.f1.toFixed(3)}` });
    expect(score.f1, `P=${score.precision.toFixed(3)} R=${score.recall.toFixed(3)}`).toBeGreaterThanOrEqual(MIN_F1);
    if (page.truth.title) expect(result.article.title).toBe(page.truth.title);
    // Every sample is a news article (comments, a live blog, a short brief, related tags
    // included): the page-type decision, which never saw these pages in its fit, must say so.
    // Known weakness: the article followed by a long thread of readers' comments is typed
    // `forum` (its comments are 57 % of its text, like the local web's comment pages).
    expect.soft(result.article.pageType.type, `${result.article.pageType.type} (${result.article.pageType.confidence}): ${result.article.pageType.reason}`).toBe(TYPED_WRONG.has(page.id) ? 'forum' : 'article');
  });
}
