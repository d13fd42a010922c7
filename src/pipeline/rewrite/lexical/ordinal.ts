import { STOPWORDS } from '../../search/queryTerms.js';
import type { SelectedTurn, TurnPair } from '../targetedHistory.js';
import type { Answer } from './source.js';
import { DUTCH_ARTICLES, englishTags } from './predicates.js';
import { PATHS, pointingPronoun } from './resolve.js';
import { FILE_NAMES } from './files.js';
import { ANSWER_OPENING, hasWholeWord, lastIndexWhere, MEASURE_UNIT_PATTERN, PREPOSITIONS, remembered, sentences } from './words.js';

/**
 * "how loud is the first one?", "tell me more about the last option", "leg de tweede stap uit":
 * an item of a list the conversation just gave, by its place. The list is read from the latest
 * reply (or, failing that, the latest question): bulleted or numbered lines, or a sentence that
 * enumerates ("mutual funds, real estate, or day trading"); failing both, from the list lines of
 * an earlier reply.
 */
export interface OrdinalReading {
  resolved: string;
  /** The item the question points at. */
  item: string;
  /** The list's other items: what the question did not choose. */
  others: string[];
  /** The whole list, in order. */
  list: string[];
  /** What stands for the pointer in `resolved`, and where ("metoprolol", "the second step (Connect the lines)"). */
  named: { text: string; at: number };
  turn: number;
}

const ORDINALS: Record<string, Record<string, number>> = {
  en: { first: 0, second: 1, third: 2, fourth: 3, fifth: 4, last: -1, former: 0, latter: -1 },
  nl: { eerste: 0, tweede: 1, derde: 2, vierde: 3, vijfde: 4, laatste: -1 },
};
/** Nouns that name an item of a list ("the second step", "de eerste optie"). */
const ITEM_NOUNS =
  'one options? steps? items? points? choices? suggestions? methods? ideas? approach(?:es)? alternatives? solutions? reasons? tips? examples? models? products? plans? links? results? documents? files? sources? ' +
  'ene optie stap punt keuze suggestie methode idee aanpak alternatief oplossing reden tip voorbeeld model product plan link resultaat document bestand bron';
const ITEM_NOUN = ITEM_NOUNS.split(' ').join('|');
/** Dutch words that may follow an ordinal standing alone ("is de laatste goedkoper?"), where a noun would make it part of another phrase. */
const DUTCH_AFTER_ALONE = new Set(
  (
    'is zijn was waren kost kosten werkt of en in van voor op over met bij die dat je jij u ' +
    'meer minder beter slechter goedkoper duurder sneller groter kleiner langer korter makkelijker veiliger nieuwer ouder hoger lager stiller lichter zwaarder sterker'
  ).split(' '),
);
const OPENING_VERB: Record<string, RegExp> = {
  en: /^\s*(?:is|are|was|were|do|does|did|can|could|will|would|should)\s+$/i,
  nl: /^\s*(?:is|zijn|was|waren|wordt|werkt|kan|kun|kost|heeft|past)\s+$/i,
};
const pointer = (determiners: string, ordinals: string): RegExp => new RegExp(`(?<![\\p{L}])(?:${determiners})\\s+(${ordinals})(?:\\s+(${ITEM_NOUN}))?(?![\\p{L}\\p{N}])`, 'iu');
/** "the first one", "that last one", "the second step", "the latter"; Dutch "de/het eerste (optie)". */
export const POINTER: Record<string, RegExp> = {
  en: pointer('the|that|this', 'first|second|third|fourth|fifth|last|former|latter'),
  nl: pointer('de|het|die|dat|deze|dit', 'eerste|tweede|derde|vierde|vijfde|laatste'),
};

/**
 * Whether an ordinal without its own noun stands alone, not before another noun ("the first
 * English colony"): after a question's opening verb ("is the first quieter?", "is de laatste
 * gratis?"), else in English by part of speech, in Dutch by the word after it (a verb, a
 * preposition, a comparative).
 */
function standsAlone(query: string, start: number, end: number, lang: string): boolean {
  const rest = query.slice(end);
  const next = /^\s+(\p{L}+)/u.exec(rest);
  if (!next) return true;
  // "is the first quieter?", "is de laatste gratis?": after a question's opening verb, the ordinal is the subject and what follows its predicate.
  if (OPENING_VERB[lang]!.test(query.slice(0, start))) return true;
  if (lang === 'nl') return DUTCH_AFTER_ALONE.has(next[1]!.toLowerCase());
  const { tags } = englishTags(rest.trim());
  let k = 0;
  while (tags[k] === 'ADJ') k++;
  return tags[k] !== 'NOUN' && tags[k] !== 'PROPN';
}
/** A list line: a bullet or a number before its text. */
const LIST_LINE = /^\s*(?:[-*•–]|\d{1,2}[.)])\s+(.+)$/;
/** At most this many words in an inline item: longer parts are clauses, not a list. */
const MAX_ITEM_WORDS = 6;
/** The same for steps, which say what to do with what, and where ("cancel the internet at the old address"). */
const MAX_STEP_WORDS = 9;
/** Inline items differ by at most this many words. */
const ITEM_LENGTH_SPREAD = 2;
/** …and between steps. */
const STEP_LENGTH_SPREAD = 5;
/** Words that end a Dutch list's lead-in: "kiezen uit", "tussen", "zoals", and verbs that introduce what a text lists ("De leeslijst noemt …"). */
const DUTCH_LEAD_END = new Set(['uit', 'tussen', 'zoals', 'noemt', 'noemen', 'bevat', 'bevatten', 'vermeldt', 'geeft', 'toont', 'beschrijft']);
const DUTCH_SUBJECTS = new Set(['je', 'jij', 'u', 'ik', 'we', 'wij', 'ze', 'zij', 'hij', 'er']);
/** Words a Dutch item may open with: articles and possessives ("een werkgeversverklaring, je laatste drie loonstroken"). */
const DUTCH_DETERMINERS = new Set(['de', 'het', 'een', 'je', 'jouw', 'uw', 'mijn', 'zijn', 'haar', 'onze', 'ons', 'hun']);
/** Words that end a Dutch sentence after its last item ("Je hebt … en een kopie van je paspoort nodig"). */
const DUTCH_CLAUSE_END = /\s+(?:nodig|mee|bij|meenemen|meesturen|opsturen|aanleveren|inleveren|invullen|uploaden|overleggen)$/i;
/** Items that each open with an article or possessive are a list even when their lengths differ more. */
const ARTICLED_ITEM_SPREAD = 4;
const CONJUNCTIONS = /^(?:and|or|then|en|of|dan)\s+/i;
/** A which-question's clause before the comma that opens its choice ("Which is cheaper, the Daikin or the Mitsubishi?"). */
const WH_CHOICE: Record<'en' | 'nl', RegExp> = {
  en: /^(?:which|what|who)\b[^,]*,\s*(?=[^,]*\sor\s[^,]*$)/i,
  nl: /^(?:welke?|wat|wie)\b[^,]*,\s*(?=[^,]*\sof\s[^,]*$)/i,
};
/** Verbs that introduce what a text lists ("The leaflet lists …", "The policy covers …"). */
const LISTING_VERBS = new Set('lists mentions names includes contains covers describes recommends requires offers gives shows'.split(' '));
const TRAILING_CONJUNCTION = /\s+(?:and|or|en|of)$/i;
const FREQUENCY_WORDS = /^(?:rarely|occasionally|sometimes|often|usually|mostly|frequently|seldom|in rare cases|zelden|soms|vaak|meestal|af en toe)$/i;
/** What a list says of an item after it, with a number: "the Daikin Altherma 3 for 8,900 euros", "de Daikin voor 8.900 euro", "go-live on 1 April". */
const ITEM_DETAIL = /\s+(?:for|at|by|from|on|until|before|costing|voor|om|vanaf|tegen|op|tot)\s+[^\s]*\d.*$/iu;
/** A day said of an item after it: "Julia Kowalski on Thursday", "Lotte op maandag". */
const ITEM_DAY = /\s+(?:on|op)\s+(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|maandag|dinsdag|woensdag|donderdag|vrijdag|zaterdag|zondag)(?![\p{L}]).*$/iu;
/** An amount with its unit after an item ("metoprolol 50 mg twice a day", "de Dell met 16 GB", "the XPS 13 up to 14 hours"): what the list says of it. */
const ITEM_AMOUNT = new RegExp(
  String.raw`(?:\s+(?:with|of|met|van))?(?:\s+(?:up\s+to|about|around|roughly|nearly|almost|over|under|at\s+least|at\s+most|tot|ongeveer|bijna|ruim|circa))?\s+\d[\d.,]*\s*(?:${MEASURE_UNIT_PATTERN})(?![\p{L}]).*$`,
  'iu',
);
/** What a list says of a named item after "with" ("IKEA with own installation", "Vattenfall met groene stroom"). */
const NAME_DETAIL = /^((?:(?:the|a|an|de|het|een)\s+)?\p{Lu}[\p{L}\p{N}.'’-]*(?:\s+[\p{Lu}\p{N}][\p{L}\p{N}.'’-]*)*)\s+(?:with|without|including|excluding|met|zonder|inclusief|exclusief)\s.*$/u;
/** Words that open a remark on all the items of a list ("both including installation", "allebei met garantie"). */
const REMARK_ON_ITEMS = /^(?:both|all|each|either|beide|allebei|alle|elk|elke)\b/i;
/** A phrase after a list's last item that says something of them all ("…, with a Wikipedia dump from 2018", "…, die …"). */
const TRAILING_REMARK = /^(?:with|without|for|from|at|in|on|which|who|where|including|met|zonder|voor|vanaf|bij|op|die|dat|waar|inclusief)\s/i;

/**
 * Whether the last of a list's comma parts is a remark on the items rather than one: opened by
 * REMARK_ON_ITEMS, or by a word of TRAILING_REMARK that no other part opens with ("in Amsterdam,
 * in Utrecht and in Delft" is a list), after a part that joins items itself.
 */
function remarkLast(parts: readonly string[], joiner: RegExp): boolean {
  const last = parts.at(-1)!;
  if (REMARK_ON_ITEMS.test(last)) return true;
  const word = TRAILING_REMARK.exec(last)?.[0].trim().toLowerCase();
  const before = parts.at(-2);
  return !!word && !!before && before.split(joiner).length > 1 && parts.slice(0, -1).every((p) => p.split(/\s+/)[0]!.toLowerCase() !== word);
}

/** Lists read, by language and text: a conversation's replies come back with every follow-up, and several readers ask for their lists. */
const READ_LISTS = new Map<string, readonly string[]>();

/** The items of a text's list: its list lines (each up to a colon or dash), or its longest enumeration in a sentence. */
export function listItems(text: string, language: string): string[] {
  return [...remembered(READ_LISTS, `${language}\u0000${text}`, () => readList(text, language))];
}

function readList(text: string, language: string): string[] {
  const lines = text.split(/\n/).map((l) => LIST_LINE.exec(l)?.[1]).filter((l): l is string => !!l);
  // "Daikin Altherma 3 (8,900 euros)": the item without what the reply says about it in brackets.
  if (lines.length >= 2) return lines.map((l) => l.split(/:\s|\s[-–—]\s/)[0]!.replace(/[*_]+/g, '').replace(/[.;,]\s*$/, '').replace(/\s*\([^()]*\)$/, '').trim());
  let best: string[] = [];
  for (const sentence of text.split(/\n+/).flatMap((line) => sentences(line))) {
    const text = sentence.replace(/[.!?]+\s*$/, '');
    // An "and" before the last comma is inside an item, unless that leaves items unalike ("tiredness, dizziness, cold hands and feet, and …").
    const inner = enumeration(text, language);
    // Without a comma both readings split alike.
    const items = inner.length || !text.includes(',') ? inner : enumeration(text, language, true);
    if (items.length > best.length) best = items;
  }
  return best;
}

/** The name after the first preposition before a capitalised word, where a list's lead-in ends ("results on Natural Questions"), or undefined. */
function nameAfterPreposition(text: string): string | undefined {
  const words = text.split(/\s+/);
  const at = words.findIndex((w, i) => i + 1 < words.length && PREPOSITIONS.has(w.toLowerCase()) && /^\p{Lu}/u.test(words[i + 1]!));
  return at >= 0 ? words.slice(at + 1).join(' ') : undefined;
}

/** Tagged words as text again: a possessive's "'s" stays on its word ("an employer's statement"). */
const joinWords = (words: readonly string[]): string => words.join(' ').replace(/\s+(['’]s?)(?=\s|$)/g, '$1');

/**
 * The parts of a list: split at its commas, and its last item's part at its last "and"/"or" ("red
 * lentil dahl, lentil and chorizo soup and a lentil salad": an "and" before the last comma is
 * inside an item). A remark on the items after the last one ("…, both including installation") is
 * no item's part. Without commas, or `everyJoin`, at every "and"/"or" as well.
 */
function listParts(body: string, language: string, everyJoin: boolean): string[] {
  const joiner = language === 'nl' ? /\s+(?:en|of)\s+/gi : /\s+(?:and|or)\s+/gi;
  const commas = language === 'nl' ? /\s*,\s*/ : /\s*,\s*(?:and\s+|or\s+|then\s+)?/i;
  const parts = body.split(commas);
  if (parts.length === 1 || everyJoin) return parts.flatMap((p) => p.split(joiner));
  const remark = remarkLast(parts, joiner) ? parts.pop() : undefined;
  const last = parts.pop()!;
  const joins = [...last.matchAll(joiner)].at(-1);
  const items = joins ? [...parts, last.slice(0, joins.index), last.slice(joins.index + joins[0].length)] : [...parts, last];
  // A phrase that says something of the items ("…, with a Wikipedia dump") is none of them; a remark on all of them is left for the caller.
  return remark === undefined || !REMARK_ON_ITEMS.test(remark) ? items : [...items, remark];
}

/** "There are a few options: A, B, or C", "The catalogue lists A and B", "Mount A, connect B, then wire C". */
function enumeration(text: string, language: string, everyJoin = false): string[] {
  // An answer's opening "Yes," is no item ("Yes, Hertz, Avis and Europcar have desks …").
  // What a reply says of an item in brackets is no part of it, and may hold commas of its own
  // ("the CRM migration (three weeks late, waiting on data cleanup) and the new intranet (…)").
  const sentence = text.replace(ANSWER_OPENING, '').replace(/\s*\([^()]*\)/g, '');
  const colon = sentence.lastIndexOf(': ');
  // "Which laptop is lighter, the XPS 13 or the ThinkPad X1?": the question before its choice leads in.
  const choice = colon < 0 ? WH_CHOICE[language === 'nl' ? 'nl' : 'en'].exec(sentence) : null;
  const body = colon >= 0 ? sentence.slice(colon + 2) : choice ? sentence.slice(choice[0].length) : sentence;
  // A list ends with "and"/"or" before its last item, or follows a colon: "Jamestown, founded in 1607" is none.
  const joined = (language === 'nl' ? /\s(?:en|of)[\s,]/i : /\s(?:and|or|then)[\s,]/i).test(body);
  if (colon < 0 && !joined) return [];
  // A comma inside a number ("8,900", "4,20") separates no items (kept apart by a private-use character).
  const parts = listParts(body.replace(/(\d),(\d)/g, '$1\uE000$2'), language, everyJoin)
    .map((p) => p.replace(/\uE000/g, ',').replace(CONJUNCTIONS, '').replace(TRAILING_CONJUNCTION, '').replace(ITEM_DETAIL, '').replace(ITEM_DAY, '').replace(NAME_DETAIL, '$1').replace(ITEM_AMOUNT, '').trim())
    // "heartburn and, rarely, stomach bleeding": how often is said of an item, and is none.
    .filter((p) => p && !FREQUENCY_WORDS.test(p));
  // "van Bouwbedrijf Jansen, van Dakkapel Direct en van …": a preposition every item opens with is none of theirs.
  const opening = parts[0]?.split(/\s+/)[0]?.toLowerCase();
  if (parts.length > 1 && opening && PREPOSITIONS.has(opening) && parts.every((p) => p.split(/\s+/)[0]!.toLowerCase() === opening && /\s/.test(p))) {
    parts.forEach((p, k) => (parts[k] = p.slice(p.indexOf(' ') + 1).trim()));
  }
  // "…, both including installation": a remark on the items after the last of them.
  if (parts.length > 2 && REMARK_ON_ITEMS.test(parts.at(-1)!)) parts.pop();
  // After a colon, two parts need an "and"/"or" too: "Replication: failover takes minutes, against hours …" lists nothing.
  if (parts.length < 2 || (parts.length === 2 && !joined)) return [];
  // A list of paths is a list of them: "The guide lists /users/search, /orders/bulk and /reports/legacy as deprecated".
  const paths = parts.map((p) => p.match(PATHS) ?? []);
  if (paths.every((f) => f.length === 1)) return paths.map((f) => f[0]!);
  let spread = ITEM_LENGTH_SPREAD;
  let longest = MAX_ITEM_WORDS;
  // "Three items: cancel the internet at the old address, register at the new municipality, and
  // book the moving van": steps, each opening with its verb, which differ in length more than names do.
  if (language === 'en' && parts.every(isStep)) [spread, longest] = [STEP_LENGTH_SPREAD, MAX_STEP_WORDS];
  // Without a colon, the first part opens with the sentence's lead-in ("The catalogue lists the
  // Daikin"): its item is what follows the lead-in's last verb, unless every part is a step.
  if (colon < 0 && !choice && language === 'en') {
    const { words, tags } = englishTags(parts[0]!);
    // A step opens with its verb, which the tagger may take for a noun before an article ("wire the indoor unit").
    const steps = parts.slice(1).every(isStep);
    // The lead-in ends at its verb ("It returns 401 for expired tokens": not at "expired", a
    // participle in the item), or an auxiliary, or (where the tagger took the verb for a noun:
    // "the catalogue lists") before the last article.
    // A verb that introduces a list, which the tagger may take for a plural noun ("The leaflet lists stomach pain").
    const listing = words.findIndex((w, i) => i > 0 && LISTING_VERBS.has(w.toLowerCase()));
    const verb = tags.indexOf('VERB') >= 0 ? tags.indexOf('VERB') : listing;
    const auxiliary = tags.lastIndexOf('AUX');
    const cut = verb >= 0 ? verb + 1 : auxiliary >= 0 ? auxiliary + 1 : Math.max(0, lastIndexWhere(tags, (t, i) => t === 'DET' && /^(the|a|an)$/i.test(words[i]!)));
    // "The XPS 13 weighs 1.17 kg and the ThinkPad X1 Carbon 1.12 kg": nothing but an amount
    // follows the verb, so the items are the subjects it is said of.
    const gapped = verb > 0 && cut === verb + 1 && cut === words.length;
    // "You are enrolled in Machine Learning, …": the lead-in's preposition is no part of the first item, when the others have none.
    const first = gapped ? words.slice(0, verb) : words.slice(cut);
    const led = first.length > 1 && PREPOSITIONS.has(first[0]!.toLowerCase()) && parts.slice(1).every((p) => !PREPOSITIONS.has(p.split(/\s+/)[0]!.toLowerCase()));
    if (!steps) parts[0] = joinWords(led ? first.slice(1) : first).replace(NAME_DETAIL, '$1');
    // "The survey compares results on Natural Questions, TriviaQA and HotpotQA": where the other
    // items are names, the first is the name after the lead-in's preposition.
    const named = !steps && !/^\p{Lu}/u.test(parts[0]!) && parts.slice(1).every((p) => /^\p{Lu}/u.test(p)) ? nameAfterPreposition(parts[0]!) : undefined;
    if (named) parts[0] = named;
    // "You can put money in a 401k, open an IRA, or buy index funds": the first step follows the lead-in's auxiliary or "to".
    const leadVerb = steps && !isStep(parts[0]!) ? lastIndexWhere(tags, (t, i) => t === 'VERB' && i > 0 && (tags[i - 1] === 'AUX' || words[i - 1]!.toLowerCase() === 'to')) : -1;
    if (leadVerb > 0) {
      parts[0] = fromWord(parts[0]!, words, leadVerb);
      [spread, longest] = [STEP_LENGTH_SPREAD, MAX_STEP_WORDS];
    }
    // The sentence goes on after its last item ("… and Europcar have desks at Schiphol"): the item ends at its verb.
    const lastPart = englishTags(parts.at(-1)!);
    // Not at an -ing form, which names a thing as often ("stomach bleeding").
    // Nor at a capitalised word, part of a title ("The Buried Giant").
    const verbAt = lastPart.tags.findIndex((t, i) => i > 0 && (t === 'VERB' || t === 'AUX') && !/ing$/i.test(lastPart.words[i]!) && !/^\p{Lu}/u.test(lastPart.words[i]!));
    if (!steps && verbAt > 0 && parts.length > 2) parts[parts.length - 1] = joinWords(lastPart.words.slice(0, verbAt));
  } else if (colon < 0 && !choice) {
    // Dutch, by its words: the lead-in ends at "uit"/"tussen"/"zoals", or before the last article
    // where the other items open with one ("Je kunt kiezen uit een annuïteitenhypotheek, een lineaire …").
    const words = parts[0]!.split(/\s+/);
    const lead = lastIndexWhere(words, (w) => DUTCH_LEAD_END.has(w.toLowerCase())) + 1;
    const articled = parts.slice(1).every((p) => DUTCH_DETERMINERS.has(p.split(/\s+/)[0]!.toLowerCase()));
    const article = lastIndexWhere(words, (w) => DUTCH_ARTICLES.has(w.toLowerCase()));
    // "… en een kopie van je paspoort nodig": the word that ends the sentence is no part of its last item.
    parts[parts.length - 1] = parts.at(-1)!.replace(DUTCH_CLAUSE_END, '');
    spread = articled && article > 0 ? ARTICLED_ITEM_SPREAD : ITEM_LENGTH_SPREAD;
    // "Je hebt een werkgeversverklaring, drie loonstroken en …": a subject and its verb lead in.
    const subjectVerb = DUTCH_SUBJECTS.has(words[0]!.toLowerCase()) && words.length > 2 ? 2 : 0;
    const cut = articled && article > 0 ? article : Math.max(lead, subjectVerb);
    if (cut > 0) parts[0] = words.slice(cut).join(' ').replace(NAME_DETAIL, '$1');
  }
  // A list of files is a list of their names: "henderson-contract.docx, invoice-2024-031.pdf and the notes in meeting-2024-02-12.md".
  const files = parts.map((p) => p.match(FILE_NAMES) ?? []);
  if (files.every((f) => f.length === 1)) return files.map((f) => f[0]!);
  // Items of one list are alike in length: "the hummus and the chana masala recipes use chickpeas"
  // goes on past its last item into the sentence's verb.
  const lengths = parts.map((p) => p.split(/\s+/).length);
  const alike = Math.max(...lengths) - Math.min(...lengths) <= spread;
  return alike && lengths.every((n) => n <= longest) && parts.every((p) => /\p{L}/u.test(p)) ? parts : [];
}

/** The text from its `k`th tagged word on (the tagger splits "401k", which a join of its words would not mend). */
function fromWord(text: string, words: readonly string[], k: number): string {
  let at = 0;
  for (const word of words.slice(0, k)) at = text.indexOf(word, at) + word.length;
  return text.slice(text.indexOf(words[k]!, at));
}

/** A step opens with its verb, which the tagger may take for a noun or an adjective before an article ("wire the indoor unit", "open an IRA"). */
export function isStep(part: string): boolean {
  const t = englishTags(part).tags;
  return t[0] === 'VERB' || (t[1] === 'DET' && (t[0] === 'NOUN' || t[0] === 'PROPN' || t[0] === 'ADJ'));
}

/**
 * The question with its ordinal pointer read as an item of the latest list: "the first one"
 * (or "the first" at the end) becomes the item; "the second step" keeps its words and gets the
 * item beside it. Undefined when there is no pointer or no list long enough.
 */
export function resolveOrdinal(
  query: string,
  turns: readonly TurnPair[],
  language: string,
  answers: readonly Answer[] = turns.map((t) => ({ index: t.index, text: t.assistant })),
  previous?: OrdinalReading,
): OrdinalReading | undefined {
  const lang = language === 'nl' ? 'nl' : language === 'en' ? 'en' : undefined;
  const last = turns.at(-1);
  // "the first two" is several items or none: never the first with "two" left over.
  if (lang && SEVERAL[lang]!.test(query)) return last && severalItems(query, last, lang);
  const all = lang && last ? allItems(query, last, lang) : undefined;
  if (all) return all;
  const priced = lang && last ? pricedItem(query, last, lang, answers) : undefined;
  if (priced) return priced;
  const found = lang && POINTER[lang]!.exec(query);
  if (!found || !last || (!found[2] && !standsAlone(query, found.index, found.index + found[0].length, lang))) return undefined;
  const place = ORDINALS[lang]![found[1]!.toLowerCase()]!;
  const noun = found[2];
  // "and of the second?" after "What are the side effects of the first one?": an item of the list that question chose from.
  const again = previous && ELLIPTICAL_REST[lang]!.test((query.slice(0, found.index) + query.slice(found.index + found[0].length)).trim());
  // The latest turn's list, else an earlier reply's list lines ("and the third?" after a question about one of them).
  const earlier = answers.filter((a) => a.index < last.index && a.text.split('\n').filter((l) => LIST_LINE.test(l)).length >= 2).reverse();
  const sources: { items?: string[]; text?: string; turn: number }[] = [
    ...(again ? [{ items: previous.list, turn: previous.turn }] : []),
    { text: last.assistant, turn: last.index },
    { text: last.user, turn: last.index },
    ...earlier.map((a) => ({ text: a.text, turn: a.index })),
  ];
  for (const source of sources) {
    const { turn } = source;
    const items = source.items ?? (source.text ? listItems(source.text, lang) : []);
    const item = place < 0 ? items.at(place) : items[place];
    if (items.length < 2 || !item) continue;
    // "the first one", "the latter": the item itself. "the second step": the step, named.
    // A step is done in the place of "do the second one", and named beside any other use ("who owns the second one (automate renewal)?").
    const others = items.filter((x) => x !== item);
    const step = lang === 'en' && isStep(item);
    const done = step ? /\bdo\s+$/i.exec(query.slice(0, found.index)) : null;
    if (done) {
      const text = item[0]!.toLowerCase() + item.slice(1);
      return { resolved: query.slice(0, done.index) + text + query.slice(found.index + found[0].length), item, others, list: items, named: { text, at: done.index }, turn };
    }
    const replacement = (!noun || /^(one|ene)$/i.test(noun)) && !step ? namedAgain(item, found.index === 0) : `${found[0]} (${item})`;
    // Asked again of another item: the previous question, with this item where that one stood.
    if (source.items && previous) {
      const { text, at } = previous.named;
      const resolved = previous.resolved.slice(0, at) + replacement + previous.resolved.slice(at + text.length);
      return { resolved, item, others, list: items, named: { text: replacement, at }, turn };
    }
    return { resolved: query.slice(0, found.index) + replacement + query.slice(found.index + found[0].length), item, others, list: items, named: { text: replacement, at: found.index }, turn };
  }
  return undefined;
}

/**
 * A list item as named again in a question: a known thing ("A database failover" → "the database
 * failover"; a Dutch "een" stays, its "de" or "het" unknown), capitalised only to open it.
 */
function namedAgain(item: string, opening: boolean): string {
  const known = item.replace(/^(?:a|an)\s+/i, 'the ');
  return opening || !/^(?:the|de|het)\s/i.test(known) ? known : known[0]!.toLowerCase() + known.slice(1);
}

/**
 * What is left of a follow-up that asks the previous question of another item ("and of the
 * second?", "what about the third one?", "en van de tweede?") once its ordinal is taken out.
 */
const ELLIPTICAL_REST: Record<string, RegExp> = {
  en: /^(?:and|or|(?:and\s+)?(?:what|how)\s+about)(?:\s+(?:of|for|with|about|in|on|at|to))?\s*[?.!]*$/i,
  nl: /^(?:en|of|(?:en\s+)?(?:wat\s+met|hoe\s+zit\s+het\s+met))(?:\s+(?:van|voor|met|over|bij|in|op|aan))?\s*[?.!]*$/i,
};

/**
 * The conversation's earlier questions that named a list item by its place ("What are the side
 * effects of the first one?"), by turn pair: each read as the item it meant, from the list
 * before it. A follow-up then reads the question as "… of metoprolol?", and "and of the
 * second?" takes the second item of the same list.
 */
export function ordinalsAsked(pairs: readonly TurnPair[], language: string): Map<number, OrdinalReading> {
  const out = new Map<number, OrdinalReading>();
  const lang = language === 'nl' ? 'nl' : language === 'en' ? 'en' : undefined;
  if (!lang) return out;
  for (const [k, pair] of pairs.entries()) {
    if (k === 0 || !pair.user || !(POINTER[lang]!.test(pair.user) || SEVERAL[lang]!.test(pair.user))) continue;
    const before = pairs.slice(0, k);
    const answers = before.map((p) => ({ index: p.index, text: p.assistant }));
    const reading = resolveOrdinal(pair.user, [before.at(-1)!], lang, answers, out.get(before.at(-1)!.index));
    if (reading) out.set(pair.index, reading);
  }
  return out;
}

/**
 * Of the questions ordinalsAsked read, those to read as naming their item: where the item took
 * the pointer's place ("… of the first one?" → "… of metoprolol?"). "explain the second step"
 * stays as written, "the second step" being a phrase of its own that the item beside it would
 * break up.
 */
export function itemsAsked(asked: ReadonlyMap<number, OrdinalReading>): Map<number, OrdinalReading> {
  return new Map([...asked].filter(([, r]) => r.named.text === r.item));
}

/** A list named in full in a question: at most this many items. */
const MAX_NAMED_ITEMS = 4;
/** "them", "which of them": the things of a list, in English ("they" is as often the people who made them). */
const PLURAL_POINTER = /^them$/i;
/** "which of those", "any of these": the things of a list too. */
const OF_THOSE = /(?<=\b(?:which|who|what|any|all|each|one|both|either|none|some|many|most)\s+of\s+)(?:those|these|them)\b/i;
/**
 * An item named in full: a name or a number of at most four words ("Hertz", "Dell XPS 13"), or a
 * title with its small words ("Remains of the Day"), no clause.
 */
const NAMED_ITEM = /^[\p{Lu}\p{N}][\p{L}\p{N}.'’-]*(?:\s+(?:(?:of|the|and|a|an|in|on|at|to|for)\s+){0,2}[\p{Lu}\p{N}][\p{L}\p{N}.'’-]*){0,3}$/u;

/**
 * "compare them", "which of them is open at night?", "which of those won the Booker?" after a reply that lists a few named things
 * ("Hertz, Avis and Europcar have desks at Schiphol"): the pronoun stands for the list's items,
 * named in full ("compare Hertz, Avis and Europcar"). English only (Dutch "ze" is also "she");
 * a list of at most MAX_NAMED_ITEMS names or numbers, the latest reply's or, where the latest
 * turn is about one of its items, an earlier reply's.
 */
export function resolveListPronoun(query: string, turns: readonly SelectedTurn[], language: string, answers: readonly Answer[] = []): OrdinalReading | undefined {
  const last = turns.at(-1);
  const pronoun = language === 'en' ? (OF_THOSE.exec(query) ?? pointingPronoun(query, 'en')) : null;
  if (!pronoun || !(PLURAL_POINTER.test(pronoun[0]) || OF_THOSE.test(query)) || !last?.assistant) return undefined;
  const namedItems = (text: string): string[] => {
    const items = listItems(text, language);
    return items.length >= 2 && items.length <= MAX_NAMED_ITEMS && items.every((i) => NAMED_ITEM.test(i.replace(/^the\s+/i, ''))) ? items : [];
  };
  // The latest reply's list, else an earlier reply's whose item the latest turn is about ("Which
  // one has the best battery life?" — "The MacBook Air M3" — "compare them": the laptops compared before).
  const latest = `${last.user} ${last.assistant}`.toLowerCase();
  const about = (items: string[]): boolean => items.some((i) => latest.includes(i.replace(/^(?:the|a|an)\s+/i, '').toLowerCase()));
  const lists = [{ items: namedItems(last.assistant), turn: last.index }, ...answers.filter((a) => a.index < last.index).reverse().map((a) => ({ items: namedItems(a.text), turn: a.index }))];
  const list = lists.find((l, k) => l.items.length && (k === 0 || about(l.items)));
  if (!list) return undefined;
  const items = list.items;
  const named = namedList(items, 'en');
  return { resolved: query.slice(0, pronoun.index) + named + query.slice(pronoun.index + pronoun[0].length), item: named, others: [], list: items, named: { text: named, at: pronoun.index }, turn: list.turn };
}

const COUNTS: Record<string, number> = { two: 2, three: 3, four: 4, twee: 2, drie: 3, vier: 4 };
/** "the first two", "the last three options", "de eerste twee": several items from one end of a list. */
const SEVERAL: Record<string, RegExp> = {
  en: new RegExp(`(?<![\\p{L}])the\\s+(first|last)\\s+(two|three|four)(?:\\s+(?:${ITEM_NOUN}))?(?![\\p{L}\\p{N}])`, 'iu'),
  nl: new RegExp(`(?<![\\p{L}])de\\s+(eerste|laatste)\\s+(twee|drie|vier)(?:\\s+(?:${ITEM_NOUN}))?(?![\\p{L}\\p{N}])`, 'iu'),
};

/** "the two variants", "those three", "die twee": every item of a list of that many. */
const ALL_OF: Record<string, RegExp> = {
  en: /(?<![\p{L}])(?:the|these|those)\s+(two|three|four)(?:\s+(\p{L}+s))?(?![\p{L}\p{N}]|\s+of\b)/iu,
  nl: /(?<![\p{L}])(?:de|die|deze)\s+(twee|drie|vier)(?:\s+(\p{L}+(?:en|s)))?(?![\p{L}\p{N}]|\s+van\b)/iu,
};

/** "what's the difference between the two variants?" after "two variants: BERT … and GPT …": the list, named beside its noun. */
function allItems(query: string, last: TurnPair, lang: 'en' | 'nl'): OrdinalReading | undefined {
  const found = ALL_OF[lang]!.exec(query);
  if (!found) return undefined;
  const count = COUNTS[found[1]!.toLowerCase()]!;
  const items = latestList(last, lang, (list) => list.length === count);
  if (!items) return undefined;
  const named = namedList(items, lang);
  // "those three is": a verb after the count is no noun of it.
  const noun = found[2] && !STOPWORDS.has(found[2].toLowerCase());
  const pointer = noun ? found[0] : found[0].slice(0, found[0].length - (found[2]?.length ?? 0)).trimEnd();
  const put = noun ? `${pointer} (${named})` : named;
  return { resolved: query.slice(0, found.index) + put + query.slice(found.index + pointer.length), item: named, others: [], list: items, named: { text: put, at: found.index }, turn: last.index };
}

/** "compare the first two" after a list: "compare Daikin Altherma 3 and Mitsubishi Ecodan". */
function severalItems(query: string, last: TurnPair, lang: 'en' | 'nl'): OrdinalReading | undefined {
  const found = SEVERAL[lang]!.exec(query);
  if (!found) return undefined;
  const count = COUNTS[found[2]!.toLowerCase()]!;
  const fromEnd = /^(?:last|laatste)$/i.test(found[1]!);
  const items = latestList(last, lang, (list) => list.length >= count);
  if (!items) return undefined;
  const chosen = fromEnd ? items.slice(-count) : items.slice(0, count);
  const named = namedList(chosen, lang);
  return { resolved: query.slice(0, found.index) + named + query.slice(found.index + found[0].length), item: named, others: items.filter((x) => !chosen.includes(x)), list: items, named: { text: named, at: found.index }, turn: last.index };
}

/** The list of the latest turn's reply, else of its question, that `fits`. */
function latestList(last: TurnPair, lang: 'en' | 'nl', fits: (items: readonly string[]) => boolean): string[] | undefined {
  for (const text of [last.assistant, last.user]) {
    const items = text ? listItems(text, lang) : [];
    if (fits(items)) return items;
  }
  return undefined;
}

/** Items named as one phrase: "A, B and C", "A en B". */
function namedList(items: readonly string[], lang: 'en' | 'nl'): string {
  return `${items.slice(0, -1).join(', ')} ${lang === 'nl' ? 'en' : 'and'} ${items.at(-1)}`;
}

/** "the cheapest", "the most expensive option", "de goedkoopste", "the cheaper one" (of two): an item of a list by its price (group 1: the degree, group 2: a noun). */
const PRICED: Record<'en' | 'nl', RegExp> = {
  en: new RegExp(`(?<![\\p{L}])the\\s+(cheapest|least\\s+expensive|most\\s+expensive|priciest|dearest|cheaper|less\\s+expensive|more\\s+expensive|pricier|dearer)(?:\\s+(${ITEM_NOUN}))?(?![\\p{L}\\p{N}])`, 'iu'),
  nl: new RegExp(`(?<![\\p{L}])(?:de|het)\\s+(goedkoopste|duurste|goedkopere|duurdere)(?:\\s+(${ITEM_NOUN}))?(?![\\p{L}\\p{N}])`, 'iu'),
};
/** What opens a question that asks which thing is the cheapest, rather than about it. */
const ASKS_WHICH = /^\s*(?:(?:and|en)\s+)?(?:(?:which|welke?)\b.*|(?:what|wat)\s+(?:is|are|was|were|zijn|waren)\s+)$/i;
/** An amount of money: a currency before or after a number ("210 euros", "€ 8.900", "$15"); group 1 or 2: the number. */
const MONEY = /(?:[€$£]\s*(\d[\d.,]*\d|\d)|(\d[\d.,]*\d|\d)\s*(?:euros?|eur|€|dollars?|usd|pounds?|£|gbp)(?![\p{L}]))/iu;

/** A written amount as a number: a separator before three final digits groups thousands ("14,200", "8.900"), else it is the decimal point ("10.99", "4,20"). */
function amountValue(written: string): number {
  if (/[.,]\d{3}$/.test(written)) return Number(written.replace(/[.,]/g, ''));
  const decimal = /^(.*?)[.,](\d{1,2})$/.exec(written);
  return decimal ? Number(`${decimal[1]!.replace(/[.,]/g, '')}.${decimal[2]}`) : Number(written.replace(/[.,]/g, ''));
}

/**
 * "does the cheapest have a pool?" after a reply that lists things with their prices ("the Tivoli
 * Avenida (210 euros a night), the Memmo Alfama (185 euros) and the Lumiares (160 euros)"): the
 * item of the lowest (or highest) price, from the latest turn, else the latest earlier answer with
 * such a list. Undefined unless every item has one amount and one is lowest.
 */
function pricedItem(query: string, last: TurnPair, lang: 'en' | 'nl', answers: readonly Answer[] = []): OrdinalReading | undefined {
  const found = PRICED[lang].exec(query);
  // "which one is the cheapest?", "what is the cheapest?" ask which: the answer names it.
  if (!found || ASKS_WHICH.test(query.slice(0, found.index))) return undefined;
  // "the cheapest hotel" after "Which hotels …?": a noun the conversation used for the items.
  const next = /^\s+(\p{L}+)/u.exec(query.slice(found.index + found[0].length))?.[1];
  const pair = `${last.user} ${last.assistant}`;
  const named = !found[2] && next && ['', 's', 'en'].some((ending) => hasWholeWord(pair, next + ending)) ? next : undefined;
  if (!found[2] && !named && !standsAlone(query, found.index, found.index + found[0].length, lang)) return undefined;
  const pointer = named ? `${found[0]} ${named}` : found[0];
  const noun = found[2] ?? named;
  const highest = /most|more|priciest|pricier|dearest|dearer|duurste|duurdere/i.test(found[1]!);
  // "the cheaper one" chooses between two.
  const between = /cheaper|less|more|pricier|dearer|goedkopere|duurdere/i.test(found[1]!);
  // "is breakfast included at the cheapest?" two questions on: an earlier answer's prices.
  const sources = [
    { text: last.assistant, turn: last.index },
    { text: last.user, turn: last.index },
    ...answers.filter((a) => a.index < last.index).reverse().map((a) => ({ text: a.text, turn: a.index })),
  ];
  for (const { text, turn } of sources) {
    const items = text ? listItems(text, lang) : [];
    if (items.length < 2 || (between && items.length !== 2)) continue;
    // Each item's amount: the first one after it, before the next item.
    const low = text.toLowerCase();
    const at = items.map((item) => low.indexOf(item.toLowerCase()));
    if (at.some((a, k) => a < 0 || (k > 0 && a <= at[k - 1]!))) continue;
    const amounts = items.map((_, k) => {
      const m = MONEY.exec(text.slice(at[k]!, at[k + 1] ?? text.length));
      return m ? amountValue(m[1] ?? m[2]!) : NaN;
    });
    if (amounts.some((a) => Number.isNaN(a))) continue;
    const best = highest ? Math.max(...amounts) : Math.min(...amounts);
    if (amounts.filter((a) => a === best).length !== 1) continue;
    const item = items[amounts.indexOf(best)]!;
    const replacement = !noun || /^(one|ene)$/i.test(noun) ? item : `${pointer} (${item})`;
    const resolved = query.slice(0, found.index) + replacement + query.slice(found.index + pointer.length);
    return { resolved, item, others: items.filter((x) => x !== item), list: items, named: { text: replacement, at: found.index }, turn };
  }
  return undefined;
}
