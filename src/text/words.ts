/**
 * Words in every script: one tokenizer for the text signals of links (anchor words, the
 * words of a URL's path, class words of a link's place) and one measure of length that means
 * the same in Chinese, Japanese, Thai, Arabic and Latin text. Pure.
 *
 * Scripts written without spaces (Han, kana, Thai, Lao, Khmer, Myanmar) are split into words
 * by `Intl.Segmenter` (ICU's dictionaries); a run of them used to be one "word" that never
 * recurred, so a Chinese headline taught the crawler nothing. Other scripts keep the rule
 * they always had, runs of two or more letters, so the tokens of Latin and Cyrillic text are
 * exactly the old ones (a crawl's saved evidence stays valid).
 */

/** A letter of a script written without spaces between words (ー: the kana length mark). */
const UNSPACED = String.raw`[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}\u30fc]`;
/**
 * A token: a run of unspaced-script letters (split further by the segmenter), or two or more
 * letters of any other script. Linear: each alternative consumes what the other cannot.
 */
const TOKEN = new RegExp(String.raw`(${UNSPACED}+)|(?:(?!${UNSPACED})\p{L}){2,}`, 'gu');
/** Kana, Thai, Lao, Khmer, Myanmar: a word of one such letter is a particle or a fragment. */
const PARTICLE = /^[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}\u30fc]$/u;
const HAS_LETTER = /\p{L}/u;

let segmenter: Intl.Segmenter | undefined;

/**
 * The words of a text, lower-cased, in order (repeats kept), at most `max`. A single Han
 * character is a word (图 "picture", 组图 splits as 组 | 图); a single kana or Thai letter is not.
 */
export function textWords(text: string, max = Infinity): string[] {
  const out: string[] = [];
  if (max <= 0) return out;
  for (const match of text.toLowerCase().matchAll(TOKEN)) {
    const run = match[1];
    if (run === undefined) {
      out.push(match[0]);
      if (out.length >= max) return out;
      continue;
    }
    for (const word of segmented(run)) {
      out.push(word);
      if (out.length >= max) return out;
    }
  }
  return out;
}

/**
 * Runs already split, by run: the segmenter costs ~10–20 µs a character, and the crawl reads
 * the same anchors again and again (navigation on every page; every queued link when its
 * priorities are recomputed). Bounded: emptied when full.
 */
const SEGMENTED = new Map<string, readonly string[]>();
const SEGMENTED_MAX = 20_000;

function segmented(run: string): readonly string[] {
  let words = SEGMENTED.get(run);
  if (words !== undefined) return words;
  segmenter ??= new Intl.Segmenter(undefined, { granularity: 'word' });
  const found: string[] = [];
  for (const s of segmenter.segment(run)) {
    if (s.isWordLike === true && HAS_LETTER.test(s.segment) && !PARTICLE.test(s.segment)) found.push(s.segment);
  }
  words = found;
  if (SEGMENTED.size >= SEGMENTED_MAX) SEGMENTED.clear();
  SEGMENTED.set(run, words);
  return words;
}

/**
 * Latin characters per word, and each unspaced script's characters per word, as
 * `Intl.Segmenter` counts words (measured on the samples/ pages and the local web's article
 * bodies, 2026-11: English 5.66 and 5.93, Chinese 1.77 and 1.86, Japanese 1.74, Thai 4.37 on a
 * self-written news paragraph; Korean 3.79 per space-separated word of three syllables or so;
 * Arabic 6.12 and Russian 6.91–8.12, near enough Latin to count as it).
 */
export const LATIN_CHARS_PER_WORD = 5.8;
const HAN_KANA_CHARS_PER_WORD = 1.8;
const THAI_LIKE_CHARS_PER_WORD = 4.4;
const HANGUL_CHARS_PER_WORD = 3.8;

/** What one character weighs in Latin characters, by script (1 for the rest). */
export const SCRIPT_CHAR_WEIGHT = {
  hanKana: LATIN_CHARS_PER_WORD / HAN_KANA_CHARS_PER_WORD,
  thaiLike: LATIN_CHARS_PER_WORD / THAI_LIKE_CHARS_PER_WORD,
  hangul: LATIN_CHARS_PER_WORD / HANGUL_CHARS_PER_WORD,
} as const;

function charWeight(code: number): number {
  if (code < 0x0e00) return 1;
  if ((code >= 0x3040 && code <= 0x30ff) || (code >= 0x3400 && code <= 0x4dbf) || (code >= 0x4e00 && code <= 0x9fff) || (code >= 0xf900 && code <= 0xfaff) || (code >= 0x20000 && code <= 0x2ffff) || (code >= 0xff66 && code <= 0xff9f)) return SCRIPT_CHAR_WEIGHT.hanKana;
  if ((code >= 0x0e00 && code <= 0x0eff) || (code >= 0x1000 && code <= 0x109f) || (code >= 0x1780 && code <= 0x17ff)) return SCRIPT_CHAR_WEIGHT.thaiLike;
  if ((code >= 0xac00 && code <= 0xd7af) || (code >= 0x1100 && code <= 0x11ff) || (code >= 0x3130 && code <= 0x318f)) return SCRIPT_CHAR_WEIGHT.hangul;
  return 1;
}

/**
 * A text's length in Latin characters: each character weighs what a Latin character carries
 * of a word (a Han character 3.2, a Thai letter 1.3, a Hangul syllable 1.5, any other 1), so
 * "80 characters" or "a run of 3,000 characters" means as much text in Chinese as in English.
 * Linear, no allocation.
 */
export function latinLength(text: string): number {
  let length = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.codePointAt(i)!;
    if (code > 0xffff) i++;
    length += charWeight(code);
  }
  return length;
}

/** Share of `latinLength` over the plain length (1 for Latin, Cyrillic, Arabic text; ~3.2 for Chinese). */
export function latinLengthScale(text: string): number {
  return text.length > 0 ? latinLength(text) / text.length : 1;
}

const SPACED_WORD = new RegExp(String.raw`(?:(?!${UNSPACED})[\p{L}\p{N}])+`, 'gu');

/**
 * Words in a text, the same in every script: words between spaces where scripts have them,
 * and letters of unspaced scripts at their measured letters per word (300 Chinese characters
 * ≈ 167 words, as English counts them). Linear.
 */
export function countWordsAnyScript(text: string): number {
  let unspaced = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.codePointAt(i)!;
    if (code > 0xffff) i++;
    const w = charWeight(code);
    if (w !== 1 && w !== SCRIPT_CHAR_WEIGHT.hangul) unspaced += w / LATIN_CHARS_PER_WORD;
  }
  return Math.round(unspaced + (text.match(SPACED_WORD)?.length ?? 0));
}

export type ScriptName = 'latin' | 'cyrillic' | 'han' | 'kana' | 'hangul' | 'thai' | 'arabic' | 'hebrew' | 'other';

const SCRIPT_TESTS: ReadonlyArray<readonly [ScriptName, RegExp]> = [
  ['kana', /[\p{Script=Hiragana}\p{Script=Katakana}]/gu],
  ['han', /\p{Script=Han}/gu],
  ['hangul', /\p{Script=Hangul}/gu],
  ['thai', /[\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/gu],
  ['arabic', /\p{Script=Arabic}/gu],
  ['hebrew', /\p{Script=Hebrew}/gu],
  ['cyrillic', /\p{Script=Cyrillic}/gu],
  ['latin', /\p{Script=Latin}/gu],
];

/**
 * The script most of a text's letters are in; Japanese text (kana among Han characters) is
 * `kana` once a tenth of its letters are kana. For reports by script.
 */
export function dominantScript(text: string): ScriptName {
  const counts = new Map<ScriptName, number>();
  for (const [name, re] of SCRIPT_TESTS) counts.set(name, text.match(re)?.length ?? 0);
  const kana = counts.get('kana')!;
  const han = counts.get('han')!;
  if (kana > 0 && kana >= (kana + han) * 0.1) counts.set('kana', kana + han);
  let best: ScriptName = 'other';
  let most = 0;
  for (const [name, n] of counts) {
    if (n > most) {
      best = name;
      most = n;
    }
  }
  return best;
}
