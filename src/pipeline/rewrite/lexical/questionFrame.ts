import { STOPWORDS } from '../../search/queryTerms.js';
import { actingThey, englishTags, NOUN_TAGS } from './predicates.js';
import { caseLike, DETERMINERS, PEOPLE } from './words.js';
import { CLAUSE_WORDS, ELLIPSIS_LEAD, MORE, pointingPronoun, type Antecedent } from './resolve.js';

/**
 * What the previous question was built around, read from its wording: the things it asked for
 * ("Which laptops does the shop sell?" → "laptops") and the subject of a question with "do"
 * or a modal ("How does the auth service issue tokens?" → "the auth service"). A follow-up's
 * "aren't there more?", "how much do they cost?", "kan ik ze meenemen?" or "how does it handle
 * expired sessions?" points at these by the question's form, where the conversation's most
 * likely words may be others (the shop, the tokens).
 */

/** The things a question asked for: the noun after "which"/"what"/"how many" ("welke"/"hoeveel"). */
export interface AskedFor {
  phrase: string;
  /** "which"/"what"/"welke": a set of things to choose from, which "and the price?" may ask more about. */
  choice: boolean;
  plural: boolean;
  /** The phrase with its noun in the singular, by the tagger's base form (English): "other movie" for "other movies". */
  singular?: string;
}

const EN_MODIFIER = new Set(['ADJ', 'NOUN', 'PROPN', 'NUM']);
/** Tags of the phrase after a preposition that tells which things ("under 1,000 euros", "in my folder"). */
const PHRASE_AFTER = new Set(['DET', 'ADJ', 'NOUN', 'PROPN', 'NUM', 'PRON', 'SYM']);
/** "What kinds of bonds": the kind is not the thing. */
const KIND = /^(?:kinds?|types?|sorts?)$/i;
/** "What year", "which time": asks for a moment, not for things a follow-up can ask more about. */
const MOMENT = /^(?:year|years|time|times|day|days|date|month|week|century|age|decade|jaar|tijd|dag|datum|maand|week|eeuw)$/i;

/**
 * "a cheaper one", "which one", "the other one": "one" standing for a thing asked about before,
 * after a word that says which. Not "one of them", "no one", "the one from Contoso" (a place of
 * its own), "that one" (a thing the words do not name), nor after a number word ("the first
 * one" is an item of a list: see ordinal.ts).
 */
const ONE = /\b(?:a|an|the|which|another|any)\s+((?:(?!(?:of|one|first|second|third|last|latter|former)\b)[\p{L}-]+\s+){0,2})one\b(?!\s+(?:of|from|with|in|for|that|which|who)\b)/iu;

/** "the one from …", "the ones with …": a thing told by where it is from, or what it has. */
const ONE_FROM = /\bones?\s+(?:from|in|on|at|for|with|by|of|van|uit|bij|met)\s/i;

/** `query` with its "one" (see ONE) given the noun it stands for: "is there a cheaper one?" → "is there a cheaper laptop?". */
export function replaceOne(query: string, noun: string): string | undefined {
  const m = ONE.exec(query);
  if (!m) return undefined;
  const at = m.index + m[0].length - 3;
  return query.slice(0, at) + noun + query.slice(at + 3);
}

/** An English plural, or a Dutch one (-en, -s): enough to match "they"/"ze" by number. */
function plural(word: string, language: string): boolean {
  const w = word.toLowerCase();
  return language === 'nl' ? /(?:en|s)$/.test(w) : /[^s]s$/.test(w) || /^(?:people|children|men|women)$/.test(w);
}

export function askedFor(question: string, language: string): AskedFor | undefined {
  return language === 'nl' ? askedForDutch(question) : language === 'en' ? askedForEnglish(question) : undefined;
}

function askedForEnglish(question: string): AskedFor | undefined {
  const { words, tags, lemmas } = englishTags(question);
  let i = 0;
  const first = words[0]?.toLowerCase();
  let choice = false;
  if ((first === 'which' || first === 'what') && tags[0] === 'DET') {
    i = 1;
    choice = true;
  } else if (first === 'which' && words[1]?.toLowerCase() === 'of' && /^(?:my|the|our|your|these|those)$/i.test(words[2] ?? '')) {
    // "Which of my recipes use lentils?": a choice among the user's recipes.
    i = 3;
    choice = true;
  } else if (first === 'how' && /^(?:many|much)$/i.test(words[1] ?? '')) i = 2;
  else return undefined;
  if (KIND.test(words[i] ?? '') && words[i + 1]?.toLowerCase() === 'of') i += 2;
  const run: string[] = [];
  let head = '';
  let base = '';
  for (; i < words.length && EN_MODIFIER.has(tags[i]!); i++) {
    run.push(words[i]!);
    if (NOUN_TAGS.has(tags[i]!)) [head, base] = [words[i]!, lemmas[i]!];
  }
  // "Which laptops under 1,000 euros does the review recommend?": a phrase after the noun that says which ones.
  if (head && run.at(-1) === head && tags[i] === 'ADP') {
    let j = i + 1;
    while (j < words.length && (PHRASE_AFTER.has(tags[j]!) || (tags[j] === 'PUNCT' && /^[,.]$/.test(words[j]!) && tags[j + 1] === 'NUM'))) j++;
    if (j > i + 1 && ['AUX', 'VERB'].includes(tags[j] ?? '')) i = j;
  }
  // The run must end in its noun ("which laptops", "what side effects"), and a verb must follow:
  // a fragment ("What type of operations?") says too little of what was asked.
  // "How many days …" counts days, which a follow-up may ask more of; "what year" asks for a moment.
  if (!head || run.at(-1) !== head || (choice && MOMENT.test(head)) || !['AUX', 'VERB'].includes(tags[i] ?? '')) return undefined;
  const isPlural = plural(head, 'en');
  // A plural the tagger knows no singular of ("people") gives none.
  const one = caseLike(head, base);
  const singular = isPlural && base.toLowerCase() !== head.toLowerCase() ? { singular: [...run.slice(0, -1), one].join(' ') } : {};
  return { phrase: run.join(' '), choice, plural: isPlural, ...singular };
}

/** Dutch has no tagger here: one noun after "welke"/"hoeveel"/"wat voor", or an adjective in -e and its plural noun. */
function askedForDutch(question: string): AskedFor | undefined {
  const m = /^\s*(welke|hoeveel|wat\s+voor(?:\s+een)?)\s+(.*)$/iu.exec(question);
  if (!m) return undefined;
  const words = m[2]!.match(/[\p{L}\p{N}]+/gu) ?? [];
  const [w1, w2, w3] = words;
  if (!w1 || !w2 || STOPWORDS.has(w1.toLowerCase()) || CLAUSE_WORDS.has(w1.toLowerCase())) return undefined;
  const adjective = /e$/i.test(w1) && w3 !== undefined && /(?:en|s)$/i.test(w2) && !STOPWORDS.has(w2.toLowerCase());
  const head = adjective ? w2 : w1;
  if (!/^hoeveel$/i.test(m[1]!) && MOMENT.test(head)) return undefined;
  return { phrase: adjective ? `${w1} ${w2}` : w1, choice: !/^hoeveel$/i.test(m[1]!), plural: plural(head, 'nl') };
}

/** "how many", "which (one)" (Dutch "hoeveel", "welke") right before a verb or a subject: a question that leaves out what it counts or chooses among. */
const BARE_ASK: Record<'en' | 'nl', RegExp> = {
  en: /^((?:(?:and|so|but)\s+)?(?:how\s+many|which))(?:\s+one)?(\s+)(?=(?:is|are|was|were|do|does|did|can|could|will|would|should|has|have|had|i|we|you|they)\b)/i,
  nl: /^((?:(?:en|maar)\s+)?(?:hoeveel|welke))(?:\s+(?:ervan|daarvan))?(\s+)(?=(?:is|zijn|was|waren|heb|hebt|heeft|hebben|had|hadden|krijg|krijgt|kreeg|kregen|ik|je|jij|we|wij|u)\b)/i,
};
/** The choices a question ends with: "…, the ThinkPad or the XPS?". */
const CHOICES = /,\s*([^,?]+?\s+(?:or|of)\s+[^,?]+?)\s*\?*\s*$/i;

/**
 * "and how many did I have last year?" after "How many vacation days do I have left?" → "and how
 * many vacation days did I have last year?"; "which is lighter?" after "Which laptop has more
 * RAM, the ThinkPad or the XPS?" → "which laptop is lighter, the ThinkPad or the XPS?". A count
 * counts what was counted or chosen among before, a choice chooses among what was chosen among.
 */
function completeAsk(query: string, previousQuestion: string, asked: AskedFor, language: 'en' | 'nl'): string | undefined {
  const question = query.trim();
  const m = BARE_ASK[language].exec(question);
  if (!m) return undefined;
  const which = /(?:which|welke)$/i.test(m[1]!);
  if (which ? !asked.choice : asked.choice && !asked.plural) return undefined;
  const noun = which && language === 'en' ? (asked.singular ?? asked.phrase) : asked.phrase;
  const out = `${m[1]} ${noun}${m[2]}${question.slice(m[0].length)}`;
  const choices = which ? CHOICES.exec(previousQuestion)?.[1] : undefined;
  return choices ? out.replace(/\s*([?.!]*)$/, `, ${choices}$1`) : out;
}

const DO_AUX_WORDS = 'do|does|did|can|could|will|would|should|may|might|must';
const DO_AUX = new RegExp(`^(?:${DO_AUX_WORDS})$`, 'i');

/**
 * The subject of an English question with "do" or a modal before it, with its article: "How does
 * the auth service issue tokens?" → "the auth service". Such a question must have a bare verb
 * after its subject; where the tagger reads every word as a noun ("issue", "store", "fight"),
 * the verb is the noun before the object (the last one before an adjective or article, or before
 * a final plural), else the last word ("Why did the Roman Empire fall?").
 */
export function doSubject(question: string): string | undefined {
  const subject = doSubjectParts(question);
  return subject && [subject.article, subject.phrase].filter(Boolean).join(' ');
}

/**
 * The nouns of what an English question has the user's verb act on: "How do I change the wifi
 * password on our Fritzbox?" → "wifi password". Only after "I"/"we" and a verb, and a determiner.
 */
function userObject(question: string): string | undefined {
  const { words, tags } = englishTags(question);
  const subject = words.findIndex((w) => /^(?:i|we)$/i.test(w));
  if (subject < 0 || tags[subject + 1] !== 'VERB') return undefined;
  let i = subject + 2;
  if (!DETERMINERS.has(words[i]?.toLowerCase() ?? '')) return undefined;
  i++;
  while (i < words.length && tags[i] === 'ADJ') i++;
  const start = i;
  while (i < words.length && NOUN_TAGS.has(tags[i]!)) i++;
  return i > start ? words.slice(start, i).join(' ') : undefined;
}

function doSubjectParts(question: string): Pick<Antecedent, 'phrase' | 'article'> | undefined {
  const { words, tags } = englishTags(question);
  let i = 0;
  if (/^(?:how|what|when|where|why|who|which)$/i.test(words[0] ?? '')) i = /^(?:much|many|long|often|far|old)$/i.test(words[1] ?? '') ? 2 : 1;
  if (!DO_AUX.test(words[i] ?? '') || tags[i] !== 'AUX') return undefined;
  i++;
  const article = DETERMINERS.has(words[i]?.toLowerCase() ?? '') ? words[i++]! : undefined;
  const start = i;
  while (i < words.length && tags[i] === 'ADJ') i++;
  while (i < words.length && NOUN_TAGS.has(tags[i]!)) i++;
  let end = i;
  const nouns = end - start;
  if (nouns === 0 || tags[start] === 'PRON') return undefined;
  if (tags[end] !== 'VERB') {
    const objectFollows = ['ADJ', 'DET', 'NUM'].includes(tags[end] ?? '');
    const last = end >= words.length || tags[end] === 'PUNCT';
    if (objectFollows && nouns >= 2) end -= 1;
    // A bare verb never ends in a plural's s: "issue tokens" has its object, "the Roman Empire fall" has none.
    else if (last && nouns >= 3 && /[^s]s$/i.test(words[end - 1]!)) end -= 2;
    else if (last && nouns >= 2) end -= 1;
    else return undefined;
  }
  if (!words.slice(start, end).some((_, k) => NOUN_TAGS.has(tags[start + k]!))) return undefined;
  const phrase = words.slice(start, end).join(' ');
  return article ? { phrase, article: article.toLowerCase() } : { phrase };
}

/** A subject pronoun after "do" or a modal: "how does it handle …", "can it …". */
const SUBJECT_IT = new RegExp(`\\b(?:${DO_AUX_WORDS})\\s+it\\s+\\p{L}`, 'iu');
const PERSON_PRONOUN = /\b(?:he|she|they|them|his|her|their|hij|zij|hem|haar|hun)\b/i;

/**
 * What a follow-up points at by the previous question's form, if its wording says so:
 * "aren't there more?" and "en de prijs?" the things asked for ("Which laptops …?"), "they"/"ze"
 * those things when plural, a subject "it" the subject of a question with "do"
 * ("How does the auth service issue tokens?" → "how does it handle expired sessions?").
 */
export function frameAntecedent(
  query: string,
  previousQuestion: string,
  language: string,
): (Pick<Antecedent, 'phrase' | 'article'> & { one?: boolean; completed?: string }) | undefined {
  if (language !== 'en' && language !== 'nl') return undefined;
  const body = query.trim().replace(/[\s?.!]+$/u, '');
  const asked = askedFor(previousQuestion, language);
  const article = language === 'nl' ? 'de' : 'the';
  // "and how many did I have last year?", "which is lighter?": the question as asked, with what it counts or chooses among.
  const completed = asked && completeAsk(query, previousQuestion, asked, language);
  if (completed) return { phrase: asked.phrase, completed };
  if (asked && MORE[language]!.test(body)) return { phrase: asked.phrase };
  // "is there a cheaper one?" after "Which laptops …?": one of the things asked for.
  const one = ONE.exec(body);
  // "What about the other one?" after "How many users can connect?": no other user, which a count did not choose among.
  const otherOfCount = !!one && !asked?.choice && /\b(?:the\s+other|another)\s+one\b/i.test(body);
  if (language === 'en' && asked?.plural && asked.singular && one && !otherOfCount) {
    // "What other movies …?" — "is there a newer one?": a newer movie; "the other one": the other movie (once).
    const words = asked.singular.split(' ');
    const modifiers = words.slice(0, -1).filter((w) => !/^(?:other|another|more|else)$/i.test(w));
    return { phrase: [...modifiers, words.at(-1)!].join(' '), one: true };
  }
  // "what's the current one?" after "How do I change the wifi password on our Fritzbox?": one of
  // what the user's verb acted on ("the current wifi password").
  const object = language === 'en' && one && !asked ? userObject(previousQuestion) : undefined;
  if (object) return { phrase: object, one: true };
  // The pronoun the reference is read from: the first, as resolveReference replaces it.
  const pronoun = pointingPronoun(body, language)?.[0].toLowerCase();
  // Not where the question was about a person ("What other matches did he play?" → "who beat
  // them?"), nor a subject "they" after "how many", which mostly is a band, a team, a people.
  // Nor a "they" who acts where the question named people ("what did they find?" after "What
  // methods did the authors use …?": the authors found it, not the methods).
  const actors = pronoun === 'they' && actingThey(body) && (previousQuestion.toLowerCase().match(/\p{L}+/gu) ?? []).some((w) => PEOPLE.has(w));
  const fits = pronoun === 'them' || pronoun === 'ze' || (pronoun === 'they' && asked?.choice && !actors);
  if (asked?.plural && fits && !PERSON_PRONOUN.test(previousQuestion)) return { phrase: asked.phrase, article };
  const lead = ELLIPSIS_LEAD[language]!.exec(body);
  // English "the" fits any noun; Dutch "de" only a plural (a singular may be a "het" word).
  // "and the one from Contoso?" after "Which companies offer a pension plan?" may be a thing
  // from where the question named, so it is left to the conversation's terms.
  if (asked?.choice && lead && body.slice(lead[0].length).trim() && !pronoun && !ONE_FROM.test(body)) return asked.plural || language === 'en' ? { phrase: asked.phrase, article } : { phrase: asked.phrase };
  if (language !== 'en' || pronoun !== 'it') return undefined;
  const subject = SUBJECT_IT.test(body) ? doSubjectParts(previousQuestion) : undefined;
  return subject ?? copulaSubject(previousQuestion);
}

/**
 * The subject of an English question with "is"/"was" before it: "When is the invoice from
 * Northwind due?" → "the invoice", "What is the notice period in my contract?" → "the notice period",
 * "Is my e-bike insured against theft?" → "my e-bike".
 */
function copulaSubject(question: string): Pick<Antecedent, 'phrase' | 'article'> | undefined {
  const { words, tags } = englishTags(question);
  // "Is my e-bike insured against theft?": a yes/no question's subject of the user's own (not a "the" one, which the
  // conversation may name more fully: "the Sri Aurobindo magazine Arya" of "Was the magazine successful?").
  const yesNo = /^(?:is|was)$/i.test(words[0] ?? '') && /^(?:my|our)$/i.test(words[1] ?? '');
  if (!yesNo && (!/^(?:what|when|where|how|why|who|which)$/i.test(words[0] ?? '') || !/^(?:is|was)$/i.test(words[1] ?? '') || !/^the$/i.test(words[2] ?? ''))) return undefined;
  const opening = yesNo ? 2 : 3;
  let i = opening;
  while (i < words.length && tags[i] === 'ADJ') i++;
  const start = i;
  while (i < words.length && NOUN_TAGS.has(tags[i]!)) i++;
  // "the name of the band", "the deadline for the statistics assignment": whether "it" is the
  // attribute or its owner, the words do not say.
  if (i === start || /^(?:of|for)$/i.test(words[i] ?? '')) return undefined;
  return { phrase: words.slice(opening, i).join(' '), article: yesNo ? words[1]!.toLowerCase() : 'the' };
}
