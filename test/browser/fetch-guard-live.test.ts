import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { BroadsheetError } from '../../src/errors.js';
import type { RenderOptionsInput } from '../../src/render/options.js';
import { expect, test } from './fixtures.js';

/**
 * The fetch guard inside Chromium: a live page on 127.0.0.1 (the one address allowed) reaches
 * for a "secret" server on 127.0.0.2 — another loopback address, standing for an intranet or
 * a metadata service — by image, script, fetch(), iframe, redirect and later navigation. The
 * secret server must see no request at all, and the page must still be rendered.
 */

let page: Server;
let secret: Server;
let origin: string;
let secretOrigin: string;
let secretHits = 0;

const ARTICLE_P = '<p>The article text is here, and it is long enough to be the body of this page. '.repeat(3) + '</p>';

test.beforeAll(async () => {
  secret = createServer((_req, res) => {
    secretHits++;
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<p>secret</p>');
  });
  await new Promise<void>((resolve) => secret.listen(0, '127.0.0.2', resolve));
  secretOrigin = `http://127.0.0.2:${(secret.address() as AddressInfo).port}`;
  page = createServer((req, res) => {
    switch (req.url) {
      case '/greedy':
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end(`<!doctype html><title>Greedy</title><body><article><h1>Greedy</h1>${ARTICLE_P}
          <img src="${secretOrigin}/img.png"><script src="${secretOrigin}/x.js"></script>
          <img src="/to-secret.png"><iframe src="${secretOrigin}/frame"></iframe><iframe src="file:///etc/passwd"></iframe>
          <script>fetch('${secretOrigin}/api').catch(() => {}); new Image().src = 'http://169.254.169.254/latest/meta-data/';</script>
          </article></body>`);
        return;
      case '/to-secret.png':
        res.writeHead(302, { location: `${secretOrigin}/redirected.png` });
        res.end();
        return;
      case '/navigate-away':
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end(`<!doctype html><body><article>${ARTICLE_P}</article><script>setTimeout(() => { location.href = '${secretOrigin}/next'; }, 10);</script></body>`);
        return;
      case '/bomb':
        res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' });
        res.end(zlib.gzipSync(Buffer.alloc(64 * 1024 * 1024, 0x20)));
        return;
      case '/redirect-to-secret':
        res.writeHead(301, { location: `${secretOrigin}/` });
        res.end();
        return;
      default:
        res.writeHead(404);
        res.end();
    }
  });
  await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(page.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  page.closeAllConnections();
  secret.closeAllConnections();
  await Promise.all([new Promise((r) => page.close(r)), new Promise((r) => secret.close(r))]);
});

/** Only the page server's address: 127.0.0.2 stays private. */
const guarded: RenderOptionsInput = { allowPrivateNetwork: false, allowedAddresses: ['127.0.0.1'], navigationTimeoutMs: 10_000 };

test('no subrequest, redirect or navigation of a live page reaches a private address', async ({ session }) => {
  const before = secretHits;
  const result = await session.render({ kind: 'url', url: `${origin}/greedy`, label: 'greedy' }, async (p) => {
    await new Promise((r) => setTimeout(r, 300)); // let the page's script try its fetch
    return { texts: p.snapshot.nodes.filter((n) => n.kind === 'text').length, refused: p.refusedRequests };
  }, guarded);
  expect(result.texts).toBeGreaterThan(0);
  expect(result.refused).toBeGreaterThanOrEqual(5);
  const nav = await session.render({ kind: 'url', url: `${origin}/navigate-away`, label: 'away' }, async (p) => p.finalUrl, guarded).catch((e: unknown) => e);
  expect(typeof nav === 'string' || nav instanceof BroadsheetError).toBe(true);
  expect(secretHits - before).toBe(0);
});

test('a document on a private address, or redirected to one, is refused with fetch-blocked-address', async ({ session }) => {
  for (const url of [`${secretOrigin}/`, `${origin}/redirect-to-secret`, `http://localhost:${(page.address() as AddressInfo).port}/greedy`]) {
    const error = await session.render({ kind: 'url', url, label: url }, async () => undefined, { ...guarded, allowedAddresses: url.includes('localhost') ? [] : ['127.0.0.1'] }).catch((e: unknown) => e);
    expect(error, url).toBeInstanceOf(BroadsheetError);
    expect((error as BroadsheetError).code, url).toBe('fetch-blocked-address');
  }
  expect(secretHits).toBe(0);
});

test('a gzip bomb as the document ends with fetch-too-large', async ({ session }) => {
  const error = await session.render({ kind: 'url', url: `${origin}/bomb`, label: 'bomb' }, async () => undefined, { ...guarded, maxResponseBytes: 8 * 1024 * 1024 }).catch((e: unknown) => e);
  expect((error as BroadsheetError).code).toBe('fetch-too-large');
});
