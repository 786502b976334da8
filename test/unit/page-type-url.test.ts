import { expect, test } from '@playwright/test';
import { FITTED_PAGE_TYPE } from '../../src/score/fitted-params.js';
import { decidePageType, PAGE_TYPE_FEATURES, URL_FEATURES, urlFeatures } from '../../src/score/page-type.js';
import { UNKNOWN_URL_FEATURES } from '../../src/score/url-prior.js';
import { UNKNOWN_PAGE_ORIGIN } from '../../src/types.js';

test.describe('page type: what the URL says', () => {
  test('an article address reads as deep, dated and slugged', () => {
    expect(urlFeatures('https://news.example/2024/05/17/city-council-votes-on-new-budget-plan')).toMatchObject({
      urlDate: 1,
      urlRoot: 0,
      urlQuery: 0,
    });
    expect(urlFeatures('https://news.example/')).toMatchObject({ urlRoot: 1, urlDepth: 0 });
  });

  test('a slug counts the same words in every script: Arabic, Cyrillic and Chinese slugs arrive percent-encoded', () => {
    const latin = urlFeatures('https://news.example/news/2024/3/5/minister-meets-his-counterpart-in-cairo')!.urlSlugWords;
    expect(latin).toBeCloseTo(6 / 8);
    // What a browser sends for /news/2024/3/5/وزير-الخارجية-يلتقي-نظيره-بالقاهرة (Al Jazeera's form).
    const arabic = new URL('https://news.example/news/2024/3/5/وزير-الخارجية-يلتقي-نظيره-بالقاهرة').href;
    expect(arabic).toContain('%D9%88%D8%B2');
    expect(urlFeatures(arabic)!.urlSlugWords).toBeCloseTo(5 / 8);
    // One-letter words (с, в) do not count, as English "a" does not.
    expect(urlFeatures(new URL('https://news.example/news/министр-встретился-с-коллегой-в-каире').href)!.urlSlugWords).toBeCloseTo(4 / 8);
    // One segment of Chinese: one slug "word", as a slug without hyphens counts in English.
    expect(urlFeatures(new URL('https://news.example/news/外长会见埃及同行').href)!.urlSlugWords).toBeCloseTo(1 / 8);
    // Escapes that are not UTF-8 neither throw nor count.
    expect(urlFeatures('https://news.example/news/%E0%80%80-%C3%28')!.urlSlugWords).toBe(0);
  });

  test('a saved page served under the unknown origin has no URL features of its own', () => {
    expect(urlFeatures(`${UNKNOWN_PAGE_ORIGIN}story.html`)).toBeNull();
    expect(urlFeatures('not a url')).toBeNull();
  });

  test('the prior is a mean: every value lies within the range of its feature', () => {
    for (const name of URL_FEATURES) {
      expect(UNKNOWN_URL_FEATURES[name]).toBeGreaterThan(0);
      expect(UNKNOWN_URL_FEATURES[name]).toBeLessThan(1);
    }
  });

  test('an unknown address is kept out of the reason', () => {
    // Only the bias and an article-like address: the known reason cites the address.
    const features = new Float64Array(PAGE_TYPE_FEATURES.length);
    features[PAGE_TYPE_FEATURES.indexOf('bias')] = 1;
    const address = urlFeatures('https://news.example/politics/2024/05/17/city-council-votes-on-new-budget-plan-for-schools')!;
    for (const name of URL_FEATURES) features[PAGE_TYPE_FEATURES.indexOf(name)] = address[name];
    const known = decidePageType(features, FITTED_PAGE_TYPE);
    expect(known.reason).toMatch(/URL/u);
    const unknown = decidePageType(features, FITTED_PAGE_TYPE, { urlKnown: false });
    expect(unknown.probabilities).toEqual(known.probabilities);
    expect(unknown.reason).not.toMatch(/URL|query string|site root/u);
  });
});

test.describe('page type: URL and host words of the seven types', () => {
  test('a product, a thread, a docs page, a category, a collection and a service page each light their own word', () => {
    expect(urlFeatures('https://shop.example/products/blue-kettle-1-7l')).toMatchObject({ urlProduct: 1, hostShop: 1, urlForum: 0 });
    expect(urlFeatures('https://forum.example/t/why-does-my-build-fail/1234')).toMatchObject({ urlForum: 1, hostForum: 1, urlProduct: 0 });
    expect(urlFeatures('https://docs.example.org/en/latest/api/reference.html')).toMatchObject({ urlDocs: 1, hostDocs: 1 });
    expect(urlFeatures('https://news.example/category/politics/page/2')).toMatchObject({ urlListing: 1, urlCollection: 0 });
    expect(urlFeatures('https://store.example/collections/summer-dresses')).toMatchObject({ urlCollection: 1 });
    expect(urlFeatures('https://firm.example/services/tax-consulting')).toMatchObject({ urlService: 1, urlProduct: 0 });
    // A story's slug that merely contains such a word in a longer word does not light it.
    expect(urlFeatures('https://news.example/2024/05/17/productive-forums-documentaries')).toMatchObject({ urlProduct: 0, urlForum: 0, urlDocs: 0 });
  });
});

test.describe('page type: the decision over eight types', () => {
  test('probabilities sum to 1; a type without weights is never decided; no weights at all means article', () => {
    const features = new Float64Array(PAGE_TYPE_FEATURES.length);
    features[PAGE_TYPE_FEATURES.indexOf('bias')] = 1;
    features[PAGE_TYPE_FEATURES.indexOf('prices')] = 1;
    const d = decidePageType(features, { article: { bias: 0 }, product: { bias: -2, prices: 4 } });
    expect(d.type).toBe('product');
    expect(Object.values(d.probabilities).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 10);
    expect(d.probabilities.forum).toBe(0);
    expect(d.reason).toMatch(/prices/u);
    expect(decidePageType(features, {}).type).toBe('article');
  });
});
