import Database from 'better-sqlite3';
import * as sqliteVec from 'sqlite-vec';
import { existsSync, mkdirSync, renameSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { MIGRATIONS, SCHEMA_VERSION } from './schema.js';
import { DocentError } from '../../shared/errors.js';
import { int8, signBits } from './quantize.js';

/** The index file cannot be read as an index (damaged, or another kind of file). */
export class DamagedIndexError extends DocentError {}

/**
 * Keeps a damaged index aside (renamed with its -wal and -shm beside it, never deleted) and
 * returns the folders it indexed, as far as they can still be read from it.
 */
export function setAsideDamaged(path: string, now = new Date()): { keptAt: string; folders: string[] } {
  let folders: string[] = [];
  try {
    const db = new Database(path, { readonly: true, fileMustExist: true });
    try {
      folders = (db.prepare('SELECT path FROM roots ORDER BY path').all() as { path: string }[]).map((r) => r.path);
    } finally {
      db.close();
    }
  } catch {
    // too damaged to say: the folders must be named
  }
  const keptAt = `${path}.damaged-${now.toISOString().replace(/[:.]/g, '-')}`;
  for (const suffix of ['', '-wal', '-shm']) {
    if (existsSync(path + suffix)) renameSync(path + suffix, keptAt + suffix);
  }
  return { keptAt, folders };
}

/** chunks.vec_state of a fragment searched by keywords only (0: waiting, 1: has a vector, 2: could not be embedded). */
export const VEC_KEYWORDS_ONLY = 3;

/** A file larger than this may take a while to extract: a batch commits before reading it. */
const LONG_READ_BYTES = 256 * 1024;

export type FileStatus = 'indexed' | 'skipped' | 'failed';

export interface FileRow {
  id: number;
  root_id: number;
  path: string;
  type: string;
  size: number;
  mtime_ms: number;
  hash: string | null;
  status: FileStatus;
  reason: string | null;
  title: string | null;
  pages: number | null;
  indexed_at: number;
}

export interface RootRow {
  id: number;
  path: string;
  added_at: number;
}

/** A chunk as the indexer hands it to the store. */
export interface NewChunk {
  ordinal: number;
  page: number | null;
  charStart: number;
  charEnd: number;
  heading: string;
  text: string;
  textHash: string;
  /** No vector is made for it (a fragment: see chunker.ts). */
  keywordsOnly?: boolean;
}

export interface FileRecord {
  rootId: number;
  path: string;
  type: string;
  size: number;
  mtimeMs: number;
  hash: string | null;
  status: FileStatus;
  reason: string | null;
  title?: string | null;
  pages?: number | null;
}

export interface EmbedderInfo {
  id: string;
  dimension: number;
}

export interface PendingChunk {
  id: number;
  text: string;
  heading: string;
  textHash: string;
}

/**
 * The whole index in one SQLite file: files, chunks, FTS5 and sqlite-vec vectors, meta.
 * Every method that changes a file's rows does so in a single transaction, so a crash leaves
 * either the old rows or the new ones, never a mixture.
 */
export class IndexStore {
  readonly db: Database.Database;
  readonly path: string;

  private readonly statements = new Map<string, Database.Statement>();
  private localWrites = 0;

  private constructor(db: Database.Database, path: string) {
    this.db = db;
    this.path = path;
  }

  /**
   * Changes whenever the index's contents may have changed: writes through this connection,
   * or (SQLite's data_version) commits by any other connection or process.
   */
  changeVersion(): string {
    // A prepared statement, not db.pragma(), which prepares one on every call: this runs often.
    return `${this.localWrites}:${this.prepared('PRAGMA data_version').pluck().get() as number}`;
  }

  /**
   * A prepared statement, prepared once per connection and shared by every caller: for queries
   * that run often (search, word statistics). Callers must not change its mode (raw, pluck…),
   * except for statements only they use.
   */
  prepared(sql: string): Database.Statement {
    let st = this.statements.get(sql);
    if (!st) {
      st = this.db.prepare(sql);
      this.statements.set(sql, st);
    }
    return st;
  }

  /**
   * Groups many files' writes into one commit (each file still changes in its own savepoint,
   * so a crash rolls back whole files only). Commits happen every `maxFiles` files or `maxMs`,
   * and before reading a file that may take long (beforeRead): the write lock is never held
   * while a large file is extracted, so another Docent on the same index waits at most a moment.
   * Transactions begin IMMEDIATE: a reader that later writes cannot deadlock with another writer.
   */
  batch(maxFiles = 250, maxMs = 500): { fileDone(): void; beforeRead(bytes: number): void; end(): void } {
    if (this.db.inTransaction) return { fileDone: () => undefined, beforeRead: () => undefined, end: () => undefined };
    let files = 0;
    let since = 0;
    const commit = (): void => {
      if (this.db.inTransaction) this.db.exec('COMMIT');
      files = 0;
    };
    return {
      fileDone: () => {
        if (++files >= maxFiles || Date.now() - since >= maxMs) commit();
      },
      beforeRead: (bytes) => {
        // A large file is read with no transaction open; its rows are written in one of their own.
        if (bytes > LONG_READ_BYTES || Date.now() - since >= maxMs / 2) commit();
        if (bytes <= LONG_READ_BYTES && !this.db.inTransaction) {
          this.db.exec('BEGIN IMMEDIATE');
          since = Date.now();
        }
      },
      end: commit,
    };
  }

  static open(path: string): IndexStore {
    if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
    let db: Database.Database;
    try {
      // The desktop app's index process runs on Electron's Node, which needs better-sqlite3 built
      // for Electron: the app points here at that build (see scripts/electron-native.mjs).
      const nativeBinding = process.env.DOCENT_SQLITE_BINDING;
      db = new Database(path, nativeBinding ? { nativeBinding } : {});
    } catch (err) {
      throw new DocentError(
        `cannot open the index at ${path}: ${(err as Error).message}`,
        'Check that the folder exists and is writable, or pass another file with --db.',
      );
    }
    try {
      db.pragma('journal_mode = WAL');
      db.pragma('synchronous = NORMAL');
      db.pragma('foreign_keys = ON');
      db.pragma('busy_timeout = 5000');
      // Memory-mapped reads: vector and FTS pages are read without a system call each.
      db.pragma('mmap_size = 1073741824');
      sqliteVec.load(db);
      const store = new IndexStore(db, path);
      store.migrate();
      return store;
    } catch (err) {
      db.close();
      if (err instanceof DocentError) throw err;
      const message = (err as Error).message;
      if (/file is not a database|malformed/i.test(message)) {
        throw new DamagedIndexError(
          `the index at ${path} is not a Docent index or is damaged (${message})`,
          'Run `docent index --rebuild` to keep it aside and index your folders again, or pass another file with --db.',
        );
      }
      throw err;
    }
  }

  close(): void {
    if (this.db.open) this.db.close();
  }

  // ---- schema and meta -------------------------------------------------------------------

  schemaVersion(): number {
    const hasMeta = this.db
      .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'meta'")
      .get();
    if (!hasMeta) return 0;
    const row = this.db.prepare("SELECT value FROM meta WHERE key = 'schema_version'").get() as
      | { value: string }
      | undefined;
    return row ? Number(row.value) : 0;
  }

  private migrate(): void {
    const current = this.schemaVersion();
    if (current > SCHEMA_VERSION) {
      throw new DocentError(
        `the index at ${this.path} was made by a newer Docent (schema ${current}, this one knows ${SCHEMA_VERSION})`,
        'Update Docent, or index into another file with --db.',
      );
    }
    for (let v = current; v < SCHEMA_VERSION; v++) {
      this.db.transaction(() => {
        MIGRATIONS[v]!(this.db);
        this.setMeta('schema_version', String(v + 1));
      }).immediate();
    }
  }

  getMeta(key: string): string | undefined {
    const row = this.db.prepare('SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined;
    return row?.value;
  }

  setMeta(key: string, value: string): void {
    this.db
      .prepare('INSERT INTO meta(key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value')
      .run(key, value);
  }

  deleteMeta(key: string): void {
    this.db.prepare('DELETE FROM meta WHERE key = ?').run(key);
  }

  // ---- embedder binding --------------------------------------------------------------------

  embedderInfo(): EmbedderInfo | undefined {
    const id = this.getMeta('embedder_id');
    const dim = this.getMeta('embedder_dimension');
    return id && dim ? { id, dimension: Number(dim) } : undefined;
  }

  /**
   * Binds the index to one embedder; vectors from two embedders never share an index.
   * Creates the vector table on first use.
   */
  bindEmbedder(info: EmbedderInfo): void {
    const existing = this.embedderInfo();
    if (existing) {
      this.assertEmbedder(info.id, info.dimension);
      return;
    }
    if (!Number.isInteger(info.dimension) || info.dimension <= 0 || info.dimension > 8192) {
      throw new DocentError(`embedder "${info.id}" reports an invalid dimension ${info.dimension}`);
    }
    this.db.transaction(() => {
      this.db.exec(`CREATE VIRTUAL TABLE chunk_vec USING vec0(embedding float[${info.dimension}] distance_metric=cosine)`);
      this.setMeta('embedder_id', info.id);
      this.setMeta('embedder_dimension', String(info.dimension));
      this.installVectorTrigger();
    }).immediate();
  }

  /** Deleting a chunk deletes its vectors: virtual tables have no foreign keys, so a trigger does it. */
  private installVectorTrigger(): void {
    this.db.exec(`
      DROP TRIGGER IF EXISTS chunks_vec_ad;
      CREATE TRIGGER chunks_vec_ad AFTER DELETE ON chunks BEGIN
        DELETE FROM chunk_vec WHERE rowid = old.id;
      END;
    `);
  }



  /** Refuses an embedder other than the one the index's vectors were made with. */
  assertEmbedder(id: string, dimension?: number): void {
    const existing = this.embedderInfo();
    if (!existing) return;
    if (existing.id !== id || (dimension !== undefined && existing.dimension !== dimension)) {
      throw new DocentError(
        `this index holds vectors made by "${existing.id}" (${existing.dimension} dimensions), not by "${id}"` +
          (dimension !== undefined ? ` (${dimension})` : ''),
        'Use the same embedder, or rebuild the vectors with `docent index --reembed` (this re-embeds every chunk).',
      );
    }
  }

  /** Drops every vector and the binding, so another embedder can be bound. Chunks stay. */
  dropVectors(): void {
    this.localWrites++;
    this.db.transaction(() => {
      this.db.exec('DROP TRIGGER IF EXISTS chunks_vec_ad; DROP TABLE IF EXISTS chunk_vec; DELETE FROM chunk_vec_q;');
      this.db.prepare("DELETE FROM meta WHERE key IN ('embedder_id', 'embedder_dimension')").run();
      this.db.prepare(`UPDATE chunks SET vec_state = 0 WHERE vec_state <> ${VEC_KEYWORDS_ONLY}`).run();
    }).immediate();
  }

  hasVectorTable(): boolean {
    return !!this.db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'chunk_vec'").get();
  }

  // ---- roots -------------------------------------------------------------------------------

  addRoot(path: string): RootRow {
    this.db.prepare('INSERT INTO roots(path, added_at) VALUES (?, ?) ON CONFLICT(path) DO NOTHING').run(path, Date.now());
    return this.db.prepare('SELECT * FROM roots WHERE path = ?').get(path) as RootRow;
  }

  /** Whether the folder is still indexed (another process may have forgotten it meanwhile). */
  hasRoot(id: number): boolean {
    return !!this.prepared('SELECT 1 FROM roots WHERE id = ?').get(id);
  }

  roots(): RootRow[] {
    return this.db.prepare('SELECT * FROM roots ORDER BY path').all() as RootRow[];
  }

  rootByPath(path: string): RootRow | undefined {
    return this.db.prepare('SELECT * FROM roots WHERE path = ?').get(path) as RootRow | undefined;
  }

  /** Removes a root folder and, through the cascades and triggers, all of its rows. */
  removeRoot(rootId: number): number {
    this.localWrites++;
    return this.db.transaction(() => {
      const n = (this.db.prepare('SELECT COUNT(*) AS n FROM files WHERE root_id = ?').get(rootId) as { n: number }).n;
      this.db.prepare('DELETE FROM files WHERE root_id = ?').run(rootId);
      this.db.prepare('DELETE FROM roots WHERE id = ?').run(rootId);
      return n;
    }).immediate();
  }

  // ---- files -------------------------------------------------------------------------------

  filesOfRoot(rootId: number): FileRow[] {
    return this.db.prepare('SELECT * FROM files WHERE root_id = ?').all(rootId) as FileRow[];
  }

  fileByPath(path: string): FileRow | undefined {
    return this.db.prepare('SELECT * FROM files WHERE path = ?').get(path) as FileRow | undefined;
  }

  fileById(id: number): FileRow | undefined {
    return this.db.prepare('SELECT * FROM files WHERE id = ?').get(id) as FileRow | undefined;
  }

  /**
   * Writes a file's row and replaces all of its chunks (FTS rows and vectors follow through
   * triggers) in one transaction. A passage the encoder would read the same as before (same text,
   * same heading) keeps its vector: a file read again after an upgrade, or an edit to one of its
   * paragraphs, is not embedded again whole.
   */
  replaceFile(record: FileRecord, chunks: readonly NewChunk[]): number {
    this.localWrites++;
    return this.db.transaction(() => {
      const fileId = this.upsertFileRow(record);
      const kept = new Map<string, Buffer>();
      if (this.hasVectorTable()) {
        const old = this.prepared(
          `SELECT c.heading, c.text_hash AS textHash, v.embedding AS e FROM chunks c JOIN chunk_vec v ON v.rowid = c.id WHERE c.file_id = ? AND c.vec_state = 1`,
        ).all(fileId) as { heading: string; textHash: string; e: Buffer }[];
        for (const o of old) kept.set(`${o.textHash}\u0000${o.heading}`, o.e);
      }
      this.prepared('DELETE FROM chunks WHERE file_id = ?').run(fileId);
      const insert = this.prepared(
        `INSERT INTO chunks(file_id, ordinal, page, char_start, char_end, heading, text, text_hash, vec_state)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      );
      for (const c of chunks) {
        const { lastInsertRowid } = insert.run(fileId, c.ordinal, c.page, c.charStart, c.charEnd, c.heading, c.text, c.textHash, c.keywordsOnly ? VEC_KEYWORDS_ONLY : 0);
        const blob = c.keywordsOnly ? undefined : kept.get(`${c.textHash}\u0000${c.heading}`);
        if (blob) this.writeVector(Number(lastInsertRowid), vectorOfBlob(blob));
      }
      return fileId;
    }).immediate();
  }

  /** Stores one chunk's vector (its exact rows and quantised copies) and marks the chunk done; inside a transaction. */
  private writeVector(chunkId: number, vector: Float32Array): void {
    const id = BigInt(chunkId);
    this.prepared('DELETE FROM chunk_vec WHERE rowid = ?').run(id);
    this.prepared('INSERT INTO chunk_vec(rowid, embedding) VALUES (?, ?)').run(id, Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength));
    this.prepared('INSERT OR REPLACE INTO chunk_vec_q(id, bits, i8) VALUES (?, ?, ?)').run(chunkId, signBits(vector), int8(vector));
    this.prepared('UPDATE chunks SET vec_state = 1 WHERE id = ?').run(chunkId);
  }

  private upsertFileRow(r: FileRecord): number {
    const row = this
      .prepared(
        `INSERT INTO files(root_id, path, type, size, mtime_ms, hash, status, reason, title, pages, indexed_at)
         VALUES (@rootId, @path, @type, @size, @mtimeMs, @hash, @status, @reason, @title, @pages, @now)
         ON CONFLICT(path) DO UPDATE SET
           root_id = excluded.root_id, type = excluded.type, size = excluded.size, mtime_ms = excluded.mtime_ms,
           hash = excluded.hash, status = excluded.status, reason = excluded.reason, title = excluded.title,
           pages = excluded.pages, indexed_at = excluded.indexed_at
         RETURNING id`,
      )
      .get({ ...r, title: r.title ?? null, pages: r.pages ?? null, now: Date.now() }) as { id: number };
    return row.id;
  }

  /** The file did not change in content: only its size/mtime are refreshed. */
  touchFile(fileId: number, size: number, mtimeMs: number): void {
    this.localWrites++;
    this.prepared('UPDATE files SET size = ?, mtime_ms = ? WHERE id = ?').run(size, mtimeMs, fileId);
  }

  /** A file moved or was renamed (same content): its chunks and vectors are kept. */
  /**
   * A file moved or renamed: its row follows it, and its passages' headings take the new name
   * (they open with the file's name, which is searched), their text and vectors kept.
   */
  moveFile(fileId: number, to: { rootId: number; path: string; size: number; mtimeMs: number }): void {
    this.localWrites++;
    this.db.transaction(() => {
      const before = this.db.prepare('SELECT path FROM files WHERE id = ?').get(fileId) as { path: string } | undefined;
      this.db.prepare('UPDATE files SET root_id = ?, path = ?, size = ?, mtime_ms = ? WHERE id = ?').run(to.rootId, to.path, to.size, to.mtimeMs, fileId);
      const [oldName, newName] = [basename(before?.path ?? ''), basename(to.path)];
      if (!before || oldName === newName) return;
      this.db
        .prepare("UPDATE chunks SET heading = ? || substr(heading, ?) WHERE file_id = ? AND (heading = ? OR substr(heading, 1, ?) = ?)")
        .run(newName, oldName.length + 1, fileId, oldName, oldName.length + 3, `${oldName} — `);
    }).immediate();
  }

  deleteFile(fileId: number): void {
    this.localWrites++;
    this.prepared('DELETE FROM files WHERE id = ?').run(fileId);
  }

  // ---- vectors -----------------------------------------------------------------------------

  /**
   * Files whose passages searches found while they still lacked vectors, most recent first (kept
   * here, in memory, so that the app's searches and its vector pass, which share this store, meet).
   */
  private searchedFiles: number[] = [];

  /** Notes files a search found: the vector pass takes their passages next. */
  noteSearched(fileIds: readonly number[]): void {
    const fresh = [...new Set(fileIds)];
    this.searchedFiles = [...fresh, ...this.searchedFiles.filter((id) => !fresh.includes(id))].slice(0, 64);
  }

  /** The files searches found since the last call, most recent first. */
  takeSearched(): number[] {
    const out = this.searchedFiles;
    this.searchedFiles = [];
    return out;
  }

  /** Files with passages waiting for vectors, the most recently changed first (what a user is likely to look for first). */
  pendingFiles(): number[] {
    return (
      this.db.prepare('SELECT f.id FROM files f WHERE f.id IN (SELECT file_id FROM chunks WHERE vec_state = 0) ORDER BY f.mtime_ms DESC, f.id').all() as { id: number }[]
    ).map((r) => r.id);
  }

  /** A file's passages waiting for vectors, in order. */
  pendingChunksOf(fileId: number, limit: number): PendingChunk[] {
    return this.prepared(`SELECT id, text, heading, text_hash AS textHash FROM chunks WHERE file_id = ? AND vec_state = 0 ORDER BY ordinal LIMIT ?`).all(fileId, limit) as PendingChunk[];
  }

  pendingChunks(limit: number, afterId = 0): PendingChunk[] {
    return this.db
      .prepare(
        `SELECT id, text, heading, text_hash AS textHash FROM chunks
         WHERE vec_state = 0 AND id > ? ORDER BY id LIMIT ?`,
      )
      .all(afterId, limit) as PendingChunk[];
  }

  pendingChunkCount(): number {
    return (this.db.prepare('SELECT COUNT(*) AS n FROM chunks WHERE vec_state = 0').get() as { n: number }).n;
  }

  /** The stored vectors of these chunks, in their order; chunks not embedded yet are left out. */
  vectorsOf(chunkIds: readonly number[]): Float32Array[] {
    return [...this.vectorsById(chunkIds).values()];
  }

  /** The stored vector of each of these chunks that has one, by chunk id (in the ids' order). */
  vectorsById(chunkIds: readonly number[]): Map<number, Float32Array> {
    const out = new Map<number, Float32Array>();
    if (!chunkIds.length || !this.hasVectorTable()) return out;
    const get = this.prepared('SELECT embedding AS e FROM chunk_vec WHERE rowid = ?');
    for (const id of chunkIds) {
      const row = get.get(BigInt(id)) as { e: Buffer } | undefined;
      if (row) out.set(id, vectorOfBlob(row.e));
    }
    return out;
  }

  /**
   * A vector already made for the same text (a duplicate paragraph, a copied file) under a heading
   * the encoder reads alike (`readsAlike`: it reads a heading with the text), if any.
   */
  vectorForTextHash(textHash: string, readsAlike: (heading: string) => boolean): Float32Array | undefined {
    if (!this.hasVectorTable()) return undefined;
    const rows = this.prepared(
      `SELECT c.heading AS heading, v.embedding AS e FROM chunks c JOIN chunk_vec v ON v.rowid = c.id
       WHERE c.text_hash = ? AND c.vec_state = 1 LIMIT ${TWINS_LOOKED_AT}`,
    ).all(textHash) as { heading: string; e: Buffer }[];
    const row = rows.find((r) => readsAlike(r.heading));
    return row ? vectorOfBlob(row.e) : undefined;
  }

  /**
   * Stores vectors for chunks in one transaction. Chunks that vanished meanwhile (their file was
   * re-indexed) are passed over. A null vector marks a chunk the embedder could not embed.
   */
  storeVectors(items: ReadonlyArray<{ chunkId: number; vector: Float32Array | null }>): number {
    this.localWrites++;
    const exists = this.db.prepare('SELECT 1 FROM chunks WHERE id = ?');
    const mark = this.db.prepare('UPDATE chunks SET vec_state = ? WHERE id = ?');
    return this.db.transaction(() => {
      let stored = 0;
      for (const { chunkId, vector } of items) {
        if (!exists.get(chunkId)) continue;
        if (vector) {
          this.writeVector(chunkId, vector);
          stored++;
        } else {
          mark.run(2, chunkId);
        }
      }
      return stored;
    }).immediate();
  }

  /**
   * Up to `n` passages spread evenly over the index (by chunk id), each cut to `maxChars`: text as the
   * user's documents write it, for warming the Rewrite engine up (warmUpRewrite).
   */
  spreadPassages(n: number, maxChars: number): string[] {
    if (n <= 0) return [];
    const { last } = this.db.prepare('SELECT MAX(id) AS last FROM chunks').get() as { last: number | null };
    if (last === null) return [];
    // One look-up by key per passage: no scan of a large index when the back end opens.
    const at = this.db.prepare('SELECT id, substr(text, 1, ?) AS text FROM chunks WHERE id >= ? ORDER BY id LIMIT 1');
    const found = new Map<number, string>();
    for (let k = 1; k <= n; k++) {
      const row = at.get(maxChars, Math.ceil((last * k) / n)) as { id: number; text: string } | undefined;
      if (row) found.set(row.id, row.text);
    }
    return [...found.values()];
  }

  // ---- counts ------------------------------------------------------------------------------

  counts(): { files: Record<FileStatus, number>; chunks: number; vectors: number; pendingVectors: number } {
    const files: Record<FileStatus, number> = { indexed: 0, skipped: 0, failed: 0 };
    for (const r of this.db.prepare('SELECT status, COUNT(*) AS n FROM files GROUP BY status').all() as {
      status: FileStatus;
      n: number;
    }[]) {
      files[r.status] = r.n;
    }
    const byState = this.vectorStates();
    return { files, chunks: byState.total, vectors: byState.done, pendingVectors: byState.pending };
  }

  private vectorStatesCache: { version: string; value: { total: number; done: number; pending: number } } | undefined;

  /** Chunk counts by vector state, from the vec_state index, recounted only after a change. */
  vectorStates(): { total: number; done: number; pending: number } {
    const version = this.changeVersion();
    if (this.vectorStatesCache?.version === version) return { ...this.vectorStatesCache.value };
    const out = { total: 0, done: 0, pending: 0 };
    for (const r of this.db.prepare('SELECT vec_state AS s, COUNT(*) AS n FROM chunks INDEXED BY chunks_vec_state GROUP BY vec_state').all() as {
      s: number;
      n: number;
    }[]) {
      out.total += r.n;
      if (r.s === 1) out.done = r.n;
      if (r.s === 0) out.pending = r.n;
    }
    this.vectorStatesCache = { version, value: { ...out } };
    return out;
  }

  typeCounts(): Record<string, number> {
    const out: Record<string, number> = {};
    for (const r of this.db
      .prepare("SELECT type, COUNT(*) AS n FROM files WHERE status = 'indexed' GROUP BY type ORDER BY type")
      .all() as { type: string; n: number }[]) {
      out[r.type] = r.n;
    }
    return out;
  }

  problems(): Array<{ path: string; status: FileStatus; reason: string }> {
    return this.db
      .prepare("SELECT path, status, COALESCE(reason, '') AS reason FROM files WHERE status != 'indexed' ORDER BY path")
      .all() as Array<{ path: string; status: FileStatus; reason: string }>;
  }
}

/** Passages of the same text looked at for one read alike (vectorForTextHash). */
const TWINS_LOOKED_AT = 20;

/** A stored embedding as floats, copied out of the blob (whose buffer better-sqlite3 may reuse). */
function vectorOfBlob(blob: Buffer): Float32Array {
  return new Float32Array(blob.buffer.slice(blob.byteOffset, blob.byteOffset + blob.byteLength));
}
