/**
 * From scored visual units to the article body. Pure.
 *
 * docs/methods.md §4 takes the single best unit as the body. Real articles span many units (the division
 * rules split a body at every figure, ad or differently coloured subheading) and real pages are
 * messier than any set of hand rules: saved pages mostly render without their stylesheets, so
 * menus, share bars and comment threads look like prose. Selection therefore keeps the visual
 * score as evidence and decides block by block:
 *
 *   1. blocks  — every unit's leaf blocks (≈ paragraphs), in document order;
 *   2. model   — the block model (block-model.ts) gives each block its probability of being
 *                body, first on its own features, then in its context (neighbours, enclosing
 *                elements, the container holding most of the body);
 *   3. body    — the set of blocks with the highest expected F1 under those probabilities
 *                (chooseBodyBlocks): a page with readable text always gets a body;
 *   4. roles   — each block's role and reason for `--explain`, from its strongest evidence.
 *
 * Whether the page *is* an article is a separate decision (page-type.ts).
 */
import type { ScoredUnit, TextStyle } from '../types.js';
import type { LeafBlock } from '../segment/blocks.js';
import type { LayoutTree } from '../segment/tree.js';
import { headlineBlock, mainProseStyle, pageBlocks, type PageBlock } from './block-features.js';
import { scoreBlocks, type BlockModelFeature, type BlockScores, type Term } from './block-model.js';
import { DEFAULT_SELECT_PARAMS, type SelectParams } from './select-params.js';

export type UnitRole =
  | 'body'
  | 'heading'
  | 'list'
  | 'title'
  | 'outside-container'
  | 'furniture'
  | 'link-dense'
  | 'boxed'
  | 'caption-like'
  | 'display-text'
  | 'out-of-column'
  | 'no-sentence'
  | 'before-body'
  | 'after-body';

export interface UnitDecision {
  order: number;
  role: UnitRole;
  included: boolean;
  reason: string;
}

/** A leaf block with the decision about it. */
export interface BlockDecision {
  index: number;
  unitOrder: number;
  block: LeafBlock;
  /** Probability of being body (second pass). */
  probability: number;
  role: UnitRole;
  included: boolean;
  reason: string;
}

export type Selection =
  | {
      kind: 'article';
      /** The unit holding the most body text. */
      seedOrder: number;
      /** The nearest element holding every body block. */
      containerId: number;
      bodyStyle: TextStyle;
      decisions: UnitDecision[];
      blockDecisions: BlockDecision[];
      /** Unit orders with at least one block in the body, document order. */
      bodyOrders: number[];
      /** The body's leaf blocks, document order. */
      bodyBlocks: LeafBlock[];
      /** Element ids inside body blocks left out (none: blocks are taken whole). */
      skippedIds: number[];
      /**
       * Where the block model's body started, before the rules that trim it (timestamps, layout
       * rows outside the body's cell, captions, ad slots): the title chooser measures "above the
       * body" from here, as its weights were fitted (extract/title.ts).
       */
      modelStartId: number;
      /** Body text blocks (≈ paragraphs), document order. */
      blocks: string[];
      /** The page's blocks and their scores, for the page-type decision and explanations. */
      pageBlocks: PageBlock[];
      scores: BlockScores;
    }
  | { kind: 'none'; reason: string; decisions: UnitDecision[] };

/** A selection that found a body. */
export type BodySelection = Extract<Selection, { kind: 'article' }>;

export function selectBody(tree: LayoutTree, units: readonly ScoredUnit[], params: SelectParams = DEFAULT_SELECT_PARAMS): Selection {
  const blocks = pageBlocks(tree, units);
  if (blocks.length === 0) {
    return { kind: 'none', reason: 'the page has no readable text', decisions: units.map((u) => ({ order: u.order, role: 'no-sentence', included: false, reason: 'no text' })) };
  }
  const scores = scoreBlocks(tree, units, blocks, params.blockModel);
  const chosen = new Set(chooseBodyBlocks(scores.p2, blocks.map((b) => b.words), params.blockModel.calibration));
  return decideBody(tree, units, blocks, scores, chosen);
}

/**
 * A selection with some blocks added to the body by a profile's stage (extract/profiles/: a
 * listing's cards, a product's specifications), each with the reason the stage gives. The
 * base's scores are kept; its headline stays out.
 */
export function withAddedBlocks(tree: LayoutTree, units: readonly ScoredUnit[], base: BodySelection, added: ReadonlyMap<number, string>): BodySelection {
  const chosen = new Set(base.blockDecisions.flatMap((d) => (d.included ? [d.index] : [])));
  const title = base.blockDecisions.find((d) => d.role === 'title');
  for (const i of added.keys()) if (i !== title?.index) chosen.add(i);
  return decideBody(tree, units, base.pageBlocks, base.scores, chosen, added, new Map(), base.modelStartId);
}

/**
 * A selection with some of its body blocks taken out again, each with the reason (a profile that
 * reads more of the page than an article's leaves the site's furniture out: extract/profiles/).
 * The base's scores are kept. A body that would be left empty stays as it was.
 */
export function withoutBlocks(tree: LayoutTree, units: readonly ScoredUnit[], base: BodySelection, removed: ReadonlyMap<number, string>): BodySelection {
  const chosen = new Set(base.blockDecisions.flatMap((d) => (d.included && !removed.has(d.index) ? [d.index] : [])));
  if (chosen.size === 0 || chosen.size === base.bodyBlocks.length) return base;
  return decideBody(tree, units, base.pageBlocks, base.scores, chosen, new Map(), removed, base.modelStartId);
}

function decideBody(
  tree: LayoutTree,
  units: readonly ScoredUnit[],
  blocks: PageBlock[],
  scores: BlockScores,
  chosen: Set<number>,
  added: ReadonlyMap<number, string> = new Map(),
  removed: ReadonlyMap<number, string> = new Map(),
  /** The base selection's `modelStartId`, when this one is derived from it. */
  baseStartId = Number.POSITIVE_INFINITY,
): BodySelection {
  // A line that is only a time of day (a live blog's "13:20" before each entry) is a timestamp,
  // never body text by itself, whatever its neighbours are.
  const timestamps = new Set(blocks.flatMap((b, i) => (TIME_OF_DAY.test(b.text) ? [i] : [])));
  if (timestamps.size < chosen.size) for (const i of timestamps) chosen.delete(i);
  // A line that is only a machine identifier (a UUID, a long hex digest: an empty carousel's
  // item keys on a shop's page) is no one's text either.
  const machineIds = new Set(blocks.flatMap((b, i) => (isMachineId(b.text) && !inDataOrCode(tree, b.block.ownerId) ? [i] : [])));
  if (machineIds.size < chosen.size) for (const i of machineIds) chosen.delete(i);
  const modelHeadline = leadingHeadline(tree, blocks, chosen);
  let modelStartId = baseStartId;
  for (const i of chosen) if (i !== modelHeadline || chosen.size === 1) modelStartId = Math.min(modelStartId, blocks[i]!.block.ids[0] ?? blocks[i]!.block.ownerId);
  const tagLists = new Set(tagListBlocks(tree, blocks, chosen));
  if (tagLists.size < chosen.size) for (const i of tagLists) chosen.delete(i);
  else tagLists.clear();
  const outsideCell = outsideBodyCell(tree, blocks, chosen);
  for (const i of outsideCell) chosen.delete(i);
  const captions = imageCaptions(tree, blocks, chosen);
  for (const i of captions) chosen.delete(i);
  const adSlots = labelledAdSlots(tree, blocks, chosen);
  for (const i of adSlots) chosen.delete(i);
  const headline = leadingHeadline(tree, blocks, chosen);
  if (headline >= 0 && chosen.size > 1) chosen.delete(headline);
  const blockDecisions: BlockDecision[] = blocks.map((b, i) => {
    const included = chosen.has(i);
    const { role, reason } =
      i === headline && !included
        ? { role: 'title' as const, reason: `the headline (p=${scores.p2[i]!.toFixed(2)}): the title, not the body` }
        : timestamps.has(i) && !included
          ? { role: 'no-sentence' as const, reason: `a time of day alone (p=${scores.p2[i]!.toFixed(2)}): a timestamp` }
          : machineIds.has(i) && !included
          ? { role: 'no-sentence' as const, reason: `a machine identifier alone (p=${scores.p2[i]!.toFixed(2)}): a key, not text` }
          : tagLists.has(i) && !included
          ? { role: 'furniture' as const, reason: `p=${scores.p2[i]!.toFixed(2)}, but a list of links to tag pages (or its label): where the site files the page, not what it says` }
          : adSlots.has(i)
          ? { role: 'furniture' as const, reason: `p=${scores.p2[i]!.toFixed(2)}, but in a box labelled as an advertisement` }
          : captions.has(i)
          ? { role: 'caption-like' as const, reason: `p=${scores.p2[i]!.toFixed(2)}, but a short line in smaller type that shares a box with an image and nothing else: its caption` }
          : outsideCell.has(i)
          ? { role: 'furniture' as const, reason: `p=${scores.p2[i]!.toFixed(2)}, but outside the table cell that holds the body (an old layout's masthead or footer line)` }
          : included && added.has(i)
          ? { role: 'body' as const, reason: `body (p=${scores.p2[i]!.toFixed(2)}), added by the profile: ${added.get(i)!}` }
          : !included && removed.has(i)
          ? { role: 'furniture' as const, reason: `p=${scores.p2[i]!.toFixed(2)}; left out by the profile: ${removed.get(i)!}` }
          : included
          ? bodyRole(scores, i)
          : leftOutRole(scores.mainTerms[i]!.against, scores.p2[i]!);
    return { index: i, unitOrder: b.unitOrder, block: b.block, probability: scores.p2[i]!, role, included, reason };
  });
  const body = blockDecisions.filter((d) => d.included);
  const bodyChars = new Map<number, number>();
  for (const d of body) bodyChars.set(d.unitOrder, (bodyChars.get(d.unitOrder) ?? 0) + d.block.textLength);
  const seedOrder = [...bodyChars].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]![0];
  const decisions = summariseUnits(units, blockDecisions, seedOrder);
  return {
    kind: 'article',
    seedOrder,
    containerId: commonAncestor(tree, body.map((d) => d.block.ownerId)),
    bodyStyle: mainProseStyle(body.map((d) => blocks[d.index]!)) ?? body[0]!.block.style,
    decisions,
    blockDecisions,
    bodyOrders: [...new Set(body.map((d) => d.unitOrder))],
    bodyBlocks: body.map((d) => d.block),
    skippedIds: [],
    modelStartId,
    blocks: body.map((d) => blocks[d.index]!.text),
    pageBlocks: blocks,
    scores,
  };
}

/**
 * The headline, when the chosen body starts with it: the page's headline block (its `<h1>`, or
 * the line its declared title names; block-features.ts), or a first line set in display type
 * (≥ HEADLINE_FONT_RATIO × the body's font, at most HEADLINE_MAX_CHARS, no sentence end).
 * The headline is the article's title, kept apart from the body text as the benchmarks' truths
 * do (of AEB's 181 bodies, 3 start with the page title); table layouts that put the headline in
 * the body's own cell would otherwise lead the body with it. −1 when there is none.
 */
function leadingHeadline(tree: LayoutTree, blocks: readonly PageBlock[], chosen: ReadonlySet<number>): number {
  const first = Math.min(...chosen);
  if (!Number.isFinite(first)) return -1;
  if (headlineBlock(tree, blocks) === first) return first;
  const block = blocks[first]!;
  const body = mainProseStyle([...chosen].filter((i) => i !== first).map((i) => blocks[i]!));
  if (!body) return -1;
  const display = block.block.style.fontSizePx >= body.fontSizePx * HEADLINE_FONT_RATIO;
  return display && block.text.length <= HEADLINE_MAX_CHARS && !/[.!?。！？]["'”’»)]*$/u.test(block.text.trim()) ? first : -1;
}
/**
 * Old table layouts: when one table cell holds almost all of the body, the body's short blocks
 * outside that cell are the layout's masthead, navigation or footer lines, taken for their
 * place next to the body (a footer row's "Echo · A village newsletter since 1987" right after
 * the last paragraph). Pages whose paragraphs sit in cells of their own have no such cell.
 */
export const BODY_CELL = {
  /** Share of the body's words one cell must hold. */
  minShare: 0.8,
  /** A block outside it with more words than this is kept (it is more than a line). */
  maxWords: 15,
} as const;

function outsideBodyCell(tree: LayoutTree, blocks: readonly PageBlock[], chosen: ReadonlySet<number>): Set<number> {
  const cellOf = (id: number): number => {
    for (let at = id, depth = 0; at >= 0 && depth < 64; at = tree.nodes[at]?.parent ?? -1, depth++) {
      const node = tree.nodes[at];
      if (node?.kind === 'element' && (node.tag === 'td' || node.tag === 'th')) return at;
    }
    return -1;
  };
  const words = new Map<number, number>();
  let total = 0;
  for (const i of chosen) {
    const b = blocks[i]!;
    const cell = cellOf(b.block.ownerId);
    total += b.words;
    if (cell >= 0) words.set(cell, (words.get(cell) ?? 0) + b.words);
  }
  let bodyCell = -1;
  for (const [cell, w] of words) if (w >= BODY_CELL.minShare * total) bodyCell = cell;
  if (bodyCell < 0) return new Set();
  const end = tree.subtreeEnd[bodyCell] ?? bodyCell + 1;
  const out = new Set<number>();
  for (const i of chosen) {
    const owner = blocks[i]!.block.ownerId;
    const inside = owner >= bodyCell && owner < end;
    if (!inside && blocks[i]!.words <= BODY_CELL.maxWords) out.add(i);
  }
  return out;
}

/**
 * A caption without a caption tag or class: a short line, set smaller than the body's prose, in
 * a box that holds an image and no other text (`<div><img><p class="picture-text">…</p></div>`).
 */
export const IMAGE_CAPTION = {
  /** Longest caption, in words. */
  maxWords: 50,
  /** The caption's type is at least this many pixels smaller than the body's. */
  smallerPx: 1,
  /** Levels above the caption's own element searched for the box it shares with the image. */
  maxLevels: 2,
  /** Smallest image taken for a picture, in CSS pixels a side (not an icon). */
  minImageSide: 100,
  /** Nodes of the shared box looked through for the picture. */
  maxBoxNodes: 200,
} as const;

function imageCaptions(tree: LayoutTree, blocks: readonly PageBlock[], chosen: ReadonlySet<number>): Set<number> {
  const out = new Set<number>();
  const body = mainProseStyle([...chosen].map((i) => blocks[i]!));
  if (!body) return out;
  for (const i of chosen) {
    const b = blocks[i]!;
    if (b.words > IMAGE_CAPTION.maxWords || b.block.style.fontSizePx > body.fontSizePx - IMAGE_CAPTION.smallerPx) continue;
    let at = b.block.ownerId;
    for (let level = 0; level <= IMAGE_CAPTION.maxLevels && at >= 0; level++, at = tree.nodes[at]?.parent ?? -1) {
      const node = tree.nodes[at];
      if (node?.kind !== 'element') break;
      if ((tree.stats[at]?.textLength ?? 0) > b.block.textLength) break;
      if (holdsPicture(tree, at)) {
        out.add(i);
        break;
      }
    }
  }
  return out;
}

function holdsPicture(tree: LayoutTree, id: number): boolean {
  // A caption's box is small; a box of more nodes than this is no figure (and a hostile page's
  // thousands of empty elements are not walked once per block).
  const end = Math.min(tree.subtreeEnd[id] ?? id + 1, id + 1 + IMAGE_CAPTION.maxBoxNodes);
  for (let j = id + 1; j < end; j++) {
    const n = tree.nodes[j];
    if (n?.kind === 'element' && n.tag === 'img' && !tree.hidden[j] && n.box.width >= IMAGE_CAPTION.minImageSide && n.box.height >= IMAGE_CAPTION.minImageSide) return true;
  }
  return false;
}

/**
 * Labels a publisher sets above an ad or a sponsored box, lower case, letters only: a block that
 * says nothing else marks the box around it as the ad. Several languages, as news sites print them.
 * Not "Sponsored" or "Promoted" alone: a shop's grid marks its paid products so, and they are
 * the listing's content (a Wayfair category page lost 0.04 to them).
 */
const AD_LABELS = new Set([
  'advertisement', 'advertisements', 'advertising', 'advert', 'ad', 'ads', 'sponsored content', 'paid content',
  'paid post', 'promoted content', 'partner content', 'story continues below advertisement',
  'article continues below advertisement', 'continue reading below', 'anzeige', 'werbung', 'publicité', 'publicidad',
  'pubblicità', 'advertentie', 'reklama', 'реклама', '广告', '廣告', '広告', '광고',
]);

/** An ad box is small: a labelled element with more words than this is a section, not a slot. */
export const AD_SLOT_MAX_WORDS = 80;

/** Ad labels read a page: enough for any real page, a bound for a hostile one. */
const MAX_AD_LABELS = 50;

function labelledAdSlots(tree: LayoutTree, blocks: readonly PageBlock[], chosen: ReadonlySet<number>): Set<number> {
  const out = new Set<number>();
  let labels = 0;
  for (const [i, b] of blocks.entries()) {
    if (labels >= MAX_AD_LABELS) break;
    if (b.words > 6) continue;
    const label = b.text.normalize('NFKC').toLowerCase().replace(/[^\p{L}\s]/gu, ' ').split(/\s+/u).filter((w) => w !== '').join(' ');
    if (!AD_LABELS.has(label)) continue;
    labels++;
    // The slot: the label's parent element (the label's own element when it owns a run).
    const owner = b.block.ownerId;
    const ownerNode = tree.nodes[owner];
    const slot = b.block.ids.length === 1 && b.block.ids[0] === owner && ownerNode ? ownerNode.parent : owner;
    if (slot < 0) continue;
    const end = tree.subtreeEnd[slot] ?? slot + 1;
    const inside = [...chosen].filter((j) => blocks[j]!.block.ownerId >= slot && blocks[j]!.block.ownerId < end);
    const words = inside.reduce((sum, j) => sum + blocks[j]!.words, 0);
    if (words > AD_SLOT_MAX_WORDS) continue;
    for (const j of inside) out.add(j);
    if (chosen.has(i)) out.add(i);
  }
  return out;
}

/**
 * A machine identifier alone on its line: a UUID ("303097ac-d3e5-41e1-baf5-303640756ebf"), or 24
 * to 64 hexadecimal characters with both digits and letters (a digest, an object id). eBay's ended
 * listings show a row of them where their "Similar items" carousel did not load: on three WCXB-dev
 * product pages they were a third of what the body took. Anchored and bounded: read on short lines only.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/iu;
const HEX_ID = /^[0-9a-f]{24,64}$/iu;
const MACHINE_ID_MAX_CHARS = 64;

function isMachineId(text: string): boolean {
  const t = text.trim();
  if (isAssetAddress(t)) return true;
  if (t.length > MACHINE_ID_MAX_CHARS) return false;
  return UUID.test(t) || ISO_TIMESTAMP.test(t) || (HEX_ID.test(t) && /\d/u.test(t) && /[a-f]/iu.test(t));
}

/** Inside a table's cell or a code sample (a specification's example values: "https://example.com/image1.jpg"). */
const DATA_OR_CODE_TAGS = new Set(['td', 'th', 'code', 'pre', 'samp', 'kbd']);
function inDataOrCode(tree: LayoutTree, id: number): boolean {
  for (let x = id; x >= 0; x = tree.nodes[x]!.parent) {
    const n = tree.nodes[x]!;
    if (n.kind === 'element' && DATA_OR_CODE_TAGS.has(n.tag)) return true;
  }
  return false;
}

/**
 * A timestamp in ISO 8601's machine form, "2019-11-19T08:57:40+01:00": what a page's microdata
 * (`itemprop="datePublished"`) holds for machines; a date written for readers has no "T".
 */
const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?$/u;
/** The address of an image alone on its line (a logo's URL for microdata), read by the URL parser. */
const ASSET_EXTENSIONS = ['.png', '.jpg', '.jpeg', '.gif', '.webp', '.svg', '.avif'] as const;
const ASSET_ADDRESS_MAX_CHARS = 2048;
function isAssetAddress(t: string): boolean {
  if (t.length > ASSET_ADDRESS_MAX_CHARS || !(t.startsWith('https://') || t.startsWith('http://')) || /\s/u.test(t)) return false;
  let path: string;
  try {
    path = new URL(t).pathname.toLowerCase();
  } catch {
    return false;
  }
  return ASSET_EXTENSIONS.some((ext) => path.endsWith(ext));
}

/** "13:20", "9.05am", "08:15 GMT": a time of day alone on its line. */
const TIME_OF_DAY = /^\s*\d{1,2}[:.]\d{2}(?:\s*(?:[ap]\.?m\.?|[A-Z]{2,4}))?\s*$/iu;
/** A display line this much larger than the body's type is a headline candidate. */
const HEADLINE_FONT_RATIO = 1.25;
/** Headlines are short; a longer display line is a standfirst or a pull quote. */
const HEADLINE_MAX_CHARS = 200;

/**
 * The body's blocks: the set with the highest expected F1 under the model's probabilities.
 *
 * With pᵢ the probability that block i is body and wᵢ its words, taking a set S gives in
 * expectation F1 ≈ 2·Σ_S pᵢwᵢ / (Σ_S wᵢ + Σ_all pᵢwᵢ). The best S is a prefix of the blocks
 * sorted by p (adding the next most likely block helps while its p exceeds half the F1
 * reached so far), so one pass over the sorted blocks finds it. On a page the model is sure of
 * this takes the blocks above p ≈ 0.48; on a page where it is unsure it still takes the most
 * likely body — every page with text gets one — instead of returning nothing.
 *
 * `offset` shifts every probability on the logit scale before the choice (fitted by
 * cross-validation: a model fitted on pages of many sites is not perfectly calibrated on any).
 */
export function chooseBodyBlocks(p: ArrayLike<number>, words: ArrayLike<number>, offset = 0): number[] {
  const n = p.length;
  if (n === 0) return [];
  const q = Float64Array.from({ length: n }, (_, i) => shift(p[i]!, offset));
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => q[b]! - q[a]! || a - b);
  let expectedBody = 0;
  for (let i = 0; i < n; i++) expectedBody += q[i]! * Math.max(1, words[i]!);
  let gain = 0;
  let size = 0;
  let best = 0;
  let bestK = 1;
  order.forEach((i, k) => {
    const w = Math.max(1, words[i]!);
    gain += q[i]! * w;
    size += w;
    const f1 = (2 * gain) / (size + expectedBody);
    if (f1 > best) {
      best = f1;
      bestK = k + 1;
    }
  });
  return order.slice(0, bestK).sort((a, b) => a - b);
}

/** p moved by `offset` on the logit scale. */
function shift(p: number, offset: number): number {
  if (offset === 0) return p;
  const clipped = Math.min(1 - 1e-9, Math.max(1e-9, p));
  return 1 / (1 + Math.exp(-(Math.log(clipped / (1 - clipped)) + offset)));
}

/** Roles of body blocks: subheadings and list items are named as such. */
function bodyRole(scores: BlockScores, i: number): { role: UnitRole; reason: string } {
  const p = scores.p2[i]!;
  const why = scores.mainTerms[i]!.for;
  const evidence = why ? `; most for it: ${describeTerm(why)}` : '';
  return { role: 'body', reason: `body, p=${p.toFixed(2)}${evidence}` };
}

/** What left a block out, as a role: the feature that weighed most against it. */
const ROLE_OF_EVIDENCE: Partial<Record<BlockModelFeature, UnitRole>> = {
  linkDensity: 'link-dense',
  allLink: 'link-dense',
  inLink: 'link-dense',
  inNav: 'furniture',
  inFooter: 'furniture',
  inAside: 'furniture',
  inHeader: 'furniture',
  inForm: 'furniture',
  inControl: 'furniture',
  commentWords: 'furniture',
  shareWords: 'furniture',
  relatedWords: 'furniture',
  promoWords: 'furniture',
  chromeWords: 'furniture',
  overlayWords: 'furniture',
  metaWords: 'furniture',
  furnitureRole: 'furniture',
  hiddenHint: 'furniture',
  captionTag: 'caption-like',
  inFigure: 'caption-like',
  smallerFont: 'caption-like',
  fontRatio: 'caption-like',
  tagH1: 'title',
  otherBackground: 'boxed',
  largerFont: 'display-text',
  sentenceEnds: 'no-sentence',
  endsWithSentence: 'no-sentence',
  logChars: 'no-sentence',
  beforeContainer: 'before-body',
  afterContainer: 'after-body',
  inContainer: 'outside-container',
  parentBody: 'outside-container',
  grandparentBody: 'outside-container',
  ancestor4Body: 'outside-container',
  neighbours1: 'outside-container',
  neighbours3: 'outside-container',
  firstPass: 'outside-container',
};

function leftOutRole(against: Term | undefined, p: number): { role: UnitRole; reason: string } {
  if (!against) return { role: 'outside-container', reason: `p=${p.toFixed(2)}` };
  // "inContainer×linkDensity" is link density, judged inside the container.
  const base = (against.feature.split('×')[1] ?? against.feature) as BlockModelFeature;
  return { role: ROLE_OF_EVIDENCE[base] ?? 'outside-container', reason: `p=${p.toFixed(2)}; most against it: ${describeTerm(against)}` };
}

function describeTerm(t: Term): string {
  const value = Number.isInteger(t.value) ? String(t.value) : t.value.toFixed(2);
  return `${t.feature} ${value} (${t.contribution >= 0 ? '+' : ''}${t.contribution.toFixed(1)})`;
}

/** A unit is in the body when any of its blocks is; its role is its longest block's. */
function summariseUnits(units: readonly ScoredUnit[], blocks: readonly BlockDecision[], seedOrder: number): UnitDecision[] {
  const byUnit = new Map<number, BlockDecision[]>();
  for (const b of blocks) {
    const list = byUnit.get(b.unitOrder);
    if (list) list.push(b);
    else byUnit.set(b.unitOrder, [b]);
  }
  return units.map((u) => {
    const own = byUnit.get(u.order) ?? [];
    const included = own.filter((b) => b.included);
    const main = [...(included.length > 0 ? included : own)].sort((a, b) => b.block.textLength - a.block.textLength)[0];
    if (!main) return { order: u.order, role: 'no-sentence', included: false, reason: 'no text block' };
    const dropped = own.length - included.length;
    const seed = u.order === seedOrder ? 'most body text (seed); ' : '';
    const partial = included.length > 0 && dropped > 0 ? ` (${dropped} of ${own.length} blocks left out)` : '';
    return { order: u.order, role: main.role, included: included.length > 0, reason: `${seed}${main.reason}${partial}` };
  });
}

/** The nearest element that holds every one of `ids` (body, 0, at worst). */
function commonAncestor(tree: LayoutTree, ids: readonly number[]): number {
  if (ids.length === 0) return 0;
  const first = Math.min(...ids);
  const last = Math.max(...ids);
  let a = first;
  while (a > 0 && last >= tree.subtreeEnd[a]!) a = tree.nodes[a]!.parent;
  return Math.max(0, a);
}

/**
 * A link to a tag page: `rel=tag`, or a path with a tag segment (WordPress `/tag/`, `/tags/`,
 * Spanish and Portuguese `/etiqueta/`, German `/schlagwort/`, `/thema/`, Italian `/argomenti/`).
 */
const TAG_PATH = /\/(tag|tags|tagged|etiqueta|etiquetas|schlagwort|schlagworte|thema|themen|argomenti)\//iu;
/** A tag list is mostly links, and short. */
const TAG_LIST = { minLinkShare: 0.6, maxChars: 600, labelMaxChars: 20, labelMaxWords: 2 } as const;

/**
 * Body blocks that are a list of links to tag pages — every link of the block goes to one
 * (TAG_PATH, `rel=tag`), its links are most of its text — and the short label just before such a
 * list ("Tags", "Etiquetas:"): the site's filing of the page, which the metadata reads as `tags`.
 * On AEB a Brazilian race calendar's "Tags / calendario stock car 2018, …" (AEB F1 0.983 → 0.984);
 * on WCXB-dev 12 pages changed, +0.10 word F1 summed (a shop's category pages +0.02 to +0.07),
 * four worse (a product page −0.012, whose truth keeps its tags; the others by 0.002 or less).
 */
export function tagListBlocks(tree: LayoutTree, blocks: readonly PageBlock[], chosen: ReadonlySet<number>): number[] {
  const out: number[] = [];
  for (const i of chosen) {
    const b = blocks[i]!;
    if (b.block.linkTextLength < b.block.textLength * TAG_LIST.minLinkShare || b.block.textLength > TAG_LIST.maxChars) continue;
    let links = 0;
    let tagLinks = 0;
    for (const root of b.block.ids) {
      const end = tree.subtreeEnd[root] ?? root + 1;
      for (let id = root; id < end; id++) {
        const n = tree.nodes[id];
        if (!n || n.kind !== 'element' || n.tag !== 'a') continue;
        links++;
        const rel = (n.attrs.rel ?? '').toLowerCase().split(/\s+/u);
        if (rel.includes('tag') || TAG_PATH.test(n.attrs.href ?? '')) tagLinks++;
      }
    }
    if (links === 0 || tagLinks < links) continue;
    out.push(i);
    const label = blocks[i - 1];
    if (label && chosen.has(i - 1) && label.block.linkTextLength === 0 && label.words <= TAG_LIST.labelMaxWords && label.text.length <= TAG_LIST.labelMaxChars) out.push(i - 1);
  }
  return out;
}
