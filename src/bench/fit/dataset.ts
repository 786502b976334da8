/**
 * Benchmark pages turned into what the fit needs, once: each page's blocks with their
 * features, their labels from the ground truth, and the small part of the page's tree that
 * block context reads. Trees and snapshots are dropped as soon as a page is read, so a
 * collection of thousands of pages fits in memory.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deserialize, serialize } from 'node:v8';
import { getDomain } from 'tldts';
import type { BenchCorpus } from '../corpora/types.js';
import { TOKENIZERS, type TokenizationName } from '../metrics.js';
import { forEachSnapshot, type SnapshotCacheOptions } from '../snapshot-cache.js';
import { buildLayoutTree } from '../../segment/tree.js';
import { segment } from '../../segment/visual-units.js';
import { scoreUnits, unitFeatures } from '../../score/score-units.js';
import { DEFAULT_SCORE_WEIGHTS } from '../../score/weights.js';
import { blockFeatures, pageBlocks } from '../../score/block-features.js';
import type { BlockPlace, TreeShape } from '../../score/block-context.js';
import { treeShape } from '../../score/block-model.js';
import { pageTypeFeatures } from '../../score/page-type.js';
import { labelBlocks } from './labels.js';

export interface FitPage {
  corpus: string;
  id: string;
  /** Registrable domain of the page's URL: the unit of cross-validation. */
  site: string;
  pageType?: string;
  truth: string;
  tokenization: TokenizationName;
  shape: TreeShape;
  places: BlockPlace[];
  texts: string[];
  /** Row-major block features (BLOCK_FEATURES order). */
  features: Float64Array;
  rows: number;
  label: Float64Array;
  /** Tokens of each block (the metric's). */
  tokens: Int32Array;
  /** Words of each block as selection counts them (PageBlock.words). */
  words: Int32Array;
  /** Each block's unit (its order). */
  unitOrders: Int32Array;
  /** The five docs/methods.md §4 features of every unit, row-major (UNIT_FEATURES order). */
  unitFeatures: Float64Array;
  /** Page-level features for the page-type decision (PAGE_TYPE_FEATURES order). */
  pageFeatures: Float64Array;
}

/** docs/methods.md §4's features in the order of its formula. */
export const UNIT_FEATURES = ['areaRatio', 'hasPunctuation', 'linkDensity', 'textDensity', 'relativeLength'] as const;

export interface LoadOptions extends SnapshotCacheOptions {
  onPage?: SnapshotCacheOptions['onPage'];
}

export async function loadFitPages(corpora: readonly BenchCorpus[], options: LoadOptions = {}): Promise<FitPage[]> {
  const pages: FitPage[] = [];
  for (const corpus of corpora) {
    const tokenize = TOKENIZERS[corpus.tokenization];
    const own: FitPage[] = [];
    await forEachSnapshot(corpus, options, (entry, index) => {
      if (entry.status !== 'ok') return;
      const tree = buildLayoutTree(entry.snapshot);
      const units = scoreUnits(segment(tree), entry.snapshot, DEFAULT_SCORE_WEIGHTS);
      const blocks = pageBlocks(tree, units);
      const { values } = blockFeatures(tree, units, blocks);
      const texts = blocks.map((b) => b.text);
      const truth = entry.page.truth.body;
      const { label, tokens } = labelBlocks(texts, truth, tokenize);
      const unitRows = new Float64Array(units.length * UNIT_FEATURES.length);
      units.forEach((u, i) => UNIT_FEATURES.forEach((name, j) => (unitRows[i * UNIT_FEATURES.length + j] = u.features[name])));
      const url = entry.page.url ?? entry.snapshot.url;
      let host = entry.page.id;
      try {
        host = new URL(url).hostname;
      } catch {
        // no URL: the page is its own site
      }
      const shape = treeShape(tree);
      const page: FitPage = {
        corpus: corpus.name,
        id: entry.page.id,
        site: getDomain(host) ?? host,
        truth,
        tokenization: corpus.tokenization,
        shape: { parents: shape.parents, subtreeEnd: Int32Array.from(shape.subtreeEnd) },
        places: blocks.map((b) => ({ ownerId: b.block.ownerId, textLength: b.block.textLength })),
        texts,
        features: values,
        rows: blocks.length,
        label,
        tokens,
        words: Int32Array.from(blocks, (b) => b.words),
        unitOrders: Int32Array.from(blocks, (b) => b.unitOrder),
        unitFeatures: unitRows,
        pageFeatures: pageTypeFeatures(tree, entry.snapshot, blocks),
      };
      if (entry.page.pageType !== undefined) page.pageType = entry.page.pageType;
      own[index] = page;
    });
    pages.push(...own.filter((p) => p !== undefined));
  }
  return pages;
}

/** Unit scores of a page under docs/methods.md §4 weights (UNIT_FEATURES order; link density subtracted). */
export function unitScoresOf(page: FitPage, w: readonly number[]): Float64Array {
  const k = UNIT_FEATURES.length;
  const n = page.unitFeatures.length / k;
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const f = page.unitFeatures.subarray(i * k, i * k + k);
    out[i] = w[0]! * f[0]! + w[1]! * f[1]! - w[2]! * f[2]! + w[3]! * f[3]! + w[4]! * f[4]!;
  }
  return out;
}

/** Folds by site: a site's pages are all in one fold (FNV-1a hash of the site, mod k). */
export function siteFolds(pages: readonly FitPage[], k: number): number[] {
  return pages.map((p) => {
    let h = 2166136261;
    for (let i = 0; i < p.site.length; i++) {
      h ^= p.site.charCodeAt(i);
      h = Math.imul(h, 16777619);
    }
    return (h >>> 0) % k;
  });
}

export { unitFeatures };

/** Where read pages are kept between fits (keyed by the code that computes their features). */
export const DATASET_CACHE_DIR = 'out/fit-cache';

/**
 * `loadFitPages` for one corpus, kept on disk: the features depend only on the pages and on
 * the code of segmentation and scoring, so the pages are re-read only when either changes.
 */
export async function loadFitPagesCached(corpus: BenchCorpus, options: LoadOptions = {}): Promise<FitPage[]> {
  const key = await codeKey();
  const file = join(DATASET_CACHE_DIR, `${corpus.name}-${key}.v8`);
  const cached = await readFile(file).then((b) => deserialize(b) as FitPage[], () => undefined);
  if (cached) return cached;
  let missing = 0;
  const pages = await loadFitPages([corpus], {
    ...options,
    onPage: (page, cached, failed) => {
      if (!cached && !options.session) missing++;
      options.onPage?.(page, cached, failed);
    },
  });
  // Pages that could not be rendered now (no browser given) must not be cached as absent.
  if (missing > 0) return pages;
  await mkdir(DATASET_CACHE_DIR, { recursive: true });
  // A temporary name per process: two fits started together must not rename each other's file.
  const tmp = `${file}.${process.pid}.tmp`;
  await writeFile(tmp, serialize(pages));
  await rename(tmp, file);
  return pages;
}

/** The source files whose code decides a page's blocks, features and labels. */
const FEATURE_SOURCES = [
  'segment/blocks.ts',
  'segment/node-kinds.ts',
  'segment/params.ts',
  'segment/text.ts',
  'segment/tree.ts',
  'segment/unit-text.ts',
  'segment/visual-units.ts',
  'score/block-features.ts',
  'score/markup-marks.ts',
  'score/page-type.ts',
  'score/score-units.ts',
  'bench/fit/dataset.ts',
  'bench/fit/labels.ts',
];

/** A hash of the source of the stages that compute a page's blocks and features. */
async function codeKey(): Promise<string> {
  const src = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
  const hash = createHash('sha256');
  for (const file of FEATURE_SOURCES) {
    // Compiled (dist/) or source (src/): whichever sits beside this module.
    const path = join(src, file.replace(/\.ts$/u, fileURLToPath(import.meta.url).endsWith('.js') ? '.js' : '.ts'));
    hash.update(file).update(await readFile(path).catch(() => Buffer.alloc(0)));
  }
  return hash.digest('hex').slice(0, 12);
}
