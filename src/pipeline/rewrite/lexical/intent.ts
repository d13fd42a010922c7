import type { Intent } from '../types.js';
import WORDS from './intentWords.json' with { type: 'json' };
import { allLanguages, alternatives, escapeRegExp } from './words.js';

type Table = Record<string, readonly string[]>;
/** Not inside a word, nor an identifier ("page_count"). */
const START = '(?<![\\p{L}\\p{N}_])';
const END = '(?![\\p{L}\\p{N}_])';
/** A table's phrases as words of the question. */
const phrases = (table: Table): string => `${START}(?:${alternatives(allLanguages(table))})${END}`;

/** A counting word, unless the word after it makes it another question ("count on", "hoeveel kost"; "*er": a comparative). */
const counting = allLanguages(WORDS.counting)
  .map((word) => {
    const not = (WORDS.notCountingBefore as Table)[word] ?? [];
    const next = [...not.filter((w) => w !== '*er').map(escapeRegExp), ...(not.includes('*er') ? ['[\\p{L}]+er'] : [])];
    return `${alternatives([word])}${END}${next.length ? `(?!\\s+(?:${next.join('|')})${END})` : ''}`;
  })
  .join('|');

const SEVERAL = WORDS.several;
const notSuperlative = allLanguages(SEVERAL.notSuperlatives).map((w) => (w.endsWith('*') ? escapeRegExp(w.slice(0, -1)) : `${escapeRegExp(w)}${END}`));
/**
 * A comparative ending the clause, or a superlative, asked of several things ("which one is cheaper?",
 * "which heat pump is more efficient?", "which of the quotes is the lowest?", "welke is het goedkoopst?").
 */
const SEVERAL_PATTERN =
  `${START}(?:${alternatives(allLanguages(SEVERAL.which))})(?:\\s+[\\p{L}\\p{N}-]+){0,4}\\s+(?:${alternatives(allLanguages(SEVERAL.verbs))})\\s+` +
  `(?:(?:(?:${alternatives(allLanguages(SEVERAL.more))})(?:\\s+\\p{L}{3,})?|\\p{L}{3,}er)(?=\\s*(?:[?.!,(]|$|(?:${alternatives(allLanguages(SEVERAL.than))})${END}))` +
  `|(?:${alternatives(allLanguages(SEVERAL.articles))})\\s+(?!${notSuperlative.join('|')})(?:${alternatives(allLanguages(SEVERAL.superlatives))}|\\p{L}{2,}ste?)${END})`;

const CHOICE = WORDS.choice;
const WHICH = alternatives(allLanguages(CHOICE.which));
const OR = alternatives(allLanguages(CHOICE.or));
/** A choice between things: "which is lighter, the XPS 13 or the ThinkPad X1?", "which one has the longer warranty (A or B)?", "welke heeft meer geheugen?". */
const CHOICE_PATTERN =
  `^(?:(?:${alternatives(allLanguages(CHOICE.openings))})\\s+)?(?:${WHICH})${END}` +
  `(?:[^,?]*,[^?]*\\s(?:${OR})\\s|[^(?]*\\([^)]*\\s(?:${OR})\\s[^)]*\\)` +
  `|(?:\\s+[\\p{L}\\p{N}-]+){0,3}\\s+(?:${alternatives(allLanguages(CHOICE.verbs))})\\s+(?:${alternatives(allLanguages(CHOICE.more))})${END})`;

/** Cue phrases per intent (intentWords.json), checked in this order. */
const CUES: Array<[Intent, RegExp]> = [
  // "Hoeveel … vergeleken met Q2?": a number set against another is a comparison.
  ['compare', new RegExp(`${START}(?:${alternatives(allLanguages(WORDS.comparing))})(?=\\s)`, 'iu')],
  ['count', new RegExp(`${START}(?:${counting})|${phrases(WORDS.askingMore)}`, 'iu')],
  ['compare', new RegExp(phrases(WORDS.comparison), 'iu')],
  ['compare', new RegExp(SEVERAL_PATTERN, 'iu')],
  ['compare', new RegExp(CHOICE_PATTERN, 'iu')],
  ['summarize', new RegExp(phrases(WORDS.summarizing), 'iu')],
  ['list', new RegExp(`^(?:${alternatives(allLanguages(WORDS.listOpenings))})${END}|${phrases(WORDS.listAnywhere)}`, 'iu')],
];

/** The intent a question shows by its wording; factual when nothing points elsewhere. */
export function classifyIntent(question: string): Intent {
  const q = question.trim();
  for (const [intent, cue] of CUES) if (cue.test(q)) return intent;
  return 'factual';
}
