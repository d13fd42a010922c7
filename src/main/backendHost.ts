import { DocentError } from '../shared/errors.js';
import type { EventName } from '../shared/api.js';
import type { HandleResult } from '../server/backend.js';
import { FromHostSchema, ToHostSchema, failure, type FromHost, type MessageEnd } from './backendProtocol.js';

/** The back end as the host serves it (src/server/backend.ts's Backend). */
export interface HostedBackend {
  handle(channel: string, raw: unknown): Promise<HandleResult>;
  on(listener: (name: EventName, payload: unknown) => void): () => void;
  close(): Promise<void>;
}

/** Opens the back end; `openFile` asks the main process to open a file the back end has checked. */
export type OpenBackend = (openFile: (path: string, page?: number) => Promise<boolean>) => Promise<HostedBackend>;

/**
 * The index process's side: opens the back end, answers the main process's calls, passes its
 * events up, and asks the main process to open files (only it can reach the desktop). A back end
 * that cannot open (a damaged or locked index) is reported as `fatal` with the reason.
 */
export async function hostBackend(port: MessageEnd, open: OpenBackend): Promise<{ closed: Promise<void> }> {
  const send = (m: FromHost): void => port.postMessage(FromHostSchema.parse(m));
  const opening = new Map<number, (opened: boolean) => void>();
  let nextOpen = 1;
  let backend: HostedBackend | undefined;
  let markClosed: () => void = () => undefined;
  const closed = new Promise<void>((resolve) => (markClosed = resolve));
  const pending: unknown[] = [];

  const onMessage = async (raw: unknown): Promise<void> => {
    const m = ToHostSchema.safeParse(raw);
    if (!m.success) return;
    const msg = m.data;
    if (msg.t === 'opened') {
      opening.get(msg.id)?.(msg.opened);
      opening.delete(msg.id);
    } else if (msg.t === 'call') {
      if (!backend) return void pending.push(raw);
      let reply: HandleResult;
      try {
        reply = await backend.handle(msg.channel, msg.args);
      } catch (err) {
        reply = failure(`the request failed: ${(err as Error).message}`);
      }
      send({ t: 'result', id: msg.id, reply });
    } else if (msg.t === 'close') {
      await backend?.close();
      send({ t: 'closed' });
      markClosed();
    }
  };
  port.onMessage((raw) => void onMessage(raw));

  const openFile = (path: string, page?: number): Promise<boolean> =>
    new Promise((resolve) => {
      const id = nextOpen++;
      opening.set(id, resolve);
      send({ t: 'open', id, path, ...(page ? { page } : {}) });
    });
  try {
    backend = await open(openFile);
  } catch (err) {
    send({ t: 'fatal', error: `the index could not be opened: ${(err as Error).message}`, ...(err instanceof DocentError && err.hint ? { hint: err.hint } : {}) });
    markClosed();
    return { closed };
  }
  backend.on((name, payload) => send({ t: 'event', name, payload }));
  send({ t: 'ready' });
  for (const raw of pending.splice(0)) void onMessage(raw);
  return { closed };
}
