/**
 * A unit's text (src/segment/unit-text.ts): paragraph breaks from blocks and `<br><br>`,
 * white space collapsed as a browser lays it out, `<pre>` kept.
 */
import { test, expect } from '@playwright/test';
import { buildLayoutTree } from '../../src/segment/tree.js';
import { renderPlainText, textBlocks } from '../../src/segment/unit-text.js';
import { a, el, idOf, p, snapshot, text } from './support/snapshot-builder.js';
import type { Spec } from './support/snapshot-builder.js';

/** Text blocks of the element `#x` in a page made of `spec`. */
function blocksOf(spec: Spec, skipDomId?: string): string[] {
  const snap = snapshot([spec]);
  const tree = buildLayoutTree(snap);
  const skipId = skipDomId ? idOf(snap, skipDomId) : -1;
  return textBlocks(tree, [idOf(snap, 'x')], { skip: (id) => id === skipId });
}

test('<br><br> splits a paragraph; a single <br> is a line break inside it', () => {
  expect(blocksOf(el('div', { id: 'x' }, [text('First part.'), el('br'), el('br'), text('Second part.')]))).toEqual(['First part.', 'Second part.']);
  expect(blocksOf(el('div', { id: 'x' }, [text('Line one'), el('br'), text('Line two')]))).toEqual(['Line one\nLine two']);
  // Three breaks are still one paragraph break, not an empty paragraph.
  expect(blocksOf(el('div', { id: 'x' }, [text('A.'), el('br'), el('br'), el('br'), text('B.')]))).toEqual(['A.', 'B.']);
});

test('a <br> inside an element with no text of its own still breaks the line', () => {
  // `<li><b>E-Commerce Apps</b><b><br></b><span>Facilitate…</span></li>` (WCXB-dev 0277): the
  // bold break was skipped with its textless <b>, and the words ran together.
  expect(
    blocksOf(el('li', { id: 'x' }, [el('b', [text('E-Commerce Apps')]), el('b', [el('br')]), el('span', [text('Facilitate online shopping.')])])),
  ).toEqual(['E-Commerce Apps\nFacilitate online shopping.']);
  // Two of them are a paragraph break, as bare ones are.
  expect(blocksOf(el('div', { id: 'x' }, [text('A.'), el('span', [el('br')]), el('span', [el('br')]), text('B.')]))).toEqual(['A.', 'B.']);
});

test('two inline boxes set apart on one line are two words; touching boxes or a narrow gap are one', () => {
  const span = (value: string, x: number, width: number, y = 0): Spec => el('span', { display: 'inline-block', box: { x, y, width, height: 20 }, fontSizePx: 16 }, [text(value)]);
  // A brand and a product name, 12 px apart (IMDb's chart, REI's cards with their style sheet).
  expect(blocksOf(el('div', { id: 'x' }, [span('La Sportiva', 0, 80), span('Aragon', 92, 50)]))).toEqual(['La Sportiva Aragon']);
  // Right to left, the second box lies to the left of the first.
  expect(blocksOf(el('div', { id: 'x' }, [span('שלום', 200, 40), span('עולם', 140, 40)]))).toEqual(['שלום עולם']);
  // Touching, or 2 px apart (a highlighted syllable's padding): one word, as written.
  expect(blocksOf(el('div', { id: 'x' }, [span('pre', 0, 24), span('fix', 24, 20)]))).toEqual(['prefix']);
  expect(blocksOf(el('div', { id: 'x' }, [span('pre', 0, 24), span('fix', 26, 20)]))).toEqual(['prefix']);
  // A box on the next line (lower down, not beside it): no space is made up.
  expect(blocksOf(el('div', { id: 'x' }, [span('end', 0, 30), span('start', 40, 30, 40)]))).toEqual(['endstart']);
});

test('block children separate paragraphs; loose text beside them is a paragraph too', () => {
  expect(blocksOf(el('div', { id: 'x' }, [p('One.'), p('Two.'), el('ul', [el('li', [text('Three')]), el('li', [text('Four')])])]))).toEqual([
    'One.',
    'Two.',
    'Three',
    'Four',
  ]);
  expect(blocksOf(el('div', { id: 'x' }, [text('Lead in.'), p('Body.'), text('Sign-off.')]))).toEqual(['Lead in.', 'Body.', 'Sign-off.']);
});

test('inline elements flow into the sentence around them', () => {
  expect(blocksOf(el('p', { id: 'x' }, [text('Read '), el('em', [text('the')]), text(' '), a('full report'), text(' today.')]))).toEqual(['Read the full report today.']);
});

test('a line said twice with nothing between is said once; prose that repeats a phrase is kept', () => {
  // Walmart's hero heading: an overlay link's copy of the heading beside the heading's own text.
  expect(blocksOf(el('h2', { id: 'x' }, [el('a', { href: '/shop' }, [el('span', [text('Make mealtime amazing')])]), text('Make mealtime amazing')]))).toEqual(['Make mealtime amazing']);
  expect(blocksOf(el('div', { id: 'x' }, [el('span', [text('EUR 60.24')]), el('span', [text('EUR 60.24')])]))).toEqual(['EUR 60.24']);
  // A long sentence and its clone a space apart (a carousel's slide): once. A short one stays (a shop's filter, as WCXB's truth keeps it).
  const slide = 'The makings of your ideal sleep space starts with intention.';
  expect(blocksOf(el('p', { id: 'x' }, [el('span', [text(slide)]), text(' '), el('span', [text(slide)])]))).toEqual([slide]);
  expect(blocksOf(el('p', { id: 'x' }, [el('span', [text('Knee High')]), text(' '), el('span', [text('Knee High')])]))).toEqual(['Knee High Knee High']);
  // Not inside a line, not numbers alone, not a word of five letters or fewer doubled.
  expect(blocksOf(el('p', { id: 'x' }, [text('Location, location, location: the market decides.')]))).toEqual(['Location, location, location: the market decides.']);
  expect(blocksOf(el('p', { id: 'x' }, [text('2020'), el('span', [text('2020')])]))).toEqual(['20202020']);
  expect(blocksOf(el('p', { id: 'x' }, [text('ha'), el('span', [text('ha')])]))).toEqual(['haha']);
});

test('white space is collapsed and trimmed', () => {
  expect(blocksOf(el('p', { id: 'x' }, [text('  Hello \n\t  big   '), el('b', [text(' world ')]), text('  ')]))).toEqual(['Hello big world']);
});

test('<pre> keeps its line breaks and indentation', () => {
  const code = 'function f() {\n    return 1;\n}';
  expect(blocksOf(el('div', { id: 'x' }, [p('Before.'), el('pre', [text(code)]), p('After.')]))).toEqual(['Before.', code, 'After.']);
});

// Regression (fixed in e7c14c5): the last line of a <pre> block — the text after its final
// `\n` — went through the white-space collapsing meant for normal text, so it lost its
// indentation and inner runs of spaces while earlier lines kept theirs ("a  =  1\nb = 2").
test('<pre> keeps the spacing of its last line too', () => {
  const code = 'a  =  1\n    b  =  2';
  expect(blocksOf(el('pre', { id: 'x' }, [text(code)]))).toEqual([code]);
});

test('hidden and skipped subtrees leave no text', () => {
  expect(blocksOf(el('div', { id: 'x' }, [p('Seen.'), el('p', { visible: false }, [text('Hidden.')]), p('Skipped.', { id: 'skip' })]), 'skip')).toEqual(['Seen.']);
});

test('renderPlainText joins blocks with single newlines', () => {
  const snap = snapshot([el('div', { id: 'x' }, [p('One.'), p('Two.')])]);
  expect(renderPlainText(buildLayoutTree(snap), [idOf(snap, 'x')])).toBe('One.\nTwo.');
});

test('a textless element with a huge number of children is searched for a <br> within a bound', () => {
  // 150,000 empty spans: spread into one push, their ids overflowed the call stack.
  const empties: Spec[] = Array.from({ length: 150_000 }, () => el('span'));
  expect(blocksOf(el('div', { id: 'x' }, [text('Before'), el('span', empties), text('after.')]))).toEqual(['Beforeafter.']);
});
