/**
 * Article metadata from what the page declares (src/extract/metadata.ts): JSON-LD first, then
 * meta tags, `<link rel>`, `<html lang>` and `<time>`; the language guessed from the script
 * when the page does not say.
 */
import { test, expect } from '@playwright/test';
import { readMetadata } from '../../src/extract/metadata.js';
import type { SnapshotMeta } from '../../src/types.js';
import { el, p, snapshot, text } from './support/snapshot-builder.js';

function metaOf(meta: Partial<SnapshotMeta>, bodyText = 'Some English body text.') {
  return readMetadata(snapshot([p(bodyText)], { meta }), bodyText);
}

const NEWS_ARTICLE = {
  '@context': 'https://schema.org',
  '@type': 'NewsArticle',
  headline: 'Harrow Bridge to reopen before the summer',
  author: [{ '@type': 'Person', name: 'Jane Smith' }, { '@type': 'Person', name: 'Tom Okafor' }],
  datePublished: '2024-05-07T08:30:00+01:00',
  dateModified: '2024-05-07T12:00:00+01:00',
  image: { '@type': 'ImageObject', url: 'https://news.example/img/bridge.jpg' },
  publisher: { '@type': 'Organization', name: 'Example News' },
  description: 'The crossing closed after the flood.',
};

const ld = (value: unknown): string => JSON.stringify(value);

test.describe('JSON-LD', () => {
  test('a top-level NewsArticle gives headline, authors, dates, image, publisher and description', () => {
    const m = metaOf({ jsonLd: [ld(NEWS_ARTICLE)], title: 'Something else | Example News' });
    expect(m.title).toBe('Harrow Bridge to reopen before the summer');
    expect(m.byline).toBe('Jane Smith, Tom Okafor');
    expect(m.publishedAt).toBe('2024-05-07T08:30:00+01:00');
    expect(m.modifiedAt).toBe('2024-05-07T12:00:00+01:00');
    expect(m.leadImage).toBe('https://news.example/img/bridge.jpg');
    expect(m.siteName).toBe('Example News');
    expect(m.description).toBe('The crossing closed after the flood.');
  });

  test('inside @graph, after other nodes', () => {
    const graph = { '@context': 'https://schema.org', '@graph': [{ '@type': 'WebSite', name: 'Example News' }, { '@type': 'BreadcrumbList' }, NEWS_ARTICLE] };
    expect(metaOf({ jsonLd: [ld(graph)] }).title).toBe('Harrow Bridge to reopen before the summer');
  });

  test('inside a top-level array, and with @type given as an array', () => {
    const article = { ...NEWS_ARTICLE, '@type': ['NewsArticle', 'Thing'], headline: 'From the array' };
    expect(metaOf({ jsonLd: [ld([{ '@type': 'Organization', name: 'X' }, article])] }).title).toBe('From the array');
  });

  test('a plain WebPage node is not the article', () => {
    const page = { '@type': 'WebPage', headline: 'The page', datePublished: '2001-01-01' };
    const m = metaOf({ jsonLd: [ld(page), ld(NEWS_ARTICLE)] });
    expect(m.title).toBe('Harrow Bridge to reopen before the summer');
    expect(m.publishedAt).toBe('2024-05-07T08:30:00+01:00');
  });

  // Regression, fixed — was a bug (src/extract/metadata.ts, articleJsonLd): the guard that keeps a plain WebPage out is
  // `node['@type'] !== 'WebPage'`, a string comparison, so a WebPage whose @type is written as
  // an array (`["WebPage"]`, as some CMSs emit) passes ARTICLE_TYPES and is taken for the
  // article. Input: [{"@type":["WebPage"],"headline":"The page"}, NewsArticle]; expected title
  // "Harrow Bridge to reopen before the summer"; actual "The page".
  test('a WebPage whose @type is an array is not the article either', () => {
    const page = { '@type': ['WebPage'], headline: 'The page' };
    expect(metaOf({ jsonLd: [ld(page), ld(NEWS_ARTICLE)] }).title).toBe('Harrow Bridge to reopen before the summer');
  });

  test('broken JSON-LD is ignored; a later valid block is still read', () => {
    const broken = '{ "@type": "NewsArticle", "headline": "Broken", }';
    expect(metaOf({ jsonLd: [broken, ld(NEWS_ARTICLE)] }).title).toBe('Harrow Bridge to reopen before the summer');
    const m = metaOf({ jsonLd: [broken], metaTags: [{ key: 'og:title', content: 'From Open Graph' }] });
    expect(m.title).toBe('From Open Graph');
  });

  test('author as a plain string, and an image given as a list of URLs', () => {
    const m = metaOf({ jsonLd: [ld({ '@type': 'Article', headline: 'H', author: 'Jane Smith', image: ['https://news.example/a.jpg', 'https://news.example/b.jpg'] })] });
    expect(m.byline).toBe('Jane Smith');
    expect(m.leadImage).toBe('https://news.example/a.jpg');
  });
});

test.describe('meta tag and link fallbacks', () => {
  test('Open Graph and article: tags when there is no JSON-LD', () => {
    const m = metaOf({
      title: 'Doc title | Example News',
      metaTags: [
        { key: 'og:title', content: 'OG headline' },
        { key: 'author', content: 'Jane Smith' },
        { key: 'article:published_time', content: '2024-05-07T08:30:00Z' },
        { key: 'article:modified_time', content: '2024-05-08T09:00:00Z' },
        { key: 'og:image', content: 'https://news.example/og.jpg' },
        { key: 'og:site_name', content: 'Example News' },
        { key: 'description', content: 'Meta description.' },
      ],
    });
    expect(m).toMatchObject({
      title: 'OG headline',
      byline: 'Jane Smith',
      publishedAt: '2024-05-07T08:30:00Z',
      modifiedAt: '2024-05-08T09:00:00Z',
      leadImage: 'https://news.example/og.jpg',
      siteName: 'Example News',
      description: 'Meta description.',
    });
  });

  test('JSON-LD headline wins over og:title; og:image wins over the JSON-LD image', () => {
    const m = metaOf({ jsonLd: [ld(NEWS_ARTICLE)], metaTags: [{ key: 'og:title', content: 'OG' }, { key: 'og:image', content: 'https://news.example/og.jpg' }] });
    expect(m.title).toBe('Harrow Bridge to reopen before the summer');
    expect(m.leadImage).toBe('https://news.example/og.jpg');
  });

  test('empty meta contents are skipped; the document title is the last resort', () => {
    const m = metaOf({ title: '  Doc title  ', metaTags: [{ key: 'og:title', content: '   ' }] });
    expect(m.title).toBe('Doc title');
    expect(metaOf({}).title).toBeNull();
  });

  test('canonical URL from <link rel=canonical>, else og:url', () => {
    expect(metaOf({ links: [{ rel: 'stylesheet', href: 'https://news.example/a.css' }, { rel: 'canonical', href: 'https://news.example/story' }] }).canonicalUrl).toBe('https://news.example/story');
    expect(metaOf({ metaTags: [{ key: 'og:url', content: 'https://news.example/og-url' }] }).canonicalUrl).toBe('https://news.example/og-url');
    expect(metaOf({}).canonicalUrl).toBeNull();
  });

  test('the first <time datetime> is the publication date when nothing else says', () => {
    const snap = snapshot([el('time', { datetime: '2024-05-07' }, [text('7 May')]), el('time', { datetime: '2020-01-01' }, [text('old')]), p('Body.')]);
    expect(readMetadata(snap, 'Body.').publishedAt).toBe('2024-05-07');
  });
});

test.describe('language', () => {
  test('from <html lang>, as declared', () => {
    expect(metaOf({ lang: 'en-GB' }).language).toBe('en-GB');
  });

  test('from og:locale when <html lang> is missing, with _ turned into -', () => {
    expect(metaOf({ metaTags: [{ key: 'og:locale', content: 'en_US' }] }).language).toBe('en-US');
  });

  test('guessed from the script of the body text: Chinese, Russian, Japanese; none for Latin text', () => {
    expect(metaOf({}, '市政府周二表示，哈罗大桥将在今年夏天之前重新开放。').language).toBe('zh');
    expect(metaOf({}, 'Мост откроют до лета, сообщили в мэрии во вторник.').language).toBe('ru');
    expect(metaOf({}, '橋は夏までに再開される予定です。').language).toBe('ja');
    expect(metaOf({}, 'The bridge reopens before the summer.').language).toBeNull();
  });

  test('the declared language wins over the guess', () => {
    expect(metaOf({ lang: 'zh-Hant' }, 'Мост откроют до лета.').language).toBe('zh-Hant');
  });
});
