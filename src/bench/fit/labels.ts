/**
 * Which blocks of a page are body, according to a collection's ground truth: the labels the
 * block model is fitted on. Pure.
 *
 * A block of 4 tokens or more is body when at least half of its token 4-grams (the metric's
 * shingles) occur in the truth. A shorter block ("Nutrition", "Local", a subheading) cannot be
 * judged that way — its words occur in most truths — so it is body only when its whole token
 * sequence occurs in the truth *and* it lies between the first and the last long body block,
 * where subheadings and short paragraphs are; menu items before the story and link labels
 * after it are not.
 */
import { shingles, type Tokenizer } from '../metrics.js';

/** Share of a block's shingles that must occur in the truth. */
export const BODY_SHINGLE_SHARE = 0.5;
const SHORT_TOKENS = 4;

export interface BlockLabels {
  /** 1 for body, 0 otherwise. */
  label: Float64Array;
  /** Tokens of each block (the metric's tokens). */
  tokens: Int32Array;
}

export function labelBlocks(texts: readonly string[], truth: string, tokenize: Tokenizer): BlockLabels {
  const truthTokens = tokenize(truth);
  const truthShingles = new Set(shingles(truthTokens).map((s) => s.join(' ')));
  const truthJoined = ` ${truthTokens.join(' ')} `;
  const label = new Float64Array(texts.length);
  const tokens = new Int32Array(texts.length);
  const short: number[] = [];
  let first = -1;
  let last = -1;
  texts.forEach((text, i) => {
    const toks = tokenize(text);
    tokens[i] = toks.length;
    if (toks.length === 0) return;
    if (toks.length < SHORT_TOKENS) {
      if (truthJoined.includes(` ${toks.join(' ')} `)) short.push(i);
      return;
    }
    const own = shingles(toks).map((s) => s.join(' '));
    const hits = own.filter((s) => truthShingles.has(s)).length;
    if (hits >= own.length * BODY_SHINGLE_SHARE) {
      label[i] = 1;
      if (first < 0) first = i;
      last = i;
    }
  });
  for (const i of short) if (i > first && i < last) label[i] = 1;
  // A page whose truth is all short lines (no long block matched): take the short matches.
  if (first < 0) for (const i of short) label[i] = 1;
  return { label, tokens };
}
