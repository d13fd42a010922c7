import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { normalise } from '../../src/pipeline/models/embedder.js';
import { exactVectorCandidates, vectorCandidates } from '../../src/pipeline/search/hybridSearch.js';
import { IndexStore } from '../../src/pipeline/store/indexStore.js';
import { tempDir } from '../helpers/tmp.js';

let cleanup: () => void = () => undefined;
afterEach(() => cleanup());

/** Clustered unit vectors: 20 topics, each vector a noisy copy of its topic's centre. */
function clustered(n: number, dim: number, seed = 3): Float32Array[] {
  let x = seed;
  const rnd = (): number => ((x = (x * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) - 0.5;
  const centres = Array.from({ length: 20 }, () => Float32Array.from({ length: dim }, rnd));
  return Array.from({ length: n }, (_, i) => normalise(Float32Array.from(centres[i % 20]!, (c) => c + 0.6 * rnd())));
}

describe('vector candidates', () => {
  it('the sign-bit pre-selection with int8 re-rank finds what the exact scan finds', () => {
    const t = tempDir();
    cleanup = t.cleanup;
    const store = IndexStore.open(join(t.dir, 'i.sqlite'));
    try {
      store.bindEmbedder({ id: 'test', dimension: 512 });
      const root = store.addRoot('/r');
      const vectors = clustered(3000, 512); // 400 candidates are then an eighth of the index
      store.replaceFile(
        { rootId: root.id, path: '/r/a.txt', type: 'text', size: 1, mtimeMs: 1, hash: 'h', status: 'indexed', reason: null },
        vectors.map((_, i) => ({ ordinal: i, page: null, charStart: 0, charEnd: 1, heading: '', text: `t${i}`, textHash: `h${i}` })),
      );
      const ids = store.pendingChunks(5000).map((c) => c.id);
      store.storeVectors(ids.map((id, i) => ({ chunkId: id, vector: vectors[i]! })));
      let overlap = 0;
      for (let q = 0; q < 20; q++) {
        const query = vectors[q * 7]!;
        const exact = exactVectorCandidates(store, Buffer.from(query.buffer), 10);
        const approx = vectorCandidates(store, query, 10, Number.MAX_SAFE_INTEGER); // force the coarse path
        expect(approx[0]).toBe(ids[q * 7]); // the vector itself comes first
        overlap += approx.filter((id) => exact.includes(id)).length;
      }
      expect(overlap / 200).toBeGreaterThan(0.9);
      store.replaceFile(
        { rootId: root.id, path: '/r/a.txt', type: 'text', size: 1, mtimeMs: 2, hash: 'h2', status: 'indexed', reason: null },
        [],
      );
      expect((store.db.prepare('SELECT COUNT(*) n FROM chunk_vec_q').get() as { n: number }).n).toBe(0);
    } finally {
      store.close();
    }
  });
});
