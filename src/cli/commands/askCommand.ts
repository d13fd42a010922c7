import { existsSync } from 'node:fs';
import { ask, type AskResult } from '../../pipeline/answer/ask.js';
import { openLocalModels, type LocalModels } from '../../pipeline/answer/localModels.js';
import { modelsDir } from '../../pipeline/config.js';
import { findLlmModel } from '../../pipeline/rewrite/llm/findModel.js';
import { SessionStore } from '../../pipeline/answer/sessions.js';
import type { Embedder } from '../../pipeline/models/embedder.js';
import { confidenceLevel } from '../../shared/api.js';
import { DocentError } from '../../shared/errors.js';
import { dbPathOf, openStore, queryEmbedder, type GlobalOptions } from '../context.js';
import { printJson } from '../output.js';

export interface AskCommandOptions extends GlobalOptions {
  session?: string;
  json?: boolean;
  explain?: boolean;
  /** A GGUF model file; by default the one in the models folder, if any. */
  model?: string;
  /** false with --no-llm. */
  llm?: boolean;
  /** Use the model for every stage, however slow it is on this machine. */
  llmAlways?: boolean;
}

export async function runAsk(question: string, opts: AskCommandOptions): Promise<void> {
  if (!question.trim()) throw new DocentError('the question is empty', 'Ask something, e.g. docent ask "what is the budget?"');
  if (!existsSync(dbPathOf(opts))) throw new DocentError('nothing is indexed yet', 'Index a folder first: docent index <folder>');
  const store = openStore(opts);
  let embedder: Embedder | undefined;
  let models: LocalModels | undefined;
  try {
    let note: string | undefined;
    ({ embedder, note } = await queryEmbedder(store));
    if (note) process.stderr.write(`note: ${note}\n`);
    // One model, loaded once, for both the rewrite and the answer (each falls back on its own).
    const modelPath = opts.llm === false ? undefined : findLlmModel(modelsDir(), opts.model);
    let modelOptions = undefined as LocalModels['askOptions'] | undefined;
    let modelNote: string | undefined;
    if (modelPath) {
      models = openLocalModels(modelPath);
      modelOptions = models.askOptions;
      if (!opts.llmAlways) {
        // Only where it is worth waiting for here (its speed measured once); where it cannot be
        // loaded, its stages say why and fall back.
        const use = await models.use().catch(() => undefined);
        if (use) {
          modelOptions = use.askOptions;
          if (use.note) modelNote = `${use.note} (--llm-always to use it anyway)`;
        }
      }
      if (!opts.json && (modelOptions.engine === 'llm' || modelOptions.answerer)) process.stderr.write(`note: answering with ${models.llm.name} (--no-llm for the built-in engines)\n`);
    }
    const r: AskResult = await ask(store, question, { session: opts.session, embedder, ...modelOptions, ...(modelNote ? { note: modelNote } : {}) });
    if (opts.json) {
      printJson({
        answer: r.answer,
        confidence: r.confidence,
        citations: r.citations,
        notFound: r.notFound,
        notes: r.notes,
        absent: r.absent,
        passages: r.passages.map((h) => ({ path: h.path, page: h.page, score: h.score, snippet: h.snippet })),
        rewrite: r.rewrite,
        plan: r.plan,
        stages: r.stages.map((s) => ({ stage: s.stage, ms: s.ms })),
        session: r.session,
      });
      return;
    }
    if (opts.explain) {
      for (const s of r.stages) {
        process.stdout.write(`${(s.stage[0]!.toUpperCase() + s.stage.slice(1)).padEnd(11)} ${s.summary}  (${s.ms} ms)\n`);
        for (const line of s.detail ?? []) process.stdout.write(`${' '.repeat(12)}${line}\n`);
      }
      process.stdout.write('\n');
    }
    for (const n of r.notes) process.stdout.write(`note: ${n}\n`);
    process.stdout.write(`${r.answer}\n\nConfidence: ${confidenceLevel(r.confidence)} (${r.confidence})  ·  session ${r.session}\n`);
  } finally {
    await models?.llm.close();
    await embedder?.close();
    store.close();
  }
}

export function runSessions(opts: GlobalOptions & { delete?: string; json?: boolean }): void {
  if (!existsSync(dbPathOf(opts))) throw new DocentError('nothing is indexed yet', 'Index a folder first: docent index <folder>');
  const store = openStore(opts);
  try {
    const sessions = new SessionStore(store);
    if (opts.delete) {
      if (!sessions.delete(opts.delete)) throw new DocentError(`no session "${opts.delete}"`, 'List sessions with docent sessions.');
      process.stdout.write(`deleted session ${opts.delete}\n`);
      return;
    }
    const list = sessions.list();
    if (opts.json) return printJson(list);
    if (list.length === 0) process.stdout.write('No sessions.\n');
    for (const s of list) process.stdout.write(`${s.id}  ${new Date(s.updatedAt).toISOString().slice(0, 16).replace('T', ' ')}  ${s.turns} ${s.turns === 1 ? "turn" : "turns"}  ${s.title}\n`);
  } finally {
    store.close();
  }
}
