import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hybridSearch, weightedKeywordCandidates } from '../../src/pipeline/search/hybridSearch.js';
import { queryPhrases, queryTerms, stopwordsOf } from '../../src/pipeline/search/queryTerms.js';
import type { IndexStore } from '../../src/pipeline/store/indexStore.js';
import { textStore } from '../helpers/textStore.js';

describe('queryPhrases', () => {
  it('pairs adjacent content words within a clause, not across stop words or punctuation', () => {
    expect(queryPhrases('How do I improve my credit score? Heat pump, estate plan')).toEqual(['credit score', 'heat pump', 'estate plan']);
    expect(queryPhrases("What's the FICO score's range?")).toEqual(['fico score', 'score range']);
    expect(queryPhrases('Wanneer vervalt de garantie warmtepomp?')).toEqual(['garantie warmtepomp']);
    expect(queryPhrases('price')).toEqual([]);
  });

  it('reads a dotted identifier as the pair of words the index makes of it, where a full stop ends a clause', () => {
    expect(queryPhrases('How do I tell read.table that the first line holds the names?')).toEqual(['tell read', 'read table', 'first line', 'line holds']);
    expect(queryPhrases('What does write.csv do? Quote rows.')).toEqual(['write csv', 'quote rows']);
    expect(queryPhrases('Plot it. Axis labels.')).toEqual(['axis labels']);
  });
});

describe('stop lists by the text\'s language', () => {
  it('keeps an English word that is a Dutch function word in an English question, and drops it in a Dutch one', () => {
    expect(queryTerms('How do I fix the garage door?')).toEqual(['fix', 'garage', 'door']);
    expect(queryPhrases('How do I fix the garage door?')).toEqual(['garage door']);
    expect(queryTerms('Why does the process die when I close the terminal?')).toEqual(['process', 'die', 'close', 'terminal']);
    expect(queryTerms('Hoe kom ik door de firewall?')).toEqual(['kom', 'firewall']);
    expect(queryTerms('Wie zijn die mensen van de overheid?')).toEqual(['mensen', 'overheid']);
  });

  it('reads a text whose language its words do not decide, or a language without a list, with every list', () => {
    // "garage door": no function word of either language; "die" is German's article too.
    expect(queryTerms('garage door')).toEqual(['garage']);
    expect(queryTerms('Was macht die Katze?')).toEqual(['macht', 'katze']);
    expect(stopwordsOf('de')).toBe(stopwordsOf(undefined));
  });

  it('reads every language with English\'s list as well, but for its own words, and English with its own alone', () => {
    const en = stopwordsOf('en');
    const nl = stopwordsOf('nl');
    // Dutch "as" is an axis (translateWords.json lists it): a Dutch question keeps it.
    for (const w of en) expect(nl.has(w)).toBe(w !== 'as');
    expect(queryTerms('Hoe zet ik het label van de x-as?')).toEqual(['zet', 'label', 'x', 'as']);
    expect(queryTerms('How do I save a plot as PNG?')).toEqual(['save', 'plot', 'png']);
    for (const w of ['door', 'van', 'die', 'de', 'het']) {
      expect(en.has(w)).toBe(false);
      expect(nl.has(w)).toBe(true);
    }
    expect(queryTerms('Wat is het verschil tussen een branch en een tag in git?')).toEqual(['verschil', 'branch', 'tag', 'git']);
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
      // An identifier's words, more often apart than the identifier itself.
      ['apart.txt', 'Read the notes first: the table below lists what you read.'],
      ['identifier.txt', 'Data frames are usually made by read.table from a file.'],
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

  it('ranks the passage that writes a dotted identifier first, over one with its words apart', async () => {
    const search = await hybridSearch(store, 'how do I use read.table?', { k: 2 });
    expect(search.hits.map((h) => h.path)).toEqual(['/r/identifier.txt', '/r/apart.txt']);
  });
});

describe('a weighted keyword search over many passages', () => {
  it('sums every part of a passage found by an added word, even where the question\'s own words are common', () => {
    // 1,200 passages say both of the question's own words, so a passage saying one of them ranks
    // below the first thousand of that part; of two passages that name the added word, the one
    // that also says an own word leads.
    const files: [string, string][] = [];
    for (let i = 0; i < 1200; i++) files.push([`chart-${i}.txt`, `number points chart ${i}`]);
    for (let i = 0; i < 1800; i++) files.push([`other-${i}.txt`, `other words here ${i}`]);
    files.push(['example.txt', 'linspace example call']);
    files.push(['default.txt', 'linspace number default']);
    const { store, names, cleanup } = textStore(files);
    try {
      const ids = weightedKeywordCandidates(store, { own: ['number', 'points'], extra: { terms: ['linspace'], weight: 0.5 } }, 10);
      const ranked = ids.map((id) => names.get(id));
      expect(ranked.slice(0, 2)).toEqual(['default.txt', 'example.txt']);
    } finally {
      cleanup();
    }
  });
});
