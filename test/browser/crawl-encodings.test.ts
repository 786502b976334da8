/**
 * Bad input for the crawl in other scripts (issue 22): pages in legacy encodings (GB2312, GBK,
 * Big5, Shift_JIS, windows-1251), declared in the HTTP header or only by `<meta charset>`, and
 * links whose anchors are empty, an image without text, or a mix of scripts. Nothing crashes,
 * every page is decided, every link is kept with the evidence it has.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { crawl } from '../../src/crawl/crawler.js';
import { createPolicy } from '../../src/frontier/index.js';
import { createMemoryStore } from '../../src/store/index.js';
import { test, expect } from './fixtures.js';

const FIXTURES = fileURLToPath(new URL('../fixtures/legacy-encodings/', import.meta.url));
/** Page → its encoding, whether the server names it in Content-Type, and a word its article must hold once decoded. */
const PAGES = {
  gb2312: { header: true, word: '预算' },
  gbk: { header: false, word: '镕' },
  big5: { header: false, word: '預算' },
  shift_jis: { header: true, word: '予算' },
  'windows-1251': { header: false, word: 'бюджет' },
} as const;

function serve(): Promise<{ server: Server; origin: string }> {
  const server = createServer((req, res) => {
    const path = req.url ?? '/';
    if (path === '/') {
      const links = Object.keys(PAGES).map((name) => `<li><a href="/${name}.html">${name}</a></li>`).join('');
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><html><head><meta charset="utf-8"><title>Legacy encodings</title></head><body><ul>${links}</ul></body></html>`);
      return;
    }
    const name = /^\/([\w-]+)\.html$/.exec(path)?.[1];
    const page = name !== undefined ? PAGES[name as keyof typeof PAGES] : undefined;
    if (name === undefined || page === undefined) {
      res.writeHead(404, { 'content-type': 'text/html' }).end('<!doctype html><title>Not found</title><p>Not found.</p>');
      return;
    }
    res.writeHead(200, { 'content-type': page.header ? `text/html; charset=${name}` : 'text/html' }).end(readFileSync(`${FIXTURES}${name}.html`));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` })));
}

test('legacy encodings and empty, image-only or mixed-script anchors: pages decided, links kept, no crash', async ({ session }) => {
  test.setTimeout(180_000);
  const { server, origin } = await serve();
  const store = createMemoryStore();
  try {
    const summary = await crawl(
      { store, session, policy: createPolicy('similarity') },
      { seeds: [`${origin}/`], maxDepth: 3, maxPages: 12, concurrency: 2, userAgent: 'broadsheet-test', robots: false, politeness: { delayMs: 0, perSiteConcurrency: 2 }, renderOptions: { allowPrivateNetwork: true } },
    );
    expect(summary.stopReason).not.toBe('error');
    const pages = [...store.pages()];
    const articles = new Map([...store.articles()].map((a) => [new URL(a.url).pathname, a]));
    for (const [name, { word }] of Object.entries(PAGES)) {
      const page = pages.find((p) => new URL(p.url).pathname === `/${name}.html`);
      expect(page, `${name} fetched`).toBeDefined();
      expect(page!.errorCode, `${name}: ${page!.errorMessage}`).toBeNull();
      // Decoded and decided: an article (six paragraphs of news prose), its text in its script.
      expect(page!.isArticle, name).toBe(true);
      expect(articles.get(`/${name}.html`)!.text).toContain(word);
    }
    // The links of every page are stored, whatever their anchors: empty, image-only, mixed scripts.
    const links = [...store.internalLinks()];
    const onGb = links.filter((l) => new URL(l.foundOn).pathname === '/gb2312.html');
    const anchorOf = (path: string): string | null | undefined => onGb.find((l) => new URL(l.url).pathname === path)?.anchor;
    expect(onGb.some((l) => new URL(l.url).pathname === '/empty.html')).toBe(true);
    expect(onGb.some((l) => new URL(l.url).pathname === '/gallery.html')).toBe(true);
    expect(anchorOf('/empty.html') ?? '').toBe('');
    expect(anchorOf('/mixed.html')).toContain('组图');
    expect(anchorOf('/mixed.html')).toContain('Live');
  } finally {
    store.close();
    // Chromium keeps its connections alive: close them, or `close` waits for ever.
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});
