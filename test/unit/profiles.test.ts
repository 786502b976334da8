import { expect, test } from '@playwright/test';
import { chooseProfile, tentativeProfile, TENTATIVE_PROFILE } from '../../src/extract/profiles/index.js';

const params = { shifts: { forum: 1.5, listing: 2 }, unclearBelow: 0.4 };

test('an article runs the article profile', () => {
  expect(chooseProfile({ type: 'article', confidence: 0.9 }, params)).toMatchObject({ profile: 'article', shift: 0 });
});

test("a type with a fitted profile runs it, and the reason names the type and its shift", () => {
  const c = chooseProfile({ type: 'forum', confidence: 0.8 }, params);
  expect(c).toMatchObject({ profile: 'forum', shift: 1.5 });
  expect(c.reason).toMatch(/forum \(80 %\).*more/u);
});

test('an unclear type gets the article profile and says so', () => {
  const c = chooseProfile({ type: 'forum', confidence: 0.3 }, params);
  expect(c).toMatchObject({ profile: 'article', shift: 0 });
  expect(c.reason).toMatch(/unclear.*article profile/u);
});

test('a confidence just under the bound is not said to be the bound itself', () => {
  const c = chooseProfile({ type: 'collection', confidence: params.unclearBelow - 0.0004 }, params);
  const bound = Math.round(params.unclearBelow * 100);
  expect(c.reason).not.toContain(`at ${bound} %, below ${bound} %`);
  expect(c.reason).toContain(`at ${bound - 1}.9 %, below ${bound} %`);
  expect(chooseProfile({ type: 'collection', confidence: 0.3 }, params).reason).toContain('at 30 %');
});

test('a type whose profile did not help out of fold gets the article profile and says so', () => {
  const c = chooseProfile({ type: 'documentation', confidence: 0.9 }, params);
  expect(c).toMatchObject({ profile: 'article', shift: 0, stages: [] });
  expect(c.reason).toMatch(/no profile that helped.*article profile/u);
});

test('a type without a fitted shift but with a stage of its own runs the stage at the article calibration', () => {
  const c = chooseProfile({ type: 'product', confidence: 0.9 }, params);
  expect(c).toMatchObject({ profile: 'product', shift: 0, stages: ['reviews', 'recommendations', 'product'] });
  expect(c.reason).toMatch(/article calibration; then reviews, recommendations, product/u);
});

test('an unclear listing, collection or service page near clear tries its profile; a forum, an article or a far-from-clear page does not', () => {
  const withShifts = { shifts: { listing: 4, collection: 3, service: 3, forum: 3 }, unclearBelow: 0.6 };
  expect(tentativeProfile({ type: 'listing', confidence: 0.5 }, withShifts)).toMatchObject({ profile: 'listing', shift: 4, stages: ['cards'] });
  expect(tentativeProfile({ type: 'service', confidence: TENTATIVE_PROFILE.from }, withShifts)).toMatchObject({ profile: 'service', shift: 3 });
  expect(tentativeProfile({ type: 'listing', confidence: TENTATIVE_PROFILE.from - 0.01 }, withShifts)).toBeNull();
  expect(tentativeProfile({ type: 'listing', confidence: 0.7 }, withShifts)).toBeNull(); // clear: chooseProfile runs it
  expect(tentativeProfile({ type: 'forum', confidence: 0.5 }, withShifts)).toBeNull();
  expect(tentativeProfile({ type: 'article', confidence: 0.5 }, withShifts)).toBeNull();
});

test("a type that reads with the profiles' own block model says so, at its shift of that model's calibration; another type shifts the article model", async () => {
  const { FITTED_PROFILE_MODEL } = await import('../../src/score/fitted-profile-model.js');
  const own = { shifts: { forum: 0, listing: 1, product: 1 }, unclearBelow: 0.6, model: FITTED_PROFILE_MODEL, modelTypes: ['forum', 'listing'] as const };
  const forum = chooseProfile({ type: 'forum', confidence: 0.9 }, own);
  // Shift 0 is a profile here: the own model at its own calibration, not the article profile.
  expect(forum).toMatchObject({ profile: 'forum', shift: 0, ownModel: true });
  expect(forum.reason).toMatch(/forum \(90 %\): read with the block model of pages of its kind/u);
  const listing = chooseProfile({ type: 'listing', confidence: 0.9 }, own);
  expect(listing).toMatchObject({ profile: 'listing', shift: 1, ownModel: true, stages: ['cards'] });
  expect(listing.reason).toMatch(/at calibration \+1; then cards/u);
  const product = chooseProfile({ type: 'product', confidence: 0.9 }, own);
  expect(product.ownModel).toBeUndefined();
  expect(product).toMatchObject({ profile: 'product', shift: 1 });
  expect(product.reason).toMatch(/calibration \+1/u);
  // Below the clear bound the article profile runs, whatever model the type would read with.
  expect(chooseProfile({ type: 'forum', confidence: 0.5 }, own)).toMatchObject({ profile: 'article', shift: 0 });
});
