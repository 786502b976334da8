/**
 * A product page's customer reviews, found by the names its markup gives them. Pure; one pass
 * over the tree, in time linear in its nodes.
 *
 * A product page's main content is its title, description and specifications (WCXB's truth);
 * its customer reviews are other people's words about it, as an article's comments are — and a
 * shop's review widget (its summary, stars, "Was this helpful?", the reviews themselves) can run
 * longer than the description. The shops and their review services (Yotpo, Bazaarvoice,
 * Trustpilot, Judge.me, Okendo, Stamped…) all name it by the same words in class and id:
 * `review`, `reviews`, `rating`, `ratings`. An element so named is a review section — unless it
 * holds the page's h1, when the name is the page's (a review page, a product template that
 * calls everything "product-review-…").
 *
 * Only the product profile runs it: on articles a "review" is the content (a product review's
 * own text), and on service pages WCXB's truth keeps the testimonials.
 */
import type { LayoutTree } from '../../segment/tree.js';
import { classWords } from '../../score/markup-marks.js';

export const REVIEW_PARAMS = {
  /** Words of class and id (split as markup-marks.ts `classWords` splits them) that name a review section. */
  words: ['review', 'reviews'],
  /** …unless it also says this: a book's "editorial reviews" are its publisher's copy (blurbs, the critics' praise), part of its description. */
  except: ['editorial'],
} as const;

const REVIEW_WORDS: ReadonlySet<string> = new Set(REVIEW_PARAMS.words);
const EXCEPT_WORDS: ReadonlySet<string> = new Set(REVIEW_PARAMS.except);

/** For every node, whether it lies inside an element named a review section that does not hold the page's h1. */
export function insideReviews(tree: LayoutTree): Uint8Array {
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
    const words = classWords(node);
    if (!words.some((w) => REVIEW_WORDS.has(w)) || words.some((w) => EXCEPT_WORDS.has(w))) continue;
    const end = tree.subtreeEnd[id] ?? id + 1;
    inside.fill(1, id, end);
    id = end - 1;
  }
  return inside;
}
