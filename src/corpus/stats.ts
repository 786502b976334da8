/** Counts of a corpus run, per chunk of inputs (kept in the manifest) and summed for the card. Pure. */

export interface ChunkStats {
  index: number;
  /** Source documents consumed (pages, articles, skipped and failed records). */
  inputs: number;
  files: string[];
  /** Documents read as pages or articles. */
  documents: number;
  skipped: Record<string, number>;
  failed: Record<string, number>;
  /** Pages with no article (the extractor's "none", with its reason). */
  noArticle: number;
  optOut: { tdmReserved: number; robotsDisallow: number; removed: number };
  languageRemoved: number;
  /** Documents that failed each quality rule (one document may fail several). */
  qualityFailures: Record<string, number>;
  qualityRemoved: number;
  exactDuplicates: number;
  nearDuplicates: number;
  kept: number;
  languages: Record<string, number>;
  sites: Record<string, number>;
  /** Kept documents by word count, bucketed by LENGTH_BUCKETS. */
  lengths: number[];
  /** Kept document id → how many removed documents duplicated it (exactly or nearly). */
  duplicateClusters: Record<string, number>;
  /** Milliseconds per stage. */
  timeMs: Record<string, number>;
}

/** Upper bounds (words) of the length histogram's buckets; the last is open. */
export const LENGTH_BUCKETS = [100, 200, 400, 800, 1600, 3200, Infinity];

export function emptyChunk(index: number): ChunkStats {
  return {
    index,
    inputs: 0,
    files: [],
    documents: 0,
    skipped: {},
    failed: {},
    noArticle: 0,
    optOut: { tdmReserved: 0, robotsDisallow: 0, removed: 0 },
    languageRemoved: 0,
    qualityFailures: {},
    qualityRemoved: 0,
    exactDuplicates: 0,
    nearDuplicates: 0,
    kept: 0,
    languages: {},
    sites: {},
    lengths: LENGTH_BUCKETS.map(() => 0),
    duplicateClusters: {},
    timeMs: {},
  };
}

export function bump(counts: Record<string, number>, key: string, by = 1): void {
  counts[key] = (counts[key] ?? 0) + by;
}

export function lengthBucket(words: number): number {
  return LENGTH_BUCKETS.findIndex((limit) => words < limit);
}

/** All chunks summed into one. */
export function sumChunks(chunks: readonly ChunkStats[]): ChunkStats {
  const total = emptyChunk(-1);
  for (const c of chunks) {
    total.inputs += c.inputs;
    total.files.push(...c.files);
    total.documents += c.documents;
    for (const [k, v] of Object.entries(c.skipped)) bump(total.skipped, k, v);
    for (const [k, v] of Object.entries(c.failed)) bump(total.failed, k, v);
    total.noArticle += c.noArticle;
    total.optOut.tdmReserved += c.optOut.tdmReserved;
    total.optOut.robotsDisallow += c.optOut.robotsDisallow;
    total.optOut.removed += c.optOut.removed;
    total.languageRemoved += c.languageRemoved;
    for (const [k, v] of Object.entries(c.qualityFailures)) bump(total.qualityFailures, k, v);
    total.qualityRemoved += c.qualityRemoved;
    total.exactDuplicates += c.exactDuplicates;
    total.nearDuplicates += c.nearDuplicates;
    total.kept += c.kept;
    for (const [k, v] of Object.entries(c.languages)) bump(total.languages, k, v);
    for (const [k, v] of Object.entries(c.sites)) bump(total.sites, k, v);
    c.lengths.forEach((n, i) => (total.lengths[i] = (total.lengths[i] ?? 0) + n));
    for (const [k, v] of Object.entries(c.duplicateClusters)) bump(total.duplicateClusters, k, v);
    for (const [k, v] of Object.entries(c.timeMs)) bump(total.timeMs, k, v);
  }
  return total;
}
