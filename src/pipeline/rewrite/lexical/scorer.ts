import weights from './weights.json' with { type: 'json' };
import { TERM_FEATURES } from './candidates.js';
import { DEPENDENCE_FEATURES } from './dependence.js';
import type { LogisticModel } from './logisticModel.js';

export { probability, type LogisticModel } from './logisticModel.js';

export interface RewriteWeights {
  version: number;
  term: LogisticModel;
  dependence: LogisticModel;
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
