import { renameSync, rmSync, utimesSync, writeFileSync, readFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Indexer, type IndexEvent } from '../../src/pipeline/index/indexer.js';
import { IndexStore } from '../../src/pipeline/store/indexStore.js';
import { WrappingEmbedder, type EmbedOptions } from '../../src/pipeline/models/embedder.js';
import { UseEmbedder } from '../../src/pipeline/models/useEmbedder.js';
import { hybridSearch } from '../../src/pipeline/search/hybridSearch.js';
import { copyFixture, tempDir } from '../helpers/tmp.js';

let dir: string;
let cleanup: () => void;
let store: IndexStore;
let events: IndexEvent[];
let indexer: Indexer;

beforeEach(() => {
  ({ dir, cleanup } = tempDir());
  store = IndexStore.open(join(dir, 'index.sqlite'));
  events = [];
  indexer = new Indexer(store, {}, (e) => events.push(e));
});
afterEach(() => {
  store.close();
  cleanup();
});

const fileEvents = (): Array<{ path: string; outcome: string }> =>
  events.flatMap((e) => (e.kind === 'file' ? [{ path: e.path.split('/').pop()!, outcome: e.outcome }] : []));

/** Invariants that must hold after any run, however it ended. */
function expectConsistent(s: IndexStore): void {
  const one = (sql: string): number => (s.db.prepare(sql).get() as { n: number }).n;
  expect(one('SELECT COUNT(*) n FROM chunks c LEFT JOIN files f ON f.id = c.file_id WHERE f.id IS NULL')).toBe(0);
  expect(one("SELECT COUNT(*) n FROM chunks_fts")).toBe(one('SELECT COUNT(*) n FROM chunks'));
  expect(one("SELECT COUNT(*) n FROM files WHERE status != 'indexed' AND id IN (SELECT file_id FROM chunks)")).toBe(0);
  expect(s.db.pragma('integrity_check', { simple: true })).toBe('ok');
}

describe('Indexer', () => {
  it('gives every entry it passes over a line in status: a link, a FIFO', async () => {
    const { execFileSync } = await import('node:child_process');
    const { symlinkSync } = await import('node:fs');
    const docs = copyFixture('docs', dir);
    symlinkSync('/etc/hostname', join(docs, 'link-out.txt'));
    execFileSync('mkfifo', [join(docs, 'pipe.txt')]);
    // A name written in Latin-1, not UTF-8: "café.txt" as the bytes caf\xe9.txt.
    writeFileSync(Buffer.concat([Buffer.from(`${docs}/caf`), Buffer.from([0xe9]), Buffer.from('.txt')]), 'un café');
    const summary = await indexer.indexRoot(docs);
    const latin = store.db.prepare("SELECT status, reason FROM files WHERE path LIKE '%caf%.txt'").get() as { status: string; reason: string };
    expect(latin).toMatchObject({ status: 'skipped', reason: expect.stringMatching(/name is not valid UTF-8/) });
    expect(store.fileByPath(join(docs, 'link-out.txt'))).toMatchObject({ status: 'skipped', reason: expect.stringMatching(/symbolic link: Docent does not follow links/) });
    expect(store.fileByPath(join(docs, 'pipe.txt'))).toMatchObject({ status: 'skipped', reason: expect.stringMatching(/named pipe/) });
    expect(summary.skipped).toBeGreaterThanOrEqual(3);
    // Unchanged on the next run; gone when they are.
    rmSync(join(docs, 'pipe.txt'));
    const again = await indexer.indexRoot(docs);
    expect(again.removed).toBe(1);
    expect(store.fileByPath(join(docs, 'pipe.txt'))).toBeUndefined();
    expect(store.fileByPath(join(docs, 'link-out.txt'))!.status).toBe('skipped');
  });

  it('reads every file again after an extractor upgrade, keeping the vectors of unchanged passages', async () => {
    const docs = copyFixture('docs', dir);
    await indexer.indexRoot(docs);
    const embedder = await UseEmbedder.load();
    const vectorOf = (path: string): Map<string, string> =>
      new Map(
        (store.db.prepare('SELECT c.text_hash AS h, hex(v.embedding) AS e FROM chunks c JOIN files f ON f.id = c.file_id JOIN chunk_vec v ON v.rowid = c.id WHERE f.path = ?').all(path) as { h: string; e: string }[]).map((r) => [r.h, r.e]),
      );
    let seen = 0;
    try {
      expect((await indexer.embedPending(embedder)).embedded).toBeGreaterThan(0);
      expect(store.pendingChunkCount()).toBe(0);
      const note = join(docs, 'auth-notes.md');
      const before = vectorOf(note);
      const root = store.roots()[0]!;
      // As an index written by an older Docent.
      store.setMeta(`extractor_version:${root.id}`, '1');
      events = [];
      const again = await new Indexer(store, {}, (e) => events.push(e)).indexRoot(docs);
      expect(again.updated).toBe(again.seen - again.skipped - again.failed);
      expect(store.getMeta(`extractor_version:${root.id}`)).not.toBe('1');
      seen = again.seen;
      // Every passage read as before keeps its vector: nothing is left to embed, and the vectors are the same.
      expect(store.pendingChunkCount()).toBe(0);
      expect(vectorOf(note)).toEqual(before);
      // A paragraph added to a note: its passage is embedded, the note's other passages are not.
      writeFileSync(note, `${readFileSync(note, 'utf8')}\n\n## Added later\n\nThe session cookie is renewed when less than half of its lifetime is left.\n`);
      await new Indexer(store).indexRoot(docs);
      const pending = store.pendingChunkCount();
      expect(pending).toBeGreaterThan(0);
      expect(pending).toBeLessThan(vectorOf(note).size + pending);
      expect([...vectorOf(note).keys()].every((h) => before.has(h))).toBe(true);
      expect((await indexer.embedPending(embedder)).embedded).toBe(pending);
    } finally {
      await embedder.close();
    }
    expect(store.pendingChunkCount()).toBe(0);
    // Then nothing again.
    events = [];
    expect((await new Indexer(store, {}, (e) => events.push(e)).indexRoot(docs)).unchanged).toBe(seen);
    expectConsistent(store);
  });

  it('indexes a folder of real documents, recording every problem file with its reason', async () => {
    const docs = copyFixture('docs', dir);
    const broken = copyFixture('broken', dir);
    const a = await indexer.indexRoot(docs);
    const b = await indexer.indexRoot(broken);
    expect(a).toMatchObject({ seen: 11, added: 10, skipped: 1, failed: 0 });
    expect(b).toMatchObject({ seen: 9, added: 1, skipped: 3, failed: 5 });
    const problems = store.problems().map((p) => `${p.path.split('/').pop()} ${p.status}`);
    expect(problems).toEqual([
      'empty.txt skipped', 'encrypted.pdf failed', 'garbage.pdf failed', 'not-a-zip.docx failed', 'random-bytes.txt skipped',
      'scanned.pdf skipped', 'truncated.pdf failed', 'wrong-zip.docx failed', 'photo.png skipped',
    ]);
    const manual = store.fileByPath(join(docs, 'heat-pump-manual.pdf'))!;
    expect(manual).toMatchObject({ status: 'indexed', type: 'pdf', pages: 4, title: 'Aerotherm 5 Heat Pump Manual' });
    const pages = store.db.prepare('SELECT DISTINCT page FROM chunks WHERE file_id = ? ORDER BY page').all(manual.id);
    expect(pages).toEqual([{ page: 1 }, { page: 2 }, { page: 3 }, { page: 4 }]);
    expectConsistent(store);
  });

  it('re-reads nothing when nothing changed', async () => {
    const docs = copyFixture('docs', dir);
    await indexer.indexRoot(docs);
    events = [];
    const again = await indexer.indexRoot(docs);
    expect(again).toMatchObject({ unchanged: 11, added: 0, updated: 0, removed: 0 });
    expect(fileEvents()).toEqual([]);
  });

  it('re-indexes a changed file, keeps a touched-but-identical one, and drops a deleted one', async () => {
    const docs = copyFixture('docs', dir);
    await indexer.indexRoot(docs);
    writeFileSync(join(docs, 'auth-notes.md'), '# Auth\n\nSessions now last 8 hours.\n');
    const future = new Date(Date.now() + 60_000);
    utimesSync(join(docs, 'houtmulch.md'), future, future);
    rmSync(join(docs, 'recipes.html'));
    events = [];
    const s = await indexer.indexRoot(docs);
    expect(s).toMatchObject({ updated: 1, removed: 1, unchanged: 9 });
    expect(fileEvents()).toEqual(
      expect.arrayContaining([
        { path: 'auth-notes.md', outcome: 'updated' },
        { path: 'houtmulch.md', outcome: 'unchanged' },
        { path: 'recipes.html', outcome: 'removed' },
      ]),
    );
    const texts = store.db.prepare('SELECT text FROM chunks c JOIN files f ON f.id = c.file_id WHERE f.path LIKE ?').all('%auth-notes.md') as { text: string }[];
    expect(texts.map((t) => t.text).join(' ')).toContain('8 hours');
    expect(store.fileByPath(join(docs, 'recipes.html'))).toBeUndefined();
    expectConsistent(store);
  });

  it('treats a moved file as a move: same file row and chunks, new path, nothing re-read', async () => {
    const docs = copyFixture('docs', dir);
    await indexer.indexRoot(docs);
    const before = store.fileByPath(join(docs, 'heat-pump-manual.pdf'))!;
    const chunkIds = store.db.prepare('SELECT id FROM chunks WHERE file_id = ? ORDER BY id').all(before.id);
    mkdirSync(join(docs, 'archive'));
    renameSync(join(docs, 'heat-pump-manual.pdf'), join(docs, 'archive', 'manual-old.pdf'));
    events = [];
    const s = await indexer.indexRoot(docs);
    expect(s).toMatchObject({ moved: 1, removed: 0, added: 0 });
    const after = store.fileByPath(join(docs, 'archive', 'manual-old.pdf'))!;
    expect(after.id).toBe(before.id);
    expect(store.db.prepare('SELECT id FROM chunks WHERE file_id = ? ORDER BY id').all(after.id)).toEqual(chunkIds);
    // The passages' headings (searched) carry the new name, not the old one.
    const headings = (store.db.prepare('SELECT heading FROM chunks WHERE file_id = ?').all(after.id) as { heading: string }[]).map((r) => r.heading);
    expect(headings.every((h) => h.startsWith('manual-old.pdf'))).toBe(true);
    const byName = store.db.prepare("SELECT COUNT(*) AS n FROM chunks_fts WHERE chunks_fts MATCH 'heading: old' AND rowid IN (SELECT id FROM chunks WHERE file_id = ?)").get(after.id) as { n: number };
    expect(byName.n).toBe(headings.length);
    expectConsistent(store);
  });

  it('keeps what is indexed when a good file turns bad, and says why', async () => {
    const docs = copyFixture('docs', dir);
    await indexer.indexRoot(docs);
    const total = store.counts().chunks;
    writeFileSync(join(docs, 'annual-report-2024.docx'), 'no longer a zip');
    const s = await indexer.indexRoot(docs);
    expect(s.failed).toBe(1);
    expect(store.fileByPath(join(docs, 'annual-report-2024.docx'))).toMatchObject({ status: 'failed', reason: expect.stringMatching(/not a valid Word document/) });
    const docxChunks = 1;
    expect(store.counts().chunks).toBe(total - docxChunks);
    expect(store.counts().files.indexed).toBe(9);
    expectConsistent(store);
  });

  it('skips files over the size limit with a reason that says how to raise it', async () => {
    const docs = copyFixture('docs', dir);
    const small = new Indexer(store, { maxFileBytes: 2000 });
    await small.indexRoot(docs);
    expect(store.fileByPath(join(docs, 'heat-pump-manual.pdf'))).toMatchObject({
      status: 'skipped',
      reason: expect.stringMatching(/larger than the size limit .*--max-size/),
    });
    expect(store.fileByPath(join(docs, 'houtmulch.md'))!.status).toBe('indexed');
  });

  it('a watched file swapped for a link loses its text and gets a status line', async () => {
    const { symlinkSync } = await import('node:fs');
    const docs = copyFixture('docs', dir);
    await indexer.indexRoot(docs);
    const path = join(docs, 'houtmulch.md');
    rmSync(path);
    symlinkSync('/etc/hostname', path);
    expect(await indexer.syncPaths([path])).toEqual(['skipped']);
    const row = store.fileByPath(path)!;
    expect(row).toMatchObject({ status: 'skipped', reason: expect.stringMatching(/symbolic link/) });
    expect((store.db.prepare('SELECT COUNT(*) AS n FROM chunks WHERE file_id = ?').get(row.id) as { n: number }).n).toBe(0);
    expectConsistent(store);
  });

  it('re-checks single paths for the watcher: new, changed, deleted, and whole folders removed', async () => {
    const docs = copyFixture('docs', dir);
    await indexer.indexRoot(docs);
    writeFileSync(join(docs, 'new-note.md'), '# New\n\nA brand new note about compost.\n');
    rmSync(join(docs, 'houtmulch.md'));
    expect(await indexer.syncPaths([join(docs, 'new-note.md'), join(docs, 'houtmulch.md'), '/elsewhere/x.md'])).toEqual(['added', 'removed']);
    rmSync(join(docs, 'invoices'), { recursive: true });
    expect(await indexer.syncPaths([join(docs, 'invoices') + '/'])).toEqual(['removed', 'removed', 'removed']);
    expectConsistent(store);
  });

  it('drops a file that vanishes before it is read: gone, not failed', async () => {
    const docs = copyFixture('docs', dir);
    const path = join(docs, 'houtmulch.md');
    const content = readFileSync(path);
    // Vanish between the folder scan and the read: the scan event fires before any file is read.
    const racing = new Indexer(store, {}, (e) => {
      if (e.kind === 'scan-done') rmSync(path);
    });
    const summary = await racing.indexRoot(docs);
    expect(store.fileByPath(path)).toBeUndefined();
    expect(summary.failed).toBe(0);
    writeFileSync(path, content);
    await indexer.indexRoot(docs);
    expect(store.fileByPath(path)!.status).toBe('indexed');
  });

  it('refuses a folder that does not exist or is a file, with a clear message', async () => {
    await expect(indexer.indexRoot(join(dir, 'nope'))).rejects.toThrow(/cannot index .*nope/);
    writeFileSync(join(dir, 'f.txt'), 'x');
    await expect(indexer.indexRoot(join(dir, 'f.txt'))).rejects.toThrow(/it is a file, not a folder/);
  });

  it('marks a file that changes while being read as failed, and reads it again next time', async () => {
    const docs = copyFixture('docs', dir);
    const path = join(docs, 'auth-notes.md');
    // The change lands after the scan recorded size and date, before the read: a torn read.
    const racing = new Indexer(store, {}, (e) => {
      if (e.kind === 'scan-done') writeFileSync(path, '# Auth\n\nRewritten while Docent was busy.\n');
    });
    await racing.indexRoot(docs);
    expect(store.fileByPath(path)).toMatchObject({ status: 'failed', reason: expect.stringMatching(/changed while Docent was reading it/) });
    await indexer.indexRoot(docs);
    expect(store.fileByPath(path)!.status).toBe('indexed');
    expectConsistent(store);
  });
});

describe('reusing vectors', () => {
  it('reuses a vector only where the encoder reads the same: the same passage in a copied file, not the same text under another title', async () => {
    const docs = join(dir, 'docs');
    mkdirSync(docs);
    // Web pages: the encoder reads a page's title with each passage, which the passage's text does not hold.
    const page = (title: string): string =>
      `<html><head><title>${title}</title></head><body><p>The backup runs every night at two and keeps fourteen copies on the second disk of the server.</p></body></html>`;
    writeFileSync(join(docs, 'backup.html'), page('Backups'));
    writeFileSync(join(docs, 'backup copy.html'), page('Backups'));
    writeFileSync(join(docs, 'mirror.html'), page('Mirrors'));
    await indexer.indexRoot(docs);
    const embedder = await UseEmbedder.load();
    try {
      const summary = await indexer.embedPending(embedder);
      expect(summary).toMatchObject({ embedded: 2, reused: 1, failed: 0 });
      // Later, the same text under a third title is embedded too; a third copy of backup.md is not.
      writeFileSync(join(docs, 'restore.html'), page('Restores'));
      writeFileSync(join(docs, 'backup again.html'), page('Backups'));
      await indexer.indexRoot(docs);
      expect(await indexer.embedPending(embedder)).toMatchObject({ embedded: 1, reused: 1, failed: 0 });
    } finally {
      await embedder.close();
    }
    const vectorOf = (name: string): string =>
      (store.db.prepare("SELECT hex(v.embedding) AS e FROM chunks c JOIN files f ON f.id = c.file_id JOIN chunk_vec v ON v.rowid = c.id WHERE f.path LIKE '%/' || ?").get(name) as { e: string }).e;
    const texts = store.db.prepare('SELECT DISTINCT text_hash FROM chunks').all();
    expect(texts).toHaveLength(1);
    expect(vectorOf('backup copy.html')).toBe(vectorOf('backup.html'));
    expect(vectorOf('backup again.html')).toBe(vectorOf('backup.html'));
    expect(vectorOf('mirror.html')).not.toBe(vectorOf('backup.html'));
    expect(vectorOf('restore.html')).not.toBe(vectorOf('mirror.html'));
  }, 120_000);
});

describe('the order of the vector pass', () => {
  /** The real encoder, with the texts it is given written down in order. */
  class Recording extends WrappingEmbedder {
    readonly texts: string[] = [];
    embed(texts: readonly string[], options?: EmbedOptions): Promise<Float32Array[]> {
      this.texts.push(...texts);
      return this.inner.embed(texts, options);
    }
  }

  it('makes vectors for the files searches found first, then for the most recently changed files, and every passage once', async () => {
    const docs = join(dir, 'docs');
    mkdirSync(docs);
    const day = 86_400;
    // Each file a few passages, each passage naming its file; the oldest written first.
    const names = ['oldest', 'older', 'newer', 'newest', 'searched'];
    names.forEach((name, i) => {
      const path = join(docs, `${name}.md`);
      writeFileSync(path, Array.from({ length: 3 }, (_, p) => `# ${name} part ${p}\n\n${`The ${name} file says thing ${p} about ${name}. `.repeat(60)}`).join('\n\n'));
      const t = 1_700_000_000 + i * day;
      utimesSync(path, t, name === 'searched' ? 1_600_000_000 : t);
    });
    await indexer.indexRoot(docs);
    // The user searched and found the oldest file of all while its passages had no vectors yet.
    const hits = await hybridSearch(store, 'searched');
    expect(new Set(hits.hits.map((h) => h.path)).size).toBe(1);
    expect(hits.hits[0]!.path).toMatch(/searched\.md$/);
    const recording = new Recording(await UseEmbedder.load());
    try {
      const summary = await indexer.embedPending(recording);
      expect(summary.failed).toBe(0);
    } finally {
      await recording.close();
    }
    const fileOf = (text: string): string => /The (\w+) file/.exec(text)![1]!;
    const order = [...new Set(recording.texts.map(fileOf))];
    expect(order).toEqual(['searched', 'newest', 'newer', 'older', 'oldest']);
    const n = (store.db.prepare('SELECT COUNT(*) AS n FROM chunks').get() as { n: number }).n;
    expect(recording.texts).toHaveLength(n);
    expect(store.pendingChunkCount()).toBe(0);
    const progress = events.filter((e) => e.kind === 'embed-progress');
    expect(progress.at(-1)).toEqual({ kind: 'embed-progress', done: n, total: n });
  }, 120_000);
});
