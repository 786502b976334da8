/**
 * What one render within the time budget cannot afford is cut before rendering
 * (src/markup/budget-cuts.ts, from the markup pass's counts): long lists and big tables keep
 * their first children and a note, very long texts are truncated with a note, huge style
 * sheets end at a rule, huge inline styles go; the article is kept whole, every cut is reported
 * as kind 'time', and pages within the limits come back as the same bytes.
 */
import { test, expect } from '@playwright/test';
import { DEFAULT_BUDGET_LIMITS, budgetLimits, type BudgetLimits } from '../../src/markup/budget-cuts.js';
import { prepareMarkup } from '../../src/markup/prepare.js';

const BODY = Array.from({ length: 30 }, (_, i) => `<p>Paragraph ${i}: the council met on Tuesday and agreed the new budget after a long debate.</p>`).join('');
const page = (after: string, head = ''): string =>
  `<!doctype html><html><head><title>T</title>${head}</head><body><article><h1>Council agrees budget</h1>${BODY}</article>${after}</body></html>`;

function reduceDocument(bytes: Buffer, limits?: BudgetLimits, timeBudgetMs = 10_000) {
  return prepareMarkup(bytes, { url: 'https://x.test/', maxElements: 10_000_000, javaScript: false, inPlace: false, timeBudgetMs, ...(limits ? { budgetLimits: limits } : {}) });
}

test('75,000 list items after the article: the first 20 stay, one note says how many were cut, the article is whole', () => {
  const html = page(`<ul>${'<li><a href="/x">More news</a></li>'.repeat(75_000)}</ul><footer>End</footer>`);
  const { bytes, cuts } = reduceDocument(Buffer.from(html));
  const out = bytes.toString('latin1');
  expect(out.length).toBeLessThan(10_000);
  expect(out).toContain(`<article><h1>Council agrees budget</h1>${BODY}</article>`);
  expect(out.match(/<li><a href="\/x">More news<\/a><\/li>/gu)?.length).toBe(20);
  expect(out).toContain('<li>[74,980 more li items cut: the page would run past its time budget]</li></ul><footer>End</footer>');
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

test('a 10 MB text is truncated at a space with a note; a cut never splits a UTF-8 character', () => {
  const html = page(`<div>${'lorem ipsum dolor sit amet '.repeat(400_000)}</div>`);
  const { bytes, cuts } = reduceDocument(Buffer.from(html));
  const out = bytes.toString('latin1');
  expect(out.length).toBeLessThan(DEFAULT_BUDGET_LIMITS.maxTextChars + 20_000);
  expect(out).toMatch(/[a-z] \[\.\.\.[\d,]+ characters cut: the page would run past its time budget\]<\/div><\/body>/u);
  expect(cuts).toHaveLength(1);
  expect(cuts[0]).toMatchObject({ kind: 'time', tag: 'div', count: 1, nodes: 0 });
  // No space to cut at: the cut backs off to the start of a character.
  const wide = reduceDocument(Buffer.from(page(`<div>${'é'.repeat(600_000)}</div>`), 'utf8'));
  expect(() => new TextDecoder('utf-8', { fatal: true }).decode(wide.bytes)).not.toThrow();
  expect(wide.cuts[0]).toMatchObject({ kind: 'time', tag: 'div', count: 1 });
});

test('a 4 MB style sheet ends at the last rule within the limit; a 200 kB inline style goes', () => {
  const rules = Array.from({ length: 150_000 }, (_, i) => `.c${i} > a { color: red }`).join('\n');
  const style = `x`.repeat(200_000);
  const html = page(`<div style="color: ${style}">styled</div>`, `<style>${rules}</style>`);
  const { bytes, cuts } = reduceDocument(Buffer.from(html));
  const out = bytes.toString('latin1');
  const sheet = out.slice(out.indexOf('<style>') + 7, out.indexOf('</style>'));
  expect(sheet.length).toBeLessThanOrEqual(DEFAULT_BUDGET_LIMITS.maxStyleChars);
  expect(sheet.endsWith('{ color: red }')).toBe(true);
  expect(out).toContain('<div >styled</div>');
  expect(cuts.map((c) => [c.kind, c.tag])).toEqual([
    ['time', 'style'],
    ['time', 'div'],
  ]);
});

test('the article is never cut, even when it is the longest list; a page within the limits comes back as is', () => {
  const long = Buffer.from(page('').replace(BODY, BODY.repeat(500)));
  const reduced = reduceDocument(long, { ...DEFAULT_BUDGET_LIMITS, maxElements: 1_000 });
  expect(reduced.bytes).toBe(long);
  expect(reduced.cuts).toEqual([]);
  const ordinary = Buffer.from(page(`<ul>${'<li><a href="/x">More news</a></li>'.repeat(2_000)}</ul>`));
  expect(reduceDocument(ordinary).bytes).toBe(ordinary);
});

test('no budget, no cuts; a longer budget allows proportionally more', () => {
  const html = Buffer.from(page(`<ul>${'<li><a href="/x">More news</a></li>'.repeat(30_000)}</ul>`));
  expect(reduceDocument(html, undefined, 0).cuts).toEqual([]);
  expect(reduceDocument(html, undefined, 10_000).cuts).toHaveLength(1);
  expect(reduceDocument(html, undefined, 20_000).cuts).toEqual([]);
  expect(budgetLimits(20_000).maxElements).toBe(2 * DEFAULT_BUDGET_LIMITS.maxElements);
  expect(budgetLimits(1_000)).toEqual(DEFAULT_BUDGET_LIMITS);
});

test('a long run of blocks straight in <body>, the article last: the blocks are cut, the article stays', () => {
  const article = `<article><h1>Council agrees budget</h1>${BODY}</article>`;
  const html = `<!-- generated --><html><body>${'<!-- b --><nav><a href="/a">Home</a> <a href="/b">News</a></nav>\n'.repeat(30_000)}${article}<footer>End</footer></body></html>`;
  const { bytes, cuts } = reduceDocument(Buffer.from(html));
  const out = bytes.toString('latin1');
  expect(out).toContain(`${article}<footer>End</footer>`);
  expect(out.match(/<nav>/gu)?.length).toBe(20);
  expect(out).toContain('<div>[29,980 more nav items cut: the page would run past its time budget]</div>');
  expect(cuts).toEqual([{ kind: 'time', nodeId: -1, tag: 'body', count: 29_980, nodes: 29_980 * 3, chars: 0 }]);
});
