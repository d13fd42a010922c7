import { stopwordsOf } from '../../search/queryTerms.js';
import type { TermStats } from '../../search/termStats.js';
import type { SelectedTurn } from '../targetedHistory.js';
import { commonWords, detectLanguage } from './language.js';
import { englishTags } from './tagger.js';
import TEMPLATES from './templates.json' with { type: 'json' };
import { opensSentence, readable, remembered, withoutAddresses } from './words.js';

/**
 * The things a follow-up may point at: the noun phrases of the kept turns (wink-nlp's parts of
 * speech for English; for other languages runs of words that are no function words of the
 * language), each with the features the phrase model ranks them by.
 */
export interface Phrase {
  /** As the conversation wrote it, without its article ("heat pump"). */
  text: string;
  /** The article it had where the conversation last named it ("the"), if any. */
  article: string;
  /** Lower-case words. */
  words: string[];
  plural: boolean | undefined;
  features: number[];
}

/** The phrase model's features, in the order of its weights (weights.json `phrase`). */
export const PHRASE_FEATURES = ['bias', 'term_p', 'term_p_max', 'recency', 'in_user', 'in_assistant', 'in_first_user', 'early_in_question', 'mentions', 'capitalised', 'length', 'agrees', 'topic', 'idf', 'in_last_user', 'after_article', 'after_preposition'] as const;

/** One place a phrase is said. */
interface Said {
  text: string;
  article: string;
  words: string[];
  plural: boolean | undefined;
  capitalised: boolean;
  /** 0 at the message's start, 1 at its end. */
  position: number;
  /** Ends a user's message or follows an article there: where a question names its topic. */
  topic: boolean;
  /** Its first word opens a sentence (its capital may be the sentence's). */
  opensSentence?: boolean;
  /** It stands after a preposition ("from CRAN", "in the config file"): a circumstance, not what the sentence is about (English, by parts of speech). */
  governed?: boolean;
}

const MAX_WORDS = 4;
/** A phrase with a link word inside ("rules on pattern day trading") may be this long. */
const LINKED_WORDS = 7;
const PHRASE_TAGS = new Set(['ADJ', 'NOUN', 'PROPN', 'NUM']);
const NOUNS = new Set(['NOUN', 'PROPN']);
const DETERMINERS = new Set(['DET', 'PRON']);
/** One language's table of reference shapes (templates.json). */
export interface LanguageTable {
  referring: Record<string, string>;
  dummy: string[];
  ellipsis: string[];
  asks: string;
  possessive: string;
  choice: string[];
  other: string[];
  ordinals: Record<string, number>;
  ordinalFollowers: string[];
  conjunctions: string[];
  articles: string[];
  verbFinal: boolean;
  acknowledgements: string[];
  nounsCapitalised: boolean;
  phraseLinks: string[];
  contractions: Record<string, string>;
  more: string[];
  demonstratives: string[];
  indefinite: string[];
  said: string[];
  saidAbout: string[];
  doubt: string[];
  bracket: string;
}
const TABLES = TEMPLATES as unknown as Record<string, LanguageTable>;
/** The table of a language; English for a language without one. */
export const table = (language: string): LanguageTable => TABLES[language] ?? TABLES.en!;

/** English noun phrases: runs of adjectives, nouns and numbers that end in a noun, cut to their last MAX_WORDS words. */
function englishPhrases(text: string): Said[] {
  const { words, tags, lemmas } = englishTags(text);
  const out: Said[] = [];
  let run: number[] = [];
  const close = (): void => {
    while (run.length && !NOUNS.has(tags[run.at(-1)!]!)) run.pop();
    const linked = run.some((i) => links.has(words[i]!.toLowerCase()));
    const kept = run.slice(-(linked ? LINKED_WORDS : MAX_WORDS)).filter((i) => /[\p{L}\p{N}]/u.test(words[i]!));
    if (kept.length && kept.some((i) => /\p{L}{2}/u.test(words[i]!))) out.push({ ...said(words, kept, words.length, lemmas[kept.at(-1)!]!.toLowerCase() !== words[kept.at(-1)!]!.toLowerCase()), governed: afterPreposition(kept[0]!) });
    run = [];
  };
  const links = new Set(table('en').phraseLinks);
  // A preposition before the phrase, or before its determiner ("from CRAN", "in the file"); not a
  // link word, which ties a thing to what it belongs to ("the capital of France").
  const afterPreposition = (first: number): boolean => {
    const j = first - 1 - (DETERMINERS.has(tags[first - 1] ?? '') ? 1 : 0);
    return tags[j] === 'ADP' && !links.has(words[j]!.toLowerCase());
  };
  // "the SEC rules on pattern day trading": a noun phrase goes on past a link word before another noun.
  const linksOn = (i: number): boolean => run.length > 0 && NOUNS.has(tags[run.at(-1)!]!) && links.has(words[i]!.toLowerCase()) && PHRASE_TAGS.has(tags[i + 1] ?? '');
  // A name after a common word or a number starts a phrase of its own ("in the 1980s Ray Charles").
  const startsName = (i: number): boolean => run.length > 0 && tags[i] === 'PROPN' && tags[run.at(-1)!] !== 'PROPN' && !links.has(words[run.at(-1)!]!.toLowerCase());
  const stopwords = stopwordsOf('en');
  words.forEach((w, i) => {
    if (startsName(i)) close();
    if ((PHRASE_TAGS.has(tags[i]!) && !stopwords.has(w.toLowerCase())) || linksOn(i)) run.push(i);
    else close();
  });
  close();
  return out;
}

/** Other languages: runs of words that are no function words, up to three, broken at marks. */
function wordRuns(text: string, language: string): Said[] {
  const common = commonWords(language);
  const links = new Set(table(language).phraseLinks);
  const tokens = text.match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*|[^\s\p{L}\p{N}]+/gu) ?? [];
  const out: Said[] = [];
  let run: number[] = [];
  const close = (): void => {
    while (run.length && links.has(tokens[run.at(-1)!]!.toLowerCase())) run.pop();
    if (run.length) out.push(said(tokens, run.slice(0, MAX_WORDS), tokens.length, undefined));
    run = [];
  };
  const stopwords = stopwordsOf(language);
  const content = (t: string | undefined): boolean => !!t && /^[\p{L}\p{N}]/u.test(t) && t.length > 1 && !common.has(t.toLowerCase()) && !stopwords.has(t.toLowerCase());
  // Without parts of speech a run goes on only where a name does ("Daikin warmtepomp", "Dell XPS 13") or across a
  // link word ("paillis de bois"): "de winkel verkoopt" is the shop, not a shop-sells.
  const goesOn = (i: number): boolean => {
    const prev = tokens[run.at(-1)!]!;
    return /^\p{Lu}/u.test(prev) || /^[\p{Lu}\p{N}]/u.test(tokens[i]!) || links.has(prev.toLowerCase());
  };
  tokens.forEach((t, i) => {
    if (content(t) && run.length && !goesOn(i)) close();
    if (content(t) || (run.length && links.has(t.toLowerCase()) && content(tokens[i + 1]))) run.push(i);
    else close();
  });
  close();
  // Without parts of speech, a thing is where nouns stand: after an article or a number, capitalised, opening a sentence, or ending the message
  // ("Wat kost de Daikin warmtepomp?": the pump, not "kost").
  const articles = new Set(table(language).articles);
  return out.filter((s, i) => articles.has(s.article.toLowerCase()) || /^\p{N}/u.test(s.article) || s.capitalised || opensSentence(text, text.indexOf(s.text)) || i === out.length - 1);
}

function said(tokens: readonly string[], at: readonly number[], total: number, plural: boolean | undefined): Said {
  const first = at[0]!;
  const before = tokens[first - 1]?.toLowerCase() ?? '';
  const inner = at.map((i) => tokens[i]!);
  return {
    text: inner.join(' '),
    article: before,
    words: inner.map((w) => w.toLowerCase()),
    plural,
    capitalised: inner.some((w, k) => /^\p{Lu}/u.test(w) && (k > 0 || first > 0)),
    position: total > 1 ? first / (total - 1) : 0,
    topic: false,
  };
}

const readMessages = new Map<string, Said[]>();

/** The phrases of one message, read once. */
function messagePhrases(message: string, role: 'user' | 'assistant', language: string): Said[] {
  return remembered(readMessages, `${role}\u0000${language}\u0000${message}`, () => {
    const text = readable(withoutAddresses(message)).slice(0, 2000);
    // Each message in its own language: a Dutch reply read with English parts of speech names nothing.
    const own = detectLanguage(text, [], language);
    const found = own === 'en' ? englishPhrases(text) : wordRuns(text, own);
    const articles = new Set(table(language).articles);
    return found.map((s, i) => {
      const opens = opensSentence(text, text.indexOf(s.text));
      return {
        ...s,
        article: articles.has(s.article) ? s.article : '',
        opensSentence: opens,
        // A sentence's first word is capitalised by the sentence, not by the name.
        capitalised: s.capitalised && !(s.words.length === 1 && opens),
        topic: role === 'user' && (i === found.length - 1 || articles.has(s.article)),
      };
    });
  });
}

/**
 * A phrase that ends a longer one of the conversation is that thing said short ("the system" after
 * "the authentication system"): its mentions count for the longer phrase, which names it fully.
 */
function mergeIntoLonger(byKey: Map<string, { last: Said; mentions: { turn: number; role: 'user' | 'assistant'; s: Said }[] }>): void {
  const keys = [...byKey.keys()].sort((a, b) => b.split(' ').length - a.split(' ').length);
  for (const short of keys) {
    const longer = keys.find((k) => k !== short && k.endsWith(` ${short}`) && byKey.has(k));
    if (!longer || !byKey.has(short)) continue;
    byKey.get(longer)!.mentions.push(...byKey.get(short)!.mentions);
    byKey.delete(short);
  }
}

export interface PhraseContext {
  /** The term model's likelihood of each candidate word. */
  termP: ReadonlyMap<string, number>;
  /** The number the pointing word asks for, if it says one; 'person' for someone ("she"), whom a name stands for. */
  number?: 'sg' | 'pl' | 'person';
  termStats?: TermStats;
}

/** Every phrase of the kept turns that the question does not already hold, with its features. */
export function conversationPhrases(query: string, turns: readonly SelectedTurn[], language: string, context: PhraseContext): Phrase[] {
  const own = new Set(query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);
  const byKey = new Map<string, { last: Said; mentions: { turn: number; role: 'user' | 'assistant'; s: Said }[] }>();
  for (const t of turns) {
    for (const role of ['user', 'assistant'] as const) {
      for (const s of messagePhrases(t[role], role, language)) {
        if (s.words.every((w) => own.has(w))) continue;
        const key = s.words.join(' ');
        const entry = byKey.get(key) ?? { last: s, mentions: [] };
        // The form a name has inside a sentence, not the capital a sentence's start gives it.
        if (!(s.opensSentence && !entry.last.opensSentence)) entry.last = s.opensSentence && entry.mentions.length ? { ...s, text: entry.last.text } : s;
        entry.mentions.push({ turn: t.index, role, s });
        byKey.set(key, entry);
      }
    }
  }
  mergeIntoLonger(byKey);
  const lastTurn = turns.at(-1)?.index ?? 0;
  const firstUser = turns.find((t) => t.user)?.index;
  const heads = [...byKey.values()].map((e) => e.last.words.at(-1)!);
  const df = context.termStats?.documentFrequency(heads);
  const idf = df && context.termStats!.idfOf(df);
  const maxIdf = context.termStats ? Math.log(1 + (context.termStats.documents() + 0.5) / 0.5) : 1;
  return [...byKey.values()].map(({ last, mentions }) => {
    const ps = last.words.map((w) => context.termP.get(w) ?? 0);
    const user = mentions.filter((m) => m.role === 'user');
    const latest = Math.max(...mentions.map((m) => m.turn));
    const agrees = context.number === 'person' ? (mentions.some((m) => m.s.capitalised) && last.words.length >= 2 ? 1 : 0) : last.plural === undefined || context.number === undefined ? 0.5 : last.plural === (context.number === 'pl') ? 1 : 0;
    const features = [
      1,
      ps.reduce((a, b) => a + b, 0) / ps.length,
      Math.max(...ps),
      1 / (1 + lastTurn - latest),
      user.length ? 1 : 0,
      mentions.length > user.length ? 1 : 0,
      user.some((m) => m.turn === firstUser) ? 1 : 0,
      // Where a question names its subject, early ("How is sickle cell disease treated?"); a reply's first word is often no thing.
      user.length ? 1 - Math.min(...user.map((m) => m.s.position)) : 0,
      Math.min(mentions.length, 4) / 4,
      mentions.some((m) => m.s.capitalised) ? 1 : 0,
      Math.min(last.words.length, MAX_WORDS) / MAX_WORDS,
      agrees,
      user.some((m) => m.s.topic) ? 1 : 0,
      idf ? idf.get(last.words.at(-1)!)! / maxIdf : 0.5,
      user.some((m) => m.turn === lastTurn) ? 1 : 0,
      mentions.some((m) => m.s.article !== '') ? 1 : 0,
      // Every time the user named it, after a preposition ("install a package from CRAN"): the circumstance, not the thing.
      user.length && user.every((m) => m.s.governed) ? 1 : 0,
    ];
    return { text: last.text, article: last.article, words: last.words, plural: last.plural, features };
  });
}
