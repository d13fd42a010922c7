/**
 * Text extraction off the indexing thread, within limits: each file is read in a worker thread
 * with a heap limit and a time limit, and a worker that exceeds either is ended and replaced, so
 * a crafted file (a zip bomb .docx, a PDF that never finishes) is skipped with its reason and the
 * run goes on. Archives are checked against their declared sizes before anything is inflated.
 */
import type { Worker } from 'node:worker_threads';
import { spawnWorker } from '../../models/embedderPool.js';
import type { ExtractReply, ExtractRequest } from './extractWorker.js';
import { ExtractionError, type DocType, type ExtractedDocument } from './types.js';
import { zipEntrySizes } from './zipDirectory.js';

export interface ExtractLimits {
  /** The worker's JavaScript heap, MB. */
  heapMb: number;
  /** Time one file may take. */
  timeoutMs: number;
  /** What an archive's entries may declare in all, uncompressed. */
  maxExpandedBytes: number;
}

export const DEFAULT_EXTRACT_LIMITS: ExtractLimits = { heapMb: 384, timeoutMs: 120_000, maxExpandedBytes: 256 * 1024 * 1024 };
/** An entry that declares more than this many times its compressed size is a bomb, whatever the total. */
const MAX_RATIO = 200;
/** Entries smaller than this are not held to the ratio (tiny XML parts compress very well). */
const RATIO_FLOOR = 1024 * 1024;

const mb = (n: number): string => `${Math.round(n / (1024 * 1024))} MB`;

/** Refuses an archive whose entries declare more than the limits allow, before inflating it. */
export function checkArchive(buf: Buffer, limits: ExtractLimits = DEFAULT_EXTRACT_LIMITS): void {
  const entries = zipEntrySizes(buf);
  if (!entries) return;
  const total = entries.reduce((a, e) => a + e.uncompressed, 0);
  const bomb = entries.find((e) => e.uncompressed > RATIO_FLOOR && e.uncompressed > MAX_RATIO * Math.max(1, e.compressed));
  const size = (n: number): string => (n < 1024 * 1024 ? `${Math.round(n / 1024)} KB` : mb(n));
  if (bomb) {
    throw new ExtractionError('skipped', `${bomb.name} inside it expands from ${size(bomb.compressed)} to ${size(bomb.uncompressed)} (${Math.round(bomb.uncompressed / Math.max(1, bomb.compressed))} times), far more than a real document does; it may be damaged or crafted`);
  }
  if (total > limits.maxExpandedBytes) {
    throw new ExtractionError('skipped', `it expands to ${size(total)} (${size(buf.length)} on disk), more than Docent reads from one file (${mb(limits.maxExpandedBytes)}); it may be damaged or crafted`);
  }
}

interface Job {
  id: number;
  resolve: (doc: ExtractedDocument) => void;
  reject: (err: Error) => void;
  timer: NodeJS.Timeout;
}

export class ExtractorHost {
  private worker: Worker | undefined;
  private readonly jobs = new Map<number, Job>();
  private nextId = 1;
  private chain: Promise<unknown> = Promise.resolve();

  constructor(private readonly limits: ExtractLimits = DEFAULT_EXTRACT_LIMITS) {}

  /** Extracts one file's text; files are read one after another. Every failure is an ExtractionError. */
  extract(buf: Buffer, type: DocType): Promise<ExtractedDocument> {
    if (type === 'docx') checkArchive(buf, this.limits);
    const run = this.chain.then(() => this.run(buf, type));
    this.chain = run.catch(() => undefined);
    return run;
  }

  private run(buf: Buffer, type: DocType): Promise<ExtractedDocument> {
    const worker = this.ensureWorker();
    const id = this.nextId++;
    return new Promise<ExtractedDocument>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.fail(new ExtractionError('skipped', `reading it took longer than ${Math.round(this.limits.timeoutMs / 1000)} s; it may be damaged or crafted`));
      }, this.limits.timeoutMs);
      this.jobs.set(id, { id, resolve, reject, timer });
      worker.postMessage({ id, buf: new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength), type } satisfies ExtractRequest);
    });
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const ext = import.meta.url.endsWith('.ts') ? '.ts' : '.js';
    const worker = spawnWorker(new URL(`./extractWorker${ext}`, import.meta.url), undefined, {
      resourceLimits: { maxOldGenerationSizeMb: this.limits.heapMb, maxYoungGenerationSizeMb: Math.min(64, this.limits.heapMb / 4) },
    });
    worker.on('message', (reply: ExtractReply) => {
      const job = this.jobs.get(reply.id);
      if (!job) return;
      this.jobs.delete(reply.id);
      clearTimeout(job.timer);
      if ('doc' in reply) job.resolve(reply.doc);
      else job.reject(new ExtractionError(reply.status, reply.reason));
    });
    worker.on('error', (err: Error & { code?: string }) => {
      this.fail(
        err.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? new ExtractionError('skipped', `reading it needs more than ${this.limits.heapMb} MB of memory; it may be damaged or crafted (a compressed file that expands enormously)`)
          : new ExtractionError('failed', `could not extract text (${err.message})`),
      );
    });
    worker.on('exit', () => {
      if (this.worker === worker) this.worker = undefined;
      this.fail(new ExtractionError('failed', 'the reader stopped unexpectedly'));
    });
    // After the listeners: adding one refs the worker's port again.
    worker.unref();
    this.worker = worker;
    return worker;
  }

  /** Fails the job in flight and ends the worker; the next file starts a fresh one. */
  private fail(err: ExtractionError): void {
    for (const job of this.jobs.values()) {
      clearTimeout(job.timer);
      job.reject(err);
    }
    this.jobs.clear();
    const w = this.worker;
    this.worker = undefined;
    void w?.terminate();
  }

  async close(): Promise<void> {
    const w = this.worker;
    this.worker = undefined;
    await w?.terminate();
  }
}

let shared: ExtractorHost | undefined;

/** The process's extractor host, started on first use (its worker does not keep the process alive). */
export function sharedExtractorHost(): ExtractorHost {
  shared ??= new ExtractorHost();
  return shared;
}
