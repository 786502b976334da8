/**
 * The parts of the block model on their own: markup marks, block features, context and the
 * body container, the fallback that gives every page with text a body, labels from ground
 * truth, and the logistic fit.
 */
import { test, expect } from '@playwright/test';
import { buildLayoutTree } from '../../src/segment/tree.js';
import { segment } from '../../src/segment/visual-units.js';
import { scoreUnits } from '../../src/score/score-units.js';
import { BLOCK_FEATURES, blockFeatures, headlineBlock, pageBlocks } from '../../src/score/block-features.js';
import { blockContext, CONTEXT_FEATURES } from '../../src/score/block-context.js';
import { treeShape } from '../../src/score/block-model.js';
import { MARK, pathMarks } from '../../src/score/markup-marks.js';
import { chooseBodyBlocks } from '../../src/score/select.js';
import { labelBlocks } from '../../src/bench/fit/labels.js';
import { fitLogistic, sigmoid } from '../../src/bench/fit/logistic.js';
import { tokenize } from '../../src/bench/metrics.js';
import { a, el, p, snapshot, text } from './support/snapshot-builder.js';

const PROSE = 'The council voted on Tuesday to close the bridge for repairs, citing cracks found in its piers. Work starts next month.';

function page() {
  return snapshot(
    [
      el('nav', { class: 'site-menu' }, [el('ul', [el('li', [a('World')]), el('li', [a('Business')]), el('li', [a('Sport')])])]),
      el('h1', [text('Bridge to close for repairs')]),
      el('div', { class: 'article-body' }, [p(PROSE), p(PROSE.replace('council', 'mayor')), p(PROSE.replace('bridge', 'tunnel'))]),
      el('div', { id: 'comments' }, [p('Great article, thanks.')]),
      el('footer', [p('© 2026 Example News. All rights reserved.')]),
    ],
    { meta: { title: 'Bridge to close for repairs | Example News' } },
  );
}

function featuresOf(snap = page()) {
  const tree = buildLayoutTree(snap);
  const units = scoreUnits(segment(tree), snap);
  const blocks = pageBlocks(tree, units);
  return { tree, units, blocks, f: blockFeatures(tree, units, blocks) };
}

const column = (name: (typeof BLOCK_FEATURES)[number]): number => BLOCK_FEATURES.indexOf(name);

test('markup marks pass down: a paragraph inside <nav> or a "comments" div carries the mark', () => {
  const { tree, blocks } = featuresOf();
  const marks = pathMarks(tree);
  const menu = blocks.find((b) => b.text === 'World')!;
  const comment = blocks.find((b) => b.text.startsWith('Great article'))!;
  const body = blocks.find((b) => b.text === PROSE)!;
  expect(marks[menu.block.ownerId]! & MARK.nav).toBeTruthy();
  expect(marks[comment.block.ownerId]! & MARK.comment).toBeTruthy();
  expect(marks[body.block.ownerId]! & MARK.bodyName).toBeTruthy();
  expect(marks[body.block.ownerId]! & (MARK.nav | MARK.comment)).toBe(0);
});

test('class words of an element wrapping the whole page (feature flags on <body>) are not passed down', () => {
  const snap = snapshot([el('div', { class: 'ads-on has-sidebar comments-enabled' }, [p(PROSE), p(PROSE)])]);
  const tree = buildLayoutTree(snap);
  const marks = pathMarks(tree);
  const paragraph = tree.nodes.findIndex((n) => n.kind === 'element' && n.tag === 'p');
  expect(marks[paragraph]! & (MARK.promo | MARK.comment | MARK.chrome)).toBe(0);
});

test('a footer whose dialogs hold most of the text (closed modals of a page saved without CSS) still marks them', () => {
  const legal = Array.from({ length: 40 }, () => PROSE).join(' ');
  const snap = snapshot([
    el('h1', [text('Wool runner')]),
    p(PROSE),
    el('footer', [el('div', { role: 'dialog', id: 'modal-privacy-policy' }, [p(legal)]), p('© 2026 Example Shop')]),
  ]);
  const tree = buildLayoutTree(snap);
  const marks = pathMarks(tree);
  const inDialog = tree.nodes.findIndex((n) => n.kind === 'element' && n.tag === 'p' && n.parent > 0 && tree.nodes[n.parent]!.kind === 'element' && (tree.nodes[n.parent] as { attrs: { role?: string } }).attrs.role === 'dialog');
  expect(inDialog).toBeGreaterThan(0);
  expect(marks[inDialog]! & MARK.footer).toBeTruthy();
  expect(marks[inDialog]! & MARK.overlay).toBeTruthy();
});

test('block features: link density, sentences, tags and position are what they say', () => {
  const { blocks, f } = featuresOf();
  const row = (i: number, name: (typeof BLOCK_FEATURES)[number]): number => f.values[i * BLOCK_FEATURES.length + column(name)]!;
  const menu = blocks.findIndex((b) => b.text === 'World');
  const body = blocks.findIndex((b) => b.text === PROSE);
  const footer = blocks.findIndex((b) => b.text.startsWith('©'));
  expect(row(menu, 'linkDensity')).toBe(1);
  expect(row(body, 'linkDensity')).toBe(0);
  expect(row(body, 'endsWithSentence')).toBe(1);
  expect(row(body, 'tagP')).toBe(1);
  expect(row(menu, 'tagLi')).toBe(1);
  expect(row(menu, 'inNav')).toBe(1);
  expect(row(footer, 'inFooter')).toBe(1);
  expect(row(body, 'mainType')).toBe(1);
  expect(row(menu, 'beforeHeadline')).toBe(1);
  expect(row(body, 'afterHeadline')).toBeGreaterThan(0.9);
  expect(row(menu, 'documentPosition')).toBeLessThan(row(footer, 'documentPosition'));
});

test('the headline block is the first <h1>, else the block matching the declared title', () => {
  const { tree, blocks } = featuresOf();
  expect(blocks[headlineBlock(tree, blocks)]!.text).toBe('Bridge to close for repairs');
  const noH1 = snapshot([el('div', { fontSizePx: 32 }, [text('Bridge to close for repairs')]), p(PROSE)], { meta: { title: 'Bridge to close for repairs - Example' } });
  const t2 = buildLayoutTree(noH1);
  const b2 = pageBlocks(t2, scoreUnits(segment(t2), noH1));
  expect(b2[headlineBlock(t2, b2)]!.text).toBe('Bridge to close for repairs');
});

test('context: the container is the element holding most of the likely body, and blocks learn their neighbours', () => {
  const { tree, blocks } = featuresOf();
  // First-pass probabilities: the three body paragraphs likely, the rest not.
  const p1 = Float64Array.from(blocks, (b) => (b.text.length > 100 ? 0.9 : 0.1));
  const ctx = blockContext(treeShape(tree), blocks.map((b) => b.block), p1, 0.5, blockFeatures(tree, [], blocks).values);
  const container = tree.nodes[ctx.containerId]!;
  expect(container.kind === 'element' && container.attrs.class).toBe('article-body');
  const at = (i: number, name: (typeof CONTEXT_FEATURES)[number]): number => ctx.values[i * CONTEXT_FEATURES.length + CONTEXT_FEATURES.indexOf(name)]!;
  const body = blocks.findIndex((b) => b.text === PROSE);
  const comment = blocks.findIndex((b) => b.text.startsWith('Great article'));
  expect(at(body, 'inContainer')).toBe(1);
  expect(at(comment, 'inContainer')).toBe(0);
  expect(at(comment, 'afterContainer')).toBe(1);
  expect(at(body, 'parentBody')).toBeCloseTo(0.9, 5);
});

test('the body is the set with the highest expected F1; a page with text always gets one', () => {
  const words = [10, 10, 10, 10];
  // Sure blocks are taken, unlikely ones left out, in document order.
  expect(chooseBodyBlocks([0.05, 0.95, 0.9, 0.1], words)).toEqual([1, 2]);
  // Nothing is likely: the most likely block is still the body.
  expect(chooseBodyBlocks([0.05, 0.2, 0.1, 0.02], words)).toEqual([1]);
  // A long block of middling probability beside a sure short one: both (expected F1 2·0.95·5+0.4·100 / …).
  expect(chooseBodyBlocks([0.95, 0.4], [5, 100])).toEqual([0, 1]);
  // A negative calibration shift makes the choice stricter.
  expect(chooseBodyBlocks([0.9, 0.45, 0.45], [10, 10, 10], 0)).toEqual([0, 1, 2]);
  expect(chooseBodyBlocks([0.9, 0.45, 0.45], [10, 10, 10], -2)).toEqual([0]);
  expect(chooseBodyBlocks([], [])).toEqual([]);
});

test('labels: long blocks by shared shingles; short ones only between body blocks', () => {
  const truth = `${PROSE}\n\nRepairs\n\n${PROSE.replace('council', 'mayor')}`;
  const texts = ['News', 'Sport', PROSE, 'Repairs', PROSE.replace('council', 'mayor'), 'News', 'Completely different words in a teaser about a football match last night.'];
  const { label, tokens } = labelBlocks(texts, truth, tokenize);
  expect(Array.from(label)).toEqual([0, 0, 1, 1, 1, 0, 0]);
  expect(tokens[2]).toBe(tokenize(PROSE).length);
});

test('the logistic fit recovers the weights that generated the data', () => {
  let seed = 7;
  const random = (): number => (seed = (seed * 16807) % 2147483647) / 2147483647;
  const rows = 20_000;
  const x = new Float64Array(rows * 3);
  const y = new Float64Array(rows);
  const w = new Float64Array(rows).fill(1);
  for (let r = 0; r < rows; r++) {
    x[r * 3] = 1;
    x[r * 3 + 1] = random() * 2;
    x[r * 3 + 2] = random() < 0.3 ? 1 : 0;
    y[r] = random() < sigmoid(1 + 2 * x[r * 3 + 1]! - 3 * x[r * 3 + 2]!) ? 1 : 0;
  }
  const fit = fitLogistic({ x, y, w, rows, dims: 3 }, { l2: 0.001 });
  expect(fit.weights[0]!).toBeCloseTo(1, 0);
  expect(fit.weights[1]!).toBeCloseTo(2, 0);
  expect(fit.weights[2]!).toBeCloseTo(-3, 0);
  // A heavy penalty pulls the weights towards 0.
  const shrunk = fitLogistic({ x, y, w, rows, dims: 3 }, { l2: 1e5 });
  expect(Math.abs(shrunk.weights[2]!)).toBeLessThan(0.5);
});
