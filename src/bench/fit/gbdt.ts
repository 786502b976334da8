/**
 * Gradient-boosted decision trees for a binary target under log-loss (the second pass of the
 * block model: score/trees.ts holds the result). Pure.
 *
 * The usual histogram method, written for a few hundred thousand rows and about a hundred
 * features: every feature is cut once into at most `bins` quantile bins, trees grow level by
 * level to `depth`, each split found from per-bin sums of gradients and Hessians (the smaller
 * child's histogram is built, the larger one's is the parent's minus it), and every tree sees
 * a random `subsample` of the rows. Leaf values are Newton steps, −G/(H+λ), shrunk by the
 * learning rate. Nothing here is specific to pages.
 */
import type { TreeEnsemble, TreeNodes } from '../../score/trees.js';
import { seededRandom } from '../metrics.js';

export interface GbdtData {
  /** Row-major features, rows × dims. */
  x: Float64Array;
  /** Targets in [0, 1]. */
  y: Float64Array;
  /** Row weights (any scale). */
  w: Float64Array;
  rows: number;
  dims: number;
}

export interface GbdtOptions {
  trees: number;
  depth: number;
  learningRate: number;
  /** Share of rows each tree is grown on. */
  subsample: number;
  /** A child needs at least this much Hessian (weights are rescaled to a mean of 1). */
  minChildHessian: number;
  /** L2 penalty on leaf values. */
  lambda: number;
  bins: number;
  seed: number;
}

export const DEFAULT_GBDT: Readonly<GbdtOptions> = Object.freeze({
  trees: 200,
  depth: 4,
  learningRate: 0.1,
  subsample: 0.5,
  minChildHessian: 20,
  lambda: 1,
  bins: 32,
  seed: 1,
});

interface Binned {
  bins: Uint8Array;
  /** cuts[j][b]: the largest value of bin b of feature j. */
  cuts: number[][];
}

/** Quantile cut points of every feature from a sample of rows, and each value's bin. */
function binFeatures(data: GbdtData, maxBins: number, random: () => number): Binned {
  const { x, rows, dims } = data;
  const sampleSize = Math.min(rows, 50_000);
  const sample = Array.from({ length: sampleSize }, () => Math.floor(random() * rows));
  const cuts: number[][] = [];
  for (let j = 0; j < dims; j++) {
    const values = Float64Array.from(sample, (r) => x[r * dims + j]!).sort();
    const distinct: number[] = [];
    for (let i = 0; i < values.length; i++) if (i === 0 || values[i] !== values[i - 1]) distinct.push(values[i]!);
    let c: number[];
    if (distinct.length <= maxBins) {
      c = distinct.slice(0, -1).map((v, i) => (v + distinct[i + 1]!) / 2);
    } else {
      const set = new Set<number>();
      for (let b = 1; b < maxBins; b++) {
        const v = values[Math.floor((b * values.length) / maxBins)]!;
        const next = distinct.find((d) => d > v);
        if (next !== undefined) set.add((v + next) / 2);
      }
      c = [...set].sort((a, b) => a - b);
    }
    cuts.push(c);
  }
  const bins = new Uint8Array(rows * dims);
  for (let r = 0; r < rows; r++) {
    for (let j = 0; j < dims; j++) {
      const v = x[r * dims + j]!;
      const c = cuts[j]!;
      let lo = 0;
      let hi = c.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (v <= c[mid]!) hi = mid;
        else lo = mid + 1;
      }
      bins[r * dims + j] = lo;
    }
  }
  return { bins, cuts };
}

interface GrowNode {
  id: number;
  rows: Int32Array;
  g: Float64Array;
  h: Float64Array;
  G: number;
  H: number;
  depth: number;
}

export function fitGbdt(data: GbdtData, features: readonly string[], options: Partial<GbdtOptions> = {}): TreeEnsemble {
  const o = { ...DEFAULT_GBDT, ...options };
  const { y, rows, dims } = data;
  const random = seededRandom(o.seed);
  const { bins, cuts } = binFeatures(data, o.bins, random);
  const B = o.bins;
  let total = 0;
  for (let r = 0; r < rows; r++) total += data.w[r]!;
  const w = Float64Array.from(data.w, (v) => (v * rows) / Math.max(total, 1e-12));
  let positive = 0;
  for (let r = 0; r < rows; r++) positive += w[r]! * y[r]!;
  const rate = Math.min(1 - 1e-6, Math.max(1e-6, positive / rows));
  const base = Math.log(rate / (1 - rate));
  const F = new Float64Array(rows).fill(base);
  const grad = new Float64Array(rows);
  const hess = new Float64Array(rows);
  const trees: TreeNodes[] = [];

  for (let t = 0; t < o.trees; t++) {
    for (let r = 0; r < rows; r++) {
      const p = 1 / (1 + Math.exp(-F[r]!));
      grad[r] = w[r]! * (p - y[r]!);
      hess[r] = w[r]! * Math.max(p * (1 - p), 1e-6);
    }
    const chosen: number[] = [];
    for (let r = 0; r < rows; r++) if (random() < o.subsample) chosen.push(r);
    const tree: TreeNodes = { feature: [], threshold: [], left: [], right: [], value: [] };
    const addNode = (G: number, H: number): number => {
      tree.feature.push(-1);
      tree.threshold.push(0);
      tree.left.push(-1);
      tree.right.push(-1);
      tree.value.push((-G / (H + o.lambda)) * o.learningRate);
      return tree.feature.length - 1;
    };
    const rootRows = Int32Array.from(chosen);
    const [rootG, rootH] = sums(rootRows, grad, hess);
    const root: GrowNode = { id: addNode(rootG, rootH), rows: rootRows, ...histogram(rootRows, bins, grad, hess, dims, B), G: rootG, H: rootH, depth: 0 };
    let level: GrowNode[] = [root];
    while (level.length > 0) {
      const next: GrowNode[] = [];
      for (const node of level) {
        if (node.depth >= o.depth) continue;
        const split = bestSplit(node, dims, B, o.minChildHessian, o.lambda);
        if (!split) continue;
        const leftRows: number[] = [];
        const rightRows: number[] = [];
        for (const r of node.rows) (bins[r * dims + split.feature]! <= split.bin ? leftRows : rightRows).push(r);
        const lr = Int32Array.from(leftRows);
        const rr = Int32Array.from(rightRows);
        // Build the smaller child's histogram; the larger one's is the parent's minus it.
        const smallIsLeft = lr.length <= rr.length;
        const small = histogram(smallIsLeft ? lr : rr, bins, grad, hess, dims, B);
        const large = { g: node.g.slice(), h: node.h.slice() };
        for (let k = 0; k < large.g.length; k++) {
          large.g[k]! -= small.g[k]!;
          large.h[k]! -= small.h[k]!;
        }
        const leftHist = smallIsLeft ? small : large;
        const rightHist = smallIsLeft ? large : small;
        const leftId = addNode(split.GL, split.HL);
        const rightId = addNode(node.G - split.GL, node.H - split.HL);
        tree.feature[node.id] = split.feature;
        tree.threshold[node.id] = cuts[split.feature]![split.bin]!;
        tree.left[node.id] = leftId;
        tree.right[node.id] = rightId;
        next.push({ id: leftId, rows: lr, ...leftHist, G: split.GL, H: split.HL, depth: node.depth + 1 });
        next.push({ id: rightId, rows: rr, ...rightHist, G: node.G - split.GL, H: node.H - split.HL, depth: node.depth + 1 });
      }
      level = next;
    }
    // Every row moves by its leaf's value, sampled or not (bins decide as thresholds would).
    const splitBin = tree.feature.map((f, k) => (f < 0 ? -1 : cuts[f]!.indexOf(tree.threshold[k]!)));
    for (let r = 0; r < rows; r++) {
      let k = 0;
      while (tree.feature[k]! >= 0) k = bins[r * dims + tree.feature[k]!]! <= splitBin[k]! ? tree.left[k]! : tree.right[k]!;
      F[r]! += tree.value[k]!;
    }
    trees.push(roundTree(tree));
  }
  return { features: [...features], base: round(base), trees };
}

function sums(rows: Int32Array, grad: Float64Array, hess: Float64Array): [number, number] {
  let G = 0;
  let H = 0;
  for (const r of rows) {
    G += grad[r]!;
    H += hess[r]!;
  }
  return [G, H];
}

function histogram(rows: Int32Array, bins: Uint8Array, grad: Float64Array, hess: Float64Array, dims: number, B: number): { g: Float64Array; h: Float64Array } {
  const g = new Float64Array(dims * B);
  const h = new Float64Array(dims * B);
  for (const r of rows) {
    const gr = grad[r]!;
    const hr = hess[r]!;
    const o = r * dims;
    for (let j = 0; j < dims; j++) {
      const k = j * B + bins[o + j]!;
      g[k]! += gr;
      h[k]! += hr;
    }
  }
  return { g, h };
}

function bestSplit(node: GrowNode, dims: number, B: number, minChild: number, lambda: number): { feature: number; bin: number; GL: number; HL: number } | undefined {
  const parentScore = (node.G * node.G) / (node.H + lambda);
  let best: { feature: number; bin: number; GL: number; HL: number; gain: number } | undefined;
  for (let j = 0; j < dims; j++) {
    let GL = 0;
    let HL = 0;
    for (let b = 0; b < B - 1; b++) {
      GL += node.g[j * B + b]!;
      HL += node.h[j * B + b]!;
      const HR = node.H - HL;
      if (HL < minChild) continue;
      if (HR < minChild) break;
      const GR = node.G - GL;
      const gain = (GL * GL) / (HL + lambda) + (GR * GR) / (HR + lambda) - parentScore;
      if (gain > 1e-9 && (!best || gain > best.gain)) best = { feature: j, bin: b, GL, HL, gain };
    }
  }
  return best;
}

function round(v: number): number {
  return Math.round(v * 1e6) / 1e6;
}

function roundTree(t: TreeNodes): TreeNodes {
  return { ...t, value: t.value.map(round) };
}
