import { queryTerms } from '../pipeline/search/queryTerms.js';

/**
 * How well a rewrite adds what the reference adds: the terms each puts beyond the user's own
 * query, compared as sets (precision, recall, F1). A rewrite that adds nothing where the
 * reference adds nothing scores 1.
 */
export function addedTermScores(query: string, rewrite: string, reference: string): { precision: number; recall: number; f1: number } {
  const own = new Set(queryTerms(query));
  const added = new Set(queryTerms(rewrite).filter((t) => !own.has(t)));
  const wanted = new Set(queryTerms(reference).filter((t) => !own.has(t)));
  if (added.size === 0 && wanted.size === 0) return { precision: 1, recall: 1, f1: 1 };
  let hit = 0;
  for (const t of added) if (wanted.has(t)) hit++;
  const precision = added.size ? hit / added.size : 0;
  const recall = wanted.size ? hit / wanted.size : 0;
  const f1 = precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
  return { precision, recall, f1 };
}

/** Normalised for comparing whether a text was left as it was. */
export function sameQuery(a: string, b: string): boolean {
  const norm = (s: string): string => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
  return norm(a) === norm(b);
}
