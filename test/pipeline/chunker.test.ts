import { describe, expect, it } from 'vitest';
import { chunkDocument, PAGE_SEPARATOR } from '../../src/pipeline/index/chunker.js';
import type { ExtractedDocument } from '../../src/pipeline/index/extractors/types.js';

const sentence = (i: number): string => `Sentence number ${i} talks about topic ${i % 7} in some detail.`;

describe('chunkDocument', () => {
  it('keeps pages apart and offsets that point back into the document text', () => {
    const doc: ExtractedDocument = {
      type: 'pdf',
      title: null,
      pages: [
        { page: 1, text: Array.from({ length: 40 }, (_, i) => sentence(i)).join(' ') },
        { page: 2, text: 'Short second page.' },
      ],
    };
    const chunks = chunkDocument(doc, { targetChars: 300, maxChars: 500 });
    const full = doc.pages.map((p) => p.text).join(PAGE_SEPARATOR);
    expect(chunks.length).toBeGreaterThan(3);
    for (const c of chunks) {
      expect(c.text.length).toBeLessThanOrEqual(500);
      expect(full.slice(c.charStart, c.charEnd).replace(/\s+/g, ' ')).toBe(c.text.replace(/\s+/g, ' '));
    }
    expect(chunks.at(-1)).toMatchObject({ page: 2, text: 'Short second page.' });
    expect(chunks.filter((c) => c.page === 1).every((c) => c.text.endsWith('.'))).toBe(true);
    expect(chunks.map((c) => c.ordinal)).toEqual(chunks.map((_, i) => i));
  });

  it('cuts an over-long sentence at word boundaries', () => {
    const doc: ExtractedDocument = { type: 'text', title: null, pages: [{ page: null, text: 'word '.repeat(600) }] };
    const chunks = chunkDocument(doc, { targetChars: 300, maxChars: 400 });
    expect(chunks.length).toBeGreaterThan(5);
    for (const c of chunks) {
      expect(c.text.length).toBeLessThanOrEqual(400);
      expect(c.text).toMatch(/^(word ?)+$/);
    }
  });

  it('starts a new chunk at a Markdown section and remembers its heading', () => {
    const doc: ExtractedDocument = {
      type: 'markdown',
      title: 'Notes',
      pages: [{ page: null, text: '# Notes\n\nIntro text.\n\n## Prices\n\nIt costs 45 euro.\n\n## Layers\n\nLay it 5 cm thick.' }],
    };
    const chunks = chunkDocument(doc);
    expect(chunks.map((c) => c.section)).toEqual(['Notes', 'Prices', 'Layers']);
    expect(chunks[1]!.text).toContain('It costs 45 euro.');
  });

  it('joins a page tail fragment to the passage before it, and searches a lone fragment by keywords only', () => {
    const body = 'The apply family runs a function over each element of a list and returns the results in a list of the same length. '.repeat(6);
    const doc: ExtractedDocument = { type: 'pdf', title: null, pages: [{ page: 1, text: `${body}\n\nDF))) f }` }, { page: 2, text: 'ttktreeview(parent, ...)' }, { page: 3, text: 'A short page that still says something about lists.' }] };
    const chunks = chunkDocument(doc, { targetChars: 700, maxChars: 1100 });
    // The tail stays on its page, inside the passage it ends.
    expect(chunks.filter((c) => c.page === 1)).toHaveLength(1);
    expect(chunks[0]!.text.endsWith('DF))) f }')).toBe(true);
    // A page that is one fragment keeps its own page; with almost no words it gets no vector.
    expect(chunks.find((c) => c.page === 2)).toMatchObject({ text: 'ttktreeview(parent, ...)', keywordsOnly: true });
    expect(chunks.find((c) => c.page === 3)!.keywordsOnly).toBeUndefined();
    expect(chunks.map((c) => c.ordinal)).toEqual([0, 1, 2]);
  });
});
