/**
 * `startLocalWeb`: serves the synthetic news sites, the faulty site and the robots-blocked
 * site on 127.0.0.1, one HTTP server (one port, so one site) each, and answers for the truth:
 * which URLs are articles, what kind of page any URL is, and every site's article URLs, so
 * that a crawl's harvest rate, precision and recall are measured rather than guessed.
 *
 * Servers bind to the loopback address only. Pages are generated per request from the seed;
 * nothing but each site's article metadata is kept in memory.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createFaultyHandler, BAD_HREFS, EXTERNAL_HREF, FAULT_PATHS, type FaultName } from './faulty-site.js';
import { BLOCKED_SITE, resolveOptions, robotsTxt, type LocalWebOptions, type ResolvedSite } from './options.js';
import { articleBodyText, renderPage } from './render-pages.js';
import { SiteModel, type PageKind } from './site-model.js';
import type { SiteStyle } from './url-schemes.js';
import type { Language } from './text-bank.js';

export interface LocalSiteInfo {
  name: string;
  title: string;
  style: SiteStyle;
  language: Language;
  /** `http://127.0.0.1:PORT` */
  origin: string;
  /** `origin + '/'` */
  homeUrl: string;
  /** Articles only (galleries, when the site has them, are not counted). */
  articleCount: number;
  robotsTxt: string;
  sessionIds: boolean;
  /** Three article URLs (newest first), for a crawl's `--examples`. */
  exampleArticleUrls: string[];
  /** Entry points of the spider traps. */
  calendarUrl: string;
  searchUrl: string;
}

export interface FaultySiteInfo {
  origin: string;
  homeUrl: string;
  /** Absolute URL of each fault (see `FAULT_PATHS`). */
  urls: Record<FaultName, string>;
  /** Hrefs on the home page that must never be fetched. */
  badHrefs: readonly string[];
  /** The out-of-scope link on the home page. */
  externalUrl: string;
  hugeBytes: number;
  slowMs: number;
  flakyFailures: number;
  /** A small news site whose robots.txt disallows everything. */
  blocked: LocalSiteInfo;
}

/** What any URL is. `kind` is undefined for URLs on none of the local sites. */
export interface UrlTruth {
  site: string;
  kind: PageKind | 'fault';
  isArticle: boolean;
  /** For articles: the URL as the site links it (without session ids or stray parameters). */
  canonicalUrl?: string;
}

export interface LocalWebTruth {
  /** True when fetching `url` answers 200 with an article page (no redirect). */
  isArticle(url: string): boolean;
  /** What `url` is, or undefined when it is not on one of the local sites. */
  classify(url: string): UrlTruth | undefined;
  /** The canonical URLs of every article of a site (or of all news sites), oldest first. */
  articleUrls(siteName?: string): string[];
  /** How many articles a site (or all news sites) has. */
  articleCount(siteName?: string): number;
  siteInfo(name: string): LocalSiteInfo;
  /** The site that serves `url`, if any. */
  siteOf(url: string): LocalSiteInfo | undefined;
  /** The body text of the article at `url` (standfirst, subheading, paragraphs), or undefined when `url` is no article. */
  articleBody(url: string): string | undefined;
  /** Does the article at `url` carry a readers' thread inline (site option `inlineComments`)? */
  hasInlineComments(url: string): boolean;
}

export interface LocalWebStats {
  /** Requests answered, by site name (the faulty site is `faulty`). */
  requests: Record<string, number>;
  /** Requests answered, by URL (`http://host:port/path?query`): repeated fetches show here. */
  byUrl: Record<string, number>;
}

export interface LocalWeb {
  sites: LocalSiteInfo[];
  faulty?: FaultySiteInfo;
  truth: LocalWebTruth;
  stats(): LocalWebStats;
  close(): Promise<void>;
}

const HOST = '127.0.0.1';
const FAULTY_NAME = 'faulty';
const MAX_REQUEST_URL_CHARS = 4096;
const KEEP_ALIVE_TIMEOUT_MS = 30_000;

interface Served {
  info: LocalSiteInfo;
  model: SiteModel;
}

export async function startLocalWeb(options: LocalWebOptions = {}): Promise<LocalWeb> {
  const resolved = resolveOptions(options);
  const servers: Server[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const requests: Record<string, number> = {};
  const byUrl: Record<string, number> = {};
  let closed = false;
  const later = (ms: number, fn: () => void): void => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      fn();
    }, ms);
    timers.add(timer);
  };

  const listen = async (name: string, handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<string> => {
    requests[name] = 0;
    const server = createServer((req, res) => {
      requests[name] = (requests[name] ?? 0) + 1;
      const url = `http://${req.headers.host ?? ''}${req.url ?? ''}`;
      byUrl[url] = (byUrl[url] ?? 0) + 1;
      if (closed) return void res.destroy();
      handler(req, res);
    });
    // Node's default (5 s) lets a client that blocked its event loop for longer reuse a socket
    // the server has just closed (ECONNRESET); crawlers and tests share a process with us.
    server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
    servers.push(server);
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, HOST, () => resolve());
    });
    return `http://${HOST}:${(server.address() as AddressInfo).port}`;
  };

  const close = async (): Promise<void> => {
    closed = true;
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
    await Promise.all(
      servers.map(
        (server) =>
          new Promise<void>((resolve) => {
            server.close(() => resolve());
            server.closeAllConnections();
          }),
      ),
    );
  };

  try {
    const byOrigin = new Map<string, Served>();
    for (const site of resolved.sites) {
      const model = new SiteModel(site);
      const robots = robotsTxt(site.robots);
      const origin = await listen(site.name, siteHandler(model, robots, resolved.latencyMs, later));
      byOrigin.set(origin, { model, info: siteInfo(site, model, origin, robots) });
    }
    let faulty: FaultySiteInfo | undefined;
    let faultyOrigin: string | undefined;
    if (resolved.faulty) {
      const fo = resolved.faulty;
      faultyOrigin = await listen(FAULTY_NAME, createFaultyHandler(fo, later));
      const urls = Object.fromEntries(Object.entries(FAULT_PATHS).map(([name, path]) => [name, faultyOrigin + path])) as Record<FaultName, string>;
      const blocked = [...byOrigin.values()].find((s) => s.info.name === BLOCKED_SITE.name)!.info;
      faulty = { origin: faultyOrigin, homeUrl: `${faultyOrigin}/`, urls, badHrefs: BAD_HREFS, externalUrl: EXTERNAL_HREF, hugeBytes: fo.hugeBytes, slowMs: fo.slowMs, flakyFailures: fo.flakyFailures, blocked };
    }
    const sites = [...byOrigin.values()].map((s) => s.info).filter((info) => info.name !== BLOCKED_SITE.name || !resolved.faulty);
    const truth = makeTruth(byOrigin, faultyOrigin);
    const web: LocalWeb = { sites, truth, stats: () => ({ requests: { ...requests }, byUrl: { ...byUrl } }), close };
    if (faulty) web.faulty = faulty;
    return web;
  } catch (error) {
    await close();
    throw error;
  }
}

function siteInfo(site: ResolvedSite, model: SiteModel, origin: string, robots: string): LocalSiteInfo {
  const articles = model.articleIndices();
  const newest = articles.slice(-3).reverse();
  const last = new Date(model.lastDay * 86_400_000);
  return {
    name: site.name,
    title: site.title,
    style: site.style,
    language: site.language,
    origin,
    homeUrl: `${origin}/`,
    articleCount: articles.length,
    robotsTxt: robots,
    sessionIds: site.sessionIds,
    exampleArticleUrls: newest.map((i) => origin + model.articlePath(i)),
    calendarUrl: origin + model.scheme.calendar(last.getUTCFullYear(), last.getUTCMonth() + 1),
    searchUrl: origin + model.scheme.search(model.tags[0]!.label.toLowerCase(), 1),
  };
}

function siteHandler(model: SiteModel, robots: string, latencyMs: number, later: (ms: number, fn: () => void) => void) {
  return (request: IncomingMessage, response: ServerResponse): void => {
    const answer = (): void => {
      const target = request.url ?? '/';
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        response.writeHead(405, { allow: 'GET, HEAD', 'content-length': 0 });
        return void response.end();
      }
      if (target.length > MAX_REQUEST_URL_CHARS || !target.startsWith('/')) {
        response.writeHead(target.startsWith('/') ? 414 : 400, { 'content-length': 0 });
        return void response.end();
      }
      const route = model.resolve(target);
      if (route.kind === 'robots') {
        response.writeHead(200, { 'content-type': 'text/plain; charset=utf-8', 'content-length': Buffer.byteLength(robots) });
        return void response.end(robots);
      }
      if (route.kind === 'redirect') {
        response.writeHead(301, { location: route.location, 'content-length': 0 });
        return void response.end();
      }
      const body = renderPage(model, route, target);
      response.writeHead(route.kind === 'not-found' ? 404 : 200, {
        'content-type': 'text/html; charset=utf-8',
        'content-length': Buffer.byteLength(body),
      });
      response.end(body);
    };
    if (latencyMs > 0) later(latencyMs, answer);
    else answer();
  };
}

/** `http://127.0.0.1:PORT` (also for `localhost:PORT`, the same server), or undefined. */
function originOf(url: string): { origin: string; pathAndQuery: string } | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (parsed.protocol !== 'http:' || (parsed.hostname !== HOST && parsed.hostname !== 'localhost')) return undefined;
  return { origin: `http://${HOST}:${parsed.port}`, pathAndQuery: parsed.pathname + parsed.search };
}

function makeTruth(byOrigin: Map<string, Served>, faultyOrigin: string | undefined): LocalWebTruth {
  const byName = new Map([...byOrigin.values()].map((s) => [s.info.name, s]));
  const newsSites = (name?: string): Served[] => {
    if (name === undefined) return [...byOrigin.values()].filter((s) => s.info.name !== BLOCKED_SITE.name);
    const site = byName.get(name);
    if (!site) throw new RangeError(`no local site named ${name}`);
    return [site];
  };
  const classify = (url: string): UrlTruth | undefined => {
    const at = originOf(url);
    if (!at) return undefined;
    if (at.origin === faultyOrigin) {
      const path = new URL(url).pathname;
      const isArticle = path === FAULT_PATHS.ok;
      return { site: FAULTY_NAME, kind: isArticle ? 'article' : path === '/' ? 'home' : 'fault', isArticle, ...(isArticle ? { canonicalUrl: faultyOrigin + path } : {}) };
    }
    const served = byOrigin.get(at.origin);
    if (!served) return undefined;
    const route = served.model.resolve(at.pathAndQuery);
    if (route.kind !== 'article') return { site: served.info.name, kind: route.kind, isArticle: false };
    // Galleries resolve to their own kind above; what is left here is an article.
    return { site: served.info.name, kind: 'article', isArticle: true, canonicalUrl: at.origin + served.model.articlePath(route.index) };
  };
  const articleAt = (url: string): { served: Served; index: number } | undefined => {
    const at = originOf(url);
    const served = at ? byOrigin.get(at.origin) : undefined;
    if (!at || !served) return undefined;
    const route = served.model.resolve(at.pathAndQuery);
    return route.kind === 'article' ? { served, index: route.index } : undefined;
  };
  return {
    articleBody: (url) => {
      const found = articleAt(url);
      return found ? articleBodyText(found.served.model, found.index) : undefined;
    },
    hasInlineComments: (url) => {
      const found = articleAt(url);
      return found ? found.served.model.hasInlineComments(found.index) : false;
    },
    isArticle: (url) => classify(url)?.isArticle ?? false,
    classify,
    articleUrls: (name) => newsSites(name).flatMap((s) => s.model.articleIndices().map((i) => s.info.origin + s.model.articlePath(i))),
    articleCount: (name) => newsSites(name).reduce((sum, s) => sum + s.info.articleCount, 0),
    siteInfo: (name) => newsSites(name)[0]!.info,
    siteOf: (url) => {
      const at = originOf(url);
      return at ? byOrigin.get(at.origin)?.info : undefined;
    },
  };
}
