import { queryTerms, stopwordsOf } from '../../search/queryTerms.js';
import type { TermStats } from '../../search/termStats.js';
import type { SelectedTurn } from '../targetedHistory.js';
import type { RewriteKind, RewriteResult } from '../types.js';
import { namedFile, resolveFileNoun } from './files.js';
import { expandShorthand, removeFillers, topicShift, withoutTalk } from './clarity.js';
import { candidateTerms, termFeatures } from './candidates.js';
import { dependenceFeatures } from './dependence.js';
import { editDistance, expansions } from './expand.js';
import { classifyIntent } from './intent.js';
import { commonWords, detectLanguage } from './language.js';
import { conversationPhrases, PHRASE_FEATURES, type Phrase } from './phrases.js';
import { queryCues } from './queryCues.js';
import { fillAttribute, fillBare, fillSaid, fillChoice, fillCircumstance, fillDemonstrative, fillMore, phraseKind, fillOrdinal, fillOther, fillParallel, fillPronoun, listItems, readShape, written, type Shape } from './reference.js';
import { probability, REWRITE_WEIGHTS, type RewriteWeights } from './scorer.js';
import { allLanguages, caseLike } from './words.js';
import CUES from './cueWords.json' with { type: 'json' };

/**
 * The built-in rewrite engine: the term model picks the conversation's words a follow-up needs
 * (they go to the search, below the user's own), the reference shapes (templates.json) say
 * where a follow-up points back, and the phrase model picks what it points at. No language
 * model is needed; with one installed, this is its fallback.
 */
export interface LexicalInput {
  query: string;
  /** The user's earlier messages, newest first, for the language of very short questions. */
  earlierUserTurns: readonly string[];
  turns: readonly SelectedTurn[];
  termStats?: TermStats;
  weights?: RewriteWeights;
  /** The user's previous question as it was understood (resolved), for ellipses and choices. */
  previous?: string;
  /** The latest replies, newest first, whose lists an ordinal or "the other one" may name an item of. */
  replies?: readonly string[];
  /** The latest turn pairs, selected or not: "aren't there more?" asks for more of what was just listed. */
  recent?: readonly SelectedTurn[];
}

/** The question as the engine reads it: fillers removed, an opening that changes the subject taken off, its language. */
export interface QueryReading {
  text: string;
  shifted: boolean;
  language: string;
}

/** What the engine saw and chose, for --explain and the evaluation. */
export interface LexicalTrace {
  dependence: number;
  /** How much of ADDED_TERM_WEIGHT each keyword gets in search (0..1), parallel to the result's keywords. */
  keywordShares: number[];
  terms: { term: string; p: number }[];
  expansions: string[];
  typos: string[];
  /** The reference shape read, the phrases ranked for it (best first, with their likelihood) and what was filled in. */
  reference?: { shape: Shape['kind'] | 'file'; phrase: string; ranked: { phrase: string; p: number }[] };
}

/** Terms the search takes below the learned threshold, up to this many. */
const SEARCH_TERM_BAR = 0.15;
const MAX_SEARCH_TERMS = 10;
/**
 * A pronoun is filled in when the dependence model gives at least this: lower than its own
 * threshold (which decides whether the conversation's words are added at all), as the pronoun
 * itself is the evidence.
 */
const REFERENCE_DEPENDENCE = 0.5;
/** The least likelihood of the phrase a pronoun, an ellipsis or "more" is filled in with. */
const PHRASE_BAR = 0.03;
/** How close (cosine) a kept turn must be for a "what about X?" to ask its question again of X. */
const PARALLEL_SIMILARITY = 0.3;
/** The least dependence at which a bare short question is given its topic. */
const BARE_DEPENDENCE = 0.8;
/** The least likelihood of the topic a bare short question is given in brackets ("Value (market cap)?"). */
const BRACKET_BAR = 0.6;
/** A second reading is offered (ambiguous) when its phrase is at least this likely relative to the first. */
const AMBIGUITY_MARGIN = 0.8;

export function readQuery(query: string, earlierUserTurns: readonly string[]): QueryReading {
  const shift = topicShift(removeFillers(query));
  const language = detectLanguage(shift.text, earlierUserTurns);
  return { text: expandShorthand(shift.text, language), shifted: shift.shifted, language };
}

/**
 * Words of the question that the index does not know, corrected to a word of the conversation one
 * edit away that it does know ("warrenty" → "warranty"), in the case the user wrote it; a name only
 * to a name. Without index statistics nothing changes.
 */
function fixTypos(query: string, turns: readonly SelectedTurn[], language: string, termStats?: TermStats): { text: string; fixes: string[] } {
  if (!termStats || !turns.length) return { text: query, fixes: [] };
  const stopwords = stopwordsOf(language);
  const written = [...new Set(query.match(/(?<![\p{L}'’])\p{L}{4,}(?![\p{L}'’])/gu) ?? [])].filter((w) => !stopwords.has(w.toLowerCase()));
  const said = [...new Set(turns.flatMap((t) => `${t.user} ${t.assistant}`.match(/\p{L}{4,}/gu) ?? []))];
  const df = termStats.documentFrequency([...written.map((w) => w.toLowerCase()), ...said.map((w) => w.toLowerCase())]);
  const fixes: string[] = [];
  let text = query;
  const common = commonWords(language);
  for (const w of written) {
    if (df.get(w.toLowerCase())! > 0 || said.includes(w) || common.has(w.toLowerCase())) continue;
    const name = /^\p{Lu}/u.test(w);
    // "wich cheese", "how lnog", "Whata is": a slip of a common word, where a common word stands.
    const slip = functionPlace(query, w, common) && (!name || query.trimStart().startsWith(w)) ? slipOf(w.toLowerCase(), common) : undefined;
    if (slip) {
      text = text.replace(new RegExp(`(?<![\\p{L}])${w}(?![\\p{L}])`, 'gu'), caseLike(w, slip));
      fixes.push(`${w.toLowerCase()} → ${slip}`);
      continue;
    }
    // A name only to a name of the conversation ("Theo" is no slip of a sentence's "They").
    const fits = (v: string): boolean => (name ? /^\p{Lu}/u.test(v) && !commonWords(language).has(v.toLowerCase()) : true);
    const best = said.find((v) => df.get(v.toLowerCase())! > 0 && fits(v) && !derived(w.toLowerCase(), v.toLowerCase()) && editDistance(w.toLowerCase(), v.toLowerCase(), 1) === 1);
    if (!best) continue;
    text = text.replace(new RegExp(`(?<![\\p{L}])${w}(?![\\p{L}])`, 'gu'), caseLike(w, best));
    fixes.push(`${w.toLowerCase()} → ${best.toLowerCase()}`);
  }
  return { text, fixes };
}

/** Whether a word stands where a common word would: the question's start, or beside a common word. */
function functionPlace(query: string, word: string, common: ReadonlySet<string>): boolean {
  const words: string[] = query.toLowerCase().match(/[\p{L}'’]+/gu) ?? [];
  const at = words.indexOf(word.toLowerCase());
  return at === 0 || common.has(words[at - 1] ?? '') || common.has(words[at + 1] ?? '');
}

/** The common word a word is a slip of: a letter left out ("wich"), two swapped ("lnog"), one added at the end ("whata"). */
function slipOf(w: string, common: ReadonlySet<string>): string | undefined {
  const inOrder = (a: string, b: string): boolean => {
    let i = 0;
    for (const ch of b) if (ch === a[i]) i++;
    return i === a.length;
  };
  const swapped = (a: string, b: string): boolean => {
    const diff = [...a].flatMap((ch, i) => (ch === b[i] ? [] : [i]));
    return diff.length === 2 && diff[1] === diff[0]! + 1 && a[diff[0]!] === b[diff[1]!] && a[diff[1]!] === b[diff[0]!];
  };
  return [...common].find((c) => c.length >= 3 && ((c.length === w.length + 1 && inOrder(w, c)) || (c.length === w.length && swapped(w, c)) || (w.length === c.length + 1 && w.startsWith(c))));
}

/** One word is the other with an ending that makes another word ("risk", "risky"; "price", "priced"): no slip of the keys. */
function derived(a: string, b: string): boolean {
  const [short, long] = a.length < b.length ? [a, b] : [b, a];
  if (long.length !== short.length + 1 || !long.startsWith(short)) return false;
  const ending = long.at(-1)!;
  return ending === 'y' || (short.endsWith('e') && 'drs'.includes(ending));
}

interface Resolution {
  resolved: string;
  alternatives: string[];
  reference?: LexicalTrace['reference'];
}

/**
 * The phrases ranked by the phrase model, best first; those that agree with the pointing word
 * only ("she": a name; "more": a plural; both strictly), where any do.
 */
function rankPhrases(phrases: readonly Phrase[], weights: RewriteWeights, strict: boolean): { phrase: Phrase; p: number }[] {
  const agreeing = phrases.filter((p) => p.features[AGREES] === 1);
  const kept = strict || (agreeing.length && phrases.some((p) => p.features[AGREES] === 0)) ? agreeing : phrases;
  return kept.map((phrase) => ({ phrase, p: probability(weights.phrase, phrase.features) })).sort((a, b) => b.p - a.p || a.phrase.text.localeCompare(b.phrase.text));
}
const AGREES = PHRASE_FEATURES.indexOf('agrees');

/** Fills the shape with the best phrase, and with the second where it is nearly as likely. */
function resolveShape(base: string, shape: Shape, input: LexicalInput, language: string, ranked: { phrase: Phrase; p: number }[], parallelOk: boolean): Resolution | undefined {
  const lists = [input.previous ?? '', ...(input.replies ?? [])].map((t) => listItems(t, language)).filter((l) => l.length >= 2);
  const fill = (thing: Phrase, p: number): string | undefined => {
    if (shape.kind === 'pronoun') return fillPronoun(base, shape, thing, language);
    // An attribute is a common noun ("and the price?"); a name ("What about FICA?") is a thing of its own.
    if (shape.kind === 'ellipsis' && shape.attribute) return phraseKind(shape.rest, language) === 'word' ? fillAttribute(shape.rest, thing, language) : undefined;
    if (shape.kind === 'more') return fillMore(base, thing);
    if (shape.kind === 'bare') return p >= BRACKET_BAR ? fillBare(base, thing, language) : undefined;
    return undefined;
  };
  let resolved: string | undefined;
  if (shape.kind === 'ordinal') resolved = fillOrdinal(base, shape, (input.replies ?? []).map((t) => listItems(t, language, 3)));
  else if (shape.kind === 'said') resolved = fillSaid(base, shape.about, input.replies ?? []);
  else if (shape.kind === 'demonstrative') resolved = fillDemonstrative(base, shape, ranked.map((r) => r.phrase), language);
  else if (shape.kind === 'other') resolved = fillOther(base, shape, lists, input.previous ?? '');
  else if (shape.kind === 'choice') resolved = fillChoice(base, lists, language);
  else if (shape.kind === 'ellipsis' && shape.circumstance) resolved = input.previous ? fillCircumstance(shape.rest, input.previous) : undefined;
  else if (shape.kind === 'ellipsis' && input.previous && parallelOk) {
    const previousPhrases = conversationPhrases('', [{ index: 0, user: input.previous, assistant: '', similarity: 1, byRecency: true }], language, { termP: new Map() });
    resolved = fillParallel(shape.rest, input.previous, previousPhrases, language);
  }
  if (resolved) return { resolved, alternatives: [], reference: { shape: shape.kind, phrase: resolved, ranked: [] } };
  const [first, second] = ranked;
  // Filled in only with a phrase the model finds likely enough; else the search's added words carry the conversation.
  if (!first || first.p < PHRASE_BAR) return undefined;
  resolved = fill(first.phrase, first.p);
  if (!resolved) return undefined;
  const other = second && second.p >= AMBIGUITY_MARGIN * first.p ? fill(second.phrase, second.p) : undefined;
  return { resolved, alternatives: other ? [other] : [], reference: { shape: shape.kind, phrase: written(first.phrase), ranked: ranked.slice(0, 3).map((r) => ({ phrase: r.phrase.text, p: round(r.p) })) } };
}

const round = (x: number): number => Math.round(x * 100) / 100;

/** Words of the conversation that are never a term a question lacks ("one", "others"; cueWords.json neverTerms). */
const NEVER_TERMS = new Set(allLanguages(CUES.neverTerms));

/** The conversation's words the term model scores, likeliest first. */
function scoredTerms(base: string, input: LexicalInput, language: string, weights: RewriteWeights, dependence: number): { term: string; surface: string; p: number }[] {
  if (!input.turns.length) return [];
  return candidateTerms(base, input.turns, language, input.termStats)
    .map((c) => ({ term: c.term, surface: c.surface, p: probability(weights.term, termFeatures(c.features, dependence)) }))
    .filter((c) => !NEVER_TERMS.has(c.surface))
    .sort((a, b) => b.p - a.p || a.term.localeCompare(b.term));
}

/** The rewrite of one question, with its trace. */
export function lexicalRewrite(input: LexicalInput, reading: QueryReading = readQuery(input.query, input.earlierUserTurns)): RewriteResult & { trace: LexicalTrace } {
  const weights = input.weights ?? REWRITE_WEIGHTS;
  const { language, shifted } = reading;
  const turns = shifted ? [] : input.turns;
  const typos = fixTypos(reading.text, turns, language, input.termStats);
  const base = typos.text;
  const kinds = new Set<RewriteKind>(base !== input.query.trim() ? ['clarity'] : []);
  const scope = { ...input, turns };
  const dependence = turns.length ? probability(weights.dependence, dependenceFeatures(base, turns, input.termStats)) : 0;
  const scored = scoredTerms(base, scope, language, weights, dependence);
  let searched = scored.filter((c) => c.p >= Math.min(SEARCH_TERM_BAR, weights.term.threshold)).slice(0, MAX_SEARCH_TERMS);
  const shape = turns.length ? readShape(base, language) : undefined;
  // A pronoun is evidence enough with some dependence; a bare short question needs both models sure it leans on the conversation.
  const sure = dependence >= BARE_DEPENDENCE && (scored[0]?.p ?? 0) >= weights.term.threshold;
  const needed = shape && (shape.kind === 'bare' ? sure : shape.kind !== 'pronoun' || dependence >= REFERENCE_DEPENDENCE);
  // "what does the contract say …?" after an answer that named henderson-contract.docx: that file.
  // "what does it say about lifetimes?" after an answer that named one file: that file.
  const last = turns.at(-1);
  const named = last && shape?.kind === 'pronoun' ? namedFile(base, last.assistant, language) : undefined;
  const file = turns.length ? (resolveFileNoun(base, turns, language) ?? (named && { resolved: named.resolved, phrase: named.file })) : undefined;
  let resolution: Resolution | undefined = file && { resolved: file.resolved, alternatives: [], reference: { shape: 'file', phrase: file.phrase, ranked: [] } };
  if (needed && !resolution) {
    const termP = new Map(scored.map((c) => [c.term, c.p]));
    const phrases = conversationPhrases(base, shape.kind === 'more' ? (input.recent ?? turns) : turns, language, { termP, termStats: input.termStats, ...(shape.kind === 'pronoun' && !shape.one ? { number: shape.number } : shape.kind === 'more' ? { number: 'pl' as const } : {}) });
    // "What about Romeo and Juliet?" asks the previous question again where the conversation is close to it (or leans on it).
    // Without an embedder (no similarities), the shape alone decides.
    const similarities = turns.map((t) => t.similarity);
    const close = Math.max(0, ...similarities) >= PARALLEL_SIMILARITY || similarities.every((x) => x === 0);
    const ranked = rankPhrases(phrases, weights, shape.kind === 'more' || (shape.kind === 'pronoun' && shape.number === 'person'));
    // "one" stands for one of a kind: a common noun's phrase, not a name or a command ("delete one" is no "delete one Use git stash").
    const kinds = shape.kind === 'pronoun' && shape.one ? ranked.filter((r) => phraseKind(r.phrase.text, language) === 'word') : ranked;
    resolution = resolveShape(base, shape, scope, language, kinds, close || dependence >= REFERENCE_DEPENDENCE);
  }
  // A short question that points back but finds no word likely enough: its latest question's likeliest words.
  if (!resolution && !searched.length && shape && queryCues(base).contentWords <= 1) searched = scored.slice(0, 3);
  const resolved = resolution?.resolved ?? base;
  if (resolution || searched.length) kinds.add('conversational');
  return compose({ input, base, resolved, resolution, searched, kinds, language, dependence, typos: typos.fixes, weights });
}

interface Composed {
  input: LexicalInput;
  base: string;
  resolved: string;
  resolution: Resolution | undefined;
  searched: { term: string; surface: string; p: number }[];
  kinds: Set<RewriteKind>;
  language: string;
  dependence: number;
  typos: string[];
  weights: RewriteWeights;
}

/** The result: the search text (the question, the conversation's words it lacks, expansions), keywords with their shares, confidence. */
function compose(c: Composed): RewriteResult & { trace: LexicalTrace } {
  const { input, base, resolved, searched, kinds, language, dependence, weights } = c;
  const expansion = expansions(base, input.turns, language);
  if (expansion.terms.length) kinds.add('retrieval');
  const resolvedLower = resolved.toLowerCase();
  const missing = searched.map((s) => s.surface).filter((s) => !resolvedLower.includes(s.toLowerCase()));
  const asked = withoutTalk(resolved, language);
  if (asked !== resolved) kinds.add('clarity');
  const searchQuery = [asked, ...missing, ...expansion.terms].join(' ').replace(/\s+/g, ' ').trim();
  const own = new Set(queryTerms(base));
  const keywords = queryTerms([searchQuery, ...searched.map((s) => s.term)].join(' ')).filter((t) => !own.has(t) && t.length > 1);
  const share = new Map<string, number>();
  for (const s of searched) for (const w of queryTerms(s.term)) share.set(w, Math.max(share.get(w) ?? 0, Math.min(1, s.p / weights.term.search_threshold)));
  const resolvedWords = new Set(queryTerms(`${resolved} ${expansion.terms.join(' ')}`));
  const keywordShares = keywords.map((k) => (resolvedWords.has(k) ? 1 : Math.max(0.1, Math.round((share.get(k) ?? 1) * 10) / 10)));
  const used = input.turns.filter((t) => keywords.some((k) => `${t.user} ${t.assistant}`.toLowerCase().includes(k))).map((t) => t.index);
  const termConfidence = searched.length ? searched.reduce((s, x) => s + x.p, 0) / searched.length : 0;
  const ambiguous = !!c.resolution?.alternatives.length;
  let confidence = searched.length ? 0.5 * dependence + 0.5 * termConfidence : dependence >= weights.dependence.threshold ? 0.3 : 1 - 0.5 * dependence;
  if (ambiguous) confidence *= 0.7;
  const original = input.query;
  return {
    intent: classifyIntent(resolved),
    search_query: searchQuery,
    resolved_query: resolved,
    keywords,
    ambiguous,
    alternatives: c.resolution?.alternatives ?? [],
    confidence: Math.round(Math.min(1, Math.max(0, confidence)) * 100) / 100,
    language,
    rewritten: searchQuery !== original.trim() || resolved !== original.trim(),
    kinds: (['conversational', 'clarity', 'retrieval'] as const).filter((k) => kinds.has(k)),
    used_turns: used,
    engine: 'lexical',
    original_query: original,
    trace: { dependence, keywordShares, terms: searched.map(({ term, p }) => ({ term, p })), expansions: expansion.notes, typos: c.typos, ...(c.resolution?.reference ? { reference: c.resolution.reference } : {}) },
  };
}

/** Reads a turn pair's words ahead of the next question (their counts in the index are the slow part). */
export function readAhead(pair: { user: string; assistant: string }, language: string, termStats?: TermStats): void {
  const words = queryTerms(`${pair.user} ${pair.assistant}`);
  termStats?.documentFrequency(words);
  conversationPhrases('', [{ index: 0, user: pair.user, assistant: pair.assistant, similarity: 0, byRecency: true }], language, { termP: new Map() });
}
