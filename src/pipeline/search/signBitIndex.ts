import type { IndexStore } from '../store/indexStore.js';
import { dotInt8, signBits } from '../store/quantize.js';

/**
 * Approximate nearest neighbours for large indexes, in memory: every vector's sign bits
 * (dimension/8 bytes each, 6.4 MB for 100k 512-d vectors) are scanned by Hamming distance, the
 * closest `candidates` are re-ranked by cosine over their int8 copies, read from SQLite by key.
 * Loaded once per store and reloaded when the set of vectors changes.
 */
export class SignBitIndex {
  private constructor(
    private readonly ids: Int32Array,
    private readonly bits: Uint32Array,
    private readonly words: number,
    readonly version: string,
  ) {}

  static load(store: IndexStore): SignBitIndex {
    const version = store.changeVersion();
    const rows = store.db.prepare('SELECT id, bits FROM chunk_vec_q ORDER BY id').raw().all() as Array<[number, Buffer]>;
    const words = rows.length ? rows[0]![1].length / 4 : 0;
    const ids = new Int32Array(rows.length);
    const bits = new Uint32Array(rows.length * words);
    rows.forEach(([id, b], i) => {
      ids[i] = id;
      bits.set(new Uint32Array(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength)), i * words);
    });
    return new SignBitIndex(ids, bits, words, version);
  }

  get size(): number {
    return this.ids.length;
  }

  search(store: IndexStore, query: Float32Array, limit: number, candidates = Math.max(400, limit * 4)): number[] {
    const n = this.ids.length;
    if (n === 0) return [];
    const qb = signBits(query);
    const q = new Uint32Array(qb.buffer.slice(qb.byteOffset, qb.byteOffset + qb.byteLength));
    const w = this.words;
    const dist = new Uint16Array(n);
    const histogram = new Uint32Array(w * 32 + 1);
    for (let i = 0; i < n; i++) {
      let d = 0;
      const base = i * w;
      for (let j = 0; j < w; j++) d += popcount(this.bits[base + j]! ^ q[j]!);
      dist[i] = d;
      histogram[d]!++;
    }
    // The distance below which `candidates` vectors lie: a counting selection, no sort.
    let threshold = 0;
    for (let seen = 0; threshold < histogram.length; threshold++) {
      seen += histogram[threshold]!;
      if (seen >= candidates) break;
    }
    const picked: number[] = [];
    for (let i = 0; i < n && picked.length < candidates; i++) if (dist[i]! <= threshold) picked.push(this.ids[i]!);
    const rows = store.db
      .prepare(`SELECT id, i8 FROM chunk_vec_q WHERE id IN (${picked.join(',')})`)
      .raw()
      .all() as Array<[number, Buffer]>;
    const scored = rows.map(([id, v]) => ({ id, dot: dotInt8(query, v) }));
    return scored
      .sort((a, b) => b.dot - a.dot)
      .slice(0, limit)
      .map((s) => s.id);
  }
}

function popcount(x: number): number {
  x = x - ((x >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}
