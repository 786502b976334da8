/**
 * From scored visual units to the whole article body. Pure.
 *
 * The SPEC takes the single best unit as the body. Real articles span several units (the
 * division rules split a body at every figure, ad or differently coloured subheading) and
 * carry furniture inside (share bars, captions, "read more" boxes). Selection keeps the
 * visual score at the centre and grows from it:
 *
 *   1. seed      — the best-scoring unit (SPEC §4), furniture-marked units discounted;
 *   2. container — the ancestor of the seed that best separates body-like text from the rest
 *                  (maximises body-like text − λ · other text; the lowest such ancestor wins ties);
 *   3. roles     — every unit in the container gets a role (body, heading, list, caption-like,
 *                  link-dense, furniture, out-of-column, …) with the reason, for `--explain`;
 *   4. blocks    — the body units' text, leaving out furniture blocks nested inside them.
 */
import type { Box, ScoredUnit, TextStyle } from '../types.js';
import { textBlocks } from '../segment/unit-text.js';
import { leafBlocks, type LeafBlock } from '../segment/blocks.js';
import { elementAt, isWithin, type LayoutTree } from '../segment/tree.js';
import { isStructuralFurniture, junkReason } from './boilerplate.js';
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

/** A leaf block of a unit in the container, with the role selection gave it. */
export interface BlockDecision {
  unitOrder: number;
  block: LeafBlock;
  role: UnitRole;
  included: boolean;
  reason: string;
}

export type Selection =
  | {
      kind: 'article';
      seedOrder: number;
      containerId: number;
      bodyStyle: TextStyle;
      decisions: UnitDecision[];
      /** Unit orders with at least one block in the body, document order. */
      bodyOrders: number[];
      /** The body's leaf blocks, document order. */
      bodyBlocks: LeafBlock[];
      /** Element ids inside body blocks left out as furniture. */
      skippedIds: number[];
      /** Body text blocks (≈ paragraphs), document order. */
      blocks: string[];
    }
  | { kind: 'none'; reason: string; decisions: UnitDecision[] };

export function selectBody(tree: LayoutTree, units: readonly ScoredUnit[], params: SelectParams = DEFAULT_SELECT_PARAMS): Selection {
  const depth = depths(tree);
  const junkChain = units.map((u) => junkAncestors(tree, u.nodeId));
  const seed = pickSeed(tree, units, junkChain, params);
  if (!seed) {
    const reason = 'no unit outside page furniture has a sentence';
    return { kind: 'none', reason: 'the page has no text with sentences outside its furniture', decisions: units.map((u, i) => noBody(tree, u, junkChain[i]!, reason)) };
  }

  // Every unit's leaf blocks. A unit can be large (rule 4 keeps a whole page of same-coloured
  // text together), so the body is found among blocks, starting from the seed unit's prose.
  const pageBlocks = units.flatMap((u) => leafBlocks(tree, u.memberIds).map((block) => ({ unitOrder: u.order, block })));
  const seedBlocks = pageBlocks.filter((b) => b.unitOrder === seed.order && isProseBlock(tree, b.block, seed.nodeId, depth, params));
  if (seedBlocks.length === 0) {
    const reason = 'the best unit has no prose outside furniture';
    return { kind: 'none', reason, decisions: units.map((u, i) => noBody(tree, u, junkChain[i]!, reason)) };
  }
  const bodyStyle = dominantBlockStyle(seedBlocks.map((b) => b.block));
  const seedBlock = seedBlocks.filter((b) => sameType(b.block.style, bodyStyle)).sort((a, b) => b.block.textLength - a.block.textLength)[0]!.block;

  const container = chooseContainer(tree, pageBlocks.map((b) => b.block), seedBlock, bodyStyle, depth, params);
  const unitDecisions = units.map((u, i) => classifyUnit(tree, u, seed, container, junkChain[i]!, depth));
  const adBoxes = adLabelBoxes(tree, pageBlocks, container, depth, params);
  const seedColumn = boxOf(tree, seedBlock);
  const blockDecisions: BlockDecision[] = [];
  for (const { unitOrder, block } of pageBlocks) {
    if (!within(tree, block.ownerId, container, depth)) continue;
    const decision =
      horizontalOverlap(boxOf(tree, block), seedColumn) < params.minColumnOverlap
        ? { role: 'out-of-column' as const, included: false, reason: 'beside the body column' }
        : classifyBlock(tree, block, container, depth, adBoxes, bodyStyle, params);
    blockDecisions.push({ unitOrder, block, ...decision });
  }
  trimToBodySpan(blockDecisions, bodyStyle);
  summariseUnits(unitDecisions, blockDecisions);
  const teasers =
    teaserListing(tree, blockDecisions, params) ??
    oneOfManyShortTexts(tree, pageBlocks, blockDecisions, container, bodyStyle, depth, params);
  if (teasers) return { kind: 'none', reason: teasers, decisions: unitDecisions };

  const skipped = new Set<number>();
  const skip = (id: number): boolean => {
    if (skipped.has(id)) return true;
    const el = elementAt(tree, id);
    if (el && junkReason(el) !== undefined) {
      skipped.add(id);
      return true;
    }
    return false;
  };
  const bodyBlocks = blockDecisions.filter((b) => b.included).map((b) => b.block);
  const blocks = bodyBlocks.flatMap((b) => textBlocks(tree, b.ids, { skip }));
  const bodyOrders = unitDecisions.filter((d) => d.included).map((d) => d.order);
  const length = blocks.reduce((n, b) => n + b.length, 0);
  if (length < params.minBodyChars) {
    return { kind: 'none', reason: `the best body candidate has ${length} characters (< ${params.minBodyChars})`, decisions: unitDecisions };
  }
  return {
    kind: 'article',
    seedOrder: seed.order,
    containerId: container,
    bodyStyle,
    decisions: unitDecisions,
    bodyOrders,
    bodyBlocks,
    skippedIds: [...skipped],
    blocks,
  };
}

/** A block of sentences, not a link list, not inside furniture below `root`. */
function isProseBlock(tree: LayoutTree, block: LeafBlock, root: number, depth: number[], params: SelectParams): boolean {
  if (block.punctuationCount === 0 || block.textLength === 0) return false;
  if (block.linkTextLength / block.textLength >= params.maxLinkDensity) return false;
  // No furniture or headline element between the block and `root` (both included).
  return !markedAncestors(tree, block.ownerId).some((m) => depth[m]! >= depth[root]!);
}

/** Furniture-marked and h1 elements from `id` up to body, cached per tree (blocks share chains). */
const markedCache = new WeakMap<LayoutTree, Map<number, number[]>>();
function markedAncestors(tree: LayoutTree, id: number): number[] {
  let cache = markedCache.get(tree);
  if (!cache) markedCache.set(tree, (cache = new Map()));
  const hit = cache.get(id);
  if (hit) return hit;
  const out: number[] = [];
  for (let p = id; p >= 0; p = tree.nodes[p]?.parent ?? -1) {
    const el = elementAt(tree, p);
    if (el && (el.tag === 'h1' || junkReason(el) !== undefined)) out.push(p);
  }
  cache.set(id, out);
  return out;
}

/** The type most of the prose is set in: each block votes with its length. */
function dominantBlockStyle(blocks: readonly LeafBlock[]): TextStyle {
  const votes = new Map<string, { style: TextStyle; length: number }>();
  for (const b of blocks) {
    const key = `${Math.round(b.style.fontSizePx)}|${b.style.color}|${b.style.fontFamily}`;
    const v = votes.get(key) ?? { style: b.style, length: 0 };
    v.length += b.textLength;
    votes.set(key, v);
  }
  return [...votes.values()].sort((a, b) => b.length - a.length)[0]!.style;
}

function boxOf(tree: LayoutTree, block: LeafBlock): Box {
  return elementAt(tree, block.ownerId)?.box ?? { x: 0, y: 0, width: 0, height: 0 };
}

function pickSeed(tree: LayoutTree, units: readonly ScoredUnit[], junkChain: number[][], params: SelectParams): ScoredUnit | undefined {
  let best: ScoredUnit | undefined;
  let bestScore = -Infinity;
  units.forEach((u, i) => {
    if (u.features.hasPunctuation === 0 || u.tag === 'h1') return;
    // Prose in a <footer>, <nav> or <aside> (a copyright line, a teaser) never seeds a body.
    if (junkChain[i]!.some((j) => isStructuralFurniture(elementAt(tree, j)!))) return;
    // A comment or a teaser can be the longest prose on a page; furniture marks discount it.
    const score = u.score * (junkChain[i]!.length > 0 ? params.furnitureSeedDiscount : 1);
    if (score > bestScore) {
      bestScore = score;
      best = u;
    }
  });
  return best;
}

/** Is the block body-like when judged from container `a`? Used to score containers. */
function bodyLike(tree: LayoutTree, block: LeafBlock, seedBox: Box, body: TextStyle, depth: number[], a: number, params: SelectParams): boolean {
  if (!isProseBlock(tree, block, a, depth, params)) return false;
  if (block.style.fontSizePx < body.fontSizePx * params.smallFontRatio) return false;
  return horizontalOverlap(boxOf(tree, block), seedBox) >= params.minColumnOverlap;
}

function chooseContainer(tree: LayoutTree, blocks: readonly LeafBlock[], seedBlock: LeafBlock, body: TextStyle, depth: number[], params: SelectParams): number {
  const seedBox = boxOf(tree, seedBlock);
  const chain = [seedBlock.ownerId, ...ancestorIds(tree, seedBlock.ownerId)];
  let best = seedBlock.ownerId;
  let bestValue = -Infinity;
  for (const a of chain) {
    let good = 0;
    let other = 0;
    for (const block of blocks) {
      if (!within(tree, block.ownerId, a, depth)) continue;
      if (bodyLike(tree, block, seedBox, body, depth, a, params)) good += block.textLength;
      else other += block.textLength;
    }
    const value = good - params.otherTextPenalty * other;
    if (value > bestValue + params.containerTieChars) {
      bestValue = value;
      best = a;
    }
  }
  return best;
}

/** Unit-level roles: where the unit stands relative to the container and the body column. */
function classifyUnit(tree: LayoutTree, u: ScoredUnit, seed: ScoredUnit, container: number, junk: number[], depth: number[]): UnitDecision {
  const decide = (role: UnitRole, included: boolean, reason: string): UnitDecision => ({ order: u.order, role, included, reason });
  // A large unit may hold the container (and its own header and footer): its blocks decide.
  if (!within(tree, u.nodeId, container, depth) && !within(tree, container, u.nodeId, depth)) {
    return decide('outside-container', false, 'outside the body container');
  }
  const furniture = junk.find((j) => depth[j]! > depth[container]!);
  if (furniture !== undefined) return decide('furniture', false, `inside ${junkReason(elementAt(tree, furniture)!)}`);
  return decide('body', false, u.order === seed.order ? 'best-scoring unit (seed)' : 'in the body container');
}

/**
 * Ad slots announce themselves with a label ("Advertisement", "Реклама", "广告"); the small box
 * around such a label is furniture even when nothing in its markup says so.
 */
function adLabelBoxes(
  tree: LayoutTree,
  blocks: ReadonlyArray<{ block: LeafBlock }>,
  container: number,
  depth: number[],
  params: SelectParams,
): Set<number> {
  const boxes = new Set<number>();
  for (const { block } of blocks) {
    if (block.textLength > 30 || !within(tree, block.ownerId, container, depth)) continue;
    const text = textBlocks(tree, block.ids).join(' ').trim();
    if (!AD_LABEL.test(text)) continue;
    const box = tree.nodes[block.ownerId]?.parent ?? -1;
    if (box > container && (tree.stats[box]?.textLength ?? Infinity) <= params.adBoxMaxChars) boxes.add(box);
    else boxes.add(block.ownerId);
  }
  return boxes;
}

/** Ad labels in the languages of the samples and the commonest others. Whole text only. */
const AD_LABEL = /^(advertisement|advertising|ad|ads|sponsored|sponsored content|promoted|paid content|anzeige|werbung|publicité|publicidad|pubblicità|реклама|广告|廣告|推广|赞助|広告|광고)$/iu;

function classifyBlock(
  tree: LayoutTree,
  block: LeafBlock,
  container: number,
  depth: number[],
  adBoxes: Set<number>,
  body: TextStyle,
  params: SelectParams,
): { role: UnitRole; included: boolean; reason: string } {
  const path = pathToContainer(tree, block.ownerId, container, depth);
  const furniture = path.find((id) => adBoxes.has(id) || junkReason(elementAt(tree, id)!) !== undefined);
  if (furniture !== undefined) {
    return { role: 'furniture', included: false, reason: adBoxes.has(furniture) ? 'inside an ad slot' : `inside ${junkReason(elementAt(tree, furniture)!)}` };
  }
  const tags = path.map((id) => elementAt(tree, id)!.tag);
  if (tags.includes('h1')) return { role: 'title', included: false, reason: 'h1 is the title, not the body' };
  const linkDensity = block.textLength > 0 ? block.linkTextLength / block.textLength : 0;
  if (linkDensity >= params.maxLinkDensity) return { role: 'link-dense', included: false, reason: `link density ${linkDensity.toFixed(2)}` };
  const sentences = block.punctuationCount > 0;
  if (block.style.background !== body.background && (!sentences || block.textLength < params.boxedMaxChars)) {
    return { role: 'boxed', included: false, reason: 'set on another background (a box beside the text)' };
  }
  if (block.style.fontSizePx < body.fontSizePx * params.smallFontRatio && block.textLength < params.captionMaxChars) {
    return { role: 'caption-like', included: false, reason: `small print (${block.style.fontSizePx}px against ${body.fontSizePx}px)` };
  }
  if (tags.some((t) => /^h[2-6]$/u.test(t))) return { role: 'heading', included: true, reason: 'subheading' };
  // A short bold line is a subheading even when it asks a question ("Why is it taking so long?");
  // a short larger line without a sentence is one too. Larger sentences are standfirsts and pull quotes.
  const short = block.textLength <= params.headingMaxChars;
  const bold = block.style.fontWeight >= 600;
  const larger = block.style.fontSizePx > body.fontSizePx * params.headingFontRatio;
  // …but a bold line that ends with a full stop is an intro sentence (BBC-style lead), not a heading.
  const endsWithFullStop = /[.。]["'”’»)]*$/u.test(blockText(tree, block));
  if (short && ((bold && block.punctuationCount <= 1 && !endsWithFullStop) || (!sentences && larger))) {
    return { role: 'heading', included: true, reason: 'short emphasised line (subheading)' };
  }
  if (tags.includes('li') || tags.includes('dd') || tags.includes('dt')) return { role: 'list', included: true, reason: 'list item' };
  if (!sentences) {
    return sameType(block.style, body)
      ? { role: 'body', included: true, reason: 'body text without a sentence end' }
      : { role: 'no-sentence', included: false, reason: 'short text without a sentence, not in the body type' };
  }
  if (block.style.fontSizePx > body.fontSizePx * params.displayFontRatio) {
    return { role: 'display-text', included: false, reason: `set larger than the body (${block.style.fontSizePx}px): standfirst or pull quote` };
  }
  return { role: 'body', included: true, reason: 'body text' };
}

/**
 * A section front, tag page or search result list is prose too: one summary sentence under each
 * headline link. An article's body has at most a few links between its paragraphs; a listing has
 * a headline link for about every summary. Returns why the page is a listing, or undefined.
 */
function teaserListing(tree: LayoutTree, decisions: BlockDecision[], params: SelectParams): string | undefined {
  const inBody = decisions.filter((d) => d.included);
  if (inBody.length === 0) return undefined;
  const first = decisions.indexOf(inBody[0]!);
  const last = decisions.indexOf(inBody[inBody.length - 1]!);
  let headlines = 0;
  for (let i = first; i <= last; i++) {
    const d = decisions[i]!;
    if (d.role === 'link-dense' && d.block.textLength >= params.teaserHeadlineMinChars) headlines++;
  }
  // Headline links just before the first summary belong to the listing too.
  for (let i = first - 1; i >= 0 && i >= first - 2; i--) {
    const d = decisions[i]!;
    if (d.role === 'link-dense' && d.block.textLength >= params.teaserHeadlineMinChars) headlines++;
  }
  const paragraphs = inBody.filter((d) => d.role === 'body').length;
  // Teasers set in one line: a headline link, then the summary ("Headline — summary.").
  const linkLed = inBody.filter((d) => d.role === 'body' && leadingLinkLength(tree, d.block) >= params.teaserHeadlineMinChars).length;
  if (linkLed >= params.teaserMinHeadlines && linkLed >= paragraphs * params.teaserHeadlineRatio) {
    return `a list of teasers, not an article: ${linkLed} of ${paragraphs} paragraphs start with a headline link`;
  }
  if (headlines >= params.teaserMinHeadlines && headlines >= paragraphs * params.teaserHeadlineRatio) {
    return `a list of teasers, not an article: ${headlines} headline links among ${paragraphs} paragraphs`;
  }
  return undefined;
}

/** Text length of the link a block starts with (0 when it starts with plain text). */
function leadingLinkLength(tree: LayoutTree, block: LeafBlock): number {
  let id: number | undefined = block.ids.length === 1 && block.ids[0] === block.ownerId ? block.ownerId : block.ids[0];
  // Descend to the first node with text.
  while (id !== undefined) {
    const node = tree.nodes[id];
    if (!node) return 0;
    if (tree.inLink[id]) return tree.stats[id]?.linkTextLength ?? 0;
    if (node.kind === 'text') return 0;
    id = node.children.find((c) => (tree.stats[c]?.textLength ?? 0) > 0 && !tree.hidden[c]);
  }
  return 0;
}

/**
 * On a listing, each summary sits apart from the next (headline and byline between them), so the
 * container holds one short summary while several alike sit outside it. A short body with three
 * or more prose blocks of the same type elsewhere on the page is one item of a list.
 */
function oneOfManyShortTexts(
  tree: LayoutTree,
  pageBlocks: ReadonlyArray<{ block: LeafBlock }>,
  decisions: BlockDecision[],
  container: number,
  body: TextStyle,
  depth: number[],
  params: SelectParams,
): string | undefined {
  const bodyLength = decisions.filter((d) => d.included).reduce((n, d) => n + d.block.textLength, 0);
  if (bodyLength >= params.listingItemMaxChars) return undefined;
  let alike = 0;
  for (const { block } of pageBlocks) {
    if (within(tree, block.ownerId, container, depth)) continue;
    if (block.textLength < params.listingItemMinChars || !sameType(block.style, body)) continue;
    // Teasers are often marked as such ("teaser", "related"): count them all the same.
    if (block.punctuationCount === 0 || block.linkTextLength / block.textLength >= params.maxLinkDensity) continue;
    if (!markedAncestors(tree, block.ownerId).some((m) => isStructuralFurniture(elementAt(tree, m)!))) alike++;
  }
  if (alike >= params.teaserMinHeadlines) {
    return `the best text (${bodyLength} characters) is one of ${alike + 1} short texts alike: a listing, not an article`;
  }
  return undefined;
}

/** A block's visible text, trimmed. */
function blockText(tree: LayoutTree, block: LeafBlock): string {
  return textBlocks(tree, block.ids).join('\n').trim();
}

/** A unit's role on a page without a body: what marks it, else the page-level reason. */
function noBody(tree: LayoutTree, u: ScoredUnit, junk: number[], reason: string): UnitDecision {
  const furniture = junk[0];
  if (furniture !== undefined) return { order: u.order, role: 'furniture', included: false, reason: `inside ${junkReason(elementAt(tree, furniture)!)}` };
  if (u.features.linkDensity >= DEFAULT_SELECT_PARAMS.maxLinkDensity) {
    return { order: u.order, role: 'link-dense', included: false, reason: `link density ${u.features.linkDensity.toFixed(2)}` };
  }
  return { order: u.order, role: 'no-sentence', included: false, reason };
}

/** Same size (within 5 %) and colour as the body text. */
function sameType(a: TextStyle, b: TextStyle): boolean {
  return Math.abs(a.fontSizePx - b.fontSizePx) <= b.fontSizePx * 0.05 && a.color === b.color;
}

/**
 * Headings, lists, unsentenced lines and prose in another type count only between body paragraphs: before the first
 * they are kickers, bylines and datelines; after the last, sign-offs and labels. A list right
 * after the last paragraph is kept (articles end with lists).
 */
function trimToBodySpan(decisions: BlockDecision[], body: TextStyle): void {
  // The span is set by prose in the body's own type: a standfirst or an author's note in
  // another size or colour does not open or close it.
  const isProse = (d: BlockDecision): boolean => d.role === 'body' && d.block.punctuationCount > 0 && sameType(d.block.style, body);
  const first = decisions.findIndex(isProse);
  let last = -1;
  decisions.forEach((d, i) => {
    if (isProse(d)) last = i;
  });
  decisions.forEach((d, i) => {
    if (!d.included || (isProse(d) && i >= first && i <= last)) return;
    if (first < 0 || i < first) Object.assign(d, { role: 'before-body', included: false, reason: `${d.reason}, before the first body paragraph` });
    else if (i > last && d.role !== 'list') Object.assign(d, { role: 'after-body', included: false, reason: `${d.reason}, after the last body paragraph` });
  });
}

/** A unit is in the body when any of its blocks is; its role is its longest block's. */
function summariseUnits(units: UnitDecision[], blocks: BlockDecision[]): void {
  const byUnit = new Map<number, BlockDecision[]>();
  for (const b of blocks) byUnit.set(b.unitOrder, [...(byUnit.get(b.unitOrder) ?? []), b]);
  for (const u of units) {
    const own = byUnit.get(u.order);
    if (!own || own.length === 0) continue;
    const included = own.filter((b) => b.included);
    const main = [...(included.length > 0 ? included : own)].sort((a, b) => b.block.textLength - a.block.textLength)[0]!;
    const dropped = own.length - included.length;
    u.included = included.length > 0;
    u.role = main.role;
    u.reason = `${u.reason.startsWith('best') ? `${u.reason}; ` : ''}${main.reason}${dropped > 0 && u.included ? ` (${dropped} of ${own.length} blocks left out)` : ''}`;
  }
}

/** Elements from `id` up to, not including, `container`. */
function pathToContainer(tree: LayoutTree, id: number, container: number, depth: number[]): number[] {
  const out: number[] = [];
  for (let p = id; p >= 0 && depth[p]! > depth[container]!; p = tree.nodes[p]?.parent ?? -1) out.push(p);
  return out;
}

/** Share of `box`'s width that lies over `column`. */
function horizontalOverlap(box: Box, column: Box): number {
  if (box.width <= 0) return 1;
  const left = Math.max(box.x, column.x);
  const right = Math.min(box.x + box.width, column.x + column.width);
  return Math.max(0, right - left) / box.width;
}

function depths(tree: LayoutTree): number[] {
  const d = new Array<number>(tree.nodes.length).fill(0);
  for (let id = 1; id < tree.nodes.length; id++) d[id] = (d[tree.nodes[id]!.parent] ?? -1) + 1;
  return d;
}

function ancestorIds(tree: LayoutTree, id: number): number[] {
  const out: number[] = [];
  for (let p = tree.nodes[id]?.parent ?? -1; p >= 0; p = tree.nodes[p]?.parent ?? -1) out.push(p);
  return out;
}

/** Ids of furniture-marked elements on the way from `id` (included) up to body. */
function junkAncestors(tree: LayoutTree, id: number): number[] {
  const out: number[] = [];
  for (let p = id; p >= 0; p = tree.nodes[p]?.parent ?? -1) {
    const el = elementAt(tree, p);
    if (el && junkReason(el) !== undefined) out.push(p);
  }
  return out;
}

/** `id` is `a` or inside it. */
function within(tree: LayoutTree, id: number, a: number, _depth: number[]): boolean {
  return isWithin(tree, id, a);
}
