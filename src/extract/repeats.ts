/**
 * Lines a thread says twice. A reply quotes the post it answers, and the forum's template
 * repeats its labels and buttons around every post: the second time a block of the body appears,
 * word for word, it adds nothing to the body's text, and a corpus would hold it twice. Used on
 * pages typed forum only (from-snapshot.ts says why). Pure, linear.
 */
import { collapseWhitespace } from '../segment/text.js';
import { countWords } from '../score/block-features.js';

/** The threshold of the stage; chosen on WCXB-dev's 113 forum pages (about 100 sites). */
export const REPEAT_PARAMS = {
  /**
   * A block of at least this many words (a CJK character counting as one) is dropped where it
   * repeats one before it. In a thread, a line said again is the template's ("Quote", "Likes
   * Received:", a rank under each name, "Click to expand...") or a quote of an earlier post; forum
   * word F1 by the bound 1 / 2 / 3 / 4 / 8 / 15 / 25 words: 0.739 / 0.734 / 0.730 / 0.727 / 0.723 /
   * 0.720 / 0.718 (0.709 without the stage). What it costs: an author's name said again before
   * each of their posts, which WCXB's truth keeps.
   */
  minWords: 1,
} as const;

/**
 * Indexes of the blocks whose text repeats, word for word (whitespace aside), a block before
 * them; the first occurrence stays.
 */
export function repeatedBlocks(blocks: readonly string[], minWords: number = REPEAT_PARAMS.minWords): number[] {
  const seen = new Set<string>();
  const repeats: number[] = [];
  blocks.forEach((text, index) => {
    const key = collapseWhitespace(text).trim();
    if (countWords(key) < minWords) return;
    if (seen.has(key)) repeats.push(index);
    else seen.add(key);
  });
  return repeats;
}

/**
 * The texts (paragraphs separated by a blank line) without the paragraphs that repeat one of
 * `before` or an earlier paragraph of theirs: a thread's replies added after its body, whose
 * quotes say again what the body or an earlier reply said. A text left empty stays empty.
 */
export function withoutRepeatedParagraphs(before: readonly string[], texts: readonly string[], minWords: number = REPEAT_PARAMS.minWords): string[] {
  const key = (text: string): string => collapseWhitespace(text).trim();
  const seen = new Set(before.map(key));
  return texts.map((text) =>
    text
      .split(/\n{2,}/u)
      .filter((paragraph) => {
        const k = key(paragraph);
        if (countWords(k) < minWords) return true;
        if (seen.has(k)) return false;
        seen.add(k);
        return true;
      })
      .join('\n\n'),
  );
}
