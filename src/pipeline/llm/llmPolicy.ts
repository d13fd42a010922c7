/**
 * When the local LLM is worth waiting for. A model call's time is its prompt tokens at the
 * machine's prompt speed plus its written tokens at its generation speed; both speeds are measured
 * on the user's machine (LocalLlm.speed()), the token counts are the pipeline's (measured by
 * `npm run bench -- --only llm` on an LFM2.5-1.2B-sized model). A stage uses the model when the
 * estimate fits its limit; otherwise the built-in engine does the work and the user is told why.
 *
 * On the 2-core build machine (LFM2.5-1.2B Q4_K_M, 1 thread: 60 prompt and 24 generated tokens/s)
 * a rewrite would take about 7.5 s and an answer about a minute: both stay with the built-in
 * engines. A machine about six times as fast at prompts (an 8-core laptop) gets model rewrites.
 */
import type { LlmSpeed } from './localLlm.js';

/** Tokens of one rewrite call beside its system prompt (kept evaluated): the bench's median 275, and the contract's JSON. */
const REWRITE_PROMPT_TOKENS = 300;
const REWRITE_WRITTEN_TOKENS = 60;
/** Tokens of an answer: Map reads eight passages of about 250 tokens in two calls, each writing its quotes; Reduce reads the facts and writes the answer. */
const MAP_PROMPT_TOKENS = 8 * 250 + 2 * 150;
const MAP_WRITTEN_TOKENS = 2 * 100;
const REDUCE_PROMPT_TOKENS = 700;
const REDUCE_WRITTEN_TOKENS = 150;

export interface LlmLimits {
  /** A rewrite runs before any result is shown: it must be quick. */
  rewriteMs: number;
  /** The model's answer arrives after the passages are listed: it may take longer. */
  answerMs: number;
}

export const DEFAULT_LIMITS: LlmLimits = { rewriteMs: 3_000, answerMs: 15_000 };

export interface LlmUse {
  rewrite: boolean;
  answer: boolean;
  /** Estimated milliseconds of a rewrite and of an answer (Map and Reduce) on this machine. */
  estimate: { rewriteMs: number; answerMs: number };
  /** Map and Reduce budgets: the estimate with room to spare, within the defaults. */
  mapBudgetMs: number;
  reduceBudgetMs: number;
  /** For the user, when a stage does not use the model. */
  note?: string;
}

const callMs = (speed: LlmSpeed, prompt: number, written: number): number => (1000 * prompt) / Math.max(1e-3, speed.promptTokensPerSecond) + (1000 * written) / Math.max(1e-3, speed.generatedTokensPerSecond);

/** What the model is used for on a machine of this speed. */
export function chooseLlmUse(speed: LlmSpeed, limits: LlmLimits = DEFAULT_LIMITS, budgets = { mapMs: 20_000, reduceMs: 15_000 }): LlmUse {
  const rewriteMs = Math.round(callMs(speed, REWRITE_PROMPT_TOKENS, REWRITE_WRITTEN_TOKENS));
  const mapMs = callMs(speed, MAP_PROMPT_TOKENS, MAP_WRITTEN_TOKENS);
  const reduceMs = callMs(speed, REDUCE_PROMPT_TOKENS, REDUCE_WRITTEN_TOKENS);
  const answerMs = Math.round(mapMs + reduceMs);
  const rewrite = rewriteMs <= limits.rewriteMs;
  const answer = answerMs <= limits.answerMs;
  const seconds = (ms: number): string => `${Math.round(ms / 100) / 10} s`;
  const slow = [...(!rewrite ? [`a rewrite about ${seconds(rewriteMs)}`] : []), ...(!answer ? [`an answer about ${seconds(answerMs)}`] : [])];
  return {
    rewrite,
    answer,
    estimate: { rewriteMs, answerMs },
    mapBudgetMs: Math.round(Math.min(budgets.mapMs, Math.max(2_000, 1.5 * mapMs))),
    reduceBudgetMs: Math.round(Math.min(budgets.reduceMs, Math.max(2_000, 1.5 * reduceMs))),
    ...(slow.length ? { note: `the local model would take ${slow.join(' and ')} on this machine, so the built-in ${!rewrite && !answer ? 'engines do that work' : !rewrite ? 'rewrite engine rewrites' : 'engine answers'}` } : {}),
  };
}
