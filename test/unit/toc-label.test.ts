/**
 * A table of contents' label (src/extract/toc.ts): a few words followed by a list of links to
 * the page's own sections leave the body, in any language; a heading followed by a list of links
 * to other pages, or by prose, stays.
 */
import { test, expect } from '@playwright/test';
import { buildLayoutTree } from '../../src/segment/tree.js';
import { leafBlocks } from '../../src/segment/blocks.js';
import { textBlocks } from '../../src/segment/unit-text.js';
import { tocLabels } from '../../src/extract/toc.js';
import { extractFromSnapshot } from '../../src/extract/from-snapshot.js';
import { a, el, idOf, p, prose, snapshot, text } from './support/snapshot-builder.js';

const URL_OF_PAGE = 'https://guide.example/garden/how-to-prune';
const SECTIONS = ['When to prune', 'Tools you need', 'Step by step', 'Mistakes to avoid'];

function labelsOf(children: ReturnType<typeof el>[]): string[] {
  const page = snapshot([el('article', { id: 'body' }, children)], { url: URL_OF_PAGE });
  const tree = buildLayoutTree(page);
  const leaves = leafBlocks(tree, [idOf(page, 'body')]);
  const blocks = leaves.map((l) => textBlocks(tree, l.ids).join('\n'));
  return tocLabels(tree, blocks, leaves).map((i) => blocks[i]!);
}

const list = (href: (i: number) => string): ReturnType<typeof el> => el('ul', SECTIONS.map((s, i) => el('li', [a(s, href(i))])));

test("a short label before a list of links to the page's own sections is a table of contents' label", () => {
  expect(labelsOf([el('h2', [text('Table of Contents')]), list((i) => `#section-${i}`), p(prose(3))])).toEqual(['Table of Contents']);
  // The page's own address with a fragment is in the page too; and a German label is a label.
  expect(labelsOf([el('h3', [text('Inhalt')]), list((i) => `${URL_OF_PAGE}#s${i}`), p(prose(3))])).toEqual(['Inhalt']);
  // A heading inside a wrapper that holds nothing else: the list follows the wrapper.
  expect(labelsOf([el('div', { class: 'toc_head' }, [el('h5', [text('In this article')])]), el('div', [list((i) => `#s${i}`)]), p(prose(3))])).toEqual(['In this article']);
});

test('a heading before links to other pages, or before prose, is no label', () => {
  expect(labelsOf([el('h2', [text('Related guides')]), list((i) => `https://guide.example/garden/other-${i}`), p(prose(3))])).toEqual([]);
  expect(labelsOf([el('h2', [text('When to prune')]), p(prose(3))])).toEqual([]);
  // Two in-page links are no table.
  expect(labelsOf([el('h2', [text('Contents')]), el('ul', [el('li', [a('Top', '#top')]), el('li', [a('End', '#end')])]), p(prose(3))])).toEqual([]);
});

test('the extracted text keeps the sections and loses the label', () => {
  const page = snapshot(
    [el('main', [el('article', [el('h1', [text('How to prune a fruit tree')]), p(prose(2)), el('h2', [text('Table of Contents')]), list((i) => `#s${i}`), ...SECTIONS.flatMap((s, i) => [el('h2', { id: `s${i}` }, [text(s)]), p(prose(3, i * 3))])])])],
    { url: URL_OF_PAGE },
  );
  const r = extractFromSnapshot(page);
  expect(r.kind).toBe('article');
  if (r.kind !== 'article') return;
  expect(r.article.text).toContain('Mistakes to avoid');
  expect(r.article.text).not.toContain('Table of Contents');
});
