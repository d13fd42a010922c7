// When the local model is used, from its measured speed; the speed measured on a real GGUF; and
// the bench's real-size model writer, checked by loading a small file of the same architecture.
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { lfm2Tensors, LFM2_1_2B, writeFakeLfm2 } from '../../bench/fakeGguf.js';
import { openLocalModels } from '../../src/pipeline/answer/localModels.js';
import { chooseLlmUse, DEFAULT_LIMITS } from '../../src/pipeline/llm/llmPolicy.js';
import { LocalLlm } from '../../src/pipeline/llm/localLlm.js';
import { tempDir } from '../helpers/tmp.js';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
const TINY_MODEL = join(REPO, '..', 'shared', 'models', 'stories260K.gguf');

describe('when the local model is worth waiting for', () => {
  it('keeps the built-in engines on a machine as slow as the build machine, and says why', () => {
    // LFM2.5-1.2B Q4_K_M on one thread of the 2-core build machine (npm run bench -- --only llm).
    const u = chooseLlmUse({ promptTokensPerSecond: 60.5, generatedTokensPerSecond: 23.9, threads: 1 });
    expect(u.rewrite).toBe(false);
    expect(u.answer).toBe(false);
    expect(u.estimate.rewriteMs).toBeGreaterThan(DEFAULT_LIMITS.rewriteMs);
    expect(u.estimate.answerMs).toBeGreaterThan(DEFAULT_LIMITS.answerMs);
    expect(u.note).toMatch(/^the local model would take a rewrite about 7\.5 s and an answer about \d+(\.\d)? s on this machine, so the built-in engines do that work$/);
  });

  it('uses the model for rewrites where they are quick, and for answers where those are too', () => {
    const rewriteOnly = chooseLlmUse({ promptTokensPerSecond: 300, generatedTokensPerSecond: 40, threads: 7 });
    expect(rewriteOnly.rewrite).toBe(true);
    expect(rewriteOnly.answer).toBe(false);
    expect(rewriteOnly.note).toMatch(/an answer about .* so the built-in engine answers$/);
    const fast = chooseLlmUse({ promptTokensPerSecond: 2000, generatedTokensPerSecond: 150, threads: 8 });
    expect(fast).toMatchObject({ rewrite: true, answer: true });
    expect(fast.note).toBeUndefined();
    // Budgets leave room beyond the estimate, never beyond the defaults, never below two seconds.
    expect(fast.mapBudgetMs).toBeGreaterThanOrEqual(2000);
    expect(fast.mapBudgetMs).toBeLessThanOrEqual(20_000);
    expect(fast.reduceBudgetMs).toBeLessThanOrEqual(15_000);
    // A speed of zero (a broken measurement) never uses the model.
    expect(chooseLlmUse({ promptTokensPerSecond: 0, generatedTokensPerSecond: 0, threads: 1 })).toMatchObject({ rewrite: false, answer: false });
  });

  it('measures a real GGUF model\'s speed once, and chooses the ask options from it', async () => {
    const models = openLocalModels(TINY_MODEL);
    try {
      const speed = await models.llm.speed();
      expect(speed.promptTokensPerSecond).toBeGreaterThan(0);
      expect(speed.generatedTokensPerSecond).toBeGreaterThan(0);
      expect(Number.isFinite(speed.promptTokensPerSecond)).toBe(true);
      expect(await models.llm.speed()).toBe(speed);
      const use = await models.use();
      expect(use).toMatchObject(chooseLlmUse(speed));
      expect(use.askOptions.engine === 'llm').toBe(use.rewrite);
      expect(use.askOptions.answerer !== undefined).toBe(use.answer);
    } finally {
      await models.llm.close();
    }
  });
});

describe('the bench\'s real-size model writer', () => {
  it('types the tensors as llama.cpp\'s Q4_K_M recipe does, at LFM2.5-1.2B\'s size', () => {
    const tensors = lfm2Tensors();
    const count = (type: number): number => tensors.filter((t) => t.type === type).length;
    expect(tensors).toHaveLength(2 + 10 * 8 + 6 * 11);
    expect(tensors.find((t) => t.name === 'token_embd.weight')).toEqual({ name: 'token_embd.weight', dims: [2048, 65_536], type: 14 });
    expect(tensors.find((t) => t.name === 'blk.2.attn_k.weight')!.dims).toEqual([2048, 512]);
    expect(tensors.find((t) => t.name === 'blk.0.shortconv.in_proj.weight')!.dims).toEqual([2048, 6144]);
    expect(count(14)).toBeGreaterThan(1);
    expect(count(12)).toBeGreaterThan(count(14));
    const values = tensors.reduce((a, t) => a + t.dims.reduce((x, y) => x * y, 1), 0);
    // About 1.17 billion parameters, as the model card says.
    expect(values / 1e9).toBeCloseTo(1.17, 1);
  });

  it('writes a GGUF that node-llama-cpp loads as an LFM2 model and runs', async () => {
    const t = tempDir('docent-fake-gguf-');
    const path = join(t.dir, 'small-lfm2.gguf');
    const small = { ...LFM2_1_2B, vocab: 9000, embedding: 256, feedForward: 512, layers: 4, heads: 4, kvHeads: 2, attentionLayers: [2], contextLength: 2048 };
    try {
      const bytes = writeFakeLfm2(path, small);
      expect(statSync(path).size).toBe(bytes);
      const llm = new LocalLlm({ modelPath: path, contextSize: 512, tasks: 1 });
      try {
        const { model } = await llm.parts();
        expect(model.fileInfo.metadata.general.architecture).toBe('lfm2');
        expect(model.tokenize('hello world').length).toBeGreaterThan(0);
        const speed = await llm.speed();
        expect(speed.generatedTokensPerSecond).toBeGreaterThan(0);
      } finally {
        await llm.close();
      }
    } finally {
      t.cleanup();
    }
  });
});
