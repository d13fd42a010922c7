import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import * as sqliteVec from 'sqlite-vec';
import { afterEach, describe, expect, it } from 'vitest';
import { docent, spawnDocent } from '../helpers/cli.js';
import { tempDir } from '../helpers/tmp.js';

let cleanup: () => void = () => undefined;
afterEach(() => cleanup());

const WORDS = 'river stone garden invoice budget sensor kettle window ladder orbit copper meadow harbor lantern violet'.split(' ');

function corpus(dir: string, files: number, paragraphs: number): void {
  mkdirSync(dir, { recursive: true });
  let seed = 1;
  const rnd = (): number => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  for (let f = 0; f < files; f++) {
    const paras = Array.from({ length: paragraphs }, (_, p) =>
      Array.from({ length: 40 }, () => WORDS[Math.floor(rnd() * WORDS.length)]).join(' ') + ` file${f} part${p}.`,
    );
    writeFileSync(join(dir, `note-${String(f).padStart(4, '0')}.md`), `# Note ${f}\n\n${paras.join('\n\n')}\n`);
  }
}

function open(path: string): Database.Database {
  const db = new Database(path, { readonly: true });
  sqliteVec.load(db);
  return db;
}

const n = (db: Database.Database, sql: string): number => (db.prepare(sql).get() as { n: number }).n;

function expectConsistent(dbPath: string): void {
  const db = open(dbPath);
  try {
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(n(db, 'SELECT COUNT(*) n FROM chunks c LEFT JOIN files f ON f.id = c.file_id WHERE f.id IS NULL')).toBe(0);
    expect(n(db, 'SELECT COUNT(*) n FROM (SELECT file_id, ordinal FROM chunks GROUP BY 1, 2 HAVING COUNT(*) > 1)')).toBe(0);
    expect(n(db, 'SELECT COUNT(*) n FROM chunks_fts')).toBe(n(db, 'SELECT COUNT(*) n FROM chunks'));
    expect(n(db, "SELECT COUNT(*) n FROM files WHERE status = 'indexed' AND id NOT IN (SELECT file_id FROM chunks)")).toBe(0);
    const hasVec = n(db, "SELECT COUNT(*) n FROM sqlite_master WHERE name = 'chunk_vec'") > 0;
    if (hasVec) {
      expect(n(db, 'SELECT COUNT(*) n FROM chunk_vec WHERE rowid NOT IN (SELECT id FROM chunks)')).toBe(0);
      expect(n(db, 'SELECT COUNT(*) n FROM chunk_vec')).toBe(n(db, 'SELECT COUNT(*) n FROM chunks WHERE vec_state = 1'));
    }
  } finally {
    db.close();
  }
}

/** Starts `docent index`, waits until `ready` says enough is written, then kills it with SIGKILL. */
async function killMidRun(args: string[], home: string, dbPath: string, ready: (db: Database.Database) => boolean): Promise<void> {
  const child = spawnDocent(args, home);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  // Generous: a busy machine (another test run beside this one) only makes it slower.
  const deadline = Date.now() + 480_000;
  let killed = false;
  while (Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 25));
    try {
      const db = open(dbPath);
      const ok = ready(db);
      db.close();
      if (ok) {
        child.kill('SIGKILL');
        killed = true;
        break;
      }
    } catch {
      // the database or its tables may not exist yet
    }
  }
  await exited;
  expect(killed).toBe(true);
}

describe('crash safety: killing docent index mid-run and running it again', () => {
  it('during the text pass: the index stays consistent and the re-run completes it', async () => {
    const t = tempDir();
    cleanup = t.cleanup;
    const folder = join(t.dir, 'notes');
    corpus(folder, 400, 3);
    const db = join(t.dir, 'index.sqlite');
    await killMidRun(['index', folder, '--db', db, '--no-vectors'], t.dir, db, (d) => n(d, 'SELECT COUNT(*) n FROM files') >= 40);
    const partial = open(db);
    const filesAfterKill = n(partial, 'SELECT COUNT(*) n FROM files');
    partial.close();
    expect(filesAfterKill).toBeGreaterThanOrEqual(40);
    expect(filesAfterKill).toBeLessThan(400);
    expectConsistent(db);

    const rerun = await docent(['index', folder, '--db', db, '--no-vectors', '--json'], t.dir);
    expect(rerun.status).toBe(0);
    expectConsistent(db);
    const done = open(db);
    expect(n(done, "SELECT COUNT(*) n FROM files WHERE status = 'indexed'")).toBe(400);
    expect(n(done, "SELECT COUNT(*) n FROM chunks_fts WHERE chunks_fts MATCH 'file399'")).toBeGreaterThan(0);
    expect(n(done, 'SELECT COUNT(*) n FROM (SELECT path FROM files GROUP BY path HAVING COUNT(*) > 1)')).toBe(0);
    done.close();
  }, 600_000);

  it('during the vector pass: no orphan vectors, and the re-run embeds only what is left', async () => {
    const t = tempDir();
    cleanup = t.cleanup;
    const folder = join(t.dir, 'notes');
    corpus(folder, 120, 2); // a few embedding batches, so the kill lands between two of them
    const db = join(t.dir, 'index.sqlite');
    await killMidRun(['index', folder, '--db', db], t.dir, db, (d) => n(d, 'SELECT COUNT(*) n FROM chunks WHERE vec_state = 1') >= 8);
    expectConsistent(db);
    const mid = open(db);
    const embeddedBefore = n(mid, 'SELECT COUNT(*) n FROM chunks WHERE vec_state = 1');
    const total = n(mid, 'SELECT COUNT(*) n FROM chunks');
    mid.close();
    expect(embeddedBefore).toBeLessThan(total);

    const rerun = await docent(['index', folder, '--db', db, '--json'], t.dir);
    expect(rerun.status).toBe(0);
    const summary = JSON.parse(rerun.stdout) as { embedding: { embedded: number; reused: number } };
    expect(summary.embedding.embedded + summary.embedding.reused).toBe(total - embeddedBefore);
    expectConsistent(db);
    const done = open(db);
    expect(n(done, 'SELECT COUNT(*) n FROM chunks WHERE vec_state != 1')).toBe(0);
    done.close();
  }, 600_000);
});
