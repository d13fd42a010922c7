// The intent cues of intentWords.json, in English and Dutch.
import { describe, expect, it } from 'vitest';
import { classifyIntent } from '../../../src/pipeline/rewrite/lexical/intent.js';
import WORDS from '../../../src/pipeline/rewrite/lexical/intentWords.json' with { type: 'json' };

describe('classifyIntent', () => {
  it('reads the intent of each table', () => {
    const cases: [string, string][] = [
      ['How many invoices are there?', 'count'],
      ['Hoeveel facturen heb ik?', 'count'],
      ["aren't there more?", 'count'],
      ['zijn er nog meer?', 'count'],
      ['What does the Q3 figure look like compared to Q2?', 'compare'],
      ['Hoeveel was het vergeleken met Q2?', 'compare'],
      ['What is the difference between json and jsonb?', 'compare'],
      ['which one is cheaper?', 'compare'],
      ['which heat pump is more efficient?', 'compare'],
      ['welke is het goedkoopst?', 'compare'],
      ['which is lighter, the XPS 13 or the ThinkPad X1?', 'compare'],
      ['welke heeft meer geheugen?', 'compare'],
      ['vat dit rapport kort samen', 'summarize'],
      ['give me an overview of the contract', 'summarize'],
      ['list my invoices', 'list'],
      ['toon alle offertes', 'list'],
      ['What is the budget?', 'factual'],
    ];
    for (const [question, intent] of cases) expect(classifyIntent(question), question).toBe(intent);
  });

  it('leaves a counting word that asks no number, a superlative that is none, and an identifier alone', () => {
    // "count" as a verb of weighing; "hoeveel" before a verb of paying asks a price, or before a comparative, an amount.
    for (const next of WORDS.notCountingBefore.count) expect(classifyIntent(`does overtime count ${next} it?`), next).not.toBe('count');
    expect(classifyIntent('hoeveel kost het?')).toBe('factual');
    expect(classifyIntent('hoeveel lager is de prijs?')).toBe('factual');
    // "the first", "the interest", "the test": no superlative.
    expect(classifyIntent('which was the first?')).toBe('list');
    expect(classifyIntent('which account has the interest?')).not.toBe('compare');
    expect(classifyIntent('which one is the test?')).toBe('list');
    expect(classifyIntent('welke is de eerste?')).toBe('list');
    expect(classifyIntent('What is page_count set to?')).toBe('factual');
  });

  it('reads "which" of one thing as a factual question, of several as a list', () => {
    // What "which" asks of is the noun that ends its phrase, before the verb: singular, one thing.
    expect(classifyIntent('Which TCP port does the database server use unless told otherwise?')).toBe('factual');
    expect(classifyIntent('Which algorithm does the fit command use?')).toBe('factual');
    expect(classifyIntent('Which lock does TRUNCATE take?')).toBe('factual');
    expect(classifyIntent('Which files mention the budget?')).toBe('list');
    expect(classifyIntent('Which interfaces does the server listen on?')).toBe('list');
    expect(classifyIntent('Which invoices are from 2024?')).toBe('list');
    // No noun before the verb: as before. Dutch has no tagger here: as before.
    expect(classifyIntent('which was the first?')).toBe('list');
    expect(classifyIntent('Welke poort gebruikt de server?')).toBe('list');
    // A comparison is read before the list cue.
    expect(classifyIntent('which heat pump is more efficient?')).toBe('compare');
  });
});
