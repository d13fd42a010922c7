import { basename } from 'node:path';
import { cosine, type Embedder } from '../models/embedder.js';
import { relatedWords } from '../rewrite/lexical/expand.js';
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
  /** The question's own words (stemmed) that the sentence, with its heading, contains (extractive Map). */
  words?: string[];
}

export interface MapQuestion {
  resolved_query: string;
  /** Words added by the rewrite: they count at ADDED_WEIGHT. */
  keywords: readonly string[];
  /** The question as the user typed it: words of resolved_query not in it count at CONTEXT_WEIGHT. */
  original_query?: string;
}

/** Weights of a resolved question's words the user did not type, and of the rewrite's added search words. */
const CONTEXT_WEIGHT = 0.3;
/** The credit a question word gets for a word of the same meaning from the thesaurus. */
const RELATED_CREDIT = 0.5;
/** The share of a sentence's coverage that is its passage's coverage of the question. */
const PASSAGE_WEIGHT = 0.3;
const ADDED_WEIGHT = 0.25;

const SEGMENTER = new Intl.Segmenter(undefined, { granularity: 'sentence' });
/** A crude shared stem: enough for "invoices"/"invoice", "prijs"/"prijzen" is out of reach. */
export const stem = (w: string): string => (w.length > 5 ? w.slice(0, Math.max(5, w.length - 3)) : w);

const HEADING = /^#{1,6}\s+(.+)$/;
/** A short line without a full stop: a title or a fragment, not a statement. */
const isFragment = (s: string): boolean => s.split(' ').length < 4 && !/[.!?:;]$/.test(s);

/** A statement of a passage, with the heading it stands under (Markdown headings, in the same passage). */
export interface Statement {
  text: string;
  heading?: string;
}

/**
 * The statements of a passage: paragraphs rejoined where a line was only wrapped (PDF and
 * Markdown text break lines mid-sentence), split into sentences, headings and fragments left
 * out but kept as the context of the sentences below them.
 */
export function statements(text: string): Statement[] {
  const out: Statement[] = [];
  let heading: string | undefined;
  let paragraph: string[] = [];
  const flush = (): void => {
    for (const seg of SEGMENTER.segment(paragraph.join(' '))) {
      const s = seg.segment.replace(/\s+/g, ' ').trim();
      if (s.length >= 12 && /\p{L}/u.test(s) && !isFragment(s)) out.push(heading ? { text: s, heading } : { text: s });
    }
    paragraph = [];
  };
  for (const line of text.split(/\r?\n/)) {
    const h = HEADING.exec(line.trim());
    if (h) {
      flush();
      heading = h[1]!.trim();
    } else if (!line.trim()) flush();
    else paragraph.push(line.trim());
  }
  flush();
  return out;
}

export const sentences = (text: string): string[] => statements(text).map((s) => s.text);

/**
 * How much of the question a sentence covers: the share of the question's words it contains,
 * each weighted by its rarity in the index, the rewrite's added words at half.
 */
export function questionCoverage(question: MapQuestion, termStats?: TermStats): (sentence: string) => number {
  const own = queryTerms(question.resolved_query);
  // A follow-up's own words are its focus; what the rewrite resolved them against is context.
  const focus = question.original_query !== undefined ? new Set(queryTerms(question.original_query)) : undefined;
  const added = queryTerms(question.keywords.join(' ')).filter((t) => !own.includes(t));
  const idf = termStats?.idf([...own, ...added]);
  const weights = new Map<string, number>();
  for (const t of own) weights.set(stem(t), (focus && focus.size && !focus.has(t) ? CONTEXT_WEIGHT : 1) * (idf?.get(t) ?? 1));
  for (const t of added) if (!weights.has(stem(t))) weights.set(stem(t), ADDED_WEIGHT * (idf?.get(t) ?? 1));
  const total = [...weights.values()].reduce((a, b) => a + b, 0) || 1;
  // A word the document says differently ("kost" asked, "prijs" written) counts at RELATED_CREDIT.
  const related = new Map([...own, ...added].map((t) => [stem(t), relatedWords(t).map(stem)]));
  return (sentence) => {
    const words = new Set(queryTerms(sentence).map(stem));
    let covered = 0;
    for (const [w, weight] of weights) {
      if (words.has(w)) covered += weight;
      else if (related.get(w)?.some((r) => words.has(r))) covered += RELATED_CREDIT * weight;
    }
    return covered / total;
  };
}

/** A file's name as words ("heat-pump-manual.pdf" → "heat pump manual"). */
export function fileTitle(path: string): string {
  return basename(path).replace(/\.[^.]+$/, '').replace(/[-_.]+/g, ' ').trim();
}

/** The question's own words (stemmed) that a sentence contains. */
export function questionWordsIn(question: MapQuestion): (sentence: string) => string[] {
  const own = [...new Set(queryTerms(question.resolved_query).map(stem))];
  return (sentence) => {
    const words = new Set(queryTerms(sentence).map(stem));
    return own.filter((w) => words.has(w));
  };
}

/** Cosine similarity of sentence vectors mapped to 0..1 (below 0.1 is unrelated, 0.7 and above the same meaning). */
const meaning = (cos: number): number => Math.min(1, Math.max(0, (cos - 0.1) / 0.6));
/** Sentences whose meaning is compared with the question's, and the characters of each the encoder reads. */
const EMBED_MAX = 3;
const EMBED_CHARS = 300;
/** Words leave no doubt when the best sentence covers this much of the question and leads the next by this ratio. */
const CLEAR_COVERAGE = 0.5;
const CLEAR_MARGIN = 0.8;

export interface ExtractiveMapOptions {
  termStats?: TermStats;
  /** Compares the best candidate sentences with the question by meaning too. */
  embedder?: Embedder;
  perHit?: number;
}

/**
 * The extractive Map stage (no language model needed): each hit's sentences scored by the
 * question's words they contain (weighted by rarity in the index), by how close their meaning is
 * to the question's (with an embedder), and by how well their passage ranked; the best one or two
 * per hit become facts.
 */
export async function extractiveMap(store: IndexStore, hits: readonly SearchHit[], question: MapQuestion, options: ExtractiveMapOptions = {}): Promise<Fact[]> {
  const coverageOf = questionCoverage(question, options.termStats);
  const wordsIn = questionWordsIn(question);
  const textOf = store.db.prepare('SELECT text FROM chunks WHERE id = ?');
  const best = hits.length ? Math.max(...hits.map((h) => h.score)) : 1;
  const candidates = hits.flatMap((hit) => {
    const row = textOf.get(hit.chunkId) as { text: string } | undefined;
    if (!row) return [];
    // A sentence in a passage that is about the whole question is likelier its answer than one
    // that shares a word by chance ("Wat kost houtmulch?": the mulch note's price, not a café's).
    // The file's name is context too, like a heading: a sentence of heat-pump-manual.pdf is about
    // a heat pump even when it says "the unit".
    const title = fileTitle(hit.path);
    const passage = PASSAGE_WEIGHT * coverageOf(`${title} ${row.text}`);
    return statements(row.text)
      .map(({ text: quote, heading }) => ({ hit, quote, heading: [title, heading].filter(Boolean).join(' '), coverage: (1 - PASSAGE_WEIGHT) * coverageOf(`${title} ${heading ?? ''} ${quote}`) + passage, semantic: undefined as number | undefined, rank: hit.score / best }))
      .sort((a, b) => b.coverage - a.coverage);
  });
  const byWords = (c: (typeof candidates)[number]): number => 0.75 * c.coverage + 0.25 * c.rank;
  const ranked = [...candidates].sort((a, b) => byWords(b) - byWords(a));
  // Meaning is compared (an encoder call, the costly part) only where the words leave doubt: no
  // sentence covers most of the question, or the best two are close. Then for the best few.
  const clear = ranked[0] !== undefined && ranked[0].coverage >= CLEAR_COVERAGE && (ranked[1] === undefined || byWords(ranked[1]) <= CLEAR_MARGIN * byWords(ranked[0]));
  const compared = options.embedder && !clear ? ranked.slice(0, EMBED_MAX) : [];
  if (compared.length) {
    const vectors = await options.embedder!.embed([question.resolved_query, ...compared.map((c) => c.quote.slice(0, EMBED_CHARS))]);
    compared.forEach((c, i) => (c.semantic = meaning(cosine(vectors[0]!, vectors[i + 1]!))));
  }
  const facts: Fact[] = [];
  for (const hit of hits) {
    const scored = candidates
      .filter((c) => c.hit === hit)
      .map((c) => ({ ...c, score: compared.length ? 0.55 * c.coverage + 0.2 * (c.semantic ?? 0) + 0.25 * c.rank : byWords(c) }))
      // A sentence with none of the question's words must be very close in meaning (cosine 0.6 and up) to count.
      .filter((c) => c.coverage > 0 || (c.semantic ?? 0) >= 0.8);
    for (const s of scored.sort((a, b) => b.score - a.score).slice(0, options.perHit ?? 2)) {
      const words = wordsIn(s.heading ? `${s.heading} ${s.quote}` : s.quote);
      facts.push({ quote: s.quote, path: hit.path, page: hit.page, chunkId: hit.chunkId, score: round(s.score), coverage: round(s.coverage), words });
    }
  }
  return facts.sort((a, b) => b.score - a.score);
}

const round = (x: number): number => Math.round(x * 1000) / 1000;

/** Word-set overlap of two sentences (Jaccard). */
export function overlap(a: string, b: string): number {
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
