import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asksForOne, resolveIndefiniteOne, resolveModifiedOne, resolveOnes } from '../../../src/pipeline/rewrite/lexical/indefiniteOne.js';
import { UseEmbedder } from '../../../src/pipeline/models/useEmbedder.js';
import { rewrite } from '../../../src/pipeline/rewrite/rewrite.js';
import type { HistoryMessage } from '../../../src/pipeline/rewrite/types.js';

const u = (text: string): HistoryMessage => ({ role: 'user', text });
const a = (text: string): HistoryMessage => ({ role: 'assistant', text });
const DEDUCTIONS = "As a freelancer you can deduct the self-employed deduction, the starters' deduction in your first three years, and business costs.";
const ETA = 'As a Dutch citizen you do not need a visa for Canada, but you do need an eTA (Electronic Travel Authorization) when flying in.';

describe('"the starters\' one"', () => {
  it('is the noun the latest reply wrote after the same word', () => {
    expect(resolveModifiedOne("how much is the starters' one?", [DEDUCTIONS])?.resolved).toBe("how much is the starters' deduction?");
    expect(resolveModifiedOne('is the blue one cheaper?', ['The blue model costs 20 euros less.'])?.resolved).toBe('is the blue model cheaper?');
    // An order or a comparison says which, not what kind; nor is a word the reply writes before no noun read.
    expect(resolveModifiedOne('how much is the first one?', ['In the first three years you get it.'])).toBeUndefined();
    expect(resolveModifiedOne('is the red one cheaper?', ['The blue model costs 20 euros less.'])).toBeUndefined();
  });
});

describe('"just one" and "the slow ones"', () => {
  it('are of the things a recent question asked about', () => {
    const asked = ['how long do they take?', 'How do I run the tests in the backend repo?'];
    expect(resolveOnes('can I run just one?', asked)?.resolved).toBe('can I run just one test?');
    expect(resolveOnes('and skip the slow ones?', ['can I run just one?', ...asked])?.resolved).toBe('and skip the slow tests?');
    expect(resolveOnes('is there only one?', ['Which invoices are still unpaid?'])?.resolved).toBe('is there only one invoice?');
    // "one" that a word after it names, or no plural thing asked about: no reading.
    expect(resolveOnes('just one more question', asked)).toBeUndefined();
    expect(resolveOnes('can I run just one?', ['What does the runbook say?'])).toBeUndefined();
  });
});

describe('the pro-form "one" a verb acts on', () => {
  it('is the kind of thing the latest answer introduced, the one it has the same verb act on first', () => {
    // Not the visa the answer says is not needed, nor the role "as a Dutch citizen".
    expect(resolveIndefiniteOne('how do I get one?', ETA, 'Do I need a visa for Canada?')).toEqual({ resolved: 'how do I get an eTA?', phrase: 'eTA', article: 'an' });
    expect(resolveIndefiniteOne('do I need one?', 'You need a permit for a dakkapel larger than 4 m2.', 'Is a dakkapel allowed?')?.resolved).toBe('do I need a permit?');
    // "a new one" keeps "new".
    expect(resolveIndefiniteOne('where can I buy a new one?', 'After 3 years you need a replacement battery.', 'How long does the battery last?')?.resolved).toBe('where can I buy a new replacement battery?');
    // With nothing introduced, the one the latest question asked about.
    expect(resolveIndefiniteOne('how do I apply for one?', 'Yes, for stays over 90 days.', 'Do I need a visa for Brazil?')?.resolved).toBe('how do I apply for a visa?');
  });

  it('is nothing where the answer introduced several kinds, or "one" is no object ("which one", "one of them")', () => {
    expect(resolveIndefiniteOne('do kids need one too?', 'Make an appointment online and bring a recent photo.', 'How do I renew my passport?')).toBeUndefined();
    expect(resolveIndefiniteOne('which one is cheaper?', 'There is a basic plan and a premium plan.', 'What plans are there?')).toBeUndefined();
    expect(resolveIndefiniteOne('can I get one of them?', 'You need a permit.', 'Do I need a permit?')).toBeUndefined();
    expect(asksForOne('which one is cheaper?')).toBe(false);
    expect(asksForOne('how do I get one?')).toBe(true);
  });
});

describe('the pro-form "one" in a conversation', () => {
  let embedder: UseEmbedder;
  beforeAll(async () => {
    embedder = await UseEmbedder.load();
  });
  afterAll(async () => {
    await embedder.close();
  });

  it('is read in the question, and a later "it" goes on standing for it, now a known one', async () => {
    const history = [u('Do I need a visa for Canada?'), a(ETA)];
    const first = await rewrite('how do I get one?', history, {}, { embedder });
    expect(first.result.resolved_query).toBe('how do I get an eTA?');
    const next = await rewrite('how long is it valid?', [...history, u('how do I get one?'), a('Apply online; it costs 7 Canadian dollars.')], {}, { embedder });
    expect(next.result.resolved_query).toBe('how long is the eTA valid?');
  });

  it('goes on standing for "the starters\' deduction" after "how much is the starters\' one?"', async () => {
    const history = [u('What else can I deduct?'), a(DEDUCTIONS), u("how much is the starters' one?"), a("The starters' deduction is 2,123 euros.")];
    expect((await rewrite('am I still eligible for it?', history, {}, { embedder })).result.resolved_query).toBe("am I still eligible for the starters' deduction?");
  });
});
