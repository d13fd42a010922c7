import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FolderWatcher } from '../../src/pipeline/index/folderWatcher.js';
import { Indexer } from '../../src/pipeline/index/indexer.js';
import { IndexStore } from '../../src/pipeline/store/indexStore.js';
import { tempDir } from '../helpers/tmp.js';

let cleanups: Array<() => void | Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.reverse()) await c();
  cleanups = [];
});

async function until(check: () => boolean, ms = 15_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not reached in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('FolderWatcher with the indexer (real file system events)', () => {
  it('keeps the index current: a burst of new files, an edit, a delete, a removed folder', async () => {
    const t = tempDir();
    cleanups.push(t.cleanup);
    const root = join(t.dir, 'notes');
    mkdirSync(join(root, 'sub'), { recursive: true });
    writeFileSync(join(root, 'a.md'), '# A\n\nApples are red.\n');
    const store = IndexStore.open(join(t.dir, 'index.sqlite'));
    cleanups.push(() => store.close());
    const indexer = new Indexer(store);
    await indexer.indexRoot(root);
    const batches: string[][] = [];
    const watcher = new FolderWatcher([root], async (paths) => {
      batches.push(paths);
      await indexer.syncPaths(paths);
    }, { quietMs: 200, maxWaitMs: 3000 });
    cleanups.push(() => watcher.close());
    await watcher.ready();

    for (let i = 0; i < 20; i++) writeFileSync(join(root, 'sub', `n${i}.md`), `# Note ${i}\n\nPear number ${i}.\n`);
    await until(() => store.counts().files.indexed === 21);
    expect(batches.length).toBeLessThanOrEqual(4); // twenty events, coalesced into a few batches

    writeFileSync(join(root, 'a.md'), '# A\n\nApples are green now.\n');
    await until(() => (store.db.prepare("SELECT COUNT(*) n FROM chunks_fts WHERE chunks_fts MATCH 'green'").get() as { n: number }).n === 1);

    rmSync(join(root, 'a.md'));
    await until(() => store.fileByPath(join(root, 'a.md')) === undefined);

    writeFileSync(join(root, '.hidden.md'), 'secret');
    rmSync(join(root, 'sub'), { recursive: true });
    await until(() => store.counts().files.indexed === 0);
    await watcher.idle();
    expect(store.fileByPath(join(root, '.hidden.md'))).toBeUndefined();
  });
});
