/**
 * What a single URL says about its page, without looking at any other URL: the structural cues
 * of the URL-only article decision (`classify.ts`) and the URL's shape template.
 *
 * The cues are the ones that hold across news sites whatever their URL convention:
 * - an article names itself: a slug of several words (`/world/council-approves-new-budget`), a
 *   numeric id (`/news/48213`, `/a/48213-council.html`, `?id=48213`), often under a date
 *   (`/2014/06/06/…`);
 * - a listing names a category: a navigation word (`/tag/…`, `/author/…`, `/page/2`,
 *   `/search?q=…`), a query key that pages or filters (`?page=2`, `?sort=…`), a date with
 *   nothing after it (a day archive, the classic calendar trap), or nothing at all (the home page).
 * The word lists below are data: extend them, never special-case a site in code.
 */
import type { UrlVector } from './vectorize.js';

/** A path segment (or query key) that names a listing, not an item. Compared lower-case, extension stripped. */
export const NAV_WORDS: ReadonlySet<string> = new Set([
  // taxonomy pages: lists of articles sharing a label
  'tag', 'tags', 'topic', 'topics', 'category', 'categories', 'section', 'sections', 'label', 'labels',
  'subject', 'subjects', 'keyword', 'keywords',
  // people pages
  'author', 'authors', 'byline', 'bylines', 'contributor', 'contributors', 'profile', 'profiles', 'user', 'users', 'people',
  // paging, search and time listings (the usual spider traps)
  'page', 'pages', 'list', 'lists', 'listing', 'overview', 'search', 'find', 'archive', 'archives', 'calendar', 'day', 'month', 'year', 'date', 'latest', 'sitemap',
  // feeds and site furniture
  'feed', 'feeds', 'rss', 'atom', 'login', 'logout', 'signin', 'signup', 'register', 'subscribe', 'account',
  'about', 'about-us', 'contact', 'contact-us', 'privacy', 'privacy-policy', 'terms', 'cookies', 'help', 'faq',
  'newsletter', 'newsletters', 'print', 'share',
  // the same in a few other languages news sites use (transliterated where needed)
  'tema', 'temy', 'rubrika', 'rubriki', 'avtor', 'avtory', 'poisk', 'arhiv', 'arkhiv', 'teg', 'tegi',
  'etiqueta', 'etiquetas', 'autor', 'autores', 'categoria', 'seccion', 'busqueda', 'buscar', 'archivo',
  'schlagwort', 'stichwort', 'suche', 'rubrik', 'themen', 'mot-cle', 'recherche', 'auteur',
]);

/** Query keys that page, sort or filter a listing. Compared lower-case. */
export const NAV_QUERY_KEYS: ReadonlySet<string> = new Set([
  'page', 'pg', 'paged', 'pagenum', 'pageno', 'offset', 'start', 'from', 'skip', 'limit', 'per_page', 'perpage',
  'sort', 'sortby', 'order', 'orderby', 'q', 'query', 's', 'search', 'keyword', 'keywords', 'term',
  'tag', 'tags', 'cat', 'category', 'section', 'topic', 'author', 'date', 'day', 'month', 'year', 'filter', 'view',
]);

/**
 * Query keys that name one item: `id`, `aid`, `nid`, `article`, `story_id`, `newsid`… A key that
 * merely ends in "id" counts unless it starts with a listing word (`catid`, `sectionid`, `tagid`).
 */
export const ITEM_QUERY_KEY = /^(id|aid|nid|docid|(article|story|post|news|item|content|entry|doc|node|art)[-_]?(id|no)?)$/;
export const GENERIC_ID_KEY = /^[a-z]+[-_]?id$/;
export const NON_ITEM_ID_PREFIX = /^(category|cat|section|sec|tag|topic|author|user|session|sess|page|sort|ref|campaign|client|partner|site|lang)/;

/**
 * Words that name an item when a number goes with them: `/article/17`, `/story-17.html`,
 * `/item17`. A small number alone is more often a page number (`/world/2`); named, it is an id.
 */
// Singular only: `/articles/2` and `/news/2` are as often page 2 of a listing.
export const ITEM_WORDS: ReadonlySet<string> = new Set(['article', 'story', 'post', 'item', 'entry', 'doc', 'detail', 'art', 'a']);

/** File names that name a directory's default page, not an item (`/slug/index.html`). */
export const GENERIC_FILE_NAMES: ReadonlySet<string> = new Set(['index', 'default', 'home', 'main', 'start', 'welcome']);

/** A year (1900–2099) alone, or a date written in one segment (`2014-06-06`, `20140606`, `2014_06`). */
const DATE_SEGMENT = /^(19|20)\d\d([-_.]?(0[1-9]|1[0-2])([-_.]?(0[1-9]|[12]\d|3[01]))?)?$/;
const MERGED_DATE = /^(19|20)\d\d\/[^/]+(\/[^/]+)?$/;
const EXTENSION = /\.([a-z0-9]{1,5})$/i;
const TOKEN_SPLIT = /[-_+.,~\s]+/;
const LETTERS = /^\p{L}+$/u;
const DIGITS = /^\d+$/;
const YEAR = /^(19|20)\d\d$/;

/** One path segment (or an item-key query value), described. */
export interface SegmentInfo {
  /** Lower-cased, extension stripped. */
  base: string;
  /** Extension of a file name (`html`), `''` when none. */
  ext: string;
  /** Alphabetic tokens (`council-approves-budget` → 3). */
  words: number;
  /** Has a numeric token of ≥ 4 digits that is not a year, or is one (`48213`, `a-48213`). */
  hasId: boolean;
  isDate: boolean;
  isNav: boolean;
  /** Digits only, 1–3 of them (`2`): a page number more often than an id. */
  isShortNumber: boolean;
  /** Has an item word token (`ITEM_WORDS`) and a numeric token (`story-17`, `item17`). */
  hasNamedNumber: boolean;
  /** Is an item word (`article` in `/article/17`). */
  isItemWord: boolean;
  /** Shape token used in templates: `date`, `num`, `word`, `slug`, `idslug`, `alnum` or `=navword`. */
  shape: string;
}

export function describeSegment(raw: string, isFile: boolean): SegmentInfo {
  const lower = raw.toLowerCase();
  const extMatch = isFile ? EXTENSION.exec(lower) : null;
  const ext = extMatch?.[1] ?? '';
  const base = ext === '' ? lower : lower.slice(0, -ext.length - 1);
  const isDate = MERGED_DATE.test(base) || DATE_SEGMENT.test(base);
  const tokens = base.split(TOKEN_SPLIT).filter((t) => t !== '');
  let words = 0;
  let hasId = false;
  let hasDigits = false;
  let itemWord = false;
  for (const token of tokens) {
    if (LETTERS.test(token)) {
      words++;
      if (ITEM_WORDS.has(token)) itemWord = true;
    } else if (DIGITS.test(token)) {
      hasDigits = true;
      if (token.length >= 5 || (token.length === 4 && !YEAR.test(token))) hasId = true;
    } else {
      hasDigits = true;
      if (ITEM_WORDS.has(token.replace(/(?<!\d)\d+$/, ''))) itemWord = true; // `item17`
      // letters and digits in one token (`a48213`, `p2`): an id when it holds ≥ 4 digits in a row
      if (/\d{4,}/.test(token) && !YEAR.test(token.replace(/\D/g, ''))) hasId = true;
    }
  }
  if (isDate) hasId = false; // `2014/06/06` is a date, not an id
  const isNav = NAV_WORDS.has(base);
  const isShortNumber = DIGITS.test(base) && base.length <= 3;
  let shape: string;
  if (isNav) shape = `=${base}`;
  else if (isDate) shape = 'date';
  else if (DIGITS.test(base)) shape = 'num';
  else if (hasId) shape = 'idslug';
  else if (words >= 2) shape = 'slug';
  else if (hasDigits) shape = 'alnum';
  else shape = isFile ? base : 'word'; // a one-word file name is part of the template (`article.php`)
  if (ext !== '') shape += `.${ext}`;
  const hasNamedNumber = itemWord && hasDigits && !isDate;
  const isItemWord = ITEM_WORDS.has(base);
  return { base, ext, words, hasId, isDate, isNav, isShortNumber, hasNamedNumber, isItemWord, shape };
}

export interface QueryInfo {
  /** An item key with a value that holds an id (`?id=48213`, `?article=a48213`). */
  itemId: boolean;
  /** Keys that page/sort/filter a listing. */
  navKeys: string[];
  /** Item-key values that are slugs, described like path segments. */
  itemSlugs: SegmentInfo[];
  /** `key=shape` pairs, sorted, for templates. */
  shape: string;
}

export function describeQuery(query: string): QueryInfo {
  const navKeys: string[] = [];
  const itemSlugs: SegmentInfo[] = [];
  const shapes: string[] = [];
  let itemId = false;
  for (const pair of query.split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const key = (eq === -1 ? pair : pair.slice(0, eq)).toLowerCase();
    const value = eq === -1 ? '' : safeDecode(pair.slice(eq + 1));
    const info = describeSegment(value, false);
    shapes.push(`${key}=${value === '' ? '' : info.shape}`);
    if (NAV_QUERY_KEYS.has(key)) {
      navKeys.push(key);
    } else if (isItemKey(key) && value !== '') {
      if (DIGITS.test(value) || info.hasId) itemId = true;
      else if (info.words >= 2) itemSlugs.push(info);
    }
  }
  return { itemId, navKeys, itemSlugs, shape: shapes.sort().join('&') };
}

function isItemKey(key: string): boolean {
  return ITEM_QUERY_KEY.test(key) || (GENERIC_ID_KEY.test(key) && !NON_ITEM_ID_PREFIX.test(key));
}

/** Everything the cues need about one URL, computed once. */
export interface UrlAnatomy {
  /** Path segments: directories (dates merged), then the file name when there is one. */
  segments: SegmentInfo[];
  /** `segments` without a trailing default file name (`index.html`). */
  content: SegmentInfo[];
  query: QueryInfo;
  /** Shape template: segment shapes, trailing slash, query shape (`word/slug/|`). */
  template: string;
  /** The path as a key for prefix counting (segments lower-cased, joined by `/`). */
  pathKey: string;
}

export function anatomize(vector: UrlVector): UrlAnatomy {
  const segments = vector.directories.map((d) => describeSegment(d.value, false));
  if (vector.file.name !== '') segments.push(describeSegment(vector.file.name, true));
  const last = segments[segments.length - 1];
  const content = last !== undefined && vector.file.name !== '' && GENERIC_FILE_NAMES.has(last.base) ? segments.slice(0, -1) : segments;
  const query = describeQuery(vector.query);
  const slash = vector.file.name === '' && segments.length > 0 ? '/' : '';
  const template = `${segments.map((s) => s.shape).join('/')}${slash}|${query.shape}`;
  const pathKey = segments.map((s) => (s.ext === '' ? s.base : `${s.base}.${s.ext}`)).join('/');
  return { segments, content, query, template, pathKey };
}

/**
 * Weights (log-odds) of the structural cues. Calibrated as a set by hand on the synthetic sites
 * of test/unit/url-classify.test.ts (four conventions) so that one strong cue (a 4-word slug, an
 * id, an item query key) outweighs the bias, and a navigation word outweighs any slug;
 * re-run the URL-classification benchmark after any change.
 */
export const CUE_WEIGHTS = {
  /** Prior: most URLs a news site links to are listings, not articles. */
  bias: -2,
  /** Longest slug among the content segments: 3, 4, ≥ 5 words. */
  slug3: 1.5,
  slug4: 3,
  slug5: 4,
  /** A numeric id of ≥ 4 digits in the path (not a year). */
  pathId: 3,
  /** A number named as an item: `/article/17`, `/story-17.html` (any number of digits). */
  namedId: 3,
  /** The last content segment is a 1–3 digit number: a page number (`/world/2`). */
  shortNumberLast: -1,
  /** An item query key with an id value (`?id=48213`). */
  queryItemId: 4.5,
  /** Any paging/sorting/filtering query key (counted once). */
  queryNav: -4,
  /** A navigation word among the segments. */
  navWord: -5,
  /** A date followed by a slug, an id or a file name: the dated-article pattern. */
  dateThenContent: 2.5,
  /** A date as the last content segment: a day/month archive. */
  dateLast: -2,
  /** No path and no item query: the home page. */
  root: -10,
} as const;

export interface Cue {
  name: string;
  weight: number;
}

/** The structural cues that fire for a URL (context-free). */
export function structuralCues(anatomy: UrlAnatomy): Cue[] {
  const w = CUE_WEIGHTS;
  const cues: Cue[] = [{ name: 'bias', weight: w.bias }];
  const { content, query } = anatomy;

  const slugWords = Math.max(0, ...content.filter((s) => !s.isNav).map((s) => s.words), ...query.itemSlugs.map((s) => s.words));
  if (slugWords >= 5) cues.push({ name: 'slug5', weight: w.slug5 });
  else if (slugWords === 4) cues.push({ name: 'slug4', weight: w.slug4 });
  else if (slugWords === 3) cues.push({ name: 'slug3', weight: w.slug3 });

  if (content.some((s) => s.hasId && !s.isDate)) cues.push({ name: 'pathId', weight: w.pathId });
  const last = content[content.length - 1];
  const beforeLast = content[content.length - 2];
  const named = last !== undefined && (last.hasNamedNumber || (DIGITS.test(last.base) && beforeLast?.isItemWord === true));
  if (named && !content.some((s) => s.hasId && !s.isDate)) cues.push({ name: 'namedId', weight: w.namedId });
  else if (last?.isShortNumber) cues.push({ name: 'shortNumberLast', weight: w.shortNumberLast });
  if (query.itemId) cues.push({ name: 'queryItemId', weight: w.queryItemId });
  if (query.navKeys.length > 0) cues.push({ name: 'queryNav', weight: w.queryNav });
  if (anatomy.segments.some((s) => s.isNav)) cues.push({ name: 'navWord', weight: w.navWord });

  const dateAt = content.findIndex((s) => s.isDate);
  if (dateAt !== -1) {
    const after = content.slice(dateAt + 1);
    if (after.length === 0) cues.push({ name: 'dateLast', weight: w.dateLast });
    else if (after.some((s) => !s.isNav && (s.words >= 2 || s.hasId || s.ext !== ''))) {
      cues.push({ name: 'dateThenContent', weight: w.dateThenContent });
    }
  }
  if (anatomy.segments.length === 0 && !query.itemId) cues.push({ name: 'root', weight: w.root });
  return cues;
}

export function sumCues(cues: readonly Cue[]): number {
  let z = 0;
  for (const cue of cues) z += cue.weight;
  return z;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}
