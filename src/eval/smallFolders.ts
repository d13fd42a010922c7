/**
 * Small folders of real pages, as a user's folder is small: each question asked of a folder of
 * its own pages and `size` others of the same manuals, and of the others alone. The confidence
 * trainer learns from them (trainConfidence.ts); `npm run eval:small-folders` measures them.
 */
import { cpSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Indexer } from '../pipeline/index/indexer.js';
import { IndexStore } from '../pipeline/store/indexStore.js';
import type { AnswerableItem } from './docs/docsSet.js';

/** The other pages of a small folder. */
export const SMALL_FOLDER = 30;

/** A fixed pseudo-random choice (the same folders every run). */
export function sample<T>(from: readonly T[], n: number, seed: number, leave: (x: T) => boolean): T[] {
  let state = seed;
  const out: T[] = [];
  const wanted = Math.min(n, from.filter((x) => !leave(x)).length);
  while (out.length < wanted) {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    const x = from[Math.floor((state / 2 ** 31) * from.length)]!;
    if (!leave(x) && !out.includes(x)) out.push(x);
  }
  return out;
}

/** The HTML pages of these corpus folders ("postgresql", "git"), as corpus paths, sorted. */
export function htmlPages(corpusDir: string, folders: readonly string[]): string[] {
  return folders.flatMap((m) => readdirSync(join(corpusDir, m)).filter((f) => f.endsWith('.html')).map((f) => `${m}/${f}`)).sort();
}

/**
 * For each item, a folder of `size` of the pages (not its own) with its own pages and then without
 * them, each indexed (keywords) into its own index in `work` and handed to `use`; `work` is
 * emptied between folders and removed at the end.
 */
export async function eachSmallFolder(
  items: readonly AnswerableItem[],
  pages: readonly string[],
  corpusDir: string,
  work: string,
  use: (store: IndexStore, item: AnswerableItem, n: number, withAnswer: boolean) => Promise<void>,
  size = SMALL_FOLDER,
): Promise<void> {
  for (const [n, item] of items.entries()) {
    const relevant = item.relevant.map((r) => r.file);
    const others = sample(pages, size, n + 1, (f) => relevant.includes(f));
    for (const withAnswer of [true, false]) {
      rmSync(work, { recursive: true, force: true });
      const folder = join(work, 'folder');
      mkdirSync(folder, { recursive: true });
      for (const f of [...others, ...(withAnswer ? relevant : [])]) cpSync(join(corpusDir, f), join(folder, f.replace('/', '_')));
      const store = IndexStore.open(join(work, 'index.sqlite'));
      try {
        await new Indexer(store).indexRoot(folder);
        await use(store, item, n, withAnswer);
      } finally {
        store.close();
      }
    }
  }
  rmSync(work, { recursive: true, force: true });
}
