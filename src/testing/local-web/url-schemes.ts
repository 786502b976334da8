/**
 * The URL conventions of the local web's sites, one scheme per style. A scheme builds every
 * path a site links to and parses a requested path back into what it names; the site model
 * then checks that the thing exists. Server and truth both go through `parse`, so they can
 * never disagree about what a URL is.
 *
 * | style     | article                          | section front           | pagination        |
 * |-----------|----------------------------------|-------------------------|-------------------|
 * | `dated`   | `/2024/03/05/slug-of-words.html` | `/politics/`            | `/politics/page/2/` |
 * | `section` | `/politics/slug-of-words`        | `/politics`             | `/politics?page=2`  |
 * | `query`   | `/article.php?id=12345`          | `/list.php?cat=3`       | `&page=2`           |
 * | `slash`   | `/news/slug-of-words/`           | `/section/politics/`    | `/section/politics/page/2/` |
 * | `numeric` | `/story/98765`                   | `/rubric/politika`      | `?page=2`           |
 *
 * Every article also has a comments page (`…/comments`, `/comments.php?id=`), which is not an
 * article although its URL starts like one.
 */

export type SiteStyle = 'dated' | 'section' | 'query' | 'slash' | 'numeric';
export const SITE_STYLES: readonly SiteStyle[] = ['dated', 'section', 'query', 'slash', 'numeric'];

export type StaticPageName = 'about' | 'contact' | 'privacy' | 'terms';
export const STATIC_PAGES: readonly StaticPageName[] = ['about', 'contact', 'privacy', 'terms'];

export interface Ymd {
  year: number;
  month: number;
  day: number;
}

/** What an article URL needs: slug-based styles use `slug` (and `day`, `section`), id styles `id`. */
export interface ArticleRef {
  id: number;
  slug: string;
  section: string;
  date: Ymd;
}

/** A section, tag or author: slug-based styles name it by slug, the query style by position. */
export interface ListRef {
  index: number;
  slug: string;
}

export type ListKind = 'section' | 'tag' | 'author';

/** A path as parsed, before the site checks that what it names exists. */
export type ParsedPath =
  | { kind: 'home' }
  | { kind: 'robots' }
  /** An article, or (with `comments`) its comments page. */
  | { kind: 'article'; slug?: string; id?: number; section?: string; date?: Ymd; comments?: true }
  | { kind: ListKind; slug?: string; index?: number; page: number }
  | { kind: 'day'; date: Ymd }
  | { kind: 'calendar'; year: number; month: number }
  | { kind: 'search'; query: string; page: number }
  | { kind: 'static'; name: StaticPageName }
  | { kind: 'login'; next: string }
  | { kind: 'redirect'; location: string }
  | { kind: 'not-found' };

export interface UrlScheme {
  article(ref: ArticleRef): string;
  /** The article's comments: a page per article that is not an article (its URL shares the article's). */
  comments(ref: ArticleRef): string;
  list(kind: ListKind, ref: ListRef, page: number): string;
  day(date: Ymd): string;
  calendar(year: number, month: number): string;
  search(query: string, page: number): string;
  staticPage(name: StaticPageName): string;
  /** "Sign in to comment", back to `next`: one such URL per article, none of them an article. */
  login(next: string): string;
  parse(path: string, query: URLSearchParams): ParsedPath;
}

/** First ids of the id styles: ids are `base + index * stride`, so they look like real ones and are not 0, 1, 2… */
export const ID_BASE: Record<'query' | 'numeric', number> = { query: 10_003, numeric: 98_765 };
export const ID_STRIDE = 7;

const pad2 = (n: number): string => String(n).padStart(2, '0');
const isoDate = (d: Ymd): string => `${d.year}-${pad2(d.month)}-${pad2(d.day)}`;
const NOT_FOUND: ParsedPath = { kind: 'not-found' };

/** A page number from a query value or path segment; absent means 1, anything odd means not found (0). */
function pageOf(text: string | null | undefined): number {
  if (text === null || text === undefined) return 1;
  return /^[1-9]\d{0,5}$/.test(text) ? Number(text) : 0;
}

function ymd(year: string, month: string, day: string): Ymd | undefined {
  const value = { year: Number(year), month: Number(month), day: Number(day) };
  const date = new Date(Date.UTC(value.year, value.month - 1, value.day));
  const valid = date.getUTCFullYear() === value.year && date.getUTCMonth() === value.month - 1 && date.getUTCDate() === value.day;
  return valid ? value : undefined;
}

function calendarOf(year: string | null | undefined, month: string | null | undefined): ParsedPath {
  if (!year || !month || !/^\d{4,5}$/.test(year) || !/^\d{1,2}$/.test(month)) return NOT_FOUND;
  const m = Number(month);
  return m >= 1 && m <= 12 ? { kind: 'calendar', year: Number(year), month: m } : NOT_FOUND;
}

function loginOf(query: URLSearchParams): ParsedPath {
  const next = query.get('next') ?? '/';
  return next.startsWith('/') ? { kind: 'login', next } : NOT_FOUND;
}

const loginPath = (prefix: string, next: string): string => `${prefix}?next=${encodeURIComponent(next)}`;

function searchOf(query: URLSearchParams): ParsedPath {
  const q = (query.get('q') ?? '').trim();
  const page = pageOf(query.get('page'));
  return page === 0 ? NOT_FOUND : { kind: 'search', query: q, page };
}

function listPage(kind: ListKind, slug: string, page: number): ParsedPath {
  return page === 0 ? NOT_FOUND : { kind, slug, page };
}

function withPage(path: string, page: number, style: 'path' | 'query'): string {
  if (page <= 1) return path;
  return style === 'path' ? `${path}page/${page}/` : `${path}${path.includes('?') ? '&' : '?'}page=${page}`;
}

const searchPath = (prefix: string, query: string, page: number): string =>
  `${prefix}?q=${encodeURIComponent(query).replace(/%20/g, '+')}${page > 1 ? `&page=${page}` : ''}`;

/** `/2024/03/05/slug.html`, `/politics/`, `/tag/x/`, `/author/x/`, day archives at `/2024/03/05/`. */
const dated: UrlScheme = {
  article: (a) => `/${a.date.year}/${pad2(a.date.month)}/${pad2(a.date.day)}/${a.slug}.html`,
  comments: (a) => `/${a.date.year}/${pad2(a.date.month)}/${pad2(a.date.day)}/${a.slug}/comments/`,
  list: (kind, ref, page) => withPage(kind === 'section' ? `/${ref.slug}/` : `/${kind}/${ref.slug}/`, page, 'path'),
  day: (d) => `/${d.year}/${pad2(d.month)}/${pad2(d.day)}/`,
  calendar: (y, m) => `/calendar/${y}/${pad2(m)}`,
  search: (q, page) => searchPath('/search', q, page),
  staticPage: (name) => `/${name}/`,
  login: (next) => loginPath('/login/', next),
  parse(path, query) {
    if (path === '/') return { kind: 'home' };
    if (path === '/login/') return loginOf(query);
    let m = /^\/(\d{4})\/(\d{2})\/(\d{2})\/([a-z0-9-]+)\.html$/.exec(path);
    if (m) {
      const date = ymd(m[1]!, m[2]!, m[3]!);
      return date ? { kind: 'article', slug: m[4]!, date } : NOT_FOUND;
    }
    m = /^\/(\d{4})\/(\d{2})\/(\d{2})\/([a-z0-9-]+)\/comments\/$/.exec(path);
    if (m) {
      const date = ymd(m[1]!, m[2]!, m[3]!);
      return date ? { kind: 'article', slug: m[4]!, date, comments: true } : NOT_FOUND;
    }
    m = /^\/(\d{4})\/(\d{2})\/(\d{2})\/$/.exec(path);
    if (m) {
      const date = ymd(m[1]!, m[2]!, m[3]!);
      return date ? { kind: 'day', date } : NOT_FOUND;
    }
    m = /^\/calendar\/(\d+)\/(\d+)$/.exec(path);
    if (m) return calendarOf(m[1], m[2]);
    if (path === '/search') return searchOf(query);
    m = /^\/(tag|author)\/([a-z0-9-]+)\/(?:page\/(\d+)\/)?$/.exec(path);
    if (m) return listPage(m[1] as ListKind, m[2]!, pageOf(m[3]));
    m = /^\/([a-z]+)\/$/.exec(path);
    if (m && isStatic(m[1]!)) return { kind: 'static', name: m[1] };
    m = /^\/([a-z]+)\/(?:page\/(\d+)\/)?$/.exec(path);
    if (m) return listPage('section', m[1]!, pageOf(m[2]));
    return NOT_FOUND;
  },
};

/** `/politics/slug-of-words`, `/politics?page=2`, `/topics/x`, `/people/x`, `/archive/2024-03-05`. */
const section: UrlScheme = {
  article: (a) => `/${a.section}/${a.slug}`,
  comments: (a) => `/${a.section}/${a.slug}/comments`,
  list: (kind, ref, page) => withPage(kind === 'section' ? `/${ref.slug}` : `/${kind === 'tag' ? 'topics' : 'people'}/${ref.slug}`, page, 'query'),
  day: (d) => `/archive/${isoDate(d)}`,
  calendar: (y, m) => `/calendar/${y}/${pad2(m)}`,
  search: (q, page) => searchPath('/search', q, page),
  staticPage: (name) => `/${name}`,
  login: (next) => loginPath('/login', next),
  parse(path, query) {
    if (path === '/') return { kind: 'home' };
    if (path === '/login') return loginOf(query);
    let m = /^\/archive\/(\d{4})-(\d{2})-(\d{2})$/.exec(path);
    if (m) {
      const date = ymd(m[1]!, m[2]!, m[3]!);
      return date ? { kind: 'day', date } : NOT_FOUND;
    }
    m = /^\/calendar\/(\d+)\/(\d+)$/.exec(path);
    if (m) return calendarOf(m[1], m[2]);
    if (path === '/search') return searchOf(query);
    m = /^\/(topics|people)\/([a-z0-9-]+)$/.exec(path);
    if (m) return listPage(m[1] === 'topics' ? 'tag' : 'author', m[2]!, pageOf(query.get('page')));
    m = /^\/([a-z]+)\/([a-z0-9-]+)(\/comments)?$/.exec(path);
    if (m) return { kind: 'article', section: m[1]!, slug: m[2]!, ...(m[3] ? { comments: true as const } : {}) };
    m = /^\/([a-z]+)$/.exec(path);
    if (m && isStatic(m[1]!)) return { kind: 'static', name: m[1] };
    if (m) return listPage('section', m[1]!, pageOf(query.get('page')));
    return NOT_FOUND;
  },
};

/** `/article.php?id=12345`, `/list.php?cat=3&page=2`, `/tag.php?t=x`, `/author.php?id=7`. */
const query: UrlScheme = {
  article: (a) => `/article.php?id=${a.id}`,
  comments: (a) => `/comments.php?id=${a.id}`,
  list: (kind, ref, page) =>
    withPage(kind === 'section' ? `/list.php?cat=${ref.index + 1}` : kind === 'tag' ? `/tag.php?t=${ref.slug}` : `/author.php?id=${ref.index + 1}`, page, 'query'),
  day: (d) => `/archive.php?date=${isoDate(d)}`,
  calendar: (y, m) => `/calendar.php?y=${y}&m=${m}`,
  search: (q, page) => searchPath('/search.php', q, page),
  staticPage: (name) => `/page.php?name=${name}`,
  login: (next) => loginPath('/login.php', next),
  parse(path, params) {
    const page = pageOf(params.get('page'));
    const index = (key: string): number | undefined => {
      const value = params.get(key);
      return value !== null && /^[1-9]\d{0,5}$/.test(value) ? Number(value) - 1 : undefined;
    };
    switch (path) {
      case '/':
      case '/index.php':
        return { kind: 'home' };
      case '/article.php':
      case '/comments.php': {
        const id = params.get('id');
        if (id === null || !/^\d{1,9}$/.test(id)) return NOT_FOUND;
        return path === '/article.php' ? { kind: 'article', id: Number(id) } : { kind: 'article', id: Number(id), comments: true };
      }
      case '/list.php':
      case '/author.php': {
        const at = index(path === '/list.php' ? 'cat' : 'id');
        return at === undefined || page === 0 ? NOT_FOUND : { kind: path === '/list.php' ? 'section' : 'author', index: at, page };
      }
      case '/tag.php':
        return listPage('tag', params.get('t') ?? '', page);
      case '/archive.php': {
        const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(params.get('date') ?? '');
        const date = m ? ymd(m[1]!, m[2]!, m[3]!) : undefined;
        return date ? { kind: 'day', date } : NOT_FOUND;
      }
      case '/calendar.php':
        return calendarOf(params.get('y'), params.get('m'));
      case '/search.php':
        return searchOf(params);
      case '/login.php':
        return loginOf(params);
      case '/page.php': {
        const name = params.get('name') ?? '';
        return isStatic(name) ? { kind: 'static', name } : NOT_FOUND;
      }
      default:
        return NOT_FOUND;
    }
  },
};

/** WordPress-like: every path ends in `/`; without it the server redirects (301) to it. */
const slash: UrlScheme = {
  article: (a) => `/news/${a.slug}/`,
  comments: (a) => `/news/${a.slug}/comments/`,
  list: (kind, ref, page) => withPage(`/${kind}/${ref.slug}/`, page, 'path'),
  day: (d) => `/archive/${d.year}/${pad2(d.month)}/${pad2(d.day)}/`,
  calendar: (y, m) => `/calendar/${y}/${pad2(m)}/`,
  search: (q, page) => searchPath('/search/', q, page),
  staticPage: (name) => `/${name}/`,
  login: (next) => loginPath('/login/', next),
  parse(path, params) {
    if (path === '/') return { kind: 'home' };
    if (!path.endsWith('/')) {
      const search = params.toString();
      return { kind: 'redirect', location: `${path}/${search === '' ? '' : `?${search}`}` };
    }
    let m = /^\/news\/([a-z0-9-]+)\/(comments\/)?$/.exec(path);
    if (m) return { kind: 'article', slug: m[1]!, ...(m[2] ? { comments: true as const } : {}) };
    m = /^\/archive\/(\d{4})\/(\d{2})\/(\d{2})\/$/.exec(path);
    if (m) {
      const date = ymd(m[1]!, m[2]!, m[3]!);
      return date ? { kind: 'day', date } : NOT_FOUND;
    }
    m = /^\/calendar\/(\d+)\/(\d+)\/$/.exec(path);
    if (m) return calendarOf(m[1], m[2]);
    if (path === '/search/') return searchOf(params);
    if (path === '/login/') return loginOf(params);
    m = /^\/(section|tag|author)\/([a-z0-9-]+)\/(?:page\/(\d+)\/)?$/.exec(path);
    if (m) return listPage(m[1] as ListKind, m[2]!, pageOf(m[3]));
    m = /^\/([a-z]+)\/$/.exec(path);
    if (m && isStatic(m[1]!)) return { kind: 'static', name: m[1] };
    return NOT_FOUND;
  },
};

/** `/story/98765`, `/rubric/politika?page=2`, `/tema/x`, `/avtor/x`, `/arkhiv/2024-03-05`. */
const numeric: UrlScheme = {
  article: (a) => `/story/${a.id}`,
  comments: (a) => `/story/${a.id}/comments`,
  list: (kind, ref, page) => withPage(`/${kind === 'section' ? 'rubric' : kind === 'tag' ? 'tema' : 'avtor'}/${ref.slug}`, page, 'query'),
  day: (d) => `/arkhiv/${isoDate(d)}`,
  calendar: (y, m) => `/calendar/${y}/${pad2(m)}`,
  search: (q, page) => searchPath('/search', q, page),
  staticPage: (name) => `/${name}`,
  login: (next) => loginPath('/login', next),
  parse(path, params) {
    if (path === '/') return { kind: 'home' };
    if (path === '/login') return loginOf(params);
    let m = /^\/story\/(\d{1,9})(\/comments)?$/.exec(path);
    if (m) return { kind: 'article', id: Number(m[1]), ...(m[2] ? { comments: true as const } : {}) };
    m = /^\/(rubric|tema|avtor)\/([a-z0-9-]+)$/.exec(path);
    if (m) return listPage(m[1] === 'rubric' ? 'section' : m[1] === 'tema' ? 'tag' : 'author', m[2]!, pageOf(params.get('page')));
    m = /^\/arkhiv\/(\d{4})-(\d{2})-(\d{2})$/.exec(path);
    if (m) {
      const date = ymd(m[1]!, m[2]!, m[3]!);
      return date ? { kind: 'day', date } : NOT_FOUND;
    }
    m = /^\/calendar\/(\d+)\/(\d+)$/.exec(path);
    if (m) return calendarOf(m[1], m[2]);
    if (path === '/search') return searchOf(params);
    m = /^\/([a-z]+)$/.exec(path);
    if (m && isStatic(m[1]!)) return { kind: 'static', name: m[1] };
    return NOT_FOUND;
  },
};

function isStatic(name: string): name is StaticPageName {
  return (STATIC_PAGES as readonly string[]).includes(name);
}

export const URL_SCHEMES: Record<SiteStyle, UrlScheme> = { dated, section, query, slash, numeric };

/** Parses a path and query with the site's scheme; `robots.txt` is the same everywhere. */
export function parsePath(style: SiteStyle, path: string, params: URLSearchParams): ParsedPath {
  if (path === '/robots.txt') return { kind: 'robots' };
  return URL_SCHEMES[style].parse(path, params);
}
