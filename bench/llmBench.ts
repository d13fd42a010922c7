/**
 * The LLM path timed at its real size (`npm run bench -- --only llm`): a GGUF of the recommended
 * model's architecture and quantisation with random weights (fakeGguf.ts, written once into
 * .docent-bench/), loaded by node-llama-cpp through Docent's own LocalLlm as the real file would
 * be. Reports load time and memory, prompt and generation tokens/s, a rewrite call cold and warm,
 * and `ask` with the model's rewrite, Map and Reduce (every stage forced to the model, default
 * budgets), and what the app decides from the speed it measures at load (llmPolicy.ts). `--llm
 * FILE` times a real model instead.
 */
import { existsSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { ask } from '../src/pipeline/answer/ask.js';
import { DEFAULT_MAP_BUDGET_MS, DEFAULT_REDUCE_BUDGET_MS } from '../src/pipeline/answer/llmStages.js';
import { openLocalModels } from '../src/pipeline/answer/localModels.js';
import { Indexer } from '../src/pipeline/index/indexer.js';
import type { SelectedTurn } from '../src/pipeline/rewrite/targetedHistory.js';
import { IndexStore } from '../src/pipeline/store/indexStore.js';
import { Rng } from './corpus.js';
import { LFM2_1_2B, writeFakeLfm2 } from './fakeGguf.js';

export interface LlmBenchOptions {
  work: string;
  /** A real model to time instead of the random-weight one. */
  modelPath?: string;
  /** `ask` questions (each a follow-up after a first question). */
  queries: number;
  log: (line: string) => void;
  pct: (xs: number[], p: number) => number;
}

const mb = (b: number): number => Math.round(b / 2 ** 20);
const round1 = (x: number): number => Math.round(x * 10) / 10;

export async function llmBench(o: LlmBenchOptions): Promise<Record<string, unknown>> {
  let modelPath = o.modelPath;
  let made: { seconds: number; mb: number } | undefined;
  if (!modelPath) {
    modelPath = join(o.work, 'lfm2.5-1.2b-q4_k_m-random.gguf');
    if (!existsSync(modelPath)) {
      const t = performance.now();
      const bytes = writeFakeLfm2(modelPath);
      made = { seconds: round1((performance.now() - t) / 1000), mb: mb(bytes) };
      o.log(`wrote ${modelPath} (${made.mb} MB, random weights) in ${made.seconds} s`);
    }
  }
  const fileMB = mb(statSync(modelPath).size);
  const rssBefore = process.memoryUsage().rss;
  const t0 = performance.now();
  const models = openLocalModels(modelPath);
  const { llm, rewriter, askOptions } = models;
  await llm.whenReady();
  const loadMs = Math.round(performance.now() - t0);
  const rssLoaded = process.memoryUsage().rss;
  o.log(`loaded ${basename(modelPath)} (${fileMB} MB) in ${loadMs} ms; RSS +${mb(rssLoaded - rssBefore)} MB`);
  // What the app and the CLI decide from the speed they measure at load (llmPolicy.ts).
  const t1 = performance.now();
  const use = await models.use();
  const calibration = { ...(await llm.speed()), ms: Math.round(performance.now() - t1) };
  o.log(`measured at load (${calibration.ms} ms): prompt ${round1(calibration.promptTokensPerSecond)}, generation ${round1(calibration.generatedTokensPerSecond)} tokens/s; the model is used for ${[use.rewrite ? 'rewrites' : '', use.answer ? 'answers' : ''].filter(Boolean).join(' and ') || 'nothing'}${use.note ? ` (${use.note})` : ''}`);

  // English text to speak of: Docent's own test documents (PDF, Word, HTML, Markdown), indexed
  // as a user's folder; questions and conversations are made of their sentences.
  const store = IndexStore.open(join(o.work, 'llm-ask.sqlite'));
  const askCold: number[] = [];
  const askWarm: number[] = [];
  const fellBack = { map: 0, reduce: 0 };
  let result: Record<string, unknown>;
  try {
    await new Indexer(store).indexRoot(resolve('test/fixtures/docs'));
    const texts = (store.db.prepare('SELECT text FROM chunks ORDER BY id').all() as { text: string }[]).map((r) => r.text.replace(/\s+/g, ' '));
    const said = texts.flatMap((t) => t.split(/(?<=[.!?])\s+/)).filter((x) => x.split(' ').length >= 6);
    const rng = new Rng(5);
    const pick = (): string => said[rng.int(said.length)]!;
    const question = (): string => `${pick().split(' ').slice(0, 8).join(' ').replace(/[.,;:!?]+$/, '')}?`;

    // Raw throughput on a context of its own (the model's weights are shared), with the threads the app gives the model.
    const { model } = await llm.parts();
    const threads = Math.max(1, availableParallelism() - 1);
    const context = await model.createContext({ contextSize: 2048, threads });
    const promptRates: number[] = [];
    const genRates: number[] = [];
    const GENERATED = 48;
    let promptTokens = 0;
    try {
      const sequence = context.getSequence();
      for (let i = 0; i < 3; i++) {
        await sequence.clearHistory();
        let text = '';
        while (model.tokenize(text).length < 512) text += ` ${pick()}`;
        const tokens = model.tokenize(text);
        promptTokens = tokens.length;
        let t = performance.now();
        await sequence.evaluateWithoutGeneratingNewTokens(tokens);
        promptRates.push(tokens.length / ((performance.now() - t) / 1000));
        // Then token by token, each fed back as the next input.
        t = performance.now();
        let n = 0;
        for await (const token of sequence.evaluate([tokens[tokens.length - 1]!], { temperature: 0.7 })) {
          void token;
          if (++n >= GENERATED) break;
        }
        genRates.push(n / ((performance.now() - t) / 1000));
      }
      sequence.dispose();
    } finally {
      await context.dispose();
    }
    const promptTokensPerSecond = round1(o.pct(promptRates, 50));
    const generatedTokensPerSecond = round1(o.pct(genRates, 50));
    o.log(`prompt ${promptTokensPerSecond} tokens/s (${promptTokens}-token prompts), generation ${generatedTokensPerSecond} tokens/s, ${threads} thread(s)`);

    // A rewrite call: the first evaluates the system prompt (cold), later ones reuse it (warm).
    const cold: number[] = [];
    const warm: number[] = [];
    const rewriteIn: number[] = [];
    const rewriteOut: number[] = [];
    const systemPromptTokens = rewriter.systemPromptTokens();
    for (let i = 0; i < 6; i++) {
      const conversation: SelectedTurn[] = [0, 1].map((index) => ({ index, user: question(), assistant: `${pick()} ${pick()} [notes.md]`, similarity: 0.5, byRecency: index === 1 }));
      const t = performance.now();
      try {
        await rewriter.rewrite({ query: `and ${question()}`, turns: conversation, language: 'en' }, 120_000);
      } catch {
        // Random weights write nonsense: a parse error is expected; the call's time is what counts.
      }
      (i === 0 ? cold : warm).push(performance.now() - t);
      if (rewriter.lastCall) {
        rewriteIn.push(rewriter.lastCall.promptTokensEvaluated);
        rewriteOut.push(rewriter.lastCall.outputTokens);
      }
    }
    o.log(`rewrite call: cold ${Math.round(cold[0]!)} ms, warm p50 ${Math.round(o.pct(warm, 50))} ms (system prompt ${systemPromptTokens} tokens, reused; ${o.pct(rewriteIn, 50)} prompt and ${o.pct(rewriteOut, 50)} written tokens per call)`);

    // ask() with the model's rewrite, Map and Reduce at the default budgets: a question, then a follow-up.
    for (let i = 0; i < o.queries; i++) {
      let t = performance.now();
      const first = await ask(store, question(), askOptions);
      (i === 0 ? askCold : askWarm).push(performance.now() - t);
      t = performance.now();
      const r = await ask(store, 'and what else does it say about that?', { ...askOptions, session: first.session });
      askWarm.push(performance.now() - t);
      for (const x of [first, r]) {
        if (/extractive/.test(x.stages.find((s) => s.stage === 'map')?.summary ?? '')) fellBack.map++;
        if (/extractive/.test(x.stages.find((s) => s.stage === 'reduce')?.summary ?? '')) fellBack.reduce++;
      }
    }
    result = {
      threads,
      promptTokensPerSecond,
      generatedTokensPerSecond,
      rewriteMs: { cold: Math.round(cold[0]!), warm: { p50: Math.round(o.pct(warm, 50)), p95: Math.round(o.pct(warm, 95)) }, promptTokensP50: o.pct(rewriteIn, 50), writtenTokensP50: o.pct(rewriteOut, 50), systemPromptTokens },
    };
  } finally {
    store.close();
  }
  const rssAfter = process.memoryUsage().rss;
  await llm.close();
  o.log(`ask with the model: first ${Math.round(askCold[0] ?? NaN)} ms, then p50 ${Math.round(o.pct(askWarm, 50))} ms, p95 ${Math.round(o.pct(askWarm, 95))} ms (map fell back ${fellBack.map}, reduce ${fellBack.reduce} of ${askWarm.length + askCold.length})`);
  return {
    model: basename(modelPath),
    randomWeights: !o.modelPath,
    ...(o.modelPath ? {} : { architecture: { ...LFM2_1_2B, quantisation: 'Q4_K_M (llama.cpp recipe: 6-bit token embedding and some attn_v/ffn_down)', tokenizer: 'SentencePiece, 65,536 pieces (not the real one: English text comes out in somewhat more tokens)' } }),
    ...(made ? { written: made } : {}),
    fileMB,
    loadMs,
    memoryMB: { loaded: mb(rssLoaded - rssBefore), afterAsk: mb(rssAfter - rssBefore) },
    ...result,
    measuredAtLoad: { promptTokensPerSecond: round1(calibration.promptTokensPerSecond), generatedTokensPerSecond: round1(calibration.generatedTokensPerSecond), ms: calibration.ms },
    defaults: { rewriteWithModel: use.rewrite, answerWithModel: use.answer, estimateMs: use.estimate, mapBudgetMs: use.mapBudgetMs, reduceBudgetMs: use.reduceBudgetMs, ...(use.note ? { note: use.note } : {}) },
    askMs: { cold: Math.round(askCold[0] ?? NaN), warm: { p50: Math.round(o.pct(askWarm, 50)), p95: Math.round(o.pct(askWarm, 95)) }, budgets: { mapMs: DEFAULT_MAP_BUDGET_MS, reduceMs: DEFAULT_REDUCE_BUDGET_MS }, fellBackToExtractive: fellBack, questions: askWarm.length + askCold.length },
  };
}
