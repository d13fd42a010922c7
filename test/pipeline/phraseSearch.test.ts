import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hybridSearch, weightedKeywordCandidates } from '../../src/pipeline/search/hybridSearch.js';
import { queryPhrases } from '../../src/pipeline/search/queryTerms.js';
import { IndexStore } from '../../src/pipeline/store/indexStore.js';
import { tempDir } from '../helpers/tmp.js';

describe('queryPhrases', () => {
  it('pairs adjacent content words within a clause, not across stop words or punctuation', () => {
    expect(queryPhrases('How do I improve my credit score? Heat pump, estate plan')).toEqual(['credit score', 'heat pump', 'estate plan']);
    expect(queryPhrases("What's the FICO score's range?")).toEqual(['fico score', 'score range']);
    expect(queryPhrases('Wanneer vervalt de garantie warmtepomp?')).toEqual(['garantie warmtepomp']);
    expect(queryPhrases('price')).toEqual([]);
  });
});

describe('phrase search beside the words (real SQLite FTS5)', () => {
  let store: IndexStore;
  let cleanup: () => void;
  const paths = new Map<number, string>();
  beforeAll(() => {
    const t = tempDir();
    cleanup = t.cleanup;
    store = IndexStore.open(join(t.dir, 'index.sqlite'));
    const root = store.addRoot('/r');
    const files: [string, string][] = [
      // Both words, more often, but never together.
      ['scattered.txt', 'The score of the match was close. Credit goes to the coach; the score was earned, and credit is due to the team for every score.'],
      ['together.txt', 'Your credit score is a number lenders use to judge a loan.'],
      ...Array.from({ length: 12 }, (_, i): [string, string] => [`other-${i}.txt`, `Notes on gardening, week ${i}: water the tomatoes and prune the roses.`]),
    ];
    for (const [name, text] of files) {
      const rec = { rootId: root.id, path: `/r/${name}`, type: 'text', size: text.length, mtimeMs: 1, hash: name, status: 'indexed' as const, reason: null };
      const fileId = store.replaceFile(rec, [{ ordinal: 0, page: null, charStart: 0, charEnd: text.length, heading: name, text, textHash: name }]);
      const chunk = store.db.prepare('SELECT id FROM chunks WHERE file_id = ?').get(fileId) as { id: number };
      paths.set(chunk.id, name);
    }
  });
  afterAll(() => {
    store?.close();
    cleanup?.();
  });

  it('ranks the passage that has the words together first; without phrases, the one with more of them', async () => {
    const words = ['credit', 'score'];
    expect(paths.get(weightedKeywordCandidates(store, { own: words }, 2)[0]!)).toBe('scattered.txt');
    expect(paths.get(weightedKeywordCandidates(store, { own: words, phrases: ['credit score'] }, 2)[0]!)).toBe('together.txt');
    const search = await hybridSearch(store, 'what is a credit score?', { k: 2 });
    expect(search.hits.map((h) => h.path)).toEqual(['/r/together.txt', '/r/scattered.txt']);
    // A rewrite's phrases come from its resolved question: words appended from the conversation are not pairs.
    const appended = await hybridSearch(store, 'what is it? credit score', { k: 2, phrases: queryPhrases('what is it?') });
    expect(appended.hits[0]!.path).toBe('/r/scattered.txt');
  });
});
