/**
 * JSON-LD blocks as pages write them (src/text/json-block.ts): raw line breaks and tabs inside
 * strings are read; what is otherwise broken is no JSON.
 */
import { test, expect } from '@playwright/test';
import { escapeControlsInStrings, parseJsonBlock } from '../../src/text/json-block.js';
import { parseJsonLd } from '../../src/extract/metadata-jsonld.js';

test('a block with a raw line break and a tab inside a string is read, its text kept', () => {
  const raw = '{\n\t"@type": "DiscussionForumPosting",\n\t"articleBody": "anytime, anywhere. \n\nThe screen\tincludes",\n\t"datePublished": "2024-02-21 13:00:00"\n}';
  expect(() => JSON.parse(raw)).toThrow();
  expect(parseJsonBlock(raw)).toEqual({ '@type': 'DiscussionForumPosting', articleBody: 'anytime, anywhere. \n\nThe screen\tincludes', datePublished: '2024-02-21 13:00:00' });
  expect(parseJsonLd([raw]).published).toBe('2024-02-21 13:00:00');
});

test('escapes and quotes inside strings keep their meaning: only control characters inside strings are escaped', () => {
  expect(escapeControlsInStrings('{"a": "say \\"hi\\"\nthen", "b\\\\": "\u0001"}')).toBe('{"a": "say \\"hi\\"\\nthen", "b\\\\": "\\u0001"}');
  // Line breaks between tokens are JSON's whitespace: nothing to escape.
  expect(escapeControlsInStrings('{\n"a": 1\n}')).toBeNull();
});

test('a block broken otherwise (a missing comma, two objects run together, a cut-off string) is no JSON', () => {
  expect(parseJsonBlock('{"a": 1 "b": 2}')).toBeUndefined();
  expect(parseJsonBlock('{"a": 1}{"b": 2}')).toBeUndefined();
  expect(parseJsonBlock('{"a": "never closed\n')).toBeUndefined();
  expect(parseJsonBlock('')).toBeUndefined();
});

test('a large broken block is refused in one pass, not mended by search', () => {
  const missingCommas = `{${'"k": "v\n" '.repeat(200_000)}}`;
  expect(parseJsonBlock(missingCommas)).toBeUndefined();
});
