import weights from './weights.json' with { type: 'json' };
import { TERM_FEATURES } from './candidates.js';
import { DEPENDENCE_FEATURES } from './dependence.js';
import { PHRASE_FEATURES } from './phrases.js';
import type { LogisticModel } from './logisticModel.js';

export { probability, type LogisticModel } from './logisticModel.js';

/** The term model: its threshold decides what the question takes; the search weighs terms by search_threshold. */
export interface TermModel extends LogisticModel {
  /**
   * The likelihood at which an added term counts fully in the search (below it, its share:
   * likelihood / search_threshold). Chosen for precision (see trainRewrite's TERM_SEARCH_BETA).
   */
  search_threshold: number;
}

export interface RewriteWeights {
  version: number;
  term: TermModel;
  dependence: LogisticModel;
  /** Which phrase of the conversation a reference means (phrases.ts). */
  phrase: LogisticModel;
  /**
   * The term and dependence models (and the phrase model, in files since it) as trained without
   * turn similarities (no sentence encoder: the latest turns, similarity 0), for a rewrite without
   * one. Absent in files from before.
   */
  withoutEncoder?: { term: TermModel; dependence: LogisticModel; phrase?: LogisticModel };
}

type TermJson = LogisticModel & { search_threshold?: number };

function checked(model: LogisticModel, names: readonly string[], what: string): LogisticModel {
  if (model.features.length !== names.length || model.features.some((f, i) => f !== names[i])) {
    throw new Error(`rewrite weights: the ${what} model's features do not match the code; run npm run train:rewrite`);
  }
  return model;
}

/** Weights as `npm run train:rewrite` writes them, checked against the feature lists of this code. */
export function rewriteWeights(json: { version: number; term: TermJson; dependence: LogisticModel; phrase: LogisticModel; without_encoder?: { term: TermJson; dependence: LogisticModel; phrase?: LogisticModel } }): RewriteWeights {
  // A file from before search_threshold weighs terms by the decision threshold, as that training did.
  const termModel = (t: TermJson): TermModel => ({ ...checked(t, TERM_FEATURES, 'term'), search_threshold: t.search_threshold ?? t.threshold });
  const bare = json.without_encoder;
  return {
    version: json.version,
    term: termModel(json.term),
    dependence: checked(json.dependence, DEPENDENCE_FEATURES, 'dependence'),
    phrase: checked(json.phrase, PHRASE_FEATURES, 'phrase'),
    ...(bare ? { withoutEncoder: { term: termModel(bare.term), dependence: checked(bare.dependence, DEPENDENCE_FEATURES, 'dependence'), ...(bare.phrase ? { phrase: checked(bare.phrase, PHRASE_FEATURES, 'phrase') } : {}) } } : {}),
  };
}

/** The weights a rewrite runs with: without a sentence encoder, the models trained without one where the file has them. */
export function weightsFor(weights: RewriteWeights, encoder: boolean): RewriteWeights {
  return encoder || !weights.withoutEncoder ? weights : { ...weights, ...weights.withoutEncoder };
}

/** The committed weights. */
export const REWRITE_WEIGHTS: RewriteWeights = rewriteWeights(weights);
