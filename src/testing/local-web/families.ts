/**
 * Families of sites for the crawl-policy lab (docs/methods.md §7–8), as link graphs rather than served
 * pages: the lab measures policies, so a page is its links, whether it is a target and how
 * many external links it holds. Generated from a seed; pure.
 *
 * - `newsGraph`: a synthetic news site of the local web (the same SiteModel and page HTML the
 *   servers answer with; links read from the generated HTML), targets = its articles. With
 *   `galleryShare` it is the hard variant of issue 5 (galleries with article URLs).
 * - `topicalGraph`: a news site whose articles all share one URL form, a quarter of the
 *   sections on the topic; targets = on-topic articles, so the URL alone cannot find them and
 *   the link structure (on-topic section fronts are hubs of targets) must (HITS).
 * - `banditGraphs`: the two families of the bandit paper (sizes and link densities after its
 *   Table 1): 'spread' — external links spread thinly over many pages (the universities);
 *   'concentrated' — most pages have none, a few pages have many, a few sites most (the RAS
 *   institutes).
 */
import { htmlLinks } from './html-links.js';
import { Rng } from './prng.js';
import { renderPage } from './render-pages.js';
import { SiteModel } from './site-model.js';
import type { Language } from './text-bank.js';
import type { SiteStyle } from './url-schemes.js';

export interface GraphPage {
  /** Absolute URLs of the page's internal links, in page order. */
  links: string[];
  /** For each of `links` (same order), its anchor text and `linkContext`, when the family has them. */
  linkInfo?: Array<{ anchor: string; context: string }>;
  isTarget: boolean;
  /** Links to other sites on the page (the bandit reward). */
  externalLinks: number;
  /** A label for reports (`article`, `section`, …). */
  kind: string;
}

export interface GraphSite {
  name: string;
  homeUrl: string;
  /** Pages on the site (resolvable URLs reachable from home), when known up front. */
  pageCount?: number;
  targetCount: number;
  page(url: string): GraphPage | undefined;
}

export interface NewsGraphOptions {
  style: SiteStyle;
  name: string;
  articles: number;
  seed: number;
  galleryShare?: number;
  commentPages?: boolean;
  /** The site's language (default: Russian for the `numeric` style, English for the others). */
  language?: Language;
}

export function newsGraph(options: NewsGraphOptions): GraphSite {
  const model = new SiteModel({
    name: options.name,
    title: options.name,
    style: options.style,
    language: options.language ?? (options.style === 'numeric' ? 'ru' : 'en'),
    articleCount: options.articles,
    seed: options.seed,
    sessionIds: false,
    commentPages: options.commentPages ?? false,
    galleryShare: options.galleryShare ?? 0,
  });
  const origin = `http://${options.name}.lab`;
  const cache = new Map<string, GraphPage | undefined>();
  return {
    name: options.name,
    homeUrl: `${origin}/`,
    targetCount: model.articleIndices().length,
    page(url) {
      if (cache.has(url)) return cache.get(url);
      let result: GraphPage | undefined;
      const parsed = new URL(url);
      if (parsed.origin === origin) {
        const target = parsed.pathname + parsed.search;
        const route = model.resolve(target);
        if (route.kind !== 'not-found' && route.kind !== 'redirect' && route.kind !== 'robots') {
          const html = renderPage(model, route, target);
          const links: string[] = [];
          const linkInfo: Array<{ anchor: string; context: string }> = [];
          let external = 0;
          for (const link of htmlLinks(html)) {
            let absolute: URL;
            try {
              absolute = new URL(link.href, url);
            } catch {
              continue;
            }
            if (absolute.origin === origin) {
              links.push(absolute.href.replace(/#[^]*/, ''));
              linkInfo.push({ anchor: link.anchor, context: link.context });
            } else if (absolute.protocol === 'http:' || absolute.protocol === 'https:') external++;
          }
          result = { links, linkInfo, isTarget: route.kind === 'article', externalLinks: external, kind: route.kind };
        }
      }
      cache.set(url, result);
      return result;
    },
  };
}

export interface TopicalOptions {
  name: string;
  seed: number;
  sections: number;
  onTopicSections: number;
  articlesPerSection: number;
  listingSize: number;
  tags: number;
}

/** 12 sections, 3 on the topic, 150 articles each: 1,800 articles, 450 targets. */
export const DEFAULT_TOPICAL: TopicalOptions = { name: 'topical', seed: 7, sections: 12, onTopicSections: 3, articlesPerSection: 150, listingSize: 15, tags: 30 };

export function topicalGraph(options: Partial<TopicalOptions> = {}): GraphSite {
  const o = { ...DEFAULT_TOPICAL, ...options };
  const origin = `http://${o.name}.lab`;
  const articleCount = o.sections * o.articlesPerSection;
  // Article ids are shuffled across sections, so an id says nothing about the section.
  const sectionOf = new Int32Array(articleCount);
  const order = Array.from({ length: articleCount }, (_, i) => i);
  const shuffle = Rng.of(o.seed, 'topical', 'order');
  for (let i = order.length - 1; i > 0; i--) {
    const j = shuffle.int(0, i);
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  const members: number[][] = Array.from({ length: o.sections }, () => []);
  order.forEach((id, k) => {
    const section = k % o.sections;
    sectionOf[id] = section;
    members[section]!.push(id);
  });
  const pagesPerSection = Math.ceil(o.articlesPerSection / o.listingSize);
  const nav = Array.from({ length: o.sections }, (_, s) => `${origin}/list/${s}/1`);
  const story = (id: number): string => `${origin}/story/${id + 1000}`;
  const page = (url: string): GraphPage | undefined => {
    const parsed = new URL(url);
    if (parsed.origin !== origin) return undefined;
    const path = parsed.pathname;
    if (path === '/') {
      const latest = order.slice(-20).map(story);
      return { links: [...nav, ...latest, ...tagLinks(o, origin, 'home', 8)], isTarget: false, externalLinks: 2, kind: 'home' };
    }
    let m = /^\/list\/(\d+)\/(\d+)$/.exec(path);
    if (m) {
      const section = Number(m[1]);
      const n = Number(m[2]);
      if (section >= o.sections || n < 1 || n > pagesPerSection) return undefined;
      const list = members[section]!.slice((n - 1) * o.listingSize, n * o.listingSize).map(story);
      const next = n < pagesPerSection ? [`${origin}/list/${section}/${n + 1}`] : [];
      return { links: [...nav, ...list, ...next, ...tagLinks(o, origin, path, 6)], isTarget: false, externalLinks: 2, kind: 'section' };
    }
    m = /^\/tag\/(\d+)$/.exec(path);
    if (m) {
      const tag = Number(m[1]);
      if (tag >= o.tags) return undefined;
      const rng = Rng.of(o.seed, 'tag', tag);
      const list = rng.distinct(o.listingSize, articleCount).map(story);
      return { links: [...nav, ...list], isTarget: false, externalLinks: 2, kind: 'tag' };
    }
    m = /^\/story\/(\d+)$/.exec(path);
    if (m) {
      const id = Number(m[1]) - 1000;
      if (id < 0 || id >= articleCount) return undefined;
      const section = sectionOf[id]!;
      const rng = Rng.of(o.seed, 'story', id);
      const own = members[section]!;
      // Related stories from the same section; "most read" from anywhere.
      const related = rng.distinct(4, own.length).map((k) => story(own[k]!));
      const mostRead = rng.distinct(4, articleCount).map(story);
      return { links: [...nav, ...related, ...mostRead, ...tagLinks(o, origin, path, 3)], isTarget: section < o.onTopicSections, externalLinks: 3, kind: 'article' };
    }
    return undefined;
  };
  return { name: o.name, homeUrl: `${origin}/`, targetCount: o.onTopicSections * o.articlesPerSection, page };
}

function tagLinks(o: TopicalOptions, origin: string, key: string, count: number): string[] {
  return Rng.of(o.seed, 'tags', key)
    .distinct(count, o.tags)
    .map((t) => `${origin}/tag/${t}`);
}

export type BanditFamily = 'spread' | 'concentrated';
export const BANDIT_FAMILIES: readonly BanditFamily[] = ['spread', 'concentrated'];

/** Children per page: each site is a tree crawled breadth-first, page k's children are 8k+1…8k+8. */
const BRANCHING = 8;

export interface BanditGraphOptions {
  sites?: number;
  seed?: number;
  /** Site sizes are log-uniform between these (pages). */
  minPages?: number;
  maxPages?: number;
}

/**
 * `sites` sites of one family, shaped after the source's Table 1 (the sites it crawled to level
 * 5: 431 to 39,292 pages each, 19 to 1,048 distinct external links each, i.e. 0.02 to 0.23 links
 * per page): every site is larger than its even share of the budget, as there, so R1 never runs
 * a site dry; a page's reward is the count of distinct external links it adds.
 * - 'spread' (the universities): links spread thinly over many pages, 5–20 % of a site's pages
 *   carry 1–3 links; sites differ by a factor of a few.
 * - 'concentrated' (the Academy institutes): most pages have none; a site's link pages (link
 *   lists, partner pages) carry 3–40 each, and their share is heavy-tailed across sites
 *   (0.1 % to 4 % of the pages, log-uniform), so a few sites hold most of the links.
 */
export function banditGraphs(family: BanditFamily, options: BanditGraphOptions = {}): GraphSite[] {
  const count = options.sites ?? 10;
  const seed = options.seed ?? 11;
  const minPages = options.minPages ?? 400;
  const maxPages = options.maxPages ?? 8_000;
  const result: GraphSite[] = [];
  for (let s = 0; s < count; s++) {
    const rng = Rng.of(seed, family, s);
    const size = Math.round(minPages * Math.exp(rng.next() * Math.log(maxPages / minPages)));
    const name = `${family}-${s}`;
    const origin = `http://${name}.lab`;
    const rewards = new Int32Array(size);
    if (family === 'spread') {
      // Staff, department and project pages deep in the site; the home page and its sections
      // (level ≤ 1) are the institution's own navigation, without external links.
      const share = 0.05 + rng.next() * 0.15;
      for (let k = 1 + BRANCHING; k < size; k++) rewards[k] = rng.next() < share ? rng.int(1, 3) : 0;
    } else {
      // Link lists sit near the top (linked from the home page's menu) more often than deep: a
      // page's position in breadth-first order is log-uniform.
      const share = 0.001 * Math.exp(rng.next() * Math.log(40));
      const linkPages = Math.max(1, Math.round(share * size));
      for (let i = 0; i < linkPages; i++) rewards[Math.floor(Math.exp(rng.next() * Math.log(size)))] = rng.int(3, 40);
    }
    const page = (url: string): GraphPage | undefined => {
      const parsed = new URL(url);
      if (parsed.origin !== origin) return undefined;
      const k = parsed.pathname === '/' ? 0 : Number(/^\/p\/(\d+)$/.exec(parsed.pathname)?.[1] ?? NaN);
      if (!Number.isInteger(k) || k < 0 || k >= size) return undefined;
      const links: string[] = [];
      for (let c = BRANCHING * k + 1; c <= BRANCHING * k + BRANCHING && c < size; c++) links.push(`${origin}/p/${c}`);
      return { links, isTarget: rewards[k]! > 0, externalLinks: rewards[k]!, kind: 'page' };
    };
    result.push({ name, homeUrl: `${origin}/`, pageCount: size, targetCount: rewards.filter((r) => r > 0).length, page });
  }
  return result;
}
