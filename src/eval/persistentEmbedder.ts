import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { WrappingEmbedder, type EmbedOptions, type Embedder } from '../pipeline/models/embedder.js';

/**
 * Vectors of texts kept on disk between evaluation and training runs (queries and turn pairs),
 * keyed by the embedder's id and the text's hash. Misses are embedded in batches.
 */
export class PersistentEmbedder extends WrappingEmbedder {
  private readonly db: Database.Database;
  private readonly getStmt: Database.Statement;
  private readonly putStmt: Database.Statement;

  constructor(inner: Embedder, cacheDir: string) {
    super(inner);
    mkdirSync(cacheDir, { recursive: true });
    this.db = new Database(join(cacheDir, `vectors-${inner.id.replace(/[^\w.-]+/g, '_')}.sqlite`));
    this.db.pragma('journal_mode = WAL');
    this.db.exec('CREATE TABLE IF NOT EXISTS vec (hash TEXT PRIMARY KEY, v BLOB NOT NULL)');
    this.getStmt = this.db.prepare('SELECT v FROM vec WHERE hash = ?');
    this.putStmt = this.db.prepare('INSERT OR REPLACE INTO vec(hash, v) VALUES (?, ?)');
  }

  async embed(texts: readonly string[], options?: EmbedOptions): Promise<Float32Array[]> {
    const batch = 64;
    const hashes = texts.map((t) => createHash('sha1').update(t).digest('hex'));
    const out: (Float32Array | undefined)[] = hashes.map((h) => {
      const row = this.getStmt.get(h) as { v: Buffer } | undefined;
      return row ? new Float32Array(row.v.buffer.slice(row.v.byteOffset, row.v.byteOffset + row.v.byteLength)) : undefined;
    });
    const missing = [...new Set(texts.filter((_, i) => !out[i]))];
    for (let i = 0; i < missing.length; i += batch) {
      const part = missing.slice(i, i + batch);
      const vectors = await this.inner.embed(part, options);
      this.db.transaction(() => part.forEach((t, j) => this.putStmt.run(createHash('sha1').update(t).digest('hex'), Buffer.from(vectors[j]!.buffer))))();
      for (const [k, t] of texts.entries()) {
        const j = part.indexOf(t);
        if (j >= 0) out[k] = vectors[j]!;
      }
    }
    return out as Float32Array[];
  }

  override async close(): Promise<void> {
    this.db.close();
    await super.close();
  }
}
