// URLs (docs/methods.md §6, §9): normalisation, vectorisation, similarity, weights and the URL-only
// article decision. Pure: no I/O.
export {
  normalizeUrl,
  siteOf,
  isSameSite,
  splitHost,
  DEFAULT_NORMALIZE_OPTIONS,
  TRACKING_PARAMS,
  TRACKING_PARAM_PREFIXES,
  type NormalizeOptions,
  type NormalizeResult,
  type HostParts,
} from './normalize.js';
export {
  vectorizeUrl,
  valueType,
  DATE_PARTS,
  NO_DOT,
  type UrlVector,
  type HostVector,
  type DirectoryVector,
  type FileVector,
  type ValueType,
  type FileEndingType,
  type YesNo,
} from './vectorize.js';
export {
  stringSimilarity,
  vectorSimilarity,
  hostSimilarity,
  directorySimilarity,
  fileSimilarity,
  directoryWeight,
  domainSimilarity,
  layoutSimilarity,
  urlSimilarity,
  topKMeanSimilarity,
  type UrlWeights,
} from './similarity.js';
export {
  initialWeights,
  WeightLearner,
  DEFAULT_LAYOUT_WEIGHTS,
  DEFAULT_MAX_DEPTH,
  DEFAULT_LEARNER_OPTIONS,
  type InitialWeightOptions,
  type WeightLearnerOptions,
  type WeightLearnerState,
  type CountEntry,
} from './weights.js';
export { anatomize, structuralCues, CUE_WEIGHTS, NAV_WORDS, NAV_QUERY_KEYS, type Cue, type UrlAnatomy } from './cues.js';
export {
  UrlArticleClassifier,
  classifySiteUrls,
  classifyUrlAlone,
  CONTEXT_CUES,
  DEFAULT_CLASSIFIER_OPTIONS,
  type UrlArticleDecision,
  type UrlClassifierOptions,
} from './classify.js';
