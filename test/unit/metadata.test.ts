/**
 * Article metadata from what the page declares (src/extract/metadata.ts): JSON-LD first, then
 * meta tags, `<link rel>`, `<html lang>` and `<time>`; the language guessed from the script
 * when the page does not say.
 */
import { test, expect } from '@playwright/test';
import { readMetadata } from '../../src/extract/metadata.js';
import { buildLayoutTree } from '../../src/segment/tree.js';
import { cleanDeclaredAuthor, isProfileLink, namesInByline } from '../../src/extract/metadata-authors.js';
import { dateFromUrl, dateInText, normalizeDate } from '../../src/extract/metadata-dates.js';
import { loadTextLanguageModel } from '../../src/extract/text-language.js';
import type { SnapshotMeta } from '../../src/types.js';
import { a, el, p, prose, snapshot, text, type Spec } from './support/snapshot-builder.js';
import { GREY_BOX, GREY_TEXT, newsPage, paragraphs } from './support/pages.js';
import { extractFromSnapshot } from '../../src/extract/from-snapshot.js';

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

test.describe('language of a short text: the page\'s declaration, as its primary subtag', () => {
  test('from <html lang>', () => {
    const m = metaOf({ lang: 'en-GB' });
    expect(m.language).toBe('en');
    expect(m.languageSource).toBe('html-lang');
  });

  test('from og:locale when <html lang> is missing', () => {
    const m = metaOf({ metaTags: [{ key: 'og:locale', content: 'en_US' }] });
    expect(m.language).toBe('en');
    expect(m.languageSource).toBe('meta');
  });

  test('none when the page declares none and the text has no letters', () => {
    expect(metaOf({}, '12 345 678').language).toBeNull();
  });
});

test.describe('language of the text, with the identifier (lid.176) loaded', () => {
  test.beforeAll(async () => {
    expect(await loadTextLanguageModel()).toBe(true);
  });

  const GERMAN = 'Der Stadtrat hat am Dienstagabend beschlossen, die Brücke über die Leddon bis zum Sommer wieder zu öffnen. Die Bauarbeiten hatten sich wegen des Hochwassers um fast ein Jahr verzögert, sagte die Bürgermeisterin.';

  test('a German text on a page that declares English is German', () => {
    const m = metaOf({ lang: 'en' }, GERMAN);
    expect(m.language).toBe('de');
    expect(m.languageSource).toBe('text');
  });

  test('Chinese, Russian and Japanese texts without any declaration', () => {
    const zh = '市政府周二表示，哈罗大桥将在今年夏天之前重新开放。大桥去年九月因洪水关闭，维修费用比最初估计高出近一倍。交通部门表示，重新开放后将限制重型车辆通行，并在桥头增设监测设备，以便及时发现结构问题。';
    const ru = 'Мост через реку откроют до лета, сообщили в мэрии во вторник. Ремонт затянулся почти на год из-за наводнения, а его стоимость оказалась вдвое выше первоначальной оценки. После открытия движение тяжёлых грузовиков будет ограничено.';
    const ja = '市当局は火曜日、橋は夏までに再開される予定だと発表した。橋は昨年九月の洪水で閉鎖され、修理費用は当初の見積もりのほぼ二倍になった。再開後は大型車両の通行が制限される。';
    expect(metaOf({}, zh).language).toBe('zh');
    expect(metaOf({}, ru).language).toBe('ru');
    expect(metaOf({}, ja).language).toBe('ja');
  });

  test('a text too short to judge falls back to the declaration', () => {
    const m = metaOf({ lang: 'fr-FR' }, 'OK.');
    expect(m.language).toBe('fr');
    expect(m.languageSource).toBe('html-lang');
  });

  test('a short text without any declaration: the identifier when it is sure, else no language', () => {
    // lid.176 on a word or two guesses: "Login" German at 0.21, "tiny" Slovak at 0.21.
    expect(metaOf({}, 'Login').language).toBeNull();
    expect(metaOf({}, 'tiny').language).toBeNull();
    const sure = metaOf({}, 'Page not found'); // English at 0.94
    expect(sure.language).toBe('en');
    expect(sure.languageSource).toBe('text');
  });
});

test.describe('dates: one ISO 8601 form', () => {
  test('machine values: offsets written ±HH:MM, UTC as Z, fractions dropped, a day stays a day', () => {
    expect(normalizeDate('2019-11-20T07:29:39+0000')).toBe('2019-11-20T07:29:39Z');
    expect(normalizeDate('2024-05-07T08:30:00.000Z')).toBe('2024-05-07T08:30:00Z');
    expect(normalizeDate('2024-05-07T08:30:00+01:00')).toBe('2024-05-07T08:30:00+01:00');
    expect(normalizeDate('2024-05-07T08:30-0500')).toBe('2024-05-07T08:30:00-05:00');
    expect(normalizeDate('2024-09-04')).toBe('2024-09-04');
    expect(normalizeDate('Wed, 20 Nov 2019 07:29:39 GMT')).toBe('2019-11-20T07:29:39Z');
  });

  test('a time without a zone keeps only its day (no zone is invented)', () => {
    expect(normalizeDate('2024-09-04 10:00:00')).toBe('2024-09-04');
    expect(dateInText('Published 14 May 2024, 06:00')).toBe('2024-05-14');
  });

  test('visible datelines in several languages and orders', () => {
    expect(dateInText('Sep 4, 2024 · 6 min read')).toBe('2024-09-04');
    expect(dateInText('Posted on August 2, 2024 by Sally Pengelly')).toBe('2024-08-02');
    expect(dateInText('Saturday 19 October 2024')).toBe('2024-10-19');
    expect(dateInText('March 3rd, 2021')).toBe('2021-03-03');
    expect(dateInText('16.05.2024 | Просмотров: 2 031')).toBe('2024-05-16');
    expect(dateInText('23 апреля 2024, 14:27')).toBe('2024-04-23');
    expect(dateInText('4. März 2024')).toBe('2024-03-04');
    expect(dateInText('2024年07月18日 10:12 来源')).toBe('2024-07-18');
    expect(dateInText('05/14/2024')).toBe('2024-05-14');
  });

  test('what is not a date is null: impossible days, years out of range, bare numbers', () => {
    expect(normalizeDate('2024-02-30')).toBeNull();
    expect(normalizeDate('1066-10-14')).toBeNull();
    expect(dateInText('Version 12.3.4, 1,024 downloads')).toBeNull();
    expect(dateInText('')).toBeNull();
  });

  test('the URL gives a day only when it names one', () => {
    expect(dateFromUrl('https://news.example/2019/11/20/bridge')).toBe('2019-11-20');
    expect(dateFromUrl('https://news.example/news/2024-05-14-bridge')).toBe('2024-05-14');
    expect(dateFromUrl('https://news.example/2019/11/bridge')).toBeNull();
    expect(dateFromUrl('not a url')).toBeNull();
  });

  test('a long text is read in linear time (cut to MAX_DATE_TEXT, tokens in one pass)', () => {
    const hostile = `${'1.'.repeat(200_000)}x`;
    const started = performance.now();
    expect(dateInText(hostile)).toBeNull();
    expect(normalizeDate(hostile)).toBeNull();
    expect(performance.now() - started).toBeLessThan(200);
  });

  test('sources are reported: JSON-LD, meta, the URL', () => {
    const m = metaOf({ jsonLd: [ld(NEWS_ARTICLE)] });
    expect([m.publishedAt, m.publishedAtSource, m.modifiedAtSource]).toEqual(['2024-05-07T08:30:00+01:00', 'json-ld', 'json-ld']);
    const meta = metaOf({ metaTags: [{ key: 'article:published_time', content: '2024-05-07T07:30:00.000Z' }] });
    expect([meta.publishedAt, meta.publishedAtSource]).toEqual(['2024-05-07T07:30:00Z', 'meta']);
    const fromUrl = readMetadata(snapshot([p('Body.')], { url: 'https://news.example/2024/05/07/bridge' }), 'Body.');
    expect([fromUrl.publishedAt, fromUrl.publishedAtSource]).toEqual(['2024-05-07', 'url']);
  });
});

test.describe('authors from a byline text', () => {
  const cases: Array<[string, string[]]> = [
    ['By Priya Lal, Transport Correspondent · Published 14 May 2024, 06:00', ['Priya Lal']],
    ['by Sally Pengelly', ['Sally Pengelly']],
    ['Live coverage by Aoife Dunleavy and Ciarán Molloy · Last updated 14:10', ['Aoife Dunleavy', 'Ciarán Molloy']],
    ['Words by Callum Ritchie · Photographs by Ingrid Halvorsen · Saturday 19 October 2024', ['Callum Ritchie']],
    ['By Lewis Achterberg at Holm Lane · Sunday 10 March 2024', ['Lewis Achterberg']],
    ['Oliver Strand, Retail Correspondent · 11 June 2024', ['Oliver Strand']],
    ['BySara Brown', ['Sara Brown']],
    ['Автор: Дарья Лапина', ['Дарья Лапина']],
    ['记者 李明', ['李明']],
    ['作者：周雨桐 参与评论(326)', ['周雨桐']],
    ['Published 14 May 2024', []],
  ];
  for (const [byline, names] of cases) {
    test(JSON.stringify(byline), () => expect(namesInByline(byline).names).toEqual(names));
  }

  test('a paragraph that happens to say "by" is no byline', () => {
    expect(namesInByline(`The bridge was built by ${'the county council and its engineers, '.repeat(10)}`).names).toEqual([]);
  });

  test('declared values: URLs dropped, an organisation kept whole, a list of people split', () => {
    expect(cleanDeclaredAuthor('https://news.example/staff/jane')).toEqual([]);
    expect(cleanDeclaredAuthor('Center for Drug Evaluation and Research')).toEqual(['Center for Drug Evaluation and Research']);
    expect(cleanDeclaredAuthor('Jane Smith, Tom Okafor')).toEqual(['Jane Smith', 'Tom Okafor']);
  });

  test('JSON-LD authors given by @id reference are resolved (Yoast graphs)', () => {
    const graph = {
      '@context': 'https://schema.org',
      '@graph': [
        { '@type': 'Article', headline: 'H', author: { '@id': 'https://news.example/#/person/1' }, datePublished: '2024-05-07' },
        { '@type': 'Person', '@id': 'https://news.example/#/person/1', name: 'Jane Smith' },
      ],
    };
    const m = metaOf({ jsonLd: [ld(graph)] });
    expect(m.authors).toEqual(['Jane Smith']);
    expect(m.byline).toBe('Jane Smith');
  });
});

test.describe('authors from links to their pages, and declared values as pages write them', () => {
  test('a link whose path spells its text under a word for people is a profile link; others are not', () => {
    expect(isProfileLink('https://forum.example/user/jonb', 'JonB')).toBe(true);
    expect(isProfileLink('/author/jane-doe/', 'Jane Doe')).toBe(true);
    expect(isProfileLink('https://blog.example/@cassidoo', '@cassidoo')).toBe(true);
    expect(isProfileLink('/members/ajayjunkies.48213/', 'AjayJunkies')).toBe(true);
    expect(isProfileLink('/user/login', 'Sign in')).toBe(false);
    expect(isProfileLink('/user/signin', 'Sign In')).toBe(false);
    expect(isProfileLink('/people/proof-of-usefulness', 'Proof of Usefulness')).toBe(false);
    expect(isProfileLink('/news/jane-doe', 'Jane Doe')).toBe(false);
    expect(isProfileLink('/author/jane-doe', 'More from this author')).toBe(false);
  });

  test('a forum post\'s username, linked to its profile above the post, is the author', () => {
    const r = extractFromSnapshot(newsPage({ article: [el('div', { class: 'post-header' }, [a('microfast', 'https://forum.example/u/microfast'), text(' · 3 replies')]), ...paragraphs(5)] }));
    expect(r.kind === 'article' && r.article.authors).toEqual(['microfast']);
  });

  test('character references in JSON-LD strings are decoded; a template\'s "undefined" is no author', () => {
    const m = metaOf({ jsonLd: [ld({ '@type': 'Article', headline: 'The Cream with TFC8&reg;', author: { '@type': 'Person', name: 'Maria &amp; Katerina' } })] });
    expect(m.title).toBe('The Cream with TFC8®');
    expect(m.byline).toBe('Maria & Katerina');
    expect(cleanDeclaredAuthor('undefined')).toEqual([]);
  });
});

test.describe('site name, tags, categories, licence, fingerprint, hostname', () => {
  test('a twitter handle or a platform word is no site name', () => {
    expect(metaOf({ metaTags: [{ key: 'application-name', content: '@politifact' }] }).siteName).toBeNull();
    expect(metaOf({ metaTags: [{ key: 'application-name', content: 'Hosted' }], jsonLd: [ld(NEWS_ARTICLE)] }).siteName).toBe('Example News');
  });

  test('tags from article:tag and keywords, categories from article:section and JSON-LD articleSection, deduplicated', () => {
    const m = metaOf({
      metaTags: [
        { key: 'article:tag', content: 'Floods' },
        { key: 'article:tag', content: 'Bridges' },
        { key: 'keywords', content: 'bridges, Harrow, council' },
        { key: 'article:section', content: 'Local' },
      ],
      jsonLd: [ld({ ...NEWS_ARTICLE, articleSection: ['Local', 'Transport'], keywords: ['Roads'] })],
    });
    expect(m.tags).toEqual(['Floods', 'Bridges', 'Harrow', 'council', 'Roads']);
    expect(m.categories).toEqual(['Local', 'Transport']);
  });

  test('a Creative Commons licence by name, from <link rel=license>', () => {
    expect(metaOf({ links: [{ rel: 'license', href: 'https://creativecommons.org/licenses/by-sa/4.0/' }] }).license).toBe('CC BY-SA 4.0');
    expect(metaOf({ links: [{ rel: 'license', href: 'https://creativecommons.org/publicdomain/zero/1.0/' }] }).license).toBe('CC0 1.0');
    expect(metaOf({}).license).toBeNull();
  });

  test('the fingerprint is the body text\'s 64-bit SimHash: equal texts equal, none for no text', () => {
    const a = metaOf({}, 'The bridge reopens before the summer, the council said on Tuesday.').fingerprint;
    expect(a).toMatch(/^[0-9a-f]{16}$/u);
    expect(metaOf({}, 'The bridge reopens before the summer, the council said on Tuesday.').fingerprint).toBe(a);
    expect(metaOf({}, '').fingerprint).toBeNull();
  });

  test('hostname from the page URL; none for a saved page served under the unknown origin', () => {
    expect(readMetadata(snapshot([p('Body.')], { url: 'https://www.news.example/a' }), 'Body.').hostname).toBe('www.news.example');
    expect(readMetadata(snapshot([p('Body.')], { url: 'http://saved.invalid/x.html' }), 'Body.').hostname).toBeNull();
  });

  test('Yoast\'s "Written by" label pair names the author when no author meta does; other labels name none', () => {
    const labelled = (label: string, extra: { key: string; content: string }[] = []) =>
      metaOf({ metaTags: [{ key: 'twitter:label1', content: 'Est. reading time' }, { key: 'twitter:data1', content: '4 minutes' }, { key: 'twitter:label2', content: label }, { key: 'twitter:data2', content: 'Tyler Brown' }, ...extra] }).byline;
    expect(labelled('Written by')).toBe('Tyler Brown');
    expect(labelled('Geschrieben von')).toBe('Tyler Brown');
    expect(labelled('Filed under')).toBeNull();
    expect(labelled('Written by', [{ key: 'author', content: 'Jane Smith' }])).toBe('Jane Smith');
  });
});

test.describe('what the page shows around and in the body (buildArticle)', () => {
  const withByline = (byline: Spec[], extra: { after?: Spec[]; meta?: Partial<SnapshotMeta> } = {}) =>
    extractFromSnapshot(
      newsPage({
        article: [
          el('div', { class: 'story-meta' }, byline),
          el('figure', [el('img', { src: 'https://news.example/img/bridge.jpg', alt: 'The bridge at dawn' }), el('figcaption', [text('The bridge in March. Photo: Courier archive')])]),
          ...paragraphs(2),
          el('p', [text(`${prose(3, 20)} Read `), a('the council report', 'https://council.example/report'), text(' for details.')]),
          ...paragraphs(2, 12),
        ],
        afterArticle: extra.after ?? [],
        meta: extra.meta ?? {},
      }),
    );

  test('"By Priya Lal, Transport Correspondent · Published 14 May 2024, 06:00" gives the name and the day', () => {
    const r = withByline([text('By '), a('Priya Lal', 'https://news.example/authors/priya-lal'), text(', Transport Correspondent · Published 14 May 2024, 06:00')]);
    expect(r.kind).toBe('article');
    if (r.kind !== 'article') return;
    expect(r.article.authors).toEqual(['Priya Lal']);
    expect(r.article.byline).toBe('Priya Lal');
    expect([r.article.publishedAt, r.article.publishedAtSource]).toEqual(['2024-05-14', 'dateline']);
  });

  test('a "by" inside a link\'s own words is no byline (a docs sidebar\'s "Populated By The Kubelet"); "By" before a link to the author is', () => {
    const linked = withByline([a('Node Labels Populated By The Kubelet', 'https://docs.example/reference/node-labels')]);
    if (linked.kind !== 'article') throw new Error('no article');
    expect(linked.article.byline).toBeNull();
    const byline = withByline([text('By '), a('Jane Doe', 'https://news.example/reporters/jane-doe')]);
    if (byline.kind !== 'article') throw new Error('no article');
    expect(byline.article.byline).toBe('Jane Doe');
  });

  test('a date first, then the name: "Dec. 19, 2025 · Niko Matsakis on behalf of …" in a byline element, "28 February 2024 · Mei-Lin Foster" in any', () => {
    const marked = withByline([el('div', { class: 'publish-date-author' }, [text('Dec. 19, 2025 · Niko Matsakis on behalf of '), a('the Rust Project', 'https://news.example/governance')])]);
    const plain = withByline([el('span', [text('28 February 2024 · Mei-Lin Foster')])]);
    if (marked.kind !== 'article' || plain.kind !== 'article') throw new Error('no article');
    expect(marked.article.byline).toBe('Niko Matsakis');
    expect(plain.article.byline).toBe('Mei-Lin Foster');
  });

  test('…but not the name after a "by" that follows a byline of its own ("Reviewed by" after "By The Investopedia Team Updated …")', () => {
    const r = withByline([el('div', { class: 'bylines' }, [text('By The Desk Team Updated September 28, 2025 · Reviewed by Margaret James')])]);
    if (r.kind !== 'article') throw new Error('no article');
    expect(r.article.byline).not.toBe('Margaret James');
  });

  test('<address> and <time datetime> between the headline and the body', () => {
    const r = withByline([el('address', [text('Nell Garrity')]), text(' · '), el('time', { datetime: '2024-03-09' }, [text('9 March 2024')])]);
    if (r.kind !== 'article') throw new Error('no article');
    expect(r.article.byline).toBe('Nell Garrity');
    expect([r.article.publishedAt, r.article.publishedAtSource]).toEqual(['2024-03-09', 'time']);
  });

  test('the declared author wins over the visible one when it is a person; the publisher does not', () => {
    const person = withByline([text('By Sally Pengelly')], { meta: { metaTags: [{ key: 'author', content: 'Jane Smith' }] } });
    const org = withByline([text('By Sally Pengelly')], { meta: { metaTags: [{ key: 'author', content: 'USA TODAY' }] } });
    if (person.kind !== 'article' || org.kind !== 'article') throw new Error('no article');
    expect(person.article.byline).toBe('Jane Smith');
    expect(org.article.byline).toBe('Sally Pengelly');
  });

  test('the body\'s images with alt text and caption, its links, and rel=tag links after it', () => {
    const r = withByline([text('By Sally Pengelly')], {
      after: [el('div', { class: 'tags' }, [a('Bridges', 'https://news.example/tag/bridges', { rel: 'tag' }), a('Floods', 'https://news.example/tag/floods', { rel: 'tag' })])],
    });
    if (r.kind !== 'article') throw new Error('no article');
    expect(r.article.images).toEqual([{ url: 'https://news.example/img/bridge.jpg', alt: 'The bridge at dawn', caption: 'The bridge in March. Photo: Courier archive' }]);
    expect(r.article.leadImage).toBe('https://news.example/img/bridge.jpg');
    expect(r.article.links).toEqual([{ url: 'https://council.example/report', text: 'the council report' }]);
    expect(r.article.tags).toEqual(['Bridges', 'Floods']);
    // The sidebar's and the footer's links are not the body's.
    expect(r.article.links.some((l) => l.text === 'Most read' || l.text === 'Contact')).toBe(false);
  });

  test('a masthead date above the headline is not the dateline', () => {
    const r = extractFromSnapshot(
      newsPage({ article: [el('div', { class: 'meta' }, [text('16.05.2024 | Views: 2 031')]), ...paragraphs(5)] }),
    );
    if (r.kind !== 'article') throw new Error('no article');
    expect(r.article.publishedAt).toBe('2024-05-16');
  });
});

test('a body place without blocks reads only what the page declares (no endless range of node ids)', () => {
  const snap = snapshot([p('Some English body text.')], { meta: { title: 'Doc title', metaTags: [{ key: 'article:published_time', content: '2024-05-07' }] } });
  // The headline found, the body's blocks all gone: the header zone ran from the headline to "the body's start", Infinity.
  const m = readMetadata(snap, '', { tree: buildLayoutTree(snap), containerId: 0, blockIds: [], headlineId: 1 });
  expect(m.publishedAt).toBe('2024-05-07');
  expect(m.authors).toEqual([]);
});

test.describe("the author's box", () => {
  const byBox = (box: Spec[]) => {
    // The card set apart from the story, as sites set it (small grey type on a grey box).
    const result = extractFromSnapshot(newsPage({ afterArticle: [el('div', { class: 'card', background: GREY_BOX, fontSizePx: 13, color: GREY_TEXT }, box)] }));
    if (result.kind !== 'article') throw new Error(result.reason);
    return result.article.byline;
  };

  test('a name line, then a biography that opens with the name and a trade: the author', () => {
    expect(byBox([p('Nell Garrity'), p('| Author'), p('Nell Garrity is a transport correspondent who has covered the county for ten years.')])).toBe('Nell Garrity');
    expect(byBox([p('Shannon Grilli'), p('Shannon is an experienced writer and content strategist.')])).toBe('Shannon Grilli');
    expect(byBox([p('Lena Vogt'), p('Lena Vogt ist eine Journalistin aus Hamburg.')])).toBe('Lena Vogt');
  });

  test('no trade, no copula or another name: no author', () => {
    expect(byBox([p('Harbour Lights'), p('Harbour Lights is a festival held every August on the quay.')])).toBeNull();
    expect(byBox([p('Nell Garrity'), p('Nell Garrity wrote this after the meeting.')])).toBeNull();
    expect(byBox([p('Nell Garrity'), p('Tom Okafor is a transport correspondent.')])).toBeNull();
  });
});

test('a meta key no list names that says "published" and "date" or "time" gives the publication date; a publisher, an update or an automatic one does not', () => {
  const published = (key: string): string | null => metaOf({ metaTags: [{ key, content: '2025-05-27T06:03:43.274Z' }] }).publishedAt;
  expect(published('w-published-date')).toBe('2025-05-27T06:03:43Z');
  expect(published('shareaholic:article_published_time')).toBe('2025-05-27T06:03:43Z');
  expect(published('article:first_published_time')).toBe('2025-05-27T06:03:43Z');
  for (const key of ['article:publisher', 'last-published-date', 'auto-publish-date', 'published-updated-time', 'publishedtype', 'w-modified-date']) {
    expect(published(key), key).toBeNull();
  }
  // A listed key still comes first.
  expect(metaOf({ metaTags: [{ key: 'w-published-date', content: '2025-05-27' }, { key: 'article:published_time', content: '2025-05-20' }] }).publishedAt).toBe('2025-05-20');
});
