// The reference shapes of templates.json, table-driven, in every language the table has: the
// filler resolves a German or French follow-up as it does an English or Dutch one.
import { describe, expect, it } from 'vitest';
import { topicShift, withoutTalk } from '../../../src/pipeline/rewrite/lexical/clarity.js';
import { listItems, readShape } from '../../../src/pipeline/rewrite/lexical/reference.js';
import { rewrite } from '../../../src/pipeline/rewrite/rewrite.js';
import type { HistoryMessage } from '../../../src/pipeline/rewrite/types.js';

const talk = (...texts: string[]): HistoryMessage[] => texts.map((text, i) => ({ role: i % 2 ? 'assistant' : 'user', text }));

/** [language, conversation, follow-up, what the resolved question must read]. */
const FOLLOW_UPS: [string, HistoryMessage[], string, RegExp][] = [
  ['en', talk('What is wood chip mulch?', 'Wood chip mulch is a ground cover made of shredded wood.'), 'and the price?', /^What is the price of wood chip mulch\?$/],
  ['nl', talk('Wat is houtmulch?', 'Houtmulch is een bodembedekker van gemalen hout.'), 'en de prijs?', /^Wat is de prijs van houtmulch\?$/],
  ['de', talk('Was ist Holzmulch?', 'Holzmulch ist eine Bodenabdeckung aus gehäckseltem Holz.'), 'und der Preis?', /^Was ist der Preis von Holzmulch\?$/],
  ['fr', talk("Qu'est-ce que le paillis de bois ?", 'Le paillis de bois est une couverture du sol faite de bois broyé.'), 'et le prix ?', /^Quel est le prix du paillis de bois \?$/],
  ['nl', talk('Wat is houtmulch?', 'Houtmulch is een bodembedekker van gemalen hout.'), 'hoe dik moet ik dat leggen?', /^hoe dik moet ik (?:de )?houtmulch leggen\?$/],
  ['en', talk('How do I save a gnuplot chart as a PNG?', 'Use set terminal png and set output.'), 'what about SVG?', /^How do I save a gnuplot chart as a SVG\?$/],
  ['en', talk('What is the default work_mem setting?', 'The default value is four megabytes (4MB).'), 'and maintenance_work_mem?', /^What is the default maintenance_work_mem setting\?$/],
  ['nl', talk('Wat doet write.csv in R?', 'Het schrijft een data frame naar een bestand.'), 'en write.table?', /^Wat doet write\.table in R\?$/],
  ['en', talk('How many bytes does a smallint take?', 'The smallint type takes 2 bytes of storage.'), 'and a bigint?', /^How many bytes does a bigint take\?$/],
  ['nl', talk('Wat kost een cv-ketel?', 'Een cv-ketel kost ongeveer 2000 euro.'), 'en een warmtepomp?', /^Wat kost een warmtepomp\?$/],
  ['en', talk('How do I set the R library path?', 'Set R_LIBS_USER in your .Renviron file.'), 'what about on Windows?', /^How do I set the R library path on Windows\?$/],
  ['en', talk('What is the boiling point of water?', '100 degrees Celsius at sea level.'), 'at high altitude?', /^What is the boiling point of water at high altitude\?$/],
  ['en', talk('Which heat pumps do you have?', 'We have:\n- Daikin Altherma\n- Vaillant aroTHERM\n- Nibe S2125'), 'tell me about the second one', /^tell me about Vaillant aroTHERM$/],
  ['nl', talk('Welke warmtepompen zijn er?', 'Er zijn:\n- Daikin Altherma\n- Vaillant aroTHERM'), 'en de tweede?', /Vaillant aroTHERM/],
  ['en', talk('Should I buy the MacBook Air M3 or the Dell XPS 13?', 'Both are good laptops.'), 'which one is cheaper?', /^which one is cheaper, MacBook Air M3 or Dell XPS 13\?$/],
  ['en', talk('Which laptops does the shop sell?', 'The shop sells the Dell XPS 13 and the Lenovo ThinkPad X1.'), "aren't there more?", /^aren't there more laptops\?$/],
  // "one" as a verb's object: one of the kind named, in the singular where it was said in the plural.
  ['en', talk('What is an annotated tag in git?', 'Tag objects created with -a are called annotated tags.'), 'how do I delete one?', /^how do I delete one (?:annotated )?tag\?$/],
  ['en', talk('How do I list my tags?', 'git tag lists the tags.'), 'how do I delete one?', /^how do I delete one tag\?$/],
  // "one" an adjective describes is the kind's name, also as a clause's subject and with an "it" of its own after it.
  ['en', talk('Which laptops do you have?', 'We have the Dell XPS 13 and the Lenovo ThinkPad X1.'), 'is there a cheaper one?', /^is there a cheaper laptop\?$/],
  ['en', talk('How do I read command-line options in a script?', 'Use a parser of options.'), 'and if an optional one is left out, what value does it get?', /^and if an optional command-line option is left out, what value does it get\?$/],
  // A hyphenated word is one: "them" is the command-line options, not "line options".
  ['en', talk('How do I read command-line options in a script?', 'Use a parser of options.'), 'how do I make one of them mandatory?', /^how do I make one of the command-line options mandatory\?$/],
  // "it" is what the question acts on, not where it comes from (the phrase model's after_preposition).
  ['en', talk('How do I install a package from CRAN in R?', 'Call install.packages with the name of the package.'), 'and how do I remove it again?', /^and how do I remove (?:a |the )?package again\?$/],
  ['en', talk('What battery does the Pixel 9 have?', 'The Pixel 9 has a 4700 mAh battery that lasts a day.'), 'is it removable?', /^is (?:the )?(?:Pixel|battery|4700 mAh battery)[\w ]* removable\?$/],
  // A possessive that is a verb too ("zijn": his, its, and are) points where it owns words of content, all of them.
  ['nl', talk('Wie is Linus Torvalds?', 'Linus Torvalds is de maker van Linux en Git.'), 'wat is zijn bekendste project?', /^wat is bekendste project van Linus Torvalds\?$/],
];

/** Follow-ups that must stay as asked: a dummy "it", an acknowledgement, a question of its own. */
const AS_ASKED: [HistoryMessage[], string][] = [
  [talk('What is wood chip mulch?', 'Shredded wood.'), 'is it possible to order online?'],
  [talk('What is wood chip mulch?', 'Shredded wood.'), 'thanks!'],
  [talk('Wat is houtmulch?', 'Gemalen hout.'), 'bedankt!'],
  // Dutch "zijn" before a function word is the verb ("how many are there"), owning nothing.
  [talk('Welke TCP-poort gebruikt de databaseserver?', 'De TCP-poort waarop de server luistert: standaard 5432.'), 'en hoeveel verbindingen zijn er standaard toegestaan?'],
  [talk('Was ist Holzmulch?', 'Gehäckseltes Holz.'), 'danke schön'],
  [talk('How do I create a branch?', 'Use git branch with a name.'), 'can I check out more than one branch at once?'],
  [talk('How do I create a branch?', 'Use git branch with a name.'), 'does one need a remote to push?'],
  [talk('Are the Arizona Cardinals and the Chicago Cardinals the same team?', 'Yes, the Chicago Cardinals moved to St. Louis in 1960.'), 'Who was Joseph Bell?'],
];

describe('the reference shapes, table-driven', () => {
  it.each(FOLLOW_UPS)('%s: resolves a follow-up (%#)', async (language, history, question, expected) => {
    const { result } = await rewrite(question, history);
    expect(result.language).toBe(language);
    expect(result.resolved_query).toMatch(expected);
    expect(result.kinds).toContain('conversational');
  });

  it.each(AS_ASKED)('leaves a question that does not point back as asked (%#)', async (history, question) => {
    expect((await rewrite(question, history)).result.resolved_query).toBe(question);
  });

  it('reads each shape from the language tables', () => {
    const cases: [string, string, string | undefined][] = [
      ['en', 'and the price?', 'ellipsis'],
      ['de', 'und der Preis?', 'ellipsis'],
      ['fr', 'et le prix ?', 'ellipsis'],
      ['en', 'how does it work?', 'pronoun'],
      ['fr', 'combien coûte-t-il ?', 'pronoun'],
      ['de', 'wie viel kostet es?', 'pronoun'],
      ['en', 'the last one?', 'ordinal'],
      ['en', 'how long does it last?', 'pronoun'],
      ['en', 'the other one', 'other'],
      ['en', 'which one is lighter?', 'choice'],
      ['en', 'how do I delete one?', 'pronoun'],
      ['en', 'what if I throw one away?', 'pronoun'],
      ['en', 'can I delete one of them?', 'pronoun'],
      ['en', 'is there a cheaper one?', 'pronoun'],
      // "one" of a kind the question names before it, and an "its" whose thing the question names.
      ['en', 'how do I make a new function from an existing one with its arguments filled in?', undefined],
      ['en', "aren't there more?", 'more'],
      ['en', 'Is there any evidence that what you said about France is true?', 'said'],
      ['en', 'I am not sure those rules apply to IRAs', 'demonstrative'],
      ['en', 'Value?', 'bare'],
      ['en', 'is it possible to pay by card?', undefined],
      ['en', 'Who was Joseph Bell?', undefined],
    ];
    for (const [language, question, kind] of cases) expect(readShape(question, language)?.kind, `${language}: ${question}`).toBe(kind);
  });

  it('reads what is said to the assistant and a change of subject from the language tables', () => {
    const talk: [string, string, string][] = [
      ['en', 'Can you tell me what houtmulch costs?', 'What houtmulch costs?'],
      ['nl', 'Kun je me vertellen wat houtmulch kost?', 'Wat houtmulch kost?'],
      ['de', 'Kannst du mir sagen, was Holzmulch kostet?', 'Was Holzmulch kostet?'],
      ['fr', 'Pouvez-vous me dire combien coûte le paillis ?', 'Combien coûte le paillis?'],
      ['es', '¿Puedes decirme cuánto cuesta?', '¿Puedes decirme cuánto cuesta?'],
    ];
    for (const [language, question, searched] of talk) expect(withoutTalk(question, language), question).toBe(searched);
    for (const opening of ['Changing the subject, how do I renew my passport?', 'Iets anders: hoe verleng ik mijn paspoort?', 'Anderes Thema: wie verlängere ich meinen Pass?', 'Autre question : comment renouveler mon passeport ?']) {
      expect(topicShift(opening).shifted, opening).toBe(true);
    }
    expect(topicShift('How do I renew my passport?').shifted).toBe(false);
  });

  it('reads a list from bullets or from one sentence that joins its items', () => {
    expect(listItems('We have:\n- Daikin Altherma\n- Vaillant aroTHERM: quiet', 'en')).toEqual(['Daikin Altherma', 'Vaillant aroTHERM']);
    expect(listItems('You applied to Adyen, Mollie and Picnic.', 'en')).toEqual(['Adyen', 'Mollie', 'Picnic']);
    expect(listItems('What is the difference between Market Cap and NAV?', 'en')).toEqual(['Market Cap', 'NAV']);
    expect(listItems('Er zijn twee: de Daikin en de Vaillant.', 'nl')).toEqual(['Daikin', 'Vaillant']);
    expect(listItems('It rained all day.', 'en')).toEqual([]);
  });
});
