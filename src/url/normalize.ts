/**
 * URL normalisation (docs/methods.md §9): every URL is normalised once, before it is stored, queued or
 * compared, so that two spellings of one address collapse into one key.
 *
 * Always applied (they never change which resource a URL names):
 * - resolution against the base, dot segments (`/a/./b/../c` → `/a/c`) resolved (WHATWG URL);
 * - scheme and host lower-cased, IDN hosts in punycode (WHATWG URL), a trailing dot on the
 *   host removed (`example.com.` → `example.com`);
 * - the default port dropped (`:80` for http, `:443` for https);
 * - the fragment dropped (it never reaches the server);
 * - an empty path becomes `/`;
 * - percent escapes: unreserved characters decoded (`%7E` → `~`), others upper-cased
 *   (`%2f` → `%2F`), as RFC 3986 §6.2.2 allows;
 * - empty query (`?` alone) and empty query pairs (`a=1&&b=2`) dropped.
 *
 * Options, with their defaults (see `NormalizeOptions`): tracking parameters dropped, query
 * parameters sorted, trailing slash kept as written, no whole-URL lower-casing.
 *
 * Only http and https are crawlable; anything else comes back as `{ ok: false, reason }` so the
 * crawler can store it as a bad link with its reason. Nothing here throws for bad input.
 */

import { parse as parseDomain } from 'tldts';

export interface NormalizeOptions {
  /**
   * Lower-case the whole URL (path and query too). docs/methods.md §9: this removes about half of the
   * semantic duplicates while losing under 1 % of unique URLs — offered, not the default,
   * because case-sensitive servers exist. Default false.
   */
  lowercase?: boolean;
  /**
   * What to do with a trailing slash on a non-root path:
   * - `keep` (default): `/a/` and `/a` stay distinct. Servers often treat them as different
   *   resources (one of them redirecting), and the crawler must fetch a URL that exists.
   * - `strip`: `/a/` → `/a`; use for duplicate detection keys, not for fetching.
   * The root path is always `/`.
   */
  trailingSlash?: 'keep' | 'strip';
  /**
   * Sort query parameters by name (stable: repeated names keep their order). Default true —
   * parameter order almost never changes the page, and sorting merges `?a=1&b=2` with `?b=2&a=1`.
   */
  sortQuery?: boolean;
  /** Drop tracking parameters (`TRACKING_PARAMS`). Default true: they never change the page. */
  dropTracking?: boolean;
  /**
   * URLs longer than this (after normalisation) are refused. Default 2048, the de facto limit
   * browsers and servers agree on; longer ones are almost always generated traps.
   */
  maxLength?: number;
}

export type NormalizeResult = { ok: true; url: string } | { ok: false; reason: string };

export const DEFAULT_NORMALIZE_OPTIONS: Required<NormalizeOptions> = {
  lowercase: false,
  trailingSlash: 'keep',
  sortQuery: true,
  dropTracking: true,
  maxLength: 2048,
};

/**
 * Query parameters that only tell analytics where a click came from. Names compared
 * lower-case; `utm_*` by prefix. Gathered from the campaign-tagging conventions of the major
 * ad and analytics platforms (Google, Meta, Microsoft, Yandex, Mailchimp).
 */
export const TRACKING_PARAM_PREFIXES: readonly string[] = ['utm_'];
export const TRACKING_PARAMS: ReadonlySet<string> = new Set([
  'fbclid', // Meta click id
  'gclid', // Google Ads click id
  'dclid', // Google Display click id
  'gbraid',
  'wbraid',
  'msclkid', // Microsoft Ads click id
  'yclid', // Yandex click id
  'igshid', // Instagram share id
  'mc_cid', // Mailchimp campaign id
  'mc_eid', // Mailchimp subscriber id
  '_ga', // Google Analytics cross-domain linker
  '_gl',
]);

const CRAWLABLE_SCHEMES: ReadonlySet<string> = new Set(['http:', 'https:']);

/** Normalises `input` (resolved against `base` when relative). Never throws. */
export function normalizeUrl(input: string, base?: string, opts: NormalizeOptions = {}): NormalizeResult {
  const options = { ...DEFAULT_NORMALIZE_OPTIONS, ...opts };
  const raw = input.trim();
  if (raw === '') return { ok: false, reason: 'empty URL' };

  let url: URL;
  try {
    url = base === undefined ? new URL(raw) : new URL(raw, base);
  } catch {
    const hasScheme = /^[a-z][a-z0-9+.-]*:/i.test(raw);
    return {
      ok: false,
      reason: hasScheme || base !== undefined ? `malformed URL: ${clip(raw)}` : `relative URL without a base: ${clip(raw)}`,
    };
  }

  if (!CRAWLABLE_SCHEMES.has(url.protocol)) {
    return { ok: false, reason: `scheme ${url.protocol} is not crawlable` };
  }
  if (url.hostname === '') return { ok: false, reason: `URL has no host: ${clip(raw)}` };

  // WHATWG URL already lower-cases the host, encodes IDNs, resolves dot segments and drops
  // the default port; what remains is ours.
  if (url.hostname.endsWith('.') && !url.hostname.startsWith('[')) {
    url.hostname = url.hostname.replace(/(?<!\.)\.+$/, '');
  }
  url.hash = '';

  let path = normalizeEscapes(url.pathname);
  if (path === '') path = '/';
  if (options.trailingSlash === 'strip' && path.length > 1) path = path.replace(/(?<!\/)\/+$/, '') || '/';

  const query = normalizeQuery(url.search, options);
  const auth = url.username !== '' ? `${url.username}${url.password !== '' ? `:${url.password}` : ''}@` : '';
  let result = `${url.protocol}//${auth}${url.host}${path}${query === '' ? '' : `?${query}`}`;
  // Escapes keep upper-case hex so that the result is a fixed point of normalizeUrl.
  if (options.lowercase) result = result.toLowerCase().replace(/%[0-9a-f]{2}/g, (escape) => escape.toUpperCase());

  if (result.length > options.maxLength) {
    return { ok: false, reason: `URL longer than ${options.maxLength} characters` };
  }
  return { ok: true, url: result };
}

/** The query without its `?`, after dropping empty pairs and tracking parameters, optionally sorted. */
function normalizeQuery(search: string, options: Required<NormalizeOptions>): string {
  if (search === '' || search === '?') return '';
  let pairs = search
    .slice(1)
    .split('&')
    .filter((pair) => pair !== '')
    .map((pair) => normalizeEscapes(pair));
  if (options.dropTracking) pairs = pairs.filter((pair) => !isTrackingParam(paramName(pair)));
  if (options.sortQuery) {
    // Array.prototype.sort is stable, so repeated names keep their relative order.
    pairs = pairs
      .map((pair) => ({ pair, name: paramName(pair) }))
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
      .map(({ pair }) => pair);
  }
  return pairs.join('&');
}

function paramName(pair: string): string {
  const eq = pair.indexOf('=');
  return eq === -1 ? pair : pair.slice(0, eq);
}

function isTrackingParam(name: string): boolean {
  const lower = name.toLowerCase();
  return TRACKING_PARAMS.has(lower) || TRACKING_PARAM_PREFIXES.some((prefix) => lower.startsWith(prefix));
}

/** RFC 3986 §6.2.2: decode escapes of unreserved characters, upper-case the hex of the rest. */
function normalizeEscapes(text: string): string {
  if (!text.includes('%')) return text;
  return text.replace(/%([0-9a-fA-F]{2})/g, (_match, hex: string) => {
    const char = String.fromCharCode(Number.parseInt(hex, 16));
    return /[A-Za-z0-9\-._~]/.test(char) ? char : `%${hex.toUpperCase()}`;
  });
}

function clip(text: string): string {
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

/**
 * Public-suffix split of a host name (lower-case, no port), through tldts with the private
 * section of the list enabled (so `alice.github.io` is a site of its own, like `bbc.co.uk`).
 * - `registrable`: the registrable domain (`cnn.com`), or null for IP literals, `localhost`
 *   and other names without one;
 * - `sub`: what is left of it (`edition`), `''` when none;
 * - `main`: the registrable domain without its suffix (`cnn`); for names without a registrable
 *   domain, the whole host name.
 */
export interface HostParts {
  registrable: string | null;
  sub: string;
  main: string;
}

const TLD_OPTIONS = { allowPrivateDomains: true } as const;

export function splitHost(hostname: string): HostParts {
  const parsed = parseDomain(hostname, TLD_OPTIONS);
  if (parsed.isIp || parsed.domain === null || parsed.domainWithoutSuffix === null) {
    return { registrable: null, sub: '', main: hostname };
  }
  return { registrable: parsed.domain, sub: parsed.subdomain ?? '', main: parsed.domainWithoutSuffix };
}

/**
 * The site a URL belongs to: its registrable domain (`edition.cnn.com` → `cnn.com`). Hosts with
 * no registrable domain (IP literals, `localhost`) are a site per host and port
 * (`127.0.0.1:8081`), so local test sites on different ports stay apart. Null when `url` is
 * not an absolute URL with a host.
 */
export function siteOf(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.hostname === '') return null;
  const hostname = parsed.hostname.replace(/(?<!\.)\.+$/, '');
  return splitHost(hostname).registrable ?? (parsed.port === '' ? hostname : `${hostname}:${parsed.port}`);
}

/** True when both URLs parse and belong to the same site (`siteOf`). */
export function isSameSite(a: string, b: string): boolean {
  const siteA = siteOf(a);
  return siteA !== null && siteA === siteOf(b);
}
