/**
 * The article: title, text with paragraph breaks, clean HTML, Markdown and metadata, built
 * from a layout tree and a body selection. Pure apart from Turndown (a pure string library).
 */
import type { LayoutTree } from '../segment/tree.js';
import type { ScoredUnit } from '../types.js';
import type { Selection } from '../score/select.js';
import type { PageType } from '../score/page-type.js';
import { bodyHtml, commentsHtml, withStructure } from './content-html.js';
import { toMarkdown } from './markdown.js';
import { countWords } from '../score/block-features.js';
import { printsNothing } from '../segment/text.js';
import { isStateLine } from './state-lines.js';
import { withoutRepeatedParagraphs } from './repeats.js';
import type { Comment, CommentsFound } from './comments.js';
import { readMetadata, type ArticleMetadata } from './metadata.js';
import { parseJsonLd } from './metadata-jsonld.js';
import { chooseTitle, titleSources, type TitleChoice } from './title.js';

/** What kind of page the body came from (score/page-type.ts). */
export interface PageTypeVerdict {
  type: PageType;
  /** Probability of that type, 0–1. */
  confidence: number;
  /** The strongest evidence, in words. */
  reason: string;
}

export interface Article extends ArticleMetadata {
  /** The URL the page was rendered at. */
  url: string;
  /** Article, listing or other: the body is extracted whatever the page is. */
  pageType: PageTypeVerdict;
  /** Body text; paragraphs separated by a blank line. */
  text: string;
  html: string;
  markdown: string;
  /** Words, counting each CJK character as one. */
  wordCount: number;
  /** Readers' comments or a thread's replies, page order (comments.ts); in `text` only when asked for. */
  comments: Comment[];
}

/** The comments stage's finding, and whether the body's text, HTML and Markdown include them. */
export interface CommentsChoice {
  found: CommentsFound;
  include: boolean;
  /** The heading the added ones follow the body under: a thread's replies, or readers' comments (the default). */
  heading?: 'Comments' | 'Replies';
  /**
   * Node-id ranges [start, end) of other people's words that are not comments — a product page's
   * customer reviews (profiles/reviews.ts): their reviewers' names and dates are not the page's
   * author and date.
   */
  otherVoices?: ReadonlyArray<readonly [number, number]>;
}

export function buildArticle(
  tree: LayoutTree,
  units: readonly ScoredUnit[],
  selection: Extract<Selection, { kind: 'article' }>,
  pageType: PageTypeVerdict,
  comments: CommentsChoice = { found: { comments: [], itemIds: [], itemRanges: [], inBody: [], thread: false, threadReason: null, bodyBlocksInComments: [], postFurniture: [], namedComments: 0 }, include: false },
  /**
   * The reading the title is placed against, when not `selection`: the article model's. The title
   * chooser's weights were fitted with the headline above that reading's start and its type size;
   * a profile read with its own block model may start its body above the headline.
   */
  titleReading: Extract<Selection, { kind: 'article' }> = selection,
): { article: Article; titleChoice: TitleChoice } {
  const bodyText = printedLines(selection.blocks).join('\n\n');
  const skipped = new Set(selection.skippedIds);
  // The HTML (and Markdown) also keep the code blocks and figures between the body's paragraphs.
  const bodyOnlyHtml = bodyHtml(tree, withStructure(tree, selection.bodyBlocks, selection.containerId), selection.containerId, (id) => skipped.has(id));
  // With comments asked for, those not already in the body follow it (a thread page's posts are in it).
  // A thread's replies say nothing the body or an earlier reply said (their quotes; repeats.ts).
  const asked = comments.include ? comments.found.comments.filter((_, i) => !comments.found.inBody[i]) : [];
  const added = comments.heading === 'Replies' ? withoutRepeatedParagraphs(selection.blocks, asked.map((c) => c.text)).map((text, i) => ({ ...asked[i]!, text })).filter((c) => c.text !== '') : asked;
  const text = added.length > 0 ? [bodyText, ...added.map((c) => c.text)].join('\n\n') : bodyText;
  const html = added.length > 0 ? `${bodyOnlyHtml}\n${commentsHtml(added, comments.heading)}` : bodyOnlyHtml;
  // Where the body starts in document order (ids are pre-order): the headline comes before it,
  // even when it shares an element with the body (an old table cell split at <br><br>).
  // (or where the block model's body started, before the rules that trim it: select.ts modelStartId).
  const firstBodyId = Math.min(selection.modelStartId, ...selection.bodyBlocks.map((b) => b.ids[0] ?? b.ownerId));
  const titleFrom = titleReading === selection ? firstBodyId : Math.min(titleReading.modelStartId, ...titleReading.bodyBlocks.map((b) => b.ids[0] ?? b.ownerId));
  const titleChoice = chooseTitle(titleSources(tree, parseJsonLd(tree.snapshot.meta.jsonLd).headline, titleFrom, titleReading.bodyStyle.fontSizePx, pageType.type));
  const headline = titleChoice.candidates[titleChoice.chosen];
  // The body's block roots: the owners of whole blocks, the run members of split ones.
  const blockIds = selection.bodyBlocks.flatMap((b) => (b.ids.length === 1 && b.ids[0] === b.ownerId ? [b.ownerId] : b.ids));
  // Readers' comments name their own authors and dates: none of them is the article's.
  const commentRanges = [...(comments.found.thread ? [] : comments.found.itemRanges), ...(comments.otherVoices ?? [])];
  const metadata = readMetadata(tree.snapshot, bodyText, { tree, containerId: selection.containerId, blockIds, headlineId: headline?.id ?? null, pageType: pageType.type, commentRanges });
  const article: Article = {
    ...metadata,
    title: headline?.text ?? null,
    url: tree.snapshot.url,
    pageType,
    text,
    html,
    markdown: toMarkdown(html),
    wordCount: countWords(text),
    comments: comments.found.comments,
  };
  return { article, titleChoice };
}

export { countWords };

/** What a page says of itself without a body: its metadata and title. */
export interface PageFacts extends ArticleMetadata {
  title: string | null;
}

/**
 * The metadata of a page that gave no article (an empty shell, a login wall, a page typed other
 * than article under `--articles-only`): its declared title, dates, names and language, and the
 * title chosen as on an article's page, from the lines above where the body starts — the whole
 * page when none was found (`firstBodyId` past the last node). A user's record of a page that has
 * no body still says what the page was.
 */
export function pageFacts(tree: LayoutTree, pageType: PageType, firstBodyId: number = tree.nodes.length, bodyFontPx: number = prevailingFontPx(tree)): { facts: PageFacts; titleChoice: TitleChoice } {
  const titleChoice = chooseTitle(titleSources(tree, parseJsonLd(tree.snapshot.meta.jsonLd).headline, firstBodyId, bodyFontPx, pageType));
  const metadata = readMetadata(tree.snapshot, '');
  return { facts: { ...metadata, title: titleChoice.candidates[titleChoice.chosen]?.text ?? null }, titleChoice };
}

/**
 * The blocks without their lines of invisible characters alone (a `<p>&zwj;</p>` spacer) or of a
 * state the page prints ("Loading…", "Sponsored": state-lines.ts), and without blocks left with
 * nothing. Empty lines stay: a code block's blank lines are its own.
 */
function printedLines(blocks: readonly string[]): string[] {
  const invisible = (text: string): boolean => (text.trim() !== '' && printsNothing(text)) || isStateLine(text);
  const out: string[] = [];
  for (const block of blocks) {
    if (invisible(block)) continue;
    out.push(block.includes('\n') ? block.split('\n').filter((line) => !invisible(line)).join('\n') : block);
  }
  return out;
}

/** The font size that sets the most visible text (the page's body size where it has no body); 16 px on a page without text. */
function prevailingFontPx(tree: LayoutTree): number {
  const chars = new Map<number, number>();
  tree.nodes.forEach((node, id) => {
    if (node.kind !== 'text' || tree.hidden[id]) return;
    const parent = tree.nodes[node.parent];
    if (parent?.kind !== 'element' || !(parent.fontSizePx > 0)) return;
    const size = parent.fontSizePx;
    chars.set(size, (chars.get(size) ?? 0) + node.text.length);
  });
  let best = 16;
  let most = 0;
  for (const [size, n] of chars) if (n > most) [best, most] = [size, n];
  return best;
}
