/**
 * Micro-benchmark of the URL stage (not a test): vectorisations, similarity evaluations and
 * URL-only decisions per second on synthetic news URLs. Run: `npx tsx scripts/bench-url-similarity.ts`.
 */
import { answerHelp } from './help.js';
import { classifyUrlAlone, initialWeights, topKMeanSimilarity, urlSimilarity, vectorizeUrl } from '../src/url/index.js';

answerHelp(import.meta.url);

const WORDS = 'council approves new budget after long debate storm hits coast thousands lose power minister resigns'.split(' ');
const SECTIONS = ['world', 'sport', 'business', 'science', 'culture'];
let seed = 12345;
const random = (): number => (seed = (seed * 16807) % 2147483647) / 2147483647;
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
const slug = (): string => Array.from({ length: 3 + Math.floor(random() * 6) }, () => pick(WORDS)).join('-');

const urls = Array.from({ length: 2000 }, (_, i) =>
  i % 3 === 0
    ? `https://www.example.com/2024/0${1 + (i % 9)}/1${i % 10}/${pick(SECTIONS)}/${slug()}.html`
    : i % 3 === 1
      ? `https://www.example.com/${pick(SECTIONS)}/${slug()}/`
      : `https://www.example.com/article.php?id=${i * 37}`,
);

function rate(label: string, operations: number, run: () => void): void {
  const start = process.hrtime.bigint();
  run();
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  console.log(`${label}: ${Math.round(operations / seconds).toLocaleString('en')} /s (${operations} in ${seconds.toFixed(2)} s)`);
}

const weights = initialWeights();
let vectors = urls.map((u) => vectorizeUrl(u)); // warm-up
rate('vectorizeUrl', urls.length * 5, () => {
  for (let r = 0; r < 5; r++) vectors = urls.map((u) => vectorizeUrl(u));
});
let sink = 0;
const pairs = 1_000_000;
rate('urlSimilarity', pairs, () => {
  for (let i = 0; i < pairs; i++) sink += urlSimilarity(vectors[i % vectors.length]!, vectors[(i * 7 + 3) % vectors.length]!, weights);
});
const targets = vectors.slice(0, 200);
rate('topKMeanSimilarity (200 targets, k=5)', 2000, () => {
  for (let i = 0; i < 2000; i++) sink += topKMeanSimilarity(vectors[i % vectors.length]!, targets, 5, weights);
});
rate('classifyUrlAlone', vectors.length * 5, () => {
  for (let r = 0; r < 5; r++) for (const v of vectors) sink += classifyUrlAlone(v).score;
});
if (Number.isNaN(sink)) console.log('unexpected NaN');
