import { createHash } from 'node:crypto';
import type { LlmCallStats } from '../llm/localLlm.js';
import type { Embedder } from '../models/embedder.js';
import { ADDED_TERM_WEIGHT, type WeightedTerms, type WeightedText } from '../search/hybridSearch.js';
import type { TermStats } from '../search/termStats.js';
import { queryTerms } from '../search/queryTerms.js';
import { earlierUserTurns } from './history.js';
import { classifyIntent } from './lexical/intent.js';
import { asksAttribute, lexicalRewrite, readQuery, type LexicalTrace } from './lexical/lexicalEngine.js';
import { withoutTalk } from './lexical/clarity.js';
import { itemsAsked, listItems, ordinalsAsked } from './lexical/ordinal.js';
import { asksForOne, namesByOne } from './lexical/indefiniteOne.js';
import { pointsWithDemonstrative } from './lexical/demonstrative.js';
import { acknowledgesOnly, asksAgain, choiceBetween, choosesAmong, namedPair, namesByOrder, parallelPair, resolveParallel, saysBoth } from './lexical/parallel.js';
import { peopleNamed } from './lexical/names.js';
import { REWRITE_WEIGHTS, probability, type RewriteWeights } from './lexical/scorer.js';
import { candidateTerms, termFeatures } from './lexical/candidates.js';
import { dependenceFeatures } from './lexical/dependence.js';
import type { RewriteCache } from './rewriteCache.js';
import { rewriteCacheKey } from './rewriteCache.js';
import { pairText, selectTurns, turnPairs, type SelectedTurn, type TurnPair } from './targetedHistory.js';
import { carryingPronoun, foldedMessage, standingPronoun, trimEnd } from './lexical/resolve.js';
import { remembered } from './lexical/words.js';
import { DEFAULT_REWRITE_OPTIONS, type HistoryMessage, type RewriteOptions, type RewriteResult } from './types.js';

/** The lexical engine's id in cache keys; bump when its behaviour changes. */
export const LEXICAL_ENGINE_ID = `lexical@${REWRITE_WEIGHTS.version}.310`;

/** What a model-backed engine answers; the rest of the contract is filled in around it. */
export interface LlmRewrite {
  intent: RewriteResult['intent'];
  search_query: string;
  resolved_query: string;
  ambiguous: boolean;
  alternatives: string[];
  confidence: number;
}

/** A model-backed rewrite engine (the local LLM). It may throw or time out: the lexical result is used then. */
export interface LlmRewriter {
  /** Engine and model, for cache keys ("llm:lfm2.5-1.2b-instruct-q4_k_m"). */
  readonly id: string;
  rewrite(input: { query: string; turns: readonly SelectedTurn[]; language: string }, budgetMs: number): Promise<LlmRewrite>;
  /** Figures of the most recent call, when the engine keeps them. */
  readonly lastCall?: LlmCallStats;
}

export type { LlmCallStats } from '../llm/localLlm.js';

export interface RewriteLogger {
  debug(message: string): void;
  warn(message: string): void;
}

export interface RewriteDeps {
  /** The index's embedder, for targeted history; without one the most recent turns are used. */
  embedder?: Embedder;
  /** The index's word statistics, for the learned scorer's features. */
  termStats?: TermStats;
  cache?: RewriteCache;
  /** Used when given and the engine is "llm"; falls back to the lexical engine. */
  llm?: LlmRewriter;
  engine?: 'lexical' | 'llm';
  /** Time budget of the LLM engine (default 3 s). */
  llmBudgetMs?: number;
  /** The lexical engine's models, when not the committed ones (evaluation of other trainings). */
  weights?: RewriteWeights;
  logger?: RewriteLogger;
}

/** The rewrite, and how it was reached, for --explain. */
export interface RewriteRun {
  result: RewriteResult;
  turns: SelectedTurn[];
  options: RewriteOptions;
  cached: boolean;
  /** Why a model-backed rewrite fell back to the lexical engine, if it did. */
  fallback?: string;
  trace?: LexicalTrace;
  /** The lexical engine's estimate that the question needs the conversation (also for cached and LLM runs). */
  dependence?: number;
  /** How much of ADDED_TERM_WEIGHT each of the lexical result's keywords gets in search (also for cached runs). */
  keywordShares?: number[];
  /** The LLM call's figures, when the LLM engine answered. */
  llm?: LlmCallStats;
  /** The conversation as read (the Search stage's feedback takes its words; see searchFeedback). */
  conversation?: readonly HistoryMessage[];
  ms: number;
}

export const DEFAULT_LLM_BUDGET_MS = 3000;

function passthrough(query: string, language: string): RewriteResult {
  return {
    intent: classifyIntent(query),
    search_query: query.trim(),
    resolved_query: query.trim(),
    keywords: [],
    ambiguous: false,
    alternatives: [],
    confidence: 1,
    language,
    rewritten: false,
    kinds: [],
    used_turns: [],
    engine: 'passthrough',
    original_query: query,
  };
}

/** The most recent turn pairs, for when no embedder is at hand (similarity unknown, taken as 0). */
function recentTurns(history: readonly HistoryMessage[], options: RewriteOptions): SelectedTurn[] {
  return latestPairs(turnPairs(history, options.message_char_limit), options.max_relevant_turns, options.message_char_limit);
}

/** The latest `n` of the pairs, each reply cut to `charLimit` as turnPairs cuts it, as selected turns of similarity 0. */
function latestPairs(pairs: readonly TurnPair[], n: number, charLimit: number): SelectedTurn[] {
  return pairs.slice(-Math.max(1, n)).map((p, i, all) => ({ ...p, assistant: p.assistant.slice(0, charLimit), similarity: 0, byRecency: i === all.length - 1 }));
}
/** The conversation's latest pairs the lexical engine reads beside the selected ones (a demonstrative's; see LexicalInput.recent). */
const RECENT_PAIRS = 2;

/** The LLM's answer completed to the contract, checked against the user's own words. */
function fromLlm(query: string, out: LlmRewrite, lexical: RewriteResult, turns: readonly SelectedTurn[]): RewriteResult {
  const own = new Set(queryTerms(query));
  const keywords = queryTerms(out.search_query).filter((t) => !own.has(t));
  const changed = out.search_query.trim() !== query.trim() || out.resolved_query.trim() !== query.trim();
  return {
    intent: out.intent,
    search_query: out.search_query.trim(),
    resolved_query: out.resolved_query.trim(),
    keywords,
    ambiguous: out.ambiguous && out.alternatives.length > 0,
    alternatives: out.alternatives.slice(0, 3),
    confidence: Math.min(1, Math.max(0, out.confidence)),
    language: lexical.language,
    rewritten: changed,
    kinds: changed ? (lexical.kinds.length ? lexical.kinds : ['conversational']) : [],
    used_turns: changed ? turns.map((t) => t.index) : [],
    engine: 'llm',
    original_query: query,
  };
}

/** How much the vector side leans on the conversation turn the rewrite drew on most. */
export const TURN_VECTOR_WEIGHT = 0.3;

/**
 * Below this dependence (the lexical engine's estimate that the question needs the conversation),
 * the question likely stands alone: a turn pair is mixed into its vector only when close to it.
 */
export const RECENT_TURN_DEPENDENCE = 0.5;
/**
 * How much the vector side leans on the question as asked when the rewrite changed it: the user's
 * own wording anchors a resolution that is wrong or clumsy. Dense nDCG@10 +0.004 on both MTRAG
 * folders (FiQA 0.140 → 0.143, ClapNQ 0.323 → 0.326); flat from 0.15 to 0.45.
 */
export const ASKED_VECTOR_WEIGHT = 0.3;
/** How close (cosine) a turn pair must be to a question that likely stands alone to be mixed in. */
export const CLOSE_TURN_SIMILARITY = 0.4;

/**
 * What the Search stage's vector side looks for: the resolved question, mixed with the question as
 * asked (when the rewrite changed it) and with the most similar turn pair the rewrite used (its
 * vector is already at hand from targeted selection). The turn pair, measured on both MTRAG
 * folders: dense nDCG@10 +9% (FiQA) and +3% (ClapNQ) over the resolved question alone (see issue
 * 3's notes). When the question likely stands alone, a pair that targeted selection kept only for
 * being the latest, or that is not close to it, is left out: on a change of subject it pulled the
 * vector back to the old one (topic switches, hybrid nDCG@10 when this was added: FiQA 0.425 →
 * 0.448, ClapNQ 0.494 → 0.511; follow-up turns unchanged).
 */
export function searchVectorQuery(run: Pick<RewriteRun, 'result' | 'turns' | 'dependence'>): WeightedText[] {
  const parts: WeightedText[] = [{ text: run.result.resolved_query, weight: 1 }];
  const used = run.turns.filter((t) => run.result.used_turns.includes(t.index));
  const best = [...used].sort((a, b) => b.similarity - a.similarity)[0];
  const standsAlone = (run.dependence ?? 1) < RECENT_TURN_DEPENDENCE;
  const onTopic = (t: SelectedTurn): boolean => !t.byRecency && t.similarity >= CLOSE_TURN_SIMILARITY;
  if (best && run.result.engine !== 'passthrough' && (!standsAlone || onTopic(best))) parts.push({ text: pairText(best), weight: TURN_VECTOR_WEIGHT });
  const asked = run.result.original_query.trim();
  if (run.result.resolved_query !== asked) parts.push({ text: asked, weight: ASKED_VECTOR_WEIGHT });
  return parts;
}

/**
 * The terms the Search stage's keyword side adds to the user's own: the rewrite's keywords at
 * ADDED_TERM_WEIGHT, those the lexical engine found less likely at their share of it. Weighing a
 * term taken below the learned threshold by its likelihood rather than at the full weight, nDCG@10
 * bm25/hybrid on both MTRAG folders: FiQA 0.1937/0.2360 → 0.1979/0.2367, ClapNQ 0.3330/0.4191 →
 * 0.3338/0.4225; with weights trained without the folder FiQA 0.1949/0.2328 → 0.1986/0.2347,
 * ClapNQ 0.3278/0.4253 → 0.3348/0.4274 (topic switches: FiQA 0.467 → 0.462, ClapNQ 0.511 → 0.514).
 */
export function searchTerms(run: Pick<RewriteRun, 'result' | 'keywordShares'>): WeightedTerms | undefined {
  const { keywords } = run.result;
  if (!keywords.length) return undefined;
  const shares = run.keywordShares?.length === keywords.length ? run.keywordShares : undefined;
  return { terms: keywords, weight: ADDED_TERM_WEIGHT, ...(shares ? { weights: shares.map((s) => s * ADDED_TERM_WEIGHT) } : {}) };
}

/**
 * The readings of an ambiguous rewrite as the keyword search reads them: without what the user says
 * to the assistant ("can you tell me …"), as search_query is (withoutTalk). None for a rewrite that
 * is not ambiguous.
 */
export function searchAlternatives(result: Pick<RewriteResult, 'ambiguous' | 'alternatives' | 'language'>): { search: string; reading: string }[] {
  return result.ambiguous ? result.alternatives.map((reading) => ({ search: withoutTalk(reading, result.language), reading })) : [];
}

/**
 * The words of the conversation the Search stage may add where the passages it finds first hold
 * them (conversationFeedback): every message's, each cut to message_char_limit, less the words
 * the rewrite already searches. None for a question read without the conversation (passthrough).
 */
export function searchFeedback(run: Pick<RewriteRun, 'result'> & Partial<Pick<RewriteRun, 'conversation' | 'options'>>): string[] {
  if (run.result.engine === 'passthrough' || !run.conversation?.length) return [];
  return conversationWords(run.conversation, `${run.result.search_query} ${run.result.keywords.join(' ')}`, run.options?.message_char_limit);
}

/** The words of every message, each cut to `limit` characters, less those of `searched`, in the order said. */
export function conversationWords(conversation: readonly { text: string }[], searched: string, limit = DEFAULT_REWRITE_OPTIONS.message_char_limit): string[] {
  const taken = new Set(queryTerms(searched));
  const words = new Set<string>();
  for (const m of conversation) for (const t of queryTerms(m.text.slice(0, limit))) if (!taken.has(t)) words.add(t);
  return [...words];
}

/**
 * The longest question the Rewrite stage reads, the app's own limit on a question: a longer one
 * is a pasted text rather than a follow-up, and is searched as it is.
 */
export const MAX_REWRITE_CHARS = 2000;

/** A question that points back: with a pronoun for a thing, or an English "its" ("why are its leaves turning brown?"). */
function pointsBack(question: string, lang: 'en' | 'nl'): boolean {
  const { body } = trimEnd(question);
  return !!standingPronoun(body, lang) || (lang === 'en' && /\bits\b/i.test(body));
}

/**
 * A question whose reading a later one may go on with: one that points back, names a thing by its
 * order ("when is the next one due?") or asks what a thing has ("what's the range?"). Only these
 * are remembered as understood, and looked up.
 */
const readOn = (question: string, lang: 'en' | 'nl'): boolean =>
  pointsBack(question, lang) || namesByOrder(question) || asksAttribute(question) || pointsWithDemonstrative(question, lang) || (lang === 'en' && (asksForOne(question) || namesByOne(question)));

/** Questions as the lexical engine understood them, by question, conversation before it, engine and options. */
const UNDERSTOOD = new Map<string, Understood>();
/** A question as the lexical engine understood it, and what it read its pronoun as. */
interface Understood {
  resolved: string;
  reference?: LexicalTrace['reference'];
}
const understanding = (run: { result: RewriteResult; trace?: LexicalTrace }): Understood => ({ resolved: run.result.resolved_query, ...(run.trace?.reference ? { reference: run.trace.reference } : {}) });
const questionKey = (question: string, before: readonly HistoryMessage[], engineId: string, opts: RewriteOptions, deps: RewriteDeps): string =>
  createHash('sha1')
    .update([question.trim(), engineId, JSON.stringify(opts), identity(deps.embedder), identity(deps.termStats), ...before.map((m) => `${m.role}:${m.text}`)].join('\u0000'))
    .digest('hex');
/** A number for each embedder and index the rewrite reads with: what it understood depends on them. */
const IDENTITIES = new WeakMap<object, number>();
let identities = 0;
function identity(o: object | undefined): string {
  if (!o) return '-';
  let id = IDENTITIES.get(o);
  if (id === undefined) IDENTITIES.set(o, (id = ++identities));
  return String(id);
}

/** How many of the latest replies' lists a parallel follow-up may name an item of. */
const LISTS_READ = 3;
/** How many of the latest questions' choices ("the MacBook Air M3 or the Dell XPS 13") it may: a comparison goes on longer. */
const CHOICES_READ = 5;

/**
 * The two things the user's latest questions named as a pair ("between Market Cap and NAV"),
 * offered as a choice ("the MacBook Air M3 or the Dell XPS 13?") or asked of in turn ("… my Netflix subscription …?", "what about Spotify?"), passing over choice
 * questions ("which one is more expensive?"), which asked among the same two.
 */
async function pairAsked(listed: readonly string[], questions: readonly { index: number }[], language: string, embedder: Embedder | undefined): Promise<{ options: [string, string]; turns: number[] } | undefined> {
  for (let k = 0; k < Math.min(listed.length, BOTH_READ); k++) {
    const q = listed[k]!;
    if (choosesAmong(q, language) || saysBoth(q, language)) continue;
    const turn = (n: number): number[] => questions.slice(questions.length - 1 - n, questions.length - k).map((p) => p.index);
    const named = namedPair(q, language);
    if (named) return { options: named, turns: turn(k) };
    // "… the MacBook Air M3 or the Dell XPS 13?": a choice offered in the question itself.
    const offered = listItems(q, language);
    if (offered.length === 2) return { options: [offered[0]!, offered[1]!], turns: turn(k) };
    const pair = asksAgain(q, language) && listed.length > k + 1 ? parallelPair(await resolveParallel(q, listed.slice(k + 1), language, embedder)) : undefined;
    return pair && { options: pair, turns: turn(k + 1) };
  }
  return undefined;
}
/** How many of the latest questions pairAsked reads: a choice question or two, and the one before them. */
const BOTH_READ = 3;

/**
 * The Rewrite stage: folds the relevant part of the conversation into the query, so that a
 * follow-up finds what it means. It never throws: a model's failure falls back to the lexical
 * engine, and a failure of the lexical engine (a defect: a conversation it was never tried on)
 * gives the question as asked with the term model's terms (`guardedRewrite`), logged once per
 * conversation. `depth` is the rewrite's own: 1 when it reads the user's previous question
 * again, as that question was understood (lexical engine, no cache).
 */
export async function rewrite(query: string, conversation: readonly HistoryMessage[], options: Partial<RewriteOptions> = {}, deps: RewriteDeps = {}, depth = 0): Promise<RewriteRun> {
  const t0 = performance.now();
  try {
    return await engineRewrite(query, conversation, options, deps, depth);
  } catch (err) {
    const opts: RewriteOptions = { ...DEFAULT_REWRITE_OPTIONS, ...options };
    const hash = createHash('sha1').update([query, ...conversation.map((m) => `${m.role}:${m.text}`)].join('\u0000')).digest('hex').slice(0, 12);
    if (!FAILED.has(hash)) {
      FAILED.add(hash);
      deps.logger?.warn(`the rewrite engine failed on conversation ${hash} (${(err as Error)?.message ?? String(err)}); the question is searched as asked, with the conversation's likeliest words`);
    }
    return { ...guardedRewrite(query, conversation, opts, deps), options: opts, ms: performance.now() - t0 };
  }
}
/** Conversations the engine failed on, by hash, each logged once. */
const FAILED = new Set<string>();

/** The question as asked, with the term model's likeliest words of the latest turns as keywords (none if that fails too). */
export function guardedRewrite(query: string, conversation: readonly HistoryMessage[], opts: RewriteOptions, deps: Pick<RewriteDeps, 'termStats' | 'weights'>): Omit<RewriteRun, 'ms' | 'options'> {
  const text = typeof query === 'string' ? query : '';
  let language = 'en';
  let terms: { term: string; p: number }[] = [];
  let turns: SelectedTurn[] = [];
  try {
    language = readQuery(text.slice(0, MAX_REWRITE_CHARS), []).language;
    turns = recentTurns(conversation, opts);
    const weights = deps.weights ?? REWRITE_WEIGHTS;
    const own = new Set(queryTerms(text));
    const dependence = turns.length ? probability(weights.dependence, dependenceFeatures(text, turns, deps.termStats)) : 0;
    terms = candidateTerms(text, turns, language, deps.termStats)
      .map((c) => ({ term: c.term, p: probability(weights.term, termFeatures(c.features, dependence)) }))
      .filter((c) => c.p >= weights.term.threshold && !own.has(c.term))
      .sort((a, b) => b.p - a.p)
      .slice(0, GUARDED_TERMS);
  } catch {
    terms = [];
  }
  const base = passthrough(text, language);
  const keywords = terms.map((t) => t.term);
  const result: RewriteResult = { ...base, engine: 'lexical', search_query: [base.search_query, ...keywords].join(' ').trim(), keywords, confidence: keywords.length ? 0.5 : 1, used_turns: keywords.length ? turns.map((t) => t.index) : [] };
  return { result, turns, cached: false, fallback: 'the rewrite engine failed' };
}
/** How many of the term model's words a guarded rewrite adds. */
const GUARDED_TERMS = 5;

async function engineRewrite(query: string, conversation: readonly HistoryMessage[], options: Partial<RewriteOptions>, deps: RewriteDeps, depth: number): Promise<RewriteRun> {
  const t0 = performance.now();
  const opts: RewriteOptions = { ...DEFAULT_REWRITE_OPTIONS, ...options };
  // A user's message is read up to MAX_REWRITE_CHARS, as the assistant's are up to message_char_limit.
  const history = conversation.map((m) => (m.role === 'user' && m.text.length > MAX_REWRITE_CHARS ? { ...m, text: m.text.slice(0, MAX_REWRITE_CHARS) } : m));
  // An earlier "and the battery, how long does it last?" is asked again as "how long does the battery last?".
  const earlier = earlierUserTurns(history).map(foldedMessage);
  const trimmed = query.trim();
  const done = (run: Omit<RewriteRun, 'ms' | 'options'>): RewriteRun => {
    const r = run.result;
    if (r.search_query !== trimmed) deps.logger?.debug(`Query reformulated: '${query}' -> '${r.search_query}'`);
    return { ...run, options: opts, ...(history.length ? { conversation: history } : {}), ms: performance.now() - t0 };
  };
  const pasted = trimmed.length > MAX_REWRITE_CHARS;
  const reading = readQuery(pasted ? trimmed.slice(0, MAX_REWRITE_CHARS) : trimmed, earlier);
  // "thanks", "great, thanks!": no question, nothing of the conversation to fold in.
  if (pasted || trimmed.length < 3 || (history.length === 0 && reading.text === trimmed && withoutTalk(trimmed, reading.language) === trimmed) || acknowledgesOnly(trimmed)) {
    return done({ result: passthrough(query, reading.language), turns: [], cached: false });
  }

  const turns = history.length === 0 ? [] : deps.embedder ? await selectTurns(trimmed, history, deps.embedder, opts) : recentTurns(history, opts);
  const useLlm = deps.engine === 'llm' && deps.llm !== undefined;
  const engineId = useLlm ? deps.llm!.id : deps.weights ? `${LEXICAL_ENGINE_ID}+custom` : LEXICAL_ENGINE_ID;
  // Hashing the conversation costs time: only with a cache to ask.
  const key = deps.cache && rewriteCacheKey({ query: trimmed, turns: turns.map(pairText), conversation: history.map((m) => `${m.role}: ${m.text}`), engineId, options: opts });
  // Asked for the model without one: the lexical engine answers (from the cache or afresh), and says why.
  const noModel = deps.engine === 'llm' && !deps.llm ? 'no local model is installed' : undefined;
  if (noModel) deps.logger?.warn(`LLM rewrite fell back to the lexical engine: ${noModel}`);
  const hit = key ? deps.cache!.get(key) : undefined;
  if (hit) return done({ result: { ...hit.result, original_query: query }, turns, cached: true, fallback: noModel, dependence: hit.dependence, ...(hit.keywordShares ? { keywordShares: hit.keywordShares } : {}) });

  const pairs = turnPairs(history, Infinity);
  const answers = pairs.map((p) => ({ index: p.index, text: p.assistant }));
  // Earlier questions that named a list item by its place are read as naming the item ("… of the first one?" → "… of metoprolol?").
  const asked = ordinalsAsked(pairs, reading.language);
  const named = itemsAsked(asked);
  const askedTurns = named.size ? turns.map((t) => (named.has(t.index) ? { ...t, user: named.get(t.index)!.resolved } : t)) : turns;
  const questions = pairs.filter((p) => p.user);
  const listed = named.size ? earlier.map((text, k) => named.get(questions[questions.length - 1 - k]?.index ?? -1)?.resolved ?? text) : earlier;
  // "what about with paracetamol?" after "can I take it with alcohol?": that question as the engine
  // read it when it was asked ("… ibuprofen …"), once (the question before it is read as asked).
  const again = !reading.shifted && asksAgain(reading.text, reading.language, listed[0]);
  const lang = reading.language === 'nl' ? 'nl' : 'en';
  // "what did it cost?" after "when is the next one due?" or "can I renew it online?": what that
  // question's pronoun or order word was read as, then.
  const pointing = !reading.shifted && !!carryingPronoun(trimEnd(reading.text).body, lang);
  const previousPoints = !!listed[0] && pointsBack(listed[0], lang);
  const previousRead = !!listed[0] && readOn(listed[0], lang);
  // The latest question as it was understood when asked, as a rule (`UNDERSTOOD`), else read again here, once.
  let latestUnderstood: Promise<Understood> | undefined;
  const understandLatest = (): Promise<Understood> =>
    (latestUnderstood ??= (async () => {
      const before = history.slice(0, history.map((m) => m.role).lastIndexOf('user'));
      return UNDERSTOOD.get(questionKey(listed[0]!, before, engineId, opts, deps)) ?? understanding(await rewrite(listed[0]!, before, options, { embedder: deps.embedder, termStats: deps.termStats, weights: deps.weights }, depth + 1));
    })());
  const understood = depth === 0 && ((again && previousPoints) || (pointing && previousRead)) ? await understandLatest() : undefined;
  // Asked again by a parallel follow-up only: who "he" is stays read from what the user wrote.
  const askedAgain = understood && again && previousPoints ? [understood.resolved, ...listed.slice(1)] : listed;
  // "and of the second?" after such a question: that list's second item, asked as that question was.
  // After one question between that pointed at that item ("is there a rate limit on it?" after "what replaces the
  // second one?"), that question as it was understood, with this item where that one stood: "and on the first one?" →
  // "is there a rate limit on /users/search?".
  const latestOrdinal = pairs.length ? asked.get(pairs.at(-1)!.index) : undefined;
  const olderOrdinal = !latestOrdinal && depth === 0 && pairs.length >= 2 && previousPoints ? asked.get(pairs.at(-2)!.index) : undefined;
  let previousOrdinal = latestOrdinal;
  if (olderOrdinal) {
    const latest = await understandLatest();
    const at = latest.resolved.toLowerCase().indexOf(olderOrdinal.named.text.toLowerCase());
    if (at >= 0) previousOrdinal = { ...olderOrdinal, resolved: latest.resolved, named: { text: latest.resolved.slice(at, at + olderOrdinal.named.text.length), at } };
  }
  // The lists the latest replies gave, whose items a follow-up may name by their noun ("and the stew?").
  // Then the choices the user's latest questions offered ("the Pixel 9 or the iPhone 16"), whose other one "the other one" may be.
  const lists = again ? [...answers.slice(-LISTS_READ).map((a) => a.text), ...listed.slice(0, CHOICES_READ)].map((text) => listItems(text, reading.language)).filter((items) => items.length >= 2) : [];
  const parallel = again ? await resolveParallel(reading.text, askedAgain, reading.language, deps.embedder, 0, lists) : undefined;
  // "which one has the longer warranty?" after "… the quote from Zonnefix?" and "and the one from
  // SunPower?": the two things those questions asked about; "Which is more important?" after
  // "What's the difference between Market Cap and NAV?": the two that question named.
  const choosing = depth === 0 && !reading.shifted && listed.length >= 1 && choosesAmong(reading.text, reading.language);
  const askedOfTwo = choosing && listed.length >= 2 && asksAgain(listed[0]!, reading.language) ? choiceBetween(reading.text, await resolveParallel(listed[0]!, listed.slice(1), reading.language, deps.embedder), reading.language) : undefined;
  const pair = choosing && !askedOfTwo ? namedPair(listed[0]!, reading.language) : undefined;
  const choice = askedOfTwo ? { options: askedOfTwo, turns: questions.slice(-2).map((p) => p.index) } : pair ? { options: pair, turns: questions.slice(-1).map((p) => p.index) } : undefined;
  // "how much do I spend on both per year?": the two things the latest question that was no choice compared or asked of in turn.
  const both = depth === 0 && !reading.shifted && !choice && saysBoth(reading.text, reading.language) ? await pairAsked(listed, questions, reading.language, deps.embedder) : undefined;
  const people = peopleNamed(pairs, reading.language);
  const lexical = lexicalRewrite({ query, earlierUserTurns: listed, turns: askedTurns, termStats: deps.termStats, weights: deps.weights, parallel, reading, answers, people, previousOrdinal, previousReference: pointing ? understood?.reference : undefined, choice, both, recent: latestPairs(pairs, RECENT_PAIRS, opts.message_char_limit) });
  const { trace, ...lexicalResult } = lexical;
  // The question as the lexical engine understood it, for a follow-up that asks it again or points
  // at the same thing (only such a question is looked up: see `understood`; hashing the conversation
  // for others is wasted).
  if (readOn(trimmed, lang)) remembered(UNDERSTOOD, questionKey(trimmed, history, engineId, opts, deps), () => understanding({ result: lexicalResult, trace }));
  let result: RewriteResult = lexicalResult;
  let fallback: string | undefined;
  let llmStats: LlmCallStats | undefined;
  if (useLlm) {
    try {
      const out = await deps.llm!.rewrite({ query: trimmed, turns, language: lexical.language }, deps.llmBudgetMs ?? DEFAULT_LLM_BUDGET_MS);
      result = fromLlm(query, out, lexicalResult, turns);
      llmStats = deps.llm!.lastCall;
    } catch (err) {
      fallback = (err as Error).message;
    }
  }
  if (fallback) deps.logger?.warn(`LLM rewrite fell back to the lexical engine: ${fallback}`);
  // A fallback is not cached: the model may answer next time.
  // The shares belong to the lexical engine's keywords, not to the model's.
  const keywordShares = result === lexicalResult ? trace.keywordShares : undefined;
  if (key && !fallback) deps.cache!.put(key, { result, dependence: trace.dependence, ...(keywordShares ? { keywordShares } : {}) });
  return done({ result, turns, cached: false, fallback: fallback ?? noModel, trace, dependence: trace.dependence, ...(keywordShares ? { keywordShares } : {}), ...(llmStats ? { llm: llmStats } : {}) });
}
