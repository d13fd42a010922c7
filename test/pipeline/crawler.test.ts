import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { crawl } from '../../src/pipeline/index/crawler.js';
import { tempDir } from '../helpers/tmp.js';

let cleanup: () => void = () => undefined;
afterEach(() => cleanup());

function tree(files: Record<string, string>): string {
  const t = tempDir();
  cleanup = t.cleanup;
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(t.dir, path, '..'), { recursive: true });
    writeFileSync(join(t.dir, path), content);
  }
  return t.dir;
}

const listed = (root: string, extraIgnore?: string[]): string[] =>
  crawl(root, { maxFileBytes: 1e9, extraIgnore }).files.map((f) => relative(root, f.path)).sort();

describe('crawl', () => {
  it('passes over hidden files and folders, node_modules and Office lock files', () => {
    const root = tree({
      'a.md': 'a',
      '.hidden.md': 'h',
      '.git/config': 'x',
      '.obsidian/x.md': 'x',
      'node_modules/pkg/readme.md': 'x',
      'docs/~$report.docx': 'lock',
      'docs/report.md': 'r',
    });
    expect(listed(root)).toEqual(['a.md', 'docs/report.md']);
  });

  it('applies .gitignore and .docentignore to their own folder and below, as git does', () => {
    const root = tree({
      '.gitignore': 'build/\n*.log\n',
      'keep.md': 'k',
      'debug.log': 'x',
      'build/out.txt': 'x',
      'sub/.docentignore': 'private*\n!private-ok.md\n',
      'sub/private-notes.md': 'x',
      'sub/private-ok.md': 'ok',
      'sub/public.md': 'p',
      'other/private-notes.md': 'not ignored here',
    });
    expect(listed(root)).toEqual(['keep.md', 'other/private-notes.md', 'sub/private-ok.md', 'sub/public.md']);
  });

  it('applies extra patterns from settings', () => {
    const root = tree({ 'a.md': 'a', 'drafts/b.md': 'b', 'c.tmp': 'c' });
    expect(listed(root, ['drafts/', '*.tmp'])).toEqual(['a.md']);
  });

  it('does not follow symbolic links, so a link loop ends nothing and a file is listed once', () => {
    const root = tree({ 'dir/file.md': 'x' });
    symlinkSync(root, join(root, 'dir', 'loop'));
    symlinkSync(join(root, 'dir', 'file.md'), join(root, 'alias.md'));
    expect(listed(root)).toEqual(['dir/file.md']);
  });

  it('reports size and mtime for each file', () => {
    const root = tree({ 'a.txt': '12345' });
    const [f] = crawl(root, { maxFileBytes: 1e9 }).files;
    expect(f).toMatchObject({ size: 5 });
    expect(f!.mtimeMs).toBeGreaterThan(0);
  });
});
