/**
 * Saved markup reshaped before rendering (the markup pass, src/markup/markup-pass.ts): nesting
 * past the depth limit loses its wrapper tags, every word stays, and ordinary pages come back
 * as the very same bytes.
 */
import { test, expect } from '@playwright/test';
import { DEFAULT_MARKUP_LIMITS, markupPass } from '../../src/markup/markup-pass.js';
import { prepareMarkup, type PreparedMarkup } from '../../src/markup/prepare.js';

/** The markup as it is navigated to (no time budget: only the reshaping). */
function flattenNesting(bytes: Buffer): Pick<PreparedMarkup, 'bytes' | 'cuts'> {
  const { bytes: out, cuts } = prepareMarkup(bytes, { url: 'https://x.test/', maxElements: 10_000_000, javaScript: false, inPlace: false });
  return { bytes: out, cuts };
}

const ARTICLE = '<article><h1>Council agrees budget</h1><p>The council met on Tuesday and agreed the new budget.</p><p>Roads, schools and the harbour.</p></article>';
const page = (body: string): string => `<!doctype html><html><head><title>T</title><style>p > a { color: red }</style></head><body>${body}</body></html>`;

/** The deepest nesting of the markup, as the pass's model of the parser sees it (html and body included). */
function depthOf(html: string): number {
  return markupPass(html, { inPlace: false, reshape: false, tree: false, limits: DEFAULT_MARKUP_LIMITS }).facts.deepest + 2;
}

/** The text a reader sees, whitespace collapsed (tags and the head removed). */
function words(html: string): string {
  return html
    .replace(/<head>[\s\S]*<\/head>/u, '')
    .replace(/<[^>]*>/gu, ' ')
    .replace(/\s+/gu, ' ')
    .trim();
}

test('an ordinary page comes back as the same bytes, with no cuts', () => {
  const bytes = Buffer.from(page(`<div><div><ul>${'<li><a href="/x">link</a>'.repeat(400)}</ul></div>${ARTICLE}</div>`));
  const result = flattenNesting(bytes);
  expect(result.bytes).toBe(bytes);
  expect(result.cuts).toEqual([]);
});

test('unclosed <li>, <p> and <td> do not count as nesting', () => {
  const html = page(`<ul>${'<li>item'.repeat(600)}</ul>${'<p>para'.repeat(600)}<table>${'<tr><td>a<td>b'.repeat(600)}</table>`);
  expect(depthOf(html)).toBeLessThan(10);
  expect(flattenNesting(Buffer.from(html)).cuts).toEqual([]);
});

test('32,000 nested divs: depth bounded, every word kept, the article tags kept, the cut recorded', () => {
  const n = 32_000;
  const html = page(`${'<div class="w">\n'.repeat(n)}${ARTICLE}${'</div>'.repeat(n)}<p>After the nest.</p>`);
  const result = flattenNesting(Buffer.from(html));
  const out = result.bytes.toString('latin1');
  expect(depthOf(html)).toBeGreaterThan(n);
  // 254 divs under html and body, then the article's headings and paragraphs one level below.
  expect(depthOf(out)).toBe(257);
  expect(words(out)).toBe(words(html));
  expect(out).toContain('<h1>Council agrees budget</h1><p>The council met');
  expect(out).toContain('<p>After the nest.</p>');
  expect(result.cuts).toEqual([
    { kind: 'depth', nodeId: -1, tag: 'div', count: n - 254, nodes: n - 254, chars: 0 },
    { kind: 'depth', nodeId: -1, tag: 'article', count: 1, nodes: 1, chars: 0 },
  ]);
});

test('past the hard limit every tag goes (not only wrappers), but raw-text elements stay whole', () => {
  const html = page(`${'<blockquote><ol><li>'.repeat(400)}deep words<script>var a = "<div>";</script>${'</li></ol></blockquote>'.repeat(400)}`);
  const result = flattenNesting(Buffer.from(html));
  const out = result.bytes.toString('latin1');
  expect(depthOf(out)).toBeLessThanOrEqual(512 + 1);
  expect(out).toContain('deep words<script>var a = "<div>";</script>');
  expect(words(out)).toBe(words(html));
  expect(result.cuts.map((c) => c.tag).sort()).toEqual(['blockquote', 'li', 'ol']);
});

test('dropped block wrappers leave a line break, dropped inline ones nothing: words do not run together', () => {
  const html = page(`${'<div>'.repeat(300)}<div>one</div><div>two</div><span>th</span><span>ree</span>${'</div>'.repeat(300)}`);
  const out = flattenNesting(Buffer.from(html)).bytes.toString('latin1');
  expect(out).toMatch(/one\s+two\s+three/u);
});

test('bytes of other encodings come back unchanged where nothing is cut, and UTF-16 is left alone', () => {
  const latin1 = Buffer.concat([Buffer.from(`${'<div>'.repeat(300)}caf`), Buffer.from([0xe9]), Buffer.from('</div>'.repeat(300))]);
  const out = flattenNesting(latin1).bytes;
  expect(out.includes(Buffer.from([0x63, 0x61, 0x66, 0xe9]))).toBe(true);
  const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('<div>'.repeat(300), 'utf16le')]);
  expect(flattenNesting(utf16).bytes).toBe(utf16);
});

test('comments, attributes holding ">" and raw text do not confuse the tokenizer', () => {
  const html = page(`<!-- <div> --><div title="a > b" data-x='<div>'>x</div><textarea><div></textarea>${ARTICLE}`);
  expect(depthOf(html)).toBe(4); // html, body, article, p
});

test('a whitespace-free run of 5,000 inline tags gets a <wbr> before every 1,000th; words and spaced runs untouched', () => {
  const run = Array.from({ length: 5_000 }, (_, i) => `<span class="c${i}">x</span>`).join('');
  const html = page(`${ARTICLE}<div>${run}</div>`);
  const result = flattenNesting(Buffer.from(html));
  const out = result.bytes.toString('latin1');
  expect(out.split('<wbr>').length - 1).toBe(5);
  expect(out.replaceAll('<wbr>', '')).toBe(html);
  expect(result.cuts).toEqual([{ kind: 'inline-run', nodeId: -1, tag: 'wbr', count: 5, nodes: 0, chars: 0 }]);
  // With a space between the tags the line can break anywhere: nothing to do.
  const spaced = Buffer.from(page(`<div>${Array.from({ length: 5_000 }, () => '<span>x</span>').join(' ')}</div>`));
  expect(flattenNesting(spaced).bytes).toBe(spaced);
  // A block tag ends a run too.
  const blocks = Buffer.from(page(`<ul>${'<li><a href="/x">x</a></li>'.repeat(3_000)}</ul>`));
  expect(flattenNesting(blocks).bytes).toBe(blocks);
});
