import { createHash } from 'node:crypto';
import type { LlmCallStats } from '../llm/localLlm.js';
import type { Embedder } from '../models/embedder.js';
import type { TermStats } from '../search/termStats.js';
import { queryTerms } from '../search/queryTerms.js';
import { earlierUserTurns } from './history.js';
import { classifyIntent } from './lexical/intent.js';
import { lexicalRewrite, readQuery, type LexicalTrace, type QueryReading } from './lexical/engine.js';
import { removeFillers, topicShift, withoutTalk } from './lexical/clarity.js';
import { table } from './lexical/phrases.js';
import { readShape } from './lexical/reference.js';
import { REWRITE_WEIGHTS, probability, weightsFor, type RewriteWeights } from './lexical/scorer.js';
import { candidateTerms, termFeatures } from './lexical/candidates.js';
import { dependenceFeatures } from './lexical/dependence.js';
import { escapeRegExp } from './lexical/words.js';
import type { RewriteCache } from '../store/rewriteCache.js';
import { rewriteCacheKey } from '../store/rewriteCache.js';
import { pairText, recentTurns, selectTurns, type SelectedTurn } from './targetedHistory.js';
import { DEFAULT_REWRITE_OPTIONS, type HistoryMessage, type RewriteOptions, type RewriteResult } from './types.js';

/** The lexical engine's id in cache keys; bump when its behaviour changes. */
export const LEXICAL_ENGINE_ID = `lexical@${REWRITE_WEIGHTS.version}.409`;

/** What a model-backed engine answers; the rest of the contract is filled in around it. */
export interface LlmRewrite {
  intent: RewriteResult['intent'];
  search_query: string;
  resolved_query: string;
  ambiguous: boolean;
  alternatives: string[];
  confidence: number;
}

/** A model-backed rewrite engine (the local LLM). It may throw or time out: the lexical result is used then. */
export interface LlmRewriter {
  /** Engine and model, for cache keys ("llm:lfm2.5-1.2b-instruct-q4_k_m"). */
  readonly id: string;
  rewrite(input: { query: string; turns: readonly SelectedTurn[]; language: string }, budgetMs: number): Promise<LlmRewrite>;
  /** Figures of the most recent call, when the engine keeps them. */
  readonly lastCall?: LlmCallStats;
}

export type { LlmCallStats } from '../llm/localLlm.js';

export interface RewriteLogger {
  debug(message: string): void;
  warn(message: string): void;
}

export interface RewriteDeps {
  /** The index's embedder, for targeted history; without one the most recent turns are used. */
  embedder?: Embedder;
  /** The index's word statistics, for the learned scorer's features. */
  termStats?: TermStats;
  cache?: RewriteCache;
  /** Used when given and the engine is "llm"; falls back to the lexical engine. */
  llm?: LlmRewriter;
  engine?: 'lexical' | 'llm';
  /** Time budget of the LLM engine (default 3 s). */
  llmBudgetMs?: number;
  /** The lexical engine's models, when not the committed ones (evaluation of other trainings). */
  weights?: RewriteWeights;
  logger?: RewriteLogger;
}

/** The rewrite, and how it was reached, for --explain. */
export interface RewriteRun {
  result: RewriteResult;
  turns: SelectedTurn[];
  options: RewriteOptions;
  cached: boolean;
  /** Why a model-backed rewrite fell back to the lexical engine, if it did. */
  fallback?: string;
  trace?: LexicalTrace;
  /** The lexical engine's estimate that the question needs the conversation (also for cached and LLM runs). */
  dependence?: number;
  /** How much of ADDED_TERM_WEIGHT each of the lexical result's keywords gets in search (also for cached runs). */
  keywordShares?: number[];
  /** The LLM call's figures, when the LLM engine answered. */
  llm?: LlmCallStats;
  /** The conversation as read (the Search stage's feedback takes its words; see searchFeedback). */
  conversation?: readonly HistoryMessage[];
  ms: number;
}

export const DEFAULT_LLM_BUDGET_MS = 3000;

function passthrough(query: string, language: string): RewriteResult {
  return {
    intent: classifyIntent(query),
    search_query: query.trim(),
    resolved_query: query.trim(),
    keywords: [],
    ambiguous: false,
    alternatives: [],
    confidence: 1,
    language,
    rewritten: false,
    kinds: [],
    used_turns: [],
    engine: 'passthrough',
    original_query: query,
  };
}

/** The LLM's answer completed to the contract, checked against the user's own words. */
function fromLlm(query: string, out: LlmRewrite, lexical: RewriteResult, turns: readonly SelectedTurn[]): RewriteResult {
  const own = new Set(queryTerms(query));
  const keywords = queryTerms(out.search_query).filter((t) => !own.has(t));
  const changed = out.search_query.trim() !== query.trim() || out.resolved_query.trim() !== query.trim();
  return {
    intent: out.intent,
    search_query: out.search_query.trim(),
    resolved_query: out.resolved_query.trim(),
    keywords,
    ambiguous: out.ambiguous && out.alternatives.length > 0,
    alternatives: out.alternatives.slice(0, 3),
    confidence: Math.min(1, Math.max(0, out.confidence)),
    language: lexical.language,
    rewritten: changed,
    kinds: changed ? (lexical.kinds.length ? lexical.kinds : ['conversational']) : [],
    used_turns: changed ? turns.map((t) => t.index) : [],
    engine: 'llm',
    original_query: query,
  };
}

/**
 * The longest question the Rewrite stage reads, the app's own limit on a question: a longer one
 * is a pasted text rather than a follow-up, and is searched as it is.
 */
export const MAX_REWRITE_CHARS = 2000;

/**
 * The Rewrite stage: folds the relevant part of the conversation into the query, so that a
 * follow-up finds what it means. It never throws: a model's failure falls back to the lexical
 * engine, and a failure of the lexical engine (a defect: a conversation it was never tried on)
 * gives the question as asked with the term model's terms (`guardedRewrite`), logged once per
 * conversation. `depth` is the rewrite's own: 1 when it reads the user's previous question
 * again, as that question was understood (lexical engine, no cache).
 */
export async function rewrite(query: string, conversation: readonly HistoryMessage[], options: Partial<RewriteOptions> = {}, deps: RewriteDeps = {}, depth = 0): Promise<RewriteRun> {
  const t0 = performance.now();
  try {
    return await engineRewrite(query, conversation, options, deps, depth);
  } catch (err) {
    const opts: RewriteOptions = { ...DEFAULT_REWRITE_OPTIONS, ...options };
    const hash = createHash('sha1').update([query, ...conversation.map((m) => `${m.role}:${m.text}`)].join('\u0000')).digest('hex').slice(0, 12);
    if (!FAILED.has(hash)) {
      FAILED.add(hash);
      deps.logger?.warn(`the rewrite engine failed on conversation ${hash} (${(err as Error)?.message ?? String(err)}); the question is searched as asked, with the conversation's likeliest words`);
    }
    return { ...guardedRewrite(query, conversation, opts, deps), options: opts, ms: performance.now() - t0 };
  }
}
/** Conversations the engine failed on, by hash, each logged once. */
const FAILED = new Set<string>();

/** The question as asked, with the term model's likeliest words of the latest turns as keywords (none if that fails too). */
export function guardedRewrite(query: string, conversation: readonly HistoryMessage[], opts: RewriteOptions, deps: Pick<RewriteDeps, 'termStats' | 'weights'>): Omit<RewriteRun, 'ms' | 'options'> {
  const text = typeof query === 'string' ? query : '';
  let language = 'en';
  let terms: { term: string; p: number }[] = [];
  let turns: SelectedTurn[] = [];
  try {
    language = readQuery(text.slice(0, MAX_REWRITE_CHARS), []).language;
    turns = recentTurns(conversation, opts);
    // The latest turns, similarity unknown: the models trained that way.
    const weights = weightsFor(deps.weights ?? REWRITE_WEIGHTS, false);
    const own = new Set(queryTerms(text));
    const dependence = turns.length ? probability(weights.dependence, dependenceFeatures(text, turns, deps.termStats)) : 0;
    terms = candidateTerms(text, turns, language, deps.termStats)
      .map((c) => ({ term: c.term, p: probability(weights.term, termFeatures(c.features, dependence)) }))
      .filter((c) => c.p >= weights.term.threshold && !own.has(c.term))
      .sort((a, b) => b.p - a.p)
      .slice(0, GUARDED_TERMS);
  } catch {
    terms = [];
  }
  const base = passthrough(text, language);
  const keywords = terms.map((t) => t.term);
  const result: RewriteResult = { ...base, engine: 'lexical', search_query: [base.search_query, ...keywords].join(' ').trim(), keywords, confidence: keywords.length ? 0.5 : 1, used_turns: keywords.length ? turns.map((t) => t.index) : [] };
  return { result, turns, cached: false, fallback: 'the rewrite engine failed' };
}
/** How many of the term model's words a guarded rewrite adds. */
const GUARDED_TERMS = 5;

async function engineRewrite(query: string, conversation: readonly HistoryMessage[], options: Partial<RewriteOptions>, deps: RewriteDeps, depth: number): Promise<RewriteRun> {
  const t0 = performance.now();
  const opts: RewriteOptions = { ...DEFAULT_REWRITE_OPTIONS, ...options };
  // A user's message is read up to MAX_REWRITE_CHARS, as the assistant's are up to message_char_limit.
  const history = sinceTopicShift(conversation.map((m) => (m.role === 'user' && m.text.length > MAX_REWRITE_CHARS ? { ...m, text: m.text.slice(0, MAX_REWRITE_CHARS) } : m)));
  const earlier = earlierUserTurns(history);
  const trimmed = query.trim();
  const done = (run: Omit<RewriteRun, 'ms' | 'options'>): RewriteRun => {
    const r = run.result;
    if (r.search_query !== trimmed) deps.logger?.debug(`Query reformulated: '${query}' -> '${r.search_query}'`);
    return { ...run, options: opts, ...(history.length ? { conversation: history } : {}), ms: performance.now() - t0 };
  };
  const pasted = trimmed.length > MAX_REWRITE_CHARS;
  const reading = readQuery(pasted ? trimmed.slice(0, MAX_REWRITE_CHARS) : trimmed, earlier);
  // "thanks", "great, thanks!": no question, nothing of the conversation to fold in.
  if (pasted || trimmed.length < 3 || (history.length === 0 && reading.text === trimmed && withoutTalk(trimmed, reading.language) === trimmed) || acknowledges(trimmed, reading.language)) {
    return done({ result: passthrough(query, reading.language), turns: [], cached: false });
  }
  const turns = history.length === 0 ? [] : deps.embedder ? await selectTurns(trimmed, history, deps.embedder, opts) : recentTurns(history, opts);
  const useLlm = deps.engine === 'llm' && deps.llm !== undefined;
  // Without an encoder the lexical engine runs other models (weightsFor): another engine for the cache.
  const engineId = useLlm ? deps.llm!.id : `${LEXICAL_ENGINE_ID}${deps.weights ? '+custom' : ''}${deps.embedder ? '' : '+no-encoder'}`;
  // Hashing the conversation costs time: only with a cache to ask.
  const key = deps.cache && rewriteCacheKey({ query: trimmed, turns: turns.map(pairText), conversation: history.map((m) => `${m.role}: ${m.text}`), engineId, options: opts });
  // Asked for the model without one: the lexical engine answers (from the cache or afresh), and says why.
  const noModel = deps.engine === 'llm' && !deps.llm ? 'no local model is installed' : undefined;
  if (noModel) deps.logger?.warn(`LLM rewrite fell back to the lexical engine: ${noModel}`);
  const hit = key ? deps.cache!.get(key) : undefined;
  if (hit) return done({ result: { ...hit.result, original_query: query }, turns, cached: true, fallback: noModel, dependence: hit.dependence, ...(hit.keywordShares ? { keywordShares: hit.keywordShares } : {}) });

  const replies = history.filter((m) => m.role === 'assistant').map((m) => m.text).reverse().slice(0, REPLIES_READ);
  const previous = depth === 0 && !reading.shifted && earlier[0] ? await previousQuestion(history, reading, opts, deps) : earlier[0];
  const lexical = lexicalRewrite({ query, earlierUserTurns: earlier, turns, termStats: deps.termStats, weights: weightsFor(deps.weights ?? REWRITE_WEIGHTS, deps.embedder !== undefined), previous, replies, recent: recentTurns(history, opts) }, reading);
  const { trace, ...lexicalResult } = lexical;
  let result: RewriteResult = lexicalResult;
  let fallback: string | undefined;
  let llmStats: LlmCallStats | undefined;
  if (useLlm) {
    try {
      const out = await deps.llm!.rewrite({ query: trimmed, turns, language: lexical.language }, deps.llmBudgetMs ?? DEFAULT_LLM_BUDGET_MS);
      result = fromLlm(query, out, lexicalResult, turns);
      llmStats = deps.llm!.lastCall;
    } catch (err) {
      fallback = (err as Error).message;
    }
  }
  if (fallback) deps.logger?.warn(`LLM rewrite fell back to the lexical engine: ${fallback}`);
  // A fallback is not cached: the model may answer next time. The shares belong to the lexical engine's keywords.
  const keywordShares = result === lexicalResult ? trace.keywordShares : undefined;
  if (key && !fallback) deps.cache!.put(key, { result, dependence: trace.dependence, ...(keywordShares ? { keywordShares } : {}) });
  return done({ result, turns, cached: false, fallback: fallback ?? noModel, trace, dependence: trace.dependence, ...(keywordShares ? { keywordShares } : {}), ...(llmStats ? { llm: llmStats } : {}) });
}

/**
 * The conversation from the user's latest change of subject on ("Different topic: how do I …?"):
 * what came before it is another conversation, and a later "can it …?" never points into it.
 */
function sinceTopicShift(history: readonly HistoryMessage[]): readonly HistoryMessage[] {
  for (let at = history.length - 1; at > 0; at--) {
    if (history[at]!.role === 'user' && topicShift(removeFillers(history[at]!.text)).shifted) return history.slice(at);
  }
  return history;
}

/** How many of the latest replies an ordinal ("the second one") or "the other one" may name an item of. */
const REPLIES_READ = 3;

/**
 * The user's previous question as the engine understood it when it was asked ("and SVG?" after
 * "and PNG?" goes on from what that question meant), for a follow-up with a shape that reads it.
 */
async function previousQuestion(history: readonly HistoryMessage[], reading: QueryReading, opts: RewriteOptions, deps: RewriteDeps): Promise<string | undefined> {
  const at = history.map((m) => m.role).lastIndexOf('user');
  const asked = history[at]?.text;
  if (!asked) return undefined;
  const shape = readShape(reading.text, reading.language);
  if (!shape || shape.kind === 'pronoun' || shape.kind === 'ordinal') return asked;
  const run = await rewrite(asked, history.slice(0, at), opts, { termStats: deps.termStats, weights: deps.weights, logger: deps.logger }, 1);
  return run.result.resolved_query;
}

/** A message that only thanks or acknowledges ("thanks!", "ok, great"): no question to rewrite. */
function acknowledges(text: string, language: string): boolean {
  const words = table(language).acknowledgements;
  const rest = words.reduce((t, w) => t.replace(new RegExp(`(?<![\\p{L}])${escapeRegExp(w)}(?![\\p{L}])`, 'giu'), ' '), text.toLowerCase());
  return !/[\p{L}\p{N}]/u.test(rest);
}
