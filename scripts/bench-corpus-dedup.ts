/**
 * Near-duplicate removal against planted duplicates, and memory per million documents.
 *
 * Originals: the AEB ground-truth article bodies (real news, 181 pages). For each original one
 * planted copy of each kind is made:
 * - exact: the same text;
 * - boilerplate: the same body with changed boilerplate (a new first line, "share/subscribe"
 *   lines and a copyright line added, the last line dropped);
 * - partial: the first 80 % of the paragraphs (a truncated syndicated copy);
 * - half: the first 50 % of the paragraphs (what a similarity threshold is not meant to catch).
 * Documents are fed originals first, then copies, through the same exact + MinHash stages as
 * `broadsheet corpus`; a copy removed is a true positive, an original removed a false positive.
 * Usage: node --import tsx scripts/bench-corpus-dedup.ts [--similarity 0.7] [--memory 200000]
 */
import { answerHelp } from './help.js';
import { readFileSync } from 'node:fs';
import { contentHash } from '../src/store/near-duplicate.js';
import { MinHashIndex, minhashSignature } from '../src/corpus/minhash.js';

answerHelp(import.meta.url);

const arg = (name: string, fallback: string): string => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1]! : fallback;
};
const similarity = Number(arg('--similarity', '0.7'));
const memoryDocs = Number(arg('--memory', '200000'));
const truth = JSON.parse(readFileSync('/work/shared/data/aeb/ground-truth.json', 'utf8')) as Record<string, { articleBody?: string }>;
const originals = Object.values(truth)
  .map((e) => e.articleBody ?? '')
  .filter((t) => t.split(/\s+/).length >= 50);

const paragraphs = (t: string): string[] => t.split(/\n+/).filter((p) => p.trim() !== '');
const kinds: Record<string, (t: string, i: number) => string> = {
  exact: (t) => t,
  boilerplate: (t, i) => {
    const ps = paragraphs(t);
    return [`Updated ${i % 28 + 1} March · 4 min read`, ...ps.slice(0, -1), 'Share this article on Facebook, Twitter or by email.', 'Subscribe to our newsletter for the day’s top stories.', `© 2026 Example Media Group ${i}. All rights reserved.`].join('\n\n');
  },
  partial: (t) => {
    const ps = paragraphs(t);
    return ps.slice(0, Math.max(1, Math.ceil(ps.length * 0.8))).join('\n\n');
  },
  half: (t) => {
    const ps = paragraphs(t);
    return ps.slice(0, Math.max(1, Math.ceil(ps.length * 0.5))).join('\n\n');
  },
};

const exact = new Set<string>();
const index = new MinHashIndex(similarity);
let falsePositives = 0;
const seen = (text: string): boolean => {
  const hash = contentHash(text);
  if (exact.has(hash)) return true;
  const signature = minhashSignature(text);
  if (index.check(signature)) return true;
  exact.add(hash);
  index.add(signature);
  return false;
};
for (const text of originals) if (seen(text)) falsePositives++;
const caught: Record<string, number> = {};
for (const [kind, make] of Object.entries(kinds)) {
  caught[kind] = 0;
  originals.forEach((text, i) => {
    if (seen(make(text, i))) caught[kind]!++;
  });
}
console.log(`similarity ${similarity} (bands ${index.bands} × rows ${index.rows}); ${originals.length} originals`);
console.log(`originals removed (false positives): ${falsePositives}`);
let tp = 0;
for (const [kind, n] of Object.entries(caught)) {
  console.log(`recall ${kind.padEnd(12)} ${n}/${originals.length} = ${(n / originals.length).toFixed(3)}`);
  if (kind !== 'half') tp += n;
}
const planted = originals.length * 3;
console.log(`precision ${(tp / Math.max(1, tp + falsePositives)).toFixed(3)}, recall ${(tp / planted).toFixed(3)} on exact + boilerplate + partial (80 %)`);

// Memory: the index's typed arrays for `memoryDocs` distinct documents, scaled to a million.
const big = new MinHashIndex(similarity);
const signature = new Uint16Array(128);
let state = 12345;
const before = process.memoryUsage();
const started = performance.now();
for (let d = 0; d < memoryDocs; d++) {
  for (let p = 0; p < 128; p++) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    signature[p] = state >>> 16;
  }
  if (!big.check(signature)) big.add(signature);
}
const after = process.memoryUsage();
const perMillion = (bytes: number): string => `${((bytes / memoryDocs) * 1e6 / 2 ** 20).toFixed(0)} MiB`;
console.log(`index of ${big.size} random documents: ${perMillion(big.bytes)} per million documents in typed arrays (${(big.bytes / big.size).toFixed(0)} B/doc); rss grew ${perMillion(after.rss - before.rss)} per million; ${((performance.now() - started) / memoryDocs * 1000).toFixed(1)} µs per check+add`);
