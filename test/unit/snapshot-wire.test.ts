/**
 * The snapshot's wire form (src/render/in-page/pack-layout.ts, src/render/snapshot-wire.ts):
 * packing in the page and unpacking in Node gives back the same `LayoutSnapshot`, key for key
 * and in the same key order, and a malformed wire form is refused with a clear error.
 */
import { test, expect } from '@playwright/test';
import { packLayout, type WireSnapshot } from '../../src/render/in-page/pack-layout.js';
import { unpackLayout, WireFormatError } from '../../src/render/snapshot-wire.js';
import type { LayoutSnapshot } from '../../src/types.js';
import { a, el, p, snapshot, text } from './support/snapshot-builder.js';

/** A snapshot written out as the collector builds it (same key order), with every field used. */
function collectorShaped(): LayoutSnapshot {
  const style = { display: 'block', position: 'static', background: 'rgba(255, 255, 255, 1)', color: 'rgb(0, 0, 0)', fontSizePx: 16, fontWeight: 400, fontStyle: 'normal', fontFamily: 'georgia', preservesWhitespace: false };
  return {
    url: 'https://news.example/a',
    viewport: { width: 1280, height: 900 },
    page: { width: 1280, height: 2000 },
    nodes: [
      { kind: 'element', id: 0, parent: -1, tag: 'body', attrs: {}, box: { x: 0, y: 0, width: 1280, height: 2000 }, visible: true, ...style, children: [1, 4] },
      { kind: 'element', id: 1, parent: 0, tag: 'p', attrs: { id: 'lead', class: 'intro big', lang: 'fr' }, box: { x: 8, y: 16.5, width: 1264, height: 18.25 }, visible: true, ...style, children: [2, 3] },
      { kind: 'text', id: 2, parent: 1, text: 'Bonjour, ' },
      { kind: 'text', id: 3, parent: 1, text: 'le monde.\n' },
      { kind: 'element', id: 4, parent: 0, tag: 'pre', attrs: { ariaHidden: true }, box: { x: 8, y: 40, width: 0, height: 0 }, visible: false, ...style, position: 'absolute', fontStyle: 'italic', fontWeight: 700, preservesWhitespace: true, children: [5] },
      { kind: 'element', id: 5, parent: 4, tag: 'img', attrs: { src: 'https://news.example/i.png', alt: '' }, box: { x: 8, y: 40, width: 300, height: 200 }, visible: true, ...style, display: 'inline', children: [] },
    ],
    meta: { title: 'T', lang: 'fr', metaTags: [{ key: 'og:title', content: 'T' }], jsonLd: ['{"@type":"NewsArticle"}'], links: [{ rel: 'canonical', href: 'https://news.example/a' }] },
    elementCount: 9,
  };
}

/** What crosses the wire: the packed result as JSON text, parsed again. */
function overTheWire(snap: LayoutSnapshot): WireSnapshot {
  const packed = JSON.parse(JSON.stringify(packLayout({ ok: true, snapshot: structuredClone(snap) })));
  expect(packed.ok).toBe(true);
  return packed.wire as WireSnapshot;
}

test('a snapshot comes back identical, key order included', () => {
  const snap = collectorShaped();
  expect(JSON.stringify(unpackLayout(overTheWire(snap)))).toBe(JSON.stringify(snap));
});

test('a larger synthetic page comes back equal', () => {
  const snap = snapshot([
    el('nav', { class: 'menu' }, [a('World'), a('Sport')]),
    el('article', [el('h1', [text('Title')]), p('One sentence. Two sentences.'), el('pre', [text('  code\n  more')])]),
  ], { meta: { title: 'Hello' } });
  expect(unpackLayout(overTheWire(snap))).toEqual(snap);
});

test('each style string crosses once, and the wire form is smaller than the objects', () => {
  const snap = snapshot(Array.from({ length: 200 }, (_, i) => p(`Paragraph ${i}.`)));
  const wire = overTheWire(snap);
  expect(new Set(wire.strings).size).toBe(wire.strings.length);
  expect(wire.strings.filter((s) => s === 'block')).toHaveLength(1);
  expect(JSON.stringify(wire).length).toBeLessThan(JSON.stringify(snap).length / 2);
});

test('a refused page passes through unchanged', () => {
  const refused = { ok: false as const, reason: 'dom-too-large' as const, elementCount: 10, maxElements: 5 };
  expect(packLayout(refused)).toEqual(refused);
});

test('a malformed wire form is an error naming what is wrong', () => {
  const wire = overTheWire(collectorShaped());
  expect(() => unpackLayout({ ...wire, v: 99 })).toThrow(WireFormatError);
  const badString = structuredClone(wire);
  (badString.nodes[1] as unknown[])[1] = 1000;
  expect(() => unpackLayout(badString)).toThrow(/String 1000/);
  const forwardParent = structuredClone(wire);
  (forwardParent.nodes[2] as unknown[])[0] = 5;
  expect(() => unpackLayout(forwardParent)).toThrow(/does not come before it/);
  const textParent = structuredClone(wire);
  (textParent.nodes[3] as unknown[])[0] = 2;
  expect(() => unpackLayout(textParent)).toThrow(/not an element/);
});
