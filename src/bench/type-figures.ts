/**
 * Extraction figures per page type from the snapshot cache (snapshot-cache.ts): every page of a
 * collection that labels its types (WCXB), or a fixed subset of each type, extracted by the pure
 * stages (`extractFromSnapshot`) and scored with WCXB's word F1 and AEB's 4-gram F1. Pages not
 * yet in the cache are rendered with the session given; without one they are left out and
 * counted. The page-type gate (test/browser/type-quality-gate.test.ts) and `scripts/eval-snapshots.ts`
 * read figures this way.
 */
import { createHash } from 'node:crypto';
import type { BenchCorpus, BenchPage } from './corpora/types.js';
import { aggregate, meanWordF1, pageScores, TOKENIZERS, wordScore, type PageScore } from './metrics.js';
import { forEachSnapshot, NOT_CACHED, type SnapshotCacheOptions } from './snapshot-cache.js';
import { extractFromSnapshot } from '../extract/from-snapshot.js';

export interface TypeFigure {
  pages: number;
  /** WCXB's figure: mean per-page word F1. */
  wordF1: number;
  /** AEB's 4-gram F1 (F1 of the mean P and R). */
  f1: number;
  /** Pages whose decided page type is their label's. */
  typedRight: number;
}

export interface TypeFigures {
  types: Record<string, TypeFigure>;
  /** Pages left out: not in the cache and no session to render them. */
  uncached: number;
  /** Pages that failed to render (scored as empty). */
  errors: number;
}

/**
 * The first `perType` pages of each type, in the order of a hash of their id (a fixed spread
 * over the collection, not its first ids, which cluster by type and source).
 */
export async function typeSubset(corpus: BenchCorpus, perType: number): Promise<BenchCorpus> {
  const all: BenchPage[] = [];
  for await (const page of corpus.pages()) if (page.pageType !== undefined) all.push(page);
  const key = (p: BenchPage): string => createHash('sha256').update(p.id).digest('hex');
  const chosen: BenchPage[] = [];
  for (const type of [...new Set(all.map((p) => p.pageType!))].sort()) {
    chosen.push(...all.filter((p) => p.pageType === type).sort((a, b) => key(a).localeCompare(key(b))).slice(0, perType));
  }
  chosen.sort((a, b) => a.id.localeCompare(b.id));
  return { ...corpus, size: chosen.length, skipped: [], pages: async function* () { yield* chosen; } };
}

export async function typeFigures(corpus: BenchCorpus, options: SnapshotCacheOptions = {}): Promise<TypeFigures> {
  const tokenizer = TOKENIZERS[corpus.tokenization];
  const rows: Array<{ type: string; score: PageScore; wordF1: number; right: boolean }> = [];
  let uncached = 0;
  let errors = 0;
  await forEachSnapshot(corpus, options, (entry) => {
    const type = entry.page.pageType;
    if (type === undefined) return;
    const truth = entry.page.truth.body;
    if (entry.status === 'error') {
      if (entry.error === NOT_CACHED) {
        uncached++;
        return;
      }
      errors++;
      rows.push({ type, score: pageScores('', truth, { tokenizer }), wordF1: wordScore('', truth).f1, right: false });
      return;
    }
    const result = extractFromSnapshot(entry.snapshot);
    const text = result.kind === 'article' ? result.article.text : '';
    const decided = result.kind === 'article' ? result.article.pageType.type : result.pageType?.type;
    rows.push({ type, score: pageScores(text, truth, { tokenizer }), wordF1: wordScore(text, truth).f1, right: decided === type });
  });
  const types: Record<string, TypeFigure> = {};
  for (const type of [...new Set(rows.map((r) => r.type))].sort()) {
    const own = rows.filter((r) => r.type === type);
    types[type] = {
      pages: own.length,
      wordF1: meanWordF1(own.map((r) => ({ f1: r.wordF1 }))),
      f1: aggregate(own.map((r) => r.score), { bootstrapSamples: 0 }).f1,
      typedRight: own.filter((r) => r.right).length,
    };
  }
  return { types, uncached, errors };
}
