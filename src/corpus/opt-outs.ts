/**
 * Opt-outs from text and data mining, recorded per document (and optionally enforced):
 * - the TDM Reservation Protocol (W3C community group, TDMRep): an HTTP header
 *   `tdm-reservation: 1` or `<meta name="tdm-reservation" content="1">`;
 * - robots.txt rules for AI crawlers: the site's robots.txt (when the archive holds it)
 *   disallows the page for one of the user agents below.
 * Pure, apart from robots-parser.
 */
import robotsParserModule from 'robots-parser';

interface Robot {
  isDisallowed(url: string, ua?: string): boolean | undefined;
}
// CommonJS `module.exports = function` behind an ES default typing (as in crawl/robots.ts).
const robotsParser = robotsParserModule as unknown as (url: string, contents: string) => Robot;

/** User agents that AI-training crawlers announce; a robots.txt group for one of them is an opt-out. */
export const AI_CRAWLER_AGENTS: readonly string[] = ['GPTBot', 'CCBot', 'Google-Extended', 'ClaudeBot', 'anthropic-ai', 'Applebot-Extended', 'Bytespider', 'PerplexityBot', 'meta-externalagent'];

export interface OptOuts {
  /** TDM rights reserved by header or meta. */
  tdmReserved: boolean;
  /** AI crawlers whose robots.txt rules disallow the URL. */
  robotsDisallow: string[];
}

/** `tdm-reservation` in headers (names lower-case) or in the page's head. */
export function tdmReserved(headers: Record<string, string> | undefined, html: Buffer | string | undefined): boolean {
  if (headers?.['tdm-reservation']?.trim() === '1') return true;
  if (!html) return false;
  const head = (typeof html === 'string' ? html : html.toString('latin1', 0, 64 * 1024)).slice(0, 64 * 1024);
  // Cut at the last '>': a `<meta` with no '>' after it would otherwise be scanned to the end once per `<meta` (quadratic).
  for (const tag of head.slice(0, head.lastIndexOf('>') + 1).matchAll(/<meta\b[^>]*>/giu)) {
    if (/name\s*=\s*["']?tdm-reservation["']?/iu.test(tag[0]) && /content\s*=\s*["']?1["']?/iu.test(tag[0])) return true;
  }
  return false;
}

/** robots.txt files seen so far, by origin. */
export class RobotsIndex {
  private readonly byOrigin = new Map<string, Robot>();

  /** Keeps a robots.txt if `url` is one (`/robots.txt` at an origin's root). */
  offer(url: string, body: string): boolean {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return false;
    }
    if (parsed.pathname !== '/robots.txt') return false;
    this.byOrigin.set(parsed.origin, robotsParser(parsed.href, body));
    return true;
  }

  /** AI crawlers the known robots.txt of the URL's origin disallows it for. */
  disallowedFor(url: string): string[] {
    let origin: string;
    try {
      origin = new URL(url).origin;
    } catch {
      return [];
    }
    const robots = this.byOrigin.get(origin);
    if (!robots) return [];
    return AI_CRAWLER_AGENTS.filter((agent) => robots.isDisallowed(url, agent) === true);
  }
}
