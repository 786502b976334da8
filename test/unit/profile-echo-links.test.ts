/**
 * A list's call-to-action links (src/extract/profiles/echo-links.ts): the same short label in
 * every card, each time to the item its title links to, is the page's machinery; a category
 * every card names (one place under one name), an author's name and a label that goes nowhere are not echoes.
 */
import { test, expect } from '@playwright/test';
import { buildLayoutTree } from '../../src/segment/tree.js';
import { echoLinkIds, ECHO_LINK_PARAMS } from '../../src/extract/profiles/echo-links.js';
import { a, el, idOf, p, snapshot, text } from './support/snapshot-builder.js';

const STORIES = ['Rates held for a third month', 'A new bridge opens downtown', 'The harvest came in early', 'Schools reopen after the storm'];

function feed(cards: number, label = 'Read full article'): ReturnType<typeof snapshot> {
  return snapshot([
    el(
      'main',
      { id: 'feed' },
      STORIES.slice(0, cards).map((title, i) =>
        el('article', [
          el('h2', [a(title, `https://news.example/story-${i}`)]),
          p(`A summary of the story, ${i}, in a sentence or two that says what happened.`),
          el('div', [a('Technology', 'https://news.example/technology'), text(' · '), a(`Writer ${i}`, `https://news.example/author/${i}`)]),
          el('a', { id: `cta-${i}`, href: `https://news.example/story-${i}#top` }, [text(label)]),
        ]),
      ),
    ),
  ]);
}

function echoes(page: ReturnType<typeof snapshot>): Set<number> {
  return echoLinkIds(buildLayoutTree(page), [{ ids: [idOf(page, 'feed')] }]);
}

test("a label every card repeats, each time to its card's item, is an echo; the category, the authors and the titles are not", () => {
  const page = feed(4);
  const found = echoes(page);
  expect([...found].sort((x, y) => x - y)).toEqual([0, 1, 2, 3].map((i) => idOf(page, `cta-${i}`)));
});

test('fewer cards than the bound, or a long label, make no echo', () => {
  expect(ECHO_LINK_PARAMS.minRepeats).toBe(3);
  expect(echoes(feed(2)).size).toBe(0);
  expect(echoes(feed(4, 'Read the whole of this article on our site')).size).toBe(0);
});

test('a repeated label whose links go where no other link goes stays (it names something of its own)', () => {
  const page = snapshot([
    el(
      'main',
      { id: 'feed' },
      STORIES.map((title, i) => el('div', [el('h3', [text(title)]), el('a', { href: `https://shop.example/item-${i}` }, [text('View details')])])),
    ),
  ]);
  expect(echoes(page).size).toBe(0);
});

test('a link repeated inside prose is part of its sentences, however often it goes where another link goes', () => {
  const sentence = (i: number): ReturnType<typeof el> =>
    el('p', [text(`Step ${i}: we pass the objects to the database using an object called a `), el('a', { href: `https://docs.example/api#session-${i}` }, [text('Session')]), text(', which makes use of the engine to talk to the database and commits at the end.')]);
  const page = snapshot([el('main', { id: 'feed' }, [el('p', [a('Session', 'https://docs.example/api'), text(' (the API reference)')]), sentence(1), sentence(2), sentence(3), sentence(4)])]);
  expect(echoes(page).size).toBe(0);
});
