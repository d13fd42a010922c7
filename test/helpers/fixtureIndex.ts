import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Indexer } from '../../src/pipeline/index/indexer.js';
import { IndexStore } from '../../src/pipeline/store/indexStore.js';
import { copyFixture, tempDir } from './tmp.js';

/** A private copy of test/fixtures/docs indexed (text pass) into a fresh store. */
export async function indexedFixtureDocs(): Promise<{ store: IndexStore; docs: string; dir: string; cleanup: () => void }> {
  const t = tempDir();
  const docs = copyFixture('docs', t.dir);
  const store = IndexStore.open(join(t.dir, 'index.sqlite'));
  await new Indexer(store).indexRoot(docs);
  return {
    store,
    docs,
    dir: t.dir,
    cleanup: () => {
      store.close();
      t.cleanup();
    },
  };
}

/** A fresh store whose one file, `name`, holds `text` as a single chunk (for word statistics of a known text). */
export function oneTextIndex(name: string, text: string): { store: IndexStore; cleanup: () => void } {
  const t = tempDir();
  const store = IndexStore.open(join(t.dir, 'index.sqlite'));
  const root = store.addRoot('/r');
  store.replaceFile({ rootId: root.id, path: `/r/${name}`, type: 'text', size: text.length, mtimeMs: 1, hash: name, status: 'indexed', reason: null }, [
    { ordinal: 0, page: null, charStart: 0, charEnd: text.length, heading: name, text, textHash: name },
  ]);
  return {
    store,
    cleanup: () => {
      store.close();
      t.cleanup();
    },
  };
}

/** A fresh store with a folder of these files (name → text) indexed (text pass), for a test's own small corpus. */
export async function indexedFiles(files: Readonly<Record<string, string>>, prefix = 'docent-files-'): Promise<{ store: IndexStore; folder: string; cleanup: () => void }> {
  const t = tempDir(prefix);
  const folder = join(t.dir, 'docs');
  mkdirSync(folder);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(folder, name), text);
  const store = IndexStore.open(join(t.dir, 'index.sqlite'));
  await new Indexer(store).indexRoot(folder);
  return {
    store,
    folder,
    cleanup: () => {
      store.close();
      t.cleanup();
    },
  };
}

