import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { candidateTerms, FEATURE_NAMES, sameWordForm } from '../../../src/pipeline/rewrite/lexical/candidates.js';
import { readAhead } from '../../../src/pipeline/rewrite/lexical/engine.js';
import { queryCues } from '../../../src/pipeline/rewrite/lexical/queryCues.js';
import { TermStats } from '../../../src/pipeline/search/termStats.js';
import type { SelectedTurn } from '../../../src/pipeline/rewrite/targetedHistory.js';
import type { IndexStore } from '../../../src/pipeline/store/indexStore.js';
import { indexedFixtureDocs } from '../../helpers/fixtureIndex.js';

let store: IndexStore;
let cleanup: () => void;
beforeAll(async () => {
  ({ store, cleanup } = await indexedFixtureDocs());
});
afterAll(() => cleanup());

const turn = (index: number, user: string, assistant: string, similarity = 0.5): SelectedTurn => ({ index, user, assistant, similarity, byRecency: false });
const feature = (c: { features: number[] }, name: (typeof FEATURE_NAMES)[number]): number => c.features[FEATURE_NAMES.indexOf(name)]!;

describe('query cues', () => {
  it('spots referring words, ellipsis and short queries in English and Dutch', () => {
    expect(queryCues('How does it handle expired sessions?')).toMatchObject({ referring: true, ellipsis: false });
    expect(queryCues('en de prijs?')).toMatchObject({ ellipsis: true, contentWords: 1 });
    expect(queryCues('hoe dik moet ik dat leggen?')).toMatchObject({ referring: true });
    // "instead" of something the conversation said.
    expect(queryCues('can I use SMS instead?')).toMatchObject({ referring: true });
    expect(queryCues('What is the warranty period of the Aerotherm 5?')).toMatchObject({ referring: false, ellipsis: false });
    // An "it" that stands for the to-clause or the weather points nowhere; one that stands for a thing does.
    for (const q of ['Is it safer to invest in bonds?', 'Is it necessary to have a will?', 'when did it last snow in Tahoe?']) expect(queryCues(q).referring, q).toBe(false);
    for (const q of ['Is it safe?', 'Is it similar to rugby?', 'Is it safer to invest in them?']) expect(queryCues(q).referring, q).toBe(true);
  });
});

describe('candidate terms', () => {
  it('offers the conversation’s content words the query lacks, with their features', () => {
    const turns = [turn(0, 'Wat is houtmulch?', 'Houtmulch is een bodembedekker gemaakt van fijn gemalen hout.', 0.4)];
    const cands = candidateTerms('en de prijs?', turns, 'nl', new TermStats(store));
    const byTerm = new Map(cands.map((c) => [c.term, c]));
    const houtmulch = byTerm.get('houtmulch')!;
    expect(houtmulch.surface).toBe('houtmulch'); // the capital in the reply only starts a sentence
    expect(feature(houtmulch, 'in_last_user')).toBe(1);
    expect(feature(houtmulch, 'in_last_assistant')).toBe(1);
    expect(feature(houtmulch, 'in_index')).toBe(1);
    expect(feature(houtmulch, 'query_ellipsis')).toBe(1);
    expect(feature(houtmulch, 'turn_similarity')).toBeCloseTo(0.4);
    expect(byTerm.has('de')).toBe(false); // stopword
    for (const c of cands) expect(c.features).toHaveLength(FEATURE_NAMES.length);
  });

  it('leaves out words the query already has, in another form', () => {
    const cands = candidateTerms('How do sessions expire?', [turn(0, 'Tell me about the authentication system', 'JWT tokens expire after 24 hours; the session is refreshed.')], 'en');
    const terms = cands.map((c) => c.term);
    expect(terms).toContain('authentication');
    expect(terms).not.toContain('session');
    expect(sameWordForm('invoices', 'invoice')).toBe(true);
    expect(sameWordForm('policies', 'policy')).toBe(true);
    expect(sameWordForm('class', 'clas')).toBe(false);
  });

  it('offers the word of a possessive, and no contraction as a word of its own', () => {
    const turns = [turn(0, "What's my FICO score? It's low", "FICO's model weighs payment history; it isn't the only score.")];
    const terms = candidateTerms('how do I raise it?', turns, 'en').map((c) => c.term);
    expect(terms).toContain('fico');
    expect(terms).toContain('payment');
    for (const t of terms) expect(t).not.toMatch(/['’]/);
  });

  it('offers no pronoun, modal verb or "anything else" as a search word', () => {
    const turns = [turn(0, 'Should I tell him about anything else?', 'According to his adviser, she should move the pension; nothing else matters.')];
    const terms = candidateTerms('and the fees?', turns, 'en').map((c) => c.term);
    expect(terms).toEqual(expect.arrayContaining(['adviser', 'pension', 'matters']));
    for (const w of ['should', 'him', 'his', 'she', 'anything', 'else', 'according', 'nothing']) expect(terms).not.toContain(w);
  });

  it('offers no "00" of a time of day as a number to search for', () => {
    const terms = candidateTerms('en op zondag?', [turn(0, 'Wat zijn de openingstijden?', 'Open van 9:00 tot 20:00, op zaterdag tot 17:30.')], 'nl').map((c) => c.term);
    expect(terms).toEqual(expect.arrayContaining(['openingstijden', '20', '17', '30']));
    expect(terms).not.toContain('00');
  });

  it('offers no word of asking what a document says ("wat staat er in", "tell me")', () => {
    const nl = candidateTerms('en de prijs?', [turn(0, 'Wat staat er in mijn huurcontract over huisdieren?', 'Er stond niets over honden; katten staan erin.')], 'nl').map((c) => c.term);
    expect(nl).toEqual(expect.arrayContaining(['huurcontract', 'huisdieren', 'honden', 'katten']));
    for (const w of ['staat', 'stond', 'staan']) expect(nl).not.toContain(w);
    const en = candidateTerms('why?', [turn(0, 'What does the report say about turnover?', 'The HR report says turnover rose in support.')], 'en').map((c) => c.term);
    expect(en).toEqual(expect.arrayContaining(['report', 'turnover', 'hr']));
    expect(en).not.toContain('says');
  });

  it('reads a turn ahead (words, tags, counts in the index) to the same candidates as reading it fresh', () => {
    // Texts no other test reads, so the first reading below is a fresh one.
    const pair = { user: 'Which heat pump did the Vaillant installer recommend in Utrecht?', assistant: "The installer's quote names the aroTHERM plus, with a 12-year warranty." };
    const turns = [turn(0, pair.user, pair.assistant)];
    const termStats = new TermStats(store);
    const fresh = candidateTerms('and the price?', turns, 'en', termStats);
    expect(fresh.map((c) => c.term)).toEqual(expect.arrayContaining(['vaillant', 'installer', 'arotherm', 'warranty']));
    const stats = new TermStats(store);
    readAhead(pair, 'en', stats);
    expect(candidateTerms('and the price?', turns, 'en', stats)).toEqual(fresh);
  });

  it('offers no preposition as a search word, in English or Dutch', () => {
    const nl = candidateTerms('kan dat korter?', [turn(0, 'Wat staat er in het huurcontract over de opzegtermijn?', 'Volgens het contract na één maand, tot de verhuurder opzegt.')], 'nl').map((c) => c.term);
    expect(nl).toEqual(expect.arrayContaining(['huurcontract', 'opzegtermijn']));
    for (const w of ['over', 'na', 'tot', 'volgens']) expect(nl).not.toContain(w);
    const en = candidateTerms('and the fees?', [turn(0, 'What changed after the merger?', 'Prices rose during the year, between 3 and 5 percent.')], 'en').map((c) => c.term);
    expect(en).toEqual(expect.arrayContaining(['merger', 'prices']));
    for (const w of ['after', 'during', 'between']) expect(en).not.toContain(w);
  });

  it('offers an English word that is a Dutch function word in an English conversation, not in a Dutch one', () => {
    const en = candidateTerms('and what about the hinges?', [turn(0, 'How do I adjust the garage door?', 'Turn the spring screw on the door frame.')], 'en').map((c) => c.term);
    expect(en).toEqual(expect.arrayContaining(['garage', 'door']));
    const nl = candidateTerms('en de scharnieren?', [turn(0, 'Hoe kom ik door de firewall?', 'Open poort 443 van de router.')], 'nl').map((c) => c.term);
    expect(nl).toEqual(expect.arrayContaining(['firewall', 'router']));
    for (const w of ['door', 'van']) expect(nl).not.toContain(w);
  });

  it('marks names capitalised mid-sentence and measures recency', () => {
    const turns = [turn(0, 'I want a new laptop', 'Have you looked at the MacBook Air?'), turn(1, 'What does it cost?', 'About 1,200 euros.')];
    const cands = candidateTerms('and the warranty?', turns, 'en');
    const macbook = cands.find((c) => c.term === 'macbook')!;
    expect(feature(macbook, 'capitalised')).toBe(1);
    expect(macbook.surface).toBe('MacBook');
    expect(feature(macbook, 'recency')).toBeCloseTo(0.5);
    expect(feature(cands.find((c) => c.term === 'cost')!, 'recency')).toBe(1);
    expect(candidateTerms('anything', [], 'en')).toEqual([]);
  });
});
