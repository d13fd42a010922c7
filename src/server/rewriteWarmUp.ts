import { setImmediate as nextTurn } from 'node:timers/promises';
import { setFlagsFromString } from 'node:v8';
import type { TermStats } from '../pipeline/search/termStats.js';
import { detectLanguage } from '../pipeline/rewrite/lexical/language.js';
import { rewrite } from '../pipeline/rewrite/rewrite.js';
import type { HistoryMessage } from '../pipeline/rewrite/types.js';

const u = (text: string): HistoryMessage => ({ role: 'user', text });
const a = (text: string): HistoryMessage => ({ role: 'assistant', text });

/**
 * Made-up conversations whose follow-ups take each reference shape of templates.json (a pronoun, an
 * ellipsis, a circumstance, a list item, a choice, "more?", a demonstrative, what was said, a file,
 * a typo, a change of subject) in English, Dutch, German and French. Nothing of them is kept but
 * compiled code.
 */
export const WARM_UP_CONVERSATIONS: { history: HistoryMessage[]; queries: string[] }[] = [
  {
    history: [
      u('Which laptops did I compare in my notes?'),
      a('Your notes in laptops.md compare:\n- Dell XPS 13\n- Lenovo ThinkPad X1 Carbon\n- MacBook Air'),
      u('How does the auth middleware validate tokens?'),
      a('The middleware checks the JWT signature, then rejects tokens whose exp claim is in the past. Dr. Patel wrote it.'),
    ],
    queries: ['how does it handle expired sessions?', 'and the refresh tokens?', 'what about on Windows?', 'the second one?', 'which one is lighter?', "aren't there more?", 'are those tokens signed?', 'is what you said about the signature true?', 'whta does the midleware log?', 'Value?', 'Changing the subject, what is our travel policy?'],
  },
  {
    history: [u('Wat kost de reisverzekering per maand?'), a('De reisverzekering kost 4,20 euro per maand; de inboedelverzekering 9,80 euro.')],
    queries: ['en de inboedelverzekering?', 'en de prijs?', 'kan ik hem opzeggen?', 'zijn er nog meer?', 'hoe lang moet ik dat bewaren?'],
  },
  {
    history: [u('Was ist Holzmulch?'), a('Holzmulch ist eine Bodenabdeckung aus gehäckseltem Holz.')],
    queries: ['und der Preis?', 'wie dick muss ich es legen?'],
  },
  {
    history: [u("Qu'est-ce que le paillis de bois ?"), a('Le paillis de bois est une couverture du sol faite de bois broyé.')],
    queries: ['et le prix ?', 'combien coûte-t-il ?'],
  },
];

/**
 * `text` as V8 holds a text with a character past Latin-1 in it ("’", "€", "—", as documents and
 * answers often have): two bytes a character, the same characters. V8 compiles a regular
 * expression apart for each width, each compile of a pattern with Unicode classes about a
 * millisecond, so a warm-up in one width alone left a question about such a reply 20–30 ms slow.
 * A slice of a two-byte string is one.
 */
export function twoByte(text: string): string {
  return `\u2019${text}`.slice(1);
}

/**
 * Has V8 compile a regular expression to machine code at its first use, rather than interpret it
 * then and compile it again at its second (V8's regexp tier-up): a pattern the warm-up did not reach
 * costs a user's follow-up one compile rather than two, each about a millisecond for a
 * case-insensitive pattern with Unicode classes (about 1.3 ms here),
 * against some 0.1 ms more for a pattern run only once. For the process the back end runs in, set
 * before the warm-up (bench:rewrite does as the back end does); patterns already run keep their way.
 */
export function compileRegExpsAtFirstUse(): void {
  setFlagsFromString('--no-regexp-tier-up');
}

/** Rounds the built-in conversations are rewritten: enough for V8 to optimise the engine's code. */
export const WARM_UP_ROUNDS = 10;

/** Passages of the user's own index the warm-up reads as replies (IndexStore.spreadPassages), about 5 ms each here. */
export const WARM_UP_PASSAGES = 40;

/** Follow-ups asked of each passage, by language, three a passage in turn: a pronoun, a list item, a reason, a count, a claim. */
const PASSAGE_FOLLOW_UPS: Record<'en' | 'nl', readonly string[]> = {
  en: ['what about it?', 'who made it?', 'when was that?', 'how much does it cost?', 'and the second one?', 'why?', 'tell me more about that', 'are there more?', 'is that true?'],
  nl: ['en dat?', 'wie heeft het gemaakt?', 'wanneer was dat?', 'wat kost het?', 'en de tweede?', 'waarom?', 'vertel daar meer over', 'zijn er nog meer?', 'klopt dat?'],
};

/** A made-up conversation about a passage, and the follow-ups asked after it. */
export function aboutPassage(passage: string, turn: number): { history: HistoryMessage[]; queries: string[] } {
  const lang = detectLanguage(passage) === 'nl' ? 'nl' : 'en';
  const opening = passage.split(/\s+/).slice(0, 4).join(' ');
  const asks = PASSAGE_FOLLOW_UPS[lang];
  return {
    history: [u(lang === 'nl' ? `Wat staat er in mijn bestanden over ${opening}?` : `What do my files say about ${opening}?`), a(passage)],
    queries: [0, 1, 2].map((k) => asks[(turn * 3 + k) % asks.length]!),
  };
}

/**
 * Runs the lexical Rewrite engine over made-up conversations, so that a user's first follow-ups
 * meet compiled code rather than an interpreter: called off the request path when the back end
 * opens (each rewrite yields to waiting work first). The built-in conversations `rounds` times,
 * then once each `passages` of the user's own documents as replies: their words, names, lists and
 * characters take paths the built-in ones do not (each a regular expression compiled, or code
 * optimised, before a question needs it). `termStats` should be an instance of its own, so that no
 * count of a made-up word is kept for the user's; `stopped` ends it early (the back end closing).
 * Returns the time taken, in ms, and the questions rewritten.
 */
export async function warmUpRewrite(
  rounds = WARM_UP_ROUNDS,
  termStats?: TermStats,
  stopped: () => boolean = () => false,
  passages: readonly string[] = [],
): Promise<{ ms: number; questions: number }> {
  const t0 = performance.now();
  let questions = 0;
  const ask = async (query: string, history: readonly HistoryMessage[]): Promise<boolean> => {
    await nextTurn();
    if (stopped()) return false;
    await rewrite(query, history, {}, termStats ? { termStats } : {});
    questions++;
    return true;
  };
  const conversations = [
    ...Array.from({ length: rounds }, (_, round) => {
      // Every other round in two-byte strings (see twoByte).
      const form = round % 2 ? twoByte : (text: string) => text;
      return WARM_UP_CONVERSATIONS.map(({ history, queries }) => ({ history: history.map((m) => ({ role: m.role, text: form(m.text) })), queries: queries.map(form) }));
    }).flat(),
    ...passages.map(aboutPassage),
  ];
  for (const { history, queries } of conversations) for (const q of queries) if (!(await ask(q, history))) return { ms: performance.now() - t0, questions };
  return { ms: performance.now() - t0, questions };
}
