import { queryTerms } from '../search/queryTerms.js';
import type { SearchHit } from '../search/hybridSearch.js';
import type { TermStats } from '../search/termStats.js';
import type { IndexStore } from '../store/indexStore.js';

/** One thing a passage says that bears on the question, with where it says it. */
export interface Fact {
  quote: string;
  path: string;
  page: number | null;
  chunkId: number;
  /** 0..1: how much of the question the sentence covers, lifted by how well its passage ranked. */
  score: number;
  /** The share of the question's weighted words the sentence contains. */
  coverage: number;
}

export interface MapQuestion {
  resolved_query: string;
  /** Words added by the rewrite: they count at half weight. */
  keywords: readonly string[];
}

const SEGMENTER = new Intl.Segmenter(undefined, { granularity: 'sentence' });
/** A crude shared stem: enough for "invoices"/"invoice", "prijs"/"prijzen" is out of reach. */
const stem = (w: string): string => (w.length > 5 ? w.slice(0, Math.max(5, w.length - 3)) : w);

function sentences(text: string): string[] {
  return [...SEGMENTER.segment(text)].map((s) => s.segment.replace(/\s+/g, ' ').trim()).filter((s) => s.length >= 12 && /\p{L}/u.test(s));
}

/**
 * The extractive Map stage (no model needed): each hit's sentences scored by the question's
 * words they contain (weighted by rarity in the index; the rewrite's added words at half), and
 * by how well their passage ranked; the best one or two per hit become facts.
 */
export function extractiveMap(store: IndexStore, hits: readonly SearchHit[], question: MapQuestion, termStats?: TermStats, perHit = 2): Fact[] {
  const own = queryTerms(question.resolved_query);
  const added = queryTerms(question.keywords.join(' ')).filter((t) => !own.includes(t));
  const idf = termStats?.idf([...own, ...added]);
  const weights = new Map<string, number>([...own.map((t) => [stem(t), idf?.get(t) ?? 1] as const), ...added.map((t) => [stem(t), 0.5 * (idf?.get(t) ?? 1)] as const)]);
  const total = [...weights.values()].reduce((a, b) => a + b, 0) || 1;
  const textOf = store.db.prepare('SELECT text FROM chunks WHERE id = ?');
  const best = hits.length ? Math.max(...hits.map((h) => h.score)) : 1;
  const facts: Fact[] = [];
  for (const hit of hits) {
    const row = textOf.get(hit.chunkId) as { text: string } | undefined;
    if (!row) continue;
    const scored = sentences(row.text).map((quote) => {
      const words = new Set(queryTerms(quote).map(stem));
      let covered = 0;
      for (const [w, weight] of weights) if (words.has(w)) covered += weight;
      const coverage = covered / total;
      return { quote, coverage, score: 0.75 * coverage + 0.25 * (hit.score / best) };
    });
    for (const s of scored.sort((a, b) => b.score - a.score).slice(0, perHit)) {
      if (s.coverage > 0) facts.push({ quote: s.quote, path: hit.path, page: hit.page, chunkId: hit.chunkId, score: round(s.score), coverage: round(s.coverage) });
    }
  }
  return facts.sort((a, b) => b.score - a.score);
}

const round = (x: number): number => Math.round(x * 1000) / 1000;

/** Word-set overlap of two sentences (Jaccard). */
function overlap(a: string, b: string): number {
  const A = new Set(queryTerms(a));
  const B = new Set(queryTerms(b));
  let both = 0;
  for (const w of A) if (B.has(w)) both++;
  return A.size + B.size - both ? both / (A.size + B.size - both) : 1;
}

/**
 * The Filter stage: facts below the relevance bar go, and so do near-duplicates of a better
 * fact (the same sentence in a copied file, a repeated paragraph).
 */
export function filterFacts(facts: readonly Fact[], bar = 0.3, duplicate = 0.7): Fact[] {
  const kept: Fact[] = [];
  for (const f of [...facts].sort((a, b) => b.score - a.score)) {
    if (f.score < bar) continue;
    if (kept.some((k) => overlap(k.quote, f.quote) >= duplicate)) continue;
    kept.push(f);
  }
  return kept;
}
