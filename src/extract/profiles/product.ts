/**
 * A product page whose body the block model found little of: the description its JSON-LD
 * Product node gives (schema.org `Product` or `ProductGroup`) follows the body. Pure.
 *
 * A product page's truth (WCXB) is its title, description and specifications; a shop's
 * description often sits in a collapsed tab or accordion that the rendered page does not show,
 * so the body holds a price line and a few words. The JSON-LD description is the shop's own
 * text of that tab. It is added only when the body is short and does not already say it.
 */
import { decodeHTML } from 'entities';
import { parseJsonBlock } from '../../text/json-block.js';

/** The thresholds of the stage; set by hand on synthetic pages and checked on WCXB-dev's product pages (re-run `npx tsx scripts/eval-snapshots.ts wcxb` after any change). */
export const PRODUCT_PARAMS = {
  /**
   * A body of fewer words than this found little: the fallback runs (a described product has a
   * paragraph at least). 80 at first; 150 since a shop's body of size pickers and prices ran to
   * 117 words without a sentence of description (WCXB-dev product word F1 0.639 → 0.641: two
   * pages better, none worse; with no bound at all one page lost, 0.53 → 0.46).
   */
  shortBodyWords: 150,
  /** A JSON-LD description shorter than this says nothing worth adding ("wf", a colour name). */
  minDescriptionWords: 8,
  /** A description whose words are this much in the body already is not added again. */
  maxSharedWithBody: 0.5,
} as const;

export type ProductParams = { -readonly [K in keyof typeof PRODUCT_PARAMS]: (typeof PRODUCT_PARAMS)[K] };

/** What a page's JSON-LD says of its product. */
export interface ProductFacts {
  name: string | null;
  description: string;
}

const PRODUCT_TYPES = new Set(['Product', 'ProductGroup', 'IndividualProduct', 'ProductModel']);
/** Nodes visited per page at most (a catalogue's JSON-LD can be huge). */
const MAX_NODES = 2_000;

/** The first Product node with a description, from the raw text of the page's JSON-LD scripts; null when there is none. */
export function productFacts(jsonLd: readonly string[]): ProductFacts | null {
  let visited = 0;
  const stack: unknown[] = [];
  for (const raw of jsonLd) {
    // A script that cannot be read even mended (json-block.ts) is skipped.
    const parsed = parseJsonBlock(raw);
    if (parsed !== undefined) stack.push(parsed);
  }
  stack.reverse();
  while (stack.length > 0 && visited++ < MAX_NODES) {
    const node = stack.pop();
    if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i--) stack.push(node[i]);
      continue;
    }
    if (node === null || typeof node !== 'object') continue;
    const obj = node as Record<string, unknown>;
    const types = ([] as unknown[]).concat(obj['@type'] ?? []);
    const description = typeof obj.description === 'string' ? plainText(obj.description) : '';
    if (types.some((t) => typeof t === 'string' && PRODUCT_TYPES.has(t)) && words(description).length > 0) {
      return { name: typeof obj.name === 'string' ? plainText(obj.name) : null, description };
    }
    for (const key of ['@graph', 'mainEntity', 'itemListElement', 'item', 'hasVariant']) if (obj[key] !== undefined) stack.push(obj[key]);
  }
  return null;
}

/**
 * The description to add after a body of `bodyWords` words and text `bodyText`, or null: only
 * when the body is short, the description long enough, and the body does not say it already.
 */
export function productFallback(facts: ProductFacts | null, bodyText: string, bodyWords: number, params: ProductParams = PRODUCT_PARAMS): string | null {
  if (!facts || bodyWords >= params.shortBodyWords) return null;
  const described = words(facts.description);
  if (described.length < params.minDescriptionWords) return null;
  const inBody = new Set(words(bodyText));
  const shared = described.filter((w) => inBody.has(w)).length;
  return shared <= described.length * params.maxSharedWithBody ? facts.description : null;
}

/** Lower-case words (letters and digits) of a text. */
function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** A JSON-LD string as plain text: entities decoded, tags dropped, white space collapsed. */
function plainText(value: string): string {
  return decodeHTML(value)
    .replace(/<[^<>]{0,200}>/gu, ' ')
    .replace(/\s+/gu, ' ')
    .trim();
}
