/**
 * The pure half of extraction: layout snapshot → visual units → scores → body → article.
 * No browser: a stored snapshot can be replayed through it.
 */
import type { LeafBlock } from '../segment/blocks.js';
import type { Box, LayoutSnapshot, UnitFeatures } from '../types.js';
import { buildLayoutTree } from '../segment/tree.js';
import { segment } from '../segment/visual-units.js';
import { DEFAULT_SEGMENT_PARAMS, type SegmentParams } from '../segment/params.js';
import { scoreUnits } from '../score/score-units.js';
import { DEFAULT_SCORE_WEIGHTS, normalizeWeights, type ScoreWeights } from '../score/weights.js';
import { selectBody, withAddedBlocks, withoutBlocks, type UnitRole } from '../score/select.js';
import { classWords, hasMark, MARK, pathMarks } from '../score/markup-marks.js';
import { latinLength } from '../text/index.js';
import { textBlocks } from '../segment/unit-text.js';
import { DEFAULT_SELECT_PARAMS, type SelectParams } from '../score/select-params.js';
import { findComments, NO_OWN_PROSE, type CommentsFound } from './comments.js';
import { adjacentRepeats, COPY_PARAMS, duplicateCopies, REPEAT_PARAMS, repeatedBlocks } from './repeats.js';
import { buildArticle, pageFacts, type Article, type PageFacts, type PageTypeVerdict } from './article.js';
import type { TitleChoice } from './title.js';
import { decidePageType, PAGE_TYPE_FEATURES, pageTypeFeatures, urlFeatures, type PageType, type PageTypeDecision } from '../score/page-type.js';
import { chooseProfile, DEFAULT_PROFILE_PARAMS, keepsTentativeProfile, tentativeProfile, TENTATIVE_PROFILE, type ProfileChoice, type ProfileParams, type ProfileStage } from './profiles/index.js';
import { findCards } from './profiles/cards.js';
import { insideMenuTrees, insideScreenReaderText } from './profiles/unseen.js';
import { echoLinkIds } from './profiles/echo-links.js';
import { tocLabels } from './toc.js';
import { teasersAboveHeadline } from './teasers.js';
import { insideNamed, namedRanges, type BesideProduct } from './profiles/reviews.js';
import { productFacts, productFallback } from './profiles/product.js';
import { escapeHtml } from './content-html.js';
import { toMarkdown } from './markdown.js';
import { countWords } from '../score/block-features.js';
import { looksLikePersonName, namesInByline } from './metadata-authors.js';
import { dateInText } from './metadata-dates.js';
import type { LayoutTree } from '../segment/tree.js';
import type { ClusterModel } from '../cluster/index.js';
import { DEFAULT_MODEL_STAGE, runModelStage, type ModelStageParams, type ModelStageReport } from './model-stage.js';
import { DEFAULT_PAGE_BUDGET, fitSnapshotToBudget, type BudgetCut, type PageBudget } from './page-budget.js';

export interface ExtractParams {
  segment: SegmentParams;
  weights: ScoreWeights;
  select: SelectParams;
  /**
   * Only articles: a page the page-type decision does not judge an article gives `none` (with
   * the decision as its reason) instead of its best body. Off: every page with readable text
   * gets its body, and `article.pageType` says what kind of page it is.
   */
  articlesOnly?: boolean;
  /**
   * Readers' comments (and a thread's replies) in the body's text, HTML and Markdown, after the
   * body under a "Comments" heading. Off: they are only in `article.comments` (comments.ts) —
   * except on a thread the decision typed forum, whose replies are its content (under "Replies").
   */
  includeComments?: boolean;
  /** Extraction profiles per page type (extract/profiles/); defaults to the fitted ones. */
  profiles?: ProfileParams;
  /** A cluster model (docs/methods.md §5): when given, the model stage runs after the visual one (model-stage.ts). */
  model?: ClusterModel;
  /** How the model stage combines with the visual score; defaults in model-stage.ts. */
  modelStage?: Partial<Omit<ModelStageParams, 'model'>>;
  /** A page larger than this is cut down before the stages run (page-budget.ts); default DEFAULT_PAGE_BUDGET. */
  budget?: PageBudget;
  /**
   * For measuring only: the page's type as a benchmark labels it, in place of the page-type
   * decision, which then holds it for sure — what the profiles read when the type is right
   * (`scripts/profile-model-cv.ts --type-given`). The structure's own rules after the decision
   * (an article followed by comments, a thread typed article) still apply.
   */
  typeGiven?: PageType;
}

export const DEFAULT_EXTRACT_PARAMS: Readonly<ExtractParams> = Object.freeze({
  segment: DEFAULT_SEGMENT_PARAMS,
  weights: DEFAULT_SCORE_WEIGHTS,
  select: DEFAULT_SELECT_PARAMS,
});

/** One visual unit as `--explain` shows it. */
export interface ExplainedUnit {
  order: number;
  nodeId: number;
  tag: string;
  box: Box;
  textLength: number;
  preview: string;
  features: UnitFeatures;
  score: number;
  role: UnitRole | 'unclassified';
  included: boolean;
  reason: string;
}

export interface Explanation {
  units: ExplainedUnit[];
  seedOrder: number | null;
  containerId: number | null;
  /** Milliseconds spent in each pure stage. */
  timingsMs: { budget: number; tree: number; segment: number; score: number; select: number; article: number };
  /** What the model stage did; present only when a model was given. */
  model?: ModelStageReport;
  /** The page-type decision with the probability of each type. */
  pageType?: PageTypeDecision;
  /** The extraction profile that ran, and why (extract/profiles/). */
  profile?: ProfileChoice;
  /** What each of the profile's stages did (extract/profiles/): whether it changed the body, and why. */
  profileStages?: Array<{ stage: ProfileStage; applied: boolean; reason: string }>;
  /** What the page budget cut before the stages ran (page-budget.ts); node ids above are after the cut. */
  cuts: BudgetCut[];
  /** How the title was chosen: every candidate with its signs and score (title.ts). */
  title?: TitleChoice;
  /** Blocks left out as the second copy of a long run of the body (repeats.ts), when there was one. */
  copies?: { blocks: number; words: number; reason: string };
  /** A thread's per-post comment lists left out of the body (`postCommentBlocks`). */
  postComments?: { blocks: number; lists: number; words: number; reason: string };
}

export type SnapshotExtraction =
  | { kind: 'article'; article: Article; explanation: Explanation }
  | { kind: 'none'; reason: string; explanation: Explanation; pageType?: PageTypeVerdict; facts?: PageFacts };

/** The stages of `extractFromSnapshot`, as `ExtractHooks.onStage` names them. */
export type ExtractStage = 'budget' | 'tree' | 'segment' | 'score' | 'select' | 'page-type' | 'article' | 'model';

export interface ExtractHooks {
  /**
   * Called as each stage starts (the page-work thread records it, so that a page stopped at
   * its deadline can name the stage it was in: src/page-work/).
   */
  onStage?: (stage: ExtractStage) => void;
}

export function extractFromSnapshot(rendered: LayoutSnapshot, params: Partial<ExtractParams> = {}, hooks: ExtractHooks = {}): SnapshotExtraction {
  const { model, modelStage, budget, ...visualParams } = params;
  const stage = hooks.onStage ?? noStage;
  stage('budget');
  const clock = stopwatch();
  const { snapshot, cuts } = fitSnapshotToBudget(rendered, budget ?? DEFAULT_PAGE_BUDGET);
  const budgetMs = clock();
  const withCuts = (extraction: SnapshotExtraction): SnapshotExtraction => {
    extraction.explanation.cuts = cuts;
    extraction.explanation.timingsMs.budget = budgetMs;
    return extraction;
  };
  if (!model) return withCuts(extractVisually(snapshot, visualParams, stage));
  stage('tree');
  const tree = buildLayoutTree(snapshot);
  const visual = extractVisually(snapshot, visualParams, stage, tree);
  stage('model');
  return withCuts(
    runModelStage({
      tree,
      visual,
      params: { ...DEFAULT_MODEL_STAGE, ...modelStage, model },
      extractRegion: (region) => extractVisually(region, visualParams, noStage),
    }),
  );
}

function noStage(): void {}

/** The visual extraction (docs/methods.md §3–4); `tree` may be passed when the caller has built it. */
function extractVisually(snapshot: LayoutSnapshot, params: Partial<ExtractParams>, stage: (stage: ExtractStage) => void, prebuilt?: LayoutTree): SnapshotExtraction {
  const p = { ...DEFAULT_EXTRACT_PARAMS, ...params };
  const clock = stopwatch();
  if (!prebuilt) stage('tree');
  const tree = prebuilt ?? buildLayoutTree(snapshot);
  const tTree = clock();
  stage('segment');
  const units = segment(tree, p.segment);
  const tSegment = clock();
  stage('score');
  const scored = scoreUnits(units, snapshot, normalizeWeights(p.weights));
  const tScore = clock();
  stage('select');
  let selection = selectBody(tree, scored, p.select);
  const tSelect = clock();
  const decisions = new Map(selection.decisions.map((d) => [d.order, d]));
  const explanation: Explanation = {
    units: scored.map((u) => {
      const d = decisions.get(u.order);
      return {
        order: u.order,
        nodeId: u.nodeId,
        tag: u.tag,
        box: u.box,
        textLength: u.textLength,
        preview: u.text.slice(0, 80),
        features: u.features,
        score: u.score,
        role: d?.role ?? 'unclassified',
        included: d?.included ?? false,
        reason: d?.reason ?? '',
      };
    }),
    seedOrder: selection.kind === 'article' ? selection.seedOrder : null,
    containerId: selection.kind === 'article' ? selection.containerId : null,
    timingsMs: { budget: 0, tree: tTree, segment: tSegment, score: tScore, select: tSelect, article: 0 },
    cuts: [],
  };
  // A page without a body still says what it was: its title and declared metadata.
  const noArticle = (reason: string, pageType?: PageTypeVerdict): SnapshotExtraction => {
    const firstBodyId = selection.kind === 'article' ? Math.min(selection.modelStartId, ...selection.bodyBlocks.map((b) => b.ids[0] ?? b.ownerId)) : undefined;
    const bodyFontPx = selection.kind === 'article' ? selection.bodyStyle.fontSizePx : undefined;
    const { facts, titleChoice } = pageFacts(tree, pageType?.type ?? 'other', firstBodyId, bodyFontPx);
    explanation.title = titleChoice;
    return { kind: 'none', reason, explanation, ...(pageType ? { pageType } : {}), facts };
  };
  if (selection.kind === 'none') return noArticle(selection.reason);
  stage('page-type');
  const typeFeatures = pageTypeFeatures(tree, snapshot, selection.pageBlocks);
  const fromUrl = urlFeatures(snapshot.url);
  let decision = decidePageType(typeFeatures, p.select.pageType, {
    urlKnown: fromUrl !== null,
  });
  if (p.typeGiven !== undefined) decision = typeAsGiven(decision, p.typeGiven);
  // Comment threads are forum evidence to the decision, so an article followed by a long comment
  // section often comes back `forum`. The page's structure tells them apart: a forum thread's
  // opening post is built as its replies are; an article's body is not (comments.ts) — and an
  // article has a run of prose of its own outside the comments, as long as a short story's —
  // unless the decision is all but sure of the forum (its URL and host name a thread).
  const proseOutside = Math.expm1((typeFeatures[PAGE_TYPE_FEATURES.indexOf('proseOutsidePosts')] ?? 0) * 10);
  const mayFlip = decision.confidence < ARTICLE_FLIP_BELOW && ((decision.type === 'forum' && proseOutside >= ARTICLE_PROSE_OUTSIDE_COMMENTS) || (NAMED_COMMENTS_FLIP.types.includes(decision.type) && proseOutside >= NAMED_COMMENTS_FLIP.minProse));
  if (mayFlip) {
    const probe = findComments(tree, selection.bodyBlocks, { pageIsArticle: false, pageMayBeThread: true });
    const named = probe.namedComments * 2 >= probe.comments.length;
    const enough = (decision.type === 'forum' && proseOutside >= ARTICLE_PROSE_OUTSIDE_COMMENTS) || named;
    if (probe.comments.length >= 2 && !probe.thread && enough) {
      decision = {
        ...decision,
        type: 'article',
        // The type decided or article, as the decision said; the structure resolved which.
        confidence: decision.probabilities.article + decision.confidence,
        reason: `an article followed by ${probe.comments.length} comments (its body does not open as they do; typed ${decision.type} at ${Math.round(decision.confidence * 100)} %${decision.type === 'forum' ? ' by its comment threads' : ''})`,
      };
    }
  }
  explanation.pageType = decision;
  let pageType: PageTypeVerdict = { type: decision.type, confidence: round3(decision.confidence), reason: decision.reason };
  if (p.articlesOnly && decision.type !== 'article') {
    return noArticle(`not an article: ${decision.type} (${Math.round(decision.confidence * 100)} %): ${decision.reason}`, pageType);
  }
  // The profile of the page's type: a type whose main content is wider than an article's
  // (a thread's posts, a listing's items) chooses its body again at its own calibration.
  const profileParams = p.profiles ?? DEFAULT_PROFILE_PARAMS;
  let profile = chooseProfile(decision, profileParams);
  const articleSelection = selection;
  const ran = runProfile(tree, scored, selection, profile, p.select, profileParams);
  selection = ran.selection;
  if (ran.stages) explanation.profileStages = ran.stages;
  // An unclear type tries its own profile, kept when the article profile missed most of the page.
  let tentative = tentativeProfile(decision, profileParams);
  // …unless the decision holds `forum` at least half as likely as its unclear type and the page
  // is built as a thread (its body opens in a post built as the replies are): then the structure
  // decides, as it does on a page typed article (below). A XenForo-like thread without a URL is
  // all but a three-way tie of listing, article and forum (37, 26 and 24 %: the comment fixture
  // thread-with-header), and the listing profile read its posts as a list of cards. Not on a
  // news home page, whose story cards are built alike too (The Verge: listing 59 %, forum far
  // below; word F1 0.83 → 0.44 read as a thread).
  let threadOverUnclear = false;
  if (tentative && decision.probabilities.forum >= UNCLEAR_THREAD_FORUM_SHARE * decision.confidence && findComments(tree, articleSelection.bodyBlocks, { pageIsArticle: true }).thread) {
    profile = { ...profile, reason: `${profile.reason}; the ${tentative.profile} profile not tried: the page is built as a thread` };
    threadOverUnclear = true;
    tentative = null;
  }
  if (tentative) {
    const tried = runProfile(tree, scored, articleSelection, tentative, p.select, profileParams);
    const triedWords = countWords(tried.selection.blocks.join(' '));
    const articleWords = countWords(articleSelection.blocks.join(' '));
    if (keepsTentativeProfile(triedWords, articleWords, decision)) {
      profile = tentative;
      selection = tried.selection;
      if (tried.stages) explanation.profileStages = tried.stages;
    } else if (triedWords >= TENTATIVE_PROFILE.gain * articleWords) {
      // Said, so that --explain shows the road not taken.
      profile = { ...profile, reason: `${profile.reason}; the ${tentative.profile} profile, tried, read ${triedWords} words against ${articleWords}, but the page is all but as likely an article (${Math.round(100 * decision.probabilities.article)} % against ${Math.round(100 * decision.confidence)} %) and its article reading a story's length` };
    } else {
      profile = { ...profile, reason: `${profile.reason}; the ${tentative.profile} profile, tried, read ${triedWords} words against ${articleWords}, not ${TENTATIVE_PROFILE.gain} times as many` };
    }
  }
  explanation.profile = profile;
  stage('article');
  // Comments are their own field: blocks of the body that lie in a comment leave it (comments.ts).
  const found = findComments(tree, selection.bodyBlocks, {
    pageIsArticle: pageType.type === 'article' || threadOverUnclear,
    pageMayBeThread: pageType.type === 'forum',
    sureForum: pageType.type === 'forum' && decision.confidence >= FORUM_REPLIES_CONFIDENCE,
  });
  const typedForum = pageType.type === 'forum'; // by the decision, before the thread rule below
  if ((pageType.type === 'article' || threadOverUnclear) && found.thread) {
    // Typed article (or unclear), built as a thread: the body holds nothing but its posts (comments.ts).
    const reason = `a thread of ${found.comments.length} replies: ${found.threadReason ?? 'built as one'} (typed ${decision.type} at ${Math.round(decision.confidence * 100)} %)`;
    decision = { ...decision, type: 'forum', confidence: decision.probabilities.article + decision.probabilities.forum, reason };
    explanation.pageType = decision;
    pageType = { type: 'forum', confidence: round3(decision.confidence), reason };
    if (p.articlesOnly) return noArticle(`not an article: ${reason}`, pageType);
  }
  // And in a thread the decision typed forum, a block said twice (a reply quoting the post it
  // answers, the template's labels around each post) is kept once (repeats.ts): forum word F1
  // 0.709 → 0.739 on WCXB-dev. Not on other pages, where a repeat is as often the page's own (a
  // training plan's weeks, a webcam page's captions; for paragraphs of 8 words or more, word F1
  // 0.852 → 0.856 over all types but 105 pages worse, AEB's meal-prep post 1.00 → 0.76), nor on
  // a page only its structure made a thread (AEB's wday.ru, 0.94 → 0.89), nor only for repeats
  // in a `<blockquote>` (forum 0.716: quotes are often not set in one).
  //
  // And on a page the service profile reads, a paragraph of 8 words or more said again word for
  // word, outside a list or a table, is kept once: a carousel's cloned slides, a marquee's
  // copies, a flip card's back repeating its front (WCXB-dev service word F1 0.8470 → 0.8499,
  // 18 pages better, 8 worse — a staffing firm's FAQ that its truth holds twice —; 4-gram F1
  // 0.811 → 0.814). Inside a list or a table a repeat is the page's own: each pricing package
  // lists the features it shares with the others (with them too: 0.8489, 9 worse). Not on the
  // other profiles: on articles 42 pages better and 26 worse for nothing, on collections and
  // documentation as many worse as better.
  const marks = pathMarks(tree);
  const inListOrTable = (i: number): boolean => hasMark(marks[selection.bodyBlocks[i]?.ownerId ?? 0] ?? 0, MARK.list | MARK.table);
  const repeats = typedForum ? repeatedBlocks(selection.blocks) : profile.profile === 'service' ? repeatedBlocks(selection.blocks, REPEAT_PARAMS.serviceMinWords).filter((i) => !inListOrTable(i)) : [];
  // On every page, a second copy of a long run of the body (a responsive copy a missing style sheet
  // showed, a print version) leaves it: the body said once (repeats.ts, COPY_PARAMS) — on a shop's
  // product or category page a short one too (a carousel's cloned slides, a variant's copy).
  const copies = duplicateCopies(selection.blocks, SHOP_PROFILES.has(profile.profile) ? COPY_PARAMS.shopMinWords : COPY_PARAMS.minWords);
  if (copies.length > 0) {
    const words = countWords(copies.map((i) => selection.blocks[i] ?? '').join(' '));
    explanation.copies = { blocks: copies.length, words, reason: `${copies.length} blocks (${words} words) repeat an earlier run of the body block for block: a second copy of it` };
  }
  // An article's body stops where the comments begin, found by structure or not: blocks inside an
  // element that names comments leave it on a page typed article that the article profile read
  // (a page typed otherwise, or made a thread above, may hold its posts there).
  const commentBlocks = pageType.type === 'article' && profile.profile === 'article' ? commentMarkedBlocks(tree, selection) : [];
  // In a thread, each post's own comments (Stack Exchange's notes under a question and under each
  // answer) are not its posts: they leave the body unless comments are asked for, where they stay
  // under their post.
  const postComments = typedForum && p.includeComments !== true ? postCommentBlocks(tree, selection) : { blocks: [], lists: 0 };
  if (postComments.blocks.length > 0) {
    const words = countWords(postComments.blocks.map((i) => selection.blocks[i] ?? '').join(' '));
    explanation.postComments = { blocks: postComments.blocks.length, lists: postComments.lists, words, reason: `${postComments.lists} lists named comments inside posts, each after its post's own text (${words} words): the posts' comments, not the thread's posts` };
  }
  // And its byline and dateline lines above the first paragraph are metadata (the record's
  // `authors` and `publishedAt`), not body text.
  const metaLines = pageType.type === 'article' && profile.profile === 'article' ? leadingMetaLines(selection.blocks, selection.bodyBlocks, tree) : [];
  // And its closing links to other pages and the writer's address line are no part of the story.
  const trailing = pageType.type === 'article' && profile.profile === 'article' ? trailingFurniture(selection.blocks, selection.bodyBlocks) : [];
  // And a form set inside it (a newsletter sign-up between paragraphs) asks; it does not tell.
  const forms = pageType.type === 'article' && profile.profile === 'article' ? formBoxBlocks(tree, selection.bodyBlocks) : [];
  // And a "Read also: <link>" line between its paragraphs points away from the story.
  const readAlso = pageType.type === 'article' && profile.profile === 'article' ? readAlsoLines(selection.blocks, selection.bodyBlocks) : [];
  // And a thread's body does not open or close on the forum's own links (its breadcrumb, "Post
  // Reply · Thread Tools", "« Previous Thread | Next Thread »").
  const edges = typedForum && found.thread ? threadEdgeLinks(selection.bodyBlocks) : [];
  // A bracketed link alone on its line is a control of the page, not its text: MediaWiki's
  // "[edit]" beside every section heading, "[show]", "[top]".
  const controls = bracketedControls(selection.blocks, selection.bodyBlocks);
  // And a table of contents' label ("Table of Contents", "On this page") is no part of the text its list left (toc.ts).
  const tocs = tocLabels(tree, selection.blocks, selection.bodyBlocks);
  // And on every page, a line said again right after itself (outside a table, whose cells repeat
  // as data: "Yes  Yes  Yes") is said once: a product card's title in its visible heading, its
  // hidden label and its quick view (repeats.ts, `adjacentRepeats`).
  const adjacent = adjacentRepeats(selection.blocks, (i) => hasMark(marks[selection.bodyBlocks[i]?.ownerId ?? 0] ?? 0, MARK.table));
  // And a run of teasers the body took above the story's own headline (a news ticker a missing
  // style sheet left in the column) is no part of the story (teasers.ts).
  const teasers = pageType.type === 'article' && profile.profile === 'article' ? teasersAboveHeadline(tree.snapshot, selection.blocks, selection.bodyBlocks, selection.bodyStyle.fontSizePx) : [];
  const dropped = new Set([...teasers, ...found.bodyBlocksInComments, ...found.postFurniture, ...edges, ...controls, ...tocs, ...repeats, ...copies, ...adjacent, ...commentBlocks, ...postComments.blocks, ...metaLines, ...trailing, ...forms, ...readAlso]);
  // And, of what is left, a side column a missing style sheet laid out under the story (SIDE_COLUMN).
  if (pageType.type === 'article' && profile.profile === 'article') for (const i of sideColumnBlocks(tree, selection.blocks, selection.bodyBlocks, dropped)) dropped.add(i);
  // Never all of it: a body left without blocks would have no place on the page (a thread whose
  // every body block was its posts' furniture, an article read whole as comments).
  const body = dropped.size === 0 || dropped.size >= selection.blocks.length ? selection : { ...selection, bodyBlocks: selection.bodyBlocks.filter((_, i) => !dropped.has(i)), blocks: selection.blocks.filter((_, i) => !dropped.has(i)) };
  // A thread the decision itself typed forum: its replies are its content (WCXB's truth of a
  // forum page holds every post), so those the body did not take follow it, as `--comments`
  // adds them. A page typed article that only its structure made a thread keeps what it took:
  // a blog's "open thread" (AEB's GiveWell page) is its own short post, and a page footer read as
  // a reply would be added too (AEB's wday.ru pages; forum word F1 0.678 → 0.693, AEB 0.982 kept,
  // where adding them on those pages too gave AEB 0.979). Where the body opens before the posts
  // (the forum's banner) no thread is told from structure; a decision sure of the type is enough.
  // And a page typed article, but not surely (THREAD_REPLIES_ARTICLE_BELOW), whose body is nothing
  // but a thread's opening post is a thread: its replies follow it too. And a page typed forum
  // whose own address names a thread (`/threads/`, `?topic=`, `/t/`: URL_WORDS.forum) has its
  // replies as content however unsure the decision: the site says what the page is.
  const repliesAreContent = repliesAreThreadContent(typedForum, found, decision, fromUrl?.urlForum === 1);
  // A body the profiles' own model read may start above the headline: the title is placed against the article model's reading.
  // A product page's customer reviews left the body; their reviewers are not its authors either.
  const otherVoices = profile.stages.includes('reviews') ? namedRanges(tree, 'reviews') : [];
  const { article, titleChoice } = buildArticle(tree, scored, body, pageType, { found, include: p.includeComments === true || repliesAreContent, heading: repliesAreContent ? 'Replies' : 'Comments', otherVoices }, profile.ownModel ? articleSelection : body);
  explanation.title = titleChoice;
  // A product page whose body is short: its JSON-LD description follows the body (profiles/product.ts).
  if (profile.stages.includes('product')) {
    const facts = productFacts(snapshot.meta.jsonLd);
    const bodyWords = countWords(body.blocks.join(' '));
    const description = productFallback(facts, article.text, bodyWords);
    if (description !== null) {
      article.text = `${article.text}\n\n${description}`;
      article.html = `${article.html}\n<p>${escapeHtml(description)}</p>`;
      article.markdown = toMarkdown(article.html);
      article.wordCount = countWords(article.text);
    }
    const why = !facts ? 'no JSON-LD Product node with a description' : description !== null ? `the body has ${bodyWords} words: the JSON-LD Product description follows it` : `the body has ${bodyWords} words, or says the JSON-LD description already, or it is too short`;
    (explanation.profileStages ??= []).push({ stage: 'product', applied: description !== null, reason: why });
  }
  explanation.timingsMs.article = clock();
  return { kind: 'article', article, explanation };
}

/** The profiles of a shop's pages, whose short copies of a run of the body leave it (COPY_PARAMS.shopMinWords). */
const SHOP_PROFILES: ReadonlySet<string> = new Set(['product', 'collection']);

type ArticleSelection = Extract<ReturnType<typeof selectBody>, { kind: 'article' }>;

/**
 * A profile's body: the block model's selection again — with the profiles' own model where one
 * is fitted (ProfileParams.model), at its calibration plus the profile's shift — then the
 * profile's own stages, each adding what the block model misses on pages of its type
 * (extract/profiles/). The product stage runs later, on the record's text.
 */
function runProfile(
  tree: LayoutTree,
  scored: Parameters<typeof selectBody>[1],
  base: ArticleSelection,
  profile: ProfileChoice,
  select: SelectParams,
  profileParams: ProfileParams,
): { selection: ArticleSelection; stages?: NonNullable<Explanation['profileStages']> } {
  let selection = base;
  const own = profile.ownModel === true && profileParams.model !== undefined ? profileParams.model : undefined;
  if (own || profile.shift !== 0) {
    const model = own ?? select.blockModel;
    const blockModel = { ...model, calibration: model.calibration + profile.shift };
    const again = selectBody(tree, scored, { ...select, blockModel });
    if (again.kind === 'article') selection = leaveFurnitureOut(tree, scored, again);
  }
  selection = leaveUnseenOut(tree, scored, selection);
  const stages: NonNullable<Explanation['profileStages']> = [];
  for (const stage of ['reviews', 'recommendations'] as const) {
    if (!profile.stages.includes(stage)) continue;
    const before = selection.bodyBlocks.length;
    selection = leaveBesideProductOut(tree, scored, selection, stage);
    const left = before - selection.bodyBlocks.length;
    stages.push({ stage, applied: left > 0, reason: left > 0 ? `${left} blocks of the ${stage === 'reviews' ? "customers' reviews" : "shop's recommendations"} left out` : `no block of the body lies in a section named for ${stage}` });
  }
  if (!profile.stages.includes('cards')) return profile.profile === 'article' ? { selection } : { selection: leaveControlsOut(tree, scored, selection), ...(stages.length > 0 ? { stages } : {}) };
  const from = selection;
  const cards = findCards(tree, from.pageBlocks);
  const added = cards ? cards.blockIndexes.filter((i) => !from.blockDecisions[i]?.included) : [];
  if (cards && added.length > 0) selection = withAddedBlocks(tree, scored, from, new Map(added.map((i) => [i, `a card of the main list (${cards.reason})`])));
  stages.push({ stage: 'cards', applied: added.length > 0, reason: cards ? `${cards.reason}; ${added.length} blocks added` : 'no list of cards holds enough of the page' });
  return { selection: leaveControlsOut(tree, scored, selection), stages };
}

/**
 * A body takes what the site's style sheet hid, which a saved page lays out as text: menu trees
 * (drop-downs, drawers, site maps, a nested table of contents) and screen-reader text
 * (profiles/unseen.ts). Their blocks leave the body of every profile, before the cards stage
 * adds a listing's items (a card's screen-reader line, "Rated 4.5 out of 5 stars", stays with
 * its card: WCXB's truth keeps it on some shops; run after the cards stage instead, WCXB-dev word
 * F1 came to 0.8857 rather than 0.8859, a shop's category pages losing up to 0.077). Never the
 * whole body. The article profile too since 2026-12-01: out of fold (an unclear shop's category
 * page reads with it, and took its facets' screen-reader labels) and on articles whose body
 * holds a nested table of contents, which WCXB's truth leaves out (figures in docs/extract.md).
 */
function leaveUnseenOut(tree: LayoutTree, scored: Parameters<typeof selectBody>[1], selection: ArticleSelection): ArticleSelection {
  const menus = insideMenuTrees(tree);
  const screenReader = insideScreenReaderText(tree);
  const removed = new Map<number, string>();
  for (const d of selection.blockDecisions) {
    if (!d.included) continue;
    if (menus[d.block.ownerId]) removed.set(d.index, 'in a nested list of links: a menu or a site map');
    else if (d.block.ids.every((id) => screenReader[id])) removed.set(d.index, 'text for screen readers only (its class says so)');
  }
  return removed.size === 0 || removed.size >= selection.bodyBlocks.length ? selection : withoutBlocks(tree, scored, selection, removed);
}

/**
 * What a product page shows beside the product leaves its body (profiles/reviews.ts): the
 * customers' reviews (their summary, stars and texts: other people's words about it) and the
 * shop's recommendations (carousels of other products, upsells). Never the whole body.
 * WCXB-dev (the figures and the command are in docs/extract.md): product word F1 0.667 → 0.675
 * with the reviews (26 pages better, 7 worse: six of them one game shop's, whose truth keeps its
 * review summary), → 0.681 with the recommendations (11 better, 1 worse); a collection's reviews:
 * collection 0.7250 → 0.7271 (4 better, 2 worse by 0.003 at most).
 */
function leaveBesideProductOut(tree: LayoutTree, scored: Parameters<typeof selectBody>[1], selection: ArticleSelection, kind: BesideProduct): ArticleSelection {
  const inside = insideNamed(tree, kind);
  const why = kind === 'reviews' ? "in the customers' reviews (its markup names them so)" : "in the shop's recommendations of other products (its markup names them so)";
  const removed = new Map<number, string>();
  for (const d of selection.blockDecisions) {
    if (d.included && inside[d.block.ownerId]) removed.set(d.index, why);
  }
  return removed.size === 0 || removed.size >= selection.bodyBlocks.length ? selection : withoutBlocks(tree, scored, selection, removed);
}

/**
 * What a profile reads wider than an article's takes the page's controls with it: a card's "Add
 * to cart", "Quick view" and variant pickers, a listing's filter labels, "Sign in for free
 * shipping" — text that sits wholly inside a `<button>`, `<select>`, `<label>` or `<textarea>`
 * (MARK.control, markup-marks.ts). Such blocks leave the body of every profile but the article's,
 * whose own calibration already weighs a control (the block feature `inControl`). A heading
 * inside a control stays: an accordion's question ("How much does it cost…?") is set as an `<h5>`
 * in the button that opens its answer, and is the page's content.
 *
 * A block that holds a control among its text — a card's name, price and "Add to cart" in one
 * inline run — keeps its text without the control's (and its HTML skips it: `skippedIds`).
 *
 * WCXB-dev word F1, whole blocks: 0.8706 → 0.8716 (cards and profile bodies together; 91 pages
 * changed, 72 for the better: collection 0.669 → 0.677, listing 0.718 → 0.721; the worst −0.12, a
 * shop whose truth keeps its filter's values); then the controls inside mixed blocks: 0.8716 →
 * 0.8734 (126 pages changed, 112 for the better, the worst −0.055: collection 0.677 → 0.693,
 * listing 0.721 → 0.725, product 0.651 → 0.653, service 0.825 → 0.826). AEB and the samples
 * unchanged (their articles run the article profile). Measured and not taken: leaving out only
 * whole controls of at most 3 or 5 words (the gain halves or less), and whole controls on the
 * article profile too (13 pages more, nothing gained summed).
 *
 * Screen-reader text (profiles/unseen.ts) inside a mixed block leaves it the same way, after the
 * cards stage (whole screen-reader blocks left before it): a shop's card price "Regular price Sale
 * price $19.99 Unit price / per" keeps "$19.99". WCXB-dev word F1 0.8875 → 0.8883 (47 pages
 * better, 10 worse: collection 0.7271 → 0.7357, product 0.6807 → 0.6820, listing +0.0006; the
 * worst −0.108, a robot vacuum's page whose truth keeps its spec table's hidden labels).
 * Measured and not taken: an element with `role="button"` counted as a control (0.8883 →
 * 0.8882: a news section's cards are such "buttons", −0.31 on one).
 */
function leaveControlsOut(tree: LayoutTree, scored: Parameters<typeof selectBody>[1], selection: ArticleSelection): ArticleSelection {
  const marks = pathMarks(tree);
  const inControl = (id: number): boolean => hasMark(marks[id] ?? 0, MARK.control);
  const removed = new Map<number, string>();
  for (const d of selection.blockDecisions) {
    if (!d.included || !d.block.ids.every(inControl) || hasMark(marks[d.block.ownerId] ?? 0, MARK.heading)) continue;
    removed.set(d.index, 'inside a control (a button, a select, a label): the page\'s machinery, not its content');
  }
  const kept = removed.size === 0 ? selection : withoutBlocks(tree, scored, selection, removed);
  // A block that holds a control among its text (a card's name and price and its "Add to cart"
  // button in one inline run) keeps its text without the control's; the HTML skips it too. So
  // with screen-reader text inside such a block: a shop's price line "Regular price Sale price
  // $19.99 Unit price / per" is "$19.99" to a sighted reader (its labels are `visually-hidden`).
  const isHeading = (id: number): boolean => hasMark(marks[id] ?? 0, MARK.heading);
  const screenReader = insideScreenReaderText(tree);
  // So with a list's call-to-action links ("Quick view", "Read full article"), each to an item another link names (profiles/echo-links.ts).
  const echoes = echoLinkIds(tree, kept.bodyBlocks);
  const skipped = new Set(kept.skippedIds);
  const blocks = [...kept.blocks];
  let changed = false;
  kept.bodyBlocks.forEach((block, k) => {
    const roots: number[] = [];
    for (const top of block.ids) {
      const end = tree.subtreeEnd[top] ?? top + 1;
      for (let id = top; id < end; id++) {
        const node = tree.nodes[id]!;
        const hit = (x: number): boolean => inControl(x) || screenReader[x] === 1 || echoes.has(x);
        if (node.kind !== 'element' || !hit(id) || (node.parent >= 0 && hit(node.parent))) continue;
        let heading = false;
        for (let d = id; d < (tree.subtreeEnd[id] ?? id + 1) && !heading; d++) heading = isHeading(d);
        if (!heading) roots.push(id);
      }
    }
    if (roots.length === 0) return;
    for (const r of roots) skipped.add(r);
    const rootSet = new Set(roots);
    blocks[k] = textBlocks(tree, block.ids, { skip: (id) => rootSet.has(id) }).join('\n').trim();
    changed = true;
  });
  if (!changed) return kept;
  const keep = blocks.map((t) => t !== '');
  return { ...kept, blocks: blocks.filter((_, i) => keep[i]), bodyBlocks: kept.bodyBlocks.filter((_, i) => keep[i]), skippedIds: [...skipped] };
}

/**
 * Where a profile reads more of the page than an article's (its calibration shifted up), the
 * block model takes blocks it was unsure of; those inside the page's footer, navigation or an
 * aside (the element, or its landmark role; markup-marks.ts) are the site's, not the page's:
 * footer link lists, "Trending stories", a sidebar. On WCXB-dev, word F1 0.8620 → 0.8650 (225
 * pages changed, 202 for the better: collection +1.22 summed, forum +1.09, documentation +0.70,
 * listing +0.67, service +0.40, article +0.29, product +0.27; the worst −0.12, a Reddit thread
 * whose posts sit in an aside); AEB and the samples unchanged. Measured and not taken: the header
 * too (a category page whose title and intro sit in its header lost 0.52); the same on the
 * article profile (45 more pages, +0.18 summed, 9 worse by up to 0.06).
 */
const PROFILE_FURNITURE = MARK.footer | MARK.nav | MARK.aside | MARK.furnitureRole;

function leaveFurnitureOut(tree: LayoutTree, scored: Parameters<typeof selectBody>[1], selection: ArticleSelection): ArticleSelection {
  const marks = pathMarks(tree);
  const removed = new Map<number, string>();
  for (const d of selection.blockDecisions) {
    if (d.included && hasMark(marks[d.block.ownerId] ?? 0, PROFILE_FURNITURE)) removed.set(d.index, 'in the page\'s footer, navigation or an aside');
  }
  return removed.size === 0 ? selection : withoutBlocks(tree, scored, selection, removed);
}

/**
 * An article's body stops where its readers' comments begin: blocks inside an element whose
 * class or id names comments (`comments`, `disqus`, `respond`, … — markup-marks.ts) leave the
 * article profile's body, when what stays holds at least this many words (a page whose wrapper
 * says "comment" for another reason keeps its body). Those the comments stage finds by their
 * structure are in `comments` and follow the body with `--comments`.
 */
const ARTICLE_WITHOUT_COMMENTS_MIN_WORDS = 100;

/**
 * The body's first blocks, before its first paragraph, that are only a byline ("By Jane Smith,
 * Transport Correspondent"), only a date ("7 May 2024", "Updated 14:10, 3 March 2025") or only
 * links (`minLinkShare`): lines of at most `maxWords` words, read with the metadata stage's own
 * byline and date readers.
 */
export const LEADING_META = {
  /** A longer block is a paragraph: the search stops there. */
  maxWords: 12,
  /** A date line with more words than this says something else too. */
  maxDateWords: 8,
  /**
   * A short line this much link text or more is the site's navigation, not the story's: an old
   * blog's "« Previous post | Main | Next post »" above the post (Movable Type), a breadcrumb or a
   * section link the body selection took with the headline. WCXB-dev word F1 +0.176 summed (27
   * pages, 23 better, 4 worse by at most 0.003), AEB and the samples unchanged.
   */
  minLinkShare: 0.9,
  /**
   * A block that is a byline and a date together may run to this many words. With it, and reading
   * on past a subtitle set as a heading (`SUBTITLE_TAGS`): AEB word F1 0.98528 → 0.98548 (one page
   * better by 0.036), WCXB-dev one page worse by 0.007 (mean 0.88556 → 0.88555).
   */
  maxBylineDateWords: 24,
} as const;
const SUBTITLE_TAGS = new Set(['h2', 'h3', 'h4', 'h5', 'h6']);

function leadingMetaLines(blocks: readonly string[], leaves: readonly LeafBlock[] = [], tree?: LayoutTree): number[] {
  const out: number[] = [];
  for (const [i, text] of blocks.entries()) {
    const words = countWords(text);
    if (words > LEADING_META.maxWords) {
      // A subtitle set as a heading opens the body and the byline follows it: read on past it
      // (it stays: a standfirst is body text to WCXB-dev's truth).
      const owner = tree?.nodes[leaves[i]?.ownerId ?? -1];
      if (i === 0 && owner?.kind === 'element' && SUBTITLE_TAGS.has(owner.tag)) continue;
      // A byline with its date on one block ("Por Carla Menezes, Folha da Serra — Vila Serena ·
      // 20/11/2024 09h12 · Atualizado há 2 horas") is longer than a byline alone.
      const by = namesInByline(text);
      if (words <= LEADING_META.maxBylineDateWords && by.introduced && by.names.length > 0 && dateInText(text) !== null) {
        out.push(i);
        continue;
      }
      break;
    }
    const byline = namesInByline(text);
    const leaf = leaves[i];
    const links = leaf !== undefined && leaf.textLength > 0 && leaf.linkTextLength >= LEADING_META.minLinkShare * leaf.textLength;
    if (links || (byline.introduced && byline.names.length > 0) || (words <= LEADING_META.maxDateWords && dateInText(text) !== null)) out.push(i);
  }
  // Never the whole body.
  return out.length < blocks.length ? out : [];
}

/**
 * The body's last blocks that close a story rather than tell it: a box of links to other pages
 * ("Noticias relacionadas", "See also", 関連記事: at least `LEADING_META.minLinkShare` of it link
 * text, whatever its length) with the short heading over it, a short line with the writer's
 * e-mail address ("김민준 기자 minjun.kim@…", "Jane Smith, jane@…"), and the writer's name alone on
 * a line (Vietnamese papers sign "Hoàng Phương" under the story; a letter's signature): two to
 * four capitalised words, as `looksLikePersonName` reads them (WCXB-dev 9 pages better, 4 worse
 * by at most 0.003; AEB one better, one worse by less than 0.001). Links that read as addresses
 * ("https://github.com/…") are the story's sources and stay. On pages the article profile read.
 * AEB word F1 0.9843 → 0.9850 (two pages better, none worse: a related-links list a 2018 page
 * keeps in the story's cell, +0.12); WCXB-dev, whose truth keeps an article's "See also" lists,
 * 0.8856 → 0.8856 (6 pages better, 8 worse, the worst by −0.013).
 */
export const TRAILING_FURNITURE = {
  /** A heading over the trailing links has at most this many words and no sentence end. */
  maxHeadingWords: 4,
} as const;

/**
 * A heading over a box of other stories, left as the body's last line ("Related Posts:", "You
 * may also like...", "Você pode gostar...": the box itself was no part of the body, or went as
 * trailing links): it heads nothing of the story. Only at the very end, after any trailing
 * furniture: inside the body such a heading often heads the story's own further reading, which
 * WCXB-dev's truth keeps ("Related Content:" halfway down a page, 48 lines after it kept).
 */
const DANGLING_HEADINGS: ReadonlySet<string> = new Set([
  'related', 'related articles', 'related posts', 'related stories', 'related news', 'related content', 'related reading',
  'recommended', 'recommended reading', 'recommended for you', 'read next', 'up next', 'more stories', 'more articles',
  'you may also like', 'you might also like', 'you may like', 'you might like', 'you may be interested in',
  'você pode gostar', 'você também pode gostar', 'te puede interesar', 'también te puede interesar', 'vous aimerez aussi',
  'à lire aussi', 'das könnte sie auch interessieren', 'weitere artikel', 'читайте также', 'похожие статьи',
  'вам может понравиться', '相关文章', '相关阅读', '推荐阅读', '猜你喜欢', '関連記事', 'おすすめ記事', '관련기사',
]);

function isDanglingHeading(text: string): boolean {
  if (text.length > 60) return false;
  let label = text.trim().toLowerCase().normalize('NFKC');
  while (label.endsWith('.') || label.endsWith('…') || label.endsWith(':')) label = label.slice(0, -1).trimEnd();
  return DANGLING_HEADINGS.has(label);
}

/** "name@host.tld": one "@", a dot in the host, a top-level label of two letters or more. Linear. */
function isEmailAddress(word: string): boolean {
  const at = word.indexOf('@');
  if (at <= 0 || at !== word.lastIndexOf('@')) return false;
  // Trailing punctuation off by a loop (a `[.,;:)]+$` pattern rescans runs of marks).
  let end = word.length;
  while (end > at + 1 && '.,;:)'.includes(word[end - 1]!)) end--;
  const host = word.slice(at + 1, end);
  const dot = host.lastIndexOf('.');
  const tld = host.slice(dot + 1);
  return dot > 0 && tld.length >= 2 && /^\p{L}+$/u.test(tld);
}

/**
 * A form inside the body: a block in a small box (at most `maxChars` of text, up to `maxLevels`
 * elements above the block's own) that also holds a field to type in — a newsletter sign-up, a
 * search box, a poll with a write-in field. Its text asks the reader for something; it does not
 * tell the story. Fields narrower than `minFieldPx` are check boxes and radio buttons (a wedding
 * checklist's items are content: WCXB-dev's somerhaus page lost 0.55 with them). On pages the
 * article profile read. WCXB-dev word F1 0.88554 → 0.88562 (15 pages better, 5 worse, the worst
 * by −0.039: a cost page's ZIP-code box and its prompt, which its truth keeps), AEB 0.9850 →
 * 0.9851 (two pages better, none worse); the same signs at 250 or 600 characters and 2 levels.
 */
const FORM_BOX = { maxChars: 400, maxLevels: 3, maxNodes: 300, minFieldPx: 100 } as const;
const TEXT_ENTRY_TAGS = new Set(['input', 'textarea', 'select']);
function formBoxBlocks(tree: LayoutTree, leaves: readonly LeafBlock[]): number[] {
  const out: number[] = [];
  leaves.forEach((leaf, i) => {
    let at = leaf.ownerId;
    for (let level = 0; level <= FORM_BOX.maxLevels && at >= 0; level++, at = tree.nodes[at]?.parent ?? -1) {
      if ((tree.stats[at]?.textLength ?? 0) > FORM_BOX.maxChars) break;
      // A small box has few nodes: a hostile page's thousands of empty elements are not walked per block.
      const end = Math.min(tree.subtreeEnd[at] ?? at + 1, at + 1 + FORM_BOX.maxNodes);
      let found = false;
      for (let j = at + 1; j < end && !found; j++) {
        const n = tree.nodes[j];
        found = n?.kind === 'element' && TEXT_ENTRY_TAGS.has(n.tag) && !tree.hidden[j] && n.box.width >= FORM_BOX.minFieldPx;
      }
      if (found) {
        out.push(i);
        break;
      }
    }
  });
  return out.length < leaves.length ? out : [];
}

/**
 * What papers print before a link to another story set between a story's paragraphs, lower case,
 * letters and spaces only: "Read also: …", "Lire aussi | …", Indonesian "Baca juga: …". A line
 * that opens with one of these and is mostly its link leaves the body (`readAlsoLines`). Only
 * these words: a label of any words before a link ("Source: …", "Step 2: …") is as often the
 * story's own (tried on WCXB-dev: 31 pages better, 59 worse). With these labels AEB word F1
 * 0.98515 → 0.98528 (two pages better, none worse); WCXB-dev 0.88556 both ways (9 pages better, 12
 * worse by at most 0.014: its truth keeps a blog's "Read more:" lines on some sites, not on others).
 */
const READ_ALSO_LABELS = new Set([
  'read also', 'read more', 'also read', 'see also', 'related', 'related story', 'related article', 'more', 'more on this',
  'lire aussi', 'à lire aussi', 'voir aussi', 'lesen sie auch', 'auch interessant', 'mehr zum thema', 'leia também', 'leia mais',
  'veja também', 'lee también', 'leer más', 'ver también', 'te puede interesar', 'leggi anche', 'leggi', 'lees ook', 'lees meer',
  'czytaj też', 'czytaj także', 'czytaj więcej', 'читайте также', 'читайте еще', 'по теме', 'читайте також', 'baca juga', 'baca',
  'xem thêm', 'ayrıca okuyun', 'ilginizi çekebilir', 'läs också', 'läs mer', 'les også', 'læs også', 'lue myös',
  'اقرأ أيضا', 'اقرأ أيضاً', 'اقرأ ايضا', 'اقرأ المزيد', 'यह भी पढ़ें', 'ये भी पढ़ें', 'और पढ़ें', 'อ่านเพิ่มเติม', 'อ่านข่าว',
  '相关阅读', '延伸阅读', '相关新闻', '推荐阅读', '관련기사', '관련 기사', '関連記事', 'あわせて読みたい',
]);
/** The label and its mark take at most this many characters; the rest of the line is at least this share link text. */
const READ_ALSO = { maxLabelChars: 30, minLinkShare: 0.6, maxWords: 40 } as const;
const READ_ALSO_MARKS = new Set([':', '|', '：', '»', '›', '>', '-', '–', '—', '▶', '►']);

function readAlsoLines(blocks: readonly string[], leaves: readonly LeafBlock[]): number[] {
  const out: number[] = [];
  blocks.forEach((raw, i) => {
    const leaf = leaves[i];
    const text = raw.trim();
    if (leaf === undefined || leaf.textLength === 0 || countWords(text) > READ_ALSO.maxWords) return;
    if (leaf.linkTextLength < READ_ALSO.minLinkShare * leaf.textLength) return;
    for (let k = 1; k <= Math.min(text.length - 1, READ_ALSO.maxLabelChars); k++) {
      if (!READ_ALSO_MARKS.has(text[k]!)) continue;
      const label = text.slice(0, k).trim().toLowerCase().normalize('NFKC');
      if (READ_ALSO_LABELS.has(label)) out.push(i);
      return;
    }
  });
  return out.length < blocks.length ? out : [];
}

function trailingFurniture(blocks: readonly string[], leaves: readonly LeafBlock[]): number[] {
  const isLinks = (k: number): boolean => {
    const leaf = leaves[k];
    return leaf !== undefined && leaf.textLength > 0 && leaf.linkTextLength >= LEADING_META.minLinkShare * leaf.textLength && !/https?:\/\/|www\./u.test(blocks[k]!);
  };
  const out: number[] = [];
  for (let i = blocks.length - 1; i >= 0; i--) {
    const text = blocks[i]!.trim();
    const short = countWords(text) <= LEADING_META.maxWords;
    const email = short && text.split(/\s+/u).some(isEmailAddress);
    const heading = out.length > 0 && isLinks(out[out.length - 1]!) && countWords(text) <= TRAILING_FURNITURE.maxHeadingWords && !/[.!?。]$/u.test(text);
    const signed = looksLikePersonName(text);
    const dangling = isDanglingHeading(text);
    if (!isLinks(i) && !email && !heading && !signed && !dangling) break;
    out.push(i);
  }
  // Never the whole body.
  return out.length < blocks.length ? out : [];
}

/**
 * A side column that a missing style sheet laid out under the story: blocks inside an element
 * whose class or id names a sidebar or a widget (WordPress's `widget`, a theme's
 * `main-content-right > .widget-4`, Snopes's author and support boxes), which the article profile
 * took after the story's last paragraph or outside the branch of the page that holds the story.
 * Rendered without its styles, a page's two columns stack, both in the body's font, and the
 * block model read the column's "E-paper Latest Edition", "ADVERTISEMENT – Ponderosa Homes" and a
 * book's blurb as the story going on. A widget set between the story's own paragraphs inside its
 * branch (an embedded tweet, `sdc-article-widget`) stays, and so does a class that only says a
 * layout has or lacks a sidebar (`sidebar-enabled--false`: a modifier, not a column).
 * On pages the article profile read; never more than `maxShare` of the body's words. AEB word F1
 * 0.9857 → 0.9864 (a fact check's boxes of its staff's names and its appeal for support, +0.14),
 * AEB without style sheets 0.9825 → 0.9838 (+0.10 on an Indian paper's page), WCXB-dev 4 articles
 * better (+0.023 summed), none worse; the samples unchanged.
 */
export const SIDE_COLUMN = {
  /** Words of a class or id (split at `-`, `_` and camelCase) that name a side column. */
  words: ['sidebar', 'widget'],
  /** The story's branch: the deepest element holding at least this share of the other blocks' words. */
  mainShare: 0.8,
  /** The column's blocks leave only when they hold at most this share of the body's words. */
  maxShare: 0.3,
  /**
   * A class token whose last word ends so states a layout's option or a position, not a column —
   * unless it is a side word and a position alone ("sidebar-left", "widget-right").
   */
  modifierEndings: ['enabled', 'disabled', 'true', 'false', 'open', 'closed', 'none', 'left', 'right'],
} as const;
const SIDE_WORDS: ReadonlySet<string> = new Set(SIDE_COLUMN.words);

/**
 * A class or id that names a side column or a widget: a whole name ("sidebar", "left-sidebar",
 * "StickySidebar", "sidebar-right"), not a modifier ("sidebar-enabled--false") nor a layout's
 * description of its parts ("header-top-sidebar-left-content-center-sidebar-right").
 */
function namesSideColumn(names: string): boolean {
  for (const token of names.split(/\s+/u)) {
    if (token === '' || token.includes('--')) continue;
    const words = token.replace(/([a-z])([A-Z])/gu, '$1 $2').toLowerCase().split(/[-_\s]+/u).filter((w) => w !== '');
    const last = words.length - 1;
    if (last < 0) continue;
    if (SIDE_COLUMN.modifierEndings.some((end) => words[last]!.endsWith(end)) && !(last === 1 && SIDE_WORDS.has(words[0]!))) continue;
    if (words.some((w) => SIDE_WORDS.has(w))) return true;
  }
  return false;
}

/** The body's blocks in a side column (see SIDE_COLUMN); `gone`: blocks other rules took out already. */
function sideColumnBlocks(tree: LayoutTree, blocks: readonly string[], leaves: readonly LeafBlock[], gone: ReadonlySet<number>): number[] {
  const nodes = tree.nodes;
  const side = new Uint8Array(nodes.length);
  const depth = new Uint16Array(nodes.length);
  for (let id = 0; id < nodes.length; id++) {
    const n = nodes[id]!;
    if (n.parent >= 0) depth[id] = Math.min(65535, depth[n.parent]! + 1);
    if (n.parent >= 0 && side[n.parent]) side[id] = 1;
    else if (n.kind === 'element' && (n.attrs.class || n.attrs.id) && namesSideColumn(`${n.attrs.class ?? ''} ${n.attrs.id ?? ''}`)) side[id] = 1;
  }
  const words = blocks.map((b) => countWords(b));
  const inSide = (i: number): boolean => side[leaves[i]?.ownerId ?? 0] === 1;
  // The story's branch, from the words of the blocks outside any side column.
  const held = new Map<number, number>();
  let mainWords = 0;
  let lastMain = -1;
  leaves.forEach((leaf, i) => {
    if (gone.has(i) || inSide(i)) return;
    mainWords += words[i]!;
    lastMain = i;
    for (let x = leaf.ownerId; x >= 0; x = nodes[x]!.parent) held.set(x, (held.get(x) ?? 0) + words[i]!);
  });
  let branch = -1;
  for (const [x, w] of held) if (w >= SIDE_COLUMN.mainShare * mainWords && (branch < 0 || depth[x]! > depth[branch]!)) branch = x;
  if (branch < 0) return [];
  const end = tree.subtreeEnd[branch] ?? branch + 1;
  const out: number[] = [];
  let sideWords = 0;
  let all = 0;
  leaves.forEach((leaf, i) => {
    if (gone.has(i)) return;
    all += words[i]!;
    const outsideBranch = leaf.ownerId < branch || leaf.ownerId >= end;
    if (inSide(i) && (outsideBranch || i > lastMain)) {
      out.push(i);
      sideWords += words[i]!;
    }
  });
  return out.length > 0 && sideWords <= SIDE_COLUMN.maxShare * all ? out : [];
}

/** "[edit]", "[ edit source ]", "[show]": a short text in square brackets, alone (at most this many characters inside). */
const BRACKETED_MAX_CHARS = 24;
function isBracketed(text: string): boolean {
  if (!text.startsWith('[') || !text.endsWith(']')) return false;
  const inner = text.slice(1, -1).trim();
  return inner.length > 0 && inner.length <= BRACKETED_MAX_CHARS && !inner.includes('[') && !inner.includes(']');
}

function bracketedControls(blocks: readonly string[], leaves: readonly LeafBlock[]): number[] {
  const out: number[] = [];
  blocks.forEach((text, i) => {
    const leaf = leaves[i];
    const trimmed = text.trim();
    // All of it link text but the brackets (and the spaces inside them).
    if (leaf !== undefined && isBracketed(trimmed) && leaf.linkTextLength > 0 && leaf.linkTextLength >= trimmed.replace(/[[\]\s]/gu, '').length) out.push(i);
  });
  return out.length < blocks.length ? out : [];
}

/**
 * The links around a thread: the short blocks that are all but all link text (THREAD_EDGE) at
 * the start of a thread's body and at its end, up to the first that is not. WCXB-dev forum word
 * F1 0.7772 → 0.778 (36 pages changed, the worst by −0.004).
 */
const THREAD_EDGE = { maxChars: 120, minLinkShare: 0.9 } as const;

function threadEdgeLinks(leaves: readonly LeafBlock[]): number[] {
  const isLinks = (i: number): boolean => {
    const leaf = leaves[i]!;
    return leaf.textLength > 0 && leaf.textLength <= THREAD_EDGE.maxChars && leaf.linkTextLength >= THREAD_EDGE.minLinkShare * leaf.textLength;
  };
  const out: number[] = [];
  for (let i = 0; i < leaves.length && isLinks(i); i++) out.push(i);
  for (let i = leaves.length - 1; i > (out[out.length - 1] ?? -1) && isLinks(i); i--) out.push(i);
  // Never the whole body.
  return out.length < leaves.length ? out : [];
}

function commentMarkedBlocks(tree: LayoutTree, selection: ArticleSelection): number[] {
  const marks = pathMarks(tree);
  const marked: number[] = [];
  let kept = 0;
  selection.bodyBlocks.forEach((block, i) => {
    if (hasMark(marks[block.ownerId] ?? 0, MARK.comment)) marked.push(i);
    else kept += countWords(selection.blocks[i] ?? '');
  });
  return kept >= ARTICLE_WITHOUT_COMMENTS_MIN_WORDS ? marked : [];
}

/**
 * The comment lists of a thread's posts: the body's blocks inside an element the markup names
 * comments (MARK.comment: `comment`, `comments`, `reply`…) that sits inside a post, after the
 * post's own prose — the nearest ancestor (within `POST_COMMENTS.maxLevels` levels) holding body
 * text named no comment before the list holds at least `minPostChars` Latin-equivalent characters
 * of it and no other such list — where at least `minLists` such lists are built alike (the same
 * tag and first class word), one to a post. Stack Exchange puts a `div.comments` under the
 * question and under each answer; WCXB-dev's truth of its 12 Q&A pages leaves those notes out (2
 * of their 121 comments are in it) and keeps every answer. A thread whose replies all sit in one
 * list named comments (a Lemmy post and its comments) has one such list after its opening post,
 * and keeps it; one whose every reply is named a reply under its author's line (Mumsnet's
 * `reply-body-…`) has no prose before each, and keeps them.
 */
const POST_COMMENTS = { maxLevels: 3, minLists: 2, minPostChars: 100 } as const;

function postCommentBlocks(tree: LayoutTree, selection: ArticleSelection): { blocks: number[]; lists: number } {
  const marks = pathMarks(tree);
  const named = (id: number): boolean => hasMark(marks[id] ?? 0, MARK.comment);
  // The outermost element named a comment on the way up from a node (bounded: a page's depth).
  const listOf = (id: number): number => {
    let at = id;
    for (let level = 0; level < 200; level++) {
      const parent = tree.nodes[at]?.parent ?? -1;
      if (parent < 0 || !named(parent)) return at;
      at = parent;
    }
    return at;
  };
  const plain = selection.bodyBlocks.flatMap((b, i) => (named(b.ownerId) ? [] : [{ start: Math.min(b.ownerId, ...b.ids), chars: latinLength(selection.blocks[i] ?? '') }]));
  const listAt = selection.bodyBlocks.map((b) => (named(b.ownerId) ? listOf(b.ownerId) : -1));
  const lists = [...new Set(listAt.filter((l) => l >= 0))].sort((a, b) => a - b);
  const end = (id: number): number => tree.subtreeEnd[id] ?? id + 1;
  // A post's list: the nearest ancestor (within maxLevels) that holds the body's plain text
  // before the list is the post; its text is prose, not only its author's and date's lines (a
  // thread whose every reply is named a comment: Mumsnet's), and the post holds no other list
  // (a forum whose every post is named a comment has them all under the element that holds the
  // thread's header).
  const inPost = (list: number): boolean => {
    let ancestor = list;
    for (let level = 0; level < POST_COMMENTS.maxLevels; level++) {
      ancestor = tree.nodes[ancestor]?.parent ?? -1;
      if (ancestor < 0) return false;
      const before = plain.filter((b) => b.start > ancestor && b.start < list);
      if (before.length === 0) continue;
      if (before.reduce((sum, b) => sum + b.chars, 0) < POST_COMMENTS.minPostChars) return false;
      return lists.every((other) => other === list || other <= ancestor || other >= end(ancestor));
    }
    return false;
  };
  // And the lists are built alike, one to a post (the same tag and first class word): a thread's
  // "#replies" beside its opening post's "comment-options" control is no such pair.
  const bySignature = new Map<string, number[]>();
  for (const list of lists.filter(inPost)) {
    const el = tree.nodes[list];
    const key = el?.kind === 'element' ? `${el.tag}.${classWords(el)[0] ?? ''}` : '';
    bySignature.set(key, [...(bySignature.get(key) ?? []), list]);
  }
  const kept = new Set([...bySignature.values()].filter((group) => group.length >= POST_COMMENTS.minLists).flat());
  if (kept.size === 0) return { blocks: [], lists: 0 };
  const blocks = listAt.flatMap((list, i) => (kept.has(list) ? [i] : []));
  return { blocks, lists: kept.size };
}

/**
 * Latin-equivalent characters of prose outside comments from which a page typed forum whose body
 * does not open as its comments do is an article with comments. Without the bound, 4 of the type
 * gate's 20 WCXB forum pages (Q&A pages, whose question is built unlike its answers) became
 * articles and the forum word F1 fell 0.727 → 0.665; the article fixtures and samples with
 * comment sections hold 1,019–2,350.
 */
const ARTICLE_PROSE_OUTSIDE_COMMENTS = 1000;

/** How likely `forum` must be, against the unclear type's probability, for a page built as a thread to be read as one. */
const UNCLEAR_THREAD_FORUM_SHARE = 0.5;

/**
 * Old blogs and news pages (2005–2012: Movable Type, Drupal, Blogger) carry none of the markup
 * the decision reads an article by (no JSON-LD, no Open Graph type, no `<time>`, often a numeric
 * URL), and a short story with a comment section under it comes back `forum` (Movable Type's
 * fixture at 84 %) or `service` (Drupal's at 66 %), whose wider profile then takes the sidebar
 * and the comment form. Where the comments stage finds a comment section by structure after a
 * body that does not open as the comments do, and the page's markup names most of its items
 * comments (`comment`, `comments`, `commentlist` — never a Q&A page's `answer` or `post`: on
 * WCXB-dev no Stack Exchange, XenForo or phpBB page has them), a story of `minProse`
 * Latin-equivalent characters is enough to be the article (the fixtures: Drupal 832, Movable
 * Type 931). Lemmy's post (550, typed forum at 81 %), a short post with its comments as any
 * blog's, is a thread in WCXB's truth and stays one; the Russian and Chinese news fixtures (404,
 * 481) keep their comments out as before, typed forum.
 */
const NAMED_COMMENTS_FLIP = {
  types: ['forum', 'service'] as readonly PageType[],
  minProse: 800,
} as const;

/**
 * The decision's confidence in `forum` below which the structure may still make the page an
 * article with comments. Every page of WCXB-dev, AEB and the samples it turned was typed forum at
 * 55–79 % or at 100 %; those at 100 % were forum threads (a physicsforums.com thread, a Stack
 * Exchange question: word F1 0.25 → 0.78, 0.91 → 0.94), and the sample with readers' comments
 * (79 %) and the WordPress fixture (78 %) stay articles. Any bound from 0.8 to 0.99 gives the same.
 */
const ARTICLE_FLIP_BELOW = 0.95;

/**
 * The decision's confidence in `forum` from which the replies of a page not read as a thread from
 * its structure are its content all the same. Two WCXB-dev threads whose body opens with the
 * forum's banner (XenForo 0.995, Lemmy 0.845) gain (word F1 0.31 → 0.72, 0.62 → 0.96; no other
 * page of WCXB-dev, AEB or the samples changes, even without a bound); the Russian and Chinese news
 * fixtures with readers' comments are typed forum at 0.71 by their comment threads alone, and
 * must keep their comments out.
 */
const FORUM_REPLIES_CONFIDENCE = 0.8;
// Below it, the page's URL naming a thread or a question (src/score/page-type.ts `urlForum`) does
// as well: a Simple Machines thread (`/community/index.php?topic=…`) typed forum at 73 % whose
// body opens with the board's header took only its replies' first lines (word F1 0.900 → 0.939
// out of fold, the only page of WCXB-dev that changed; AEB and the samples unchanged). A news
// story followed by readers' comments, with a story's prose of its own, was made an article
// above (ARTICLE_FLIP_BELOW) before this is asked.

/**
 * Below this probability of `article`, a page the decision typed article whose body holds nothing
 * but the opening post of a thread (comments.ts NO_OWN_PROSE) is read as one: its replies are its
 * content, as on a page typed forum. A decision sure of the article keeps them out: AEB's GiveWell
 * "open thread" (article at 97 %) is the blog's own short post with its readers' comments. Out of
 * fold on WCXB-dev a warriorforum thread typed article at 66 % (by a decision that never saw the
 * site) read its first post alone (word F1 0.19 → 0.96); a TripAdvisor thread whose truth keeps
 * only the opening post fell 0.88 → 0.79 (forum 0.794 → 0.800 out of fold, 0.8905 in-sample
 * over all types unchanged to the fourth decimal but for that page; AEB and the samples unchanged).
 */
const THREAD_REPLIES_ARTICLE_BELOW = 0.8;

/** The decision replaced by a type known beforehand (ExtractParams.typeGiven), held for sure. */
function typeAsGiven(decision: PageTypeDecision, type: PageType): PageTypeDecision {
  const probabilities = Object.fromEntries(Object.keys(decision.probabilities).map((t) => [t, t === type ? 1 : 0])) as PageTypeDecision['probabilities'];
  return { ...decision, type, confidence: 1, probabilities, reason: `the type as given: ${type}` };
}

/**
 * Whether a thread's replies are the page's content (they follow its body, as `--comments` adds
 * them): on a page the decision typed forum, when the structure reads a thread or the decision is
 * sure of the forum; on a page typed article only when its body is nothing but the opening post
 * and the decision was not sure of the article (the bounds above).
 */
export function repliesAreThreadContent(
  typedForum: boolean,
  found: Pick<CommentsFound, 'thread' | 'threadReason' | 'comments'>,
  decision: Pick<PageTypeDecision, 'confidence' | 'probabilities'>,
  urlNamesThread = false,
): boolean {
  if (typedForum) return found.thread || (found.comments.length >= 2 && (decision.confidence >= FORUM_REPLIES_CONFIDENCE || urlNamesThread));
  return found.thread && found.threadReason === NO_OWN_PROSE && decision.probabilities.article < THREAD_REPLIES_ARTICLE_BELOW;
}

function round3(x: number): number {
  return Math.round(x * 1000) / 1000;
}

function stopwatch(): () => number {
  let last = performance.now();
  return () => {
    const now = performance.now();
    const elapsed = now - last;
    last = now;
    return Math.round(elapsed * 100) / 100;
  };
}

