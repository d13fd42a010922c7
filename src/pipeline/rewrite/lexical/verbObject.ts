import { STOPWORDS } from '../../search/queryTerms.js';
import { englishTags } from './predicates.js';
import { trimEnd } from './resolve.js';
import { CALENDAR_WORDS, DUTCH_MANNER, MEASURE_UNITS, PEOPLE, PERSON_ROLES, plural, PREPOSITIONS, READER_OWN } from './words.js';

/** A thing the latest reply says the question's verb acts on, with the article it stood with. */
export interface ActedOn {
  phrase: string;
  article?: string;
}

/** The English pointing words a verb may act on, directly or through its preposition ("vote against it", "pay for it"). */
const OBJECT_POINTER = /\b([\p{L}]{3,})\s+(?:(against|about|for|with|into|from|over|on)\s+)?(it|them|that|this)\b/iu;
/** Being for or against a pointing word: "who was against it?", "who is for that?". */
const STANCE_POINTER = /\b(is|are|was|were)\s+(against|for)\s+(it|them|that|this)\b/i;
/** A pointing word as the subject of a passive: "was it moved", "it was moved", "have they been cancelled". */
const PASSIVE_POINTER =
  /\b(?:(?:was|is|were|are|has|have|had|will|can|could|would|should)\s+(it|they|that|this)\s+(?:been\s+|be\s+)?|(it|they|that|this)\s+(?:was|is|were|are|(?:has|have|had)\s+been|(?:will|can|could|would|should)\s+be|gets?|got)\s+)(\p{L}{3,})\b/iu;
/** Verbs that act on nothing the reply names: "do" (an action), "be", "have", saying and knowing. */
const NO_OBJECT_VERBS = new Set('do does did doing done be is are was were been have has had get got say said mean meant know knew think thought'.split(' '));
const CALENDAR: ReadonlySet<string> = new Set(CALENDAR_WORDS);
/** A word that opens a noun phrase after its verb, or is one ("an extension", "your receipt"). */
const NP_TAGS = new Set(['ADJ', 'NOUN', 'PROPN', 'NUM']);
const ENGLISH_ARTICLES = new Set(['the', 'a', 'an']);
/** Whether an English word opens a noun phrase as its article or the reader's own ("the", "a", "your", "my"). */
const isDeterminer = (word: string | undefined): word is string => !!word && (ENGLISH_ARTICLES.has(word.toLowerCase()) || !!READER_OWN[word.toLowerCase()] || word.toLowerCase() === 'my');
/** The article a thing takes in the user's question after this determiner: the reader's own "your" is "my", one introduced ("a", "an") is "the". */
const questionArticle = (determiner: string): string => {
  const w = determiner.toLowerCase();
  return READER_OWN[w] ?? (w === 'a' || w === 'an' ? 'the' : w);
};
/** Tags a verb follows and a noun of a noun phrase does not (a noun follows an article, an adjective, a noun, a preposition or a number). */
const VERB_BEFORE = new Set(['PUNCT', 'CCONJ', 'PRON', 'AUX', 'PART', 'ADV']);

/** Dutch particles of separable verbs ("vraag … aan" of "aanvragen", "zeg … op" of "opzeggen"). */
const DUTCH_PARTICLES = new Set('aan af op in uit mee terug door over toe weg bij na voor om'.split(' '));
/** Dutch words that end a noun phrase read backwards from its verb: verbs of a clause, and the pronouns that are subjects. */
const DUTCH_CLAUSE = new Set('kun kunt kan kunnen moet moeten mag mogen wil wilt willen zal zult zullen je jij u ik we wij ze zij hij het er'.split(' '));
/** Words that open a Dutch object before its verb, kept as its article ("het abonnement", "je machtiging"). */
const DUTCH_OBJECT_DETERMINERS = new Set(['de', 'het', 'een', 'je', 'jouw', 'uw', 'mijn']);
/** Dutch pointing words a verb acts on. */
const DUTCH_POINTER = /\b(dat|dit|die|het|hem|ze)\b/i;
const DUTCH_QUESTION_WORDS = new Set('hoe waar wanneer waarom wat wie'.split(' '));

/**
 * "how do I request it?" after "…you can request an extension until 1 September", "hoe vraag ik
 * dat aan?" after "Je kunt uitstel aanvragen": the thing the latest reply has the question's verb
 * act on, which is what the pointing word stands for. English by the verb's lemma and the noun
 * phrase after it; Dutch by the verb's stem (a separable particle put before it) and the words
 * before its infinitive.
 */
export function verbObject(query: string, reply: string, language: string): ActedOn | undefined {
  if (!reply) return undefined;
  if (language === 'en') return englishObject(query, reply);
  if (language === 'nl') return dutchObject(query, reply);
  return undefined;
}

/** The verb a pointing word is the object of, by its place in the question, that word, and the preposition between them. */
function pointedVerb(query: string): { at: number; pointer: string; preposition?: string; anyVerb?: boolean; tagged: ReturnType<typeof englishTags> } | undefined {
  // "who was against it?": for or against what any verb of the reply is for or against.
  const stance = STANCE_POINTER.exec(query);
  if (stance) {
    const q = englishTags(query);
    const at = q.words.findIndex((w, i) => w.toLowerCase() === stance[1]!.toLowerCase() && q.words[i + 1]?.toLowerCase() === stance[2]!.toLowerCase());
    return at >= 0 ? { at, pointer: stance[3]!, preposition: stance[2]!.toLowerCase(), anyVerb: true, tagged: q } : undefined;
  }
  const active = OBJECT_POINTER.exec(query);
  if (active && !NO_OBJECT_VERBS.has(active[1]!.toLowerCase()) && !STOPWORDS.has(active[1]!.toLowerCase())) {
    const q = englishTags(query);
    const preposition = active[2]?.toLowerCase();
    const gap = preposition ? 2 : 1;
    const at = q.words.findIndex((w, i) => i >= gap && w.toLowerCase() === active[3]!.toLowerCase() && q.words[i - gap]!.toLowerCase() === active[1]!.toLowerCase()) - gap;
    return at >= 0 && q.tags[at] === 'VERB' ? { at, pointer: active[3]!, tagged: q, ...(preposition ? { preposition } : {}) } : undefined;
  }
  // "why was it moved?", "when were they cancelled?": the subject of a passive is what the verb acted on.
  const passive = PASSIVE_POINTER.exec(query);
  if (!passive) return undefined;
  const q = englishTags(query);
  const pointer = passive[1] ?? passive[2]!;
  const at = q.words.findIndex((w, i) => i > 0 && w.toLowerCase() === passive[3]!.toLowerCase() && q.words.slice(0, i).some((x) => x.toLowerCase() === pointer.toLowerCase()));
  return at >= 0 && q.tags[at] === 'VERB' && q.words[at]!.toLowerCase() !== q.lemmas[at]!.toLowerCase() ? { at, pointer: pointer.toLowerCase() === 'they' ? 'them' : pointer, tagged: q } : undefined;
}

function englishObject(query: string, reply: string): ActedOn | undefined {
  const pointed = pointedVerb(query);
  if (!pointed) return undefined;
  const lemma = pointed.tagged.lemmas[pointed.at]!.toLowerCase();
  if (NO_OBJECT_VERBS.has(lemma) && !pointed.anyVerb) return undefined;
  const r = englishTags(reply);
  for (let k = 0; k < r.words.length; k++) {
    // An imperative opening a sentence ("Sign the forms …") may be tagged a name.
    const opening = k === 0 || r.tags[k - 1] === 'PUNCT';
    // A verb in a list of them may be tagged a noun ("adds retry, drops support for Node 16"): not after a word of a noun phrase.
    const listed = r.tags[k] === 'NOUN' && k > 0 && VERB_BEFORE.has(r.tags[k - 1]!);
    const sameVerb = pointed.anyVerb ? r.tags[k] === 'VERB' : r.lemmas[k]!.toLowerCase() === lemma;
    if (!((r.tags[k] === 'VERB' || listed) && sameVerb) && !(opening && r.words[k]!.toLowerCase() === lemma)) continue;
    // "vote against it": the thing after the same verb's same preposition ("voted against the fee increase").
    if (pointed.preposition && r.words[k + 1]?.toLowerCase() !== pointed.preposition) continue;
    let j = k + (pointed.preposition ? 2 : 1);
    let article: string | undefined;
    const first = r.words[j]?.toLowerCase();
    if (first && (ENGLISH_ARTICLES.has(first) || READER_OWN[first] || first === 'my')) {
      article = READER_OWN[first] ?? first;
      j++;
    }
    let start = j;
    // "keeping 14 files": a pointing word stands for the things, not their number.
    if (!article && r.tags[start] === 'NUM' && NP_TAGS.has(r.tags[start + 1] ?? '')) {
      start++;
      article = 'the';
    }
    j = start;
    // "won the U.S. Open June 2014": a date is no part of the thing.
    while (j < r.words.length && NP_TAGS.has(r.tags[j]!) && !(j > start && CALENDAR.has(r.words[j]!.toLowerCase()))) j++;
    // The phrase ends in its noun: "the receipt", not "the receipt online".
    while (j > start && r.tags[j - 1] !== 'NOUN' && r.tags[j - 1] !== 'PROPN') j--;
    if (j === start) continue;
    // "it" is one thing, "them" several.
    if (plural(r.words[j - 1]!.toLowerCase()) !== /^them$/i.test(pointed.pointer)) continue;
    // "support for Node 16", "the price of Bitcoin": a name after "for" or "of" belongs to the phrase.
    let end = j;
    if (/^(?:for|of)$/i.test(r.words[end] ?? '')) {
      let m = end + 1;
      while (m < r.words.length && NP_TAGS.has(r.tags[m]!)) m++;
      if (r.tags.slice(end + 1, m).includes('PROPN')) end = m;
    }
    return { phrase: r.words.slice(start, end).join(' '), ...(article ? { article } : {}) };
  }
  if (pointed.preposition) return undefined;
  const several = /^them$/i.test(pointed.pointer);
  const undone = UNDOES[lemma];
  return (undone && stateObject(r, undone, several)) || (FIXING_VERBS.has(lemma) ? faultObject(r, several) : undefined) || (HANDLING_VERBS.has(lemma) ? introducedObject(r, several) : undefined);
}

/** Verbs whose object is a fault ("who is fixing it?", "has it been resolved?"). */
const FIXING_VERBS = new Set('fix repair solve resolve debug patch'.split(' '));
/** Nouns that name a fault, which a fixing verb acts on. */
const FAULTS = new Set('bug bugs error errors issue issues problem problems fault faults defect defects leak leaks crash crashes glitch outage'.split(' '));

/** Where the run of words of `tags` right before the noun at `k` starts ("the login bug" → "login"). */
function modifiersBefore(r: ReturnType<typeof englishTags>, k: number, tags: ReadonlySet<string>): number {
  let start = k;
  while (start > 0 && tags.has(r.tags[start - 1]!)) start--;
  return start;
}
const FAULT_MODIFIERS: ReadonlySet<string> = new Set(['NOUN', 'ADJ', 'PROPN']);
const THING_MODIFIERS: ReadonlySet<string> = new Set(['NOUN', 'ADJ']);

/**
 * The one fault a reply names, with the words before it ("because of the login bug" → the login
 * bug): what a fixing verb's "it" stands for. Undefined when it names none, or several.
 */
function faultObject(r: ReturnType<typeof englishTags>, several: boolean): ActedOn | undefined {
  const found: ActedOn[] = [];
  r.words.forEach((w, k) => {
    if (r.tags[k] !== 'NOUN' || !FAULTS.has(w.toLowerCase()) || plural(w.toLowerCase()) !== several) return;
    // Not the first word of a compound ("the bug report"): its head is another noun.
    if (r.tags[k + 1] === 'NOUN' && !/^\p{Lu}+\p{N}+$/u.test(r.words[k + 1]!)) return;
    let start = modifiersBefore(r, k, FAULT_MODIFIERS);
    // Its words before it only after a determiner, a preposition or a mark ("the login bug"): "machine show error"
    // (a verb the tagger took for a noun) is no fault's name.
    if (start > 0 && !/^(?:DET|ADP|PUNCT|PRON)$/.test(r.tags[start - 1]!)) start = k;
    // A code after it is part of its name ("error F13").
    const end = /^\p{Lu}+\p{N}+$/u.test(r.words[k + 1] ?? '') ? k + 2 : k + 1;
    const phrase = r.words.slice(start, end).join(' ');
    if (!found.some((f) => f.phrase.toLowerCase() === phrase.toLowerCase())) found.push({ phrase, article: 'the' });
  });
  return found.length === 1 ? found[0] : undefined;
}

/**
 * Verbs that undo what another verb did to a thing: "how do I renew it?" after "your certificate
 * expired" renews the certificate, "how do I reset it?" after "you forgot your password" the
 * password. By lemma; the state verb's participle counts too ("the expired certificate").
 */
const UNDOES: Readonly<Record<string, readonly string[]>> = {
  renew: ['expire'],
  extend: ['expire'],
  repair: ['break', 'crack', 'damage'],
  fix: ['break', 'crack', 'damage'],
  replace: ['break', 'crack', 'damage', 'lose'],
  unblock: ['block', 'clog'],
  unclog: ['block', 'clog'],
  unlock: ['lock'],
  reset: ['forget', 'lock'],
  recover: ['lose', 'delete'],
  restore: ['lose', 'delete'],
  find: ['lose'],
  reactivate: ['deactivate', 'suspend'],
  restart: ['crash', 'freeze'],
};
const PARTICIPLES: Readonly<Record<string, string>> = { broken: 'break', lost: 'lose', forgotten: 'forget', frozen: 'freeze' };

/**
 * The thing a reply says a state verb befell: its object ("you forgot your password"), its subject
 * ("your certificate expired", "the drain is blocked") or the noun its participle stands before
 * ("the expired certificate"). The first such thing of the right number, or undefined.
 */
function stateObject(r: ReturnType<typeof englishTags>, states: readonly string[], several: boolean): ActedOn | undefined {
  const lemmaAt = (k: number): string => {
    const w = r.words[k]!.toLowerCase();
    return PARTICIPLES[w] ?? (r.tags[k] === 'ADJ' ? w.replace(/ed$/, '') : r.lemmas[k]!.toLowerCase());
  };
  const take = (start: number, end: number, determiner?: string): ActedOn | undefined => {
    if (end <= start || plural(r.words[end - 1]!.toLowerCase()) !== several) return undefined;
    // "the two museum tickets": a pointing word stands for the things, not their number.
    if (r.tags[start] === 'NUM' && end > start + 1) return take(start + 1, end, determiner ?? 'the');
    return { phrase: r.words.slice(start, end).join(' '), ...(determiner ? { article: questionArticle(determiner) } : {}) };
  };
  const determinerAt = (k: number): string | undefined => (isDeterminer(r.words[k]) ? r.words[k] : undefined);
  for (let k = 0; k < r.words.length; k++) {
    const state = lemmaAt(k);
    if (!states.some((s) => state === s || state === s.replace(/e$/, ''))) continue;
    if (r.tags[k] === 'VERB') {
      // Its object: "forgot your password".
      let j = k + 1;
      const determiner = determinerAt(j);
      if (determiner) j++;
      let end = j;
      while (end < r.words.length && NP_TAGS.has(r.tags[end]!) && !CALENDAR.has(r.words[end]!.toLowerCase())) end++;
      while (end > j && r.tags[end - 1] !== 'NOUN' && r.tags[end - 1] !== 'PROPN') end--;
      const object = end > j ? take(j, end, determiner) : undefined;
      if (object) return object;
      if (end > j) continue;
      // Its subject, before any auxiliary: "your certificate expired", "the drain is blocked".
      let i = k;
      while (i > 0 && r.tags[i - 1] === 'AUX') i--;
      let start = i;
      while (start > 0 && NP_TAGS.has(r.tags[start - 1]!)) start--;
      if (i > start && (r.tags[i - 1] === 'NOUN' || r.tags[i - 1] === 'PROPN')) {
        const subject = take(start, i, determinerAt(start - 1));
        if (subject) return subject;
      }
    } else if (r.tags[k] === 'ADJ') {
      // Its participle before a noun: "the expired certificate".
      let end = k + 1;
      while (end < r.words.length && NP_TAGS.has(r.tags[end]!)) end++;
      while (end > k + 1 && r.tags[end - 1] !== 'NOUN') end--;
      const thing = end > k + 1 ? take(k + 1, end, determinerAt(k - 1)) : undefined;
      if (thing) return thing;
    }
  }
  return undefined;
}

/** Verbs that name a thing for the user to have, which may go without an article ("prescribed naproxen"). */
const ADVISING_VERBS = new Set(['prescribe', 'recommend', 'advise', 'suggest']);

/** Verbs whose object is a thing one has or gets ("how long should I use it?", "can I take it with food?"). */
const HANDLING_VERBS = new Set('use take apply try wear install order buy store keep'.split(' '));

/**
 * The one thing a reply introduces as a verb's object with "a" or "an" ("Dr. Visser … prescribed a
 * hydrocortisone cream"), as "the …", or with no article ("prescribed naproxen 250 mg"), as it is:
 * what a question that handles "it" means when the reply has no verb of its own for it. Undefined
 * when it introduces none, or several.
 */
function introducedObject(r: ReturnType<typeof englishTags>, several: boolean): ActedOn | undefined {
  const found: ActedOn[] = [];
  for (let k = 1; k + 1 < r.words.length; k++) {
    if (r.tags[k - 1] !== 'VERB') continue;
    if (/^an?$/i.test(r.words[k]!)) {
      let j = k + 1;
      while (j < r.words.length && NP_TAGS.has(r.tags[j]!)) j++;
      while (j > k + 1 && r.tags[j - 1] !== 'NOUN') j--;
      if (j > k + 1 && plural(r.words[j - 1]!.toLowerCase()) === several) found.push({ phrase: r.words.slice(k + 1, j).join(' '), article: 'the' });
    } else if (!several && ADVISING_VERBS.has(r.lemmas[k - 1]!.toLowerCase()) && r.tags[k] === 'NOUN' && /^\p{Ll}/u.test(r.words[k]!) && !plural(r.words[k]!.toLowerCase())) {
      // "prescribed naproxen 250 mg": a thing advised without an article, up to its amount, as it was said
      // (not any verb's: "the bananas add sweetness", "including insurance").
      let j = k;
      while (j < r.words.length && (r.tags[j] === 'NOUN' || r.tags[j] === 'PROPN')) j++;
      found.push({ phrase: r.words.slice(k, j).join(' ') });
    }
  }
  return found.length === 1 ? found[0] : undefined;
}

function dutchObject(query: string, reply: string): ActedOn | undefined {
  const words = query.toLowerCase().match(/[\p{L}]+/gu) ?? [];
  if (!DUTCH_POINTER.test(query) || words.length < 3) return undefined;
  // "hoe vraag ik dat aan?": the verb after the question word, its particle at the end; "kan ik dat opzeggen?": the infinitive at the end.
  const last = words.at(-1)!;
  const verb = DUTCH_QUESTION_WORDS.has(words[0]!) ? words[1]! : undefined;
  const stems: string[] = [];
  if (verb && DUTCH_PARTICLES.has(last)) stems.push(last + verb.slice(0, 3));
  else if (verb && verb.length >= 4) stems.push(verb.slice(0, 4));
  if (/\p{L}{3,}en$/u.test(last) && !STOPWORDS.has(last)) stems.push(last.slice(0, -2));
  if (stems.length === 0) return undefined;
  // "in te trekken" is one infinitive, "intrekken".
  const said = reply.replace(/(?<![\p{L}])(\p{L}+)\s+te\s+(\p{L}+en)(?![\p{L}])/gu, (m, p: string, v: string) => (DUTCH_PARTICLES.has(p.toLowerCase()) ? p + v : m)).match(/[\p{L}\p{N}'’-]+/gu) ?? [];
  for (let k = 1; k < said.length; k++) {
    const w = said[k]!.toLowerCase();
    if (!/en$/.test(w) || !stems.some((s) => w.startsWith(s) && w.length > s.length)) continue;
    // The words before the infinitive, back to the clause's verb or subject: "uitstel" of "Je kunt uitstel aanvragen".
    let i = k;
    while (i > 0 && k - i < 3 && !DUTCH_CLAUSE.has(said[i - 1]!.toLowerCase()) && !DUTCH_OBJECT_DETERMINERS.has(said[i - 1]!.toLowerCase()) && !STOPWORDS.has(said[i - 1]!.toLowerCase())) i--;
    // "Je moet het wel vooraf aanmelden": how or when it is done, no thing it is done to.
    while (i < k && DUTCH_MANNER.has(said[i]!.toLowerCase())) i++;
    if (i === k) continue;
    const before = said[i - 1]?.toLowerCase();
    const article = before && DUTCH_OBJECT_DETERMINERS.has(before) ? (READER_OWN[before] ?? before) : undefined;
    // "na het eerste jaar maandelijks opzeggen": words after a preposition say when or where, not what.
    const opener = (article ? said[i - 2] : before)?.toLowerCase();
    if (opener && PREPOSITIONS.has(opener)) continue;
    return { phrase: said.slice(i, k).join(' '), ...(article ? { article } : {}) };
  }
  return DUTCH_HANDLING.test(query) ? dutchIntroduced(query, reply) : undefined;
}

/** Dutch verbs whose object is a thing one has or gets ("hoe lang moet ik hem gebruiken?", "kan ik die innemen met eten?"). */
const DUTCH_HANDLING = /(?<![\p{L}])(?:gebruik(?:en|t)?|(?:in)?neem|(?:in)?nemen|smeer|smeren|probeer|proberen|draag|dragen|installeer|installeren|bestel|bestellen|koop|kopen|bewaar|bewaren)(?![\p{L}])/iu;
/** "een hydrocortisoncrème", "een nieuwe keuken": a thing a Dutch reply introduces, up to the first function word or mark. */
const DUTCH_INDEFINITE = /(?<![\p{L}])een\s+(\p{L}[\p{L}\p{N}-]*(?:\s+[\p{L}\p{N}][\p{L}\p{N}-]*)?)/giu;

/**
 * The one thing a Dutch reply introduces with "een", as what a question that handles "hem",
 * "het", "die" or "dat" means, with the article the pointing word calls for ("hem", "die": "de").
 * Undefined when it introduces none, or several.
 */
function dutchIntroduced(query: string, reply: string): ActedOn | undefined {
  const pointer = DUTCH_POINTER.exec(query)?.[1]?.toLowerCase();
  if (!pointer || pointer === 'ze') return undefined;
  const found = new Set<string>();
  for (const m of reply.matchAll(DUTCH_INDEFINITE)) {
    const words = m[1]!.split(/\s+/);
    const cut = words.findIndex((w) => STOPWORDS.has(w.toLowerCase()));
    const phrase = (cut >= 0 ? words.slice(0, cut) : words).join(' ');
    if (phrase.length >= 4 && !/^(?:paar|keer|aantal|beetje)$/i.test(phrase.split(' ')[0]!)) found.add(phrase);
  }
  if (found.size !== 1) return undefined;
  return { phrase: [...found][0]!, article: pointer === 'hem' || pointer === 'die' ? 'de' : 'het' };
}

/** "do that", "do it", "doing this" where "do" is the main verb (see DO_ACTION in resolve.ts): the action to name. */
const DO_POINTER = /(?:\b(?:i|you|we|they|to|can|could|will|would|should|must|might|may|not|also|just)|n['’]t)\s+(do|does|did)\s+(that|it|this)\b/i;
/**
 * A verb and its object after `subject` and one of `adverbs`, as groups 1 and 2: the object up to
 * a preposition or a mark, with one of `determiners` before it. `ends` adds words that end the
 * object ("|myself").
 */
function actionPattern(subject: string, adverbs: string, determiners: string, ends: string): RegExp {
  const places = String.raw`by|until|before|after|within|through|via|online|at|in|on|for|from|with|to`;
  // An object never opens with a preposition: "which one did I use in my experiments?" has its object up front.
  const object = String.raw`((?!(?:${places}|into|about|of)\b)(?:(?:${determiners})\s+)?(?:[\p{L}\p{N}'’-]+\s+){0,3}?[\p{L}\p{N}'’-]+)`;
  const end = String.raw`(?=\s+(?:${places}${ends})\b|[.,;:!?]|$)`;
  return new RegExp(String.raw`\b${subject}\s+(?:(?:${adverbs})\s+)?([a-z]+)\s+${object}${end}`, 'iu');
}
/** What the latest answer tells the reader to do: "You can request an extension until …", "you should register the appliance". */
const ADVICE = actionPattern(String.raw`you\s+(?:can|could|should|must|may|might|need\s+to|have\s+to|will\s+need\s+to)`, 'also|first|simply', 'the|a|an|your|this|that', '');
/** What the user asked how to do, when, or whether to: "How often should I change the oil in my Corolla?", "How do I reset my router?". */
const ASKED_ACTION = actionPattern('(?:i|we)', 'also|first', 'the|a|an|my|our|this|that', '|myself|ourselves');
/**
 * "je kunt uitstel aanvragen", and with the verb first after an opening ("Dan moet je je inkomen
 * wijzigen"): up to the last infinitive of the next five words before an "en" that joins another
 * ("inkomen" is none to stop at; "de verhuurder in gebreke stellen en …"). A preposition or other
 * word in -en is no infinitive ("moet je binnen 4 weken doorgeven": not "binnen"; the time is
 * left out of the action, see advisedDutch).
 */
const DUTCH_ADVICE = /\b(?:(?:je|jij|u)\s+(?:kunt|kan|moet|mag|dient)|(?:kun|kunt|kan|moet|mag|dient)\s+(?:je|jij|u))\s+((?:(?!en\s)[\p{L}\p{N}]+\s+){0,4}(?!(?:binnen|buiten|boven|beneden|tegen|even|alleen|geen|een)(?![\p{L}]))\p{L}{2,}en)(?=[\s.,;:!?]|$)/iu;

/**
 * "how much does that cost?", "how long will that take?", "how long does it take?": what doing a
 * thing takes, in groups 1 and 2 ("it" only with "take": "how much does it cost?" is a thing's price).
 */
const WHAT_THAT_TAKES = /^\s*(how\s+much\s+(?:does|will|would)|how\s+long\s+(?:does|will|would|did))\s+(?:(?:that|this)\s+(cost|take)|it\s+(take))\s*[?.!]*\s*$/i;
/** A place or party an advised action goes to or is done at: " to the rent tribunal", up to the clause's end. */
const ADVICE_PLACE = /^\s+(?:to|at|with)\s+(?:the\s+|a\s+|an\s+|your\s+)?(?:[\p{L}\p{N}'’-]+\s+){0,3}?[\p{L}\p{N}'’-]+(?=\s*[.,;:!?]|\s+(?:and|or|but)\b|\s*$)/iu;
/** "wat kost dat?", "hoe lang duurt dat?", "hoe lang duurt het?" ("het" only with "duurt": "wat kost het?" is a thing's price). */
const DUTCH_WHAT_THAT_TAKES = /^\s*(?:en\s+)?(?:(?:wat\s+(?:kost|kosten)|hoeveel\s+kost|hoe\s+lang\s+duurt)\s+(?:dat|dit)|hoe\s+lang\s+duurt\s+het)(?:\s+ongeveer)?\s*[?.!]*\s*$/i;

/**
 * "how much does that cost?" after "you can take the case to the rent tribunal": what doing the
 * advised thing costs ("how much does it cost to take the case?"); in Dutch beside the question
 * ("wat kost dat? (naar de Huurcommissie stappen)"). Where the answer advised nothing, what the
 * user's latest question (`question`) asked how or whether to do; undefined with neither.
 */
function costOfAction(query: string, reply: string, language: string, question = ''): string | undefined {
  if (language === 'en') {
    const asked = WHAT_THAT_TAKES.exec(query);
    if (!asked) return undefined;
    const advised = ADVICE.exec(reply);
    // Where the answer advised nothing, what the user asked how to do ("How do I update the BIOS …?").
    const advice = advised ?? ASKED_ACTION.exec(question);
    if (!advice || NO_OBJECT_VERBS.has(advice[1]!.toLowerCase())) return undefined;
    // Where it goes: "take the case to the rent tribunal".
    const where = advised ? (ADVICE_PLACE.exec(reply.slice(advised.index + advised[0].length))?.[0] ?? '') : '';
    return `${asked[1]} it ${(asked[2] ?? asked[3])!.toLowerCase()} to ${advice[1]!.toLowerCase()} ${advice[2]!.replace(/^your\b/i, 'my')}${where}?`;
  }
  if (language !== 'nl' || !DUTCH_WHAT_THAT_TAKES.test(query)) return undefined;
  const advice = DUTCH_ADVICE.exec(reply);
  return besideQuestion(query, advice ? advisedDutch(advice) : dutchAskedAction(question));
}

/** A Dutch question whether the user may or can do something: "kan ik daar bezwaar tegen maken?", "mag ik mijn abonnement pauzeren?". */
const DUTCH_ASKED = /^\s*(?:kan|kun|mag|moet)\s+(?:ik|we|wij)\s+((?:[\p{L}'’-]+\s+){0,5}\p{L}{2,}en)\s*[?.!]*\s*$/iu;
/** Words that only point or strand a preposition in a Dutch clause ("daar … tegen", "er … voor"): no part of the action named again. */
const DUTCH_POINTING = new Set('daar er hier dat dit het ook nog wel even tegen voor mee van over op aan in uit bij'.split(' '));

/** What a Dutch question asked whether the user could do, without its pointing words: "bezwaar maken". */
function dutchAskedAction(asked: string): string | undefined {
  const m = DUTCH_ASKED.exec(asked);
  if (!m) return undefined;
  const words = m[1]!.split(/\s+/).filter((w) => !DUTCH_POINTING.has(w.toLowerCase()));
  return words.length >= 2 ? words.join(' ') : undefined;
}

/**
 * "how do I do that?" after "You can request an extension until 1 September": the action the
 * latest answer advised, in the place of "do that" ("how do I request an extension?"), or, where
 * it advised none, the one the user asked about (`asked`, their latest question); a Dutch
 * "hoe doe ik dat?" gets it beside the question ("(uitstel aanvragen)"), its verb being split
 * in a question. Undefined when the question does nothing with a pointing word, or the answer
 * advises nothing.
 */
export function namedAction(query: string, reply: string, language: string, asked = ''): string | undefined {
  if (!reply) return undefined;
  const cost = costOfAction(query, reply, language, asked);
  if (cost) return cost;
  if (language === 'en') {
    const found = DO_POINTER.exec(query);
    // Without advice, what the user asked about doing, when they ask about doing it themselves
    // ("How often should I change the oil …?" — "can I do it myself?" → "can I change the oil myself?").
    if (!found) return undefined;
    const at = found.index + found[0].length - found[1]!.length - 1 - found[2]!.length;
    const advised = ADVICE.exec(reply);
    // "Dr. Bakker advises measuring at home for two weeks": the advised doing, in its base form.
    const doing = advised ? undefined : advisedDoing(reply);
    if (doing) return `${query.slice(0, at)}${doing}${query.slice(found.index + found[0].length)}`;
    const advice = advised ?? (/\b(?:i|we)\b/i.test(query) ? ASKED_ACTION.exec(asked) : null);
    if (!advice || NO_OBJECT_VERBS.has(advice[1]!.toLowerCase())) return undefined;
    // "your" in the answer is the user's own.
    const object = advice[2]!.replace(/^your\b/i, 'my');
    return `${query.slice(0, at)}${advice[1]!.toLowerCase()} ${object}${query.slice(found.index + found[0].length)}`;
  }
  if (language !== 'nl' || !/\b(?:ik|we|wij)\b/i.test(query)) return undefined;
  const advice = DUTCH_ADVICE.exec(reply);
  // Only what the user does ("hoe doe ik dat?"): the answer's "je kunt …" advises them, not their partner.
  // Without advice, what the user asked whether they could do ("kan ik daar bezwaar tegen maken?" → "bezwaar maken").
  if (/\b(?:doe|doet|doen|deed)\b/i.test(query) && /\b(?:dat|het|dit)\b/i.test(query)) return besideQuestion(query, advice ? advisedDutch(advice) : dutchAskedAction(asked));
  // "hoe vraag ik dat aan?" after "mag ik mijn kind een dag eerder meenemen?" and an answer that advised nothing:
  // "dat" is what the user asked to do (with advice, the verb's object is read: "hoe vraag ik uitstel aan?").
  if (DUTCH_THAT_ASKED.test(query) && !advice) return besideQuestion(query, dutchAskedAction(asked));
  return undefined;
}

/** "advises measuring at home", "recommends replacing the filter": the doing, up to a word of time or a mark (group 1, then 2). */
const ADVISED_ING = /\b(?:advises?|advised|recommends?|recommended|suggests?|suggested)\s+(\p{Ll}{3,}ing)((?:\s+(?!for\b|until\b|before\b|after\b|by\b|twice\b|daily\b|every\b|each\b|and\b|or\b)[\p{L}\p{N}'’-]+){0,4}?)(?=\s+(?:for|until|before|after|by|twice|daily|every|each|and|or)\b|\s*[.,;:!?]|\s*$)/u;

/** The doing an answer advises with a verb in -ing ("advises measuring at home"), in its base form ("measure at home"); undefined without one. */
function advisedDoing(reply: string): string | undefined {
  const m = ADVISED_ING.exec(reply);
  if (!m) return undefined;
  // Tagged as a verb in a clause of its own ("reading" alone is a noun).
  const { words, lemmas } = englishTags(`they are ${m[1]!}`);
  const base = words.length === 3 ? lemmas[2] : undefined;
  if (!base || base === m[1] || NO_OBJECT_VERBS.has(base)) return undefined;
  return `${base}${m[2]!.replace(/\byour\b/gi, 'my')}`;
}

/** A time said before the advised action ("binnen 4 weken doorgeven", "tot 1 juli bezwaar maken"): no part of the action. */
const DUTCH_WHEN_FIRST = /^(?:binnen|tot|voor|vóór|na|vanaf|uiterlijk)\s+(?:\p{N}+\s+\p{L}+|\p{L}+\s+\p{N}+)\s+(?=\p{L})/iu;
/** The answer's advice as the user says it, without a time said first: "je inkomen wijzigen" is "mijn inkomen wijzigen". */
const advisedDutch = (advice: RegExpExecArray): string => advice[1]!.replace(DUTCH_WHEN_FIRST, '').replace(/^(?:je|jouw|uw)\s+/i, 'mijn ');

/** A Dutch question with an action beside it ("hoe doe ik dat (uitstel aanvragen)?"), its verb being split in a question; undefined without one. */
function besideQuestion(query: string, action: string | undefined): string | undefined {
  if (!action) return undefined;
  const { body, mark } = trimEnd(query.trim());
  return `${body} (${action})${mark || '?'}`;
}

/** A Dutch "dat"/"dit" that stands alone before the question's last verb or particle ("hoe vraag ik dat aan?", "waar regel ik dat?"). */
const DUTCH_THAT_ASKED = /(?<![\p{L}])(?:dat|dit)(?:\s+(?:\p{L}+en|aan|op|af|in|mee|ook))?\s*[?.!]*\s*$/iu;

/** A question about reaching someone the conversation named only as "they": their number, whether they are open, calling them. */
const ASKS_CONTACT =
  /\btheir\s+(?:(?:phone|telephone)\s+)?(?:number|phone|e-?mail(?:\s+address)?|address|website|opening\s+hours|hours)\b|\b(?:are|were)\s+they\s+(?:open|closed|available|reachable)\b|\bdo\s+they\s+(?:open|close)\b|\b(?:call|phone|ring|contact|e-?mail|reach|ask|visit|text|message|write\s+to)\s+them\b/i;
/** Verbs of reaching someone, whose object is who is reached ("ask the service desk", "contact your insurer"). */
const CONTACT_VERBS = new Set(['ask', 'contact', 'call', 'phone', 'ring', 'email', 'e-mail', 'reach', 'visit', 'text', 'message', 'write']);

/**
 * Who "they" are in a question about reaching them ("what's their number?", "are they open on
 * Saturday?", "can I call them?"): the one a text, latest first, tells the user to reach ("… or ask
 * the service desk for a manual renewal"), with its article. English only; undefined when the
 * question asks no such thing or no text names one.
 */
export function contactedAgent(query: string, texts: readonly string[]): ActedOn | undefined {
  if (!ASKS_CONTACT.test(query)) return undefined;
  for (const text of texts) {
    const r = englishTags(text);
    for (let k = 0; k + 1 < r.words.length; k++) {
      const word = r.words[k]!.toLowerCase();
      const opening = k === 0 || r.tags[k - 1] === 'PUNCT';
      if (!CONTACT_VERBS.has(r.lemmas[k]!.toLowerCase()) && !(opening && CONTACT_VERBS.has(word))) continue;
      // "but contact your landlord": a verb the tagger took for a noun, before its object's article.
      const beforeObject = k > 0 && VERB_BEFORE.has(r.tags[k - 1]!) && isDeterminer(r.words[k + 1]);
      if (r.tags[k] !== 'VERB' && !opening && !beforeObject) continue;
      let j = k + 1;
      if (r.lemmas[k]!.toLowerCase() === 'write' && r.words[j]?.toLowerCase() === 'to') j++;
      const first = r.words[j];
      const article = isDeterminer(first) ? questionArticle(first) : undefined;
      if (article) j++;
      const start = j;
      while (j < r.words.length && NP_TAGS.has(r.tags[j]!) && !CALENDAR.has(r.words[j]!.toLowerCase())) j++;
      while (j > start && r.tags[j - 1] !== 'NOUN' && r.tags[j - 1] !== 'PROPN') j--;
      if (j === start) continue;
      return { phrase: r.words.slice(start, j).join(' '), ...(article ? { article } : {}) };
    }
  }
  return undefined;
}

/** Who may act as "they": people by their role, and the organisations a person deals with. */
const ACTING_ROLES = new Set([
  ...PERSON_ROLES,
  ...'insurer bank shop store company firm business council municipality school employer provider supplier agency airline hospital clinic university college court government authority office team department'.split(' '),
]);

/**
 * Who "they" are when they act ("how much will they pay?", "when can they install?", "can I appeal
 * their decision?"): the one the latest answer opens with as the subject of a verb, by name or by a
 * role ("Interpolis approved the claim …", "Keukenkampioen quoted …", "The landlord says …"), after
 * a question that asked about one by role (`asked`). English only; undefined when "they" is acted on ("are they certified?") or the answer opens with
 * a thing ("The boiler will be replaced …").
 */
export function actingAgent(query: string, reply: string, asked: string): ActedOn | undefined {
  // Only where the user asked about one by role ("What did the insurer say …?", "What did the kitchen shop quote …?"):
  // a conversation about a band or a writer has its "they" read otherwise.
  if (!(asked.toLowerCase().match(/\p{L}+/gu) ?? []).some((w) => ACTING_ROLES.has(w))) return undefined;
  const q = englishTags(query);
  const at = q.words.findIndex((w) => /^(?:they|their)$/i.test(w));
  if (at < 0) return undefined;
  if (q.words[at]!.toLowerCase() === 'they') {
    // "will they pay", "they charge": a verb after "they", not a participle after "be" ("are they certified?").
    const next = q.tags[at + 1] === 'ADV' ? at + 2 : at + 1;
    const be = q.lemmas.slice(0, at).some((l, i) => q.tags[i] === 'AUX' && l.toLowerCase() === 'be');
    if (q.tags[next] !== 'VERB' || (be && !/ing$/i.test(q.words[next]!))) return undefined;
  }
  const r = englishTags(reply);
  let end = 0;
  let article: string | undefined;
  if (/^the$/i.test(r.words[0] ?? '')) {
    article = 'the';
    end = 1;
    while (r.tags[end] === 'NOUN' || r.tags[end] === 'ADJ') end++;
    if (end === 1 || !ACTING_ROLES.has(r.words[end - 1]!.toLowerCase())) return undefined;
  } else {
    while (r.tags[end] === 'PROPN' && /^\p{Lu}/u.test(r.words[end]!) && end < 4) end++;
    if (end === 0 || CALENDAR.has(r.words[0]!.toLowerCase())) return undefined;
  }
  // The subject of an action: "approved", "quoted", "says", "installs"; not "is", nor a passive.
  const verb = r.tags[end] === 'AUX' && r.lemmas[end]!.toLowerCase() !== 'be' && r.tags[end + 1] === 'VERB' ? end + 1 : end;
  if (r.tags[verb] !== 'VERB' || r.lemmas[verb]!.toLowerCase() === 'be') return undefined;
  return { phrase: r.words.slice(article ? 1 : 0, end).join(' '), ...(article ? { article } : {}) };
}

/**
 * The one plural thing a reply names ("It includes 48 euros of roaming charges from your trip …" →
 * roaming charges): what an object "them" stands for when nothing else agrees with it. Not an
 * amount's unit ("euros"), a moment ("days") or people; undefined for none or several.
 */
export function pluralThing(reply: string): string | undefined {
  const r = englishTags(reply);
  const found = new Set<string>();
  for (let k = 0; k < r.words.length; k++) {
    const word = r.words[k]!.toLowerCase();
    // Not a verb the tagger took for a plural noun, before its object ("the manual names Finish Machine Cleaner").
    if (r.tags[k] !== 'NOUN' || /^(?:NOUN|PROPN|DET|PRON|VERB)$/.test(r.tags[k + 1] ?? '') || /^\p{Lu}/u.test(r.words[k + 1] ?? '') || !plural(word) || r.lemmas[k]!.toLowerCase() === word) continue;
    if (MEASURE_UNITS.has(word) || CALENDAR.has(word) || PEOPLE.has(word) || r.tags[k - 1] === 'NUM') continue;
    let start = modifiersBefore(r, k, THING_MODIFIERS);
    // "roaming charges": a word in -ing the tagger took for a verb, after a preposition or a determiner.
    if (start > 1 && r.tags[start - 1] === 'VERB' && /ing$/i.test(r.words[start - 1]!) && /^(?:ADP|DET)$/.test(r.tags[start - 2]!)) start--;
    found.add(r.words.slice(start, k + 1).join(' '));
  }
  return found.size === 1 ? [...found][0] : undefined;
}
