import { extractHtml } from '../../src/extract/extract.js';
import { expect, test } from './fixtures.js';

/**
 * Hostile saved pages (issue 14) each end with the article, in bounded time: a page that
 * refreshes itself, a stray NUL byte, deep nesting, a huge table and a long list after the
 * article. Sizes are kept moderate here; scripts/bench-scale.ts measures how cost grows.
 */

test.describe.configure({ timeout: 180_000 });

const BODY = Array.from({ length: 8 }, (_, i) => `<p>Paragraph ${i}: the council met on Tuesday and agreed the new budget after a long debate about roads and schools.</p>`).join('');
const page = (head: string, before: string, after: string): string =>
  `<!doctype html><html><head><title>Council agrees budget</title>${head}</head><body>${before}<article><h1>Council agrees budget</h1>${BODY}</article>${after}</body></html>`;

const cases: Array<{ name: string; html: string | Buffer; listLeaks?: true }> = [
  { name: 'meta refresh to itself', html: page('<meta http-equiv="refresh" content="0">', '', '') },
  { name: 'meta refresh to its own URL', html: page('<meta http-equiv="refresh" content="0; url=http://saved.invalid/document.html">', '', '') },
  { name: 'a NUL byte in a word', html: Buffer.from(page('', '', '').replace('council met', 'coun\u0000cil met'), 'utf8') },
  { name: '3,000 nested divs around the article', html: page('', '<div>'.repeat(3_000), '</div>'.repeat(3_000)) },
  { name: 'a 200 × 20 table after the article', html: page('', '', `<table>${`<tr>${'<td>cell 42</td>'.repeat(20)}</tr>`.repeat(200)}</table>`) },
  { name: '5,000 list items after the article', html: page('', '', `<ul>${'<li><a href="/x">More news</a></li>'.repeat(5_000)}</ul>`), listLeaks: true },
];

for (const { name, html, listLeaks } of cases) {
  test(`hostile page: ${name} → the article`, async ({ browser }) => {
    const result = await extractHtml(html, { browser });
    expect(result.status, JSON.stringify(result.status === 'error' ? result.error : result.status === 'none' ? result.reason : '')).toBe('article');
    if (result.status !== 'article') return;
    expect(result.article.text).toContain('agreed the new budget');
    // Known weakness (reported to the scoring stage): a long link list right after a short
    // article is taken into the body. The page still ends with its article, in bounded time.
    if (!listLeaks) expect(result.article.text).not.toContain('More news');
  });
}

test('safe output: the article HTML carries no script, handler, javascript: or data: link, form or frame', async ({ browser }) => {
  const hostileBody = `
    <p onclick="steal()">Paragraph A: the council met on Tuesday and agreed <a href="javascript:steal()">the new budget</a> after a long debate.</p>
    <script>document.write('<p>written by script</p>')</script>
    <p>Paragraph B: <a href="data:text/html,<script>alert(1)</script>">a data link</a> and <a href="https://example.com/ok" onmouseover="x()">a fine link</a> in the text.</p>
    <form action="https://evil.example/"><p>Paragraph C inside a form: <input name="q" value="type here"><button>Send</button> the budget passed.</p></form>
    <img src="x" onerror="steal()" alt="a picture"><img src="data:image/png;base64,iVBORw0KGgo=" alt="inline">
    <iframe src="https://evil.example/frame"></iframe><object data="x.swf"></object><svg><script>alert(1)</script></svg>
    <p style="background:url(javascript:alert(1))">Paragraph D: <b onclick="x()">bold</b> words about roads and schools and the harbour.</p>`;
  const html = `<!doctype html><html><head><title>Council agrees budget</title></head><body><article><h1>Council agrees budget</h1>${hostileBody}${BODY}</article></body></html>`;
  const result = await extractHtml(html, { browser, javaScript: true });
  expect(result.status).toBe('article');
  if (result.status !== 'article') return;
  const out = result.article.html;
  expect(out).toContain('agreed');
  expect(out).toContain('href="https://example.com/ok"');
  for (const bad of [/<script/i, /\son[a-z]+\s*=/i, /javascript:/i, /data:text/i, /<form/i, /<input/i, /<button/i, /<iframe/i, /<object/i, /<svg/i, /style=/i]) {
    expect(out, String(bad)).not.toMatch(bad);
  }
});

// The page budget (issue 14, src/extract/page-budget.ts), through rendering: a page past it is
// cut down and still gives its article, and the result says what was cut.
test('a page past the node budget is cut down, not lost: the article comes out and cuts name the list', async ({ browser }) => {
  const html = page('', '', `<ul id="more">${'<li><a href="/x">More news</a></li>'.repeat(6_000)}</ul>`);
  const result = await extractHtml(html, { browser, maxNodes: 5_000 });
  expect(result.status).toBe('article');
  if (result.status !== 'article') return;
  expect(result.article.text).toContain('agreed the new budget');
  expect(result.article.text).not.toContain('More news');
  expect(result.cuts).toEqual([expect.objectContaining({ kind: 'subtree', tag: 'ul', count: 1, nodes: 6_000 * 3 + 1 })]);
});

test('a text past the character budget is shortened with an ellipsis and reported', async ({ browser }) => {
  const filler = 'lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor. '.repeat(4_000);
  const result = await extractHtml(page('', '', `<div id="dump">${filler}</div>`), { browser, maxTextChars: 50_000, explain: true });
  expect(result.status).toBe('article');
  if (result.status !== 'article') return;
  expect(result.cuts).toEqual([expect.objectContaining({ kind: 'text', tag: 'div', count: 1 })]);
  expect(result.cuts![0]!.chars).toBeGreaterThan(filler.length - 50_000);
  expect(result.explanation?.cuts).toEqual(result.cuts);
  expect(result.article.text).toContain('agreed the new budget');
});

// Markup reshaped before rendering (src/markup/markup-pass.ts): with scripts off, wrappers
// nested past 256 levels are dropped and long whitespace-free inline runs get line breaks.
test('20,000 nested divs: the wrappers past 256 levels are dropped before Chromium lays them out; --explain says so', async ({ browser }) => {
  const result = await extractHtml(page('', '<div>'.repeat(20_000), '</div>'.repeat(20_000)), { browser, explain: true });
  expect(result.status).toBe('article');
  if (result.status !== 'article') return;
  expect(result.article.text).toContain('agreed the new budget');
  expect(result.cuts).toContainEqual({ kind: 'depth', nodeId: -1, tag: 'div', count: 20_000 - 254, nodes: 20_000 - 254, chars: 0 });
  expect(result.explanation?.cuts).toEqual(result.cuts);
});

test('a whitespace-free run of 3,000 spans gets a <wbr> every 1,000 and the cut says so', async ({ browser }) => {
  const run = Array.from({ length: 3_000 }, (_, i) => `<span class="c${i}">x</span>`).join('');
  const result = await extractHtml(page('', '', `<div>${run}</div>`), { browser });
  expect(result.status).toBe('article');
  if (result.status !== 'article') return;
  expect(result.article.text).toContain('agreed the new budget');
  expect(result.cuts).toEqual([{ kind: 'inline-run', nodeId: -1, tag: 'wbr', count: 3, nodes: 0, chars: 0 }]);
});

// The time budget (src/markup/budget-cuts.ts through RenderSession): what one render could not
// finish within it is cut from the markup first, so the page renders once, within the budget.
test('a page one render could not finish within its time budget is cut before rendering: the article comes out, once, cuts say "time"', async ({ browser }) => {
  const html = page('', '', `<ul id="more">${'<li><a href="/x">More news</a></li>'.repeat(40_000)}</ul>`);
  const budgetMs = 10_000;
  const result = await extractHtml(html, { browser, timeBudgetMs: budgetMs, explain: true });
  expect(result.status, result.status === 'error' ? JSON.stringify(result.error) : '').toBe('article');
  if (result.status !== 'article') return;
  expect(result.article.text).toContain('agreed the new budget');
  expect(result.cuts).toEqual([{ kind: 'time', nodeId: -1, tag: 'ul', count: 39_980, nodes: 79_960, chars: 0 }]);
  // One render of the cut page, well within the budget (before, the whole page ran into the
  // budget and was rendered a second time cut).
  expect(result.timingsMs.totalMs).toBeLessThan(budgetMs);
  expect(result.explanation?.cuts).toEqual(result.cuts);
});
