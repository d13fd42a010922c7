import { queryTerms } from '../../search/queryTerms.js';
import { dummyIt } from './resolve.js';

/** Words that point back into the conversation (English, Dutch). */
const REFERRING = new Set(
  (
    'it its they them their theirs this that these those he him his she her hers one ones there such instead ' +
    'het dat dit deze die ze zij hun hen hem haar ervan erover daarvan daarover hiervan hierover daar er zo'
  ).split(' '),
);

/** Openings of follow-ups that leave their subject out: "and the price?", "what about X?". */
const ELLIPSIS = /^(and|but|what about|how about|and what about|also|more|any more|others?|en|maar|wat dacht je van|en wat|ook|nog meer|meer|andere)\b/i;

export interface QueryCues {
  /** A pronoun or demonstrative that may refer back. */
  referring: boolean;
  /** Opens like a follow-up that leaves its subject out. */
  ellipsis: boolean;
  /** Content words after stopwords are dropped. */
  contentWords: number;
}

export function queryCues(query: string): QueryCues {
  // An "it" that stands for a clause, the weather or a time ("is it safer to invest in bonds?") points nowhere.
  const referring = [...query.matchAll(/[\p{L}']+/gu)].some((m) => REFERRING.has(m[0].toLowerCase()) && !dummyIt(query, m.index));
  return {
    referring,
    ellipsis: ELLIPSIS.test(query.trim()),
    contentWords: queryTerms(query).length,
  };
}
