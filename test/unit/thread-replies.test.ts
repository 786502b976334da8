/**
 * When a thread's replies are the page's content (src/extract/from-snapshot.ts
 * `repliesAreThreadContent`): on a page typed forum, when its structure reads a thread or the
 * decision is sure of the forum; on a page typed article, only when the body is nothing but the
 * thread's opening post and the decision was not sure of the article — a blog's "open thread"
 * typed article at 97 % (AEB's GiveWell page) keeps its readers' comments out.
 */
import { test, expect } from '@playwright/test';
import { repliesAreThreadContent } from '../../src/extract/from-snapshot.js';
import { NO_OWN_PROSE } from '../../src/extract/comments.js';

const replies = [{ author: 'a', date: null, text: 'one' }, { author: 'b', date: null, text: 'two' }];
const decided = (article: number, forum: number) => ({ confidence: Math.max(article, forum), probabilities: { article, forum, listing: 0, product: 0, documentation: 0, collection: 0, service: 0, other: 1 - article - forum } });

test('a page typed article whose body is only the opening post: replies are content when the decision was unsure', () => {
  const onlyPost = { thread: true, threadReason: NO_OWN_PROSE, comments: replies };
  expect(repliesAreThreadContent(false, onlyPost, decided(0.66, 0.34))).toBe(true);
  expect(repliesAreThreadContent(false, onlyPost, decided(0.97, 0.03))).toBe(false);
});

test('a page typed article made a thread for another reason, or not a thread: replies stay out', () => {
  const opensLikeReplies = { thread: true, threadReason: 'its body opens in a post built as the replies are', comments: replies };
  expect(repliesAreThreadContent(false, opensLikeReplies, decided(0.66, 0.34))).toBe(false);
  expect(repliesAreThreadContent(false, { thread: false, threadReason: null, comments: replies }, decided(0.5, 0.5))).toBe(false);
});

test('a page typed forum: a thread, or two replies under a decision sure of the forum', () => {
  expect(repliesAreThreadContent(true, { thread: true, threadReason: 'the page is no article', comments: replies }, decided(0.3, 0.7))).toBe(true);
  expect(repliesAreThreadContent(true, { thread: false, threadReason: null, comments: replies }, decided(0.1, 0.9))).toBe(true);
  expect(repliesAreThreadContent(true, { thread: false, threadReason: null, comments: replies }, decided(0.3, 0.7))).toBe(false);
});

test('a page typed forum whose URL names a thread: two replies are content however unsure the decision', () => {
  const notBuilt = { thread: false, threadReason: null, comments: replies };
  expect(repliesAreThreadContent(true, notBuilt, decided(0.3, 0.7), true)).toBe(true);
  expect(repliesAreThreadContent(true, notBuilt, decided(0.3, 0.7), false)).toBe(false);
  // One reply is not a thread; and a page typed article is not helped by its URL.
  expect(repliesAreThreadContent(true, { ...notBuilt, comments: replies.slice(0, 1) }, decided(0.3, 0.7), true)).toBe(false);
  expect(repliesAreThreadContent(false, notBuilt, decided(0.6, 0.4), true)).toBe(false);
});
