import { englishTags } from './predicates.js';
import { CALENDAR_WORDS, MEASURE_UNITS, plural, wordThenNoun } from './words.js';

/**
 * "how do I get one?", "do kids need one too?", "where can I buy a new one?": the pro-form "one"
 * as what a verb acts on stands for a kind of thing the conversation introduced with "a"/"an".
 * Group 1: the verb; the match ends at "one".
 */
const ONE_OBJECT =
  /\b(get|gets|getting|need|needs|buy|have|order|book|make|request|use|rent|renew|bring|take|find|want|replace|choose|pick|apply\s+for)\s+(?:a\s+new\s+|another\s+|a\s+second\s+)?one\b(?!\s+(?:of|more|day|time|year|month|week|too\s+many)\b)/i;

/** Nouns an "a"/"an" measures or quantifies with, which name no kind of thing ("a few", "a lot", "a day"). */
const NO_KIND = new Set(['few', 'lot', 'bit', 'little', 'while', 'number', 'couple', 'total', 'maximum', 'minimum', 'range', 'variety', 'way', 'time', 'result', 'rule', 'matter']);
/** Days and months, which name no kind of thing ("a Monday"); units of time are MEASURE_UNITS. */
const MOMENTS: ReadonlySet<string> = new Set(CALENDAR_WORDS);

/** Whether a question has the pro-form "one" as what its verb acts on ("how do I get one?"). */
export const asksForOne = (question: string): boolean => ONE_OBJECT.test(question);

interface Indefinite {
  /** "an eTA", "a recent photo". */
  phrase: string;
  /** The verb it is the object of, as a lemma ("need"), when one stands right before it. */
  verb?: string;
}

/** The noun phrases a text introduces with "a"/"an", without those it denies ("do not need a visa") or names a role by ("As a Dutch citizen"). */
function indefinites(text: string): Indefinite[] {
  const { words, tags, lemmas } = englishTags(text);
  const found: Indefinite[] = [];
  for (let i = 0; i < words.length; i++) {
    if (!/^(?:a|an)$/i.test(words[i]!) || tags[i] !== 'DET') continue;
    let j = i + 1;
    while (j < words.length && (tags[j] === 'ADJ' || tags[j] === 'NOUN' || tags[j] === 'PROPN')) j++;
    // The phrase ends in its noun.
    while (j > i + 1 && tags[j - 1] === 'ADJ') j--;
    if (j === i + 1) continue;
    const noun = words[j - 1]!.toLowerCase();
    if (NO_KIND.has(noun) || MOMENTS.has(noun) || MEASURE_UNITS.has(noun)) continue;
    const before = words[i - 1]?.toLowerCase();
    if (before === 'as' || before === 'such') continue;
    // "do not need a visa", "without a", "no need for a": what the text says is not needed.
    const clause = words.slice(Math.max(0, i - 4), i).map((w) => w.toLowerCase());
    if (clause.some((w) => w === 'not' || w === "n't" || w === 'never' || w === 'without' || w === 'no')) continue;
    const verb = tags[i - 1] === 'VERB' ? lemmas[i - 1]!.toLowerCase() : undefined;
    found.push({ phrase: words.slice(i, j).join(' '), ...(verb ? { verb } : {}) });
  }
  return found;
}

/**
 * The question with its pro-form "one" read as the kind of thing the latest reply introduced:
 * the one that reply has the question's verb act on ("you do need an eTA" — "do I need one?"),
 * else its only such thing, else the one the latest question asked about ("Do I need a visa?").
 * English only; undefined where it is unclear.
 */
export function resolveIndefiniteOne(query: string, reply: string, question: string): { resolved: string; phrase: string; article: string } | undefined {
  const found = ONE_OBJECT.exec(query);
  if (!found) return undefined;
  const verb = englishTags(found[1]!.split(/\s+/)[0]!).lemmas[0]?.toLowerCase();
  const offered = [...new Map(indefinites(reply).map((x) => [x.phrase.toLowerCase(), x])).values()];
  const sameVerb = offered.filter((x) => x.verb === verb);
  const asked = indefinites(question);
  const chosen = sameVerb.length === 1 ? sameVerb[0] : offered.length === 1 ? offered[0] : offered.length === 0 && asked.length === 1 ? asked[0] : undefined;
  if (!chosen) return undefined;
  const one = found.index + found[0].length - 3;
  // "a new one" keeps its "new": "a new passport".
  const lead = /(?:a\s+new|another|a\s+second)\s+$/i.exec(query.slice(0, one));
  const noun = chosen.phrase.replace(/^(?:a|an)\s+/i, '');
  const put = lead ? noun : chosen.phrase;
  return { resolved: query.slice(0, one) + put + query.slice(one + 3), phrase: noun, article: chosen.phrase.split(/\s+/)[0]!.toLowerCase() };
}

/** "just one", "only one", "a single one" ending its phrase: one of the things asked about. */
const JUST_ONE = /\b(?:just|only|a\s+single)\s+(one)(?=\s*[?.!,]|\s*$|\s+(?:at|in|from|for|by|of\s+them)\b)/i;
/** "the slow ones", "those failing ones": things of the kind asked about, by what they are like. */
const ADJECTIVE_ONES = /\b(?:the|those|these|all|any)\s+\p{Ll}[\p{L}-]*\s+(ones)\b/iu;
/** Words before "one" that say which of things named: an order, "other", "same", a comparative or superlative. */
const NOT_A_KIND = /^(?:first|second|third|fourth|fifth|last|next|previous|other|same|new|old|latest|final|only|right|wrong|\p{L}+(?:er|est))$/iu;
/** "the starters' one", "the blue one": a thing by what it is like, its noun said elsewhere (group 1: the word before "one"). */
const MODIFIED_ONE = /\bthe\s+(\p{L}[\p{L}-]*(?:['’]s?)?)\s+one\b(?!\s+(?:of|more)\b)/iu;

/** MODIFIED_ONE's match, unless an order, a comparison or "other" says which of things named rather than what kind ("the first one", "the cheaper one"). */
function modifiedOne(query: string): RegExpExecArray | undefined {
  const found = MODIFIED_ONE.exec(query);
  return found && !NOT_A_KIND.test(found[1]!) ? found : undefined;
}

/**
 * "how much is the starters' one?" after "… the starters' deduction in your first three years …":
 * "one" read as the noun the latest reply or question wrote after the same word ("the starters'
 * deduction"). English only; undefined where neither writes that word before a noun.
 */
export function resolveModifiedOne(query: string, texts: readonly string[]): { resolved: string; phrase: string } | undefined {
  const found = modifiedOne(query);
  if (!found) return undefined;
  for (const text of texts) {
    const noun = wordThenNoun(text, found[1]!);
    if (!noun || /^(?:one|ones)$/i.test(noun)) continue;
    const at = found.index + found[0].length - 3;
    return { resolved: query.slice(0, at) + noun + query.slice(at + 3), phrase: `${found[1]} ${noun}` };
  }
  return undefined;
}

/** How many of the latest questions are looked through for the things "one" or "ones" stands for. */
const ONES_QUESTIONS = 3;

/** The last plural noun of a question that ends its noun phrase ("tests" in "How do I run the tests in the backend repo?"), lower case. */
function pluralThing(question: string): string | undefined {
  const { words, tags } = englishTags(question);
  for (let i = words.length - 1; i >= 0; i--) {
    const word = words[i]!;
    if (tags[i] === 'NOUN' && /^\p{Ll}/u.test(word) && plural(word) && tags[i + 1] !== 'NOUN') return word;
  }
  return undefined;
}

/**
 * "can I run just one?", "and skip the slow ones?" after "How do I run the tests …?": the pro-form
 * read as the things a recent question asked about, the last plural noun of the latest of the two
 * that has one ("just one test", "the slow tests"). English only; undefined where none is found.
 */
export function resolveOnes(query: string, earlierUserTurns: readonly string[]): { resolved: string; phrase: string } | undefined {
  const just = JUST_ONE.exec(query);
  const ones = just ? null : ADJECTIVE_ONES.exec(query);
  const found = just ?? ones;
  if (!found) return undefined;
  for (const question of earlierUserTurns.slice(0, ONES_QUESTIONS)) {
    const things = pluralThing(question);
    if (!things) continue;
    const at = found.index + found[0].length - found[1]!.length;
    const put = just ? `one ${englishTags(things).lemmas[0] ?? things}` : things;
    return { resolved: query.slice(0, at) + put + query.slice(at + found[1]!.length), phrase: things };
  }
  return undefined;
}

/** Whether a question has a "one" or "ones" resolveModifiedOne or resolveOnes may read ("the starters' one", "just one", "the slow ones"). */
export function namesByOne(question: string): boolean {
  return !!modifiedOne(question) || JUST_ONE.test(question) || ADJECTIVE_ONES.test(question);
}
