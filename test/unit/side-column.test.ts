/**
 * A side column that a missing style sheet laid out under the story (SIDE_COLUMN,
 * src/extract/from-snapshot.ts): unstyled, a news page's two columns stack in one font, and the
 * widgets of the right-hand column read as the story going on. They leave the article's body;
 * a widget set between the story's own paragraphs (an embedded post) and paragraphs inside a
 * container whose class only says the layout has no sidebar stay.
 */
import { test, expect } from '@playwright/test';
import { extractFromSnapshot } from '../../src/extract/from-snapshot.js';
import { el, p, prose, snapshot, text, type ElSpec } from './support/snapshot-builder.js';

const STORY = [prose(4, 0), prose(4, 10), prose(4, 20), prose(4, 30)];
const URL = 'https://paper.example/2019/11/20/deportees-return-home/';

function storyColumn(paragraphs: ElSpec[], props: Record<string, string> = { class: 'main-content-left' }): ElSpec {
  return el('div', props, [el('h1', [text('With shattered dreams, deportees return home')]), ...paragraphs]);
}

function articleText(page: ReturnType<typeof snapshot>): string {
  const result = extractFromSnapshot(page);
  expect(result.kind).toBe('article');
  if (result.kind !== 'article') return '';
  expect(result.explanation.profile?.profile).toBe('article');
  return result.article.text;
}

test("a sidebar's widgets laid out under the story leave its body; the story stays", () => {
  const blurb = 'It is a lovely book that feels clear and light, easy to read and to dip in and out of, and it offers its readers information without any fluff at all.';
  const page = snapshot(
    [
      el('div', { class: 'wrapper' }, [
        storyColumn(STORY.map((s) => p(s))),
        el('div', { class: 'main-content-right' }, [
          el('div', { class: 'widget-2 panel' }, [el('h3', [text('E-paper Latest Edition')])]),
          el('div', { class: 'widget-5 panel' }, [el('h3', [text('Fifty spiritual appetizers')]), p(blurb), p('Available in bookshops and online stores.')]),
        ]),
      ]),
    ],
    { url: URL },
  );
  const body = articleText(page);
  for (const s of STORY) expect(body).toContain(s);
  expect(body).not.toContain('E-paper Latest Edition');
  expect(body).not.toContain(blurb);
});

test("a widget between the story's own paragraphs stays, and so do paragraphs in a container whose class says there is no sidebar", () => {
  const embedded = 'Club statement: we have appointed a new head coach, who joins us today with our full support for the rest of the season.';
  const closing = prose(3, 40);
  const page = snapshot(
    [
      storyColumn(
        [
          p(STORY[0]!),
          p(STORY[1]!),
          el('div', { class: 'article-widget article-tweet' }, [el('blockquote', [p(embedded)])]),
          p(STORY[2]!),
          p(STORY[3]!),
          el('div', { class: 'blog-article__main sidebar-enabled--false' }, [p(closing)]),
        ],
        { class: 'article-body' },
      ),
    ],
    { url: URL },
  );
  const body = articleText(page);
  for (const s of STORY) expect(body).toContain(s);
  expect(body).toContain(embedded);
  expect(body).toContain(closing);
});
