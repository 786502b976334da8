/**
 * What kind of page this is — an article, a listing (section front, tag or search page,
 * collection), or something else (a product, a forum thread, documentation, a service page) —
 * decided apart from the body, which is extracted whatever the type. Pure.
 *
 * Two logistic models over page-level features: P(article), and P(listing | not an article);
 * "other" is the rest. The weights are data fitted by `npm run fit` on pages labelled with
 * their type (src/bench/fit/), like the block model's.
 */
import type { LayoutTree } from '../segment/tree.js';
import type { LayoutSnapshot } from '../types.js';
import type { PageBlock } from './block-features.js';
import { UNKNOWN_PAGE_ORIGIN } from '../types.js';
import { logistic } from './block-model.js';
import { UNKNOWN_URL_FEATURES } from './url-prior.js';
import { latinLength } from '../text/index.js';

export type PageType = 'article' | 'listing' | 'other';

export const PAGE_TYPE_FEATURES = [
  'bias',
  'ldArticle',
  'ldListing',
  'ldProduct',
  'ldForum',
  'ldOther',
  'ogArticle',
  'ogProduct',
  'publishedMeta',
  'timeElements',
  'urlDepth',
  'urlDate',
  'urlSlugWords',
  'urlNumericId',
  'urlQuery',
  'urlRoot',
  'logText',
  'pageLinkDensity',
  'proseBlocks',
  'longestProseRun',
  'proseRunShare',
  'teasers',
  'articleElements',
  'headings',
  'h1Count',
  'formControls',
  'prices',
  'codeShare',
  'commentShare',
] as const;

export type PageTypeFeatureName = (typeof PAGE_TYPE_FEATURES)[number];

export interface PageTypeWeights {
  /** Logistic weights of P(article). */
  article: Partial<Record<PageTypeFeatureName, number>>;
  /** Logistic weights of P(listing | not an article). */
  listing: Partial<Record<PageTypeFeatureName, number>>;
}

export interface PageTypeDecision {
  type: PageType;
  /** Probability of the type given. */
  confidence: number;
  probabilities: Record<PageType, number>;
  /** The strongest evidence, in words. */
  reason: string;
}

const LD_ARTICLE = /^(NewsArticle|Article|ReportageNewsArticle|AnalysisNewsArticle|OpinionNewsArticle|BackgroundNewsArticle|BlogPosting|LiveBlogPosting|Report|ScholarlyArticle|SatiricalArticle|Review|Recipe)$/u;
const LD_LISTING = /^(CollectionPage|ItemList|SearchResultsPage|Blog|ProfilePage|SiteNavigationElement)$/u;
const LD_PRODUCT = /^(Product|Offer|AggregateOffer|IndividualProduct|ProductGroup|Store)$/u;
const LD_FORUM = /^(DiscussionForumPosting|QAPage|Question|Answer|Comment|SocialMediaPosting)$/u;
const LD_OTHER = /^(FAQPage|SoftwareApplication|TechArticle|APIReference|HowTo|Course|Event|LocalBusiness|Organization|ContactPage|AboutPage|Service)$/u;
/** A date in a URL path: /2019/11/19/, /2019-11-19-, /20191119/. */
const URL_DATE = /\/(19|20)\d{2}[/-]\d{1,2}([/-]\d{1,2})?[/-]|\/(19|20)\d{6}\b/u;
const PRICE = /[$€£¥₹₽]\s?\d|(?:(?<![\d.,])[.,]*|(?<=[$€£¥₹₽]\s?\d))\d[\d.,]*\s?(?:€|zł|kr|₽|руб|USD|EUR)/gu;

/** Page-level features (PAGE_TYPE_FEATURES order), each scaled to about [0, 1]. */
export function pageTypeFeatures(tree: LayoutTree, snapshot: LayoutSnapshot, blocks: readonly PageBlock[]): Float64Array {
  const f = new Float64Array(PAGE_TYPE_FEATURES.length);
  const set = (name: PageTypeFeatureName, v: number): void => {
    f[PAGE_TYPE_FEATURES.indexOf(name)] = v;
  };
  set('bias', 1);
  // What the page declares about itself (schema.org JSON-LD and Open Graph).
  const types = jsonLdTypes(snapshot.meta.jsonLd);
  set('ldArticle', types.some((t) => LD_ARTICLE.test(t)) ? 1 : 0);
  set('ldListing', types.some((t) => LD_LISTING.test(t)) ? 1 : 0);
  set('ldProduct', types.some((t) => LD_PRODUCT.test(t)) ? 1 : 0);
  set('ldForum', types.some((t) => LD_FORUM.test(t)) ? 1 : 0);
  set('ldOther', types.some((t) => LD_OTHER.test(t)) ? 1 : 0);
  const meta = (key: string): string | undefined => snapshot.meta.metaTags.find((m) => m.key === key)?.content.trim().toLowerCase();
  const og = meta('og:type');
  set('ogArticle', og === 'article' || og === 'blog' ? 1 : 0);
  set('ogProduct', og?.startsWith('product') ? 1 : 0);
  set('publishedMeta', meta('article:published_time') !== undefined || meta('datepublished') !== undefined ? 1 : 0);
  let times = 0;
  let articles = 0;
  let headings = 0;
  let h1 = 0;
  let controls = 0;
  for (const node of tree.nodes) {
    if (node.kind !== 'element') continue;
    if (node.tag === 'time') times++;
    else if (node.tag === 'article') articles++;
    else if (/^h[2-4]$/u.test(node.tag)) headings++;
    else if (node.tag === 'h1') h1++;
    else if (node.tag === 'input' || node.tag === 'select' || node.tag === 'textarea' || node.tag === 'button') controls++;
  }
  set('timeElements', Math.min(1, times / 10));
  set('articleElements', Math.min(1, articles / 10));
  set('headings', Math.min(1, headings / 30));
  set('h1Count', Math.min(1, h1 / 3));
  set('formControls', Math.min(1, controls / 20));
  // The URL: articles sit deep, with dates, slugs of several words or numeric ids. A saved page
  // without its own URL says nothing here: its URL features take their mean over the pages the
  // weights were fitted on, so they neither push towards nor away from any type.
  const fromUrl = urlFeatures(snapshot.url) ?? UNKNOWN_URL_FEATURES;
  for (const name of URL_FEATURES) set(name, fromUrl[name]);
  // The text: an article has one long run of prose; a listing many short teasers with links.
  // Lengths are in Latin characters (text/words.ts: a Chinese character weighs 3.2, a Thai
  // letter 1.3), so that 80 characters or a run of 3,000 mean as much text in every script:
  // counted in plain characters a Chinese story was a third of an English one and typed
  // `other` (issue 22). A block's link text is in its own script, so it scales with the block.
  const scaled = blocks.map((b) => {
    const scale = b.text.length > 0 ? latinLength(b.text) / b.text.length : 1;
    return { textLength: b.block.textLength * scale, linkTextLength: b.block.linkTextLength * scale, punctuationCount: b.block.punctuationCount };
  });
  const plainBlocks = blocks.reduce((n, b) => n + b.text.length, 0);
  const pageScale = plainBlocks > 0 ? blocks.reduce((n, b) => n + latinLength(b.text), 0) / plainBlocks : 1;
  const total = (tree.stats[0]?.textLength ?? 0) * pageScale;
  set('logText', Math.log1p(total) / 12);
  set('pageLinkDensity', total > 0 ? ((tree.stats[0]?.linkTextLength ?? 0) * pageScale) / total : 0);
  let prose = 0;
  let run = 0;
  let longest = 0;
  let teasers = 0;
  let code = 0;
  let prices = 0;
  blocks.forEach((b, i) => {
    const block = scaled[i]!;
    const linkHeavy = block.linkTextLength >= block.textLength * 0.5;
    if (isProseBlock(block)) {
      prose++;
      run += block.textLength;
      longest = Math.max(longest, run);
    } else if (linkHeavy) {
      // A run of prose continues past subheadings and captions, not past a link list.
      run = 0;
    }
    // A teaser: a headline link followed by a short summary.
    const next = scaled[i + 1];
    const headlineLink = block.linkTextLength >= block.textLength * 0.9 && block.textLength >= 20 && block.textLength <= 160;
    if (headlineLink && next && next.punctuationCount > 0 && next.textLength < 400 && next.linkTextLength < next.textLength * 0.5) teasers++;
    const owner = tree.nodes[b.block.ownerId];
    if (owner?.kind === 'element' && (owner.tag === 'pre' || owner.tag === 'code')) code += block.textLength;
    prices += b.text.match(PRICE)?.length ?? 0;
  });
  set('proseBlocks', Math.min(1, prose / 30));
  set('longestProseRun', Math.log1p(longest) / 10);
  set('proseRunShare', total > 0 ? longest / total : 0);
  set('teasers', Math.min(1, teasers / 20));
  set('prices', Math.min(1, prices / 10));
  set('codeShare', total > 0 ? Math.min(1, (code / total) * 3) : 0);
  set('commentShare', commentShare(tree));
  return f;
}

/** The features read off the page's URL. */
export const URL_FEATURES = ['urlDepth', 'urlDate', 'urlSlugWords', 'urlNumericId', 'urlQuery', 'urlRoot'] as const satisfies readonly PageTypeFeatureName[];
export type UrlFeatureName = (typeof URL_FEATURES)[number];

/**
 * The URL features of a page's address, or `null` when the address is not the page's own: a saved
 * file without a canonical URL is served under UNKNOWN_PAGE_ORIGIN, and that name is ours, not
 * the site's (it would read as a site root).
 */
export function urlFeatures(address: string): Record<UrlFeatureName, number> | null {
  if (address.startsWith(UNKNOWN_PAGE_ORIGIN)) return null;
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return null;
  }
  const path = url.pathname;
  const segments = path.split('/').filter((s) => s.length > 0);
  // The slug as written: a browser sends an Arabic, Cyrillic or Chinese slug percent-encoded
  // (/news/%D9%88%D8%B2%D9%8A%D8%B1-…), whose hex pairs are not letters, so such a slug counted
  // no words while its Latin-script twin counted all of them.
  const last = decodeSegment(segments[segments.length - 1] ?? '');
  return {
    urlDepth: Math.min(1, segments.length / 6),
    urlDate: URL_DATE.test(path) ? 1 : 0,
    urlSlugWords: Math.min(1, last.replace(/\.[a-z0-9]+$/iu, '').split(/[-_]+/u).filter((w) => /\p{L}{2,}/u.test(w)).length / 8),
    urlNumericId: /\d{5,}/u.test(path) ? 1 : 0,
    urlQuery: url.search.length > 1 ? 1 : 0,
    urlRoot: segments.length === 0 ? 1 : 0,
  };
}

/** A path segment percent-decoded (UTF-8); one that is not valid UTF-8 stays as it is. */
function decodeSegment(segment: string): string {
  if (!segment.includes('%')) return segment;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** A paragraph of prose: a sentence mark, 80 Latin characters or more (25 Chinese), few links. */
function isProseBlock(b: { textLength: number; linkTextLength: number; punctuationCount: number }): boolean {
  return b.punctuationCount > 0 && b.textLength >= 80 && b.linkTextLength < b.textLength * 0.3;
}

/** Share of the page's text under elements whose class or id names comments or replies. */
function commentShare(tree: LayoutTree): number {
  const total = tree.stats[0]?.textLength ?? 0;
  if (total === 0) return 0;
  let inside = 0;
  let end = -1;
  for (let id = 0; id < tree.nodes.length; id++) {
    if (id < end) continue;
    const node = tree.nodes[id]!;
    if (node.kind !== 'element') continue;
    const names = `${node.attrs.class ?? ''} ${node.attrs.id ?? ''}`.toLowerCase();
    if (/(^|[\s_-])(comments?|replies|reply|discussion|forum|posts?)([\s_-]|$)/u.test(names)) {
      inside += tree.stats[id]?.textLength ?? 0;
      end = tree.subtreeEnd[id]!;
    }
  }
  return Math.min(1, inside / total);
}

/** Every `@type` named in the page's JSON-LD (top level, arrays, `@graph`, nested objects). */
export function jsonLdTypes(blocks: readonly string[]): string[] {
  const out: string[] = [];
  for (const raw of blocks) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      continue;
    }
    const queue: unknown[] = [parsed];
    let seen = 0;
    while (queue.length > 0 && seen++ < 2000) {
      const node = queue.shift();
      if (Array.isArray(node)) queue.push(...node);
      else if (node && typeof node === 'object') {
        const t = (node as Record<string, unknown>)['@type'];
        for (const v of ([] as unknown[]).concat(t ?? [])) if (typeof v === 'string') out.push(v.replace(/^https?:\/\/schema\.org\//u, ''));
        for (const v of Object.values(node)) if (v && typeof v === 'object') queue.push(v);
      }
    }
  }
  return out;
}

/** Names of the features in words, for reasons. */
const FEATURE_WORDS: Record<PageTypeFeatureName, string> = {
  bias: 'prior',
  ldArticle: 'JSON-LD declares an article',
  ldListing: 'JSON-LD declares a collection or list',
  ldProduct: 'JSON-LD declares a product',
  ldForum: 'JSON-LD declares a discussion',
  ldOther: 'JSON-LD declares another kind of page',
  ogArticle: 'og:type is article',
  ogProduct: 'og:type is product',
  publishedMeta: 'a publication time is declared',
  timeElements: '<time> elements',
  urlDepth: 'URL depth',
  urlDate: 'a date in the URL',
  urlSlugWords: 'words in the URL slug',
  urlNumericId: 'a numeric id in the URL',
  urlQuery: 'a query string',
  urlRoot: 'the site root',
  logText: 'amount of text',
  pageLinkDensity: 'share of text in links',
  proseBlocks: 'paragraphs of prose',
  longestProseRun: 'the longest run of prose',
  proseRunShare: 'share of the text in one run of prose',
  teasers: 'headline links with summaries (teasers)',
  articleElements: '<article> elements',
  headings: 'headings',
  h1Count: '<h1> elements',
  formControls: 'form controls',
  prices: 'prices',
  codeShare: 'code',
  commentShare: 'comment threads',
};

/**
 * The type with the highest probability, and the evidence for it in words. `urlKnown: false` (a
 * saved page without its address) keeps the URL features, which then hold their mean, out of the
 * reason.
 */
export function decidePageType(features: Float64Array, weights: PageTypeWeights, opts: { urlKnown?: boolean } = {}): PageTypeDecision {
  const silent = new Set<PageTypeFeatureName>(['bias', ...(opts.urlKnown === false ? URL_FEATURES : [])]);
  const terms = (w: PageTypeWeights['article']): Array<{ name: PageTypeFeatureName; c: number }> =>
    PAGE_TYPE_FEATURES.map((name, j) => ({ name, c: (w[name] ?? 0) * features[j]! }));
  const articleTerms = terms(weights.article);
  const listingTerms = terms(weights.listing);
  const pArticle = logistic(articleTerms.reduce((s, t) => s + t.c, 0));
  const pListingGivenNot = logistic(listingTerms.reduce((s, t) => s + t.c, 0));
  const probabilities: Record<PageType, number> = {
    article: pArticle,
    listing: (1 - pArticle) * pListingGivenNot,
    other: (1 - pArticle) * (1 - pListingGivenNot),
  };
  const type = (Object.keys(probabilities) as PageType[]).reduce((a, b) => (probabilities[b] > probabilities[a] ? b : a));
  // The evidence: the two largest terms pushing towards the decision.
  const toward = type === 'article' ? articleTerms : [...articleTerms.map((t) => ({ ...t, c: -t.c })), ...(type === 'listing' ? listingTerms : listingTerms.map((t) => ({ ...t, c: -t.c })))];
  // A feature can speak in both models (against "article" and for "listing"): one term each.
  const merged = new Map<PageTypeFeatureName, number>();
  for (const t of toward) merged.set(t.name, (merged.get(t.name) ?? 0) + t.c);
  const top = [...merged]
    .map(([name, c]) => ({ name, c }))
    .filter((t) => !silent.has(t.name) && t.c > 0)
    .sort((a, b) => b.c - a.c)
    .slice(0, 2)
    .map((t) => `${FEATURE_WORDS[t.name]} (${describeValue(t.name, features[PAGE_TYPE_FEATURES.indexOf(t.name)]!)})`);
  return { type, confidence: probabilities[type], probabilities, reason: top.length > 0 ? top.join('; ') : 'no strong evidence either way' };
}

function describeValue(name: PageTypeFeatureName, value: number): string {
  if (value === 0 || value === 1) return value === 1 ? 'yes' : 'no';
  // Lengths are in Latin characters (a Chinese character counts 3.2): "Latin chars" says so.
  return name === 'longestProseRun' ? `${Math.round(Math.expm1(value * 10))} Latin chars` : value.toFixed(2);
}
