/**
 * Word-level feedback from fetched pages: which words of a site's URLs go with articles and
 * which with other pages. Two URLs of one template (`/science/<slug>`) can still be different
 * kinds of page, told apart only by a word of the slug (`/science/in-pictures-…` galleries next
 * to `/science/<headline>` stories); a template rate cannot see that, and edit-distance
 * similarity barely does. Naive Bayes over the URL's path words does:
 *
 *   log-odds shift = Σ_w clip(log( P(w | article) / P(w | other) ), ±maxPerWord)
 *
 * with add-one smoothing, over words seen on at least `minPages` fetched pages (rarer words
 * are noise). A word found on articles and other pages alike (a section name, "city") shifts
 * nothing; a word found only on non-articles ("pictures") pulls the URL down. Pure.
 */
import { textWords } from '../text/index.js';

export interface TokenEvidenceOptions {
  /** Fetched pages a word must appear on before it counts. */
  minPages: number;
  /** Largest shift one word may give (log-odds). */
  maxPerWord: number;
  /** Words tracked per site (memory bound); new words past it are ignored. */
  maxWords: number;
  /**
   * Largest total upward shift (log-odds; Infinity: none). The words of headlines are shared by
   * stories and galleries alike, each a little likelier on stories since most pages are: summed,
   * they add up to a push that hides the one word that tells (link-evidence.ts).
   */
  maxTotalUp?: number;
  /**
   * When set, a word's evidence is its pages' article share shrunk toward the site's (a Beta
   * prior worth this many pages at the site's share), as log-odds against the site's:
   *
   *   term = logit((articles_w + s·base) / (pages_w + s)) − logit(base)
   *
   * instead of the naive-Bayes ratio P(w | article) / P(w | other) with add-one smoothing.
   * The ratio is over-confident when other pages are few (a site whose fetched pages are 93 %
   * articles): a headline word that happened to be on 2 of 6 fetched galleries scored −2, as
   * much as a marker found on 18 galleries and no story (link-evidence.ts).
   */
  shrinkPages?: number;
}

/**
 * 3 pages: one or two pages say little about a word. ±3 per word: one telling word can move a
 * URL from 0.95 to 0.3, two can sink it. 50 000 words: a news site's slug vocabulary.
 * Measured on the local web with 30 % galleries and comment pages (scripts/bench-crawl.ts
 * --gallery-share 0.3 --comment-pages, concurrency 4), harvest at 300 pages without → with word
 * evidence: section/slug site 0.71 → 0.95; query-id site 0.62 → 0.67 (its galleries have the
 * articles' `article.php?id=N` URLs: no word to learn; only anchor text could tell them apart).
 */
export const DEFAULT_TOKEN_OPTIONS: TokenEvidenceOptions = { minPages: 3, maxPerWord: 3, maxWords: 50_000 };

/** The distinct lower-case words of a URL's path (not the host, not the query), in any script (text/words.ts). */
export function pathWords(url: string): string[] {
  let path: string;
  try {
    path = decodeURIComponent(new URL(url).pathname);
  } catch {
    path = new URL(url).pathname;
  }
  return [...new Set(textWords(path))];
}

/**
 * The tokenizer's version, saved with a crawl's state. 1: runs of two letters or more
 * (`\p{L}{2,}`), so a Chinese, Japanese or Thai headline was one token; 2: words in every script
 * (text/words.ts). Tokens of Latin and Cyrillic text are the same in both.
 */
export const TOKENIZER_VERSION = 2;

export type TokenEvidenceState = ReturnType<TokenEvidence['state']>;

/**
 * A state saved with an older tokenizer, made fit for this one: a word the tokenizer still
 * yields whole (a Latin or Cyrillic word, a class word) keeps its counts; one it now splits (a
 * whole Chinese headline, saved as one token) can never be seen again and is dropped, so it
 * takes no room under `maxWords`. Anchor (`a:`) and path words are checked; context (`c:`)
 * words are class and tag names, the same in both. Pure.
 */
export function migrateTokenState(state: TokenEvidenceState): TokenEvidenceState {
  const words = state.words.filter(([token]) => {
    if (token.startsWith('c:')) return true;
    const word = token.startsWith('a:') ? token.slice(2) : token;
    const again = textWords(word, 2);
    return again.length === 1 && again[0] === word;
  });
  return { pages: state.pages, articles: state.articles, words };
}

export class TokenEvidence {
  private readonly words = new Map<string, { pages: number; articles: number }>();
  private pages = 0;
  private articles = 0;

  constructor(private readonly options: TokenEvidenceOptions = DEFAULT_TOKEN_OPTIONS) {}

  /** Counts a fetched page; returns true when some word just became (or doubled its) evidence. */
  add(url: string, isArticle: boolean): boolean {
    return this.addTokens(pathWords(url), isArticle);
  }

  /** `add` over any distinct tokens of a fetched page (anchor and context words: link-evidence.ts). */
  addTokens(tokens: readonly string[], isArticle: boolean): boolean {
    this.pages++;
    if (isArticle) this.articles++;
    let changed = false;
    for (const word of tokens) {
      let count = this.words.get(word);
      if (count === undefined) {
        if (this.words.size >= this.options.maxWords) continue;
        count = { pages: 0, articles: 0 };
        this.words.set(word, count);
      }
      count.pages++;
      if (isArticle) count.articles++;
      if (count.pages >= this.options.minPages && (count.pages & (count.pages - 1)) === 0) changed = true;
    }
    return changed;
  }

  /** The log-odds shift for a URL (0 before there is evidence of both kinds). */
  shift(url: string): number {
    return this.shiftTokens(pathWords(url));
  }

  /** `shift` for distinct tokens. */
  shiftTokens(tokens: readonly string[]): number {
    const others = this.pages - this.articles;
    if (this.articles === 0 || others === 0) return 0;
    const { minPages, maxPerWord, maxTotalUp = Infinity, shrinkPages } = this.options;
    let up = 0;
    let down = 0;
    const base = (this.articles + 1) / (this.pages + 2);
    for (const word of tokens) {
      const count = this.words.get(word);
      if (count === undefined || count.pages < minPages) continue;
      let ratio: number;
      if (shrinkPages !== undefined) {
        // Shrunk toward the site's share (see `shrinkPages`).
        const p = (count.articles + shrinkPages * base) / (count.pages + shrinkPages);
        ratio = Math.log(p / (1 - p)) - Math.log(base / (1 - base));
      } else {
        const pArticle = (count.articles + 1) / (this.articles + 2);
        const pOther = (count.pages - count.articles + 1) / (others + 2);
        ratio = Math.log(pArticle / pOther);
      }
      const term = Math.max(-maxPerWord, Math.min(maxPerWord, ratio));
      if (term > 0) up += term;
      else down += term;
    }
    return Math.min(up, maxTotalUp) + down;
  }

  state(): { pages: number; articles: number; words: Array<[string, number, number]> } {
    return { pages: this.pages, articles: this.articles, words: [...this.words].map(([w, c]) => [w, c.pages, c.articles]) };
  }

  static fromState(state: { pages: number; articles: number; words: Array<[string, number, number]> }, options?: TokenEvidenceOptions): TokenEvidence {
    const evidence = new TokenEvidence(options);
    evidence.pages = state.pages;
    evidence.articles = state.articles;
    for (const [word, pages, articles] of state.words) evidence.words.set(word, { pages, articles });
    return evidence;
  }
}
