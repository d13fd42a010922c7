import type { TermStats } from '../pipeline/search/termStats.js';
import { queryTerms } from '../pipeline/search/queryTerms.js';
import type { ConversationRow } from './dataset.js';

/** What a strategy hands the retriever for one conversation turn. */
export interface StrategyOutput {
  /** The text searched (and embedded for dense retrieval). */
  query: string;
  /** Terms searched beside the query's own, at `keywordWeight` of their BM25 score. */
  keywords?: string[];
  keywordWeight?: number;
}

/** What a strategy may consult: statistics of the corpus being searched. */
export interface StrategyContext {
  termStats?: TermStats;
}

export interface Strategy {
  name: string;
  run(row: ConversationRow, context: StrategyContext): Promise<StrategyOutput> | StrategyOutput;
}

/** Yardsticks that need no rewriting: the turn as asked, every user turn, the reference rewrite. */
export const BASELINES: Strategy[] = [
  { name: 'last_turn', run: (r) => ({ query: r.query }) },
  {
    name: 'all_user_turns',
    run: (r) => ({ query: [...r.history.filter((h) => h.role === 'user').map((h) => h.text), r.query].join(' ') }),
  },
  // Replayed as a yardstick only: never an input to the product.
  { name: 'reference_rewrite', run: (r) => ({ query: r.reference_rewrite }) },
];

/**
 * FINDINGS' crude pick, kept as a yardstick for the weighting machinery: the turn as asked plus
 * the 8 highest-IDF terms of the previous user turn, at 0.3 of their BM25 weight.
 */
export const PREVIOUS_TURN_IDF: Strategy = {
  name: 'prev_user_idf_terms',
  run: (r, ctx) => {
    const prev = [...r.history].reverse().find((h) => h.role === 'user')?.text ?? '';
    const own = new Set(queryTerms(r.query));
    const candidates = queryTerms(prev).filter((t) => !own.has(t));
    if (!ctx.termStats || candidates.length === 0) return { query: r.query };
    const idf = ctx.termStats.idf(candidates);
    const keywords = [...candidates].sort((a, b) => idf.get(b)! - idf.get(a)!).slice(0, 8);
    return { query: r.query, keywords, keywordWeight: 0.3 };
  },
};
