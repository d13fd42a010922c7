import { LocalLlm } from '../llm/localLlm.js';
import { chooseLlmUse, type LlmUse } from '../llm/llmPolicy.js';
import { LlamaRewriter } from '../rewrite/llm/llamaRewriter.js';
import type { AskOptions } from './ask.js';
import { LlamaAnswerer } from './llmAnswerer.js';

type ModelAskOptions = Pick<AskOptions, 'llm' | 'engine' | 'answerer' | 'mapBudgetMs' | 'reduceBudgetMs'>;

/** One GGUF model serving both of the pipeline's model tasks: rewriting and answering. */
export interface LocalModels {
  llm: LocalLlm;
  rewriter: LlamaRewriter;
  answerer: LlamaAnswerer;
  /** The ask() options that use the model for every stage it can do, however slow. */
  askOptions: ModelAskOptions;
  /**
   * What the model is worth on this machine (its speed measured once, llmPolicy.ts), and the ask()
   * options that use it only there. Rejects as the model's loading does.
   */
  use(): Promise<LlmUse & { askOptions: ModelAskOptions }>;
}

/** Opens the model once (loading starts now, in the background) for the rewrite and the answer. */
export function openLocalModels(modelPath: string): LocalModels {
  const llm = new LocalLlm({ modelPath, tasks: 2 });
  const rewriter = new LlamaRewriter({ llm });
  const answerer = new LlamaAnswerer({ llm });
  let chosen: Promise<LlmUse & { askOptions: ModelAskOptions }> | undefined;
  return {
    llm,
    rewriter,
    answerer,
    askOptions: { llm: rewriter, engine: 'llm', answerer },
    use() {
      chosen ??= llm.speed().then((speed) => {
        const u = chooseLlmUse(speed);
        return {
          ...u,
          askOptions: {
            ...(u.rewrite ? { llm: rewriter, engine: 'llm' as const } : {}),
            ...(u.answer ? { answerer, mapBudgetMs: u.mapBudgetMs, reduceBudgetMs: u.reduceBudgetMs } : {}),
          },
        };
      });
      return chosen;
    },
  };
}
