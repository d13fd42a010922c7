import { commonWords } from './language.js';
import { table, type Phrase } from './phrases.js';
import { IDENTIFIER, queryTerms } from '../../search/queryTerms.js';
import { englishTags } from './tagger.js';
import { alternatives, anyOf, capitalise, escapeRegExp, WORD_END } from './words.js';
import CUES from './cueWords.json' with { type: 'json' };

/**
 * The reference shapes of a follow-up (templates.json, per language) and the one filler that
 * resolves them: a pronoun or demonstrative, an ellipsis ("and the price?", "en de prijs?",
 * "und der Preis?", "et le prix ?"), a choice ("which one …"), the other one, an ordinal
 * ("the second one"). Which thing a reference means is the phrase model's choice (phrases.ts);
 * the shapes only say where it goes.
 */
export type Shape =
  | { kind: 'pronoun'; word: string; at: number; number: 'sg' | 'pl' | 'person'; possessive: boolean; one?: boolean; described?: boolean }
  | { kind: 'more' }
  | { kind: 'demonstrative'; words: string; noun: string }
  | { kind: 'bare' }
  | { kind: 'said'; about: string }
  | { kind: 'ellipsis'; opener: string; rest: string; circumstance?: boolean; attribute?: boolean }
  | { kind: 'ordinal'; words: string; place: number }
  | { kind: 'choice' }
  | { kind: 'other'; words: string };

/** A question's own opening (a question word or an inverted verb, in any language): no ellipsis. */
const QUESTION_OPENING = new RegExp(`^(?:${anyOf(CUES.questionOpenings)})${WORD_END}`, 'iu');
const TOKEN = /[\p{L}\p{N}][\p{L}\p{N}'’]*|[^\s\p{L}\p{N}]+/gu;
const DUMMIES = new Map<string, RegExp[]>();
const dummies = (language: string): RegExp[] => DUMMIES.get(language) ?? (DUMMIES.set(language, table(language).dummy.map((d) => new RegExp(d, 'iu'))), DUMMIES.get(language)!);

/** One pattern per table list and place, longest phrase first (an alternation tries them in order), made once. */
const PATTERNS = new Map<string, RegExp>();
function tablePattern(phrases: readonly string[], lead: string): RegExp {
  const key = `${lead}\u0000${phrases.join('\u0001')}`;
  let re = PATTERNS.get(key);
  if (!re) PATTERNS.set(key, (re = new RegExp(`${lead}(${alternatives(phrases)})(?![\\p{L}\\p{N}])`, 'iu')));
  return re;
}

/** A phrase of the table at the question's start, at word edges. */
const opening = (text: string, phrases: readonly string[]): string | undefined => (phrases.length ? tablePattern(phrases, '^').exec(text)?.[1] : undefined);

/** A phrase of the table anywhere in the question, at word edges. */
const within = (text: string, phrases: readonly string[]): string | undefined => (phrases.length ? tablePattern(phrases, '(?<![\\p{L}\\p{N}])').exec(text)?.[1] : undefined);

/** The first word of the question that points at a thing (not a dummy "it", not an article before a noun). */
export function pointingWord(query: string, language: string): Extract<Shape, { kind: 'pronoun' }> | undefined {
  const t = table(language);
  // A pronoun whose thing the question names itself points at nothing of the conversation; a
  // "one" before it still may ("if an optional one is left out, what value does it get?").
  const own = language === 'en' && (emptySubject(query) || ownAntecedent(query));
  // A dummy's span ("is it possible to") is blanked out, its length kept: the other words keep their places.
  const open = dummies(language).reduce((text, d) => text.replace(new RegExp(d.source, 'giu'), (m) => ' '.repeat(m.length)), query);
  const tokens = [...open.matchAll(TOKEN)];
  const words = tokens.filter((m) => /^[\p{L}\p{N}]/u.test(m[0]));
  for (const [k, m] of words.entries()) {
    const kind = t.referring[m[0].toLowerCase()];
    if (!kind) continue;
    // "how do I delete one?", "is there a cheaper one?": one of the kind the conversation named (standsForOne).
    if (kind.includes('one')) {
      const stands = language === 'en' ? standsForOne(query, m.index) : undefined;
      if (stands) return { kind: 'pronoun', word: m[0], at: m.index, number: 'sg', possessive: false, one: true, ...(stands === 'described' ? { described: true } : {}) };
      continue;
    }
    if (own) return undefined;
    const next = tokens[tokens.indexOf(m) + 1]?.[0];
    const possessive = kind.includes('poss');
    // A possessive that is a verb too owns only a word of content after it: "zijn grootte" (its
    // size) points, "hoeveel verbindingen zijn er?" (how many are there) asks.
    if (possessive && kind.includes('verb') && !(next && /^[\p{L}\p{N}]/u.test(next) && !commonWords(language).has(next.toLowerCase()))) continue;
    // A demonstrative stands alone before a mark or the end ("where to purchase those?"), or before the clause's final verb.
    const alone = next === undefined || !/^[\p{L}\p{N}]/u.test(next) || (t.verbFinal && k === words.length - 2);
    const number = kind.includes('person') ? 'person' : kind.startsWith('pl') ? 'pl' : 'sg';
    if (possessive || kind.includes('pronoun') || alone) return { kind: 'pronoun', word: m[0], at: m.index, number, possessive };
  }
  return undefined;
}

/**
 * English "delete one?", "throw one away", "you said it is free to open one!": "one" as a verb's
 * object, before no noun, adjective, number or "of", stands for one of a kind the conversation
 * named ('object'). So does "one" after an article and the adjective that describes it ("an
 * optional one", "a cheaper one": 'described'), the kind's name taking its place. Not "which one",
 * "the first one" (choice and ordinal shapes), "one branch", "one of them" ("them" points), "does
 * one need …" (anyone), nor one of a kind the question names before it ("make a new function from
 * an existing one").
 */
function standsForOne(query: string, at: number): 'object' | 'described' | undefined {
  const { words, tags } = englishTags(query);
  // The tagger's words in order: this one is the one with as many of its spelling before it.
  const word = query.slice(at).match(/^[\p{L}]+/u)![0].toLowerCase();
  const nth = [...query.slice(0, at).matchAll(new RegExp(`(?<![\\p{L}])${word}(?![\\p{L}])`, 'giu'))].length;
  const i = words.map((w, k) => (w.toLowerCase() === word ? k : -1)).filter((k) => k >= 0)[nth];
  if (i === undefined) return undefined;
  // A kind the question names before it is what it stands for ("a new function from an existing one").
  if (tags.slice(0, i).some((t) => t === 'NOUN')) return undefined;
  const next = tags[i + 1];
  if (next !== undefined && words[i + 1]!.toLowerCase() === 'of') return undefined;
  if (tags[i - 1] === 'VERB') return next === undefined || ONE_FOLLOWERS.has(next) ? 'object' : undefined;
  // Described, it may be a clause's subject too ("an optional one is left out"), before no noun of its own.
  const described = tags[i - 1] === 'ADJ' && tags[i - 2] === 'DET' && !ENGLISH.ordinals.includes(words[i - 1]!.toLowerCase());
  return described && (next === undefined || ONE_FOLLOWERS.has(next) || next === 'AUX' || next === 'VERB') ? 'described' : undefined;
}
/** What may follow "one" standing for a thing: a mark, an adverb or particle ("away"), a preposition, a conjunction. */
const ONE_FOLLOWERS = new Set(['PUNCT', 'ADV', 'ADP', 'PART', 'SCONJ', 'CCONJ']);

/** English "it is free to open", "it's safer": an "it" before a form of "be" and an adjective stands for what follows. */
function emptySubject(query: string): boolean {
  const { words, tags } = englishTags(query);
  const low = words.map((w) => w.toLowerCase());
  // An adjective with a clause after it ("free to open", "safer than …" is none): "to", "that", "for".
  const clause = (j: number): boolean => ENGLISH.clauseWords.includes((words[j] ?? '').toLowerCase());
  const adjective = (j: number): boolean => (tags[j] === 'ADJ' && clause(j + 1)) || (tags[j] === 'ADV' && tags[j + 1] === 'ADJ' && clause(j + 2));
  // "it is free to …", "is it safer to …", "when is it inappropriate to …".
  return low.some((w, i) => w === 'it' && (((tags[i + 1] === 'AUX' || low[i + 1] === "'s") && adjective(i + 2)) || (tags[i - 1] === 'AUX' && adjective(i + 1))));
}

/** English "How do companies hire their employees?": a pronoun whose thing the question itself names before it, agreeing in number. */
function ownAntecedent(query: string): boolean {
  const { words, tags, lemmas } = englishTags(query);
  const low = words.map((w) => w.toLowerCase());
  const at = low.findIndex((w) => PRONOUNS.has(w));
  if (at <= 0) return false;
  // "Did Robert Novak express his views …?": a person named before.
  if (ENGLISH.personPronouns.includes(low[at]!)) return tags.slice(0, at).includes('PROPN');
  const plural = ENGLISH.pluralPronouns.includes(low[at]!);
  // "Is Herpes a lethal disease and how is it transmitted?": a noun before it, agreeing in number.
  return words.slice(0, at).some((w, i) => (tags[i] === 'NOUN' || tags[i] === 'PROPN') && (lemmas[i]!.toLowerCase() !== w.toLowerCase()) === plural && !ENGLISH.speakers.includes(low[i]!));
}
const ENGLISH = CUES.english;
const PRONOUNS = new Set([...ENGLISH.personPronouns, ...ENGLISH.pluralPronouns, ...ENGLISH.thingPronouns]);

/** A demonstrative and its noun ("those rules", "dat kamp"): the noun says which thing of the conversation. */
function demonstrative(text: string, language: string): Extract<Shape, { kind: 'demonstrative' }> | undefined {
  const t = table(language);
  const m = new RegExp(`(?<![\\p{L}])(?:${t.demonstratives.map(escapeRegExp).join('|')})\\s+([\\p{L}][\\p{L}\\p{N}-]{2,})`, 'iu').exec(text);
  if (!m || commonWords(language).has(m[1]!.toLowerCase())) return undefined;
  // "that album Life's Highway": the thing is named right after its noun.
  if (/^\s+\p{Lu}/u.test(text.slice(m.index + m[0].length)) && !table(language).nounsCapitalised) return undefined;
  // English "the reasons that business …": a "that" after a noun opens a clause, it points at nothing.
  if (language === 'en') {
    const { words, tags } = englishTags(text);
    const at = words.findIndex((w, i) => w.toLowerCase() === m[0].split(/\s+/)[0]!.toLowerCase() && words[i + 1] === m[1]);
    if (at > 0 && (tags[at - 1] === 'NOUN' || tags[at - 1] === 'PROPN' || tags[at] !== 'DET')) return undefined;
  }
  return { kind: 'demonstrative', words: m[0], noun: m[1]! };
}

/** How a follow-up refers back, if it does. */
export function readShape(query: string, language: string): Shape | undefined {
  const t = table(language);
  const text = query.trim().replace(/\s*[?!.]+\s*$/u, '');
  const lower = text.toLowerCase();
  const ordinal = Object.keys(t.ordinals).find((o) => new RegExp(`(?<![\\p{L}])${escapeRegExp(o)}(?![\\p{L}])`, 'iu').test(lower));
  // An ordinal with an article before it or "one" after it ("the second", "the last one"; not "how long does it last?").
  const definite = t.articles.filter((a) => !t.indefinite.includes(a));
  const m = ordinal && new RegExp(`(?:(?:${definite.map(escapeRegExp).join('|')})\\s+${escapeRegExp(ordinal)}(?:\\s+(?:${t.ordinalFollowers.map(escapeRegExp).join('|')}))?|${escapeRegExp(ordinal)}\\s+(?:${t.ordinalFollowers.map(escapeRegExp).join('|')}))(?![\\p{L}])`, 'iu').exec(text);
  // "the first sewage plants" names its own thing; "the first?", "the second one", "the last of them" point into a list.
  const after = m ? text.slice(m.index + m[0].length).trim().split(/\s+/)[0]?.toLowerCase() ?? '' : '';
  if (m && (t.ordinalFollowers.some((f) => m[0].toLowerCase().endsWith(f)) || !after || !/^[\p{L}\p{N}]/u.test(after) || commonWords(language).has(after))) return { kind: 'ordinal', words: m[0], place: t.ordinals[ordinal!]! };
  const said = within(lower, t.said);
  // "what you said about France": the words after "about" say which sentence of the replies.
  const about = said && opening(lower.slice(lower.indexOf(said) + said.length).trim(), t.saidAbout);
  if (said && about) return { kind: 'said', about: lower.slice(lower.indexOf(said) + said.length).trim().slice(about.length) };
  if (within(lower, t.doubt) && lower.split(/\s+/).length <= 8) return { kind: 'said', about: '' };
  if (opening(lower, t.more) && lower.split(/\s+/).length <= 5) return { kind: 'more' };
  const other = within(lower, t.other);
  if (other) return { kind: 'other', words: other };
  const pointing = pointingWord(text, language);
  if (opening(lower, t.choice) && !pointing) return { kind: 'choice' };
  const opener = opening(lower, t.ellipsis);
  if (opener) {
    const rest = text.slice(opener.length).replace(/^[\s,]+/, '');
    const first = rest.split(/\s+/)[0]?.toLowerCase() ?? '';
    // A thing ("the price", "SVG") or a circumstance ("on Windows", "voor kinderen"): short, no question of its own.
    const restPoints = pointingWord(rest, language);
    const short = rest.length > 0 && rest.split(/\s+/).length <= 6 && !restPoints;
    // "and the price?": an attribute comes with its article; "what about SVG?" names a thing of its own.
    // "and the price?" asks an attribute of the thing; "and a bigint?" names another thing of its kind.
    if (short && (!commonWords(language).has(first) || t.articles.includes(first))) return { kind: 'ellipsis', opener, rest, attribute: t.articles.includes(first) && !t.indefinite.includes(first) };
    if (short && !QUESTION_OPENING.test(rest)) return { kind: 'ellipsis', opener, rest, circumstance: true };
    return restPoints ? pointing : undefined;
  }
  // "at high altitude?", "voor kinderen?": a circumstance alone, of the previous question.
  const words = text.split(/\s+/);
  if (words.length <= 5 && commonWords(language).has(words[0]!.toLowerCase()) && !t.articles.includes(words[0]!.toLowerCase()) && !words.some((w) => QUESTION_OPENING.test(w)) && !pointing) {
    return { kind: 'ellipsis', opener: '', rest: text, circumstance: true };
  }
  // A short question that names something ("Who was Joseph Bell?") has a topic of its own.
  const named = words.slice(1).some((w) => ['name', 'identifier'].includes(phraseKind(w, language)));
  return pointing ?? demonstrative(text, language) ?? (queryTerms(text).length <= BARE_WORDS && !named ? { kind: 'bare' } : undefined);
}
/** A question of at most this many content words that points at nothing may lean on the conversation's topic ("Value?"). */
const BARE_WORDS = 2;

/** A thing as the filler writes it: with the article the conversation gave it. */
export const written = (p: Pick<Phrase, 'text' | 'article'>): string => (p.article ? `${p.article} ${p.text}` : p.text);

/** The question with its pointing word replaced by the thing (a possessive by the language's form of owning). */
export function fillPronoun(query: string, shape: Extract<Shape, { kind: 'pronoun' }>, found: Phrase, language: string): string {
  // A plural the conversation said without an article takes the language's definite one ("ze" → "de vakantiedagen").
  const plain = !found.article && phraseKind(found.text, language) === 'word' && (found.plural ?? language !== 'en');
  const thing = plain ? { ...found, article: table(language).articles[0]! } : found;
  const before = query.slice(0, shape.at);
  const after = query.slice(shape.at + shape.word.length);
  const t = table(language);
  // "one" keeps its place and takes the kind's name, one of it ("delete one" → "delete one annotated tag").
  // "one" described ("an optional one") is the kind's name ("an optional command-line option").
  if (shape.one) return `${before}${shape.described ? '' : `${shape.word} `}${singular(found, language)}${after}`;
  if (!shape.possessive) return contracted(`${before}${written(thing)}${after}`, language);
  if (!t.possessive.includes('{x}')) return `${before}${t.possessive.replace('{thing}', written(thing))}${after}`;
  // The owned thing: the words after the possessive up to a function word or a mark, at most
  // OWNED_WORDS ("wat is zijn bekendste project?": bekendste project van …, not bekendste van … project).
  const owned: string[] = [];
  let end = 0;
  for (let m = OWNED_WORD.exec(after); m && owned.length < OWNED_WORDS; m = OWNED_WORD.exec(after.slice(end))) {
    if (owned.length && commonWords(language).has(m[1]!.toLowerCase())) break;
    owned.push(m[1]!);
    end += m[0].length;
  }
  if (!owned.length) return `${before}${written(thing)}${after}`;
  return `${before}${t.possessive.replace('{x}', owned.join(' ')).replace('{thing}', written(thing))}${after.slice(end)}`;
}

/** A word after a possessive, and the most words it owns. */
const OWNED_WORD = /^\s+([\p{L}\p{N}-]+)/u;
const OWNED_WORDS = 3;

/** A thing's words with its last in the singular where the conversation said it in the plural ("tags" → "tag"; English tags). */
function singular(found: Phrase, language: string): string {
  if (!found.plural || language !== 'en') return found.text;
  const { words, lemmas } = englishTags(found.text);
  return words.length ? [...words.slice(0, -1), lemmas.at(-1)!].join(' ') : found.text;
}

/** A filled-in text with the language's contractions ("de le paillis" → "du paillis"). */
function contracted(text: string, language: string): string {
  return Object.entries(table(language).contractions).reduce((t, [from, to]) => t.replace(new RegExp(`(?<![\\p{L}])${escapeRegExp(from)}(?![\\p{L}])`, 'giu'), to), text);
}

/** "and the price?" after a question about a thing: the language's question of an attribute. */
export function fillAttribute(rest: string, thing: Phrase, language: string): string {
  return capitalise(contracted(table(language).asks.replace('{x}', rest).replace('{thing}', written(thing)), language));
}

/** A name ("SVG", "Spotify"), a number ("2019") or a word ("the price"); in a language that capitalises every noun, only capitals inside a word mark a name. */
export function phraseKind(text: string, language: string): 'identifier' | 'name' | 'number' | 'word' {
  const core = text.split(/\s+/).filter((w) => !table(language).articles.includes(w.toLowerCase())).join(' ');
  if (isIdentifier(core) && /\p{L}/u.test(core)) return 'identifier';
  const name = table(language).nounsCapitalised ? /\p{Lu}{2}/u : /^\p{Lu}|\p{Lu}{2}/u;
  return /\d/.test(core) ? 'number' : name.test(core) ? 'name' : 'word';
}

/** A single code token as written ("maintenance_work_mem", "write.csv"). */
const isIdentifier = (text: string): boolean => WHOLE_IDENTIFIER.test(text);
const WHOLE_IDENTIFIER = new RegExp(`^(?:${IDENTIFIER.source})$`, 'u');

/** "what about on Windows?" after "How do I set the R library path?": that question, on Windows. */
export function fillCircumstance(rest: string, previous: string): string {
  const body = previous.trim().replace(/\s*[?!.]+$/u, '');
  // "en in Utrecht?" after "Wat kost een warmtepomp in Amsterdam?": the circumstance of the same kind in its place.
  const lead = rest.split(/\s+/)[0]!;
  const same = new RegExp(`(?<![\\p{L}])${escapeRegExp(lead)}\\s+[^,;:?!.]+$`, 'iu').exec(body);
  return same ? `${body.slice(0, same.index)}${rest}?` : `${body} ${rest}?`;
}

/**
 * "what about SVG?" after "How do I save a chart as a PNG?": the previous question with the
 * phrase of the same kind replaced (a name for a name, a number for a number, a thing with the
 * same head noun). Undefined when the previous question has none.
 */
export function fillParallel(rest: string, previous: string, previousPhrases: readonly Phrase[], language: string): string | undefined {
  const articles = new Set(table(language).articles);
  const words = rest.split(/\s+/);
  const core = articles.has(words[0]!.toLowerCase()) ? words.slice(1).join(' ') : rest;
  const kind = (s: string): string => phraseKind(s, language);
  // "and a bigint?" after "How many bytes does a smallint take?": the thing the question named with an indefinite article, in its place.
  const indefinite = table(language).indefinite;
  if (indefinite.includes(words[0]!.toLowerCase()) && words.length > 1) {
    const named = previousPhrases.filter((p) => indefinite.includes(p.article.toLowerCase()) && previous.includes(written(p))).at(-1);
    return named && named.text.toLowerCase() !== core.toLowerCase() ? previous.replace(written(named), rest) : undefined;
  }
  // "and maintenance_work_mem?" after "What is the default work_mem setting?": the identifier in its place.
  if (kind(core) === 'identifier') {
    const named = [...previous.matchAll(IDENTIFIER)].at(-1);
    if (!named || named[0].toLowerCase() === core.toLowerCase()) return undefined;
    return `${previous.slice(0, named.index)}${core}${previous.slice(named.index + named[0].length)}`;
  }
  const head = (s: string): string => s.toLowerCase().split(/\s+/).at(-1)!;
  const same = previousPhrases.filter((p) => previous.includes(p.text) && (head(p.text) === head(core) || (kind(core) !== 'word' && kind(p.text) === kind(core))));
  const target = same.at(-1);
  if (!target || target.text.toLowerCase() === core.toLowerCase()) return undefined;
  return previous.replace(target.text, core);
}

/** The items of a list: bullet or numbered lines, else the last sentence that joins three or fewer things with a conjunction. */
export function listItems(text: string, language: string, minInline = 2): string[] {
  const lines = [...text.matchAll(/^\s*(?:[-*•]|\d+[.)])\s+(.+)$/gmu)].map((m) => m[1]!.split(/\s+[-–:]\s+|:\s|\.\s/u)[0]!.trim());
  if (lines.length >= 2) return lines;
  const conj = table(language).conjunctions.map(escapeRegExp).join('|');
  for (const sentence of text.split(/(?<=[.!?])\s+/u).reverse()) {
    const m = new RegExp(`((?:[^,;:]+,\\s*){1,4}[^,;:]+?|[^,;:]+?)\\s+(?:${conj})\\s+([^,;:.?!]+)`, 'iu').exec(sentence);
    if (!m) continue;
    // Each item the words after the sentence's last function word ("the difference between Market Cap" → "Market Cap").
    const common = commonWords(language);
    const item = (s: string): string => {
      const words = s.trim().split(/\s+/);
      let from = words.length - 1;
      while (from > 0 && !common.has(words[from - 1]!.toLowerCase())) from--;
      return words.slice(from).join(' ');
    };
    const items = [...m[1]!.split(/,\s*/), m[2]!].map(item).filter((s) => s && s.split(/\s+/).length <= 4);
    if (items.length >= minInline && items.every((s) => !common.has(s.split(/\s+/)[0]!.toLowerCase()))) return items;
  }
  return [];
}

/** "those rules" → "the SEC rules on pattern day trading": the conversation's phrase with the same head noun, said more fully. */
export function fillDemonstrative(query: string, shape: Extract<Shape, { kind: 'demonstrative' }>, phrases: readonly Phrase[], language: string): string | undefined {
  const noun = shape.noun.toLowerCase();
  const same = (w: string): boolean => w === noun || w === noun.replace(/s$/, '') || `${w}s` === noun;
  // The phrase that has the noun and says most ("the SEC rules on pattern day trading" for "those rules").
  const fuller = phrases.filter((p) => p.words.length > 1 && p.words.some(same));
  const best = fuller.sort((a, b) => b.words.length - a.words.length)[0];
  return best && query.replace(shape.words, written({ ...best, article: best.article || table(language).articles[0]! }));
}

/** "Value?" after talk of market caps: the question with its topic beside it, in the language's form ("Value (market cap)?"). */
export function fillBare(query: string, thing: Phrase, language: string): string {
  const body = query.trim().replace(/\s*([?!.]*)$/u, '');
  const mark = /[?!.]+$/u.exec(query.trim())?.[0] ?? '?';
  return `${table(language).bracket.replace('{question}', body).replace('{thing}', thing.text)}${mark}`;
}

/**
 * "Is there any evidence that what you said about France is true?": the question with the latest
 * replies' sentence most about what it names (by the rarity of the shared words), quoted; a doubt
 * ("are you sure?") quotes the latest reply's first sentence.
 */
export function fillSaid(query: string, about: string, replies: readonly string[]): string | undefined {
  const sentences = replies.flatMap((r) => r.replace(/\[[^\]]*\]/g, ' ').split(/(?<=[.!?])\s+(?=\p{Lu})/u).map((x) => x.trim()).filter((x) => x.length > 12));
  const words = queryTerms(about);
  const df = (w: string): number => sentences.filter((x) => queryTerms(x).includes(w)).length;
  const score = (x: string): number => words.filter((w) => queryTerms(x).includes(w)).reduce((n, w) => n + Math.log(1 + sentences.length / Math.max(1, df(w))), 0);
  const claim = words.length ? [...sentences].sort((a, b) => score(b) - score(a)).find((x) => score(x) > 0) : sentences[0];
  if (!claim) return undefined;
  const short = claim.replace(/[.!?]+$/u, '').split(/\s+/).slice(0, CLAIM_WORDS).join(' ');
  const m = /\s*([?!.]*)\s*$/u.exec(query)!;
  return `${query.slice(0, m.index)}: "${short}"${m[1] || '?'}`;
}
const CLAIM_WORDS = 25;

/** "aren't there more?" → "aren't there more invoices?": the things just named, in the plural the conversation gave them. */
export function fillMore(query: string, thing: Phrase): string {
  return `${query.trim().replace(/\s*[?!.]+$/u, '')} ${thing.text}?`;
}

/** "the second one" → the second item of the latest list; "the last" → its last. */
export function fillOrdinal(query: string, shape: Extract<Shape, { kind: 'ordinal' }>, lists: readonly string[][]): string | undefined {
  const list = lists.find((l) => l.length >= Math.abs(shape.place));
  if (!list) return undefined;
  const item = shape.place > 0 ? list[shape.place - 1]! : list[list.length + shape.place]!;
  return query.replace(shape.words, item);
}

/** "the other one" → the item of a two-item list that the previous question did not name. */
export function fillOther(query: string, shape: Extract<Shape, { kind: 'other' }>, lists: readonly string[][], previous: string): string | undefined {
  const named = (item: string): boolean => previous.toLowerCase().includes(item.toLowerCase());
  const list = lists.find((l) => l.filter(named).length === 1 && l.length === 2);
  const rest = list?.find((i) => !named(i));
  return rest && query.replace(new RegExp(escapeRegExp(shape.words), 'iu'), rest);
}

/** "which one is cheaper?" → "which one is cheaper, A or B?" with the two things the previous question or reply offered. */
export function fillChoice(query: string, lists: readonly string[][], language: string): string | undefined {
  const or = table(language).conjunctions.at(-1)!;
  // "Which is more convenient: renting or buying": the choice is in the question already.
  if (new RegExp(`(?<![\\p{L}])${escapeRegExp(or)}(?![\\p{L}])`, 'iu').test(query)) return undefined;
  const list = lists.find((l) => l.length >= 2 && l.length <= 4);
  if (!list) return undefined;
  const body = query.trim().replace(/\s*[?!.]+$/u, '');
  return `${body}, ${list.slice(0, -1).join(', ')} ${or} ${list.at(-1)}?`;
}
