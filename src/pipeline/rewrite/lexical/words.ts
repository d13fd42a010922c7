import { withoutContractions } from '../../search/queryTerms.js';
/**
 * How the lexical engine splits text into words: runs of letters and digits, joined inside by
 * apostrophes and hyphens ("Huntington's", "F-1"). Where a name or a subject may hold a dot
 * ("U.S.", "Node.js"), `dots` keeps it inside the word; where the reading needs the sentence's
 * marks in order (phrases end at them), `punctuation` keeps each run of other characters too.
 */
export function wordPattern(options: { dots?: boolean; punctuation?: boolean } = {}): RegExp {
  const inner = options.dots ? "[\\p{L}\\p{N}'’.-]" : "[\\p{L}\\p{N}'’-]";
  const word = `[\\p{L}\\p{N}]${inner}*[\\p{L}\\p{N}]|[\\p{L}\\p{N}]`;
  return new RegExp(options.punctuation ? `${word}|[^\\s\\p{L}\\p{N}]+` : word, 'gu');
}

/** The index of the last element that passes `test`, or -1 (Array.prototype.findLastIndex is past Node 20's TypeScript lib). */
export function lastIndexWhere<T>(items: readonly T[], test: (item: T, index: number) => boolean): number {
  for (let i = items.length - 1; i >= 0; i--) if (test(items[i]!, i)) return i;
  return -1;
}

/** Words that open a noun phrase: articles, demonstratives and possessives (English, Dutch). */
export const DETERMINERS: ReadonlySet<string> = new Set(
  'the a an this that these those my your our their his her its de het een dit dat deze die mijn jouw onze hun zijn'.split(' '),
);

/** `s` with its first letter in upper case. */
export function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** `word` capitalised where `like` is ("Carolina" for "Carollina", "laptop" for "laptops"). */
export function caseLike(like: string, word: string): string {
  return /^\p{Lu}/u.test(like) ? capitalise(word) : word;
}

/**
 * Whether the word at `index` of `text` opens a sentence: the text's start, or after ".", "!" or
 * "?". Read backwards over the spaces before it: a test of everything before the word would make
 * a scan of a long message's words quadratic.
 */
export function opensSentence(text: string, index: number): boolean {
  let i = index - 1;
  while (i >= 0 && /\s/.test(text[i]!)) i--;
  return i < 0 || text[i] === '.' || text[i] === '!' || text[i] === '?';
}

/** An answer's opening "Yes," / "Nee," before what it says, with its mark and space. */
export const ANSWER_OPENING = /^\s*(?:yes|no|yeah|sure|well|indeed|correct|ja|nee|jazeker|inderdaad|klopt)\b[,.!:]?\s*/i;

/** An English plural by its form ("stocks", "symptoms"; not "virus", "analysis", "class"), lower case. */
export const plural = (w: string): boolean => w.length > 3 && /[^s'’]s$/.test(w) && !/(us|is|ss)$/.test(w);

/** `s` as a literal inside a regular expression. */
export const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Units a number is measured in: of length, weight, volume, energy, power, pressure, data, time
 * and money, English and Dutch ("84,200 km", "5.16 kWp", "16 GB", "14 hours", "8,900 euros", "3 weken").
 * Words that are also other words ("in", "a", "min", "sec", "db") are left out.
 */
export const MEASURE_UNITS: ReadonlySet<string> = new Set(
  (
    '% € µg mcg mg g kg lb lbs oz ml cl dl l mm cm m km ft yd mi mph kmh wh kwh kw w v mah wp kwp mw hz khz mhz ghz bar psi kpa pct ' +
    'kb mb gb tb seconds second minutes minute mins hours hour hrs days day weeks week months month years year uur minuten dagen weken maanden jaar ' +
    'euro euros eur cent cents dollar dollars usd pound pounds gbp yen'
  ).split(' '),
);
/** MEASURE_UNITS as a regular expression's alternatives, the longest first ("kwh" before "kw"). */
export const MEASURE_UNIT_PATTERN = [...MEASURE_UNITS].sort((a, b) => b.length - a.length).map(escapeRegExp).join('|');

/** A letter or a digit: what may not touch a whole word or name. */
export const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
/** A letter. */
export const LETTER = /\p{L}/u;

/** The character (a whole code point) that ends at `index` of `text`; '' at the start. */
function charBefore(text: string, index: number): string {
  if (index <= 0) return '';
  const low = text.charCodeAt(index - 1);
  return low >= 0xdc00 && low <= 0xdfff && index >= 2 ? text.slice(index - 2, index) : text[index - 1]!;
}

/** The character (a whole code point) that starts at `index` of `text`; '' at the end. */
export function charAt(text: string, index: number): string {
  const c = text.codePointAt(index);
  return c === undefined ? '' : String.fromCodePoint(c);
}

/**
 * Whether `text` has `word` as a whole word ("Mark" is not in "marketing"), in any case or, with
 * `matchCase`, as written; no expression is compiled (see wholeMatches).
 */
export function hasWholeWord(text: string, word: string, options: { matchCase?: boolean } = {}): boolean {
  const within = options.matchCase ? text : text.toLowerCase();
  const w = options.matchCase ? word : word.toLowerCase();
  for (let at = within.indexOf(w); at >= 0; at = within.indexOf(w, at + 1)) {
    if (!LETTER_OR_DIGIT.test(charBefore(within, at)) && !LETTER_OR_DIGIT.test(charAt(within, at + w.length))) return true;
  }
  return false;
}

/** A lower-case word after spaces, read where the sticky search is set (wordThenNoun). */
const NOUN_AFTER = /\s+(\p{Ll}[\p{L}-]*)/uy;

/**
 * The lower-case word `text` writes right after `word` (any case, no letter before it): "deduction"
 * for "starters'" in "… the starters' deduction …"; no expression is compiled.
 */
export function wordThenNoun(text: string, word: string): string | undefined {
  const lower = text.toLowerCase();
  // Lower-casing keeps the places of nearly every text; where it does not ("İ"), the lower-cased text is read.
  const read = lower.length === text.length ? text : lower;
  const w = word.toLowerCase();
  for (let at = lower.indexOf(w); at >= 0; at = lower.indexOf(w, at + 1)) {
    if (LETTER.test(charBefore(read, at))) continue;
    NOUN_AFTER.lastIndex = at + w.length;
    const noun = NOUN_AFTER.exec(read)?.[1];
    if (noun) return noun;
  }
  return undefined;
}

/**
 * The matches of `source` in `text` that stand whole, with no character `edge` matches (a letter
 * or digit) right before or after them, as `(?<![\p{L}\p{N}])…(?![\p{L}\p{N}])` would find them.
 * `source` is a literal (escapeRegExp) or a pattern without Unicode classes: V8 takes about a
 * millisecond to compile a pattern with \p{…} classes, and each name or word a conversation brings
 * would be a new one on the question's path; this compiles in under 0.06 ms.
 */
export function wholeMatches(text: string, source: string, options: { ignoreCase?: boolean; edge?: RegExp } = {}): RegExpExecArray[] {
  const edge = options.edge ?? LETTER_OR_DIGIT;
  const pattern = new RegExp(source, options.ignoreCase ? 'gi' : 'g');
  const found: RegExpExecArray[] = [];
  for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
    if (m[0] === '' || edge.test(charBefore(text, m.index)) || edge.test(charAt(text, m.index + m[0].length))) pattern.lastIndex = m.index + 1;
    else found.push(m);
  }
  return found;
}

/** `text` with every whole, case-insensitive `word` replaced by `by(match)` (see wholeMatches). */
export function replaceWhole(text: string, word: string, by: (match: string) => string, edge: RegExp = LETTER_OR_DIGIT): string {
  let out = '';
  let from = 0;
  for (const m of wholeMatches(text, escapeRegExp(word), { ignoreCase: true, edge })) {
    out += text.slice(from, m.index) + by(m[0]);
    from = m.index + m[0].length;
  }
  return out + text.slice(from);
}

/** Titles before a name, whose period ends no sentence ("Dr. Patel", "mevr. De Vries"). */
/** English and Dutch prepositions. */
export const PREPOSITIONS: ReadonlySet<string> = new Set(
  (
    'in on at as for during from to with by under over after before near since between among without within of about via per through against ' +
    'op bij voor tijdens met na uit naar onder boven sinds tussen zonder binnen aan door tegen naast achter rond van over via per'
  ).split(' '),
);

/** English days and months: words of a date, not of a thing ("the U.S. Open June 2014"). */
const MONTHS = 'january february march april may june july august september october november december'.split(' ');
/** Languages and peoples, written with a capital, which no person is called ("and for English?"). */
export const LANGUAGE_WORDS: ReadonlySet<string> = new Set(
  'english dutch french german spanish italian portuguese chinese japanese russian arabic latin greek turkish polish swedish danish norwegian finnish hindi korean engels nederlands frans duits spaans italiaans portugees chinees japans russisch arabisch latijn grieks turks pools'.split(' '),
);
export const CALENDAR_WORDS: readonly string[] = [...'monday tuesday wednesday thursday friday saturday sunday'.split(' '), ...MONTHS];

/** Words of a moment: units of time, seasons and (English, Dutch) months. "May" and "mei" only after a preposition: "may" is a verb too. */
export const MOMENT_UNIT = String.raw`(?:year|month|week|quarter|weekend|season|summer|winter|spring|autumn|jaar|maand|kwartaal|seizoen|zomer|lente|herfst)`;
export const MONTH = String.raw`(?:${MONTHS.filter((m) => m !== 'may').join('|')}|januari|februari|maart|juni|juli|augustus|oktober)`;
export const YEAR = String.raw`(?:19|20)\d{2}`;
export const MOMENT_PREPOSITION = String.raw`(?:in|during|since|sinds|tijdens)`;
/**
 * A moment a question may be asked of: "this year", "last month", "vorig jaar", "in 2023", "in
 * March", "dit kwartaal". Relative to another moment ("the year before") it is none: which one it
 * is, the words do not say; after an article it is a thing's ("the last season of Friends").
 */
export const MOMENT = String.raw`(?:(?:this|last|next|past|previous|coming|dit|deze|vorig|vorige|volgend|volgende|afgelopen|komend|komende)\s+${MOMENT_UNIT}|(?:${MOMENT_PREPOSITION}\s+)?(?:${MONTH}(?:\s+${YEAR})?|${YEAR})|${MOMENT_PREPOSITION}\s+(?:may|mei)(?:\s+${YEAR})?)`;
const MOMENT_ALONE = new RegExp(`^${MOMENT}$`, 'i');
/** A moment relative to the one asked about: "the year before", "the month after", "het jaar daarvoor", "de week erna". */
export const RELATIVE_MOMENT = new RegExp(`^((?:the|het|de)\\s+${MOMENT_UNIT})\\s+(before|after|daarvoor|ervoor|daarna|erna)(?:\\s+(?:that|this|dat|dit))?$`, 'i');
/** Whether a text is a moment alone, or one relative to another ("last year", "in 2023", "the month before"). */
export function isMoment(text: string): boolean {
  return MOMENT_ALONE.test(text.trim()) || RELATIVE_MOMENT.test(text.trim());
}

export const PERSON_TITLES: ReadonlySet<string> = new Set('dr mr mrs ms mx prof dhr mevr mw drs ir'.split(' '));
/**
 * Plural nouns for groups of people: whom a rule may apply to instead of the user ("and
 * part-timers?", "what about contractors?"), and whom a "they" who acts may be ("what did they find?").
 */
export const PEOPLE: ReadonlySet<string> = new Set(
  (
    'people employees workers staff colleagues part-timers full-timers freelancers contractors consultants interns trainees apprentices ' +
    'students pupils children kids minors teenagers adults seniors pensioners retirees parents families couples partners spouses ' +
    'members tenants landlords owners residents citizens foreigners expats visitors guests customers clients patients volunteers managers ' +
    'authors researchers scientists experts developers engineers maintainers reviewers investors users participants officials judges voters buyers sellers ' +
    'hires newcomers starters recruits'
  ).split(' '),
);
/** Nouns that name someone by their role ("the GP", "my landlord", "de aannemer"): a person, for whom no "it" stands. */
export const PERSON_ROLES: ReadonlySet<string> = new Set(
  (
    'gp doctor physician dentist nurse surgeon pharmacist therapist lawyer attorney solicitor notary accountant adviser advisor ' +
    'landlord landlady tenant manager boss colleague employer employee teacher tutor contractor plumber electrician builder ' +
    'agent broker realtor ceo cfo cto chairman chairwoman chair director founder owner officer president minister mother father mom mum dad sister brother ' +
    'wife husband partner son daughter friend neighbour neighbor client customer contact mentor coach supervisor coordinator secretary receptionist ' +
    'huisarts arts dokter tandarts verpleegkundige apotheker advocaat notaris boekhouder adviseur verhuurder huurder ' +
    'leidinggevende baas collega werkgever werknemer leraar docent aannemer loodgieter makelaar directeur eigenaar ' +
    'moeder vader zus broer vrouw man zoon dochter vriend vriendin buurman buurvrouw klant contactpersoon teamleider coördinator begeleider secretaresse'
  ).split(' '),
);
// Written out in both cases: under the "i" flag \p{Lu} would match any letter.
const TITLE_STOP = new RegExp(`\\b(${[...PERSON_TITLES].flatMap((t) => [t, capitalise(t)]).join('|')})\\.(?=\\s+\\p{Lu})`, 'gu');

/**
 * A message as the engine reads it: contractions undone (see withoutContractions) and the period
 * of a title before a name dropped, so that "Dr. Patel" is one name rather than a sentence's end.
 */
export function readable(text: string): string {
  return withoutContractions(text).replace(TITLE_STOP, '$1');
}
/**
 * Abbreviations that end in a period within a sentence ("Lewis et al. 2020", "e.g. the XPS", "vs.
 * the ThinkPad", "bijv. de Bosch"): their period ends no sentence, whatever follows but an end of
 * the text. Person titles are read by `readable`; "etc." may end one and is not here.
 */
const INNER_ABBREVIATION = /(?:^|[\s(])(?:et\s+al|e\.g|i\.e|vs|cf|approx|incl|excl|resp|bijv|o\.a|d\.w\.z|m\.b\.t|z\.g\.a\.n)\.$/i;

/**
 * A text's sentences: split after ".", "!" or "?" and white space (before a capital only, with
 * `capitalNext`), not after an abbreviation a sentence goes on after ("Lewis et al. 2020").
 */
export function sentences(text: string, capitalNext = false): string[] {
  const parts = text.split(capitalNext ? /(?<=[.!?])\s+(?=\p{Lu})/u : /(?<=[.!?])\s+/u);
  const out: string[] = [];
  for (const part of parts) {
    const previous = out.at(-1);
    if (previous !== undefined && INNER_ABBREVIATION.test(previous)) out[out.length - 1] = `${previous} ${part}`;
    else out.push(part);
  }
  return out;
}

/** E-mail and web addresses, whose parts ("example", "com") are no words of the conversation's. */
const ADDRESS = /\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+\b|\bhttps?:\/\/\S+|\bwww\.[\w-]+(?:\.[\w-]+)+\S*/giu;
/**
 * A bare domain name ("philips.com", "belastingdienst.nl/aangifte") of a common top-level domain,
 * written in lower case: "e.g.", "3.5" and "ASP.NET" are none.
 */
const DOMAIN = /\b[A-Za-z][a-z0-9-]*(?:\.[a-z][a-z0-9-]*)*\.(?:com|org|net|edu|gov|io|info|app|dev|eu|nl|be|de|fr|uk|co)(?:\/\S*)?(?![\w.]*\w)/gu;
const blank = (m: string): string => ' '.repeat(m.length);
/** A text with its e-mail and web addresses and domain names blanked out. */
export const withoutAddresses = (text: string): string => text.replace(ADDRESS, blank).replace(DOMAIN, blank);

const SEEN_LIMIT = 512;

/**
 * `make()` for `key`, kept in `memo` among its SEEN_LIMIT latest entries: a conversation's
 * messages come back with every follow-up, so what is read from each is read once.
 */
export function remembered<T>(memo: Map<string, T>, key: string, make: () => T): T {
  let found = memo.get(key);
  if (found === undefined) {
    found = make();
    if (memo.size >= SEEN_LIMIT) memo.delete(memo.keys().next().value!);
    memo.set(key, found);
  }
  return found;
}

/** Words that ask for something without a question mark ("tell me about …", "vertel over …"). */
export const REQUESTS: ReadonlySet<string> = new Set('tell explain describe list give show compare summarise summarize outline quote vertel leg beschrijf noem geef toon vergelijk vat citeer'.split(' '));

/** Verbs that open a request for a file or text too ("open it", "open hem", "zoek de offerte"), which are no slots of a question as REQUESTS are. */
const FILE_REQUESTS: ReadonlySet<string> = new Set('open find read translate print zoek vind lees vertaal'.split(' '));

/** Whether a message opens with a request ("compare them", "Summarise the minutes", "open hem"): it takes no question mark. */
export function isRequest(text: string): boolean {
  const first = text.trim().split(/\s+/)[0]?.toLowerCase() ?? '';
  return REQUESTS.has(first) || FILE_REQUESTS.has(first);
}

/** The reader's own, as the user says it: an answer's "your receipt" is the user's "my receipt". */
export const READER_OWN: Readonly<Record<string, string>> = { your: 'my', je: 'mijn', jouw: 'mijn', uw: 'mijn' };

/** Words before where a question's answer should come from ("according to the README", "volgens mijn contract"), as a pattern. */
export const SOURCE_LEAD = String.raw`\b(?:according\s+to|as\s+per|volgens)\s+`;

/** Dutch adverbs of how or when, which stand before an infinitive as its object would, or after a pronoun as its noun would ("kan het online?"). */
export const DUTCH_MANNER: ReadonlySet<string> = new Set('vooraf eerst wel ook altijd online zelf snel even nog alvast direct meteen tijdig digitaal schriftelijk telefonisch gewoon later daarna eerder vandaag morgen terug heen'.split(' '));

/** Animals that "he" or "she" may stand for. */
export const PETS: ReadonlySet<string> = new Set('cat dog puppy kitten horse pony rabbit hamster parrot kat hond pup paard konijn cavia'.split(' '));

/** Words of degree and quantity ("how many goals", "te veel"): no subject a follow-up replaces, nor a thing a pronoun stands for. */
export const DEGREE_WORDS: ReadonlySet<string> = new Set('many much more most few fewer less least very too so also just only often veel meer meest weinig minder erg heel zeer ook alleen vaak'.split(' '));
