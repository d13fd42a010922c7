import { createRequire } from 'node:module';
import type WinkNLP from 'wink-nlp';
import { PREPOSITIONS, remembered } from './words.js';

/**
 * The verb or adjective that ends a question's clause after its subject: "built" in "When was the
 * Eiffel Tower built?", "fatal" in "Is sickle cell disease fatal?", "known" in "What was George
 * Best known for?". Read as a run of content words, such a question's subject swallows its
 * predicate, and a follow-up "how tall is it?" became "how tall is the Eiffel Tower built?".
 * The words returned (lower case) end a phrase and are no topic of it.
 */
export function clausePredicates(text: string, language: string): ReadonlySet<string> {
  if (language !== 'en' && language !== 'nl') return NONE;
  // A conversation's turns come back with every follow-up: each is read once.
  return remembered(seen, `${language}\u0000${text}`, () => (language === 'nl' ? dutchPredicates(text) : /\p{L}/u.test(text) ? englishPredicates(text) : NONE));
}

const NONE: ReadonlySet<string> = new Set();
const seen = new Map<string, ReadonlySet<string>>();

type Nlp = ReturnType<typeof WinkNLP>;
let nlp: Nlp | undefined;

/** wink-nlp with its small English model (MIT, in the npm package; about 150 ms to load, once, on first use). */
function tagger(): Nlp {
  if (!nlp) {
    const require = createRequire(import.meta.url);
    const winkNLP = require('wink-nlp') as typeof WinkNLP;
    nlp = winkNLP(require('wink-eng-lite-web-model'));
  }
  return nlp;
}

interface Tagged {
  words: string[];
  tags: string[];
  /** Base forms ("built" → "build", "is" → "be"). */
  lemmas: string[];
}
const tagged = new Map<string, Tagged>();

/**
 * An English text's words, their parts of speech (universal tags: NOUN, VERB, AUX, …) and base forms. The
 * previous question is read for its predicates, what it asked for and its subject: tagged once.
 */
export function englishTags(text: string): Tagged {
  return remembered(tagged, text, () => {
    const nlp = tagger();
    const doc = nlp.readDoc(text);
    const tokens = doc.tokens();
    // wink-nlp's typings give its.lemma an add-on's signature; the model it is read with has the lemmatiser.
    const lemma = nlp.its.lemma as unknown as typeof nlp.its.value;
    const words = tokens.out(nlp.its.value) as string[];
    // The tagger gives no base form for some expansions ("cannot" before a mark: "cannot?"): the word is its own then.
    const lemmas = (tokens.out(lemma) as (string | null | undefined)[]).map((l, i) => (typeof l === 'string' ? l : (words[i] ?? '')));
    const read = hyphenatedWhole(
      { words, tags: (tokens.out(nlp.its.pos) as (string | undefined)[]).map((t) => t ?? 'X'), lemmas },
      tokens.out(nlp.its.precedingSpaces) as string[],
    );
    const named = { ...read, tags: acronyms(read) };
    return { ...read, tags: clauseVerbs({ ...read, tags: compoundNouns(named) }) };
  });
}

/**
 * The tagger's words with a word it split at its hyphens joined again ("Wi", "-", "Fi" → "Wi-Fi",
 * as it keeps "e-bike" whole), tagged as its last part; a dash between spaces stays a mark.
 */
function hyphenatedWhole(read: Tagged, spaces: readonly string[]): Tagged {
  if (!read.words.includes('-')) return read;
  const out: Tagged = { words: [], tags: [], lemmas: [] };
  for (let i = 0; i < read.words.length; i++) {
    const joins = read.words[i] === '-' && out.words.length > 0 && i + 1 < read.words.length && spaces[i] === '' && spaces[i + 1] === '' && /[\p{L}\p{N}]$/u.test(out.words.at(-1)!) && /^[\p{L}\p{N}]/u.test(read.words[i + 1]!);
    if (joins) {
      out.words[out.words.length - 1] += `-${read.words[i + 1]!}`;
      out.lemmas[out.lemmas.length - 1] += `-${read.lemmas[i + 1]!}`;
      out.tags[out.tags.length - 1] = read.tags[i + 1]!;
      i++;
      continue;
    }
    out.words.push(read.words[i]!);
    out.tags.push(read.tags[i]!);
    out.lemmas.push(read.lemmas[i]!);
  }
  return out;
}

/** The tags with a name where the tagger read an acronym as a pronoun: "the IT guide", "the US office". */
function acronyms({ words, tags }: Tagged): string[] {
  return tags.map((t, i) => (t === 'PRON' && /^\p{Lu}{2,}$/u.test(words[i]!) ? 'PROPN' : t));
}

/** Tags that may follow the last noun of a phrase. */
const COMPOUND_ENDS = new Set(['NOUN', 'PUNCT', 'ADP', 'CCONJ']);
/** Words that open a noun phrase. */
const DETERMINERS = new Set(['the', 'a', 'an', 'this', 'that', 'these', 'those', 'my', 'your', 'our', 'their', 'his', 'her', 'its']);

/**
 * The tags with a noun where the tagger took it for a verb that cannot be one: "on the Rust
 * borrow checker", "my tax return form", "in the config file,", "where is that file?". Right
 * after a determiner, or after one and a singular noun, a verb in its base form before a noun,
 * a mark or a preposition cannot be a predicate (that would be "borrows", "files"), unless the
 * phrase is part of the subject of an auxiliary that has no verb yet ("Does the API gateway
 * support OAuth?", "Can the user file a claim?", "What does the warranty of my washing machine cover?").
 */
function compoundNouns({ words, tags, lemmas }: Tagged): string[] {
  const out = [...tags];
  let opened = -1;
  // An auxiliary waiting for its verb ("do", "can", "will"): the phrase after it may be its subject.
  let auxiliaryWaits = false;
  for (let i = 0; i < words.length; i++) {
    const lower = words[i]!.toLowerCase();
    if (tags[i] === 'AUX' && lemmas[i] !== 'be' && lemmas[i] !== 'have') auxiliaryWaits = true;
    if (tags[i] === 'DET' || (tags[i] === 'PRON' && DETERMINERS.has(lower))) {
      opened = i;
      continue;
    }
    const base = lemmas[i] === lower && /^\p{Ll}/u.test(words[i]!);
    // Right after "that" or "this" only where a noun phrase stands ("where is that file?", not "I saw that happen").
    const pointing = opened >= 0 && /^(?:this|that|these|those)$/i.test(words[opened]!);
    const direct = i === opened + 1 && (!pointing || tags[opened - 1] === 'AUX' || tags[opened - 1] === 'ADP');
    const place = opened >= 0 && (direct || (i > opened + 1 && NOUN_TAGS.has(out[i - 1] ?? '') && !/s$/i.test(words[i - 1]!)));
    const next = tags[i + 1];
    // Before a verb in -s, the phrase is its subject ("the IT guide says").
    const verbAfter = next === 'VERB' && /[^s]s$/i.test(words[i + 1]!) && lemmas[i + 1] !== words[i + 1]!.toLowerCase();
    if (tags[i] === 'VERB' && place && !auxiliaryWaits && base && (next === undefined || COMPOUND_ENDS.has(next) || verbAfter)) out[i] = 'NOUN';
    else {
      if (tags[i] === 'VERB') auxiliaryWaits = false;
      if (!NOUN_TAGS.has(out[i]!) && tags[i] !== 'ADJ') opened = -1;
    }
  }
  return out;
}

/** Marks that end a clause. */
const CLAUSE_END = /^[.;:!?]$/;

/**
 * The tags with a verb where the tagger read a clause with none, taking its verb for the middle of a
 * compound: "Which of my recipes use lentils?", "Three recipes use lentils:". A noun phrase seldom
 * goes on after a plural, so a lower-case noun in its base form between a plural (not one after a
 * singular noun, which may be the verb: "The leaflet lists stomach pain") and the next word of a
 * noun phrase is the clause's verb.
 */
function clauseVerbs({ words, tags, lemmas }: Tagged): string[] {
  const out = [...tags];
  let start = 0;
  for (let end = 0; end <= words.length; end++) {
    if (end < words.length && !(tags[end] === 'PUNCT' && CLAUSE_END.test(words[end]!))) continue;
    const clause = tags.slice(start, end);
    // "What did the landlord email me …?", "Why did the bank text us?": a noun right before an object pronoun, in a clause with no verb, is its verb.
    if (!clause.includes('VERB')) {
      for (let i = start + 1; i + 1 < end; i++) {
        if (tags[i] === 'NOUN' && /^\p{Ll}+$/u.test(words[i]!) && NOUN_TAGS.has(tags[i - 1]!) && OBJECT_PRONOUNS.has(words[i + 1]!.toLowerCase())) {
          out[i] = 'VERB';
          break;
        }
      }
    }
    // "Why does my laptop battery drain so fast?": after "do" and a subject of several nouns, in a
    // clause with no verb, the subject's last noun, bare and before an adverb, is the verb.
    const doAt = clause.includes('VERB') ? -1 : start + clause.findIndex((t, k) => t === 'AUX' && lemmas[start + k] === 'do');
    if (doAt >= start) {
      let e = doAt + 1;
      while (e < end && (NOUN_TAGS.has(tags[e]!) || tags[e] === 'ADJ' || tags[e] === 'DET' || tags[e] === 'NUM' || DETERMINERS.has(words[e]!.toLowerCase()))) e++;
      const nouns = tags.slice(doAt + 1, e).filter((t) => NOUN_TAGS.has(t)).length;
      const last = e - 1;
      // Only before an adverb: a noun ending the question may be the object ("Does the landlord charge rent?"),
      // one before a preposition part of the subject ("does the obligation in the NDA last?").
      const ends = tags[e] === 'ADV' || tags[e] === 'PART';
      if (ends && nouns >= 2 && tags[last] === 'NOUN' && lemmas[last] === words[last] && /^\p{Ll}+$/u.test(words[last]!)) out[last] = 'VERB';
    }
    if (!clause.includes('VERB') && !clause.includes('AUX')) {
      for (let i = start + 1; i + 1 < end; i++) {
        // A plural after a singular noun may be the verb itself ("The leaflet lists stomach pain").
        const afterSingular = i >= start + 2 && NOUN_TAGS.has(tags[i - 2]!) && !/s$/i.test(words[i - 2]!);
        const pluralBefore = tags[i - 1] === 'NOUN' && lemmas[i - 1] !== words[i - 1]!.toLowerCase() && /s$/i.test(words[i - 1]!) && !afterSingular;
        const bare = tags[i] === 'NOUN' && lemmas[i] === words[i] && /^\p{Ll}+$/u.test(words[i]!);
        if (pluralBefore && bare && NOUN_PHRASE_OPENING.has(tags[i + 1]!)) {
          out[i] = 'VERB';
          break;
        }
      }
      // "Which recipes in my folder use chickpeas?": after a plural subject and its prepositional
      // phrase, the bare noun that ends that phrase's noun and opens another is the verb.
      const pluralSubject = start + 3 < end && WH.has(words[start]!.toLowerCase()) && tags[start + 1] === 'NOUN' && lemmas[start + 1] !== words[start + 1]!.toLowerCase() && /s$/i.test(words[start + 1]!);
      const preposition = pluralSubject && !out.slice(start, end).includes('VERB') && tags[start + 2] === 'ADP' ? start + 2 : -1;
      for (let i = preposition + 2; preposition > 0 && i + 1 < end; i++) {
        const bare = tags[i] === 'NOUN' && lemmas[i] === words[i] && /^\p{Ll}+$/u.test(words[i]!);
        if (tags[i - 1] === 'NOUN' && bare && NOUN_PHRASE_OPENING.has(tags[i + 1]!)) {
          out[i] = 'VERB';
          break;
        }
        if (!['DET', 'PRON', 'ADJ', 'NOUN', 'PROPN', 'NUM'].includes(tags[i]!)) break;
      }
    }
    start = end + 1;
  }
  return out;
}
const NOUN_PHRASE_OPENING = new Set(['NOUN', 'PROPN', 'DET', 'ADJ', 'NUM']);
/** Pronouns that are only ever objects: no noun phrase goes on with one. */
const OBJECT_PRONOUNS = new Set(['me', 'us', 'him', 'them']);

/** The tags of an English noun, common or proper. */
export const NOUN_TAGS: ReadonlySet<string> = new Set(['NOUN', 'PROPN']);

const WH = new Set(['what', 'where', 'when', 'why', 'how', 'who', 'which', 'whom', 'whose']);
const PREDICATES = new Set(['VERB', 'ADJ']);
/** Tags of words that cannot end a subject: the predicate must follow one that can (a noun, or a noun the tagger took for a verb). */
const NO_SUBJECT = new Set(['AUX', 'DET', 'PRON', 'ADP', 'PART', 'CCONJ', 'SCONJ', 'PUNCT', 'ADV', 'INTJ']);

/** Verbs that say little of their own ("do these shows", "have a look"): no predicate to end a phrase at. */
const LIGHT_VERBS = new Set(['do', 'be', 'have', 'get', 'make']);

/**
 * By part of speech: in a clause with an auxiliary before its subject ("was … built", "does …
 * work", "is … fatal"), the last word (before a stranded preposition: "known for") when it is a
 * verb or adjective that follows a word of the subject. Both conditions keep the tagger's slips
 * on lower-case nouns out: "what are stocks?" ("stocks" after the auxiliary), "I got a heat pump"
 * (no auxiliary; "pump" is tagged a verb).
 */
function englishPredicates(text: string): Set<string> {
  const { words, tags, lemmas } = englishTags(text);
  const out = new Set<string>();
  const clause = (start: number, end: number): void => {
    let i = end;
    while (i > start && (tags[i] === 'ADP' || tags[i] === 'PART')) i--;
    if (i - 1 <= start || !PREDICATES.has(tags[i]!) || NO_SUBJECT.has(tags[i - 1]!)) return;
    const auxiliaries = lemmas.slice(start, i - 1).filter((_, k) => tags[start + k] === 'AUX');
    if (auxiliaries.length === 0) return;
    // After "is"/"was" a verb ends the clause as a participle ("built", "found", "boiling"), never
    // in its base form: "What is a heat pump?" ends in a noun the tagger took for a verb.
    if (tags[i] === 'VERB' && auxiliaries.every((a) => a === 'be') && lemmas[i] === words[i]!.toLowerCase()) return;
    out.add(words[i]!.toLowerCase());
  };
  // "When did MC5 form?", "Did Black Dahlia move to Los Angeles?": after "do" and a name, a
  // lower-case word is the verb, whatever the tagger says (it read "form", "move" as nouns),
  // unless the clause has its verb already ("What did the board decide about the Berlin office?").
  // Or a modal: "How long should the dough rest?" asks as "How long does the dough rest?" does.
  const doAt = lemmas.findIndex((l, i) => tags[i] === 'AUX' && (l === 'do' || MODALS.has(words[i]!.toLowerCase())));
  const bareWord = (i: number): boolean => (tags[i] === 'NOUN' || tags[i] === 'VERB') && /^\p{Ll}/u.test(words[i]!);
  let verbFound = false;
  for (let i = doAt + 1; doAt >= 0 && i < words.length; i++) {
    // "What does the auth service do with expired tokens?": the main verb "do", read as an auxiliary, ends the search.
    if (tags[i] === 'AUX' && i >= doAt + 2) break;
    const lower = /^\p{Ll}/u.test(words[i]!);
    // A name, or a code identifier ("validateToken", "parse_args").
    // A name with its number ("Grave 2021", "Windows 11") or "one" ("the second one") ends a subject too.
    const numbered = tags[i - 1] === 'NUM' && (tags[i - 2] === 'PROPN' || /^one$/i.test(words[i - 1]!));
    const afterName = (tags[i - 1] === 'PROPN' && /^\p{Lu}|^\p{Ll}+\p{Lu}|_/u.test(words[i - 1]!)) || numbered;
    // So is one that ends the question, whatever the tagger says ("How long does the NDA with Brightline last?": "last" an adjective).
    const ending = tags[i] === 'ADJ' && (i + 1 === words.length || (tags[i + 1] === 'PUNCT' && i + 2 >= words.length));
    if ((tags[i] === 'NOUN' || tags[i] === 'VERB' || ending) && lower && afterName && i >= doAt + 2) {
      // "Does the API gateway support OAuth?": a name may open a compound, whose words come before
      // the verb; a plural ends one as its object ("Did the Beatles record albums?").
      while (i + 1 < words.length && bareWord(i + 1) && !/s$/i.test(words[i + 1]!)) i++;
      out.add(words[i]!.toLowerCase());
      verbFound = true;
    } else if (tags[i] === 'VERB' && lower) {
      // The clause's own verb after its subject ("How does the auth service validate tokens?"): a predicate too, ending the subject.
      // Not after a pronoun ("How do I reset my router?": the user's verb is read as such; see verbsOf).
      if (i >= doAt + 2 && tags[doAt + 1] !== 'PRON' && !LIGHT_VERBS.has(lemmas[i]!) && words[i]!.toLowerCase() !== 'according') out.add(words[i]!.toLowerCase());
      break;
    }
  }
  // A verb found after the subject says where it ends: none of its words is the verb.
  const objectVerb = verbFound ? undefined : askedObjectVerb(words, tags, doAt);
  if (objectVerb !== undefined) out.add(words[objectVerb]!.toLowerCase());
  let start = 0;
  for (let i = 0; i <= words.length; i++) {
    // A clause ends at punctuation, at the end, or where a run-on question starts another ("where is bone marrow found what does it do").
    const boundary = i === words.length || tags[i] === 'PUNCT' || (i > start && WH.has(words[i]!.toLowerCase()));
    if (!boundary) continue;
    if (i - 1 > start) clause(start, i - 1);
    start = tags[i] === 'PUNCT' ? i + 1 : i;
  }
  return out;
}

/**
 * "What does the premium plan cost?", "What does my car manual say about the tyre pressure?", "How
 * much does the new kitchen cost according to the quote?": a
 * question that asks what its subject does ends that subject with its verb, which the tagger may
 * take for a noun ("cost", "say"). Only after "what", "which" or "how much/many" with "do" before
 * the subject, or after another question word where no verb follows "do" at all ("How does the
 * backup script work?"), or in a yes/no question with no verb, where the subject runs into a
 * preposition ("does the budget count towards that?"): a yes/no question's last noun is otherwise
 * its object ("Does the landlord charge rent?"), as is an adverbial question's ("How often does the pump need maintenance?"). The index of the
 * subject's last word when it is such a verb, or undefined.
 */
function askedObjectVerb(words: readonly string[], tags: readonly string[], doAt: number): number | undefined {
  const first = words[0]?.toLowerCase();
  const asksObject = first === 'what' || first === 'which' || (first === 'how' && /^(?:much|many)$/i.test(words[1] ?? ''));
  // "How does the backup script work?", "Where does the bus stop?": a clause of "do" has a verb;
  // where the tagger saw none after the subject, the subject's last word is it.
  // "according" of "according to the recipe" is no verb of the clause.
  const noVerb = !tags.slice(doAt + 1).some((t, k) => t === 'VERB' && !/^according$/i.test(words[doAt + 1 + k]!));
  const verbless = WH.has(first ?? '') && noVerb;
  // "does the budget count towards that?": a yes/no question with no verb, whose subject runs into
  // a preposition, ends that subject with its verb. Not before "of" ("does the cost of …").
  const yesNo = doAt === 0 && noVerb;
  if ((!asksObject && !verbless && !yesNo) || (doAt < 1 && !yesNo) || doAt > 4 || tags.slice(1, doAt).includes('VERB')) return undefined;
  let end = doAt + 1;
  while (end < words.length && SUBJECT_WORDS.has(tags[end]!)) end++;
  end--;
  // The subject is followed by nothing, a mark or a preposition ("… say about the tyre pressure?",
  // "… cost according to the quote?"), not by another verb.
  const next = tags[end + 1];
  const source = /^(?:according|as)$/i.test(words[end + 1] ?? '') && /^(?:to|per)$/i.test(words[end + 2] ?? '');
  if (next !== undefined && next !== 'PUNCT' && next !== 'ADP' && next !== 'PART' && !source) return undefined;
  if (yesNo && ((next !== 'ADP' && next !== 'PART') || /^of$/i.test(words[end + 1]!))) return undefined;
  // "How does the auth service issue tokens?": with no verb at all, a plural last word is the
  // object, and the singular noun before it, after the subject's own words, is the verb.
  const objectLast = next === undefined || next === 'PUNCT';
  if (verbless && objectLast && end >= doAt + 4 && tags[end] === 'NOUN' && /[^s]s$/i.test(words[end]!) && isBareNoun(words, tags, end - 1) && NOUN_TAGS.has(tags[end - 2]!)) end--;
  if (end < doAt + 2 || tags[end] !== 'NOUN' || !/^\p{Ll}/u.test(words[end]!) || /[^s]s$/i.test(words[end]!)) return undefined;
  return ['NOUN', 'PROPN', 'ADJ'].includes(tags[end - 1]!) ? end : undefined;
}
const MODALS = new Set(['should', 'can', 'could', 'will', 'would', 'must', 'may', 'might', 'shall']);
const SUBJECT_WORDS = new Set(['DET', 'PRON', 'ADJ', 'NOUN', 'PROPN', 'NUM']);
/** A lower-case singular common noun: one that may be a verb's base form the tagger misread. */
const isBareNoun = (words: readonly string[], tags: readonly string[], i: number): boolean => tags[i] === 'NOUN' && /^\p{Ll}/u.test(words[i]!) && !/[^s]s$/i.test(words[i]!);

/** A past participle ("gebouwd", "gevonden", "behandeld", "afgesloten", "opgezegd"), by its prefix and ending. */
/**
 * Prepositions that open the phrase ending a Dutch clause beside PREPOSITIONS' ("… verbruikt volgens de
 * jaarafrekening?"), for reading a participle before them; other readers do not take them as places.
 */
const DUTCH_PHRASE_PREPOSITIONS = new Set('volgens vanaf vanuit wegens ondanks dankzij'.split(' '));
const DUTCH_PARTICIPLE = /^(?:(?:af|aan|op|uit|in|mee|door|over|terug|toe|weg|na|voor|om|bij|neer|vast|los|samen)?ge|be|ver|ont|her)\p{L}{3,}(?:d|t|en)$/u;
export const DUTCH_ARTICLES: ReadonlySet<string> = new Set(['de', 'het', 'een']);
const DUTCH_AUXILIARIES = new Set('is ben bent was wordt werd worden werden zijn waren heb hebt heeft hebben had hadden kan kon moet moest'.split(' '));
/** Verbs whose infinitive ends the clause ("Ik wil een warmtepomp kopen", "Kan ik de huur opzeggen?"). */
const DUTCH_MODALS = new Set('wil wilt willen wou wilde kan kun kunt kunnen kon moet moeten moest mag mogen mocht zal zult zullen ga gaat gaan ging'.split(' '));
const DUTCH_INFINITIVE = /^\p{L}{2,}en$/u;
/** Infinitives that take another after them ("laten uitbetalen", "gaan verhuizen", "willen opzeggen"). */
const DUTCH_CHAINED_INFINITIVES = new Set('laten gaan willen kunnen moeten mogen blijven komen zien horen helpen leren'.split(' '));

/**
 * By form, after an auxiliary: Dutch participles are regular enough ("Wanneer is de Eiffeltoren
 * gebouwd?"); so is an infinitive after a modal verb ("Ik wil een warmtepomp kopen").
 */
function dutchPredicates(text: string): Set<string> {
  const out = new Set<string>();
  for (const clause of text.split(/[.,;:!?()]+/)) {
    const words = clause.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
    // A participle before a prepositional phrase that ends the clause ("Hoeveel heb ik uitgegeven aan boodschappen?").
    words.forEach((w, i) => {
      if (i >= 2 && i < words.length - 1 && DUTCH_PARTICIPLE.test(w) && (PREPOSITIONS.has(words[i + 1]!) || DUTCH_PHRASE_PREPOSITIONS.has(words[i + 1]!)) && !NOUN_BEFORE.has(words[i - 1]!) && words.slice(0, i).some((x) => DUTCH_AUXILIARIES.has(x))) out.add(w);
    });
    const last = words.at(-1);
    // A subordinate clause ends in its verb ("en als mijn inkomen stijgt?", "als ik een huis koop"),
    // unless a phrase follows it ("als ik verhuis naar Utrecht").
    const opening = words[0] === 'en' || words[0] === 'maar' ? 1 : 0;
    if (last && DUTCH_SUBORDINATORS.has(words[opening] ?? '') && words.length - opening >= 3 && !NOUN_BEFORE.has(words.at(-2)!) && !DUTCH_PREPOSITIONS.has(words.at(-2)!) && !/\p{N}/u.test(last)) {
      out.add(last);
      // Its verbs together: "als ik parttime ga werken", "als ik het kan laten repareren".
      for (let k = words.length - 2; k > opening && DUTCH_INFINITIVE.test(words[k + 1]!) && (DUTCH_MODALS.has(words[k]!) || DUTCH_AUXILIARIES.has(words[k]!) || DUTCH_CHAINED_INFINITIVES.has(words[k]!)); k--) out.add(words[k]!);
      continue;
    }
    // "het" after a subject pronoun is the verb's object ("kan ik het pauzeren?"), no article of a noun made of it.
    const objectHet = words.at(-2) === 'het' && DUTCH_SUBJECT_PRONOUNS.has(words.at(-3) ?? '');
    if (words.length < 3 || !last || (DUTCH_ARTICLES.has(words.at(-2)!) && !objectHet)) continue;
    const before = words.slice(0, -2);
    if (DUTCH_PARTICIPLE.test(last) && before.some((w) => DUTCH_AUXILIARIES.has(w))) out.add(last);
    else if (DUTCH_INFINITIVE.test(last) && before.some((w) => DUTCH_MODALS.has(w))) {
      out.add(last);
      // "kan ik ze laten uitbetalen?": the infinitives of verbs that take one before it too.
      for (let k = words.length - 2; k > 0 && DUTCH_CHAINED_INFINITIVES.has(words[k]!); k--) out.add(words[k]!);
    }
  }
  // A question puts its verb before its subject ("Welke medicijnen gebruikt mijn moeder?", "Hoeveel
  // kost de keuken?"): a word in -t right before a subject's first word is that verb.
  if (DUTCH_QUESTION.test(text)) {
    const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
    words.forEach((w, i) => {
      // Right after a question word that stands alone ("Wat schreef de huisarts …?", "Waarom stopte
      // de verkoop?") the verb may have any form; elsewhere only its present-tense -t says so.
      const afterQuestionWord = i === 1 && DUTCH_QUESTION_WORDS.has(words[0]!) && !DUTCH_AUXILIARIES.has(w);
      // Before a bare noun too, when its -t says so ("Wat kost houtmulch per kuub?").
      const presentAfterQuestionWord = afterQuestionWord && /\p{L}{2,}t$/u.test(w) && i + 1 < words.length;
      // A past tense in -de/-te before its subject too ("Welke bijlagen stuurde de gemeente mee?"), not a noun after its article ("welke ziekte", "de laatste").
      const past = /\p{L}{2,}(?:de|te)$/u.test(w) && !NOUN_BEFORE.has(words[i - 1] ?? '');
      if (i > 0 && (afterQuestionWord || /\p{L}{2,}t$/u.test(w) || past) && (DUTCH_SUBJECT_OPENERS.has(words[i + 1] ?? '') || presentAfterQuestionWord)) out.add(w);
      // Before "ik", "je" or "we" the verb has any form ("Hoeveel huurtoeslag krijg ik …?").
      else if (i > 0 && DUTCH_PERSONS.has(words[i + 1] ?? '') && !NOUN_BEFORE.has(words[i - 1]!) && !NOUN_BEFORE.has(w) && !DUTCH_PREPOSITIONS.has(w) && !DUTCH_QUESTION_WORDS.has(w) && !DUTCH_AUXILIARIES.has(w) && !DUTCH_MODALS.has(w) && !/^(?:en|of|maar|dan|als|dat)$/.test(w)) out.add(w);
    });
    // A separable verb's particle ends the clause, or stands before a prepositional phrase after it
    // ("… stuurde de gemeente mee?", "… mee met de vergunning?", "Hoe vraag ik uitstel aan?").
    words.forEach((w, i) => {
      const next = words[i + 1];
      if (i >= 2 && DUTCH_CLAUSE_PARTICLES.has(w) && (next === undefined || (out.size > 0 && DUTCH_PREPOSITIONS.has(next)))) out.add(w);
    });
  }
  return out;
}

const DUTCH_PREPOSITIONS = new Set('met voor naar in op bij van over door tot na om'.split(' '));
/** Words a Dutch noun follows ("welke ziekte", "de laatste"). */
const NOUN_BEFORE = new Set('de het een welke welk deze dit die dat mijn je jouw uw zijn haar onze ons hun elke ieder iedere geen'.split(' '));
/** Particles of Dutch separable verbs, which end a question's clause ("stuurde … mee", "vraag … aan"). */
const DUTCH_CLAUSE_PARTICLES = new Set('mee aan af op uit terug toe weg omhoog omlaag'.split(' '));
/** Words that open a Dutch subordinate clause, whose verb comes last (not "wanneer" or "of", which also ask). */
const DUTCH_SUBORDINATORS = new Set('als omdat zodra tenzij voordat nadat terwijl indien doordat zodat hoewel'.split(' '));
/** Dutch question words that stand alone before the verb (not "welke" or "hoeveel", which take a noun). */
const DUTCH_QUESTION_WORDS = new Set('wat wie waar wanneer waarom hoe waarmee waarover waarvoor'.split(' '));
/** A Dutch question: by its mark, or a question word opening it. */
const DUTCH_QUESTION = /\?\s*$|^\s*(?:wat|welke?|wie|hoe|hoeveel|waar\p{L}*|wanneer|waarom)\b/iu;
/** Persons a Dutch question's verb comes right before. */
const DUTCH_PERSONS = new Set(['ik', 'je', 'jij', 'we', 'wij']);
/** Dutch subject pronouns. */
const DUTCH_SUBJECT_PRONOUNS = new Set('ik je jij u hij ze zij we wij jullie'.split(' '));
/** Words a Dutch subject starts with: personal pronouns, articles, possessives, demonstratives, "er". */
const DUTCH_SUBJECT_OPENERS = new Set('ik je jij u hij ze zij we wij jullie het de een mijn jouw uw zijn haar ons onze hun dit dat deze die er'.split(' '));

/** Possessive words inside a noun phrase ("the warranty of my washing machine"). */
const POSSESSIVES = new Set(['my', 'your', 'our', 'their', 'his', 'her', 'its']);

/**
 * The verb (its base form) an English question's "it" or "they" is the subject of: "cover" in
 * "does it cover the pump?", "handle" in "can it handle expired sessions?". Not where "it" is
 * what is done to ("is it covered?"), nor "do", "be" or "have" themselves.
 */
export function pronounSubjectVerb(query: string): string | undefined {
  const { words, tags, lemmas } = englishTags(query);
  for (let i = 0; i + 1 < words.length; i++) {
    if (!/^(?:it|they)$/i.test(words[i]!)) continue;
    // "it still shows", "they also cover": adverbs between.
    let v = i + 1;
    while (v + 1 < words.length && tags[v] === 'ADV') v++;
    if (tags[v] !== 'VERB') continue;
    if (i > 0 && tags[i - 1] === 'AUX' && lemmas[i - 1] === 'be') return undefined;
    const verb = lemmas[v]!.toLowerCase();
    return /^(?:do|be|have)$/.test(verb) ? undefined : verb;
  }
  return undefined;
}

/** Whether a word of a noun phrase read back from its verb. */
function inNounPhrase(word: string, tag: string): boolean {
  return NOUN_TAGS.has(tag) || tag === 'ADJ' || tag === 'DET' || tag === 'NUM' || word === 'of' || POSSESSIVES.has(word) || (tag === 'VERB' && word.endsWith('ing'));
}

/**
 * Whether the word at `i`, tagged a noun, is a question's verb after "do" and its subject: "show"
 * in "why does my Bosch dishwasher show error E24?", which the tagger reads as a compound.
 */
function verbAfterDo(words: readonly string[], tags: readonly string[], lemmas: readonly string[], i: number, verb: string): boolean {
  if (tags[i] !== 'NOUN' || words[i]!.toLowerCase() !== verb) return false;
  let j = i - 1;
  while (j > 0 && inNounPhrase(words[j]!.toLowerCase(), tags[j]!)) j--;
  return j < i - 1 && tags[j] === 'AUX' && lemmas[j] === 'do';
}

/**
 * The head nouns (lower case) of the subjects a text gives a verb (by its base form), latest
 * last: "warranty" in "What does the warranty of my washing machine cover?" and in "The Miele
 * warranty covers parts and labour". The subject is the noun phrase just before the verb, read
 * back to a word that ends no noun phrase; its head is its last noun before "of".
 */
export function verbSubjects(text: string, verb: string): string[] {
  const { words, tags, lemmas } = englishTags(text);
  const heads: string[] = [];
  for (let i = 1; i < words.length; i++) {
    if (!(tags[i] === 'VERB' && lemmas[i]!.toLowerCase() === verb) && !verbAfterDo(words, tags, lemmas, i, verb)) continue;
    // A passive's subject is what is done to ("the drum is covered"), no doer.
    if (tags[i - 1] === 'AUX' || tags[i - 1] === 'PART') continue;
    let start = i;
    while (start > 0) {
      const tag = tags[start - 1]!;
      const word = words[start - 1]!.toLowerCase();
      if (!inNounPhrase(word, tag)) break;
      start--;
    }
    const span = words.slice(start, i).map((w, k) => ({ word: w.toLowerCase(), tag: tags[start + k]! }));
    const of = span.findIndex((w) => w.word === 'of');
    const head = (of >= 0 ? span.slice(0, of) : span).filter((w) => NOUN_TAGS.has(w.tag)).at(-1);
    if (head) heads.push(head.word);
  }
  return heads;
}

/** "they" as the subject of a passive: "can they be revoked?", "where are they stored?", "were they signed?". */
export function passiveThey(body: string): boolean {
  const { words, tags, lemmas } = englishTags(body);
  const at = words.findIndex((w) => /^they$/i.test(w));
  const be = (i: number): boolean => lemmas[i] === 'be' || lemmas[i] === 'get';
  // The auxiliary before "they" ("are they …") or after it, past a modal ("they can be …").
  let i = at + 1;
  if (!(at > 0 && be(at - 1))) {
    if (tags[i] === 'AUX' && !be(i)) i++;
    if (!be(i)) return false;
    i++;
  }
  if (tags[i] === 'ADV') i++;
  const w = words[i]?.toLowerCase() ?? '';
  return tags[i] === 'VERB' && lemmas[i] !== w && /(?:ed|en|wn|t|d)$/.test(w);
}

/** Verbs that say how a thing is, not what someone does ("how much do they cost?", "how long do they take?"). */
const STATES = new Set('cost weigh measure last mean contain include differ matter fit expire need take require run'.split(' '));

/** Tags that open what a verb acts on ("these shows", "it", "a lot", "everything"). */
const OBJECT_OPENING = new Set(['DET', 'NOUN', 'PROPN', 'PRON', 'NUM', 'ADJ', 'PUNCT']);

/**
 * What "they" does as the subject of a verb: acts ("what did they find?", "do they recommend it?")
 * or is ("how much do they cost?", "how long do they take?"). Undefined for a passive ("be", or
 * "get" before a participle: passiveThey) or without such a verb.
 */
export function theyVerb(body: string): 'acts' | 'is' | undefined {
  const { words, tags, lemmas } = englishTags(body);
  const at = words.findIndex((w) => /^they$/i.test(w));
  // "get" before a participle makes a passive ("did they get fired?"), before a noun it acts ("did they get compensation?").
  const be = (i: number): boolean => lemmas[i] === 'be' || (lemmas[i] === 'get' && tags[i + 1] === 'VERB');
  // "did they do these shows?": a "do" before its object is the verb they act by, which the tagger reads as an auxiliary.
  const doesSomething = tags[at + 1] === 'AUX' && lemmas[at + 1] === 'do' && (at + 2 >= words.length || OBJECT_OPENING.has(tags[at + 2]!));
  if (at < 0 || (tags[at + 1] !== 'VERB' && !doesSomething) || be(at + 1) || (at > 0 && tags[at - 1] === 'AUX' && be(at - 1))) return undefined;
  return STATES.has(lemmas[at + 1]!) ? 'is' : 'acts';
}

/** "they" as the subject of a verb it acts by (see theyVerb). */
export const actingThey = (body: string): boolean => theyVerb(body) === 'acts';
