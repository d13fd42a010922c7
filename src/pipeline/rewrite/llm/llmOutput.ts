import { z } from 'zod';
import { parseModelJson } from '../../llm/modelOutput.js';
import type { LlmRewrite } from '../rewrite.js';

/** The JSON schema the model's output is constrained to (a GBNF grammar is made from it). */
export const LLM_REWRITE_SCHEMA = {
  type: 'object',
  properties: {
    intent: { enum: ['factual', 'count', 'list', 'compare', 'summarize'] },
    resolved_query: { type: 'string', maxLength: 200 },
    search_query: { type: 'string', maxLength: 200 },
    ambiguous: { type: 'boolean' },
    alternatives: { type: 'array', items: { type: 'string', maxLength: 200 }, maxItems: 3 },
    // Steps rather than a free number: an unconstrained number lets a model write digits until its token limit.
    confidence: { enum: [0, 0.25, 0.5, 0.75, 1] },
  },
  required: ['intent', 'resolved_query', 'search_query', 'ambiguous', 'alternatives', 'confidence'],
} as const;

const schema = z.object({
  intent: z.enum(['factual', 'count', 'list', 'compare', 'summarize']),
  resolved_query: z.string(),
  search_query: z.string(),
  ambiguous: z.boolean(),
  alternatives: z.array(z.string()).max(3),
  confidence: z.number(),
});

/**
 * The model's answer checked beyond the grammar: parsed, complete, and sensible (a query that
 * is not empty, not a paragraph, not made of symbols). Throws with what was wrong.
 */
export function parseLlmRewrite(text: string): LlmRewrite {
  const out = parseModelJson(text, schema, { what: 'answer', contract: 'the rewrite contract' });
  for (const field of ['resolved_query', 'search_query'] as const) {
    const v = out[field].trim();
    if (v.length < 2 || (v.match(/[\p{L}\p{N}]/gu)?.length ?? 0) < v.length / 3) throw new Error(`the model's ${field} is empty or not words`);
  }
  return { ...out, confidence: Math.min(1, Math.max(0, out.confidence)), alternatives: out.alternatives.filter((a) => a.trim().length > 1) };
}
