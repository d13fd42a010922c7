/** What the user wants back, which shapes planning and the answer. */
export type Intent = 'factual' | 'count' | 'list' | 'compare' | 'summarize';

/** The seeds' rewrite types: resolve references, clean up wording, match document wording. */
export type RewriteKind = 'conversational' | 'clarity' | 'retrieval';

export type RewriteEngineName = 'llm' | 'lexical' | 'passthrough';

export interface HistoryMessage {
  role: 'user' | 'assistant';
  text: string;
}

/** The Rewrite stage's output contract (ARCHITECTURE.md, seeds). */
export interface RewriteResult {
  intent: Intent;
  /** Made to match document wording: the user's terms plus expansions; what Search searches. */
  search_query: string;
  /** The user's question with references resolved; what the planner and the answer see. */
  resolved_query: string;
  /** Terms added from the conversation or expansions, to be weighed below the user's own words. */
  keywords: string[];
  ambiguous: boolean;
  /** Other readings when a reference could mean several things (at most 3); all are searched. */
  alternatives: string[];
  confidence: number;
  /** ISO 639-1 code of the query's language ('en', 'nl', …). */
  language: string;
  rewritten: boolean;
  kinds: RewriteKind[];
  /** Indices of the history turn pairs the rewrite used, oldest first. */
  used_turns: number[];
  engine: RewriteEngineName;
  /** The user's words exactly as typed, for the answer. */
  original_query: string;
}

export interface RewriteOptions {
  /** Keep turn pairs at least this similar to the query (cosine). */
  similarity_threshold: number;
  /** Always keep the most recent turn pair. */
  include_last_turn: boolean;
  /** Keep at most this many turn pairs. */
  max_relevant_turns: number;
  /** Cut assistant messages to this many characters. */
  message_char_limit: number;
}

export const DEFAULT_REWRITE_OPTIONS: RewriteOptions = {
  similarity_threshold: 0.3,
  include_last_turn: true,
  max_relevant_turns: 5,
  message_char_limit: 500,
};
