/**
 * What kind of page this is, in WCXB's seven labels — article, listing (section front, tag or
 * search page), forum (threads, Q&A), product, documentation, collection (a shop's category,
 * a gallery, a set of cards), service (a business's own pages) — plus `other` (photo galleries
 * and pages that are none of these). The decision chooses the extraction profile
 * (extract/profiles/); only `article` is an article for the crawler, `--articles-only`,
 * corpora and the store. Pure.
 *
 * One logistic model per type, one against the rest, over page-level features that hold on any
 * site (URL shape and words, JSON-LD and Open Graph types, repeated cards, post structure,
 * forms, prices and shop markup, code blocks, doc-generator markup, the run of prose); a
 * type's probability is its model's output over the sum of all of them. The weights are data
 * fitted by `npm run fit` on pages labelled with their type (src/bench/fit/), like the block
 * model's.
 */
import type { LayoutTree } from '../segment/tree.js';
import type { LayoutSnapshot } from '../types.js';
import type { PageBlock } from './block-features.js';
import { UNKNOWN_PAGE_ORIGIN } from '../types.js';
import { logistic } from './block-model.js';
import { parseJsonBlock } from '../text/json-block.js';
import { UNKNOWN_URL_FEATURES } from './url-prior.js';
import { latinLength } from '../text/index.js';
import { CARD_WORDS, COMMENT_WORDS, DOC_CLASS_WORDS, DOC_GENERATORS, HOST_WORDS, ITEMPROP, LD_TYPES, POST_WORDS, SHOP_WORDS, URL_WORDS } from './page-type-signals.js';

export const PAGE_TYPES = ['article', 'listing', 'forum', 'product', 'documentation', 'collection', 'service', 'other'] as const;
export type PageType = (typeof PAGE_TYPES)[number];

export const PAGE_TYPE_FEATURES = [
  'bias',
  'ldArticle',
  'ldListing',
  'ldProduct',
  'ldForum',
  'ldDocumentation',
  'ldService',
  'ogArticle',
  'ogProduct',
  'ogWebsite',
  'hostForum',
  'hostDocs',
  'hostShop',
  'urlProduct',
  'urlForum',
  'urlDocs',
  'urlListing',
  'urlCollection',
  'urlService',
  'urlPathLength',
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
  'proseOutsidePosts',
  'teasers',
  'articleElements',
  'headings',
  'h1Count',
  'formControls',
  'prices',
  'codeShare',
  'commentShare',
  'preElements',
  'tables',
  'listItemShare',
  'postBlocks',
  'shopMarkup',
  'itempropProduct',
  'itempropForum',
  'itempropArticle',
  'docMarkup',
  'cardRun',
  'cardShare',
  'images',
] as const;

export type PageTypeFeatureName = (typeof PAGE_TYPE_FEATURES)[number];

/** One logistic model per type (that type against the rest); a type without weights is never decided. */
export type PageTypeWeights = Partial<Record<PageType, Partial<Record<PageTypeFeatureName, number>>>>;

export interface PageTypeDecision {
  type: PageType;
  /** Probability of the type given. */
  confidence: number;
  probabilities: Record<PageType, number>;
  /** The strongest evidence, in words. */
  reason: string;
}

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
  set('ldArticle', types.some((t) => LD_TYPES.article.test(t)) ? 1 : 0);
  set('ldListing', types.some((t) => LD_TYPES.listing.test(t)) ? 1 : 0);
  set('ldProduct', types.some((t) => LD_TYPES.product.test(t)) ? 1 : 0);
  set('ldForum', types.some((t) => LD_TYPES.forum.test(t)) ? 1 : 0);
  set('ldDocumentation', types.some((t) => LD_TYPES.documentation.test(t)) ? 1 : 0);
  set('ldService', types.some((t) => LD_TYPES.service.test(t)) ? 1 : 0);
  const meta = (key: string): string | undefined => snapshot.meta.metaTags.find((m) => m.key === key)?.content.trim().toLowerCase();
  const og = meta('og:type');
  set('ogArticle', og === 'article' || og === 'blog' ? 1 : 0);
  set('ogProduct', og?.startsWith('product') ? 1 : 0);
  set('ogWebsite', og === 'website' ? 1 : 0);
  set('publishedMeta', meta('article:published_time') !== undefined || meta('datepublished') !== undefined ? 1 : 0);
  const markup = markupCounts(tree, meta('generator'));
  set('timeElements', Math.min(1, markup.times / 10));
  set('articleElements', Math.min(1, markup.articles / 10));
  set('headings', Math.min(1, markup.headings / 30));
  set('h1Count', Math.min(1, markup.h1 / 3));
  set('formControls', Math.min(1, markup.controls / 20));
  set('preElements', Math.min(1, markup.pre / 5));
  set('tables', Math.min(1, markup.tables / 5));
  set('postBlocks', Math.min(1, markup.posts / 20));
  set('shopMarkup', Math.min(1, markup.shop / 10));
  set('itempropProduct', Math.min(1, markup.itempropProduct / 3));
  set('itempropForum', Math.min(1, markup.itempropForum / 3));
  set('itempropArticle', Math.min(1, markup.itempropArticle / 3));
  set('docMarkup', markup.docs > 0 ? 1 : 0);
  set('cardRun', Math.min(1, markup.cardRun / 24));
  set('images', Math.min(1, (tree.stats[0]?.imageCount ?? 0) / 40));
  // The URL: articles sit deep, with dates, slugs of several words or numeric ids. A saved page
  // without its own URL says nothing here: its URL features take their mean over the pages the
  // weights were fitted on, so they neither push towards nor away from any type.
  const fromUrl = urlFeatures(snapshot.url) ?? UNKNOWN_URL_FEATURES;
  for (const name of URL_FEATURES) set(name, fromUrl[name]);
  const liText = markup.listItemText;
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
  const rawTotal = tree.stats[0]?.textLength ?? 0;
  set('listItemShare', rawTotal > 0 ? Math.min(1, liText / rawTotal) : 0);
  set('cardShare', rawTotal > 0 ? Math.min(1, markup.cardText / rawTotal) : 0);
  set('pageLinkDensity', total > 0 ? ((tree.stats[0]?.linkTextLength ?? 0) * pageScale) / total : 0);
  let prose = 0;
  let run = 0;
  let longest = 0;
  // The same run, counting only blocks outside posts and comments: an article followed by a
  // long thread of readers' comments keeps its run; a thread's posts have none outside.
  let runOut = 0;
  let longestOut = 0;
  let teasers = 0;
  let code = 0;
  let prices = 0;
  blocks.forEach((b, i) => {
    const block = scaled[i]!;
    const linkHeavy = block.linkTextLength >= block.textLength * 0.5;
    const inPost = markup.inPost[b.block.ownerId] === 1;
    if (isProseBlock(block)) {
      prose++;
      run += block.textLength;
      longest = Math.max(longest, run);
      if (!inPost) {
        runOut += block.textLength;
        longestOut = Math.max(longestOut, runOut);
      } else runOut = 0;
    } else if (linkHeavy) {
      // A run of prose continues past subheadings and captions, not past a link list.
      run = 0;
      runOut = 0;
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
  set('proseOutsidePosts', Math.log1p(longestOut) / 10);
  set('teasers', Math.min(1, teasers / 20));
  set('prices', Math.min(1, prices / 10));
  set('codeShare', total > 0 ? Math.min(1, (code / total) * 3) : 0);
  set('commentShare', commentShare(tree));
  return f;
}

/** The features read off the page's URL. */
export const URL_FEATURES = ['urlDepth', 'urlDate', 'urlSlugWords', 'urlNumericId', 'urlQuery', 'urlRoot', 'hostForum', 'hostDocs', 'hostShop', 'urlProduct', 'urlForum', 'urlDocs', 'urlListing', 'urlCollection', 'urlService', 'urlPathLength'] as const satisfies readonly PageTypeFeatureName[];
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
  // Path words: whole segments (a file's extension dropped), never words inside a slug — a
  // story called "why-forums-matter" is not a forum.
  const words = new Set<string>();
  for (const seg of segments.slice(0, 12)) words.add(seg.toLowerCase().replace(/\.(?:php|html?|aspx?|jsp)$/u, ''));
  const hostLabels = url.hostname.toLowerCase().split('.');
  const has = (set: ReadonlySet<string>): number => ([...words].some((w) => set.has(w)) ? 1 : 0);
  const host = (set: ReadonlySet<string>): number => (hostLabels.slice(0, -1).some((l) => set.has(l)) ? 1 : 0);
  return {
    hostForum: host(HOST_WORDS.forum),
    hostDocs: host(HOST_WORDS.documentation),
    hostShop: host(HOST_WORDS.product),
    urlProduct: has(URL_WORDS.product),
    urlForum: has(URL_WORDS.forum),
    urlDocs: has(URL_WORDS.documentation),
    urlListing: listingPath(segments) ? 1 : 0,
    urlCollection: has(URL_WORDS.collection),
    urlService: has(URL_WORDS.service),
    urlPathLength: Math.min(1, path.length / 100),
    urlDepth: Math.min(1, segments.length / 6),
    urlDate: URL_DATE.test(path) ? 1 : 0,
    urlSlugWords: Math.min(1, last.replace(/\.[a-z0-9]+$/iu, '').split(/[-_]+/u).filter((w) => /\p{L}{2,}/u.test(w)).length / 8),
    urlNumericId: /\d{5,}/u.test(path) ? 1 : 0,
    urlQuery: url.search.length > 1 ? 1 : 0,
    urlRoot: segments.length === 0 ? 1 : 0,
  };
}

/**
 * A path that names a list: a listing word (URL_WORDS.listing) as its last segment or the one
 * before it (/news/, /category/sports/, /tag/ferries, /author/jane-doe, /page/2), unless the last
 * segment names one item — a number of three digits or more (/news/local/2041/, Drupal's
 * /node/412), a file (/archives/000412.html, story.php) or a slug of three words or more
 * (/blog/why-forums-matter). Before, any listing word anywhere counted, so a 2008 news story at
 * /news/local/2041/ — no slug, no date, no metadata — was typed a listing and read whole.
 */
function listingPath(segments: readonly string[]): boolean {
  const words = segments.map((s) => s.toLowerCase().replace(/\.(?:php|html?|aspx?|jsp)$/u, ''));
  const at = words.findIndex((w, i) => i >= words.length - 2 && URL_WORDS.listing.has(w));
  if (at < 0) return false;
  if (at === words.length - 1) return true;
  const last = segments[segments.length - 1]!;
  const item = /^\d{3,}$/u.test(words[words.length - 1]!) || /\.(?:php|html?|aspx?|jsp)$/iu.test(last) || decodeSegment(last).split(/[-_]+/u).filter((w) => /\p{L}{2,}/u.test(w)).length >= 3;
  return !item;
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

/** Share of the page's text under elements whose class or id names comments, replies or answers. */
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
    // Not "post": WordPress names the article itself `post` (and its body `single-post`).
    if (COMMENT_WORDS.test(names)) {
      inside += tree.stats[id]?.textLength ?? 0;
      end = tree.subtreeEnd[id]!;
    }
  }
  return Math.min(1, inside / total);
}

interface MarkupCounts {
  times: number;
  articles: number;
  headings: number;
  h1: number;
  controls: number;
  pre: number;
  /** Data tables (TABLE_DATA), not layout tables. */
  tables: number;
  /** Outermost elements named as posts, comments, replies or answers. */
  posts: number;
  /** 1 for every node inside an element named as comments, replies or answers (COMMENT_WORDS). */
  inPost: Uint8Array;
  /** Elements named as carts, prices, variants. */
  shop: number;
  itempropProduct: number;
  itempropForum: number;
  itempropArticle: number;
  /** Doc-generator markup (class names, or `<meta name=generator>`). */
  docs: number;
  /** Text inside `<li>` (outermost). */
  listItemText: number;
  /** The longest run of siblings of one tag and class that look like cards (a link or an image each). */
  cardRun: number;
  /** Text inside that run. */
  cardText: number;
}

/**
 * A table of data (standings, prices, a comparison), what the `tables` sign counts: at least
 * two rows of at least two cells, and no table inside it. A page laid out in tables — the
 * 2008 news story whose columns, tool bar, related-links box and advertisement each sit in a
 * table — has many tables and no data in them; counted whole, its tables made it a listing (41 %
 * against article's 30 %: test/fixtures/extract/wire-story-table-2008), so a crawl of such a site
 * learnt nothing from its stories.
 */
const TABLE_DATA = { minRows: 2, minCells: 2 } as const;

/** One pass over the elements: the markup counts of the page. */
function markupCounts(tree: LayoutTree, generator: string | undefined): MarkupCounts {
  const c: MarkupCounts = { times: 0, articles: 0, headings: 0, h1: 0, controls: 0, pre: 0, tables: 0, posts: 0, inPost: new Uint8Array(tree.nodes.length), shop: 0, itempropProduct: 0, itempropForum: 0, itempropArticle: 0, docs: 0, listItemText: 0, cardRun: 0, cardText: 0 };
  if (generator !== undefined && DOC_GENERATORS.test(generator)) c.docs++;
  let postEnd = -1;
  let commentEnd = -1;
  let liEnd = -1;
  // Siblings of one signature (parent, tag, class) that hold a link or an image: cards.
  const groups = new Map<string, { n: number; text: number }>();
  // Open tables and rows (innermost last), closed as the walk leaves their subtrees: a table is
  // counted when it closes, if it is a data table (TABLE_DATA).
  const tables: Array<{ end: number; fullRows: number; nested: boolean }> = [];
  const rows: Array<{ end: number; cells: number; table: { fullRows: number } }> = [];
  const closeTables = (id: number): void => {
    while (rows.length > 0 && rows[rows.length - 1]!.end <= id) {
      const row = rows.pop()!;
      if (row.cells >= TABLE_DATA.minCells) row.table.fullRows++;
    }
    while (tables.length > 0 && tables[tables.length - 1]!.end <= id) {
      const table = tables.pop()!;
      if (!table.nested && table.fullRows >= TABLE_DATA.minRows) c.tables++;
    }
  };
  for (let id = 0; id < tree.nodes.length; id++) {
    const node = tree.nodes[id]!;
    if (node.kind !== 'element') continue;
    const tag = node.tag;
    if (tag === 'time') c.times++;
    else if (tag === 'article') c.articles++;
    else if (tag === 'h2' || tag === 'h3' || tag === 'h4') c.headings++;
    else if (tag === 'h1') c.h1++;
    else if (tag === 'input' || tag === 'select' || tag === 'textarea' || tag === 'button') c.controls++;
    else if (tag === 'pre') c.pre++;
    closeTables(id);
    if (tag === 'table') {
      const open = tables[tables.length - 1];
      if (open) open.nested = true;
      tables.push({ end: tree.subtreeEnd[id]!, fullRows: 0, nested: false });
    } else if (tag === 'tr' && tables.length > 0) rows.push({ end: tree.subtreeEnd[id]!, cells: 0, table: tables[tables.length - 1]! });
    else if ((tag === 'td' || tag === 'th') && rows.length > 0) rows[rows.length - 1]!.cells++;
    const stats = tree.stats[id]!;
    if (tag === 'li' && id >= liEnd) {
      c.listItemText += stats.textLength;
      liEnd = tree.subtreeEnd[id]!;
    }
    const itemprop = node.attrs.itemprop?.toLowerCase();
    if (itemprop !== undefined) {
      if (ITEMPROP.product.has(itemprop)) c.itempropProduct++;
      else if (ITEMPROP.forum.has(itemprop)) c.itempropForum++;
      else if (ITEMPROP.article.has(itemprop)) c.itempropArticle++;
    }
    const cls = node.attrs.class;
    const names = `${cls ?? ''} ${node.attrs.id ?? ''}`.toLowerCase();
    if (names.length > 1) {
      if (id >= postEnd && stats.textLength > 0 && POST_WORDS.test(names)) {
        c.posts++;
        postEnd = tree.subtreeEnd[id]!;
      }
      if (id >= commentEnd && COMMENT_WORDS.test(names)) {
        commentEnd = tree.subtreeEnd[id]!;
        c.inPost.fill(1, id, commentEnd);
      }
      if (SHOP_WORDS.test(names)) c.shop++;
      if (c.docs === 0 && DOC_CLASS_WORDS.test(names)) c.docs++;
    }
    if (cls !== undefined && node.parent >= 0 && (stats.imageCount > 0 || stats.linkTextLength > 0) && stats.textLength >= 10 && CARD_WORDS.test(cls.toLowerCase())) {
      const key = `${node.parent} ${tag} ${cls}`;
      const g = groups.get(key) ?? { n: 0, text: 0 };
      g.n++;
      g.text += stats.textLength;
      groups.set(key, g);
    }
  }
  closeTables(tree.nodes.length);
  for (const g of groups.values()) {
    if (g.n > c.cardRun) {
      c.cardRun = g.n;
      c.cardText = g.text;
    }
  }
  return c;
}

/** Every `@type` named in the page's JSON-LD (top level, arrays, `@graph`, nested objects). */
export function jsonLdTypes(blocks: readonly string[]): string[] {
  const out: string[] = [];
  for (const raw of blocks) {
    const parsed = parseJsonBlock(raw);
    if (parsed === undefined) continue;
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
  ldDocumentation: 'JSON-LD declares technical documentation',
  ldService: 'JSON-LD declares an organisation, service or FAQ',
  ogArticle: 'og:type is article',
  ogProduct: 'og:type is product',
  ogWebsite: 'og:type is website',
  hostForum: 'the host names a forum',
  hostDocs: 'the host names documentation',
  hostShop: 'the host names a shop',
  urlProduct: 'the URL names a product',
  urlForum: 'the URL names a thread or question',
  urlDocs: 'the URL names documentation',
  urlListing: 'the URL names a category, tag or search',
  urlCollection: 'the URL names a collection or catalogue',
  urlService: 'the URL names a service or company page',
  urlPathLength: 'URL path length',
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
  proseOutsidePosts: 'the longest run of prose outside comments',
  teasers: 'headline links with summaries (teasers)',
  articleElements: '<article> elements',
  headings: 'headings',
  h1Count: '<h1> elements',
  formControls: 'form controls',
  prices: 'prices',
  codeShare: 'code',
  commentShare: 'comment threads',
  preElements: '<pre> blocks',
  tables: 'data tables',
  listItemShare: 'share of text in list items',
  postBlocks: 'posts, replies or answers',
  shopMarkup: 'cart, price or variant markup',
  itempropProduct: 'product microdata',
  itempropForum: 'discussion microdata',
  itempropArticle: 'article microdata',
  docMarkup: 'documentation-generator markup',
  cardRun: 'a run of cards',
  cardShare: 'share of text in cards',
  images: 'images',
};

/**
 * The type with the highest probability, and the evidence for it in words. `urlKnown: false` (a
 * saved page without its address) keeps the URL features, which then hold their mean, out of the
 * reason.
 */
export function decidePageType(features: Float64Array, weights: PageTypeWeights, opts: { urlKnown?: boolean } = {}): PageTypeDecision {
  const silent = new Set<PageTypeFeatureName>(['bias', ...(opts.urlKnown === false ? URL_FEATURES : [])]);
  const terms = (w: Partial<Record<PageTypeFeatureName, number>>): Array<{ name: PageTypeFeatureName; c: number }> =>
    PAGE_TYPE_FEATURES.map((name, j) => ({ name, c: (w[name] ?? 0) * features[j]! }));
  // Each type's own model (that type against the rest); a type without weights is not decided.
  const raw = PAGE_TYPES.map((t) => {
    const w = weights[t];
    if (w === undefined || Object.keys(w).length === 0) return { t, p: 0, terms: [] as Array<{ name: PageTypeFeatureName; c: number }> };
    const ts = terms(w);
    return { t, p: logistic(ts.reduce((s, x) => s + x.c, 0)), terms: ts };
  });
  const sum = raw.reduce((s, r) => s + r.p, 0);
  const probabilities = Object.fromEntries(PAGE_TYPES.map((t, i) => [t, sum > 0 ? raw[i]!.p / sum : t === 'article' ? 1 : 0])) as Record<PageType, number>;
  const type = PAGE_TYPES.reduce((a, b) => (probabilities[b] > probabilities[a] ? b : a));
  // The evidence: the two largest terms pushing the chosen type's own model towards it.
  const chosen = raw[PAGE_TYPES.indexOf(type)]!.terms;
  const top = chosen
    .filter((t) => !silent.has(t.name) && t.c > 0)
    .sort((a, b) => b.c - a.c)
    .slice(0, 2)
    .map((t) => `${FEATURE_WORDS[t.name]} (${describeValue(t.name, features[PAGE_TYPE_FEATURES.indexOf(t.name)]!)})`);
  return { type, confidence: probabilities[type], probabilities, reason: top.length > 0 ? top.join('; ') : 'no strong evidence either way' };
}

function describeValue(name: PageTypeFeatureName, value: number): string {
  if (value === 0 || value === 1) return value === 1 ? 'yes' : 'no';
  // Lengths are in Latin characters (a Chinese character counts 3.2): "Latin chars" says so.
  return name === 'longestProseRun' || name === 'proseOutsidePosts' ? `${Math.round(Math.expm1(value * 10))} Latin chars` : value.toFixed(2);
}
