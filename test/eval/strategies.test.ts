import { describe, expect, it } from 'vitest';
import { REFERENCE_WITH_FEEDBACK } from '../../src/eval/strategies.js';
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
