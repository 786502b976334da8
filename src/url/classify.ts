/**
 * URL-only article decision, unsupervised: does this URL look like the URL of an article page?
 *
 * The score is a logistic of summed cues (log-odds):
 * 1. structural cues of the URL alone (`cues.ts`: slug, id, date, navigation words, paging keys);
 * 2. cues from the other URLs of the site (`observe`):
 *    - container: the URL's path is a prefix of many other URLs' paths (`/world` when
 *      `/world/a-…`, `/world/b-…` exist) — a section front, not a leaf;
 *    - site template: the URL shares its shape template (`word/slug|`, `article.php|id=num`) with
 *      several URLs whose structural cues alone are strongly positive — a weak article of a
 *      template of strong ones (a 3-word slug among 6-word slugs) is lifted, in proportion to how
 *      pure the template is;
 * 3. cues from known article URLs (`addTarget`: examples from the user, or pages the extractor
 *    found to be articles): same template as a target; top-k mean URL similarity (docs/methods.md §6) to
 *    the targets as high as theirs to one another; and, once there are enough targets, unlike all.
 *
 * No cue is specific to one site or convention; thresholds and weights are data with comments.
 * "Not an article" is a value (`isArticle: false`) with the cues that led to it.
 */
import { anatomize, structuralCues, sumCues, type Cue, type UrlAnatomy } from './cues.js';
import { topKMeanSimilarity, type UrlWeights } from './similarity.js';
import type { UrlVector } from './vectorize.js';
import { initialWeights } from './weights.js';

export interface UrlArticleDecision {
  isArticle: boolean;
  /** σ(Σ cue weights) ∈ (0,1). */
  score: number;
  /** The cues that fired, with their weights (for reports and debugging). */
  cues: Cue[];
}

export interface UrlClassifierOptions {
  /** Decision threshold on `score`. 0.5 = the cues' log-odds sum to ≥ 0. */
  threshold: number;
  /** k of the top-k mean similarity to targets. */
  k: number;
  /** Weights of the URL similarity (docs/methods.md §6); the frontier may pass its learned ones. */
  weights: UrlWeights;
}

export const DEFAULT_CLASSIFIER_OPTIONS: UrlClassifierOptions = {
  threshold: 0.5,
  k: 5,
  weights: initialWeights(),
};

/**
 * Weights (log-odds) and thresholds of the context cues. Set by hand together with
 * `CUE_WEIGHTS` on the same synthetic sites; re-run the URL-classification benchmark after any
 * change.
 */
export const CONTEXT_CUES = {
  /** Distinct child segments that make a path a container (a section front has many; an article a few: amp, print, comments). */
  containerChildren: 5,
  container: -3,
  /** Structural log-odds at or above which a URL counts as a strong article for its template. */
  strongScore: 2,
  /** Strong URLs a template needs before it lifts its other members. */
  minTemplateSupport: 3,
  /** Weight of the site-template cue, times the template's share of strong URLs. */
  siteTemplate: 2,
  /** The URL has the template of a known article. */
  targetTemplate: 3,
  /**
   * The URL is as similar to the known articles as they are to one another: its top-k mean
   * similarity reaches the targets' own baseline (the 10th percentile of their leave-one-out
   * top-k means). Relative, because absolute similarities depend on the site and the weights:
   * measured on synthetic sites, articles scored 0.82–1.0 against other articles and listings
   * 0.30–0.95 with the initial weights, and learned weights (a heavy host weight) lift both.
   */
  targetSimilar: 1.5,
  baselinePercentile: 0.1,
  /** Targets needed before a baseline is taken. */
  minTargetsForBaseline: 3,
  /** Targets sampled (most recent) for the baseline: O(n²) similarities. */
  baselineSample: 50,
  /**
   * With at least `minTargetsForUnlike` targets: not their template, and similarity below the
   * baseline by more than `unlikeMargin`.
   */
  targetUnlike: -1.5,
  minTargetsForUnlike: 5,
  unlikeMargin: 0.1,
  /** Targets kept for the similarity cue (the most recent ones); bounds the cost of a decision. */
  maxTargets: 200,
} as const;

interface TemplateStats {
  members: number;
  strong: number;
}

export class UrlArticleClassifier {
  private readonly options: UrlClassifierOptions;
  /** Path key → distinct child segments seen (capped at `containerChildren`). */
  private readonly children = new Map<string, Set<string>>();
  private readonly templates = new Map<string, TemplateStats>();
  private readonly targetTemplates = new Map<string, number>();
  private targets: UrlVector[] = [];
  /** Cached similarity baseline of the targets; null when stale. */
  private baseline: number | null = null;

  constructor(options: Partial<UrlClassifierOptions> = {}) {
    this.options = { ...DEFAULT_CLASSIFIER_OPTIONS, ...options };
  }

  /** Replaces the similarity weights (e.g. after `WeightLearner` re-estimated them). */
  setWeights(weights: UrlWeights): void {
    this.options.weights = weights;
    this.baseline = null;
  }

  /** Adds one URL of the site to the context (each URL once). */
  observe(vector: UrlVector): void {
    const anatomy = anatomize(vector);
    const keys = anatomy.segments.map((s) => (s.ext === '' ? s.base : `${s.base}.${s.ext}`));
    for (let i = 0; i < keys.length; i++) {
      const prefix = keys.slice(0, i).join('/');
      let set = this.children.get(prefix);
      if (set === undefined) {
        set = new Set();
        this.children.set(prefix, set);
      }
      if (set.size < CONTEXT_CUES.containerChildren) set.add(keys[i] as string);
    }
    const stats = this.templates.get(anatomy.template) ?? { members: 0, strong: 0 };
    stats.members++;
    if (sumCues(structuralCues(anatomy)) >= CONTEXT_CUES.strongScore) stats.strong++;
    this.templates.set(anatomy.template, stats);
  }

  /** Adds a known article URL (a user's example, or a page the extractor found to be an article). */
  addTarget(vector: UrlVector): void {
    const { template } = anatomize(vector);
    this.targetTemplates.set(template, (this.targetTemplates.get(template) ?? 0) + 1);
    this.targets.push(vector);
    this.baseline = null;
    if (this.targets.length > CONTEXT_CUES.maxTargets * 2) this.targets = this.targets.slice(-CONTEXT_CUES.maxTargets);
  }

  get targetCount(): number {
    return this.targets.length;
  }

  classify(vector: UrlVector): UrlArticleDecision {
    const anatomy = anatomize(vector);
    const cues = structuralCues(anatomy);
    cues.push(...this.siteCues(anatomy), ...this.targetCues(vector, anatomy));
    const score = logistic(sumCues(cues));
    return { isArticle: score >= this.options.threshold, score, cues };
  }

  private siteCues(anatomy: UrlAnatomy): Cue[] {
    const cues: Cue[] = [];
    const children = this.children.get(anatomy.pathKey)?.size ?? 0;
    if (anatomy.segments.length > 0 && !anatomy.query.itemId && children >= CONTEXT_CUES.containerChildren) {
      cues.push({ name: 'container', weight: CONTEXT_CUES.container });
    }
    const stats = this.templates.get(anatomy.template);
    if (stats !== undefined && stats.strong >= CONTEXT_CUES.minTemplateSupport) {
      cues.push({ name: 'siteTemplate', weight: CONTEXT_CUES.siteTemplate * (stats.strong / stats.members) });
    }
    return cues;
  }

  private targetCues(vector: UrlVector, anatomy: UrlAnatomy): Cue[] {
    if (this.targets.length === 0) return [];
    const cues: Cue[] = [];
    const sameTemplate = (this.targetTemplates.get(anatomy.template) ?? 0) > 0;
    if (sameTemplate) cues.push({ name: 'targetTemplate', weight: CONTEXT_CUES.targetTemplate });
    const baseline = this.targetBaseline();
    if (baseline === null) return cues;
    const similarity = topKMeanSimilarity(vector, this.recentTargets(CONTEXT_CUES.maxTargets), this.options.k, this.options.weights);
    if (similarity >= baseline) cues.push({ name: 'targetSimilar', weight: CONTEXT_CUES.targetSimilar });
    if (!sameTemplate && similarity < baseline - CONTEXT_CUES.unlikeMargin && this.targets.length >= CONTEXT_CUES.minTargetsForUnlike) {
      cues.push({ name: 'targetUnlike', weight: CONTEXT_CUES.targetUnlike });
    }
    return cues;
  }

  private recentTargets(n: number): UrlVector[] {
    return this.targets.length > n ? this.targets.slice(-n) : this.targets;
  }

  /** The `baselinePercentile` of the targets' leave-one-out top-k mean similarities (cached). */
  private targetBaseline(): number | null {
    if (this.targets.length < CONTEXT_CUES.minTargetsForBaseline) return null;
    if (this.baseline !== null) return this.baseline;
    const sample = this.recentTargets(CONTEXT_CUES.baselineSample);
    const own = sample
      .map((target, i) => topKMeanSimilarity(target, [...sample.slice(0, i), ...sample.slice(i + 1)], this.options.k, this.options.weights))
      .sort((a, b) => a - b);
    this.baseline = own[Math.floor(CONTEXT_CUES.baselinePercentile * (own.length - 1))] as number;
    return this.baseline;
  }
}

/** Decides every URL of a site at once: all URLs form the context, `examples` are the targets. */
export function classifySiteUrls(
  site: readonly UrlVector[],
  examples: readonly UrlVector[] = [],
  options: Partial<UrlClassifierOptions> = {},
): UrlArticleDecision[] {
  const classifier = new UrlArticleClassifier(options);
  for (const vector of site) classifier.observe(vector);
  for (const vector of examples) classifier.addTarget(vector);
  return site.map((vector) => classifier.classify(vector));
}

/** The decision from the URL alone (no site context, no targets). */
export function classifyUrlAlone(vector: UrlVector, threshold = DEFAULT_CLASSIFIER_OPTIONS.threshold): UrlArticleDecision {
  const cues = structuralCues(anatomize(vector));
  const score = logistic(sumCues(cues));
  return { isArticle: score >= threshold, score, cues };
}

function logistic(z: number): number {
  return 1 / (1 + Math.exp(-z));
}
