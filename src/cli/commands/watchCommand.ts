import { FolderWatcher } from '../../pipeline/index/folderWatcher.js';
import { Indexer } from '../../pipeline/index/indexer.js';
import { EmbedderPool } from '../../pipeline/models/embedderPool.js';
import { chooseEmbedderSpec } from '../../pipeline/models/embedderSpec.js';
import { modelsDir, openStore } from '../context.js';
import { runIndex, type IndexCommandOptions } from './indexCommand.js';

/**
 * Indexes the folders, then keeps the index current until interrupted: changed files are
 * re-read in coalesced batches and their new chunks embedded.
 */
export async function runWatch(folders: string[], opts: IndexCommandOptions): Promise<void> {
  await runIndex(folders, opts);
  const store = openStore(opts);
  const roots = folders.map((f) => Indexer.resolveRoot(f));
  const log = (msg: string): void => void process.stdout.write(`${new Date().toLocaleTimeString()} ${msg}\n`);
  const indexer = new Indexer(store, { maxFileBytes: opts.maxSize, extraIgnore: opts.ignore }, (e) => {
    if (e.kind === 'file' && e.outcome !== 'unchanged') log(`${e.outcome}: ${e.path}${e.reason ? ` (${e.reason})` : ''}`);
  });
  const pool = opts.vectors ? await EmbedderPool.start(chooseEmbedderSpec(store, opts.embedder, modelsDir()), 1) : undefined;
  if (pool?.note) log(`note: ${pool.note}`);
  const watcher = new FolderWatcher(roots, async (paths) => {
    await indexer.syncPaths(paths);
    if (pool) await indexer.embedPending(pool);
  });
  await watcher.ready();
  log(`watching ${roots.join(', ')} (Ctrl+C to stop)`);
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await watcher.close();
  await pool?.close();
  store.close();
}
