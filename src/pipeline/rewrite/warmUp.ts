import { setImmediate as nextTurn } from 'node:timers/promises';
import { setFlagsFromString } from 'node:v8';
import type { TermStats } from '../search/termStats.js';
import { detectLanguage } from './lexical/language.js';
import { rewrite } from './rewrite.js';
import type { HistoryMessage } from './types.js';

const u = (text: string): HistoryMessage => ({ role: 'user', text });
const a = (text: string): HistoryMessage => ({ role: 'assistant', text });

/**
 * Made-up conversations whose follow-ups take the lexical engine's main paths: a pronoun, a
 * person, a demonstrative, a list item (also one an earlier question named), a parallel question,
 * what a verb acts on, an advised action, what a name owns, a file an answer named, "more?", a typo, a change of subject, in English and Dutch. Nothing of them is kept but compiled code.
 */
export const WARM_UP_CONVERSATIONS: { history: HistoryMessage[]; queries: string[] }[] = [
  {
    history: [
      u('How does the auth middleware validate tokens?'),
      a('The middleware checks the JWT signature against the public key, then rejects tokens whose exp claim is in the past. Refresh tokens are kept for 30 days.'),
    ],
    queries: ['how does it handle expired sessions?', 'and refresh tokens?', 'where is that configured?', 'whta does the midleware log?', "aren't there more?"],
  },
  {
    history: [
      u('Which laptops did I compare in my notes?'),
      a('Your notes compare:\n- Dell XPS 13\n- Lenovo ThinkPad X1 Carbon\n- MacBook Air'),
      u('Which one has the best battery life?'),
      a('The MacBook Air, at about 15 hours, against 12 for the ThinkPad.'),
    ],
    queries: ['how much does it weigh?', 'what about the second one?', 'compare them', 'is the last one cheaper?', 'and the cheapest?'],
  },
  {
    history: [
      u('What did the board decide about the new office?'),
      a('The board approved the lease for five years. Maria Jansen will lead the move; Dr. Patel chairs the committee.'),
    ],
    queries: ['when does she start?', 'what did Jansen say about the budget?', 'is what you said about the lease true?', 'where does it say that?', 'Changing the subject, what is our travel policy?'],
  },
  {
    history: [
      u('What does the lease say about the deposit?'),
      a('The landlord returns the deposit within 14 days. You can request an inspection before you move out.'),
    ],
    queries: ['when do I get it back?', 'how do I request it?', 'how do I do that?', 'can he keep part of it?', 'when is it returned?'],
  },
  {
    history: [
      u('Which medications did the doctor prescribe?'),
      a('Metoprolol 50 mg twice a day and atorvastatin 20 mg in the evening.'),
      u('What are the side effects of the first one?'),
      a('Tiredness, dizziness and cold hands.'),
    ],
    queries: ['and of the second?', 'can I drink alcohol with it?'],
  },
  {
    history: [u('Do I have notes on the Rust borrow checker?'), a('Yes, rust-notes.md explains ownership, borrowing and lifetimes.')],
    queries: ['what does it say about lifetimes?', 'what do the notes say about borrowing?'],
  },
  {
    history: [u("What did the vet charge for Max's surgery?"), a('The invoice charges 640 euro for the surgery and 42 euro for medication.')],
    queries: ['when is it due?'],
  },
  {
    history: [u('Are stocks risky?'), a('Stocks can lose much of their value in a downturn; diversification lowers the risk.')],
    queries: ['What about bonds?', 'and if I hold them for ten years?', 'I am not sure those rules apply to an IRA', 'Is that true?'],
  },
  {
    history: [
      u('Wat kost de reisverzekering per maand?'),
      a('De reisverzekering kost 4,20 euro per maand met werelddekking; de inboedelverzekering 9,80 euro.'),
    ],
    queries: ['en de inboedelverzekering?', 'en de prijs?', 'kan ik hem opzeggen?', 'zijn er nog meer?', 'wat als ik het zelf doe?'],
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
 * case-insensitive pattern with Unicode classes (1.4 and 1.2 ms here for one of parallel.ts's),
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
