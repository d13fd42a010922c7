import { queryTerms } from '../../search/queryTerms.js';
import TEMPLATES from './templates.json' with { type: 'json' };
import CUES from './cueWords.json' with { type: 'json' };
import { allLanguages, anyOf, WORD_END } from './words.js';

/** Words that point back into the conversation (cueWords.json dependence.referring). */
const REFERRING = new Set(allLanguages(CUES.dependence.referring));

/** Openings of follow-ups that leave their subject out: "and the price?", "what about X?" (cueWords.json dependence.ellipsisOpenings). */
const ELLIPSIS = new RegExp(`^(?:${anyOf(CUES.dependence.ellipsisOpenings)})${WORD_END}`, 'iu');

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
