import { sameWordForm } from '../pipeline/rewrite/lexical/candidates.js';
import { wordPattern } from '../pipeline/rewrite/lexical/words.js';
import { queryTerms } from '../pipeline/search/queryTerms.js';

/** A word of a query or a reference rewrite, as the rewrite engine splits text. */
const WORD = wordPattern();

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

/**
 * Of the head words a reference rewrite names, the ones it put where the pronoun stood. A reference
 * names the conversation's other things too ("how do I remove it?" → "how do I remove the plugin
 * from the store in the editor?"), and labelling every one of them taught the phrase model to fill
 * a pronoun with the conversation's scope ("the editor"). The pronoun's place: after the last of the
 * question's words before it that the reference says in the same order, up to the next of its words
 * after it ("the plugin from the store"); for a possessive whose thing the reference says after the
 * noun it owns ("its size" → "the size of the chart"), the run after that noun. Undefined (every
 * named head counts) where the reference says no named head there.
 */
export function inPronounPlace(query: string, at: number, reference: string, heads: readonly string[]): Set<string> | undefined {
  const ref = reference.toLowerCase().match(WORD) ?? [];
  const words = query.toLowerCase().match(WORD) ?? [];
  const before = query.slice(0, at).toLowerCase().match(WORD)?.length ?? 0;
  // Each of the question's words at its place in the reference, in order (-1 where the reference dropped it).
  let next = 0;
  const placed = words.map((w, i) => {
    if (i === before) return -1;
    const k = ref.findIndex((r, j) => j >= next && sameWordForm(r, w));
    if (k >= 0) next = k + 1;
    return k;
  });
  const after = (i: number): number => placed.slice(i + 1).find((k) => k >= 0) ?? ref.length;
  const start = Math.max(0, ...placed.slice(0, before).filter((k) => k >= 0).map((k) => k + 1));
  const end = after(before);
  const within = (from: number, to: number): string[] => heads.filter((h) => ref.slice(from, to).some((r) => sameWordForm(r, h)));
  const here = within(start, end);
  if (here.length) return new Set(here);
  const owned = placed.indexOf(end);
  const beyond = end < ref.length && owned >= 0 ? within(end + 1, after(owned)) : [];
  return beyond.length ? new Set(beyond) : undefined;
}
