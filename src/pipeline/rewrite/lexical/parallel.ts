import { cosine, type Embedder } from '../../models/embedder.js';
import { STOPWORDS } from '../../search/queryTerms.js';
import { detectLanguage } from './language.js';
import { isStep, POINTER } from './ordinal.js';
import { clausePredicates, englishTags } from './predicates.js';
import { CLAUSE_WORDS, isAttribute, SUBORDINATORS, verbsOf } from './resolve.js';
import { askedFor } from './questionFrame.js';
import { caseLike, DEGREE_WORDS, DETERMINERS, DUTCH_MANNER, escapeRegExp, isMoment, isRequest, MOMENT, MOMENT_PREPOSITION, MOMENT_UNIT, MONTH, PEOPLE, PERSON_ROLES, PETS, plural, PREPOSITIONS, RELATIVE_MOMENT, REQUESTS, SOURCE_LEAD, wholeMatches, wordPattern, YEAR } from './words.js';

/**
 * Parallel follow-ups: "what about bonds?" after "Are stocks risky?" asks the previous question
 * again about something else ("Are bonds risky?"), where "and the price?" asks about an attribute
 * of the old topic. This module finds the place in the previous question that the new subject
 * takes; deciding between a sibling and an attribute is left to a similarity of meaning (the
 * index's embedder), except where the wording settles it.
 */

/** A correction's opening ("no, I meant …", "nee, ik bedoelde …"), in English and in Dutch. */
// "no, the one to Hamburg", "sorry, my return flight": a "no" or "sorry" right before the thing meant is one too.
const CORRECTION_EN = String.raw`(?:(?:(?:no|nope|sorry|oh|actually)[,.!]?\s+)*I(?:\s+(?:meant|mean|was\s+asking\s+about|am\s+asking\s+about)|['’]m\s+asking\s+about)|(?:no|nope|sorry|oops)[,.!]?(?=\s+(?:the|my|a|an)\s))`;
const CORRECTION_NL = String.raw`(?:(?:(?:nee|sorry|oh)[,.!]?\s+)*ik\s+(?:bedoel|bedoelde|had\s+het\s+over)|(?:nee|sorry|oeps)[,.!]?(?=\s+(?:de|het|mijn|die|een)\s))`;
const CORRECTION = new RegExp(String.raw`^(?:${CORRECTION_EN}|${CORRECTION_NL})\s+`, 'i');
/** Openings of a follow-up that names only its new subject; a correction ("no, I meant …", "nee, ik bedoelde …") is one. */
const ABOUT_LEAD: Record<'en' | 'nl', RegExp> = {
  en: new RegExp(String.raw`^(?:and\s+)?(?:what|how)\s+about\s+|^and\s+about\s+|^what\s+of\s+|^(?:and|same)\s+for\s+|^(?:and\s+)?(?:the\s+)?same\s+(?:question|thing)\s+(?:for|about)\s+|^${CORRECTION_EN}\s+`, 'i'),
  nl: new RegExp(String.raw`^(?:en\s+)?(?:wat\s+dacht\s+je\s+van|hoe\s+zit\s+het\s+met|wat\s+met|hoe\s+met)\s+|^(?:en\s+)?(?:de\s+)?(?:dezelfde|zelfde)\s+vraag\s+(?:voor|over)\s+|^${CORRECTION_NL}\s+`, 'i'),
};
/**
 * "and in 2018?", "en in Utrecht?": a bare "and" before a preposition settles the place by wording.
 * Before a noun it is weighed by meaning ("and paracetamol?" after a question about ibuprofen is
 * that question again; "and the price?", the commonest follow-up, stays an attribute).
 */
const AND_LEAD: Record<'en' | 'nl', RegExp> = { en: /^and\s+/i, nl: /^en\s+/i };

/** Words that point back rather than name a new subject ("what about the other one?", "and both?"). */
const PRONOUN = /\b(it|its|they|them|their|this|that|these|those|he|she|him|her|his|one|ones|others|both|either|neither|else|ervan|daarvan|hem|ze|beide|andere)\b/i;

/** "the one(s)" before a preposition: the thing asked about before, in another place ("the one from Contoso", "die van CZ"). */
const THE_ONE = String.raw`(?:(?:the\s+)?ones?|die|dat|(?:de|het)\s+ene)\s+(?=(?:from|to|in|on|at|for|with|by|of|van|uit|naar|op|bij|voor|met)\s+\S)`;
const THE_ONE_BEFORE_PREPOSITION = new RegExp(`^${THE_ONE}`, 'i');
const THE_ONE_IN_FOLLOW_UP = new RegExp(String.raw`\b${THE_ONE}`, 'i');

/** The longest new subject taken for a parallel follow-up, in words. */
const MAX_SUBJECT_WORDS = 6;
/** "revoked ones", "the cheaper ones": words that say which, and "ones" for the things. */
const ONES = /^(?:the\s+)?((?:[\p{L}\p{N}-]+\s+){1,3})ones$/iu;

/**
 * The things "ones" stands for in the previous question: its last plural noun that ends a run of
 * content words ("tokens" in "What does the auth service do with expired tokens?").
 */
function onesHead(previous: string, language: string): string | undefined {
  const predicates = clausePredicates(previous, language);
  const words = tokens(previous).map((t) => (predicates.has(t.lower) ? { ...t, predicate: true } : t));
  const heads = words.filter((t, i) => isContent(t) && plural(t.lower) && !/^\p{Lu}/u.test(t.text) && !(words[i + 1] && isContent(words[i + 1]!)));
  return heads.at(-1)?.text;
}

/** A question about what a text says on a subject, up to that subject ("What does the lease say about ", "Wat zegt het contract over "). */
const SAYS_ABOUT =
  /\b(?:say|says|said|mention|mentions|mentioned|state|states|stated|write|writes|wrote|written)\s+(?:about|on)\s+|\b(?:zegt|zei|zeiden|staat|stond|schrijft|schreef|schreven|noemt|noemde|vermeldt|vermeldde)\b[^?.!]*?\bover\s+/i;

/** The longest condition ("if …") added to the previous question, in words. */
const MAX_CONDITION_WORDS = 10;
/** The longest run of the previous question's words that a new subject replaces. */
const MAX_SPAN_WORDS = 4;

interface Token {
  text: string;
  lower: string;
  start: number;
  end: number;
  /** Ends its clause as a verb or adjective (see clausePredicates). */
  predicate?: boolean;
}

const TOKEN = wordPattern({ dots: true });

function tokens(text: string): Token[] {
  return [...text.matchAll(TOKEN)].map((m) => ({ text: m[0], lower: m[0].toLowerCase(), start: m.index, end: m.index + m[0].length }));
}

/** Words that open a question without its question mark ("who does susan represent in narnia"): a clause word that is no pronoun. */
const QUESTION_OPENERS: ReadonlySet<string> = new Set([
  ...[...CLAUSE_WORDS].filter((w) => !/^(?:it|they|them|he|she|we|you|i|there|ze|zij|hij|wij|jij|ik|er)$/.test(w)),
  // Typed without the apostrophe: "whats the wifi password at the office".
  ...'whats wheres whens hows whos whys'.split(' '),
]);

/** Question words: a follow-up with one asks a question of its own ("and for how long?", "en sinds wanneer?"). */
const QUESTION_WORDS = new Set('how what when where why which who whom whose hoe wat wanneer waar waarom welke welk wie'.split(' '));

/** Prepositions of a way: "from Porto" is no "to Lisbon". */
const DIRECTIONS = new Set(['from', 'to', 'into', 'towards', 'naar', 'uit', 'vanaf']);

/** Prepositions of place, whose phrase may take the place of "there" ("at table 5", "in Utrecht", "bij de ING"). */
const PLACE_PREPOSITIONS = new Set(['at', 'in', 'on', 'near', 'bij', 'op']);
/** "there", "daar" as a place (not "is there …", "there are …": see BE). */
const THERE = new Set(['there', 'daar']);
const BE = new Set(['is', 'are', 'was', 'were', 'be', 'been', 'zijn', 'waren']);

/** Words that open a phrase of their own as a preposition does ("according to the annual report", "volgens mijn contract"). */
const PREPOSITION_LIKE = new Set('according due instead regarding concerning including excluding despite volgens dankzij ondanks inclusief exclusief betreffende'.split(' '));
const isContent = (t: Token): boolean =>
  !t.predicate && !STOPWORDS.has(t.lower) && !CLAUSE_WORDS.has(t.lower) && !DEGREE_WORDS.has(t.lower) && !REQUESTS.has(t.lower) && !PREPOSITIONS.has(t.lower) && !PREPOSITION_LIKE.has(t.lower);

/** A finite verb right after "when"/"wanneer": a question ("and when is it due?"), not a condition ("and when fully loaded?"). */
const ASKING_VERB = /^(?:is|are|was|were|do|does|did|can|could|will|would|should|shall|may|might|must|has|have|had|zijn|waren|kan|kun|kunnen|moet|moeten|mag|mogen|wordt|worden|heeft|hebben|gaat|gaan|komt|zal|zou|wil)$/;

/** The new subject of a parallel follow-up ("bonds", "in a hotel"), or undefined when the query is not one. */
export function parallelSubject(query: string, language: string, bareDutch = false): string | undefined {
  const lang = language === 'nl' ? 'nl' : 'en';
  const q = query.trim().replace(/[\s?.!]+$/u, '');
  const about = ABOUT_LEAD[lang].exec(q);
  const and = about ? null : AND_LEAD[lang].exec(q);
  const lead = about ?? and;
  // "at high altitude?", "in 2019?": a bare prepositional phrase is asked like "and at …?".
  const bare = lead ? undefined : tokens(q);
  if (bare && !(bare.length >= 2 && PREPOSITIONS.has(bare[0]!.lower) && !bare.some((t) => CLAUSE_WORDS.has(t.lower)))) return undefined;
  // "and for children?": "for" belongs to the subject, which takes the place of the previous "for …" or ends the question.
  // "and the one from Contoso?" is "and from Contoso?": the same thing, another place.
  // "and the visa itself?": the visa, said with emphasis.
  const subject = (lead ? (/\bfor\s+$/i.test(lead[0]) ? 'for ' : '') + q.slice(lead[0].length).trim() : q).replace(THE_ONE_BEFORE_PREPOSITION, '').replace(/(?<=\S)\s+(?:itself|themselves|zelf)$/i, '');
  const words = tokens(subject);
  // "and if I file late?", "en als ik uitstel aanvraag?": a condition added to the previous question.
  // Not a question of its own that opens with the same word ("and when is the next one due?").
  if (and && words.length >= 2 && words.length <= MAX_CONDITION_WORDS && SUBORDINATORS.has(words[0]!.lower) && !ASKING_VERB.test(words[1]!.lower) && !/[?.!,;:]/.test(subject)) return subject;
  // "and revoked ones?": modifiers of the things asked about before (see onesHead).
  if (lang === 'en' && lead && ONES.test(subject) && !PRONOUN.test(subject.replace(ONES, '$1'))) return subject;
  // "the KPN one" names its maker: no pronoun (see NAMED_ONE).
  const namedOne = lang === 'en' && /^(?:the\s+)?(?:\p{Lu}[\p{L}\p{N}&-]*\s+){1,3}ones?$/u.test(subject);
  if (words.length === 0 || words.length > MAX_SUBJECT_WORDS || (PRONOUN.test(subject) && !namedOne) || /[?.!,;:]/.test(subject)) return undefined;
  // "and the third?" is an item of a list by its place (see resolveOrdinal), not a new subject;
  // "and in the last round?" names a thing of its own.
  const pointer = POINTER[lang]!.exec(subject);
  if (pointer && !/\p{L}/u.test(subject.slice(pointer.index + pointer[0].length))) return undefined;
  if (CLAUSE_WORDS.has(words[0]!.lower)) return undefined;
  // "and for how long?" asks a question of its own.
  if (words.some((t) => QUESTION_WORDS.has(t.lower))) return undefined;
  // A bare "and" before a noun is weighed by meaning, which the English encoder reads only in
  // English; in Dutch only the wording may settle it (`bareDutch`: see compoundHeadShared).
  if (and && lang !== 'en' && !PREPOSITIONS.has(words[0]!.lower) && !bareDutch) return undefined;
  return subject;
}

/** A place in the previous question the new subject may take, by character offsets. */
export interface Slot {
  start: number;
  end: number;
  text: string;
  /** Settled by the wording (the same preposition, the same head noun): no similarity needed. */
  decided: boolean;
  /** One modifier of a phrase ("dc" of "dc voltage"): the text of the whole phrase. */
  modifierOf?: string;
  /** What goes in its place when not the whole subject: "for the Globex agreement" puts "the Globex agreement" for "the Acme agreement". */
  put?: string;
}

/** The empty place at the end of a question, before its mark, where an added subject stands. */
const SOURCE_AT_END = new RegExp(String.raw`\s+${SOURCE_LEAD}[^?.!,;]+[\s?.!]*$`, 'iu');

/** A follow-up that names another source ("and according to the policy?"). */
const SOURCE_OPENING = new RegExp(`^${SOURCE_LEAD}`, 'iu');

/** Words that say where, when or how often on their own ("and abroad?", "en online?"): added to a question, never a thing of its own. */
const SETTING_ADVERBS: ReadonlySet<string> = new Set(
  (
    'abroad overseas online offline outside inside indoors outdoors upstairs downstairs elsewhere nowadays today tomorrow tonight yesterday ' +
    'daily weekly monthly yearly annually remotely ' +
    'buiten binnen buitenshuis thuis elders vandaag morgen gisteren vanavond dagelijks wekelijks maandelijks jaarlijks'
  ).split(' '),
);

function endSlot(previous: string): Slot {
  // Before where the answer should come from: "How do I deploy the backend for staging according to the README?"
  const source = SOURCE_AT_END.exec(previous);
  const end = source ? source.index : previous.replace(/[\s?.!]+$/u, '').length;
  return { start: end, end, text: '', decided: true };
}

/** The same words but one, a number in both ("clause 7", "clause 9"). */
function renumbered(words: readonly string[], subject: readonly string[]): boolean {
  if (words.length !== subject.length) return false;
  const differ = words.flatMap((w, k) => (w === subject[k] ? [] : [k]));
  return differ.length === 1 && /^\p{N}+$/u.test(words[differ[0]!]!) && /^\p{N}+$/u.test(subject[differ[0]!]!);
}

/** Auxiliaries that take any subject unchanged ("do I get" → "do part-timers get"). */
const PERSONLESS_AUXILIARIES = new Set('do did can could should would will must may might'.split(' '));

/** Where the user is the subject after such an auxiliary ("do I get", "can we claim"), the index of "I" or "we". */
function userSubject(prev: readonly Token[]): number | undefined {
  const at = prev.findIndex((t, i) => (t.lower === 'i' || t.lower === 'we') && i > 0 && PERSONLESS_AUXILIARIES.has(prev[i - 1]!.lower));
  return at > 0 ? at : undefined;
}

/** A thing said with its maker's name before it: "the Rabobank offer", "the KPN one" (group 1: the name, 2: the noun). */
const NAMED_ONE = /^(?:(?:the|a|an|de|het|een)\s+)?((?:\p{Lu}[\p{L}\p{N}&-]*\s+){1,3}?)(\p{Ll}[\p{L}-]*)$/u;

/** A thing said with its maker after a preposition: "the quote from IKEA", "de offerte van Bruynzeel". */
const MAKER_OF = /^(?:the|a|an|de|het|een)\s+(\p{L}+)\s+(?:from|of|by|at|van|bij|uit)\s+\p{Lu}/u;

/**
 * The places in `previous` the subject could take: after the same preposition ("in 2019" for "in
 * 2018"), a phrase with the same head noun ("mini challenges" for "maxi challenges"), or else any
 * run of content words (with its determiner when the subject brings one), to be weighed by meaning.
 * The verb or adjective that ends the question is no place ("built" in "When was the Eiffel Tower built?").
 */
export function parallelSlots(previous: string, subject: string, language: string): Slot[] {
  const predicates = clausePredicates(previous, language);
  // The verb after "I"/"we"/"you" is no place either ("take" in "Which train should I take to Berlin?").
  const verbs = language === 'en' ? verbsOf(previous).verbs : undefined;
  // A capitalised word after another is part of a name ("Machine Learning"), whatever the tagger took it for.
  const named = (all: readonly Token[], i: number): boolean => i > 0 && /^\p{Lu}/u.test(all[i]!.text) && /^\p{Lu}/u.test(all[i - 1]!.text);
  // A Dutch adverb of how or when is no place either ("online" of "kan het online?").
  const adverb = (t: Token): boolean => language === 'nl' && DUTCH_MANNER.has(t.lower);
  const prev = tokens(previous).map((t, i, all) => ((predicates.has(t.lower) || verbs?.has(t.lower) || adverb(t)) && !named(all, i) ? { ...t, predicate: true } : t));
  const sub = tokens(subject);
  if (prev.length === 0 || sub.length === 0) return [];
  // Only a question can be asked again ("International equity." cannot, nor "I subscribed to the premium plan.").
  if (!/\?\s*$/.test(previous) && !prev.slice(0, 2).some((t) => QUESTION_OPENERS.has(t.lower)) && !prev.some((t) => REQUESTS.has(t.lower))) return [];
  const subContent = sub.filter(isContent).map((t) => t.lower);
  // "what about the other one?" names nothing to put in place; "and before that?" a time to add.
  if (subContent.length === 0 && !PREPOSITIONS.has(sub[0]!.lower)) return [];
  const slot = (from: number, to: number, decided: boolean): Slot => ({ start: prev[from]!.start, end: prev[to]!.end, text: previous.slice(prev[from]!.start, prev[to]!.end), decided });
  // The object of a preposition: its determiners, then a run of content words or numbers.
  const objectEnd = (from: number): number => {
    let i = from;
    while (i < prev.length && DETERMINERS.has(prev[i]!.lower)) i++;
    let end = -1;
    while (i < prev.length && isContent(prev[i]!)) end = i++;
    return end;
  };

  const first = sub[0]!.lower;
  // "en zwemmen?" after "mag ik nog hardlopen?", "and swimming?" after "can I still go running?":
  // one doing in place of another, said in the same form (a Dutch infinitive, an English -ing form).
  const doing = language === 'nl' ? /^\p{L}{3,}en$/u : /^\p{L}{3,}ing$/u;
  if (sub.length === 1 && doing.test(first)) {
    const doings = prev.flatMap((t, i) => (t.predicate && doing.test(t.lower) && t.lower !== first ? [i] : []));
    if (doings.length) return [slot(doings.at(-1)!, doings.at(-1)!, true)];
  }
  // "and abroad?", "en online?": where or when, added at the question's end.
  if (sub.length === 1 && SETTING_ADVERBS.has(first) && !prev.some((t) => t.lower === first)) return [endSlot(previous)];
  // A condition is added at the question's end.
  // "en als ik per 1 juli wil verhuizen?" after "… als ik per 1 juni wil verhuizen?": in place of the condition the question had.
  if (SUBORDINATORS.has(first)) {
    const had = prev.findIndex((t, k) => k > 0 && t.lower === first);
    const end = endSlot(previous);
    return had > 0 && prev[had]!.start < end.start ? [{ start: prev[had]!.start, end: end.start, text: previous.slice(prev[had]!.start, end.start), decided: true }] : [end];
  }
  // "and the quote from IKEA?" after "When does the Keukenstudio quote expire?": the same thing
  // from another maker, in place of the phrase that named it with its maker's name.
  const fromMaker = MAKER_OF.exec(subject);
  if (fromMaker) {
    const noun = fromMaker[1]!.toLowerCase();
    const at = prev.findIndex((t, i) => i > 0 && t.lower === noun && !t.predicate);
    let from = at;
    while (from > 1 && isContent(prev[from - 1]!)) from--;
    const maker = prev.slice(from, at).some((t) => /^\p{Lu}/u.test(t.text));
    if (at > 0 && maker) return [slot(from > 0 && DETERMINERS.has(prev[from - 1]!.lower) ? from - 1 : from, at, true)];
  }
  // "and the Rabobank offer?", "what about the KPN one?" after "… the ING mortgage offer …?", "… the
  // Vodafone contract …?": the same thing of another maker, in place of the one name that said which.
  const otherMaker = NAMED_ONE.exec(subject);
  const makerOf = otherMaker ? oneNameModifier(prev) : undefined;
  if (otherMaker && makerOf) {
    const noun = otherMaker[2]!.toLowerCase();
    // The words the name goes with, a predicate the tagger made of a compound's noun among them ("mortgage offer").
    const phraseEnd = prev.findIndex((t, i) => i > makerOf[1] && !isContent({ ...t, predicate: false }));
    const phrase = prev.slice(makerOf[1] + 1, phraseEnd < 0 ? prev.length : phraseEnd).map((t) => t.lower);
    if (/^(?:one|ones)$/.test(noun) || phrase.includes(noun)) return [{ ...slot(makerOf[0], makerOf[1], true), put: otherMaker[1]!.trim() }];
  }
  // "and part-timers?" after "How many vacation days do I get?": other people in the user's place.
  const people = language === 'en' && !PREPOSITIONS.has(first) && subContent.length > 0 && PEOPLE.has(subContent.at(-1)!) ? userSubject(prev) : undefined;
  if (people) return [slot(people, people, true)];
  // "and for lists?" after "What does the style guide say about headings?": what it says about lists.
  const saidOf = ABOUT_FOR.has(first) && !prev.some((t) => t.lower === first) ? saysAboutSlot(previous, prev) : undefined;
  if (saidOf && sub.length > 1) return [{ ...saidOf, put: subject.slice(sub[1]!.start) }];
  // "en groep 8?" after "Wat schrijft de school over de schoolreis van groep 7?", "and PR 415?" after "did Sanne approve PR 412?":
  // the same words with another number, wherever they stand (a name so renumbered before another name is looked for).
  const span = subContent.length;
  const renumber = span > 1 ? prev.findIndex((_, i) => i + span <= prev.length && renumbered(prev.slice(i, i + span).map((t) => t.lower), subContent)) : -1;
  const renumberedSlot = (): Slot => {
    let from = renumber;
    if (DETERMINERS.has(first)) while (from > 0 && DETERMINERS.has(prev[from - 1]!.lower)) from--;
    return slot(from, renumber + span - 1, true);
  };
  if (renumber >= 0 && !PREPOSITIONS.has(first) && isNamed(sub)) return [renumberedSlot()];
  // "I meant Porto", "and Porto?" after "When does my flight to Lisbon leave?": a name in place of
  // the one name the question gave after a preposition, which keeps it ("to Porto").
  if (!PREPOSITIONS.has(first) && isNamed(sub)) {
    const places = prev.flatMap((t, i) => (PREPOSITIONS.has(t.lower) ? [[i, objectEnd(i + 1)] as const] : [])).filter(([i, end]) => end > i && isNamed(prev.slice(i + 1, end + 1)));
    // Only where the question names nothing else ("Wanneer moet de Polo naar de APK?" names the Polo too).
    const capitalised = (t: Token, i: number): boolean => i > 0 && /^\p{Lu}/u.test(t.text);
    const named = prev.filter(capitalised).length;
    const place = places[0];
    if (places.length === 1 && named === prev.slice(place![0] + 1, place![1] + 1).filter((t, k) => capitalised(t, place![0] + 1 + k)).length) return [slot(place![0] + 1, place![1], true)];
    // "en de Fiesta?" after "Wanneer moet de Polo naar de APK?": in place of the one name the
    // question gave as a thing of its own, with its article when the subject has one.
    const inPlace = (i: number): boolean => places.some(([p, end]) => i > p && i <= end);
    const runs: [number, number][] = [];
    for (let i = 0; i < prev.length; i++) {
      if (!capitalised(prev[i]!, i) || inPlace(i) || !isContent(prev[i]!)) continue;
      let end = i;
      while (end + 1 < prev.length && capitalised(prev[end + 1]!, end + 1) && !inPlace(end + 1)) end++;
      const withArticle = DETERMINERS.has(first) && i > 0 && DETERMINERS.has(prev[i - 1]!.lower) ? i - 1 : i;
      // Not a name that says which of a thing it is ("my Bosch dishwasher": see below).
      const next = prev[end + 1];
      // "the Acme CEO", "the Python SDK": the acronym names the thing, the name before it which one ("the Globex CEO").
      if (end > i && ACRONYM.test(prev[end]!.text) && !ACRONYM.test(prev[i]!.text)) runs.push([i, end - 1]);
      else if (!next || !isContent(next) || next.predicate) runs.push([withArticle, end]);
      i = end;
    }
    if (runs.length === 1 && places.length <= 1) return [slot(runs[0]![0], runs[0]![1], true)];
    // "and ABN AMRO?" after "What interest rate does the ING mortgage offer have?": in place of the
    // one name that says which of a thing it is, when the question names nothing else.
    const modifier = runs.length === 0 && places.length === 0 ? oneNameModifier(prev) : undefined;
    if (modifier) return [{ ...slot(modifier[0], modifier[1], true), put: namedWords(subject, sub) }];
  }
  if (PREPOSITIONS.has(first)) {
    const found: [number, number][] = [];
    prev.forEach((t, i) => {
      if (t.lower !== first) return;
      const end = objectEnd(i + 1);
      if (end > i) found.push([i, end]);
    });
    const object = sub.slice(1);
    // "en voor Vietnam?" after "… voor de reis naar Thailand …?": a name takes the place of the one
    // name the question gave after a preposition, which keeps its preposition ("naar Vietnam"; "en
    // bij de ING?" after "… van de Rabobank?": "van de ING"), unless both say opposite ways ("from
    // Porto" for "to Lisbon"). Before the same preposition with no name after it.
    const sameNamed = found.length > 0 && isNamed(prev.slice(found.at(-1)![0] + 1, found.at(-1)![1] + 1));
    if (isNamed(object) && !sameNamed) {
      const places = prev.flatMap((t, i) => (PREPOSITIONS.has(t.lower) ? [[i, objectEnd(i + 1)] as const] : [])).filter(([i, end]) => end > i && isNamed(prev.slice(i + 1, end + 1)));
      if (places.length === 1) {
        const [i, end] = places[0]!;
        const opposite = DIRECTIONS.has(first) && DIRECTIONS.has(prev[i]!.lower) && first !== prev[i]!.lower;
        return [opposite ? slot(i, end, true) : { ...slot(i + 1, end, true), put: subject.slice(object[0]!.start) }];
      }
    }
    // "and the one from Rabobank?" after "… the ING mortgage offer …?": the maker in place of the one
    // name that says which of a thing it is, when the question names no other.
    if (MAKER_PREPOSITIONS.has(first) && found.length === 0 && isNamed(object)) {
      const modifier = oneNameModifier(prev);
      const named = prev.filter((t, i) => i > 0 && /^\p{Lu}/u.test(t.text)).length;
      if (modifier && named === modifier[1] - modifier[0] + 1) return [{ ...slot(modifier[0], modifier[1], true), put: namedWords(subject, object) }];
    }
    // The last such phrase: a follow-up most often varies how the question ended.
    if (found.length) return [slot(...found.at(-1)!, true)];
    // "and at table 5?" after "Does anyone there have dietary requirements?": the place "there" stood for.
    const there = PLACE_PREPOSITIONS.has(first) ? prev.findIndex((t, k) => THERE.has(t.lower) && !BE.has(prev[k - 1]?.lower ?? '') && !BE.has(prev[k + 1]?.lower ?? '')) : -1;
    if (there >= 0) return [slot(there, there, true)];
    // "and for the Globex agreement?" after "… in the Acme supplier agreement?": no "for" to vary,
    // but a phrase with the same head noun, which the object takes the place of.
    const objectHead = object.filter(isContent).at(-1)?.lower;
    for (let j = prev.length - 1; objectHead && j >= 0; j--) {
      // Or, in Dutch, a compound of the same head ("voor mijn energiecontract" after "… van mijn huurcontract").
      const sameHead = prev[j]!.lower === objectHead || (language === 'nl' && compoundHeadShared(prev[j]!.lower, objectHead));
      if (!sameHead || !isContent(prev[j]!)) continue;
      // The whole phrase the head ends, with its determiners when the object has one.
      let i = j;
      while (i > 0 && isContent(prev[i - 1]!)) i--;
      if (DETERMINERS.has(object[0]!.lower)) while (i > 0 && DETERMINERS.has(prev[i - 1]!.lower)) i--;
      return [{ ...slot(i, j, true), put: subject.slice(object[0]!.start) }];
    }
    // With none, the subject adds to the question's end ("… per year?" + "with a part-time contract").
    return [endSlot(previous)];
  }

  // "and the outage in September?" after "What caused the outage on 14 October …?": the same thing,
  // told apart by another phrase, in the place of that thing and its phrase.
  const told = sub.findIndex((t, k) => k > 0 && PREPOSITIONS.has(t.lower));
  const toldHead = told > 0 ? sub.slice(0, told).filter(isContent).at(-1)?.lower : undefined;
  const same = toldHead ? prev.findIndex((t, k) => t.lower === toldHead && isContent(t) && PREPOSITIONS.has(prev[k + 1]?.lower ?? '')) : -1;
  const sameEnd = same >= 0 ? objectEnd(same + 2) : -1;
  if (sameEnd > same + 1) {
    let from = same;
    while (from > 0 && isContent(prev[from - 1]!)) from--;
    if (DETERMINERS.has(first)) while (from > 0 && DETERMINERS.has(prev[from - 1]!.lower)) from--;
    return [slot(from, sameEnd, true)];
  }
  if (renumber >= 0) return [renumberedSlot()];
  // "and according to the policy?" after "… according to the handbook?": another source in place of the one named.
  const sourceNamed = SOURCE_OPENING.test(subject) ? SOURCE_AT_END.exec(previous) : null;
  if (sourceNamed) {
    const start = sourceNamed.index + sourceNamed[0].length - sourceNamed[0].trimStart().length;
    const end = start + sourceNamed[0].trim().replace(/[\s?.!]+$/u, '').length;
    return [{ start, end, text: previous.slice(start, end), decided: true }];
  }
  // "What does the lease say about pets?" — "and subletting?": what a text says about one subject, asked of another.
  const about = saysAboutSlot(previous, prev);
  if (about) return [about];
  const subHasDeterminer = DETERMINERS.has(first);
  const head = subContent.at(-1);
  // "en de inboedelverzekering?" after "Wat kost de reisverzekering per maand?": a compound of the same head.
  const sibling = language === 'nl' && subContent.length === 1 ? prev.map((t) => isContent(t) && compoundHeadShared(t.lower, head!)).lastIndexOf(true) : -1;
  if (sibling >= 0) {
    let from = sibling;
    if (subHasDeterminer) while (from > 0 && DETERMINERS.has(prev[from - 1]!.lower)) from--;
    return [slot(from, sibling, true)];
  }
  // "en boomschors?" after "Wat kost houtmulch per kuub?": a bare Dutch noun takes the place of the question's one bare noun.
  const bare = language === 'nl' && sub.length === 1 && /^\p{Ll}/u.test(sub[0]!.text) ? bareNouns(prev) : [];
  if (bare.length === 1) return [slot(bare[0]!, bare[0]!, true)];
  // "and the deposit?" after "What is the notice period of my lease?": another attribute of the same
  // thing; "and the Louvre?" after "Where is the entrance of the museum?", the same attribute of
  // what a name names. Not a thing said with its own owner ("the region's topography").
  const asked = !/['’]s\b/u.test(subject) ? attributeAsked(prev) : undefined;
  const content = sub.filter(isContent);
  const name = isNamed(sub);
  if (asked && subHasDeterminer && content.every((t) => /^\p{Ll}/u.test(t.text))) {
    let from = asked.attribute[0];
    while (from > 0 && DETERMINERS.has(prev[from - 1]!.lower)) from--;
    return [slot(from, asked.attribute[1], true)];
  }
  if (asked && name && asked.owner) return [slot(asked.owner[0], asked.owner[1], true)];
  // "and the Miele?" after "What does the warranty of my Bosch dishwasher cover?": a name in place of
  // the one name that says which of a thing it is ("my Miele dishwasher").
  if (name && content.length === 1) {
    const which = prev.flatMap((t, k) => (k > 0 && isContent(t) && /^\p{Lu}/u.test(t.text) && prev[k + 1] && isContent(prev[k + 1]!) && /^\p{Ll}/u.test(prev[k + 1]!.text) ? [k] : []));
    if (which.length === 1) return [{ ...slot(which[0]!, which[0]!, true), put: content[0]!.text }];
  }
  let degreeRead: boolean | undefined;
  const degree = (): boolean => (degreeRead ??= language === 'en' ? englishComparative(subContent[0]!) : /(?:er|ste)$/.test(subContent[0]!));
  const runs: [number, number][] = [];
  for (let i = 0; i < prev.length; ) {
    if (!isContent(prev[i]!)) {
      i++;
      continue;
    }
    let j = i;
    while (j + 1 < prev.length && isContent(prev[j + 1]!)) j++;
    runs.push([i, j]);
    i = j + 1;
  }
  const out: Slot[] = [];
  const source = SOURCE_AT_END.exec(previous)?.index ?? Infinity;
  for (const [i, j] of runs) {
    // A name ("the Eiffel Tower") is taken whole.
    const name = j > i && prev.slice(i, j + 1).every((t) => /^\p{Lu}/u.test(t.text) && t.start > 0);
    for (let a = i; a <= j; a++) {
      for (let b = a; b <= Math.min(j, a + MAX_SPAN_WORDS - 1); b++) {
        // A one-word subject may swap a modifier of a phrase ("ac" for the "dc" of "dc voltage");
        // in place of its head it takes the whole phrase ("malaria" for "sickle cell disease").
        // A longer subject takes a whole phrase ("balance transfer" for "debt consolidation").
        // A phrase ending in the subject's head noun may also be part of a longer one.
        const whole = a === i && b === j;
        // A modifier in -ing says what the thing is for, and only another such word takes its place:
        // "hiking" for the "running" of "running shoes", not "dryer" for the "washing" of "washing machine".
        const purpose = a < j && GERUND.test(prev[a]!.lower) && !GERUND.test(subContent[0] ?? '');
        // A subject with an article names a whole thing, never a modifier inside another ("the Mitsubishi the winter pump"),
        // unless it is a degree of a quality ("the worst" for the "best" of "best battery life").
        const oneWordSwap = subContent.length === 1 && a === b && (a < j || a === i) && !name && !purpose && (whole || !subHasDeterminer || degree());
        // Of a phrase's head, not a modifier inside it ("car" of "car accident" is no "rental car").
        const sameHead = subContent.length > 1 && prev[b]!.lower === head && b === j;
        const words = prev.slice(a, b + 1).map((t) => t.lower);
        const renumbers = renumbered(words, subContent);
        if (!whole && !oneWordSwap && !sameHead && !renumbers) continue;
        // The same head noun with other or more modifiers ("the mini challenges" → "the maxi
        // challenges", "the tubes" → "tracheostomy tubes").
        // Or the same words with another number ("clause 7" → "clause 9", "iPhone 14" → "iPhone 15").
        const decided = (subContent.length > 1 && words.at(-1) === head && words.length <= subContent.length && words.join(' ') !== subContent.join(' ')) || renumbers;
        // Otherwise a phrase sharing a word with the subject is being narrowed ("goals" → "goals total"), not swapped.
        if (!decided && words.some((w) => subContent.includes(w))) continue;
        // Where the answer should come from ("according to my insurance claim") is no subject's place unless the wording says so.
        if (!decided && prev[a]!.start >= source) continue;
        let from = a;
        if (subHasDeterminer) while (from > 0 && DETERMINERS.has(prev[from - 1]!.lower)) from--;
        out.push(!whole && oneWordSwap ? { ...slot(from, b, decided), modifierOf: previous.slice(prev[i]!.start, prev[j]!.end) } : slot(from, b, decided));
      }
    }
  }
  // Of the settled places, the last, taken whole ("the mini challenges", not "challenges").
  const decided = out.filter((s) => s.decided).sort((x, y) => y.end - x.end || x.start - y.start);
  return decided.length ? decided.slice(0, 1) : out;
}

/** Whether words name something: some content word, each capitalised or a number, one a capitalised word ("de ING", "Python 3"). */
function isNamed(words: readonly Token[]): boolean {
  const content = words.filter(isContent);
  return content.some((t) => /^\p{Lu}/u.test(t.text)) && content.every((t) => /^[\p{Lu}\p{N}]/u.test(t.text));
}

/** Prepositions that say who makes or offers a thing ("the one from Rabobank", "die van CZ"). */
const MAKER_PREPOSITIONS = new Set(['from', 'by', 'van', 'bij', 'uit']);

/** An acronym that names a kind of thing after a name ("SDK" of "the Python SDK", "CEO" of "the Acme CEO"). */
const ACRONYM = /^\p{Lu}{2,5}s?$/u;

/**
 * The one run of capitalised words in a question (its first word aside) that says which of a thing
 * it is, before a content word ("ING" of "the ING mortgage offer", "Vodafone" of "the Vodafone
 * contract") or an acronym that names the thing ("Python" of "the Python SDK"; not "ABN" of "ABN
 * AMRO"), as [first, last] token indices; undefined with none, or with a name of its own.
 */
function oneNameModifier(prev: readonly Token[]): [number, number] | undefined {
  const found: [number, number][] = [];
  for (let i = 1; i < prev.length; i++) {
    if (!/^\p{Lu}/u.test(prev[i]!.text) || !isContent(prev[i]!)) continue;
    let end = i;
    while (end + 1 < prev.length && /^\p{Lu}/u.test(prev[end + 1]!.text) && isContent(prev[end + 1]!)) end++;
    const next = prev[end + 1];
    if (end > i && ACRONYM.test(prev[end]!.text) && !ACRONYM.test(prev[i]!.text)) found.push([i, end - 1]);
    else if (next && isContent(next) && !next.predicate && /^\p{Ll}/u.test(next.text)) found.push([i, end]);
    else return undefined;
    i = end;
  }
  return found.length === 1 ? found[0] : undefined;
}

/** The name a follow-up says, without its determiner ("the Miele" → "Miele"). */
function namedWords(subject: string, words: readonly Token[]): string {
  const from = words.findIndex((t) => !DETERMINERS.has(t.lower));
  return from < 0 ? subject : subject.slice(words[from]!.start, words.at(-1)!.end);
}

/** "What is", "When is", "Hoeveel was", …: the opening of a question about what (or when, where) something is or was. */
const ASKS_WHAT_IS = /^(?:what|which|when|where|wat|welke|wanneer|waar|hoeveel|how\s+(?:much|many|long|big|high|large))\s+(?:is|are|was|were|zijn|waren)$/;
/** Prepositions that join an attribute to what it is of ("the price of", "de borg van"). */
const ATTRIBUTE_OF = new Set(['of', 'for', 'van', 'voor']);

/**
 * The attribute a "what is the A of B?" question asks and what it is of (each's first and last
 * word's places in `prev`): "notice period" and "my lease" in "What is the notice period of my
 * lease?", "opzegtermijn" in "Wat is de opzegtermijn van mijn huurcontract?". A lower-case noun
 * asked after it is another attribute of B; a name, another B.
 */
function attributeAsked(prev: readonly Token[]): { attribute: [number, number]; owner?: [number, number] } | undefined {
  const opening = prev[0]?.lower === 'how' ? 3 : 2;
  if (!ASKS_WHAT_IS.test(prev.slice(0, opening).map((t) => t.lower).join(' '))) return undefined;
  let i = opening;
  while (i < prev.length && DETERMINERS.has(prev[i]!.lower)) i++;
  const from = i;
  while (i < prev.length && isContent(prev[i]!) && /^\p{Ll}/u.test(prev[i]!.text)) i++;
  if (!(i > from && i < prev.length && ATTRIBUTE_OF.has(prev[i]!.lower))) return undefined;
  // What it is of: its determiners and words, up to the question's end or its next preposition.
  const ownerFrom = i + 1;
  let j = ownerFrom;
  while (j < prev.length && DETERMINERS.has(prev[j]!.lower)) j++;
  const words = j;
  while (j < prev.length && isContent(prev[j]!)) j++;
  return { attribute: [from, i - 1], ...(j > words ? { owner: [ownerFrom, j - 1] as [number, number] } : {}) };
}

/** A word in -ing (a gerund or participle): "washing", "running". */
const GERUND = /^\p{L}{3,}ing$/u;

/** Prepositions a follow-up may ask what a text says "for" ("and for lists?", "en voor huurders?"). */
const ABOUT_FOR = new Set(['for', 'on', 'voor', 'bij']);

/** The subject of a question about what a text says ("What does the lease say about pets?": "pets"), decided by its wording. */
function saysAboutSlot(previous: string, prev: readonly Token[]): Slot | undefined {
  const about = SAYS_ABOUT.exec(previous);
  if (!about) return undefined;
  const start = about.index + about[0].length;
  // The subject runs to the question's end or a preposition ("about revenue in 2023": "revenue").
  const after = prev.filter((t) => t.start >= start);
  const stop = after.findIndex((t, k) => k > 0 && PREPOSITIONS.has(t.lower));
  const end = stop > 0 ? after[stop - 1]!.end : endSlot(previous).end;
  return end > start ? { start, end, text: previous.slice(start, end), decided: true } : undefined;
}

/**
 * What a question about what a text says asks about ("What does the lease say about the deposit?":
 * "the deposit"), and the text it asks ("What does the lease"), or undefined for another question.
 */
export function saidAbout(question: string): { text: string; topic: string } | undefined {
  const slot = saysAboutSlot(question, tokens(question));
  return slot && { text: question.slice(0, slot.start), topic: slot.text };
}

/** Lower-case content words standing alone, with no article or other content word beside them ("houtmulch" of "Wat kost houtmulch per kuub?", "plastic" of "… voor plastic?"). */
function bareNouns(prev: readonly Token[]): number[] {
  // After a preposition too ("voor plastic"), not after "per", which a unit follows ("per kuub").
  const alone = (k: number): boolean => k < 0 || k >= prev.length || (!isContent(prev[k]!) && !DETERMINERS.has(prev[k]!.lower) && prev[k]!.lower !== 'per');
  return prev.flatMap((t, k) => (isContent(t) && /^\p{Ll}/u.test(t.text) && alone(k - 1) && (k + 1 >= prev.length || !isContent(prev[k + 1]!)) ? [k] : []));
}

/** The shortest head two Dutch compounds share, and the shortest part before it, in letters. */
const COMPOUND_HEAD = 6;
const COMPOUND_MODIFIER = 3;

/**
 * Two different compounds of one head ("reisverzekering", "inboedelverzekering"; "huurcontract",
 * "arbeidscontract"): siblings by their wording. A shared ending alone ("vergadering",
 * "verzekering") is too short to count.
 */
export function compoundHeadShared(a: string, b: string): boolean {
  let n = 0;
  while (n < a.length && n < b.length && a[a.length - 1 - n] === b[b.length - 1 - n]) n++;
  // A head one letter shorter counts when it opens with a consonant, as a word does ("dagen" of
  // "vakantiedagen", "feestdagen"), not with a vowel, as a suffix does ("ering", "ingen").
  const head = n >= COMPOUND_HEAD || (n === COMPOUND_HEAD - 1 && /^[^aeiouy]/i.test(a.slice(a.length - n)));
  return head && a.length - n >= COMPOUND_MODIFIER && b.length - n >= COMPOUND_MODIFIER;
}

/** Taken off the similarity of a slot whose head differs in number from the subject's ("side effects" for "ibuprofen"). */
const NUMBER_PENALTY = 0.1;
/** Taken off per word of difference in length. */
const LENGTH_PENALTY = 0.05;

/** How far a slot of this form differs from the subject's (number, length), taken off its similarity. */
function formPenalty(subject: string, slot: string): number {
  const sub = tokens(subject).filter(isContent);
  const words = tokens(slot).filter(isContent);
  if (sub.length === 0 || words.length === 0) return 1;
  const a = sub.at(-1)!;
  const b = words.at(-1)!;
  const named = /^\p{Lu}/u.test(a.text) || /^\p{Lu}/u.test(b.text) || /\p{N}/u.test(a.text + b.text);
  const number = !named && plural(a.lower) !== plural(b.lower) ? NUMBER_PENALTY : 0;
  return number + LENGTH_PENALTY * Math.abs(sub.length - words.length);
}

/**
 * Siblings ("bonds"/"stocks", "a hotel"/"an apartment", "2018"/"2019") lie at 0.55–0.8 under the
 * product's small sentence encoder; an attribute and its owner ("price"/"MacBook Pro") at 0.2–0.45.
 */
export const SIBLING_SIMILARITY = 0.5;

/**
 * The slot the subject takes, given each slot's similarity of meaning to it (same order); none
 * when no slot is a sibling of the subject.
 */
export function chooseSlot(subject: string, slots: readonly Slot[], similarities?: readonly number[]): Slot | undefined {
  const decided = slots.find((s) => s.decided);
  if (decided) return decided;
  if (!similarities) return undefined;
  let best: Slot | undefined;
  let bestScore = SIBLING_SIMILARITY;
  const similarityOf = new Map(slots.map((s, i) => [s.text.toLowerCase(), similarities[i]!]));
  slots.forEach((s, i) => {
    // A modifier is swapped only when it is nearer the subject than its whole phrase is:
    // "ac" for "dc" (0.60 vs "dc voltage" 0.58), not "malaria" for "sickle" (0.50 vs "sickle cell disease" 0.57).
    if (s.modifierOf && similarities[i]! < (similarityOf.get(s.modifierOf.toLowerCase()) ?? -1)) return;
    const score = similarities[i]! - formPenalty(subject, s.text);
    if (score >= bestScore) [best, bestScore] = [s, score];
  });
  return best;
}

/** A determiner and one lower-case noun: "the fern", "my badge", "de fiets". */
const NOUN_DETERMINER = '(?:the|my|your|our|his|her|their|a|an|de|het|een|mijn|je|jouw|uw|onze|ons|zijn|haar|hun)';
const DETERMINED_NOUN = new RegExp(String.raw`^${NOUN_DETERMINER}\s+(\p{Ll}[\p{L}-]*)$`, 'u');
/** The same, with at most one lower-case word before the noun: "het oud papier", "my big monstera". */
const DETERMINED_MODIFIED_NOUN = new RegExp(String.raw`^${NOUN_DETERMINER}\s+(?:\p{Ll}[\p{L}-]*\s+)?(\p{Ll}[\p{L}-]*)$`, 'u');

/**
 * "and the fern?" after "How often should I water my monstera?", "and the badge?" after "When do I
 * get my laptop?": a thing said with its determiner takes the place of the one thing the previous
 * question named so, whatever the encoder makes of the pair (it puts "the fern" as near "my
 * monstera" as "the price" is). Not a thing's attribute ("and the price?" asks it of the monstera),
 * nor one of another number ("and the leaves?").
 */
function loneSibling(subject: string, slots: readonly Slot[]): Slot | undefined {
  // A name ("in de Rivierenwijk") is no sibling of a thing said in lower case.
  const things = slots.filter((s) => !/\p{Lu}/u.test(s.text));
  const only = things.length === 1 && !things[0]!.decided && !things[0]!.modifierOf ? things[0]! : undefined;
  const said = DETERMINED_NOUN.exec(subject.trim());
  const was = only && DETERMINED_MODIFIED_NOUN.exec(only.text.trim());
  if (!said || !was || isAttribute(said[1]!) || isAttribute(was[1]!) || plural(said[1]!) !== plural(was[1]!)) return undefined;
  return only;
}

/**
 * The previous question asked again about the subject: "Are stocks risky?" with "bonds" in place
 * of "stocks". Undefined when nothing of the question would be left ("Deductions" → "FICA").
 */
/** Words after which a noun takes no article: "how many", "which", "what", "per", "hoeveel", "welke". */
const QUANTIFIER_BEFORE = /(?:^|\s)(?:many|much|which|what|per|hoeveel|welke|welk)\s+$/i;

export function substitute(previous: string, slot: Slot, said: string): string | undefined {
  const put = slot.put ?? said;
  // "what about equipment?" after "is there an allowance for it?": "is there equipment …", not "an equipment".
  const before = previous.slice(0, slot.start).replace(/(?<![\p{L}])(?:an?|een)\s+$/iu, (article) => (DETERMINERS.has(put.split(/\s+/)[0]!.toLowerCase()) || slot.start === slot.end || slot.modifierOf ? article : ''));
  // "Hoeveel vakantiedagen …?" — "en de feestdagen?": "Hoeveel feestdagen …", no article after a word that asks how many or which.
  const subject = QUANTIFIER_BEFORE.test(before) ? put.replace(/^(?:the|a|an|de|het|een)\s+/i, '') : put;
  const after = previous.slice(slot.end);
  const rest = `${before} ${after}`.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  if (!rest.some((w) => !STOPWORDS.has(w) || CLAUSE_WORDS.has(w))) return undefined;
  // At the start of the question the subject takes its capital ("Stocks are…" → "Bonds are…").
  const placed = slot.start === slot.end ? ` ${subject}` : slot.start === 0 ? caseLike(previous, subject) : subject;
  const text = (agreeingArticle(before, placed) + placed + after).trim();
  // A subject put across a topic the rewrite bracketed ("is dat toegestaan (huur)?") breaks the brackets: no reading.
  if ((text.match(/\(/g) ?? []).length !== (text.match(/\)/g) ?? []).length) return undefined;
  // A request ("Summarise the Q3 report") stays one: no question mark.
  return /[?.!]$/.test(text) || isRequest(previous) ? text : `${text}?`;
}

/** `before` with an English "a" or "an" at its end that fits the word after it ("an cherry pie" → "a cherry pie"); before an "h" or "u" as written. */
function agreeingArticle(before: string, next: string): string {
  return before.replace(/(?<![\p{L}])(an?)(\s+)$/iu, (whole, article: string, space: string) => {
    const first = /\p{L}/u.exec(next)?.[0]?.toLowerCase();
    if (!first || /[hu]/.test(first)) return whole;
    return caseLike(article, /[aeio]/.test(first) ? 'an' : 'a') + space;
  });
}

/** The most words a topic said alone has ("credits?", "response times", "eigen risico?"). */
const MAX_TOPIC_WORDS = 3;

/**
 * A question that is only a noun phrase ("credits?", "the exclusions", "eigen risico?"): its words,
 * no clause, pronoun, question word, request or number among them; undefined for any other.
 */
function bareTopic(query: string, lang: 'en' | 'nl'): string | undefined {
  const text = query.trim().replace(/[\s?.!]+$/u, '');
  const words = tokens(text);
  if (words.length === 0 || words.length > MAX_TOPIC_WORDS || /[,;:()]/.test(text) || PRONOUN.test(text) || POINTER[lang]!.test(text)) return undefined;
  const content = words.filter((t, i) => !(i === 0 && DETERMINERS.has(t.lower)));
  return content.length > 0 && content.every((t) => isContent(t) && !/^\p{N}+$/u.test(t.text) && !SETTING_ADVERBS.has(t.lower) && !ACKNOWLEDGEMENTS.has(t.lower) && !REQUEST_NOUNS.has(t.lower)) ? text : undefined;
}
/** Words that answer the assistant rather than ask anything ("thanks", "great", "prima"). */
const ACKNOWLEDGEMENTS: ReadonlySet<string> = new Set(
  (
    'thanks thank thx ty ok okay great cool nice perfect sure yes yeah yep no nope fine good awesome excellent wow interesting right correct understood hello hi hey bye cheers ' +
    'bedankt dank dankje dankjewel oké prima top mooi ja nee goed super fijn helder duidelijk klopt hoi hallo doei'
  ).split(' '),
);
/** Nouns that ask for a kind of answer, not about a topic ("summary", "more details"). */
const REQUEST_NOUNS: ReadonlySet<string> = new Set('summary overview tldr details detail more samenvatting overzicht'.split(' '));
/** Words that may stand beside an acknowledgement ("thank you very much", "that helps", "dank je wel"). */
const ACKNOWLEDGING = new Set('you very much so that this it is was helps helped helpful makes sense a lot for the all bedankt je wel u heel erg veel dat dit helpt'.split(' '));

/**
 * A message that only acknowledges the latest answer ("thanks", "great, thanks!", "ok", "perfect",
 * "dank je wel"): nothing to search for. Not a question ("is that right?", "ok?").
 */
export function acknowledgesOnly(message: string): boolean {
  const text = message.trim();
  if (!text || /\?\s*$/.test(text)) return false;
  const words = text.toLowerCase().match(/[\p{L}'’]+/gu) ?? [];
  return words.length > 0 && words.length <= 6 && ACKNOWLEDGEMENTS.has(words[0]!) && words.every((w) => ACKNOWLEDGEMENTS.has(w) || ACKNOWLEDGING.has(w));
}

/** A parallel follow-up read as the previous question about its new subject. */
export interface ParallelReading {
  /** The previous question with the new subject in place ("Are bonds risky?"). */
  resolved: string;
  /** The words the new subject took the place of ("stocks"): not to be searched. */
  replaced: string;
  /** Where the new subject stands in `resolved`. */
  at: { start: number; end: number };
}

/** A superlative of price or weight: it says which thing, never which of a thing's qualities ("the cheapest battery life"). */
const PRICE_SUPERLATIVE = /^(?:(the|de|het)\s+)?(cheapest|priciest|most\s+expensive|least\s+expensive|lightest|heaviest|goedkoopste|duurste|lichtste|zwaarste)(?:\s+(?:one|ene))?$/i;
/** "Which one has the best battery life?", "Welke laptop heeft het beste scherm?": a which-question about a quality. */
const WHICH_HAS = /^\s*((?:which|welke|welk)\b(?:\s+\p{L}+)?)\s+(?:has|have|had|offers|gets|heeft|hebben|had|biedt)\s+(?:the|de|het)\s+[^?]+(\??)\s*$/iu;

/**
 * "and the cheapest?" after "Which one has the best battery life?": which thing is the
 * cheapest ("Which one is the cheapest?"), not the cheapest battery life.
 */
function pricedChoice(subject: string, previous: string): ParallelReading | undefined {
  const price = PRICE_SUPERLATIVE.exec(subject.trim());
  const which = price && WHICH_HAS.exec(previous);
  if (!price || !which) return undefined;
  const dutch = /^welke?\b/i.test(which[1]!);
  const put = `${price[1] ?? (dutch ? 'de' : 'the')} ${price[2]}`;
  const lead = `${which[1]} is `;
  return { resolved: `${lead}${put}${which[2] || '?'}`, replaced: previous.slice(which[1]!.length).replace(/[?\s]+$/, '').trim(), at: { start: lead.length, end: lead.length + put.length } };
}

/** A superlative said alone: "the oldest", "the most reliable one", "de oudste", "het goedkoopste". */
const SUPERLATIVE: Record<'en' | 'nl', RegExp> = {
  en: /^(?:the\s+)?((?:most|least)\s+\p{L}+|\p{L}{2,}est)(?:\s+ones?)?$/iu,
  nl: /^(?:de|het)\s+((?:meest|minst)\s+\p{L}+|\p{L}{2,}ste)(?:\s+ene)?$/iu,
};
/** Words in -est or -ste that are no superlative. */
const NOT_SUPERLATIVE = /^(?:interest|request|forest|harvest|contest|protest|digest|manifest|arrest|conquest|inquest|suggest|honest|modest|earnest|piste|kaste|lijste|twintigste|honderdste)$/i;
/** A which-question about things of a plural noun: "Which invoices are unpaid?", "Welke facturen zijn nog niet betaald?". */
const WHICH_PLURAL: Record<'en' | 'nl', RegExp> = {
  en: /^\s*which\s+(\p{Ll}+[^s\s]s)\s+(?:are|were|do|did|have|can|should|will)\b/iu,
  nl: /^\s*welke\s+(\p{Ll}+(?:en|s))\s+(?:zijn|waren|heb|hebben|moet|moeten|kan|kunnen|staan|liggen)\b/iu,
};

/**
 * "and the oldest?" after "Which invoices are unpaid?", "en de oudste?" after "Welke facturen
 * zijn nog niet betaald?": which of those things it is ("Welke van de facturen is de oudste?").
 */
function superlativeChoice(subject: string, previous: string, lang: 'en' | 'nl'): ParallelReading | undefined {
  const most = SUPERLATIVE[lang].exec(subject.trim());
  // An order ("de eerste", "de laatste": see resolveOrdinal) or a noun in -est ("the interest") is no superlative.
  if (!most || ORDER_ALONE.test(most[1]!) || NOT_SUPERLATIVE.test(most[1]!)) return undefined;
  // "Which laptops under 1,000 euros does the review recommend?": what the which-question asked for, read as askedFor reads it.
  const asked = lang === 'en' && /^\s*which\b/i.test(previous) ? askedFor(previous, 'en') : undefined;
  const askedNoun = asked?.choice && asked.plural ? asked.phrase.split(' ').at(-1) : undefined;
  const which = askedNoun && /^\p{Ll}+[^s\s]s$/u.test(askedNoun) ? askedNoun : WHICH_PLURAL[lang].exec(previous)?.[1];
  if (!which) return undefined;
  const put = `${lang === 'nl' ? (/^het\b/i.test(subject.trim()) ? 'het' : 'de') : 'the'} ${most[1]}`;
  const lead = lang === 'nl' ? `Welke van de ${which} is ` : `Which of the ${which} is `;
  return { resolved: `${lead}${put}?`, replaced: '', at: { start: lead.length, end: lead.length + put.length } };
}

/** A year after an article, in a thing's name: "the 2023 annual report", "het jaarverslag 2023" is not (it follows its noun). */
const YEAR_IN_NAME = new RegExp(`(?<![\\p{L}\\p{N}])(?:the|de|het|my|mijn|our|ons|onze)\\s+(?<year>${YEAR})(?![\\p{L}\\p{N}])`, 'dgiu');
const MOMENT_IN_QUESTION = new RegExp(`(?<![\\p{L}\\p{N}])(?<!\\b(?:the|de|het)\\s+)${MOMENT}(?![\\p{L}\\p{N}])`, 'giu');
/** A year said alone, with or without its preposition ("2022", "in 2022"): group 1. */
const YEAR_SAID = new RegExp(`^(?:${MOMENT_PREPOSITION}\\s+)?(${YEAR})$`, 'i');
/** The preposition a moment opens with ("in" of "in 2024"). */
const MOMENT_PREPOSITION_AT_START = new RegExp(`^${MOMENT_PREPOSITION}\\s+`, 'i');
/** A month or year opening a moment: it takes the preposition of the moment it replaces. */
const BARE_MONTH_OR_YEAR = new RegExp(`^(?:${MONTH}|${YEAR})`, 'i');

/** The moment a follow-up names alone after "and", "what about", "en": "this year" of "and this year?". */
function momentAsked(query: string, language: string): string | undefined {
  const lang = language === 'nl' ? 'nl' : 'en';
  const q = query.trim().replace(/[\s?.!]+$/u, '');
  const lead = ABOUT_LEAD[lang].exec(q) ?? AND_LEAD[lang].exec(q);
  const said = lead ? q.slice(lead[0].length).trim() : '';
  // "and for March?": the lead's "for" belongs to the moment.
  return isMoment(said) ? (/\bfor\s+$/i.test(lead![0]) ? `for ${said}` : said) : undefined;
}

/**
 * "and this year?" after "How much did I pay for energy last year?": the question again, the new
 * moment in the place of the one it named, or added at its end where it named none. `said` is
 * the moment the follow-up names (momentAsked).
 */
function momentFollowUp(said: string, previous: string, language: string): ParallelReading | undefined {
  const lang = language === 'nl' ? 'nl' : 'en';
  const relative = RELATIVE_MOMENT.exec(said);
  // A year inside a thing's name takes the new year alone ("the 2023 annual report" → "the 2022 annual report").
  const year = YEAR_SAID.exec(said)?.[1];
  const inName = year ? [...previous.matchAll(YEAR_IN_NAME)].at(-1) : undefined;
  if (year && inName) {
    const [start, end] = inName.indices!.groups!.year!;
    const resolved = substitute(previous, { start, end, text: inName.groups!.year!, decided: true }, year);
    return resolved ? { resolved, replaced: inName.groups!.year!, at: { start, end: start + year.length } } : undefined;
  }
  const named = [...previous.matchAll(MOMENT_IN_QUESTION)].at(-1);
  // With no moment named, a relative one has nothing to go by, and one with its preposition is
  // read as any prepositional subject ("and in April?" after "… in the March board meeting?").
  if (!named && (relative || PREPOSITIONS.has(said.split(/\s+/)[0]!.toLowerCase()))) return undefined;
  // "the year before" of "last year" is "the year before last year"; "het jaar daarvoor" of "vorig jaar", "het jaar voor vorig jaar".
  const direction = relative && /^(?:before|daarvoor|ervoor)$/i.test(relative[2]!) ? (lang === 'nl' ? 'voor' : 'before') : lang === 'nl' ? 'na' : 'after';
  // "the year before" of "in 2024" is 2023.
  const namedYear = relative && /(?:year|jaar)$/i.test(relative[1]!) ? /^\d{4}$/.exec(named![0].replace(MOMENT_PREPOSITION_AT_START, ''))?.[0] : undefined;
  const subject = namedYear ? String(Number(namedYear) + (direction === 'before' || direction === 'voor' ? -1 : 1)) : relative ? `${relative[1]} ${direction} ${named![0].replace(MOMENT_PREPOSITION_AT_START, '')}` : said;
  // The moment takes the place of the one named, with its preposition; a bare year or month takes that preposition ("in 2023" for "in 2024").
  // A moment said with its preposition takes that of the one named too ("in September" for "for October").
  const before = named && PREPOSITIONS.has(said.split(/\s+/)[0]!.toLowerCase()) ? /(?:^|\s)(\p{L}+)\s+$/u.exec(previous.slice(0, named.index)) : null;
  const start = before && PREPOSITIONS.has(before[1]!.toLowerCase()) ? named!.index - before[0].trimStart().length : named?.index;
  const slot: Slot = named ? { start: start!, end: named.index + named[0].length, text: previous.slice(start, named.index + named[0].length), decided: true } : endSlot(previous);
  const preposition = named && MOMENT_PREPOSITION_AT_START.test(named[0]) ? named[0].split(/\s+/)[0] : undefined;
  const bare = BARE_MONTH_OR_YEAR.test(subject);
  const put = preposition && bare ? `${preposition} ${subject}` : subject;
  const resolved = substitute(previous, slot, put);
  if (!resolved) return undefined;
  const at = slot.start === slot.end ? slot.start + 1 : slot.start;
  return { resolved, replaced: slot.text, at: { start: at, end: at + put.length } };
}

/** A number in a question: a version, a model, an amount ("2.4", "Python 3.8", "500 euros"); no part of a word or a longer number. */
const NUMBER_IN_QUESTION = /(?<![\p{L}\p{N}.,])\p{N}+(?:\.\p{N}+)*(?![\p{L}\p{N}]|[.,]\p{N})/gu;

/**
 * "and in 2.5?" after "What are the changes in version 2.4 of the release notes?": the question
 * again of another number, in the place of the one number it named, of the same form (as many
 * parts between dots: "3.9" for "3.8", "1000" for "500"). `said` follows the follow-up's lead, a
 * number alone or after a preposition, or after a preposition and the noun the number followed in
 * that question ("and for group 3?" after "… of group 6?"). A moment ("2022", "in 2022") is read as
 * one (momentFollowUp).
 */
function numberFollowUp(said: string, previous: string): ParallelReading | undefined {
  const words = said.split(/\s+/);
  // "and for group 3?" after "… of group 6?": the number after the same noun, whatever the preposition.
  const nounAt = words.length === 3 && PREPOSITIONS.has(words[0]!.toLowerCase()) ? 1 : words.length === 2 && !PREPOSITIONS.has(words[0]!.toLowerCase()) ? 0 : -1;
  const noun = nounAt >= 0 && /^\p{L}+$/u.test(words[nounAt]!) ? words[nounAt]!.toLowerCase() : undefined;
  const number = words.length === 1 || (words.length === 2 && PREPOSITIONS.has(words[0]!.toLowerCase())) || noun ? words.at(-1)! : '';
  if (!/^\p{N}+(?:\.\p{N}+)*$/u.test(number) || isMoment(number)) return undefined;
  const numbers = [...previous.matchAll(NUMBER_IN_QUESTION)];
  const parts = (n: string): number => n.split('.').length;
  const was = numbers.length === 1 ? numbers[0]![0] : undefined;
  if (was === undefined || parts(was) !== parts(number) || was === number) return undefined;
  const at = numbers[0]!.index!;
  // With its noun, the noun and the number are what is replaced ("week 12" by "week 14"); the noun is the word before the number.
  const head = previous.slice(0, at).trimEnd();
  const nounStart = noun ? head.length - noun.length : at;
  if (noun && (head.slice(nounStart).toLowerCase() !== noun || /\p{L}/u.test(head[nounStart - 1] ?? '') || head.length === at)) return undefined;
  const start = nounStart;
  const text = previous.slice(start, at + was.length);
  const put = noun ? `${head.slice(nounStart)} ${number}` : number;
  const resolved = substitute(previous, { start, end: at + was.length, text, decided: true }, put);
  return resolved ? { resolved, replaced: text, at: { start, end: start + put.length } } : undefined;
}

/** Words that say which of several things by their order ("the first round", "de laatste ronde"). */
const ORDER = String.raw`(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|last|final|next|previous|eerste|tweede|derde|vierde|vijfde|zesde|zevende|achtste|negende|tiende|laatste|volgende|vorige)`;
/** An order word said alone ("laatste"). */
const ORDER_ALONE = new RegExp(`^${ORDER}$`, 'i');
/** A follow-up that names another by its order: "(in) the last one", "(en) de laatste". */
const ORDER_SAID = new RegExp(String.raw`^(?:(\p{L}+)\s+)?(?:the|that|de|het|die)\s+(${ORDER})(?:\s+(\p{L}+))?$`, 'iu');
/** An ordered thing the question named: "the first round", "het tweede kwartaal". */
const ORDERED_THING = new RegExp(String.raw`(?<![\p{L}])(?:the|this|that|de|het|deze|dit)\s+(${ORDER})\s+([\p{L}][\p{L}-]*)`, 'giu');
/** Nouns that stand for a list's item, not a thing of their own ("the first option" is read with its list, see resolveOrdinal). */
const ITEM_WORD = /^(?:ones?|ene|options?|steps?|items?|points?|choices?|suggestions?|ideas?|alternatives?|optie|stap|punt|keuze|suggestie|idee|alternatief)$/i;

/** The one thing a question named by its order ("the first round"; not "the first option", a list's item), if it named one. */
function orderedThing(previous: string): RegExpExecArray | undefined {
  const things = [...previous.matchAll(ORDERED_THING)].filter((m) => !ITEM_WORD.test(m[2]!));
  return things.length === 1 ? things[0]! : undefined;
}

/**
 * "and in the last one?" after "How many actions do you get in the first round?": the question
 * again of the thing of another order ("… in the last round?"). The follow-up says the order
 * alone, with "one", or with the same noun; the question named one such thing.
 */
function orderFollowUp(said: string, previous: string): ParallelReading | undefined {
  const asked = ORDER_SAID.exec(said);
  if (!asked || (asked[1] && !PREPOSITIONS.has(asked[1].toLowerCase()))) return undefined;
  const thing = orderedThing(previous);
  const noun = asked[3];
  if (!thing || (noun && !/^(?:one|ene)$/i.test(noun) && noun.toLowerCase() !== thing[2]!.toLowerCase())) return undefined;
  const order = asked[2]!.toLowerCase();
  if (order === thing[1]!.toLowerCase()) return undefined;
  const start = thing.index! + thing[0].length - thing[2]!.length - 1 - thing[1]!.length;
  const put = caseLike(thing[1]!, order);
  const resolved = previous.slice(0, start) + put + previous.slice(start + thing[1]!.length);
  return { resolved, replaced: thing[1]!, at: { start, end: start + put.length } };
}

/** Prepositions that ask the opposite of each other ("before me" — "and after me?"), both ways. */
const OPPOSITE_PAIRS: readonly [string, string][] = [
  ['before', 'after'], ['above', 'below'], ['with', 'without'], ['inside', 'outside'], ['for', 'against'], ['over', 'under'],
  ['voor', 'na'], ['boven', 'onder'], ['met', 'zonder'], ['binnen', 'buiten'],
];
const OPPOSITE = new Map(OPPOSITE_PAIRS.flatMap(([a, b]): [string, string][] => [[a, b], [b, a]]));
/** How many of the latest questions an opposite follow-up looks back in. */
const OPPOSITE_QUESTIONS = 3;
/** Words of degree said alone that ask the opposite of each other ("if I drive more?" — "and less?"), both ways. */
const OPPOSITE_DEGREES: readonly [string, string][] = [
  ['more', 'less'], ['more', 'fewer'], ['higher', 'lower'], ['bigger', 'smaller'], ['larger', 'smaller'], ['earlier', 'later'],
  ['longer', 'shorter'], ['faster', 'slower'], ['older', 'younger'], ['heavier', 'lighter'], ['warmer', 'colder'], ['minimum', 'maximum'],
  ['meer', 'minder'], ['hoger', 'lager'], ['groter', 'kleiner'], ['eerder', 'later'], ['langer', 'korter'], ['sneller', 'langzamer'], ['ouder', 'jonger'], ['zwaarder', 'lichter'], ['warmer', 'kouder'],
];
const OPPOSITE_DEGREE = new Map<string, string[]>();
for (const [a, b] of OPPOSITE_DEGREES) {
  OPPOSITE_DEGREE.set(a, [...(OPPOSITE_DEGREE.get(a) ?? []), b]);
  OPPOSITE_DEGREE.set(b, [...(OPPOSITE_DEGREE.get(b) ?? []), a]);
}

/** "and less?" after "what happens if I drive more?": that question with the opposite degree in its place. */
function oppositeDegree(said: string, questions: readonly string[]): ParallelReading | undefined {
  const word = said.trim().toLowerCase();
  const others = OPPOSITE_DEGREE.get(word);
  if (!others) return undefined;
  for (const question of questions.slice(0, OPPOSITE_QUESTIONS)) {
    const found = others.map((o) => wholeMatches(question, escapeRegExp(o), { ignoreCase: true })[0]).find((m) => m !== undefined);
    if (!found) continue;
    const put = caseLike(found[0], word);
    const start = found.index;
    return { resolved: question.slice(0, start) + put + question.slice(start + found[0].length), replaced: found[0], at: { start, end: start + put.length } };
  }
  return undefined;
}

/**
 * "and after me?" after "who's speaking before me?" (maybe with a question between): that
 * question again, the opposite preposition in place, where it had the same words after it.
 */
function oppositeFollowUp(said: string, questions: readonly string[]): ParallelReading | undefined {
  const degree = oppositeDegree(said, questions);
  if (degree) return degree;
  const m = /^(\p{L}+)\s+(\S.*)$/u.exec(said.trim());
  const other = m && OPPOSITE.get(m[1]!.toLowerCase());
  if (!other) return undefined;
  for (const question of questions.slice(0, OPPOSITE_QUESTIONS)) {
    const found = wholeMatches(question, `${escapeRegExp(other)}\\s+${escapeRegExp(m[2]!)}`, { ignoreCase: true })[0];
    if (!found) continue;
    const put = caseLike(found[0], m[1]!.toLowerCase());
    const start = found.index;
    return { resolved: question.slice(0, start) + put + question.slice(start + other.length), replaced: other, at: { start, end: start + put.length } };
  }
  return undefined;
}

/** "the other one", "the other", "de andere": another thing of the kind just asked about. */
const OTHER_ONE: Record<'en' | 'nl', RegExp> = { en: /^(?:the\s+other(?:\s+one)?|the\s+other\s+ones|the\s+others)$/i, nl: /^(?:de|het)\s+andere?(?:\s+ene)?$/i };
/** What stood for the thing asked about: a pronoun, or "the cheaper one". */
const STAND_IN: Record<'en' | 'nl', RegExp> = {
  en: /(?<![\p{L}])(?:it|they|them|(?:the|that|this)\s+(?:\p{L}+\s+)?ones?)(?![\p{L}])/iu,
  nl: /(?<![\p{L}])(?:het|hij|hem|die|ze|(?:de|het|die)\s+(?:\p{L}+\s+)?ene)(?![\p{L}])/iu,
};

/**
 * "and the other one?" after "how far is it from Centraal?" (or "does the cheaper one allow
 * pets?"): the question again of the other one, in place of what stood for the thing asked about.
 */
function otherOneFollowUp(said: string, previous: string, lang: 'en' | 'nl', lists: readonly (readonly string[])[] = []): ParallelReading | undefined {
  if (!OTHER_ONE[lang].test(said.trim())) return undefined;
  const stand = STAND_IN[lang].exec(previous);
  if (!stand) return otherItems(said, previous, lang, lists);
  const put = caseLike(stand[0], said.trim());
  return { resolved: previous.slice(0, stand.index) + put + previous.slice(stand.index + stand[0].length), replaced: stand[0], at: { start: stand.index, end: stand.index + put.length } };
}

/** "the others", "the other ones", "de andere", "de anderen": more than one. */
const OTHERS = /(?:others|ones|anderen)$/i;

/**
 * "and the others?" after "how big is TriviaQA?", an item of the list a reply gave ("Natural
 * Questions, TriviaQA and HotpotQA"): the question again of the list's other items ("how big are
 * Natural Questions and HotpotQA?"); "the other one" of a list of two, of the other item.
 */
function otherItems(said: string, previous: string, lang: 'en' | 'nl', lists: readonly (readonly string[])[]): ParallelReading | undefined {
  const several = OTHERS.test(said.trim());
  for (const items of lists) {
    // An item is named by its name alone too: "the Pixel" for "the Pixel 9".
    const asked = items.flatMap((item) =>
      [item, ...shortNames(item)].flatMap((name) => wholeMatches(previous, escapeRegExp(name), { ignoreCase: true }).map((m) => ({ item, at: m.index, said: m[0] }))).slice(0, 1),
    );
    if (asked.length !== 1 || (!several && items.length !== 2)) continue;
    const { item, at, said: named } = asked[0]!;
    const others = items.filter((x) => x !== item);
    const put = others.length > 1 ? `${others.slice(0, -1).join(', ')} ${lang === 'nl' ? 'en' : 'and'} ${others.at(-1)}` : others[0]!;
    // Several things are, where one is: "how big is TriviaQA?" → "how big are …".
    const before = others.length > 1 ? previous.slice(0, at).replace(/\b(is|was|has)(\s+)$/i, (_, verb: string, space: string) => caseLike(verb, { is: 'are', was: 'were', has: 'have' }[verb.toLowerCase()]!) + space) : previous.slice(0, at);
    const resolved = before + put + previous.slice(at + named.length);
    return { resolved, replaced: named, at: { start: before.length, end: before.length + put.length } };
  }
  return undefined;
}

/**
 * A list item's shorter names: without the number after it ("the Pixel" of "the Pixel 9"), where a
 * capitalised word is left, and by its first capitalised word, the maker's ("the Dell" of "the Dell XPS 13").
 */
function shortNames(item: string): string[] {
  const unnumbered = /^((?:(?:the|de|het)\s+)?\p{Lu}[\p{L}-]*(?:\s+\p{Lu}[\p{L}-]*)*)\s+\p{N}[\p{L}\p{N}.]*$/u.exec(item)?.[1];
  const maker = /^((?:(?:the|de|het)\s+)?\p{Lu}[\p{L}-]*)\s+\S/u.exec(item)?.[1];
  return [unnumbered, maker].filter((name): name is string => !!name && name !== item);
}

/** English person pronouns, and their forms for the other sex. */
const PERSON_PRONOUN = /(?<![\p{L}'’])(he|she|him|his|her|hers)(?![\p{L}'’])/giu;
const OTHER_SEX: Record<string, string> = { he: 'she', she: 'he', him: 'her', his: 'her', hers: 'his' };

/** Whether the "her" at `start` of `text` owns the word after it ("her research background"), not "ask her about …". */
function ownsAt(text: string, start: number, word: string): boolean {
  const next = /^\s+(\p{L}+)/u.exec(text.slice(start + word.length))?.[1]?.toLowerCase();
  return !!next && !STOPWORDS.has(next) && !PREPOSITIONS.has(next);
}

/**
 * "and his?" after "what is her research background?": the question again of someone of the other
 * sex ("what is his research background?"), the pronoun in the form its place asks for ("her"
 * before a noun is "his", else "him"). English only; the question had one such pronoun.
 */
function otherPersonFollowUp(said: string, previous: string): ParallelReading | undefined {
  const asked = /^(his|hers|her|him)$/i.exec(said)?.[1]?.toLowerCase();
  const found = [...previous.matchAll(PERSON_PRONOUN)];
  if (!asked || found.length !== 1) return undefined;
  const was = found[0]!;
  const word = was[1]!.toLowerCase();
  const female = (w: string): boolean => /^(?:she|her|hers)$/.test(w);
  if (female(word) === female(asked)) return undefined;
  const start = was.index!;
  const put = caseLike(was[1]!, word === 'her' ? (ownsAt(previous, start, word) ? 'his' : 'him') : OTHER_SEX[word]!);
  return { resolved: previous.slice(0, start) + put + previous.slice(start + word.length), replaced: '', at: { start, end: start + put.length } };
}

/** Someone named by role or relation, or a pet, with its determiner: "the cat", "my son", "her husband", "the landlord". */
const SOMEONE_SAID = new RegExp(String.raw`^(?:the|my|our|your|his|her|their)\s+(?:\p{L}+\s+)?(\p{L}+)$`, 'iu');

/**
 * "what about the cat?" after "is she due for a deworming too?": the question again of that one,
 * in place of its one person pronoun ("is the cat due for a deworming too?"), "'s" where the
 * pronoun owned something. English only.
 */
function someoneElseFollowUp(said: string, previous: string): ParallelReading | undefined {
  const head = SOMEONE_SAID.exec(said.trim())?.[1]?.toLowerCase();
  if (!head || !(PETS.has(head) || PERSON_ROLES.has(head))) return undefined;
  const found = [...previous.matchAll(PERSON_PRONOUN)];
  if (found.length !== 1) return undefined;
  const was = found[0]!;
  const word = was[1]!.toLowerCase();
  const start = was.index!;
  const owns = word === 'his' || word === 'hers' || (word === 'her' && ownsAt(previous, start, word));
  const put = owns ? `${said.trim()}'s` : said.trim();
  return { resolved: previous.slice(0, start) + put + previous.slice(start + word.length), replaced: was[1]!, at: { start, end: start + put.length } };
}

/** "the next one", "de volgende": a thing named by its order alone, in a question of its own. */
const ORDERED_ONE = new RegExp(String.raw`(?<![\p{L}])(?:the|that|de|het|die)\s+(${ORDER})(?:\s+(one|ene)(?![\p{L}])|(?=\s*[?.!,]|\s*$))`, 'iu');
/** Whether a question names a thing by its order alone ("when is the next one due?"). */
export const namesByOrder = (question: string): boolean => ORDERED_ONE.test(question);
const MAX_ORDERED_WORDS = 3;

/**
 * "when is the next one due?" after "When was the last oil change on the Golf?": "one" is the
 * thing the question named by another order ("the next oil change"), its nouns as the English
 * tagger reads them (a Dutch noun is one word). Undefined where the question named no one such thing.
 */
export function orderedOne(query: string, previous: string | undefined, language: string): { resolved: string; noun: string; article?: string } | undefined {
  const asked = ORDERED_ONE.exec(query);
  if (!asked || previous === undefined) return undefined;
  const thing = orderedThing(previous);
  if (!thing || thing[1]!.toLowerCase() === asked[1]!.toLowerCase()) return undefined;
  let noun = thing[2]!;
  if (language === 'en') {
    const { words, tags } = englishTags(previous);
    const at = words.findIndex((w, i) => w === thing[2] && words[i - 1]?.toLowerCase() === thing[1]!.toLowerCase());
    if (at < 0 || tags[at] !== 'NOUN') return undefined;
    let end = at;
    while (end + 1 < words.length && end + 1 - at < MAX_ORDERED_WORDS && tags[end + 1] === 'NOUN') end++;
    noun = words.slice(at, end + 1).join(' ');
  }
  // A Dutch noun keeps the article the order word had ("de volgende" → "de APK").
  const determiner = asked[0].split(/\s+/)[0]!.toLowerCase();
  const article = determiner === 'de' || determiner === 'het' ? determiner : undefined;
  // "de volgende?": the noun goes after the order word.
  if (asked[2] === undefined) return { resolved: query.slice(0, asked.index + asked[0].length) + ' ' + noun + query.slice(asked.index + asked[0].length), noun, article };
  const start = asked.index + asked[0].length - asked[2].length;
  return { resolved: query.slice(0, start) + noun + query.slice(start + asked[2].length), noun, article };
}

/** "compared to Q2?", "vs last year?", "vergeleken met vorig jaar?": a comparison said alone (group 1: with what). */
const COMPARED_TO = /^\s*(?:(?:and|en)\s+)?(compared\s+(?:to|with)|versus|vs\.?|in\s+comparison\s+(?:to|with)|relative\s+to|vergeleken\s+met|ten\s+opzichte\s+van|t\.o\.v\.?)\s+([^?.!,;]{1,60}?)\s*[?.!]*\s*$/i;

/**
 * "compared to Q2?" after "How much did we spend on marketing in Q3?": the question again, with
 * what it is compared to at its end ("… in Q3 compared to Q2?"), as the user said it.
 */
function comparedTo(query: string, previous: string): ParallelReading | undefined {
  const m = COMPARED_TO.exec(query);
  if (!m) return undefined;
  const body = previous.replace(/[\s?.!]+$/u, '');
  const put = `${m[1]!.toLowerCase()} ${m[2]!.trim()}`;
  return { resolved: `${body} ${put}?`, replaced: '', at: { start: body.length + 1, end: body.length + 1 + put.length } };
}

/** "Which is cheaper, …?", "Welke is stiller?": a which-question about a comparative (group 1). */
const WHICH_IS_COMPARATIVE = /^\s*(?:which|welke?)(?:\s+(?:one|ene|\p{L}+))?\s+(?:is|are|was|were|zijn|waren)\s+(?:(?:the|het|de)\s+)?((?:more|less|meer|minder)\s+\p{L}+|\p{L}{3,}(?:er|st|ste))(?![\p{L}])/iu;
/** A comparative or superlative said alone: "quieter", "more reliable", "the quietest", "stiller". */
const COMPARATIVE_SAID = /^(?:(?:the|het|de)\s+)?((?:more|less|meer|minder)\s+\p{L}+|\p{L}{3,}(?:er|st|ste))$/iu;

/**
 * Whether an English word is a comparative or superlative ("quieter", "bigger", "more reliable",
 * "worst"): its base form, read in a clause, is an adjective ("it is quiet"; "it is wint" is none).
 */
function englishComparative(said: string): boolean {
  const adjective = (w: string): boolean => englishTags(`it is ${w}`).tags.at(-1) === 'ADJ';
  if (/^(?:better|best|worse|worst)$/i.test(said)) return true;
  const more = /^(?:more|less|most|least)\s+(\p{L}+)$/iu.exec(said);
  if (more) return adjective(more[1]!);
  const m = /^(\p{L}+?)(i?)(?:er|est)$/iu.exec(said);
  if (!m) return false;
  const stem = m[2] ? `${m[1]}y` : m[1]!;
  // "quiet-er", "nic-er" ("nice"), "bigg-er" ("big").
  return [stem, `${stem}e`, /(\p{L})\1$/u.test(stem) ? stem.slice(0, -1) : ''].some((w) => w.length > 2 && adjective(w));
}

/**
 * "and quieter?" after "Which is cheaper, the Daikin or the Mitsubishi?": the same choice by
 * another quality ("Which is quieter, the Daikin or the Mitsubishi?"). English words are taken as
 * comparatives by their part of speech, Dutch ones by their ending.
 */
function comparedChoice(said: string, previous: string, lang: 'en' | 'nl'): ParallelReading | undefined {
  const which = WHICH_IS_COMPARATIVE.exec(previous);
  const put = which && COMPARATIVE_SAID.exec(said)?.[1];
  if (!which || !put) return undefined;
  if (lang === 'en' && !englishComparative(put)) return undefined;
  const start = which.index + which[0].length - which[1]!.length;
  const resolved = substitute(previous, { start, end: start + which[1]!.length, text: which[1]!, decided: true }, put);
  return resolved ? { resolved, replaced: which[1]!, at: { start, end: start + put.length } } : undefined;
}

/**
 * The place in `previous` of an item of a list (a reply's: "chana masala, a chickpea and spinach
 * stew, and hummus") when the subject names another item of it by its head noun ("the stew"),
 * which no other item ends in.
 */
function listSibling(subject: string, previous: string, lists: readonly (readonly string[])[]): Slot | undefined {
  const headOf = (text: string): string | undefined => text.toLowerCase().match(/[\p{L}\p{N}]+/gu)?.at(-1);
  const head = headOf(subject);
  for (const items of lists) {
    const named = items.filter((item) => headOf(item) === head);
    if (named.length !== 1) continue;
    for (const item of items) {
      if (item === named[0]) continue;
      const at = wholeMatches(previous, escapeRegExp(item), { ignoreCase: true })[0]?.index;
      if (at === undefined) continue;
      // "and for Databases?" after "when is the exam for Machine Learning?": the subject's preposition
      // takes the place of the one before the item, or goes where the item stood without one.
      const said = tokens(subject);
      const preposition = said.length > 1 && PREPOSITIONS.has(said[0]!.lower);
      const before = preposition ? /(\p{L}+)\s+$/u.exec(previous.slice(0, at)) : null;
      if (before && PREPOSITIONS.has(before[1]!.toLowerCase())) return { start: before.index, end: at + item.length, text: previous.slice(before.index, at + item.length), decided: true };
      // "and the van?" after "when do I have to register at the new municipality?", both steps of a list: the step it names, whole ("book the moving van").
      if (isStep(item) && isStep(named[0]!)) return { start: at, end: at + item.length, text: previous.slice(at, at + item.length), decided: true, put: named[0]![0]!.toLowerCase() + named[0]!.slice(1) };
      return { start: at, end: at + item.length, text: previous.slice(at, at + item.length), decided: true, ...(preposition ? { put: subject.slice(said[1]!.start) } : {}) };
    }
  }
  return undefined;
}

/**
 * Whether resolveParallel may read the query as a question asked again: it opens with a lead
 * ("and", "what about", "compared to", "no, I meant") or is a subject of its own. Where not, no
 * earlier question changes its answer, so the caller need not prepare them.
 */
export function asksAgain(query: string, language: string, previous?: string): boolean {
  const lang = language === 'nl' ? 'nl' : 'en';
  const q = query.trim();
  // A topic said alone, after a question of what a text says ("credits?" after "What does the agreement say about uptime?").
  const topic = previous !== undefined && bareTopic(q, lang) !== undefined && SAYS_ABOUT.test(previous);
  return topic || ABOUT_LEAD[lang].test(q) || AND_LEAD[lang].test(q) || COMPARED_TO.test(q) || WH_ALONE[lang].test(q) || parallelSubject(q, language) !== undefined || parallelSubject(q, language, true) !== undefined;
}

/**
 * A question that chooses without naming what among: "which one has the longer warranty?", "which
 * is cheaper?", "and which of the two lasts longer?", "welke is goedkoper?", "welke van de twee …?".
 */
const CHOOSES: Record<'en' | 'nl', RegExp> = {
  en: /^(?:(?:and|so|but|ok|okay)\s*,?\s+)?which\s+(?:(?:one|of\s+(?:them|the\s+two|both|these|those))\s+\p{L}|(?:is|was|has|had|does|do|did|would|should|will|can|could|offers|gives|costs|lasts|takes|comes|needs|uses|gets|works|seems|looks|sounds|covers|pays|charges|includes|supports|allows|lets|runs|saves|fits|suits|handles|scores|wins)\b)/iu,
  nl: /^(?:(?:en|maar|ok[eé]?)\s*,?\s+)?welke?\s+(?:(?:van\s+(?:de\s+twee|beide|die\s+twee|deze\s+twee))\s+\p{L}|(?:is|was|heeft|had|doet|zou|moet|kan|biedt|geeft|kost|duurt|gaat|werkt|lijkt|gebruikt|neemt|raad|vergoedt|dekt|betaalt|rekent|levert|valt|past|geldt|scoort|verbruikt|bespaart|wint)\b)/iu,
};
/** A bare "which is …" that names a thing of its own ("which is the capital of the Netherlands?"): a question, not a choice. */
const OWN_THING_NAMED = /\s(?:of|van)\s|\s\p{Lu}/u;

/** Whether the query chooses without naming what among (see CHOOSES). */
export function choosesAmong(query: string, language: string): boolean {
  const q = query.trim();
  const m = CHOOSES[language === 'nl' ? 'nl' : 'en'].exec(q);
  if (!m) return false;
  // "which one …", "which of the two …" choose whatever follows; a bare "which is …" only when it names nothing else.
  const bare = !/\b(?:one|ene|of|van)\b/i.test(m[0]);
  return !bare || !OWN_THING_NAMED.test(q.slice(m[0].length));
}
/** A preposition two things of a choice may share ("from Zonnefix", "from SunPower"). */
const SHARED_PREPOSITION = /^(?:from|in|at|on|for|with|by|of|bij|van|op|voor|met|aan|uit)\s+/i;

/**
 * The two things a choice question chooses between: the subject the user's latest question asked
 * about again and the one it replaced ("which one has the longer warranty?" after "… the solar
 * quote from Zonnefix …?" and "and the one from SunPower?": Zonnefix, SunPower). A preposition
 * both share is left out ("from"); undefined unless the question chooses so.
 */
export function choiceBetween(query: string, asked: ParallelReading | undefined, language: string): [string, string] | undefined {
  return choosesAmong(query, language) ? parallelPair(asked) : undefined;
}

/** The subject a parallel question asked about again and the one it replaced, without a preposition both share. */
export function parallelPair(asked: ParallelReading | undefined): [string, string] | undefined {
  if (!asked?.replaced) return undefined;
  let pair: [string, string] = [asked.replaced.trim(), asked.resolved.slice(asked.at.start, asked.at.end).trim()];
  const shared = pair.map((p) => SHARED_PREPOSITION.exec(p)?.[0].toLowerCase().trim());
  if (shared[0] && shared[0] === shared[1]) pair = pair.map((p) => p.replace(SHARED_PREPOSITION, '')) as [string, string];
  return pair[0] && pair[1] && pair[0].toLowerCase() !== pair[1].toLowerCase() ? pair : undefined;
}

const PAIR_PART = String.raw`((?:[\p{L}\p{N}'’-]+\s+){0,4}?[\p{L}\p{N}'’-]+)`;
/**
 * "the difference between Market Cap and NAV", "compare the XPS with the ThinkPad", "Do common
 * stocks and preferred stocks differ?", "bonds versus stocks", "tussen huur en koop", "verschillen
 * huur en koop?": two things named as a pair.
 */
const NAMED_PAIR: Record<'en' | 'nl', RegExp[]> = {
  en: [
    new RegExp(String.raw`\b(?:between|compare|comparing)\s+${PAIR_PART}\s+(?:and|with|to)\s+${PAIR_PART}\s*(?:[?.!,;]|$)`, 'iu'),
    new RegExp(String.raw`^(?:how\s+)?(?:do|does|did)\s+${PAIR_PART}\s+and\s+${PAIR_PART}\s+(?:differ|compare)\b`, 'iu'),
    new RegExp(String.raw`^(?:(?:what\s+about|and)\s+)?${PAIR_PART}\s+(?:vs\.?|versus)\s+${PAIR_PART}\s*(?:[?.!]|$)`, 'iu'),
  ],
  nl: [
    new RegExp(String.raw`\b(?:tussen|vergelijk|vergelijken)\s+${PAIR_PART}\s+(?:en|met)\s+${PAIR_PART}\s*(?:[?.!,;]|$)`, 'iu'),
    new RegExp(String.raw`^(?:hoe\s+)?(?:verschillen|verschilden)\s+${PAIR_PART}\s+en\s+${PAIR_PART}\s*(?:van\s+elkaar\s*)?(?:[?.!]|$)`, 'iu'),
    new RegExp(String.raw`^(?:(?:en|wat\s+dacht\s+je\s+van)\s+)?${PAIR_PART}\s+(?:vs\.?|versus)\s+${PAIR_PART}\s*(?:[?.!]|$)`, 'iu'),
  ],
};

/**
 * The two things a question named as a pair, for a choice question after it ("Which is more
 * important?" after "What's the difference between Market Cap and NAV?"): Market Cap, NAV.
 */
export function namedPair(question: string, language: string): [string, string] | undefined {
  for (const pattern of NAMED_PAIR[language === 'nl' ? 'nl' : 'en']) {
    const m = pattern.exec(question.trim());
    if (m) return m[1]!.toLowerCase() !== m[2]!.toLowerCase() ? [m[1]!, m[2]!] : undefined;
  }
  return undefined;
}

/**
 * "both" standing for two things the conversation named, not naming them itself ("both of them",
 * "on both per year", not "both the XPS and the ThinkPad"; "they both" and "them both" are
 * both of them, "we both" is not); Dutch "beide", "allebei" or "alle
 * twee" after a preposition ("voor beide").
 */
const BOTH: Record<'en' | 'nl', RegExp> = {
  en: /(?<![\p{L}])(?:(?:they|them)\s+both|(?<!\b(?:we|you|us|these|those)\s+)both(?:\s+of\s+(?:them|these|those))?)(?![\p{L}])(?!\s+(?:the|my|your|our|his|her|their|a|an|of)\b)(?!(?:\s+[\p{L}\p{N}'’-]+){1,4}\s+and\b)/iu,
  nl: /(?<=(?:^|\s)(?:voor|van|op|aan|bij|met|over|tussen)\s+)(?:beide|beiden|allebei|alle\s+twee)(?![\p{L}])(?!(?:\s+[\p{L}\p{N}'’-]+){1,4}\s+en\b)/iu,
};

/** The question with its "both" naming the two things: "how much do I spend on both Netflix and Spotify per year?". */
export function replaceBoth(query: string, pair: readonly [string, string], language: string): string | undefined {
  const nl = language === 'nl';
  const m = BOTH[nl ? 'nl' : 'en'].exec(query);
  if (!m) return undefined;
  const named = nl ? `${pair[0]} en ${pair[1]}` : `both ${pair[0]} and ${pair[1]}`;
  return `${query.slice(0, m.index)}${named}${query.slice(m.index + m[0].length)}`;
}

/** Whether the question says "both" for two things it does not name (see replaceBoth). */
export function saysBoth(query: string, language: string): boolean {
  return BOTH[language === 'nl' ? 'nl' : 'en'].test(query);
}

/** A question word alone, asking the previous question another way: "how often?", "and when?", "by how much?", "hoe lang?". */
const WH_ALONE: Record<'en' | 'nl', RegExp> = {
  en: /^(?:(?:and|but|so|ok|okay)\s*,?\s+)?((?:by\s+)?how\s+(?:much|many|far)|how\s+(?:often|long|soon)|when|where|why|how)\s*\?*$/i,
  nl: /^(?:(?:en|maar|ok[eé]?)\s*,?\s+)?(hoe\s+(?:vaak|lang|ver|snel|laat)|hoeveel|wanneer|waar|waarom|hoe)\s*\?*$/i,
};
/**
 * The question word a question opens with, before its auxiliary or verb, where it says how, when,
 * where or why ("How" of "How do I feed …"). Not "what" or "who", which the verb acts on or
 * which act ("What does my lease say …?" has no "why" in its place).
 */
const WH_OPENING: Record<'en' | 'nl', RegExp> = {
  en: /^(?:how(?:\s+(?:often|long|far|soon))?|when|where|why)(?=\s+(?:do|does|did|is|are|was|were|can|could|should|would|will|must|may|might|has|have|had)\b)/iu,
  nl: /^(?:hoe(?:\s+(?:vaak|lang|ver|snel|laat))?|wanneer|waar|waarom)(?=\s+\p{L})/iu,
};
/** A yes/no question, opening with its auxiliary: "Can I freeze the dough?", "Kan ik het deeg invriezen?". */
const YES_NO: Record<'en' | 'nl', RegExp> = {
  en: /^(?:do|does|did|is|are|was|were|can|could|should|would|will|must|may|might|has|have|had)\s/i,
  nl: /^(?:kan|kun|kunt|mag|moet|moeten|is|zijn|heb|hebt|heeft|wordt|ben|bent|zal|zou)\s/i,
};

/**
 * "how often?" after "How do I feed my sourdough starter?": the previous question asked with this
 * question word ("how often do I feed my sourdough starter?"); after a yes/no question, before it
 * ("how long?" after "Can I freeze the dough?": "how long can I freeze the dough?", "by how much?"
 * after "Will my premium go up?": "By how much will my premium go up?"), but for "why?", whose
 * question after a yes or a no is its own.
 */
export function whFollowUp(query: string, previous: string, lang: 'en' | 'nl'): ParallelReading | undefined {
  const asked = WH_ALONE[lang].exec(query.trim())?.[1];
  if (!asked) return undefined;
  const question = previous.trim();
  const opening = WH_OPENING[lang].exec(question);
  const put = asked.toLowerCase();
  if (opening) {
    // "by how much?" asks how much a change is: of a yes/no question's change only ("Will my premium go up?").
    // "why?" after a how-, when- or where-question asks why of its answer, not of the question's doing ("Why can I save for retirement?").
    if (opening[0].toLowerCase() === put || put.startsWith('by ') || /^(?:why|waarom)$/.test(put)) return undefined;
    return { resolved: asQuestion(caseLike(opening[0], put) + question.slice(opening[0].length)), replaced: opening[0], at: { start: 0, end: put.length } };
  }
  if (!YES_NO[lang].test(question) || /^(?:why|waarom)$/i.test(put)) return undefined;
  return { resolved: asQuestion(`${caseLike(question, put)} ${question[0]!.toLowerCase()}${question.slice(1)}`), replaced: '', at: { start: 0, end: put.length } };
}

/** A text ending in a question mark. */
function asQuestion(text: string): string {
  return text.endsWith('?') ? text : `${text}?`;
}

/** A moment's unit said alone ("week" of "per week"). */
const MOMENT_UNIT_ALONE = new RegExp(`^${MOMENT_UNIT}s?$`, 'i');

/** How many parallel follow-ups in a row are followed back ("what about peter?" after "what about edmund?"). */
const MAX_CHAIN = 2;

/**
 * Reads "what about X?" as the user's previous question about X, when X is a sibling of something
 * that question named. `earlierUserTurns` are the user's earlier messages, most recent first. The
 * embedder weighs the places X could take; without one only wording-settled places are used.
 */
export async function resolveParallel(query: string, earlierUserTurns: readonly string[], language: string, embedder?: Embedder, depth = 0, lists: readonly (readonly string[])[] = [], skipped = false): Promise<ParallelReading | undefined> {
  const asked = parallelSubject(query, language);
  // A Dutch "en X?" is taken only where the wording settles X's place; so is a correction ("no, I
  // meant photos in the air"), which says what was misread rather than what else to ask about.
  const correction = CORRECTION.test(query.trim());
  const wordingOnly = (asked === undefined && language === 'nl') || correction;
  const said = asked ?? (wordingOnly ? parallelSubject(query, language, true) : undefined);
  // A correction with a phrase of its own after its noun ("photos in the air") says more than which
  // thing: read as asked, unless the question named that thing after a determiner ("the flight to
  // Porto" for "my flight to Lisbon").
  const raw = earlierUserTurns[0];
  if (correction && said !== undefined && raw !== undefined && !PREPOSITIONS.has(tokens(said)[0]?.lower ?? '')) {
    const words = tokens(said);
    const at = words.findIndex((t, i) => i > 0 && PREPOSITIONS.has(t.lower));
    const noun = at > 0 ? words[at - 1]!.lower : undefined;
    const before = tokens(raw);
    if (noun && !before.some((t, i) => t.lower === noun && i > 0 && DETERMINERS.has(before[i - 1]!.lower))) return undefined;
  }
  // "and the cheapest?", "what about the most expensive one?": which thing, asked again.
  const lang = language === 'nl' ? 'nl' : 'en';
  const lead = ABOUT_LEAD[lang].exec(query.trim()) ?? AND_LEAD[lang].exec(query.trim());
  const afterLead = lead ? query.trim().slice(lead[0].length).replace(/[\s?.!]+$/u, '') : undefined;
  const priced = afterLead !== undefined && raw !== undefined ? (pricedChoice(afterLead, raw) ?? superlativeChoice(afterLead, raw, lang)) : undefined;
  if (priced) return priced;
  // "and quieter?" after "Which is cheaper, the Daikin or the Mitsubishi?": which of them is quieter.
  const compared = afterLead !== undefined && raw !== undefined ? comparedChoice(afterLead, raw, lang) : undefined;
  if (compared) return compared;
  // "compared to Q2?" after "How much did we spend on marketing in Q3?": that question, compared.
  const against = raw !== undefined ? comparedTo(query, raw) : undefined;
  if (against) return against;
  // "and in 2.5?" after a question about version 2.4: that question of version 2.5.
  const numbered = afterLead !== undefined && raw !== undefined ? numberFollowUp(afterLead, raw) : undefined;
  if (numbered) return numbered;
  // "and his?" after "what is her research background?": his research background.
  const other = afterLead !== undefined && raw !== undefined && lang === 'en' ? otherPersonFollowUp(afterLead, raw) : undefined;
  if (other) return other;
  // "what about the cat?" after "is she due for a deworming too?": that question of the cat.
  // Not of a follow-up itself ("and if she is pregnant?"), whose question is read otherwise.
  const someone = afterLead !== undefined && raw !== undefined && lang === 'en' && !AND_LEAD.en.test(raw.trim()) && !ABOUT_LEAD.en.test(raw.trim()) ? someoneElseFollowUp(afterLead, raw) : undefined;
  if (someone) return someone;
  // "and after me?" after "who's speaking before me?": that question, the other way round.
  const opposite = afterLead !== undefined && depth === 0 ? oppositeFollowUp(afterLead, earlierUserTurns) : undefined;
  if (opposite) return opposite;
  // "and in the last one?" after a question about the first round: the last round.
  const ordered = afterLead !== undefined && raw !== undefined ? orderFollowUp(afterLead, raw) : undefined;
  if (ordered) return ordered;
  // "how often?" after "How do I feed my sourdough starter?": that question, asked so.
  const wh = raw !== undefined ? whFollowUp(query, raw, lang) : undefined;
  if (wh) return wh;
  // "and the other one?" after "how far is it from Centraal?": that question of the other one.
  const another = afterLead !== undefined && raw !== undefined ? otherOneFollowUp(afterLead, raw, lang, lists) : undefined;
  if (another) return another;
  // "and this year?", "en vorige maand?": the previous question of another moment (itself read first, as below).
  const momentSaid = momentAsked(query, language);
  if (raw !== undefined && momentSaid !== undefined) {
    const before = depth < MAX_CHAIN ? await resolveParallel(raw, earlierUserTurns.slice(1), language, embedder, depth + 1) : undefined;
    const moment = momentFollowUp(momentSaid, before?.resolved ?? raw, language);
    // Only a moment with its preposition goes on to be read as any prepositional subject.
    if (moment || !PREPOSITIONS.has(momentSaid.split(/\s+/)[0]!.toLowerCase())) return moment;
  }
  // "credits?", "exclusions", "eigen risico?" after "What does the Acme service agreement say about
  // uptime?": a topic said alone asks what the text says about it.
  const topicAlone = said === undefined && raw !== undefined && depth === 0 ? bareTopic(query, lang) : undefined;
  const aboutSlot = topicAlone !== undefined && detectLanguage(raw!, [], language) === language ? saysAboutSlot(raw!, tokens(raw!)) : undefined;
  const aboutTopic = aboutSlot && substitute(raw!, aboutSlot, topicAlone!);
  if (aboutSlot && aboutTopic) return { resolved: aboutTopic, replaced: aboutSlot.text, at: { start: aboutSlot.start, end: aboutSlot.start + topicAlone!.length } };
  // A question in another language is not asked again in this one ("en bij hagelschade?" after an English question).
  if (said === undefined || raw === undefined || detectLanguage(raw, [], language) !== language) return undefined;
  // "en daarna?", "en later?": a Dutch adverb of when or how says when the question is asked again, which Dutch word
  // order puts inside it, not in any thing's place ("Wat zei de huisarts over daarna?").
  if (lang === 'nl' && DUTCH_MANNER.has(said.trim().toLowerCase())) return undefined;
  // "and back?", "en terug?": the way back, which takes no word's place ("how back does the trip take?").
  if (lang === 'en' && /^back$/i.test(said.trim())) return undefined;
  // "revoked ones" after a question about "expired tokens": "revoked tokens", which takes their place.
  const ones = ONES.exec(said);
  const head = ones ? onesHead(raw, language) : undefined;
  if (ones && !head) return undefined;
  const subject = ones ? `${ones[1]!.trim()} ${head}` : said;
  // The previous question may itself have been a parallel follow-up ("what about edmund?"): read
  // it first; its subject's place is then the one this subject takes.
  const chained = depth < MAX_CHAIN ? await resolveParallel(raw, earlierUserTurns.slice(1), language, embedder, depth + 1) : undefined;
  const previous = chained?.resolved ?? raw;
  // A previous follow-up that was itself read as nothing ("and next to the street?") is no question to ask again of another subject.
  if (!chained && depth === 0 && (ABOUT_LEAD[lang].test(raw.trim()) || AND_LEAD[lang].test(raw.trim()))) return olderParallel(query, subject, earlierUserTurns, language);
  // A condition ("and when fully loaded?") is added to that question, whose subject it does not replace.
  const condition = SUBORDINATORS.has(subject.split(/\s+/)[0]!.toLowerCase()) || SETTING_ADVERBS.has(subject.trim().toLowerCase());
  // Not where that subject was added with its preposition and a bare Dutch noun follows ("… voor mijn energiecontract" — "en mijn internetabonnement?").
  // Nor where one of the two opens with a preposition and the other does not, or with another one: "what about
  // restaurants?" after "and in April?" takes the place of "groceries", not of "in April"; "en aan restaurants?"
  // that of "aan boodschappen".
  const opener = (text: string): string => {
    const first = tokens(text)[0]?.lower ?? '';
    return PREPOSITIONS.has(first) ? first : '';
  };
  const chainedSaid = chained ? previous.slice(chained.at.start, chained.at.end) : '';
  // Nor where that follow-up was a condition ("and if it's OOMKilled?"), whose place no thing takes.
  const chainedCondition = SUBORDINATORS.has(chainedSaid.trim().split(/\s+/)[0]!.toLowerCase());
  const sameKind = !chained || (opener(subject) === opener(chainedSaid) && !chainedCondition);
  const chainedPlace = chained && !condition && !(wordingOnly && chained.replaced === '') && sameKind;
  // "and the stew?" after "is chana masala spicy?", both items of the list a reply gave: the other item's place.
  const sibling = chainedPlace ? undefined : listSibling(subject, previous, lists);
  const all = chainedPlace ? [{ ...chained.at, text: previous.slice(chained.at.start, chained.at.end), decided: true }] : sibling ? [sibling] : parallelSlots(previous, subject, language);
  const settled = wordingOnly ? all.filter((s) => s.decided && s.start < s.end) : all;
  // A Dutch "en het plastic?" too: the wording settles a lone thing's place (see loneSibling).
  const lone = wordingOnly && !correction && settled.length === 0 ? loneSibling(subject, all) : undefined;
  // "and battery life?" after "… the Pixel 9 or the iPhone 16?": what a thing has takes no name's place, nor a
  // moment's ("and the year total?" after "how much is that per week?").
  const attribute = isAttribute(subject.toLowerCase().match(/\p{L}+/gu)?.at(-1) ?? '');
  const slots = (lone ? [lone] : settled).filter((s) => !attribute || s.decided || (!/\p{Lu}/u.test(s.text) && !MOMENT_UNIT_ALONE.test(s.text.trim())));
  // "what about my vitamin D?" after "is that bad?", itself after "What did the blood test show about
  // my cholesterol?": a question that says nothing but what it points at is passed over, once, for the one before.
  if (depth === 0 && !ones && !skipped && earlierUserTurns.length > 1 && pointsOnly(previous)) {
    const before = await resolveParallel(query, earlierUserTurns.slice(1), language, embedder, 0, lists, true);
    if (before) return before;
  }
  if (slots.length === 0) return !ones ? olderParallel(query, subject, earlierUserTurns, language) : undefined;
  let similarities: number[] | undefined;
  if (embedder && !slots.some((s) => s.decided)) {
    const [s, ...vs] = await embedder.embed([subject, ...slots.map((x) => x.text)]);
    similarities = vs.map((v) => cosine(s!, v));
  }
  const slot = chooseSlot(subject, slots, similarities) ?? loneSibling(subject, slots);
  const put = slot?.put ?? subject;
  const resolved = slot && substitute(previous, slot, subject);
  if (!slot || !resolved) return !ones ? olderParallel(query, subject, earlierUserTurns, language) : undefined;
  // "the one from Contoso" is asked again only where the previous question said "from" too.
  if (THE_ONE_IN_FOLLOW_UP.test(query) && !(slot.decided && slot.start < slot.end)) return undefined;
  // An added subject stands after the space put before it.
  const at = slot.start === slot.end ? slot.start + 1 : slot.start;
  return { resolved, replaced: slot.text, at: { start: at, end: at + put.length } };
}

/** A question of a pointing word and at most one word more ("is that bad?", "why is that?", "waarom?"), or of none at all. */
function pointsOnly(question: string): boolean {
  // A topic the rewrite put in brackets is no word of the question ("is that bad (cholesterol)?").
  const said = question.replace(/\([^)]*\)/g, ' ');
  const words = (said.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => !STOPWORDS.has(w));
  return words.length === 0 || (words.length === 1 && PRONOUN.test(said));
}

/** How many questions before the latest one a parallel follow-up may go back to. */
const OLDER_QUESTIONS = 2;

/**
 * "what about the refund service?" after "How do I configure the retry policy in the payment
 * service?" and a question between that names no service: an earlier question where the wording
 * alone settles the place (the same head noun), when the latest has none.
 */
function olderParallel(query: string, subject: string, earlierUserTurns: readonly string[], language: string): ParallelReading | undefined {
  if (THE_ONE_IN_FOLLOW_UP.test(query)) return undefined;
  for (const previous of earlierUserTurns.slice(1, 1 + OLDER_QUESTIONS)) {
    const slot = chooseSlot(subject, parallelSlots(previous, subject, language).filter((x) => x.decided && x.start < x.end));
    const resolved = slot && substitute(previous, slot, subject);
    if (slot && resolved) return { resolved, replaced: slot.text, at: { start: slot.start, end: slot.start + (slot.put ?? subject).length } };
  }
  return undefined;
}
