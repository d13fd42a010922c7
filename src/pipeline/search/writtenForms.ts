import { isStopword, queryPhrases, stopwordsOf } from './queryTerms.js';
import type { TermStats } from './termStats.js';
import TRANSLATIONS from './translateWords.json' with { type: 'json' };
import SPELLINGS from './spellings.json' with { type: 'json' };

/**
 * A question's words as the files may write them in their language: translations from a per-language
 * table (translateWords.json), and, with the index's statistics, a compound of two words the index
 * has or a cognate among its words. Search, Map and Confidence read a question's words by these.
 */

interface TranslationTable {
  /** The language the table's words are translated into ("en"). */
  into: string;
  /** Longest first, as they are tried. */
  endings: readonly string[];
  prefixes: readonly string[];
  links: readonly string[];
  /** How a verb's stem makes its infinitive ("onderteken" + "en"; "installeer" → "installeren"). */
  stems?: { endings: readonly string[]; longVowels: readonly string[]; shortVowels?: readonly string[]; voiced?: Readonly<Record<string, string>>; afterVowel?: Readonly<Record<string, string>> };
  /** The particles a separable verb leaves at its clause's end ("zet … om": omzetten). */
  particles?: readonly string[];
  /** Prepositions that may follow such a particle ("om naar …"). */
  prepositions?: readonly string[];
  words: Record<string, readonly string[]>;
}
const TABLES: Record<string, TranslationTable> = Object.fromEntries(
  Object.entries(TRANSLATIONS as unknown as Record<string, TranslationTable | string>)
    .filter((e): e is [string, TranslationTable] => typeof e[1] !== 'string')
    .map(([language, t]) => [language, { ...t, endings: [...t.endings].sort((a, b) => b.length - a.length) }]),
);
/**
 * Each table read the other way: for the language its words are translated into, the table's words
 * by each of their translations ("rent" → huur, "meeting" → vergadering, afspraak), per table.
 */
const REVERSED: ReadonlyMap<string, readonly { language: string; words: ReadonlyMap<string, readonly string[]> }[]> = (() => {
  const out = new Map<string, { language: string; words: Map<string, string[]> }[]>();
  for (const [language, table] of Object.entries(TABLES)) {
    const words = new Map<string, Set<string>>();
    for (const [word, translations] of Object.entries(table.words)) for (const t of translations) words.set(t, (words.get(t) ?? new Set()).add(word));
    out.set(table.into, [...(out.get(table.into) ?? []), { language, words: new Map([...words].map(([t, ws]) => [t, [...ws]])) }]);
  }
  return out;
})();
/** The shortest word read with an ending, or as a compound's part, so that a short word is not taken for another's stem ("as" in "ast"). */
const MIN_STEM = 4;
/** Longer than this, a run of letters is no word to translate (a pasted hash, a 10 kB line). */
const MAX_WORD = 40;
/** An unlisted first part of a compound is kept as it is (a loanword: "databaseserver") from this length on. */
const MIN_KEPT_PART = 5;

/**
 * A listed word, or one with an ending the language inflects it with ("verbindingen", "luistert"),
 * or a verb's stem whose infinitive is listed ("onderteken": ondertekenen; "negeert": negeren).
 */
function listedForm(word: string, table: TranslationTable): readonly string[] | undefined {
  const bare = table.prefixes.filter((p) => word.startsWith(p) && word.length - p.length >= MIN_STEM).map((p) => word.slice(p.length));
  const listed = (w: string): boolean => Object.hasOwn(table.words, w);
  const bases = (w: string): string[] => table.endings.filter((e) => w.endsWith(e) && w.length - e.length >= MIN_STEM).map((e) => w.slice(0, -e.length));
  if (listed(word)) return table.words[word];
  // A separable verb's participle has the prefix after its particle ("in|ge|steld": instellen; "om|ge|zet":
  // omzetten): a verb, read as its infinitive before a noun its stem may be ("uitvoer", output, of "uitgevoerd"),
  // and as that noun where the verb is irregular ("opgeslagen": opslag, storage).
  for (const particle of table.particles ?? []) {
    for (const p of table.prefixes.filter((p) => word.startsWith(particle + p) && word.length - particle.length - p.length >= MIN_VERB_STEM)) {
      const joined = particle + word.slice(particle.length + p.length);
      const stems = [joined, ...bases(joined)];
      const found = stems.flatMap((stem) => infinitives(stem, table)).find(listed) ?? stems.find(listed);
      if (found) return table.words[found];
    }
  }
  for (const w of [word, ...bare]) {
    if (listed(w)) return table.words[w];
    const base = bases(w).find(listed) ?? openedBases(w, table).find(listed);
    if (base) return table.words[base];
  }
  for (const w of [word, ...bare]) {
    const infinitive = [w, ...bases(w)].flatMap((stem) => infinitives(stem, table)).find(listed);
    if (infinitive) return table.words[infinitive];
  }
  return undefined;
}

/**
 * The word before an ending that opens with a vowel, as it is written without one: an ending's
 * syllable changes how the word before it is spelt (translateWords.json `stems`, read backwards).
 * A short vowel's doubled consonant is single ("oppervlakken": oppervlak, "pakketten": pakket), a
 * long vowel written single in the open syllable is written double ("namen": naam, "talen": taal),
 * and a voiced v or z is f or s ("brieven": brief, "prijzen": prijs). Only a listed word is taken.
 */
function openedBases(word: string, table: TranslationTable): string[] {
  if (!table.stems) return [];
  const { longVowels, shortVowels = [], voiced = {} } = table.stems;
  const vowel = (c: string | undefined): boolean => c !== undefined && /[aeiouy]/u.test(c);
  const out: string[] = [];
  for (const e of table.endings.filter((e) => vowel(e[0]) && word.endsWith(e) && word.length - e.length >= MIN_OPENED)) {
    const base = word.slice(0, -e.length);
    const [c, before, vowelAt] = [base.at(-1)!, base.at(-2)!, base.at(-3)];
    if (vowel(c)) continue;
    if (c === before && shortVowels.includes(vowelAt!) && !vowel(base.at(-4))) out.push(base.slice(0, -1));
    const unvoiced = Object.entries(voiced).find(([, to]) => to === c)?.[0];
    const stems = [base, ...(unvoiced ? [`${base.slice(0, -1)}${unvoiced}`] : [])];
    // A single vowel between consonants ends an open syllable: a long vowel ("nam|en").
    const long = !vowel(vowelAt) && longVowels.find((v) => v[0] === before);
    for (const stem of stems) {
      if (long) out.push(`${stem.slice(0, -2)}${long}${stem.at(-1)}`);
      if (stem !== base) out.push(stem);
    }
  }
  return out;
}

/**
 * The infinitives a verb's stem may have (translateWords.json `stems`): "onderteken" → ondertekenen;
 * "installeer" → installeeren, installeren; "druk" (drukt) → drukken, where a short vowel's
 * closed syllable doubles its last consonant before an ending; "geef" → geven, "kies" → kiezen,
 * where a long vowel's f or s is voiced before it; "opsla" → opslaan, where the stem ends in its
 * vowel. A stem may be as short as MIN_VERB_STEM ("zet": zetten): only a listed infinitive is taken.
 */
function infinitives(stem: string, table: TranslationTable): string[] {
  if (!table.stems || stem.length < MIN_VERB_STEM) return [];
  const { endings, longVowels, shortVowels = [], voiced = {}, afterVowel = {} } = table.stems;
  const vowel = (c: string | undefined): boolean => c !== undefined && /[aeiouy]/u.test(c);
  // A long vowel is written double in a closed syllable and single in an open one ("installeer", "installeren").
  const long = longVowels.find((v) => stem.length > v.length && stem.slice(-v.length - 1, -1) === v && !vowel(stem.at(-1)));
  const open = long ? `${stem.slice(0, -long.length - 1)}${long[0]}${stem.at(-1)}` : undefined;
  // A short vowel keeps its syllable closed by doubling the consonant after it ("druk", "drukken").
  const short = !long && !vowel(stem.at(-1)) && shortVowels.includes(stem.at(-2)!) && !vowel(stem.at(-3));
  const doubled = short ? `${stem}${stem.at(-1)}` : undefined;
  // After a long vowel or a diphthong, f and s are voiced in the open syllable ("geef", "geven"; "schrijf", "schrijven").
  const spoken = open ?? stem;
  const voice = !short ? voiced[spoken.at(-1)!] : undefined;
  const softened = voice && /[aeiouyj]/u.test(spoken.at(-2) ?? '') ? `${spoken.slice(0, -1)}${voice}` : undefined;
  // A stem that ends in its vowel takes the infinitive's ending after it ("sla": slaan, "zie": zien).
  const vowelEnding = afterVowel[stem.at(-1)!];
  return [
    ...endings.flatMap((e) => [`${stem}${e}`, ...(open ? [`${open}${e}`] : []), ...(doubled ? [`${doubled}${e}`] : []), ...(softened ? [`${softened}${e}`] : [])]),
    ...(vowelEnding ? [`${stem}${vowelEnding}`] : []),
  ];
}
/** The shortest word read before an ending that changed its spelling ("cel" of cellen, "nam" of namen: naam). */
const MIN_OPENED = 3;
/** The shortest verb stem read as an infinitive's ("zet" of zetten). */
const MIN_VERB_STEM = 3;

/**
 * The words documents in another language use for `word` of `language` (translateWords.json): as
 * listed, with an ending, or a compound whose last part is listed ("standaardwaarde" → default
 * standard value), its first part translated too or kept where it is long enough to be a loanword.
 * None for a language without a table, or a word it does not know.
 */
export function translatedWords(word: string, language: string | undefined): readonly string[] {
  return [...new Set(translatedParts(word, language).flat())];
}

/**
 * translatedWords as the parts the word is made of, each with its alternatives: a compound's parts
 * are all meant ("paspoortnummer" → [paspoort] + [number]: a passage that says "number" alone
 * does not say it), a plain word is one part.
 */
export function translatedParts(word: string, language: string | undefined): readonly (readonly string[])[] {
  return readParts(word, language).parts;
}

/** translatedParts, with the first part of a compound that it left out (unlisted and too short to keep: "iso" of "isolijnen"). */
function readParts(word: string, language: string | undefined): { parts: readonly (readonly string[])[]; dropped?: string } {
  const table = language ? TABLES[language] : undefined;
  if (!table) return { parts: [] };
  const low = word.toLowerCase();
  if (low.length > MAX_WORD || isStopword(low, stopwordsOf(language))) return { parts: [] };
  // A word of two letters only as listed ("as": axis), never read with an ending or as a part.
  if (low.length < 3) return { parts: Object.hasOwn(table.words, low) ? [table.words[low]!] : [] };
  const whole = listedForm(low, table);
  if (whole) return { parts: [whole] };
  // The longest last part that is listed; the rest, less a joining letter, is the first part.
  for (let i = 3; i <= low.length - MIN_STEM; i++) {
    const head = listedForm(low.slice(i), table);
    if (!head) continue;
    const first = low.slice(0, i);
    const joined = table.links.map((l) => (first.endsWith(l) ? first.slice(0, -l.length) : '')).filter((f) => f.length >= 3);
    const part = [first, ...joined].map((f) => listedForm(f, table)).find(Boolean);
    const kept = part ?? (first.length >= MIN_KEPT_PART ? [joined.find((f) => f.length >= MIN_KEPT_PART) ?? first] : []);
    return kept.length ? { parts: [kept, head] } : { parts: [head], dropped: first };
  }
  return { parts: [] };
}

/** Cognates share their first letters (Simard, Foster and Isabelle 1992: four) … */
const COGNATE_PREFIX = 4;
/** … and most of their letters in order: the longest common subsequence over the longer word's length (Melamed 1999: 0.58). */
const COGNATE_LCSR = 0.58;

/** The length of the longest common subsequence of two words. */
function commonSubsequence(a: string, b: string): number {
  let prev = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    const row = new Array<number>(b.length + 1).fill(0);
    for (let j = 1; j <= b.length; j++) row[j] = a[i - 1] === b[j - 1] ? prev[j - 1]! + 1 : Math.max(prev[j]!, row[j - 1]!);
    prev = row;
  }
  return prev[b.length]!;
}

/**
 * The index's word a word of another language most likely is, where the index does not have the
 * word itself: one that begins with the same four letters and shares most of its letters in order
 * ("installeer" → instal, "polynoom" → polynomi, "automatisch" → automat; the index's words are
 * FTS5 stems). The likeliest by that share, then by how many passages have it. None below the bar.
 */
export function cognate(word: string, termStats: TermStats): string | undefined {
  const low = word.toLowerCase().normalize('NFKC');
  if (low.length <= COGNATE_PREFIX || low.length > MAX_WORD || !/^\p{L}+$/u.test(low)) return undefined;
  let best: { term: string; share: number; doc: number } | undefined;
  for (const { term, doc } of termStats.termsStartingWith(low.slice(0, COGNATE_PREFIX))) {
    if (term === low) return undefined;
    const share = commonSubsequence(low, term) / Math.max(low.length, term.length);
    if (share >= COGNATE_LCSR && (!best || share > best.share || (share === best.share && doc > best.doc))) best = { term, share, doc };
  }
  return best?.term;
}

/**
 * How the files may write a question's word: its translations (translatedWords), or, for a word
 * of a question in another language than English that no passage has and the table does not
 * know, its cognate among the index's words.
 */
export function writtenForms(word: string, language: string | undefined, termStats?: TermStats): readonly string[] {
  return [...new Set(writtenParts(word, language, termStats).flat())];
}

/** writtenForms as the parts the word is made of (translatedParts); a cognate is one part. */
export function writtenParts(word: string, language: string | undefined, termStats?: TermStats): readonly (readonly string[])[] {
  const { parts: listed, dropped } = readParts(word, language);
  const prefixed = dropped !== undefined && termStats ? prefixedCompound(dropped, listed[0]!, termStats) : undefined;
  if (prefixed) return [[prefixed]];
  // A compound's parts are read as they are; a plain word is also written in the index in its own
  // language, inflected otherwise than asked.
  if (listed.length > 1 || !termStats || !language) return listed;
  if (language === 'en') {
    // Another language's word for it where the index has files in that language; English spelled the other way.
    const other = [...new Set([...foreignForms(word, language, termStats), ...spellingVariants(word, language, termStats)])];
    return other.length ? [other] : listed;
  }
  const own = inflectedForms(word, language, termStats);
  if (listed.length === 1) return own.length ? [[...listed[0]!, ...own.filter((f) => !listed[0]!.includes(f))]] : listed;
  if (own.length) return [own];
  const low = word.toLowerCase();
  if (isStopword(low, stopwordsOf(language)) || termStats.documentFrequency([low]).get(low)! > 0) return [];
  const split = compoundOf(low, termStats);
  if (split) return split;
  const found = cognate(low, termStats);
  return found ? [[found]] : [];
}

/** A language's spelling variants as spellings.json lists them, and as read: both ways. */
interface SpellingTable {
  minBefore: number;
  endings: readonly (readonly [string, string])[];
  words: Readonly<Record<string, string>>;
}
type Spellings = Omit<SpellingTable, 'words'> & { words: ReadonlyMap<string, string> };
const SPELLING: ReadonlyMap<string, Spellings> = new Map(
  Object.entries(SPELLINGS as unknown as Record<string, SpellingTable | string>)
    .filter((e): e is [string, SpellingTable] => typeof e[1] !== 'string')
    .map(([language, t]) => [
      language,
      {
        minBefore: t.minBefore,
        endings: t.endings.flatMap(([a, b]) => [[a, b] as const, [b, a] as const]),
        words: new Map(Object.entries(t.words).flatMap(([a, b]) => [[a, b], [b, a]] as [string, string][])),
      },
    ]),
);

/**
 * A question's word as the index spells it, where the language spells it two ways ("colour" and
 * "color", "greyscale" and "grayscale", "organise" and "organize"; spellings.json): the variant,
 * where the index writes it more often than the word as asked. A British question over American
 * manuals found their passages on "colors" by the few that write "colours".
 */
export function spellingVariants(word: string, language: string | undefined, termStats?: TermStats): string[] {
  const table = language ? SPELLING.get(language) : undefined;
  const low = word.toLowerCase();
  if (!table || !termStats || low.length > MAX_WORD || !/^\p{L}+$/u.test(low) || isStopword(low, stopwordsOf(language))) return [];
  const candidates = new Set<string>();
  const listed = table.words.get(low);
  if (listed) candidates.add(listed);
  for (const [from, to] of table.endings) if (low.endsWith(from) && low.length - from.length >= table.minBefore) candidates.add(low.slice(0, -from.length) + to);
  candidates.delete(low);
  if (!candidates.size) return [];
  const df = termStats.documentFrequency([low, ...candidates]);
  const stems = termStats.stems([low, ...candidates]);
  return [...candidates].filter((f) => df.get(f)! > df.get(low)! && stems.get(f) !== stems.get(low) && !isStopword(f, stopwordsOf(language)));
}

/**
 * The forms of a word of a question in another language than English that the index has, inflected
 * otherwise than asked, as the language's table inflects a word (translateWords.json endings and
 * stems, read both ways): "abonnement" → abonnementen, "remblok" → remblokken, "factuur" → facturen,
 * and back. The index's stems are English (FTS5's porter stemmer), which joins no Dutch plural to
 * its singular: a Dutch question's "abonnement" missed a Dutch note's "Abonnementen", and its
 * answer was "not in your files". Only forms the index has, and not the ones its stem already joins.
 */
export function inflectedForms(word: string, language: string | undefined, termStats: TermStats): string[] {
  const table = language && language !== 'en' ? TABLES[language] : undefined;
  const low = word.toLowerCase();
  if (!table || low.length < MIN_STEM || low.length > MAX_WORD || !/^\p{L}+$/u.test(low) || isStopword(low, stopwordsOf(language))) return [];
  const before = (endings: readonly string[]): string[] => endings.filter((e) => low.endsWith(e) && low.length - e.length >= MIN_STEM).map((e) => low.slice(0, -e.length));
  // Back by the endings a stem takes ("en"); by a verb's others ("t", "d") only to its infinitive
  // ("betaald": betalen): "maand" is no "maan".
  const verbs = before(table.endings).flatMap((stem) => infinitives(stem, table));
  // A form with an ending added is the language's own ("abonnementen"); one with an ending taken off
  // may be another language's word ("pass" of "passen", to fit; "bus" of "bussen"): it counts only
  // where a passage that holds it reads as the question's language.
  const added = new Set(infinitives(low, table));
  const candidates = [...new Set([...added, ...before(table.stems?.endings ?? []), ...openedBases(low, table), ...verbs])].filter((f) => f !== low);
  if (!candidates.length) return [];
  const stems = termStats.stems([low, ...candidates]);
  const df = termStats.documentFrequency(candidates);
  const written = (f: string): boolean => added.has(f) || termStats.writtenIn(f, language!);
  return candidates.filter((f) => df.get(f)! > 0 && stems.get(f) !== stems.get(low) && written(f));
}

/**
 * A word of a question in a language that a table translates into (English), as files in the
 * table's language write it, where the index has such files: the table read the other way ("How
 * much is the rent?" over a Dutch lease: huur). Only forms the index has, and only where a passage
 * that holds one reads as the table's language: a Dutch word may be an English one too ("wet" is
 * law; "start").
 */
function foreignForms(word: string, language: string, termStats: TermStats): string[] {
  const low = word.toLowerCase();
  if (low.length < 3 || low.length > MAX_WORD || isStopword(low, stopwordsOf(language))) return [];
  const out: string[] = [];
  for (const table of REVERSED.get(language) ?? []) {
    if (!holdsLanguage(table.language, termStats)) continue;
    const candidates = (table.words.get(low) ?? []).filter((f) => f !== low && !out.includes(f));
    if (!candidates.length) continue;
    const df = termStats.documentFrequency(candidates);
    out.push(...candidates.filter((f) => df.get(f)! > 0 && termStats.writtenIn(f, table.language)));
    // The compounds the index has that begin with one ("huurprijs", "huurcontract": rent's price, rent's contract).
    for (const c of candidates) out.push(...compoundsBeginningWith(c, table.language, termStats).filter((f) => !out.includes(f)));
  }
  // One form per word of the index ("volgend", "volgende": one stem).
  const stems = termStats.stems(out);
  return out.filter((f, i) => out.findIndex((g) => stems.get(g) === stems.get(f)) === i);
}

/** How many of a language's commonest own function words tell whether the index holds its text. */
const MARKER_WORDS = 2;
/** Each language's MARKER_WORDS commonest function words that English does not share ("het", "een"). */
const MARKERS = new Map<string, string[]>();

/**
 * Whether the index holds text in the language: it has one of the language's commonest function
 * words that English does not share ("het", "een"), in a passage that reads as the language. Any
 * text of a few lines has one; an index of English manuals has neither (looked up in the index's
 * vocabulary, without reading a passage), and is not searched for Dutch forms.
 */
function holdsLanguage(language: string, termStats: TermStats): boolean {
  let markers = MARKERS.get(language);
  if (!markers) {
    const english = stopwordsOf('en');
    markers = [...stopwordsOf(language)].filter((w) => !english.has(w) && w.length > 2).slice(0, MARKER_WORDS);
    MARKERS.set(language, markers);
  }
  const df = termStats.documentFrequency(markers);
  return markers.some((w) => df.get(w)! > 0 && termStats.writtenIn(w, language));
}

/** The most compounds read for one word. */
const MAX_COMPOUNDS = 4;

/**
 * The index's words (stems) that are a compound of `word` and another word (the reverse of
 * compoundOf): the rest after the word as the passages write it, less a joining letter of the
 * table's links, is a word of the table's language (listed, as readParts reads one) or an index
 * word of MIN_STEM letters or more in MIN_PART_DOCS passages ("huur" + "prijs"; not "huur" + "der",
 * a tenant), and a passage that holds the compound reads as the table's language. The commonest
 * first.
 */
function compoundsBeginningWith(word: string, language: string, termStats: TermStats): string[] {
  const table = TABLES[language];
  if (!table || word.length < MIN_STEM || !/^\p{L}+$/u.test(word)) return [];
  const head = termStats.stems([word]).get(word)!;
  const longer = termStats
    .termsStartingWith(head)
    .filter((t) => t.term !== head && /^\p{L}+$/u.test(t.term))
    .sort((a, b) => b.doc - a.doc || a.term.localeCompare(b.term))
    .slice(0, MAX_COMPOUNDS * 3);
  const restsOf = (term: string): string[] => {
    const written = termStats.writtenAs(term).toLowerCase();
    if (!written.startsWith(word)) return [];
    const rest = written.slice(word.length);
    return [rest, ...table.links.filter((l) => rest.startsWith(l)).map((l) => rest.slice(l.length))].filter((r) => r.length >= MIN_STEM);
  };
  const rests = new Map(longer.map((t) => [t.term, restsOf(t.term)]));
  const df = termStats.documentFrequency([...new Set([...rests.values()].flat())]);
  const aWord = (r: string): boolean => listedForm(r, table) !== undefined || df.get(r)! >= MIN_PART_DOCS;
  return longer
    .filter((t) => rests.get(t.term)!.some(aWord) && termStats.writtenIn(t.term, language))
    .slice(0, MAX_COMPOUNDS)
    .map((t) => t.term);
}

/**
 * A compound whose first part is a short prefix the table does not list, run together with its last
 * part's translation as the files write it: "isolijnen" is isolines, "autoschaal" autoscale,
 * "metagegevens" metadata (readParts keeps such a part only from MIN_KEPT_PART letters on, and
 * reads them as "line", "scale", "data"). Only where the index has the run-together word.
 */
function prefixedCompound(prefix: string, head: readonly string[], termStats: TermStats): string | undefined {
  const ways = head.filter((w) => /^\p{L}+$/u.test(w)).map((w) => prefix + w);
  const df = termStats.documentFrequency(ways);
  return ways.find((w) => df.get(w)! >= MIN_PART_DOCS);
}

/** The fewest passages each part of a split compound must be in: a word in one passage alone is as likely a fragment or a typo. eval:docs: the same at 1, 2, 5 and 20. */
const MIN_PART_DOCS = 2;

/**
 * A compound of two words the index has, where it lacks the whole ("databaseserver": database +
 * server), the parts at least MIN_STEM letters each; of several splits, the one whose rarer part
 * is commonest (Koehn and Knight 2003, by the index's counts). A joining "s" needs no rule: the
 * index's words are stems ("databases" is "databas"). Without it, such a word went to its likeliest
 * cognate, an unrelated rare word ("databasescr"), whose absence from the answer's passage then
 * weighed against it. eval:docs, Dutch questions: fact in answer 0.286 → 0.333, answerable → not
 * found 0.429 → 0.381, unanswerable AUROC 0.819 → 0.831; English figures unchanged.
 */
export function compoundOf(word: string, termStats: TermStats): string[][] | undefined {
  if (word.length < 2 * MIN_STEM || word.length > MAX_WORD || !/^\p{L}+$/u.test(word)) return undefined;
  const splits: [string, string][] = [];
  for (let i = MIN_STEM; i <= word.length - MIN_STEM; i++) splits.push([word.slice(0, i), word.slice(i)]);
  const df = termStats.documentFrequency(splits.flat());
  let best: { parts: [string, string]; docs: number } | undefined;
  for (const parts of splits) {
    const docs = Math.min(df.get(parts[0])!, df.get(parts[1])!);
    if (docs >= MIN_PART_DOCS && (!best || docs > best.docs)) best = { parts, docs };
  }
  return best && [[best.parts[0]], [best.parts[1]]];
}

/** A question's words the files write otherwise (writtenFormsOf), and which of those forms are blends (words run together, or their initials). */
export type WrittenFormsMap = Map<string, readonly (readonly string[])[]> & { blends?: ReadonlySet<string> };

/**
 * The words of `words` the files write otherwise, each with how: its parts, each with its
 * alternatives (writtenParts); with the index's statistics, also the word run together with the
 * next one in `text` (the question) as the files name it (blendsOf: "logarithmic scale" →
 * logscale), and three to five words by their initials (acronymsOf: "write-ahead logging" → WAL),
 * named in `blends`.
 */
export function writtenFormsOf(words: readonly string[], language: string | undefined, termStats?: TermStats, text?: string): WrittenFormsMap {
  const verbs = text === undefined ? new Map<string, readonly string[]>() : separableVerbs(text, language);
  const forms: WrittenFormsMap = new Map(words.map((w) => [w, verbs.has(w) ? [verbs.get(w)!] : writtenParts(w, language, termStats)] as const).filter(([, parts]) => parts.length));
  if (!termStats || text === undefined) return forms;
  // Words run together or by their initials, as the index names them: each word of them is written so too.
  const blends = [...blendsOf(text, termStats, language), ...acronymsOf(text, termStats)].filter((b) => b.words.every((w) => words.includes(w)));
  for (const { words: pair, term } of blends) {
    for (const w of pair) {
      const parts = forms.get(w);
      // A word of one part takes the blend as one more way of writing it; a compound's parts stay as they are.
      if (!parts) forms.set(w, [[term]]);
      else if (parts.length === 1 && !parts[0]!.includes(term)) forms.set(w, [[...parts[0]!, term]]);
    }
  }
  return blends.length ? Object.assign(forms, { blends: new Set(blends.map((b) => b.term)) }) : forms;
}

/** Alternatives of each word a translated phrase takes (the table lists the usual first). */
const PHRASE_ALTERNATIVES = 2;

/**
 * A question's word pairs (queryPhrases) in another language than the files', as the files would
 * write them side by side ("lokale wijzigingen": "local changes", "local modifications"): the first
 * PHRASE_ALTERNATIVES translations of each word where both are one word there. None for a language
 * without a table.
 */
export function translatedPhrases(text: string, language: string | undefined): string[] {
  const out = new Set<string>();
  for (const phrase of queryPhrases(text)) {
    const [a, b] = phrase.split(' ') as [string, string];
    for (const x of oneWordForms(a, language).slice(0, PHRASE_ALTERNATIVES)) for (const y of oneWordForms(b, language).slice(0, PHRASE_ALTERNATIVES)) if (x !== y) out.add(`${x} ${y}`);
  }
  return [...out];
}

/** A word's translations where it is one word in the files' language ("grafieken": graph, plot, chart); none for a compound. */
function oneWordForms(word: string, language: string | undefined): readonly string[] {
  const parts = translatedParts(word, language);
  return parts.length === 1 ? parts[0]! : [];
}

/**
 * The verbs of a text whose particle stands apart at the end of their clause, as the verb they make
 * together ("Hoe zet ik de repository om?": omzetten, convert; "stel … in": instellen), where the
 * table lists that verb: the word, with its translations. A clause ends at a mark.
 */
export function separableVerbs(text: string, language: string | undefined): Map<string, readonly string[]> {
  const table = language ? TABLES[language] : undefined;
  const out = new Map<string, readonly string[]>();
  if (!table?.particles?.length || text.length > MAX_SEPARABLE_TEXT) return out;
  const particles = new Set(table.particles);
  const prepositions = new Set([...particles, ...(table.prepositions ?? [])]);
  for (const clause of text.toLowerCase().split(/[.,;:!?()]+/u)) {
    const words = clause.match(/\p{L}+/gu) ?? [];
    // The particle ends the clause, or only a prepositional phrase follows it ("zet X om naar Y").
    const at = words.findIndex((w, i) => i > 0 && particles.has(w) && (i === words.length - 1 || prepositions.has(words[i + 1]!)));
    if (at < 0) continue;
    for (const w of words.slice(0, at)) {
      if (out.has(w) || prepositions.has(w) || isStopword(w, stopwordsOf(language))) continue;
      const joined = listedForm(`${words[at]}${w}`, table);
      if (joined) out.set(w, joined);
    }
  }
  return out;
}
/** The fewest and most words an acronym of the index stands for ("write-ahead log": WAL; two words' initials are too short to tell). */
const ACRONYM_WORDS = { min: 3, max: 5 };

/**
 * Three to five words side by side in a question (a run of queryPhrases' pairs) as the index
 * writes them by their initials: "write-ahead logging" → WAL, "common table expression" → CTE,
 * "full text search" → FTS. Only an acronym that the index has in MIN_PART_DOCS passages or more,
 * and writes in a passage beside the words it stands for (where a manual spells it out, "… the
 * write-ahead log (WAL) …"): three letters are another thing's name as often.
 */
export function acronymsOf(text: string, termStats: TermStats): { words: string[]; term: string }[] {
  // The pairs in order, joined into runs where one pair's second word is the next pair's first.
  const runs: string[][] = [];
  for (const phrase of queryPhrases(text).slice(0, MAX_BLEND_PHRASES)) {
    const [a, b] = phrase.split(' ') as [string, string];
    const last = runs.at(-1);
    if (last && last.at(-1) === a) last.push(b);
    else runs.push([a, b]);
  }
  const out: { words: string[]; term: string }[] = [];
  for (const run of runs) {
    for (let i = 0; i < run.length; i++) {
      for (let n = ACRONYM_WORDS.min; n <= ACRONYM_WORDS.max && i + n <= run.length; n++) {
        const words = run.slice(i, i + n);
        if (!words.every((w) => /^\p{L}+$/u.test(w) && w.length <= MAX_WORD)) continue;
        const term = words.map((w) => w[0]).join('');
        if (words.includes(term) || out.some((o) => o.term === term)) continue;
        if ((termStats.documentFrequency([term]).get(term) ?? 0) < MIN_PART_DOCS) continue;
        if (termStats.passagesWithBoth(term, words.join(' ')) > 0) out.push({ words, term });
      }
    }
  }
  return out;
}

/** A text longer than this is no question to read separable verbs in. */
const MAX_SEPARABLE_TEXT = 2000;

/**
 * The word pairs a text's blends are looked for in: a question has a few; a pasted page's first
 * ones are as many as a question could have (each pair, translated, is up to nine prefix lookups).
 */
const MAX_BLEND_PHRASES = 30;

/** The least share of a blend's passages that hold the first word of the pair it joins. */
const MIN_BLEND_SHARE = 0.05;

/** The least letters of either part of a blend: "log" of "logarithmic", "len" of "length" (in "samplen"); not an ending's "s". */
const MIN_BLEND_PART = 3;

/**
 * Two words side by side in a question (queryPhrases: no function word or mark between them) as
 * the index writes them run together, the first whole or cut short, the second's start or stem
 * after it: "logarithmic scale" → logscale, "sample length" → samplen, "column names" → colnames,
 * "environment variable" → envvar. Software manuals name their settings, commands and functions
 * so, and a question in plain words has none of their words. Only a word of at least
 * MIN_PART_DOCS passages (the index's words are FTS5 stems). A question in another language than
 * the files' blends the words as the files write them ("meerdere grafieken": multiple plot →
 * multiplot), where each is one word there.
 */
export function blendsOf(text: string, termStats: TermStats, language?: string): { words: [string, string]; term: string }[] {
  const out: { words: [string, string]; term: string }[] = [];
  // A word as the files write it: its translations of one word where its language's table lists
  // it (Dutch "as" is an axis, no part of "assigns"), else the word itself ("x" of "x range").
  const ways = (w: string): readonly string[] => {
    const translated = oneWordForms(w, language);
    return translated.length ? translated : [w];
  };
  for (const phrase of queryPhrases(text).slice(0, MAX_BLEND_PHRASES)) {
    const [a, b] = phrase.split(' ') as [string, string];
    if (a.length > MAX_WORD || b.length > MAX_WORD || !/^\p{L}+$/u.test(a + b)) continue;
    const seen = new Set<string>();
    // The second word's ways, each with its index stem, read once for every way of the first.
    const second = ways(b);
    const stems = termStats.stems(second);
    const seconds = second.map((w) => ({ w, stemmed: stems.get(w) ?? w }));
    for (const first of ways(a)) {
      for (let cut = Math.min(MIN_BLEND_PART, first.length); cut <= first.length; cut++) {
        for (const { term, doc } of termStats.termsStartingWith(first.slice(0, cut))) {
          const tail = term.slice(cut);
          if (doc < MIN_PART_DOCS || tail.length < MIN_BLEND_PART || seen.has(term)) continue;
          // The files' way of writing the pair speaks of the first word's thing too: a run-together
          // word whose passages never say it is a compound of other words ("sqldata" is SQL data,
          // not "SQLite database"; "datafile" not "database file").
          if (seconds.some((s) => s.w.startsWith(tail) || tail === s.stemmed) && (termStats.sharedWith(term, first) ?? 1) >= MIN_BLEND_SHARE) {
            seen.add(term);
            out.push({ words: [a, b], term });
          }
        }
      }
    }
  }
  return out;
}
