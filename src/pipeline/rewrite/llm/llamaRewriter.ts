import { existsSync, openSync, readSync, closeSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { basename } from 'node:path';
import type { Llama, LlamaChatSession, LlamaContext, LlamaJsonSchemaGrammar, LlamaModel, ChatHistoryItem } from 'node-llama-cpp';
import { DocentError } from '../../../shared/errors.js';
import type { LlmCallStats, LlmRewrite, LlmRewriter } from '../rewrite.js';
import type { SelectedTurn } from '../targetedHistory.js';
import { LLM_REWRITE_SCHEMA, parseLlmRewrite } from './llmOutput.js';
import { loadPrompts, userPrompt } from './prompt.js';

export interface LlamaRewriterOptions {
  modelPath: string;
  /** Tokens the model may write per rewrite (the contract fits in about 128). */
  maxTokens?: number;
  temperature?: number;
  contextSize?: number;
  /** Use a GPU when one is usable (default); false forces the CPU. */
  gpu?: boolean;
  threads?: number;
}

class TimeoutError extends Error {}

/** A GGUF file starts with these four bytes; anything else is not a model node-llama-cpp can load. */
function assertGguf(path: string): void {
  if (!existsSync(path)) throw new DocentError(`model file not found: ${path}`, 'Put a GGUF instruct model in the models folder, or run docent models to download one.');
  if (statSync(path).size < 1024) throw new DocentError(`model file is too small to be a model: ${path}`, 'The file is damaged or incomplete; download it again.');
  const fd = openSync(path, 'r');
  const head = Buffer.alloc(4);
  readSync(fd, head, 0, 4, 0);
  closeSync(fd);
  if (head.toString('latin1') !== 'GGUF') throw new DocentError(`not a GGUF model file: ${path}`, 'Docent reads GGUF models (llama.cpp format); convert or download a .gguf file.');
}

function withTimeout<T>(p: Promise<T>, ms: number, what: string, onTimeout?: () => void): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      onTimeout?.();
      reject(new TimeoutError(`${what} took longer than the ${ms} ms budget`));
    }, ms);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The local-LLM rewrite engine (node-llama-cpp). One chat session whose system prompt stays
 * evaluated in the context: each call restores the history to that prompt alone, so llama.cpp
 * reuses the evaluated prefix and only the conversation and question are new tokens. Output
 * is constrained by a grammar made from the contract's JSON schema.
 */
export class LlamaRewriter implements LlmRewriter {
  readonly id: string;
  /** Figures of the most recent call. */
  lastCall: LlmCallStats | undefined;
  private readonly ready: Promise<void>;
  private llama?: Llama;
  private model?: LlamaModel;
  private context?: LlamaContext;
  private session?: LlamaChatSession;
  private grammar?: LlamaJsonSchemaGrammar<typeof LLM_REWRITE_SCHEMA>;
  private baseHistory: ChatHistoryItem[] = [];
  private readonly prompts = loadPrompts();
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: LlamaRewriterOptions) {
    this.id = `llm:${basename(options.modelPath)}`;
    this.ready = this.load();
    this.ready.catch(() => undefined); // reported by rewrite(); never an unhandled rejection
  }

  private async load(): Promise<void> {
    assertGguf(this.options.modelPath);
    const { getLlama, LlamaChatSession, LlamaLogLevel } = await import('node-llama-cpp');
    // Prebuilt binaries only: nothing is compiled or downloaded at run time.
    this.llama = await getLlama({ build: 'never', gpu: this.options.gpu === false ? false : 'auto', logLevel: LlamaLogLevel.error });
    try {
      this.model = await this.llama.loadModel({ modelPath: this.options.modelPath });
    } catch (err) {
      throw new DocentError(`the model file could not be loaded: ${basename(this.options.modelPath)} (${(err as Error).message})`, 'The file may be damaged or of an unsupported architecture; download it again or pick another model.');
    }
    // One core left free (for the UI, the encoder workers): llama.cpp's threads spin while they
    // wait, and on a busy 2-core machine its default thread count ran 30 times slower (measured).
    this.context = await this.model.createContext({ contextSize: this.options.contextSize ?? 4096, threads: this.options.threads ?? Math.max(1, availableParallelism() - 1) });
    this.session = new LlamaChatSession({ contextSequence: this.context.getSequence(), systemPrompt: this.prompts.system });
    this.grammar = await this.llama.createGrammarForJsonSchema(LLM_REWRITE_SCHEMA);
    this.baseHistory = this.session.getChatHistory();
  }

  /** Resolves when the model is loaded; rejects with why it cannot be. */
  async whenReady(): Promise<void> {
    await this.ready;
  }

  rewrite(input: { query: string; turns: readonly SelectedTurn[]; language: string }, budgetMs: number): Promise<LlmRewrite> {
    const run = this.queue.then(() => this.call(input, budgetMs));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async call(input: { query: string; turns: readonly SelectedTurn[]; language: string }, budgetMs: number): Promise<LlmRewrite> {
    const t0 = performance.now();
    await withTimeout(this.ready, budgetMs, 'loading the model');
    const session = this.session!;
    const meter = session.sequence.tokenMeter;
    const before = { input: meter.usedInputTokens, output: meter.usedOutputTokens };
    session.setChatHistory(this.baseHistory.map((h) => ({ ...h })));
    const abort = new AbortController();
    const remaining = Math.max(1, budgetMs - (performance.now() - t0));
    const text = await withTimeout(
      session.prompt(userPrompt(this.prompts.user, input.query, input.turns, input.language), {
        grammar: this.grammar!,
        temperature: this.options.temperature ?? 0.1,
        maxTokens: this.options.maxTokens ?? 128,
        signal: abort.signal,
        stopOnAbortSignal: true,
      }),
      remaining,
      'the rewrite',
      () => abort.abort(),
    );
    this.lastCall = {
      promptTokensEvaluated: meter.usedInputTokens - before.input,
      outputTokens: meter.usedOutputTokens - before.output,
      ms: performance.now() - t0,
    };
    return parseLlmRewrite(text);
  }

  /** Tokens of the system prompt as the model sees it (the reusable prefix). */
  systemPromptTokens(): number {
    return this.model?.tokenize(this.prompts.system).length ?? 0;
  }

  async close(): Promise<void> {
    await this.ready.catch(() => undefined);
    await this.queue.catch(() => undefined);
    this.session?.dispose();
    await this.context?.dispose();
    await this.model?.dispose();
    await this.llama?.dispose();
  }
}
