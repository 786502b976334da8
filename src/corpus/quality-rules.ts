/**
 * Quality filters as data: the rules of the published web-corpus filters, each with its
 * threshold, where it comes from and why it is set as it is here.
 *
 * Sources: Gopher (Rae et al. 2021, "Scaling Language Models", appendix A.1.1), C4 (Raffel et al.
 * 2020) and FineWeb (Penedo et al. 2024). Calibrated on real articles: every rule is checked
 * against the ground-truth bodies of the AEB pages (/work/shared/data/aeb/ground-truth.json) and
 * the local web's articles by `node --import tsx scripts/corpus-filter-check.ts` — a rule that
 * removes more than a few per cent of real articles is too strict for a news corpus and is
 * loosened here, with the measured share in its note. Re-run the check after any change.
 */

export interface QualityRule {
  /** Stable name, used in the records' `filters` and the dataset card. */
  name: string;
  /** What the measure is. */
  measure: QualityMeasure;
  /** Keep when `min <= value <= max`. */
  min?: number;
  max?: number;
  /** Only for these languages (ISO 639-1); all when absent. */
  languages?: readonly string[];
  note: string;
}

export type QualityMeasure =
  | 'words'
  | 'mean-word-length'
  | 'symbol-word-ratio'
  | 'bullet-line-share'
  | 'ellipsis-line-share'
  | 'alphabetic-word-share'
  | 'stop-words'
  | 'duplicate-line-share'
  | 'duplicate-line-char-share'
  | 'duplicate-paragraph-char-share'
  | 'top-2gram-char-share'
  | 'top-3gram-char-share'
  | 'top-4gram-char-share'
  | 'duplicate-5gram-char-share'
  | 'duplicate-10gram-char-share'
  | 'terminal-punctuation-line-share';

export const QUALITY_RULES: readonly QualityRule[] = [
  { name: 'min-words', measure: 'words', min: 50, note: 'Gopher: 50 words. Shorter bodies are briefs, captions or failed extractions.' },
  { name: 'max-words', measure: 'words', max: 100_000, note: 'Gopher: 100,000 words. Longer is a dump, not an article.' },
  { name: 'mean-word-length', measure: 'mean-word-length', min: 3, max: 10, note: 'Gopher: mean word length 3–10 characters (space-separated languages only; CJK text is exempt in the measure).' },
  { name: 'symbol-word-ratio', measure: 'symbol-word-ratio', max: 0.1, note: 'Gopher: "#" and "…" per word ≤ 0.1 (hashtag spam, truncated teasers).' },
  { name: 'bullet-lines', measure: 'bullet-line-share', max: 0.9, note: 'Gopher: at most 90 % of lines start with a bullet.' },
  { name: 'ellipsis-lines', measure: 'ellipsis-line-share', max: 0.3, note: 'Gopher: at most 30 % of lines end with an ellipsis (teaser lists).' },
  { name: 'alphabetic-words', measure: 'alphabetic-word-share', min: 0.8, note: 'Gopher: at least 80 % of words contain a letter (tables of numbers, code).' },
  {
    name: 'stop-words',
    measure: 'stop-words',
    min: 2,
    languages: ['en'],
    note: 'Gopher: at least two of "the, be, to, of, and, that, have, with" — an English rule, so only for English.',
  },
  { name: 'duplicate-lines', measure: 'duplicate-line-share', max: 0.3, note: 'Gopher: at most 30 % of lines are repeats of an earlier line.' },
  { name: 'duplicate-line-chars', measure: 'duplicate-line-char-share', max: 0.2, note: 'Gopher: at most 20 % of characters in repeated lines.' },
  { name: 'duplicate-paragraph-chars', measure: 'duplicate-paragraph-char-share', max: 0.2, note: 'Gopher: at most 20 % of characters in repeated paragraphs.' },
  { name: 'top-2gram', measure: 'top-2gram-char-share', max: 0.2, note: 'Gopher: the most frequent word 2-gram covers at most 20 % of characters.' },
  { name: 'top-3gram', measure: 'top-3gram-char-share', max: 0.18, note: 'Gopher: the most frequent 3-gram at most 18 %.' },
  { name: 'top-4gram', measure: 'top-4gram-char-share', max: 0.16, note: 'Gopher: the most frequent 4-gram at most 16 %.' },
  {
    name: 'duplicate-5gram',
    measure: 'duplicate-5gram-char-share',
    max: 0.15,
    note: 'Gopher: characters in words covered by a 5-gram seen more than once ≤ 15 %. Each word counted once, however many repeated 5-grams cover it (counting per n-gram overstates it about five-fold and removed most real articles in an earlier attempt).',
  },
  { name: 'duplicate-10gram', measure: 'duplicate-10gram-char-share', max: 0.1, note: 'Gopher: the same for 10-grams, ≤ 10 %.' },
  {
    name: 'terminal-punctuation',
    measure: 'terminal-punctuation-line-share',
    min: 0.12,
    note: 'FineWeb: at least 12 % of lines end in terminal punctuation (C4 asks it of every line, which removes real articles whose subheads and captions are lines of their own).',
  },
];

/** Gopher's English stop words. */
export const GOPHER_STOP_WORDS: ReadonlySet<string> = new Set(['the', 'be', 'to', 'of', 'and', 'that', 'have', 'with']);
