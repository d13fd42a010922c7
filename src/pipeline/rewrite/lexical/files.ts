/**
 * Files named in a conversation: an answer that cites "rust-notes.md" invites "what does it say
 * about lifetimes?", and "the contract" after one that named henderson-contract.docx means that file.
 */
import type { SelectedTurn } from '../targetedHistory.js';
import type { DemonstrativeReading } from './demonstrative.js';

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

/** A pointing word for a text: what says, mentions or holds something ("what does it say about …?", "wat zegt het over …?"). */
const TEXT_POINTER: Record<string, RegExp> = {
  en: /\b(?:it|that|this)\s+(?:says?|said|mentions?|mentioned|states?|contains?|covers?|describes?|explains?|lists?)\b/i,
  nl: /\b(?:zegt|zei|vermeldt|bevat|beschrijft|noemt)\s+(?:het|dat|dit|die)\b/i,
};

/**
 * The file the latest answer named, when the question's pointing word is a text ("Yes,
 * rust-notes.md explains ownership …" — "what does it say about lifetimes?"). Of several files,
 * which one the words do not say.
 */
export function namedFile(query: string, reply: string, language: string): string | undefined {
  if (!TEXT_POINTER[language]?.test(query)) return undefined;
  const files = filesNamed(reply);
  return files.length === 1 ? files[0] : undefined;
}

/** A definite noun: "the contract", "de offerte". */
const DEFINITE_NOUN: Record<string, RegExp> = { en: /(?<![\p{L}])the\s+(\p{L}{4,})(?![\p{L}])/giu, nl: /(?<![\p{L}])(?:de|het)\s+(\p{L}{4,})(?![\p{L}])/giu };

/**
 * "what does the contract say about payment terms?" after an answer that named
 * henderson-contract.docx and invoice-2024-031.pdf: a definite noun that is a word of exactly one
 * file name the latest answer gave is that file, named beside it ("what does the contract
 * (henderson-contract.docx) say …?").
 */
export function resolveFileNoun(query: string, turns: readonly SelectedTurn[], language: string): DemonstrativeReading | undefined {
  const last = turns.at(-1);
  const definite = DEFINITE_NOUN[language];
  const files = last && definite ? filesNamed(last.assistant) : [];
  if (files.length === 0) return undefined;
  for (const m of query.matchAll(definite!)) {
    const noun = m[1]!.toLowerCase();
    const named = files.filter((f) => baseName(f).toLowerCase().split(/[^\p{L}\p{N}]+/u).includes(noun));
    // Beside the noun, so the user's words stay ("when was the permit (permit-2024.pdf) granted?").
    const end = m.index + m[0].length;
    if (named.length === 1) return { resolved: `${query.slice(0, end)} (${named[0]!})${query.slice(end)}`, phrase: named[0]!, turn: last!.index };
  }
  return undefined;
}
