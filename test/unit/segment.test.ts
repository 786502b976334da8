/**
 * Visual-unit segmentation (src/segment/visual-units.ts, docs/methods.md §3): one test per division rule,
 * each with a control page that differs only in what the rule looks at, so the assertion can
 * fail.
 */
import { test, expect } from '@playwright/test';
import { buildLayoutTree } from '../../src/segment/tree.js';
import { segment } from '../../src/segment/visual-units.js';
import type { LayoutSnapshot, SnapshotElement, SnapshotNode, VisualUnit } from '../../src/types.js';
import { BLACK, WHITE, a, el, idOf, p, prose, rgb, rgba, snapshot, text, textId, wrapInChain, type Spec } from './support/snapshot-builder.js';

const GREY_BOX = rgba(240, 240, 240, 1);
const RED = rgb(200, 0, 0);
const LINK_BLUE = rgb(0, 0, 238);

const unitsOf = (snap: LayoutSnapshot): VisualUnit[] => segment(buildLayoutTree(snap));
const unitAt = (units: VisualUnit[], nodeId: number): VisualUnit | undefined => units.find((u) => u.nodeId === nodeId && u.memberIds.length === 1 && u.memberIds[0] === nodeId);

/** A page whose body divides (a red paragraph beside it), so `box` is segmented on its own. */
function page(box: Spec): LayoutSnapshot {
  return snapshot([p('A red line beside the box.', { color: RED }), box]);
}

test.describe('docs/methods.md §3 division rules', () => {
  test('rule 1: a node without text is deleted, not stored as a unit', () => {
    const snap = page(
      el('div', { id: 'box' }, [
        el('div', { id: 'empty', background: GREY_BOX }, [el('img', { src: 'https://news.example/a.jpg' })]),
        el('div', { id: 'blank' }, [text('   \n  ')]),
        p(prose(2), { id: 'full' }),
      ]),
    );
    const units = unitsOf(snap);
    const ids = units.flatMap((u) => u.memberIds);
    expect(ids).not.toContain(idOf(snap, 'empty'));
    expect(ids).not.toContain(idOf(snap, 'blank'));
    // The grey (empty) box does not count as a differing background either: #box stays whole.
    expect(unitAt(units, idOf(snap, 'box'))?.reason).toBe('all-children-text');
    expect(units.every((u) => u.textLength > 0)).toBe(true);
  });

  test('rule 1: a page with no text has no units', () => {
    expect(unitsOf(snapshot([el('div', [el('img', {})])]))).toEqual([]);
  });

  test('rule 2: a child on another background divides its parent', () => {
    const children = (background: string): Spec[] => [p(prose(2, 0), { id: 'p1' }), p(prose(2, 2), { id: 'p2', background }), p(prose(2, 4), { id: 'p3' })];
    const divided = page(el('div', { id: 'box' }, children(GREY_BOX)));
    const units = unitsOf(divided);
    expect(unitAt(units, idOf(divided, 'box'))).toBeUndefined();
    for (const id of ['p1', 'p2', 'p3']) expect(unitAt(units, idOf(divided, id)), id).toBeDefined();
    // Control: the same paragraphs on one background stay one unit.
    const whole = page(el('div', { id: 'box' }, children(WHITE)));
    expect(unitAt(unitsOf(whole), idOf(whole, 'box'))?.reason).toBe('all-children-text');
  });

  test('rule 3: a child in another font colour divides its parent', () => {
    const children = (color: string): Spec[] => [p(prose(2, 0), { id: 'p1' }), p(prose(2, 2), { id: 'p2', color }), p(prose(2, 4), { id: 'p3' })];
    const divided = page(el('div', { id: 'box' }, children(rgb(90, 90, 90))));
    const units = unitsOf(divided);
    expect(unitAt(units, idOf(divided, 'box'))).toBeUndefined();
    expect(unitAt(units, idOf(divided, 'p2'))).toBeDefined();
    const whole = page(el('div', { id: 'box' }, children(BLACK)));
    expect(unitAt(unitsOf(whole), idOf(whole, 'box'))).toBeDefined();
  });

  test('rule 4: a parent whose children are all text nodes is not divided', () => {
    const snap = page(el('div', { id: 'box' }, [el('h2', [text('A subheading')]), p(prose(3)), p(prose(3, 3)), p(prose(3, 6))]));
    const units = unitsOf(snap);
    const box = unitAt(units, idOf(snap, 'box'));
    expect(box?.reason).toBe('all-children-text');
    expect(box?.paragraphCount).toBe(4);
    // Nothing inside it became a unit of its own.
    expect(units.filter((u) => u.nodeId > idOf(snap, 'box'))).toEqual([]);
  });

  test('rule 4 needs *all* children to be text nodes: a link-dense child divides (def. 10, α = 0.7)', () => {
    const snap = page(el('div', { id: 'box' }, [p(prose(3)), el('p', { id: 'links' }, [a('One story'), text(' · '), a('Another story')])]));
    const units = unitsOf(snap);
    expect(unitAt(units, idOf(snap, 'box'))).toBeUndefined();
    expect(unitAt(units, idOf(snap, 'links'))?.reason).toBe('inline-content');
  });

  test('rule 5: a list of links (a nav) stays one unit', () => {
    const snap = page(
      el('nav', { id: 'nav' }, [
        el('ul', { id: 'list' }, ['World', 'Politics', 'Business', 'Science', 'Sport'].map((w) => el('li', [a(w, undefined, { color: LINK_BLUE })]))),
      ]),
    );
    const units = unitsOf(snap);
    const nav = unitAt(units, idOf(snap, 'nav'));
    expect(nav?.reason).toBe('all-children-links');
    expect(nav?.linkTextLength).toBe(nav?.textLength);
    expect(units.filter((u) => u.nodeId > idOf(snap, 'nav'))).toEqual([]);
  });

  test('a paragraph with an inline link in another colour stays one unit (inline content)', () => {
    const snap = page(
      el('div', { id: 'box' }, [
        el('p', { id: 'para' }, [text(prose(2) + ' As '), el('a', { href: 'https://news.example/r', color: LINK_BLUE }, [text('the report')]), text(' put it, nothing changed.')]),
        el('aside', { background: GREY_BOX }, [p('A box on grey.')]),
      ]),
    );
    const units = unitsOf(snap);
    const para = unitAt(units, idOf(snap, 'para'));
    expect(para?.reason).toBe('inline-content');
    expect(para?.linkTextLength).toBe('the report'.length);
    expect(para?.text).toContain('As the report put it, nothing changed.');
    expect(para?.style.color).toBe(BLACK);
    expect(units.some((u) => u.tag === 'a')).toBe(false);
  });

  test('loose inline text beside block children becomes an inline-run unit', () => {
    const snap = page(
      el('div', { id: 'box' }, [
        text('Loose lead text. '),
        el('b', [text('Bold words')]),
        text(' and more.'),
        p('A grey paragraph.', { id: 'grey', color: rgb(120, 120, 120) }),
        text('Trailing words.'),
      ]),
    );
    const box = idOf(snap, 'box');
    const units = unitsOf(snap).filter((u) => u.nodeId >= box);
    expect(units.map((u) => u.reason)).toEqual(['inline-run', 'leaf', 'inline-run']);
    const [lead, grey, trail] = units;
    expect(lead!.nodeId).toBe(box);
    expect(lead!.tag).toBe('#inline');
    expect(lead!.memberIds).toEqual([textId(snap, 'Loose lead'), textId(snap, 'Bold words') - 1, textId(snap, 'and more')]);
    expect(lead!.text).toBe('Loose lead text. Bold words and more.');
    expect(lead!.textLength).toBe('Loose lead text.'.length + 'Bold words'.length + 'and more.'.length);
    expect(grey!.nodeId).toBe(idOf(snap, 'grey'));
    expect(trail!.memberIds).toEqual([textId(snap, 'Trailing')]);
  });

  test('units come out in document order, numbered 0…n−1', () => {
    const snap = snapshot([
      el('header', { background: rgba(20, 20, 20, 1), color: WHITE }, [p('Masthead')]),
      el('main', [
        p('Kicker', { color: RED }),
        text('Loose line. '),
        el('div', [p(prose(2), { id: 'first' }), p('Boxed note.', { background: GREY_BOX }), p(prose(2, 2), { id: 'last' })]),
        p('Sign-off', { color: RED }),
      ]),
      el('footer', { background: rgba(20, 20, 20, 1), color: WHITE }, [p('Footer')]),
    ]);
    const units = unitsOf(snap);
    expect(units.map((u) => u.order)).toEqual(units.map((_, i) => i));
    const firstIds = units.map((u) => u.memberIds[0]!);
    expect(firstIds).toEqual([...firstIds].sort((x, y) => x - y));
    expect(units.map((u) => u.text.split(' ')[0])).toEqual(['Masthead', 'Kicker', 'Loose', 'The', 'Boxed', 'The', 'Sign-off', 'Footer']);
  });

  test('hidden subtrees are not units and do not divide their parent', () => {
    const snap = page(el('div', { id: 'box' }, [p(prose(2)), el('div', { visible: false, background: GREY_BOX }, [p('Hidden.')]), p(prose(2, 2))]));
    const units = unitsOf(snap);
    expect(unitAt(units, idOf(snap, 'box'))?.reason).toBe('all-children-text');
    expect(units.some((u) => u.text.includes('Hidden'))).toBe(false);
  });

  test('a unit carries its measures and dominant style', () => {
    const snap = page(
      el('div', { id: 'box', fontSizePx: 18 }, [
        el('p', [text('Long body sentence one. Long body sentence two. '), el('a', { href: 'https://x.example/' }, [text('Link')]), text('.')]),
        el('p', { fontSizePx: 12 }, [text('Tiny.')]),
        el('img', { src: 'https://news.example/a.jpg' }),
      ]),
    );
    const box = unitAt(unitsOf(snap), idOf(snap, 'box'))!;
    expect(box.textLength).toBe('Long body sentence one. Long body sentence two.'.length + 'Link'.length + '.'.length + 'Tiny.'.length);
    expect(box.linkTextLength).toBe(4);
    expect(box.punctuationCount).toBe(4);
    expect(box.imageCount).toBe(1);
    expect(box.style.fontSizePx).toBe(18);
  });
});

test.describe('robustness', () => {
  test('a 5000-deep DOM, divided at every level, does not overflow the stack', () => {
    // Built by hand (the DSL recurses): each level holds a red paragraph and the next level.
    const depth = 5000;
    const nodes: SnapshotNode[] = [];
    const element = (id: number, parent: number, tag: string, color: string): SnapshotElement => ({
      kind: 'element', id, parent, tag, attrs: {}, box: { x: 0, y: id * 10, width: 800, height: 10 }, visible: true, display: 'block',
      position: 'static', background: WHITE, color, fontSizePx: 16, fontWeight: 400, fontStyle: 'normal', fontFamily: 'serif',
      preservesWhitespace: false, children: [],
    });
    nodes.push(element(0, -1, 'body', BLACK));
    let parent = 0;
    for (let level = 0; level < depth; level++) {
      const para = element(nodes.length, parent, 'p', RED);
      nodes.push(para);
      nodes.push({ kind: 'text', id: nodes.length, parent: para.id, text: `Level ${level}.` });
      para.children.push(para.id + 1);
      const div = element(nodes.length, parent, 'div', BLACK);
      nodes.push(div);
      (nodes[parent] as SnapshotElement).children.push(para.id, div.id);
      parent = div.id;
    }
    const last = element(nodes.length, parent, 'p', BLACK);
    nodes.push(last, { kind: 'text', id: last.id + 1, parent: last.id, text: 'The bottom.' });
    last.children.push(last.id + 1);
    (nodes[parent] as SnapshotElement).children.push(last.id);
    const snap: LayoutSnapshot = {
      url: 'https://news.example/deep', viewport: { width: 800, height: 600 }, page: { width: 800, height: nodes.length * 10 }, nodes,
      meta: { title: '', lang: '', metaTags: [], jsonLd: [], links: [] }, elementCount: nodes.length,
    };
    const units = unitsOf(snap);
    expect(units).toHaveLength(depth + 1);
    expect(units[0]!.text).toBe('Level 0.');
    expect(units.at(-1)!.text).toBe('The bottom.');
  });

  // Regression (fixed in 047e8e7): a unit's text was rendered by a recursive walk, one frame
  // per DOM level, so a unit whose root sat 5000 plain <div>s above its text (rule 4 keeps the
  // chain whole) could throw "Maximum call stack size exceeded" — on cold code, not once the
  // JIT had warmed up, which made it depend on test order.
  test('a 5000-deep chain of plain divs (one unit) does not overflow the stack', () => {
    const snap = wrapInChain(snapshot([p('Deep text. It is here.')]), 5000);
    const units = unitsOf(snap);
    expect(units.map((u) => u.text)).toEqual(['Deep text. It is here.']);
  });
});
