/**
 * Boosted trees (src/bench/fit/gbdt.ts) learn what a linear model cannot, and the ensemble's
 * per-feature contributions add up to its log-odds (src/score/trees.ts).
 */
import { test, expect } from '@playwright/test';
import { fitGbdt } from '../../src/bench/fit/gbdt.js';
import { fitLogistic, sigmoid } from '../../src/bench/fit/logistic.js';
import { treeContributions, treeLogit } from '../../src/score/trees.js';

function xorData(rows: number) {
  let seed = 11;
  const random = (): number => (seed = (seed * 16807) % 2147483647) / 2147483647;
  const x = new Float64Array(rows * 3);
  const y = new Float64Array(rows);
  for (let r = 0; r < rows; r++) {
    const a = random();
    const b = random();
    x[r * 3] = 1;
    x[r * 3 + 1] = a;
    x[r * 3 + 2] = b;
    y[r] = (a > 0.5) !== (b > 0.5) ? 1 : 0;
  }
  return { x, y, w: new Float64Array(rows).fill(1), rows, dims: 3 };
}

function accuracy(predict: (r: number) => number, data: ReturnType<typeof xorData>): number {
  let right = 0;
  for (let r = 0; r < data.rows; r++) if (predict(r) >= 0.5 === (data.y[r] === 1)) right++;
  return right / data.rows;
}

test('trees learn XOR, which a logistic model cannot', () => {
  const train = xorData(4000);
  const test_ = xorData(2000);
  const trees = fitGbdt(train, ['bias', 'a', 'b'], { trees: 60, depth: 3, learningRate: 0.3, minChildHessian: 5, subsample: 0.8 });
  const linear = fitLogistic(train, { l2: 1 });
  const treeAcc = accuracy((r) => sigmoid(treeLogit(trees, test_.x, r * 3)), test_);
  const linearAcc = accuracy((r) => sigmoid(linear.weights.reduce((s, w, j) => s + w * test_.x[r * 3 + j]!, 0)), test_);
  expect(treeAcc).toBeGreaterThan(0.95);
  expect(linearAcc).toBeLessThan(0.7);
});

test('contributions: base plus root values plus per-feature credits equal the log-odds', () => {
  const data = xorData(2000);
  const trees = fitGbdt(data, ['bias', 'a', 'b'], { trees: 20, depth: 3, minChildHessian: 5 });
  for (const r of [0, 7, 99]) {
    const { logit, contributions } = treeContributions(trees, data.x, r * 3);
    expect(logit).toBeCloseTo(treeLogit(trees, data.x, r * 3), 9);
    const roots = trees.trees.reduce((s, t) => s + t.value[0]!, 0);
    expect(trees.base + roots + contributions.reduce((s, c) => s + c, 0)).toBeCloseTo(logit, 9);
    // The constant bias column never splits.
    expect(contributions[0]).toBe(0);
  }
});
