import { STOPWORDS } from '../../search/queryTerms.js';
import { englishTags } from './predicates.js';
import { CLAUSE_WORDS, possessiveOf } from './resolve.js';
import { CALENDAR_WORDS, charAt, escapeRegExp, hasWholeWord, LANGUAGE_WORDS, LETTER_OR_DIGIT, MEASURE_UNIT_PATTERN, PEOPLE, PERSON_ROLES, PETS, PERSON_TITLES, READER_OWN, readable, remembered, sentences, wholeMatches, wordPattern } from './words.js';

/**
 * Person pronouns ("when did he die?", "what was her first album?") and the name they stand for.
 * A conversation about someone names them in the user's first question about them and goes on
 * with "he" or "she"; later questions and replies bring in other names (a co-author, a club), so
 * the first name the user wrote is the one a pronoun means most often: on the 608 turns of the
 * shared datasets (QReCC, MTRAG) whose reference rewrite puts a name of the conversation in place
 * of such a pronoun, the reading below is in the reference in 551 (91 %; the latest name the user
 * wrote: 74 %).
 */

/** Words that open a sentence in capitals without being a name ("When", "Did"), and calendar words. */
const NOT_NAMES = new Set(
  [...STOPWORDS, ...CLAUSE_WORDS, ...CALENDAR_WORDS],
);
/**
 * Parts of speech of a word that can open a sentence before a name without being part of it:
 * "Additionally Germany controls …", "However Smith said …" (read alone, the tagger's guess).
 */
const NOT_NAME_TAGS = new Set(['ADV', 'AUX', 'ADP', 'SCONJ', 'CCONJ', 'DET', 'PRON', 'INTJ', 'PART', 'VERB']);

/** Whether a capitalised word that opens a sentence before another is a word of the sentence, not of the name. */
function opensBeforeName(word: string): boolean {
  return IMPERATIVE_OPENERS.has(word.toLowerCase()) || NOT_NAME_TAGS.has(englishTags(word).tags[0] ?? '');
}
/** Verbs an instruction opens with before a name ("Contact Bosch customer service …", "Call Sanne …", "Bel Ziggo …"), which the tagger alone reads as nouns. */
const IMPERATIVE_OPENERS = new Set('contact call phone email e-mail ask send visit check use ring text message bel mail stuur neem vraag bezoek gebruik'.split(' '));

/** Lower-case words inside a title ("Pride and Prejudice", "Lord of the Rings"): a work, not a person. */
const TITLE_LINKS = new Set(['and', 'of', 'the', 'in', 'on', 'to', 'a', 'for', '&']);

/** Lower-case particles inside a person's name ("Leonardo da Vinci", "Ludwig van Beethoven"). */
const NAME_PARTICLES = new Set(['da', 'de', 'del', 'della', 'di', 'du', 'van', 'von', 'der', 'den', 'ter', 'ten', 'le', 'la', 'bin', 'ibn', 'al']);

const WORD = wordPattern({ dots: true, punctuation: true });
/** A capitalised word with a lower-case letter ("Musial", "McCullough", "O'Neill"; not "NFL"). */
const CAPITALISED = /^\p{Lu}[\p{L}'’.-]*\p{Ll}[\p{L}'’.-]*$/u;
/** Capitals and digits that name a model, or a model's number: "C380", "T14", "5". */
const MODEL_DESIGNATOR = /^(?:\p{Lu}{1,3}\p{N}{1,4}\p{Lu}?|\p{N}{1,3})$/u;
/** A unit after a number: "mg", "GB", "euros", "%". */
const MEASURE_UNIT = new RegExp(`^(?:${MEASURE_UNIT_PATTERN})$`, 'iu');

/**
 * The names a text mentions, in order: runs of capitalised words, without the question word or
 * article that opens them ("Did Herb Jeffries…" → "Herb Jeffries"). A lone capitalised word that
 * opens a sentence is not taken (it may be any word), nor are titles joined by lower-case words.
 */
export function namesIn(text: string): readonly string[] {
  return remembered(named, text, () => readNames(text));
}
const named = new Map<string, readonly string[]>();
/** Words that open the name of an institution someone belongs to ("Ingrid Vos of the University of Twente"). */
const INSTITUTION = /^(?:University|College|Institute|School|Department|Ministry|Hospital|Museum|Academy|Faculty|Foundation|Centre|Center|Universiteit|Hogeschool|Ministerie|Ziekenhuis|Faculteit|Stichting)$/;

function readNames(text: string): string[] {
  const out: string[] = [];
  for (const sentence of sentences(readable(text))) {
    const words = sentence.match(WORD) ?? [];
    // Runs of capitalised words, as [first, last] indices.
    const runs: [number, number][] = [];
    for (let i = 0; i < words.length; i++) {
      if (!CAPITALISED.test(words[i]!)) continue;
      let j = i;
      for (;;) {
        if (j + 1 < words.length && CAPITALISED.test(words[j + 1]!)) j++;
        // "Gazelle Ultimate C380", "ThinkPad T14 Gen 5": a model's letters and number go on its name (not a month's year).
        // A number before a unit measures the thing ("Cetirizine 10 mg").
        else if (j + 1 < words.length && MODEL_DESIGNATOR.test(words[j + 1]!) && !CALENDAR_WORDS.includes(words[j]!.toLowerCase()) && !MEASURE_UNIT.test(words[j + 2] ?? '')) j++;
        // "Leonardo da Vinci", "Vincent van Gogh": a particle between two parts of one name.
        else if (j + 2 < words.length && NAME_PARTICLES.has(words[j + 1]!) && CAPITALISED.test(words[j + 2]!)) j += 2;
        else break;
      }
      runs.push([i, j]);
      i = j;
    }
    // Two runs joined by lower-case links ("Pride and Prejudice", "Lord of the Rings") make a title;
    // "and" joins two names as often ("Stan Musial and Hank Aaron"), so it makes one only after a single word.
    const title = new Set<number>();
    runs.forEach(([a, b], k) => {
      const next = runs[k + 1];
      if (!next) return;
      const links = words.slice(b + 1, next[0]);
      if (links.length === 0 || links.length > 2 || !links.every((w) => TITLE_LINKS.has(w))) return;
      if (links.length === 1 && links[0] === 'and' && b > a) return;
      // "Kazuo Ishiguro for February": a month or day joins no title.
      const calendar = (x: number, y: number): boolean => words.slice(x, y + 1).every((w) => CALENDAR_WORDS.includes(w.toLowerCase()));
      if (calendar(a, b) || calendar(next[0], next[1])) return;
      // "Dr Ingrid Vos of the University of Twente": a person, and where they work.
      if (PERSON_TITLES.has(words[a]!.toLowerCase()) || (b > a && INSTITUTION.test(words[next[0]]!))) return;
      title.add(k).add(k + 1);
    });
    runs.forEach(([a, b], k) => {
      if (title.has(k)) return;
      let from = a;
      // "dokter Van der Berg", "met De Vries": inside a sentence a capitalised particle opens a surname.
      const particle = (k: number): boolean => k > 0 && k < b && NAME_PARTICLES.has(words[k]!.toLowerCase());
      while (from <= b && NOT_NAMES.has(words[from]!.toLowerCase()) && !particle(from)) from++;
      if (from === 0 && from < b && opensBeforeName(words[0]!)) from++;
      if (from > b || (from === b && from === 0)) return;
      out.push(words.slice(from, b + 1).join(' '));
    });
  }
  return out;
}

/** "Who painted …", "who founded …": a question whose answer is a person, not one it names (unlike "Who is …", "who did … marry"). */
const ASKS_FOR_PERSON = /^\s*who\s+(?!(?:is|was|are|were|did|does|do|has|had|have|can|could|will|would|should|else|'s)\b)\p{Ll}/iu;

/** "Which candidates …", "What employees …", "Welke collega's …": a question whose answer is people, by the plural it asks for. */
function asksForPeople(question: string): boolean {
  const noun = /^\s*(?:which|what|welke)\s+(?:of\s+the\s+|van\s+de\s+)?(\p{L}+(?:['’]s)?)/iu.exec(question)?.[1]?.toLowerCase().replace(/['’]s$/, 's');
  return !!noun && (PEOPLE.has(noun) || PEOPLE_ASKED.has(noun));
}
/** Plurals for people a which-question asks for, beside PEOPLE. */
const PEOPLE_ASKED = new Set('candidates applicants speakers attendees players artists winners kandidaten sollicitanten sprekers deelnemers collegas medewerkers'.split(' '));
/** A count opening a sentence ("Two CVs mention …"): no one's name. */
const COUNT_OPENING = /^(?:one|two|three|four|five|six|seven|eight|nine|ten|both|several|some|many|most|all|een|twee|drie|vier|vijf|beide|enkele|veel|alle)\s/i;

/** Last words of names of organisations and places, which "he" or "she" never stands for. */
const NO_PERSON_HEADS: ReadonlySet<string> = new Set(
  (
    'exchange cross bank company corporation corp inc ltd llc university college school academy institute association council ministry ' +
    'department agency commission committee authority office board court fund foundation trust society union federation league party church ' +
    'hospital clinic museum library airlines airline airways motors bureau service services center centre network times news post club team ' +
    'united city county state states province kingdom republic river lake mountain mountains island islands park street avenue road station airport ' +
    'brokers holdings partners systems industries technologies solutions associates securities investments capital ventures labs studios records ' +
    'bv nv gemeente stichting vereniging ziekenhuis universiteit'
  ).split(' '),
);

/** How many of the latest questions a person pronoun is looked for in, to know whom it stood for. */
const RECENT_PRONOUN_QUESTIONS = 3;

/**
 * The person a pronoun most likely stands for: the first name in the user's earlier messages
 * (given latest first), else the first name of the latest reply ("Who wrote Emma?" — "Jane Austen
 * wrote it." — "when did she die?") or, of several, the one beside a word of `question` (see
 * nameBesideWords), else someone it names by role ("The landlord returns it" — "can he keep part
 * of it?"), else a name with a title in an older one. `replies` are given latest first. Never
 * someone the conversation says is of the other sex than the question's pronoun (sexOf); where
 * that passes over the user's person, the latest older reply's fitting name is the last resort.
 * Nor whom the user's latest question meant by a pronoun of the other sex ("and his?" after "what
 * is her research background?"), read as this function reads it (`again`: once).
 */
export function personAntecedent(earlierUserTurns: readonly string[], replies: string | undefined | readonly string[], question?: string, again = false): string | undefined {
  const [latest, ...older] = typeof replies === 'string' ? [replies] : (replies ?? []);
  const texts = [...earlierUserTurns, ...(latest ? [latest] : []), ...older];
  // "what did she order?" after "… Uncle Rob, cousin Sara and her partner Tim": not someone the conversation says is a man.
  const wanted = question ? pronounSex(question) : undefined;
  // "and his?" after "what is her research background?": whom that "her" stood for is no "he". So for the latest of
  // the recent questions with such a pronoun ("when did he last go?" two questions after "is she due for a deworming?").
  const at = wanted && !again ? earlierUserTurns.slice(0, RECENT_PRONOUN_QUESTIONS).findIndex((t) => pronounSex(t) !== undefined) : -1;
  const asked = at < 0 ? undefined : earlierUserTurns[at];
  const askedSex = asked ? pronounSex(asked) : undefined;
  // Not the user's own person, whom "he" or "she" reads for want of a better one.
  const read = askedSex && askedSex !== wanted ? personAntecedent(earlierUserTurns.slice(at + 1), [latest ?? '', ...older].slice(at + 1), asked, true) : undefined;
  // A name the user gave is read for want of a better one ("How did he fake his death?" about Black Dahlia), unless
  // the user's questions keep to that pronoun ("what did she get?", "and her weight?", "is she due …?" about Bella);
  // then only that very name is passed over.
  const userNamed = !!read && earlierUserTurns.some((t) => namesIn(t).includes(read));
  const sexesAsked = userNamed ? earlierUserTurns.map(pronounSex) : [];
  const keptTo = sexesAsked.filter((x) => x === askedSex).length >= 2 && !sexesAsked.includes(wanted);
  const was = read && (!userNamed || keptTo) ? read : undefined;
  const surname = (name: string): string => name.toLowerCase().split(/\s+/).at(-1)!;
  // "and him?" after "when does she need the data?", read as Anna: someone does not fit, so an older reply's name may ("Bram").
  let unfit = !!was && askedSex !== undefined && askedSex !== wanted;
  const sexes = new Map<string, 'm' | 'f' | undefined>();
  // After a question asking for people ("Which candidates … know Spark?"), "she" is one the answer gave, and what
  // that question named is what they did something to, in the answer too.
  const latestAsks = earlierUserTurns[0] !== undefined && !again && asksForPeople(earlierUserTurns[0]);
  const objects = new Set(latestAsks ? namesIn(earlierUserTurns[0]!) : []);
  // "how long should he take it?" after "What did the vet prescribe for the dog?" — "She prescribed Metacam …": the thing given is no one.
  const given = latest && earlierUserTurns[0] !== undefined ? answeredObject(earlierUserTurns[0], latest)?.phrase : undefined;
  const fits = (name: string): boolean => {
    if (objects.has(name) || name === given) return false;
    // "and for English?": a language is no one; nor is an organisation or a place ("Red Cross", "Mexico Stock Exchange").
    // Nor is a word made with a lower-case part ("US-based", "UK-listed").
    // Nor a count opening a sentence ("Two CVs mention …").
    if (LANGUAGE_WORDS.has(name.toLowerCase()) || NO_PERSON_HEADS.has(name.toLowerCase().split(/\s+/).at(-1)!) || /-\p{Ll}/u.test(name) || COUNT_OPENING.test(name)) return false;
    if (!sexes.has(name)) sexes.set(name, wanted && (was && (userNamed ? was === name : surname(was) === surname(name)) ? askedSex : sexOf(name, texts)));
    const ok = !wanted || (sexes.get(name) ?? wanted) === wanted;
    unfit ||= !ok;
    return ok;
  };
  for (const turn of latestAsks ? [] : [...earlierUserTurns].reverse()) {
    // "Who painted the Mona Lisa?" asks for a person; the name in it is what they did something to.
    if (ASKS_FOR_PERSON.test(turn)) continue;
    // "the new office in Rotterdam", "our contact at Acme": a name only ever after "in" or "at" is a place's or a firm's.
    // Nor a brand before its thing ("de Bosch wasmachine"): "werkt hij ook op 40 graden?" is about the machine.
    const found = namesIn(turn).find((n) => !afterOnly(n, turn, PLACE_BEFORE, true) && !brandOf(n, turn) && fits(n));
    if (!found) continue;
    // "what's his email?" after "Which teacher does Emma have?" and "… group 5 has meester Tim": a reply's
    // name that a title or kin word says is of the sex asked goes before the user's person whom nothing says so of.
    const marked = wanted && !sexes.get(found) && latest ? namesIn(latest).find((n) => n !== found && sexOf(n, texts, true) === wanted) : undefined;
    return marked ?? found;
  }
  // "when will she be done?" after "who is fixing it?" — "Lotte is fixing the login bug; Sven reviews.": the one-word name
  // that answers a who-question by opening the reply as its subject, which namesIn passes over as a sentence's capital.
  const answered = latest && earlierUserTurns[0] !== undefined && /^\s*who\b/i.test(earlierUserTurns[0]) ? subjectOpener(latest, earlierUserTurns[0]) : undefined;
  if (answered && fits(answered)) return answered;
  // "The landlord returns it": someone the latest reply names by their role.
  const role = latest ? roleIn(latest) : undefined;
  // "the Berlin office", "the Beatles": a name after an article is a place's or a thing's; beside
  // a role, so is a name only after a preposition ("the flat on Keizersgracht").
  // So is a name only after "in" or "at" ("The contact at Acme is Sophie Laurent").
  // Dutch "hij" stands for a thing as often as for a man: not a name a reply only writes after a preposition ("voor Thailand").
  const dutch = question !== undefined && /(?<![\p{L}])hij(?![\p{L}])/iu.test(question);
  const people = latest
    ? namesOfReply(latest, texts).filter((n) => !afterArticleOnly(n, latest) && !afterOnly(n, latest, PLACE_BEFORE, true) && !((role || dutch) && afterOnly(n, latest, PREPOSITION_BEFORE)) && !commonOpening(n, latest) && fits(n))
    : [];
  if (people.length) return (question && people.length > 1 && nameBesideWords(latest!, people, question)) || people[0];
  // "Lisa from marketing owns the content; she expects …": a name opening the reply's sentence, which the sentence's own "she" goes on with.
  const opener = latest && wanted && !role ? namedThenPronoun(latest, wanted) : undefined;
  if (opener && fits(opener)) return opener;
  if (role) return role;
  // An older reply names places and things as often as people: only a name with a title counts there ("dokter Van der Berg").
  for (const reply of older) {
    const starts = titledAt(reply);
    // namesIn keeps the title ("Dr Hendriks"), which the name starts after.
    const titled = starts.length ? namesIn(reply).find((n) => starts.some((at) => startsWith(reply, at, n) || startsWith(reply, at, n.replace(LEADING_TITLE, ''))) && fits(n)) : undefined;
    if (titled) return titled;
  }
  // "can he start earlier?" after "What did the plumber quote for the bathroom?" and replies that name no one: the role the user named.
  if (!again) {
    // Not one a question asks for ("Who was the double agent?"), whom the answer names.
    for (const turn of earlierUserTurns) {
      const asked = /^\s*(?:and\s+)?who\b/i.test(turn) ? undefined : roleIn(turn);
      if (asked) return asked;
    }
  }
  // Where the user's person is someone else ("Did she remarry?" in a conversation about Bobby Fischer, "his sister …"): the latest reply's fitting name.
  if (!unfit) return undefined;
  // Or a relative or pet a recent question named: "does he appear after chapter 9?" after "and her husband?" about Mara.
  const kin = again ? undefined : relativeAsked(earlierUserTurns.slice(0, RECENT_PRONOUN_QUESTIONS), wanted!, was, askedSex);
  if (kin) return kin;
  for (const reply of older) {
    const named = namesOfReply(reply, texts).find((n) => !afterArticleOnly(n, reply) && !afterOnly(n, reply, PLACE_BEFORE, true) && fits(n));
    if (named) return named;
  }
  return undefined;
}

/** Relatives by sex, which say whose a name is before it ("Uncle Rob") and whom "he" or "she" may be ("her husband"). */
const MAN_KIN = 'uncle brother father son husband grandfather grandpa oom broer vader zoon opa'.split(' ');
const WOMAN_KIN = 'aunt sister mother daughter wife grandmother grandma tante zus moeder dochter oma'.split(' ');
/** Relatives "he" or "she" may be, by sex: MAN_KIN and WOMAN_KIN, and those said only of someone's own ("her boyfriend", "my mum"). */
const KIN_OF: Record<'m' | 'f', readonly string[]> = {
  m: [...MAN_KIN, 'dad', 'boyfriend', 'vriend'],
  f: [...WOMAN_KIN, 'mum', 'mom', 'girlfriend', 'vriendin'],
};
const OWNED = '(my|your|our|his|her|their|the|mijn|je|jouw|onze|zijn|haar|de|het)';
const KIN_ASKED = {
  m: new RegExp(`(?<![\\p{L}])${OWNED}\\s+(${[...KIN_OF.m, ...PETS].join('|')})(?![\\p{L}])`, 'iu'),
  f: new RegExp(`(?<![\\p{L}])${OWNED}\\s+(${[...KIN_OF.f, ...PETS].join('|')})(?![\\p{L}])`, 'iu'),
};

/**
 * A relative of the wanted sex or a pet that one of `questions` (latest first) named, as the user
 * would say it: "her husband" is "Mara's husband" where "her" was Mara (`owner`, of `ownerSex`).
 */
function relativeAsked(questions: readonly string[], wanted: 'm' | 'f', owner: string | undefined, ownerSex: 'm' | 'f' | undefined): string | undefined {
  const ownersWord = ownerSex === 'f' ? 'her' : 'his';
  for (const question of questions) {
    const m = KIN_ASKED[wanted].exec(question);
    if (!m) continue;
    const determiner = m[1]!.toLowerCase();
    if (owner && determiner === ownersWord) return `${possessiveOf(owner)} ${m[2]!.toLowerCase()}`;
    return `${determiner} ${m[2]!.toLowerCase()}`;
  }
  return undefined;
}

/** A name written only between an article and a lower-case noun ("the Bosch dishwasher", "de Bosch wasmachine"): a brand, no one. */
function brandOf(name: string, text: string): boolean {
  const at = wholeMatches(text, escapeRegExp(name));
  return at.length > 0 && at.every((m) => /\b(?:the|de|het|my|mijn|our|onze|a|een)\s+$/i.test(text.slice(0, m.index)) && /^\s+\p{Ll}{3,}/u.test(text.slice(m.index + m[0].length)) && !PERSON_ROLES.has(/^\s+(\p{Ll}+)/u.exec(text.slice(m.index + m[0].length))![1]!));
}

/** A name that opens with a word the text also writes in lower case: a place's or a thing's ("their castle home, Castle Schwarzenau", "Lake Geneva"). */
function commonOpening(name: string, text: string): boolean {
  const [first, ...rest] = name.split(/\s+/);
  return rest.length > 0 && hasWholeWord(text, first!.toLowerCase(), { matchCase: true });
}

/**
 * The names a reply mentions, in order: namesIn's, and a name the rest of the conversation
 * (`texts`) gives that opens one of its sentences alone ("Sara is vegetarian …" after "… cousin
 * Sara …"), which namesIn cannot tell from any other word there.
 */
function namesOfReply(reply: string, texts: readonly string[]): readonly string[] {
  const own = namesIn(reply);
  const known = texts.filter((t) => t !== reply).flatMap(namesIn).filter((n) => !own.includes(n) && hasWholeWord(reply, n));
  if (known.length === 0) return own;
  const at = (n: string): number => wholeMatches(reply, escapeRegExp(n))[0]?.index ?? Infinity;
  return [...new Set([...own, ...known])].sort((a, b) => at(a) - at(b));
}

/** Words before a name, or opening it, that say it is a man's ("Uncle Rob", "Mr Jansen", "meneer De Vries") or a woman's. */
const MAN_WORDS = new Set([...'mr mister sir lord king prince dhr meneer meester'.split(' '), ...MAN_KIN]);
const WOMAN_WORDS = new Set([...'mrs ms miss madam lady queen princess auntie mevr mevrouw mw juf juffrouw'.split(' '), ...WOMAN_KIN]);
/** "Sara and her partner": a possessive right after a name and "and" says whose (group 1). */
const POSSESSIVE_AFTER_NAME = /^\s+(?:and|en)\s+(his|her|zijn|haar)\b/i;

/**
 * Whether the conversation says a name is a man's or a woman's: by a title or kinship word before
 * it or in it, or "… and his/her …" after it. `titleOnly`: by a title or kin word right before it
 * and nothing else ("meester Tim", "Mrs Jansen", "her sister Anna").
 */
function sexOf(name: string, texts: readonly string[], titleOnly = false): 'm' | 'f' | undefined {
  const parts = titleOnly ? [] : name.toLowerCase().split(/\s+/).slice(0, -1);
  for (const text of texts) {
    for (const m of wholeMatches(text, escapeRegExp(name))) {
      const before = /(\p{L}+)\.?\s+$/u.exec(text.slice(0, m.index))?.[1]?.toLowerCase();
      const words = before ? [before, ...parts] : parts;
      if (words.some((w) => MAN_WORDS.has(w))) return 'm';
      if (words.some((w) => WOMAN_WORDS.has(w))) return 'f';
      if (titleOnly) continue;
      const owner = (POSSESSIVE_AFTER_NAME.exec(text.slice(m.index + m[0].length)) ?? ownInClause(text, m.index, m[0].length))?.[1]?.toLowerCase();
      if (owner) return owner === 'his' || owner === 'zijn' ? 'm' : 'f';
    }
  }
  return undefined;
}

/** "his"/"her" (group 1) later in a clause that a name opens as its first name: "with Maaike hosting at her place". */
function ownInClause(text: string, at: number, length: number): RegExpExecArray | null {
  const start = Math.max(text.lastIndexOf(',', at), text.lastIndexOf('.', at), text.lastIndexOf(';', at)) + 1;
  const end = text.slice(at + length).search(/[,.;!?]/);
  const clauseAfter = text.slice(at + length, end < 0 ? undefined : at + length + end);
  // No other name before it in the clause, nor between it and the possessive.
  const own = /\b(his|her|zijn|haar)\b/i.exec(clauseAfter);
  if (!own || namesIn(text.slice(start, at)).length || namesIn(clauseAfter.slice(0, own.index)).length) return null;
  return own;
}

/** The sex a question's person pronoun says: "she"/"her" a woman, "he"/"him"/"his"/"hij" a man. */
function pronounSex(question: string): 'm' | 'f' | undefined {
  const word = /\b(he|she|him|his|her|hers|hij|hem)\b/i.exec(question)?.[1]?.toLowerCase();
  return word === undefined ? undefined : /^(?:she|her|hers)$/.test(word) ? 'f' : 'm';
}

/**
 * A one-word name opening a reply as the subject of the question's own verb ("Lotte is fixing …"
 * after "who is fixing it?"). Not of another verb: "Marketing owns the content" after "who is
 * responsible for the content?" names a department.
 */
function subjectOpener(reply: string, question: string): string | undefined {
  const { words, tags, lemmas } = englishTags(sentences(reply)[0] ?? '');
  const first = words[0] ?? '';
  if (tags[0] !== 'PROPN' || !/^\p{Lu}\p{Ll}+$/u.test(first) || NO_PERSON_HEADS.has(first.toLowerCase()) || CALENDAR_WORDS.includes(first.toLowerCase()) || LANGUAGE_WORDS.has(first.toLowerCase())) return undefined;
  const asked = englishTags(question);
  const verbs = new Set(asked.lemmas.filter((_, i) => asked.tags[i] === 'VERB').map((l) => l.toLowerCase()));
  const verb = tags[1] === 'AUX' && tags[2] === 'VERB' ? 2 : tags[1] === 'VERB' ? 1 : -1;
  return verb > 0 && verbs.has(lemmas[verb]!.toLowerCase()) ? first : undefined;
}

/**
 * A one-word name opening a sentence of an English reply (a name as the tagger reads it, which
 * namesIn leaves alone there), when the same sentence goes on with a pronoun of `sex` as its
 * subject: "Lisa from marketing owns the content; she expects to deliver it by 20 February."
 */
function namedThenPronoun(reply: string, sex: 'm' | 'f'): string | undefined {
  for (const sentence of sentences(reply)) {
    const { words, tags } = englishTags(sentence);
    if (tags[0] !== 'PROPN' || !/^\p{Lu}\p{Ll}+$/u.test(words[0]!) || NO_PERSON_HEADS.has(words[0]!.toLowerCase())) continue;
    const pronoun = words.findIndex((w, i) => i > 1 && (sex === 'f' ? /^she$/i : /^he$/i).test(w) && /^[;,]$|^(?:and|but)$/i.test(words[i - 1]!));
    if (pronoun > 0) return words[0];
  }
  return undefined;
}

/** Where a reply's clauses part: marks, and the conjunctions that join clauses. */
const CLAUSE_BREAK = /[,;:.!?()]|\s(?:and|but|while|whereas|en|maar|terwijl)\s/i;
/** A preposition right before a name: the name is what the clause talks of, not who acts in it. */
const OBJECT_BEFORE = /\b(?:of|as|with|by|for|about|from|to|in|on|at|van|met|door|voor|over|uit|naar|op|bij|als)\s+$/i;
/** A word's first letters that say it is the same word in another form ("concern", "concerns"). */
const SAME_WORD_PREFIX = 5;

/**
 * Of the people a reply names, the one in a clause with a word of the question: "Priya will
 * update the pricing page, and Tom raised concerns" — "what were his concerns?" asks about Tom.
 */
function nameBesideWords(reply: string, people: readonly string[], question: string): string | undefined {
  const words = (question.toLowerCase().match(/\p{L}{4,}/gu) ?? []).filter((w) => !STOPWORDS.has(w));
  if (words.length === 0) return undefined;
  const same = (a: string, b: string): boolean => a === b || (a.length >= SAME_WORD_PREFIX && b.length >= SAME_WORD_PREFIX && a.slice(0, SAME_WORD_PREFIX) === b.slice(0, SAME_WORD_PREFIX));
  for (const clause of reply.split(CLAUSE_BREAK)) {
    const said = clause.toLowerCase().match(/\p{L}{4,}/gu) ?? [];
    if (!words.some((w) => said.some((x) => same(w, x)))) continue;
    // Someone the clause is about, not a name after a preposition ("the Orb of Agamotto, which gives him powers").
    const named = people.filter((n) => wholeMatches(clause, escapeRegExp(n)).some((m) => !OBJECT_BEFORE.test(clause.slice(0, m.index))));
    if (named.length === 1) return named[0];
  }
  return undefined;
}

/** Words that say a name is a person's: titles and forms of address, English and Dutch. */
const TITLE_WORDS = 'dr|doctor|dokter|mr|mrs|ms|miss|mister|prof|professor|dhr|mevr|mevrouw|meneer|juffrouw|sir|lady|lord';
const TITLE = new RegExp(`(?:^|[^\\p{L}])(?:${TITLE_WORDS})\\.?\\s+`, 'giu');
const LEADING_TITLE = new RegExp(`^(?:${TITLE_WORDS})\\.?\\s+`, 'iu');

/** Whether `text` has the word or name `name` (in any case) at `index`, no letter or digit following. */
function startsWith(text: string, index: number, name: string): boolean {
  return text.slice(index, index + name.length).toLowerCase() === name.toLowerCase() && !LETTER_OR_DIGIT.test(charAt(text, index + name.length));
}

/** Where a name may start after a title in `text` ("Dr. |Patel"). */
function titledAt(text: string): number[] {
  return [...text.matchAll(TITLE)].map((m) => m.index + m[0].length);
}

/** An article before a name, maybe with a common noun between: "the Beatles", "de gemeente Utrecht" (group 1: the noun). */
const ARTICLE_BEFORE = /\b(?:[Tt]he|THE|[Aa]n?|[Tt]his|[Tt]hat|[Dd]e|[Hh]et|[Ee]en)\s+(?:(\p{Ll}[\p{Ll}-]+)\s+)?$/u;
/** Endings of nouns for people, whose name a name after them is ("the singer Adele", "the author Jane Austen", "de schrijver …", "the president Obama"). */
const AGENT_ENDING = /(?:er|or|ist|ian|ant|ent|ess|aar|eur|ster)$/;
/** Prepositions of place: a name only ever after one is a place's or a firm's ("in Rotterdam", "at Acme", "on Keizersgracht", "aan de Dorpsstraat", "naar Thailand"). */
const PLACE_BEFORE = /\b(?:in|near|nabij|at|on|op|aan|naar)\s+(?:(?:the|de|het)\s+)?$/i;
const PREPOSITION_BEFORE = /\b(?:in|near|nabij|at|on|op|aan|bij|from|van|to|naar|voor)\s+(?:(?:de|het)\s+)?$/i;
/** A role with its determiner and a word that says which ("the landlord", "your GP", "the study adviser", "de aannemer"), the reader's own as the user says it. */
const ROLE_WORDS = [...PERSON_ROLES].join('|');
const ROLE = new RegExp(`(?<![\\p{L}])(the|my|your|our|de|het|mijn|je|jouw|uw|onze|ons)\\s+(?:([\\p{L}-]+)\\s+)?(${ROLE_WORDS})(?![\\p{L}])`, 'iu');
/** A role after an English determiner, maybe with a word between ("my friend", "the study adviser"): someone named by role. */
const ROLE_BEFORE = new RegExp(`(?<![\\p{L}])(?:my|your|our|his|her|their|the|a|an)\\s+(?:\\p{L}+\\s+)?(?:${ROLE_WORDS})(?![\\p{L}])`, 'iu');

/** The first person a text names by role: "The landlord returns it" gives "the landlord", "your GP" "my GP". */
export function roleIn(text: string): string | undefined {
  const m = ROLE.exec(text);
  if (!m) return undefined;
  const determiner = m[1]!.toLowerCase();
  // The word before the role says which, in lower case ("study" of "the study adviser"); a name ("the Acme manager") is no part of the role.
  const which = m[2] && /^\p{Ll}/u.test(m[2]) && !STOPWORDS.has(m[2]) ? `${m[2]} ` : '';
  return `${READER_OWN[determiner] ?? determiner} ${which}${m[3]}`;
}

const POSSESSIVE = /['’]s?(?!\p{L})/uy;

/** Whether `text` has a possessive "'s" (or "'") at `index`. */
function possessiveAt(text: string, index: number): boolean {
  POSSESSIVE.lastIndex = index;
  return POSSESSIVE.test(text);
}

function afterArticleOnly(name: string, text: string): boolean {
  return afterOnly(name, text, ARTICLE_BEFORE, false, (noun) => !noun || (!PERSON_ROLES.has(noun) && !AGENT_ENDING.test(noun)));
}

/** Whether every mention of `name` in `text` follows what `before` matches, with its group 1 (if any) passing `word`. */
function afterOnly(name: string, text: string, before: RegExp, notPossessive = false, word: (w: string) => boolean = () => true): boolean {
  const at = wholeMatches(text, escapeRegExp(name)).filter((m) => !(notPossessive && possessiveAt(text, m.index + m[0].length)));
  return at.length > 0 && at.every((m) => {
    const found = before.exec(text.slice(0, m.index));
    return !!found && word(found[1] ?? '');
  });
}

/** The names a message gives a role, lower case, read once per message. */
const namesGivenRoles = (text: string): readonly string[] => remembered(givenRoles, text, () => [...text.matchAll(NAME_AS_ROLE)].map((m) => m[1]!.toLowerCase()));
const givenRoles = new Map<string, readonly string[]>();
/** A name given a role: "with Priya as the owner", "met Priya als eigenaar". */
const NAME_AS_ROLE = new RegExp(`(\\p{Lu}[\\p{L}'’-]+(?:\\s+\\p{Lu}[\\p{L}'’-]+)*)\\s+(?:as|als)\\s+(?:(?:the|a|an|our|your|their|de|het|een|onze|jullie)\\s+)?(?:[\\p{L}-]+\\s+)?(?:${ROLE_WORDS})(?![\\p{L}])`, 'gu');

/**
 * The people of a conversation, whom no "it" stands for: the names the user has called "he" or
 * "she" (as personAntecedent reads each such message), and the names a message gives a role
 * ("with Priya as the owner"). `pairs` are the conversation's turn pairs, oldest first.
 */
export function peopleNamed(pairs: readonly { user: string; assistant: string }[], language: string): Set<string> {
  const people = new Set<string>();
  for (const p of pairs) for (const text of [p.user, p.assistant]) for (const name of namesGivenRoles(text)) people.add(name);
  for (let j = 1; j < pairs.length; j++) {
    if (!hasPersonPronoun(pairs[j]!.user, language)) continue;
    const person = personAntecedent(pairs.slice(0, j).map((p) => p.user).reverse(), pairs[j - 1]!.assistant, pairs[j]!.user);
    if (person) people.add(person.toLowerCase());
  }
  return people;
}

const PERSON_PRONOUN: Record<string, RegExp> = {
  en: /\b(he|she|him|his|her|hers)\b/i,
  // "haar" as an object, before the clause's verb or particle or at its end ("moet ik haar terugbellen?",
  // "kan ik haar mailen?"), not as an owner ("haar advies") nor a thing's ("haar" is hair too).
  nl: /\b(hij|haar(?=\s+(?:\p{L}+en|terug|op|aan|af|mee|nog|ook|even)\s*[?.!]*\s*$|\s*[?.!]*\s*$))(?![\p{L}])/iu,
};

/** Whether the question has a person pronoun to resolve (checked before any name is looked for). */
export function hasPersonPronoun(query: string, language: string): boolean {
  return PERSON_PRONOUN[language]?.test(query) ?? false;
}

/**
 * The question with its first person pronoun replaced by `name` ("when did he die?" → "when did
 * Jane Austen die?", "what was her first album?" → "what was Adele's first album?"). Undefined
 * when it has none, or names someone itself before the pronoun ("Did Unger change his view?").
 */
export function resolvePerson(query: string, name: string, language: string): string | undefined {
  const pattern = PERSON_PRONOUN[language];
  const found = pattern?.exec(query);
  if (!found) return undefined;
  const before = query.slice(0, found.index);
  if (namesIn(before).length || hasWholeWord(query, name)) return undefined;
  // "My friend wants to … a house he's buying": someone the question names by role, after a determiner, before the pronoun.
  if (ROLE_BEFORE.test(before)) return undefined;
  const pronoun = found[1]!.toLowerCase();
  const next = query.slice(found.index + found[0].length).match(/^\s+([\p{L}\p{N}]+)/u)?.[1]?.toLowerCase();
  // "her" owns the word after it unless that word starts a clause or phrase of its own ("ask her about …").
  const possessive = pronoun === 'his' || pronoun === 'hers' || (pronoun === 'her' && next !== undefined && !STOPWORDS.has(next) && !CLAUSE_WORDS.has(next));
  const put = possessive ? possessiveOf(name) : name;
  // "he's buying" is "… is buying", never "Name's buying".
  const rest = query.slice(found.index + found[0].length);
  return before + put + rest.replace(/^['’]s(?=\s)/, /^['’]s\s+(?:been|got|had)\b/.test(rest) ? ' has' : ' is');
}

/**
 * A person the question names by one part of their name ("Why did Ham leave the band?") that the
 * conversation gave in full ("Greg Ham"): the question with the full name. Left alone where more
 * than one full name ends in that word, or the question already has a longer name there.
 */
export function completeNames(question: string, conversation: readonly string[], userTurns: readonly string[] = []): string {
  const words = [...question.matchAll(WORD)];
  // A part of a name is capitalised: without such a word the conversation need not be read.
  if (!words.some((m) => CAPITALISED.test(m[0]) && !NOT_NAMES.has(m[0].toLowerCase()))) return question;
  const byLast = new Map<string, Set<string>>();
  for (const text of conversation) {
    for (const name of namesIn(text)) {
      const last = name.split(/\s+/).at(-1)!;
      if (last !== name) byLast.set(last, (byLast.get(last) ?? new Set()).add(name));
    }
  }
  // A place the user named alone is one of its own ("Where are we staying in Kyoto?" beside a reply's "Hotel Granvia Kyoto").
  for (const text of userTurns) for (const name of namesIn(text)) if (!name.includes(' ') && afterOnly(name, text, PLACE_BEFORE, true)) byLast.delete(name);
  if (byLast.size === 0) return question;
  // A neighbour that is part of a name ("Greg Ham"), not a capitalised question word ("Did Ham …").
  const inRun = (j: number): boolean => j >= 0 && j < words.length && CAPITALISED.test(words[j]![0]) && !NOT_NAMES.has(words[j]![0].toLowerCase());
  let out = '';
  let from = 0;
  // As names are read: "Dr. Visser" is "Dr Visser", which the question has already.
  const read = readable(question);
  words.forEach((m, i) => {
    const [word, owner] = /^(.+?)(['’]s?)?$/u.exec(m[0])!.slice(1) as [string, string | undefined];
    const names = byLast.get(word);
    if (!names || names.size !== 1 || inRun(i - 1) || inRun(i + 1) || read.includes([...names][0]!)) return;
    out += question.slice(from, m.index) + [...names][0]! + (owner ?? '');
    from = m.index + m[0].length;
  });
  return out + question.slice(from);
}

/**
 * An opening that says what the thing asked for is, by name: "The December pick is Klara and the
 * Sun …", "The hotel we booked is the Hotel Avenida Palace, …" (group 1: its article, group 2: the
 * name, capitalised words with the small words of a title between them).
 */
const COPULA_NAME = /^[^,.;:]{0,60}?\s(?:is|was|are|were|zijn|waren)\s+(?:(the|de|het)\s+)?(\p{Lu}[\p{L}\p{N}'’-]*(?:\s+(?:(?:and|the|of|in|a|an|for|to|on|at|de|het|van|en)\s+)*\p{Lu}[\p{L}\p{N}'’-]*)*)/u;

/** A question that asks which thing it is ("Which one has the best battery life?", "Welke is het goedkoopst?"). */
const ASKS_WHICH = /^\s*(?:which|welke?)\b/i;

/** A reply opening with a pronoun subject and a verb ("They recommend …", "We chose …"), the verb in group 1. */
const ECHOED_VERB = /^(?:they|we|you|he|she|it|i)\s+(\p{L}{3,})\s+/iu;

/**
 * What a which-question's reply opens with, as the thing chosen that a following "it" stands for:
 * a name ("Which one has the best battery life?" — "The MacBook Air, at about 15 hours."), or a
 * short answer before a colon or comma ("Continuous replication: failover takes minutes"); for a
 * question whose verb asks for a thing, the object the reply gives that verb (answeredObject).
 */
export function answerName(question: string, reply: string): { phrase: string; article?: string } | undefined {
  return (ASKS_WHICH.test(question) ? chosenName(question, reply) : undefined) ?? answeredObject(question, reply) ?? dutchAnsweredObject(question, reply);
}

/** A Dutch which-question with its verb after the subject ("Welk medicijn heeft de huisarts voorgeschreven?", "Welk abonnement heb ik …?"). */
const DUTCH_ASKS_OBJECT = /^\s*(?:welke?|wat\s+voor)\s+\p{L}+\s+(?:heeft|hebben|heb|hebt|had|hadden|moet|moeten|kan|kun|kunt|kunnen|gebruikt|gebruik|neemt|neem|krijgt|krijg)\s+.+?\s*\?\s*$/iu;
/** A Dutch reply's opening subject and verb ("De huisarts schreef", "Je hebt", "Ze gebruikt"). */
const DUTCH_SUBJECT_REPLY = /^(?:(?:de|het)\s+\p{L}+|ze|zij|hij|je|jij|u|we|wij|\p{Lu}[\p{L}.]*(?:\s+\p{Lu}[\p{L}.]*)*)\s+\p{L}+\s+/iu;
/** Words that end a Dutch object: a preposition, a separable verb's particle, a conjunction. */
const DUTCH_OBJECT_END = new Set('met voor naar in op bij van over door tot na om aan uit mee terug af per en of tegen sinds'.split(' '));

/**
 * The thing a Dutch reply gives after its subject and verb, for a which-question asked of a subject:
 * "De huisarts schreef omeprazol 20 mg voor" after "Welk medicijn heeft de huisarts
 * voorgeschreven?" (omeprazol), "Je hebt het Flex-abonnement bij Basic-Fit" (het Flex-abonnement).
 * Undefined where the reply gives several ("… omeprazol en ibuprofen …") or opens otherwise.
 */
function dutchAnsweredObject(question: string, reply: string): { phrase: string; article?: string } | undefined {
  if (!DUTCH_ASKS_OBJECT.test(question)) return undefined;
  const sentence = sentences(readable(reply).trimStart())[0] ?? '';
  const opening = DUTCH_SUBJECT_REPLY.exec(sentence);
  if (!opening) return undefined;
  const words = sentence.slice(opening[0].length).split(/\s+/);
  const article = /^(?:de|het|een)$/i.test(words[0] ?? '') ? words.shift()!.toLowerCase() : undefined;
  const taken: string[] = [];
  for (const w of words) {
    const bare = w.replace(/[.,;:!?]+$/u, '');
    if (!/^\p{L}[\p{L}-]*$/u.test(bare) || DUTCH_OBJECT_END.has(bare.toLowerCase()) || taken.length === 3) break;
    taken.push(bare);
    if (bare !== w) break;
  }
  if (!taken.length) return undefined;
  // "omeprazol en ibuprofen": several things, no one chosen.
  const next = words[taken.length]?.toLowerCase();
  if ((next === 'en' || next === 'of') && !/[.,;:]$/.test(words[taken.length - 1]!)) return undefined;
  return { phrase: taken.join(' '), ...(article && article !== 'een' ? { article } : {}) };
}

/** A what- or which-question with an auxiliary, whose thing asked for is its verb's object ("What did the doctor prescribe?", "Which e-bike did I buy?"). */
const ASKS_OBJECT = /^\s*(?:what|which)\b[^?.!]*?\s(do|does|did|will|would|should|can|could)\s/i;

/**
 * Verbs whose object is a thing chosen, bought or given to the user, which later questions go on
 * about. Not "report" or "say": "what metric do they report?" — "They report MRR@10 …" names no
 * thing that "how does it compare to BM25?" is.
 */
const CHOOSING_VERBS = new Set(
  'buy purchase choose pick select order book rent lease prescribe recommend suggest advise propose offer quote install use take adopt subscribe send give lend'.split(' '),
);

/**
 * The thing the reply gives as the object of the question's own verb: "She prescribed amlodipine
 * 5 mg once daily" after "What medication did the cardiologist prescribe?", "You bought the Gazelle
 * Ultimate C380 in May" after "Which e-bike did I buy?", "We chose a Daikin heat pump with …" (the
 * Daikin heat pump). By the verb's lemma, so "bought" answers "buy"; a name or a lower-case thing
 * ("amlodipine"), with "the" for the article the reply gave it. English only; undefined where the
 * reply gives several things ("… released Ten and Vs.") or none.
 */
function answeredObject(question: string, reply: string): { phrase: string; article?: string } | undefined {
  const aux = ASKS_OBJECT.exec(question)?.[1]?.toLowerCase();
  if (!aux) return undefined;
  const q = englishTags(question);
  // The verb after the auxiliary and its subject, with nothing after it but the person it is for
  // and a prepositional phrase ("… send me?", "… prescribe for the dog?"); at the question's end it may be tagged a noun ("What did the landlord offer?").
  const from = q.words.findIndex((w) => w.toLowerCase() === aux);
  const at = q.words.findIndex((_, i) => i > from && CHOOSING_VERBS.has(q.lemmas[i]!.toLowerCase()) && (q.tags[i] === 'VERB' || q.tags[i] === 'NOUN'));
  const after = /^(?:me|us|him|her|them)$/i.test(q.words[at + 1] ?? '') ? at + 2 : at + 1;
  const rest = q.words.slice(after).join(' ');
  if (from < 0 || at < 0 || !(after === q.words.length || /^(?:ADP|PUNCT)$/.test(q.tags[after]!) || ASKED_WHEN.test(rest))) return undefined;
  const lemma = q.lemmas[at]!.toLowerCase();
  const sentence = sentences(readable(reply).trimStart())[0] ?? '';
  const r = englishTags(sentence);
  const k = r.words.findIndex((_, i) => r.tags[i] === 'VERB' && r.lemmas[i]!.toLowerCase() === lemma);
  if (k < 0) return undefined;
  // "They sent you a letter": the thing, past the person it went to.
  let start = /^(?:me|you|us|him|her|them)$/i.test(r.words[k + 1] ?? '') ? k + 2 : k + 1;
  const article = /^(?:a|an|the)$/i.test(r.words[start] ?? '') ? 'the' : undefined;
  if (article) start++;
  // Where each word stands in the sentence, to tell "ID.3" (one word, tagged as three) from "ID. 3".
  let pos = 0;
  const offsets = r.words.map((w) => {
    const i = sentence.indexOf(w, pos);
    if (i >= 0) pos = i + w.length;
    return i;
  });
  const attached = (i: number): boolean => offsets[i]! > 0 && offsets[i - 1]! >= 0 && offsets[i]! === offsets[i - 1]! + r.words[i - 1]!.length;
  let end = start;
  let named = false;
  while (end < r.words.length) {
    // An acronym is a name whatever the tagger made of it ("TAP TP671", where "TAP" was a verb).
    const tag = ACRONYM.test(r.words[end]!) ? 'PROPN' : r.tags[end]!;
    // A model's number or code goes with its name ("Pixel 8", "ThinkPad T14 Gen 4", "ID.3 Pro"); an amount does not ("amlodipine 5 mg").
    const code: boolean = named && ((tag === 'NUM' && r.tags[end + 1] !== 'NOUN') || (tag === 'X' && /^\p{Lu}/u.test(r.words[end]!)) || (attached(end) && attached(end + 1)) || (attached(end) && tag !== 'PUNCT'));
    if (!OBJECT_TAGS.has(tag) && !code) break;
    named = tag === 'PROPN' || (named && code);
    end++;
  }
  while (end > start && (r.tags[end - 1] === 'ADJ' || r.tags[end - 1] === 'PUNCT') && !ACRONYM.test(r.words[end - 1]!)) end--;
  if (end === start) return undefined;
  // "Ten, Vs. and Vitalogy", "amlodipine or lisinopril": several things, no one chosen.
  if (/^(?:,|and|or)$/i.test(r.words[end] ?? '') && /^(?:NOUN|PROPN|DET)$/.test(r.tags[end + 1] ?? '')) return undefined;
  const phrase = offsets[start]! >= 0 && offsets[end - 1]! >= 0 ? sentence.slice(offsets[start], offsets[end - 1]! + r.words[end - 1]!.length) : r.words.slice(start, end).join(' ');
  return { phrase, ...(article ? { article } : {}) };
}

/** An acronym or code in capitals ("TAP", "TP671"): a name whatever the tagger made of it. */
const ACRONYM = /^\p{Lu}[\p{Lu}\p{N}]+$/u;

/** The tags of the words of a thing given as an object ("a Daikin heat pump", "amlodipine"); a number ends it ("amlodipine 5 mg"). */
const OBJECT_TAGS = new Set(['ADJ', 'NOUN', 'PROPN']);

/** When a thing was chosen or bought, after the verb ("Which laptop did I buy last year?"). */
const ASKED_WHEN = /^(?:(?:last|this|next)\s+\p{L}+|yesterday|today|recently|earlier|ago)\b/iu;

function chosenName(question: string, reply: string): { phrase: string; article?: string } | undefined {
  // "Only the Amex Green includes …": the choice after a word that says it alone was chosen.
  const opening = (sentences(readable(reply).trimStart())[0] ?? '').replace(/^(?:only|just|alleen|enkel|uitsluitend)\s+(?=(?:the|de|het)\s+\p{Lu}|\p{Lu})/iu, '');
  const name = namesIn(opening)[0];
  const article = /^(the|de|het)\s+/i.exec(opening);
  const rest = opening.slice(article?.[0].length ?? 0);
  // "The IT department recommends a ThinkPad T14": a reply that opens with the question's own subject chose nothing
  // there; one that opens with a choice the question offered ("…, the ThinkPad or the XPS?") did.
  const offers = /\b(?:or|of)\b/i.test(question);
  if (name && rest.startsWith(name) && !offers && question.toLowerCase().includes(name.toLowerCase())) return undefined;
  if (name && rest.startsWith(name)) {
    // "The Globex NDA has …": the chosen thing is named with the acronym after its name.
    const acronym = /^\s+\p{Lu}{2,5}(?![\p{L}\p{N}])/u.exec(rest.slice(name.length))?.[0] ?? '';
    return { phrase: name + acronym, ...(article ? { article: article[1]!.toLowerCase() } : {}) };
  }
  // "They recommend the Gazelle Ultimate C380 for …" after "Which e-bike did the quote recommend?": the question's verb, then the name it chose.
  const echoed = ECHOED_VERB.exec(opening);
  const stem = echoed?.[1]!.replace(/(?:s|ed|d)$/i, '').toLowerCase();
  if (echoed && stem && (question.toLowerCase().match(/[a-z0-9_]+/g) ?? []).some((w) => w.startsWith(stem))) {
    const after = opening.slice(echoed[0].length);
    const chosen = namesIn(after)[0];
    const the = /^(the|de|het)\s+/i.exec(after);
    if (chosen && after.slice(the?.[0].length ?? 0).startsWith(chosen)) return { phrase: chosen, ...(the ? { article: the[1]!.toLowerCase() } : {}) };
  }
  // "The December pick is Klara and the Sun by Kazuo Ishiguro": the name it says the thing asked for is.
  const said = COPULA_NAME.exec(opening);
  if (said) return { phrase: said[2]!, ...(said[1] ? { article: said[1].toLowerCase() } : {}) };
  // "Continuous replication: failover takes minutes": a short answer before a colon or comma.
  const short = /^([\p{L}\p{N}][\p{L}\p{N}'’-]*(?:\s+[\p{L}\p{N}][\p{L}\p{N}'’-]*){0,3})\s*[:,;–—]/u.exec(rest)?.[1];
  const words = short?.toLowerCase().split(/\s+/) ?? [];
  if (!short || words.some((w) => STOPWORDS.has(w) || CLAUSE_WORDS.has(w) || ANSWER_WORDS.has(w))) return undefined;
  // "Three recipes use lentils: …" is a clause introducing a list, not the answer's choice.
  if (/^\s*which\b/i.test(question) && hasVerb(short)) return undefined;
  // Capitalised only for opening the sentence when the words after it are not ("Continuous replication"); a language
  // or nationality keeps its capital ("Dutch law").
  const common = words.length > 1 && !LANGUAGE_WORDS.has(words[0]!) && /^\p{Lu}\p{Ll}*$/u.test(short.split(/\s+/)[0]!) && short.split(/\s+/).slice(1).every((w) => /^\p{Ll}/u.test(w));
  const phrase = common ? short[0]!.toLowerCase() + short.slice(1) : short;
  // A name ("Rotterdam, with …") takes no article; a thing takes the one the reply gave it, or "the".
  const named = /^\p{Lu}/u.test(phrase);
  return { phrase, ...(article ? { article: article[1]!.toLowerCase() } : named ? {} : { article: 'the' }) };
}

/** Whether an English text has a verb by its tags ("recipes use lentils"). */
function hasVerb(text: string): boolean {
  const { tags } = englishTags(text);
  return tags.includes('VERB') || tags.includes('AUX');
}

/** Words that open a reply without naming the answer ("Yes, …", "Probably: …", "Both, …"). */
const ANSWER_WORDS = new Set('yes no yeah nope sure probably maybe perhaps possibly both neither either none ja nee misschien waarschijnlijk beide geen allebei'.split(' '));
