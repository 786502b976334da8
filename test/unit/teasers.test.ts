/**
 * Teasers above the headline (src/extract/teasers.ts): a body that took other stories' linked
 * teasers above its own headline starts at the headline; a standfirst or a caption above a
 * headline said again lower down stays.
 */
import { test, expect } from '@playwright/test';
import { teasersAboveHeadline } from '../../src/extract/teasers.js';
import { extractFromSnapshot } from '../../src/extract/from-snapshot.js';
import type { LeafBlock } from '../../src/segment/blocks.js';
import { a, el, p, prose, snapshot, text } from './support/snapshot-builder.js';
import { paragraphs } from './support/pages.js';

const TITLE = 'Ferry timetable changes for the winter season';
const TEASERS = [
  ['Harbour seal pups counted from the air', 'PORTREE: Volunteers flew over the bay on Tuesday to count the pups.'],
  ['Council tax rise approved after long debate', 'INVERNESS: The rise of four per cent takes effect in April.'],
  ['Record crowds at the county show', 'DINGWALL: More than twelve thousand people came through the gates.'],
  ['Rail strike talks collapse again', 'GLASGOW: The union said no new offer had been put to its members.'],
] as const;

const style = (fontSizePx: number) => ({ fontSizePx, fontWeight: 400, fontStyle: 'normal', fontFamily: 'serif', color: 'rgb(0, 0, 0)', background: 'rgba(0, 0, 0, 0)' });
const leaf = (textLength: number, linkTextLength: number, fontSizePx = 16): LeafBlock => ({ ownerId: 0, ids: [0], textLength, linkTextLength, punctuationCount: 1, style: style(fontSizePx) });
const meta = snapshot([], { meta: { title: `${TITLE} | The Island Times` } });

test('the blocks above a headline that says the declared title leave when most are teasers', () => {
  const blocks = [...TEASERS.map(([h, t]) => `${h} ${t}`), TITLE, 'The first paragraph.'];
  const leaves = [...TEASERS.map(([h, t]) => leaf(h.length + t.length + 1, h.length)), leaf(TITLE.length, 0, 24), leaf(20, 0)];
  expect(teasersAboveHeadline(meta, blocks, leaves, 16)).toEqual([0, 1, 2, 3]);
  // The same blocks without their links (a standfirst, captions): they stay.
  expect(teasersAboveHeadline(meta, blocks, leaves.map((l) => ({ ...l, linkTextLength: 0 })), 16)).toEqual([]);
  // A headline set smaller than the body's text is no headline (a related link saying the title).
  expect(teasersAboveHeadline(meta, blocks, leaves.map((l, i) => (i === 4 ? { ...l, style: style(13) } : l)), 16)).toEqual([]);
  // A line that is not the declared title starts nothing.
  expect(teasersAboveHeadline(meta, [...blocks.slice(0, 4), 'Another heading altogether here', ...blocks.slice(5)], leaves, 16)).toEqual([]);
  // Two teasers are too few to tell.
  expect(teasersAboveHeadline(meta, blocks.slice(2), leaves.slice(2), 16)).toEqual([]);
});

test('a page whose column holds a ticker above the story: the text starts at the headline', () => {
  const page = snapshot(
    [
      el('main', { id: 'main', box: { x: 0, y: 0, width: 680 } }, [
        el('div', { id: 'column' }, [
          ...TEASERS.map(([h, t]) => el('p', [a(h), text(` ${t}`)])),
          el('h2', { fontSizePx: 24 }, [text(TITLE)]),
          ...paragraphs(5),
        ]),
      ]),
    ],
    { meta: { title: `${TITLE} | The Island Times` } },
  );
  const result = extractFromSnapshot(page);
  if (result.kind !== 'article') throw new Error(result.reason);
  expect(result.article.text).toContain(prose(4));
  for (const [headline, teaser] of TEASERS) {
    expect(result.article.text).not.toContain(headline);
    expect(result.article.text).not.toContain(teaser);
  }
});
