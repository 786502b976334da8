/**
 * The title chooser (src/extract/title.ts): candidates from visible lines and declared titles,
 * scored by the fitted weights. Each case is a kind of page, in plain data.
 */
import { test, expect } from '@playwright/test';
import { chooseTitle, splitTitle, type TitleSources } from '../../src/extract/title.js';

const line = (id: number, text: string, tag = 'h1', fontRatio = 2, aboveBody = true) => ({ id, text, tag, fontRatio, aboveBody });
const page = (over: Partial<TitleSources>): TitleSources => ({ lines: [], declared: [], siteNames: [], pageType: 'article', ...over });
const chosen = (sources: TitleSources) => {
  const choice = chooseTitle(sources);
  return choice.candidates[choice.chosen];
};

test('the h1 that the <title> names, without the " | Site" part, as the page shows it', () => {
  const got = chosen(page({ lines: [line(5, 'Council approves the new bridge')], declared: [{ kind: 'title', text: 'Council Approves The New Bridge | Harrow Herald' }], siteNames: ['Harrow Herald'] }));
  expect(got?.text).toBe('Council approves the new bridge');
  expect(got?.id).toBe(5);
});

test('a <title> cut short: the headline as shown, whole', () => {
  const headline = 'Lead pipes still serve 41,000 homes in Port Ellery, and the deadline to replace them is slipping';
  const got = chosen(page({ lines: [line(2, 'THE ELLERY POST', 'display', 1.3), line(19, headline, 'display', 2.1)], declared: [{ kind: 'title', text: 'Lead pipes still serve 41,000 homes in Port Ellery | The Ellery Post' }] }));
  expect(got?.text).toBe(headline);
});

test('no h1 and a <title> that is only the site name: the large line just above the body', () => {
  const got = chosen(page({ lines: [line(3, 'Harrow Bridge to reopen before the summer', 'display', 2.2)], declared: [{ kind: 'title', text: 'Example News' }] }));
  expect(got?.text).toBe('Harrow Bridge to reopen before the summer');
});

test('the site name part of the <title> is not the title', () => {
  const got = chosen(page({ declared: [{ kind: 'title', text: 'Harrow Herald | Council approves the new bridge after a two-year wait' }], siteNames: ['Harrow Herald'] }));
  expect(got?.text).toBe('Council approves the new bridge after a two-year wait');
});

test('a service page whose h1 is a slogan: the <title> names the page', () => {
  const got = chosen(page({ pageType: 'service', lines: [line(4, 'Clarity, finally.')], declared: [{ kind: 'title', text: 'Todoist | A To-Do List to Organize Your Work & Life' }, { kind: 'og', text: 'Todoist | A To-Do List to Organize Your Work & Life' }], siteNames: ['todoist'] }));
  expect(got?.text).toBe('A To-Do List to Organize Your Work & Life');
});

test('every candidate is explained: its sources, its signs and its score; the chosen one scores highest', () => {
  const choice = chooseTitle(page({ lines: [line(5, 'Council approves the new bridge')], declared: [{ kind: 'title', text: 'Council approves the new bridge - Harrow Herald' }, { kind: 'og', text: 'Council approves the new bridge' }] }));
  expect(choice.candidates.map((c) => c.text).sort()).toEqual(['Council approves the new bridge', 'Council approves the new bridge - Harrow Herald', 'Harrow Herald'].sort());
  const top = choice.candidates[choice.chosen]!;
  expect(top.sources).toEqual(['h1', 'title part 1 of 2', 'og']);
  expect(top.features.agreeKinds).toBe(2);
  for (const c of choice.candidates) expect(c.score).toBeLessThanOrEqual(top.score);
});

test('a page with nothing to go by has no title', () => {
  expect(chooseTitle(page({})).chosen).toBe(-1);
});

test('a <title> splits at spaced separators, not inside words', () => {
  expect(splitTitle('Rock-climbing shoes - Outdoor Shop')).toEqual(['Rock-climbing shoes', 'Outdoor Shop']);
  expect(splitTitle('News :: World :: Story')).toEqual(['News', 'World', 'Story']);
  expect(splitTitle('One title')).toEqual(['One title']);
});

test('a hostile <title> of thousands of parts gives at most a dozen candidates', () => {
  const title = Array.from({ length: 20_000 }, (_, i) => `part ${i}`).join(' | ');
  expect(splitTitle(title).length).toBeLessThanOrEqual(12);
  expect(chooseTitle(page({ declared: [{ kind: 'title', text: title }] })).candidates.length).toBeLessThanOrEqual(13);
});
