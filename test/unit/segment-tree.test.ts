/**
 * The layout tree's per-node aggregates (src/segment/tree.ts, docs/methods.md §2 measures) and the text
 * measures they rest on (src/segment/text.ts), on synthetic snapshots.
 */
import { test, expect } from '@playwright/test';
import { buildLayoutTree } from '../../src/segment/tree.js';
import { countSentenceEnds, isBlockDisplay } from '../../src/segment/text.js';
import type { LayoutSnapshot } from '../../src/types.js';
import { a, el, idOf, p, snapshot, text, textId } from './support/snapshot-builder.js';

const statsOf = (snap: LayoutSnapshot, domId: string) => buildLayoutTree(snap).stats[idOf(snap, domId)]!;

test.describe('sentence-end counting', () => {
  test('English: . ! ? at the end of a sentence', () => {
    expect(countSentenceEnds('The bridge reopened. Why now? Nobody knows!')).toBe(3);
    // Before a closing quote or bracket, and at the very end.
    expect(countSentenceEnds('He said “it will open.” (It did.)')).toBe(2);
    expect(countSentenceEnds('She said "stop." Then she left.')).toBe(2);
  });

  test('not inside numbers, domain names or dotted words', () => {
    expect(countSentenceEnds('Prices rose 3.5 per cent')).toBe(0);
    expect(countSentenceEnds('see www.example.com for details')).toBe(0);
    expect(countSentenceEnds('version 1.2.3 of node.js')).toBe(0);
    expect(countSentenceEnds('Prices rose 3.5 per cent.')).toBe(1);
  });

  test('Chinese full-width marks count anywhere, with no space after them', () => {
    expect(countSentenceEnds('大桥将在夏天前重新开放。市长说：“我们很高兴！”真的吗？')).toBe(3);
    expect(countSentenceEnds('大桥将在夏天前重新开放')).toBe(0);
  });

  test('Thai has no full stop: a space between Thai letters ends a sentence; Khmer and Burmese full stops count', () => {
    expect(countSentenceEnds('ค่าโดยสารจะอยู่ที่สิบห้าบาทตลอดสาย นักเรียนและผู้สูงอายุจ่ายเพียงครึ่งราคา โดยผู้โดยสารชำระด้วยบัตร')).toBe(2);
    expect(countSentenceEnds('ข่าวท้องถิ่น')).toBe(0);
    expect(countSentenceEnds('ខ្ញុំទៅផ្សារ។')).toBe(1);
    expect(countSentenceEnds('ကျွန်တော် ဈေးသွားတယ်။')).toBe(1);
  });

  test('Russian sentences use the Latin marks', () => {
    expect(countSentenceEnds('Мост откроют летом. Когда именно? Пока неизвестно!')).toBe(3);
    expect(countSentenceEnds('Цена выросла на 3.5 процента')).toBe(0);
  });

  test('the ellipsis ends a sentence', () => {
    expect(countSentenceEnds('And then…')).toBe(1);
  });
});

test('isBlockDisplay: block-level outer displays, including two-keyword values', () => {
  for (const d of ['block', 'flex', 'grid', 'list-item', 'table-cell', 'block flow', 'flow-root']) expect(isBlockDisplay(d), d).toBe(true);
  for (const d of ['inline', 'inline-block', 'inline-flex', 'contents', 'inline flow-root', 'none']) expect(isBlockDisplay(d), d).toBe(false);
});

test.describe('tree stats', () => {
  test('text length: white space collapsed and trimmed per text node, summed up the tree', () => {
    const snap = snapshot([el('div', { id: 'd' }, [p('  Hello   big\n\tworld  '), p('Two')])]);
    // "Hello big world" (15) + "Two" (3)
    expect(statsOf(snap, 'd').textLength).toBe(18);
    const tree = buildLayoutTree(snap);
    expect(tree.stats[0]!.textLength).toBe(18);
  });

  test('link text: only text inside <a href> counts, nested elements included', () => {
    const snap = snapshot([
      el('p', { id: 'x' }, [text('Read '), el('a', { href: 'https://news.example/a' }, [el('b', [text('this story')])]), text(' now.')]),
      el('p', { id: 'y' }, [text('An '), el('a', { id: 'anchor' }, [text('anchor')]), text(' without href.')]),
    ]);
    const x = statsOf(snap, 'x');
    expect(x.textLength).toBe('Read'.length + 'this story'.length + 'now.'.length);
    expect(x.linkTextLength).toBe('this story'.length);
    expect(statsOf(snap, 'y').linkTextLength).toBe(0);
    const tree = buildLayoutTree(snap);
    expect(tree.inLink[textId(snap, 'this story')]).toBe(true);
    expect(tree.inLink[textId(snap, 'Read')]).toBe(false);
  });

  test('sentence ends are summed over text nodes', () => {
    const snap = snapshot([el('div', { id: 'd' }, [p('One. Two.'), p('大桥开放。'), p('See example.com today')])]);
    expect(statsOf(snap, 'd').punctuationCount).toBe(3);
  });

  test('images: counted, but 1×1 tracking pixels are not', () => {
    const snap = snapshot([
      el('div', { id: 'd' }, [
        el('img', { src: 'https://news.example/photo.jpg', box: { width: 640, height: 360 } }),
        el('img', { src: 'https://tracker.example/p.gif', box: { width: 1, height: 1 } }),
        el('img', { src: 'https://news.example/thumb.jpg', box: { width: 120, height: 80 } }),
        p('Caption.'),
      ]),
    ]);
    expect(statsOf(snap, 'd').imageCount).toBe(2);
  });

  test('hidden subtrees count 0 everywhere and mark their descendants hidden', () => {
    const snap = snapshot([
      el('div', { id: 'outer' }, [
        p('Seen text.'),
        el('div', { id: 'h', visible: false }, [p('Hidden text. More.', { id: 'hp' }), a('hidden link'), el('img', { box: { width: 300, height: 200 } })]),
      ]),
    ]);
    const tree = buildLayoutTree(snap);
    const h = idOf(snap, 'h');
    expect(tree.stats[h]).toEqual({ textLength: 0, linkTextLength: 0, punctuationCount: 0, imageCount: 0, paragraphCount: 0 });
    expect(tree.hidden[idOf(snap, 'hp')]).toBe(true);
    expect(tree.hidden[textId(snap, 'Hidden text')]).toBe(true);
    expect(statsOf(snap, 'outer')).toMatchObject({ textLength: 'Seen text.'.length, punctuationCount: 1, imageCount: 0, paragraphCount: 1 });
  });

  test('paragraphs: block elements that hold text directly', () => {
    const snap = snapshot([
      el('div', { id: 'd' }, [
        p('One.'),
        el('p', [text('Two with '), a('a link'), text('.')]),
        el('div', [text('Loose text in a div.'), p('Three.')]),
        // an inline element holding text is not a paragraph of its own
        el('span', [text('Span text.')]),
      ]),
    ]);
    // p, p, div (holds "Loose text" directly), p(Three), and d itself: the span's text flows in
    // d's own lines (an anonymous paragraph), though the span is not a paragraph of its own.
    expect(statsOf(snap, 'd').paragraphCount).toBe(5);
  });

  // Regression (fixed in e7c14c5): a block once counted as a paragraph only when a *text node*
  // was its direct child, so `<p><span>…</span></p>` — what many CMSs and Google Docs exports
  // produce for every paragraph — counted 0, inflating the cluster feature meanParagraphLength.
  test('a <p> whose text sits inside an inline <span> is still a paragraph', () => {
    const snap = snapshot([el('div', { id: 'd' }, [el('p', [el('span', [text('One.')])]), el('p', [el('span', [text('Two.')])])])]);
    expect(statsOf(snap, 'd').paragraphCount).toBe(2);
  });

  test('block flags follow the computed display; <br> counts as a block break', () => {
    const snap = snapshot([el('div', { id: 'd' }, [el('span', { id: 's' }, [text('x')]), el('br', { id: 'b' }), el('span', { id: 'f', display: 'flex' }, [text('y')])])]);
    const tree = buildLayoutTree(snap);
    expect(tree.isBlock[idOf(snap, 'd')]).toBe(true);
    expect(tree.isBlock[idOf(snap, 's')]).toBe(false);
    expect(tree.isBlock[idOf(snap, 'b')]).toBe(true);
    expect(tree.isBlock[idOf(snap, 'f')]).toBe(true);
  });

  test('refuses nodes that are not indexed by position or come before their parent', () => {
    const good = snapshot([p('Text.')]);
    const swapped = structuredClone(good);
    swapped.nodes[1]!.id = 7;
    expect(() => buildLayoutTree(swapped)).toThrow(/indexed by id/);
    const orphan = structuredClone(good);
    orphan.nodes[1]!.parent = 2;
    expect(() => buildLayoutTree(orphan)).toThrow(/precedes its parent/);
  });
});

test.describe('a drop cap', () => {
  const paragraph = (cap: string, rest: string, capProps: Record<string, unknown> = {}) =>
    snapshot([el('p', { id: 'para', fontSizePx: 16 }, [el('span', { id: 'cap', display: 'block', fontSizePx: 48, ...capProps }, [text(cap)]), text(rest)])]);

  test("a paragraph's first letter floated large beside it stays in its line, not a block of its own", () => {
    const snap = paragraph('H', 'OLLIS (AP) - A fire at a grain elevator forced an evacuation.');
    const tree = buildLayoutTree(snap);
    expect(tree.isBlock[idOf(snap, 'cap')]).toBe(false);
    expect(buildLayoutTree(paragraph('“T', 'he council met.')).isBlock[idOf(paragraph('“T', 'he council met.'), 'cap')]).toBe(false);
  });

  test('not a word set large, nor a letter the text does not go on from, nor one at the text size', () => {
    const word = paragraph('Hollis', ' council met on Tuesday.');
    expect(buildLayoutTree(word).isBlock[idOf(word, 'cap')]).toBe(true);
    const apart = paragraph('A', ' list of what changed.');
    expect(buildLayoutTree(apart).isBlock[idOf(apart, 'cap')]).toBe(true);
    const small = paragraph('H', 'OLLIS (AP) - A fire.', { fontSizePx: 18 });
    expect(buildLayoutTree(small).isBlock[idOf(small, 'cap')]).toBe(true);
  });
});
