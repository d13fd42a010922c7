import WORDS from './stopwords.json' with { type: 'json' };
/** Words too common to help a keyword search, in the languages Docent expects most (stopwords.json: English, Dutch). */
export const STOPWORDS: ReadonlySet<string> = new Set(Object.entries(WORDS).flatMap(([key, words]) => (key === 'about' ? [] : (words as string[]))));

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

/** An identifier as written: words joined by "_" or "." ("shared_buffers", "write.csv", "R_LIBS_USER"). */
export const IDENTIFIER = /[\p{L}\p{N}]+(?:[_.][\p{L}\p{N}]+)+/gu;

/** Identifiers in a text, lower-cased, first occurrence order, no repeats. */
export function identifiers(text: string): string[] {
  return [...new Set([...text.normalize('NFKC').matchAll(IDENTIFIER)].map((m) => m[0].toLowerCase()))];
}

/** A word without its accents ("één" → "een"), as FTS5 reads it (remove_diacritics). */
const unaccented = (word: string): string => word.normalize('NFD').replace(/\p{M}/gu, '').normalize('NFC');

/**
 * A stopword, also where it is written with accents the list leaves out: the index folds them
 * ("één", stressed "one", is searched as "een"), so such a word is as common as the list's.
 */
export const isStopword = (word: string): boolean => STOPWORDS.has(word) || (/[^\p{ASCII}]/u.test(word) && STOPWORDS.has(unaccented(word)));

/** Lower-cased word tokens of a query, stopwords removed, first occurrence order, no repeats. */
export function queryTerms(query: string): string[] {
  const out: string[] = [];
  for (const m of withoutContractions(query).toLowerCase().normalize('NFKC').matchAll(/[\p{L}\p{N}]+/gu)) {
    const t = m[0];
    if (isStopword(t) || out.includes(t)) continue;
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
  for (const clause of withoutContractions(text).toLowerCase().normalize('NFKC').split(/[.,;:!?()[\]{}"“”]+/)) {
    const words = clause.match(/[\p{L}\p{N}]+/gu) ?? [];
    for (let i = 1; i < words.length; i++) {
      const [a, b] = [words[i - 1]!, words[i]!];
      if (isStopword(a) || isStopword(b) || a === b) continue;
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
  return terms.map((t) => `"${t.replace(/"/g, '""')}"`).join(' OR ');
}
