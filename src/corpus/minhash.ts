/**
 * Near-duplicate detection across a whole corpus: MinHash signatures of word 5-gram shingles
 * (Broder 1997) and banded locality-sensitive hashing, with each candidate checked against the
 * estimated Jaccard similarity before it counts. Pure; memory lives in typed arrays so a million
 * documents fit (measure: scripts/bench-corpus-dedup.ts).
 *
 * Memory per kept document: a signature of PERMUTATIONS 16-bit minima (b-bit MinHash, Li and
 * König 2010: the chance that two 16-bit minima agree by accident is 1/65536, negligible next to
 * the thresholds used) plus one slot per band in open-addressing tables.
 */
import { FNV_OFFSET_HIGH, WORD, fnv1a32, mix32, normalizeText } from '../store/near-duplicate.js';

/** Hash functions per signature. 128 is the common choice (datasketch, text-dedup). */
export const PERMUTATIONS = 128;
/** Words per shingle: 5-grams, as in Gopher's and RefinedWeb's document-level deduplication. */
export const SHINGLE_WORDS = 5;
/**
 * Default Jaccard similarity (word 5-grams) from which two documents are near-duplicates.
 * Measured by scripts/bench-corpus-dedup.ts on the AEB bodies with planted copies: 0.8 caught
 * 65 % of copies with changed boilerplate and 58 % of 80 % partial copies; 0.7 caught 88 % and
 * 94 %, with no original removed at either; 0.5 catches half-length copies too (63 %), which is
 * containment more than duplication. Re-run it after any change to shingles or hashing.
 */
export const DEFAULT_SIMILARITY = 0.7;

/** Seeds of the 128 hash functions; fixed, so signatures are comparable across runs (resume). */
const SEEDS: Uint32Array = (() => {
  const seeds = new Uint32Array(PERMUTATIONS);
  let x = 0x9e3779b9;
  for (let i = 0; i < PERMUTATIONS; i++) {
    x = mix32((x + 0x6d2b79f5) >>> 0);
    seeds[i] = x;
  }
  return seeds;
})();

/** Shingle hashes of a text: 32-bit hashes of its normalised word 5-grams (fewer words: one shingle of all). */
export function shingleHashes(text: string): Uint32Array {
  const words = normalizeText(text).match(WORD) ?? [];
  const count = words.length >= SHINGLE_WORDS ? words.length - SHINGLE_WORDS + 1 : words.length > 0 ? 1 : 0;
  const hashes = new Uint32Array(count);
  for (let i = 0; i < count; i++) hashes[i] = mix32(fnv1a32(words.slice(i, i + SHINGLE_WORDS).join(' '), FNV_OFFSET_HIGH));
  return hashes;
}

/** The MinHash signature (16-bit minima of PERMUTATIONS hash functions). */
export function minhashSignature(text: string): Uint16Array {
  const shingles = shingleHashes(text);
  const minima = new Uint32Array(PERMUTATIONS).fill(0xffffffff);
  for (let s = 0; s < shingles.length; s++) {
    const h = shingles[s]!;
    for (let p = 0; p < PERMUTATIONS; p++) {
      // murmur3's finaliser of (shingle xor seed) is a bijection of 32 bits: one permutation per seed.
      const v = mix32((h ^ SEEDS[p]!) >>> 0);
      if (v < minima[p]!) minima[p] = v;
    }
  }
  const signature = new Uint16Array(PERMUTATIONS);
  for (let p = 0; p < PERMUTATIONS; p++) signature[p] = minima[p]! >>> 16;
  return signature;
}

/** Estimated Jaccard similarity: the share of agreeing minima. */
export function estimatedSimilarity(a: Uint16Array, b: Uint16Array, offsetB = 0): number {
  let same = 0;
  for (let p = 0; p < PERMUTATIONS; p++) if (a[p] === b[offsetB + p]) same++;
  return same / PERMUTATIONS;
}

/**
 * Bands × rows for a similarity threshold: the split of PERMUTATIONS that minimises the
 * probability mass of false positives plus false negatives around the threshold (the rule
 * datasketch uses), integrated numerically. Candidates are checked afterwards, so a false
 * positive costs only a comparison; false negatives weigh twice.
 */
export function bandsFor(similarity: number): { bands: number; rows: number } {
  let best = { bands: 16, rows: 8 };
  let bestError = Infinity;
  for (let rows = 1; rows <= PERMUTATIONS; rows++) {
    if (PERMUTATIONS % rows !== 0) continue;
    const bands = PERMUTATIONS / rows;
    const p = (s: number): number => 1 - (1 - s ** rows) ** bands;
    const falsePositive = integrate((s) => p(s), 0, similarity);
    const falseNegative = integrate((s) => 1 - p(s), similarity, 1);
    const error = falsePositive + 2 * falseNegative;
    if (error < bestError) {
      bestError = error;
      best = { bands, rows };
    }
  }
  return best;
}

function integrate(f: (x: number) => number, a: number, b: number): number {
  const steps = 200;
  const h = (b - a) / steps;
  let sum = 0;
  for (let i = 0; i < steps; i++) sum += f(a + (i + 0.5) * h) * h;
  return sum;
}

/**
 * Streaming "is this a near-duplicate of a document kept before?": `check` answers with the
 * earlier document's index (its position among kept documents) or -1; `add` keeps one.
 */
export class MinHashIndex {
  readonly bands: number;
  readonly rows: number;
  private signatures = new Uint16Array(PERMUTATIONS * 1024);
  private count = 0;
  private readonly tables: BandTable[];

  constructor(readonly similarity: number = DEFAULT_SIMILARITY) {
    if (!(similarity > 0 && similarity <= 1)) throw new RangeError(`similarity must be in (0, 1], got ${similarity}`);
    ({ bands: this.bands, rows: this.rows } = bandsFor(similarity));
    this.tables = Array.from({ length: this.bands }, () => new BandTable());
  }

  get size(): number {
    return this.count;
  }

  /** Bytes held by the signatures and band tables. */
  get bytes(): number {
    return this.signatures.byteLength + this.tables.reduce((sum, t) => sum + t.bytes, 0);
  }

  /** The kept document this one nearly duplicates (its index and similarity), or undefined. */
  check(signature: Uint16Array): { index: number; similarity: number } | undefined {
    let best: { index: number; similarity: number } | undefined;
    for (let b = 0; b < this.bands; b++) {
      for (const index of this.tables[b]!.get(bandKey(signature, b, this.rows))) {
        const similarity = estimatedSimilarity(signature, this.signatures, index * PERMUTATIONS);
        if (similarity >= this.similarity && (!best || similarity > best.similarity)) best = { index, similarity };
      }
      if (best) return best;
    }
    return best;
  }

  /** Keeps a document; returns its index. */
  add(signature: Uint16Array): number {
    const index = this.count++;
    if (this.signatures.length < this.count * PERMUTATIONS) {
      const grown = new Uint16Array(this.signatures.length * 2);
      grown.set(this.signatures);
      this.signatures = grown;
    }
    this.signatures.set(signature, index * PERMUTATIONS);
    for (let b = 0; b < this.bands; b++) this.tables[b]!.add(bandKey(signature, b, this.rows), index);
    return index;
  }
}

function bandKey(signature: Uint16Array, band: number, rows: number): number {
  let h = 0x811c9dc5 ^ band;
  for (let r = band * rows; r < (band + 1) * rows; r++) h = mix32((h ^ signature[r]!) >>> 0);
  return h >>> 0;
}

/**
 * A multimap from 32-bit band keys to document indices, open addressing in typed arrays (a JS
 * Map of arrays costs ~80 bytes an entry; this costs 8 bytes over a load of at most ½).
 */
class BandTable {
  private keys = new Uint32Array(1024);
  private values = new Int32Array(1024).fill(-1);
  private used = 0;

  get bytes(): number {
    return this.keys.byteLength + this.values.byteLength;
  }

  *get(key: number): Generator<number> {
    const mask = this.keys.length - 1;
    for (let slot = key & mask; this.values[slot] !== -1; slot = (slot + 1) & mask) {
      if (this.keys[slot] === key) yield this.values[slot]!;
    }
  }

  add(key: number, value: number): void {
    if ((this.used + 1) * 2 > this.keys.length) this.grow();
    const mask = this.keys.length - 1;
    let slot = key & mask;
    while (this.values[slot] !== -1) slot = (slot + 1) & mask;
    this.keys[slot] = key;
    this.values[slot] = value;
    this.used++;
  }

  private grow(): void {
    const oldKeys = this.keys;
    const oldValues = this.values;
    this.keys = new Uint32Array(oldKeys.length * 2);
    this.values = new Int32Array(oldValues.length * 2).fill(-1);
    this.used = 0;
    for (let i = 0; i < oldKeys.length; i++) if (oldValues[i] !== -1) this.add(oldKeys[i]!, oldValues[i]!);
  }
}

