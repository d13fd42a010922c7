import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ask } from '../../src/pipeline/answer/ask.js';
import { LlamaAnswerer, type LlmAnswer, type LlmAnswerer, type LlmFact, type MapPassage, type ReduceFact } from '../../src/pipeline/answer/llmAnswerer.js';
import { indexedFixtureDocs } from '../helpers/fixtureIndex.js';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const TINY_MODEL = join(REPO, '..', 'shared', 'models', 'stories260K.gguf');
const NOW = new Date(Date.UTC(2026, 10, 21));

/**
 * Stands in for a capable instruct model (none can run on the build machines): it answers each
 * call with what the script says, given the passages and facts it was really sent, so the
 * stages' checks are exercised on real search results. The real engine is LlamaAnswerer, run
 * below on the tiny GGUF.
 */
class ScriptedAnswerer implements LlmAnswerer {
  readonly id = 'scripted';
  readonly seen: { passages: MapPassage[][]; facts: ReduceFact[][] } = { passages: [], facts: [] };
  constructor(
    private readonly script: {
      map: (passages: readonly MapPassage[]) => LlmFact[];
      reduce: (facts: readonly ReduceFact[]) => LlmAnswer;
    },
  ) {}
  async map(input: { question: string; passages: readonly MapPassage[] }): Promise<LlmFact[]> {
    this.seen.passages.push([...input.passages]);
    return this.script.map(input.passages);
  }
  async reduce(input: { facts: readonly ReduceFact[] }): Promise<LlmAnswer> {
    this.seen.facts.push([...input.facts]);
    return this.script.reduce(input.facts);
  }
}

/** The passage (by number) whose text matches, and a sentence-part of it quoted word for word. */
function quoteFrom(passages: readonly MapPassage[], pattern: RegExp): LlmFact[] {
  const p = passages.find((x) => pattern.test(x.text));
  if (!p) return [];
  const m = p.text.match(new RegExp(`[^.\\n]*${pattern.source}[^.\\n]*`))!;
  return [{ passage: p.n, quote: m[0].trim(), relevance: 'high' }];
}

let fixture: Awaited<ReturnType<typeof indexedFixtureDocs>>;
beforeAll(async () => {
  fixture = await indexedFixtureDocs();
});
afterAll(() => fixture.cleanup());

describe('Map and Reduce with an LLM: what the model says is checked against the files', () => {
  it('keeps a quote found in its passage, drops an invented one, and cites the page', async () => {
    const llm = new ScriptedAnswerer({
      map: (passages) => [
        ...quoteFrom(passages, /warranty/i),
        { passage: 1, quote: 'The heat pump comes with a lifetime warranty and free servicing.', relevance: 'high' },
      ],
      reduce: (facts) => ({ answered: 'yes', sentences: [{ text: 'The warranty is described in the manual.', facts: [facts.findIndex((f) => /warranty/i.test(f.quote)) + 1] }] }),
    });
    const r = await ask(fixture.store, 'What is the warranty period of the heat pump?', { answerer: llm, now: NOW });
    expect(r.notFound).toBe(false);
    expect(llm.seen.passages.length).toBeGreaterThan(0);
    expect(r.citations[0]!.path).toMatch(/heat-pump-manual\.pdf$/);
    expect(r.citations[0]!.page).toBe(3);
    expect(r.answer).toMatch(/\[heat-pump-manual\.pdf p\.3\]/);
    expect(r.answer).not.toMatch(/lifetime/);
    expect(llm.seen.facts[0]!.some((f) => /lifetime/.test(f.quote))).toBe(false);
    expect(r.stages.find((s) => s.stage === 'map')!.summary).toMatch(/1 quotes not in their passage dropped/);
  });

  it('drops a sentence whose number is not in its facts, and one that rests on no fact', async () => {
    const llm = new ScriptedAnswerer({
      map: (passages) => quoteFrom(passages, /48,500/),
      reduce: () => ({
        answered: 'yes',
        sentences: [
          { text: 'The budget is EUR 48500.', facts: [1] },
          { text: 'It rose to EUR 52,000 the year after.', facts: [1] },
          { text: 'Budgets are set every spring.', facts: [] },
        ],
      }),
    });
    const r = await ask(fixture.store, 'what is the budget?', { answerer: llm, now: NOW });
    expect(r.answer).toMatch(/^The budget is EUR 48500\. \[annual-report-2024\.docx\]$/);
    expect(r.stages.find((s) => s.stage === 'reduce')!.summary).toMatch(/its check: yes; 2 unsupported sentences dropped/);
    expect(r.confidence).toBeGreaterThan(0.4);
  });

  it('falls back to the extractive engine, saying why, when the model fails', async () => {
    const llm = new ScriptedAnswerer({
      map: () => {
        throw new Error('the model call took longer than the 20000 ms budget');
      },
      reduce: () => ({ answered: 'yes', sentences: [{ text: 'Nothing that checks out.', facts: [9] }] }),
    });
    const r = await ask(fixture.store, 'what is the budget?', { answerer: llm, now: NOW });
    expect(r.answer).toMatch(/48,500/);
    expect(basename(r.citations[0]!.path)).toBe('annual-report-2024.docx');
    expect(r.stages.find((s) => s.stage === 'map')!.summary).toMatch(/extractive for the rest: the model call took longer/);
    expect(r.stages.find((s) => s.stage === 'reduce')!.summary).toMatch(/extractive: .*none of its sentences rested on the facts/);
  });

  it("the model's own check lowers confidence, and a 'no' on weak evidence is the honest not-found answer", async () => {
    const script = (answered: LlmAnswer['answered']) =>
      new ScriptedAnswerer({ map: (passages) => quoteFrom(passages, /refresh token/), reduce: () => ({ answered, sentences: [{ text: 'A refresh token renews the session.', facts: [1] }] }) });
    const q = 'How does the authentication system handle expired sessions?';
    const yes = await ask(fixture.store, q, { answerer: script('yes'), now: NOW });
    const no = await ask(fixture.store, q, { answerer: script('no'), now: NOW });
    expect(yes.notFound).toBe(false);
    expect(yes.answer).toMatch(/\[auth-notes\.md\]/);
    expect(no.confidence).toBeLessThan(yes.confidence);
    expect(no.notFound).toBe(no.confidence < 0.5);
    if (no.notFound) expect(no.answer).toMatch(/^Your files do not seem to contain the answer/);
  });
});

describe('LlamaAnswerer on a real GGUF (node-llama-cpp)', () => {
  let answerer: LlamaAnswerer;
  beforeAll(() => {
    answerer = new LlamaAnswerer({ modelPath: TINY_MODEL, mapTokens: 96, reduceTokens: 96 });
  });
  afterAll(() => answerer.close());

  it('runs every stage with the model and still answers from the files (its words are meaningless, so they are checked away)', async () => {
    const r = await ask(fixture.store, 'what is the budget?', { answerer, now: NOW, mapBudgetMs: 60_000, reduceBudgetMs: 60_000 });
    expect(r.stages.map((s) => s.stage)).toEqual(['rewrite', 'plan', 'search', 'map', 'filter', 'reduce', 'confidence']);
    expect(answerer.lastCall!.promptTokensEvaluated).toBeGreaterThan(0);
    expect(r.stages.find((s) => s.stage === 'map')!.summary).toMatch(/model: 0 of \d+ passages.*; extractive for the rest: \S/);
    // Whatever the tiny model wrote, nothing reaches the answer unless it is in the files.
    expect(r.answer).toMatch(/48,500/);
    expect(basename(r.citations[0]!.path)).toBe('annual-report-2024.docx');
  });

  it('a damaged model file falls back with the reason', async () => {
    const broken = new LlamaAnswerer({ modelPath: join(REPO, 'package.json') });
    const r = await ask(fixture.store, 'what is the budget?', { answerer: broken, now: NOW });
    expect(r.answer).toMatch(/48,500/);
    expect(r.stages.find((s) => s.stage === 'map')!.summary).toMatch(/not a GGUF model file/);
    await broken.close();
  });
});
