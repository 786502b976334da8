/**
 * Readers' comments and the replies of a thread: a stage of its own after body selection, its
 * own field in the record (`comments`), never part of the body's text unless asked for
 * (`--comments`). Pure.
 *
 * Comments are found by structure, not by class names: a thread is a run of repeated items,
 * each with the shape "who · when · what" — an author line, a date, and a body of text — after
 * the body starts. The stage works in four steps:
 *
 *   1. anchors — every date the page shows in a short element of its own (`<time>`, a
 *                `datetime`, or a short text that spells a date or "3 hours ago");
 *   2. items   — from each anchor up to the largest element that holds no other anchor: one
 *                comment (a reply nested inside a comment holds its own date, so the climb
 *                from the parent's date stops below the reply);
 *   3. shape   — each item's author (an element named for it, a profile link, or a short bold
 *                line), and its text: the item without its header lines, control links
 *                ("Reply", "Report") and the items nested inside it;
 *   4. thread  — items that start after the body's first block, are not teaser cards (a
 *                heading that is a link) and are not link lists; at least two of them, most with
 *                an author (a lone item only where the page names it a comment).
 *
 * Where the body selection took comment blocks into the body (an article whose comments read
 * like prose), they leave the body; on a page not judged an article, or where the body starts
 * in an item built as the replies are (a forum thread's opening post: the posts are the page's
 * content, as WCXB's truth has it),
 * the body keeps the posts it took, the replies are listed in `comments` too (marked as in the
 * body), and `includeComments` adds the ones it did not take.
 */
import { dateInText, normalizeDate } from './metadata-dates.js';
import { namesInByline } from './metadata-authors.js';
import { collapseWhitespace } from '../segment/text.js';
import { textBlocks } from '../segment/unit-text.js';
import { elementAt, type LayoutTree } from '../segment/tree.js';
import type { LeafBlock } from '../segment/blocks.js';
import { classWords } from '../score/markup-marks.js';
import { latinLength } from '../text/index.js';

/** One comment (or one reply of a thread), as the page shows it. */
export interface Comment {
  /** The name the page shows for its author; null when none could be told apart. */
  author: string | null;
  /** ISO 8601 when the page's date could be read ("2024-08-02T19:14:00"), else its text as shown ("3 hours ago"); null when none. */
  date: string | null;
  /** The comment's text, paragraphs separated by a blank line; without its author and date lines and without its replies. */
  text: string;
}

/** What the stage found. */
export interface CommentsFound {
  comments: Comment[];
  /** The element of each comment, in page order (for the HTML and for `--explain`). */
  itemIds: number[];
  /** Each comment's node-id range [start, end) (a flat list's comment spans several siblings). */
  itemRanges: Array<[number, number]>;
  /** Per comment: true when its text is already in the body (a thread page's posts). */
  inBody: boolean[];
  /** True when the body keeps the posts it took: the page is no article, or its body starts in an item built as the replies are (a forum's opening post). */
  thread: boolean;
  /** Why the page reads as a thread, in words (null when it does not). */
  threadReason: string | null;
  /** Body blocks (indices into the body's blocks) that lie in a comment, to leave out of the body. */
  bodyBlocksInComments: number[];
  /**
   * On a thread, body blocks inside a post that are none of its text: the post's furniture (its
   * author's name, rank, join date and post count, its date, its number, its buttons), which the
   * post's text leaves out and so should the body.
   */
  postFurniture: number[];
  /** How many of the comments the page's markup names comments (`comment`, `comments`, `commentlist` in a class or id of the item or its four nearest ancestors). */
  namedComments: number;
}

/** The thresholds of the stage; set by hand on the pages of test/fixtures/comments/ and the WCXB forum pages. */
export const COMMENT_PARAMS = {
  /** A post's furniture is a short line (name, rank, "Posts: 12", a date, "#3"): longer blocks a post's text leaves out stay in the body. */
  maxFurnitureChars: 100,
  /** The opening post's first lines read for the page's title (its header: name, rank, join date, the title). */
  titleLinesRead: 8,
  /** A date anchor's own text is at most this long: a dateline, not a sentence that names a date. */
  maxAnchorChars: 80,
  /** Elements with more nodes than this under them are not read as date anchors (cost bound). */
  maxAnchorNodes: 80,
  /** The climb from an anchor to its item goes up at most this many levels. */
  maxClimb: 30,
  /** Anchors looked at, at most (a page of ten thousand dates costs no more than this many). */
  maxAnchors: 3000,
  /** An author is a short line: at most this many characters and words. */
  maxAuthorChars: 60,
  maxAuthorWords: 6,
  /** A header line (the block holding the author or the date) is at most this long; it leaves the comment's text. */
  maxHeaderChars: 140,
  /** A control ("Reply", "Report", "Like (3)") is a short line that is all link or a button. */
  maxControlChars: 32,
  /** A comment's own text has at least this many visible characters. */
  minTextChars: 2,
  /** A comment whose text is more than this share link text is a link list, not a comment. */
  maxLinkShare: 0.5,
  /**
   * A body that holds less prose than this outside its comments (Latin-equivalent characters,
   * text/words.ts) has none of its own: the page is a thread whose header (title, "Thread
   * starter", the post count) the selection took, and the posts are its content. On WCXB-dev,
   * 7 forum pages typed article gain (word F1 +2.69 summed; 0 → 0.86 on a XenForo thread) and no
   * other page changes from 400 to 1,200; the article fixtures with comment sections hold
   * 1,019 and more, so the bound stays below them.
   */
  threadMaxOwnProse: 800,
  /**
   * A thread's post is in the body when the body's blocks inside it hold at least this share of
   * its text (Latin-equivalent characters); else `includeComments` (or a forum's replies) adds it.
   */
  inBodyShare: 0.5,
} as const;

/** Class, id and itemprop words that name an author's element. */
const AUTHOR_WORDS = new Set(['author', 'user', 'username', 'name', 'fn', 'nick', 'nickname', 'poster', 'member', 'byline', 'commenter', 'handle', 'login', 'usr']);
/**
 * Words in a link's path that point at a person's page; and old forum engines' profile scripts
 * (vBulletin's member.php?u=, phpBB's memberlist.php?mode=viewprofile and profile.php, Invision's
 * ?showuser=, SMF's ?action=profile).
 */
const PROFILE_PATH = /\/(?:user|users|u|member|members|profile|profiles|author|people|id)\/|\/(?:member|profile|memberlist)\.php\?|[?&](?:showuser|userid)=\d|[?&]action=profile\b/iu;
/** A post's number ("1", "#12"), which vBulletin links beside each post's date: no one's name. */
const POST_NUMBER = /^#?\d+$/u;
/** Words of a class or id that name a comment or a thread (only to accept a lone item). */
const COMMENT_WORDS = new Set(['comment', 'comments', 'reply', 'replies', 'discussion', 'disqus', 'respond', 'response', 'responses', 'answer', 'answers', 'post', 'posts', 'message', 'thread']);
/** Relative times: "3 hours ago", "5 минут назад", "3小时前", "yesterday", "just now". Applied to short texts only. */
const RELATIVE_TIME = /\b(?:ago|yesterday|just now|today)\b|назад|вчера|сегодня|\d\s*(?:分钟|小时|天|周|个月|年)前|刚刚|昨天|今天/iu;
/** A time of day with a date-ish neighbour, as forums write it: "12.03.2024 14:05", "2024/03/12 14:05". */
const NUMERIC_DATE = /\b\d{1,4}[./-]\d{1,2}[./-]\d{1,4}\b/u;
/** A sentence's end: "!", "?", or a full stop after a word, at the end or before a space (not an initial's: "Posted by P. Okafor at 18:11"). */
const SENTENCE_END = /[!?。！？]|\p{L}{2}\.(?:\s|$)/u;
/** Words a page puts after the author: "Geoff says:", "Anna wrote:", "Иван пишет:", "张三说：". */
const AUTHOR_TAIL_WORDS = new Set(['says', 'said', 'wrote', 'writes', 'replied', 'commented', 'пишет', 'написал', 'написала', 'написали', 'ответил', 'ответила']);
/** The same, in scripts written without spaces (glued to the name). */
const AUTHOR_TAIL_GLUED = ['写道', '回复', '说'];

/** The punctuation a page puts after "says" or "said": "Geoff says:", "Anonymous said...". */
const TAIL_PUNCTUATION = new Set([':', '：', '.', '…']);

/** A text that is nothing but the words after an author ("Says:", "said..."): a header, not the comment's text. */
function isAuthorTail(text: string): boolean {
  let word = text.trim();
  while (word.length > 0 && TAIL_PUNCTUATION.has(word[word.length - 1]!)) word = word.slice(0, -1);
  return AUTHOR_TAIL_WORDS.has(word.trim().toLowerCase()) || AUTHOR_TAIL_GLUED.includes(word.trim());
}

/** An author's name without the words and colon the page puts after it. */
function stripAuthorTail(raw: string): string {
  let name = raw.trim();
  while (name.endsWith(':') || name.endsWith('：')) name = name.slice(0, -1).trimEnd();
  const space = name.lastIndexOf(' ');
  if (space > 0 && isAuthorTail(name.slice(space + 1))) name = name.slice(0, space).trimEnd();
  for (const tail of AUTHOR_TAIL_GLUED) if (name.length > tail.length && name.endsWith(tail)) name = name.slice(0, -tail.length).trimEnd();
  return name;
}

/**
 * `pageIsArticle`: the page-type decision judged the page an article. Only an article's body
 * gives up the comment blocks it took: on other pages (Q&A, product pages with reviews) the posts
 * are the page's content as WCXB's truth has it, and the body keeps what it took.
 * `sureForum`: the decision is sure of a forum (from-snapshot.ts FORUM_REPLIES_CONFIDENCE): a
 * thread whose body opens with the forum's banner, before the posts, is a thread all the same.
 * `pageMayBeThread`: the decision judged the page a forum. Comment structure is one of that
 * decision's own signals, so an article followed by a long comment section is often typed
 * `forum` too; there the page's structure decides — a thread's opening post is built as its
 * replies are, an article's body is not.
 */
/** The thread reason of a body that is nothing but its posts' opening (findComments). */
export const NO_OWN_PROSE = 'its body holds no prose of its own outside the posts';

export function findComments(
  tree: LayoutTree,
  bodyBlocks: readonly LeafBlock[],
  options: { pageIsArticle: boolean; pageMayBeThread?: boolean; sureForum?: boolean } = { pageIsArticle: true },
): CommentsFound {
  const none: CommentsFound = { comments: [], itemIds: [], itemRanges: [], inBody: [], thread: false, threadReason: null, bodyBlocksInComments: [], postFurniture: [], namedComments: 0 };
  if (bodyBlocks.length === 0) return none;
  const blockStart = (b: LeafBlock): number => Math.min(b.ownerId, ...b.ids);
  const firstBodyId = Math.min(...bodyBlocks.map(blockStart));
  const anchors = dateAnchors(tree);
  if (anchors.length === 0) return none;
  const items = itemsOf(tree, anchors);
  // Items nested in other items (a reply inside its parent comment) are read on their own.
  const itemSet = new Set(items.map((i) => i.id));
  let shaped: Array<{ id: number; end: number; anchor: number; comment: Comment; cue: boolean; numbered: boolean }> = [];
  for (const item of items) {
    if (item.id <= firstBodyId) continue;
    const comment = shapeOf(tree, item, itemSet);
    if (comment) shaped.push({ id: item.id, end: item.end, anchor: item.anchor, comment: comment.comment, cue: comment.cue, numbered: comment.numbered });
  }
  // A thread: the body starts in an item built as the replies are (a forum's opening post:
  // the same element and first class word), or the page is no article. Its posts are the
  // page's content, so the body keeps the ones it took; on an article, body blocks in a comment
  // leave the body.
  const opening = items.find((i) => i.id <= firstBodyId && firstBodyId < i.end);
  const openingLikeReplies = opening !== undefined && shaped.some((s) => signature(tree, s.id) === signature(tree, opening.id));
  // On a page typed forum whose body opens before the posts (the forum's banner), the first post
  // that carries the page's title is the thread's opening post: a reader's comment never repeats
  // the headline of the article it follows (WCXB-dev 0525).
  const openingNamesPage = options.pageMayBeThread === true && shaped.length > 0 && carriesTitle(shaped[0]!.comment.text, tree.snapshot.meta.title);
  const threadReason = openingLikeReplies
    ? 'its body opens in a post built as the replies are'
    : openingNamesPage
      ? 'its first post carries the page\'s title'
      : !(options.pageIsArticle || options.pageMayBeThread === true)
        ? 'the page is no article'
        : bodyIsOnlyPosts(tree, bodyBlocks, shaped)
          ? NO_OWN_PROSE
          : options.sureForum === true && shaped.length >= 2
            ? 'the page-type decision is sure of a forum: its posts are its content'
            : null;
  const thread = threadReason !== null;
  if (!thread) {
    // An article's comments follow its body: an item with body text after it is part of the
    // article (an embedded post or tweet quoted between paragraphs), not a comment. AEB's
    // dawgsbynature page quotes two tweets, each with its author and date, mid-body.
    const inShaped = (id: number): boolean => shaped.some((s) => s.id <= id && id < s.end);
    const lastOutside = Math.max(-1, ...bodyBlocks.map(blockStart).filter((id) => !inShaped(id)));
    shaped = shaped.filter((s) => s.id > lastOutside);
  }
  const authored = shaped.filter((s) => s.comment.author !== null || s.numbered).length;
  const accepted = shaped.length >= 2 ? authored * 2 >= shaped.length : shaped.length === 1 && shaped[0]!.cue && authored === 1;
  if (!accepted) return none;
  // The post the body opens in is the thread's opening post: the body, not a reply, but a post all
  // the same, whose furniture (its number, post count, signature) leaves the body as a reply's
  // does. Its text is cleaned of the template's lines with the replies' (the replies' own
  // cleaning is theirs alone, as before). Only on a page the decision typed forum: an article
  // its structure made a thread keeps its short lines (WCXB-dev 4704, a guide whose plant names
  // read as furniture, −0.013).
  const openingShape = thread && options.pageMayBeThread === true && opening !== undefined ? shapeOf(tree, opening, itemSet) : null;
  const openingPost = openingShape && opening ? withoutTemplateLines([{ id: opening.id, end: opening.end, comment: openingShape.comment }, ...shaped])[0]! : null;
  shaped = withoutTemplateLines(shaped);
  const inItem = (id: number): number => shaped.findIndex((s) => s.id <= id && id < s.end);
  const inOpening = (id: number): boolean => openingPost !== null && openingPost.id <= id && id < openingPost.end && !shaped.some((s) => s.id <= id && id < s.end);
  const blocksIn: number[] = [];
  // Per item, the characters of the body's blocks inside it: a post is in the body when they
  // hold most of its text, not when the body took only its author's column (XenForo's "Messages:
  // 3 · Likes Received: 1" beside each post, WCXB-dev 0520).
  const bodyCharsIn = new Map<number, number>();
  const furniture: number[] = [];
  const postTexts = thread ? shaped.map((s) => collapseWhitespace(s.comment.text)) : [];
  bodyBlocks.forEach((b, index) => {
    const at = inItem(blockStart(b));
    if (at < 0) {
      if (openingPost && inOpening(blockStart(b)) && isFurniture(textBlocks(tree, b.ids).join(' '), collapseWhitespace(openingPost.comment.text), openingPost.comment)) furniture.push(index);
      return;
    }
    blocksIn.push(index);
    const text = textBlocks(tree, b.ids).join(' ');
    if (thread && isFurniture(text, postTexts[at]!, shaped[at]!.comment)) furniture.push(index);
    else bodyCharsIn.set(at, (bodyCharsIn.get(at) ?? 0) + latinLength(text));
  });
  const textInBody = (i: number): boolean => (bodyCharsIn.get(i) ?? 0) >= COMMENT_PARAMS.inBodyShare * latinLength(shaped[i]!.comment.text);
  return {
    comments: shaped.map((s) => s.comment),
    itemIds: shaped.map((s) => s.id),
    itemRanges: shaped.map((s) => [s.id, s.end]),
    inBody: shaped.map((_, i) => thread && textInBody(i)),
    thread,
    threadReason,
    bodyBlocksInComments: thread ? [] : blocksIn,
    postFurniture: furniture,
    namedComments: shaped.filter((s) => namedComment(tree, s.id, STRICT_COMMENT_WORDS)).length,
  };
}

/**
 * A post's text without the poster's signature: what follows a line of underscores
 * ("__________________", vBulletin's and many forums' signature rule) is the same under every
 * post of its writer, not this post.
 */
function withoutSignature(text: string): string {
  const lines = text.split('\n');
  const rule = lines.findIndex((line, i) => i > 0 && SIGNATURE_RULE.test(line.trim()));
  return rule < 0 ? text : lines.slice(0, rule).join('\n').trim();
}
const SIGNATURE_RULE = /^_{10,}$/u;

/**
 * A short line of a post that is none of its text and names neither its author nor its date: the
 * post's furniture. The author and the date stay (a thread's content is its posts "each with
 * author and date where the page shows them", and WCXB-dev's truth of Discourse threads keeps
 * them); ranks, join dates, post counts, "#3" and buttons go.
 */
function isFurniture(text: string, postText: string, comment: Comment): boolean {
  const line = collapseWhitespace(text).trim();
  if (line === '' || latinLength(line) > COMMENT_PARAMS.maxFurnitureChars || postText.includes(line)) return false;
  if (comment.author !== null && line.includes(comment.author)) return false;
  return dateInText(line) === null;
}

/**
 * A line that every comment of a thread carries word for word ("Login or register to post
 * comments" under each of Drupal's comments, "Report this comment") is the template's, not a
 * reader's: it leaves every comment's text. Only in threads of `minComments` or more, and never
 * a comment's only line.
 */
function withoutTemplateLines<T extends { comment: Comment }>(shaped: T[]): T[] {
  if (shaped.length < TEMPLATE_LINES.minComments) return shaped;
  const lines = shaped.map((s) => s.comment.text.split('\n\n'));
  // A line word for word in every comment, or a "Label: value" line whose label every comment
  // has (a forum's profile column: "Join Date: Jun 2007", "Posts: 12").
  const labelOf = (line: string): string | null => {
    const m = PROFILE_LABEL.exec(line);
    return m ? m[1]!.toLowerCase() : null;
  };
  const labels = lines.map((l) => new Set(l.map(labelOf).filter((x): x is string => x !== null)));
  const everyLabel = new Set([...labels[0]!].filter((label) => labels.every((set) => set.has(label))));
  const everywhere = new Set(lines[0]!.filter((line) => lines.every((l) => l.includes(line))));
  for (const l of lines) for (const line of l) if (everyLabel.has(labelOf(line) ?? '')) everywhere.add(line);
  if (everywhere.size === 0) return shaped;
  return shaped.map((s, i) => {
    const kept = lines[i]!.filter((line) => !everywhere.has(line));
    return kept.length === 0 ? s : { ...s, comment: { ...s.comment, text: kept.join('\n\n') } };
  });
}

/** A short "Label: value" line: a label of one to three words, a colon, a short value. */
const PROFILE_LABEL = /^(\p{L}[\p{L} ]{0,24}):\s*\S.{0,30}$/u;

export const TEMPLATE_LINES = {
  /** Two comments may say the same short thing ("Thanks!"); three saying it in one line are a template. */
  minComments: 3,
} as const;

/** Whether the body's blocks outside the items hold almost no prose, while the items hold more (at least two items). */
function bodyIsOnlyPosts(tree: LayoutTree, bodyBlocks: readonly LeafBlock[], shaped: ReadonlyArray<{ id: number; end: number; comment: Comment }>): boolean {
  if (shaped.length < 2) return false;
  const inItem = (id: number): boolean => shaped.some((s) => s.id <= id && id < s.end);
  let own = 0;
  for (const b of bodyBlocks) {
    if (inItem(Math.min(b.ownerId, ...b.ids))) continue;
    own += latinLength(textBlocks(tree, b.ids).join(' '));
    if (own >= COMMENT_PARAMS.threadMaxOwnProse) return false;
  }
  const posts = shaped.reduce((sum, s) => sum + latinLength(s.comment.text), 0);
  return posts > own;
}

/** An item's build: its tag and first class word ("div.post", "li.comment"). */
function signature(tree: LayoutTree, id: number): string {
  const el = elementAt(tree, id);
  return el ? `${el.tag}.${classWords(el)[0] ?? ''}` : '';
}

/**
 * The dates the page shows, each as the deepest short element that spells one, in page order.
 * Cost: each element is read only when its subtree is small (maxAnchorNodes), so the pass is
 * linear in the page.
 */
function dateAnchors(tree: LayoutTree): number[] {
  const found: number[] = [];
  for (let id = 0; id < tree.nodes.length && found.length < COMMENT_PARAMS.maxAnchors; id++) {
    const el = elementAt(tree, id);
    if (!el || tree.hidden[id]) continue;
    const length = tree.stats[id]?.textLength ?? 0;
    if (el.tag === 'time' || el.attrs.datetime !== undefined) {
      if (length > 0 || el.attrs.datetime) found.push(id);
      continue;
    }
    if (length < 4 || length > COMMENT_PARAMS.maxAnchorChars) continue;
    if ((tree.subtreeEnd[id] ?? id) - id > COMMENT_PARAMS.maxAnchorNodes) continue;
    const text = collapseWhitespace(textUnder(tree, id)).trim();
    // A short sentence that names a date ("See you on 7 September!") is prose, not a dateline.
    if (!SENTENCE_END.test(text) && looksLikeDate(text)) found.push(id);
  }
  // Keep the deepest: an anchor with another anchor inside it gives way to that one. In
  // pre-order the first anchor inside a subtree is the next anchor after the subtree's root.
  return found.filter((id, i) => {
    const next = found[i + 1];
    return next === undefined || next >= (tree.subtreeEnd[id] ?? id + 1);
  });
}

/** A short text that is a date or a time: a calendar date any language's dateline spells, a relative time, or a numeric date. */
export function looksLikeDate(text: string): boolean {
  if (text.length === 0 || text.length > COMMENT_PARAMS.maxAnchorChars) return false;
  return dateInText(text) !== null || RELATIVE_TIME.test(text) || NUMERIC_DATE.test(text);
}

/**
 * A comment's extent: one element (`roots` is `[id]`), or a run of siblings when the page lists
 * its comments flat (Blogger's classic `<dl>`: `<dt>` author, `<dd>` text, `<dd>` date, three
 * siblings per comment). `[id, end)` is its id range; `boundary` the node its header lines stop
 * below (the element itself, or the siblings' parent).
 */
interface Item {
  id: number;
  end: number;
  anchor: number;
  roots: number[];
  boundary: number;
}

/**
 * Each anchor's item: the largest element above it that holds no other anchor (found with a
 * binary search over the sorted anchors), climbing at most maxClimb levels and never to the
 * page's root. Where that element holds nothing but its date line (a flat list: the parent holds
 * every comment's parts side by side), the comment is the run of siblings around it
 * (`flatRuns`).
 */
function itemsOf(tree: LayoutTree, anchors: readonly number[]): Item[] {
  const countIn = (id: number): number => lowerBound(anchors, tree.subtreeEnd[id] ?? id + 1) - lowerBound(anchors, id);
  const climbed: Array<{ item: number; anchor: number }> = [];
  const dateOnly = new Map<number, number>();
  for (const anchor of anchors) {
    let item = anchor;
    for (let level = 0; level < COMMENT_PARAMS.maxClimb; level++) {
      const parent = tree.nodes[item]?.parent ?? -1;
      if (parent <= 0 || countIn(parent) > 1) break;
      item = parent;
    }
    climbed.push({ item, anchor });
    const parent = tree.nodes[item]?.parent ?? -1;
    if (parent > 0 && onlyItsDate(tree, item, anchor)) dateOnly.set(parent, (dateOnly.get(parent) ?? 0) + 1);
  }
  // A flat list: a parent whose dated children are mostly nothing but their date line.
  const flat = new Map<number, Item[]>();
  for (const [parent, count] of dateOnly) {
    if (count < 2 || count * 2 < countIn(parent)) continue;
    const runs = flatRuns(tree, parent, anchors);
    if (runs.length >= 2) flat.set(parent, runs);
  }
  const out: Item[] = [...flat.values()].flat();
  const seen = new Set(out.map((i) => i.id));
  for (const { item, anchor } of climbed) {
    if (item === anchor || seen.has(item) || flat.has(tree.nodes[item]?.parent ?? -1)) continue;
    seen.add(item);
    out.push({ id: item, end: tree.subtreeEnd[item] ?? item + 1, anchor, roots: [item], boundary: item });
  }
  return out.sort((a, b) => a.id - b.id);
}

/** True when the element holds no more text than its date line and a control ("Delete", an icon). */
function onlyItsDate(tree: LayoutTree, id: number, anchor: number): boolean {
  const all = tree.stats[id]?.textLength ?? 0;
  const date = tree.stats[anchor]?.textLength ?? 0;
  return all - date <= COMMENT_PARAMS.maxControlChars && !tree.hasBlockWithText[anchor];
}

/**
 * The comments of a flat list: the parent's children cut into runs at the children that hold a
 * date. The date closes its run (Blogger: author, text, date) or opens it (a date line, then the
 * text); of the two cuts, the one that leaves less text outside every run (before the first date,
 * or after the last) is the page's.
 */
function flatRuns(tree: LayoutTree, parent: number, anchors: readonly number[]): Item[] {
  const children: number[] = [];
  for (let c = parent + 1; c < (tree.subtreeEnd[parent] ?? parent + 1); c = tree.subtreeEnd[c] ?? c + 1) {
    if (!tree.hidden[c] && (tree.stats[c]?.textLength ?? 0) > 0) children.push(c);
  }
  const anchorIn = (c: number): number | undefined => {
    const i = lowerBound(anchors, c);
    const a = anchors[i];
    return a !== undefined && a < (tree.subtreeEnd[c] ?? c + 1) ? a : undefined;
  };
  const dated = children.map((c) => anchorIn(c));
  const at = dated.flatMap((a, i) => (a === undefined ? [] : [i]));
  if (at.length < 2) return [];
  const textOf = (from: number, to: number): number => children.slice(from, to).reduce((n, c) => n + (tree.stats[c]?.textLength ?? 0), 0);
  const dateLast = textOf(at[at.length - 1]! + 1, children.length) <= textOf(0, at[0]!);
  const runs: Array<Item & { build: string }> = [];
  for (let k = 0; k < at.length; k++) {
    const from = dateLast ? (k === 0 ? 0 : at[k - 1]! + 1) : at[k]!;
    const to = dateLast ? at[k]! + 1 : (k + 1 < at.length ? at[k + 1]! : children.length);
    const roots = children.slice(from, to);
    if (roots.length === 0) continue;
    const last = roots[roots.length - 1]!;
    const build = roots.map((r) => signature(tree, r)).join(' ');
    runs.push({ id: roots[0]!, end: tree.subtreeEnd[last] ?? last + 1, anchor: dated[at[k]!]!, roots, boundary: parent, build });
  }
  // Comments are built alike: the runs that share the most common build (the same elements with
  // the same first class word, in the same order), when most do. Paragraphs and headings of an
  // article that name dates make runs of every shape.
  const counts = new Map<string, number>();
  for (const r of runs) counts.set(r.build, (counts.get(r.build) ?? 0) + 1);
  const [build, count] = [...counts].sort((a, b) => b[1] - a[1])[0] ?? ['', 0];
  if (count < 2 || count * 2 <= runs.length) return [];
  return runs.filter((r) => r.build === build).map(({ build: _, ...item }) => item);
}

function lowerBound(sorted: readonly number[], value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * One item read as a comment: author, date and its own text; null when it does not have the
 * shape (no text of its own, a teaser card, a link list). `cue`: the page names it a comment.
 */
function shapeOf(tree: LayoutTree, item: Item, items: ReadonlySet<number>): { comment: Comment; cue: boolean; numbered: boolean } | null {
  const { id: itemId, end, anchor: anchorId } = item;
  const nested = (id: number): boolean => id !== itemId && items.has(id);
  // The item's own nodes: everything under it but the items nested inside.
  const own: number[] = [];
  for (let id = itemId; id < end; id++) {
    if (nested(id)) {
      id = (tree.subtreeEnd[id] ?? id + 1) - 1;
      continue;
    }
    own.push(id);
  }
  const author = authorOf(tree, own, anchorId, item.boundary);
  // A teaser card: a heading whose text is a link (a related story, not a comment) — unless the
  // link is the author's, named so by its class or its profile address (XenForo heads each post
  // with `<h4><a href="/members/…">`).
  for (const id of own) {
    const el = elementAt(tree, id);
    if (el && /^h[1-6]$/u.test(el.tag)) {
      const s = tree.stats[id]!;
      const namesAuthor = author !== null && author.named && author.id >= id && author.id < (tree.subtreeEnd[id] ?? id + 1);
      if (!namesAuthor && s.textLength > 0 && s.linkTextLength >= s.textLength * 0.8 && !linksWithinPage(tree, id)) return null;
    }
  }
  // The message: the item's longest text (headers stop below it).
  let messageId = -1;
  for (const id of own) {
    if (tree.nodes[id]?.kind === 'text' && !tree.hidden[id] && (tree.stats[id]?.textLength ?? 0) > (tree.stats[messageId]?.textLength ?? 0)) messageId = id;
  }
  const skip = new Set<number>();
  const skipRoot = (id: number | null): void => {
    if (id !== null) skip.add(headerLine(tree, id, item.boundary, messageId));
  };
  skipRoot(anchorId);
  if (author) skipRoot(author.id);
  for (const id of own) if (isControl(tree, id) || isTitle(tree, id) || (tree.nodes[id]?.kind === 'text' && isAuthorTail(tree.nodes[id]!.text))) skip.add(id);
  const isSkipped = (id: number): boolean => nested(id) || skip.has(id);
  const blocks = textBlocks(tree, item.roots, { skip: isSkipped });
  const text = withoutSignature(blocks.join('\n\n').trim());
  if ([...text].filter((c) => c.trim() !== '').length < COMMENT_PARAMS.minTextChars) return null;
  // Link share of the text left: a list of links is not a comment.
  let chars = 0;
  let linkChars = 0;
  for (let id = itemId; id < end; id++) {
    if (isSkipped(id)) {
      id = (tree.subtreeEnd[id] ?? id + 1) - 1;
      continue;
    }
    const node = tree.nodes[id];
    if (node?.kind !== 'text' || tree.hidden[id]) continue;
    const n = tree.stats[id]!.textLength;
    chars += n;
    if (tree.inLink[id]) linkChars += n;
  }
  if (chars === 0 || linkChars > chars * COMMENT_PARAMS.maxLinkShare) return null;
  return { comment: { author: author?.name ?? null, date: dateOf(tree, anchorId), text }, cue: namedComment(tree, itemId), numbered: author === null && numberedPost(tree, own) };
}

/**
 * The author: the innermost element whose class, id or itemprop names an author; else a link to
 * a profile page — both also inside the date's line ("Mon, 03/03/2008 - 21:02 — <a
 * href=/user/57>kestrel</a>"); else a line that introduces its author ("Posted by: Ruth Calloway
 * at March 4, 2008 04:55 PM", the date's line of Movable Type and Typepad comments, read as the
 * metadata stage reads a byline); else the first short bold, cited or linked line before the
 * text, or a line ending in "said…" (`named` false: a guess). Never the date.
 */
function authorOf(tree: LayoutTree, own: readonly number[], anchorId: number, boundary: number): { id: number; name: string; named: boolean } | null {
  const anchorEnd = tree.subtreeEnd[anchorId] ?? anchorId + 1;
  const inAnchor = (id: number): boolean => id >= anchorId && id < anchorEnd;
  const candidate = (id: number, anchorToo = false): string | null => {
    if ((inAnchor(id) && !(anchorToo && id !== anchorId)) || tree.hidden[id]) return null;
    const length = tree.stats[id]?.textLength ?? 0;
    if (length === 0 || length > COMMENT_PARAMS.maxAuthorChars + 12) return null;
    if ((tree.subtreeEnd[id] ?? id) - id > COMMENT_PARAMS.maxAnchorNodes) return null;
    const name = stripAuthorTail(collapseWhitespace(textUnder(tree, id)));
    if (name === '' || name.length > COMMENT_PARAMS.maxAuthorChars || name.split(/\s+/u).length > COMMENT_PARAMS.maxAuthorWords) return null;
    if (looksLikeDate(name) || POST_NUMBER.test(name)) return null;
    return name;
  };
  let named: { id: number; name: string; named: boolean } | null = null;
  for (const id of own) {
    const el = elementAt(tree, id);
    if (!el) continue;
    const words = [...classWords(el), ...(el.attrs.itemprop ? el.attrs.itemprop.toLowerCase().split(/\s+/u) : [])];
    if (!words.some((w) => AUTHOR_WORDS.has(w))) continue;
    const name = candidate(id, true);
    // Innermost: a later match inside the one found replaces it ("comment-author" > "fn"); one
    // after it is another line ("Member", a rank under the name), and the first stays.
    if (name !== null && (named === null || id < (tree.subtreeEnd[named.id] ?? named.id + 1))) named = { id, name, named: true };
  }
  if (named) return named;
  for (const id of own) {
    const el = elementAt(tree, id);
    if (el?.tag !== 'a' || !el.attrs.href) continue;
    if (el.attrs.rel?.split(/\s+/u).includes('author') || PROFILE_PATH.test(el.attrs.href)) {
      const name = candidate(id, true);
      if (name !== null) return { id, name, named: true };
    }
  }
  // The date's line: the anchor, or the short line around it ("Posted by: <a>Graham Tull</a> |
  // <a>March 05, 2008 at 08:12 AM</a>", TypePad's footer, whose date is a link of its own).
  let line = anchorId;
  for (let p = tree.nodes[anchorId]?.parent ?? -1; p > boundary && (tree.stats[p]?.textLength ?? 0) <= COMMENT_PARAMS.maxAnchorChars; p = tree.nodes[p]?.parent ?? -1) line = p;
  const dateLine = collapseWhitespace(textUnder(tree, line)).trim();
  const introduced = namesInByline(dateLine);
  // The first name: "Posted by Ray, Cowbridge at 15:02" names a reader and the place he writes from.
  if (introduced.introduced && introduced.names.length > 0 && introduced.names[0]!.length <= COMMENT_PARAMS.maxAuthorChars) {
    return { id: anchorId, name: introduced.names[0]!, named: true };
  }
  // The first short line in bold, <cite> or a link, before any longer text.
  for (const id of own) {
    const node = tree.nodes[id];
    if (node?.kind === 'text' && !tree.hidden[id] && (tree.stats[id]?.textLength ?? 0) > COMMENT_PARAMS.maxAuthorChars) break;
    const el = elementAt(tree, id);
    if (!el) continue;
    const tail = tree.isBlock[id] && isAuthorTail(lastWord(textUnder(tree, id)));
    if (!tail && !['b', 'strong', 'cite', 'a'].includes(el.tag)) continue;
    const name = candidate(id);
    if (name !== null) return { id, name, named: false };
  }
  return null;
}

/**
 * A post numbered as forums number them: a short link or bold line "#3" or "3" before the post's
 * text. Its number is no one's name, but a post that carries one is built as a forum's posts are,
 * and counts as one where the author's name could not be read (XenForo's post links).
 */
function numberedPost(tree: LayoutTree, own: readonly number[]): boolean {
  for (const id of own) {
    const node = tree.nodes[id];
    if (node?.kind === 'text' && !tree.hidden[id] && (tree.stats[id]?.textLength ?? 0) > COMMENT_PARAMS.maxAuthorChars) return false;
    const el = elementAt(tree, id);
    if (!el || !['b', 'strong', 'a'].includes(el.tag) || tree.hidden[id] || (tree.stats[id]?.textLength ?? 0) > 8) continue;
    if (POST_NUMBER.test(collapseWhitespace(textUnder(tree, id)).trim())) return true;
  }
  return false;
}

/** The last word of a short text. */
function lastWord(text: string): string {
  const words = collapseWhitespace(text).trim().split(' ');
  return words[words.length - 1] ?? '';
}

/**
 * The header an author or a date sits in: its largest ancestor inside the item that is still
 * short and does not hold the comment's message (the item's longest text), so "Geoff says:",
 * "Anna · 3 hours ago" or a forum's profile column ("Member · Posts: 47") leave the text whole.
 */
function headerLine(tree: LayoutTree, id: number, boundary: number, messageId: number): number {
  let line = id;
  for (let p = tree.nodes[id]?.parent ?? -1; p > boundary; p = tree.nodes[p]?.parent ?? -1) {
    if ((tree.stats[p]?.textLength ?? 0) > COMMENT_PARAMS.maxHeaderChars || (p <= messageId && messageId < (tree.subtreeEnd[p] ?? p + 1))) break;
    line = p;
  }
  return line;
}

/** Any letter or digit of any script (a control line's separators have none). */
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/** A control of the comment: a button, or a short line that is all links and buttons ("Reply", "Like · Reply · Report"). */
function isControl(tree: LayoutTree, id: number): boolean {
  const el = elementAt(tree, id);
  if (!el) return false;
  if (el.tag === 'button' || el.tag === 'form' || el.tag === 'textarea') return true;
  const s = tree.stats[id]!;
  // A block, or an inline line of links of its own class ("comment-actions"): Blogger's
  // <span class="comment-actions"><a class="comment-reply">Reply</a> <a>Delete</a></span>.
  const line = tree.isBlock[id] || (el.tag === 'span' && classWords(el).length > 0);
  if (!line || s.textLength === 0 || s.textLength > COMMENT_PARAMS.maxControlChars) return false;
  if (s.linkTextLength === s.textLength) return true;
  const end = tree.subtreeEnd[id] ?? id + 1;
  if (end - id > COMMENT_PARAMS.maxAnchorNodes) return false;
  // Every text in a link or a button, or only separators between them (" · ", " | ").
  for (let i = id; i < end; i++) {
    const node = tree.nodes[i];
    if (node?.kind !== 'text' || tree.hidden[i] || tree.inLink[i] || (tree.stats[i]?.textLength ?? 0) === 0) continue;
    if (!LETTER_OR_DIGIT.test(node.text)) continue;
    // In a button, or in a link a script serves (an <a> without an address: "Reply", "Replies").
    let inButton = false;
    for (let p = tree.nodes[i]!.parent; p >= id && !inButton; p = tree.nodes[p]?.parent ?? -1) {
      const tag = elementAt(tree, p)?.tag;
      inButton = tag === 'button' || tag === 'a';
    }
    if (!inButton) return false;
  }
  return true;
}

/**
 * True when the links under a heading point into this page (`#comment-1027`): a comment's own
 * subject line (Drupal heads each comment with a link to itself), not a teaser for another page.
 */
function linksWithinPage(tree: LayoutTree, id: number): boolean {
  const page = tree.snapshot.url.split('#')[0]!;
  const end = Math.min(tree.subtreeEnd[id] ?? id + 1, id + COMMENT_PARAMS.maxAnchorNodes);
  let links = 0;
  for (let i = id; i < end; i++) {
    const el = elementAt(tree, i);
    const href = el?.tag === 'a' ? el.attrs.href : undefined;
    if (href === undefined) continue;
    const hash = href.indexOf('#');
    if (hash < 0 || (hash > 0 && href.slice(0, hash) !== page)) return false;
    links++;
  }
  return links > 0;
}

/** A heading inside a comment: its title ("Re: Old lathe motor…"), not its text. */
function isTitle(tree: LayoutTree, id: number): boolean {
  const el = elementAt(tree, id);
  return el !== undefined && /^h[1-6]$/u.test(el.tag) && (tree.stats[id]?.textLength ?? 0) <= COMMENT_PARAMS.maxHeaderChars;
}

/** The date as ISO 8601 when it can be read, else the text the page shows. */
function dateOf(tree: LayoutTree, anchorId: number): string | null {
  const el = elementAt(tree, anchorId);
  const shown = collapseWhitespace(textUnder(tree, anchorId)).trim();
  return normalizeDate(el?.attrs.datetime) ?? dateInText(shown) ?? (shown === '' ? null : shown);
}

/** Class and id words that name readers' comments only (not a thread's posts or a Q&A page's answers). */
const STRICT_COMMENT_WORDS: ReadonlySet<string> = new Set(['comment', 'comments', 'commentlist']);

/** True when the item or one of its three nearest ancestors is named a comment, reply or post (or with `words`). */
function namedComment(tree: LayoutTree, itemId: number, words: ReadonlySet<string> = COMMENT_WORDS): boolean {
  let id = itemId;
  for (let level = 0; level < 4 && id > 0; level++) {
    const el = elementAt(tree, id);
    if (el && classWords(el).some((w) => words.has(w))) return true;
    id = tree.nodes[id]?.parent ?? -1;
  }
  return false;
}

/** Text of a subtree (short subtrees only: callers bound its size). */
function textUnder(tree: LayoutTree, id: number): string {
  const end = tree.subtreeEnd[id] ?? id + 1;
  let text = '';
  for (let i = id; i < end; i++) {
    const node = tree.nodes[i];
    if (node?.kind === 'text' && !tree.hidden[i]) text += node.text;
  }
  return text;
}

/** A line of the post this long at least, found in the page's `<title>`, is the page's title. */
const TITLE_LINE_MIN_CHARS = 12;

/** Whether one of the post's first lines is (part of) the document's title: the thread's own title. */
export function carriesTitle(text: string, title: string): boolean {
  const page = title.trim().toLowerCase();
  if (page.length < TITLE_LINE_MIN_CHARS) return false;
  let lines = 0;
  for (const line of text.split('\n')) {
    const candidate = line.trim().toLowerCase();
    if (candidate === '') continue;
    if (candidate.length >= TITLE_LINE_MIN_CHARS && page.includes(candidate)) return true;
    if (++lines >= COMMENT_PARAMS.titleLinesRead) return false;
  }
  return false;
}
