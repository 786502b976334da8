/**
 * Seeded pseudo-random numbers for the local web: every page is generated on request from a
 * generator seeded by (site seed, what is being drawn), so the same seed gives the same bytes
 * and nothing needs to be kept in memory. Not cryptographic; fast and well spread.
 */

/** FNV-1a over the UTF-16 code units, then a murmur3 finaliser so nearby strings spread apart. */
export function hashString(text: string, seed = 0): number {
  let h = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** A small generator (mulberry32) with the draws the page builders need. */
export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A generator seeded from a key made of parts, e.g. `Rng.of(seed, 'site', 3, 'body')`. */
  static of(seed: number, ...parts: Array<string | number>): Rng {
    return new Rng(hashString(parts.join('\u0001'), seed));
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new RangeError('pick from an empty list');
    return item;
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  /** `count` distinct integers from [0, size), in draw order (count is capped at size). */
  distinct(count: number, size: number): number[] {
    const chosen = new Set<number>();
    const wanted = Math.min(count, size);
    while (chosen.size < wanted) chosen.add(Math.floor(this.next() * size));
    return [...chosen];
  }
}

/** Eight lower-case hex digits of a string's hash (session ids, cache-busting tokens). */
export function hexToken(text: string, seed = 0): string {
  return hashString(text, seed).toString(16).padStart(8, '0');
}
