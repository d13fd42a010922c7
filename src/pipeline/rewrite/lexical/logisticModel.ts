/** A logistic model as `npm run train:rewrite` writes it. */
export interface LogisticModel {
  features: readonly string[];
  weights: readonly number[];
  /** Decision threshold chosen on the training split. */
  threshold: number;
}

export function sigmoid(z: number): number {
  return 1 / (1 + Math.exp(-z));
}

/** σ(w·x); a missing feature counts as 0. */
export function predict(weights: readonly number[], features: readonly number[]): number {
  let z = 0;
  for (let i = 0; i < weights.length; i++) z += weights[i]! * (features[i] ?? 0);
  return sigmoid(z);
}

export function probability(model: LogisticModel, features: readonly number[]): number {
  return predict(model.weights, features);
}
