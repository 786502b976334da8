/**
 * How many real articles each quality rule removes: run on the AEB ground-truth bodies (real
 * news pages, their article text as annotated). A rule for a news corpus should remove almost
 * none of them. Usage: node --import tsx scripts/corpus-filter-check.ts [ground-truth.json]
 */
import { answerHelp } from './help.js';
import { readFileSync } from 'node:fs';
import { qualityDecisions } from '../src/corpus/quality.js';
import { QUALITY_RULES } from '../src/corpus/quality-rules.js';
import { identifyLanguage } from '../src/corpus/language.js';

answerHelp(import.meta.url);

const path = process.argv[2] ?? '/work/shared/data/aeb/ground-truth.json';
const truth = JSON.parse(readFileSync(path, 'utf8')) as Record<string, { articleBody?: string }>;
const removed = new Map<string, number>();
let docs = 0;
const languages = new Map<string, number>();
let kept = 0;
for (const entry of Object.values(truth)) {
  const text = entry.articleBody ?? '';
  if (text.trim() === '') continue;
  docs++;
  const { language } = await identifyLanguage(text);
  languages.set(language, (languages.get(language) ?? 0) + 1);
  const decisions = qualityDecisions(text, language);
  for (const d of decisions) if (!d.pass) removed.set(d.rule, (removed.get(d.rule) ?? 0) + 1);
  if (decisions.every((d) => d.pass)) kept++;
}
console.log(`${docs} ground-truth articles from ${path}; ${kept} (${((100 * kept) / docs).toFixed(1)} %) pass every rule`);
for (const rule of QUALITY_RULES) {
  const n = removed.get(rule.name) ?? 0;
  console.log(`${rule.name.padEnd(28)} fails ${String(n).padStart(4)}  (${((100 * n) / docs).toFixed(1)} %)`);
}
console.log('languages (lid.176):', [...languages].sort((a, b) => b[1] - a[1]).map(([l, n]) => `${l} ${n}`).join(', '));
