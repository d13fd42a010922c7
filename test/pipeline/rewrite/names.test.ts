import { describe, expect, it } from 'vitest';
import { completeNames, namesIn, personAntecedent, resolvePerson } from '../../../src/pipeline/rewrite/lexical/names.js';

describe('names in a conversation', () => {
  it('are runs of capitalised words without the question word or article that opens them', () => {
    expect(namesIn('Did Herb Jeffries and his band tour?')).toEqual(['Herb Jeffries']);
    expect(namesIn("What was Meir Kahane's ideology?")).toEqual(['Meir Kahane']);
    expect(namesIn('Stan Musial and Hank Aaron played in the NFL. In July he met Paul McCartney.')).toEqual(['Stan Musial', 'Hank Aaron', 'Paul McCartney']);
    // Nor the verb an instruction opens with ("and the receipt?" had been "and the receipt (Contact Bosch)?").
    expect(namesIn('Contact Bosch customer service at 088 4244 010.')).toEqual(['Bosch']);
    expect(namesIn('Bel Ziggo op 0900 1884.')).toEqual(['Ziggo']);
  });

  it('keep a model\'s letters and number ("Gazelle Ultimate C380", "ThinkPad T14 Gen 5"), not a month\'s year', () => {
    expect(namesIn('They recommend the Gazelle Ultimate C380 for 3,299 euros.')).toEqual(['Gazelle Ultimate C380']);
    expect(namesIn('IT recommends the ThinkPad T14 Gen 5, with 32 GB.')).toEqual(['ThinkPad T14 Gen 5']);
    expect(namesIn('It opened on 3 March 2026 in Paris.')).toEqual(['Paris']);
    // A number before a unit is a dose or a size, no part of the name.
    expect(namesIn('The doctor prescribed Zyrtec 10 mg daily.')).toEqual(['Zyrtec']);
  });

  it('keep a particle between the parts of one name', () => {
    expect(namesIn('Leonardo da Vinci.')).toEqual(['Leonardo da Vinci']);
    expect(namesIn('Her favourite composer is Ludwig van Beethoven')).toEqual(['Ludwig van Beethoven']);
    expect(namesIn('Vraag het aan Anna van de balie')).toEqual(['Anna']);
  });

  it('leave out titles, a lone capital that opens a sentence, acronyms and months', () => {
    expect(namesIn('Who wrote Pride and Prejudice?')).toEqual([]);
    expect(namesIn('When did The Lord of the Rings come out?')).toEqual([]);
    expect(namesIn('Dawkins was born in the USA in March.')).toEqual([]);
  });

  it('leave out a word that opens the sentence before a name ("Additionally Germany …")', () => {
    expect(namesIn('Additionally Germany controls a lot of debt.')).toEqual(['Germany']);
    expect(namesIn('Before Vasco da Gama, Pero da Covilhã reached India.')).toEqual(['Vasco da Gama', 'Pero da Covilhã', 'India']);
    expect(namesIn('Jane Austen wrote it.')).toEqual(['Jane Austen']);
    expect(completeNames('What happens if Germany stops?', ['Additionally Germany controls a lot of debt.'])).toBe('What happens if Germany stops?');
  });

  it('the person a pronoun means: the first the user named, else the latest reply\'s one beside the question\'s words, or its first', () => {
    expect(personAntecedent(['Did he play with Hank Aaron?', 'What happened to Stan Musial in 1950?'], 'He shares the record with Hank Aaron.')).toBe('Stan Musial');
    expect(personAntecedent(['Who wrote Pride and Prejudice?'], 'Jane Austen wrote it in 1813.')).toBe('Jane Austen');
    expect(personAntecedent(['how do vaccines work?'], 'They train the immune system.')).toBeUndefined();
    // A name in the latest reply whose title says the sex asked goes before the user's person whom nothing says so of.
    const school = ['does she teach on Fridays?', 'when is the parent evening?', 'Which teacher does Emma have this year?'];
    const schoolReplies = ['No, on Fridays group 5 has meester Tim.', 'The parent evening for group 5 is on 9 October.', 'Emma is in group 5 with juf Sanne.'];
    expect(personAntecedent(school, schoolReplies, "what's his email?")).toBe('Tim');
    expect(personAntecedent(school, schoolReplies, "what's her email?")).toBe('Emma');
    // The one-word name that answers a who-question by opening the reply as its subject.
    const meeting = ['who is fixing it?', 'What did we decide in the Monday meeting about the release?'];
    const meetingReplies = ['Lotte is fixing the login bug; Sven reviews.', 'The team decided to move the 4.2 release to 14 March because of the login bug.'];
    expect(personAntecedent(meeting, meetingReplies, 'when will she be done?')).toBe('Lotte');
    // "and him?" after the "she" that name was read as: the other one an older reply named.
    const report = ['when does she need the data?', 'who is writing it?', 'What is the deadline for the Horizon project report?'];
    const reportReplies = ['Anna needs the test data by 1 June.', 'Anna writes the technical part, Bram the financial part.', 'The final report is due on 30 June.'];
    expect(personAntecedent(report, reportReplies, 'when does he need the data?')).toBe('Bram');
    expect(personAntecedent(['who is on call?'], ['Friday is covered by the standby rota.'], 'can she swap?')).not.toBe('Friday');
    // The thing a reply gives the question's verb is no one ("She prescribed Metacam …").
    expect(personAntecedent(['What did the vet prescribe for the dog?'], ["She prescribed Metacam for the dog's joint pain, 1.5 ml a day with food."], 'how long should he take it?')).toBeUndefined();
    // Where no reply names anyone, the role the user named; not one a "who" question asks for, whom the answer names.
    const bathroom = ['how long will the work take?', 'What did the plumber quote for the bathroom?'];
    expect(personAntecedent(bathroom, ['The quote plans 8 working days, starting 3 February.', 'The quote is 9,450 euros, including a walk-in shower.'], 'can he start earlier?')).toBe('the plumber');
    expect(personAntecedent(['Was she forced into it?', 'Who was the double agent?'], ['No, she made a plan of her own.', 'A spy.'], 'what did she do next?')).toBeUndefined();
    // An organisation or a place is no one "he" stands for.
    expect(personAntecedent(['Which charities can I donate to?'], 'You could donate to the Red Cross or Interactive Brokers.', 'how many films does he appear in')).toBeUndefined();
    // A one-word name opening the reply, which its sentence goes on with as "she".
    expect(personAntecedent(['who is responsible for the content?'], 'Lisa from marketing owns the content; she expects to deliver it by 20 February.', "what happens if she's late?")).toBe('Lisa');
    expect(personAntecedent(['who is responsible for the content?'], 'Marketing owns the content; it expects to deliver it by 20 February.', "what happens if she's late?")).toBeUndefined();
    // After a question asking for people, one the answer gave; not what the question named, nor a count opening the answer.
    expect(personAntecedent(['Which candidates for the data engineer role know Spark?'], 'Two CVs mention Spark: Amira Haddad (5 years) and Tom de Wit (2 years).', "what's her current salary?")).toBe('Amira Haddad');
    // Nor a word made with a lower-case part.
    const brokers = 'Some brokers offer the Toronto Stock Exchange or London Stock Exchange. One such broker is Interactive Brokers, offering many foreign markets for US-based investors.';
    expect(personAntecedent(['if I am in the US how can I trade abroad?'], brokers, "wasn't he in captain america?")).toBeUndefined();
    // "the Berlin office": a name after an article is a place's or a thing's.
    expect(personAntecedent(['Summarise the board minutes'], 'The board discussed the Berlin office and appointed Maria Jansen.')).toBe('Maria Jansen');
    expect(personAntecedent(['what is new?'], 'The Beatles released it.')).toBeUndefined();
    // A name the user only wrote after "in" is a place; one with a possessive after it is not.
    expect(personAntecedent(['What did the board decide about the new office in Rotterdam?'], 'The board approved the lease. Pieter de Vries will lead the move.')).toBe('Pieter de Vries');
    expect(personAntecedent(["What happened in Doris Duke's personal life?"], 'She had an affair.')).toBe('Doris Duke');
    expect(personAntecedent(['Who is our contact at Acme for the renewal?'], 'Your contact is Priya Raman, their procurement lead.')).toBe('Priya Raman');
    // So is a name the reply only writes after "at" or "in".
    expect(personAntecedent(['Who is the contact person at Acme for the supplier agreement?'], 'The contact at Acme is Sophie Laurent, procurement manager.')).toBe('Sophie Laurent');
    // Of several people the reply names, the one in a clause with a word of the question, not one after a preposition there.
    const notes = 'The team moved the launch to 15 March, Priya will update the pricing page, and Tom raised concerns about onboarding.';
    expect(personAntecedent(['Summarise the meeting notes'], notes, 'what were his concerns?')).toBe('Tom');
    expect(personAntecedent(['Summarise the meeting notes'], notes, 'when will she be done?')).toBe('Priya');
    const strange = "Doctor Strange's powers come from entities such as Agamotto. He wields the Orb of Agamotto, which gives him powers.";
    expect(personAntecedent(['where does doctor strange get his powers'], strange, 'did he always have powers?')).toBe('Doctor Strange');
    // Someone the latest reply names by role, over a name only written after a preposition ("the flat on Keizersgracht").
    const lease = 'The lease for the flat on Keizersgracht requires a deposit. The landlord returns it within 14 days.';
    expect(personAntecedent(['What does the lease say about the deposit?'], lease)).toBe('the landlord');
    expect(personAntecedent(['Wanneer begint de verbouwing?'], 'Volgens de planning begint je aannemer op 3 maart.')).toBe('mijn aannemer');
    // A name that is someone's still comes first.
    expect(personAntecedent(['Who handles the deposit?'], 'Your landlord, Jan Bakker, handles it.')).toBe('Jan Bakker');
    // A title's period ends no sentence: "Dr. Patel" is one name.
    expect(namesIn('Dr. Patel noted a high value. Mr. Smith agreed.')).toEqual(['Dr Patel', 'Mr Smith']);
    expect(personAntecedent(['What did Dr. Patel say about my cholesterol?'], 'She suggested a statin.')).toBe('Dr Patel');
    // An older reply counts only with a title before the name: it names places and things as often.
    const replies = ['De praktijk is open van maandag tot en met vrijdag.', 'Volgens de brief is dokter Van der Berg de huisarts, aan de Dorpsstraat.'];
    expect(personAntecedent(['Wat zijn de openingstijden?', 'Wie is de huisarts van mijn vader?'], replies)).toBe('Van der Berg');
    expect(personAntecedent(['What else?'], ['It closed in 1990.', 'Wales and Ireland signed it.'])).toBeUndefined();
  });

  it('not someone the conversation says is of the other sex than the pronoun, by a title or kinship word, or "… and her/his"', () => {
    const plan = 'According to the seating plan, table 4 has Aunt Marie, Uncle Rob, cousin Sara and her partner Tim.';
    const diets = 'Sara is vegetarian and Uncle Rob is allergic to nuts.';
    const asked = ['Does anyone there have dietary requirements?', 'Who are the guests at table 4 for the wedding?'];
    // A lone name opening a sentence counts where the conversation names that person elsewhere ("cousin Sara").
    expect(personAntecedent(asked, [diets, plan], 'what did she order for the main course?')).toBe('Sara');
    expect(personAntecedent(asked, [diets, plan], 'has he told the caterer?')).toBe('Uncle Rob');
    expect(personAntecedent(asked, [diets, plan], 'who sits next to her?')).toBe('Sara');
    expect(personAntecedent(['Wie komt er morgen?'], 'Mevrouw De Vries en meneer Jansen komen om tien uur.', 'heeft hij de sleutel?')).toBe('Jansen');
    // The user's person is a man ("… and his sister"): "she" is the latest reply's fitting name.
    const fischer = ['Regina Fischer and Hans-Gerhardt separated in Moscow.', 'In March 1949, Bobby Fischer and his sister Joan Fischer learned how to play chess.'];
    expect(personAntecedent(['Did he go to school?', 'Where did Bobby Fischer grow up?'], ['No.', ...fischer], 'Did she get her degree?')).toBe('Regina Fischer');
    // "his"/"her" later in a clause the name opens; a month joins no title ("Kazuo Ishiguro for February").
    const club = 'The book club notes say you chose Klara and the Sun by Kazuo Ishiguro for February, with Maaike hosting at her place.';
    expect(namesIn(club)).toEqual(['Kazuo Ishiguro', 'Maaike']);
    expect(personAntecedent(['What did we decide at the book club about the next book?'], club, 'what else has he written?')).toBe('Kazuo Ishiguro');
    // A name opening with a word the reply also writes in lower case is a place ("their castle home, Castle Schwarzenau").
    const castle = 'Hedy Lamarr claimed she was kept a virtual prisoner in their castle home, Castle Schwarzenau.';
    const mandl = 'In her autobiography, Hedy Lamarr described Friedrich Mandl as an extremely controlling husband.';
    expect(personAntecedent(['What year did Hedy Lamarr marry?'], [castle, mandl, 'Hedy Lamarr wrote her autobiography in 1966.'], 'What did he do to control her?')).toBe('Friedrich Mandl');
    // Where nothing says, the first the user named, as before.
    expect(personAntecedent(['What did Mark say in the meeting?'], 'Mark wants to hire; Lisa disagrees.', 'what did she say about the budget?')).toBe('Mark');
  });

  it('not a name after an article and a common noun ("de gemeente Utrecht"), unless that noun is for a person', () => {
    expect(personAntecedent(['Wanneer verloopt mijn parkeervergunning?'], 'Volgens de brief van de gemeente Utrecht verloopt je bewonersvergunning op 31 januari 2027.')).toBeUndefined();
    expect(personAntecedent(['Who wrote the paper?'], 'The paper is by the researcher Ana Lopez.')).toBe('Ana Lopez');
    expect(personAntecedent(['Who fixed the sink?'], 'The plumber Jan fixed it.')).toBe('Jan');
    // Nor a name the user only wrote after "on" or "aan": a street, a project.
    expect(personAntecedent(['What does the lease say about the deposit for the flat on Keizersgracht?'], 'The lease sets a deposit of two months.', 'can he keep part of it?')).toBeUndefined();
    expect(personAntecedent(['How many hours did we spend on the Acme project?'], 'The timesheets show 96 by Priya and 68 by Tom.', 'how many did he spend?')).not.toBe('Acme');
    // Dutch "hij" is as often a thing: not a name a reply only writes after a preposition, nor one the user wrote after "naar".
    expect(personAntecedent(['Welke vaccinaties heb ik nodig voor de reis naar Thailand?'], 'Volgens de GGD heb je voor Thailand DTP en hepatitis A nodig.', 'hoe lang is hij geldig?')).toBeUndefined();
    // "bestaat uit" names people.
    expect(personAntecedent(['Wie zit er in de kascommissie?'], 'De kascommissie bestaat uit Henk de Vries en Fatima Bakker; Henk is voorzitter.', 'wanneer is hij gekozen?')).toBe('Henk de Vries');
  });

  it('not a name in a question that asks who did something: the reply names the person', () => {
    expect(personAntecedent(['Who painted the Mona Lisa?'], 'Leonardo da Vinci.')).toBe('Leonardo da Vinci');
    expect(personAntecedent(['who won the Tour de France in 2010'], 'Alberto Contador won it.')).toBe('Alberto Contador');
    // "Who is …", "who did … marry": the name asked about is the person.
    expect(personAntecedent(['Who is Adele?'], 'A singer from London.')).toBe('Adele');
    expect(personAntecedent(['Who did Jane Austen marry?'], 'She never married; Tom Lefroy courted her.')).toBe('Jane Austen');
  });
});

describe('a person pronoun resolved', () => {
  it('is replaced by the name, as owner where it owns the next word', () => {
    expect(resolvePerson('when did she die?', 'Jane Austen', 'en')).toBe('when did Jane Austen die?');
    // Dutch "haar" as an object, not as an owner.
    expect(resolvePerson('moet ik haar terugbellen?', 'Dokter Smit', 'nl')).toBe('moet ik Dokter Smit terugbellen?');
    expect(resolvePerson('kan ik haar mailen?', 'Dokter Smit', 'nl')).toBe('kan ik Dokter Smit mailen?');
    expect(resolvePerson('wat was haar advies?', 'Dokter Smit', 'nl')).toBeUndefined();
    expect(resolvePerson('How much is her shoe company worth?', 'Kim Kardashian', 'en')).toBe("How much is Kim Kardashian's shoe company worth?");
    expect(resolvePerson('Did the injury bother her?', 'Serena Williams', 'en')).toBe('Did the injury bother Serena Williams?');
    expect(resolvePerson('what did his father do', 'Charles Dickens', 'en')).toBe("what did Charles Dickens' father do");
    expect(resolvePerson('Wanneer is hij geboren?', 'Johan Cruijff', 'nl')).toBe('Wanneer is Johan Cruijff geboren?');
    // A name inside another word is not the name: "Mark" is not in "marketing".
    expect(resolvePerson('what did he say about the marketing spend?', 'Mark', 'en')).toBe('what did Mark say about the marketing spend?');
    // "he's" is "… is", never an owner.
    expect(resolvePerson("I think he's the founder, right?", 'Jan Smit', 'en')).toBe('I think Jan Smit is the founder, right?');
    // Nor where the question names someone by role before the pronoun ("my friend … he"); a role word without a determiner is none ("What chair …").
    expect(resolvePerson("My friend wants to put my name down for a house he's buying.", 'Jan Smit', 'en')).toBeUndefined();
    expect(resolvePerson('What chair did he accept?', 'William Cullen', 'en')).toBe('What chair did William Cullen accept?');
  });

  it('is left alone when the question names its person first, or has no such pronoun', () => {
    expect(resolvePerson('Who agreed with Unger about his criticism?', 'Roberto Mangabeira', 'en')).toBeUndefined();
    expect(resolvePerson('Did Jane Austen marry?', 'Jane Austen', 'en')).toBeUndefined();
    expect(resolvePerson('how tall is it?', 'Gustave Eiffel', 'en')).toBeUndefined();
  });
});

describe('a person named by one part of their name', () => {
  const band = ['Who founded Men at Work?', 'Greg Ham and Colin Hay formed Men at Work in 1978.'];

  it('is given the full name the conversation used, possessive kept', () => {
    expect(completeNames('Why did Ham leave during the tour?', band)).toBe('Why did Greg Ham leave during the tour?');
    expect(completeNames('Did Ham and Hay fall out?', band)).toBe('Did Greg Ham and Colin Hay fall out?');
    expect(completeNames("What happened with Lee's arm?", ['Bruce Lee demonstrated the one inch punch.'])).toBe("What happened with Bruce Lee's arm?");
  });

  it('is no place the user named alone, after a place preposition ("in Kyoto" beside "Hotel Granvia Kyoto")', () => {
    const trip = ['Where are we staying in Kyoto?', 'You booked the Hotel Granvia Kyoto, inside Kyoto Station.'];
    expect(completeNames('and after Kyoto?', trip, [trip[0]!])).toBe('and after Kyoto?');
    // A person the user names alone is still completed ("Did Ham …?").
    expect(completeNames('Why did Ham leave during the tour?', [...band, 'Did Ham write songs?'], [band[0]!, 'Did Ham write songs?'])).toBe('Why did Greg Ham leave during the tour?');
  });

  it('is left alone when named in full already, when two names end in the word, or when none does', () => {
    expect(completeNames('Did Greg Ham win?', band)).toBe('Did Greg Ham win?');
    expect(completeNames('What else did Leonardo da Vinci paint?', ['Leonardo da Vinci painted it.'])).toBe('What else did Leonardo da Vinci paint?');
    expect(completeNames('What did Simon say?', ['Paul Simon met Carly Simon.'])).toBe('What did Simon say?');
    expect(completeNames('Was Paul there?', ['Paul McCartney was there.'])).toBe('Was Paul there?');
    expect(completeNames('Did Ham win?', ['The ham was cured for a year.'])).toBe('Did Ham win?');
    // A title written with its dot is the same name.
    expect(completeNames('What did Dr. Visser write about my blood pressure?', ['Dr. Visser wrote that your cholesterol is high.'])).toBe('What did Dr. Visser write about my blood pressure?');
  });
});

describe('a person beside where they work, and whom the latest question meant', () => {
  it('reads a name before "of the University of …" as a person, not a title', () => {
    expect(namesIn('The main applicant is Dr. Ingrid Vos of the University of Twente.')).toEqual(['Dr Ingrid Vos']);
    expect(namesIn('Ingrid Vos of the University of Twente leads it.')).toEqual(['Ingrid Vos']);
    expect(namesIn('When did The Lord of the Rings come out?')).toEqual([]);
  });

  it('is not whom a pronoun of the other sex in the latest question stood for ("and his?" after "her")', () => {
    const replies = ['Dr. Vos works on soft robotics.', 'The main applicant is Dr. Ingrid Vos of the University of Twente; the co-applicant is Prof. Marco Bianchi from TU Delft.'];
    const users = ['what is her research background?', 'who is the main applicant?'];
    expect(personAntecedent(users, replies, 'what is her research background?')).toBe('Dr Vos');
    expect(personAntecedent(users, replies, 'what is his research background?')).toBe('Prof Marco Bianchi');
    // The user's own person, read for want of another, says nothing of their sex.
    expect(personAntecedent(['Was he their only child?', 'Was Melissa Gilbert ever married?'], ['Melissa Gilbert gave birth to a son, Michael Garrett Boxleitner.'], 'Did she ever remarry?')).toBe('Melissa Gilbert');
  });

  it('is not the user\'s own person whom their recent questions kept calling by the other pronoun, but a relative or pet they named', () => {
    const users = ['what about the cat?', 'is she due for a deworming too?', 'and her weight?', 'what did she get last time?', "When is Bella's next vaccination due?"];
    const replies = ['The cat was dewormed in June.', 'Yes, in April.', 'She weighed 31 kg.', 'The leptospirosis booster.', 'Bella is due on 12 March 2026.'];
    expect(personAntecedent(users, replies, 'when did he last go?')).toBe('the cat');
    expect(personAntecedent(users, replies, 'when did she last go?')).toBe('Bella');
    // A name the latest reply gives comes first.
    expect(personAntecedent(users, ['The cat, Max, was dewormed in June.', ...replies.slice(1)], 'when did he last go?')).toBe('Max');
    const novel = ['and her husband?', 'when does she come back?', 'why does she leave?', 'Who is Mara in my novel draft?'];
    const story = ['Her husband is Jonas, a fisherman.', 'In chapter 14.', 'She leaves after a fight with her father.', "Mara is the protagonist's older sister; she runs the family bakery."];
    expect(personAntecedent(novel, story, 'does he appear after chapter 9?')).toBe('Jonas');
    expect(personAntecedent(novel, story.map((t, i) => (i === 0 ? 'He is a fisherman.' : t)), 'does he appear after chapter 9?')).toBe("Mara's husband");
  });
});

describe('a brand before its thing', () => {
  it('is no one a pronoun stands for ("de Bosch wasmachine", "the Bosch dishwasher")', () => {
    const reply = ['Volgens de handleiding moet je de wasmachine elke drie maanden ontkalken.'];
    expect(personAntecedent(['Wat zegt de handleiding van de Bosch wasmachine over de ontkalking?'], reply, 'werkt hij ook op 40 graden?')).toBeUndefined();
    expect(personAntecedent(['Does the Bosch dishwasher need salt?'], ['Yes, it needs dishwasher salt.'], 'what does he recommend?')).toBeUndefined();
    // A name after a word for a person is that person's ("the plumber Jan").
    expect(personAntecedent(['What did the plumber Jan say?'], ['He said the pipe is fine.'], 'when can he come?')).toBe('Jan');
  });
});

