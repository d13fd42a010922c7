import { describe, expect, it } from 'vitest';
import { resolveDemonstrative } from '../../../src/pipeline/rewrite/lexical/demonstrative.js';
import { lexicalRewrite } from '../../../src/pipeline/rewrite/lexical/lexicalEngine.js';
import type { SelectedTurn } from '../../../src/pipeline/rewrite/targetedHistory.js';

const turn = (index: number, user: string, assistant = ''): SelectedTurn => ({ index, user, assistant, similarity: 0.5, byRecency: false });
const resolved = (query: string, turns: SelectedTurn[], language = 'en'): string | undefined => resolveDemonstrative(query, turns, language)?.resolved;

describe('a noun pointed at with a demonstrative', () => {
  it('takes what the conversation said of the noun: its modifiers and the phrase after it', () => {
    const rules = [turn(0, 'Can I day trade in an IRA with $5500?', 'No. In the US you must follow the SEC rules on pattern day trading, which require $25,000.')];
    expect(resolveDemonstrative('I am not sure those rules apply to IRAs', rules, 'en')).toEqual({ resolved: 'I am not sure the SEC rules on pattern day trading apply to IRAs', phrase: 'SEC rules on pattern day trading', turn: 0 });
    const period = [turn(0, 'What is the notice period in my employment contract?', 'Two months for you, three for the employer.')];
    expect(resolved('can that period be shortened?', period)).toBe('can the notice period in my employment contract be shortened?');
    const effects = [turn(0, 'What are the side effects of ibuprofen?', 'Common side effects are stomach pain and nausea.')];
    expect(resolved('how common are these side effects?', effects)).toBe('how common are the side effects of ibuprofen?');
    // What the thing is for: "a ticket to give each job its own port".
    const ticket = [turn(0, 'how did we fix it then?', 'Both times someone restarted the runner; a ticket to give each job its own port is still open.')];
    expect(resolved('who owns that ticket?', ticket)).toBe('who owns the ticket to give each job its own port?');
    expect(resolved('Those side effects, are they serious?', effects)).toBe('The side effects of ibuprofen, are they serious?');
    // The tagger's "that file" (a pronoun and a verb) is a demonstrative and its noun.
    const proxy = [turn(0, 'How do I configure the proxy?', 'Set HTTP_PROXY in the config file, then restart the gateway.')];
    expect(resolved('where is that file?', proxy)).toBe('where is the config file?');
    const vpn = [turn(0, 'How do I set up the VPN on my laptop?', 'The IT guide says to install the GlobalProtect client.')];
    expect(resolved('where is that guide?', vpn)).toBe('where is the IT guide?');
    // What a thing is from or for is part of it: "the quote from Kitchen House North".
    // After "who", the tagger's noun before "that" is the question's verb.
    const talk = [turn(0, 'When is my talk?', 'On Wednesday at 11:20, in the session on conversational search.')];
    expect(resolved('who chairs that session?', talk)).toBe('who chairs the session on conversational search?');
    const quote = [turn(0, 'How much does the kitchen cost?', 'The quote from Kitchen House North comes to 14,250 euros.')];
    expect(resolved('is that quote still valid?', quote)).toBe('is the quote from Kitchen House North still valid?');
  });

  it('reads "such a" as the kind the conversation named, and a reply\'s "your" as the user\'s "my"', () => {
    const breach = [turn(0, 'What does the contract say about termination?', 'Either party may terminate with 90 days notice, or at once for material breach.')];
    expect(resolved('what counts as such a breach?', breach)).toBe('what counts as a material breach?');
    const plan = [turn(0, 'Which plan am I on?', 'You are on the basic plan in your region.')];
    expect(resolved('what does that plan cost?', plan)).toBe('what does the basic plan in my region cost?');
  });

  it('is the name the noun was said of, or that stands beside it', () => {
    const company = [turn(0, 'Tell me about TechCorp', 'TechCorp is an EV company based in Austin.')];
    expect(resolved('What about that company?', company)).toBe('What about TechCorp?');
    const album = [turn(0, 'Did they make other records?', 'In 2000 they released their seventh album, Outbound, another studio album.')];
    expect(resolved('how did that album do?', album)).toBe('how did the album Outbound do?');
    const owner = [turn(0, 'What is Fiji Bitter?', "Fiji Bitter is Marc Hunter's debut solo album")];
    expect(resolved('were there singles from that album?', owner)).toBe("were there singles from Marc Hunter's debut solo album?");
  });

  it('leaves the question when the conversation adds nothing, lacks the noun, or names another one', () => {
    const reset = [turn(0, 'How do I reset my router?', 'Hold the button for 10 seconds.')];
    // "the button" says no more than "that button"; a quantity after it is no part of it.
    expect(resolved('does that button exist on all models?', reset)).toBeUndefined();
    expect(resolved('does that switch exist on all models?', reset)).toBeUndefined();
    // "this 3rd album" is not the album the conversation named; "these albums" not one album.
    const album = [turn(0, 'Did they release another album?', 'Anti-Flag released the album A New Kind of Army.')];
    expect(resolved('what is the name of this 3rd album?', album)).toBeUndefined();
    const named = [turn(0, 'What is Outbound?', 'Outbound is an album by Béla Fleck.')];
    expect(resolved('are these albums on vinyl?', named)).toBeUndefined();
    // Set phrases point at nothing.
    expect(resolved('In that case, why do I pay tax?', [turn(0, 'Is my case special?', 'Your case is a common one.')])).toBeUndefined();
  });

  it('reads a "that" the tagger took for a conjunction as pointing when no verb follows its noun', () => {
    const guide = [turn(0, 'What does the guide say about laptops?', 'The guide links the laptop policy for details.')];
    // "for details" says why, and is no part of the policy.
    expect(resolved('where can I find that policy?', guide)).toBe('where can I find the laptop policy?');
    expect(resolved('I think that policy changes often', guide)).toBeUndefined();
    const minutes = [turn(0, 'Summarise the minutes.', 'The board postponed the hiring plan.')];
    expect(resolved('why was that plan postponed?', minutes)).toBe('why was the hiring plan postponed?');
  });

  it('points into the latest two turn pairs only', () => {
    const turns = [turn(0, 'What is the notice period in my contract?', 'Two months.'), turn(1, 'Who wrote it?', 'HR.'), turn(2, 'When was it signed?', 'In May.')];
    expect(resolved('can that period be shortened?', turns)).toBeUndefined();
    expect(resolved('can that period be shortened?', turns.slice(0, 2))).toBe('can the notice period in my contract be shortened?');
  });

  it('in Dutch, takes the noun the conversation said after an article, with its phrase', () => {
    const warranty = [turn(0, 'Hoe lang is de garantie op de warmtepomp?', 'De garantie is 7 jaar op de compressor.')];
    expect(resolved('geldt die garantie ook bij verhuizing?', warranty, 'nl')).toBe('geldt de garantie op de warmtepomp ook bij verhuizing?');
    expect(resolved('geldt die regel ook bij verhuizing?', warranty, 'nl')).toBeUndefined();
    // With an adjective, the noun said with that adjective.
    const policy = [turn(0, 'Wat staat er in mijn zorgpolis over fysiotherapie?', 'Je aanvullende verzekering bij Zilveren Kruis vergoedt 9 behandelingen; de basisverzekering vergoedt pas vanaf de 21e.')];
    expect(resolved('wat kost die aanvullende verzekering?', policy, 'nl')).toBe('wat kost de aanvullende verzekering bij Zilveren Kruis?');
    // A noun in -e before a word that is no noun is the noun itself.
    const board = [turn(0, 'Wie zit er in de kascommissie van de vereniging?', 'De kascommissie bestaat uit Henk de Vries en Fatima Bakker.')];
    expect(resolved('wat doet die commissie precies?', board, 'nl')).toBe('wat doet de kascommissie van de vereniging precies?');
    // A "de" noun may stand without an article.
    const pets = [turn(0, 'Wat zegt het huurcontract over huisdieren?', 'Huisdieren mogen met schriftelijke toestemming van de verhuurder.')];
    expect(resolved('hoe vraag ik die toestemming aan?', pets, 'nl')).toBe('hoe vraag ik de schriftelijke toestemming van de verhuurder aan?');
    const lease = [turn(0, 'Wat staat er in het contract van de verhuurder?', 'Het contract van de verhuurder loopt een jaar; de prijzen van de huur stijgen jaarlijks.')];
    expect(resolved('kan ik dat contract opzeggen?', lease, 'nl')).toBe('kan ik het contract van de verhuurder opzeggen?');
    // A name after the preposition, whole.
    const kitchen = [turn(0, 'Hoeveel kost de keuken?', 'De offerte van Keukenhuis Noord komt op 14.250 euro.')];
    expect(resolved('is die offerte nog geldig?', kitchen, 'nl')).toBe('is de offerte van Keukenhuis Noord nog geldig?');
    // "dat" before a noun said with "de" (or a plural) is a conjunction: "… dat prijzen stijgen".
    expect(resolved('klopt het dat prijzen van de huur stijgen?', lease, 'nl')).toBeUndefined();
    // A compound of the noun names it more fully; a noun that only ends like one is none.
    const energy = [turn(0, 'En voor mijn energiecontract?', 'Het energiecontract heeft een opzegtermijn van 30 dagen; bij een vast contract betaal je een opzegvergoeding.')];
    expect(resolved('hoeveel is die vergoeding?', energy, 'nl')).toBe('hoeveel is de opzegvergoeding?');
    expect(resolved('hoe lang is die termijn?', energy, 'nl')).toBe('hoe lang is de opzegtermijn?');
    expect(resolved('hoe groot is die ring?', [turn(0, 'Wie zit in de kring?', 'De kring heeft tien leden.')], 'nl')).toBeUndefined();
  });
});

describe('the lexical engine with a demonstrative', () => {
  it('puts the conversation\'s phrase in the question and says where it came from', () => {
    const r = lexicalRewrite({
      query: 'how common are these side effects?',
      earlierUserTurns: ['What are the side effects of ibuprofen?'],
      turns: [turn(0, 'What are the side effects of ibuprofen?', 'Common side effects are stomach pain and nausea.')],
    });
    expect(r.resolved_query).toBe('how common are the side effects of ibuprofen?');
    expect(r.search_query).toContain('ibuprofen');
    expect(r.keywords).toContain('ibuprofen');
    expect(r.kinds).toContain('conversational');
    expect(r.used_turns).toEqual([0]);
    expect(r.trace.reference).toEqual({ phrase: 'side effects of ibuprofen', by: 'demonstrative', article: 'the' });
  });
});

