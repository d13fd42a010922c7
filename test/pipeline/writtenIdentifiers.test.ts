// An identifier the query names (hybridSearch.ts preferWrittenIdentifiers): passages that write it as written lead
// those that only have its words, on a real index.
import { basename } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hybridSearch, preferWrittenIdentifiers } from '../../src/pipeline/search/hybridSearch.js';
import { suiteFiles } from '../helpers/suiteFiles.js';

// The keyword index reads "lru_cache" as "lru" and "cache": the recipes page says those words more often.
const PAGES = {
  'recipes.md': 'Recipes\n\nAn ordered dict suits various kinds of LRU caches: an LRU cache evicts the least recently used entry, and LRU caches of every size are built so.\n',
  'functools.md': 'Functions\n\nThe functools.lru_cache decorator wraps a function with a memoizing callable that keeps recent calls.\n',
  'schema.md': 'Catalogs\n\nSELECT relname FROM pg_catalog.pg_class lists the tables; the cache of the catalog is per session.\n',
};

describe('an identifier the query names', () => {
  const corpus = suiteFiles(PAGES, 'docent-written-identifiers-');
  const files = async (query: string): Promise<string[]> => (await hybridSearch(corpus.store, query, { k: 3 })).hits.map((h) => basename(h.path));

  it('leads with the passages that write it, by its qualified name or its own', async () => {
    expect((await files('lru cache'))[0]).toBe('recipes.md');
    expect((await files('what does lru_cache do'))[0]).toBe('functools.md');
    expect((await files('what does functools.lru_cache do'))[0]).toBe('functools.md');
    expect((await files('which tables does pg_class list'))[0]).toBe('schema.md');
  });

  it('is a preference, not a filter: every candidate stays, and a query without an identifier is left as it was', () => {
    const ids = (corpus.store.db.prepare('SELECT c.id, f.path FROM chunks c JOIN files f ON f.id = c.file_id ORDER BY f.path').all() as { id: number; path: string }[]).map((r) => r.id);
    const keyword = ids.map((id, i) => ({ id, score: 10 - i }));
    const preferred = preferWrittenIdentifiers(corpus.store, keyword, 'what does lru_cache do');
    expect(new Set(preferred.map((r) => r.id))).toEqual(new Set(ids));
    expect(preferWrittenIdentifiers(corpus.store, keyword, 'lru cache')).toEqual(keyword);
    expect(preferWrittenIdentifiers(corpus.store, [], 'lru_cache')).toEqual([]);
  });
});
