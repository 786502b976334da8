/** Small vector helpers shared by the cluster modules. */

/** Euclidean distance ‖a − b‖ (the distance of docs/methods.md §5, defs. 6–9). */
export function euclideanDistance(a: readonly number[], b: readonly number[]): number {
  let sum = 0;
  for (let d = 0; d < a.length; d++) {
    const diff = (a[d] ?? 0) - (b[d] ?? 0);
    sum += diff * diff;
  }
  return Math.sqrt(sum);
}

/** Component-wise mean of non-empty list of vectors of one length. */
export function meanVector(vectors: readonly (readonly number[])[]): number[] {
  const first = vectors[0];
  if (first === undefined) return [];
  const sum = first.map(() => 0);
  for (const vector of vectors) vector.forEach((x, d) => (sum[d] = (sum[d] ?? 0) + x));
  return sum.map((s) => s / vectors.length);
}

/** Number of distinct vectors (exact equality), for "can k clusters exist at all". */
export function countDistinct(vectors: readonly (readonly number[])[]): number {
  return new Set(vectors.map((vector) => vector.join(','))).size;
}
