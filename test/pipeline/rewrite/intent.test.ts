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
      ['What is the number of rows?', 'count'],
      // A thing's own number asks which one, not how many.
      ['What is the registration number of the car?', 'factual'],
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
    expect(classifyIntent('which account has the interest?')).toBe('list');
    expect(classifyIntent('which one is the test?')).toBe('list');
    expect(classifyIntent('welke is de eerste?')).toBe('list');
    expect(classifyIntent('What is page_count set to?')).toBe('factual');
  });
});
