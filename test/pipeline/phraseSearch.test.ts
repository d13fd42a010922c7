import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hybridSearch, weightedKeywordCandidates } from '../../src/pipeline/search/hybridSearch.js';
import { queryPhrases } from '../../src/pipeline/search/queryTerms.js';
import type { IndexStore } from '../../src/pipeline/store/indexStore.js';
import { textStore } from '../helpers/textStore.js';

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
  let cleanup: (() => void) | undefined;
  let paths = new Map<number, string>();
  beforeAll(() => {
    ({ store, names: paths, cleanup } = textStore([
      // Both words, more often, but never together.
      ['scattered.txt', 'The score of the match was close. Credit goes to the coach; the score was earned, and credit is due to the team for every score.'],
      ['together.txt', 'Your credit score is a number lenders use to judge a loan.'],
      ...Array.from({ length: 12 }, (_, i): [string, string] => [`other-${i}.txt`, `Notes on gardening, week ${i}: water the tomatoes and prune the roses.`]),
    ]));
  });
  afterAll(() => cleanup?.());

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
