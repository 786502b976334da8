/**
 * The five features of a DOM node that the cluster model works on (docs/methods.md §5), and their
 * scaling.
 *
 * The caller counts them on the page; this module only checks them, turns them into a
 * vector in a fixed order, and scales that vector.
 */
import { InvalidFeaturesError } from './errors.js';

/** Raw counts for one DOM node. All are ≥ 0; lengths are in characters. */
export interface NodeFeatures {
  /** Length of the node's whole text. */
  textLength: number;
  /** Text length divided by the number of paragraphs (0 when there are none). */
  meanParagraphLength: number;
  /** Length of the text inside links (`<a>`). */
  linkTextLength: number;
  /** Number of images (`<img>`) inside the node. */
  imageCount: number;
  /** Number of sentence-ending marks (`.`, `!`, `?`, `。` …) in the text. */
  punctuationCount: number;
}

/** The order of the vector components; every vector in a model uses it. */
export const FEATURE_NAMES = [
  'textLength',
  'meanParagraphLength',
  'linkTextLength',
  'imageCount',
  'punctuationCount',
] as const satisfies ReadonlyArray<keyof NodeFeatures>;

export const FEATURE_COUNT = FEATURE_NAMES.length;

/** The raw feature vector, in `FEATURE_NAMES` order. Throws `InvalidFeaturesError` on a bad value. */
export function toVector(features: NodeFeatures): number[] {
  return FEATURE_NAMES.map((name) => {
    const value: unknown = features[name];
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
      throw new InvalidFeaturesError(name, value);
    }
    return value;
  });
}

/** The inverse of `toVector` (for reports: a cluster centre shown in raw units). */
export function fromVector(vector: readonly number[]): NodeFeatures {
  if (vector.length !== FEATURE_COUNT) {
    throw new InvalidFeaturesError('vector', `length ${vector.length}`);
  }
  const [textLength, meanParagraphLength, linkTextLength, imageCount, punctuationCount] =
    vector as [number, number, number, number, number];
  return { textLength, meanParagraphLength, linkTextLength, imageCount, punctuationCount };
}

/** Checks a raw vector read back from a buffer or a file. */
export function checkRawVector(vector: readonly number[]): void {
  if (vector.length !== FEATURE_COUNT) {
    throw new InvalidFeaturesError('vector', `length ${vector.length}`);
  }
  vector.forEach((value, index) => {
    if (!Number.isFinite(value) || value < 0) throw new InvalidFeaturesError(FEATURE_NAMES[index] ?? 'vector', value);
  });
}

/**
 * How raw vectors are scaled before clustering, recorded in the model so that prediction
 * uses exactly what training used.
 *
 * `log1p-zscore`: each component x becomes (log(1 + x) − mean) / std, where mean and std
 * are those of log(1 + x) over the training set (population std).
 * - log1p because the counts are heavy-tailed (a body may have 300 or 30 000 characters)
 *   and what separates kinds of node is the order of magnitude; log1p keeps 0 at 0.
 * - z-score so that no feature dominates the Euclidean distance by its units alone
 *   (text length would otherwise outweigh image count).
 * A component that is constant on the training set has std 0; it is given std 1 so it
 * scales to 0 there and still counts (in log units) at prediction time.
 */
export interface Scaling {
  kind: 'log1p-zscore';
  means: number[];
  stds: number[];
}

/** Fits the scaling on raw training vectors (at least one). */
export function fitScaling(rawVectors: readonly (readonly number[])[]): Scaling {
  const count = rawVectors.length;
  if (count === 0) throw new InvalidFeaturesError('training set', 'no vectors');
  const logs = rawVectors.map((vector) => vector.map(Math.log1p));
  const means = FEATURE_NAMES.map((_, d) => logs.reduce((sum, v) => sum + (v[d] ?? 0), 0) / count);
  const stds = FEATURE_NAMES.map((_, d) => {
    const mean = means[d] ?? 0;
    const variance = logs.reduce((sum, v) => sum + ((v[d] ?? 0) - mean) ** 2, 0) / count;
    const std = Math.sqrt(variance);
    // A constant feature (std 0, or rounding noise around it) must not divide by ~0.
    return std > 1e-12 ? std : 1;
  });
  return { kind: 'log1p-zscore', means, stds };
}

/** Scales one raw vector with a fitted scaling. */
export function applyScaling(scaling: Scaling, rawVector: readonly number[]): number[] {
  return rawVector.map((x, d) => (Math.log1p(x) - (scaling.means[d] ?? 0)) / (scaling.stds[d] ?? 1));
}
