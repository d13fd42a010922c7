import { describe, expect, it } from 'vitest';
import { dateRange, folderHint, nameHint, plan } from '../../src/pipeline/answer/plan.js';
import WORDS from '../../src/pipeline/answer/planWords.json' with { type: 'json' };

const NOW = new Date(Date.UTC(2026, 10, 21, 12));

describe('Plan: which source answers', () => {
  it('counts files from the files table, exactly', () => {
    expect(plan('How many PDF files are there?', 'count', NOW)).toMatchObject({ tool: 'filesystem', filters: { types: ['pdf'] } });
    expect(plan('hoeveel Word-documenten heb ik?', 'count', NOW)).toMatchObject({ tool: 'filesystem', filters: { types: ['docx'] } });
  });
  it('lists files from the files table, with the filters named', () => {
    expect(plan('list my PDFs from 2024 in my invoices folder', 'list', NOW)).toEqual({
      tool: 'filesystem',
      filters: { types: ['pdf'], modifiedFrom: '2024-01-01', modifiedTo: '2025-01-01', folder: 'invoices' },
      reason: expect.any(String),
      asking: ['list', 'pdfs', 'folder'],
    });
  });
  it('uses both for things that files mention, and passages for a factual question', () => {
    expect(plan('Are there any MacBook references?', 'list', NOW).tool).toBe('both');
    expect(plan('Are there more invoices besides the 2 found?', 'count', NOW).tool).toBe('both');
    expect(plan('What is the budget?', 'factual', NOW)).toMatchObject({ tool: 'semantic_search', filters: {} });
    expect(plan('Wat is de prijs van houtmulch?', 'factual', NOW).tool).toBe('semantic_search');
  });
  it('filters only on explicit file wording: a type word that describes the content filters nothing', () => {
    // Plural or owned: the user's files.
    expect(plan('what do my PDFs say about the warranty?', 'factual', NOW).filters.types).toEqual(['pdf']);
    expect(plan('search my text files for the invoice number', 'factual', NOW).filters.types).toEqual(['text']);
    // Describing what is asked about: no filter.
    for (const q of ['What does error code E07 mean on the inverter?', 'How can a script wait until the user presses return?', 'How do I read a delimited text file into a matrix?', 'How can I measure how long some code takes?']) {
      expect(plan(q, 'factual', NOW).filters, q).toEqual({});
    }
  });
  it('answers a quantity a passage states from passages, and counts files only when files are counted', () => {
    expect(plan('How many points does gnuplot sample a function at by default?', 'count', NOW).tool).toBe('semantic_search');
    expect(plan('How many bytes does a bigint take?', 'count', NOW).tool).toBe('semantic_search');
    expect(plan('hoeveel verbindingen zijn er standaard toegestaan?', 'count', NOW).tool).toBe('semantic_search');
    expect(plan('Are there more invoices besides the 2 found?', 'count', NOW).tool).toBe('both');
    expect(plan('Which function controls the default format of files written by save?', 'factual', NOW).tool).toBe('semantic_search');
    // A count of a unit of measure asks what a file states, even where it asks what one has.
    for (const q of ['Hoeveel maanden opzegtermijn heb ik?', 'How many days of leave do I have?', 'Hoeveel vrije dagen heb ik nog?']) expect(plan(q, 'count', NOW).tool, q).toBe('semantic_search');
    for (const q of ['How many laptops did I buy?', 'Hoeveel facturen heb ik?']) expect(plan(q, 'count', NOW).tool, q).toBe('both');
  });
  it('counts and lists files by what they mention, and only files the question asks for', () => {
    expect(plan('How many files mention linspace?', 'count', NOW)).toMatchObject({ tool: 'filesystem', filters: { mentioning: ['linspace'] } });
    expect(plan('Which files mention the budget?', 'list', NOW)).toMatchObject({ tool: 'filesystem', filters: { mentioning: ['budget'] } });
    expect(plan('Hoeveel bestanden gaan over warmtepompen?', 'count', NOW).filters.mentioning).toEqual(['warmtepompen']);
    // The wording of asking for files, dates, types and a folder are no words to mention.
    for (const [q, intent] of [['List all my files', 'list'], ['How many files did I change last week?', 'count'], ['list my PDFs from 2024 in my invoices folder', 'list'], ['how many spreadsheets do I have?', 'count']] as const) {
      expect(plan(q, intent, NOW).filters.mentioning, q).toBeUndefined();
    }
    // One file ("which file …?"), or files that are not what is asked for: passages answer.
    expect(plan('Which file does R keep my objects in when I save them on quitting?', 'list', NOW).tool).not.toBe('filesystem');
    expect(plan('Which function writes CSV files where the comma is the decimal point?', 'list', NOW)).toMatchObject({ tool: 'both', filters: {} });
  });
  it('names the words by which a question asks for files, only where files are what it asks for', () => {
    expect(plan('find the file about houtmulch', 'factual', NOW).asking).toEqual(['find', 'file']);
    expect(plan('do any of my files mention the budget?', 'factual', NOW).asking).toEqual(['files', 'mention']);
    // Dutch "welk" before a neuter noun ("welk bestand"), as "welke" before the others.
    expect(plan('welk bestand noemt houtmulch?', 'factual', NOW).asking).toEqual(['welk', 'bestand', 'noemt']);
    // "files written by save" is what the question is about, not how it asks.
    expect(plan('Which function controls the default format of files written by save?', 'factual', NOW).asking).toBeUndefined();
    expect(plan('What is the budget?', 'factual', NOW).asking).toBeUndefined();
  });
  it('notes kinds of file Docent does not index', () => {
    expect(plan('how many spreadsheets do I have?', 'count', NOW).filters.unindexedKinds).toEqual(['spreadsheets']);
  });
});

describe('Plan: filters', () => {
  it('reads years, months and relative dates (against a fixed now)', () => {
    expect(dateRange('invoices from 2024', NOW)).toEqual({ from: '2024-01-01', to: '2025-01-01' });
    expect(dateRange('notes of March 2025', NOW)).toEqual({ from: '2025-03-01', to: '2025-04-01' });
    expect(dateRange('facturen van vorige maand', NOW)).toEqual({ from: '2026-10-01', to: '2026-11-01' });
    expect(dateRange('what changed last year?', NOW)).toEqual({ from: '2025-01-01', to: '2026-01-01' });
    expect(dateRange('documents since 2023', NOW)).toEqual({ from: '2023-01-01', to: '2027-01-01' });
    expect(dateRange('what is the budget?', NOW)).toBeUndefined();
    // An amount is not a year.
    expect(dateRange('the budget is 2024 euro', NOW)).toBeUndefined();
    expect(dateRange('more about INV-2024-002?', NOW)).toBeUndefined();
  });
  it('reads every month and period of the language tables', () => {
    for (const months of Object.values(WORDS.months)) {
      for (const [name, month] of Object.entries(months)) {
        const from = `2025-${String(month + 1).padStart(2, '0')}-01`;
        expect(dateRange(`notes of ${name} 2025`, NOW)?.from, name).toBe(from);
        expect(dateRange(`${name} 2025`.toUpperCase(), NOW)?.from, name).toBe(from);
      }
    }
    const periods: Record<string, { from: string; to: string }> = {
      lastMonth: { from: '2026-10-01', to: '2026-11-01' },
      thisMonth: { from: '2026-11-01', to: '2026-12-01' },
      lastYear: { from: '2025-01-01', to: '2026-01-01' },
      thisYear: { from: '2026-01-01', to: '2027-01-01' },
    };
    for (const [period, range] of Object.entries(periods)) {
      for (const phrase of Object.values(WORDS.dates[period as keyof typeof WORDS.dates]).flat()) expect(dateRange(`notes of ${phrase}`, NOW), phrase).toEqual(range);
    }
    for (const phrase of Object.values(WORDS.dates.since).flat()) expect(dateRange(`notes ${phrase} 2023`, NOW)?.from, phrase).toBe('2023-01-01');
    for (const phrase of Object.values(WORDS.dates.after).flat()) expect(dateRange(`notes ${phrase} 2023`, NOW)?.from, phrase).toBe('2024-01-01');
    for (const phrase of Object.values(WORDS.dates.before).flat()) expect(dateRange(`notes ${phrase} 2023`, NOW)?.to, phrase).toBe('2023-01-01');
    // A word that only contains a month's name is none ("mayor", "marching").
    expect(dateRange('the mayor 2025 plan', NOW)).toEqual({ from: '2025-01-01', to: '2026-01-01' });
    expect(dateRange('marching orders', NOW)).toBeUndefined();
  });
  it('takes a year or a month for the files\' date only where the question names the files; a period counted from today always', () => {
    expect(plan('list my PDFs from 2024', 'list', NOW).filters.modifiedFrom).toBe('2024-01-01');
    expect(plan('which documents changed since 2023?', 'list', NOW).filters.modifiedFrom).toBe('2023-01-01');
    expect(plan('welke bestanden van maart 2025?', 'list', NOW).filters.modifiedFrom).toBe('2025-03-01');
    expect(plan('what did I write last week?', 'factual', NOW).filters.modifiedFrom).toBeDefined();
    expect(plan('facturen van vorige maand', 'list', NOW).filters.modifiedFrom).toBe('2026-10-01');
    // A year the question is about, not the files' date.
    for (const question of ['what happened in 2008?', 'what is the defense of marriage act 1996', 'how many rows are there in the table from 2019?', 'which SQL:2016 features does PostgreSQL support?']) {
      expect(plan(question, 'factual', NOW).filters.modifiedFrom, question).toBeUndefined();
    }
  });
  it('reads folder and name hints in English and Dutch', () => {
    expect(folderHint('any PDFs in my invoices folder?')).toBe('invoices');
    expect(folderHint('wat staat er in de map facturen?')).toBe('facturen');
    expect(folderHint('what is the budget?')).toBeUndefined();
    // "map" names a folder only as Dutch does ("in de map …"): in English it is a verb.
    expect(folderHint('how do I map keys to values?')).toBeUndefined();
    expect(folderHint('in mijn map offertes staat wat?')).toBe('offertes');
    expect(nameHint('the file named budget-2024')).toBe('budget-2024');
    expect(nameHint('documenten met factuur in de naam')).toBe('factuur');
    // A file's whole name, as an answer gave it.
    expect(nameHint('what does rust-notes.md say about lifetimes?')).toBe('rust-notes.md');
    expect(nameHint('wat zegt offerte-aannemer.pdf over de prijs?')).toBe('offerte-aannemer.pdf');
    // Of a path, the file's name: the name filter reads no folders.
    expect(nameHint('what does notes/2024/rust-notes.md say?')).toBe('rust-notes.md');
    expect(nameHint('is Node.js fast?')).toBeUndefined();
  });
  it('takes no function word, verb or preposition for a name or a folder: "called the", "named after", "directory located"', () => {
    for (const question of ['why was the eastern roman empire called the byzantine empire?', 'what is this setting called in postgres?', 'which file is named after the project?', 'how is the option named for the port?', 'Wat heet die instelling in git?', 'hoe heet het commando om te committen?']) {
      expect(nameHint(question), question).toBeUndefined();
      expect(plan(question, 'factual', NOW).filters.nameContains, question).toBeUndefined();
    }
    for (const question of ['is there a folder for templates?', 'Where is the data directory located?', 'how do I change the default directory for downloads?']) expect(folderHint(question), question).toBeUndefined();
    // A name as a name is written stays: quoted, with a digit or a file name's marks, or a noun.
    expect(nameHint('the parameter titled "work_mem" means what?')).toBe('work_mem');
    expect(nameHint('a file called report')).toBe('report');
    expect(nameHint('notes named v2-draft')).toBe('v2-draft');
    expect(folderHint('what is in the folder "for"?')).toBe('for');
  });
  it('reads a name after the folder noun only after "in", a possessive or in quotes: "a directory tree" names no folder', () => {
    for (const question of ['How do I delete a directory tree?', 'How do I walk the directory tree?', 'What is the folder structure of a project?', 'which directory listing format does ls use?']) {
      expect(folderHint(question), question).toBeUndefined();
      expect(plan(question, 'factual', NOW).filters.folder, question).toBeUndefined();
    }
    expect(folderHint('which files are in folder invoices?')).toBe('invoices');
    expect(folderHint('what does my folder invoices hold?')).toBe('invoices');
    expect(folderHint('list the folder "2024-taxes"')).toBe('2024-taxes');
  });
});
