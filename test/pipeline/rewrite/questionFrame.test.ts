import { describe, expect, it } from 'vitest';
import { askedFor, doSubject, frameAntecedent, replaceOne } from '../../../src/pipeline/rewrite/lexical/questionFrame.js';

describe('what a question asked for', () => {
  it('is the noun after which/what/how many, in English by part of speech', () => {
    expect(askedFor('Which laptops does the shop sell?', 'en')).toEqual({ phrase: 'laptops', choice: true, plural: true, singular: 'laptop' });
    // A phrase after the noun that says which ones.
    expect(askedFor('Which laptops under 1,000 euros does the review recommend?', 'en')).toEqual({ phrase: 'laptops', choice: true, plural: true, singular: 'laptop' });
    expect(frameAntecedent('how much RAM do they have?', 'Which laptops under 1,000 euros does the review recommend?', 'en')).toEqual({ phrase: 'laptops', article: 'the' });
    expect(askedFor('What side effects does ibuprofen have?', 'en')).toEqual({ phrase: 'side effects', choice: true, plural: true, singular: 'side effect' });
    expect(askedFor('What kinds of bonds does the government issue?', 'en')?.phrase).toBe('bonds');
    expect(askedFor('How many people live in Paris?', 'en')).toEqual({ phrase: 'people', choice: false, plural: true });
    // The singular by the tagger's base form: "movies" is "movie", not "movy".
    expect(askedFor('What other movies did she star in?', 'en')?.singular).toBe('other movie');
    expect(askedFor('Which company makes the iPhone?', 'en')).toMatchObject({ phrase: 'company', plural: false });
    // "which of my …": a choice among the user's things.
    expect(askedFor('Which of my recipes use lentils?', 'en')).toEqual({ phrase: 'recipes', choice: true, plural: true, singular: 'recipe' });
  });

  it('is nothing for a question about a moment or one that asks "what is"', () => {
    expect(askedFor('What year did they divorce?', 'en')).toBeUndefined();
    expect(askedFor('What is the warranty on the dishwasher?', 'en')).toBeUndefined();
    expect(askedFor('How do I reset my router?', 'en')).toBeUndefined();
    expect(askedFor('What type of operations?', 'en')).toBeUndefined();
  });

  it('in Dutch is the word after welke/hoeveel, with an adjective in -e before a plural', () => {
    expect(askedFor('Welke laptops verkoopt de winkel?', 'nl')).toEqual({ phrase: 'laptops', choice: true, plural: true });
    expect(askedFor('Hoeveel vakantiedagen krijg ik per jaar?', 'nl')).toEqual({ phrase: 'vakantiedagen', choice: false, plural: true });
    expect(askedFor('Welke goedkope laptops verkoopt de winkel?', 'nl')?.phrase).toBe('goedkope laptops');
    expect(askedFor('Welke ziekte heeft hij?', 'nl')).toEqual({ phrase: 'ziekte', choice: true, plural: false });
    expect(askedFor('Wat is houtmulch?', 'nl')).toBeUndefined();
  });
});

describe('the subject of a question with "do" or a modal', () => {
  it('ends at the verb, also where the tagger read the verb as a noun', () => {
    expect(doSubject('How does the auth service issue tokens?')).toBe('the auth service');
    expect(doSubject('how does the auth service issue new tokens?')).toBe('the auth service');
    expect(doSubject('How does the server store passwords?')).toBe('the server');
    expect(doSubject('Can the landlord raise the rent?')).toBe('the landlord');
    expect(doSubject('Why did the Roman Empire fall?')).toBe('the Roman Empire');
    expect(doSubject('How does Docker work?')).toBe('Docker');
  });

  it('is nothing for a pronoun subject or a question without "do"', () => {
    expect(doSubject('How do I reset my router?')).toBeUndefined();
    expect(doSubject('How does it work?')).toBeUndefined();
    expect(doSubject('What is the warranty on the dishwasher?')).toBeUndefined();
  });
});

describe('what a follow-up points at by the previous question\'s form', () => {
  it('"more?" and a plural pronoun take the things asked for; "it" after "does" the subject', () => {
    expect(frameAntecedent("aren't there more?", 'Which laptops does the shop sell?', 'en')).toEqual({ phrase: 'laptops' });
    // "the current one" after a question whose verb the user acts with: one of what it acted on.
    expect(frameAntecedent("what's the current one?", 'How do I change the wifi password on our Fritzbox?', 'en')).toEqual({ phrase: 'wifi password', one: true });
    expect(frameAntecedent("what's the current one?", 'Where is the Fritzbox?', 'en')).toBeUndefined();
    expect(frameAntecedent('can I return them?', 'Which laptops does the shop sell?', 'en')).toEqual({ phrase: 'laptops', article: 'the' });
    expect(frameAntecedent('how much do they cost?', 'Which laptops does the shop sell?', 'en')).toEqual({ phrase: 'laptops', article: 'the' });
    expect(frameAntecedent('any others?', 'What other songs were featured on films?', 'en')).toEqual({ phrase: 'other songs' });
    expect(frameAntecedent('kan ik ze meenemen naar volgend jaar?', 'Hoeveel vakantiedagen krijg ik per jaar?', 'nl')).toEqual({ phrase: 'vakantiedagen', article: 'de' });
    expect(frameAntecedent('en de prijs?', 'Welke laptops verkoopt de winkel?', 'nl')).toEqual({ phrase: 'laptops', article: 'de' });
    // A singular thing: "the" in English; no article in Dutch, where it may be a "het" word.
    expect(frameAntecedent('but the price?', 'Which company makes the iPhone?', 'en')).toEqual({ phrase: 'company', article: 'the' });
    expect(frameAntecedent('en de prijs?', 'Welke auto heeft de minste uitstoot?', 'nl')).toEqual({ phrase: 'auto' });
    expect(frameAntecedent('how does it handle expired sessions?', 'How does the auth service issue tokens?', 'en')).toEqual({ phrase: 'auth service', article: 'the' });
  });

  it('not the things asked for by a "they" who acts, where the question named people', () => {
    expect(frameAntecedent('what did they find?', 'What methods did the authors use in the sleep study?', 'en')).toBeUndefined();
    expect(frameAntecedent('what do they recommend?', 'Which laptops did the reviewers test?', 'en')).toBeUndefined();
    // A verb of how a thing is ("cost") is no acting.
    expect(frameAntecedent('how much do they cost?', 'Which laptops do the reviewers recommend?', 'en')).toEqual({ phrase: 'laptops', article: 'the' });
    // "they" of a passive, or with no people named, is still the things.
    expect(frameAntecedent('were they approved?', 'Which methods did the authors use?', 'en')).toEqual({ phrase: 'methods', article: 'the' });
    expect(frameAntecedent('how much do they cost?', 'Which laptops does the shop sell?', 'en')).toEqual({ phrase: 'laptops', article: 'the' });
  });

  it('a count or choice without its noun counts or chooses among what the question before did', () => {
    const completed = (query: string, previous: string, language = 'en') => frameAntecedent(query, previous, language)?.completed;
    expect(completed('and how many did I have last year?', 'How many vacation days do I have left?')).toBe('and how many vacation days did I have last year?');
    expect(completed('how many are there?', 'Which laptops does the shop sell?')).toBe('how many laptops are there?');
    // A choice keeps the choices the question ended with.
    const ram = 'Which laptop has more RAM, the ThinkPad or the XPS?';
    expect(completed('which is lighter?', ram)).toBe('which laptop is lighter, the ThinkPad or the XPS?');
    expect(completed('and which one is cheaper?', ram)).toBe('and which laptop is cheaper, the ThinkPad or the XPS?');
    expect(completed('en hoeveel had ik vorig jaar?', 'Hoeveel vakantiedagen heb ik nog over?', 'nl')).toBe('en hoeveel vakantiedagen had ik vorig jaar?');
    expect(completed('welke is lichter?', 'Welke laptop heeft meer geheugen, de ThinkPad of de XPS?', 'nl')).toBe('welke laptop is lichter, de ThinkPad of de XPS?');
    // Not a count after one thing chosen, not a question with its own noun, not after a moment asked for.
    expect(completed('how many did it sell?', ram)).toBeUndefined();
    expect(completed('how many laptops are there?', ram)).toBeUndefined();
    expect(completed('which was warmer?', 'What year was the hottest?')).toBeUndefined();
  });

  it('"one" after a word that says which is one of the things asked for, in the singular', () => {
    const laptops = 'Which laptops does the shop sell?';
    expect(frameAntecedent('is there a cheaper one?', laptops, 'en')).toEqual({ phrase: 'laptop', one: true });
    expect(replaceOne('is there a cheaper one?', 'laptop')).toBe('is there a cheaper laptop?');
    expect(replaceOne('which one is the lightest?', 'laptop')).toBe('which laptop is the lightest?');
    // "other" of the question asked is not carried over; the follow-up's own stays, once.
    expect(frameAntecedent('is there a newer one?', 'What other movies did she star in?', 'en')).toEqual({ phrase: 'movie', one: true });
    expect(replaceOne('what about the other one?', 'movie')).toBe('what about the other movie?');
    // Not a thing the words do not name, a part of a set, nobody, a place of its own, or an item of a list.
    for (const q of ['How did that one do?', 'which one of them is better?', 'no one else?', 'and the one from Contoso?', 'the first one?', 'is it one of the best?']) {
      expect(replaceOne(q, 'laptop')).toBeUndefined();
    }
    // Nor after a question about one thing.
    expect(frameAntecedent('is there a cheaper one?', 'Which company makes the iPhone?', 'en')?.one).toBeUndefined();
    // "the other one" is none of what a count counted ("How many users can connect?"), which it chose no one of.
    expect(frameAntecedent('What about the other one?', 'How many users can connect?', 'en')?.one).toBeUndefined();
    expect(frameAntecedent('is there a cheaper one?', 'How many laptops does the shop sell?', 'en')).toEqual({ phrase: 'laptop', one: true });
  });

  it('is nothing where number or wording does not say so', () => {
    // A singular "it" is no set of laptops; "is it" is no subject after "do".
    expect(frameAntecedent('how much does it cost?', 'Which laptops does the shop sell?', 'en')).toBeUndefined();
    expect(frameAntecedent('is it safe?', 'How does the auth service issue tokens?', 'en')).toBeUndefined();
    // A fragment says too little; a subject "they" after "how many" is mostly people; so is "them" after a question about a person.
    expect(frameAntecedent('Were they successful?', 'What type of operations?', 'en')).toBeUndefined();
    expect(frameAntecedent('what did they do next?', 'how many people attended?', 'en')).toBeUndefined();
    expect(frameAntecedent('which team beat them?', 'What other matches did he play in?', 'en')).toBeUndefined();
    // "how many" asks for a number: "and the area?" is not about the people.
    expect(frameAntecedent('and the area?', 'How many people live in Paris?', 'en')).toBeUndefined();
    expect(frameAntecedent('what about the price?', 'What is the warranty on the dishwasher?', 'en')).toBeUndefined();
  });

  it('"it" after a question with "is": its subject, unless "… of …" leaves open which is meant', () => {
    expect(frameAntecedent('has it been paid?', 'When is the invoice from Northwind due?', 'en')).toEqual({ phrase: 'invoice', article: 'the' });
    expect(frameAntecedent('does it change after five years?', 'What is the notice period in my employment contract?', 'en')).toEqual({ phrase: 'notice period', article: 'the' });
    expect(frameAntecedent('how big is it?', 'What is the capital of France?', 'en')).toBeUndefined();
    // Nor does "… for …": "it" may be the deadline or the assignment it is for.
    expect(frameAntecedent('who grades it?', 'When is the deadline for the statistics assignment?', 'en')).toBeUndefined();
    expect(frameAntecedent('has it been paid?', 'Who sent the invoice?', 'en')).toBeUndefined();
  });
});
