import { basename } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ask } from '../../src/pipeline/answer/ask.js';
import { translations } from '../../src/pipeline/search/rewriteQuery.js';
import { TermStats } from '../../src/pipeline/search/termStats.js';
import { acronymsOf, blendsOf, writtenFormsOf } from '../../src/pipeline/search/writtenForms.js';
import { seeded } from '../helpers/fuzzConversations.js';
import { suiteFiles } from '../helpers/suiteFiles.js';

/** A plotting manual's entries, which name their commands as words run together ("logscale", "samplen"). */
const MANUAL = {
  'logscale.md': '# Logscale\n\nSyntax: set logscale <axes> {<base>}. The command set logscale x2 puts the top axis in base 10; unset logscale goes back.\n',
  'key.md': '# Key samples\n\nThe samplen option sets the length of the line sample in the key. The default is samplen 4.\n',
  'tics.md': '# Tics\n\nEach axis has its own tic marks; set tics scale changes their size on every axis, and the scale of the minor tics too.\n',
  'functions.md': '# Functions\n\nThe function log(x) returns the natural logarithm of x. A logarithmic function grows slowly; samplen and logscale are explained elsewhere.\n',
  'assign.md': '# Assignment\n\nThe = operator assigns a value to a variable.\n',
  'globals.md': '# Globals\n\nA function that assigns to a global variable changes it for every caller.\n',
  // A run-together word of other words ("SQLDATA": SQL data), and a page that says "SQLite database".
  'descriptor.md': '# Descriptors\n\nThe SQLDATA field holds the value of a descriptor item; read SQLDATA after FETCH.\n',
  'areas.md': '# Areas\n\nEach item has an SQLDATA pointer to its value.\n',
  'archive.md': '# Archives\n\nAn SQLite database can hold many files as one archive.\n',
};

describe('two words of a question run together, as a manual names a command', () => {
  const corpus = suiteFiles(MANUAL, 'docent-blends-');

  it('finds the index word a pair of adjacent words makes, the first cut short or whole', () => {
    const ts = new TermStats(corpus.store);
    // The index's words are FTS5 stems ("logscal").
    expect(blendsOf('switch an axis to a logarithmic scale', ts)).toEqual([{ words: ['logarithmic', 'scale'], term: 'logscal' }]);
    expect(blendsOf('the default sample length', ts)).toEqual([{ words: ['sample', 'length'], term: 'samplen' }]);
    // Words not side by side (a function word, a mark between), in the other order, a word the
    // index has in one passage only, and a pair that makes no word: none.
    expect(blendsOf('a sample of the length', ts)).toEqual([]);
    expect(blendsOf('the sample, length', ts)).toEqual([]);
    expect(blendsOf('scale logarithmic', ts)).toEqual([]);
    expect(blendsOf('natural log', ts)).toEqual([]);
    expect(blendsOf('tic marks', ts)).toEqual([]);
    // A word whose passages never say the pair's first word is no way of writing it: "sqldata" is
    // "SQL data", not "SQLite database" ("sql" of "sqlite", "data" of "database").
    expect(blendsOf('an SQLite database', ts)).toEqual([]);
    expect(ts.sharedWith('sqldata', 'sqlite')).toBe(0);
    expect(ts.sharedWith('logscal', 'logarithmic')).toBe(0.5);
    expect(ts.sharedWith('sqldata', 'nosuchword')).toBeUndefined();
    // A Dutch pair blends as the files write its words ("steekproef lengte": sample length → samplen); English has no table to read it by.
    expect(blendsOf('de standaard steekproef lengte', ts, 'nl')).toEqual([{ words: ['steekproef', 'lengte'], term: 'samplen' }]);
    expect(blendsOf('de standaard steekproef lengte', ts, 'en')).toEqual([]);
    // A Dutch word the table lists blends as its translation only: "as" (axis) + "getekend" (sign) is no
    // "assigns", which the Dutch word as written would make with the translation of the next.
    expect(blendsOf('Hoe wordt de as getekend?', ts, 'nl')).toEqual([]);
    expect(writtenFormsOf(['as', 'getekend'], 'nl', ts, 'Hoe wordt de as getekend?').get('as')).toEqual([['axis']]);
    // A pasted page's pairs are read only as far as a question's could go: one after 40 others is not.
    const filler = Array.from({ length: 40 }, (_, i) => `woord${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}`).join(' ');
    expect(blendsOf(`the sample length ${filler}`, ts)).toEqual([{ words: ['sample', 'length'], term: 'samplen' }]);
    expect(blendsOf(`${filler} the sample length`, ts)).toEqual([]);
    // Either word counts as said where a passage writes the blend; search weighs it below a word of the user's.
    const forms = writtenFormsOf(['logarithmic', 'scale'], 'en', ts, 'logarithmic scale');
    expect(writtenFormsOf(['logarithmic', 'scale'], 'en', ts).size).toBe(0);
    expect(forms.get('logarithmic')).toEqual([['logscal']]);
    expect(forms.get('scale')).toEqual([['logscal']]);
    // An index stem as the passages write it; a stem no passage holds, or no word, as it is.
    expect(ts.writtenAs('logscal')).toBe('logscale');
    expect(ts.writtenAs('samplen')).toBe('samplen');
    expect(ts.writtenAs('nosuchword')).toBe('nosuchword');
    expect(ts.writtenAs('"')).toBe('"');
    expect(ts.writtenAs('')).toBe('');
    const searched = translations({ resolved_query: 'logarithmic scale', language: 'en' }, [], forms);
    expect(searched.find((s) => s.term === 'logscal')!.weight).toBeLessThan(1);
  });

  it('survives any text: every blend is an index word of two passages or more, begun as the text\'s first word of the two', () => {
    const ts = new TermStats(corpus.store);
    const rand = seeded(43);
    const pieces = ['sample', 'length', 'log', 'logarithmic', 'scale', 'ß', 'ǅx', '日本語', '🙂', '--', ',', '.', ' ', '\u0000', 'x'.repeat(45), 'sam', 'len', 'SAMPLE', 'Länge'];
    for (let i = 0; i < 300; i++) {
      const text = Array.from({ length: 1 + Math.floor(rand() * 12) }, () => pieces[Math.floor(rand() * pieces.length)]!).join(rand() < 0.5 ? ' ' : '');
      for (const b of blendsOf(text, ts)) {
        expect(ts.documentFrequency([b.term]).get(b.term)).toBeGreaterThanOrEqual(2);
        const [a, second] = b.words;
        const low = text.toLowerCase().normalize('NFKC');
        expect(low.indexOf(a)).toBeGreaterThanOrEqual(0);
        expect(low.indexOf(second, low.indexOf(a) + a.length)).toBeGreaterThan(0);
        expect(b.term.startsWith(a.slice(0, 3))).toBe(true);
      }
    }
  });

  it('answers from the entry that names the command, not the one that shares the plain words', async () => {
    const r = await ask(corpus.store, 'How do I switch an axis to a logarithmic scale?');
    expect(r.notFound).toBe(false);
    expect(basename(r.citations[0]!.path)).toBe('logscale.md');
    expect(r.answer).toMatch(/set logscale x2/);
    // --explain shows the blend as the manual writes it, not as its index stem ("logscal").
    expect(r.stages.find((s) => s.stage === 'search')!.detail!.join('\n')).toMatch(/logarithmic → logscale;/);
  });
});

/** A database manual that spells an acronym out once and then writes it alone. */
const ACRONYMS = {
  'wal.md': '# Write-ahead log\n\nThe write-ahead log (WAL) keeps changes in a separate file until a checkpoint.\n',
  'activate.md': '# Activating WAL mode\n\nRun PRAGMA journal_mode=WAL once; the WAL mode persists across connections.\n',
  'checkpoint.md': '# Checkpoints\n\nA checkpoint copies the WAL file back into the database.\n',
  'journal.md': '# Journal\n\nThe rollback journal is deleted at the end of each transaction; logging is optional.\n',
  // An acronym the index has that never stands beside the words ("GUI" here is a product's name).
  'gui.md': '# GUI\n\nGUI is the name of our plotting tool. The GUI tool draws charts.\n',
  'interface.md': '# Interface\n\nA graphical user interface shows windows.\n',
};

describe('three to five words of a question as the index writes them by their initials', () => {
  const corpus = suiteFiles(ACRONYMS, 'docent-acronyms-');

  it('finds an acronym the index writes beside the words it stands for, and no other', () => {
    const ts = new TermStats(corpus.store);
    expect(acronymsOf('How do I turn on write-ahead logging?', ts)).toEqual([{ words: ['write', 'ahead', 'logging'], term: 'wal' }]);
    // Never spelled out beside the words: "GUI" here is another thing's name.
    expect(acronymsOf('How do I open the graphical user interface?', ts)).toEqual([]);
    // Words not side by side, and two words (their initials too short to tell).
    expect(acronymsOf('write the ahead logging', ts)).toEqual([]);
    expect(acronymsOf('rollback journal', ts)).toEqual([]);
    const forms = writtenFormsOf(['write', 'ahead', 'logging'], 'en', ts, 'How do I turn on write-ahead logging?');
    expect(forms.get('logging')?.flat()).toContain('wal');
  });

  it('answers from a passage that writes the acronym alone', async () => {
    const r = await ask(corpus.store, 'How do I activate write-ahead logging?');
    expect(r.notFound).toBe(false);
    expect(basename(r.citations[0]!.path)).toBe('activate.md');
    expect(r.answer).toMatch(/journal_mode=WAL/);
  });

  it('survives any text: every acronym is an index word of two passages or more, the initials of as many words of the text side by side', () => {
    const ts = new TermStats(corpus.store);
    const rand = seeded(45);
    const pieces = ['write', 'ahead', 'logging', 'log', 'write-ahead', 'write-ahead logging', 'graphical', 'user', 'interface', 'W', 'A', 'L', 'ß', '日本語', '🙂', '--', ',', '.', ' ', '\u0000', 'x'.repeat(45), 'WAL', '(', ')'];
    let found = 0;
    for (let i = 0; i < 300; i++) {
      const text = Array.from({ length: 1 + Math.floor(rand() * 14) }, () => pieces[Math.floor(rand() * pieces.length)]!).join(rand() < 0.6 ? ' ' : '');
      for (const a of acronymsOf(text, ts)) {
        found++;
        expect(ts.documentFrequency([a.term]).get(a.term)).toBeGreaterThanOrEqual(2);
        expect(a.words.length).toBeGreaterThanOrEqual(3);
        expect(a.words.map((w) => w[0]).join('')).toBe(a.term);
        expect(text.toLowerCase()).toContain(a.words[0]);
      }
    }
    // The texts hold the spelled-out words often enough that the checks above ran.
    expect(found).toBeGreaterThan(5);
  });
});
