import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UseEmbedder } from '../../../src/pipeline/models/useEmbedder.js';
import { addressOnly, agreeingReading, askedHowOnly, isPerson, lexicalRewrite, ownedFirst, subjectFirst, topicFirst } from '../../../src/pipeline/rewrite/lexical/lexicalEngine.js';
import { answerName, peopleNamed, roleIn } from '../../../src/pipeline/rewrite/lexical/names.js';
import { REWRITE_WEIGHTS, rewriteWeights, type RewriteWeights } from '../../../src/pipeline/rewrite/lexical/scorer.js';
import { ASKED_VECTOR_WEIGHT, MAX_REWRITE_CHARS, rewrite, searchTerms, searchVectorQuery, TURN_VECTOR_WEIGHT } from '../../../src/pipeline/rewrite/rewrite.js';
import type { Antecedent } from '../../../src/pipeline/rewrite/lexical/resolve.js';
import { RewriteCache } from '../../../src/pipeline/rewrite/rewriteCache.js';
import type { HistoryMessage } from '../../../src/pipeline/rewrite/types.js';
import { ADDED_TERM_WEIGHT, hybridSearch } from '../../../src/pipeline/search/hybridSearch.js';
import { queryTerms } from '../../../src/pipeline/search/queryTerms.js';
import { TermStats } from '../../../src/pipeline/search/termStats.js';
import { IndexStore } from '../../../src/pipeline/store/indexStore.js';
import { indexedFixtureDocs, oneTextIndex } from '../../helpers/fixtureIndex.js';

const u = (text: string): HistoryMessage => ({ role: 'user', text });
const a = (text: string): HistoryMessage => ({ role: 'assistant', text });

let embedder: UseEmbedder;
let fixture: Awaited<ReturnType<typeof indexedFixtureDocs>>;
let store: IndexStore;
let termStats: TermStats;
beforeAll(async () => {
  embedder = await UseEmbedder.load();
  fixture = await indexedFixtureDocs();
  store = fixture.store;
  termStats = new TermStats(store);
});
afterAll(async () => {
  await embedder.close();
  fixture.cleanup();
});

const HOUTMULCH = [u('Wat is houtmulch?'), a('Houtmulch is versnipperd hout dat je op borders legt. Er zijn soorten van naaldhout en loofhout; een kuub dekt ongeveer 15 m².')];
const AUTH = [u('Tell me about the authentication system'), a('The system uses JWT tokens with 24-hour expiration, signed with a rotating key.')];
const INVOICES = [u('any invoices?'), a('Found 2 invoices: invoice-2024-001.pdf from Acme and invoice-2024-002.pdf for a MacBook.')];

describe('a thing the latest question pointed at with "that" and its noun', () => {
  it('is what a following "it" stands for, also where that "it" works somewhere', async () => {
    const plan = [
      u('How much data do I get with my Vodafone plan?'), a('Your Vodafone Red plan includes 20 GB per month in the EU.'),
      u('what about outside the EU?'), a('Outside the EU you pay per MB, unless you add the World Travel bundle.'),
      u('how much is that bundle?'), a('World Travel costs 10 euros for 1 GB valid for 30 days.'),
    ];
    // It had read "my Vodafone plan", the user's own thing, as "does it work …" was taken for a happening.
    expect((await rewrite('does it work in the US?', plan, {}, { embedder })).result.resolved_query).toBe('does the World Travel bundle work in the US?');
  });

  it('is so in Dutch, where its noun may be the head of the reading ("dat kamp" → "het schoolkamp"), for a "het" ending the question', async () => {
    const school = [
      u('Wat wordt er besproken op de ouderavond?'), a('De juf bespreekt het rapport, de CITO-toetsen en de plannen voor het schoolkamp.'),
      u('wanneer is dat kamp?'), a('Het schoolkamp is van 2 tot en met 4 juni in Ommen.'),
    ];
    expect((await rewrite('wat kost het?', school, {}, { embedder })).result.resolved_query).toBe('wat kost het schoolkamp?');
  });
});

describe('rewrite: the seeds\' conversations through the learned lexical engine', () => {
  it('"en de prijs?" becomes a Dutch question about houtmulch, and finds the price note', async () => {
    const { result } = await rewrite('en de prijs?', HOUTMULCH, {}, { embedder, termStats });
    expect(result).toMatchObject({ engine: 'lexical', language: 'nl', rewritten: true, resolved_query: 'Wat is de prijs van houtmulch?', original_query: 'en de prijs?' });
    expect(result.keywords).toContain('houtmulch');
    expect(result.kinds).toContain('conversational');
    expect(result.used_turns).toEqual([0]);
    const hits = await hybridSearch(store, result.search_query, { embedder, extraTerms: { terms: result.keywords, weight: ADDED_TERM_WEIGHT }, k: 3 });
    expect(hits.hits[0]!.path).toMatch(/houtmulch\.md$/);
  });

  it('gives the vector side the resolved question mixed with the turn it drew on and the question as asked', async () => {
    const run = await rewrite('en de prijs?', HOUTMULCH, {}, { embedder, termStats });
    expect(searchVectorQuery(run)).toEqual([
      { text: 'Wat is de prijs van houtmulch?', weight: 1 },
      { text: `User: ${HOUTMULCH[0]!.text} Assistant: ${HOUTMULCH[1]!.text}`, weight: TURN_VECTOR_WEIGHT },
      { text: 'en de prijs?', weight: ASKED_VECTOR_WEIGHT },
    ]);
    const first = await rewrite('what is the budget?', [], {}, { embedder, termStats });
    expect(searchVectorQuery(first)).toEqual([{ text: 'what is the budget?', weight: 1 }]);
  });

  it('mixes in, for a question that likely stands alone, only a turn chosen for being close to it', async () => {
    const run = await rewrite('en de prijs?', HOUTMULCH, {}, { embedder, termStats });
    expect(run.dependence).toBe(run.trace!.dependence);
    const turns = (byRecency: boolean, similarity: number) => run.turns.map((t) => ({ ...t, byRecency, similarity }));
    const mixesTurn = (r: Parameters<typeof searchVectorQuery>[0]) => searchVectorQuery(r).some((p) => p.text.startsWith('User: '));
    expect(mixesTurn({ ...run, turns: turns(true, 0.6), dependence: 0.2 })).toBe(false); // only the latest
    expect(mixesTurn({ ...run, turns: turns(false, 0.35), dependence: 0.2 })).toBe(false); // not close
    expect(mixesTurn({ ...run, turns: turns(false, 0.6), dependence: 0.2 })).toBe(true);
    expect(mixesTurn({ ...run, turns: turns(true, 0.1), dependence: 0.9 })).toBe(true); // a follow-up: its turn counts
  });

  it('"hoe dik moet ik dat leggen?" keeps Dutch and names houtmulch', async () => {
    const history = [...HOUTMULCH, u('en de prijs?'), a('Houtmulch kost 45 euro per kuub.')];
    const { result } = await rewrite('hoe dik moet ik dat leggen?', history, {}, { embedder, termStats });
    expect(result.language).toBe('nl');
    expect(result.resolved_query.toLowerCase()).toContain('houtmulch');
  });

  it('"How does it handle expired sessions?" names the authentication system', async () => {
    const { result } = await rewrite('How does it handle expired sessions?', AUTH, {}, { embedder, termStats });
    expect(result.resolved_query).toMatch(/authentication/i);
    expect(result.keywords).toContain('authentication');
    const hits = await hybridSearch(store, result.search_query, { embedder, extraTerms: { terms: result.keywords, weight: ADDED_TERM_WEIGHT }, k: 3 });
    expect(hits.hits[0]!.path).toMatch(/auth-notes\.md$/);
  });

  it('"aren\'t there more?" asks for more invoices, as a count', async () => {
    const { result } = await rewrite("aren't there more?", INVOICES, {}, { embedder, termStats });
    expect(result.resolved_query.toLowerCase()).toContain('invoices');
    expect(result.intent).toBe('count');
  });

  it('"when did she die?" names the person the conversation is about, from the reply when the user named none', async () => {
    const books = [u('Who wrote Pride and Prejudice?'), a('Jane Austen wrote it; it was published in 1813.')];
    const { result } = await rewrite('when did she die?', books, {}, { embedder, termStats });
    expect(result).toMatchObject({ resolved_query: 'when did Jane Austen die?', used_turns: [0] });
    expect(result.keywords).toEqual(expect.arrayContaining(['jane', 'austen']));
    const musial = [u('What happened to Stan Musial in 1950?'), a('He batted .346.'), u('Did he play with Hank Aaron?'), a('Yes, in All-Star Games.')];
    expect((await rewrite('What was his best season?', musial, {}, { embedder, termStats })).result.resolved_query).toBe("What was Stan Musial's best season?");
  });

  it('"Is it fatal?" takes the subject of the latest question when no word of it clears the term bar', async () => {
    const history = [u('How is sickle cell disease treated?'), a('Treatment includes hydroxyurea, blood transfusions and bone marrow transplants.')];
    const { result } = await rewrite('Is it fatal?', history, {}, { embedder, termStats });
    expect(result.resolved_query).toBe('Is sickle cell disease fatal?');
    expect(result.keywords).toEqual(expect.arrayContaining(['sickle', 'cell', 'disease']));
  });

  it('takes for such a question no word of the latest question\'s form or verb, but the words of the latest question that has some', () => {
    const turns = [
      { index: 0, user: 'How do I renew my passport?', assistant: 'You can renew it by mail with Form DS-82.', similarity: 0.35, byRecency: false },
      { index: 1, user: 'how long does that take?', assistant: 'Routine processing takes 4 to 6 weeks.', similarity: 0.2, byRecency: true },
    ];
    // With no term over the search's bar, as an index that knows none of these words gives.
    const asked = (t: typeof turns) => lexicalRewrite({ query: 'can I track it?', earlierUserTurns: t.map((x) => x.user).reverse(), turns: t, searchTermBar: 0.99 });
    expect(asked(turns.slice(1)).keywords).toEqual([]);
    expect(asked(turns).keywords).toEqual(['passport']);
  });

  it('reads the brief\'s follow-ups by the previous question\'s form: the things asked for, the subject, a bare phrase', async () => {
    const shop = [u('Which laptops does the shop sell?'), a('The shop sells the Dell XPS 13 and the Lenovo ThinkPad X1.')];
    const more = (await rewrite("aren't there more?", shop, {}, { embedder, termStats })).result;
    expect(more.resolved_query).toBe("aren't there more laptops?");
    expect(more.keywords).toContain('laptops');
    // After a question about one of them, more of what the question before asked for.
    const jobs = [u('Which companies did I apply to in October?'), a('You applied to Adyen, Mollie and Picnic in October.'), u('when did I hear back from the second one?'), a('Mollie replied on 28 October.')];
    expect((await rewrite("aren't there more?", jobs, {}, { embedder, termStats })).result.resolved_query).toBe("aren't there more companies?");
    const winkel = [u('Welke laptops verkoopt de winkel?'), a('De winkel verkoopt de Dell XPS 13 en de Lenovo ThinkPad X1.')];
    expect((await rewrite('en de prijs?', winkel, {}, { embedder, termStats })).result).toMatchObject({ resolved_query: 'Wat is de prijs van de laptops?', language: 'nl' });
    const days = [u('Hoeveel vakantiedagen krijg ik per jaar?'), a('Je krijgt 25 vakantiedagen per jaar.')];
    const carry = (await rewrite('kan ik ze meenemen naar volgend jaar?', days, {}, { embedder, termStats })).result;
    expect(carry.resolved_query).toBe('kan ik de vakantiedagen meenemen naar volgend jaar?');
    expect(carry.keywords).not.toContain('hoeveel');
    const auth = [u('How does the auth service issue tokens?'), a('It signs a JWT with a 15 minute lifetime and a refresh token stored in Redis.')];
    const sessions = (await rewrite('how does it handle expired sessions?', auth, {}, { embedder, termStats })).result;
    expect(sessions).toMatchObject({ resolved_query: 'how does the auth service handle expired sessions?', used_turns: [0] });
    const water = [u('What is the boiling point of water?'), a('100 degrees Celsius at sea level.')];
    expect((await rewrite('at high altitude?', water, {}, { embedder, termStats })).result.resolved_query).toBe('What is the boiling point of water at high altitude?');
  });

  it('leaves a question that stands alone as it is; anything added stays on the search side, weighted', async () => {
    const q = 'What is the warranty period of the heat pump?';
    const { result } = await rewrite(q, HOUTMULCH, {}, { embedder, termStats });
    expect(result.resolved_query).toBe(q);
    expect(result.search_query.startsWith(q)).toBe(true);
    for (const word of queryTerms(result.search_query.slice(q.length))) expect(result.keywords).toContain(word);
    const hits = await hybridSearch(store, result.search_query, { embedder, extraTerms: { terms: result.keywords, weight: ADDED_TERM_WEIGHT }, k: 3 });
    expect(hits.hits[0]!.path).toMatch(/heat-pump-manual\.pdf$/);
  });
});

describe('rewrite: skip rules, cache, log', () => {
  it('passes through a clean first question and anything under 3 characters without a model', async () => {
    const first = await rewrite('what is the budget?', [], {}, { termStats });
    expect(first.result).toMatchObject({ engine: 'passthrough', rewritten: false, search_query: 'what is the budget?', intent: 'factual', language: 'en' });
    const tiny = await rewrite('ok', HOUTMULCH, {}, { embedder, termStats });
    expect(tiny.result.engine).toBe('passthrough');
    expect(tiny.turns).toEqual([]);
    // An acknowledgement asks nothing of the conversation ("thanks" had become "thanks (houtmulch)?").
    const thanks = await rewrite('great, thanks!', HOUTMULCH, {}, { embedder, termStats });
    expect(thanks.result).toMatchObject({ engine: 'passthrough', search_query: 'great, thanks!', keywords: [] });
  });

  it('searches a pasted text as it is, and reads a long earlier message only up to the same length', async () => {
    const pasted = 'Does it cover the compressor when the unit is noisy? '.repeat(60);
    expect(pasted.length).toBeGreaterThan(MAX_REWRITE_CHARS);
    const run = await rewrite(pasted, HOUTMULCH, {}, { embedder, termStats });
    expect(run.result).toMatchObject({ engine: 'passthrough', search_query: pasted.trim(), language: 'en' });
    const long = [{ role: 'user' as const, text: `${'Tell me about the garden. '.repeat(100)} Wat is houtmulch?` }, HOUTMULCH[1]!];
    const follow = await rewrite('en de prijs?', long, {}, { termStats });
    expect(follow.result.engine).toBe('lexical');
    expect(follow.turns[0]!.user).toBe(long[0]!.text.slice(0, MAX_REWRITE_CHARS).trim());
  });

  it('cleans fillers from a first question (clarity) without history', async () => {
    const { result } = await rewrite('uhm, how long is the warranty', [], {}, { termStats });
    expect(result.engine).toBe('lexical');
    expect(result.resolved_query).toBe('how long is the warranty');
    expect(result.kinds).toContain('clarity');
    // An opening that changes the subject is no part of a first question either.
    const opened = await rewrite('On another note: how long is the warranty?', [], {}, { termStats });
    expect(opened.result).toMatchObject({ engine: 'lexical', resolved_query: 'How long is the warranty?' });
    expect(opened.result.kinds).toContain('clarity');
  });

  it('searches without what is said to the assistant, and keeps it in the question for the answer', async () => {
    const first = await rewrite('Can you tell me when the meeting starts?', [], {}, { termStats });
    expect(first.result).toMatchObject({ engine: 'lexical', resolved_query: 'Can you tell me when the meeting starts?' });
    expect(first.result.search_query.startsWith('When the meeting starts?')).toBe(true);
    expect(queryTerms(first.result.search_query)).not.toContain('tell');
    expect(first.result.kinds).toContain('clarity');
    const history = [u('What does the heat pump warranty cover?'), a('The warranty covers parts for five years.')];
    const run = await rewrite('what do you mean by parts?', history, {}, { embedder, termStats });
    expect(run.result.search_query.startsWith('What is parts')).toBe(true);
    expect(run.result.resolved_query.startsWith('what do you mean by parts')).toBe(true);
    expect(queryTerms(run.result.search_query)).not.toContain('mean');
  });

  it('corrects a word the index does not know to a known word of the conversation one edit away', async () => {
    const history = [u('What does the heat pump warranty cover?'), a('The warranty covers parts for five years.')];
    const run = await rewrite('and how long is the warrenty?', history, {}, { embedder, termStats });
    expect(run.result.resolved_query).toContain('warranty');
    expect(run.result.kinds).toContain('clarity');
    expect(run.trace?.typos).toEqual(['warrenty → warranty']);
  });

  it('completes an elliptic follow-up with a reply\'s thing only when the scorer is sure of it ("and the results?" is no "results of A100 GPU")', async () => {
    const history = [
      u('which model did I use in my experiments?'),
      a('Chapter 4 says you fine-tuned BERT-base on the SQuAD dataset.'),
      u('how long did that take?'),
      a('Training took about 6 hours on one A100 GPU.'),
    ];
    const run = await rewrite('and the results?', history, {}, { embedder, termStats });
    expect(run.result.resolved_query).toBe('and the results?');
    expect(run.result.search_query).toContain('A100');
  });

  it('reads a message in its own language, and names its thing with the question\'s article ("the Daikin warmtepomp")', async () => {
    const history = [u('Wat kost de Daikin warmtepomp?'), a('De Daikin Altherma 3 kost 8.900 euro inclusief installatie.')];
    const run = await rewrite('and the warranty?', history, {}, { embedder });
    expect(run.result.resolved_query).toBe('What about the warranty of the Daikin warmtepomp?');
  });

  it('puts no question mark after a request for a file ("open hem")', async () => {
    const history = [u('Waar staat de offerte van de dakkapel?'), a('De offerte van Dakkapel Direct staat in offerte-dakkapel-2024.pdf, in de map Verbouwing.')];
    const run = await rewrite('open hem', history, {}, { embedder });
    expect(run.result.resolved_query).not.toMatch(/\?$/);
    expect(run.result.resolved_query).toMatch(/^open /);
  });

  it('reads a standing demonstrative as the thing the question asked about, not the source it named ("is that more than last year?")', async () => {
    const history = [u('What was our revenue in Q3 according to the quarterly report?'), a('The Q3 report shows revenue of 4.2 million euros, up 8% from Q2.')];
    expect((await rewrite('is that more than last year?', history, {}, { embedder, termStats })).result.resolved_query).toBe('is the revenue more than last year?');
    // A margin is what revenue has: asked in the place of "revenue", never of "Q3".
    expect((await rewrite('and the margin?', history, {}, { embedder, termStats })).result.resolved_query).not.toContain('revenue in the margin');
  });

  it('puts no topic in brackets beside a name asked about ("What about FICA?" after talk of the Cardinals)', async () => {
    const history = [u('Are the Arizona Cardinals and the Chicago Cardinals the same team?'), a('Yes, the Chicago Cardinals moved to St. Louis in 1960 and to Arizona in 1988.')];
    const run = await rewrite('What about FICA?', history, {}, { embedder, termStats });
    expect(run.result.resolved_query).toBe('What about FICA?');
  });

  it('takes no word a reply wrote for a misspelling, known to the index or not ("volgend jaar" is no "volgend naar")', async () => {
    const history = [
      u('Hoeveel vakantiedagen heb ik volgens mijn arbeidscontract?'),
      a('Volgens je arbeidscontract heb je 25 vakantiedagen per jaar.'),
      u('en als ik parttime ga werken?'),
      a('Dan krijg je vakantiedagen naar rato van je uren.'),
    ];
    const run = await rewrite('mag ik ze meenemen naar volgend jaar?', history, {}, { embedder, termStats });
    expect(run.trace?.typos).toEqual([]);
    expect(run.result.resolved_query).toContain('volgend jaar');
  });

  it('corrects a name only to a name of the conversation, in the case the user wrote it', async () => {
    const own = oneTextIndex('nc.txt', 'They said North Carolina has a strong economy, and they report on it yearly.');
    try {
      const stats = new TermStats(own.store);
      const history = [u('What do they say about North Carolina?'), a('They say North Carolina has a strong economy.')];
      const fixed = await rewrite('and what about North Carollina taxes?', history, {}, { termStats: stats });
      expect(fixed.trace?.typos).toEqual(['carollina → carolina']);
      expect(fixed.result.resolved_query).toContain('North Carolina');
      // "Theo" is one edit from "they", a word of the conversation the index knows, but a name is no misspelling of it.
      const name = await rewrite('Did Theo report on the economy?', history, {}, { termStats: stats });
      expect(name.trace?.typos).toEqual([]);
      expect(name.result.resolved_query).toContain('Theo');
    } finally {
      own.cleanup();
    }
  });

  it('takes a word with an ending that makes another word for no misspelling ("risky" is not "risk")', async () => {
    const own = oneTextIndex('r.txt', 'Paying off the loan early carries no market risk at all.');
    try {
      const stats = new TermStats(own.store);
      const history = [u('Should I pay off the loan early?'), a('Paying it off is a return without market risk.')];
      expect((await rewrite('is an index fund risky?', history, {}, { termStats: stats })).trace?.typos).toEqual([]);
      // An extra last letter that makes no word is one ("loand").
      expect((await rewrite('and the loand fees?', history, {}, { termStats: stats })).trace?.typos).toEqual(['loand → loan']);
    } finally {
      own.cleanup();
    }
  });

  it('corrects a function word the conversation never wrote for a letter left out or two swapped, not for one mistyped', async () => {
    const own = oneTextIndex('l.txt', 'Bake the lasagna for 45 minutes; the Turing test is a test of a machine.');
    try {
      const stats = new TermStats(own.store);
      const history = [u('how long do I cook the lasagna?'), a('The recipe says 45 minutes at 190 °C, covered with foil for the first 25 minutes.')];
      const which = await rewrite('wich cheese does it use?', history, {}, { termStats: stats });
      expect(which.trace?.typos).toEqual(['wich → which']);
      expect(which.result.resolved_query).toMatch(/^which cheese/);
      expect((await rewrite('and how lnog in the oven?', history, {}, { termStats: stats })).trace?.typos).toEqual(['lnog → long']);
      // A word the index lacks one letter from a function word is as often a word of its own.
      expect((await rewrite('and the turning point?', history, {}, { termStats: stats })).trace?.typos).toEqual([]);
      expect((await rewrite('I wonder whether foil matters', history, {}, { termStats: stats })).trace?.typos).toEqual([]);
      // Nor is a word between two content words a function word: "whole wheat flour" has no "what" (which the conversation wrote).
      const asked = [u('what if the lasagna is too dry?'), a('Add more sauce and cover it with foil.')];
      expect((await rewrite('can I use whole wheat pasta?', asked, {}, { termStats: stats })).trace?.typos).toEqual([]);
      expect((await rewrite('Whata is the best cheese?', asked, {}, { termStats: stats })).trace?.typos).toEqual(['whata → what']);
      // A common word of the question's language is spelt right though the index lacks it ("welk" is no slip of "welke").
      const trein = [u('Hoe laat vertrekt onze trein naar Parijs?'), a('De Eurostar vertrekt om 8:16 van Amsterdam Centraal op 3 mei.')];
      expect((await rewrite('van welk spoor?', trein, {}, { termStats: stats })).result.resolved_query).toBe('van welk spoor?');
      // Nor is a slip in an earlier question a thing of the conversation ("lnog" of "how lnog do I cook it?").
      const slipped = [u('how lnog do I cook the lasagna?'), a('The recipe says 45 minutes at 190 °C, covered with foil for the first 25 minutes.')];
      const ahead = await rewrite('can I freeze it?', slipped, {}, { termStats: stats });
      expect(ahead.result.resolved_query).toBe('can I freeze the lasagna?');
      expect(ahead.result.keywords).not.toContain('lnog');
    } finally {
      own.cleanup();
    }
  });

  it('takes no part of a contraction for a misspelling ("doesn" of "doesn\'t" is not "does")', async () => {
    const own = oneTextIndex('w.txt', 'The warranty does cover parts and labour for five years.');
    try {
      const stats = new TermStats(own.store);
      expect(stats.documentFrequency(['does', 'doesn'])).toEqual(new Map([['does', 1], ['doesn', 0]]));
      const run = await rewrite("and if it doesn't cover labour?", [u('What does the warranty cover?'), a('The warranty does cover parts.')], {}, { termStats: stats });
      expect(run.result.resolved_query).toContain("doesn't");
      expect(run.trace?.typos).toEqual([]);
    } finally {
      own.cleanup();
    }
  });

  it('caches in the index file, and logs the reformulation at debug level', async () => {
    const lines: string[] = [];
    const logger = { debug: (m: string) => lines.push(m), warn: (m: string) => lines.push(`warn ${m}`) };
    const cache = new RewriteCache(store);
    const first = await rewrite('en de prijs?', HOUTMULCH, {}, { embedder, termStats, cache, logger });
    const second = await rewrite('En de  prijs?', HOUTMULCH, {}, { embedder, termStats, cache, logger });
    expect(first.cached).toBe(false);
    expect(second.cached).toBe(true);
    expect(second.result.search_query).toBe(first.result.search_query);
    expect(second.result.original_query).toBe('En de  prijs?');
    expect(second.dependence).toBe(first.dependence); // kept for the Search stage's vector query
    expect(second.dependence).toBeGreaterThan(0);
    expect(second.keywordShares).toEqual(first.keywordShares); // and for its keyword weights
    expect(first.keywordShares).toHaveLength(first.result.keywords.length);
    expect(lines).toContain(`Query reformulated: 'en de prijs?' -> '${first.result.search_query}'`);
    const otherOptions = await rewrite('en de prijs?', HOUTMULCH, { max_relevant_turns: 2 }, { embedder, termStats, cache });
    expect(otherOptions.cached).toBe(false);
  });

  it('asks for the LLM without one installed: lexical result, with the reason', async () => {
    const run = await rewrite('en de prijs?', HOUTMULCH, {}, { embedder, termStats, engine: 'llm' });
    expect(run.result.engine).toBe('lexical');
    expect(run.fallback).toMatch(/no local model/);
  });

  it('uses the most recent turns when no embedder is at hand', async () => {
    const run = await rewrite('en de prijs?', HOUTMULCH, {}, { termStats });
    expect(run.turns.map((t) => t.index)).toEqual([0]);
    expect(run.result.engine).toBe('lexical');
  });
});

describe('added terms in search', () => {
  // Weights under which a word of the user's latest question is likely (0.82) and a word of the
  // answer only just clears the search bar (0.18, under the 0.5 threshold).
  const weights: RewriteWeights = {
    ...REWRITE_WEIGHTS,
    dependence: { ...REWRITE_WEIGHTS.dependence, weights: REWRITE_WEIGHTS.dependence.weights.map((_, i) => (i === 0 ? 10 : 0)), threshold: 0.5 },
    term: { ...REWRITE_WEIGHTS.term, weights: REWRITE_WEIGHTS.term.weights.map((_, i) => (i === 0 ? -1.5 : i === 1 ? 3 : 0)), threshold: 0.5, search_threshold: 0.5 },
  };
  const turns = [{ index: 0, user: 'I bought a Daikin heat pump', assistant: 'Vattenfall did the installation.', similarity: 0.5, byRecency: true }];

  it('weighs a term taken below the learned threshold by its likelihood, the likely ones whole', () => {
    const r = lexicalRewrite({ query: 'how long is the warranty period?', earlierUserTurns: [], turns, termStats, weights });
    const share = new Map(r.keywords.map((k, i) => [k, r.trace.keywordShares[i]]));
    expect(share.get('daikin')).toBe(1);
    expect(share.get('vattenfall')).toBe(0.4); // 0.18 / 0.5, in tenths
    const terms = searchTerms({ result: r, keywordShares: r.trace.keywordShares })!;
    expect(terms.terms).toEqual(r.keywords);
    expect(terms.weights![r.keywords.indexOf('vattenfall')]).toBeCloseTo(0.4 * ADDED_TERM_WEIGHT);
    expect(terms.weights![r.keywords.indexOf('daikin')]).toBe(ADDED_TERM_WEIGHT);
  });

  it('weighs terms by the search threshold, which may differ from the one the question takes terms at', () => {
    const strict = { ...weights, term: { ...weights.term, search_threshold: 0.9 } };
    const r = lexicalRewrite({ query: 'how long is the warranty period?', earlierUserTurns: [], turns, termStats, weights: strict });
    const same = lexicalRewrite({ query: 'how long is the warranty period?', earlierUserTurns: [], turns, termStats, weights });
    expect(r.keywords).toEqual(same.keywords);
    expect(r.resolved_query).toBe(same.resolved_query);
    const share = new Map(r.keywords.map((k, i) => [k, r.trace.keywordShares[i]]));
    expect(share.get('vattenfall')).toBe(0.2); // 0.18 / 0.9
    // A word the question itself took counts whole, whatever its likelihood.
    expect(r.resolved_query).toMatch(/Daikin/);
    expect(share.get('daikin')).toBe(1);
  });

  it('reads weights written before the search threshold with the decision threshold for both', () => {
    const { search_threshold: _, ...older } = REWRITE_WEIGHTS.term;
    const w = rewriteWeights({ version: REWRITE_WEIGHTS.version, term: older, dependence: REWRITE_WEIGHTS.dependence });
    expect(w.term.search_threshold).toBe(REWRITE_WEIGHTS.term.threshold);
    expect(REWRITE_WEIGHTS.term.search_threshold).toBeGreaterThan(REWRITE_WEIGHTS.term.threshold);
  });

  it('counts every keyword whole without shares (the LLM engine\'s keywords have none)', () => {
    const r = lexicalRewrite({ query: 'how long is the warranty period?', earlierUserTurns: [], turns, termStats, weights });
    expect(searchTerms({ result: r })).toEqual({ terms: r.keywords, weight: ADDED_TERM_WEIGHT });
    expect(searchTerms({ result: r, keywordShares: [1] })).toEqual({ terms: r.keywords, weight: ADDED_TERM_WEIGHT }); // not this result's
    expect(searchTerms({ result: { ...r, keywords: [] } })).toBeUndefined();
  });
});

describe('ambiguity', () => {
  // Weights that take every word of a user turn: the mechanism, not the learned choice, is under test.
  const weights: RewriteWeights = {
    ...REWRITE_WEIGHTS,
    dependence: { ...REWRITE_WEIGHTS.dependence, weights: REWRITE_WEIGHTS.dependence.weights.map((_, i) => (i === 0 ? 10 : 0)), threshold: 0.5 },
    term: { ...REWRITE_WEIGHTS.term, weights: REWRITE_WEIGHTS.term.weights.map((_, i) => (i === 0 ? -5 : i === 1 || i === 2 ? 8 : 0)), threshold: 0.5 },
  };


  it('offers no verb as another reading ("how long does run take?" after "How do I run the tests in the backend repo?")', async () => {
    const repo = [
      u('How do I run the tests in the backend repo?'),
      a('Run `make test` in the backend folder; it starts a Postgres container and runs pytest with the settings in pytest.ini.'),
    ];
    const { result } = await rewrite('how long do they take?', repo, {}, { embedder });
    expect(result.resolved_query).toBe('how long do the tests take?');
    expect(result.alternatives).toContain('how long does the backend repo take?');
    expect(result.alternatives.join(' | ')).not.toMatch(/\brun\b/);
  });
  it('offers each reading when a pronoun could point at two things of equal weight', () => {
    const turns = [
      { index: 0, user: 'I got a heat pump', assistant: '', similarity: 0.5, byRecency: false },
      { index: 1, user: 'and a MacBook laptop', assistant: '', similarity: 0.5, byRecency: true },
    ];
    const r = lexicalRewrite({ query: 'How much did it cost?', earlierUserTurns: [], turns, termStats, weights });
    expect(r.ambiguous).toBe(true);
    expect(r.alternatives).toHaveLength(2);
    expect(r.alternatives.join(' | ')).toMatch(/heat pump/);
    expect(r.alternatives.join(' | ')).toMatch(/MacBook/);
    expect(r.confidence).toBeLessThan(0.8);
  });

  it('takes the reading whose number agrees with "them" or "it" over a slightly stronger one', () => {
    const turns = [
      { index: 0, user: 'Which neighbours got loans?', assistant: '', similarity: 0.5, byRecency: false },
      { index: 1, user: 'Does Germany have a strong economy?', assistant: '', similarity: 0.5, byRecency: true },
    ];
    const them = lexicalRewrite({ query: 'What happens if Germany stops bailing them out?', earlierUserTurns: [], turns, termStats, weights });
    expect(them.resolved_query).toBe('What happens if Germany stops bailing the neighbours out?');
    // "it" keeps the singular reading; "they" as a subject may be a group and keeps the best one.
    expect(lexicalRewrite({ query: 'Is it growing?', earlierUserTurns: [], turns, termStats, weights }).resolved_query).toBe('Is the strong economy growing?');
  });

  it('offers no reading of another number as an alternative for "it"', () => {
    const turns = [
      { index: 0, user: 'What recipes do I have with chickpeas?', assistant: 'A chickpea curry, hummus and a Moroccan chickpea stew.', similarity: 0.5, byRecency: false },
      { index: 1, user: 'What spices does the stew need?', assistant: 'Cumin, cinnamon, ginger and a pinch of saffron.', similarity: 0.5, byRecency: true },
    ];
    const r = lexicalRewrite({ query: 'can I make it without saffron?', earlierUserTurns: ['What spices does the stew need?', 'What recipes do I have with chickpeas?'], turns, termStats, weights });
    expect(r.resolved_query).toBe('can I make the stew without saffron?');
    for (const alternative of r.alternatives) expect(alternative).not.toMatch(/spices|recipes|chickpeas/);
  });

  it('reads "it" after a which-question as the thing its answer chose', () => {
    const turns = [
      { index: 0, user: 'Which laptops did I compare in my notes?', assistant: 'The Dell XPS 13, the Lenovo ThinkPad X1 Carbon and the MacBook Air.', similarity: 0.5, byRecency: false },
      { index: 1, user: 'Which one has the best battery life?', assistant: 'The MacBook Air, at about 15 hours, against 12 for the ThinkPad.', similarity: 0.5, byRecency: true },
    ];
    const earlierUserTurns = ['Which one has the best battery life?', 'Which laptops did I compare in my notes?'];
    const ask = (query: string, language = 'en') => lexicalRewrite({ query, earlierUserTurns, turns, termStats, weights, reading: { text: query, shifted: false, language } }).resolved_query;
    expect(ask('how much does it weigh?')).toBe('how much does the MacBook Air weigh?');
    expect(ask('en de prijs?', 'nl')).toBe('Wat is de prijs van MacBook Air?');
    // A name asked about is a subject of its own.
    expect(ask('what about the Dell?')).not.toMatch(/MacBook/);
    expect(answerName('How long is the battery life?', 'The MacBook Air lasts 15 hours.')).toBeUndefined();
    expect(answerName('Welke is het goedkoopst?', 'De Dell Inspiron, voor 999 euro.')).toEqual({ phrase: 'Dell Inspiron', article: 'de' });
    // The choice after a word that says it alone was chosen.
    expect(answerName('which one has travel insurance?', 'Only the Amex Green includes travel accident insurance.')).toEqual({ phrase: 'Amex Green', article: 'the' });
    expect(answerName('welke heeft een reisverzekering?', 'Alleen de Amex Green heeft er een.')).toEqual({ phrase: 'Amex Green', article: 'de' });
    expect(answerName('which one has travel insurance?', 'Only if you pay the trip with the card.')).toBeUndefined();
    // A short answer before a mark keeps a language's or nationality's capital ("the dutch law" had been read).
    expect(answerName('which law applies?', 'Dutch law; disputes go to the court of Amsterdam.')).toEqual({ phrase: 'Dutch law' });
    expect(answerName('which setup do you advise?', 'Continuous replication: failover takes minutes.')).toEqual({ phrase: 'continuous replication', article: 'the' });
    // With the acronym after its name.
    expect(answerName('which of the two is stricter?', 'The Globex NDA has a five-year term but no penalty clause.')).toEqual({ phrase: 'Globex NDA', article: 'the' });
    // The name an opening says the thing asked for is, a title with its small words.
    expect(answerName('Which book are we reading for the December book club?', 'The December pick is Klara and the Sun by Kazuo Ishiguro.')).toEqual({ phrase: 'Klara and the Sun' });
    // A reply that opens with the question's verb after a pronoun, then the name it chose.
    expect(answerName('Which e-bike did the quote recommend?', 'They recommend the Gazelle Ultimate C380 for 3,299 euros.')).toEqual({ phrase: 'Gazelle Ultimate C380', article: 'the' });
    expect(answerName('Which hotel did we book?', 'They say the Hotel Avenida Palace is full.')).toBeUndefined();
    expect(answerName('Which hotel did we book?', 'The hotel we booked is the Hotel Avenida Palace, near Rossio.')).toEqual({ phrase: 'Hotel Avenida Palace', article: 'the' });
    // A reply that opens with the question's own subject has not named its choice there.
    expect(answerName('Welke laptop raadt de IT-afdeling aan?', 'De IT-afdeling raadt een ThinkPad T14 aan.')).toBeUndefined();
    // A short answer before a colon or comma.
    expect(answerName('Which one is fastest to restore?', 'Continuous replication: failover takes minutes.')).toEqual({ phrase: 'continuous replication', article: 'the' });
    expect(answerName('Which city is bigger?', 'Rotterdam, with 650,000 people.')).toEqual({ phrase: 'Rotterdam' });
    expect(answerName('Which one is cheaper?', 'Probably, but it depends on the rate.')).toBeUndefined();
    // A clause before a colon introduces a list: it has a verb, and chose nothing.
    expect(answerName('Which of my recipes use lentils?', 'Three recipes use lentils: dahl, soup and a salad.')).toBeUndefined();
  });

  it('reads the thing a reply gives as the object of the question\'s own verb', () => {
    expect(answerName('What medication did the cardiologist prescribe?', 'She prescribed amlodipine 5 mg once daily.')).toEqual({ phrase: 'amlodipine' });
    // By the verb's lemma: "bought" answers "buy".
    expect(answerName('Which e-bike did I buy?', 'You bought the Gazelle Ultimate C380 in May.')).toEqual({ phrase: 'Gazelle Ultimate C380', article: 'the' });
    expect(answerName('What did they send me?', 'They sent you a letter about the tax assessment for 2023.')).toEqual({ phrase: 'letter', article: 'the' });
    expect(answerName('What did the vet prescribe for the dog?', "She prescribed Metacam for the dog's joint pain, 1.5 ml a day.")).toEqual({ phrase: 'Metacam' });
    // A model's number or code goes with its name; the question may say when ("last year").
    expect(answerName('Which laptop did I buy last year?', 'You bought a Lenovo ThinkPad T14 Gen 4 at Coolblue on 2 March.')).toEqual({ phrase: 'Lenovo ThinkPad T14 Gen 4', article: 'the' });
    expect(answerName('What car did I lease?', 'You lease a Volkswagen ID.3 Pro from LeasePlan, 48 months.')).toEqual({ phrase: 'Volkswagen ID.3 Pro', article: 'the' });
    expect(answerName('Which phone did I order?', 'You ordered the Pixel 8 on 3 March; it ships Friday.')).toEqual({ phrase: 'Pixel 8', article: 'the' });
    // Dutch: what the reply gives after its subject and verb.
    expect(answerName('Welk medicijn heeft de huisarts voorgeschreven?', 'De huisarts schreef omeprazol 20 mg voor, één keer per dag voor het ontbijt.')).toEqual({ phrase: 'omeprazol' });
    expect(answerName('Welk abonnement heb ik bij de sportschool?', 'Je hebt het Flex-abonnement bij Basic-Fit voor 29,99 euro per maand.')).toEqual({ phrase: 'Flex-abonnement', article: 'het' });
    expect(answerName('Welke medicijnen gebruikt mijn moeder?', 'Ze gebruikt metformine en simvastatine.')).toBeUndefined();
    // An acronym is a name whatever the tagger made of it.
    expect(answerName('Which flight did I book to Lisbon?', 'You booked TAP TP671 from Amsterdam on 14 April, departing 06:40.')).toEqual({ phrase: 'TAP TP671' });
    // At the question's end the verb may be tagged a noun.
    expect(answerName('What did the landlord offer?', 'He offered a rent reduction of 5% for the next year.')).toEqual({ phrase: 'rent reduction', article: 'the' });
    // Several things given, or a verb that chooses nothing: no one thing.
    expect(answerName('Which books did she recommend?', 'She recommended Dune and Hyperion.')).toBeUndefined();
    expect(answerName('What should I take?', 'You should take ibuprofen or paracetamol.')).toBeUndefined();
    expect(answerName('What metric do they report?', 'They report MRR@10 for MS MARCO and MAP for TREC CAR.')).toBeUndefined();
  });

  it('leaves "it" as asked when every close reading is plural', () => {
    const turns = [{ index: 0, user: 'What spices does the stew need?', assistant: 'Cumin, coriander, turmeric and garam masala.', similarity: 0.5, byRecency: true }];
    const r = lexicalRewrite({ query: 'can I freeze it?', earlierUserTurns: ['What spices does the stew need?'], turns, termStats, weights });
    // Not "can I freeze the spices?": "it" is one thing.
    expect(r.resolved_query).not.toMatch(/spices/);
    expect(r.resolved_query).toMatch(/^can I freeze (?:it|the stew)\?$/);
  });

  it('reads "it" as a thing, not what the user asked how to do, where it is a thing ("where is it?", "set it up")', () => {
    const turns = [{ index: 0, user: 'How do I reset the router?', assistant: 'Hold the reset button on the back of the Fritzbox for 10 seconds, then set up the Wi-Fi network again.', similarity: 0.5, byRecency: true }];
    const ask = (query: string) => lexicalRewrite({ query, earlierUserTurns: ['How do I reset the router?'], turns, termStats, weights });
    for (const [q, want] of [
      ['where is it?', 'where is the router?'],
      ['how do I set it up again?', 'how do I set the router up again?'],
      ['how heavy is it?', 'how heavy is the router?'],
    ] as const) {
      const r = ask(q);
      expect(r.resolved_query).toBe(want);
      expect(r.alternatives.join(' ')).not.toMatch(/\breset\b/);
    }
    // What was done is no thing to name: "that did not work" stays as asked.
    expect(ask('that did not work').resolved_query).toBe('that did not work');
  });

  it('reads "mine" as the user\'s own thing a recent question named, the one the latest reply speaks of', () => {
    const turns = [{ index: 0, user: 'Can I deduct my home office on my tax return?', assistant: 'You can deduct a home office only if it is a separate room with its own entrance.', similarity: 0.5, byRecency: true }];
    const ask = (query: string) => lexicalRewrite({ query, earlierUserTurns: ['Can I deduct my home office on my tax return?'], turns }).resolved_query;
    expect(ask('does mine qualify?')).toBe('does my home office qualify?');
    // "a friend of mine" is someone's, no thing.
    expect(ask('can a friend of mine use it?')).not.toMatch(/of my /);
  });

  it('reads a "that" after a preposition as a thing, never a verb the user asked about nor a person', () => {
    const turns = [
      { index: 0, user: 'how often should I measure it?', assistant: 'Twice in the morning and twice in the evening.', similarity: 0.5, byRecency: true },
      { index: 1, user: 'and if it stays high?', assistant: 'Then Dr. Janssen will start you on an ACE inhibitor, probably lisinopril 10 mg.', similarity: 0.5, byRecency: true },
    ];
    const r = lexicalRewrite({ query: 'what are the side effects of that?', earlierUserTurns: ['and if it stays high?', 'how often should I measure it?'], turns });
    // Not "… of Dr Janssen?", and the acronym's noun is part of its phrase.
    expect(r.resolved_query).toBe('what are the side effects of the ACE inhibitor?');
  });

  it('reads "what size is it?" as what a thing is like, not what the user asked about doing', () => {
    const turns = [
      { index: 0, user: 'Which laptop should I buy?', assistant: 'I would pick the ThinkPad X1 Carbon.', similarity: 0.5, byRecency: true },
      { index: 1, user: 'why did you pick that one?', assistant: 'It is light and has a long battery life.', similarity: 0.5, byRecency: true },
    ];
    const r = lexicalRewrite({ query: 'what size is it?', earlierUserTurns: ['why did you pick that one?', 'Which laptop should I buy?'], turns, weights });
    // Not left as asked for want of a thing: "pick" is what was done.
    expect(r.resolved_query).toMatch(/^what size is the (?:laptop|ThinkPad X1 Carbon)\?$/);
  });

  it('reads "it" after a question about what a text says, or after a short follow-up that named a thing, as that topic first', () => {
    const turns = [
      {
        index: 0,
        user: 'What does the lease say about the deposit?',
        assistant: 'The lease for the flat on Keizersgracht requires a deposit of two months of rent. The landlord returns it within 14 days after the end of the lease.',
        similarity: 0.5,
        byRecency: true,
      },
    ];
    const ask = (query: string) => lexicalRewrite({ query, earlierUserTurns: ['What does the lease say about the deposit?'], turns, termStats, weights });
    const r = ask('when do I get it back?');
    expect(r.resolved_query).toBe('when do I get the deposit back?');
    expect(r.alternatives).toContain('when do I get the lease back?');
    // A question without a pointing word is about the text as a whole.
    expect(ask('how much is the rent?').resolved_query).not.toMatch(/deposit/);
    // A text is what is summarised or translated ("summarize it": the lease, not the deposit).
    expect(ask('summarize it').resolved_query).toBe('summarize the lease');
    expect(ask('can you translate it?').resolved_query).toBe('can you translate the lease?');
    // So is what was signed or written ("when was it signed?": the lease, not the deposit).
    expect(ask('when was it signed?').resolved_query).toBe('when was the lease signed?');
    expect(ask('who wrote it?').resolved_query).toBe('who wrote the lease?');
    // A topic far less likely than the text still comes first; after "according to …", what is not the source.
    const reading = (phrase: string, score: number) => ({ phrase, score, turn: 0, role: 'user' as const });
    const first = (user: string, readings: ReturnType<typeof reading>[], assistant = '') => topicFirst(readings, { index: 0, user, assistant, similarity: 0.5, byRecency: true }, 'en')[0]!.phrase;
    expect(first('What does the config file say about logging?', [reading('config', 0.47), reading('logging', 0.22)])).toBe('logging');
    expect(first('How do I deploy the backend according to the README?', [reading('README', 0.6), reading('backend', 0.3)])).toBe('backend');
    expect(first('How do I deploy the backend?', [reading('README', 0.6), reading('backend', 0.3)])).toBe('README');
    // The thing a short follow-up named, when the answer is about it: "And the hotel?" — "how far is it from the airport?".
    const hotel = 'You booked the Hotel Avenida Palace for four nights.';
    expect(first('And the hotel?', [reading('Lisbon', 0.55), reading('hotel', 0.31)], hotel)).toBe('hotel');
    expect(first('what about the return flight?', [reading('Rome', 0.5), reading('return flight', 0.3)], 'The return flight leaves Rome at 18:40.')).toBe('return flight');
    // An attribute the answer gives of the old subject is no new subject ("and the price?" — "Mulch costs 45 euro").
    expect(first('and the price?', [reading('mulch', 0.5), reading('price', 0.3)], 'Mulch costs 45 euro a cubic metre.')).toBe('mulch');
    // Not a clause of its own, nor a thing far less likely.
    expect(first("and if I'm 60?", [reading('mortgage', 0.5), reading('60', 0.3)], 'At 60 a guaranteed return matters more.')).toBe('mortgage');
    expect(first('And the hotel?', [reading('Lisbon', 0.55), reading('hotel', 0.1)], hotel)).toBe('Lisbon');
  });

  it('reads "it" as what a name owns, where the conversation only writes the name as an owner', () => {
    const reading = (phrase: string, score: number, article?: string) => ({ phrase, score, turn: 0, role: 'user' as const, ...(article ? { article } : {}) });
    const turn = (user: string, assistant: string) => [{ index: 0, user, assistant, similarity: 0.5, byRecency: true }];
    const vet = turn("What did the vet charge for Max's surgery?", 'The invoice charges 640 euro for the surgery and 42 euro for medication.');
    expect(ownedFirst([reading('Max', 0.52), reading('surgery', 0.41, 'the')], vet)[0]).toEqual(reading("Max's surgery", 0.41));
    // A name written on its own too is a thing of its own; so is an owner of part of a phrase ("Strauss' tone poems").
    expect(ownedFirst([reading('Max', 0.52), reading('surgery', 0.41)], turn("What did the vet charge for Max's surgery?", 'Max had surgery on Monday.'))[0]!.phrase).toBe('Max');
    expect(ownedFirst([reading('Strauss', 0.5), reading('tone', 0.4)], turn("Which of Strauss' tone poems is the longest?", 'Ein Heldenleben.'))[0]!.phrase).toBe('Strauss');
  });

  it('reads "it" as the subject the conversation gave the same verb', () => {
    const reading = (phrase: string, score: number) => ({ phrase, score, turn: 0, role: 'user' as const });
    const turn = (user: string, assistant: string) => [{ index: 0, user, assistant, similarity: 0.5, byRecency: true }];
    const warranty = turn('What does the warranty of my washing machine cover?', 'The Miele warranty covers parts and labour for 2 years.');
    const readings = [reading('washing machine', 0.5), reading('warranty', 0.4)];
    expect(subjectFirst(readings, 'does it cover the pump?', warranty)[0]!.phrase).toBe('warranty');
    // Only where "it" does what the verb says: not what is done to it, nor another verb.
    expect(subjectFirst(readings, 'is it covered for floods?', warranty)[0]!.phrase).toBe('washing machine');
    expect(subjectFirst(readings, 'does it need descaling?', warranty)[0]!.phrase).toBe('washing machine');
    // A subject far less likely than the best reading does not come first.
    expect(subjectFirst([reading('washing machine', 0.5), reading('warranty', 0.1)], 'does it cover the pump?', warranty)[0]!.phrase).toBe('washing machine');
  });

  it('reads "it" as the user\'s own thing a yes/no question was about, not a word the question said of it', async () => {
    const history = [
      { role: 'user' as const, text: 'Is my e-bike insured against theft?' },
      { role: 'assistant' as const, text: 'Yes, your ENRA policy covers theft with a 50 euro excess.' },
    ];
    expect((await rewrite('what do I do if it gets stolen?', history)).result.resolved_query).toBe('what do I do if my e-bike gets stolen?');
  });

  it('reads "it" as a hyphenated word whole ("the Wi-Fi", not "the Wi")', async () => {
    const history = [
      { role: 'user' as const, text: 'Why is the Wi-Fi so slow upstairs?' },
      { role: 'assistant' as const, text: 'The router is in the basement; the signal drops through two floors.' },
    ];
    expect((await rewrite('can I boost it?', history)).result.resolved_query).toBe('can I boost the Wi-Fi?');
  });

  it('reads "it still shows the error" as the thing that showed it, past the latest question\'s part', async () => {
    const history = [
      { role: 'user' as const, text: 'Why does my Bosch dishwasher show error E24?' },
      { role: 'assistant' as const, text: 'E24 means the water is not draining: the filter or drain hose is blocked.' },
      { role: 'user' as const, text: 'how do I clean the filter?' },
      { role: 'assistant' as const, text: 'Twist the filter at the bottom counter-clockwise, lift it out and rinse it under the tap.' },
      { role: 'user' as const, text: 'and the hose?' },
      { role: 'assistant' as const, text: 'Disconnect the drain hose from the sink trap and flush it with warm water.' },
    ];
    const r = await rewrite('what if it still shows the error after that?', history);
    expect(r.result.resolved_query).toBe('what if my Bosch dishwasher still shows the error after that?');
  });

  it('tells people by title, role or a role\'s ending, and a thing of someone from them', () => {
    expect(isPerson('Dr Patel')).toBe(true);
    expect(isPerson('landlord')).toBe(true);
    expect(isPerson('dermatologist')).toBe(true);
    expect(isPerson('cardioloog')).toBe(true);
    expect(isPerson('offerte van de aannemer')).toBe(false);
    expect(isPerson('notice period of the landlord')).toBe(false);
    expect(isPerson('hydrocortisone cream')).toBe(false);
  });

  it('reads a Dutch question with no word for a person as about a thing, and offers no person beside it', () => {
    const turns = [{ index: 0, user: 'Wat zei de dermatoloog over de uitslag?', assistant: 'Dokter Visser stelde contacteczeem vast.', similarity: 0.5, byRecency: true }];
    const r = lexicalRewrite({ query: 'wat als het niet weggaat?', earlierUserTurns: [turns[0]!.user], turns, termStats, weights });
    expect(r.resolved_query).not.toMatch(/dermatoloog/);
    expect(r.alternatives.join(' ')).not.toMatch(/dermatoloog/);
  });

  it('never reads "it" as someone the user called "he" or "she"', () => {
    const turns = [
      { index: 0, user: 'Who is Maria Jansen?', assistant: 'Maria Jansen is the new CFO.', similarity: 0.2, byRecency: false },
      { index: 1, user: 'When does she start?', assistant: 'She starts on 1 January.', similarity: 0.2, byRecency: true },
    ];
    const ask = (people?: Set<string>) => lexicalRewrite({ query: 'How much is it?', earlierUserTurns: ['When does she start?', 'Who is Maria Jansen?'], turns, termStats, weights, people });
    // Without knowing who "she" was, "it" takes the conversation's likeliest name.
    expect(ask().resolved_query).toMatch(/Jansen/);
    const people = peopleNamed(turns, 'en');
    expect([...people]).toEqual(['maria jansen']);
    // A name given a role is someone too ("with Priya as the owner").
    expect([...peopleNamed([{ user: 'who owns the renewal?', assistant: 'The platform team, with Priya as the owner.' }], 'en')]).toEqual(['priya']);
    const r = ask(people);
    expect(r.resolved_query).toBe('How much is it?');
    // Her name still helps the search.
    expect(r.keywords).toContain('jansen');
  });

  it('gives a bare Dutch "waarom?" its subject, as "why?"', () => {
    const turns = [{ index: 0, user: 'Hoeveel vakantiedagen heb ik nog?', assistant: 'Je hebt nog 12 vakantiedagen; 5 daarvan vervallen op 1 juli.', similarity: 0.5, byRecency: true }];
    const r = lexicalRewrite({ query: 'waarom?', earlierUserTurns: ['Hoeveel vakantiedagen heb ik nog?'], turns, termStats, weights, reading: { text: 'waarom?', shifted: false, language: 'nl' } });
    expect(r.resolved_query).toBe('waarom (vakantiedagen)?');
    expect(r.keywords).not.toContain('daarvan');
  });

  it('never reads "it" as someone named by a role, and asks for more of a plural thing', () => {
    const gp = [{ index: 0, user: 'What did the GP write about the rash?', assistant: 'The GP prescribed a hydrocortisone cream for two weeks.', similarity: 0.5, byRecency: true }];
    const r = lexicalRewrite({ query: 'can I use it on my face?', earlierUserTurns: ['What did the GP write about the rash?'], turns: gp, termStats, weights });
    expect(r.resolved_query).not.toMatch(/GP/);
    const deadlines = [{ index: 0, user: 'What are the deadlines in the grant proposal?', assistant: 'The letter of intent by 15 January and the full proposal by 1 March.', similarity: 0.5, byRecency: true }];
    const more = lexicalRewrite({ query: "aren't there more?", earlierUserTurns: ['What are the deadlines in the grant proposal?'], turns: deadlines, termStats, weights });
    // Not "more grant proposal".
    expect(more.resolved_query).toMatch(/^aren't there more (?:deadlines)?\??$/);
    // Nor more of a name, as the question or an alternative.
    const invoices = [{ index: 0, user: 'any invoices from Acme?', assistant: 'Found 2 invoices from Acme: invoice-001.pdf (March) and invoice-007.pdf (July).', similarity: 0.5, byRecency: true }];
    const acme = lexicalRewrite({ query: "aren't there more?", earlierUserTurns: ['any invoices from Acme?'], turns: invoices, termStats, weights });
    expect(acme.resolved_query).toBe("aren't there more invoices?");
    expect(acme.alternatives.join(' ')).not.toMatch(/more Acme/);
  });

  it('never reads "it" or "its" as someone named with a title', () => {
    const turns = [{ index: 0, user: 'What did Dr. Patel prescribe?', assistant: 'Dr. Patel prescribed it for three months.', similarity: 0.5, byRecency: true }];
    const r = lexicalRewrite({ query: 'What are its side effects?', earlierUserTurns: ['What did Dr. Patel prescribe?'], turns, termStats, weights });
    expect(r.resolved_query).toBe('What are its side effects?');
    expect(r.keywords).toContain('patel');
  });
});

describe('rewrite: who "they" are, what "one" is, and when a topic is added', () => {
  const SOLAR = [
    u('How many panels does the solar quote from Zonnefix include?'),
    a('The Zonnefix quote includes 12 panels of 430 Wp each (5.16 kWp in total), a SolarEdge inverter and installation on the south-facing roof, for 6,840 euros including VAT.'),
    u('and the one from SunPower?'),
    a('The SunPower quote has 10 panels of 410 Wp (4.1 kWp) with Enphase micro-inverters, for 7,250 euros including VAT.'),
    u('which one has the longer warranty?'),
    a('SunPower gives 25 years on panels and micro-inverters; Zonnefix gives 25 years on the panels but 12 years on the inverter.'),
    u('how long does installation take?'),
    a('Zonnefix plans one day of installation; SunPower says one to two days depending on the roof.'),
    u('does the cheaper one include the permit?'),
    a('The Zonnefix quote does not mention a permit; it says the customer arranges any approval from the housing association.'),
  ];

  it('reads a "they" who acts as a name or a group, never one thing ("the permit estimate"), its verb agreeing', async () => {
    const { result } = await rewrite('what is the payback period they estimate?', SOLAR, {}, { embedder });
    expect(result.resolved_query).not.toMatch(/permit/);
    expect(result.resolved_query).toMatch(/Zonnefix estimates\?$/);
  });

  it('reads a "they" who acts as the name the answer has act, before a plural thing ("returns")', async () => {
    const returns = [u('What does the Coolblue contract say about returns?'), a('Coolblue accepts returns within 30 days if the product is unused and in its original packaging.')];
    expect((await rewrite('do they pay for shipping?', returns, {}, { embedder, termStats })).result.resolved_query).toBe('does Coolblue pay for shipping?');
    // So is whom one contacts ("how do I contact them?").
    expect((await rewrite('how do I contact them?', returns, {}, { embedder, termStats })).result.resolved_query).toBe('how do I contact Coolblue?');
    // A plural thing that is, or undergoes, stays a thing.
    expect((await rewrite('how long do they take?', returns, {}, { embedder, termStats })).result.resolved_query).not.toMatch(/Coolblue/);
    // After a question about one by role, the one the answer has act ("Interpolis approved …"), not a thing of the question.
    const claim = [u('What did the insurer say about my claim for the water damage?'), a('Interpolis approved the claim but deducted the 250 euro excess.')];
    expect((await rewrite('how much will they pay?', claim, {}, { embedder, termStats })).result.resolved_query).toBe('how much will Interpolis pay?');
    expect((await rewrite('can I appeal their decision?', claim, {}, { embedder, termStats })).result.resolved_query).toBe("can I appeal Interpolis' decision?");
    // An object "them" nothing else agrees with: the one plural thing the latest answer names.
    const invoice = [u('Why is the KPN invoice for March so high?'), a('It includes 48 euros of roaming charges from your trip to Switzerland.')];
    expect((await rewrite('can I dispute them?', invoice, {}, { embedder, termStats })).result.resolved_query).toBe('can I dispute the roaming charges?');
  });

  it('takes no "the last one" for a thing, and searches no "one"', async () => {
    const game = [
      u('How do you win in Wingspan according to the rulebook?'),
      a('The player with the most points after four rounds wins.'),
      u('how many actions do you get in the first round?'),
      a('Each player has 8 action cubes in round 1, then 7, 6 and 5 in rounds 2 to 4.'),
      u('and in the last one?'),
      a('In round 4 each player has 5 actions.'),
    ];
    const { result } = await rewrite('can you play it solo?', game, {}, { embedder });
    expect(result.resolved_query).not.toMatch(/\bone\b/);
    expect(result.keywords).not.toContain('one');
  });

  it('adds a topic in brackets only where the scorer is sure of it ("when is the deadline?" names no one)', async () => {
    const grant = [
      u('What is the total budget in the NWO grant proposal?'),
      a('The proposal requests 748,000 euros over four years: two PhD positions (560,000), a postdoc for one year (96,000), equipment (52,000) and travel and dissemination (40,000).'),
      u('who is the main applicant?'),
      a('The main applicant is Dr. Ingrid Vos of the University of Twente; the co-applicant is Prof. Marco Bianchi from TU Delft.'),
      u('what is her research background?'),
      a('Dr. Vos works on soft robotics and has led two earlier NWO projects on compliant actuators.'),
      u('and his?'),
      a("Prof. Bianchi's background is control theory for underactuated systems."),
    ];
    const termStatsOfReplies = termStats;
    const { result } = await rewrite('when is the deadline?', grant, {}, { embedder, termStats: termStatsOfReplies });
    expect(result.resolved_query).toBe('when is the deadline?');
    const his = await rewrite('and his?', grant.slice(0, 6), {}, { embedder });
    expect(his.result.resolved_query).toBe("what is Prof Marco Bianchi's research background?");
  });
});

describe('rewrite: a topic the user said first, a Dutch verb', () => {
  it('reads "it" after "and the battery, how long does it last?" as the battery, and asks that question again of another thing', async () => {
    const camera = [
      u('How do I change the ISO on the Fujifilm X-T5?'),
      a('Turn the ISO dial on the top left of the camera; lift it and rotate to choose a value from 125 to 12800, or set it to A for auto ISO.'),
      u('can I set a maximum for auto ISO?'),
      a('Yes: under Shooting Setting > ISO AUTO SETTING you can set a default sensitivity, a max sensitivity and a minimum shutter speed, for three presets.'),
      u('and the battery, how long does it last?'),
      a('The NP-W235 battery gives about 580 frames in economy mode, or around 90 minutes of 4K video.'),
    ];
    const { result } = await rewrite('can I charge it over USB?', camera, {}, { embedder });
    expect(result.resolved_query).toBe('can I charge the battery over USB?');
    const other = await rewrite('and the lens cap?', camera, {}, { embedder });
    expect(other.result.resolved_query).not.toMatch(/,/);
  });

  it('keeps a Dutch question\'s verb out of what "dat" stands for ("huurtoeslag krijg")', async () => {
    const letter = [u('Hoeveel huurtoeslag krijg ik volgens de brief van de Belastingdienst?'), a('Volgens de beschikking krijg je vanaf januari 2026 een voorschot huurtoeslag van 214 euro per maand.')];
    const { result } = await rewrite('waar is dat op gebaseerd?', letter, {}, { embedder });
    expect(result.resolved_query).not.toMatch(/krijg/);
  });

  it('reads no adverb alone as what "dat" stands for ("hoeveel is extra?" after "mag ik extra aflossen?")', async () => {
    const mortgage = [
      u('Wat is de rente op mijn hypotheek?'),
      a('Je hypotheek bij de ABN AMRO heeft een rente van 3,8% voor 10 jaar vast.'),
      u('wanneer loopt die af?'),
      a('De rentevaste periode loopt af op 1 juni 2031.'),
      u('kan ik eerder oversluiten?'),
      a('Ja, maar dan betaal je een boeterente. Die hangt af van het verschil tussen je rente en de marktrente.'),
      u('hoeveel is die nu?'),
      a('x'),
      u('mag ik extra aflossen?'),
      a('Ja, je mag elk jaar 10% van de oorspronkelijke hoofdsom boetevrij aflossen.'),
    ];
    const { result } = await rewrite('hoeveel is dat?', mortgage, {}, { embedder });
    for (const reading of [result.resolved_query, ...result.alternatives]) expect(reading).not.toMatch(/is (?:extra|nu)\b/);
  });

  it('offers no participle before "volgens …" as a reading of "dat" ("verbruikt" of "… vorig jaar verbruikt volgens de jaarafrekening?")', async () => {
    const energy = [
      u('Hoeveel stroom heb ik vorig jaar verbruikt volgens de jaarafrekening?'),
      a('Volgens je jaarafrekening van Vattenfall heb je in 2024 3.120 kWh stroom verbruikt, 340 kWh minder dan in 2023.'),
    ];
    const { result } = await rewrite('is dat veel?', energy, {}, { embedder });
    expect(result.resolved_query).toBe('is dat veel (stroom)?');
    expect(result.alternatives.join(' | ')).not.toMatch(/verbruikt/);
  });
});

describe('rewrite: who "that" is, no language for "his", no address parts, no bracket for a choice', () => {
  it('reads "wie is dat?" as the person the latest answer named by role', async () => {
    const roster = [u('Kan ik mijn nachtdienst van dinsdag ruilen?'), a('Volgens de afspraken kun je een dienst ruilen via de rooster-app, uiterlijk 48 uur van tevoren, met goedkeuring van de teamleider.')];
    expect((await rewrite('wie is dat?', roster, {}, { embedder })).result.resolved_query).toBe('wie is de teamleider?');
    // With the word that says which ("the study adviser"); a name before the role is none of it.
    const thesis = [u('can I get an extension for my thesis?'), a('Yes, the exam board can grant up to 4 weeks; apply through the study adviser.')];
    expect((await rewrite('who is that?', thesis, {}, { embedder })).result.resolved_query).toBe('who is the study adviser?');
    expect(roleIn('Ask the Acme manager.')).toBe('the manager');
    // Asked who, with no role named: no thing ("who is the extension?").
    const board = [u('can I get an extension for my thesis?'), a('Yes, the exam board can grant up to 4 weeks for personal circumstances.')];
    expect((await rewrite('who is that?', board, {}, { embedder })).result.resolved_query).toBe('who is that?');
  });

  it('takes no language the user named ("and for English?") for "his"', async () => {
    const report = [
      u('What grade did Sanne get for maths on her report card?'),
      a('Sanne got a 7.8 for maths this term, up from 7.1 last term.'),
      u('and for English?'),
      a('For English she got an 8.4.'),
      u('and about Daan?'),
      a('For Daan, Mrs. Bakker wrote that he is creative and enthusiastic but needs to hand in homework on time.'),
    ];
    expect((await rewrite('what is his lowest grade?', report, {}, { embedder })).result.resolved_query).toBe("what is Daan's lowest grade?");
  });

  it('reads no conversation into an "it" that follows the question\'s own thing ("who pays for the fence if we share it?")', async () => {
    const fence = [u('How high can my garden fence be without a permit?'), a('Up to 2 metres behind the house; a permit is needed above that.')];
    expect((await rewrite('who pays for the fence if we share it?', fence, {}, { embedder })).result.resolved_query).toBe('who pays for the fence if we share it?');
  });

  it('searches no word of measure the conversation says only after "how" ("long" of "how long do I have?")', () => {
    const turn = (user: string, assistant: string) => ({ index: 0, user, assistant, similarity: 1, byRecency: false });
    const only = askedHowOnly([turn('how long do I have?', 'Talks are 30 minutes, including questions.')]);
    expect(['long', 'talks'].map(only)).toEqual([true, false]);
    expect(askedHowOnly([turn('Hoe hoog is de borg?', 'De borg is 2.300 euro.')])('hoog')).toBe(true);
    // Said elsewhere too ("long-term"), a title ("How Far Am I from Canaan"), or no word of measure: searched.
    expect(askedHowOnly([turn('How long is long term investing?', 'Ten years or more.')])('long')).toBe(false);
    expect(askedHowOnly([turn('Who wrote How Far Am I from Canaan?', 'Sam Cooke.')])('far')).toBe(false);
    expect(askedHowOnly([turn('Explain how photosynthesis works', 'Plants turn light into sugar.')])('photosynthesis')).toBe(false);
  });

  it('searches no word the conversation writes only inside an address ("com" of "privacy@example.com")', () => {
    const turns = [{ index: 0, user: 'Can I ask the company to delete my data under the privacy policy?', assistant: 'Yes, via privacy@example.com or https://example.com/delete.', similarity: 1, byRecency: false }];
    const only = addressOnly(turns);
    expect(['com', 'example', 'delete'].map(only)).toEqual([true, true, false]);
    expect(only('privacy')).toBe(false);
    expect(addressOnly([{ ...turns[0]!, assistant: 'Yes, by e-mail.' }])('com')).toBe(false);
    const domain = addressOnly([{ ...turns[0]!, assistant: 'Register it on philips.com or belastingdienst.nl/aangifte, e.g. with version 3.5 of ASP.NET.' }]);
    expect(['com', 'nl', 'philips', 'belastingdienst', 'aangifte', 'version', 'asp', 'net'].map(domain)).toEqual([true, true, true, true, true, false, false, false]);
  });

  it('adds no one bracketed thing to "which one …?" (but the two it chooses between) or "what about both?" (but both by name)', async () => {
    const kitchen = [
      u('What does the kitchen quote from Keukenstudio Noord include?'),
      a('The quote includes the cabinets, a quartz worktop, an induction hob from Bosch, an oven, a dishwasher and installation, for 14,350 euros.'),
      u('and the one from IKEA?'),
      a('The IKEA plan totals 9,870 euros: cabinets, a laminate worktop, appliances and installation by a partner company.'),
    ];
    expect((await rewrite('which one has the quartz worktop?', kitchen, {}, { embedder })).result.resolved_query).toBe('which one has the quartz worktop (Keukenstudio Noord or IKEA)?');
    // No one of them in brackets: "both" names the two.
    expect((await rewrite('what about both?', kitchen, {}, { embedder })).result.resolved_query).toBe('what about both Keukenstudio Noord and IKEA?');
  });

  it('reads no verb of a yes/no question as part of its subject ("does the budget count towards that?")', async () => {
    const grant = [
      u('When is the deadline for the NWO grant proposal?'),
      a('The NWO Open Competition deadline is 3 February 2027 at 14:00.'),
      u('does the budget count towards that?'),
      a('No, the budget goes in a separate form and is not counted.'),
    ];
    // It had become "who needs to sign the budget count?".
    expect((await rewrite('who needs to sign it?', grant, {}, { embedder })).result.resolved_query).toBe('who needs to sign the budget?');
  });

  it('names "the last one" of a list whose lead-in ends in a preposition', async () => {
    const survey = [u('What dataset did the authors use in the RAG survey?'), a('The survey compares results on Natural Questions, TriviaQA and HotpotQA.')];
    // It had stayed as asked.
    expect((await rewrite('which retriever did best on the last one?', survey, {}, { embedder })).result.resolved_query).toBe('which retriever did best on HotpotQA?');
  });

  it('reads a demonstrative in the latest turns whether or not targeted history selected them ("who chairs that session?")', async () => {
    const talk = [
      u('When is my talk at the ECIR conference?'),
      a('Your talk is on Wednesday 9 April at 11:20 in room B2, in the session on conversational search.'),
      u('how long do I have?'),
      a('Each talk has 15 minutes plus 5 minutes for questions.'),
    ];
    // It had stayed as asked: "chairs" was read as a noun, and the first pair was not selected.
    expect((await rewrite('who chairs that session?', talk, {}, { embedder })).result.resolved_query).toBe('who chairs the session on conversational search?');
  });

  it('puts no name in the place of a "that" after "before" or "after" (a time or a happening)', async () => {
    const gym = [
      u('What does my gym membership at FitLab cost?'),
      a('Your FitLab Flex membership costs 34.99 euros a month, with a 12-month minimum term that ends on 1 March 2027.'),
    ];
    // It had become "can I cancel before FitLab?".
    const { result } = await rewrite('can I cancel before that?', gym, {}, { embedder });
    expect(result.resolved_query).toBe('can I cancel before that?');
    expect(result.keywords).toEqual(expect.arrayContaining(['fitlab']));
  });
});

describe('rewrite: "it" is no group of people, a question asked again as it was read, a comparison, Dutch "het"', () => {
  const LEAFLET = [
    u('What is the maximum daily dose of ibuprofen according to the leaflet?'),
    a("For adults the leaflet says at most 1,200 mg a day without a doctor's advice, in doses of 200 to 400 mg every 4 to 6 hours."),
    u('and for children?'),
    a('Children from 6 to 12 years get 5 to 10 mg per kg body weight per dose, at most 30 mg per kg a day.'),
  ];

  it('reads "it" as a thing, never "children"', async () => {
    const { resolved_query } = (await rewrite('can I take it with alcohol?', LEAFLET, {}, { embedder })).result;
    expect(resolved_query).toMatch(/^can I take (?!it\b)/);
    expect(resolved_query).not.toMatch(/children/i);
  });

  it('asks "what about with paracetamol?" of the latest question as it was read', async () => {
    const alcohol = (await rewrite('can I take it with alcohol?', LEAFLET, {}, { embedder })).result.resolved_query;
    const more = [...LEAFLET, u('can I take it with alcohol?'), a('The leaflet advises against alcohol, as it increases the risk of stomach bleeding.')];
    expect((await rewrite('what about with paracetamol?', more, {}, { embedder })).result.resolved_query).toBe(alcohol.replace('alcohol', 'paracetamol'));
  });

  it('asks "compared to Q2?" as the latest question with its comparison, a compare intent', async () => {
    const spend = [u('How much did we spend on marketing in Q3?'), a('Marketing spend in Q3 was 48,200 euros.')];
    expect((await rewrite('compared to Q2?', spend, {}, { embedder })).result).toMatchObject({ resolved_query: 'How much did we spend on marketing in Q3 compared to Q2?', intent: 'compare' });
    const uitgaven = [u('Hoeveel hebben we in Q3 aan marketing uitgegeven?'), a('In Q3 was dat 48.200 euro.')];
    expect((await rewrite('vergeleken met Q2?', uitgaven, {}, { embedder })).result).toMatchObject({ resolved_query: 'Hoeveel hebben we in Q3 aan marketing uitgegeven vergeleken met Q2?', intent: 'compare' });
  });

  it('reads a Dutch "het" as nothing the conversation wrote with "de", and "welke regels zijn dat?" as asked', async () => {
    const permit = [
      u('Heb ik een omgevingsvergunning nodig voor een dakkapel volgens de gemeente?'),
      a('Volgens de gemeente is een dakkapel aan de achterkant vergunningvrij als hij aan de regels voldoet; aan de voorkant heb je wel een omgevingsvergunning nodig.'),
      u('en aan de voorkant, hoe lang duurt dat?'),
      a('Voor een vergunning aan de voorkant neemt de gemeente binnen 8 weken een besluit, met één keer 6 weken verlenging.'),
    ];
    expect((await rewrite('wat kost het?', permit, {}, { embedder })).result.resolved_query).not.toMatch(/de gemeente/);
    expect((await rewrite('welke regels zijn dat?', permit.slice(0, 2), {}, { embedder })).result.resolved_query).toMatch(/^welke regels zijn dat\b/);
  });
});

describe('rewrite: Dutch "die" and "ze", a titled name two replies back, a moment told from another', () => {
  const DAYS = [u('Hoeveel vakantiedagen heb ik nog volgens mijn loonstrook?'), a('Volgens je loonstrook van november heb je nog 11,5 vakantiedagen: 8 wettelijke en 3,5 bovenwettelijke.')];

  it('reads "die" and "ze" as the things in the plural ("vakantiedagen"), not one thing ("mijn loonstrook")', async () => {
    expect((await rewrite('wanneer vervallen die?', DAYS, {}, { embedder, termStats })).result.resolved_query).toBe('wanneer vervallen vakantiedagen?');
    const more = [...DAYS, u('wanneer vervallen die?'), a('De wettelijke dagen vervallen op 1 juli 2027.')];
    expect((await rewrite('kan ik ze laten uitbetalen?', more, {}, { embedder, termStats })).result.resolved_query).toMatch(/^kan ik (?:de )?(?:wettelijke )?(?:vakantie)?dagen laten uitbetalen\?$/);
  });

  it('reads a Dutch "hem" as the thing the question named, before one it named only as a place ("in de oven")', async () => {
    const oven = [u('Hoe lang moet de lasagne in de oven?'), a('Het recept zegt 45 minuten op 180 graden, afgedekt met folie voor de eerste 25 minuten.')];
    expect((await rewrite('kan ik hem invriezen?', oven, {}, { embedder, termStats })).result.resolved_query).toBe('kan ik de lasagne invriezen?');
    // So does a subject "het", with "mijn" before the place too.
    expect((await rewrite('kan het ook in de airfryer?', oven, {}, { embedder })).result.resolved_query).toBe('kan de lasagne ook in de airfryer?');
    const waste = [u('Wanneer wordt het grofvuil opgehaald in mijn wijk?'), a('In de wijk Oost elke eerste dinsdag van de maand.')];
    expect((await rewrite('wat kost het?', waste, {}, { embedder })).result.resolved_query).toBe('wat kost het grofvuil?');
    // A name right after the preposition is a place or a firm too ("bij Basic-Fit").
    const gym = [u('Wat kost mijn abonnement bij Basic-Fit?'), a('Je Comfort abonnement kost 29,99 euro per vier weken.')];
    expect((await rewrite('wanneer verloopt het?', gym, {}, { embedder })).result.resolved_query).toBe('wanneer verloopt mijn abonnement?');
  });

  it('reads "die" after a short follow-up that named a thing ("en de borg?") as that thing, as "it" is', async () => {
    const rent = [
      u('Hoe hoog is de huur van het appartement aan de Kanaalstraat?'),
      a('De huur is 1.250 euro per maand, exclusief 95 euro servicekosten.'),
      u('en de borg?'),
      a('De borg is twee maanden kale huur, dus 2.500 euro.'),
    ];
    expect((await rewrite('wanneer krijg ik die terug?', rent, {}, { embedder, termStats })).result.resolved_query).toBe('wanneer krijg ik de borg terug?');
  });

  it('asks "and the stew?" of the item the latest question was about, in the list a reply gave', async () => {
    const recipes = [
      u('Which recipes in my folder use chickpeas?'),
      a('Three: chana masala, a chickpea and spinach stew, and hummus.'),
      u('how long does the first take?'),
      a('The chana masala takes about 40 minutes, 15 of them preparation.'),
      u('is it spicy?'),
      a('It uses one green chilli and a teaspoon of garam masala; the recipe calls it medium spicy.'),
    ];
    expect((await rewrite('and the stew?', recipes, {}, { embedder })).result.resolved_query).toBe('is the stew spicy?');
  });

  it('reads nothing the answer said there is none of ("is there a newer version?" — "No, …")', async () => {
    const report = [
      u('What does section 4 of the sustainability report say about emissions?'),
      a('Section 4 reports scope 1 and 2 emissions of 12,400 tonnes CO2e in 2025, down 8% from 2024.'),
      u('who wrote it?'),
      a('The report was prepared by the sustainability team and reviewed by KPMG.'),
      u('is there a newer version?'),
      a('No, no other version of the sustainability report is in your indexed folders.'),
    ];
    expect((await rewrite('summarize it', report, {}, { embedder, termStats })).result.resolved_query).not.toMatch(/version/);
  });

  it('takes a name after a role ("Chief Sustainability Officer Anouk Verbeek") for a person', () => {
    expect(isPerson('Chief Sustainability Officer Anouk Verbeek')).toBe(true);
    expect(isPerson('the Sustainability Report')).toBe(false);
  });

  it('reads no name and nothing written with "het" for "die", nothing written with "de" for "het"', () => {
    const at = (phrase: string, score: number, article?: string): Antecedent => ({ phrase, score, turn: 0, role: 'assistant', ...(article ? { article } : {}) });
    const shift = [at('rooster', 1, 'het'), at('Joris', 0.9), at('dienst', 0.6, 'de')];
    expect(agreeingReading('kan ik die ruilen?', shift, 'nl')?.phrase).toBe('dienst');
    const permit = [at('gemeente', 1, 'de'), at('contract', 0.6, 'het')];
    expect(agreeingReading('wat kost het?', permit, 'nl')?.phrase).toBe('contract');
    expect(agreeingReading('wat kost het huis?', permit, 'nl')?.phrase).toBe('gemeente');
  });

  it('reads "she" as a titled name two replies back ("Dr. Hendriks wrote …")', async () => {
    const thesis = [
      u('What did my supervisor say about chapter 3 of my thesis draft?'),
      a('Dr. Hendriks wrote that chapter 3 needs a clearer research question.'),
      u('and chapter 4?'),
      a('For chapter 4 she found the method sound but asked you to justify the sample size of 42 participants.'),
      u('when is the next deadline?'),
      a('The revised draft of chapters 3 and 4 is due on 15 January.'),
    ];
    expect((await rewrite('did she comment on the title?', thesis, {}, { embedder, termStats })).result.resolved_query).toBe('did Dr Hendriks comment on the title?');
  });
});


describe('rewrite: a pronoun in a row of questions with pronouns goes on standing for the same thing', () => {
  /** Each follow-up of a conversation rewritten after the turns before it, as the chat asks them. */
  async function chain(turns: readonly [string, string][]): Promise<string[]> {
    const history: HistoryMessage[] = [u(turns[0]![0]), a(turns[0]![1])];
    const out: string[] = [];
    for (const [question, answer] of turns.slice(1)) {
      out.push((await rewrite(question, history, {}, { embedder, termStats })).result.resolved_query);
      history.push(u(question), a(answer));
    }
    return out;
  }

  it('searches what the question before pointed at when a pointing question reads nothing and finds no word', () => {
    const turns = [{ index: 2, user: 'how many people does it hold?', assistant: 'About 78,000 spectators.', similarity: 0.3, byRecency: true }];
    const asked = (previousReference?: { phrase: string; by: 'conversation terms' | 'person' }) =>
      // No term over the search's bar, as an index that knows none of these words gives.
      lexicalRewrite({ query: 'when was it built?', earlierUserTurns: ['how many people does it hold?', 'where was the final played?'], turns, searchTermBar: 0.99, ...(previousReference ? { previousReference } : {}) });
    const carried = asked({ phrase: 'Maracanã Stadium', by: 'conversation terms' });
    expect(carried.keywords).toEqual(expect.arrayContaining(['maracanã', 'stadium']));
    expect(carried.search_query).toContain('Maracanã Stadium');
    // The question itself is left as asked: that reading may not be this one's.
    expect(carried.resolved_query).toBe('when was it built?');
    expect(asked().keywords).not.toContain('maracanã');
    // Not a person the question before meant.
    expect(asked({ phrase: 'Mario Götze', by: 'person' }).keywords).not.toContain('götze');
  });

  it('reads "it" as the heat pump, the notice period, the book, the train the question before meant', async () => {
    const heatPump = await chain([
      ['What does the quote say about the heat pump?', 'The quote from Warmtewerk offers a Daikin Altherma 3 air-to-water heat pump of 8 kW, installed for 11,400 euros before the subsidy.'],
      ['how loud is it?', 'The datasheet gives a sound power of 58 dB(A) for the outdoor unit; at 3 metres that is about 38 dB(A), quieter than a fridge.'],
      ['where would they put it?', 'The installer proposes the outdoor unit against the back wall, next to the shed, with the indoor unit in the utility room.'],
      ['does it need a permit?', 'No permit is needed for an outdoor unit at the back of the house.'],
    ]);
    expect(heatPump).toEqual(['how loud is the heat pump?', 'where would they put the heat pump?', 'does the heat pump need a permit?']);
    const lease = await chain([
      ['What is the notice period in my lease?', "The lease for Kerkstraat 12 requires two months' notice from the tenant, given in writing."],
      ['can I give it by email?', 'The lease says notice must be given by registered letter or by bailiff; email is not mentioned.'],
      ['when does it start counting?', 'The notice period starts on the first day of the month after the landlord receives the letter.'],
    ]);
    expect(lease.at(-1)).toBe('when does the notice period start counting?');
    const library = await chain([
      ['When is the book I borrowed from the library due back?', 'Your copy of The Overstory by Richard Powers is due back on 9 December at the Central Library.'],
      ['can I renew it online?', 'Yes, in My Account you can renew it up to three times, unless another member has reserved it.'],
      ['what happens if I return it late?', 'Late returns cost 0.25 euro per day per item, up to 5 euros.'],
    ]);
    expect(library.at(-1)).toBe('what happens if I return the book late?');
    const train = await chain([
      ['When does my train to Brussels leave?', 'Your Eurostar to Brussels-Midi leaves Amsterdam Centraal at 08:16 on 4 December, from platform 15b.'],
      ['can I still change it?', 'Yes: your Standard Premier ticket can be exchanged up to 7 days before departure for a 15 euro fee plus any fare difference.'],
      ['how much did it cost?', 'The booking confirmation shows 189 euros for the return trip, paid by Visa on 2 November.'],
      ['is breakfast included on it?', 'Standard Premier includes a light meal served at your seat.'],
    ]);
    expect(train.slice(1)).toEqual(['how much did my train cost?', 'is breakfast included on my train?']);
    // Not past a question that asked about a new thing of its own ("what about the dryer …?").
    const appliances = await chain([
      ['What does the warranty on my Miele dishwasher cover?', 'The Miele warranty covers parts and labour for 2 years.'],
      ['can I use another repairer?', 'Yes, but repairs by others void the parts warranty for the repaired part.'],
      ['what about the dryer I bought with it?', 'The dryer has its own 2-year warranty; register it to extend it.'],
      ['where do I register it?', 'On the Miele website.'],
    ]);
    expect(appliances.at(-1)).toBe('where do I register the dryer?');
  });

  it('reads the thing of "did she approve it?" beside the person, and a renumbered follow-up of it ("and PR 415?")', async () => {
    const review = await chain([
      ['What did Sanne comment on PR 412?', 'Sanne asked to split the migration into two steps and to add a test for the rollback.'],
      ['did she approve it?', 'Not yet: she requested changes.'],
      ['and PR 415?', 'On PR 415 Sanne approved without comments.'],
    ]);
    expect(review).toEqual(['did Sanne approve PR 412?', 'did Sanne approve PR 415?']);
    // Not a person for the "it", nor a "they".
    const musician = await chain([
      ['Did Paul McCartney have health problems in the seventies?', 'He struggled with alcohol after the Beatles split.'],
      ['did it bother him?', 'Friends said it weighed on him for years.'],
    ]);
    expect(musician.at(-1)).toBe('did it bother Paul McCartney?');
  });

  it('reads "that" taken together as the things a recent which-question asked for ("how much is that in total?")', async () => {
    const invoices = await chain([
      ['Which invoices are still unpaid?', 'Three: Eneco (84 euros), Ziggo (56 euros) and the dentist (142 euros).'],
      ['and the oldest?', 'The dentist invoice, from 2 September.'],
      ['how much is that in total?', '282 euros.'],
    ]);
    expect(invoices.at(-1)).toBe('how much are the invoices in total?');
    const facturen = await chain([
      ['Welke facturen zijn nog niet betaald?', 'Drie: Eneco (84 euro), Ziggo (56 euro) en de tandarts (142 euro).'],
      ['en de oudste?', 'Die van de tandarts, van 2 september.'],
      ['hoeveel is dat samen?', '282 euro.'],
    ]);
    expect(facturen.at(-1)).toBe('hoeveel zijn de facturen samen?');
    // Not without a word that takes them together.
    const one = await chain([
      ['Which invoices are still unpaid?', 'Three: Eneco (84 euros), Ziggo (56 euros) and the dentist (142 euros).'],
      ['and the oldest?', 'The dentist invoice, from 2 September.'],
      ['how much is that?', '142 euros.'],
    ]);
    expect(one.at(-1)).not.toMatch(/the invoices/);
  });

  it('reads an "it" nothing else read as the user\'s own thing a recent question was about ("my talk")', async () => {
    const talk = await chain([
      ['When is my talk at the PyData conference?', "Your talk, 'Forecasting with gradient boosting', is on Friday 12 June at 14:30 in room B."],
      ['how long do I have?', 'Talks are 30 minutes, including 5 minutes of questions.'],
      ['is it recorded?', 'Yes, all talks in rooms A and B are recorded.'],
    ]);
    expect(talk.at(-1)).toBe('is my talk recorded?');
    // Not a thing after a preposition ("week 12 of my training plan"), nor where the question named its thing before "it".
    const plan = await chain([
      ['What is the longest run in week 12 of my marathon training plan?', 'The longest run in week 12 is 28 km on Sunday.'],
      ['what should I eat before it?', 'A carbohydrate-rich breakfast about three hours before.'],
    ]);
    expect(plan.at(-1)).not.toContain('training plan');
    const gift = await chain([
      ['How do I lower my taxes this year?', 'Donations to registered charities are deductible.'],
      ['if I make a donation in cash, could it be used?', 'Yes, with a receipt from the charity.'],
    ]);
    expect(gift.at(-1)).not.toContain('my taxes');
    // "them" reads a thing of its number: "my settings", never "my talk".
    const router = await chain([
      ['How do I change the wifi password on my Fritzbox 7590?', 'Open fritz.box in a browser, log in, go to WLAN > Security and enter a new network key.'],
      ['will I lose my settings?', 'Yes, a factory reset clears all settings, including the wifi name and port forwards.'],
      ['can I back them up first?', 'Only if you can log in: System > Backup saves the settings to a file.'],
    ]);
    expect(router.at(-1)).toBe('can I back my settings up first?');
    const single = await chain([
      ['When is my talk at the PyData conference?', "Your talk is on Friday 12 June at 14:30 in room B."],
      ['how long do I have?', 'Talks are 30 minutes, including 5 minutes of questions.'],
      ['are they recorded?', 'Yes, all talks in rooms A and B are recorded.'],
      ['can I share them afterwards?', 'Recordings are published on YouTube after two weeks.'],
    ]);
    expect(single.at(-1)).not.toContain('my talk');
  });

  it('asks "what\'s the range?" of the thing the answer chose, and carries that on', async () => {
    const bike = await chain([
      ['Which e-bike did the Fietsenwinkel quote recommend?', 'They recommend the Gazelle Ultimate C380 for 3,299 euros, with a 500 Wh battery.'],
      ["what's the range?", 'Up to 150 km on eco mode, about 70 km on sport.'],
      ['does it come with a lock?', 'Yes, an AXA frame lock is included.'],
    ]);
    expect(bike).toEqual(["what's the range (Gazelle Ultimate C380)?", 'does the Gazelle Ultimate C380 come with a lock?']);
  });

  it('asks "and on the first one?" of the question between, which pointed at the list\'s other item', async () => {
    const api = await chain([
      ['Which endpoints are deprecated in API v3?', 'The migration guide lists /users/search, /orders/bulk and /reports/legacy as deprecated in v3.'],
      ['what replaces the second one?', '/orders/bulk is replaced by /orders/batch, which takes at most 500 orders per call.'],
      ['is there a rate limit on it?', 'Yes, /orders/batch allows 10 calls per minute per API key.'],
      ['and on the first one?', '/users/search keeps its limit of 60 calls per minute.'],
    ]);
    expect(api.at(-1)).toBe('is there a rate limit on /users/search?');
  });

  it('asks an attribute, or "it", of the thing the answer gave for the question\'s verb', async () => {
    const med = await chain([
      ['What medication did the cardiologist prescribe?', 'She prescribed amlodipine 5 mg once daily.'],
      ['what are the side effects?', 'The leaflet lists swollen ankles, flushing, headache and dizziness.'],
    ]);
    expect(med).toEqual(['what are the side effects (amlodipine)?']);
    const alcohol = await chain([
      ['What medication did the cardiologist prescribe?', 'She prescribed amlodipine 5 mg once daily.'],
      ['can I drink alcohol with it?', 'Alcohol can make the dizziness worse.'],
    ]);
    expect(alcohol).toEqual(['can I drink alcohol with amlodipine?']);
    // The thing the answer gave, not the question's word for it ("the price of the e-bike").
    const price = await chain([
      ['Which e-bike did I buy?', 'You bought the Gazelle Ultimate C380 in May.'],
      ['and the price?', 'It cost 3,299 euros.'],
    ]);
    expect(price).toEqual(['What about the price of the Gazelle Ultimate C380?']);
    // "and X?" asks it of the thing the answer gave only where X is what a thing has.
    const spend = await chain([
      ['which shop do I spend the most at?', 'Albert Heijn, about 60% of the total.'],
      ['and restaurants?', 'You spent 210 euros on restaurants in October.'],
    ]);
    expect(spend[0]).not.toContain('(Albert Heijn)');
    const level = await chain([
      ['What heat pump did we choose?', 'We chose a Daikin heat pump with a 7-year warranty.'],
      ["what's the noise level?", '42 dB at 3 metres.'],
    ]);
    expect(level).toEqual(["what's the noise level (Daikin heat pump)?"]);
    const dutch = await chain([
      ['Welk medicijn heeft de huisarts voorgeschreven?', 'De huisarts schreef omeprazol 20 mg voor, één keer per dag voor het ontbijt.'],
      ['wat zijn de bijwerkingen?', 'Hoofdpijn, buikpijn en misselijkheid komen vaak voor.'],
    ]);
    expect(dutch).toEqual(['wat zijn de bijwerkingen (omeprazol)?']);
    // The thing given is no person a "he" stands for.
    const dog = await chain([
      ['What did the vet prescribe for the dog?', "She prescribed Metacam for the dog's joint pain, 1.5 ml a day with food."],
      ['how long should he take it?', 'For 14 days, then a check-up.'],
    ]);
    expect(dog).toEqual(['how long should he take Metacam?']);
  });

  it('reads "it" as the thing the question before read "its" as', async () => {
    const plants = await chain([
      ['How often should I water my monstera?', 'Water the monstera when the top 3 cm of soil is dry, about once a week in summer.'],
      ['and the fern?', 'Ferns like moist soil: water them twice a week and mist the leaves.'],
      ['why are its leaves turning brown?', 'Brown fern leaves usually mean the air is too dry or the plant gets direct sun.'],
      ['should I repot it?', 'Repot the fern in spring if the roots fill the pot.'],
    ]);
    expect(plants).toEqual(['How often should I water the fern?', "why are the fern's leaves turning brown?", 'should I repot the fern?']);
  });

  it('reads a Dutch "die" on in a follow-up that asks its question again, and "wat kost dat?" as the advice', async () => {
    const borg = await chain([
      ['Hoe hoog is de borg voor mijn appartement aan de Kanaalstraat?', 'De borg is twee maanden kale huur: 2.300 euro.'],
      ['wanneer krijg ik die terug?', 'Volgens het contract binnen 14 dagen na de eindinspectie, of 30 dagen als er schade is.'],
      ['en als ze niks terugbetalen?', 'Dan kun je de verhuurder in gebreke stellen en naar de Huurcommissie stappen.'],
      ['wat kost dat?', 'Een zaak bij de Huurcommissie kost een huurder 25 euro leges.'],
    ]);
    // Not "de Kanaalstraat", which only says where the flat is; not "niks terugbetalen".
    expect(borg).toEqual(['wanneer krijg ik de borg terug?', 'wanneer krijg ik de borg terug als ze niks terugbetalen?', 'wat kost dat (de verhuurder in gebreke stellen)?']);
  });

  it('reads "it" after "when is the next one due?" as the thing asked about in another order', async () => {
    const golf = await chain([
      ['When was the last oil change on the Golf?', 'The last oil change was on 12 March 2026 at 84,200 km, at Garage Bosman.'],
      ['when is the next one due?', 'The service booklet says every 15,000 km or once a year, so the next one is due at 99,200 km or by 12 March 2027.'],
      ['what did it cost?', 'The March service cost 189 euros.'],
    ]);
    expect(golf).toEqual(['when is the next oil change due?', 'what did the oil change cost?']);
  });

  it('carries on the thing the answer chose, not a happening ("how long does it take?")', async () => {
    const laptop = await chain([
      ['Which laptop does the IT policy recommend for developers?', 'The ThinkPad T14 Gen 5, with 32 GB RAM and a 1 TB SSD.'],
      ['does it have USB-C?', 'Yes, two USB-C ports with Thunderbolt 4, plus two USB-A ports and HDMI.'],
      ['how much does it weigh?', 'It weighs 1.3 kg.'],
      ['can I order it myself?', 'No, you request it through the IT service desk portal.'],
    ]);
    expect(laptop).toEqual(['does the ThinkPad T14 Gen 5 have USB-C?', 'how much does the ThinkPad T14 Gen 5 weigh?', 'can I order the ThinkPad T14 Gen 5 myself?']);
    const router = await chain([
      ['How do I reset my router?', 'Hold the reset button on the back of the Fritzbox for 10 seconds; the router restarts and the lights blink.'],
      ['where is it?', 'The reset button is a small hole next to the power socket; use a paperclip.'],
      ['how long does it take?', 'A reset takes about three minutes.'],
    ]);
    expect(router.at(-1)).toBe('how long does it take?');
  });

  it('reads an "it" a verb acts on as what the latest question\'s verb acted on, not where ("set a schedule on the Nest thermostat")', async () => {
    const nest = [u('How do I set a schedule on the Nest thermostat?'), a('Open the Home app, choose the thermostat, tap Schedule and drag the temperature points for each day.')];
    expect((await rewrite('can I copy it?', nest, {}, { embedder, termStats })).result.resolved_query).toBe('can I copy the schedule?');
    // "where is it?" asks where a thing is: the place is a reading as before.
    expect((await rewrite('where is it?', nest, {}, { embedder, termStats })).result.resolved_query).toBe('where is the Nest thermostat?');
    // After "what's eco mode?", "it" is the thing the user asked what it is.
    const eco = [...nest, u("what's eco mode?"), a('Eco mode keeps the home between two eco temperatures you set, by default 16 and 27 °C, when nobody is home.')];
    expect((await rewrite('how do I turn it off?', eco, {}, { embedder, termStats })).result.resolved_query).toBe('how do I turn the eco mode off?');
  });

  it('reads an earlier question that changed the subject without its opening ("different question: …")', async () => {
    const dentist = [u("What's the deadline for the grant?"), a('The call closes on 3 March.'), u('different question: when is my dentist appointment?'), a('Your dentist appointment is on 12 December at 9:15 with Dr. Visser.')];
    const { result } = await rewrite('can I move it?', dentist, {}, { embedder, termStats });
    expect(result.resolved_query).toBe('can I move the dentist appointment?');
    expect(result.keywords).not.toContain('different');
    expect(result.keywords).not.toContain('question');
  });

  it('reads "there" after a where-question as the place its answer named, with its article', async () => {
    const trip = [u('What time does my flight to Tokyo leave on Friday?'), a('KL861 leaves Amsterdam at 17:35.'), u('and where am I staying the first night?'), a('The itinerary lists the Hotel Gracery Shinjuku for 6 to 9 December.')];
    expect((await rewrite('how do I get there from the airport?', trip, {}, { embedder, termStats })).result.resolved_query).toBe('how do I get to the Hotel Gracery Shinjuku from the airport?');
  });

  it('reads no earlier thing for a pronoun after a question of its own that names it ("…, how can it be prevented?")', async () => {
    const vaccine = await chain([
      ['What is HIV?', 'HIV is a virus that attacks the immune system.'],
      ['how is it spread?', 'It spreads through certain body fluids.'],
      ['Is there a vaccine for herpes, how can it be prevented?', 'There is no vaccine for herpes.'],
    ]);
    expect(vaccine.at(-1)).toBe('Is there a vaccine for herpes, how can it be prevented?');
  });
});
