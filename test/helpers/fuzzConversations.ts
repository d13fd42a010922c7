// Generated conversations for fuzzing the Rewrite stage: random turns in mixed languages, emoji,
// very long and empty messages, odd role orders. Seeded, so a failure can be replayed.
import type { HistoryMessage } from '../../src/pipeline/rewrite/types.js';

/** A small, seeded PRNG (mulberry32). */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = [
  'the', 'it', 'they', 'that', 'one', 'second', 'other', 'which', 'and', 'what', 'about', 'price', 'warranty', 'battery', 'Paris', 'iPhone 16',
  'de', 'het', 'prijs', 'en', 'dat', 'welke', 'tweede', 'houtmulch', 'die', 'ze', 'hoeveel', 'kost',
  'der', 'die', 'das', 'und', 'Preis', 'welcher', 'zweite', 'es', 'sie', 'wie', 'viel',
  'le', 'la', 'les', 'et', 'prix', 'quel', 'deuxième', 'il', 'elle', 'combien', 'ça',
  '東京', 'Москва', 'مرحبا', 'שלום', '🙂', '🚀🚀', '👩‍👩‍👧', 'e\u0301', '\u200b', '\u202e', '\ud800', '$$', '--', '...', '?', '!', '(', ')', '"', "'", '’s', '%', '123', '4.5', 'R_LIBS_USER', 'write.csv', 'C++', '#1', '@me', 'a-b-c', '\t', '\n',
];

const FOLLOW_UPS = ['and {w}?', 'what about {w}?', 'en {w}?', 'und {w}?', 'et {w} ?', 'the second one?', 'which one is {w}?', 'the other one', 'is it {w}?', 'how much does it cost?', 'how do I {w}?', 'hoe kan ik {w}?', 'aren\'t there more?', 'hoeveel is dat?', '{w}', '', ' ', '?', '{w} {w} {w}'];

function phrase(rand: () => number, words: number): string {
  const out: string[] = [];
  for (let i = 0; i < words; i++) out.push(WORDS[Math.floor(rand() * WORDS.length)]!);
  return out.join(rand() < 0.1 ? '' : ' ');
}

function message(rand: () => number): string {
  const r = rand();
  if (r < 0.05) return '';
  if (r < 0.08) return ' \n\t ';
  if (r < 0.1) return phrase(rand, 2000).slice(0, 10_240); // about 10 kB
  if (r < 0.4) return FOLLOW_UPS[Math.floor(rand() * FOLLOW_UPS.length)]!.replace(/\{w\}/g, () => phrase(rand, 1 + Math.floor(rand() * 3)));
  return phrase(rand, 1 + Math.floor(rand() * 30));
}

/** The n-th generated conversation: a question and what was said before it. */
export function generatedConversation(n: number): { query: string; history: HistoryMessage[] } {
  const rand = seeded(n + 1);
  const turns = Math.floor(rand() * 8);
  const history: HistoryMessage[] = [];
  for (let i = 0; i < turns; i++) {
    // Mostly alternating, sometimes two of a role in a row or an assistant first.
    const role = rand() < 0.15 ? (rand() < 0.5 ? 'user' : 'assistant') : i % 2 === 0 ? 'user' : 'assistant';
    history.push({ role, text: message(rand) });
  }
  return { query: message(rand), history };
}
