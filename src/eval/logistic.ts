/**
 * Logistic regression by Newton's method (iteratively reweighted least squares) with an L2
 * penalty on every weight but the bias. Written here rather than taken from a package: it is
 * forty lines, deterministic (no random start, no learning rate to tune), and the product only
 * needs the dot product and sigmoid of `logisticModel.ts` to use its output.
 */
export interface TrainingSet {
  x: number[][];
  y: number[];
}

export function fitLogistic(data: TrainingSet, l2 = 1, iterations = 25): number[] {
  const d = data.x[0]?.length ?? 0;
  const w = new Array<number>(d).fill(0);
  for (let it = 0; it < iterations; it++) {
    const grad = new Array<number>(d).fill(0);
    const hess = Array.from({ length: d }, () => new Array<number>(d).fill(0));
    for (let n = 0; n < data.x.length; n++) {
      const x = data.x[n]!;
      let z = 0;
      for (let i = 0; i < d; i++) z += w[i]! * x[i]!;
      const p = 1 / (1 + Math.exp(-z));
      const r = p * (1 - p);
      const e = p - data.y[n]!;
      for (let i = 0; i < d; i++) {
        grad[i]! += e * x[i]!;
        const rxi = r * x[i]!;
        const row = hess[i]!;
        for (let j = i; j < d; j++) row[j]! += rxi * x[j]!;
      }
    }
    for (let i = 0; i < d; i++) {
      for (let j = 0; j < i; j++) hess[i]![j] = hess[j]![i]!;
      if (i > 0) {
        grad[i]! += l2 * w[i]!;
        hess[i]![i]! += l2;
      } else hess[0]![0]! += 1e-9;
    }
    const step = solve(hess, grad);
    let change = 0;
    for (let i = 0; i < d; i++) {
      w[i]! -= step[i]!;
      change = Math.max(change, Math.abs(step[i]!));
    }
    if (change < 1e-7) break;
  }
  return w;
}

/** Solves A·x = b by Gaussian elimination with partial pivoting (A is small and symmetric). */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]!]);
  for (let c = 0; c < n; c++) {
    let pivot = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r]![c]!) > Math.abs(m[pivot]![c]!)) pivot = r;
    [m[c], m[pivot]] = [m[pivot]!, m[c]!];
    const p = m[c]![c]!;
    if (Math.abs(p) < 1e-12) continue;
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const f = m[r]![c]! / p;
      if (f === 0) continue;
      for (let k = c; k <= n; k++) m[r]![k]! -= f * m[c]![k]!;
    }
  }
  return m.map((row, i) => (Math.abs(row[i]!) < 1e-12 ? 0 : row[n]! / row[i]!));
}

/** Area under the ROC curve: the chance a random positive scores above a random negative. */
export function auc(scores: readonly number[], labels: readonly number[]): number {
  const idx = scores.map((s, i) => i).sort((a, b) => scores[a]! - scores[b]!);
  let rankSum = 0;
  let pos = 0;
  // Average ranks over ties.
  for (let i = 0; i < idx.length; ) {
    let j = i;
    while (j + 1 < idx.length && scores[idx[j + 1]!] === scores[idx[i]!]) j++;
    const rank = (i + j) / 2 + 1;
    for (let k = i; k <= j; k++) if (labels[idx[k]!]) {
      rankSum += rank;
      pos++;
    }
    i = j + 1;
  }
  const neg = labels.length - pos;
  return pos && neg ? (rankSum - (pos * (pos + 1)) / 2) / (pos * neg) : 0.5;
}
