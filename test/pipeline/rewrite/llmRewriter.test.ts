import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LLM_REWRITE_SCHEMA, parseLlmRewrite } from '../../../src/pipeline/rewrite/llm/llmOutput.js';
import { LlamaRewriter } from '../../../src/pipeline/rewrite/llm/llamaRewriter.js';
import { findLlmModel } from '../../../src/pipeline/rewrite/llm/findModel.js';
import { rewrite } from '../../../src/pipeline/rewrite/rewrite.js';
import { searchTerms } from '../../../src/pipeline/search/rewriteQuery.js';
import { ADDED_TERM_WEIGHT } from '../../../src/pipeline/search/hybridSearch.js';
import type { HistoryMessage } from '../../../src/pipeline/rewrite/types.js';
import { REPO, tempDir } from '../../helpers/tmp.js';

// A real GGUF model (260K parameters, trained on children's stories): its words are meaningless,
// so these tests check the mechanics — loading, grammar-valid output, prefix reuse, time-out, fallback.
const TINY_MODEL = join(REPO, '..', 'shared', 'models', 'stories260K.gguf');
const HISTORY: HistoryMessage[] = [
  { role: 'user', text: 'Wat is houtmulch?' },
  { role: 'assistant', text: 'Houtmulch is versnipperd hout voor borders.' },
];
const turns = [{ index: 0, user: HISTORY[0]!.text, assistant: HISTORY[1]!.text, similarity: 0.6, byRecency: true }];

let llm: LlamaRewriter;
beforeAll(async () => {
  llm = new LlamaRewriter({ modelPath: TINY_MODEL, maxTokens: 400 });
  await llm.whenReady();
}, 60_000);
afterAll(() => llm.close());

describe('LLM rewrite engine on a real GGUF (node-llama-cpp)', () => {
  it('answers with JSON that the contract grammar allows', async () => {
    const out = await llm.rewrite({ query: 'en de prijs?', turns, language: 'nl' }, 60_000);
    expect(LLM_REWRITE_SCHEMA.properties.intent.enum).toContain(out.intent);
    expect(typeof out.search_query).toBe('string');
    expect(out.alternatives.length).toBeLessThanOrEqual(3);
    expect(out.confidence).toBeGreaterThanOrEqual(0);
    expect(out.confidence).toBeLessThanOrEqual(1);
    expect(llm.lastCall!.outputTokens).toBeGreaterThan(0);
  }, 60_000);

  it('reuses the evaluated system prompt: a second call evaluates only its own tokens', async () => {
    await llm.rewrite({ query: 'en de prijs?', turns, language: 'nl' }, 60_000).catch(() => undefined);
    const first = llm.lastCall!;
    await llm.rewrite({ query: 'hoe dik moet ik het leggen?', turns, language: 'nl' }, 60_000).catch(() => undefined);
    const second = llm.lastCall!;
    const system = llm.systemPromptTokens();
    expect(system).toBeGreaterThan(100);
    expect(second.promptTokensEvaluated).toBeGreaterThan(0);
    // Without reuse every call would evaluate the system prompt again.
    expect(second.promptTokensEvaluated).toBeLessThan(system);
    expect(first.promptTokensEvaluated).toBeLessThan(system);
  }, 120_000);

  it('answers through rewrite(), its keywords searched at the added-term weight (the lexical shares are not its own)', async () => {
    const run = await rewrite('en de prijs?', HISTORY, {}, { engine: 'llm', llm, llmBudgetMs: 60_000 });
    expect(run.fallback).toBeUndefined();
    expect(run.result.engine).toBe('llm');
    expect(run.keywordShares).toBeUndefined();
    expect(run.trace?.keywordShares).toBeDefined(); // the lexical engine ran beside it
    const terms = searchTerms(run);
    if (run.result.keywords.length) expect(terms).toEqual({ terms: run.result.keywords, weight: ADDED_TERM_WEIGHT });
    else expect(terms).toBeUndefined();
  }, 60_000);

  it('falls back to the lexical engine when the budget runs out, and says so', async () => {
    const run = await rewrite('en de prijs?', HISTORY, {}, { engine: 'llm', llm, llmBudgetMs: 1 });
    expect(run.result.engine).toBe('lexical');
    expect(run.fallback).toMatch(/budget/);
    expect(run.result.search_query.length).toBeGreaterThan(0);
  });

  it('falls back when the output is cut off before the JSON is complete', async () => {
    const short = new LlamaRewriter({ modelPath: TINY_MODEL, maxTokens: 4 });
    try {
      const run = await rewrite('en de prijs?', HISTORY, {}, { engine: 'llm', llm: short, llmBudgetMs: 60_000 });
      expect(run.result.engine).toBe('lexical');
      expect(run.fallback).toMatch(/not complete JSON/);
    } finally {
      await short.close();
    }
  }, 60_000);

  it('falls back for a missing, a non-GGUF and a damaged model file, naming the problem', async () => {
    const t = tempDir();
    try {
      const notGguf = join(t.dir, 'notes.gguf');
      writeFileSync(notGguf, 'this is a text file, not a model'.repeat(100));
      const damaged = join(t.dir, 'damaged.gguf');
      writeFileSync(damaged, Buffer.concat([Buffer.from('GGUF'), Buffer.alloc(4096, 7)]));
      const cases: Array<[string, RegExp]> = [
        [join(t.dir, 'missing.gguf'), /model file not found/],
        [notGguf, /not a GGUF model file/],
        [damaged, /could not be loaded/],
      ];
      for (const [modelPath, reason] of cases) {
        const broken = new LlamaRewriter({ modelPath });
        const run = await rewrite('en de prijs?', HISTORY, {}, { engine: 'llm', llm: broken, llmBudgetMs: 30_000 });
        expect(run.result.engine).toBe('lexical');
        expect(run.fallback).toMatch(reason);
        await broken.close();
      }
    } finally {
      t.cleanup();
    }
  }, 60_000);

  it('finds the largest GGUF in the models folder, or none', () => {
    const t = tempDir();
    try {
      expect(findLlmModel(t.dir)).toBeUndefined();
      writeFileSync(join(t.dir, 'small.gguf'), 'x');
      writeFileSync(join(t.dir, 'large.gguf'), 'x'.repeat(100));
      writeFileSync(join(t.dir, 'readme.md'), 'x'.repeat(1000));
      expect(findLlmModel(t.dir)).toBe(join(t.dir, 'large.gguf'));
      expect(findLlmModel(t.dir, '/elsewhere/model.gguf')).toBe('/elsewhere/model.gguf');
    } finally {
      t.cleanup();
    }
  });
});

describe('LLM output checks beyond the grammar', () => {
  it('refuses incomplete, off-contract and non-word answers', () => {
    expect(() => parseLlmRewrite('{"intent": "factual", "resolved_q')).toThrow(/not complete JSON/);
    expect(() => parseLlmRewrite('{"intent": "guess"}')).toThrow(/contract/);
    const ok = { intent: 'factual', resolved_query: 'Wat kost houtmulch?', search_query: 'prijs houtmulch', ambiguous: false, alternatives: [], confidence: 0.75 };
    expect(parseLlmRewrite(JSON.stringify(ok))).toMatchObject({ search_query: 'prijs houtmulch' });
    expect(() => parseLlmRewrite(JSON.stringify({ ...ok, search_query: '?!… ——' }))).toThrow(/not words/);
  });
});
