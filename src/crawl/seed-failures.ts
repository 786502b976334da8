/**
 * When a crawl fetched nothing: why each seed failed, in words, with the option that changes
 * it where there is one. Pure: the page rows come from the store.
 */
import { ROBOTS_DISALLOWED } from './crawler.js';

export interface FailedPage {
  url: string;
  errorCode: string | null;
  errorMessage: string | null;
  status: number | null;
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** The cause of one failed fetch, in words (by error code; the message only as the detail). */
export function failureInWords(page: FailedPage): string {
  const host = hostOf(page.url);
  switch (page.errorCode) {
    case 'fetch-dns':
      return `DNS lookup failed: ${new URL(page.url).hostname} does not resolve (a typo, or no network)`;
    case 'fetch-refused':
      return `connection refused: nothing accepts connections at ${host}`;
    case 'fetch-blocked-address':
      return `blocked address: ${host} is a loopback, private or link-local address, refused by the fetch guard; --allow-private-network allows it`;
    case 'fetch-blocked-scheme':
      return `not fetchable: only http and https URLs are crawled`;
    case 'fetch-timeout':
    case 'render-timeout':
      return `no answer in time from ${host} (--timeout sets the limit)`;
    case 'render-http-status':
      return `the server answered HTTP ${page.status ?? '(an error status)'}`;
    case ROBOTS_DISALLOWED:
      return `robots.txt of ${host} disallows it (--no-robots ignores robots.txt)`;
    case 'fetch-network':
      return `network error: ${page.errorMessage ?? 'no detail'}`;
    default:
      return `${page.errorCode ?? 'failed'}: ${page.errorMessage ?? 'no detail'}`;
  }
}

/**
 * The seeds' failures when nothing worked: every seed that has a page row failed. Returns
 * undefined when some seed was fetched (or none has been tried yet).
 */
export function seedFailures(seeds: readonly string[], pages: Iterable<FailedPage & { finalUrl?: string | null }>): Array<{ seed: string; cause: string }> | undefined {
  const wanted = new Set(seeds);
  const found = new Map<string, FailedPage>();
  for (const page of pages) if (wanted.has(page.url)) found.set(page.url, page);
  if (found.size === 0) return undefined;
  if ([...found.values()].some((p) => p.errorCode === null)) return undefined;
  return [...found].map(([seed, page]) => ({ seed, cause: failureInWords(page) }));
}
