import type { Embedder } from '../models/embedder.js';
import type { RewriteRun } from '../rewrite/rewrite.js';
import { relatedOf, searchAlternatives, searchFeedback, searchTerms, searchVectorQuery } from '../search/rewriteQuery.js';
import { diversifyPerFile, hybridSearch, type SearchHit } from '../search/hybridSearch.js';
import { queryPhrases, queryTerms } from '../search/queryTerms.js';
import { translatedPhrases, translatedWords, writtenFormsOf } from '../search/writtenForms.js';
import { TermStats } from '../search/termStats.js';
import type { IndexStore } from '../store/indexStore.js';
import { matchingFileIds, narrows } from './filesystemTool.js';
import type { Plan } from './plan.js';

export interface SearchStageOptions {
  embedder?: Embedder;
  /**
   * Passages to return (default 10: as many as the pages MRR@10 reads, and Map reads them all;
   * eval:docs at 8 → 10, keywords: page hit@5 0.818 → 0.826, fact 0.530 → 0.523; held out: hit@5
   * 0.625 → 0.725, MRR@10 0.438 → 0.510, fact 0.275 → 0.300).
   */
  k?: number;
  /**
   * Passages per file, or per page of a file with pages, at full score unless the question is
   * about one file (default 2); further passages count half (see diversifyPerFile).
   */
  maxPerFile?: number;
}

export interface SearchStageResult {
  hits: SearchHit[];
  /** What was searched by keywords: the rewrite's search_query, then each alternative reading (see searchAlternatives). */
  searched: string[];
  /** The word pairs of the resolved question searched as phrases. */
  phrases: string[];
  /** The question's words searched as the files' language writes them ("poort → port"). */
  translated: string[];
  /** Files the filters allowed (undefined: no filter). */
  scopedFiles?: number;
  /** True when the plan's filters matched no file and every file was searched instead. */
  filtersDropped?: boolean;
  /**
   * Passages of the listed files (pages of a PDF) that the search ranked within its first
   * HELD_BACK_DEPTH × k but left out of the list so that other files are heard: Map reads them
   * beside the list's own.
   */
  heldBack: SearchHit[];
  /**
   * The list as the search ranks each passage alone, without its page's evidence
   * (PAGE_EVIDENCE), with its held-back passages: Map reads them too, and Confidence judges the
   * answer by them, as it was trained to.
   */
  byPassage: { hits: SearchHit[]; heldBack: SearchHit[] };
}

/**
 * What a result list spreads its passages over: a file, or a page of a file with pages. A long
 * PDF is many documents to its reader: a manual's third matching page is sent to as a web page
 * would be, not weighed down below another file's weaker passage (eval:docs: page hit@5 0.720 →
 * 0.758 by keywords, 0.742 → 0.773 with vectors). Two passages of the same page still count half.
 */
export const resultUnit = (h: Pick<SearchHit, 'fileId' | 'page'>): string => `${h.fileId}#${h.page ?? ''}`;

/**
 * How deep in the ranking, in lists' lengths, the passages a list held back for other files'
 * sake are read by Map (SearchStageResult.heldBack). A long page's answer often stands in its
 * third or fourth passage that matches the question (a Python module's page, a git command's):
 * eval:docs, keywords: fact in answer 0.583 → 0.606 (Dutch 0.571 → 0.619), the same at 3, time
 * per question 262 → 322 ms (385 at 3).
 */
export const HELD_BACK_DEPTH = 2;

/** A passage found by several readings keeps its best score. */
function keepBest(into: Map<number, SearchHit>, found: readonly SearchHit[]): void {
  for (const h of found) if ((into.get(h.chunkId)?.score ?? -1) < h.score) into.set(h.chunkId, h);
}

/**
 * The Search stage: the rewrite's search_query by keywords (its added terms weighted, the
 * question's words also as the files' language writes them (translations), the resolved
 * question's word pairs as phrases, the conversation's words its first-found passages hold as
 * feedback) and its resolved question by meaning, moved towards the passages the
 * keywords found first (passageFeedback; a follow-up read with its conversation), within the
 * files the plan's filters allow, a file's passages beyond the first few weighed down so that
 * several files are heard; an ambiguous rewrite's alternatives are searched too (in search wording) and merged.
 * The list ranks each passage with its page's evidence (PAGE_EVIDENCE); the ranking by each passage
 * alone is kept beside it (`byPassage`).
 */
export async function searchStage(store: IndexStore, run: Pick<RewriteRun, 'result' | 'turns' | 'dependence' | 'keywordShares'> & Partial<Pick<RewriteRun, 'conversation' | 'options'>>, plan: Plan, options: SearchStageOptions = {}): Promise<SearchStageResult> {
  const k = options.k ?? 10;
  const scoped = narrows(plan.filters) ? matchingFileIds(store, plan.filters) : undefined;
  // Filters read from the wording can be wrong ("the PDF" of a folder of HTML): when they leave
  // nothing, every file is searched, and the result says so.
  const filtersDropped = scoped !== undefined && scoped.length === 0;
  const fileIds = filtersDropped ? undefined : scoped;
  const maxPerFile = fileIds?.length === 1 ? undefined : (options.maxPerFile ?? 2);
  const r = run.result;
  const queries = [
    // The question's word pairs, and in another language than the files' also as the files would write them ("local changes").
    { text: r.search_query, phrases: [...queryPhrases(r.resolved_query), ...translatedPhrases(r.resolved_query, r.language)], vector: searchVectorQuery(run) },
    // Each alternative reading by keywords without the words said to the assistant, by meaning as written.
    ...searchAlternatives(r).map((a) => ({ text: a.search, phrases: queryPhrases(a.search), vector: [{ text: a.reading, weight: 1 }] })),
  ];
  const merged = new Map<number, SearchHit>();
  const mergedByPassage = new Map<number, SearchHit>();
  const feedback = searchFeedback(run);
  const termStats = TermStats.of(store);
  // The question's words as the files write them, once: searched with every reading, and said in --explain.
  const written = writtenFormsOf(queryTerms(r.resolved_query), r.language, termStats, r.resolved_query);
  const extraTerms = searchTerms(run, written);
  for (const q of queries) {
    const { hits, passageHits = [] } = await hybridSearch(store, q.text, {
      k: k * 3,
      pageEvidence: true,
      embedder: options.embedder,
      extraTerms,
      feedback,
      vectorQuery: q.vector,
      phrases: q.phrases,
      fileIds,
    });
    keepBest(merged, hits);
    keepBest(mergedByPassage, passageHits);
  }
  const listed = (from: ReadonlyMap<number, SearchHit>): { hits: SearchHit[]; heldBack: SearchHit[] } => {
    const ranked = [...from.values()].sort((a, b) => b.score - a.score || a.chunkId - b.chunkId);
    const hits = maxPerFile === undefined ? ranked.slice(0, k) : diversifyPerFile(ranked, resultUnit, (h) => h.score, maxPerFile, k);
    const listedUnits = new Set(hits.map(resultUnit));
    const listedIds = new Set(hits.map((h) => h.chunkId));
    return { hits, heldBack: ranked.slice(0, k * HELD_BACK_DEPTH).filter((h) => !listedIds.has(h.chunkId) && listedUnits.has(resultUnit(h))) };
  };
  const { hits, heldBack } = listed(merged);
  const byPassage = listed(mergedByPassage);
  // A form the table does not give (a blend, a cognate, a compound's part) is an index stem, shown as the passages write it ("logscal": logscale).
  const shownForms = (w: string, parts: readonly (readonly string[])[]): string => {
    const listed = translatedWords(w, r.language);
    return parts.map((p) => p.map((f) => (listed.includes(f) ? f : termStats.writtenAs(f))).join(', ')).join(' + ');
  };
  const translated = [...[...written].map(([w, parts]) => `${w} → ${shownForms(w, parts)}`), ...relatedOf(queryTerms(r.resolved_query), r.language).map(([w, forms]) => `${w} ≈ ${forms.join(', ')}`)];
  return { hits, searched: queries.map((q) => q.text), phrases: queries[0]!.phrases, translated, ...(fileIds ? { scopedFiles: fileIds.length } : {}), ...(filtersDropped ? { filtersDropped } : {}), heldBack, byPassage };
}
