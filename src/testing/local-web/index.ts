// The local web of synthetic news sites, for tests, the crawl demo and benchmarks.
export {
  startLocalWeb,
  type LocalWeb,
  type LocalWebTruth,
  type LocalWebStats,
  type LocalSiteInfo,
  type FaultySiteInfo,
  type UrlTruth,
} from './local-web.js';
export { DEFAULT_SITES, LANGUAGE_SITES, BLOCKED_SITE, robotsTxt, type LocalWebOptions, type SiteOptions, type RobotsPolicy } from './options.js';
export { FAULT_PATHS, BAD_HREFS, EXTERNAL_HREF, DEFAULT_FAULTY_OPTIONS, type FaultName, type FaultyOptions } from './faulty-site.js';
export { SITE_STYLES, type SiteStyle } from './url-schemes.js';
export type { PageKind } from './site-model.js';
export { LANGUAGES, type Language } from './text-bank.js';
