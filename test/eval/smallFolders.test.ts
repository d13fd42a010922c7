// The small folders that Confidence is trained on and measured with (src/eval/smallFolders.ts), over real HTML files and real indexes.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { eachSmallFolder, htmlPages, sample } from '../../src/eval/smallFolders.js';
import type { AnswerableItem } from '../../src/eval/docs/docsSet.js';
import { tempDir } from '../helpers/tmp.js';

const t = tempDir('docent-small-folders-');
afterAll(() => t.cleanup());

describe('small folders', () => {
  it('samples the same pages every run, never a left-out one, and stops when fewer are left than asked for', () => {
    const pages = ['a', 'b', 'c', 'd', 'e', 'f'];
    const first = sample(pages, 3, 7, (p) => p === 'a');
    expect(first).toHaveLength(3);
    expect(first).not.toContain('a');
    expect(new Set(first).size).toBe(3);
    expect(sample(pages, 3, 7, (p) => p === 'a')).toEqual(first);
    expect(sample(pages, 3, 8, (p) => p === 'a')).not.toEqual(first);
    expect(sample(pages, 10, 1, (p) => p === 'a').sort()).toEqual(['b', 'c', 'd', 'e', 'f']);
  });

  it('indexes each question\'s folder with its own page and without it, the same other pages both times', async () => {
    const corpus = join(t.dir, 'corpus');
    mkdirSync(join(corpus, 'manual'), { recursive: true });
    for (const name of ['ports', 'vacuum', 'locks', 'backup', 'roles'])
      writeFileSync(join(corpus, 'manual', `${name}.html`), `<html><head><title>${name}</title></head><body><h1>${name}</h1><p>The ${name} chapter of the manual explains ${name} in detail.</p></body></html>`);
    writeFileSync(join(corpus, 'manual', 'notes.txt'), 'not a page');
    const pages = htmlPages(corpus, ['manual']);
    expect(pages).toEqual(['manual/backup.html', 'manual/locks.html', 'manual/ports.html', 'manual/roles.html', 'manual/vacuum.html']);
    const item = { id: 'q', question: 'Which port?', relevant: [{ file: 'manual/ports.html' }], facts: ['5432'] } as AnswerableItem;
    const work = join(t.dir, 'work');
    const seen: { withAnswer: boolean; files: string[] }[] = [];
    await eachSmallFolder(
      [item],
      pages,
      corpus,
      work,
      async (store, got, n, withAnswer) => {
        expect(got).toBe(item);
        expect(n).toBe(0);
        const files = (store.db.prepare('SELECT path FROM files').all() as { path: string }[]).map((r) => basename(r.path)).sort();
        seen.push({ withAnswer, files });
        await Promise.resolve();
      },
      2,
    );
    expect(seen.map((s) => s.withAnswer)).toEqual([true, false]);
    const [withPage, withoutPage] = seen;
    expect(withPage!.files).toContain('manual_ports.html');
    expect(withPage!.files).toHaveLength(3);
    expect(withoutPage!.files).toHaveLength(2);
    expect(withoutPage!.files).not.toContain('manual_ports.html');
    expect(withPage!.files.filter((f) => f !== 'manual_ports.html')).toEqual(withoutPage!.files);
    expect(existsSync(work)).toBe(false);
  });
});
