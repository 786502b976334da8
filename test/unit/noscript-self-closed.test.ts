/**
 * A raw-text element written self-closed inside `<noscript>` (src/markup/tokenize.ts
 * NOSCRIPT_SELF_CLOSED): with scripting off, as saved pages load, `<iframe … />` does not close
 * and its raw text swallows the rest of the document; the markup step closes it, so the page
 * after the `<noscript>` is read as a browser running scripts reads it. parse5 with scripting
 * off is the model of Chromium's parser here.
 */
import { test, expect } from '@playwright/test';
import { parse, type DefaultTreeAdapterMap } from 'parse5';
import { prepareMarkup } from '../../src/markup/prepare.js';

type Node = DefaultTreeAdapterMap['node'];

const GTM = '<noscript><iframe src="https://www.googletagmanager.com/ns.html?id=GTM-X" height="0" width="0" style="display: none; visibility: hidden;" /></noscript>';
const page = (middle: string): string =>
  `<!doctype html><html><head><title>T</title></head><body><main><h1>Your fastest path</h1>${middle}<section id="rest"><p>The story goes on after the snippet, in the page's own words.</p></section></main></body></html>`;

function prepared(html: string): string {
  return prepareMarkup(Buffer.from(html, 'latin1'), { url: 'https://x.test/', maxElements: 10_000_000, javaScript: false, inPlace: false }).bytes.toString('latin1');
}

/** Whether the document, parsed with scripting off, has an element with this id. */
function hasElementWithId(html: string, id: string): boolean {
  const stack: Node[] = [parse(html, { scriptingEnabled: false })];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if ('attrs' in node && node.attrs.some((a) => a.name === 'id' && a.value === id)) return true;
    if ('childNodes' in node) stack.push(...node.childNodes);
  }
  return false;
}

test('a self-closed <iframe> in <noscript> is closed: what follows it stays the page', () => {
  const html = page(GTM);
  // As saved, scripting off: the iframe's raw text runs to the end of the document.
  expect(hasElementWithId(html, 'rest')).toBe(false);
  const out = prepared(html);
  expect(out).toContain('style="display: none; visibility: hidden;" /></iframe></noscript>');
  expect(hasElementWithId(out, 'rest')).toBe(true);
});

test('the other raw-text and RCDATA elements self-closed in <noscript> are closed too', () => {
  for (const tag of ['noembed', 'noframes', 'xmp', 'textarea', 'title', 'style']) {
    const out = prepared(page(`<noscript><${tag} /></noscript>`));
    expect(out, tag).toContain(`<${tag} /></${tag}></noscript>`);
    expect(hasElementWithId(out, 'rest'), tag).toBe(true);
  }
});

test('a closed <iframe> in <noscript>, and a self-closed one outside it, are left as written', () => {
  const closed = page('<noscript><iframe src="https://x.test/ns.html" height="0" width="0"></iframe></noscript>');
  expect(prepared(closed)).toBe(closed);
  // Outside <noscript> every browser reads it the same way, scripts or not: nothing to mend.
  const outside = page('<iframe src="https://x.test/frame.html" />');
  expect(prepared(outside)).toBe(outside);
});

test('with JavaScript on the markup is not rewritten (<noscript> is raw text then)', () => {
  const html = page(GTM);
  const out = prepareMarkup(Buffer.from(html, 'latin1'), { url: 'https://x.test/', maxElements: 10_000_000, javaScript: true, inPlace: false }).bytes.toString('latin1');
  expect(out).toBe(html);
});
