/**
 * One synthetic news site: its articles' metadata (drawn once from the seed — a few numbers
 * and a headline per article, so 100k articles stay small) and the resolution of a requested
 * path to the page it names. Bodies, listings and every page's HTML are generated on request
 * (see `render-pages.ts`). Pure: no I/O.
 */
import { Rng } from './prng.js';
import { bankFor, headline, slugify, spaceOf, type Language, type NamedThing } from './text-bank.js';
import {
  ID_BASE,
  ID_STRIDE,
  URL_SCHEMES,
  parsePath,
  type ArticleRef,
  type ListKind,
  type SiteStyle,
  type StaticPageName,
  type UrlScheme,
  type Ymd,
} from './url-schemes.js';

export interface SiteConfig {
  /** Short name, unique in the local web (`daily-herald`). */
  name: string;
  /** Title on the masthead. */
  title: string;
  style: SiteStyle;
  language: Language;
  articleCount: number;
  seed: number;
  /** Internal links carry a `sid=` that changes on every page (a session-id spider trap). */
  sessionIds: boolean;
  /** Every article has a comments page whose URL extends the article's (a harder site for URL-only decisions). */
  commentPages: boolean;
  /**
   * Share of story slots that are photo galleries: URLs exactly like articles', pages of
   * pictures and captions without prose, so not articles (a harder site for URL-only decisions).
   */
  galleryShare: number;
  /** Share of articles with a readers' thread inline, longer than the body (a template that misleads extraction). */
  inlineComments?: number;
}

/** What a requested path turned out to be. `kind` is the page kind the truth reports. */
export type Route =
  | { kind: 'home' }
  | { kind: 'robots' }
  | { kind: 'article'; index: number }
  | { kind: 'comments'; index: number }
  | { kind: 'gallery'; index: number }
  | { kind: ListKind; index: number; page: number; pageCount: number }
  | { kind: 'day'; day: number }
  | { kind: 'calendar'; year: number; month: number }
  | { kind: 'search'; query: string; page: number }
  | { kind: 'static'; name: StaticPageName }
  | { kind: 'login'; next: string }
  | { kind: 'redirect'; location: string }
  | { kind: 'not-found' };

export type PageKind = Route['kind'];

export interface ArticleMeta {
  index: number;
  id: number;
  headline: string;
  slug: string;
  section: number;
  author: number;
  tags: number[];
  /** Days since 1970-01-01 (UTC). */
  day: number;
}

/** Listing sizes, as on a typical news front: enough links per page that pagination runs deep. */
export const PAGE_SIZE: Record<ListKind, number> = { section: 20, tag: 15, author: 15 };
/** Articles are published over this many days, oldest first, ending on END_DAY. */
const SPAN_DAYS = 540;
const END_DAY = Date.UTC(2024, 5, 30) / 86_400_000;
/** Bylines per site: a newsroom's worth, each with a listing of a few pages. */
const AUTHORS_PER_SITE = 24;
/** Tags per article, as news sites attach them (topics and places). */
const TAGS_PER_ARTICLE = { min: 3, max: 5 };

export class SiteModel {
  readonly scheme: UrlScheme;
  readonly sections: readonly NamedThing[];
  readonly tags: readonly NamedThing[];
  readonly authors: readonly NamedThing[];
  readonly firstDay: number;
  readonly lastDay: number;
  private readonly slugs: string[] = [];
  private readonly authorOf: Uint16Array;
  private readonly tagsOf: number[][] = [];
  private readonly bySlug = new Map<string, number>();
  private readonly byList: Record<ListKind, number[][]>;
  private readonly bySlugOf: Record<ListKind, Map<string, number>>;

  constructor(readonly config: SiteConfig) {
    const bank = bankFor(config.language);
    this.scheme = URL_SCHEMES[config.style];
    this.sections = bank.sections;
    this.tags = bank.tags;
    const people = new Rng(config.seed).distinct(AUTHORS_PER_SITE, bank.firstNames.length * bank.lastNames.length);
    this.authors = people.map((n) => {
      const first = bank.firstNames[n % bank.firstNames.length];
      const last = bank.lastNames[Math.floor(n / bank.firstNames.length)];
      // Chinese and Japanese names: family name first, no space; slugs by number.
      const label = bank.grammar?.space === '' ? `${last}${first}` : `${first} ${last}`;
      return { slug: slugify(label) || `author-${n}`, label };
    });
    this.firstDay = END_DAY - SPAN_DAYS + 1;
    this.lastDay = END_DAY;
    this.authorOf = new Uint16Array(config.articleCount);
    this.byList = { section: this.sections.map(() => []), tag: this.tags.map(() => []), author: this.authors.map(() => []) };
    // Slug styles need every slug up front (a requested slug must be found); id styles derive
    // everything from the index, and headlines are drawn again when a page needs them.
    const needsSlugs = config.style !== 'query' && config.style !== 'numeric';
    for (let i = 0; i < config.articleCount; i++) {
      if (needsSlugs) {
        let slug = this.slugOf(i);
        if (this.bySlug.has(slug)) slug = `${slug}-${i}`;
        this.slugs.push(slug);
        this.bySlug.set(slug, i);
      }
      const rng = Rng.of(config.seed, 'meta', i);
      const author = rng.int(0, this.authors.length - 1);
      this.authorOf[i] = author;
      const tags = rng.distinct(rng.int(TAGS_PER_ARTICLE.min, TAGS_PER_ARTICLE.max), this.tags.length);
      this.tagsOf.push(tags);
      this.byList.section[i % this.sections.length]!.push(i);
      this.byList.author[author]!.push(i);
      for (const tag of tags) this.byList.tag[tag]!.push(i);
    }
    const slugMap = (things: readonly NamedThing[]): Map<string, number> => new Map(things.map((t, i) => [t.slug, i]));
    this.bySlugOf = { section: slugMap(this.sections), tag: slugMap(this.tags), author: slugMap(this.authors) };
  }

  /** Story slots: articles and galleries (their URLs look the same). */
  get articleCount(): number {
    return this.config.articleCount;
  }

  isGallery(index: number): boolean {
    return this.config.galleryShare > 0 && Rng.of(this.config.seed, 'gallery', index).next() < this.config.galleryShare;
  }

  /** Indices of the slots that are articles (not galleries), oldest first. */
  articleIndices(): number[] {
    const result: number[] = [];
    for (let i = 0; i < this.config.articleCount; i++) if (!this.isGallery(i)) result.push(i);
    return result;
  }

  article(index: number): ArticleMeta {
    return {
      index,
      id: this.idOf(index),
      headline: this.headlineOf(index),
      slug: this.slugs[index] ?? this.slugOf(index),
      section: index % this.sections.length,
      author: this.authorOf[index]!,
      tags: this.tagsOf[index]!,
      day: this.dayOf(index),
    };
  }

  headlineOf(index: number): string {
    const bank = bankFor(this.config.language);
    const text = headline(bank, Rng.of(this.config.seed, 'headline', index));
    return this.isGallery(index) ? `${bank.ui.gallery}${spaceOf(bank)}${text}` : text;
  }

  /** The headline's slug, or for headlines in scripts without one the article's number (`/2024/03/05/100042.html`). */
  private slugOf(index: number): string {
    return slugify(this.headlineOf(index)) || String(ID_BASE.query + index * ID_STRIDE);
  }

  /** Articles are spread evenly over the span, index 0 the oldest. */
  dayOf(index: number): number {
    return this.firstDay + Math.floor((index * SPAN_DAYS) / Math.max(1, this.config.articleCount));
  }

  /** Article indices published on `day`, oldest first (contiguous, since days grow with the index). */
  articlesOn(day: number): number[] {
    const n = this.config.articleCount;
    const first = Math.ceil(((day - this.firstDay) * n) / SPAN_DAYS);
    const result: number[] = [];
    for (let i = Math.max(0, first); i < n && this.dayOf(i) <= day; i++) if (this.dayOf(i) === day) result.push(i);
    return result;
  }

  articlePath(index: number): string {
    return this.scheme.article(this.articleRef(index));
  }

  commentsPath(index: number): string {
    return this.scheme.comments(this.articleRef(index));
  }

  /** Does article `index` carry its readers' thread inline (see `SiteConfig.inlineComments`)? */
  hasInlineComments(index: number): boolean {
    const share = this.config.inlineComments ?? 0;
    return share > 0 && Rng.of(this.config.seed, 'inline-comments', index).next() < share;
  }

  /** How many comments an article has (0 for some: their comments page still exists). */
  commentCount(index: number): number {
    return Rng.of(this.config.seed, 'comments', index).int(0, 40);
  }

  private articleRef(index: number): ArticleRef {
    const meta = this.article(index);
    return { id: meta.id, slug: meta.slug, section: this.sections[meta.section]!.slug, date: dayToYmd(meta.day) };
  }

  /** The members of a section, tag or author listing, oldest first. */
  members(kind: ListKind, index: number): readonly number[] {
    return this.byList[kind][index] ?? [];
  }

  /** One page of a listing, newest first. */
  listPage(kind: ListKind, index: number, page: number): number[] {
    const members = this.members(kind, index);
    const size = PAGE_SIZE[kind];
    const end = members.length - (page - 1) * size;
    return members.slice(Math.max(0, end - size), Math.max(0, end)).reverse();
  }

  pageCount(kind: ListKind, index: number): number {
    return Math.max(1, Math.ceil(this.members(kind, index).length / PAGE_SIZE[kind]));
  }

  listPath(kind: ListKind, index: number, page = 1): string {
    const things = kind === 'section' ? this.sections : kind === 'tag' ? this.tags : this.authors;
    return this.scheme.list(kind, { index, slug: things[index]!.slug }, page);
  }

  /** What `path` (with its query string, without the origin) names on this site. */
  resolve(pathAndQuery: string): Route {
    const url = new URL(pathAndQuery, 'http://site.invalid');
    const parsed = parsePath(this.config.style, url.pathname, url.searchParams);
    switch (parsed.kind) {
      case 'article': {
        const index = parsed.id !== undefined ? this.indexOfId(parsed.id) : this.bySlug.get(parsed.slug ?? '');
        if (index === undefined) return { kind: 'not-found' };
        // The other parts of the URL must be this article's, as on a real site.
        const meta = this.article(index);
        if (parsed.section !== undefined && parsed.section !== this.sections[meta.section]!.slug) return { kind: 'not-found' };
        if (parsed.date !== undefined && ymdToDay(parsed.date) !== meta.day) return { kind: 'not-found' };
        if (parsed.comments && !this.config.commentPages) return { kind: 'not-found' };
        if (parsed.comments) return { kind: 'comments', index };
        return { kind: this.isGallery(index) ? 'gallery' : 'article', index };
      }
      case 'section':
      case 'tag':
      case 'author': {
        const index = parsed.index ?? this.bySlugOf[parsed.kind].get(parsed.slug ?? '');
        const count = this.bySlugOf[parsed.kind].size;
        if (index === undefined || index >= count) return { kind: 'not-found' };
        const pageCount = this.pageCount(parsed.kind, index);
        if (parsed.page > pageCount) return { kind: 'not-found' };
        return { kind: parsed.kind, index, page: parsed.page, pageCount };
      }
      case 'day': {
        const day = ymdToDay(parsed.date);
        return day < this.firstDay || day > this.lastDay ? { kind: 'not-found' } : { kind: 'day', day };
      }
      default:
        return parsed;
    }
  }

  private idOf(index: number): number {
    const style = this.config.style;
    return style === 'query' || style === 'numeric' ? ID_BASE[style] + index * ID_STRIDE : index + 1;
  }

  private indexOfId(id: number): number | undefined {
    const style = this.config.style;
    if (style !== 'query' && style !== 'numeric') return undefined;
    const offset = id - ID_BASE[style];
    const index = offset / ID_STRIDE;
    return Number.isInteger(index) && index >= 0 && index < this.config.articleCount ? index : undefined;
  }
}

export function dayToYmd(day: number): Ymd {
  const date = new Date(day * 86_400_000);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

export function ymdToDay(date: Ymd): number {
  return Date.UTC(date.year, date.month - 1, date.day) / 86_400_000;
}
