/**
 * The page budget (src/extract/page-budget.ts): generated pages larger than the budget are cut
 * down — the largest subtrees far from the body, the longest texts — and still give their
 * article; what was cut is reported. Pages within the budget are not touched.
 */
import { test, expect } from '@playwright/test';
import { extractFromSnapshot } from '../../src/extract/from-snapshot.js';
import { fitSnapshotToBudget } from '../../src/extract/page-budget.js';
import type { LayoutSnapshot } from '../../src/types.js';
import { a, el, text } from './support/snapshot-builder.js';
import { newsPage, paragraphs } from './support/pages.js';

const budget = { maxNodes: 2_000, maxTextChars: 50_000 };

function bodyOf(snap: LayoutSnapshot, withBudget = budget): { text: string; cuts: ReturnType<typeof extractFromSnapshot>['explanation']['cuts'] } {
  const result = extractFromSnapshot(snap, { budget: withBudget });
  if (result.kind !== 'article') throw new Error(`expected an article, got none: ${result.reason}`);
  return { text: result.article.text, cuts: result.explanation.cuts };
}

test('a page within the budget is returned as it is, with no cuts', () => {
  const page = newsPage();
  const fitted = fitSnapshotToBudget(page, budget);
  expect(fitted.cuts).toEqual([]);
  expect(fitted.snapshot).toBe(page);
});

test('a huge link list after the article is removed whole, and the article is the same as without it', () => {
  const plain = bodyOf(newsPage());
  const links = el('ul', { id: 'more' }, Array.from({ length: 3_000 }, (_, i) => el('li', [a(`More news ${i}`)])));
  const page = newsPage({ afterArticle: [links] });
  expect(page.nodes.length).toBeGreaterThan(budget.maxNodes);
  const cut = bodyOf(page);
  expect(cut.text).toBe(plain.text);
  const fitted = fitSnapshotToBudget(page, budget);
  expect(fitted.snapshot.nodes.length).toBeLessThanOrEqual(budget.maxNodes);
  expect(fitted.cuts).toEqual([expect.objectContaining({ kind: 'subtree', tag: 'ul', count: 1, nodes: 3_000 * 3 + 1 })]);
  expect(cut.cuts).toEqual(fitted.cuts);
});

test('many small siblings without prose are cut as one record, the paragraphs beside them kept', () => {
  const spans = Array.from({ length: 4_000 }, () => el('span', [text('x')]));
  const page = newsPage({ article: [...paragraphs(5), ...spans] });
  const plain = bodyOf(newsPage());
  const cut = bodyOf(page);
  // Only as many spans go as the budget needs; the ones left stay in the body, after the prose.
  expect(cut.text.startsWith(plain.text)).toBe(true);
  // The spans go as one record (the page's furniture without prose, larger per piece, before them).
  const spanCuts = cut.cuts.filter((c) => c.tag === 'span');
  expect(spanCuts).toEqual([expect.objectContaining({ kind: 'subtree', tag: 'span', chars: spanCuts[0]?.count })]);
  expect(spanCuts[0]!.count).toBeGreaterThan(1_000);
  for (const c of cut.cuts) expect(['span', 'header', 'aside', 'footer', 'nav', 'div']).toContain(c.tag);
});

test('ids stay in document order and parents point at the right elements after a cut', () => {
  const links = el('ul', Array.from({ length: 1_500 }, (_, i) => el('li', [a(`Link ${i}`)])));
  const { snapshot } = fitSnapshotToBudget(newsPage({ afterArticle: [links] }), budget);
  snapshot.nodes.forEach((node, id) => {
    expect(node.id).toBe(id);
    if (node.parent >= 0) {
      const parent = snapshot.nodes[node.parent]!;
      expect(parent.kind).toBe('element');
      if (parent.kind === 'element') expect(parent.children).toContain(id);
    }
  });
});

test('a very long text is shortened with an ellipsis and reported; short paragraphs keep every character', () => {
  const long = 'lorem ipsum dolor sit amet consectetur adipiscing elit. '.repeat(5_000);
  const page = newsPage({ afterArticle: [el('div', { id: 'dump' }, [text(long)])] });
  const fitted = fitSnapshotToBudget(page, budget);
  let total = 0;
  for (const node of fitted.snapshot.nodes) if (node.kind === 'text') total += node.text.length;
  expect(total).toBeLessThanOrEqual(budget.maxTextChars + 1);
  expect(fitted.cuts).toEqual([expect.objectContaining({ kind: 'text', tag: 'div', count: 1 })]);
  expect(fitted.cuts[0]!.chars).toBeGreaterThan(long.length - budget.maxTextChars);
  const shortened = fitted.snapshot.nodes.find((n) => n.kind === 'text' && n.text.startsWith('lorem'));
  expect(shortened?.kind === 'text' && shortened.text.endsWith('…')).toBe(true);
  // Every text of the original page other than the long one is unchanged.
  const before = page.nodes.flatMap((n) => (n.kind === 'text' && n.text !== long ? [n.text] : []));
  const after = fitted.snapshot.nodes.flatMap((n) => (n.kind === 'text' && !n.text.startsWith('lorem') ? [n.text] : []));
  expect(after).toEqual(before);
});

test('the default budget leaves an ordinary news page alone', () => {
  const page = newsPage({ article: paragraphs(40) });
  expect(extractFromSnapshot(page).explanation.cuts).toEqual([]);
});

test('--summary names the cuts in a few words', async () => {
  const { describeCuts } = await import('../../src/cli/output.js');
  expect(
    describeCuts([
      { kind: 'subtree', nodeId: 24, tag: 'ul', count: 1, nodes: 64_000, chars: 320_000 },
      { kind: 'subtree', nodeId: 9, tag: 'div', count: 3, nodes: 30, chars: 0 },
      { kind: 'text', nodeId: 5, tag: 'div', count: 1, nodes: 0, chars: 5_900_000 },
    ]),
  ).toBe('2 subtrees (64,030 nodes), 1 text shortened (5,900,000 chars)');
});

test('--summary names the cuts made in the markup before rendering too', async () => {
  const { describeCuts } = await import('../../src/cli/output.js');
  expect(
    describeCuts([
      { kind: 'time', nodeId: -1, tag: 'ul', count: 74_980, nodes: 149_960, chars: 0 },
      { kind: 'time', nodeId: -1, tag: 'div', count: 1, nodes: 0, chars: 9_700_000 },
      { kind: 'depth', nodeId: -1, tag: 'div', count: 31_746, nodes: 31_746, chars: 0 },
      { kind: 'inline-run', nodeId: -1, tag: 'wbr', count: 32, nodes: 0, chars: 0 },
    ]),
  ).toBe(
    'cut before rendering for the time budget: 149,960 elements of 1 long list/table and 9,700,000 chars of long text or style, ' +
      '31,746 wrapper tags nested too deep dropped, 32 line breaks put into long inline runs',
  );
});
