/**
 * The URL-similarity frontier (docs/methods.md §6): a candidate's priority is how much its URL looks like
 * the URLs of pages found to be articles (the targets: the extractor's articles and the user's
 * examples), with the weights of the URL elements re-estimated from every URL the crawl sees.
 *
 *   priority = α · sim + (1 − α) · rate − depthPenalty · depth
 *
 * - sim: the mean of the top-k `urlSimilarity` of the candidate to the targets of its site
 *   (all sites' targets while its site has none), with the `WeightLearner`'s current weights.
 * - rate: how often pages of the candidate's URL template (`anatomize(...).template`, e.g.
 *   `date/slug|`) turned out to be articles, as a Beta-smoothed share whose prior mean is the
 *   `UrlArticleClassifier` score of the URL: (articles + m·c) / (fetched + m). Before any page of
 *   a template is fetched it is the URL-only decision; after a few it is what the site showed.
 *   This is the feedback the "pages found to be articles" of docs/methods.md §6 allows beyond similarity; it is
 *   what keeps a trap (calendar, search, tag pagination: one template, never an article) from
 *   winning once its first pages came back empty.
 * - The rate is moved (in log-odds) by the words of the URL's path and of the link that led to
 *   it — anchor text and `linkContext` words (link-evidence.ts) — as the fetched pages taught
 *   them: what tells a gallery or a comments page from a story when their URLs are alike.
 * - Without targets, priority = rate (the unsupervised start).
 *
 * Freshness: every change that may move queued priorities bumps `version` (new weights, the
 * target set grown by a tenth, a template's fetched count reaching a power of two). Queued
 * entries remember the version that scored them; `refresh.ts` rescores the stale ones near the
 * head of the queue before each claim, never the whole frontier.
 */
import { anatomize, siteOf, UrlArticleClassifier, vectorizeUrl, WeightLearner, topKMeanSimilarity, type UrlVector, type UrlWeights, type WeightLearnerState } from '../url/index.js';
import { LINK_TOKEN_OPTIONS, linkTokens } from './link-evidence.js';
import { SEED_PRIORITY, type Candidate, type FrontierPolicy, type LinkFeatures, type QueuedEntry, type Rescored } from './policy.js';
import { seededRandom } from './random.js';
import { migrateTokenState, TokenEvidence, TOKENIZER_VERSION, type TokenEvidenceOptions, type TokenEvidenceState } from './token-evidence.js';
import { DEFAULT_TARGET_OPTIONS, TargetSet, type TargetSetOptions } from './targets.js';

export interface SimilarityPolicyOptions {
  /** k of the top-k mean similarity. */
  k: number;
  /** α: share of the similarity term; the rest goes to the template article rate. */
  alpha: number;
  /** m: weight (in pages) of the classifier prior in the template rate. */
  priorPages: number;
  /** Subtracted per level, so that ties go to shallower pages. */
  depthPenalty: number;
  /** Re-estimate the weights when the observed URLs have grown by this factor since the last time. */
  reweighGrowth: number;
  /** URLs observed before the first re-estimation. */
  reweighMinUrls: number;
  /** Observed URLs kept (reservoir) to rebuild the classifier's site context on resume. */
  contextSample: number;
  /** Learn from the links' anchor and context words too (link-evidence.ts); off only to measure what it brings. */
  linkEvidence: boolean;
  /** The link words' evidence settings (link-evidence.ts); other values only to measure them. */
  linkTokens: TokenEvidenceOptions;
  targets: TargetSetOptions;
}

/**
 * k = 5 as in the URL classifier. α = 0.5, measured on the local web (scripts/bench-crawl.ts,
 * section/query/numeric sites, concurrency 2, from the home page): α = 0, 0.5 and 1 all harvest
 * 0.99 at 100 pages and 1.00 at 300 with no trap page fetched — these sites do not tell the two
 * terms apart. 0.5 keeps both: similarity orders slugs within a template, the template rate
 * sinks a template that keeps coming back empty (test/unit/frontier.test.ts). m = 2 pages; a
 * depth penalty small enough to only break ties. Weights are re-estimated each time the
 * observed URLs grew by half (cheap: the learner keeps counts).
 */
export const DEFAULT_SIMILARITY_OPTIONS: SimilarityPolicyOptions = {
  k: 5,
  alpha: 0.5,
  priorPages: 2,
  depthPenalty: 0.001,
  reweighGrowth: 1.5,
  reweighMinUrls: 50,
  contextSample: 5_000,
  linkEvidence: true,
  linkTokens: LINK_TOKEN_OPTIONS,
  targets: DEFAULT_TARGET_OPTIONS,
};

interface TemplateCount {
  fetched: number;
  articles: number;
}

interface SavedState {
  version: 1;
  /** The tokenizer of `words` and `links` (token-evidence.ts); absent: 1, before words in every script. */
  tokens?: number;
  scoringVersion: number;
  learner: WeightLearnerState;
  targets: Array<{ site: string; url: string }>;
  templates: Record<string, TemplateCount>;
  words?: Record<string, ReturnType<TokenEvidence['state']>>;
  /** Per site: anchor and context words of the links followed (link-evidence.ts). */
  links?: Record<string, ReturnType<TokenEvidence['state']>>;
  context: Array<{ site: string; url: string }>;
}

export class SimilarityPolicy implements FrontierPolicy {
  readonly name = 'similarity' as const;
  private readonly options: SimilarityPolicyOptions;
  private scoringVersion = 1;
  private learner: WeightLearner;
  private weights: UrlWeights;
  private nextReweighAt: number;
  private readonly targets = new Map<string, TargetSet>();
  private targetsAtBump = 0;
  private readonly classifiers = new Map<string, UrlArticleClassifier>();
  private readonly templates = new Map<string, TemplateCount>();
  /** Per site: which path words go with articles (token-evidence.ts). */
  private readonly words = new Map<string, TokenEvidence>();
  /** Per site: which anchor and context words go with links to articles (link-evidence.ts). */
  private readonly links = new Map<string, TokenEvidence>();
  /** Reservoir of observed URLs, to rebuild the classifiers' context on resume. */
  private context: Array<{ site: string; url: string }> = [];
  private contextSeen = 0;
  private readonly random = seededRandom(7);

  constructor(options: Partial<SimilarityPolicyOptions> = {}) {
    this.options = { ...DEFAULT_SIMILARITY_OPTIONS, ...options };
    this.learner = new WeightLearner();
    this.weights = this.learner.currentWeights();
    this.nextReweighAt = this.options.reweighMinUrls;
  }

  get version(): number {
    return this.scoringVersion;
  }

  /** Targets kept, over all sites. */
  get targetCount(): number {
    let n = 0;
    for (const set of this.targets.values()) n += set.count;
    return n;
  }

  score(candidate: Candidate): number {
    if (candidate.depth === 0) return SEED_PRIORITY;
    const vector = vectorizeUrl(candidate.url);
    const rate = this.templateRate(candidate.site, vector, candidate);
    const targets = this.targetsFor(candidate.site);
    const { alpha, k, depthPenalty } = this.options;
    const base = targets.length === 0 ? rate : alpha * topKMeanSimilarity(vector, targets, k, this.weights) + (1 - alpha) * rate;
    return base - depthPenalty * candidate.depth;
  }

  observe(candidate: Candidate): void {
    const vector = vectorizeUrl(candidate.url);
    this.learner.observe(vector);
    this.classifier(candidate.site).observe(vector);
    this.sampleContext(candidate.site, candidate.url);
    if (this.learner.observed >= this.nextReweighAt) {
      this.nextReweighAt = Math.ceil(this.learner.observed * this.options.reweighGrowth);
      this.weights = this.learner.currentWeights();
      for (const classifier of this.classifiers.values()) classifier.setWeights(this.weights);
      this.scoringVersion++;
    }
  }

  onPage(url: string, site: string, isArticle: boolean, link?: LinkFeatures): void {
    const vector = vectorizeUrl(url);
    const key = templateKey(site, vector);
    const count = this.templates.get(key) ?? { fetched: 0, articles: 0 };
    count.fetched++;
    if (isArticle) count.articles++;
    this.templates.set(key, count);
    // A template's or a word's evidence doubled: queued priorities may have moved.
    let bump = (count.fetched & (count.fetched - 1)) === 0;
    bump = this.wordsOf(site).add(url, isArticle) || bump;
    if (link !== undefined && this.options.linkEvidence) bump = evidenceOf(this.links, site, this.options.linkTokens).addTokens(linkTokens(link), isArticle) || bump;
    if (isArticle) {
      this.addTarget(site, url, vector);
      bump ||= this.targetGrowthBump();
    }
    if (bump) this.scoringVersion++;
  }

  addExamples(urls: readonly string[]): void {
    for (const url of urls) {
      const vector = vectorizeUrl(url);
      const site = siteKey(url);
      this.addTarget(site, url, vector);
    }
    if (urls.length > 0) this.scoringVersion++;
  }

  rescore(entries: readonly QueuedEntry[]): Rescored[] {
    return entries.map((entry) => ({ url: entry.url, priority: this.score(entry) }));
  }

  saveState(): string {
    const state: SavedState = {
      version: 1,
      tokens: TOKENIZER_VERSION,
      scoringVersion: this.scoringVersion,
      learner: this.learner.state(),
      targets: [...this.targets].flatMap(([site, set]) => set.urls().map((url) => ({ site, url }))),
      templates: Object.fromEntries(this.templates),
      words: Object.fromEntries([...this.words].map(([site, evidence]) => [site, evidence.state()])),
      links: Object.fromEntries([...this.links].map(([site, evidence]) => [site, evidence.state()])),
      context: this.context,
    };
    return JSON.stringify(state);
  }

  /** Restores a saved state; the classifiers' site context is rebuilt from the kept sample. */
  loadState(json: string): void {
    const state = JSON.parse(json) as SavedState;
    if (state.version !== 1) throw new RangeError(`unknown similarity policy state version ${String(state.version)}`);
    this.learner = WeightLearner.fromState(state.learner);
    this.weights = this.learner.currentWeights();
    this.nextReweighAt = Math.max(this.options.reweighMinUrls, Math.ceil(this.learner.observed * this.options.reweighGrowth));
    this.templates.clear();
    for (const [key, count] of Object.entries(state.templates)) this.templates.set(key, { ...count });
    // A state saved before words in every script keeps the words the tokenizer still yields.
    const current = (saved: TokenEvidenceState): TokenEvidenceState => ((state.tokens ?? 1) === TOKENIZER_VERSION ? saved : migrateTokenState(saved));
    this.words.clear();
    for (const [site, words] of Object.entries(state.words ?? {})) this.words.set(site, TokenEvidence.fromState(current(words)));
    this.links.clear();
    for (const [site, links] of Object.entries(state.links ?? {})) this.links.set(site, TokenEvidence.fromState(current(links), this.options.linkTokens));
    this.targets.clear();
    this.classifiers.clear();
    this.context = [];
    this.contextSeen = 0;
    for (const { site, url } of state.context) {
      this.classifier(site).observe(vectorizeUrl(url));
      this.sampleContext(site, url);
    }
    for (const { site, url } of state.targets) this.addTarget(site, url, vectorizeUrl(url));
    this.targetsAtBump = this.targetCount;
    // Anything queued before the restart was scored by the old process: all of it is stale.
    this.scoringVersion = state.scoringVersion + 1;
  }

  private addTarget(site: string, url: string, vector: UrlVector): void {
    let set = this.targets.get(site);
    if (set === undefined) {
      set = new TargetSet(this.options.targets);
      this.targets.set(site, set);
    }
    // The classifier compares a URL with every target it holds (up to a few hundred), so it
    // gets the representatives only: a target the reservoir keeps. Its cost per candidate then
    // falls as the crawl goes on instead of sitting at its maximum.
    if (set.add(url)) this.classifier(site).addTarget(vector);
  }

  /** True when the targets grew by a tenth (at least one) since the last bump. */
  private targetGrowthBump(): boolean {
    const now = this.targetCount;
    if (now - this.targetsAtBump >= Math.max(1, Math.floor(this.targetsAtBump / 10))) {
      this.targetsAtBump = now;
      return true;
    }
    return false;
  }

  private targetsFor(site: string): UrlVector[] {
    const own = this.targets.get(site);
    if (own !== undefined && own.count > 0) return own.vectors();
    const all: UrlVector[] = [];
    for (const set of this.targets.values()) all.push(...set.vectors());
    return all;
  }

  private wordsOf(site: string): TokenEvidence {
    return evidenceOf(this.words, site);
  }

  /**
   * The template's article rate (the URL classifier as its prior), then moved by the words the
   * fetched pages taught (in log-odds): the URL's path words tell apart pages one template
   * holds, the link's anchor and context words pages whose URLs are alike (link-evidence.ts).
   */
  private templateRate(site: string, vector: UrlVector, link: Partial<LinkFeatures>): number {
    const prior = this.classifier(site).classify(vector).score;
    const count = this.templates.get(templateKey(site, vector));
    const m = this.options.priorPages;
    const rate = count === undefined ? prior : (count.articles + m * prior) / (count.fetched + m);
    let shift = this.words.get(site)?.shift(vector.url) ?? 0;
    if (this.options.linkEvidence) shift += this.links.get(site)?.shiftTokens(linkTokens(link)) ?? 0;
    return shift === 0 ? rate : logistic(logit(rate) + shift);
  }

  private classifier(site: string): UrlArticleClassifier {
    let classifier = this.classifiers.get(site);
    if (classifier === undefined) {
      classifier = new UrlArticleClassifier({ k: this.options.k, weights: this.weights });
      this.classifiers.set(site, classifier);
    }
    return classifier;
  }

  private sampleContext(site: string, url: string): void {
    this.contextSeen++;
    const cap = this.options.contextSample;
    if (this.context.length < cap) {
      this.context.push({ site, url });
      return;
    }
    const slot = Math.floor(this.random() * this.contextSeen);
    if (slot < cap) this.context[slot] = { site, url };
  }
}

function logit(p: number): number {
  const q = Math.min(1 - 1e-9, Math.max(1e-9, p));
  return Math.log(q / (1 - q));
}

function logistic(z: number): number {
  return 1 / (1 + Math.exp(-z));
}

function evidenceOf(map: Map<string, TokenEvidence>, site: string, options?: TokenEvidenceOptions): TokenEvidence {
  let evidence = map.get(site);
  if (evidence === undefined) {
    evidence = new TokenEvidence(options);
    map.set(site, evidence);
  }
  return evidence;
}

function templateKey(site: string, vector: UrlVector): string {
  return `${site} ${anatomize(vector).template}`;
}

/** The site of an example URL, named as the crawler names sites (`siteOf`). */
function siteKey(url: string): string {
  return siteOf(url) ?? vectorizeUrl(url).host.host;
}
