import { describe, expect, it } from 'vitest';
import { expandShorthand, removeFillers, topicShift, withoutTalk } from '../../../src/pipeline/rewrite/lexical/clarity.js';
import { lexicalRewrite } from '../../../src/pipeline/rewrite/lexical/lexicalEngine.js';
import { classifyIntent } from '../../../src/pipeline/rewrite/lexical/intent.js';
import { detectLanguage } from '../../../src/pipeline/rewrite/lexical/language.js';
import { DEPENDENCE_FEATURES, dependenceFeatures } from '../../../src/pipeline/rewrite/lexical/dependence.js';

describe('detectLanguage', () => {
  it('recognises short Dutch and English follow-ups by their function words', () => {
    expect(detectLanguage('en de prijs?')).toBe('nl');
    expect(detectLanguage('hoe dik moet ik dat leggen?')).toBe('nl');
    expect(detectLanguage("aren't there more?")).toBe('en');
    expect(detectLanguage('How does it handle expired sessions?')).toBe('en');
    expect(detectLanguage('Wie viel kostet das?')).toBe('de');
    expect(detectLanguage('Что такое мульча?')).toBe('ru');
  });

  it('falls back to the conversation when the query alone does not tell', () => {
    expect(detectLanguage('houtmulch?', ['Wat is houtmulch?'])).toBe('nl');
    expect(detectLanguage('MacBook?', [])).toBe('en');
  });
});

describe('classifyIntent', () => {
  it('follows the seed examples', () => {
    expect(classifyIntent('any invoices?')).toBe('list');
    expect(classifyIntent("aren't there more?")).toBe('count');
    expect(classifyIntent('how many PDFs?')).toBe('count');
    expect(classifyIntent('what is the budget?')).toBe('factual');
    // "count" as a verb of weighing asks no number.
    expect(classifyIntent('does that count against my vacation days?')).toBe('factual');
    expect(classifyIntent('does overtime count toward my pension?')).toBe('factual');
    expect(classifyIntent('can I count on a refund?')).toBe('factual');
    expect(classifyIntent('count the invoices from March')).toBe('count');
    expect(classifyIntent('Which one is more important, Market Cap or NAV?')).toBe('compare');
    // A comparative or superlative asked of several things.
    expect(classifyIntent('which heat pump is cheaper?')).toBe('compare');
    expect(classifyIntent('which heat pump is more efficient?')).toBe('compare');
    expect(classifyIntent('Which of the three quotes is the lowest?')).toBe('compare');
    expect(classifyIntent('welke is het goedkoopst?')).toBe('compare');
    // Not a word that only ends like one.
    expect(classifyIntent('which invoices are overdue?')).toBe('list');
    expect(classifyIntent('which user is the owner?')).toBe('list');
    // A choice between things named, or "more"/"less" of something.
    expect(classifyIntent('Which laptop has the longest battery life, the XPS 13 or the ThinkPad X1?')).toBe('compare');
    expect(classifyIntent('which has more ports?')).toBe('compare');
    expect(classifyIntent('welke heeft minder uitstoot?')).toBe('compare');
    // The things chosen between in brackets, as the rewrite puts them.
    expect(classifyIntent('which one has the longer warranty (Zonnefix or SunPower)?')).toBe('compare');
    expect(classifyIntent('which is cheaper (Zonnefix or SunPower)?')).toBe('compare');
    expect(classifyIntent('welke is goedkoper (KPN of Ziggo)?')).toBe('compare');
    expect(classifyIntent('Welke van de facturen is de oudste?')).toBe('compare');
    expect(classifyIntent('which car rental company is open at night (Schiphol)?')).not.toBe('compare');
    expect(classifyIntent('which files have tables?')).toBe('list');
    // A superlative of what a thing has: a comparison ("which laptop has the best battery?"), not a noun in -est.
    expect(classifyIntent('which laptop has the best battery?')).toBe('compare');
    expect(classifyIntent('welke heeft de langste garantie?')).toBe('compare');
    expect(classifyIntent('which accounts have the interest paid out monthly?')).toBe('list');
  });

  it('works in Dutch', () => {
    expect(classifyIntent('hoeveel facturen heb ik?')).toBe('count');
    // "hoeveel" before a verb of paying asks how much, as "how much" does.
    expect(classifyIntent('hoeveel moet ik bijbetalen?')).toBe('factual');
    expect(classifyIntent('hoeveel kost het?')).toBe('factual');
    expect(classifyIntent('hoeveel lager?')).toBe('factual');
    expect(classifyIntent('Hoeveel mag mijn huur omhoog?')).toBe('factual');
    expect(classifyIntent('hoeveel kinderen zitten in de klas?')).toBe('count');
    expect(classifyIntent('wat is het verschil tussen houtmulch en schors?')).toBe('compare');
    expect(classifyIntent('geef me een samenvatting van het rapport')).toBe('summarize');
    expect(classifyIntent('vat het samen')).toBe('summarize');
    expect(classifyIntent('vat dit rapport kort samen')).toBe('summarize');
    // Also around a thing named with its "van …" (a pronoun resolved: "vat hem samen" → "vat de offerte van de dakkapel samen").
    expect(classifyIntent('vat de offerte van de dakkapel samen')).toBe('summarize');
    expect(classifyIntent('welke facturen zijn van 2024?')).toBe('list');
    expect(classifyIntent('en de prijs?')).toBe('factual');
  });
});

describe('expandShorthand', () => {
  it('writes out chat shorthand of the question\'s language, as whole lower-case words', () => {
    expect(expandShorthand('what abt pets', 'en')).toBe('what about pets');
    expect(expandShorthand('can u sublet w/o asking?', 'en')).toBe('can you sublet without asking?');
    expect(expandShorthand('how r the fees', 'en')).toBe('how are the fees');
    expect(expandShorthand('mag ik mn fiets ff in de gang zetten?', 'nl')).toBe('mag ik mijn fiets even in de gang zetten?');
    // Dutch "u" is a word; so are names ("U-turn", "R"), and an "r" of anything else ("the R package").
    expect(expandShorthand('kunt u dat uitleggen?', 'nl')).toBe('kunt u dat uitleggen?');
    expect(expandShorthand('is there a U-turn rule for the R package', 'en')).toBe('is there a U-turn rule for the R package');
    expect(expandShorthand('what is r squared', 'en')).toBe('what is r squared');
  });
});

describe('removeFillers', () => {
  it('drops filler words and leaves real words alone', () => {
    expect(removeFillers('uhh, how do I like, fetch the config?')).toBe('how do I fetch the config?');
    expect(removeFillers('euh hoe dik moet ik dat leggen?')).toBe('hoe dik moet ik dat leggen?');
    expect(removeFillers('I like apples')).toBe('I like apples');
    expect(removeFillers('Hummus recipe')).toBe('Hummus recipe');
    expect(removeFillers('uhm')).toBe('uhm');
    expect(removeFillers('erm, what is the deadline?')).toBe('what is the deadline?');
    // Dutch "er" is a word, not a filler.
    expect(removeFillers('wat valt er niet onder?')).toBe('wat valt er niet onder?');
    // "zeg" is a filler before a comma, and a verb elsewhere ("hoe zeg ik het op?").
    expect(removeFillers('zeg, wat kost dat?')).toBe('wat kost dat?');
    expect(removeFillers('hoe zeg ik het op?')).toBe('hoe zeg ik het op?');
  });

  it('drops a thanks or an acknowledgement before the question, not a word that opens it', () => {
    expect(removeFillers('ok thanks. how many pages can the proposal be?')).toBe('how many pages can the proposal be?');
    expect(removeFillers('perfect, and the price?')).toBe('and the price?');
    expect(removeFillers('bedankt! en de prijs?')).toBe('en de prijs?');
    expect(removeFillers('great apes live where?')).toBe('great apes live where?');
    expect(removeFillers('Well water: is it safe?')).toBe('Well water: is it safe?');
    expect(removeFillers('thanks')).toBe('thanks');
  });

  it('drops a reaction to the answer said before the question, and keeps one that is the question', () => {
    expect(removeFillers("That's a relief. How do I file a claim?")).toBe('How do I file a claim?');
    expect(removeFillers('Thanks! That is really helpful. And the deadline?')).toBe('And the deadline?');
    expect(removeFillers('Aha, that might be it ... tell me more about the IRA')).toBe('tell me more about the IRA');
    expect(removeFillers('You are right, but what about the deposit?')).toBe('but what about the deposit?');
    expect(removeFillers('dat is fijn. en de huurverhoging?')).toBe('en de huurverhoging?');
    for (const q of ["That's a complicated bookkeeping!", 'That is too bad.', 'That is the old model. Which one is newer?', 'it is good to know the rules?']) expect(removeFillers(q)).toBe(q);
  });

  it('keeps "you know" that a question asks', () => {
    expect(removeFillers('do you know when the rent goes up?')).toBe('do you know when the rent goes up?');
    expect(removeFillers('how do you know it expired?')).toBe('how do you know it expired?');
    expect(removeFillers('it is, you know, broken again')).toBe('it is, broken again');
  });
});

describe('withoutTalk', () => {
  it('takes what the user says to the assistant out of the words searched, and leaves what they ask', () => {
    expect(withoutTalk('Can you tell me more about the notice period?', 'en')).toBe('About the notice period?');
    expect(withoutTalk('What can you tell me about his training?', 'en')).toBe('What about his training?');
    expect(withoutTalk('What can you say about the lease?', 'en')).toBe('What about the lease?');
    expect(withoutTalk("I'm in the US, give me a rate here", 'en')).toBe("I'm in the US, a rate here");
    expect(withoutTalk('What do you mean by FICO score?', 'en')).toBe('What is FICO score?');
    expect(withoutTalk('Do you have any information about the ancient aqueducts?', 'en')).toBe('The ancient aqueducts?');
    expect(withoutTalk('can you provide more details of the lease?', 'en')).toBe('The lease?');
    expect(withoutTalk('what? you said it is free to open one!', 'en')).toBe('What? it is free to open one!');
    expect(withoutTalk('I was wondering which bank I should pick', 'en')).toBe('Which bank I should pick');
    expect(withoutTalk('do you think the deposit comes back?', 'en')).toBe('The deposit comes back?');
    expect(withoutTalk('I meant for a deceased relative', 'en')).toBe('For a deceased relative');
    expect(withoutTalk('but the invoice is paid already, right?', 'en')).toBe('But the invoice is paid already?');
    expect(withoutTalk('kun je me vertellen wat de opzegtermijn is?', 'nl')).toBe('Wat de opzegtermijn is?');
    expect(withoutTalk('wat bedoel je met eigen risico?', 'nl')).toBe('Wat is eigen risico?');
  });

  it('keeps words that ask something, and a question that would be left empty', () => {
    for (const q of ['What did the contract say about pets?', 'what does one-way mean', 'is there a right of way?', 'should I switch to another bank I have right now?', "That's a complicated bookkeeping!", 'tell me more', 'Why don\'t I know my score?', 'do you have the invoice?', 'Does the policy have details on flooding?'])
      expect(withoutTalk(q, 'en')).toBe(q);
    expect(withoutTalk('hoe zeg ik het op?', 'nl')).toBe('hoe zeg ik het op?');
    expect(withoutTalk('can you tell me more', 'fr')).toBe('can you tell me more');
  });
});

describe('a change of subject', () => {
  it('is read from the opening, in English and Dutch, misspelt or not', () => {
    expect(topicShift('Chaging the subject a little bit, are there many people without sewage treatment?')).toEqual({ shifted: true, text: 'Are there many people without sewage treatment?' });
    expect(topicShift('On another note: what is FICA?')).toEqual({ shifted: true, text: 'What is FICA?' });
    expect(topicShift('Iets anders: wat kost een warmtepomp?')).toEqual({ shifted: true, text: 'Wat kost een warmtepomp?' });
    expect(topicShift('unrelated, but how do I file taxes?').shifted).toBe(true);
    for (const q of ['What is the subject of the book?', 'another note please', 'Changing the subject', 'different questions are fine?']) expect(topicShift(q).shifted).toBe(false);
  });

  it('takes nothing from the conversation', () => {
    const turns = [{ index: 0, user: 'What does the MacBook Air cost?', assistant: 'The MacBook Air costs 1,200 euros.', similarity: 0.6, byRecency: true }];
    const leaning = lexicalRewrite({ query: 'and its warranty?', earlierUserTurns: [], turns });
    expect(leaning.keywords).toContain('macbook');
    const shifted = lexicalRewrite({ query: 'On another note, what is its warranty?', earlierUserTurns: [], turns });
    expect(shifted.keywords).not.toContain('macbook');
    expect(shifted.keywords).not.toContain('air');
    expect(shifted.used_turns).toEqual([]);
    expect(shifted.resolved_query).toBe('What is its warranty?');
    expect(shifted.kinds).toContain('clarity');
    expect(shifted.kinds).not.toContain('conversational');
  });

  it('adds no single letter or digit split off a conversation word', () => {
    const turns = [{ index: 0, user: 'F-1 student investing in foreign markets', assistant: 'An F-1 student may trade stocks.', similarity: 0.6, byRecency: true }];
    const r = lexicalRewrite({ query: 'and the taxes on that?', earlierUserTurns: [], turns });
    expect(r.keywords.length).toBeGreaterThan(0);
    for (const k of r.keywords) expect(k.length).toBeGreaterThan(1);
  });

});

describe('dependenceFeatures', () => {
  const turns = [{ index: 0, user: 'Who is eligible for unemployment benefits in New York?', assistant: 'Workers who lost their job.', similarity: 0.4, byRecency: true }];
  const properNoun = (q: string): number => dependenceFeatures(q, turns)[DEPENDENCE_FEATURES.indexOf('proper_noun')]!;

  it('reads a capital inside the question as a name, but not the pronoun "I"', () => {
    expect(properNoun('how do I apply?')).toBe(0);
    expect(properNoun("what if I'm self-employed?")).toBe(0);
    expect(properNoun('what about New Jersey?')).toBe(1);
    expect(properNoun('Can Ida apply?')).toBe(1);
  });
});

describe('lexicalRewrite: the search text and the question', () => {
  it('puts no verb in place of a pronoun, and still searches the words', () => {
    const turns = [{ index: 0, user: 'How do I reset my router?', assistant: 'Hold the reset button for ten seconds.', similarity: 0.5, byRecency: true }];
    const r = lexicalRewrite({ query: 'that did not work', earlierUserTurns: ['How do I reset my router?'], turns });
    expect(r.resolved_query).toBe('that did not work');
    expect(r.keywords).toContain('reset');
  });

  it('adds the conversation\'s words to the search in the order they were said', () => {
    const turns = [{ index: 0, user: 'Which laptops does the shop sell?', assistant: 'The shop sells the Dell XPS 13 and the Lenovo ThinkPad X1.', similarity: 0.6, byRecency: true }];
    const r = lexicalRewrite({ query: "aren't there more?", earlierUserTurns: ['Which laptops does the shop sell?'], turns });
    const added = r.search_query.slice(r.resolved_query.length).trim().split(' ');
    expect(added.length).toBeGreaterThan(1);
    const said = turns[0]!.user + ' ' + turns[0]!.assistant;
    const at = added.map((w) => said.indexOf(w));
    expect(at.every((i) => i >= 0)).toBe(true);
    expect(at).toEqual([...at].sort((a, b) => a - b));
  });

  it('gives "a cheaper one" the thing the previous question asked for, and says so', () => {
    const turns = [{ index: 0, user: 'Which laptops does the shop sell?', assistant: 'The shop sells the Dell XPS 13 and the Lenovo ThinkPad X1.', similarity: 0.6, byRecency: true }];
    const r = lexicalRewrite({ query: 'is there a cheaper one?', earlierUserTurns: ['Which laptops does the shop sell?'], turns });
    expect(r.resolved_query).toBe('is there a cheaper laptop?');
    expect(r.trace.reference).toEqual({ phrase: 'laptop', by: 'question form' });
    expect(r.used_turns).toEqual([0]);
  });
});

describe('lexicalRewrite: what a pointing word stands for', () => {
  const read = (query: string, user: string, assistant: string): string =>
    lexicalRewrite({ query, earlierUserTurns: [user], turns: [{ index: 0, user, assistant, similarity: 0.5, byRecency: true }] }).resolved_query;

  it('reads "they" that something is done to as a plural thing before a singular one, never before a person', () => {
    const tokens = ['How does the auth service issue tokens?', 'The auth service issues a signed JWT access token and a refresh token stored in a cookie.'] as const;
    expect(read('can they be revoked?', ...tokens)).toBe('can the tokens be revoked?');
    // A name keeps its place.
    expect(read('where were they married?', 'Who was Hedy Lamarr?', 'Hedy Lamarr was an actress and inventor.')).toContain('Hedy Lamarr');
  });

  it('reads "they" who act as people of the conversation before a thing, unless a group or a name comes first', () => {
    const report = ['What did the tenants complain about in the heating report?', 'The heating report says the boiler failed twice in January.'] as const;
    expect(read('did they get compensation?', ...report)).toBe('did the tenants get compensation?');
    expect(read('what did they ask for?', ...report)).toBe('what did the tenants ask for?');
    // What "they" is ("how long do they take?") is a plural thing before a singular one.
    expect(read('how long do they take?', 'How do I run the tests in the backend repo?', 'The README says to run make test, which starts a Postgres container.')).toBe('how long do the tests take?');
    // Done to them, it stays a thing's reading where a thing comes first.
    expect(read('were they repaired?', 'What did the tenants say about the radiators?', 'The radiators in flats 3 and 5 leak.')).toBe('were the radiators repaired?');
  });

  it('reads "it" as the user\'s own thing before the place the question says it goes to', () => {
    const flight = read('can I change it?', 'When does my flight to Lisbon leave?', 'Your TAP flight TP671 to Lisbon leaves Amsterdam on 12 March at 06:45 from terminal 2.');
    expect(flight).toBe('can I change my flight?');
    // So is the thing an attribute asked alone is of ("and the seat?", not the seat of Berlin).
    expect(read('and the seat?', 'When does my train to Berlin leave?', 'Your ICE to Berlin leaves Amsterdam Centraal at 10:55 on 14 March.')).toBe('What about the seat of my train?');
    // A place the question asks about itself is still "it".
    expect(read('is it expensive?', 'How many people live in Tokyo?', 'About 14 million people live in Tokyo.')).toBe('is Tokyo expensive?');
    // A contact is a person, whom "it" never stands for.
    expect(read('when does it expire?', 'Who is our contact at Acme for the renewal?', 'Your contact is Priya Raman; the renewal is due in October.')).toBe('when does the renewal expire?');
  });

  it('reads "it" after "the deadline for …" as what the conversation is about, not the deadline', () => {
    const due = read('who grades it?', 'When is the deadline for the statistics assignment?', 'The statistics assignment is due on Friday 6 December.');
    expect(due).toBe('who grades the statistics assignment?');
  });

  it('reads a person and the thing a verb acts on in one question', () => {
    const minutes = 'The membership fee rises to 45 euros. Treasurer Anna de Vries voted against the fee increase.';
    expect(read('why did she vote against it?', 'What did we decide in the March board meeting?', minutes)).toBe('why did Treasurer Anna de Vries vote against the fee increase?');
  });

  it('reads a list whose items hold an "and", and what a "which of my …" question asked for', () => {
    const recipes = ['Which of my recipes use lentils?', 'Three recipes use lentils: red lentil dahl (dahl.md), lentil and chorizo soup (soups.docx) and a lentil salad with feta (salads.md).'] as const;
    expect(read('how long does the first one cook?', ...recipes)).toBe('how long does red lentil dahl cook?');
    expect(read("aren't there more?", ...recipes)).toBe("aren't there more recipes?");
  });
});

describe('lexicalRewrite: a question asked again, with its person', () => {
  it('names the person a "he" of the question asked again stands for', () => {
    const turns = [
      { index: 0, user: 'Did Mark reply to my email about the Q3 budget?', assistant: 'Yes. Mark approves the Q3 budget but wants the travel costs cut by 10%.', similarity: 0.5, byRecency: false },
      { index: 1, user: 'what did he say about hiring?', assistant: 'Mark wants to delay hiring until Q4.', similarity: 0.5, byRecency: true },
    ];
    const r = lexicalRewrite({
      query: 'and the marketing spend?',
      earlierUserTurns: ['what did he say about hiring?', 'Did Mark reply to my email about the Q3 budget?'],
      turns,
      parallel: { resolved: 'what did he say about the marketing spend?', replaced: 'hiring', at: { start: 22, end: 42 } },
    });
    expect(r.resolved_query).toBe('what did Mark say about the marketing spend?');
  });
});

describe('a correction', () => {
  it('opening a question of its own is dropped ("no, I meant which …?"), not one before a phrase', () => {
    expect(removeFillers('no, I meant which TV series was the best in history?')).toBe('which TV series was the best in history?');
    expect(removeFillers('I mean are they organized?')).toBe('are they organized?');
    expect(removeFillers('nee, ik bedoelde hoeveel het kost?')).toBe('hoeveel het kost?');
    expect(removeFillers('No, I meant photos in the air.')).toBe('No, I meant photos in the air.');
  });

  it('is English or Dutch by its own words ("no, I meant from Porto" is no Spanish)', () => {
    expect(detectLanguage('no, I meant from Porto')).toBe('en');
    expect(detectLanguage('nee, ik bedoel bij de ING')).toBe('nl');
  });
});

