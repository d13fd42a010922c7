/**
 * Language of a short query. Character n-gram detectors need more text than "en de prijs?"
 * gives them, so this scores the query's function words per language and, when the query
 * alone does not decide, falls back to the conversation's earlier user turns.
 */
const FUNCTION_WORDS: Record<string, readonly string[]> = {
  en: 'the a an and or of to in on for with what which who how why when where is are was were do does did can could would should this that these those it they there more about any not my your i you we me from be been have has had will at by but if no also than between into through over under after before without within per among'.split(' '),
  nl: 'de het een en of van in op voor met wat welk welke wie hoe waarom wanneer waar is zijn was waren doe doet kan kun kunt zou dit dat deze die ze er meer over geen niet mijn jouw hoeveel ook nog ik je we bij naar uit te nee heb heeft tussen tot door onder na zonder binnen'.split(' '),
  de: 'der die das ein eine und oder von zu im mit was welche wer wie warum wann wo ist sind war kann könnte dies diese es sie mehr über kein nicht mein wieviel auch noch'.split(' '),
  fr: "le la les un une et ou de du des à en pour avec quoi que qu'est-ce est-ce c'est qu’est-ce c’est quel quelle qui comment pourquoi quand où est sont était peut ce cette ces il ils plus sur pas mon combien aussi".split(' '),
  es: 'el la los las un una y o de del a en para con qué cuál quién cómo por cuándo dónde es son era puede este esta estos ello ellos más sobre no mi cuánto también'.split(' '),
};

/** Spellings typical of each language, to break ties between shared function words ("de", "en"). */
const SPELLINGS: Record<string, RegExp> = {
  en: /\b\w+(ing|tion|ough|ness)\b|th|wh/,
  nl: /ij|oe|aa|uu|sch|\b\w+(lijk|heid|tje)\b/,
  de: /ß|[äöü]|sch|\b\w+(ung|keit|lich)\b/,
  fr: /[éèêçà]|eau|\b\w+(ment|ique)\b/,
  es: /ñ|[áíóú]|ción|\b\w+(dad|mente)\b/,
};

const WORD_SETS = Object.fromEntries(Object.entries(FUNCTION_WORDS).map(([k, v]) => [k, new Set(v)]));

/** Words of asking and linking that a question often has, beyond the function words above. */
const QUESTION_WORDS: Record<string, readonly string[]> = {
  en: 'long often far old many much before after whose because should would could where there their'.split(' '),
  nl: 'hoelang hoevaak waarom wanneer welk welke omdat voordat nadat zouden kunnen moeten'.split(' '),
};

/** A language's function words and words of asking ("which", "before", "long"; "welke", "omdat"): words any text in it may have. */
export function commonWords(language: string): ReadonlySet<string> {
  return (COMMON[language] ??= new Set([...(FUNCTION_WORDS[language] ?? []), ...(QUESTION_WORDS[language] ?? [])]));
}
const COMMON: Record<string, Set<string>> = {};

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
