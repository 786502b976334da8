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
  /**
   * On a page the service profile reads, a paragraph repeats only from this many words: a
   * carousel's cloned slide or a flip card's back says a sentence again, where a shorter line
   * said twice is as often the page's own (a plan's "Learn more", a feature's name under two
   * tabs). Service word F1 by the bound 1 / 4 / 8 / 12 / 20 words, outside lists and tables:
   * 0.8472 (all lines, with lists) / 0.8501 / 0.8499 / 0.8480 / 0.8478 (0.8470 without it);
   * 8 loses fewest pages (8 against 16 at 4).
   */
  serviceMinWords: 8,
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

/** The bound of the copy stage; measured on WCXB-dev (1,497 pages), AEB and the samples. */
export const COPY_PARAMS = {
  /**
   * A run of consecutive blocks that repeats, block for block and in order, an earlier run of the
   * body is a second copy of it when the run holds at least this many words. A saved page whose
   * style sheet was not saved shows both of a site's responsive copies (the mobile article beside
   * the desktop one: Webflow's `show__tablet-mobile-only`), a print version or a carousel's clones;
   * a reader sees one. By the bound 150 / 200 / 300 words on WCXB-dev: 17 pages changed, +2.2
   * word F1 summed, 4 worse (a docs page's code repeated per language tab, 0.80 → 0.70) / 13
   * pages, +1.8, 2 worse (0.80 → 0.78, 0.98 → 0.96) / 8 pages, +1.5, none worse; at 100 words AEB's
   * meal-plan post, whose days repeat most meals, lost 0.13 (0.22 at 60 words). None of the
   * samples has one.
   */
  minWords: 200,
  /**
   * On a page read by the product or collection profile, a copy of 15 words or more already is
   * one: a shop builds its carousels with cloned slides and keeps a copy of the description per
   * variant (a wallet's colours, each with its specifications), and a saved page without its
   * scripts shows them all. Chosen by 5-fold cross-validation grouped by site on WCXB-dev from
   * {15, 30, 50, 100, 200}: 15 in every fold; the folds' choices on their held-out sites give word F1
   * 0.8844 → 0.8856 (the block models as shipped; product 0.653 →
   * 0.664, collection 0.720 → 0.723; 62 pages changed, 49 better; the worst a shop's category page
   * (monitor arms), −0.21). With 1 and 8 in the grid too the folds
   * split (15 three times, 1 twice) and the gain out of fold is +0.0002: small copies are a shop's
   * habit, not a law. Articles, forums, docs and service pages keep the bound above (at 30 words
   * there a docs page's code per language tab and two service pages' packages lost up to 0.17).
   */
  shopMinWords: 15,
} as const;

/**
 * Indexes of the blocks that make a second copy of an earlier run of blocks: a maximal run whose
 * blocks equal, one for one and in order, the blocks from the first occurrence of its first block
 * on (the copy starting after that run's start), holding at least `minWords` words. The first copy
 * stays; one block said again right after itself is filler, no copy. Empty blocks are skipped over; linear
 * in the blocks but for the runs' own lengths.
 */
export function duplicateCopies(blocks: readonly string[], minWords: number = COPY_PARAMS.minWords): number[] {
  const entries = blocks.map((text, index) => ({ key: collapseWhitespace(text).trim(), index })).filter((e) => e.key !== '');
  const first = new Map<string, number>();
  const copies: number[] = [];
  let at = 0;
  while (at < entries.length) {
    const key = entries[at]!.key;
    const earlier = first.get(key);
    if (earlier === undefined) {
      first.set(key, at);
      at++;
      continue;
    }
    let length = 0;
    let words = 0;
    const distinct = new Set<string>();
    while (at + length < entries.length && earlier + length < at && entries[earlier + length]!.key === entries[at + length]!.key) {
      words += countWords(entries[at + length]!.key);
      distinct.add(entries[at + length]!.key);
      length++;
    }
    // One block said again right after itself, and nothing else in the run, is filler (a
    // template's line, a test page's paragraph said six times), not a second copy: dropping half
    // of them would keep neither the page's text nor one copy of it. The same long block said
    // again further on (a service page's list of its offers, shown three times) is a copy.
    const filler = distinct.size === 1 && entries[at - 1]?.key === key;
    if (words >= minWords && !filler) {
      for (let k = 0; k < length; k++) copies.push(entries[at + k]!.index);
      at += length;
    } else {
      at++;
    }
  }
  return copies;
}

/**
 * Indexes of the blocks that say again, word for word (whitespace aside), the block right before
 * them, except where `keep(index)` (a table's cells, whose "Yes  Yes  Yes" is data); the first
 * stays. A line twice in a row is the page's machinery, not its text: a product card's title in
 * its heading, its visually hidden label and its quick view; a heading a responsive layout shows
 * twice. On every page: WCXB-dev word F1 +0.64 summed over 106 pages changed (84 better; listing
 * +0.14, service +0.21, article +0.15, collection +0.12, product +0.03, documentation −0.02, the
 * worst a shop whose truth keeps its doubled card titles, 0.63 → 0.55), AEB 2 pages better (F1
 * 0.982 kept); outside tables, since a comparison table's cells lost 0.83 → 0.63. Never every
 * block. Pure, linear.
 */
export function adjacentRepeats(blocks: readonly string[], keep: (index: number) => boolean = () => false): number[] {
  const out: number[] = [];
  let last = '';
  blocks.forEach((text, index) => {
    const key = collapseWhitespace(text).trim();
    if (key !== '' && key === last && !keep(index)) out.push(index);
    last = key;
  });
  return out.length < blocks.length ? out : [];
}
