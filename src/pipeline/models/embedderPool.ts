import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { Worker, type WorkerOptions } from 'node:worker_threads';
import { DocentError } from '../../shared/errors.js';
import type { EmbedOptions, Embedder, EmbedderSpec } from './embedder.js';
import type { WorkerReply, WorkerRequest } from './embedWorker.js';
import { loadOnnxruntime } from './onnxruntime.js';
import { WorkerGate } from './workerGate.js';

/**
 * Starts a worker on a module. Compiled code runs the .js directly; from TypeScript sources
 * (tests, development) the worker first registers tsx's loader, which Node 20 cannot be told
 * to do through a worker's execArgv.
 */
export function spawnWorker(url: URL, workerData: unknown, options: Pick<WorkerOptions, 'resourceLimits'> = {}): Worker {
  if (!url.pathname.endsWith('.ts')) return new Worker(url, { workerData, ...options });
  const tsxApi = createRequire(import.meta.url).resolve('tsx/esm/api');
  const code = `require(${JSON.stringify(tsxApi)}).register(); import(${JSON.stringify(url.href)});`;
  return new Worker(code, { eval: true, workerData, ...options });
}

interface Pending {
  resolve: (v: Float32Array[]) => void;
  reject: (e: Error) => void;
}

/**
 * The gates of the workers alive in this process. On exit, Node terminates every worker; each
 * gate is closed first, so none is terminated inside native code (see WorkerGate).
 */
const liveGates = new Set<WorkerGate>();
let exitHookInstalled = false;
function watchGate(gate: WorkerGate): void {
  liveGates.add(gate);
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const g of liveGates) g.closeNow();
  });
}

class EmbedWorker {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private failure: Error | undefined;

  private constructor(
    private readonly worker: Worker,
    private readonly gate: WorkerGate,
  ) {
    watchGate(gate);
    worker.on('message', (reply: WorkerReply) => {
      const p = this.pending.get(reply.id);
      if (!p) return;
      this.pending.delete(reply.id);
      if ('error' in reply) p.reject(new DocentError(reply.error, reply.hint));
      else if ('vectors' in reply) p.resolve(reply.vectors);
    });
    const fail = (err: Error): void => {
      this.failure = err;
      for (const p of this.pending.values()) p.reject(err);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new DocentError(`the embedding worker stopped (exit code ${code})`)));
  }

  static start(spec: EmbedderSpec): Promise<{ worker: EmbedWorker; id: string; dimension: number; runtime?: string }> {
    const gate = new WorkerGate();
    const worker = spawnWorker(new URL(`./embedWorker${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url), {
      spec,
      gate: gate.shared,
    });
    return new Promise((resolve, reject) => {
      const onMessage = (reply: WorkerReply): void => {
        worker.off('message', onMessage);
        worker.off('error', onError);
        if ('ready' in reply) resolve({ worker: new EmbedWorker(worker, gate), id: reply.embedderId, dimension: reply.dimension, runtime: reply.runtime });
        else if ('error' in reply) {
          void worker.terminate();
          reject(new DocentError(reply.error, reply.hint));
        }
      };
      const onError = (err: Error): void => reject(err);
      worker.on('message', onMessage);
      worker.once('error', onError);
    });
  }

  embed(texts: string[], background = false): Promise<Float32Array[]> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, texts, ...(background ? { background } : {}) } satisfies WorkerRequest);
    });
  }

  /** Holds background work back (true) or lets it go on (false). */
  hold(on: boolean): void {
    if (!this.failure) this.worker.postMessage({ hold: on } satisfies WorkerRequest);
  }

  async close(): Promise<void> {
    await this.gate.close();
    liveGates.delete(this.gate);
    this.worker.removeAllListeners('exit');
    await this.worker.terminate();
  }
}

/**
 * How many workers a pool runs and how many threads each one's encoder uses. On onnxruntime,
 * two threads per worker: a second session would cost about 130 MB (its own copy of the
 * weights, its own JavaScript heap) for about 20 % more passages per second on two cores
 * (bench: 10.9 against 8.6 ms per passage). Elsewhere (TensorFlow.js's WebAssembly runtime,
 * transformers.js), a single-threaded encoder per core, up to four.
 */
export async function poolLayout(spec: EmbedderSpec, cores = availableParallelism()): Promise<{ workers: number; threads: number }> {
  if (spec.kind === 'use' && spec.runtime !== 'wasm' && (await loadOnnxruntime())) {
    const threads = Math.min(2, cores);
    return { workers: Math.max(1, Math.floor(Math.min(cores, 8) / threads)), threads };
  }
  return { workers: Math.max(1, Math.min(cores, 4)), threads: 1 };
}

/** Said where the built-in encoder runs on WebAssembly because onnxruntime did not load (the bench: 3 to 4 times slower). */
export const FALLBACK_NOTE = 'onnxruntime did not load on this machine, so the built-in encoder runs on WebAssembly: making vectors takes about 3 times longer';

/** A request of at most this many texts that is not background work goes to every worker, and the first answer counts. */
const RACE_TEXTS = 2;

/**
 * An Embedder that spreads work over worker threads, one model instance each, so embedding
 * uses every core and never blocks the thread that asked. A batch is split evenly over the
 * workers and the vectors come back in input order.
 */
export class EmbedderPool implements Embedder {
  private constructor(
    readonly id: string,
    readonly dimension: number,
    private readonly workers: EmbedWorker[],
    readonly runtime?: string,
    /** Threads each worker's encoder uses. */
    readonly threadsPerWorker = 1,
    /** What the user should know about how this encoder runs (it fell back to a slower runtime), if anything. */
    readonly note?: string,
  ) {}

  /** `size`: how many workers (default: as poolLayout says for this machine). */
  static async start(spec: EmbedderSpec, size?: number): Promise<EmbedderPool> {
    const layout = await poolLayout(spec);
    const workerSpec: EmbedderSpec = spec.kind === 'use' ? { ...spec, threads: spec.threads ?? layout.threads } : spec;
    // One after another: loading is a worker's memory peak, and the peaks should not stack.
    const started: Array<Awaited<ReturnType<typeof EmbedWorker.start>>> = [];
    try {
      for (let i = 0; i < (size ?? layout.workers); i++) started.push(await EmbedWorker.start(workerSpec));
    } catch (err) {
      await Promise.all(started.map((w) => w.worker.close()));
      throw err;
    }
    const threads = workerSpec.kind === 'use' && started[0]!.runtime === 'native' ? (workerSpec.threads ?? 1) : 1;
    const fellBack = spec.kind === 'use' && spec.runtime !== 'wasm' && started[0]!.runtime === 'wasm';
    return new EmbedderPool(started[0]!.id, started[0]!.dimension, started.map((w) => w.worker), started[0]!.runtime, threads, fellBack ? FALLBACK_NOTE : undefined);
  }

  get size(): number {
    return this.workers.length;
  }

  get parallelism(): number {
    return this.workers.length;
  }

  async embed(texts: readonly string[], options: EmbedOptions = {}): Promise<Float32Array[]> {
    if (texts.length === 0) return [];
    if (!options.background && texts.length <= RACE_TEXTS && this.workers.length > 1) {
      // A query: every worker is asked and the first answer taken. Each may be midway through a
      // passage of the vector pass; the one that finishes first answers.
      try {
        return await Promise.any(this.workers.map((w) => w.embed([...texts])));
      } catch (err) {
        throw (err as AggregateError).errors?.[0] ?? err;
      }
    }
    const per = Math.ceil(texts.length / this.workers.length);
    const parts = await Promise.all(
      this.workers.map((w, i) => {
        const slice = texts.slice(i * per, (i + 1) * per);
        return slice.length ? w.embed([...slice], options.background) : Promise.resolve([]);
      }),
    );
    return parts.flat();
  }

  private interactive = 0;

  /**
   * Runs interactive work (a search, a question): while it runs, the workers finish the passage
   * of background work they are on and take no other, so the work has the cores.
   */
  async foreground<T>(work: () => Promise<T>): Promise<T> {
    if (this.interactive++ === 0) for (const w of this.workers) w.hold(true);
    try {
      return await work();
    } finally {
      if (--this.interactive === 0) for (const w of this.workers) w.hold(false);
    }
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.close()));
  }
}
