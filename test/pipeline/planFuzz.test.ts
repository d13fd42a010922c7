// The Plan stage reads every question: generated questions (file words, frame words, types, dates,
// folders, names, mixed scripts, huge and empty ones) never break it, and what it filters by is
// always the question's own words.
import { describe, expect, it } from 'vitest';
import { plan } from '../../src/pipeline/answer/plan.js';
import { queryTerms } from '../../src/pipeline/search/queryTerms.js';
import type { Intent } from '../../src/pipeline/rewrite/types.js';
import { seeded } from '../helpers/fuzzConversations.js';

const WORDS = [
  'how', 'many', 'which', 'files', 'file', 'my', 'the', 'PDFs', 'Word', 'documents', 'mention', 'talk', 'about', 'list',
  'all', 'find', 'do', 'any', 'of', 'in', 'folder', 'invoices', 'named', 'budget', 'last', 'week', 'since', '2024', 'March',
  'spreadsheets', 'CSV', 'linspace', 'R_LIBS_USER', 'write.csv', 'hoeveel', 'bestanden', 'welke', 'gaan', 'over', 'warmtepompen',
  'map', 'mijn', 'noemen', 'die', '?', '!', ',', '"', "'", '東京', 'مرحبا', '🙂', '\ud800', 'e\u0301', '-', '…', '',
];
const INTENTS: Intent[] = ['factual', 'list', 'count', 'compare', 'summarize'];

function question(rand: () => number): string {
  if (rand() < 0.01) return 'files '.repeat(3000);
  const n = Math.floor(rand() * 14);
  return Array.from({ length: n }, () => WORDS[Math.floor(rand() * WORDS.length)]!).join(rand() < 0.5 ? ' ' : '');
}

describe('Plan on questions it has never seen', () => {
  it('never throws, picks a known tool, and filters and asks only by the question\'s own words', () => {
    const rand = seeded(45);
    const now = new Date(Date.UTC(2026, 10, 21));
    for (let i = 0; i < 3000; i++) {
      const q = question(rand);
      const intent = INTENTS[Math.floor(rand() * INTENTS.length)]!;
      const p = plan(q, intent, now);
      expect(['semantic_search', 'filesystem', 'both']).toContain(p.tool);
      const own = new Set(queryTerms(q));
      for (const w of p.filters.mentioning ?? []) expect(own.has(w), JSON.stringify({ q, w })).toBe(true);
      for (const w of p.asking ?? []) expect(own.has(w), JSON.stringify({ q, w })).toBe(true);
      // Files are counted by what they mention only where the files table answers.
      if (p.filters.mentioning) expect(p.tool).toBe('filesystem');
    }
  });
});
