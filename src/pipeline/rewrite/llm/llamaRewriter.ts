import { LocalLlm, type LlmCallStats, type LlmTask, type LocalLlmOptions } from '../../llm/localLlm.js';
import type { LlmRewrite, LlmRewriter } from '../rewrite.js';
import type { SelectedTurn } from '../targetedHistory.js';
import { LLM_REWRITE_SCHEMA, parseLlmRewrite } from './llmOutput.js';
import { loadPrompts, userPrompt } from './prompt.js';

export type LlamaRewriterOptions = ({ llm: LocalLlm } | LocalLlmOptions) & {
  /** Tokens the model may write per rewrite (the contract fits in about 128). */
  maxTokens?: number;
  temperature?: number;
};

/**
 * The local-LLM rewrite engine: a task on the shared model (its system prompt stays evaluated,
 * so each call only evaluates the conversation and question), output constrained by a grammar
 * made from the contract's JSON schema and checked again on parse.
 */
export class LlamaRewriter implements LlmRewriter {
  readonly id: string;
  readonly llm: LocalLlm;
  private readonly task: LlmTask;
  private readonly prompts = loadPrompts();
  /** Whether this rewriter opened the model (and so closes it). */
  private readonly owns: boolean;

  constructor(private readonly options: LlamaRewriterOptions) {
    this.owns = !('llm' in options);
    this.llm = 'llm' in options ? options.llm : new LocalLlm(options);
    this.id = `llm:${this.llm.name}`;
    this.task = this.llm.task(this.prompts.system);
  }

  /** Figures of the most recent call. */
  get lastCall(): LlmCallStats | undefined {
    return this.task.lastCall;
  }

  /** Resolves when the model is loaded; rejects with why it cannot be. */
  whenReady(): Promise<void> {
    return this.llm.whenReady();
  }

  async rewrite(input: { query: string; turns: readonly SelectedTurn[]; language: string }, budgetMs: number): Promise<LlmRewrite> {
    const text = await this.task.complete(userPrompt(this.prompts.user, input.query, input.turns, input.language), {
      schema: LLM_REWRITE_SCHEMA,
      budgetMs,
      maxTokens: this.options.maxTokens ?? 128,
      temperature: this.options.temperature,
    });
    return parseLlmRewrite(text);
  }

  /** Tokens of the system prompt as the model sees it (the reusable prefix). */
  systemPromptTokens(): number {
    return this.task.systemPromptTokens();
  }

  async close(): Promise<void> {
    if (this.owns) await this.llm.close();
  }
}
