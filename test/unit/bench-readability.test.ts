import { test, expect } from '@playwright/test';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readabilityPeer, runReadability } from '../../src/bench/peers/readability.js';

const PARAGRAPH =
  'The council confirmed on Tuesday that the bridge will reopen in spring, after engineers finished replacing the corroded steel beneath the deck. ';

function page(options: { head?: string; article?: string; extra?: string } = {}): string {
  return `<!doctype html><html><head>${options.head ?? '<meta charset="utf-8">'}<title>Bridge to reopen</title></head>
<body>
  <nav><a href="/">Home</a> <a href="/news">News</a> <a href="/sport">Sport</a></nav>
  <article><h1>Bridge to reopen</h1>
    ${options.article ?? [1, 2, 3, 4, 5].map((i) => `<p>Paragraph ${i}. ${PARAGRAPH}</p>`).join('\n    ')}
  </article>
  <footer>Copyright footer text</footer>
  ${options.extra ?? ''}
</body></html>`;
}

test('returns the article text and not the navigation', () => {
  const result = runReadability({ bytes: Buffer.from(page()), url: 'https://news.example/bridge' });
  expect(result.status).toBe('ok');
  for (const i of [1, 2, 3, 4, 5]) expect(result.text).toContain(`Paragraph ${i}. The council confirmed`);
  expect(result.text).not.toContain('Sport');
  expect(result.text).not.toContain('Copyright footer');
  expect(result.title).toBe('Bridge to reopen');
  expect(result.timings.ms).toBeGreaterThan(0);
  expect(result.timings.ms).toBeCloseTo(result.timings.parseMs + result.timings.extractMs, 6);
});

test('decodes bytes as a browser would: <meta charset>, overridden by a stated charset', () => {
  const html = page({ head: '<meta charset="iso-8859-1">', article: `<p>Caf\u00e9 cr\u00e8me. ${PARAGRAPH.repeat(4)}</p>` });
  const bytes = Buffer.from(html, 'latin1'); // é is the single byte 0xE9
  expect(runReadability({ bytes }).text).toContain('Café crème.');
  // Stated as UTF-8 (as a server header would), 0xE9 is not valid UTF-8 and becomes U+FFFD.
  expect(runReadability({ bytes, charset: 'utf-8' }).text).toContain('Caf\uFFFD cr\uFFFDme.');
});

test('does not run scripts', () => {
  const html = page({ extra: '<script>document.querySelector("article").innerHTML = "<p>REPLACED BY SCRIPT</p>";</script>' });
  const result = runReadability({ bytes: Buffer.from(html) });
  expect(result.text).toContain('Paragraph 1.');
  expect(result.text).not.toContain('REPLACED BY SCRIPT');
});

test('loads no subresource', async () => {
  const requests: string[] = [];
  const server: Server = createServer((request, response) => {
    requests.push(request.url ?? '');
    response.end('');
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  try {
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const html = page({
      head: `<meta charset="utf-8"><link rel="stylesheet" href="${origin}/style.css"><script src="${origin}/app.js"></script>`,
      extra: `<img src="${origin}/photo.jpg"><iframe src="${origin}/frame.html"></iframe>`,
    });
    const result = runReadability({ bytes: Buffer.from(html), url: `${origin}/article` });
    expect(result.status).toBe('ok');
    // Give any request that had been started time to arrive.
    await new Promise((done) => setTimeout(done, 300));
    expect(requests).toEqual([]);
  } finally {
    await new Promise((done) => server.close(done));
  }
});

test('a page without an article is a "no-article" result, a bad URL an error; neither throws', () => {
  const empty = runReadability({ bytes: Buffer.from('') });
  expect(empty.status).toBe('no-article');
  expect(empty.text).toBe('');

  const bad = runReadability({ bytes: Buffer.from(page()), url: 'not a url' });
  expect(bad.status).toBe('error');
  expect(bad.text).toBe('');
  if (bad.status === 'error') expect(bad.error.message.length).toBeGreaterThan(0);
});

test('the peer names itself and its library version', async () => {
  expect(readabilityPeer.name).toBe('readability');
  expect(readabilityPeer.version).toMatch(/^\d+\.\d+\.\d+/);
  const result = await readabilityPeer.extract({ bytes: Buffer.from(page()) });
  expect(result.status).toBe('ok');
});
