import type Database from 'better-sqlite3';

/**
 * Ordered migrations. Each runs once, in its own transaction, and bumps `meta.schema_version`.
 * Never edit a shipped migration: add a new one.
 */
export const MIGRATIONS: ReadonlyArray<(db: Database.Database) => void> = [
  (db) => {
    db.exec(`
      CREATE TABLE meta (
        key   TEXT PRIMARY KEY,
        value TEXT NOT NULL
      );

      CREATE TABLE roots (
        id       INTEGER PRIMARY KEY,
        path     TEXT NOT NULL UNIQUE,
        added_at INTEGER NOT NULL
      );

      CREATE TABLE files (
        id           INTEGER PRIMARY KEY,
        root_id      INTEGER NOT NULL REFERENCES roots(id) ON DELETE CASCADE,
        path         TEXT NOT NULL UNIQUE,
        type         TEXT NOT NULL,
        size         INTEGER NOT NULL,
        mtime_ms     INTEGER NOT NULL,
        hash         TEXT,
        status       TEXT NOT NULL CHECK (status IN ('indexed', 'skipped', 'failed')),
        reason       TEXT,
        title        TEXT,
        pages        INTEGER,
        indexed_at   INTEGER NOT NULL
      );
      CREATE INDEX files_root ON files(root_id);
      CREATE INDEX files_hash ON files(hash);
      CREATE INDEX files_status ON files(status);

      CREATE TABLE chunks (
        id         INTEGER PRIMARY KEY,
        file_id    INTEGER NOT NULL REFERENCES files(id) ON DELETE CASCADE,
        ordinal    INTEGER NOT NULL,
        page       INTEGER,
        char_start INTEGER NOT NULL,
        char_end   INTEGER NOT NULL,
        heading    TEXT NOT NULL DEFAULT '',
        text       TEXT NOT NULL,
        text_hash  TEXT NOT NULL,
        -- 0: waiting for a vector, 1: has one, 2: the embedder could not embed it
        vec_state  INTEGER NOT NULL DEFAULT 0,
        UNIQUE (file_id, ordinal)
      );
      CREATE INDEX chunks_vec_state ON chunks(vec_state);
      CREATE INDEX chunks_text_hash ON chunks(text_hash);

      -- External-content FTS5 over chunks, kept in step by triggers so that a chunk and its
      -- FTS row can never disagree, whatever path changed the chunk.
      CREATE VIRTUAL TABLE chunks_fts USING fts5(
        heading, text,
        content = 'chunks', content_rowid = 'id',
        tokenize = 'porter unicode61 remove_diacritics 2'
      );
      CREATE TRIGGER chunks_ai AFTER INSERT ON chunks BEGIN
        INSERT INTO chunks_fts(rowid, heading, text) VALUES (new.id, new.heading, new.text);
      END;
      CREATE TRIGGER chunks_ad AFTER DELETE ON chunks BEGIN
        INSERT INTO chunks_fts(chunks_fts, rowid, heading, text) VALUES ('delete', old.id, old.heading, old.text);
      END;
      CREATE TRIGGER chunks_au AFTER UPDATE OF heading, text ON chunks BEGIN
        INSERT INTO chunks_fts(chunks_fts, rowid, heading, text) VALUES ('delete', old.id, old.heading, old.text);
        INSERT INTO chunks_fts(rowid, heading, text) VALUES (new.id, new.heading, new.text);
      END;
    `);
  },
  (db) => {
    // Compact copies of each vector for the large-index search path (see signBitIndex.ts):
    // sign bits for a fast Hamming pre-selection, int8 for re-ranking its candidates.
    db.exec(`
      CREATE TABLE chunk_vec_q (
        id   INTEGER PRIMARY KEY REFERENCES chunks(id) ON DELETE CASCADE,
        bits BLOB NOT NULL,
        i8   BLOB NOT NULL
      );
    `);
  },
  (db) => {
    // Per-term document counts of the FTS index (stemmed terms), for IDF in query rewriting.
    db.exec(`CREATE VIRTUAL TABLE chunks_vocab USING fts5vocab(chunks_fts, 'row');`);
  },
  (db) => {
    // Rewrites already made, by a hash of everything that decides them (see rewriteCache.ts).
    db.exec(`
      CREATE TABLE rewrite_cache (
        key        TEXT PRIMARY KEY,
        result     TEXT NOT NULL,
        created_at INTEGER NOT NULL
      );
      CREATE INDEX rewrite_cache_created ON rewrite_cache(created_at);
    `);
  },
  (db) => {
    // Conversations, so a follow-up works across CLI runs and app restarts (see sessions.ts).
    db.exec(`
      CREATE TABLE sessions (
        id         TEXT PRIMARY KEY,
        title      TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      );
      CREATE TABLE session_turns (
        session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
        ordinal    INTEGER NOT NULL,
        question   TEXT NOT NULL,
        rewrite    TEXT,
        answer     TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        PRIMARY KEY (session_id, ordinal)
      );
    `);
  },
  (db) => {
    // A kept answer's sources (JSON), so a conversation opened again shows its citations as chips.
    db.exec('ALTER TABLE session_turns ADD COLUMN citations TEXT');
  },
];

export const SCHEMA_VERSION = MIGRATIONS.length;
