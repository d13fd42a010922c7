import { queryTerms, STOPWORDS } from '../../search/queryTerms.js';
import type { TermStats } from '../../search/termStats.js';
import type { SelectedTurn } from '../targetedHistory.js';
import type { RewriteKind, RewriteResult } from '../types.js';
import { candidateTerms, FEATURE_NAMES, messageWords, termFeatures } from './candidates.js';
import { expandShorthand, removeFillers, topicShift, withoutTalk } from './clarity.js';
import { resolveIndefiniteOne, resolveModifiedOne, resolveOnes } from './indefiniteOne.js';
import { dependenceFeatures } from './dependence.js';
import { resolveDemonstrative } from './demonstrative.js';
import { namedFile, resolveFileNoun } from './files.js';
import { editDistance, expansions } from './expand.js';
import { classifyIntent } from './intent.js';
import { commonWords, detectLanguage } from './language.js';
import { answerName, completeNames, hasPersonPronoun, namesIn, personAntecedent, resolvePerson, roleIn } from './names.js';
import { resolveListPronoun, resolveOrdinal, type OrdinalReading } from './ordinal.js';
import { actingAgent, contactedAgent, namedAction, pluralThing, verbObject, type ActedOn } from './verbObject.js';
import { resolveSaid, resolveSource, type Answer, type SourceReading } from './source.js';
import { queryCues } from './queryCues.js';
import { askedFor, frameAntecedent, replaceOne } from './questionFrame.js';
import { choosesAmong, orderedOne, replaceBoth, saidAbout, type ParallelReading } from './parallel.js';
import { antecedents, attachTopic, carryingPronoun, CLAUSE_WORDS, dutchPronounAtEnd, ellipticSubject, ELLIPSIS_LEAD, foldFrontedTopic, frontedTopic, isAttribute, MORE, phraseReading, pointingPronoun, resolveReference, resolveThere, SUBORDINATORS, standingPronoun, trimEnd, type Antecedent } from './resolve.js';
import { probability, REWRITE_WEIGHTS, type RewriteWeights } from './scorer.js';
import { clausePredicates, englishTags, passiveThey, pronounSubjectVerb, theyVerb, verbSubjects } from './predicates.js';
import { caseLike, charAt, DETERMINERS, escapeRegExp, hasWholeWord, LETTER, LETTER_OR_DIGIT, opensSentence, PEOPLE, PERSON_ROLES, PERSON_TITLES, plural, PREPOSITIONS, replaceWhole, SOURCE_LEAD, wholeMatches, withoutAddresses, wordPattern } from './words.js';

/** At most this many conversation terms are added to the search. */
const MAX_SEARCH_TERMS = 10;
const WORD = wordPattern();

/** Where each word (lower case) first stands in the selected turns, read in order. */
function conversationOrder(turns: readonly SelectedTurn[]): Map<string, number> {
  const at = new Map<string, number>();
  for (const t of turns) for (const w of `${t.user} ${t.assistant}`.toLowerCase().match(WORD) ?? []) if (!at.has(w)) at.set(w, at.size);
  return at;
}

/**
 * The probability a conversation term needs to be added to the search (at its share of
 * ADDED_TERM_WEIGHT: see searchTerms). Below the learned threshold: chosen by retrieval on both
 * MTRAG folders (see the issue note).
 */
export const SEARCH_TERM_BAR = 0.15;
/** The weight a topic word of the user's gets when building readings of a reference. */
const TOPIC_FLOOR = 0.2;
/** A pointing question with no term over the bar takes up to this many of the latest question's words, if at least this likely. */
const FALLBACK_TERMS = 4;
const FALLBACK_FLOOR = 0.05;
const IN_LAST_USER = FEATURE_NAMES.indexOf('in_last_user');
/** A query of at most this many content words leans on the conversation ("which is better?"). */
const SHORT_QUERY = 1;
/** Two readings whose scores are this close count as an ambiguous reference. */
const AMBIGUITY_MARGIN = 0.8;

export interface LexicalInput {
  query: string;
  /** The user's earlier messages, for language detection of very short queries. */
  earlierUserTurns: readonly string[];
  turns: readonly SelectedTurn[];
  termStats?: TermStats;
  weights?: RewriteWeights;
  /** Overrides SEARCH_TERM_BAR (for evaluation). */
  searchTermBar?: number;
  /** "What about bonds?" read as the previous question about bonds (see resolveParallel). */
  parallel?: ParallelReading;
  /** readQuery's reading of the query, when the caller has it already. */
  reading?: QueryReading;
  /**
   * Every answer of the conversation, whole, by turn pair: "what you said about France" may mean
   * any of them, past message_char_limit too. Without them, the selected turns' answers are read.
   */
  answers?: readonly Answer[];
  /**
   * The conversation's latest turn pairs, whether selected or not: a demonstrative points at
   * something just said ("who chairs that session?" after "… in the session on conversational
   * search." and another question). Without them, the selected turns are read.
   */
  recent?: readonly SelectedTurn[];
  /** Names the user called "he" or "she" earlier (lower-cased; see peopleNamed). */
  people?: ReadonlySet<string>;
  /** The list item the latest question named by its place (see ordinalsAsked): "and the second?" takes the same list's. */
  previousOrdinal?: OrdinalReading;
  /** What the latest question's own pronoun was read as, when it had one: what the conversation is still about. */
  previousReference?: LexicalTrace['reference'];
  /** The two things a choice question chooses between, from the user's latest two questions (see choiceBetween). */
  choice?: { options: readonly [string, string]; turns: number[] };
  /** The two things a recent question compared or asked of in turn, which a "both" names (see replaceBoth). */
  both?: { options: readonly [string, string]; turns: number[] };
}

/** The question as the engine reads it: fillers removed, an opening that changes the subject taken off, its language. */
export interface QueryReading {
  text: string;
  /** It opened with "Changing the subject, …": the rest stands alone. */
  shifted: boolean;
  language: string;
}

/** Of readings this much below the best one, one whose number agrees with the pronoun is taken instead. */
const AGREEMENT_MARGIN = 0.5;

/** A reading's head noun: its last word. */
const head = (r: Pick<Antecedent, 'phrase'>): string => r.phrase.split(/\s+/).at(-1)!;

/**
 * Whether a phrase names a person: with a title ("Dr Patel"), by a role ("the GP", "my
 * landlord"), or someone the user called he or she ("Jansen" of "Maria Jansen").
 */
export function isPerson(name: string, people: ReadonlySet<string> = new Set()): boolean {
  const phrase = name.toLowerCase();
  // "the quote of the contractor" is a quote: the words before "of" name the thing.
  const words = phrase.split(/\s+(?:of|van)\s+/)[0]!.split(' ');
  // A role by its ending: "the dermatologist", "de cardioloog", "the paediatrician".
  if (PERSON_TITLES.has(words[0]!) || PERSON_ROLES.has(words.at(-1)!) || /(?:ologist|oloog|iatrist|iater|ician)s?$/.test(words.at(-1)!)) return true;
  // "Chief Sustainability Officer Anouk Verbeek": a role before a name.
  if (/^\p{Lu}/u.test(name.split(/\s+/).at(-1)!) && words.slice(0, -1).some((w) => PERSON_ROLES.has(w))) return true;
  return [...people].some((p) => p === phrase || p.split(' ').includes(phrase) || phrase.split(' ').includes(p));
}

/**
 * Whether the question points at one thing: English "it"/"its", a Dutch "dat", "dit" or "hem", or
 * an attribute asked of it ("and the price?", "en de prijs?").
 */
function pointsAtOneThing(query: string, language: string): boolean {
  const body = trimEnd(query).body;
  const lang = language === 'nl' ? 'nl' : 'en';
  if (asksAttribute(query)) return true;
  const lead = ELLIPSIS_LEAD[lang]!.exec(body);
  // Not a name ("what about the Dell?"), which is a thing of its own.
  const rest = lead ? body.slice(lead[0].length).trim().replace(/^(?:the|a|an|de|het|een)\s+/i, '') : '';
  // Only what a thing has ("and the price?"): "and restaurants?" after "which shop do I spend the most at?" asks of no shop.
  if (rest && !/^\p{Lu}/u.test(rest) && !MORE[lang]!.test(body) && isAttribute(rest.toLowerCase().match(/\p{L}+/gu)?.at(-1) ?? '')) return true;
  if (language === 'nl') return /^(?:dat|dit|hem)$/i.test(pointingPronoun(body, 'nl')?.[0] ?? '');
  return /^it$/i.test(pointingPronoun(body, 'en')?.[0] ?? '') || /\bits\b/i.test(body);
}

/**
 * "what's the range?", "what are the side effects?", "wat is de prijs?": what a thing has, of the
 * thing the conversation is on (group 1: the noun, with up to two words before it).
 */
const WHATS_ATTRIBUTE = /^\s*(?:(?:and|so|en)\s+)?(?:what(?:['’]s|\s+is|\s+are)|wat\s+(?:is|zijn))\s+(?:the|its|de|het)\s+((?:\p{L}+\s+){0,2}\p{L}+)\s*[?.!]*\s*$/iu;

/** Whether a question asks only what a thing has ("what's the range?", "what are the side effects?"): it is about the thing the latest answer chose, as "and the price?" is. */
export function asksAttribute(query: string): boolean {
  const noun = WHATS_ATTRIBUTE.exec(query)?.[1]?.split(/\s+/).at(-1);
  return !!noun && isAttribute(noun);
}

/** A follow-up that names only an attribute: "and the seat?", "what platform?", "what's the range?" (group 1: the noun). */
const ONLY_ATTRIBUTE = /^\s*(?:(?:and|so|what\s+about|how\s+about)\s+)?(?:(?:what|which)(?:['’]s|\s+is|\s+are)?\s+)?(?:(?:the|its|my)\s+)?(\p{L}+)\s*[?.!]*\s*$/iu;
const asksOnlyAttribute = (query: string): boolean => isAttribute(ONLY_ATTRIBUTE.exec(query)?.[1] ?? '');

/** A Dutch "die" that stands alone ("wanneer vervallen die?", "kan ik die ruilen?"), and "ze". */
const DUTCH_DIE = dutchPronounAtEnd('die');
const DUTCH_ZE = /(?<![\p{L}])ze(?![\p{L}])/iu;
/** A Dutch noun in the plural by its form ("vakantiedagen", "offertes", "kinderen"), lower case. */
const dutchPlural = (w: string): boolean => /^\p{Ll}/u.test(w) && w.length > 3 && /(?:[^aeiou]en|[aeiou]s|ers|ies)$/u.test(w);

/** A Dutch "het" that stands for a thing ("kan ik het opzeggen?", "zet ik het aan?"). */
const DUTCH_HET = dutchPronounAtEnd('het');

/**
 * The reading an English pronoun agrees with in number: "what happens if Germany stops bailing
 * them out?" means the countries of the conversation, not its strong economy; "how is it
 * calculated?" one thing rather than several. A subject "they" and a name may be either ("the
 * band … did they tour?", "Apple … do they pay dividends?"), so they stand.
 */
export function agreeingReading(query: string, readings: readonly Antecedent[], language: string, people: ReadonlySet<string> = new Set()): Antecedent | undefined {
  const first = readings[0];
  // "kan ik ze laten uitbetalen?", "wanneer vervallen die?" after "Hoeveel vakantiedagen heb ik nog volgens mijn loonstrook?":
  // a Dutch "ze" or "die" stands for things in the plural ("vakantiedagen") more often than for one ("mijn loonstrook").
  if (first && language === 'nl' && (DUTCH_DIE.test(query) || DUTCH_ZE.test(query)) && !dutchPlural(head(first))) {
    const many = readings.find((r) => r !== first && !r.verb && !isPerson(r.phrase, people) && dutchPlural(head(r)) && r.score >= (first.score * AGREEMENT_MARGIN) / 2);
    if (many) return many;
  }
  // "wat als het niet weggaat?" after "Wat zei de dermatoloog over de uitslag?": a Dutch question with no word for a person is about a thing.
  if (first && language === 'nl' && !/(?<![\p{L}])(?:hij|zij|ze|hem|haar)(?![\p{L}])/iu.test(query)) {
    // "wat kost het?": "het" stands for no word the conversation wrote with "de" ("de gemeente"); "die" for none written with "het" ("het rooster").
    const het = DUTCH_HET.test(query);
    const die = !het && DUTCH_DIE.test(query);
    // A name is as often someone's ("samen met Fatima en Joris") whom "die" stands for: no thing to read it as.
    const thing = readings.find((r) => !isPerson(r.phrase, people) && !(het && r.article?.toLowerCase() === 'de') && !(die && (r.article?.toLowerCase() === 'het' || /^\p{Lu}/u.test(head(r)))));
    return thing && (thing === first || thing.score >= first.score * AGREEMENT_MARGIN) ? thing : undefined;
  }
  if (!first || language !== 'en') return first;
  // A subject "they" is people as often as things (a band, a company), and takes either.
  const body = trimEnd(query).body;
  // "aren't there more?" asks for more of things: "more deadlines", not "more grant proposal".
  const pronoun = pronounNumber(body);
  if (!pronoun) {
    // "can they be revoked?", "how long do they take?": a plural thing first; "what did they find?": people first.
    const they = passiveThey(body) ? 'is' : theyVerb(body);
    return they === 'is' ? doneTo(readings, first, people) : they === 'acts' ? doneBy(readings, first) : first;
  }
  // "how do I contact them?": whom one contacts, calls or asks is someone who acts, a name or people before a thing.
  if (pronoun === 'them' && ADDRESSED.test(body)) return doneBy(readings, first);
  // "How much is it?" after "When does she start?": whoever "she" was, "it" is not them, nor a group of people ("children").
  const person = (r: Antecedent): boolean => isPerson(r.phrase, people) || PEOPLE.has(head(r).toLowerCase());
  const best = readings.find((r) => !person(r));
  if (!best || (best !== first && best.score < first.score * AGREEMENT_MARGIN)) return undefined;
  const agrees = (r: Antecedent): boolean => !/^\p{Lu}/u.test(head(r)) && numberFits(r, pronoun);
  if (numberFits(best, pronoun)) return best;
  return readings.find((r) => r !== best && !person(r) && r.score >= best.score * AGREEMENT_MARGIN && agrees(r));
}

/** Verbs of addressing someone right before "them": "contact them", "call them", "write to them". */
const ADDRESSED = /\b(?:contact|call|phone|ring|email|e-mail|mail|text|message|ask|tell|reach|complain\s+to|write\s+to|talk\s+to|speak\s+to)\s+them\b/i;

/** A demonstrative that stands alone, a noun phrase's place ("is that more …?", "wat kost dat?"). */
const POINTING_DEMONSTRATIVE = /(?<![\p{L}])(?:that|this|dat|dit)(?=\s+(?:is|was|are|were|does|did|do|has|have|had|mean|cost|costs|kost|kosten|betekent)\b|\s*[?.!]*\s*$)|(?<=(?:^|\s)(?:is|was|does|did|has|had|will|would|can|could|should|isn['’]t|wasn['’]t|doesn['’]t)\s+)(?:that|this)(?=\s+(?:more|less|bigger|higher|lower|better|worse|normal|good|bad|enough|a\s+lot|much|right|correct|true|common|usual)\b)/iu;

/** Where a question says its answer should come from: "according to the README", "volgens mijn contract". */
const SOURCE_OF_QUESTION = new RegExp(`${SOURCE_LEAD}([^?.!]+)`, 'i');
/** A topic's reading this much below the best one still comes first (see topicFirst). */
const TOPIC_MARGIN = 0.25;

/** A request done to a text with a pointing word: "summarize it", "translate that", "vat het samen", "vertaal dat". */
const TEXT_REQUEST = /^\s*(?:(?:can|could|would)\s+you\s+|please\s+)?(?:summari[sz]e|translate|quote|print|open)\s+(?:it|that|this)\b|^\s*(?:kun\s+je\s+|kan\s+je\s+)?(?:vat|vertaal|citeer|print|open)\s+(?:het|dat|dit)\b/i;
/** What is done to a text, asked of its pointing word: "when was it signed?", "who wrote it?", "is it dated?", "wanneer is het ondertekend?". */
const TEXT_DONE = /\b(?:it|that|this)\s+(?:(?:last|first|actually)\s+)?(?:signed|written|drafted|published|updated|dated|approved|amended|issued|submitted|countersigned)\b|\b(?:who|when)\s+(?:wrote|signed|drafted|published|approved|issued)\s+(?:it|that|this)\b|\b(?:het|dat|dit)\s+(?:\p{L}+\s+)?(?:ondertekend|getekend|geschreven|opgesteld|gepubliceerd|bijgewerkt|gedateerd)\b/iu;

/** At most this many words name the thing of an elliptical question ("and the return flight?"). */
const NAMED_THING_WORDS = 5;

/**
 * The thing an elliptical question names ("And the hotel?", "what about the return flight?", "en
 * de inboedelverzekering?") when its answer names it too, not a clause of its own ("and if I'm
 * 60?", "and when did it end?").
 */
function namedThing(question: string, answer: string, language: string): string | undefined {
  const body = trimEnd(question).body;
  const lead = ELLIPSIS_LEAD[language === 'nl' ? 'nl' : 'en']!.exec(body);
  const rest = lead ? body.slice(lead[0].length).trim() : '';
  const words = rest.toLowerCase().split(/\s+/);
  if (!rest || words.length > NAMED_THING_WORDS || CLAUSE_WORDS.has(words[0]!) || SUBORDINATORS.has(words[0]!)) return undefined;
  // Only when the answer is about it too: "en de prijs?" — "Houtmulch kost 45 euro per kuub." asked about the price of houtmulch.
  const head = rest.match(/[\p{L}\p{N}]+/gu)?.at(-1);
  return head && wholeMatches(answer, escapeRegExp(head), { ignoreCase: true }).length ? rest : undefined;
}

/** "what's eco mode?", "what is a lien?", "wat is een erfpacht?": a question of what a thing is (group 1: the thing). */
const WHAT_IS = /^\s*(?:(?:and|so|ok(?:ay)?|en)[\s,]+)?(?:what(?:\s+is|\s+are|['’]s|['’]re)|wat\s+(?:is|zijn)|wat\s+betekent)\s+((?:(?:the|a|an|de|het|een)\s+)?[\p{L}\p{N}][\p{L}\p{N}'’-]*(?:\s+[\p{L}\p{N}][\p{L}\p{N}'’-]*){0,3})\s*[?.!]*\s*$/iu;

/** The thing a question asks what it is ("what's eco mode?" → "eco mode"); not a pronoun ("what is it?"). */
function definedThing(question: string): string | undefined {
  const thing = WHAT_IS.exec(question)?.[1];
  return thing && !CLAUSE_WORDS.has(thing.split(/\s+/)[0]!.toLowerCase()) && !/^(?:that|this|those|these|dat|dit|die|deze)\b/i.test(thing) ? thing : undefined;
}

/**
 * Readings with the latest question's topic first, where it asked what a text says about it:
 * "What does the lease say about the deposit?" — "when do I get it back?" asks for the deposit
 * (the lease stays a reading of its own); where it was a short follow-up naming a thing ("And
 * the hotel?" — "how far is it from the airport?"); where it asked what a thing is ("what's eco
 * mode?" — "how do I turn it off?"); or where it named the text its answer should
 * come from ("… according to the README?"). For a pointing word only: a question without one
 * ("how much is the rent?") is about the text as a whole.
 */
export function topicFirst(readings: readonly Antecedent[], last: SelectedTurn, language: string, query = ''): readonly Antecedent[] {
  if (readings.length < 2) return readings;
  const first = readings[0]!;
  const asked = (r: Antecedent): boolean => r.role === 'user' && r.turn === last.index;
  // "summarize it" after "What does the Acme service agreement say about uptime?": the text, which is what is summarised.
  // So does "when was it signed?": what was signed is the text.
  const text = TEXT_REQUEST.test(query) || TEXT_DONE.test(query) ? saidAbout(last.user)?.text.toLowerCase() : undefined;
  const inText = text ? readings.find((r) => asked(r) && text.includes(r.phrase.toLowerCase())) : undefined;
  if (inText) return [inText, ...readings.filter((r) => r !== inText)];
  // What the latest question was about: the topic of what a text says, or the thing a short
  // follow-up named ("And the hotel?" — "You booked the Hotel Avenida Palace …").
  // "and the battery, how long does it last?": the user said what it was about, whatever the scorer's weights.
  const fronted = frontedTopic(last.user, language);
  const topic = fronted ?? saidAbout(last.user)?.topic ?? namedThing(last.user, last.assistant, language) ?? definedThing(last.user);
  let found: Antecedent | undefined;
  if (topic) {
    // A Dutch topic without its article is as often a verb ("over opzeggen"), which no "dat" or "het" stands for.
    if (language === 'nl' && !/^(?:(?:de|het|een|mijn|je|jouw|uw|onze|ons)\s|\p{Lu})/u.test(topic.trim())) return readings;
    found = readings.find((r) => asked(r) && topic.toLowerCase().includes(r.phrase.toLowerCase()));
  } else {
    // "How do I deploy the backend according to the README?": the README is where, the backend what.
    const source = SOURCE_OF_QUESTION.exec(last.user)?.[1]?.toLowerCase();
    const inSource = (r: Antecedent): boolean => !!source && source.includes(r.phrase.toLowerCase());
    if (asked(first) && inSource(first)) found = readings.find((r) => asked(r) && !inSource(r));
  }
  if (!found || found === first || (!fronted && found.score < first.score * TOPIC_MARGIN)) return readings;
  return [found, ...readings.filter((r) => r !== found)];
}

/**
 * "When does my flight to Lisbon leave?" — "can I change it?": a name the question only gives
 * after a preposition of place ("to Lisbon", "in Amsterdam") says where the user's own thing is
 * ("my flight"), which "it" stands for, with "my", when it is a reading of some weight
 * (TOPIC_MARGIN).
 */
function usersBeforePlace(readings: readonly Antecedent[], question: string): readonly Antecedent[] {
  const place = readings[0];
  if (!place || !/^\p{Lu}/u.test(place.phrase)) return readings;
  const at = wholeMatches(question, escapeRegExp(place.phrase));
  if (at.length === 0 || !at.every((m) => PLACE_PREPOSITION.test(question.slice(0, m.index)))) return readings;
  for (const mine of readings) {
    if (mine === place || mine.role !== 'user' || mine.score < place.score * TOPIC_MARGIN) continue;
    const owner = ['my', 'our'].find((o) => hasWholeWord(question, `${o} ${mine.phrase}`));
    // The place is no other reading of "it": it is searched as a word of the conversation.
    if (owner) return [{ ...mine, article: owner }, ...readings.filter((r) => r !== mine && r !== place)];
  }
  return readings;
}
const PLACE_PREPOSITION = /\b(?:to|from|in|at|near|via)\s+$/i;

/** Dutch prepositions of place ("in", "op", "bij"), and more of them before an article ("onder de", "naast het"). */
const DUTCH_PLACE_PREPOSITIONS = 'in|op|aan|naar|uit|bij|tussen|door';
/** A Dutch preposition of place right before a name ("bij Basic-Fit", "in Utrecht"). */
const DUTCH_PLACE_BARE = new RegExp(`\\b(?:${DUTCH_PLACE_PREPOSITIONS})\\s+$`, 'i');
/** A Dutch preposition of place before a thing's article ("in de oven", "op het dak", "naar de garage"). */
const DUTCH_PLACE = new RegExp(`\\b(?:${DUTCH_PLACE_PREPOSITIONS}|onder|boven|achter|naast)\\s+(?:de|het|een|mijn|je|jouw|uw|onze|ons)\\s+$`, 'i');

/**
 * "Hoe lang moet de lasagne in de oven?" — "kan ik hem invriezen?": a Dutch reading the latest
 * question only gives in a phrase of place ("in de oven") comes after one it gives as a thing of its
 * own ("de lasagne"), when that reading has some weight (TOPIC_MARGIN).
 */
function dutchPlaceLast(readings: readonly Antecedent[], question: string): readonly Antecedent[] {
  const first = readings[0];
  if (!first || readings.length < 2) return readings;
  // A name right after the preposition is a place or a firm too ("bij Basic-Fit", "in Utrecht").
  const inPlace = (r: Antecedent): boolean => {
    const at = wholeMatches(question, escapeRegExp(r.phrase), { ignoreCase: true });
    const name = /^\p{Lu}/u.test(r.phrase);
    return at.length > 0 && at.every((m) => DUTCH_PLACE.test(question.slice(0, m.index)) || (name && DUTCH_PLACE_BARE.test(question.slice(0, m.index))));
  };
  if (!inPlace(first)) return readings;
  const thing = readings.find((r) => r !== first && r.role === 'user' && !r.verb && r.score >= first.score * TOPIC_MARGIN && hasWholeWord(question, r.phrase) && !inPlace(r));
  return thing ? [thing, ...readings.filter((r) => r !== thing)] : readings;
}

/** How an English question has a phrase: as what its verb acts on ("set a schedule"), or after a preposition ("on the Nest thermostat"). */
function placeIn(question: string, phrase: string): 'object' | 'oblique' | undefined {
  const { words, tags } = englishTags(question);
  const said = phrase.toLowerCase().split(/\s+/);
  const lower = words.map((w) => w.toLowerCase());
  const at = lower.findIndex((_, i) => said.every((w, k) => lower[i + k] === w));
  if (at < 0) return undefined;
  let before = at - 1;
  while (before >= 0 && (DETERMINERS.has(lower[before]!) || tags[before] === 'ADJ')) before--;
  if (before < 0) return undefined;
  if (tags[before] === 'ADP') return 'oblique';
  return tags[before] === 'VERB' && !/^(?:do|does|did|is|are|was|were|be)$/.test(lower[before]!) ? 'object' : undefined;
}

/**
 * "How do I set a schedule on the Nest thermostat?" — "can I copy it?": what the latest question's
 * verb acted on is what the next one's verb acts on, rather than where it was done (the thermostat),
 * when that reading has some weight (TOPIC_MARGIN).
 */
function objectFirst(readings: readonly Antecedent[], query: string, question: string): readonly Antecedent[] {
  const first = readings[0];
  if (!first || readings.length < 2 || !thingPronoun(query) || /^\s*where\b/i.test(query) || placeIn(question, first.phrase) !== 'oblique') return readings;
  const object = readings.find((r) => r !== first && r.role === 'user' && !r.verb && r.score >= first.score * TOPIC_MARGIN && placeIn(question, r.phrase) === 'object');
  return object ? [object, ...readings.filter((r) => r !== object)] : readings;
}

/**
 * "What did the vet charge for Max's surgery?" — "does my pet insurance cover it?": a name the
 * conversation only ever writes as an owner ("Max's", "Emma’s") is no thing "it" stands for; what it
 * owns is, with its owner ("Max's surgery"), when that is a reading of some weight (TOPIC_MARGIN).
 */
export function ownedFirst(readings: readonly Antecedent[], turns: readonly SelectedTurn[]): readonly Antecedent[] {
  const owner = readings[0];
  if (!owner || !/^\p{Lu}/u.test(owner.phrase)) return readings;
  const after = turns.flatMap((t) => [t.user, t.assistant].flatMap((text) => wholeMatches(text, escapeRegExp(owner.phrase)).map((m) => text.slice(m.index + m[0].length))));
  const owned: [mark: string, words: string][] = [];
  for (const rest of after) {
    const m = OWNED.exec(rest);
    if (!m) return readings;
    owned.push([m[1]!, m[2]!]);
  }
  for (const [mark, words] of owned) {
    // The whole of what is owned: "Max's surgery", not "tone" of "Strauss' tone poems".
    const whole = (r: Antecedent): boolean => {
      const next = words.slice(r.phrase.length).match(/^\s*([\p{L}\p{N}]*)/u)![1]!;
      return words.toLowerCase().startsWith(r.phrase.toLowerCase()) && !LETTER_OR_DIGIT.test(charAt(words, r.phrase.length)) && (!next || STOPWORDS.has(next.toLowerCase()));
    };
    const thing = readings.find((r) => r !== owner && r.score >= owner.score * TOPIC_MARGIN && whole(r));
    if (!thing) continue;
    const { article: _, ...rest } = thing;
    return [{ ...rest, phrase: `${owner.phrase}${mark} ${thing.phrase}` }, ...readings.filter((r) => r !== thing)];
  }
  return readings;
}

/**
 * Readings with the subject the conversation gave the question's verb first, where the question's
 * "it" or "they" is that verb's subject: after "What does the warranty of my washing machine
 * cover?", "does it cover the pump?" asks whether the warranty does, not the machine. The latest
 * turn that gives the verb a subject among the readings decides, when that reading has some
 * weight (TOPIC_MARGIN).
 */
export function subjectFirst(readings: readonly Antecedent[], query: string, turns: readonly SelectedTurn[]): readonly Antecedent[] {
  const first = readings[0];
  const verb = first && readings.length > 1 ? pronounSubjectVerb(query) : undefined;
  if (!verb) return readings;
  for (const t of [...turns].reverse()) {
    for (const text of [t.assistant, t.user]) {
      const heads = verbSubjects(text, verb);
      const found = readings.find((r) => heads.includes(head(r).toLowerCase()));
      if (!found) continue;
      return found === first || found.score < first!.score * TOPIC_MARGIN ? readings : [found, ...readings.filter((r) => r !== found)];
    }
  }
  return readings;
}

/** A possessive ending and the words after it. */
const OWNED = /^(['’]s?)\s+(\S.*)$/su;

/** "… of that?", "… with this?": a demonstrative ending the question after a preposition. */
const THING_AFTER_PREPOSITION = /\b(?:of|with|for|about|from|without)\s+(?:that|this)\s*$/i;
/** "… before that?", "… after this?": a demonstrative ending the question after a preposition of time, a time or a happening. */
const TIME_AFTER_PREPOSITION = /\b(?:before|after|until|till|since)\s+(?:that|this)\s*$/i;
/** "what resolution is it?", "what size are they?", "how heavy is it?": a question of what a thing is like. */
const THING_ASKED = /^\s*(?:(?:and|so|but)\s+)?(?:what\s+(?!time\b|day\b|date\b)\p{L}+|how\s+(?:big|old|heavy|large|wide|tall|deep|high|thick|small|fast|strong|loud|bright))\s+(?:is|are|was|were)\s+(?:it|they)\s*$/iu;

/**
 * Whether an English question's "it"/"them" is a thing rather than something done: the object of
 * a verb other than "do" or of a preposition ("how do I set it up again?", "can I pay with it?"),
 * or what is somewhere ("where is it?"). "How do I reset the router?" — "where is it?" asks
 * where the router is; "did it work?" may ask about the resetting.
 */
function thingPronoun(query: string): boolean {
  const { body } = trimEnd(query);
  // "what are the side effects of that?": a thing after a preposition.
  if (THING_AFTER_PREPOSITION.test(body)) return true;
  const pointing = pointingPronoun(body, 'en');
  if (!pointing || !/^(?:it|them)$/i.test(pointing[0])) return false;
  if (/^\s*where\b/i.test(body)) return true;
  // "what resolution is it?", "how heavy are they?": what a thing is like, not a doing (nor "what time is it?").
  if (THING_ASKED.test(body)) return true;
  // The whole question is tagged (once, for every reader of it); the pronoun is its first such word.
  const { words, tags } = englishTags(query);
  const before = words.findIndex((w) => w.toLowerCase() === pointing[0].toLowerCase()) - 1;
  return before >= 0 && (tags[before] === 'VERB' || tags[before] === 'ADP') && !/^(?:do|does|did|doing|done)$/i.test(words[before]!);
}

/**
 * The English word whose number a reading must agree with: "it" (and "its": "what are its side
 * effects?" stands for a thing as "it" does), "them", or "more"/"others" ("aren't there more?",
 * more of a kind of thing).
 */
function pronounNumber(body: string): 'it' | 'them' | 'more' | undefined {
  const word = pointingPronoun(body, 'en')?.[0].toLowerCase() ?? (/\bits\b/i.test(body) ? 'it' : undefined);
  if (word === 'it' || word === 'them') return word;
  // "what are the side effects of that?": one thing, as "it" is.
  if (THING_AFTER_PREPOSITION.test(body)) return 'it';
  return word === undefined && /^(?:more|others|other ones)$/i.test(MORE.en!.exec(body)?.[1] ?? '') ? 'more' : undefined;
}

/**
 * "can they be revoked?" after "How does the auth service issue tokens?": what is done to "they",
 * or how it is ("how long do they take?" after "How do I run the tests in the backend repo?"),
 * is a plural thing of the conversation ("the tokens") more often than a thing in the singular
 * (a service, a company), which it outweighs at half the agreement margin. People and names keep
 * their place ("where were they married?").
 */
function doneTo(readings: readonly Antecedent[], first: Antecedent, people: ReadonlySet<string>): Antecedent {
  const common = (r: Antecedent): boolean => !r.verb && !/^\p{Lu}/u.test(head(r)) && !isPerson(r.phrase, people);
  if (!common(first) || plural(head(first).toLowerCase())) return first;
  return readings.find((r) => r !== first && common(r) && plural(head(r).toLowerCase()) && r.score >= first.score * AGREEMENT_MARGIN / 2) ?? first;
}

/** Nouns for a group that acts as one, whom a "they" who acts may be as well as its people. */
const GROUPS = new Set(
  (
    'band team group company committee council board government firm club party organisation organization agency department school university orchestra choir crew family ' +
    'empire kingdom country nation state city republic union league army navy military church society association institute parliament senate congress ministry ' +
    'administration court bank airline manufacturer supplier vendor store shop restaurant hospital clinic studio label publisher network'
  ).split(' '),
);

/**
 * "what did they find?" after "What methods did the authors use …?": who does something is a
 * group of people of the conversation ("the authors") more often than a thing, which it outweighs
 * at half the agreement margin. A name keeps its place ("did they tour?" of a band).
 */
function doneBy(readings: readonly Antecedent[], first: Antecedent): Antecedent | undefined {
  const people = (r: Antecedent): boolean => {
    const h = head(r);
    return /^\p{Ll}/u.test(h) && (PEOPLE.has(h) || (plural(h) && PERSON_ROLES.has(h.slice(0, -1))));
  };
  // A band or a firm acts as its people do ("the band … did they release …?").
  const agent = (r: Antecedent): boolean => /^\p{Lu}/u.test(head(r)) || people(r) || GROUPS.has(head(r).toLowerCase());
  if (agent(first)) return first;
  const near = (r: Antecedent): boolean => r !== first && !r.verb && r.score >= (first.score * AGREEMENT_MARGIN) / 2;
  const found = readings.find((r) => near(r) && people(r));
  if (found) return found;
  // "do they pay for shipping?" after "What does the Coolblue contract say about returns?" — "Coolblue accepts
  // returns …": a name or a group the answer has act is who acts, before a plural thing ("returns").
  const acting = readings.find((r) => near(r) && agent(r) && r.role === 'assistant');
  if (plural(head(first).toLowerCase())) return acting ?? first;
  // "what is the payback period they estimate?" after "… does not mention a permit": no one thing
  // ("the permit estimate") acts as "they"; a name or a group may, else "they" stays as said.
  return readings.find((r) => near(r) && agent(r));
}

/**
 * Whether a reading could stand for the question's English "it"/"its" or "them" (pronounNumber):
 * a name, or a noun of that number; for "more?", a plural noun ("more invoices", not "more Acme").
 */
function numberFits(r: Pick<Antecedent, 'phrase'>, pronoun: 'it' | 'them' | 'more' | undefined): boolean {
  if (!pronoun) return true;
  const noun = head(r);
  // "children", "people": plural without an "s".
  if (PEOPLE.has(noun.toLowerCase())) return pronoun !== 'it';
  if (/^\p{Lu}/u.test(noun)) return pronoun !== 'more';
  return plural(noun.toLowerCase()) === (pronoun !== 'it');
}

/**
 * Reads a turn pair as the engine will when a follow-up comes (its words, their parts of speech, a
 * question's predicates, the words' counts in the index), so that the follow-up's rewrite finds
 * them read: called when the answer is given, off the follow-up's path, as its embedding is. The
 * answer as the turns will hold it (cut at message_char_limit).
 */
export function readAhead(pair: { user: string; assistant: string }, language: string, termStats?: TermStats): void {
  for (const role of ['user', 'assistant'] as const) {
    const text = pair[role];
    if (!text) continue;
    // The candidate words (a question's predicates with them), then their counts in the index, the
    // slowest part of reading a new turn, and the message's phrase reading (its parts of speech).
    const words = messageWords(text, role, language);
    termStats?.documentFrequency(words.map((w) => w.term));
    phraseReading(text, role, language);
  }
}

export function readQuery(query: string, earlierUserTurns: readonly string[]): QueryReading {
  const shift = topicShift(removeFillers(query));
  const language = detectLanguage(shift.text, earlierUserTurns);
  // "and the data transfer, where does it go?": "where does the data transfer go?"; "what abt pets": "what about pets".
  return { text: foldFrontedTopic(expandShorthand(shift.text, language), language), shifted: shift.shifted, language };
}

/** Whether a word of the conversation stands only inside what `blank` takes out of its messages. */
function onlyWithin(turns: readonly SelectedTurn[], blank: (text: string) => string): (term: string) => boolean {
  const texts = turns.flatMap((t) => [t.user, t.assistant]);
  const outside = texts.map(blank);
  if (outside.every((t, i) => t === texts[i])) return () => false;
  return (term) => !outside.some((t) => hasWholeWord(t, term));
}

/** Whether a word of the conversation stands only inside its e-mail and web addresses and domain names. */
export const addressOnly = (turns: readonly SelectedTurn[]): ((term: string) => boolean) => onlyWithin(turns, withoutAddresses);

/**
 * "how long", "how far", "hoe lang", "hoe vaak": "how" and a word of measure in lower case, the
 * question's form ("how photosynthesis works" is none, nor the title "How Far Am I from Canaan").
 */
const HOW_WORD = /(?<![\p{L}])(?:[Hh]ow\s+(?:long|far|often|big|old|tall|high|large|heavy|soon|late|early|fast|quickly|deep|wide|expensive|frequently)|[Hh]oe\s+(?:lang|vaak|ver|groot|oud|duur|snel|laat|vroeg|hoog|zwaar|diep|breed))(?![\p{L}])/gu;

/**
 * Whether a word of the conversation stands only right after "how" ("long" of "how long do I
 * have?", "lang" of "hoe lang duurt het?"): the form of a question, no thing it asked about.
 */
export const askedHowOnly = (turns: readonly SelectedTurn[]): ((term: string) => boolean) => onlyWithin(turns, (t) => t.replace(HOW_WORD, ' '));

/** What the lexical engine saw and chose, for --explain and the evaluation. */
export interface LexicalTrace {
  dependence: number;
  /** How much of ADDED_TERM_WEIGHT each keyword gets in search (0..1), parallel to the result's keywords. */
  keywordShares: number[];
  terms: { term: string; p: number }[];
  expansions: string[];
  typos: string[];
  /** What a parallel follow-up's new subject replaced in the previous question. */
  replaced?: string;
  /** What the question's pronoun or ellipsis was read as, and from what. */
  reference?: { phrase: string; by: 'person' | 'demonstrative' | 'list item' | 'question form' | 'conversation terms' | 'verb object' | 'advice' | 'answer' | 'file' | 'place' | 'order' | 'choice' | 'previous question' | 'own thing' | 'comparison' | 'introduced' | 'contact'; article?: string; attached?: boolean };
}

/**
 * Whether one word is the other with an ending that makes another word ("risk", "risky";
 * "price", "priced"): no typo, as "loan" and "loand" or "what" and "whata" are.
 */
function derived(a: string, b: string): boolean {
  const [short, long] = a.length < b.length ? [a, b] : [b, a];
  if (long.length !== short.length + 1 || !long.startsWith(short) || STOPWORDS.has(short)) return false;
  const ending = long.at(-1)!;
  return ending === 'y' || (short.endsWith('e') && 'drs'.includes(ending));
}

/** Whether the letters of `a` occur in `b` in order. */
function isSubsequence(a: string, b: string): boolean {
  let i = 0;
  for (const ch of b) if (ch === a[i]) i++;
  return i === a.length;
}

/** How a word one edit from another was mistyped: a letter left out (0), two swapped (1), or another (2). */
function slip(typed: string, word: string): number {
  if (isSubsequence(typed, word)) return 0;
  return sortedLetters(typed) === sortedLetters(word) ? 1 : 2;
}

/**
 * Words of the query that the index does not know, corrected to a word of the conversation one
 * edit away that it does know ("warrenty" → "warranty"), in the case the user wrote it. A name
 * (capitalised inside the sentence) is corrected only to a name the conversation writes ("North
 * Carollina" → "North Carolina"), never to a common word ("Theo" is no misspelling of "they").
 * Without index statistics nothing is changed: a word unknown to the conversation may still be right.
 */
function fixTypos(query: string, turns: readonly SelectedTurn[], language: string, termStats?: TermStats): { text: string; fixes: string[]; correct: (text: string) => string } {
  const pairs: [string, string][] = [];
  const correct = (text: string): string =>
    pairs.reduce((t, [w, best]) => replaceWhole(t, w, (m) => caseLike(m, best), LETTER), text);
  const result = () => ({ text: correct(query), fixes: pairs.map(([w, best]) => `${w} → ${best}`), correct });
  if (!termStats || turns.length === 0) return result();
  // Whole words only: "doesn" of "doesn't" is no misspelling of "does" (it became "does't").
  const written = [...query.matchAll(/(?<![\p{L}'’])\p{L}{4,}(?![\p{L}'’])/gu)];
  const words = [...new Set(written.map((m) => m[0].toLowerCase()))].filter((w) => !STOPWORDS.has(w));
  if (words.length === 0) return result();
  const df = termStats.documentFrequency(words);
  // A word a reply wrote is spelt right, known to the index or not ("volgend jaar" after "25 vakantiedagen per jaar" is no "naar").
  const replied = new Set(turns.flatMap((t) => t.assistant.toLowerCase().match(/\p{L}{4,}/gu) ?? []));
  // Nor is a common word of the question's language slipped ("welk" is no "welke" an English index lacks).
  const common = commonWords(language);
  const unknown = words.filter((w) => df.get(w) === 0 && !replied.has(w) && !common.has(w));
  if (unknown.length === 0) return result();
  const messages = turns.flatMap((t) => [t.user, t.assistant]);
  const said = new Set(messages.join(' ').toLowerCase().match(/[\p{L}]{4,}/gu) ?? []);
  // A misspelt common word of the question's language ("wich", "befor", "lnog") is corrected to it
  // whether the conversation has it or not, but only for a letter left out or two swapped: a word
  // the index lacks is as often a word of its own one letter from a function word ("turing", "wonder", "told").
  // Words the conversation capitalises inside a sentence, not for opening one ("They say …").
  const names = new Set(messages.flatMap((m) => (m.match(/(?<=[\p{L}\p{N},;)]\s+)\p{Lu}\p{L}{3,}/gu) ?? []).map((w) => w.toLowerCase())));
  // Capitalised wherever the query has it, and not for opening a sentence.
  const isName = (w: string): boolean =>
    written.filter((m) => m[0].toLowerCase() === w).every((m) => /^\p{Lu}/u.test(m[0]) && !opensSentence(query, m.index));
  // Only the words one edit away are counted in the index: a long conversation has hundreds of
  // words, each a lookup. A function word ("what" of "whata") is in any index, and counting its
  // many passages is the slowest lookup there is: it is taken as the most frequent word without one.
  const near = new Map(unknown.map((w) => [w, [...said].filter((v) => editDistance(w, v, 1) === 1).concat(commonSlips(w, language).filter((v) => !said.has(v))).filter((v) => !derived(w, v))]));
  const isCommon = (v: string): boolean => STOPWORDS.has(v) || common.has(v);
  const counted = termStats.documentFrequency([...new Set([...near.values()].flat())].filter((v) => !isCommon(v)));
  const known = (v: string): number => (isCommon(v) ? Infinity : counted.get(v)!);
  // A function word stands among others or opens a sentence: "whole wheat flour" has no "what" in it.
  const functional = (x: string | undefined): boolean => x === undefined || isCommon(x);
  const functionPlace = (w: string): boolean =>
    written.filter((m) => m[0].toLowerCase() === w).every((m) => {
      const before = /([\p{L}'’]+)[^\p{L}'’.!?]*$/u.exec(query.slice(0, m.index))?.[1]?.toLowerCase();
      const after = /^[^\p{L}'’.!?]*([\p{L}'’]+)/u.exec(query.slice(m.index + m[0].length))?.[1]?.toLowerCase();
      return opensSentence(query, m.index) || functional(before) || functional(after);
    });
  for (const w of unknown) {
    const name = isName(w);
    // A letter left out ("wich" → "which") before two swapped ("lnog" → "long"), before one mistyped ("with").
    const best = near.get(w)!.filter((v) => known(v) > 0 && (!name || names.has(v)) && (!isCommon(v) || functionPlace(w))).sort((a, b) => slip(w, a) - slip(w, b) || known(b) - known(a))[0];
    if (best) pairs.push([w, best]);
  }
  return result();
}

const sortedLetters = (w: string): string => [...w].sort().join('');
interface SlipIndex {
  byLength: Map<number, string[]>;
  byLetters: Map<string, string[]>;
}
const SLIP_INDEX = new Map<string, SlipIndex>();
/** A language's common words (of three letters or more) by length and by their letters, for finding slips of them quickly. */
function slipIndex(language: string): SlipIndex {
  let index = SLIP_INDEX.get(language);
  if (!index) {
    index = { byLength: new Map(), byLetters: new Map() };
    const add = <K>(map: Map<K, string[]>, key: K, w: string): void => {
      const list = map.get(key);
      if (list) list.push(w);
      else map.set(key, [w]);
    };
    for (const w of commonWords(language)) {
      if (w.length < 3) continue;
      add(index.byLength, w.length, w);
      add(index.byLetters, sortedLetters(w), w);
    }
    SLIP_INDEX.set(language, index);
  }
  return index;
}

/**
 * The common words of a language a word is a slip of: one with a letter the word left out ("wich"
 * → "which"; the word's letters in order), then one with two of its letters swapped ("lnog" → "long").
 */
function commonSlips(word: string, language: string): string[] {
  const { byLength, byLetters } = slipIndex(language);
  return [
    ...(byLength.get(word.length + 1) ?? []).filter((v) => isSubsequence(word, v)),
    ...(byLetters.get(sortedLetters(word)) ?? []).filter((v) => v !== word && editDistance(word, v, 1) === 1),
  ];
}

/**
 * Of the conversation's words, those that are a slip of a common word ("lnog", "wich") which no
 * reply wrote and the index does not know: the replies spell a word right ("dose" is no "does"
 * where the leaflet's answer says "dose").
 */
function misspeltCommon(terms: readonly string[], replies: readonly string[], language: string, termStats?: TermStats): ReadonlySet<string> {
  if (!termStats) return new Set();
  const slips = terms.filter((t) => t.length >= 4 && /^\p{L}+$/u.test(t) && commonSlips(t, language).length > 0);
  if (slips.length === 0) return new Set();
  const written = new Set(replies.join(' ').toLowerCase().match(/\p{L}+/gu) ?? []);
  const near = slips.filter((t) => !written.has(t));
  if (near.length === 0) return new Set();
  const df = termStats.documentFrequency(near);
  return new Set(near.filter((t) => df.get(t) === 0));
}

/** What a reader made of what the question points back at (see lexicalRewrite's readers). */
interface ReferenceReading {
  resolved: string;
  reference?: NonNullable<LexicalTrace['reference']>;
  /** The turns it drew on. */
  turns: readonly number[];
  /** The answer's claim a question about its source asks for: searched as the user's own words. */
  claim?: string;
  /** Conversation words the search no longer takes ("the first one" is not the second). */
  unsearched?: ReadonlySet<string>;
  /** Each reading of a reference that may mean several things, the chosen one first. */
  alternatives?: string[];
}

/** A value worked out when first asked for, and only then. */
function lazy<T>(make: () => T): () => T {
  let made = false;
  let value: T | undefined;
  return () => {
    if (!made) {
      value = make();
      made = true;
    }
    return value as T;
  };
}

/** A conversation term the engine scored, as the readers of a reference see it. */
interface ScoredTerm {
  term: string;
  surface: string;
  topic: boolean;
  lastUser: boolean;
  p: number;
}

/** What the readers of a reference read: the question, the conversation, and what the engine made of them. */
interface ReadingContext {
  input: LexicalInput;
  /** The question, fillers removed and typos fixed. */
  base: string;
  language: string;
  turns: readonly SelectedTurn[];
  last: SelectedTurn | undefined;
  answers: readonly Answer[];
  parallel: ParallelReading | undefined;
  typos: { correct: (text: string) => string };
  weights: RewriteWeights;
  dependence: number;
  cues: ReturnType<typeof queryCues>;
  scored: readonly ScoredTerm[];
  searched: readonly ScoredTerm[];
  /** "how much does it weigh?" after "Which one has the best battery life?" — "The MacBook Air M3, …": the thing the answer chose. */
  chosen: () => ReturnType<typeof answerName>;
  /** "how do I request it?" after "… you can request an extension": what the reply has that verb act on. */
  acted: () => ActedOn | undefined;
}

const fromClaim = (r: SourceReading): ReferenceReading => ({ resolved: r.resolved, reference: { phrase: r.claim, by: 'answer' }, turns: [r.turn], claim: r.claim });

/** The person a person pronoun of `question` stands for, by the user's earlier turns and the answers, latest first. */
const personOf = (c: ReadingContext, question: string): string | undefined => personAntecedent(c.input.earlierUserTurns, c.answers.map((a) => a.text).reverse(), question);

/** A question that chooses among things or takes them together ("which one …?", "what about both?", "welke van de twee …?"). */
const CHOOSES_OR_GROUPS = /^\s*(?:(?:which|welke?)\s+(?:one|ones|of\s+them|of\s+the\s+\w+|van\s+de\s+\w+|ene)\b|(?:and\s+)?(?:that|this)\s+one\b|(?:and\s+|en\s+)?(?:what|how)\s+about\s+(?:both|all|either|each)\b|(?:en\s+)?(?:allebei|beide)\b)/i;

/** Words that take things together: "how much is that together?", "hoeveel is dat samen?", "in total", "bij elkaar". */
const TOGETHER = /\b(?:together|in\s+total|altogether|combined|all\s+together|samen|in\s+totaal|bij\s+elkaar|opgeteld)\b/i;

/** "who is that?", "wie is dat?": who someone just named is. */
const WHO_IS_THAT = /^\s*(?:who\s+is\s+(?:that|this)|who['’]s\s+(?:that|this)|wie\s+is\s+(?:dat|die|dit))\s*\??\s*$/i;

/** The readers of what a question points back at, in order of precedence: the first that reads something is taken. */
const READERS: readonly ((c: ReadingContext) => ReferenceReading | undefined)[] = [
  // "What about bonds?": the previous question, about bonds.
  // Its person pronoun is the person's name ("what did he say about the marketing spend?" → "what did Mark say …").
  (c) => {
    if (!c.parallel) return undefined;
    const resolved = c.typos.correct(c.parallel.resolved);
    const person = c.last && hasPersonPronoun(resolved, c.language) ? personOf(c, resolved) : undefined;
    return { resolved: (person && resolvePerson(resolved, person, c.language)) ?? resolved, turns: c.last ? [c.last.index] : [] };
  },
  // "which one has the longer warranty?" after "… from Zonnefix?" and "and the one from SunPower?": which of the two.
  (c) => {
    const choice = c.input.choice;
    if (!choice) return undefined;
    const between = choice.options.join(c.language === 'nl' ? ' of ' : ' or ');
    return { resolved: attachTopic(c.base, between, c.language), reference: { phrase: between, by: 'comparison' }, turns: choice.turns };
  },
  // "how much do I spend on both per year?" after "… my Netflix subscription …", "what about Spotify?": both of them, by name.
  (c) => {
    const both = c.input.both;
    const resolved = both && replaceBoth(c.base, both.options, c.language);
    if (!both || !resolved) return undefined;
    return { resolved, reference: { phrase: both.options.join(c.language === 'nl' ? ' en ' : ' and '), by: 'comparison' }, turns: both.turns };
  },
  // "who pays for the fence if we share it?": an "it" in a clause after the question named a thing stands for that thing.
  (c) => (c.language === 'en' && namedBeforeIt(c.base) ? { resolved: c.base, turns: [] } : undefined),
  // "where does it say that?": the latest answer's claim, to be found in the files.
  (c) => {
    const source = c.last && resolveSource(c.base, c.turns, c.language);
    return source && fromClaim(source);
  },
  // "what's their number?" after "… or ask the service desk for a manual renewal": who the conversation told the user to reach.
  (c) => {
    if (c.language !== 'en' || !c.last) return undefined;
    // The selected turns, and the conversation's latest pairs where the selection left them out.
    const latestFirst = [...c.turns, ...(c.input.recent ?? []).filter((r) => !c.turns.some((t) => t.index === r.index))].sort((a, b) => b.index - a.index);
    const texts = latestFirst.flatMap((t) => [t.assistant, t.user]);
    const agent = contactedAgent(c.base, texts);
    const resolved = agent && resolveReference(c.base, agent, c.language);
    if (!agent || !resolved) return undefined;
    const turn = latestFirst.find((t) => `${t.assistant} ${t.user}`.includes(agent.phrase));
    return { resolved, reference: { phrase: agent.phrase, by: 'contact', ...(agent.article ? { article: agent.article } : {}) }, turns: turn ? [turn.index] : [] };
  },
  // "how much will they pay?" after "Interpolis approved the claim …": who the latest answer has act.
  (c) => {
    if (c.language !== 'en' || !c.last) return undefined;
    const agent = actingAgent(c.base, c.last.assistant, c.last.user);
    const resolved = agent && resolveReference(c.base, agent, c.language);
    return agent && resolved ? { resolved, reference: { phrase: agent.phrase, by: 'contact', ...(agent.article ? { article: agent.article } : {}) }, turns: [c.last.index] } : undefined;
  },
  // "wie is dat?" after "… met goedkeuring van de teamleider": who the latest answer named by role.
  (c) => {
    if (!c.last || !WHO_IS_THAT.test(c.base)) return undefined;
    const role = roleIn(c.last.assistant);
    // No role named: asked who, the question is read as no thing ("who is the extension?").
    return role ? { resolved: c.base.replace(/\b(?:that|this|dat|die|dit)\b(?=\s*\??\s*$)/i, role), reference: { phrase: role, by: 'person' }, turns: [c.last.index] } : { resolved: c.base, turns: [] };
  },
  // "when did she die?": the person the conversation is about, by name.
  (c) => {
    if (!c.last || !hasPersonPronoun(c.base, c.language)) return undefined;
    const person = personOf(c, c.base);
    const personal = person === undefined ? undefined : resolvePerson(c.base, person, c.language);
    if (personal === undefined) return undefined;
    const named = person!.toLowerCase();
    // "why did she vote against it?" after "Anna de Vries voted against the fee increase": the thing too.
    const thing = verbObject(c.base, c.last.assistant, c.language);
    const both = thing && !isPerson(thing.phrase, c.input.people) ? resolveReference(personal, thing, c.language) : undefined;
    // "did she approve it?" after "What did Sanne comment on PR 412?": an "it" read as the thing the
    // user's latest question named, put in place, and no person ("Did it bother him?" is not about him).
    const it = !both && c.language === 'en' && /^it$/i.test(pointingPronoun(trimEnd(personal).body, 'en')?.[0] ?? '');
    const read = it ? termReading({ ...c, base: personal }) : undefined;
    const ref = read?.reference;
    const asked = !!ref && !ref.attached && !isPerson(ref.phrase, c.input.people) && !ref.phrase.toLowerCase().includes(named) && hasWholeWord(c.last.user, ref.phrase);
    const thingToo = asked ? read!.resolved : undefined;
    return { resolved: both ?? thingToo ?? personal, reference: { phrase: person!, by: 'person' }, turns: c.turns.filter((t) => `${t.user} ${t.assistant}`.toLowerCase().includes(named)).map((t) => t.index) };
  },
  // "I am not sure those rules apply to IRAs": the rules the conversation named.
  (c) => {
    // Else the conversation's latest pairs, where the selection left them out.
    const unselected = c.input.recent?.some((r) => !c.turns.some((t) => t.index === r.index));
    const read = c.last && (resolveDemonstrative(c.base, c.turns, c.language) ?? (unselected ? resolveDemonstrative(c.base, c.input.recent!, c.language) : undefined));
    // The article it was put in with ("the World Travel bundle"), for a later "it" to carry it on so.
    const article = read && /^(?:the|de|het)$/i.exec(/(\p{L}+)\s+$/u.exec(read.resolved.slice(0, read.resolved.indexOf(read.phrase)))?.[1] ?? '')?.[0];
    return read && { resolved: read.resolved, reference: { phrase: read.phrase, by: 'demonstrative', ...(article ? { article: article.toLowerCase() } : {}) }, turns: [read.turn] };
  },
  // "how do I get there?" after "Where is the hotel?": to the hotel.
  (c) => {
    if (!c.last?.user || !/\bthere\b/i.test(c.base)) return undefined;
    // The place the latest answer named, with the article it had ("the Hotel Gracery Shinjuku").
    const named = namesIn(c.last.assistant)[0];
    const answered = named && hasWholeWord(c.last.assistant, `the ${named}`) ? `the ${named}` : named;
    const there = resolveThere(c.base, c.input.earlierUserTurns[0] ?? c.last.user, c.language, answered);
    return there ? { resolved: there.resolved, reference: { phrase: there.place, by: 'place' }, turns: [c.last!.index] } : undefined;
  },
  // "the contract" after an answer that named henderson-contract.docx: that file.
  (c) => {
    const read = c.last && resolveFileNoun(c.base, c.turns, c.language);
    return read && { resolved: read.resolved, reference: { phrase: read.phrase, by: 'file' }, turns: [read.turn] };
  },
  // "when is the next one due?" after "When was the last oil change …?": the next oil change.
  (c) => {
    // The latest question first, then the two before it ("when is the next one due?" two questions after "When was the last oil change …?").
    let ordered: ReturnType<typeof orderedOne>;
    for (const question of c.last ? c.input.earlierUserTurns.slice(0, RECENT_QUESTIONS) : []) if ((ordered = orderedOne(c.base, question, c.language))) break;
    return ordered ? { resolved: ordered.resolved, reference: { phrase: ordered.noun, by: 'order', article: c.language === 'nl' ? ordered.article : 'the' }, turns: [c.last!.index] } : undefined;
  },
  // "how loud is the first one?": an item of the list just given. The items not chosen are no
  // part of the search ("the first one" is not the second).
  (c) => {
    const read = resolveOrdinal(c.base, c.turns, c.language, c.input.answers, c.input.previousOrdinal);
    if (!read) return undefined;
    const item = new Set(read.item.toLowerCase().match(WORD) ?? []);
    const others = new Set(read.others.flatMap((o) => o.toLowerCase().match(WORD) ?? []).filter((w) => !item.has(w)));
    return { resolved: read.resolved, reference: { phrase: read.item, by: 'list item' }, turns: [read.turn], unsearched: others };
  },
  // "how do I do that?" after "You can request an extension …": the action the answer advised.
  (c) => {
    const action = c.last && namedAction(c.base, c.last.assistant, c.language, c.last.user);
    return action ? { resolved: action, reference: { phrase: action, by: 'advice' }, turns: [c.last!.index] } : undefined;
  },
  // "aren't there more?", "how does it handle expired sessions?": the previous question's form says what is meant.
  (c) => {
    // "and the price?" after "Which e-bike did I buy?" — "You bought the Gazelle …": the thing the answer gave, not the question's word for it.
    if (c.chosen() && !MORE[c.language]?.test(trimEnd(c.base).body)) return undefined;
    const latest = c.last?.user && !c.acted() ? frameAntecedent(c.base, c.last.user, c.language) : undefined;
    // "which has more ports?" after "and which one is lighter?", itself after "Which laptop …, the
    // XPS 13 or the ThinkPad X1?": a choice among what the question before chose among.
    const before = c.input.earlierUserTurns[1];
    const chained = !latest?.completed && before && c.last?.user && !c.acted() ? frameAntecedent(c.last.user, before, c.language)?.completed?.replace(/^(?:and|so|but|en|maar)\s+/i, '') : undefined;
    const again = chained ? frameAntecedent(c.base, chained, c.language) : undefined;
    // "aren't there more?" after "when did I hear back from the second one?", itself after "Which
    // companies did I apply to in October?": more of what the question before asked for.
    const more = !latest && before && !c.acted() && MORE[c.language]?.test(trimEnd(c.base).body) ? frameAntecedent(c.base, before, c.language) : undefined;
    const frame = again?.completed ? again : (latest ?? more);
    const framed = frame && (frame.completed ?? (frame.one ? replaceOne(c.base, frame.phrase) : resolveReference(c.base, frame, c.language)));
    return framed ? { resolved: framed, reference: { phrase: [frame.article, frame.phrase].filter(Boolean).join(' '), by: 'question form' }, turns: [c.last!.index] } : undefined;
  },
  // "hoeveel is dat samen?", "how much is that in total?" after "Welke facturen zijn nog niet
  // betaald?" and a question about one of them: the things a recent which-question asked for, together.
  (c) => {
    const { body } = trimEnd(c.base);
    if (!TOGETHER.test(body) || !/(?<![\p{L}])(?:that|this|it|dat|dit|het)(?![\p{L}])/iu.test(body)) return undefined;
    for (const question of c.input.earlierUserTurns.slice(0, RECENT_QUESTIONS)) {
      const asked = askedFor(question, c.language);
      if (!asked?.choice || !asked.plural) continue;
      const phrase = { phrase: asked.phrase, article: c.language === 'nl' ? 'de' : 'the' };
      const read = resolveReference(c.base, phrase, c.language);
      // "how much is the invoices" → "how much are the invoices".
      const said = `is ${phrase.article} ${phrase.phrase}`;
      const at = read?.toLowerCase().indexOf(said.toLowerCase()) ?? -1;
      const resolved = read && at >= 0 ? `${read.slice(0, at)}${c.language === 'nl' ? 'zijn' : 'are'}${read.slice(at + 2)}` : read;
      if (resolved) return { resolved, reference: { ...phrase, by: 'question form' }, turns: c.last ? [c.last.index] : [] };
    }
    return undefined;
  },
  // "compare them" after a reply that lists a few things: those things, by name.
  (c) => {
    const listed = resolveListPronoun(c.base, c.turns, c.language, c.input.answers);
    return listed && { resolved: listed.resolved, reference: { phrase: listed.item, by: 'list item' }, turns: [listed.turn] };
  },
  // "is what you said about France true?": the answer's sentence about France, when nothing else was pointed at.
  (c) => {
    const said = c.last && resolveSaid(c.base, c.answers, c.language);
    return said && fromClaim(said);
  },
  // "what does it say about lifetimes?" after "… rust-notes.md explains ownership …": the file
  // (unless the answer chose a thing, or has the question's verb act on one: see termReading).
  (c) => {
    const read = c.last && !c.chosen() && !c.acted() ? namedFile(c.base, c.last.assistant, c.language) : undefined;
    return read && { resolved: read.resolved, reference: { phrase: read.file, by: 'file' }, turns: [c.last!.index] };
  },
  // "how do I get one?" after "… you do need an eTA …": the kind of thing the answer introduced.
  (c) => {
    const read = c.language === 'en' && c.last ? resolveIndefiniteOne(c.base, c.last.assistant, c.last.user) : undefined;
    return read && { resolved: read.resolved, reference: { phrase: read.phrase, article: read.article, by: 'introduced' }, turns: [c.last!.index] };
  },
  // "can I run just one?", "and skip the slow ones?" after "How do I run the tests …?": one test, the slow tests.
  // "how much is the starters' one?" after "… the starters' deduction …": the starters' deduction.
  (c) => {
    const modified = c.language === 'en' && c.last ? resolveModifiedOne(c.base, [c.last.assistant, c.last.user]) : undefined;
    const read = modified ?? (c.language === 'en' && c.last ? resolveOnes(c.base, c.input.earlierUserTurns) : undefined);
    return read && { resolved: read.resolved, reference: { phrase: read.phrase, by: 'introduced', ...(modified ? { article: 'the' } : {}) }, turns: [c.last!.index] };
  },
  // "does mine qualify?" after "Can I deduct my home office …?" — "… a home office only if …": my home office.
  mineReading,
  // "where is it?", "and the price?": the likeliest of the conversation's readings.
  termReading,
  // "is it recorded?" after "how long do I have?", itself after "When is my talk at the PyData
  // conference?": where nothing else was read, the user's own thing a recent question named.
  ownThing,
  // "can I dispute them?" after "It includes 48 euros of roaming charges …": the one plural thing the latest answer names.
  (c) => {
    if (c.language !== 'en' || !c.last || !/\bthem\b/i.test(c.base) || /\b(?:they|their)\b/i.test(c.base)) return undefined;
    const thing = pluralThing(c.last.assistant);
    const resolved = thing && resolveReference(c.base, { phrase: thing, article: 'the' }, c.language);
    return thing && resolved ? { resolved, reference: { phrase: thing, article: 'the', by: 'introduced' }, turns: [c.last.index] } : undefined;
  },
];

/** A thing the question names with its determiner, then a clause of its own ("… the fence if we share …"). */
const NAMED_THEN_CLAUSE = /(?<![\p{L}])(?:the|a|an|my|our|your)\s+\p{L}[\p{L}-]*(?:\s+\p{L}[\p{L}-]*)?\s*,?\s+(?:if|when|once|unless|because|before|after|and|so|or|but)\s+(?:\p{L}+\s+){0,4}$/iu;

/** Whether an English question's "it" follows a thing the question itself named, in a clause after it ("who pays for the fence if we share it?"). */
function namedBeforeIt(question: string): boolean {
  const { body } = trimEnd(question);
  const pronoun = pointingPronoun(body, 'en');
  return !!pronoun && /^it$/i.test(pronoun[0]) && NAMED_THEN_CLAUSE.test(body.slice(0, pronoun.index));
}

/**
 * How many of the latest questions are looked through for a thing named by its order ("the last
 * oil change"), for the user's own thing ("my talk"), and for the things a which-question asked for.
 */
const RECENT_QUESTIONS = 3;
/** "my talk", "my sourdough starter", "our MacBook": the user's own thing, up to a preposition, a verb or the end. */
const OWN_THING = /(?<![\p{L}])(my|our)\s+((?:[\p{L}\p{N}'’-]+\s+){0,2}?[\p{L}\p{N}'’-]+)(?=\s*[?.!,]|\s*$|\s+(?:at|in|on|for|from|to|with|of|by|after|before|about|according|regarding|under|than|and|or|is|are|was|were|has|have|do|does|did|drain|need|work|leave|start)\b)/iu;

/** Every such thing of a question. */
const OWN_THINGS = new RegExp(OWN_THING.source, 'giu');

/** "mine" standing for a thing ("does mine qualify?", "is mine covered too?"); not "a friend of mine" nor a mine. */
const MINE = /(?<![\p{L}])(?<!\b(?:the|a|an|of|this|that|gold|coal|salt|land)\s+)mine(?![\p{L}])/iu;

/**
 * "does mine qualify?": the user's own thing a recent question named ("my home office", "my tax
 * return"), the one whose noun the latest reply writes first, else the latest named. English only.
 */
function mineReading(c: ReadingContext): ReferenceReading | undefined {
  if (c.language !== 'en' || !c.last || !MINE.test(c.base)) return undefined;
  const owned = c.input.earlierUserTurns.slice(0, RECENT_QUESTIONS).flatMap((q) => [...q.matchAll(OWN_THINGS)].map((m) => m[2]!));
  const things = owned.filter((t) => !isPerson(t, c.input.people) && !PEOPLE.has(t.split(/\s+/).at(-1)!.toLowerCase()));
  if (!things.length) return undefined;
  const spoken = (t: string): number => wholeMatches(c.last!.assistant, escapeRegExp(t.split(/\s+/).at(-1)!), { ignoreCase: true })[0]?.index ?? Infinity;
  const thing = [...things].sort((a, b) => spoken(a) - spoken(b))[0]!;
  return { resolved: c.base.replace(MINE, (m) => caseLike(m, `my ${thing}`)), reference: { phrase: thing, article: 'my', by: 'own thing' }, turns: [c.last.index] };
}

/**
 * An English "it" or "them" that no other reader read, and that leans on the conversation: the
 * thing of its number the user called their own ("my talk", "my settings") in one of their latest
 * questions, the nearest first, where the question was about it (no preposition before it). A
 * question about a happening ("how long does it take?") is left alone, as are people.
 */
function ownThing(c: ReadingContext): ReferenceReading | undefined {
  if (c.language !== 'en' || c.dependence < CONTINUING_DEPENDENCE) return undefined;
  const { body } = trimEnd(c.base);
  const pronoun = pointingPronoun(body, 'en');
  if (!pronoun || !/^(?:it|them)$/i.test(pronoun[0]) || EVENT_PREDICATE.test(body.slice(pronoun.index + pronoun[0].length))) return undefined;
  // "can I back them up first?" after "will I lose my settings?": a thing of the pronoun's number.
  const number = pronoun[0].toLowerCase() === 'it' ? 'it' : 'them';
  // "if I make a donation in cash, could it be used …?": the question named the thing before its "it".
  if (/(?<![\p{L}])(?:a|an|the|this|that|my|our|your)\s+\p{L}/iu.test(body.slice(0, pronoun.index))) return undefined;
  for (const question of c.input.earlierUserTurns.slice(0, RECENT_QUESTIONS)) {
    const own = OWN_THING.exec(question);
    // Not a thing after a preposition, which places or qualifies another ("on my shortlist", "week 12 of my training plan").
    const before = own && /([\p{L}]+)\s+$/u.exec(question.slice(0, own.index))?.[1]?.toLowerCase();
    if (!own || (before && PREPOSITIONS.has(before)) || isPerson(own[2]!, c.input.people) || PEOPLE.has(own[2]!.split(/\s+/).at(-1)!.toLowerCase())) continue;
    if (!numberFits({ phrase: own[2]! }, number)) continue;
    const reading = { phrase: own[2]!, article: own[1]!.toLowerCase() };
    const resolved = resolveReference(c.base, reading, c.language);
    if (resolved) return { resolved, reference: { ...reading, by: 'own thing' }, turns: c.last ? [c.last.index] : [] };
  }
  return undefined;
}

/** "is there a newer version?", "zijn er andere opties?": what a question asked there is any of (group 1). */
const IS_THERE = /^\s*(?:is|are)\s+there\s+(?:a|an|any)\s+([^?.!]+?)\s*[?.!]*\s*$|^\s*(?:is|zijn)\s+er\s+(?:een|geen|nog)?\s*([^?.!]+?)\s*[?.!]*\s*$/i;
/** An answer that opens by saying no. */
const SAYS_NO = /^\s*(?:no|nope|nee)\b|^\s*there\s+(?:is|are)\s+no\b|^\s*er\s+(?:is|zijn)\s+geen\b/i;

/** The things the conversation asked after and was told there are none of, lower case ("newer version"). */
function deniedThings(turns: readonly SelectedTurn[]): string[] {
  return turns.flatMap((t) => {
    const m = IS_THERE.exec(t.user);
    return m && SAYS_NO.test(t.assistant) ? [(m[1] ?? m[2]!).toLowerCase()] : [];
  });
}

/** Readings of the latest question's pronoun that a pronoun of the next may continue: a thing, not a person, file or claim. */
const CONTINUED: ReadonlySet<string> = new Set(['conversation terms', 'question form', 'demonstrative', 'list item', 'verb object', 'order', 'choice', 'previous question', 'own thing', 'introduced']);

/**
 * What is said of a happening rather than a thing, right after its "it" ("does it take long?", "did it work?"); not
 * where a thing works or goes somewhere or with something ("does it work in the US?", "how long does it go in the oven?").
 */
const EVENT_PREDICATE = /^\s+(?:\w+\s+)?(?:take|takes|took|(?:work|works|worked)(?!\s+(?:in|on|with|abroad|outside|offline|without)\b)|(?:go|goes|went)(?!\s+(?:in|into|on|onto|under|with)\b)|help|helps|helped|happen|happens|happened)\b/i;

/** Question words a noun phrase follows whole ("how many vacation days", "welke laptop"). */
const ASKING_BEFORE_NOUN: ReadonlySet<string> = new Set('which what many much welke welk hoeveel wat'.split(' '));

/** Whether a text names a phrase whole: the phrase opens with a determiner, or stands after one, a preposition, a question word or nothing. */
function namedWhole(text: string, phrase: string): boolean {
  const words = text.toLowerCase().match(WORD) ?? [];
  const said = phrase.toLowerCase().match(WORD) ?? [];
  if (said.length === 0) return false;
  for (let i = 0; i + said.length <= words.length; i++) {
    if (!said.every((w, k) => words[i + k] === w)) continue;
    const before = words[i - 1];
    if (DETERMINERS.has(said[0]!) || before === undefined || DETERMINERS.has(before) || PREPOSITIONS.has(before) || ASKING_BEFORE_NOUN.has(before)) return true;
  }
  return false;
}

/** Readings carried on without the user having named them: the thing of another order, the answer's choice, a reading carried on before. */
const SURE_ORIGINS: ReadonlySet<string> = new Set(['order', 'choice', 'previous question', 'introduced']);

/** A demonstrative and the noun it points with (group 1), maybe after one word: "that bundle", "dat kamp", "die nieuwe regeling". */
const DEMONSTRATIVE_NOUN = /(?<![\p{L}])(?:that|this|those|these|die|deze|dat|dit)\s+(?:\p{L}+\s+)?(\p{L}+)\s*[?.!]*\s*$/iu;
/** Below this dependence a question likely stands alone ("do they still make …?" opening another conversation): its pronoun is its own. */
const CONTINUING_DEPENDENCE = 0.5;

/**
 * "what happens if I return it late?" after "can I renew it online?", itself read as "… the book":
 * a pronoun in a row of questions with pronouns goes on standing for what the latest one's stood
 * for (the thing the conversation is about), when the user named it, it agrees with the pronoun
 * and takes its place in the question. A reading put in brackets, or of a person, is not carried on.
 */
function continuedReading(c: ReadingContext): Antecedent | undefined {
  const before = c.input.previousReference;
  // A thing the answer chose is carried on though it was put in brackets ("what's the range (Gazelle Ultimate C380)?").
  if (!c.last || !before || (before.attached && before.by !== 'choice') || !CONTINUED.has(before.by) || c.dependence < CONTINUING_DEPENDENCE) return undefined;
  // A "they" who does something is as often people the conversation named as the thing it was about.
  const pronoun = carryingPronoun(trimEnd(c.base).body, c.language === 'nl' ? 'nl' : 'en');
  if (!pronoun || /^they$/i.test(pronoun)) return undefined;
  // "what about the dryer I bought with it?": a question that asked about a new thing of its own moved on to it.
  const asked = c.input.earlierUserTurns[0]?.trim() ?? '';
  const lead = ELLIPSIS_LEAD[c.language]?.exec(asked);
  if (lead && /^(?:the|a|an|my|our|de|het|een|mijn|onze)\s+\p{L}/iu.test(asked.slice(lead[0].length))) return undefined;
  // A thing the user named themselves, as a whole: one a reply brought up ("the World Cup"), or
  // part of what the user named ("the Roman Empire" of "the eastern Roman Empire"), may have been
  // the latest question's reading and not be what the conversation is about.
  // (A thing the question before named by its order, or the answer chose for it, is what the user
  // asked about; one carried on from the question before was weighed so there.)
  // So is a thing the latest question named by a demonstrative and its noun ("how much is that bundle?" → "the World Travel bundle").
  // (Its noun may be the head of the reading's compound: "dat kamp" → "het schoolkamp".)
  const pointedNoun = DEMONSTRATIVE_NOUN.exec(asked)?.[1]?.toLowerCase();
  const pointedAt = before.by === 'demonstrative' && !!pointedNoun && pointedNoun.length >= 3 && before.phrase.split(/\s+/).at(-1)!.toLowerCase().endsWith(pointedNoun);
  if (!SURE_ORIGINS.has(before.by) && !pointedAt && !c.input.earlierUserTurns.some((t) => namedWhole(t, before.phrase))) return undefined;
  // Named again, a thing is a known one: "an extension" is now "the extension".
  const article = before.article && /^(?:a|an)$/i.test(before.article) ? 'the' : before.article?.toLowerCase() === 'een' ? undefined : before.article;
  const reading: Antecedent = { phrase: before.phrase, ...(article ? { article } : {}), score: Infinity, turn: c.last.index, role: 'user' };
  // It must agree with this pronoun too ("how does it work?" is not "those" preferred stocks).
  const agrees = agreeingReading(c.base, [reading], c.language, c.input.people);
  return agrees && !isPerson(agrees.phrase, c.input.people) && resolveReference(c.base, agrees, c.language) !== undefined ? agrees : undefined;
}

/** "where is it?", "and the price?": the likeliest of the conversation's readings of a reference. */
function termReading(c: ReadingContext): ReferenceReading | undefined {
  // Readings of a reference: phrases of the searched terms, and the topic the user named (the
  // words ending their question, or following an article), which the scorer may rank lower.
  const phraseWords = new Map(c.searched.map((t) => [t.term, t.p]));
  if (c.searched.length) for (const t of c.scored) if (t.topic && !phraseWords.has(t.term)) phraseWords.set(t.term, Math.max(t.p, TOPIC_FLOOR));
  const body = trimEnd(c.base).body;
  // "is there a newer version?" — "No, …": a thing the answer says there is none of is no reading.
  const none = deniedThings(c.turns);
  const all = c.searched.length ? antecedents(c.turns, phraseWords, c.language).filter((r) => !none.some((d) => d.includes(r.phrase.toLowerCase()))) : [];
  // "where is it?" after "How do I reset the router?": the router, not the resetting.
  const things = c.language === 'en' && all.some((r) => r.verb) && thingPronoun(c.base) ? all.filter((r) => !r.verb) : all;
  const pointed = c.last ? standingPronoun(body, c.language === 'nl' ? 'nl' : 'en') : null;
  // A demonstrative points as a pronoun does ("is that more than last year?" after "… according to the quarterly report?").
  const topical = pointed || (c.last && POINTING_DEMONSTRATIVE.test(body)) ? topicFirst(things, c.last!, c.language, c.base) : things;
  // An owner may be what "they" are ("Apple's results" — "when do they report?"), never what "it" or "that" is.
  // "does it cover the pump?" after "What does the warranty … cover?": the warranty.
  const acting = c.language === 'en' && pointed ? subjectFirst(topical, c.base, c.turns) : topical;
  const owned = c.language === 'en' && !/^(?:they|them)$/i.test(pointed?.[0] ?? '') ? ownedFirst(acting, c.turns) : acting;
  // "kan ik hem invriezen?" after "Hoe lang moet de lasagne in de oven?": the lasagne, not where it goes.
  // So does "wat kost het?" after "… het grofvuil opgehaald in mijn wijk?", and a topic put beside a question ("waarom rusten (lasagne)?").
  const thingFirst = c.language === 'nl' && c.last ? dutchPlaceLast(owned, c.last.user) : owned;
  // "can I change it?" after "When does my flight to Lisbon leave?": the user's flight, not the place it goes to.
  // "and the seat?", "what platform?" after "When does my train to Berlin leave?": an attribute of the train, not of Berlin.
  const readings = c.language === 'en' && c.last && (/^it$/i.test(pointed?.[0] ?? '') || (!pointed && asksOnlyAttribute(c.base))) ? objectFirst(usersBeforePlace(owned, c.last.user), c.base, c.last.user) : thingFirst;
  const answerChose = c.chosen();
  const verbActsOn = c.acted();
  // "how long does it take?" after "How do I reset my router?" — "where is it?": the resetting, whatever the question before meant.
  const happening = c.language === 'en' && !!pointed && EVENT_PREDICATE.test(body.slice(pointed.index + pointed[0].length));
  const continued = answerChose || verbActsOn || happening ? undefined : continuedReading(c);
  const best: (Antecedent & { by?: 'verb object' | 'choice' | 'previous question' }) | undefined =
    answerChose && !isPerson(answerChose.phrase, c.input.people)
      ? { phrase: answerChose.phrase, ...(answerChose.article && (answerChose.article === 'the') === (c.language === 'en') ? { article: answerChose.article } : {}), score: Infinity, turn: c.last!.index, role: 'assistant', by: 'choice' }
      : verbActsOn && !isPerson(verbActsOn.phrase, c.input.people)
        ? { ...verbActsOn, score: Infinity, turn: c.last!.index, role: 'assistant', by: 'verb object' }
        : continued
          ? { ...continued, by: 'previous question' }
          : agreeingReading(c.base, readings, c.language, c.input.people);
  // A verb ("How do I reset my router?" — "that did not work") stands for no thing to name in the question.
  if (!best || best.verb) return undefined;
  // "can I cancel before that?", "what happened after that?": a time or a happening, which no name is ("before FitLab", "after Keith").
  if (c.language === 'en' && !pointed && /^\p{Lu}/u.test(best.phrase) && TIME_AFTER_PREPOSITION.test(body)) return undefined;
  // "what are the side effects?" after the answer gave one thing asks them of that thing, however sure the scorer is.
  const leans = c.dependence >= c.weights.dependence.threshold || c.cues.contentWords <= SHORT_QUERY || (best.by === 'choice' && asksAttribute(c.base));
  const placed = resolveReference(c.base, best, c.language) !== undefined;
  if (!placed && !leans) return undefined;
  // "What about FICA?", "and Rabobank?": a name asked about is a new subject, which no topic in brackets completes.
  const subject = ellipticSubject(c.base, c.language);
  if (!placed && (c.language === 'en' || c.language === 'nl') && subject !== undefined && /^(?:[Tt]he\s+|[Dd]e\s+|[Hh]et\s+)?[\p{Lu}\p{N}]/u.test(subject)) return undefined;
  // "which one has the quartz worktop?", "which is faster?" choose among things, "what about both?" takes them together: no one thing goes in brackets.
  if (!placed && (CHOOSES_OR_GROUPS.test(c.base) || choosesAmong(c.base, c.language))) return undefined;
  // "when is the deadline?": a topic added in brackets is one the scorer is sure of, not any word above the search's bar ("(Prof Bianchi)").
  // The thing the answer chose is sure whatever the scorer makes of its words.
  // So is a reply's thing an elliptic follow-up is completed with ("and the results?" → "… of A100 GPU?" from "6 hours on one A100 GPU"), which no pointing word asks for.
  const weak = Math.max(...best.phrase.toLowerCase().split(/\s+/).map((w) => phraseWords.get(w) ?? 0)) < c.weights.term.threshold;
  if (weak && (placed ? best.by === undefined && best.role === 'assistant' && subject !== undefined : best.by !== 'choice')) return undefined;
  const resolve = (r: Antecedent): string => resolveReference(c.base, r, c.language) ?? attachTopic(c.base, r.phrase, c.language);
  const reading: ReferenceReading = { resolved: resolve(best), reference: { phrase: best.phrase, by: best.by ?? 'conversation terms', ...(best.article ? { article: best.article } : {}), ...(placed ? {} : { attached: true }) }, turns: [best.turn] };
  if (continued) return reading;
  // A pointing word with two readings of similar weight from different places: the search tries each.
  // Dutch readings take any number.
  const pronoun = c.language === 'en' ? pronounNumber(body) : undefined;
  const rivals = readings.filter(
    (r) =>
      r !== best &&
      // A verb stands for no thing, as for the best reading ("how long does run take?").
      !r.verb &&
      r.role === best.role &&
      r.score >= best.score * AMBIGUITY_MARGIN &&
      // A person is no other reading of a thing, nor a thing of a person.
      isPerson(r.phrase, c.input.people) === isPerson(best.phrase, c.input.people) &&
      !best.phrase.toLowerCase().includes(r.phrase.toLowerCase()) &&
      !r.phrase.toLowerCase().includes(best.phrase.toLowerCase()) &&
      // "can I make it without saffron?" has no reading "the spices".
      numberFits(r, pronoun),
  );
  if (!c.cues.referring || rivals.length === 0) return reading;
  return { ...reading, alternatives: [best, ...rivals].slice(0, 3).map(resolve), turns: [best.turn, ...rivals.slice(0, 2).map((r) => r.turn)] };
}

/**
 * The learned lexical engine: decides whether the query needs the conversation, picks the
 * conversation's terms it needs, resolves the reference in the question, cleans it up, and
 * expands the search with spelled-out abbreviations and related words.
 */
export function lexicalRewrite(input: LexicalInput): RewriteResult & { trace: LexicalTrace } {
  const weights = input.weights ?? REWRITE_WEIGHTS;
  const { query, termStats } = input;
  const searchBar = input.searchTermBar ?? SEARCH_TERM_BAR;
  const original = query;
  // "Changing the subject, …": the rest stands alone, so the conversation lends it nothing.
  const { text: cleaned, shifted, language } = input.reading ?? readQuery(query, input.earlierUserTurns);
  // An earlier question that changed the subject is read without its opening ("different question: …"), which is no word of it.
  const turns = shifted
    ? []
    : input.turns.map((t) => {
        const shift = t.user ? topicShift(t.user) : undefined;
        return shift?.shifted ? { ...t, user: shift.text } : t;
      });
  const parallel = shifted ? undefined : input.parallel;
  // The words the new subject replaces are what the user moved away from.
  const replaced = new Set(parallel?.replaced.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);
  const typos = fixTypos(cleaned, turns, language, termStats);
  const base = typos.text;
  const kinds = new Set<RewriteKind>();
  if (base !== original.trim()) kinds.add('clarity');

  const dependence = turns.length ? probability(weights.dependence, dependenceFeatures(base, turns, termStats)) : 0;
  const scored = turns.length
    ? candidateTerms(base, turns, language, termStats)
        .map((c) => ({ term: c.term, surface: c.surface, topic: c.topic, lastUser: c.features[IN_LAST_USER] === 1, p: probability(weights.term, termFeatures(c.features, dependence)) }))
        .sort((a, b) => b.p - a.p || a.term.localeCompare(b.term))
    : [];
  // The search, where added terms weigh a fraction of the user's own, takes terms below the
  // learned threshold too: a likely term costs little there and often helps.
  // A lower-case "one" or "others" is the user's stand-in for a thing ("and in the last one?"), not a word to search ("Xbox One" is).
  // Nor is a part of an address ("com" of "privacy@example.com") that the conversation says nowhere else.
  const addressed = addressOnly(turns);
  // Nor "long" of "how long do I have?": a word the conversation says only after "how" is the question's form.
  const howOnly = askedHowOnly(turns);
  // "lnog" of an earlier "how lnog do I cook it?": a slip of a common word, no thing of the conversation.
  const slipped = misspeltCommon(scored.map((c) => c.term), turns.map((t) => t.assistant), language, termStats);
  const searchable = (c: (typeof scored)[number]): boolean => !replaced.has(c.term) && !/^(?:one|ones|ene|others)$/.test(c.surface) && !addressed(c.term) && !howOnly(c.term) && !slipped.has(c.term);
  let searched = scored.filter((c) => c.p >= Math.min(searchBar, weights.term.threshold) && searchable(c)).slice(0, MAX_SEARCH_TERMS);
  const cues = queryCues(base);
  // "Is it fatal?": a short question that points back must point somewhere. When no term
  // clears the bar, the likeliest words of the user's latest question are what it means.
  // The likeliest words of the latest question that has any to give ("can I track it?" after "how
  // long does that take?" passes over it), not its form ("long" of "how long") nor its verb ("take").
  const latestQuestionWords = (): typeof scored => {
    for (const t of turns.filter((x) => x.user).slice(-RECENT_QUESTIONS).reverse()) {
      const verbs = new Set(clausePredicates(t.user, language));
      if (language === 'en') {
        const { words, tags } = englishTags(t.user);
        words.forEach((w, i) => tags[i] === 'VERB' && verbs.add(w.toLowerCase()));
      }
      const said = new Set(messageWords(t.user, 'user', language).map((w) => w.term));
      const found = scored.filter((c) => said.has(c.term) && !verbs.has(c.term) && c.p >= FALLBACK_FLOOR && searchable(c)).slice(0, FALLBACK_TERMS);
      if (found.length) return found;
    }
    return [];
  };
  const pointsBack = cues.referring && dependence >= weights.dependence.threshold;
  let fellBack = false;
  if (searched.length === 0 && pointsBack && cues.contentWords <= SHORT_QUERY) {
    searched = latestQuestionWords();
    fellBack = searched.length > 0;
  }

  // The question itself changes only where it points back (a pronoun, an ellipsis, "more?") or
  // when the turn clearly cannot stand alone; otherwise added terms stay on the search side.
  const last = turns.at(-1);
  const context: ReadingContext = {
    input,
    base,
    language,
    turns,
    last,
    answers: input.answers ?? turns.map((t) => ({ index: t.index, text: t.assistant })),
    parallel,
    typos,
    weights,
    dependence,
    cues,
    scored,
    searched,
    chosen: lazy(() => (last && pointsAtOneThing(base, language) ? answerName(last.user, last.assistant) : undefined)),
    acted: lazy(() => (!context.chosen() && last && context.searched.length ? verbObject(base, last.assistant, language) : undefined)),
  };
  let reading: ReferenceReading | undefined;
  for (const read of READERS) if ((reading = read(context))) break;
  let resolved = reading?.resolved ?? base;
  const ambiguous = !!reading?.alternatives;
  const alternatives = reading?.alternatives ?? [];
  const reference = reading?.reference;
  const used = new Set<number>(reading?.turns);
  const claim = reading?.claim;
  if (reading) {
    kinds.add('conversational');
    const unsearched = reading.unsearched;
    if (unsearched) searched = searched.filter((c) => !unsearched.has(c.term));
  }
  // "when was it built?" after "how many people does it hold?", whose "it" was read as the Maracanã:
  // a pointing question that reads nothing and finds no word of its own searches what the question
  // before pointed at (its question is left as asked: that reading may not be what this one means).
  const before = input.previousReference;
  if (!reading && (searched.length === 0 || fellBack) && pointsBack && before && before.by !== 'person' && !isPerson(before.phrase, input.people)) {
    const words = (before.phrase.match(/[\p{L}\p{N}]+/gu) ?? []).filter((w, i, all) => queryTerms(w).length > 0 && !searched.some((c) => c.term === w.toLowerCase()) && all.indexOf(w) === i);
    searched = [...searched, ...words.map((w) => ({ term: w.toLowerCase(), surface: w, topic: false, lastUser: false, p: weights.term.threshold }))];
    fellBack = true;
  }
  // "Why did Ham leave?" after "Greg Ham and Colin Hay formed Men at Work": the name in full.
  const completed = completeNames(resolved, turns.flatMap((t) => [t.user, t.assistant]), turns.map((t) => t.user));
  if (completed !== resolved) {
    resolved = completed;
    kinds.add('conversational');
    for (const t of turns) if (namesIn(`${t.user} ${t.assistant}`).some((n) => completed.includes(n))) used.add(t.index);
  }
  if (searched.length) {
    kinds.add('conversational');
    for (const t of turns) {
      const text = `${t.user} ${t.assistant}`.toLowerCase();
      if (searched.some((c) => text.includes(c.term))) used.add(t.index);
    }
  }

  const expansion = expansions(base, turns, language);
  if (expansion.terms.length) kinds.add('retrieval');
  const resolvedLower = resolved.toLowerCase();
  // Added in the order the conversation said them ("New York", not "York New"): their order means
  // nothing to the search (see hybridSearch's phrases), but the search text is shown to the user.
  const said = searched.length > 1 ? conversationOrder(turns) : undefined;
  const contextTerms = (said ? [...searched].sort((a, b) => (said.get(a.term) ?? Infinity) - (said.get(b.term) ?? Infinity)) : searched)
    .map((c) => c.surface)
    .filter((s) => !base.toLowerCase().includes(s.toLowerCase()));
  const missing = contextTerms.filter((s) => !resolvedLower.includes(s.toLowerCase()));
  // The search reads the question without what the user says to the assistant ("can you tell me", "you said").
  const asked = withoutTalk(resolved, language);
  if (asked !== resolved) kinds.add('clarity');
  const searchQuery = [asked, ...missing, ...expansion.terms].join(' ').replace(/\s+/g, ' ').trim();
  // The claim a source question asks about is what it searches for, at the weight of the user's own words.
  const own = new Set(queryTerms(claim === undefined ? base : `${base} ${claim}`));
  // Every word the rewrite adds to the user's own is a keyword: weighed below theirs in search.
  // A single letter or digit split off an added word ("F-1" → "f", "1") matches nearly everything.
  const keywords = queryTerms([searchQuery, ...searched.map((c) => c.term)].join(' ')).filter((t) => !own.has(t) && t.length > 1);
  // A term below the likelihood at which the search counts it whole (search_threshold) counts in proportion, in tenths (each
  // weight is one more keyword query); the resolved question's words, expansions and the fallback
  // reading of a pointing question count whole.
  const share = new Map<string, number>();
  if (!fellBack) for (const c of searched) for (const w of queryTerms(c.term)) share.set(w, Math.max(share.get(w) ?? 0, Math.min(1, c.p / weights.term.search_threshold)));
  const resolvedWords = new Set(queryTerms(`${resolved} ${expansion.terms.join(' ')}`));
  const keywordShares = keywords.map((k) => (resolvedWords.has(k) ? 1 : Math.max(0.1, Math.round((share.get(k) ?? 1) * 10) / 10)));

  const termConfidence = searched.length ? searched.reduce((s, c) => s + c.p, 0) / searched.length : 0;
  // Sure when nothing was needed and nothing was added, or when what was added scored high.
  let confidence = searched.length ? 0.5 * dependence + 0.5 * termConfidence : dependence >= weights.dependence.threshold ? 0.3 : 1 - 0.5 * dependence;
  if (ambiguous) confidence *= 0.7;

  return {
    // "which document says that?" asks for the passage behind an answer, not for a list of files.
    intent: claim !== undefined ? 'factual' : classifyIntent(resolved),
    search_query: searchQuery,
    resolved_query: resolved,
    keywords,
    ambiguous,
    alternatives,
    confidence: Math.round(Math.min(1, Math.max(0, confidence)) * 100) / 100,
    language,
    rewritten: searchQuery !== original.trim() || resolved !== original.trim(),
    kinds: (['conversational', 'clarity', 'retrieval'] as const).filter((k) => kinds.has(k)),
    used_turns: [...used].sort((a, b) => a - b),
    engine: 'lexical',
    original_query: original,
    trace: { dependence, keywordShares, terms: searched.map(({ term, p }) => ({ term, p })), expansions: expansion.notes, typos: typos.fixes, ...(parallel ? { replaced: parallel.replaced } : {}), ...(reference ? { reference } : {}) },
  };
}
