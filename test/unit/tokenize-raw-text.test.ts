/**
 * The tokenizer finds the content of a script or a style by a search for its end tag
 * (src/markup/tokenize.ts `rawTextEnd`) instead of reading it through parse5's state machine a
 * code point at a time. The two must give the same tokens, offsets and flags: on the edge cases
 * of the script data and RAWTEXT states written out here, and on real pages with hostile
 * mutations (test/support/fuzz.ts).
 */
import { expect, test } from '@playwright/test';
import fc from 'fast-check';
import { tokenize, type MarkupVisitor } from '../../src/markup/tokenize.js';
import { applyMutations } from '../../src/testing/hostile-mutations.js';
import { basePages, caseArb, describeCase } from '../support/fuzz.js';

/** Every visitor call, as a line. */
function tokens(html: string, skipRawText: boolean): string[] {
  const out: string[] = [];
  const visitor: MarkupVisitor = {
    startTag: (t) => out.push(`<${t.name} ${t.start}-${t.end} self=${t.selfClosing} foreign=${t.foreign} attrs=${JSON.stringify(t.attrs.map((a) => [a.name, a.value, t.attrSpan(a.name)]))} repeated=${t.repeatedNameEnds.join(',')} ${t.closedInNoscript ? 'closed-in-noscript' : ''}`),
    endTag: (name, start, end) => out.push(`</${name} ${start}-${end}`),
    text: (start, end, raw, space, blank) => out.push(`text ${start}-${end} raw=${raw} space=${space} blank=${blank}`),
    comment: (start, end) => out.push(`comment ${start}-${end}`),
    doctype: (start, end) => out.push(`doctype ${start}-${end}`),
  };
  tokenize(html, visitor, { skipRawText });
  return out;
}

const EDGES: Record<string, string> = {
  'plain script and style': '<!doctype html><html><head><style>p{color:red}</style><script>var a = "<p>";</script></head><body><p>x</p></body></html>',
  'end tags in any case, with spaces and attributes': '<script>a<b</SCRIPT >x<style>s</StYlE foo="bar">y',
  'an end tag name that goes on': '<script>if (a </scripty) b</script>x<style>a</styles>b</style>c',
  'a script holding a comment opener (escaped states)': '<script><!-- document.write("<script>x</script>"); --></script>after</p>',
  'a comment opener after the end tag': '<script>var a=1;</script><!-- c --><p>t</p>',
  'no end tag': '<p>a</p><script>never closed <b>',
  'an end tag cut by the end of the input': '<style>a{}</style',
  'carriage returns, NULs and nothing but spaces': '<script>\r\n a\u0000\r\n</script><style> \n\t\f </style><script></script>',
  'style and script inside SVG (foreign: markup)': '<svg><style>rect{}</style><script>x</script><foreignObject><style>p{}</style></foreignObject></svg><style>q{}</style>',
  'raw text elements in noscript': '<noscript><style>a{}</style><iframe src="x" /></noscript><iframe>a</iframe><noembed>b</noembed><xmp><b></xmp>',
  'RCDATA is read by the state machine': '<title>a &amp; </b></title><textarea></textarea >x</textarea>',
  'repeated attributes after a script': '<script>1</script><img src=a src=b alt=c ALT=d style="x">',
  'a self-closed script': '<script src="a.js"/><p>after</p></script>',
  'many scripts': '<p>x</p>' + '<script>var i = "</div>";</script>'.repeat(50) + '<p>y</p>',
};

for (const [name, html] of Object.entries(EDGES)) {
  test(`search and state machine agree: ${name}`, () => {
    expect(tokens(html, true)).toEqual(tokens(html, false));
  });
}

test('search and state machine agree on mutated real pages', () => {
  test.setTimeout(180_000);
  const pages = basePages();
  fc.assert(
    fc.property(caseArb(pages.length, 'short'), (c) => {
      const html = applyMutations(pages[c.page]!.bytes, c.mutations).toString('latin1');
      expect(tokens(html, true), describeCase(c, pages)).toEqual(tokens(html, false));
    }),
    { seed: Number(process.env.FUZZ_SEED ?? 20_211), numRuns: 30, endOnFailure: true },
  );
});

/**
 * Linear in the number of scripts: each script's search for a comment opener must not run to the
 * end of the input (ten thousand scripts and no comment would make it quadratic). Timed as the
 * markup-pass fuzz test times its mutations: a quarter of the input and the whole, in turn, best
 * of five each; 4× for linear work, quadratic work takes 16×; the bound is 8×, with a floor of
 * 10 ms under the smaller.
 */
test('a page of many scripts is tokenized in time linear in its length', () => {
  const page = (scripts: number): string => `<!doctype html><body><p>text</p>${'<script>var a = "</p>" + 1;</script><p>between</p>'.repeat(scripts)}</body>`;
  const small = page(4_000);
  const large = page(16_000);
  const noop: MarkupVisitor = { startTag() {}, endTag() {}, text() {}, comment() {}, doctype() {} };
  const time = (html: string): number => {
    const started = performance.now();
    tokenize(html, noop);
    return performance.now() - started;
  };
  let best = [Infinity, Infinity];
  for (let round = 0; round < 5; round++) best = [Math.min(best[0]!, time(small)), Math.min(best[1]!, time(large))];
  expect(best[1]!, `${best[0]!.toFixed(1)} ms against ${best[1]!.toFixed(1)} ms`).toBeLessThan(8 * Math.max(best[0]!, 10));
});
