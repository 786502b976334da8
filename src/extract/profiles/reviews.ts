/**
 * What a product page shows beside the product, found by the names its markup gives it: the
 * customers' reviews and the shop's recommendations. Pure; one pass over the tree each, in time
 * linear in its nodes.
 *
 * A product page's main content is its title, description and specifications — "not the
 * recommendations" (WCXB's truth). Two parts of such a page are other text, and each is named
 * alike by every shop and every widget vendor in its class and id:
 *
 * - **reviews**: other people's words about the product, as an article's comments are; a
 *   review widget (Yotpo, Bazaarvoice, Trustpilot, Judge.me, Okendo, Stamped…) with its
 *   summary, stars and "Was this helpful?" often runs longer than the description.
 * - **recommendations**: "You may also like", "Customers also bought", "Recently viewed" — a
 *   carousel of other products, or a block named for upselling and cross-selling.
 *
 * An element so named is such a section — unless it holds the page's h1, when the name is the
 * page's (a product template that calls everything "product-review-…"), or also says a word of
 * `except` (a book's "editorial reviews" are its publisher's copy).
 *
 * The product profile runs both, and a collection's (a shop's category page) the reviews, before
 * its cards are collected: on articles a "review" is the content (a product review's own text),
 * WCXB's truth keeps a service page's testimonials, and a listing's or a category's carousel is
 * its items.
 */
import type { LayoutTree } from '../../segment/tree.js';
import { classWords } from '../../score/markup-marks.js';

/** Words of class and id (split as markup-marks.ts `classWords` splits them) that name a section beside the product. */
export const BESIDE_PRODUCT = {
  reviews: {
    words: ['review', 'reviews'],
    /** A book's "editorial reviews" are its publisher's copy (blurbs, the critics' praise), part of its description. */
    except: ['editorial'],
  },
  recommendations: {
    /**
     * `carousel`: a shop's sliders of other products (on WCXB-dev product pages, 11 % of the text
     * under it that our body took was in the truth, on 12 sites). Not `slider` or `swiper`: those
     * also carry the product's own gallery with its captions (word F1 0.675 → 0.667 with them).
     * Not `rating`/`ratings`: a game's age rating is a specification.
     */
    words: ['carousel', 'upsell', 'crosssell', 'recently', 'similar'],
    except: [],
  },
} as const;

export type BesideProduct = keyof typeof BESIDE_PRODUCT;

/** For every node, whether it lies inside an element named a `kind` section that does not hold the page's h1. */
export function insideNamed(tree: LayoutTree, kind: BesideProduct): Uint8Array {
  const words: ReadonlySet<string> = new Set(BESIDE_PRODUCT[kind].words);
  const except: ReadonlySet<string> = new Set(BESIDE_PRODUCT[kind].except);
  const nodes = tree.nodes;
  const n = nodes.length;
  // Backward pass: which elements hold an h1 (pre-order ids: children after their parent).
  const holdsH1 = new Uint8Array(n);
  for (let id = n - 1; id > 0; id--) {
    const node = nodes[id]!;
    if (node.parent < 0) continue;
    if (holdsH1[id] || (node.kind === 'element' && node.tag === 'h1')) holdsH1[node.parent] = 1;
  }
  const inside = new Uint8Array(n);
  for (let id = 0; id < n; id++) {
    const node = nodes[id]!;
    if (node.kind !== 'element' || holdsH1[id] || node.tag === 'h1') continue;
    const own = classWords(node);
    if (!own.some((w) => words.has(w)) || own.some((w) => except.has(w))) continue;
    const end = tree.subtreeEnd[id] ?? id + 1;
    inside.fill(1, id, end);
    id = end - 1;
  }
  return inside;
}

/** The node-id ranges [start, end) of the outermost `kind` sections: for the metadata, whose bylines and dates are not the page's. */
export function namedRanges(tree: LayoutTree, kind: BesideProduct): Array<[number, number]> {
  const inside = insideNamed(tree, kind);
  const ranges: Array<[number, number]> = [];
  for (let id = 0; id < inside.length; id++) {
    if (!inside[id]) continue;
    const end = tree.subtreeEnd[id] ?? id + 1;
    ranges.push([id, end]);
    id = end - 1;
  }
  return ranges;
}
