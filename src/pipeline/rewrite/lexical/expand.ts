import { stopwordsOf } from '../../search/queryTerms.js';
import type { SelectedTurn } from '../targetedHistory.js';
import WORDS from './expandWords.json' with { type: 'json' };

/** Abbreviations and a small thesaurus, per language (expandWords.json). */
const ABBREVIATIONS = WORDS.abbreviations as Record<string, Record<string, string>>;
const RELATED = WORDS.related as Record<string, Record<string, readonly string[]>>;

/** Numbers written as words and as digits, both ways, per language ("seven" → 7, 7 → "seven"; expandWords.json numerals). */
const NUMERALS = new Map(
  Object.entries(WORDS.numerals as Record<string, Record<string, string>>).map(([language, table]) => {
    const forms = new Map<string, string[]>();
    for (const [word, digits] of Object.entries(table)) {
      forms.set(word, [...(forms.get(word) ?? []), digits]);
      forms.set(digits, [...(forms.get(digits) ?? []), word]);
    }
    return [language, forms] as const;
  }),
);

/** Words documents use for the same thing as `word` (lower-case), from the thesaurus and the numerals: of `language`, or of any. */
export const relatedWords = (word: string, language?: string): readonly string[] => {
  const low = word.toLowerCase();
  if (language && RELATED[language]) return [...(RELATED[language][low] ?? []), ...(NUMERALS.get(language)?.get(low) ?? [])];
  return [...Object.values(RELATED).flatMap((words) => words[low] ?? []), ...[...NUMERALS.values()].flatMap((forms) => forms.get(low) ?? [])];
};

export interface Expansion {
  /** Words added to the search, lower-case. */
  terms: string[];
  /** What was expanded, for --explain ("NAV → net asset value"). */
  notes: string[];
}

/** Acronyms of the query that the conversation spells out: "NAV" after "net asset value". */
function acronymExpansions(word: string, turns: readonly SelectedTurn[]): string | undefined {
  if (!/^\p{Lu}{2,6}s?$/u.test(word)) return undefined;
  const letters = word.replace(/s$/, '').toLowerCase();
  for (const t of [...turns].reverse()) {
    const words = `${t.user} ${t.assistant}`.match(/[\p{L}]+/gu) ?? [];
    for (let i = 0; i + letters.length <= words.length; i++) {
      const run = words.slice(i, i + letters.length);
      if (run.every((w, j) => w[0]!.toLowerCase() === letters[j])) {
        const phrase = run.join(' ').toLowerCase();
        if (phrase !== letters) return phrase;
      }
    }
  }
  return undefined;
}

/**
 * The short form `word` stands for: one of the question's language, or of the other written in
 * capitals ("VAT" in a Dutch question; "vat" there is a verb: "vat het samen").
 */
function abbreviation(word: string, language: string): string | undefined {
  const low = word.toLowerCase();
  const capitals = word === word.toUpperCase();
  const own = ABBREVIATIONS[language] ?? ABBREVIATIONS.en!;
  const other = Object.assign({}, ...Object.entries(ABBREVIATIONS).filter(([l]) => l !== language).map(([, v]) => v)) as Record<string, string>;
  const found = Object.hasOwn(own, low) ? own[low] : capitals && Object.hasOwn(other, low) ? other[low] : undefined;
  return found && (low.length > 2 || capitals) ? found : undefined;
}

/** Abbreviations spelled out and related words, for the search side of the rewrite only. */
export function expansions(query: string, turns: readonly SelectedTurn[], language = 'en'): Expansion {
  const terms: string[] = [];
  const notes: string[] = [];
  const own = new Set((query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []));
  const stopwords = stopwordsOf(language);
  const add = (from: string, words: string): void => {
    const fresh = words.split(' ').filter((w) => !own.has(w) && !stopwords.has(w) && !terms.includes(w));
    if (fresh.length === 0) return;
    terms.push(...fresh);
    notes.push(`${from} → ${words}`);
  };
  for (const word of query.match(/[\p{L}\p{N}]+/gu) ?? []) {
    const low = word.toLowerCase();
    const acronym = acronymExpansions(word, turns);
    if (acronym) add(word, acronym);
    else {
      const spelled = abbreviation(word, language);
      if (spelled) add(word, spelled);
    }
    const related = language === 'en' || language === 'nl' ? relatedWords(low, language) : [];
    if (related.length) add(word, related.join(' '));
  }
  return { terms, notes };
}

/** Damerau–Levenshtein distance, stopping early above `max`. */
export function editDistance(a: string, b: string, max = 2): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const d = Array.from({ length: a.length + 1 }, (_, i) => [i, ...new Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    let best = Infinity;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
      best = Math.min(best, v);
    }
    if (best > max) return max + 1;
  }
  return d[a.length]![b.length]!;
}
