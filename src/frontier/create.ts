import { BreadthFirstPolicy } from './bfs.js';
import type { FrontierPolicy, PolicyName } from './policy.js';
import { SimilarityPolicy, type SimilarityPolicyOptions } from './similarity-policy.js';

/** The policy named on the command line (`--policy similarity|bfs`). */
export function createPolicy(name: PolicyName, options: Partial<SimilarityPolicyOptions> = {}): FrontierPolicy {
  return name === 'bfs' ? new BreadthFirstPolicy() : new SimilarityPolicy(options);
}
