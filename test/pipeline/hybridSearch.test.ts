import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Indexer } from '../../src/pipeline/index/indexer.js';
import { EmbedderPool } from '../../src/pipeline/models/embedderPool.js';
import { UseEmbedder } from '../../src/pipeline/models/useEmbedder.js';
import { cosine } from '../../src/pipeline/models/embedder.js';
import { resultUnit } from '../../src/pipeline/answer/searchStage.js';
import { agreementWeight, CONVEX_BELOW, CONVEX_RAMP, convexFusion, convexShare, diversifyPerFile, encoderReadsIndex, forgetAgreements, sideAgreement, hybridSearch, mixedQueryVector } from '../../src/pipeline/search/hybridSearch.js';
import { ask } from '../../src/pipeline/answer/ask.js';
import { ftsMatchExpression, queryTerms } from '../../src/pipeline/search/queryTerms.js';
import { IndexStore } from '../../src/pipeline/store/indexStore.js';
import { indexedFixtureDocs } from '../helpers/fixtureIndex.js';
import { tempDir } from '../helpers/tmp.js';

let store: IndexStore;
let embedder: UseEmbedder;
let cleanup: () => void;
let docs: string;

beforeAll(async () => {
  const fixture = await indexedFixtureDocs();
  ({ store, docs, cleanup } = fixture);
  const pool = await EmbedderPool.start({ kind: 'use' }, 2);
  try {
    const summary = await new Indexer(store).embedPending(pool);
    expect(summary.failed).toBe(0);
  } finally {
    await pool.close();
  }
  embedder = await UseEmbedder.load();
});
afterAll(async () => {
  await embedder?.close();
  cleanup?.();
});

describe('hybridSearch over real documents and real vectors', () => {
  it('finds the fact on page 3 of the manual, cited with its page and the words marked', async () => {
    const r = await hybridSearch(store, 'how long is the warranty period?', { embedder, k: 3 });
    expect(r.mode).toBe('hybrid');
    expect(r.vectorsPending).toBe(0);
    expect(r.hits[0]).toMatchObject({ path: join(docs, 'heat-pump-manual.pdf'), page: 3 });
    expect(r.hits[0]!.snippet).toMatch(/\*\*warranty\*\* \*\*period\*\*/);
    expect(r.hits[0]!.bm25Rank).toBe(1);
  });

  it('finds a passage by meaning when no word matches (vector side of the fusion)', async () => {
    const r = await hybridSearch(store, 'a dessert made with fruit', { embedder, k: 3 });
    expect(r.hits.map((h) => h.path)).toContain(join(docs, 'recipes.html'));
    const recipe = r.hits.find((h) => h.path.endsWith('recipes.html'))!;
    expect(recipe.bm25Rank).toBeNull();
    expect(recipe.vectorRank).not.toBeNull();
  });

  it('works by keywords alone without an embedder, and ranks fused scores in order', async () => {
    const r = await hybridSearch(store, 'invoice total due', { k: 5 });
    expect(r.mode).toBe('keyword');
    expect(r.hits.slice(0, 3).every((h) => h.path.includes('/invoices/'))).toBe(true);
    expect(r.hits.every((h) => h.vectorRank === null)).toBe(true);
    const scores = r.hits.map((h) => h.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
  });

  it('shows a Markdown file\'s headings without their marks in its snippets, as its reader sees them', async () => {
    for (const query of ['houtmulch prijs', 'bodembedekker', 'kuub euro']) {
      const hits = (await hybridSearch(store, query, { k: 5 })).hits.filter((h) => h.path.endsWith('houtmulch.md'));
      expect(hits.length, query).toBeGreaterThan(0);
      for (const h of hits) expect(h.snippet, query).not.toMatch(/(^|\s|…)#+\s/);
    }
  });

  it('treats FTS5 syntax in a query as plain words', async () => {
    for (const q of ['"unbalanced', 'NEAR(warranty, period)', 'warranty*', 'a AND OR NOT', '-- ; DROP TABLE chunks', '^col:']) {
      await expect(hybridSearch(store, q, { k: 3 })).resolves.toBeDefined();
    }
    expect(store.counts().chunks).toBeGreaterThan(0);
    expect(queryTerms('What is THE Budget, for 2025?')).toEqual(['budget', '2025']);
    // Contractions and possessives are their word: no "s" or "t" searched, "it's" is a stopword.
    expect(queryTerms("It's FICO's score, isn't it? I can't say what's owed")).toEqual(['fico', 'score', 'say', 'owed']);
    expect(queryTerms("won't they're we'll I'd")).toEqual([]);
    // Dutch auxiliaries and prepositions are function words too.
    expect(queryTerms('Wanneer moet de belastingaangifte binnen zijn?')).toEqual(['belastingaangifte']);
    expect(queryTerms('Kan ik hem opzeggen, of heb ik dat al gedaan?')).toEqual(['opzeggen', 'gedaan']);
    expect(queryTerms('Waarom is mijn jaarafrekening zo hoog?')).toEqual(['jaarafrekening', 'hoog']);
    // Dutch forms of "gaan" and past modals are function words too; English names that look like Dutch verbs are not.
    expect(queryTerms("Welke pdf's gaan over de verbouwing, en mocht dat?")).toEqual(['pdf', 'over', 'verbouwing']);
    expect(queryTerms('Did Ben meet Oscar Wilde in GA?')).toEqual(['ben', 'meet', 'oscar', 'wilde', 'ga']);
    expect(queryTerms('Waarom? Hoezo staat daarvan niets in het contract?')).toEqual(['staat', 'contract']);
    // A stopword written with accents the list leaves out is one too, as the index folds them ("één" is "een"); a word that is none keeps its accents.
    expect(queryTerms('Hoe zet ik alles op één pagina, café?')).toEqual(['zet', 'pagina', 'café']);
    expect(ftsMatchExpression(['say "hi"'])).toBe('"say ""hi"""');
    expect(ftsMatchExpression([])).toBeUndefined();
  });

  it('returns nothing, not an error, for a query with no searchable word', async () => {
    expect((await hybridSearch(store, 'the of and', { k: 3 })).hits).toEqual([]);
  });
});

describe('vector query made of weighted texts', () => {
  it('mixes the texts\' vectors into one unit vector, and the vector side follows the mix', async () => {
    const [a, b] = await embedder.embed(['price of wood chip mulch', 'heat pump warranty']);
    const mixed = await mixedQueryVector(embedder, [
      { text: 'price of wood chip mulch', weight: 1 },
      { text: 'heat pump warranty', weight: 0.3 },
    ]);
    expect(Math.hypot(...mixed)).toBeCloseTo(1, 5);
    expect(cosine(mixed, a!)).toBeGreaterThan(cosine(mixed, b!));
    expect(cosine(mixed, b!)).toBeGreaterThan(cosine(a!, b!));
    // The keyword side searches the query's words; the vector side only what vectorQuery names.
    const r = await hybridSearch(store, 'zzzunknownword', { embedder, k: 1, vectorQuery: [{ text: 'hoeveel kost houtmulch per kuub', weight: 1 }] });
    expect(r.mode).toBe('vector');
    expect(r.hits[0]!.path).toMatch(/houtmulch\.md$/);
  });
});

describe('scoped search', () => {
  it('keeps both sides, keywords and vectors, inside the files given', async () => {
    const id = (store.db.prepare("SELECT id FROM files WHERE path LIKE '%houtmulch.md'").get() as { id: number }).id;
    const r = await hybridSearch(store, 'how long is the warranty period?', { embedder, k: 5, fileIds: [id] });
    expect(r.hits.length).toBeGreaterThan(0);
    expect(r.hits.every((h) => h.fileId === id)).toBe(true);
    const capped = await hybridSearch(store, 'invoice amount total', { embedder, k: 5, maxPerFile: 1 });
    expect(new Set(capped.hits.map((h) => h.fileId)).size).toBe(capped.hits.length);
  });
});

describe('answering with search by meaning on', () => {
  it('"Wat kost houtmulch?" answers with the mulch note\'s price, not a café note\'s "kost"', async () => {
    const r = await ask(store, 'Wat kost houtmulch?', { embedder, now: new Date(Date.UTC(2026, 10, 21)) });
    const search = r.stages.find((s) => s.stage === 'search');
    expect(search).toBeDefined();
    expect(r.answer).toMatch(/45 euro per kuub/);
    expect(r.answer).not.toMatch(/crème brûlée/);
    expect(r.citations.map((c) => c.path)).toEqual([join(docs, 'houtmulch.md')]);
  });

  it('a file\'s passages beyond the first few count half rather than being dropped', () => {
    const hit = (id: number, file: number, score: number) => ({ id, file, score });
    const ranked = [hit(1, 1, 0.033), hit(2, 2, 0.032), hit(3, 1, 0.032), hit(4, 1, 0.031), hit(5, 3, 0.015), hit(6, 4, 0.014)];
    const kept = diversifyPerFile(ranked, (h) => h.file, (h) => h.score, 2, 5).map((h) => h.id);
    // File 1's third passage (0.031 → 0.0155) still beats file 3's and 4's weak ones.
    expect(kept).toEqual([1, 2, 3, 4, 5]);
    // Weighed down further, they fall behind the other files' passages, still in their own order.
    expect(diversifyPerFile(ranked, (h) => h.file, (h) => h.score, 1, 6, 0.4).map((h) => h.id)).toEqual([1, 2, 5, 6, 3, 4]);
  });

  it('fuses by score where the encoder reads an index poorly, by rank where it reads it well, and blends the two in between', () => {
    expect(convexShare(0.05)).toBe(1);
    expect(convexShare(CONVEX_BELOW - CONVEX_RAMP / 2)).toBe(1);
    expect(convexShare(CONVEX_BELOW)).toBeCloseTo(0.5, 10);
    expect(convexShare(CONVEX_BELOW + CONVEX_RAMP / 2)).toBe(0);
    expect(convexShare(0.45)).toBe(0);
    // Never a jump: a small change of the median moves the share a little.
    for (let m = 0; m < 0.5; m += 0.01) expect(Math.abs(convexShare(m + 0.01) - convexShare(m))).toBeLessThanOrEqual(0.01 / CONVEX_RAMP + 1e-9);
  });

  it('spreads a result list over the pages of a file with pages, as over files: a manual\'s third matching page is not weighed down', () => {
    const hit = (chunkId: number, fileId: number, page: number | null, score: number) => ({ chunkId, fileId, page, score });
    // A manual (file 1) matching on three pages, a web page (file 2, no pages) on three passages, a note (file 3).
    const ranked = [hit(1, 1, 12, 0.05), hit(2, 1, 40, 0.049), hit(3, 2, null, 0.048), hit(4, 2, null, 0.047), hit(5, 1, 41, 0.046), hit(6, 2, null, 0.045), hit(7, 1, 12, 0.044), hit(8, 1, 12, 0.043), hit(9, 3, null, 0.03)];
    const kept = diversifyPerFile(ranked, resultUnit, (h) => h.score, 2, 6).map((h) => h.chunkId);
    // Pages 12, 40 and 41 each count whole; the web page's third passage and page 12's third are halved.
    expect(kept).toEqual([1, 2, 3, 4, 5, 7]);
    // By file alone, the manual's third and later passages would have fallen behind the note's.
    expect(diversifyPerFile(ranked, (h) => h.fileId, (h) => h.score, 2, 6).map((h) => h.chunkId)).toEqual([1, 2, 3, 4, 9, 5]);
  });
});

describe('hybridSearch: the same passage in several files', () => {
  it('is one hit that names the other files, and the next hit is another passage', async () => {
    const { tempDir } = await import('../helpers/tmp.js');
    const { IndexStore } = await import('../../src/pipeline/store/indexStore.js');
    const { mkdirSync, writeFileSync } = await import('node:fs');
    const t = tempDir();
    const folder = join(t.dir, 'docs');
    mkdirSync(folder);
    const manual = 'The boiler must be serviced once a year by a certified engineer. The service takes about an hour.';
    writeFileSync(join(folder, 'boiler-manual.txt'), manual);
    writeFileSync(join(folder, 'boiler-manual (copy).txt'), manual);
    writeFileSync(join(folder, 'notes.txt'), 'Call the engineer about the boiler service in March.');
    const s = IndexStore.open(join(t.dir, 'index.sqlite'));
    try {
      await new Indexer(s).indexRoot(folder);
      const r = await hybridSearch(s, 'boiler service engineer', { k: 5 });
      expect(r.hits).toHaveLength(2);
      const copy = r.hits.find((h) => h.path.includes('boiler-manual'))!;
      expect(copy.alsoIn).toHaveLength(1);
      expect([copy.path, ...copy.alsoIn!].map((p) => p.split('/').pop()).sort()).toEqual(['boiler-manual (copy).txt', 'boiler-manual.txt']);
      expect(r.hits.some((h) => h.path.endsWith('notes.txt'))).toBe(true);
    } finally {
      s.close();
      t.cleanup();
    }
  });
});

describe('the meaning side\'s weight in the fusion', () => {
  it('follows how much its first candidates agree with the keyword side\'s', () => {
    const keyword = Array.from({ length: 40 }, (_, i) => i + 1);
    const cases: [number[], number[], number][] = [
      [keyword, [1001, 1002, 1003, ...Array.from({ length: 30 }, (_, i) => 2000 + i)], 0.3], // none agree
      [keyword, [1, 1001, 1002, 1003, ...Array.from({ length: 30 }, (_, i) => 2000 + i)], 0.5], // 1 of 20
      [keyword, [1, 2, 3, 4, ...Array.from({ length: 30 }, (_, i) => 2000 + i)], 1], // 4 of 20: full weight
      [keyword, keyword, 1],
      [[], [1, 2], 1], // one side alone: nothing to compare
      [[1, 2], [], 1],
    ];
    for (const [bm25, vec, weight] of cases) expect(agreementWeight(sideAgreement(bm25, vec))).toBeCloseTo(weight, 5);
  });
});

describe('fusion by score where the encoder reads the index poorly', () => {
  it('lets keywords lead and meaning decide between passages the words find alike', () => {
    const keyword = [
      { id: 1, score: 10 },
      { id: 2, score: 9.5 },
      { id: 3, score: 4 },
    ];
    // Passage 2 is the nearest in meaning, 1 the farthest; 9 was found by meaning alone.
    const cosine = new Map([
      [1, 0.2],
      [2, 0.6],
      [3, 0.5],
      [9, 0.6],
    ]);
    const fused = convexFusion(keyword, cosine, 1, 0.9);
    const order = [...fused.entries()].sort((a, b) => b[1] - a[1]).map(([id]) => id);
    expect(order).toEqual([2, 1, 3, 9]);
    expect(fused.get(1)).toBeCloseTo(0.9, 5);
    expect(fused.get(2)).toBeCloseTo(0.9 * 0.95 + 0.1, 5);
    // At a query's lower meaning weight the nearest in meaning no longer overtakes.
    const weak = convexFusion(keyword, cosine, 0.3, 0.9);
    expect([...weak.entries()].sort((a, b) => b[1] - a[1])[0]![0]).toBe(1);
  });

  /** Two connections to one new index bound to encoder-a (two processes sharing it), closed and removed after `use`. */
  const twoConnections = (use: (first: IndexStore, second: IndexStore) => void): void => {
    const t = tempDir();
    const path = join(t.dir, 'index.sqlite');
    const first = IndexStore.open(path);
    const second = IndexStore.open(path);
    try {
      first.bindEmbedder({ id: 'encoder-a', dimension: 4 });
      use(first, second);
    } finally {
      first.close();
      second.close();
      t.cleanup();
    }
  };

  it('judges the encoder by the mean agreement of the index\'s latest searches, kept in the index for the next process', () => {
    twoConnections((index, other) => {
      expect(encoderReadsIndex(index, undefined)).toBe(1); // nothing known yet: trust it
      expect(encoderReadsIndex(index, 0.05)).toBe(0.05);
      for (const a of [0.1, 0.1, 0.6]) encoderReadsIndex(index, a);
      // Between the steps of 0.05 that one search's agreement takes: (0.05 + 0.1 + 0.1 + 0.6 + 0.05) / 5.
      expect(encoderReadsIndex(index, 0.05)).toBeCloseTo(0.18, 10);
      // Another connection (a `docent ask`, the app after a restart) judges the index as this one did.
      expect(encoderReadsIndex(other, undefined)).toBeCloseTo(0.18, 10);
      // Only the latest 50 count: a run of agreeing searches, by either, takes over.
      for (let i = 0; i < 50; i++) encoderReadsIndex(other, 0.5);
      expect(encoderReadsIndex(index, undefined)).toBeCloseTo(0.5, 10);
      // Another encoder's agreements say nothing of this one, and an unreadable record is none.
      index.setMeta('search_agreements', JSON.stringify({ encoder: 'encoder-b', agreements: [0.05, 0.05] }));
      expect(encoderReadsIndex(index, undefined)).toBe(1);
      index.setMeta('search_agreements', '{"encoder": "encoder-a", "agreements": [0.05, "x", 7');
      expect(encoderReadsIndex(index, 0.3)).toBe(0.3);
      forgetAgreements(other);
      expect(encoderReadsIndex(index, undefined)).toBe(1);
    });
  });

  it('judges a search all the same while another process holds the index for writing, without remembering it', () => {
    twoConnections((writer, index) => {
      encoderReadsIndex(writer, 0.1);
      // The app's indexer mid-batch; this connection does not wait for it.
      writer.db.exec('BEGIN IMMEDIATE');
      index.db.pragma('busy_timeout = 0');
      expect(encoderReadsIndex(index, 0.3)).toBeCloseTo(0.2, 10);
      writer.db.exec('COMMIT');
      expect(encoderReadsIndex(index, undefined)).toBeCloseTo(0.1, 10);
    });
  });
});
