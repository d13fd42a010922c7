import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEEDBACK_WEIGHT, feedbackTerms } from '../../src/pipeline/search/conversationFeedback.js';
import { hybridSearch, weightedKeywordCandidates } from '../../src/pipeline/search/hybridSearch.js';
import { rewrite } from '../../src/pipeline/rewrite/rewrite.js';
import { searchFeedback } from '../../src/pipeline/search/rewriteQuery.js';
import type { IndexStore } from '../../src/pipeline/store/indexStore.js';
import { textStore } from '../helpers/textStore.js';

describe('conversation feedback (real SQLite FTS5)', () => {
  let store: IndexStore;
  let cleanup: (() => void) | undefined;
  let paths = new Map<number, string>();
  const name = (id: number): string => paths.get(id)!;
  beforeAll(() => {
    ({ store, names: paths, cleanup } = textStore([
      // The follow-up's own words, most often, about something else.
      ['parking.txt', 'Dispute a parking error: dispute the error with the council, and dispute it again if the error stays.'],
      ['credit-1.txt', 'To dispute an error on a credit report, write to the bureau that holds the report.'],
      ['credit-2.txt', 'The bureau must look into a credit report dispute within 30 days.'],
      ['credit-3.txt', 'An error on your credit report can be disputed online; dispute each error separately.'],
      ...Array.from({ length: 12 }, (_, i): [string, string] => [`garden-${i}.txt`, `Notes on gardening, week ${i}: water the tomatoes and prune the roses.`]),
    ]));
  });
  afterAll(() => cleanup?.());

  it('weighs each conversation word by the share of the first-found passages that hold it, and drops one held by fewer than two', () => {
    const first = weightedKeywordCandidates(store, { own: ['dispute', 'error'] }, 5);
    expect(first.map(name)).toEqual(['parking.txt', 'credit-3.txt', 'credit-1.txt', 'credit-2.txt']);
    // credit and report: three of the five passages; bureau: two; mortgage: none; roses: a garden note, never found first.
    expect(feedbackTerms(store, first, ['credit', 'report', 'bureau', 'mortgage', 'roses'])).toEqual([
      { term: 'credit', weight: (FEEDBACK_WEIGHT * 3) / 5 },
      { term: 'report', weight: (FEEDBACK_WEIGHT * 3) / 5 },
      { term: 'bureau', weight: (FEEDBACK_WEIGHT * 2) / 5 },
    ]);
    expect(feedbackTerms(store, first.slice(0, 1), ['credit', 'parking'])).toEqual([]);
    expect(feedbackTerms(store, [], ['credit'])).toEqual([]);
  });

  it('finds what the conversation was about before what the follow-up\'s words alone match best', async () => {
    const alone = weightedKeywordCandidates(store, { own: ['dispute', 'error'] }, 4);
    const fed = weightedKeywordCandidates(store, { own: ['dispute', 'error'], feedback: ['credit', 'report', 'bureau', 'mortgage'] }, 4);
    expect(name(alone[0]!)).toBe('parking.txt');
    expect(fed.map(name)).toEqual(['credit-3.txt', 'credit-1.txt', 'parking.txt', 'credit-2.txt']);
    // Words already searched are not added twice: the same ranking as without them.
    expect(weightedKeywordCandidates(store, { own: ['dispute', 'error'], feedback: ['dispute', 'error'] }, 4)).toEqual(alone);
    const search = await hybridSearch(store, 'how do I dispute an error?', { k: 2, feedback: ['credit', 'report', 'bureau'] });
    expect(search.hits.map((h) => h.path)).toEqual(['/r/credit-3.txt', '/r/credit-1.txt']);
  });

  it('takes the conversation words a rewrite does not already search, and none for a question read without the conversation', async () => {
    const history = [
      { role: 'user' as const, text: 'What is on my credit report?' },
      { role: 'assistant' as const, text: 'Your credit report lists your loans and any late payments the bureau recorded.' },
    ];
    const run = await rewrite('how do I dispute an error?', history);
    const words = searchFeedback(run);
    // The rewrite itself added "credit report"; the rest of the conversation is left to the feedback.
    expect(run.result.keywords).toEqual(expect.arrayContaining(['credit', 'report']));
    expect(words).toEqual(['lists', 'loans', 'late', 'payments', 'bureau', 'recorded']);
    expect(searchFeedback(await rewrite('how do I dispute an error?', []))).toEqual([]);
    expect(searchFeedback(await rewrite('ok', history))).toEqual([]);
    // Each message is read up to message_char_limit characters.
    const long = [{ role: 'user' as const, text: 'Tell me about my pension.' }, { role: 'assistant' as const, text: `${'x '.repeat(300)}annuity` }];
    expect(searchFeedback(await rewrite('and the payout?', long))).not.toContain('annuity');
  });
});
