/**
 * A boosted ensemble of small decision trees, as data: what the block model's second pass
 * evaluates (block-model.ts). Pure. The trees are fitted by src/bench/fit/gbdt.ts.
 *
 * Each tree is stored flat: node k splits on `feature[k]` at `threshold[k]` (a value ≤ the
 * threshold goes left) into `left[k]` and `right[k]`; a leaf has feature −1 and holds its
 * output in `value[k]`. Every node also keeps `value` (the output the tree would give if it
 * stopped there), so a prediction can be split into per-feature contributions (each split's
 * change of value is credited to its feature), which is how `--explain` names the evidence.
 */

export interface TreeNodes {
  feature: number[];
  threshold: number[];
  left: number[];
  right: number[];
  value: number[];
}

export interface TreeEnsemble {
  /** Feature names, in the order of the vectors the trees read. */
  features: string[];
  /** Log-odds before any tree. */
  base: number;
  trees: TreeNodes[];
}

/** The ensemble's log-odds for the row at `offset` of `x`. */
export function treeLogit(model: TreeEnsemble, x: ArrayLike<number>, offset: number): number {
  let sum = model.base;
  for (const t of model.trees) {
    let k = 0;
    while (t.feature[k]! >= 0) k = x[offset + t.feature[k]!]! <= t.threshold[k]! ? t.left[k]! : t.right[k]!;
    sum += t.value[k]!;
  }
  return sum;
}

/**
 * Log-odds and the contribution of each feature to them (the root values of all trees are
 * the part no feature explains; `contributions` sums with them to the log-odds).
 */
export function treeContributions(model: TreeEnsemble, x: ArrayLike<number>, offset: number): { logit: number; contributions: Float64Array } {
  const contributions = new Float64Array(model.features.length);
  let sum = model.base;
  for (const t of model.trees) {
    let k = 0;
    sum += t.value[0]!;
    while (t.feature[k]! >= 0) {
      const next = x[offset + t.feature[k]!]! <= t.threshold[k]! ? t.left[k]! : t.right[k]!;
      contributions[t.feature[k]!]! += t.value[next]! - t.value[k]!;
      sum += t.value[next]! - t.value[k]!;
      k = next;
    }
  }
  return { logit: sum, contributions };
}
