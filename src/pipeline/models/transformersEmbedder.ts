import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DocentError } from '../../shared/errors.js';
import { normalise, type Embedder } from './embedder.js';

/** The files a Contriever-style encoder needs, in the layout transformers.js reads. */
export const ONNX_REQUIRED_FILES = ['config.json', 'tokenizer.json', 'tokenizer_config.json', 'onnx/model.onnx'];
export const DEFAULT_ONNX_MODEL = 'contriever-msmarco';

type FeatureExtractor = (
  texts: string[],
  options: { pooling: 'mean'; normalize: boolean },
) => Promise<{ data: Float32Array; dims: number[] }>;

/**
 * A Contriever-style sentence encoder (mean pooling over token states) run by
 * @huggingface/transformers on onnxruntime, from ONNX files the user put in models/.
 * Remote loading is switched off: a missing file is an error that names what to put where.
 */
export class TransformersEmbedder implements Embedder {
  readonly id: string;
  readonly runtime = 'onnxruntime';
  readonly dimension: number;

  private constructor(
    id: string,
    dimension: number,
    private readonly extract: FeatureExtractor & { dispose?: () => Promise<void> },
  ) {
    this.id = id;
    this.dimension = dimension;
  }

  static missingFiles(modelsDir: string, modelName: string): string[] {
    const dir = join(modelsDir, modelName);
    return ONNX_REQUIRED_FILES.filter((f) => !existsSync(join(dir, f)));
  }

  static async load(modelsDir: string, modelName = DEFAULT_ONNX_MODEL): Promise<TransformersEmbedder> {
    const dir = resolve(modelsDir, modelName);
    const missing = TransformersEmbedder.missingFiles(modelsDir, modelName);
    if (missing.length > 0) {
      throw new DocentError(
        `the ONNX encoder "${modelName}" is not installed: ${dir} lacks ${missing.join(', ')}`,
        `Put the model's files there (${ONNX_REQUIRED_FILES.join(', ')}), add it with \`docent models add\`, or use the built-in encoder (--embedder use).`,
      );
    }
    let config: { hidden_size?: number; dim?: number };
    try {
      config = JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8')) as typeof config;
    } catch (err) {
      throw new DocentError(`the model's config.json in ${dir} is not valid JSON (${(err as Error).message})`);
    }
    const dimension = config.hidden_size ?? config.dim;
    if (!dimension) throw new DocentError(`the model's config.json in ${dir} names no hidden_size`);
    const transformers = await import('@huggingface/transformers');
    transformers.env.allowRemoteModels = false;
    transformers.env.allowLocalModels = true;
    transformers.env.localModelPath = resolve(modelsDir) + '/';
    let extractor: unknown;
    try {
      extractor = await transformers.pipeline('feature-extraction', modelName, { dtype: 'fp32' });
    } catch (err) {
      throw new DocentError(
        `cannot load the ONNX encoder in ${dir}: ${(err as Error).message.split('\n')[0]}`,
        'The files may be damaged or of another model type; download them again.',
      );
    }
    return new TransformersEmbedder(`onnx:${modelName}`, dimension, extractor as FeatureExtractor);
  }

  async embed(texts: readonly string[]): Promise<Float32Array[]> {
    if (texts.length === 0) return [];
    const output = await this.extract(
      texts.map((t) => (t.trim() ? t : '.')),
      { pooling: 'mean', normalize: false },
    );
    const dim = output.dims[output.dims.length - 1]!;
    const out: Float32Array[] = [];
    for (let i = 0; i < texts.length; i++) {
      out.push(normalise(Float32Array.from(output.data.subarray(i * dim, (i + 1) * dim))));
    }
    return out;
  }

  async close(): Promise<void> {
    await this.extract.dispose?.();
  }
}
