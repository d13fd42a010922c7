import { basename } from 'node:path';
import { FolderProgress } from '../../pipeline/index/folderProgress.js';
import { Indexer, type IndexEvent, type RootSummary } from '../../pipeline/index/indexer.js';
import { EmbedderPool } from '../../pipeline/models/embedderPool.js';
import { chooseEmbedderSpec } from '../../pipeline/models/embedderSpec.js';
import { embedderIdOf } from '../../pipeline/models/createEmbedder.js';
import { DamagedIndexError, setAsideDamaged, type IndexStore } from '../../pipeline/store/indexStore.js';
import { dbPathOf, modelsDir, openStore, type GlobalOptions } from '../context.js';
import { acquireRunLock } from '../../pipeline/store/runLock.js';
import { printJson } from '../output.js';
import { Progress } from '../progress.js';
import { DocentError } from '../../shared/errors.js';

export interface IndexCommandOptions extends GlobalOptions {
  maxSize?: number;
  ignore?: string[];
  vectors: boolean;
  embedder?: string;
  reembed?: boolean;
  /** Keep a damaged index aside and index its folders (or the ones named) into a fresh one. */
  rebuild?: boolean;
  json?: boolean;
}

/** Opens the index; with --rebuild, a damaged one is kept aside and a fresh one made for its folders. */
function openForIndexing(folders: string[], opts: IndexCommandOptions): { store: IndexStore; folders: string[] } {
  try {
    return { store: openStore(opts), folders };
  } catch (err) {
    if (!(err instanceof DamagedIndexError) || !opts.rebuild) throw err;
    const { keptAt, folders: recovered } = setAsideDamaged(dbPathOf(opts));
    const again = folders.length ? folders : recovered;
    process.stderr.write(`The index was damaged; it is kept at ${keptAt}. Indexing again: ${again.join(', ') || '(no folder could be read from it)'}\n`);
    if (again.length === 0) throw new DocentError('no folder to index: none could be read from the damaged index', 'Name them: docent index --rebuild ~/Documents');
    return { store: openStore(opts), folders: again };
  }
}

export async function runIndex(requested: string[], opts: IndexCommandOptions): Promise<void> {
  const { store, folders } = openForIndexing(requested, opts);
  const progress = new Progress();
  const abort = new AbortController();
  const onSigint = (): void => {
    if (abort.signal.aborted) process.exit(130);
    abort.abort();
    process.stderr.write('\nStopping after the current batch (press Ctrl+C again to quit now)…\n');
  };
  process.on('SIGINT', onSigint);
  // One indexing job at a time on an index: the app may be indexing it right now.
  const lock = await acquireRunLock(dbPathOf(opts), `indexing ${folders.join(', ') || 'every folder'}`, {
    signal: abort.signal,
    onWait: (h) => process.stderr.write(`Indexing is running in another Docent (pid ${h.pid}, since ${h.since.slice(11, 16)} UTC: ${h.what}); this run waits for it to finish…\n`),
  }).catch((err: unknown) => {
    store.close();
    process.off('SIGINT', onSigint);
    throw abort.signal.aborted ? new DocentError('stopped while waiting for the other indexing run', 'Nothing was changed.') : err;
  });
  try {
    const summaries: RootSummary[] = [];
    // The app's progress model and words: the same figures as its Folders view and tray.
    let folder = new FolderProgress();
    let label = '';
    const onEvent = (e: IndexEvent): void => {
      if (e.kind === 'warning') {
        progress.stop();
        process.stderr.write(`warning: ${e.path}: ${e.reason}\n`);
        return;
      }
      if (e.kind === 'scan-done') {
        folder = new FolderProgress();
        label = basename(e.root);
      }
      folder.apply(e);
      progress.show(e.kind === 'embed-progress' ? 'Vectors' : label, folder.snapshot());
    };
    const indexer = new Indexer(store, { maxFileBytes: opts.maxSize, extraIgnore: opts.ignore }, onEvent);
    const targets = folders.length ? folders : store.roots().map((r) => r.path);
    if (targets.length === 0) {
      throw new DocentError('no folder to index', 'Name one: `docent index ~/Documents`.');
    }
    for (const folder of targets) {
      summaries.push(await indexer.indexRoot(folder));
      progress.stop();
    }
    let embed: Awaited<ReturnType<Indexer['embedPending']>> | undefined;
    if (opts.vectors && !abort.signal.aborted) embed = await embedAll(store, indexer, opts, abort.signal, progress);
    progress.stop();
    const counts = store.counts();
    if (opts.json) {
      printJson({ roots: summaries, embedding: embed ?? null, totals: counts });
    } else {
      for (const s of summaries) printSummary(s);
      if (embed) {
        process.stdout.write(
          `Vectors: ${embed.embedded} made, ${embed.reused} reused` +
            (embed.failed ? `, ${embed.failed} chunks could not be embedded` : '') +
            (counts.pendingVectors ? `; ${counts.pendingVectors} still to do (run index again to resume)` : '') +
            '\n',
        );
      } else if (!opts.vectors) {
        process.stdout.write(`Vectors skipped (--no-vectors): ${counts.pendingVectors} chunks have none; search uses keywords for them.\n`);
      }
    }
  } finally {
    progress.stop();
    process.off('SIGINT', onSigint);
    lock.release();
    store.close();
  }
}

async function embedAll(
  store: IndexStore,
  indexer: Indexer,
  opts: IndexCommandOptions,
  signal: AbortSignal,
  progress: Progress,
): Promise<Awaited<ReturnType<Indexer['embedPending']>> | undefined> {
  if (opts.reembed) store.dropVectors();
  const spec = chooseEmbedderSpec(store, opts.reembed ? (opts.embedder ?? 'use') : opts.embedder, modelsDir());
  // Refuse a mismatch before spending time loading a model.
  store.assertEmbedder(embedderIdOf(spec));
  if (store.pendingChunkCount() === 0) return { embedded: 0, reused: 0, failed: 0 };
  const pool = await EmbedderPool.start(spec);
  if (pool.note) process.stderr.write(`note: ${pool.note}\n`);
  try {
    return await indexer.embedPending(pool, signal);
  } finally {
    progress.stop();
    await pool.close();
  }
}

function printSummary(s: RootSummary): void {
  const parts = [
    s.added && `${s.added} added`,
    s.updated && `${s.updated} updated`,
    s.moved && `${s.moved} moved`,
    s.removed && `${s.removed} removed`,
    s.unchanged && `${s.unchanged} unchanged`,
  ].filter(Boolean);
  process.stdout.write(`${s.root}: ${s.seen} files (${parts.join(', ') || 'nothing to do'})`);
  const problems = [s.skipped && `${s.skipped} skipped`, s.failed && `${s.failed} failed`].filter(Boolean);
  process.stdout.write(problems.length ? `; ${problems.join(', ')}: see \`docent status\` for reasons\n` : '\n');
  if (s.cancelled) process.stdout.write('  the folder was removed from Docent while it was being indexed: its indexing stopped\n');
  for (const d of s.unreadableDirs) process.stdout.write(`  could not open folder ${d.path}: ${d.reason}\n`);
}
