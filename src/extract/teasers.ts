/**
 * Teasers above the headline: a body that takes, before the story's own headline, a run of other
 * stories' linked teasers ("Headline WASHINGTON: The first sentence…" ten times over — a news
 * ticker or a "latest" column that, without the page's style sheet, stacks in the body's column).
 * The story starts at its headline; what the body holds above it is other stories.
 *
 * The headline is a body block that says the page's declared title (`<title>` or one of its parts,
 * `og:title`, `twitter:title`, JSON-LD `headline`) word for word, set at least as large as the
 * body's text; the blocks before it must be mostly links' text, as teasers are (a standfirst, a
 * kicker or an image caption above a headline repeated lower down are not).
 *
 * Measured (`npx tsx scripts/eval-snapshots.ts …` against the code before): AEB without its style
 * sheets (scripts/strip-styles.ts) F1 0.978 → 0.980, two pages better (an Indian news site's
 * ticker, 0.52 → 0.88; a newsletter's repeated list of its own items, 0.62 → 0.92), none worse;
 * AEB, the samples and WCXB-dev unchanged page for page. Without the link condition WCXB-dev lost
 * 2.5 summed on 13 pages (a title said again as a heading deep inside a guide). Pure.
 */
import type { LeafBlock } from '../segment/blocks.js';
import type { LayoutSnapshot } from '../types.js';
import { parseJsonLd } from './metadata-jsonld.js';
import { splitTitle, wordsOf } from './title.js';

/** The heuristics, as data. */
export const TEASER_RUN = {
  /** A declared title (or part) shorter than this many characters names no headline (a site's name, "Home"). */
  minTitleChars: 15,
  /** A block is a teaser when at least this share of its text is link text. */
  minLinkShare: 0.15,
  /** At least this many teasers above the headline… */
  minTeasers: 3,
  /** …and at least this share of the blocks above it. */
  minTeaserShare: 0.6,
} as const;

/** The indexes of the body's blocks above its headline, when they are a run of teasers; else none. */
export function teasersAboveHeadline(snapshot: LayoutSnapshot, blocks: readonly string[], leaves: readonly LeafBlock[], bodyFontPx: number): number[] {
  const titles = declaredTitles(snapshot);
  if (titles.size === 0) return [];
  const at = blocks.findIndex((text, i) => i > 0 && titles.has(wordsOf(text)));
  if (at <= 0 || (leaves[at]?.style.fontSizePx ?? 0) < bodyFontPx) return [];
  const teasers = leaves.slice(0, at).filter((l) => l.textLength > 0 && l.linkTextLength >= TEASER_RUN.minLinkShare * l.textLength).length;
  return teasers >= TEASER_RUN.minTeasers && teasers >= TEASER_RUN.minTeaserShare * at ? Array.from({ length: at }, (_, i) => i) : [];
}

/** The page's declared titles and their parts, as word strings (title.ts `wordsOf`). */
function declaredTitles(snapshot: LayoutSnapshot): Set<string> {
  const out = new Set<string>();
  const add = (title: string | null | undefined): void => {
    if (!title) return;
    for (const part of [title, ...splitTitle(title)]) {
      if (part.trim().length >= TEASER_RUN.minTitleChars) out.add(wordsOf(part));
    }
  };
  add(snapshot.meta.title);
  for (const tag of snapshot.meta.metaTags) if (tag.key === 'og:title' || tag.key === 'twitter:title') add(tag.content);
  add(parseJsonLd(snapshot.meta.jsonLd).headline);
  return out;
}
