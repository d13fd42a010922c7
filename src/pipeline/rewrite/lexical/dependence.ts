import { STOPWORDS } from '../../search/queryTerms.js';
import type { TermStats } from '../../search/termStats.js';
import type { SelectedTurn } from '../targetedHistory.js';
import { queryCues } from './queryCues.js';
import CUES from './cueWords.json' with { type: 'json' };
import { anyOf, WORD_END } from './words.js';

/** The features of the question "does this query need the conversation?", in the order of the weights. */
export const DEPENDENCE_FEATURES = [
  'bias',
  'referring',
  'ellipsis',
  'content_words',
  'short',
  'chars',
  'wh_start',
  'proper_noun',
  'last_similarity',
  'max_similarity',
  'history_overlap',
  'query_idf',
  'unknown_terms',
  'turns',
] as const;

const FIRST_PERSON = /^I(?:['’]\p{L}+)?$/u;
/** A question word or an inverted verb at the start (cueWords.json dependence.whOpenings). */
const WH_START = new RegExp(`^(?:${anyOf(CUES.dependence.whOpenings)})${WORD_END}`, 'iu');

/**
 * Evidence that a query leans on the conversation: pointing words, ellipsis, shortness, how
 * much it shares with the selected turns, and how specific its own words are in the index.
 */
export function dependenceFeatures(query: string, turns: readonly SelectedTurn[], termStats?: TermStats): number[] {
  const cues = queryCues(query);
  const words = query.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? [];
  const content = words.map((w) => w.toLowerCase()).filter((w) => !STOPWORDS.has(w));
  // A capital inside the question marks a name; the pronoun "I" ("how do I apply?") names nothing.
  const properNoun = words.slice(1).some((w) => /^\p{Lu}/u.test(w) && !FIRST_PERSON.test(w)) ? 1 : 0;
  const historyText = turns.map((t) => `${t.user} ${t.assistant}`.toLowerCase()).join(' ');
  const overlap = content.length ? content.filter((w) => historyText.includes(w)).length / content.length : 0;
  let queryIdf = 0.5;
  let unknown = 0;
  if (termStats && content.length) {
    const maxIdf = Math.log(1 + (termStats.documents() + 0.5) / 0.5);
    const df = termStats.documentFrequency(content);
    const idf = termStats.idfOf(df);
    queryIdf = Math.max(...content.map((w) => idf.get(w)!)) / maxIdf;
    unknown = content.filter((w) => df.get(w) === 0).length / content.length;
  }
  const last = turns.at(-1);
  return [
    1,
    cues.referring ? 1 : 0,
    cues.ellipsis ? 1 : 0,
    Math.min(cues.contentWords, 8) / 8,
    cues.contentWords <= 2 ? 1 : 0,
    Math.min(query.length, 120) / 120,
    WH_START.test(query.trim()) ? 1 : 0,
    properNoun,
    last?.similarity ?? 0,
    turns.length ? Math.max(...turns.map((t) => t.similarity)) : 0,
    overlap,
    queryIdf,
    unknown,
    Math.min(turns.length, 5) / 5,
  ];
}
