import { describe, expect, it } from 'vitest';
import { antecedents, attachTopic, foldFrontedTopic, pointingPronoun, resolveReference, resolveThere } from '../../../src/pipeline/rewrite/lexical/resolve.js';
import { editDistance, expansions } from '../../../src/pipeline/rewrite/lexical/expand.js';
import type { SelectedTurn } from '../../../src/pipeline/rewrite/targetedHistory.js';

const turn = (index: number, user: string, assistant = ''): SelectedTurn => ({ index, user, assistant, similarity: 0.5, byRecency: false });

describe('antecedent phrases', () => {
  it('split at a Dutch "de" that opens the next phrase, keep a name\'s "De", and are no word of degree alone', () => {
    const phrases = (text: string, chosen: [string, number][]): string[] => antecedents([turn(0, text)], new Map(chosen), 'nl').map((a) => a.phrase);
    // It had been one phrase, "verhuurder de huur": "is dat niet te veel?" became "is mijn verhuurder de huur niet te veel?".
    expect(phrases('Hoeveel mag mijn verhuurder de huur dit jaar verhogen?', [['verhuurder', 0.4], ['huur', 0.5]]).sort()).toEqual(['huur', 'verhuurder']);
    expect(phrases('Wat kost de kinderopvang bij Kindercentrum De Boomhut?', [['kindercentrum', 0.4], ['boomhut', 0.5]])).toEqual(['Kindercentrum De Boomhut']);
    expect(phrases('Wat zegt de Raad van de Europese Unie?', [['raad', 0.4], ['europese', 0.4], ['unie', 0.4]])).toEqual(['Raad van de Europese Unie']);
    // "hoe lang duurt dat?" — "en wat kost het?" had read "lang".
    expect(phrases('hoe lang duurt dat bezwaar?', [['lang', 0.4], ['bezwaar', 0.3]])).toEqual(['bezwaar']);
  });

  it('are a path whole, where their words are its parts ("/orders/bulk", not "bulk")', () => {
    const phrases = (text: string, chosen: [string, number][]): string[] => antecedents([turn(0, 'x', text)], new Map(chosen), 'en').map((a) => a.phrase);
    expect(phrases('/orders/bulk is replaced by /orders/batch.', [['bulk', 0.4]])).toEqual(['/orders/bulk']);
    expect(phrases('/orders/bulk is replaced by /orders/batch.', [['orders', 0.4], ['batch', 0.3]]).sort()).toEqual(['/orders/batch', '/orders/bulk']);
    expect(phrases('Orders in bulk are replaced by batches.', [['bulk', 0.4]])).toEqual(['bulk']);
  });

  it('take the noun after an acronym written alone as its head, in any message', () => {
    expect(antecedents([turn(0, 'and if it stays high?', 'Then he will start you on an ACE inhibitor.')], new Map([['ace', 0.4]]), 'en')[0]).toMatchObject({ phrase: 'ACE inhibitor', article: 'the' });
    // Not after a longer name ("the Acme Corp office").
    expect(antecedents([turn(0, 'x', 'It is the Acme Corp office.')], new Map([['acme', 0.4], ['corp', 0.4]]), 'en')[0]!.phrase).toBe('Acme Corp');
  });

  it('keep the user\'s "my" before a name they own, where a name otherwise takes no article', () => {
    const corolla = new Map([['corolla', 0.6]]);
    expect(antecedents([turn(0, 'How often should I change the oil in my Corolla?')], corolla, 'en')[0]).toMatchObject({ phrase: 'Corolla', article: 'my' });
    expect(antecedents([turn(0, 'Which car should I service?', 'Your Corolla is due.')], corolla, 'en')[0]).toMatchObject({ phrase: 'Corolla', article: 'my' });
    // The article written stays; a name without one takes none.
    expect(antecedents([turn(0, 'Is the Corolla reliable?')], corolla, 'en')[0]!.article).toBe('the');
    expect(antecedents([turn(0, 'Is a Corolla reliable?')], corolla, 'en')[0]!.article).toBe('the');
    expect(antecedents([turn(0, "Is Toyota's Corolla reliable?")], corolla, 'en')[0]!.article).toBeUndefined();
    // A demonstrative makes it "the" too: "can the evaluation be extended?", not "can evaluation …".
    expect(antecedents([turn(0, 'what happens at that evaluation?')], new Map([['evaluation', 0.5]]), 'en')[0]).toMatchObject({ phrase: 'evaluation', article: 'the' });
    // So does someone else's: "can my brother sell his share?" — "do we pay tax on the share?", not "on share".
    expect(antecedents([turn(0, 'can my brother sell his share?')], new Map([['share', 0.5]]), 'en')[0]).toMatchObject({ phrase: 'share', article: 'the' });
    expect(antecedents([turn(0, 'what did she say about her budget?')], new Map([['budget', 0.5]]), 'en')[0]).toMatchObject({ phrase: 'budget', article: 'the' });
    // So does "the other quote" ("why is it more expensive?" → "… the quote …", not "why is quote …").
    expect(antecedents([turn(0, 'what about the other quote?')], new Map([['quote', 0.5]]), 'en')[0]).toMatchObject({ phrase: 'quote', article: 'the' });
  });
  it('keep the number that names which one after a noun ("version 2.4"), not an amount with its unit', () => {
    const chosen = new Map([['version', 0.4], ['notes', 0.2], ['metoprolol', 0.5]]);
    expect(antecedents([turn(0, 'What are the changes in version 2.4 of the release notes?')], chosen, 'en')[0]!.phrase).toBe('version 2.4');
    expect(antecedents([turn(0, 'Should I take metoprolol 50 mg in the morning?')], chosen, 'en')[0]!.phrase).toBe('metoprolol');
  });
  it('keep the capital letter that names which one after a noun ("vitamin D"), never the pronoun "I"', () => {
    const chosen = new Map([['vitamin', 0.5], ['supplements', 0.4]]);
    expect(antecedents([turn(0, 'what about my vitamin D?')], chosen, 'en')[0]!.phrase).toBe('vitamin D');
    expect(antecedents([turn(0, 'which supplements I take matters')], chosen, 'en')[0]!.phrase).toBe('supplements');
  });
  it('take no "one" for a thing, and the noun after a one-word name the user wrote ("Lyme disease")', () => {
    expect(antecedents([turn(0, 'and which one is lighter?')], new Map([['one', 0.5], ['lighter', 0.2]]), 'en')).toEqual([]);
    const lyme = antecedents([turn(0, 'What are the symptoms of Lyme disease in the health leaflet?')], new Map([['lyme', 0.6], ['leaflet', 0.4]]), 'en');
    expect(lyme.map((a) => a.phrase)).toContain('Lyme disease');
    // Not in a reply, where a name is followed by any noun ("Tippi Hedren role").
    const reply = antecedents([turn(0, 'What was the film?', 'It starred Hedren role in a thriller.')], new Map([['hedren', 0.6]]), 'en');
    expect(reply.map((a) => a.phrase)).toEqual(['Hedren']);
  });
  it('read a possessive as its word, as the candidates do', () => {
    const found = antecedents([turn(0, "Is Huntington's disease inherited?")], new Map([['huntington', 0.5], ['disease', 0.4]]), 'en');
    expect(found[0]!.phrase).toBe('Huntington disease');
  });
  it('end at the verb or adjective that ends a question, which is no phrase of its own', () => {
    const chosen = new Map([['eiffel', 0.6], ['tower', 0.6], ['built', 0.5]]);
    const found = antecedents([turn(0, 'When was the Eiffel Tower built?', 'It was built between 1887 and 1889.')], chosen, 'en');
    expect(found[0]).toMatchObject({ phrase: 'Eiffel Tower', article: 'the', role: 'user' });
    expect(found.filter((a) => a.role === 'user').map((a) => a.phrase)).toEqual(['Eiffel Tower']);
    // Read as a run of words, it was "Eiffel Tower built" (and "how tall is the Eiffel Tower built?").
    expect(antecedents([turn(0, 'When was the Eiffel Tower built?')], chosen, 'fr')[0]!.phrase).toBe('Eiffel Tower built');
  });
  it('keep the Dutch determiner they stood after where no "de"/"het" was written', () => {
    const found = antecedents([turn(0, 'Wanneer moet ik mijn belastingaangifte indienen?'), turn(1, 'Wat zijn de regels voor een dakkapel?')], new Map([['belastingaangifte', 0.5], ['dakkapel', 0.5]]), 'nl');
    expect(found.map((a) => [a.phrase, a.article])).toEqual([
      ['dakkapel', 'een'],
      ['belastingaangifte', 'mijn'],
    ]);
    expect(resolveReference('wat kost dat?', found[1]!, 'nl')).toBe('wat kost mijn belastingaangifte?');
  });
  it('end in a noun: an adjective left at the end ("more important", "medical" alone) is no thing a pronoun stands for', () => {
    const chosen = new Map([['important', 0.6], ['filing', 0.4], ['medical', 0.5], ['debt', 0.1]]);
    const found = antecedents([turn(0, 'Is there one that is more important than the others?', 'The annual filing matters most.'), turn(1, 'Any programs for medical bills?')], chosen, 'en');
    expect(found.map((a) => a.phrase)).toEqual(['filing']);
  });
  it('are no counting noun alone ("the number" of "the number of retries"), nor part of a code identifier ("PAYMENT_MAX_RETRIES")', () => {
    const chosen = new Map([['number', 0.5], ['retries', 0.6], ['payment', 0.4], ['max', 0.4], ['logic', 0.4]]);
    const found = antecedents([turn(0, 'Where is the retry logic?', 'In withRetry.'), turn(1, 'can I change the number of retries?', 'Yes, set PAYMENT_MAX_RETRIES in the environment.')], chosen, 'en');
    expect(found.map((a) => a.phrase)).not.toContain('number');
    expect(found.map((a) => a.phrase)).not.toContain('RETRIES');
    expect(found.map((a) => a.phrase)).not.toContain('PAYMENT');
    expect(found.map((a) => a.phrase)).toContain('logic');
  });
  it('leave out a verb that opens a message as a request ("Summarise …"), but not a gerund ("Renting vs. buying")', () => {
    const chosen = new Map([['summarise', 0.6], ['board', 0.3], ['minutes', 0.3], ['renting', 0.5]]);
    expect(antecedents([turn(0, 'Summarise the board minutes. Explain them.')], chosen, 'en').map((a) => a.phrase)).toEqual(['board minutes']);
    expect(antecedents([turn(0, 'Renting vs. buying')], chosen, 'en').map((a) => a.phrase)).toEqual(['renting']);
  });
  it('lower-case a word capitalised only because it opens the message; a name keeps its capital', () => {
    const value = antecedents([turn(0, 'Value?', 'The value of a house depends on the market.')], new Map([['value', 0.6]]), 'en');
    expect(value[0]).toMatchObject({ phrase: 'value', role: 'user' });
    const buying = antecedents([turn(0, 'Buying a house')], new Map([['buying', 0.6]]), 'en');
    expect(buying[0]!.phrase).toBe('buying');
    const germany = antecedents([turn(0, 'Germany?', 'Germany has a strong economy.')], new Map([['germany', 0.6]]), 'en');
    expect(germany[0]!.phrase).toBe('Germany');
  });
  it('end before a moment the sentence names ("last month"), but not before "the last season of …"', () => {
    const plan = antecedents([turn(0, 'I subscribed to the premium plan last month.')], new Map([['premium', 0.5], ['plan', 0.5], ['last', 0.3], ['month', 0.3]]), 'en');
    expect(plan.map((a) => a.phrase)).toEqual(['premium plan']);
    const season = antecedents([turn(0, 'who won the last season of drag race')], new Map([['last', 0.3], ['season', 0.4], ['drag', 0.5], ['race', 0.5]]), 'en');
    expect(season[0]!.phrase).toBe('last season of drag race');
    // A moment alone is no antecedent: "what did they decide?" is not about March.
    expect(antecedents([turn(0, 'Who attended the meeting on 3 March?')], new Map([['march', 0.7], ['meeting', 0.4]]), 'en').map((a) => a.phrase)).toEqual(['meeting']);
    expect(antecedents([turn(0, 'What happened in 1991?')], new Map([['1991', 0.7]]), 'en')).toEqual([]);
    // Nor days said in the plural ("on Sundays", "op zondags").
    expect(antecedents([turn(0, 'is the pharmacy open on Sundays?')], new Map([['sundays', 0.7], ['pharmacy', 0.4]]), 'en').map((a) => a.phrase)).toEqual(['pharmacy']);
    // Dutch: "vorige maand".
    expect(antecedents([turn(0, 'Ik heb vorige maand een warmtepomp gekocht.')], new Map([['vorige', 0.3], ['maand', 0.3], ['warmtepomp', 0.6]]), 'nl').map((a) => a.phrase)).toEqual(['warmtepomp']);
  });
  it('keep the verb after "I" apart from the thing it acts on, and take no role ("as a freelancer") or unit ("per kuub")', () => {
    const bread = antecedents([turn(0, 'How do I make sourdough bread?')], new Map([['make', 0.3], ['sourdough', 0.6], ['bread', 0.6]]), 'en');
    expect(bread[0]!.phrase).toBe('sourdough bread');
    expect(bread.find((a) => a.phrase === 'make')?.verb).toBe(true);
    // A capitalised word after "I" belongs to a name.
    expect(antecedents([turn(0, 'Is the band As I Lay Dying Christian?')], new Map([['lay', 0.5], ['dying', 0.5]]), 'en')[0]!.phrase).toBe('Lay Dying');
    const account = antecedents([turn(0, 'Should I start a second bank account as a freelancer?')], new Map([['account', 0.4], ['freelancer', 0.7]]), 'en');
    expect(account.map((a) => a.phrase)).toEqual(['account']);
    expect(antecedents([turn(0, 'Moet ik als zzp-er een zakelijke rekening openen?')], new Map([['zzp-er', 0.7], ['rekening', 0.4]]), 'nl').map((a) => a.phrase)).toEqual(['rekening']);
    // Nor a unit after "per" ("per kuub", "per month").
    expect(antecedents([turn(0, 'Wat kost houtmulch per kuub?')], new Map([['kuub', 0.5], ['houtmulch', 0.4]]), 'nl').map((a) => a.phrase)).toEqual(['houtmulch']);
  });
  it('take "the" from an article before modifiers that were not chosen, except for a name', () => {
    const found = antecedents([turn(0, 'Should I open a second bank account?')], new Map([['account', 0.6]]), 'en');
    expect(found[0]).toMatchObject({ phrase: 'account', article: 'the' });
    expect(resolveReference('How much does it cost?', found[0]!, 'en')).toBe('How much does the account cost?');
    const band = antecedents([turn(0, 'Is the band Earth Crisis still around?')], new Map([['earth', 0.6], ['crisis', 0.6]]), 'en');
    expect(band[0]!.phrase).toBe('Earth Crisis');
    expect(band[0]!.article).toBeUndefined();
    expect(antecedents([turn(0, 'Is a Motörhead album on vinyl?')], new Map([['motörhead', 0.6], ['album', 0.6]]), 'en')[0]).toMatchObject({ phrase: 'Motörhead album', article: 'the' });
  });
});

describe('the pointing pronoun', () => {
  it('is what people act on, where they are the subject', () => {
    expect(pointingPronoun('can they carry them over', 'en')?.[0]).toBe('them');
    expect(pointingPronoun('wanneer kunnen ze hem plaatsen', 'nl')?.[0]).toBe('hem');
    expect(pointingPronoun('wanneer komen ze', 'nl')?.[0]).toBe('ze');
    // "ze" that acts on "die" is a person: neither names the thing here.
    expect(pointingPronoun('mag ze die samen innemen', 'nl')).toBeNull();
    expect(pointingPronoun('wie heeft ze voorgeschreven', 'nl')?.[0]).toBe('ze');
  });
});

describe('reference resolution (templates, en/nl)', () => {
  it('completes a Dutch elliptic follow-up as the seed does', () => {
    expect(resolveReference('en de prijs?', { phrase: 'houtmulch' }, 'nl')).toBe('Wat is de prijs van houtmulch?');
    // A question of its own after "en" is no attribute to ask about ("Wat is hoeveel ziektedagen van …?").
    expect(resolveReference('en hoeveel ziektedagen?', { phrase: 'arbeidscontract' }, 'nl')).toBeUndefined();
    // Nor is a prepositional phrase ("Wat is bij schade door hagel van …?", "What about for theft of …?").
    expect(resolveReference('en bij schade door hagel?', { phrase: 'autoverzekering' }, 'nl')).toBeUndefined();
    expect(resolveReference('and for theft?', { phrase: 'car insurance', article: 'the' }, 'en')).toBeUndefined();
    // Nor a moment, which no thing has ("What about the month before of groceries?").
    expect(resolveReference('and the month before?', { phrase: 'groceries' }, 'en')).toBeUndefined();
    expect(resolveReference('en vorig jaar?', { phrase: 'energierekening', article: 'de' }, 'nl')).toBeUndefined();
    expect(resolveReference('and the meeting before?', { phrase: 'last team meeting', article: 'the' }, 'en')).toBeUndefined();
    // "what else?" asks what else about the thing; "who else?" names no thing to put there.
    expect(resolveReference('what else?', { phrase: 'heat pump', article: 'the' }, 'en')).toBe('what else about the heat pump?');
    expect(resolveReference('who else?', { phrase: 'Spanish rule' }, 'en')).toBeUndefined();
    // A person is no attribute of a thing; a Dutch "het" of "hoe gaat het" stands for nothing.
    expect(resolveReference('en mijn collega?', { phrase: 'verlofuren' }, 'nl')).toBeUndefined();
    expect(resolveReference('and my partner?', { phrase: 'vacation days' }, 'en')).toBeUndefined();
    expect(resolveReference('hoe gaat het met rekenen?', { phrase: 'Daan' }, 'nl')).toBeUndefined();
  });
  it('puts the antecedent, with its article, in place of a pronoun', () => {
    expect(resolveReference('How does it handle expired sessions?', { phrase: 'authentication system', article: 'the' }, 'en')).toBe(
      'How does the authentication system handle expired sessions?',
    );
    expect(resolveReference('hoe dik moet ik dat leggen?', { phrase: 'houtmulch' }, 'nl')).toBe('hoe dik moet ik houtmulch leggen?');
    // A Dutch pronoun joined to its preposition keeps the preposition: "daarvan" is "van" the thing.
    expect(resolveReference('wie betaalt het onderhoud daarvan?', { phrase: 'dakkapel', article: 'de' }, 'nl')).toBe('wie betaalt het onderhoud van de dakkapel?');
    expect(resolveReference('wat zei de aannemer daarover?', { phrase: 'dakkapel', article: 'de' }, 'nl')).toBe('wat zei de aannemer over de dakkapel?');
    expect(resolveReference('hoe ver kan ik daarmee rijden?', { phrase: 'leenauto', article: 'de' }, 'nl')).toBe('hoe ver kan ik met de leenauto rijden?');
    expect(resolveReference('What is its warranty?', { phrase: 'heat pump', article: 'the' }, 'en')).toBe("What is the heat pump's warranty?");
    // "it" is what a measure is of: "can I take amoxicillin with ibuprofen?", not "the dose of amoxicillin".
    expect(resolveReference('can I take it with ibuprofen?', { phrase: 'dose of amoxicillin', article: 'the' }, 'en')).toBe('can I take amoxicillin with ibuprofen?');
    // A Dutch modal before "dat" at the end asks whether the action is possible: no thing to put there.
    expect(resolveReference('tot wanneer kan dat?', { phrase: 'WOZ-waarde', article: 'de' }, 'nl')).toBeUndefined();
    // So does one with no verb after it; before an infinitive it is its object.
    expect(resolveReference('kan dat ook online?', { phrase: 'opzegtermijn', article: 'de' }, 'nl')).toBeUndefined();
    expect(resolveReference('kan dat worden verlengd?', { phrase: 'vergunning', article: 'de' }, 'nl')).toBe('kan de vergunning worden verlengd?');
    expect(resolveReference('wanneer moet ik dat betalen?', { phrase: 'aanslag', article: 'de' }, 'nl')).toBe('wanneer moet ik de aanslag betalen?');
    expect(resolveReference('And their total?', { phrase: 'invoices', article: 'the' }, 'en')).toBe("And the invoices' total?");
  });
  it('leaves a relative "that" alone: it stands for the word before it', () => {
    const filing = { phrase: 'filing requirement', article: 'the' };
    for (const q of ['what is the only country that is not a member of the african union?', 'list of countries that do not require a visa'])
      expect(resolveReference(q, filing, 'en'), q).toBeUndefined();
    // "one" is the pronoun there: the clause is about one of the things named.
    expect(resolveReference('Is there one that is more important than the others?', filing, 'en')).toBe('Is there one filing requirement that is more important than the others?');
    expect(resolveReference('What is that?', filing, 'en')).toBe('What is the filing requirement?');
    expect(resolveReference('I think that is wrong', filing, 'en')).toBe('I think the filing requirement is wrong?');
  });
  it('completes no name as an attribute of the old subject ("what about the Louvre?")', () => {
    expect(resolveReference('What about the Louvre?', { phrase: 'Eiffel Tower', article: 'the' }, 'en')).toBeUndefined();
    expect(resolveReference('What about the warranty?', { phrase: 'heat pump', article: 'the' }, 'en')).toBe('What about the warranty of the heat pump?');
  });
  it('completes no "one" that stands for another of its kind as an attribute ("and the other one?")', () => {
    expect(resolveReference('and the other one?', { phrase: 'Amsterdam Centraal' }, 'en')).toBeUndefined();
    expect(resolveReference('what about the blue one?', { phrase: 'sofa', article: 'the' }, 'en')).toBeUndefined();
    expect(resolveReference('and the price?', { phrase: 'sofa', article: 'the' }, 'en')).toBe('What about the price of the sofa?');
  });
  it('completes a follow-up with the thing only for what a thing has ("the price"), not for a thing of its own', () => {
    expect(resolveReference('how about the guest network?', { phrase: 'devices' }, 'en')).toBeUndefined();
    expect(resolveReference('and the brake pads?', { phrase: 'last oil change', article: 'the' }, 'en')).toBeUndefined();
    expect(resolveReference('and the warranty?', { phrase: 'dishwasher', article: 'the' }, 'en')).toBe('What about the warranty of the dishwasher?');
    // Its head stands before its own preposition.
    expect(resolveReference('en de prijs per kWh?', { phrase: 'Vattenfall' }, 'nl')).toBe('Wat is de prijs per kWh van Vattenfall?');
  });
  it('leaves an "it" that stands for a to-clause', () => {
    expect(resolveReference('Why is it so important to have a good credit score?', { phrase: 'FICO' }, 'en')).toBeUndefined();
    expect(resolveReference('you said it is free to open an account!', { phrase: 'second account', article: 'the' }, 'en')).toBeUndefined();
    expect(resolveReference('Is it safe to eat?', { phrase: 'mushroom', article: 'the' }, 'en')).toBe('Is the mushroom safe to eat?');
    expect(resolveReference('How long does it take?', { phrase: 'delivery', article: 'the' }, 'en')).toBe('How long does the delivery take?');
    // "why is that?", "hoe komt dat?": what the answer said, asked why or what it means.
    const power = { phrase: 'electricity' };
    for (const q of ['why is that?', 'how is that possible?', 'and why is that so?']) expect(resolveReference(q, power, 'en'), q).toBeUndefined();
    for (const q of ['hoe komt dat?', 'waarom is dat zo?', 'wat betekent dat?']) expect(resolveReference(q, { phrase: 'stroom' }, 'nl'), q).toBeUndefined();
    expect(resolveReference('why is it so expensive?', power, 'en')).toBe('why is electricity so expensive?');
    // "does that also apply to …?", "geldt dat ook voor …?": what the answer said, asked of another case.
    const lease = { phrase: 'lease', article: 'my' };
    expect(resolveReference('does that also apply to the landlord?', lease, 'en')).toBeUndefined();
    expect(resolveReference('is that also true for furnished rooms?', lease, 'en')).toBeUndefined();
    expect(resolveReference('geldt dat ook voor mijn opstalverzekering?', { phrase: 'wasmachine', article: 'de' }, 'nl')).toBeUndefined();
    expect(resolveReference('does it cover the landlord?', lease, 'en')).toBe('does my lease cover the landlord?');
    // "go" applies only before "for"; a thing goes in the oven.
    expect(resolveReference('does that go for renters too?', lease, 'en')).toBeUndefined();
    expect(resolveReference('how long does it go in the oven?', { phrase: 'lasagne', article: 'the' }, 'en')).toBe('how long does the lasagne go in the oven?');
    // What takes time is a doing: an event's name reads it, a thing's does not.
    expect(resolveReference('will it take long?', { phrase: 'kitchen installation', article: 'the' }, 'en')).toBe('will the kitchen installation take long?');
    expect(resolveReference('how long does it take?', { phrase: 'ThinkPad X1 Carbon', article: 'the' }, 'en')).toBeUndefined();
    // A plural subject owns the "their" its verb acts on; not a "their" inside a phrase after the verb.
    expect(resolveReference('How do companies hire their employees?', { phrase: 'small business' }, 'en')).toBeUndefined();
    expect(resolveReference('Do employers need to report their salaries?', { phrase: 'small business' }, 'en')).toBeUndefined();
    expect(resolveReference('What notable events happened in their early years?', { phrase: 'Buffalo Springfield' }, 'en')).toBe("What notable events happened in Buffalo Springfield's early years?");
    // Also where another clause follows after "and".
    expect(resolveReference('how long does it take and can I pick it up somewhere else?', { phrase: 'passport', article: 'the' }, 'en')).toBeUndefined();
    expect(resolveReference('how long did it take?', { phrase: 'Eiffel Tower', article: 'the' }, 'en')).toBeUndefined();
    expect(resolveReference('hoe lang duurt het?', { phrase: 'paspoort', article: 'mijn' }, 'nl')).toBeUndefined();
    expect(resolveReference('hoe lang duurt dat?', { phrase: 'verbouwing', article: 'de' }, 'nl')).toBe('hoe lang duurt de verbouwing?');
    // "take" with an object or a to-clause: the thing is what takes ("how long does it take to charge?").
    expect(resolveReference('does it take batteries?', { phrase: 'remote', article: 'the' }, 'en')).toBe('does the remote take batteries?');
    expect(resolveReference('how long does it take to charge?', { phrase: 'MacBook Air', article: 'the' }, 'en')).toBe('how long does the MacBook Air take to charge?');
    // After a verb of its own, "it" is what the verb acts on, a to-phrase after it or not.
    expect(resolveReference('can I copy it to other days?', { phrase: 'schedule', article: 'the' }, 'en')).toBe('can I copy the schedule to other days?');
  });
  it('leaves an "it" that stands for a that/if/whether clause after "be", and resolves the pronoun after it', () => {
    const account = { phrase: 'account', article: 'the' };
    expect(resolveReference('is it ok if I only deposit a little?', account, 'en')).toBeUndefined();
    expect(resolveReference('It is important that I keep records, right?', account, 'en')).toBeUndefined();
    expect(resolveReference("it's clear that I need one", account, 'en')).toBeUndefined();
    // The first "it" stands for the clause; the second for the thing.
    expect(resolveReference('Is it true that banks charge fees for it?', account, 'en')).toBe('Is it true that banks charge fees for the account?');
    expect(resolveReference("It's clear that I need one, but where do I open it?", account, 'en')).toBe("It's clear that I need one, but where do I open the account?");
    // Without "be" the "it" is a thing that says or does something.
    expect(resolveReference('Does it say that I can sublet?', { phrase: 'lease', article: 'the' }, 'en')).toBe('Does the lease say that I can sublet?');
    expect(resolveReference('Will it break if I drop the case?', { phrase: 'phone', article: 'the' }, 'en')).toBe('Will the phone break if I drop the case?');
  });
  it('leaves the "it" of the weather and of a stretch of time', () => {
    const lake = { phrase: 'lake', article: 'the' };
    expect(resolveReference('when did it last snow in lake tahoe?', lake, 'en')).toBeUndefined();
    expect(resolveReference('is it raining there?', lake, 'en')).toBeUndefined();
    // The "it" of time is left; the "they" after it is the thing.
    expect(resolveReference('How long was it before they released a second album?', { phrase: 'band', article: 'the' }, 'en')).toBe('How long was it before the band released a second album?');
    expect(resolveReference('How deep is it?', lake, 'en')).toBe('How deep is the lake?');
    // The "it" of "worth it".
    expect(resolveReference('is that worth it?', { phrase: 'insurance', article: 'the' }, 'en')).toBeUndefined();
  });
  it('names no thing for a "this" or "it" that "do" makes an action', () => {
    const economy = { phrase: 'strong economy', article: 'the' };
    expect(resolveReference('Is there an advantage for why Germany keeps doing this?', economy, 'en')).toBeUndefined();
    expect(resolveReference('can I do that online?', { phrase: 'tax return', article: 'the' }, 'en')).toBeUndefined();
    expect(resolveReference("what if I don't do it?", { phrase: 'lease', article: 'the' }, 'en')).toBeUndefined();
    expect(resolveReference("Why didn't you do that?", { phrase: 'landlord', article: 'the' }, 'en')).toBeUndefined();
    expect(resolveReference('does our client do that?', { phrase: 'Stripe API', article: 'the' }, 'en')).toBeUndefined();
    expect(resolveReference('can the app do it offline?', { phrase: 'sync', article: 'the' }, 'en')).toBeUndefined();
    expect(resolveReference('who did it?', { phrase: 'boiler', article: 'the' }, 'en')).toBeUndefined();
    expect(resolveReference('who does that?', { phrase: 'boiler', article: 'the' }, 'en')).toBeUndefined();
    // "them" that is done is things the conversation named ("how often should I do them?" after a list of exercises).
    expect(resolveReference('how often should I do them?', { phrase: 'exercises', article: 'the' }, 'en')).toBe('how often should I do the exercises?');
    // "do" as the auxiliary still leaves its subject to read: "does it work?".
    expect(resolveReference('does it work?', { phrase: 'app', article: 'the' }, 'en')).toBe('does the app work?');
    expect(resolveReference('wat als ik het zelf doe?', { phrase: 'offerte' }, 'nl')).toBeUndefined();
    expect(resolveReference('hoe doe ik dat?', { phrase: 'aangifte' }, 'nl')).toBeUndefined();
    expect(resolveReference('kan ik dat online doen?', { phrase: 'aangifte' }, 'nl')).toBeUndefined();
    // The auxiliary "does" asks about the thing.
    expect(resolveReference('does it work offline?', { phrase: 'app', article: 'the' }, 'en')).toBe('does the app work offline?');
  });
  it('names no thing for what someone said or decided ("who decided that?", "wie heeft dat besloten?")', () => {
    const notes = { phrase: 'meeting notes', article: 'the' };
    for (const q of ['who decided that?', 'why did Tom say that exactly?', 'what do you mean by that?'])
      expect(resolveReference(q, notes, 'en'), q).toBeUndefined();
    expect(resolveReference('wie heeft dat besloten?', { phrase: 'notulen' }, 'nl')).toBeUndefined();
    expect(resolveReference('wie zei dat?', { phrase: 'notulen' }, 'nl')).toBeUndefined();
    // A clause's subject after such a verb is still a thing.
    expect(resolveReference('I think it is wrong', { phrase: 'budget', article: 'the' }, 'en')).toBe('I think the budget is wrong?');
    expect(resolveReference('who approved it?', { phrase: 'budget', article: 'the' }, 'en')).toBe('who approved the budget?');
    // "claim" asks for money back as often as it asserts.
    expect(resolveReference('how do I claim it?', { phrase: 'taxi fare', article: 'the' }, 'en')).toBe('how do I claim the taxi fare?');
  });
  it('puts the thing in the object\'s place when "they" acts on "them" or "it"', () => {
    expect(resolveReference('can they carry them over?', { phrase: 'vacation days' }, 'en')).toBe('can they carry vacation days over?');
    expect(resolveReference('Why did they turn it down?', { phrase: 'song', article: 'the' }, 'en')).toBe('Why did they turn the song down?');
    expect(resolveReference('do they ship abroad?', { phrase: 'shops', article: 'the' }, 'en')).toBe('do the shops ship abroad?');
  });
  it('leaves a "that" that opens a clause, and replaces one that stands for a thing', () => {
    expect(resolveReference('Is it possible that the bank refuses me?', { phrase: 'account', article: 'the' }, 'en')).toBeUndefined();
    expect(resolveReference('So I read that the fee is waived?', { phrase: 'account', article: 'the' }, 'en')).toBeUndefined();
    expect(resolveReference('is that a problem?', { phrase: 'late payment', article: 'the' }, 'en')).toBe('is the late payment a problem?');
    expect(resolveReference('and that is normal?', { phrase: 'fee', article: 'the' }, 'en')).toBe('and the fee is normal?');
  });
  it('leaves a pronoun that points at what the question itself named first', () => {
    expect(resolveReference('What about the HIV pandemic? Did it kill many people?', { phrase: 'flu vaccine' }, 'en')).toBeUndefined();
    expect(resolveReference('Wat dacht je van houtmulch; is dat duur?', { phrase: 'grind' }, 'nl')).toBeUndefined();
    expect(resolveReference('Speaking of vaccines, how are they made?', { phrase: 'herpes' }, 'en')).toBeUndefined();
    expect(resolveReference('Going back to the dishwasher, how do I claim it?', { phrase: 'receipt', article: 'the' }, 'en')).toBeUndefined();
    expect(resolveReference('terugkomend op de vaatwasser, hoe claim ik dat?', { phrase: 'bon' }, 'nl')).toBeUndefined();
    expect(resolveReference('tell me more about debt consolidation - is it a good idea?', { phrase: 'pay off' }, 'en')).toBeUndefined();
    expect(resolveReference('Tell me about North Carolina, like its economy?', { phrase: 'summer months', article: 'the' }, 'en')).toBeUndefined();
    // In the main clause before a subordinate one: "water" owns the "it" (the tagger reads "water" as a verb here).
    expect(resolveReference('where does water go after it enters a storm drain', { phrase: 'Super Bowl LII' }, 'en')).toBeUndefined();
    expect(resolveReference('How much did the film earn after it was released?', { phrase: 'Super Bowl LII' }, 'en')).toBeUndefined();
    // A main clause that names nothing leaves the pronoun pointing back.
    expect(resolveReference('What happened after it was released?', { phrase: 'album', article: 'the' }, 'en')).toBe('What happened after the album was released?');
    expect(resolveReference('What did he do after it ended?', { phrase: 'war', article: 'the' }, 'en')).toBe('What did he do after the war ended?');
    // A name after "what about" is a new subject, not an attribute of the old one.
    expect(resolveReference('What about Romeo and Juliet?', { phrase: 'adaptations of Hamlet' }, 'en')).toBeUndefined();
    expect(resolveReference('What about the price?', { phrase: 'houtmulch' }, 'en')).toBe('What about the price of houtmulch?');
    // A subject with the old one's head noun is its sibling, not its attribute ("the basic plan of the premium").
    expect(resolveReference('and the basic plan?', { phrase: 'premium plan', article: 'the' }, 'en')).toBeUndefined();
    expect(resolveReference('and the basic plan?', { phrase: 'premium', article: 'the', following: 'plan' }, 'en')).toBeUndefined();
    // "is that it?" points at nothing.
    expect(resolveReference('is that it?', { phrase: 'shop', article: 'the' }, 'en')).toBeUndefined();
    expect(resolveReference("ok, that's it", { phrase: 'shop', article: 'the' }, 'en')).toBeUndefined();
    // "And" before a clause of its own: nothing to complete ("What about were there …" is no question).
    expect(resolveReference('And were there other controversial elements?', { phrase: 'Memoirs of a Geisha' }, 'en')).toBeUndefined();
    expect(resolveReference('en wanneer komt de monteur?', { phrase: 'warmtepomp' }, 'nl')).toBeUndefined();
    expect(resolveReference('en het onderhoud?', { phrase: 'warmtepomp' }, 'nl')).toBe('Wat is het onderhoud van warmtepomp?');
    // A remark before the question names nothing.
    expect(resolveReference('Ok, thanks. What does it cost?', { phrase: 'MacBook', article: 'the' }, 'en')).toBe('Ok, thanks. What does the MacBook cost?');
  });
  it('gives "more?" its noun, and leaves a Dutch determiner alone', () => {
    // A request stays one, without a question mark.
    expect(resolveReference('compare them', { phrase: 'heat pumps', article: 'the' }, 'en')).toBe('compare the heat pumps');
    expect(resolveReference('vergelijk ze', { phrase: 'offertes' }, 'nl')).toBe('vergelijk offertes');
    expect(resolveReference("aren't there more?", { phrase: 'invoices' }, 'en')).toBe("aren't there more invoices?");
    expect(resolveReference('zijn er nog meer?', { phrase: 'facturen' }, 'nl')).toBe('zijn er nog meer facturen?');
    // A question that names what it wants more of is complete.
    expect(resolveReference('welke afdelingen nog meer?', { phrase: 'personeelsverloop' }, 'nl')).toBeUndefined();
    expect(resolveReference('did the polymath discover anything else?', { phrase: 'law of conservation' }, 'en')).toBeUndefined();
    // "others" becomes "other" before its noun, once.
    expect(resolveReference('Any others?', { phrase: 'songs' }, 'en')).toBe('Any other songs?');
    expect(resolveReference('Any others?', { phrase: 'other songs' }, 'en')).toBe('Any other songs?');
    expect(resolveReference('zijn er andere?', { phrase: 'laptops' }, 'nl')).toBe('zijn er andere laptops?');
    expect(resolveReference('more?', { phrase: 'invoices' }, 'en')).toBe('more invoices?');
    // "others" as the object of a verb means other people, not more of the same.
    expect(resolveReference('Did the songs inspire others?', { phrase: 'Victor Jara' }, 'en')).toBeUndefined();
    // "dat huis" is a determiner and a noun: nothing to replace.
    expect(resolveReference('hoe groot is dat huis?', { phrase: 'Villa Zon' }, 'nl')).toBeUndefined();
    expect(resolveReference('Which is more important?', { phrase: 'market cap' }, 'en')).toBeUndefined();
    expect(attachTopic('Which is more important?', 'market cap', 'en')).toBe('Which is more important (market cap)?');
  });
  it('puts the thing a plural attribute is of in place of "it", not the attribute', () => {
    expect(resolveReference('how is it diagnosed?', { phrase: 'symptoms of Lyme disease', article: 'the' }, 'en')).toBe('how is Lyme disease diagnosed?');
    expect(resolveReference('what is its cause?', { phrase: 'symptoms of Lyme disease' }, 'en')).toBe("what is Lyme disease's cause?");
    expect(attachTopic('is there a vaccine?', 'symptoms of Lyme disease', 'en')).toBe('is there a vaccine (Lyme disease)?');
    // A request for more asks it about the topic, and stays a request.
    expect(attachTopic('tell me more', 'employee turnover', 'en')).toBe('tell me more about employee turnover');
    expect(attachTopic('Can you say a bit more?', 'the lease', 'en')).toBe('Can you say a bit more about the lease?');
    expect(attachTopic('vertel eens meer', 'personeelsverloop', 'nl')).toBe('vertel eens meer over personeelsverloop');
    // A singular head is the thing itself ("the Bank of England"); "they" may mean the attribute.
    expect(resolveReference('when was it founded?', { phrase: 'Bank of England', article: 'the' }, 'en')).toBe('when was the Bank of England founded?');
    expect(resolveReference('are they serious?', { phrase: 'symptoms of Lyme disease', article: 'the' }, 'en')).toBe('are the symptoms of Lyme disease serious?');
  });
  it('finds phrases made of the chosen words, with their article, user turns first', () => {
    const turns = [turn(0, 'Tell me about the authentication system', 'The authentication system uses JWT tokens with a 24-hour expiry.')];
    const found = antecedents(turns, new Map([['authentication', 0.9], ['system', 0.6], ['jwt', 0.3]]), 'en');
    expect(found[0]).toMatchObject({ phrase: 'authentication system', article: 'the', turn: 0 });
    // An acronym's noun is its phrase's head ("JWT tokens").
    expect(found.map((f) => f.phrase)).toContain('JWT tokens');
  });
  it('marks a lone word the user used as a verb after "I"/"you"/"we"/"they"', () => {
    const found = antecedents([turn(0, 'How do I reset my router?', 'Hold the reset button for ten seconds.')], new Map([['reset', 0.5], ['router', 0.4]]), 'en');
    expect(found.find((f) => f.role === 'user' && f.phrase === 'reset')?.verb).toBe(true);
    expect(found.find((f) => f.phrase === 'router')?.verb).toBeUndefined();
  });
  it('names what "a …" introduced as "the …"', () => {
    const found = antecedents([turn(0, 'What is a heat pump?', 'It moves heat into the house.')], new Map([['heat', 0.5], ['pump', 0.4]]), 'en');
    expect(found[0]).toMatchObject({ phrase: 'heat pump', article: 'the' });
    expect(resolveReference('how does it work?', found[0]!, 'en')).toBe('how does the heat pump work?');
  });
  it('ends a phrase of a user question at an auxiliary ("laptop", not "laptop should")', () => {
    const found = antecedents([turn(0, 'Which laptop should I buy?', 'The MacBook Air is light.')], new Map([['laptop', 0.5], ['should', 0.2]]), 'en');
    expect(found.map((f) => f.phrase)).toContain('laptop');
    expect(found.map((f) => f.phrase).join('|')).not.toMatch(/should/);
  });
  it('ends a phrase at a lower-case word that is no part of a noun phrase, in questions and replies', () => {
    const chosen = new Map([['earth', 0.6], ['crisis', 0.6], ['still', 0.3], ['around', 0.3], ['album', 0.4], ['win', 0.3], ['grammy', 0.3]]);
    const found = antecedents([turn(0, 'Is Earth Crisis still around?', 'Their album win a Grammy in 1998.')], chosen, 'en').map((f) => f.phrase);
    expect(found).toContain('Earth Crisis');
    expect(found).toContain('album');
    // Read as runs of chosen words, they were "Earth Crisis still around" and "album win Grammy".
    expect(found.join('|')).not.toMatch(/still|around|win/);
  });
  it('gives a common noun after "which" or "my" the article a pronoun\'s place wants', () => {
    expect(antecedents([turn(0, 'Which hotel did I book there?')], new Map([['hotel', 0.6]]), 'en')[0]).toMatchObject({ phrase: 'hotel', article: 'the' });
    expect(resolveReference('does it include breakfast?', { phrase: 'hotel', article: 'the' }, 'en')).toBe('does the hotel include breakfast?');
    // A name takes none.
    expect(antecedents([turn(0, 'Which Hilton did I book?')], new Map([['hilton', 0.6]]), 'en')[0]!.article).toBeUndefined();
  });

  it('takes no name that places the thing named before it ("my flat on Kanaalstraat"), and a place told of', () => {
    const chosen = new Map([['kanaalstraat', 0.6], ['deposit', 0.5], ['flat', 0.3]]);
    expect(antecedents([turn(0, 'How much is the deposit for my flat on Kanaalstraat?')], chosen, 'en').map((f) => f.phrase)).toEqual(['deposit']);
    const borg = new Map([['kanaalstraat', 0.6], ['borg', 0.5]]);
    expect(antecedents([turn(0, 'Hoe hoog is de borg voor mijn appartement aan de Kanaalstraat?')], borg, 'nl').map((f) => f.phrase)).toEqual(['borg']);
    // A place told of, not placing a thing before it, stays.
    expect(antecedents([turn(0, 'What happened in Indianapolis?', "Frances Farmer's years in Indianapolis were turbulent.")], new Map([['indianapolis', 0.6]]), 'en').map((f) => f.phrase)).toEqual(['Indianapolis']);
    // "bij" names a provider as often as a place.
    expect(antecedents([turn(0, 'Wat kost mijn abonnement bij Basic-Fit?')], new Map([['basic-fit', 0.6]]), 'nl').map((f) => f.phrase)).toEqual(['Basic-Fit']);
  });

  it('takes no part of an e-mail or web address ("com" of "privacy@example.com")', () => {
    const found = antecedents([turn(0, 'can I ask them to delete it?', 'You can request deletion via privacy@example.com or at https://example.com/privacy.')], new Map([['com', 0.6], ['example', 0.5], ['deletion', 0.3]]), 'en');
    expect(found.map((f) => f.phrase)).toEqual(['deletion']);
  });

  it('takes no "others" for a thing ("any others?"), and completes no "that one with …" of a name', () => {
    const found = antecedents([turn(0, 'any others?', 'The statement also lists the water bill from Vitens.')], new Map([['others', 0.6], ['vitens', 0.5]]), 'en');
    expect(found.map((f) => f.phrase)).toEqual(['Vitens']);
    expect(resolveReference('and that one with the mop?', { phrase: 'Dyson V15', article: 'the' }, 'en')).toBeUndefined();
    expect(resolveReference('and the one from Contoso?', { phrase: 'pension plan', article: 'the' }, 'en')).toBe('What about the pension plan from Contoso?');
  });

  it('takes no moment told from another ("de week erna", "the week after")', () => {
    const found = antecedents([turn(0, 'en de week erna?', 'De week erna heb je geen nachtdiensten.')], new Map([['week', 0.6], ['erna', 0.5], ['nachtdiensten', 0.3]]), 'nl');
    expect(found.map((f) => f.phrase)).toEqual(['nachtdiensten']);
  });

  it('takes no unit after its number ("at 84,200 km"), nor a phrase ending in "one"', () => {
    const found = antecedents([turn(0, 'when is the next one due?', 'The next one is due at 99,200 km or by 12 March 2027.')], new Map([['km', 0.5], ['next', 0.4], ['due', 0.3]]), 'en');
    expect(found.map((f) => f.phrase)).not.toContain('km');
    // Nor money ("for 799 euros").
    const priced = antecedents([turn(0, 'Which laptops does the review recommend?', 'The Acer Swift Go 14 for 799 euros and the ASUS Zenbook 14 for 979 euros.')], new Map([['euros', 0.5], ['laptops', 0.4]]), 'en');
    expect(priced.map((f) => f.phrase)).not.toContain('euros');
    expect(found.map((f) => f.phrase).some((p) => /\bone$/.test(p))).toBe(false);
  });

  it('keeps a compound\'s noun the tagger read as a verb at the end of a question ("heat pump?")', () => {
    const found = antecedents([turn(0, 'What are the installation steps for the heat pump?')], new Map([['heat', 0.5], ['pump', 0.4], ['installation', 0.3]]), 'en');
    expect(found.map((f) => f.phrase)).toContain('heat pump');
    // After a plural, the base form is its verb: "attempts", not "attempts fail".
    const attempts = antecedents([turn(0, 'What happens when all attempts fail?')], new Map([['attempts', 0.5], ['fail', 0.4]]), 'en');
    expect(attempts.map((f) => f.phrase)).toEqual(['attempts']);
  });
});

describe('expansions', () => {
  it('spells out an acronym the conversation spells out, and a known abbreviation', () => {
    const e = expansions('Is NAV more important than the auth config?', [turn(0, 'What is the net asset value of a fund?')]);
    expect(e.terms).toEqual(expect.arrayContaining(['net', 'asset', 'value', 'authentication', 'configuration']));
    expect(e.notes).toContain('NAV → net asset value');
  });
  it('adds related words and nothing for an ordinary query', () => {
    expect(expansions('which invoice is largest?', []).terms).toEqual(['bill', 'receipt']);
    expect(expansions('where is the station?', []).terms).toEqual([]);
    // Related words of the question's language: Dutch "budget" is no "spending".
    expect(expansions('and the budget?', [], 'en').terms).toEqual(['allocation', 'spending']);
    expect(expansions('en het budget?', [], 'nl').terms).toEqual(['begroting']);
    // A short form of the question's language, or of the other in capitals: Dutch "vat" is a verb.
    expect(expansions('vat het samen', [], 'nl').terms).toEqual([]);
    expect(expansions('wat is het VAT-nummer?', [], 'nl').terms).toEqual(['value', 'added', 'tax']);
    expect(expansions('what is the vat rate?', [], 'en').terms).toEqual(['value', 'added', 'tax']);
    expect(expansions('hoeveel btw betaal ik?', [], 'nl').terms).toEqual(['belasting', 'toegevoegde', 'waarde']);
  });
  it('measures edit distance with transpositions', () => {
    expect(editDistance('warrenty', 'warranty')).toBe(1);
    expect(editDistance('hte', 'the')).toBe(1);
    expect(editDistance('invoice', 'station', 2)).toBe(3);
  });
});

describe('a topic said before its question, and a verb that agrees with what "they" stood for', () => {
  it('folds "and the X, <question with a pronoun>" into the question', () => {
    expect(foldFrontedTopic('and the data transfer, where does it go?', 'en')).toBe('where does the data transfer go?');
    expect(foldFrontedTopic('and those instances, are they still running?', 'en')).toBe('are those instances still running?');
    expect(foldFrontedTopic('en de huur, wanneer moet die betaald worden?', 'nl')).toBe('wanneer moet de huur betaald worden?');
    expect(foldFrontedTopic('en het trappenhuis, hoe vaak wordt dat schoongemaakt?', 'nl')).toBe('hoe vaak wordt het trappenhuis schoongemaakt?');
    // No determiner before the comma, no pronoun after it, or no question: as asked.
    expect(foldFrontedTopic('and yes, is it true?', 'en')).toBe('and yes, is it true?');
    expect(foldFrontedTopic('and the invoice, where is the PDF?', 'en')).toBe('and the invoice, where is the PDF?');
    expect(foldFrontedTopic('the invoice, I paid it', 'en')).toBe('the invoice, I paid it');
  });

  it('gives a singular "they" its verb in the singular, before or after it', () => {
    const firm = { phrase: 'Zonnefix' };
    expect(resolveReference('what is the payback period they estimate?', firm, 'en')).toBe('what is the payback period Zonnefix estimates?');
    expect(resolveReference('do they offer financing?', firm, 'en')).toBe('does Zonnefix offer financing?');
    expect(resolveReference('are they certified?', firm, 'en')).toBe('is Zonnefix certified?');
    expect(resolveReference("don't they offer a warranty?", firm, 'en')).toBe("doesn't Zonnefix offer a warranty?");
    expect(resolveReference('what have they installed before?', firm, 'en')).toBe('what has Zonnefix installed before?');
    // A modal or a past form says no number; a plural keeps its verb.
    expect(resolveReference('can they start in May?', firm, 'en')).toBe('can Zonnefix start in May?');
    expect(resolveReference('did they visit the roof?', firm, 'en')).toBe('did Zonnefix visit the roof?');
    expect(resolveReference('they went bankrupt?', firm, 'en')).toBe('Zonnefix went bankrupt?');
    expect(resolveReference('do they pay the heating?', { phrase: 'tenants', article: 'the' }, 'en')).toBe('do the tenants pay the heating?');
    // A surname's s after its particle is no plural's; a band's is.
    expect(resolveReference('how much are they charging?', { phrase: 'Verhuisbedrijf De Vries' }, 'en')).toBe('how much is Verhuisbedrijf De Vries charging?');
    expect(resolveReference('are they touring?', { phrase: 'Rolling Stones', article: 'the' }, 'en')).toBe('are the Rolling Stones touring?');
    expect(resolveReference('do they pay the heating?', { phrase: 'the Beatles' }, 'en')).toBe('do the Beatles pay the heating?');
  });
});

describe('"there", and several things at once', () => {
  it('reads a "there" that points as the place the latest question asked for or named', () => {
    expect(resolveThere('how do I get there from the airport?', 'where is the hotel?', 'en')).toEqual({ resolved: 'how do I get to the hotel from the airport?', place: 'the hotel' });
    expect(resolveThere('is there parking there?', 'where is the hotel?', 'en')?.resolved).toBe('is there parking at the hotel?');
    expect(resolveThere('what is the weather there in March?', 'When does my flight to Lisbon leave?', 'en')?.resolved).toBe('what is the weather in Lisbon in March?');
    // A where-question that names no place: the place its answer named.
    expect(resolveThere('how do I get there from the airport?', 'and where am I staying the first night?', 'en', 'the Hotel Gracery Shinjuku')?.resolved).toBe('how do I get to the Hotel Gracery Shinjuku from the airport?');
    expect(resolveThere('how do I get there from the airport?', 'when do I land?', 'en', 'Narita')).toBeUndefined();
    // "is there …?" points nowhere; a question with another pronoun, or after one that named no place, is left.
    expect(resolveThere('is there a pool?', 'where is the hotel?', 'en')).toBeUndefined();
    expect(resolveThere('how do I get it there?', 'where is the hotel?', 'en')).toBeUndefined();
    expect(resolveThere('how do I get there?', 'when does the shop open?', 'en')).toBeUndefined();
  });

  it('completes no attribute for "what about both?" or "en allebei?"', () => {
    expect(resolveReference('what about both?', { phrase: 'hotel', article: 'the' }, 'en')).toBeUndefined();
    expect(resolveReference('and either one?', { phrase: 'hotel', article: 'the' }, 'en')).toBeUndefined();
    expect(resolveReference('en allebei?', { phrase: 'hotel', article: 'het' }, 'nl')).toBeUndefined();
    expect(resolveReference('and the price?', { phrase: 'hotel', article: 'the' }, 'en')).toBe('What about the price of the hotel?');
  });
});

