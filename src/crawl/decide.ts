/**
 * The crawl's article decision and page fingerprint. Pure.
 */
import { createHash } from 'node:crypto';
import type { Article } from '../extract/article.js';
import type { LayoutSnapshot } from '../types.js';
import { countWordsAnyScript } from '../text/index.js';

/**
 * A page is an article when the page-type decision says so (score/page-type.ts: section
 * fronts, tag pages and other listings are not, whatever their best body) and its body is long
 * enough to be a news story rather than a teaser, a gallery caption or a "page not found" notice:
 * - 150 words: short news briefs run 150–300 words; section-front blurbs and error notices the
 *   extractor may take for a body stay under 100 (seen on the samples/ pages and the local web);
 * Words are counted the same in every script (text/words.ts): between spaces where a script has
 * them, and at the measured letters per word where it has not (1.8 Chinese or Japanese
 * characters, 4.4 Thai letters), so 150 words are about 270 Chinese characters; before, Thai
 * text, whose spaces end phrases rather than words, counted a phrase as a word.
 */
export const ARTICLE_MIN_WORDS = 150;

export interface ArticleDecision {
  isArticle: boolean;
  /** Why not, when it is not. */
  reason: string | null;
}

/** The part of an extraction result the decision reads. */
export type ExtractionOutcome =
  | { kind: 'article'; article: Pick<Article, 'text' | 'wordCount'> & Partial<Pick<Article, 'pageType'>> }
  | { kind: 'none'; reason: string };

export function decideArticle(extraction: ExtractionOutcome): ArticleDecision {
  if (extraction.kind !== 'article') return { isArticle: false, reason: extraction.reason };
  const { text, wordCount, pageType } = extraction.article;
  if (pageType && pageType.type !== 'article') {
    return { isArticle: false, reason: `page type ${pageType.type} (${Math.round(pageType.confidence * 100)} %): ${pageType.reason}` };
  }
  const words = countWordsAnyScript(text);
  if (words >= ARTICLE_MIN_WORDS) return { isArticle: true, reason: null };
  return { isArticle: false, reason: `body too short: ${words} words` };
}

/** sha256 (hex) of the page's visible text, whitespace-collapsed: equal for re-served copies of one page. */
export function pageContentHash(snapshot: LayoutSnapshot): string {
  const hash = createHash('sha256');
  for (const node of snapshot.nodes) {
    if (node.kind === 'text') hash.update(node.text.replace(/\s+/g, ' '));
  }
  return hash.digest('hex');
}
