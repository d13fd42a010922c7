/**
 * `npm run eval -- --data DIR [--json OUT] [--strategies a,b] [--retrievers bm25,dense,hybrid] [--weights FILE] [--rewrite-encoder on|off]`
 *
 * With a corpus: each strategy × retriever over every turn that has relevance judgements,
 * nDCG@5/10 and Recall@5/10, plus the strategy's time per turn. Without one: how the
 * strategy's added terms compare with the reference rewrite's. Prints a table and writes JSON
 * (default bench/results/eval-<dataset>.json).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { CachingEmbedder } from '../pipeline/models/cachingEmbedder.js';
import { EmbedderPool } from '../pipeline/models/embedderPool.js';
import { hybridSearch, mixedQueryVector, vectorCandidates, weightedKeywordCandidates } from '../pipeline/search/hybridSearch.js';
import { queryPhrases, queryTerms } from '../pipeline/search/queryTerms.js';
import { TermStats } from '../pipeline/search/termStats.js';
import { DocentError } from '../shared/errors.js';
import { openConversationCorpus, openCorpusIndex, type CorpusIndex } from './corpusIndex.js';
import { EVALUATION_SWITCHES, loadDataset, topicSwitches, type ConversationRow, type Dataset } from './dataset.js';
import { mean, ndcgAt, percentile, recallAt } from './metrics.js';
import { addedTermScores, sameQuery } from './rewriteText.js';
import { LlamaRewriter } from '../pipeline/rewrite/llm/llamaRewriter.js';
import { rewriteWeights } from '../pipeline/rewrite/lexical/scorer.js';
import { PersistentEmbedder } from './persistentEmbedder.js';
import { BASELINES, PREVIOUS_TURN_IDF, REFERENCE_WITH_FEEDBACK, REWRITE_STRATEGIES, rewriteStrategy, type Strategy, type StrategyContext, type StrategyOutput } from './strategies.js';

export type RetrieverName = 'bm25' | 'dense' | 'hybrid';
const ALL_RETRIEVERS: RetrieverName[] = ['bm25', 'dense', 'hybrid'];
const K = 10;

export interface RetrievalRow {
  strategy: string;
  retriever: RetrieverName;
  n: number;
  'ndcg@5': number;
  'ndcg@10': number;
  'recall@5': number;
  'recall@10': number;
  rewrite_ms_mean: number;
  rewrite_ms_p50: number;
  rewrite_ms_p95: number;
  /** LLM strategies: rewrites that fell back to the lexical engine, and prompt tokens evaluated per call. */
  llm_fallbacks?: number;
  llm_prompt_tokens_mean?: number;
}

const round = (x: number, d = 4): number => Math.round(x * 10 ** d) / 10 ** d;

async function retrieve(index: CorpusIndex, embedder: CachingEmbedder, retriever: RetrieverName, out: StrategyOutput): Promise<string[]> {
  const { store } = index;
  // As the Search stage does: the word pairs of the question as the strategy understood it.
  const phrases = queryPhrases(out.resolved ?? out.query);
  let chunkIds: number[];
  if (retriever === 'bm25') {
    const own = queryTerms(out.query).filter((t) => !out.extra?.terms.includes(t));
    chunkIds = weightedKeywordCandidates(store, { own, extra: out.extra, phrases, feedback: out.feedback }, K);
  } else if (retriever === 'dense') {
    const v = await mixedQueryVector(embedder, out.vectorQuery ?? [{ text: out.query, weight: 1 }]);
    chunkIds = vectorCandidates(store, v, K);
  } else {
    chunkIds = (await hybridSearch(store, out.query, { embedder, k: K, candidates: 100, extraTerms: out.extra, vectorQuery: out.vectorQuery, phrases, feedback: out.feedback })).hits.map((h) => h.chunkId);
  }
  return chunkIds.map((id) => index.passageOfChunk(id)).filter((p): p is string => !!p);
}

async function timed(strategy: Strategy, rows: Dataset['rows'], context: StrategyContext): Promise<{ outputs: Map<string, StrategyOutput>; ms: number[] }> {
  const outputs = new Map<string, StrategyOutput>();
  const ms: number[] = [];
  await strategy.prepare?.(rows, context);
  if (strategy.warmup) for (const row of rows) await strategy.run(row, context);
  for (const row of rows) {
    const t = performance.now();
    const out = await strategy.run(row, context);
    ms.push(performance.now() - t);
    outputs.set(row.id, out);
  }
  return { outputs, ms };
}

/** How the rewrite strategies run: another training's weights (`--weights`), and without the sentence encoder (`--rewrite-encoder off`). */
export type RewriteSetup = Pick<StrategyContext, 'weights' | 'rewriteEncoder'>;

export async function evaluateRetrieval(
  dataset: Dataset,
  strategies: Strategy[],
  retrievers: RetrieverName[],
  cacheDir: string,
  log: (s: string) => void,
  setup: RewriteSetup = {},
): Promise<{ results: RetrievalRow[]; topicSwitches: RetrievalRow[] }> {
  const pool = await EmbedderPool.start({ kind: 'use' });
  // Queries and turn pairs are kept on disk between runs; the corpus is cached in its own index.
  const embedder = new CachingEmbedder(new PersistentEmbedder(pool, cacheDir), 20_000);
  try {
    let last = 0;
    const t0 = performance.now();
    const index = await openCorpusIndex(dataset, cacheDir, pool, (done, total) => {
      if (done - last >= 500 || done === total) {
        last = done;
        log(`  embedding corpus: ${done}/${total} (${((performance.now() - t0) / 1000).toFixed(0)} s)`);
      }
    });
    const judged = dataset.rows.filter((r) => dataset.qrels!.get(r.id)?.size);
    log(`  ${judged.length} judged turns of ${dataset.rows.length}; corpus ready in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const termStats = new TermStats(index.store);
    const results: RetrievalRow[] = [];
    const switches = topicSwitches(dataset.rows, EVALUATION_SWITCHES).filter((r) => dataset.qrels!.get(r.opening)?.size);
    const topicSwitchResults: RetrievalRow[] = [];
    for (const strategy of strategies) {
      const context = { termStats, embedder, ...setup };
      const { outputs, ms } = await timed(strategy, judged, context);
      const scored = async <R extends ConversationRow>(rows: readonly R[], relevant: (r: R) => ReadonlyMap<string, number>, out: Map<string, StrategyOutput>, retriever: RetrieverName, times: number[]): Promise<RetrievalRow> => {
        const m = { n5: [] as number[], n10: [] as number[], r5: [] as number[], r10: [] as number[] };
        for (const row of rows) {
          const rel = relevant(row);
          const ranked = await retrieve(index, embedder, retriever, out.get(row.id)!);
          m.n5.push(ndcgAt(ranked, rel, 5));
          m.n10.push(ndcgAt(ranked, rel, 10));
          m.r5.push(recallAt(ranked, rel, 5));
          m.r10.push(recallAt(ranked, rel, 10));
        }
        return {
          strategy: strategy.name,
          retriever,
          n: rows.length,
          'ndcg@5': round(mean(m.n5)),
          'ndcg@10': round(mean(m.n10)),
          'recall@5': round(mean(m.r5)),
          'recall@10': round(mean(m.r10)),
          rewrite_ms_mean: round(mean(times), 3),
          rewrite_ms_p50: round(percentile(times, 50), 3),
          rewrite_ms_p95: round(percentile(times, 95), 3),
          ...strategy.report?.(),
        };
      };
      for (const retriever of retrievers) {
        results.push(await scored(judged, (r) => dataset.qrels!.get(r.id)!, outputs, retriever, ms));
        log(formatRow(results.at(-1)!));
      }
      // The same strategy on made-up topic switches, judged by the opening question's own judgements.
      if (switches.length === 0 || strategy.name === 'reference_rewrite' || strategy.searchOnly) continue;
      const asked = await timed(strategy, switches, context);
      for (const retriever of retrievers) {
        topicSwitchResults.push(await scored(switches, (r) => dataset.qrels!.get(r.opening)!, asked.outputs, retriever, asked.ms));
      }
    }
    if (topicSwitchResults.length) {
      log(`topic switches: another conversation's opening question asked after this one's history (${switches.length} turns)`);
      for (const r of topicSwitchResults) log(formatRow(r));
    }
    index.store.close();
    return { results, topicSwitches: topicSwitchResults };
  } finally {
    await embedder.close();
  }
}

export interface RewriteTextRow {
  strategy: string;
  n: number;
  added_precision: number;
  added_recall: number;
  added_f1: number;
  /** The same for the question the user reads (resolved_query), without the search side's additions. */
  question_added_precision: number;
  question_added_recall: number;
  question_added_f1: number;
  /** Of the turns whose reference equals the query: the share whose question (resolved_query) the strategy left unchanged. */
  unchanged_when_standalone: number;
  /** The same for the searched text, which may also carry expansions (abbreviations, related words). */
  search_unchanged_when_standalone: number;
  standalone_turns: number;
  /** Made-up topic switches (topicSwitches): the share whose question, and whose searched text, the strategy left unchanged. */
  switch_unchanged: number;
  switch_search_unchanged: number;
  switch_turns: number;
  rewrite_ms_mean: number;
  rewrite_ms_p95: number;
}

export async function evaluateRewriteText(dataset: Dataset, strategies: Strategy[], cacheDir: string, setup: RewriteSetup = {}): Promise<RewriteTextRow[]> {
  const out: RewriteTextRow[] = [];
  const embedder = strategies.some((s) => s.prepare) ? new CachingEmbedder(new PersistentEmbedder(await EmbedderPool.start({ kind: 'use' }), cacheDir), 20_000) : undefined;
  // No corpus: the dataset's replies stand in for documents, for word statistics.
  const replies = openConversationCorpus(dataset, cacheDir);
  try {
    for (const strategy of strategies.filter((s) => !s.searchOnly)) out.push(await rewriteTextRow(dataset, strategy, { embedder, termStats: TermStats.of(replies), ...setup }));
  } finally {
    replies.close();
    await embedder?.close();
  }
  return out;
}

/** What a strategy's output searches by keywords: its query and its added terms. */
function searchedText(out: StrategyOutput): string {
  return [out.query, ...(out.extra?.terms ?? [])].join(' ');
}

async function rewriteTextRow(dataset: Dataset, strategy: Strategy, context: StrategyContext): Promise<RewriteTextRow> {
  const { outputs, ms } = await timed(strategy, dataset.rows, context);
  const searched = (id: string): string => searchedText(outputs.get(id)!);
  const scores = dataset.rows.map((r) => addedTermScores(r.query, searched(r.id), r.reference_rewrite));
  // The question a strategy asks, without the search side's additions.
  const question = (id: string): string => outputs.get(id)!.resolved ?? outputs.get(id)!.query;
  const questions = dataset.rows.map((r) => addedTermScores(r.query, question(r.id), r.reference_rewrite));
  const standalone = dataset.rows.filter((r) => sameQuery(r.query, r.reference_rewrite));
  const switches = topicSwitches(dataset.rows, EVALUATION_SWITCHES);
  const asked = (await timed(strategy, switches, context)).outputs;
  const share = (test: (r: ConversationRow, out: StrategyOutput) => boolean): number => round(mean(switches.map((r) => (test(r, asked.get(r.id)!) ? 1 : 0))));
  return {
    strategy: strategy.name,
    n: dataset.rows.length,
    added_precision: round(mean(scores.map((s) => s.precision))),
    added_recall: round(mean(scores.map((s) => s.recall))),
    added_f1: round(mean(scores.map((s) => s.f1))),
    question_added_precision: round(mean(questions.map((s) => s.precision))),
    question_added_recall: round(mean(questions.map((s) => s.recall))),
    question_added_f1: round(mean(questions.map((s) => s.f1))),
    unchanged_when_standalone: round(mean(standalone.map((r) => (sameQuery(r.query, outputs.get(r.id)!.resolved ?? searched(r.id)) ? 1 : 0)))),
    search_unchanged_when_standalone: round(mean(standalone.map((r) => (sameQuery(r.query, searched(r.id)) ? 1 : 0)))),
    standalone_turns: standalone.length,
    switch_unchanged: share((r, o) => sameQuery(r.query, o.resolved ?? o.query)),
    switch_search_unchanged: share((r, o) => sameQuery(r.query, searchedText(o))),
    switch_turns: switches.length,
    rewrite_ms_mean: round(mean(ms), 3),
    rewrite_ms_p95: round(percentile(ms, 95), 3),
  };
}

function formatRow(r: RetrievalRow): string {
  const llm = r.llm_fallbacks !== undefined ? `  LLM fallbacks ${r.llm_fallbacks}, prompt tokens/call ${r.llm_prompt_tokens_mean?.toFixed(0)}` : '';
  return `${r.strategy.padEnd(22)} ${r.retriever.padEnd(7)} n=${r.n}  nDCG@5 ${r['ndcg@5'].toFixed(3)}  nDCG@10 ${r['ndcg@10'].toFixed(3)}  R@5 ${r['recall@5'].toFixed(3)}  R@10 ${r['recall@10'].toFixed(3)}  rewrite ms mean ${r.rewrite_ms_mean.toFixed(2)} p95 ${r.rewrite_ms_p95.toFixed(2)}${llm}`;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      data: { type: 'string', multiple: true },
      json: { type: 'string' },
      strategies: { type: 'string' },
      retrievers: { type: 'string' },
      cache: { type: 'string', default: '.docent-eval' },
      llm: { type: 'string' },
      weights: { type: 'string' },
      'rewrite-encoder': { type: 'string', default: 'on' },
    },
  });
  // Another training's weights (e.g. one that left this dataset out), for the lexical strategies.
  const weights = values.weights ? rewriteWeights(JSON.parse(readFileSync(values.weights, 'utf8')) as Parameters<typeof rewriteWeights>[0]) : undefined;
  if (!['on', 'off'].includes(values['rewrite-encoder']!)) throw new DocentError(`--rewrite-encoder must be on or off, not ${values['rewrite-encoder']}`, 'Use --rewrite-encoder off to rewrite as an index without vectors does.');
  const withoutEncoder = values['rewrite-encoder'] === 'off';
  const setup: RewriteSetup = { ...(weights ? { weights } : {}), ...(withoutEncoder ? { rewriteEncoder: false } : {}) };
  const tags = { ...(values.weights ? { weights: basename(values.weights) } : {}), ...(withoutEncoder ? { rewrite_encoder: 'off' } : {}) };
  if (!values.data?.length) throw new DocentError('no dataset given', 'Use: npm run eval -- --data ../shared/datasets/mtrag/fiqa');
  const known = [...BASELINES, REFERENCE_WITH_FEEDBACK, PREVIOUS_TURN_IDF, ...REWRITE_STRATEGIES];
  let llm: LlamaRewriter | undefined;
  if (values.llm) {
    llm = new LlamaRewriter({ modelPath: values.llm });
    await llm.whenReady();
    // A generous budget: the evaluation measures the model's rewrites, not the product's time limit.
    known.push(rewriteStrategy('llm_full_history', 'full', llm, 60_000), rewriteStrategy('llm_targeted', 'targeted', llm, 60_000));
  }
  const strategies = values.strategies ? known.filter((s) => values.strategies!.split(',').includes(s.name)) : known;
  const retrievers = values.retrievers ? (values.retrievers.split(',') as RetrieverName[]) : ALL_RETRIEVERS;
  for (const dir of values.data) {
    const dataset = loadDataset(dir);
    process.stdout.write(`\n# ${dataset.name}: ${dataset.rows.length} turns${dataset.corpusPath ? '' : ' (no corpus: rewrite-text figures)'}\n`);
    let report: object;
    if (dataset.corpusPath) {
      const log = (s: string): void => void process.stdout.write(s + '\n');
      const { results, topicSwitches: switched } = await evaluateRetrieval(dataset, strategies, retrievers, values.cache!, log, setup);
      report = { dataset: dataset.name, ...tags, results, topic_switches: switched };
    } else {
      const rows = await evaluateRewriteText(dataset, strategies, values.cache!, setup);
      for (const r of rows) process.stdout.write(JSON.stringify(r) + '\n');
      report = { dataset: dataset.name, ...tags, rewrite_text: rows };
    }
    const out = values.json && values.data.length === 1 ? values.json : join('bench', 'results', `eval-${dataset.name.replace(/[^\w.-]+/g, '_')}${withoutEncoder ? '-no-encoder' : ''}.json`);
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, JSON.stringify({ ...report, date: new Date().toISOString() }, null, 2) + '\n');
    process.stdout.write(`written to ${out}\n`);
  }
  await llm?.close();
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((err: unknown) => {
    process.stderr.write(`eval: ${err instanceof DocentError ? err.toUserString() : (err as Error).stack}\n`);
    process.exitCode = 1;
  });
}
