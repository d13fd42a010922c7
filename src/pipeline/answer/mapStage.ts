import { basename } from 'node:path';
import { shortLabel } from '../index/fieldLabel.js';
import { isDelimiterLine, pipeCells, rowStatement } from '../index/pipeTable.js';
import { relatedWords } from '../rewrite/lexical/expand.js';
import { writtenFormsOf, type WrittenFormsMap } from '../search/writtenForms.js';
import { identifiers, queryTerms, sameName } from '../search/queryTerms.js';
import { RRF_K, type SearchHit } from '../search/hybridSearch.js';
import { SiteTemplates } from '../search/siteTemplates.js';
import { foldersWithin, inNamedFolder, nameWords } from '../search/namedFolders.js';
import { flat } from './citationContext.js';
import type { TermStats } from '../search/termStats.js';
import type { IndexStore } from '../store/indexStore.js';
import WORDS from './mapWords.json' with { type: 'json' };
import { tagger } from '../rewrite/lexical/tagger.js';
import { alternatives, anyOf, escapeRegExp, WORD_END, WORD_START } from '../rewrite/lexical/words.js';

/** Words that open a sentence leaning on the one before it (mapWords.json). */
const CONTINUATIONS = new Set(Object.values(WORDS.continuations).flat());
/** Words that open a sentence sending the reader elsewhere ("See also: [tic], page 947."; mapWords.json). */
const POINTERS = new Set(Object.values(WORDS.pointers).flat());
/** Phrases by which a text speaks to an AI assistant (mapWords.json). */
const ADDRESSES_ASSISTANT = Object.values(WORDS.addressesAssistant).flat();

/** Each table phrase's pattern, compiled once: answerTypes and givesType read every phrase of a type for each sentence. */
const PHRASE_PATTERNS = new Map<string, RegExp>();
/** A phrase found at a word's start in lower-case text ("default" in "defaults", not in "undefault" nor in an identifier's "random_page_cost"). */
const phraseAt = (text: string) => (phrase: string): boolean => {
  let pattern = PHRASE_PATTERNS.get(phrase);
  if (!pattern) PHRASE_PATTERNS.set(phrase, (pattern = new RegExp(`(?:^|[^\\p{L}\\p{N}_])${escapeRegExp(phrase)}`, 'u')));
  return pattern.test(text);
};
const NUMBER_WORDS = Object.values(WORDS.numbers).flat();
/** What a sentence of each answer type contains (mapWords.json answerTypes.marks; "#number": any figure). */
const TYPE_MARKS = Object.entries(WORDS.answerTypes).map(([type, t]) => ({ type, asksIn: t.asks as Record<string, readonly string[]>, asks: Object.values(t.asks).flat(), marks: Object.values(t.marks).flat() }));

/**
 * Code as prose writes it, in any language, each form read from a word's first character only, so
 * that a long run of letters (a pasted key, a blob) is read once, not once from each of its
 * characters (a token of 50,000 letters took 30 s before). Narrower than queryTerms' IDENTIFIER,
 * which takes any dotted pair ("e.g", "3.50") for a name.
 */
const CODE_TOKEN = new RegExp(
  [
    /(?<![\p{L}\p{N}_.])[\p{L}_][\p{L}\p{N}_.]*\(/u.source, // a call: "citation()", "dim(z)"
    /(?:^|\s)--?\p{L}[\p{L}\p{N}-]*/u.source, // an option: "--amend", "-Fc"
    /(?:^|\s)\.\p{Ll}{2,}/u.source, // a shell's dot command: ".headers"
    /[\p{L}\p{N}_]=\S|\s<-\s/u.source, // a setting or an assignment: "header=TRUE", "x <- 1"
    /(?<![\p{L}\p{N}])[\p{L}\p{N}]+(?:_[\p{L}\p{N}]+)+/u.source, // a name in parts: "last_insert_rowid"
    /(?<![\p{L}\p{N}])\p{L}[\p{L}\p{N}]*\.\p{Ll}{2,}/u.source, // a dotted name: "write.csv", "R.version"
    /(?:^|\s)(?:\$|\p{L}+>)\s/u.source, // a prompt: "$ ", "sqlite> "
    /<\p{L}[\p{L}\p{N}_-]*>/u.source, // a synopsis's placeholder: "<axes>"
    /(?<!\p{Lu})\p{Lu}{3,}(?:\s+\p{Lu}{3,})+/u.source, // keywords in capitals: "EXPLAIN QUERY PLAN"
  ].join('|'),
  'u',
);

/**
 * A key combination, or a modifier key named as a word of its own ("Ctrl+Z", "Shift+C",
 * "Ctrl-click", "holding Ctrl"; mapWords.json keyModifiers, case as written): how an
 * application's manual answers "which key …?", as code answers "how do I …?" in a programmer's.
 */
const KEY = new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternatives(WORDS.keyModifiers)})(?![\\p{L}\\p{N}])`, 'u');

/**
 * Answer types whose marks pick the sentence of a page that answers, not the page (mapWords.json
 * answerTypes, sentenceOnly): "procedure" ("how do I …?" answered by the sentence that shows the
 * code). eval:docs --vectors both, fact in answer: tuned 0.576 → 0.591 (keywords), 0.591 → 0.598
 * (hybrid); held out R 0.450 → 0.550; Dutch 0.571 → 0.619. Read by the rerank too, the code mark
 * moved pages: hit@5 0.826 → 0.795, Dutch 0.762 → 0.667.
 */
const SENTENCE_ONLY = new Set(Object.entries(WORDS.answerTypes).filter(([, t]) => 'sentenceOnly' in t && t.sentenceOnly === true).map(([type]) => type));

/**
 * The kinds of answer a question asks for: "default" ("… out of the box?"), "quantity" ("how long
 * …?"), "procedure" ("how do I …?"); by the phrases of the question's language where the table has
 * it, else of any: German "Standard" asks for a default, English "the standard output" does not.
 */
export function answerTypes(question: string, language?: string): string[] {
  const asked = phraseAt(question.toLowerCase().normalize('NFKC'));
  return TYPE_MARKS.filter((t) => (language !== undefined && Object.hasOwn(t.asksIn, language) ? t.asksIn[language]! : t.asks).some(asked)).map((t) => t.type);
}

/** Whether a sentence gives an answer of one of these types (a default, a figure, code). */
export function givesType(sentence: string, types: readonly string[]): boolean {
  if (!types.length) return false;
  const text = sentence.toLowerCase().normalize('NFKC');
  const has = phraseAt(text);
  return TYPE_MARKS.filter((t) => types.includes(t.type)).every((t) => t.marks.some((m) => (m === '#number' ? hasFigure(text) || NUMBER_WORDS.some(has) : m === '#code' ? CODE_TOKEN.test(sentence) : m === '#key' ? KEY.test(sentence) : m === '#date' ? DATE.test(text) : has(m))));
}

/** A run of letters, figures and the marks inside a number, holding a figure ("64KiB", "3.7.1", "sqlite3_changes", "1,000"). */
const FIGURE_RUN = /[\p{L}\p{N}_.,]*\p{N}[\p{L}\p{N}_.,]*/gu;
/** A run that names or numbers a thing rather than measuring it: a version's or a section's three parts or more ("3.7.1", "19.6.2"). */
const NUMBERING = /^\p{N}+(?:\.\p{N}+){2,}$/u;

/**
 * Whether a text states an amount in figures: a figure that starts a run of its own ("5432",
 * "64KiB", "1,000,000,000", "0.5"), not one inside a name ("sqlite3", "utf8", "t211", "p.113") nor a
 * version or section number ("3.7.1").
 */
export function hasFigure(text: string): boolean {
  for (const [run] of text.matchAll(FIGURE_RUN)) {
    const bare = run.replace(/^[.,]+|[.,]+$/gu, '');
    if (/^\p{N}/u.test(bare) && !NUMBERING.test(bare)) return true;
  }
  return false;
}

/**
 * A date or a time written in figures: a year of this century or the last ("2026", not "3000"
 * nor a port's "5432"), a date of three parts (2026-05-01, 1-5-2026, 1.5.2026, 01/05/26) or of two
 * with a slash (1/5), a clock's time (14:30, 9.30 is a price as often).
 */
const DATE = /(?<![\p{L}\p{N}_.,])(?:(?:19|20)\d\d(?![\p{N}.,]\d)|\d{1,4}([-/.])\d{1,2}\1\d{2,4}|\d{1,2}\/\d{1,2}|\d{1,2}:[0-5]\d)(?![\p{L}\p{N}_])/u;

/** True when a passage speaks to an AI assistant ("Ignore previous instructions …"): its facts are marked and never raise confidence. */
export function addressesAssistant(text: string): boolean {
  const t = ` ${text.toLowerCase().normalize('NFKC').replace(/\s+/g, ' ')} `;
  return ADDRESSES_ASSISTANT.some((phrase) => t.includes(phrase));
}

/** One thing a passage says that bears on the question, with where it says it. */
export interface Fact {
  quote: string;
  path: string;
  page: number | null;
  chunkId: number;
  /** 0..1: how much of the question the sentence covers, lifted by how well its passage ranked. */
  score: number;
  /** Its passage's evidence (rerankByFacts): the best score of the passage's sentences without the answer types that pick a sentence of a page, not the page; unset where that is the score. */
  pageScore?: number;
  /** The share of the question's weighted words the sentence contains. */
  coverage: number;
  /** The question's own words (stemmed) that the sentence, with its heading, contains, the rarest in the index first (extractive Map). */
  words?: string[];
  /** The title the sentence stands under in its passage, if any (extractive Map). */
  heading?: string;
  /** Its passage speaks to an AI assistant: shown as such, and left out of confidence. */
  addressed?: boolean;
  /** A table's row (statements): about what its own cells name; the line it was read from. */
  row?: string;
  /** A list's item (statements): like a row, about what it names itself. */
  item?: boolean;
}

export interface MapQuestion {
  resolved_query: string;
  /** Words added by the rewrite: they count at ADDED_WEIGHT. */
  keywords: readonly string[];
  /** The question as the user typed it: words of resolved_query not in it count at CONTEXT_WEIGHT. */
  original_query?: string;
  /** The question's language: its words count where a passage writes them in the documents' language (writtenForms). */
  language?: string;
  /** Words that ask for files rather than name what they hold (Plan's `asking`): not looked for. */
  asking?: readonly string[];
}

/** Phrases that ask for a measure (mapWords.json askingForm): "how long", "hoe vaak". */
const ASKING_FORM = new RegExp(`${WORD_START}(?:${anyOf(WORDS.askingForm)})${WORD_END}`, 'giu');

/**
 * The question's words, without those that ask for files and without the words of a phrase that
 * asks for a measure: "long" in "How long is the warranty?" is how it asks, not what about, and a
 * file that says "7 years" lacks it.
 */
export const contentTerms = (question: Pick<MapQuestion, 'asking'>, text: string): string[] => {
  const asking = new Set(question.asking ?? []);
  return queryTerms(text.replace(ASKING_FORM, ' ')).filter((t) => !asking.has(t));
};

/** Weights of a resolved question's words the user did not type, and of the rewrite's added search words. */
const CONTEXT_WEIGHT = 0.3;
/** The credit a question word gets for a word of the same meaning from the thesaurus. */
const RELATED_CREDIT = 0.5;
/** The share of a sentence's coverage that is its passage's coverage of the question. */
const PASSAGE_WEIGHT = 0.3;
/** The share of a sentence's coverage that is its own words' (without its title and file name). */
const SELF_WEIGHT = 0.2;
/**
 * The share that is its title's alone: a sentence under a title naming the question's subject is
 * about it ("shared_buffers (integer)"); one under another title names it in passing. Keywords,
 * eval:docs: fact in answer 0.364 → 0.371, hit@5 0.712 → 0.720. With the Porter2 stem, fitted again
 * on the tuned set with SELF_WEIGHT (keywords, MRR@10 / fact in answer / answer length): 0.25 and
 * 0.15 gave 0.646 / 0.523 / 632; 0.3 and 0.15 0.653 / 0.530 / 628; 0.3 and 0.2 0.657 / 0.530 / 582;
 * 0.35 and 0.15 0.651 / 0.530 / 552; 0.2 and 0.15 0.634 / 0.500.
 */
const HEAD_WEIGHT = 0.3;
const ADDED_WEIGHT = 0.25;
/** The share of a sentence's score that is giving the kind of answer asked for, where the question asks for one. */
const TYPE_WEIGHT = 0.2;

const SEGMENTER = new Intl.Segmenter(undefined, { granularity: 'sentence' });
/**
 * A segment that ends with a lone letter and a full stop ("(see histograms (p. "): the segmenter
 * broke a page reference before its number, and the next segment began "123). set boxwidth …".
 * 23 of the eval corpus's 151,772 statements began so (gnuplot's cross-references); joined, with
 * "e.g. 12.24 KiB" and such: 151,772 → 151,737 statements.
 */
const LONE_LETTER_STOP = /(?<![\p{L}\p{N}])\p{L}\.\s+$/u;
/** A numbered list's item ("5. ", "12."), which begins a sentence of its own. */
const NUMBERED_ITEM = /^\p{N}+\.(?:\s|$)/u;
/**
 * Whether a segment goes on from the one before, cut after a lone letter's full stop that abbreviates
 * ("(p. 123)", "e.g. 2.weeks.ago"): a number follows it, one that opens no numbered item ("… from X."
 * then "5. ").
 */
const abbreviatedBefore = (before: string, segment: string): boolean => /^\p{N}/u.test(segment) && !NUMBERED_ITEM.test(segment) && LONE_LETTER_STOP.test(before);
/**
 * A text's sentences. A mark ends one only where a space or the text's end follows it: the
 * segmenter also breaks after a "?" or "!" inside a token, as code and addresses write them
 * ("help(name) (or ?name )", "index.php?id=3"), which cut an answer's sentence in two.
 * eval:docs: 6 of 220 answers changed; held out fact in answer 0.375 → 0.400 (with vectors 0.400 → 0.425).
 */
function sentenceSplit(text: string): string[] {
  const out: string[] = [];
  let open = false;
  for (const { segment } of SEGMENTER.segment(text)) {
    if (open || (out.length && abbreviatedBefore(out.at(-1)!, segment))) out[out.length - 1] += segment;
    else out.push(segment);
    open = !/\s$/u.test(segment);
  }
  return out.flatMap(lowerCaseStarts);
}

/** Words written with a full stop that ends no sentence (mapWords.json abbreviations). */
const ABBREVIATIONS = new Set(Object.values(WORDS.abbreviations).flat());

/**
 * A segment cut where a word of three or more letters ends with a full stop and the next word
 * starts in lower case: a manual's entries often begin with their own lower-case name ("… and is
 * the default. linewidth and pointscale scale …", "… to recover from a crash. minimal removes …"),
 * which the segmenter does not read as a new sentence, so that one "sentence" ran on over several
 * entries. eval:docs, keywords: fact in answer 0.621 → 0.629, median answer 676 → 656 characters.
 */
function lowerCaseStarts(segment: string): string[] {
  const out: string[] = [];
  let from = 0;
  for (const m of segment.matchAll(/(?<!\p{L})(\p{L}{3,})\.\s+(?=\p{Ll})/gu)) {
    if (ABBREVIATIONS.has(m[1]!.toLowerCase())) continue;
    const end = m.index! + m[0].length;
    out.push(segment.slice(from, end));
    from = end;
  }
  out.push(segment.slice(from));
  return out;
}

/**
 * A word's shared stem: Porter2's for a word of letters ("library"/"libraries", "remove"/"removed");
 * a short word, a number or a mixed token as written. English rules: "prijs"/"prijzen" stay apart.
 * It replaced the first letters of a word (all but its last three, at least five), which kept
 * "library" from "libraries"; eval:docs, keywords, with the passage order's shares fitted again
 * (RERANK): tuned set page hit@5 0.826 → 0.841, MRR@10 0.657 → 0.646, answerable → not found 0.038
 * → 0.030; held out hit@5 0.675 → 0.725, MRR@10 0.460 → 0.498, answerable → not found 0.150 → 0.100.
 */
export const stem = (w: string): string => (w.length > 3 && /^\p{L}+$/u.test(w) ? porterStem(w) : w);

const stems = new Map<string, string>();
/** Stems kept: the passages' words come back with every question over them. */
const STEM_LIMIT = 50_000;

/** A word's Porter2 (Snowball English) stem by the tagger's wink model ("libraries" → "librari", as "library"), read once. */
function porterStem(word: string): string {
  let s = stems.get(word);
  if (s === undefined) {
    const n = tagger();
    // wink-nlp's typings leave its.stem out; the model it is read with has the stemmer.
    const stemOf = (n.its as unknown as { stem: typeof n.its.value }).stem;
    s = ((n.readDoc(word).tokens().out(stemOf) as (string | undefined)[])[0] ?? word).toLowerCase();
    if (stems.size >= STEM_LIMIT) stems.clear();
    stems.set(word, s);
  }
  return s;
}

const HEADING = /^#{1,6}\s+(.+)$/;
/** Dot leaders ("linspace . . . . . 546"): a line of a contents page or an index, never an answer. */
const LEADERS = /(?:\.\s?){5,}\s*\d/;
/** A list item's marker at the start of a sentence or a line. */
const BULLET = /^[*•◦‣▪·–-]\s+/u;
/** A line that opens a bulleted list's item: its marker, then its text. */
const BULLET_LINE = new RegExp(`${BULLET.source}\\S`, 'u');
/** A numbered line's marker ("1. ", "2) "), and a line that opens with one. */
const NUMBER_MARK = /^\p{N}{1,3}[.)]\s+/u;
const NUMBERED_LINE = new RegExp(`${NUMBER_MARK.source}\\S`, 'u');
/** A field's line: a label of a few words, a colon, its value ("Password: kiwi-lamp-92", "Renewal date: 1 April 2027"). */
const FIELD_LINE = /^\p{L}[^:]{0,40}:\s+\S/u;
const isField = (line: string): boolean => FIELD_LINE.test(line) && shortLabel(line.slice(0, line.indexOf(':')));
/**
 * The line nearest to line `i` in direction `step` that says something, across a blank line or two:
 * a Word document's or a web page's paragraphs stand apart as a note's lines do not ("Insurer: …",
 * a blank line, "Premium: …").
 */
const nearest = (lines: readonly string[], i: number, step: 1 | -1): string | undefined => {
  for (let j = i + step, n = 0; j >= 0 && j < lines.length && n < 3; j += step, n++) if (lines[j]!.trim()) return lines[j];
  return undefined;
};
const isNumbered = (line: string): boolean => NUMBERED_LINE.test(line);
/**
 * Whether line `i` (trimmed: `line`) opens a list's item: a bullet, or a number in a run of numbered
 * lines (a Markdown or text list, "1. …" under "2. …"), or a field in a run of fields (a note's
 * "Insurer: …" under "Policy number: …"), across blank lines. A numbered line or a field whose
 * nearest lines that say something are not of its kind is read as any line: the one more often a
 * section's title ("2. Maximum Number Of Columns"), the other a sentence ("Note: the server
 * restarts."). The neighbours are read only for such a line.
 */
const opensItem = (line: string, lines: readonly string[], i: number): boolean => {
  if (BULLET_LINE.test(line)) return true;
  const kind = isNumbered(line) ? isNumbered : isField(line) ? isField : undefined;
  return kind !== undefined && [nearest(lines, i, -1), nearest(lines, i, 1)].some((l) => l !== undefined && kind(l.trim()));
};
/** A list's item of fewer words than this is a name in a list ("- apples"), not a statement. */
const ITEM_WORDS = 2;
/** A short line without a full stop: a title or a fragment, not a statement. */
const isFragment = (s: string): boolean => s.split(' ').length < 4 && !/[.!?:;]$/.test(s);

/** A statement of a passage, with the heading it stands under (Markdown headings, in the same passage). */
export interface Statement {
  text: string;
  heading?: string;
  /** A table's row: whole by itself, never read with a neighbour; the line it was read from ("| bigint | 8 bytes |"). */
  row?: string;
  /** The part of its passage it stands in, counted by the rules drawn across it ("-----"); omitted before the first. */
  part?: number;
  /** The list's item it stands in, counted from 1 in its passage ("- Owner: Alice Jansen"): a point of its own, never read with the next. */
  item?: number;
}

/**
 * The statements of a passage: paragraphs rejoined where a line was only wrapped (PDF and
 * Markdown text break lines mid-sentence), split into sentences, headings and fragments left
 * out but kept as the context of the sentences below them.
 */
export function statements(text: string): Statement[] {
  const out: Statement[] = [];
  let heading: string | undefined;
  let paragraph: string[] = [];
  // A title that nothing followed: the passage's only statement, kept where nothing else is.
  let lastTitle: string | undefined;
  // The rules drawn across the passage so far: what stands between two is a part of its own.
  let part = 0;
  // The list items so far, and whether the paragraph is one (opensItem).
  let items = 0;
  let inItem = false;
  // A paragraph that asks (a FAQ's entry), with the heading it stood under: the heading of what
  // follows, and said as statements only where nothing answers it before the next title or question
  // (a note's list of open questions).
  let asking: { lines: string[]; under: string | undefined } | undefined;
  // Whether the last thing said was such a question: one more at the passage's end is a list's too.
  let listed = false;
  const say = (statement: Statement): void => {
    asking = undefined;
    listed = false;
    out.push(statement);
  };
  // The sentences of a paragraph, a list's item or not, under the heading as it stands.
  const sentencesOf = (lines: readonly string[], item: boolean): void => {
    for (const segment of sentenceSplit(lines.join(' '))) {
      // A list item's marker ("* Make …", "• The …") is layout, not part of what it says.
      const text = segment.replace(/\s+/g, ' ').trim().replace(BULLET, '');
      // A numbered item's number too ("2. Weekly status calls …").
      const s = item ? text.replace(NUMBER_MARK, '') : text;
      if (!LETTER_OR_DIGIT.test(s)) continue;
      // A list's item says what it says in few words ("Owner: Alice Jansen"): neither a title nor a fragment.
      if (item) {
        if (s.split(' ').length >= ITEM_WORDS && /\p{L}/u.test(s) && !LEADERS.test(s) && !points(s)) say({ text: s, ...(heading ? { heading } : {}), ...(part ? { part } : {}), item: items });
      } else if (isShortTitle(s)) retitle(s);
      else if (s.length >= 12 && /\p{L}/u.test(s) && !isFragment(s) && !LEADERS.test(s) && !points(s)) say({ text: s, ...(heading ? { heading } : {}), ...(part ? { part } : {}) });
    }
  };
  // A question nothing answered is said as it was asked, under its own heading.
  const unanswered = (): void => {
    if (!asking) return;
    const { lines, under } = asking;
    const now = heading;
    asking = undefined;
    heading = under;
    sentencesOf(lines, false);
    heading = now;
    listed = true;
  };
  const retitle = (title: string | undefined): void => {
    unanswered();
    heading = title;
  };
  const flush = (): void => {
    const item = inItem;
    inItem = false;
    const para = paragraph;
    paragraph = [];
    if (!para.length) return;
    // A line of marks alone ("----------", "* * *": a rule drawn across the page) ends a section and titles nothing.
    if (para.length === 1 && !LETTER_OR_DIGIT.test(para[0]!)) {
      retitle(undefined);
      part++;
      return;
    }
    // A paragraph that is one line without a closing mark is a title ("wal_level (enum)",
    // "Engineering department - budget Q1 2026"): the context of what follows, never an answer.
    // One that ends with a comma goes on into what follows, as a letter's "Hi Bob," does: no title.
    if (!item && para.length === 1 && !/[.!?;:,]$/.test(para[0]!) && para[0]!.split(/\s+/).length <= TITLE_WORDS) {
      retitle(para[0]!);
      lastTitle = heading;
      return;
    }
    // A paragraph that asks ("I deleted a lot of data but the file did not get any smaller. Is this
    // a bug?", a FAQ's entry) is what the paragraphs after it answer: their heading, not an answer.
    // (Only a paragraph whose last line ends so is joined to be read: statements reads every passage Map sees.)
    const asked = !item && para.at(-1)!.endsWith('?') ? para.join(' ').replace(/\s+/g, ' ').trim() : '';
    if (asked && asked.split(' ').length <= QUESTION_WORDS) {
      // One after another that nothing answered stands under the same heading (a list of questions).
      const under = asking ? asking.under : heading;
      retitle(asked);
      asking = { lines: para, under };
      return;
    }
    sentencesOf(para, item);
  };
  const lines = continuedItems(text.split(/\r?\n/));
  // A table's column names (pipeTable.ts), from its header line on, until a line that is not a row.
  let columns: string[] = [];
  lines.forEach((raw, i) => {
    const line = raw.trim();
    const cells = pipeCells(line);
    if (!cells) columns = [];
    const h = HEADING.exec(line);
    if (cells) {
      // Each row a statement of its own that names its columns; the header itself is none.
      flush();
      if (isDelimiterLine(line)) return;
      if (isDelimiterLine(lines[i + 1] ?? '')) columns = cells;
      else {
        const row = rowStatement(cells, columns);
        if (row.length >= 12 && /\p{L}|\p{N}/u.test(row)) say({ text: row, ...(heading ? { heading } : {}), row: line });
      }
    } else if (h) {
      flush();
      retitle(h[1]!.trim());
    } else if (!line) flush();
    else if (RULE.test(line)) {
      // A rule drawn across the page ends the paragraph above it even without a blank line between
      // them ("… any preference." then "--------"): a section break, never the end of a sentence.
      flush();
      paragraph.push(line);
      flush();
    } else if (opensItem(line, lines, i)) {
      // A list's item begins a paragraph of its own, which the lines it wraps onto continue: a
      // Markdown or text list's items, one per line, are as many statements, not one run-on.
      flush();
      paragraph.push(line);
      inItem = true;
      items++;
    } else if (isTitleLine(line, paragraph, lines[i + 1]) || isSignatureLine(line, paragraph)) {
      // A PDF's section title stands on its own line, without a mark ("Dumb", "28.2 Finding Roots").
      flush();
      retitle(line);
    } else paragraph.push(line);
  });
  flush();
  // A question that ends the passage is answered in the next one, unless it ends a list of questions.
  if (listed || out.length === 0) unanswered();
  if (out.length === 0 && lastTitle && lastTitle.length >= 12 && !isFragment(lastTitle)) out.push({ text: lastTitle });
  return out;
}

/**
 * The lines of a passage with each list item that goes on with the sentence above it joined to
 * that sentence: an item that opens with a small letter under a line that ends with a comma or a
 * semicolon, or with a word where a line of more words than a title's has not ended ("… in
 * different ways:", "* From the menu Tools → Crop,", "* by using the keyboard shortcut Shift+C.";
 * "… handles disappear and", "* holding down the Ctrl key toggles …"). Such a list is one sentence
 * laid out over lines, read whole as its author wrote it, not as points that each say half of it.
 */
function continuedItems(lines: readonly string[]): string[] {
  const out: string[] = [];
  for (const raw of lines) {
    const line = raw.trim();
    const mark = BULLET.exec(line) ?? NUMBER_MARK.exec(line);
    const rest = mark ? line.slice(mark[0].length) : '';
    if (mark && /^\p{Ll}/u.test(rest)) {
      // The line above that says something, across blank lines, and whether it goes on.
      let j = out.length - 1;
      while (j >= 0 && !out[j]!.trim() && out.length - j <= 3) j--;
      const above = j >= 0 ? out[j]!.trim() : '';
      const goesOn = /[,;]$/.test(above) || (/\p{Ll}$/u.test(above) && above.split(/\s+/).length > TITLE_WORDS);
      if (above && goesOn && !HEADING.test(above) && !pipeCells(above) && !RULE.test(above)) {
        out.length = j + 1;
        out.push(rest);
        continue;
      }
    }
    out.push(raw);
  }
  return out;
}

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
/** A line that is one mark drawn across the page: "-----", "* * *", "=====", "_____". */
const RULE = /^([-=_*~─━])(?:\s?\1){2,}$/u;

/** A sentence that sends the reader elsewhere ("See also: …", "Zie ook …"): no answer, and no neighbour of one. */
const points = (s: string): boolean => POINTERS.has((/^[\p{L}]+/u.exec(s)?.[0] ?? '').toLowerCase());

/** A paragraph that ends with a question mark, of at most this many words, is a question its next paragraphs answer. */
const QUESTION_WORDS = 40;

/**
 * A sentence of under four words, without a figure or a closing mark, is a title ("Examples"); one
 * with its full stop says something ("Default is nocrop.") or is a word of reply ("No.", too short
 * to show), and titles nothing.
 */
const isShortTitle = (s: string): boolean => s.split(' ').length < 4 && !/\d/.test(s) && !/[.!?,]$/.test(s);

/** A one-line paragraph of at most this many words, without a closing mark, is a title. */
const TITLE_WORDS = 7;

/** A short line that opens a paragraph, ends without a mark and is followed by a capitalised line: a title. */
function isTitleLine(line: string, paragraph: readonly string[], next: string | undefined): boolean {
  const opens = paragraph.length === 0 || /[.!?:]$/.test(paragraph[paragraph.length - 1]!);
  return opens && line.split(/\s+/).length <= 4 && !/[.!?:;,]$/.test(line) && /^[\p{Lu}\p{N}]/u.test(line) && /^\s*\p{Lu}/u.test(next ?? '');
}

/**
 * A function's call form on a line of its own, opening a paragraph ("linspace ( start , end , n )",
 * "[q, r] = deconv (y, a)", "lapply(X, FUN, ...)", a decorator's "@functools.lru_cache(maxsize=128)"):
 * a reference manual's entry title, what the sentences below it describe.
 */
function isSignatureLine(line: string, paragraph: readonly string[]): boolean {
  const opens = paragraph.length === 0 || /[.!?:]$/.test(paragraph[paragraph.length - 1]!);
  return opens && line.length <= SIGNATURE_CHARS && SIGNATURE.test(line) && !isExampleCall(line);
}

/**
 * A call with a number where a parameter's name would stand ("repelem ("Octave", 2, 3)",
 * "mtext(1, text = "X Axis Label", line = 6)"): an example of the call, not its form, and no title
 * of the sentences below it (Octave's "repelem ("Octave", 2, 3): The functions linspace and logspace
 * …" over the next entry's introduction). A manual page's reference ("gitk(1)") is a title.
 * eval:docs, keywords: fact in answer 0.606 → 0.614, answerable → "not found" 0.015 → 0.008,
 * Python's unanswerable → "not found" 1 → 2 of 3; hit@1 0.508 → 0.500 (conv-linspace.1's page 1st
 * → 2nd, now answered with its entry's "Return a row vector with n linearly spaced elements").
 */
function isExampleCall(line: string): boolean {
  if (MANUAL_PAGE.test(line)) return false;
  const args = line.slice(line.indexOf('(') + 1, line.lastIndexOf(')'));
  return args.split(',').some((a) => NUMBER_ARGUMENT.test(a));
}
const MANUAL_PAGE = /^[\p{L}\p{N}_.-]+\(\d\p{L}*\)$/u;
const NUMBER_ARGUMENT = /^\s*[-+]?\d[\d.]*(?:e[-+]?\d+)?\s*$/i;
// A decorator's form titles an entry where it names its module ("@functools.lru_cache(…)"); an
// example's names the function as imported ("@lru_cache(maxsize=32)" above the example's "def").
const SIGNATURE = /^(?:(?:\[[^\]]*\]|[\p{L}_][\p{L}\p{N}_]*)\s*=\s*)?(?:@(?=[\p{L}_][\p{L}\p{N}_]*\.))?[\p{L}_][\p{L}\p{N}_.]*\s?\([^()]*\)$/u;
const SIGNATURE_CHARS = 80;

export const sentences = (text: string): string[] => statements(text).map((s) => s.text);

/** writtenWords' readings, per question and index statistics. */
const WRITTEN_WORDS = new WeakMap<MapQuestion, { termStats: TermStats | undefined; words: WrittenWords }>();

interface WrittenWords {
  /** The question's words (contentTerms of its resolved question). */
  own: string[];
  /** Those the files write otherwise (writtenFormsOf). */
  translated: WrittenFormsMap;
  /** The same by the words' stems, each part's alternatives stemmed. */
  written: Map<string, string[][]>;
}

/**
 * A question's words and how the files write them, read once per question: Map's coverage (for its
 * candidates, the passage order and Confidence) and its words of a fact all read the same.
 */
function writtenWords(question: MapQuestion, termStats: TermStats | undefined): WrittenWords {
  const kept = WRITTEN_WORDS.get(question);
  if (kept && kept.termStats === termStats) return kept.words;
  const own = contentTerms(question, question.resolved_query);
  const translated = writtenFormsOf(own, question.language, termStats, question.resolved_query);
  const words = { own, translated, written: new Map([...translated].map(([t, parts]) => [stem(t), parts.map((p) => p.map(stem))])) };
  WRITTEN_WORDS.set(question, { termStats, words });
  return words;
}

/**
 * How much of the question a sentence covers: the share of the question's words it contains,
 * each weighted by its rarity in the index, the rewrite's added words at half.
 */
export function questionCoverage(question: MapQuestion, termStats?: TermStats, knownOnly = false): (sentence: string) => number {
  // A word of the question's language counts where a passage writes it in the documents' ("poort": port).
  const { own, translated, written } = writtenWords(question, termStats);
  // A follow-up's own words are its focus; what the rewrite resolved them against is context.
  const focus = question.original_query !== undefined ? new Set(queryTerms(question.original_query)) : undefined;
  const added = queryTerms(question.keywords.join(' ')).filter((t) => !own.includes(t));
  const df = termStats ? conceptFrequency(termStats, [...own, ...added], translated) : undefined;
  const idf = df ? termStats!.idfOf(df) : undefined;
  // A word no passage has cannot be covered by any sentence. Map counts it (a passage that covers
  // only a question's other words answers less of it); Confidence leaves it out (knownOnly) and
  // weighs such words apart, as their number depends on how large the index is.
  const known = (t: string): boolean => !knownOnly || !df || df.get(t)! > 0;
  const weights = new Map<string, number>();
  for (const t of own.filter(known)) weights.set(stem(t), (focus && focus.size && !focus.has(t) ? CONTEXT_WEIGHT : 1) * (idf?.get(t) ?? 1));
  for (const t of added.filter(known)) if (!weights.has(stem(t))) weights.set(stem(t), ADDED_WEIGHT * (idf?.get(t) ?? 1));
  // An identifier the question names ("shared_buffers", "write.csv") counts as written, with its
  // parts' weight: "wal_buffers" or "shared memory" does not cover a part of it.
  const named = identifiers(question.resolved_query);
  const partsOf = new Map(named.map((id) => [id, [...new Set(id.split(/[_.]+/).map(stem))]]));
  // A part stays a word of its own where the question also says it apart, or another identifier has it too.
  const loose = ownOutside(question.resolved_query, named);
  const elsewhere = (w: string, id: string): boolean => loose.has(w) || named.some((other) => other !== id && partsOf.get(other)!.includes(w));
  const whole = new Map<string, number>();
  const absorbed: string[] = [];
  for (const id of named) {
    const parts = partsOf.get(id)!.filter((w) => weights.has(w));
    if (!parts.length) continue;
    whole.set(id, parts.reduce((a, w) => a + weights.get(w)!, 0));
    absorbed.push(...parts.filter((w) => !elsewhere(w, id)));
  }
  for (const w of absorbed) weights.delete(w);
  const total = [...weights.values(), ...whole.values()].reduce((a, b) => a + b, 0) || 1;
  // A word the document says differently ("kost" asked, "prijs" written) counts at RELATED_CREDIT.
  // So does the one who does what a verb asked says ("who owns …?": "Owner:"), where the index has that word.
  const doers = (t: string): string[] => (termStats ? agentNouns(stem(t), question.language, termStats) : []);
  const related = new Map([...own, ...added].map((t) => [stem(t), [...relatedWords(t), ...doers(t)].map(stem)]));
  return (sentence) => {
    const words = new Set(queryTerms(sentence).map(stem));
    let covered = 0;
    for (const [w, weight] of weights) {
      // A word written otherwise is covered by the share of its parts the sentence says ("paspoortnummer": passport and number).
      const parts = written.get(w);
      const said = words.has(w) ? 1 : parts ? parts.filter((p) => p.some((f) => words.has(f))).length / parts.length : 0;
      if (said > 0) covered += said * weight;
      else if (related.get(w)?.some((r) => words.has(r))) covered += RELATED_CREDIT * weight;
    }
    if (whole.size) {
      // A qualified name and its own name are one thing: "functools.lru_cache" asked, a page on it
      // says "lru_cache"; "pg_class" asked, a query names "pg_catalog.pg_class" (sameName).
      const ids = identifiers(sentence);
      for (const [id, weight] of whole) if (ids.some((w) => sameName(id, w))) covered += weight;
    }
    return covered / total;
  };
}

/** The endings that make a verb's stem its agent noun, per language (mapWords.json agentEndings). */
const AGENT_ENDINGS = WORDS.agentEndings as Record<string, readonly string[]>;

/** The agent nouns of a verb's stem that the index has ("own" → owner, "edit" → editor, "write" → writer), in the question's language. */
function agentNouns(verb: string, language: string | undefined, termStats: TermStats): string[] {
  const endings = language !== undefined && Object.hasOwn(AGENT_ENDINGS, language) ? AGENT_ENDINGS[language]! : [];
  if (!endings.length || !/^\p{Ll}{3,}$/u.test(verb)) return [];
  // The stem's last letter is not written twice where the ending begins with it ("write" + "er": writer).
  const forms = endings.map((e) => (verb.endsWith(e[0]!) ? verb + e.slice(1) : verb + e)).filter((f) => stem(f) !== verb);
  const df = termStats.documentFrequency(forms);
  return forms.filter((f) => df.get(f)! > 0);
}

/**
 * How many passages hold each word, a word with translations counted by its most frequent form (a
 * Dutch "poort" over English manuals is as common as "port"), a compound by its rarest part (a
 * "paspoortnummer" is no commoner than a passport).
 */
export function conceptFrequency(termStats: TermStats, words: readonly string[], translated: ReadonlyMap<string, readonly (readonly string[])[]>): Map<string, number> {
  const df = termStats.documentFrequency([...words, ...[...translated.values()].flat(2)]);
  const partFrequency = (part: readonly string[]): number => Math.max(0, ...part.map((f) => df.get(f) ?? 0));
  return new Map(words.map((w) => {
    const parts = translated.get(w);
    return [w, Math.max(df.get(w) ?? 0, parts?.length ? Math.min(...parts.map(partFrequency)) : 0)];
  }));
}

/** The stems of a text's words outside the identifiers it names. */
function ownOutside(text: string, named: readonly string[]): Set<string> {
  let rest = text.toLowerCase().normalize('NFKC');
  for (const id of named) rest = rest.split(id).join(' ');
  return new Set(queryTerms(rest).map(stem));
}

/** A file's name as words ("heat-pump-manual.pdf" → "heat pump manual"). */
export function fileTitle(path: string): string {
  return nameWords(basename(path).replace(/\.[^.]+$/, '')).trim();
}

/**
 * A file's place as words: the names of the folders between its indexed folder and it, then its
 * own name ("Manuals/heat-pump/installation.pdf" under "Manuals" → "heat pump installation"). A
 * user files things by what they are about, as a file's name says it. A file outside every
 * indexed folder: its name alone.
 */
export function fileContext(store: IndexStore): (path: string) => string {
  const folders = foldersWithin(store);
  return (path) => [...folders(path).map(nameWords), fileTitle(path)].join(' ').trim();
}

/** The question's own words (stemmed) that a sentence contains, the rarest in the index first (with its statistics; else as asked). */
export function questionWordsIn(question: MapQuestion, termStats?: TermStats): (sentence: string) => string[] {
  // A word is said where the sentence writes it as the files' language does, every part of it
  // ("registration" in a Dutch note's "kenteken"), as questionCoverage reads it.
  const { own: terms, written } = writtenWords(question, termStats);
  const idf = termStats?.idf(terms);
  const own = [...new Set([...terms].sort((a, b) => (idf?.get(b) ?? 0) - (idf?.get(a) ?? 0)).map(stem))];
  return (sentence) => {
    const words = new Set(queryTerms(sentence).map(stem));
    return own.filter((w) => words.has(w) || (written.get(w)?.every((p) => p.some((f) => words.has(f))) ?? false));
  };
}

export interface ExtractiveMapOptions {
  termStats?: TermStats;
  perHit?: number;
  /** The hits' passage texts, where the caller has read them already (passageTexts). */
  texts?: ReadonlyMap<number, string>;
  /** A file's place as words, where the caller has it already (fileContext). */
  placeOf?: (path: string) => string;
}

/** The texts of the hits' passages, by chunk id, a table's header before rows that go on from a passage before (withTableHeader). */
export function passageTexts(store: IndexStore, hits: readonly SearchHit[]): Map<number, string> {
  const q = store.prepared('SELECT text FROM chunks WHERE id = ?');
  const headed = tableHeaderReader(store);
  const templates = SiteTemplates.of(store);
  return new Map(
    hits.flatMap((h) => {
      const row = q.get(h.chunkId) as { text: string } | undefined;
      return row ? [[h.chunkId, headed(h.chunkId, templates.strip(h.path, row.text))] as const] : [];
    }),
  );
}

/** Passages looked back over for the header of a table whose rows a passage goes on with. */
const TABLE_LOOKBACK = 3;

/** The text of the passage `step` places after a passage in its file (before it where negative), if there is one. */
function passageNear(store: IndexStore): (chunkId: number, step: number) => string | undefined {
  const near = store.prepared('SELECT n.text FROM chunks c JOIN chunks n ON n.file_id = c.file_id AND n.ordinal = c.ordinal + ? WHERE c.id = ?');
  return (chunkId, step) => (near.get(step, chunkId) as { text: string } | undefined)?.text;
}

/** withTableHeader over the passages before a passage in its file. */
function tableHeaderReader(store: IndexStore): (chunkId: number, text: string) => string {
  const near = passageNear(store);
  return (chunkId, text) => withTableHeader(text, (step) => near(chunkId, -step));
}

/**
 * A passage that opens with a table's rows (pipeTable.ts) without its header, the header of the
 * table they go on from: the passage's cut fell inside a long table, and its rows would be read
 * without their columns' names. `before(n)`: the passage n places before it, if any.
 */
export function withTableHeader(text: string, before: (step: number) => string | undefined): string {
  const lines = text.split('\n').filter((l) => l.trim());
  const first = lines[0] !== undefined ? pipeCells(lines[0]) : null;
  if (!first || isDelimiterLine(lines[0]!) || isDelimiterLine(lines[1] ?? '')) return text;
  for (let step = 1; step <= TABLE_LOOKBACK; step++) {
    const previous = before(step);
    if (previous === undefined) return text;
    const rows = previous.split('\n').filter((l) => l.trim());
    // From its end back: the rows of the table it ends in, up to the table's header.
    let i = rows.length - 1;
    while (i >= 0 && pipeCells(rows[i]!) && !isDelimiterLine(rows[i]!)) i--;
    if (i >= 1 && isDelimiterLine(rows[i]!) && pipeCells(rows[i - 1]!)?.length === first.length) return `${rows[i - 1]}\n${rows[i]}\n${text}`;
    // A passage that is all rows: the header is further back.
    if (i >= 0) return text;
  }
  return text;
}

/**
 * How many passages either side of a hit Map reads with it (eval:docs, keywords: fact in answer
 * 0.432 → 0.485 at 1, 0.492 at 2; later, 0.621 → 0.629 at 3, the same at 4; at 6, one Dutch answer
 * more and a longer median answer). A manual's entry often states its defaults three passages
 * after its syntax ("The defaults for set key are … samplen 4").
 */
export const WINDOW_PASSAGES = 3;

/**
 * The passages around each hit in its file, up to WINDOW_PASSAGES either side under the same
 * heading, as hits of their own at the hit's rank: a section cut into passages often has its
 * answer in a part the search ranked lower (the definition's paragraph above the one that names
 * the setting most often). A passage found already keeps its own place; each is cited on its own
 * page. Their texts are added to `texts`.
 */
export function passageWindows(store: IndexStore, hits: readonly SearchHit[], texts: Map<number, string>): SearchHit[] {
  const around = store.prepared(
    `SELECT n.id, n.page, n.text FROM chunks c JOIN chunks n ON n.file_id = c.file_id AND n.heading = c.heading
      AND n.ordinal BETWEEN c.ordinal - ? AND c.ordinal + ? AND n.id != c.id WHERE c.id = ? ORDER BY n.ordinal`,
  );
  const seen = new Set(hits.map((h) => h.chunkId));
  const headed = tableHeaderReader(store);
  const templates = SiteTemplates.of(store);
  const out: SearchHit[] = [];
  for (const hit of hits) {
    const { alsoIn: _copies, ...base } = hit;
    for (const n of around.all(WINDOW_PASSAGES, WINDOW_PASSAGES, hit.chunkId) as { id: number; page: number | null; text: string }[]) {
      if (seen.has(n.id)) continue;
      seen.add(n.id);
      const text = templates.strip(hit.path, n.text);
      texts.set(n.id, headed(n.id, text));
      out.push({ ...base, chunkId: n.id, page: n.page, snippet: text.slice(0, 200), bm25Rank: null, vectorRank: null });
    }
  }
  return out;
}

/**
 * Each hit's standing in the list: 1 for the first, then falling as reciprocal rank fusion's
 * weights do, by its place among the hits' distinct scores (a passage read beside a hit stands
 * where the hit does). The same scale however the search fused its two sides: fused by score, a
 * passage's share of the best score fell far faster than fused by rank or by keywords alone.
 */
export function standings(hits: readonly SearchHit[]): (hit: SearchHit) => number {
  const distinct = [...new Set(hits.map((h) => h.score))].sort((a, b) => b - a);
  const place = new Map(distinct.map((score, i) => [score, i]));
  return (hit) => (RRF_K + 1) / (RRF_K + 1 + (place.get(hit.score) ?? distinct.length));
}

/** One sentence of a hit, scored as a possible answer. */
export interface MapCandidate {
  hit: SearchHit;
  quote: string;
  heading: string;
  /** The title it stands under in its passage, if any ("ort", "shared_buffers (integer)"). */
  section?: string;
  /** Its place in the passage's statements. */
  index: number;
  /** A table's row: the line it was read from (statements). */
  row?: string;
  /** The part of its passage it stands in (statements). */
  part?: number;
  /** The list's item it stands in (statements). */
  item?: number;
  /** Its section's title gives the kind of answer asked for that the sentence does not (an option's name): shown before it. */
  titleGives?: boolean;
  coverage: number;
  rank: number;
  /** 0..1: by the question's words it covers and its passage's rank. */
  score: number;
  /** The score as its passage's evidence: without the answer types that pick a sentence of a page, not the page (SENTENCE_ONLY). */
  pageScore: number;
}

/**
 * Every statement of the hits as a candidate answer, scored by the question's words it covers
 * (weighted by rarity in the index, its title and file name counting as context) and its
 * passage's rank.
 */
export function mapCandidates(texts: ReadonlyMap<number, string>, hits: readonly SearchHit[], question: MapQuestion, options: Pick<ExtractiveMapOptions, 'termStats'> & { coverageOf?: (text: string) => number; titleOf?: (path: string) => string } = {}): MapCandidate[] {
  // The caller's questionCoverage of the same question, where it has one (extractiveMap's, for its excerpts too).
  const coverageOf = options.coverageOf ?? questionCoverage(question, options.termStats);
  const types = answerTypes(question.resolved_query, question.language);
  const pageTypes = types.filter((t) => !SENTENCE_ONLY.has(t));
  const standing = standings(hits);
  return hits.flatMap((hit) => {
    const text = texts.get(hit.chunkId);
    if (text === undefined) return [];
    // A sentence in a passage that is about the whole question is likelier its answer than one
    // that shares a word by chance. The file's name is context too, like a heading: a sentence
    // of heat-pump-manual.pdf is about a heat pump even when it says "the unit".
    const title = (options.titleOf ?? fileTitle)(hit.path);
    const passageCoverage = coverageOf(`${title} ${text}`);
    return statements(text).flatMap(({ text: quote, heading, row, part, item }, index): MapCandidate[] => {
      // A statement of more than RUN_ON_WORDS words without a mark anywhere is a list or an index run
      // together ("radians, Mathematical Functions and Operators radius, Geometric Functions …", a book
      // index), not an answer.
      if (!row && !/[.!?;:]/u.test(quote) && quote.split(/\s+/).length > RUN_ON_WORDS) return [];
      // The question's words in the sentence itself count once more: of two sentences under the
      // same title, the one that says "warranty" answers "how long is the warranty?".
      const coverage = (1 - PASSAGE_WEIGHT - SELF_WEIGHT - HEAD_WEIGHT) * coverageOf(`${title} ${heading ?? ''} ${quote}`) + SELF_WEIGHT * coverageOf(quote) + HEAD_WEIGHT * (heading ? coverageOf(heading) : 0) + PASSAGE_WEIGHT * passageCoverage;
      const rank = standing(hit);
      // A sentence that gives what the question asks for (a default, a figure, code) is likelier its answer;
      // each kind's mark read once, for the sentence's score and for its page's.
      const base = 0.75 * coverage + 0.25 * rank;
      // A reference's entry gives the code it is about in its title ("-d --delete" over "Delete existing
      // tags with the given names."): the sentence under it shows how, with its title.
      const own = types.filter((t) => givesType(quote, [t]));
      const titled = heading !== undefined && heading.length <= TITLE_CODE_CHARS ? types.filter((t) => TITLE_GIVES.has(t) && !own.includes(t) && givesType(heading, [t])) : [];
      const given = [...own, ...titled];
      const typedBy = (ts: readonly string[]): number => (ts.length ? (1 - TYPE_WEIGHT) * base + TYPE_WEIGHT * (ts.every((t) => given.includes(t)) ? 1 : 0) : base);
      const typed = typedBy(types);
      return [{ hit, quote, pageScore: pageTypes.length === types.length ? typed : typedBy(pageTypes), heading: [title, heading].filter(Boolean).join(' '), ...(heading ? { section: heading } : {}), ...(titled.length ? { titleGives: true } : {}), ...(row ? { row } : {}), ...(part ? { part } : {}), ...(item ? { item } : {}), index, coverage, rank, score: typed }];
    });
  });
}

/**
 * How much less a sentence counts whose file is outside the folders the question names, where a
 * passage searched is in one ("… in Python?": a sentence of a python/ page over git-config.html's "If
 * not set, fall back to the value of the SSH_ASKPASS environment variable"). Search prefers such passages
 * (namedFolders.ts) but a sentence elsewhere that says more of the question's other words was
 * still Map's best: a manual's name is a word of every page, so its weight by rarity is low.
 * eval:docs --vectors off: Python part hit@1 0.514 → 0.600, MRR@10 0.609 → 0.672, fact in answer
 * 0.343 → 0.371, every other part the same, but one of SQLite's unanswerable questions answered at
 * 0.44 (was 0.18: its best sentence, PostgreSQL's, lacked "SQLite"); at 0.15 Python's MRR 0.657;
 * at 0.5 the same as 0.3 and a Dutch unanswerable question answered.
 */
export const NAMED_FOLDER_SHARE = 0.3;

/** Candidates of files outside the folders the question names scored NAMED_FOLDER_SHARE less, where a hit is in one. */
function outsideNamedFolders(store: IndexStore, hits: readonly SearchHit[], terms: readonly string[], candidates: MapCandidate[]): MapCandidate[] {
  const named = inNamedFolder(store, terms);
  if (!hits.some((h) => named(h.path))) return candidates;
  const less = (x: number): number => x * (1 - NAMED_FOLDER_SHARE);
  return candidates.map((c) => (named(c.hit.path) ? c : { ...c, score: less(c.score), pageScore: less(c.pageScore) }));
}

/**
 * The extractive Map stage (no language model needed): each hit's statements scored
 * (mapCandidates); the best one or two per hit become facts, each with its neighbour where it
 * leans on it ("It defaults to …") or introduces it ("… as follows:"). Meaning is not compared:
 * the encoder's closeness of a sentence to the question picked the answering sentence less often
 * than the words alone on the real manuals (eval:docs, with vectors, standalone questions: fact
 * in answer 0.393 with meaning at a fifth of the score, 0.452 at a tenth, 0.500 without). A
 * promise, as the model's Map is.
 */
export function extractiveMap(store: IndexStore, hits: readonly SearchHit[], question: MapQuestion, options: ExtractiveMapOptions = {}): Promise<Fact[]> {
  const near = passageNear(store);
  const templates = SiteTemplates.of(store);
  const nearText = (hit: SearchHit, step: number): string => templates.strip(hit.path, near(hit.chunkId, step) ?? '');
  const wordsIn = questionWordsIn(question, options.termStats);
  const texts = options.texts ?? passageTexts(store, hits);
  const cover = questionCoverage(question, options.termStats);
  // The question's words as Map reads them (writtenWords, already read for the coverage above).
  const candidates = outsideNamedFolders(store, hits, writtenWords(question, options.termStats).own, mapCandidates(texts, hits, question, { termStats: options.termStats, coverageOf: cover, titleOf: options.placeOf ?? fileContext(store) }));
  const facts: Fact[] = [];
  for (const hit of hits) {
    const own = candidates.filter((c) => c.hit === hit);
    const covering = own.filter((c) => c.coverage > 0);
    const scored = [...covering].sort((a, b) => b.score - a.score).slice(0, options.perHit ?? 2);
    // What the passage says for itself, as the rerank reads it: its best sentence by the types that rank pages.
    const pageScore = Math.max(0, ...covering.map((c) => c.pageScore));
    for (const s of scored) {
      const passage = texts.get(hit.chunkId) ?? '';
      const whole = introduced(continued(begun(withNeighbour(own, s, wordsIn), passage, () => nearText(hit, -1)), passage, () => nearText(hit, 1)), passage, () => nearText(hit, 1));
      const quote = excerpt(whole, cover);
      const words = wordsIn(s.heading ? `${s.heading} ${quote}` : quote);
      facts.push({ quote, path: hit.path, page: hit.page, chunkId: hit.chunkId, score: round(s.score), ...(pageScore !== s.score ? { pageScore: round(pageScore) } : {}), coverage: round(s.coverage), words, ...(s.heading ? { heading: s.heading } : {}), ...(addressesAssistant(passage) ? { addressed: true } : {}), ...(s.row ? { row: s.row } : {}), ...(s.item ? { item: true } : {}) });
    }
  }
  return Promise.resolve(facts.sort((a, b) => b.score - a.score));
}

/**
 * A quote of more words than this, whose sentence runs on past it (a table or a list a PDF ran
 * together), is shown in part. eval:docs, keywords: 9 of 220 answers shorter, figures the same,
 * median answer 646 → 632 characters; at 60, 22 answers and AUROC 0.996 → 0.995.
 */
const LONG_QUOTE_WORDS = 80;
/** The words of the part shown: the run of this many that covers most of the question. */
const EXCERPT_WORDS = 40;

/**
 * A quote whose sentence runs on past LONG_QUOTE_WORDS without a sentence's end (a table's rows or
 * a list that a PDF gives as one line), as the EXCERPT_WORDS of it that cover most of the question,
 * marked "…" where cut; any other quote as it is.
 */
export function excerpt(quote: string, cover: (text: string) => number): string {
  const words = quote.split(/\s+/).filter(Boolean);
  if (words.length <= LONG_QUOTE_WORDS) return quote;
  const longest = Math.max(...quote.split(/[.!?](?=\s|$)/u).map((x) => x.split(/\s+/).filter(Boolean).length));
  if (longest <= LONG_QUOTE_WORDS) return quote;
  let best = 0;
  let bestAt = 0;
  for (let i = 0; i + EXCERPT_WORDS <= words.length; i++) {
    const c = cover(words.slice(i, i + EXCERPT_WORDS).join(' '));
    if (c > best) [best, bestAt] = [c, i];
  }
  const end = bestAt + EXCERPT_WORDS;
  return `${bestAt > 0 ? '… ' : ''}${words.slice(bestAt, end).join(' ')}${end < words.length ? ' …' : ''}`;
}

/** A title's section number, left out where the title is shown before its sentence ("6.26. Flatten Image", "6.3 Installing packages"; not "8 bit images"). */
const SECTION_NUMBER = /^(?:\p{N}+\.)+\p{N}*\s+(?=\p{L})/u;

/**
 * A sentence with the one before it where it leans on it (opens with "It", "This", …) and the one
 * after it where it introduces it (ends with ":"), is too short to stand alone, or where the two
 * still make a short paragraph under the same title: a definition's next sentence is often its
 * default or its limit. Only a sentence under the same title is a neighbour: one that leans on
 * its title ("ort" over "This is the default merge strategy …") is shown after the title, not
 * after the last sentence of the section before it, and so is one that does not name it.
 */
function withNeighbour(sentences: readonly MapCandidate[], s: MapCandidate, asked: (text: string) => string[]): string {
  // A table's row says what it says by itself, in its columns' names.
  if (s.row) return s.quote;
  const at = (i: number): MapCandidate | undefined => sentences.find((c) => c.index === i && c.section === s.section && c.part === s.part && !c.row);
  const words = s.quote.match(/[\p{L}\p{N}]+/gu) ?? [];
  const leans = CONTINUATIONS.has((words[0] ?? '').toLowerCase());
  // A list's item leans on nothing before it but its own lines: the item before is another point.
  // The same words again are no neighbour (two figures' captions side by side: "“Luma” applied." twice).
  const repeats = (c: MapCandidate | undefined): boolean => c !== undefined && flat(c.quote).toLowerCase() === flat(s.quote).toLowerCase();
  const previous = leans ? [at(s.index - 1)].find((c) => c?.item === s.item && !repeats(c)) : undefined;
  const next = [at(s.index + 1)].find((c) => !repeats(c));
  // A sentence that does not name what its section is about is shown after the section's short title
  // ("random_page_cost (floating point): The default is 4.0."), as is one that leans on its title.
  const around = `${previous?.quote ?? ''} ${s.quote} ${next?.quote ?? ''}`;
  const said = new Set(queryTerms(around));
  const unnamed = s.section !== undefined && s.section.length <= TITLE_CHARS && !queryTerms(s.section).some((w) => said.has(w));
  // A title that holds a word the question asks and the sentences do not say is part of the answer, however long
  // ("Maintenance of the Polo (registration GX-123-B)" over "The last inspection was …", asked its registration).
  const askedAround = s.section !== undefined ? new Set(asked(around)) : undefined;
  const holds = s.section !== undefined && asked(s.section).some((w) => !askedAround!.has(w));
  // A title that ends with a mark of its own ("Some other examples:") keeps it alone; one before a
  // field ("Premium: EUR 38.50") is set off by a dash, not a second colon.
  const before = previous?.quote ?? (s.section && (leans || unnamed || holds || s.titleGives) ? s.section.replace(SECTION_NUMBER, '').replace(/[^.:;!?]$/u, isField(s.quote) ? '$& —' : '$&:') : undefined);
  const fits = next !== undefined && (before ?? '').length + s.quote.length + next.quote.length <= WINDOW;
  // A list's item is a point of its own: the next item follows it only where it introduces it.
  const introduces = /:$/.test(s.quote);
  const sameItem = next?.item === s.item;
  const after = introduces || (sameItem && (words.length < 6 || fits || (next !== undefined && showsCode(next.quote)))) ? next?.quote : undefined;
  return [before, s.quote, after].filter(Boolean).join(' ');
}

/**
 * Answer types a section's title gives for the sentences under it, where it is at most
 * TITLE_CODE_CHARS long: "procedure" (a reference's entry titled by its option or call: "-d
 * --delete", "seq(from, to)"). eval:docs --vectors off, fact in answer: tuned 0.583 → 0.598,
 * Dutch 0.619 → 0.571 (git-autocrlf.nl's third fact); with every type, also quantities' titles
 * ("4.2 Storage Size"): conversation turns lost a fact and answered one "not found".
 */
const TITLE_GIVES = new Set(['procedure']);
const TITLE_CODE_CHARS = 80;

/** A call with its arguments ("dim(z) <- c(3,5,100)", "outer(a, b, \"*\")"), an R assignment or operator ("<-", "%o%"). */
const CODE = /[\p{L}_][\p{L}\p{N}_.]*\([^()]*\)|\s<-\s|%[\p{L}*/]*%/u;
/** A next sentence of at most this many characters that shows code is shown after the one it follows, whatever their length. */
const CODE_SENTENCE_CHARS = 250;
/** The sentence after an answer that shows how it is done: a short one with code in it. eval:docs, keywords: held-out fact 0.450 → 0.475, 5 of 220 answers changed. */
const showsCode = (s: string): boolean => s.length <= CODE_SENTENCE_CHARS && CODE.test(s);

/** The most of the next passage that finishes a quote's last sentence; a longer rest is not shown. */
const CONTINUATION_CHARS = 300;

/** A sentence of more words than this, without a mark, is a table's rows or a list run together, not prose that runs on. */
const RUN_ON_WORDS = 40;

/**
 * A quote whose last sentence runs on past its passage's end (a PDF page ends mid-sentence: "…
 * where name is the name of") with the words of the next passage that finish it, up to the mark
 * that closes it. Only prose runs on: the quote ends in a word or a comma, its last sentence is
 * no longer than RUN_ON_WORDS, and the next passage goes on in lower case (not a title, a table's
 * next row, code or a section number). eval:docs: 10 of 220 answers changed, each a sentence finished
 * ("… where name is the name of" + "the topic help is sought for."); figures unchanged.
 */
export function continued(quote: string, passage: string, nextPassage: () => string): string {
  const end = flat(passage);
  const q = flat(quote);
  if (!/[\p{L},]$/u.test(end) || !end.endsWith(q.slice(-40))) return quote;
  if (q.split(/[.!?;:](?=\s)/u).at(-1)!.split(' ').length > RUN_ON_WORDS) return quote;
  const rest = flat(nextPassage()).slice(0, CONTINUATION_CHARS);
  // The first mark before a space closes it, but not one after a lone letter ("(p. 153)", "Mr. T").
  const close = /^\p{Ll}/u.test(rest) ? /(?<![\s(]\p{L})[.!?](?=\s|$)/u.exec(rest) : null;
  return close ? `${quote} ${rest.slice(0, close.index + 1)}` : quote;
}

/** The most of what a quote introduces that is shown after it: whole lines up to this many characters. */
const INTRODUCED_CHARS = 250;

/**
 * A quote that ends by introducing what follows ("… for example:", "The basic usage of this
 * command is:") with what follows it in its passage, or at the next passage's start where it ends
 * its passage: the block up to the next blank line, in whole lines up to INTRODUCED_CHARS (one
 * longer line cut at a word, marked "…"). Code a manual shows after such a sentence ("pg_restore
 * -d dbname filename") stands on lines of its own that statements reads as titles, never as the
 * sentence's neighbour.
 */
export function introduced(quote: string, passage: string, nextPassage: () => string): string {
  const q = flat(quote);
  if (!q.endsWith(':')) return quote;
  // Where the quote's last words stand in the passage, its lines as written.
  const tail = q.slice(-40).split(' ').filter(Boolean).map(escapeRegExp).join('\\s+');
  const at = new RegExp(tail, 'u').exec(passage);
  if (!at) return quote;
  const after = passage.slice(at.index + at[0].length);
  const rest = after.trim() ? after : nextPassage();
  const lines = rest.replace(/^\s*\n/, '').trimStart().split(/\r?\n/);
  const block: string[] = [];
  let chars = 0;
  for (const line of lines) {
    const l = flat(line);
    if (!l) break;
    if (chars + l.length > INTRODUCED_CHARS) {
      if (!block.length) block.push(`${l.slice(0, INTRODUCED_CHARS).replace(/\s+\S*$/u, '')} …`);
      break;
    }
    block.push(l);
    chars += l.length + 1;
  }
  return block.length ? `${quote} ${block.join(' ')}` : quote;
}

/**
 * A quote that opens its passage in the middle of a sentence (the page before ended it unfinished:
 * "determine how much influence …") with that sentence's beginning from the previous passage, on
 * the same terms as continued: prose, from the last sentence that page began, within reach.
 * eval:docs: 7 of 220 answers begin their sentence ("They can affect the parameter estimates, since
 * they determine how much influence …"); figures unchanged.
 */
export function begun(quote: string, passage: string, previousPassage: () => string): string {
  const q = flat(quote);
  if (!/^\p{Ll}/u.test(q) || !flat(passage).startsWith(q.slice(0, 40))) return quote;
  const before = flat(previousPassage());
  if (!/[\p{L},]$/u.test(before)) return quote;
  const tail = before.slice(-CONTINUATION_CHARS);
  // The last sentence the previous passage began: after its last closing mark before a capital.
  const starts = [...tail.matchAll(/(?<![\s(]\p{L})[.!?:]\s+(?=\p{Lu})/gu)];
  const from = starts.length ? starts.at(-1)!.index! + starts.at(-1)![0].length : -1;
  if (from < 0 || tail.slice(from).split(' ').length > RUN_ON_WORDS) return quote;
  return `${tail.slice(from)} ${quote}`;
}

/**
 * A section title up to this long is shown before a sentence of it that does not name it (a
 * setting's, a command's or a function's name); a longer one is a sentence of its own. eval:docs,
 * keywords: fact in answer 0.508 → 0.515, median answer unchanged (580 characters; 606 at 80).
 */
const TITLE_CHARS = 40;
/** A fact reads on with the next sentence under the same title while both (and the one before) fit in this many characters. */
const WINDOW = 450;
const round = (x: number): number => Math.round(x * 1000) / 1000;

/** A sentence's words as a set (queryTerms), from `read` where the caller keeps them (filterFacts). */
type WordsOf = (sentence: string) => ReadonlySet<string>;
const wordsOf: WordsOf = (sentence) => new Set(queryTerms(sentence));

/** The two sentences' word sets, and how many words they share. */
function wordSets(a: string, b: string, read: WordsOf = wordsOf): { A: ReadonlySet<string>; B: ReadonlySet<string>; both: number } {
  const A = read(a);
  const B = read(b);
  let both = 0;
  for (const w of A) if (B.has(w)) both++;
  return { A, B, both };
}

/** Word-set overlap of two sentences (Jaccard). */
export function overlap(a: string, b: string, read?: WordsOf): number {
  const { A, B, both } = wordSets(a, b, read);
  return A.size + B.size - both ? both / (A.size + B.size - both) : 1;
}

/**
 * The shares of a passage's place in the list: its search rank, its best sentence's score, and how
 * much of the question its heading (file, title, section) names. eval:docs, keywords: page hit@5
 * 0.758 → 0.788 with the sentence, → 0.80 with the heading too; MRR@10 0.572 → 0.593 → 0.61.
 * Fitted again on the tuned set (MRR@10) with the Porter2 stem: 0.25/0.5/0.25 gave 0.638,
 * 0.2/0.5/0.3 0.644, 0.15/0.5/0.35 0.646, 0.25/0.4/0.35 0.641, 0.35/0.45/0.2 0.636.
 */
const RERANK = { search: 0.15, sentence: 0.5, heading: 0.35 };

/**
 * The hits again, ordered by what Map read in them: each one's search rank (its score against the
 * best), its best sentence's score, and its heading's coverage of the question, so that the
 * passage that answers, in the section that names the subject, comes before one that only shares
 * the words. The score becomes that blend (0..1).
 */
export function rerankByFacts(store: IndexStore, hits: readonly SearchHit[], facts: readonly Fact[], question: MapQuestion, termStats?: TermStats, placeOf: (path: string) => string = fileContext(store)): SearchHit[] {
  const standing = standings(hits);
  const sentence = new Map<number, number>();
  for (const f of facts) sentence.set(f.chunkId, Math.max(sentence.get(f.chunkId) ?? 0, f.pageScore ?? f.score));
  const cover = questionCoverage(question, termStats);
  const heading = store.prepared('SELECT heading FROM chunks WHERE id = ?');
  const named = (h: SearchHit): number => cover(`${placeOf(h.path)} ${(heading.get(h.chunkId) as { heading: string } | undefined)?.heading ?? ''}`);
  return hits
    .map((h, i) => ({ h, i, score: round(RERANK.search * standing(h) + RERANK.sentence * (sentence.get(h.chunkId) ?? 0) + RERANK.heading * named(h)) }))
    .sort((a, b) => b.score - a.score || a.i - b.i)
    .map(({ h, score }) => ({ ...h, score }));
}

/**
 * The share of the shorter sentence's words that the other has: 1 where one repeats the other
 * with more around it (a sentence a page cut, then shown whole on the next; one with its
 * neighbour). 0 for a sentence of fewer than CONTAINED_MIN_WORDS words, whose few words another
 * has by chance.
 */
export function containment(a: string, b: string, read?: WordsOf): number {
  const { A, B, both } = wordSets(a, b, read);
  const smaller = Math.min(A.size, B.size);
  return smaller < CONTAINED_MIN_WORDS ? 0 : both / smaller;
}
const CONTAINED_MIN_WORDS = 4;

/**
 * The Filter stage: facts below the relevance bar go, and so do near-duplicates of a better
 * fact (the same sentence in a copied file, a repeated paragraph), and a fact whose words a better
 * one nearly all says (`contained`: a sentence that two pages give, once cut and once whole).
 * eval:docs, keywords, with `contained` at 0.8: 17 of 220 answers lost a repeated quote, fact in
 * answer 0.606 → 0.614, median answer 712 → 707 characters (at 0.9, figures unchanged).
 */
export function filterFacts(facts: readonly Fact[], bar = 0.3, duplicate = 0.7, contained = 0.8): Fact[] {
  const kept: Fact[] = [];
  // Each quote's words read once: every fact is compared with every one kept before it.
  const read = new Map<string, ReadonlySet<string>>();
  const words: WordsOf = (quote) => read.get(quote) ?? (read.set(quote, wordsOf(quote)), read.get(quote)!);
  for (const f of [...facts].sort((a, b) => b.score - a.score)) {
    if (f.score < bar) continue;
    if (kept.some((k) => overlap(k.quote, f.quote, words) >= duplicate || containment(k.quote, f.quote, words) >= contained)) continue;
    kept.push(f);
  }
  return kept;
}
