/**
 * What each sign of a title candidate counts for (title.ts). A candidate's score is the sum of
 * its features times these weights; the highest score is the title. Fitted by
 * `npm run fit:title` (scripts/fit-title.ts): a conditional logit over each page's candidates,
 * cross-validated with folds grouped by site. The figures of the last fit are in
 * docs/extract.md ("Metadata").
 */
export const TITLE_FEATURES = [
  /** A visible `<h1>` with this wording. */
  'h1',
  /** The first visible `<h1>` of the page. */
  'h1First',
  /** An `<h1>` before the body. */
  'h1AboveBody',
  /** The page's only `<h1>`. */
  'h1Only',
  /** An `<h2>` before the body (pages whose headline is one). */
  'h2AboveBody',
  /** A line set ≥ 1.25× the body's size before the body, not a heading element. */
  'display',
  /** The candidate line nearest above the body. */
  'nearestAbove',
  /** A display line nearest above the body on a page without an h1 (div-soup headlines). */
  'displayNoH1',
  /** log2 of its largest line's font size over the body's (0 for a declared title only). */
  'fontRatio',
  /** The whole `<title>`. */
  'titleWhole',
  /** A `<title>` without separators. */
  'titleUnsplit',
  /** A part of a `<title>` split at " | ", " – ", " - ", "::". */
  'titlePart',
  'titlePartFirst',
  'titlePartLast',
  /** The longest part (in letters and digits). */
  'titlePartLongest',
  /** The whole og:title, twitter:title or dc.title. */
  'metaWhole',
  /** The JSON-LD headline. */
  'ldWhole',
  /** A part of one of those. */
  'metaPart',
  /** How many other kinds of source (visible, `<title>`, meta) name it exactly. */
  'agreeKinds',
  /** A visible line that begins with a declared title and goes on (the declared one was cut short). */
  'extendsDeclared',
  /** A visible line that holds a declared title with more words elsewhere ("Dec 18 2025 Headline"). */
  'holdsDeclared',
  /** A visible line that a declared title begins with and goes on from ("Hiking Boots: Shop…"). */
  'startsDeclared',
  /** A visible line that a declared title holds elsewhere ("Headline" in "Site | Headline"). */
  'inDeclared',
  /** A declared title (or part) that an h1 holds with more words. */
  'inVisible',
  /** Shared words over all words with the nearest source of the other kind (visible against declared), 0–1. */
  'overlap',
  /** An h1 on a page with three or more (card titles, coupons). */
  'h1Many',
  /** The site's name or its hostname. */
  'siteName',
  /** The site's name on a page typed article (a brand is a service page's title, never a story's). */
  'siteNameArticle',
  /** A visible line that shares no word with any declared title, on a page that declares one. */
  'unrelated',
  /** The same on a page typed no article (a slogan: "Clarity, finally."). */
  'unrelatedNotArticle',
  /** Two words or fewer. */
  'short',
  /** More than 25 words. */
  'long',
  /** A line or title whose parts ("Headline | WRAL", "… - AliExpress 7") include the site's name or start with its host name. */
  'withSitePart',
  // By page type (title.ts TYPE_GROUP): an h1, the `<title>`'s longest part, the whole `<title>`.
  'shopH1',
  'shopTitlePart',
  'shopTitleWhole',
  'serviceH1',
  'serviceTitlePart',
  'serviceTitleWhole',
  'threadH1',
  'threadTitlePart',
  'threadTitleWhole',
  'listingH1',
  'listingTitlePart',
  'listingTitleWhole',
] as const;

export type TitleFeature = (typeof TITLE_FEATURES)[number];

/**
 * What the fit pulls each weight toward (0 for those not listed): judgement where the labelled
 * pages are split. Where a visible line begins with the declared title and goes on, WCXB-dev's
 * truth is the line on 53 pages and the declared one on 49: a coin toss there, so the weight
 * starts from the reading a news reader expects — the headline as the page shows it, the
 * `<title>` being the one cut short ("Lead pipes … in Port Ellery | The Ellery Post" of the
 * headline "Lead pipes … in Port Ellery, and the deadline … is slipping").
 */
export const TITLE_PRIOR: Partial<Record<TitleFeature, number>> = {
  extendsDeclared: 1.5,
  // A page without an h1 whose headline is a styled <div> (old CMSs, AMP pages), its <title>
  // often the bare site name: 16 such pages in WCXB-dev (the line is the truth on 5, the
  // <title> on 3), too few to fit; the line set large just above the body is the headline.
  displayNoH1: 1.5,
  // The site's own name is no story's headline (an old page's masthead line, "Hollins Green Echo",
  // above its h2 headline, the copyright line naming the site). WCXB-dev's articles rarely show
  // their site's name as a candidate at all, so the fit alone leaves this weight near the general
  // `siteName` one, which the `withSitePart` sign now shares.
  siteNameArticle: -1,
};

/** Starting weights, set by hand (agreement first, then h1, then the `<title>`'s longest part). */
export const TITLE_WEIGHTS: Readonly<Record<TitleFeature, number>> = {
  h1: 0.343,
  h1First: 0.799,
  h1AboveBody: 0.566,
  h1Only: 0.346,
  h2AboveBody: -0.284,
  display: -0.276,
  nearestAbove: 0.114,
  displayNoH1: 1.499,
  fontRatio: 0.2,
  titleWhole: -0.221,
  titleUnsplit: 0.903,
  titlePart: -0.059,
  titlePartFirst: 0.77,
  titlePartLast: -0.779,
  titlePartLongest: 0.767,
  metaWhole: 0.637,
  ldWhole: 0.018,
  metaPart: 0.395,
  agreeKinds: 0.489,
  extendsDeclared: 1.494,
  holdsDeclared: -0.796,
  startsDeclared: 0.532,
  inDeclared: -0.036,
  inVisible: 0.944,
  overlap: 0.616,
  h1Many: -0.435,
  siteName: -0.284,
  siteNameArticle: -1,
  unrelated: -0.926,
  unrelatedNotArticle: -0.405,
  short: -0.334,
  long: -0.055,
  withSitePart: -0.762,
  shopH1: 0.142,
  shopTitlePart: -0.116,
  shopTitleWhole: 0.168,
  serviceH1: -0.369,
  serviceTitlePart: 0.221,
  serviceTitleWhole: 0.613,
  threadH1: -0.844,
  threadTitlePart: 0.249,
  threadTitleWhole: -0.045,
  listingH1: -0.036,
  listingTitlePart: 0.137,
  listingTitleWhole: -0.26,
};
