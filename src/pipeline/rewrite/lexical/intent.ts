import type { Intent } from '../types.js';
import WORDS from './intentWords.json' with { type: 'json' };
import { allLanguages, alternatives, anyOf, escapeRegExp, WORD_END as END, WORD_START as START } from './words.js';

type Table = Record<string, readonly string[]>;
/** A table's phrases as words of the question, not inside a word nor an identifier ("page_count"). */
const phrases = (table: Table): string => `${START}(?:${anyOf(table)})${END}`;

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
  `${START}(?:${anyOf(SEVERAL.which)})(?:\\s+[\\p{L}\\p{N}-]+){0,4}\\s+(?:${anyOf(SEVERAL.verbs)})\\s+` +
  `(?:(?:(?:${anyOf(SEVERAL.more)})(?:\\s+\\p{L}{3,})?|\\p{L}{3,}er)(?=\\s*(?:[?.!,(]|$|(?:${anyOf(SEVERAL.than)})${END}))` +
  `|(?:${anyOf(SEVERAL.articles)})\\s+(?!${notSuperlative.join('|')})(?:${anyOf(SEVERAL.superlatives)}|\\p{L}{2,}ste?)${END})`;

const CHOICE = WORDS.choice;
const WHICH = anyOf(CHOICE.which);
const OR = anyOf(CHOICE.or);
/** A choice between things: "which is lighter, the XPS 13 or the ThinkPad X1?", "which one has the longer warranty (A or B)?", "welke heeft meer geheugen?". */
const CHOICE_PATTERN =
  `^(?:(?:${anyOf(CHOICE.openings)})\\s+)?(?:${WHICH})${END}` +
  `(?:[^,?]*,[^?]*\\s(?:${OR})\\s|[^(?]*\\([^)]*\\s(?:${OR})\\s[^)]*\\)` +
  `|(?:\\s+[\\p{L}\\p{N}-]+){0,3}\\s+(?:${anyOf(CHOICE.verbs)})\\s+(?:${anyOf(CHOICE.more)})${END})`;

/** Cue phrases per intent (intentWords.json), checked in this order. */
const CUES: Array<[Intent, RegExp]> = [
  // "Hoeveel … vergeleken met Q2?": a number set against another is a comparison.
  ['compare', new RegExp(`${START}(?:${anyOf(WORDS.comparing)})(?=\\s)`, 'iu')],
  ['count', new RegExp(`${START}(?:${counting})|${phrases(WORDS.askingMore)}`, 'iu')],
  ['compare', new RegExp(phrases(WORDS.comparison), 'iu')],
  ['compare', new RegExp(SEVERAL_PATTERN, 'iu')],
  ['compare', new RegExp(CHOICE_PATTERN, 'iu')],
  ['summarize', new RegExp(phrases(WORDS.summarizing), 'iu')],
  ['list', new RegExp(`^(?:${anyOf(WORDS.listOpenings)})${END}|${phrases(WORDS.listAnywhere)}`, 'iu')],
];

/** The intent a question shows by its wording; factual when nothing points elsewhere. */
export function classifyIntent(question: string): Intent {
  const q = question.trim();
  for (const [intent, cue] of CUES) if (cue.test(q)) return intent;
  return 'factual';
}
