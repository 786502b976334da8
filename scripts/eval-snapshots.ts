/**
 * Extraction quality from cached snapshots (no browser): P/R/F1 with the AEB metric and WCXB's
 * word F1 (mean per page), per page type where the collection has types, "none" pages, and the
 * worst pages. For quick iteration on the pure stages. Pages missing from the cache are left out
 * (and counted), so it also runs while a cache is still being filled.
 *
 *   npx tsx scripts/eval-snapshots.ts wcxb [--worst 20] [--json out.json] [--type article] [--no-stage cards,product] [--dir out/snapshots] [--unclear 0.6]
 *
 * `--dir` reads another snapshot cache (one filled by `cache-snapshots.ts --dir`, say with another browser).
 * `--no-stage` switches a profile's type-specific stages off (extract/profiles/), to measure each one's gain.
 * `--unclear` sets the probability below which a page's type is unclear and the article profile runs (shipped 0.6).
 */
import { answerHelp } from './help.js';
import { writeFileSync } from 'node:fs';
import { openCorpus } from '../src/bench/corpora/index.js';
import { aggregate, meanWordF1, pageScores, TOKENIZERS, wordScore, type PageScore } from '../src/bench/metrics.js';
import { NOT_CACHED } from '../src/bench/snapshot-cache.js';
import { forEachSnapshot } from '../src/bench/snapshot-cache.js';
import { extractFromSnapshot, type ExtractParams } from '../src/extract/from-snapshot.js';
import { DEFAULT_PROFILE_PARAMS, PROFILE_STAGES, type ProfileStage } from '../src/extract/profiles/index.js';

answerHelp(import.meta.url);

const args = process.argv.slice(2);
const opt = (name: string): string | undefined => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const name = args[0] ?? 'aeb';
const worstN = Number(opt('--worst') ?? 15);
const type = opt('--type');
const disabledStages = (opt('--no-stage') ?? '').split(',').filter((s) => s !== '') as ProfileStage[];
for (const s of disabledStages) if (!PROFILE_STAGES.includes(s)) throw new Error(`--no-stage: no stage ${s} (stages: ${PROFILE_STAGES.join(', ')})`);
const unclear = opt('--unclear');
if (unclear !== undefined && !(Number(unclear) > 0 && Number(unclear) < 1)) throw new Error(`--unclear must be a probability between 0 and 1, not ${unclear}`);
const params: Partial<ExtractParams> =
  disabledStages.length > 0 || unclear !== undefined ? { profiles: { ...DEFAULT_PROFILE_PARAMS, ...(disabledStages.length > 0 ? { disabledStages } : {}), ...(unclear !== undefined ? { unclearBelow: Number(unclear) } : {}) } } : {};
const corpus = await openCorpus(name);
const tokenizer = TOKENIZERS[corpus.tokenization];
const rows: Array<{ id: string; url?: string; type?: string; status: string; reason?: string; decided?: string; profile?: string; score: PageScore; wordF1: number; chars: number; truthChars: number }> = [];
const started = performance.now();
let extractMs = 0;
let uncached = 0;
const cacheDir = opt('--dir');
await forEachSnapshot(corpus, { concurrency: 1, ...(cacheDir ? { dir: cacheDir } : {}) }, (entry) => {
  if (type && entry.page.pageType !== type) return;
  const truth = entry.page.truth.body;
  if (entry.status === 'error') {
    if (entry.error === NOT_CACHED) {
      uncached++;
      return;
    }
    rows.push({ id: entry.page.id, url: entry.page.url, type: entry.page.pageType, status: 'error', reason: entry.error, score: pageScores('', truth, { tokenizer }), wordF1: wordScore('', truth).f1, chars: 0, truthChars: truth.length });
    return;
  }
  const t0 = performance.now();
  const result = extractFromSnapshot(entry.snapshot, params);
  extractMs += performance.now() - t0;
  const text = result.kind === 'article' ? result.article.text : '';
  rows.push({
    id: entry.page.id,
    url: entry.page.url,
    type: entry.page.pageType,
    status: result.kind,
    ...(result.kind === 'none' ? { reason: result.reason } : {}),
    // What the page-type decision said and which profile ran, for confusion tables over --json.
    ...(result.explanation.pageType ? { decided: result.explanation.pageType.type } : {}),
    ...(result.explanation.profile ? { profile: result.explanation.profile.profile } : {}),
    score: pageScores(text, truth, { tokenizer }),
    wordF1: wordScore(text, truth).f1,
    chars: text.length,
    truthChars: truth.length,
  });
});
const agg = aggregate(rows.map((r) => r.score), { bootstrapSamples: 200 });
const none = rows.filter((r) => r.status === 'none');
const words = (rs: typeof rows): string => meanWordF1(rs.map((r) => ({ f1: r.wordF1 }))).toFixed(3);
console.log(`${name}${type ? ` (${type})` : ''}: ${rows.length} pages${uncached > 0 ? ` (${uncached} not in the cache, left out)` : ''}  P ${agg.precision.toFixed(3)}  R ${agg.recall.toFixed(3)}  F1 ${agg.f1.toFixed(3)} ± ${agg.f1Std.toFixed(3)}  word F1 ${words(rows)}  none ${none.length}  errors ${rows.filter((r) => r.status === 'error').length}  extract ${(extractMs / rows.length).toFixed(1)} ms/page  (${((performance.now() - started) / 1000).toFixed(1)} s)`);
const types = [...new Set(rows.flatMap((r) => (r.type ? [r.type] : [])))].sort();
for (const t of types) {
  const own = rows.filter((r) => r.type === t);
  const a = aggregate(own.map((r) => r.score), { bootstrapSamples: 0 });
  console.log(`  ${t.padEnd(14)} ${String(own.length).padStart(4)} pages  4-gram F1 ${a.f1.toFixed(3)} (P ${a.precision.toFixed(3)} R ${a.recall.toFixed(3)})  word F1 ${words(own)}`);
}
const reasons = new Map<string, number>();
for (const r of none) {
  const key = (r.reason ?? '').replace(/\d+/g, 'N');
  reasons.set(key, (reasons.get(key) ?? 0) + 1);
}
for (const [k, v] of [...reasons].sort((a, b) => b[1] - a[1])) console.log(`  none ×${v}: ${k}`);
const worst = [...rows].sort((a, b) => a.score.f1 - b.score.f1).slice(0, worstN);
for (const r of worst) {
  console.log(`  ${r.score.f1.toFixed(3)} w ${r.wordF1.toFixed(3)} P ${r.score.precision.toFixed(2)} R ${r.score.recall.toFixed(2)} ${r.status.padEnd(7)} ${String(r.chars).padStart(6)}/${String(r.truthChars).padEnd(6)} ${r.id.slice(0, 12)} ${r.url ?? ''} ${r.reason ?? ''}`);
}
const json = opt('--json');
if (json) writeFileSync(json, JSON.stringify(rows, null, 1));
