/**
 * WCXB's own extraction metric, re-implemented from its description (the WCXB README in
 * ../shared/data/wcxb-dev): a bag-of-words F1 per page, averaged over pages. Pure: no I/O.
 *
 *  1. Tokens: `\w+` over the lower-cased text, with Python's Unicode semantics — a maximal run
 *     of letters, numbers and `_` in every script. That is the AEB tokenizer (aeb.ts, point 2,
 *     checked against Python's `re` over every code point); JavaScript's own `\w` is ASCII-only
 *     and would drop every non-Latin word. Combining marks are not word characters in Python's
 *     `re`, so they split words here too; unspaced scripts give one token per unbroken run.
 *  2. Per page: the tokens as multisets; overlap = Σ min(count in prediction, count in truth);
 *     precision = overlap ÷ prediction tokens, recall = overlap ÷ truth tokens, F1 their
 *     harmonic mean.
 *  3. An empty truth scores 1 only for an empty prediction (0 otherwise); an empty prediction
 *     of a non-empty truth scores 0.
 *  4. The collection's figure is the mean of the per-page F1 (not F1 of mean P and R, unlike AEB).
 */
import { tokenize } from './aeb.js';

export interface WordScore {
  precision: number;
  recall: number;
  f1: number;
}

function counts(tokens: readonly string[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const t of tokens) out.set(t, (out.get(t) ?? 0) + 1);
  return out;
}

/** WCXB word precision, recall and F1 of one page (points 1–3). */
export function wordScore(predicted: string | null | undefined, truth: string | null | undefined): WordScore {
  const p = tokenize((predicted ?? '').toLowerCase());
  const t = tokenize((truth ?? '').toLowerCase());
  if (t.length === 0) return p.length === 0 ? { precision: 1, recall: 1, f1: 1 } : { precision: 0, recall: 1, f1: 0 };
  if (p.length === 0) return { precision: 0, recall: 0, f1: 0 };
  const truthCounts = counts(t);
  let overlap = 0;
  for (const [token, n] of counts(p)) overlap += Math.min(n, truthCounts.get(token) ?? 0);
  const precision = overlap / p.length;
  const recall = overlap / t.length;
  return { precision, recall, f1: precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall) };
}

/** The collection's figure (point 4): the mean of per-page F1; 0 over no pages. */
export function meanWordF1(scores: ReadonlyArray<Pick<WordScore, 'f1'>>): number {
  let sum = 0;
  for (const s of scores) sum += s.f1;
  return scores.length === 0 ? 0 : sum / scores.length;
}
