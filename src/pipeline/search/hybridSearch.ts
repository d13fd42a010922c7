import { inForeground, normalise, type Embedder } from '../models/embedder.js';
import type { IndexStore } from '../store/indexStore.js';
import { FEEDBACK_PASSAGES, FEEDBACK_WEIGHT, feedbackTerms, type FeedbackTerm } from './conversationFeedback.js';
import { withPassageFeedback } from './passageFeedback.js';
import { ftsMatchExpression, identifiers, queryPhrases, queryTerms, sameName } from './queryTerms.js';
import { SignBitIndex } from './signBitIndex.js';
import { rowsForReading } from '../index/pipeTable.js';
import { SiteTemplates } from './siteTemplates.js';
import { docTypeOf } from '../index/extractors/extract.js';
import { boostWhere, preferNamedFolders } from './namedFolders.js';

export interface SearchHit {
  chunkId: number;
  fileId: number;
  path: string;
  page: number | null;
  /** The passage around the match, matched words marked **like this**. */
  snippet: string;
  /** Reciprocal-rank-fusion score: higher is better; comparable within one result list only. */
  score: number;
  bm25Rank: number | null;
  vectorRank: number | null;
  /** Other files that hold this very passage (a copied file, a page repeated in another manual). */
  alsoIn?: string[];
}

/** Terms searched beside the query's own, each contributing `weight` times its BM25 score. */
export interface WeightedTerms {
  terms: readonly string[];
  weight: number;
  /** Per-term weights, parallel to `terms`, where terms weigh differently (default: `weight` each). */
  weights?: readonly number[];
}

export interface SearchOptions {
  k?: number;
  /** Added terms (from the conversation, expansions) weighed below the user's words. */
  extraTerms?: WeightedTerms;
  /**
   * Word pairs also searched as phrases, at PHRASE_WEIGHT (default: queryPhrases of the query).
   * A rewrite passes its resolved question's: its search_query has conversation words appended,
   * whose order means nothing.
   */
  phrases?: readonly string[];
  /** How many candidates each retriever contributes to the fusion. */
  candidates?: number;
  /** Without one, or when the index has no vectors yet, search is keyword-only. */
  embedder?: Embedder;
  /**
   * What the vector side searches for, when not the query itself: texts whose vectors are mixed
   * by weight (a rewrite's resolved question, and the conversation turns it drew on).
   */
  vectorQuery?: readonly WeightedText[];
  /** Search only these files (the plan's filters, resolved to file ids); undefined: every file. */
  fileIds?: readonly number[];
  /**
   * Words of the conversation the keyword side may add where the passages it finds first hold
   * them (conversationFeedback; a rewrite's searchFeedback).
   */
  feedback?: readonly string[];
  /** At most this many passages per file in the results. */
  maxPerFile?: number;
  /**
   * Move the vector side's query towards the passages the keyword side ranks first
   * (passageFeedback). Default: for a follow-up read with its conversation (feedback given).
   */
  passageFeedback?: boolean;
  /**
   * Rank the keyword side's passages with their page's evidence too (withPageEvidence), and give
   * the ranking by passage alone as `passageHits`.
   */
  pageEvidence?: boolean;
}

export interface WeightedText {
  text: string;
  weight: number;
}

/** The normalised weighted sum of the texts' vectors (one embed call; cached texts cost nothing). */
export async function mixedQueryVector(embedder: Embedder, parts: readonly WeightedText[]): Promise<Float32Array> {
  const vectors = await embedder.embed(parts.map((p) => p.text));
  const out = new Float32Array(embedder.dimension);
  parts.forEach((p, i) => vectors[i]!.forEach((x, j) => (out[j]! += p.weight * x)));
  return normalise(out);
}

export interface SearchResult {
  hits: SearchHit[];
  mode: 'hybrid' | 'keyword' | 'vector' | 'none';
  /** Chunks that do not have a vector yet (search used keywords alone for them). */
  vectorsPending: number;
  /** With pageEvidence: the same search, its keyword side ranked by each passage alone. */
  passageHits?: SearchHit[];
}

/**
 * The weight of a rewrite's added terms against the user's own words. FINDINGS measured that
 * added words at full weight outvote the user's and hurt; the learned rewrite's terms are
 * precise enough for half weight (0.5 beat 0.3 and 0.7 on both MTRAG folders; see issue 3's note).
 */
export const ADDED_TERM_WEIGHT = 0.5;

/**
 * The weight of a query's adjacent word pairs searched as phrases (queryPhrases), against its
 * words. 0.25–0.45 lifted bm25 nDCG@10 of every query form on both MTRAG folders (last turn
 * FiQA 0.150 → 0.163, ClapNQ 0.273 → 0.283 at 0.3); at 0.6 and above the phrases outvote the words.
 */
export const PHRASE_WEIGHT = 0.3;

/** The weight of the meaning side in the fusion for a keyword query (isKeywordQuery). */
export const KEYWORD_QUERY_VECTOR_WEIGHT = 0.3;

/**
 * A query that names something rather than says something: one content word, or words written
 * as code (an underscore, a dot or brackets inside, letters and digits mixed: write.csv,
 * R_LIBS_USER, E07, lapply()).
 */
export function isKeywordQuery(query: string): boolean {
  const words = query.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return false;
  const code = (w: string): boolean => /\w[_.]\w|\w\(|^[A-Za-z]+\d+\w*$|^\d+[A-Za-z]+$/.test(w);
  return queryTerms(query).length === 1 || words.every(code);
}

/** Reciprocal rank fusion constant, as in Cormack et al. (2009). */
export const RRF_K = 60;

const SNIPPET_TOKENS = 28;

/** How many of each side's first candidates are compared, and the weight of the meaning side when none agree; full weight from 0.175 agreement on. */
const AGREEMENT_DEPTH = 20;
const AGREEMENT_FLOOR = 0.3;
const AGREEMENT_SLOPE = 4;

/**
 * The weight of the meaning side for one query, by how much its first candidates agree with the
 * keyword side's: where the encoder reads the user's documents well, the two sides find many of the
 * same passages; where none agree (a general-purpose encoder on technical manuals), its neighbours
 * are mostly noise and it counts less. Measured: eval:docs hybrid hit@5 0.553 → 0.614, MRR@10
 * 0.373 → 0.448; MTRAG hybrid nDCG@10 FiQA 0.253 → 0.253, ClapNQ 0.419 → 0.416.
 */
export function agreementWeight(agreement: number | undefined): number {
  return agreement === undefined ? 1 : Math.min(1, AGREEMENT_FLOOR + AGREEMENT_SLOPE * agreement);
}

/** The share of the meaning side's first candidates that the keyword side's first ones hold too; undefined when a side found nothing. */
export function sideAgreement(bm25Ids: readonly number[], vecIds: readonly number[]): number | undefined {
  const n = Math.min(AGREEMENT_DEPTH, bm25Ids.length, vecIds.length);
  if (n === 0) return undefined;
  const top = new Set(bm25Ids.slice(0, AGREEMENT_DEPTH));
  return vecIds.slice(0, AGREEMENT_DEPTH).filter((id) => top.has(id)).length / n;
}

/** How many of an index's latest searches its agreement is the mean of. */
const AGREEMENT_MEMORY = 50;
/** The index's meta key for its latest searches' agreements, with the encoder that read them. */
const AGREEMENT_KEY = 'search_agreements';

/** The agreements of the index's latest searches by this encoder, as kept in the index (none if it kept another's, or nothing readable). */
function storedAgreements(store: IndexStore, encoder: string | undefined): number[] {
  try {
    const kept = JSON.parse(store.getMeta(AGREEMENT_KEY) ?? 'null') as { encoder?: unknown; agreements?: unknown } | null;
    if (!kept || kept.encoder !== (encoder ?? null) || !Array.isArray(kept.agreements)) return [];
    return kept.agreements.filter((a): a is number => typeof a === 'number' && a >= 0 && a <= 1).slice(-AGREEMENT_MEMORY);
  } catch {
    return [];
  }
}

/**
 * How well the encoder reads this index: the mean agreement of its latest searches (this one
 * included). One search's agreement is noisy; over many, it tells a corpus the encoder knows
 * (ClapNQ's Wikipedia passages: about 0.38, FiQA's finance posts: 0.19) from one it does not (the
 * real manuals of eval:docs: 0.1). The mean, not the median: one search's agreement moves in steps
 * of 0.05, and so did the median, which put FiQA's searches on the manuals' side of the line for
 * a third of them (below). The agreements are kept in the index, not in the process: each
 * `docent ask` is a process of its own, and the app starts anew, and a question judged by its own
 * search alone was often fused the corpus's wrong way (eval:docs with vectors, every answerable
 * item judged by its own search: MRR@10 0.612, page hit@5 0.765, against 0.648 and 0.811 judged by
 * the latest 50).
 */
export function encoderReadsIndex(store: IndexStore, agreement: number | undefined): number {
  const encoder = store.embedderInfo()?.id;
  const kept = storedAgreements(store, encoder);
  if (agreement !== undefined) {
    kept.push(agreement);
    if (kept.length > AGREEMENT_MEMORY) kept.shift();
    try {
      store.setMeta(AGREEMENT_KEY, JSON.stringify({ encoder: encoder ?? null, agreements: kept }));
    } catch {
      // A read-only or busy index: this search is judged all the same, and only not remembered.
    }
  }
  if (!kept.length) return 1;
  return kept.reduce((a, b) => a + b, 0) / kept.length;
}

/** Forgets the index's latest searches' agreements: an evaluation starts each run from none, as it did in one process. */
export function forgetAgreements(store: IndexStore): void {
  store.deleteMeta(AGREEMENT_KEY);
}

/**
 * Below this agreement (encoderReadsIndex) the two sides are fused by score (convexFusion), not by rank. On
 * the real manuals, reciprocal rank fusion let the meaning side's neighbours, mostly noise there,
 * reorder the keyword side's first passages: hybrid fell below keywords alone (page hit@1 0.333
 * against 0.424, hit@5 0.621 against 0.720). Fused by score there: 0.462 / 0.742, MRR@10 0.456 →
 * 0.571; MTRAG's hybrid nDCG@10 unchanged (FiQA 0.253, ClapNQ 0.416: both stay above the line).
 * Fused by score everywhere, ClapNQ fell to 0.354 (α 0.9) or 0.401 (α 0.5).
 */
export const CONVEX_BELOW = 0.14;
/**
 * Fusion by score takes over from rank fusion gradually over this width of agreement, centred on
 * CONVEX_BELOW. A hard switch made search flip between the two on a small change of the median
 * (it moves in steps of 0.05): once the manuals' PDF passages carried their section titles, their
 * median reached 0.15 for a fifth of the searches and hybrid hit@5 fell 0.773 → 0.742. With the
 * ramp: 0.765; MTRAG hybrid nDCG@10 FiQA 0.253 → 0.254, ClapNQ 0.416 (unchanged). With the median
 * at 0.15 ± 0.05, FiQA's medians (0.1–0.2) put 100 of its 516 searches wholly and 197 half on the
 * manuals' side: the question as asked fell 0.212 → 0.188 (topic switches 0.469 → 0.425). With the
 * mean and the line at 0.14 ± 0.03 (FiQA's means 0.14–0.23, the manuals' 0.06–0.11 once warm):
 * FiQA's question as asked 0.212, topic switches 0.447, the rewrite 0.253 (`--strategies
 * last_turn,rewrite_targeted --retrievers hybrid`); eval:docs with vectors MRR@10 0.638 → 0.648.
 */
export const CONVEX_RAMP = 0.06;

/** The share of a passage's fused score that is fusion by score, at this agreement of the index (1 well below CONVEX_BELOW, 0 well above). */
export function convexShare(agreement: number): number {
  return Math.min(1, Math.max(0, (CONVEX_BELOW + CONVEX_RAMP / 2 - agreement) / CONVEX_RAMP));
}
/** The keyword side's share of a fused score (0.8: hit@5 0.742, MRR 0.569; 0.9: 0.735, 0.571; 0.7: 0.727, 0.562). */
export const CONVEX_KEYWORD_SHARE = 0.9;

/**
 * Convex combination of the two sides' scores, each scaled to 0..1 over the candidates (BM25 by
 * its best, cosine between its worst and best): the keyword side leads and the meaning side, at
 * its weight for this query, decides between passages the words find alike. A passage one side
 * did not find scores 0 there.
 */
export function convexFusion(keyword: readonly ScoredId[], cosine: ReadonlyMap<number, number>, vectorWeight: number, keywordShare = CONVEX_KEYWORD_SHARE): Map<number, number> {
  const best = Math.max(...keyword.map((r) => r.score), Number.MIN_VALUE);
  const cs = [...cosine.values()];
  const low = Math.min(...cs);
  const span = Math.max(...cs) - low || 1;
  const kw = new Map(keyword.map((r) => [r.id, r.score / best]));
  const out = new Map<number, number>();
  for (const id of new Set([...kw.keys(), ...cosine.keys()])) {
    const c = cosine.get(id);
    out.set(id, keywordShare * (kw.get(id) ?? 0) + (1 - keywordShare) * vectorWeight * (c === undefined ? 0 : (c - low) / span));
  }
  return out;
}

/** The cosine of the query's vector with each candidate's stored vector (both are normalised); candidates without one are left out. */
function cosines(store: IndexStore, query: Float32Array, ids: readonly number[]): Map<number, number> {
  const out = new Map<number, number>();
  for (const [id, v] of store.vectorsById(ids)) if (v.length === query.length) out.set(id, v.reduce((dot, x, i) => dot + x * query[i]!, 0));
  return out;
}

/**
 * How much more a keyword candidate that writes an identifier the query names, as written, scores:
 * twice as much. eval:docs --vectors off, at 0.3 and at 1: pg-shared-buffers's page 3rd → 2nd,
 * every other rank the same (its questions' identifiers are found as written already); Python
 * 3.11's manual: "What does lru_cache do?" answered from functools' entry (was "not found").
 */
export const WRITTEN_IDENTIFIER_BOOST = 1;

/**
 * The keyword side's candidates, those that write an identifier the query names as it is written
 * (or by its own name: "lru_cache" of "functools.lru_cache") scored WRITTEN_IDENTIFIER_BOOST more,
 * best first (ties keep their order). The keyword index reads "lru_cache" as the words "lru" and
 * "cache", which "various kinds of LRU caches" has too.
 */
export function preferWrittenIdentifiers(store: IndexStore, keyword: readonly ScoredId[], query: string): ScoredId[] {
  const named = identifiers(query);
  if (!keyword.length || !named.length) return [...keyword];
  const rows = store.prepared('SELECT id, text FROM chunks WHERE id IN (SELECT value FROM json_each(?))').all(JSON.stringify(keyword.map((r) => r.id))) as { id: number; text: string }[];
  const writes = new Set(rows.filter((r) => identifiers(r.text).some((w) => named.some((q) => sameName(q, w)))).map((r) => r.id));
  return boostWhere(keyword, writes, WRITTEN_IDENTIFIER_BOOST);
}

/** Hybrid search: FTS5 BM25 and sqlite-vec nearest neighbours, fused by reciprocal rank. */
export function hybridSearch(store: IndexStore, query: string, options: SearchOptions = {}): Promise<SearchResult> {
  // Interactive work: a vector pass that shares the encoder's workers waits while it runs.
  return inForeground(options.embedder, () => search(store, query, options));
}

async function search(store: IndexStore, query: string, options: SearchOptions): Promise<SearchResult> {
  const k = options.k ?? 10;
  const candidates = Math.max(options.candidates ?? 100, k);
  // Added terms that the query text also carries (a rewrite's search_query holds both) count at their own weight.
  const added = new Set(options.extraTerms?.terms ?? []);
  const terms = queryTerms(query).filter((t) => !added.has(t));
  // Snippets mark the added terms too: they are why a passage was found.
  const match = ftsMatchExpression([...terms, ...added]);
  const { pending: pendingVectors, done: vectors } = store.vectorStates();

  const useVectors = !!options.embedder && vectors > 0 && store.hasVectorTable() && query.trim().length > 0;
  // Started first: an embedder in a worker thread computes while the keyword query runs here.
  const vectorQuery = options.vectorQuery?.filter((p) => p.text.trim()) ?? [];
  const queryVector = useVectors ? mixedQueryVector(options.embedder!, vectorQuery.length ? vectorQuery : [{ text: query, weight: 1 }]) : undefined;
  const scope = options.fileIds ? JSON.stringify(options.fileIds) : undefined;
  // A passage in a folder the query names leads others that match its words alike (namedFolders.ts).
  const keywordQuery: KeywordQuery = { own: terms, extra: options.extraTerms, phrases: options.phrases ?? queryPhrases(query), feedback: options.feedback };
  const ftsRows = new Map<string, ScoredRows>();
  const keywordList = (byPage: boolean): ScoredId[] => preferWrittenIdentifiers(store, preferNamedFolders(store, keywordRanking(store, keywordQuery, candidates, scope, ftsRows, byPage), terms), query);
  // The passage order leads what the vector side is moved towards and how far it is trusted; the
  // page order, where asked for, is the list's (FTS5 is asked once for both: `ftsRows`).
  const keyword = keywordList(false);
  const bm25Ids = keyword.map((r) => r.id);
  let vecIds: number[] = [];
  let qv: Float32Array | undefined;
  if (queryVector) {
    const asked = await queryVector;
    qv = (options.passageFeedback ?? !!options.feedback?.length) ? withPassageFeedback(store, asked, bm25Ids) : asked;
    if (scope) {
      // Nearest neighbours are found over every vector, then kept if in scope: ask for many more.
      const allowed = new Set((store.prepared('SELECT c.id FROM chunks c WHERE c.file_id IN (SELECT value FROM json_each(?))').all(scope) as { id: number }[]).map((r) => r.id));
      vecIds = vectorCandidates(store, qv, Math.min(vectors, Math.max(candidates * 20, 2000)), vectors).filter((id) => allowed.has(id)).slice(0, candidates);
    } else vecIds = vectorCandidates(store, qv, candidates, vectors);
  }

  // A query that is a name rather than a sentence ("lapply", "R_LIBS_USER", "E07") is found by its
  // letters: meaning adds little and ranks short passages that merely resemble it.
  const agreement = sideAgreement(bm25Ids, vecIds);
  const vectorWeight = (isKeywordQuery(query) ? KEYWORD_QUERY_VECTOR_WEIGHT : 1) * agreementWeight(agreement);
  const byScore = qv && bm25Ids.length && vecIds.length ? convexShare(encoderReadsIndex(store, agreement)) : 0;
  // A passage in both lists has its snippet made once.
  const snippets = new Map<number, string>();
  const byPassage = fusedHits(keyword);
  const hits = options.pageEvidence ? fusedHits(keywordList(true)) : byPassage;
  // The vector pass, if one is running, makes these files' vectors next: the user is looking there.
  if (pendingVectors > 0 && hits.length) store.noteSearched(hits.map((h) => h.fileId));
  const mode = bm25Ids.length && vecIds.length ? 'hybrid' : vecIds.length ? 'vector' : bm25Ids.length ? 'keyword' : 'none';
  return { hits, mode, vectorsPending: pendingVectors, ...(options.pageEvidence ? { passageHits: byPassage } : {}) };

  /** One keyword list fused with the vector side's, as the list of hits. */
  function fusedHits(keyword: readonly ScoredId[]): SearchHit[] {
    const fused = new Map<number, { score: number; bm25Rank: number | null; vectorRank: number | null }>();
    keyword.forEach((r, i) => fused.set(r.id, { score: 1 / (RRF_K + i + 1), bm25Rank: i + 1, vectorRank: null }));
    vecIds.forEach((id, i) => {
      const entry = fused.get(id) ?? { score: 0, bm25Rank: null, vectorRank: null };
      entry.score += vectorWeight / (RRF_K + i + 1);
      entry.vectorRank = i + 1;
      fused.set(id, entry);
    });
    if (qv && byScore > 0) {
      // The encoder reads this index poorly: keywords lead, meaning parts ties (convexFusion). Its
      // scores are put on the rank fusion's scale (a passage first on both sides scores the same),
      // so that the Search stage can merge them with another reading's.
      const scores = convexFusion(keyword, cosines(store, qv, [...fused.keys()]), vectorWeight);
      const scale = (1 + vectorWeight) / (RRF_K + 1);
      for (const [id, entry] of fused) entry.score = byScore * (scores.get(id) ?? 0) * scale + (1 - byScore) * entry.score;
    }
    let ranked = [...fused.entries()].sort((a, b) => b[1].score - a[1].score || a[0] - b[0]);
    if (options.maxPerFile) {
      const fileOf = store.prepared('SELECT file_id AS f FROM chunks WHERE id = ?');
      ranked = capPerFile(ranked, ([id]) => (fileOf.get(id) as { f: number } | undefined)?.f, options.maxPerFile, k);
    }
    const rowStmt = store.prepared(
      `SELECT c.id, c.file_id AS fileId, c.page, c.text, c.text_hash AS textHash, f.path FROM chunks c JOIN files f ON f.id = c.file_id WHERE c.id = ?`,
    );
    const hits: SearchHit[] = [];
    // The same passage in several files (identical files, repeated pages) is one hit that names the others.
    const byText = new Map<string, SearchHit>();
    for (const [id, r] of ranked) {
      if (hits.length >= k) break;
      const row = rowStmt.get(id) as { id: number; fileId: number; page: number | null; text: string; textHash: string; path: string } | undefined;
      if (!row) continue;
      const same = byText.get(row.textHash);
      if (same) {
        if (same.path !== row.path && !same.alsoIn?.includes(row.path)) same.alsoIn = [...(same.alsoIn ?? []), row.path];
        continue;
      }
      hits.push({
        chunkId: id,
        fileId: row.fileId,
        path: row.path,
        page: row.page,
        snippet: snippets.get(id) ?? snippets.set(id, (match && ftsSnippet(store, match, id, row.path)) || plainSnippet(forReader(row.path, SiteTemplates.of(store).strip(row.path, row.text)), terms)).get(id)!,
        score: Number(r.score.toFixed(6)),
        bm25Rank: r.bm25Rank,
        vectorRank: r.vectorRank,
      });
      byText.set(row.textHash, hits[hits.length - 1]!);
    }
    return hits;
  }
}

/** What the keyword side searches: the user's words, added terms at their weight, word pairs as phrases. */
export interface KeywordQuery {
  own: readonly string[];
  extra?: WeightedTerms;
  phrases?: readonly string[];
  /** Conversation words added where the first-found passages hold them (conversationFeedback). */
  feedback?: readonly string[];
}

/**
 * BM25 over the query's terms plus, weighted, the extra terms and the query's word pairs as
 * phrases. FTS5's bm25() is a sum over the query's terms, so queries combined as
 * bm25(own) + w·bm25(extra) + PHRASE_WEIGHT·bm25(phrases) are exactly weighted BM25.
 */
export function weightedKeywordCandidates(store: IndexStore, query: KeywordQuery, limit: number, scope?: string): number[] {
  return keywordRanking(store, query, limit, scope, new Map()).map((r) => r.id);
}

/** A keyword candidate with its weighted BM25 score (higher is better). */
export interface ScoredId {
  id: number;
  score: number;
}

/** One FTS5 query's rows: chunk id and bm25() (negative: lower is better). */
type ScoredRows = readonly { id: number; s: number }[];

/**
 * weightedKeywordCandidates, with the rows of each part query already asked in `seen`: the
 * feedback's second pass asks FTS5 again only for the parts the feedback's words changed.
 */
function keywordRanking(store: IndexStore, query: KeywordQuery, limit: number, scope: string | undefined, seen: Map<string, ScoredRows>, byPage = false): ScoredId[] {
  if (query.feedback?.length) {
    const { feedback, ...first } = query;
    const searched = new Set([...first.own, ...(first.extra?.terms ?? [])]);
    const found = feedbackTerms(store, keywordRanking(store, first, FEEDBACK_PASSAGES, scope, seen).map((r) => r.id), feedback.filter((t) => !searched.has(t)));
    return keywordRanking(store, found.length ? { ...first, extra: withFeedback(first.extra, found) } : first, limit, scope, seen, byPage);
  }
  const { own, extra, phrases = [] } = query;
  const ownMatch = ftsMatchExpression(own);
  const parts: { match: string; weight: number }[] = [];
  if (ownMatch) parts.push({ match: ownMatch, weight: 1 });
  const byWeight = new Map<number, string[]>();
  extra?.terms.forEach((t, i) => {
    const w = extra.weights?.[i] ?? extra.weight;
    if (!own.includes(t) && w > 0) byWeight.set(w, [...(byWeight.get(w) ?? []), t]);
  });
  for (const [weight, ts] of byWeight) {
    const m = ftsMatchExpression(ts);
    if (m) parts.push({ match: m, weight });
  }
  const phraseMatch = ownMatch ? ftsMatchExpression(phrases) : undefined;
  if (phraseMatch) parts.push({ match: phraseMatch, weight: PHRASE_WEIGHT });
  if (parts.length === 0) return [];
  // A page's evidence is read from the passages of the pool, not only the first `limit`.
  if (!byPage && parts.length === 1 && parts[0]!.weight === 1) return keywordCandidates(store, parts[0]!.match, limit, scope);
  const pool = Math.max(limit * 10, WEIGHTED_POOL);
  const scores = new Map<number, number>();
  for (const { match, weight } of parts) {
    const key = `${match}\u0000${pool}`;
    let rows = seen.get(key);
    if (!rows) {
      rows = store
        .prepared(`SELECT rowid AS id, bm25(chunks_fts) AS s FROM chunks_fts WHERE chunks_fts MATCH ?${scope ? SCOPE_SQL : ''} ORDER BY s LIMIT ?`)
        .all(...(scope ? [match, scope, pool] : [match, pool])) as ScoredRows;
      seen.set(key, rows);
    }
    for (const r of rows) scores.set(r.id, (scores.get(r.id) ?? 0) - weight * r.s); // bm25() is negative: lower is better
  }
  return [...(byPage ? withPageEvidence(store, scores) : scores).entries()]
    .sort((a, b) => b[1] - a[1] || a[0] - b[0])
    .slice(0, limit)
    .map(([id, score]) => ({ id, score }));
}

/**
 * How much a passage's page counts beside the passage itself in the keyword side's order (the
 * list's, where asked for: SearchOptions.pageEvidence), and over how many of the page's best
 * passages its evidence is the mean. A page whose several passages match the question is likelier
 * about it than one with a single passage that repeats a rare word of it ("How do I install a
 * package from CRAN?": R-admin's page on installing packages, whose passages say "install" and
 * "packages", against R-FAQ's passages that repeat "CRAN"). eval:docs --vectors off, the ask's list
 * ordered so, Map reading the passage order's passages too and Confidence judging by them: page
 * hit@1 / hit@5 / MRR@10 tuned 0.500 / 0.833 / 0.629 → 0.530 / 0.848 / 0.646, held out (R, SQLite,
 * Python, GIMP together) 0.468 / 0.766 / 0.584 → 0.489 / 0.780 / 0.600, fact in answer 0.397 →
 * 0.412. With the list alone read by Map and Confidence: tuned MRR@10 0.649, held out 0.599, but
 * held-out fact 0.383 and answerable → "not found" 0.075 → 0.150 for R; and there, at 0.25: tuned MRR@10 0.647, held out
 * 0.589; at 1: 0.630 and 0.577 (a long page's many passages outweigh a short page's answer); the
 * mean of the best 2 or 5: tuned 0.646 and 0.648, held out 0.590 and 0.589.
 */
export const PAGE_EVIDENCE = 0.5;
export const PAGE_EVIDENCE_PASSAGES = 3;

/**
 * The keyword scores with each passage's page's evidence added: PAGE_EVIDENCE times the mean of the
 * best PAGE_EVIDENCE_PASSAGES scores among the passages of its page (of its file, for a file
 * without pages) that the scores hold, the passage's own among them. A page of one passage adds a
 * third of its score; one whose three best match as well adds half of it.
 */
export function withPageEvidence(store: IndexStore, scores: ReadonlyMap<number, number>): Map<number, number> {
  const pageOf = new Map<number, string>();
  const rows = store.prepared("SELECT id, file_id || '#' || ifnull(page, '') AS unit FROM chunks WHERE id IN (SELECT value FROM json_each(?))").all(JSON.stringify([...scores.keys()])) as { id: number; unit: string }[];
  for (const r of rows) pageOf.set(r.id, r.unit);
  const byPage = new Map<string, number[]>();
  for (const [id, score] of scores) {
    const unit = pageOf.get(id) ?? `#${id}`;
    const list = byPage.get(unit);
    if (list) list.push(score);
    else byPage.set(unit, [score]);
  }
  const evidence = new Map<string, number>();
  for (const [unit, list] of byPage) evidence.set(unit, list.sort((a, b) => b - a).slice(0, PAGE_EVIDENCE_PASSAGES).reduce((a, b) => a + b, 0) / PAGE_EVIDENCE_PASSAGES);
  return new Map([...scores].map(([id, score]) => [id, score + PAGE_EVIDENCE * evidence.get(pageOf.get(id) ?? `#${id}`)!]));
}

/**
 * How many of each part's best passages a weighted keyword search sums (the question's own words,
 * each weight of added words, the phrases). A passage outside a part's pool counts nothing there,
 * so a follow-up whose own words are common ("how many points does it use if I leave the number
 * out?") lost the passages its added referent ("linspace", at half weight) named: they were not
 * among the 1,000 best for the common words. eval:docs, keywords, at 5,000 against 1,000: page
 * hit@5 0.818 → 0.833, fact 0.614 → 0.621 (Dutch hit@5 0.714 → 0.762; held out: SQLite 0.645 →
 * 0.677, Python 0.771 → 0.800, GIMP 0.800 → 0.829, R 0.700 the same), time per question 285 → 404
 * ms; at 2,500: 0.826, SQLite 0.645, 295 ms. MTRAG FiQA, rewrite_targeted nDCG@10: bm25 0.217 →
 * 0.211, hybrid 0.257 the same (topic switches 0.384 → 0.391, 0.463 → 0.461). Scoring each part's
 * missing passages exactly (bm25 of the part restricted to them) made the evaluation over six
 * times slower (stopped after 10 minutes).
 */
const WEIGHTED_POOL = 5000;

/** The added terms with the feedback's words after them, each at its own weight. */
function withFeedback(extra: WeightedTerms | undefined, found: readonly FeedbackTerm[]): WeightedTerms {
  const terms = extra?.terms ?? [];
  return {
    terms: [...terms, ...found.map((f) => f.term)],
    weight: extra?.weight ?? FEEDBACK_WEIGHT,
    weights: [...terms.map((_, i) => extra!.weights?.[i] ?? extra!.weight), ...found.map((f) => f.weight)],
  };
}

export function keywordCandidates(store: IndexStore, match: string, limit: number, scope?: string): ScoredId[] {
  return (
    store
      .prepared(`SELECT rowid AS id, bm25(chunks_fts) AS s FROM chunks_fts WHERE chunks_fts MATCH ?${scope ? SCOPE_SQL : ''} ORDER BY s LIMIT ?`)
      .all(...(scope ? [match, scope, limit] : [match, limit])) as { id: number; s: number }[]
  ).map((r) => ({ id: r.id, score: -r.s })); // bm25() is negative: lower is better
}

/**
 * Spreads a ranking over files without losing a file's good passages: each file's passages
 * beyond its first `max` count `demote` of their score. A long document's many matches do not
 * crowd out other files, yet its third passage still beats another file's weak one (a hard cap
 * once dropped the price paragraph of a three-paragraph note in favour of an unrelated file).
 * `unitOf` names what is spread over: a file, or a page of a file with pages (resultUnit).
 */
export function diversifyPerFile<T>(ranked: readonly T[], unitOf: (item: T) => number | string | undefined, scoreOf: (item: T) => number, max: number, k: number, demote = 0.5): T[] {
  const perFile = new Map<number | string, number>();
  const scored: { item: T; score: number; order: number }[] = [];
  ranked.forEach((item, order) => {
    const f = unitOf(item);
    if (f === undefined) return;
    const n = perFile.get(f) ?? 0;
    perFile.set(f, n + 1);
    scored.push({ item, score: n < max ? scoreOf(item) : scoreOf(item) * demote, order });
  });
  return scored
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .slice(0, k)
    .map((s) => s.item);
}

/** Restricts an FTS query to the chunks of a JSON array of file ids. */
const SCOPE_SQL = ' AND rowid IN (SELECT id FROM chunks WHERE file_id IN (SELECT value FROM json_each(?)))';

/** Keeps at most `max` items of each file, in rank order, until `k` are kept. */
export function capPerFile<T>(ranked: readonly T[], fileOf: (item: T) => number | undefined, max: number, k: number): T[] {
  const perFile = new Map<number, number>();
  const kept: T[] = [];
  for (const item of ranked) {
    const f = fileOf(item);
    if (f === undefined) continue;
    const n = perFile.get(f) ?? 0;
    if (n >= max) continue;
    perFile.set(f, n + 1);
    kept.push(item);
    if (kept.length >= k) break;
  }
  return kept;
}

/** Below this many vectors an exact scan (sqlite-vec) is fast enough; above it, SignBitIndex. */
export const EXACT_SCAN_LIMIT = 20_000;

const signIndexes = new WeakMap<IndexStore, SignBitIndex>();

/** The store's in-memory sign-bit index, reloaded when its vectors changed. */
function signIndexOf(store: IndexStore): SignBitIndex {
  const cached = signIndexes.get(store);
  if (cached && cached.version === store.changeVersion()) return cached;
  const fresh = SignBitIndex.load(store);
  signIndexes.set(store, fresh);
  return fresh;
}

/**
 * Nearest chunks by cosine. Small indexes scan every float vector exactly in sqlite-vec; large
 * ones use the sign-bit pre-selection and int8 re-rank, which `npm run bench` measures against
 * the exact scan.
 */
export function vectorCandidates(store: IndexStore, vector: Float32Array, limit: number, vectorCount?: number): number[] {
  const count = vectorCount ?? store.vectorStates().done;
  if (count <= EXACT_SCAN_LIMIT) {
    return exactVectorCandidates(store, Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength), limit);
  }
  return signIndexOf(store).search(store, vector, limit);
}

export function exactVectorCandidates(store: IndexStore, blob: Buffer, limit: number): number[] {
  return (
    store
      .prepared('SELECT rowid AS id FROM chunk_vec WHERE embedding MATCH ? AND k = ? ORDER BY distance')
      .all(blob, limit) as { id: number | bigint }[]
  ).map((r) => Number(r.id));
}

/** A Markdown heading's marks, at a line's start or where a snippet cut in ("## Prijs", "…# Houtmulch"). */
const HEADING_MARKS = /(^|\n|…)[ \t]{0,3}#{1,6}[ \t]+/g;

/** A passage's text as its file's reader sees it: a Markdown file's headings without their "#" marks (the index keeps them for Map). */
function forReader(path: string, snippet: string): string {
  return docTypeOf(path) === 'markdown' ? snippet.replace(HEADING_MARKS, '$1') : snippet;
}

/** FTS5's best window of a passage for the match, without its site's template lines (siteTemplates.ts). */
function ftsSnippet(store: IndexStore, match: string, chunkId: number, path: string): string | undefined {
  const row = store
    .prepared(`SELECT snippet(chunks_fts, 1, '**', '**', '…', ${SNIPPET_TOKENS}) AS s FROM chunks_fts WHERE chunks_fts MATCH ? AND rowid = ?`)
    .get(match, BigInt(chunkId)) as { s: string } | undefined;
  return row?.s && row.s.includes('**') ? tidy(rowsForReading(forReader(path, SiteTemplates.of(store).strip(path, row.s)))) : undefined;
}

/** For a passage found by meaning alone: its opening words, with any query word marked. */
export function plainSnippet(text: string, terms: readonly string[]): string {
  const words = rowsForReading(text).replace(/\*\*/g, '').split(/\s+/).filter(Boolean);
  const cut = words.slice(0, SNIPPET_TOKENS);
  const marked = cut.map((w) => {
    const bare = w.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
    return bare && terms.some((t) => bare.startsWith(t) || t.startsWith(bare) && bare.length >= 4) ? `**${w}**` : w;
  });
  return tidy(marked.join(' ') + (words.length > cut.length ? '…' : ''));
}

function tidy(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}
