import { capitalise, escapeRegExp } from '../../../shared/words.js';
import { withoutContractions } from '../../search/queryTerms.js';
import CUES from './cueWords.json' with { type: 'json' };

/**
 * How the engine splits text into words: runs of letters and digits, joined inside by apostrophes
 * and hyphens ("Huntington's", "F-1"). `dots` keeps a dot inside a word ("Node.js"); `punctuation`
 * keeps each run of other characters too.
 */
export function wordPattern(options: { dots?: boolean; punctuation?: boolean } = {}): RegExp {
  const inner = options.dots ? "[\\p{L}\\p{N}'’.-]" : "[\\p{L}\\p{N}'’-]";
  const word = `[\\p{L}\\p{N}]${inner}*[\\p{L}\\p{N}]|[\\p{L}\\p{N}]`;
  return new RegExp(options.punctuation ? `${word}|[^\\s\\p{L}\\p{N}]+` : word, 'gu');
}

/** `s` with its first letter in upper case (shared with the app's wording). */
export { capitalise };

/** `word` capitalised where `like` is ("Carolina" for "Carollina"). */
export const caseLike = (like: string, word: string): string => (/^\p{Lu}/u.test(like) ? capitalise(word) : word);

/** `s` as a literal inside a regular expression. */
export { escapeRegExp };

/**
 * A table's words or phrases as a regular expression's alternatives, longest first (an alternation
 * tries them in order): a phrase's spaces match any, "*" at a word's end lets the word go on
 * ("vergelijk*"), and "…" stands for up to seven words ("vat … samen").
 */
export const alternatives = (phrases: Iterable<string>): string => [...phrases].sort((a, b) => b.length - a.length).map(phrasePattern).join('|');

const wordPatternOf = (w: string): string => (w.length > 1 && w.endsWith('*') ? `${escapeRegExp(w.slice(0, -1))}\\p{L}*` : escapeRegExp(w));
const phrasePattern = (phrase: string): string => phrase.split('…').map((part) => part.trim().split(/\s+/).map(wordPatternOf).join('\\s+')).join('\\s+(?:\\S+\\s+){0,7}');

/** A table's lists of all its languages, as one. */
export const allLanguages = (table: Record<string, readonly string[]>): string[] => Object.values(table).flat();
/** The phrases of a table's languages as a regular expression's alternatives. */
export const anyOf = (table: Record<string, readonly string[]>): string => alternatives(allLanguages(table));
/** Not inside a word (letters, digits, "_"): the start of a word as a regular expression's \b reads it. */
export const WORD_START = '(?<![\\p{L}\\p{N}_])';
/** Not followed by more of a word (letters, digits, "_"): the end of a word as a regular expression's \b reads it. */
export const WORD_END = '(?![\\p{L}\\p{N}_])';

/** Whether the word at `index` of `text` opens a sentence (read backwards over spaces: linear in long texts). */
export function opensSentence(text: string, index: number): boolean {
  let i = index - 1;
  while (i >= 0 && /\s/.test(text[i]!)) i--;
  return i < 0 || text[i] === '.' || text[i] === '!' || text[i] === '?';
}

/** A person's title before a name ("Dr. Patel"; cueWords.json titles, as written): its period ends no sentence. */
const TITLE_STOP = new RegExp(`\\b(${anyOf(CUES.titles)})\\.(?=\\s+\\p{Lu})`, 'gu');

/** A message as the engine reads it: contractions undone, a title's period before a name dropped. */
export const readable = (text: string): string => withoutContractions(text).replace(TITLE_STOP, '$1');

/** E-mail and web addresses and bare domain names, whose parts ("example", "com") are no words of the conversation. */
const ADDRESS = /\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+\b|\bhttps?:\/\/\S+|\bwww\.[\w-]+(?:\.[\w-]+)+\S*/giu;
const DOMAIN = /\b[A-Za-z][a-z0-9-]*(?:\.[a-z][a-z0-9-]*)*\.(?:com|org|net|edu|gov|io|info|app|dev|eu|nl|be|de|fr|uk|co)(?:\/\S*)?(?![\w.]*\w)/gu;
const blank = (m: string): string => ' '.repeat(m.length);
export const withoutAddresses = (text: string): string => text.replace(ADDRESS, blank).replace(DOMAIN, blank);

const SEEN_LIMIT = 512;

/** `make()` for `key`, kept among the SEEN_LIMIT latest: a conversation's messages come back with every follow-up. */
export function remembered<T>(memo: Map<string, T>, key: string, make: () => T): T {
  let found = memo.get(key);
  if (found === undefined) {
    found = make();
    if (memo.size >= SEEN_LIMIT) memo.delete(memo.keys().next().value!);
    memo.set(key, found);
  }
  return found;
}
