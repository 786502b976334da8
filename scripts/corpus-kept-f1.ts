/**
 * Are the documents the quality rules remove the badly extracted ones? For the AEB pages of a
 * corpus run: F1 (against the ground truth) of the kept texts (from the shards) and of the
 * pages the rules removed (re-extracted into a JSON Lines file with `broadsheet extract --out`).
 * Usage: node --import tsx scripts/corpus-kept-f1.ts CORPUS_DIR REMOVED_EXTRACT.jsonl
 */
import { answerHelp } from './help.js';
import { readFileSync, readdirSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { pageScores, tokenizeMultilingual } from '../src/bench/metrics.js';

answerHelp(import.meta.url);
const truth = JSON.parse(readFileSync('/work/shared/data/aeb/ground-truth.json', 'utf8')) as Record<string, { articleBody: string }>;
const f1 = (text: string, key: string) => pageScores(text, truth[key]?.articleBody, { tokenizer: tokenizeMultilingual }).f1;
const keyOf = (s: string) => /([0-9a-f]{64})/.exec(s)?.[1];
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const removed: number[] = [];
for (const line of readFileSync(process.argv[3]!, 'utf8').trim().split('\n')) {
  const r = JSON.parse(line); const key = keyOf(r.input); if (!key || !truth[key]) continue;
  removed.push(f1(r.article?.text ?? r.text ?? '', key));
}
const kept: number[] = [];
for (const f of readdirSync(process.argv[2]!).filter((n) => n.startsWith('shard-') && n.endsWith('.jsonl.gz'))) {
  for (const line of gunzipSync(readFileSync(`${process.argv[2]}/${f}`)).toString().trim().split('\n')) {
    const r = JSON.parse(line); const key = keyOf(r.url); if (!key || !truth[key]) continue;
    kept.push(f1(r.text, key));
  }
}
const below = (xs: number[], t: number) => xs.filter((x) => x < t).length;
console.log(`AEB pages kept: ${kept.length}, mean F1 of their extracted text ${mean(kept).toFixed(3)}, F1<0.5: ${below(kept, 0.5)}`);
console.log(`AEB pages removed by quality: ${removed.length}, mean F1 ${mean(removed).toFixed(3)}, F1<0.5: ${below(removed, 0.5)}`);
