/**
 * The features of every leaf block of a page — what the block model (block-model.ts) weighs to
 * tell body text from the rest. Pure; one pass over the page's blocks plus one over its nodes.
 *
 * A block is the smallest piece a reader sees as one paragraph, heading, list item or label
 * (segment/blocks.ts), taken from the visual units in document order, so each block also knows
 * its unit's docs/methods.md §4 score.
 *
 * The features are chosen to hold on any page, in any language, with or without the page's
 * stylesheets (saved pages are usually rendered without them): text measures (length, links,
 * sentence ends, commas, digits), the markup around the block (markup-marks.ts), the type
 * compared with the page's main prose type, and where the block sits. Each is scaled to be
 * O(1) so that one set of weights fits pages of any size.
 */
import type { LayoutTree } from '../segment/tree.js';
import { elementAt } from '../segment/tree.js';
import { leafBlocks, type LeafBlock } from '../segment/blocks.js';
import { textBlocks } from '../segment/unit-text.js';
import type { ScoredUnit, TextStyle } from '../types.js';
import { hasMark, MARK, pathMarks } from './markup-marks.js';

/** A leaf block of the page with what later stages need to know about it. */
export interface PageBlock {
  /** Index in document order among the page's blocks. */
  index: number;
  unitOrder: number;
  block: LeafBlock;
  /** The block's visible text (lines joined by `\n`). */
  text: string;
  /** Words in it, each CJK character counting as one (what selection weighs blocks by). */
  words: number;
}

/**
 * Feature names in vector order. Every name is explained where it is computed below; the
 * fitted weights (block-model-params.ts) are keyed by these names.
 */
export const BLOCK_FEATURES = [
  'bias',
  'logChars',
  'logWords',
  'linkDensity',
  'allLink',
  'sentenceEnds',
  'endsWithSentence',
  'commaRate',
  'digitShare',
  'capitalisedShare',
  'tagP',
  'tagHeading',
  'tagH1',
  'tagLi',
  'tagCell',
  'tagDiv',
  'tagInlineRun',
  'tagQuote',
  'tagPre',
  'inArticle',
  'inMain',
  'inHeader',
  'inFooter',
  'inNav',
  'inAside',
  'inForm',
  'inList',
  'inTable',
  'inFigure',
  'inLink',
  'inControl',
  'bodyName',
  'commentWords',
  'shareWords',
  'relatedWords',
  'promoWords',
  'chromeWords',
  'overlayWords',
  'metaWords',
  'contentWords',
  'furnitureRole',
  'captionTag',
  'hiddenHint',
  'fontRatio',
  'smallerFont',
  'largerFont',
  'bold',
  'italic',
  'mainType',
  'otherColour',
  'otherBackground',
  'verticalPosition',
  'documentPosition',
  'widthShare',
  'unitScore',
  'bestUnit',
  'unitRank',
  'charsShareOfLongest',
  'unitLogChars',
  'unitLinkDensity',
  'duplicateText',
  'beforeHeadline',
  'afterHeadline',
  'charsPerNode',
  'sentenceLength',
  'upperShare',
  'nextToImage',
] as const;

export type BlockFeatureName = (typeof BLOCK_FEATURES)[number];
export const BLOCK_FEATURE_COUNT = BLOCK_FEATURES.length;

/** Latin/Cyrillic/Greek words, for the capitalisation measure (scripts with case). */
const CASED_WORD = /[\p{Lu}\p{Ll}][\p{L}\p{M}'’-]*/gu;
const COMMA = /[,，、;；]/gu;
const CASED_LETTER = /[\p{Lu}\p{Ll}]/gu;
const UPPER_LETTER = /\p{Lu}/gu;
/** Elements that show a picture. */
const PICTURE_TAGS = new Set(['img', 'picture', 'svg', 'video', 'canvas', 'figure']);
const DIGIT = /\p{Nd}/gu;
const WORD = /[\p{L}\p{N}]+/gu;
/** The block ends as a sentence does (a closing quote or bracket may follow the mark). */
const ENDS_WITH_SENTENCE = /[.!?。！？…؟।]["'”’»)\]]*$/u;

/** The leaf blocks of the units, in document order, with their text. */
export function pageBlocks(tree: LayoutTree, units: readonly ScoredUnit[]): PageBlock[] {
  const out: PageBlock[] = [];
  for (const u of units) {
    for (const block of leafBlocks(tree, u.memberIds)) {
      const text = textBlocks(tree, block.ids).join('\n').trim();
      if (text.length === 0) continue;
      out.push({ index: out.length, unitOrder: u.order, block, text, words: countWords(text) });
    }
  }
  return out;
}

/** Han and kana, written without spaces: each character counts as a word. */
const UNSPACED = /[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff]/gu;
/**
 * Thai, Lao, Khmer and Burmese letters, also written without spaces between words but with words
 * of several letters: they count at `THAI_LIKE_LETTERS_PER_WORD` (text/words.ts measured 4.4 on a
 * Thai news paragraph). Read as spaced words, a Thai paragraph was one or two "words".
 */
const THAI_LIKE = /[\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff]/gu;
const THAI_LIKE_LETTERS_PER_WORD = 4.4;
const SPACED_WORD = /[\p{L}\p{N}]+/gu;

/**
 * Words of a text: each Han or kana character counts as one, Thai-like letters at their letters
 * per word, and the rest — Korean too, whose words stand between spaces — between spaces.
 */
export function countWords(text: string): number {
  const unspaced = text.match(UNSPACED)?.length ?? 0;
  const thaiLike = text.match(THAI_LIKE)?.length ?? 0;
  let spaced = text;
  if (unspaced > 0) spaced = spaced.replace(UNSPACED, ' ');
  if (thaiLike > 0) spaced = spaced.replace(THAI_LIKE, ' ');
  return unspaced + Math.round(thaiLike / THAI_LIKE_LETTERS_PER_WORD) + (spaced.match(SPACED_WORD)?.length ?? 0);
}

/** The type most of the page's prose is set in (blocks with sentences, few links), by characters. */
export function mainProseStyle(blocks: readonly PageBlock[]): TextStyle | undefined {
  const votes = new Map<string, { style: TextStyle; chars: number }>();
  for (const { block } of blocks) {
    if (block.punctuationCount === 0 || block.linkTextLength > block.textLength * 0.5) continue;
    const key = styleKey(block.style);
    const v = votes.get(key) ?? { style: block.style, chars: 0 };
    v.chars += block.textLength;
    votes.set(key, v);
  }
  let best: { style: TextStyle; chars: number } | undefined;
  for (const v of votes.values()) if (!best || v.chars > best.chars) best = v;
  return best?.style;
}

export function styleKey(style: TextStyle): string {
  return `${Math.round(style.fontSizePx)}|${style.color}|${style.fontFamily}`;
}

export interface BlockFeatureMatrix {
  /** Row-major: block i's features are `values[i * BLOCK_FEATURE_COUNT …]`. */
  values: Float64Array;
  rows: number;
  mainStyle: TextStyle | undefined;
}

/** The feature vector of every block (BLOCK_FEATURES order). */
export function blockFeatures(tree: LayoutTree, units: readonly ScoredUnit[], blocks: readonly PageBlock[]): BlockFeatureMatrix {
  const marks = pathMarks(tree);
  const siblingIndex = indexAmongSiblings(tree);
  const main = mainProseStyle(blocks);
  const pageHeight = Math.max(1, tree.snapshot.page.height);
  const pageWidth = Math.max(1, tree.snapshot.page.width);
  let longest = 1;
  for (const b of blocks) longest = Math.max(longest, b.block.textLength);

  const textCounts = new Map<string, number>();
  for (const b of blocks) textCounts.set(b.text, (textCounts.get(b.text) ?? 0) + 1);
  const headline = headlineBlock(tree, blocks);
  const F = BLOCK_FEATURE_COUNT;
  const values = new Float64Array(blocks.length * F);
  const col = Object.fromEntries(BLOCK_FEATURES.map((name, i) => [name, i])) as Record<BlockFeatureName, number>;
  blocks.forEach((pb, i) => {
    const row = i * F;
    const set = (name: BlockFeatureName, v: number): void => {
      values[row + col[name]] = v;
    };
    const { block, text } = pb;
    const owner = elementAt(tree, block.ownerId);
    const m = marks[block.ownerId] ?? 0;
    const chars = Math.max(1, block.textLength);
    const words = text.match(WORD)?.length ?? 0;
    const cased = text.match(CASED_WORD) ?? [];
    const capitalised = cased.filter((w) => w[0] !== w[0]!.toLowerCase()).length;
    const tag = owner?.tag ?? '';
    const isRun = block.ids.length > 1 || block.ids[0] !== block.ownerId;

    set('bias', 1);
    // Length: body paragraphs are long; labels, menu items and buttons short.
    set('logChars', Math.log1p(block.textLength) / 5);
    set('logWords', Math.log1p(words) / 4);
    // Links: navigation, teasers and tag lists are mostly anchor text.
    set('linkDensity', block.linkTextLength / chars);
    set('allLink', block.linkTextLength >= block.textLength * 0.95 ? 1 : 0);
    // Sentences: prose has sentence ends and commas; menus and headlines do not.
    set('sentenceEnds', Math.min(1, block.punctuationCount / 5));
    set('endsWithSentence', ENDS_WITH_SENTENCE.test(text) ? 1 : 0);
    set('commaRate', Math.min(1, ((text.match(COMMA)?.length ?? 0) * 100) / chars / 2));
    // Dates, scores, prices, counters.
    set('digitShare', Math.min(1, ((text.match(DIGIT)?.length ?? 0) / chars) * 4));
    // Title Case Menus And Headlines capitalise most words; prose does not (scripts with case only).
    set('capitalisedShare', cased.length >= 3 ? capitalised / cased.length : 0);
    // The element that holds the block.
    set('tagP', tag === 'p' && !isRun ? 1 : 0);
    set('tagHeading', /^h[2-6]$/u.test(tag) || hasMark(m, MARK.heading) ? 1 : 0);
    set('tagH1', tag === 'h1' ? 1 : 0);
    set('tagLi', tag === 'li' || tag === 'dd' || tag === 'dt' ? 1 : 0);
    set('tagCell', tag === 'td' || tag === 'th' ? 1 : 0);
    set('tagDiv', tag === 'div' && !isRun ? 1 : 0);
    set('tagInlineRun', isRun ? 1 : 0);
    set('tagQuote', hasMark(m, MARK.blockquote) ? 1 : 0);
    set('tagPre', tag === 'pre' || tag === 'code' ? 1 : 0);
    // Sectioning around the block.
    set('inArticle', hasMark(m, MARK.article) ? 1 : 0);
    set('inMain', hasMark(m, MARK.main) ? 1 : 0);
    set('inHeader', hasMark(m, MARK.header) ? 1 : 0);
    set('inFooter', hasMark(m, MARK.footer) ? 1 : 0);
    set('inNav', hasMark(m, MARK.nav) ? 1 : 0);
    set('inAside', hasMark(m, MARK.aside) ? 1 : 0);
    set('inForm', hasMark(m, MARK.form) ? 1 : 0);
    set('inList', hasMark(m, MARK.list) ? 1 : 0);
    set('inTable', hasMark(m, MARK.table) ? 1 : 0);
    set('inFigure', hasMark(m, MARK.figure) ? 1 : 0);
    set('inLink', hasMark(m, MARK.link) ? 1 : 0);
    set('inControl', hasMark(m, MARK.control) ? 1 : 0);
    // Names in class, id, itemprop and role.
    set('bodyName', hasMark(m, MARK.bodyName) ? 1 : 0);
    set('commentWords', hasMark(m, MARK.comment) ? 1 : 0);
    set('shareWords', hasMark(m, MARK.share) ? 1 : 0);
    set('relatedWords', hasMark(m, MARK.related) ? 1 : 0);
    set('promoWords', hasMark(m, MARK.promo) ? 1 : 0);
    set('chromeWords', hasMark(m, MARK.chrome) ? 1 : 0);
    set('overlayWords', hasMark(m, MARK.overlay) ? 1 : 0);
    set('metaWords', hasMark(m, MARK.meta) ? 1 : 0);
    set('contentWords', hasMark(m, MARK.content) ? 1 : 0);
    set('furnitureRole', hasMark(m, MARK.furnitureRole) ? 1 : 0);
    set('captionTag', hasMark(m, MARK.caption) ? 1 : 0);
    set('hiddenHint', hasMark(m, MARK.hiddenHint) ? 1 : 0);
    // Type against the page's main prose: captions and credits are smaller, standfirsts larger.
    const size = block.style.fontSizePx;
    const mainSize = main?.fontSizePx ?? size;
    const ratio = mainSize > 0 && size > 0 ? Math.log2(size / mainSize) : 0;
    set('fontRatio', Math.max(-2, Math.min(2, ratio)));
    set('smallerFont', ratio < -0.1 ? 1 : 0);
    set('largerFont', ratio > 0.1 ? 1 : 0);
    set('bold', block.style.fontWeight >= 600 ? 1 : 0);
    set('italic', block.style.fontStyle === 'italic' ? 1 : 0);
    set('mainType', main && styleKey(block.style) === styleKey(main) ? 1 : 0);
    set('otherColour', main && block.style.color !== main.color ? 1 : 0);
    set('otherBackground', main && block.style.background !== main.background ? 1 : 0);
    // Where it sits: furniture gathers at the top and bottom of a page.
    const box = owner?.box;
    set('verticalPosition', box ? Math.min(1, Math.max(0, (box.y + box.height / 2) / pageHeight)) : 0.5);
    set('documentPosition', blocks.length > 1 ? i / (blocks.length - 1) : 0.5);
    set('widthShare', box ? Math.min(1, box.width / pageWidth) : 0);
    set('charsShareOfLongest', block.textLength / longest);
    // The visual unit the block belongs to: a paragraph of a long text unit, or of a link list.
    const unit = units[pb.unitOrder];
    set('unitLogChars', unit ? Math.log1p(unit.textLength) / 10 : 0);
    set('unitLinkDensity', unit && unit.textLength > 0 ? unit.linkTextLength / unit.textLength : 0);
    // Text that appears more than once (menus repeated for small screens, teaser headlines).
    set('duplicateText', Math.min(1, ((textCounts.get(text) ?? 1) - 1) / 2));
    // The body follows the headline; what comes before it is masthead and navigation.
    set('beforeHeadline', headline >= 0 && i < headline ? 1 : 0);
    set('afterHeadline', headline >= 0 && i > headline ? Math.max(0, 1 - (i - headline - 1) / 40) : 0);
    // Markup per character: boilerplate is markup-heavy (icons, spans per word, buttons).
    let nodes = 0;
    for (const id of block.ids) nodes += (tree.subtreeEnd[id] ?? id + 1) - id;
    set('charsPerNode', Math.min(1, Math.log1p(block.textLength / Math.max(1, nodes)) / 5));
    // Characters per sentence: prose has sentences of 60–200 characters.
    set('sentenceLength', block.punctuationCount > 0 ? Math.min(1, Math.log1p(block.textLength / block.punctuationCount) / 6) : 0);
    // SHOUTED LINES: kickers, labels and in-text promos are set in capitals.
    const letters = text.match(CASED_LETTER)?.length ?? 0;
    set('upperShare', letters >= 8 ? (text.match(UPPER_LETTER)?.length ?? 0) / letters : 0);
    // Captions and credits sit right under (or over) a picture.
    set('nextToImage', besideImage(tree, siblingIndex, block.ownerId) ? 1 : 0);
  });
  setUnitColumns(values, blocks.map((b) => b.unitOrder), units.map((u) => u.score));
  return { values, rows: blocks.length, mainStyle: main };
}

/**
 * The columns that come from the block's visual unit as docs/methods.md §4 scored it (its score, whether
 * it is the best unit, its rank). Apart so that a fit can re-score units without re-reading pages.
 * `unitScores[order]` is the score of the unit with that order.
 */
export function setUnitColumns(values: Float64Array, unitOrders: ArrayLike<number>, unitScores: ArrayLike<number>): void {
  const ranked = Array.from({ length: unitScores.length }, (_, i) => i).sort((a, b) => unitScores[b]! - unitScores[a]!);
  const rankOf = new Int32Array(unitScores.length);
  ranked.forEach((order, rank) => (rankOf[order] = rank));
  const F = BLOCK_FEATURE_COUNT;
  const score = BLOCK_FEATURES.indexOf('unitScore');
  const best = BLOCK_FEATURES.indexOf('bestUnit');
  const rank = BLOCK_FEATURES.indexOf('unitRank');
  for (let i = 0; i < unitOrders.length; i++) {
    const order = unitOrders[i]!;
    const r = rankOf[order] ?? unitScores.length;
    values[i * F + score] = unitScores[order] ?? 0;
    values[i * F + best] = r === 0 ? 1 : 0;
    values[i * F + rank] = Math.log1p(r) / 5;
  }
}

/**
 * The headline's block: the first visible `<h1>` block, else the block that best matches the
 * page's declared title (og:title or `<title>`); -1 when neither is found.
 */
export function headlineBlock(tree: LayoutTree, blocks: readonly PageBlock[]): number {
  for (const b of blocks) {
    const owner = elementAt(tree, b.block.ownerId);
    if (owner?.tag === 'h1' && b.text.length >= 10) return b.index;
  }
  const meta = tree.snapshot.meta;
  const declared = (meta.metaTags.find((m) => m.key === 'og:title')?.content ?? meta.title).trim().toLowerCase();
  if (declared.length < 10) return -1;
  for (const b of blocks) {
    const t = b.text.toLowerCase();
    if (t.length >= 10 && t.length <= 300 && b.block.linkTextLength < b.block.textLength * 0.5 && (declared.includes(t) || t.includes(declared))) return b.index;
  }
  return -1;
}

/**
 * Whether a picture sits right before or after the element: its nearest element sibling, on
 * it or on one of its two nearest ancestors (a caption is often wrapped apart from the image).
 */
function besideImage(tree: LayoutTree, siblingIndex: Int32Array, id: number): boolean {
  let node = id;
  for (let level = 0; level < 3 && node > 0; level++) {
    const parent = tree.nodes[node]!.parent;
    const parentEl = elementAt(tree, parent);
    if (!parentEl) return false;
    const at = siblingIndex[node]!;
    for (const sibling of [parentEl.children[at - 1], parentEl.children[at + 1]]) {
      if (sibling !== undefined && isPicture(tree, sibling)) return true;
    }
    node = parent;
  }
  return false;
}

/**
 * Each node's position among its parent's children, computed once: looking it up per block
 * with `children.indexOf` made a list of n items cost n² (issue 14's wide and table pages).
 */
function indexAmongSiblings(tree: LayoutTree): Int32Array {
  const index = new Int32Array(tree.nodes.length);
  for (const node of tree.nodes) {
    if (node.kind !== 'element') continue;
    node.children.forEach((child, i) => (index[child] = i));
  }
  return index;
}

/** A picture, or an element holding one and no text. */
function isPicture(tree: LayoutTree, id: number): boolean {
  const el = elementAt(tree, id);
  if (!el || tree.hidden[id]) return false;
  if (PICTURE_TAGS.has(el.tag)) return true;
  return (tree.stats[id]?.textLength ?? 0) === 0 && (tree.stats[id]?.imageCount ?? 0) > 0;
}
