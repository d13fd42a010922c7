import { existsSync } from 'node:fs';
import { chooseEmbedderSpec } from '../../pipeline/models/embedderSpec.js';
import { createEmbedder } from '../../pipeline/models/createEmbedder.js';
import type { Embedder } from '../../pipeline/models/embedder.js';
import { readHistoryFile } from '../../pipeline/rewrite/history.js';
import { findLlmModel } from '../../pipeline/rewrite/llm/findModel.js';
import { rewrite, type LlmRewriter, type RewriteRun } from '../../pipeline/rewrite/rewrite.js';
import { RewriteCache } from '../../pipeline/store/rewriteCache.js';
import type { HistoryMessage, RewriteOptions } from '../../pipeline/rewrite/types.js';
import type { LexicalTrace } from '../../pipeline/rewrite/lexical/engine.js';
import { TermStats } from '../../pipeline/search/termStats.js';
import type { IndexStore } from '../../pipeline/store/indexStore.js';
import { DocentError } from '../../shared/errors.js';
import { dbPathOf, modelsDir, openStore, type GlobalOptions } from '../context.js';
import { printJson } from '../output.js';

export interface RewriteCommandOptions extends GlobalOptions {
  history?: string;
  engine: 'lexical' | 'llm';
  model?: string;
  json?: boolean;
  explain?: boolean;
  debug?: boolean;
  threshold?: number;
  maxTurns?: number;
  lastTurn?: boolean;
  charLimit?: number;
  budget?: number;
}

/** How --explain names each reference shape (templates.json) the engine read. */
const SHAPES: Record<NonNullable<LexicalTrace['reference']>['shape'], string> = {
  pronoun: 'a pronoun or demonstrative, filled with the likeliest phrase of the conversation',
  ellipsis: 'an ellipsis ("and the price?", "what about SVG?", "en in Utrecht?"): the attribute asked of the likeliest phrase, or the previous question with the new subject or circumstance',
  ordinal: 'a place in the latest list ("the second one")',
  choice: 'a choice between the things the previous question or reply offered',
  other: 'the other of two things the conversation named',
  demonstrative: 'a demonstrative and its noun ("those rules"): the conversation\'s fuller phrase with that noun',
  said: 'what the assistant said ("are you sure?", "what you said about …"): the reply\'s sentence, quoted',
  bare: 'a short question that leans on the conversation: its topic beside it',
  more: 'more of the things just named ("aren\'t there more?")',
  file: 'the file the latest answer named',
};

/** The rewrite as the CLI prints it: the result, and with `full` (--explain) how it was reached. */
export function describeRewrite(run: RewriteRun, history: readonly HistoryMessage[], full: boolean): string {
  const r = run.result;
  const lines = [
    `Rewrite: '${r.original_query}' -> '${r.resolved_query}'`,
    `  search query: ${r.search_query}`,
    `  keywords:     ${r.keywords.map((k, i) => (run.keywordShares && run.keywordShares[i]! < 1 ? `${k} (at ${run.keywordShares[i]} of the weight)` : k)).join(', ') || '(none)'}`,
    `  intent ${r.intent} · language ${r.language} · confidence ${r.confidence} · engine ${r.engine}${run.cached ? ' (cached)' : ''} · ${run.ms.toFixed(1)} ms`,
    `  kinds: ${r.kinds.join(', ') || '(none: left as asked)'}`,
  ];
  if (r.ambiguous) lines.push(`  ambiguous; also searched: ${r.alternatives.map((a) => `'${a}'`).join(', ')}`);
  if (run.fallback) lines.push(`  fell back to the lexical engine: ${run.fallback}`);
  if (run.llm) lines.push(`  LLM call: ${run.llm.promptTokensEvaluated} prompt tokens evaluated (the system prompt is reused), ${run.llm.outputTokens} written, ${run.llm.ms.toFixed(0)} ms`);
  if (!full) return lines.join('\n') + '\n';
  const o = run.options;
  lines.push(`Targeted history: threshold ${o.similarity_threshold}, last turn ${o.include_last_turn ? 'always kept' : 'not forced'}, at most ${o.max_relevant_turns} turns, assistant text cut at ${o.message_char_limit} characters`);
  const pairs = history.filter((m) => m.role === 'user').length;
  if (run.turns.length === 0) lines.push(`  no turns used (${pairs} in the history)`);
  for (const t of run.turns) {
    const mark = r.used_turns.includes(t.index) ? '*' : ' ';
    lines.push(` ${mark} turn ${t.index}  similarity ${t.similarity.toFixed(2)}${t.byRecency ? ' (kept as the last turn)' : ''}  User: ${t.user.slice(0, 70)}`);
  }
  if (run.trace) {
    lines.push(`Context dependence: ${run.trace.dependence.toFixed(2)}`);
    if (run.trace.terms.length) lines.push(`  terms taken: ${run.trace.terms.map((t) => `${t.term} ${t.p.toFixed(2)}`).join(', ')}`);
    const ref = run.trace.reference;
    if (ref) lines.push(`  reference: ${SHAPES[ref.shape]}`, `    read as: ${ref.phrase}`);
    if (ref?.ranked.length) lines.push(`    phrases ranked by the phrase model: ${ref.ranked.map((p) => `${p.phrase} ${p.p.toFixed(2)}`).join(', ')}`);
    if (run.trace.typos.length) lines.push(`  typos fixed: ${run.trace.typos.join(', ')}`);
    if (run.trace.expansions.length) lines.push(`  expanded: ${run.trace.expansions.join('; ')}`);
  }
  return lines.join('\n') + '\n';
}

export async function runRewrite(query: string, opts: RewriteCommandOptions): Promise<void> {
  const history = opts.history ? readHistoryFile(opts.history) : [];
  const options: Partial<RewriteOptions> = {
    ...(opts.threshold !== undefined ? { similarity_threshold: opts.threshold } : {}),
    ...(opts.maxTurns !== undefined ? { max_relevant_turns: opts.maxTurns } : {}),
    ...(opts.lastTurn === false ? { include_last_turn: false } : {}),
    ...(opts.charLimit !== undefined ? { message_char_limit: opts.charLimit } : {}),
  };
  // The index gives the rewrite its word statistics, its embedder and its cache; without one the rewrite still works.
  const store: IndexStore | undefined = existsSync(dbPathOf(opts)) ? openStore(opts) : undefined;
  let embedder: Embedder | undefined;
  let llm: (LlmRewriter & { close(): Promise<void> }) | undefined;
  const notes: string[] = [];
  try {
    if (history.length) {
      try {
        embedder = await createEmbedder(store ? chooseEmbedderSpec(store, undefined, modelsDir()) : { kind: 'use' });
      } catch (err) {
        notes.push(`turns chosen by recency: ${(err as Error).message}`);
      }
    }
    if (opts.engine === 'llm') {
      const modelPath = findLlmModel(modelsDir(), opts.model);
      if (modelPath) {
        const { LlamaRewriter } = await import('../../pipeline/rewrite/llm/llamaRewriter.js');
        llm = new LlamaRewriter({ modelPath });
      }
    }
    const run = await rewrite(query, history, options, {
      embedder,
      termStats: store && store.vectorStates().total > 0 ? TermStats.of(store) : undefined,
      cache: store ? new RewriteCache(store) : undefined,
      engine: opts.engine,
      llm,
      llmBudgetMs: opts.budget,
      logger: {
        debug: (m) => void (opts.debug && process.stderr.write(`debug: ${m}\n`)),
        warn: (m) => void notes.push(m),
      },
    });
    if (opts.json) printJson(run.result);
    else process.stdout.write(describeRewrite(run, history, !!opts.explain));
    for (const n of notes) process.stderr.write(`note: ${n}\n`);
  } finally {
    await llm?.close();
    await embedder?.close();
    store?.close();
  }
}

export function parseEngine(v: string): 'lexical' | 'llm' {
  if (v !== 'lexical' && v !== 'llm') throw new DocentError(`--engine must be "lexical" or "llm", not "${v}"`);
  return v;
}
