import { describe, expect, it } from 'vitest';
import { lexicalRewrite } from '../../../src/pipeline/rewrite/lexical/lexicalEngine.js';
import { actingAgent, contactedAgent, namedAction, pluralThing, verbObject } from '../../../src/pipeline/rewrite/lexical/verbObject.js';
import { rewrite } from '../../../src/pipeline/rewrite/rewrite.js';

describe('what the latest reply has the question\'s verb act on', () => {
  const tax = 'Your 2024 return must be filed by 1 May 2025. You can request an extension until 1 September through the tax portal.';
  const dishwasher = 'The Bosch dishwasher has a 2-year warranty, extended to 5 years if you register the appliance online within 4 weeks. Keep the receipt as proof of purchase.';

  it('is the English noun phrase after the same verb, in any form, with its article', () => {
    expect(verbObject('how do I request it?', tax, 'en')).toEqual({ phrase: 'extension', article: 'an' });
    expect(verbObject('how do I register it?', dishwasher, 'en')).toEqual({ phrase: 'appliance', article: 'the' });
    expect(verbObject('where do I keep it?', dishwasher, 'en')).toEqual({ phrase: 'receipt', article: 'the' });
    expect(verbObject('do I need to sign them?', 'Sign the forms and the letter before Friday.', 'en')).toEqual({ phrase: 'forms', article: 'the' });
    // Through the verb's preposition: the thing after the same verb and preposition.
    const minutes = 'The membership fee rises to 45 euros. Treasurer Anna de Vries voted against the fee increase.';
    expect(verbObject('who else voted against it?', minutes, 'en')).toEqual({ phrase: 'fee increase', article: 'the' });
    expect(verbObject('why did she vote for it?', minutes, 'en')).toBeUndefined();
    // Being for or against it: what any verb of the reply is for or against.
    expect(verbObject('who was against it?', minutes, 'en')).toEqual({ phrase: 'fee increase', article: 'the' });
    // A date after the thing is no part of it.
    expect(verbObject('who did he beat to win it?', 'Martin Kaymer won the U.S. Open June 2014.', 'en')).toEqual({ phrase: 'U.S. Open', article: 'the' });
  });

  it('reads the subject of a passive as what the verb acted on', () => {
    const notes = 'On Tuesday the team agreed to move the launch to 15 March, and Tom raised concerns about onboarding.';
    expect(verbObject('why was it moved?', notes, 'en')).toEqual({ phrase: 'launch', article: 'the' });
    expect(verbObject('when was it moved to March?', notes, 'en')).toEqual({ phrase: 'launch', article: 'the' });
    // "they" is several things, without their number.
    expect(verbObject('where are they kept?', 'The app writes logs to /var/log and rotates them daily, keeping 14 files.', 'en')).toEqual({ phrase: 'files', article: 'the' });
    // A form that is no participle, or a verb the reply does not have, reads nothing.
    expect(verbObject('why was it cancelled?', notes, 'en')).toBeUndefined();
    expect(verbObject('is it move day?', notes, 'en')).toBeUndefined();
  });

  it('finds a verb in a list that the tagger took for a noun, with a name after "for" or "of"', () => {
    const changes = 'Version 4.2 adds retry with backoff, drops support for Node 16 and renames the option timeout to connectTimeout.';
    expect(verbObject('why did they drop it?', changes, 'en')).toEqual({ phrase: 'support for Node 16' });
    // A noun after an article is no verb ("the drop in price").
    expect(verbObject('why did they drop it?', 'Analysts expected the drop in price after the merger.', 'en')).toBeUndefined();
    // Without a name after it, the phrase ends at its noun.
    expect(verbObject('how do I request it?', 'You can request an extension for personal reasons.', 'en')).toEqual({ phrase: 'extension', article: 'an' });
  });

  it('is the Dutch words before the infinitive of the same verb, a separable particle put back', () => {
    expect(verbObject('hoe vraag ik dat aan?', 'Je kunt uitstel aanvragen tot 1 september.', 'nl')).toEqual({ phrase: 'uitstel' });
    expect(verbObject('kan ik het telefonisch opzeggen?', 'Je kunt het abonnement opzeggen via Mijn Account.', 'nl')).toEqual({ phrase: 'abonnement', article: 'het' });
    expect(verbObject('hoe trek ik die in?', 'Vergeet niet je machtiging in te trekken bij de bank.', 'nl')).toEqual({ phrase: 'machtiging', article: 'mijn' });
    // An adverb of how or when before the infinitive is no object ("Je moet het wel vooraf aanmelden").
    expect(verbObject('hoe meld ik dat aan?', 'Je moet het wel vooraf aanmelden via de app van de gemeente.', 'nl')).toBeUndefined();
  });

  it('is nothing where the verb is not in the reply, takes no object there, or acts on something of another number', () => {
    expect(verbObject('can I file it online?', tax, 'en')).toBeUndefined();
    expect(verbObject('how do I do it?', 'Do the registration online.', 'en')).toBeUndefined();
    expect(verbObject('how do I sign it?', 'Sign the forms before Friday.', 'en')).toBeUndefined();
    expect(verbObject('what does it cost?', tax, 'en')).toBeUndefined();
    expect(verbObject('hoe vraag ik dat aan?', 'De aangifte moet voor 1 mei binnen zijn.', 'nl')).toBeUndefined();
    // Words after a preposition say when or where, not what: "na het eerste jaar maandelijks opzeggen".
    expect(verbObject('hoe zeg ik het op?', 'De opzegtermijn is 4 weken, en je kunt na het eerste jaar maandelijks opzeggen.', 'nl')).toBeUndefined();
  });

  it('decides what the question\'s pointing word stands for', () => {
    const turns = [{ index: 0, user: 'When is my tax return due?', assistant: tax, similarity: 0.5, byRecency: true }];
    const r = lexicalRewrite({ query: 'how do I request it?', earlierUserTurns: ['When is my tax return due?'], turns });
    expect(r.resolved_query).toBe('how do I request an extension?');
    expect(r.trace.reference).toEqual({ phrase: 'extension', by: 'verb object', article: 'an' });
    const warranty = [{ index: 0, user: 'What is the warranty on the dishwasher?', assistant: dishwasher, similarity: 0.5, byRecency: true }];
    // Before the previous question's form ("the warranty"): the reply says what is registered.
    expect(lexicalRewrite({ query: 'how do I register it?', earlierUserTurns: ['What is the warranty on the dishwasher?'], turns: warranty }).resolved_query).toBe('how do I register the appliance?');
  });

  it('reads a verb that undoes a state ("renew it", "reset it") as the thing the reply says the state befell', () => {
    const vpn = 'The log shows your certificate expired on 2 November; the VPN client rejects expired certificates.';
    // The subject of the state verb, with the reader's own article.
    expect(verbObject('how do I renew it?', vpn, 'en')).toEqual({ phrase: 'certificate', article: 'my' });
    // Its object, and its subject before an auxiliary.
    expect(verbObject('how do I reset it?', 'You probably forgot your new wifi password after the router update.', 'en')).toEqual({ phrase: 'new wifi password', article: 'my' });
    expect(verbObject('how do I unlock it?', 'You entered a wrong password five times, so your account is locked for 30 minutes.', 'en')).toEqual({ phrase: 'account', article: 'my' });
    expect(verbObject('can it be fixed?', 'The receipt says the screen cracked when the phone fell.', 'en')).toEqual({ phrase: 'screen', article: 'the' });
    // "them" is several: the things, not their number; "it" skips them.
    const tickets = 'No: the two museum tickets expired on 31 December.';
    expect(verbObject('can I renew them?', tickets, 'en')).toEqual({ phrase: 'museum tickets', article: 'the' });
    expect(verbObject('can I renew it?', tickets, 'en')).toBeUndefined();
    // A participle before its noun.
    expect(verbObject('can I still renew it?', 'The shop will not take an expired voucher.', 'en')).toEqual({ phrase: 'voucher', article: 'the' });
    // No state the verb undoes, or a verb that undoes none: nothing.
    expect(verbObject('how do I fix it?', 'The mechanic says the chain is worn.', 'en')).toBeUndefined();
    expect(verbObject('how do I print it?', vpn, 'en')).toBeUndefined();
    const turns = [{ index: 0, user: "Why can't I connect to the VPN from home?", assistant: vpn, similarity: 0.5, byRecency: true }];
    const r = lexicalRewrite({ query: 'how do I renew it?', earlierUserTurns: ["Why can't I connect to the VPN from home?"], turns });
    expect(r.resolved_query).toBe('how do I renew my certificate?');
  });

  it('reads "they" in a question about reaching them as who a text, latest first, told the user to reach', () => {
    const ticket = 'Then restart your laptop while connected to the office Wi-Fi, or ask the service desk for a manual renewal.';
    expect(contactedAgent("what's their number?", [ticket])).toEqual({ phrase: 'service desk', article: 'the' });
    expect(contactedAgent('are they open on Saturday?', ['The service desk is on extension 4400.', ticket])).toEqual({ phrase: 'service desk', article: 'the' });
    // A name, the reader's own ("your landlord" is "my landlord"), and a verb the tagger took for a noun before its object.
    expect(contactedAgent('what is their email address?', ['Report it within 14 days: call Centraal Beheer on 055 579 8000.'])).toEqual({ phrase: 'Centraal Beheer' });
    expect(contactedAgent("what's their address?", ['Small repairs are yours, but contact your landlord for anything behind the wall.'])).toEqual({ phrase: 'landlord', article: 'my' });
    expect(contactedAgent('can I call them instead?', ['You can ask the municipality for a permit check online first.'])).toEqual({ phrase: 'municipality', article: 'the' });
    // A question about the things, not about reaching anyone; or no one to reach: nothing.
    expect(contactedAgent('are they expensive?', ['The tyres arrived; ask the garage to fit them.'])).toBeUndefined();
    expect(contactedAgent("what's their number?", ['The tyres arrived on Monday.'])).toBeUndefined();
    expect(contactedAgent("what's their number?", ['If in doubt, ask them.'])).toBeUndefined();
    const turns = [
      { index: 0, user: "Why can't I connect to the VPN from home?", assistant: 'Your certificate expired on 2 November.', similarity: 0.5, byRecency: false },
      { index: 1, user: "what if the portal doesn't load?", assistant: ticket, similarity: 0.5, byRecency: true },
    ];
    const r = lexicalRewrite({ query: "what's their number?", earlierUserTurns: turns.map((t) => t.user), turns });
    expect(r.resolved_query).toBe("what's the service desk's number?");
    expect(r.trace.reference).toEqual({ phrase: 'service desk', by: 'contact', article: 'the' });
  });

  it('reads a thing handled ("use it", "take it") as the one thing the reply introduced as an object', () => {
    const cream = 'Dr. Visser diagnosed contact eczema and prescribed a hydrocortisone cream, twice a day.';
    expect(verbObject('how long should I use it?', cream, 'en')).toEqual({ phrase: 'hydrocortisone cream', article: 'the' });
    // Not for a verb that handles nothing, nor when the reply introduces several things.
    expect(verbObject('why did it appear?', cream, 'en')).toBeUndefined();
    expect(verbObject('can I take it with food?', 'She prescribed a cream and recommended a mild soap.', 'en')).toBeUndefined();
    // A thing advised without an article, as it was said, up to its amount; not any verb's bare object.
    expect(verbObject('can I take it with paracetamol?', 'Dr. Peters prescribed naproxen 250 mg, twice a day with food, for 10 days.', 'en')).toEqual({ phrase: 'naproxen' });
    expect(verbObject('how should I store it?', 'You can cut the sugar by a third; the bananas add sweetness.', 'en')).toBeUndefined();
    expect(verbObject('can I take it with food?', 'She prescribed ibuprofen and recommended a mild soap.', 'en')).toBeUndefined();
    // Dutch, with the article the pointing word calls for.
    const creme = 'Dokter Visser schreef een hydrocortisoncrème voor, twee keer per dag.';
    expect(verbObject('hoe lang moet ik hem gebruiken?', creme, 'nl')).toEqual({ phrase: 'hydrocortisoncrème', article: 'de' });
    expect(verbObject('waar kan ik het bestellen?', 'IT raadt een ThinkPad T14 aan.', 'nl')).toEqual({ phrase: 'ThinkPad T14', article: 'het' });
    expect(verbObject('hoe lang moet ik hem gebruiken?', 'Ze schreef een crème en een zeep voor.', 'nl')).toBeUndefined();
  });

  it('reads who "they" are when they act: the one the latest answer opens with as its verb\'s subject, after a question about one by role', () => {
    const insurer = 'What did the insurer say about my claim for the water damage?';
    const approved = 'Interpolis approved the claim but deducted the 250 euro excess.';
    expect(actingAgent('how much will they pay?', approved, insurer)).toEqual({ phrase: 'Interpolis' });
    expect(actingAgent('can I appeal their decision?', approved, insurer)).toEqual({ phrase: 'Interpolis' });
    expect(actingAgent('will they pay for the hotel meanwhile?', 'The landlord says the boiler will be replaced in March.', 'What does my landlord say about the heating?')).toEqual({ phrase: 'landlord', article: 'the' });
    // Acted on, not acting; an answer that opens with a thing; a question about no one by role (a band's "they").
    expect(actingAgent('are they certified?', 'Zonnefix installs them in the week of 12 May.', 'Which company installs the solar panels?')).toBeUndefined();
    expect(actingAgent('when will they do it?', 'The boiler will be replaced in March.', 'What does my landlord say about the heating?')).toBeUndefined();
    expect(actingAgent('did they release albums before that?', 'Exile signed with Curb Records in 1978.', 'What label were Exile on?')).toBeUndefined();
  });

  it('reads the one plural thing a reply names, for a "them" nothing else agrees with', () => {
    expect(pluralThing('It includes 48 euros of roaming charges from your trip to Switzerland.')).toBe('roaming charges');
    // Not a unit after its amount, nor a verb the tagger took for a plural noun, nor one of several.
    expect(pluralThing('It costs 48 euros a month.')).toBeUndefined();
    expect(pluralThing('Any dishwasher descaler; the manual names Finish Machine Cleaner.')).toBeUndefined();
    expect(pluralThing('It includes roaming charges and late fees.')).toBeUndefined();
  });

  it('reads the one fault a reply names as what a fixing verb acts on', () => {
    expect(verbObject('who is fixing it?', 'The team decided to move the 4.2 release to 14 March because of the login bug.', 'en')).toEqual({ phrase: 'login bug', article: 'the' });
    expect(verbObject('can they repair it?', 'The plumber found a leak in the pipe under the sink.', 'en')).toEqual({ phrase: 'leak', article: 'the' });
    expect(verbObject('when will they fix them?', 'QA found three bugs in the checkout.', 'en')).toEqual({ phrase: 'bugs', article: 'the' });
    // A code after it is part of its name; words before it only after a determiner or a preposition ("show" was tagged a noun).
    expect(verbObject('how do I fix it?', 'Why does my Miele washing machine show error F13?', 'en')).toEqual({ phrase: 'error F13', article: 'the' });
    // Two faults: no one of them.
    expect(verbObject('when will they fix it?', 'There are two open tickets: a login bug and a payment bug.', 'en')).toBeUndefined();
    expect(verbObject('has it been resolved?', 'The outage on Monday was caused by a DNS problem at the provider.', 'en')).toBeUndefined();
  });

  it('names, for "do that", the action the latest answer advised', () => {
    expect(namedAction('how do I do that?', tax, 'en')).toBe('how do I request an extension?');
    expect(namedAction('can I do that online?', tax, 'en')).toBe('can I request an extension online?');
    expect(namedAction("what if I don't do it?", tax, 'en')).toBe("what if I don't request an extension?");
    expect(namedAction('how do I do that?', 'No. You should register your dishwasher within 4 weeks.', 'en')).toBe('how do I register my dishwasher?');
    // Advice said with a verb in -ing: in its base form, up to a word of time.
    expect(namedAction('how often should I do that?', 'Slightly high; Dr. Bakker advises measuring at home for two weeks.', 'en')).toBe('how often should I measure at home?');
    expect(namedAction('how do I do that?', 'The manual recommends replacing the filter every three months.', 'en', 'How do I keep the dishwasher clean?')).toBe('how do I replace the filter?');
    expect(namedAction('how do I do that?', 'The manual recommends reading chapter 3.', 'en')).toBe('how do I read chapter 3?');
    // Dutch splits the verb in a question: the action goes beside it.
    expect(namedAction('hoe doe ik dat?', 'Vóór 1 mei. Je kunt uitstel aanvragen tot 1 september.', 'nl')).toBe('hoe doe ik dat (uitstel aanvragen)?');
    // With the verb first after an opening, up to the infinitive ("inkomen" is none), the answer's "je" the user's "mijn".
    expect(namedAction('hoe doe ik dat?', 'Dan moet je je inkomen wijzigen via Mijn toeslagen.', 'nl')).toBe('hoe doe ik dat (mijn inkomen wijzigen)?');
    expect(namedAction('hoe doe ik dat?', 'Je kunt het formulier invullen en opsturen.', 'nl')).toBe('hoe doe ik dat (het formulier invullen)?');
    // A preposition in -en is no infinitive, and a time before the action is no part of it.
    expect(namedAction('wat gebeurt er als ik het te laat doe?', 'Ja, een wijziging in je huishouden moet je binnen 4 weken doorgeven aan Dienst Toeslagen.', 'nl')).toBe('wat gebeurt er als ik het te laat doe (doorgeven)?');
    expect(namedAction('hoe doe ik dat?', 'Je kunt tot 1 juli bezwaar maken bij de Huurcommissie.', 'nl')).toBe('hoe doe ik dat (bezwaar maken)?');
    // What doing the advised thing costs or takes, with where it goes.
    const tribunal = 'Then you can take the case to the rent tribunal and ask for the deposit back.';
    expect(namedAction('how much does that cost?', tribunal, 'en')).toBe('how much does it cost to take the case to the rent tribunal?');
    expect(namedAction('How long will that take?', 'You should register your dishwasher online.', 'en')).toBe('How long will it take to register my dishwasher?');
    expect(namedAction('hoe lang duurt dat?', 'Je kunt bezwaar maken bij de gemeente.', 'nl')).toBe('hoe lang duurt dat (bezwaar maken)?');
    // Without advice, what the user asked whether they could do, without its pointing words.
    expect(namedAction('hoe doe ik dat?', 'Ja, binnen zes weken na de dagtekening.', 'nl', 'kan ik daar bezwaar tegen maken?')).toBe('hoe doe ik dat (bezwaar maken)?');
    expect(namedAction('hoe doe ik dat?', 'Ja, binnen zes weken na de dagtekening.', 'nl', 'hoe hoog is de WOZ-waarde?')).toBeUndefined();
    // "hoe vraag ik dat aan?" after a "mag ik …?" that the answer advised nothing on: what the user asked to do.
    const permission = 'Alleen met toestemming van de directeur, bijvoorbeeld voor een bruiloft.';
    expect(namedAction('hoe vraag ik dat aan?', permission, 'nl', 'mag ik mijn kind een dag eerder meenemen?')).toBe('hoe vraag ik dat aan (mijn kind een dag eerder meenemen)?');
    // With advice, the verb's object is read elsewhere ("hoe vraag ik uitstel aan?").
    expect(namedAction('hoe vraag ik dat aan?', 'Ja, je kunt uitstel aanvragen tot 1 september.', 'nl', 'kan ik uitstel krijgen?')).toBeUndefined();
    // Where the answer advised nothing, what the user asked how to do takes the time or money ("how long does it take?").
    const reset = 'Hold the reset button on the back for 10 seconds until the lights blink.';
    expect(namedAction('how long does it take?', reset, 'en', 'How do I reset my router to factory settings?')).toBe('how long does it take to reset my router?');
    expect(namedAction('how long will that take?', reset, 'en', 'How do I reset my router to factory settings?')).toBe('how long will it take to reset my router?');
    expect(namedAction('hoe lang duurt het?', 'Ja, voor maximaal drie maanden per jaar.', 'nl', 'Kan ik mijn abonnement pauzeren?')).toBe('hoe lang duurt het (mijn abonnement pauzeren)?');
    expect(namedAction('how long does it take?', reset, 'en', 'Which router did the shop recommend?')).toBeUndefined();
    // An object never opens with a preposition: "which one did I use" has its object up front ("to use in my experiments" is none).
    expect(namedAction('how long did that take?', 'Chapter 4 says you fine-tuned BERT-base.', 'en', 'which one did I use in my experiments?')).toBeUndefined();
    // Not what a thing costs ("how much does it cost?"), nor without advice.
    expect(namedAction('how much does it cost?', tribunal, 'en')).toBeUndefined();
    expect(namedAction('how much does that cost?', 'The deposit is two months of rent.', 'en')).toBeUndefined();
    // The advice is the user's to follow: not what someone else does.
    expect(namedAction('kan mijn partner dat voor mij doen?', 'Vóór 1 mei. Je kunt uitstel aanvragen tot 1 september.', 'nl')).toBeUndefined();
    expect(namedAction('can my partner do that for me?', tax, 'en')).toBeUndefined();
    // No advice, or no action pointed at: nothing.
    expect(namedAction('how do I do that?', 'Hold the reset button for ten seconds.', 'en')).toBeUndefined();
    expect(namedAction('does it work?', tax, 'en')).toBeUndefined();
    // Where the answer advised nothing, what the user asked about doing, when they ask about doing it.
    const oil = 'The owner\'s manual recommends an oil change every 10,000 km. Use 0W-20 synthetic oil.';
    expect(namedAction('can I do it myself?', oil, 'en', 'How often should I change the oil in my Corolla?')).toBe('can I change the oil myself?');
    expect(namedAction('how do i do that?', 'Hold the reset button for ten seconds.', 'en', 'How do I reset my router?')).toBe('how do i reset my router?');
    expect(namedAction('why did they do that?', oil, 'en', 'How often should I change the oil in my Corolla?')).toBeUndefined();
    const turns = [{ index: 0, user: 'When is my tax return due?', assistant: tax, similarity: 0.5, byRecency: true }];
    const r = lexicalRewrite({ query: 'how do I do that?', earlierUserTurns: ['When is my tax return due?'], turns });
    expect(r.resolved_query).toBe('how do I request an extension?');
    expect(r.trace.reference?.by).toBe('advice');
  });
});

describe('a pointing word for a text', () => {
  it('is the file the latest answer named', async () => {
    const notes = [
      { role: 'user' as const, text: 'Do I have notes on the Rust borrow checker?' },
      { role: 'assistant' as const, text: 'Yes, rust-notes.md explains ownership, borrowing and lifetimes.' },
    ];
    const run = await rewrite('what does it say about lifetimes?', notes);
    expect(run.result.resolved_query).toBe('what does rust-notes.md say about lifetimes?');
    expect(run.trace?.reference).toEqual({ phrase: 'rust-notes.md', by: 'file' });
    // Of several files, which one the words do not say; a pointing word that is no text is no file.
    const two = [notes[0]!, { role: 'assistant' as const, text: 'Yes: rust-notes.md and borrow.md.' }];
    expect((await rewrite('what does it say about lifetimes?', two)).trace?.reference?.by).not.toBe('file');
    expect((await rewrite('how does it work?', notes)).trace?.reference?.by).not.toBe('file');
    // What is done to a document is done to the file.
    expect((await rewrite('when did I write it?', notes)).result.resolved_query).toBe('when did I write rust-notes.md?');
  });

  it('leaves the thing the conversation is about to a pointing word that is no text', async () => {
    const notes = [
      { role: 'user' as const, text: 'Do I have notes on the Rust borrow checker?' },
      { role: 'assistant' as const, text: 'Yes, rust-notes.md explains ownership, borrowing and lifetimes.' },
    ];
    // The whole compound: the tagger took "borrow" for a verb and the reading was "the Rust".
    expect((await rewrite('how does it work?', notes)).result.resolved_query).toBe('how does the Rust borrow checker work?');
  });
});
