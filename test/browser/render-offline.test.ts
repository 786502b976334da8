/**
 * Saved pages load in one step (src/render/offline-load.ts): the document is served from Node,
 * every subresource fails inside the browser. A local server stands in for the network and
 * counts what it is asked: it must be asked nothing. Inline (`data:`) content still renders,
 * and a worker reused for the next page serves that page, not the last one.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright';
import type { RenderInput } from '../../src/render/session.js';
import type { LayoutSnapshot, SnapshotElement, SnapshotText } from '../../src/types.js';
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

/**
 * Renders each page navigated to (a session that never writes in place) and then with the
 * default session, in turn, one worker each: every snapshot and final URL must be equal.
 * Returns whether each page was written in place, and its snapshots by label.
 */
async function writtenAgainstNavigated(browser: Browser, cases: readonly RenderInput[]): Promise<{ written: boolean[]; snapshots: Map<string, LayoutSnapshot> }> {
  const { RenderSession } = await import('../../src/render/session.js');
  const navigating = new RenderSession(browser, { concurrency: 1, inPlace: false });
  const writing = new RenderSession(browser, { concurrency: 1 });
  const take = (session: InstanceType<typeof RenderSession>, page: RenderInput) =>
    session.render(page, async (rendered) => ({ snapshot: rendered.snapshot, finalUrl: rendered.finalUrl, written: rendered.writtenInPlace }));
  try {
    const written: boolean[] = [];
    const snapshots = new Map<string, LayoutSnapshot>();
    for (const page of cases) {
      const expected = await take(navigating, page);
      const actual = await take(writing, page);
      expect(actual.snapshot, page.label).toEqual(expected.snapshot);
      expect(actual.finalUrl).toBe(expected.finalUrl);
      expect(expected.written).toBe(false);
      written.push(actual.written);
      snapshots.set(page.label, actual.snapshot);
    }
    return { written, snapshots };
  } finally {
    await navigating.close();
    await writing.close();
  }
}

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

/**
 * A page that cannot be written into its worker's document (the worker's first; one after a page
 * whose <meta> left document state) is navigated to the worker's saved-document address, one site
 * for all: Chromium keeps the renderer process. Navigated to each page's own site, every one of
 * these pages started a new renderer process (a launch and thousands of page faults).
 */
test('pages navigated in turn keep their worker\'s renderer process, and each has its own address', async () => {
  const { RenderSession } = await import('../../src/render/session.js');
  const { launchBrowser } = await import('../../src/render/browser.js');
  // A browser of its own: no other test's renderer processes among those counted.
  const browser = await launchBrowser({ savedPagesOnly: true });
  const session = new RenderSession(browser, { concurrency: 1 });
  const cdp = await browser.newBrowserCDPSession();
  const renderers = new Set<number>();
  try {
    for (const site of ['one', 'two', 'three', 'four']) {
      const html = `<!doctype html><head><meta http-equiv="Content-Security-Policy" content="base-uri 'self'"></head><a href="/section/${site}">${site}</a>`;
      const page = await session.render(input(html, `${site}.html`, `https://${site}.example/story`), async (rendered) => rendered);
      expect(page.writtenInPlace).toBe(false);
      expect(page.finalUrl).toBe(`https://${site}.example/story`);
      expect(page.snapshot.url).toBe(`https://${site}.example/story`);
      const link = page.snapshot.nodes.find((n): n is SnapshotElement => n.kind === 'element' && (n as SnapshotElement).tag === 'a');
      expect(link?.attrs.href).toBe(`https://${site}.example/section/${site}`);
      const { processInfo } = (await cdp.send('SystemInfo.getProcessInfo')) as { processInfo: Array<{ type: string; id: number }> };
      for (const process of processInfo) if (process.type === 'renderer') renderers.add(process.id);
    }
  } finally {
    await session.close();
    await browser.close();
  }
  expect(renderers.size).toBe(1);
});

/** Saved pages of every way in: navigated first, written after, navigated again (another scheme). */
async function savedPageCases(): Promise<RenderInput[]> {
  const { readFileSync, readdirSync } = await import('node:fs');
  const cases: RenderInput[] = [
    // The first page of a worker navigates (its document is about:blank); the rest are written.
    input('<!doctype html><body><p>first</p></body>', 'first.html', 'https://news.example/first'),
    input(
      `<!doctype html><html lang="de"><head><title>T</title><base href="/assets/"><link rel="canonical" href="story"></head>
       <body><a href="../story?a=1&amp;b=2">link</a><img src="p.png" alt="relative"><img src="http://cdn.example/x.png" alt="upgraded">
       <picture><source srcset="small.webp 1x, big.webp 2x"><img src="fallback.jpg" alt="picture"></picture>
       <iframe src="https://ads.example/frame"></iframe><p style="width:50%">\u00e9t\u00e9</p></body></html>`,
      'base.html',
      'https://news.example/2019/11/story.html',
    ),
    // srcset candidates without a space after the comma, sizes with nested parentheses (NYT).
    input(
      `<!doctype html><body><img alt="lead" src="/a-small.jpg" srcset="/a-600.jpg 600w,/a-1024.jpg 1024w,/a-2048.jpg 2048w" sizes="((min-width: 600px) and (max-width: 1004px)) 84vw, (min-width: 1005px) 60vw, 100vw">
       <picture><source srcset="/p1.webp 1x,/p2.webp 2x" type="image/webp"><img src="/p.jpg" alt="p"></picture>
       <img class="lazy" alt="" data-src="/real.jpg" src="${SVG_IMAGE}" style="width:300px"></body>`,
      'srcset.html',
      'https://news.example/2019/11/lead.html',
    ),
    // No doctype: quirks mode, in which a table does not inherit the body's font size.
    input('<html><body style="font-size:30px"><table><tr><td>quirks</td></tr></table></body></html>', 'quirks.html', 'https://news.example/q'),
    input('<!doctype html><meta http-equiv="refresh" content="0"><p>refreshes itself</p>', 'refresh.html', 'https://news.example/r'),
    input('<!doctype html><p>a NUL\u0000byte</p>', 'nul.html', 'https://news.example/nul'),
    // An http page after https ones: its own scheme (no image upgrade) needs a navigation.
    input('<!doctype html><img src="http://cdn.example/plain.png" alt="plain">', 'plain.html', 'http://old.example/page'),
    input('<!doctype html><img src="http://cdn.example/plain2.png" alt="plain">', 'plain2.html', 'http://old.example/page2'),
  ];
  for (const file of readdirSync('samples').filter((name) => name.endsWith('.html')).slice(0, 4)) {
    cases.push(input(readFileSync(`samples/${file}`, 'utf8'), file, `https://samples.example/${file}`));
  }
  return cases;
}

test('a saved page written into the last page\'s document gives the snapshot its own navigation gives', async ({ browser }) => {
  const { written } = await writtenAgainstNavigated(browser, await savedPageCases());
  // The first http page opens a second worker (the pool holds two per slot); the https
  // samples after the http pages find the first worker, https still, and are written.
  expect(written).toEqual([false, true, true, true, true, true, false, true, true, true, true, true]);
});

/**
 * Pages that declare document state in a <meta> (WCXB-dev 0431: a Content Security Policy with
 * base-uri 'self'; 0554: color-scheme dark), each after a page of another site, then a page
 * whose relative links need its own <base>, whose inline style a policy would refuse
 * (style-src without 'unsafe-inline') and whose unstyled body and button a dark scheme would
 * colour, then one more page.
 */
const STATE_PAGES: Array<[string, string]> = [
  ['a Content Security Policy', `<meta http-equiv="Content-Security-Policy" content="base-uri 'self'; style-src 'self'">`],
  ['a dark colour scheme', '<meta name="color-scheme" content="dark">'],
];
for (const [what, meta] of STATE_PAGES) {
  test(`a page's ${what.slice(2)} is not the next page's: that page navigates, its links, styles and colours are its own`, async ({ browser }) => {
    const cases: RenderInput[] = [
      input('<!doctype html><p>first</p>', 'first.html', 'https://one.example/first'),
      input(`<!doctype html><head>${meta}</head><p>the page with state</p>`, 'state.html', 'https://state.example/page'),
      input('<!doctype html><style>p { color: rgb(200, 0, 0) }</style><a href="/section/story">story</a><p>after</p><button>b</button>', 'after.html', 'https://three.example/a/b'),
      input('<!doctype html><a href="next">next</a>', 'next.html', 'https://four.example/x/y'),
    ];
    const { written, snapshots } = await writtenAgainstNavigated(browser, cases);
    // The page after the one with state is navigated to; the one after it is written again.
    expect(written).toEqual([false, true, false, true]);
    const link = snapshots.get('after.html')!.nodes.find((n): n is SnapshotElement => n.kind === 'element' && (n as SnapshotElement).tag === 'a');
    expect(link?.attrs.href).toBe('https://three.example/section/story');
  });
}

test('a page that scrolls itself leaves the next page unscrolled, and is measured from its top', async ({ browser }) => {
  // An autofocused field far down scrolls its page once a frame is drawn (no script needed). The
  // document kept that offset through document.open, so a sticky element of the page written
  // after it was laid out thousands of pixels lower (WCXB-dev 0847's sidebar, 2,600 px), its text
  // read in another order; and the page itself was measured scrolled or not by whether a frame
  // came before its snapshot.
  const sticky = (name: string): RenderInput =>
    input(`<!doctype html><div style="display:flex;align-items:flex-start"><aside style="position:sticky;top:8px;width:200px">${name}</aside><main style="height:9000px"><p>body</p></main></div>`, `${name}.html`, `https://${name}.example/page`);
  const scrolling = input('<!doctype html><div style="height:4000px">tall</div><input autofocus value="down here"><div style="display:flex;align-items:flex-start"><aside style="position:sticky;top:8px;width:200px">own</aside><main style="height:9000px"></main></div>', 'scrolls.html', 'https://two.example/scrolls');
  const cases: RenderInput[] = [input('<!doctype html><p>first</p>', 'first.html', 'https://one.example/first'), scrolling, sticky('after'), sticky('again')];
  const { written, snapshots } = await writtenAgainstNavigated(browser, cases);
  expect(written).toEqual([false, true, true, true]);
  const asideY = (label: string): number | undefined => snapshots.get(label)!.nodes.find((n): n is SnapshotElement => n.kind === 'element' && (n as SnapshotElement).tag === 'aside')?.box.y;
  expect(asideY('after.html')).toBe(8);
  expect(asideY('again.html')).toBe(8);
  // The scrolling page's own sticky element, measured from the top: where its flow puts it.
  expect(asideY('scrolls.html')).toBeLessThan(4100);
});

test('a worker is recycled after maxRendersPerWorker renders, and the pages come out the same', async ({ browser }) => {
  const { RenderSession } = await import('../../src/render/session.js');
  const lasting = new RenderSession(browser, { concurrency: 1 });
  const recycling = new RenderSession(browser, { concurrency: 1, maxRendersPerWorker: 2 });
  const pages = ['one', 'two', 'three', 'four', 'five'].map((name) =>
    input(`<!doctype html><body><h1>${name}</h1><p style="width:40%">The ${name} page.</p></body>`, `${name}.html`, `https://news.example/${name}`),
  );
  const take = (session: InstanceType<typeof RenderSession>, page: RenderInput) =>
    session.render(page, async (rendered) => ({ snapshot: rendered.snapshot, finalUrl: rendered.finalUrl, written: rendered.writtenInPlace }));
  try {
    const written: boolean[] = [];
    for (const page of pages) {
      const expected = await take(lasting, page);
      const actual = await take(recycling, page);
      expect(actual.snapshot, page.label).toEqual(expected.snapshot);
      expect(actual.finalUrl).toBe(expected.finalUrl);
      written.push(actual.written);
    }
    // Renders 2 and 4 wore their worker out; each fresh worker navigates once, then writes.
    expect(recycling.health.recycled).toBe(2);
    expect(lasting.health.recycled).toBe(0);
    expect(written).toEqual([false, true, false, true, false]);
    expect(recycling.activePages).toBe(0);
  } finally {
    await lasting.close();
    await recycling.close();
  }
});

test('maxRendersPerWorker must be a positive integer', async ({ browser }) => {
  const { RenderSession } = await import('../../src/render/session.js');
  expect(() => new RenderSession(browser, { maxRendersPerWorker: 0 })).toThrow(RangeError);
});

test('a headless shell launched for saved pages only paints none of them, and gives every snapshot a painting one gives', async ({ browser }) => {
  const { findChromium, framesControlled, isHeadlessShell, launchBrowser } = await import('../../src/render/browser.js');
  const { RenderSession } = await import('../../src/render/session.js');
  const { ConfigError } = await import('../../src/errors.js');
  const { executablePath } = findChromium();
  test.skip(!isHeadlessShell(executablePath), `the browser found is not a headless shell (${executablePath}): it stops painting minimised instead`);
  const frameless = await launchBrowser({ savedPagesOnly: true });
  try {
    expect(framesControlled(frameless)).toBe(true);
    expect(framesControlled(browser)).toBe(false);
    const painting = new RenderSession(browser, { concurrency: 1 });
    const controlled = new RenderSession(frameless, { concurrency: 2 });
    const take = (session: InstanceType<typeof RenderSession>, page: RenderInput) => session.render(page, async (rendered) => ({ snapshot: rendered.snapshot, written: rendered.writtenInPlace }));
    const cases = await savedPageCases();
    // Two pages at a time, as extract runs them: their frames are asked for one after another.
    const actual = await Promise.all(cases.map((page) => take(controlled, page)));
    for (const [i, page] of cases.entries()) expect(actual[i]!.snapshot, page.label).toEqual((await take(painting, page)).snapshot);
    expect(actual.some((r) => r.written) && actual.some((r) => !r.written)).toBe(true);
    // What needs frames is refused with the reason, before any work.
    await expect(controlled.render({ kind: 'url', url: 'https://example.invalid/', label: 'live' }, async () => null)).rejects.toBeInstanceOf(ConfigError);
    await expect(controlled.render(input('<p>x</p>', 'js.html'), async () => null, { javaScript: true })).rejects.toThrow(/draws frames/);
    // A screenshot too, at once (Playwright would wait out its timeout for a frame).
    const { tmpdir } = await import('node:os');
    await expect(controlled.render(input('<p>x</p>', 'shot.html'), (page) => page.screenshot(`${tmpdir()}/broadsheet-frameless.png`))).rejects.toBeInstanceOf(ConfigError);
    await Promise.all([painting.close(), controlled.close()]);
  } finally {
    await frameless.close();
  }
});
