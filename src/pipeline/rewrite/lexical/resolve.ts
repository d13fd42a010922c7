import { detectLanguage } from './language.js';
import { queryTerms, STOPWORDS } from '../../search/queryTerms.js';
import type { SelectedTurn } from '../targetedHistory.js';
import { clausePredicates, englishTags } from './predicates.js';
import { CALENDAR_WORDS, capitalise, caseLike, DEGREE_WORDS, isMoment, isRequest, MEASURE_UNITS, PEOPLE, PERSON_ROLES, plural, PREPOSITIONS, readable, remembered, withoutAddresses, wordPattern } from './words.js';

/** A run of chosen words as it stands in the conversation ("authentication system"). */
export interface Antecedent {
  phrase: string;
  /** The article it stood with ("the", "de", "het"; in Dutch also "een" or "mijn"), for putting it in place of a pronoun. */
  article?: string;
  score: number;
  /** The turn pair it was taken from. */
  turn: number;
  /** Who said it: a follow-up points at what the user asked about before a word of the reply. */
  role: 'user' | 'assistant';
  /** A lone word the user's question has as its verb ("reset" in "How do I reset my router?"). */
  verb?: boolean;
  /** The word right after it where it was said ("plan" after "premium" in "the premium plan", when "plan" was not chosen). */
  following?: string;
}

/**
 * Words and punctuation; a number with dots or commas inside is one token ("2.4", "8,900"), and so
 * is a code identifier ("PAYMENT_MAX_RETRIES"), whose parts are no things of the conversation.
 */
const TOKEN = new RegExp(`[\\p{L}\\p{N}]+(?:_[\\p{L}\\p{N}]+)+|\\p{N}+(?:[.,]\\p{N}+)+|${wordPattern({ punctuation: true }).source}`, 'gu');
/** A number that names which one ("version 2.4", "Python 3.8", "chapter 3"). */
const DESIGNATOR = /^\p{N}+(?:\.\p{N}+)*$/u;
/** Whether a word after a number is what it counts ("50 mg", "3 days"): a lower-case word other than a preposition or "and"/"or". */
const unitAfter = (next: string | undefined): boolean => !!next && /^\p{Ll}/u.test(next) && !PREPOSITIONS.has(next) && !/^(?:and|or|en|of)$/.test(next);
const ARTICLES = new Set(['the', 'de', 'het']);
/** Dutch determiners a phrase keeps in a pronoun's place, where no "de"/"het" was written. */
const DUTCH_DETERMINERS = new Set(['een', 'mijn', 'jouw', 'uw', 'onze', 'ons']);
/** A follow-up's pronoun points at what the user asked about more often than at a word of the reply. */
const ASSISTANT_FACTOR = 0.5;
/** Nouns that count or sort a thing, and are none alone ("the number", "het aantal", "the kind"). */
const COUNTING_NOUNS = new Set('number amount quantity kind type sort aantal hoeveelheid soort'.split(' '));
/** The pro-form "one" ("which one", "the cheaper ones", "de goedkoopste ene"). */
const PRO_ONE = /^(?:one|ones|ene)$/i;
/**
 * Words that link a phrase's parts; a lower-case Dutch "de" only after "van" or "voor" ("de Raad van de Europese Unie"),
 * else it opens the next phrase ("mag mijn verhuurder de huur verhogen"); a name's "De" links ("Kindercentrum De Boomhut").
 */
const LINKS = new Set(['of', 'van', 'de', 'der', 'voor']);

/** A path of an endpoint or a file: "/orders/bulk", "/etc/hosts" (not a date's "1/2", nor a sentence's full stop after it). */
export const PATHS = /(?<![\p{L}\p{N}_.\\/-])\/[\p{L}_](?:[\p{L}\p{N}_.{}:-]*[\p{L}\p{N}_{}])?(?:\/[\p{L}\p{N}_{}](?:[\p{L}\p{N}_.{}:-]*[\p{L}\p{N}_{}])?)*/gu;

/** A text's paths, each with its parts in lower case ("/orders/bulk": "orders", "bulk"). */
function pathsIn(text: string): { path: string; parts: string[] }[] {
  return text.includes('/') ? [...text.matchAll(PATHS)].map((m) => ({ path: m[0], parts: m[0].toLowerCase().split(/[/._-]+/).filter(Boolean) })) : [];
}

/** The path whose parts hold the words of `run` in order ("/orders/bulk" for "orders bulk" or "bulk"), if any. */
function pathOf(run: readonly string[], paths: ReturnType<typeof pathsIn>): string | undefined {
  const wanted = run.map((w) => w.toLowerCase());
  for (const { path, parts } of paths) {
    const at = parts.indexOf(wanted[0]!);
    if (at >= 0 && wanted.every((w, i) => parts[at + i] === w)) return path;
  }
  return undefined;
}

/**
 * Phrases of the conversation made of the chosen terms: maximal runs of chosen words, which may
 * be linked by "of"/"van" inside ("net asset value", "prijs van houtmulch"). A user's clause ends
 * a phrase at its predicate ("the Eiffel Tower", not "Eiffel Tower built"). Scored by the sum
 * of their words' probabilities; the user's phrases come before the replies'.
 */
export function antecedents(turns: readonly SelectedTurn[], chosen: ReadonlyMap<string, number>, language: string): Antecedent[] {
  const found = new Map<string, Antecedent>();
  // Words the conversation writes in lower case somewhere (the tagger calls any capitalised fragment a name).
  let lower: Set<string> | undefined;
  const writtenLower = (): Set<string> => (lower ??= new Set(turns.flatMap((t) => [...lowerWords(t.user), ...lowerWords(t.assistant)])));
  for (const t of turns) {
    for (const [role, text] of [['user', t.user], ['assistant', t.assistant]] as const) {
      // Each message in its own language: a Dutch question before an English follow-up is read as Dutch ("Wat kost de Daikin warmtepomp?").
      const said = language === 'en' || language === 'nl' ? remembered(messageLanguages, `${language}\u0000${text}`, () => detectLanguage(text, [], language)) : language;
      const { tokens, words } = phraseReading(text, role, said === 'en' || said === 'nl' ? said : language);
      const paths = pathsIn(text);
      let run: string[] = [];
      let runStart = 0;
      let score = 0;
      let article: string | undefined;
      const flush = (following?: string): void => {
        // A noun phrase ends in its noun: "more important" leaves nothing a pronoun stands for, "medical" of "medical debt" alone neither.
        const trailingAdjective = (): boolean => words[runStart + run.length - 1]!.adjective;
        while (run.length && (LINKS.has(run.at(-1)!.toLowerCase()) || trailingAdjective())) score -= chosen.get(run.pop()!.toLowerCase()) ?? 0;
        // "as a freelancer", "als zzp'er": the role someone acts in; "per kuub", "per month": a unit. No thing a pronoun stands for.
        if (run.length && ROLE_BEFORE.test(tokens.slice(Math.max(0, runStart - 2), runStart).join(' '))) run = [];
        // "my flat on Kanaalstraat", "het kantoor in Utrecht": a name that places the thing named just before it. A pronoun stands for the thing.
        if (run.length && run.every((w) => /^\p{Lu}/u.test(w)) && placesThing(tokens, runStart)) run = [];
        // "March", "Monday 3 March": a moment, which no "it" or "they" stands for.
        // "the week after", "de week erna": a moment told from another.
        if (run.every((w) => MOMENT_WORDS.has(w.toLowerCase()) || /^\p{N}+$/u.test(w) || RELATIVE_WORDS.has(w.toLowerCase()))) run = [];
        // "which one is lighter?", "in the last one?", "any others?": "one" or "others" stands for a thing named elsewhere, and is none itself.
        if (run.length && (PRO_ONE.test(run.at(-1)!) || /^(?:others|anderen|andere)$/i.test(run.at(-1)!))) run = [];
        // "at 84,200 km", "2.3 bar": a unit after its number measures a thing, and is none.
        if (run.length === 1 && MEASURE_UNITS.has(run[0]!.toLowerCase()) && /^\p{N}/u.test(tokens[runStart - 1] ?? '')) run = [];
        // "the number of retries" cut at a word the tagger took for a verb: "the number" alone is no thing.
        if (run.length === 1 && COUNTING_NOUNS.has(run[0]!.toLowerCase())) run = [];
        // "hoe lang duurt dat?", "is dat niet te veel?": a word of degree alone is no thing either, nor one of
        // time or manner ("hoeveel is die nu?", "mag ik extra aflossen?": no reading "nu" or "extra").
        if (run.length === 1 && (DEGREE_WORDS.has(run[0]!.toLowerCase()) || LONE_ADVERBS.has(run[0]!.toLowerCase()) || /^(?:lang|ver)$/i.test(run[0]!))) run = [];
        if (run.length) {
          // "Good decisions" that opens a message is "good decisions" in a question; a name keeps its capital.
          const opening = words[runStart]!;
          if (opening.opensAsCommon && (!opening.properNoun || writtenLower().has(run[0]!.toLowerCase()))) run[0] = run[0]!.toLowerCase();
          // "orders bulk" of "/orders/bulk": the path, whole.
          const phrase = pathOf(run, paths) ?? run.join(' ');
          const key = phrase.toLowerCase();
          const s = score * (role === 'user' ? 1 : ASSISTANT_FACTOR);
          const prev = found.get(key);
          const verb = run.length === 1 && words[runStart]!.verbAfterSubject;
          if (!prev || prev.score < s || (prev.score === s && prev.turn < t.index)) found.set(key, { phrase, score: s, turn: t.index, role, ...(article ? { article } : {}), ...(verb ? { verb } : {}), ...(following && /^\p{L}/u.test(following) ? { following } : {}) });
        }
        run = [];
        score = 0;
      };
      let moment = -1;
      for (const [at, tok] of tokens.entries()) {
        const w = words[at]!;
        if (at === moment || w.momentLead) {
          if (at !== moment) moment = at + 1;
          flush();
          continue;
        }
        // A base-form "verb" ending its clause after a noun is the tagger's slip on a compound ("for
        // the heat pump?"); after a plural it is the verb it agrees with ("when all attempts fail?").
        const compound = w.baseFormAtClauseEnd && run.length > 0 && !plural(run.at(-1)!.toLowerCase());
        const apart = w.apart && !compound && !(run.length === 0 && w.verbAfterSubject);
        const p = w.predicate || apart ? undefined : chosen.get(w.low);
        if (p !== undefined) {
          // The verb after "I"/"you" stands alone: "How do I make sourdough bread?" has "make" and "sourdough bread"
          // (`verbs` holds lower-case words as written: "As I Lay Dying" is a name).
          if (run.length === 1 && words[runStart]!.verbAsWritten) flush(tok);
          if (run.length === 0) {
            runStart = at;
            article = w.article;
          }
          run.push(tok);
          score += p;
        } else if (run.length && LINKS.has(w.low) && (tok !== 'de' || /^(?:van|voor)$/i.test(tokens[at - 1] ?? ''))) run.push(tok);
        // "Lyme disease", "the Kubernetes cluster": the common noun after a one-word name the user wrote is the phrase's head, chosen or not.
        // So after an acronym anyone wrote alone ("an ACE inhibitor", "the API key").
        else if (run.length && w.commonNoun && !w.predicate && ((role === 'user' && /^\p{Lu}/u.test(run.at(-1)!) && !/^\p{Lu}/u.test(run.at(-2) ?? '')) || (run.length === 1 && /^\p{Lu}{2,5}$/u.test(run[0]!)))) run.push(tok);
        // "version 2.4 of the release notes": a number after a noun names which one, unless a unit follows ("50 mg").
        else if (run.length && DESIGNATOR.test(tok) && !unitAfter(tokens[at + 1])) run.push(tok);
        // "vitamin D", "plan B": a capital letter after a noun names which one too (never the pronoun "I").
        else if (run.length && /^\p{Lu}$/u.test(tok) && tok !== 'I') run.push(tok);
        else flush(tok);
      }
      flush();
    }
  }
  // The user's own phrases first: replies are read only when the user named nothing that fits.
  return [...found.values()].sort((a, b) => (a.role === b.role ? 0 : a.role === 'user' ? -1 : 1) || b.score - a.score || b.turn - a.turn);
}

/** What a token's place in its message says for phrase reading, whatever words a question chose. */
interface PhraseWord {
  low: string;
  /** Opens a moment with the next word ("last month"), unless "of" follows ("the last season of …"). */
  momentLead: boolean;
  /** A user's clause predicate or auxiliary: it ends a phrase ("Which laptop should I buy?"). */
  predicate: boolean;
  /** A lower-case word the tagger puts in no noun phrase, or a sentence-opening imperative ("Summarise the minutes"). */
  apart: boolean;
  /** A base-form verb ending its clause, which after a singular noun is the tagger's slip on a compound. */
  baseFormAtClauseEnd: boolean;
  /** A verb right after "I"/"you" in a user's English question ("reset" in "How do I reset my router?"). */
  verbAfterSubject: boolean;
  /** …and written in lower case ("As I Lay Dying" is a name). */
  verbAsWritten: boolean;
  /** A lower-case noun, as the tagger reads it. */
  commonNoun: boolean;
  /** A lower-case adjective: no noun phrase ends in one. */
  adjective: boolean;
  /** Capitalised at a message's or sentence's opening, where it may be a common word. */
  opensAsCommon: boolean;
  properNoun: boolean;
  /** The definite article a phrase starting here takes ("the", "de", "het"). */
  article?: string;
}

const readPhrases = new Map<string, { tokens: string[]; words: PhraseWord[] }>();
/** Each message's language, as the question's language leaves it where the message does not tell. */
const messageLanguages = new Map<string, string>();
const readLower = new Map<string, readonly string[]>();

/** The lower-case words of a message. */
function lowerWords(text: string): readonly string[] {
  return remembered(readLower, text, () => text.match(/(?<![\p{L}\p{N}])\p{Ll}+(?![\p{L}\p{N}])/gu) ?? []);
}

/**
 * A message read for its phrases, once: its tokens, with what the tagger, the question's
 * predicates and the token's neighbours say of each (see antecedents).
 */
export function phraseReading(text: string, role: 'user' | 'assistant', language: string): { tokens: string[]; words: PhraseWord[] } {
  return remembered(readPhrases, `${role}\u0000${language}\u0000${text}`, () => {
    // As the candidates were read: "Huntington's disease" is the phrase "Huntington disease".
    // Nor is "com" of "privacy@example.com" a word of it.
    const clean = readable(withoutAddresses(text));
    const tokens = [...clean.matchAll(TOKEN)].map((m) => m[0]);
    const predicates = role === 'user' ? clausePredicates(clean, language) : undefined;
    const { verbs, auxiliaries } = role === 'user' && language === 'en' ? verbsOf(clean) : NO_VERBS;
    const tagOf = language === 'en' ? alignedTags(clean, tokens) : undefined;
    const sentenceMark = (i: number): boolean => /^[.!?]+$/.test(tokens[i] ?? '');
    const words = tokens.map((tok, at): PhraseWord => {
      const low = tok.toLowerCase();
      const { tag = '', lemma } = tagOf?.[at] ?? {};
      // "last month", "volgend jaar": a moment the sentence names, no part of a thing ("the premium plan last month").
      const momentLead = MOMENT_LEADS.has(low) && MOMENT_WORDS.has(tokens[at + 1]?.toLowerCase() ?? '') && !/^(?:of|van)$/i.test(tokens[at + 2] ?? '');
      const clauseEnds = at + 1 >= tokens.length || !/^[\p{L}\p{N}]/u.test(tokens[at + 1]!);
      // An imperative opening a sentence ("Summarise the minutes") is a verb in capitals.
      const imperative = tag === 'VERB' && !/(?:ing|ed)$/.test(low) && (at === 0 || sentenceMark(at - 1));
      const opensSentence = at === 0 || sentenceMark(at - 1);
      const previous = tokens[at - 1] ?? '';
      return {
        low,
        momentLead,
        // A clause's predicate or auxiliary ends a phrase; so does a lower-case word that is no part
        // of a noun phrase ("Is Earth Crisis still around?", "the album win a Grammy").
        predicate: !!predicates?.has(low) || auxiliaries.has(low),
        apart: NOT_IN_PHRASE.has(tag) && (/^\p{Ll}/u.test(tok) || imperative),
        baseFormAtClauseEnd: tag === 'VERB' && clauseEnds && lemma === low,
        verbAfterSubject: verbs.has(low),
        verbAsWritten: verbs.has(tok),
        adjective: tag === 'ADJ' && /^\p{Ll}/u.test(tok),
        commonNoun: tag === 'NOUN' && /^\p{Ll}/u.test(tok),
        opensAsCommon: opensSentence && !!tagOf && /^\p{Lu}\p{Ll}*$/u.test(tok),
        properNoun: tag === 'PROPN',
        // "What is a heat pump?" introduces the thing a later "it" names as "the heat pump".
        // Dutch, whose "de"/"het" depends on the noun: the word it stood after ("een dakkapel", "mijn aangifte").
        ...(ARTICLES.has(previous.toLowerCase()) ? { article: previous.toLowerCase() } : language === 'en' ? optional(englishArticle(tokens, at)) : language === 'nl' ? optional(DUTCH_DETERMINERS.has(previous.toLowerCase()) ? previous.toLowerCase() : undefined) : {}),
      };
    });
    return { tokens, words };
  });
}

function optional(article: string | undefined): { article?: string } {
  return article ? { article } : {};
}

const SUBJECT_PRONOUNS = new Set(['i', 'you', 'we', 'they']);
/** Before a role ("as a freelancer", "als zzp'er"). */
const ROLE_BEFORE = /(?:^|\s)(?:as|als)(?:\s+(?:a|an|een))?$|(?:^|\s)per$/i;

/** Prepositions that place a thing ("on", "in", "at", "aan", "op"); not "bij", which names a provider as often ("mijn abonnement bij Basic-Fit"). */
const PLACE_PREPOSITIONS = new Set('on in at near aan op'.split(' '));

/** Determiners that open a noun phrase a place preposition may follow ("my flat on …"). */
const PLACED_DETERMINERS = new Set('the a an my your our his her their this that de het een mijn jouw je uw ons onze zijn haar hun dit dat deze die'.split(' '));

/**
 * Whether the name at `at` follows a place preposition (and an article: "aan de Kanaalstraat")
 * after a determiner and a noun, which the name places: "my flat on Kanaalstraat", "het kantoor
 * in Utrecht". Not "years in Indianapolis" or "premiered on FX", where the place is what is told.
 */
function placesThing(tokens: readonly string[], at: number): boolean {
  const preposition = ARTICLES.has(tokens[at - 1]?.toLowerCase() ?? '') ? at - 2 : at - 1;
  if (preposition < 2 || !PLACE_PREPOSITIONS.has(tokens[preposition]!.toLowerCase())) return false;
  const noun = tokens[preposition - 1]!;
  return /^\p{Ll}{3,}$/u.test(noun) && !STOPWORDS.has(noun) && PLACED_DETERMINERS.has(tokens[preposition - 2]!.toLowerCase());
}

/** Words that name a moment with the next word ("last month", "next year", "vorige week", "afgelopen jaar"). */
const MOMENT_LEADS = new Set('last next past coming previous this every each vorige vorig volgende volgend afgelopen komende deze dit elke iedere'.split(' '));
/** Words that place a moment from another ("the week after", "het jaar daarvoor"). */
const RELATIVE_WORDS = new Set('before after earlier later daarvoor ervoor daarna erna eerder later'.split(' '));
const MOMENT_WORDS = new Set(
  (
    'day days week weeks weekend weekends month months year years quarter quarters night nights time season summer winter spring autumn fall ' +
    `${CALENDAR_WORDS.join(' ')} ` +
    'mondays tuesdays wednesdays thursdays fridays saturdays sundays ' +
    'dag dagen week weken weekend weekenden maand maanden jaar jaren kwartaal nacht keer seizoen zomer winter lente herfst ' +
    'maandag dinsdag woensdag donderdag vrijdag zaterdag zondag maandags dinsdags woensdags donderdags vrijdags zaterdags zondags'
  ).split(' '),
);

/**
 * "the" for an English phrase starting at `tokens[at]` whose noun phrase opened with an article,
 * right before it or before the unchosen modifiers ("a second bank account" → "the account"): a
 * pronoun's place wants "does the account cost", not "does account cost". Not a name, but for
 * "my" of the user's own.
 */
function englishArticle(tokens: readonly string[], at: number): string | undefined {
  if (/^an?$/i.test(tokens[at - 1] ?? '')) return 'the';
  // A name after its description takes none ("the band Earth Crisis" → "Earth Crisis"); one the
  // user owns stays theirs ("my Corolla", an answer's "your Corolla"): "does my Corolla need it?".
  if (!/^\p{Ll}/u.test(tokens[at]!)) return /^(?:my|your)$/i.test(tokens[at - 1] ?? '') ? 'my' : undefined;
  // "Which hotel did I book?", "my contract": a determiner other than an article makes it "the hotel" too.
  // So does a demonstrative ("that evaluation" → "the evaluation").
  if (/^(?:which|what|whose|my|your|our|his|her|its|their|that|this|these|those)$/i.test(tokens[at - 1] ?? '')) return 'the';
  for (let i = at - 1; i >= Math.max(0, at - 4); i--) {
    const word = tokens[i]!;
    if (/^(?:the|an?)$/i.test(word)) return 'the';
    // "the other quote", "the same form": the article goes on, past "other" and "same".
    if (/^(?:other|same)$/i.test(word)) continue;
    if (!/^\p{Ll}[\p{L}\p{N}-]*$/u.test(word) || STOPWORDS.has(word)) return undefined;
  }
  return undefined;
}

/** Parts of speech a lower-case word of a noun phrase does not have. */
const NOT_IN_PHRASE = new Set(['VERB', 'AUX', 'ADV', 'ADP', 'PRON', 'DET', 'SCONJ', 'CCONJ', 'PART', 'INTJ']);

/**
 * The tagger's part of speech and base form for each of `tokens` (the phrase reader's words and
 * marks of `text`), matched in order to the tagger's own tokens; undefined where they split differently.
 */
function alignedTags(text: string, tokens: readonly string[]): ({ tag: string; lemma: string } | undefined)[] {
  const { words, tags, lemmas } = englishTags(text);
  const out: ({ tag: string; lemma: string } | undefined)[] = [];
  let cursor = 0;
  for (const tok of tokens) {
    const low = tok.toLowerCase();
    let j = cursor;
    while (j < words.length && j < cursor + 3 && words[j]!.toLowerCase() !== low) j++;
    if (j < words.length && words[j]!.toLowerCase() === low) {
      out.push({ tag: tags[j]!, lemma: lemmas[j]!.toLowerCase() });
      cursor = j + 1;
    } else out.push(undefined);
  }
  return out;
}

const NO_VERBS = { verbs: new Set<string>(), auxiliaries: new Set<string>() };

/**
 * An English user message's verbs right after a personal subject ("reset" in "How do I reset my
 * router?") and its auxiliaries ("should"): the tagger is sure of these (lower case).
 */
export function verbsOf(text: string): { verbs: Set<string>; auxiliaries: Set<string> } {
  const { words, tags } = englishTags(text);
  const lower = words.map((w) => w.toLowerCase());
  return {
    verbs: new Set(lower.filter((w, i) => i > 0 && tags[i] === 'VERB' && SUBJECT_PRONOUNS.has(lower[i - 1]!))),
    auxiliaries: new Set(lower.filter((_, i) => tags[i] === 'AUX')),
  };
}

/**
 * "do" as the main verb right before a pointing word ("why does Germany keep doing this?", "can I
 * do that online?", "how do I do it?", "does our client do that?", "who did it?"): it stands for an action, which no thing of the
 * conversation names. Not the auxiliary of "does it work?".
 */
const DO_ACTION = /(?:\b(?:doing|done)|(?:\b(?:i|you|we|they|he|she|who|to|can|could|will|would|should|must|might|may|not|also|just)|n['’]t)\s+(?:do|does|did)|\b(?:does|did|do|can|could|will|would|should)\s+(?:[\p{L}'’-]+\s+){1,3}do)\s+$/iu;
/**
 * Dutch "doen" with a pointing word as its object: "hoe doe ik dat?", "wat als ik het zelf doe?",
 * "kan ik dat online doen?". Not "doet dat pijn?", where "dat" is the subject.
 */
const DO_ACTION_NL = { before: /\b(?:doe|doet|doen|deed|deden)\s+(?:ik|je|jij|we|wij|u|ze|zij|hij)\s+$/i, after: /^\s+(?:\p{L}+\s+){0,2}?(?:doe|doet|doen|deed|deden|gedaan)\s*$/iu };
/**
 * A Dutch modal right before a pointing word with no verb after it ("tot wanneer kan dat?", "mag
 * dat?", "kan dat ook online?"): the action is possible or allowed. Not before an infinitive, whose
 * object the word is ("kan dat worden verlengd?").
 */
const MODAL_THAT_NL = { before: /\b(?:kan|kon|mag|mocht|moet|moest)\s+$/i, after: /^(?:\s+(?!\p{L}+en(?![\p{L}]))\p{L}+){0,3}\s*$/iu };

/**
 * A verb of saying, meaning or deciding right before a pointing word ("who decided that?", "why
 * did Tom say that?", "what do you mean by that?"), or Dutch around it ("wie heeft dat besloten?",
 * "wie zei dat?"): it stands for what was said or decided, which no thing of the conversation names.
 */
const SAID_THAT = /\b(?:say|says|said|saying|mean|means|meant|think|thinks|thought|suggest|suggests|suggested|believe|believes|believed|know|knows|knew|decide|decides|decided|confirm|confirms|confirmed|agree|agreed)\s+(?:by\s+)?$/i;
const SAID_THAT_NL = {
  before: /\b(?:zei|zegt|zeggen|zeiden|bedoel|bedoelt|bedoelde|denk|denkt|dacht|besloot|besloten|weet|wist|bevestigde|beweert|beweerde)\s+(?:\p{L}+\s+)?$/iu,
  after: /^\s+(?:\p{L}+\s+){0,2}?(?:gezegd|bedoeld|gedacht|besloten|bevestigd|beweerd|voorgesteld)\s*$/iu,
};

/**
 * "take" ending its clause after the pointing word ("how long does it take?", "will that take
 * long?", "how long did it take us?"): the word stands for a doing, which takes time, and only an
 * event's name reads it ("How long does the delivery take?"), never a thing's ("how long does the
 * ThinkPad take?"). Not before an object or a to-clause ("does it take batteries?", "how long does
 * it take to charge?", where "it" is the thing). Its clause may end at "and" ("how long does it
 * take and can I pick it up elsewhere?").
 */
const TAKES_TIME = /^\s+(?:(?:usually|normally|typically|still|really|actually)\s+)?(?:take|takes|took)(?:\s+(?:me|us|you|them|him|her|long|longer|so\s+long|too\s+long|a\s+while|a\s+long\s+time))*\s*(?:[?.!]+\s*)?(?:$|,?\s+(?:and|or|but)\s)/i;

/** Dutch "duren" of the pointing word ("hoe lang duurt het?", "duurt dat lang?", "hoe lang gaat dat duren?"): as TAKES_TIME. */
const LASTS_NL = { before: /\b(?:duurt|duurde|duren|duurden)\s+$/i, after: /^\s+(?:\p{L}+\s+){0,2}?duren\s*[?.!]*\s*$/iu };
/**
 * A name of an event or a doing, which takes time: by its ending ("installation", "treatment",
 * "renewal", "delivery", "processing", "procedure", "levering", "operatie") or as a common short one.
 */
const EVENT_NOUN: Record<'en' | 'nl', RegExp> = {
  en: /(?:tion|sion|ment|ance|ence|wal|val|ery|ing|ure|sis|trip|flight|journey|drive|ride|commute|repair|update|upgrade|process|review|transfer|refund|check|test|exam|course|wait|visit|move|build|backup|service|appeal|trial|claim|sync|scan)$/i,
  nl: /(?:ing|tie|atie|reis|rit|vlucht|aanvraag|procedure|bezwaar|cursus|behandeling|keuring|controle|test|examen|update|reparatie|verhuizing)$/i,
};

/** Whether the pointing word stands for a doing that takes time ("how long does it take?", "hoe lang duurt het?"), which `phrase` does not name. */
function timeOfDoing(body: string, pointing: RegExpExecArray, phrase: string, lang: 'en' | 'nl'): boolean {
  const before = body.slice(0, pointing.index);
  const after = body.slice(pointing.index + pointing[0].length);
  const takes = lang === 'en' ? /^(?:it|this|that)$/i.test(pointing[0]) && TAKES_TIME.test(after) : /^(?:het|dat|dit)$/i.test(pointing[0]) && (LASTS_NL.before.test(before) || LASTS_NL.after.test(after));
  return takes && !EVENT_NOUN[lang].test(phrase.trim());
}

/**
 * "does that also apply to the landlord?", "is that also true for part-timers?", "does that go for
 * renters too?", "geldt dat ook voor mijn opstalverzekering?": the pointing word stands for what the
 * answer said, asked of another case, which no thing of the conversation names (a thing goes in the
 * oven: "go" so only before "for").
 */
const APPLIES_TO = /^\s+(?:(?:also|still|then)\s+)?(?:(?:apply|applies|hold|holds|count|counts|(?:is|was)\s+(?:(?:also|still)\s+)?(?:true|the\s+case|valid))\s+(?:(?:also|too)\s+)?(?:to|for|with|in)|(?:go|goes)\s+(?:(?:also|too)\s+)?for)\b/i;
/** The same asked with "be" first: "is that also true for …?" (what follows the pointing word). */
const TRUE_FOR = { before: /\b(?:is|was|isn['’]t|wasn['’]t)\s+$/i, after: /^\s+(?:(?:also|still)\s+)?(?:true|the\s+case|valid)\s+(?:(?:also|too)\s+)?(?:to|for|with|in)\b/i };
const APPLIES_TO_NL = { before: /\b(?:geldt|gold|gaat|ging)\s+$/i, after: /^\s+(?:(?:ook|nog|dan|eveneens)\s+)*(?:voor|op|bij)\b/i };

/**
 * "why is that?", "how is that possible?", "hoe komt dat?", "waarom is dat zo?", "wat betekent dat?":
 * the pointing word stands for what the answer said, asked why or what it means.
 */
const WHY_SAID: Record<'en' | 'nl', { before: RegExp; after: RegExp }> = {
  en: { before: /^\s*(?:(?:and|but|so|ok(?:ay)?)[,\s]+)?(?:why|how)\s+(?:is|was|would|could)\s+$/i, after: /^\s*(?:so|the\s+case|possible|happening|true)?\s*[?.!]*\s*$/i },
  nl: { before: /^\s*(?:(?:en|maar|ok[eé]?)[,\s]+)?(?:hoe\s+komt|hoe\s+kan|waarom\s+is|waarom\s+was|wat\s+betekent|wat\s+houdt)\s+$/i, after: /^\s*(?:zo|in|dan)?\s*[?.!]*\s*$/i },
};

/**
 * Whether the pointing word is what "do"/"doen" acts on, what someone said or decided, or what the
 * answer said, asked why (WHY_SAID) or of another case (APPLIES_TO): no thing of the conversation names it.
 */
function doesAction(body: string, pointing: RegExpExecArray, lang: 'en' | 'nl'): boolean {
  const before = body.slice(0, pointing.index);
  const after = body.slice(pointing.index + pointing[0].length);
  if (/^(?:that|this|it|dat|dit|het)$/i.test(pointing[0]) && WHY_SAID[lang].before.test(before) && WHY_SAID[lang].after.test(after)) return true;
  const trueFor = TRUE_FOR.before.test(before) && TRUE_FOR.after.test(after);
  if (lang === 'en' ? /^(?:that|this|it)$/i.test(pointing[0]) && (APPLIES_TO.test(after) || trueFor) : /^(?:dat|dit|het)$/i.test(pointing[0]) && APPLIES_TO_NL.before.test(before) && APPLIES_TO_NL.after.test(after)) return true;
  // What was said ends the clause ("who decided that?"); before a verb it is a clause's subject ("I think that is wrong").
  const ends = /^\s*(?:(?:exactly|again|then|before|first|earlier|too|also|at all|in the meeting)\s*)?$/i.test(after);
  // "how often should I do them?" after a list of exercises: things done, which the conversation names.
  // "Who did they play …?": a subject "they" is no thing done.
  if (lang === 'en') return (/^(?:it|this|that)$/i.test(pointing[0]) && DO_ACTION.test(before)) || (ends && SAID_THAT.test(before));
  if (MODAL_THAT_NL.before.test(before) && MODAL_THAT_NL.after.test(after)) return true;
  return DO_ACTION_NL.before.test(before) || DO_ACTION_NL.after.test(after) || (SAID_THAT_NL.before.test(before) && /^\s*$/.test(after)) || SAID_THAT_NL.after.test(after);
}

/** Adverbs of time, frequency and manner (English, Dutch), which alone stand for no thing a pronoun could mean. */
const LONE_ADVERBS: ReadonlySet<string> = new Set(
  (
    'now again still already soon later earlier often always never sometimes meanwhile instead anyway ' +
    'nu weer eerder vaak soms altijd nooit meteen direct straks binnenkort graag extra toen daarna eens even intussen alsnog'
  ).split(' '),
);

/** Pronouns, auxiliaries and question words: words that open a clause ("and were there others?"). */
export const CLAUSE_WORDS: ReadonlySet<string> = new Set(
  (
    'it they them he she we you i there is are was were do does did can could will would should has have had ' +
    'what which who how why when where ze zij hij wij jij ik er waren kan kun wil heeft hebben wat welke wie hoe waarom wanneer waar ' +
    'hoeveel hoelang hoevaak waarvoor waarmee waardoor waarover wordt worden moet mag'
  ).split(' '),
);

/** Pronouns that stand for a thing mentioned before, replaceable by its name. */
export const PRONOUNS: Record<string, RegExp> = {
  en: /\b(it|they|them)\b/i,
  nl: /\b((?:er|daar|hier)(?:van|over|mee)|dat|dit|hem|ze)\b/i,
};
/** Dutch phrases whose "het" stands for nothing: "hoe gaat het", "hoe zit het met", "het regent". */
const DUMMY_HET = /\b(?:gaat|ging|zit|zat)\s+het\b|\bhet\s+(?:gaat|ging|regent|sneeuwt|waait|vriest)\b/i;
/** A phrase ending in "before"/"after" ("the meeting before", "de week erna"): a thing's place in time, relative to one the words do not name. */
const BEFORE_OR_AFTER = /\s(?:before|after|daarvoor|daarna|ervoor|erna)\s*$/i;
/** A Dutch pronoun joined to its preposition ("daarvan", "erover", "hiermee"): the preposition. */
const DUTCH_PRONOMINAL_PREPOSITION = /^(?:er|daar|hier)(van|over|mee)$/i;
/** Demonstratives that only stand alone before a verb, a function word or the end ("is that true?"). */
const DEMONSTRATIVES: Record<string, RegExp> = {
  en: /\b(this|that|these|those)\b(?=\s*([?.!,]|$)|\s+(\p{L}+))/iu,
  nl: /\b(het)\b(?=\s*([?.!,]|$)|\s+(\p{L}+))/iu,
};
const POSSESSIVE_EN = /\b(its|their)\b/i;
/** What may follow a Dutch pronoun that stands alone at a question's end: its last verb or particle, an adverb ("kan ik die ruilen?", "zet ik het aan?"). */
const DUTCH_PRONOUN_END = String.raw`(?:\s+(?:\p{L}+en|op|af|aan|uit|mee|terug|door|over|weg|toe|in|ook|nog|dan|nu))?\s*[?.!]*\s*$`;
/** A Dutch pronoun ("die", "het") that stands for a thing: at the question's end, or before its last verb or particle. */
export const dutchPronounAtEnd = (word: string): RegExp => new RegExp(`(?<![\\p{L}])${word}(?=${DUTCH_PRONOUN_END})`, 'iu');
/** "wanneer vervallen die?", "kan ik die ruilen?". */
const DUTCH_DIE_PRONOUN = dutchPronounAtEnd('die');
/** "which rules are those?", "welke regels zijn dat?": a noun asked about, which the pronoun after "are" is. */
const WHICH_ARE_THOSE = /^\s*(?:which|what|welke|welk|wat\s+voor)\s+(?:\p{L}+\s+){1,2}(?:are|is|were|was|zijn|waren)\s+(?:those|these|that|this|dat|die|dit|deze)\s*$/iu;
const THAT_IS_IT = /\b(?:(?:is|was)\s+that\s+it|that(?:['’]s|\s+is|\s+was)\s+it)\s*$/i;
/** What a clause opens with after the conjunction "that" ("… possible that the bank refuses", "… true that I need …"). */
const CLAUSE_OPENING = new Set('the a an i you we they he she it my your our their his her there this these those some any no'.split(' '));
/** Before a "that" that stands for a thing ("is that a problem?", "was that the price?"). */
const BEFORE_PRONOUN_THAT = /(?:^|[,;:.!?]\s*|\b(?:is|was|are|were|does|did|do|and|but|so)\s+)$/i;

/** Whether an English "that" at `index` opens a clause ("is it possible that the bank refuses?") rather than pointing at a thing. */
function conjunctionThat(body: string, index: number, next: string | undefined): boolean {
  return next !== undefined && CLAUSE_OPENING.has(next.toLowerCase()) && !BEFORE_PRONOUN_THAT.test(body.slice(0, index));
}

/** Verbs a relative "that" is the subject of ("the only country that is not …", "the problems that led to …"). */
const RELATIVE_VERBS = new Set('is was are were has have had can could will would does did do should may might must led leads causes caused makes made'.split(' '));
/** Words after which "that" opens what is said or thought ("I think that is wrong"), not a relative clause. */
const SAYING = new Set('think thought say said know knew believe mean meant hope guess suppose feel felt sure true heard read seen saw told tell'.split(' '));

/**
 * Whether an English "that" at `index` opens a relative clause about the word before it ("is
 * there one that is more important?", "a state of matter that has a shape"): it stands for that
 * word, not for a thing of the conversation.
 */
function relativeThat(body: string, index: number, next: string | undefined): boolean {
  const before = /([\p{L}'’]+)\s+$/u.exec(body.slice(0, index))?.[1]?.toLowerCase();
  return next !== undefined && RELATIVE_VERBS.has(next.toLowerCase()) && before !== undefined && !STOPWORDS.has(before) && !SAYING.has(before);
}
/**
 * "it" standing for what a to-clause says ("why is it so important to have a good score?", "it is
 * free to open an account"): nothing to resolve. "Is it safe to eat?" (no object) still points back.
 */
const DUMMY_IT = /^it\s+(?:\p{L}+\s+){0,3}?to\s+\p{L}+\s+\p{L}+/iu;
/**
 * "it" before "be", a word or two and a that/if/whether clause ("is it true that banks charge
 * fees?", "is it ok if I deposit less?", "it is important that …"): it stands for that clause.
 * The "be" is what makes it so: "does it say that I can sublet?" points back at a document.
 */
const IT_BEFORE_BE = /\b(?:is|was|isn['’]t|wasn['’]t)\s+$/i;
const IT_THEN_CLAUSE = /^it\s+(?:(?!(?:it|them|they)\b)\p{L}+\s+){1,2}?(?:that|if|whether)\s+\p{L}/iu;
const IT_BE_CLAUSE = /^it(?:\s+(?:is|was|isn['’]t|wasn['’]t)\s+|['’]s\s+)(?:(?!(?:it|them|they)\b)\p{L}+\s+){1,2}?(?:that|if|whether)\s+\p{L}/iu;

/** The "it" of the weather ("when did it last snow in Tahoe?", "is it raining?"). */
const WEATHER_IT = /^it\s+(?:(?:ever|last|usually|often|always|never|not|still|already)\s+)?(?:rain|snow|hail|sleet|drizzl|pour|storm|freez|thunder)\p{L}*\b/iu;
/** The "it" of a stretch of time ("how long was it before they released an album?", "it has been since …"). */
const TIME_IT = /^it\s+(?:been\s+)?(?:since|before|until|till)\b/i;

/** Whether the English "it" at `index` of `body` stands for a clause of the sentence, the weather or a time, not a thing of the conversation. */
export function dummyIt(body: string, index: number): boolean {
  const rest = body.slice(index);
  if (!/^it\b/i.test(rest)) return false;
  const before = body.slice(0, index);
  // "can I copy it to other days?": after a verb of its own, "it" is what the verb acts on.
  const acted =
    !/(?:^|\b(?:is|was|isn['’]t|wasn['’]t|does|did|do|will|would|can|could|should|may|might|must|makes?|made|find|found|thinks?|consider|considers)\s+)$/i.test(before) &&
    !/^it\s+(?:is|was|isn['’]t|wasn['’]t|seems|seemed|feels|looks|will|would|can|could|may|might|has|had)\b/i.test(rest);
  if ((DUMMY_IT.test(rest) && !acted) || IT_BE_CLAUSE.test(rest) || WEATHER_IT.test(rest)) return true;
  // "is that worth it?", "was it worth it?": the "it" of the idiom.
  if (/\bworth\s+$/i.test(before) && /^it\s*[?.!]*\s*$/i.test(rest)) return true;
  return (IT_BEFORE_BE.test(before) && IT_THEN_CLAUSE.test(rest)) || (/\b(?:is|was|has|had)\s+$/i.test(before) && TIME_IT.test(rest));
}

const ALL_PRONOUNS = { en: new RegExp(PRONOUNS.en!.source, `${PRONOUNS.en!.flags}g`), nl: new RegExp(PRONOUNS.nl!.source, `${PRONOUNS.nl!.flags}g`) };

/** The first pronoun of `body` that stands for a thing ("is it true that banks charge fees for it?": the second). */
export function pointingPronoun(body: string, lang: 'en' | 'nl'): RegExpExecArray | null {
  const found = [...body.matchAll(ALL_PRONOUNS[lang])].filter((m) => lang !== 'en' || !dummyIt(body, m.index));
  // "can they carry them over?": the people act, the thing of the conversation is what they act on.
  if (lang === 'en' && /^they$/i.test(found[0]?.[0] ?? '') && found[1] && /^(?:them|it)$/i.test(found[1][0])) return found[1];
  // "wanneer kunnen ze hem plaatsen?": so in Dutch, with "ze" before the thing's "hem".
  if (lang === 'nl' && /^ze$/i.test(found[0]?.[0] ?? '') && found[1] && /^hem$/i.test(found[1][0])) return found[1];
  // "mag ze die samen innemen?": "ze" acts on "die", which is the thing; no pronoun here names it.
  if (lang === 'nl' && /^ze$/i.test(found[0]?.[0] ?? '') && /^\s+die\b/i.test(body.slice(found[0]!.index + 2))) return null;
  return found[0] ?? null;
}

/** The pronoun of `body` that stands for a thing, and in Dutch a "die" that stands alone ("wanneer krijg ik die terug?"). */
export function standingPronoun(body: string, lang: 'en' | 'nl'): RegExpExecArray | null {
  return pointingPronoun(body, lang) ?? (lang === 'nl' ? DUTCH_DIE_PRONOUN.exec(body) : null);
}

/** A Dutch "het" ending a question after its verb: "wat kost het?", "wanneer begint het?" (group 1). */
const DUTCH_HET_AT_END = /(?<![\p{L}])\p{L}+\s+(het)\s*[?.!]*\s*$/iu;

/**
 * The pronoun by which a question may carry on the latest question's reading: a standing one, and
 * a Dutch "het" ending the question, which standingPronoun leaves to the readings' agreement.
 */
export function carryingPronoun(body: string, lang: 'en' | 'nl'): string | undefined {
  return standingPronoun(body, lang)?.[0] ?? (lang === 'nl' ? DUTCH_HET_AT_END.exec(body)?.[1] : undefined);
}

/**
 * A topic said first, then asked about with a pronoun: "and the data transfer, where does it
 * go?", "en de huur, wanneer moet die betaald worden?". The topic opens with a determiner (after
 * "and", "as for" and the like); the question after the comma opens with a question word or verb.
 */
const FRONTED_TOPIC: Record<'en' | 'nl', RegExp> = {
  en: /^(?:(?:and|but|so|now|also|and\s+as\s+for|as\s+for|and\s+(?:what|how)\s+about|(?:what|how)\s+about)\s+)?((?:the|my|our|your|this|that|these|those|his|her|their)\s+[^,;:?!.]+?)\s*,\s*((?:what|where|when|why|how|who|which|is|are|was|were|does|do|did|can|could|will|would|should|has|have|had|may|must)\b[^,]*)$/i,
  nl: /^(?:(?:en|maar|ook|dus|en\s+wat\s+betreft|wat\s+betreft)\s+)?((?:de|het|mijn|onze|ons|jouw|je|uw|deze|dit|die|dat|zijn|haar|hun)\s+[^,;:?!.]+?)\s*,\s*((?:wat|waar|wanneer|waarom|hoe|hoeveel|wie|welke|welk|is|zijn|was|waren|kan|kun|kunnen|moet|moeten|mag|mogen|wordt|worden|heeft|hebben|zit|ligt|gaat|komt|kost|kosten)\b[^,]*)$/i,
};
/** A Dutch "die" that stands for the topic: right after the question's verb ("wanneer moet die …", "is die …"). */
const DUTCH_TOPIC_DIE = /^(?:(?:wat|waar|wanneer|waarom|hoe|hoeveel|wie)\s+)?\p{L}+\s+(die)\b/iu;
const MAX_TOPIC_WORDS = 6;

/** "there" after a form of "be" ("is there …?") or before one ("there is …"): it says something exists, and points nowhere. */
const EXISTENTIAL_THERE = /(?:\b(?:is|are|was|were|be|been|isn['’]t|aren['’]t|wasn['’]t|weren['’]t)\s+there\b|\bthere(?:\s+(?:is|are|was|were|be|isn['’]t|aren['’]t|wasn['’]t|weren['’]t)\b|['’]s\b))/gi;
/** Verbs of going, after which "there" is "to" a place ("how do I get there?"). */
const GOING = /\b(?:get|gets|getting|go|goes|going|went|come|comes|coming|drive|driving|walk|walking|travel|travelling|traveling|fly|flying|move|moving|ride|cycle|bike|head|sail|commute)\s+$/i;
/** "Where is the hotel?", "where can I find the spare key?": the place asked for (group 1). */
const WHERE_IS = /^\s*where\s+(?:is|are|was|were|can\s+(?:I|we)\s+find)\s+(.+?)(?:\s+located)?\s*[?.!]*\s*$/i;
/** A question of where, which its answer names a place for. */
const ASKS_WHERE = /^\s*(?:(?:and|so)\s+)?where\b/i;
/** A place a question names after a preposition of place ("my flight to Lisbon", "the office in Utrecht"). */
const NAMED_PLACE = /\b(?:to|in|at|near)\s+((?:\p{Lu}[\p{L}-]*)(?:\s+\p{Lu}[\p{L}-]*){0,2})/gu;

/**
 * "how do I get there from the airport?" after "where is the hotel?": "… get to the hotel …";
 * after "When does my flight to Lisbon leave?", "there" is Lisbon ("what is the weather in
 * Lisbon?"); after "where am I staying?", the place its answer named (`answered`). English; only
 * a "there" that points (not "is there …?"), in a question with no other pronoun; undefined where
 * neither the latest question nor its answer named a place.
 */
export function resolveThere(query: string, lastUser: string, language: string, answered?: string): { resolved: string; place: string } | undefined {
  if (language !== 'en' || pointingPronoun(trimEnd(query).body, 'en')) return undefined;
  const existential = new Set([...query.matchAll(EXISTENTIAL_THERE)].map((m) => m.index + m[0].toLowerCase().indexOf('there')));
  const pointing = [...query.matchAll(/\bthere\b/gi)].filter((m) => !existential.has(m.index));
  if (pointing.length !== 1) return undefined;
  const at = pointing[0]!.index;
  const asked = WHERE_IS.exec(lastUser)?.[1];
  // "where am I staying the first night?" names no place: the one its answer named ("the Hotel Gracery Shinjuku").
  const place = asked ?? [...lastUser.matchAll(NAMED_PLACE)].at(-1)?.[1] ?? (ASKS_WHERE.test(lastUser) ? answered : undefined);
  if (!place || pointingPronoun(place, 'en')) return undefined;
  const before = query.slice(0, at);
  const preposition = GOING.test(before) ? 'to' : /^\p{Lu}/u.test(place) ? 'in' : 'at';
  return { resolved: `${before}${preposition} ${place}${query.slice(at + 'there'.length)}`, place };
}

const foldedMessages = new Map<string, string>();

/** An earlier message of the user's with its topic folded in, in whichever language's wording it has (read once per message). */
export function foldedMessage(text: string): string {
  return text.includes(',') ? remembered(foldedMessages, text, () => foldFrontedTopic(foldFrontedTopic(text, 'en'), 'nl')) : text;
}

/** The topic said before a question that points back at it ("the battery" of "and the battery, how long does it last?"). */
export function frontedTopic(query: string, language: string): string | undefined {
  return readFrontedTopic(query, language)?.topic;
}

/** The question with a topic said before it folded in ("where does the data transfer go?"); unchanged when it has none. */
export function foldFrontedTopic(query: string, language: string): string {
  return readFrontedTopic(query, language)?.folded ?? query;
}

/** A topic said first and the question with it folded in, where a pronoun of the question became the topic as said. */
function readFrontedTopic(query: string, language: string): { topic: string; folded: string } | undefined {
  const lang = language === 'nl' ? 'nl' : 'en';
  const m = FRONTED_TOPIC[lang].exec(query.trim());
  if (!m) return undefined;
  const topic = m[1]!;
  const rest = m[2]!;
  if (topic.split(/\s+/).length > MAX_TOPIC_WORDS) return undefined;
  const die = lang === 'nl' ? DUTCH_TOPIC_DIE.exec(rest) : null;
  const folded = die ? rest.slice(0, die.index + die[0].length - 3) + topic + rest.slice(die.index + die[0].length) : resolveReference(rest, { phrase: topic }, lang);
  // Only where a pronoun of the question became the topic as said ("its" may read its owner: not here).
  return folded !== undefined && folded.includes(topic) ? { topic, folded } : undefined;
}

export const ELLIPSIS_LEAD: Record<string, RegExp> = {
  en: /^(and|but|also|so|what about|how about|and what about|what of)\s+/i,
  nl: /^(en|maar|ook|dus|wat dacht je van|en wat dacht je van|hoe zit het met|wat met)\s+/i,
};
/** "more?", "aren't there more?", "zijn er nog meer?": a request for more of the same thing, at the end. */
export const MORE: Record<string, RegExp> = {
  // After a word of quantity or existence only: "Did the songs inspire others?" means other people.
  en: /(?<=^\s*|\b(?:any|there|some|what|who|where|anything|something|many|much|few|and)\s+)(more|others|other ones|else)\s*$/i,
  nl: /(?<=^\s*|\b(?:nog|er|wat|wie|ook|geen|en)\s+)(meer|andere|anderen)\s*$/i,
};

export function trimEnd(q: string): { body: string; mark: string } {
  const m = /\s*([?.!]+)\s*$/.exec(q);
  return m ? { body: q.slice(0, m.index), mark: m[1]! } : { body: q, mark: '' };
}

/** Openings that name the question's subject before a comma ("Speaking of vaccines, …", "Going back to the dishwasher, …"). */
const TOPIC_LEAD =
  /^\s*(?:speaking\s+(?:of|about)|talking\s+(?:of|about)|regarding|concerning|as\s+for|as\s+to|on\s+the\s+subject\s+of|(?:going|coming|getting)\s+back\s+to|back\s+to|returning\s+to|wat\s+betreft|over|als\s+het\s+gaat\s+om|terugkomend\s+op|terug\s+naar)\s+/i;

/** Words of a remark before the question proper ("Ok. What does it cost?", "Thanks! And …"). */
const REMARKS = new Set(
  (
    'and but also so about ok okay yes yeah no nope thanks thank great sure right cool nice wow oh ah aha hmm omg ' +
    'interesting good see got it understood perfect fine alright en maar ook dus oke ja nee dank bedankt mooi goed top prima'
  ).split(' '),
);

/** English words that open a subordinate clause a pronoun may stand in ("… after it", "… when they"). */
const SUBORDINATING_EN = 'after before when whenever once if until while because since although though whether'.split(' ');

/** Words that open a subordinate clause (English, Dutch). */
export const SUBORDINATORS: ReadonlySet<string> = new Set([...SUBORDINATING_EN, 'unless', ...'als wanneer omdat nadat voordat terwijl hoewel tenzij totdat zodra indien'.split(' ')]);

/** A subordinate clause's opening right before a pronoun: "… after it", "… when they". */
const SUBORDINATE_BEFORE = new RegExp(`\\b(?:${SUBORDINATING_EN.join('|')})\\s+$`, 'i');

/**
 * Whether an English main clause names a thing: a noun, or a subject between an auxiliary and
 * the verb that the tagger took for a verb ("where does water go": "water" is tagged a verb).
 */
function mainClauseSubject(clause: string): boolean {
  const { tags } = englishTags(clause);
  if (tags.some((t) => t === 'NOUN' || t === 'PROPN')) return true;
  return tags.some((t, i) => t === 'AUX' && i + 2 < tags.length && tags[i + 1] !== 'PRON' && tags[i + 1] !== 'AUX');
}

/** A comma that opens a question of its own, to the end of the text. */
const QUESTION_AFTER_COMMA = /,\s*(?:how|what|when|where|why|who|which|is|are|can|could|does|do|did|will|would|should|hoe|wat|wanneer|waar|waarom|wie|welke|kan|kun|zijn)\s[^,]*$/i;

/**
 * Whether the question names something itself before `index`, in an earlier sentence ("What
 * about the HIV pandemic? Did it kill many people?") or, in English, in the main clause before
 * a subordinate one ("where does water go after it enters a storm drain?"): a pronoun after it
 * points there.
 */
function namedEarlier(body: string, index: number, possessive = false, english = false): boolean {
  const before = body.slice(0, index);
  const clause = english ? SUBORDINATE_BEFORE.exec(before) : null;
  if (clause && mainClauseSubject(before.slice(0, clause.index))) return true;
  // "Speaking of vaccines, how are they made?": the opening names what the pronoun stands for.
  const lead = TOPIC_LEAD.exec(before);
  if (lead && before.slice(lead[0].length).includes(',')) return true;
  // "North Carolina like its economy": a name in the question owns the "its" after it.
  if (possessive && /\s\p{Lu}\p{Ll}/u.test(before)) return true;
  // "How do companies hire their employees?": a plural subject of the question owns the "their" after its verb.
  if (possessive && english && /^their\b/i.test(body.slice(index)) && pluralSubject(before)) return true;
  // Sentence ends, and the dash or colon that joins two sentences ("debt consolidation - is it good?").
  // And a comma before a question of its own ("Is there a vaccine for herpes, how can it be
  // prevented?"), unless what comes before it is only where or when ("en aan de voorkant, hoe lang duurt dat?").
  const comma = QUESTION_AFTER_COMMA.exec(before)?.index ?? -1;
  const setting = comma > 0 && PREPOSITIONS.has(before.slice(0, comma).trim().split(/\s+/).find((w) => !/^(?:and|but|so|en|maar)$/i.test(w))?.toLowerCase() ?? '');
  const boundary = Math.max(setting ? -1 : comma, ...['?', '.', '!', ';', ':', ' - ', ' – ', ' — '].map((b) => before.lastIndexOf(b)));
  if (boundary <= 0) return false;
  return (before.slice(0, boundary).toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).some((w) => !STOPWORDS.has(w) && !REMARKS.has(w));
}

/** Whether an English clause opening has a plural noun, then ends in a verb ("How do companies hire", "Do employers need to report"). */
function pluralSubject(before: string): boolean {
  const { words, tags } = englishTags(before);
  // "their" is what the verb right before it acts on ("hire their employees"; not "happened in their early years").
  if (tags.at(-1) !== 'VERB') return false;
  const noun = words.findIndex((w, i) => tags[i] === 'NOUN' && /\p{Ll}s$/u.test(w) && !/ss$/i.test(w));
  return noun >= 0 && noun < words.length - 1;
}

/** "Jane Austen's", "Charles Dickens'". */
export function possessiveOf(name: string): string {
  return /s$/i.test(name) ? `${name}'` : `${name}'s`;
}

/** Words for several things at once, which name no attribute ("both", "all of them", "allebei"). */
const QUANTIFIED = /^(?:both(?:\s+of\s+them)?|either(?:\s+one)?|neither(?:\s+one)?|all(?:\s+of\s+them)?|each(?:\s+one)?|the\s+rest|the\s+others?|allebei|beide|alle(?:maal)?|de\s+rest|de\s+andere)$/i;

/** Whether an English phrase names one thing: a singular head noun, or a name not ending in "s" ("Zonnefix", not "the Beatles"). */
function singularPhrase(phrase: string): boolean {
  // The head comes before a phrase's own preposition ("the symptoms of Lyme disease").
  const last = phrase.split(/\s+(?:of|for|in|on|at|from|with|to|by)\s+/i)[0]!.split(/\s+/).at(-1)!;
  // A name's s is a plural's ("the Beatles"), not a surname's after its particle ("Verhuisbedrijf De Vries").
  if (/(?:^|\s)(?:de|van|der|den|ter|ten|von)\s+\p{Lu}\p{L}*$/iu.test(phrase)) return true;
  return /^\p{Lu}/u.test(last) ? !/s$/.test(last) : !plural(last.toLowerCase()) && !PEOPLE.has(last.toLowerCase()) && !UNMARKED_PLURALS.has(last.toLowerCase());
}
/** Plurals without an "s" that PEOPLE does not hold. */
const UNMARKED_PLURALS = new Set(['men', 'women', 'police', 'mice', 'feet', 'teeth', 'data']);
/** The present forms a singular subject takes ("they are" → "it is"). */
const SINGULAR_FORMS: Record<string, string> = { are: 'is', were: 'was', have: 'has', do: 'does', "aren't": "isn't", "weren't": "wasn't", "haven't": "hasn't", "don't": "doesn't" };

/** Words before a subject that say its verb's tense or mood themselves ("can they", "did they"). */
const INVERTED = /(?:^|\s)(?:is|was|does|did|can|could|will|would|shall|should|may|might|must|has|had)\s+$/i;

/**
 * The words around a subject "they" agreeing with a singular subject instead: the verb before it
 * ("do they" → "does …", "are they" → "is …") or after it ("they estimate" → "… estimates"),
 * in the present; a modal or a past form stands.
 */
function singularSubject(before: string, after: string): { before: string; after: string } {
  const inverted = /(\S+)(\s+)$/.exec(before);
  const auxiliary = inverted && SINGULAR_FORMS[inverted[1]!.toLowerCase().replace('’', "'")];
  if (inverted && auxiliary) return { before: before.slice(0, inverted.index) + caseLike(inverted[1]!, auxiliary) + inverted[2], after };
  if (INVERTED.test(before)) return { before, after };
  return { before, after: singularVerb(after) };
}

function singularVerb(after: string): string {
  const m = /^(\s+)(\p{Ll}+(?:n['’]t)?)(?![\p{L}'’])/u.exec(after);
  if (!m) return after;
  const word = m[2]!.replace('’', "'");
  const rest = after.slice(m[0].length);
  const put = (w: string): string => m[1] + w + rest;
  if (SINGULAR_FORMS[word]) return put(SINGULAR_FORMS[word]);
  // A verb in its base form, as the tagger reads it in "they <word>".
  const { tags, lemmas } = englishTags(`they ${word}`);
  if (tags[1] !== 'VERB' || lemmas[1] !== word) return after;
  if (/(?:s|sh|ch|x|z|o)$/.test(word)) return put(`${word}es`);
  if (/[^aeiou]y$/.test(word)) return put(`${word.slice(0, -1)}ies`);
  return put(`${word}s`);
}

/** An article in `lang`: English "the" for Dutch "de"/"het", none for English "the" in Dutch (whose "de" or "het" depends on the noun). */
function articleIn(article: string | undefined, lang: 'en' | 'nl'): string | undefined {
  const low = article?.toLowerCase();
  if (lang === 'en' && (low === 'de' || low === 'het')) return 'the';
  if (lang === 'en' && low === 'een') return 'a';
  if (lang === 'nl' && (low === 'the' || low === 'a' || low === 'an')) return undefined;
  return article;
}

/**
 * What an elliptic follow-up with no pointing word asks about, after its lead ("the results" of
 * "and the results?", "FICA" of "What about FICA?"); undefined for any other question.
 */
export function ellipticSubject(query: string, language: string): string | undefined {
  const lang = language === 'nl' ? 'nl' : 'en';
  const { body } = trimEnd(query.trim());
  const lead = ELLIPSIS_LEAD[lang]!.exec(body);
  const pointing = !!standingPronoun(body, lang) || (lang === 'en' && POSSESSIVE_EN.test(body)) || DEMONSTRATIVES[lang]!.test(body);
  return lead && !pointing ? body.slice(lead[0].length).trim() : undefined;
}

/**
 * The question with its reference resolved to `phrase`: a pronoun replaced by it, an elliptic
 * follow-up ("en de prijs?", "and the warranty?") completed with it, "more?" given its noun.
 * Undefined when the question has no such place (English and Dutch wording are known).
 */
export function resolveReference(query: string, antecedent: Pick<Antecedent, 'phrase' | 'article' | 'following'>, language: string): string | undefined {
  const { phrase } = antecedent;
  const lang = language === 'nl' ? 'nl' : 'en';
  // A phrase of a message in the other language takes this one's article: "de Daikin warmtepomp" in an English question is "the Daikin warmtepomp".
  const article = articleIn(antecedent.article, lang);
  let named = article ? `${article} ${phrase}` : phrase;
  const q = query.trim();
  const { body, mark } = trimEnd(q);
  // "compare them" stays a request: "compare the heat pumps", no question mark.
  const end = mark || (isRequest(body) ? '' : '?');
  // "is that it?", "that's it": nothing is pointed at.
  if (lang === 'en' && THAT_IS_IT.test(body)) return undefined;
  // "which rules are those?", "welke regels zijn dat?": the pronoun is the noun asked about.
  if (WHICH_ARE_THOSE.test(body)) return undefined;
  const pronoun = standingPronoun(body, lang);
  const possessive = lang === 'en' ? POSSESSIVE_EN.exec(body) : null;
  const demo = DEMONSTRATIVES[lang]!.exec(body);
  const pointing = pronoun ?? possessive ?? demo;
  // "hoe gaat het met rekenen?", "het regent": a Dutch "het" that stands for nothing.
  if (lang === 'nl' && pointing === demo && DUMMY_HET.test(body)) return undefined;
  if (pointing && namedEarlier(body, pointing.index, pointing === possessive, lang === 'en')) return undefined;
  if (pointing && pointing !== possessive && (doesAction(body, pointing, lang) || timeOfDoing(body, pointing, phrase, lang))) return undefined;
  // "What are the symptoms of Lyme disease?" — "how is it diagnosed?": "it" is what the symptoms are of.
  if (lang === 'en' && pointing && /^its?$/i.test(pointing[0]) && ownerOf(phrase) !== phrase) named = ownerOf(phrase);
  if (pronoun) {
    // Dutch "dat"/"dit" before a noun is a determiner ("dat huis"), not a pronoun.
    const next = body.slice(pronoun.index + pronoun[0].length).match(/^\s+(\p{L}+)/u)?.[1]?.toLowerCase();
    const determiner = lang === 'nl' && /^(dat|dit)$/i.test(pronoun[0]) && next !== undefined && !STOPWORDS.has(next) && !/(en|t|d)$/.test(next);
    // "wie betaalt het onderhoud daarvan?": "daarvan" is "van" and the thing ("van de huisdieren").
    const preposition = lang === 'nl' ? DUTCH_PRONOMINAL_PREPOSITION.exec(pronoun[0])?.[1]?.toLowerCase() : undefined;
    const replaced = preposition ? `${preposition === 'mee' ? 'met' : preposition} ${named}` : named;
    if (!determiner) {
      const before = body.slice(0, pronoun.index);
      const after = body.slice(pronoun.index + pronoun[0].length);
      // "they estimate" of one thing: "Zonnefix estimates"; "do they offer" is "does Zonnefix offer".
      if (lang === 'en' && /^they$/i.test(pronoun[0]) && singularPhrase(phrase)) {
        const agreed = singularSubject(before, after);
        return agreed.before + replaced + agreed.after + end;
      }
      return before + replaced + after + end;
    }
  }
  if (possessive) return body.slice(0, possessive.index) + possessiveOf(named) + body.slice(possessive.index + possessive[0].length) + end;
  const relative = lang === 'en' && demo !== null && /^that$/i.test(demo[1]!) && relativeThat(body, demo.index, demo[3]);
  // "Is there one that is more important?": the relative clause is about "one", which stands for the antecedent.
  if (relative && /\bones?\s+$/i.test(body.slice(0, demo.index))) return `${body.slice(0, demo.index)}${phrase} ${body.slice(demo.index)}${end}`;
  const conjunction = relative || (lang === 'en' && demo !== null && /^that$/i.test(demo[1]!) && conjunctionThat(body, demo.index, demo[3]));
  if (demo && !conjunction && (demo[3] === undefined || STOPWORDS.has(demo[3].toLowerCase()))) {
    return body.slice(0, demo.index) + named + body.slice(demo.index + demo[0].length) + end;
  }
  const lead = ELLIPSIS_LEAD[lang]!.exec(body);
  // "What about Romeo and Juliet?", "what about the Louvre?": a name is a new subject, not an attribute of the old one.
  if (lead && /^(?:(?:[Tt]he|[Aa]n?|[Dd]e|[Hh]et|[Ee]en)\s+)?\p{Lu}/u.test(body.slice(lead[0].length).trim())) return undefined;
  // "And were there others?", "and when did it end?": a clause of its own, not a subject to complete.
  // So is one that opens with a conjunction ("and if I file late?", "en als ik uitstel aanvraag?").
  const opening = body.slice(lead?.[0].length ?? 0).trim().split(/\s+/)[0]!.toLowerCase();
  // Nor does a prepositional phrase ("and for theft?", "en bij schade door hagel?") name an attribute.
  // Nor a moment ("and the month before?", "en vorig jaar?"), which no thing has, nor one thing
  // before or after another ("and the meeting before?": "What about the meeting before of …?").
  const asked = body.slice(lead?.[0].length ?? 0);
  if (lead && (CLAUSE_WORDS.has(opening) || SUBORDINATORS.has(opening) || PREPOSITIONS.has(opening) || isMoment(asked) || BEFORE_OR_AFTER.test(asked))) return undefined;
  // Nor is a person ("and my partner?", "en mijn collega?"): no attribute of a thing.
  if (lead && PERSON_ROLES.has(asked.toLowerCase().match(/\p{L}+/gu)?.at(-1) ?? '')) return undefined;
  // Nor are several things taken together ("what about both?", "en allebei?"), nor one that stands
  // for another of its kind ("and the other one?": no "the other one of Amsterdam Centraal").
  if (lead && (QUANTIFIED.test(asked.trim()) || /(?:^|\s)(?:ones?|ene)$/i.test(asked.trim()))) return undefined;
  if (lead) {
    const rest = body.slice(lead[0].length).trim();
    // "and the basic plan?" after talk of the premium plan: a sibling of the old subject, not an attribute of it.
    const head = (text: string): string | undefined => text.toLowerCase().match(/[\p{L}\p{N}]+/gu)?.at(-1);
    if (rest && [head(phrase), antecedent.following?.toLowerCase()].includes(head(rest))) return undefined;
    // "and the one from Contoso?": the thing itself, from elsewhere ("What about the pension plan from Contoso?").
    const one = lang === 'en' ? /^(?:(?:the|that|this)\s+)?one\s+(\S.*)$/i.exec(rest) : null;
    // Not one thing of a name ("and that one with the mop?" is no "Dyson V15 with the mop"): another of its kind.
    if (one && /^\p{Lu}/u.test(phrase)) return undefined;
    if (one) return `What about ${named} ${one[1]}${end}`;
    // Only what a thing has is completed with it: "and the price?" is the price of the thing;
    // "how about the guest network?" or "and abroad?" are no parts of "devices" or "the roadside assistance".
    // The head stands before the follow-up's own preposition ("de prijs per kWh").
    const before = rest.split(/\s+/).findIndex((w, i) => i > 0 && PREPOSITIONS.has(w.toLowerCase()));
    if (rest && !ATTRIBUTES.has(head(before > 0 ? rest.split(/\s+/).slice(0, before).join(' ') : rest) ?? '')) return undefined;
    if (rest && lang === 'nl') return `Wat is ${rest} van ${named}${end}`;
    if (rest) return `What about ${rest} of ${named}${end}`;
  }
  const more = MORE[lang]!.exec(body);
  // "welke afdelingen nog meer?" names what it wants more of.
  if (more && queryTerms(body.slice(0, more.index)).length === 0) {
    // "any others?" → "any other songs?"; "aren't there more?" → "aren't there more laptops?".
    const others = /^(?:others|other ones|anderen|andere)$/i.exec(more[1]!);
    const other = lang === 'nl' ? 'andere' : 'other';
    // "what else?", "anything else?": else about the thing; "who else?", "where else?" name no thing to put there.
    if (/^else$/i.test(more[1]!) && !/\b(?:what|anything|something)\s+$/i.test(body.slice(0, more.index))) return undefined;
    const noun = others ? (phrase.toLowerCase().startsWith(`${other} `) ? phrase : `${other} ${phrase}`) : /^else$/i.test(more[1]!) ? `else about ${named}` : `${more[1]} ${phrase}`;
    return body.slice(0, more.index) + noun + body.slice(more.index + more[0].length) + end;
  }
  if (lead && !body.slice(lead[0].length).trim()) return capitalise(phrase) + end;
  return undefined;
}

/**
 * Nouns for what a thing has or is measured by ("the price", "de garantie", "the side effects"):
 * a follow-up that names only one of these asks it of the thing the conversation is about.
 */
const ATTRIBUTES: ReadonlySet<string> = new Set(
  (
    'price prices cost costs fee fees rate rates tariff size weight height length width depth area volume capacity colour color ' +
    'warranty guarantee deadline duration hours address location phone number email contact website battery life review reviews rating ratings ' +
    'ingredients effects symptoms risks risk benefits advantages disadvantages pros cons requirements conditions terms population capital ' +
    'history origin origins author authors salary tax taxes interest dose dosage speed range mileage consumption coverage excess deductible ' +
    'total score result results value status delivery shipping availability version date budget revenue profit sales owner founder owners ' +
    'members size specs specifications features performance quality reliability safety lifespan maintenance installation subsidy discount ' +
    'prijs prijzen kosten tarief tarieven grootte gewicht lengte breedte diepte oppervlakte inhoud capaciteit kleur garantie deadline duur ' +
    'openingstijden adres locatie telefoonnummer website accu batterij beoordeling beoordelingen ingrediënten bijwerkingen symptomen risico ' +
    'risicos risico’s voordelen nadelen voorwaarden eisen bevolking hoofdstad geschiedenis oorsprong auteur salaris belasting rente dosis ' +
    'snelheid bereik verbruik dekking eigen risico totaal score uitslag waarde status levering bezorging versie datum budget omzet winst ' +
    'eigenaar oprichter kenmerken prestaties kwaliteit betrouwbaarheid veiligheid levensduur onderhoud installatie subsidie korting looptijd opzegtermijn ' +
    'levertijd levertermijn wachttijd doorlooptijd bouwtijd reistijd afmetingen maat dimensions ' +
    'seat seats platform gate terminal room departure arrival schedule timetable route stops baggage luggage limit limits ' +
    'exclusions penalty penalties fine fines eligibility level levels ' +
    'camera screen display keyboard storage memory processor speakers sound design margin margins growth turnover ' +
    'marge groei ' +
    'stoel zitplaats perron spoor kamer vertrek aankomst dienstregeling bagage limiet boete boetes'
  ).split(' '),
);

/** Words for how much or which kind of a thing: "dose of amoxicillin", "kind of oil". */
const MEASURES = new Set('dose dosage amount quantity number price cost type kind brand size grade'.split(' '));

/** Whether a noun names what a thing has or is measured by ("price", "garantie", "dose"): see ATTRIBUTES. */
export const isAttribute = (noun: string): boolean => ATTRIBUTES.has(noun.toLowerCase()) || MEASURES.has(noun.toLowerCase());

/**
 * What a plural attribute, or a measure, is of: "Lyme disease" in "symptoms of Lyme disease",
 * "amoxicillin" in "dose of amoxicillin" (English). A follow-up asks about the thing, not the
 * attribute asked for before ("can I take it with ibuprofen?"). Otherwise the phrase itself.
 */
export function ownerOf(phrase: string): string {
  const of = /^(.*\S)\s+of\s+(\S.*)$/i.exec(phrase);
  if (!of) return phrase;
  const attribute = of[1]!.split(/\s+/).at(-1)!.toLowerCase();
  return plural(attribute) || MEASURES.has(attribute) ? of[2]! : phrase;
}

/** The phrase attached to a question that leans on the conversation without a word to replace. */
export function attachTopic(query: string, phrase: string, language: string): string {
  const { body, mark } = trimEnd(query.trim());
  const topic = language === 'en' ? ownerOf(phrase) : phrase;
  // "tell me more" → "tell me more about employee turnover", a request as it was asked.
  if (TELL_MORE[language === 'nl' ? 'nl' : 'en']!.test(body)) return `${body} ${language === 'nl' ? 'over' : 'about'} ${topic}${mark}`;
  return `${body} (${topic})${mark || '?'}`;
}

/** A request for more that names nothing ("tell me more", "can you say a bit more", "vertel eens meer"). */
const TELL_MORE: Record<'en' | 'nl', RegExp> = {
  en: /\b(?:tell|say|explain|talk|write)\s+(?:me\s+|us\s+)?(?:a\s+(?:bit|little)\s+|some(?:thing)?\s+)?more$/i,
  nl: /\b(?:vertel|zeg|schrijf)\s+(?:me\s+|eens\s+)*(?:wat\s+|iets\s+)?meer$/i,
};
