// Page records for the store tests and the crash writer: link counts derived from the page
// number, so a reader can tell whether every link of a page was written.
import type { EnqueueEntry, PageRecord } from '../../../src/store/types.js';

export const SITE = 'example.test';

export function pageUrl(n: number): string {
  return `https://${SITE}/p/${n}`;
}

/** The page number in a pageUrl, or NaN. */
export function pageNumber(url: string): number {
  const m = /\/p\/(\d+)$/.exec(url);
  return m ? Number(m[1]) : Number.NaN;
}

/** Internal links page n carries: 3..9, varying with n. */
export function internalLinkCount(n: number): number {
  return 3 + (n % 7);
}

/** Page n links to pages 10n+1 … 10n+k, k ≤ 9: a tree, so every page has one parent. */
export function childrenOf(n: number): number[] {
  const k = internalLinkCount(n);
  return Array.from({ length: k }, (_, i) => 10 * n + 1 + i);
}

export function entryFor(n: number, depth: number, foundOn?: string): EnqueueEntry {
  // Priority falls with depth and varies within a level, so claim order is not insertion order.
  const entry: EnqueueEntry = { url: pageUrl(n), site: SITE, depth, priority: 100 - depth * 10 + (n % 5) };
  if (foundOn !== undefined) entry.foundOn = foundOn;
  return entry;
}

/** The full record of page n at `depth`: internal links to its children (all enqueued), 2 external, 1 bad. */
export function recordFor(n: number, depth: number, fetchedAt: number): PageRecord {
  const url = pageUrl(n);
  const isArticle = n % 2 === 0;
  const children = childrenOf(n);
  return {
    url,
    site: SITE,
    depth,
    status: 200,
    fetchedAt,
    contentType: 'text/html',
    isArticle,
    durationMs: 5,
    links: {
      internal: children.map((c) => ({ url: pageUrl(c), anchor: `child ${c}`, level: depth + 1, processed: true })),
      external: [
        { url: `https://elsewhere.test/a/${n}`, anchor: 'out', context: 'see also' },
        { url: `https://elsewhere.test/b/${n}`, anchor: null },
      ],
      bad: [{ raw: `javascript:void(${n})`, reason: 'scheme:javascript' }],
    },
    extraction: isArticle
      ? {
          title: `Story ${n}`,
          text: `Story number ${n} begins here. It has a few sentences about the number ${n}.`,
          html: `<p>Story ${n}</p>`,
          markdown: `Story ${n}`,
          metadata: { byline: `Writer ${n % 3}`, n },
          wordCount: 14,
        }
      : null,
    enqueue: children.map((c) => entryFor(c, depth + 1, url)),
  };
}
