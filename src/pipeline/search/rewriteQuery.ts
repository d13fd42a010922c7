import type { RewriteRun } from '../rewrite/rewrite.js';
import { withoutTalk } from '../rewrite/lexical/clarity.js';
import { relatedWords } from '../rewrite/lexical/expand.js';
import { writtenFormsOf, type WrittenFormsMap } from './writtenForms.js';
import { pairText, type SelectedTurn } from '../rewrite/targetedHistory.js';
import { DEFAULT_REWRITE_OPTIONS, type RewriteResult } from '../rewrite/types.js';
import { ADDED_TERM_WEIGHT, type WeightedTerms, type WeightedText } from './hybridSearch.js';
import { queryTerms } from './queryTerms.js';

/**
 * How the Search stage reads a rewrite: the texts its vector side looks for, the words its keyword
 * side adds, the readings of an ambiguous rewrite and the conversation's words for feedback.
 */

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
 * ADDED_TERM_WEIGHT, those the lexical engine found less likely at their share of it, and the
 * question's words as the files' language writes them (translations). Weighing a
 * term taken below the learned threshold by its likelihood rather than at the full weight, nDCG@10
 * bm25/hybrid on both MTRAG folders: FiQA 0.1937/0.2360 → 0.1979/0.2367, ClapNQ 0.3330/0.4191 →
 * 0.3338/0.4225; with weights trained without the folder FiQA 0.1949/0.2328 → 0.1986/0.2347,
 * ClapNQ 0.3278/0.4253 → 0.3348/0.4274 (topic switches: FiQA 0.467 → 0.462, ClapNQ 0.511 → 0.514).
 */
export function searchTerms(run: Pick<RewriteRun, 'result' | 'keywordShares'>, written?: WrittenForms): WeightedTerms | undefined {
  const { keywords } = run.result;
  const translated = translations(run.result, keywords, written);
  if (!keywords.length && !translated.length) return undefined;
  const shares = run.keywordShares?.length === keywords.length ? run.keywordShares : undefined;
  if (!translated.length) return { terms: keywords, weight: ADDED_TERM_WEIGHT, ...(shares ? { weights: shares.map((s) => s * ADDED_TERM_WEIGHT) } : {}) };
  return {
    terms: [...keywords, ...translated.map((t) => t.term)],
    weight: ADDED_TERM_WEIGHT,
    weights: [...keywords.map((_, i) => (shares?.[i] ?? 1) * ADDED_TERM_WEIGHT), ...translated.map((t) => t.weight)],
  };
}

/** The question's words the files write otherwise, each with its parts and their alternatives (writtenFormsOf). */
export type WrittenForms = ReadonlyMap<string, readonly (readonly string[])[]> & Pick<WrittenFormsMap, 'blends'>;

/**
 * The words documents in another language use for the question's own (writtenForms: "poort" →
 * port; with the index's statistics, a compound or a cognate of a word it lacks: "databaseserver"
 * → database + server, "installeer" → instal), and the thesaurus's words for them in the
 * question's language (relatedOf), each at the weight of the word it stands for, shared among a
 * word's alternatives ("standaard" → default, standard: half each): the user's word, written as
 * the files write it. A question in a language without a table gets only the thesaurus's.
 * `written`: the question's written forms where the caller has them (with the index's
 * statistics); by default the tables' alone.
 */
export function translations(result: Pick<RewriteResult, 'resolved_query' | 'language'>, taken: readonly string[] = [], written?: WrittenForms): { term: string; weight: number }[] {
  const own = queryTerms(result.resolved_query);
  const formsOf = written ?? writtenFormsOf(own, result.language);
  const seen = new Set([...own, ...taken]);
  const out: { term: string; weight: number }[] = [];
  for (const word of own) {
    const forms = [...new Set((formsOf.get(word) ?? []).flat())].filter((f) => !seen.has(f));
    for (const f of forms) {
      seen.add(f);
      out.push({ term: f, weight: (formsOf.blends?.has(f) ? BLEND_WEIGHT : TRANSLATED_WEIGHT) / forms.length });
    }
  }
  for (const [, forms] of relatedOf(own, result.language)) {
    const fresh = forms.filter((f) => !seen.has(f));
    for (const f of fresh) {
      seen.add(f);
      out.push({ term: f, weight: TRANSLATED_WEIGHT / fresh.length });
    }
  }
  return out;
}

/**
 * The thesaurus's words for the same thing as the question's own ("delete": remove, erase;
 * expandWords.json related), searched like a translation: the word as the files may write it.
 * Before, only a follow-up's rewrite added them (as keywords), so a question asked alone went
 * without. eval:docs, keywords, the thesaurus as it was: page hit@5 0.833 → 0.848, MRR@10 0.653 →
 * 0.658, fact in answer 0.545 → 0.553.
 */
export function relatedOf(words: readonly string[], language: string): [string, readonly string[]][] {
  return words.map((w) => [w, relatedWords(w, language)] as [string, readonly string[]]).filter(([, r]) => r.length);
}

/** The weight of a question word's translations, together (a word of the user's own weighs 1). */
export const TRANSLATED_WEIGHT = 1;
/**
 * The weight of a blend of two question words (blendsOf: "logarithmic scale" → logscale), searched
 * beside the words themselves: a guess at a name, which a plain word ("run times" → runtime) can
 * be too. eval:docs, keywords: page hit@5 0.841 → 0.856 at 0.5 and at 0.25, fact in answer
 * unchanged (0.621); at 1, fact 0.614 ("isolines for surfaces" → isosurface).
 */
export const BLEND_WEIGHT = 0.5;

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
