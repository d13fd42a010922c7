import { z } from 'zod';
import type { ApiError, EventName } from '../shared/api.js';
import type { HandleResult } from '../server/backend.js';

/**
 * Messages between the main process and the index process (an Electron utility process that
 * holds the back end: indexing, embedding, the LLM). Both ends check what they receive.
 */
export const ToHostSchema = z.discriminatedUnion('t', [
  z.object({ t: z.literal('call'), id: z.number().int(), channel: z.string(), args: z.unknown() }),
  z.object({ t: z.literal('opened'), id: z.number().int(), opened: z.boolean() }),
  z.object({ t: z.literal('close') }),
]);
export type ToHost = z.infer<typeof ToHostSchema>;

export const FromHostSchema = z.discriminatedUnion('t', [
  z.object({ t: z.literal('ready') }),
  z.object({ t: z.literal('fatal'), error: z.string(), hint: z.string().optional() }),
  z.object({ t: z.literal('result'), id: z.number().int(), reply: z.custom<HandleResult>((v) => typeof v === 'object' && v !== null && 'ok' in v) }),
  z.object({ t: z.literal('event'), name: z.custom<EventName>((v) => typeof v === 'string'), payload: z.unknown() }),
  /** The back end asks the main process to open an indexed file (it has checked the path). */
  z.object({ t: z.literal('open'), id: z.number().int(), path: z.string(), page: z.number().int().optional() }),
  z.object({ t: z.literal('closed') }),
]);
export type FromHost = z.infer<typeof FromHostSchema>;

/** One end of a message channel (utilityProcess / process.parentPort, or a worker_threads MessagePort in tests). */
export interface MessageEnd {
  postMessage(message: unknown): void;
  onMessage(listener: (message: unknown) => void): void;
}

export const failure = (error: string, hint?: string): { ok: false; error: ApiError } => ({ ok: false, error: { error, ...(hint ? { hint } : {}), code: 'failed' } });
