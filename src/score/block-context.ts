/**
 * Context of each block, from the first pass of the block model: body paragraphs come in runs
 * inside one container, while a lone sentence among link lists (a teaser, a comment, a cookie
 * notice) does not. The second pass of the model (block-model.ts) weighs these context
 * features beside the block's own. Pure; linear in nodes and blocks.
 */
/**
 * The shape of the page's tree that context needs: each node's parent (-1 for the root) and
 * one past the last id of its subtree (nodes are in document pre-order).
 */
import { BLOCK_FEATURE_COUNT, BLOCK_FEATURES, type BlockFeatureName } from './block-features.js';

export interface TreeShape {
  parents: ArrayLike<number>;
  subtreeEnd: ArrayLike<number>;
}

/** What context needs of a block: the element holding it and its text length. */
export interface BlockPlace {
  ownerId: number;
  textLength: number;
}

export const CONTEXT_FEATURES = [
  'firstPass',
  'neighbours1',
  'neighbours3',
  'parentBody',
  'grandparentBody',
  'ancestor4Body',
  'inContainer',
  'containerShare',
  'beforeContainer',
  'afterContainer',
  'beforeBodyRun',
  'afterBodyRun',
  // A block's own evidence reads differently inside the body container and outside it: a short
  // line between body paragraphs is a subheading, in a menu a link label. These are the block
  // features below multiplied by inContainer, so the model can weigh them apart.
  'inContainer×logChars',
  'inContainer×linkDensity',
  'inContainer×sentenceEnds',
  'inContainer×endsWithSentence',
  'inContainer×tagHeading',
  'inContainer×tagLi',
  'inContainer×capitalisedShare',
  'inContainer×digitShare',
] as const;

/** The block features that enter the context multiplied by inContainer, in CONTEXT_FEATURES order. */
const INSIDE_INTERACTIONS: readonly BlockFeatureName[] = ['logChars', 'linkDensity', 'sentenceEnds', 'endsWithSentence', 'tagHeading', 'tagLi', 'capitalisedShare', 'digitShare'];

export type ContextFeatureName = (typeof CONTEXT_FEATURES)[number];
/** A body paragraph at least this long marks where the body runs (beforeBodyRun, afterBodyRun). */
const STRONG_BODY_CHARS = 120;
const COLUMN = Object.fromEntries(CONTEXT_FEATURES.map((name, j) => [name, j])) as Record<ContextFeatureName, number>;
/** Where each inContainer× feature comes from (a block feature) and goes to (a context column). */
const INSIDE_COLUMNS = INSIDE_INTERACTIONS.map((name) => ({ from: BLOCK_FEATURES.indexOf(name), to: COLUMN[`inContainer×${name}` as ContextFeatureName] }));
export const CONTEXT_FEATURE_COUNT = CONTEXT_FEATURES.length;

export interface BlockContext {
  /** Row-major, `blocks × CONTEXT_FEATURE_COUNT`. */
  values: Float64Array;
  /** The element whose subtree holds the most first-pass body mass (the body container); -1 when none. */
  containerId: number;
}

/**
 * `p` is the first-pass probability of each block; `threshold` is where a block counts for
 * (above) or against (below) a container; `features` are the blocks' own (BLOCK_FEATURES rows).
 */
export function blockContext(tree: TreeShape, blocks: readonly BlockPlace[], p: Float64Array, threshold: number, features: Float64Array): BlockContext {
  const n = tree.parents.length;
  const mass = new Float64Array(n);
  const bodyMass = new Float64Array(n);
  const net = new Float64Array(n);
  const weight = blocks.map((b) => Math.sqrt(Math.max(1, b.textLength)));
  blocks.forEach((b, i) => {
    const w = b.textLength;
    mass[b.ownerId]! += w;
    bodyMass[b.ownerId]! += w * p[i]!;
    net[b.ownerId]! += w * (p[i]! - threshold);
  });
  // Subtree sums: children come after parents in the node array.
  for (let id = n - 1; id > 0; id--) {
    const parent = tree.parents[id]!;
    if (parent < 0) continue;
    mass[parent]! += mass[id]!;
    bodyMass[parent]! += bodyMass[id]!;
    net[parent]! += net[id]!;
  }
  // The container: the subtree with the most net body mass; among ties the smallest (deepest).
  let containerId = -1;
  let best = 0;
  for (let id = 0; id < n; id++) {
    if (net[id]! > best * 1.0001 || (containerId >= 0 && net[id]! >= best * 0.9999 && net[id]! > 0 && isInside(tree, id, containerId))) {
      best = net[id]!;
      containerId = id;
    }
  }
  const share = (id: number): number => (id >= 0 && mass[id]! > 0 ? bodyMass[id]! / mass[id]! : 0);
  const ancestor = (id: number, up: number): number => {
    let a = id;
    for (let k = 0; k < up && a >= 0; k++) a = tree.parents[a]!;
    return a;
  };
  const F = CONTEXT_FEATURE_COUNT;
  const values = new Float64Array(blocks.length * F);
  // Strong body blocks: long, and likely body on the first pass, inside the container.
  let firstStrong = -1;
  let lastStrong = -1;
  blocks.forEach((b, i) => {
    if (p[i]! < threshold || b.textLength < STRONG_BODY_CHARS) return;
    if (containerId >= 0 && !isInside(tree, b.ownerId, containerId)) return;
    if (firstStrong < 0) firstStrong = i;
    lastStrong = i;
  });
  const containerStart = containerId;
  const containerEnd = containerId >= 0 ? tree.subtreeEnd[containerId]! : -1;
  blocks.forEach((b, i) => {
    const row = i * F;
    const set = (name: ContextFeatureName, v: number): void => {
      values[row + COLUMN[name]] = v;
    };
    const owner = b.ownerId;
    set('firstPass', p[i]!);
    set('neighbours1', windowMean(p, weight, i, 1));
    set('neighbours3', windowMean(p, weight, i, 3));
    set('parentBody', share(ancestor(owner, 1)));
    set('grandparentBody', share(ancestor(owner, 2)));
    set('ancestor4Body', share(ancestor(owner, 4)));
    const inside = containerId >= 0 && owner >= containerStart && owner < containerEnd;
    set('inContainer', inside ? 1 : 0);
    set('containerShare', share(containerId));
    set('beforeContainer', containerId >= 0 && owner < containerStart ? 1 : 0);
    set('afterContainer', containerId >= 0 && owner >= containerEnd ? 1 : 0);
    // Bylines and datelines come before the first strong body paragraph, related links and
    // sign-ups after the last one, even inside the container.
    set('beforeBodyRun', firstStrong >= 0 && i < firstStrong ? 1 : 0);
    set('afterBodyRun', lastStrong >= 0 && i > lastStrong ? 1 : 0);
    if (inside) INSIDE_COLUMNS.forEach(({ from, to }) => (values[row + to] = features[i * BLOCK_FEATURE_COUNT + from]!));
  });
  return { values, containerId };
}

function isInside(tree: TreeShape, id: number, ancestor: number): boolean {
  return ancestor <= id && id < tree.subtreeEnd[ancestor]!;
}

/** Length-weighted mean of `p` over the blocks within `radius` of `i`, `i` itself left out. */
function windowMean(p: Float64Array, weight: readonly number[], i: number, radius: number): number {
  let sum = 0;
  let total = 0;
  for (let j = Math.max(0, i - radius); j <= Math.min(p.length - 1, i + radius); j++) {
    if (j === i) continue;
    sum += p[j]! * weight[j]!;
    total += weight[j]!;
  }
  return total > 0 ? sum / total : 0;
}
