import { describe, expect, it } from 'vitest';
import { lexicalRewrite } from '../../../src/pipeline/rewrite/lexical/lexicalEngine.js';
import { rewrite } from '../../../src/pipeline/rewrite/rewrite.js';
import { DEFAULT_REWRITE_OPTIONS } from '../../../src/pipeline/rewrite/types.js';
import { asksForSource, claimOf, resolveSaid, resolveSource } from '../../../src/pipeline/rewrite/lexical/source.js';
import type { SelectedTurn } from '../../../src/pipeline/rewrite/targetedHistory.js';

const turn = (index: number, user: string, assistant: string): SelectedTurn => ({ index, user, assistant, similarity: 0.5, byRecency: false });

describe('a question about where the latest answer comes from', () => {
  it('is asked in English and Dutch by where … says/written, which page/document/source, or the bare word', () => {
    const english = ['where does it say that?', 'which page is that on?', 'Where is that written?', 'where did you read that?', 'What document says that?', "what's the source of that?", 'source?', 'ok, in which file is this?'];
    for (const q of english) expect(asksForSource(q, 'en'), q).toBe(true);
    for (const q of ['waar staat dat?', 'op welke pagina staat dat?', 'wat is de bron?', 'bron?', 'in welk document staat dit?', 'waar heb je dat gelezen?']) expect(asksForSource(q, 'nl'), q).toBe(true);
    // Bare: "in which document?", "quote it", "op welke pagina?", "citeer dat".
    for (const q of ['in which document?', 'which page?', 'quote it', 'Quote that.']) expect(asksForSource(q, 'en'), q).toBe(true);
    for (const q of ['op welke pagina?', 'citeer dat']) expect(asksForSource(q, 'nl'), q).toBe(true);
    const turns = [turn(0, 'What is the warranty?', 'The warranty is 7 years on the compressor.')];
    // A request stays one: no question mark.
    expect(resolveSource('quote it', turns, 'en')?.resolved).toBe('quote it: "The warranty is 7 years on the compressor"');
  });

  it('is asked by doubting the answer: "is that true?", "are you sure?", "klopt dat wel?"', () => {
    for (const q of ['Is that true?', 'are you sure about that?', 'really?', 'how do you know?', 'Any evidence for that?', "what's the proof?", 'ok, is that really correct?']) expect(asksForSource(q, 'en'), q).toBe(true);
    for (const q of ['klopt dat wel?', 'is dat echt waar?', 'weet je dat zeker?', 'hoe weet je dat?', 'is er enig bewijs voor dat?']) expect(asksForSource(q, 'nl'), q).toBe(true);
    // Or by denying it.
    for (const q of ['no, that is wrong', "that's not correct!", 'hmm, that is incorrect']) expect(asksForSource(q, 'en'), q).toBe(true);
    for (const q of ['nee, dat klopt niet', 'dat is niet waar']) expect(asksForSource(q, 'nl'), q).toBe(true);
    expect(asksForSource('that is wrong with my router?', 'en')).toBe(false);
  });

  it('is not a question about a place, about what a document says, or about the conversation', () => {
    const english = ['what? you said it is free to open one!', "I'm told guinea pigs are raised for food. Is that true?", 'Is it true that bonds are safer?', 'What else was said about it?', 'What is the subject of this article?', 'what more does it say about science?', 'where is it?', 'where can I find it?', 'which page has the prices?', 'what does the document say about pets?'];
    for (const q of english) expect(asksForSource(q, 'en'), q).toBe(false);
    for (const q of ['waar staat de server?', 'wat staat er in het contract?']) expect(asksForSource(q, 'nl'), q).toBe(false);
    expect(asksForSource('where does it say that?', 'fr')).toBe(false);
  });

  it('means the first sentence of the latest answer, without citations or an opening "yes"', () => {
    expect(claimOf('Yes, Hertz and Avis have desks at Schiphol [rental.pdf p.2]. Europcar closes at 22:00.')).toBe('Hertz and Avis have desks at Schiphol');
    expect(claimOf('Nee, dat mag niet zonder toestemming.')).toBe('Dat mag niet zonder toestemming');
    expect(claimOf(Array.from({ length: 40 }, (_, i) => `w${i}`).join(' ')).split(' ')).toHaveLength(25);
  });

  it('puts the claim in the question, from the latest turn with an answer', () => {
    const turns = [turn(0, 'How long is the warranty?', 'The warranty is 7 years on the compressor. Other parts have 2 years.'), turn(1, 'and the boiler?', '')];
    expect(resolveSource('which page is that on?', turns, 'en')).toEqual({ resolved: 'which page is that on: "The warranty is 7 years on the compressor"?', claim: 'The warranty is 7 years on the compressor', turn: 0 });
    expect(resolveSource('which page is that on?', [turn(0, 'Hello', '')], 'en')).toBeUndefined();
  });

  it('through the lexical engine: the claim is searched at full weight, and the question asks for passages, not a list of files', () => {
    const turns = [turn(0, 'How long is the heat pump warranty?', 'The warranty period is 7 years on the compressor.')];
    const r = lexicalRewrite({ query: 'Which document says that?', earlierUserTurns: ['How long is the heat pump warranty?'], turns });
    expect(r.resolved_query).toBe('Which document says that: "The warranty period is 7 years on the compressor"?');
    expect(r.intent).toBe('factual');
    expect(r.keywords).not.toContain('compressor');
    expect(r.search_query).toContain('compressor');
    expect(r.trace.reference).toEqual({ phrase: 'The warranty period is 7 years on the compressor', by: 'answer' });
    expect(r.used_turns).toEqual([0]);
  });

  it('"what you said about France": the sentence of any answer that names it, a rare word outweighing a common one', () => {
    const turns = [
      turn(0, 'Why could the Euro end?', 'Spain and Greece may default on their debt, which is true of Italy too. Next comes France, with a large and growing budget deficit.'),
      turn(1, 'But they are no longer in recession.', 'It is true that I have no newer figures on Spain and Greece.'),
    ];
    const answers = turns.map((t) => ({ index: t.index, text: t.assistant }));
    expect(resolveSaid('Is what you said about France true?', answers, 'en')).toEqual({
      resolved: 'Is what you said about France true: "Next comes France, with a large and growing budget deficit"?',
      claim: 'Next comes France, with a large and growing budget deficit',
      turn: 0,
    });
    expect(resolveSaid('you zei iets over de Euro', answers, 'en')).toBeUndefined();
    expect(resolveSaid('you said France had a deficit!', answers, 'en')).toBeUndefined(); // a paraphrase, perhaps disputed, names no claim
    expect(resolveSaid('Is what you said about Portugal true?', answers, 'en')).toBeUndefined(); // no answer names it
    const r = lexicalRewrite({ query: 'Is what you said about France true?', earlierUserTurns: turns.map((t) => t.user), turns });
    expect(r.search_query).toContain('deficit');
    expect(r.keywords).not.toContain('deficit'); // the claim is searched at the weight of the user's own words
    expect(r.used_turns).toEqual([0]);
  });

  it('finds what "you said about" in a whole answer, past the length the rewrite reads of it otherwise', async () => {
    const long = `${'The Euro depends on the budgets of its members. '.repeat(12)}Next comes France, with a large and growing budget deficit.`;
    expect(long.indexOf('France')).toBeGreaterThan(DEFAULT_REWRITE_OPTIONS.message_char_limit);
    const history = [{ role: 'user' as const, text: 'Why could the Euro end?' }, { role: 'assistant' as const, text: long }, { role: 'user' as const, text: 'And Spain?' }, { role: 'assistant' as const, text: 'Spain has recovered.' }];
    const { result } = await rewrite('Is what you said about France true?', history);
    expect(result.resolved_query).toBe('Is what you said about France true: "Next comes France, with a large and growing budget deficit"?');
    expect(result.used_turns).toEqual([0]);
  });
});
