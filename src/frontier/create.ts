import { BreadthFirstPolicy } from './bfs.js';
import { HitsPolicy } from './hits.js';
import type { FrontierPolicy, PolicyName } from './policy.js';
import { SimilarityPolicy, type SimilarityPolicyOptions } from './similarity-policy.js';

/** The policy named on the command line (`--policy similarity|bfs|hits`). */
export function createPolicy(name: PolicyName, options: Partial<SimilarityPolicyOptions> = {}): FrontierPolicy {
  if (name === 'bfs') return new BreadthFirstPolicy();
  if (name === 'hits') return new HitsPolicy();
  return new SimilarityPolicy(options);
}
