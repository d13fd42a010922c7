import type { EventName } from '../shared/api.js';
import type { HandleResult } from '../server/backend.js';
import { FromHostSchema, failure, type ToHost } from './backendProtocol.js';

/** The index process as the main process sees it (Electron's UtilityProcess, or a forked Node child in tests). */
export interface HostProcess {
  postMessage(message: ToHost): void;
  onMessage(listener: (message: unknown) => void): void;
  onExit(listener: (code: number | string | null) => void): void;
  kill(): void;
}

export interface BackendClientOptions {
  spawn: () => HostProcess;
  /** Opens a file the back end has checked is indexed (shell, or the PDF viewer window). */
  openFile: (path: string, page?: number) => Promise<boolean>;
  onEvent: (name: EventName, payload: unknown) => void;
  /** The index process could not start, or stopped for good: shown to the user. */
  onFatal?: (error: string, hint?: string) => void;
  /** Restarts allowed within a minute before giving up (default 3). */
  maxRestarts?: number;
  now?: () => number;
}

type Pending = { resolve: (r: HandleResult) => void };

/**
 * The main process's side of the index process: calls go down as messages and come back as
 * replies; events come up. If the process stops unexpectedly, every call in flight is answered
 * with an error that says so (nothing hangs), and it is started again, up to a few times a
 * minute; the index on disk is untouched by a crash (SQLite's journal).
 */
export class BackendClient {
  private host?: HostProcess;
  private ready!: Promise<HandleResult | undefined>;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private restarts: number[] = [];
  private stopping = false;
  private fatal?: { error: string; hint?: string };
  private exited?: Promise<void>;

  constructor(private readonly options: BackendClientOptions) {
    this.start();
  }

  private start(): void {
    const host = this.options.spawn();
    this.host = host;
    let markReady: (r: HandleResult | undefined) => void = () => undefined;
    this.ready = new Promise((resolve) => (markReady = resolve));
    this.exited = new Promise((resolve) => host.onExit(() => resolve()));
    host.onMessage((raw) => {
      const m = FromHostSchema.safeParse(raw);
      if (!m.success || this.host !== host) return;
      const msg = m.data;
      if (msg.t === 'ready') markReady(undefined);
      else if (msg.t === 'fatal') {
        this.fatal = { error: msg.error, ...(msg.hint ? { hint: msg.hint } : {}) };
        markReady(failure(msg.error, msg.hint));
        this.options.onFatal?.(msg.error, msg.hint);
      } else if (msg.t === 'result') {
        this.pending.get(msg.id)?.resolve(msg.reply);
        this.pending.delete(msg.id);
      } else if (msg.t === 'event') this.options.onEvent(msg.name, msg.payload);
      else if (msg.t === 'open') {
        void this.options.openFile(msg.path, msg.page).then(
          (opened) => host.postMessage({ t: 'opened', id: msg.id, opened }),
          () => host.postMessage({ t: 'opened', id: msg.id, opened: false }),
        );
      }
    });
    host.onExit((code) => {
      if (this.host !== host) return;
      this.host = undefined;
      const why = this.stopping ? 'Docent is closing' : `Docent's index process stopped unexpectedly (exit code ${code ?? 'unknown'})`;
      markReady(failure(why));
      for (const p of this.pending.values()) p.resolve(failure(why, this.stopping ? undefined : 'It is being restarted: try again in a moment. Your index is kept.'));
      this.pending.clear();
      if (this.stopping || this.fatal) return;
      const now = (this.options.now ?? Date.now)();
      this.restarts = [...this.restarts.filter((t) => now - t < 60_000), now];
      if (this.restarts.length > (this.options.maxRestarts ?? 3)) {
        this.fatal = { error: `${why}, and again after ${this.options.maxRestarts ?? 3} restarts`, hint: 'Quit and reopen Docent; if it keeps happening, start it from a terminal to see why.' };
        this.options.onFatal?.(this.fatal.error, this.fatal.hint);
        return;
      }
      this.start();
    });
  }

  /** Sends one request; always resolves (an error reply when the index process cannot answer). */
  async call(channel: string, args: unknown): Promise<HandleResult> {
    if (this.fatal) return failure(this.fatal.error, this.fatal.hint);
    if (this.stopping) return failure('Docent is closing');
    const notReady = await this.ready;
    if (notReady) return notReady;
    const host = this.host;
    if (!host) return failure("Docent's index process is not running", 'It is being restarted: try again in a moment.');
    const id = this.nextId++;
    return new Promise<HandleResult>((resolve) => {
      this.pending.set(id, { resolve });
      host.postMessage({ t: 'call', id, channel, args });
    });
  }

  /** Asks the index process to close the index cleanly; kills it when it takes longer than `graceMs`. */
  async close(graceMs = 10_000): Promise<void> {
    this.stopping = true;
    const host = this.host;
    if (!host) return;
    const exited = this.exited ?? Promise.resolve();
    host.postMessage({ t: 'close' });
    let timer: NodeJS.Timeout | undefined;
    const late = await Promise.race([exited.then(() => false), new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), graceMs)))]);
    clearTimeout(timer);
    if (late) host.kill();
  }
}
