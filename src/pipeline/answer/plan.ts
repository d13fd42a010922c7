import type { DocType } from '../index/extractors/types.js';
import { baseName, FILE_NAME } from '../rewrite/lexical/files.js';
import { alternatives, anyOf, WORD_END, WORD_START } from '../rewrite/lexical/words.js';
import { detectLanguage, isFunctionWord } from '../rewrite/lexical/language.js';
import { englishTags } from '../rewrite/lexical/tagger.js';
import { queryTerms, STOPWORDS } from '../search/queryTerms.js';
import type { Intent } from '../rewrite/types.js';
import WORDS from './planWords.json' with { type: 'json' };
import INTENT_WORDS from '../rewrite/lexical/intentWords.json' with { type: 'json' };

/** Which source answers: passages (meaning), the files table (names, types, dates), or both. */
export type PlanTool = 'semantic_search' | 'filesystem' | 'both';

export interface PlanFilters {
  /** Document types asked for ("PDFs", "Word files"). */
  types?: DocType[];
  /** Kinds of file asked for that Docent does not index ("spreadsheets"), so the answer can say so. */
  unindexedKinds?: string[];
  /** Modification date range, ISO dates, from inclusive, to exclusive. */
  modifiedFrom?: string;
  modifiedTo?: string;
  /** A folder named in the question ("in my invoices folder"): matched against path segments. */
  folder?: string;
  /** A word the file name must contain ("named budget", "invoices" in "list my invoices"). */
  nameContains?: string;
  /** Words the files listed or counted must mention, all of them ("which files mention linspace?"). */
  mentioning?: string[];
}

export interface Plan {
  tool: PlanTool;
  filters: PlanFilters;
  /**
   * The words by which a question about files asks for them ("which document talks about the
   * warranty?": which, document, talks): Map and Confidence do not look for them in the passages.
   */
  asking?: string[];
  /** Why, in a few words, for --explain. */
  reason: string;
}

const ALL = (table: Record<string, string[]>): Set<string> => new Set(Object.values(table).flat());
/** Kinds of file Docent does not index, with the words that name them ("spreadsheets": excel, csv, rekenbladen). */
const UNINDEXED = Object.entries(WORDS.unindexedKinds).map(([kind, words]) => ({ kind, words: ALL(words) }));
/** A phrase of the table, as a word or words of the question ("last month", "die … noemen"). */
const phrasesIn = (table: Record<string, string[]>): RegExp => new RegExp(`${WORD_START}(?:${anyOf(table)})${WORD_END}`, 'iu');
const FILE_NOUNS = ALL(WORDS.fileNouns);
const PLURAL_FILE_NOUNS = new Set(WORDS.pluralFileNouns);
const OWN_DETERMINERS = ALL(WORDS.ownDeterminers);
const INVENTORY_CUES = Object.values(WORDS.inventoryCues).flat();
const FRAME_WORDS = ALL(WORDS.frameWords);
const TYPES = Object.entries(WORDS.types) as Array<[DocType, { names: string[]; plurals: string[] }]>;

/** The question's words, lower-cased; a hyphenated compound is also split ("word-bestanden" → word, bestanden). */
const tokens = (question: string): string[] => question.toLowerCase().split(/[^\p{L}\p{N}'’]+/u).map((t) => t.replace(/’/g, "'").replace(/^'+|'+$/g, '')).filter(Boolean);

/** Where the question names its user's files (a type word used as a file reference, or a file noun), by word position. */
interface FileMention {
  at: number;
  type?: DocType;
  /** A file noun in the singular without a type ("which file …?"): one file, which a passage's citation names. */
  single?: boolean;
}

/**
 * The places where a question names the user's files: a type's plural ("PDFs"), a type word
 * before a plural file noun ("text files", "Word documents"), or after an own determiner ("my
 * PDF", "the Word document"); a plural file noun on its own ("which files"). "a text file", "a
 * script", "error code E07" describe what is asked about and name none.
 */
export function fileMentions(question: string): FileMention[] {
  return mentionsIn(tokens(question));
}

/** fileMentions over the question's words (tokens). */
function mentionsIn(words: readonly string[]): FileMention[] {
  const out: FileMention[] = [];
  words.forEach((w, i) => {
    const prev = words[i - 1];
    const next = words[i + 1];
    const own = prev !== undefined && OWN_DETERMINERS.has(prev);
    for (const [type, t] of TYPES) {
      const named = t.names.includes(w);
      if (t.plurals.includes(w) || (named && next !== undefined && (PLURAL_FILE_NOUNS.has(next) || (own && FILE_NOUNS.has(next)))) || (named && own && type !== 'code' && type !== 'text')) {
        out.push({ at: i, type });
        return;
      }
    }
    if (PLURAL_FILE_NOUNS.has(w)) out.push({ at: i });
    else if (own && FILE_NOUNS.has(w)) out.push({ at: i, single: true });
  });
  return out;
}

/** Words that name a kind of file ("pdf", "pdfs", "word", "spreadsheets"): no content of their own. */
const TYPE_WORDS = new Set([...TYPES.flatMap(([, t]) => [...t.names, ...t.plurals]), ...FILE_NOUNS]);

/** True when only the wording of asking for files comes before word `at` ("how many", "which", "list all my"). */
const targeted = (words: readonly string[], at: number): boolean => words.slice(0, at).every((w) => FRAME_WORDS.has(w) || TYPE_WORDS.has(w) || STOPWORDS.has(w));

/**
 * True when the question asks for files as such ("which files …", "how many PDFs …"): they are
 * what it names first. Not "Which function writes CSV files …?" (a function is asked for), nor
 * "which file has the budget?" (one file: the passage that answers cites it).
 */
const asksForFiles = (words: readonly string[], mentions: readonly FileMention[]): boolean => mentions.some((m) => !m.single && targeted(words, m.at));

/**
 * The words files must mention to be listed or counted: the question's own, without the wording
 * of asking for files, type words, dates and the filters' folder and name ("How many files mention
 * linspace?": linspace).
 */
export function mentioned(question: string, filters: PlanFilters): string[] {
  const named = new Set(tokens(`${filters.folder ?? ''} ${filters.nameContains ?? ''}`));
  return queryTerms(question).filter((w) => w.length > 1 && !FRAME_WORDS.has(w) && !TYPE_WORDS.has(w) && !named.has(w) && !UNINDEXED.some((u) => u.words.has(w)) && !MONTHS.has(w) && !/^(?:19|20)\d{2}$/.test(w));
}

/** A count of things the files hold ("are there more invoices?"), not a quantity a passage states ("how many points by default?"). */
const inventoryCue = (question: string): boolean => {
  const q = ` ${tokens(question).join(' ')} `;
  return INVENTORY_CUES.some((cue) => q.includes(` ${cue} `));
};

/**
 * A count of a unit of measure, the unit right after the counting words or one word on ("how many
 * months", "hoeveel vrije dagen"): a quantity a file states, whatever else the question says ("… do
 * I have?"), not a number of files.
 */
const MEASURE = new RegExp(`${WORD_START}(?:${anyOf(INTENT_WORDS.counting)})\\s+(?:\\p{L}+\\s+)?(?:${anyOf(WORDS.measureUnits)})${WORD_END}`, 'iu');

const MONTHS = new Map(Object.values(WORDS.months).flatMap((m) => Object.entries(m)));
const MONTH = alternatives(MONTHS.keys());
const DATES = WORDS.dates;
const YEAR = '((?:19|20)\\d{2})';
/** "in March 2025", "since May 2024". */
const MONTH_YEAR = new RegExp(`${WORD_START}(?:(${anyOf(DATES.since)})|(?:${anyOf(DATES.in)}))?\\s*(${MONTH})\\s+(\\d{4})${WORD_END}`, 'iu');
/** "since 2023", "after 2023". */
const SINCE_YEAR = new RegExp(`${WORD_START}(?:(${anyOf(DATES.since)})|(${anyOf(DATES.after)}))\\s+${YEAR}${WORD_END}`, 'iu');
const BEFORE_YEAR = new RegExp(`${WORD_START}(?:${anyOf(DATES.before)})\\s+${YEAR}${WORD_END}`, 'iu');
const IN_YEAR = new RegExp(`${WORD_START}(?:${anyOf(DATES.in)})\\s+${YEAR}${WORD_END}`, 'iu');
/** A year standing alone, not an amount ("the budget is 2024 euro") nor part of a code ("INV-2024-002"). */
const BARE_YEAR = new RegExp(`(?<![\\w-])${YEAR}(?![\\w-])(?!\\s*(?:${alternatives(WORDS.amountUnits)}))`, 'iu');
const PERIODS = {
  lastMonth: phrasesIn(DATES.lastMonth),
  thisMonth: phrasesIn(DATES.thisMonth),
  lastYear: phrasesIn(DATES.lastYear),
  thisYear: phrasesIn(DATES.thisYear),
  lastWeek: phrasesIn(DATES.lastWeek),
  today: phrasesIn(DATES.today),
  yesterday: phrasesIn(DATES.yesterday),
};

const iso = (d: Date): string => d.toISOString().slice(0, 10);
const utc = (y: number, m: number, d = 1): Date => new Date(Date.UTC(y, m, d));
const DAY = 86_400_000;

/** A date range named in the question, relative to `now` where it is relative ("last month"); its wording from planWords.json (dates, months). */
export function dateRange(question: string, now: Date): { from: string; to: string } | undefined {
  const range = datesOf(question, now);
  return range && { from: range.from, to: range.to };
}

/** dateRange, and whether it is a period counted from today ("last week") rather than a year or a month named. */
function datesOf(question: string, now: Date): { from: string; to: string; relative?: boolean } | undefined {
  const q = question.toLowerCase();
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  const monthYear = MONTH_YEAR.exec(q);
  if (monthYear) {
    const month = MONTHS.get(monthYear[2]!)!;
    const year = Number(monthYear[3]);
    if (monthYear[1]) return { from: iso(utc(year, month)), to: iso(utc(y + 1, 0)) };
    return { from: iso(utc(year, month)), to: iso(utc(year, month + 1)) };
  }
  const since = SINCE_YEAR.exec(q);
  if (since) return { from: iso(utc(Number(since[3]) + (since[2] ? 1 : 0), 0)), to: iso(utc(y + 1, 0)) };
  const before = BEFORE_YEAR.exec(q);
  if (before) return { from: '1970-01-01', to: iso(utc(Number(before[1]), 0)) };
  const year = IN_YEAR.exec(q) ?? BARE_YEAR.exec(q);
  if (year) {
    const n = Number(year[1]);
    return { from: iso(utc(n, 0)), to: iso(utc(n + 1, 0)) };
  }
  if (PERIODS.lastMonth.test(q)) return { from: iso(utc(y, m - 1)), to: iso(utc(y, m)), relative: true };
  if (PERIODS.thisMonth.test(q)) return { from: iso(utc(y, m)), to: iso(utc(y, m + 1)), relative: true };
  if (PERIODS.lastYear.test(q)) return { from: iso(utc(y - 1, 0)), to: iso(utc(y, 0)), relative: true };
  if (PERIODS.thisYear.test(q)) return { from: iso(utc(y, 0)), to: iso(utc(y + 1, 0)), relative: true };
  if (PERIODS.lastWeek.test(q)) return { from: iso(new Date(now.getTime() - 7 * DAY)), to: iso(new Date(now.getTime() + DAY)), relative: true };
  if (PERIODS.today.test(q)) return { from: iso(now), to: iso(new Date(now.getTime() + DAY)), relative: true };
  if (PERIODS.yesterday.test(q)) return { from: iso(new Date(now.getTime() - DAY)), to: iso(now), relative: true };
  return undefined;
}

const QUOTED_NAME = `["'“]?([\\p{L}\\p{N}_.-]+)["'”]?`;
const FOLDERS = WORDS.folders;
const FOLDER_DETERMINERS = anyOf(FOLDERS.determiners);
const FOLDER_IN = anyOf(FOLDERS.in);
const FOLDER_NOUN_FIRST = anyOf(FOLDERS.nounThenName);
/**
 * "in my invoices folder", "in folder invoices", "my folder invoices", 'folder "invoices"', "in de
 * map facturen" (planWords.json folders). A name after the noun is a folder's only after a word of
 * place, a possessive or in quotes: "a directory tree", "the folder structure" name none.
 */
const FOLDER_PATTERNS = [
  new RegExp(`${WORD_START}(?:${FOLDER_IN}) (?:(?:${FOLDER_DETERMINERS}) )?["'“]?([\\p{L}\\p{N}_ .-]+?)["'”]? (?:${anyOf(FOLDERS.nameThenNoun)})${WORD_END}`, 'iu'),
  new RegExp(`${WORD_START}(?:(?:${FOLDER_IN}) (?:(?:${FOLDER_DETERMINERS}) )?|(?:${anyOf(FOLDERS.possessives)}) )(?:${FOLDER_NOUN_FIRST}) ${QUOTED_NAME}`, 'iu'),
  new RegExp(`${WORD_START}(?:${FOLDER_NOUN_FIRST}) ["'“]([\\p{L}\\p{N}_.-]+)["'”]`, 'iu'),
  new RegExp(`${WORD_START}(?:${FOLDER_IN}) (?:(?:${FOLDER_DETERMINERS}) )?(?:${anyOf(FOLDERS.inNounThenName)}) ${QUOTED_NAME}`, 'iu'),
];
const NOT_FOLDER_NAMES = ALL(FOLDERS.notNames);

/** A folder named in the question ("in my invoices folder", "in de map facturen"). */
export function folderHint(question: string): string | undefined {
  for (const pattern of FOLDER_PATTERNS) {
    const m = pattern.exec(question);
    const name = m?.[1]?.trim();
    // A word that names no folder ("in the folder …": "the") leaves the next wording to try.
    if (name && !NOT_FOLDER_NAMES.has(name.toLowerCase()) && nameLike(question, m!)) return name;
  }
  return undefined;
}

/** Parts of speech of a word that names no file or folder ("called in", "directory located", "named after"). */
const NO_NAME_TAGS = new Set(['ADP', 'ADV', 'ADJ', 'AUX', 'VERB', 'PRON', 'DET', 'SCONJ', 'CCONJ', 'PART']);

/**
 * Whether the word a name filter would take can be a name: quoted, or written as a file's name is
 * ("budget-2024", "notes_v2"), or a word that is no function word of any language and, in an
 * English question, no verb, adverb, adjective or preposition by the tagger ("invoices"; not "for",
 * "located", "die").
 */
function nameLike(question: string, match: RegExpExecArray): boolean {
  const name = match[1]!.trim();
  const at = match.index + match[0].indexOf(name);
  if (/["'“]/.test(question[at - 1] ?? '') || /[\p{N}_.-]/u.test(name)) return true;
  const low = name.toLowerCase();
  if (STOPWORDS.has(low) || isFunctionWord(low)) return false;
  if (detectLanguage(question) !== 'en') return true;
  const { words, tags } = englishTags(question);
  const i = words.findIndex((w) => w.toLowerCase() === low);
  return i < 0 || !NO_NAME_TAGS.has(tags[i]!);
}

const NAMED = new RegExp(`${WORD_START}(?:${anyOf(WORDS.names.named)})\\s+${QUOTED_NAME}`, 'iu');
const IN_NAME = [...ALL(WORDS.names.inName)].map((phrase) => {
  const [before, after] = phrase.split('…').map((part) => alternatives([part.trim()]));
  return new RegExp(`${WORD_START}${before} ${QUOTED_NAME} ${after}${WORD_END}`, 'iu');
});
/** Files said to be about something ("a list of files about the budget"): passages answer (planWords.json saidAbout). */
const SAID_ABOUT = phrasesIn(WORDS.saidAbout);

/** "named budget", "called 'report'", "with invoice in the name", a file's whole name (of a path, the name) → the word. */
export function nameHint(question: string): string | undefined {
  const named = NAMED.exec(question);
  if (named) return nameLike(question, named) ? named[1] : undefined;
  // A path's file name: the name filter reads no folders.
  const file = FILE_NAME.exec(question);
  if (file) return baseName(file[1]!);
  for (const pattern of IN_NAME) {
    const m = pattern.exec(question);
    if (m) return nameLike(question, m) ? m[1] : undefined;
  }
  return undefined;
}

/**
 * The Plan stage: from the resolved question and its intent, which source answers and with
 * which filters. The rewriter never routes or filters; this does, by the question's wording.
 * Counts and lists of files come from the files table, exactly; what documents say comes from
 * passages; a list of things ("any invoices?") uses both.
 */
export function plan(question: string, intent: Intent, now = new Date()): Plan {
  const words = tokens(question);
  const mentions = mentionsIn(words);
  const p = choosePlan(question, words, mentions, intent, now);
  // Only where files are what it asks for ("find the file about …", not "… the format of files written by save?").
  const asksFor = mentions.some((m) => targeted(words, m.at));
  const asking = asksFor ? queryTerms(question).filter((w) => FRAME_WORDS.has(w) || TYPE_WORDS.has(w)) : [];
  return asking.length ? { ...p, asking } : p;
}

function choosePlan(question: string, words: readonly string[], mentions: readonly FileMention[], intent: Intent, now: Date): Plan {
  const filters: PlanFilters = {};
  const types = [...new Set(mentions.flatMap((m) => (m.type ? [m.type] : [])))];
  if (types.length) filters.types = types;
  // A kind Docent does not index, where the question asks for files of it ("how many spreadsheets?", not "which function writes CSV files?").
  const unindexed = UNINDEXED.filter((u) => words.some((w, i) => u.words.has(w) && targeted(words, i))).map((u) => u.kind);
  if (unindexed.length) filters.unindexedKinds = unindexed;
  // A year or a month named is the files' date only where the question names the files ("my PDFs from 2024",
  // "documents since 2023"); otherwise it is what they are about ("what changed in 2008?"). A period counted
  // from today ("last week") is the files' always.
  const range = datesOf(question, now);
  if (range && (range.relative || mentions.length > 0)) {
    filters.modifiedFrom = range.from;
    filters.modifiedTo = range.to;
  }
  const folder = folderHint(question);
  if (folder) filters.folder = folder;
  const name = nameHint(question);
  if (name) filters.nameContains = name;

  const aboutFiles = asksForFiles(words, mentions) || unindexed.length > 0;
  // Files counted or listed for what they say: those that mention the question's other words.
  const mentioning = aboutFiles && (intent === 'count' || intent === 'list') ? mentioned(question, filters) : [];
  const about = SAID_ABOUT.test(question);
  if (mentioning.length && !(intent === 'list' && about)) filters.mentioning = mentioning;
  if (intent === 'count' && aboutFiles) return { tool: 'filesystem', filters, reason: `a count of files${mentioning.length ? ' that mention what it names' : ''}: answered exactly from the files table` };
  if (intent === 'count' && inventoryCue(question) && !MEASURE.test(question)) return { tool: 'both', filters, reason: 'a count of things: files that mention them, with passages to show' };
  if (intent === 'count') return { tool: 'semantic_search', filters, reason: 'a quantity the files state: answered from passages' };
  if (intent === 'list' && aboutFiles && !about) {
    return { tool: 'filesystem', filters, reason: `a list of files${mentioning.length ? ' that mention what it names' : ''}: complete from the files table` };
  }
  if (intent === 'list') return { tool: 'both', filters, reason: 'a list of things: the files that mention them, and passages' };
  return { tool: 'semantic_search', filters, reason: `a ${intent} question: answered from passages` };
}
