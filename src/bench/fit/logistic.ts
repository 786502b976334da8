/**
 * Weighted logistic regression with an L2 penalty, fitted by Newton's method (iteratively
 * reweighted least squares). Pure. It fits the block model's weights (score/block-model.ts):
 * a few dozen features, up to a few hundred thousand rows, where Newton converges in under ten
 * steps and each step is one pass over the rows plus a small linear solve.
 *
 * Features are scaled inside the fit to a weighted standard deviation of 1, so that one penalty
 * suits them all (they are not centred: zeros stay zeros, and the many 0/1 features cost nothing
 * where they are 0); the weights returned are for the raw features.
 */

export interface LogisticData {
  /** Row-major features, `rows × dims`. Column 0 is expected to be the constant 1 (bias). */
  x: Float64Array;
  /** Targets in [0, 1] (soft labels are allowed). */
  y: Float64Array;
  /** Non-negative row weights. */
  w: Float64Array;
  rows: number;
  dims: number;
}

export interface LogisticFitOptions {
  /** L2 penalty on the standardised weights (not on the bias). Default 1. */
  l2?: number;
  /** Newton steps at most. Default 25. */
  maxIterations?: number;
  /** Stop when no weight moves more than this. Default 1e-6. */
  tolerance?: number;
}

export interface LogisticFit {
  /** Weights for the raw features (index 0 the bias). */
  weights: number[];
  iterations: number;
  /** Weighted log-loss per unit of weight at the end. */
  logLoss: number;
}

export function sigmoid(z: number): number {
  if (z >= 0) return 1 / (1 + Math.exp(-z));
  const e = Math.exp(z);
  return e / (1 + e);
}

export function fitLogistic(data: LogisticData, options: LogisticFitOptions = {}): LogisticFit {
  const { x, y, w, rows, dims } = data;
  const l2 = options.l2 ?? 1;
  const maxIterations = options.maxIterations ?? 25;
  const tolerance = options.tolerance ?? 1e-6;
  // Weighted mean and deviation of every column but the bias.
  const mean = new Float64Array(dims);
  const scale = new Float64Array(dims).fill(1);
  let totalWeight = 0;
  for (let r = 0; r < rows; r++) totalWeight += w[r]!;
  if (totalWeight <= 0) throw new RangeError('logistic fit: the rows have no weight');
  for (let j = 1; j < dims; j++) {
    let m = 0;
    for (let r = 0; r < rows; r++) m += w[r]! * x[r * dims + j]!;
    m /= totalWeight;
    let v = 0;
    for (let r = 0; r < rows; r++) v += w[r]! * (x[r * dims + j]! - m) ** 2;
    mean[j] = m;
    scale[j] = Math.sqrt(v / totalWeight) || 1;
  }
  // The standardised design matrix, once (the Newton steps read it many times).
  const z = new Float64Array(rows * dims);
  for (let r = 0; r < rows; r++) {
    const o = r * dims;
    z[o] = 1;
    for (let j = 1; j < dims; j++) z[o + j] = x[o + j]! / scale[j]!;
  }

  const beta = new Float64Array(dims);
  let iterations = 0;
  const gradient = new Float64Array(dims);
  const hessian = new Float64Array(dims * dims);
  for (; iterations < maxIterations; iterations++) {
    gradient.fill(0);
    hessian.fill(0);
    for (let r = 0; r < rows; r++) {
      const wr = w[r]!;
      if (wr === 0) continue;
      const o = r * dims;
      let eta = 0;
      for (let j = 0; j < dims; j++) eta += beta[j]! * z[o + j]!;
      const p = sigmoid(eta);
      const g = wr * (p - y[r]!);
      const h = wr * Math.max(p * (1 - p), 1e-9);
      for (let j = 0; j < dims; j++) {
        const zj = z[o + j]!;
        if (zj === 0) continue;
        gradient[j]! += g * zj;
        const hj = h * zj;
        const row = j * dims;
        for (let k = j; k < dims; k++) hessian[row + k]! += hj * z[o + k]!;
      }
    }
    for (let j = 0; j < dims; j++) {
      for (let k = 0; k < j; k++) hessian[j * dims + k] = hessian[k * dims + j]!;
      if (j > 0) {
        gradient[j]! += l2 * beta[j]!;
        hessian[j * dims + j]! += l2;
      } else {
        hessian[0]! += 1e-9;
      }
    }
    const step = solveSymmetric(hessian, gradient, dims);
    let moved = 0;
    for (let j = 0; j < dims; j++) {
      beta[j]! -= step[j]!;
      moved = Math.max(moved, Math.abs(step[j]!));
    }
    if (moved < tolerance) {
      iterations++;
      break;
    }
  }
  let loss = 0;
  for (let r = 0; r < rows; r++) {
    let eta = 0;
    for (let j = 0; j < dims; j++) eta += beta[j]! * z[r * dims + j]!;
    const p = Math.min(1 - 1e-12, Math.max(1e-12, sigmoid(eta)));
    loss -= w[r]! * (y[r]! * Math.log(p) + (1 - y[r]!) * Math.log(1 - p));
  }
  // Back to raw features: β_j z_j = (β_j / s_j) x_j.
  const weights = new Array<number>(dims).fill(0);
  weights[0] = beta[0]!;
  for (let j = 1; j < dims; j++) weights[j] = beta[j]! / scale[j]!;
  return { weights, iterations, logLoss: loss / totalWeight };
}

/** Solves A·s = b for a symmetric positive definite A (Cholesky), A given row-major. */
function solveSymmetric(a: Float64Array, b: Float64Array, n: number): Float64Array {
  const l = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j <= i; j++) {
      let sum = a[i * n + j]!;
      for (let k = 0; k < j; k++) sum -= l[i * n + k]! * l[j * n + k]!;
      if (i === j) l[i * n + i] = Math.sqrt(Math.max(sum, 1e-12));
      else l[i * n + j] = sum / l[j * n + j]!;
    }
  }
  const t = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let sum = b[i]!;
    for (let k = 0; k < i; k++) sum -= l[i * n + k]! * t[k]!;
    t[i] = sum / l[i * n + i]!;
  }
  const s = new Float64Array(n);
  for (let i = n - 1; i >= 0; i--) {
    let sum = t[i]!;
    for (let k = i + 1; k < n; k++) sum -= l[k * n + i]! * s[k]!;
    s[i] = sum / l[i * n + i]!;
  }
  return s;
}

/** Probability for one row of raw features. */
export function predictRow(weights: readonly number[], x: Float64Array, offset: number): number {
  let eta = 0;
  for (let j = 0; j < weights.length; j++) eta += weights[j]! * x[offset + j]!;
  return sigmoid(eta);
}
