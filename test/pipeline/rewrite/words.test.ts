import { describe, expect, it } from 'vitest';
import { escapeRegExp, hasWholeWord, LETTER, opensSentence, replaceWhole, sentences, wholeMatches, wordPattern, wordThenNoun } from '../../../src/pipeline/rewrite/lexical/words.js';

describe('the lexical engine\'s words', () => {
  const text = "Did Huntington's F-1 visa, or Node.js, help?";
  it('join letters and digits by apostrophes and hyphens, and keep dots or marks only when asked', () => {
    expect(text.match(wordPattern())).toEqual(['Did', "Huntington's", 'F-1', 'visa', 'or', 'Node', 'js', 'help']);
    expect(text.match(wordPattern({ dots: true }))).toEqual(['Did', "Huntington's", 'F-1', 'visa', 'or', 'Node.js', 'help']);
    expect(text.match(wordPattern({ punctuation: true }))).toEqual(['Did', "Huntington's", 'F-1', 'visa', ',', 'or', 'Node', '.', 'js', ',', 'help', '?']);
    expect('U.S. dollar?'.match(wordPattern({ dots: true, punctuation: true }))).toEqual(['U.S', '.', 'dollar', '?']);
  });

  it('open a sentence at the start or after an end mark and spaces', () => {
    const t = 'Yes. The warranty ends!  Parts wear out; the Compressor? Maybe';
    const at = (w: string) => opensSentence(t, t.indexOf(w));
    expect([at('Yes'), at('The'), at('Parts'), at('Maybe')]).toEqual([true, true, true, true]);
    expect([at('warranty'), at('the'), at('Compressor')]).toEqual([false, false, false]);
    const long = 'The heat pump makes noise when it starts. '.repeat(2_000);
    expect([...long.matchAll(/\p{L}+/gu)].filter((m) => opensSentence(long, m.index))).toHaveLength(2_000);
  });

  it('find a name or phrase only where it stands whole, as a Unicode word boundary would', () => {
    const t = 'Anna Smith met Dr. Smithson, then Smith’s sister and Åsa Smith; Smith2 and ÅSmith did not.';
    const at = (source: string, options = {}) => wholeMatches(t, source, options).map((m) => m.index);
    const pattern = (source: string) => [...t.matchAll(new RegExp(`(?<![\\p{L}\\p{N}])${source}(?![\\p{L}\\p{N}])`, 'gu'))].map((m) => m.index);
    for (const source of ['Smith', escapeRegExp('Dr.'), 'Åsa Smith', 'smith']) expect(at(source), source).toEqual(pattern(source));
    expect(at('Smith')).toHaveLength(3);
    expect(at('smith', { ignoreCase: true })).toEqual(at('Smith'));
    // Words apart by marks and spaces, as a demonstrative's words are matched.
    expect(wholeMatches('Is this 3rd album, the best?', ['3rd', 'album', 'the'].map(escapeRegExp).join('\\W*\\s*'), { ignoreCase: true })[0]?.[0]).toBe('3rd album, the');
    // An astral letter on either side is a letter too.
    expect(wholeMatches('𝐀Smith Smith', 'Smith').map((m) => m.index)).toEqual([8]);
  });

  it('tell a whole word in any case or as written, as the Unicode patterns it stands in for would', () => {
    const t = 'Lake Geneva lies by the lake; Castle2 and 😀castle are no castle words, nor is marketing Mark.';
    const pattern = (w: string, flags: string) => new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(w)}(?![\\p{L}\\p{N}])`, flags).test(t);
    for (const w of ['lake', 'Lake', 'castle', 'Castle', 'mark', 'Mark', 'market', 'geneva']) {
      expect(hasWholeWord(t, w), w).toBe(pattern(w, 'iu'));
      expect(hasWholeWord(t, w, { matchCase: true }), w).toBe(pattern(w, 'u'));
    }
    expect(hasWholeWord(t, 'lake', { matchCase: true })).toBe(true);
    expect(hasWholeWord(t, 'geneva', { matchCase: true })).toBe(false);
  });

  it('read the lower-case word written after a word, where no letter comes before that word', () => {
    expect(wordThenNoun("You get the Starters' deduction in your first years.", "starters'")).toBe('deduction');
    expect(wordThenNoun('Restarters get none; starters Get more; starters  bonus', 'starters')).toBe('bonus');
    expect(wordThenNoun('The starters.', 'starters')).toBeUndefined();
    expect(wordThenNoun('İstanbul starters pay less', 'starters')).toBe('pay');
  });

  it('replace a whole word in any case, keeping what is around it', () => {
    expect(replaceWhole('Warrenty? The warrenty, not warrenty2 or rewarrenty.', 'warrenty', (m) => (m[0] === 'W' ? 'Warranty' : 'warranty'), LETTER)).toBe(
      'Warranty? The warranty, not warranty2 or rewarrenty.',
    );
    expect(replaceWhole('a.b a-b', 'a.b', () => 'x')).toBe('x a-b');
  });

  it('split a text into sentences, not at an abbreviation a sentence goes on after', () => {
    expect(sentences('Three papers: Lewis et al. 2020 (RAG) and Borgeaud et al. 2022. Both use Wikipedia.')).toEqual([
      'Three papers: Lewis et al. 2020 (RAG) and Borgeaud et al. 2022.',
      'Both use Wikipedia.',
    ]);
    expect(sentences('Pick a light one, e.g. the XPS 13 vs. the Air. Done!')).toEqual(['Pick a light one, e.g. the XPS 13 vs. the Air.', 'Done!']);
    expect(sentences('Neem een merk, bijv. Bosch. Klaar.')).toEqual(['Neem een merk, bijv. Bosch.', 'Klaar.']);
    // With `capitalNext`, only before a capital.
    expect(sentences('It costs 3.50 euros. see p. 4. The end.', true)).toEqual(['It costs 3.50 euros. see p. 4.', 'The end.']);
    // "etc." may end one.
    expect(sentences('Pens, paper etc. The rest is free.')).toEqual(['Pens, paper etc.', 'The rest is free.']);
  });
});
