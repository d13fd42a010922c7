import { LocalLlm } from '../llm/localLlm.js';
import { LlamaRewriter } from '../rewrite/llm/llamaRewriter.js';
import type { AskOptions } from './ask.js';
import { LlamaAnswerer } from './llmAnswerer.js';

/** One GGUF model serving both of the pipeline's model tasks: rewriting and answering. */
export interface LocalModels {
  llm: LocalLlm;
  rewriter: LlamaRewriter;
  answerer: LlamaAnswerer;
  /** The ask() options that use them. */
  askOptions: Pick<AskOptions, 'llm' | 'engine' | 'answerer'>;
}

/** Opens the model once (loading starts now, in the background) for the rewrite and the answer. */
export function openLocalModels(modelPath: string): LocalModels {
  const llm = new LocalLlm({ modelPath, tasks: 2 });
  const rewriter = new LlamaRewriter({ llm });
  const answerer = new LlamaAnswerer({ llm });
  return { llm, rewriter, answerer, askOptions: { llm: rewriter, engine: 'llm', answerer } };
}
