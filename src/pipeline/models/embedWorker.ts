import { parentPort, workerData } from 'node:worker_threads';
import { createEmbedder } from './createEmbedder.js';
import type { EmbedderSpec } from './embedder.js';
import { DocentError } from '../../shared/errors.js';

/** Worker-thread side of EmbedderPool: one embedder, one request at a time. */
export type WorkerRequest = { id: number; texts: string[] } | { id: number; close: true };
export type WorkerReply =
  | { id: number; ready: true; embedderId: string; dimension: number }
  | { id: number; vectors: Float32Array[] }
  | { id: number; error: string; hint?: string };

const port = parentPort!;
const spec = (workerData as { spec: EmbedderSpec }).spec;

function errorReply(id: number, err: unknown): WorkerReply {
  return err instanceof DocentError
    ? { id, error: err.message, hint: err.hint }
    : { id, error: (err as Error)?.message ?? String(err) };
}

try {
  const embedder = await createEmbedder(spec);
  port.postMessage({ id: 0, ready: true, embedderId: embedder.id, dimension: embedder.dimension } satisfies WorkerReply);
  port.on('message', (msg: WorkerRequest) => {
    if ('close' in msg) {
      void embedder.close().finally(() => {
        port.postMessage({ id: msg.id, vectors: [] } satisfies WorkerReply);
        port.close();
      });
      return;
    }
    embedder.embed(msg.texts).then(
      (vectors) => port.postMessage({ id: msg.id, vectors } satisfies WorkerReply, vectors.map((v) => v.buffer as ArrayBuffer)),
      (err: unknown) => port.postMessage(errorReply(msg.id, err)),
    );
  });
} catch (err) {
  port.postMessage(errorReply(0, err));
}
