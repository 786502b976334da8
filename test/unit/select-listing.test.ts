/**
 * Listings are not articles: a section front, tag page or search result list has a summary
 * sentence under each headline link, which is prose too. The body is still extracted (the page
 * type is a separate decision): `pageType` says "listing", and only `articlesOnly` turns that
 * into "none". Articles that carry a few related links stay articles.
 */
import { test, expect } from '@playwright/test';
import { extractFromSnapshot } from '../../src/extract/from-snapshot.js';
import { a, el, p, prose, snapshot } from './support/snapshot-builder.js';
import { newsPage, paragraphs } from './support/pages.js';

const HEADLINES = [
  'Council approves the new cycle lane on Mill Street',
  'Harbour seal pups counted from the air this spring',
  'Rail operator delays the new timetable until autumn',
  'Library reopens eighteen months after the flood',
  'Farmers union questions changes to parking rules',
  'Water company reviews plans for the sea wall',
];

function teaser(i: number, className: string) {
  return el('article', { class: className }, [
    el('h2', [a(HEADLINES[i]!)]),
    p(prose(1, 3 * i)),
    p(`By Staff Writer · ${i + 1} June 2024`, { fontSizePx: 13 }),
  ]);
}

for (const className of ['teaser', 'item']) {
  test(`a section front of teasers (class "${className}") is typed a listing; --articles-only says none`, () => {
    // A section front lives at a section URL (the page type also reads the URL).
    const page = snapshot([el('h1', [el('span', [{ kind: 'text', text: 'Politics' } as never])]), el('main', HEADLINES.map((_, i) => teaser(i, className)))], { url: 'https://news.example/politics/' });
    const result = extractFromSnapshot(page);
    expect(result.kind).toBe('article');
    if (result.kind === 'article') expect(result.article.pageType.type).toBe('listing');
    const strict = extractFromSnapshot(page, { articlesOnly: true });
    expect(strict.kind).toBe('none');
    if (strict.kind === 'none') {
      expect(strict.reason).toMatch(/not an article: listing/u);
      expect(strict.pageType?.type).toBe('listing');
    }
  });
}

test('teasers with the summary and headline in one block are not an article either', () => {
  const page = snapshot([el('main', HEADLINES.map((h, i) => el('div', { class: 'row' }, [a(h), { kind: 'text', text: ` — ${prose(1, i)}` } as never])))], { url: 'https://news.example/search?q=council' });
  const result = extractFromSnapshot(page);
  expect(result.kind === 'article' ? result.article.pageType.type : 'none').not.toBe('article');
});

test('an article with two related links between its paragraphs is still an article', () => {
  const body = [...paragraphs(3), p('', {}), el('div', [a(HEADLINES[0]!)]), ...paragraphs(2, 12), el('div', [a(HEADLINES[1]!)]), ...paragraphs(2, 20)];
  const result = extractFromSnapshot(newsPage({ article: body.filter((s) => !('children' in s) || s.children.length > 0) }));
  expect(result.kind).toBe('article');
  if (result.kind === 'article') {
    expect(result.article.text.split('\n\n').length).toBe(7);
    expect(result.article.pageType.type).toBe('article');
  }
});

test('a short brief next to a sidebar of teaser summaries is still an article', () => {
  const brief = [p(prose(3, 0))];
  const result = extractFromSnapshot(newsPage({ article: brief }));
  expect(result.kind).toBe('article');
  if (result.kind === 'article') expect(result.article.pageType.type).toBe('article');
});
