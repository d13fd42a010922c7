import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UseEmbedder } from '../../../src/pipeline/models/useEmbedder.js';
import { acknowledgesOnly, asksAgain, choiceBetween, chooseSlot, choosesAmong, compoundHeadShared, namedPair, orderedOne, parallelSlots, parallelSubject, resolveParallel, SIBLING_SIMILARITY, substitute, type Slot } from '../../../src/pipeline/rewrite/lexical/parallel.js';
import { resolveReference } from '../../../src/pipeline/rewrite/lexical/resolve.js';
import { rewrite } from '../../../src/pipeline/rewrite/rewrite.js';
import type { HistoryMessage } from '../../../src/pipeline/rewrite/types.js';

const u = (text: string): HistoryMessage => ({ role: 'user', text });
const a = (text: string): HistoryMessage => ({ role: 'assistant', text });

/** The previous question with the subject in the place the wording settles, if it settles one. */
function settled(previous: string, subject: string, language = 'en'): string | undefined {
  const slot = chooseSlot(subject, parallelSlots(previous, subject, language));
  return slot && substitute(previous, slot, subject);
}

describe('parallel follow-ups: the subject', () => {
  it('is what follows "what about", "how about", "and … about", and the Dutch openings', () => {
    expect(parallelSubject('What about bonds?', 'en')).toBe('bonds');
    expect(parallelSubject('and how about in 2018', 'en')).toBe('in 2018');
    expect(parallelSubject('hoe zit het met een boiler?', 'nl')).toBe('een boiler');
    expect(parallelSubject('en in Utrecht?', 'nl')).toBe('in Utrecht');
    // A bare prepositional phrase asks like "and …?"; one with a question word of its own does not.
    expect(parallelSubject('at high altitude?', 'en')).toBe('at high altitude');
    expect(parallelSubject('In what period was the discovery?', 'en')).toBeUndefined();
    expect(parallelSubject('for who?', 'en')).toBeUndefined();
    expect(parallelSubject('and for how long?', 'en')).toBeUndefined();
    expect(parallelSubject('en sinds wanneer?', 'nl')).toBeUndefined();
    // Said with emphasis, the thing itself.
    expect(parallelSubject('and the visa itself?', 'en')).toBe('the visa');
    expect(parallelSubject('en het contract zelf?', 'nl', true)).toBe('het contract');
  });

  it('is none for a follow-up that asks a question of its own, points back, or is no follow-up', () => {
    expect(parallelSubject('And were there other controversial elements?', 'en')).toBeUndefined();
    expect(parallelSubject('and how does it handle expired sessions?', 'en')).toBeUndefined();
    expect(parallelSubject('what about it?', 'en')).toBeUndefined();
    // A bare "and" before a noun is weighed by meaning in English only (the encoder reads English).
    expect(parallelSubject('and the price?', 'en')).toBe('the price');
    expect(parallelSubject('en de prijs?', 'nl')).toBeUndefined();
    // "and the third?" points at a list item by its place (see resolveOrdinal).
    expect(parallelSubject('and the third?', 'en')).toBeUndefined();
    expect(parallelSubject('what about the first option?', 'en')).toBeUndefined();
    expect(parallelSubject('Are bonds risky?', 'en')).toBeUndefined();
  });
});

describe('parallel follow-ups: places the wording settles', () => {
  it('puts a prepositional subject where the same preposition stood', () => {
    expect(settled('who was the champion in 2019', 'in 2018')).toBe('who was the champion in 2018?');
    expect(settled('which state in the southwest has the smallest population?', 'in the pacific northwest')).toBe('which state in the pacific northwest has the smallest population?');
    expect(settled('Wat kost een warmtepomp in Amsterdam?', 'in Utrecht')).toBe('Wat kost een warmtepomp in Utrecht?');
  });

  it('swaps or adds modifiers of the same head noun', () => {
    expect(settled('what are the mini challenges on the show', 'the maxi challenges')).toBe('what are the maxi challenges on the show?');
    expect(settled('what are the tubes made of', 'tracheostomy tubes')).toBe('what are the tracheostomy tubes made of?');
  });

  it('asks what a text says about one subject of another', () => {
    expect(settled('What does the lease say about pets?', 'subletting')).toBe('What does the lease say about subletting?');
    expect(settled('What does the report say about revenue in 2023?', 'costs')).toBe('What does the report say about costs in 2023?');
    expect(settled('Wat zegt het huurcontract over huisdieren?', 'onderhuur')).toBe('Wat zegt het huurcontract over onderhuur?');
  });

  it('puts other people in the place of the user', () => {
    expect(settled('How many vacation days do I get?', 'part-timers')).toBe('How many vacation days do part-timers get?');
    expect(settled('Can we claim the travel allowance?', 'the contractors')).toBe('Can the contractors claim the travel allowance?');
    // Not where the verb would change with them, nor for things.
    expect(settled('How many vacation days am I entitled to?', 'part-timers')).toBeUndefined();
    expect(settled('How many vacation days do I get?', 'bonds')).toBeUndefined();
    // Who it is for is added, not put in the user's place.
    expect(settled('How do I renew my passport?', 'for my kids')).toBe('How do I renew my passport for my kids?');
  });

  it('asks again a question typed without its apostrophe or mark', () => {
    expect(settled('whats the wifi password at the office', 'for staff')).toBe('whats the wifi password at the office for staff?');
  });

  it('asks another attribute of what a "what is the … of …?" question asked about', () => {
    expect(settled('What is the notice period of my lease?', 'the deposit')).toBe('What is the deposit of my lease?');
    expect(settled('What is the notice period of my lease?', 'the rent')).toBe('What is the rent of my lease?');
    expect(chooseSlot('de borg', parallelSlots('Wat is de opzegtermijn van mijn huurcontract?', 'de borg', 'nl'))?.text).toBe('de opzegtermijn');
    // Not a thing with its own owner, or a subject without an article: those are left to meaning.
    expect(settled('what is the size of the area?', "the region's topography")).toBeUndefined();
    expect(settled('What are the side effects of ibuprofen?', 'paracetamol')).toBeUndefined();
    // "when"/"where" questions too; a name takes the place of what the attribute is of.
    expect(settled('When is the deadline for the statistics assignment?', 'the exam')).toBe('When is the exam for the statistics assignment?');
    expect(settled('Where is the entrance of the museum?', 'the Louvre')).toBe('Where is the entrance of the Louvre?');
    expect(settled('What is the capital of France?', 'Germany')).toBe('What is the capital of Germany?');
    expect(settled('What is the price of the MacBook Pro?', 'the Dell XPS 13')).toBe('What is the price of the Dell XPS 13?');
  });

  it('puts no article after "what" that asks which kind', () => {
    const previous = 'What tyre pressure does the manual recommend?';
    expect(substitute(previous, { start: 5, end: 18, text: 'tyre pressure', decided: false }, 'the spare wheel')).toBe('What spare wheel does the manual recommend?');
    // Nor after "per": "cost per weekend".
    const night = 'How much does the hotel cost per night?';
    expect(substitute(night, { start: 33, end: 38, text: 'night', decided: false }, 'the weekend')).toBe('How much does the hotel cost per weekend?');
  });

  it('puts a subject with an article only in the place of a whole phrase, never of a modifier inside one', () => {
    const slots = parallelSlots('Which is cheaper, the Daikin or the Mitsubishi heat pump?', 'the winter', 'en').map((s) => s.text);
    expect(slots).not.toContain('heat');
    expect(parallelSlots('what is the dc voltage of the battery?', 'ac', 'en').map((s) => s.text)).toContain('dc');
  });

  it('asks a which-question about a comparative again of another one', async () => {
    const again = async (query: string, previous: string, language = 'en') => (await resolveParallel(query, [previous], language))?.resolved;
    const which = 'Which is cheaper, the Daikin or the Mitsubishi heat pump?';
    expect(await again('and quieter?', which)).toBe('Which is quieter, the Daikin or the Mitsubishi heat pump?');
    expect(await again('and more efficient?', which)).toBe('Which is more efficient, the Daikin or the Mitsubishi heat pump?');
    expect(await again('en stiller?', 'Welke is goedkoper, de Daikin of de Mitsubishi?', 'nl')).toBe('Welke is stiller, de Daikin of de Mitsubishi?');
    // A noun in -er is no comparative.
    expect(await again('and the winter?', which)).toBeUndefined();
  });

  it('asks the question again of another moment, in its place or at its end', async () => {
    const again = async (query: string, previous: string, language = 'en') => (await resolveParallel(query, [previous], language))?.resolved;
    expect(await again('and this year?', 'How much did I pay for energy last year?')).toBe('How much did I pay for energy this year?');
    expect(await again('what about last month?', 'How much did I pay for energy last year?')).toBe('How much did I pay for energy last month?');
    expect(await again('and 2023?', 'How much did I pay in 2024 for energy?')).toBe('How much did I pay in 2023 for energy?');
    expect(await again('and the year before?', 'How much did I pay for energy last year?')).toBe('How much did I pay for energy the year before last year?');
    expect(await again('en dit jaar?', 'Hoeveel heb ik vorig jaar aan de energierekening betaald?', 'nl')).toBe('Hoeveel heb ik dit jaar aan de energierekening betaald?');
    expect(await again('en het jaar daarvoor?', 'Hoeveel heb ik vorig jaar aan de energierekening betaald?', 'nl')).toBe('Hoeveel heb ik het jaar voor vorig jaar aan de energierekening betaald?');
    // Added where the question named no moment; a thing's season is none ("the last season of Friends").
    expect(await again('and last month?', 'How much did I spend on groceries?')).toBe('How much did I spend on groceries last month?');
    expect(await again('and this year?', 'What happened in the last season of Friends?')).toBe('What happened in the last season of Friends this year?');
    // "may" is a verb unless a preposition says it is the month; a moment relative to none is left alone.
    expect(await again('and in June?', 'How much may I spend in May?')).toBe('How much may I spend in June?');
    expect(await again('and the month before?', 'How much did I spend on groceries?')).toBeUndefined();
    // A moment with its preposition, where the question named none, is any prepositional subject.
    expect(await again('and in April?', 'What did we decide in the March board meeting?')).toBe('What did we decide in April?');
    // A moment said with its preposition takes the place of the named one's preposition too.
    expect(await again('and in September?', 'Which subscriptions are on my bank statement for October?')).toBe('Which subscriptions are on my bank statement in September?');
    // "and for March?": "for" goes with the moment.
    expect(await again('and for March?', 'What did we decide at the book club about the next book?')).toBe('What did we decide at the book club about the next book for March?');
    // A number takes the place of the one number of its form ("2.5" for "2.4"), not of one of another form.
    expect(await again('and in 2.5?', 'What are the changes in version 2.4 of the release notes?')).toBe('What are the changes in version 2.5 of the release notes?');
    expect(await again('what about 3.9?', 'Does the library support Python 3.8?')).toBe('Does the library support Python 3.9?');
    expect(await again('and 1000?', 'Can I deduct 500 euros for my home office?')).toBe('Can I deduct 1000 euros for my home office?');
    expect(await again('and in 2.5?', 'What changed between 2.3 and 2.4?')).toBeUndefined();
    expect(await again('and 3?', 'What are the changes in version 2.4?')).toBeUndefined();
    // With the noun the number followed, whatever the preposition: the number in its place.
    expect(await again('and for group 3?', "When is the parents' evening of group 6?")).toBe("When is the parents' evening of group 3?");
    expect(await again('en voor groep 3?', 'Wanneer is de ouderavond van groep 6?', 'nl')).toBe('Wanneer is de ouderavond van groep 3?');
    expect(await again('and for room 3?', "When is the parents' evening of group 6?")).not.toBe("When is the parents' evening of room 3?");
    // A year in a thing's name takes the new year alone.
    expect(await again('and in 2022?', 'What were the main conclusions of the 2023 annual report?')).toBe('What were the main conclusions of the 2022 annual report?');
  });

  it('puts a condition in place of the one the question had, else at its end', async () => {
    const again = async (query: string, previous: string, language = 'en') => (await resolveParallel(query, [previous], language))?.resolved;
    expect(await again('en als ik per 1 juli wil verhuizen?', 'Wanneer moet ik de huur opzeggen als ik per 1 juni wil verhuizen?', 'nl')).toBe('Wanneer moet ik de huur opzeggen als ik per 1 juli wil verhuizen?');
    expect(await again('and if I pay early?', 'What happens if I pay late?')).toBe('What happens if I pay early?');
    expect(await again('and if I pay early?', 'How much interest do I owe?')).toBe('How much interest do I owe if I pay early?');
    // After a follow-up that was itself a question asked again, that question.
    const chain = await resolveParallel('en vorig jaar?', ['en taal?', 'Wat staat er in het schoolrapport van Emma over rekenen?'], 'nl');
    expect(chain?.resolved).toBe('Wat staat er in het schoolrapport van Emma over taal vorig jaar?');
  });

  it('swaps the same words with another number', () => {
    expect(settled('What does clause 7 of the lease say?', 'clause 9')).toBe('What does clause 9 of the lease say?');
    expect(settled('What did the iPhone 14 cost at launch?', 'the iPhone 15')).toBe('What did the iPhone 15 cost at launch?');
    // Two words changed is no renumbering: left to meaning.
    expect(settled('What does clause 7 of the lease say?', 'article 9')).toBeUndefined();
  });

  it('puts a name in place of the one name that says which of a thing it is', () => {
    expect(settled('What does the warranty of my Bosch dishwasher cover?', 'the Miele')).toBe('What does the warranty of my Miele dishwasher cover?');
    // Not a lower-case modifier ("the winter pump"), nor one of two names.
    expect(settled('What does the winter pump cost?', 'the Mitsubishi')).toBeUndefined();
    expect(settled('Is the Bosch dishwasher quieter than the Siemens dryer?', 'the Miele')).toBeUndefined();
  });

  it('puts a name in place of the one name the question gave as a thing of its own, not the one after a preposition', () => {
    expect(settled('Wanneer moet de Polo naar de APK?', 'de Fiesta', 'nl')).toBe('Wanneer moet de Fiesta naar de APK?');
    // The one name after a preposition, where the question names nothing else, as before.
    expect(settled('When does my flight to Lisbon leave?', 'Porto')).toBe('When does my flight to Porto leave?');
  });

  it('puts the same thing told apart by another phrase in the place of that thing and its phrase', () => {
    expect(settled('What caused the outage on 14 October according to the postmortem?', 'the outage in September')).toBe('What caused the outage in September according to the postmortem?');
    expect(settled('When does my flight to Lisbon leave?', 'the flight from Porto')).toBe('When does the flight from Porto leave?');
    expect(chooseSlot('de vergadering van vrijdag', parallelSlots('Wat staat er in de notulen van de vergadering van maandag?', 'de vergadering van vrijdag', 'nl'))?.text).toBe('de vergadering van maandag');
  });

  it('swaps the same words with another number before reading what a text says about them', () => {
    expect(settled('Wat schrijft de school over de schoolreis van groep 7?', 'groep 8')).toBe('Wat schrijft de school over de schoolreis van groep 8?');
    // A name renumbered before any other name the question gave ("Sanne"), and a number after a preposition kept with it.
    expect(settled('did Sanne approve PR 412?', 'PR 415')).toBe('did Sanne approve PR 415?');
    expect(settled('What is the longest run in week 12 of my marathon training plan?', 'in week 14')).toBe('What is the longest run in week 14 of my marathon training plan?');
  });

  it('puts a name after a preposition in place of the one name the question gave after one, or of "there"', () => {
    expect(settled('Wat is de rente in de hypotheekofferte van de Rabobank?', 'bij de ING')).toBe('Wat is de rente in de hypotheekofferte van de ING?');
    expect(settled('What is the interest rate on the mortgage offer from ABN AMRO?', 'at ING')).toBe('What is the interest rate on the mortgage offer from ING?');
    // Before the same preposition with no name after it; with its own preposition where the two say opposite ways.
    expect(settled('Welke vaccinaties heb ik nodig voor de reis naar Thailand volgens de GGD?', 'voor Vietnam')).toBe('Welke vaccinaties heb ik nodig voor de reis naar Vietnam volgens de GGD?');
    expect(settled('When does my flight to Lisbon leave?', 'from Porto')).toBe('When does my flight from Porto leave?');
    expect(settled('Wat kost een warmtepomp in Amsterdam?', 'in Utrecht')).toBe('Wat kost een warmtepomp in Utrecht?');
    // Not a name for a common noun, nor where the question gave two names.
    expect(settled('What is the interest rate on the mortgage offer from ABN AMRO?', 'for 20 years')).toBe('What is the interest rate on the mortgage offer from ABN AMRO for 20 years?');
    expect(settled('How long is the drive from Amsterdam to Utrecht?', 'via Rotterdam')).toBe('How long is the drive from Amsterdam to Utrecht via Rotterdam?');
    // "there" as a place, not "is there …".
    expect(settled('Does anyone there have dietary requirements?', 'at table 5')).toBe('Does anyone at table 5 have dietary requirements?');
    expect(settled('Is there parking?', 'at the station')).toBe('Is there parking at the station?');
  });

  it('takes no verb after "I"/"we"/"you", no modifier inside a phrase, and no source unless the wording says so', () => {
    expect(parallelSlots('Which train should I take to Berlin?', 'the bus', 'en').map((s) => s.text)).not.toContain('take');
    // "car" of "car accident" is no head that "the rental car" shares.
    const accident = parallelSlots('What happened in the car accident according to my insurance claim?', 'the rental car', 'en');
    expect(accident.some((s) => s.decided)).toBe(false);
    expect(accident.map((s) => s.text)).not.toContain('my insurance claim');
    expect(settled('What does my contract say according to the handbook?', 'according to the policy')).toBe('What does my contract say according to the policy?');
  });

  it('leaves a bare noun to meaning, never narrows a phrase into a swap, and keeps a question to ask', () => {
    expect(settled('Are stocks risky?', 'bonds')).toBeUndefined();
    // "goals total" narrows "many goals": no place of the question is swapped for it.
    expect(parallelSlots('how many goals does ronaldo have in the world cup', 'goals total', 'en').map((s) => s.text)).not.toContain('many goals');
    // A remark is not asked again; nor is a question that would have nothing left but the subject.
    expect(parallelSlots('International equity.', 'securities', 'en')).toEqual([]);
    // A statement is no question either, though it has a pronoun; one without its question mark still is.
    expect(parallelSlots('I subscribed to the premium plan last month.', 'the basic plan', 'en')).toEqual([]);
    expect(parallelSlots('who does susan represent in the chronicles of narnia', 'peter', 'en').length).toBeGreaterThan(0);
    const slots = parallelSlots('Deductions?', 'FICA', 'en');
    expect(slots.map((s) => s.text)).toEqual(['Deductions']);
    expect(substitute('Deductions?', slots[0]!, 'FICA')).toBeUndefined();
  });
});

describe('parallel follow-ups: choosing by meaning', () => {
  const slots = parallelSlots('Is ibuprofen safe for children?', 'side effects', 'en');
  const index = (text: string): number => slots.findIndex((s) => s.text === text);

  it('takes the most similar place above the sibling bar', () => {
    const sims = slots.map((s) => (s.text === 'children' ? SIBLING_SIMILARITY + 0.2 : 0.1));
    expect(chooseSlot('side effects', slots, sims)?.text).toBe('children');
    expect(chooseSlot('side effects', slots, slots.map(() => SIBLING_SIMILARITY - 0.01))).toBeUndefined();
  });

  it('marks down a place whose head differs in number ("side effects" for "ibuprofen") or in length', () => {
    const sims = slots.map((_, i) => (i === index('ibuprofen') ? SIBLING_SIMILARITY + 0.05 : 0));
    expect(chooseSlot('side effects', slots, sims)).toBeUndefined();
    const place = (text: string, start: number): Slot => ({ start, end: start + text.length, text, decided: false });
    // "risky" is a little closer in meaning, but "stocks" has the form of "bonds".
    expect(chooseSlot('bonds', [place('stocks', 4), place('risky', 11)], [0.55, 0.58])?.text).toBe('stocks');
  });

  it('swaps a modifier only when it is nearer the subject than its whole phrase, and never the head alone', () => {
    const voltage = parallelSlots('what is the frequency of a dc voltage', 'ac', 'en');
    expect(voltage.map((s) => s.text)).toEqual(expect.arrayContaining(['dc', 'dc voltage']));
    expect(voltage.map((s) => s.text)).not.toContain('voltage');
    const sims = (dc: number, whole: number): number[] => voltage.map((s) => (s.text === 'dc' ? dc : s.text === 'dc voltage' ? whole : 0));
    expect(chooseSlot('ac', voltage, sims(0.62, 0.6))?.text).toBe('dc');
    expect(chooseSlot('ac', voltage, sims(0.55, 0.6))?.text).toBe('dc voltage');
    // A modifier in -ing (what the thing is for) only gives way to another such word.
    const texts = (previous: string, subject: string) => parallelSlots(previous, subject, 'en').map((s) => s.text);
    expect(texts('How much does the washing machine cost?', 'the dryer')).toEqual(['the washing machine']);
    expect(texts('How much do the running shoes cost?', 'hiking')).toEqual(expect.arrayContaining(['running', 'running shoes']));
  });

  it('takes a name whole and no verb or adjective that ends the question', () => {
    const tower = parallelSlots('When was the Eiffel Tower built?', 'the Louvre', 'en').map((s) => s.text);
    expect(tower).toEqual(['the Eiffel Tower']);
    expect(parallelSlots('Are stocks risky?', 'bonds', 'en').map((s) => s.text)).toEqual(['stocks']);
  });

  it('gives a subject at the start of the question its capital, and takes no subject without a content word', () => {
    const slots = parallelSlots('Stocks are risky?', 'bonds', 'en');
    expect(substitute('Stocks are risky?', slots.find((s) => s.text === 'Stocks')!, 'bonds')).toBe('Bonds are risky?');
    expect(parallelSlots('Are stocks risky?', 'the same', 'en')).toEqual([]);
    expect(parallelSubject('what about the other one?', 'en')).toBeUndefined();
  });
});

describe('parallel follow-ups with the real sentence encoder', () => {
  let embedder: UseEmbedder;
  beforeAll(async () => {
    embedder = await UseEmbedder.load();
  });
  afterAll(async () => {
    await embedder.close();
  });

  it('drops the article before a place a subject with none takes, and fits it to the word after it', async () => {
    expect((await resolveParallel('and bonuses?', ['do I get an allowance for working from home?'], 'en', embedder))?.resolved).toBe('do I get bonuses for working from home?');
    expect((await resolveParallel('and cherry?', ['how do I make an apple pie?'], 'en', embedder))?.resolved).toBe('how do I make a cherry pie?');
  });

  it('reads a sibling into the previous question and an attribute not', async () => {
    expect(await resolveParallel('What about bonds?', ['Are stocks risky?'], 'en', embedder)).toMatchObject({ resolved: 'Are bonds risky?', replaced: 'stocks' });
    expect(await resolveParallel('how about ac', ['what is the frequency of a dc voltage'], 'en', embedder)).toMatchObject({ resolved: 'what is the frequency of an ac voltage?', replaced: 'dc' });
    expect(await resolveParallel('What about the price?', ['Is the MacBook Pro good for coding?'], 'en', embedder)).toBeUndefined();
    expect(await resolveParallel('What about the Louvre?', ['When was the Eiffel Tower built?'], 'en', embedder)).toMatchObject({ resolved: 'When was the Louvre built?', replaced: 'the Eiffel Tower' });
  });

  it('puts a thing said with its determiner in the place of the one thing the previous question named so', async () => {
    expect(await resolveParallel('and the fern?', ['How often should I water my monstera?'], 'en', embedder)).toMatchObject({ resolved: 'How often should I water the fern?', replaced: 'my monstera' });
    expect(await resolveParallel('and the badge?', ['When do I get my laptop?'], 'en', embedder)).toMatchObject({ resolved: 'When do I get the badge?', replaced: 'my laptop' });
    // Not an attribute ("the price" of the monstera), nor a thing of another number.
    expect(await resolveParallel('and the price?', ['How often should I water my monstera?'], 'en', embedder)).toBeUndefined();
    expect(await resolveParallel('and the leaves?', ['How often should I water my monstera?'], 'en', embedder)).toBeUndefined();
    // The one thing may have a word before its noun; a name beside it is no such thing.
    expect((await resolveParallel('and the fern?', ['How often should I water my big monstera in Amsterdam?'], 'en', embedder))?.resolved).toBe('How often should I water the fern in Amsterdam?');
    // In Dutch too, where the wording alone decides.
    expect((await resolveParallel('en het plastic?', ['Wanneer wordt het oud papier opgehaald in de Rivierenwijk?'], 'nl'))?.resolved).toBe('Wanneer wordt het plastic opgehaald in de Rivierenwijk?');
    expect(await resolveParallel('en de prijs?', ['Wanneer wordt het oud papier opgehaald?'], 'nl')).toBeUndefined();
  });

  it('asks no follow-up that was read as nothing again, and breaks no bracketed topic', async () => {
    // "what about a hedge?" after "and next to the street?", itself read as nothing: not "and next to a hedge?".
    expect(await resolveParallel('what about a hedge?', ['and next to the street?', 'How high can my garden fence be without a permit?'], 'en')).toBeUndefined();
    // "en voor sociale huur?" after "is dat toegestaan (huur)?": the question before it, not "is dat sociale huur)?".
    const rent = await resolveParallel('en voor sociale huur?', ['is dat toegestaan (huur)?', 'Hoeveel mag mijn huur dit jaar omhoog volgens de brief van Vesteda?'], 'nl');
    expect(rent?.resolved ?? '').not.toMatch(/\)\?$|^is dat sociale/);
  });

  it('asks the previous question with a question word said alone ("how often?")', async () => {
    expect((await resolveParallel('how often?', ['How do I feed my sourdough starter?'], 'en'))?.resolved).toBe('How often do I feed my sourdough starter?');
    expect((await resolveParallel('and when?', ['Where can I park?'], 'en'))?.resolved).toBe('When can I park?');
    expect((await resolveParallel('how long?', ['Can I freeze the pizza dough?'], 'en'))?.resolved).toBe('How long can I freeze the pizza dough?');
    expect((await resolveParallel('hoe lang?', ['Kan ik het deeg invriezen?'], 'nl'))?.resolved).toBe('Hoe lang kan ik het deeg invriezen?');
    // "by how much?" asks how much a yes/no question's change is; not in the place of another question word.
    expect((await resolveParallel('by how much?', ['Will my premium go up after a claim?'], 'en'))?.resolved).toBe('By how much will my premium go up after a claim?');
    expect(await resolveParallel('by how much?', ['How do I water my monstera?'], 'en')).toBeUndefined();
    // Not "why?" after a yes or a no, nor in the place of a "what" the verb acts on.
    expect(await resolveParallel('why?', ['Can I freeze the pizza dough?'], 'en')).toBeUndefined();
    expect(await resolveParallel('why?', ['What does my lease say about subletting?'], 'en')).toBeUndefined();
    // Nor in the place of "how", "when" or "where": "why?" asks why of the answer ("Why can I save for retirement?" asks nothing the user did).
    expect(await resolveParallel('why?', ['How can I save for retirement?'], 'en')).toBeUndefined();
    expect(await resolveParallel('waarom?', ['Wanneer moet ik de huur opzeggen?'], 'nl')).toBeUndefined();
  });

  it('asks what a text says about a topic said alone after a question of what it says ("credits?")', async () => {
    const sla = ['What does the Acme service agreement say about uptime?'];
    expect((await resolveParallel('credits?', sla, 'en'))?.resolved).toBe('What does the Acme service agreement say about credits?');
    expect((await resolveParallel('the exclusions', sla, 'en'))?.resolved).toBe('What does the Acme service agreement say about the exclusions?');
    expect((await resolveParallel('eigen risico?', ['Wat zegt mijn zorgpolis over fysiotherapie?'], 'nl'))?.resolved).toBe('Wat zegt mijn zorgpolis over eigen risico?');
    expect(asksAgain('credits?', 'en', sla[0])).toBe(true);
    // Not after another kind of question, nor an acknowledgement or a request for a kind of answer.
    expect(asksAgain('credits?', 'en', 'How much uptime does Acme guarantee?')).toBe(false);
    expect(await resolveParallel('thanks', sla, 'en')).toBeUndefined();
    expect(await resolveParallel('summary', sla, 'en')).toBeUndefined();
  });

  it('tells a message that only acknowledges the answer', () => {
    for (const m of ['thanks', 'great, thanks!', 'ok', 'Thank you very much', 'perfect', 'dank je wel', 'prima, bedankt']) expect(acknowledgesOnly(m)).toBe(true);
    for (const m of ['is that right?', 'ok?', 'thanks, and the deposit?', 'great, what about bonds', 'credits']) expect(acknowledgesOnly(m)).toBe(false);
  });

  it('puts a maker in place of the one name that says which of a thing it is ("the ING mortgage offer")', async () => {
    const ing = ['What interest rate does the ING mortgage offer have?'];
    expect((await resolveParallel('and ABN AMRO?', ing, 'en'))?.resolved).toBe('What interest rate does the ABN AMRO mortgage offer have?');
    expect((await resolveParallel('and the one from Rabobank?', ing, 'en'))?.resolved).toBe('What interest rate does the Rabobank mortgage offer have?');
    expect((await resolveParallel('and the Rabobank offer?', ing, 'en'))?.resolved).toBe('What interest rate does the Rabobank mortgage offer have?');
    expect((await resolveParallel('what about the KPN one?', ['When does the Vodafone contract end?'], 'en'))?.resolved).toBe('When does the KPN contract end?');
    expect((await resolveParallel('en die van KPN?', ['Wanneer loopt mijn Ziggo abonnement af?'], 'nl'))?.resolved).toBe('Wanneer loopt mijn KPN abonnement af?');
    // An acronym after a name names the thing: the name before it says which.
    expect((await resolveParallel('and Java?', ['Is the Python SDK thread-safe?'], 'en'))?.resolved).toBe('Is the Java SDK thread-safe?');
    expect((await resolveParallel('and Globex?', ['What did the Acme CEO say about the merger?'], 'en'))?.resolved).toBe('What did the Globex CEO say about the merger?');
    // Two names that say which: no one place.
    expect(await resolveParallel('and the one from Rabobank?', ['Is the ING offer cheaper than the SNS offer?'], 'en')).toBeUndefined();
  });

  it('asks "and the others?" of the other items of the list the previous question took one of', async () => {
    const lists = [['Natural Questions', 'TriviaQA', 'HotpotQA']];
    expect(await resolveParallel('and the others?', ['how big is TriviaQA?'], 'en', embedder, 0, lists)).toMatchObject({ resolved: 'how big are Natural Questions and HotpotQA?', replaced: 'TriviaQA' });
    // "the other one" of a list of two; of three, none is "the other".
    expect(await resolveParallel('and the other one?', ['how big is TriviaQA?'], 'en', embedder, 0, [['TriviaQA', 'HotpotQA']])).toMatchObject({ resolved: 'how big is HotpotQA?' });
    expect(await resolveParallel('and the other one?', ['how big is TriviaQA?'], 'en', embedder, 0, lists)).toBeUndefined();
    // An item named without its number ("the Pixel"); the list may be the choice an earlier question offered.
    const phones = [u('Which phone has the better camera, the Pixel 9 or the iPhone 16?'), a('The Pixel 9, especially in low light.'), u('how much is the Pixel?'), a('The Pixel 9 costs 899 euros.')];
    expect((await rewrite('and the other one?', phones, {}, { embedder })).result.resolved_query).toBe('how much is the iPhone 16?');
    // Or by its maker alone ("the Dell"), the choice offered four questions before.
    const laptops = [
      u('Which laptop has the longer battery life, the MacBook Air M3 or the Dell XPS 13?'), a('The MacBook Air lasts about 15 hours, the XPS 13 about 11.'),
      u('and which is lighter?'), a('The XPS 13, at 1.19 kg.'),
      u('what about the screens?'), a('The XPS 13 has a 120 Hz screen; the MacBook Air a 60 Hz one.'),
      u('how much is the Dell?'), a('The XPS 13 costs 1,399 euros.'),
    ];
    expect((await rewrite('and the other one?', laptops, {}, { embedder })).result.resolved_query).toBe('how much is the MacBook Air M3?');
  });

  it('puts no attribute in a name\'s or a moment\'s place ("and battery life?" is no "the Pixel 9 or the battery life")', async () => {
    const asked = ['Which phone has the better camera, the Pixel 9 or the iPhone 16?'];
    expect(await resolveParallel('and battery life?', asked, 'en', embedder)).toBeUndefined();
    // Nor a moment's place; a moment takes it ("and per year?").
    expect(await resolveParallel('and the year total?', ['how much is that per week?'], 'en', embedder)).toBeUndefined();
    expect((await resolveParallel('and per year?', ['how much is that per week?'], 'en', embedder))?.resolved).toBe('how much is that per year?');
    expect((await resolveParallel('and the Galaxy S24?', asked, 'en', embedder))?.resolved).toContain('the Galaxy S24?');
  });

  it('puts a step of a list whole in the place of another step ("and the van?" → "book the moving van")', async () => {
    const lists = [['cancel the internet at the old address', 'register at the new municipality', 'book the moving van']];
    expect(await resolveParallel('and the van?', ['when do I have to register at the new municipality?'], 'en', embedder, 0, lists)).toMatchObject({ resolved: 'when do I have to book the moving van?' });
  });

  it('goes back past a question that names nothing of the kind to one whose wording settles the place', async () => {
    const earlier = ['What happens when all attempts fail?', 'How do I configure the retry policy in the payment service?'];
    expect(await resolveParallel('what about the refund service?', earlier, 'en', embedder)).toMatchObject({
      resolved: 'How do I configure the retry policy in the refund service?',
      replaced: 'the payment service',
    });
    // Only by the same head noun: a subject that fits no older question is no parallel.
    expect(await resolveParallel('what about the weekend?', earlier, 'en', embedder)).toBeUndefined();
  });

  it('passes over a question that says nothing but what it points at ("is that bad?") for the one before', async () => {
    const earlier = ['is that bad?', 'What did the blood test in October show about my cholesterol?'];
    expect(await resolveParallel('what about my vitamin D?', earlier, 'en', embedder)).toMatchObject({
      resolved: 'What did the blood test in October show about my vitamin D?',
      replaced: 'my cholesterol',
    });
    // A question of its own between them is not passed over.
    expect(await resolveParallel('what about my vitamin D?', ['is that above the limit for adults?', earlier[1]!], 'en', embedder)).toBeUndefined();
  });

  it('follows a chain of them back past a question between them to the question they vary', async () => {
    const earlier = ['what about the pear tree?', 'how much can I cut off?', 'When should I prune the apple tree according to the gardening book?'];
    expect((await resolveParallel('and the roses?', earlier, 'en', embedder))?.resolved).toBe('When should I prune the roses according to the gardening book?');
  });

  it('follows a chain of them back to the question they vary', async () => {
    const earlier = ['what about susan', 'who does lucy represent in the chronicles of narnia'];
    expect(await resolveParallel('what about edmund?', earlier, 'en', embedder)).toMatchObject({ resolved: 'who does edmund represent in the chronicles of narnia?', replaced: 'susan' });
    // Not into the place of a phrase of another kind: a moment ("in April") is no place for "restaurants", nor for "aan restaurants".
    const spending = ['and in April?', 'How much did I spend on groceries in March according to my bank statements?'];
    expect((await resolveParallel('what about restaurants?', spending, 'en', embedder))?.resolved).toBe('How much did I spend on restaurants in April according to my bank statements?');
    const uitgaven = ['en in april?', 'Hoeveel heb ik in maart uitgegeven aan boodschappen volgens mijn bankafschriften?'];
    expect((await resolveParallel('en aan restaurants?', uitgaven, 'nl', embedder))?.resolved).toBe('Hoeveel heb ik in april uitgegeven aan restaurants volgens mijn bankafschriften?');
  });

  it('asks a request again of another subject, as a request', async () => {
    expect(await resolveParallel('what about Q2?', ['Summarise the Q3 sales report'], 'en', embedder)).toMatchObject({ resolved: 'Summarise the Q2 sales report', replaced: 'Q3' });
  });

  it('adds a condition to the end of a chain, leaving its subject', async () => {
    const earlier = ['and the deposit?', 'How much is the rent for the flat?'];
    expect(await resolveParallel('and when fully furnished?', earlier, 'en', embedder)).toMatchObject({ resolved: 'How much is the deposit for the flat when fully furnished?' });
    expect(await resolveParallel('en als ik voor twee jaar teken?', ['en voor de garage?', 'Hoe hoog is de huur voor het appartement?'], 'nl', embedder)).toMatchObject({
      resolved: 'Hoe hoog is de huur voor de garage als ik voor twee jaar teken?',
    });
  });

  it('through the Rewrite stage: the new subject is searched, the one it replaces is not', async () => {
    const history = [u('Are stocks risky?'), a('Stocks can lose much of their value in a downturn; diversification lowers the risk.')];
    const { result } = await rewrite('What about bonds?', history, {}, { embedder });
    expect(result).toMatchObject({ resolved_query: 'Are bonds risky?', engine: 'lexical', rewritten: true, used_turns: [0] });
    expect(result.kinds).toContain('conversational');
    expect(result.keywords).toContain('risky');
    expect(result.keywords).not.toContain('stocks');
    const price = await rewrite('What about the price?', [u('Is the MacBook Pro good for coding?'), a('Yes, the MacBook Pro handles compilers and IDEs well.')], {}, { embedder });
    expect(price.result.resolved_query).toMatch(/price of .*MacBook/i);
  });

  it('through the Rewrite stage: a question ending in its verb lends its subject alone', async () => {
    const history = [u('When was the Eiffel Tower built?'), a('The Eiffel Tower was built between 1887 and 1889 as the entrance arch for the World Fair.')];
    expect((await rewrite('how tall is it?', history, {}, { embedder })).result.resolved_query).toBe('how tall is the Eiffel Tower?');
    expect((await rewrite('What about the Louvre?', history, {}, { embedder })).result.resolved_query).toBe('When was the Louvre built?');
  });

  it('through the Rewrite stage: "and X?" asks again about a sibling, and completes an attribute', async () => {
    const pills = [u('What are the side effects of ibuprofen?'), a('Stomach pain, heartburn and nausea are common.')];
    expect((await rewrite('and paracetamol?', pills, {}, { embedder })).result.resolved_query).toBe('What are the side effects of paracetamol?');
    const appliances = [u('What is the warranty on the dishwasher?'), a('Two years from the date of purchase.')];
    expect((await rewrite('and the fridge?', appliances, {}, { embedder })).result.resolved_query).toBe('What is the warranty on the fridge?');
    const price = await rewrite('and the price?', [u('Is the MacBook Pro good for coding?'), a('Yes, the MacBook Pro handles compilers and IDEs well.')], {}, { embedder });
    expect(price.result.resolved_query).toMatch(/price of .*MacBook/i);
  });

  it('adds a prepositional subject to the end of a question that has no such place', async () => {
    const { result } = await rewrite('en bij een deeltijdcontract?', [u('Hoeveel vakantiedagen krijg ik per jaar?'), a('Je krijgt 25 vakantiedagen per jaar bij een voltijds contract.')], {}, { embedder });
    expect(result).toMatchObject({ resolved_query: 'Hoeveel vakantiedagen krijg ik per jaar bij een deeltijdcontract?', language: 'nl' });
    expect(settled('How many vacation days do I get per year?', 'with a part-time contract')).toBe('How many vacation days do I get per year with a part-time contract?');
  });

  it('"and the one from Contoso?" asks again where the previous question said "from", and else names the thing', async () => {
    expect(await resolveParallel('and the one from Contoso?', ['When is the invoice from Northwind due?'], 'en', embedder)).toMatchObject({ resolved: 'When is the invoice from Contoso due?' });
    expect(await resolveParallel('and the one from Contoso?', ['Which companies offer a pension plan?'], 'en', embedder)).toBeUndefined();
    // A question in another language is not asked again in this one.
    expect(await resolveParallel('en bij schade door hagel?', ['Does my car insurance cover windscreen damage?'], 'nl', embedder)).toBeUndefined();
    expect(await resolveParallel('en in Utrecht?', ['Wat kost een warmtepomp in Amsterdam?'], 'nl', embedder)).toMatchObject({ resolved: 'Wat kost een warmtepomp in Utrecht?' });
    // A moment relative to none the question named is not put in the place of a word close in meaning ("the last blood test").
    expect(await resolveParallel('and the year before?', ['What was my cholesterol in the last blood test?'], 'en', embedder)).toBeUndefined();
    const { result } = await rewrite('and the one from Contoso?', [u('Which companies offer a pension plan?'), a('Acme and Globex offer pension plans.')], {}, { embedder });
    expect(result.resolved_query).toMatch(/^What about the pension plans? from Contoso\?$/);
  });

  it('puts a subject in place of the verb\'s object, not of the verb with it ("validate tokens")', async () => {
    expect((await resolveParallel('and the refresh tokens?', ['How does the auth service validate tokens?'], 'en', embedder))?.resolved).toBe('How does the auth service validate the refresh tokens?');
  });

  it('"and revoked ones?" asks about the things of the previous question with the new words', async () => {
    expect(await resolveParallel('and revoked ones?', ['What does the auth service do with expired tokens?'], 'en', embedder)).toMatchObject({ resolved: 'What does the auth service do with revoked tokens?' });
    expect(await resolveParallel('what about the cheaper ones?', ['Which laptops does the shop sell?'], 'en', embedder)).toMatchObject({ resolved: 'Which cheaper laptops does the shop sell?' });
    // No plural thing to stand for: left alone.
    expect(await resolveParallel('and the other ones?', ['Who won the Tour de France?'], 'en', embedder)).toBeUndefined();
    // A superlative after a which-question whose noun a phrase follows ("under 1,000 euros").
    expect((await resolveParallel('and the lightest?', ['Which laptops under 1,000 euros does the review recommend?'], 'en'))?.resolved).toBe('Which of the laptops is the lightest?');
  });

  it('"and for X?" puts X where the previous question had "for …", else at its end', () => {
    expect(parallelSubject('and for children?', 'en')).toBe('for children');
    expect(settled('What is the dosage of amoxicillin for adults?', 'for children')).toBe('What is the dosage of amoxicillin for children?');
    expect(settled('What is the parental leave policy?', 'for adoption')).toBe('What is the parental leave policy for adoption?');
    // No "for" to vary, but a phrase with the same head noun: X takes its place.
    expect(settled('What are the termination clauses in the Acme supplier agreement?', 'for the Globex agreement')).toBe('What are the termination clauses in the Globex agreement?');
    expect(settled('How many vacation days do I get under my employment contract?', 'for a part-time contract')).toBe('How many vacation days do I get under a part-time contract?');
  });

  it('reads a Dutch compound of the same head as that phrase, also for the next bare noun', async () => {
    const rent = 'Hoe lang is de opzegtermijn van mijn huurcontract?';
    expect(await resolveParallel('En voor mijn energiecontract?', [rent], 'nl', embedder)).toMatchObject({ resolved: 'Hoe lang is de opzegtermijn van mijn energiecontract?' });
    expect(await resolveParallel('en mijn internetabonnement?', ['En voor mijn energiecontract?', rent], 'nl', embedder)).toMatchObject({
      resolved: 'Hoe lang is de opzegtermijn van mijn internetabonnement?',
    });
    // A bare noun takes no place that an added phrase ("voor mijn hond") had.
    expect(await resolveParallel('en mijn internetabonnement?', ['En voor mijn hond?', rent], 'nl', embedder)).toBeUndefined();
  });

  it('adds a condition ("and if …?", "en als …?") to the end of the previous question', async () => {
    expect(settled('When is the tax return due?', 'if I file late')).toBe('When is the tax return due if I file late?');
    const { result } = await rewrite('en als ik uitstel aanvraag?', [u('Wanneer moet de belastingaangifte binnen zijn?'), a('Voor 1 mei.')], {}, { embedder });
    expect(result).toMatchObject({ resolved_query: 'Wanneer moet de belastingaangifte binnen zijn als ik uitstel aanvraag?', language: 'nl' });
    // Not an attribute to complete: "What about if I file late of the tax return?" was the old reading.
    expect(resolveReference('and if I file late?', { phrase: 'tax return', article: 'the' }, 'en')).toBeUndefined();
  });

  it('takes no pronoun and its verb for a thing\'s place, and an "as" phrase for a prepositional one', async () => {
    // "het pauzeren" of "kan ik het pauzeren?" is a pronoun and a verb, no thing whose place a thing takes ("kan ik de inschrijfkosten?").
    expect((await resolveParallel('en de inschrijfkosten?', ['kan ik het pauzeren?'], 'nl'))?.resolved ?? '').not.toContain('kan ik de inschrijfkosten');
    // "and back?", "en terug?" take no word's place ("how back does the trip take?", "hoe terug duurt de reis?").
    expect(await resolveParallel('and back?', ['how long does the trip take?'], 'en')).toBeUndefined();
    expect(await resolveParallel('en terug?', ['hoe lang duurt de reis?'], 'nl')).toBeUndefined();
    // "as" is a preposition whose object another takes the place of.
    expect((await resolveParallel('and as the generator?', ['What model does the RAG paper use as its retriever?'], 'en'))?.resolved).toBe('What model does the RAG paper use as the generator?');
  });

  it('puts one doing in place of another said in the same form ("en zwemmen?" after "mag ik nog hardlopen?")', async () => {
    expect((await resolveParallel('en zwemmen?', ['mag ik nog hardlopen?'], 'nl'))?.resolved).toBe('mag ik nog zwemmen?');
    expect((await resolveParallel('and swimming?', ['can I still go running?'], 'en'))?.resolved).toBe('can I still go swimming?');
    // Not a noun of that form: "and the building?" names a thing.
    expect(parallelSlots('when does the meeting start?', 'building', 'en').some((slot) => slot.text === 'start')).toBe(false);
  });

  it('puts another item of a list in place of one with its preposition, a name read whole ("for Machine Learning")', async () => {
    const courses = [['Machine Learning', 'Databases', 'Technical Writing']];
    expect((await resolveParallel('and for Databases?', ['when is the exam for Machine Learning?'], 'en', undefined, 0, courses))?.resolved).toBe('when is the exam for Databases?');
    expect((await resolveParallel('and for Databases?', ['is Machine Learning hard?'], 'en', undefined, 0, courses))?.resolved).toBe('is Databases hard?');
    expect(parallelSlots('when is the exam for Machine Learning?', 'for Databases', 'en')).toMatchObject([{ text: 'for Machine Learning', decided: true }]);
  });

  it('adds where or when said alone ("and abroad?", "en online?") to the end of the previous question', () => {
    expect(settled('does the cheaper one include roadside assistance?', 'abroad')).toBe('does the cheaper one include roadside assistance abroad?');
    expect(settled('Kan ik mijn abonnement opzeggen?', 'online', 'nl')).toBe('Kan ik mijn abonnement opzeggen online?');
    // Not where the question said it already.
    expect(parallelSlots('can I pay online?', 'online', 'en').some((slot) => slot.decided)).toBe(false);
  });

  it('takes a Dutch "en X?" where the wording settles it: a compound of the same head', async () => {
    const history = [u('Welke verzekeringen heb ik afgesloten?'), a('Een reisverzekering en een inboedelverzekering.'), u('Wat kost de reisverzekering per maand?'), a('4,20 euro per maand.')];
    const { result } = await rewrite('en de inboedelverzekering?', history, {}, { embedder });
    expect(result).toMatchObject({ resolved_query: 'Wat kost de inboedelverzekering per maand?', language: 'nl' });
    expect(result.keywords).not.toContain('reisverzekering');
    expect(compoundHeadShared('huurcontract', 'arbeidscontract')).toBe(true);
    // A shared ending is no shared head; nor is a compound its own head.
    expect(compoundHeadShared('vergadering', 'verzekering')).toBe(false);
    expect(compoundHeadShared('reisverzekering', 'verzekering')).toBe(false);
    // A head of five letters counts where it opens as a word does, with a consonant ("dagen", not "ering").
    expect(compoundHeadShared('vakantiedagen', 'feestdagen')).toBe(true);
    expect(compoundHeadShared('betalingen', 'leningen')).toBe(false);
    // A bare noun takes the place of the question's one bare noun.
    expect(await resolveParallel('en boomschors?', ['Wat kost houtmulch per kuub?'], 'nl', embedder)).toMatchObject({ resolved: 'Wat kost boomschors per kuub?' });
    // After a preposition too, but not after "per", which a unit follows.
    expect(await resolveParallel('en papier?', ['Wanneer is de volgende afvalophaaldag voor plastic?'], 'nl', embedder)).toMatchObject({ resolved: 'Wanneer is de volgende afvalophaaldag voor papier?' });
    // After "hoeveel", "how many" the new subject takes no article.
    expect(await resolveParallel('en de feestdagen?', ['Hoeveel vakantiedagen heb ik volgens mijn contract?'], 'nl', embedder)).toMatchObject({ resolved: 'Hoeveel feestdagen heb ik volgens mijn contract?' });
    // So does a question about what a text says, or said, on a subject.
    expect(await resolveParallel('en mijn bloeddruk?', ['Wat schreef de huisarts over mijn cholesterol?'], 'nl', embedder)).toMatchObject({ resolved: 'Wat schreef de huisarts over mijn bloeddruk?' });
    expect(await resolveParallel('and the budget?', ['What was mentioned about the timeline?'], 'en', embedder)).toMatchObject({ resolved: 'What was mentioned about the budget?' });
    // "and for lists?": what it says for them, unless the question had a "for" of its own.
    expect(await resolveParallel('and for lists?', ['What does the style guide say about headings?'], 'en', embedder)).toMatchObject({ resolved: 'What does the style guide say about lists?', replaced: 'headings' });
    expect(await resolveParallel('en voor huurders?', ['Wat zegt de regeling over de subsidie?'], 'nl', embedder)).toMatchObject({ resolved: 'Wat zegt de regeling over huurders?' });
    expect(await resolveParallel('and for tenants?', ['What does the lease say about repairs for owners?'], 'en', embedder)).toMatchObject({ resolved: 'What does the lease say about repairs for tenants?' });
    expect(await resolveParallel('en de badkamer?', ['Wat staat er in de offerte over de keuken?'], 'nl', embedder)).toMatchObject({ resolved: 'Wat staat er in de offerte over de badkamer?' });
    // Without either, a thing said with its article takes the place of the one thing the question named so (see loneSibling);
    // an attribute ("de levertijd") stays a question to complete.
    expect(await resolveParallel('en de badkamer?', ['Hoeveel kost de keuken?'], 'nl', embedder)).toMatchObject({ resolved: 'Hoeveel kost de badkamer?' });
    expect(await resolveParallel('en de levertijd?', ['Hoeveel kost de keuken?'], 'nl', embedder)).toBeUndefined();
  });

  it('adds a Dutch prepositional subject with no place of its own to the question\'s end ("en aan de voorkant?")', async () => {
    expect(await resolveParallel('en aan de voorkant?', ['Wat zijn de regels voor een dakkapel?'], 'nl', embedder)).toMatchObject({ resolved: 'Wat zijn de regels voor een dakkapel aan de voorkant?' });
  });

  it('asks which thing is the cheapest, never "the cheapest battery life" ("and the cheapest?", "en de goedkoopste?")', async () => {
    const ask = async (q: string, previous: string[], lang = 'en') => (await resolveParallel(q, previous, lang, embedder))?.resolved;
    expect(await ask('and the cheapest?', ['Which one has the best battery life?'])).toBe('Which one is the cheapest?');
    expect(await ask('what about the most expensive one?', ['Which laptop has the best screen?'])).toBe('Which laptop is the most expensive?');
    expect(await ask('and the lightest?', ['and the cheapest?', 'Which laptop has the best screen?'])).toBe('Which laptop is the lightest?');
    expect(await ask('en de goedkoopste?', ['Welke laptop heeft de beste batterij?'], 'nl')).toBe('Welke laptop is de goedkoopste?');
    // A quality may still be asked again of another superlative.
    expect(await ask('and the worst?', ['Which one has the best battery life?'])).toBe('Which one has the worst battery life?');
  });

  it('ends the phrase a prepositional subject replaces at the next preposition ("in 2023 according to …", "during …")', () => {
    expect(settled('What was our revenue in 2023 according to the annual report?', 'in 2021')).toBe('What was our revenue in 2021 according to the annual report?');
    expect(settled('How many visitors came in July during the festival?', 'in August')).toBe('How many visitors came in August during the festival?');
    // An added subject goes before where the answer should come from.
    expect(settled('How do I deploy the backend according to the README?', 'for staging')).toBe('How do I deploy the backend for staging according to the README?');
    // A prepositional subject of function words alone still adds to the question ("and before that?").
    expect(settled('What was our electricity usage in 2024?', 'before that')).toBe('What was our electricity usage in 2024 before that?');
  });

  it('puts "of", "about", "via" and Dutch "van", "via" subjects where the same word stood, or at the end ("and of atorvastatin?", "en via de balie?")', async () => {
    expect(await resolveParallel('and of atorvastatin?', ['What are the side effects of metoprolol?'], 'en', embedder)).toMatchObject({ resolved: 'What are the side effects of atorvastatin?' });
    expect(await resolveParallel('and about pets?', ['What does the lease say about smoking?'], 'en', embedder)).toMatchObject({ resolved: 'What does the lease say about pets?' });
    expect(await resolveParallel('en via de balie?', ['Hoe kan ik mijn abonnement opzeggen?'], 'nl', embedder)).toMatchObject({ resolved: 'Hoe kan ik mijn abonnement opzeggen via de balie?' });
    expect(await resolveParallel('en van de tandarts?', ['Wat is het telefoonnummer van de huisarts?'], 'nl', embedder)).toMatchObject({ resolved: 'Wat is het telefoonnummer van de tandarts?' });
  });

  it('keeps Dutch: "en in Utrecht?" asks the Amsterdam question about Utrecht', async () => {
    const { result } = await rewrite('en in Utrecht?', [u('Wat kost een warmtepomp in Amsterdam?'), a('In Amsterdam kost een warmtepomp rond de 8000 euro.')], {}, { embedder });
    expect(result).toMatchObject({ resolved_query: 'Wat kost een warmtepomp in Utrecht?', language: 'nl' });
    expect(result.keywords).not.toContain('amsterdam');
  });
});

describe('a follow-up that names another thing by its order or another person by a pronoun', () => {
  it('asks the question again of the thing of another order ("and in the last one?" → "… in the last round?")', async () => {
    const rounds = ['how many actions do you get in the first round?'];
    expect(await resolveParallel('and in the last one?', rounds, 'en')).toMatchObject({ resolved: 'how many actions do you get in the last round?', replaced: 'first' });
    expect(await resolveParallel('and in the last round?', rounds, 'en')).toMatchObject({ resolved: 'how many actions do you get in the last round?' });
    expect(await resolveParallel('and the next one?', ['When is the first payment due?'], 'en')).toMatchObject({ resolved: 'When is the next payment due?' });
    expect(await resolveParallel('en in de laatste?', ['Hoeveel acties krijg je in de eerste ronde?'], 'nl')).toMatchObject({ resolved: 'Hoeveel acties krijg je in de laatste ronde?' });
    // A list's item by its place is the list's to read (see resolveOrdinal), as is a noun of another thing.
    expect(await resolveParallel('and the second one?', ['What are the side effects of the first option?'], 'en')).toBeUndefined();
    expect((await resolveParallel('and the last chapter?', rounds, 'en'))?.resolved).not.toBe('how many actions do you get in the last round?');
  });

  it('asks "and his?" of the question about "her", in the form the pronoun\'s place asks for', async () => {
    expect(await resolveParallel('and his?', ['what is her research background?'], 'en')).toMatchObject({ resolved: 'what is his research background?' });
    expect(await resolveParallel('and her?', ['what did he say about the budget?'], 'en')).toMatchObject({ resolved: 'what did she say about the budget?' });
    expect(await resolveParallel('and him?', ['did you invite her?'], 'en')).toMatchObject({ resolved: 'did you invite him?' });
    // The same sex, or two pronouns to choose between, is no such question.
    expect(await resolveParallel('and his?', ['what is his research background?'], 'en')).toBeUndefined();
    expect(await resolveParallel('and his?', ['did she send him the report?'], 'en')).toBeUndefined();
  });
});

describe('after a condition asked as a follow-up', () => {
  it('puts no thing in the place of the condition ("and if it\'s OOMKilled?")', async () => {
    // It had become "can I give her the pills the cat?".
    expect(await resolveParallel('what about the cat?', ['and if she is pregnant?', 'can I give her the pills?'], 'en')).toBeUndefined();
    const asked = await resolveParallel('what about the staging cluster?', ['who do I page for that?', "and if it's OOMKilled?", 'how do I roll it back?', 'What does the runbook say about a pod in CrashLoopBackOff?'], 'en');
    expect(asked?.resolved).toBe('What does the runbook say about the staging cluster in CrashLoopBackOff?');
  });
});

describe('a Dutch adverb after a pronoun', () => {
  it('is no thing whose place another takes ("kan het online?" — "en mijn paspoort?")', async () => {
    // It had become "kan mijn paspoort?", "online" lost.
    expect(await resolveParallel('en mijn paspoort?', ['kan het online?'], 'nl')).toBeUndefined();
    expect((await resolveParallel('en de Polo?', ['kan de Golf ook online?'], 'nl'))?.resolved).toBe('kan de Polo ook online?');
  });

  it('said alone takes no thing\'s place ("en daarna?" had become "Wat zei de huisarts over daarna?")', async () => {
    expect(await resolveParallel('en daarna?', ['wordt dat vergoed?', 'Wat zei de huisarts over mijn knie?'], 'nl')).toBeUndefined();
    expect(await resolveParallel('en later?', ['Wat zei de huisarts over mijn knie?'], 'nl')).toBeUndefined();
  });
});

describe('"what about the cat?" after a question about "she"', () => {
  it('asks it of someone named by role or relation, or a pet, in the person pronoun\'s place', async () => {
    // It had become "is Bella due for the cat too?" once "she" was read.
    expect((await resolveParallel('what about the cat?', ['is she due for a deworming too?'], 'en'))?.resolved).toBe('is the cat due for a deworming too?');
    expect((await resolveParallel('what about the landlord?', ['can I ask him to fix it?'], 'en'))?.resolved).toBe('can I ask the landlord to fix it?');
    expect((await resolveParallel('and my son?', ['what is her allergy?'], 'en'))?.resolved).toBe("what is my son's allergy?");
    // A thing is no one: "and the car?" does not take "his" place.
    expect((await resolveParallel('and the car?', ['when does he need the bike?'], 'en'))?.resolved).not.toBe('when does the car need the bike?');
  });
});

describe('"and after me?"', () => {
  it('asks a recent question again with the opposite preposition before the same words', async () => {
    expect((await resolveParallel('and after me?', ["what's her affiliation?", "who's speaking before me?"], 'en'))?.resolved).toBe("who's speaking after me?");
    expect((await resolveParallel('and without milk?', ['how many calories does it have with milk?'], 'en'))?.resolved).toBe('how many calories does it have without milk?');
    expect((await resolveParallel('en na de pauze?', ['wie spreekt er voor de pauze?'], 'nl'))?.resolved).toBe('wie spreekt er na de pauze?');
    // Other words after the preposition: no such question.
    expect((await resolveParallel('and without sugar?', ['can I make it with honey?'], 'en'))?.resolved).not.toBe('can I make it without honey?');
  });

  it('asks it again with the opposite degree, said alone ("and less?")', async () => {
    expect((await resolveParallel('and less?', ['what happens if I drive more?', 'How many kilometres does my lease contract allow?'], 'en'))?.resolved).toBe('what happens if I drive less?');
    expect((await resolveParallel('and fewer?', ['what if more people come?'], 'en'))?.resolved).toBe('what if fewer people come?');
    expect((await resolveParallel('what about lower?', ['is the rent higher in Utrecht?'], 'en'))?.resolved).toBe('is the rent lower in Utrecht?');
    expect((await resolveParallel('en minder?', ['wat gebeurt er als ik meer rijd?'], 'nl'))?.resolved).toBe('wat gebeurt er als ik minder rijd?');
    // No opposite in the recent questions: not this reading.
    expect((await resolveParallel('and less?', ['what are the side effects?'], 'en'))?.resolved).toBeUndefined();
  });
});

describe('"and the other one?"', () => {
  it('asks the latest question again of the other one, in place of what stood for the thing asked about', async () => {
    expect((await resolveParallel('and the other one?', ['how far is it from Centraal?'], 'en'))?.resolved).toBe('how far is the other one from Centraal?');
    expect((await resolveParallel('what about the other one?', ['does the cheaper one allow pets?'], 'en'))?.resolved).toBe('does the other one allow pets?');
    expect((await resolveParallel('en de andere?', ['mag ik het meenemen?'], 'nl'))?.resolved).toBe('mag ik de andere meenemen?');
    // Nothing stood for it: no reading.
    expect(await resolveParallel('and the other one?', ['how far is Javastraat from Centraal?'], 'en')).toBeUndefined();
  });
});

describe('"the next one" in a question of its own', () => {
  it('is the thing the latest question named by another order, with its nouns', () => {
    expect(orderedOne('when is the next one due?', 'When was the last oil change on the Golf?', 'en')).toEqual({ resolved: 'when is the next oil change due?', noun: 'oil change' });
    expect(orderedOne('when is the next?', 'When was the last oil change on the Golf?', 'en')?.resolved).toBe('when is the next oil change?');
    expect(orderedOne('wanneer is de volgende?', 'Wanneer was de laatste APK van de Golf?', 'nl')).toEqual({ resolved: 'wanneer is de volgende APK?', noun: 'APK', article: 'de' });
    // The same order, a list's item, or no ordered thing: none.
    expect(orderedOne('is the last one cheaper?', 'When was the last oil change?', 'en')).toBeUndefined();
    expect(orderedOne('what is the second one?', 'What is the first option?', 'en')).toBeUndefined();
    expect(orderedOne('when is the next one due?', 'When was the oil changed?', 'en')).toBeUndefined();
  });

  it('is asked, not added as a condition, after "and when …" ("and when is the next one due?")', async () => {
    expect(parallelSubject('and when is the next one due?', 'en')).toBeUndefined();
    expect(parallelSubject('en wanneer is de volgende?', 'nl')).toBeUndefined();
    expect(parallelSubject('and when fully loaded?', 'en')).toBe('when fully loaded');
    const { result } = await rewrite('and when is the next one due?', [u('When was the last oil change on the Golf?'), a('The last oil change was on 12 March 2026 at 84,200 km, at Garage Bosman.')]);
    expect(result.resolved_query).toBe('and when is the next oil change due?');
  });

  it('is the thing a question two before named by its order, when the latest named none', async () => {
    const history = [u('When was the last oil change on my Corolla?'), a('On 3 March 2025 at 84,200 km, at Garage Jansen.'), u('who did it?'), a('Garage Jansen in Utrecht.'), u('how much did they charge?'), a('189 euros including the filter.')];
    expect((await rewrite('is it time for the next one?', history)).result.resolved_query).toBe('is it time for the next oil change?');
  });
});

describe('a correction ("no, I meant …")', () => {
  let embedder: UseEmbedder;
  beforeAll(async () => {
    embedder = await UseEmbedder.load();
  });
  afterAll(async () => {
    await embedder.close();
  });

  it('asks the latest question again of what the user meant', async () => {
    const flight = ['When does my flight to Lisbon leave?'];
    expect(parallelSubject('no, I meant the return flight', 'en')).toBe('the return flight');
    expect(parallelSubject("sorry, I'm asking about the train", 'en')).toBe('the train');
    expect(parallelSubject('nee, ik bedoelde de vlucht naar Porto', 'nl')).toBe('de vlucht naar Porto');
    expect(await resolveParallel('I meant Porto', flight, 'en')).toMatchObject({ resolved: 'When does my flight to Porto leave?' });
    expect(await resolveParallel('nee, ik bedoelde Porto', ['Wanneer vertrekt mijn vlucht naar Lissabon?'], 'nl')).toMatchObject({ resolved: 'Wanneer vertrekt mijn vlucht naar Porto?' });
    // With a phrase after its noun, only a thing the question named after a determiner ("my flight").
    expect(await resolveParallel('no, I meant the flight to Porto', flight, 'en', embedder)).toMatchObject({ resolved: 'When does the flight to Porto leave?' });
    expect(await resolveParallel('No, I meant photos in the air.', ['who takes photos of planes in the air'], 'en', embedder)).toBeUndefined();
    // A name takes the place of the question's one name by wording alone, not of one of two.
    expect(await resolveParallel('and Porto?', flight, 'en')).toMatchObject({ resolved: 'When does my flight to Porto leave?' });
    expect((await resolveParallel('and Porto?', ['When does my KLM flight to Lisbon leave?'], 'en'))?.resolved).not.toBe('When does my KLM flight to Porto leave?');
  });

  it('reads a "no" or "sorry" right before the thing meant as a correction, and "the one to …" as that thing', async () => {
    const train = ['When does my train to Berlin leave?'];
    expect(parallelSubject('no, my return train', 'en')).toBe('my return train');
    expect((await resolveParallel('sorry, the one to Hamburg', train, 'en'))?.resolved).toBe('When does my train to Hamburg leave?');
    expect((await resolveParallel('no, the one to Hamburg', train, 'en'))?.resolved).toBe('When does my train to Hamburg leave?');
    expect((await resolveParallel('nee, die naar Hamburg', ['Wanneer vertrekt mijn trein naar Berlijn?'], 'nl'))?.resolved).toBe('Wanneer vertrekt mijn trein naar Hamburg?');
    // A "no" before anything else corrects nothing.
    expect(parallelSubject('no, that is wrong', 'en')).toBeUndefined();
    expect(await resolveParallel('sorry, the train leaves from Utrecht', train, 'en')).toBeUndefined();
  });
});

describe('"same question for …", and a year told from the one asked about', () => {
  it('asks the latest question again of another subject ("same question for gas", "dezelfde vraag voor gas")', async () => {
    const bill = ['How much did I pay for electricity in 2024 according to the annual statement?'];
    expect(await resolveParallel('same question for gas', bill, 'en')).toMatchObject({ resolved: 'How much did I pay for gas in 2024 according to the annual statement?' });
    expect(await resolveParallel('dezelfde vraag voor gas', ['Hoeveel heb ik in 2024 betaald voor stroom?'], 'nl')).toMatchObject({ resolved: 'Hoeveel heb ik in 2024 betaald voor gas?' });
  });

  it('reads "the year before (that)" of a year as the year before it', async () => {
    const bill = ['How much did I pay for gas in 2024 according to the annual statement?'];
    expect(await resolveParallel('and the year before that?', bill, 'en')).toMatchObject({ resolved: 'How much did I pay for gas in 2023 according to the annual statement?' });
    expect(await resolveParallel('and the year after?', bill, 'en')).toMatchObject({ resolved: 'How much did I pay for gas in 2025 according to the annual statement?' });
    expect(await resolveParallel('en het jaar daarvoor?', ['Hoeveel heb ik in 2024 betaald voor gas?'], 'nl')).toMatchObject({ resolved: 'Hoeveel heb ik in 2023 betaald voor gas?' });
    // Not a year: told from the one named.
    expect(await resolveParallel('and the year before?', ['How much did I pay for energy last year?'], 'en')).toMatchObject({ resolved: 'How much did I pay for energy the year before last year?' });
  });
});

describe('a superlative after a which-question about things', () => {
  it('asks which of those things it is ("and the oldest?", "en de oudste?")', async () => {
    expect((await resolveParallel('and the oldest?', ['Which invoices are still unpaid?'], 'en'))?.resolved).toBe('Which of the invoices is the oldest?');
    expect((await resolveParallel('what about the most expensive one?', ['Which invoices are still unpaid?'], 'en'))?.resolved).toBe('Which of the invoices is the most expensive?');
    expect((await resolveParallel('en de oudste?', ['Welke facturen zijn nog niet betaald?'], 'nl'))?.resolved).toBe('Welke van de facturen is de oudste?');
    // Not an order ("de laatste", read with its list) nor a noun in -est ("the interest").
    expect(await resolveParallel('en de laatste?', ['Welke facturen zijn nog niet betaald?'], 'nl')).toBeUndefined();
    expect((await resolveParallel('and the interest?', ['Which loans are still open?'], 'en'))?.resolved ?? '').not.toMatch(/^Which of/);
    // Not after a question about one thing.
    expect((await resolveParallel('and the oldest?', ['When is the Eneco invoice due?'], 'en'))?.resolved ?? '').not.toMatch(/^Which of/);
  });
});

describe('the same thing from another maker', () => {
  it('takes the place of the phrase that named it with its maker ("and the quote from IKEA?")', async () => {
    expect(await resolveParallel('and the quote from IKEA?', ['When does the Keukenstudio quote expire?'], 'en')).toMatchObject({ resolved: 'When does the quote from IKEA expire?', replaced: 'the Keukenstudio quote' });
    expect((await resolveParallel('and the offer from Rabobank?', ['What is the interest rate of the ABN AMRO mortgage offer?'], 'en'))?.resolved).toBe('What is the interest rate of the offer from Rabobank?');
    expect((await resolveParallel('en de offerte van Bruynzeel?', ['Wanneer verloopt de Keukenstudio offerte?'], 'nl'))?.resolved).toBe('Wanneer verloopt de offerte van Bruynzeel?');
    // Not a thing no maker named.
    expect((await resolveParallel('and the quote from IKEA?', ['When does the kitchen quote expire?'], 'en'))?.resolved).not.toBe('When does the quote from IKEA expire?');
  });
});

describe('another item of a list, named by its noun', () => {
  it('takes the place of the item the question named ("and the stew?" after "is chana masala spicy?")', async () => {
    const lists = [['chana masala', 'a chickpea and spinach stew', 'hummus']];
    expect(await resolveParallel('and the stew?', ['is chana masala spicy?'], 'en', undefined, 0, lists)).toMatchObject({ resolved: 'is the stew spicy?', replaced: 'chana masala' });
    // Not a noun two items end in, nor a question that named no item.
    expect((await resolveParallel('and the stew?', ['is chana masala spicy?'], 'en', undefined, 0, [['chana masala', 'a lentil stew', 'a bean stew']]))?.resolved).not.toBe('is the stew spicy?');
    expect((await resolveParallel('and the stew?', ['is it spicy?'], 'en', undefined, 0, lists))?.resolved).not.toBe('is the stew spicy?');
  });
});

describe('whether a question may be one asked again', () => {
  it('is so for a lead, a comparison, a correction or a subject said alone, not for a question of its own', () => {
    for (const q of ['and for children?', 'what about with paracetamol?', 'compared to Q2?', 'no, I meant the flight to Porto', 'in 2019?', 'en in Utrecht?']) expect(asksAgain(q, /^en\b/.test(q) ? 'nl' : 'en')).toBe(true);
    for (const q of ['can I take it with alcohol?', 'how long does installation take?', 'wie is dat?']) expect(asksAgain(q, q.startsWith('wie') ? 'nl' : 'en')).toBe(false);
  });
});


describe('a choice between the two things the latest questions asked about', () => {
  const SOLAR = [
    u('How many panels does the solar quote from Zonnefix include?'),
    a('The Zonnefix quote includes 12 panels of 430 Wp each, a SolarEdge inverter, for 6,840 euros including VAT.'),
    u('and the one from SunPower?'),
    a('The SunPower quote has 10 panels of 410 Wp with Enphase micro-inverters, for 7,250 euros including VAT.'),
  ];

  it('is asked by "which one …", "which is …", "which of the two …" and the Dutch "welke …", not by a which-question that names its noun', () => {
    for (const q of ['which one has the longer warranty?', 'which is cheaper?', 'and which of the two installs faster?', 'which of them is in stock?']) expect(choosesAmong(q, 'en')).toBe(true);
    for (const q of ['welke is goedkoper?', 'welke van de twee heeft sneller internet?']) expect(choosesAmong(q, 'nl')).toBe(true);
    for (const q of ['which quote is cheaper?', 'which month is best?', 'what is the warranty?', 'welk abonnement is goedkoper?', 'which is the capital of the Netherlands?', 'welke is de hoofdstad van Frankrijk?']) expect(choosesAmong(q, /^welk/.test(q) ? 'nl' : 'en')).toBe(false);
  });

  it('names both things, without the preposition they share', async () => {
    const asked = await resolveParallel('and the one from SunPower?', ['How many panels does the solar quote from Zonnefix include?'], 'en');
    expect(choiceBetween('which one has the longer warranty?', asked, 'en')).toEqual(['Zonnefix', 'SunPower']);
    expect(choiceBetween('what is the warranty?', asked, 'en')).toBeUndefined();
    const nl = await resolveParallel('en bij Ziggo?', ['Hoeveel kost een abonnement bij KPN?'], 'nl');
    expect(choiceBetween('welke is goedkoper?', nl, 'nl')).toEqual(['KPN', 'Ziggo']);
    const fysio = await resolveParallel('en die van CZ?', ['Wat kost de basisverzekering van Zilveren Kruis per maand?'], 'nl');
    expect(fysio?.resolved).toBe('Wat kost de basisverzekering van CZ per maand?');
    expect(choiceBetween('welke vergoedt meer fysiotherapie?', fysio, 'nl')).toEqual(['Zilveren Kruis', 'CZ']);
    const weeks = await resolveParallel('and in week 14?', ['What is the longest run in week 12 of my marathon training plan?'], 'en');
    expect(choiceBetween('which is longer?', weeks, 'en')).toEqual(['week 12', 'week 14']);
  });

  it('is no one thing in brackets where there is nothing to choose between ("which is faster?")', async () => {
    const trains = [u('How long does the train from Amsterdam to Berlin take?'), a('The direct Intercity takes about 6 hours 20 minutes.'), u('is there a night train?'), a('The European Sleeper runs three nights a week between Amsterdam and Berlin.')];
    expect((await rewrite('which is faster?', trains)).result.resolved_query).toBe('which is faster?');
  });

  it('takes the two a question named as a pair ("the difference between Market Cap and NAV")', async () => {
    expect(namedPair("What's the difference between Market Cap and NAV?", 'en')).toEqual(['Market Cap', 'NAV']);
    expect(namedPair('Can you compare the XPS 13 with the ThinkPad X1?', 'en')).toEqual(['the XPS 13', 'the ThinkPad X1']);
    expect(namedPair('Wat is het verschil tussen huren en kopen?', 'nl')).toEqual(['huren', 'kopen']);
    expect(namedPair('What is the notice period in my lease?', 'en')).toBeUndefined();
    // Two things said to differ, or set against each other.
    expect(namedPair('Do common stocks and preferred stocks differ?', 'en')).toEqual(['common stocks', 'preferred stocks']);
    expect(namedPair('bonds versus stocks', 'en')).toEqual(['bonds', 'stocks']);
    expect(namedPair('Hoe verschillen huren en kopen?', 'nl')).toEqual(['huren', 'kopen']);
    const { result } = await rewrite('Which is more important?', [u("What's the difference between Market Cap and NAV?"), a('The market cap is the share price times the number of shares; NAV is the value of the assets per share.')]);
    expect(result.resolved_query).toBe('Which is more important (Market Cap or NAV)?');
  });

  it('puts them beside the question, and searches both', async () => {
    const { result } = await rewrite('which one has the longer warranty?', SOLAR);
    expect(result.resolved_query).toBe('which one has the longer warranty (Zonnefix or SunPower)?');
    expect(result.keywords).toEqual(expect.arrayContaining(['zonnefix', 'sunpower']));
    expect(result.intent).toBe('compare');
    expect(result.used_turns).toEqual(expect.arrayContaining([0, 1]));
    const nl = await rewrite('welke is goedkoper?', [u('Hoeveel kost een abonnement bij KPN?'), a('45 euro per maand.'), u('en bij Ziggo?'), a('42,50 euro per maand.')]);
    expect(nl.result.resolved_query).toBe('welke is goedkoper (KPN of Ziggo)?');
    // Not where the latest question was no question asked again.
    const plain = await rewrite('which one has the longer warranty?', [SOLAR[0]!, SOLAR[1]!, u('what inverter does it use?'), a('A SolarEdge inverter.')]);
    expect(plain.result.resolved_query).not.toMatch(/ or /);
  });
});

describe('"both" for the two things the latest questions asked about', () => {
  const resolved = async (q: string, history: ReturnType<typeof u>[]): Promise<string> => (await rewrite(q, history)).result.resolved_query;
  const SUBSCRIPTIONS = [
    u('When does my Netflix subscription renew?'),
    a('Your Netflix Standard plan renews on the 14th of each month at 13.99 euros.'),
    u('what about Spotify?'),
    a('Your Spotify Premium Duo renews on the 2nd at 14.99 euros.'),
  ];

  it('names them, past a choice question or a question of both asked between them', async () => {
    expect(await resolved('how much do I spend on both per year?', SUBSCRIPTIONS)).toBe('how much do I spend on both Netflix and Spotify per year?');
    const chosen = [...SUBSCRIPTIONS, u('which one is more expensive?'), a('Spotify Premium Duo, at 14.99 euros against 13.99 euros.')];
    expect(await resolved('how much do I spend on both per year?', chosen)).toBe('how much do I spend on both Netflix and Spotify per year?');
    const SOLAR = [u('How much is the solar quote from Zonnefix?'), a('7,450 euros for 12 panels.'), u('and the one from SunPower?'), a('8,100 euros for 12 panels.')];
    expect(await resolved('do both include installation?', SOLAR)).toBe('do both Zonnefix and SunPower include installation?');
    const asked = [...SOLAR, u('do both include installation?'), a('Zonnefix does; SunPower charges 600 euros extra.')];
    expect(await resolved('do they both have a warranty?', asked)).toBe('do both Zonnefix and SunPower have a warranty?');
    // Named as a pair, or offered as a choice in one question.
    expect(await resolved('how are both calculated?', [u("What's the difference between Market Cap and NAV?"), a('Market cap is the share price times the shares; NAV is assets minus liabilities.')])).toBe('how are both Market Cap and NAV calculated?');
    expect(await resolved('do both have USB-C charging?', [u('Which laptop is lighter, the MacBook Air M3 or the Dell XPS 13?'), a('The Dell XPS 13, at 1.19 kg.')])).toBe('do both the MacBook Air M3 and the Dell XPS 13 have USB-C charging?');
    // Dutch, after a preposition.
    const internet = [u('Wat kost een abonnement bij KPN?'), a('45 euro per maand.'), u('en bij Ziggo?'), a('40 euro per maand.')];
    expect(await resolved('hoeveel betaal ik voor beide per jaar?', internet)).toBe('hoeveel betaal ik voor KPN en Ziggo per jaar?');
  });

  it('leaves a "both" that names its things, or follows a question of one thing, as asked', async () => {
    expect(await resolved('do both Netflix and Spotify have a student plan?', SUBSCRIPTIONS)).toBe('do both Netflix and Spotify have a student plan?');
    expect(await resolved('should I take both with food?', [u('Can I take ibuprofen with paracetamol?'), a('Yes, spaced a few hours apart.')])).toBe('should I take both with food?');
    expect(await resolved('can we both use it?', SUBSCRIPTIONS)).not.toMatch(/Netflix and Spotify/);
  });
});
