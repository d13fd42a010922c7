// One index, many users of it (issue 44): real `docent` processes on one SQLite file.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Indexer } from '../../src/pipeline/index/indexer.js';
import { IndexStore } from '../../src/pipeline/store/indexStore.js';
import { lockPathOf, tryAcquire, type RunLock } from '../../src/pipeline/store/runLock.js';
import { explainStoreError } from '../../src/pipeline/store/storeErrors.js';
import { BIN, docent } from '../helpers/cli.js';
import { FIXTURES, tempDir } from '../helpers/tmp.js';

const t = tempDir('docent-shared-');
const docs = join(t.dir, 'docs');
const db = join(t.dir, 'index.sqlite');

/** Each file's passages as text, in order: two indexes of the same folder must agree on them. */
function passagesByFile(path: string): Record<string, string[]> {
  const s = IndexStore.open(path);
  try {
    const rows = s.db.prepare("SELECT f.path, c.text FROM chunks c JOIN files f ON f.id = c.file_id ORDER BY f.path, c.ordinal").all() as { path: string; text: string }[];
    const out: Record<string, string[]> = {};
    for (const r of rows) (out[r.path] ??= []).push(r.text);
    return out;
  } finally {
    s.close();
  }
}

beforeAll(async () => {
  cpSync(join(FIXTURES, 'docs'), docs, { recursive: true });
  // Enough files that indexing is still going when the other commands start, on any machine.
  mkdirSync(join(docs, 'many'));
  for (let i = 0; i < 400; i++) writeFileSync(join(docs, 'many', `note-${i}.md`), `# Note ${i}\n\nThe meeting number ${i} was about the boiler, the budget and the garden.\n`);
});
afterAll(() => t.cleanup());

describe('one index, many users of it', () => {
  it('a second indexing run waits for the first, says for whom, and both end well', async () => {
    // This test process holds the lock, as a running app would.
    const held = tryAcquire(db, 'indexing (the test)') as RunLock;
    expect('release' in held).toBe(true);
    const child = spawn(process.execPath, [BIN, 'index', docs, '--no-vectors', '--db', db], { env: { ...process.env, DOCENT_HOME: t.dir, NO_COLOR: '1' } });
    let stderr = '';
    let stdout = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    const waiting = new Promise<void>((resolve) =>
      child.stderr.on('data', (d: Buffer) => {
        stderr += d.toString();
        if (/Indexing is running in another Docent \(pid \d+/.test(stderr)) resolve();
      }),
    );
    await waiting;
    expect(stderr).toMatch(new RegExp(`pid ${process.pid}, since .*indexing \\(the test\\)\\); this run waits`));
    expect(existsSync(join(t.dir, 'index.sqlite'))).toBe(true);
    held.release();
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(code).toBe(0);
    expect(stdout).toMatch(/files \(\d+ added/);
    expect(existsSync(lockPathOf(db))).toBe(false);
  }, 180_000);

  it('ask and search while another process indexes, and two index runs at once: no failure, no stack trace, the index a clean run makes', async () => {
    writeFileSync(join(docs, 'many', 'new.md'), '# New\n\nA note added after the first run, about the greenhouse.\n');
    const run = docent(['index', docs, '--no-vectors', '--db', db], t.dir);
    const second = docent(['index', docs, '--no-vectors', '--db', db], t.dir);
    const asks = [];
    for (let i = 0; i < 3; i++) asks.push(docent(['ask', 'what is the budget?', '--no-llm', '--db', db], t.dir), docent(['search', 'boiler', '--db', db], t.dir));
    const results = await Promise.all([run, second, ...asks]);
    for (const r of results) {
      expect(r.status, r.stderr).toBe(0);
      expect(r.stderr).not.toMatch(/unexpected error|SqliteError|database is locked|\n\s+at /);
    }
    const clean = join(t.dir, 'clean.sqlite');
    expect((await docent(['index', docs, '--no-vectors', '--db', clean], t.dir)).status).toBe(0);
    expect(passagesByFile(db)).toEqual(passagesByFile(clean));
  }, 300_000);

  it('the app and the CLI on one index at once: both finish, no error, the index a clean run makes', async () => {
    const { Backend } = await import('../../src/server/backend.js');
    const path = join(t.dir, 'app-and-cli.sqlite');
    const backend = await Backend.open({ dbPath: path, settingsPath: join(t.dir, 'app-settings.json'), modelsDir: join(t.dir, 'models'), vectors: false, watch: false });
    try {
      const cli = docent(['index', docs, '--no-vectors', '--db', path], t.dir);
      const added = await backend.handle('index:addFolder', { path: docs });
      expect(added.ok).toBe(true);
      const [r] = await Promise.all([cli, backend.idle()]);
      expect(r.status, r.stderr).toBe(0);
      expect(r.stderr).not.toMatch(/unexpected error|SqliteError|database is locked/);
      const status = await backend.handle('index:status', {});
      expect(status.ok && (status.result as { folders: Array<{ state: string }> }).folders[0]!.state).toBe('idle');
    } finally {
      await backend.close();
    }
    expect(passagesByFile(path)).toEqual(passagesByFile(join(t.dir, 'clean.sqlite')));
  }, 300_000);

  it('forget while the folder is being indexed stops its indexing cleanly and leaves nothing of it', async () => {
    const other = join(t.dir, 'other');
    cpSync(docs, other, { recursive: true });
    const store = IndexStore.open(join(t.dir, 'forget.sqlite'));
    let forgot = false;
    let seen = 0;
    // The real extractor, with the real `docent forget` run by another process after a few files.
    const { sharedExtractorHost } = await import('../../src/pipeline/index/extractors/extractorHost.js');
    const extractor = {
      extract: async (buf: Buffer, type: Parameters<ReturnType<typeof sharedExtractorHost>['extract']>[1]) => {
        if (++seen === 20 && !forgot) {
          // The batch's transaction is committed before a file is read only now and then: let the other process in.
          if (store.db.inTransaction) store.db.exec('COMMIT');
          const r = await docent(['forget', other, '--db', join(t.dir, 'forget.sqlite')], t.dir);
          expect(r.status, r.stderr).toBe(0);
          forgot = true;
          store.db.exec('BEGIN IMMEDIATE');
        }
        return sharedExtractorHost().extract(buf, type);
      },
    };
    try {
      const summary = await new Indexer(store, { extractor }).indexRoot(other);
      expect(forgot).toBe(true);
      expect(summary.cancelled).toBe(true);
      expect(store.roots()).toEqual([]);
      expect((store.db.prepare('SELECT COUNT(*) AS n FROM files').get() as { n: number }).n).toBe(0);
      expect((store.db.prepare('SELECT COUNT(*) AS n FROM chunks').get() as { n: number }).n).toBe(0);
    } finally {
      store.close();
    }
  }, 180_000);

  it('a full disk stops the run with a message that says what to do, keeps the index whole, and the next run completes', async () => {
    const path = join(t.dir, 'full.sqlite');
    const store = IndexStore.open(path);
    try {
      // A real SQLITE_FULL: the database may not grow past its current size plus a little.
      const pages = (store.db.pragma('page_count', { simple: true }) as number) + 40;
      store.db.pragma(`max_page_count = ${pages}`);
      const err = await new Indexer(store).indexRoot(docs).then(() => undefined, (e: unknown) => e);
      expect((err as { code?: string }).code).toBe('SQLITE_FULL');
      const told = explainStoreError(err, path)!;
      expect(told.message).toMatch(/disk that holds the index is full/);
      expect(told.hint).toMatch(/nothing indexed so far is lost/);
      expect(store.db.pragma('integrity_check', { simple: true })).toBe('ok');
      store.db.pragma('max_page_count = 1073741823');
      const done = await new Indexer(store).indexRoot(docs);
      expect(done.failed).toBe(0);
    } finally {
      store.close();
    }
    expect(passagesByFile(path)).toEqual(passagesByFile(join(t.dir, 'clean.sqlite')));
  }, 180_000);

  it('a full disk in the vector pass stops it with the same message, loses no vector made, and the next run finishes', async () => {
    const { UseEmbedder } = await import('../../src/pipeline/models/useEmbedder.js');
    const path = join(t.dir, 'full-vectors.sqlite');
    const store = IndexStore.open(path);
    const embedder = await UseEmbedder.load();
    try {
      await new Indexer(store).indexRoot(join(FIXTURES, 'docs'));
      const total = store.pendingChunkCount();
      store.db.pragma(`max_page_count = ${(store.db.pragma('page_count', { simple: true }) as number) + 2}`);
      const err = await new Indexer(store).embedPending(embedder).then(() => undefined, (e: unknown) => e);
      // SQLITE_FULL, or sqlite-vec's SQLITE_ERROR "… database or disk is full" when its tables are first made.
      expect((err as Error).message).toMatch(/database or disk is full/);
      expect(explainStoreError(err, path)!.message).toMatch(/disk that holds the index is full/);
      expect(store.db.pragma('integrity_check', { simple: true })).toBe('ok');
      const withVectors = (store.db.prepare('SELECT COUNT(*) AS n FROM chunks WHERE vec_state = 1').get() as { n: number }).n;
      expect(withVectors).toBeLessThan(total);
      store.db.pragma('max_page_count = 1073741823');
      const rest = await new Indexer(store).embedPending(embedder);
      expect(rest.embedded + rest.reused).toBe(total - withVectors);
      expect(store.pendingChunkCount()).toBe(0);
    } finally {
      await embedder.close();
      store.close();
    }
  }, 300_000);

  it('a damaged index is reported at open with what to do, kept aside and rebuilt on request', async () => {
    const { openSync, writeSync, closeSync, readdirSync } = await import('node:fs');
    const path = join(t.dir, 'damaged.sqlite');
    const folder = join(t.dir, 'small');
    mkdirSync(folder);
    writeFileSync(join(folder, 'a.md'), '# A\n\nThe boiler is serviced in spring.\n');
    expect((await docent(['index', folder, '--no-vectors', '--db', path], t.dir)).status).toBe(0);
    const fd = openSync(path, 'r+');
    writeSync(fd, Buffer.alloc(4096, 0xff), 0, 4096, 100);
    closeSync(fd);
    const broken = await docent(['search', 'boiler', '--db', path], t.dir);
    expect(broken.status).toBe(1);
    expect(broken.stderr).toMatch(/is not a Docent index or is damaged/);
    expect(broken.stderr).toMatch(/docent index --rebuild/);
    expect(broken.stderr).not.toMatch(/\n\s+at /);
    const rebuilt = await docent(['index', folder, '--rebuild', '--no-vectors', '--db', path], t.dir);
    expect(rebuilt.status, rebuilt.stderr).toBe(0);
    expect(rebuilt.stderr).toMatch(/The index was damaged; it is kept at .*damaged-/);
    expect(readdirSync(t.dir).some((n) => n.startsWith('damaged.sqlite.damaged-'))).toBe(true);
    expect((await docent(['search', 'boiler', '--db', path], t.dir)).stdout).toMatch(/a\.md/);
  }, 180_000);
});
