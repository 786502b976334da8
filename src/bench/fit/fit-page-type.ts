/**
 * Fitting the page-type decision (score/page-type.ts) on pages labelled with their type.
 * Pure.
 *
 * Collections name types their own way; they map to broadsheet's eight:
 *   article ← article (and every AEB and samples/ page: all are news articles);
 *   WCXB's listing, forum, product, documentation, collection, service ← themselves;
 *   the local web's comment pages are forum threads; its photo galleries are `other`.
 */
import { decidePageType, PAGE_TYPE_FEATURES, PAGE_TYPES, type PageType, type PageTypeWeights } from '../../score/page-type.js';
import { siteFolds, type FitPage } from './dataset.js';
import { dominantScript, type ScriptName } from '../../text/index.js';
import { fitLogistic } from './logistic.js';

const KNOWN = new Set<string>(PAGE_TYPES);

export function pageTypeOf(page: FitPage): PageType | undefined {
  const t = page.pageType ?? (page.corpus === 'aeb' || page.corpus === 'samples' ? 'article' : undefined);
  if (t === undefined) return undefined;
  if (t === 'gallery') return 'other';
  return KNOWN.has(t) ? (t as PageType) : 'other';
}

/**
 * How much a type's pages weigh in training: (pages ÷ pages of the type)^`balance`, so that a
 * type of 100 pages is not drowned by 1,000 articles (balance 0: every page counts once; 1: every
 * type counts the same). Fitted as a hyper-parameter by `npm run fit -- --page-type-only`.
 */
export const DEFAULT_TYPE_BALANCE = 0.5;

export function fitPageType(pages: readonly FitPage[], l2: number, balance = DEFAULT_TYPE_BALANCE): PageTypeWeights {
  const labelled = pages.filter((p) => pageTypeOf(p) !== undefined);
  const d = PAGE_TYPE_FEATURES.length;
  const n = new Map<PageType, number>();
  for (const p of labelled) n.set(pageTypeOf(p)!, (n.get(pageTypeOf(p)!) ?? 0) + 1);
  const x = new Float64Array(labelled.length * d);
  const w = new Float64Array(labelled.length);
  labelled.forEach((p, r) => {
    x.set(p.pageFeatures, r * d);
    w[r] = (labelled.length / n.get(pageTypeOf(p)!)! / n.size) ** balance;
  });
  const out: PageTypeWeights = {};
  for (const type of PAGE_TYPES) {
    // A type with no pages (or only its pages) has nothing to tell apart: no weights, never decided.
    const positives = n.get(type) ?? 0;
    if (positives === 0 || positives === labelled.length) continue;
    const y = Float64Array.from(labelled, (p) => (pageTypeOf(p) === type ? 1 : 0));
    const { weights } = fitLogistic({ x, y, w, rows: labelled.length, dims: d }, { l2 });
    out[type] = Object.fromEntries(PAGE_TYPE_FEATURES.map((f, j) => [f, Math.round(weights[j]! * 1e4) / 1e4]));
  }
  return out;
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
  const types: readonly PageType[] = PAGE_TYPES;
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
export function crossValidatePageType(pages: readonly FitPage[], folds: number, l2: number, balance = DEFAULT_TYPE_BALANCE): Map<FitPage, PageTypeWeights> {
  const fold = siteFolds(pages, folds);
  const out = new Map<FitPage, PageTypeWeights>();
  for (let k = 0; k < folds; k++) {
    const weights = fitPageType(pages.filter((_, i) => fold[i] !== k), l2, balance);
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
