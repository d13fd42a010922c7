import { join } from 'node:path';
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docent, docentJson, docentOnTerminal } from '../helpers/cli.js';
import { copyFixture, tempDir } from '../helpers/tmp.js';
import { writeTinyOnnxEncoder } from '../helpers/tinyOnnxEncoder.js';
import { stripVTControlCharacters } from 'node:util';

interface Status {
  files: { indexed: number; skipped: number; failed: number };
  chunks: number;
  types: Record<string, number>;
  problems: Array<{ path: string; status: string; reason: string }>;
}
interface Search {
  hits: Array<{ path: string; page: number | null; snippet: string; score: number }>;
}

let home: string;
let work: string;
let cleanup: () => void;
let docs: string;
let broken: string;

beforeAll(async () => {
  const t = tempDir();
  cleanup = t.cleanup;
  work = t.dir;
  home = join(t.dir, 'home');
  docs = copyFixture('docs', work);
  broken = copyFixture('broken', work);
  const r = await docent(['index', docs, broken], home);
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
});
afterAll(() => cleanup());

describe('docent CLI', () => {
  it('indexes into DOCENT_HOME and exits 0 although some files failed', async () => {
    expect(existsSync(join(home, 'index.sqlite'))).toBe(true);
  });

  it('shows progress on a terminal in the app\'s words: files read and passages, then passages with vectors', async () => {
    const again = copyFixture('docs', join(work, 'on-terminal'));
    const r = await docentOnTerminal(['index', again], join(work, 'home-terminal'));
    expect(r.status).toBe(0);
    // Each redraw of the bar is a line; the last of each pass has every file and every passage.
    const lines = r.stdout.split(/[\r\n]+/).map((l) => stripVTControlCharacters(l).trim());
    const status = await docentJson<Status>(['status'], join(work, 'home-terminal'));
    const files = status.files.indexed + status.files.skipped + status.files.failed;
    expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^docs \\[.*\\] ${files} of ${files} files read · ${status.chunks} passages$`)));
    expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^Vectors \\[.*\\] ${status.chunks} of ${status.chunks} passages have meaning vectors$`)));
  });

  it('status --json has the documented shape, counts, types and every problem with its reason', async () => {
    const s = await docentJson<Status>(['status'], home);
    expect(s.files).toEqual({ indexed: 11, skipped: 4, failed: 5 });
    expect(s.types).toEqual({ docx: 1, html: 1, markdown: 3, pdf: 4, text: 2 });
    expect(s.chunks).toBeGreaterThan(10);
    expect(s.problems).toHaveLength(9);
    for (const p of s.problems) {
      expect(['skipped', 'failed']).toContain(p.status);
      expect(p.reason.length).toBeGreaterThan(10);
    }
    expect(s.problems.find((p) => p.path.endsWith('encrypted.pdf'))?.reason).toMatch(/password/);
  });

  it('search --json returns cited hits with marked snippets', async () => {
    const r = await docentJson<Search>(['search', 'what is the budget for 2025', '--k', '3'], home);
    expect(r.hits.length).toBeGreaterThan(0);
    expect(r.hits[0]).toMatchObject({ path: join(docs, 'annual-report-2024.docx'), page: null });
    expect(r.hits[0]!.snippet).toMatch(/\*\*budget\*\*/);
    const manual = await docentJson<Search>(['search', 'error code E42', '--k', '1'], home);
    expect(manual.hits[0]).toMatchObject({ path: join(docs, 'heat-pump-manual.pdf'), page: 3 });
  });

  it('prints readable results without --json', async () => {
    const r = await docent(['search', 'houtmulch prijs', '--k', '2'], home);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^1\. .*houtmulch\.md/m);
    expect(r.stdout).toMatch(/\*\*prijs\*\*/);
  });

  it('re-running index reads nothing that did not change', async () => {
    const r = await docentJson<{ roots: Array<{ unchanged: number; added: number; updated: number }> }>(['index'], home);
    expect(r.roots.map((x) => x.added + x.updated)).toEqual([0, 0]);
    expect(r.roots.reduce((n, x) => n + x.unchanged, 0)).toBe(20);
  });

  it('forget removes a folder and all its rows', async () => {
    const other = tempDir();
    try {
      const db = join(other.dir, 'x.sqlite');
      await docent(['index', broken, '--db', db, '--no-vectors'], home);
      const r = await docent(['forget', broken, '--db', db], home);
      expect(r.status).toBe(0);
      expect(r.stdout).toMatch(/Forgot .*broken \(9 files/);
      expect((await docentJson<Status>(['status', '--db', db], home)).files).toEqual({ indexed: 0, skipped: 0, failed: 0 });
    } finally {
      other.cleanup();
    }
  });

  it('explains what went wrong and exits non-zero when it cannot run', async () => {
    const missing = await docent(['index', join(work, 'no-such-folder')], home);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toMatch(/cannot index .*no-such-folder: it disappeared|cannot index .*no-such-folder/);
    expect(missing.stderr).not.toMatch(/at .*\.js:\d+/); // no stack trace for a user error
    const notRoot = await docent(['forget', join(work, 'nowhere')], home);
    expect(notRoot.status).toBe(1);
    expect(notRoot.stderr).toMatch(/is not an indexed folder/);
    const badK = await docent(['search', 'x', '--k', 'many'], home);
    expect(badK.status).not.toBe(0);
    expect(badK.stderr).toMatch(/--k must be a positive whole number/);
    const empty = await docent(['search', '   '], home);
    expect(empty.stderr).toMatch(/search text is empty/);
  });

  it('refuses a --db that is not a Docent index, saying what to do', async () => {
    const r = await docent(['status', '--db', join(docs, 'houtmulch.md')], home);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/not a Docent index or is damaged/);
  });

  it('indexes with an ONNX encoder from models/, and refuses to mix it with another embedder', async () => {
    const other = tempDir();
    try {
      const models = join(other.dir, 'models');
      writeTinyOnnxEncoder(models, 'tiny-encoder', 16);
      const db = join(other.dir, 'onnx.sqlite');
      const run = (args: string[]) => docent([...args, '--db', db], home, { DOCENT_MODELS: models });
      const index = await run(['index', docs, '--embedder', 'onnx:tiny-encoder', '--json']);
      expect(index.stderr).toBe('');
      expect(JSON.parse(index.stdout).embedding).toMatchObject({ failed: 0 });
      const status = JSON.parse((await run(['status', '--json'])).stdout) as { vectors: { embedder: string; pending: number } };
      expect(status.vectors).toMatchObject({ embedder: 'onnx:tiny-encoder', pending: 0 });
      const search = await run(['search', 'invoice payment', '--json']);
      expect(JSON.parse(search.stdout).mode).toBe('hybrid');
      const mixed = await run(['index', docs, '--embedder', 'use']);
      expect(mixed.status).toBe(1);
      expect(mixed.stderr).toMatch(/holds vectors made by "onnx:tiny-encoder".*\n.*--reembed/);
    } finally {
      other.cleanup();
    }
  });
});
