import { test, expect } from '@playwright/test';
import { newsGraph } from '../../src/testing/local-web/families.js';
import { htmlLinks } from '../../src/testing/local-web/html-links.js';

/** The lab's HTML link reader gives the words the crawler reads from a snapshot (link-context.ts). */

test('html links: href, anchor text and context words, nearest first, over void and nested tags', () => {
  const html = `<html><head><meta charset="utf-8"><title>x</title></head><body>
<header class="masthead"><a class="logo" href="/">The Gazette</a><nav class="sections"><ul><li><a href="/world">World</a></li></ul></nav></header>
<div class="wrap"><main><div class="teaser"><h2><a href="/article.php?id=7">In pictures: <b>the</b> harbour &amp; town</a></h2><br>
<p class="comments-link"><a href="/comments.php?id=7">Comments (3)</a></p></div></main></div></body></html>`;
  expect(htmlLinks(html)).toEqual([
    { href: '/', anchor: 'The Gazette', context: 'logo header masthead' },
    { href: '/world', anchor: 'World', context: 'li nav sections header' },
    { href: '/article.php?id=7', anchor: 'In pictures: the harbour & town', context: 'h2 teaser main' },
    { href: '/comments.php?id=7', anchor: 'Comments (3)', context: 'comments link teaser main' },
  ]);
});

test('news graph: the hard variant\'s galleries share the articles\' URL form; their links carry anchors and contexts', () => {
  const site = newsGraph({ style: 'query', name: 'g', articles: 200, seed: 3, galleryShare: 0.3, commentPages: true });
  const home = site.page(site.homeUrl)!;
  expect(home.linkInfo).toHaveLength(home.links.length);
  const kinds = new Map<string, string[]>();
  for (const url of home.links) {
    const kind = site.page(url)?.kind ?? 'none';
    kinds.set(kind, [...(kinds.get(kind) ?? []), new URL(url).pathname]);
  }
  expect(new Set(kinds.get('gallery'))).toEqual(new Set(['/article.php']));
  expect(new Set(kinds.get('article'))).toEqual(new Set(['/article.php']));
  expect(home.linkInfo!.some((l) => /comments/.test(l.context))).toBe(true);
});
