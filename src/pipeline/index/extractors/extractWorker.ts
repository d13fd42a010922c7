import { parentPort } from 'node:worker_threads';
import { extract } from './extract.js';
import type { DocType, ExtractedDocument } from './types.js';
import { ExtractionError } from './types.js';

/** Worker-thread side of ExtractorHost: one file at a time, read within the worker's memory limit. */
export type ExtractRequest = { id: number; buf: Uint8Array; type: DocType };
export type ExtractReply = { id: number; doc: ExtractedDocument } | { id: number; status: 'skipped' | 'failed'; reason: string };

const port = parentPort!;
port.on('message', (msg: ExtractRequest) => {
  extract(Buffer.from(msg.buf.buffer, msg.buf.byteOffset, msg.buf.byteLength), msg.type).then(
    (doc) => port.postMessage({ id: msg.id, doc } satisfies ExtractReply),
    (err: unknown) =>
      port.postMessage(
        (err instanceof ExtractionError
          ? { id: msg.id, status: err.status, reason: err.reason }
          : { id: msg.id, status: 'failed', reason: `could not extract text (${(err as Error)?.message ?? String(err)})` }) satisfies ExtractReply,
      ),
  );
});
