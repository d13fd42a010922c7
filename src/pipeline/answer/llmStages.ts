import { basename } from 'node:path';
import { queryTerms } from '../search/queryTerms.js';
import type { Intent } from '../rewrite/types.js';
import type { SearchHit } from '../search/hybridSearch.js';
import type { IndexStore } from '../store/indexStore.js';
import type { LlmAnswerer, Relevance } from './llmAnswerer.js';
import { extractiveMap, passageTexts, questionCoverage, sentences, stem, type ExtractiveMapOptions, type Fact, type MapQuestion } from './mapStage.js';
import { cite, reduceFacts, type ReducedAnswer } from './reduce.js';
import type { ConfidenceResult } from './confidence.js';

/** Letters and digits only, lower-cased, single-spaced: how quotes are compared with their passage. */
const plain = (s: string): string => s.toLowerCase().normalize('NFKC').replace(/[^\p{L}\p{N}]+/gu, ' ').trim();

const RELEVANCE: Record<Relevance, number> = { high: 1, medium: 0.7, low: 0.4 };
/** Hits per Map call. */
export const MAP_BATCH = 4;
export const DEFAULT_MAP_BUDGET_MS = 20_000;
export const DEFAULT_REDUCE_BUDGET_MS = 15_000;

export interface LlmMapResult {
  facts: Fact[];
  /** Hits whose facts the model gave (checked); the others went to the extractive engine. */
  byModel: number;
  /** Why some or all hits fell back to the extractive engine. */
  fallback?: string;
  /** Quotes the model gave that are not in their passage (dropped). */
  dropped: number;
}

/**
 * The Map stage with a local LLM: one call per batch of hits; every quote is checked against its
 * passage (a quote that is not there is dropped: the model may not invent), and widened to the
 * sentence it came from. A batch whose call fails, runs out of time, or yields no quote that
 * checks out (none at all included), is mapped by the extractive engine instead, and the result
 * says why.
 */
export async function llmMap(
  store: IndexStore,
  hits: readonly SearchHit[],
  question: MapQuestion,
  answerer: LlmAnswerer,
  options: ExtractiveMapOptions & { budgetMs?: number } = {},
): Promise<LlmMapResult> {
  const deadline = performance.now() + (options.budgetMs ?? DEFAULT_MAP_BUDGET_MS);
  const coverageOf = questionCoverage(question, options.termStats);
  const textsById = options.texts ?? passageTexts(store, hits);
  const best = hits.length ? Math.max(...hits.map((h) => h.score)) : 1;
  const facts: Fact[] = [];
  const leftOver: SearchHit[] = [];
  const reasons = new Set<string>();
  let byModel = 0;
  let dropped = 0;
  for (let i = 0; i < hits.length; i += MAP_BATCH) {
    const batch = hits.slice(i, i + MAP_BATCH);
    const remaining = deadline - performance.now();
    if (remaining < 50) {
      reasons.add('the time budget was spent');
      leftOver.push(...batch);
      continue;
    }
    const texts = batch.map((h) => textsById.get(h.chunkId) ?? '');
    let out;
    try {
      out = await answerer.map({ question: question.resolved_query, passages: batch.map((h, j) => ({ n: j + 1, path: h.path, page: h.page, text: texts[j]! })) }, remaining);
    } catch (err) {
      reasons.add((err as Error).message);
      leftOver.push(...batch);
      continue;
    }
    // Each passage's comparable text and sentences, made once per batch (not per quote).
    const plainTexts = texts.map(plain);
    const sentencesOf = texts.map((text) => sentences(text).map((s) => ({ s, p: plain(s) })));
    const found: Fact[] = [];
    for (const f of out) {
      const hit = batch[f.passage - 1];
      const passage = plainTexts[f.passage - 1];
      const q = plain(f.quote);
      if (!hit || passage === undefined || q.length < 12 || !passage.includes(q)) {
        dropped++;
        continue;
      }
      // The whole sentence the quote was taken from, when it lies within one.
      const quote = sentencesOf[f.passage - 1]!.find((x) => x.p.includes(q))?.s ?? f.quote.trim();
      const coverage = coverageOf(quote);
      const score = 0.5 * RELEVANCE[f.relevance] + 0.3 * coverage + 0.2 * (hit.score / best);
      if (!found.some((x) => x.chunkId === hit.chunkId && x.quote === quote)) {
        found.push({ quote, path: hit.path, page: hit.page, chunkId: hit.chunkId, score: round(score), coverage: round(coverage) });
      }
    }
    if (found.length === 0) {
      // Nothing that checks out: the keyword engine reads these passages (its relevance bar and the confidence still apply).
      reasons.add(out.length ? 'its quotes were not in the passages' : 'it quoted nothing');
      leftOver.push(...batch);
      continue;
    }
    byModel += batch.length;
    facts.push(...found);
  }
  if (leftOver.length) facts.push(...(await extractiveMap(store, leftOver, question, options)));
  return { facts: facts.sort((a, b) => b.score - a.score), byModel, fallback: reasons.size ? [...reasons].join('; ') : undefined, dropped };
}

const round = (x: number): number => Math.round(x * 1000) / 1000;

/** Numbers as written in a text, without thousands separators ("48,500" and "48.500" → "48500"). */
function numbers(text: string): Set<string> {
  return new Set([...text.matchAll(/\d[\d.,]*\d|\d/g)].map((m) => m[0].replace(/[.,](?=\d{3}(\D|$))/g, '').replace(',', '.')));
}

/**
 * The share of a sentence's words (stopwords aside) found in its facts or the question: a model's
 * paraphrase keeps the key words of what it rests on; a sentence that does not is not grounded.
 */
function grounding(text: string, sources: readonly string[]): number {
  const words = queryTerms(text).map(stem);
  if (words.length === 0) return 0;
  const known = new Set(sources.flatMap((s) => queryTerms(s).map(stem)));
  return words.filter((w) => known.has(w)).length / words.length;
}

const GROUNDING_BAR = 0.5;

/** How many facts the Reduce call sees. */
const REDUCE_FACTS = 8;
/** The model's own check, as it counts towards confidence. */
const CHECK: Record<'yes' | 'partly' | 'no', number> = { yes: 1, partly: 0.5, no: 0 };

export interface LlmReduceResult {
  reduced: ReducedAnswer;
  /** Why the extractive Reduce was used instead. */
  fallback?: string;
  /** Sentences the model wrote that were dropped (no valid fact, or a number not in its facts). */
  dropped: number;
  check?: 'yes' | 'partly' | 'no';
}

/**
 * The Reduce and Confidence stages with a local LLM: the model writes the answer from numbered
 * facts, in the user's language and shaped by intent, each sentence naming the facts it rests on.
 * A sentence that names no valid fact, or states a number its facts do not contain, is dropped.
 * Confidence blends the retrieval evidence with the model's own check. Below the bar, or with
 * nothing left, the honest not-found answer (or the extractive answer when the model failed).
 */
export async function llmReduce(
  facts: readonly Fact[],
  hits: readonly SearchHit[],
  question: { text: string; intent: Intent; language: string },
  answerer: LlmAnswerer,
  verdict: ConfidenceResult,
  budgetMs = DEFAULT_REDUCE_BUDGET_MS,
): Promise<LlmReduceResult> {
  const extractive = reduceFacts(facts, hits, question.intent, question.language, verdict);
  if (extractive.notFound) return { reduced: extractive, dropped: 0 };
  const shown = facts.slice(0, REDUCE_FACTS);
  let out;
  try {
    out = await answerer.reduce(
      { question: question.text, intent: question.intent, language: question.language, facts: shown.map((f, i) => ({ n: i + 1, quote: f.quote, source: basename(f.path) + (f.page ? ` p.${f.page}` : '') })) },
      budgetMs,
    );
  } catch (err) {
    return { reduced: extractive, fallback: (err as Error).message, dropped: 0 };
  }
  const kept: { text: string; facts: typeof shown }[] = [];
  let dropped = 0;
  for (const s of out.sentences) {
    const used = [...new Set(s.facts)].map((n) => shown[n - 1]).filter((f): f is Fact => f !== undefined);
    const text = s.text.replace(/\s+/g, ' ').trim();
    const stated = numbers(text);
    const backed = numbers(used.map((f) => f.quote).join(' '));
    if (used.length === 0 || [...stated].some((n) => !backed.has(n)) || grounding(text, [...used.map((f) => f.quote), question.text]) < GROUNDING_BAR) {
      dropped++;
      continue;
    }
    kept.push({ text, facts: used });
  }
  const confidence = Math.round((0.7 * verdict.confidence + 0.3 * CHECK[out.answered]) * 100) / 100;
  if (kept.length === 0) return { reduced: extractive, fallback: out.sentences.length ? 'none of its sentences rested on the facts' : 'it wrote no answer', dropped, check: out.answered };
  if (out.answered === 'no' && confidence < 0.5) return { reduced: { ...reduceFacts([], hits, question.intent, question.language, { confidence, notFound: true }), confidence }, dropped, check: out.answered };
  const bullets = question.intent === 'list' || question.intent === 'compare';
  const lines = kept.map((s) => `${bullets ? '- ' : ''}${s.text} ${s.facts.map((f) => cite(f.path, f.page)).join(' ')}`);
  const citations = [...new Map(kept.flatMap((s) => s.facts).map((f) => [f.chunkId + f.quote, { path: f.path, page: f.page, quote: f.quote }])).values()];
  return { reduced: { answer: lines.join(bullets ? '\n' : ' '), citations, confidence, notFound: false }, dropped, check: out.answered };
}
