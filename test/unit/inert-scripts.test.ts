/**
 * Script text dropped before a saved page is written with JavaScript off
 * (src/markup/inert-scripts.ts): only the text of scripts nothing reads goes, the elements
 * stay, and wherever the scan cannot be sure of the tokenizer's reading the markup is left as is.
 */
import { expect, test } from '@playwright/test';
import { dropInertScripts } from '../../src/markup/inert-scripts.js';

test('the text of ordinary scripts goes, their elements and everything else stay', () => {
  const html =
    '<!doctype html><html><head><script src="/app.js"></script><script>var a = "<p>x</p>";</script>' +
    '<SCRIPT type="module">import x from "y"</SCRIPT ></head><body><p>text</p><script>b()</script>' +
    '<script/>c()</script ><p>after</p></body></html>';
  expect(dropInertScripts(html)).toBe(
    '<!doctype html><html><head><script src="/app.js"></script><script></script>' +
      '<SCRIPT type="module"></SCRIPT ></head><body><p>text</p><script></script><script/></script ><p>after</p></body></html>',
  );
});

test('JSON-LD and the streaming instructions ($RC, $RS, $RR) keep their text', () => {
  const jsonLd = '<script type=" Application/LD+JSON ">{"@type":"NewsArticle","headline":"H"}</script>';
  const streamed = '<script>$RC("B:0","S:0")</script><script>$RS("S:1","P:1")</script><script>$RR("B:2","S:2",[])</script>';
  const html = `<head>${jsonLd}<script>track()</script></head><body>${streamed}</body>`;
  expect(dropInertScripts(html)).toBe(`<head>${jsonLd}<script></script></head><body>${streamed}</body>`);
});

test('a page without a script to empty comes back as the same string', () => {
  const html = '<p>no scripts</p><script></script><script type="application/ld+json">{}</script>';
  expect(dropInertScripts(html)).toBe(html);
});

test('"<script" inside comments, attribute values and raw-text elements is not a script', () => {
  const cases = [
    '<!-- <script> --><p>kept</p><!-- </script> -->',
    '<!--><script-like --><p>kept</p>',
    '<div title="<script>" data-x=\'</script>\'>kept</div>',
    '<textarea><script>kept</script></textarea>',
    '<title>a <script> b</title><style>a::before { content: "<script>" }</style>',
    '<iframe srcdoc="x"><script>kept</script></iframe>',
  ];
  for (const html of cases) expect(dropInertScripts(html), html).toBe(html);
  // A real script after them is still emptied.
  expect(dropInertScripts('<textarea><script>x</script></textarea><script>y()</script>')).toBe('<textarea><script>x</script></textarea><script></script>');
  expect(dropInertScripts('<!-- <script> --><script>y()</script><!-- </script> -->')).toBe('<!-- <script> --><script></script><!-- </script> -->');
});

test('scripts inside SVG and MathML are markup, not raw text: left alone', () => {
  const html = '<svg><script>alert(1)</script></svg><math><script>z</script></math><script>y()</script>';
  expect(dropInertScripts(html)).toBe('<svg><script>alert(1)</script></svg><math><script>z</script></math><script></script>');
  // A self-closed <svg/> opens nothing.
  expect(dropInertScripts('<svg/><script>y()</script>')).toBe('<svg/><script></script>');
});

test('where the end of a script is uncertain, the rest of the page is left as it is', () => {
  // `<!--` then `<script` inside a script: the first `</script>` does not end it.
  const escaped = '<script>a()</script><script><!-- document.write("<script>x</script>") --></script><script>b()</script>';
  expect(dropInertScripts(escaped)).toBe('<script></script><script><!-- document.write("<script>x</script>") --></script><script>b()</script>');
  // `<!--` alone (the old way of hiding a script from old browsers) is no doubt.
  expect(dropInertScripts('<script><!-- a() //--></script><p>t</p>')).toBe('<script></script><p>t</p>');
  // CDATA sections, an unclosed script, an unclosed comment: stop there.
  expect(dropInertScripts('<script>a()</script><![CDATA[ <script>b()</script> ]]>')).toBe('<script></script><![CDATA[ <script>b()</script> ]]>');
  expect(dropInertScripts('<script>a()')).toBe('<script>a()');
  expect(dropInertScripts('<!-- <script>a()</script>')).toBe('<!-- <script>a()</script>');
  // After <plaintext> everything is text.
  expect(dropInertScripts('<plaintext><script>a()</script>')).toBe('<plaintext><script>a()</script>');
});
