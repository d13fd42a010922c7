/**
 * Files named in a conversation: an answer that cites "rust-notes.md" invites "what does it say
 * about lifetimes?", and "the contract" after one that named henderson-contract.docx means that file.
 */
import type { SelectedTurn } from '../targetedHistory.js';
import CUES from './cueWords.json' with { type: 'json' };
import { alternatives } from './words.js';

/**
 * A file's whole name as answers and questions give it ("rust-notes.md", "offerte-aannemer.pdf"):
 * no spaces, a document's extension, with the folders before it when it is given as a path
 * ("contracts/henderson-contract.docx", "C:\Users\an\notes.md", "~/notes/rust-notes.md"). Not part of a
 * web address: a file there is none of the user's.
 */
const FILE_NAME_PATTERN = String.raw`(?<![\p{L}\p{N}_./\\:~-])((?:[A-Za-z]:[\\/]|~?[\\/])?(?:[\p{L}\p{N}_.-]+[\\/])*[\p{L}\p{N}_][\p{L}\p{N}_.-]*\.(?:pdf|docx?|md|markdown|txt|html?|rtf|odt))(?![\p{L}\p{N}])`;
export const FILE_NAME = new RegExp(FILE_NAME_PATTERN, 'iu');
export const FILE_NAMES = new RegExp(FILE_NAME_PATTERN, 'giu');

/** A file's name without the folders of its path: "henderson-contract.docx" of "contracts/henderson-contract.docx". */
export function baseName(file: string): string {
  return file.split(/[\\/]/).at(-1)!;
}

/** The files a text names, each once, in order. */
export function filesNamed(text: string): string[] {
  return [...new Set(text.match(FILE_NAMES) ?? [])];
}

type PointerWords = Record<'pointers' | 'demonstratives' | 'documentNouns' | 'saysAfter' | 'saysBefore' | 'doneBefore' | 'auxiliaries' | 'order' | 'participlesAfter' | 'participlesLater', string[]>;

/**
 * A pointing word for a text, as group "pointer", by the words of cueWords.json textPointers: what
 * says, mentions or holds something ("what does it say about …?", "wat zegt het over …?"), or what
 * is done to a document ("when did I write it?", "who signed it?", "when was it last modified?",
 * "wanneer heb ik het geschreven?"). The pointer is "it", or "that"/"this" with or without a word
 * for a document ("who wrote that document?"), which the file's name replaces whole.
 */
function pointerPatterns(w: PointerWords): RegExp[] {
  const pointer = `(?<pointer>${[...(w.pointers.length ? [alternatives(w.pointers)] : []), ...(w.demonstratives.length ? [`(?:${alternatives(w.demonstratives)})(?:\\s+(?:${alternatives(w.documentNouns)}))?`] : [])].join('|')})`;
  const sources: string[] = [];
  if (w.saysAfter.length) sources.push(`\\b${pointer}\\s+(?:${alternatives(w.saysAfter)})\\b`);
  if (w.saysBefore.length) sources.push(`\\b(?:${alternatives(w.saysBefore)})\\s+${pointer}\\b`);
  if (w.doneBefore.length) sources.push(`\\b(?:${alternatives(w.doneBefore)})\\s+${pointer}\\b`);
  if (w.auxiliaries.length && w.participlesAfter.length) sources.push(`\\b(?:${alternatives(w.auxiliaries)})\\s+${pointer}\\s+${w.order.length ? `(?:(?:${alternatives(w.order)})\\s+)?` : ''}(?:${alternatives(w.participlesAfter)})\\b`);
  if (w.participlesLater.length) sources.push(`\\b${pointer}\\s+(?:(?:\\p{L}+\\s+){0,2})(?:${alternatives(w.participlesLater)})\\b`);
  return sources.map((source) => new RegExp(source, 'diu'));
}
const TEXT_POINTER: Record<string, RegExp[]> = Object.fromEntries(Object.entries(CUES.textPointers as Record<string, PointerWords>).map(([language, words]) => [language, pointerPatterns(words)]));

/**
 * The question with its text-pointing word read as the file the latest answer named ("Yes,
 * rust-notes.md explains ownership …" — "what does it say about lifetimes?" → "what does
 * rust-notes.md say about lifetimes?"). Of several files, which one the words do not say.
 */
export function namedFile(query: string, reply: string, language: string): { file: string; resolved: string } | undefined {
  const pointer = (TEXT_POINTER[language] ?? []).map((p) => p.exec(query)).find((m) => m !== null);
  if (!pointer) return undefined;
  const files = filesNamed(reply);
  if (files.length !== 1) return undefined;
  const [start, end] = pointer.indices!.groups!.pointer!;
  return { file: files[0]!, resolved: `${query.slice(0, start)}${files[0]!}${query.slice(end)}` };
}

/** The lower-case word right before a file's first mention in a text, past an opening bracket or quote. */
function wordBefore(text: string, file: string): string | undefined {
  const at = text.indexOf(file);
  return at > 0 ? /(\p{L}+)[\s("'“]*$/u.exec(text.slice(Math.max(0, at - 40), at))?.[1]?.toLowerCase() : undefined;
}

/** A definite noun: "the contract", "de offerte". */
const DEFINITE_NOUN: Record<string, RegExp> = { en: /(?<![\p{L}])the\s+(\p{L}{4,})(?![\p{L}])/giu, nl: /(?<![\p{L}])(?:de|het)\s+(\p{L}{4,})(?![\p{L}])/giu };

/**
 * "what does the contract say about payment terms?" after an answer that named
 * henderson-contract.docx and invoice-2024-031.pdf: a definite noun that is a word of exactly one
 * file name the latest answer gave is that file, named beside it ("what does the contract
 * (henderson-contract.docx) say …?"), or of the one file the answer calls by that noun ("the notes
 * meeting-2024-07-02.md").
 */
export function resolveFileNoun(query: string, turns: readonly SelectedTurn[], language: string): { resolved: string; phrase: string; turn: number } | undefined {
  const last = turns.at(-1);
  const definite = DEFINITE_NOUN[language];
  const files = last && definite ? filesNamed(last.assistant) : [];
  if (files.length === 0) return undefined;
  for (const m of query.matchAll(definite!)) {
    const noun = m[1]!.toLowerCase();
    const inName = files.filter((f) => baseName(f).toLowerCase().split(/[^\p{L}\p{N}]+/u).includes(noun));
    // Or the file the reply calls by that noun: "the notes meeting-2024-07-02.md", "de offerte offerte.pdf".
    const named = inName.length ? inName : files.filter((f) => wordBefore(last!.assistant, f) === noun);
    // Beside the noun, so the user's words stay ("when was the permit (permit-2024.pdf) granted?").
    const end = m.index + m[0].length;
    if (named.length === 1) return { resolved: `${query.slice(0, end)} (${named[0]!})${query.slice(end)}`, phrase: named[0]!, turn: last!.index };
  }
  return undefined;
}
