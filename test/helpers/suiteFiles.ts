import { afterAll, beforeAll } from 'vitest';
import type { IndexStore } from '../../src/pipeline/store/indexStore.js';
import { indexedFiles } from './fixtureIndex.js';

/**
 * A suite's own small corpus (name → text): indexed before the tests of the describe block it is
 * called in, removed after them; its store and folder read once indexed.
 */
export function suiteFiles(files: Readonly<Record<string, string>>, prefix?: string): { readonly store: IndexStore; readonly folder: string } {
  let corpus: Awaited<ReturnType<typeof indexedFiles>> | undefined;
  beforeAll(async () => {
    corpus = await indexedFiles(files, prefix);
  });
  afterAll(() => corpus?.cleanup());
  const indexed = (): Awaited<ReturnType<typeof indexedFiles>> => {
    if (!corpus) throw new Error('the suite\'s files are read once its beforeAll has run');
    return corpus;
  };
  return {
    get store() {
      return indexed().store;
    },
    get folder() {
      return indexed().folder;
    },
  };
}
