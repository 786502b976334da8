/**
 * Saved pages load in one step (src/render/offline-load.ts): the document is served from Node,
 * every subresource fails inside the browser. A local server stands in for the network and
 * counts what it is asked: it must be asked nothing. Inline (`data:`) content still renders,
 * and a worker reused for the next page serves that page, not the last one.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RenderInput } from '../../src/render/session.js';
import type { SnapshotElement, SnapshotText } from '../../src/types.js';
import { expect, test } from './fixtures.js';

let server: Server;
let origin: string;
let requests: string[];

test.beforeAll(async () => {
  requests = [];
  server = createServer((request, response) => {
    requests.push(request.url ?? '');
    response.writeHead(200, { 'content-type': 'text/css' });
    response.end('p { display: none }');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const input = (html: string, name: string, url = `http://saved.invalid/${name}`): RenderInput => ({ kind: 'html', bytes: Buffer.from(html), url, label: name });
const texts = (nodes: ReadonlyArray<{ kind: string }>): string[] => nodes.filter((n): n is SnapshotText => n.kind === 'text').map((n) => n.text.trim());
const images = (nodes: ReadonlyArray<{ kind: string }>): SnapshotElement[] => nodes.filter((n): n is SnapshotElement => n.kind === 'element' && (n as SnapshotElement).tag === 'img');

/** An SVG as an image: its markup names the SVG namespace, an http:// URL inside a data: URL. */
const SVG_IMAGE = `data:image/svg+xml,%3Csvg%20xmlns=%22http://www.w3.org/2000/svg%22%20viewBox=%220%200%202%201%22%3E%3C/svg%3E`;

test('no subresource of a saved page reaches the network, and each is counted as refused', async ({ session }) => {
  const html = `<html><head><link rel="stylesheet" href="${origin}/style.css"><script src="${origin}/app.js"></script>
    <link rel="icon" href="${origin}/favicon.ico"><style>@font-face { font-family: F; src: url(${origin}/f.woff2) }</style></head>
    <body style="font-family: F"><p>The text stays visible: the stylesheet that hides it never arrives.</p>
    <img src="${origin}/photo.jpg" alt="photo"><iframe src="${origin}/frame.html"></iframe>
    <video src="${origin}/clip.mp4"></video></body></html>`;
  const page = await session.render(input(html, 'network.html'), async (rendered) => ({ snapshot: rendered.snapshot, refused: rendered.refusedRequests }));
  expect(texts(page.snapshot.nodes)).toContain('The text stays visible: the stylesheet that hides it never arrives.');
  expect(requests).toEqual([]);
  expect(page.refused).toBeGreaterThanOrEqual(4);
});

test('inline data: images render at their own size, next to refused ones', async ({ session }) => {
  const html = `<body><img id="inline" src="${SVG_IMAGE}" alt="inline" style="width:200px"><img src="${origin}/x.png" alt="refused"></body>`;
  const snapshot = await session.render(input(html, 'inline.html'), async (rendered) => rendered.snapshot);
  const [inline, refused] = images(snapshot.nodes);
  expect(inline!.box.width).toBe(200);
  expect(inline!.box.height).toBe(100); // the SVG's 2:1 view box: it loaded
  expect(refused!.attrs.src).toBe(`${origin}/x.png`);
  expect(requests).toEqual([]);
});

test('an image refused on an https page reports its URL resolved, as a browser would fetch it', async ({ session }) => {
  const html = `<body><img src="/relative.png" alt="a"><img src="http://cdn.example/upgraded.png" alt="b"></body>`;
  const snapshot = await session.render(input(html, 'secure.html', 'https://news.example/story'), async (rendered) => rendered.snapshot);
  expect(images(snapshot.nodes).map((image) => image.attrs.src)).toEqual(['https://news.example/relative.png', 'https://cdn.example/upgraded.png']);
});

test('pages rendered one after another on the same worker each get their own document', async ({ browser }) => {
  const { RenderSession } = await import('../../src/render/session.js');
  const single = new RenderSession(browser, { concurrency: 1 });
  try {
    for (const name of ['first', 'second', 'third']) {
      const snapshot = await single.render(input(`<body><p>${name} page</p></body>`, `${name}.html`), async (rendered) => rendered.snapshot);
      expect(texts(snapshot.nodes)).toEqual([`${name} page`]);
      expect(snapshot.url).toBe(`http://saved.invalid/${name}.html`);
    }
  } finally {
    await single.close();
  }
});
