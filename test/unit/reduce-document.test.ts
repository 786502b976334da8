/**
 * A saved page past its time budget is cut down in Node (src/markup/reduce-document.ts): long
 * lists and big tables keep their first children and a note, very long texts are truncated
 * with a note, the article is kept whole, and every cut is reported as kind 'time'.
 */
import { test, expect } from '@playwright/test';
import { reduceDocument } from '../../src/markup/reduce-document.js';

const BODY = Array.from({ length: 30 }, (_, i) => `<p>Paragraph ${i}: the council met on Tuesday and agreed the new budget after a long debate.</p>`).join('');
const page = (after: string): string =>
  `<!doctype html><html><head><title>T</title></head><body><article><h1>Council agrees budget</h1>${BODY}</article>${after}</body></html>`;

test('75,000 list items after the article: the first 20 stay, one note says how many were cut, the article is whole', () => {
  const html = page(`<ul>${'<li><a href="/x">More news</a></li>'.repeat(75_000)}</ul><footer>End</footer>`);
  const { bytes, cuts } = reduceDocument(Buffer.from(html));
  const out = bytes.toString('latin1');
  expect(out.length).toBeLessThan(10_000);
  expect(out).toContain(`<article><h1>Council agrees budget</h1>${BODY}</article>`);
  expect(out.match(/<li><a href="\/x">More news<\/a><\/li>/gu)?.length).toBe(20);
  expect(out).toContain('<li>[74,980 more li items cut: the page ran past its time budget]</li></ul><footer>End</footer>');
  expect(cuts).toEqual([{ kind: 'time', nodeId: -1, tag: 'ul', count: 74_980, nodes: 74_980 * 2, chars: 0 }]);
});

test('a 1,000 × 100 table keeps 20 rows and a note row; unclosed cells and rows are read as the parser would', () => {
  const html = page(`<table>${`<tr>${'<td>42.0'.repeat(100)}`.repeat(1_000)}</table><p>After the table.</p>`);
  const { bytes, cuts } = reduceDocument(Buffer.from(html));
  const out = bytes.toString('latin1');
  expect(out.match(/<tr>/gu)?.length).toBe(21);
  expect(out).toContain('[980 more tr items cut');
  expect(out).toContain('</table><p>After the table.</p>');
  expect(cuts).toHaveLength(1);
  expect(cuts[0]).toMatchObject({ kind: 'time', tag: 'table', count: 980 });
});

test('a 10 MB text is truncated at a space with a note', () => {
  const html = page(`<div>${'lorem ipsum dolor sit amet '.repeat(400_000)}</div>`);
  const { bytes, cuts } = reduceDocument(Buffer.from(html));
  const out = bytes.toString('latin1');
  expect(out.length).toBeLessThan(120_000);
  expect(out).toMatch(/[a-z] \[\.\.\.[\d,]+ characters cut: the page ran past its time budget\]<\/div><\/body>/u);
  expect(cuts).toHaveLength(1);
  expect(cuts[0]).toMatchObject({ kind: 'time', tag: 'div', count: 1, nodes: 0 });
});

test('the article is never cut, even when it is the longest list; a page with nothing to cut comes back as is', () => {
  const long = Buffer.from(page('').replace(BODY, BODY.repeat(500)));
  const reduced = reduceDocument(long, { maxElements: 1_000, keepChildren: 20, maxTextChars: 100_000 });
  expect(reduced.bytes).toBe(long);
  expect(reduced.cuts).toEqual([]);
});
