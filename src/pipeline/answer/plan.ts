import type { DocType } from '../index/extractors/types.js';
import { baseName, FILE_NAME } from '../rewrite/lexical/files.js';
import { queryTerms, STOPWORDS } from '../search/queryTerms.js';
import type { Intent } from '../rewrite/types.js';
import WORDS from './planWords.json' with { type: 'json' };

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

const UNINDEXED: Array<[RegExp, string]> = [
  [/\b(spreadsheets?|excel|xlsx?|csv|rekenbla(d|den))\b/i, 'spreadsheets'],
  [/\b(presentations?|powerpoint|pptx?|slides|presentaties?)\b/i, 'presentations'],
  [/\b(images?|photos?|pictures?|afbeeldingen|foto'?s)\b/i, 'images'],
];

const ALL = (table: Record<string, string[]>): Set<string> => new Set(Object.values(table).flat());
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
  return queryTerms(question).filter((w) => w.length > 1 && !FRAME_WORDS.has(w) && !TYPE_WORDS.has(w) && !named.has(w) && !UNINDEXED.some(([re]) => re.test(w)) && !(w in MONTHS) && !/^(?:19|20)\d{2}$/.test(w));
}

/** A count of things the files hold ("are there more invoices?"), not a quantity a passage states ("how many points by default?"). */
const inventoryCue = (question: string): boolean => {
  const q = ` ${tokens(question).join(' ')} `;
  return INVENTORY_CUES.some((cue) => q.includes(` ${cue} `));
};

const MONTHS: Record<string, number> = {
  january: 0, jan: 0, januari: 0, february: 1, feb: 1, februari: 1, march: 2, mar: 2, maart: 2, april: 3, apr: 3,
  may: 4, mei: 4, june: 5, jun: 5, juni: 5, july: 6, jul: 6, juli: 6, august: 7, aug: 7, augustus: 7,
  september: 8, sep: 8, sept: 8, october: 9, oct: 9, oktober: 9, okt: 9, november: 10, nov: 10, december: 11, dec: 11,
};

const iso = (d: Date): string => d.toISOString().slice(0, 10);
const utc = (y: number, m: number, d = 1): Date => new Date(Date.UTC(y, m, d));

/** A date range named in the question, relative to `now` where it is relative ("last month"). */
export function dateRange(question: string, now: Date): { from: string; to: string } | undefined {
  const q = question.toLowerCase();
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  const monthYear = /\b(?:in|from|of|van|uit|since|sinds)?\s*(january|jan|januari|february|feb|februari|march|mar|maart|april|apr|may|mei|june|jun|juni|july|jul|juli|august|aug|augustus|september|sept?|october|oct|oktober|okt|november|nov|december|dec)\s+(\d{4})\b/.exec(q);
  if (monthYear) {
    const month = MONTHS[monthYear[1]!]!;
    const year = Number(monthYear[2]);
    if (/\b(since|sinds)\s/.test(monthYear[0])) return { from: iso(utc(year, month)), to: iso(utc(y + 1, 0)) };
    return { from: iso(utc(year, month)), to: iso(utc(year, month + 1)) };
  }
  const since = /\b(?:since|sinds|after|na)\s+((?:19|20)\d{2})\b/.exec(q);
  if (since) return { from: iso(utc(Number(since[1]) + (/after|na/.test(since[0]) ? 1 : 0), 0)), to: iso(utc(y + 1, 0)) };
  const before = /\b(?:before|voor|vóór)\s+((?:19|20)\d{2})\b/.exec(q);
  if (before) return { from: '1970-01-01', to: iso(utc(Number(before[1]), 0)) };
  const year = /\b(?:in|from|of|van|uit|during|tijdens)\s+((?:19|20)\d{2})\b/.exec(q) ?? /(?<![\w-])((?:19|20)\d{2})(?![\w-])(?!\s*(?:euro|eur|€|\$|usd|kg|m|cm))/.exec(q);
  if (year) {
    const n = Number(year[1]);
    return { from: iso(utc(n, 0)), to: iso(utc(n + 1, 0)) };
  }
  if (/\b(last|previous) month\b|\bvorige maand\b/.test(q)) return { from: iso(utc(y, m - 1)), to: iso(utc(y, m)) };
  if (/\bthis month\b|\bdeze maand\b/.test(q)) return { from: iso(utc(y, m)), to: iso(utc(y, m + 1)) };
  if (/\b(last|previous) year\b|\bvorig jaar\b/.test(q)) return { from: iso(utc(y - 1, 0)), to: iso(utc(y, 0)) };
  if (/\bthis year\b|\bdit jaar\b/.test(q)) return { from: iso(utc(y, 0)), to: iso(utc(y + 1, 0)) };
  if (/\b(last|past|previous) week\b|\bvorige week\b/.test(q)) return { from: iso(new Date(now.getTime() - 7 * 86_400_000)), to: iso(new Date(now.getTime() + 86_400_000)) };
  if (/\btoday\b|\bvandaag\b/.test(q)) return { from: iso(now), to: iso(new Date(now.getTime() + 86_400_000)) };
  if (/\byesterday\b|\bgisteren\b/.test(q)) return { from: iso(new Date(now.getTime() - 86_400_000)), to: iso(now) };
  return undefined;
}

/** "in my invoices folder", "in de map facturen", "under projects/" → the folder's name. */
export function folderHint(question: string): string | undefined {
  const m =
    /\bin (?:my |the |your )?["'“]?([\p{L}\p{N}_ .-]+?)["'”]? (?:folder|directory|dir)\b/iu.exec(question) ??
    /\b(?:folder|directory|map) ["'“]?([\p{L}\p{N}_.-]+)["'”]?/iu.exec(question) ??
    /\bin (?:de |mijn )?map ["'“]?([\p{L}\p{N}_.-]+)["'”]?/iu.exec(question);
  const name = m?.[1]?.trim();
  return name && !/^(the|my|a|this|that|de|het|een)$/i.test(name) ? name : undefined;
}

/** "named budget", "called 'report'", "with invoice in the name", a file's whole name (of a path, the name) → the word. */
export function nameHint(question: string): string | undefined {
  const named = /\b(?:named|called|titled|genaamd|met de naam|heet|heten)\s+["'“]?([\p{L}\p{N}_.-]+)["'”]?/iu.exec(question);
  if (named) return named[1];
  // A path's file name: the name filter reads no folders.
  const file = FILE_NAME.exec(question);
  if (file) return baseName(file[1]!);
  const m =
    /\bwith ["'“]?([\p{L}\p{N}_.-]+)["'”]? in (?:the|their|its) (?:file ?)?name\b/iu.exec(question) ??
    /\bmet ["'“]?([\p{L}\p{N}_.-]+)["'”]? in de naam\b/iu.exec(question);
  return m?.[1];
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
  const unindexed = UNINDEXED.filter(([re]) => words.some((w, i) => re.test(w) && targeted(words, i))).map(([, k]) => k);
  if (unindexed.length) filters.unindexedKinds = unindexed;
  const range = dateRange(question, now);
  if (range) {
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
  const about = /\b(about|over|that (say|mention)|die .* noemen)\b/i.test(question);
  if (mentioning.length && !(intent === 'list' && about)) filters.mentioning = mentioning;
  if (intent === 'count' && aboutFiles) return { tool: 'filesystem', filters, reason: `a count of files${mentioning.length ? ' that mention what it names' : ''}: answered exactly from the files table` };
  if (intent === 'count' && inventoryCue(question)) return { tool: 'both', filters, reason: 'a count of things: files that mention them, with passages to show' };
  if (intent === 'count') return { tool: 'semantic_search', filters, reason: 'a quantity the files state: answered from passages' };
  if (intent === 'list' && aboutFiles && !about) {
    return { tool: 'filesystem', filters, reason: `a list of files${mentioning.length ? ' that mention what it names' : ''}: complete from the files table` };
  }
  if (intent === 'list') return { tool: 'both', filters, reason: 'a list of things: the files that mention them, and passages' };
  return { tool: 'semantic_search', filters, reason: `a ${intent} question: answered from passages` };
}
