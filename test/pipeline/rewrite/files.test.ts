import { describe, expect, it } from 'vitest';
import { baseName, filesNamed, namedFile, resolveFileNoun } from '../../../src/pipeline/rewrite/lexical/files.js';
import { lexicalRewrite } from '../../../src/pipeline/rewrite/lexical/engine.js';
import type { SelectedTurn } from '../../../src/pipeline/rewrite/targetedHistory.js';

const turn = (index: number, user: string, assistant = ''): SelectedTurn => ({ index, user, assistant, similarity: 0.5, byRecency: false });

describe('files a conversation names', () => {
  it('are whole names with a document extension, or whole paths, each once and in order', () => {
    expect(filesNamed('See rust-notes.md and offerte-aannemer.pdf, then rust-notes.md again.')).toEqual(['rust-notes.md', 'offerte-aannemer.pdf']);
    expect(filesNamed('It is in contracts/2024/henderson-contract.docx and ~/notes/rust-notes.md.')).toEqual(['contracts/2024/henderson-contract.docx', '~/notes/rust-notes.md']);
    expect(filesNamed('Found C:\\Users\\an\\Documents\\budget.txt and /home/an/plan.md')).toEqual(['C:\\Users\\an\\Documents\\budget.txt', '/home/an/plan.md']);
    // A web address holds no file of the user's; a word with a dot is no file name.
    expect(filesNamed('Download it from https://example.com/docs/guide.pdf, says Node.js.')).toEqual([]);
    expect(baseName('contracts/2024/henderson-contract.docx')).toBe('henderson-contract.docx');
    expect(baseName('C:\\Users\\an\\budget.txt')).toBe('budget.txt');
    expect(baseName('plan.md')).toBe('plan.md');
  });

  it('give a text-pointing word its file, when the latest answer named one', () => {
    const notes = 'Yes, notes/rust-notes.md explains ownership.';
    const read = (query: string, reply = notes, language = 'en') => namedFile(query, reply, language)?.resolved;
    expect(namedFile('what does it say about lifetimes?', notes, 'en')).toEqual({ file: 'notes/rust-notes.md', resolved: 'what does notes/rust-notes.md say about lifetimes?' });
    // What is done to a document: written, opened, signed, modified.
    expect(read('when did I write it?')).toBe('when did I write notes/rust-notes.md?');
    expect(read('when was it last modified?')).toBe('when was notes/rust-notes.md last modified?');
    expect(read('can you open that?')).toBe('can you open notes/rust-notes.md?');
    // Dutch: the pointing word after the verb, or before the participle.
    const offer = 'De offerte staat in offerte-aannemer.pdf.';
    expect(read('wat zegt het over de prijs?', offer, 'nl')).toBe('wat zegt offerte-aannemer.pdf over de prijs?');
    expect(read('wie heeft het ondertekend?', offer, 'nl')).toBe('wie heeft offerte-aannemer.pdf ondertekend?');
    expect(read('wanneer heb ik het ontvangen?', offer, 'nl')).toBe('wanneer heb ik offerte-aannemer.pdf ontvangen?');
    // "that document", "dat bestand": the file's name takes the place of the word for it too.
    expect(read('who wrote that document?')).toBe('who wrote notes/rust-notes.md?');
    expect(read('what does this file say about lifetimes?')).toBe('what does notes/rust-notes.md say about lifetimes?');
    expect(read('wie heeft dat document ondertekend?', offer, 'nl')).toBe('wie heeft offerte-aannemer.pdf ondertekend?');
    // Of several files, none; a pointing word that is no text, none.
    expect(read('what does it say about lifetimes?', 'Yes: rust-notes.md and borrow.md.')).toBeUndefined();
    expect(read('how does it work?')).toBeUndefined();
    expect(read('is het duur?', offer, 'nl')).toBeUndefined();
  });

  it('read a definite noun that is a word of one file the latest answer named as that file, beside the noun', () => {
    const files = [turn(0, 'Which files mention the Henderson account?', 'Three files: henderson-contract.docx, invoice-2024-031.pdf and meeting-notes.md.')];
    const read = (query: string, language = 'en') => resolveFileNoun(query, files, language)?.resolved;
    expect(read('what does the contract say about payment terms?')).toBe('what does the contract (henderson-contract.docx) say about payment terms?');
    expect(read('is the invoice paid?')).toBe('is the invoice (invoice-2024-031.pdf) paid?');
    expect(read('wat staat er in de notes?', 'nl')).toBe('wat staat er in de notes (meeting-notes.md)?');
    // A noun no file name has, or a reply that names no file, reads nothing.
    expect(read('is the account closed?')).toBeUndefined();
    expect(resolveFileNoun('what does the contract say?', [turn(0, 'What is in my contract?', 'The contract runs a year.')], 'en')).toBeUndefined();
    // Or the file the answer calls by the noun.
    const notes = [turn(0, 'Where did I write about the Q3 budget?', 'The Q3 budget is in budget-2024-q3.xlsx and discussed in the notes meeting-2024-07-02.md (page 2).')];
    expect(resolveFileNoun('summarize the notes', notes, 'en')?.resolved).toBe('summarize the notes (meeting-2024-07-02.md)');
    expect(resolveFileNoun('summarize the minutes', notes, 'en')).toBeUndefined();
  });

  it('read a definite noun by the name of a path\'s file, not its folders', () => {
    const paths = [turn(0, 'Where is the Henderson contract?', 'In contracts/henderson-contract.docx; the invoice is invoices/2024/invoice-031.pdf.')];
    expect(resolveFileNoun('when does the contract end?', paths, 'en')?.resolved).toBe('when does the contract (contracts/henderson-contract.docx) end?');
    // "the invoices" is a folder of a path, no file's name.
    expect(resolveFileNoun('are the invoices paid?', paths, 'en')).toBeUndefined();
  });

  it('are what the engine reads a definite noun or a text-pointing word as, drawn from the conversation', () => {
    const files = [turn(3, 'Which files mention the Henderson account?', 'Two files: henderson-contract.docx and invoice-2024-031.pdf.')];
    const noun = lexicalRewrite({ query: 'is the invoice paid?', earlierUserTurns: [files[0]!.user], turns: files });
    expect(noun.resolved_query).toBe('is the invoice (invoice-2024-031.pdf) paid?');
    expect(noun.trace.reference).toMatchObject({ phrase: 'invoice-2024-031.pdf', shape: 'file' });
    expect(noun.kinds).toContain('conversational');
    expect(noun.used_turns).toEqual([3]);
    const notes = [turn(0, 'Do I have notes on the borrow checker?', 'Yes, notes/rust-notes.md explains ownership.')];
    const pointer = lexicalRewrite({ query: 'what does it say about lifetimes?', earlierUserTurns: [notes[0]!.user], turns: notes });
    expect(pointer.resolved_query).toBe('what does notes/rust-notes.md say about lifetimes?');
    expect(pointer.trace.reference).toMatchObject({ phrase: 'notes/rust-notes.md', shape: 'file' });
    expect(pointer.kinds).toContain('conversational');
  });
});
