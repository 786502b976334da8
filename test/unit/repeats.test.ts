/**
 * A thread says some blocks twice — a reply quoting the post it answers, the template's labels
 * around every post — and the body keeps each once (src/extract/repeats.ts, used on pages typed
 * forum).
 */
import { test, expect } from '@playwright/test';
import { repeatedBlocks, REPEAT_PARAMS, withoutRepeatedParagraphs } from '../../src/extract/repeats.js';

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
