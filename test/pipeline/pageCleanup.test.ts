import { describe, expect, it } from 'vitest';
import { BREAK_HYPHEN, cleanPages, joinBreakHyphens, withoutRunningLines } from '../../src/pipeline/index/extractors/pageCleanup.js';

const page = (n: number, body: string): string => `Chapter 2: Plotting ${n + 40}\n${body}\n${n + 40}`;

describe('page cleanup', () => {
  it('drops a running header and footer that carry the page number, wherever the number stands', () => {
    const words = ['one', 'two', 'three', 'four', 'five'];
    const pages = words.map((w, i) => page(i, `Body text ${w}, which mentions page ${i * 7 + 3}.`));
    const clean = withoutRunningLines(pages);
    for (const [i, p] of clean.entries()) {
      expect(p).toBe(`Body text ${words[i]}, which mentions page ${i * 7 + 3}.`);
    }
  });

  it("drops a short chapter's running header by its page number, and keeps a chapter's or a footnote's opening number", () => {
    // Two front-matter pages, then printed pages 1-12; each chapter's header runs over two pages only.
    const titles = ['Getting started', 'Vectors and assignment', 'Factors', 'Arrays', 'Lists', 'Reading data'];
    const printed = (n: number, body: string): string => (n === 1 ? `1 Introduction\n${body}` : `Chapter ${Math.ceil(n / 2)}: ${titles[Math.ceil(n / 2) - 1]} ${n}\n${body}`);
    const bodies = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'].map((w) => `The text of page ${w}.`);
    bodies[2] += '\n3 for some clients the default differs';
    const pages = ['Title page', 'Table of contents', ...bodies.map((b, i) => printed(i + 1, b))];
    const clean = withoutRunningLines(pages);
    expect(clean[3]).toBe('The text of page two.');
    expect(clean[6]).toBe('The text of page five.');
    expect(clean[2]).toBe('1 Introduction\nThe text of page one.');
    expect(clean[4]).toBe('The text of page three.\n3 for some clients the default differs');
    expect(clean.join('\n')).not.toContain('Chapter');
  });

  it('keeps a cross-reference or a heading that happens to stand at a page edge on a few pages', () => {
    const pages = ['Syntax:\nplot x\nsee page 450.', 'Syntax:\nsplot y\nsee page 12.', 'Syntax:\nfit z\nsee page 77.', ...Array.from({ length: 20 }, (_, i) => `Other page ${i}\nwith text`)];
    const clean = withoutRunningLines(pages);
    expect(clean[0]).toBe('Syntax:\nplot x\nsee page 450.');
    expect(clean[2]).toBe('Syntax:\nfit z\nsee page 77.');
  });

  it('joins a word split at a line end when the document writes it whole, and keeps a real compound', () => {
    const filler = Array.from({ length: 2100 }, (_, i) => `w${i}`).join(' ');
    const pages = [`The charac${BREAK_HYPHEN}ters of a three${BREAK_HYPHEN}year plan.`, `Other characters here; a three-year loan. ${filler}`];
    expect(joinBreakHyphens(pages)[0]).toBe('The characters of a three-year plan.');
    // Halves the document never writes alone, in a long document: a syllable break.
    expect(joinBreakHyphens([`di${BREAK_HYPHEN}rectories`, filler])[0]).toBe('directories');
    // A short document gives no evidence: the hyphen stays.
    expect(joinBreakHyphens([`di${BREAK_HYPHEN}rectories and more`])[0]).toBe('di-rectories and more');
  });

  it('leaves a document with nothing to clean as it is', () => {
    const pages = ['One page.', 'Another page with other words.'];
    expect(cleanPages(pages)).toEqual(pages);
  });
});
