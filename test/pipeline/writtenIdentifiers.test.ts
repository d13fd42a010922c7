// An identifier the query names (hybridSearch.ts preferWrittenIdentifiers): passages that write it as written lead
// those that only have its words, on a real index.
import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Indexer } from '../../src/pipeline/index/indexer.js';
import { hybridSearch, preferWrittenIdentifiers } from '../../src/pipeline/search/hybridSearch.js';
import { IndexStore } from '../../src/pipeline/store/indexStore.js';
import { tempDir } from '../helpers/tmp.js';

const t = tempDir('docent-written-identifiers-');
const root = join(t.dir, 'manual');
let store: IndexStore;

beforeAll(async () => {
  // The keyword index reads "lru_cache" as "lru" and "cache": the recipes page says those words more often.
  const pages: Record<string, string> = {
    'recipes.md': 'Recipes\n\nAn ordered dict suits various kinds of LRU caches: an LRU cache evicts the least recently used entry, and LRU caches of every size are built so.\n',
    'functools.md': 'Functions\n\nThe functools.lru_cache decorator wraps a function with a memoizing callable that keeps recent calls.\n',
    'schema.md': 'Catalogs\n\nSELECT relname FROM pg_catalog.pg_class lists the tables; the cache of the catalog is per session.\n',
  };
  mkdirSync(root, { recursive: true });
  for (const [file, text] of Object.entries(pages)) writeFileSync(join(root, file), text);
  store = IndexStore.open(join(t.dir, 'index.sqlite'));
  await new Indexer(store).indexRoot(root);
});
afterAll(() => {
  store.close();
  t.cleanup();
});

const files = async (query: string): Promise<string[]> => (await hybridSearch(store, query, { k: 3 })).hits.map((h) => basename(h.path));

describe('an identifier the query names', () => {
  it('leads with the passages that write it, by its qualified name or its own', async () => {
    expect((await files('lru cache'))[0]).toBe('recipes.md');
    expect((await files('what does lru_cache do'))[0]).toBe('functools.md');
    expect((await files('what does functools.lru_cache do'))[0]).toBe('functools.md');
    expect((await files('which tables does pg_class list'))[0]).toBe('schema.md');
  });

  it('is a preference, not a filter: every candidate stays, and a query without an identifier is left as it was', () => {
    const ids = (store.db.prepare('SELECT c.id, f.path FROM chunks c JOIN files f ON f.id = c.file_id ORDER BY f.path').all() as { id: number; path: string }[]).map((r) => r.id);
    const keyword = ids.map((id, i) => ({ id, score: 10 - i }));
    const preferred = preferWrittenIdentifiers(store, keyword, 'what does lru_cache do');
    expect(new Set(preferred.map((r) => r.id))).toEqual(new Set(ids));
    expect(preferWrittenIdentifiers(store, keyword, 'lru cache')).toEqual(keyword);
    expect(preferWrittenIdentifiers(store, [], 'lru_cache')).toEqual([]);
  });
});
