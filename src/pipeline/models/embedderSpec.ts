import { DocentError } from '../../shared/errors.js';
import type { IndexStore } from '../store/indexStore.js';
import type { EmbedderSpec } from './embedder.js';
import { UseEmbedder } from './useEmbedder.js';

/**
 * The embedder to use with an index: the one its vectors were made with, else the one asked
 * for, else the built-in encoder. Asking for another than the index's is refused by the store.
 */
export function chooseEmbedderSpec(store: IndexStore, requested: string | undefined, modelsDir: string): EmbedderSpec {
  const bound = store.embedderInfo()?.id;
  const name = requested ?? bound ?? 'use';
  if (name === 'use' || name === UseEmbedder.ID) return { kind: 'use' };
  if (name.startsWith('onnx:')) return { kind: 'onnx', modelDir: modelsDir, modelName: name.slice(5) };
  if (name === 'onnx' || name === 'contriever') return { kind: 'onnx', modelDir: modelsDir };
  throw new DocentError(`unknown embedder "${name}"`, 'Use "use" (built in) or "onnx:<folder in models/>".');
}
