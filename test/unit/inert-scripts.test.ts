/**
 * Script text dropped before a saved page is written with JavaScript off (src/markup/inert.ts,
 * found by the markup pass's tokenizer): only the text of scripts nothing reads goes, the
 * elements stay, and where a script ends is where the HTML tokenizer ends it.
 */
import { expect, test } from '@playwright/test';
import { prepareMarkup } from '../../src/markup/prepare.js';

const BASE = '<base href="https://x.test/">';
/** The markup as written in place, without the inserted `<base>`. */
function written(html: string): string {
  const prepared = prepareMarkup(Buffer.from(html), { url: 'https://x.test/', maxElements: 1_000_000, javaScript: false, inPlace: true });
  return prepared.inPlace!.html.replace(BASE, '');
}

test('the text of ordinary scripts goes, their elements and everything else stay', () => {
  const html =
    '<!doctype html><html><head><script>var a = "<p>x</p>";</script>' +
    '<SCRIPT type="module">import x from "y"</SCRIPT ></head><body><p>text</p><script>b()</script>' +
    '<script/>c()</script ><p>after</p></body></html>';
  expect(written(html)).toBe(
    '<!doctype html><html><head><script></script>' +
      '<SCRIPT type="module"></SCRIPT ></head><body><p>text</p><script></script><script/></script ><p>after</p></body></html>',
  );
});

test('JSON-LD and the streaming instructions ($RC, $RS, $RR) keep their text', () => {
  const jsonLd = '<script type=" Application/LD+JSON ">{"@type":"NewsArticle","headline":"H"}</script>';
  const streamed = '<script>$RC("B:0","S:0")</script><script>$RS("S:1","P:1")</script><script>$RR("B:2","S:2",[])</script>';
  const html = `<head>${jsonLd}<script>track()</script></head><body>${streamed}</body>`;
  expect(written(html)).toBe(`<head>${jsonLd}<script></script></head><body>${streamed}</body>`);
});

test('a page without a script to empty comes back as the same markup', () => {
  const html = '<p>no scripts</p><script></script><script type="application/ld+json">{}</script>';
  expect(written(html)).toBe(html);
});

test('"<script" inside comments, attribute values and raw-text elements is not a script', () => {
  const cases = [
    '<!-- <script> --><p>kept</p><!-- </script> -->',
    '<!--><script-like --><p>kept</p>',
    '<div title="<script>" data-x=\'</script>\'>kept</div>',
    '<textarea><script>kept</script></textarea>',
    '<title>a <script> b</title><style>a::before { content: "<script>" }</style>',
    '<xmp><script>kept</script></xmp><noembed><script>kept</script></noembed>',
  ];
  for (const html of cases) expect(written(html), html).toBe(html);
  // A real script after them is still emptied.
  expect(written('<textarea><script>x</script></textarea><script>y()</script>')).toBe('<textarea><script>x</script></textarea><script></script>');
  expect(written('<!-- <script> --><script>y()</script><!-- </script> -->')).toBe('<!-- <script> --><script></script><!-- </script> -->');
});

test('scripts inside SVG and MathML are markup, not raw text: left alone', () => {
  const html = '<svg><script>alert(1)</script></svg><math><script>z</script></math><script>y()</script>';
  expect(written(html)).toBe('<svg><script>alert(1)</script></svg><math><script>z</script></math><script></script>');
  // A self-closed <svg/> opens nothing: a script after it is an HTML script.
  expect(written('<svg/><script>y()</script>')).toBe('<svg/><script></script>');
});

test("a script ends where the tokenizer ends it: escaped and double-escaped script data, CDATA, unclosed ends", () => {
  // `<!--` then `<script` inside a script: the first `</script>` does not end it (script data
  // double escaped); the whole text up to the real end goes.
  const escaped = '<script>a()</script><script><!-- document.write("<script>x</script>") --></script><script>b()</script><p>t</p>';
  expect(written(escaped)).toBe('<script></script><script></script><script></script><p>t</p>');
  // `<!--` alone (the old way of hiding a script from old browsers).
  expect(written('<script><!-- a() //--></script><p>t</p>')).toBe('<script></script><p>t</p>');
  // In HTML content, `<![CDATA[` opens a bogus comment that ends at the first `>`: the
  // `<script>` inside is no element, and nothing after it is taken for one.
  expect(written('<script>a()</script><![CDATA[ <script>b()</script> ]]>')).toBe('<script></script><![CDATA[ <script>b()</script> ]]>');
  // An unclosed script or comment runs to the end: left as it is.
  expect(written('<script>a()')).toBe('<script>a()');
  expect(written('<!-- <script>a()</script>')).toBe('<!-- <script>a()</script>');
  // After <plaintext> everything is text.
  expect(written('<plaintext><script>a()</script>')).toBe('<plaintext><script>a()</script>');
});
