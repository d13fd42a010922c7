/**
 * The Confidence stage: how likely the files hold the answer, 0..1, by a logistic model over what
 * the search and the Map stage saw (confidenceWeights.json, trained by `npm run train:confidence` on
 * real manuals: answerable questions against questions whose manual was left out of the index).
 * Below the threshold stored with it, the answer says the files do not seem to hold it.
 */
import { conceptFrequency, contentTerms, stem, questionCoverage, fileTitle, type Fact, type MapQuestion } from './mapStage.js';
import WEIGHTS from './confidenceWeights.json' with { type: 'json' };
import { relatedWords } from '../rewrite/lexical/expand.js';
import { writtenFormsOf } from '../search/writtenForms.js';
import { wordsTagged } from '../rewrite/lexical/tagger.js';
import { predict } from '../rewrite/lexical/logisticModel.js';
import type { SearchHit } from '../search/hybridSearch.js';
import { queryTerms } from '../search/queryTerms.js';
import type { TermStats } from '../search/termStats.js';

export const CONFIDENCE_FEATURES = ['bias', 'top_coverage', 'passage_coverage', 'rare_found', 'absent_share', 'support', 'rarest_missing', 'absent_any', 'lacks_word'] as const;

export interface ConfidenceModel {
  features: readonly string[];
  weights: readonly number[];
  /** Below this the answer is "not found". */
  threshold: number;
}

/** The trained model, when its features are the ones computed here. */
export const CONFIDENCE_MODEL: ConfidenceModel | undefined =
  WEIGHTS.features.length === CONFIDENCE_FEATURES.length && WEIGHTS.features.every((f, i) => f === CONFIDENCE_FEATURES[i]) ? WEIGHTS : undefined;

/** The question's rarest words the index has: the ones a passage must hold to be about the question. */
const RARE_TERMS = 2;
/** From this many passages on, a question word the index lacks counts fully against an answer. */
const FULL_ABSENCE_PASSAGES = 5000;
/** The absent share (absent_any) from which most of the question is missing (lacks_word). */
const MOSTLY_ABSENT = 0.5;
/** Passages looked at for the rare words. */
const RARE_WITHIN = 3;

export interface ConfidenceInput {
  question: MapQuestion;
  facts: readonly Fact[];
  hits: readonly SearchHit[];
  /** Passage texts by chunk id (the hits'). */
  texts: ReadonlyMap<number, string>;
  termStats?: TermStats;
  /** A file's place as words (Map's fileContext: its folders and name); its name alone where not given. */
  placeOf?: (path: string) => string;
}

/** The features of CONFIDENCE_FEATURES, each 0..1. */
export function confidenceFeatures(input: ConfidenceInput): number[] {
  return confidenceReading(input).features;
}

/**
 * The features of CONFIDENCE_FEATURES, and the question's words (lower case) that no passage holds
 * in any form they were searched by ("passport" asked of a folder of manuals; with index statistics).
 */
function confidenceReading({ question, facts: all, hits, texts, termStats, placeOf = fileTitle }: ConfidenceInput): { features: number[]; absent: string[] } {
  // A passage that speaks to an AI assistant never raises confidence: its facts count as absent.
  const facts = all.filter((f) => !f.addressed);
  const top = facts[0];
  const coverageOf = questionCoverage(question, termStats, true);
  const best = hits[0];
  const passage = best ? coverageOf(`${placeOf(best.path)} ${texts.get(best.chunkId) ?? ''}`) : 0;
  // The user's words, and a follow-up's resolved ones: "how does it handle expired sessions?" asks about the authentication system too.
  const terms = contentTerms(question, `${question.original_query ?? ''} ${question.resolved_query}`);
  // A word the files write in their own language is there ("poort" over English manuals: port).
  const translated = writtenFormsOf(terms, question.language, termStats, `${question.original_query ?? ''}. ${question.resolved_query}`);
  // Found as written, or every part of it as the files write it.
  const said = (t: string, words: ReadonlySet<string>): boolean => words.has(stem(t)) || (translated.get(t)?.every((p) => p.some((f) => words.has(stem(f)))) ?? false);
  const df = termStats ? conceptFrequency(termStats, terms, translated) : undefined;
  // A word the index lacks weighs as one it has once: its absence says it is rare, not how rare (in a
  // small folder, a df of 0 would make a paraphrase's "handle" outweigh every word the folder has).
  const idf = df ? termStats!.idfOf(new Map([...df].map(([t, n]) => [t, Math.max(1, n)]))) : undefined;
  // Words the index does not have at all ("passport" in a folder of manuals) weigh against an
  // answer: they shrink the coverage whatever the index's size, and count once more as a share that
  // grows with the size (a small folder lacks a paraphrase's ordinary words by chance too). The
  // model learnt the weights from large indexes and small folders both (train:confidence).
  const weight = (t: string): number => idf?.get(t) ?? 1;
  const total = terms.reduce((a, t) => a + weight(t), 0) || 1;
  const size = termStats ? Math.min(1, termStats.documents() / FULL_ABSENCE_PASSAGES) : 0;
  const hit = top ? hits.find((h) => h.chunkId === top.chunkId) : undefined;
  // Words are compared by the index's own stems where there is one ("means" for "mean").
  const stems = (words: readonly string[]): string[] => {
    const by = termStats?.stems(words);
    return words.map((w) => by?.get(w) ?? stem(w));
  };
  const answerWords = hit ? new Set(stems(queryTerms(`${placeOf(hit.path)} ${top?.heading ?? ''} ${texts.get(hit.chunkId) ?? ''}`))) : undefined;
  const has = (words: readonly string[]): boolean => stems(words).some((w) => answerWords!.has(w));
  // A word no passage has is not missing where the answer's passage says it in other words (the
  // thesaurus: "warranty" asked, "guarantee" written); a related word elsewhere in the index is no
  // such evidence ("budget" asked of manuals that speak of memory "allocation").
  const saidOtherwise = (t: string): boolean => answerWords !== undefined && has(relatedWords(t));
  const absentAny = df ? terms.filter((t) => df.get(t) === 0 && !saidOtherwise(t)).reduce((a, t) => a + weight(t), 0) / total : 0;
  const absent = size * absentAny;
  const rare = terms.filter((t) => !df || df.get(t)! > 0).sort((a, b) => weight(b) - weight(a)).slice(0, RARE_TERMS);
  const near = hits.slice(0, RARE_WITHIN).map((h) => new Set(queryTerms(`${placeOf(h.path)} ${texts.get(h.chunkId) ?? ''}`).map(stem)));
  const found = (t: string): boolean => near.some((words) => said(t, words));
  const rareFound = rare.length ? rare.filter(found).length / rare.length : 0;
  const support = top ? Math.min(3, new Set(facts.filter((f) => f.coverage >= top.coverage * 0.6).map((f) => f.path)).size) / 3 : 0;
  // Coverage of the words the index has, shrunk by the share it lacks.
  const topCoverage = top ? (1 - absentAny) * coverageOf(`${placeOf(top.path)} ${top.heading ?? ''} ${top.quote}`) : 0;
  // The most specific question word the index has but the answer's passage lacks, in its own or a
  // related form ("MySQL" asked, a passage on another server's port found): its rarity against the
  // rarest a word of the index can be, counted by the index's size as the absent share is, but less
  // steeply (its square root): the words it counts name the question's subject (below), which a
  // small folder lacks less by chance than a paraphrase's. eval:small-folders, held-out SQLite
  // questions in folders of 30 and of 100 of its pages: unanswerable → "not found" 0.795 → 0.848 and
  // 0.879 → 0.917, without their page 0.143 → 0.214 and 0.107 (the same), answerable answered
  // 0.964 in all four; PostgreSQL and git (the folders trained on): 0.880 → 0.917 and 0.871 →
  // 0.908, answered 0.965 → 0.930 and 1.000 → 0.982. Indexes of 5,000 passages or more: the same.
  const ceiling = termStats ? Math.log(1 + termStats.documents()) : 1;
  const lacks = (t: string): boolean => !(has([t]) || saidOtherwise(t) || (translated.get(t)?.every((p) => has(p)) ?? false));
  // Only what the question is about counts: its verbs, adverbs, adjectives and function words are
  // what a passage says in its own words ("how do I tell read.table that the first line holds the
  // names?": "tell", "holds"; "onto mine", "neither … nor"), where a missing name is another
  // subject ("MySQL").
  const paraphrased = question.language === 'en' ? wordsTagged(`${question.original_query ?? ''} ${question.resolved_query}`, PARAPHRASED) : new Set<string>();
  const missing = answerWords ? terms.filter((t) => (!df || df.get(t)! > 0) && lacks(t) && !paraphrased.has(t)).map((t) => Math.sqrt(size) * Math.min(1, weight(t) / ceiling)) : [];
  const rarestMissing = !top ? 1 : Math.max(0, ...missing);
  // Whether most of the question is missing from the index: in a small folder, a question that has
  // one everyday word of it ("number") and lacks its subject ("passport") is unanswerable however
  // well that one word is covered, while one that lacks a paraphrase's verb ("handle expired
  // sessions") is not; the shares above grow evenly with what is missing.
  const lacksWord = absentAny >= MOSTLY_ABSENT ? 1 : 0;
  return { features: [1, topCoverage, (1 - absentAny) * passage, rareFound, absent, support, rarestMissing, absentAny, lacksWord], absent: df ? terms.filter((t) => df.get(t) === 0) : [] };
}

export interface ConfidenceResult {
  confidence: number;
  notFound: boolean;
  /** The features it was computed from (CONFIDENCE_FEATURES order). */
  features?: number[];
  /** The question's words (lower case) that no passage holds in any form they were searched by (with index statistics). */
  absent?: string[];
}

/** Fallback where no model was trained: a hand-set blend of coverage and support (0.4 the bar). */
function handSet(features: readonly number[], noFacts: boolean): ConfidenceResult {
  const [, coverage = 0, passage = 0, , , support = 0] = features;
  const c = noFacts ? 0 : Math.min(1, 0.5 * coverage + 0.35 * passage + 0.15 * (support > 1 / 3 ? 1 : 0.5));
  return { confidence: Math.round(c * 100) / 100, notFound: noFacts || c < 0.4, features: [...features] };
}

/** The Confidence stage for a passage answer. */
export function passageConfidence(input: ConfidenceInput, model: ConfidenceModel | undefined = CONFIDENCE_MODEL): ConfidenceResult {
  const { features, absent } = confidenceReading(input);
  // No fact, or only facts of passages that speak to an AI assistant: nothing answers.
  const noFacts = input.facts.every((f) => f.addressed);
  if (!model) return { ...handSet(features, noFacts), absent };
  const p = noFacts ? 0 : predict(model.weights, features);
  return { confidence: Math.round(p * 100) / 100, notFound: noFacts || p < model.threshold, features, absent };
}

/**
 * The parts of speech a passage says in words of its own: all but what names the question's
 * subject (nouns, names, numbers, symbols, and what the tagger cannot read, as an identifier). The
 * rarest missing word counted without verbs, adverbs and adjectives (English questions, by the
 * tagger), eval:docs, keywords: answerable → "not found" 0.030 → 0.008, AUROC 0.974 → 0.986, fact in
 * answer 0.614 → 0.621, unanswerable → "not found" 0.833 (the same); held out answerable → "not
 * found" 0.125 → 0.025. Without verbs alone: 0.015 and 0.979. Later, without function words too
 * ("neither", "nor", "onto", "mine": conjunctions, determiners, pronouns, prepositions, particles),
 * which the stop list leaves to the words of a search: answerable → "not found" 0.030 → 0.023, AUROC
 * 0.991 → 0.996, unanswerable the same; held out answerable → "not found" 0.100 → 0.075; with the
 * model trained again on it (train:confidence: its own test's AUROC 0.990 → 0.994, small folders'
 * unanswerable → "not found" 87 → 88 %), AUROC 0.996, answerable → "not found" 0.030 and held out
 * 0.100 (two questions near the bar on either side of it).
 */
const PARAPHRASED = new Set(['VERB', 'ADV', 'ADJ', 'ADP', 'AUX', 'CCONJ', 'DET', 'INTJ', 'PART', 'PRON', 'SCONJ']);
