/**
 * Writing and reading a cluster model as JSON.
 *
 * The file is `{ "format": "broadsheet-cluster-model", "version": 1, "features": [names], "model": { … } }`.
 * `parseModel` checks, in order: that the text is JSON (`corrupt`), that it carries the format
 * tag (`wrong-format`), that its version is one this code reads (`incompatible-version`), that
 * it was learnt on the features this code computes (`other-features`; files without the list,
 * written before it was recorded, are read as learnt on the current ones), and
 * that every field is present, finite and consistent (`invalid`); each failure is a
 * `ModelFormatError` with that `problem`.
 */
import { z } from 'zod';
import { ModelFormatError } from './errors.js';
import { FEATURE_COUNT, FEATURE_NAMES } from './features.js';
import { MODEL_VERSION, type ClusterModel } from './incremental-kmeans.js';
import { findParamProblem } from './params.js';

export const MODEL_FORMAT = 'broadsheet-cluster-model';

/** The model as JSON text (stable key order; numbers round-trip exactly). */
export function serializeModel(model: ClusterModel, options: { pretty?: boolean } = {}): string {
  const file = { format: MODEL_FORMAT, version: model.version, features: FEATURE_NAMES, model };
  return JSON.stringify(file, null, options.pretty === true ? 2 : undefined);
}

/** Reads a model written by `serializeModel`; throws `ModelFormatError` on anything else. */
export function parseModel(text: string): ClusterModel {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new ModelFormatError('corrupt', 'not valid JSON', { cause: error });
  }
  if (typeof json !== 'object' || json === null || (json as { format?: unknown }).format !== MODEL_FORMAT) {
    throw new ModelFormatError('wrong-format', `expected a JSON object with "format": "${MODEL_FORMAT}"`);
  }
  const version = (json as { version?: unknown }).version;
  if (version !== MODEL_VERSION) {
    throw new ModelFormatError(
      'incompatible-version',
      `version ${JSON.stringify(version)} cannot be read; this broadsheet reads version ${MODEL_VERSION}`,
    );
  }
  const features = (json as { features?: unknown }).features;
  if (features !== undefined && (!Array.isArray(features) || features.join(',') !== FEATURE_NAMES.join(','))) {
    throw new ModelFormatError(
      'other-features',
      `learnt on features ${JSON.stringify(features)}; this broadsheet computes ${FEATURE_NAMES.join(', ')}`,
    );
  }
  const parsed = fileSchema.safeParse(json);
  if (!parsed.success) {
    throw new ModelFormatError('invalid', z.prettifyError(parsed.error), { cause: parsed.error });
  }
  const model = parsed.data.model as ClusterModel;
  const problem = findConsistencyProblem(model);
  if (problem !== null) throw new ModelFormatError('invalid', problem);
  return model;
}

const count = z.number().int().min(0);
const vector = z.array(z.number());

const evaluationSchema = z.object({
  k: count,
  sizes: z.array(count),
  meanDistances: z.array(z.number().min(0)),
  meanIntraDistance: z.number(),
  meanInterDistance: z.number(),
  densities: z.array(z.number()),
  globalStability: z.number(),
  localStability: z.number(),
  normalisedGlobalStability: z.number(),
  normalisedLocalStability: z.number(),
  validity: z.number().nullable(),
  ineligible: z.string().optional(),
});

const modelSchema = z.object({
  version: z.literal(MODEL_VERSION),
  scaling: z.object({ kind: z.literal('log1p-zscore'), means: vector, stds: z.array(z.number().positive()) }),
  clusters: z
    .array(z.object({ centre: vector, size: z.number().int().min(1), meanDistance: z.number().min(0) }))
    .min(1),
  samples: z.array(vector),
  buffer: z.array(vector),
  params: z.object({
    bufferThreshold: z.number(),
    membershipThreshold: z.number(),
    kRange: z.object({ min: z.number(), max: z.number() }),
    seed: z.number(),
    maxRetainedSamples: z.number(),
    densityDistanceFloor: z.number(),
  }),
  stats: z.object({
    samplesSeen: count,
    samplesClustered: count,
    reclusterCount: count,
    placedCount: count,
    reclusterHistory: z.array(z.object({ samplesSeen: count, k: count })),
  }),
  kChoice: z.array(evaluationSchema),
});

const fileSchema = z.object({
  format: z.literal(MODEL_FORMAT),
  version: z.literal(MODEL_VERSION),
  features: z.array(z.string()).optional(),
  model: modelSchema,
});

/** Checks the schema cannot express: vector lengths and the params' own rules. */
function findConsistencyProblem(model: ClusterModel): string | null {
  const paramProblem = findParamProblem(model.params);
  if (paramProblem !== null) return `params: ${paramProblem}`;
  if (model.scaling.means.length !== FEATURE_COUNT || model.scaling.stds.length !== FEATURE_COUNT) {
    return `scaling must have ${FEATURE_COUNT} means and stds`;
  }
  const badCentre = model.clusters.findIndex((cluster) => cluster.centre.length !== FEATURE_COUNT);
  if (badCentre >= 0) return `clusters[${badCentre}].centre must have ${FEATURE_COUNT} components`;
  for (const [name, vectors] of [
    ['samples', model.samples],
    ['buffer', model.buffer],
  ] as const) {
    const bad = vectors.findIndex((v) => v.length !== FEATURE_COUNT || v.some((x) => x < 0));
    if (bad >= 0) return `${name}[${bad}] must be ${FEATURE_COUNT} raw counts ≥ 0`;
  }
  if (model.samples.length > model.params.maxRetainedSamples) {
    return `holds ${model.samples.length} samples, more than maxRetainedSamples (${model.params.maxRetainedSamples})`;
  }
  return null;
}
