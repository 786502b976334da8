/**
 * A news site in simulated time, for recrawl (S.C.E.N.T., docs/methods.md §7): articles are published
 * through the day at a rate of their section's (a busy home-news desk, a quiet obituaries one);
 * each appears at the top of its section front and of the home page and slides down as newer
 * ones arrive; tag pages change more slowly; static pages (about, contact, …) never change.
 * A page's content at time t is a set of sized items (the page chrome, one teaser per listed
 * article), which is what S.C.E.N.T.'s information value counts. Generated from a seed; pure;
 * a simulated day is computed in milliseconds.
 */
import { Rng } from './prng.js';

export interface TimelineOptions {
  seed: number;
  sections: number;
  tags: number;
  staticPages: number;
  /** Simulated length of the run (ms). */
  durationMs: number;
  homeItems: number;
  sectionItems: number;
  tagItems: number;
  /** Size of the chrome every page carries (masthead, nav, footer). */
  chromeSize: number;
  /** Articles per hour of the busiest and of the quietest section. */
  maxRatePerHour: number;
  minRatePerHour: number;
}

export const DEFAULT_TIMELINE: TimelineOptions = {
  seed: 3,
  sections: 12,
  tags: 10,
  staticPages: 20,
  durationMs: 24 * 3_600_000,
  homeItems: 30,
  sectionItems: 20,
  tagItems: 15,
  chromeSize: 3_000,
  maxRatePerHour: 6,
  minRatePerHour: 0.1,
};

export interface TimelineArticle {
  id: number;
  section: number;
  /** Tag of the article (−1 for none). */
  tag: number;
  publishedAtMs: number;
  teaserSize: number;
}

export type TimelinePageKind = 'home' | 'section' | 'tag' | 'static';

export interface TimelinePage {
  url: string;
  kind: TimelinePageKind;
  index: number;
}

const ORIGIN = 'http://timeline.lab';

export class NewsTimeline {
  readonly options: TimelineOptions;
  readonly pages: TimelinePage[];
  /** Every article, oldest first (some published before the run starts, to fill the fronts). */
  readonly articles: TimelineArticle[];

  constructor(options: Partial<TimelineOptions> = {}) {
    this.options = { ...DEFAULT_TIMELINE, ...options };
    const o = this.options;
    this.pages = [
      { url: `${ORIGIN}/`, kind: 'home', index: 0 },
      ...Array.from({ length: o.sections }, (_, i) => ({ url: `${ORIGIN}/section/${i}`, kind: 'section' as const, index: i })),
      ...Array.from({ length: o.tags }, (_, i) => ({ url: `${ORIGIN}/tag/${i}`, kind: 'tag' as const, index: i })),
      ...Array.from({ length: o.staticPages }, (_, i) => ({ url: `${ORIGIN}/about/${i}`, kind: 'static' as const, index: i })),
    ];
    // Section rates spread geometrically between the quietest and the busiest desk.
    const articles: TimelineArticle[] = [];
    const warmupMs = 48 * 3_600_000;
    for (let s = 0; s < o.sections; s++) {
      const rate = o.minRatePerHour * (o.maxRatePerHour / o.minRatePerHour) ** (s / Math.max(1, o.sections - 1));
      const rng = Rng.of(o.seed, 'section', s);
      // A Poisson process: exponential gaps.
      for (let t = -warmupMs; ; ) {
        t += (-Math.log(1 - rng.next()) / rate) * 3_600_000;
        if (t >= o.durationMs) break;
        articles.push({ id: 0, section: s, tag: rng.chance(0.4) ? rng.int(0, o.tags - 1) : -1, publishedAtMs: t, teaserSize: rng.int(200, 400) });
      }
    }
    articles.sort((a, b) => a.publishedAtMs - b.publishedAtMs);
    articles.forEach((a, i) => (a.id = i));
    this.articles = articles;
  }

  articleUrl(id: number): string {
    return `${ORIGIN}/story/${id}`;
  }

  /** The article ids a page lists at time t, newest first. */
  listed(page: TimelinePage, tMs: number): TimelineArticle[] {
    const o = this.options;
    const limit = page.kind === 'home' ? o.homeItems : page.kind === 'section' ? o.sectionItems : page.kind === 'tag' ? o.tagItems : 0;
    const result: TimelineArticle[] = [];
    for (let i = this.lastBefore(tMs); i >= 0 && result.length < limit; i--) {
      const a = this.articles[i]!;
      if (page.kind === 'home' || (page.kind === 'section' && a.section === page.index) || (page.kind === 'tag' && a.tag === page.index)) result.push(a);
    }
    return result;
  }

  /** The page's content at time t: item id → size (`chrome` and static bodies never change). */
  content(page: TimelinePage, tMs: number): Map<string, number> {
    const items = new Map<string, number>([['chrome', this.options.chromeSize]]);
    if (page.kind === 'static') items.set(`body-${page.index}`, 2_000 + 500 * (page.index % 7));
    for (const a of this.listed(page, tMs)) items.set(`a${a.id}`, a.teaserSize);
    return items;
  }

  /** Index of the last article published at or before t (−1 if none). */
  private lastBefore(tMs: number): number {
    let lo = 0;
    let hi = this.articles.length - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (this.articles[mid]!.publishedAtMs <= tMs) {
        found = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return found;
  }
}
