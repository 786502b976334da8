// Frontier policies (docs/methods.md §6, §7): pure scoring of candidate URLs; the queue lives in the store.
export { SEED_PRIORITY, POLICY_NAMES, type Candidate, type FrontierPolicy, type PolicyName, type QueuedEntry, type Rescored } from './policy.js';
export { BreadthFirstPolicy } from './bfs.js';
export { HitsPolicy, computeHits, DEFAULT_HITS_OPTIONS, type HitsPolicyOptions, type HitsResult } from './hits.js';
export { SimilarityPolicy, DEFAULT_SIMILARITY_OPTIONS, type SimilarityPolicyOptions } from './similarity-policy.js';
export { TargetSet, DEFAULT_TARGET_OPTIONS, type TargetSetOptions } from './targets.js';
export { refreshHead, DEFAULT_REFRESH_OPTIONS, type RefreshableQueue, type RefreshOptions, type RefreshResult } from './refresh.js';
export { createPolicy } from './create.js';
export { TokenEvidence, pathWords, migrateTokenState, DEFAULT_TOKEN_OPTIONS, TOKENIZER_VERSION, type TokenEvidenceOptions, type TokenEvidenceState } from './token-evidence.js';
