import { existsSync } from 'node:fs';
import { chooseEmbedderSpec } from '../../pipeline/models/embedderSpec.js';
import { createEmbedder } from '../../pipeline/models/createEmbedder.js';
import type { Embedder } from '../../pipeline/models/embedder.js';
import { readHistoryFile } from '../../pipeline/rewrite/history.js';
import { findLlmModel } from '../../pipeline/rewrite/llm/findModel.js';
import { rewrite, type LlmRewriter, type RewriteRun } from '../../pipeline/rewrite/rewrite.js';
import { RewriteCache } from '../../pipeline/rewrite/rewriteCache.js';
import type { HistoryMessage, RewriteOptions } from '../../pipeline/rewrite/types.js';
import type { LexicalTrace } from '../../pipeline/rewrite/lexical/lexicalEngine.js';
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

/** Where --explain says a reference was read from. */
const REFERENCE_SOURCES: Record<NonNullable<LexicalTrace['reference']>['by'], string> = {
  person: 'the person the conversation is about',
  demonstrative: 'what the conversation said of the noun pointed at',
  'list item': 'an item of the list just given',
  answer: 'the latest answer, whose source is asked for',
  'question form': "from the previous question's form",
  'conversation terms': "from the conversation's likeliest words",
  'verb object': 'what the latest answer has the same verb act on',
  contact: 'who the conversation told you to reach',
  advice: 'the action the latest answer advised',
  file: 'the file the latest answer named',
  place: 'the place the latest question asked for or named',
  order: 'the thing the previous question named, of another order',
  choice: 'the thing the latest answer chose',
  'previous question': "what the previous question's own pronoun was read as",
  'own thing': 'the thing a recent question called the user\'s own ("my …")',
  comparison: 'the two things the latest two questions asked about',
  introduced: 'the kind of thing the latest answer introduced with "a"/"an"',
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
    if (ref) lines.push(`  reference read as: ${ref.phrase} (${REFERENCE_SOURCES[ref.by]})`);
    if (run.trace.replaced) lines.push(`  asked again about a new subject, in place of: ${run.trace.replaced}`);
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
