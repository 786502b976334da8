/**
 * How much of the comment text `--comments` recovers: word recall and precision (bags of
 * lower-cased words, the bench's Unicode tokeniser, one page at a time, averaged).
 *
 *   node --import tsx scripts/bench-comments.ts [--wcxb DIR] [--snapshots DIR]
 *
 * 1. The self-made pages of test/fixtures/comments/: the `comments` field against the known
 *    comments' text; and how much of that text leaks into the body's `text` without --comments.
 * 2. The WCXB-dev forum pages (truth: the thread's posts): `text` without and with
 *    includeComments against the truth — recall is the share of the posts recovered.
 * Snapshots are rendered once and kept (src/bench/snapshot-cache.ts).
 */
import { answerHelp } from './help.js';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openWcxb, WCXB_DEFAULT_DIR } from '../src/bench/corpora/wcxb.js';
import { cachedSnapshot, DEFAULT_SNAPSHOT_CACHE_DIR, forEachSnapshot } from '../src/bench/snapshot-cache.js';
import type { BenchCorpus, BenchPage } from '../src/bench/corpora/types.js';
import { pageScores, tokenizeMultilingual } from '../src/metrics/aeb.js';
import { extractFromSnapshot } from '../src/extract/from-snapshot.js';
import { launchBrowser } from '../src/render/browser.js';
import { RenderSession } from '../src/render/session.js';

answerHelp(import.meta.url);

const { values } = parseArgs({ options: { wcxb: { type: 'string', default: WCXB_DEFAULT_DIR }, snapshots: { type: 'string', default: DEFAULT_SNAPSHOT_CACHE_DIR } } });

/** Word-bag precision and recall of `got` against `want` (lower-cased words). */
function wordPR(got: string, want: string): { precision: number; recall: number } {
  const count = (text: string): Map<string, number> => {
    const m = new Map<string, number>();
    for (const w of tokenizeMultilingual(text.toLowerCase())) m.set(w, (m.get(w) ?? 0) + 1);
    return m;
  };
  const g = count(got);
  const w = count(want);
  let common = 0;
  for (const [word, n] of g) common += Math.min(n, w.get(word) ?? 0);
  const total = (m: Map<string, number>): number => [...m.values()].reduce((a, b) => a + b, 0);
  const gt = total(g);
  const wt = total(w);
  return { precision: gt === 0 ? (wt === 0 ? 1 : 0) : common / gt, recall: wt === 0 ? 1 : common / wt };
}
const mean = (xs: number[]): number => (xs.length === 0 ? 0 : xs.reduce((a, b) => a + b, 0) / xs.length);
const f3 = (x: number): string => x.toFixed(3);

const browser = await launchBrowser();
const session = new RenderSession(browser, { concurrency: 2 });
try {
  // 1. Self-made pages.
  const root = 'test/fixtures/comments';
  const own: Array<{ name: string; precision: number; recall: number; leak: number }> = [];
  for (const name of readdirSync(root).sort()) {
    const expected = JSON.parse(readFileSync(join(root, name, 'expected.json'), 'utf8')) as { comments: Array<{ text: string }>; url?: string };
    if (expected.comments.length === 0) continue;
    // Rendered at the fixture's own address where it has one (a thread URL), as the test does;
    // the cache keys by the page's bytes, so such a page is cached under a name of its own.
    const url = expected.url ?? `http://saved.invalid/${name}.html`;
    const id = expected.url ? `${name}@${createHash('sha256').update(url).digest('hex').slice(0, 8)}` : name;
    const entry = await cachedSnapshot({ id, path: join(root, name, 'page.html'), url }, join(values.snapshots, 'comments-fixtures'), session);
    if (!entry.snapshot) throw new Error(`${name}: ${entry.error}`);
    const plain = extractFromSnapshot(entry.snapshot);
    if (plain.kind !== 'article') throw new Error(`${name}: no article`);
    const want = expected.comments.map((c) => c.text).join('\n\n');
    const got = plain.article.comments.map((c) => c.text).join('\n\n');
    const pr = wordPR(got, want);
    // Leak: the share of the comments' word 4-grams found in the body's text (AEB's shingles; a
    // thread's body holds its posts by design).
    const leak = pageScores(plain.article.text, want, { tokenizer: tokenizeMultilingual }).recall;
    own.push({ name, ...pr, leak });
    console.log(`own ${name.padEnd(26)} comments P ${f3(pr.precision)} R ${f3(pr.recall)}  comment 4-grams in text without --comments ${f3(leak)}`);
  }
  console.log(`own pages (${own.length}): comments P ${f3(mean(own.map((o) => o.precision)))} R ${f3(mean(own.map((o) => o.recall)))}`);

  // 2. WCXB-dev forum pages.
  const wcxb = await openWcxb(values.wcxb);
  const forum: BenchPage[] = [];
  for await (const page of wcxb.pages()) if (page.pageType === 'forum') forum.push(page);
  const corpus: BenchCorpus = { ...wcxb, size: forum.length, async *pages() { yield* forum; } };
  const rows: Array<{ id: string; p0: number; r0: number; p1: number; r1: number; comments: number }> = [];
  let errors = 0;
  await forEachSnapshot(corpus, { dir: values.snapshots, session, concurrency: 2 }, (entry) => {
    if (entry.status !== 'ok') {
      errors++;
      return;
    }
    const plain = extractFromSnapshot(entry.snapshot);
    const withComments = extractFromSnapshot(entry.snapshot, { includeComments: true });
    const truth = entry.page.truth.body;
    const a = wordPR(plain.kind === 'article' ? plain.article.text : '', truth);
    const b = wordPR(withComments.kind === 'article' ? withComments.article.text : '', truth);
    rows.push({ id: entry.page.id, p0: a.precision, r0: a.recall, p1: b.precision, r1: b.recall, comments: plain.kind === 'article' ? plain.article.comments.length : 0 });
  });
  const f1 = (p: number, r: number): number => (p + r === 0 ? 0 : (2 * p * r) / (p + r));
  console.log(`WCXB-dev forum pages: ${rows.length} (${errors} failed to render); pages with comments found: ${rows.filter((r) => r.comments > 0).length}`);
  console.log(`  without --comments: P ${f3(mean(rows.map((r) => r.p0)))} R ${f3(mean(rows.map((r) => r.r0)))} word-F1 ${f3(mean(rows.map((r) => f1(r.p0, r.r0))))}`);
  console.log(`  with    --comments: P ${f3(mean(rows.map((r) => r.p1)))} R ${f3(mean(rows.map((r) => r.r1)))} word-F1 ${f3(mean(rows.map((r) => f1(r.p1, r.r1))))}`);
  const changed = rows.filter((r) => r.r1 !== r.r0 || r.p1 !== r.p0);
  console.log(`  pages whose text --comments changed: ${changed.length}; on them R ${f3(mean(changed.map((r) => r.r0)))} → ${f3(mean(changed.map((r) => r.r1)))}, P ${f3(mean(changed.map((r) => r.p0)))} → ${f3(mean(changed.map((r) => r.p1)))}`);
} finally {
  await session.close();
  await browser.close();
}
