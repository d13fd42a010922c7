import { describe, expect, it } from 'vitest';
import { EVALUATION_SWITCHES, TRAINING_SWITCHES, topicSwitches, type ConversationRow } from '../../src/eval/dataset.js';

/** Three conversations of three turns each, as loadDataset gives them. */
function rows(): ConversationRow[] {
  const out: ConversationRow[] = [];
  for (const c of ['a', 'b', 'c']) {
    const history: ConversationRow['history'] = [];
    for (let t = 0; t < 3; t++) {
      const query = `question ${t} of ${c}`;
      out.push({ id: `${c}:${t}`, conversation: c, turn: t, history: [...history], query, reference_rewrite: `rewritten ${query}` });
      history.push({ role: 'user', text: query }, { role: 'assistant', text: `answer ${t} of ${c}` });
    }
  }
  return out;
}

describe('topicSwitches', () => {
  it("asks another conversation's opening question after a conversation's history, as its own reference", () => {
    const all = rows();
    const switches = topicSwitches(all, { every: 1, offset: 0 });
    expect(switches).toHaveLength(6);
    for (const s of switches) {
      const opening = all.find((r) => r.id === s.opening)!;
      expect(opening.history).toEqual([]);
      expect(opening.conversation).not.toBe(s.conversation);
      expect(s.query).toBe(opening.query);
      expect(s.reference_rewrite).toBe(opening.query);
      expect(s.history.length).toBeGreaterThan(0);
      expect(s.history).toEqual(all.find((r) => r.id === s.id.split('~')[0])!.history);
    }
    expect(new Set(switches.map((s) => s.id)).size).toBe(6);
  });

  it('is the same on every run, and training and evaluation use different turns', () => {
    const all = rows();
    expect(topicSwitches(all, TRAINING_SWITCHES)).toEqual(topicSwitches(rows(), TRAINING_SWITCHES));
    const hostsOf = (s: { id: string }[]): Set<string> => new Set(s.map((x) => x.id.split('~')[0]!));
    const training = hostsOf(topicSwitches(all, TRAINING_SWITCHES));
    const evaluation = hostsOf(topicSwitches(all, EVALUATION_SWITCHES));
    expect(training.size).toBeGreaterThan(0);
    expect(evaluation.size).toBeGreaterThan(0);
    expect([...training].filter((h) => evaluation.has(h))).toEqual([]);
  });

  it('makes none from a dataset with fewer than two conversations', () => {
    expect(topicSwitches(rows().filter((r) => r.conversation === 'a'), { every: 1, offset: 0 })).toEqual([]);
  });
});
