// A PDF's text items and pages as pdf.js may give them, from any document: generated items with
// any place (none, rotated, NaN, infinite, negative sizes), raised digits, web addresses, control
// characters and hyphens never break joinItems or cleanPages, and what they return is the items'
// own text: spaces, line ends, a footnote's mark or a running line may go, nothing else is made up.
import { describe, expect, it } from 'vitest';
import { joinItems, type TextItemLike } from '../../src/pipeline/index/extractors/pdfExtractor.js';
import { cleanPages } from '../../src/pipeline/index/extractors/pageCleanup.js';
import { seeded } from '../helpers/fuzzConversations.js';

const STRINGS = ['', ' ', 'the', 'value', '2', '31', '7', '1 Introduction', 'Chapter 4: Factors 18', '‘', 'install.packages(', 'pkgname', ')', '’ or', 'https://www.', 'gnu.org/philosophy/free-sw.html)', '(https://', 'From there', 'charac-', 'ter', 'R_', 'LIBS_USER', '\u0088 bullet', 'a\u0085b', '東京', 'مرحبا', '🙂', '\ud800', 'x'.repeat(3000), '12 footnote text here'];
const NUMBERS = [0, 1, -1, 0.5, 10.9, 7, 500, 657.8, 661.8, NaN, Infinity, -Infinity, 1e308];

function item(rand: () => number): TextItemLike {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const str = pick(STRINGS);
  const r = rand();
  if (r < 0.15) return { str, hasEOL: rand() < 0.3 };
  if (r < 0.2) return { hasEOL: true } as TextItemLike;
  const rotated = rand() < 0.1;
  return {
    str,
    hasEOL: rand() < 0.3,
    transform: rand() < 0.05 ? [1, 0] : [rotated ? 0 : 1, rotated ? 1 : 0, rotated ? -1 : 0, rotated ? 0 : 1, pick(NUMBERS) + rand() * 50, pick(NUMBERS) + rand() * 5],
    ...(rand() < 0.9 ? { width: pick(NUMBERS) } : {}),
    ...(rand() < 0.9 ? { height: pick(NUMBERS) } : {}),
  };
}

/** The characters that carry text: not spaces, line ends, hyphens (a line end's may become a soft one) or control characters. */
const carried = (s: string): string => s.replace(/[\s\u00ad\u0080-\u009f^•-]/gu, '');

/** Whether a's characters appear in b in order (b may have more). */
function within(a: string, b: string): boolean {
  let j = 0;
  for (const ch of a) {
    j = b.indexOf(ch, j);
    if (j < 0) return false;
    j += ch.length;
  }
  return true;
}

describe('PDF text from pages it has never seen', () => {
  it('joinItems never throws and writes only its items\' own characters, in their order', () => {
    const rand = seeded(59);
    for (let i = 0; i < 3000; i++) {
      const items = Array.from({ length: Math.floor(rand() * 14) }, () => item(rand));
      const out = joinItems(items);
      expect(typeof out).toBe('string');
      const source = carried(items.map((x) => x.str ?? '').join(''));
      expect(within(carried(out), source), JSON.stringify(out.slice(0, 120))).toBe(true);
    }
  });

  it('cleanPages never throws, keeps every page, and writes only its pages\' own characters', () => {
    const rand = seeded(61);
    for (let i = 0; i < 300; i++) {
      const pages = Array.from({ length: Math.floor(rand() * 9) }, () => joinItems(Array.from({ length: Math.floor(rand() * 10) }, () => item(rand))));
      const out = cleanPages(pages);
      expect(out).toHaveLength(pages.length);
      for (const [p, text] of out.entries()) expect(within(carried(text), carried(pages[p]!)), JSON.stringify(text.slice(0, 120))).toBe(true);
    }
  });
});
