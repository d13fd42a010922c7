import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { createEmbedder } from './createEmbedder.js';
import type { EmbedderSpec } from './embedder.js';
import { DocentError } from '../../shared/errors.js';
import { WorkerGate } from './workerGate.js';

/**
 * Worker-thread side of EmbedderPool: one embedder, one text at a time. A request marked
 * background (the indexer's vector pass) gives way, between two texts, to any other (a search's
 * query), so a question waits for at most one passage of the pass, never for a whole batch.
 * While held (a question is being answered on the main thread), background work waits, so the
 * question has the cores.
 */
export type WorkerRequest = { id: number; texts: string[]; background?: boolean } | { id: number; close: true } | { hold: boolean };
export type WorkerReply =
  | { id: number; ready: true; embedderId: string; dimension: number; runtime?: string }
  | { id: number; vectors: Float32Array[] }
  | { id: number; error: string; hint?: string };

const port = parentPort!;
const { spec, gate: shared } = workerData as { spec: EmbedderSpec; gate: Int32Array };
const gate = new WorkerGate(shared);

function errorReply(id: number, err: unknown): WorkerReply {
  return err instanceof DocentError
    ? { id, error: err.message, hint: err.hint }
    : { id, error: (err as Error)?.message ?? String(err) };
}

/**
 * The encoder's threads run at a lower priority than the main thread (Linux: one thread's own
 * niceness, through its kernel thread id): while a question is answered, the passage an encoder
 * is in the middle of no longer takes the core the question's own work needs. Elsewhere, or
 * where the system refuses, they run as they are.
 */
function lowerPriority(): void {
  if (process.platform !== 'linux' || process.env.DOCENT_NO_NICE) return;
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(tid) && tid > 0 && tid !== process.pid) setPriority(tid, WORKER_NICENESS);
  } catch {
    /* no /proc, or not allowed: the default priority */
  }
}
/** Niceness of an encoder thread: 10 of 19, below the main thread's 0. */
const WORKER_NICENESS = 10;

try {
  lowerPriority();
  const embedder = await createEmbedder(spec);
  port.postMessage({ id: 0, ready: true, embedderId: embedder.id, dimension: embedder.dimension, runtime: embedder.runtime } satisfies WorkerReply);
  interface Job {
    id: number;
    texts: string[];
    background: boolean;
    vectors: Float32Array[];
  }
  const queue: Job[] = [];
  // Texts embedded between two looks at the queue: for the Universal Sentence Encoder, one per
  // thread of its session (a question waits for at most that); a transformer gains from a small batch.
  const SLICE = spec.kind === 'use' ? Math.max(1, spec.threads ?? 1) : 8;
  let running = false;
  let held = false;
  /** Lets messages that arrived meanwhile in (a text's embedding never yields to the event loop). */
  const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
  const run = async (): Promise<void> => {
    running = true;
    try {
      for (;;) {
        await turn();
        const job = queue.find((j) => !j.background) ?? (held ? undefined : queue[0]);
        if (!job) return;
        try {
          const slice = job.texts.slice(job.vectors.length, job.vectors.length + SLICE);
          if (slice.length) {
            const vectors = await gate.pass(() => embedder.embed(slice));
            if (!vectors) return; // the pool is stopping: no further work
            job.vectors.push(...vectors);
          }
          if (job.vectors.length < job.texts.length) continue;
          queue.splice(queue.indexOf(job), 1);
          port.postMessage({ id: job.id, vectors: job.vectors } satisfies WorkerReply, job.vectors.map((v) => v.buffer as ArrayBuffer));
        } catch (err) {
          queue.splice(queue.indexOf(job), 1);
          port.postMessage(errorReply(job.id, err));
        }
      }
    } finally {
      running = false;
    }
  };
  port.on('message', (msg: WorkerRequest) => {
    if ('hold' in msg) {
      held = msg.hold;
      if (!held && !running && queue.length) void run();
      return;
    }
    if ('close' in msg) {
      void embedder.close().finally(() => {
        port.postMessage({ id: msg.id, vectors: [] } satisfies WorkerReply);
        port.close();
      });
      return;
    }
    queue.push({ id: msg.id, texts: msg.texts, background: msg.background === true, vectors: [] });
    if (!running) void run();
  });
} catch (err) {
  port.postMessage(errorReply(0, err));
}
