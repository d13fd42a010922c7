import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { RewriteCache, rewriteCacheKey } from '../../../src/pipeline/store/rewriteCache.js';
import { DEFAULT_REWRITE_OPTIONS, type RewriteResult } from '../../../src/pipeline/rewrite/types.js';
import { IndexStore } from '../../../src/pipeline/store/indexStore.js';
import { tempDir } from '../../helpers/tmp.js';

let cleanup: () => void = () => undefined;
afterEach(() => cleanup());

const result: RewriteResult = {
  intent: 'factual', search_query: 'prijs houtmulch', resolved_query: 'Wat is de prijs van houtmulch?', keywords: ['houtmulch'],
  ambiguous: false, alternatives: [], confidence: 0.8, language: 'nl', rewritten: true, kinds: ['conversational'], used_turns: [0],
  engine: 'lexical', original_query: 'en de prijs?',
};
const parts = { query: 'en de prijs?', turns: ['User: Wat is houtmulch?'], engineId: 'lexical@1', options: DEFAULT_REWRITE_OPTIONS };

describe('rewrite cache', () => {
  it('keys on the normalised query, the history, the engine and the options', () => {
    const k = rewriteCacheKey(parts);
    expect(rewriteCacheKey({ ...parts, query: '  En   de PRIJS? ' })).toBe(k);
    expect(rewriteCacheKey({ ...parts, turns: ['User: Wat is schors?'] })).not.toBe(k);
    expect(rewriteCacheKey({ ...parts, engineId: 'llm:model' })).not.toBe(k);
    // The rest of the conversation counts too: the engine reads earlier messages beyond the selected turns.
    expect(rewriteCacheKey({ ...parts, conversation: ['user: Wie is Maria?'] })).not.toBe(rewriteCacheKey({ ...parts, conversation: ['user: Wie is Jan?'] }));
    expect(rewriteCacheKey({ ...parts, options: { ...DEFAULT_REWRITE_OPTIONS, max_relevant_turns: 2 } })).not.toBe(k);
  });

  it('keeps results in the index file across connections until the TTL runs out', () => {
    const t = tempDir();
    cleanup = t.cleanup;
    const path = join(t.dir, 'i.sqlite');
    const key = rewriteCacheKey(parts);
    const a = IndexStore.open(path);
    new RewriteCache(a, 1000).put(key, { result, dependence: 0.25 }, 10_000);
    a.close();
    const b = IndexStore.open(path);
    try {
      const cache = new RewriteCache(b, 1000);
      expect(cache.get(key, 10_500)).toEqual({ result, dependence: 0.25 });
      expect(cache.get(key, 11_001)).toBeUndefined();
      cache.put(key, { result }, 20_000);
      cache.put(rewriteCacheKey({ ...parts, query: 'other' }), { result }, 25_000);
      expect(cache.purgeExpired(25_500)).toBe(1);
      expect(cache.get(key, 25_500)).toBeUndefined();
      // A row written before the dependence was kept holds the result alone.
      b.db.prepare('INSERT INTO rewrite_cache(key, result, created_at) VALUES (?, ?, ?)').run('old', JSON.stringify(result), 25_000);
      expect(cache.get('old', 25_500)).toEqual({ result });
    } finally {
      b.close();
    }
  });
});
