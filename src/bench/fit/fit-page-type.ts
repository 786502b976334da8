/**
 * Fitting the page-type decision (score/page-type.ts) on pages labelled with their type.
 * Pure.
 *
 * Collections name types their own way; they map to broadsheet's three:
 *   article ← article (and every AEB and samples/ page: all are news articles);
 *   listing ← listing, collection;
 *   other   ← service, product, forum, documentation, and anything else named.
 */
import { decidePageType, PAGE_TYPE_FEATURES, type PageType, type PageTypeWeights } from '../../score/page-type.js';
import { siteFolds, type FitPage } from './dataset.js';
import { dominantScript, type ScriptName } from '../../text/index.js';
import { fitLogistic } from './logistic.js';

export function pageTypeOf(page: FitPage): PageType | undefined {
  const t = page.pageType ?? (page.corpus === 'aeb' || page.corpus === 'samples' ? 'article' : undefined);
  if (t === undefined) return undefined;
  if (t === 'article') return 'article';
  if (t === 'listing' || t === 'collection') return 'listing';
  // Everything else the collections name (service, product, forum, documentation; the local
  // web's galleries and comment pages) is `other`.
  return 'other';
}

export function fitPageType(pages: readonly FitPage[], l2: number): PageTypeWeights {
  const labelled = pages.filter((p) => pageTypeOf(p) !== undefined);
  const d = PAGE_TYPE_FEATURES.length;
  const fit = (rows: readonly FitPage[], positive: (t: PageType) => boolean): Partial<Record<(typeof PAGE_TYPE_FEATURES)[number], number>> => {
    // One class only (e.g. AEB alone, all articles): nothing to tell apart, no weights.
    const positives = rows.filter((p) => positive(pageTypeOf(p)!)).length;
    if (positives === 0 || positives === rows.length) return {};
    const x = new Float64Array(rows.length * d);
    const y = new Float64Array(rows.length);
    const w = new Float64Array(rows.length).fill(1);
    rows.forEach((p, r) => {
      x.set(p.pageFeatures, r * d);
      y[r] = positive(pageTypeOf(p)!) ? 1 : 0;
    });
    const { weights } = fitLogistic({ x, y, w, rows: rows.length, dims: d }, { l2 });
    return Object.fromEntries(PAGE_TYPE_FEATURES.map((n, j) => [n, Math.round(weights[j]! * 1e4) / 1e4]));
  };
  return {
    article: fit(labelled, (t) => t === 'article'),
    listing: fit(labelled.filter((p) => pageTypeOf(p) !== 'article'), (t) => t === 'listing'),
  };
}

export interface PageTypeScores {
  accuracy: number;
  /** confusion[truth][predicted] page counts. */
  confusion: Record<PageType, Record<PageType, number>>;
  /** Of the pages that are articles, the share decided `article` (what `--articles-only` keeps). */
  articleRecall: number;
  /** Of the pages decided `article`, the share that are. */
  articlePrecision: number;
}

export function scorePageTypes(pages: readonly FitPage[], weightsFor: (page: FitPage) => PageTypeWeights): PageTypeScores {
  const types: PageType[] = ['article', 'listing', 'other'];
  const confusion = Object.fromEntries(types.map((t) => [t, Object.fromEntries(types.map((u) => [u, 0]))])) as PageTypeScores['confusion'];
  let right = 0;
  let n = 0;
  for (const page of pages) {
    const truth = pageTypeOf(page);
    if (truth === undefined) continue;
    const predicted = decidePageType(page.pageFeatures, weightsFor(page)).type;
    confusion[truth][predicted]++;
    if (truth === predicted) right++;
    n++;
  }
  const decidedArticle = types.reduce((s, t) => s + confusion[t].article, 0);
  const areArticles = types.reduce((s, t) => s + confusion.article[t], 0);
  return {
    accuracy: n > 0 ? right / n : 0,
    confusion,
    articleRecall: areArticles > 0 ? confusion.article.article / areArticles : 0,
    articlePrecision: decidedArticle > 0 ? confusion.article.article / decidedArticle : 0,
  };
}

/**
 * The page-type decision cross-validated alone, grouped by site (dataset.ts `siteFolds`): each
 * fold's weights are fitted on the other folds' pages. Returns each page's fold weights.
 */
export function crossValidatePageType(pages: readonly FitPage[], folds: number, l2: number): Map<FitPage, PageTypeWeights> {
  const fold = siteFolds(pages, folds);
  const out = new Map<FitPage, PageTypeWeights>();
  for (let k = 0; k < folds; k++) {
    const weights = fitPageType(pages.filter((_, i) => fold[i] !== k), l2);
    pages.forEach((p, i) => {
      if (fold[i] === k) out.set(p, weights);
    });
  }
  return out;
}

/** The script most of a page's text is in (text/words.ts), for figures per script. */
export function scriptOfPage(page: FitPage): ScriptName {
  return dominantScript(page.texts.join('\n'));
}
