import weights from './weights.json' with { type: 'json' };
import { TERM_FEATURES } from './candidates.js';
import { DEPENDENCE_FEATURES } from './dependence.js';

/** A logistic model as `npm run train:rewrite` writes it. */
export interface LogisticModel {
  features: readonly string[];
  weights: readonly number[];
  /** Decision threshold chosen on the training split. */
  threshold: number;
}

export interface RewriteWeights {
  version: number;
  term: LogisticModel;
  dependence: LogisticModel;
}

export function sigmoid(z: number): number {
  return 1 / (1 + Math.exp(-z));
}

export function probability(model: LogisticModel, features: readonly number[]): number {
  let z = 0;
  for (let i = 0; i < model.weights.length; i++) z += model.weights[i]! * (features[i] ?? 0);
  return sigmoid(z);
}

function checked(model: LogisticModel, names: readonly string[], what: string): LogisticModel {
  if (model.features.length !== names.length || model.features.some((f, i) => f !== names[i])) {
    throw new Error(`rewrite weights: the ${what} model's features do not match the code; run npm run train:rewrite`);
  }
  return model;
}

/** Weights as `npm run train:rewrite` writes them, checked against the feature lists of this code. */
export function rewriteWeights(json: { version: number; term: LogisticModel; dependence: LogisticModel }): RewriteWeights {
  return {
    version: json.version,
    term: checked(json.term, TERM_FEATURES, 'term'),
    dependence: checked(json.dependence, DEPENDENCE_FEATURES, 'dependence'),
  };
}

/** The committed weights. */
export const REWRITE_WEIGHTS: RewriteWeights = rewriteWeights(weights);
