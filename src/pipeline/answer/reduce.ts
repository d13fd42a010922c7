import { basename } from 'node:path';
import type { Intent } from '../rewrite/types.js';
import type { SearchHit } from '../search/hybridSearch.js';
import { flat } from './citationContext.js';
import type { FileQueryResult } from './filesystemTool.js';
import { stem, type Fact } from './mapStage.js';
import { queryTerms } from '../search/queryTerms.js';
import { nameWords } from '../search/namedFolders.js';
import type { Plan } from './plan.js';
import type { ConfidenceResult } from './confidence.js';

export interface Citation {
  path: string;
  page: number | null;
  quote: string;
  /** The passage's text around the quote (citationContext). */
  context?: { before: string; after: string };
}

export interface ReducedAnswer {
  answer: string;
  citations: Citation[];
  confidence: number;
  /** True when the files did not seem to hold the answer. */
  notFound: boolean;
}

/** The answer's fixed wording, per language (English and Dutch; others get English). */
const TEXT = {
  en: {
    files: (n: number, what: string, words?: string) => (n === 1 ? `There is 1 ${what}${words ? ` that mentions ${words}` : ''}:` : `There are ${n} ${what}s${words ? ` that mention ${words}` : ''}:`),
    none: (what: string, words?: string) => `There are no ${what}s${words ? ` that mention ${words}` : ''} in the indexed folders.`,
    more: (n: number) => `… and ${n} more.`,
    file: 'file',
    notFound: 'Your files do not seem to contain the answer to this.',
    nearest: 'The nearest passages:',
    unindexed: (k: string) => `Docent does not index ${k}, so they are not counted here.`,
    addressed: '(this passage speaks to an AI assistant; Docent does not follow it)',
    absent: (words: readonly string[]) => `No file mentions ${orList(words, 'or')}.`,
    nearest1: (w: string, near: string) => `“${w}” (did you mean “${near}”?)`,
  },
  nl: {
    files: (n: number, what: string, words?: string) => (n === 1 ? `Er is 1 ${what}${words ? ` dat ${words} noemt` : ''}:` : `Er zijn ${n} ${what}en${words ? ` die ${words} noemen` : ''}:`),
    none: (what: string, words?: string) => `Er zijn geen ${what}en${words ? ` die ${words} noemen` : ''} in de geïndexeerde mappen.`,
    more: (n: number) => `… en nog ${n}.`,
    file: 'bestand',
    notFound: 'Uw bestanden lijken het antwoord hierop niet te bevatten.',
    nearest: 'De dichtstbijzijnde passages:',
    unindexed: (k: string) => `Docent indexeert geen ${k}; die zijn hier niet meegeteld.`,
    addressed: '(deze passage spreekt een AI-assistent aan; Docent volgt die niet)',
    absent: (words: readonly string[]) => `Geen bestand noemt ${orList(words, 'of')}.`,
    nearest1: (w: string, near: string) => `“${w}” (bedoelde u “${near}”?)`,
  },
};

/** A question's word that no file has, as the user wrote it, with the index's word it is likeliest a slip of, if any. */
export interface AbsentWord {
  word: string;
  nearest?: string;
}

/** "a", "a or b", "a, b or c". */
const orList = (items: readonly string[], or: string): string => (items.length > 1 ? `${items.slice(0, -1).join(', ')} ${or} ${items.at(-1)!}` : (items[0] ?? ''));

/** At most this many of a question's words that no file has are named. */
const ABSENT_SHOWN = 5;

/**
 * What a not-found answer says of the question's words that no file has, each as the user wrote
 * it, with the index's word it is likeliest a slip of where there is one: "No file mentions
 * “lapply” (did you mean “apply”?)." Undefined where the files have every word.
 */
export function absentNote(words: readonly AbsentWord[], language: string): string | undefined {
  if (!words.length) return undefined;
  const t = language === 'nl' ? TEXT.nl : TEXT.en;
  return t.absent(words.slice(0, ABSENT_SHOWN).map(({ word, nearest }) => (nearest ? t.nearest1(word, nearest) : `“${word}”`)));
}

const TYPE_NAMES: Record<string, { en: string; nl: string }> = {
  pdf: { en: 'PDF file', nl: 'PDF-bestand' },
  docx: { en: 'Word document', nl: 'Word-document' },
  html: { en: 'web page', nl: 'webpagina-bestand' },
  markdown: { en: 'Markdown file', nl: 'Markdown-bestand' },
  text: { en: 'text file', nl: 'tekstbestand' },
  code: { en: 'code file', nl: 'codebestand' },
};

/** `[file p.N]`, or `[file]` for a file without pages. */
export function cite(path: string, page: number | null): string {
  return page ? `[${basename(path)} p.${page}]` : `[${basename(path)}]`;
}

const LIST_LIMIT = 20;

/** The Reduce and Confidence stages for a filesystem answer: an exact count, and the list. */
export function reduceFiles(files: FileQueryResult, plan: Plan, language: string, mentioning = plan.filters.mentioning): ReducedAnswer {
  const t = language === 'nl' ? TEXT.nl : TEXT.en;
  const types = plan.filters.types ?? [];
  const what = types.length === 1 ? TYPE_NAMES[types[0]!]![language === 'nl' ? 'nl' : 'en'] : t.file;
  const lines: string[] = [];
  // The words the files were counted by, as the user reads them ("that mention linspace").
  const words = mentioning?.length ? mentioning.map((w) => `"${w}"`).join(' + ') : undefined;
  if (files.total === 0) lines.push(t.none(what, words));
  else {
    lines.push(t.files(files.total, what, words));
    // Each file named once: it is its own source (its citation lists it to open).
    for (const f of files.files.slice(0, LIST_LIMIT)) lines.push(`- ${basename(f.path)} (${f.modified.slice(0, 10)})`);
    if (files.total > Math.min(files.files.length, LIST_LIMIT)) lines.push(t.more(files.total - Math.min(files.files.length, LIST_LIMIT)));
  }
  for (const k of plan.filters.unindexedKinds ?? []) lines.push(t.unindexed(k));
  return {
    answer: lines.join('\n'),
    citations: files.files.slice(0, LIST_LIMIT).map((f) => ({ path: f.path, page: null, quote: f.title ?? basename(f.path) })),
    // Counted in SQL over the whole index: exact, whatever the number.
    confidence: 1,
    notFound: false,
  };
}

/** A factual answer states at most this many facts, each cited. */
const FACTUAL_FACTS = 3;
/** A further fact joins the best one when its score is at least this share of the best's. */
const SECOND_FACT = 0.85;

/** The Reduce stage for passages: shaped by intent, every claim cited, or the honest not-found answer. */
export function reduceFacts(facts: readonly Fact[], hits: readonly SearchHit[], intent: Intent, language: string, verdict: ConfidenceResult): ReducedAnswer {
  const t = language === 'nl' ? TEXT.nl : TEXT.en;
  const { confidence } = verdict;
  // A fact whose passage speaks to an AI assistant is shown as such (it never raised the confidence).
  const addressed = new Set(facts.filter((f) => f.addressed).map((f) => f.chunkId));
  const shown = (f: Fact): string => `${f.quote} ${cite(f.path, f.page)}${f.addressed ? ` ${t.addressed}` : ''}`;
  if (facts.length === 0 || verdict.notFound) {
    const nearest = hits.slice(0, 3);
    const lines = [t.notFound, ...(nearest.length ? [t.nearest, ...nearest.map((h) => `- ${h.snippet.replace(/\*\*/g, '')} ${cite(h.path, h.page)}${addressed.has(h.chunkId) ? ` ${t.addressed}` : ''}`)] : [])];
    return { answer: lines.join('\n'), citations: [], confidence, notFound: true };
  }
  let used: Fact[];
  let answer: string;
  if (intent === 'list' || intent === 'count' || intent === 'compare') {
    used = withoutShown(joinOverlapping(facts.slice(0, intent === 'compare' ? 4 : 6)));
    const byFile = intent === 'compare' ? [...used].sort((a, b) => a.path.localeCompare(b.path)) : used;
    answer = byFile.map((f) => `- ${shown(f)}`).join('\n');
  } else if (intent === 'summarize') {
    used = facts.slice(0, 3);
    answer = used.map(shown).join(' ');
  } else {
    // Factual: the best fact, and up to two more from other files that are nearly as likely and
    // about the same thing: they have every question word the best one has ("Wat kost
    // houtmulch?": a café note's "kost" does not second the mulch note's price).
    const top = facts[0]!;
    // The best fact's question words a fact lacks (none where either has no words read).
    const lacking = (f: Fact): string[] => (f.words ? (top.words ?? []).filter((w) => !f.words!.includes(w)) : []);
    const same = (f: Fact): boolean => lacking(f).length === 0;
    // Nearly the same: the best fact's rarest question word and all its others but one (a sentence
    // giving shared_buffers's default need not say "size" too). Not a table's row nor a list's item:
    // one that lacks a word of the best one is about another thing of the table or the list
    // (another model, another type; the insurer, not the premium).
    const near = (f: Fact): boolean => {
      const lacks = lacking(f);
      return lacks.length === 0 || (!f.row && !f.item && lacks.length === 1 && lacks[0] !== top.words![0]);
    };
    const onPage = (f: Fact, among: readonly Fact[]): boolean => among.some((u) => u.path === f.path && u.page === f.page);
    const more: Fact[] = [];
    // The best sentence of the passage listed first speaks second where the best fact came from
    // another page: the list's order also weighs what the passage's title names, which a
    // sentence's score reads only in part, and the two disagree on the manuals' harder questions.
    // eval:docs, keywords: fact in answer 0.530 → 0.545 (held out 0.300 → 0.375), a right page
    // cited 0.583 → 0.682; with vectors 0.553 → 0.568 (held out 0.325 → 0.400).
    const leading = facts.find((f) => f.chunkId === hits[0]?.chunkId);
    if (leading && !onPage(leading, [top])) more.push(leading);
    for (const f of facts) {
      if (more.length >= FACTUAL_FACTS - 1) break;
      if (f.score >= top.score * SECOND_FACT && same(f) && !onPage(f, [top, ...more])) more.push(f);
    }
    // An answer that would be one fact states the next nearly as likely one too, where it says
    // something else, even one of the same page (further facts otherwise come from other pages),
    // and is about nearly the same words: a section often gives its answer in the sentence after the
    // one that names the question's words most ("… the special value NA." then "The function
    // is.na(x) gives …"). eval:docs, keywords: fact in answer 0.561 → 0.576 (held out 0.450 →
    // 0.475), median answer 649 → 658 characters, with the same words as the best fact; nearly the
    // same, 0.583 → 0.606 (held out unchanged), median 658 → 712 (a quarter of the answers were
    // 450 characters or less, now 506). Without any sameness of words, also 0.606, but the second
    // fact was often off the subject.
    const apart = (f: Fact): boolean => f !== top && !more.includes(f) && !top.quote.includes(f.quote) && !f.quote.includes(top.quote);
    // So does an answer of two facts from two pages, with a next sentence of the best fact's page
    // (FACTUAL_FACTS in all): it often gives the value the best one only names (eval:docs, keywords:
    // fact in answer 0.576 → 0.583, GIMP held out 0.257 → 0.286; median answer 654 → 684
    // characters; a third fact from any page: the same facts, median 716).
    const next = more.length >= FACTUAL_FACTS - 1 ? undefined : facts.find((f) => f.score >= top.score * SECOND_FACT && near(f) && apart(f) && (!more.length || onPage(f, [top])));
    if (next) more.push(next);
    used = withoutShown(joinOverlapping([top, ...more]));
    answer = used.map(shown).join(' ');
  }
  return { answer, citations: used.map((f) => ({ path: f.path, page: f.page, quote: f.quote })), confidence, notFound: false };
}

/**
 * Facts of one passage whose quotes overlap (one ends with the sentences the other begins with: a
 * sentence shown with its neighbour, and the neighbour shown as a fact of its own) as one quote,
 * each sentence once, in the passage's order.
 */
export function joinOverlapping(facts: readonly Fact[]): Fact[] {
  const out: Fact[] = [];
  for (const f of facts) {
    let merged = false;
    for (let i = 0; i < out.length && !merged; i++) {
      const quote = out[i]!.chunkId === f.chunkId ? joined(out[i]!.quote, f.quote) : undefined;
      if (quote !== undefined) {
        out[i] = { ...out[i]!, quote };
        merged = true;
      }
    }
    if (!merged) out.push(f);
  }
  return out;
}

/**
 * Each fact without the sentences at its start or end that a fact before it shows already (two
 * passages of one page that share sentences, a title's quote and its section's); a fact with
 * nothing left is left out. joinOverlapping joins one passage's overlapping facts first.
 */
export function withoutShown(facts: readonly Fact[]): Fact[] {
  const out: Fact[] = [];
  // The quotes shown so far, flattened once each.
  const said: string[] = [];
  for (const f of facts) {
    const shown = (sentence: string): boolean => sentence.length >= OVERLAP_CHARS && said.some((q) => q.includes(sentence));
    const parts = sentencesOf(flat(f.quote));
    let from = 0;
    let to = parts.length;
    while (from < to && shown(parts[from]!)) from++;
    while (to > from && shown(parts[to - 1]!)) to--;
    if (from === to) continue;
    const rest = parts.slice(from, to).join(' ');
    // What is left of a fact once another said its sentences, where neither it nor its title holds
    // any of the question's words the fact was chosen for, is no fact of its own ("(source:
    // pragma.html, checked-by: …)"). The words of its file's name and folders do not count: they
    // stand in the title of every sentence of the file.
    if (from > 0 || to < parts.length) {
      const place = new Set(queryTerms(nameWords(f.path)).map(stem));
      const asked = (f.words ?? []).filter((w) => !place.has(w));
      if (asked.length && !saysAny(`${f.heading ?? ''} ${rest}`, asked)) continue;
    }
    const kept = from === 0 && to === parts.length ? f : { ...f, quote: rest };
    out.push(kept);
    said.push(flat(kept.quote));
  }
  return out;
}

/** Whether a text says any of these question words (stems, as Map's `words`). */
const saysAny = (text: string, words: readonly string[]): boolean => {
  const said = new Set(queryTerms(text).map(stem));
  return words.some((w) => said.has(w));
};

/** A quote's sentences, as overlapJoin reads them: cut after a mark that a space follows. */
const sentencesOf = (quote: string): string[] => quote.split(/(?<=[.!?:])\s+/).filter(Boolean);

/** Two quotes as one, in whichever order one ends with what the other begins with. */
const joined = (a: string, b: string): string | undefined => overlapJoin(a, b) ?? overlapJoin(b, a);

/** `first` then `second` without the whole sentences `second` begins with that `first` ends with; undefined where it ends with none of them. */
function overlapJoin(first: string, second: string): string | undefined {
  const ends = [...second.matchAll(/[.!?:](?=\s)/g)].map((m) => m.index! + 1).reverse();
  for (const end of ends) {
    const head = second.slice(0, end).trim();
    if (head.length >= OVERLAP_CHARS && first.trimEnd().endsWith(head)) return `${first.trimEnd()}${second.slice(end)}`;
  }
  return undefined;
}
/** The least overlap read as the same sentences rather than words in common. */
const OVERLAP_CHARS = 20;
