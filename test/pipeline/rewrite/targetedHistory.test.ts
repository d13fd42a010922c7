import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UseEmbedder } from '../../../src/pipeline/models/useEmbedder.js';
import { earlierUserTurns } from '../../../src/pipeline/rewrite/history.js';
import { selectTurns, turnPairs } from '../../../src/pipeline/rewrite/targetedHistory.js';
import { DEFAULT_REWRITE_OPTIONS, type HistoryMessage } from '../../../src/pipeline/rewrite/types.js';

const u = (text: string): HistoryMessage => ({ role: 'user', text });
const a = (text: string): HistoryMessage => ({ role: 'assistant', text });

let embedder: UseEmbedder;
beforeAll(async () => {
  embedder = await UseEmbedder.load();
});
afterAll(() => embedder.close());

describe('turn pairs', () => {
  it('pairs each user message with the reply that follows, cutting long replies', () => {
    const pairs = turnPairs([a('Welcome!'), u('hi'), a('x'.repeat(50)), u('and?')], 10);
    expect(pairs).toEqual([
      { index: 0, user: '', assistant: 'Welcome!' },
      { index: 1, user: 'hi', assistant: 'xxxxxxxxxx' },
      { index: 2, user: 'and?', assistant: '' },
    ]);
  });

  it('skips empty messages, which say nothing to fold in', () => {
    const history = [u('What is in the Q3 report?'), a('Revenue grew 12%.'), u('  '), a('')];
    expect(turnPairs(history, 500)).toEqual([{ index: 0, user: 'What is in the Q3 report?', assistant: 'Revenue grew 12%.' }]);
    expect(earlierUserTurns(history)).toEqual(['What is in the Q3 report?']);
  });
});

describe('targeted history selection (real sentence encoder)', () => {
  const history = [
    u('Tell me about the NFL stadiums of the Arizona Cardinals'),
    a('The Cardinals play at State Farm Stadium in Glendale, which has a retractable roof.'),
    u('Which stadiums have natural grass fields?'),
    a('Several stadiums use natural grass, such as Lambeau Field.'),
    u('What is a good recipe for banana bread?'),
    a('Mash three ripe bananas, mix with flour, sugar, butter and an egg, and bake for an hour.'),
  ];

  it('keeps related turns and the last one, drops the unrelated, in chronological order', async () => {
    const turns = await selectTurns('Which stadiums have retractable roofs?', history, embedder, DEFAULT_REWRITE_OPTIONS);
    expect(turns.map((t) => t.index)).toEqual([0, 1, 2]);
    expect(turns.find((t) => t.index === 2)!.byRecency).toBe(true);
    expect(turns.find((t) => t.index === 0)!.similarity).toBeGreaterThan(0.3);
  });

  it('honours max_relevant_turns and include_last_turn', async () => {
    const one = await selectTurns('Which stadiums have retractable roofs?', history, embedder, { ...DEFAULT_REWRITE_OPTIONS, max_relevant_turns: 1 });
    expect(one.map((t) => t.index)).toEqual([2]);
    const noLast = await selectTurns('Which stadiums have retractable roofs?', history, embedder, { ...DEFAULT_REWRITE_OPTIONS, include_last_turn: false });
    expect(noLast.map((t) => t.index)).not.toContain(2);
    expect(await selectTurns('anything', [], embedder, DEFAULT_REWRITE_OPTIONS)).toEqual([]);
  });
});
