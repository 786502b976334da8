/**
 * The cards stage of the listing and collection profiles (src/extract/profiles/cards.ts): the
 * repeated items of a page's main list join the body; a menu, a footer's columns or a pair of
 * teasers are not a list of cards; and the stage runs only when the page is typed a listing or
 * a collection with confidence, and can be switched off.
 */
import { test, expect } from '@playwright/test';
import { buildLayoutTree } from '../../src/segment/tree.js';
import { segment } from '../../src/segment/visual-units.js';
import { scoreUnits } from '../../src/score/score-units.js';
import { DEFAULT_SCORE_WEIGHTS } from '../../src/score/weights.js';
import { pageBlocks } from '../../src/score/block-features.js';
import { findCards } from '../../src/extract/profiles/cards.js';
import { articleTied, chooseProfile, DEFAULT_PROFILE_PARAMS, keepsTentativeProfile, TENTATIVE_PROFILE } from '../../src/extract/profiles/index.js';
import { PAGE_TYPES, type PageType, type PageTypeDecision } from '../../src/score/page-type.js';
import { extractFromSnapshot } from '../../src/extract/from-snapshot.js';
import type { LayoutSnapshot } from '../../src/types.js';
import { a, el, p, prose, snapshot, text, type ElSpec } from './support/snapshot-builder.js';

const PRODUCTS = [
  ['Trail Runner Two', 'Light mesh upper, grippy sole', '$120'],
  ['Road Racer Pro', 'Carbon plate for race day', '$180'],
  ['Everyday Walker', 'Soft foam for long days on foot', '$90'],
  ['Winter Hiker', 'Waterproof leather, warm lining', '$150'],
  ['Court Classic', 'Leather upper, cupsole, white', '$80'],
  ['Studio Slip-On', 'Stretch knit, easy on and off', '$70'],
] as const;

function card(i: number): ElSpec {
  const [name, summary, price] = PRODUCTS[i]!;
  return el('li', { class: `product-card card-${i}` }, [el('h3', [a(name, `https://shop.example/p/${i}`)]), p(summary), p(price)]);
}

function menu(): ElSpec {
  return el('nav', [el('ul', ['Men', 'Women', 'Kids', 'Sale', 'Stores'].map((w) => el('li', { class: 'menu-item' }, [a(w, `https://shop.example/${w.toLowerCase()}`)])))]);
}

function collectionPage(cards: number): LayoutSnapshot {
  return snapshot(
    [
      menu(),
      el('main', [
        el('h1', [text("Men's shoes")]),
        p('Shoes for every day and every trail, chosen and tested by our team of runners and walkers.'),
        el('ul', { class: 'grid' }, Array.from({ length: cards }, (_, i) => card(i))),
      ]),
      el('footer', [el('ul', ['About us', 'Careers at the shop', 'Contact and help', 'Shipping and returns'].map((w) => el('li', { class: 'col' }, [a(w, 'https://shop.example/x')])))]),
    ],
    { url: 'https://shop.example/collections/mens-shoes' },
  );
}

function cardsOf(page: LayoutSnapshot) {
  const tree = buildLayoutTree(page);
  const blocks = pageBlocks(tree, scoreUnits(segment(tree), page, DEFAULT_SCORE_WEIGHTS));
  return { tree, blocks, found: findCards(tree, blocks) };
}

test('the repeated product cards of a collection are its main list: every card, not the menu or the footer', () => {
  const { tree, blocks, found } = cardsOf(collectionPage(6));
  expect(found).not.toBeNull();
  expect(found!.itemIds).toHaveLength(6);
  const texts = found!.blockIndexes.map((i) => blocks[i]!.text).join(' | ');
  for (const [name, summary, price] of PRODUCTS) expect(texts).toContain(name), expect(texts).toContain(summary), expect(texts).toContain(price);
  expect(texts).not.toMatch(/Women|Careers/u);
  // Items whose class differs only by an index ("card-0", "card-1") are built alike.
  expect(tree.nodes[found!.listId]?.kind === 'element' && tree.nodes[found!.listId]).toMatchObject({ tag: 'ul' });
});

test('two teasers are a pair, not a list of cards', () => {
  expect(cardsOf(collectionPage(2)).found).toBeNull();
});

test('a menu of one-word links is not a list of cards, even outside <nav>', () => {
  const page = snapshot([el('div', { class: 'links' }, ['Men', 'Women', 'Kids', 'Sale', 'Stores', 'Help'].map((w) => el('div', { class: 'link' }, [a(w)]))), p('A page of prose with one long paragraph that says what the shop is and where its stores are.')]);
  expect(cardsOf(page).found).toBeNull();
});

test('items without links (a run of paragraphs) are not cards', () => {
  const page = snapshot([el('div', Array.from({ length: 5 }, (_, i) => el('div', { class: 'para' }, [p(`Paragraph ${i} of a plain text with several words in it.`)])))]);
  expect(cardsOf(page).found).toBeNull();
});

test('a short strip of links is not the main list of a page of prose', () => {
  const strip = el('div', { class: 'strip' }, [0, 1, 2].map((i) => el('div', { class: 'tile' }, [a(`${PRODUCTS[i]![0]} for you`)])));
  const prose = Array.from({ length: 8 }, (_, i) => p(`Sentence ${i} of a long story about the shop, with enough words to weigh far more than a strip of three small links does.`));
  expect(cardsOf(snapshot([el('main', [...prose, strip])])).found).toBeNull();
});

test('the stage runs only for a listing or collection typed with confidence, and can be switched off', () => {
  expect(chooseProfile({ type: 'collection', confidence: 0.9 }).stages).toEqual(['reviews', 'cards']);
  expect(chooseProfile({ type: 'listing', confidence: 0.9 }).stages).toEqual(['cards']);
  expect(chooseProfile({ type: 'collection', confidence: 0.3 }).stages).toEqual([]);
  expect(chooseProfile({ type: 'article', confidence: 0.9 }).stages).toEqual([]);
  expect(chooseProfile({ type: 'forum', confidence: 0.9 }).stages).toEqual([]);
  expect(chooseProfile({ type: 'collection', confidence: 0.9 }, { ...DEFAULT_PROFILE_PARAMS, disabledStages: ['cards'] }).stages).toEqual(['reviews']);
});

test('extraction of a collection keeps every card in the body and says so in the explanation', () => {
  const page = collectionPage(6);
  // The profiles' own block model reads every card of this small page itself; the stage is
  // measured where the model leaves cards out: the collection profile on the article model.
  const articleModel = { ...DEFAULT_PROFILE_PARAMS, modelTypes: [] };
  const own = extractFromSnapshot(page);
  expect(own.kind === 'article' && own.explanation.profile?.ownModel).toBe(true);
  for (const [name, summary, price] of PRODUCTS) for (const part of [name, summary, price]) expect(own.kind === 'article' ? own.article.text : '').toContain(part);
  const result = extractFromSnapshot(page, { profiles: articleModel });
  expect(result.kind).toBe('article');
  if (result.kind !== 'article') return;
  // The page reads as a collection with confidence (URL, repeated priced cards), so the stage ran and added what the block model left out.
  expect(result.explanation.pageType).toMatchObject({ type: 'collection' });
  expect(result.explanation.profile?.stages).toEqual(['reviews', 'cards']);
  expect(result.explanation.profileStages?.find((s) => s.stage === 'cards')).toMatchObject({ stage: 'cards', applied: true });
  for (const [name, summary, price] of PRODUCTS) for (const part of [name, summary, price]) expect(result.article.text).toContain(part);
  const off = extractFromSnapshot(page, { profiles: { ...articleModel, disabledStages: ['reviews', 'cards'] } });
  expect(off.kind === 'article' ? off.explanation.profileStages : 'none').toBeUndefined();
  expect(result.article.text).not.toMatch(/Careers/u);
});

test("an unclear collection whose article reading misses most of the page takes its type's profile, and says why", () => {
  // unclearBelow above the page's own confidence: the page is unclear, but not far from clear.
  const unclear = { ...DEFAULT_PROFILE_PARAMS, unclearBelow: 0.9999 };
  const page = collectionPage(6);
  const result = extractFromSnapshot(page, { profiles: unclear });
  expect(result.kind).toBe('article');
  if (result.kind !== 'article') return;
  expect(result.explanation.pageType!.confidence).toBeGreaterThanOrEqual(TENTATIVE_PROFILE.from);
  expect(result.explanation.profile).toMatchObject({ profile: 'collection', stages: ['reviews', 'cards'] });
  expect(result.explanation.profile!.reason).toMatch(/unclear \(collection at \d+ %\), but the article profile read less than \d+ % of the words its profile reads/u);
  for (const [name, summary, price] of PRODUCTS) for (const part of [name, summary, price]) expect(result.article.text).toContain(part);
});

test("an unclear page keeps its type's profile when that reads twice the article's words or more", () => {
  // A service page typed service at 48 % (WCXB-dev 0066): the article reading took 130 words of
  // the 267 the service profile read; the page's truth is all of them (word F1 0.65 → 1.00).
  expect(keepsTentativeProfile(267, 130)).toBe(true);
  expect(keepsTentativeProfile(200, 100)).toBe(true);
  // A short story whose wider reading adds its related links: less than twice the story.
  expect(keepsTentativeProfile(180, 100)).toBe(false);
});

test('an unclear page all but as likely an article keeps its article reading when that is a story', () => {
  const decided = (article: number, listing: number): Pick<PageTypeDecision, 'confidence' | 'probabilities'> => ({
    confidence: listing,
    probabilities: { ...(Object.fromEntries(PAGE_TYPES.map((t) => [t, 0])) as Record<PageType, number>), article, listing },
  });
  // A 2008 blog post typed listing at 41 % against article's 40 % out of fold (WCXB-dev 4456):
  // the listing profile read its sidebars and comments, 2,001 words against the story's 380.
  expect(articleTied(decided(0.4, 0.41), 380)).toBe(true);
  expect(keepsTentativeProfile(2001, 380, decided(0.4, 0.41))).toBe(false);
  // The article well behind its type (a service page at 59 % against 40 %): the wider reading stays.
  expect(keepsTentativeProfile(1735, 145, decided(0.4, 0.59))).toBe(true);
  // A tie over a few dozen words is no story: a shop's page whose article reading is 62 words.
  expect(keepsTentativeProfile(729, TENTATIVE_PROFILE.storyWords - 1, decided(0.3, 0.34))).toBe(true);
  // Without the decision, only the words decide (as before).
  expect(keepsTentativeProfile(2001, 380)).toBe(true);
});

test('an unclear page whose article reading is most of what its type would read keeps the article profile', () => {
  const unclear = { ...DEFAULT_PROFILE_PARAMS, unclearBelow: 0.9999 };
  // The same cards under a long introduction: the cards add less than twice the prose.
  const page = snapshot(
    [el('main', [el('h1', [text("Men's shoes")]), ...Array.from({ length: 6 }, (_, i) => p(prose(4, i * 4))), el('ul', { class: 'grid' }, Array.from({ length: 6 }, (_, i) => card(i)))])],
    { url: 'https://shop.example/collections/mens-shoes' },
  );
  const result = extractFromSnapshot(page, { profiles: unclear });
  expect(result.kind).toBe('article');
  if (result.kind !== 'article') return;
  expect(result.explanation.pageType!.type).not.toBe('article');
  expect(result.explanation.profile).toMatchObject({ profile: 'article' });
  expect(result.explanation.profile!.reason).toMatch(/unclear/u);
});

test("a profile that reads more of the page than an article's leaves the site's footer and asides out", () => {
  // A collection whose footer and sidebar hold sentences (a newsletter pitch, the shop's story,
  // trending posts): the collection profile's higher calibration takes blocks the block model
  // was unsure of, and these were among them.
  const sentences = (topic: string) => [
    p(`Sign up for our ${topic} letter and hear about new shoes, events at our stores and the stories of the people who wear them.`),
    p(`Our ${topic} team has been making shoes in the same town since 1972, and every pair is still checked by hand before it leaves.`),
  ];
  const page = snapshot(
    [
      menu(),
      el('main', [
        el('h1', [text("Men's shoes")]),
        p('Shoes for every day and every trail, chosen and tested by our team of runners and walkers.'),
        el('ul', { class: 'grid' }, Array.from({ length: 6 }, (_, i) => card(i))),
      ]),
      el('aside', [el('h3', [text('Trending on the journal')]), ...sentences('journal')]),
      el('footer', [...sentences('footer'), el('ul', ['About us', 'Careers at the shop', 'Contact and help'].map((w) => el('li', { class: 'col' }, [a(w, 'https://shop.example/x')])))]),
    ],
    { url: 'https://shop.example/collections/mens-shoes' },
  );
  const result = extractFromSnapshot(page);
  expect(result.kind).toBe('article');
  if (result.kind !== 'article') return;
  expect(result.explanation.profile?.profile).toBe('collection');
  expect(result.explanation.profile?.shift).toBeGreaterThan(0);
  for (const [name] of PRODUCTS) expect(result.article.text).toContain(name);
  expect(result.article.text).not.toMatch(/footer team|footer letter|journal team|journal letter/u);
});

test("a wider profile leaves the page's controls out — a card's buttons, its variant picker — but keeps a heading set in a button", () => {
  // Each card as shops build them: its name, summary and price, then "Add to cart" and "Quick
  // view" buttons and a size picker whose options are text. Those blocks are controls (a button,
  // a label, a select), the shop's machinery; an accordion's question, an <h4> inside the button
  // that opens its answer, is the page's content.
  const controlCard = (i: number): ElSpec => {
    const [name, summary, price] = PRODUCTS[i]!;
    return el('li', { class: `product-card card-${i}` }, [
      el('h3', [a(name, `https://shop.example/p/${i}`)]),
      p(summary),
      p(price),
      el('label', { class: 'size-picker' }, [el('span', [text('Choose your size')])]),
      el('button', { class: 'add' }, [el('span', [text('Add to cart')])]),
      el('button', { class: 'quick' }, [el('span', [text('Quick view')])]),
      // …and one in a line of text: the line keeps its words without the button's.
      el('p', { class: 'stock' }, [text(`Only ${i + 2} left in stock `), el('button', { class: 'notify' }, [text('Notify me')])]),
    ]);
  };
  const page = snapshot(
    [
      menu(),
      el('main', [
        el('h1', [text("Men's shoes")]),
        p('Shoes for every day and every trail, chosen and tested by our team of runners and walkers.'),
        el('ul', { class: 'grid' }, Array.from({ length: 6 }, (_, i) => controlCard(i))),
        el('div', { class: 'faq' }, [el('button', { class: 'accordion' }, [el('h4', [text('Can I return shoes I have worn outside?')])]), p('Yes, within thirty days, as long as the soles are clean and nothing is torn or worn through.')]),
      ]),
    ],
    { url: 'https://shop.example/collections/mens-shoes' },
  );
  const result = extractFromSnapshot(page);
  expect(result.kind).toBe('article');
  if (result.kind !== 'article') return;
  expect(result.explanation.profile?.profile).toBe('collection');
  for (const [name, summary, price] of PRODUCTS) for (const part of [name, summary, price]) expect(result.article.text).toContain(part);
  for (const output of [result.article.text, result.article.html, result.article.markdown]) expect(output).not.toMatch(/Add to cart|Quick view|Choose your size|Notify me/u);
  for (let i = 0; i < PRODUCTS.length; i++) expect(result.article.text).toContain(`Only ${i + 2} left in stock`);
  expect(result.article.text).toContain('Can I return shoes I have worn outside?');
});

test("a shop's page says a carousel's cloned slides once; an article keeps a short passage said twice", () => {
  // A category page's banner carousel as shops build it: three slides, each a heading and a
  // line (about 30 words in all), then the same three slides again (the clones that let it loop),
  // which a saved page without its scripts shows. The clones are no content of their own.
  const slides = [
    ['Trail season is here', 'New grip for wet rock and loose gravel.'],
    ['Built for the long run', 'Cushioning that holds its bounce after five hundred miles.'],
    ['Free returns for thirty days', 'Try them outside, send them back if they do not fit.'],
  ];
  const slide = (i: number, clone: boolean): ElSpec => el('div', { class: `slide${clone ? ' clone' : ''}` }, [el('h3', [text(slides[i]![0]!)]), p(slides[i]![1]!)]);
  const page = (url: string): LayoutSnapshot =>
    snapshot(
      [
        menu(),
        el('main', [
          el('h1', [text("Men's shoes")]),
          el('div', { class: 'carousel' }, [...[0, 1, 2].map((i) => slide(i, false)), ...[0, 1, 2].map((i) => slide(i, true))]),
          el('ul', { class: 'grid' }, Array.from({ length: 6 }, (_, i) => card(i))),
        ]),
      ],
      { url },
    );
  const shop = extractFromSnapshot(page('https://shop.example/collections/mens-shoes'));
  expect(shop.kind).toBe('article');
  if (shop.kind !== 'article') return;
  expect(shop.explanation.profile?.profile).toBe('collection');
  for (const [heading, line] of slides) {
    expect(shop.article.text.split(heading!).length - 1, `"${heading}" once`).toBe(1);
    expect(shop.article.text.split(line!).length - 1).toBe(1);
  }
  expect(shop.explanation.copies?.blocks).toBe(6);
  for (const [name] of PRODUCTS) expect(shop.article.text).toContain(name);
  // The same page read by the article profile (its type held unclear): a copy of 30 words is under
  // the article's bound (COPY_PARAMS.minWords), so both stay.
  const asArticle = extractFromSnapshot(page('https://shop.example/collections/mens-shoes'), { profiles: { ...DEFAULT_PROFILE_PARAMS, unclearBelow: 1.01 } });
  expect(asArticle.kind).toBe('article');
  if (asArticle.kind !== 'article') return;
  expect(asArticle.explanation.profile?.profile).toBe('article');
  expect(asArticle.explanation.copies).toBeUndefined();
  expect(asArticle.article.text.split(slides[1]![1]!).length - 1).toBe(2);
});
