/**
 * A gate between a pool and a worker thread that runs native code (onnxruntime). A thread
 * terminated while inside onnxruntime aborts the whole process ("terminate called after
 * throwing an instance of 'Napi::Error'"), and a thread is terminated when its pool closes or
 * the process exits. So the pool, before it lets a worker go, closes the gate and waits until
 * the worker is outside the native call; from then on the worker starts no work.
 *
 * Two shared integers, read and written with sequentially consistent atomics on both sides:
 * the worker marks itself busy and then looks at the gate, the pool closes the gate and then
 * looks at busy, so either the pool sees the worker busy and waits, or the worker sees the
 * gate closed and does not start.
 */
const CLOSED = 0;
const BUSY = 1;

/** Atomics.waitAsync (in Node since 16), which TypeScript's ES2022 library does not declare. */
const waitAsync = (Atomics as unknown as {
  waitAsync(array: Int32Array, index: number, value: number): { async: boolean; value: Promise<string> | string };
}).waitAsync;

export class WorkerGate {
  readonly shared: Int32Array;

  constructor(shared?: Int32Array) {
    this.shared = shared ?? new Int32Array(new SharedArrayBuffer(2 * Int32Array.BYTES_PER_ELEMENT));
  }

  /** Worker side: runs `work` unless the gate is closed (then undefined, and nothing runs). */
  async pass<T>(work: () => Promise<T>): Promise<T | undefined> {
    Atomics.store(this.shared, BUSY, 1);
    try {
      if (Atomics.load(this.shared, CLOSED) === 1) return undefined;
      return await work();
    } finally {
      Atomics.store(this.shared, BUSY, 0);
      Atomics.notify(this.shared, BUSY);
    }
  }

  /** Pool side, for a close: closes the gate and resolves once the worker is outside its work. */
  async close(): Promise<void> {
    Atomics.store(this.shared, CLOSED, 1);
    while (Atomics.load(this.shared, BUSY) === 1) {
      const wait = waitAsync(this.shared, BUSY, 1);
      if (wait.async) await wait.value;
    }
  }

  /**
   * Pool side, for the process's exit (no awaiting there): closes the gate and blocks until the
   * worker is outside its work, which is one text's embedding at most.
   */
  closeNow(): void {
    Atomics.store(this.shared, CLOSED, 1);
    while (Atomics.load(this.shared, BUSY) === 1) Atomics.wait(this.shared, BUSY, 1);
  }
}
