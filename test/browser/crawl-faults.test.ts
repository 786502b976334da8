import { crawl } from '../../src/crawl/crawler.js';
import { createPolicy } from '../../src/frontier/index.js';
import { createMemoryStore } from '../../src/store/index.js';
import { startLocalWeb, type LocalWeb } from '../../src/testing/local-web/index.js';
import { test, expect } from './fixtures.js';

/**
 * The faulty site (500, 503, 404, a page that fails twice, a hang, a redirect loop, binary
 * files, a huge page) and a site whose robots.txt disallows everything: each fault is recorded
 * with its reason and the crawl goes on; nothing of the blocked site but robots.txt is fetched;
 * the hrefs that must never be fetched land in bad links.
 */

test.describe.configure({ timeout: 180_000 });

let web: LocalWeb;
test.beforeAll(async () => {
  web = await startLocalWeb({ sites: ['slash'], articlesPerSite: 50, faulty: { slowMs: 1_000, hugeBytes: 20 * 1024 * 1024 } });
});
test.afterAll(async () => {
  await web.close();
});

test('faults are recorded with their reason and the crawl goes on; robots.txt that disallows everything is obeyed', async ({ session }) => {
  const faulty = web.faulty!;
  const store = createMemoryStore();
  const summary = await crawl(
    { store, session, policy: createPolicy('bfs') },
    {
      seeds: [faulty.homeUrl, faulty.blocked.homeUrl],
      maxDepth: 3,
      maxPages: 60,
      concurrency: 2,
      userAgent: 'broadsheet-test',
      politeness: { delayMs: 0, perSiteConcurrency: 2 },
      renderOptions: { navigationTimeoutMs: 5_000, allowPrivateNetwork: true },
      retryBaseMs: 200,
    },
  );
  expect(summary.stopReason).toBe('frontier-empty');
  const pages = new Map([...store.pages()].map((p) => [p.url, p]));
  const outcome = (name: keyof typeof faulty.urls): [number | null, string | null] | undefined => {
    const page = pages.get(faulty.urls[name]);
    return page === undefined ? undefined : [page.status, page.errorCode];
  };
  expect(outcome('ok')).toEqual([200, null]);
  expect(outcome('error500')).toEqual([500, 'render-http-status']);
  expect(outcome('error503')).toEqual([503, 'render-http-status']);
  expect(outcome('notFound')).toEqual([404, 'render-http-status']);
  expect(outcome('flaky')).toEqual([200, null]); // two 500s, then it works on the third attempt
  expect(outcome('hang')).toEqual([null, 'fetch-timeout']);
  expect(outcome('redirectLoop')).toEqual([null, 'fetch-too-many-redirects']);
  for (const name of ['octetStream', 'octetStreamNoExtension', 'png', 'pngNoExtension'] as const) expect(outcome(name), name).toEqual([null, 'render-not-html']);
  // The huge page times out or is refused; either way it is recorded as an error, not an article.
  expect(outcome('huge')?.[1]).not.toBeNull();
  // The blocked site: its home page is recorded as disallowed; only robots.txt was requested.
  expect(pages.get(faulty.blocked.homeUrl)?.errorCode).toBe('robots-disallowed');
  expect(web.stats().requests[faulty.blocked.name]).toBe(1);
  // Every href that must not be fetched and that the page collector passes on is a bad link.
  const bad = new Map([...store.badLinks()].map((b) => [b.raw, b.reason]));
  for (const href of ['javascript:void(0)', 'mailto:desk@faulty.example.invalid', 'data:text/html,<p>inline</p>', 'file:///etc/passwd', 'tel:+441632960000']) {
    expect(bad.get(href), href).toMatch(/not crawlable/);
  }
  // Hrefs that do not parse as URLs reach bad links too (the collector passes them on as written).
  for (const href of ['http://[::1', 'http://', 'https://%zz/']) expect(bad.get(href), href).toMatch(/malformed|invalid|relative/iu);
  expect(bad.get(faulty.externalUrl)).toMatch(/^out-of-scope/);
  for (const url of pages.keys()) expect(url.startsWith('http://127.0.0.1:')).toBe(true);
});
