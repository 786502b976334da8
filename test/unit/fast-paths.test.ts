/**
 * Fast paths that must answer exactly as the code they stand in for: visibleLength against
 * collapsing and trimming, dateInText's ASCII-without-digits answer against tokenising. Each
 * property runs over strings made of every kind of white space, digits, letters and marks.
 */
import { test, expect } from '@playwright/test';
import fc from 'fast-check';
import { collapseWhitespace, visibleLength } from '../../src/segment/text.js';
import { dateInText } from '../../src/extract/metadata-dates.js';

/** Every character JavaScript's \s matches, some that it does not, digits and letters. */
const PIECES = [' ', '\t', '\n', '\v', '\f', '\r', '\u00a0', '\u1680', '\u2000', '\u2005', '\u200a', '\u200b', '\u2028', '\u2029', '\u202f', '\u205f', '\u3000', '\ufeff', '\u180e', '\u0085', 'a', 'Z', '7', '.', '-', 'é', '日', '①', '㏠', 'May', ' 14', ', 2024', '2024-05-14', '😀'];
const texts = fc.array(fc.constantFrom(...PIECES), { maxLength: 40 }).map((parts) => parts.join(''));

test('visibleLength is the length of the text collapsed and trimmed', () => {
  fc.assert(
    fc.property(fc.oneof(texts, fc.string({ unit: 'binary', maxLength: 40 })), (text) => {
      expect(visibleLength(text)).toBe(collapseWhitespace(text).trim().length);
    }),
    { numRuns: 2000 },
  );
});

test('an ASCII text without a digit spells no date; one with digits or other characters is read', () => {
  fc.assert(
    fc.property(fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzMJSOND .,:/-'.split('')), maxLength: 60 }), (text) => {
      expect(dateInText(text)).toBeNull();
    }),
  );
  expect(dateInText('Published May 14, 2024')).toBe('2024-05-14');
  expect(dateInText('14 mai 2024')).toBe('2024-05-14');
  // Full-width digits and an NFKC date symbol are read through the tokeniser.
  expect(dateInText('２０２４年５月１４日')).toBe('2024-05-14');
});
