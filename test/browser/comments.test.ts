/**
 * Comments fixtures (test/fixtures/comments/<shape>/): self-written pages with known threads —
 * WordPress's ol.commentlist with a nested reply (and its 2007 default theme's), Blogger's
 * classic flat <dl>, Movable Type's "Posted by:" footers, Drupal's comments under linked
 * subjects, Disqus-like divs with relative dates, a phpBB-like forum thread, a XenForo-like thread under its thread header, a Discourse-like topic
 * at a thread URL whose replies the body selection leaves out, a thread whose long opening post
 * is built unlike its replies, a news site's comment section followed by dated story cards, a
 * Russian and a Chinese page, and an article with dated cards but no comments. Each page is
 * rendered offline and run through the pure pipeline: the `comments` field must list exactly
 * the expected comments (author, date, text, page order); the body's text must hold none of
 * them unless `includeComments` asks (or they are a forum thread's replies), and then they
 * follow the body, under a heading in the Markdown. The sample with comments
 * (samples/en-article-with-comments.html) is checked too.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { extractFromSnapshot } from '../../src/extract/from-snapshot.js';
import { DEFAULT_PROFILE_PARAMS } from '../../src/extract/profiles/index.js';
import type { Comment } from '../../src/extract/comments.js';
import { RecordSchema, toRecord } from '../../src/record/index.js';
import { expect, test } from './fixtures.js';

interface Expected {
  what: string;
  language: string;
  /** A thread page: its posts are its content, and the body keeps those the selection took. */
  thread?: boolean;
  /** The page type the record must carry, where the fixture is about it. */
  pageType?: string;
  bodyStartsWith: string;
  comments: Comment[];
  /** The address the page is rendered at, where the fixture needs one (a thread's URL), else http://saved.invalid/<name>.html. */
  url?: string;
  /** A thread the decision types forum: its replies are its content, in the body without being asked for. */
  repliesInBody?: boolean;
  /** The article's own metadata, where the fixture is about it: none of it is a comment's. */
  title?: string;
  authors?: string[];
  /** The publication day (YYYY-MM-DD). */
  publishedDay?: string;
  /** Lines of the page around the story that the body must not hold (its navigation, sidebars, footer). */
  bodyLacks?: string[];
}

const ROOT = fileURLToPath(new URL('../fixtures/comments/', import.meta.url));
const fixtures = readdirSync(ROOT, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();

test('there are comment fixtures of every shape', () => {
  expect(fixtures.length).toBeGreaterThanOrEqual(7);
});

for (const name of fixtures) {
  test(`comments: ${name}`, async ({ session }) => {
    const expected = JSON.parse(readFileSync(`${ROOT}${name}/expected.json`, 'utf8')) as Expected;
    const bytes = readFileSync(`${ROOT}${name}/page.html`);
    const snapshot = await session.render({ kind: 'html', bytes, url: expected.url ?? `http://saved.invalid/${name}.html`, label: name }, async (page) => page.snapshot);
    const plain = extractFromSnapshot(snapshot);
    const withComments = extractFromSnapshot(snapshot, { includeComments: true });
    expect(plain.kind, expected.what).toBe('article');
    expect(withComments.kind).toBe('article');
    if (plain.kind !== 'article' || withComments.kind !== 'article') return;
    const a = plain.article;
    expect(a.comments, expected.what).toEqual(expected.comments);
    expect(withComments.article.comments).toEqual(expected.comments);
    expect(a.text, 'the body is there').toContain(expected.bodyStartsWith);
    const thread = expected.thread === true;
    if (expected.pageType) expect(a.pageType?.type, 'page type').toBe(expected.pageType);
    if (expected.title !== undefined) expect(a.title, 'the post\'s title, not the site\'s name').toBe(expected.title);
    if (expected.authors !== undefined) expect(a.authors, 'the article\'s authors, no commenter').toEqual(expected.authors);
    for (const line of expected.bodyLacks ?? []) expect(a.text, 'the page around the story stays out').not.toContain(line);
    if (expected.publishedDay !== undefined) expect(a.publishedAt?.slice(0, 10), 'the publication day').toBe(expected.publishedDay);
    for (const c of expected.comments) {
      // An article's comments are never in its body. (A thread's replies are its content, WCXB's
      // truth of a forum page: the body keeps those the selection took.)
      if (!thread) expect(a.text, `comment by ${c.author} kept out of the body`).not.toContain(c.text);
      expect(withComments.article.text).toContain(c.text);
    }
    if (!thread && expected.comments.length > 0) {
      // Asked for, the comments follow the body: after its last paragraph, in page order, once each.
      const text = withComments.article.text;
      expect(text.startsWith(a.text)).toBe(true);
      const at = expected.comments.map((c) => text.indexOf(c.text, a.text.length));
      expect(at.every((i) => i >= a.text.length)).toBe(true);
      expect([...at].sort((x, y) => x - y)).toEqual(at);
      expect(withComments.article.markdown).toMatch(/\n## Comments\n/u);
      expect(withComments.article.markdown.indexOf('## Comments')).toBeGreaterThan(withComments.article.markdown.indexOf(expected.bodyStartsWith.slice(0, 40)));
      expect(withComments.article.html).toContain('<h2>Comments</h2>');
      expect(a.markdown).not.toContain('## Comments');
    }
    if (expected.repliesInBody === true) {
      // Typed forum by the decision: the replies are the thread's content, in the body without
      // being asked for, after the opening post, in page order, once each — in text and Markdown.
      const at = expected.comments.map((c) => a.text.indexOf(c.text));
      expect(at.every((i) => i > a.text.indexOf(expected.bodyStartsWith)), 'every reply in the body').toBe(true);
      expect([...at].sort((x, y) => x - y)).toEqual(at);
      for (const c of expected.comments) expect(a.text.lastIndexOf(c.text)).toBe(a.text.indexOf(c.text));
      const mdAt = expected.comments.map((c) => a.markdown.indexOf(c.text.slice(0, 50)));
      expect(mdAt.every((i) => i > a.markdown.indexOf(expected.bodyStartsWith.slice(0, 50))), 'every reply in the Markdown, after the opening post').toBe(true);
      expect([...mdAt].sort((x, y) => x - y)).toEqual(mdAt);
      expect(a.markdown).not.toContain('## Comments');
      // Read by a profile whose body takes the opening post alone (the article model at its own
      // calibration: an article's reading), the replies the body did not take follow it under
      // "Replies", each once, in page order.
      const narrow = extractFromSnapshot(snapshot, { profiles: { ...DEFAULT_PROFILE_PARAMS, shifts: { ...DEFAULT_PROFILE_PARAMS.shifts, forum: 0 }, modelTypes: [] } });
      expect(narrow.kind).toBe('article');
      if (narrow.kind !== 'article') return;
      const n = narrow.article;
      expect(n.markdown).toMatch(/\n## Replies\n/u);
      const heading = n.markdown.indexOf('## Replies');
      const nAt = expected.comments.map((c) => n.text.indexOf(c.text));
      expect(nAt.every((i) => i > n.text.indexOf(expected.bodyStartsWith)), 'every reply in the narrow body too').toBe(true);
      expect([...nAt].sort((x, y) => x - y)).toEqual(nAt);
      expect(expected.comments.some((c) => n.markdown.indexOf(c.text.slice(0, 50)) > heading), 'replies under the heading').toBe(true);
    }
    if (thread) {
      // The thread's replies the body did not take are added, none twice.
      const text = withComments.article.text;
      expect(text.startsWith(a.text)).toBe(true);
      for (const c of expected.comments) expect(text.indexOf(c.text)).toBe(text.lastIndexOf(c.text));
    }
    // The record carries them, and validates.
    const record = toRecord({ input: name, status: 'article', article: a, timingsMs: { loadMs: 0, renderMs: 0, snapshotMs: 0, extractMs: 0, totalMs: 0 } });
    expect(RecordSchema.safeParse(record).success).toBe(true);
    expect(record.comments).toEqual(expected.comments);
  });
}

test('the sample with readers\' comments yields its twelve comments and a clean body', async ({ session }) => {
  const path = fileURLToPath(new URL('../../samples/en-article-with-comments.html', import.meta.url));
  const sample = JSON.parse(readFileSync(path.replace(/\.html$/u, '.expected.json'), 'utf8')) as { body: string };
  const snapshot = await session.render({ kind: 'html', bytes: readFileSync(path), url: 'http://saved.invalid/en-article-with-comments.html', label: 'sample' }, async (page) => page.snapshot);
  const result = extractFromSnapshot(snapshot);
  expect(result.kind).toBe('article');
  if (result.kind !== 'article') return;
  const { comments, text } = result.article;
  expect(comments.map((c) => c.author)).toEqual([
    'Geoff_H', 'Margaret Ellwood', 'Geoff_H', 'Fenwick Traders Assoc.', 'Jess P', 'RichardT', 'Sally Pengelly', 'anna.k', 'Dave from Ashby Parva', 'Priya M', 'Tom Bairstow', 'H. Lowther',
  ]);
  expect(comments.every((c) => c.date?.startsWith('2024-08-0') === true && c.text.length > 40)).toBe(true);
  // The two-paragraph comment keeps its paragraphs; the reply nested in it is its own comment.
  expect(comments[1]!.text).toMatch(/with my hip\.\n\nNobody from the council asked us\.$/u);
  expect(text).toBe(sample.body);
});

/**
 * A Q&A thread's posts each carry a list of short comments (Stack Exchange's shape): the posts
 * are the page's content, their comment lists are not (WCXB-dev's truth of its Q&A pages), unless
 * comments are asked for. And a thread whose every reply is named a reply ("reply-body-…") under
 * an author's line keeps its replies: a name alone makes no post's comment list.
 */
test('a Q&A page\'s comment lists under its posts leave the body; its answers stay', async ({ session }) => {
  const bytes = readFileSync(fileURLToPath(new URL('../fixtures/post-comments/qa-comments-under-posts.html', import.meta.url)));
  const url = 'https://kitchen.example.org/questions/4417/how-do-i-stop-a-cast-iron-pan-from-rusting-after-washing';
  const snapshot = await session.render({ kind: 'html', bytes, url, label: 'qa' }, async (page) => page.snapshot);
  const plain = extractFromSnapshot(snapshot);
  const asked = extractFromSnapshot(snapshot, { includeComments: true });
  expect(plain.kind).toBe('article');
  expect(asked.kind).toBe('article');
  if (plain.kind !== 'article' || asked.kind !== 'article') return;
  expect(plain.article.pageType?.type).toBe('forum');
  const posts = ['orange spots of rust appear along the rim', 'The seasoning is not the problem: water is.', 'drives off the water from every corner'];
  const notes = ['Sunflower oil is a poor choice', 'Mine always rusted at the handle first', 'The burner trick is what finally fixed it', 'Flaxseed oil flakes off', 'That wastes a lot of energy'];
  for (const post of posts) expect(plain.article.text, 'every post stays').toContain(post);
  for (const note of notes) expect(plain.article.text, 'a post\'s comment leaves the body').not.toContain(note);
  expect(plain.explanation.postComments?.lists).toBe(3);
  // Asked for, they stay under their posts.
  for (const note of notes) expect(asked.article.text).toContain(note);
  expect(asked.article.text.indexOf('Flaxseed oil flakes off')).toBeLessThan(asked.article.text.indexOf('drives off the water from every corner'));
});

test('a thread whose replies are named replies under their authors\' lines keeps them', async ({ session }) => {
  const bytes = readFileSync(fileURLToPath(new URL('../fixtures/post-comments/replies-named-reply.html', import.meta.url)));
  const url = 'https://parents.example.org/talk/food/5498613-cheap-family-dinners-that-still-have-meat';
  const snapshot = await session.render({ kind: 'html', bytes, url, label: 'replies' }, async (page) => page.snapshot);
  const result = extractFromSnapshot(snapshot);
  expect(result.kind).toBe('article');
  if (result.kind !== 'article') return;
  expect(result.article.pageType?.type).toBe('forum');
  for (const reply of ['chicken thighs as a tray bake', 'Homemade vegetable soup with bread', 'I bulk it up with grated carrot']) expect(result.article.text).toContain(reply);
  expect(result.explanation.postComments).toBeUndefined();
});
