/**
 * Turns texts into vectors. Every implementation returns unit-length vectors of `dimension`
 * numbers, one per input, in input order; `id` names the model and its version so an index
 * can refuse vectors from another one.
 */
export interface Embedder {
  readonly id: string;
  readonly dimension: number;
  /** What runs the model ("native", "wasm", "onnxruntime"), for status lines and benchmarks. */
  readonly runtime?: string;
  /** How many texts it embeds at once (worker threads); callers size their batches by it. */
  readonly parallelism?: number;
  /** `background`: work that may wait for any other (the indexer's vector pass gives way to a search). */
  embed(texts: readonly string[], options?: EmbedOptions): Promise<Float32Array[]>;
  /** Runs interactive work with background embedding held back (embedders that run any). */
  foreground?<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** `work` as interactive work of this embedder's (background embedding held back while it runs). */
export function inForeground<T>(embedder: Embedder | undefined, work: () => Promise<T>): Promise<T> {
  return embedder?.foreground ? embedder.foreground(work) : work();
}

export interface EmbedOptions {
  background?: boolean;
}

/** Where the built-in encoder runs (see UseEmbedder); `native` unless a measurement asks for the other. */
export type UseRuntime = 'native' | 'wasm';

/** Which embedder to build; plain data so it can cross into a worker thread. */
export type EmbedderSpec =
  | { kind: 'use'; runtime?: UseRuntime; threads?: number }
  | { kind: 'onnx'; modelDir: string; modelName?: string };

export function normalise(v: Float32Array): Float32Array {
  let sum = 0;
  for (const x of v) sum += x * x;
  const norm = Math.sqrt(sum);
  if (norm > 0) for (let i = 0; i < v.length; i++) v[i]! /= norm;
  return v;
}

export function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return na > 0 && nb > 0 ? dot / Math.sqrt(na * nb) : 0;
}

/** An embedder that adds something around another one (a cache); id, dimension and parallelism are the inner one's. */
export abstract class WrappingEmbedder implements Embedder {
  constructor(protected readonly inner: Embedder) {}

  get id(): string {
    return this.inner.id;
  }
  get dimension(): number {
    return this.inner.dimension;
  }
  get parallelism(): number | undefined {
    return this.inner.parallelism;
  }
  get runtime(): string | undefined {
    return this.inner.runtime;
  }

  abstract embed(texts: readonly string[], options?: EmbedOptions): Promise<Float32Array[]>;

  foreground<T>(work: () => Promise<T>): Promise<T> {
    return inForeground(this.inner, work);
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
