import { createRequire } from 'node:module';
import type WinkNLP from 'wink-nlp';
import { remembered } from './words.js';

type Nlp = ReturnType<typeof WinkNLP>;
let nlp: Nlp | undefined;

/** wink-nlp with its small English model (MIT, in the npm package; about 150 ms to load, once, on first use). */
export function tagger(): Nlp {
  if (!nlp) {
    const require = createRequire(import.meta.url);
    const winkNLP = require('wink-nlp') as typeof WinkNLP;
    nlp = winkNLP(require('wink-eng-lite-web-model'));
  }
  return nlp;
}

export interface Tagged {
  words: string[];
  /** Universal parts of speech (NOUN, VERB, AUX, …); "X" where the tagger gives none. */
  tags: string[];
  /** Base forms ("built" → "build"); the word itself where the tagger gives none ("cannot?"). */
  lemmas: string[];
}
const tagged = new Map<string, Tagged>();

/** An English text's words, their parts of speech and base forms, read once per text. */
export function englishTags(text: string): Tagged {
  return remembered(tagged, text, () => {
    const n = tagger();
    const tokens = n.readDoc(text).tokens();
    const words = tokens.out(n.its.value) as string[];
    // wink-nlp's typings give its.lemma an add-on's signature; the model it is read with has the lemmatiser.
    const lemma = n.its.lemma as unknown as typeof n.its.value;
    const lemmas = (tokens.out(lemma) as (string | null | undefined)[]).map((l, i) => (typeof l === 'string' ? l : (words[i] ?? '')));
    const tags = (tokens.out(n.its.pos) as (string | undefined)[]).map((t) => t ?? 'X');
    return { words, tags, lemmas };
  });
}

/** The words of an English text (lower case) that the tagger reads as one of these parts of speech. */
export function wordsTagged(text: string, parts: ReadonlySet<string>): Set<string> {
  const { words, tags } = englishTags(text);
  return new Set(words.filter((_, i) => parts.has(tags[i]!)).map((w) => w.toLowerCase()));
}

/** Whether the tagger's English lexicon has a word (in lower case): "pump" and "passport" are words, "warrenty" and "lapply" are not. */
export function isEnglishWord(word: string): boolean {
  lexicon ??= tagger().readDoc('');
  return !lexicon.isOOV(word.toLowerCase());
}
/** An empty document: what isEnglishWord asks the lexicon through (made once). */
let lexicon: ReturnType<Nlp['readDoc']> | undefined;
