import type { SelectedTurn } from '../targetedHistory.js';
import { ANSWER_OPENING, capitalise } from './words.js';

/**
 * "where does it say that?", "which page is that on?", "source?", "waar staat dat?": a question
 * about where the latest answer comes from. Its own words find nothing (and its "it" is no thing
 * of the conversation); what it means is the answer's claim, which the search then finds in the
 * files, with their pages.
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
/** A bare request for the source. */
const BARE: Record<'en' | 'nl', RegExp> = {
  en: /^\s*(?:(?:and\s+)?(?:the\s+)?(?:source|sources|reference|references|citation|proof)|says\s+who|according\s+to\s+what)\s*[?!.]*\s*$/i,
  nl: /^\s*(?:(?:en\s+)?(?:de\s+)?(?:bron|bronnen|referentie|bewijs)|volgens\s+wie|volgens\s+wat|wat\s+is\s+de\s+bron)\s*[?!.]*\s*$/i,
};

/** Whether `query` asks where the latest answer comes from. */
export function asksForSource(query: string, language: string): boolean {
  const lang = language === 'nl' ? 'nl' : language === 'en' ? 'en' : undefined;
  if (!lang) return false;
  if (BARE[lang].test(query)) return true;
  return (WHERE_SAID[lang].test(query) || WHICH_PART[lang].test(query)) && POINTER[lang].test(query);
}

/** The first sentence of a reply, without citation marks, cut to MAX_CLAIM_WORDS. */
export function claimOf(reply: string): string {
  // Citation marks and an answer's opening "Yes," / "Nee," are no part of what it claims.
  const text = reply
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(ANSWER_OPENING, '');
  const sentence = text.split(/(?<=[.!?])\s+(?=\p{Lu})/u)[0] ?? text;
  const words = sentence.replace(/[.!?]+$/, '').split(' ').filter(Boolean);
  if (words[0]) words[0] = capitalise(words[0]);
  return words.length > MAX_CLAIM_WORDS ? `${words.slice(0, MAX_CLAIM_WORDS).join(' ')}…` : words.join(' ');
}

/**
 * The question with the latest answer's claim it asks about: "which page is that on?" → "which
 * page is that on: "The warranty covers parts and labour for five years"?".
 */
export function resolveSource(query: string, turns: readonly SelectedTurn[], language: string): SourceReading | undefined {
  if (!asksForSource(query, language)) return undefined;
  const answered = [...turns].reverse().find((t) => t.assistant.trim());
  if (!answered) return undefined;
  const claim = claimOf(answered.assistant);
  if (!claim) return undefined;
  const m = /\s*([?!.]*)\s*$/.exec(query)!;
  return { resolved: `${query.slice(0, m.index)}: "${claim}"${m[1] || '?'}`, claim, turn: answered.index };
}
