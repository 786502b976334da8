/**
 * Body selection thresholds (src/score/select.ts). Set by reasoning about typical news
 * layouts and checked against the bundled samples; re-run the sample F1 test and the
 * benchmark after any change.
 */
export interface SelectParams {
  /** Below this many characters of body text the page has no article ("none" result). */
  minBodyChars: number;
  /** A unit or nested block with link text / text at or above this is a link box, not prose. */
  maxLinkDensity: number;
  /** Text set smaller than this fraction of the body font is caption, credit or label. */
  smallFontRatio: number;
  /** …but only when shorter than this (long small-print text is still text). */
  captionMaxChars: number;
  /** A link box nested inside a body unit is dropped only when shorter than this. */
  nestedLinkBoxMaxChars: number;
  /** Containers are scored body-like text − this × other text. */
  otherTextPenalty: number;
  /** A higher container must beat the lower one by this many characters. */
  containerTieChars: number;
  /** Share of a unit's width that must lie over the seed's column. */
  minColumnOverlap: number;
  /** Score factor for seed candidates inside furniture-marked elements. */
  furnitureSeedDiscount: number;
  /** Subheadings are at most this long. */
  headingMaxChars: number;
  /** A short unsentenced line at least this much larger than the body font is a subheading. */
  headingFontRatio: number;
  /** Blocks on another background than the body are boxes (ads, fact boxes) when shorter than this. */
  boxedMaxChars: number;
  /** Sentences set this much larger than the body are standfirsts and pull quotes. */
  displayFontRatio: number;
  /** The box around an ad label ("Advertisement") is an ad slot when it holds at most this much text. */
  adBoxMaxChars: number;
  /** A link block at least this long among body paragraphs reads as a teaser's headline. */
  teaserHeadlineMinChars: number;
  /** A page is a listing when it has at least this many headline links among its paragraphs… */
  teaserMinHeadlines: number;
  /** …and at least this many per paragraph (an article has a few related links, a listing one per summary). */
  teaserHeadlineRatio: number;
  /** A body shorter than this, with several prose blocks like it elsewhere, is a listing item. */
  listingItemMaxChars: number;
  /** Prose blocks shorter than this do not count as alike (datelines, labels). */
  listingItemMinChars: number;
}

export const DEFAULT_SELECT_PARAMS: Readonly<SelectParams> = Object.freeze({
  minBodyChars: 50,
  maxLinkDensity: 0.5,
  smallFontRatio: 0.88,
  captionMaxChars: 400,
  nestedLinkBoxMaxChars: 400,
  otherTextPenalty: 1,
  containerTieChars: 20,
  minColumnOverlap: 0.5,
  furnitureSeedDiscount: 0.5,
  headingMaxChars: 150,
  headingFontRatio: 1.1,
  boxedMaxChars: 80,
  displayFontRatio: 1.12,
  adBoxMaxChars: 300,
  teaserHeadlineMinChars: 20,
  teaserMinHeadlines: 3,
  teaserHeadlineRatio: 0.5,
  listingItemMaxChars: 500,
  listingItemMinChars: 40,
});
