/**
 * A thread says some blocks twice — a reply quoting the post it answers, the template's labels
 * around every post — and the body keeps each once (src/extract/repeats.ts, used on pages typed
 * forum).
 */
import { test, expect } from '@playwright/test';
import { adjacentRepeats, COPY_PARAMS, duplicateCopies, repeatedBlocks, REPEAT_PARAMS, withoutRepeatedParagraphs } from '../../src/extract/repeats.js';

const POST = 'The can says 200 microfarads 250 volts, so I will order one rated the same tonight.';

test('a block said again, word for word, is a repeat; its first occurrence stays', () => {
  const blocks = ['OldSparky', 'Likes Received:', POST, 'woodturner_sam', 'Likes Received:', POST, 'Thank you, that fixed it.'];
  expect(repeatedBlocks(blocks)).toEqual([4, 5]);
});

test('white space aside: a quote reflowed across lines is the same block', () => {
  expect(repeatedBlocks([POST, POST.replace(/ so /u, '\n  so ')])).toEqual([1]);
});

test('blocks that differ by a word, a letter case or punctuation are not repeats', () => {
  expect(repeatedBlocks([POST, POST.replace('tonight', 'tomorrow'), POST.toUpperCase(), `${POST}!`])).toEqual([]);
});

test('CJK text counts its characters as words; blocks without a word never count', () => {
  expect(repeatedBlocks(['谢谢', '——', '谢谢', '——'])).toEqual([2]);
  expect(REPEAT_PARAMS.minWords).toBeGreaterThanOrEqual(1);
  expect(repeatedBlocks([POST, 'Quote', POST, 'Quote'], 50)).toEqual([]);
});

test("a thread's added replies lose the paragraphs the body or an earlier reply said (their quotes)", () => {
  const body = ['I have a 1950s lathe whose motor hums but will not start.', POST];
  const replies = [`${POST}\n\nCheck the start capacitor first.`, 'Check the start capacitor first.\n\nAnd clean the switch.', POST];
  expect(withoutRepeatedParagraphs(body, replies)).toEqual(['Check the start capacitor first.', 'And clean the switch.', '']);
});

/** A paragraph of `words` distinct words, numbered so that no two paragraphs are equal. */
const paragraph = (n: number, words = 60): string => Array.from({ length: words }, (_, i) => `w${n}x${i}`).join(' ');

test('a second copy of a long run of the body (a responsive copy shown without its style sheet) is dropped; the first stays', () => {
  const article = [paragraph(1), paragraph(2), paragraph(3), paragraph(4)];
  const blocks = ['How Much to Charge', ...article, '', 'How Much to Charge', ...article, 'Join our newsletter'];
  // The copy starts at the repeated heading: 1 + 4 blocks, 240 words and more.
  expect(duplicateCopies(blocks)).toEqual([6, 7, 8, 9, 10]);
});

test('a repeated run shorter than the bound stays (a recipe repeating its ingredients, a short FAQ line)', () => {
  const run = [paragraph(1, 40), paragraph(2, 40)];
  expect(COPY_PARAMS.minWords).toBeGreaterThan(80);
  expect(duplicateCopies(['Intro', ...run, 'Method', ...run])).toEqual([]);
});

test("runs that repeat only block by block, with other blocks between (a meal plan's days), are not copies", () => {
  const meal = paragraph(1, 120);
  const snack = paragraph(2, 120);
  const blocks = ['Day 1', meal, '7:00 a.m.', snack, 'Day 2', meal, '7:30 a.m.', snack, 'Day 3', meal, '8:00 a.m.', snack];
  expect(duplicateCopies(blocks)).toEqual([]);
});

test('one paragraph said again and again in a row is filler, no copy; a long one said again further on is; a copy never overlaps its original', () => {
  const same = paragraph(1, 100);
  expect(duplicateCopies([same, same, same, same, same, same])).toEqual([]);
  const pitch = paragraph(3, 220);
  expect(duplicateCopies([pitch, 'Our plans', paragraph(4), pitch, 'Contact us', pitch])).toEqual([3, 5]);
  // Two different paragraphs, then the pair again, then again: each copy reaches back only to
  // before its own start, so blocks 2–3 are the second copy and 4–5 the third.
  const other = paragraph(2, 100);
  expect(duplicateCopies([same, other, same, other, same, other])).toEqual([2, 3, 4, 5]);
});

test('a line said again right after itself is said once; apart, in a kept place, or on its own it stays', () => {
  // A product card: its title in the heading, in a hidden label and in the quick view.
  const card = ['Dark Roast Coffee', 'Dark  Roast Coffee ', 'Dark Roast Coffee', '$19.99', 'Dark Roast Coffee'];
  expect(adjacentRepeats(card)).toEqual([1, 2]);
  // A table's cells repeat as data.
  const row = ['Revisions', 'Yes', 'Yes', 'Yes'];
  expect(adjacentRepeats(row, (i) => i >= 1)).toEqual([]);
  expect(adjacentRepeats(row)).toEqual([2, 3]);
  // Empty blocks are no line to repeat; never every block goes.
  expect(adjacentRepeats(['', '', 'a'])).toEqual([]);
  expect(adjacentRepeats(['Same', 'Same'])).toEqual([1]);
  expect(adjacentRepeats(['Same'])).toEqual([]);
});
