import { describe, expect, it } from 'vitest';
import { REFERENCE_WITH_FEEDBACK, REWRITE_STRATEGIES } from '../../src/eval/strategies.js';
import type { ConversationRow } from '../../src/eval/dataset.js';

describe('the reference rewrite searched as the Search stage searches a rewrite', () => {
  const row = (history: ConversationRow['history']): ConversationRow => ({
    id: 'c::2',
    conversation: 'c',
    turn: 2,
    query: 'and the fees?',
    reference_rewrite: 'What are the fees of the Vanguard index fund?',
    history,
  });

  it('searches the reference with the conversation\'s words it does not already have as feedback', async () => {
    const out = await REFERENCE_WITH_FEEDBACK.run(
      row([
        { role: 'user', text: 'Which index fund did I buy?' },
        { role: 'assistant', text: 'You bought the Vanguard FTSE All-World fund in March.' },
      ]),
      {},
    );
    expect(out.query).toBe('What are the fees of the Vanguard index fund?');
    expect(out.feedback).toEqual(['buy', 'bought', 'ftse', 'world', 'march']);
    expect(REFERENCE_WITH_FEEDBACK.searchOnly).toBe(true);
  });

  it('adds no feedback to a first question', async () => {
    expect(await REFERENCE_WITH_FEEDBACK.run(row([]), {})).toEqual({ query: 'What are the fees of the Vanguard index fund?' });
  });
});

describe('a rewrite strategy without the sentence encoder (--rewrite-encoder off)', () => {
  const row: ConversationRow = {
    id: 'c::2',
    conversation: 'c',
    turn: 2,
    query: 'how many points does it use if I leave the number out?',
    reference_rewrite: 'how many points does linspace use if I leave the number out?',
    history: [
      { role: 'user', text: 'What does linspace do in Octave?' },
      { role: 'assistant', text: 'linspace (start, end, n) returns a row vector with n linearly spaced elements between start and end.' },
    ],
  };

  it('rewrites as an index without vectors does: the encoder is never asked, and the models trained without it run', async () => {
    const { UseEmbedder } = await import('../../src/pipeline/models/useEmbedder.js');
    const real = await UseEmbedder.load();
    try {
      let asked = 0;
      const counting = { id: real.id, dimension: real.dimension, embed: (texts: readonly string[]) => ((asked += texts.length), real.embed(texts)), close: () => Promise.resolve() };
      const strategy = REWRITE_STRATEGIES.find((s) => s.name === 'rewrite_targeted')!;
      const without = await strategy.run(row, { embedder: counting, rewriteEncoder: false });
      expect(asked).toBe(0);
      expect(without.resolved).toMatch(/linspace/);
      await strategy.run(row, { embedder: counting });
      expect(asked).toBeGreaterThan(0);
    } finally {
      await real.close();
    }
  });
});
