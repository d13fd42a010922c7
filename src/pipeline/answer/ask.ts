import { basename } from 'node:path';
import { inForeground, type Embedder } from '../models/embedder.js';
import { rewrite, type LlmRewriter, type RewriteLogger, type RewriteRun } from '../rewrite/rewrite.js';
import { readAhead } from '../rewrite/lexical/engine.js';
import { RewriteCache } from '../store/rewriteCache.js';
import { pairText, turnPairs } from '../rewrite/targetedHistory.js';
import { DEFAULT_REWRITE_OPTIONS, type RewriteOptions, type RewriteResult } from '../rewrite/types.js';
import type { SearchHit } from '../search/hybridSearch.js';
import { TermStats } from '../search/termStats.js';
import { slipOf } from '../search/didYouMean.js';
import type { IndexStore } from '../store/indexStore.js';
import { queryFiles } from './filesystemTool.js';
import type { LlmAnswerer } from './llmAnswerer.js';
import { llmMap, llmReduce } from './llmStages.js';
import { extractiveMap, filterFacts, passageTexts, passageWindows, rerankByFacts, fileContext, type Fact } from './mapStage.js';
import { mentioned, plan as makePlan, type Plan } from './plan.js';
import { withContext } from './citationContext.js';
import { absentNote, cite, reduceFacts, reduceFiles, type AbsentWord, type Citation, type ReducedAnswer } from './reduce.js';
import { searchStage } from './searchStage.js';
import { passageConfidence } from './confidence.js';
import { wordPattern } from '../../shared/words.js';
import { SessionStore } from './sessions.js';

export type StageName = 'rewrite' | 'plan' | 'search' | 'filesystem' | 'map' | 'filter' | 'reduce' | 'confidence';

export interface StageEvent {
  stage: StageName;
  ms: number;
  summary: string;
  /** What the stage produced, one line each (shown by --explain). */
  detail?: string[];
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
  /** The passages searched, best first (empty for a filesystem answer). */
  passages: SearchHit[];
  /** What the passage answer's confidence was computed from (CONFIDENCE_FEATURES order; absent for a filesystem answer). */
  evidence?: number[];
  /** What the user should know about how the answer was found ("no PDF matched; searched every file"). */
  notes: string[];
  /** A not-found answer's question words that no file has, as the user wrote them, each with the index's word it is likeliest a slip of, if any (named in notes too). */
  absent: AbsentWord[];
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
  /**
   * The user's own wording of what to search for (the app's editable "Searched for" chip): used
   * as it stands instead of a rewrite of the question.
   */
  searchFor?: string;
  /** Map and Reduce with a local LLM (checked, and falling back to the extractive engine). */
  answerer?: LlmAnswerer;
  /** Time the LLM's Map calls may take in all, and its Reduce call (defaults 20 s and 15 s). */
  mapBudgetMs?: number;
  reduceBudgetMs?: number;
  /** Called as each stage ends (the app shows progress with it). */
  onStage?: (event: StageEvent) => void;
  /** Called with the passages found, before they are read for the answer (the app lists them at once). */
  onHits?: (hits: readonly SearchHit[]) => void;
  /** What the caller wants the user to know about how this answer is made (which engines, and why). */
  note?: string;
  now?: Date;
}

const factLines = (facts: readonly Fact[]): string[] => facts.map((f) => `${f.score} (covers ${Math.round(f.coverage * 100)} %) ${cite(f.path, f.page)} "${f.quote.length > 100 ? `${f.quote.slice(0, 100)}…` : f.quote}"`);

/** The plan's filters in words, for a note ("the filters (PDF files, changed 2024-01-01 to 2025-01-01)"). */
function describeFilters(p: Plan): string {
  const f = p.filters;
  const parts = [
    ...(f.types?.length ? [`type ${f.types.join(' or ')}`] : []),
    ...(f.modifiedFrom ? [`changed from ${f.modifiedFrom} to before ${f.modifiedTo}`] : []),
    ...(f.folder ? [`folder "${f.folder}"`] : []),
    ...(f.nameContains ? [`name containing "${f.nameContains}"`] : []),
  ];
  return `the filters (${parts.join(', ')})`;
}

/**
 * A question, answered from the user's files: Rewrite → Plan → Search (or the filesystem tool)
 * → Map → Filter → Reduce → Confidence, each stage timed and reported. The turn is kept in the
 * session so a follow-up works in a later run.
 */
export function ask(store: IndexStore, question: string, options: AskOptions = {}): Promise<AskResult> {
  // Interactive work: a vector pass that shares the encoder's workers waits while it runs.
  return inForeground(options.embedder, () => answer(store, question, options));
}

async function answer(store: IndexStore, question: string, options: AskOptions): Promise<AskResult> {
  const stages: StageEvent[] = [];
  const timed = async <T>(stage: StageName, work: () => T | Promise<T>, summary: (r: T) => string, detail?: (r: T) => string[]): Promise<T> => {
    const t0 = performance.now();
    const r = await work();
    const lines = detail?.(r);
    const event: StageEvent = { stage, ms: Math.round((performance.now() - t0) * 10) / 10, summary: summary(r), ...(lines?.length ? { detail: lines } : {}) };
    stages.push(event);
    options.onStage?.(event);
    return r;
  };
  const sessions = new SessionStore(store);
  const session = options.session && sessions.exists(options.session) ? options.session : sessions.create(question, options.session);
  const history = sessions.history(session);
  // Chunk counts are cached by the store (recounted after a change); the files table is not touched per question.
  const termStats = store.vectorStates().total > 0 ? TermStats.of(store) : undefined;

  const run: RewriteRun = await timed(
    'rewrite',
    async () => {
      if (options.searchFor === undefined) {
        return rewrite(question, history, options.rewriteOptions, { embedder: options.embedder, termStats, cache: new RewriteCache(store), llm: options.llm, engine: options.engine, logger: options.logger });
      }
      // Taken as the user wrote it: standing alone, no history folded in and no model asked.
      const own = await rewrite(options.searchFor, [], options.rewriteOptions, { termStats });
      return { ...own, result: { ...own.result, original_query: question, rewritten: options.searchFor.trim() !== question.trim() } };
    },
    (r) => `'${question}' -> '${r.result.resolved_query}'${r.result.search_query !== r.result.resolved_query ? ` (searched: '${r.result.search_query}')` : ''}`,
    (r) => [
      `engine ${r.result.engine}${r.fallback ? ` (fell back: ${r.fallback})` : ''}, intent ${r.result.intent}, language ${r.result.language}, confidence ${r.result.confidence}`,
      ...(r.result.keywords.length ? [`added search words: ${r.result.keywords.join(', ')}`] : []),
      ...(r.result.alternatives.length ? [`other readings: ${r.result.alternatives.join(' | ')}`] : []),
      ...(r.result.used_turns.length ? [`drew on turns ${r.result.used_turns.join(', ')}`] : []),
    ],
  );
  const rw = run.result;
  const p: Plan = await timed('plan', () => makePlan(rw.resolved_query, rw.intent, options.now), (x) => `${x.tool}${Object.keys(x.filters).length ? ` ${JSON.stringify(x.filters)}` : ''}`, (x) => [x.reason]);

  let reduced: ReducedAnswer | undefined;
  let passages: SearchHit[] = [];
  let evidence: number[] | undefined;
  // The question's words that no passage holds (Confidence's reading), named in a not-found answer.
  let unheard: string[] = [];
  const notes: string[] = options.note ? [options.note] : [];
  if (p.tool === 'filesystem' || (p.tool === 'both' && rw.intent === 'count')) {
    const contentTerms = p.tool === 'both' ? mentioned(rw.resolved_query, p.filters) : p.filters.mentioning;
    const files = await timed('filesystem', () => queryFiles(store, p.filters, { contentTerms, allTerms: true }), (f) => `${f.total} files`, (f) => [
      ...(contentTerms?.length ? [`mentioning all of: ${contentTerms.join(', ')}`] : []),
      ...f.files.slice(0, 10).map((x) => basename(x.path)),
    ]);
    // A count of things ("how many laptops did I buy?") that no file names in those words is
    // answered from passages, as any question: a file may say it otherwise ("one laptop").
    if (p.tool === 'filesystem' || files.total > 0) {
      reduced = await timed('reduce', () => reduceFiles(files, p, rw.language, contentTerms), () => `${files.total} counted, ${Math.min(files.files.length, 20)} listed`);
    }
  }
  if (!reduced) {
    const found = await timed('search', () => searchStage(store, run, p, { embedder: options.embedder }), (r) => `${r.hits.length} passages${r.scopedFiles !== undefined ? ` in ${r.scopedFiles} files` : ''}${r.filtersDropped ? ' (no file matched the filters: searched every file)' : ''}`, (r) => [
      ...(r.phrases.length ? [`phrases: ${r.phrases.map((x) => `"${x}"`).join(', ')}`] : []),
      ...(r.translated.length ? [`as the files write them: ${r.translated.join('; ')}`] : []),
      ...r.hits.map((h) => `${cite(h.path, h.page)} ${h.score} (keywords ${h.bm25Rank ?? '-'}, meaning ${h.vectorRank ?? '-'})`),
    ]);
    options.onHits?.(found.hits);
    passages = found.hits;
    if (found.filtersDropped) notes.push(`No file matched ${describeFilters(p)}, so every file was searched.`);
    // Read once: Map and Confidence both look at the passages. Map reads the list's passages and
    // those the search ranks first by each passage alone, which Confidence judges by (PAGE_EVIDENCE).
    const listedIds = new Set([...found.hits, ...found.heldBack].map((h) => h.chunkId));
    const byPassageRead = [...found.byPassage.hits, ...found.byPassage.heldBack];
    const read = [...found.hits, ...found.heldBack, ...byPassageRead.filter((h) => !listedIds.has(h.chunkId))];
    const texts = passageTexts(store, read);
    // What Map and Confidence look for: the question, without the words by which it asks for files.
    const question = p.asking ? { ...rw, asking: p.asking } : rw;
    // A file's place as words (its folders and name), read once for Map, the passage order and Confidence.
    const placeOf = fileContext(store);
    const mapOptions = { termStats, texts, placeOf };
    // Map reads each hit, and the passages of their files the list held back, with the passages
    // around each in its section (the model, or the words, for the ones it has no time for).
    const mapHits = [...read, ...passageWindows(store, read, texts)];
    let mapNote = '';
    const mapped: Fact[] = await timed(
      'map',
      async () => {
        if (!options.answerer) return extractiveMap(store, mapHits, question, mapOptions);
        const m = await llmMap(store, mapHits, question, options.answerer, { ...mapOptions, budgetMs: options.mapBudgetMs });
        mapNote = ` (model: ${m.byModel} of ${mapHits.length} passages${m.dropped ? `, ${m.dropped} quotes not in their passage dropped` : ''}${m.fallback ? `; extractive for the rest: ${m.fallback}` : ''})`;
        return m.facts;
      },
      (f) => `${f.length} facts${mapNote}`,
      factLines,
    );
    const facts = await timed('filter', () => filterFacts(mapped), (f) => `${f.length} kept`, factLines);
    // The passages listed with the answer (and the nearest ones of a not-found answer): by their search rank, what Map read in them and their headings.
    passages = rerankByFacts(store, found.hits, mapped, question, termStats, placeOf);
    // Confidence was trained on the passage order's evidence: its passages and the facts Map read in them.
    const byPassageIds = new Set([...byPassageRead, ...passageWindows(store, byPassageRead, texts)].map((h) => h.chunkId));
    const verdict = passageConfidence({ question, facts: facts.filter((f) => byPassageIds.has(f.chunkId)), hits: found.byPassage.hits, texts, termStats, placeOf });
    evidence = verdict.features;
    unheard = verdict.absent ?? [];
    let reduceNote = '';
    reduced = await timed(
      'reduce',
      async () => {
        if (!options.answerer) return reduceFacts(facts, passages, rw.intent, rw.language, verdict);
        const r = await llmReduce(facts, passages, { text: rw.resolved_query, intent: rw.intent, language: rw.language }, options.answerer, verdict, options.reduceBudgetMs);
        reduceNote = r.fallback ? ` (extractive: the model's answer was not used: ${r.fallback})` : r.check ? ` (written by the model; its check: ${r.check}${r.dropped ? `; ${r.dropped} unsupported sentences dropped` : ''})` : '';
        return r.reduced;
      },
      (r) => `${r.citations.length} citations${reduceNote}`,
    );
    reduced = { ...reduced, citations: withContext(reduced.citations, facts, texts) };
  }
  const answered = reduced;
  // A not-found answer names the question's words that no file has, with the word each is likeliest a slip of.
  let absent: AbsentWord[] = [];
  if (answered.notFound && termStats) {
    absent = unheard.flatMap((w) => {
      const at = wordPattern(w, 'iu').exec(question);
      if (!at) return [];
      // Only in an English question: without a lexicon of the language, any word may look like a slip.
      const nearest = rw.language === 'en' ? slipOf(w, termStats) : undefined;
      return [{ word: at[0], ...(nearest ? { nearest } : {}) }];
    });
    const note = absentNote(absent, rw.language);
    if (note) notes.push(note);
  }
  await timed('confidence', () => answered.confidence, (c) => `${c}${answered.notFound ? ' (not found)' : ''}`);
  sessions.append(session, { question, rewrite: rw, answer: answered.answer, citations: answered.citations });
  // The next question compares itself with this turn pair and reads its words: both now, off the follow-up's path.
  const limit = { ...DEFAULT_REWRITE_OPTIONS, ...options.rewriteOptions }.message_char_limit;
  const pair = turnPairs([{ role: 'user', text: question }, { role: 'assistant', text: answered.answer }], limit)[0]!;
  const embedded = options.embedder ? options.embedder.embed([pairText(pair)]).then(() => undefined, () => undefined) : Promise.resolve();
  const read = new Promise<void>((resolve) =>
    setImmediate(() => {
      // Only a head start: should reading fail here, the follow-up's rewrite reads the pair itself (and reports any error).
      try {
        readAhead(pair, rw.language, termStats);
      } catch {
        /* read again by the follow-up */
      }
      resolve();
    }),
  );
  const prepared = Promise.all([embedded, read]).then(() => undefined);
  return { answer: answered.answer, confidence: answered.confidence, citations: answered.citations, rewrite: rw, plan: p, stages, session, notFound: answered.notFound, passages, ...(evidence ? { evidence } : {}), notes, absent, prepared };
}
