import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docent, docentJson } from '../helpers/cli.js';
import { copyFixture, REPO, tempDir } from '../helpers/tmp.js';

const TINY_MODEL = join(REPO, '..', 'shared', 'models', 'stories260K.gguf');

interface Ask {
  answer: string;
  confidence: number;
  citations: Array<{ path: string; page: number | null; quote: string }>;
  rewrite: { resolved_query: string; language: string };
  plan: { tool: string };
  stages: Array<{ stage: string; ms: number }>;
  session: string;
}

let home: string;
let cleanup: () => void;
beforeAll(async () => {
  const t = tempDir();
  cleanup = t.cleanup;
  home = join(t.dir, 'home');
  expect((await docent(['index', copyFixture('docs', t.dir), '--no-vectors'], home)).status).toBe(0);
});
afterAll(() => cleanup());

describe('docent ask', () => {
  it('answers with a cited page, and a follow-up in the same session across runs', async () => {
    const first = await docentJson<Ask>(['ask', 'How long is the warranty period of the heat pump?'], home);
    expect(first.citations[0]).toMatchObject({ page: 3 });
    expect(first.citations[0]!.path).toMatch(/heat-pump-manual\.pdf$/);
    expect(first.stages.map((s) => s.stage)).toEqual(['rewrite', 'plan', 'search', 'map', 'filter', 'reduce', 'confidence']);
    const a = await docentJson<Ask>(['ask', 'Wat is houtmulch?'], home);
    const b = await docentJson<Ask>(['ask', 'en de prijs?', '--session', a.session], home);
    expect(b.session).toBe(a.session);
    expect(b.rewrite).toMatchObject({ resolved_query: 'Wat is de prijs van houtmulch?', language: 'nl' });
    expect(b.answer).toMatch(/45 euro/);
  });

  it('explains each stage in readable form, and lists and deletes sessions', async () => {
    const r = await docent(['ask', 'how many PDFs?', '--explain', '--session', 'pdf-count'], home);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^Rewrite +'how many PDFs\?' -> 'how many PDFs\?'/m);
    expect(r.stdout).toMatch(/^Filesystem +4 files/m);
    expect(r.stdout).toMatch(/There are 4 PDF files:/);
    expect((await docent(['sessions'], home)).stdout).toMatch(/pdf-count .* 1 turn {2}how many PDFs\?/);
    expect((await docent(['sessions', '--delete', 'pdf-count'], home)).status).toBe(0);
    expect((await docent(['sessions'], home)).stdout).not.toMatch(/pdf-count/);
    const bad = await docent(['sessions', '--delete', 'pdf-count'], home);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/no session "pdf-count"/);
  });

  it('answers with the installed GGUF model, and explains what each stage found', async () => {
    mkdirSync(join(home, 'models'), { recursive: true });
    copyFileSync(TINY_MODEL, join(home, 'models', 'stories260K.gguf'));
    try {
      const r = await docent(['ask', 'what is the budget?', '--explain', '--llm-always'], home);
      expect(r.status).toBe(0);
      expect(r.stderr).toMatch(/answering with stories260K\.gguf/);
      expect(r.stdout).toMatch(/^Search +\d+ passages/m);
      expect(r.stdout).toMatch(/^ {12}\[annual-report-2024\.docx\] [\d.]+ \(keywords 1, meaning -\)$/m);
      // The tiny model's words are meaningless: its quotes do not check out, and the extractive engine answers.
      expect(r.stdout).toMatch(/^Map +\d+ facts \(model: 0 of \d+ passages.*extractive for the rest/m);
      expect(r.stdout).toMatch(/48,500/);
      const plain = await docent(['ask', 'what is the budget?', '--no-llm', '--explain'], home);
      expect(plain.stderr).not.toMatch(/answering with/);
      expect(plain.stdout).toMatch(/^Map +\d+ facts {2}\(/m);
    } finally {
      rmSync(join(home, 'models'), { recursive: true, force: true });
    }
  });

  it('refuses an empty question and an index that does not exist', async () => {
    expect((await docent(['ask', '  '], home)).stderr).toMatch(/the question is empty/);
    expect((await docent(['ask', 'hi', '--db', join(home, 'none.sqlite')], home)).stderr).toMatch(/nothing is indexed yet/);
  });
});
