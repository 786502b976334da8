/**
 * Weights of the URL elements (docs/methods.md §6 "Weights"): an initial guess, then an unsupervised update
 * from the URLs the crawl has seen.
 *
 * Initialisation (*reconstructed*): the further left an element, the coarser the category it
 * names, so host (i = 0) and directories (i = 1..K) get wᵢ ∝ (K + 1 − i). The patent gives wf and
 * wdd "from experience"; here they take `DEFAULT_LAYOUT_WEIGHTS` (0.1 each) and the host and
 * directories share the remaining 0.8. K = `maxDepth` (6 by default: a dated news URL such as
 * /2014/06/06/sport/football/slug/ has 4 directories after the date merge).
 *
 * Update (*reconstructed*): count how often each value occurs at each position (`word_pv`):
 * position 0 the host, 1..K the directory values, and the file name (the patent counts "each
 * element"; the file name is one). Drop values whose frequency is below γ. The raw weight of
 * position i is rᵢ = (1/nᵢ) Σⱼ word_pvⱼ / num(url) over its nᵢ frequent values — the mean share of
 * URLs that carry one of its frequent values (0 when it has none). A position filled by a few
 * frequent values (sections) names a coarse category and gets more weight; a position of unique
 * values (slugs, ids) gets none.
 * Then, choices of ours (tune them only against the frontier benchmark):
 * - the depth weight wdd keeps its initial value (there is no value to count for it);
 * - the learned weights are mixed with the initial ones (`prior`, 0.2), so a position that is
 *   all unique values still counts a little — two slugs of one shape are more alike than a slug
 *   and a section name, and formula (1) needs a weight to see it;
 * - below `minUrls` URLs the counts are noise and the initial weights are returned.
 *
 * Counting is incremental (`observe`) with Lossy Counting (Manku & Motwani, 2002): per position,
 * values are pruned every ⌈1/ε⌉ URLs when they cannot reach frequency ε, so the state stays
 * small on a crawl of millions of unique slugs, yet every value with frequency ≥ γ is kept
 * (counts are low by at most εN). ε = γ/10. The state is plain JSON (`state()` / `fromState`).
 */
import type { UrlWeights } from './similarity.js';
import type { UrlVector } from './vectorize.js';

/** Initial wf and wdd ("from experience" in the patent; a tenth each, tuned on the frontier benchmark). */
export const DEFAULT_LAYOUT_WEIGHTS = { file: 0.1, depth: 0.1 } as const;

/** Directory positions given their own weight; deeper ones reuse the last (see `directoryWeight`). */
export const DEFAULT_MAX_DEPTH = 6;

export interface InitialWeightOptions {
  maxDepth?: number;
  file?: number;
  depth?: number;
}

/** wᵢ ∝ (K + 1 − i) for host and directories, sharing 1 − wf − wdd; the result sums to 1. */
export function initialWeights(options: InitialWeightOptions = {}): UrlWeights {
  const maxDepth = options.maxDepth ?? DEFAULT_MAX_DEPTH;
  const file = options.file ?? DEFAULT_LAYOUT_WEIGHTS.file;
  const depth = options.depth ?? DEFAULT_LAYOUT_WEIGHTS.depth;
  if (!(maxDepth >= 0) || file < 0 || depth < 0 || file + depth >= 1) {
    throw new RangeError(`bad initial weight options: maxDepth ${maxDepth}, file ${file}, depth ${depth}`);
  }
  const share = 1 - file - depth;
  // Σ_{i=0..K} (K + 1 − i) = (K + 1)(K + 2) / 2
  const norm = ((maxDepth + 1) * (maxDepth + 2)) / 2;
  const directories: number[] = [];
  for (let i = 1; i <= maxDepth; i++) directories.push((share * (maxDepth + 1 - i)) / norm);
  return { host: (share * (maxDepth + 1)) / norm, directories, file, depth };
}

export interface WeightLearnerOptions {
  /** K: directory positions counted (and weighted). */
  maxDepth: number;
  /** γ: a value is frequent when it occurs in at least this share of the URLs. 1 % by default. */
  gamma: number;
  /** A value seen fewer times than this is never frequent (guards small samples). */
  minCount: number;
  /** Below this many URLs, `currentWeights()` returns the initial weights. */
  minUrls: number;
  /** Share of the initial weights mixed into the learned ones. */
  prior: number;
  /** Initial layout weights (wf, wdd); wdd is kept through updates. */
  file: number;
  depth: number;
}

export const DEFAULT_LEARNER_OPTIONS: WeightLearnerOptions = {
  maxDepth: DEFAULT_MAX_DEPTH,
  gamma: 0.01,
  minCount: 2,
  minUrls: 20,
  prior: 0.2,
  file: DEFAULT_LAYOUT_WEIGHTS.file,
  depth: DEFAULT_LAYOUT_WEIGHTS.depth,
};

/** A Lossy Counting entry: `count` seen since insertion, `error` the most it may be missing. */
export interface CountEntry {
  count: number;
  error: number;
}

export interface WeightLearnerState {
  version: 1;
  options: WeightLearnerOptions;
  /** num(url): URLs observed. */
  numUrls: number;
  /** `positions[0]` host, `[1..K]` directories, `[K + 1]` file name: value → entry. */
  positions: Array<Record<string, CountEntry>>;
}

export class WeightLearner {
  private readonly options: WeightLearnerOptions;
  private numUrls: number;
  private readonly positions: Array<Map<string, CountEntry>>;
  private readonly bucketWidth: number;

  constructor(options: Partial<WeightLearnerOptions> = {}) {
    this.options = { ...DEFAULT_LEARNER_OPTIONS, ...options };
    const { gamma, maxDepth, prior } = this.options;
    if (!(gamma > 0 && gamma < 1) || !(maxDepth >= 0) || !(prior >= 0 && prior <= 1)) {
      throw new RangeError(`bad weight learner options: ${JSON.stringify(this.options)}`);
    }
    this.numUrls = 0;
    this.positions = Array.from({ length: maxDepth + 2 }, () => new Map<string, CountEntry>());
    this.bucketWidth = Math.ceil(10 / gamma); // 1/ε with ε = γ/10
  }

  static fromState(state: WeightLearnerState): WeightLearner {
    if (state.version !== 1) throw new RangeError(`unknown weight learner state version ${String(state.version)}`);
    const learner = new WeightLearner(state.options);
    learner.numUrls = state.numUrls;
    state.positions.forEach((entries, i) => {
      const map = learner.positions[i];
      if (map === undefined) return;
      for (const [value, entry] of Object.entries(entries)) map.set(value, { count: entry.count, error: entry.error });
    });
    return learner;
  }

  /** A JSON-safe copy of the counts. */
  state(): WeightLearnerState {
    return {
      version: 1,
      options: { ...this.options },
      numUrls: this.numUrls,
      positions: this.positions.map((map) => {
        const out: Record<string, CountEntry> = {};
        for (const [value, entry] of map) out[value] = { ...entry };
        return out;
      }),
    };
  }

  get observed(): number {
    return this.numUrls;
  }

  /** Counts one URL's values at each position. */
  observe(vector: UrlVector): void {
    this.numUrls++;
    const bucket = Math.ceil(this.numUrls / this.bucketWidth);
    const { maxDepth } = this.options;
    this.count(0, vector.host.host, bucket);
    const depth = Math.min(vector.directories.length, maxDepth);
    for (let j = 0; j < depth; j++) this.count(j + 1, (vector.directories[j] as { value: string }).value, bucket);
    this.count(maxDepth + 1, vector.file.name, bucket);
    if (this.numUrls % this.bucketWidth === 0) this.prune(bucket);
  }

  /** rᵢ for host, directories and file (see the module comment); all 0 before any URL. */
  rawWeights(): { host: number; directories: number[]; file: number } {
    const { maxDepth } = this.options;
    const raw = this.positions.map((_map, i) => this.positionWeight(i));
    return { host: raw[0] ?? 0, directories: raw.slice(1, maxDepth + 1), file: raw[maxDepth + 1] ?? 0 };
  }

  /** The weights to use now: initial below `minUrls`, else learned ⊕ prior, normalised to 1. */
  currentWeights(): UrlWeights {
    const { maxDepth, file, depth, prior, minUrls } = this.options;
    const initial = initialWeights({ maxDepth, file, depth });
    if (this.numUrls < minUrls) return initial;
    const raw = this.rawWeights();
    const rawSum = raw.host + raw.file + raw.directories.reduce((a, b) => a + b, 0);
    if (rawSum === 0) return initial;
    // Learned weights share what the depth weight leaves, then the prior is mixed in.
    const scale = (1 - depth) / rawSum;
    const mix = (learned: number, init: number): number => (1 - prior) * learned * scale + prior * init;
    return {
      host: mix(raw.host, initial.host),
      directories: raw.directories.map((r, j) => mix(r, initial.directories[j] ?? 0)),
      file: mix(raw.file, initial.file),
      depth,
    };
  }

  private count(position: number, value: string, bucket: number): void {
    const map = this.positions[position];
    if (map === undefined) return;
    const entry = map.get(value);
    if (entry === undefined) map.set(value, { count: 1, error: bucket - 1 });
    else entry.count++;
  }

  private prune(bucket: number): void {
    for (const map of this.positions) {
      for (const [value, entry] of map) if (entry.count + entry.error <= bucket) map.delete(value);
    }
  }

  private positionWeight(position: number): number {
    const map = this.positions[position];
    if (map === undefined || this.numUrls === 0) return 0;
    const { gamma, minCount } = this.options;
    const threshold = Math.max(minCount, (gamma - gamma / 10) * this.numUrls);
    let frequent = 0;
    let share = 0;
    for (const entry of map.values()) {
      if (entry.count < threshold) continue;
      frequent++;
      share += entry.count / this.numUrls;
    }
    return frequent === 0 ? 0 : share / frequent;
  }
}
