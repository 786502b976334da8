/**
 * The incremental k-means model of article bodies (docs/methods.md §5, patent c-2-2).
 *
 * All functions are pure: they never change the model they are given and return a new one
 * (unchanged parts are shared, so treat models as read-only values). A model is plain JSON
 * data; `model-io.ts` writes and reads it.
 *
 * Choices the patent leaves open, and ours:
 * - Placing a sample (γmax ≥ threshold) increments its cluster's size and changes nothing
 *   else: not the centre (the patent: "the cluster centre does not change", so that new
 *   samples cannot shift the structure), and not dᵢ either. Updating dᵢ with samples that
 *   may lie at up to 2·dᵢ would widen every cluster a little at each placement, and the
 *   acceptance region would creep outwards between re-clusters. dᵢ is therefore "the mean
 *   distance at the last (re-)clustering"; the next re-cluster recomputes it from the data.
 * - "Re-cluster all samples": the model keeps the raw vectors it has clustered (training
 *   samples, placed samples, and buffered samples once re-clustered), up to
 *   `maxRetainedSamples`, then a uniform reservoir sample of them (Algorithm R, with a
 *   counter-based hash of the seed as its random source so the model stays plain data).
 *   A re-cluster refits the scaling, chooses k afresh and clusters retained + buffered
 *   samples; cluster sizes afterwards count retained samples, not every sample ever seen.
 * - A buffered sample is examined only when the buffer holds more than `bufferThreshold`
 *   (patent c-2-2-3), not on arrival; the one that tips the buffer over is examined at once.
 */
import { MIN_SAMPLES_PER_CLUSTER, chooseK, type KEvaluation, type TooFewSamples } from './choose-k.js';
import { applyScaling, fitScaling, toVector, type NodeFeatures, type Scaling } from './features.js';
import { resolveParams, type ClusterParams } from './params.js';
import { assignRaw } from './assign.js';

export { assign, assignRaw, type Assignment } from './assign.js';

/** Version of the model's data layout; `parseModel` refuses any other. */
export const MODEL_VERSION = 1;

export interface ModelCluster {
  /** Centre cᵢ, in scaled units; fixed between re-clusters. */
  centre: number[];
  /** Samples in the cluster: those it was fitted on plus those placed in it since. */
  size: number;
  /** dᵢ (def. 6) at the last (re-)clustering, in scaled units. */
  meanDistance: number;
}

export interface ModelStats {
  /** Training samples plus every sample passed to `addSample`. */
  samplesSeen: number;
  /** Samples that have entered the clustered data (offered to the retained-sample reservoir). */
  samplesClustered: number;
  /** Re-clusters since the model was created (the initial clustering is not one). */
  reclusterCount: number;
  /** Buffered samples placed in an existing cluster. */
  placedCount: number;
  /** One entry per re-cluster: `samplesSeen` at that moment and the k chosen. */
  reclusterHistory: Array<{ samplesSeen: number; k: number }>;
}

export interface ClusterModel {
  version: typeof MODEL_VERSION;
  scaling: Scaling;
  clusters: ModelCluster[];
  /** Raw vectors of the clustered samples (all of them, or a reservoir of them). */
  samples: number[][];
  /** Raw vectors waiting to be placed or re-clustered. */
  buffer: number[][];
  params: ClusterParams;
  stats: ModelStats;
  /** Figures of every k tried at the last (re-)clustering, for reports. */
  kChoice: KEvaluation[];
}

export type CreateModelResult = { kind: 'model'; model: ClusterModel } | TooFewSamples;

/** What one `addSample` did, for a crawl's log. */
export interface AddSampleEvent {
  samplesSeen: number;
  /** Buffer size after the call. */
  bufferSize: number;
  /** The buffer held more than `bufferThreshold`, so every buffered sample was examined. */
  processed: boolean;
  /** Samples placed in a cluster by this call. */
  placed: number;
  placements: Array<{ cluster: number; gammaMax: number }>;
  reclustered: boolean;
  kBefore: number;
  kAfter: number;
  /** Set when a re-cluster was due but could not run (too few distinct samples). */
  reclusterSkipped?: string;
}

/** Fits the scaling, chooses k and clusters the training samples. */
export function createModel(
  samples: readonly NodeFeatures[],
  params: Partial<ClusterParams> = {},
): CreateModelResult {
  const resolved = resolveParams(params);
  const raw = samples.map(toVector);
  const fitted = fit(raw, resolved);
  if (fitted.kind === 'too-few-samples') return fitted;
  const reservoir = offerToReservoir([], 0, raw, resolved);
  return {
    kind: 'model',
    model: {
      version: MODEL_VERSION,
      scaling: fitted.scaling,
      clusters: fitted.clusters,
      samples: reservoir.samples,
      buffer: [],
      params: resolved,
      stats: {
        samplesSeen: raw.length,
        samplesClustered: reservoir.offered,
        reclusterCount: 0,
        placedCount: 0,
        reclusterHistory: [],
      },
      kChoice: fitted.kChoice,
    },
  };
}

/**
 * Adds one new sample (patent c-2-2-2) and, when the buffer holds more than the threshold,
 * places what it can (c-2-2-3) or, if nothing can be placed, re-clusters everything
 * (c-2-2-4). Returns the new model and what happened.
 */
export function addSample(
  model: ClusterModel,
  features: NodeFeatures,
): { model: ClusterModel; event: AddSampleEvent } {
  const buffer = [...model.buffer, toVector(features)];
  const samplesSeen = model.stats.samplesSeen + 1;
  const k = model.clusters.length;
  const quiet: AddSampleEvent = {
    samplesSeen,
    bufferSize: buffer.length,
    processed: false,
    placed: 0,
    placements: [],
    reclustered: false,
    kBefore: k,
    kAfter: k,
  };
  if (buffer.length <= model.params.bufferThreshold) {
    return { model: { ...model, buffer, stats: { ...model.stats, samplesSeen } }, event: quiet };
  }

  const sizes = model.clusters.map((cluster) => cluster.size);
  const placedVectors: number[][] = [];
  const placements: AddSampleEvent['placements'] = [];
  const remaining: number[][] = [];
  for (const vector of buffer) {
    const assignment = assignRaw(model, vector);
    if (assignment.accepted && assignment.cluster !== null) {
      sizes[assignment.cluster] = (sizes[assignment.cluster] ?? 0) + 1;
      placedVectors.push(vector);
      placements.push({ cluster: assignment.cluster, gammaMax: assignment.gammaMax });
    } else {
      remaining.push(vector);
    }
  }

  if (placedVectors.length > 0) {
    const reservoir = offerToReservoir(model.samples, model.stats.samplesClustered, placedVectors, model.params);
    const next: ClusterModel = {
      ...model,
      // Only the size changes: centre and dᵢ stay as fitted (see the header).
      clusters: model.clusters.map((cluster, i) =>
        sizes[i] === cluster.size ? cluster : { ...cluster, size: sizes[i] ?? cluster.size },
      ),
      samples: reservoir.samples,
      buffer: remaining,
      stats: {
        ...model.stats,
        samplesSeen,
        samplesClustered: reservoir.offered,
        placedCount: model.stats.placedCount + placedVectors.length,
      },
    };
    return {
      model: next,
      event: { ...quiet, processed: true, bufferSize: remaining.length, placed: placedVectors.length, placements },
    };
  }

  return recluster({ ...model, buffer, stats: { ...model.stats, samplesSeen } }, quiet);
}

/** Re-clusters retained + buffered samples (c-2-2-4), with a fresh scaling and k. */
function recluster(model: ClusterModel, quiet: AddSampleEvent): { model: ClusterModel; event: AddSampleEvent } {
  const fitted = fit([...model.samples, ...model.buffer], model.params);
  if (fitted.kind === 'too-few-samples') {
    // Cannot happen for a model built by createModel (the data only grows), but a model file
    // edited by hand might; keep the model and say why nothing was done.
    return { model, event: { ...quiet, processed: true, reclusterSkipped: fitted.reason } };
  }
  const reservoir = offerToReservoir(model.samples, model.stats.samplesClustered, model.buffer, model.params);
  const kAfter = fitted.clusters.length;
  const next: ClusterModel = {
    ...model,
    scaling: fitted.scaling,
    clusters: fitted.clusters,
    samples: reservoir.samples,
    buffer: [],
    stats: {
      ...model.stats,
      samplesClustered: reservoir.offered,
      reclusterCount: model.stats.reclusterCount + 1,
      reclusterHistory: [...model.stats.reclusterHistory, { samplesSeen: model.stats.samplesSeen, k: kAfter }],
    },
    kChoice: fitted.kChoice,
  };
  return { model: next, event: { ...quiet, processed: true, bufferSize: 0, reclustered: true, kAfter } };
}

type Fitted = { kind: 'fitted'; scaling: Scaling; clusters: ModelCluster[]; kChoice: KEvaluation[] };

/** Scaling fitted on `raw`, then k chosen and clusters made. */
function fit(raw: number[][], params: ClusterParams): Fitted | TooFewSamples {
  if (raw.length === 0) {
    const requiredCount = MIN_SAMPLES_PER_CLUSTER * params.kRange.min;
    return { kind: 'too-few-samples', sampleCount: 0, distinctCount: 0, requiredCount, reason: 'no samples' };
  }
  const scaling = fitScaling(raw);
  const scaled = raw.map((vector) => applyScaling(scaling, vector));
  const choice = chooseK(scaled, {
    kRange: params.kRange,
    seed: params.seed,
    densityDistanceFloor: params.densityDistanceFloor,
  });
  if (choice.kind === 'too-few-samples') return choice;
  const { centres, sizes, meanDistances } = choice.clustering;
  const clusters = centres.map((centre, i) => ({ centre, size: sizes[i] ?? 0, meanDistance: meanDistances[i] ?? 0 }));
  return { kind: 'fitted', scaling, clusters, kChoice: choice.evaluations };
}

/**
 * Algorithm R: the t-th vector offered (1-based) is kept while fewer than `max` are held,
 * and afterwards replaces a held one with probability max / t. Returns new arrays.
 */
function offerToReservoir(
  held: readonly number[][],
  offeredBefore: number,
  vectors: readonly number[][],
  params: ClusterParams,
): { samples: number[][]; offered: number } {
  const samples = [...held];
  let offered = offeredBefore;
  for (const vector of vectors) {
    offered += 1;
    if (samples.length < params.maxRetainedSamples) {
      samples.push(vector);
      continue;
    }
    const slot = Math.floor(uniform(params.seed, offered) * offered);
    if (slot < params.maxRetainedSamples) samples[slot] = vector;
  }
  return { samples, offered };
}

/** A number in [0, 1) determined by (seed, counter): a 32-bit integer hash, no state. */
function uniform(seed: number, counter: number): number {
  let h = (Math.imul(seed | 0, 0x9e3779b1) ^ Math.imul(counter | 0, 0x85ebca77)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d) >>> 0;
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b) >>> 0;
  h = (h ^ (h >>> 16)) >>> 0;
  return h / 4294967296;
}
