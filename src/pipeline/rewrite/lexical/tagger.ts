import { createRequire } from 'node:module';
import type WinkNLP from 'wink-nlp';
import TEMPLATES from './templates.json' with { type: 'json' };
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
    const spaced = (tokens.out(n.its.precedingSpaces) as string[]).map((s) => s.length > 0);
    return supportedVerbs(joinedNames({ words, tags, lemmas }, spaced));
  });
}

/**
 * The tagger's words with an identifier's parts joined again as one name ("shutil" "." "copy2" →
 * "shutil.copy2", "shared" "_" "buffers" → "shared_buffers"): words and a "." or "_" between them
 * with no space, as queryTerms' IDENTIFIER reads one. Tagged as a name: it is what a follow-up's
 * "it" points at whole, and no part of it is a verb ("write" of "write.csv"). A hyphenated word
 * likewise ("command" "-" "line" → "command-line"), as the rewrite's candidates read it.
 */
function joinedNames(t: Tagged, spaced: readonly boolean[]): Tagged {
  const out: Tagged = { words: [], tags: [], lemmas: [] };
  const part = (i: number): boolean => /^[\p{L}\p{N}]+$/u.test(t.words[i] ?? '');
  // The parts from i on joined by one of these marks, with no space: the index of the last part.
  const joinedBy = (i: number, marks: RegExp): number => {
    let j = i;
    while (part(j) && marks.test(t.words[j + 1] ?? '') && !spaced[j + 1] && part(j + 2) && !spaced[j + 2]) j += 2;
    return j;
  };
  for (let i = 0; i < t.words.length; i++) {
    const named = joinedBy(i, /^[._]$/);
    // A word the writer joined with hyphens is one word too ("command-line", "write-ahead"): a noun
    // where its last part is one (the thing a follow-up's "them" is), else a modifier.
    const compound = named === i ? joinedBy(i, /^-$/) : i;
    const j = Math.max(named, compound);
    if (j > i) {
      const name = t.words.slice(i, j + 1).join('');
      out.words.push(name);
      out.tags.push(named > i ? 'PROPN' : /^(?:NOUN|PROPN)$/.test(t.tags[j]!) ? 'NOUN' : 'ADJ');
      out.lemmas.push(named > i ? name : [...t.words.slice(i, j), t.lemmas[j]!].join(''));
      i = j;
    } else {
      out.words.push(t.words[i]!);
      out.tags.push(t.tags[i]!);
      out.lemmas.push(t.lemmas[i]!);
    }
  }
  return out;
}

/** The auxiliaries a question's verb leans on ("does"), by base form (templates.json, supportVerbs). */
const SUPPORT = new Set(TEMPLATES.en.supportVerbs);
/** What a subject after such an auxiliary is made of, up to the verb. */
const SUBJECT = new Set(['DET', 'ADJ', 'NOUN', 'PROPN', 'NUM']);

/**
 * A verb the tagger read as a noun, where an auxiliary's clause has no verb else: "What does git
 * reflog record?" is "git reflog" that records, not a "git reflog record"; "What does the cache
 * store?" likewise. After the auxiliary, the subject's words run to the clause's end (a mark, a
 * preposition); where none of them is a verb and they are two or more, the last, a common noun, is
 * the clause's verb. A name stays a name ("What does VACUUM FULL do?" has its verb).
 */
function supportedVerbs(t: Tagged): Tagged {
  const tags = [...t.tags];
  t.tags.forEach((tag, i) => {
    if (tag !== 'AUX' || !SUPPORT.has(t.lemmas[i]!.toLowerCase())) return;
    let j = i + 1;
    while (j < tags.length && SUBJECT.has(tags[j]!)) j++;
    const end = tags[j];
    if (j - i > 2 && tags[j - 1] === 'NOUN' && (end === undefined || end === 'PUNCT' || end === 'ADP')) tags[j - 1] = 'VERB';
  });
  return { ...t, tags };
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
