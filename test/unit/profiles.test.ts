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

test('a type whose profile did not help out of fold gets the article profile and says so', () => {
  const c = chooseProfile({ type: 'documentation', confidence: 0.9 }, params);
  expect(c).toMatchObject({ profile: 'article', shift: 0, stages: [] });
  expect(c.reason).toMatch(/no profile that helped.*article profile/u);
});

test('a type without a fitted shift but with a stage of its own runs the stage at the article calibration', () => {
  const c = chooseProfile({ type: 'product', confidence: 0.9 }, params);
  expect(c).toMatchObject({ profile: 'product', shift: 0, stages: ['product'] });
  expect(c.reason).toMatch(/article calibration; then product/u);
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
