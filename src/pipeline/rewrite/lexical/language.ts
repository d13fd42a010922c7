/**
 * Language of a short query. Character n-gram detectors need more text than "en de prijs?"
 * gives them, so this scores the query's function words per language and, when the query
 * alone does not decide, falls back to the conversation's earlier user turns.
 */
import WORDS from './languageWords.json' with { type: 'json' };

/** Each language's function words (languageWords.json). */
const FUNCTION_WORDS: Record<string, readonly string[]> = WORDS.functionWords;

/** Spellings typical of each language, to break ties between shared function words ("de", "en"). */
const SPELLINGS: Record<string, RegExp> = Object.fromEntries(Object.entries(WORDS.spellings).map(([language, source]) => [language, new RegExp(source)]));

const WORD_SETS = Object.fromEntries(Object.entries(FUNCTION_WORDS).map(([k, v]) => [k, new Set(v)]));

/** A language's function words and words of asking ("which", "before", "long"; "welke", "omdat"; languageWords.json questionWords): words any text in it may have. */
export function commonWords(language: string): ReadonlySet<string> {
  return (COMMON[language] ??= new Set([...(FUNCTION_WORDS[language] ?? []), ...((WORDS.questionWords as Record<string, readonly string[]>)[language] ?? [])]));
}
const COMMON: Record<string, Set<string>> = {};

/** Whether a word (lower case) is a function word or a word of asking of any language here ("for", "die", "het"). */
export const isFunctionWord = (word: string): boolean => Object.keys(FUNCTION_WORDS).some((language) => commonWords(language).has(word));

function scores(text: string): Array<[string, number]> {
  const words = text.toLowerCase().normalize('NFC').match(/[\p{L}']+/gu) ?? [];
  return Object.keys(WORD_SETS)
    .map((lang) => {
      const functionWords = words.filter((w) => WORD_SETS[lang]!.has(w)).length;
      const spelling = words.some((w) => !WORD_SETS[lang]!.has(w) && SPELLINGS[lang]!.test(w)) ? 0.5 : 0;
      return [lang, functionWords + spelling] as [string, number];
    })
    .sort((a, b) => b[1] - a[1]);
}

/** ISO 639-1 code; `fallbackTexts` (earlier user turns, newest first) decide when the query cannot. */
export function detectLanguage(query: string, fallbackTexts: readonly string[] = [], defaultLang = 'en'): string {
  if (/\p{Script=Cyrillic}/u.test(query)) return 'ru';
  for (const text of [query, ...fallbackTexts]) {
    const [best, second] = scores(text);
    if (best && best[1] > 0 && best[1] > (second?.[1] ?? 0)) return best[0];
  }
  return defaultLang;
}
