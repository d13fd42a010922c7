import { detectLanguage } from '../rewrite/lexical/language.js';
import WORDS from './stopwords.json' with { type: 'json' };
import TRANSLATIONS from './translateWords.json' with { type: 'json' };

/** Each language's stop list (stopwords.json: English, Dutch). */
const LISTS: Record<string, readonly string[]> = Object.fromEntries(Object.entries(WORDS).filter(([key]) => key !== 'about')) as Record<string, string[]>;

/** Words too common to help a keyword search in any of the languages Docent expects most: the lists together. */
export const STOPWORDS: ReadonlySet<string> = new Set(Object.values(LISTS).flat());

/** English words run through files in every language (commands, options, quoted titles): its list counts everywhere. */
const ENGLISH = new Set(LISTS.en);

/** Each language's stop list as stopwordsOf makes it, made once. */
const BY_LANGUAGE = new Map<string | undefined, ReadonlySet<string>>();

/** Each language's own words that its translation table lists (translateWords.json): words of that language, whatever English's list says ("as": axis). */
const OWN_WORDS: Record<string, ReadonlySet<string>> = Object.fromEntries(
  Object.entries(TRANSLATIONS).flatMap(([language, table]) => (typeof table === 'object' && 'words' in table ? [[language, new Set(Object.keys(table.words))]] : [])),
);

/**
 * The stop list a text of `language` is read with: its own list and English's, but for the words its
 * translation table lists as its own (Dutch "as" is an axis). A language without a list, or a text
 * whose language is not known, is read with every list ("die" is German's article too).
 */
export function stopwordsOf(language: string | undefined): ReadonlySet<string> {
  const known = language !== undefined && LISTS[language] !== undefined ? language : undefined;
  let out = BY_LANGUAGE.get(known);
  if (!out) {
    const own = (known && OWN_WORDS[known]) || new Set<string>();
    out = known ? new Set([...[...ENGLISH].filter((w) => !own.has(w)), ...LISTS[known]!]) : STOPWORDS;
    BY_LANGUAGE.set(known, out);
  }
  return out;
}

/** Words whose being a stopword depends on the text's language: another list's that English writes as words of its own ("door", "van", "die"), and English's that another language does ("as"). */
const LANGUAGE_BOUND = new Set(Object.keys(LISTS).flatMap((language) => [...STOPWORDS].filter((w) => !stopwordsOf(language).has(w))));

/** The language a text is written in, where its function words decide it (detectLanguage); undefined where they do not. */
const textLanguage = (text: string): string | undefined => detectLanguage(text, [], '') || undefined;

/**
 * The stop list of a text: read from the text itself only where it holds a word whose being a
 * stopword depends on its language, so that a question about a garage door keeps "door" and
 * "Hoe kom ik door de firewall?" does not.
 */
const stopwordsIn = (text: string, words: readonly string[]): ReadonlySet<string> => (words.some((w) => LANGUAGE_BOUND.has(w)) ? stopwordsOf(textLanguage(text)) : STOPWORDS);

/**
 * English contractions and possessives reduced to their word ("it's" → "it", "FICO's" → "FICO",
 * "isn't" → "is"). Left alone, their tails are searched as words of their own ("s", "t") that
 * nearly every passage has, and "it's" or "what's" pass for content words.
 */
export function withoutContractions(text: string): string {
  return text
    .replace(/\b(can)['’]t\b/gi, '$1')
    .replace(/\b(w)on['’]t\b/gi, '$1ill')
    .replace(/n['’]t\b/gi, '')
    .replace(/['’](?:s|re|ve|ll|d|m)\b/gi, '');
}

/**
 * An identifier as written: words joined by "_" or "." ("shared_buffers", "write.csv", "R_LIBS_USER").
 * Matched from a word's first character only: tried from every character of a long run of letters
 * (a pasted key, a blob), it read the run again each time (50,000 letters: 2.7 s).
 */
export const IDENTIFIER = /(?<![\p{L}\p{N}])[\p{L}\p{N}]+(?:[_.][\p{L}\p{N}]+)+/gu;

/** Identifiers in a text, lower-cased, first occurrence order, no repeats. */
export function identifiers(text: string): string[] {
  return [...new Set([...text.normalize('NFKC').matchAll(IDENTIFIER)].map((m) => m[0].toLowerCase()))];
}

/**
 * A dotted identifier's last part where that part is an identifier too ("lru_cache" of
 * "functools.lru_cache", "pg_class" of "pg_catalog.pg_class"): the thing's own name, which a text
 * uses once it has named the module or schema. A plain word is no name of its own ("csv" of R's
 * "write.csv", "join" of "os.path.join").
 */
function ownName(id: string): string | undefined {
  const tail = id.slice(id.lastIndexOf('.') + 1);
  return id.includes('.') && tail.includes('_') ? tail : undefined;
}

/**
 * Whether an identifier as written names the one asked about: the same, or the asked one's own name
 * written bare ("lru_cache" for "functools.lru_cache"), or the asked bare name qualified
 * ("pg_catalog.pg_class" for "pg_class"). Two qualifiers are two things: "loop.create_connection"
 * is not "socket.create_connection".
 */
export function sameName(asked: string, written: string): boolean {
  if (asked === written) return true;
  if (asked.includes('.')) return !written.includes('.') && ownName(asked) === written;
  return ownName(written) === asked;
}

/** A word without its accents ("één" → "een"), as FTS5 reads it (remove_diacritics). */
const unaccented = (word: string): string => word.normalize('NFD').replace(/\p{M}/gu, '').normalize('NFC');

/**
 * A stopword, also where it is written with accents the list leaves out: the index folds them
 * ("één", stressed "one", is searched as "een"), so such a word is as common as the list's.
 */
export const isStopword = (word: string, stopwords: ReadonlySet<string> = STOPWORDS): boolean => stopwords.has(word) || (/[^\p{ASCII}]/u.test(word) && stopwords.has(unaccented(word)));

/** Lower-cased word tokens of a text (NFKC), in order, repeats kept. */
const tokens = (text: string): string[] => withoutContractions(text).toLowerCase().normalize('NFKC').match(/[\p{L}\p{N}]+/gu) ?? [];

/** Lower-cased word tokens of a query, the stopwords of its language removed (stopwordsIn), first occurrence order, no repeats. */
export function queryTerms(query: string): string[] {
  const words = tokens(query);
  const stopwords = stopwordsIn(query, words);
  const out: string[] = [];
  for (const t of words) {
    if (isStopword(t, stopwords) || out.includes(t)) continue;
    out.push(t);
  }
  return out;
}

/**
 * Pairs of adjacent content words within a clause ("estate plan", "credit score", "heat pump"),
 * searched as phrases beside the words themselves: a passage that has the words together is
 * about what the question names (the sequential dependence model of Metzler and Croft, 2005).
 */
export function queryPhrases(text: string): string[] {
  const out: string[] = [];
  const stopwords = stopwordsIn(text, tokens(text));
  // A full stop ends a clause, not the dot inside an identifier: "read.table" is searched as the
  // pair its two words make, as "shared_buffers" is (the index reads both as two words side by side).
  for (const clause of withoutContractions(text).toLowerCase().normalize('NFKC').split(/(?:[,;:!?()[\]{}"“”]|\.(?![\p{L}\p{N}]))+/u)) {
    const words = clause.match(/[\p{L}\p{N}]+/gu) ?? [];
    for (let i = 1; i < words.length; i++) {
      const [a, b] = [words[i - 1]!, words[i]!];
      if (isStopword(a, stopwords) || isStopword(b, stopwords) || a === b) continue;
      const phrase = `${a} ${b}`;
      if (!out.includes(phrase)) out.push(phrase);
    }
  }
  return out;
}

/**
 * An FTS5 MATCH expression that ORs the terms (or phrases), each quoted so that no user input is read as
 * FTS5 syntax. Undefined when the query has no searchable term.
 */
export function ftsMatchExpression(terms: readonly string[]): string | undefined {
  if (terms.length === 0) return undefined;
  return terms.map(ftsString).join(' OR ');
}

/** A word or phrase as an FTS5 string: quoted, its quotes doubled, so that it is never read as FTS5 syntax. */
export const ftsString = (text: string): string => `"${text.replace(/"/g, '""')}"`;
