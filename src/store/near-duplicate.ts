/**
 * Exact and near-duplicate fingerprints of article text, so export can collapse the same story
 * published twice (syndicated copies, a page reachable under two URLs, a re-edit that changed a
 * line). Pure: no I/O.
 *
 * - `contentHash`: sha256 of the normalised text — equal only for the same words.
 * - `simhash64`: a 64-bit simhash (Charikar 2002) over word 2-shingles, as 16 hex digits; texts
 *   that share most shingles get hashes a few bits apart.
 * - `NearDuplicateFilter`: streaming "have I kept one like this already?", finding every kept
 *   hash within `NEAR_DUPLICATE_MAX_BITS` without comparing against all of them.
 */
import { createHash } from 'node:crypto';

/**
 * Hashes at most this many bits apart are near-duplicates. 3 of 64 is the setting Manku, Jain and
 * Das Sarma (WWW 2007) found to separate near-duplicate from distinct web pages on 8 billion
 * pages; test/unit/store-near-duplicate.test.ts pins how often an edit stays within it on the
 * sample articles and that distinct articles do not.
 */
export const NEAR_DUPLICATE_MAX_BITS = 3;

/**
 * Words per shingle, and shingles weighted by how often they occur. Chosen on the 15 sample
 * articles (samples/*.expected.json, 100–1,600 words; test/unit/store-near-duplicate.test.ts
 * measures it again, re-run it after any change): with 2-word shingles weighted by count, 91 % of one-word edits and
 * 89 % of added lines (byline, copyright, "updated at") stay within 3 bits, and distinct articles
 * are ≥ 20 bits apart. Single words kept more edits (96 %) but brought distinct articles to 5
 * bits; 3-word shingles kept only 80–83 %. Over the 23 samples of eleven languages of 2026-11-29:
 * 86 % and 80 % (a short text whose bits sit near their margins keeps fewer: the German
 * sample's 240 words keep 30 % of their edits).
 */
const SHINGLE_WORDS = 2;

/** Words: runs of letters and digits; each Han, kana or Hangul character is a word of its own. */
export const WORD = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]|[\p{L}\p{N}]+/gu;

/** The text as compared: NFKC, lower-case, whitespace runs collapsed, trimmed. */
export function normalizeText(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/gu, ' ').trim();
}

/** sha256 (hex) of the normalised text. */
export function contentHash(text: string): string {
  return createHash('sha256').update(normalizeText(text), 'utf8').digest('hex');
}

/** 64-bit simhash of the text's word 2-shingles, weighted by count, as 16 hex digits. */
export function simhash64(text: string): string {
  const words = normalizeText(text).match(WORD) ?? [];
  const shingles = new Map<string, number>();
  const shingleCount = Math.max(words.length - SHINGLE_WORDS + 1, words.length > 0 ? 1 : 0);
  for (let i = 0; i < shingleCount; i++) {
    let shingle = words[i]!;
    for (let k = 1; k < SHINGLE_WORDS && i + k < words.length; k++) shingle += ' ' + words[i + k]!;
    shingles.set(shingle, (shingles.get(shingle) ?? 0) + 1);
  }
  // Each shingle votes on every bit with its weight: + where its hash has a 1, − where a 0. A
  // bit's vote is then 2 × (the weight of the shingles with a 1 there) − the total weight, so
  // only the 1 bits are visited (half the work of visiting all 64, and no branch per bit).
  const ones = new Float64Array(64);
  let total = 0;
  for (const [shingle, weight] of shingles) {
    total += weight;
    for (let bits = mix32(fnv1a32(shingle, FNV_OFFSET_LOW)); bits !== 0; bits &= bits - 1) ones[31 - Math.clz32(bits & -bits)]! += weight;
    for (let bits = mix32(fnv1a32(shingle, FNV_OFFSET_HIGH)); bits !== 0; bits &= bits - 1) ones[63 - Math.clz32(bits & -bits)]! += weight;
  }
  let low = 0;
  let high = 0;
  for (let bit = 0; bit < 32; bit++) {
    if (2 * ones[bit]! > total) low |= 1 << bit;
    if (2 * ones[32 + bit]! > total) high |= 1 << bit;
  }
  return hex32(high) + hex32(low);
}

/** Bits in which two simhashes (16 hex digits each) differ. */
export function hammingDistance(a: string, b: string): number {
  return popcount32(halfOf(a, 0) ^ halfOf(b, 0)) + popcount32(halfOf(a, 1) ^ halfOf(b, 1));
}

/**
 * Streaming near-duplicate detection: `seen` says whether a text with the same content hash, or
 * a simhash within `maxBits`, was added before, and adds this one if not. With maxBits ≤ 3, two
 * hashes that close agree exactly on at least one of four 16-bit blocks (pigeonhole), so only
 * hashes sharing a block are compared.
 */
export class NearDuplicateFilter {
  private readonly hashes = new Set<string>();
  private readonly blocks: Array<Map<string, string[]>> = [new Map(), new Map(), new Map(), new Map()];

  constructor(private readonly maxBits: number = NEAR_DUPLICATE_MAX_BITS) {
    if (maxBits > 3) throw new RangeError('NearDuplicateFilter supports at most 3 differing bits');
  }

  seen(contentHashHex: string, simhash: string): boolean {
    if (this.hashes.has(contentHashHex)) return true;
    for (let b = 0; b < 4; b++) {
      for (const other of this.blocks[b]!.get(simhash.slice(b * 4, b * 4 + 4)) ?? []) {
        if (hammingDistance(simhash, other) <= this.maxBits) return true;
      }
    }
    this.hashes.add(contentHashHex);
    for (let b = 0; b < 4; b++) {
      const key = simhash.slice(b * 4, b * 4 + 4);
      const bucket = this.blocks[b]!.get(key);
      if (bucket) bucket.push(simhash);
      else this.blocks[b]!.set(key, [simhash]);
    }
    return false;
  }
}

// FNV-1a (32-bit) with two offset bases gives two independent-looking 32-bit lanes once each is
// passed through murmur3's finaliser, which spreads every input bit over every output bit.
/** FNV-1a's standard 32-bit offset basis. */
export const FNV_OFFSET_HIGH = 0x811c9dc5;
const FNV_OFFSET_LOW = 0x050c5d1f;
const FNV_PRIME = 0x01000193;

/** FNV-1a over the UTF-16 code units of `text`, from `offset`. */
export function fnv1a32(text: string, offset: number): number {
  let hash = offset;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, FNV_PRIME);
  }
  return hash >>> 0;
}

/** A 32-bit finaliser (MurmurHash3's fmix32): spreads FNV's weak low bits. */
export function mix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

function popcount32(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

function hex32(x: number): string {
  return (x >>> 0).toString(16).padStart(8, '0');
}

function halfOf(simhash: string, half: 0 | 1): number {
  if (!/^[0-9a-f]{16}$/u.test(simhash)) throw new RangeError(`not a 64-bit simhash: ${simhash}`);
  return Number.parseInt(simhash.slice(half * 8, half * 8 + 8), 16);
}
