/**
 * `npm run bench`: speed and memory of indexing and search on a deterministic generated corpus.
 * Prints a table and writes bench/results/index.json. Tests never assert these numbers.
 *
 *   npm run bench -- [--files 10000] [--embed-sample 320] [--search-queries 200] [--skip-100k] [--skip-llm] [--only ask|llm]
 *                    [--llm MODEL.gguf] [--llm-queries 3]
 *
 * A full run ends with the LLM path at its real size (llmBench.ts: a random-weight GGUF of the
 * recommended model, or the --llm file), written as `llm`; `--skip-llm` leaves it out and keeps
 * the file's last `llm`. `--only llm` runs that part alone, keeping the other figures there.
 */
import { mkdirSync, readFileSync, statSync, writeFileSync, existsSync, rmSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { embeddingText, Indexer } from '../src/pipeline/index/indexer.js';
import { EmbedderPool } from '../src/pipeline/models/embedderPool.js';
import { normalise } from '../src/pipeline/models/embedder.js';
import { UseEmbedder } from '../src/pipeline/models/useEmbedder.js';
import { basename } from 'node:path';
import { ask } from '../src/pipeline/answer/ask.js';
import { openLocalModels } from '../src/pipeline/answer/localModels.js';
import { CachingEmbedder } from '../src/pipeline/models/cachingEmbedder.js';
import { EXACT_SCAN_LIMIT, exactVectorCandidates, hybridSearch, keywordCandidates, vectorCandidates } from '../src/pipeline/search/hybridSearch.js';
import { ftsMatchExpression, queryTerms } from '../src/pipeline/search/queryTerms.js';
import { IndexStore } from '../src/pipeline/store/indexStore.js';
import { paragraph, Rng, sentence, vocabulary, writeCorpus } from './corpus.js';
import { llmBench } from './llmBench.js';

const { values: args } = parseArgs({
  options: {
    files: { type: 'string', default: '10000' },
    'embed-sample': { type: 'string', default: '320' },
    'search-queries': { type: 'string', default: '200' },
    only: { type: 'string' },
    'skip-100k': { type: 'boolean', default: false },
    'skip-llm': { type: 'boolean', default: false },
    out: { type: 'string', default: 'bench/results/index.json' },
    llm: { type: 'string' },
    'llm-queries': { type: 'string', default: '3' },
  },
});

const WORK = '.docent-bench';
const FILES = Number(args.files);
const results: Record<string, unknown> = {
  machine: { cpus: cpus().length, cpu: cpus()[0]?.model, memoryGiB: Math.round(totalmem() / 2 ** 30), node: process.version },
  date: new Date().toISOString(),
};

let peakRss = 0;
/** On Linux, the parts of RSS at its peak: anonymous memory, and file pages mapped (the index's mmap, libraries). */
let peakParts: { anonMB: number; fileMB: number } | undefined;
const sampler = setInterval(() => {
  const rss = process.memoryUsage().rss;
  if (rss <= peakRss) return;
  peakRss = rss;
  peakParts = rssParts();
}, 25);
function rssParts(): { anonMB: number; fileMB: number } | undefined {
  if (process.platform !== 'linux') return undefined;
  const status = readFileSync('/proc/self/status', 'utf8');
  const kB = (field: string): number => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { anonMB: Math.round(kB('RssAnon') / 102.4) / 10, fileMB: Math.round(kB('RssFile') / 102.4) / 10 };
}
const mb = (b: number): number => Math.round((b / 2 ** 20) * 10) / 10;
const pct = (xs: number[], p: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return Math.round(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]! * 100) / 100;
};
const log = (s: string): void => void process.stdout.write(s + '\n');

async function indexing(): Promise<void> {
  const corpus = join(WORK, `corpus-${FILES}`);
  let t = performance.now();
  writeCorpus(corpus, FILES);
  log(`corpus: ${FILES} files ready in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  const dbPath = join(WORK, 'index-bench.sqlite');
  for (const s of ['', '-wal', '-shm']) rmSync(dbPath + s, { force: true });
  const store = IndexStore.open(dbPath);
  const indexer = new Indexer(store);

  peakRss = process.memoryUsage().rss;
  t = performance.now();
  const first = await indexer.indexRoot(corpus);
  const firstMs = performance.now() - t;
  const chunks = store.counts().chunks;
  const textPeak = peakRss;

  // Embedding: the real encoder on both cores, on a sample of the corpus's chunks.
  const sample = Number(args['embed-sample']);
  const sampleTexts = store.pendingChunks(sample).map((c) => embeddingText(c.heading, c.text));
  const pool = await EmbedderPool.start({ kind: 'use' });
  const runtime = await encoderSpeed(pool, sampleTexts);
  const abort = new AbortController();
  let embedded = 0;
  const embedIndexer = new Indexer(store, {}, (e) => {
    if (e.kind === 'embed-progress') {
      embedded = e.done;
      if (e.done >= sample) abort.abort();
    }
  });
  t = performance.now();
  await embedIndexer.embedPending(pool, abort.signal);
  const embedMs = performance.now() - t;
  const during = await duringIndexing(store, pool);
  await pool.close();
  const indexingPeak = peakRss;
  const embedPeak = peakRss;
  const embedPeakParts = peakParts;

  // The same sample on the encoder's former path (TensorFlow.js's WebAssembly runtime), after
  // the peaks above are taken: issue 46's baseline, measured in this run on this machine.
  const baselinePool = await EmbedderPool.start({ kind: 'use', runtime: 'wasm' });
  const baseline = await encoderSpeed(baselinePool, sampleTexts);
  await baselinePool.close();

  t = performance.now();
  const rescan = await indexer.indexRoot(corpus);
  const rescanMs = performance.now() - t;
  store.close();
  const dbBytes = ['', '-wal'].reduce((n, s) => n + (existsSync(dbPath + s) ? statSync(dbPath + s).size : 0), 0);

  results.indexing = {
    files: first.seen,
    indexed: first.added,
    chunks,
    firstIndexSeconds: Math.round(firstMs) / 1000,
    filesPerSecond: Math.round(first.seen / (firstMs / 1000)),
    chunksPerSecond: Math.round(chunks / (firstMs / 1000)),
    peakRssTextPassMB: mb(textPeak),
    embedding: {
      chunks: embedded,
      workers: pool.size,
      threadsPerWorker: pool.threadsPerWorker,
      msPerChunkWall: Math.round((embedMs / embedded) * 10) / 10,
      msPerChunkPerCore: Math.round(((embedMs * Math.min(cpus().length, pool.size * pool.threadsPerWorker)) / embedded) * 10) / 10,
      projectedMinutesForAllChunks: Math.round(((embedMs / embedded) * chunks) / 6000) / 10,
      passagesPerSecond: Math.round((embedded / (embedMs / 1000)) * 10) / 10,
      projectedMinutesFor50000: Math.round(((embedMs / embedded) * 50_000) / 6000) / 10,
      runtime: runtime.runtime,
      /** Both runtimes embedding the same sample on both cores, no index writes: ms per passage, wall. */
      encoderMsPerChunkWall: runtime.msPerChunk,
      baseline: { runtime: baseline.runtime, encoderMsPerChunkWall: baseline.msPerChunk },
      speedupVsBaseline: Math.round((baseline.msPerChunk / runtime.msPerChunk) * 100) / 100,
    },
    peakRssWhileEmbeddingMB: mb(embedPeak),
    peakRssWhileEmbeddingParts: embedPeakParts,
    /** The whole indexing phase: text pass, vector pass, and searching while it runs. */
    peakRssMB: mb(indexingPeak),
    duringIndexing: during,
    databaseMB: mb(dbBytes),
    unchangedRescan: { files: rescan.seen, unchanged: rescan.unchanged, seconds: Math.round(rescanMs) / 1000 },
  };
}

/** The pool's ms per passage (wall) on `texts`, in batches of 32 as the vector pass sends them; which runtime ran. */
async function encoderSpeed(pool: EmbedderPool, texts: string[]): Promise<{ runtime: string; msPerChunk: number }> {
  await pool.embed(texts.slice(0, 2 * pool.size));
  const t = performance.now();
  for (let i = 0; i < texts.length; i += 32) await pool.embed(texts.slice(i, i + 32), { background: true });
  const msPerChunk = Math.round(((performance.now() - t) / texts.length) * 10) / 10;
  return { runtime: pool.runtime ?? 'unknown', msPerChunk };
}

/** `n` searches and `ask`s (no LLM), each timed alone, with the query embedded by `embedder`. */
const QUERY_WORDS = vocabulary(8000, new Rng(42));
async function timedQueries(store: IndexStore, embedder: EmbedderPool, seed: number, n: number): Promise<{ search: number[]; ask: number[] }> {
  const vocab = QUERY_WORDS;
  const qrng = new Rng(seed);
  const search: number[] = [];
  const asked: number[] = [];
  for (let i = 0; i < n; i++) {
    const q = sentence(vocab, qrng).split(' ').slice(0, 2 + qrng.int(4)).join(' ').replace(/\.$/, '');
    let t = performance.now();
    await hybridSearch(store, q, { embedder });
    search.push(performance.now() - t);
    t = performance.now();
    await ask(store, `${q}?`, { embedder });
    asked.push(performance.now() - t);
  }
  return { search, ask: asked };
}

/**
 * Searching while the vector pass runs, against the same after it: p95 of a search and of `ask`
 * (no LLM) with the query embedded by the pool that makes the vectors, as in the app. The pass
 * runs twice: as it did before issue 46 (its batches queued in the workers ahead of a query's
 * text) and as it does now (a query's text goes first; the pass gives way between two passages).
 */
async function duringIndexing(store: IndexStore, pool: EmbedderPool): Promise<Record<string, unknown>> {
  const n = 40;
  const pass = async (background: boolean, seed: number): Promise<{ search: number[]; ask: number[] }> => {
    const abort = new AbortController();
    // Today's path, or the path before: the same pool, without the mark that lets a query go first.
    const embedder = background ? pool : Object.assign(Object.create(pool) as EmbedderPool, { embed: (texts: readonly string[]) => pool.embed(texts) });
    const running = new Indexer(store).embedPending(embedder, abort.signal);
    try {
      return await timedQueries(store, pool, seed, n);
    } finally {
      abort.abort();
      await running;
    }
  };
  const before = await pass(false, 301);
  const now = await pass(true, 302);
  const idle = await timedQueries(store, pool, 303, n);
  const p95 = (xs: number[]): number => pct(xs, 95);
  const ratio = (a: number[], b: number[]): number => Math.round((p95(a) / p95(b)) * 100) / 100;
  const figures = {
    queries: n,
    idleMs: { search: { p50: pct(idle.search, 50), p95: p95(idle.search) }, ask: { p50: pct(idle.ask, 50), p95: p95(idle.ask) } },
    duringMs: { search: { p50: pct(now.search, 50), p95: p95(now.search) }, ask: { p50: pct(now.ask, 50), p95: p95(now.ask) } },
    duringBeforeIssue46Ms: { search: { p50: pct(before.search, 50), p95: p95(before.search) }, ask: { p50: pct(before.ask, 50), p95: p95(before.ask) } },
    searchP95Ratio: ratio(now.search, idle.search),
    askP95Ratio: ratio(now.ask, idle.ask),
    beforeIssue46: { searchP95Ratio: ratio(before.search, idle.search), askP95Ratio: ratio(before.ask, idle.ask) },
  };
  log(`while the vector pass runs: search p95 ${p95(now.search)} ms, ask p95 ${p95(now.ask)} ms (idle ${p95(idle.search)} and ${p95(idle.ask)} ms: ${figures.searchP95Ratio}× and ${figures.askP95Ratio}×; before: ${figures.beforeIssue46.searchP95Ratio}× and ${figures.beforeIssue46.askP95Ratio}×)`);
  return figures;
}

/**
 * Builds an index of `n` chunks with synthetic vectors: 2,000 random topic centres, each chunk a
 * noisy copy of one. KNN cost does not depend on the values; the agreement figure of the
 * approximate path does, so it is a figure for this synthetic data only.
 */
const centres = (() => {
  const rng = new Rng(7);
  return Array.from({ length: 2000 }, () => Float32Array.from({ length: 512 }, () => rng.next() - 0.5));
})();

function syntheticIndex(n: number, vocab: string[]): IndexStore {
  const dbPath = join(WORK, `search-${n}.sqlite`);
  const ready = existsSync(dbPath);
  const store = IndexStore.open(dbPath);
  if (ready && store.counts().vectors === n) return store;
  store.close();
  for (const s of ['', '-wal', '-shm']) rmSync(dbPath + s, { force: true });
  const fresh = IndexStore.open(dbPath);
  fresh.bindEmbedder({ id: UseEmbedder.ID, dimension: 512 });
  const root = fresh.addRoot('/bench');
  const rng = new Rng(8);
  const perFile = 100;
  for (let f = 0; f < n / perFile; f++) {
    const texts = Array.from({ length: perFile }, () => paragraph(vocab, rng));
    fresh.replaceFile(
      { rootId: root.id, path: `/bench/f${f}.md`, type: 'markdown', size: 1, mtimeMs: 1, hash: `h${f}`, status: 'indexed', reason: null },
      texts.map((text, i) => ({ ordinal: i, page: null, charStart: 0, charEnd: text.length, heading: `f${f}.md`, text, textHash: `${f}-${i}` })),
    );
  }
  let batch: Array<{ chunkId: number; vector: Float32Array }> = [];
  for (const c of fresh.db.prepare('SELECT id FROM chunks').all() as Array<{ id: number }>) {
    const centre = centres[rng.int(centres.length)]!;
    batch.push({ chunkId: c.id, vector: normalise(Float32Array.from(centre, (x) => x + 0.8 * (rng.next() - 0.5))) });
    if (batch.length === 5000) {
      fresh.storeVectors(batch);
      batch = [];
    }
  }
  if (batch.length) fresh.storeVectors(batch);
  return fresh;
}

async function searching(): Promise<void> {
  const rng = new Rng(42);
  const vocab = vocabulary(8000, rng);
  // Queries are embedded in a worker thread, as in the app, so the keyword query overlaps it.
  const embedder = await EmbedderPool.start({ kind: 'use' }, 1);
  await embedder.embed(['warm up']);
  const qrng = new Rng(99);
  const queries: string[] = [];
  while (queries.length < Number(args['search-queries'])) {
    const q = sentence(vocab, qrng).split(' ').slice(0, 2 + qrng.int(4)).join(' ').replace(/\.$/, '');
    if (queryTerms(q).length > 0) queries.push(q); // a query of stopwords alone searches nothing
  }
  const sizes = args['skip-100k'] ? [10_000] : [10_000, 100_000];
  const out: Record<string, unknown> = {};
  for (const n of sizes) {
    let t = performance.now();
    const store = syntheticIndex(n, vocab);
    log(`search index of ${n} chunks ready in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    const total: number[] = [];
    const embedOnly: number[] = [];
    const fts: number[] = [];
    const knn: number[] = [];
    let overlap = 0;
    for (const q of queries) {
      t = performance.now();
      const [qv] = await embedder.embed([q]);
      embedOnly.push(performance.now() - t);
      t = performance.now();
      keywordCandidates(store, ftsMatchExpression(queryTerms(q))!, 100);
      fts.push(performance.now() - t);
      t = performance.now();
      vectorCandidates(store, qv!, 100);
      knn.push(performance.now() - t);
      // Agreement needs a query that lies near the synthetic data, as real queries lie near real passages.
      const near = normalise(Float32Array.from(centres[qrng.int(centres.length)]!, (x) => x + 0.8 * (qrng.next() - 0.5)));
      const approx = vectorCandidates(store, near, 10);
      const exact = exactVectorCandidates(store, Buffer.from(near.buffer), 10);
      overlap += approx.filter((id) => exact.includes(id)).length;
      t = performance.now();
      await hybridSearch(store, q, { embedder, k: 10 });
      total.push(performance.now() - t);
    }
    out[`chunks_${n}`] = {
      queries: queries.length,
      hybridMs: { p50: pct(total, 50), p95: pct(total, 95) },
      hybridWithoutQueryEmbeddingMs: { p50: pct(total.map((x, i) => x - embedOnly[i]!), 50), p95: pct(total.map((x, i) => x - embedOnly[i]!), 95) },
      queryEmbeddingMs: { p50: pct(embedOnly, 50), p95: pct(embedOnly, 95) },
      bm25Ms: { p50: pct(fts, 50), p95: pct(fts, 95) },
      knnMs: { p50: pct(knn, 50), p95: pct(knn, 95), path: n > EXACT_SCAN_LIMIT ? 'sign-bit pre-selection + int8 re-rank' : 'exact scan (sqlite-vec)' },
      knnTop10AgreementWithExact: Math.round((overlap / (queries.length * 10)) * 1000) / 1000,
    };
    store.close();
  }
  await embedder.close();
  results.search = out;
}

/**
 * `ask` end to end without an LLM (rewrite, plan, search, extractive map/filter/reduce) over the
 * 10k-chunk index: each query asked as a follow-up in a two-turn session.
 */
async function asking(): Promise<void> {
  const rng = new Rng(42);
  const vocab = vocabulary(8000, rng);
  // As in the app: an encoder per core, behind a cache of recent texts.
  const embedder = new CachingEmbedder(await EmbedderPool.start({ kind: 'use' }), 4096);
  const store = syntheticIndex(10_000, vocab);
  const qrng = new Rng(77);
  const total: number[] = [];
  const byStage = new Map<string, number[]>();
  const n = Number(args['search-queries']);
  for (let i = 0; i < n; i++) {
    const q = sentence(vocab, qrng).split(' ').slice(0, 3 + qrng.int(4)).join(' ').replace(/\.$/, '') + '?';
    const first = await ask(store, q, { embedder });
    // The user reads the answer before typing a follow-up; meanwhile the turn's vector is made.
    await first.prepared;
    const follow = `and ${sentence(vocab, qrng).split(' ').slice(0, 2).join(' ')}?`;
    const t = performance.now();
    const r = await ask(store, follow, { embedder, session: first.session });
    total.push(performance.now() - t);
    for (const s of r.stages) byStage.set(s.stage, [...(byStage.get(s.stage) ?? []), s.ms]);
  }
  results.ask = {
    queries: n,
    chunks: 10_000,
    note: 'follow-up questions (history of one turn), no LLM, encoder workers on every core; timed after the previous turn\'s vector was made (ask() starts it as it answers)',
    askMs: { p50: pct(total, 50), p95: pct(total, 95) },
    stagesMsP50: Object.fromEntries([...byStage].map(([k, v]) => [k, pct(v, 50)])),
    stagesMsP95: Object.fromEntries([...byStage].map(([k, v]) => [k, pct(v, 95)])),
  };
  log(`ask over 10,000 chunks: p50 ${pct(total, 50)} ms, p95 ${pct(total, 95)} ms`);
  if (args.llm) await askingWithLlm(store, embedder, vocab, args.llm);
  store.close();
  await embedder.close();
}

/**
 * With a local GGUF model (`--llm`): when the passages are found (the app lists them at once)
 * versus when the model's answer is ready. The model is loaded (untimed) before the first question.
 */
async function askingWithLlm(store: IndexStore, embedder: CachingEmbedder, vocab: string[], modelPath: string): Promise<void> {
  const { llm, askOptions } = openLocalModels(modelPath);
  await llm.whenReady();
  const qrng = new Rng(99);
  const firstHits: number[] = [];
  const final: number[] = [];
  const byStage = new Map<string, number[]>();
  const fallbacks = { map: 0, reduce: 0 };
  const n = Number(args['llm-queries']);
  for (let i = 0; i < n; i++) {
    const q = sentence(vocab, qrng).split(' ').slice(0, 3 + qrng.int(4)).join(' ').replace(/\.$/, '') + '?';
    const first = await ask(store, q, { embedder, ...askOptions });
    await first.prepared;
    const follow = `and ${sentence(vocab, qrng).split(' ').slice(0, 2).join(' ')}?`;
    const t = performance.now();
    let hitsAt = NaN;
    const r = await ask(store, follow, { embedder, session: first.session, ...askOptions, onHits: () => (hitsAt = performance.now() - t) });
    final.push(performance.now() - t);
    firstHits.push(hitsAt);
    for (const s of r.stages) byStage.set(s.stage, [...(byStage.get(s.stage) ?? []), s.ms]);
    if (/extractive/.test(r.stages.find((s) => s.stage === 'map')?.summary ?? '')) fallbacks.map++;
    if (/extractive/.test(r.stages.find((s) => s.stage === 'reduce')?.summary ?? '')) fallbacks.reduce++;
  }
  results.askLlm = {
    model: basename(modelPath),
    queries: n,
    note: 'follow-ups over the 10k-chunk index with the model rewriting, mapping and reducing (default budgets); the model loaded before timing',
    firstResultsMs: { p50: pct(firstHits, 50), p95: pct(firstHits, 95) },
    finalAnswerMs: { p50: pct(final, 50), p95: pct(final, 95) },
    stagesMsP50: Object.fromEntries([...byStage].map(([k, v]) => [k, pct(v, 50)])),
    fellBackToExtractive: fallbacks,
  };
  log(`ask with ${basename(modelPath)}: first results p50 ${pct(firstHits, 50)} ms, final answer p50 ${pct(final, 50)} ms (p95 ${pct(final, 95)} ms)`);
  await llm.close();
}

mkdirSync(WORK, { recursive: true });
mkdirSync('bench/results', { recursive: true });
let outPath = args.out!;
if (args.only === 'llm') {
  const llm = await llmBench({ work: WORK, modelPath: args.llm, queries: Number(args['llm-queries']), log, pct });
  clearInterval(sampler);
  // The other figures of the file stay as they were measured.
  const kept = existsSync(outPath) ? (JSON.parse(readFileSync(outPath, 'utf8')) as Record<string, unknown>) : {};
  Object.assign(results, { ...kept, llm: { ...llm, machine: results.machine, date: results.date, peakRssMB: mb(peakRss) } }, { machine: kept.machine ?? results.machine, date: kept.date ?? results.date });
} else {
  if (args.only !== 'ask') {
    await indexing();
    await searching();
  }
  await asking();
  results.peakRssMB = mb(peakRss);
  if (args.only === 'ask' && args.out === 'bench/results/index.json') outPath = 'bench/results/ask.json';
  if (args.only === undefined && !args['skip-llm']) {
    // The LLM path at its real size in the same run; its memory peak is its own.
    peakRss = 0;
    const llm = await llmBench({ work: WORK, modelPath: args.llm, queries: Number(args['llm-queries']), log, pct });
    results.llm = { ...llm, peakRssMB: mb(peakRss) };
  }
  clearInterval(sampler);
  // With --skip-llm or --only ask, the LLM figures of the last run that made them stay.
  const kept = existsSync(outPath) ? (JSON.parse(readFileSync(outPath, 'utf8')) as Record<string, unknown>) : {};
  if (kept.llm && !results.llm) results.llm = kept.llm;
}
writeFileSync(outPath, JSON.stringify(results, null, 2) + '\n');
log(JSON.stringify(results, null, 2));
log(`written to ${outPath}`);
