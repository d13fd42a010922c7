import { queryTerms } from '../../search/queryTerms.js';
import TEMPLATES from './templates.json' with { type: 'json' };

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

/** Where a pointing word points nowhere ("is it safer to invest in bonds?"), in any language (templates.json dummy). */
const DUMMY = Object.entries(TEMPLATES).flatMap(([k, t]) => (k === 'about' || typeof t === 'string' ? [] : t.dummy.map((d) => new RegExp(d, 'iu'))));

export function queryCues(query: string): QueryCues {
  // A dummy "it" ("is it safer to …") is blanked out; other pointing words still count ("… invest in them?").
  const open = DUMMY.reduce((t, d) => t.replace(new RegExp(d.source, 'giu'), (m) => ' '.repeat(m.length)), query);
  const referring = [...open.matchAll(/[\p{L}']+/gu)].some((m) => REFERRING.has(m[0].toLowerCase()));
  return {
    referring,
    ellipsis: ELLIPSIS.test(query.trim()),
    contentWords: queryTerms(query).length,
  };
}
