// The crawl (docs/methods.md §1, §9): the loop over the store's frontier, politeness, robots.txt, scope
// and links, the article decision, progress figures, and the options a crawl records.
export {
  crawl,
  DEFAULT_MAX_ATTEMPTS,
  DEFAULT_RETRY_BASE_MS,
  POLICY_MODEL_PREFIX,
  ROBOTS_DISALLOWED,
  type CrawlDeps,
  type CrawlOptions,
  type CrawlSummary,
  type CrawledPage,
  type PageRenderer,
  type StopReason,
} from './crawler.js';
export { decideArticle, pageContentHash, ARTICLE_MIN_WORDS, type ArticleDecision, type ExtractionOutcome } from './decide.js';
export { anchorsOf, classifyLinks, siteInScope, type CrawlScope, type PageLinks, type InternalLink, type ExternalLink, type BadLink } from './links.js';
export { Politeness, DEFAULT_POLITENESS, type PolitenessOptions } from './politeness.js';
export { RobotsCache, DEFAULT_ROBOTS_OPTIONS, type RobotsOptions, type RobotsVerdict } from './robots.js';
export { CrawlStats, formatProgress, type CrawlProgress } from './stats.js';
export { CRAWL_SETTINGS_KEY, mergeSettings, parseSettings, type CrawlSettings } from './settings.js';
