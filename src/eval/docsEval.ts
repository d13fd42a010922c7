/**
 * `npm run eval:docs -- [--json OUT] [--slice] [--vectors off|on|both] [--verify] [--cache DIR]`
 *
 * The real-documents evaluation: Debian's documentation packages (scripts/install-docs.sh)
 * indexed as a user's folder, then every question and conversation of docsSet.json asked through
 * the whole pipeline (`ask`, built-in engines). Per set it prints hit@1, hit@5 and MRR@10 at page
 * level, the share of answers that contain the fact, the share of unanswerable questions answered
 * "not found", the share of answerable ones that are not, and the AUROC of confidence between
 * answerable and unanswerable questions. Writes JSON (default bench/results/eval-docs.json).
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ask, type AskResult } from '../pipeline/answer/ask.js';
import { passageTexts } from '../pipeline/answer/mapStage.js';
import { Indexer } from '../pipeline/index/indexer.js';
import { createEmbedder } from '../pipeline/models/createEmbedder.js';
import type { Embedder } from '../pipeline/models/embedder.js';
import { EmbedderPool } from '../pipeline/models/embedderPool.js';
import { chooseEmbedderSpec } from '../pipeline/models/embedderSpec.js';
import { modelsDir } from '../pipeline/config.js';
import { forgetAgreements, type SearchHit } from '../pipeline/search/hybridSearch.js';
import { IndexStore } from '../pipeline/store/indexStore.js';
import { DocentError } from '../shared/errors.js';
import { answerableItems, assembleCorpus, containsFact, itemsWithin, loadDocsSet, translatedAnswerable, translatedUnanswerable, verifySet, type AnswerableItem, type DocsSet } from './docs/docsSet.js';
import { auroc, firstRelevantRank, mean, percentile } from './metrics.js';

/** Below this confidence an answer counts as "not found" for the done-when measure, whatever it says. */
export const LOW_CONFIDENCE = 0.3;

export interface ItemResult {
  id: string;
  question: string;
  /** 1-based rank of the first relevant page among the passages' pages (deduplicated), or null. */
  pageRank: number | null;
  fileRank: number | null;
  containsFact: boolean;
  /** One of the answer's citations is on a relevant page. */
  citedRightPage: boolean;
  notFound: boolean;
  confidence: number;
  answer: string;
  /** 1-based rank of the first searched passage whose text holds the fact (what an extractive answer could quote), or null. */
  factPassageRank?: number | null;
}

export interface SetFigures {
  n: number;
  'hit@1': number;
  'hit@5': number;
  'mrr@10': number;
  'file_hit@5': number;
  answer_contains_fact: number;
  /** The share of items whose fact is in the first searched passage, and in one of the first five: the ceiling of an extractive answer. */
  fact_in_passage_1: number;
  fact_in_passages_5: number;
  citation_on_right_page: number;
  answerable_not_found: number;
  mean_confidence: number;
  /** The median length of the answers given (not-found ones left out), in characters: a fact in a longer answer is cheaper. */
  answer_chars_median: number;
}

export interface UnanswerableFigures {
  n: number;
  not_found: number;
  not_found_or_low: number;
  mean_confidence: number;
}

export interface ModeFigures {
  mode: 'keyword' | 'hybrid';
  questions: SetFigures;
  conversations: SetFigures;
  /** Follow-up turns only (the second turn on). */
  follow_ups: SetFigures;
  all_answerable: SetFigures;
  /** Questions of the set asked in another language than the files' (not in all_answerable). */
  translated: SetFigures;
  unanswerable: UnanswerableFigures;
  auroc: number;
  /** The unanswerable questions asked in another language, and the AUROC of confidence between them and `translated`. */
  translated_unanswerable: UnanswerableFigures & { auroc: number };
  /** The held-out manuals' answerable items (questions and conversation turns), and their unanswerable ones against them. */
  held_out?: SetFigures;
  held_out_unanswerable?: UnanswerableFigures & { auroc: number };
  /** The later held-out parts (manuals added later still), each by its name. */
  held_out_later?: { name: string; answerable: SetFigures; unanswerable: UnanswerableFigures & { auroc: number } }[];
  ms_per_question: number;
  items: ItemResult[];
}

/** The pages of the passages in rank order, each once: `file#page` (HTML: `file#`). */
export function rankedPages(hits: readonly SearchHit[], corpusDir: string): string[] {
  const out: string[] = [];
  for (const h of hits) {
    const key = `${relative(corpusDir, h.path)}#${h.page ?? ''}`;
    if (!out.includes(key)) out.push(key);
  }
  return out;
}

/** How an answer to one item scores. */
export function scoreItem(item: AnswerableItem, r: Pick<AskResult, 'answer' | 'notFound' | 'confidence'> & Partial<Pick<AskResult, 'citations'>>, hits: readonly SearchHit[], corpusDir: string): ItemResult {
  const pages = rankedPages(hits, corpusDir);
  const wanted = new Set(item.relevant.map((x) => `${x.file}#${x.page ?? ''}`));
  const files = [...new Set(pages.map((p) => p.slice(0, p.lastIndexOf('#'))))];
  const wantedFiles = new Set(item.relevant.map((x) => x.file));
  return {
    id: item.id,
    question: item.question,
    pageRank: firstRelevantRank(pages, (p) => wanted.has(p), 10),
    fileRank: firstRelevantRank(files, (f) => wantedFiles.has(f), 10),
    containsFact: !r.notFound && containsFact(r.answer, item.facts),
    citedRightPage: !r.notFound && (r.citations ?? []).some((c) => wanted.has(`${relative(corpusDir, c.path)}#${c.page ?? ''}`)),
    notFound: r.notFound,
    confidence: r.confidence,
    answer: r.answer,
  };
}

const round = (x: number): number => Math.round(x * 1000) / 1000;

export function figures(items: readonly ItemResult[]): SetFigures {
  const share = (f: (i: ItemResult) => boolean): number => round(items.length ? items.filter(f).length / items.length : 0);
  return {
    n: items.length,
    'hit@1': share((i) => i.pageRank === 1),
    'hit@5': share((i) => i.pageRank !== null && i.pageRank <= 5),
    'mrr@10': round(mean(items.map((i) => (i.pageRank ? 1 / i.pageRank : 0)))),
    'file_hit@5': share((i) => i.fileRank !== null && i.fileRank <= 5),
    answer_contains_fact: share((i) => i.containsFact),
    fact_in_passage_1: share((i) => i.factPassageRank === 1),
    fact_in_passages_5: share((i) => i.factPassageRank != null && i.factPassageRank <= 5),
    citation_on_right_page: share((i) => i.citedRightPage),
    answerable_not_found: share((i) => i.notFound),
    mean_confidence: round(mean(items.map((i) => i.confidence))),
    answer_chars_median: percentile(items.filter((i) => !i.notFound).map((i) => i.answer.length), 50),
  };
}

async function askOne(store: IndexStore, question: string, embedder: Embedder | undefined, session?: string): Promise<{ r: AskResult; hits: SearchHit[] }> {
  // One turn of the event loop per question: a keyword ask awaits no I/O, so a few hundred of them
  // ran as one task, and a host waiting on this loop's process (the test runner's calls to its
  // worker, 60 s at most) timed out on a busy machine.
  await nextTurn();
  const r = await ask(store, question, { embedder, session });
  await r.prepared;
  // The passages as ask lists them with its answer (what `docent ask --json` and the app show).
  return { r, hits: r.passages };
}

/** An item scored, with the rank of the first passage that holds its fact. */
function scoreAsked(store: IndexStore, item: AnswerableItem, asked: { r: AskResult; hits: SearchHit[] }, corpusDir: string): ItemResult {
  const texts = passageTexts(store, asked.hits.slice(0, 10));
  const at = asked.hits.slice(0, 10).findIndex((h) => containsFact(texts.get(h.chunkId) ?? '', item.facts));
  return { ...scoreItem(item, asked.r, asked.hits, corpusDir), factPassageRank: at < 0 ? null : at + 1 };
}

/** Every item of the set asked through the pipeline, with or without the vector side. */
export async function evaluate(store: IndexStore, set: DocsSet, corpusDir: string, embedder?: Embedder): Promise<ModeFigures> {
  // Every run rewrites afresh: a rewrite kept from an earlier run (by code whose engine id was not
  // bumped) would be measured in place of this code's (it hid a changed follow-up for a day).
  store.db.exec('DELETE FROM rewrite_cache');
  const t0 = performance.now();
  let asked = 0;
  // Each standing alone, in a session of its own.
  const askQuestions = async (items: readonly AnswerableItem[]): Promise<ItemResult[]> => {
    const into: ItemResult[] = [];
    for (const q of items) {
      into.push(scoreAsked(store, q, await askOne(store, q.question, embedder), corpusDir));
      asked++;
    }
    return into;
  };
  const questions = await askQuestions(set.questions);
  const turns: ItemResult[] = [];
  const followUps: ItemResult[] = [];
  const askConversations = async (conversations: DocsSet['conversations'], into: ItemResult[], followUpsInto?: ItemResult[]): Promise<void> => {
    for (const c of conversations) {
      let session: string | undefined;
      for (const [i, t] of c.turns.entries()) {
        const turn = await askOne(store, t.question, embedder, session);
        session = turn.r.session;
        const scored = scoreAsked(store, t, turn, corpusDir);
        into.push(scored);
        if (i > 0) followUpsInto?.push(scored);
        asked++;
      }
    }
  };
  await askConversations(set.conversations, turns, followUps);
  const translated = await askQuestions(translatedAnswerable(set));
  const askUnanswerable = async (items: DocsSet['unanswerable']): Promise<ItemResult[]> => {
    const out: ItemResult[] = [];
    for (const u of items) {
      const { r } = await askOne(store, u.question, embedder);
      out.push({ id: u.id, question: u.question, pageRank: null, fileRank: null, containsFact: false, citedRightPage: false, notFound: r.notFound, confidence: r.confidence, answer: r.answer });
      asked++;
    }
    return out;
  };
  const unanswerable = await askUnanswerable(set.unanswerable);
  const translatedUnanswered = await askUnanswerable(translatedUnanswerable(set));
  // The held-out manuals' items, each part asked the same way and counted apart.
  const askPart = async (part: Pick<NonNullable<DocsSet['heldOut']>, 'questions' | 'conversations' | 'unanswerable'>): Promise<{ answerable: ItemResult[]; unanswerable: ItemResult[] }> => {
    const answerable = await askQuestions(part.questions);
    await askConversations(part.conversations, answerable);
    return { answerable, unanswerable: await askUnanswerable(part.unanswerable) };
  };
  const { answerable: heldOut, unanswerable: heldOutUnanswered } = await askPart(set.heldOut ?? { questions: [], conversations: [], unanswerable: [] });
  const later: { name: string; answerable: ItemResult[]; unanswerable: ItemResult[] }[] = [];
  for (const part of set.heldOutLater) later.push({ name: part.name, ...(await askPart(part)) });
  const answerable = [...questions, ...turns];
  const unanswered = (items: readonly ItemResult[]): UnanswerableFigures => {
    const share = (f: (i: ItemResult) => boolean): number => round(items.length ? items.filter(f).length / items.length : 0);
    return { n: items.length, not_found: share((i) => i.notFound), not_found_or_low: share((i) => i.notFound || i.confidence < LOW_CONFIDENCE), mean_confidence: round(mean(items.map((i) => i.confidence))) };
  };
  // Unanswerable questions' figures, with the AUROC of confidence between them and the answerable ones they go with.
  const against = (items: readonly ItemResult[], answered: readonly ItemResult[]): UnanswerableFigures & { auroc: number } => ({ ...unanswered(items), auroc: round(auroc(answered.map((i) => i.confidence), items.map((i) => i.confidence))) });
  return {
    mode: embedder ? 'hybrid' : 'keyword',
    questions: figures(questions),
    conversations: figures(turns),
    follow_ups: figures(followUps),
    all_answerable: figures(answerable),
    translated: figures(translated),
    unanswerable: unanswered(unanswerable),
    auroc: round(auroc(answerable.map((i) => i.confidence), unanswerable.map((i) => i.confidence))),
    translated_unanswerable: against(translatedUnanswered, translated),
    ...(set.heldOut ? { held_out: figures(heldOut), held_out_unanswerable: against(heldOutUnanswered, heldOut) } : {}),
    ...(later.length ? { held_out_later: later.map((p) => ({ name: p.name, answerable: figures(p.answerable), unanswerable: against(p.unanswerable, p.answerable) })) } : {}),
    ms_per_question: Math.round((performance.now() - t0) / Math.max(1, asked)),
    items: [...answerable, ...translated, ...unanswerable, ...translatedUnanswered, ...heldOut, ...heldOutUnanswered, ...later.flatMap((p) => [...p.answerable, ...p.unanswerable])],
  };
}

/** Indexes the corpus folder (text pass; vectors too when asked), quietly, resuming what is there. */
export async function indexCorpus(store: IndexStore, corpusDir: string, vectors: boolean, onProgress: (line: string) => void = () => undefined): Promise<void> {
  const indexer = new Indexer(store);
  const summary = await indexer.indexRoot(corpusDir);
  onProgress(`indexed ${summary.seen} files (${summary.added + summary.updated} read, ${summary.skipped} skipped, ${summary.failed} failed), ${summary.chunks} passages`);
  if (!vectors || store.pendingChunkCount() === 0) return;
  const spec = chooseEmbedderSpec(store, undefined, modelsDir());
  const pool = await EmbedderPool.start(spec);
  try {
    onProgress(`making vectors for ${store.pendingChunkCount()} passages …`);
    await indexer.embedPending(pool, new AbortController().signal);
  } finally {
    await pool.close();
  }
}

/** One set's figures as a row of the table. */
const setRow = (mode: string, name: string, f: SetFigures): string =>
  [mode, name, f.n, f['hit@1'], f['hit@5'], f['mrr@10'], f['file_hit@5'], f.answer_contains_fact, `${f.fact_in_passage_1} / ${f.fact_in_passages_5}`, f.citation_on_right_page, f.answerable_not_found, f.mean_confidence, f.answer_chars_median].join(' | ');

function table(results: readonly ModeFigures[]): string {
  const rows: string[] = [];
  const head = ['mode', 'set', 'n', 'hit@1', 'hit@5', 'MRR@10', 'file hit@5', 'fact in answer', 'fact in passage 1 / 1-5', 'cited a right page', 'answerable → not found', 'mean conf.', 'answer chars (median)'];
  rows.push(head.join(' | '));
  for (const r of results) {
    for (const [name, f] of [['questions', r.questions], ['conversation turns', r.conversations], ['  of which follow-ups', r.follow_ups], ['all answerable', r.all_answerable], ['questions asked in Dutch', r.translated]] as const) {
      rows.push(setRow(r.mode, name, f));
    }
    rows.push(`${r.mode} | unanswerable | ${r.unanswerable.n} | not found ${r.unanswerable.not_found} | not found or confidence < ${LOW_CONFIDENCE}: ${r.unanswerable.not_found_or_low} | mean conf. ${r.unanswerable.mean_confidence} | AUROC ${r.auroc} | ${r.ms_per_question} ms per question`);
    if (r.held_out) {
      rows.push(setRow(r.mode, 'held out (manuals added later)', r.held_out));
      const h = r.held_out_unanswerable!;
      rows.push(`${r.mode} | held out: unanswerable | ${h.n} | not found ${h.not_found} | not found or confidence < ${LOW_CONFIDENCE}: ${h.not_found_or_low} | mean conf. ${h.mean_confidence} | AUROC ${h.auroc} (against the held-out answerable)`);
    }
    for (const p of r.held_out_later ?? []) {
      rows.push(setRow(r.mode, `held out: ${p.name}`, p.answerable));
      const h = p.unanswerable;
      rows.push(`${r.mode} | held out: ${p.name}: unanswerable | ${h.n} | not found ${h.not_found} | not found or confidence < ${LOW_CONFIDENCE}: ${h.not_found_or_low} | mean conf. ${h.mean_confidence} | AUROC ${h.auroc} (against its answerable)`);
    }
    const u = r.translated_unanswerable;
    if (u.n) rows.push(`${r.mode} | unanswerable asked in Dutch | ${u.n} | not found ${u.not_found} | not found or confidence < ${LOW_CONFIDENCE}: ${u.not_found_or_low} | mean conf. ${u.mean_confidence} | AUROC ${u.auroc} (against the Dutch answerable)`);
  }
  return rows.join('\n');
}

export interface DocsEvalOptions {
  slice?: boolean;
  vectors?: 'off' | 'on' | 'both';
  cacheDir?: string;
  onProgress?: (line: string) => void;
}

export interface DocsEvalReport {
  date: string;
  slice: boolean;
  corpus_files: number;
  passages: number;
  results: ModeFigures[];
}

/** Assembles, verifies and indexes the corpus, then evaluates each mode asked for. */
export async function runDocsEval(options: DocsEvalOptions = {}): Promise<DocsEvalReport> {
  const say = options.onProgress ?? (() => undefined);
  const full = loadDocsSet();
  const cache = resolve(options.cacheDir ?? '.docent-eval');
  const corpusDir = join(cache, options.slice ? 'docs-slice' : 'docs-corpus');
  const files = assembleCorpus(full, corpusDir, options.slice);
  const set = options.slice ? itemsWithin(full, files) : full;
  const problems = await verifySet(set, corpusDir);
  if (problems.length) throw new DocentError(`the evaluation set does not match the documents:\n  ${problems.join('\n  ')}`, 'Fix src/eval/docs/docsSet.json or reinstall the packages (bash scripts/install-docs.sh).');
  const vectors = options.vectors ?? 'off';
  const store = IndexStore.open(join(cache, options.slice ? 'docs-slice.sqlite' : 'docs.sqlite'));
  // Each run judges the encoder from its own searches, whatever an earlier run left in the index.
  forgetAgreements(store);
  let embedder: Embedder | undefined;
  try {
    await indexCorpus(store, corpusDir, vectors !== 'off', say);
    const results: ModeFigures[] = [];
    if (vectors !== 'on') results.push(await evaluate(store, set, corpusDir));
    if (vectors !== 'off') {
      embedder = await createEmbedder(chooseEmbedderSpec(store, undefined, modelsDir()));
      results.push(await evaluate(store, set, corpusDir, embedder));
    }
    return { date: new Date().toISOString(), slice: !!options.slice, corpus_files: files.length, passages: store.counts().chunks, results };
  } finally {
    await embedder?.close();
    store.close();
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      json: { type: 'string' },
      slice: { type: 'boolean', default: false },
      vectors: { type: 'string', default: 'off' },
      verify: { type: 'boolean', default: false },
      cache: { type: 'string' },
      items: { type: 'boolean', default: false },
    },
  });
  if (!['off', 'on', 'both'].includes(values.vectors!)) throw new DocentError(`--vectors takes off, on or both, not "${values.vectors}"`);
  const say = (line: string): void => void process.stderr.write(`${line}\n`);
  if (values.verify) {
    const set = loadDocsSet();
    const dir = join(resolve(values.cache ?? '.docent-eval'), 'docs-corpus');
    assembleCorpus(set, dir);
    const problems = await verifySet(set, dir);
    const items = answerableItems(set).length;
    process.stdout.write(problems.length ? `${problems.join('\n')}\n${problems.length} problems\n` : `all ${items} items: every relevant page holds its fact\n`);
    process.exitCode = problems.length ? 1 : 0;
    return;
  }
  const report = await runDocsEval({ slice: values.slice, vectors: values.vectors as DocsEvalOptions['vectors'], cacheDir: values.cache, onProgress: say });
  process.stdout.write(`${report.corpus_files} files, ${report.passages} passages${report.slice ? ' (slice)' : ''}\n\n${table(report.results)}\n`);
  if (values.items) {
    for (const r of report.results) for (const i of r.items) process.stdout.write(`${r.mode} ${i.id} rank=${i.pageRank ?? '-'} fact=${i.containsFact ? 1 : 0} nf=${i.notFound ? 1 : 0} conf=${i.confidence} :: ${i.answer.replace(/\s+/g, ' ').slice(0, 220)}\n`);
  }
  const out = values.json ?? `bench/results/eval-docs${report.slice ? '-slice' : ''}.json`;
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(report, null, 1)}\n`);
  say(`wrote ${out}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((err: unknown) => {
    const e = err as DocentError;
    process.stderr.write(`eval:docs: ${e.message}${e.hint ? `\n${e.hint}` : ''}\n`);
    process.exit(1);
  });
}
