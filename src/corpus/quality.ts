/**
 * Quality measures of a document's text and the filter decisions they lead to. Pure.
 * The rules and their thresholds are data in quality-rules.ts.
 */
import { GOPHER_STOP_WORDS, QUALITY_RULES, type QualityMeasure, type QualityRule } from './quality-rules.js';

export interface FilterDecision {
  rule: string;
  value: number;
  pass: boolean;
}

/** Words as the Gopher rules count them: whitespace-separated tokens. */
function splitWords(text: string): string[] {
  return text.split(/\s+/u).filter((w) => w.length > 0);
}

const BULLET = /^\s*[•●○▪▫■□◦‣⁃*·–-]\s/u;
const ELLIPSIS_END = /(\.\.\.|…)\s*$/u;
const TERMINAL_END = /[.!?。！？"'”’»)]\s*$/u;
const HAS_LETTER = /\p{L}/u;
/** Scripts written without spaces: their "words" are whole phrases, so word length says nothing. */
const SPACELESS = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}]/u;

/** Every measure the rules use, computed once. */
export function qualityMeasures(text: string): Record<QualityMeasure, number> {
  const words = splitWords(text);
  const lines = text.split('\n').map((l) => l.trim()).filter((l) => l.length > 0);
  const paragraphs = text.split(/\n\s*\n/u).map((p) => p.trim()).filter((p) => p.length > 0);
  const totalChars = Math.max(1, text.replace(/\s+/gu, '').length);
  const norm = words.map((w) => w.toLowerCase().replace(/^[^\p{L}\p{N}]+|(?<![^\p{L}\p{N}])[^\p{L}\p{N}]+$/gu, ''));
  const normChars = Math.max(1, norm.reduce((sum, w) => sum + w.length, 0));
  const wordCount = Math.max(1, words.length);
  const symbols = (text.match(/#/gu)?.length ?? 0) + (text.match(/\.\.\.|…/gu)?.length ?? 0);
  return {
    words: words.length,
    // Exempt scripts without spaces by giving them a length inside the range.
    'mean-word-length': SPACELESS.test(text) ? 5 : words.reduce((sum, w) => sum + w.length, 0) / wordCount,
    'symbol-word-ratio': symbols / wordCount,
    'bullet-line-share': share(lines, (l) => BULLET.test(l)),
    'ellipsis-line-share': share(lines, (l) => ELLIPSIS_END.test(l)),
    'alphabetic-word-share': words.length === 0 ? 0 : words.filter((w) => HAS_LETTER.test(w)).length / words.length,
    'stop-words': new Set(norm.filter((w) => GOPHER_STOP_WORDS.has(w))).size,
    'duplicate-line-share': duplicateShare(lines).items,
    'duplicate-line-char-share': duplicateShare(lines).chars,
    'duplicate-paragraph-char-share': duplicateShare(paragraphs).chars,
    'top-2gram-char-share': topNgramCharShare(norm, 2, normChars),
    'top-3gram-char-share': topNgramCharShare(norm, 3, normChars),
    'top-4gram-char-share': topNgramCharShare(norm, 4, normChars),
    'duplicate-5gram-char-share': duplicateNgramCharShare(norm, 5, normChars),
    'duplicate-10gram-char-share': duplicateNgramCharShare(norm, 10, normChars),
    'terminal-punctuation-line-share': share(lines, (l) => TERMINAL_END.test(l)),
  };
}

function share<T>(items: readonly T[], test: (item: T) => boolean): number {
  return items.length === 0 ? 0 : items.filter(test).length / items.length;
}

/** Share of items, and of their characters, that repeat an earlier item exactly. */
function duplicateShare(items: readonly string[]): { items: number; chars: number } {
  const seen = new Set<string>();
  let dupItems = 0;
  let dupChars = 0;
  let chars = 0;
  for (const item of items) {
    chars += item.length;
    if (seen.has(item)) {
      dupItems++;
      dupChars += item.length;
    } else seen.add(item);
  }
  return { items: items.length === 0 ? 0 : dupItems / items.length, chars: chars === 0 ? 0 : dupChars / chars };
}

/** Characters of the most frequent n-gram (counted once per occurrence) over all word characters. */
function topNgramCharShare(words: readonly string[], n: number, totalChars: number): number {
  if (words.length < n) return 0;
  const counts = new Map<string, number>();
  let best = '';
  let bestCount = 0;
  for (let i = 0; i + n <= words.length; i++) {
    const gram = words.slice(i, i + n).join(' ');
    const count = (counts.get(gram) ?? 0) + 1;
    counts.set(gram, count);
    if (count > bestCount) {
      bestCount = count;
      best = gram;
    }
  }
  // Gopher: an n-gram seen only once is not "top" at all.
  if (bestCount < 2) return 0;
  return (bestCount * best.replace(/ /gu, '').length) / totalChars;
}

/**
 * Characters of the words covered by any n-gram that occurs more than once, over all word
 * characters; each word counted once however many repeated n-grams cover it.
 */
function duplicateNgramCharShare(words: readonly string[], n: number, totalChars: number): number {
  if (words.length < n) return 0;
  const first = new Map<string, number>();
  const covered = new Uint8Array(words.length);
  for (let i = 0; i + n <= words.length; i++) {
    const gram = words.slice(i, i + n).join(' ');
    const earlier = first.get(gram);
    if (earlier === undefined) {
      first.set(gram, i);
      continue;
    }
    covered.fill(1, earlier, earlier + n);
    covered.fill(1, i, i + n);
  }
  let chars = 0;
  for (let i = 0; i < words.length; i++) if (covered[i]) chars += words[i]!.length;
  return chars / totalChars;
}

/** The decision of every rule that applies to a document in `language` (ISO 639-1 or ''). */
export function qualityDecisions(
  text: string,
  language: string,
  rules: readonly QualityRule[] = QUALITY_RULES,
): FilterDecision[] {
  const measures = qualityMeasures(text);
  const decisions: FilterDecision[] = [];
  for (const rule of rules) {
    if (rule.languages && !rule.languages.includes(language)) continue;
    const value = measures[rule.measure];
    const pass = (rule.min === undefined || value >= rule.min) && (rule.max === undefined || value <= rule.max);
    decisions.push({ rule: rule.name, value: Math.round(value * 1000) / 1000, pass });
  }
  return decisions;
}
