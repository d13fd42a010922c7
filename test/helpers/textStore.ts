import { join } from 'node:path';
import { IndexStore } from '../../src/pipeline/store/indexStore.js';
import { tempDir } from './tmp.js';

/**
 * A real SQLite index of small text files under one root `/r`, one chunk each (its text, its file
 * name as heading), with each chunk's file name by chunk id, and a cleanup that closes and removes it.
 */
export function textStore(files: readonly (readonly [name: string, text: string])[]): { store: IndexStore; names: Map<number, string>; cleanup: () => void } {
  const t = tempDir();
  const store = IndexStore.open(join(t.dir, 'index.sqlite'));
  const root = store.addRoot('/r');
  const names = new Map<number, string>();
  for (const [name, text] of files) {
    const rec = { rootId: root.id, path: `/r/${name}`, type: 'text', size: text.length, mtimeMs: 1, hash: name, status: 'indexed' as const, reason: null };
    const fileId = store.replaceFile(rec, [{ ordinal: 0, page: null, charStart: 0, charEnd: text.length, heading: name, text, textHash: name }]);
    names.set((store.db.prepare('SELECT id FROM chunks WHERE file_id = ?').get(fileId) as { id: number }).id, name);
  }
  return {
    store,
    names,
    cleanup: () => {
      store.close();
      t.cleanup();
    },
  };
}
