import { join } from 'node:path';
import { writeFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { IndexStore } from '../../src/pipeline/store/indexStore.js';
import { SCHEMA_VERSION } from '../../src/pipeline/store/schema.js';
import { DocentError } from '../../src/shared/errors.js';
import { tempDir } from '../helpers/tmp.js';

let cleanup: () => void = () => undefined;
afterEach(() => cleanup());

function newStore(): { store: IndexStore; path: string } {
  const t = tempDir();
  cleanup = t.cleanup;
  const path = join(t.dir, 'index.sqlite');
  return { store: IndexStore.open(path), path };
}

const chunk = (ordinal: number, text: string) => ({
  ordinal, page: 1, charStart: 0, charEnd: text.length, heading: 'f.txt', text, textHash: `h-${text}`,
});

describe('IndexStore', () => {
  it('creates the schema in WAL mode and records its version', () => {
    const { store, path } = newStore();
    expect(store.schemaVersion()).toBe(SCHEMA_VERSION);
    expect(store.db.pragma('journal_mode', { simple: true })).toBe('wal');
    store.close();
    const again = IndexStore.open(path);
    expect(again.schemaVersion()).toBe(SCHEMA_VERSION);
    again.close();
  });

  it('refuses an index written by a newer version, and a file that is not a database', () => {
    const { store, path } = newStore();
    store.setMeta('schema_version', String(SCHEMA_VERSION + 1));
    store.close();
    expect(() => IndexStore.open(path)).toThrow(/newer Docent/);
    const junk = path + '.junk';
    writeFileSync(junk, 'this is not sqlite at all, just text that is long enough to have a header');
    expect(() => IndexStore.open(junk)).toThrow(DocentError);
  });

  it('replaces a file’s chunks and FTS rows together, and removes them with the file', () => {
    const { store } = newStore();
    const root = store.addRoot('/r');
    const rec = { rootId: root.id, path: '/r/f.txt', type: 'text', size: 1, mtimeMs: 1, hash: 'a', status: 'indexed' as const, reason: null };
    const id = store.replaceFile(rec, [chunk(0, 'alpha beta'), chunk(1, 'gamma delta')]);
    const fts = (q: string): number => (store.db.prepare('SELECT COUNT(*) n FROM chunks_fts WHERE chunks_fts MATCH ?').get(q) as { n: number }).n;
    expect(fts('alpha')).toBe(1);
    store.replaceFile(rec, [chunk(0, 'epsilon')]);
    expect(fts('alpha')).toBe(0);
    expect(fts('epsilon')).toBe(1);
    expect(store.counts().chunks).toBe(1);
    store.deleteFile(id);
    expect(fts('epsilon')).toBe(0);
    expect(store.counts().chunks).toBe(0);
  });

  it('gives passages spread over the index, cut short, for the rewrite warm-up; none from an empty one', () => {
    const { store } = newStore();
    expect(store.spreadPassages(4, 10)).toEqual([]);
    const root = store.addRoot('/r');
    const texts = Array.from({ length: 20 }, (_, i) => `passage number ${i} of the index`);
    store.replaceFile({ rootId: root.id, path: '/r/f.txt', type: 'text', size: 1, mtimeMs: 1, hash: 'a', status: 'indexed' as const, reason: null }, texts.map((t, i) => chunk(i, t)));
    const four = store.spreadPassages(4, 17);
    expect(four).toEqual(['passage number 4 ', 'passage number 9 ', 'passage number 14', 'passage number 19']);
    expect(store.spreadPassages(50, 1000)).toEqual(texts);
    expect(store.spreadPassages(0, 10)).toEqual([]);
  });

  it('binds one embedder and refuses vectors from another', () => {
    const { store } = newStore();
    store.bindEmbedder({ id: 'model-a', dimension: 4 });
    expect(() => store.bindEmbedder({ id: 'model-b', dimension: 4 })).toThrow(/vectors made by "model-a"/);
    expect(() => store.assertEmbedder('model-a')).not.toThrow();
    store.dropVectors();
    store.bindEmbedder({ id: 'model-b', dimension: 8 });
    expect(store.embedderInfo()).toEqual({ id: 'model-b', dimension: 8 });
  });

  it('drops vectors with their chunks, and skips vectors for chunks that vanished', () => {
    const { store } = newStore();
    store.bindEmbedder({ id: 'm', dimension: 2 });
    const root = store.addRoot('/r');
    const rec = { rootId: root.id, path: '/r/f.txt', type: 'text', size: 1, mtimeMs: 1, hash: 'a', status: 'indexed' as const, reason: null };
    store.replaceFile(rec, [chunk(0, 'one'), chunk(1, 'two')]);
    const [a, b] = store.pendingChunks(10);
    expect(store.storeVectors([{ chunkId: a!.id, vector: new Float32Array([1, 0]) }, { chunkId: 99999, vector: new Float32Array([0, 1]) }])).toBe(1);
    expect(store.counts()).toMatchObject({ vectors: 1, pendingVectors: 1 });
    expect(store.vectorForTextHash('h-one', () => true)).toEqual(new Float32Array([1, 0]));
    // Not for a passage of the same text that the encoder reads under another heading.
    expect(store.vectorForTextHash('h-one', () => false)).toBeUndefined();
    store.replaceFile(rec, []);
    expect((store.db.prepare('SELECT COUNT(*) n FROM chunk_vec').get() as { n: number }).n).toBe(0);
    expect(b).toBeDefined();
  });

  it('forgets a root with all its files and chunks', () => {
    const { store } = newStore();
    const r1 = store.addRoot('/one');
    const r2 = store.addRoot('/two');
    store.replaceFile({ rootId: r1.id, path: '/one/a.txt', type: 'text', size: 1, mtimeMs: 1, hash: 'a', status: 'indexed', reason: null }, [chunk(0, 'a')]);
    store.replaceFile({ rootId: r2.id, path: '/two/b.txt', type: 'text', size: 1, mtimeMs: 1, hash: 'b', status: 'indexed', reason: null }, [chunk(0, 'b')]);
    expect(store.removeRoot(r1.id)).toBe(1);
    expect(store.roots().map((r) => r.path)).toEqual(['/two']);
    expect(store.counts()).toMatchObject({ chunks: 1, files: { indexed: 1, skipped: 0, failed: 0 } });
  });
});
