import { describe, expect, it } from 'vitest';
import { clausePredicates, englishTags, pronounSubjectVerb, theyVerb, verbSubjects } from '../../../src/pipeline/rewrite/lexical/predicates.js';

const of = (text: string, language = 'en'): string[] => [...clausePredicates(text, language)];

describe('clausePredicates', () => {
  it('finds the participle or adjective that ends an English question after its subject', () => {
    expect(of('When was the Eiffel Tower built?')).toEqual(['built']);
    expect(of('Is sickle cell disease fatal?')).toEqual(['fatal']);
    expect(of('What was George Best known for?')).toEqual(['known']);
    // A run-on question: each clause is read on its own.
    expect(of('where is bone marrow found what does it do for the body')).toEqual(['found']);
  });

  it('reads the verb of a question with a modal as it does one with "do", "according to …" after it', () => {
    expect(of('How long should the dough rest?')).toEqual(['rest']);
    expect(of('How long should the sourdough proof according to my bread recipe?')).toEqual(['proof']);
    expect(of('What should the cover letter say?')).toEqual(['say']);
    // A yes/no question's last noun is its object; its verb after the subject is the predicate.
    expect(of('Can the landlord keep my deposit?')).toEqual(['keep']);
    // So in a question with "do" ("validate tokens" is no phrase), not "do" itself, nor a verb after "I".
    expect(of('How does the auth service validate tokens?')).toEqual(['validate']);
    expect(of('What does the auth service do with expired tokens?')).toEqual([]);
    expect(of('How do I reset my router?')).toEqual([]);
  });

  it('reads a Dutch participle before the prepositional phrase that ends its clause, not a noun after an article', () => {
    expect(of('Hoeveel heb ik vorige maand uitgegeven aan boodschappen?', 'nl')).toEqual(['uitgegeven']);
    // "volgens" ("according to") and its like open such a phrase too.
    expect(of('Hoeveel stroom heb ik vorig jaar verbruikt volgens de jaarafrekening?', 'nl')).toEqual(['verbruikt']);
    expect(of('Wat heb ik betaald vanaf januari?', 'nl')).toEqual(['betaald']);
    expect(of('Is het gebied bij de rivier groot?', 'nl')).toEqual([]);
    // "het" after a subject pronoun is the verb's object, no article of a noun made of the verb.
    expect(of('kan ik het pauzeren?', 'nl')).toEqual(['pauzeren']);
    expect(of('is het eten klaar?', 'nl')).toEqual([]);
  });

  it('leaves nouns alone, also where the tagger calls them verbs', () => {
    expect(of('what are stocks?')).toEqual([]);
    expect(of('I got a heat pump')).toEqual([]);
    // After "is", a verb in its base form is a noun: a clause ends in a participle there.
    expect(of('What is a heat pump?')).toEqual([]);
  });

  it('reads a lower-case word after "do" and a name as its verb, where the tagger saw a noun', () => {
    expect(of('When did MC5 form?')).toEqual(['form']);
    // So after a name with its number, or "one".
    expect(of('what dataset did Izacard and Grave 2021 use?')).toEqual(['use']);
    expect(of('what dataset did the second one use?')).toEqual(['use']);
    expect(of('How much RAM does Windows 11 need?')).toEqual(['need']);
    // Only the subject right after "do" is that name: "office" after "Berlin" is a noun.
    expect(of('What did the board decide about the Berlin office?')).not.toContain('office');
    expect(of('Did Black Dahlia move to Los Angeles?')).toEqual(['move']);
    expect(of('Did the Black Keys tour Europe?')).toEqual(['tour']);
    // A name may open a compound: its verb is the compound's last word, and a plural is its object.
    expect(of('Which authentication methods does the API gateway support?')).toEqual(['support']);
    expect(of('What did The Kentucky Headhunters debut album consist of?')).toEqual(['consist']);
    expect(of('Did the Beatles record albums in London?')).toEqual(['record']);
    expect(of('Is ibuprofen safe for children?')).toEqual([]);
    expect(of('who invented the telephone')).toEqual([]);
    // A word ending the question after a name is its verb, whatever its tag; the subject's own noun then is none.
    expect(of('How long does the confidentiality obligation in the NDA with Brightline last?')).toEqual(['last']);
  });

  it('reads the verb that ends the subject of a question asking what it does, where the tagger saw a noun', () => {
    expect(of('What does the premium plan cost?')).toEqual(['cost']);
    expect(of('How much does the landlord charge?')).toEqual(['charge']);
    // Before a preposition too: "say" is no part of "my car manual".
    expect(of('What does my car manual say about the tyre pressure?')).toEqual(['say']);
    // After another question word, where the tagger saw no verb after "do" at all.
    expect(of('How does the backup script work?')).toEqual(['work']);
    expect(of('Where does the bus stop?')).toEqual(['stop']);
    // Before where the answer should come from too.
    expect(of('How much does the new kitchen cost according to the quote?')).toContain('cost');
    // A yes/no or adverbial question's last noun is its object.
    expect(of('Does the landlord charge rent?')).toEqual([]);
    expect(of('How often does the pump need maintenance?')).not.toContain('maintenance');
    // A yes/no question with no verb whose subject runs into a preposition: its last noun is the verb, never before "of".
    expect(of('does the budget count towards that?')).toEqual(['count']);
    expect(of('does the cost of the repair count?')).not.toContain('cost');
    // A plural is no verb after "do".
    expect(of('What does the plan cover costs?')).not.toContain('costs');
    // With no verb at all, a plural last word is the object, and the noun before it the verb.
    expect(of('How does the auth service issue tokens?')).toEqual(['issue']);
    expect(of('How does the bank charge fees?')).toEqual(['charge']);
    // After a code identifier as after a name: "return" is the verb.
    expect(of('What does validateToken return when the token is expired?')).toContain('return');
  });

  it('reads Dutch participles by their form, after an auxiliary', () => {
    expect(of('Wanneer is de Eiffeltoren gebouwd?', 'nl')).toEqual(['gebouwd']);
    expect(of('Hoe wordt sikkelcelziekte behandeld?', 'nl')).toEqual(['behandeld']);
    // A separable verb's participle ("af-ge-sloten") after "heb".
    expect(of('Welke verzekeringen heb ik afgesloten?', 'nl')).toEqual(['afgesloten']);
    // The noun is none; the verb before the subject is (see below).
    expect(of('Wat kost een warmtepomp in Amsterdam?', 'nl')).toEqual(['kost']);
    // Before "ik" or "je" in any form, not an auxiliary or a modal ("heb", "kan").
    expect(of('Hoeveel huurtoeslag krijg ik volgens de brief?', 'nl')).toEqual(['krijg']);
    expect(of('Waar kan ik mijn paspoort ophalen?', 'nl')).toEqual(['ophalen']);
    // An infinitive that takes another before it ("laten uitbetalen"), not a plural noun ("vakantiedagen").
    expect(of('kan ik vakantiedagen laten uitbetalen?', 'nl')).toEqual(['uitbetalen', 'laten']);
    // Before a bare noun too, after a question word, when its -t says so.
    expect(of('Wat kost houtmulch per kuub?', 'nl')).toEqual(['kost']);
    // A past tense in -de/-te before its subject, and a separable verb's particle at the clause's end or before a preposition.
    expect(of('Welke bijlagen stuurde de gemeente mee?', 'nl')).toEqual(['stuurde', 'mee']);
    expect(of('Hoe vraag ik uitstel aan?', 'nl')).toEqual(['vraag', 'aan']);
    // Not a noun after its article or "welke".
    expect(of('Welke ziekte de laatste jaren?', 'nl')).toEqual([]);
  });

  it('reads the Dutch verb a question puts before its subject', () => {
    expect(of('Welke medicijnen gebruikt mijn moeder?', 'nl')).toEqual(['gebruikt']);
    expect(of('Hoeveel kost de keuken', 'nl')).toEqual(['kost']);
    // Right after a question word the verb may have any form.
    expect(of('Wat schreef de huisarts over mijn cholesterol?', 'nl')).toEqual(['schreef']);
    expect(of('Waarom stopte de verkoop?', 'nl')).toEqual(['stopte']);
    // Not a noun before an article, nor a word in -t outside a question.
    expect(of('Is de prijs de totaalprijs?', 'nl')).toEqual([]);
    expect(of('Het contract de huurder.', 'nl')).toEqual([]);
  });

  it('reads a Dutch infinitive that ends its clause after a modal verb', () => {
    expect(of('Ik wil een warmtepomp kopen.', 'nl')).toEqual(['kopen']);
    expect(of('Kan ik de huur tussentijds opzeggen?', 'nl')).toEqual(['opzeggen']);
    // A plural noun in -en is no infinitive without a modal, nor after an article ("zonnepanelen";
    // "kosten" is the verb, after the question word).
    expect(of('Wat kosten de zonnepanelen?', 'nl')).toEqual(['kosten']);
    expect(of('Ik wil de tuinen', 'nl')).toEqual([]);
  });

  it('reads the verbs that end a Dutch subordinate clause, and a separable particle that ends a question', () => {
    expect(of('en als mijn inkomen stijgt?', 'nl')).toEqual(['stijgt']);
    expect(of('en als ik parttime ga werken?', 'nl')).toEqual(['werken', 'ga']);
    expect(of('en wanneer gaan de servicekosten omhoog?', 'nl')).toEqual(['omhoog']);
    // A noun after its article, a phrase after its preposition or a number ends no verb.
    expect(of('als het inkomen', 'nl')).toEqual([]);
    expect(of('als ik verhuis naar Utrecht', 'nl')).toEqual([]);
  });

  it('reads no other language', () => {
    expect(of('When was the Eiffel Tower built?', 'fr')).toEqual([]);
  });
});

/** The tag englishTags gives a word of a text (its first occurrence). */
const tagOf = (text: string, word: string): string | undefined => {
  const { words, tags } = englishTags(text);
  return tags[words.indexOf(word)];
};

describe('englishTags', () => {
  it('keeps a hyphenated word whole, tagged as its last part, and a dash between spaces a mark', () => {
    const { words, tags } = englishTags('Why is the Wi-Fi so slow? My e-bike is state-of-the-art - really.');
    expect(words).toEqual(['Why', 'is', 'the', 'Wi-Fi', 'so', 'slow', '?', 'My', 'e-bike', 'is', 'state-of-the-art', '-', 'really', '.']);
    expect(tags[3]).toBe('PROPN');
    expect(tags[11]).toBe('PUNCT');
  });
  it('reads the middle of a compound as a noun where the tagger saw a verb that cannot be one', () => {
    // After a determiner and a singular noun, a verb would be "borrows": "borrow" belongs to the compound.
    expect(tagOf('Do I have notes on the Rust borrow checker?', 'borrow')).toBe('NOUN');
    expect(tagOf('Did you read the Rust borrow checker notes?', 'borrow')).toBe('NOUN');
  });
  it('reads a noun right before an object pronoun, in a clause with no verb, as its verb', () => {
    expect(tagOf('What did the landlord email me about the boiler?', 'email')).toBe('VERB');
    expect(tagOf('Why did the bank text us?', 'text')).toBe('VERB');
    // Not where the clause has its verb ("Send the landlord email to them").
    expect(tagOf('Did you send the email them?', 'email')).toBe('NOUN');
  });
  it('reads a base-form verb that ends a noun phrase, before a mark or a preposition, as a noun', () => {
    expect(tagOf('Set HTTP_PROXY in the config file, then restart the gateway.', 'file')).toBe('NOUN');
    expect(tagOf('where is that file?', 'file')).toBe('NOUN');
    // An acronym is a name, not the pronoun; before a verb in -s the phrase is its subject.
    expect(tagOf('The IT guide says to install the client.', 'IT')).toBe('PROPN');
    expect(tagOf('The IT guide says to install the client.', 'guide')).toBe('NOUN');
  });
  it('keeps the verb of a subject that an auxiliary is waiting for, and after a plural', () => {
    expect(tagOf('Did the kid play games?', 'play')).toBe('VERB');
    expect(tagOf('Can the user file a claim?', 'file')).toBe('VERB');
    expect(tagOf('How does the Python type checker handle generics?', 'handle')).toBe('VERB');
    expect(tagOf('What does the warranty of my washing machine cover?', 'cover')).toBe('VERB');
    // "that" before a verb is no determiner: "I saw that happen".
    expect(tagOf('I saw that happen.', 'happen')).toBe('VERB');
  });
  it('reads a clause without a verb as having one: a base-form noun between a plural and a noun phrase', () => {
    expect(tagOf('Which of my recipes use lentils?', 'use')).toBe('VERB');
    expect(tagOf('Three recipes use lentils: dahl, soup and a salad.', 'use')).toBe('VERB');
    // A clause with a verb, or a plural that ends no noun phrase, keeps its tags.
    expect(tagOf('My recipes use the lentils you bought.', 'lentils')).toBe('NOUN');
    expect(tagOf('The account balance is low.', 'balance')).toBe('NOUN');
    expect(tagOf('Which recipe books are on the shelf?', 'books')).toBe('NOUN');
  });
});

describe('a verb and its subjects', () => {
  it('finds the verb whose subject is a question\'s "it" or "they", in its base form', () => {
    expect(pronounSubjectVerb('does it cover the pump?')).toBe('cover');
    expect(pronounSubjectVerb('can they handle expired sessions?')).toBe('handle');
    // What is done to "it" is no verb of its; nor are "do", "be" and "have".
    expect(pronounSubjectVerb('is it covered for floods?')).toBeUndefined();
    expect(pronounSubjectVerb('how much is it?')).toBeUndefined();
    // Past adverbs between them.
    expect(pronounSubjectVerb('what if it still shows the error after that?')).toBe('show');
    expect(pronounSubjectVerb('does it also cover the pump?')).toBe('cover');
  });
  it('reads the head noun of each subject a text gives the verb, before "of"', () => {
    expect(verbSubjects('What does the warranty of my washing machine cover?', 'cover')).toEqual(['warranty']);
    expect(verbSubjects('The Miele warranty covers parts; the drum is covered for 10 years.', 'cover')).toEqual(['warranty']);
    expect(verbSubjects('The Miele warranty covers parts.', 'handle')).toEqual([]);
    // A question's verb after "do" and its subject, which the tagger reads as part of a compound.
    expect(verbSubjects('Why does my Bosch dishwasher show error E24?', 'show')).toEqual(['dishwasher']);
    expect(verbSubjects('The dishwasher show error code list is in the manual.', 'show')).toEqual([]);
  });
});

describe('a which-question with no verb the tagger saw', () => {
  it('has the bare noun after its subject\'s prepositional phrase as its verb ("Which recipes in my folder use chickpeas?")', () => {
    expect(tagOf('Which recipes in my folder use chickpeas?', 'use')).toBe('VERB');
    expect(tagOf('Which files in the shared drive mention Acme?', 'mention')).toBe('VERB');
    expect(tagOf('Which recipes in my folder?', 'folder')).toBe('NOUN');
  });
});

describe('a question with "do" whose verb the tagger read as the subject\'s last noun', () => {
  it('has that noun as its verb before an adverb, where the clause has none', () => {
    expect(tagOf('Why does my laptop battery drain so fast?', 'drain')).toBe('VERB');
    expect(tagOf('Why does my laptop battery drain so fast?', 'battery')).toBe('NOUN');
    expect(tagOf('Why does the battery charge so slowly?', 'charge')).toBe('VERB');
    // A prepositional phrase may go on with the subject, an object end the question: their nouns are no verbs.
    expect(tagOf('How long does the confidentiality obligation in the NDA last?', 'obligation')).toBe('NOUN');
    expect(tagOf('Does the landlord charge rent?', 'rent')).toBe('NOUN');
    // A subject of one noun: the tagger is left alone.
    expect(tagOf('Does the printer?', 'printer')).toBe('NOUN');
  });
});

describe('theyVerb', () => {
  it('tells a "they" who acts from one that is or undergoes', () => {
    expect(theyVerb('what did they find?')).toBe('acts');
    // A "do" before its object is the verb, which the tagger reads as an auxiliary.
    expect(theyVerb('When did they do these shows')).toBe('acts');
    expect(theyVerb('how long do they take?')).toBe('is');
    expect(theyVerb('were they repaired?')).toBeUndefined();
  });
});
