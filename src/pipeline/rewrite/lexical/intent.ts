import type { Intent } from '../types.js';
import WORDS from './intentWords.json' with { type: 'json' };

type Table = Record<string, readonly string[]>;
const ALL = (table: Table): string[] => Object.values(table).flat();
const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A table's phrase as a pattern: "*" at a word's end lets it go on, "…" stands for up to seven words. */
const pattern = (phrase: string): string =>
  phrase
    .split('…')
    .map((part) =>
      part
        .trim()
        .split(/\s+/)
        .map((w) => (w.endsWith('*') ? `${escape(w.slice(0, -1))}\\p{L}*` : escape(w)))
        .join('\\s+'),
    )
    .join('\\s+(?:\\S+\\s+){0,7}');
/** Any of the phrases, longest first. */
const anyOf = (phrases: readonly string[]): string => [...phrases].sort((a, b) => b.length - a.length).map(pattern).join('|');
/** Not inside a word, nor an identifier ("page_count"). */
const START = '(?<![\\p{L}\\p{N}_])';
const END = '(?![\\p{L}\\p{N}_])';
const phrases = (table: Table): string => `${START}(?:${anyOf(ALL(table))})${END}`;

/** A counting word, unless the word after it makes it another question ("count on", "hoeveel kost"; "*er": a comparative). */
const counting = ALL(WORDS.counting)
  .map((word) => {
    const not = (WORDS.notCountingBefore as Table)[word] ?? [];
    const next = [...not.filter((w) => w !== '*er').map(escape), ...(not.includes('*er') ? ['[\\p{L}]+er'] : [])];
    return `${pattern(word)}${END}${next.length ? `(?!\\s+(?:${next.join('|')})${END})` : ''}`;
  })
  .join('|');

const SEVERAL = WORDS.several;
const notSuperlative = ALL(SEVERAL.notSuperlatives).map((w) => (w.endsWith('*') ? escape(w.slice(0, -1)) : `${escape(w)}${END}`));
/**
 * A comparative ending the clause, or a superlative, asked of several things ("which one is cheaper?",
 * "which heat pump is more efficient?", "which of the quotes is the lowest?", "welke is het goedkoopst?").
 */
const SEVERAL_PATTERN =
  `${START}(?:${anyOf(ALL(SEVERAL.which))})(?:\\s+[\\p{L}\\p{N}-]+){0,4}\\s+(?:${anyOf(ALL(SEVERAL.verbs))})\\s+` +
  `(?:(?:(?:${anyOf(ALL(SEVERAL.more))})(?:\\s+\\p{L}{3,})?|\\p{L}{3,}er)(?=\\s*(?:[?.!,(]|$|(?:${anyOf(ALL(SEVERAL.than))})${END}))` +
  `|(?:${anyOf(ALL(SEVERAL.articles))})\\s+(?!${notSuperlative.join('|')})(?:${anyOf(ALL(SEVERAL.superlatives))}|\\p{L}{2,}ste?)${END})`;

const CHOICE = WORDS.choice;
const WHICH = anyOf(ALL(CHOICE.which));
const OR = anyOf(ALL(CHOICE.or));
/** A choice between things: "which is lighter, the XPS 13 or the ThinkPad X1?", "which one has the longer warranty (A or B)?", "welke heeft meer geheugen?". */
const CHOICE_PATTERN =
  `^(?:(?:${anyOf(ALL(CHOICE.openings))})\\s+)?(?:${WHICH})${END}` +
  `(?:[^,?]*,[^?]*\\s(?:${OR})\\s|[^(?]*\\([^)]*\\s(?:${OR})\\s[^)]*\\)` +
  `|(?:\\s+[\\p{L}\\p{N}-]+){0,3}\\s+(?:${anyOf(ALL(CHOICE.verbs))})\\s+(?:${anyOf(ALL(CHOICE.more))})${END})`;

/** Cue phrases per intent (intentWords.json), checked in this order. */
const CUES: Array<[Intent, RegExp]> = [
  // "Hoeveel … vergeleken met Q2?": a number set against another is a comparison.
  ['compare', new RegExp(`${START}(?:${anyOf(ALL(WORDS.comparing))})(?=\\s)`, 'iu')],
  ['count', new RegExp(`${START}(?:${counting})|${phrases(WORDS.askingMore)}`, 'iu')],
  ['compare', new RegExp(phrases(WORDS.comparison), 'iu')],
  ['compare', new RegExp(SEVERAL_PATTERN, 'iu')],
  ['compare', new RegExp(CHOICE_PATTERN, 'iu')],
  ['summarize', new RegExp(phrases(WORDS.summarizing), 'iu')],
  ['list', new RegExp(`^(?:${anyOf(ALL(WORDS.listOpenings))})${END}|${phrases(WORDS.listAnywhere)}`, 'iu')],
];

/** The intent a question shows by its wording; factual when nothing points elsewhere. */
export function classifyIntent(question: string): Intent {
  const q = question.trim();
  for (const [intent, cue] of CUES) if (cue.test(q)) return intent;
  return 'factual';
}
