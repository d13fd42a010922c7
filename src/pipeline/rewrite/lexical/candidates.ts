import { stopwordsOf, withoutContractions } from '../../search/queryTerms.js';
import type { TermStats } from '../../search/termStats.js';
import type { SelectedTurn } from '../targetedHistory.js';
import { wordsTagged } from './tagger.js';
import { queryCues } from './queryCues.js';
import { allLanguages, anyOf, opensSentence, readable, remembered, wordPattern } from './words.js';
import CUES from './cueWords.json' with { type: 'json' };

/** The features a candidate term is scored on, in the order of the scorer's weights. */
export const FEATURE_NAMES = [
  'bias',
  'in_last_user',
  'in_earlier_user',
  'in_first_user',
  'in_last_assistant',
  'in_earlier_assistant',
  'user_mentions',
  'assistant_mentions',
  'recency',
  'capitalised',
  'numeric',
  'length',
  'idf',
  'in_index',
  'turn_similarity',
  'query_referring',
  'query_ellipsis',
  'query_short',
  'referring_x_last_user',
  'short_x_first_user',
  'ends_user_turn',
  'after_article',
] as const;

const ARTICLE = new RegExp(`(?:^|\\s)(${anyOf(CUES.candidates.determiners)})\\s+$`, 'i');

/** The term model's features: a candidate's own, then how much the turn depends on the conversation. */
export const TERM_FEATURES = [...FEATURE_NAMES, 'dependence'] as const;

export function termFeatures(candidate: readonly number[], dependence: number): number[] {
  return [...candidate, dependence];
}

export interface Candidate {
  /** Lower-cased term, as searched. */
  term: string;
  /** The form it most often had in the conversation ("MacBook"), for the resolved query. */
  surface: string;
  /** Where a user names a topic: ending their message, or after an article. */
  topic: boolean;
  features: number[];
}

interface Mention {
  pair: number;
  role: 'user' | 'assistant';
  capitalised: boolean;
  /**
   * Among the last two content words of a user message, a predicate that ends it not counted
   * ("built" in "When was the Eiffel Tower built?"): where a question names its topic ("what is houtmulch?").
   */
  endsTurn: boolean;
  /** Right after an article or determiner: a noun, as a rule. */
  afterArticle: boolean;
}

/** Words of talking about a search rather than of its subject ("tell me about", "vertel eens", "wat staat er in": what does it say; cueWords.json). */
const CHAT_WORDS = new Set(allLanguages(CUES.candidates.chat));

/** Words that ask how much or why: part of a question's form, never a term it lacks ("hoeveel", "many"). */
const QUESTION_WORDS = new Set(allLanguages(CUES.candidates.questionForm));

/**
 * Words that stand for something else or only shape a clause, never a subject to search for: personal
 * and indefinite pronouns ("his", "anything else"), modal verbs ("should"), "according (to)",
 * prepositions ("over" of "het huurcontract over de opzegtermijn").
 */
const STAND_IN_WORDS = new Set(allLanguages(CUES.candidates.standIns));

const WORD = wordPattern();

/** A crude equality of word forms (plural s, possessive) for "already in the query". */
export function sameWordForm(a: string, b: string): boolean {
  return a === b || wordBase(a) === wordBase(b);
}

function wordBase(w: string): string {
  return w.replace(/['’]s$/, '').replace(/(ies)$/, 'y').replace(/(?<=[^s])s$/, '');
}

/** A candidate word of a message, with what its place there says. */
interface MessageWord {
  term: string;
  /** As written, but for a capital that only opens a sentence. */
  form: string;
  capitalised: boolean;
  endsTurn: boolean;
  afterArticle: boolean;
}

const readMessages = new Map<string, readonly MessageWord[]>();

/** The words of a message that may be candidates, in order. */
export function messageWords(message: string, role: 'user' | 'assistant', language: string): readonly MessageWord[] {
  return remembered(readMessages, `${role}\u0000${language}\u0000${message}`, () => {
    const text = readable(message);
    const words = [...text.matchAll(WORD)];
    const predicates = role === 'user' ? questionVerbs(text, language) : undefined;
    const stopwords = stopwordsOf(language);
    const contentAt = words.map((m, i) => (stopwords.has(m[0].toLowerCase()) || predicates?.has(m[0].toLowerCase()) ? -1 : i)).filter((i) => i >= 0);
    const lastContent = new Set(contentAt.slice(-2));
    const out: MessageWord[] = [];
    for (const [i, m] of words.entries()) {
      const surface = m[0];
      const term = surface.toLowerCase();
      // "00" of "9:00" is no number anyone searches for.
      if (term.length < 2 || /^0+$/.test(term) || stopwords.has(term) || CHAT_WORDS.has(term) || STAND_IN_WORDS.has(term) || QUESTION_WORDS.has(term)) continue;
      const sentenceStart = opensSentence(text, m.index);
      out.push({
        term,
        // A capital that only marks a sentence start says nothing about the word's own form.
        form: sentenceStart && !/^\p{Lu}{2,}$/u.test(surface) ? surface[0]!.toLowerCase() + surface.slice(1) : surface,
        capitalised: !sentenceStart && /^\p{Lu}/u.test(surface),
        endsTurn: role === 'user' && lastContent.has(i),
        afterArticle: ARTICLE.test(text.slice(Math.max(0, m.index - 12), m.index)),
      });
    }
    return out;
  });
}

/** An English question's verbs (lower case), which end no phrase it names ("built" of "When was the Eiffel Tower built?"). */
function questionVerbs(text: string, language: string): ReadonlySet<string> | undefined {
  if (language !== 'en' || !/\p{L}/u.test(text)) return undefined;
  return wordsTagged(text, VERBS);
}
const VERBS = new Set(['VERB', 'AUX']);

/** Every mention of each candidate word of the turns that the query does not hold, and the forms it was written in. */
function mentionsIn(query: string, turns: readonly SelectedTurn[], language: string): { mentions: Map<string, Mention[]>; surfaces: Map<string, Map<string, number>> } {
  const stopwords = stopwordsOf(language);
  const ownBases = new Set((withoutContractions(query).toLowerCase().match(WORD) ?? []).filter((w) => !stopwords.has(w)).map(wordBase));
  const inQuery = new Map<string, boolean>();
  const mentions = new Map<string, Mention[]>();
  const surfaces = new Map<string, Map<string, number>>();
  for (const t of turns) {
    for (const role of ['user', 'assistant'] as const) {
      for (const { term, form, capitalised, endsTurn, afterArticle } of messageWords(t[role], role, language)) {
        let had = inQuery.get(term);
        if (had === undefined) inQuery.set(term, (had = ownBases.has(wordBase(term))));
        if (had) continue;
        const mention = { pair: t.index, role, capitalised, endsTurn, afterArticle };
        mentions.set(term, [...(mentions.get(term) ?? []), mention]);
        const forms = surfaces.get(term) ?? new Map<string, number>();
        forms.set(form, (forms.get(form) ?? 0) + 1);
        surfaces.set(term, forms);
      }
    }
  }
  return { mentions, surfaces };
}

/**
 * Terms the conversation offers the query: content words of the selected turn pairs that the
 * query does not already contain, each with the features the learned scorer weighs.
 */
export function candidateTerms(query: string, turns: readonly SelectedTurn[], language: string, termStats?: TermStats): Candidate[] {
  if (turns.length === 0) return [];
  const { mentions, surfaces } = mentionsIn(query, turns, language);
  const similarityOf = new Map(turns.map((t) => [t.index, t.similarity]));
  const lastPair = turns[turns.length - 1]!.index;
  const firstUserPair = turns.find((t) => t.user)?.index;
  const terms = [...mentions.keys()];
  const df = termStats?.documentFrequency(terms);
  const idf = df && termStats!.idfOf(df);
  const maxIdf = termStats ? Math.log(1 + (termStats.documents() + 0.5) / 0.5) : 1;
  const cues = queryCues(query);
  const short = cues.contentWords <= 2 ? 1 : 0;
  return terms.map((term) => {
    const ms = mentions.get(term)!;
    const user = ms.filter((m) => m.role === 'user');
    const assistant = ms.filter((m) => m.role === 'assistant');
    const inLastUser = user.some((m) => m.pair === lastPair) ? 1 : 0;
    const inFirstUser = firstUserPair !== undefined && user.some((m) => m.pair === firstUserPair) ? 1 : 0;
    const lastMention = Math.max(...ms.map((m) => m.pair));
    const features = [
      1,
      inLastUser,
      user.some((m) => m.pair !== lastPair) ? 1 : 0,
      inFirstUser,
      assistant.some((m) => m.pair === lastPair) ? 1 : 0,
      assistant.some((m) => m.pair !== lastPair) ? 1 : 0,
      Math.min(user.length, 3) / 3,
      Math.min(assistant.length, 5) / 5,
      1 / (1 + (lastPair - lastMention)),
      ms.some((m) => m.capitalised) ? 1 : 0,
      /^\p{N}+$/u.test(term) ? 1 : 0,
      Math.min(term.length, 12) / 12,
      idf ? idf.get(term)! / maxIdf : 0.5,
      df ? (df.get(term)! > 0 ? 1 : 0) : 0.5,
      Math.max(...ms.map((m) => similarityOf.get(m.pair) ?? 0)),
      cues.referring ? 1 : 0,
      cues.ellipsis ? 1 : 0,
      short,
      cues.referring ? inLastUser : 0,
      short * inFirstUser,
      ms.some((m) => m.endsTurn) ? 1 : 0,
      ms.some((m) => m.afterArticle) ? 1 : 0,
    ];
    const surface = [...surfaces.get(term)!.entries()].sort((a, b) => b[1] - a[1])[0]![0];
    const topic = user.some((m) => m.endsTurn || m.afterArticle);
    return { term, surface, features, topic };
  });
}
