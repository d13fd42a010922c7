import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hybridSearch, weightedKeywordCandidates } from '../../src/pipeline/search/hybridSearch.js';
import { TermStats } from '../../src/pipeline/search/termStats.js';
import { didYouMean } from '../../src/pipeline/search/didYouMean.js';
import type { IndexStore } from '../../src/pipeline/store/indexStore.js';
import { indexedFiles, indexedFixtureDocs } from '../helpers/fixtureIndex.js';
import { seeded } from '../helpers/fuzzConversations.js';

let store: IndexStore;
let cleanup: () => void;
beforeAll(async () => {
  ({ store, cleanup } = await indexedFixtureDocs());
});
afterAll(() => cleanup());

describe('TermStats (FTS5 vocabulary)', () => {
  it('stems words exactly as FTS5 does and counts the chunks they occur in', () => {
    const ts = new TermStats(store);
    expect(ts.stems(['Invoices', 'warranty', 'Café'])).toEqual(
      new Map([
        ['Invoices', 'invoic'],
        ['warranty', 'warranti'],
        ['Café', 'cafe'],
      ]),
    );
    const df = ts.documentFrequency(['invoice', 'houtmulch', 'zebra']);
    expect(df.get('invoice')).toBe(3);
    expect(df.get('houtmulch')).toBeGreaterThanOrEqual(2);
    expect(df.get('zebra')).toBe(0);
    const idf = ts.idf(['invoice', 'zebra']);
    expect(idf.get('zebra')!).toBeGreaterThan(idf.get('invoice')!);
  });
});

describe('the word of the index a word it lacks is a slip of', () => {
  it('is the one in most passages one edit away, as the passages write it; none for a word the index has, a short one or one with figures', () => {
    const ts = new TermStats(store);
    expect(ts.nearestWord('warrenty')).toBe('warranty');
    expect(ts.nearestWord('Houtmulsh')).toBe('houtmulch');
    for (const w of ['warranty', 'zebra', 'wrn', 'E07x', 'qqqqqqq']) expect(ts.nearestWord(w), w).toBeUndefined();
  });

  it('makes a search text the launcher offers instead: each such word of it that is no English word replaced', () => {
    const ts = new TermStats(store);
    expect(didYouMean('houtmulsh prijs', ts)).toBe('houtmulch prijs');
    // In the case the user wrote it.
    expect(didYouMean('Houtmulsh, warrenty!', ts)).toBe('Houtmulch, warranty!');
    // Words the files have, English words they lack ("zebra"), and short ones: nothing to offer.
    for (const text of ['houtmulch prijs', 'zebra', 'wrn', '', '日本語 🙂']) expect(didYouMean(text, ts), text).toBeUndefined();
    // A word that begins a word of the files is being typed: "houtm" is no slip of "hout", "warr" none of "warm".
    for (const text of ['houtm', 'houtmulc', 'warr', 'warran']) expect(didYouMean(text, ts), text).toBeUndefined();
  });

  it('survives any text: an offer is the text with whole words replaced by words of the index', () => {
    const ts = new TermStats(store);
    const rand = seeded(47);
    const pieces = ['houtmulsh', 'warrenty', 'Houtmulsh', 'prijs', 'ß', 'ǅx', '日本語', '🙂', '--', ',', '.', ' ', '\u0000', 'x'.repeat(45), 'q'.repeat(5000), '(', '[', '$&', '\\', 'warr'];
    let offered = 0;
    for (let i = 0; i < 200; i++) {
      const text = Array.from({ length: 1 + Math.floor(rand() * 10) }, () => pieces[Math.floor(rand() * pieces.length)]!).join(rand() < 0.6 ? ' ' : '');
      const offer = didYouMean(text, ts);
      if (offer === undefined) continue;
      offered++;
      expect(offer).not.toBe(text);
      // Only whole words changed, each to a word the index has: the marks between them stay as they were.
      const marks = (t: string): string => t.replace(/\p{L}+/gu, 'w');
      expect(marks(offer)).toBe(marks(text));
      const own = new Set(text.match(/\p{L}+/gu));
      const fresh = (offer.match(/\p{L}+/gu) ?? []).filter((w) => !own.has(w));
      expect(fresh.length).toBeGreaterThan(0);
      for (const w of fresh) expect(ts.documentFrequency([w]).get(w), w).toBeGreaterThan(0);
    }
    expect(offered).toBeGreaterThan(10);
  });

  it('reads the passages of a stem that FTS5 stems once more when searched ("rebas" of "rebase")', async () => {
    const own = await indexedFiles({ 'git.md': '# Rebase\n\nUse git rebase to move commits onto another branch. Rebasing rewrites history.\n', 'more.md': 'A rebase can be interactive.\n' });
    try {
      const ts = new TermStats(own.store);
      expect(ts.stems(['rebase']).get('rebase')).toBe('rebas');
      expect(ts.textsWith('rebas').length).toBeGreaterThan(0);
      expect(ts.writtenAs('rebas')).toBe('rebase');
      expect(ts.nearestWord('rebsae')).toBe('rebase');
    } finally {
      own.cleanup();
    }
  });
});

describe('weighted keyword search', () => {
  it('lets added terms help without outvoting the user’s own words', async () => {
    // "price" alone is ambiguous; the conversation was about houtmulch.
    const plain = weightedKeywordCandidates(store, { own: ['prijs'] }, 3);
    const withContext = weightedKeywordCandidates(store, { own: ['prijs'], extra: { terms: ['houtmulch'], weight: 0.3 } }, 3);
    const path = (id: number): string => (store.db.prepare('SELECT f.path p FROM chunks c JOIN files f ON f.id = c.file_id WHERE c.id = ?').get(id) as { p: string }).p;
    expect(path(withContext[0]!)).toMatch(/houtmulch\.md$/);
    expect(withContext[0]).toBe(plain[0]); // the chunk about the price stays first
    // an added term alone, at low weight, still ranks below a chunk matching the user's word
    const r = await hybridSearch(store, 'warranty', { extraTerms: { terms: ['invoice'], weight: 0.3 }, k: 5 });
    expect(r.hits[0]!.path).toMatch(/heat-pump-manual\.pdf$/);
    expect(r.hits.some((h) => h.path.includes('/invoices/'))).toBe(true);
  });

  it('weighs each added term by its own weight where the terms carry weights', () => {
    const path = (id: number): string => (store.db.prepare('SELECT f.path p FROM chunks c JOIN files f ON f.id = c.file_id WHERE c.id = ?').get(id) as { p: string }).p;
    const top = (weights: number[]) => path(weightedKeywordCandidates(store, { own: [], extra: { terms: ['invoice', 'warranty'], weight: 0.5, weights } }, 1)[0]!);
    expect(top([0.5, 0.01])).toMatch(/\/invoices\//);
    expect(top([0.01, 0.5])).toMatch(/heat-pump-manual\.pdf$/);
    // A term at weight 0 is not searched at all.
    const without = weightedKeywordCandidates(store, { own: ['prijs'], extra: { terms: ['houtmulch', 'invoice'], weight: 0.3, weights: [0.3, 0] } }, 5);
    expect(without).toEqual(weightedKeywordCandidates(store, { own: ['prijs'], extra: { terms: ['houtmulch'], weight: 0.3 } }, 5));
  });
});
