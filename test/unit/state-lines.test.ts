/**
 * Lines a page prints for a state of its own (src/extract/state-lines.ts): a script's "Loading…"
 * placeholder, a paid slot's "Sponsored" label and a "Read more" alone leave the article's text,
 * HTML and Markdown; the same words inside a sentence, or a longer line, stay.
 */
import { test, expect } from '@playwright/test';
import { isStateLine } from '../../src/extract/state-lines.js';
import { extractFromSnapshot } from '../../src/extract/from-snapshot.js';
import { p } from './support/snapshot-builder.js';
import { newsPage, paragraphs } from './support/pages.js';

test('whole lines only, in any case, with dots or an ellipsis after them', () => {
  for (const line of ['Loading', 'Loading...', 'loading…', '  LOADING . . .', 'Sponsored', 'SPONSORED', 'Promoted', 'Cargando...', 'Загрузка…', '加载中...', 'Please wait…', 'Read more', 'Read more »', 'READ MORE...', 'See all', 'Weiterlesen', 'Share', 'Table of Contents', 'On this page', 'Содержание', 'Add to cart', 'Quick view', 'Filters', 'Share:', 'This thread is not open for further replies.']) {
    expect(isStateLine(line), line).toBe(true);
  }
  for (const line of ['Loading the ferry took two hours.', 'Sponsored by the city council', 'Sponsored content', 'Loading dock', 'Laden', '', 'Learn more', 'Read more about the bridge', 'Read full story', 'Contents', 'Share your story with us', 'Get started', 'Details', 'Add to cart for $20']) {
    expect(isStateLine(line), line).toBe(false);
  }
});

test('a placeholder, a paid label and a control leave the text, the HTML and the Markdown', () => {
  const body = paragraphs(4);
  const withStates = [body[0]!, p('Loading...'), body[1]!, p('Sponsored'), body[2]!, p('Read more »'), body[3]!];
  const read = (spec: typeof body) => {
    const result = extractFromSnapshot(newsPage({ article: spec }));
    if (result.kind !== 'article') throw new Error(result.reason);
    return result.article;
  };
  const states = read(withStates);
  const plain = read(body);
  expect(states.text).toBe(plain.text);
  expect(states.html).toBe(plain.html);
  expect(states.markdown).toBe(plain.markdown);
});
