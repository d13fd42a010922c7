import { STOPWORDS } from '../../search/queryTerms.js';
import type { SelectedTurn } from '../targetedHistory.js';
import { englishTags, NOUN_TAGS } from './predicates.js';
import { caseLike, escapeRegExp, wholeMatches } from './words.js';

/**
 * A noun the question points at with a demonstrative ("those rules", "that company", "such a
 * breach", Dutch "die garantie"), read as the fuller mention of the same noun in the
 * conversation: "the SEC rules on pattern day trading", "TechCorp", "a material breach", "de
 * garantie op de warmtepomp". The pronoun readings (resolve.ts) replace a lone word; this one
 * keeps the user's noun and gives it what the conversation said of it.
 */
export interface DemonstrativeReading {
  /** The question with the demonstrative's noun phrase replaced. */
  resolved: string;
  /** What it was replaced by, as the conversation said it. */
  phrase: string;
  turn: number;
}

/** How many of the latest turn pairs a demonstrative may point into. */
const RECENT_PAIRS = 2;
/** At most this many words in a mention (modifiers, noun, one prepositional phrase). */
const MAX_WORDS = 8;
/** "in that case", "that way": set phrases, not pointers at a thing. */
const SET_PHRASES = new Set(['case', 'way', 'matter', 'sense', 'regard', 'extent']);
/** Adjectives of quantity, identity or judgement, which say nothing of which thing is meant ("potential investment gurus"). */
const QUANTIFIERS = new Set(
  (
    'other another many several same such few more most some all each every certain various different any own much main ' +
    'potential possible good great best better important common typical usual similar specific particular general popular famous notable favourite favorite'
  ).split(' '),
);
/**
 * Prepositions after a noun that make its prepositional phrase part of the mention ("rules on day
 * trading"); not "for", which in a reply mostly says why or how long ("for details", "for 10 seconds").
 */
const POSTMODIFIERS = new Set(['of', 'on', 'in', 'about', 'from']);
const MODIFIERS = new Set(['NOUN', 'PROPN', 'ADJ', 'NUM']);
const DEMONSTRATIVE_EN = new Set(['this', 'that', 'these', 'those']);
const POINTING_WORD = /\b(?:this|that|these|those|such)\b/i;
/** What a demonstrative "that" does not follow: after these it opens a clause ("the reasons that business fails"). */
const THAT_NOT_AFTER = new Set(['NOUN', 'PROPN', 'PRON']);

/** Whether adjectives and nouns from `at` run to the clause's end ("that policy?"), with no verb after them. */
function nounRunEndsClause(tags: readonly string[], at: number): boolean {
  let k = at;
  while (tags[k] === 'ADJ') k++;
  if (!NOUN_TAGS.has(tags[k] ?? '')) return false;
  while (NOUN_TAGS.has(tags[k] ?? '')) k++;
  return k >= tags.length || tags[k] === 'PUNCT';
}
/** Determiners an object of a prepositional phrase may open with. */
const OBJECT_DETERMINERS = new Set('the a an my your his her its their our'.split(' '));

interface Mention {
  phrase: string;
  /** A name the mention was said of ("TechCorp is an EV company"): the thing itself. */
  name: boolean;
  /** It gives the thing's name (as itself or beside the noun). */
  identifies: boolean;
  /** Every word of the mention as the conversation said it, lower case (the modifiers a name replaced too). */
  said: string[];
}

/** Lower-case words that may stand inside a title ("A New Kind of Army", "The Lord of the Rings"). */
const TITLE_INNER = new Set(['of', 'the', 'and', 'a', 'an', 'in', 'for', 'to']);

/** A title or name right after a noun ("the album Outbound", "their seventh album, Outbound,"): its words, from `at`. */
function appositiveName(words: readonly string[], tags: readonly string[], at: number): string[] {
  let k = at;
  if (words[k] === ',') k++;
  const name: string[] = [];
  for (; k < words.length; k++) {
    const w = words[k]!;
    if (/^\p{Lu}/u.test(w)) name.push(w);
    // Lower-case nouns inside ("Mile voli disko"), not a verb after it ("The Seventh Seal sold").
    else if (name.length && /^\p{Ll}/u.test(w) && (TITLE_INNER.has(w) ? /^\p{Lu}/u.test(words[k + 1] ?? '') : !STOPWORDS.has(w) && MODIFIERS.has(tags[k]!))) name.push(w);
    else break;
  }
  while (name.length && STOPWORDS.has(name.at(-1)!)) name.pop();
  return name;
}

/** The question with `words` (consecutive, from its demonstrative) replaced by `by`, keeping a capital at its start. */
function replaceWords(query: string, words: readonly string[], by: string): string | undefined {
  const found = wholeMatches(query, words.map(escapeRegExp).join('\\W*\\s*'), { ignoreCase: true })[0];
  if (!found) return undefined;
  const text = caseLike(found[0], by);
  return query.slice(0, found.index) + text + query.slice(found.index + found[0].length);
}

/** Words as text: "Marc Hunter 's" is "Marc Hunter's". */
const joined = (words: readonly string[]): string => words.join(' ').replace(/ (['’]s?)(?=\s|$)/g, '$1');

/**
 * English mentions of `lemma` in `text`, latest first: with their modifiers and one prepositional
 * phrase after them ("the SEC rules on pattern day trading"), or the name they were said of
 * ("TechCorp is an EV company", "the album Outbound"). `head` is the question's form of the noun;
 * `prepositional` is false when the question's own noun has a phrase after it ("these modes of expression").
 */
function englishMentions(text: string, lemma: string, head: string, plural: boolean, prepositional: boolean): Mention[] {
  const { words, tags, lemmas } = englishTags(text);
  const out: Mention[] = [];
  const modifier = (i: number): boolean =>
    // An acronym is no function word ("the IT guide", not "it").
    (MODIFIERS.has(tags[i]!) && !QUANTIFIERS.has(words[i]!.toLowerCase()) && (!STOPWORDS.has(words[i]!.toLowerCase()) || /^\p{Lu}{2,}$/u.test(words[i]!))) ||
    // "the hiring plan": a verb's -ing form right after an article or adjective modifies the noun.
    (tags[i] === 'VERB' && /ing$/i.test(words[i]!) && i > 0 && (tags[i - 1] === 'DET' || tags[i - 1] === 'ADJ')) ||
    // "Marc Hunter's debut album": the owner is part of it.
    (tags[i] === 'PART' && /^['’]s?$/.test(words[i]!) && i > 0 && NOUN_TAGS.has(tags[i - 1]!));
  for (let m = words.length - 1; m >= 0; m--) {
    if (!NOUN_TAGS.has(tags[m]!) || lemmas[m]!.toLowerCase() !== lemma) continue;
    // "those gurus" are not "a classic investing guru": a demonstrative agrees with what it points at.
    if ((lemmas[m]!.toLowerCase() !== words[m]!.toLowerCase()) !== plural) continue;
    let start = m;
    while (start > 0 && modifier(start - 1)) start--;
    // A sentence's first word, capitalised as such, is no name: "Common side effects are …".
    if (start < m && tags[start] === 'ADJ' && (start === 0 || tags[start - 1] === 'PUNCT')) start++;
    const said = words.slice(start, m + 1).map((w) => w.toLowerCase());
    const name = appositiveName(words, tags, m + 1);
    if (name.length) {
      out.push({ phrase: `${head} ${name.join(' ')}`, name: false, identifies: true, said: [...said, ...name.map((w) => w.toLowerCase())] });
      continue;
    }
    // "TechCorp is an EV company": the company is TechCorp (one thing: not for "these companies").
    const det = start - 1;
    if (!plural && det >= 2 && /^(a|an|the)$/i.test(words[det]!) && lemmas[det - 1] === 'be' && tags[det - 1] === 'AUX' && tags[det - 2] === 'PROPN') {
      let s = det - 2;
      while (s > 0 && tags[s - 1] === 'PROPN') s--;
      // "The Seventh Seal is …": a title's article is part of it.
      if (s > 0 && words[s - 1] === 'The') s--;
      // A name cut short by a lower-case word before it ("Trapped in the Closet is …") is not one to use.
      if (s > 0 && /^\p{Ll}/u.test(words[s - 1]!) && STOPWORDS.has(words[s - 1]!)) continue;
      const subject = words.slice(s, det - 1);
      out.push({ phrase: subject.join(' '), name: true, identifies: true, said: [...said, ...subject.map((w) => w.toLowerCase())] });
      continue;
    }
    let end = m + 1;
    if (prepositional && end < words.length && POSTMODIFIERS.has(words[end]!.toLowerCase())) {
      let k = end + 1;
      if (k < words.length && OBJECT_DETERMINERS.has(words[k]!.toLowerCase())) k++;
      let last = -1;
      // "the reset button for 10 seconds": a quantity is no part of what the thing is.
      if (tags[k] === 'NUM') k = words.length;
      while (k < words.length && (MODIFIERS.has(tags[k]!) || (tags[k] === 'VERB' && /ing$/i.test(words[k]!)))) {
        if (NOUN_TAGS.has(tags[k]!) || /ing$/i.test(words[k]!)) last = k;
        k++;
      }
      if (last > end && last + 1 - start <= MAX_WORDS) end = last + 1;
    }
    // "a ticket to give each job its own port": what the thing is for, a verb and its object.
    if (end === m + 1 && words[end]?.toLowerCase() === 'to' && tags[end + 1] === 'VERB') {
      let k = end + 2;
      let last = -1;
      while (k < words.length && k - start < MAX_WORDS && (MODIFIERS.has(tags[k]!) || tags[k] === 'DET' || (tags[k] === 'PRON' && /^(?:its|their|his|her|my|your|our)$/i.test(words[k]!)))) {
        if (NOUN_TAGS.has(tags[k]!)) last = k;
        k++;
      }
      if (last > end + 1) end = last + 1;
    }
    const mention = words.slice(start, end).map((w, i) => (start + i === m ? head : w));
    out.push({ phrase: joined(mention), name: false, identifies: false, said: [...said, ...words.slice(m + 1, end).map((w) => w.toLowerCase())] });
  }
  // A mention that names the thing ("TechCorp", "the album Outbound") says most of it; then the
  // fullest (a text introduces a thing in full and shortens it after: "the SEC rules on pattern
  // day trading … FINRA rules define …").
  return out.sort((a, b) => Number(b.identifies) - Number(a.identifies) || b.said.length - a.said.length);
}

interface Pointer {
  /** The question's words from the demonstrative to the noun ("these side effects"). */
  words: string[];
  head: string;
  lemma: string;
  /** Words between the demonstrative and the noun: the mention must have them ("this 3rd album" is not "the album"). */
  modifiers: string[];
  plural: boolean;
  /** The question's noun has no prepositional phrase of its own after it. */
  prepositional: boolean;
  article: string;
}

/** The English demonstrative noun phrase of a question ("those rules", "such a breach"). */
function englishPointer(query: string): Pointer | undefined {
  // Most questions have no such word: they are not tagged for it.
  if (!POINTING_WORD.test(query)) return undefined;
  const { words, tags, lemmas } = englishTags(query);
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!.toLowerCase();
    let first: number;
    let article = 'the';
    // "the reasons that business fails": after a noun, "that" opens a clause. The tagger's
    // "that" opening a clause is a demonstrative when no verb follows its noun ("where can I find that policy?").
    const clause = w === 'that' && tags[i] === 'SCONJ' && nounRunEndsClause(tags, i + 1);
    // The tagger's pronoun "that" before a common noun is a determiner too ("where is that file?").
    const determiner = tags[i] === 'DET' || (w === 'that' && tags[i] === 'PRON' && tags[i + 1] === 'NOUN');
    // "who chairs that session?": after "who" or "what", the word before "that" is the question's verb, whatever its tag.
    const afterVerb = i === 2 && /^(?:who|what)$/i.test(words[0]!) && tags[1] === 'NOUN';
    if (DEMONSTRATIVE_EN.has(w) && ((determiner && (w !== 'that' || i === 0 || afterVerb || !THAT_NOT_AFTER.has(tags[i - 1]!))) || clause)) first = i + 1;
    else if (w === 'such' && /^an?$/i.test(words[i + 1] ?? '')) {
      first = i + 2;
      article = words[i + 1]!.toLowerCase();
    } else continue;
    let k = first;
    while (k < words.length && (tags[k] === 'ADJ' || tags[k] === 'NUM')) k++;
    let head = -1;
    while (k < words.length && NOUN_TAGS.has(tags[k]!)) head = k++;
    if (head < 0) continue;
    // "what does that plan cost?": after "do", the clause's last word is its verb, whatever its tag.
    const clauseEnd = head === words.length - 1 || tags[head + 1] === 'PUNCT';
    if (clauseEnd && head > first && NOUN_TAGS.has(tags[head - 1]!) && lemmas.slice(0, i).some((l, j) => tags[j] === 'AUX' && l === 'do')) head--;
    if (SET_PHRASES.has(lemmas[head]!.toLowerCase())) continue;
    const noun = words[head]!;
    return {
      words: words.slice(i, head + 1),
      head: noun,
      lemma: lemmas[head]!.toLowerCase(),
      modifiers: words.slice(first, head).map((x) => x.toLowerCase()),
      plural: lemmas[head]!.toLowerCase() !== noun.toLowerCase(),
      prepositional: !POSTMODIFIERS.has(words[head + 1]?.toLowerCase() ?? ''),
      article,
    };
  }
  return undefined;
}

/** "die garantie", "die aanvullende verzekering": the demonstrative, an adjective in -e it may have, and the noun. */
const DUTCH_DEMONSTRATIVE = /(?<![\p{L}])(die|deze|dat|dit)\s+(?:(\p{L}+e)\s+)?(\p{L}+)/giu;
/** Determiners a Dutch noun may follow, by the demonstrative pointing at it: "dat contract" was "het contract", "die garantie" "de garantie" ("dat" before any other noun is a conjunction: "… dat prijzen stijgen"). */
const DUTCH_DETERMINERS = {
  het: new Set('het dat dit mijn uw je jouw ons hun zijn haar'.split(' ')),
  de: new Set('de die deze een mijn uw je jouw onze hun zijn haar'.split(' ')),
};
const DUTCH_LINKS = new Set(['van', 'voor', 'op', 'in', 'over', 'bij']);
/** The shortest part before a noun that makes a compound of it ("opzeg" of "opzegvergoeding"). */
const COMPOUND_PART = 3;

/**
 * A Dutch noun as the conversation says it, latest last, or a compound of it: up to two adjectives before it, after a
 * determiner of its kind (a "de" noun may have none: "met schriftelijke toestemming"), and one
 * prepositional phrase after it ("de garantie op de warmtepomp"); with `adjective`, only where it says that.
 */
function dutchMention(text: string, noun: string, gender: keyof typeof DUTCH_DETERMINERS, adjective?: string): string | undefined {
  const words = [...text.matchAll(/\p{L}+/gu)];
  const lower = noun.toLowerCase();
  const forms = new Set([lower, `${lower}en`, `${lower}s`]);
  let best: string | undefined;
  // A compound of the noun names it more fully: "die vergoeding" is "een opzegvergoeding".
  const compound = (w: string): boolean => w.length >= lower.length + COMPOUND_PART && [...forms].some((f) => w.endsWith(f));
  for (const [i, m] of words.entries()) {
    const said = m[0].toLowerCase();
    if (!forms.has(said) && !compound(said)) continue;
    let start = i;
    while (start > 0 && i - start < 2 && !STOPWORDS.has(words[start - 1]![0].toLowerCase())) start--;
    // The adjective the question gave must be said of it ("die aanvullende verzekering").
    if (adjective && !words.slice(start, i).some((w) => w[0].toLowerCase() === adjective.toLowerCase())) continue;
    const determiner = words[start - 1]?.[0].toLowerCase();
    const other = gender === 'de' ? DUTCH_DETERMINERS.het : DUTCH_DETERMINERS.de;
    const fits = determiner !== undefined && DUTCH_DETERMINERS[gender].has(determiner);
    if (!fits && (gender === 'het' || (determiner !== undefined && other.has(determiner)))) continue;
    // One phrase after it, if no mark comes between: "op de warmtepomp", a name whole ("van Keukenhuis Noord").
    const after = text.slice(m.index! + m[0].length).match(/^\s+(\p{L}+)\s+((?:de|het|een|mijn|uw|je)\s+)?(\p{Lu}\p{L}*(?:\s+\p{Lu}\p{L}*)*|\p{L}+)/u);
    const tail = after && DUTCH_LINKS.has(after[1]!.toLowerCase()) && !STOPWORDS.has(after[3]!.toLowerCase()) ? ` ${after[1]} ${after[2] ?? ''}${after[3]}`.replace(/\s+/g, ' ') : '';
    best = [...words.slice(start, i).map((w) => w[0]), forms.has(said) ? noun : m[0]].join(' ') + tail;
  }
  return best;
}

/** Whether a question points at a thing with a demonstrative and its noun ("how much is that bundle?", "wanneer is dat kamp?"). */
export function pointsWithDemonstrative(query: string, language: string): boolean {
  if (language === 'nl') return query.search(DUTCH_DEMONSTRATIVE) >= 0;
  return language === 'en' && englishPointer(query) !== undefined;
}

/**
 * The question with its demonstrative noun phrase read from the conversation, or undefined when
 * it has none, the conversation never says the noun, or says nothing more of it than the question.
 * The selected turns are read from the latest, the user's words before the reply's.
 */
export function resolveDemonstrative(query: string, turns: readonly SelectedTurn[], language: string): DemonstrativeReading | undefined {
  const ownWords = new Set(query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);
  // A word the question lacks that is no function word; an acronym ("IT") is none.
  const informative = (phrase: string): boolean =>
    (phrase.match(/[\p{L}\p{N}]+/gu) ?? []).some((w) => !ownWords.has(w.toLowerCase()) && (!STOPWORDS.has(w.toLowerCase()) || /^\p{Lu}{2,}$/u.test(w)));
  // A demonstrative points at something just said: the latest two turn pairs.
  const recent = turns.slice(-RECENT_PAIRS).reverse();
  if (language === 'en') {
    const pointer = englishPointer(query);
    if (!pointer) return undefined;
    for (const t of recent) {
      for (const [role, text] of [['user', t.user], ['assistant', t.assistant]] as const) {
        if (!text) continue;
        const mention = englishMentions(text, pointer.lemma, pointer.head, pointer.plural, pointer.prepositional).find((m) => informative(m.phrase) && pointer.modifiers.every((w) => m.said.includes(w)));
        if (!mention) continue;
        // The reply's "your contract" is the user's "my contract".
        const phrase = role === 'assistant' ? mention.phrase.replace(/\byour\b/gi, 'my') : mention.phrase;
        // A name, or an owner's ("Marc Hunter's debut album"), takes no article.
        const by = mention.name || /\p{L}['’]s?\s/u.test(phrase) ? phrase : `${pointer.article} ${phrase}`;
        const resolved = replaceWords(query, pointer.words, by);
        if (resolved) return { resolved, phrase, turn: t.index };
      }
    }
    return undefined;
  }
  if (language !== 'nl') return undefined;
  for (const m of query.matchAll(DUTCH_DEMONSTRATIVE)) {
    const [, pointer, first, second] = m as unknown as [string, string, string | undefined, string];
    // A word in -e before the noun is its adjective ("die aanvullende verzekering"), or else the noun itself ("die garantie ook …", "die commissie precies").
    const readings: [string | undefined, string][] = first ? [[first, second], [undefined, first]] : [[undefined, second]];
    for (const [adjective, noun] of readings) {
      if (STOPWORDS.has(noun.toLowerCase()) || (adjective && STOPWORDS.has(adjective.toLowerCase()))) continue;
      const article = /^(dat|dit)$/i.test(pointer) ? 'het' : 'de';
      for (const t of recent) {
        for (const text of [t.user, t.assistant]) {
          const phrase = text && dutchMention(text, noun, article, adjective);
          if (!phrase || !informative(phrase)) continue;
          const resolved = replaceWords(query, adjective ? [pointer, adjective, noun] : [pointer, noun], `${article} ${phrase}`);
          if (resolved) return { resolved, phrase, turn: t.index };
        }
      }
    }
  }
  return undefined;
}
