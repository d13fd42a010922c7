import { basename } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ask } from '../../src/pipeline/answer/ask.js';
import { TermStats } from '../../src/pipeline/search/termStats.js';
import { spellingVariants, writtenFormsOf } from '../../src/pipeline/search/writtenForms.js';
import { suiteFiles } from '../helpers/suiteFiles.js';

/** An image editor's manual in American spelling, and one note from a British office. */
const MANUAL = {
  'palette.md': '# Palette\n\nThe palette holds the colors of an indexed image. An indexed image has at most 256 colors; converting an image to indexed mode reduces its colors to the palette.\n',
  'layers.md': '# Layers\n\nEach layer has its own opacity. A color tag marks a layer in the Layers dialog with a color of your choice.\n',
  'export.md': '# Exporting to GIF\n\nA GIF file keeps at most 256 colors, so exporting a photo as GIF merges similar colors and can change how it looks.\n',
  'modes.md': '# Modes\n\nThe grayscale mode keeps one channel of gray values; the grayscale of a color photo keeps its lightness.\n',
  'frames.md': '# Animated GIF\n\nA GIF file of many frames can grow large: export it with fewer frames to keep the file small.\n',
  'office.md': '# Office note\n\nThe colour of the new logo was chosen by the designer in the London office.\n',
};

describe('a word the files spell the other way (British and American English)', () => {
  const corpus = suiteFiles(MANUAL, 'docent-spellings-');

  it('is also searched as the index writes it, where the index writes that more often', () => {
    const ts = new TermStats(corpus.store);
    expect(spellingVariants('colours', 'en', ts)).toEqual(['colors']);
    expect(spellingVariants('Colour', 'en', ts)).toEqual(['color']);
    expect(spellingVariants('greyscale', 'en', ts)).toEqual(['grayscale']);
    expect(spellingVariants('grey', 'en', ts)).toEqual(['gray']);
    // As the files write it already: no variant ("colour" is rarer here than "color").
    expect(spellingVariants('color', 'en', ts)).toEqual([]);
    // An ending's rule needs a word before it: "four" is no "for", "tour" no "tor".
    expect(spellingVariants('four', 'en', ts)).toEqual([]);
    // A variant the index does not have, and a language without a table: none.
    expect(spellingVariants('organise', 'en', ts)).toEqual([]);
    expect(spellingVariants('colours', 'nl', ts)).toEqual([]);
    expect(spellingVariants('colours', 'en')).toEqual([]);
    // Map and Confidence read the question's word by its variant too.
    expect(writtenFormsOf(['colours', 'photo'], 'en', ts).get('colours')).toEqual([['colors']]);
  });

  it('answers a British question from American pages, not from the one page that spells it so', async () => {
    // Its other words are a GIF page's too; the colours are the export page's, written "colors".
    const gif = await ask(corpus.store, 'How many colours can a GIF file keep?');
    expect(gif.notFound).toBe(false);
    expect(basename(gif.citations[0]!.path)).toBe('export.md');
    expect(gif.answer).toContain('A GIF file keeps at most 256 colors');
    // The British note says "colour" but nothing of a layer's tag: the word as the manual writes it
    // outweighs the rare spelling, and the note is no second answer.
    const tag = await ask(corpus.store, 'Which colour tag does a layer get?');
    expect(tag.citations.map((c) => basename(c.path))).toEqual(['layers.md']);
    expect(gif.citations.map((c) => basename(c.path))).not.toContain('office.md');
  });
});
