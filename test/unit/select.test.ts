/**
 * Body selection through the whole pure pipeline (`extractFromSnapshot`, src/score/select.ts)
 * on synthetic news pages: what goes into the body, what stays out, and why.
 */
import { test, expect } from '@playwright/test';
import { extractFromSnapshot, type SnapshotExtraction } from '../../src/extract/from-snapshot.js';
import type { Article } from '../../src/extract/article.js';
import type { LayoutSnapshot } from '../../src/types.js';
import { a, el, idOf, p, prose, rgb, snapshot, text, wrapInChain, type ElSpec } from './support/snapshot-builder.js';
import { buildLayoutTree } from '../../src/segment/tree.js';
import { leafBlocks } from '../../src/segment/blocks.js';
import { textBlocks } from '../../src/segment/unit-text.js';
import { countWords, type PageBlock } from '../../src/score/block-features.js';
import { tagListBlocks } from '../../src/score/select.js';
import { FOOTER_TEXT, GREY_TEXT, HEADLINE, NAV_WORDS, SIDEBAR_HEADLINES, newsPage, paragraphs } from './support/pages.js';

function articleOf(result: SnapshotExtraction): Article {
  if (result.kind !== 'article') throw new Error(`expected an article, got none: ${result.reason}`);
  return result.article;
}

const extract = (snap: LayoutSnapshot): Article => articleOf(extractFromSnapshot(snap));

/**
 * Known weakness of the fitted block model (src/score/fitted-params.ts), kept as expected
 * failures so that a fix shows up as an unexpected pass: a short line without markup marks
 * (no class, role or tag that says byline, ad, share, caption, comments) that sits inside the
 * body's container between body blocks is rated by its context, and on the real pages the model
 * was fitted on such lines are mostly body (subheads, list items, short paragraphs). These
 * synthetic pages carry only their typography and words ("By …", "Advertisement", "Share
 * this"), which the model does not read yet: a text lexicon of furniture labels is the next
 * feature to try (it must be fitted and cross-validated like the others).
 */
const KNOWN_WEAKNESS = 'the fitted block model keeps unmarked furniture lines inside the body container';
const textsOf = (specs: ElSpec[]): string[] => specs.map((s) => (s.children[0]?.kind === 'text' ? s.children[0].text : ''));
const bodyParagraphs = (article: Article): string[] => article.text.split('\n\n');

test('nav + article + sidebar + footer: the body is exactly the article paragraphs', () => {
  const body = paragraphs(5);
  const article = extract(newsPage({ article: body }));
  expect(bodyParagraphs(article)).toEqual(textsOf(body));
  for (const word of [...NAV_WORDS, ...SIDEBAR_HEADLINES, FOOTER_TEXT, 'Most read', 'Example News']) expect(article.text).not.toContain(word);
});

test('the h1 is the title, not part of the body', () => {
  const article = extract(newsPage());
  expect(article.title).toBe(HEADLINE);
  expect(article.text).not.toContain(HEADLINE);
  expect(article.html).not.toContain('<h1');
});

test('a share bar inside the body is left out', () => {
  const before = paragraphs(2);
  const after = paragraphs(3, 8);
  const share = el('div', { class: 'share-tools' }, [text('Share this article: '), a('Facebook'), text(' '), a('Twitter'), text(' '), el('span', [text('Copy link.')])]);
  const article = extract(newsPage({ article: [...before, share, ...after] }));
  expect(bodyParagraphs(article)).toEqual(textsOf([...before, ...after]));
});

// The box it shares with the image, and nothing else, makes it a caption (select.ts IMAGE_CAPTION).
test('a caption set in smaller type is left out, even without a caption tag or class', () => {
  const before = paragraphs(2);
  const after = paragraphs(3, 8);
  const figure = el('div', [el('img', { src: 'https://news.example/bridge.jpg' }), p('The bridge seen from the north bank on Tuesday morning. Photograph: Jane Smith.', { fontSizePx: 13 })]);
  const result = extractFromSnapshot(newsPage({ article: [...before, figure, ...after] }));
  expect(bodyParagraphs(articleOf(result))).toEqual(textsOf([...before, ...after]));
  expect(articleOf(result).text).not.toContain('north bank');
});

// A small box that holds a field to type in is a form (from-snapshot.ts FORM_BOX): it asks the
// reader for something. A check box (a checklist's items) is no such field.
test('a newsletter sign-up between paragraphs is left out; a checklist with check boxes stays', () => {
  const before = paragraphs(3);
  const after = paragraphs(3, 8);
  const signUp = el('div', { class: 'box-7' }, [
    el('h4', { fontSizePx: 19 }, [text('Lindenau daily')]),
    p('The day’s news from Lindenau in your inbox every morning at six, free and easy to cancel.'),
    el('input', { box: { width: 240, height: 32 } }),
    el('button', [text('Sign up')]),
  ]);
  const article = extract(newsPage({ article: [...before, signUp, ...after] }));
  expect(article.text).not.toContain('inbox every morning');
  expect(bodyParagraphs(article)).toEqual(textsOf([...before, ...after]));

  const items = ['Book the venue twelve months ahead', 'Send the invitations eight weeks before the day', 'Confirm the caterer’s numbers a week before'];
  const checklist = el('ul', items.map((item) => el('li', [el('input', { box: { width: 13, height: 13 } }), text(item)])));
  const withChecklist = extract(newsPage({ article: [...before, checklist, ...after] }));
  for (const item of items) expect(withChecklist.text).toContain(item);
});

// The body's closing blocks (from-snapshot.ts trailingFurniture): links to other stories with
// their heading, and the writer's address line, are not the story; a list of sources whose links
// read as addresses is.
test('related links, an e-mail line and the writer\'s name closing the body are left out; a list of source addresses stays', () => {
  const body = paragraphs(4);
  const related = ['The council votes on the bus budget', 'Pensioners’ travel cards: how to apply', 'Bus operators report a record deficit'];
  const article = extract(
    newsPage({
      article: [...body, p('Kim Minjun, reporter minjun.kim@hanbit.example', { fontSizePx: 15 }), p('Related stories', { fontSizePx: 17, fontWeight: 700 }), el('ul', related.map((r) => el('li', [a(r)])))],
    }),
  );
  expect(bodyParagraphs(article)).toEqual(textsOf(body));

  const signed = extract(newsPage({ article: [...body, p('Hoang Phuong', { fontWeight: 700 })] }));
  expect(bodyParagraphs(signed)).toEqual(textsOf(body));

  const sources = ['https://data.example.org/bus-fares-2024.csv', 'https://council.example.gov/minutes/2024-11-21', 'https://transit.example.org/annual-report'];
  const withSources = extract(newsPage({ article: [...body, p('Sources:'), ...sources.map((s) => el('p', [a(s, s)]))] }));
  for (const source of sources) expect(withSources.text).toContain(source);
});

// A box's heading left as the body's last line (from-snapshot.ts DANGLING_HEADINGS): it heads
// nothing of the story; inside the body, such a heading stays.
test('a "You may also like..." heading closing the body is left out; the same heading between paragraphs stays', () => {
  const body = paragraphs(4);
  for (const heading of ['You may also like...', 'Related Posts:', 'Você pode gostar...', '相关阅读']) {
    const article = extract(newsPage({ article: [...body, p(heading, { fontWeight: 700 })] }));
    expect(bodyParagraphs(article), heading).toEqual(textsOf(body));
  }
  const inside = extract(newsPage({ article: [...paragraphs(2), p('Related reading', { fontWeight: 700 }), ...paragraphs(2, 8)] }));
  expect(inside.text).toContain('Related reading');
});

// A line that points to another story, by the words papers print before such links
// (from-snapshot.ts READ_ALSO_LABELS); a label of other words before a link is the story's own.
test('a "Read also: <link>" line between paragraphs is left out, in any language; a "Source: <link>" line stays', () => {
  const before = paragraphs(2);
  const after = paragraphs(3, 8);
  for (const label of ['Read also:', 'Lire aussi |', 'Baca juga:', 'यह भी पढ़ें:']) {
    const line = el('p', [text(`${label} `), a('Council approves the river path after a decade of delays')]);
    const article = extract(newsPage({ article: [...before, line, ...after] }));
    expect(bodyParagraphs(article), label).toEqual(textsOf([...before, ...after]));
  }
  const source = el('p', [text('Source: '), a('The county flood report of March 2024')]);
  const article = extract(newsPage({ article: [...before, source, ...after] }));
  expect(article.text).toContain('The county flood report of March 2024');
});

// The label names the box it sits in (select.ts AD_LABELS, labelledAdSlots).
test('an "Advertisement" label and the ad box around it are left out', () => {
  const before = paragraphs(2);
  const after = paragraphs(3, 8);
  const slot = el('div', [p('Advertisement', { fontSizePx: 16 }), el('div', [p('Switch to Flowmobile today. Unlimited data for less than you pay now.')])]);
  const article = extract(newsPage({ article: [...before, slot, ...after] }));
  expect(bodyParagraphs(article)).toEqual(textsOf([...before, ...after]));
});

test('subheadings between paragraphs are kept: an h2 and a short bold line', () => {
  const article = extract(
    newsPage({ article: [...paragraphs(2), el('h2', [text('What happens next')]), ...paragraphs(2, 8), p('Who pays for it?', { fontWeight: 700 }), ...paragraphs(1, 16)] }),
  );
  const blocks = bodyParagraphs(article);
  expect(blocks[2]).toBe('What happens next');
  expect(blocks[5]).toBe('Who pays for it?');
  expect(blocks).toHaveLength(7);
  expect(article.markdown).toContain('## What happens next');
});

test('a standfirst in larger type before the body is left out', () => {
  test.fail(true, KNOWN_WEAKNESS);
  const standfirst = 'The crossing has been closed for eighteen months since the flood. Repairs cost twice the estimate.';
  const body = paragraphs(4);
  const article = extract(newsPage({ article: [p(standfirst, { fontSizePx: 21 }), ...body] }));
  expect(article.text).not.toContain('eighteen months');
  expect(bodyParagraphs(article)).toEqual(textsOf(body));
});

// Read with the metadata stage's byline and date readers (from-snapshot.ts leadingMetaLines).
test('a byline and dateline in small grey type before the body are left out', () => {
  const body = paragraphs(4);
  const article = extract(newsPage({ article: [p('By Jane Smith, Transport Correspondent', { fontSizePx: 14, color: GREY_TEXT }), el('time', { datetime: '2024-05-07' }, [text('7 May 2024')]), ...body] }));
  expect(bodyParagraphs(article)).toEqual(textsOf(body));
});

test('a byline with its date on one line, under a subtitle set as a heading, is left out; the subtitle stays', () => {
  const body = paragraphs(4);
  const subtitle = el('h2', { fontSizePx: 20, fontWeight: 400 }, [text('The measure starts in December and will cost the town four million a year, the council said on Wednesday.')]);
  const byline = el('p', { fontSizePx: 13, color: GREY_TEXT }, [text('By Carla Menezes, The Serra Daily — Vila Serena'), el('br'), text('20/11/2024 09:12 · Updated 2 hours ago')]);
  const article = extract(newsPage({ article: [subtitle, byline, ...body] }));
  expect(article.text).not.toContain('Carla Menezes');
  expect(article.text).toContain('four million a year');
  expect(article.authors[0]).toBe('Carla Menezes');
});

test('a list between paragraphs and a list that ends the article are kept', () => {
  const items = ['Ramp access from Mill Lane', 'Sockets at waist height', 'A floor 90 cm higher'];
  const closing = ['Open Monday to Saturday', 'Late opening on Thursdays'];
  const article = extract(
    newsPage({ article: [...paragraphs(2), el('ul', items.map((i) => el('li', [text(i)]))), ...paragraphs(2, 8), el('ul', closing.map((i) => el('li', [text(i)])))] }),
  );
  const blocks = bodyParagraphs(article);
  expect(blocks.slice(2, 5)).toEqual(items);
  expect(blocks.slice(-2)).toEqual(closing);
  expect(article.markdown).toMatch(/^- +Ramp access from Mill Lane$/mu);
});

// Comments with no date beside them are not found by their structure; the container's name
// says what they are (from-snapshot.ts commentMarkedBlocks).
test('reader comments in a "comments" container after the article are left out, even when longer', () => {
  const body = paragraphs(3);
  const comments = el('section', { class: 'comments' }, [
    el('h3', [text('Comments (4)')]),
    ...[0, 1, 2, 3].map((i) => el('div', { class: 'entry' }, [p(`reader_${i}`, { fontWeight: 700 }), p(prose(6, 40 + 6 * i))])),
  ]);
  const article = extract(newsPage({ article: body, afterArticle: [comments] }));
  expect(bodyParagraphs(article)).toEqual(textsOf(body));
});

test('a page of link lists without sentences is not an article, and says so', () => {
  const snap = snapshot([
    el('nav', [el('ul', NAV_WORDS.map((w) => el('li', [a(w)])))]),
    el('main', [el('h1', [text('World news')]), el('ul', SIDEBAR_HEADLINES.map((h) => el('li', [a(h)])))]),
    el('footer', [p('© 2024 Example News')]),
  ], { url: 'https://news.example/world/' });
  const result = extractFromSnapshot(snap, { articlesOnly: true });
  expect(result.kind).toBe('none');
  if (result.kind === 'none') expect(result.reason.length).toBeGreaterThan(10);
});

test('a page with no text at all has no body, and says why', () => {
  const result = extractFromSnapshot(snapshot([el('div', [el('img', { src: 'a.png' }, [])])]));
  expect(result.kind).toBe('none');
  if (result.kind === 'none') expect(result.reason).toMatch(/text/);
});

// Regression, fixed — was a bug (src/score/select.ts, selectBody/classifyUnit): furniture is only recognised *below* the
// chosen container (`junk.find((j) => depth[j] > depth[container])`, and isProseBlock checks
// the path up to the seed only). On a section page whose only sentences are the copyright line
// in <footer>, the footer paragraph becomes the seed, the container is chosen inside the footer,
// and the copyright line (53 characters ≥ minBodyChars 50) is returned as the article body.
// Expected kind 'none'; actual kind 'article' with text "Copyright 2024 Example News Ltd. All
// rights reserved."
test('a page whose only sentences are in the <footer>: the footer is not its body', () => {
  test.fail(true, KNOWN_WEAKNESS);
  const result = extractFromSnapshot(newsPage({ article: [el('ul', ['Alpha', 'Beta', 'Gamma'].map((w) => el('li', [text(w)])))] }));
  expect(result.kind === 'article' ? result.article.text : '').not.toContain(FOOTER_TEXT);
});

test('a headline in a styled div (no h1) is the title and stays out of the body', () => {
  const headline = 'Harrow Bridge to reopen before the summer';
  const body = paragraphs(4);
  const snap = snapshot(
    [el('div', { class: 'story-top' }, [el('div', { class: 'hl', fontSizePx: 36, fontWeight: 700 }, [text(headline)])]), el('div', { class: 'story-text', box: { width: 680 } }, body)],
    { meta: { title: `${headline} – Example News` } },
  );
  const article = extract(snap);
  expect(article.title).toBe(headline);
  expect(bodyParagraphs(article)).toEqual(textsOf(body));
});

// Regression, fixed — was a weakness (the title choice, src/extract/title.ts): a large line above the body is only a title
// candidate when the declared <title> agrees with it. When <title> is the bare site name (common
// on small sites and AMP pages), the visible 36 px bold headline is passed over and the site
// name is returned. Expected "Harrow Bridge to reopen before the summer"; actual "Example News".
test('a headline in a styled div is the title even when <title> is only the site name', () => {
  const headline = 'Harrow Bridge to reopen before the summer';
  const snap = snapshot(
    [el('div', { class: 'story-top' }, [el('div', { fontSizePx: 36, fontWeight: 700 }, [text(headline)])]), el('div', { box: { width: 680 } }, paragraphs(4))],
    { meta: { title: 'Example News' } },
  );
  expect(extract(snap).title).toBe(headline);
});

// Regression, fixed — was a weakness (src/score/select.ts, classifyBlock): a short bold line with at most one sentence
// end is taken for a subheading, and trimToBodySpan then drops it as "before the first body
// paragraph". A bold one-sentence intro paragraph (BBC-style "story-body__introduction") is
// therefore lost. Expected the first body block to be the intro; actual it is left out with
// reason "short emphasised line (subheading), before the first body paragraph".
test('a bold one-sentence intro paragraph is part of the body', () => {
  const intro = 'Harrow Bridge will reopen in June, eighteen months after the flood that closed it.';
  const article = extract(newsPage({ article: [p(intro, { fontWeight: 700 }), ...paragraphs(4)] }));
  expect(bodyParagraphs(article)[0]).toBe(intro);
});

test('paragraphs separated only by <br><br> come out as paragraphs', () => {
  const parts = [prose(4, 0), prose(4, 4), prose(4, 8)];
  const snap = snapshot([el('div', { class: 'story', box: { width: 680 } }, [text(parts[0]!), el('br'), el('br'), text(parts[1]!), el('br'), el('br'), text(parts[2]!)])]);
  expect(bodyParagraphs(extract(snap))).toEqual(parts);
});

// Old pages wrap a whole cell in one <font> (or <span>, <b>) with the paragraphs set apart by
// <br><br> inside it: the wrapper is opened, so its paragraphs are blocks of their own and come
// out as paragraphs (the golden fixture br-separated-paragraphs is such a page).
test('paragraphs separated by <br><br> inside an inline wrapper come out as paragraphs', () => {
  const parts = [prose(4, 0), prose(4, 4), prose(4, 8)];
  const font = el('font', { display: 'inline' }, [text(parts[0]!), el('br'), el('br'), el('b', { display: 'inline' }, [text(parts[1]!)]), el('br'), el('br'), text(parts[2]!)]);
  const snap = snapshot([el('td', { display: 'table-cell', box: { width: 680 } }, [font])]);
  expect(bodyParagraphs(extract(snap))).toEqual(parts);
});

// An old table layout's footer row right after the body's cell: a short line the block model
// takes for its place next to the last paragraph; the body's cell holds all the rest.
test('a short line outside the table cell that holds the body is left out (an old layout\'s footer row)', () => {
  const parts = [prose(4, 0), prose(4, 4), prose(4, 8)];
  const footer = 'Hollins Green Echo · A village newsletter since 1987';
  const snap = snapshot([
    el('table', { display: 'table', box: { width: 980 } }, [
      el('td', { display: 'table-cell', box: { width: 640 } }, [el('font', { display: 'inline' }, [text(parts[0]!), el('br'), el('br'), text(parts[1]!), el('br'), el('br'), text(parts[2]!)])]),
    ]),
    el('table', { display: 'table', box: { width: 980 } }, [el('td', { display: 'table-cell', box: { width: 980 } }, [el('font', { display: 'inline' }, [text(footer)])])]),
  ]);
  const result = extractFromSnapshot(snap);
  expect(bodyParagraphs(articleOf(result))).toEqual(parts);
});

test('a dark-theme page: light text on a dark background is still the body', () => {
  const body = paragraphs(4);
  const snap = snapshot([el('article', { box: { width: 680 } }, [el('h1', [text(HEADLINE)]), ...body])], { body: { background: 'rgba(18, 18, 18, 1)', color: rgb(230, 230, 230) } });
  expect(bodyParagraphs(extract(snap))).toEqual(textsOf(body));
});

// An old table layout puts the headline, the date and the body into one <td> as one inline run:
// the run is split at its <br><br>s into blocks (src/segment/blocks.ts), so the headline and
// date are decided on their own and stay out of the body (golden fixture
// br-paragraphs-headline-in-same-cell, where each part also sits in a <font> of its own).
test('a headline and date in the same <td> run as the body are not body paragraphs', () => {
  const headline = 'Flower show moves to the cricket ground';
  const parts = [prose(3), prose(3, 3), prose(3, 6)];
  const snap = snapshot(
    [
      el('div', [el('b', { fontSizePx: 24 }, [text('Valley Gazette')])]),
      el('td', { display: 'table-cell', box: { width: 640 } }, [
        el('b', { fontSizePx: 24 }, [text(headline)]), el('br'), el('small', [text('Posted Thursday 12 June 2025')]), el('br'), el('br'),
        text(parts[0]!), el('br'), el('br'), text(parts[1]!), el('br'), el('br'), text(parts[2]!),
      ]),
    ],
    { meta: { title: `Valley Gazette - ${headline}` } },
  );
  expect(bodyParagraphs(extract(snap))).toEqual(parts);
});

test.describe('the explanation', () => {
  test('lists every unit once, in order, with a role and a reason, and marks the seed', () => {
    const result = extractFromSnapshot(newsPage({ article: [...paragraphs(2), el('div', { class: 'share' }, [a('Facebook'), text(' '), a('Twitter')]), ...paragraphs(2, 8)] }));
    const units = result.explanation.units;
    expect(units.length).toBeGreaterThan(3);
    expect(units.map((u) => u.order)).toEqual(units.map((_, i) => i));
    for (const u of units) {
      expect(u.role, `unit ${u.order} (${u.preview})`).not.toBe('unclassified');
      expect(u.reason.length, `unit ${u.order} (${u.preview})`).toBeGreaterThan(0);
    }
    const seed = units.find((u) => u.order === result.explanation.seedOrder);
    expect(seed?.included).toBe(true);
    expect(seed?.reason).toMatch(/seed/);
    // Units outside the article column say so; the nav is one of them.
    const nav = units.find((u) => u.preview.startsWith('Home'));
    expect(nav).toMatchObject({ included: false, role: 'outside-container' });
    expect(result.explanation.containerId).not.toBeNull();
  });

  // Regression, fixed — was a weakness (src/score/select.ts, selectBody): the early 'none' returns carry `decisions: []`,
  // so `--explain` on a page without an article shows every unit as 'unclassified' with an
  // empty reason — exactly when a reader most needs to know why each was rejected. Input: a
  // nav, a list of links and a <footer> with one sentence; actual roles all 'unclassified'.
  test('on a page without an article, every unit still has a role and a reason', () => {
    const result = extractFromSnapshot(
      snapshot(
        [
          el('nav', [el('ul', ['Home', 'World', 'Sport'].map((w) => el('li', [a(w)])))]),
          el('ul', SIDEBAR_HEADLINES.map((h) => el('li', [a(h)]))),
          el('footer', [p('Copyright 2024 Example News Ltd. All rights reserved worldwide.')]),
        ],
        { url: 'https://news.example/world/' },
      ),
      { articlesOnly: true },
    );
    expect(result.kind).toBe('none');
    for (const u of result.explanation.units) {
      expect(u.role).not.toBe('unclassified');
      expect(u.reason).not.toBe('');
    }
  });
});

// Regression (fixed in 047e8e7): text, block and HTML walks recursed once per DOM level, so an
// article inside 5000 nested <div>s could overflow the stack; container choice was quadratic
// in the depth.
test('a 5000-deep chain of wrappers around the article does not overflow the stack', () => {
  const snap = wrapInChain(snapshot([el('article', [el('h1', [text(HEADLINE)]), ...paragraphs(3)])]), 5000);
  expect(snap.nodes[5000]?.parent).toBe(4999);
  // The paragraphs come out whole and in order (whether the h1 also does is not this test's
  // concern: without the page's other furniture the model reads it as the body's first line).
  expect(bodyParagraphs(extract(snap)).slice(-3)).toEqual(textsOf(paragraphs(3)));
});

test('a line that is only a machine identifier (a UUID, a hex digest) is no body text; a sentence that names one is', () => {
  const before = paragraphs(2);
  const after = paragraphs(2, 8);
  const keys = ['303097ac-d3e5-41e1-baf5-303640756ebf', '2bf8403c-6590-4d73-8b16-95f6c3ecdef8', '5f9c5ed5d64d1b3c8a2e4f6071a9b8c7'].map((k) => p(k));
  const cited = p('The build was tagged 303097ac-d3e5-41e1-baf5-303640756ebf before the release went out to every customer.');
  const result = extractFromSnapshot(newsPage({ article: [...before, ...keys, cited, ...after] }));
  const article = articleOf(result);
  expect(bodyParagraphs(article)).toEqual(textsOf([...before, cited, ...after]));
  if (result.kind !== 'article') return;
  const left = result.explanation.units.filter((u) => u.preview.startsWith('303097ac') || u.preview.startsWith('5f9c5ed5'));
  for (const u of left) expect(u.role === 'no-sentence' || !u.included).toBe(true);
});

test("a microdata timestamp and an image's address alone on their lines are no body text; the same values in a specification's table stay", () => {
  const before = paragraphs(2);
  const after = paragraphs(2, 8);
  // Unstyled, a page's hidden microdata shows: its published time and its logo's address.
  const machine = [p('2019-11-19T08:57:40+01:00'), p('https://paper.example/assets/images/logos/og-image-logo.png')];
  const spec = el('table', [
    el('tr', [el('td', [text('image_link')]), el('td', [el('code', [text('https://example.com/image1.jpg')])])]),
    el('tr', [el('td', [text('updated_at')]), el('td', [text('2025-01-31T12:00:00Z')])]),
  ]);
  const result = extractFromSnapshot(newsPage({ article: [...before, ...machine, spec, ...after] }));
  const article = articleOf(result);
  expect(article.text).not.toContain('2019-11-19T08:57:40+01:00');
  expect(article.text).not.toContain('og-image-logo.png');
  for (const q of [...before, ...after]) expect(article.text).toContain(textsOf([q])[0]!);
  expect(article.text).toContain('https://example.com/image1.jpg');
  expect(article.text).toContain('2025-01-31T12:00:00Z');
});

test('a list of links to tag pages and its "Tags" label are the site\'s filing; a line with an ordinary link, or with one tag link among others, is not', () => {
  const names = ['calendario stock car 2018', 'stock car brasil', 'stock car interlagos'];
  const tagLinks = names.flatMap((n, k) => [a(n, `https://news.example/tag/${n.replace(/ /gu, '-')}`), text(k < names.length - 1 ? ', ' : '')]);
  const snap = snapshot([
    p(prose(2, 30), { id: 'story' }),
    el('p', { id: 'label' }, [text('Tags')]),
    el('p', { id: 'tags' }, tagLinks),
    el('p', { id: 'rel' }, [a('Formula Truck', 'https://news.example/topics/formula-truck', { rel: 'tag' })]),
    el('p', { id: 'mixed' }, [a('stock car', 'https://news.example/tag/stock-car'), text(', '), a('the results', 'https://news.example/results/2018')]),
    el('p', { id: 'linked' }, [text('The calendar is on '), a('the series site', 'https://series.example/calendar'), text('.')]),
  ]);
  const tree = buildLayoutTree(snap);
  const ids = ['story', 'label', 'tags', 'rel', 'mixed', 'linked'].map((id) => idOf(snap, id));
  const blocks: PageBlock[] = ids.flatMap((id) => leafBlocks(tree, [id])).map((block, index) => {
    const t = textBlocks(tree, block.ids).join('\n').trim();
    return { index, unitOrder: 0, block, text: t, words: countWords(t) };
  });
  const chosen = new Set(blocks.map((b) => b.index));
  const found = tagListBlocks(tree, blocks, chosen).map((i) => blocks[i]!.text).sort();
  expect(found).toEqual(['Formula Truck', 'Tags', 'calendario stock car 2018, stock car brasil, stock car interlagos'].sort());
});
