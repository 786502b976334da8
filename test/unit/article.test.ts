/**
 * The article built from a body selection (src/extract/article.ts, content-html.ts,
 * markdown.ts): plain text with blank lines between paragraphs, clean HTML from an allow-list
 * with all text escaped, Markdown, word counts.
 */
import { test, expect } from '@playwright/test';
import { countWords, type Article } from '../../src/extract/article.js';
import { escapeHtml } from '../../src/extract/content-html.js';
import { extractFromSnapshot } from '../../src/extract/from-snapshot.js';
import { a, el, p, prose, snapshot, text, type Spec } from './support/snapshot-builder.js';
import { newsPage, paragraphs } from './support/pages.js';
import type { LayoutSnapshot } from '../../src/types.js';

function extract(snap: LayoutSnapshot): Article {
  const result = extractFromSnapshot(snap);
  if (result.kind !== 'article') throw new Error(`expected an article, got none: ${result.reason}`);
  return result.article;
}

/** The tags the clean HTML may contain (src/extract/content-html.ts KEPT_TAGS). */
const ALLOWED = new Set([
  'p', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'dl', 'dt', 'dd', 'blockquote', 'pre', 'code', 'em', 'i', 'strong', 'b', 'u', 's',
  'sub', 'sup', 'mark', 'q', 'cite', 'abbr', 'a', 'br', 'img', 'figure', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'hr',
]);

const DANGEROUS = 'Never paste <script>alert("x")</script> or <img src=x onerror=alert(1)> into a page & hope.';

/** A body with wrappers, inline markup, a link, a list and text that looks like markup. */
function richPage(): LayoutSnapshot {
  return newsPage({
    article: [
      el('section', { class: 'story-body' }, [
        el('div', { class: 'para-wrap' }, [
          el('p', [text('The council '), el('strong', [text('confirmed')]), text(' on Tuesday that the '), el('em', [text('Harrow Bridge')]), text(' will reopen. '), a('The full report', 'https://news.example/report?a=1&b="2"'), text(' is online.')]),
        ]),
        p(prose(4, 4)),
        el('h2', [text('What changes')]),
        el('ul', [el('li', [text('A ramp from Mill Lane')]), el('li', [el('span', [text('Sockets at waist height')])])]),
        p(prose(4, 8)),
        p(DANGEROUS + ' ' + prose(2, 12)),
        el('h3', [text('Costs')]),
        p(prose(4, 16)),
      ]),
    ],
  });
}

test('text: paragraphs joined by one blank line, nothing else', () => {
  const body = paragraphs(3);
  const article = extract(newsPage({ article: body }));
  const expected = body.map((b) => (b.children[0]?.kind === 'text' ? b.children[0].text : '')).join('\n\n');
  expect(article.text).toBe(expected);
  expect(article.text).not.toMatch(/\n{3,}/u);
});

test('html: only allowed tags, only href/src/alt attributes, and wrappers are unwrapped', () => {
  const { html } = extract(richPage());
  const tags = [...html.matchAll(/<\/?([a-zA-Z][a-zA-Z0-9]*)/gu)].map((m) => m[1]!.toLowerCase());
  expect(tags.length).toBeGreaterThan(10);
  for (const tag of tags) expect(ALLOWED.has(tag), `<${tag}> in ${html}`).toBe(true);
  expect(tags).not.toContain('section');
  expect(tags).not.toContain('div');
  expect(tags).not.toContain('span');
  const attrs = [...html.matchAll(/<[a-z0-9]+((?:\s+[a-z-]+="[^"]*")*)\s*>/gu)].flatMap((m) => [...m[1]!.matchAll(/\s([a-z-]+)="/gu)].map((x) => x[1]));
  expect(attrs).toContain('href');
  for (const name of attrs) expect(['href', 'src', 'alt']).toContain(name);
  expect(html).not.toMatch(/class=|id=|style=/u);
  // Structure survives: the list, both headings, the emphasis and the link.
  expect(html).toContain('<ul>\n<li>A ramp from Mill Lane</li>\n<li>Sockets at waist height</li>\n</ul>');
  expect(html).toContain('<h2>What changes</h2>');
  expect(html).toContain('<h3>Costs</h3>');
  expect(html).toContain('<strong>confirmed</strong>');
  expect(html).toContain('<em>Harrow Bridge</em>');
});

test('html: text that looks like markup is escaped, attribute values too', () => {
  const { html, text: plain } = extract(richPage());
  expect(html).not.toMatch(/<script|<img src=x|onerror=alert\(1\)>/u);
  expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
  expect(html).toContain('into a page &amp; hope.');
  expect(html).toContain('<a href="https://news.example/report?a=1&amp;b=&quot;2&quot;">The full report</a>');
  // The plain text keeps the characters as they are.
  expect(plain).toContain(DANGEROUS);
});

// Regression (fixed in 047e8e7): the collector keeps `javascript:` hrefs (new URL() accepts
// them), and clean HTML once copied them with HTML escaping only — a clickable script link in
// output meant to be safe to display. The link text stays; the link does not.
test('html: links with javascript: URLs do not survive as links', () => {
  const article = extract(newsPage({ article: [el('p', [text(prose(3) + ' Then '), a('click', 'javascript:alert(1)'), text(' here.')]), ...paragraphs(3, 4)] }));
  expect(article.text).toContain('Then click here.');
  expect(article.html).not.toMatch(/javascript:/iu);
});

// Issue 14 (safe output): an image's src is kept only when it is a web URL; a javascript:,
// vbscript: or data: src (the collector keeps whatever src the page gives) is left out.
test('html: images keep only http(s) sources', () => {
  const picture = (src: string): ReturnType<typeof el> => el('p', [text(prose(1, 30) + ' '), el('img', { src, alt: 'a picture' }), text(' ' + prose(1, 31))]);
  const article = extract(
    newsPage({
      article: [
        p(prose(4)),
        picture('https://news.example/ok.jpg'),
        p(prose(4, 4)),
        picture('javascript:alert(1)'),
        p(prose(4, 8)),
        picture('JaVaScRiPt:alert(2)'),
        p(prose(4, 12)),
        picture('vbscript:msgbox(1)'),
        p(prose(4, 16)),
        picture('data:image/svg+xml,<svg onload=alert(3)>'),
        p(prose(4, 20)),
      ],
    }),
  );
  expect(article.html).toContain('<img src="https://news.example/ok.jpg"');
  expect(article.html).not.toMatch(/javascript:|vbscript:|data:|onload/iu);
  expect(article.markdown).not.toMatch(/javascript:|vbscript:|data:/iu);
});

test('escapeHtml escapes &, <, > and double quotes', () => {
  expect(escapeHtml('a & b < c > d "e"')).toBe('a &amp; b &lt; c &gt; d &quot;e&quot;');
});

test('markdown: ## for h2, ### for h3, - for list items, paragraphs apart', () => {
  const { markdown } = extract(richPage());
  expect(markdown).toMatch(/^## What changes$/mu);
  expect(markdown).toMatch(/^### Costs$/mu);
  expect(markdown).toMatch(/^- +A ramp from Mill Lane$/mu);
  expect(markdown).toMatch(/^- +Sockets at waist height$/mu);
  expect(markdown).toContain('**confirmed**');
  expect(markdown).toContain('[The full report](');
  expect(markdown).toContain(`${prose(4, 4)}\n\n## What changes`);
});

test('word count: words in Latin, Cyrillic and Korean script, one per Han or kana character, Thai at its letters per word', () => {
  expect(countWords('The bridge reopens, the council said.')).toBe(6);
  expect(countWords('Мост откроют до лета.')).toBe(4);
  expect(countWords('大桥将开放。')).toBe(5);
  expect(countWords('In 2024 大桥 opens')).toBe(5);
  // Korean stands between spaces (a syllable is no word); Thai runs its words together, about 4.4 letters each.
  expect(countWords('해솔시가 내년 7월부터 요금을 받지 않기로 했다.')).toBe(7);
  expect(countWords('ค่าโดยสารจะอยู่ที่สิบห้าบาทตลอดสาย')).toBe(8); // ค่าโดยสาร จะ อยู่ ที่ สิบห้า บาท ตลอด สาย
  const article = extract(newsPage({ article: paragraphs(2) }));
  expect(article.wordCount).toBe(countWords(article.text));
  expect(article.wordCount).toBeGreaterThan(50);
});

test('the article carries the URL and page metadata', () => {
  const article = extract(newsPage({ meta: { lang: 'en-GB', links: [{ rel: 'canonical', href: 'https://news.example/harrow-bridge' }] } }));
  expect(article.url).toBe('https://news.example/2024/05/story');
  // The language is the text's (text-language.ts), or, where the identifier was not loaded in this
  // worker, the page's <html lang> as its primary subtag: English either way.
  expect(article.language).toBe('en');
  expect(['text', 'html-lang']).toContain(article.languageSource);
  expect(article.hostname).toBe('news.example');
  expect(article.canonicalUrl).toBe('https://news.example/harrow-bridge');
});

test.describe('the headline as it shows', () => {
  const page = (h1: Spec[], title: string): LayoutSnapshot => snapshot([el('article', [el('h1', h1), ...paragraphs(5)])], { meta: { title } });

  test('a badge set inline-block and a <br> part words; a permalink mark is no part of it', () => {
    expect(extract(page([el('span', { display: 'inline-block' }, [text('Info')]), text('Ultimate GPU Guide')], 'Info - Ultimate GPU Guide | Forum')).title).toBe('Info Ultimate GPU Guide');
    expect(extract(page([text('Scalable End-to-End'), el('br'), text('Interpretability')], 'Scalable End-to-End Interpretability — Forum')).title).toBe('Scalable End-to-End Interpretability');
    expect(extract(page([text('Middleware'), a('¶', '#middleware')], 'Middleware | Django documentation')).title).toBe('Middleware');
  });

  test('a soft hyphen or a zero-width space in the headline is no part of its words', () => {
    expect(extract(page([text('Home Repair Assis\u00adtance Pro\u200bgram')], 'Home Repair Assistance Program | City of Marion')).title).toBe('Home Repair Assistance Program');
  });

  test('a headline and <title> saved as UTF-8 read as Latin-1 are read as written', () => {
    // "’" (E2 80 99) and "—" (E2 80 94) read byte by byte: "â" and two C1 controls.
    const title = 'A DIY Investor\u00e2\u0080\u0099s Guide to Retirement Calculators';
    expect(extract(page([text(title)], `${title} | White Coat Investor`)).title).toBe('A DIY Investor’s Guide to Retirement Calculators');
    expect(extract(page([text('itertools \u00e2\u0080\u0094 Functions creating iterators')], 'itertools \u00e2\u0080\u0094 Functions creating iterators')).title).toBe('itertools — Functions creating iterators');
  });

  test('the declared title agrees with the h1 whatever its quotes and case, not with the masthead', () => {
    const snap = newsPage({ headline: 'Budget Traveler’s Guide To Travel Insurance', meta: { title: "Budget Traveler's guide to travel insurance - Example News" } });
    expect(extract(snap).title).toBe('Budget Traveler’s Guide To Travel Insurance');
  });
});

test('a page without an article still says what it was: its title and declared metadata', () => {
  // An empty shell (a forum whose posts a script would load): nothing to read but its head.
  const shell = snapshot([el('header', []), el('main', [])], {
    url: 'https://forum.example/t/beginner-freelance-questions/26',
    meta: { title: 'Beginner freelance questions - Support - Example Forum', lang: 'en', metaTags: [{ key: 'article:published_time', content: '2025-03-02T10:00:00Z' }, { key: 'og:site_name', content: 'Example Forum' }] },
  });
  const result = extractFromSnapshot(shell);
  expect(result.kind).toBe('none');
  if (result.kind !== 'none') return;
  expect(result.facts?.title).toBe('Beginner freelance questions');
  expect(result.facts?.publishedAt).toBe('2025-03-02T10:00:00Z');
  expect(result.facts?.siteName).toBe('Example Forum');
  expect(result.facts?.fingerprint).toBeNull();
  expect(result.explanation.title?.candidates.length).toBeGreaterThan(0);
});

test('a spacer paragraph of invisible characters (`<p>&zwj;</p>`) is no paragraph of the text, HTML or Markdown', () => {
  const body = paragraphs(4);
  const spaced = [body[0]!, p('\u200d'), body[1]!, p('\u200b\u200b'), body[2]!, p('\u200d'), body[3]!];
  const article = extract(newsPage({ article: spaced }));
  const plain = extract(newsPage({ article: body }));
  expect(article.text).toBe(plain.text);
  expect(article.html).toBe(plain.html);
  expect(article.markdown).toBe(plain.markdown);
  // Inside a word a joiner stays: it shapes the word.
  const joined = extract(newsPage({ article: [p(`${prose(3, 2)} می\u200cخواهم`), ...body] }));
  expect(joined.text).toContain('می\u200cخواهم');
});
