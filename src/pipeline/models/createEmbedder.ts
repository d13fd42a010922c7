import type { Embedder, EmbedderSpec } from './embedder.js';
import { DEFAULT_ONNX_MODEL, TransformersEmbedder } from './transformersEmbedder.js';
import { UseEmbedder } from './useEmbedder.js';

/** Builds the embedder a spec names, in the calling thread. */
export async function createEmbedder(spec: EmbedderSpec): Promise<Embedder> {
  switch (spec.kind) {
    case 'use':
      return UseEmbedder.load(spec.runtime, spec.threads);
    case 'onnx':
      return TransformersEmbedder.load(spec.modelDir, spec.modelName);
  }
}

/** The id an embedder of this spec will have, known without loading it. */
export function embedderIdOf(spec: EmbedderSpec): string {
  return spec.kind === 'use' ? UseEmbedder.ID : `onnx:${spec.modelName ?? DEFAULT_ONNX_MODEL}`;
}
