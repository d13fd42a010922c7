import type { IndexEvent } from './indexer.js';

/** Where a folder's indexing stands: listing, the text pass, the vector pass, done, or stopped. */
export type ProgressState = 'scanning' | 'reading' | 'embedding' | 'idle' | 'error';

/** One folder's progress as every view shows it (the `index:progress` event, less the folder). */
export interface ProgressSnapshot {
  state: ProgressState;
  /** Files read in the text pass; passages with vectors in the vector pass. */
  filesDone: number;
  filesTotal: number;
  /** Passages made by the text pass so far. */
  chunks: number;
  /** Estimated time left in this pass, once its pace can be told. */
  etaMs: number | null;
  /** The file being read. */
  current?: string;
  message?: string;
}

/** Time left at the pace so far, once enough is done to tell (the first items of a phase are no guide). */
export function timeLeft(elapsedMs: number, doneInPhase: number, left: number, enough = 4): number | null {
  return doneInPhase >= enough && left > 0 ? Math.round((elapsedMs / doneInPhase) * left) : null;
}

/** The vector pass's time left waits for more passages than the text pass waits for files: its first ones include loading the encoder. */
const EMBED_PACE_AFTER = 8;

/**
 * One folder's progress, fed the indexer's events: the one model of progress that the app's
 * views, the tray and the CLI all show (through progressLine), so they count the same things the
 * same way. The text pass counts files read (a changed file found unchanged was read too), the
 * vector pass counts passages, and each pass's time left is at its own pace since it began.
 */
export class FolderProgress {
  state: ProgressState = 'scanning';
  message: string | undefined;
  filesDone = 0;
  filesTotal = 0;
  chunks = 0;
  current: string | undefined;
  private phaseStart: number;
  private embedFrom: number | undefined;

  constructor(private readonly now: () => number = Date.now) {
    this.phaseStart = now();
  }

  /** Takes one indexer event; true when it begins or ends a pass (worth showing at once). */
  apply(e: IndexEvent): boolean {
    if (e.kind === 'scan-done') {
      this.state = 'reading';
      this.filesDone = 0;
      this.filesTotal = e.toRead;
      this.chunks = 0;
      this.phaseStart = this.now();
      return true;
    }
    if (e.kind === 'reading') {
      this.current = e.path;
      return false;
    }
    if (e.kind === 'file') {
      if (e.outcome !== 'removed') this.filesDone++;
      this.chunks += e.chunks;
      // Nothing is being read once the last file is done.
      if (this.filesDone >= this.filesTotal) this.current = undefined;
      return false;
    }
    if (e.kind === 'embed-progress') {
      const began = this.state !== 'embedding' || this.embedFrom === undefined;
      this.state = 'embedding';
      this.current = undefined;
      if (began) {
        this.embedFrom = e.done;
        this.phaseStart = this.now();
      }
      this.filesDone = e.done;
      this.filesTotal = e.total;
      return began || e.done === e.total;
    }
    return false;
  }

  /** The pass is over: idle, or stopped with what went wrong. */
  finish(message?: string): void {
    this.state = message === undefined ? 'idle' : 'error';
    this.message = message;
    this.current = undefined;
    this.embedFrom = undefined;
  }

  snapshot(): ProgressSnapshot {
    const elapsed = this.now() - this.phaseStart;
    const etaMs =
      this.state === 'reading'
        ? timeLeft(elapsed, this.filesDone, this.filesTotal - this.filesDone)
        : this.state === 'embedding' && this.embedFrom !== undefined
          ? timeLeft(elapsed, this.filesDone - this.embedFrom, this.filesTotal - this.filesDone, EMBED_PACE_AFTER)
          : null;
    return {
      state: this.state,
      filesDone: this.filesDone,
      filesTotal: this.filesTotal,
      chunks: this.chunks,
      etaMs,
      ...(this.current ? { current: this.current } : {}),
      ...(this.message ? { message: this.message } : {}),
    };
  }
}
