/**
 * Parts of a page that its readers do not see as content, found by structure, for every
 * profile (first for those that read wider than an article's: listing, collection, product,
 * service, forum, documentation; the article's too since 2026-12-01). Pure; each finder is one pass over the tree, in time linear in its nodes.
 *
 * A saved page is rendered without the style sheets it linked to (they are not in the saved
 * file, and a saved page fetches nothing), so what the site's CSS hid is laid out as text: a
 * mega-menu's drop-downs, a mobile menu's drawer, text meant for screen readers only. The block
 * model weighs such text as it weighs any (its features `inNav`, `hiddenHint` and the link
 * density say "unsure"), and a profile whose calibration takes more of the page takes it. Two
 * shapes are unambiguous:
 *
 * - **a menu tree**: a list (`ul`/`ol`) whose text is nearly all link text, with a list nested
 *   inside one of its items, and several items in all — a drop-down menu or a site map. A page's
 *   own lists of links (a listing's items, a product's downloads) are flat; a table of contents
 *   nests, and is left out too (WCXB's truth leaves it out).
 * - **screen-reader text**: an element carrying one of the class names that the common CSS
 *   frameworks and CMSs give to text shown only to screen readers (`sr-only`, `visually-hidden`,
 *   `screen-reader-text`…); with its style sheet, such an element is clipped to one pixel.
 *
 * Measured on WCXB-dev (the figures and commands are in docs/extract.md): both together, word F1
 * 0.8856 → 0.8859 over all pages, 30 pages better and 9 worse (collection, listing, product and
 * service better; the article profile was not touched then). On the article profile too (WCXB-dev
 * word F1 0.8903 → 0.8904 in sample, 21 pages changed, 17 better: articles whose body held a nested
 * table of contents; out of fold 0.8800 → 0.8803, 23 pages changed, 20 better, collection 0.7103 → 0.7125; AEB, its unstyled
 * copy and the samples unchanged).
 */
import type { LayoutTree } from '../../segment/tree.js';

export const UNSEEN_PARAMS = {
  /** A menu tree has at least this many items (`li`) in all, nested ones included. */
  menuMinItems: 6,
  /** …and at least this share of its text inside links. */
  menuMinLinkShare: 0.9,
  /**
   * Class names (whole, lower-case) of text shown only to screen readers: Bootstrap's and
   * Tailwind's `sr-only`, `visually-hidden` (Bootstrap 5, GOV.UK, Shopify themes),
   * `screen-reader-text` (WordPress), `element-invisible` (Drupal 7), `u-hidden-visually`,
   * `assistive-text` and their spellings. Not `hidden` alone: responsive frameworks hide by
   * screen width (`hidden-xs`), and an accordion's closed panel is content.
   */
  screenReaderClasses: [
    'sr-only',
    'visually-hidden',
    'visuallyhidden',
    'screen-reader-text',
    'screen-reader-only',
    'screenreader-only',
    'screenreader',
    'element-invisible',
    'u-hidden-visually',
    'a11y-hidden',
    'assistive-text',
    'sr-text',
  ],
} as const;

const LIST_TAGS = new Set(['ul', 'ol']);
const SCREEN_READER_CLASSES: ReadonlySet<string> = new Set(UNSEEN_PARAMS.screenReaderClasses);

/**
 * For every node, whether it lies inside a menu tree (see above). One backward pass sums each
 * list's items and notes whether a list sits below one of them; one forward pass marks the
 * outermost qualifying lists' subtrees.
 */
export function insideMenuTrees(tree: LayoutTree, params: Pick<typeof UNSEEN_PARAMS, 'menuMinItems' | 'menuMinLinkShare'> = UNSEEN_PARAMS): Uint8Array {
  const nodes = tree.nodes;
  const n = nodes.length;
  const items = new Uint32Array(n);
  const listBelow = new Uint8Array(n);
  // Pre-order ids: every child has a larger id than its parent, so a backward pass sees children first.
  for (let id = n - 1; id > 0; id--) {
    const node = nodes[id]!;
    const parent = node.parent;
    if (parent < 0 || node.kind !== 'element') continue;
    items[parent]! += items[id]! + (node.tag === 'li' ? 1 : 0);
    if (listBelow[id] || LIST_TAGS.has(node.tag)) listBelow[parent] = 1;
  }
  const inside = new Uint8Array(n);
  for (let id = 0; id < n; id++) {
    const node = nodes[id]!;
    if (node.kind !== 'element' || !LIST_TAGS.has(node.tag) || !listBelow[id] || items[id]! < params.menuMinItems) continue;
    const stats = tree.stats[id]!;
    if (stats.textLength === 0 || stats.linkTextLength < params.menuMinLinkShare * stats.textLength) continue;
    const end = tree.subtreeEnd[id] ?? id + 1;
    inside.fill(1, id, end);
    id = end - 1;
  }
  return inside;
}

/**
 * A class that names screen-reader text: one of the names above, or a name that ends in one of
 * them after a prefix of the site's own ("u-sr-only", "usa-sr-only", "share-widget__sr-only",
 * "plp-price__sr-text": a design system's namespaced utility) — but not Tailwind's inverse
 * "focus:not-sr-only", which shows the text, nor Bootstrap's "sr-only-focusable", a skip link.
 */
function isScreenReaderClass(c: string): boolean {
  if (SCREEN_READER_CLASSES.has(c)) return true;
  if (c.includes('not-sr-only')) return false;
  for (const name of SCREEN_READER_SUFFIXES) if (c.endsWith(name) && /[-_:]$/u.test(c.slice(0, c.length - name.length))) return true;
  return false;
}

/** The names a namespaced class may end in (see isScreenReaderClass). */
const SCREEN_READER_SUFFIXES = ['sr-only', 'sr_only', 'sr-text', 'visually-hidden', 'visuallyhidden', 'screen-reader-text'] as const;

/** For every node, whether it lies inside an element whose class names it screen-reader text. */
export function insideScreenReaderText(tree: LayoutTree): Uint8Array {
  const nodes = tree.nodes;
  const inside = new Uint8Array(nodes.length);
  for (let id = 0; id < nodes.length; id++) {
    const node = nodes[id]!;
    if (node.kind !== 'element' || !node.attrs.class) continue;
    if (!node.attrs.class.toLowerCase().split(/\s+/u).some(isScreenReaderClass)) continue;
    const end = tree.subtreeEnd[id] ?? id + 1;
    inside.fill(1, id, end);
    id = end - 1;
  }
  return inside;
}
