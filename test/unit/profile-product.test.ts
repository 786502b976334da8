/**
 * The product stage (src/extract/profiles/product.ts): a product page whose body is short gets
 * the description of its JSON-LD Product node after the body — not when the body is long, says
 * it already, or the description is a word or two — and only on a page typed product with
 * confidence.
 */
import { test, expect } from '@playwright/test';
import { productFacts, productFallback } from '../../src/extract/profiles/product.js';
import { chooseProfile, DEFAULT_PROFILE_PARAMS } from '../../src/extract/profiles/index.js';

const DESCRIPTION = 'Springy foam and a light mesh upper give an easy ride for everyday road running, mile after mile.';
const productLd = (extra: Record<string, unknown> = {}): string => JSON.stringify({ '@context': 'https://schema.org', '@type': 'Product', name: 'Road Runner 41', description: DESCRIPTION, ...extra });

test('the first Product node with a description is read, inside a graph or an array, entities decoded and tags dropped', () => {
  expect(productFacts([productLd()])).toEqual({ name: 'Road Runner 41', description: DESCRIPTION });
  const graph = JSON.stringify({ '@graph': [{ '@type': 'WebPage', name: 'x' }, { '@type': ['ProductGroup'], name: 'Tee &amp; Co', description: '<p>Soft cotton &amp; a relaxed fit.</p>' }] });
  expect(productFacts(['not json', graph])).toEqual({ name: 'Tee & Co', description: 'Soft cotton & a relaxed fit.' });
  expect(productFacts([JSON.stringify({ '@type': 'NewsArticle', description: 'A story.' })])).toBeNull();
  expect(productFacts([])).toBeNull();
});

test('a short body gets the description; a long body, a body that says it, or a description of a word or two does not', () => {
  const facts = productFacts([productLd()]);
  expect(productFallback(facts, 'Road Runner 41\n\n$120', 3)).toBe(DESCRIPTION);
  expect(productFallback(facts, 'A long body.', 200)).toBeNull();
  expect(productFallback(facts, DESCRIPTION, 18)).toBeNull();
  expect(productFallback({ name: 'x', description: 'wf' }, '$120', 1)).toBeNull();
  expect(productFallback(null, '$120', 1)).toBeNull();
});

test('the stage runs only for a product typed with confidence, and can be switched off', () => {
  expect(chooseProfile({ type: 'product', confidence: 0.9 }).stages).toContain('product');
  expect(chooseProfile({ type: 'product', confidence: 0.3 }).stages).toEqual([]);
  expect(chooseProfile({ type: 'product', confidence: 0.9 }, { ...DEFAULT_PROFILE_PARAMS, disabledStages: ['product'] }).stages).not.toContain('product');
});
