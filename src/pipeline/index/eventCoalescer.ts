/**
 * Collects file-change events and hands them over as one de-duplicated batch once the burst
 * is over: `quietMs` after the last event, or `maxWaitMs` after the first, whichever is sooner.
 * A save that writes a file three times, or a folder of 500 files copied in, becomes one batch.
 */
export class EventCoalescer {
  private pending = new Set<string>();
  private quietTimer: NodeJS.Timeout | undefined;
  private maxTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly flush: (paths: string[]) => void,
    private readonly quietMs = 300,
    private readonly maxWaitMs = 2000,
  ) {}

  add(path: string): void {
    this.pending.add(path);
    clearTimeout(this.quietTimer);
    this.quietTimer = setTimeout(() => this.fire(), this.quietMs);
    this.maxTimer ??= setTimeout(() => this.fire(), this.maxWaitMs);
  }

  get size(): number {
    return this.pending.size;
  }

  /** Hands over what is pending now. */
  fire(): void {
    clearTimeout(this.quietTimer);
    clearTimeout(this.maxTimer);
    this.quietTimer = undefined;
    this.maxTimer = undefined;
    if (this.pending.size === 0) return;
    const paths = [...this.pending].sort();
    this.pending = new Set();
    this.flush(paths);
  }

  /** Drops what is pending without handing it over. */
  dispose(): void {
    clearTimeout(this.quietTimer);
    clearTimeout(this.maxTimer);
    this.pending.clear();
  }
}
