/**
 * Subresource requests taken out of a saved page written in place (src/markup/inert.ts, on the
 * markup pass's tokens): addresses kept under data-broadsheet-, the layout as if the request
 * had failed.
 */
import { test, expect } from '@playwright/test';
import { prepareMarkup } from '../../src/markup/prepare.js';

const BASE = '<base href="https://x.test/">';
/** The markup as written in place (without the inserted `<base>`) and the requests it no longer makes. */
function withoutSubresourceRequests(html: string): { html: string; requestsRemoved: number } {
  const prepared = prepareMarkup(Buffer.from(html), { url: 'https://x.test/', maxElements: 1_000_000, javaScript: false, inPlace: true });
  return { html: prepared.inPlace!.html.replace(BASE, ''), requestsRemoved: prepared.inPlace!.requestsRemoved };
}

test('images get a failing data: source and keep their addresses under data-broadsheet-', () => {
  const { html, requestsRemoved } = withoutSubresourceRequests('<p><img alt="a" src="/a.jpg" srcset="/a2.jpg 2x"><img src=b.png></p>');
  expect(html).toBe('<p><img src="data:," alt="a" data-broadsheet-src="/a.jpg" data-broadsheet-srcset="/a2.jpg 2x"><img src="data:," data-broadsheet-src=b.png></p>');
  expect(requestsRemoved).toBe(2);
});

test('a repeated source attribute is moved too (the tokenizer keeps the first; moving only it would let the second count)', () => {
  const { html } = withoutSubresourceRequests('<img SRC="/a.jpg" alt=x src="/b.jpg">');
  expect(html).toBe('<img src="data:," data-broadsheet-SRC="/a.jpg" alt=x data-broadsheet-src="/b.jpg">');
});

test('stylesheets are disabled, hints and icons lose their href, canonical links stay', () => {
  const input = '<head><link rel="stylesheet" href="/s.css"><link rel=preload as=image href="/i.jpg"><link rel="icon" href="/f.ico"><link rel="canonical" href="https://x.test/a"></head>';
  const { html, requestsRemoved } = withoutSubresourceRequests(input);
  expect(html).toBe('<head><link disabled rel="stylesheet" href="/s.css"><link rel=preload as=image data-broadsheet-href="/i.jpg"><link rel="icon" data-broadsheet-href="/f.ico"><link rel="canonical" href="https://x.test/a"></head>');
  expect(requestsRemoved).toBe(3);
});

test('frames, scripts, media and embeds lose their sources', () => {
  const { html } = withoutSubresourceRequests('<iframe src="https://ads.test/x" width=300></iframe><script src="/app.js"></script><video poster="/p.jpg" src="/v.mp4"></video><object data="/o.swf"></object>');
  expect(html).toBe('<iframe data-broadsheet-src="https://ads.test/x" width=300></iframe><script data-broadsheet-src="/app.js"></script><video data-broadsheet-poster="/p.jpg" data-broadsheet-src="/v.mp4"></video><object data-broadsheet-data="/o.swf"></object>');
});

test('comments, scripts, styles and textareas are not markup; <noscript> is (scripting is off)', () => {
  const input = '<!-- <img src="/c.jpg"> --><script>var s = "<img src=/s.jpg>";</script><style>/* <img src=x> */</style><textarea><img src="/t.jpg"></textarea><noscript><img src="/n.jpg"></noscript>';
  const { html, requestsRemoved } = withoutSubresourceRequests(input);
  // Only the <noscript> image is markup (JavaScript is off where this runs); the script's text goes (inert).
  expect(html).toBe(input.replace('<img src="/n.jpg">', '<img src="data:," data-broadsheet-src="/n.jpg">').replace('var s = "<img src=/s.jpg>";', ''));
  expect(requestsRemoved).toBe(1);
});

test('quoted ">" inside attributes, empty sources and markup without requests are left alone', () => {
  const plain = '<p title="a > b">x</p><img src="" alt="empty"><img data-src="/lazy.jpg"><a href="/x">x</a>';
  expect(withoutSubresourceRequests(plain)).toEqual({ html: plain, requestsRemoved: 0 });
  const quoted = withoutSubresourceRequests('<img alt="1 > 0" src="/q.jpg">');
  expect(quoted.html).toBe('<img src="data:," alt="1 > 0" data-broadsheet-src="/q.jpg">');
});

test('an <img> inside SVG content leaves it (HTML again) and is rewritten; SVG <image> is not an HTML image', () => {
  const { html } = withoutSubresourceRequests('<svg><image href="/s.png"/></svg><svg><img src="/i.png"></svg>');
  expect(html).toBe('<svg><image href="/s.png"/></svg><svg><img src="data:," data-broadsheet-src="/i.png"></svg>');
});

test('a 2 MB page of 40,000 images and scripts is rewritten whole', () => {
  const page = '<img src="/i.jpg"><script>x</script>'.repeat(40_000);
  const { requestsRemoved, html } = withoutSubresourceRequests(page);
  expect(requestsRemoved).toBe(40_000);
  expect(html.split('data-broadsheet-src').length - 1).toBe(40_000);
});

test('a page that declares document state in a <meta> (a policy, a colour scheme) is marked, so the next page gets a document of its own', () => {
  const declares = (html: string): boolean =>
    prepareMarkup(Buffer.from(html), { url: 'https://x.test/', maxElements: 1_000_000, javaScript: false, inPlace: true }).leavesDocumentState;
  expect(declares(`<head><META HTTP-EQUIV=" Content-Security-Policy " content="base-uri 'self'"></head>`)).toBe(true);
  // <meta> breaks out of SVG into HTML, as in a browser.
  expect(declares(`<svg><meta http-equiv="content-security-policy" content="x"></svg>`)).toBe(true);
  expect(declares(`<meta http-equiv="Content-Security-Policy-Report-Only" content="base-uri 'self'"><meta http-equiv="refresh" content="5">`)).toBe(false);
  expect(declares('<p>content-security-policy in the text</p>')).toBe(false);
  expect(declares('<meta name="color-scheme" content="dark light">')).toBe(true);
  expect(declares('<meta name="theme-color" content="#000"><meta content="color-scheme" property="og:type">')).toBe(false);
});

test('a data: source is no request: it stays and loads as after a navigation (a lazy-loading placeholder keeps its size)', () => {
  const placeholder = 'data:image/svg+xml;base64,PHN2ZyB2aWV3Qm94PSIwIDAgMTYwMCA3MjEiLz4=';
  const { html, requestsRemoved } = withoutSubresourceRequests(`<img alt="" class="lazy" src="${placeholder}" data-src="/real.jpg"><img src=" DATA:,x" alt=b>`);
  expect(html).toBe(`<img alt="" class="lazy" src="${placeholder}" data-src="/real.jpg"><img src=" DATA:,x" alt=b>`);
  expect(requestsRemoved).toBe(0);
  // With a srcset that would be fetched, only the srcset moves; the failing source comes first.
  const mixed = withoutSubresourceRequests(`<img src="${placeholder}" srcset="/a.jpg 1x">`);
  expect(mixed.html).toBe(`<img src="data:," src="${placeholder}" data-broadsheet-srcset="/a.jpg 1x">`);
});
