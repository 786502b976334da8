/**
 * The reviews and recommendations stages (src/extract/profiles/reviews.ts): on a page typed
 * product, the sections its markup names reviews (a review widget's summary, stars and the
 * reviews themselves) and the shop's carousels of other products leave the body, while the
 * description and specifications stay; a book's "editorial reviews" (its publisher's copy) and
 * a container that holds the page's h1 are not reviews; the article profile is not touched.
 */
import { test, expect } from '@playwright/test';
import { buildLayoutTree } from '../../src/segment/tree.js';
import { insideNamed } from '../../src/extract/profiles/reviews.js';
import { extractFromSnapshot } from '../../src/extract/from-snapshot.js';
import { chooseProfile, DEFAULT_PROFILE_PARAMS as DEFAULT_OFF } from '../../src/extract/profiles/index.js';
import { el, idOf, p, snapshot, text, textId } from './support/snapshot-builder.js';

test('an element named reviews is a review section; editorial reviews and a container holding the h1 are not', () => {
  const page = snapshot([
    el('div', { id: 'product-review-page', class: 'product-review-layout' }, [
      el('h1', [text('Stoneware mug, speckled glaze')]),
      p('Thrown by hand and glazed in a speckled oatmeal white, this mug holds a generous twelve ounces.'),
      el('div', { id: 'editorialReviews_feature_div' }, [p('“The best mug we tested this year.” — Kitchen Monthly')]),
      el('section', { id: 'customerReviews', class: 'yotpo-main-widget' }, [p('Love it! I drink my coffee from it every single morning.')]),
      el('div', { class: 'jdgm-rev-widget product-reviews' }, [p('Arrived quickly and packed well, five stars.')]),
    ]),
  ]);
  const inside = insideNamed(buildLayoutTree(page), 'reviews');
  expect(inside[idOf(page, 'product-review-page')]).toBe(0);
  expect(inside[textId(page, 'Thrown by hand')]).toBe(0);
  expect(inside[textId(page, 'The best mug we tested')]).toBe(0);
  expect(inside[idOf(page, 'customerReviews')]).toBe(1);
  expect(inside[textId(page, 'I drink my coffee')]).toBe(1);
  expect(inside[textId(page, 'Arrived quickly')]).toBe(1);
  const recommendations = insideNamed(buildLayoutTree(page), 'recommendations');
  expect(recommendations[textId(page, 'I drink my coffee')]).toBe(0);
});

test('a carousel or an upsell block is a recommendation section; the product gallery named slider is not', () => {
  const page = snapshot([
    el('h1', [text('Stoneware mug, speckled glaze')]),
    el('div', { class: 'product-gallery slider' }, [p('Front view of the mug on a linen cloth')]),
    el('div', { id: 'you-may-also-like', class: 'product-carousel' }, [p('Stoneware bowl, speckled glaze $28')]),
    el('div', { class: 'cart-upsell' }, [p('Add a matching saucer for $12')]),
  ]);
  const inside = insideNamed(buildLayoutTree(page), 'recommendations');
  expect(inside[textId(page, 'Front view of the mug')]).toBe(0);
  expect(inside[textId(page, 'Stoneware bowl')]).toBe(1);
  expect(inside[textId(page, 'matching saucer')]).toBe(1);
});

test('the stages run for a product typed with confidence, and the reviews stage for a collection', () => {
  expect(chooseProfile({ type: 'product', confidence: 0.9 }).stages).toEqual(expect.arrayContaining(['reviews', 'recommendations']));
  for (const type of ['article', 'service', 'listing', 'collection'] as const) {
    if (type !== 'collection') expect(chooseProfile({ type, confidence: 0.9 }).stages).not.toContain('reviews');
    expect(chooseProfile({ type, confidence: 0.9 }).stages).not.toContain('recommendations');
  }
  // A shop's category page leaves its customers' reviews out too, before its cards are collected.
  expect(chooseProfile({ type: 'collection', confidence: 0.9 }).stages).toEqual(['reviews', 'cards']);
});

const DESCRIPTION = [
  'Thrown by hand on the wheel and glazed in a speckled oatmeal white, this mug holds a generous twelve ounces of coffee or tea.',
  'Each piece is fired twice in our studio kiln, so the glaze is food safe, dishwasher safe and tough enough for daily use at home.',
  'Because every mug is made by hand, the speckles and the shape of the handle vary a little from one piece to the next.',
];
const REVIEWS = [
  'I bought two of these for my parents and they use them every single morning, the glaze is even prettier in person than online.',
  'Arrived quickly and packed very well in recycled paper, and it keeps my tea warm for much longer than my old mugs ever did.',
  'Lovely weight in the hand and the handle is comfortable even for big hands, I will be ordering the matching bowls next month.',
  'The colour is a little darker than in the photos but I like it even more this way, it goes with everything in my kitchen.',
];

const REVIEWERS = ['Scott Baker', 'Maria Lopez', 'Tom Reed', 'Anna Berg'];
const ALSO = [
  'Stoneware bowl in the same speckled oatmeal glaze, large enough for soup, salad or a generous helping of morning porridge. $28.00',
  'Handmade stoneware plate with a rolled rim, glazed to match the mug and bowl, and safe in the dishwasher and the oven. $32.00',
];

test("a product page's description stays; its customer reviews and the shop's recommendations leave the body", () => {
  const page = snapshot(
    [
      el('main', [
        el('h1', [text('Stoneware mug, speckled glaze')]),
        p('$34.00'),
        el('button', [text('Add to cart')]),
        ...DESCRIPTION.map((d) => p(d)),
        el('h2', [text('Specifications')]),
        el('ul', [el('li', [text('Capacity: 12 oz (350 ml)')]), el('li', [text('Dishwasher safe: yes')]), el('li', [text('Microwave safe: yes')])]),
        el('section', { id: 'reviews', class: 'product-reviews' }, [
          el('h2', [text('Customer reviews')]),
          ...REVIEWS.flatMap((r, i) => [el('div', { class: 'review-header' }, [el('div', { class: 'created' }, [text(`03/0${i + 4}/2024`)]), el('strong', { class: 'author' }, [text(`By ${REVIEWERS[i]}`)])]), p(r)]),
        ]),
        el('section', { class: 'related-carousel' }, [el('h2', [text('You may also like')]), ...ALSO.map((r) => p(r))]),
      ]),
    ],
    {
      url: 'https://shop.example/products/stoneware-mug-speckled',
      meta: { jsonLd: [JSON.stringify({ '@context': 'https://schema.org', '@type': 'Product', name: 'Stoneware mug, speckled glaze', description: DESCRIPTION.join(' '), offers: { '@type': 'Offer', price: '34.00', priceCurrency: 'USD' } })] },
    },
  );
  const result = extractFromSnapshot(page);
  expect(result.kind).toBe('article');
  if (result.kind !== 'article') return;
  expect(result.explanation.pageType?.type).toBe('product');
  expect(result.explanation.profile?.profile).toBe('product');
  for (const d of DESCRIPTION) expect(result.article.text).toContain(d);
  for (const r of REVIEWS) expect(result.article.text).not.toContain(r);
  for (const r of ALSO) expect(result.article.text).not.toContain(r);
  // A reviewer is not the page's author, nor a review's date the page's.
  expect(result.article.authors).toEqual([]);
  expect(result.article.publishedAt).toBeNull();
  expect(result.explanation.profileStages?.find((s) => s.stage === 'reviews')).toMatchObject({ applied: true });
  expect(result.explanation.profileStages?.find((s) => s.stage === 'recommendations')).toMatchObject({ applied: true });
  // Switched off, the reviews and the recommendations are read as the body.
  const off = extractFromSnapshot(page, { profiles: { ...DEFAULT_OFF, disabledStages: ['reviews', 'recommendations'] } });
  expect(off.kind === 'article' && REVIEWS.some((r) => off.article.text.includes(r))).toBe(true);
  expect(off.kind === 'article' && ALSO.some((r) => off.article.text.includes(r))).toBe(true);
});
