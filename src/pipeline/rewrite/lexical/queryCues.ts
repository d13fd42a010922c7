import { queryTerms } from '../../search/queryTerms.js';

/** Words that point back into the conversation (English, Dutch). */
const REFERRING = new Set(
  (
    'it its they them their theirs this that these those he him his she her hers one ones there such ' +
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
  const words = query.toLowerCase().match(/[\p{L}']+/gu) ?? [];
  return {
    referring: words.some((w) => REFERRING.has(w)),
    ellipsis: ELLIPSIS.test(query.trim()),
    contentWords: queryTerms(query).length,
  };
}
