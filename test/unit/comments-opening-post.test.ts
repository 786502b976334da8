/**
 * The opening post of a thread whose body starts before the posts (a forum's banner first):
 * the first post carries the page's title, which a reader's comment never repeats
 * (src/extract/comments.ts `carriesTitle`; WCXB-dev 0525, a vBulletin thread).
 */
import { test, expect } from '@playwright/test';
import { carriesTitle } from '../../src/extract/comments.js';

const TITLE = "Amd RX7800XT Wrong refresh rate ... - Doom9's Forum";

test("a post whose header holds the thread's title is the opening post", () => {
  expect(carriesTitle('Registered User\n\nJoin Date: Mar 2016\n\nPosts: 1\n\nAmd RX7800XT Wrong refresh rate ...\n\nHi to all,', TITLE)).toBe(true);
});

test("a reply or a reader's comment that does not repeat the title is not", () => {
  expect(carriesTitle('Join Date: Jun 2024\n\nLocation: South Africa\n\nPosts: 701\n\nHi,\n\nDoes disabling hardware decoding do anything?', TITLE)).toBe(false);
  // A line shorter than the bound names nothing, even when the title holds it.
  expect(carriesTitle('Forum\n\nGreat piece, thank you.', TITLE)).toBe(false);
});

test("only the post's first lines are read: the title quoted deep in a long comment does not count", () => {
  const lines = Array.from({ length: 10 }, (_, i) => `Line ${i} of a long comment that goes on`).join('\n');
  expect(carriesTitle(`${lines}\nAmd RX7800XT Wrong refresh rate ...`, TITLE)).toBe(false);
});

test('a page without a title of some length names no post', () => {
  expect(carriesTitle('Amd RX7800XT Wrong refresh rate ...', 'Forum')).toBe(false);
});
