/**
 * What an element's markup says about it, as bit flags, computed for every node of a page in
 * one top-down pass (a node carries its own marks and its ancestors'). Pure.
 *
 * The marks are generic web conventions — tags, ARIA roles, schema.org `itemprop`, and families
 * of words in class and id names that Readability.js, trafilatura and boilerpipe also read —
 * never a particular site's names. They are evidence for the block model (block-model.ts), which
 * learns how much each is worth; none of them decides on its own.
 */
import type { SnapshotElement } from '../types.js';
import type { LayoutTree } from '../segment/tree.js';

/** One bit per mark. `MARKS` below lists them with what each means. */
export const MARK = {
  // structural tags (HTML5 sectioning and friends)
  article: 1 << 0,
  main: 1 << 1,
  header: 1 << 2,
  footer: 1 << 3,
  nav: 1 << 4,
  aside: 1 << 5,
  form: 1 << 6,
  list: 1 << 7,
  table: 1 << 8,
  figure: 1 << 9,
  blockquote: 1 << 10,
  link: 1 << 11,
  heading: 1 << 12,
  control: 1 << 13,
  // itemprop="articleBody" (schema.org), or a class/id naming the article's body
  bodyName: 1 << 14,
  // class/id word families (see WORD_FAMILIES)
  comment: 1 << 15,
  share: 1 << 16,
  related: 1 << 17,
  promo: 1 << 18,
  chrome: 1 << 19,
  overlay: 1 << 20,
  meta: 1 << 21,
  content: 1 << 22,
  // a landmark role of furniture (navigation, complementary, contentinfo, banner, search, dialog…)
  furnitureRole: 1 << 23,
  caption: 1 << 24,
  hiddenHint: 1 << 25,
} as const;

export type MarkName = keyof typeof MARK;
export const MARK_NAMES = Object.keys(MARK) as MarkName[];

/** Tags and the mark each gives. */
const TAG_MARKS: Record<string, number> = {
  article: MARK.article,
  main: MARK.main,
  header: MARK.header,
  footer: MARK.footer,
  nav: MARK.nav,
  aside: MARK.aside,
  form: MARK.form,
  ul: MARK.list,
  ol: MARK.list,
  dl: MARK.list,
  menu: MARK.nav,
  table: MARK.table,
  figure: MARK.figure,
  blockquote: MARK.blockquote,
  a: MARK.link,
  h1: MARK.heading,
  h2: MARK.heading,
  h3: MARK.heading,
  h4: MARK.heading,
  h5: MARK.heading,
  h6: MARK.heading,
  button: MARK.control,
  select: MARK.control,
  textarea: MARK.control,
  label: MARK.control,
  input: MARK.control,
  dialog: MARK.overlay,
  figcaption: MARK.caption,
  caption: MARK.caption,
  noscript: MARK.hiddenHint,
  iframe: MARK.promo,
};

const ROLE_MARKS: Record<string, number> = {
  navigation: MARK.furnitureRole,
  complementary: MARK.furnitureRole,
  contentinfo: MARK.furnitureRole,
  banner: MARK.furnitureRole,
  search: MARK.furnitureRole,
  dialog: MARK.overlay,
  alertdialog: MARK.overlay,
  menu: MARK.furnitureRole,
  menubar: MARK.furnitureRole,
  toolbar: MARK.furnitureRole,
  main: MARK.main,
  article: MARK.article,
};

/**
 * Whole words of class and id names, by family. A word counts when it is a whole token after
 * splitting on `-`, `_`, spaces and camelCase (so "adorable" is not "ad").
 */
const WORD_FAMILIES: Record<string, number> = Object.fromEntries(
  (
    [
      // reader comments and their forms
      [MARK.comment, ['comment', 'comments', 'disqus', 'respond', 'replies', 'reply', 'discussion']],
      // share and follow bars, print/e-mail tools
      [MARK.share, ['share', 'sharing', 'social', 'sharebar', 'follow', 'print', 'tools', 'toolbar']],
      // links to other stories
      [MARK.related, ['related', 'recommended', 'recommendations', 'outbrain', 'taboola', 'trending', 'popular', 'readmore', 'teaser', 'teasers', 'more', 'latest', 'also', 'next', 'prev', 'pagination', 'pager']],
      // sign-up, marketing and ads
      [MARK.promo, ['newsletter', 'subscribe', 'subscription', 'signup', 'promo', 'promoted', 'sponsor', 'sponsored', 'advert', 'advertisement', 'advertising', 'ad', 'ads', 'adslot', 'dfp', 'banner', 'commercial', 'affiliate']],
      // page chrome: navigation, headers and footers of the site
      [MARK.chrome, ['sidebar', 'widget', 'breadcrumb', 'breadcrumbs', 'nav', 'navbar', 'navigation', 'menu', 'footer', 'masthead', 'header', 'topbar', 'skip', 'logo', 'search', 'login', 'account']],
      // overlays
      [MARK.overlay, ['cookie', 'cookies', 'consent', 'paywall', 'popup', 'modal', 'overlay', 'gdpr', 'lightbox']],
      // around the story: captions, credits, bylines, dates, tags
      [MARK.meta, ['caption', 'credit', 'credits', 'byline', 'bio', 'tags', 'taglist', 'keywords', 'author', 'authors', 'date', 'dateline', 'timestamp', 'meta', 'published', 'updated', 'category']],
      // names of the article's body or its container
      [MARK.content, ['article', 'content', 'body', 'story', 'post', 'entry', 'text', 'main', 'prose', 'richtext', 'blog']],
      [MARK.bodyName, ['articlebody', 'storybody', 'postbody', 'entrycontent', 'articletext', 'storytext', 'postcontent', 'articlecontent']],
      [MARK.hiddenHint, ['hidden', 'hide', 'invisible', 'collapsed', 'offscreen']],
    ] as Array<[number, string[]]>
  ).flatMap(([mark, words]) => words.map((w) => [w, mark] as const)),
);

/** The words of an element's class and id, lower-case. */
export function classWords(el: SnapshotElement): string[] {
  const raw = `${el.attrs.class ?? ''} ${el.attrs.id ?? ''}`;
  if (raw.trim() === '') return [];
  return raw
    .replace(/([a-z])([A-Z])/gu, '$1 $2')
    .toLowerCase()
    .split(/[\s_\-]+/u)
    .filter((t) => t.length > 0);
}

/** The marks of one element by itself; `words: false` leaves its class and id words out. */
export function ownMarks(el: SnapshotElement, options: { words: boolean } = { words: true }): number {
  let marks = TAG_MARKS[el.tag] ?? 0;
  if (el.attrs.role) marks |= ROLE_MARKS[el.attrs.role] ?? 0;
  if (el.attrs.itemprop && /\barticleBody\b/iu.test(el.attrs.itemprop)) marks |= MARK.bodyName;
  if (el.attrs.ariaHidden) marks |= MARK.hiddenHint;
  if (!options.words) return marks;
  const words = classWords(el);
  for (const w of words) marks |= WORD_FAMILIES[w] ?? 0;
  // "article-body", "story_text", "post-content": a body name split in two words.
  for (let i = 0; i + 1 < words.length; i++) {
    const joined = words[i]! + words[i + 1]!;
    marks |= (WORD_FAMILIES[joined] ?? 0) & MARK.bodyName;
  }
  return marks;
}

/**
 * An element holding at least this share of the page's text wraps the whole page: its marks
 * describe the page or the site, not a part of it — a hundred feature flags ("ads-on",
 * "has-sidebar") in the class of <body>, an ASP.NET page's one <form> around everything — so
 * they are not passed down.
 */
const PAGE_WRAPPER_TEXT_SHARE = 0.9;

/**
 * Dialogs (the element, or its ARIA role) do not count in that share. A page saved without its
 * stylesheets shows its closed modals in the flow: a shop's privacy policy and terms of sale,
 * written into two dialogs inside its `<footer>`, held 94 % of a WCXB product page's text, so the
 * footer was read as the page's wrapper and its mark was lost for everything in it.
 */
const DIALOG_ROLES: ReadonlySet<string> = new Set(['dialog', 'alertdialog']);

function isDialog(node: SnapshotElement): boolean {
  return node.tag === 'dialog' || DIALOG_ROLES.has(node.attrs.role ?? '');
}

/**
 * Marks of every node: its own and all its ancestors' (text nodes take their parent's).
 * One pass in document order (a parent always precedes its children).
 */
export function pathMarks(tree: LayoutTree): Uint32Array {
  // Read by the block features, the cards stage and the profiles' furniture rule: one pass a tree.
  const cached = PATH_MARKS.get(tree);
  if (cached) return cached;
  const marks = computePathMarks(tree);
  PATH_MARKS.set(tree, marks);
  return marks;
}

const PATH_MARKS = new WeakMap<LayoutTree, Uint32Array>();

function computePathMarks(tree: LayoutTree): Uint32Array {
  const n = tree.nodes.length;
  const out = new Uint32Array(n);
  // The text of each node inside dialogs (its own, when it is one), bottom-up: children follow
  // their parent in `tree.nodes`.
  const inDialogs = new Float64Array(n);
  for (let id = n - 1; id >= 0; id--) {
    const node = tree.nodes[id]!;
    if (node.kind === 'element' && isDialog(node)) inDialogs[id] = tree.stats[id]?.textLength ?? 0;
    if (node.parent >= 0) inDialogs[node.parent]! += inDialogs[id]!;
  }
  const outsideDialogs = (id: number): number => (tree.stats[id]?.textLength ?? 0) - inDialogs[id]!;
  // A page that is all dialog keeps the plain share.
  const pageText = outsideDialogs(0) > 0 ? outsideDialogs(0) : (tree.stats[0]?.textLength ?? 0);
  const textOf = outsideDialogs(0) > 0 ? outsideDialogs : (id: number): number => tree.stats[id]?.textLength ?? 0;
  for (let id = 0; id < n; id++) {
    const node = tree.nodes[id]!;
    const inherited = node.parent >= 0 ? out[node.parent]! : 0;
    if (node.kind !== 'element') {
      out[id] = inherited;
      continue;
    }
    const wrapsPage = textOf(id) >= pageText * PAGE_WRAPPER_TEXT_SHARE;
    out[id] = wrapsPage ? inherited : inherited | ownMarks(node);
  }
  return out;
}

export function hasMark(marks: number, mark: number): boolean {
  return (marks & mark) !== 0;
}
