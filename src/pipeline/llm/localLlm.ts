import { closeSync, existsSync, openSync, readSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { basename } from 'node:path';
import type { ChatHistoryItem, Llama, LlamaChatSession, LlamaContext, LlamaModel } from 'node-llama-cpp';
import { DocentError } from '../../shared/errors.js';

/** Figures of one model call. */
export interface LlmCallStats {
  /** Prompt tokens the model evaluated in this call (a reused system-prompt prefix is not among them). */
  promptTokensEvaluated: number;
  outputTokens: number;
  ms: number;
}

export interface LocalLlmOptions {
  modelPath: string;
  /** Tokens each task's conversation may hold (default 4096). */
  contextSize?: number;
  /** Use a GPU when one is usable (default); false forces the CPU. */
  gpu?: boolean;
  threads?: number;
  /** How many tasks (each with its own system prompt kept evaluated) the model serves; default 2. */
  tasks?: number;
}

export interface CompleteOptions {
  /** A JSON schema the output is constrained to (a grammar is made from it once per schema). */
  schema: object;
  budgetMs: number;
  maxTokens: number;
  temperature?: number;
}

export class LlmTimeoutError extends Error {}

/** How fast a model runs on this machine. */
export interface LlmSpeed {
  promptTokensPerSecond: number;
  generatedTokensPerSecond: number;
  threads: number;
}

/** English text the speed is measured on (its content does not matter, its length does). */
const CALIBRATION =
  'The index keeps every passage of the files in the folders you added, with its page and its place in the file. ' +
  'A question is rewritten with the conversation, searched by keywords and by meaning, and answered from the passages found, each claim with its source. ';
const CALIBRATION_TOKENS = 128;
const CALIBRATION_GENERATED = 16;

/** A GGUF file starts with these four bytes; anything else is not a model node-llama-cpp can load. */
export function assertGguf(path: string): void {
  if (!existsSync(path)) throw new DocentError(`model file not found: ${path}`, 'Put a GGUF instruct model in the models folder, or run docent models to download one.');
  if (statSync(path).size < 1024) throw new DocentError(`model file is too small to be a model: ${path}`, 'The file is damaged or incomplete; download it again.');
  const fd = openSync(path, 'r');
  const head = Buffer.alloc(4);
  try {
    readSync(fd, head, 0, 4, 0);
  } finally {
    closeSync(fd);
  }
  if (head.toString('latin1') !== 'GGUF') throw new DocentError(`not a GGUF model file: ${path}`, 'Docent reads GGUF models (llama.cpp format); convert or download a .gguf file.');
}

export function withTimeout<T>(p: Promise<T>, ms: number, what: string, onTimeout?: () => void): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      onTimeout?.();
      reject(new LlmTimeoutError(`${what} took longer than the ${ms} ms budget`));
    }, ms);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}

/**
 * One local GGUF instruct model (node-llama-cpp), loaded once and shared by the pipeline's
 * tasks (rewriting, answering). Each task has its own context sequence and chat session whose
 * system prompt stays evaluated: every call restores the history to that prompt alone, so
 * llama.cpp reuses the evaluated prefix and only the call's own text is new. Calls run one at a
 * time (one model, one machine), each within a time budget and constrained by a JSON grammar.
 */
export class LocalLlm {
  readonly name: string;
  private readonly ready: Promise<void>;
  private llama?: Llama;
  private model?: LlamaModel;
  private context?: LlamaContext;
  private queue: Promise<unknown> = Promise.resolve();
  private tasksMade = 0;
  private readonly grammars = new Map<object, Promise<unknown>>();
  private measured?: Promise<LlmSpeed>;

  constructor(readonly options: LocalLlmOptions) {
    this.name = basename(options.modelPath);
    this.ready = this.load();
    this.ready.catch(() => undefined); // reported by the calls; never an unhandled rejection
  }

  private async load(): Promise<void> {
    assertGguf(this.options.modelPath);
    const { getLlama, LlamaLogLevel } = await import('node-llama-cpp');
    // Prebuilt binaries only: nothing is compiled or downloaded at run time.
    this.llama = await getLlama({ build: 'never', gpu: this.options.gpu === false ? false : 'auto', logLevel: LlamaLogLevel.error });
    try {
      // On the CPU, llama.cpp copies the weights into a layout for its kernels: read into memory,
      // the file is held once; mapped, its pages stay resident beside the copy (an LFM2.5-1.2B
      // Q4_K_M: 847 against 1,310 MB, npm run bench -- --only llm).
      this.model = await this.llama.loadModel({ modelPath: this.options.modelPath, useMmap: this.llama.gpu !== false });
    } catch (err) {
      throw new DocentError(`the model file could not be loaded: ${this.name} (${(err as Error).message})`, 'The file may be damaged or of an unsupported architecture; download it again or pick another model.');
    }
    // One core left free (for the UI, the encoder workers): llama.cpp's threads spin while they
    // wait, and on a busy 2-core machine its default thread count ran 30 times slower (measured).
    this.context = await this.model.createContext({
      contextSize: this.options.contextSize ?? 4096,
      sequences: this.options.tasks ?? 2,
      threads: this.options.threads ?? Math.max(1, availableParallelism() - 1),
    });
  }

  /** Resolves when the model is loaded; rejects with why it cannot be. */
  async whenReady(): Promise<void> {
    await this.ready;
  }

  /** A task with its own system prompt (at most `tasks` of them). */
  task(systemPrompt: string): LlmTask {
    if (this.tasksMade >= (this.options.tasks ?? 2)) throw new Error(`this model was opened for ${this.options.tasks ?? 2} tasks`);
    this.tasksMade++;
    return new LlmTask(this, systemPrompt);
  }

  /** Runs calls one after another. */
  serial<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** @internal the loaded parts, once ready. */
  async parts(): Promise<{ llama: Llama; model: LlamaModel; context: LlamaContext }> {
    await this.ready;
    return { llama: this.llama!, model: this.model!, context: this.context! };
  }

  /** @internal a grammar per schema, made once. */
  grammarFor(schema: object): Promise<unknown> {
    let g = this.grammars.get(schema);
    if (!g) {
      g = this.parts().then(({ llama }) => llama.createGrammarForJsonSchema(schema as never));
      this.grammars.set(schema, g);
    }
    return g;
  }

  /**
   * How fast this model runs here, measured once: a prompt of about 128 tokens evaluated, then
   * 16 tokens generated, on a small context of its own with the threads the tasks get (about 2.5 s
   * for a 1.2B model on 2 cores). Runs in the call queue, so it never competes with a task.
   */
  speed(): Promise<LlmSpeed> {
    this.measured ??= this.serial(async () => {
      const { model } = await this.parts();
      const threads = this.options.threads ?? Math.max(1, availableParallelism() - 1);
      const context = await model.createContext({ contextSize: 512, threads });
      try {
        const sequence = context.getSequence();
        let tokens = model.tokenize(CALIBRATION);
        while (tokens.length < CALIBRATION_TOKENS) tokens = [...tokens, ...model.tokenize(CALIBRATION)];
        tokens = tokens.slice(0, CALIBRATION_TOKENS);
        let t = performance.now();
        await sequence.evaluateWithoutGeneratingNewTokens(tokens);
        const promptTokensPerSecond = tokens.length / Math.max(1e-3, (performance.now() - t) / 1000);
        t = performance.now();
        let n = 0;
        for await (const token of sequence.evaluate([tokens[tokens.length - 1]!], { temperature: 0.7 })) {
          void token;
          if (++n >= CALIBRATION_GENERATED) break;
        }
        const generatedTokensPerSecond = n / Math.max(1e-3, (performance.now() - t) / 1000);
        sequence.dispose();
        return { promptTokensPerSecond, generatedTokensPerSecond, threads };
      } finally {
        await context.dispose();
      }
    });
    return this.measured;
  }

  tokens(text: string): number {
    return this.model?.tokenize(text).length ?? 0;
  }

  async close(): Promise<void> {
    await this.ready.catch(() => undefined);
    await this.queue.catch(() => undefined);
    await this.context?.dispose();
    await this.model?.dispose();
    await this.llama?.dispose();
  }
}

/** One kind of call on the shared model, with its system prompt kept evaluated. */
export class LlmTask {
  /** Figures of the most recent call. */
  lastCall: LlmCallStats | undefined;
  private session?: Promise<{ session: LlamaChatSession; base: ChatHistoryItem[] }>;

  constructor(
    readonly llm: LocalLlm,
    readonly systemPrompt: string,
  ) {}

  private open(): Promise<{ session: LlamaChatSession; base: ChatHistoryItem[] }> {
    this.session ??= (async () => {
      const { context } = await this.llm.parts();
      const { LlamaChatSession } = await import('node-llama-cpp');
      const session = new LlamaChatSession({ contextSequence: context.getSequence(), systemPrompt: this.systemPrompt });
      return { session, base: session.getChatHistory() };
    })();
    return this.session;
  }

  /**
   * The model's text for `prompt`, constrained to `options.schema`. Rejects on time-out (loading
   * the model counts against the first call's budget) or when the model cannot be loaded.
   */
  complete(prompt: string, options: CompleteOptions): Promise<string> {
    return this.llm.serial(async () => {
      const t0 = performance.now();
      const { session, base } = await withTimeout(this.open(), Math.max(1, options.budgetMs - (performance.now() - t0)), 'loading the model');
      const grammar = await this.llm.grammarFor(options.schema);
      const meter = session.sequence.tokenMeter;
      const before = { input: meter.usedInputTokens, output: meter.usedOutputTokens };
      session.setChatHistory(base.map((h) => ({ ...h })));
      const abort = new AbortController();
      const text = await withTimeout(
        session.prompt(prompt, {
          grammar: grammar as never,
          temperature: options.temperature ?? 0.1,
          maxTokens: options.maxTokens,
          signal: abort.signal,
          stopOnAbortSignal: true,
        }),
        Math.max(1, options.budgetMs - (performance.now() - t0)),
        'the model call',
        () => abort.abort(),
      );
      this.lastCall = { promptTokensEvaluated: meter.usedInputTokens - before.input, outputTokens: meter.usedOutputTokens - before.output, ms: performance.now() - t0 };
      return text;
    });
  }

  /** Tokens of the system prompt as the model sees it (the reusable prefix). */
  systemPromptTokens(): number {
    return this.llm.tokens(this.systemPrompt);
  }
}
