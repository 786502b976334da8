/**
 * Options of the local web, validated and defaulted once here (STYLE habit 7), then trusted.
 */
import { z } from 'zod';
import { ConfigError } from '../../errors.js';
import { hashString } from './prng.js';
import type { SiteConfig } from './site-model.js';
import { DEFAULT_FAULTY_OPTIONS, type FaultyOptions } from './faulty-site.js';
import { SITE_STYLES, type SiteStyle } from './url-schemes.js';
import { LANGUAGES, type Language } from './text-bank.js';

/** What a site's robots.txt says. `{}` allows everything. */
export interface RobotsPolicy {
  /** Path prefixes disallowed for every user agent (`['/search']`, `['/']`). */
  disallow?: string[];
  /** `Crawl-delay:` in seconds. */
  crawlDelaySec?: number;
}

export interface SiteOptions {
  style: SiteStyle;
  name?: string;
  title?: string;
  language?: Language;
  articles?: number;
  robots?: RobotsPolicy;
  sessionIds?: boolean;
  /** Every article gets a comments page at `…/comments` (not an article). Default false. */
  commentPages?: boolean;
  /** Share (0–0.5) of story slots that are photo galleries with article-like URLs. Default 0. */
  galleryShare?: number;
  /**
   * Share (0–1) of articles whose page carries readers' comments inline, under the body, in
   * more text than the body itself: a template that misleads extraction rules. Default 0.
   */
  inlineComments?: number;
}

export interface LocalWebOptions {
  /** Seed of every page on every site. Default 1. */
  seed?: number;
  /** Articles per site unless a site says otherwise. Default 2000. */
  articlesPerSite?: number;
  /** The sites, by style or in full. Default: one site of each style. */
  sites?: Array<SiteStyle | SiteOptions>;
  /** robots.txt for sites that do not set their own. Default: allow all. */
  robots?: RobotsPolicy;
  /** The faulty site (and the robots-blocked site): false to leave them out. Default: on. */
  faulty?: boolean | Partial<FaultyOptions>;
  /** Delay added before every response of the news sites, to imitate a network. Default 0. */
  latencyMs?: number;
}

/** The default site of each style: name, masthead and language. */
export const DEFAULT_SITES: Record<SiteStyle, { name: string; title: string; language: Language }> = {
  dated: { name: 'daily-herald', title: 'The Daily Herald', language: 'en' },
  section: { name: 'city-courier', title: 'City Courier', language: 'en' },
  query: { name: 'metro-gazette', title: 'Metro Gazette', language: 'en' },
  slash: { name: 'valley-post', title: 'The Valley Post', language: 'en' },
  numeric: { name: 'vestnik', title: 'Городской вестник', language: 'ru' },
};

/**
 * The name and masthead of a site written in another language than its style's default
 * (`{ style: 'dated', language: 'zh' }`): Chinese, Japanese and Arabic sites of any style.
 */
export const LANGUAGE_SITES: Record<Language, { name: string; title: string }> = {
  en: { name: 'daily-herald', title: 'The Daily Herald' },
  ru: { name: 'vestnik', title: 'Городской вестник' },
  zh: { name: 'huacheng-ribao', title: '华城日报' },
  ja: { name: 'minato-shimbun', title: 'みなと新聞' },
  ar: { name: 'al-madina', title: 'صحيفة المدينة' },
};

/** The site behind a robots.txt that disallows everything: small, it is never meant to be crawled. */
export const BLOCKED_SITE = { name: 'blocked-gazette', title: 'The Blocked Gazette', style: 'section' as SiteStyle, articles: 50 };

export interface ResolvedSite extends SiteConfig {
  robots: RobotsPolicy;
}

export interface ResolvedOptions {
  seed: number;
  sites: ResolvedSite[];
  faulty: FaultyOptions | undefined;
  latencyMs: number;
}

const robotsSchema = z.object({ disallow: z.array(z.string().startsWith('/')).optional(), crawlDelaySec: z.number().nonnegative().optional() }).strict();
const styleSchema = z.enum(SITE_STYLES as [SiteStyle, ...SiteStyle[]]);
const schema = z
  .object({
    seed: z.number().int().nonnegative().default(1),
    articlesPerSite: z.number().int().min(1).max(1_000_000).default(2000),
    sites: z
      .array(
        z.union([
          styleSchema,
          z.object({
            style: styleSchema,
            name: z.string().regex(/^[a-z0-9-]+$/).optional(),
            title: z.string().min(1).optional(),
            language: z.enum(LANGUAGES as [Language, ...Language[]]).optional(),
            articles: z.number().int().min(1).max(1_000_000).optional(),
            robots: robotsSchema.optional(),
            sessionIds: z.boolean().optional(),
            commentPages: z.boolean().optional(),
            galleryShare: z.number().min(0).max(0.5).optional(),
            inlineComments: z.number().min(0).max(1).optional(),
          }).strict(),
        ]),
      )
      .min(1)
      .optional(),
    robots: robotsSchema.default({}),
    faulty: z
      .union([
        z.boolean(),
        z.object({ hugeBytes: z.number().int().nonnegative(), slowMs: z.number().int().nonnegative(), flakyFailures: z.number().int().nonnegative() }).partial().strict(),
      ])
      .default(true),
    latencyMs: z.number().int().nonnegative().max(60_000).default(0),
  })
  .strict();

export function resolveOptions(input: LocalWebOptions = {}): ResolvedOptions {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw new ConfigError(`invalid local web options: ${parsed.error.message}`);
  const o = parsed.data;
  const sites = (o.sites ?? SITE_STYLES).map((entry): ResolvedSite => {
    const site = typeof entry === 'string' ? { style: entry } : entry;
    const own = DEFAULT_SITES[site.style];
    // A language other than the style's own names the site after the language.
    const defaults = site.language !== undefined && site.language !== own.language ? { ...LANGUAGE_SITES[site.language], language: site.language } : own;
    const name = site.name ?? defaults.name;
    return {
      name,
      title: site.title ?? defaults.title,
      style: site.style,
      language: site.language ?? defaults.language,
      articleCount: site.articles ?? o.articlesPerSite,
      seed: hashString(name, o.seed),
      sessionIds: site.sessionIds ?? false,
      commentPages: site.commentPages ?? false,
      galleryShare: site.galleryShare ?? 0,
      inlineComments: site.inlineComments ?? 0,
      robots: site.robots ?? o.robots,
    };
  });
  const names = new Set(sites.map((s) => s.name));
  if (names.size !== sites.length) throw new ConfigError('invalid local web options: two sites have the same name');
  let faulty: FaultyOptions | undefined;
  if (o.faulty !== false) {
    faulty = { ...DEFAULT_FAULTY_OPTIONS, ...(o.faulty === true ? {} : o.faulty) };
    if (names.has(BLOCKED_SITE.name)) throw new ConfigError(`invalid local web options: the name ${BLOCKED_SITE.name} is taken by the blocked site`);
    sites.push({
      name: BLOCKED_SITE.name,
      title: BLOCKED_SITE.title,
      style: BLOCKED_SITE.style,
      language: 'en',
      articleCount: BLOCKED_SITE.articles,
      seed: hashString(BLOCKED_SITE.name, o.seed),
      sessionIds: false,
      commentPages: false,
      galleryShare: 0,
      inlineComments: 0,
      robots: { disallow: ['/'] },
    });
  }
  return { seed: o.seed, sites, faulty, latencyMs: o.latencyMs };
}

/** robots.txt text for a policy. */
export function robotsTxt(policy: RobotsPolicy): string {
  const lines = ['User-agent: *'];
  if (policy.crawlDelaySec !== undefined) lines.push(`Crawl-delay: ${policy.crawlDelaySec}`);
  const disallow = policy.disallow ?? [];
  if (disallow.length === 0) lines.push('Disallow:');
  for (const path of disallow) lines.push(`Disallow: ${path}`);
  return `${lines.join('\n')}\n`;
}
