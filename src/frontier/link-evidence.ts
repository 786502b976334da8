/**
 * The link as a signal: the words of its anchor text and of its place on the page
 * (`linkContext`, src/crawl/link-context.ts), as tokens for a per-site `TokenEvidence` that
 * learns, without supervision, from what the crawl found behind the links it followed: a page the
 * extractor took for an article counts its link's tokens for articles, any other page against.
 * "In pictures: …" anchors, "Comments (12)" anchors, links in a `comments-link` paragraph or a
 * footer end up pulling a URL down even when the URL is exactly an article's
 * (`/article.php?id=N` galleries: the hard variant of issue 5). Pure.
 */
import type { LinkFeatures } from './policy.js';
import { DEFAULT_TOKEN_OPTIONS, type TokenEvidenceOptions } from './token-evidence.js';
import { textWords } from '../text/index.js';

/**
 * The URL words' settings, with the upward push of a link's words capped at 1 (log-odds): a
 * link's words are there to sink what hides behind an article's URL. Measured with the lab's
 * crawl (src/lab/sim-crawl.ts, harvest@300, similarity policy), cap 0 / 0.5 / 1 / 2 / none:
 * ?id= site with 30 % galleries and comment pages (lab `gazette-galleries`, seed 3)
 * 0.97 / 0.97 / 0.97 / 0.96 / 0.96 (0.65 without link evidence); dated site with 20 % galleries
 * whose slugs give them away (`herald-galleries`) 0.953 / 0.957 / 0.967 / 0.963 / 0.967 (0.983
 * without: there the link words add nothing the URL words did not know, and cost 5 pages).
 *
 * Each word's evidence is shrunk toward the site's article share, worth 5 pages
 * (`shrinkPages`, token-evidence.ts). With the naive-Bayes ratio a headline's words, shared by
 * stories and galleries alike, sank stories: on the Arabic hard site a story whose headline
 * had "جدول الحافلات" (on 2 of the 6 fetched pages that carried it, galleries) got −4.2 from
 * those two words, below the galleries' one marker "بالصور:" (−3), and galleries were fetched
 * ahead of 368 queued stories. Harvest@300 of the lab's crawl on ten sites (the lab's six news
 * sites and four more hard ones: ru and en seeds 7, 8; ar seed 9; zh section seed 10;
 * `scripts/bench-link-shrink.ts`), without → shrink 3 / 5 / 10 / 20 pages: mean 0.951 →
 * 0.984 / 0.985 / 0.983 / 0.983, lowest site 0.887 (ar) → 0.973 / 0.977 / 0.963 / 0.967.
 * The same shrinking on the URL path words lowered the Russian site (0.977 → 0.947): they keep
 * the ratio. With shrinking, the upward cap still matters: without it the mean fell to 0.950.
 */
export const LINK_TOKEN_OPTIONS: TokenEvidenceOptions = { ...DEFAULT_TOKEN_OPTIONS, maxTotalUp: 1, shrinkPages: 5 };

/** Anchor words kept per link (a headline's worth; longer anchors are teaser paragraphs). */
const MAX_ANCHOR_WORDS = 16;

/** Distinct tokens of a link: `a:` + anchor word, `c:` + context word. */
export function linkTokens(link: Partial<LinkFeatures>): string[] {
  const tokens = new Set<string>();
  // Words in every script (text/words.ts): a Chinese or Thai headline is words, not one token.
  for (const word of textWords(link.anchor ?? '', MAX_ANCHOR_WORDS)) tokens.add(`a:${word}`);
  for (const word of link.context?.split(' ') ?? []) if (word !== '') tokens.add(`c:${word}`);
  return [...tokens];
}
