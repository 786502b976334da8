import { test, expect } from '@playwright/test';
import {
  addSample,
  applyScaling,
  assign,
  chooseK,
  createModel,
  fitScaling,
  fromVector,
  InvalidFeaturesError,
  membership,
  memberships,
  toVector,
  type ClusterModel,
  type NodeFeatures,
} from '../../src/cluster/index.js';

// ── synthetic data ──────────────────────────────────────────────────────────────────────

/** xorshift32: a small seeded PRNG, so every run sees the same points. */
function makeRandom(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state / 4294967296;
  };
}

/** Standard normal by Box–Muller. */
function gaussian(random: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

/** `perBlob` points around each centre, σ per component; returns points and true labels. */
function blobs(centres: number[][], perBlob: number, sigma: number, seed: number) {
  const random = makeRandom(seed);
  const points: number[][] = [];
  const labels: number[] = [];
  centres.forEach((centre, label) => {
    for (let i = 0; i < perBlob; i++) {
      points.push(centre.map((x) => x + sigma * gaussian(random)));
      labels.push(label);
    }
  });
  return { points, labels };
}

/** Centres on the axes of 5-D space, `separation` apart from the origin. */
function axisCentres(count: number, separation: number): number[][] {
  return Array.from({ length: count }, (_, i) => [0, 0, 0, 0, 0].map((_, d) => (i > 0 && d === i - 1 ? separation : 0)));
}

/**
 * Kinds of DOM node as raw features, log-normal around a typical node of each kind
 * (σ = 0.05 in log units): what the scaled space sees as well-separated blobs.
 */
const NODE_KINDS: NodeFeatures[] = [
  { textLength: 4000, meanParagraphLength: 400, linkTextLength: 60, imageCount: 2, punctuationCount: 40 },
  { textLength: 900, meanParagraphLength: 150, linkTextLength: 20, imageCount: 8, punctuationCount: 9 },
  { textLength: 12000, meanParagraphLength: 900, linkTextLength: 400, imageCount: 1, punctuationCount: 150 },
  { textLength: 300, meanParagraphLength: 30, linkTextLength: 250, imageCount: 20, punctuationCount: 1 },
];

function nodeSamples(kinds: number[], perKind: number, seed: number): NodeFeatures[] {
  const random = makeRandom(seed);
  const out: NodeFeatures[] = [];
  for (let i = 0; i < perKind; i++) {
    for (const kind of kinds) {
      const base = toVector(NODE_KINDS[kind]!);
      out.push(fromVector(base.map((x) => Math.expm1(Math.log1p(x) + 0.05 * gaussian(random)))));
    }
  }
  return out;
}

/** The raw features whose scaled vector is `scaled` (inverse of the model's scaling). */
function rawAt(model: ClusterModel, scaled: readonly number[]): NodeFeatures {
  const { means, stds } = model.scaling;
  return fromVector(scaled.map((z, d) => Math.expm1(z * stds[d]! + means[d]!)));
}

function mustCreate(samples: NodeFeatures[], params: Parameters<typeof createModel>[1]): ClusterModel {
  const result = createModel(samples, params);
  if (result.kind !== 'model') throw new Error(`expected a model, got ${result.reason}`);
  return result.model;
}

// ── choosing k ──────────────────────────────────────────────────────────────────────────

const CHOOSE = { kRange: { min: 2, max: 8 }, seed: 7, densityDistanceFloor: 0.05 };

for (const trueK of [2, 3]) {
  test(`chooseK finds k = ${trueK} on ${trueK} well-separated blobs`, () => {
    for (const dataSeed of [1, 2, 3]) {
      const { points, labels } = blobs(axisCentres(trueK, 40), 40, 1, dataSeed);
      const result = chooseK(points, CHOOSE);
      expect(result.kind).toBe('chosen');
      if (result.kind !== 'chosen') return;
      expect(result.k).toBe(trueK);
      // Every k of the range was tried and reported; the chosen one has the largest V.
      expect(result.evaluations.map((e) => e.k)).toEqual([2, 3, 4, 5, 6, 7, 8]);
      const best = Math.max(...result.evaluations.map((e) => e.validity ?? -1));
      expect(result.evaluations.find((e) => e.k === trueK)?.validity).toBe(best);
      // The clusters are the blobs: points of one blob share one cluster, blobs do not share.
      const clusterOfBlob = new Map<number, Set<number>>();
      labels.forEach((label, i) => {
        const set = clusterOfBlob.get(label) ?? new Set<number>();
        set.add(result.clustering.assignments[i]!);
        clusterOfBlob.set(label, set);
      });
      const firstClusters = [...clusterOfBlob.values()].map((set) => [...set]);
      for (const clusters of firstClusters) expect(clusters).toHaveLength(1);
      expect(new Set(firstClusters.map((c) => c[0])).size).toBe(trueK);
    }
  });
}

test('chooseK reports too few samples as a value', () => {
  const tooFew = chooseK([[0, 0, 0, 0, 0], [1, 1, 1, 1, 1], [2, 2, 2, 2, 2]], CHOOSE);
  expect(tooFew).toMatchObject({ kind: 'too-few-samples', sampleCount: 3, requiredCount: 4 });
  const identical = chooseK(Array.from({ length: 10 }, () => [1, 2, 3, 4, 5]), CHOOSE);
  expect(identical).toMatchObject({ kind: 'too-few-samples', sampleCount: 10, distinctCount: 1 });
});

test('the k range is cut to n − 1 for a small sample', () => {
  const { points } = blobs(axisCentres(2, 40), 3, 1, 5);
  const result = chooseK(points, CHOOSE);
  if (result.kind !== 'chosen') throw new Error(result.reason);
  expect(result.evaluations.map((e) => e.k)).toEqual([2, 3, 4, 5]);
});

// ── features and membership ─────────────────────────────────────────────────────────────

test('scaling is log1p then z-score, fitted on the training set; a constant feature gets std 1', () => {
  const raw = [
    [0, 3, 7, 1, 2],
    [Math.E ** 2 - 1, 3, 7, 1, 2],
  ];
  const scaling = fitScaling(raw);
  expect(scaling.kind).toBe('log1p-zscore');
  expect(scaling.means[0]).toBeCloseTo(1, 12); // log1p values 0 and 2
  expect(scaling.stds[0]).toBeCloseTo(1, 12); // population std of {0, 2}
  expect(scaling.means[1]).toBeCloseTo(Math.log(4), 12);
  expect(scaling.stds[1]).toBe(1);
  expect(applyScaling(scaling, raw[1]!)[0]).toBeCloseTo(1, 12);
  // A value the training set never had still moves the constant feature, in log units.
  expect(applyScaling(scaling, [0, Math.E * 4 - 1, 7, 1, 2])[1]).toBeCloseTo(1, 12);
});

test('features must be finite counts ≥ 0', () => {
  const good = NODE_KINDS[0]!;
  expect(toVector(good)).toEqual([4000, 400, 60, 2, 40]);
  expect(() => toVector({ ...good, imageCount: -1 })).toThrow(InvalidFeaturesError);
  expect(() => toVector({ ...good, textLength: Number.NaN })).toThrow(InvalidFeaturesError);
});

test('membership γ = dᵢ / ‖p − cᵢ‖, by hand', () => {
  const near = { centre: [0, 0], meanDistance: 2 };
  const far = { centre: [10, 0], meanDistance: 1 };
  expect(membership([3, 4], near)).toBeCloseTo(0.4, 12); // 2 / 5
  expect(membership([10, 2], far)).toBeCloseTo(0.5, 12); // 1 / 2
  expect(membership([0, 0], near)).toBe(Infinity);
  const result = memberships([8, 0], [near, far]); // 2/8 and 1/2
  expect(result.gammas[0]).toBeCloseTo(0.25, 12);
  expect(result.gammas[1]).toBeCloseTo(0.5, 12);
  expect(result.gammaMax).toBeCloseTo(0.5, 12);
  expect(result.cluster).toBe(1);
  // A cluster with no spread accepts only its centre.
  expect(membership([0, 0.001], { centre: [0, 0], meanDistance: 0 })).toBe(0);
  expect(memberships([1, 1], [])).toEqual({ gammas: [], gammaMax: 0, cluster: null });
});

// ── the incremental model ───────────────────────────────────────────────────────────────

test('createModel clusters the training set and records the scaling and the k figures', () => {
  const model = mustCreate(nodeSamples([0, 1, 2], 30, 11), {});
  expect(model.clusters).toHaveLength(3);
  expect(model.clusters.reduce((sum, c) => sum + c.size, 0)).toBe(90);
  expect(model.samples).toHaveLength(90);
  expect(model.stats).toMatchObject({ samplesSeen: 90, reclusterCount: 0, placedCount: 0 });
  expect(model.kChoice.length).toBeGreaterThan(1);
  // Each training kind is recognised with full confidence.
  for (const kind of [0, 1, 2]) expect(assign(model, NODE_KINDS[kind]!).gammaMax).toBeGreaterThan(1);
  // A link list is nothing like any of them.
  expect(assign(model, NODE_KINDS[3]!).accepted).toBe(false);
});

test('createModel with too few samples says so', () => {
  const result = createModel(nodeSamples([0], 3, 1), {});
  expect(result).toMatchObject({ kind: 'too-few-samples', sampleCount: 3 });
});

test('a sample near a centre is placed without moving any centre; a far one stays buffered', () => {
  const model = mustCreate(nodeSamples([0, 1, 2], 20, 3), { bufferThreshold: 3 });
  const before = structuredClone(model);
  const near = rawAt(model, model.clusters[1]!.centre);
  const far = NODE_KINDS[3]!;
  expect(assign(model, far).gammaMax).toBeLessThan(0.5);

  let state = model;
  for (let i = 0; i < 3; i++) {
    const { model: next, event } = addSample(state, i === 1 ? far : near);
    expect(event).toMatchObject({ processed: false, placed: 0, bufferSize: i + 1 });
    state = next;
  }
  const { model: after, event } = addSample(state, near);
  expect(event).toMatchObject({ processed: true, placed: 3, reclustered: false, bufferSize: 1 });
  expect(event.placements.map((p) => p.cluster)).toEqual([1, 1, 1]);
  expect(after.buffer).toEqual([toVector(far)]);
  expect(after.clusters.map((c) => c.centre)).toEqual(before.clusters.map((c) => c.centre));
  expect(after.clusters.map((c) => c.meanDistance)).toEqual(before.clusters.map((c) => c.meanDistance));
  expect(after.clusters[1]!.size).toBe(before.clusters[1]!.size + 3);
  expect(after.clusters[0]!.size).toBe(before.clusters[0]!.size);
  expect(after.stats).toMatchObject({ placedCount: 3, reclusterCount: 0, samplesSeen: 64 });
  expect(after.samples).toHaveLength(63);
  // The input model was not changed.
  expect(model).toEqual(before);
});

test('a buffer of samples no cluster accepts triggers a re-cluster', () => {
  const model = mustCreate(nodeSamples([0, 1], 20, 4), { bufferThreshold: 4 });
  const newKind = nodeSamples([3], 5, 9);
  let state = model;
  const events = newKind.map((sample) => {
    expect(assign(state, sample).accepted).toBe(false);
    const result = addSample(state, sample);
    state = result.model;
    return result.event;
  });
  expect(events.slice(0, 4).every((e) => !e.processed)).toBe(true);
  expect(events[4]).toMatchObject({ processed: true, placed: 0, reclustered: true, kBefore: 2, bufferSize: 0 });
  expect(state.stats.reclusterCount).toBe(1);
  expect(state.stats.reclusterHistory).toEqual([{ samplesSeen: 45, k: state.clusters.length }]);
  expect(state.buffer).toEqual([]);
  expect(state.samples).toHaveLength(45);
  // The new kind now has a cluster of its own.
  expect(assign(state, NODE_KINDS[3]!).accepted).toBe(true);
  expect(state.scaling).not.toEqual(model.scaling);
});

test('re-clustering becomes rarer as samples from a fixed set of kinds stream in', () => {
  let state = mustCreate(nodeSamples([0, 1], 10, 21), { bufferThreshold: 5 });
  const stream = nodeSamples([0, 1, 2, 3], 60, 22);
  const random = makeRandom(23);
  const order = stream.map((sample) => ({ sample, key: random() })).sort((a, b) => a.key - b.key);
  const reclusteredAt: number[] = [];
  order.forEach(({ sample }, i) => {
    const { model, event } = addSample(state, sample);
    if (event.reclustered) reclusteredAt.push(i);
    state = model;
  });
  const half = order.length / 2;
  const firstHalf = reclusteredAt.filter((i) => i < half).length;
  const secondHalf = reclusteredAt.length - firstHalf;
  expect(firstHalf).toBeGreaterThan(0);
  expect(secondHalf).toBeLessThan(firstHalf);
  expect(state.stats.reclusterCount).toBe(reclusteredAt.length);
  expect(state.stats.placedCount).toBeGreaterThan(order.length / 2);
});

test('the retained samples stay within maxRetainedSamples, as a reservoir of everything clustered', () => {
  let state = mustCreate(nodeSamples([0, 1], 10, 31), { bufferThreshold: 2, maxRetainedSamples: 24 });
  expect(state.samples).toHaveLength(20);
  const stream = nodeSamples([0, 1], 30, 32);
  for (const sample of stream) state = addSample(state, sample).model;
  expect(state.samples).toHaveLength(24);
  expect(state.stats.samplesClustered).toBe(80 - state.buffer.length);
  // Later samples did get in: the reservoir is not just the first 24.
  const streamed = new Set(stream.map((s) => toVector(s).join(',')));
  expect(state.samples.some((v) => streamed.has(v.join(',')))).toBe(true);
});

test('the same samples and seed give the same model', () => {
  const samples = nodeSamples([0, 1, 2, 3], 15, 41);
  expect(mustCreate(samples, { seed: 5 })).toEqual(mustCreate(samples, { seed: 5 }));
});

test('createModel with no samples says so', () => {
  expect(createModel([], {})).toMatchObject({ kind: 'too-few-samples', sampleCount: 0, requiredCount: 4 });
});
