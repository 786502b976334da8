/**
 * A body that holds no prose of its own outside its posts is a thread, whatever the page-type
 * decision said (src/extract/comments.ts `threadMaxOwnProse`): its header (the thread's title,
 * "Thread starter", the start date) and its posts are the body, and the posts stay in it. An
 * article with a story of its own above the same posts gives them up to `comments`. WCXB-dev's
 * XenForo, vBulletin and Slashdot threads typed article lost every post before (0 → 0.86 word F1
 * on one); no article page changed. A post counts as in the body when the body holds its text,
 * not merely the author column beside it.
 */
import { test, expect } from '@playwright/test';
import { buildLayoutTree } from '../../src/segment/tree.js';
import { leafBlocks } from '../../src/segment/blocks.js';
import { findComments } from '../../src/extract/comments.js';
import { textBlocks } from '../../src/segment/unit-text.js';
import { a, el, idOf, p, prose, snapshot, text } from './support/snapshot-builder.js';

const POSTS = [
  ['marta_builds', '2024-02-25T09:14:00', 'I have spent the winter buying clamps and chisels and built nothing at all. Which first projects taught you joinery?'],
  ['Hollis', '2024-02-25T10:02:00', 'Build something your house needs. A step stool teaches layout, square cuts and glue-ups, and you use it every day.'],
  ['Dunmore Joiner', '2024-02-25T13:40:00', 'A frame and panel cabinet door covers most of it: grooves, tenons, a floating panel and getting the whole thing flat.'],
  ['Pell', '2024-02-27T18:31:00', 'Keep a notebook of every mistake and what caused it. Mine taught me more than the videos did, and it was cheaper.'],
] as const;

function page(ownProse: string | null) {
  const posts = POSTS.map(([who, when, what], i) =>
    el('div', { class: 'message' }, [
      el('div', { class: 'message-user' }, [a(who, `https://forum.example/members/${i}/`)]),
      el('time', { datetime: when }, [text(when.slice(0, 10))]),
      p(what),
    ]),
  );
  return snapshot([
    el('div', { id: 'thread' }, [
      el('h1', [text('Looking for beginner woodworking projects')]),
      el('div', { class: 'thread-info' }, [text('Thread starter marta_builds · 4 replies')]),
      ...(ownProse === null ? [] : [p(ownProse)]),
      el('div', { class: 'posts' }, posts),
    ]),
  ]);
}

function commentsOf(ownProse: string | null) {
  const snap = page(ownProse);
  const tree = buildLayoutTree(snap);
  return findComments(tree, leafBlocks(tree, [idOf(snap, 'thread')]), { pageIsArticle: true });
}

test('a body of a thread header and posts, nothing else, is a thread: the posts stay in it', () => {
  const found = commentsOf(null);
  expect(found.comments.map((c) => c.author)).toEqual(POSTS.map(([who]) => who));
  expect(found.thread).toBe(true);
  expect(found.threadReason).toMatch(/no prose of its own/u);
  expect(found.bodyBlocksInComments).toEqual([]);
  expect(found.inBody.every(Boolean)).toBe(true);
});

test('an article whose own prose runs above the same posts gives them up to its comments', () => {
  const found = commentsOf(prose(8));
  expect(found.comments).toHaveLength(POSTS.length);
  expect(found.thread).toBe(false);
  expect(found.bodyBlocksInComments.length).toBeGreaterThanOrEqual(POSTS.length);
});

test('a post is in the body when the body holds its text, not when it took only the author column beside it', () => {
  const snap = page(null);
  const tree = buildLayoutTree(snap);
  const all = leafBlocks(tree, [idOf(snap, 'thread')]);
  const messages = new Set<string>(POSTS.map(([, , what]) => what));
  // The body took the thread's header and each post's author column (XenForo's user column),
  // not the posts' text: those posts are not in the body, so `--comments` (or a forum's
  // replies rule) adds them.
  const columnsOnly = all.filter((b) => !messages.has(textBlocks(tree, b.ids).join(' ').trim()));
  expect(columnsOnly.length).toBe(all.length - POSTS.length);
  const found = findComments(tree, columnsOnly, { pageIsArticle: false, pageMayBeThread: true });
  expect(found.thread).toBe(true);
  expect(found.comments).toHaveLength(POSTS.length);
  expect(found.inBody).toEqual(POSTS.map(() => false));
  // With the text taken too, every post is in it.
  expect(findComments(tree, all, { pageIsArticle: false, pageMayBeThread: true }).inBody).toEqual(POSTS.map(() => true));
});

test('a page the decision is sure is a forum is a thread even when its body opens with prose of the banner and runs on after the posts', () => {
  // The body the forum profile took: the forum's welcome banner (prose of its own, above the
  // bound), the posts, and a "similar threads" line after them. Not built as an article's
  // comments, but nothing in the structure says "thread" either: the decision's certainty does.
  const posts = POSTS.map(([who, when, what], i) =>
    el('article', { class: 'message' }, [
      el('div', { class: 'message-user' }, [a(who, `https://forum.example/members/${i}/`)]),
      el('time', { datetime: when }, [text(when.slice(0, 10))]),
      p(what),
    ]),
  );
  const snap = snapshot([
    el('div', { id: 'thread' }, [
      p(prose(8)),
      el('div', { class: 'posts' }, posts),
      p('Similar threads: finishing oak, sharpening a card scraper, and which saw to buy first for dovetails.'),
    ]),
  ]);
  const tree = buildLayoutTree(snap);
  const body = leafBlocks(tree, [idOf(snap, 'thread')]);
  const unsure = findComments(tree, body, { pageIsArticle: false, pageMayBeThread: true });
  // Without certainty, the block after the posts makes them part of an article's prose (an
  // embedded post between paragraphs): no comments, and nothing leaves the body.
  expect(unsure.thread).toBe(false);
  expect(unsure.comments).toHaveLength(0);
  const sure = findComments(tree, body, { pageIsArticle: false, pageMayBeThread: true, sureForum: true });
  expect(sure.thread).toBe(true);
  expect(sure.threadReason).toMatch(/sure of a forum/u);
  expect(sure.comments.map((c) => c.author)).toEqual(POSTS.map(([who]) => who));
  expect(sure.bodyBlocksInComments).toEqual([]);
});
