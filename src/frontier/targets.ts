/**
 * The bounded set of target URLs (pages found to be articles, and user examples) that the
 * similarity policy compares candidates with. Scoring one candidate costs one URL similarity per
 * target, so the set is capped: targets are grouped by URL shape template (`anatomize`), each
 * template keeps at most `perTemplate` representatives (reservoir sampling, so every article of
 * the template has the same chance to stay), and when the total passes `maxTargets` the largest
 * group gives one up. Rare templates keep their representatives, so an article shape seen twice
 * is never crowded out by one seen a thousand times.
 */
import { anatomize, vectorizeUrl, type UrlVector } from '../url/index.js';
import { seededRandom } from './random.js';

export interface TargetSetOptions {
  /** Representatives kept per URL template. */
  perTemplate: number;
  /** Targets kept in all (per-candidate scoring cost). */
  maxTargets: number;
}

/**
 * 16 per template: top-k (k = 5) needs a few more than k, and 16 keeps the spread of slugs and
 * sections of a template. 256 in all bounds the cost on sites with many article templates.
 * Measured: scoring one candidate (these targets plus the URL classifier's) takes ~1.1 ms on the
 * shared 2-core dev machine (3 000 observed URLs, 600 articles of one template), most of it in
 * edit distances of long slugs.
 */
export const DEFAULT_TARGET_OPTIONS: TargetSetOptions = { perTemplate: 16, maxTargets: 256 };

interface Group {
  /** Targets ever offered to this template (reservoir denominator). */
  seen: number;
  members: UrlVector[];
}

export class TargetSet {
  private readonly groups = new Map<string, Group>();
  private size = 0;
  private total = 0;
  /** Deterministic reservoir draws, so runs are repeatable. */
  private readonly random: () => number;

  constructor(
    private readonly options: TargetSetOptions = DEFAULT_TARGET_OPTIONS,
    seed = 1,
  ) {
    this.random = seededRandom(seed);
  }

  /** Targets offered so far (kept or not). */
  get offered(): number {
    return this.total;
  }

  get count(): number {
    return this.size;
  }

  /** Adds a target; returns true when it was kept. */
  add(url: string): boolean {
    const vector = vectorizeUrl(url);
    const template = anatomize(vector).template;
    let group = this.groups.get(template);
    if (group === undefined) {
      group = { seen: 0, members: [] };
      this.groups.set(template, group);
    }
    group.seen++;
    this.total++;
    let kept = false;
    if (group.members.length < this.options.perTemplate) {
      group.members.push(vector);
      this.size++;
      kept = true;
    } else {
      const slot = Math.floor(this.random() * group.seen);
      if (slot < group.members.length) {
        group.members[slot] = vector;
        kept = true;
      }
    }
    while (this.size > this.options.maxTargets) this.dropFromLargest();
    return kept;
  }

  vectors(): UrlVector[] {
    const out: UrlVector[] = [];
    for (const group of this.groups.values()) out.push(...group.members);
    return out;
  }

  urls(): string[] {
    return this.vectors().map((v) => v.url);
  }

  private dropFromLargest(): void {
    let largest: Group | undefined;
    for (const group of this.groups.values()) if (largest === undefined || group.members.length > largest.members.length) largest = group;
    if (largest === undefined || largest.members.length === 0) return;
    largest.members.splice(Math.floor(this.random() * largest.members.length), 1);
    this.size--;
  }
}
