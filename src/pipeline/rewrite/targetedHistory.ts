import { cosine, type Embedder } from '../models/embedder.js';
import type { HistoryMessage, RewriteOptions } from './types.js';

export interface TurnPair {
  /** Position among the conversation's turn pairs, oldest 0. */
  index: number;
  user: string;
  assistant: string;
}

export interface SelectedTurn extends TurnPair {
  similarity: number;
  /** Kept because it is the most recent pair, not for its similarity. */
  byRecency: boolean;
}

/**
 * Groups a history into turn pairs: each user message with the assistant reply that follows.
 * An assistant message with no user message before it forms a pair of its own.
 */
export function turnPairs(history: readonly HistoryMessage[], messageCharLimit: number): TurnPair[] {
  const pairs: TurnPair[] = [];
  for (const m of history) {
    const text = m.text.trim();
    // An empty message (a question sent blank, an answer that failed) says nothing to fold in.
    if (!text) continue;
    if (m.role === 'user') pairs.push({ index: pairs.length, user: text, assistant: '' });
    else {
      const last = pairs.at(-1);
      const cut = text.length > messageCharLimit ? text.slice(0, messageCharLimit) : text;
      if (last && !last.assistant) last.assistant = cut;
      else pairs.push({ index: pairs.length, user: '', assistant: cut });
    }
  }
  return pairs;
}

export function pairText(p: TurnPair): string {
  return `User: ${p.user} Assistant: ${p.assistant}`.trim();
}

/**
 * Targeted history (seed: targeted query rewrite): keep the turn pairs whose embedding is at
 * least `similarity_threshold` similar to the query's, always the last one when
 * `include_last_turn`, at most `max_relevant_turns` (the most similar), in chronological order.
 */
export async function selectTurns(
  query: string,
  history: readonly HistoryMessage[],
  embedder: Embedder,
  options: RewriteOptions,
): Promise<SelectedTurn[]> {
  const pairs = turnPairs(history, options.message_char_limit);
  if (pairs.length === 0) return [];
  const [qv, ...pvs] = await embedder.embed([query, ...pairs.map(pairText)]);
  const scored = pairs.map((p, i) => ({ ...p, similarity: cosine(qv!, pvs[i]!), byRecency: false }));
  const last = scored.at(-1)!;
  const chosen = new Map<number, SelectedTurn>();
  if (options.include_last_turn && options.max_relevant_turns > 0) chosen.set(last.index, { ...last, byRecency: last.similarity < options.similarity_threshold });
  for (const p of [...scored].sort((a, b) => b.similarity - a.similarity)) {
    if (chosen.size >= options.max_relevant_turns) break;
    if (p.similarity >= options.similarity_threshold && !chosen.has(p.index)) chosen.set(p.index, p);
  }
  return [...chosen.values()].sort((a, b) => a.index - b.index);
}

/** The most recent turn pairs, for when no embedder is at hand (similarity unknown, taken as 0). */
export function recentTurns(history: readonly HistoryMessage[], options: RewriteOptions): SelectedTurn[] {
  return turnPairs(history, options.message_char_limit)
    .slice(-Math.max(1, options.max_relevant_turns))
    .map((p, i, all) => ({ ...p, assistant: p.assistant.slice(0, options.message_char_limit), similarity: 0, byRecency: i === all.length - 1 }));
}
