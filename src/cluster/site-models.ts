/**
 * One incremental cluster model per site, and one global, learnt as a crawl goes (docs/methods.md §5,
 * "the model persists"; issue 10). Pure: plain data in and out, no I/O.
 *
 * A site's template repeats, so its bodies are alike (length, paragraph length, links, images,
 * sentence ends) and a model of them is tighter than any model of all sites: a node outside it
 * on a later page of the same site is far outside (γ small), which is what the veto cascade
 * needs to overrule the visual pick with confidence.
 *
 * Life of a site model:
 *   1. the first `initialSamples` bodies are only gathered (k-means on fewer means nothing);
 *   2. then the model is created (k chosen as usual) and every later body goes through
 *      `addSample` (buffer, place, re-cluster);
 *   3. the model is **stable** once `stableAfterPlaced` bodies have been placed in existing
 *      clusters since the last (re-)clustering — docs/methods.md §5's "re-clustering becomes rarer as
 *      data grows", read per site. A re-cluster makes it unstable again until as many more
 *      are placed. Only a stable model is consulted.
 * The global model learns every site's bodies the same way and is kept for `model info` and
 * later crawls (it is not consulted: on AEB a cross-site model gained nothing, see
 * model-stage.ts).
 */
import { z } from 'zod';
import { ModelFormatError } from './errors.js';
import { FEATURE_COUNT, FEATURE_NAMES, fromVector, toVector, type NodeFeatures } from './features.js';
import { addSample, createModel, type AddSampleEvent, type ClusterModel } from './incremental-kmeans.js';
import { parseModel, serializeModel } from './model-io.js';
import type { ClusterParams } from './params.js';

export interface SiteLearningParams {
  /** Cluster parameters of every site model (recorded in each). */
  cluster: Partial<ClusterParams>;
  /** Bodies gathered before a site's first clustering. */
  initialSamples: number;
  /** Bodies placed since the last (re-)clustering before the model is consulted. */
  stableAfterPlaced: number;
}

/**
 * Reasoned defaults, then checked on the local web (`npm run bench:model`): 8 bodies are enough
 * for k = 2..3 on one template; a buffer of 4 (examined at the 5th body) lets a site's model
 * react within a few pages instead of the global model's 20; 8 placements in a row mean about
 * two buffer rounds without a re-cluster.
 */
export const DEFAULT_SITE_LEARNING: Readonly<SiteLearningParams> = Object.freeze({
  cluster: Object.freeze({ bufferThreshold: 4 }),
  initialSamples: 8,
  stableAfterPlaced: 8,
});

/** What is kept of one site (or of the global model); plain JSON. */
export interface SiteModelState {
  /** Raw vectors gathered before the first clustering. */
  pending: number[][];
  model: ClusterModel | null;
  /** Bodies placed in an existing cluster since the last (re-)clustering. */
  placedSinceFit: number;
  samplesSeen: number;
  /** `samplesSeen` when the model last became stable; null while it is not. */
  stableSince: number | null;
}

/** What one body did to a model. */
export interface LearnEvent {
  samplesSeen: number;
  created: boolean;
  reclustered: boolean;
  placed: number;
  stable: boolean;
  /** Set when the model could not be created yet (too few distinct bodies). */
  waiting?: string;
}

const emptyState = (): SiteModelState => ({ pending: [], model: null, placedSinceFit: 0, samplesSeen: 0, stableSince: null });

/** Adds one body to a state; returns the new state (the old one is not changed). */
export function learnBody(state: SiteModelState, features: NodeFeatures, params: SiteLearningParams): { state: SiteModelState; event: LearnEvent } {
  const samplesSeen = state.samplesSeen + 1;
  if (state.model === null) {
    const pending = [...state.pending, toVector(features)];
    const quiet = { samplesSeen, created: false, reclustered: false, placed: 0, stable: false };
    if (pending.length < params.initialSamples) return { state: { ...state, pending, samplesSeen }, event: quiet };
    const created = createModel(pending.map(fromVector), params.cluster);
    if (created.kind === 'too-few-samples') return { state: { ...state, pending, samplesSeen }, event: { ...quiet, waiting: created.reason } };
    return { state: { pending: [], model: created.model, placedSinceFit: 0, samplesSeen, stableSince: null }, event: { ...quiet, created: true } };
  }
  const step: { model: ClusterModel; event: AddSampleEvent } = addSample(state.model, features);
  const placedSinceFit = step.event.reclustered ? 0 : state.placedSinceFit + step.event.placed;
  const stable = placedSinceFit >= params.stableAfterPlaced;
  const stableSince = stable ? (state.stableSince ?? samplesSeen) : null;
  return {
    state: { pending: [], model: step.model, placedSinceFit, samplesSeen, stableSince },
    event: { samplesSeen, created: false, reclustered: step.event.reclustered, placed: step.event.placed, stable },
  };
}

/** The models of a crawl: one per site and one global. */
export class SiteModels {
  private readonly sites = new Map<string, SiteModelState>();
  private global: SiteModelState = emptyState();
  /** Sites (and '' for the global model) changed since `takeDirty`. */
  private readonly dirty = new Set<string>();

  constructor(readonly params: SiteLearningParams = DEFAULT_SITE_LEARNING) {}

  /** The site's model when it is stable, else undefined. */
  consult(site: string): ClusterModel | undefined {
    const state = this.sites.get(site);
    return state?.stableSince != null ? (state.model ?? undefined) : undefined;
  }

  /** Feeds one extracted body to the site's model and to the global one. */
  learn(site: string, features: NodeFeatures): LearnEvent {
    const siteStep = learnBody(this.sites.get(site) ?? emptyState(), features, this.params);
    this.sites.set(site, siteStep.state);
    this.global = learnBody(this.global, features, this.params).state;
    this.dirty.add(site).add('');
    return siteStep.event;
  }

  state(site: string): SiteModelState | undefined {
    return this.sites.get(site);
  }

  globalState(): SiteModelState {
    return this.global;
  }

  siteNames(): string[] {
    return [...this.sites.keys()];
  }

  /** Puts back a state saved by `serializeSiteModel` ('' = the global model). */
  load(site: string, state: SiteModelState): void {
    if (site === '') this.global = state;
    else this.sites.set(site, state);
  }

  /** Names changed since the last call ('' = the global model), for saving only what changed. */
  takeDirty(): string[] {
    const names = [...this.dirty];
    this.dirty.clear();
    return names;
  }

  stateOf(name: string): SiteModelState | undefined {
    return name === '' ? this.global : this.sites.get(name);
  }
}

export const SITE_MODEL_FORMAT = 'broadsheet-site-model';
export const SITE_MODEL_VERSION = 1;

/** A site's state as JSON text; the model inside is a regular model file (`model info` reads it once extracted). */
export function serializeSiteModel(state: SiteModelState): string {
  const model = state.model === null ? null : (JSON.parse(serializeModel(state.model)) as unknown);
  return JSON.stringify({ format: SITE_MODEL_FORMAT, version: SITE_MODEL_VERSION, features: FEATURE_NAMES, ...state, model });
}

const stateSchema = z.object({
  format: z.literal(SITE_MODEL_FORMAT),
  version: z.literal(SITE_MODEL_VERSION),
  features: z.array(z.string()),
  pending: z.array(z.array(z.number().min(0)).length(FEATURE_COUNT)),
  model: z.unknown(),
  placedSinceFit: z.number().int().min(0),
  samplesSeen: z.number().int().min(0),
  stableSince: z.number().int().min(0).nullable(),
});

/** Reads `serializeSiteModel`'s text; throws `ModelFormatError` on anything else. */
export function parseSiteModel(text: string): SiteModelState {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new ModelFormatError('corrupt', 'site model: not valid JSON', { cause: error });
  }
  const parsed = stateSchema.safeParse(json);
  if (!parsed.success) throw new ModelFormatError('invalid', `site model: ${z.prettifyError(parsed.error)}`, { cause: parsed.error });
  const s = parsed.data;
  if (s.features.join(',') !== FEATURE_NAMES.join(',')) {
    throw new ModelFormatError('other-features', `site model: learnt on features ${s.features.join(', ')}; this broadsheet uses ${FEATURE_NAMES.join(', ')}`);
  }
  const model = s.model === null ? null : parseModel(JSON.stringify(s.model));
  return { pending: s.pending, model, placedSinceFit: s.placedSinceFit, samplesSeen: s.samplesSeen, stableSince: s.stableSince };
}
