import type { Embedder } from '../models/embedder.js';
import { rewrite, type LlmRewriter, type RewriteLogger, type RewriteRun } from '../rewrite/rewrite.js';
import { RewriteCache } from '../rewrite/rewriteCache.js';
import { pairText, turnPairs } from '../rewrite/targetedHistory.js';
import { DEFAULT_REWRITE_OPTIONS, type RewriteOptions, type RewriteResult } from '../rewrite/types.js';
import { queryTerms } from '../search/queryTerms.js';
import { TermStats } from '../search/termStats.js';
import type { IndexStore } from '../store/indexStore.js';
import { queryFiles } from './filesystemTool.js';
import { extractiveMap, filterFacts } from './mapStage.js';
import { plan as makePlan, type Plan } from './plan.js';
import { reduceFacts, reduceFiles, type Citation, type ReducedAnswer } from './reduce.js';
import { searchStage } from './searchStage.js';
import { SessionStore } from './sessions.js';

export type StageName = 'rewrite' | 'plan' | 'search' | 'filesystem' | 'map' | 'filter' | 'reduce' | 'confidence';

export interface StageEvent {
  stage: StageName;
  ms: number;
  summary: string;
}

export interface AskResult {
  answer: string;
  confidence: number;
  citations: Citation[];
  rewrite: RewriteResult;
  plan: Plan;
  stages: StageEvent[];
  session: string;
  notFound: boolean;
  /**
   * Settles when this turn's vector is made (started as the answer is returned, so that it is
   * ready, cached, by the time a follow-up is typed). Never rejects.
   */
  prepared: Promise<void>;
}

export interface AskOptions {
  /** Continue this conversation (made if it does not exist); without one, a new session. */
  session?: string;
  embedder?: Embedder;
  llm?: LlmRewriter;
  engine?: 'lexical' | 'llm';
  rewriteOptions?: Partial<RewriteOptions>;
  logger?: RewriteLogger;
  /** Called as each stage ends (the app shows progress with it). */
  onStage?: (event: StageEvent) => void;
  now?: Date;
}

/** Words that ask about files in general rather than name what the files should mention. */
const GENERIC = new Set(
  (
    'more many much any other others besides found aren isn don files file documents document docs pdf pdfs word html markdown text ' +
    'there list show count number total all my ' +
    'meer veel andere anderen gevonden bestanden bestand documenten document hoeveel zijn alle toon lijst'
  ).split(' '),
);

/**
 * A question, answered from the user's files: Rewrite → Plan → Search (or the filesystem tool)
 * → Map → Filter → Reduce → Confidence, each stage timed and reported. The turn is kept in the
 * session so a follow-up works in a later run.
 */
export async function ask(store: IndexStore, question: string, options: AskOptions = {}): Promise<AskResult> {
  const stages: StageEvent[] = [];
  const timed = async <T>(stage: StageName, work: () => T | Promise<T>, summary: (r: T) => string): Promise<T> => {
    const t0 = performance.now();
    const r = await work();
    const event = { stage, ms: Math.round((performance.now() - t0) * 10) / 10, summary: summary(r) };
    stages.push(event);
    options.onStage?.(event);
    return r;
  };
  const sessions = new SessionStore(store);
  const session = options.session && sessions.exists(options.session) ? options.session : sessions.create(question, options.session);
  const history = sessions.history(session);
  const termStats = store.counts().chunks > 0 ? TermStats.of(store) : undefined;

  const run: RewriteRun = await timed(
    'rewrite',
    () => rewrite(question, history, options.rewriteOptions, { embedder: options.embedder, termStats, cache: new RewriteCache(store), llm: options.llm, engine: options.engine, logger: options.logger }),
    (r) => `'${question}' -> '${r.result.resolved_query}'${r.result.search_query !== r.result.resolved_query ? ` (searched: '${r.result.search_query}')` : ''}`,
  );
  const rw = run.result;
  const p = await timed('plan', () => makePlan(rw.resolved_query, rw.intent, options.now), (x) => `${x.tool}${Object.keys(x.filters).length ? ` ${JSON.stringify(x.filters)}` : ''}`);

  let reduced: ReducedAnswer;
  if (p.tool === 'filesystem' || (p.tool === 'both' && rw.intent === 'count')) {
    const contentTerms = p.tool === 'both' ? queryTerms(rw.resolved_query).filter((t) => t.length > 2 && !GENERIC.has(t)) : undefined;
    const files = await timed('filesystem', () => queryFiles(store, p.filters, { contentTerms, allTerms: true }), (f) => `${f.total} files`);
    reduced = await timed('reduce', () => reduceFiles(files, p, rw.language), () => `${files.total} counted, ${Math.min(files.files.length, 20)} listed`);
  } else {
    const found = await timed('search', () => searchStage(store, run, p, { embedder: options.embedder }), (r) => `${r.hits.length} passages${r.scopedFiles !== undefined ? ` in ${r.scopedFiles} files` : ''}`);
    const mapped = await timed('map', () => extractiveMap(store, found.hits, rw, termStats), (f) => `${f.length} facts`);
    const facts = await timed('filter', () => filterFacts(mapped), (f) => `${f.length} kept`);
    reduced = await timed('reduce', () => reduceFacts(facts, found.hits, rw.intent, rw.language), (r) => `${r.citations.length} citations`);
  }
  await timed('confidence', () => reduced.confidence, (c) => `${c}${reduced.notFound ? ' (not found)' : ''}`);
  sessions.append(session, { question, rewrite: rw, answer: reduced.answer });
  // The next question compares itself with this turn pair: embed it now, off the follow-up's path.
  const limit = { ...DEFAULT_REWRITE_OPTIONS, ...options.rewriteOptions }.message_char_limit;
  const pair = turnPairs([{ role: 'user', text: question }, { role: 'assistant', text: reduced.answer }], limit)[0]!;
  const prepared = options.embedder ? options.embedder.embed([pairText(pair)]).then(() => undefined, () => undefined) : Promise.resolve();
  return { answer: reduced.answer, confidence: reduced.confidence, citations: reduced.citations, rewrite: rw, plan: p, stages, session, notFound: reduced.notFound, prepared };
}
