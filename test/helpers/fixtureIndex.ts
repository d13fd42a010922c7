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
