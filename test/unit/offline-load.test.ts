/**
 * The load plan of saved pages (src/render/offline-load.ts): what is served and which document
 * request gets the saved bytes. That nothing else reaches the network is tested in a browser
 * (test/browser/render-offline.test.ts), against a local server that counts what it is asked.
 */
import { test, expect } from '@playwright/test';
import { prepareMarkup } from '../../src/markup/prepare.js';
import { canWriteInto, documentDecision, offlineLoadPlan } from '../../src/render/offline-load.js';

/** The saved page as the markup step makes it ready to be written in place (src/markup/prepare.ts), or null. */
const inPlaceDocument = (bytes: Buffer, url: string) => prepareMarkup(bytes, { url, maxElements: 1_000_000, javaScript: false, inPlace: true }).inPlace;

test('the plan serves the saved bytes as they are, with the content type Chromium needs', () => {
  const bytes = Buffer.from('<p>caf\u00e9</p>', 'utf8');
  const plan = offlineLoadPlan(bytes);
  expect(Buffer.from(plan.bodyBase64, 'base64').equals(bytes)).toBe(true);
  expect(plan.responseHeaders).toEqual([{ name: 'content-type', value: 'text/html; charset=utf-8' }]);
  expect(offlineLoadPlan(Buffer.from('<p>plain</p>')).responseHeaders[0]!.value).toBe('text/html');
  expect(offlineLoadPlan(Buffer.from([0x3c, 0x70, 0x3e, 0xe9])).responseHeaders[0]!.value).toBe('text/html');
  expect(plan.waitUntil).toBe('load');
});

test('the first top-level document after arming is served; every other top-level one stays; frames are refused', () => {
  const main = { frameId: 'M', mainFrameId: 'M' };
  const frame = { frameId: 'F', mainFrameId: 'M' };
  expect(documentDecision({ armed: true, served: false }, main)).toBe('serve');
  expect(documentDecision({ armed: true, served: false }, frame)).toBe('refuse');
  // A later navigation of the served page (meta refresh) is answered 204: the page stays.
  expect(documentDecision({ armed: true, served: true }, main)).toBe('stay');
  // So is one between renders (a refresh timer): the next page may be written into this document.
  expect(documentDecision({ armed: false, served: false }, main)).toBe('stay');
  expect(documentDecision({ armed: false, served: false }, frame)).toBe('refuse');
});

const written = (html: string | Buffer, url = 'https://news.example/2019/story.html'): string | undefined =>
  inPlaceDocument(typeof html === 'string' ? Buffer.from(html, 'utf8') : html, url)?.html;

test('a page written in place gets a <base> naming its URL right after its doctype', () => {
  expect(written('<!DOCTYPE html>\n<html lang="fr"><p>caf\u00e9</p>')).toBe(
    '<!DOCTYPE html><base href="https://news.example/2019/story.html">\n<html lang="fr"><p>caf\u00e9</p>',
  );
  // Comments and an XML declaration may precede the doctype; the base goes after it, or the
  // page would switch to quirks mode.
  expect(written('<?xml version="1.0"?><!-- saved --> <!doctype html><p>x')).toBe(
    '<?xml version="1.0"?><!-- saved --> <!doctype html><base href="https://news.example/2019/story.html"><p>x',
  );
  // Without a doctype the page is in quirks mode either way.
  expect(written('<p>x')).toBe('<base href="https://news.example/2019/story.html"><p>x');
  // A UTF-8 byte order mark is dropped, as the decoder of a navigation drops it.
  expect(written(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('<!doctype html><p>\u00e9', 'utf8')]))).toBe(
    '<!doctype html><base href="https://news.example/2019/story.html"><p>\u00e9',
  );
  const page = inPlaceDocument(Buffer.from('<p>x'), 'HTTPS://News.Example/a b#top')!;
  expect(page.url).toBe('https://news.example/a%20b#top');
  expect(page.protocol).toBe('https:');
});

test("the page's own <base> is resolved against its URL, since the inserted one comes first", () => {
  expect(written('<!doctype html><head><base href="../img/?a=1&amp;b=2"></head>')).toContain('<base href="https://news.example/img/?a=1&amp;b=2">');
  expect(written("<head><BASE target=_blank HREF='https://cdn.example/'></head>")).toMatch(/^<base href="https:\/\/cdn.example\/">/);
  // Quotes in a URL cannot end the attribute early.
  expect(written('<p>x', 'https://news.example/a"b')).toBe('<base href="https://news.example/a%22b"><p>x');
});

test('only pages that decode one way only are written in place; the rest navigate', () => {
  expect(written(Buffer.from([0x3c, 0x70, 0x3e, 0xe9]))).toBeUndefined(); // windows-1252 é
  expect(written(Buffer.from([0xff, 0xfe, 0x3c, 0x00]))).toBeUndefined(); // UTF-16 with BOM
  expect(written(Buffer.from('<p>hi there</p>', 'utf16le'))).toBeUndefined(); // UTF-16 without one
  // A stray NUL is a character of a UTF-8 page, not a sign of UTF-16.
  expect(written('<p>a NUL\u0000byte</p>')).toBe('<base href="https://news.example/2019/story.html"><p>a NUL\u0000byte</p>');
  expect(written('<meta charset="iso-2022-jp"><p>\u001b$B$3\u001b(B')).toBeUndefined();
  expect(written('<p>x', 'file:///tmp/page.html')).toBeUndefined();
  expect(written('<p>x', 'not a url')).toBeUndefined();
  // A doctype after other markup that the writer cannot place its base after.
  expect(written('<!doctype html><!doctype html><p>x')).toBeDefined();
  expect(written('<x-saved></x-saved><!doctype html><p>x')).toBeUndefined();
});

test('a page is written only into a document of its own scheme', () => {
  const https = inPlaceDocument(Buffer.from('<p>x'), 'https://a.example/')!;
  const http = inPlaceDocument(Buffer.from('<p>x'), 'http://a.example/')!;
  expect(canWriteInto('https://b.example/other', https)).toBe(true);
  expect(canWriteInto('https://b.example/other', http)).toBe(false);
  expect(canWriteInto('about:blank', https)).toBe(false);
  expect(canWriteInto('chrome-error://chromewebdata/', http)).toBe(false);
});

test('the doctype is found by the tokenizer after comments and bogus comments, and pages of adjacent comments without one end at once', () => {
  const base = '<base href="https://news.example/2019/story.html">';
  expect(written('<!DOCTYPE html><p>')).toBe(`<!DOCTYPE html>${base}<p>`);
  expect(written(' <!-- a --> \n<?xml x?><!doctype html>x')).toBe(` <!-- a --> \n<?xml x?><!doctype html>${base}x`);
  // Not first: the page is in quirks mode, and the writer leaves it to a navigation.
  expect(written('<p><!doctype html>')).toBeUndefined();
  // `<!doctypes>` is a doctype to the tokenizer (named "s": quirks mode), so the base goes after it.
  expect(written('<!doctypes>')).toBe(`<!doctypes>${base}`);
  // A comment never closed runs to the end: there is no doctype.
  expect(written('<!-- never closed <!doctype html>')).toBe(`${base}<!-- never closed <!doctype html>`);
  // Comments side by side with no doctype made an old regular expression backtrack
  // exponentially (a 3 KB page ran for minutes), and an old scan looked for `--!>` from every
  // comment to the end (a 500 KB page took 2.7 s). Counted in output, not timed: the answer for
  // a 2 MB page must come back, and be the same as for a small one.
  const block = (i: number): string => `<!-- block ${i} start --><div><a href="/a${i}">link</a></div><!-- block ${i} end -->\n`;
  const big = `<!-- banner -->\n${Array.from({ length: 20_000 }, (_, i) => block(i)).join('')}<p>body</p>`;
  expect(big.length).toBeGreaterThan(1_500_000);
  const page = inPlaceDocument(Buffer.from(big), 'https://example.com/a');
  expect(page?.html).toBe(`<base href="https://example.com/a">${big}`);
});
