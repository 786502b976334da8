/**
 * The incremental k-means model of article bodies (docs/methods.md §5): pure, serialisable.
 *
 *   features ─▶ scaling ─▶ choose k + k-means ─▶ model ─▶ assign / pickBody
 *                                                  ▲
 *                                   addSample (buffer, place, re-cluster)
 */
export {
  FEATURE_COUNT,
  FEATURE_NAMES,
  applyScaling,
  fitScaling,
  fromVector,
  toVector,
  type NodeFeatures,
  type Scaling,
} from './features.js';
export {
  MIN_SAMPLES_PER_CLUSTER,
  chooseK,
  clusterWithK,
  effectiveKRange,
  type ChooseKOptions,
  type ChooseKResult,
  type Clustering,
  type KEvaluation,
  type KRange,
  type TooFewSamples,
} from './choose-k.js';
export { membership, memberships, type ClusterShape, type Memberships } from './membership.js';
export { DEFAULT_CLUSTER_PARAMS, resolveParams, type ClusterParams } from './params.js';
export {
  MODEL_VERSION,
  addSample,
  assign,
  assignRaw,
  createModel,
  type AddSampleEvent,
  type Assignment,
  type ClusterModel,
  type CreateModelResult,
  type ModelCluster,
  type ModelStats,
} from './incremental-kmeans.js';
export { MODEL_FORMAT, parseModel, serializeModel } from './model-io.js';
export {
  ancestryFromParents,
  pickBody,
  type BodyCandidate,
  type BodyPick,
  type IsAncestor,
  type PickBodyOptions,
  type ScoredCandidate,
} from './pick-body.js';
export { InvalidFeaturesError, ModelFormatError, type ModelFormatProblem } from './errors.js';
export {
  DEFAULT_SITE_LEARNING,
  SiteModels,
  learnBody,
  parseSiteModel,
  serializeSiteModel,
  type LearnEvent,
  type SiteLearningParams,
  type SiteModelState,
} from './site-models.js';
