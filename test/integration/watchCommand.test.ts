import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { BIN } from '../helpers/cli.js';
import { tempDir } from '../helpers/tmp.js';

let cleanup: () => void = () => undefined;
afterEach(() => cleanup());

describe('docent watch', () => {
  it('indexes, picks up a new file while running, and stops cleanly on SIGINT', async () => {
    const t = tempDir();
    cleanup = t.cleanup;
    const folder = join(t.dir, 'notes');
    mkdirSync(folder);
    writeFileSync(join(folder, 'first.md'), '# First\n\nAbout lighthouses.\n');
    const db = join(t.dir, 'index.sqlite');
    const child = spawn(process.execPath, [BIN, 'watch', folder, '--db', db, '--no-vectors'], {
      env: { ...process.env, DOCENT_HOME: t.dir, NO_COLOR: '1' },
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const until = async (check: () => boolean): Promise<void> => {
      const end = Date.now() + 20_000;
      while (!check()) {
        if (Date.now() > end) throw new Error(`timed out; output so far:\n${out}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    };
    await until(() => out.includes('watching'));
    writeFileSync(join(folder, 'second.md'), '# Second\n\nAbout windmills.\n');
    await until(() => /added: .*second\.md/.test(out));
    const reader = new Database(db, { readonly: true });
    const hits = reader.prepare("SELECT COUNT(*) n FROM chunks_fts WHERE chunks_fts MATCH 'windmills'").get() as { n: number };
    reader.close();
    expect(hits.n).toBe(1);
    child.kill('SIGINT');
    expect(await exited).toBe(0);
  });
});
