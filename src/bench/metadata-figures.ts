/**
 * Metadata accuracy against WCXB's truth (title, author, publication date), as
 * scripts/bench-metadata.ts reports it and the metadata gate
 * (test/browser/metadata-quality-gate.test.ts) pins it:
 *   title — equal after normalising (NFKC, lower case, only letters and digits, single spaces);
 *   author — the same, or the same set of names split at , ; & / "and";
 *   date — the same calendar day.
 * A field is scored on the pages whose truth names it; a page that fails to extract counts as a miss.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BenchCorpus } from './corpora/types.js';
import { forEachSnapshot, NOT_CACHED, type SnapshotCacheOptions } from './snapshot-cache.js';
import { extractFromSnapshot } from '../extract/from-snapshot.js';

/** Letters and digits only, lower case, single spaces. */
export function normalizeForMatch(value: string): string {
  const words = value.normalize('NFKC').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.join(' ');
}

function authorNames(value: string): Set<string> {
  const names = new Set<string>();
  for (const part of value.split(/[,;&/]| and /u)) {
    const name = normalizeForMatch(part);
    if (name) names.add(name);
  }
  return names;
}

export function sameAuthor(predicted: string | null, truth: string): boolean {
  if (!predicted) return false;
  if (normalizeForMatch(predicted) === normalizeForMatch(truth)) return true;
  const a = authorNames(predicted);
  const b = authorNames(truth);
  return a.size === b.size && [...a].every((n) => b.has(n));
}

/** The calendar day a date value names: its first YYYY-MM-DD, else what Date.parse reads (UTC). */
export function dayOf(value: string | null): string | null {
  if (!value) return null;
  const iso = /\d{4}-\d{2}-\d{2}/u.exec(value);
  if (iso) return iso[0];
  const ms = Date.parse(value);
  return Number.isFinite(ms) ? new Date(ms).toISOString().slice(0, 10) : null;
}

export interface MetadataTruth {
  title?: string;
  author?: string;
  date?: string;
}

/** A WCXB page's title, author and publication date, where its truth names them. */
export async function wcxbMetadataTruth(dir: string, id: string): Promise<MetadataTruth> {
  const raw = JSON.parse(await readFile(join(dir, 'ground-truth', `${id}.json`), 'utf8')) as { ground_truth: { title?: string | null; author?: string | null; publish_date?: string | null } };
  const g = raw.ground_truth;
  return { ...(g.title ? { title: g.title } : {}), ...(g.author ? { author: g.author } : {}), ...(g.publish_date ? { date: g.publish_date } : {}) };
}

export type MetadataField = 'title' | 'author' | 'date';

/** Pages whose truth names the field, and how many of them broadsheet got right. */
export type MetadataFigures = Record<MetadataField, { pages: number; right: number; accuracy: number }> & {
  /** Pages left out: not in the cache and no session to render them. */
  uncached: number;
  /** Pages that failed to render (scored as misses). */
  errors: number;
};

/** Metadata accuracy on a WCXB corpus (or subset), from the snapshot cache. */
export async function metadataFigures(corpus: BenchCorpus, options: SnapshotCacheOptions = {}): Promise<MetadataFigures> {
  const tally: Record<MetadataField, { pages: number; right: number }> = { title: { pages: 0, right: 0 }, author: { pages: 0, right: 0 }, date: { pages: 0, right: 0 } };
  let uncached = 0;
  let errors = 0;
  await forEachSnapshot(corpus, options, async (entry) => {
    if (entry.status === 'error' && entry.error === NOT_CACHED) {
      uncached++;
      return;
    }
    const truth = await wcxbMetadataTruth(corpus.dir, entry.page.id);
    let got: { title: string | null; byline: string | null; publishedAt: string | null } | null = null;
    if (entry.status === 'error') errors++;
    else {
      const result = extractFromSnapshot(entry.snapshot);
      // A page without an article still has its record's title and declared metadata.
      got = result.kind === 'article' ? result.article : (result.facts ?? null);
    }
    const score = (field: MetadataField, named: string | undefined, right: (t: string) => boolean): void => {
      if (named === undefined) return;
      tally[field].pages++;
      if (right(named)) tally[field].right++;
    };
    score('title', truth.title, (t) => !!got?.title && normalizeForMatch(got.title) === normalizeForMatch(t));
    score('author', truth.author, (t) => sameAuthor(got?.byline ?? null, t));
    score('date', truth.date, (t) => dayOf(got?.publishedAt ?? null) === t.slice(0, 10));
  });
  const figure = (f: MetadataField): MetadataFigures[MetadataField] => ({ ...tally[f], accuracy: tally[f].pages === 0 ? 0 : Math.round((tally[f].right / tally[f].pages) * 1e4) / 1e4 });
  return { title: figure('title'), author: figure('author'), date: figure('date'), uncached, errors };
}
