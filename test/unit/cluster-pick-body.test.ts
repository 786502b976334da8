import { test, expect } from '@playwright/test';
import {
  DEFAULT_CLUSTER_PARAMS,
  MODEL_VERSION,
  ancestryFromParents,
  fromVector,
  pickBody,
  type BodyCandidate,
  type ClusterModel,
  type NodeFeatures,
} from '../../src/cluster/index.js';

/**
 * A hand-made model: identity z-score (so the scaled vector is log1p of the raw one) and one
 * cluster with dᵢ = 1, so a node at distance r from the centre has γ = 1 / r exactly.
 */
const CENTRE = [8, 6, 4, 1, 3];
const MODEL: ClusterModel = {
  version: MODEL_VERSION,
  scaling: { kind: 'log1p-zscore', means: [0, 0, 0, 0, 0], stds: [1, 1, 1, 1, 1] },
  clusters: [{ centre: CENTRE, size: 10, meanDistance: 1 }],
  samples: [],
  buffer: [],
  params: { ...DEFAULT_CLUSTER_PARAMS, kRange: { ...DEFAULT_CLUSTER_PARAMS.kRange } },
  stats: { samplesSeen: 10, samplesClustered: 10, reclusterCount: 0, placedCount: 0, reclusterHistory: [] },
  kChoice: [],
};

/** Raw features of a node whose membership in the one cluster is `gamma`. */
function withGamma(gamma: number): NodeFeatures {
  const scaled = CENTRE.map((x, d) => (d === 0 ? x + 1 / gamma : x));
  return fromVector(scaled.map(Math.expm1));
}

function candidate(id: number, parentId: number | null, gamma: number): BodyCandidate {
  return { id, parentId, features: withGamma(gamma) };
}

// A page: 1 <body> ⊃ 2 <main> ⊃ 3 <article> ⊃ 4 <div.content> ⊃ 5 <p>; 1 ⊃ 6 <aside>; 1 ⊃ 7 <nav>.
const PAGE: BodyCandidate[] = [
  candidate(1, null, 0.2),
  candidate(2, 1, 0.9),
  candidate(3, 2, 3),
  candidate(4, 3, 2),
  candidate(5, 4, 0.4),
  candidate(6, 1, 1.5),
  candidate(7, 1, 0.1),
];

test('the smallest node of the nested chain at the top of the membership order is the body', () => {
  const pick = pickBody(PAGE, MODEL);
  expect(pick.kind).toBe('body');
  if (pick.kind !== 'body') return;
  // D = {3 (γ 3), 4 (2), 6 (1.5), 2 (0.9)}; 3 ⊃ 4, then 6 is not inside 4: stop at 4.
  expect(pick.accepted.map((c) => c.id)).toEqual([3, 4, 6, 2]);
  expect(pick.accepted[0]!.gammaMax).toBeCloseTo(3, 9);
  expect(pick.chain).toEqual([3, 4]);
  expect(pick.id).toBe(4);
  expect(pick.gammaMax).toBeCloseTo(2, 9);
  expect(pick.cluster).toBe(0);
});

test('when the next node does not nest in the top one, the top one is the body', () => {
  const page = PAGE.map((c) => (c.id === 4 ? candidate(4, 3, 1) : c)); // now 6 (γ 1.5) follows 3
  const pick = pickBody(page, MODEL);
  expect(pick).toMatchObject({ kind: 'body', id: 3, chain: [3] });
});

test("'skip-unrelated' follows the nesting past nodes outside it", () => {
  const page = PAGE.map((c) => (c.id === 4 ? candidate(4, 3, 1) : c));
  const pick = pickBody(page, MODEL, undefined, { chain: 'skip-unrelated' });
  expect(pick).toMatchObject({ kind: 'body', id: 4, chain: [3, 4] });
});

test('an explicit isAncestor sees through nodes that are not candidates', () => {
  // Only 3 and 5 are candidates; 5's parent 4 is not, so parent links alone cannot relate them.
  const page = [candidate(3, 2, 3), candidate(5, 4, 2)];
  expect(pickBody(page, MODEL)).toMatchObject({ kind: 'body', id: 3, chain: [3] });
  const parents = new Map([[5, 4], [4, 3], [3, 2], [2, 1]]);
  const isAncestor = (a: number, b: number): boolean => {
    for (let node = parents.get(b); node !== undefined; node = parents.get(node)) if (node === a) return true;
    return false;
  };
  expect(pickBody(page, MODEL, isAncestor)).toMatchObject({ kind: 'body', id: 5, chain: [3, 5] });
});

test('ancestryFromParents follows parent links between candidates', () => {
  const isAncestor = ancestryFromParents(PAGE);
  expect(isAncestor(1, 5)).toBe(true);
  expect(isAncestor(3, 4)).toBe(true);
  expect(isAncestor(4, 3)).toBe(false);
  expect(isAncestor(6, 4)).toBe(false);
  expect(isAncestor(4, 4)).toBe(false);
});

test('equal memberships are ordered by id, whatever the input order', () => {
  const page = [candidate(9, null, 2), candidate(8, null, 2)];
  expect(pickBody(page, MODEL)).toMatchObject({ kind: 'body', id: 8 });
  expect(pickBody([...page].reverse(), MODEL)).toMatchObject({ kind: 'body', id: 8 });
});

test('"no article" is a value with its reason', () => {
  const weak = pickBody([candidate(1, null, 0.3), candidate(2, 1, 0.49)], MODEL);
  expect(weak).toMatchObject({ kind: 'none', reason: 'no-cluster-accepts' });
  if (weak.kind === 'none') {
    expect(weak.bestGamma).toBeCloseTo(0.49, 9);
    expect(weak.detail).toContain('0.490');
  }
  expect(pickBody([], MODEL)).toMatchObject({ kind: 'none', reason: 'no-candidates', bestGamma: 0 });
});

test('the membership threshold is the model’s own', () => {
  const strict: ClusterModel = { ...MODEL, params: { ...MODEL.params, membershipThreshold: 2.5 } };
  expect(pickBody(PAGE, strict)).toMatchObject({ kind: 'body', id: 3, chain: [3] });
});
