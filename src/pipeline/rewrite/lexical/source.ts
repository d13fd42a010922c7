import { queryTerms } from '../../search/queryTerms.js';
import type { SelectedTurn } from '../targetedHistory.js';
import { ANSWER_OPENING, capitalise, isRequest, sentences } from './words.js';

/**
 * "where does it say that?", "which page is that on?", "source?", "waar staat dat?": a question
 * about where the latest answer comes from. Its own words find nothing (and its "it" is no thing
 * of the conversation); what it means is the answer's claim, which the search then finds in the
 * files, with their pages. So too for a question that doubts an answer ("is that true?", "are you
 * sure?", "klopt dat?") or names what it said ("is what you said about France true?"): the
 * evidence for the claim is what is wanted.
 */
export interface SourceReading {
  resolved: string;
  /** The answer's claim, as put in the question. */
  claim: string;
  turn: number;
}

/** The longest claim put in the question, in words. */
const MAX_CLAIM_WORDS = 25;

/** An opening remark that changes nothing ("ok, where …", "en waar …"). */
const REMARK = String.raw`^\s*(?:(?:and|so|but|ok(?:ay)?|sure|en|maar|ok[eé]?)[,\s]+)?`;
/** "where does it say that?", "where did you read that?" (not "where can I find it?"), "waar staat dat?", "waar heb je dat gelezen?". */
const WHERE_SAID: Record<'en' | 'nl', RegExp> = {
  en: new RegExp(String.raw`${REMARK}where\b.*\b(?:say|says|said|state|states|stated|write|writes|wrote|written|mention|mentions|mentioned|you\s+(?:find|found|get|got|read|see|saw))\b`, 'i'),
  nl: new RegExp(String.raw`${REMARK}waar\b.*\b(?:staat|stond|staan|zegt|zei|vermeld|vermeldt|geschreven|(?:je|jij|u)\b.*\b(?:gevonden|gelezen|vandaan))\b`, 'i'),
};
/** "which page is that on?", "what document says that?", "what's the source of that?", "op welke pagina staat dat?". */
const WHICH_PART: Record<'en' | 'nl', RegExp> = {
  en: new RegExp(String.raw`${REMARK}(?:(?:in|on|from)\s+)?(?:which|what)(?:['’]s|\s+is|\s+was)?(?:\s+the)?\s+(?:page|pages|document|file|section|paragraph|chapter|source|sources|passage|clause|reference)\b`, 'i'),
  nl: new RegExp(String.raw`${REMARK}(?:(?:in|op|uit)\s+)?(?:welke?|wat\s+is\s+de)\s+(?:pagina|bladzijde|document|bestand|sectie|paragraaf|hoofdstuk|bron|bronnen|passage|artikel)\b`, 'i'),
};
/** The word that points at the answer. */
const POINTER: Record<'en' | 'nl', RegExp> = { en: /\b(?:that|this|it)\b/i, nl: /\b(?:dat|dit|het|daarvan|hiervan)\b/i };
/** A bare request for the source ("source?", "quote it", "in which document?", "op welke pagina?"). */
const BARE: Record<'en' | 'nl', RegExp> = {
  en: /^\s*(?:(?:and\s+)?(?:the\s+)?(?:source|sources|reference|references|citation|proof)|says\s+who|according\s+to\s+what|quote\s+(?:it|that|this)|(?:(?:in|on|from)\s+)?(?:which|what)\s+(?:page|document|file|section|paragraph|chapter|clause))\s*[?!.]*\s*$/i,
  nl: /^\s*(?:(?:en\s+)?(?:de\s+)?(?:bron|bronnen|referentie|bewijs)|volgens\s+wie|volgens\s+wat|wat\s+is\s+de\s+bron|citeer\s+(?:het|dat|dit)|(?:(?:in|op|uit)\s+)?welke?\s+(?:pagina|bladzijde|document|bestand|sectie|paragraaf|hoofdstuk|artikel))\s*[?!.]*\s*$/i,
};

/**
 * A question that is nothing but doubt of the answer: "is that true?", "are you sure?", "how do you
 * know?", "klopt dat wel?"; or a denial of it: "no, that's wrong", "that is not correct", "dat klopt niet".
 */
const DOUBT: Record<'en' | 'nl', RegExp> = {
  en: new RegExp(
    String.raw`${REMARK}(?:(?:(?:no|nope|hmm|wait)[,.!\s]+)?(?:that|this|it)(?:['’]s|\s+is|\s+was)\s+(?:not\s+(?:true|right|correct|accurate)|wrong|incorrect|false|untrue)|(?:is|was)\s+(?:that|this|it)\s+(?:really\s+)?(?:true|right|correct|accurate|so)|are\s+you\s+(?:really\s+)?(?:sure|certain)(?:\s+(?:about\s+)?(?:that|this|it))?|really|how\s+(?:do|would)\s+you\s+know(?:\s+(?:that|this|it))?|(?:(?:is\s+there\s+)?any|what(?:['’]s|\s+is)?(?:\s+the)?)\s+(?:evidence|proof)(?:\s+(?:for|of)\s+(?:that|this|it))?)\s*[?!.]*\s*$`,
    'i',
  ),
  nl: new RegExp(
    String.raw`${REMARK}(?:(?:(?:nee|hmm|wacht)[,.!\s]+)?(?:dat|dit|het)\s+(?:klopt\s+niet|is\s+(?:niet\s+(?:waar|juist)|fout|onjuist))|klopt\s+(?:dat|dit|het)(?:\s+wel)?|(?:is|was)\s+(?:dat|dit|het)\s+(?:wel\s+|echt\s+)?(?:waar|juist|zo)|weet\s+(?:je|u)\s+(?:dat|het)\s+(?:wel\s+)?zeker|echt(?:\s+waar)?|hoe\s+weet\s+(?:je|u)\s+(?:dat|dit|het)|(?:is\s+er\s+)?(?:enig|een|welk)\s+bewijs(?:\s+(?:voor|van)\s+(?:dat|dit))?)\s*[?!.]*\s*$`,
    'i',
  ),
};
/**
 * "(what) you said about France": what follows names the claim. Not "you said it was free": a
 * reported clause paraphrases, and often disputes, rather than names what was said.
 */
const YOU_SAID: Record<'en' | 'nl', RegExp> = {
  en: /\byou\s+(?:just\s+|earlier\s+|already\s+)?(?:said|wrote|mentioned|claimed|stated|told\s+me)\s+(?:about|on|regarding)\s+(.*)$/i,
  nl: /\b(?:je|jij|u)\s+(?:net\s+|eerder\s+|al\s+)?(?:zei|zegt|schreef|noemde|beweerde|vertelde)\s+over\s+(.*)$/i,
};

const languageOf = (language: string): 'en' | 'nl' | undefined => (language === 'nl' ? 'nl' : language === 'en' ? 'en' : undefined);

/** Whether `query` asks where the latest answer comes from, or doubts it. */
export function asksForSource(query: string, language: string): boolean {
  const lang = languageOf(language);
  if (!lang) return false;
  if (BARE[lang].test(query) || DOUBT[lang].test(query)) return true;
  return (WHERE_SAID[lang].test(query) || WHICH_PART[lang].test(query)) && POINTER[lang].test(query);
}

/** Words that judge a claim or place it in the conversation, not name it ("… about France above is true"). */
const JUDGING = new Set('true false right wrong correct accurate sure certain really above earlier before waar onwaar juist fout klopt zeker echt eerder hierboven'.split(' '));

/** The words after "you said about" that name an answer's claim, if the question has them. */
function saidAbout(query: string, language: string): string[] {
  const lang = languageOf(language);
  const said = lang && YOU_SAID[lang].exec(query);
  return said ? queryTerms(said[1]!).filter((w) => !JUDGING.has(w)) : [];
}

/** A reply's sentences, without citation marks or an answer's opening "Yes," / "Nee,". */
function sentencesOf(reply: string): string[] {
  const text = reply
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(ANSWER_OPENING, '');
  return text ? sentences(text, true) : [];
}

/** A sentence as a claim: capitalised, no end mark, cut to MAX_CLAIM_WORDS. */
function asClaim(sentence: string): string {
  const words = sentence.replace(/[.!?]+$/, '').split(' ').filter(Boolean);
  if (words[0]) words[0] = capitalise(words[0]);
  return words.length > MAX_CLAIM_WORDS ? `${words.slice(0, MAX_CLAIM_WORDS).join(' ')}…` : words.join(' ');
}

/** The first sentence of a reply, without citation marks, cut to MAX_CLAIM_WORDS. */
export function claimOf(reply: string): string {
  return asClaim(sentencesOf(reply)[0] ?? '');
}

/** An answer of the conversation, with the index of its turn pair. */
export interface Answer {
  index: number;
  text: string;
}

/**
 * The sentence of the conversation's answers that says most about `words`, each word counting
 * by how few sentences have it (a name outweighs "true"); the latest answer wins a tie.
 */
function claimAbout(words: readonly string[], answers: readonly Answer[]): { claim: string; turn: number } | undefined {
  const sentences = [...answers].reverse().flatMap((a) => sentencesOf(a.text).map((text) => ({ text, turn: a.index, terms: new Set(queryTerms(text)) })));
  const weight = new Map(words.map((w) => [w, Math.log(1 + sentences.length / Math.max(1, sentences.filter((x) => x.terms.has(w)).length))]));
  let best: { claim: string; turn: number; score: number } | undefined;
  for (const x of sentences) {
    const score = words.filter((w) => x.terms.has(w)).reduce((sum, w) => sum + weight.get(w)!, 0);
    if (score > (best?.score ?? 0)) best = { claim: asClaim(x.text), turn: x.turn, score };
  }
  return best;
}

/** The question with the claim put in: "which page is that on: "The warranty is 7 years"?". */
function withClaim(query: string, found: { claim: string; turn: number } | undefined): SourceReading | undefined {
  if (!found?.claim) return undefined;
  const m = /\s*([?!.]*)\s*$/.exec(query)!;
  // "quote it" stays a request: no question mark.
  return { resolved: `${query.slice(0, m.index)}: "${found.claim}"${m[1] || (isRequest(query) ? '' : '?')}`, claim: found.claim, turn: found.turn };
}

/**
 * The question with the latest answer's claim it asks about: "which page is that on?" → "which
 * page is that on: "The warranty covers parts and labour for five years"?".
 */
export function resolveSource(query: string, turns: readonly SelectedTurn[], language: string): SourceReading | undefined {
  if (!asksForSource(query, language)) return undefined;
  const answered = [...turns].reverse().find((t) => t.assistant.trim());
  return withClaim(query, answered && { claim: claimOf(answered.assistant), turn: answered.index });
}

/**
 * "is what you said about France true?": the question with the sentence of any answer that has
 * most of what "you said about …" names. Undefined when the question names nothing an answer has.
 */
export function resolveSaid(query: string, answers: readonly Answer[], language: string): SourceReading | undefined {
  const named = saidAbout(query, language);
  return named.length ? withClaim(query, claimAbout(named, answers)) : undefined;
}
