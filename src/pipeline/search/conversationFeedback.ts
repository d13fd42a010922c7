import type { IndexStore } from '../store/indexStore.js';
import { queryTerms } from './queryTerms.js';

/**
 * Conversation feedback: words of the conversation that the passages a follow-up finds first
 * also hold are searched beside it. The rewrite picks the words a follow-up needs from the turns
 * it reads; the corpus knows more about which of the conversation's other words belong with the
 * question. The keyword side searches once, reads its FEEDBACK_PASSAGES best passages, and adds
 * each conversation word found in at least FEEDBACK_MIN_PASSAGES of them, weighted by the share
 * of those passages that hold it (pseudo-relevance feedback, as RM3, restricted to the words the
 * conversation used, so nothing the user never saw is added).
 *
 * nDCG@10 bm25/hybrid of rewrite_targeted, in a scratch harness with the eval's own retrieval
 * (issue 3's note): FiQA 0.1979/0.2363 → 0.2087/0.2442, ClapNQ 0.3339/0.4256 → 0.3441/0.4219;
 * topic switches FiQA 0.382/0.462 → 0.384/0.469, ClapNQ 0.145/0.511 → 0.211/0.522. The words of
 * the turns the rewrite selected gave nothing (FiQA 0.1994/0.2363): the feedback reads them all.
 */
export const FEEDBACK_PASSAGES = 5;
export const FEEDBACK_MIN_PASSAGES = 2;
/** A word in every one of the passages counts at this weight (the added-term weight); in two of five at 2/5 of it. */
export const FEEDBACK_WEIGHT = 0.5;

export interface FeedbackTerm {
  term: string;
  weight: number;
}

/** The candidate words held by enough of the first-found chunks, with their weights, in the candidates' order. */
export function feedbackTerms(store: IndexStore, chunkIds: readonly number[], candidates: readonly string[]): FeedbackTerm[] {
  if (!candidates.length || chunkIds.length === 0) return [];
  const text = store.prepared('SELECT text FROM chunks WHERE id = ?');
  const held = chunkIds.slice(0, FEEDBACK_PASSAGES).map((id) => new Set(queryTerms((text.get(id) as { text: string } | undefined)?.text ?? '')));
  const out: FeedbackTerm[] = [];
  for (const term of candidates) {
    const n = held.filter((words) => words.has(term)).length;
    if (n >= FEEDBACK_MIN_PASSAGES) out.push({ term, weight: (FEEDBACK_WEIGHT * n) / FEEDBACK_PASSAGES });
  }
  return out;
}
