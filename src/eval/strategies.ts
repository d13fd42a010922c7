import type { Embedder } from '../pipeline/models/embedder.js';
import type { RewriteWeights } from '../pipeline/rewrite/lexical/scorer.js';
import { rewrite, type LlmRewriter } from '../pipeline/rewrite/rewrite.js';
import { conversationWords, searchFeedback, searchTerms, searchVectorQuery } from '../pipeline/search/rewriteQuery.js';
import { pairText, turnPairs } from '../pipeline/rewrite/targetedHistory.js';
import { DEFAULT_REWRITE_OPTIONS, type RewriteOptions } from '../pipeline/rewrite/types.js';
import type { WeightedTerms, WeightedText } from '../pipeline/search/hybridSearch.js';
import type { TermStats } from '../pipeline/search/termStats.js';
import { queryTerms } from '../pipeline/search/queryTerms.js';
import type { ConversationRow } from './dataset.js';

/** What a strategy hands the retriever for one conversation turn. */
export interface StrategyOutput {
  /** The text searched (and embedded for dense retrieval). */
  query: string;
  /** Terms searched beside the query's own, each at its weight of its BM25 score. */
  extra?: WeightedTerms;
  /** The question as the strategy understood it (a rewrite's resolved_query), when it has one. */
  resolved?: string;
  /** What dense retrieval searches for instead of `query`: texts mixed by weight. */
  vectorQuery?: WeightedText[];
  /** Conversation words the keyword side adds where its first-found passages hold them (the Search stage's feedback). */
  feedback?: string[];
}

/** What a strategy may consult: statistics of the corpus being searched. */
export interface StrategyContext {
  termStats?: TermStats;
  /** Lexical-engine weights other than the committed ones (`--weights`). */
  weights?: RewriteWeights;
  /** The index's embedder (cached), for targeted history. */
  embedder?: Embedder;
  /** false: the rewrite strategies run without the encoder, as for an index without vectors (the search keeps it). */
  rewriteEncoder?: boolean;
}

export interface Strategy {
  name: string;
  run(row: ConversationRow, context: StrategyContext): Promise<StrategyOutput> | StrategyOutput;
  /**
   * Run once over all rows before the timed pass, as a long-running app is warm (compiled code,
   * word statistics read once). Off for the LLM strategies, whose calls are slow and uncached.
   */
  warmup?: boolean;
  /** Figures of the strategy's own to add to its result rows (LLM fallbacks, tokens). */
  report?(): Record<string, number>;
  /** Work done before the timed runs (embedding the turns), so the times are the strategy's own. */
  prepare?(rows: readonly ConversationRow[], context: StrategyContext): Promise<void>;
  /** A yardstick of search only, whose text is another strategy's: left out of the rewrite-text figures and of topic switches. */
  searchOnly?: boolean;
}

/** Every query and turn pair of the rows, embedded once into the context's (caching) embedder. */
async function embedTurns(rows: readonly ConversationRow[], context: StrategyContext): Promise<void> {
  if (!context.embedder) return;
  const texts = new Set<string>();
  for (const r of rows) {
    texts.add(r.query.trim());
    for (const p of turnPairs(r.history, DEFAULT_REWRITE_OPTIONS.message_char_limit)) texts.add(pairText(p));
  }
  const all = [...texts];
  for (let i = 0; i < all.length; i += 64) await context.embedder.embed(all.slice(i, i + 64));
}

/** Every turn pair, as `rewrite_full_history` sees the conversation. */
const FULL_HISTORY: Partial<RewriteOptions> = { similarity_threshold: -1, max_relevant_turns: 1000 };

/**
 * The product's Rewrite stage as a strategy: the rewrite's search_query is searched by keywords,
 * its added terms at ADDED_TERM_WEIGHT, and its resolved question by meaning.
 */
export function rewriteStrategy(name: string, history: 'full' | 'targeted', llm?: LlmRewriter, llmBudgetMs?: number): Strategy {
  const stats = { fallbacks: 0, promptTokens: [] as number[] };
  return {
    name,
    warmup: !llm,
    prepare: async (rows, ctx) => {
      stats.fallbacks = 0;
      stats.promptTokens = [];
      await embedTurns(rows, ctx);
    },
    report: (): Record<string, number> => {
      if (!llm) return {};
      const tokens = stats.promptTokens;
      return { llm_fallbacks: stats.fallbacks, llm_prompt_tokens_mean: tokens.length ? tokens.reduce((a, b) => a + b, 0) / tokens.length : 0 };
    },
    run: async (r, ctx) => {
      const run = await rewrite(r.query, r.history, history === 'full' ? FULL_HISTORY : {}, {
        ...(ctx.rewriteEncoder === false ? {} : { embedder: ctx.embedder }),
        termStats: ctx.termStats,
        weights: ctx.weights,
        ...(llm ? { engine: 'llm' as const, llm, llmBudgetMs } : {}),
      });
      if (run.fallback) stats.fallbacks++;
      if (run.llm) stats.promptTokens.push(run.llm.promptTokensEvaluated);
      const { search_query, resolved_query } = run.result;
      // As the Search stage does: keywords at their weight; by meaning, the resolved question
      // (a sentence encoder reads a question better than one with a bag of words on it) mixed
      // with the turn it drew on most; the conversation's words its first-found passages hold as feedback.
      return { query: search_query, extra: searchTerms(run), resolved: resolved_query, vectorQuery: searchVectorQuery(run), feedback: searchFeedback(run) };
    },
  };
}

export const REWRITE_STRATEGIES: Strategy[] = [rewriteStrategy('rewrite_full_history', 'full'), rewriteStrategy('rewrite_targeted', 'targeted')];

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
 * The reference rewrite searched as the Search stage searches a rewrite: with the conversation's
 * words its first-found passages hold (conversation feedback) and, by meaning, moved towards those
 * passages (passage feedback). The fair yardstick for those two: without them, the reference
 * gets none of what the Search stage adds to a follow-up. Replayed as a yardstick only.
 */
export const REFERENCE_WITH_FEEDBACK: Strategy = {
  name: 'reference_rewrite_feedback',
  searchOnly: true,
  run: (r) => ({ query: r.reference_rewrite, ...(r.history.length ? { feedback: conversationWords(r.history, r.reference_rewrite) } : {}) }),
};

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
    return { query: r.query, extra: { terms: keywords, weight: 0.3 } };
  },
};
