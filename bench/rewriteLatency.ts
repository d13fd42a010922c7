/**
 * `npm run bench:rewrite -- --data DIR [--out FILE]`: the lexical rewrite's time per question as
 * the app meets it, where `npm run eval` times a warm second pass. One pass in conversation order
 * through a fresh process, after the engine's warm-up that the app's back end runs when it opens
 * (warmUpRewrite, with passages spread over the index as the user's documents, and V8 compiling
 * each regular expression at its first use): each follow-up finds its conversation's earlier messages read before, and its
 * newest turn pair read ahead and embedded as ask() does when the answer is given; its
 * own words, and anything else new, are read on the follow-up's path. Prints the figures and
 * writes them as JSON (default bench/results/rewrite-latency-<dataset>.json). Tests never assert them.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { openCorpusIndex } from '../src/eval/corpusIndex.js';
import { loadDataset } from '../src/eval/dataset.js';
import { percentile } from '../src/eval/metrics.js';
import { PersistentEmbedder } from '../src/eval/persistentEmbedder.js';
import { CachingEmbedder } from '../src/pipeline/models/cachingEmbedder.js';
import { EmbedderPool } from '../src/pipeline/models/embedderPool.js';
import { readAhead } from '../src/pipeline/rewrite/lexical/engine.js';
import { rewrite } from '../src/pipeline/rewrite/rewrite.js';
import { pairText, turnPairs } from '../src/pipeline/rewrite/targetedHistory.js';
import { DEFAULT_REWRITE_OPTIONS } from '../src/pipeline/rewrite/types.js';
import { compileRegExpsAtFirstUse, WARM_UP_PASSAGES, WARM_UP_ROUNDS, warmUpRewrite } from '../src/server/rewriteWarmUp.js';
import { TermStats } from '../src/pipeline/search/termStats.js';

const { values: args } = parseArgs({ options: { data: { type: 'string' }, out: { type: 'string' }, cache: { type: 'string', default: '.docent-eval' } } });
if (!args.data) {
  console.error('Give the dataset folder: npm run bench:rewrite -- --data ../shared/datasets/mtrag/fiqa');
  process.exit(2);
}
const ds = loadDataset(args.data);
if (!ds.corpusPath) {
  console.error(`${args.data} has no corpus: the rewrite reads the index's word counts, so this needs a folder with one.`);
  process.exit(2);
}
const pool = await EmbedderPool.start({ kind: 'use' });
const embedder = new CachingEmbedder(new PersistentEmbedder(pool, args.cache!), 20_000);
try {
  const index = await openCorpusIndex(ds, args.cache!, pool);
  const termStats = new TermStats(index.store);
  const limit = DEFAULT_REWRITE_OPTIONS.message_char_limit;
  // The questions and turn pairs embedded before timing: the figure excludes the turn embeddings.
  for (const r of ds.rows) await embedder.embed([r.query.trim(), ...turnPairs(r.history, limit).map(pairText)]);
  // The app warms the engine up when its back end opens (warmUpRewrite, off the request path): so
  // here, with word statistics of its own, so that the timed ones start with nothing counted.
  compileRegExpsAtFirstUse();
  const warm = await warmUpRewrite(WARM_UP_ROUNDS, new TermStats(index.store), undefined, index.store.spreadPassages(WARM_UP_PASSAGES, limit));
  const all: number[] = [];
  const followUps: number[] = [];
  let conversation = '';
  let conversations = 0;
  for (const r of ds.rows) {
    const newest = turnPairs(r.history, limit).at(-1);
    const id = r.id.split('::')[0]!;
    if (id !== conversation) conversations++;
    conversation = id;
    // What ask() did when this pair's answer was given.
    if (newest) readAhead(newest, 'en', termStats);
    const t = performance.now();
    await rewrite(r.query, r.history, {}, { embedder, termStats });
    const ms = performance.now() - t;
    all.push(ms);
    if (r.history.length) followUps.push(ms);
  }
  const round = (x: number): number => Math.round(x * 1000) / 1000;
  const figures = {
    dataset: ds.name,
    rows: ds.rows.length,
    conversations,
    follow_ups: followUps.length,
    rewrite_ms_p50: round(percentile(all, 50)),
    rewrite_ms_p95: round(percentile(all, 95)),
    follow_up_ms_p50: round(percentile(followUps, 50)),
    follow_up_ms_p95: round(percentile(followUps, 95)),
    follow_up_ms_max: round(Math.max(...followUps)),
    warm_up_ms: Math.round(warm.ms),
  };
  console.log(`${ds.name}: ${figures.rows} questions in ${conversations} conversations, one pass in order (after the engine's warm-up, ${warm.questions} questions in ${Math.round(warm.ms)} ms)`);
  console.log(`  every question  p50 ${figures.rewrite_ms_p50} ms  p95 ${figures.rewrite_ms_p95} ms`);
  console.log(`  follow-ups      p50 ${figures.follow_up_ms_p50} ms  p95 ${figures.follow_up_ms_p95} ms  max ${figures.follow_up_ms_max} ms`);
  const out = args.out ?? join('bench', 'results', `rewrite-latency-${ds.name.replace(/[^\w.-]+/g, '_')}.json`);
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(figures, null, 2)}\n`);
  console.log(`written to ${out}`);
} finally {
  await embedder.close();
}
