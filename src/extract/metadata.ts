/**
 * Article metadata: what the page declares (JSON-LD, Open Graph / article: / Dublin Core /
 * twitter meta tags, `<link rel>`, `<html lang>`), what it shows (the byline and dateline
 * between the headline and the body, `<time>`, tag lists, the body's images and links) and
 * what its text is (language, fingerprint). Pure, apart from the language identifier, which
 * is asked synchronously once loaded (text-language.ts).
 *
 * Each field is a cascade of sources in the order of the `*_SOURCES` lists below; the first
 * that gives a usable value wins, and dates and language say which one did.
 */
import type { LayoutSnapshot, SnapshotElement } from '../types.js';
import { UNKNOWN_PAGE_ORIGIN } from '../types.js';
import type { LayoutTree } from '../segment/tree.js';
import { collapseWhitespace } from '../segment/text.js';
import { simhash64 } from '../store/near-duplicate.js';
import { cleanDeclaredAuthor, isProfileLink, looksLikePersonName, MAX_BYLINE_CHARS, namesInByline, namesTheSite, withoutCredentials } from './metadata-authors.js';
import { dateFromUrl, dateInText, MAX_DATE_TEXT, normalizeDate, type DateReading, inOffset, offsetOf } from './metadata-dates.js';
import { parseJsonLd, type JsonLdFacts } from './metadata-jsonld.js';
import { identifyTextLanguage } from './text-language.js';

export type DateSource = 'json-ld' | 'meta' | 'time' | 'url' | 'dateline';
export type LanguageSource = 'text' | 'html-lang' | 'meta';

export interface BodyImage {
  url: string;
  alt: string | null;
  caption: string | null;
}

export interface BodyLink {
  url: string;
  text: string;
}

export interface ArticleMetadata {
  title: string | null;
  /** The authors joined by ", ". */
  byline: string | null;
  authors: string[];
  /** ISO 8601: `YYYY-MM-DD` for a day, `YYYY-MM-DDTHH:MM:SS±HH:MM` (or `Z`) for a time with a zone. */
  publishedAt: string | null;
  publishedAtSource: DateSource | null;
  modifiedAt: string | null;
  modifiedAtSource: DateSource | null;
  /** Language of the text (ISO 639-1, else 639-3), from the identifier; the page's declaration only as a fallback. */
  language: string | null;
  languageSource: LanguageSource | null;
  canonicalUrl: string | null;
  hostname: string | null;
  siteName: string | null;
  description: string | null;
  categories: string[];
  tags: string[];
  leadImage: string | null;
  /** The body's images, in document order. */
  images: BodyImage[];
  /** The body's links, in document order. */
  links: BodyLink[];
  /** A licence: the Creative Commons name ("CC BY-SA 4.0") or the `rel=license` address. */
  license: string | null;
  /** SimHash (64 bits, word 2-shingles; store/near-duplicate.ts) of the body text, 16 hex digits. */
  fingerprint: string | null;
}

/**
 * Where the body is in the layout tree, so that the visible byline, dateline, images and links
 * are looked for around and inside it. Without it only declared metadata is read.
 */
export interface BodyPlace {
  tree: LayoutTree;
  /** The element holding every body block. */
  containerId: number;
  /** The roots of the body's blocks (their subtrees are the body), document order. */
  blockIds: number[];
  /** The headline element, when one was found. */
  headlineId: number | null;
  /** The page's type when it was decided (`forum`: the thread's first poster is the author). */
  pageType?: string;
  /** Node-id ranges [start, end) of readers' comments (comments.ts): their bylines and dates are not the article's. */
  commentRanges?: ReadonlyArray<readonly [number, number]>;
}

// ---------------------------------------------------------------------------------------------
// Heuristics (data). Tuned as a set on WCXB-dev and the samples: `npm run bench:metadata`.

/** Meta tags that name the publication date, in order of trust. */
const PUBLISHED_META = [
  'article:published_time', 'og:article:published_time', 'datepublished', 'article.published', 'parsely-pub-date',
  'sailthru.date', 'pubdate', 'publishdate', 'publish-date', 'publish_date', 'date', 'dc.date', 'dc.date.issued',
  'dcterms.date', 'dcterms.issued', 'dcterms.created', 'citation_publication_date', 'citation_date', 'og:pubdate',
  'datecreated', 'article:published', 'published_time', 'release_date', 'published-date', 'published_date', 'publication_date',
  'publication-date', 'published', 'published_at', 'pub_date', 'og:publish_date', 'cxenseparse:publishtime', 'article_date_original',
];
/**
 * A meta tag no list names, whose key says "published" and "date" or "time" in its own words
 * ("w-published-date", "og:published_time", "shareaholic:article_published_time",
 * "article:first_published_time"), after every key of PUBLISHED_META: a CMS's own spelling. Not a
 * publisher ("article:publisher"), nor a modified, updated, last or automatic publication, nor
 * a type. WCXB-dev date 87.3 → 87.5 % (a legal publisher's `w-published-date`; one page's day
 * given its time too), AEB and the samples unchanged.
 */
const PUBLISHED_KEY = {
  published: new Set(['published', 'publish', 'publisheddate', 'datepublished', 'pubdate']),
  when: ['date', 'time', 'first'],
  /** Words that start so: another meaning. */
  notStarting: ['publisher', 'last', 'auto', 'type'],
  /** Words that hold these anywhere ("lastmodified", "dateupdated"): a later date. */
  notInside: ['modif', 'updat'],
} as const;
function publishedByKeyWords(snapshot: LayoutSnapshot): string | null {
  for (const { key, content } of snapshot.meta.metaTags) {
    const words = key.toLowerCase().split(/[^a-z]+/u).filter((w) => w !== '');
    if (!words.some((w) => PUBLISHED_KEY.published.has(w))) continue;
    if (!words.some((w) => w === 'published' || PUBLISHED_KEY.when.some((part) => w.includes(part)))) continue;
    if (words.some((w) => PUBLISHED_KEY.notStarting.some((part) => w.startsWith(part)) || PUBLISHED_KEY.notInside.some((part) => w.includes(part)))) continue;
    if (normalizeDate(content) !== null) return content;
  }
  return null;
}
const MODIFIED_META = ['article:modified_time', 'og:updated_time', 'datemodified', 'last-modified', 'dcterms.modified', 'article:modified', 'modified_time'];
/**
 * Meta tags that name the author, in order of trust. Not `twitter:creator`: it is an account
 * handle ("@cassidoo", "@rustlang", often the publisher's own account), never the name the page
 * shows. On WCXB-dev, leaving it out lost no page and won two whose handle had kept the
 * visible byline from being read (`npm run bench:metadata`).
 */
const AUTHOR_META = ['author', 'article:author', 'dc.creator', 'dcterms.creator', 'byl', 'parsely-author', 'sailthru.author', 'citation_author'];
/**
 * The label of a `twitter:labelN` / `twitter:dataN` pair whose data is the author, lower case:
 * Yoast SEO writes the post's author so ("Written by" / "Tyler Brown") in its own locale's words.
 * Read after the author meta keys, as one of them: on WCXB-dev 206 pages carry the pair, its
 * name is the truth's on 183 of the 199 with a truth author, and on 2 it is the only author
 * the page declares (a mover's city page, a blog whose byline is a script's).
 */
const AUTHOR_LABELS = new Set(['written by', 'geschrieben von', 'escrito por', 'écrit par', 'scritto da', 'geschreven door']);
const SITE_NAME_META = ['og:site_name', 'application-name', 'apple-mobile-web-app-title'];
/** Site names that are no names: a platform's word, not the site's. */
const NOT_SITE_NAMES = new Set(['hosted', 'home', 'homepage', 'index', 'wordpress', 'blogger', 'website', 'site', 'untitled']);
/** Class or id words that mark a byline element ("byline", "author-name", "post-author"; not "authorization-link"). */
const BYLINE_CLASS = /byline|author(?!i[sz])|writer|reporter|contributor|autor|auteur|creator|posted-by|article-by|firma/iu;
/** …unless they mark a comment's author, an avatar or an author's biography box. */
const NOT_BYLINE_CLASS = /comment|avatar|bio|description|about-author|author-box|reply|review/iu;
/**
 * …but the name inside a biography box is the author's ("elementor-author-box__name",
 * "author-bio-name"; Elementor puts its author box under the headline), unless it is a comment's
 * or a review's. The gap is bounded so the test stays linear on a long class attribute.
 */
const AUTHOR_NAME_CLASS = /author[\w-]{0,20}name/iu;
const COMMENT_CLASS = /comment|reply|review/iu;
/**
 * On a thread page, the class words of a poster's name as forum software writes them: XenForo,
 * phpBB, Discourse and Vanilla `username`, vBulletin `bigusername`, Invision `ipsUsername`,
 * Flarum `PostUser-name`, and the generic `post-author` / `poster-name`. The first in document
 * order is the thread's first poster (XenForo's "Thread starter" line, the first post's profile),
 * whom the page's JSON-LD or meta often replaces with the software ("Invision Community") or the
 * last replier. WCXB-dev forum pages: see the bench's figures in docs/extract.md.
 */
const FORUM_POSTER_CLASS = /(^|[\s_-])(big)?user(-?info)?[-_]*name($|[\s_])|ipsUsername|PostUser-name|post-?author|poster-?name/iu;
/** A link or span whose class is the word `user` is a poster's name too (older boards: `<a class="user">`). */
const USER_CLASS = /(^|\s)user($|\s)/iu;
/** A span whose class is the word `name`: phpBB 2's `<span class="name"><b>poster</b></span>` in each post's profile column (only read on a page typed forum). */
const NAME_SPAN_CLASS = /(^|\s)name($|\s)/iu;
/**
 * A post's profile box, which holds the poster's name (its poster-name element, else its first
 * link with text, else its first line): phpBB `postprofile`, FluxBB and PunBB `postleft`, MyBB
 * `author_information`, SMF `poster` (the name, then a rank, a post count).
 */
const FORUM_POSTER_BOX_CLASS = /(^|\s)(postprofile|postleft|author_information|poster)($|\s)/iu;
/** A profile box's text is read this far for its first line. */
const MAX_POSTER_BOX_CHARS = 200;
/**
 * A poster's name inside these is a comment's or a side widget's ("latest posts", "top
 * contributors"), not the thread's: class words, or `itemprop=comment`, or `<aside>`.
 */
const NOT_POSTER_PLACE = /comment|sidebar|widget|reply-to|quote/iu;
/** How far up a poster's name is checked for such a place. */
const POSTER_PLACE_DEPTH = 10;
/** A poster's name is at most this long (longer text is a signature or a post, not a name). */
const MAX_POSTER_CHARS = 40;
/**
 * A text that opens with "By" (or "Written by", "Posted by", "Words by", a forum's "Started by", "Von", "Par", "Por",
 * "Door", "Автор", "作者", "记者", Arabic "بقلم" and "كتبت:", Hindi "लेखक:") is a byline.
 */
const BYLINE_START = /^((written|posted|words|started) by|by|von|par|por|door|автор|作者|记者|بقلم|كتب|كتبت|إعداد|लेखक|نویسنده|خبرنگار)(\s|:|：|$)/iu;
/** A byline line inside the body's first blocks is at most this long ("By Preetam Jinka · 6 min read"). */
const BODY_BYLINE_CHARS = 80;
/** The name on an author box's first line is at most this long. */
const AUTHOR_BOX_NAME_CHARS = 60;
/** Class or id words that mark a dateline element (`date` covers `dateline`). */
const DATE_CLASS = /date|time|publish|posted|meta|byline|updated/iu;
/**
 * A date a forum's profile column labels as the member's ("Joined: 14 Jun 2006", "Member since",
 * "Registered"): when the poster joined, never when the page was published — the first date
 * under a phpBB thread's title is its first poster's join date. Anchored at the text's start.
 */
const MEMBER_SINCE = /^\s*(?:joined|member since|registered|mitglied seit|registriert|inscrit|зарегистрирован|регистрация|注册时间|加入时间)(?!\p{L})/iu;
/** Class or id words of a visible tag list. */
const TAG_LIST_CLASS = /(^|[-_\s])(tags?|tag-?list|post-tags|article-tags|keywords|topics)([-_\s]|$)/iu;
/** At most this many elements before the body are searched for a byline or dateline when no headline was found. */
const HEADER_WINDOW_NODES = 250;
/** The first this many nodes of the body are searched too (a byline between the standfirst and the text). */
const BODY_STRETCH_NODES = 300;
/** After the body, the search for a byline or dateline goes this many nodes on (posted-by footers). */
const FOOTER_WINDOW_NODES = 120;
/** Body text shorter than this is not enough for the identifier to overrule the page's declared language. */
const MIN_TEXT_FOR_LANGUAGE = 200;
/** Below this probability the identifier's answer yields to a declared language. */
const MIN_LANGUAGE_CONFIDENCE = 0.5;
/** Images outside the body's blocks smaller than this on a side are avatars, icons and badges. */
const MIN_IMAGE_PX = 100;
/** Further above the headline than the near zone, the dateline search goes this many nodes up. */
const DATELINE_WIDE_NODES = 200;
/** Away from the headline, a dateline is a text of at most this many characters. */
const LONE_DATELINE_CHARS = 60;
/** In the body's first stretch (a byline line taken into the body), a dateline is a text this short. */
const BODY_DATELINE_CHARS = 100;
/** A site's or publisher's name is compared with the authors' up to this many characters. */
const MAX_SITE_NAME_CHARS = 200;
/** At most this many tags, categories, images or links are kept. */
const MAX_LIST = 200;

// ---------------------------------------------------------------------------------------------

export function readMetadata(snapshot: LayoutSnapshot, bodyText: string, body?: BodyPlace): ArticleMetadata {
  const metaAll = (key: string): string[] =>
    snapshot.meta.metaTags.filter((m) => m.key === key && m.content.trim() !== '').map((m) => m.content.trim());
  const meta = (...keys: string[]): string | null => {
    for (const key of keys) {
      const hit = metaAll(key)[0];
      if (hit) return hit;
    }
    return null;
  };
  // The data of the `twitter:labelN` pairs whose label says "Written by" (AUTHOR_LABELS).
  const labelledAuthors = (): string[] =>
    snapshot.meta.metaTags.flatMap((m) => {
      const n = m.key.startsWith('twitter:label') ? m.key.slice('twitter:label'.length) : '';
      if (n === '' || !AUTHOR_LABELS.has(m.content.trim().toLowerCase())) return [];
      return metaAll(`twitter:data${n}`).slice(0, 1);
    });
  const ld = parseJsonLd(snapshot.meta.jsonLd);
  const link = (rel: string): string | null => snapshot.meta.links.find((l) => l.rel.split(/\s+/u).includes(rel))?.href ?? null;
  // A body without blocks has no place on the page: only declared metadata is read.
  // The language first: a page not in English writes "12/11/2009" day first (metadata-dates.ts).
  const language = textLanguage(snapshot, bodyText, ld.inLanguage, meta('og:locale', 'content-language', 'language', 'dc.language'));
  const reading: DateReading = { slashDayFirst: language !== null && primaryTag(language.value) !== 'en' };
  const visible = body && body.blockIds.length > 0 ? visibleFacts(body, reading) : undefined;
  const pageUrl = snapshot.url.startsWith(UNKNOWN_PAGE_ORIGIN) ? null : snapshot.url;

  // Authors: JSON-LD, then meta, then the visible byline.
  let authors = ld.authors.flatMap(cleanDeclaredAuthor);
  // Every name of the first author meta key that gives one (citation_author is one tag per
  // author); a key whose values are all URLs (`article:author` as a Facebook page) gives none.
  if (authors.length === 0) authors = AUTHOR_META.map((k) => metaAll(k).flatMap(cleanDeclaredAuthor)).find((names) => names.length > 0) ?? [];
  if (authors.length === 0) authors = labelledAuthors().flatMap(cleanDeclaredAuthor);
  const declared = authors;
  // A declared author that is no person's name (the publisher, a handle) yields to a visible byline
  // that is. The publisher's or the site's own name is none, however much it looks like one
  // ("British Heart Foundation", "Five Books", "One Tree Planted").
  // Cut to a site name's length: a hostile page's megabyte og:site_name is read no further.
  const siteNames = [ld.publisher, ld.websiteName, ...SITE_NAME_META.map((k) => meta(k))].flatMap((n) => (n === null ? [] : [n.slice(0, MAX_SITE_NAME_CHARS)]));
  const isPerson = (name: string): boolean => looksLikePersonName(withoutCredentials(name)) && !namesTheSite(name, siteNames);
  // A declared author that is the site itself ("Instructables") yields to any visible byline that is not.
  const isSite = (name: string): boolean => namesTheSite(name, siteNames);
  const declaredIsSite = authors.length > 0 && authors.every(isSite) && visible !== undefined && visible.authors.length > 0 && !visible.authors.some(isSite);
  if (visible && visible.authors.length > 0 && (authors.length === 0 || declaredIsSite || (!authors.every(isPerson) && visible.authors.every(isPerson)))) {
    authors = visible.authors;
  }
  // A thread's author is its first poster, as the page shows the name — unless the author found
  // above is one of the thread's posters (the first name in document order may be a reply's
  // quote or a sidebar's "latest post" line).
  // A declared author who is one of the posters (DiscussionForumPosting's author) stays, whatever
  // the visible byline said.
  const posters = body && body.pageType === 'forum' ? posterNames(body) : [];
  const amongPosters = (names: string[]): boolean => names.length > 0 && names.every((a) => posters.includes(a));
  if (posters.length > 0 && amongPosters(declared)) authors = declared;
  else if (posters.length > 0 && !amongPosters(authors)) authors = [posters[0]!];
  authors = unique(authors);

  // JSON-LD first, then meta; but where the two name different days, the one a date the page
  // shows agrees with (a template's JSON-LD left at an old date, meta a plugin rewrote).
  const ldPublished = dated(ld.published, 'json-ld');
  const metaPublished = dated(PUBLISHED_META.map((k) => meta(k)).find((v) => normalizeDate(v) !== null) ?? publishedByKeyWords(snapshot), 'meta');
  const shownDays = [visible?.published, visible?.dateline].flatMap((d) => (d ? [dayOf(d.value)] : []));
  const declaredPublished =
    ldPublished && metaPublished && dayOf(ldPublished.value) !== dayOf(metaPublished.value) && shownDays.includes(dayOf(metaPublished.value)) && !shownDays.includes(dayOf(ldPublished.value))
      ? metaPublished
      : (ldPublished ?? metaPublished);
  const modified = inSiteOffset(
    dated(ld.modified, 'json-ld') ??
      dated(MODIFIED_META.map((k) => meta(k)).find((v) => normalizeDate(v) !== null) ?? null, 'meta') ??
      visible?.modified ??
      null,
    siteOffset(snapshot),
  );
  const local = siteOffset(snapshot);
  const published = inSiteOffset(
    declaredPublished ??
      visible?.published ??
      dated(pageUrl ? dateFromUrl(pageUrl) : null, 'url') ??
      visible?.dateline ??
      dated(ld.pagePublished, 'json-ld') ??
      dated(firstTimeDatetime(snapshot), 'time'),
    local,
  );

  const canonicalUrl = httpUrl(link('canonical')) ?? httpUrl(meta('og:url')) ?? httpUrl(ld.url);
  const images = visible?.images ?? [];
  return {
    title: ld.headline ?? meta('og:title', 'twitter:title', 'dc.title') ?? (snapshot.meta.title.trim() || null),
    byline: authors.length > 0 ? authors.join(', ') : null,
    authors,
    publishedAt: published?.value ?? null,
    publishedAtSource: published?.source ?? null,
    modifiedAt: modified?.value ?? null,
    modifiedAtSource: modified?.source ?? null,
    language: language?.value ?? null,
    languageSource: language?.source ?? null,
    canonicalUrl,
    hostname: hostnameOf(pageUrl) ?? hostnameOf(canonicalUrl),
    siteName: siteName([...SITE_NAME_META.map((k) => meta(k)), ld.publisher, ld.websiteName]),
    description: meta('description', 'og:description', 'twitter:description') ?? ld.description,
    categories: unique([...metaAll('article:section'), ...ld.sections, ...(visible?.categories ?? [])]).slice(0, MAX_LIST),
    tags: unique([
      ...metaAll('article:tag'),
      ...splitList(meta('news_keywords', 'keywords')),
      ...ld.keywords,
      ...(visible?.tags ?? []),
    ]).slice(0, MAX_LIST),
    leadImage: httpUrl(meta('og:image', 'og:image:url', 'og:image:secure_url', 'twitter:image', 'twitter:image:src')) ?? httpUrl(ld.image) ?? images[0]?.url ?? null,
    images,
    links: visible?.links ?? [],
    license: licenseOf(link('license') ?? visible?.license ?? ld.license),
    fingerprint: bodyText.trim() === '' ? null : simhash64(bodyText),
  };
}

interface Dated {
  value: string;
  source: DateSource;
}

/** The calendar day of a normalised date ("2024-05-07T08:30:00+01:00" → "2024-05-07"). */
function dayOf(value: string): string {
  return value.slice(0, 10);
}

function dated(raw: string | null, source: DateSource): Dated | null {
  const value = normalizeDate(raw);
  return value ? { value, source } : null;
}

function unique(values: string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const v of values) {
    const value = collapseWhitespace(v).trim();
    const key = value.toLowerCase();
    if (value === '' || seen.has(key)) continue;
    seen.add(key);
    out.push(value);
  }
  return out;
}

function splitList(value: string | null): string[] {
  return value ? value.split(/[,;]/u).map((s) => s.trim()).filter((s) => s.length > 0 && s.length <= 100) : [];
}

function httpUrl(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

function hostnameOf(url: string | null): string | null {
  if (!url) return null;
  try {
    return new URL(url).hostname || null;
  } catch {
    return null;
  }
}

/** The first candidate that is a site's name: not a twitter handle, a URL or a platform's word. */
function siteName(candidates: Array<string | null>): string | null {
  for (const raw of candidates) {
    const name = raw?.trim();
    if (!name || name.startsWith('@') || /^https?:/iu.test(name) || NOT_SITE_NAMES.has(name.toLowerCase()) || name.length > 100) continue;
    return name;
  }
  return null;
}

/** A Creative Commons address as its name ("CC BY-SA 4.0", "CC0 1.0", "Public Domain Mark"); any other licence as given. */
function licenseOf(value: string | null): string | null {
  if (!value) return null;
  const cc = /creativecommons\.org\/(licenses|publicdomain)\/([a-z-]+)\/?(\d(?:\.\d)?)?/iu.exec(value);
  if (cc) {
    const kind = cc[2]!.toLowerCase();
    if (cc[1]!.toLowerCase() === 'publicdomain') return kind === 'zero' ? `CC0${cc[3] ? ` ${cc[3]}` : ''}` : 'Public Domain Mark';
    return `CC ${kind.toUpperCase()}${cc[3] ? ` ${cc[3]}` : ''}`;
  }
  return value.trim().slice(0, 200) || null;
}

/** Primary subtag, lower case: `en_US` → `en`, `zh-Hant` → `zh`. */
function primaryTag(value: string | null | undefined): string | null {
  const tag = value?.trim().toLowerCase().split(/[-_]/u)[0];
  return tag && /^[a-z]{2,3}$/u.test(tag) ? tag : null;
}

/**
 * The language of the text: the identifier's answer when the text is long enough and it is
 * sure enough; else what the page declares (`<html lang>`, then JSON-LD inLanguage / meta);
 * else the identifier's answer however unsure on a text long enough, and on a shorter one when
 * it is sure enough ("Page not found": en, 0.94); else null — on a word or two it only guesses
 * ("tiny": sk at 0.21, "Login": de at 0.21).
 */
function textLanguage(
  snapshot: LayoutSnapshot,
  bodyText: string,
  ldLanguage: string | null,
  metaLanguage: string | null,
): { value: string; source: LanguageSource } | null {
  const guess = identifyTextLanguage(bodyText);
  if (guess && bodyText.length >= MIN_TEXT_FOR_LANGUAGE && guess.confidence >= MIN_LANGUAGE_CONFIDENCE) return { value: guess.language, source: 'text' };
  const htmlLang = primaryTag(snapshot.meta.lang);
  if (htmlLang) return { value: htmlLang, source: 'html-lang' };
  const declared = primaryTag(ldLanguage) ?? primaryTag(metaLanguage);
  if (declared) return { value: declared, source: 'meta' };
  return guess && (guess.confidence >= MIN_LANGUAGE_CONFIDENCE || bodyText.length >= MIN_TEXT_FOR_LANGUAGE) ? { value: guess.language, source: 'text' } : null;
}

// ---------------------------------------------------------------------------------------------
// What the page shows around and in the body.

interface VisibleFacts {
  authors: string[];
  published: Dated | null;
  modified: Dated | null;
  dateline: Dated | null;
  tags: string[];
  categories: string[];
  images: BodyImage[];
  links: BodyLink[];
  license: string | null;
}

function visibleFacts(body: BodyPlace, reading: DateReading): VisibleFacts {
  const { tree } = body;
  const nodes = tree.nodes;
  const firstBodyId = Math.min(...body.blockIds);
  const lastBodyEnd = Math.max(...body.blockIds.map((id) => tree.subtreeEnd[id] ?? id + 1));
  // The header zone: after the headline (or a window before the body), up to the body.
  const headerStart = body.headlineId !== null && body.headlineId < firstBodyId ? (tree.subtreeEnd[body.headlineId] ?? body.headlineId + 1) : Math.max(0, firstBodyId - HEADER_WINDOW_NODES);
  const inBody = (id: number): boolean => body.blockIds.some((b) => id >= b && id < (tree.subtreeEnd[b] ?? b + 1));
  // …and what the body's first stretch holds between its blocks (a byline under a standfirst
  // that was taken into the body), then that stretch's blocks themselves.
  const stretch = range(firstBodyId, Math.min(lastBodyEnd, firstBodyId + BODY_STRETCH_NODES));
  const header = [...range(headerStart, firstBodyId), ...stretch.filter((id) => !inBody(id))];
  const bodyStart = stretch.filter(inBody);
  // Before the headline, back to the start of the container holding both (a byline above the headline).
  const above = body.headlineId !== null && body.headlineId < firstBodyId ? range(Math.max(0, body.headlineId - 40), body.headlineId) : [];
  const inComment = (id: number): boolean => (body.commentRanges ?? []).some(([start, end]) => id >= start && id < end);
  const footer = range(lastBodyEnd, Math.min(nodes.length, lastBodyEnd + FOOTER_WINDOW_NODES)).filter((id) => !inComment(id));

  const authors = bylineIn(tree, header) ?? bylineIn(tree, above) ?? bylineIn(tree, bodyStart, 'strong') ?? bylineIn(tree, footer) ?? (body.pageType === 'article' ? authorBioName(tree, firstBodyId, (id) => inComment(id) || inBody(id)) : null) ?? [];

  let published: Dated | null = null;
  let modified: Dated | null = null;
  let dateline: Dated | null = null;
  // Marked-up dates first (itemprop, <time>), in the header, above the headline, then the footer.
  for (const zone of [header, above, bodyStart, footer]) {
    for (const id of zone) {
      const el = elementOf(tree, id);
      if (!el) continue;
      const prop = el.attrs.itemprop?.toLowerCase() ?? '';
      if (el.tag !== 'time' && !prop.includes('date')) continue;
      const value = normalizeDate(el.attrs.datetime ?? textOf(tree, id, MAX_DATE_TEXT), reading);
      if (!value) continue;
      const source: DateSource = el.tag === 'time' ? 'time' : 'dateline';
      if (prop.includes('modified') || prop.includes('updated')) modified ??= { value, source };
      else published ??= { value, source };
    }
    if (published) break;
  }
  // Then the first date a short text of the header spells (the visible dateline).
  // Near the headline any short text may be the dateline; further up and after the body only a
  // text that is little more than a date ("Last updated: November 13, 2025").
  const aboveWide = body.headlineId !== null && body.headlineId < firstBodyId ? range(Math.max(0, body.headlineId - DATELINE_WIDE_NODES), body.headlineId - 40) : [];
  const datelineZones: Array<[number[], number]> = [
    [header, MAX_DATE_TEXT],
    [above, MAX_DATE_TEXT],
    [bodyStart, BODY_DATELINE_CHARS],
    [aboveWide, LONE_DATELINE_CHARS],
    [footer, LONE_DATELINE_CHARS],
  ];
  for (const [zone, maxChars] of datelineZones) {
    for (const id of zone) {
      const node = nodes[id];
      if (!node || tree.hidden[id]) continue;
      if (node.kind === 'element') {
        const cls = `${node.attrs.class ?? ''} ${node.attrs.id ?? ''}`;
        if (!DATE_CLASS.test(cls)) continue;
        const text = textOf(tree, id, maxChars + 1);
        if (text.length > maxChars || MEMBER_SINCE.test(text)) continue;
        const value = dateInText(text, reading);
        if (value) {
          dateline = { value, source: 'dateline' };
          break;
        }
      } else if (node.text.length <= maxChars && !MEMBER_SINCE.test(node.text)) {
        const value = dateInText(node.text, reading);
        if (value) {
          dateline = { value, source: 'dateline' };
          break;
        }
      }
    }
    if (dateline) break;
  }

  // Tags and categories from rel=tag / rel=category links and tag-list elements near the body.
  const tags: string[] = [];
  const categories: string[] = [];
  let license: string | null = null;
  const nearBody = [...header, ...range(firstBodyId, lastBodyEnd), ...footer];
  for (const id of nearBody) {
    const el = elementOf(tree, id);
    if (!el || el.tag !== 'a' || tree.hidden[id]) continue;
    const rel = el.attrs.rel?.split(/\s+/u) ?? [];
    const text = textOf(tree, id, 101);
    if (rel.includes('tag') && text && text.length <= 100) tags.push(text.replace(/^#/u, ''));
    else if (rel.includes('category') && text && text.length <= 100) categories.push(text);
  }
  for (let id = 0; id < nodes.length && license === null; id++) {
    const el = elementOf(tree, id);
    if (!el || el.tag !== 'a' || !el.attrs.href) continue;
    if ((el.attrs.rel?.split(/\s+/u) ?? []).includes('license') || /creativecommons\.org\/(licenses|publicdomain)\//iu.test(el.attrs.href)) license = el.attrs.href;
  }
  if (tags.length === 0) {
    for (const id of nearBody) {
      const el = elementOf(tree, id);
      if (!el || tree.hidden[id] || inBody(id) || !TAG_LIST_CLASS.test(`${el.attrs.class ?? ''} ${el.attrs.id ?? ''}`)) continue;
      for (let inner = id + 1; inner < (tree.subtreeEnd[id] ?? id); inner++) {
        const a = elementOf(tree, inner);
        if (!a || a.tag !== 'a') continue;
        const text = textOf(tree, inner, 101);
        if (text && text.length <= 100) tags.push(text.replace(/^#/u, ''));
      }
      if (tags.length > 0) break;
    }
  }

  return { authors, published, modified, dateline, tags, categories, ...bodyMedia(body), license };
}

/**
 * The site's own offset from UTC, as its `<time datetime>` values write it: one offset other than
 * UTC that every such value naming one agrees on (values in UTC aside); null when they name none
 * or disagree. A date declared in UTC is given in it (`inSiteOffset`): the same instant, on the
 * day the page's readers see. A Pakistani paper's JSON-LD says 2025-12-18T23:25:38+00:00 while
 * its `<time>` elements write +05:00 and the page shows the 19th (WCXB-dev 0403; 0479 the other
 * way, a US blog at −05:00).
 */
function siteOffset(snapshot: LayoutSnapshot): number | null {
  let offset: number | null = null;
  let seen = 0;
  for (const node of snapshot.nodes) {
    if (node.kind !== 'element' || node.tag !== 'time' || !node.attrs.datetime) continue;
    const o = offsetOf(node.attrs.datetime);
    if (o === null || o === 0) continue;
    if (offset !== null && o !== offset) return null;
    offset = o;
    if (++seen >= MAX_TIME_OFFSETS) break;
  }
  return offset;
}
/** How many `<time>` offsets are read for the site's (a long thread has hundreds, all alike). */
const MAX_TIME_OFFSETS = 50;

function inSiteOffset(date: Dated | null, offset: number | null): Dated | null {
  return date && offset !== null ? { ...date, value: inOffset(date.value, offset) } : date;
}

/** The first `<time datetime>` of the document (the last resort: it may be a sidebar's). */
function firstTimeDatetime(snapshot: LayoutSnapshot): string | null {
  for (const node of snapshot.nodes) {
    if (node.kind === 'element' && node.tag === 'time' && node.attrs.datetime && normalizeDate(node.attrs.datetime)) return node.attrs.datetime;
  }
  return null;
}

function range(from: number, to: number): number[] {
  const out: number[] = [];
  for (let i = Math.max(0, from); i < to; i++) out.push(i);
  return out;
}

function elementOf(tree: LayoutTree, id: number): SnapshotElement | undefined {
  const node = tree.nodes[id];
  return node?.kind === 'element' ? node : undefined;
}

/**
 * The visible text of a subtree, whitespace collapsed, blocks parted by " · " where they start and
 * where they end; stops once past `maxChars`.
 */
function textOf(tree: LayoutTree, id: number, maxChars: number): string {
  const parts: string[] = [];
  let length = 0;
  const end = tree.subtreeEnd[id] ?? id + 1;
  // Where the blocks entered end, innermost last: text after a block's end is a new field too
  // ("<div>Mateusz Haberny</div>Founder", "<p>Luke Kim</p><span>December 17, 2025</span>" were
  // read "Mateusz HabernyFounder", "Luke KimDecember 17, 2025").
  const blockEnds: number[] = [];
  let afterBlock = false;
  for (let i = id; i < end && length <= maxChars; i++) {
    while (blockEnds.length > 0 && blockEnds[blockEnds.length - 1]! <= i) {
      blockEnds.pop();
      afterBlock = true;
    }
    const node = tree.nodes[i];
    if (!node || tree.hidden[i]) continue;
    if (node.kind === 'element') {
      // Blocks part fields; an inline-block or flex item is at least a space away from its neighbour.
      if (i !== id && parts.length > 0) parts.push(tree.isBlock[i] ? ' · ' : node.display === 'inline' || node.display === 'contents' ? '' : ' ');
      if (i !== id && tree.isBlock[i]) {
        blockEnds.push(tree.subtreeEnd[i] ?? i + 1);
        afterBlock = false;
      }
      continue;
    }
    if (afterBlock && parts.length > 0) parts.push(' · ');
    afterBlock = false;
    const text = node.text.slice(0, maxChars + 1);
    parts.push(text);
    length += text.length;
  }
  const text = collapseWhitespace(parts.join('')).trim();
  return stripSeparators(text);
}

/** " · a · · b · " → "a · b": the separators blocks left at the ends and doubled. */
function stripSeparators(text: string): string {
  const pieces = text.split(' · ').map((p) => p.trim()).filter((p) => p !== '' && p !== '·');
  return pieces.join(' · ');
}

/**
 * The first byline in a zone: an element marked as one (itemprop=author, rel=author, `<address>`,
 * a byline/author class) whose short text names someone, or (outside 'strong' mode) a short text
 * that starts with an introducer ("By …", "Автор:", "记者").
 */
function bylineIn(tree: LayoutTree, zone: number[], mode: 'any' | 'strong' = 'any'): string[] | null {
  for (const id of zone) {
    const node = tree.nodes[id];
    if (!node || tree.hidden[id]) continue;
    if (node.kind === 'element') {
      const cls = `${node.attrs.class ?? ''} ${node.attrs.id ?? ''}`;
      // A link to the page of the person it names ("/user/jonb" → "JonB"): the name as written.
      if (node.tag === 'a' && node.attrs.href) {
        const linkText = textOf(tree, id, 61);
        if (linkText && isProfileLink(node.attrs.href, linkText)) return [linkText.replace(/^(by|von|par|por)\s+/iu, '').replace(/^@/u, '')];
      }
      const marked =
        (node.attrs.itemprop ?? '').toLowerCase().includes('author') ||
        (node.tag === 'a' && (node.attrs.rel?.split(/\s+/u) ?? []).includes('author')) ||
        node.tag === 'address' ||
        (BYLINE_CLASS.test(cls) && (!NOT_BYLINE_CLASS.test(cls) || (AUTHOR_NAME_CLASS.test(cls) && !COMMENT_CLASS.test(cls))));
      if (!marked) continue;
      const text = textOf(tree, id, MAX_BYLINE_CHARS + 1);
      if (text.length > MAX_BYLINE_CHARS) {
        // An author box: the name on its first line, then the biography ("Lauren Vetter · Lauren
        // Vetter is a growth-focused marketing professional …").
        // The line must be a name and nothing else ("Written By", "Author Spotlight" are labels).
        const firstLine = text.split(' · ')[0] ?? '';
        const lineNames = firstLine.length <= AUTHOR_BOX_NAME_CHARS ? namesInByline(firstLine).names : [];
        if (lineNames.length === 1 && lineNames[0] === firstLine && looksLikePersonName(firstLine)) return [firstLine];
        continue;
      }
      let { names, introduced } = namesInByline(text);
      // "Dec. 19, 2025 · Niko Matsakis": the date first, the name after its separator.
      if (names.length === 0 && !introduced) {
        const rest = afterLeadingDate(text);
        if (rest !== null) ({ names, introduced } = namesInByline(rest));
      }
      // Marked only by a class word, the element must say "By" or hold what looks like a name
      // (an "author" class also wraps "Sat", "email" or "Posts").
      const strong = node.tag === 'address' || (node.attrs.itemprop ?? '').toLowerCase().includes('author') || node.tag === 'a';
      if (names.length > 0 && (strong || introduced || names.every(looksLikePersonName))) return names;
    } else if (mode === 'strong') {
      // In the body's first blocks only a line of its own that opens with "By" and names persons
      // ("By Preetam Jinka"), not a sentence that says "by".
      const parent = tree.nodes[node.parent];
      const text = parent && parent.kind === 'element' ? textOf(tree, node.parent, BODY_BYLINE_CHARS + 1) : node.text;
      if (text.length > BODY_BYLINE_CHARS || !BYLINE_START.test(text)) continue;
      const { names } = namesInByline(text);
      if (names.length > 0 && names.every(looksLikePersonName)) return names;
    } else {
      // A "by" inside a link's own words names the page linked to ("Node Labels Populated By The
      // Kubelet" in a docs sidebar, "Shop By Category"): a byline's link is the name after it,
      // and a link to a person's page was read above.
      if (tree.inLink[id] && namesInByline(node.text).introduced) continue;
      const parent = tree.nodes[node.parent];
      let text = parent && parent.kind === 'element' ? textOf(tree, node.parent, MAX_BYLINE_CHARS + 1) : node.text;
      if (text.length > MAX_BYLINE_CHARS) continue;
      let { names, introduced } = namesInByline(text);
      // "Written by" alone in its element, the name in the next: read the two together.
      if (introduced && names.length === 0 && parent && parent.parent >= 0) {
        text = textOf(tree, parent.parent, MAX_BYLINE_CHARS + 1);
        if (text.length > MAX_BYLINE_CHARS) continue;
        ({ names, introduced } = namesInByline(text));
      }
      // "28 February 2024 · Mei-Lin Foster": a date, then names that look like persons'.
      if (names.length === 0 && !introduced) {
        const rest = afterLeadingDate(text);
        const after = rest === null ? null : namesInByline(rest);
        // (a "by" after the date was the rule above's to read: "Reviewed by" is not the author)
        if (after && !after.introduced && after.names.length > 0 && after.names.every(looksLikePersonName)) return after.names;
      }
      if (names.length === 0) continue;
      // "By …" at the start is a byline whatever the names look like ("By admin"); a "by" inside a
      // sentence ("powered by coffee", "made by humans, not robots") only with a person's name.
      if (introduced && (BYLINE_START.test(text) || names.every(looksLikePersonName))) return names;
      // "Mei-Lin Foster · 28 February 2024": names with no "By", but next to a date.
      if (dateInText(text) !== null && names.every(looksLikePersonName)) return names;
    }
  }
  return null;
}

/**
 * The author's box, where no byline was found: a line that is a person's name alone, then within
 * a few nodes a biography that opens with that name (or its first word) and a copula and, soon
 * after, a word of a writer's trade ("Matteo Laratta" · "| Author" · "Matteo Laratta is a middle
 * and long course age group triathlete…"; "Shannon Grilli" · "Shannon is an experienced writer…").
 * Outside the body and the comments, from a little before the body to the page's end (the box
 * sits under the story or in a sidebar beside it); on pages typed article only — a service
 * page's "Matt is a Managing Director…" is its contact, not its author (on every page type, 3
 * more authors were found where WCXB-dev's truth names none). WCXB-dev author 86.3 → 86.6 % (2
 * won, no other record changed); AEB and the samples unchanged.
 */
const AUTHOR_BIO = {
  /** A name line is at most this long. */
  maxNameChars: 50,
  /** The biography starts within this many nodes after the name line. */
  lookAheadNodes: 15,
  /** The trade word comes within this many characters after the copula. */
  roleWithinChars: 160,
  /** The search starts this many nodes before the body (a box above the story). */
  nodesBeforeBody: 400,
} as const;
/** "<name> is a …" in the languages whose bios read so (with the article after the copula). */
const BIO_COPULAS = [
  ' is a ', ' is an ', ' is the ',
  ' ist ein ', ' ist eine ', ' ist der ', ' ist die ', // de
  ' est un ', ' est une ', ' est le ', ' est la ', // fr
  ' es un ', ' es una ', ' es el ', ' es la ', // es
  ' é um ', ' é uma ', ' é o ', ' é a ', // pt
];
/** Words of a writer's or an expert's trade, lower case; a plural "s" is taken off before the lookup. */
const BIO_TRADES: ReadonlySet<string> = new Set([
  'writer', 'editor', 'author', 'journalist', 'reporter', 'correspondent', 'columnist', 'blogger', 'contributor',
  'founder', 'co-founder', 'ceo', 'head', 'director', 'manager', 'expert', 'specialist', 'consultant', 'coach',
  'marketer', 'strategist', 'analyst', 'photographer', 'designer', 'engineer', 'developer', 'professor',
  'researcher', 'scientist', 'dietitian', 'nutritionist', 'therapist', 'lawyer', 'attorney', 'athlete',
  'triathlete', 'trainer', 'educator', 'teacher', 'physician', 'doctor',
  'autor', 'autorin', 'redakteur', 'redakteurin', 'journalistin', 'gründer', 'gründerin', // de
  'auteur', 'autrice', 'rédacteur', 'rédactrice', 'journaliste', 'fondateur', 'fondatrice', // fr
  'periodista', 'redactor', 'redactora', 'autora', 'fundador', 'fundadora', // es
  'jornalista', 'redator', 'redatora', // pt
]);

function authorBioName(tree: LayoutTree, firstBodyId: number, outside: (id: number) => boolean): string[] | null {
  const nodes = tree.nodes;
  const textAt = (id: number): string | null => {
    const node = nodes[id];
    return node && node.kind === 'text' && !tree.hidden[id] && !outside(id) ? collapseWhitespace(node.text).trim() : null;
  };
  for (let id = Math.max(0, firstBodyId - AUTHOR_BIO.nodesBeforeBody); id < nodes.length; id++) {
    const name = textAt(id);
    if (name === null || name.length < 5 || name.length > AUTHOR_BIO.maxNameChars || !looksLikePersonName(name)) continue;
    const first = name.split(' ')[0]!;
    for (let k = id + 1; k < Math.min(nodes.length, id + 1 + AUTHOR_BIO.lookAheadNodes); k++) {
      const bio = textAt(k);
      if (!bio) continue;
      const subject = bio.startsWith(`${name} `) ? name : bio.startsWith(`${first} `) ? first : null;
      if (subject === null) continue;
      const copula = BIO_COPULAS.find((c) => bio.startsWith(c, subject.length));
      if (copula === undefined) continue;
      const from = subject.length + copula.length;
      const after = bio.slice(from, from + AUTHOR_BIO.roleWithinChars).toLowerCase();
      const words = after.match(/[\p{L}-]+/gu) ?? [];
      if (words.some((w) => BIO_TRADES.has(w) || (w.endsWith('s') && BIO_TRADES.has(w.slice(0, -1))))) return [name];
    }
  }
  return null;
}

/** Marks that end a byline's date part ("Dec. 19, 2025 · Niko Matsakis"). */
const DATE_SEPARATORS = ['·', '|', '•', '—', '–'];

/**
 * What follows a date that opens a line, after the first separator mark: "Dec. 19, 2025 · Niko
 * Matsakis on behalf of …" → "Niko Matsakis on behalf of …"; null when the line does not open
 * with a date of its own (at most a lone dateline's length) before a separator.
 */
function afterLeadingDate(text: string): string | null {
  const at = Math.min(...DATE_SEPARATORS.map((mark) => text.indexOf(mark)).filter((i) => i > 0));
  if (!Number.isFinite(at) || at > LONE_DATELINE_CHARS) return null;
  if (dateInText(text.slice(0, at)) === null) return null;
  return text.slice(at + 1).trim();
}

function inNonPosterPlace(tree: LayoutTree, id: number): boolean {
  for (let at = id, depth = 0; at >= 0 && depth < POSTER_PLACE_DEPTH; at = tree.nodes[at]?.parent ?? -1, depth++) {
    const el = elementOf(tree, at);
    if (!el) continue;
    if (el.tag === 'aside' || (el.attrs.itemprop ?? '').toLowerCase() === 'comment') return true;
    if (NOT_POSTER_PLACE.test(`${el.attrs.class ?? ''} ${el.attrs.id ?? ''}`)) return true;
  }
  return false;
}

/** At most this many poster names are read from a thread page. */
const MAX_POSTERS = 100;

/**
 * The posters' names on a thread page, in document order: visible elements, after the headline
 * when there is one, whose class is a forum poster's name (FORUM_POSTER_CLASS) or that are marked
 * `itemprop=author` (their `itemprop=name` part when they have one), holding a short text.
 */
function posterNames(body: BodyPlace): string[] {
  const { tree } = body;
  const names: string[] = [];
  const from = body.headlineId !== null ? (tree.subtreeEnd[body.headlineId] ?? body.headlineId + 1) : 0;
  for (let id = from; id < tree.nodes.length; id++) {
    const el = elementOf(tree, id);
    if (!el) continue;
    if (tree.hidden[id]) {
      id = (tree.subtreeEnd[id] ?? id + 1) - 1;
      continue;
    }
    const cls = `${el.attrs.class ?? ''} ${el.attrs.id ?? ''}`;
    const itemAuthor = (el.attrs.itemprop ?? '').toLowerCase() === 'author';
    const named = FORUM_POSTER_CLASS.test(cls) || ((el.tag === 'a' || el.tag === 'span') && USER_CLASS.test(cls)) || (el.tag === 'span' && NAME_SPAN_CLASS.test(cls));
    const box = !itemAuthor && !named && FORUM_POSTER_BOX_CLASS.test(cls);
    if (!itemAuthor && !box && !named) continue;
    if (inNonPosterPlace(tree, id)) {
      id = (tree.subtreeEnd[id] ?? id + 1) - 1;
      continue;
    }
    // Marked by itemprop: its visible name part, else its first link (the profile), else itself.
    let at = id;
    if (itemAuthor) {
      const end = tree.subtreeEnd[id] ?? id + 1;
      const visible = (j: number): boolean => !tree.hidden[j];
      const part = (test: (el: SnapshotElement) => boolean): number => {
        for (let j = id + 1; j < end; j++) {
          const inner = elementOf(tree, j);
          if (inner && visible(j) && test(inner)) return j;
        }
        return -1;
      };
      const named = part((el) => (el.attrs.itemprop ?? '').toLowerCase() === 'name');
      at = named >= 0 ? named : part((el) => el.tag === 'a') >= 0 ? part((el) => el.tag === 'a') : id;
    }
    let firstLine = false;
    if (box) {
      const end = tree.subtreeEnd[id] ?? id + 1;
      let link = -1;
      for (let j = id + 1; j < end && at === id; j++) {
        const inner = elementOf(tree, j);
        if (!inner || tree.hidden[j]) continue;
        if (FORUM_POSTER_CLASS.test(`${inner.attrs.class ?? ''} ${inner.attrs.id ?? ''}`)) at = j;
        else if (link < 0 && inner.tag === 'a' && textOf(tree, j, MAX_POSTER_CHARS + 1) !== '') link = j;
      }
      if (at === id && link >= 0) at = link;
      firstLine = at === id;
    }
    const text = (firstLine ? (textOf(tree, at, MAX_POSTER_BOX_CHARS).split(' · ')[0] ?? '') : textOf(tree, at, MAX_POSTER_CHARS + 1))
      .replace(/^(by|von|par|por)\s+/iu, '')
      .replace(/^@/u, '');
    if (text !== '' && text.length <= MAX_POSTER_CHARS && !text.includes(' · ')) names.push(text);
    if (names.length >= MAX_POSTERS) break;
    // The element's own subtree holds no second name.
    id = (tree.subtreeEnd[id] ?? id + 1) - 1;
  }
  return names;
}

/** The body's images (with alt text and the caption of their figure) and links. */
function bodyMedia(body: BodyPlace): { images: BodyImage[]; links: BodyLink[] } {
  const { tree } = body;
  const images: BodyImage[] = [];
  const links: BodyLink[] = [];
  const seenImages = new Set<string>();
  // The body's subtrees, and the figures the container holds between its first and last block.
  const firstBodyId = Math.min(...body.blockIds);
  const lastBodyEnd = Math.max(...body.blockIds.map((id) => tree.subtreeEnd[id] ?? id + 1));
  const inBlock = (id: number): boolean => body.blockIds.some((b) => id >= b && id < (tree.subtreeEnd[b] ?? b + 1));
  const containerEnd = tree.subtreeEnd[body.containerId] ?? lastBodyEnd;
  // Images from after the headline (a lead figure above the text) or the container's start.
  const headlineEnd = body.headlineId !== null && body.headlineId < firstBodyId ? (tree.subtreeEnd[body.headlineId] ?? 0) : 0;
  const imagesFrom = Math.max(body.containerId, headlineEnd, 0);
  for (let id = imagesFrom; id < containerEnd && id < lastBodyEnd; id++) {
    const el = elementOf(tree, id);
    if (!el || tree.hidden[id]) continue;
    const within = inBlock(id);
    // A figure's image is content at any rendered size (offline, a broken image shrinks to its alt text).
    const large = el.tag === 'img' && ((el.box.width >= MIN_IMAGE_PX && el.box.height >= MIN_IMAGE_PX) || figureOf(tree, id) >= 0);
    if (el.tag === 'img' && (within || large) && el.attrs.src && /^https?:/iu.test(el.attrs.src)) {
      if (seenImages.has(el.attrs.src) || images.length >= MAX_LIST) continue;
      seenImages.add(el.attrs.src);
      images.push({ url: el.attrs.src, alt: el.attrs.alt?.trim() || null, caption: captionOf(tree, id) });
    } else if (el.tag === 'a' && within && el.attrs.href && /^https?:/iu.test(el.attrs.href) && links.length < MAX_LIST) {
      const text = textOf(tree, id, 300);
      links.push({ url: el.attrs.href, text });
    }
  }
  return { images, links };
}

/** The `<figure>` an image sits in (up to four levels up), or -1. */
function figureOf(tree: LayoutTree, imageId: number): number {
  for (let p = tree.nodes[imageId]?.parent ?? -1, up = 0; p >= 0 && up < 4; p = tree.nodes[p]?.parent ?? -1, up++) {
    if (elementOf(tree, p)?.tag === 'figure') return p;
  }
  return -1;
}

/** The `<figcaption>` of the `<figure>` an image sits in (up to four levels up). */
function captionOf(tree: LayoutTree, imageId: number): string | null {
  const figure = figureOf(tree, imageId);
  if (figure < 0) return null;
  for (let id = figure + 1; id < (tree.subtreeEnd[figure] ?? figure); id++) {
    if (elementOf(tree, id)?.tag === 'figcaption') return textOf(tree, id, 1000) || null;
  }
  return null;
}

export type { JsonLdFacts };
