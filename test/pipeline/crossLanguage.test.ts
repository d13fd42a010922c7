// A question in one language over files in another: its words are searched, read and weighed as the files write them.
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ask } from '../../src/pipeline/answer/ask.js';
import { cognate, compoundOf, inflectedForms, separableVerbs, translatedParts, translatedPhrases, translatedWords, writtenForms, writtenFormsOf, writtenParts } from '../../src/pipeline/search/writtenForms.js';
import { TermStats } from '../../src/pipeline/search/termStats.js';
import { oneTextIndex } from '../helpers/fixtureIndex.js';
import { suiteFiles } from '../helpers/suiteFiles.js';
import { translations } from '../../src/pipeline/search/rewriteQuery.js';
import { IndexStore } from '../../src/pipeline/store/indexStore.js';
import { tempDir } from '../helpers/tmp.js';
import { seeded } from '../helpers/fuzzConversations.js';
import TABLE from '../../src/pipeline/search/translateWords.json' with { type: 'json' };
import STOP from '../../src/pipeline/search/stopwords.json' with { type: 'json' };
import { queryTerms } from '../../src/pipeline/search/queryTerms.js';
import { contentTerms } from '../../src/pipeline/answer/mapStage.js';

describe('the words of a Dutch question as English files write them', () => {
  it('reads a listed word, its inflections and compounds, and nothing else', () => {
    expect(translatedWords('wachtwoord', 'nl')).toEqual(['password']);
    // An ending ("verbinding" + "en"), a participle ("ge" + "wijzig" + "d").
    expect(translatedWords('verbindingen', 'nl')).toEqual(['connections']);
    expect(translatedWords('gewijzigd', 'nl')).toEqual(['changed', 'modified']);
    // A compound: its last part listed, its first translated too, or kept as a loanword.
    expect(translatedWords('standaardwaarde', 'nl')).toEqual(['default', 'standard', 'value']);
    expect(translatedWords('routerinstelling', 'nl')).toEqual(['router', 'setting', 'option']);
    // A verb's stem, as a present tense gives it, whose infinitive is listed: "onderteken" (ondertekenen) is one
    // word, not "onder" + "teken"; a long vowel doubled in the stem's closed syllable ("negeer" of "negeert": negeren).
    expect(translatedWords('onderteken', 'nl')).toEqual(['sign']);
    expect(translatedWords('negeert', 'nl')).toEqual(['ignore']);
    expect(translatedWords('installeer', 'nl')).toEqual(['install']);
    // A short vowel's consonant doubled before the infinitive's ending ("druk" of "drukt": drukken); a stem
    // that ends in two consonants ("wacht": wachten) or a long vowel is not doubled.
    expect(translatedWords('drukt', 'nl')).toEqual(['press']);
    expect(translatedWords('wacht', 'nl')).toEqual(['wait']);
    expect(translatedWords('installeert', 'nl')).toEqual(['install']);
    // An f or s voiced after a long vowel ("geef": geven, "kies": kiezen); a stem of three letters ("zet": zetten).
    expect(translatedWords('geef', 'nl')).toEqual(['give']);
    expect(translatedWords('kies', 'nl')).toEqual(['choose', 'select', 'pick']);
    expect(translatedWords('zet', 'nl')).toEqual(['put', 'set']);
    // A plural's spelling read back to its word: a doubled consonant ("oppervlakken": oppervlak, "cellen": cel),
    // a long vowel written single in the open syllable ("namen": naam, "bomen": boom), a voiced f ("schijven": schijf).
    expect(translatedWords('oppervlakken', 'nl')).toEqual(['surface']);
    expect(translatedWords('cellen', 'nl')).toEqual(['cell']);
    expect(translatedWords('namen', 'nl')).toEqual(['name']);
    expect(translatedWords('bomen', 'nl')).toEqual(['tree']);
    expect(translatedWords('schijven', 'nl')).toEqual(['disk']);
    // A separable verb's participle, its "ge" after the particle: read as the verb ("ingesteld": instellen,
    // "omgezet": omzetten; "uitgevoerd": uitvoeren, not the noun "uitvoer"), or as a noun where the verb is
    // irregular ("opgeslagen": opslag); a word that only begins so is none ("ingenieur").
    expect(translatedWords('ingesteld', 'nl')).toEqual(['set', 'configure']);
    expect(translatedWords('omgezet', 'nl')).toEqual(['convert']);
    expect(translatedWords('uitgevoerd', 'nl')).toEqual(['run', 'execute']);
    expect(translatedWords('opgeslagen', 'nl')).toEqual(['storage']);
    expect(translatedWords('ingenieur', 'nl')).toEqual([]);
    // "Hoeveel" (how many) says "many", which English searches for: it is no stopword, and translated.
    expect(translatedWords('hoeveel', 'nl')).toEqual(['many', 'much']);
    // A word of two letters only as listed ("as": axis), never as a stem or a part.
    expect(translatedWords('as', 'nl')).toEqual(['axis']);
    expect(translatedWords('ast', 'nl')).toEqual([]);
    // A word it does not know, a function word, and a language without a table: nothing.
    expect(translatedWords('fietsenmaker', 'nl')).toEqual([]);
    expect(translatedWords('welke', 'nl')).toEqual([]);
    expect(translatedWords('wachtwoord', 'en')).toEqual([]);
    expect(translatedWords('wachtwoord', undefined)).toEqual([]);
    // Runs of letters no word is: nothing, and at once.
    expect(translatedWords('bestand'.repeat(2000), 'nl')).toEqual([]);
    expect(translatedWords('', 'nl')).toEqual([]);
  });

  it('keeps a table of lower-case words, each with the words documents use for it', () => {
    const words = Object.entries(TABLE.nl.words);
    expect(words.length).toBeGreaterThan(1300);
    for (const [word, forms] of words) {
      expect(word, word).toMatch(/^\p{Ll}+$/u);
      expect(forms.length, word).toBeGreaterThan(0);
      for (const f of forms) expect(f, word).toMatch(/^[a-z][a-z-]*$/);
      expect(new Set(forms).size, word).toBe(forms.length);
    }
    // Words of every batch: "raster" (grid), "ongeldig" (invalid), "samenvatting" (summary), "meerdere"
    // (multiple), "ontbrekend" (missing), and inflected.
    expect(translatedWords('raster', 'nl')).toEqual(['grid']);
    expect(translatedWords('meerdere', 'nl')).toEqual(['multiple', 'several']);
    expect(translatedWords('ontbrekende', 'nl')).toEqual(['missing', 'lack']);
    expect(translatedWords('ongeldige', 'nl')).toEqual(['invalid']);
    expect(translatedWords('samenvattingen', 'nl')).toEqual(['summary']);
  });

  it('leaves out a Dutch function word as its English counterpart is left out, and keeps one English searches for', () => {
    // "vanuit" is "from", a stopword of English: a question that says it asks nothing more.
    expect(queryTerms('Hoe installeer ik een pakket vanuit een bestand?')).toEqual(['installeer', 'pakket', 'bestand']);
    // "terwijl" is "while", which English searches for: kept, and read as the files write it.
    expect(queryTerms('een index bouwen terwijl de tabel verandert')).toContain('terwijl');
    expect(translatedWords('terwijl', 'nl')).toEqual(['while']);
    // The two lists agree: a Dutch stopword the table translates stands for English stopwords only.
    const english = new Set(STOP.en);
    for (const word of STOP.nl) for (const f of (TABLE.nl.words as Record<string, string[]>)[word] ?? []) expect(english.has(f), `${word}: ${f}`).toBe(true);
  });

  it('reads a separable verb with the particle its clause ends with, or that only a prepositional phrase follows', () => {
    expect([...separableVerbs('Hoe stel ik de poort in?', 'nl')]).toEqual([['stel', ['set', 'configure']]]);
    expect([...separableVerbs('Hoe zet ik een Mercurial-repository om naar Subversion?', 'nl')]).toEqual([['zet', ['convert']]]);
    // A stem that ends in its vowel ("sla … op": opslaan).
    expect([...separableVerbs('Hoe sla ik een bestand op?', 'nl')]).toEqual([['sla', ['save', 'store']]]);
    // "op" before "één pagina" is a preposition, not a particle; a stopword is no verb; English has none.
    expect(separableVerbs('Hoe zet ik meerdere grafieken op één pagina?', 'nl').size).toBe(0);
    expect(separableVerbs('Hoe sla ik een bestand op?', 'nl').has('een')).toBe(false);
    expect(separableVerbs('How do I set it up?', 'en').size).toBe(0);
    expect(separableVerbs(`${'zet de tabel '.repeat(500)}om`, 'nl').size).toBe(0);
    // The question's written forms read the verb whole: "zet … om" is convert, not put or set.
    expect(writtenFormsOf(['zet', 'repository'], 'nl', undefined, 'Hoe zet ik de repository om?').get('zet')).toEqual([['convert']]);
    expect(writtenFormsOf(['zet'], 'nl', undefined, 'Hoe zet ik twee grafieken naast elkaar?').get('zet')).toEqual([['put', 'set']]);
  });

  it('searches a Dutch question\'s word pairs as the files would write them side by side', () => {
    expect(translatedPhrases('Hoe negeer ik lokale wijzigingen?', 'nl')).toEqual(['local changes', 'local modifications']);
    // Words of one pair only, each of one part; an English question, or a language without a table: none.
    expect(translatedPhrases('lokale en wijzigingen', 'nl')).toEqual([]);
    expect(translatedPhrases('local changes', 'en')).toEqual([]);
    expect(translatedPhrases('', 'nl')).toEqual([]);
  });

  it('keeps a compound\'s parts apart: each is meant, whichever of its alternatives a file writes', () => {
    expect(translatedParts('standaardwaarde', 'nl')).toEqual([['default', 'standard'], ['value']]);
    expect(translatedParts('wachtwoord', 'nl')).toEqual([['password']]);
    // An unlisted first part is kept as written: a file that says only "number" does not say it.
    expect(translatedParts('klantnummer', 'nl')).toEqual([['klant'], ['number']]);
    expect(translatedParts('paspoortnummer', 'nl')).toEqual([['passport'], ['number']]);
    expect(translatedParts('fietsenmaker', 'nl')).toEqual([]);
  });

  it('weighs a word’s translations together as the word itself', () => {
    const t = translations({ resolved_query: 'Wat is het standaard wachtwoord?', language: 'nl' });
    expect(t).toEqual([
      { term: 'default', weight: 0.5 },
      { term: 'standard', weight: 0.5 },
      { term: 'password', weight: 1 },
    ]);
    expect(translations({ resolved_query: 'What is the default port?', language: 'en' })).toEqual([]);
    // The thesaurus's words for the same thing are searched the same way, for every question.
    expect(translations({ resolved_query: 'What is the default password?', language: 'en' })).toEqual([{ term: 'credentials', weight: 1 }]);
  });
});

describe('a word the table does not know, as the index writes it', () => {
  it('is a compound of two words the index has, where it lacks the whole ("databaseserver")', () => {
    const t = tempDir('docent-compound-');
    const store = IndexStore.open(join(t.dir, 'index.sqlite'));
    try {
      const root = store.addRoot('/r');
      const texts = ['The database server listens on port 5432.', 'Each database has its own server process and a data directory.', 'The server writes its databases to disk.'];
      store.replaceFile(
        { rootId: root.id, path: '/r/server.txt', type: 'text', size: 100, mtimeMs: 1, hash: 'h', status: 'indexed', reason: null },
        texts.map((text, ordinal) => ({ ordinal, page: null, charStart: 0, charEnd: text.length, heading: 'server.txt', text, textHash: `h${ordinal}` })),
      );
      const ts = new TermStats(store);
      expect(compoundOf('databaseserver', ts)).toEqual([['database'], ['server']]);
      // Searched as both parts, not as the likeliest cognate ("databas", one word the index has).
      expect(writtenParts('databaseserver', 'nl', ts)).toEqual([['database'], ['server']]);
      // A part the index lacks, or has in one passage only ("disk", "port"): no split.
      expect(compoundOf('databasesysteem', ts)).toBeUndefined();
      expect(compoundOf('serverdisk', ts)).toBeUndefined();
      expect(compoundOf('portserver', ts)).toBeUndefined();
    } finally {
      store.close();
      t.cleanup();
    }
  });

  it('is a short prefix run together with its last part\'s translation, where the index writes them so ("isolijnen")', () => {
    const t = tempDir('docent-prefixed-');
    const store = IndexStore.open(join(t.dir, 'index.sqlite'));
    try {
      const root = store.addRoot('/r');
      const texts = ['set isolines 10 draws ten isolines per axis.', 'The isolines of a surface are drawn with lines.', 'Autoscale the axes: set autoscale.', 'With autoscale the range follows the data.'];
      store.replaceFile(
        { rootId: root.id, path: '/r/plot.txt', type: 'text', size: 100, mtimeMs: 1, hash: 'h', status: 'indexed', reason: null },
        texts.map((text, ordinal) => ({ ordinal, page: null, charStart: 0, charEnd: text.length, heading: 'plot.txt', text, textHash: `h${ordinal}` })),
      );
      const ts = new TermStats(store);
      expect(writtenParts('isolijnen', 'nl', ts)).toEqual([['isoline']]);
      expect(writtenParts('autoschaal', 'nl', ts)).toEqual([['autoscale']]);
      // Without the index, or where it lacks the run-together word, the last part as before ("metagegevens": data).
      expect(writtenParts('isolijnen', 'nl')).toEqual([['line']]);
      expect(writtenParts('metagegevens', 'nl', ts)).toEqual([['data']]);
      // A listed word, a listed first part, or a long one kept as a loanword: unchanged.
      expect(writtenParts('wachtwoord', 'nl', ts)).toEqual([['password']]);
      expect(writtenParts('standaardwaarde', 'nl', ts)).toEqual([['default', 'standard'], ['value']]);
    } finally {
      store.close();
      t.cleanup();
    }
  });

  it('is the index word that begins alike and shares most of its letters in order (a cognate)', () => {
    const own = oneTextIndex('octave-notes.txt', 'The roots of a polynomial are found with roots. Automatic installation of a package is done by pkg.');
    try {
      const ts = new TermStats(own.store);
      // The index's words are FTS5 stems ("polynomi", "automat").
      expect(cognate('polynoom', ts)).toBe('polynomi');
      expect(cognate('automatisch', ts)).toBe('automat');
      // Nothing begins like it, or too little of it is shared.
      expect(cognate('pakket', ts)).toBeUndefined();
      expect(cognate('rootsysteem', ts)).toBeUndefined();
      expect(writtenForms('polynoom', 'nl', ts)).toEqual(['polynomi']);
      // An English question's words are its own; a word the index has is not replaced.
      expect(writtenForms('polynoom', 'en', ts)).toEqual([]);
      expect(writtenForms('package', 'nl', ts)).toEqual([]);
      // The table comes first.
      expect(writtenForms('bestand', 'nl', ts)).toEqual(['file']);
    } finally {
      own.cleanup();
    }
  });
});

describe('a Dutch question over English files', () => {
  const corpus = suiteFiles(
    {
      'router-guide.md': '# Router guide\n\nThe default password of the router is admin-4471. Change the password after the first login.\n\nThe router restarts by itself after a firmware update.\n',
      'printer-notes.md': '# Printer notes\n\nThe printer on the second floor prints in colour. Toner is ordered by the office manager.\n',
      'phone-list.md': '# Phone list\n\nThe number of the help desk is 555-0100. The office manager has number 555-0199.\n',
    },
    'docent-crosslang-',
  );

  it('answers from the English sentence, cited, instead of "not in your files"', async () => {
    const r = await ask(corpus.store, 'Wat is het standaard wachtwoord van de router?');
    expect(r.rewrite.language).toBe('nl');
    expect(r.notFound).toBe(false);
    expect(r.answer).toMatch(/admin-4471/);
    expect(basename(r.citations[0]!.path)).toBe('router-guide.md');
    // The fixed wording of a not-found answer would be Dutch; the quote stays as the file says it.
    expect(basename(r.passages[0]!.path)).toBe('router-guide.md');
    // --explain shows how the question's words were searched.
    expect(r.stages.find((s) => s.stage === 'search')!.detail).toContain('as the files write them: standaard → default, standard; wachtwoord → password');
  });

  it('still says "not in your files" for what the files do not hold', async () => {
    const r = await ask(corpus.store, 'Wat is het wachtwoord van de wifi op kantoor?');
    expect(r.notFound).toBe(true);
    expect(r.answer).toMatch(/^Uw bestanden lijken het antwoord hierop niet te bevatten/);
    // A compound the files hold one part of: the phone list's "number" is no passport number.
    const passport = await ask(corpus.store, 'Wat is mijn paspoortnummer?');
    expect(passport.notFound).toBe(true);
    expect(passport.confidence).toBeLessThan(0.3);
  });
});

describe('a Dutch question about a person\'s own papers, some in English', () => {
  const corpus = suiteFiles(
    {
      'insurance.txt': 'Car insurance\n\nPolicy number: NL-4471-22\nInsurer: Centraal Beheer\nPremium: EUR 38.50 per month\nRenewal date: 1 April 2027\n',
      'verzekering.md': '# Inboedelverzekering\n\nPolisnummer: IB-88213\nVerzekeraar: Interpolis\nPremie: EUR 14,20 per maand\n',
      'router-guide.md': '# Router guide\n\nThe default password of the router is admin-4471.\n',
    },
    'docent-crosslang-papers-',
  );

  it('reads "hoeveel" as how the question asks, and the papers\' everyday words as an English file writes them', async () => {
    // "hoeveel" (how much) names nothing a file must say, as "how much" does not.
    expect(contentTerms({}, 'Hoeveel premie betaal ik?')).toEqual(['premie', 'betaal']);
    expect(translatedWords('inboedelverzekering', 'nl')).toContain('insurance');
    const car = await ask(corpus.store, 'Hoeveel premie betaal ik voor de autoverzekering?');
    expect(car.notFound).toBe(false);
    expect(car.answer.split('\n')[0]).toMatch(/EUR 38\.50/);
    expect(basename(car.citations[0]!.path)).toBe('insurance.txt');
    const home = await ask(corpus.store, 'Hoeveel premie betaal ik voor de inboedelverzekering?');
    expect(home.notFound).toBe(false);
    expect(home.answer.split('\n')[0]).toMatch(/EUR 14,20/);
  });
});

describe('a Dutch question over Dutch notes that inflect its words otherwise', () => {
  const corpus = suiteFiles(
    {
      'abonnementen.md': '# Abonnementen\n\nBasis: 1 gebruiker, 10 GB opslag, 5 euro per maand.\n\nTeam: 3 gebruikers, 200 GB opslag, 25 euro per maand.\n',
      'fiets.md': 'Notities over de fiets\n\nDe achterband is op 3 november vervangen bij Fietsenmaker Bakker. De remblokken moeten in het voorjaar worden vervangen. Bij nieuwe maan werkt het licht slecht.\n',
      'facturen.md': 'Openstaande facturen\n\nFactuur 2026-014 van Bouwbedrijf De Vries: 1.250 euro, te betalen voor 15 december.\n',
      'tickets.md': 'Each ticket lets you pass the gate once, and the bus stops at the gate.\n',
    },
    'docent-dutch-inflections-',
  );

  it('reads a singular as the plural the index has, and back, as the table inflects a word', () => {
    const ts = new TermStats(corpus.store);
    // FTS5's English stemmer joins no Dutch plural to its singular.
    expect(ts.documentFrequency(['abonnement', 'remblok']).get('abonnement')).toBe(0);
    expect(inflectedForms('abonnement', 'nl', ts)).toEqual(['abonnementen']);
    // A short vowel's consonant doubled, a long vowel written single in the open syllable, and back.
    expect(inflectedForms('remblok', 'nl', ts)).toEqual(['remblokken']);
    expect(inflectedForms('factuur', 'nl', ts)).toEqual(['facturen']);
    expect(inflectedForms('facturen', 'nl', ts)).toEqual(['factuur']);
    // A verb's participle as its infinitive ("betaald": te betalen), but no noun read as a verb's form ("maand" is no "maan").
    expect(inflectedForms('betaald', 'nl', ts)).toEqual(['betalen']);
    expect(inflectedForms('maand', 'nl', ts)).not.toContain('maan');
    // A form with an ending taken off may be another language's word: "passen" (to fit) is no English "pass".
    expect(ts.documentFrequency(['pass']).get('pass')).toBeGreaterThan(0);
    expect(inflectedForms('passen', 'nl', ts)).toEqual([]);
    expect(inflectedForms('bussen', 'nl', ts)).toEqual([]);
    // Only forms the index has; none for English, whose stems the index's are.
    expect(inflectedForms('fiets', 'nl', ts)).toEqual([]);
    expect(inflectedForms('abonnement', 'en', ts)).toEqual([]);
    // Beside the word's translations, where the table lists it.
    expect(writtenParts('abonnement', 'nl', ts)[0]).toContain('abonnementen');
  });

  it('survives any word: every form is an index word other than the word and of another stem', () => {
    const ts = new TermStats(corpus.store);
    const rand = seeded(27);
    const pieces = ['rem', 'blok', 'ken', 'en', 'abonnement', 'factuur', 'uu', 'ß', 'ǅ', '日本', '🙂', '-', "'", '\u0000', 'x'.repeat(45), 'E', 'n'];
    for (let i = 0; i < 300; i++) {
      const word = Array.from({ length: 1 + Math.floor(rand() * 5) }, () => pieces[Math.floor(rand() * pieces.length)]!).join('');
      const forms = inflectedForms(word, 'nl', ts);
      const stems = ts.stems([word.toLowerCase(), ...forms]);
      for (const f of forms) {
        expect(f).not.toBe(word.toLowerCase());
        expect(ts.documentFrequency([f]).get(f)).toBeGreaterThan(0);
        expect(stems.get(f)).not.toBe(stems.get(word.toLowerCase()));
      }
    }
  });

  it('answers from the note that writes the word in another form, instead of "not in your files"', async () => {
    const price = await ask(corpus.store, 'Wat kost het team abonnement?');
    expect(price.notFound).toBe(false);
    expect(price.answer.split('\n')[0]).toMatch(/Team: 3 gebruikers, 200 GB opslag, 25 euro per maand/);
    const brakes = await ask(corpus.store, 'Wanneer moet de remblok vervangen worden?');
    expect(brakes.notFound).toBe(false);
    expect(brakes.answer).toMatch(/De remblokken moeten in het voorjaar worden vervangen/);
    expect(basename(brakes.citations[0]!.path)).toBe('fiets.md');
  });
});

describe('an English question over Dutch notes', () => {
  const corpus = suiteFiles(
    {
      'huurcontract.md': '# Huurcontract Keizersgracht 12\n\nVerhuurder: Woningstichting Amstel\nHuurprijs: 1.150 euro per maand.\nBorg: twee maanden huur, terug bij het einde van het contract.\nDe huurder betaalt de servicekosten.\n',
      'vergadering.md': '# Verslag van de vergadering\n\nDe nieuwe website gaat live op 1 december.\n',
      'garden.md': 'This kind of map shows where the beds are in the garden.\n',
      'auto.txt': 'Onderhoud Volkswagen Polo (kenteken GX-123-B)\n\nDe laatste APK was op 12 maart 2026; de volgende moet voor 12 maart 2027.\n',
    },
    'docent-english-over-dutch-',
  );

  it('reads its words as the Dutch notes write them: the table the other way, only where a Dutch passage has the word', () => {
    const ts = new TermStats(corpus.store);
    const forms = writtenFormsOf(['landlord', 'rent', 'meeting', 'folder', 'child', 'garden'], 'en', ts);
    expect(forms.get('landlord')).toEqual([['verhuurder']]);
    // And the compounds the notes make of it with another word ("huurprijs": rent's price), not a derived word ("huurder", a tenant).
    expect(forms.get('rent')![0]![0]).toBe('huur');
    expect(forms.get('rent')![0]).toContain('huurprij');
    expect(forms.get('rent')![0]).toContain('huurcontract');
    expect(forms.get('rent')![0]).not.toContain('huurder');
    // "meeting" is "afspraak" or "vergadering": only the one the index has.
    expect(forms.get('meeting')).toEqual([['vergadering']]);
    // "map" (folder) and "kind" (child) are in the index as English words only.
    expect(forms.has('folder')).toBe(false);
    expect(forms.has('child')).toBe(false);
    expect(forms.has('garden')).toBe(false);
  });

  it('survives any word: every form is a word of the index other than the word', () => {
    const ts = new TermStats(corpus.store);
    const rand = seeded(28);
    const pieces = ['land', 'lord', 'rent', 'meet', 'ing', 'map', 'kind', 'ß', 'ǅ', '日本', '🙂', '-', "'", '\u0000', 'x'.repeat(45), 'E'];
    for (let i = 0; i < 300; i++) {
      const word = Array.from({ length: 1 + Math.floor(rand() * 4) }, () => pieces[Math.floor(rand() * pieces.length)]!).join('');
      for (const part of writtenParts(word, 'en', ts))
        for (const f of part) {
          expect(f).not.toBe(word.toLowerCase());
          expect(ts.documentFrequency([f]).get(f)).toBeGreaterThan(0);
        }
    }
  });

  it('answers from the Dutch note, cited, instead of "not in your files"', async () => {
    const r = await ask(corpus.store, 'Who is the landlord?');
    expect(r.notFound).toBe(false);
    expect(r.answer.split('\n')[0]).toMatch(/Verhuurder: Woningstichting Amstel/);
    expect(basename(r.citations[0]!.path)).toBe('huurcontract.md');
    const rent = await ask(corpus.store, 'How much is the rent?');
    expect(rent.notFound).toBe(false);
    expect(rent.answer).toMatch(/^Huurcontract Keizersgracht 12 — Huurprijs: 1\.150 euro per maand/);
    // A title that holds the asked word as the notes write it is shown with the sentence under it.
    const car = await ask(corpus.store, 'What is the registration of the car?');
    expect(car.notFound).toBe(false);
    expect(car.answer).toMatch(/^Onderhoud Volkswagen Polo \(kenteken GX-123-B\)/);
  });
});
