/**
 * Structure kept in the body's HTML and Markdown (test/fixtures/structure/all-structures/): a
 * page with headings inside the body, a bulleted and a numbered list, a data table, a block
 * quote, a code block with a language class and a figure with a caption. The HTML and Markdown
 * keep each; the plain text stays the prose the body selection chose (clean for corpora).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { extractFromSnapshot } from '../../src/extract/from-snapshot.js';
import type { Article } from '../../src/extract/article.js';
import type { RenderSession } from '../../src/render/session.js';
import { expect, test } from './fixtures.js';

const PAGE = fileURLToPath(new URL('../fixtures/structure/all-structures/page.html', import.meta.url));

async function article(session: RenderSession): Promise<Article> {
  const snapshot = await session.render({ kind: 'html', bytes: readFileSync(PAGE), url: 'http://saved.invalid/all-structures.html', label: 'structure' }, async (page) => page.snapshot);
  const result = extractFromSnapshot(snapshot);
  if (result.kind !== 'article') throw new Error('no article');
  return result.article;
}

test('structure: headings, lists and block quotes in HTML and Markdown; plain text stays plain', async ({ session }) => {
  const a = await article(session);
  expect(a.html).toContain('<h2>What was counted</h2>');
  expect(a.html).toContain('<h3>The counts</h3>');
  expect(a.html).toMatch(/<ul>\n<li>the water temperature[^<]*<\/li>\n<li>the flow/u);
  expect(a.html).toMatch(/<ol>\n<li>Estuary bridge, at the tidal limit\.<\/li>/u);
  expect(a.html).toMatch(/<blockquote>\n<p>Nine fish in ten/u);
  expect(a.markdown).toContain('\n## What was counted\n');
  expect(a.markdown).toContain('\n### The counts\n');
  expect(a.markdown).toMatch(/\n- {1,3}the water temperature/u);
  expect(a.markdown).toMatch(/\n1\. {1,2}Estuary bridge/u);
  expect(a.markdown).toContain('\n> Nine fish in ten that reach the weir');
  // The plain text has no markup: no '#', '-', '>' or '|' put in front of its lines.
  expect(a.text).not.toMatch(/^(?:#|- |> |\|)/mu);
  expect(a.text).toContain('What was counted\n\nEach station');
});

test('structure: the body\'s image with its alt text and caption in the record\'s images', async ({ session }) => {
  const a = await article(session);
  expect(a.images).toEqual([{ url: 'https://example.org/images/weir.jpg', alt: 'The weir at Millbrook in flood', caption: 'The weir at Millbrook during the February floods.' }]);
});

test('structure: a data table in the HTML and as a Markdown table; its cells stay plain lines in the text', async ({ session }) => {
  const a = await article(session);
  expect(a.html).toMatch(/<table>[\s\S]*<th>Station<\/th>/u);
  expect(a.html).toMatch(/<tbody>\n<tr>\n<td>Estuary bridge<\/td>\n<td>1,204<\/td>\n<td>31<\/td>\n<\/tr>/u);
  expect(a.markdown).toContain('| Station | Fish counted | Salmon (%) |\n| --- | --- | --- |\n| Estuary bridge | 1,204 | 31 |\n| Mill Lane | 988 | 27 |\n| Old sluice | 112 | 4 |');
  expect(a.text).not.toContain('|');
});

test('structure: a code block verbatim with its language, and the figure with its caption, in the HTML and Markdown; not in the plain text', async ({ session }) => {
  const a = await article(session);
  expect(a.html).toContain('<pre><code class="language-python">totals = {}\nfor station, count in rows:\n    totals[station]');
  expect(a.markdown).toContain('```python\ntotals = {}\n');
  expect(a.html).toContain('<figure><img src="https://example.org/images/weir.jpg" alt="The weir at Millbrook in flood"><figcaption>The weir at Millbrook during the February floods.</figcaption></figure>');
  expect(a.markdown).toContain('![The weir at Millbrook in flood](https://example.org/images/weir.jpg)\n\nThe weir at Millbrook during the February floods.');
  // In their place: after the paragraph that introduces them, before the last one.
  expect(a.markdown.indexOf('```python')).toBeGreaterThan(a.markdown.indexOf('shared laptop:'));
  expect(a.markdown.indexOf('The full data set')).toBeGreaterThan(a.markdown.indexOf('February floods.'));
  // The text is the prose the body selection chose: no code for corpora.
  expect(a.text).not.toContain('totals = {}');
});

const HIGHLIGHTED = fileURLToPath(new URL('../fixtures/structure/highlighted-code/page.html', import.meta.url));

test('structure: a highlighted code block keeps the spaces, indents and line breaks that are nodes of their own (token spans)', async ({ session }) => {
  const snapshot = await session.render({ kind: 'html', bytes: readFileSync(HIGHLIGHTED), url: 'http://saved.invalid/highlighted-code.html', label: 'highlighted code' }, async (page) => page.snapshot);
  const result = extractFromSnapshot(snapshot);
  if (result.kind !== 'article') throw new Error('no article');
  const code = 'def accumulate(iterable, function=add):\n    total = 0\n    for x in iterable:\n        total = function(total, x)\n        yield total';
  expect(result.article.markdown).toContain(code);
  expect(result.article.html).toContain(code);
  // Not run together as the token spans alone would have it.
  expect(result.article.markdown).not.toContain('defaccumulate');
});
