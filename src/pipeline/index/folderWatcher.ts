import { watch, type FSWatcher } from 'chokidar';
import { EventCoalescer } from './eventCoalescer.js';

export interface FolderWatcherOptions {
  quietMs?: number;
  maxWaitMs?: number;
  /** Poll instead of native events (network drives, some containers). */
  usePolling?: boolean;
}

/**
 * Watches folders (chokidar) and reports changed paths in coalesced batches. Hidden files and
 * folders and node_modules are not watched; the indexer applies the full ignore rules.
 * Batches are handed over one at a time: the next waits until `onBatch` has settled.
 */
export class FolderWatcher {
  private readonly watcher: FSWatcher;
  private readonly coalescer: EventCoalescer;
  private chain: Promise<void> = Promise.resolve();

  constructor(
    folders: readonly string[],
    onBatch: (paths: string[]) => Promise<void>,
    options: FolderWatcherOptions = {},
  ) {
    this.coalescer = new EventCoalescer(
      (paths) => {
        this.chain = this.chain.then(() => onBatch(paths)).catch(() => undefined);
      },
      options.quietMs,
      options.maxWaitMs,
    );
    this.watcher = watch([...folders], {
      ignoreInitial: true,
      ignored: (path: string) => /(^|[/\\])(\.[^/\\]+|node_modules)([/\\]|$)/.test(path),
      awaitWriteFinish: { stabilityThreshold: 200, pollInterval: 50 },
      usePolling: options.usePolling ?? false,
      followSymlinks: false,
    });
    for (const event of ['add', 'change', 'unlink'] as const) {
      this.watcher.on(event, (path: string) => this.coalescer.add(path));
    }
    // A removed folder: its files are re-checked (and dropped) one by one by the indexer.
    this.watcher.on('unlinkDir', (path: string) => this.coalescer.add(path + '/'));
  }

  ready(): Promise<void> {
    return new Promise((resolve) => this.watcher.once('ready', () => resolve()));
  }

  /** Waits for the batch being processed, if any. */
  idle(): Promise<void> {
    return this.chain;
  }

  async close(): Promise<void> {
    this.coalescer.dispose();
    await this.watcher.close();
    await this.chain;
  }
}
