import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answerTypes, begun, continued, excerpt, givesType, introduced, extractiveMap, fileContext, fileTitle, filterFacts, mapCandidates, passageTexts, questionCoverage, rerankByFacts, standings, stem, type Fact } from '../../src/pipeline/answer/mapStage.js';
import { identifiers } from '../../src/pipeline/search/queryTerms.js';
import { hybridSearch } from '../../src/pipeline/search/hybridSearch.js';
import { TermStats } from '../../src/pipeline/search/termStats.js';
import { indexedFiles, indexedFixtureDocs, oneTextIndex } from '../helpers/fixtureIndex.js';
import { Indexer } from '../../src/pipeline/index/indexer.js';
import { IndexStore } from '../../src/pipeline/store/indexStore.js';
import { tempDir } from '../helpers/tmp.js';
import { seeded } from '../helpers/fuzzConversations.js';

let fixture: Awaited<ReturnType<typeof indexedFixtureDocs>>;
let termStats: TermStats;
beforeAll(async () => {
  fixture = await indexedFixtureDocs();
  termStats = new TermStats(fixture.store);
});
afterAll(() => {
  fixture.cleanup();
});

/** Map's facts for a question over one file of this text indexed on its own, searched for `search` (its first hit). */
async function topFacts(name: string, text: string, search: string, question: string): Promise<Fact[]> {
  const own = oneTextIndex(name, text);
  try {
    const { hits } = await hybridSearch(own.store, search, { k: 1 });
    return await extractiveMap(own.store, hits, { resolved_query: question, keywords: [] });
  } finally {
    own.cleanup();
  }
}

async function factsFor(question: string, keywords: string[] = []): Promise<Fact[]> {
  const { hits } = await hybridSearch(fixture.store, [question, ...keywords].join(' '), { k: 5, extraTerms: { terms: keywords, weight: 0.5 } });
  return filterFacts(await extractiveMap(fixture.store, hits, { resolved_query: question, keywords }, { termStats }));
}

describe('extractive Map and Filter on real documents', () => {
  it('quotes the warranty sentence from page 3 of the manual', async () => {
    const facts = await factsFor('What is the warranty period of the heat pump?');
    expect(basename(facts[0]!.path)).toBe('heat-pump-manual.pdf');
    expect(facts[0]!.page).toBe(3);
    expect(facts[0]!.quote).toMatch(/warranty/i);
    // The sentence says "the unit"; the file's name says what it is about, and counts as context.
    expect(facts[0]!.words).toEqual(expect.arrayContaining(['warranty', 'heat', 'pump'].map(stem)));
    expect(fileTitle('/x/heat-pump-manual.pdf')).toBe('heat pump manual');
  });

  it('finds the price in the Dutch note for a rewritten follow-up', async () => {
    const facts = await factsFor('Wat is de prijs van houtmulch?', ['houtmulch']);
    expect(basename(facts[0]!.path)).toBe('houtmulch.md');
    expect(facts.some((f) => /45 euro/.test(f.quote))).toBe(true);
  });

  it('lists the passages by their search rank, what Map read in them and their headings', async () => {
    const question = { resolved_query: 'What is the warranty period of the heat pump?', keywords: [] };
    const { hits } = await hybridSearch(fixture.store, question.resolved_query, { k: 5 });
    expect(hits.length).toBeGreaterThan(2);
    const facts = await extractiveMap(fixture.store, hits, question, { termStats });
    const ranked = rerankByFacts(fixture.store, hits, facts, question, termStats);
    expect(ranked.map((h) => h.chunkId).sort()).toEqual(hits.map((h) => h.chunkId).sort());
    for (let i = 1; i < ranked.length; i++) expect(ranked[i - 1]!.score).toBeGreaterThanOrEqual(ranked[i]!.score);
    for (const h of ranked) {
      expect(h.score).toBeGreaterThanOrEqual(0);
      expect(h.score).toBeLessThanOrEqual(1);
    }
    // The manual's warranty page: its sentence answers, its heading (the file's name) names the heat pump.
    expect(basename(ranked[0]!.path)).toBe('heat-pump-manual.pdf');
    expect(ranked[0]!.page).toBe(3);
    // A passage whose sentence answers moves ahead of one the search put first but that answers nothing.
    const last = hits[hits.length - 1]!;
    const lifted = rerankByFacts(fixture.store, hits, [{ quote: 'x', path: last.path, page: last.page, chunkId: last.chunkId, score: 1, coverage: 1 }], question, termStats);
    expect(lifted[0]!.chunkId).toBe(last.chunkId);
    // By what the passage says for itself: a sentence raised only for showing code ("how do I …") lifts no page.
    const kept = rerankByFacts(fixture.store, hits, [{ quote: 'x', path: last.path, page: last.page, chunkId: last.chunkId, score: 1, pageScore: 0, coverage: 1 }], question, termStats);
    expect(kept[0]!.chunkId).not.toBe(last.chunkId);
  });

  it('reads no list or index run together without a mark as a possible answer', () => {
    // As PostgreSQL's book index reads: its entries run on with no mark for more than forty words.
    const index = 'radians, Mathematical Functions and Operators radius, Geometric Functions and Operators RADIUS, RADIUS Authentication RAISE in PL/pgSQL, Reporting Errors and Messages random, Mathematical Functions and Operators random_page_cost configuration parameter, Planner Cost Constants range table, The Query Tree range type, Range Types rank, Window Functions';
    const texts = new Map([[1, `random_page_cost (floating point): The default is 4.0.\n\n${index}`]]);
    const hits = [{ chunkId: 1, fileId: 1, path: '/d/config.html', page: null, score: 1, snippet: '', bm25Rank: 1, vectorRank: null }];
    const quotes = mapCandidates(texts, hits, { resolved_query: 'What is random_page_cost set to by default?', keywords: [] }).map((c) => c.quote);
    expect(quotes.some((q) => q.includes('The default is 4.0.'))).toBe(true);
    expect(quotes.some((q) => q.includes('Window Functions'))).toBe(false);
  });

  it('reads a passage\'s place in the list the same whichever way the search fused its sides', async () => {
    const question = { resolved_query: 'What is the warranty period of the heat pump?', keywords: [] };
    const { hits } = await hybridSearch(fixture.store, question.resolved_query, { k: 5 });
    expect(hits.length).toBeGreaterThan(2);
    // The same order, scored as rank fusion does (flat) and as fusion by score can (steep).
    const flat = hits.map((h, i) => ({ ...h, score: 1 / (61 + i) }));
    const steep = hits.map((h, i) => ({ ...h, score: 0.9 ** (4 * i) }));
    const texts = passageTexts(fixture.store, hits);
    const scores = (list: typeof hits): number[] => mapCandidates(texts, list, question, { termStats }).map((c) => c.score);
    expect(scores(steep)).toEqual(scores(flat));
    const order = (list: typeof hits): number[] => rerankByFacts(fixture.store, list, [], question, termStats).map((h) => h.chunkId);
    expect(order(steep)).toEqual(order(flat));
    // Passages read beside a hit stand where it does; the first stands at 1, the later ones lower.
    const standing = standings([...flat, { ...flat[1]!, chunkId: -1 }]);
    expect(standing(flat[0]!)).toBe(1);
    expect(standing({ ...flat[1]!, chunkId: -1 })).toBe(standing(flat[1]!));
    expect(standing(flat[2]!)).toBeLessThan(standing(flat[1]!));
  });

  it('drops weak facts and near-duplicates', () => {
    const f = (quote: string, score: number): Fact => ({ quote, score, coverage: score, path: 'a.md', page: null, chunkId: 1 });
    const kept = filterFacts([f('The warranty period is five years from installation.', 0.9), f('The warranty period is five years from the installation.', 0.8), f('Unrelated words here entirely.', 0.1)]);
    expect(kept.map((k) => k.score)).toEqual([0.9]);
    // A sentence cut by a page, and the same sentence shown whole with its neighbour: the weaker goes.
    const whole = f('You may safely leave the defaults of samples=2000 and maxdeviation=0.003 untouched. The default size for output is 10 inches.', 0.7);
    const cut = f('You may safely leave the defaults of samples=2000 and', 0.6);
    expect(filterFacts([whole, cut]).map((k) => k.score)).toEqual([0.7]);
    // A short sentence whose few words another has by chance stays: it may say something else.
    expect(filterFacts([whole, f('The default size is small.', 0.5)]).map((k) => k.score)).toEqual([0.7, 0.5]);
  });
});

describe('a file\'s folders as its context', () => {
  it('reads a sentence of a file filed under a folder the question names as about that folder\'s subject', async () => {
    const t = tempDir('docent-folders-');
    try {
      const root = join(t.dir, 'databases');
      mkdirSync(join(root, 'sqlite'), { recursive: true });
      mkdirSync(join(root, 'postgres'), { recursive: true });
      writeFileSync(join(root, 'postgres', 'limits.md'), 'Table limits\n\nA table can have at most 1600 columns. Columns of a table beyond that limit are refused, and wide tables with many columns are slow.\n');
      writeFileSync(join(root, 'sqlite', 'limits.md'), 'Limits\n\nA table can have at most 2000 columns.\n');
      const store = IndexStore.open(join(t.dir, 'index.sqlite'));
      try {
        await new Indexer(store).indexRoot(root);
        expect(fileContext(store)(join(root, 'sqlite', 'limits.md'))).toBe('sqlite limits');
        expect(fileContext(store)(join(t.dir, 'elsewhere', 'notes-2024.md'))).toBe('notes 2024');
        const { hits } = await hybridSearch(store, 'sqlite table columns', { k: 5 });
        expect(hits.map((h) => basename(dirname(h.path)))).toEqual(['postgres', 'sqlite']);
        const facts = await extractiveMap(store, hits, { resolved_query: 'How many columns can a table have in SQLite?', keywords: [] });
        expect(facts[0]!.quote).toContain('2000 columns');
        // The list's order reads the folders as it reads a passage's title: the page filed under sqlite/ comes first.
        const question = { resolved_query: 'How many columns can a table have in SQLite?', keywords: [] };
        expect(basename(dirname(rerankByFacts(store, hits, [], question)[0]!.path))).toBe('sqlite');
      } finally {
        store.close();
      }
    } finally {
      t.cleanup();
    }
  });
});

describe('a fact that leans on what comes before it', () => {
  it('is shown after its own title, never after the last sentence of the section before', async () => {
    const text = [
      '## recursive',
      '',
      'This can only resolve two heads using a 3-way merge algorithm. It has been the default in older releases.',
      '',
      '## ort',
      '',
      'This is the default merge strategy when pulling or merging one branch. It builds a merged tree.',
    ].join('\n');
    const facts = await topFacts('merge-strategies.md', text, 'default merge strategy one branch', 'Which merge strategy is the default for one branch?');
    const top = facts[0]!.quote;
    expect(top).toMatch(/^ort: This is the default merge strategy/);
    expect(top).not.toMatch(/older releases/);
  });

  it('is never read with a sentence across a rule drawn over the page', async () => {
    // SQLite's pragma page: each pragma's part ends with a rule, and the next opens with its syntax.
    const rule = '----------------------------------------';
    const text = ['Checkpoints are described below.', '', rule, '', 'Automatic checkpoints run by default every 1000 pages.', '', rule, '', 'PRAGMA schema.journal_size_limit;'].join('\n');
    const facts = await topFacts('pragmas.md', text, 'automatic checkpoints default', 'How often do automatic checkpoints run by default?');
    expect(facts[0]!.quote).toBe('Automatic checkpoints run by default every 1000 pages.');
  });

  it('keeps the mark a title ends with, and adds none to it', async () => {
    const facts = await topFacts('reflog.md', '## Some other examples:\n\nThey are kept by default for 90 days, after which they may be pruned.\n', 'how long kept', 'How long are they kept?');
    expect(facts[0]!.quote).toBe('Some other examples: They are kept by default for 90 days, after which they may be pruned.');
  });
});

describe('a quote whose sentence runs on past its passage', () => {
  it('is finished with the next passage\'s words up to the mark that closes it, where it is prose', () => {
    const next = (text: string) => (): string => text;
    expect(continued('The default timeout is', 'Requests are logged. The default timeout is', next('ninety seconds, after which (p. 3) it closes. More.'))).toBe('The default timeout is ninety seconds, after which (p. 3) it closes.');
    // A sentence that ends, a next passage in capitals (a title, a table's next row), a table's run of cells: as they are.
    expect(continued('The default is five.', 'The default is five.', next('minutes later.'))).toBe('The default is five.');
    expect(continued('The default timeout is', 'The default timeout is', next('Table 9.86. Sizes.'))).toBe('The default timeout is');
    const cells = Array.from({ length: 45 }, (_, i) => `cell${i}`).join(' ');
    expect(continued(cells, cells, next('more cells end.'))).toBe(cells);
    // A quote that does not end its passage, or a rest with no closing mark in reach.
    expect(continued('The default timeout is', 'The default timeout is ninety', next('seconds.'))).toBe('The default timeout is');
    expect(continued('The default timeout is', 'The default timeout is', next('x '.repeat(200)))).toBe('The default timeout is');
  });

  it('is begun with the previous passage\'s words from where its sentence starts, where it opens its passage mid-sentence', () => {
    const before = (text: string) => (): string => text;
    const quote = 'determine how much influence each point has on the fit.';
    const passage = `${quote} Other text.`;
    expect(begun(quote, passage, before('Weights are optional. Weights, when given,'))).toBe(`Weights, when given, ${quote}`);
    // A quote in capitals, one that does not open its passage, or a previous passage that ended its sentence: as they are.
    expect(begun('Weights determine the fit.', 'Weights determine the fit.', before('Weights, when given,'))).toBe('Weights determine the fit.');
    expect(begun(quote, `Intro. ${quote}`, before('Weights, when given,'))).toBe(quote);
    expect(begun(quote, passage, before('Weights are optional.'))).toBe(quote);
  });
});

describe('answer types and introduced blocks on text never seen', () => {
  it('survive any text: a type is one the tables name, an introduced quote keeps the quote and adds at most its limit', () => {
    const rand = seeded(43);
    const PIECES = ['what date', 'When', 'welke datum', 'hoe laat ik', 'hoe laat', '^', ':', ':\n', '\n\n', '\n', ' ', '2026', '14:30', '1-5-2026', '…', '(', '[', '\\', '$', '.*', 'x'.repeat(300), '東京', '\u202e', 'for example:', 'SELECT 1;', '  '];
    const text = (): string => Array.from({ length: Math.floor(rand() * 12) }, () => PIECES[Math.floor(rand() * PIECES.length)]).join(rand() < 0.5 ? ' ' : '');
    const types = new Set(['default', 'quantity', 'procedure', 'time']);
    for (let i = 0; i < 400; i++) {
      const question = text();
      for (const t of answerTypes(question, rand() < 0.5 ? 'nl' : undefined)) expect(types.has(t), question).toBe(true);
      expect(typeof givesType(text(), ['time', 'quantity'])).toBe('boolean');
      const quote = `${text()}:`;
      const shown = introduced(quote, rand() < 0.5 ? `${text()}${quote}${text()}` : text(), () => text());
      expect(shown.startsWith(quote), JSON.stringify(quote)).toBe(true);
      expect(shown.length).toBeLessThanOrEqual(quote.length + 1 + 250 + 2);
    }
  });
});

describe('a question for a time', () => {
  it('is answered by the sentence that gives a date, in English and in Dutch', async () => {
    const en = '# Office move\n\nThe office move to the new building was planned by the facilities team after a long discussion about the office.\n\nThe move happens on 14 March 2027, from 08:00.\n\nEveryone packs their own desk in the boxes provided.\n';
    const [best] = await topFacts('office.md', en, 'office move', 'On what day is the office move?');
    expect(best!.quote).toMatch(/The move happens on 14 March 2027/);
    expect(best!.quote).not.toMatch(/facilities/);
    const nl = '# Verhuizing kantoor\n\nDe verhuizing van het kantoor naar het nieuwe gebouw is na lang overleg door de facilitaire dienst gepland.\n\nDe verhuizing is op 14 maart 2027, vanaf 08:00.\n\nIedereen pakt zijn eigen bureau in.\n';
    const [eerste] = await topFacts('kantoor.md', nl, 'verhuizing kantoor', 'Op welke datum is de verhuizing van het kantoor?');
    expect(eerste!.quote).toMatch(/De verhuizing is op 14 maart 2027/);
    expect(eerste!.quote).not.toMatch(/facilitaire/);
  });
});

describe('a reference entry titled by its option', () => {
  it('answers "how do I …?" with the sentence under the option, shown after it', async () => {
    const page = [
      'git-tag - Create, list, delete or verify a tag object',
      '',
      'Tags are kept under refs/tags and are never removed by a garbage collection of the repository.',
      '',
      '-f',
      '--force',
      '',
      'Replace an existing tag with the given name (instead of failing)',
      '',
      '-d',
      '--delete',
      '',
      'Delete existing tags with the given names.',
      '',
      '-v',
      '--verify',
      '',
      'Verify the GPG signature of the given tag names.',
    ].join('\n');
    const [best] = await topFacts('git-tag.txt', page, 'tag delete remove', 'How do I remove a tag?');
    expect(best!.quote).toBe('-d --delete: Delete existing tags with the given names.');
  });
});

describe('a quote that introduces what follows it', () => {
  it('is shown with the block that follows it, in its passage or at the next one\'s start, in whole lines up to a limit', () => {
    const next = (text: string) => (): string => text;
    const quote = 'A custom-format dump must be restored with pg_restore, for example:';
    expect(introduced(quote, `Intro.\n\n${quote}\n\npg_restore -d dbname filename\n\nSee the reference pages.`, next('Other.'))).toBe(`${quote} pg_restore -d dbname filename`);
    // A PDF's lines wrap the sentence; the block is its lines up to the blank line.
    expect(introduced(quote, 'A custom-format dump must be\nrestored with pg_restore, for example:\n$ pg_restore -d db f\n$ psql db\n\nMore.', next(''))).toBe(`${quote} $ pg_restore -d db f $ psql db`);
    expect(introduced(quote, `Intro. ${quote}`, next('\npg_restore -d dbname filename\n\nMore.'))).toBe(`${quote} pg_restore -d dbname filename`);
    // Whole lines only, up to the limit; a first line longer than it cut at a word.
    const lines = Array.from({ length: 20 }, (_, i) => `SELECT column_${i} FROM t;`);
    const shown = introduced(quote, `${quote}\n${lines.join('\n')}`, next(''));
    expect(shown.startsWith(`${quote} ${lines[0]} ${lines[1]}`)).toBe(true);
    expect(shown.length).toBeLessThan(quote.length + 260);
    expect(shown.endsWith(';')).toBe(true);
    expect(introduced(quote, `${quote}\n${'word '.repeat(100)}`, next(''))).toMatch(/word …$/);
    // A quote that does not end so, or one the passage does not hold, or nothing after it: as it is.
    expect(introduced('The default is five.', 'The default is five.\n\nmore', next('x'))).toBe('The default is five.');
    expect(introduced(quote, 'Something else entirely.', next('pg_restore'))).toBe(quote);
    expect(introduced(quote, quote, next(''))).toBe(quote);
  });

  it('shows the command a manual gives after the sentence that answers', async () => {
    const page = '<html><head><title>Backup</title></head><body><h1>SQL Dump</h1><p>The dump can be written in several formats.</p><p>A custom-format dump is not a script for psql, but instead must be restored with pg_restore, for example:</p><pre>pg_restore -d dbname filename</pre><p>See the pg_dump and pg_restore reference pages for details.</p></body></html>';
    const own = await indexedFiles({ 'backup.html': page });
    try {
      const question = 'How is a custom-format dump restored?';
      const { hits } = await hybridSearch(own.store, question, { k: 3 });
      const facts = await extractiveMap(own.store, hits, { resolved_query: question, keywords: [] });
      expect(facts[0]!.quote).toMatch(/for example: pg_restore -d dbname filename$/);
    } finally {
      own.cleanup();
    }
  });
});

describe('a quote that runs on as one sentence of a table or a list', () => {
  it('is shown as the part of it that covers most of the question, marked where cut', () => {
    const cells = (from: number, n: number): string => Array.from({ length: n }, (_, i) => `cell${from + i} any`).join(' ');
    // A function table a PDF ran together: 60 rows of two words, one of them the row the question asks about.
    const table = `${cells(0, 30)} norm(x) any normal distribution function of x ${cells(30, 30)}`;
    const cover = questionCoverage({ resolved_query: 'Which function gives the normal distribution?', keywords: [] });
    const shown = excerpt(table, cover);
    expect(shown).toMatch(/^… .* …$/);
    expect(shown).toContain('normal distribution function');
    expect(shown.split(' ').length).toBeLessThanOrEqual(42);
    // Prose, however long, and a short run-on: as they are.
    const prose = Array.from({ length: 12 }, (_, i) => `Sentence ${i} says what the normal distribution is for.`).join(' ');
    expect(excerpt(prose, cover)).toBe(prose);
    expect(excerpt(cells(0, 30), cover)).toBe(cells(0, 30));
    expect(excerpt('', cover)).toBe('');
  });
});

describe('question coverage of an identifier', () => {
  it('counts an identifier the question names as written, not its parts in other words', () => {
    expect(identifiers('Is shared_buffers or write.csv set in R_LIBS_USER? Not in a sentence.')).toEqual(['shared_buffers', 'write.csv', 'r_libs_user']);
    const cover = questionCoverage({ resolved_query: 'What is the default of shared_buffers?', keywords: [] });
    const named = cover('shared_buffers (integer): the default is 128 megabytes.');
    expect(named).toBeCloseTo(1, 5);
    // Another setting's name and the words "shared" and "buffers" elsewhere are not the setting asked about.
    expect(cover('wal_buffers (integer): the default uses shared memory buffers.')).toBeCloseTo(cover('The default is 64 kilobytes.'), 5);
    // A word of the question outside the identifier still counts on its own.
    expect(questionCoverage({ resolved_query: 'Which buffers does shared_buffers size?', keywords: [] })('The buffers of the server.')).toBeGreaterThan(0);
  });

  it("counts a qualified name and its own name as one thing, where that name is an identifier itself", () => {
    const cover = (q: string, s: string): number => questionCoverage({ resolved_query: q, keywords: [] })(s);
    expect(cover('What does functools.lru_cache do?', 'This allows the lru_cache decorator to be applied to a user function.')).toBeCloseTo(1, 5);
    expect(cover('What does lru_cache do?', '@functools.lru_cache(maxsize=128, typed=False)')).toBeCloseTo(1, 5);
    expect(cover('What is pg_class?', 'SELECT relname FROM pg_catalog.pg_class;')).toBeCloseTo(1, 5);
    // A plain word is no name of its own: R's write.csv is not "csv", nor another module's lru_cache the one asked.
    expect(cover('How do I use write.csv?', 'Write the table as csv.')).toBe(0);
    expect(cover('What does functools.lru_cache do?', 'The cache.lru_size setting.')).toBe(0);
    // Two qualifiers are two things, whatever their own name.
    expect(cover('What does socket.create_connection do?', 'Call loop.create_connection() with a protocol.')).toBe(0);
    expect(cover('What does create_connection do?', 'Call loop.create_connection() with a protocol.')).toBeCloseTo(1, 5);
  });
});

describe('question coverage with words of the same meaning', () => {
  it('gives half credit for a thesaurus word the document uses instead of the question’s', () => {
    const cover = questionCoverage({ resolved_query: 'Wat kost houtmulch?', keywords: [] });
    expect(cover('De prijs van houtmulch is 45 euro per kuub.')).toBeCloseTo(0.75, 5);
    expect(cover('De crème brûlée kost 7,50 euro.')).toBeCloseTo(0.5, 5);
    expect(cover('Houtmulch houdt onkruid tegen.')).toBeCloseTo(0.5, 5);
    expect(cover('Het weer is mooi.')).toBe(0);
  });
});

describe('question coverage of a word in another form', () => {
  it('meets a word in its other forms by their shared stem, and keeps other words apart', () => {
    // "libraries" and "library" share no first letters beyond "librar": a cut of the last letters kept them apart.
    expect(stem('libraries')).toBe(stem('library'));
    expect(stem('removed')).toBe(stem('remove'));
    expect(stem('general')).not.toBe(stem('generate'));
    const cover = questionCoverage({ resolved_query: 'Where are user libraries kept?', keywords: [] });
    expect(cover('Each user library is kept in a folder of its own.')).toBeCloseTo(1, 5);
    expect(cover('The library path is printed.')).toBeGreaterThan(0);
    expect(cover('Nothing of the kind.')).toBe(0);
    // Numbers and mixed tokens are compared as written.
    expect(stem('utf8')).toBe('utf8');
    expect(stem('2024')).toBe('2024');
  });
});
