import { describe, expect, it } from 'vitest';
import { lexicalRewrite } from '../../../src/pipeline/rewrite/lexical/lexicalEngine.js';
import { itemsAsked, listItems, ordinalsAsked, resolveListPronoun, resolveOrdinal } from '../../../src/pipeline/rewrite/lexical/ordinal.js';
import { rewrite } from '../../../src/pipeline/rewrite/rewrite.js';
import { turnPairs } from '../../../src/pipeline/rewrite/targetedHistory.js';
import type { HistoryMessage } from '../../../src/pipeline/rewrite/types.js';
import { TermStats } from '../../../src/pipeline/search/termStats.js';
import { oneTextIndex } from '../../helpers/fixtureIndex.js';
import type { SelectedTurn } from '../../../src/pipeline/rewrite/targetedHistory.js';

const turn = (index: number, user: string, assistant = ''): SelectedTurn => ({ index, user, assistant, similarity: 0.5, byRecency: true });

describe('every item of a list of as many as the question counts', () => {
  it('are named beside "the two variants", or in the place of "those three"', () => {
    const thesis = [turn(0, 'What does chapter 2 say about transformer models?', 'Chapter 2 describes self-attention and two variants: BERT for encoding and GPT for generation.')];
    expect(resolveOrdinal("what's the difference between the two variants?", thesis, 'en')?.resolved).toBe("what's the difference between the two variants (BERT for encoding and GPT for generation)?");
    const quotes = [turn(0, 'Which quotes came in?', 'Three: Bruynzeel, Keller and Mandemakers.')];
    expect(resolveOrdinal('which of those three is cheapest?', quotes, 'en')?.resolved).toBe('which of Bruynzeel, Keller and Mandemakers is cheapest?');
    expect(resolveOrdinal('welke van die drie is het goedkoopst?', [turn(0, 'Welke offertes zijn binnen?', 'Drie: Bruynzeel, Keller en Mandemakers.')], 'nl')?.resolved).toBe('welke van Bruynzeel, Keller en Mandemakers is het goedkoopst?');
    // Not of a list of another length, nor "the two of us".
    expect(resolveOrdinal('which of the two is cheapest?', quotes, 'en')).toBeUndefined();
    expect(resolveOrdinal('can the two of us share a room?', [turn(0, 'Which rooms are free?', 'Two: room 12 and room 14.')], 'en')).toBeUndefined();
  });
});

describe('the items of a list', () => {
  it('are list lines, each up to its colon', () => {
    const reply = 'Steps:\n1. Mount the outdoor unit on the wall.\n2. Connect the refrigerant lines: use flare nuts.\n- Wire the indoor unit';
    expect(listItems(reply, 'en')).toEqual(['Mount the outdoor unit on the wall', 'Connect the refrigerant lines', 'Wire the indoor unit']);
  });

  it('are the parts of an enumeration, after a colon or the lead-in\'s verb, or steps as they stand', () => {
    expect(listItems('There are a few options: mutual funds, real estate, or day trading.', 'en')).toEqual(['mutual funds', 'real estate', 'day trading']);
    // An abbreviation's period ends no sentence ("et al.").
    expect(listItems('Three: Lewis et al. 2020 (RAG), Izacard and Grave 2021 (Fusion-in-Decoder) and Borgeaud et al. 2022 (RETRO).', 'en')).toEqual([
      'Lewis et al. 2020',
      'Izacard and Grave 2021',
      'Borgeaud et al. 2022',
    ]);
    // The lead-in's preposition is no part of the first item.
    expect(listItems('You are enrolled in Machine Learning, Databases and Technical Writing.', 'en')).toEqual(['Machine Learning', 'Databases', 'Technical Writing']);
    expect(listItems('It depends. The catalogue lists the Daikin Altherma 3 and the Mitsubishi Ecodan.', 'en')).toEqual(['the Daikin Altherma 3', 'the Mitsubishi Ecodan']);
    expect(listItems('Mount the outdoor unit, connect the refrigerant lines, then wire the indoor unit.', 'en')).toEqual(['Mount the outdoor unit', 'connect the refrigerant lines', 'wire the indoor unit']);
    // A phrase after the last item that says something of them all is none of them; a preposition every item opens with is theirs.
    expect(listItems('They evaluated on Natural Questions and TriviaQA, with a Wikipedia dump from December 2018.', 'en')).toEqual(['Natural Questions', 'TriviaQA']);
    expect(listItems('Hertz, Avis and Europcar, at Schiphol Plaza.', 'en')).toEqual(['Hertz', 'Avis', 'Europcar']);
    // Where the other items are names, the first is the name after the lead-in's preposition.
    expect(listItems('The survey compares results on Natural Questions, TriviaQA and HotpotQA.', 'en')).toEqual(['Natural Questions', 'TriviaQA', 'HotpotQA']);
    expect(listItems('Je kunt kiezen uit Vattenfall en Eneco, die allebei groene stroom leveren.', 'nl')).toEqual(['Vattenfall', 'Eneco']);
    expect(listItems('You can work at home, at work, or in the car.', 'en')).toHaveLength(3);
    // Steps after a lead-in: the first opens at the verb after the lead-in's auxiliary ("You can put …").
    expect(listItems('There are a few options. You can put money in a 401k through your employer, open an IRA, or buy index funds in a regular brokerage account.', 'en')).toEqual([
      'put money in a 401k through your employer',
      'open an IRA',
      'buy index funds in a regular brokerage account',
    ]);
    expect(listItems('Je kunt kiezen: huren, kopen of leasen.', 'nl')).toEqual(['huren', 'kopen', 'leasen']);
    // With commas, an "and" before the last comma is inside an item.
    expect(listItems('Three recipes use lentils: red lentil dahl (dahl.md), lentil and chorizo soup (soups.docx) and a lentil salad (salads.md).', 'en')).toEqual([
      'red lentil dahl',
      'lentil and chorizo soup',
      'a lentil salad',
    ]);
    expect(listItems('Je hebt nodig: peper en zout, olijfolie en knoflook.', 'nl')).toEqual(['peper en zout', 'olijfolie', 'knoflook']);
    // A preposition every item opens with is none of theirs.
    expect(listItems('Je hebt drie offertes: van Bouwbedrijf Jansen (8.400 euro), van Dakkapel Direct (7.950 euro) en van Timmerbedrijf De Vries (9.100 euro).', 'nl')).toEqual([
      'Bouwbedrijf Jansen',
      'Dakkapel Direct',
      'Timmerbedrijf De Vries',
    ]);
    // A list of files is a list of their names, however each is introduced.
    expect(listItems('Three files mention it: henderson-contract.docx, invoice-2024-031.pdf and the notes in meeting-2024-02-12.md.', 'en')).toEqual([
      'henderson-contract.docx',
      'invoice-2024-031.pdf',
      'meeting-2024-02-12.md',
    ]);
    // What is said of an item in brackets, commas and all, is no part of it.
    expect(listItems('Two projects are behind: the CRM migration (three weeks late, waiting on data cleanup) and the new intranet (one week late, design sign-off pending).', 'en')).toEqual([
      'the CRM migration',
      'the new intranet',
    ]);
    // Items with what the list says of them: the items, not the prices, nor the remark after them.
    expect(listItems('The installer quoted two heat pumps: the Daikin Altherma 3 for 8,900 euros and the Vaillant aroTHERM plus for 10,400 euros, both including installation.', 'en')).toEqual([
      'the Daikin Altherma 3',
      'the Vaillant aroTHERM plus',
    ]);
    expect(listItems('De offertes: de Daikin voor 8.900 euro, de Vaillant voor 10.400 euro en de Nibe voor 9.500 euro.', 'nl')).toEqual(['de Daikin', 'de Vaillant', 'de Nibe']);
    // Amounts with their unit, and what "with"/"met" adds to a named item, are said of the item.
    expect(listItems('The cardiologist prescribed metoprolol 50 mg twice a day and atorvastatin 20 mg once a day in the evening.', 'en')).toEqual(['metoprolol', 'atorvastatin']);
    expect(listItems('There are three quotes: Keukenstudio Noord for 14,200 euros with a delivery time of 8 weeks, Bruynzeel for 16,900 euros, and IKEA with own installation for 9,800 euros.', 'en')).toEqual([
      'Keukenstudio Noord',
      'Bruynzeel',
      'IKEA',
    ]);
    expect(listItems('You can choose the Dell XPS 13 with 16 GB, the MacBook Air M3 or the Lenovo ThinkPad X1.', 'en')).toEqual(['the Dell XPS 13', 'the MacBook Air M3', 'the Lenovo ThinkPad X1']);
    expect(listItems('Je kunt kiezen uit Vattenfall met groene stroom, Eneco of Essent.', 'nl')).toEqual(['Vattenfall', 'Eneco', 'Essent']);
    // Dutch items may open with a possessive, differ more in length when each opens so, and leave the sentence's last word.
    expect(listItems('Je hebt een werkgeversverklaring, je laatste drie loonstroken, een recent bankafschrift en een kopie van je paspoort nodig.', 'nl')).toEqual([
      'een werkgeversverklaring',
      'je laatste drie loonstroken',
      'een recent bankafschrift',
      'een kopie van je paspoort',
    ]);
    // A subject and its verb lead in.
    expect(listItems('Je hebt een werkgeversverklaring, drie loonstroken en een bankafschrift nodig.', 'nl')).toEqual(['een werkgeversverklaring', 'drie loonstroken', 'een bankafschrift']);
    // How often is said of an item, and is none; a verb the tagger took for a noun still leads in; "'s" stays on its word.
    expect(listItems('The leaflet lists stomach pain, nausea, heartburn and, rarely, stomach bleeding.', 'en')).toEqual(['stomach pain', 'nausea', 'heartburn', 'stomach bleeding']);
    expect(listItems("You need an employer's statement, your last three payslips and a copy of your passport.", 'en')).toEqual([
      "an employer's statement",
      'your last three payslips',
      'a copy of your passport',
    ]);
    // Two parts after a colon without "and"/"or" are a sentence, not a list.
    expect(listItems('Continuous replication: failover takes minutes, against hours for snapshots.', 'en')).toEqual([]);
    // Dutch lead-ins end at "uit", or before the article the other items open with.
    expect(listItems('U kunt kiezen uit huren, kopen of leasen.', 'nl')).toEqual(['huren', 'kopen', 'leasen']);
    expect(listItems('Je kunt kiezen uit een annuïteitenhypotheek, een lineaire hypotheek of een aflossingsvrije hypotheek.', 'nl')).toEqual([
      'een annuïteitenhypotheek',
      'een lineaire hypotheek',
      'een aflossingsvrije hypotheek',
    ]);
    // The lead-in's verb, not a participle inside the first item.
    expect(listItems('It returns 401 for expired tokens, 403 for missing scopes or 500 for server errors.', 'en')[0]).toBe('401 for expired tokens');
  });

  it('are none without a conjunction or colon, or where the parts are clauses', () => {
    expect(listItems('Jamestown, founded in 1607.', 'en')).toEqual([]);
    expect(listItems('If you have money you can buy a house in the city, and you will pay less rent over the years.', 'en')).toEqual([]);
  });
});

describe('a list named in full for "them"', () => {
  const rental = [turn(0, 'Can I rent a car at Schiphol airport?', 'Yes, Hertz, Avis and Europcar have desks in the arrivals hall at Schiphol.')];
  const list = (q: string, turns = rental): string | undefined => resolveListPronoun(q, turns, 'en')?.resolved;

  it('reads the items of a sentence that goes on after its last one, without an answer\'s "Yes"', () => {
    expect(listItems(rental[0]!.assistant, 'en')).toEqual(['Hertz', 'Avis', 'Europcar']);
  });

  it('puts the named items in place of "them"', () => {
    expect(list('compare them')).toBe('compare Hertz, Avis and Europcar');
    expect(list('which of them is open at night?')).toBe('which of Hertz, Avis and Europcar is open at night?');
    // "which of those", and titles with their small words (no verb of "The Buried Giant" ends the list).
    const books = [turn(0, 'what else has he written?', 'Ishiguro also wrote The Remains of the Day, Never Let Me Go and The Buried Giant.')];
    expect(list('which of those won the Booker?', books)).toBe('which of The Remains of the Day, Never Let Me Go and The Buried Giant won the Booker?');
    // A bare "those" is no list.
    expect(list('are those any good?')).toBeUndefined();
  });

  it('names things with their article, and reads an earlier reply\'s list when the latest turn is about one of its items', () => {
    const laptops = 'The notes compare the Dell XPS 13, the MacBook Air M3 and the Lenovo ThinkPad X1 Carbon.';
    const answers = [
      { index: 0, text: laptops },
      { index: 1, text: 'The MacBook Air M3, with about 15 hours of video playback.' },
    ];
    const turns = [turn(1, 'Which one has the best battery life?', answers[1]!.text)];
    expect(resolveListPronoun('compare them', turns, 'en', answers)).toMatchObject({
      resolved: 'compare the Dell XPS 13, the MacBook Air M3 and the Lenovo ThinkPad X1 Carbon',
      turn: 0,
    });
    // Not when the latest turn is about something else.
    const other = [turn(1, 'What does the warranty cover?', 'Repairs for two years.')];
    expect(resolveListPronoun('compare them', other, 'en', [answers[0]!, { index: 1, text: 'Repairs for two years.' }])).toBeUndefined();
  });

  it('is nothing for "they", a list of clauses or lower-case things, a long list, or another language', () => {
    expect(list('are they open at night?')).toBeUndefined();
    expect(list('compare them', [turn(0, 'What should I pack?', 'You need sun cream, a hat and good shoes.')])).toBeUndefined();
    expect(list('compare them', [turn(0, 'Which brands?', 'Try Hertz, Avis, Sixt, Budget and Europcar.')])).toBeUndefined();
    expect(resolveListPronoun('vergelijk ze', rental, 'nl')).toBeUndefined();
  });
});

describe('an item pointed at by its place', () => {
  const pumps = [turn(0, 'Which heat pumps does the catalogue list?', 'The catalogue lists the Daikin Altherma 3 and the Mitsubishi Ecodan.')];

  it('is put in place of "the first one", "the latter", "the last"', () => {
    expect(resolveOrdinal('how loud is the first one?', pumps, 'en')).toEqual({
      resolved: 'how loud is the Daikin Altherma 3?',
      item: 'the Daikin Altherma 3',
      others: ['the Mitsubishi Ecodan'],
      list: ['the Daikin Altherma 3', 'the Mitsubishi Ecodan'],
      named: { text: 'the Daikin Altherma 3', at: 12 },
      turn: 0,
    });
    expect(resolveOrdinal('is the latter cheaper?', pumps, 'en')?.resolved).toBe('is the Mitsubishi Ecodan cheaper?');
    expect(resolveOrdinal('tell me about the last', pumps, 'en')?.resolved).toBe('tell me about the Mitsubishi Ecodan');
    // An item the list gave with "a" is a known one when named again.
    const incidents = [{ index: 0, user: 'what were the two incidents?', assistant: 'A database failover on 12 August, and a certificate expiry on 3 September.', similarity: 1, byRecency: true }];
    expect(resolveOrdinal('how was the second one fixed?', incidents, 'en')?.resolved).toBe('how was the certificate expiry fixed?');
  });

  it('are several for "the first two", "the last three", "de eerste twee", named without their bracketed details', () => {
    const priced = [turn(0, 'Which heat pumps are in the quotes?', 'Three:\n- Daikin Altherma 3 (8,900 euros)\n- Mitsubishi Ecodan (9,400 euros)\n- Vaillant aroTHERM plus (10,200 euros)')];
    expect(listItems(priced[0]!.assistant, 'en')).toEqual(['Daikin Altherma 3', 'Mitsubishi Ecodan', 'Vaillant aroTHERM plus']);
    expect(resolveOrdinal('compare the first two', priced, 'en')).toEqual({
      resolved: 'compare Daikin Altherma 3 and Mitsubishi Ecodan',
      item: 'Daikin Altherma 3 and Mitsubishi Ecodan',
      others: ['Vaillant aroTHERM plus'],
      list: ['Daikin Altherma 3', 'Mitsubishi Ecodan', 'Vaillant aroTHERM plus'],
      named: { text: 'Daikin Altherma 3 and Mitsubishi Ecodan', at: 8 },
      turn: 0,
    });
    expect(resolveOrdinal('which of the last two is quieter?', priced, 'en')?.resolved).toBe('which of Mitsubishi Ecodan and Vaillant aroTHERM plus is quieter?');
    expect(resolveOrdinal('vergelijk de eerste twee', priced, 'nl')?.resolved).toBe('vergelijk Daikin Altherma 3 en Mitsubishi Ecodan');
    // More than the list has: no reading at all ("compare Daikin Altherma 3 four" was one).
    expect(resolveOrdinal('compare the first four', priced, 'en')).toBeUndefined();
  });

  it('is named beside a noun such as "step" or "option", also in Dutch', () => {
    const steps = [turn(0, 'How do I install it?', 'Mount the outdoor unit, connect the refrigerant lines, then wire the indoor unit.')];
    expect(resolveOrdinal('how long does the second step take?', steps, 'en')?.resolved).toBe('how long does the second step (connect the refrigerant lines) take?');
    const options = [turn(0, 'Welke opties heb ik?', 'Je kunt kiezen: huren, kopen of leasen.')];
    expect(resolveOrdinal('wat kost de laatste optie?', options, 'nl')?.resolved).toBe('wat kost de laatste optie (leasen)?');
    expect(resolveOrdinal('is de laatste goedkoper?', options, 'nl')?.resolved).toBe('is leasen goedkoper?');
    expect(resolveOrdinal('wat kost de eerste maand?', options, 'nl')).toBeUndefined();
  });

  it('reads a step of a list of steps that differ in length: done in the place of "do the second one", named beside any other use', () => {
    const checklist = [turn(0, "What's left on my moving checklist?", 'Three items: cancel the internet at the old address, register at the new municipality, and book the moving van.')];
    expect(listItems(checklist[0]!.assistant, 'en')).toEqual(['cancel the internet at the old address', 'register at the new municipality', 'book the moving van']);
    expect(resolveOrdinal('when do I have to do the second one?', checklist, 'en')?.resolved).toBe('when do I have to register at the new municipality?');
    expect(resolveOrdinal('who owns the second one?', checklist, 'en')?.resolved).toBe('who owns the second one (register at the new municipality)?');
    // Names still need to be alike in length: a clause after a list of them is no item.
    expect(listItems('We visited Rome, Paris and the small village in the mountains where my grandmother was born.', 'en')).toEqual([]);
  });

  it('reads the list in the question when the reply has none ("Compare A and B." — "is the latter …")', () => {
    const compare = [turn(0, 'Compare the Dell XPS and the ThinkPad X1.', 'The Dell is lighter; the ThinkPad has the better keyboard.')];
    expect(resolveOrdinal('is the latter more expensive?', compare, 'en')?.resolved).toBe('is the ThinkPad X1 more expensive?');
  });

  it('is nothing where the ordinal belongs to another noun, the place is past the list, or there is no list', () => {
    expect(resolveOrdinal('what was the first English colony?', pumps, 'en')).toBeUndefined();
    expect(resolveOrdinal('who was the first user?', pumps, 'en')).toBeUndefined();
    expect(resolveOrdinal('is the first quieter?', pumps, 'en')?.resolved).toBe('is the Daikin Altherma 3 quieter?');
    expect(resolveOrdinal('is that last one free?', [turn(0, 'How do I back up photos?', 'You can use iCloud Photos, an external drive, or Google Photos.')], 'en')?.resolved).toBe('is Google Photos free?');
    expect(resolveOrdinal('and the third one?', pumps, 'en')).toBeUndefined();
    expect(resolveOrdinal('how loud is the first one?', [turn(0, 'Is it loud?', 'It is quiet.')], 'en')).toBeUndefined();
  });
});

describe('an item pointed at by its price', () => {
  const hotels = [turn(0, 'Which hotels did we shortlist for the conference in Lisbon?', 'The shortlist has three hotels: the Tivoli Avenida (210 euros a night), the Memmo Alfama (185 euros) and the Lumiares (160 euros).')];
  it('is the item of the lowest or highest amount, named or beside the noun the conversation used', () => {
    expect(resolveOrdinal('does the cheapest have a pool?', hotels, 'en')?.resolved).toBe('does the Lumiares have a pool?');
    // "the cheaper one" chooses between two, and only two.
    const flats = [turn(0, 'Which apartments have a balcony?', 'Two of them: the one on Vondelstraat 14 (1,650 euros) and the one on Javastraat 88 (1,480 euros).')];
    expect(resolveOrdinal('does the cheaper one allow pets?', flats, 'en')?.resolved).toBe('does the one on Javastraat 88 allow pets?');
    expect(resolveOrdinal('is the more expensive one bigger?', flats, 'en')?.resolved).toBe('is the one on Vondelstraat 14 bigger?');
    expect(resolveOrdinal('does the cheaper one have a pool?', hotels, 'en')).toBeUndefined();
    expect(resolveOrdinal('is the most expensive one near the venue?', hotels, 'en')?.resolved).toBe('is the Tivoli Avenida near the venue?');
    expect(resolveOrdinal('how far is the cheapest hotel from the airport?', hotels, 'en')?.resolved).toBe('how far is the cheapest hotel (the Lumiares) from the airport?');
    // Amounts with thousands grouped, in Dutch.
    const quotes = [turn(0, 'Welke offertes heb ik?', 'Je hebt drie offertes: van Bouwbedrijf Jansen (8.400 euro), van Dakkapel Direct (7.950 euro) en van Timmerbedrijf De Vries (10.100 euro).')];
    expect(resolveOrdinal('wat is de levertijd van de goedkoopste?', quotes, 'nl')?.item).toBe('Dakkapel Direct');
    expect(resolveOrdinal('is de duurste beter?', quotes, 'nl')?.item).toBe('Timmerbedrijf De Vries');
  });

  it('is none where an item has no amount, or two share the lowest, or the question asks which it is', () => {
    expect(resolveOrdinal('which one is the cheapest?', hotels, 'en')).toBeUndefined();
    expect(resolveOrdinal('what is the cheapest?', hotels, 'en')).toBeUndefined();
    expect(resolveOrdinal('does the cheapest have a pool?', [turn(0, 'Which hotels?', 'The Tivoli Avenida (210 euros), the Memmo Alfama and the Lumiares (160 euros).')], 'en')).toBeUndefined();
    expect(resolveOrdinal('does the cheapest have a pool?', [turn(0, 'Which hotels?', 'The Tivoli Avenida (160 euros), the Memmo Alfama (185 euros) and the Lumiares (160 euros).')], 'en')).toBeUndefined();
  });

  it('is read from an earlier answer\'s prices when the latest turn has none', () => {
    const later = [hotels[0]!, turn(1, 'which of them has a rooftop bar?', 'The Memmo Alfama and the Tivoli Avenida both have a rooftop bar.')];
    const answers = later.map((t) => ({ index: t.index, text: t.assistant }));
    expect(resolveOrdinal('is breakfast included at the cheapest?', later.slice(1), 'en', answers)).toMatchObject({ resolved: 'is breakfast included at the Lumiares?', turn: 0 });
  });
});

describe('the items of a list of dates', () => {
  it('leave out the day said of each ("Julia Kowalski on Thursday")', () => {
    expect(listItems('You interviewed three candidates: Lotte Smit on Monday, Ahmed Benali on Tuesday and Julia Kowalski on Thursday.', 'en')).toEqual(['Lotte Smit', 'Ahmed Benali', 'Julia Kowalski']);
  });

  it('leave out the date said of each ("go-live on 1 April")', () => {
    expect(listItems('The project plan lists three milestones: design sign-off on 15 January, content migration by 28 February and go-live on 1 April.', 'en')).toEqual([
      'design sign-off',
      'content migration',
      'go-live',
    ]);
  });
});

describe('the items of a Dutch list after a verb that introduces it', () => {
  it('are what "noemt", "bevat" … introduce', () => {
    expect(listItems('De leeslijst noemt Max Havelaar van Multatuli, De avonden van Gerard Reve en Het diner van Herman Koch.', 'nl')).toEqual([
      'Max Havelaar van Multatuli',
      'De avonden van Gerard Reve',
      'Het diner van Herman Koch',
    ]);
  });
});

describe('the items of a choice or a comparison', () => {
  it('are the choices a which-question ends with, not the question before them', () => {
    expect(listItems('Which laptop has the longest battery life, the XPS 13 or the ThinkPad X1?', 'en')).toEqual(['the XPS 13', 'the ThinkPad X1']);
    expect(listItems('Which is cheaper, the Daikin or the Mitsubishi?', 'en')).toEqual(['the Daikin', 'the Mitsubishi']);
    expect(listItems('Welke is goedkoper, de Daikin of de Mitsubishi?', 'nl')).toEqual(['de Daikin', 'de Mitsubishi']);
  });

  it('are the subjects where only an amount follows the verb, and items without an amount said "up to"', () => {
    expect(listItems('The XPS 13 weighs 1.17 kg and the ThinkPad X1 Carbon 1.12 kg.', 'en')).toEqual(['The XPS 13', 'the ThinkPad X1 Carbon']);
    expect(listItems('The spec sheets give the XPS 13 up to 14 hours and the ThinkPad X1 Carbon up to 15 hours of battery life.', 'en')).toEqual(['the XPS 13', 'the ThinkPad X1 Carbon']);
  });

  it('give the second one of a comparison, and a choice asked again two questions on', async () => {
    const history: HistoryMessage[] = [
      { role: 'user', text: 'Which laptop has the longest battery life, the XPS 13 or the ThinkPad X1?' },
      { role: 'assistant', text: 'The spec sheets give the XPS 13 up to 14 hours and the ThinkPad X1 Carbon up to 15 hours of battery life.' },
      { role: 'user', text: 'and which one is lighter?' },
      { role: 'assistant', text: 'The XPS 13 weighs 1.17 kg and the ThinkPad X1 Carbon 1.12 kg.' },
    ];
    expect((await rewrite('how much RAM does the second one have?', history)).result.resolved_query).toBe('how much RAM does the ThinkPad X1 Carbon have?');
    const ports = (await rewrite('which has more ports?', history)).result;
    expect(ports.resolved_query).toBe('which laptop has more ports, the XPS 13 or the ThinkPad X1?');
    expect(ports.intent).toBe('compare');
    // "which one" names no thing of its own: "and the price?" is not "the price of the one".
    expect((await rewrite('and the price?', history)).result.resolved_query).not.toMatch(/\bthe one\b/);
  });
});

describe('the lexical engine with a list item', () => {
  it('searches the chosen item, not the others', () => {
    const r = lexicalRewrite({ query: 'how loud is the first one?', earlierUserTurns: ['Which heat pumps does the catalogue list?'], turns: [turn(0, 'Which heat pumps does the catalogue list?', 'The catalogue lists the Daikin Altherma 3 and the Mitsubishi Ecodan.')] });
    expect(r.resolved_query).toBe('how loud is the Daikin Altherma 3?');
    expect(r.trace.reference).toEqual({ phrase: 'the Daikin Altherma 3', by: 'list item' });
    expect(r.keywords).toEqual(expect.arrayContaining(['daikin', 'altherma']));
    expect(r.keywords).not.toContain('ecodan');
    expect(r.keywords).not.toContain('mitsubishi');
  });

  it('names the whole list for "them", and searches every item', () => {
    const turns = [turn(0, 'Can I rent a car at Schiphol airport?', 'Yes, Hertz, Avis and Europcar have desks in the arrivals hall at Schiphol.')];
    const r = lexicalRewrite({ query: 'which of them is open at night?', earlierUserTurns: ['Can I rent a car at Schiphol airport?'], turns });
    expect(r.resolved_query).toBe('which of Hertz, Avis and Europcar is open at night?');
    expect(r.trace.reference).toEqual({ phrase: 'Hertz, Avis and Europcar', by: 'list item' });
    expect(r.keywords).toEqual(expect.arrayContaining(['hertz', 'avis', 'europcar']));
  });

  it('reads an earlier reply\'s list when the latest turn has none', () => {
    const answers = [
      { index: 0, text: 'Three options:\n1. Nightly snapshots to S3\n2. Continuous replication\n3. Weekly backups to tape' },
      { index: 1, text: 'Continuous replication: failover takes minutes.' },
    ];
    const turns = [turn(1, 'Which one is fastest to restore?', answers[1]!.text)];
    expect(resolveOrdinal('what does the third option cost?', turns, 'en', answers)).toMatchObject({ item: 'Weekly backups to tape', turn: 0 });
    // Without the conversation's answers, only the selected turns are read.
    expect(resolveOrdinal('what does the third option cost?', turns, 'en')).toBeUndefined();
  });
});

describe('an earlier question that named a list item by its place', () => {
  const u = (text: string): HistoryMessage => ({ role: 'user', text });
  const a = (text: string): HistoryMessage => ({ role: 'assistant', text });
  const medicines = [
    u('Which medications did the cardiologist prescribe?'),
    a('The cardiologist prescribed metoprolol 50 mg twice a day, atorvastatin 20 mg in the evening and aspirin 80 mg.'),
    u('What are the side effects of the first one?'),
    a('Metoprolol can cause tiredness, dizziness, cold hands and feet, and a slow heartbeat.'),
  ];

  it('is read as naming the item, from the list before it', () => {
    const asked = ordinalsAsked(turnPairs(medicines, Infinity), 'en');
    expect([...asked.keys()]).toEqual([1]);
    expect(asked.get(1)).toMatchObject({ resolved: 'What are the side effects of metoprolol?', item: 'metoprolol', turn: 0 });
  });

  it('is asked again of another item of its list by "and of the second?", "what about the last one?", "en van de tweede?"', async () => {
    for (const q of ['and of the second?', 'and the second one?', 'what about the second?']) {
      expect((await rewrite(q, medicines)).result.resolved_query).toBe('What are the side effects of atorvastatin?');
    }
    expect((await rewrite('and the last one?', medicines)).result.resolved_query).toBe('What are the side effects of aspirin?');
    // A question of its own about "the second one" means the latest list's: the side effects.
    expect((await rewrite('what causes the second one?', medicines)).result.resolved_query).toBe('what causes dizziness?');
    // Asked again a third time: the same list, the same question.
    const chain = [...medicines, u('and of the second?'), a('Atorvastatin can cause muscle pain and headaches.')];
    expect((await rewrite('and the third?', chain)).result.resolved_query).toBe('What are the side effects of aspirin?');
    const dutch = [
      u('Welke hypotheekvormen noemt de adviseur?'),
      a('De adviseur noemt drie vormen: een annuïteitenhypotheek, een lineaire hypotheek en een aflossingsvrije hypotheek.'),
      u('wat zijn de maandlasten van de eerste?'),
      a('Bij een annuïteitenhypotheek van 300.000 euro zijn de maandlasten ongeveer 1.400 euro bruto.'),
    ];
    expect((await rewrite('en van de tweede?', dutch)).result.resolved_query).toBe('wat zijn de maandlasten van een lineaire hypotheek?');
    expect((await rewrite('en de laatste?', dutch)).result.resolved_query).toBe('wat zijn de maandlasten van een aflossingsvrije hypotheek?');
  });

  it('keeps a step named beside its noun ("and the third step?")', async () => {
    const steps = [u('How do I install the heat pump?'), a('1. Mount the outdoor unit\n2. Connect the refrigerant lines\n3. Wire the indoor unit'), u('explain the second step'), a('Connecting the lines means flaring the pipes.')];
    expect((await rewrite('and the third step?', steps)).result.resolved_query).toBe('explain the third step (Wire the indoor unit)');
    // The question is read as written, "the second step" being a phrase of its own; "… of the first one?" names its item.
    const asked = ordinalsAsked(turnPairs(steps, Infinity), 'en');
    expect(asked.get(1)?.resolved).toBe('explain the second step (Connect the refrigerant lines)');
    expect(itemsAsked(asked).size).toBe(0);
    expect([...itemsAsked(ordinalsAsked(turnPairs(medicines, Infinity), 'en')).keys()]).toEqual([1]);
  });

  it('is what "it" stands for afterwards', async () => {
    const leaflet = oneTextIndex('leaflet.txt', 'Metoprolol is a beta blocker. Do not drink alcohol while taking metoprolol: it can lower your blood pressure too much.');
    try {
      const { result } = await rewrite('can I drink alcohol with it?', medicines, {}, { termStats: new TermStats(leaflet.store) });
      expect(result.resolved_query).toBe('can I drink alcohol with metoprolol?');
    } finally {
      leaflet.cleanup();
    }
  });
});
